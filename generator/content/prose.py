"""Markdown chapters: data inserted with Jinja, parsed by python-markdown into a tree.

Numbers that come from data are written in the prose as Jinja expressions (`{{ goal }}`), so
they are never typed twice. The parsed ElementTree, not HTML text, is what renderers walk:
the PDF turns it into flowables, the HTML edition can serialise it.
"""

from __future__ import annotations

import re
import traceback
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import markdown
from markdown.extensions import Extension
from markdown.extensions.toc import slugify
from markdown.treeprocessors import Treeprocessor

from ..errors import ContentError, Location

#: An abbreviation as it stands in running text: two to six capitals.
ABBREVIATION = re.compile(r"(?<![\w#-])([A-ZÁÉÍÓÚÑ]{2,6})(?![\w-])")
#: A ruling cited by its id, like R07.
RULING_REFERENCE = re.compile(r"(?<![\w#-])(R\d{2})(?![\w-])")
#: Where an example's box or a figure goes, as written by the `example()`/`figure()` helpers.
MARKER = re.compile(r"\[\[(example|figure):([a-z0-9-]+)\]\]")
CROSS_REFERENCE = re.compile(r"\]\(#([^)\s]+)\)")
CODE_SPAN = re.compile(r"`[^`]*`")


@dataclass
class RenderedProse:
    """A chapter's Markdown after Jinja, with the lines kept for error messages."""

    file: Path
    text: str

    def lines(self):
        for number, line in enumerate(self.text.splitlines(), start=1):
            yield number, CODE_SPAN.sub("", line)


# Jinja's `{# #}` comments would swallow Markdown's `{#id}` heading ids.
_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                          autoescape=False, comment_start_string="<!--#",
                          comment_end_string="#-->")


def render_string(text: str, context: dict[str, Any]) -> str:
    """Data names in a short text (a card line); any problem is a ValueError to place."""
    try:
        return _ENV.from_string(text).render(**context)
    except jinja2.TemplateError as exc:
        raise ValueError(f"template error: {exc}") from None


def render_template(file: Path, context: dict[str, Any]) -> RenderedProse:
    """Run Jinja over one chapter; an unknown name or a syntax slip is a ContentError."""
    try:
        source = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(Location(file), "chapter file not found") from None
    env = _ENV
    try:
        template = env.from_string(source)
        template.filename = str(file)
        text = template.render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise ContentError(Location(file, exc.lineno), f"template error: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise ContentError(Location(file, _template_line(exc)),
                           f"unknown data name: {exc.message}",
                           "a name defined by the book's YAML files") from None
    except ContentError:
        raise
    except Exception as exc:  # a helper called with bad arguments from the prose
        raise ContentError(Location(file, _template_line(exc)), f"template error: {exc}") from None
    return RenderedProse(file, text)


def _template_line(exc: BaseException) -> int | None:
    """Jinja rewrites tracebacks so template frames carry the template's line numbers."""
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename in ("<template>",) or frame.filename.endswith(".md"):
            line = frame.lineno
    return line


class _KeepTree(Treeprocessor):
    """Keeps the finished tree: renderers want structure, not serialised HTML."""

    def run(self, root: ET.Element) -> None:
        self.md.captured_tree = root


class _KeepTreeExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # Raw HTML in content is shown as text, never passed through: nothing typed in a
        # content file can inject markup into the PDF or the HTML edition.
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_KeepTree(md), "keep_tree", 1)


def parse_markdown(prose: RenderedProse) -> ET.Element:
    md = markdown.Markdown(extensions=["tables", "attr_list", "admonition", "sane_lists",
                                       _KeepTreeExtension()])
    md.convert(prose.text)
    return md.captured_tree


def heading_anchor(element: ET.Element, chapter_id: str) -> str:
    """H1 takes the chapter's id; other headings an explicit {#id} or a slug of their text."""
    if element.tag == "h1":
        return chapter_id
    return element.get("id") or slugify(text_of(element), "-")


def text_of(element: ET.Element) -> str:
    return "".join(element.itertext()).strip()
