"""Page geometry, running heads, bookmarks, and the passes that settle page numbers.

ReportLab's own TableOfContents needs `multiBuild`, and our "see p. N" cross-references need
the same: a first pass records the page of every heading, the next pass prints them. One
mechanism serves both: the story is rebuilt from the recorded pages until they stop moving.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, A5, LETTER
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from .. import palette
from ..content.model import Book, PageSize
from ..errors import RenderError
from ..labels import labels
from .fonts import SANS, SANS_SEMIBOLD
from .ornament import HEX_STEP, hexagon
from .story import Heading, StoryContext, book_story, sheet_story, title_block
from .styles import color, make_styles, sheet_styles

PAGE_SIZES = {PageSize.A5: A5, PageSize.A4: A4, PageSize.LETTER: LETTER}
MAX_PASSES = 5


@dataclass(frozen=True)
class Geometry:
    """Margins and type size by page size: A5 is a hand-held booklet, A4/Letter a sheet.

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

    @classmethod
    def for_size(cls, size: PageSize) -> "Geometry":
        page = PAGE_SIZES[size]
        if size == PageSize.A5:
            return cls(page, 16 * mm, 14 * mm, 17 * mm, 16 * mm, 9.6)
        return cls(page, 24 * mm, 22 * mm, 22 * mm, 22 * mm, 10.8)

    @classmethod
    def for_sheet(cls, size: PageSize, base_size: float) -> "Geometry":
        page = PAGE_SIZES[size]
        if size == PageSize.A5:  # one column: two on 148 mm would be 60 mm each
            return cls(page, 11 * mm, 11 * mm, 11 * mm, 13 * mm, base_size)
        return cls(page, 11 * mm, 11 * mm, 11 * mm, 13 * mm, base_size, 2, 6 * mm)

    @property
    def text_width(self) -> float:
        """From margin to margin: the width of a sheet's title block."""
        return self.page[0] - self.inner - self.outer

    @property
    def frame_width(self) -> float:
        """The width text is set to: the page's, or one column's."""
        return (self.text_width - self.gutter * (self.columns - 1)) / self.columns


#: A sheet's body sizes, in points, largest first: it is set at the first at which it fits on
#: two pages. The smallest keeps every line of the sheet (table cells, captions, an example's
#: positions: 0.85 of the body) above 6 pt.
SHEET_SIZES = (9.2, 8.8, 8.4, 8.0, 7.8, 7.6, 7.4, 7.2, 7.1)
SHEET_PAGES = 2  # front and back of one sheet
#: On A5 a sheet has one column, 126 mm wide: set smaller than this, its lines would pass
#: 90 characters, too long to read.
SHEET_SMALLEST_A5 = 8.4


def sheet_sizes(size: PageSize) -> tuple[float, ...]:
    """The body sizes a sheet on `size` may be set at, largest first."""
    if size == PageSize.A5:
        return tuple(s for s in SHEET_SIZES if s >= SHEET_SMALLEST_A5)
    return SHEET_SIZES


def _skip_drawing(canvas, x, y, _sW=0) -> None:
    """What a flowable draws in a measuring pass: nothing."""


class MeasuringFrame(Frame):
    """Lays flowables out exactly as a Frame does, without drawing them.

    A pass that only measures where headings fall needs every wrap and split, and none of
    the drawing, which is a third of a pass's time.
    """

    def _add(self, flowable, canv, trySplit=0):
        flowable.drawOn = _skip_drawing
        try:
            return super()._add(flowable, canv, trySplit)
        finally:
            flowable.__dict__.pop("drawOn", None)

    add = _add  # Frame binds `add = _add` in its class body: the documents call `add`


