"""Typographer's quotes for text typed on a keyboard.

Content files are typed with the keyboard's straight marks (`'` and `"`); a printed book sets
the apostrophe as ’ and quotation marks as “…” and ‘…’ (in Spanish, «…» first and “…” inside
them, which writers already type as « » and " "). Done once, on the Markdown tree that both
the PDF and the HTML edition are made from (`content/prose.py`), so the two editions cannot
differ, and never inside code, where a straight mark is what is meant. Texts that are not
Markdown (titles, notes and captions from YAML, card lines) get the same `curl` where the
renderers set them (pdf/story.py `prose`, the HTML's `typeset` and `terms` filters,
sheets/faces.py).

Which way a mark turns is read from the character before it, as typesetters' "smart quotes"
do: after a space, an opening bracket, a dash or another opening mark it opens; anywhere else
it closes, and a `'` between letters is an apostrophe (the same character as a closing ’).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

#: Characters after which a quotation mark opens.
_OPENING = r"\s(\[{«“‘—–/¿¡\-"
_DOUBLE_OPEN = re.compile(rf'(?<=[{_OPENING}])"')
#: A `'` that opens: after an opening character and before a word or a mark (not a space),
#: but not a decade's apostrophe ('90s).
_SINGLE_OPEN = re.compile(rf"(?<=[{_OPENING}\"])'(?=[^\s\d])")
_TAG = re.compile(r"(<[^>]*>)")
#: Elements whose text is set verbatim.
VERBATIM = frozenset({"code", "pre", "kbd", "samp"})
#: Elements that start a new run of text: the mark at their start opens.
BLOCKS = frozenset({"p", "li", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6",
                    "div", "blockquote", "ul", "ol", "table", "thead", "tbody", "tr", "br"})


def curl(text: str, before: str = " ") -> str:
    """`text` with its straight quotation marks and apostrophes turned; `before` is the
    character printed just before it (a space at the start of a paragraph)."""
    if "'" not in text and '"' not in text:
        return text
    marked = before[-1:] + text
    # opening singles first (also after a straight double, which opens or is an inch mark:
    # «"'A'"»), so that a double after one opens: «'"A" dijo'»
    marked = _SINGLE_OPEN.sub("‘", marked)
    marked = _DOUBLE_OPEN.sub("“", marked).replace('"', "”").replace("'", "’")
    return marked[len(before[-1:]):]


def curl_markup(markup: str) -> str:
    """`curl` on the text of a line of simple markup (a card's `<b>…</b>`), never inside its
    tags (whose attributes are quoted)."""
    out, before = [], " "
    for piece in _TAG.split(markup):
        if piece.startswith("<"):
            out.append(piece)
        elif piece:
            piece = curl(piece, before)
            out.append(piece)
            before = piece[-1]
        if piece.startswith("<br"):  # a new line: a mark after it opens, as after a block
            before = " "
    return "".join(out)


def curl_tree(root: ET.Element) -> None:
    """Every text of `root` curled in reading order, each knowing the character printed
    before it (`**"A**"`: the mark after the bold word closes). Keeps the text's own type
    (python-markdown's AtomicString, which later passes must not parse again)."""
    _curl_element(root, " ")


def _curl_element(element: ET.Element, before: str) -> str:
    """Curls `element`'s text and children; returns the last character it prints."""
    if element.tag in BLOCKS:
        before = " "
    if element.tag in VERBATIM:
        text = "".join(element.itertext())
        return text[-1:] or before
    if element.text:
        element.text = _same_type(element.text, curl(element.text, before))
        before = element.text[-1:] or before
    for child in element:
        before = _curl_element(child, before)
        if child.tail:
            child.tail = _same_type(child.tail, curl(child.tail, before))
            before = child.tail[-1:] or before
    return " " if element.tag in BLOCKS else before


def _same_type(original: str, new: str) -> str:
    return new if type(original) is str else type(original)(new)
