"""Page make-up: what a typesetter decides where a box, a figure, a heading or a short
section meets the foot of a page.

ReportLab's KeepTogether knows one rule: what does not fit moves to the next page, whatever
hole that leaves, and a box that does not fit a page either then splits anyway. The rules
here are a typesetter's:

- `Box`, a tinted box of rows (an example's title, summary, steps and positions; a note's
  paragraphs), splits between two rows, never inside one (a position's label, diagram and
  caption are one row). It moves whole to the next page only when the hole it leaves is
  small (under `SMALL_HOLE` of the frame's height) and it fits there; otherwise it splits
  at the break that leaves the least blank, a break after a step whose position follows it,
  or one that leaves a scrap of the box for the next page, counting `AVOID_LINES` lines of
  blank more, and as many again for a part overleaf that would hold only positions (the
  last step goes over with its position when that costs little) or a single step of two
  or more (a short step goes over with it: «Ejemplo 12 (cont.)» held one). A position's diagram
  that is the first row not to fit (or the last of a part, a point too tall) may be drawn
  up to `MOST_SHRINK` smaller, never with type under 6 pt (`Shrinkable`), what it loses
  counted as blank. The part that continues opens the next page under the box's title and
  "(cont.)" ("Ejemplo 6 (cont.)"); the edges at the cut are open: a dashed line in the
  box's colour closes the part above the cut and opens the part below it.
- `Float`: a box or a figure that would still leave a big hole (its next row taller than
  the room left) floats to the top of the next page when the text after it can fill this
  one (`FLOAT_GAIN`): a box past the paragraphs and lists of its own section only, a
  figure (found by its number) past anything up to the next figure or the next heading of
  its own section's level or higher: never out of its section, never into the next chapter.
- `Lead`: headings and a lead-in paragraph (ending in ':') stay with the first part of what
  follows them (two lines of a paragraph or of a list's first item, a box's first rows);
  with nothing of it, a lead-in of four lines or more splits, its last lines going over
  with what it leads into (`PARAGRAPH_LINES`); else they move.
- `ItemList`: a list's last item never goes over alone on one line: the item before it
  goes with it. And a heading's one-line paragraph, text following it, is one of its
  leaders (`kept_with_next`): a heading never ends a page with a single line under it.
- `Section`: a short section, or a short table, is kept on one page, unless moving it (with
  the headings over it) would leave a big hole (`SMALL_HOLE`); then it flows like any
  text, a table split between rows (`RowTable`: `TABLE_ROWS` body rows or more on each
  side, under its repeated header).

Greedy filling is the best a page-by-page layout can do for content in a fixed order; the
blank that remains comes from rows taller than the room left (a position's row is a fifth
to a third of an A5 page) with nothing that may move into the hole.

Every container here is a KeepTogether, which ReportLab asks to split rather than draw: what
it returns goes back on the document's list and is laid out flowable by flowable, so a
heading still reaches the document (its page recorded, its bookmark made).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from reportlab.platypus import (Flowable, KeepTogether, ListFlowable, Paragraph, Table,
                                TableStyle)
from reportlab.platypus.doctemplate import (ActionFlowable, FrameBreak, NullActionFlowable,
                                         _FrameBreak)
from reportlab.platypus.flowables import LIIndenter, _listWrapOn

from generator.core.fonts import names

#: A box (or a short section) moves whole to the next page only if the room it leaves
#: empty here is under this share of the frame's height.
SMALL_HOLE = 0.15
#: What a break a typesetter avoids costs, in lines of blank: one between a step and the
#: position it leads to, or one that leaves a scrap of a box for the next page.
AVOID_LINES = 2
#: A box floats past the text after it only if that leaves this share of a page less blank.
FLOAT_GAIN = 0.08
#: A box's last part should hold at least this many of its body lines.
SCRAP_LINES = 3
#: A table split over a page leaves at least this many of its body rows on each side.
TABLE_ROWS = 2
#: A paragraph split over a page leaves at least this many lines on each side.
PARAGRAPH_LINES = 2
#: A position's diagram may be drawn this much smaller to fit the room left on a page (and
#: never with type under 6 pt): a little, so that diagrams still look alike.
MOST_SHRINK = 0.1


def frame_height(flowable) -> float | None:
    """The height of the frame `flowable` is being laid out in, if ReportLab said."""
    frame = getattr(flowable, "_frame", None)
    return getattr(frame, "_aH", None) if frame is not None else None


def at_top(flowable) -> bool:
    frame = getattr(flowable, "_frame", None)
    return bool(frame is not None and getattr(frame, "_atTop", 0))


def _content_at(box: KeepTogether, aW: float, aH: float) -> list[Flowable]:
    """A container's flowables, measured for the room offered (`box._H` is then its height)."""
    if getattr(box, "_wrapInfo", None) != (aW, aH):
        box.wrap(aW, aH)
    return box._content[:]


