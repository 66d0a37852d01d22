"""Page geometry, running heads, bookmarks, and the passes that settle page numbers.

ReportLab's own TableOfContents needs `multiBuild`, and our "see p. N" cross-references need
the same: a first pass records the page of every heading, the next pass prints them. One
mechanism serves both: the story is rebuilt from the recorded pages until they stop moving.

A rulebook's pages are mirrored: page 1 (the cover) is a right-hand page, so odd pages are
right-hand and even pages left-hand; the inner margin (`Geometry.inner`) is at the spine on
both, and the running head's chapter and the page number are at the outer corner. The head
names the chapter in force at the top of the page: the last chapter that began on an earlier
page, or the one that begins at the very top of this one; a chapter that starts lower down
is named from the next page on. The cover, the contents page, the notes pages and the back
cover have no running head (they carry their own title), and the covers no folio. The book
ends with the back cover on an even page, the count padded to a multiple of the book's
signature (`Geometry.signature`: 4 on A5, a saddle-stitched booklet; 2 on A4 and Letter, so
the back cover is the back of the last leaf) with pages chosen on purpose (story.py
`back_matter`: the quick reference on pages of its own, then notes pages).

The print-shop edition (`render_press_pdf`) is the same layout on a larger page: every page
is the trim (TrimBox) with 3 mm of bleed around it (BleedBox), into which the covers' bands
and paper colour run, and a slug beyond that for the crop marks (registration colour) and a
one-line page label; colours converted to CMYK for FOGRA39 and the file made PDF/X-4
(press.py).
"""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from generator.core import palette
from generator.content.model import Book, Companion
from generator.core.page import PAGE_SIZES, Geometry, PageSize
from generator.errors import RenderError
from generator.core.labels import labels
from generator.core.typography import curl
from generator.core.fonts import names, register_fonts
from generator.draw.ornament import emblem, motif_row
from generator.draw.press import REGISTRATION, PressMeta, to_cmyk, to_pdfx
from generator.pdf.story import (BackMatter, Heading, StoryContext, back_cover, book_story,
                                 sheet_story, title_block)
from generator.draw.styles import color, make_styles, sheet_styles

MAX_PASSES = 5
#: The print-shop edition: bleed around the trim, and beyond it the slug that holds the crop
#: marks and the page label (as on the print-shop card files: sheets/render.py's SLUG).
BLEED_MM = 3.0
SLUG_MM = 10.0


#: The covers' accent bands: the head band's share of the page height, and the foot band's
#: share of the head band.
COVER_BAND = 0.16
FOOT_BAND = 0.35
#: The front cover's emblem: its centre's height above the foot band, and its radius, as
#: shares of the page's height and width.
EMBLEM_HEIGHT = 0.19
EMBLEM_RADIUS = 0.06


#: A sheet's body sizes, in points, largest first: it is set at the first at which it fits on
#: two pages. The smallest keeps every line of the sheet (table cells, captions, an example's
#: positions: 0.85 of the body) above 6 pt.
SHEET_SIZES = (12.0, 11.5, 11.0, 10.5, 10.0, 9.6, 9.2, 8.8, 8.4, 8.0, 7.8, 7.6, 7.4, 7.2, 7.1)
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


def back_frame_height(height: float) -> float:
    """The height of the back cover's text frame on a page `height` points tall: under the
    top band, over the foot band and the margins kept clear of them."""
    band = height * COVER_BAND
    return height - band - band * FOOT_BAND - 12 * mm - 14 * mm


def back_cover_misfit(book: Book) -> tuple[str, str] | None:
    """Whether the back cover cannot hold what book.yaml puts on it (title, subtitle, edition
    note, credits, rights line: one page, never split) at some page size the book may be
    built at: (what is wrong, what is expected), for `rulebook check`; None when it can.
    Measured with the story's own back cover, so that check refuses what build could not
    lay out."""
    if book.meta.sheet:
        return None
    register_fonts()
    for size in PageSize:
        geometry = Geometry.for_size(size)
        styles = make_styles(geometry.base_size, book.meta.language, palette.theme_of(book.meta))
        ctx = StoryContext(book, styles, {}, geometry.frame_width)
        room = back_frame_height(geometry.page[1])
        need, first = 0.0, True
        for flowable in back_cover(ctx, 999)[2:]:  # after its page template and break
            _, height = flowable.wrap(geometry.frame_width, room)
            height = getattr(flowable, "_need", height)  # the foot: what it stacks
            need += height + (0 if first else flowable.getSpaceBefore()) \
                + flowable.getSpaceAfter()
            first = False
        if need > room:
            return (f"the back cover holds the title, edition note, credits and rights line on "
                    f"one page: at {size.value} they take {need / mm:.0f} mm of its "
                    f"{room / mm:.0f} mm",
                    "fewer or shorter credits, or a shorter edition note or rights line")
    return None


