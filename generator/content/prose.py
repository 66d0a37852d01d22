"""Markdown chapters: data inserted with Jinja, parsed by python-markdown into a tree.

Numbers that come from data are written in the prose as Jinja expressions (`{{ goal }}`), so
they are never typed twice. The parsed ElementTree, not HTML text, is what renderers walk:
the PDF turns it into flowables, the HTML edition can serialise it.
"""

from __future__ import annotations

import functools
import html
import re
import threading
import traceback
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import jinja2.exceptions
import markdown
from markdown.extensions import Extension
from markdown.extensions.admonition import AdmonitionExtension
from markdown.extensions.attr_list import AttrListExtension
from markdown.extensions.sane_lists import SaneListExtension
from markdown.extensions.tables import TableExtension, TableProcessor
from markdown.extensions.toc import slugify
from markdown.inlinepatterns import AUTOMAIL_RE, ENTITY_RE, InlineProcessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from generator.core.typography import curl_tree
from generator.content.textfile import read_text
from generator.errors import ContentError, Location
from generator.content.glyphs import PRINTABLE_TEXT, unprintable
from generator.content.limits import MAX_LIST_DEPTH, MAX_TABLE_COLUMNS
from generator.content.sandbox import ContentEnvironment

#: An abbreviation as it stands in running text: two to six capitals.
ABBREVIATION = re.compile(r"(?<![\w#-])([A-ZÁÉÍÓÚÑ]{2,6})(?![\w-])")
#: A ruling cited by its id, like R07.
RULING_REFERENCE = re.compile(r"(?<![\w#-])(R\d{2})(?![\w-])")
#: Where an example's box, a figure or (in the dossier, `scenario_list`) a scenario played
#: out goes, as written by the `example()`/`figure()` helpers.
MARKER = re.compile(r"\[\[(example|figure|scenario):([a-z0-9-]+)\]\]")
#: A link to a place in the book: inline `[text](#id)` or a reference definition `[r]: #id`.
CROSS_REFERENCE = re.compile(r"\]\(#([^)\s]+)\)|^\s{0,3}\[[^\]]+\]:\s*<?#([^\s>]+)")
CODE_SPAN = re.compile(r"`[^`]*`")
#: Where a link or an image leads (`](address)`, `<scheme:address>`, a reference definition's
#: `[label]: address`): no words of the text. A renderer links no abbreviation or ruling id in
#: it, so the checks that read the text's words (`RenderedProse.words`) leave it out too.
LINK_ADDRESS = re.compile(r"(\])\([^)]*\)|<[A-Za-z][A-Za-z0-9+.-]*:[^>\s]*>|<[^>\s@]+@[^>\s]+>"
                          r"|^(\s{0,3}\[[^\]]+\]:).*$")


@dataclass
class RenderedProse:
    """A chapter's Markdown after Jinja, with the lines kept for error messages."""

    file: Path
    text: str
    _lines: list[tuple[int, str]] | None = field(default=None, init=False, repr=False,
                                                 compare=False)
    _words: list[tuple[int, str]] | None = field(default=None, init=False, repr=False,
                                                 compare=False)

    def lines(self) -> list[tuple[int, str]]:
        """(number, text) of each line, code spans left out: split once, read by each check
        of the prose (lengths, cross-references, abbreviations, rulings, images)."""
        if self._lines is None:
            self._lines = [(number, CODE_SPAN.sub("", line))
                           for number, line in enumerate(self.text.splitlines(), start=1)]
        return self._lines

    def words(self) -> list[tuple[int, str]]:
        """`lines`, without where links and images lead (`LINK_ADDRESS`): what the
        abbreviation and ruling checks read (`[m](HTTPS://EXAMPLE.ORG)` holds no HTTPS)."""
        if self._words is None:
            self._words = [(number, LINK_ADDRESS.sub(r"\1\2", line))
                           for number, line in self.lines()]
        return self._words


# Jinja's `{# #}` comments would swallow Markdown's `{#id}` heading ids. The environment is
# the bounded sandbox: content is data, never code (see `sandbox`).
_ENV = ContentEnvironment(keep_trailing_newline=True, autoescape=False,
                          comment_start_string="<!--#", comment_end_string="#-->")
