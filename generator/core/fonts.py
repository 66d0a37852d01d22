"""The book's typefaces, from pip-installed packages, so every machine embeds exactly the
same files; registered with ReportLab and svglib for the PDF, the cards and the diagrams.

ReportLab embeds TrueType outlines only (not OpenType CFF), hence the `.ttf` files.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import font_source_sans_pro
import font_source_serif_pro
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from svglib import fonts as svg_fonts

SERIF = "SourceSerif"
SANS = "SourceSans"

_FAMILIES = {
    SERIF: (font_source_serif_pro, "SourceSerifPro"),
    SANS: (font_source_sans_pro, "SourceSansPro"),
}
_FACES = {(0, 0): "Regular", (1, 0): "Bold", (0, 1): "It", (1, 1): "BoldIt"}
SANS_SEMIBOLD = "SourceSans-Semibold"


@cache
def register_fonts() -> None:
    for family, (package, prefix) in _FAMILIES.items():
        folder = Path(package.__file__).parent / "files"
        for (bold, italic), face in _FACES.items():
            name = family if (bold, italic) == (0, 0) else f"{family}-{face}"
            path = str(folder / f"{prefix}-{face}.ttf")
            # svglib must know the face too, or its own font search re-registers a TTF under
            # our family name, and ReportLab then resets that family's bold to the regular
            # face. Its register_font is ReportLab's registerFont(TTFont(name, path)) plus
            # that mapping: one parse of each file instead of two (15 ms of every process).
            _, registered = svg_fonts.register_font(
                family, path, weight="bold" if bold else "normal",
                style="italic" if italic else "normal", rlgFontName=name)
            if not registered:
                pdfmetrics.registerFont(TTFont(name, path))
        for (bold, italic), face in _FACES.items():  # mappings last: registerFont resets them
            addMapping(family, bold, italic,
                       family if (bold, italic) == (0, 0) else f"{family}-{face}")
    folder = Path(font_source_sans_pro.__file__).parent / "files"
    pdfmetrics.registerFont(TTFont(SANS_SEMIBOLD, str(folder / "SourceSansPro-Semibold.ttf")))
    # ReportLab's default font (Helvetica, never embedded) is what tables and drawings fall
    # back to; make our embedded sans that default, so no PDF names Helvetica.
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=f"{SANS}-Bold", italic=f"{SANS}-It",
                                  boldItalic=f"{SANS}-BoldIt", baseFontFor="canvas graphics")