class BookDocTemplate(BaseDocTemplate):
    """Records where each heading lands, bookmarks it, and draws the running head.

    With `press`, the print-shop edition: each page is the trim with bleed and a slug around
    it (`offset` on every side), drawn in CMYK (`to_cmyk`), with TrimBox, BleedBox and crop
    marks; everything else is laid out and drawn exactly as in the reading edition, moved by
    the offset."""

    def __init__(self, buffer, book: Book, geometry: Geometry, measuring: bool = False,
                 press: bool = False, **kw):
        meta = book.meta
        self.printed_title = curl(meta.title)  # as the running heads and slugs print it
        self.press = press
        self.bleed = BLEED_MM * mm if press else 0.0
        self.offset = (BLEED_MM + SLUG_MM) * mm if press else 0.0
        width, height = geometry.page
        media = (width + 2 * self.offset, height + 2 * self.offset)
        if press:
            kw["enforceColorSpace"] = to_cmyk
        # A dossier is its own document in a reader's list of open files and in its search.
        title = (f"{meta.title} — {labels(meta.language)['dossier']}" if book.dossier
                 else meta.title)
        super().__init__(buffer, pagesize=media, title=title,
                         subject=meta.subtitle, author="; ".join(c.who for c in meta.credits),
                         creator="rulebook-generator", lang=meta.language,
                         initialFontName=names().sans, **kw)
        self.book = book
        self.geometry = geometry
        self.anchor_pages: dict[str, int] = {}
        self.running_title = ""
        self._outline_level = -1
        self._page_title = ""        # the chapter in force at the top of the current page
        self._page_role = "body"     # "front", "notes": pages with no running head
        self.sheet_pages = 0         # a sheet's page count, for its footer ("1/2")
        self.promised_pages: int | None = None  # the count the back cover prints
        g = geometry
        self.measuring = measuring
        if measuring:
            self._doSave = 0  # the measuring pass writes no file
        self.frame_class = MeasuringFrame if measuring else Frame
        self.theme = palette.theme_of(meta)
        if meta.sheet:
            self.styles = sheet_styles(g.base_size, meta.language, self.theme)
            return  # its page templates wait for the title block's height (sheet_templates)
        frame = self.frame_class

        def body(side: str, x: float) -> PageTemplate:
            return PageTemplate(side, [frame(x, g.bottom, g.frame_width,
                                             height - g.top - g.bottom, id=side,
                                             leftPadding=0, rightPadding=0, topPadding=0,
                                             bottomPadding=0)],
                                onPage=self._start_page, onPageEnd=self._draw_running)

        cover = frame(g.inner, g.bottom, g.frame_width, height - g.top - g.bottom, id="cover")
        band = height * COVER_BAND
        back = frame(g.outer, band * FOOT_BAND + 12 * mm, g.frame_width,
                     back_frame_height(height), id="back",
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("cover", [cover], onPage=self._draw_front_cover),
            body("right", g.inner),  # odd pages: the spine on the left
            body("left", g.outer),   # even pages: the spine on the right
            PageTemplate("back", [back], onPage=self._draw_cover),
        ])
        self.styles = make_styles(g.base_size, meta.language, self.theme)

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

    # --- pages: mirrored templates, and the print-shop edition's trim, bleed and marks -----

    def handle_pageBegin(self) -> None:
        """A body page takes the template of its side (odd: right, even: left), whatever
        template the previous page named; in the print-shop edition the page is moved onto
        its trim, inside the bleed and the slug."""
        if self.pageTemplate.id in ("left", "right"):
            side = "right" if (self.page + 1) % 2 else "left"
            if self.pageTemplate.id != side:
                self.pageTemplate = next(t for t in self.pageTemplates if t.id == side)
        if self.press:
            width, height = self.geometry.page
            o, b = self.offset, self.bleed
            self.canv.setTrimBox((o, o, o + width, o + height))
            self.canv.setBleedBox((o - b, o - b, o + width + b, o + height + b))
            self.canv.translate(o, o)
        super().handle_pageBegin()

    def afterPage(self) -> None:
        if self.press:
            self._draw_marks(self.canv)

    def _draw_marks(self, canv) -> None:
        """Crop marks at the trim's edges, from 1 mm outside the bleed outward through the
        slug, in the registration colour; the book and the page number along the foot of
        the slug (print shops' imposition checks pages by it)."""
        from generator.core.sheet import Layout

        width, height = (v / mm for v in self.geometry.page)
        edge = BLEED_MM + SLUG_MM
        media = (width + 2 * edge, height + 2 * edge)
        layout = Layout(media, width, height, BLEED_MM, 1, 1, (SLUG_MM, SLUG_MM))
        canv.saveState()
        canv.translate(-self.offset, -self.offset)
        canv.setStrokeColor(REGISTRATION)
        canv.setLineWidth(0.25)
        for x1, y1, x2, y2 in layout.crop_marks():
            canv.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
        words = labels(self.book.meta.language)
        canv.setFont(names().sans, 6.5)
        canv.setFillColor(color(palette.MUTED))
        canv.drawString((edge + 2) * mm, 1.9 * mm,
                        f'{self.printed_title} · {words["version"]} {self.book.meta.version}'
                        f' · {words["page"]}\u00a0{canv.getPageNumber()}')
        canv.restoreState()

    # --- the story as it is laid out ---------------------------------------------------------

    def handle_flowable(self, flowables) -> None:
        if flowables and isinstance(flowables[0], BackMatter):
            # The content ends on this page: the back matter, to a multiple of the
            # signature counting the back cover. (Read here, not laid out: a page filled
            # to its foot would move even a marker of no size to a new page.)
            marker = flowables.pop(0)
            frame = self.frame
            flowables[0:0], self.promised_pages = marker.make(
                self.page, frame._aH, frame._aW, self.canv, self.geometry.signature)
            return
        super().handle_flowable(flowables)

    def afterFlowable(self, flowable) -> None:
        role = getattr(flowable, "page_role", None)
        if role:
            self._page_role = role
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
                if self._at_top(flowable):
                    self._page_title = flowable.chapter_title

    def _at_top(self, flowable) -> bool:
        """Whether `flowable`, just laid out, is the first thing on its page: nothing above
        it in the frame but itself (a zero-size marker takes no room)."""
        frame = self.frame
        used = frame._y2 - frame._topPadding - frame._y
        return used <= flowable.height + flowable.getSpaceAfter() + 1

    # --- drawing -----------------------------------------------------------------------------

    def _draw_cover(self, canv, doc) -> None:
        """The front and back covers' paper and accent bands (a wide one at the head with the
        book's motif in a row, a narrow one at the foot), run into the bleed in the press
        edition."""
        width, height = self.geometry.page
        b = self.bleed
        canv.saveState()
        canv.setFillColor(color(palette.PAPER))
        canv.rect(-b, -b, width + 2 * b, height + 2 * b, stroke=0, fill=1)
        band = height * COVER_BAND
        canv.setFillColor(color(self.theme.accent))
        canv.rect(-b, -b, width + 2 * b, band * FOOT_BAND + b, stroke=0, fill=1)
        _band(canv, self.theme, -b, height - band, width + 2 * b, band + b,
              height - band * 0.5, band * 0.3)
        canv.restoreState()

    def _draw_front_cover(self, canv, doc) -> None:
        """The front cover: the covers' paper and bands, and the book's emblem (its motif
        grown into a figure) centred in the lower part, between the title block and the
        foot band, so that the cover is composed top to bottom rather than half empty."""
        self._draw_cover(canv, doc)
        width, height = self.geometry.page
        foot = height * COVER_BAND * FOOT_BAND
        canv.saveState()
        canv.setStrokeColor(color(self.theme.accent_pattern))
        canv.setLineWidth(1.1)
        emblem(canv, self.theme.motif, width / 2, foot + height * EMBLEM_HEIGHT,
               width * EMBLEM_RADIUS)
        canv.restoreState()

    def _start_page(self, canv, doc) -> None:
        self._page_title = self.running_title
        self._page_role = "body"

    def _draw_running(self, canv, doc) -> None:
        """Head: the chapter in force at the top of the page at the outer corner, the book at
        the inner one, over a rule; foot: the page number at the outer corner, the version at
        the inner one. A page with its own title (contents, notes) has no head."""
        g = self.geometry
        width, height = g.page
        size = g.base_size * 0.78
        right = canv.getPageNumber() % 2 == 1
        left_x, right_x = g.left_margin(canv.getPageNumber()), width - (
            g.outer if right else g.inner)
        canv.saveState()
        canv.setFont(names().sans, size)
        canv.setFillColor(color(palette.MUTED))
        if self._page_role == "body":
            y_head = height - g.top + 5.5 * mm
            outer, inner = self._page_title, self.printed_title
            canv.drawString(left_x, y_head, inner if right else outer)
            canv.drawRightString(right_x, y_head, outer if right else inner)
            canv.setStrokeColor(color(palette.RULE_LINE))
            canv.setLineWidth(0.4)
            canv.line(left_x, y_head - 2 * mm, right_x, y_head - 2 * mm)
        y_foot = g.bottom - 8.5 * mm
        words = labels(self.book.meta.language)
        version = f'{words["version"]} {self.book.meta.version}'
        if right:
            canv.drawString(left_x, y_foot, version)
        else:
            canv.drawRightString(right_x, y_foot, version)
        canv.setFont(names().sans_semibold, size * 1.1)
        canv.setFillColor(color(self.theme.accent))
        number = str(canv.getPageNumber())
        if right:
            canv.drawRightString(right_x, y_foot, number)
        else:
            canv.drawString(left_x, y_foot, number)
        canv.restoreState()

    def _draw_sheet_band(self, canv, doc) -> None:
        """The cover's accent band, narrow, at the top of a sheet's front."""
        width, height = self.geometry.page
        band = self.geometry.top * 0.42
        b = self.bleed
        canv.saveState()
        canv.setFillColor(color(self.theme.accent))
        _band(canv, self.theme, -b, height - band, width + 2 * b, band + b,
              height - band * 0.5, band * 0.32)
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
        canv.setFont(names().sans, size)
        canv.setFillColor(color(palette.MUTED))
        canv.drawString(g.inner, y, f'{self.printed_title} · {words["version"]} '
                                    f'{self.book.meta.version}')
        mark = f"{number}/{self.sheet_pages}"
        turn = f' · {words["overleaf"]}' if number < self.sheet_pages else ""
        right = width - g.outer
        if turn:
            canv.drawRightString(right, y, turn)
            right -= canv.stringWidth(turn, names().sans, size)
        canv.setFont(names().sans_semibold, size)
        canv.setFillColor(color(self.theme.accent))
        canv.drawRightString(right, y, mark)
        canv.restoreState()