_SYNTAX = ("{{", "{%", "<!--#")


def has_template_syntax(text: str) -> bool:
    return any(mark in text for mark in _SYNTAX)


#: What a refusal expects instead.
SANDBOXED = "only the book's data names and helpers (content templates run in a sandbox)"


class TemplateRefused(ValueError):
    """A text's template did something the sandbox refuses."""


def render_string(text: str, context: dict[str, Any]) -> str:
    """Data names in a short text (a card line); any problem is a ValueError to place."""
    if not has_template_syntax(text):  # most texts: nothing to compile, nothing to run
        return text
    try:
        rendered = _ENV.render_bounded(_compiled(None, text), context)
    except jinja2.exceptions.SecurityError as exc:
        raise TemplateRefused(f"template refused: {_refusal(exc)}") from None
    except jinja2.TemplateSyntaxError as exc:
        message, expected, _ = _syntax_problem(exc, text, "the text's line")
        raise ValueError(f"template error: {message}" + (f"; expected {expected}" if expected
                                                         else "")) from None
    except jinja2.TemplateError as exc:
        raise ValueError(f"template error: {_describe(exc)}") from None
    except (ValueError, ContentError):
        raise
    except Exception as exc:  # a helper called with bad arguments, a recursion too deep
        raise ValueError(f"template error: {_describe(exc)}") from None
    problem = unprintable(rendered)
    if problem:  # the template made it ("{{ '\\x07' }}"): the text itself was checked
        raise ValueError(f"{problem[1]} in the text, made by the template; expected "
                         f"{PRINTABLE_TEXT}")
    return rendered


def _refuse_typed_markers(file: Path, source: str) -> None:
    """`[[example:id]]` is what {{ example("id") }} leaves for the renderers: typed by hand
    it would name a box or figure the checks never saw."""
    found = MARKER.search(source)
    if found:
        line = source.count("\n", 0, found.start()) + 1
        raise ContentError(Location(file, line), f"{found.group(0)} is written by the book "
                           "itself", f'{{{{ {found.group(1)}("{found.group(2)}") }}}}')


def render_template(file: Path, context: dict[str, Any]) -> RenderedProse:
    """Run Jinja over one chapter; an unknown name, a syntax slip or anything the sandbox
    refuses is a ContentError at the chapter's line."""
    source = read_text(file, "chapter file not found")
    _refuse_typed_markers(file, source)
    env = _ENV
    try:
        template = _compiled(str(file), source)
        text = env.render_bounded(template, context)
    except jinja2.TemplateSyntaxError as exc:
        message, expected, line = _syntax_problem(exc, source)
        raise ContentError(Location(file, line), f"template error: {message}", expected) from None
    except jinja2.exceptions.SecurityError as exc:
        line = getattr(exc, "lineno", None) or _template_line(exc)
        raise ContentError(Location(file, line), f"template refused: {_refusal(exc)}",
                           SANDBOXED) from None
    except TemplateRefused as exc:  # in a YAML text that the chapter prints
        raise ContentError(Location(file, _template_line(exc)), str(exc), SANDBOXED) from None
    except jinja2.UndefinedError as exc:
        problem, expected = _undefined(exc, context, source)
        raise ContentError(Location(file, _template_line(exc)), problem, expected) from None
    except ContentError:
        raise
    except Exception as exc:  # a helper called with bad arguments from the prose
        raise ContentError(Location(file, _template_line(exc)),
                           f"template error: {_describe(exc)}") from None
    problem = unprintable(text)
    if problem:  # typed, or made by the template (glyphs.UNPRINTABLE)
        where, what = problem
        raise ContentError(Location(file, text.count("\n", 0, where) + 1), f"{what} in the text",
                           PRINTABLE_TEXT)
    return RenderedProse(file, text)