def _queued(flowables: list) -> list:
    """What a container's split returns, as ReportLab takes it: ReportLab draws the first
    flowable of a split at once, so they all go back on its list behind a no-op, to be
    laid out (and split) one by one."""
    if flowables and not isinstance(flowables[0], ActionFlowable):
        return [NullActionFlowable()] + flowables
    return flowables


def _split_in(flowable, frame, canv, aW: float, aH: float, **how) -> list:
    """`flowable.split` as the frame would call it (some flowables read their frame)."""
    flowable._frame = frame
    flowable.canv = canv
    try:
        return flowable.split(aW, aH, **how)
    finally:
        for name in ("_frame", "canv"):
            flowable.__dict__.pop(name, None)


@dataclass(frozen=True)
class Shrinkable:
    """How a row with a diagram (a position: its label, diagram and caption) is drawn
    smaller to fit the room left at the foot of a page: `make(scale)` is its content with
    the diagram at `scale` × its size, `height` the diagram's height at its size, and
    `least` the smallest scale allowed (its smallest type stays at 6 pt or more, and it
    shrinks by `MOST_SHRINK` at most)."""

    make: Callable[[float], list[Flowable]]
    height: float
    least: float


@dataclass
class Row:
    """One row of a box, never split: its flowables are stacked in one table cell."""

    content: list[Flowable]
    keep_with_next: bool = False  # a title, an example's summary: never a part's last row
    avoid_after: bool = False     # a step whose position follows it
    whole: bool = False           # an example's step: the box splits before it, not in it
    shrink: Shrinkable | None = None  # a diagram that may be drawn a little smaller


def box_pieces(flowable: Flowable) -> list[Flowable]:
    """What `flowable` is as rows of a box: a list, each of its items' flowables (each an
    indented piece, the item's first with its bullet; a list inside an item opened likewise,
    at its indent), so that the box splits between two items as between two paragraphs;
    anything else, itself."""
    if isinstance(flowable, ListFlowable):
        return [piece for part in flowable._content for piece in box_pieces(part)]
    if isinstance(flowable, LIIndenter) and isinstance(flowable._flowable, ListFlowable):
        return [LIIndenter(piece, leftIndent=flowable._leftIndent,
                           rightIndent=flowable._rightIndent)
                for piece in box_pieces(flowable._flowable)]
    return [flowable]


@dataclass
class BoxLook:
    width: float
    ink: object          # the rule's colour
    fill: object         # the tint
    pad: float           # the body's font size: paddings are fractions of it
    space_before: float = 0.0
    space_after: float = 0.0
    line: float = 12.0   # a body line's height, for the size of a scrap
    #: the continued part's title row, made afresh for each part (None: the box has none)
    continued_title: Callable[[], Flowable] | None = None
    extra: list = field(default_factory=list)  # more TableStyle commands (a table inside)


