"""Characters the book's typefaces can print.

A character missing from a TrueType font prints as an empty box, silently, wherever it
falls; a reader finds it in print. The books are set in Source Serif Pro (text) and Source
Sans Pro (labels, tables, figures), so a character either face lacks is refused where it was
typed, with its file and line, when the book is read (`check` and `build` alike).

A character is checked as it prints, not only as it was typed: a YAML escape (`"\u2680"`),
an entity in a chapter (`&#x2680;`) or a template (`{{ "\u2680" }}`) makes one that no line
of the file holds, so the book's YAML values and its chapters' parsed text are checked too
(`missing_glyph`, by loader.py). And no text may hold a character that is no character at
all (`UNPRINTABLE`: control characters, half of a surrogate pair), however it got there.

The fonts' character maps are read with ReportLab's TrueType parser (the same files the PDF
embeds, from the font packages on PyPI), once per process, and only when a text has a
character outside COMMON: most books never need them read, and `rulebook check` stays quick.
A book with fonts of its own (book.yaml `fonts:`) is checked against those (`fonts_of`,
set by the loader while it reads the book): what they have prints, ♠ included, and a
character they lack is refused even if Source Serif has it. COMMON is assumed of them too:
the loader refuses a regular face that lacks a character of it.
"""

from __future__ import annotations

import contextlib
import html
import re
import unicodedata
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from generator.core.typefaces import DEFAULT
from generator.errors import ContentError, Location

FONTS = "Source Serif Pro and Source Sans Pro"


@dataclass(frozen=True)
class _Fonts:
    files: tuple[str, ...]  # the regular face of each family, whose maps are read
    named: str              # how an error names them
    held: str = ""          # what the files hold (a digest): a file saved anew is new maps


_DEFAULT = _Fonts((DEFAULT.text.regular, DEFAULT.labels.regular), FONTS)
_BOOKS_FONTS: ContextVar[_Fonts] = ContextVar("glyph_fonts", default=_DEFAULT)


@contextlib.contextmanager
def fonts_of(files: tuple[str, ...] | None, named: str = FONTS, held: str = ""):
    """The book's own regular faces (`files`, how an error `named` them, and a digest of
    what they `held`) are what prints, inside the block; None: the default ones."""
    token = _BOOKS_FONTS.set(_Fonts(tuple(files), named, held) if files else _DEFAULT)
    try:
        yield
    finally:
        _BOOKS_FONTS.reset(token)


#: Characters both faces are known to have (Latin-1 and the usual dashes, quotes, ellipsis,
#: bullet and arrows); a test checks this against the fonts themselves.
COMMON = frozenset(
    [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA0, 0x100)]
    + list("\t\n\r\u200b\ufeff‒–—―‘’‚“”„†‡•…‰′″‹›→"))


def printable() -> frozenset[str]:
    """Every character both faces of the book have, and the white space never drawn."""
    fonts = _BOOKS_FONTS.get()
    return characters_of(fonts.files, fonts.held)


@cache
def characters_of(files: tuple[str, ...], held: str = "") -> frozenset[str]:
    """Every character all of `files` (TrueType fonts; `held`: a digest of their bytes, so
    that a file saved anew is read anew) have, and the white space that is never drawn."""
    from reportlab.pdfbase.ttfonts import TTFontFile
    maps = [set(TTFontFile(file).charToGlyph) for file in files]
    common = set.intersection(*maps)
    return frozenset(chr(c) for c in common) | frozenset("\t\n\r \u00a0\u200b\ufeff")


#: A character outside COMMON: a file without one has nothing to look up (nearly every file).
_UNCOMMON = re.compile("[^" + "".join(sorted(map(re.escape, COMMON))) + "]")


#: Characters no text of a book may hold, however written (typed, a YAML escape, an entity, a
#: template): the C0 controls but tab and line breaks, DEL and the C1 controls (python-markdown
#: uses some as its own markers; XML forbids them; a terminal obeys them), and lone
#: surrogates (half of a character: no file can hold one, and writing the page fails).
UNPRINTABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
#: What a text with such a character is expected to be instead.
PRINTABLE_TEXT = "printable text (tabs and line breaks are fine)"


def unprintable(text: str) -> tuple[int, str] | None:
    """Where in `text` the first character no book may hold stands, and what it is
    ("control character U+0007")."""
    found = UNPRINTABLE.search(text)
    if found is None:
        return None
    code = ord(found.group())
    what = (f"lone surrogate U+{code:04X} (half of a character)" if 0xD800 <= code <= 0xDFFF
            else f"control character U+{code:04X}")
    return found.start(), what


def printed_by() -> tuple:
    """The regular faces the book's characters are checked against now (files, digest)."""
    fonts = _BOOKS_FONTS.get()
    return fonts.files, fonts.held


def missing_glyph(text: str) -> str | None:
    """The first character of `text` that can print and the fonts lack, if any (a book's
    own fonts are not assumed to hold COMMON: every character is looked up)."""
    fonts = _BOOKS_FONTS.get()
    if fonts is _DEFAULT:
        if not _UNCOMMON.search(text):
            return None
        missing = set(text) - COMMON
    else:
        missing = set(text)
    if missing:
        missing -= printable()
    return min(missing, key=text.index) if missing else None


def glyph_problem(char: str) -> tuple[str, str]:
    """The message and the expectation of an error about `char`, missing from the fonts."""
    name = unicodedata.name(char, "unnamed character").lower()
    return (f"'{char}' (U+{ord(char):04X}, {name}) is not in the book's fonts "
            f"({_BOOKS_FONTS.get().named}) and "
            "would print as an empty box", "a character the fonts have, or words for it")


def check_file(file: Path, text: str) -> None:
    """Refuse the first character of `file` (its `text`) that can print and the fonts lack;
    the text is searched whole first, and line by line only when it has something to."""
    if missing_glyph(text) is not None:
        check_glyphs(file, text_lines(file, text))


def check_glyphs(file: Path, lines: list[tuple[int, str]]) -> None:
    """Refuse the first character of `lines` ((number, text) of `file`) the fonts lack."""
    for number, line in lines:
        char = missing_glyph(line)
        if char is not None:
            raise ContentError(Location(file, number), *glyph_problem(char))


def check_printed(file: Path, text: str, lines: list[tuple[int, str]]) -> None:
    """Refuse the first character of `text`, what a chapter prints (its parsed tree's text:
    entities decoded, templates run), that the fonts lack; at the first of `lines` (the
    chapter's rendered lines) that holds it, itself or as an entity."""
    char = missing_glyph(text)
    if char is None:
        return
    line = next((number for number, written in lines
                 if char in written or (("&" in written) and char in html.unescape(written))),
                None)
    raise ContentError(Location(file, line), *glyph_problem(char))


def text_lines(file: Path, text: str) -> list[tuple[int, str]]:
    """The lines of a content file that can print: YAML comment lines are left out (a note
    to oneself may hold any character). A chapter has no such lines: raw HTML, an HTML
    comment too, is shown as text (prose.py), so it prints."""
    if file.suffix != ".yaml":
        return list(enumerate(text.splitlines(), start=1))
    return [(n, line) for n, line in enumerate(text.splitlines(), start=1)
            if not line.lstrip().startswith("#")]
