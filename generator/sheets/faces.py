"""What is printed on each piece: reference-card faces and backs, token sides.

Each face draws its artwork over the whole bleed box (colour runs past the trim, never white
at the edge), keeps its text inside the safe zone, and has an ink-saving variant without
large fills. Icons come from the same SVG geometry as the book's figures.

Everything is designed at the piece's own size, to be read across a table: card text is
set at 10 pt (9.5 pt when a card needs the room, and a card that does not fit at 9.5 pt is
refused at its place in print.yaml rather than shrunk: `card_misfit`, which the loader asks,
so `check` refuses it too), the costs card is drawn for the
card (one row per building, badges of at least 5 mm), and a token carries a 28 pt numeral,
a label of at least 7 pt and a hairline exactly on its cut, with nothing else near the cut.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Protocol

from reportlab.lib.colors import CMYKColorSep
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, ListFlowable, ListItem, Paragraph

from generator.core import palette
from generator.content.model import Book, CardFace, TokenSet, TokenSide
from generator.diagrams.cards import costs_rows_fit
from generator.core.typography import curl
from generator.draw.figures import drawing
from generator.core.fonts import face_name, names, register_fonts
from generator.draw.ornament import motif_field
from generator.draw.styles import color
from generator.core.sheet import Rect
from generator.diagrams.card_content import (BAND_H, body_box, costs_face,
                                             face_texts)

#: Card body sizes, tried in order: the first at which the card's text fits is used.
BODY_SIZES = (10.0, 9.5)
TITLE_SIZE, MIN_TITLE_SIZE = 13.0, 11.0
#: Tokens: the numeral and the label under it, in points (preferred, smallest allowed).
NUMERAL_SIZE, MIN_NUMERAL_SIZE = 28.0, 24.0
LABEL_SIZE, MIN_LABEL_SIZE = 7.5, 7.0
CUT_LINE = 0.35         # pt: the hairline on a token's cut (scissors or a punch follow it)
#: Print shops read a stroke in this spot colour as the die line and never print it.
CUT_CONTOUR = CMYKColorSep(0, 1, 0, 0, spotName="CutContour", density=1)


class Draw(Protocol):
    def __call__(self, canv, trim: Rect, bleed: float, ink_saving: bool,
                 shop: bool = False) -> None:
        """Draw one side of a piece whose trim box is `trim` (mm); `shop` when the page is
        for a print shop (die lines as a spot colour) rather than a home printer."""


@dataclass(frozen=True)
class Piece:
    """A printable piece: its name, how to draw each side, and how many of it are printed
    (identical copies: a home sheet repeats it, a print shop gets one pair and the count)."""

    name: str
    front: Draw
    back: Draw
    quantity: int = 1
    label: str = ""  # what the piece is called on a print shop's page: "ficha de comercio"
    round_cut: bool = False  # cut on a circle (its die line is drawn), not on the TrimBox


def _pt(rect: Rect) -> tuple[float, float, float, float]:
    return rect.x * mm, rect.y * mm, rect.w * mm, rect.h * mm


def _pattern(canv, theme: palette.Theme, box: Rect, radius: float, stroke: str) -> None:
    """The book's motif tiling a card back (palette.Motif: Catan's tiles, Splendor's stones)."""
    canv.setStrokeColor(color(stroke))
    canv.setLineWidth(0.5)
    motif_field(canv, theme.motif, *(v * mm for v in (box.x, box.y, box.w, box.h, radius)))


def _clip(canv, box: Rect) -> None:
    path = canv.beginPath()
    path.rect(*_pt(box))
    canv.clipPath(path, stroke=0, fill=0)


def ground(canv, trim: Rect, bleed: float, colour: str, round_cut: bool = False) -> Rect:
    """Begin one side of a card: the canvas's state saved (the caller restores it), drawing
    clipped to the card and its bleed (`round_cut`: to the circle the square card holds,
    and its bleed ring), all of it painted `colour`; the bleed's box."""
    register_fonts()
    outer = trim.grown(bleed)
    canv.saveState()
    if round_cut:
        path = canv.beginPath()
        path.circle((trim.x + trim.w / 2) * mm, (trim.y + trim.h / 2) * mm,
                    (trim.w / 2 + bleed) * mm)
        canv.clipPath(path, stroke=0, fill=0)
    else:
        _clip(canv, outer)
    canv.setFillColor(color(colour))
    canv.rect(*_pt(outer), stroke=0, fill=1)
    return outer