def _band(canv, theme: palette.Theme, x: float, y: float, width: float, height: float,
          row: float, radius: float) -> None:
    """An accent band in the current fill colour, with the book's motif outlined in white in
    a row centred at height `row` and across the band, clipped to it (so that in the print
    edition it runs into the bleed, not past it)."""
    canv.saveState()
    clip = canv.beginPath()
    clip.rect(x, y, width, height)
    canv.clipPath(clip, stroke=0, fill=1)
    canv.setStrokeColor(color("#ffffff"))
    canv.setLineWidth(0.8)
    motif_row(canv, theme.motif, x, width, row, radius)
    canv.restoreState()


def render_pdf(book: Book, size: PageSize | None = None, replays=(),
               pages: dict[str, int] | None = None, figures=None,
               companion: Companion | None = None) -> tuple[bytes, dict[str, int]]:
    """The book's PDF, laid out until every recorded page number is the one printed.

    `pages` are the anchors' pages from a previous build, if any (as LaTeX keeps its .aux):
    when the content has not moved them, one pass confirms them and the build is done.
    `companion`: what it prints of the book's other document (content.model.Companion).
    Returns the PDF and the pages it settled on.
    """
    size = size or book.meta.page_size
    companion = companion or Companion()
    if book.meta.sheet:
        return _render_sheet(book, size, replays, pages, figures, companion=companion)
    geometry = Geometry.for_size(size)
    pdf, pages, _ = _settle(book, geometry, replays, pages, figures, companion=companion)
    return pdf, pages


