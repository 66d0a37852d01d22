"""A page's geometry: its size, margins, columns and type size, in points.

Kept free of ReportLab, so that the loader can tell an image's printed size (content/images.py)
and the renderers share one answer to "how wide is the column", without the loader reaching
up into the PDF renderer. Points are ReportLab's (1/72 inch, its `mm` = 72 / 2.54 / 10), so
every length is the very float the PDF renderer used to compute itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

INCH = 72.0
MM = INCH / 2.54 * 0.1


class PageSize(str, Enum):
    A5 = "A5"
    A4 = "A4"
    LETTER = "Letter"

    @classmethod
    def parse(cls, text: str) -> "PageSize":
        for size in cls:
            if size.value.lower() == text.lower():
                return size
        raise ValueError(f"unknown page size {text!r}; expected one of "
                         f"{', '.join(s.value for s in cls)}")


#: Width and height in points, portrait.
PAGE_SIZES = {PageSize.A5: (148 * MM, 210 * MM), PageSize.A4: (210 * MM, 297 * MM),
              PageSize.LETTER: (8.5 * INCH, 11 * INCH)}


#: The A5 rulebook's body size (pt) and margins (mm; head and foot as shares of its height).
A5_BODY = 9.6
A5_INNER, A5_OUTER = 16.0, 14.0
A5_TOP, A5_BOTTOM = 17.0 / 210.0, 16.0 / 210.0
#: A4 and Letter rulebooks: the body's size, and the measure in points per point of it
#: (0.9 of A5's 118 mm over 9.6 pt: about 65 characters a line, a box's at most about 78).
LARGE_BODY = 11.5
LARGE_MEASURE = 0.9 * (148 - A5_INNER - A5_OUTER) * MM / A5_BODY


@dataclass(frozen=True)
class Geometry:
    """Margins and type size by page size: A5 is a hand-held booklet, A4/Letter a sheet.

    A rulebook on A4 or Letter is the A5 book grown, not the A5 layout on a wider page: one
    column of `LARGE_BODY` type on a measure of `LARGE_MEASURE` ems, so that its lines hold
    the characters a comfortable line holds (60–80; A5's body sets about 72 on 118 mm, a
    box's text up to 87), with the page's width left over as margins in A5's proportions
    (the wider at the spine) and head and foot margins in A5's share of the page's height.
    Figures, position diagrams and boxes grow with the type (`scale`), up to the column's
    width, so that a diagram keeps its size beside the text it illustrates.

    One column rather than two: an example's position diagram is drawn 110 mm wide with
    its smallest type at 6 pt (the solo game's position.py); a column of a two-column A4 page is
    about 85 mm, where it would print under 6 pt, or span both columns and leave a hole in
    each whenever it moves; one column keeps every make-up rule of the A5 book (makeup.py).

    A rules sheet (`layout: sheet`) has narrow margins and, on A4 and Letter, two columns;
    its type size is the largest of `sheet_sizes` at which it fits on two pages."""

    page: tuple[float, float]
    inner: float
    outer: float
    top: float
    bottom: float
    base_size: float
    columns: int = 1
    gutter: float = 0.0
    #: A rulebook's page count is a multiple of this: 4 on A5 (one folded sheet of a
    #: saddle-stitched booklet), 2 elsewhere (the back cover is the back of a leaf).
    signature: int = 2
    #: Figures, diagrams and boxes are drawn this many times their print size (A5's): more
    #: on a larger page, with the type; never wider than the column.
    scale: float = 1.0

    @classmethod
    def for_size(cls, size: PageSize) -> "Geometry":
        width, height = page = PAGE_SIZES[size]
        if size == PageSize.A5:
            return cls(page, 16 * MM, 14 * MM, 17 * MM, 16 * MM, A5_BODY, signature=4)
        measure = LARGE_MEASURE * LARGE_BODY
        spare = width - measure
        inner = spare * A5_INNER / (A5_INNER + A5_OUTER)
        return cls(page, inner, spare - inner, height * A5_TOP, height * A5_BOTTOM,
                   LARGE_BODY, scale=LARGE_BODY / A5_BODY)

    def left_margin(self, page: int) -> float:
        """The text's left edge on page `page` of a rulebook: the inner margin on a
        right-hand (odd) page, the outer one on a left-hand (even) page."""
        return self.inner if page % 2 else self.outer

    @classmethod
    def for_sheet(cls, size: PageSize, base_size: float) -> "Geometry":
        page = PAGE_SIZES[size]
        if size == PageSize.A5:  # one column: two on 148 mm would be 60 mm each
            return cls(page, 11 * MM, 11 * MM, 11 * MM, 13 * MM, base_size)
        return cls(page, 10 * MM, 10 * MM, 10 * MM, 12 * MM, base_size, 2, 5 * MM)

    @property
    def text_width(self) -> float:
        """From margin to margin: the width of a sheet's title block."""
        return self.page[0] - self.inner - self.outer

    @property
    def frame_width(self) -> float:
        """The width text is set to: the page's, or one column's."""
        return (self.text_width - self.gutter * (self.columns - 1)) / self.columns
