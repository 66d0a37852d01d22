"""PDFs a home printer or a print shop can use: imposed sheets with crop marks and duplex
backs, a print-shop file with one front/back pair per kind of piece (TrimBox, BleedBox, and
the quantity to print stated on the page and in the file's metadata), and a calibration
page.

Home sheets are RGB, for a desktop printer's own colour management. The print-shop file is
CMYK PDF/X-4 for FOGRA39 (`generator/draw/press.py`): every colour converted on the canvas,
text on the black plate alone, crop marks in the registration colour."""

from __future__ import annotations

import dataclasses
import io
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.core import palette
from generator.core.i18n import count_noun, signed, translator
from generator.core.fonts import names, register_fonts
from generator.draw.press import REGISTRATION, PressMeta, to_cmyk, to_pdfx
from generator.draw.styles import color
from generator.core.typography import curl
from generator.sheets.faces import Piece
from generator.sheets.rights import draw_head
from generator.core.sheet import NOTE_BAND, NOTE_INDENT, Flip, Layout, Rect, impose, mirror

SLUG = 10.0  # print-shop pages: room around the bleed for the crop marks


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "A4"
    flip: Flip = Flip.LONG
    offset: tuple[float, float] = (0.0, 0.0)  # mm, added to every back (printer correction)
    ink_saving: bool = False
    #: The way round of every sheet of the book and of its calibration page (`orientation`):
    #: a duplex offset is measured, and given, in the page's own axes. None: the best fit.
    landscape: bool | None = None


def _box(rect: Rect) -> tuple[float, float, float, float]:
    """ReportLab's page boxes take (x1, y1, x2, y2) in points."""
    return rect.x * mm, rect.y * mm, (rect.x + rect.w) * mm, (rect.y + rect.h) * mm


def _marks(canv: Canvas, segments, colour=None) -> None:
    canv.saveState()
    canv.setStrokeColor(colour or color("#000000"))
    canv.setLineWidth(0.25)
    for x1, y1, x2, y2 in segments:
        canv.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    canv.restoreState()


def _note(canv: Canvas, layout_paper, text: str) -> None:
    canv.saveState()
    canv.setFont(names().sans, 6.5)
    canv.setFillColor(color(palette.MUTED))
    # inside the band the marks keep clear
    canv.drawString(NOTE_INDENT * mm, (NOTE_BAND - 2.6) * mm, text)
    canv.restoreState()


def home_sheets(pieces: list[Piece], trim: tuple[float, float], bleed: float,
                options: SheetOptions, title: str, what: tuple[str, str], language: str = "es",
                rights: str = "") -> tuple[bytes, Layout]:
    """Fronts and backs on alternate pages, ready for duplex (or for two passes). `what`
    names one piece and several ("ficha", "fichas"), so the footer's count agrees; the
    footer is in the book's `language`. The book's `rights` line heads every front
    (sheets/rights.py)."""
    register_fonts()
    words = translator(language)
    flips = {"long": words.gettext("long edge"), "short": words.gettext("short edge"),
             "none": words.gettext("no duplex")}
    layout = impose(options.paper, trim[0], trim[1], bleed, options.landscape)
    buffer = io.BytesIO()
    canv = Canvas(buffer, pagesize=(layout.paper[0] * mm, layout.paper[1] * mm),
                  initialFontName=names().sans)
    copies = [piece for piece in pieces for _ in range(piece.quantity)]
    _properties(canv, f"{title}: {what[1]}", count_noun(len(copies), *what, language))
    chunks = [copies[i:i + layout.per_sheet] for i in range(0, len(copies), layout.per_sheet)]
    for number, chunk in enumerate(chunks, start=1):
        sheet = words.gettext("sheet {number} of {total}").format(number=number,
                                                                 total=len(chunks))
        scale = words.gettext("print at 100 %")
        head = (f"{title} · {count_noun(len(copies), *what, language)} · {sheet} · "
                f"{options.paper} · {scale}")
        placed = [layout.trim(i) for i in range(len(chunk))]
        canv.setTrimBox(_box(_union(placed)))
        canv.setBleedBox(_box(_union([t.grown(bleed) for t in placed])))
        for index, piece in enumerate(chunk):
            piece.front(canv, layout.trim(index), bleed, options.ink_saving)
        _marks(canv, layout.crop_marks(len(chunk)))
        front = words.ngettext("front ({n} on this sheet)", "front ({n} on this sheet)",
                               len(chunk))
        _note(canv, layout.paper, f"{head} · {front}")
        if rights:
            draw_head(canv, layout, rights)
        canv.showPage()
        back_trims = [layout.back(i, options.flip, options.offset) for i in range(len(chunk))]
        canv.setTrimBox(_box(_union(back_trims)))
        canv.setBleedBox(_box(_union([t.grown(bleed) for t in back_trims])))
        for index, piece in enumerate(chunk):
            piece.back(canv, back_trims[index], bleed, options.ink_saving)
        back = words.gettext("back (duplex: {flip}, offset {x}; {y} mm)").format(
            flip=flips[options.flip.value], x=signed(options.offset[0], language),
            y=signed(options.offset[1], language))
        _note(canv, layout.paper, f"{head} · {back}")
        canv.showPage()
    canv.save()
    return buffer.getvalue(), layout