def cut_circle(canv, trim: Rect, shop: bool, ink: str, width: float = CUT_LINE) -> None:
    """The line a round piece is cut on, the circle its square `trim` holds: for a print
    shop, the die line (the spot colour CutContour, overprinting, which the press reads and
    never prints); at home, a line `width` pt in `ink` that the scissors or a punch follow.
    It leaves the stroke's colour and width set (a side's drawing restores its state)."""
    if shop:
        canv.setStrokeColor(CUT_CONTOUR)
        canv.setStrokeOverprint(True)
        canv.setLineWidth(0.25)
    else:
        canv.setStrokeColor(color(ink))
        canv.setLineWidth(width)
    canv.circle((trim.x + trim.w / 2) * mm, (trim.y + trim.h / 2) * mm, trim.w / 2 * mm,
                stroke=1, fill=0)
    canv.setStrokeOverprint(False)


def _fitted(text: str, font: str, size: float, smallest: float, width: float) -> float:
    """The largest size from `size` down to `smallest` at which `text` is `width` pt wide or
    less (`smallest` when even that is too wide)."""
    natural = stringWidth(text, font, size)
    return size if natural <= width else max(smallest, size * width / natural)


# --- reference cards ------------------------------------------------------------------------

def _body_style(size: float, air: float = 0.0) -> ParagraphStyle:
    """Card text at `size` pt, with `air` pt more than usual between paragraphs."""
    register_fonts()
    return ParagraphStyle("card", fontName=names().sans, fontSize=size, leading=size * 1.2,
                          textColor=color(palette.INK), spaceAfter=size * 0.5 + air)


def _story(book: Book, face: CardFace, size: float, air: float = 0.0):
    """The card's flowables at `size`, with `air` pt more between paragraphs."""
    body = _body_style(size, air)
    if face.kind == "steps":
        return [ListFlowable([ListItem(Paragraph(text, body))
                              for text in face_texts(book, face)],
                             bulletType="1", bulletFontName=names().sans_semibold,
                             bulletColor=color(book.theme.accent),
                             leftIndent=size * 1.3,
                             bulletFontSize=size)]
    return [Paragraph(text, body) for text in face_texts(book, face)]


def _height(story, width: float) -> float:
    """The height (pt) the flowables take one under the other in a frame `width` pt wide."""
    canv = Canvas(io.BytesIO())  # lists measure their bullets on a canvas
    total = 0.0
    for k, flowable in enumerate(story):
        total += flowable.wrapOn(canv, width, 10_000)[1]
        if k < len(story) - 1:
            total += flowable.getSpaceAfter()
    return total


def _text_size(book: Book) -> float:
    """The largest of BODY_SIZES at which the text of every card of the set fits its face
    (one size for the whole set)."""
    return _fitting(book)[0]


def _fitting(book: Book) -> tuple[float, tuple[int, CardFace] | None]:
    """`_text_size`, and the first card whose text does not fit even at the smallest size
    (index, face), if one does not."""
    cards = book.print_spec.cards
    box = body_box(Rect(0, 0, cards.width, cards.height), cards.safe)
    texts = [(i, face) for i, face in enumerate(cards.faces) if face.kind != "costs"]
    for size in BODY_SIZES:
        misfits = [(i, face) for i, face in texts
                   if _height(_story(book, face, size), box.w * mm) > box.h * mm - 1]
        if not misfits:
            return size, None
    return BODY_SIZES[-1], misfits[0]


def card_misfit(book: Book) -> tuple[int, str, str] | None:
    """The first card that does not fit its face, a card read across a table: (its index in
    cards.faces, what is wrong, what is expected). The loader asks, so that `check` refuses
    what `build` could not draw (content/loader.py, `_check_cards`)."""
    cards = book.print_spec.cards
    box = body_box(Rect(0, 0, cards.width, cards.height), cards.safe)
    for index, face in enumerate(cards.faces):
        if face.kind == "costs" and not costs_rows_fit(book.components, box.h, face.marks):
            return (index, f"the costs card has no room for {len(book.components.buildings)} "
                    "buildings at a size read across a table", "a taller card")
    misfit = _fitting(book)[1]
    if misfit is None:
        return None
    index, face = misfit
    return (index, f"the text of card '{face.id}' does not fit on the card at "
            f"{BODY_SIZES[-1]:g} pt, the smallest size read across a table",
            "fewer or shorter lines, or the card split in two")