@functools.lru_cache(maxsize=1024)
def _compiled(file: str | None, source: str) -> jinja2.Template:
    """A chapter's template (or, with no `file`, a short text's: a card line, a caption),
    compiled once per process for each text (Jinja's compiler is the slow half of a
    render): `rulebook watch` compiles again only the chapter saved, and a book renders the
    same lines for its PDF, HTML, cards and dossier. A compiled template keeps no state
    between renders; one with a syntax error raises every time (an exception is not
    cached)."""
    # named by its file, as a loader would name it: a helper that needs to know which
    # chapter calls it reads the render's `name` (conformance_table: in the dossier?)
    code = _ENV.compile(source, name=file, filename=file)
    return _ENV.template_class.from_code(_ENV, code, _ENV.make_globals(None))


_NO_ATTRIBUTE = re.compile(r"^'(?:[\w.]+\.)?(\w+) object' has no attribute '([^']+)'$")
#: Where a name under an object of the book's data is written, for the hint.
_WHERE_DEFINED = {"game": "a {attr}: line under game: in components.yaml",
                  "res": "the id of a resource under resources: in components.yaml",
                  "bld": "the id of a building under buildings: in components.yaml",
                  "exp": "the id of an expansion under expansions: in components.yaml",
                  "decks": "the id of a deck under decks: in print.yaml"}


def _undefined(exc: jinja2.UndefinedError, context: dict[str, Any],
               source: str = "") -> tuple[str, str]:
    """An unknown name, said in the chapter's own words: `game.rounds`, not "GameParameters
    object has no attribute", with the names the book does define there. Jinja names only
    the type of what lacked the name ("'dict object' has no attribute 'piedra'"), so of the
    data names of that type the one the chapter writes before the name is the owner."""
    message = exc.message or "undefined name"
    found = _NO_ATTRIBUTE.match(message)
    if found is None:
        bare = _UNDEFINED.match(message)
        owner = _owner_of(bare.group(1), context) if bare else None
        if owner is not None:  # `{{ hand }}` for `{{ game.hand }}`
            return (f"unknown data name '{bare.group(1)}': did you mean "
                    f"{owner}.{bare.group(1)}?", f"{owner}.{bare.group(1)}: a name the book's "
                    f"{owner} holds is written after it")
        return f"unknown data name: {message}", "a name defined by the book's YAML files"
    kind, attr = found.groups()
    owners = [name for name, value in context.items() if type(value).__name__ == kind]
    dotted = [name for name in owners
              if re.search(rf"\b{name}\s*\.\s*{re.escape(attr)}\b", source)]
    indexed = [name for name in owners
               if re.search(rf"""\b{name}\s*\[\s*(['"]){re.escape(attr)}\1\s*\]""", source)]
    owner = (dotted or indexed or owners or [None])[0]
    if owner is None:
        return f"unknown data name: {message}", "a name defined by the book's YAML files"
    known = sorted(_names_in(context[owner]))
    hint = _WHERE_DEFINED.get(owner, "a name defined by the book's YAML files").format(attr=attr)
    named = f"{owner}.{attr}" if owner in dotted else f'{owner}["{attr}"]'
    return (f"unknown data name: {named} is not defined (the book's {owner} has "
            f"{', '.join(known) or 'no values'})", hint)


#: Jinja's word for a bare name the context lacks: "'hand' is undefined".
_UNDEFINED = re.compile(r"^'([A-Za-z_][A-Za-z0-9_]*)' is undefined$")


def _owner_of(name: str, context: dict[str, Any]) -> str | None:
    """The data name that holds `name` (a game parameter in `game`, a resource id in
    `res`…), if exactly one does."""
    owners = [owner for owner, value in context.items()
              if not callable(value) and name in _names_in(value)]
    return owners[0] if len(owners) == 1 else None


def _names_in(value: Any) -> set[str]:
    """The names a data name holds: a mapping's keys (res, bld, exp: the ids of the book's
    components), or the fields the book itself set on an object (game's parameters)."""
    if isinstance(value, Mapping):
        return {str(key) for key in value}
    fields = getattr(type(value), "__pydantic_fields__", {})
    return {name for name, item in getattr(value, "__dict__", {}).items()
            if not name.startswith("_") and item != getattr(fields.get(name), "default", None)}


def _describe(exc: BaseException) -> str:
    """One line for an exception from inside a template: its message, or its kind (also for
    a message that is only a repr, such as decimal's "[<class 'decimal.InvalidOperation'>]")."""
    text = " ".join(str(exc).split())
    return type(exc).__name__ if not text or text.startswith(("<", "[<")) else text