def _properties(canv: Canvas, title: str, subject: str = "") -> None:
    """A home sheet's document properties, all in the book's language: left unset, ReportLab
    writes English words ("anonymous", "unspecified") into a book of any language."""
    canv.setTitle(title)
    canv.setSubject(subject)
    canv.setAuthor("")
    canv.setCreator("rulebook-generator")


def _union(rects: list[Rect]) -> Rect:
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.x + r.w for r in rects), max(r.y + r.h for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def print_shop(pieces: list[Piece], trim: tuple[float, float], bleed: float,
               title: str, ink_saving: bool = False, *, meta: PressMeta,
               language: str = "es") -> bytes:
    """One front/back pair of pages per kind of piece, however many of it are printed:
    TrimBox is the piece, BleedBox its bleed, and the slug around it says what the piece
    is, which side, and how many to print (also listed in the file's Subject). Round pieces
    carry their die line as the spot colour CutContour. CMYK PDF/X-4 (`to_cmyk`,
    `to_pdfx`), with `meta`'s title, authors and language; `title` is the book's, for the
    slug; the slug's words are in the book's `language`."""
    register_fonts()
    words = translator(language)
    width, height = trim[0] + 2 * (bleed + SLUG), trim[1] + 2 * (bleed + SLUG)
    buffer = io.BytesIO()
    canv = Canvas(buffer, pagesize=(width * mm, height * mm), initialFontName=names().sans,
                  enforceColorSpace=to_cmyk)
    die = (" " + words.gettext("Round cut: the line in the spot colour CutContour "
                               "(overprint) is the die line; it does not print.")
           if any(p.round_cut for p in pieces) else "")
    subject = words.gettext("Quantities: {pieces}.").format(pieces="; ".join(
        f"{piece.label or piece.name} × {piece.quantity}" for piece in pieces)) + die
    meta = dataclasses.replace(meta, subject=subject)
    canv.setTitle(meta.title)
    canv.setAuthor(meta.author)
    canv.setSubject(subject)
    canv.setCreator("rulebook-generator")
    single = Layout((width, height), trim[0], trim[1], bleed, 1, 1, (SLUG, SLUG))
    box = single.trim(0)
    for number, piece in enumerate(pieces, start=1):
        for side, draw in ((words.gettext("front"), piece.front),
                           (words.gettext("back"), piece.back)):
            canv.setTrimBox(_box(box))
            canv.setBleedBox(_box(box.grown(bleed)))
            draw(canv, box, bleed, ink_saving, shop=True)
            _marks(canv, single.crop_marks(), REGISTRATION)
            name = piece.label or piece.name
            _slug_note(canv, width, height - NOTE_BAND + 1.9,
                       [f"{name} · {side}", f"{name} · {side} · " + words.gettext(
                           "{number} of {total}").format(number=number, total=len(pieces))])
            copies = words.ngettext("print {n} copy", "print {n} copies", piece.quantity)
            _slug_note(canv, width, 1.9, [copies, f"{copies} · {title}"])
            canv.showPage()
    canv.save()
    return to_pdfx(buffer.getvalue(), meta)


def _slug_note(canv: Canvas, width: float, baseline: float, texts: list[str]) -> None:
    """The longest of `texts` that fits across the page, in the band the marks keep clear."""
    room = (width - 4) * mm
    fitting = [t for t in texts if stringWidth(t, names().sans, 6.5) <= room] or texts[:1]
    canv.saveState()
    canv.setFont(names().sans, 6.5)
    canv.setFillColor(color(palette.MUTED))
    canv.drawString(2 * mm, baseline * mm, fitting[-1])
    canv.restoreState()


#: The rulers of the calibration sheet: ±RULER_MM millimetres, a tick every half millimetre,
#: longer at each millimetre and longer again every LABEL_EVERY, where alone they are
#: labelled (a label every 2 mm, 7 pt wide, ran into the next: "−20+2" read as −20).
RULER_MM = 10
LABEL_EVERY = 5
#: How far from the cross each ruler lies, in mm; the front's cross reaches past them, so
#: held against the light its lines cross both rulers.
RULER_GAP = 20
CROSS_ARM = RULER_GAP + 5


def calibration(options: SheetOptions, language: str = "es") -> bytes:
    """Two pages to measure a printer's duplex offset: a cross on the front, rulers on the
    back where the cross should show through. Held against the light, the cross points at
    the offset to give (`--offset X,Y`). The pages are the way round of the book's sheets
    (`options.landscape`), so the offset is read in their axes. Its words are in the book's
    `language`, for whoever prints the sheets: the option is named for whoever makes them."""
    register_fonts()
    words = translator(language)
    paper = impose(options.paper, 10, 10, 0, bool(options.landscape)).paper
    width, height = paper
    buffer = io.BytesIO()
    canv = Canvas(buffer, pagesize=(width * mm, height * mm), initialFontName=names().sans)
    _properties(canv, words.gettext("Duplex calibration"))
    target = Rect(width / 2, height / 2, 0, 0)
    canv.setLineWidth(0.3)
    canv.line((target.x - CROSS_ARM) * mm, target.y * mm, (target.x + CROSS_ARM) * mm,
              target.y * mm)
    canv.line(target.x * mm, (target.y - CROSS_ARM) * mm, target.x * mm,
              (target.y + CROSS_ARM) * mm)
    canv.circle(target.x * mm, target.y * mm, 3 * mm)
    canv.setFont(names().sans_semibold, 11)
    canv.drawCentredString(width / 2 * mm, (height - 25) * mm,
                           words.gettext("Duplex calibration: front"))
    canv.setFont(names().sans, 9)
    flip = {"long": words.gettext("on the long edge"), "short": words.gettext("on the short edge"),
            "none": words.gettext("by hand")}[options.flip.value]
    canv.drawCentredString(width / 2 * mm, (height - 32) * mm, curl(
        words.gettext("Print this sheet double-sided at 100 %, turned over {flip}, as you will "
                      "print the other sheets.").format(flip=flip)))
    canv.showPage()
    back = mirror(target, paper, options.flip).shifted(*options.offset)
    _rulers(canv, back.x, back.y, language)
    canv.setFont(names().sans_semibold, 11)
    canv.drawCentredString(width / 2 * mm, (height - 25) * mm,
                           words.gettext("Duplex calibration: back"))
    canv.setFont(names().sans, 9)
    lines = [words.gettext("Hold the sheet against the light. Extend the front's cross to the "
                           "two rulers:"),
             words.gettext("the bottom ruler gives X and the left one gives Y, in "
                           "millimetres."),
             words.gettext("On both zeros, your printer needs no correction. If not, ask whoever "
                           "makes the sheets"),
             words.gettext("to make them again with the duplex offset X,Y: each back then moves "
                           "that far."),
             words.gettext("For example: the cross on +2 of the bottom ruler and on −1 of the "
                           "left one is an offset of 2 and −1.")]
    for k, line in enumerate(lines):  # typographer's apostrophes, as on every other page
        canv.drawCentredString(width / 2 * mm, (height - 32 - 5 * k) * mm, curl(line))
    canv.showPage()
    canv.save()
    return buffer.getvalue()


def _rulers(canv: Canvas, x: float, y: float, language: str) -> None:
    """The two rulers around the point (x, y) in mm where the front's cross should show
    through: X below it, Y to its left, each ±RULER_MM with its zero in line with the point."""
    canv.saveState()
    canv.setLineWidth(0.2)
    canv.setFont(names().sans, 8)
    for half in range(-2 * RULER_MM, 2 * RULER_MM + 1):
        at = half / 2
        labelled = at % LABEL_EVERY == 0
        length = 4 if labelled else (2.5 if half % 2 == 0 else 1.5)
        across, up = (x + at) * mm, (y + at) * mm
        canv.line(across, (y - RULER_GAP) * mm, across, (y - RULER_GAP + length) * mm)
        canv.line((x - RULER_GAP) * mm, up, (x - RULER_GAP + length) * mm, up)
        if labelled:
            label = signed(at, language, 0) if at else "0"
            canv.drawCentredString(across, (y - RULER_GAP - 3.5) * mm, label)
            canv.drawRightString((x - RULER_GAP - 1.2) * mm, up - 2.8, label)
    canv.line((x - RULER_MM) * mm, (y - RULER_GAP) * mm, (x + RULER_MM) * mm,
              (y - RULER_GAP) * mm)
    canv.line((x - RULER_GAP) * mm, (y - RULER_MM) * mm, (x - RULER_GAP) * mm,
              (y + RULER_MM) * mm)
    canv.restoreState()