class Box(Flowable):
    """A tinted box with a coloured rule on its left, one row per `Row` (module docstring).

    `continued`: this part continues a box from the page before; `open_end`: the box
    continues after this part."""

    def __init__(self, rows: list[Row], look: BoxLook, continued: bool = False,
                 open_end: bool = False):
        super().__init__()
        self.rows = rows
        self.look = look
        self.continued = continued
        self.open_end = open_end
        self._table = None

    def __repr__(self):
        return f"Box({len(self.rows)} rows, continued={self.continued}, open={self.open_end})"

    # -- drawing ---------------------------------------------------------------------------

    def _make_table(self) -> Table:
        look, pad = self.look, self.look.pad
        cells = [[row.content] for row in self.rows]
        # Rows never split inside the table: a table inside a note that is taller than a
        # page is split by `split` (`_split_row`), as a paragraph is. ReportLab's own split
        # inside a row holding a table tried one height after another, each laying the
        # table out again: a cell of 150 words took minutes.
        table = Table(cells, colWidths=[look.width], splitByRow=1, splitInRow=0)
        style = [
            ("FONT", (0, 0), (-1, -1), names().sans),
            ("BACKGROUND", (0, 0), (-1, -1), look.fill),
            ("LINEBEFORE", (0, 0), (0, -1), 2.2, look.ink),
            ("LEFTPADDING", (0, 0), (-1, -1), pad * 0.9),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad * 0.9),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("TOPPADDING", (0, 0), (-1, 0), pad * 0.6),
            ("BOTTOMPADDING", (0, -1), (-1, -1), pad * 0.4),
        ] + look.extra
        table.setStyle(TableStyle(style))
        return table

    def wrap(self, availWidth, availHeight):
        if self._table is None:
            self._table = self._make_table()
        self.width, self.height = self._table.wrap(self.look.width, availHeight)
        return self.width, self.height

    def draw(self):
        self._table.drawOn(self.canv, 0, 0)
        if not (self.open_end or self.continued):
            return
        canv = self.canv
        canv.saveState()
        canv.setStrokeColor(self.look.ink)
        canv.setLineWidth(0.7)
        canv.setDash(2.2, 2.2)
        if self.open_end:  # cut here: the box goes on overleaf
            canv.line(0, 0, self.width, 0)
        if self.continued:
            canv.line(0, self.height, self.width, self.height)
        canv.restoreState()

    def getSpaceBefore(self):
        return 0 if self.continued else self.look.space_before

    def getSpaceAfter(self):
        return 0 if self.open_end else self.look.space_after

    # -- make-up ---------------------------------------------------------------------------

    def _part(self, rows: list[Row], continued: bool, open_end: bool,
              titled: bool = False) -> "Box":
        """A part of this box: `titled`, the first part of what continues on the next
        page, under the box's title and "(cont.)"."""
        if titled and self.look.continued_title is not None:
            rows = [Row([self.look.continued_title()], keep_with_next=True)] + rows
        return Box(rows, self.look, continued=continued, open_end=open_end)

    def _split_row(self, index: int, room: float, availWidth: float, top: bool = False):
        """Row `index` split to fit `room` (with the paddings a part ends with), if it is one
        paragraph (by its lines), a list item's paragraph, or a table (between its rows, or
        in a row taller than a page), and not the box's title: (the rows above and below the
        cut, the height above), or None. (The first row of a box without a title, a quote's,
        may split too; and, at the `top` of a page, a title that is taller than the page.)"""
        row = self.rows[index]
        if row.whole and not top:
            return None  # a step read across a page turn is read twice (review, issue 32)
        if (row.keep_with_next and (not top or self.continued)) or len(row.content) != 1:
            return None  # a row kept with the next is not split either (a continued part's
            # title is the box's own, repeated: kept whole)
        flowable = row.content[0]
        if not isinstance(flowable, (Paragraph, Table)) and not (
                isinstance(flowable, LIIndenter) and isinstance(flowable._flowable, Paragraph)):
            return None
        pad = self.look.pad
        inner = self.look.width - 2 * 0.9 * pad
        # the part's bottom padding, the row's own; the first row's, the part's top padding
        paddings = pad * 0.4 + 1.5 + (pad * 0.6 if index == 0 else 0.0)
        room -= paddings
        if room <= 0:
            return None
        if isinstance(flowable, Paragraph):
            flowable.allowWidows = 0  # no last line alone at the top of the next part
            parts = flowable.split(inner, room)
        elif isinstance(flowable, Table):  # split by its own rules (RowTable), here
            parts = _split_in(flowable, getattr(self, "_frame", None),
                              getattr(self, "canv", None), inner, room)
        else:
            parts = flowable.split(inner, room)
        if len(parts) != 2:
            return None
        height = parts[0].wrap(inner, room)[1]
        return (Row([parts[0]]), Row([parts[1]], avoid_after=row.avoid_after),
                height + paddings)

    def _fit(self, part: "Box", availWidth: float, availHeight: float) -> "Box | None":
        """`part` if it fits `availHeight`; else, if its last row is a diagram that may be
        drawn smaller (`Row.shrink`) by enough, the part with that row shrunk; else None."""
        over = part.wrap(availWidth, availHeight)[1] - availHeight
        if over <= 1e-6:
            return part
        last = part.rows[-1]
        if last.shrink is None:
            return None
        for extra in (0.3, 1.5):  # (a smaller drawing may take a point less than its share)
            scale = 1 - (over + extra) / last.shrink.height
            scale = int(scale * 200) / 200  # steps of half a percent: drawings are cached
            if scale < last.shrink.least:
                return None
            row = Row(last.shrink.make(scale), last.keep_with_next, last.avoid_after)
            shrunk = Box(part.rows[:-1] + [row], part.look, part.continued, part.open_end)
            if shrunk.wrap(availWidth, availHeight)[1] <= availHeight + 1e-6:
                return shrunk
        return None

    def split(self, availWidth, availHeight):
        frame = frame_height(self)
        self.wrap(availWidth, availHeight)
        heights = list(self._table._rowHeights)
        total = sum(heights)
        if total <= availHeight + 1e-6:
            return [self]  # (asked by a container that does not fit as a whole)
        top = at_top(self)
        if (frame and not top and availHeight < SMALL_HOLE * frame and total <= frame):
            return []  # a small hole: the box moves whole
        avoid = AVOID_LINES * self.look.line
        candidates = []  # (blank left here + penalty, rows in the first part, their rows)
        done = 0.0
        for k in range(1, len(self.rows) + 1):
            if done + heights[k - 1] > availHeight:
                # the first row that does not fit: a paragraph may be split by its lines,
                # a diagram drawn a little smaller (`_fit`)
                split = self._split_row(k - 1, availHeight - done, availWidth, top)
                if split is not None:
                    head, tail, height = split
                    candidates.append(((availHeight - done - height) + self.look.line,
                                       self.rows[:k - 1] + [head], [tail] + self.rows[k:]))
                row, over = self.rows[k - 1], done + heights[k - 1] - availHeight
                if row.shrink is not None and over <= row.shrink.height * (1 - row.shrink.least):
                    # what the diagram loses counts as blank
                    penalty = avoid if row.avoid_after and k < len(self.rows) else 0.0
                    if 0 < total - done - heights[k - 1] < SCRAP_LINES * self.look.line:
                        penalty += avoid
                    candidates.append((over + penalty, self.rows[:k], self.rows[k:]))
                break
            done += heights[k - 1]
            row = self.rows[k - 1]
            if row.keep_with_next or k == len(self.rows):
                continue
            penalty = avoid if row.avoid_after else 0.0
            if total - done < SCRAP_LINES * self.look.line:
                penalty += avoid
            if row.avoid_after and all(r.shrink is not None for r in self.rows[k:]):
                penalty += avoid  # the part overleaf would hold only the final position
            if sum(r.whole for r in self.rows[k:]) == 1 < sum(r.whole for r in self.rows):
                penalty += avoid  # a single step continued overleaf (review, issue 32)
            candidates.append(((availHeight - done) + penalty, self.rows[:k], self.rows[k:]))
        for _, above, below in sorted(candidates, key=lambda c: c[0]):
            if not below:  # the whole box, its last diagram drawn smaller
                whole = self._fit(self._part(above, self.continued, self.open_end),
                                  availWidth, availHeight)
                if whole is not None:
                    return [whole]
                continue
            first = self._fit(self._part(above, self.continued, open_end=True), availWidth,
                              availHeight)
            if first is not None:
                rest = self._part(below, continued=True, open_end=self.open_end, titled=True)
                # the rest goes on the next page, even if a row or two would fit here (a
                # break chosen early, to keep a step with its position)
                return [first, FrameBreak(), rest]
        if top and self._table is not None:  # one row taller than a page (a long table)
            return self._table.split(availWidth, availHeight)
        return []