def _air(book: Book, face: CardFace, size: float, box: Rect) -> float:
    """Extra space (pt) between paragraphs that spreads a short card's text down its face,
    up to most of a line per gap, so a card is not a block of text over an empty half."""
    story = _story(book, face, size)
    paragraphs = len(face_texts(book, face))
    if paragraphs < 2:
        return 0.0
    spare = box.h * mm - 1 - _height(story, box.w * mm)
    air = max(0.0, min(spare / (paragraphs - 1), size * 0.8))
    while air > 0 and _height(_story(book, face, size, air), box.w * mm) > box.h * mm - 1:
        air -= 0.5
    return max(air, 0.0)


def card_face(book: Book, face: CardFace, index: int, size: float) -> Draw:
    """A reference card: a title band across the top (into the bleed), content below."""
    cards = book.print_spec.cards
    box = body_box(Rect(0, 0, cards.width, cards.height), cards.safe)
    if face.kind == "costs":
        svg = costs_face(book, face)[0]
    else:
        svg, air = None, _air(book, face, size, box)

    accent = book.theme.accent

    def draw(canv, trim: Rect, bleed: float, ink_saving: bool, shop: bool = False) -> None:
        outer = ground(canv, trim, bleed, "#ffffff" if ink_saving else palette.PAPER)
        band = Rect(outer.x, trim.y + trim.h - BAND_H, outer.w, BAND_H + bleed)
        title_colour = "#ffffff"
        if ink_saving:
            canv.setStrokeColor(color(accent))
            canv.setLineWidth(0.8)
            canv.line(trim.x * mm, band.y * mm, (trim.x + trim.w) * mm, band.y * mm)
            title_colour = accent
        else:
            canv.setFillColor(color(accent))
            canv.rect(*_pt(band), stroke=0, fill=1)
        inner = trim.grown(-cards.safe)
        title = curl(face.title)
        title_size = _fitted(title, names().sans_semibold, TITLE_SIZE, MIN_TITLE_SIZE, inner.w * mm)
        canv.setFont(names().sans_semibold, title_size)
        canv.setFillColor(color(title_colour))
        canv.drawString(inner.x * mm, (band.y + BAND_H / 2) * mm - title_size * 0.33, title)
        content = body_box(trim, cards.safe)
        if svg is not None:
            art = drawing(svg, content.w * mm, content.h * mm)
            art.drawOn(canv, content.x * mm, content.y * mm)
        else:
            story = _story(book, face, size, air)
            frame = Frame(*_pt(content), leftPadding=0, rightPadding=0, topPadding=0,
                          bottomPadding=0, showBoundary=0)
            frame.addFromList(story, canv)
        canv.restoreState()

    return draw


#: The smallest type a card back's title or subtitle is set in, as anything a player reads.
SMALLEST_BACK_TYPE = 6.0


def back_panel(title: str, subtitle: str, width: float,
               round_cut: bool = False) -> tuple[float, float, float] | None:
    """A shared back's paper panel on a card `width` mm wide (`round_cut`: a round token's,
    inside its circle): (the panel's width in mm, the title's size, the subtitle's, in pt),
    each set as large as fits (17 pt, the body's size) down to `SMALLEST_BACK_TYPE`; None
    when a line fits at no size (`rulebook check` refuses it: decks.deck_misfits)."""
    panel_w = width * 0.7 if round_cut else width - 12
    room = (panel_w - 6) * mm
    title_font, sub_font = names().sans_semibold, face_name(names().serif, italic=True)
    title_size = _fitted(title, title_font, 17, SMALLEST_BACK_TYPE, room)
    sub_size = _fitted(subtitle, sub_font, BODY_SIZES[0], SMALLEST_BACK_TYPE, room) \
        if subtitle else 0
    if room <= 0 or stringWidth(title, title_font, title_size) > room + 0.01 or (
            subtitle and stringWidth(subtitle, sub_font, sub_size) > room + 0.01):
        return None
    return panel_w, title_size, sub_size