class BookDocTemplate(BaseDocTemplate):
    """Records where each heading lands, bookmarks it, and draws the running head."""

    def __init__(self, buffer, book: Book, geometry: Geometry, measuring: bool = False, **kw):
        meta = book.meta
        super().__init__(buffer, pagesize=geometry.page, title=meta.title,
                         subject=meta.subtitle, author="; ".join(c.who for c in meta.credits),
                         creator="rulebook-generator", lang=meta.language,
                         initialFontName=SANS, **kw)
        self.book = book
        self.geometry = geometry
        self.anchor_pages: dict[str, int] = {}
        self.running_title = ""
        self._outline_level = -1
        self._page_heading = ""      # first chapter that starts on the current page
        self._page_start_title = ""  # chapter in force when the current page began
        self.sheet_pages = 0         # a sheet's page count, for its footer ("1/2")
        g = geometry
        width, height = g.page
        self.measuring = measuring
        if measuring:
            self._doSave = 0  # the measuring pass writes no file
        self.frame_class = MeasuringFrame if measuring else Frame
        if meta.sheet:
            self.styles = sheet_styles(g.base_size, meta.language)
            return  # its page templates wait for the title block's height (sheet_templates)
        frame = self.frame_class
        body = frame(g.inner, g.bottom, g.frame_width, height - g.top - g.bottom, id="body",
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        cover = frame(g.inner, g.bottom, g.frame_width, height - g.top - g.bottom, id="cover")
        self.addPageTemplates([
            PageTemplate("cover", [cover], onPage=self._draw_cover),
            PageTemplate("body", [body], onPage=self._start_page, onPageEnd=self._draw_running),
        ])
        self.styles = make_styles(g.base_size, meta.language)

    def sheet_templates(self, title_height: float, pages: int) -> None:
        """A sheet's pages: the first with the title block across the top and the columns
        under it, the second with the columns from the top margin. `pages` is the count a
        previous pass laid out, for the footer."""
        g = self.geometry
        width, height = g.page
        frame = self.frame_class
        self.sheet_pages = pages
        gap = g.base_size * 1.1  # between the title block's rule and the columns

        def columns(top: float, name: str) -> list[Frame]:
            return [frame(g.inner + n * (g.frame_width + g.gutter), g.bottom, g.frame_width,
                          top - g.bottom, id=f"{name}{n}", leftPadding=0, rightPadding=0,
                          topPadding=0, bottomPadding=0) for n in range(g.columns)]

        top = height - g.top
        title = frame(g.inner, top - title_height, g.text_width, title_height, id="title",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("sheet-first", [title] + columns(top - title_height - gap, "first"),
                         onPage=self._draw_sheet_band, onPageEnd=self._draw_sheet_foot,
                         autoNextPageTemplate="sheet"),
            PageTemplate("sheet", columns(top, "column"), onPageEnd=self._draw_sheet_foot),
        ])

    def afterFlowable(self, flowable) -> None:
        if isinstance(flowable, Heading):
            # The heading's own <a name> is the destination (at its spot, not page top).
            self.anchor_pages.setdefault(flowable.anchor, self.page)
            if self.measuring:  # nothing drawn, so no destinations to point at
                if flowable.level == 0:
                    self.running_title = flowable.chapter_title
                return
            # The outline cannot skip a level; a heading deeper than its parent is clamped.
            level = min(flowable.level, self._outline_level + 1)
            self._outline_level = level
            self.canv.addOutlineEntry(flowable.outline_title, flowable.anchor,
                                      level=level, closed=level > 0)
            if flowable.level == 0:
                self.running_title = flowable.chapter_title
                self._page_heading = self._page_heading or flowable.chapter_title

    def _draw_cover(self, canv, doc) -> None:
        width, height = self.geometry.page
        canv.saveState()
        canv.setFillColor(color(palette.PAPER))
        canv.rect(0, 0, width, height, stroke=0, fill=1)
        band = height * 0.16
        canv.setFillColor(color(palette.ACCENT))
        canv.rect(0, height - band, width, band, stroke=0, fill=1)
        canv.rect(0, 0, width, band * 0.35, stroke=0, fill=1)
        _hexagon_row(canv, width, height - band * 0.5, band * 0.3)
        canv.restoreState()

    def _start_page(self, canv, doc) -> None:
        self._page_heading = ""
        self._page_start_title = self.running_title

    def _draw_running(self, canv, doc) -> None:
        """Head: the book, and the first chapter starting on the page (else the one in force)."""
        g = self.geometry
        width, height = g.page
        size = g.base_size * 0.78
        canv.saveState()
        canv.setFont(SANS, size)
        canv.setFillColor(color(palette.MUTED))
        y_head = height - g.top + 5.5 * mm
        canv.drawString(g.inner, y_head, self.book.meta.title)
        canv.drawRightString(width - g.outer, y_head,
                             self._page_heading or self._page_start_title)
        canv.setStrokeColor(color(palette.RULE_LINE))
        canv.setLineWidth(0.4)
        canv.line(g.inner, y_head - 2 * mm, width - g.outer, y_head - 2 * mm)
        y_foot = g.bottom - 8.5 * mm
        words = labels(self.book.meta.language)
        canv.drawString(g.inner, y_foot, f'{words["version"]} {self.book.meta.version}')
        canv.setFont(SANS_SEMIBOLD, size * 1.1)
        canv.setFillColor(color(palette.ACCENT))
        canv.drawRightString(width - g.outer, y_foot, str(canv.getPageNumber()))
        canv.restoreState()

    def _draw_sheet_band(self, canv, doc) -> None:
        """The cover's accent band, narrow, at the top of a sheet's front."""
        width, height = self.geometry.page
        band = self.geometry.top * 0.42
        canv.saveState()
        canv.setFillColor(color(palette.ACCENT))
        canv.rect(0, height - band, width, band, stroke=0, fill=1)
        _hexagon_row(canv, width, height - band * 0.5, band * 0.32)
        canv.restoreState()

    def _draw_sheet_foot(self, canv, doc) -> None:
        """A two-page sheet's footer: the title and version, and "1/2 · sigue al dorso" or
        "2/2". A one-page sheet needs none."""
        if self.sheet_pages < 2:
            return
        g = self.geometry
        width, _ = g.page
        words = labels(self.book.meta.language)
        number = canv.getPageNumber()
        size = max(6.5, g.base_size * 0.8)
        y = g.bottom * 0.5
        canv.saveState()
        canv.setFont(SANS, size)
        canv.setFillColor(color(palette.MUTED))
        canv.drawString(g.inner, y, f'{self.book.meta.title} · {words["version"]} '
                                    f'{self.book.meta.version}')
        mark = f"{number}/{self.sheet_pages}"
        turn = f' · {words["overleaf"]}' if number < self.sheet_pages else ""
        right = width - g.outer
        if turn:
            canv.drawRightString(right, y, turn)
            right -= canv.stringWidth(turn, SANS, size)
        canv.setFont(SANS_SEMIBOLD, size)
        canv.setFillColor(color(palette.ACCENT))
        canv.drawRightString(right, y, mark)
        canv.restoreState()