class RowTable(Table):
    """A table that splits between its rows as a typesetter splits one: at least
    `TABLE_ROWS` of its body rows on each side of the cut, the header row repeated over the
    rest (`repeatRows`). With fewer rows than that fitting here the table moves to the next
    page; with fewer left for the next page, the cut comes earlier. A row taller than a
    page still splits inside itself (`splitInRow`); a table with fewer than twice
    `TABLE_ROWS` body rows moves whole, or splits where it must at the top of a page."""

    def split(self, availWidth, availHeight):
        if at_top(self):
            self._top_align_rows_taller_than(availWidth, availHeight)
        parts = self._split_between_rows(availWidth, availHeight)
        if not parts and self.repeatRows and at_top(self):
            # At the top of a page and still no cut: the header leaves no room for a row
            # under it (a header cell of a page or more); it is not repeated, and splits
            # inside itself as any row taller than a page.
            self.repeatRows = 0
            parts = self._split_between_rows(availWidth, availHeight)
        return parts

    def _top_align_rows_taller_than(self, availWidth: float, availHeight: float) -> None:
        """A row taller than a page, about to be split inside itself, set from the top of
        each of its cells: ReportLab keeps a cell centred in the row's whole height (the
        short cells beside a long one), and a row of 20 pages of text and one word ended
        with its word at the row's middle, and the 20 pages after it blank."""
        self._calc(availWidth, availHeight)
        for row, height in enumerate(self._rowHeights):
            if height > availHeight:
                for style in self._cellStyles[row]:
                    style.valign = "TOP"

    def _split_between_rows(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        if len(parts) != 2:
            return parts
        header = self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)
        rows_after = len(parts[0]._cellvalues) + len(parts[1]._cellvalues) - header
        if rows_after > len(self._cellvalues) or len(self._cellvalues) - header < 2 * TABLE_ROWS:
            # whole on the next page, unless this is the top of a page already, when the cut
            # falls inside a row (ReportLab cuts there only when no whole row fits: at a
            # page's top, a row taller than a page; elsewhere it would leave the header over
            # a sliver of a row at the page's foot) or when there are too few rows to leave
            # two on each side
            return parts if at_top(self) else []
        if len(parts[1]._cellvalues) - header < TABLE_ROWS:
            # cut earlier: the last rows go over together
            rows = len(self._cellvalues) - TABLE_ROWS
            parts = super().split(availWidth, sum(self._rowHeights[:rows]) + 1e-3)
            if len(parts) != 2:
                return []
        if len(parts[0]._cellvalues) - header < TABLE_ROWS and not at_top(self):
            return []  # (at the top of a page it cannot move: it splits as it can)
        return parts