def render_press_pdf(book: Book, size: PageSize | None = None, replays=(),
                     pages: dict[str, int] | None = None, figures=None,
                     companion: Companion | None = None) -> bytes:
    """The print-shop edition of the book: the reading edition's pages (the same layout,
    given the pages it settled on) on the trim with 3 mm bleed and crop marks, in CMYK,
    as PDF/X-4 for FOGRA39 with the book's title, authors, subject and language."""
    size = size or book.meta.page_size
    if book.meta.sheet:
        pdf, _ = _render_sheet(book, size, replays, pages, figures, press=True,
                               companion=companion)
    else:
        pdf, _, _ = _settle(book, Geometry.for_size(size), replays, pages, figures, press=True,
                            companion=companion)
    return to_pdfx(pdf, press_meta(book, size, _page_count(pdf)))


def press_meta(book: Book, size: PageSize, count: int) -> PressMeta:
    """The print-shop edition's title, authors (the credits), subject (the subtitle and what
    the file is: size, pages, bleed) and language, from book.yaml."""
    width, height = (round(v / mm) for v in PAGE_SIZES[size])
    subject = labels(book.meta.language)["press_subject"].format(
        subtitle=book.meta.subtitle or book.meta.title, size=size.value, width=width,
        height=height, pages=count)
    return PressMeta.of(book, book.meta.title, subject)