#: The statements that open a block the template must close; those of the others that would
#: are refused by the sandbox.
_BLOCKS = ("if", "for", "with")
#: Jinja's words for a tag met where the open blocks do not allow it, and for a text that
#: ends inside a block.
_UNEXPECTED_TAG = re.compile(r"Encountered unknown tag '(end\w+|else|elif)'")
_UNCLOSED = "Unexpected end of template"


def _syntax_problem(exc: jinja2.TemplateSyntaxError, source: str,
                    where: str = "line") -> tuple[str, str | None, int | None]:
    """(message, expected, line) of a syntax error. A slip in the nesting of blocks is said
    with the line of the block it concerns, which Jinja leaves out: a block never closed is
    located where it opens (Jinja names the end of the text, or the last block it closed)."""
    message = re.sub(r" at \d+$", "", exc.message or "invalid template")  # a char offset
    tag = _UNEXPECTED_TAG.match(message)
    unended = _unclosed_opener(source)
    if unended and unended[1] != exc.lineno:  # `{{ x` and the rest of the text after it
        opener, line = unended
        return (f"the {opener} of {where} {line} is not closed ({message} at {where} "
                f"{exc.lineno})", f"{'}}' if opener == '{{' else '%}'} to close it", line)
    if tag is None and not message.startswith(_UNCLOSED):
        return message, None, exc.lineno
    opened = _open_blocks(source, (exc.lineno, tag.group(1)) if tag else None)
    if tag is None:
        if not opened:
            return message, None, exc.lineno
        name, line = opened[-1]
        return (f"the {{% {name} %}} of {where} {line} is never closed",
                f"{{% end{name} %}} after it", line)
    if opened:
        name, line = opened[-1]
        return (f"{{% {tag.group(1)} %}} while the {{% {name} %}} of {where} {line} is still "
                f"open", f"{{% end{name} %}} before it", exc.lineno)
    return (f"{{% {tag.group(1)} %}} belongs to no open block", "the {% if %} or {% for %} "
            "it belongs to before it, or no such tag", exc.lineno)


def _unclosed_opener(source: str) -> tuple[str, int] | None:
    """The `{{` or `{%` (and its line) that the tokens of `source`, as far as they can be
    read, leave open."""
    open_ = None
    for line, kind, value in _tokens(source):
        if kind in ("variable_begin", "block_begin"):
            open_ = (value.strip("-+"), line)
        elif kind in ("variable_end", "block_end"):
            open_ = None
    return open_


def _tokens(source: str) -> list[tuple[int, str, str]]:
    """Jinja's tokens of `source`, as far as they can be read."""
    tokens: list[tuple[int, str, str]] = []
    try:
        for token in _ENV.lex(source):
            tokens.append(token)
    except jinja2.TemplateSyntaxError:  # a slip of its own, further on
        pass
    return tokens


def _open_blocks(source: str, stop: tuple[int, str] | None) -> list[tuple[str, int]]:
    """(name, line) of the blocks open, innermost last, at `stop` (the line and the name of
    the tag met there) or at the end of `source`, read from Jinja's own tokens."""
    opened: list[tuple[str, int]] = []
    tokens = iter(_tokens(source))
    for line, kind, _ in tokens:
        if kind != "block_begin":
            continue
        line, kind, name = next((t for t in tokens if t[1] != "whitespace"), (0, "", ""))
        if stop is not None and (line, name) == stop:
            break
        if name in _BLOCKS:
            opened.append((name, line))
        elif name.startswith("end") and opened and opened[-1][0] == name[3:]:
            opened.pop()
    return opened


def _refusal(exc: BaseException) -> str:
    """What the sandbox refused, without Jinja's closing full stop (a located line goes on)."""
    return _describe(exc).rstrip(".")