class ItemList(ListFlowable):
    """A chapter's list: its last item never goes over alone on one line (review: a lone
    bullet atop catan-para-dos p. 7, «Si la reserva no tiene bastantes…», its list on the
    page before). When every item but a last one-line item fits the room, the item before
    it goes over with it, so that two items open the next page. A list of two short items
    (SHORT_ITEM lines each at most) goes over whole, with the line that leads into it,
    rather than one item each side. ReportLab lays a split
    list out item by item (what `split` returns goes back on its list), so the break is a
    FrameBreak among them."""

    def split(self, aW, aH):
        content = super().split(aW, aH)
        canv = getattr(self, "canv", None)
        if (len(content) == 2 and not at_top(self)
                and _listWrapOn(content, aW, canv)[1] > aH + 1e-6
                and all(_item_lines(item, aW) <= SHORT_ITEM for item in content)):
            # two short items are never parted (solo p. 41's «Dos consejos», a tip each side)
            return [FrameBreak()] + content
        if (len(content) < 3 or _listWrapOn(content, aW, canv)[1] <= aH + 1e-6
                or _listWrapOn(content[:-1], aW, canv)[1] > aH + 1e-6
                or not _one_line(content[-1], aW)):
            return content
        return content[:-2] + [FrameBreak()] + content[-2:]


#: The most lines of each item of a list of two that is never parted.
SHORT_ITEM = 3


def _item_lines(flowable, aW: float) -> float:
    """How many lines of text `flowable` (a list's item, as ReportLab indents it) sets;
    infinite for an item that is not one paragraph."""
    inner = getattr(flowable, "_flowable", flowable)
    indent = getattr(flowable, "_leftIndent", 0) + getattr(flowable, "_rightIndent", 0)
    return _lines(inner, aW - indent) if isinstance(inner, Paragraph) else float("inf")


def _one_line(flowable, aW: float) -> bool:
    """Whether `flowable` (a list's item, as ReportLab indents it) is one line of text."""
    return _item_lines(flowable, aW) == 1


def _lines(paragraph: Paragraph, width: float) -> int:
    """How many lines `paragraph` sets in `width` (its breaks do not depend on the height)."""
    paragraph.wrap(width, 1e6)
    return len(paragraph.blPara.lines)


