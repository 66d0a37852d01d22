"""A book's two families as files: the text's and the labels' (generator/core/fonts.py
registers them). Apart from fonts.py, which imports ReportLab, so that the content model can
name a book's typefaces without loading it (`rulebook simulate` never does)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import font_source_sans_pro
import font_source_serif_pro


@dataclass(frozen=True)
class Family:
    """One family's files: regular, bold, italic, bold italic (and, for the labels,
    semibold); a face a designer's family lacks is its nearest one (`Family.of`)."""

    regular: str
    bold: str
    italic: str
    bold_italic: str
    semibold: str

    @classmethod
    def of(cls, regular: str, bold: str | None = None, italic: str | None = None,
           bold_italic: str | None = None, semibold: str | None = None) -> Family:
        """The family of the faces given: bold italic is the bold (or the italic) when
        missing, semibold the bold, and any other the regular."""
        bold_ = bold or regular
        italic_ = italic or regular
        return cls(regular, bold_, italic_, bold_italic or (bold or italic or regular),
                   semibold or bold_)

    def face(self, bold: int, italic: int) -> str:
        return {(0, 0): self.regular, (1, 0): self.bold, (0, 1): self.italic,
                (1, 1): self.bold_italic}[bold, italic]


def _packaged(package, prefix: str) -> Family:
    folder = Path(package.__file__).parent / "files"
    return Family(*(str(folder / f"{prefix}-{face}.ttf")
                    for face in ("Regular", "Bold", "It", "BoldIt", "Semibold")))


@dataclass(frozen=True)
class Typefaces:
    """The text's family and the labels' family of a book, as files."""

    text: Family
    labels: Family

    @cached_property
    def identity(self) -> str:
        """What the files hold, as a short digest: part of the key of whatever is measured
        or drawn in them and kept between builds (a diagram converted for the PDF)."""
        made = hashlib.sha256()
        for file in sorted({*vars(self.text).values(), *vars(self.labels).values()}):
            made.update(Path(file).read_bytes())
        return made.hexdigest()[:16]


#: Source Serif Pro and Source Sans Pro, from their PyPI packages.
DEFAULT = Typefaces(_packaged(font_source_serif_pro, "SourceSerifPro"),
                    _packaged(font_source_sans_pro, "SourceSansPro"))


@dataclass(frozen=True)
class Names:
    """The names a book's families are registered under (core/fonts.py): `serif` and `sans`
    (a family: with "-Bold", "-It", "-BoldIt" its other faces, and ReportLab's mappings for
    <b> and <i>), and `sans_semibold`. A drawing names its type by them (an SVG's
    font-family, which svglib maps to the registered font)."""

    serif: str
    sans: str
    sans_semibold: str


def names_of(faces: Typefaces) -> Names:
    """The default typefaces' names, or names of a book's own (by what their files hold:
    ReportLab keeps a name's font for the life of the process)."""
    if faces == DEFAULT:
        return Names("SourceSerif", "SourceSans", "SourceSans-Semibold")
    tag = faces.identity[:10]
    return Names(f"BookText-{tag}", f"BookLabels-{tag}", f"BookLabels-{tag}-Semibold")


_current = [DEFAULT]


def current() -> Typefaces:
    """The typefaces the fonts' names stand for now (set by core/fonts.py `in_use`)."""
    return _current[0]


def set_current(faces: Typefaces) -> None:
    _current[0] = faces
