"""What a card line may say in markup, checked when the book is read.

Card lines are set by ReportLab's paragraph parser when the cards are drawn; a line it cannot
parse would stop the build after the rulebook was made. The line is checked here instead,
against the small set of inline tags a card prints, with the standard library's XML parser:
reading a book must not need the PDF library (`rulebook check` stays quick), and an allow-list
says more to a designer than "the parser failed".
"""

from __future__ import annotations

import html.entities
import re
import xml.etree.ElementTree as ET

from generator.core.typography import TAG

#: The inline tags a card line may use, all of which ReportLab's paragraphs set.
TAGS = ("b", "i", "u", "strike", "sup", "sub", "br")
EXPECTED = "<b>…</b> and <i>…</i> closed in the line"

_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}
#: An ampersand or a less-than sign that starts no entity or tag is text, as ReportLab reads it.
_BARE_AMPERSAND = re.compile(r"&(?![A-Za-z][A-Za-z0-9]*;|#[0-9]+;|#x[0-9A-Fa-f]+;)")
_BARE_LESS_THAN = re.compile(r"<(?![A-Za-z/])")


def markup_problem(line: str) -> str | None:
    """Why `line` is not card markup, or None when it is.

    Named HTML entities (`&nbsp;`, `&mdash;`) and a lone `&` or `<` are accepted as ReportLab
    accepts them; an unknown entity is a problem, as is any tag outside TAGS, any attribute,
    and tags that do not nest.
    """
    if "<" not in line and "&" not in line:
        return None
    unknown = [name for name in _ENTITY.findall(line)
               if name not in _XML_ENTITIES and name not in html.entities.name2codepoint]
    if unknown:
        return f"unknown entity &{unknown[0]};"
    for tag in TAG.finditer(line):
        name, rest = tag.group(1), tag.group(2).strip()
        if name not in TAGS:
            return f"<{name}> is not a tag a card prints (only {', '.join(TAGS)})"
        if rest not in ("", "/"):
            return f"<{name}> takes no attributes"
    try:
        ET.fromstring(f"<line>{card_xml(line)}</line>")
    except ET.ParseError as exc:
        return _parse_problem(exc)
    return None


def card_xml(line: str) -> str:
    """A card line (checked by `markup_problem`) as XML, read as ReportLab reads it: a lone
    `&` or `<` is text, a named HTML entity the character it names (as a numeric one). For
    whatever reads a card line as a tree: the check above, the HTML edition's links."""
    line = _BARE_LESS_THAN.sub("&lt;", _BARE_AMPERSAND.sub("&amp;", line))
    return _ENTITY.sub(lambda m: m.group(0) if m.group(1) in _XML_ENTITIES
                       else f"&#{html.entities.name2codepoint[m.group(1)]};", line)


def _parse_problem(exc: ET.ParseError) -> str:
    """The parser's complaint without its offsets, which count from the wrapper element."""
    message = str(exc).split(":", 1)[0]
    return {"mismatched tag": "a tag closed that was not open, or left open",
            "no element found": "a tag left open",
            "not well-formed (invalid token)": "a stray < or &"}.get(message, message)


def printed_text(line: str) -> str:
    """What a card line (checked by `markup_problem`) prints: its text without its tags, its
    entities as the characters they stand for (the fonts must have those, glyphs.py)."""
    return "".join(ET.fromstring(f"<line>{card_xml(line)}</line>").itertext())