class Lead(KeepTogether):
    """Leaders (headings, a lead-in ending in ':') kept with the first part of the flowable
    that follows them (module docstring). A KeepTogether, so that ReportLab asks it to split
    and lays out what it returns: a heading must reach the document itself, which records
    its page and bookmark."""

    def __init__(self, leaders: list[Flowable], follower: Flowable):
        super().__init__(list(leaders) + [follower])
        self.leaders = list(leaders)
        self.follower = follower

    def split(self, aW, aH):
        content = _content_at(self, aW, aH)
        if self._H <= aH:
            return _queued(content)
        frame = getattr(self, "_frame", None)
        canv = getattr(self, "canv", None)
        _, lead = _listWrapOn(self.leaders, aW, canv)
        gap = max(self.leaders[-1].getSpaceAfter(), self.follower.getSpaceBefore())
        room = aH - lead - gap
        if room > 0:
            # a short section under them leaves, if it moves, the hole they leave too
            how = {"above": aH - room} if isinstance(self.follower, Section) else {}
            parts = _split_in(self.follower, frame, canv, aW, room, **how)
            if (len(parts) > 1 and isinstance(parts[0], NullActionFlowable)
                    and isinstance(self.follower, KeepTogether)):
                # a container that opens here (a section, a table that flows): the
                # leaders go with the first thing it holds
                return [NullActionFlowable(), Lead(self.leaders, parts[1])] + list(parts[2:])
            if parts and not isinstance(parts[0], ActionFlowable):
                first = self._first(parts[0], aW, aH, canv)
                if first is None and len(parts) > 1:
                    # a list split between its items, the first too long for the room:
                    # its first lines (a list item splits as a paragraph does)
                    head = _split_in(parts[0], frame, canv, aW, room)
                    if len(head) > 1 and not isinstance(head[0], ActionFlowable):
                        first = self._first(head[0], aW, aH, canv)
                        parts = list(head) + list(parts[1:])
                if first is not None:
                    return _queued([first] + list(parts[1:]))
        if frame is None or getattr(frame, "_atTop", 0):
            return _queued(content)  # at the top of a page already: as it comes
        split = self._split_lead_in(aW, aH, frame, canv)
        if split is not None:
            return _queued(split)
        return [FrameBreak()] + content

    def _split_lead_in(self, aW: float, aH: float, frame, canv) -> list[Flowable] | None:
        """With nothing of what follows fitting under them, a lead-in split by its lines:
        its first lines (`PARAGRAPH_LINES` or more, under the headings before it) end this
        page, and its last lines (as many) lead into what follows on the next one; a
        paragraph split over a page, its end kept with what it announces. None if it has
        too few lines or they do not fit."""
        last = self.leaders[-1]
        if not isinstance(last, Paragraph) or not getattr(last, "_lead_in", False):
            return None
        above = self.leaders[:-1]
        _, height = _listWrapOn(above, aW, canv)
        gap = max(above[-1].getSpaceAfter(), last.getSpaceBefore()) if above else 0.0
        lines = _lines(last, aW)
        leading = last.style.leading
        fit = min(int((aH - height - gap) / leading + 1e-6), lines - PARAGRAPH_LINES)
        if fit < PARAGRAPH_LINES:
            return None
        parts = _split_in(last, frame, canv, aW, fit * leading + 1e-3)
        if len(parts) != 2 or isinstance(parts[0], ActionFlowable):
            return None
        head = KeepTogether(above + [parts[0]]) if above else parts[0]
        if _height(head, aW, aH, canv) > aH + 1e-6:
            return None
        return [head, Lead([lead_in(parts[1])], self.follower)]

    def _first(self, part: Flowable, aW: float, aH: float, canv) -> KeepTogether | None:
        """The leaders with `part`, the first part of what follows them, if it fits."""
        first = KeepTogether(self.leaders + [part])
        return first if _height(first, aW, aH, canv) <= aH + 1e-6 else None


