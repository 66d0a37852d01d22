"""Typographer's quotes for text typed on a keyboard.

Content files are typed with the keyboard's straight marks (`'` and `"`); a printed book sets
the apostrophe as ’ and quotation marks as “…” and ‘…’ (in Spanish, «…» first and “…” inside
them, which writers already type as « » and " "). Done once, on the Markdown tree that both
the PDF and the HTML edition are made from (`content/prose.py`), so the two editions cannot
differ, and never inside code, where a straight mark is what is meant. Texts that are not
Markdown (titles, notes and captions from YAML, card lines) get the same `curl` where the
renderers set them (core/typography.py `prose`, the HTML's `typeset` and `terms` filters,
sheets/faces.py); a text curled already passes through `curl` unchanged (it has no straight
mark left), so the PDF's story sets a chapter's texts through `prose` as well.

Which way a mark turns is read from the character before it, as typesetters' "smart quotes"
do: after a space, an opening bracket, a dash or another opening mark it opens; anywhere else
it closes, and a `'` between letters is an apostrophe (the same character as a closing ’).
Quotation marks nest as both languages nest them: a `"` opened inside “…” prints ‘…’ (English
“With 1 ‘A’, …”); inside «…» it prints “…” (Spanish «Con 1 “A”…»). The marks open so far are
followed through a paragraph's inline elements (`Marks`), so a quote opened before a bold word
is closed after it. A `"` outside any quotation prints “…” in either language: a Spanish
writer types the book's « » (the program's own quoted words take each language's marks from
its catalog: content/context.py `quoted`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

#: Characters after which a quotation mark opens.
_OPENING = frozenset(" \t\n\u00a0([{«“‘—–/¿¡-")
#: A tag of a line of simple markup (a card's `<b>`, `<br/>`): its name and the rest. A lone
#: `<` (`a < b`) is text. content/cardmarkup.py reads card lines with the same pattern.
TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)([^>]*)>")
#: Elements whose text is set verbatim.
VERBATIM = frozenset({"code", "pre", "kbd", "samp"})
#: Elements that start a new run of text: the mark at their start opens.
BLOCKS = frozenset({"p", "li", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6",
                    "div", "blockquote", "ul", "ol", "table", "thead", "tbody", "tr", "br"})
#: Marks typed already turned, and the opening mark each closes.
_TYPED_OPEN = frozenset("«“")
_TYPED_CLOSE = {"»": "«", "”": "“"}
#: The marks typed already turned: the only characters of a text that open or close a quote
#: it does not turn (most texts have none, so they are found, not walked to).
_TYPED = re.compile(f"[{''.join(sorted(_TYPED_OPEN | _TYPED_CLOSE.keys()))}]")
#: Every mark `curl` turns or follows; the runs between them are printed as typed.
_MARK = re.compile(f"[\"'{''.join(sorted(_TYPED_OPEN | _TYPED_CLOSE.keys()))}]")


class Marks:
    """A paragraph's text as it is printed, piece by piece: the last character printed and
    the quotation marks still open (each as printed, with whether a `"` or a `'` opened it)."""

    def __init__(self, before: str = " "):
        self.before = before[-1:] or " "
        self.open: list[tuple[str, str]] = []

    def curl(self, text: str) -> str:
        """`text` with its straight marks turned, after what was printed before it. Only the
        marks are visited; the runs between them are copied whole."""
        if "'" not in text and '"' not in text:
            self._read(text)
            return text
        out: list[str] = []
        start = 0
        for match in _MARK.finditer(text):
            i = match.start()
            if i > start:
                out.append(text[start:i])
            start = i + 1
            before = out[-1][-1] if out else self.before  # the run's end, or a mark just turned
            after = text[i + 1] if i + 1 < len(text) else " "
            ch = text[i]
            if ch == '"':
                ch = self._double(before in _OPENING)
            elif ch == "'":  # opens before a word or a mark, but not a decade ('90s)
                ch = self._single(before in _OPENING, not after.isspace() and not after.isdigit(),
                                  before.isalnum() and after.isalnum())
            else:
                self._typed(ch)
            out.append(ch)
        out.append(text[start:])
        printed = "".join(out)
        self.before = printed[-1]
        return printed

    def _double(self, opens: bool) -> str:
        if opens:
            mark = "‘" if self.open and self.open[-1][0] == "“" else "“"
            self.open.append((mark, '"'))
            return mark
        for k in range(len(self.open) - 1, -1, -1):  # the innermost a `"` opened
            if self.open[k][1] == '"':
                mark = self.open[k][0]
                del self.open[k:]
                return "’" if mark == "‘" else "”"
        return "”"

    def _single(self, after_opening: bool, before_a_mark_or_word: bool, inside_word: bool) -> str:
        if after_opening and before_a_mark_or_word:
            self.open.append(("‘", "'"))
            return "‘"
        if not inside_word and self.open and self.open[-1][1] == "'":
            self.open.pop()
        return "’"  # an apostrophe, or the close of a single

    def _typed(self, ch: str) -> None:
        if ch in _TYPED_OPEN:
            self.open.append((ch, ch))
        elif ch in _TYPED_CLOSE:
            for k in range(len(self.open) - 1, -1, -1):
                if self.open[k][0] == _TYPED_CLOSE[ch]:
                    del self.open[k:]
                    break

    def _read(self, text: str) -> None:
        """Follows the typed marks of a text printed as it is (one without straight marks, or
        code): only they change what is open."""
        for ch in _TYPED.findall(text):
            self._typed(ch)
        if text:
            self.before = text[-1]


def curl(text: str, before: str = " ") -> str:
    """`text` with its straight quotation marks and apostrophes turned; `before` is the
    character printed just before it (a space at the start of a paragraph)."""
    return Marks(before).curl(text)


def curl_markup(markup: str) -> str:
    """`curl` on the text of a line of simple markup (a card's `<b>…</b>`), never inside its
    tags (whose attributes are quoted)."""
    out, marks, done = [], Marks(), 0
    for tag in TAG.finditer(markup):
        if tag.start() > done:
            out.append(marks.curl(markup[done:tag.start()]))
        out.append(tag.group())
        if tag.group(1) == "br":  # a new line: a mark after it opens, as after a block
            marks = Marks()
        done = tag.end()
    if done < len(markup):
        out.append(marks.curl(markup[done:]))
    return "".join(out)


def curl_tree(root: ET.Element) -> None:
    """Every text of `root` curled in reading order, each knowing what was printed before
    it (`**"A**"`: the mark after the bold word closes). Keeps the text's own type
    (python-markdown's AtomicString, which later passes must not parse again)."""
    _curl_element(root, Marks())


def _curl_element(element: ET.Element, marks: Marks) -> Marks:
    """Curls `element`'s text and children; returns the marks after it."""
    if element.tag in BLOCKS:
        marks = Marks()
    if element.tag in VERBATIM:
        marks._read("".join(element.itertext()))
        return marks
    if element.text:
        element.text = _same_type(element.text, marks.curl(element.text))
    for child in element:
        marks = _curl_element(child, marks)
        if child.tail:
            child.tail = _same_type(child.tail, marks.curl(child.tail))
    return Marks() if element.tag in BLOCKS else marks


def _same_type(original: str, new: str) -> str:
    return new if type(original) is str else type(original)(new)


def prose(text: str) -> str:
    """A content file's text as paragraph markup: escaped, with typographer's quotes (a
    chapter's Markdown has them from its tree already; titles, notes and captions from YAML
    get them here)."""
    return escape(curl(text))


def one_line(text: str) -> str:
    """A content file's paragraph as plain text on one run (a sheet's head, a PDF's
    metadata): its white space squeezed, with typographer's quotes."""
    return curl(" ".join(text.split()))
