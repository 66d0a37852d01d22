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
from .story import Heading, StoryContext, book_story
from .styles import color, make_styles

PAGE_SIZES = {PageSize.A5: A5, PageSize.A4: A4, PageSize.LETTER: LETTER}
MAX_PASSES = 5


@dataclass(frozen=True)
class Geometry:
    """Margins and type size by page size: A5 is a hand-held booklet, A4/Letter a sheet."""

    page: tuple[float, float]
    inner: float
    outer: float
    top: float
    bottom: float
    base_size: float

    @classmethod
    def for_size(cls, size: PageSize) -> "Geometry":
        page = PAGE_SIZES[size]
        if size == PageSize.A5:
            return cls(page, 16 * mm, 14 * mm, 17 * mm, 16 * mm, 9.6)
        return cls(page, 24 * mm, 22 * mm, 22 * mm, 22 * mm, 10.8)

    @property
    def frame_width(self) -> float:
        return self.page[0] - self.inner - self.outer


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
        g = geometry
        width, height = g.page
        self.measuring = measuring
        if measuring:
            self._doSave = 0  # the measuring pass writes no file
        frame = MeasuringFrame if measuring else Frame
        body = frame(g.inner, g.bottom, g.frame_width, height - g.top - g.bottom, id="body",
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        cover = frame(g.inner, g.bottom, g.frame_width, height - g.top - g.bottom, id="cover")
        self.addPageTemplates([
            PageTemplate("cover", [cover], onPage=self._draw_cover),
            PageTemplate("body", [body], onPage=self._start_page, onPageEnd=self._draw_running),
        ])
        self.styles = make_styles(g.base_size, meta.language)

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
    geometry = Geometry.for_size(size or book.meta.page_size)
    # With no pages known, the first pass only measures: nothing is drawn or saved, and
    # figures are stood in for by blank space of their size, which lays out the same.
    draft = not pages
    pages = dict(pages or {})
    for _ in range(MAX_PASSES):
        buffer = io.BytesIO()
        doc = BookDocTemplate(buffer, book, geometry, measuring=draft)
        ctx = StoryContext(book, doc.styles, pages, geometry.frame_width,
                           {r.example.id: r for r in replays}, figures, draft)
        doc.build(book_story(ctx))
        if doc.anchor_pages == pages and not draft:
            return buffer.getvalue(), pages
        pages, draft = doc.anchor_pages, False
    raise RenderError(f"{book.slug}: page numbers did not settle after {MAX_PASSES} passes")