def check_templates(doc, items, fields: tuple[str, ...], context: dict[str, Any]) -> None:
    """Render the templates in a YAML file's texts once, at load time, so that a refused or
    broken one is reported at its own line (they print later, inside a chapter): `items` is
    a list of records with `fields`, or a mapping of texts (its keys are the path)."""
    if doc is None:
        return
    if isinstance(items, dict):
        texts = [((key,), text) for key, text in items.items()]
    else:
        texts = [((i, field), getattr(item, field)) for i, item in enumerate(items)
                 for field in fields]
    for path, text in texts:
        if isinstance(text, str) and ("{{" in text or "{%" in text):
            try:
                render_string(text, context)
            except ValueError as exc:
                expected = SANDBOXED if isinstance(exc, TemplateRefused) else None
                raise doc.error(path, str(exc), expected) from None


def _template_line(exc: BaseException) -> int | None:
    """Jinja rewrites tracebacks so template frames carry the template's line numbers."""
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename in ("<template>",) or frame.filename.endswith(".md"):
            line = frame.lineno
    return line


class _KeepTree(Treeprocessor):
    """Keeps the finished tree: renderers want structure, not serialised HTML.

    python-markdown stores code spans and blocks already HTML-escaped (it expects to write
    HTML text); the tree's renderers escape what they write, so the code's text is turned
    back into what was typed here, and is escaped exactly once, by each renderer."""

    def run(self, root: ET.Element) -> None:
        for code in root.iter("code"):
            if code.text:
                code.text = AtomicString(_unescape_code(code.text))
        self.md.captured_tree = root


class _Typeset(Treeprocessor):
    """Typographer's quotes for both editions (typography.py), once python-markdown has put
    back the characters escaped with a backslash (its `unescape` step): `\\("A")` opens."""

    def run(self, root: ET.Element) -> None:
        curl_tree(root)


def _unescape_code(text: str) -> str:
    """The inverse of python-markdown's `code_escape` (which escapes &, < and >)."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


class _Entity(InlineProcessor):
    """`&copy;`, `&#60;`: the character itself, as text (python-markdown would stash the
    entity as raw HTML, which this tree never receives)."""

    def handleMatch(self, m: re.Match, data: str):
        return AtomicString(html.unescape(m.group(1))), m.start(0), m.end(0)


class _Automail(InlineProcessor):
    """`<name@example.org>`: a plain mailto link (python-markdown's obfuscates the address
    with entities that only its HTML serialiser would resolve)."""

    def handleMatch(self, m: re.Match, data: str):
        address = m.group(1).removeprefix("mailto:")
        link = ET.Element("a", {"href": f"mailto:{address}"})
        link.text = AtomicString(address)
        return link, m.start(0), m.end(0)


class _Table(TableProcessor):
    """python-markdown's table, but a row with more cells than its header is not cut to the
    header's width in silence (its last cells would print nowhere): it is kept in
    `md.long_rows`, for `parse_markdown` to refuse at its line."""

    def _build_row(self, row: str, parent: ET.Element, align) -> None:
        cells = len(self._split_row(row))
        if cells > len(align):
            self.parser.md.long_rows.append((row, cells, len(align)))
        if len(align) > MAX_TABLE_COLUMNS:  # (its header's row is built first)
            self.parser.md.wide_tables.append((row, len(align)))
        super()._build_row(row, parent, align)


class _KeepTreeExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # Raw HTML in content is shown as text, never passed through: nothing typed in a
        # content file can inject markup into the PDF or the HTML edition.
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.inlinePatterns.register(_Entity(ENTITY_RE, md), "entity", 80)
        md.inlinePatterns.register(_Automail(AUTOMAIL_RE, md), "automail", 110)
        md.treeprocessors.register(_KeepTree(md), "keep_tree", 1)
        md.treeprocessors.register(_Typeset(md), "typeset", -1)  # after "unescape" (0)
        md.parser.blockprocessors.register(_Table(md.parser, {"use_align_attribute": False}),
                                           "table", 75)  # in place of TableExtension's


_parsers = threading.local()


def _markdown() -> markdown.Markdown:
    """One parser per thread, reset between chapters: building its extensions and patterns
    costs more than parsing a short chapter. The extensions are python-markdown's own, given
    as objects: named, each would be looked up among every installed package's entry points."""
    md = getattr(_parsers, "md", None)
    if md is None:
        md = _parsers.md = markdown.Markdown(extensions=[
            TableExtension(), AttrListExtension(), AdmonitionExtension(), SaneListExtension(),
            _KeepTreeExtension()])
        md.serializer = _no_html
    md.reset()
    md.captured_tree = None
    md.long_rows = []
    md.wide_tables = []
    return md


