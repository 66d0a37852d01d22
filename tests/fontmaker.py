"""A font made for a test: every character of a list drawn as a plain box, in a TrueType
(or, to be refused, a CFF) file, with the name and licence bits asked for. No test depends
on the fonts a machine happens to have."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

from generator.content.glyphs import COMMON

#: A card game's suits.
SUITS = "♠♥♦♣"


def _box(pen) -> None:
    pen.moveTo((60, 0))
    pen.lineTo((60, 700))
    pen.lineTo((440, 700))
    pen.lineTo((440, 0))
    pen.closePath()


def make_font(path: Path, name: str = "TestFace", characters: str = "".join(COMMON) + SUITS,
              cff: bool = False, fs_type: int = 0) -> Path:
    """A font called `name` (its PostScript name `name`-Regular) drawing each of
    `characters` as a box, written to `path`."""
    codes = sorted({ord(c) for c in characters if c not in "\t\n\r"})
    glyphs = [".notdef"] + [f"u{code:04X}" for code in codes]
    builder = FontBuilder(1000, isTTF=not cff)
    builder.setupGlyphOrder(glyphs)
    builder.setupCharacterMap({code: f"u{code:04X}" for code in codes})
    if cff:
        strings = {}
        for glyph in glyphs:
            pen = T2CharStringPen(500, None)
            _box(pen)
            strings[glyph] = pen.getCharString()
        builder.setupCFF(f"{name}-Regular", {"FullName": name}, strings, {})
    else:
        outlines = {}
        for glyph in glyphs:
            pen = TTGlyphPen(None)
            _box(pen)
            outlines[glyph] = pen.glyph()
        builder.setupGlyf(outlines)
    builder.setupHorizontalMetrics({glyph: (500, 60) for glyph in glyphs})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": name, "styleName": "Regular",
                            "psName": f"{name}-Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800,
                     usWinDescent=200, fsType=fs_type)
    builder.setupPost()
    path.parent.mkdir(parents=True, exist_ok=True)
    builder.save(str(path))
    return path