def card_back(title: str, subtitle: str, theme: palette.Theme = palette.NEUTRAL,
              round_cut: bool = False) -> Draw:
    """The back every card of a set shares: the book's accent tiled with its motif, and a
    paper panel with the set's title (`round_cut`: a round token's, clipped to its circle;
    `back_panel` sets it)."""
    accent = theme.accent

    def draw(canv, trim: Rect, bleed: float, ink_saving: bool, shop: bool = False) -> None:
        outer = ground(canv, trim, bleed, "#ffffff" if ink_saving else accent, round_cut)
        _pattern(canv, theme, outer, 6.0,
                 theme.accent_light if ink_saving else theme.accent_pattern)
        cx, cy = (trim.x + trim.w / 2) * mm, (trim.y + trim.h / 2) * mm
        panel_w, title_size, sub_size = back_panel(title, subtitle, trim.w, round_cut) or (
            trim.w - 12, SMALLEST_BACK_TYPE, SMALLEST_BACK_TYPE if subtitle else 0)
        gap = 3.2 * mm if subtitle else 0
        block = title_size * 0.66 + gap + sub_size * 0.66  # cap heights, one under the other
        panel_h = block / mm + 12
        left = trim.x + (trim.w - panel_w) / 2 if round_cut else trim.x + 6
        panel = Rect(left, trim.y + trim.h / 2 - panel_h / 2, panel_w, panel_h)
        canv.setFillColor(color("#ffffff" if ink_saving else palette.PAPER))
        canv.setStrokeColor(color(accent))
        canv.roundRect(*_pt(panel), 2 * mm, stroke=1, fill=1)
        title_base = cy + block / 2 - title_size * 0.66
        canv.setFillColor(color(accent))
        canv.setFont(names().sans_semibold, title_size)
        canv.drawCentredString(cx, title_base, title)
        if subtitle:
            canv.setFillColor(color(palette.INK))
            canv.setFont(face_name(names().serif, italic=True), sub_size)
            canv.drawCentredString(cx, title_base - gap - sub_size * 0.66, subtitle)
        canv.restoreState()

    return draw


def reference_cards(book: Book, costs_svg: str | None = None) -> list[Piece]:
    """One piece per card face, all with the set's back. The costs card is drawn here at
    card size from components.yaml; `costs_svg` (the book's own figure) is not used."""
    cards = book.print_spec.cards
    back = card_back(curl(cards.back.title), curl(cards.back.subtitle), book.theme)
    size = _text_size(book)
    return [Piece(face.id, card_face(book, face, index, size), back, 1, face.title)
            for index, face in enumerate(cards.faces)]


# --- tokens --------------------------------------------------------------------------------

def _darker(hex_colour: str, amount: float = 0.45) -> str:
    value = hex_colour.lstrip("#")
    r, g, b = (round(int(value[i:i + 2], 16) * (1 - amount)) for i in (0, 2, 4))
    return f"#{r:02x}{g:02x}{b:02x}"


def token_side(side: TokenSide, diameter: float, cut_line: bool = True) -> Draw:
    """A round token: colour over the circle and its bleed ring, a hairline exactly on the
    cut (`cut_line`: the front's, which the scissors or the die follow; a back has none,
    where a printer's duplex error of a millimetre would show it off-centre), a large
    numeral and its label inside. No ring or border near the cut, where a cutting error of a
    millimetre would show."""

    def draw(canv, trim: Rect, bleed: float, ink_saving: bool, shop: bool = False) -> None:
        register_fonts()
        cx, cy = (trim.x + trim.w / 2) * mm, (trim.y + trim.h / 2) * mm
        radius = diameter / 2 * mm
        canv.saveState()
        canv.setFillColor(color("#ffffff" if ink_saving else side.colour))
        canv.circle(cx, cy, radius + bleed * mm, stroke=0, fill=1)
        if cut_line:
            cut_circle(canv, trim, shop, side.colour if ink_saving else _darker(side.colour),
                       0.6 if ink_saving else CUT_LINE)
        canv.setFillColor(color(side.colour if ink_saving else palette.text_on(side.colour)))
        room = 2 * (radius - 2.5 * mm) * 0.8  # a chord well inside the cut
        number = _fitted(side.label, face_name(names().sans, bold=True), NUMERAL_SIZE, MIN_NUMERAL_SIZE, room)
        lines, label = [], LABEL_SIZE
        if side.caption:
            label = _fitted(side.caption, names().sans_semibold, LABEL_SIZE, MIN_LABEL_SIZE, room)
            lines = simpleSplit(side.caption, names().sans_semibold, label, room)
        gap, line_h = 1.8 * mm, label * 1.15
        block = number * 0.66 + (gap + label * 0.66 + line_h * (len(lines) - 1) if lines else 0)
        base = cy + block / 2 - number * 0.66
        canv.setFont(face_name(names().sans, bold=True), number)
        canv.drawCentredString(cx, base, side.label)
        canv.setFont(names().sans_semibold, label)
        for k, line in enumerate(lines):
            canv.drawCentredString(cx, base - gap - label * 0.66 - k * line_h, line)
        canv.restoreState()

    return draw


def tokens(spec: TokenSet) -> list[Piece]:
    """The token set as one piece printed `count` times (every token is the same)."""
    front = token_side(spec.front, spec.diameter)
    back = token_side(spec.back, spec.diameter, cut_line=False)
    return [Piece("ficha", front, back, spec.count, spec.name_one or spec.name, round_cut=True)]