def _no_html(root: ET.Element) -> str:
    """The tree is what is kept (`_KeepTree`), so python-markdown's last step, writing it out
    as HTML text for the caller to throw away, is left out: an empty document instead, which
    its post-processors pass through (a tenth of a chapter's parse)."""
    return "<div></div>"


def parse_markdown(prose: RenderedProse) -> ET.Element:
    md = _markdown()
    md.convert(prose.text)
    for row, cells, header in md.long_rows:
        line = next((n for n, text in enumerate(prose.text.splitlines(), start=1)
                     if text.strip() == row.strip()), None)
        most = f"{header} cell" + ("s" if header > 1 else "")
        raise ContentError(Location(prose.file, line), f"a table row of {cells} cells under a "
                           f"header of {header}: the cells past the header's would print "
                           "nowhere", f"at most {most} in each row, or a column more in "
                           "the header")
    for row, columns in md.wide_tables[:1]:
        raise ContentError(Location(prose.file, _line_of(prose, row)), f"a table of "
                           f"{columns:,} columns: a page's width shared by so many leaves "
                           "each too narrow to print in", f"at most {MAX_TABLE_COLUMNS} "
                           "columns (split it into tables of fewer)")
    tree = getattr(md, "captured_tree", None)  # none for a text of blank lines only
    if tree is None:
        tree = ET.Element("div")
    _refuse_deep_lists(prose, tree)
    return tree


def _line_of(prose: RenderedProse, text: str) -> int | None:
    """The line of the rendered chapter that is `text` (stripped), if one is."""
    return next((n for n, line in enumerate(prose.text.splitlines(), start=1)
                 if line.strip() == text.strip()), None)


def _refuse_deep_lists(prose: RenderedProse, tree: ET.Element) -> None:
    """A list more than MAX_LIST_DEPTH lists deep is an error at its first item's line:
    each level is indented by the list's indent, and past a page's width nothing is left
    to print in."""
    def deepest(element: ET.Element, depth: int):
        for child in element:
            inside = depth + (child.tag in ("ul", "ol"))
            if inside > MAX_LIST_DEPTH:
                return child
            found = deepest(child, inside)
            if found is not None:
                return found
        return None
    found = deepest(tree, 0)
    if found is None:
        return
    words = next(("".join(li.itertext()).strip().splitlines() for li in found.iter("li")), [])
    line = next((n for n, text in enumerate(prose.text.splitlines(), start=1)
                 if words and words[0] and text.strip().endswith(words[0].strip())
                 and re.match(r"\s+([-*+]|\d+[.)])\s", text)), None)
    raise ContentError(Location(prose.file, line), f"a list inside {MAX_LIST_DEPTH} others "
                       f"({MAX_LIST_DEPTH + 1} deep)", f"lists at most {MAX_LIST_DEPTH} deep")


def placed(element: ET.Element) -> tuple[str, str] | None:
    """(kind, id) of the example box, figure or scenario that `element`, a block at the top
    of a chapter's tree, places: a paragraph holding `[[example:id]]` (or `figure`,
    `scenario`) alone, what `{{ example("id") }}` on a line of its own makes. This decides
    for the loader's checks and for both renderers where a box goes: a marker anywhere else
    (in a note, a list, a table or a sentence) places nothing, and the loader refuses it at
    its line."""
    if element.tag != "p" or len(element):
        return None
    found = MARKER.fullmatch((element.text or "").strip())
    return (found.group(1), found.group(2)) if found else None


def placements(tree: ET.Element) -> list[tuple[str, str]]:
    """(kind, id) of every box and figure a chapter's tree places, in reading order."""
    return [found for element in tree if (found := placed(element))]


def heading_anchor(element: ET.Element, chapter_id: str) -> str:
    """H1 takes the chapter's id; other headings an explicit {#id} or a slug of their text."""
    if element.tag == "h1":
        return chapter_id
    return element.get("id") or slugify(text_of(element), "-")


def text_of(element: ET.Element) -> str:
    return "".join(element.itertext()).strip()
