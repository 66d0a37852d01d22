"""Characters the book's typefaces can print.

A character missing from a TrueType font prints as an empty box, silently, wherever it
falls; a reader finds it in print. The books are set in Source Serif Pro (text) and Source
Sans Pro (labels, tables, figures), so a character either face lacks is refused where it was
typed, with its file and line, when the book is read (`check` and `build` alike).

The fonts' character maps are read with ReportLab's TrueType parser (the same files the PDF
embeds, from the font packages on PyPI), once per process, and only when a text has a
character outside COMMON: most books never need them read, and `rulebook check` stays quick.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from functools import cache
from pathlib import Path

from ..errors import ContentError, Location

FONTS = "Source Serif Pro and Source Sans Pro"
#: The font packages (imported when their maps are first read) and their files.
_FILES = (("font_source_serif_pro", "SourceSerifPro-Regular.ttf"),
          ("font_source_sans_pro", "SourceSansPro-Regular.ttf"))


#: Characters both faces are known to have (Latin-1 and the usual dashes, quotes, ellipsis,
#: bullet and arrows); a test checks this against the fonts themselves.
COMMON = frozenset(
    [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA0, 0x100)]
    + list("\t\n\r\u200b\ufeff‒–—―‘’‚“”„†‡•…‰′″‹›→"))


@cache
def printable() -> frozenset[str]:
    """Every character both faces have, and the white space that is never drawn."""
    from reportlab.pdfbase.ttfonts import TTFontFile
    maps = [set(TTFontFile(str(Path(importlib.import_module(package).__file__).parent
                               / "files" / name)).charToGlyph)
            for package, name in _FILES]
    common = set.intersection(*maps)
    return frozenset(chr(c) for c in common) | frozenset("\t\n\r \u00a0\u200b\ufeff")


#: A character outside COMMON: a file without one has nothing to look up (nearly every file).
_UNCOMMON = re.compile("[^" + "".join(sorted(map(re.escape, COMMON))) + "]")


def check_file(file: Path, text: str) -> None:
    """Refuse the first character of `file` (its `text`) that can print and the fonts lack;
    the text is searched whole first, and line by line only when it has something uncommon."""
    if _UNCOMMON.search(text):
        check_glyphs(file, text_lines(file, text))


def check_glyphs(file: Path, lines: list[tuple[int, str]]) -> None:
    """Refuse the first character of `lines` ((number, text) of `file`) the fonts lack."""
    for number, line in lines:
        missing = set(line) - COMMON
        if missing:
            missing -= printable()
        if missing:
            char = min(missing, key=line.index)
            name = unicodedata.name(char, "unnamed character").lower()
            raise ContentError(Location(file, number),
                               f"'{char}' (U+{ord(char):04X}, {name}) is not in the book's "
                               f"fonts ({FONTS}) and would print as an empty box",
                               "a character the fonts have, or words for it")


def text_lines(file: Path, text: str) -> list[tuple[int, str]]:
    """The lines of a content file that can print: YAML comment lines and Markdown HTML
    comments are left out (a note to oneself may hold any character)."""
    comment = "#" if file.suffix == ".yaml" else "<!--"
    return [(n, line) for n, line in enumerate(text.splitlines(), start=1)
            if not line.lstrip().startswith(comment)]