class Section(KeepTogether):
    """A short section (or table) kept on one page unless moving it would leave a big hole
    (module docstring); then its flowables flow, headings and lead-ins kept with what
    follows them (`flowing`)."""

    def __init__(self, flowables: list[Flowable], flowing: Callable[[list], list] = list,
                 whole: bool = False):
        super().__init__(flowables)
        self.flowing = flowing
        self.whole = whole  # never split if it fits a page (a short table), whatever hole

    def split(self, aW, aH, above: float = 0.0):
        """`above`: the height of the leaders (a heading, a lead-in) kept with it, which
        move with it and so leave their room empty too (`Lead`)."""
        content = _content_at(self, aW, aH)
        if self._H <= aH:
            return _queued(content)
        frame = frame_height(self)
        if (frame and not at_top(self) and (self.whole or aH + above < SMALL_HOLE * frame)
                and self._H <= frame):
            return [FrameBreak()] + content
        return _queued(self.flowing(content))


def _height(flowable, aW: float, aH: float, canv=None) -> float:
    """What `flowable` takes on the page (a container: what it holds)."""
    had = "canv" in flowable.__dict__
    if not had:
        flowable.canv = canv
    try:
        height = flowable.wrap(aW, aH)[1]
    finally:
        if not had:
            flowable.__dict__.pop("canv", None)
    return getattr(flowable, "_H", height) if isinstance(flowable, KeepTogether) else height


def _fill(followers: list[Flowable], frame, canv, aW: float, aH: float):
    """As much of `followers` as fits in `aH`, as the frame would lay it out: a paragraph
    split by its lines, a container (a heading with what follows, a short section) opened
    as it would open there. Returns (what fits, the height it takes, what is left). A
    leader (a heading, a lead-in) is never the last thing that fits."""
    taken: list[Flowable] = []
    used = 0.0
    rest = list(followers)
    previous_after = 0.0
    while rest:
        flowable = rest[0]
        if isinstance(flowable, ActionFlowable):
            break
        gap = max(previous_after, flowable.getSpaceBefore()) if taken else 0.0
        room = aH - used - gap
        if room <= 0:
            break
        height = _height(flowable, aW, room, canv)
        if height <= room:
            taken.append(rest.pop(0))
            used += gap + height
            previous_after = flowable.getSpaceAfter()
            continue
        parts = _split_in(flowable, frame, canv, aW, room)
        if not parts or isinstance(parts[0], ActionFlowable) and not isinstance(
                parts[0], NullActionFlowable):
            break  # it goes to the next page
        if isinstance(flowable, KeepTogether):  # a container: go on with what it holds
            rest[0:1] = [f for f in parts if not isinstance(f, NullActionFlowable)]
            continue
        if len(parts) > 1 and _height(parts[0], aW, room, canv) <= room:
            taken.append(parts[0])
            used += gap + _height(parts[0], aW, room, canv)
            rest[0:1] = parts[1:]
        break
    while taken and is_leader(taken[-1]):
        rest.insert(0, taken.pop())
        used = None
    if used is None:
        used = sum(_height(f, aW, aH, canv) for f in taken)
    return taken, used, rest


class FigureBlock(KeepTogether):
    """A numbered figure with its caption: kept on one page, and it floats (`Float`)."""


class Float(KeepTogether):
    """A box (or a figure) that floats: when it would leave a big hole here (its first part
    small, or nothing of it fitting), what follows it (`followers`, chosen by `floating`)
    fills the page, and the box opens the next one; the rest of what follows comes after
    it. It floats only if that leaves `FLOAT_GAIN` of a page less blank."""

    def __init__(self, box: Flowable, followers: list[Flowable], figure: bool = False):
        super().__init__([box] + list(followers))
        self.box = box
        self.followers = list(followers)
        self.figure = figure  # a figure may float past headings and boxes

    def follow(self, flowable: Flowable) -> None:
        self.followers.append(flowable)
        self._content.append(flowable)

    def split(self, aW, aH):
        _content_at(self, aW, aH)
        content = [self.box] + self.followers
        if self._H <= aH:
            return _queued(content)
        frame = getattr(self, "_frame", None)
        canv = getattr(self, "canv", None)
        height = frame_height(self)
        if _height(self.box, aW, aH, canv) <= aH:
            return _queued(content)  # the box fits: the text after it flows on
        parts = _split_in(self.box, frame, canv, aW, aH)
        placed = [f for f in parts[:2] if not isinstance(f, NullActionFlowable)][:1]
        if placed and not isinstance(placed[0], ActionFlowable):
            hole = aH - _height(placed[0], aW, aH, canv)
        else:
            hole = aH
        if height and not at_top(self) and hole > FLOAT_GAIN * height:
            taken, used, rest = _fill(self.followers, frame, canv, aW, aH)
            if taken and hole - (aH - used) >= FLOAT_GAIN * height:
                while rest and isinstance(rest[0], _FrameBreak):
                    del rest[0]  # (a box split in the hole: its rest follows the float)
                return _queued(taken + [FrameBreak(), self.box] + rest)
        if parts:
            return _queued(list(parts) + self.followers)
        if frame is None or getattr(frame, "_atTop", 0):
            return _queued(content)
        return [FrameBreak()] + content