def _hexagon_row(canv, width: float, y: float, radius: float) -> None:
    """A row of pale hexagons, the board's tiles, as the cover's only ornament."""
    canv.setStrokeColor(color("#ffffff"))
    canv.setLineWidth(0.8)
    cx = radius * HEX_STEP / 2
    while cx < width:
        hexagon(canv, cx, y, radius)
        cx += radius * HEX_STEP


def render_pdf(book: Book, size: PageSize | None = None, replays=(),
               pages: dict[str, int] | None = None,
               figures=None) -> tuple[bytes, dict[str, int]]:
    """The book's PDF, laid out until every recorded page number is the one printed.

    `pages` are the anchors' pages from a previous build, if any (as LaTeX keeps its .aux):
    when the content has not moved them, one pass confirms them and the build is done.
    Returns the PDF and the pages it settled on.
    """
    size = size or book.meta.page_size
    if book.meta.sheet:
        return _render_sheet(book, size, replays, pages, figures)
    geometry = Geometry.for_size(size)
    pdf, pages, _ = _settle(book, geometry, replays, pages, figures)
    return pdf, pages


def _layout(book: Book, geometry: Geometry, replays, pages: dict[str, int], figures,
            draft: bool, sheet_pages: int = 0) -> tuple[BookDocTemplate, io.BytesIO]:
    """One layout pass: the document laid out (drawn and saved unless `draft`)."""
    buffer = io.BytesIO()
    doc = BookDocTemplate(buffer, book, geometry, measuring=draft)
    ctx = StoryContext(book, doc.styles, pages, geometry.frame_width,
                       {r.example.id: r for r in replays}, figures, draft)
    if book.meta.sheet:
        title = title_block(ctx, geometry.text_width)
        _, height = title.wrap(geometry.text_width, geometry.page[1])
        doc.sheet_templates(height + 0.5, sheet_pages)
        story = sheet_story(ctx, title)
    else:
        story = book_story(ctx)
    doc.build(story)
    return doc, buffer