def _page_count(pdf: bytes) -> int:
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return len(doc.pages)


def _layout(book: Book, geometry: Geometry, replays, pages: dict[str, int], figures,
            draft: bool, sheet_pages: int = 0, press: bool = False,
            companion: Companion | None = None) -> tuple[BookDocTemplate, io.BytesIO]:
    """One layout pass: the document laid out (drawn and saved unless `draft`); with
    `press`, as the print-shop edition."""
    buffer = io.BytesIO()
    doc = BookDocTemplate(buffer, book, geometry, measuring=draft, press=press)
    ctx = StoryContext(book, doc.styles, pages, geometry.frame_width,
                       {r.example.id: r for r in replays}, figures, draft,
                       scale=geometry.scale, companion=companion or Companion())
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
            figures, count: int = 0, press: bool = False,
            companion: Companion | None = None) -> tuple[bytes, dict[str, int], int]:
    """Passes until the pages recorded are the pages printed (and, on a sheet, until the
    page count its footer prints, `count` at first, is the count laid out). Returns the PDF,
    the anchors' pages and the page count."""
    # With no pages known, the first pass only measures: nothing is drawn or saved, and
    # figures are stood in for by blank space of their size, which lays out the same.
    draft = not pages
    pages = dict(pages or {})
    for _ in range(MAX_PASSES):
        doc, buffer = _layout(book, geometry, replays, pages, figures, draft, count, press,
                              companion)
        settled = not book.meta.sheet or doc.page == count
        if doc.anchor_pages == pages and not draft and settled:
            if doc.promised_pages not in (None, doc.page):  # the back matter's count was
                raise RenderError(  # reckoned before it was laid out (story.back_matter)
                    f"{book.slug}: laid out on {doc.page} pages, but its back cover says "
                    f"{doc.promised_pages} (a program error: please report it)")
            return buffer.getvalue(), pages, doc.page
        pages, draft, count = doc.anchor_pages, False, doc.page
    raise RenderError(f"{book.slug}: page numbers did not settle after {MAX_PASSES} passes")


def _render_sheet(book: Book, size: PageSize, replays, pages: dict[str, int] | None,
                  figures, press: bool = False,
                  companion: Companion | None = None) -> tuple[bytes, dict[str, int]]:
    """A sheet at the largest of its sizes (`sheet_sizes`) at which it fits on two pages;
    one that does not fit even at the smallest stops the build at book.yaml's `layout`."""
    sizes = sheet_sizes(size)
    measured: dict[int, tuple[int, dict[str, int]]] = {}

    def fits(index: int) -> bool:
        doc, _ = _layout(book, Geometry.for_sheet(size, sizes[index]), replays, {}, figures,
                         True, companion=companion)
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
                                      pages or found, figures, count, press, companion)
        if count <= SHEET_PAGES:
            return pdf, settled
        pages = None
    raise _too_long(book, size, count, sizes[-1])


def check_sheet(book: Book, replays, size: PageSize | None = None) -> None:
    """For `rulebook check`: a sheet (layout: sheet) is laid out, in memory, as `build` lays
    it out at `size` (`--page-size`; None: the book's own), since only the layout tells
    whether it fits on its two pages; one that does not is the same located error at
    book.yaml's `layout`."""
    from generator.diagrams.figures import book_figures
    book = book.printed()  # the player's sheet: a dossier is not laid out on it
    _render_sheet(book, size or book.meta.page_size, replays, None,
                  book_figures(book, replays))


def _too_long(book: Book, size: PageSize, needed: int, smallest: float):
    """The located error for a sheet that needs more than two pages."""
    from generator.content.yamlsource import read_yaml
    doc = read_yaml(book.folder / "book.yaml")
    own = size == book.meta.page_size
    return doc.error(("layout",), f"the sheet needs {needed} pages on {size.value}"
                     f"{'' if own else ' (--page-size)'}, even with its type at "
                     f"{smallest} pt, and a sheet is one or two pages (front and back)",
                     "chapters shortened to fit, or layout: rulebook" + (
                         "" if own else f", or the book's own page size "
                                        f"({book.meta.page_size.value})"))
