"""Where pieces go on a sheet: imposition, crop marks and duplex backs, in millimetres.

Pure geometry, so every rule a printer cares about is testable without drawing: each piece
keeps its own bleed (neighbours never share artwork), crop marks run from outside the
bleed to the paper's edge so the first cut does not remove the others, and the back of a
piece lands exactly behind its front for the chosen flip, plus a measured offset.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
MIN_MARGIN = 10.0    # room for crop marks between the outer bleed and the paper's edge
MARK_GAP = 1.0       # marks start this far outside the outer bleed (never on the bleed)
MARK_LENGTH = 6.0    # long enough to survive the first cut
NOTE_BAND = 4.5      # the strip along the paper's edge kept for the sheet's printed note


class Flip(str, Enum):
    """How the sheet is turned over between its two sides in duplex printing."""

    LONG = "long"    # about the paper's long edge
    SHORT = "short"  # about the paper's short edge
    NONE = "none"    # no duplex: backs are printed on their own pages, unmirrored


@dataclass(frozen=True)
class Rect:
    x: float
    y: float  # from the bottom of the page, as PDF measures
    w: float
    h: float

    def grown(self, by: float) -> "Rect":
        return Rect(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)

    def shifted(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class Layout:
    """A sheet of pieces: the paper, and each piece's trim rectangle in reading order."""

    paper: tuple[float, float]
    trim_w: float
    trim_h: float
    bleed: float
    cols: int
    rows: int
    origin: tuple[float, float]  # bottom-left of the first column's, last row's bleed

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def cell(self) -> tuple[float, float]:
        return self.trim_w + 2 * self.bleed, self.trim_h + 2 * self.bleed

    def trim(self, index: int) -> Rect:
        """Trim box of the piece in slot `index` (left to right, top to bottom)."""
        col, row = index % self.cols, index // self.cols
        cw, ch = self.cell
        x = self.origin[0] + col * cw + self.bleed
        y = self.origin[1] + (self.rows - 1 - row) * ch + self.bleed
        return Rect(x, y, self.trim_w, self.trim_h)

    def bleed_box(self, index: int) -> Rect:
        return self.trim(index).grown(self.bleed)

    @property
    def outer(self) -> Rect:
        """All the bleeds of the sheet together."""
        cw, ch = self.cell
        return Rect(self.origin[0], self.origin[1], self.cols * cw, self.rows * ch)

    @property
    def trims_box(self) -> Rect:
        return self.outer.grown(-self.bleed)

    def back(self, index: int, flip: Flip, offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
        """Where the back of slot `index` must be printed on the back page so that it lands
        behind the front once the sheet is turned over (then shifted by the printer's
        measured offset)."""
        return mirror(self.trim(index), self.paper, flip).shifted(*offset)

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Line segments (x1, y1, x2, y2): every trim edge, extended in the margins only."""
        width, height = self.paper
        outer = self.outer
        xs = sorted({round(v, 4) for i in range(self.per_sheet)
                     for v in (self.trim(i).x, self.trim(i).x + self.trim_w)})
        ys = sorted({round(v, 4) for i in range(self.per_sheet)
                     for v in (self.trim(i).y, self.trim(i).y + self.trim_h)})
        marks = []
        bottom, top = outer.y - MARK_GAP, outer.y + outer.h + MARK_GAP
        left, right = outer.x - MARK_GAP, outer.x + outer.w + MARK_GAP
        for x in xs:
            marks.append((x, bottom, x, max(bottom - MARK_LENGTH, NOTE_BAND)))
            marks.append((x, top, x, min(top + MARK_LENGTH, height - NOTE_BAND)))
        for y in ys:
            marks.append((left, y, max(left - MARK_LENGTH, NOTE_BAND), y))
            marks.append((right, y, min(right + MARK_LENGTH, width - NOTE_BAND), y))
        return marks


def mirror(rect: Rect, paper: tuple[float, float], flip: Flip) -> Rect:
    width, height = paper
    long_is_vertical = height >= width
    if flip is Flip.NONE:
        return rect
    mirror_x = (flip is Flip.LONG) == long_is_vertical
    if mirror_x:
        return Rect(width - rect.x - rect.w, rect.y, rect.w, rect.h)
    return Rect(rect.x, height - rect.y - rect.h, rect.w, rect.h)


def impose(paper_name: str, trim_w: float, trim_h: float, bleed: float) -> Layout:
    """The grid holding the most pieces, portrait or landscape, with room for marks."""
    best = None
    for paper in (PAPERS[paper_name], PAPERS[paper_name][::-1]):
        cw, ch = trim_w + 2 * bleed, trim_h + 2 * bleed
        cols = int((paper[0] - 2 * MIN_MARGIN) // cw)
        rows = int((paper[1] - 2 * MIN_MARGIN) // ch)
        if cols < 1 or rows < 1:
            continue
        origin = ((paper[0] - cols * cw) / 2, (paper[1] - rows * ch) / 2)
        layout = Layout(paper, trim_w, trim_h, bleed, cols, rows, origin)
        if best is None or layout.per_sheet > best.per_sheet:
            best = layout
    if best is None:
        raise ValueError(f"a {trim_w}×{trim_h} mm piece does not fit on {paper_name}")
    return best