def is_leader(flowable) -> bool:
    """A heading, or a paragraph marked as leading into what follows (`lead_in`)."""
    return bool(getattr(flowable, "_lead_in", False)) or bool(
        getattr(getattr(flowable, "style", None), "keepWithNext", 0))


def lead_in(paragraph):
    """`paragraph` marked as a lead-in: it stays with what follows it."""
    paragraph._lead_in = True
    return paragraph


def floating(flowables: list[Flowable]) -> list[Flowable]:
    """A chapter's `flowables` with each box or figure (or one led into by a lead-in) made
    a `Float` over what follows it: a box over the paragraphs and lists of its section (up
    to the next heading, box or figure), a figure over anything up to the next figure or
    the next heading of its own section's level or higher (a figure floats into the
    subsections of its section, never out of it: it stays with the text that cites it)."""
    out: list[Flowable] = []
    pending: Float | None = None
    level = section = 1  # the level of the last heading; that of the pending figure's
    for flowable in flowables:
        head = flowable.follower if isinstance(flowable, Lead) else flowable
        heading = min((found for leader in (flowable.leaders if isinstance(flowable, Lead)
                                            else [flowable])
                       if (found := heading_level(leader)) is not None), default=None)
        if heading is not None:
            level = heading
            if pending is not None and pending.figure and heading <= section:
                pending = None
        if isinstance(head, Box) and pending is not None and pending.figure:
            pending.follow(flowable)  # a box may fill the hole a figure leaves
            continue
        if isinstance(head, (Box, FigureBlock)):
            pending = Float(flowable, [], figure=isinstance(head, FigureBlock))
            section = level
            out.append(pending)
            continue
        if pending is not None and not isinstance(flowable, ActionFlowable) and (
                pending.figure or (_flows(flowable) and not is_leader(flowable))):
            pending.follow(flowable)
            continue
        pending = None
        out.append(flowable)
    return [f.box if isinstance(f, Float) and not f.followers else f for f in out]


def _one_line_under_a_heading(flowable, leaders: list[Flowable], width: float) -> bool:
    return (isinstance(flowable, Paragraph) and bool(leaders)
            and heading_level(leaders[-1]) is not None and _lines(flowable, width) == 1)


def heading_level(flowable) -> int | None:
    """A heading's level (1: a chapter's title; story.Heading sets `level`), None for
    anything else."""
    level = getattr(flowable, "level", None)
    return level if isinstance(level, int) else None


def _flows(flowable) -> bool:
    """Text that may fill a hole a box leaves: a paragraph or a list."""
    return isinstance(flowable, (Paragraph, ListFlowable))


def kept_with_next(flowables: list[Flowable], width: float | None = None) -> list[Flowable]:
    """`flowables` with every run of leaders joined to the flowable after it (`Lead`). With
    the column's `width`, a paragraph of one line right under a heading is one of its
    leaders when text follows it: a heading is never left at a page's foot with a single
    line under it (solo p. 18's «Caballero a pie» and its one sentence, its list overleaf).
    (Not before a box or a figure: they float, and leaders must not float with them past
    their section's text.)"""
    out: list[Flowable] = []
    leaders: list[Flowable] = []
    for k, flowable in enumerate(flowables):
        if is_leader(flowable) or (
                width is not None and k + 1 < len(flowables) and _flows(flowables[k + 1])
                and _one_line_under_a_heading(flowable, leaders, width)):
            leaders.append(flowable)
            continue
        if leaders and not isinstance(flowable, ActionFlowable):
            out.append(Lead(leaders, flowable))
        else:
            out.extend(leaders)
            out.append(flowable)
        leaders = []
    out.extend(leaders)
    return out