def _settle(book: Book, geometry: Geometry, replays, pages: dict[str, int] | None,
            figures, count: int = 0) -> tuple[bytes, dict[str, int], int]:
    """Passes until the pages recorded are the pages printed (and, on a sheet, until the
    page count its footer prints, `count` at first, is the count laid out). Returns the PDF,
    the anchors' pages and the page count."""
    # With no pages known, the first pass only measures: nothing is drawn or saved, and
    # figures are stood in for by blank space of their size, which lays out the same.
    draft = not pages
    pages = dict(pages or {})
    for _ in range(MAX_PASSES):
        doc, buffer = _layout(book, geometry, replays, pages, figures, draft, count)
        settled = not book.meta.sheet or doc.page == count
        if doc.anchor_pages == pages and not draft and settled:
            return buffer.getvalue(), pages, doc.page
        pages, draft, count = doc.anchor_pages, False, doc.page
    raise RenderError(f"{book.slug}: page numbers did not settle after {MAX_PASSES} passes")


def _render_sheet(book: Book, size: PageSize, replays, pages: dict[str, int] | None,
                  figures) -> tuple[bytes, dict[str, int]]:
    """A sheet at the largest of its sizes (`sheet_sizes`) at which it fits on two pages;
    one that does not fit even at the smallest stops the build at book.yaml's `layout`."""
    sizes = sheet_sizes(size)
    measured: dict[int, tuple[int, dict[str, int]]] = {}

    def fits(index: int) -> bool:
        doc, _ = _layout(book, Geometry.for_sheet(size, sizes[index]), replays, {}, figures,
                         True)
        measured[index] = doc.page, doc.anchor_pages
        return doc.page <= SHEET_PAGES

    # The first size that fits (page counts only grow with the type), by bisection:
    # every size before `low` is too large; `high` fits, or is past the smallest.
    low, high = 0, len(sizes)
    while low < high:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle + 1
    count = measured[len(sizes) - 1][0] if high == len(sizes) else 0
    for index in range(high, len(sizes)):
        # A measuring pass prints "p. ?" where the final one prints "p. 2": at the very
        # edge a sheet may need one size less once the numbers are in.
        count, found = measured.get(index) or (0, None)
        pdf, settled, count = _settle(book, Geometry.for_sheet(size, sizes[index]), replays,
                                      pages or found, figures, count)
        if count <= SHEET_PAGES:
            return pdf, settled
        pages = None
    raise _too_long(book, size, count, sizes[-1])


def _too_long(book: Book, size: PageSize, needed: int, smallest: float):
    """The located error for a sheet that needs more than two pages."""
    from ..content.yamlsource import read_yaml
    doc = read_yaml(book.folder / "book.yaml")
    own = size == book.meta.page_size
    return doc.error(("layout",), f"the sheet needs {needed} pages on {size.value}"
                     f"{'' if own else ' (--page-size)'}, even with its type at "
                     f"{smallest} pt, and a sheet is one or two pages (front and back)",
                     "chapters shortened to fit, or layout: rulebook" + (
                         "" if own else f", or the book's own page size "
                                        f"({book.meta.page_size.value})"))
