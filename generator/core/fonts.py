"""The book's typefaces, registered with ReportLab and svglib for the PDF, the cards and the
diagrams; `names()` says which registered names set the book being made.

Two families set a book: the text (serif: body, its bold, italic and bold italic) and the
labels (sans: headings, tables, figures, cards; also a semibold). By default they are Source
Serif Pro and Source Sans Pro, from pip-installed packages, so every machine embeds exactly
the same files, under the names `SERIF`, `SANS` and `SANS_SEMIBOLD`. A book may name its own
files (book.yaml `fonts:`, a card game's suits, a designer's house face): `in_use` registers
them once a process under names of their own (ReportLab keeps a name's font for the life of
the process) and makes those the names the renderers ask `names()` for, for as long as that
book is checked or built. A build is never interleaved with another in one process.

ReportLab embeds TrueType outlines only (not OpenType CFF), hence the `.ttf` files.
"""

from __future__ import annotations

import contextlib
from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from svglib import fonts as svg_fonts

from generator.core.typefaces import (DEFAULT, Names, Typefaces, current, names_of,
                                      set_current)

#: The default typefaces' names.
_DEFAULT_NAMES = names_of(DEFAULT)
SERIF, SANS, SANS_SEMIBOLD = (_DEFAULT_NAMES.serif, _DEFAULT_NAMES.sans,
                              _DEFAULT_NAMES.sans_semibold)

#: A family's faces, by (bold, italic), as ReportLab's mappings and the file names have them.
_FACES = {(0, 0): "Regular", (1, 0): "Bold", (0, 1): "It", (1, 1): "BoldIt"}


def face_name(family: str, bold: bool = False, italic: bool = False) -> str:
    """The registered name of a family's face: `SourceSans`, `SourceSans-BoldIt`."""
    return family if not (bold or italic) else f"{family}-{_FACES[int(bold), int(italic)]}"


def names() -> Names:
    """The names that set the book being made: those of the typefaces in use (the default
    ones outside `in_use`)."""
    register_fonts()
    return names_of(current())


@cache
def register_fonts() -> None:
    """The default typefaces under their names, once a process."""
    _register(DEFAULT, _DEFAULT_NAMES)


#: The names registered so far: a book's typefaces are registered once a process under
#: names made from what their files hold (a font file saved anew during `rulebook watch`
#: is new names, never the old font under them).
_REGISTERED: set[Names] = set()


def _registered(faces: Typefaces) -> None:
    """A book's own typefaces under their names, once a process."""
    named = names_of(faces)
    if named not in _REGISTERED:
        _register(faces, named)
        _REGISTERED.add(named)


def _register(faces: Typefaces, named: Names) -> None:
    """svglib learns the names too, or its own font search re-registers a TTF under our
    family name, and ReportLab then resets that family's bold to the regular face. Its
    register_font is ReportLab's registerFont(TTFont(name, path)) plus that mapping: one
    parse of each file instead of two (15 ms of every process)."""
    for family, files in ((named.serif, faces.text), (named.sans, faces.labels)):
        for bold, italic in _FACES:
            name = face_name(family, bold, italic)
            _, registered = svg_fonts.register_font(
                family, files.face(bold, italic), weight="bold" if bold else "normal",
                style="italic" if italic else "normal", rlgFontName=name)
            if not registered:
                pdfmetrics.registerFont(TTFont(name, files.face(bold, italic)))
        for bold, italic in _FACES:  # mappings last: registerFont resets them
            addMapping(family, bold, italic, face_name(family, bold, italic))
    pdfmetrics.registerFont(TTFont(named.sans_semibold, faces.labels.semibold))
    _default_font(named)


def _default_font(named: Names) -> None:
    """ReportLab's default font (Helvetica, never embedded) is what tables and drawings fall
    back to; make the book's embedded sans that default, so no PDF names Helvetica."""
    family = named.sans
    pdfmetrics.registerFontFamily(family, normal=family, bold=face_name(family, bold=True),
                                  italic=face_name(family, italic=True),
                                  boldItalic=face_name(family, True, True),
                                  baseFontFor="canvas graphics")


@contextlib.contextmanager
def in_use(faces: Typefaces | None):
    """Inside the block the book is set in `faces` (a book's own; None: the default ones):
    `names()` and `typefaces.current()` say them."""
    register_fonts()
    faces = faces or DEFAULT
    if faces != DEFAULT:
        _registered(faces)
    before = current()
    set_current(faces)
    _default_font(names_of(faces))
    try:
        yield faces
    finally:
        set_current(before)
        _default_font(names_of(before))
