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
NOTE_INDENT = 12.0   # from the paper's sides to the sheet's note and its rights line


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
    def landscape(self) -> bool:
        return self.paper[0] > self.paper[1]

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

    @property
    def head(self) -> float:
        """The height of the strip across the top of the paper that the crop marks leave
        clear (the note band at least): where a sheet's rights line goes, so that it costs
        no piece a place on the sheet."""
        marks_top = min(self.paper[1] - NOTE_BAND,
                        self.outer.y + self.outer.h + MARK_GAP + MARK_LENGTH)
        return self.paper[1] - marks_top

    def back(self, index: int, flip: Flip, offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
        """Where the back of slot `index` must be printed on the back page so that it lands
        behind the front once the sheet is turned over (then shifted by the printer's
        measured offset)."""
        return mirror(self.trim(index), self.paper, flip).shifted(*offset)

    def crop_marks(self, count: int | None = None) -> list[tuple[float, float, float, float]]:
        """Line segments (x1, y1, x2, y2) marking the trim edges of the pieces placed in the
        first `count` slots (every slot when None), and of no empty slot.

        Each trim edge is extended at both ends: the mark starts MARK_GAP outside the bleed
        of the last piece on that line and runs MARK_LENGTH outward, stopping short of any
        other placed piece's bleed and of the note band. On a full sheet the marks are all
        in the margins; beside a part-filled row they lie on the empty paper next to it.
        """
        count = self.per_sheet if count is None else count
        bleeds = [self.bleed_box(i) for i in range(count)]
        vertical: dict[float, list[Rect]] = {}
        horizontal: dict[float, list[Rect]] = {}
        for i, box in enumerate(bleeds):
            trim = self.trim(i)
            for x in (trim.x, trim.x + trim.w):
                vertical.setdefault(round(x, 4), []).append(box)
            for y in (trim.y, trim.y + trim.h):
                horizontal.setdefault(round(y, 4), []).append(box)
        width, height = self.paper
        def spans(b):  # a vertical edge: across it is x, along it (where marks run) is y
            return (b.x, b.w), (b.y, b.h)
        marks = []
        for x, owners in sorted(vertical.items()):
            for y1, y2 in _mark_runs(x, owners, bleeds, height, spans):
                marks.append((x, y1, x, y2))
        for y, owners in sorted(horizontal.items()):  # a horizontal edge: the other way
            for x1, x2 in _mark_runs(y, owners, bleeds, width, lambda b: spans(b)[::-1]):
                marks.append((x1, y, x2, y))
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


def impose(paper_name: str, trim_w: float, trim_h: float, bleed: float,
           landscape: bool | None = None) -> Layout:
    """The grid holding the most pieces, portrait or landscape (a tie: portrait), with room
    for marks; with `landscape` given, that way round when the pieces fit it at all (the
    sheets of one book are printed one way round: `orientation`)."""
    portrait = PAPERS[paper_name]
    layouts = [layout for paper in (portrait, portrait[::-1])
               if (layout := _grid(paper, trim_w, trim_h, bleed)) is not None]
    if not layouts:
        raise ValueError(f"a {trim_w}×{trim_h} mm piece does not fit on {paper_name}")
    wanted = [layout for layout in layouts if layout.landscape == landscape]
    return wanted[0] if wanted else max(layouts, key=lambda layout: layout.per_sheet)


def orientation(paper_name: str, sizes: list[tuple[float, float, float]]) -> bool | None:
    """Whether a book's sheets on `paper_name` are landscape: the way round that holds the
    most of its first kind of piece (`sizes`: (width, height, bleed) of each kind, cards
    first), for all of them, and for the calibration page that measures their duplex offset
    in the same axes. None: nothing to print."""
    return impose(paper_name, *sizes[0]).landscape if sizes else None


def _grid(paper: tuple[float, float], trim_w: float, trim_h: float,
          bleed: float) -> Layout | None:
    """The pieces' grid on `paper` (width, height), centred; None if not one fits."""
    cw, ch = trim_w + 2 * bleed, trim_h + 2 * bleed
    cols = int((paper[0] - 2 * MIN_MARGIN) // cw)
    rows = int((paper[1] - 2 * MIN_MARGIN) // ch)
    if cols < 1 or rows < 1:
        return None
    origin = ((paper[0] - cols * cw) / 2, (paper[1] - rows * ch) / 2)
    return Layout(paper, trim_w, trim_h, bleed, cols, rows, origin)


def _mark_runs(at: float, owners: list[Rect], bleeds: list[Rect], length: float, spans):
    """The two marks of one trim edge at `at` (a coordinate across the edge): from MARK_GAP
    beyond the outermost owner's bleed, outward by MARK_LENGTH, stopping short of any bleed
    the mark would cross and of the note band. `spans(box)` gives ((start, size) across the
    edge, (start, size) along it), so one rule serves vertical and horizontal edges."""
    crossing = [b for b in bleeds if spans(b)[0][0] < at < spans(b)[0][0] + spans(b)[0][1]]
    low = min(spans(b)[1][0] for b in owners) - MARK_GAP
    high = max(spans(b)[1][0] + spans(b)[1][1] for b in owners) + MARK_GAP
    before = max([NOTE_BAND, low - MARK_LENGTH] +
                 [spans(b)[1][0] + spans(b)[1][1] + MARK_GAP for b in crossing
                  if spans(b)[1][0] + spans(b)[1][1] <= low])
    after = min([length - NOTE_BAND, high + MARK_LENGTH] +
                [spans(b)[1][0] - MARK_GAP for b in crossing if spans(b)[1][0] >= high])
    return [(low, before), (high, after)]
