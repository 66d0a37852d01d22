"""A deck's cards drawn from their data (content/decks.py): each card's front is its layout's
zones filled with its row's fields, in the book's fonts; every card has the deck's back.
The cards are `Piece`s, so the home sheets, the print-shop file, crop marks, bleed, duplex
backs and the calibration are those of the reference cards (sheets/render.py).

A zone's text is set at its size, or smaller, in half points, down to its `min_size`: the
first size at which it fits its box. One that fits at none is refused by `rulebook check`
(`deck_misfits`), at the card's line of its data.
"""

from __future__ import annotations

import functools
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from generator.content.decks import Deck, DeckCard, colour, fill, format_at
from generator.content.model import Zone
from generator.errors import ContentError
from generator.core import palette
from generator.core.fonts import face_name, names, register_fonts
from generator.core.sheet import Rect
from generator.core.typography import curl
from generator.draw.pictures import draw_image, fitted
from generator.draw.styles import color
from generator.sheets.faces import Piece, _pt, back_panel, card_back, cut_circle, ground

_ALIGN = {"left": TA_LEFT, "centre": TA_CENTER, "right": TA_RIGHT}


def _font(zone: Zone) -> str:
    named = names()
    return face_name(named.serif if zone.font == "text" else named.sans, zone.bold,
                     zone.italic)


def _paragraph(text: str, zone: Zone, size: float, colour: str) -> Paragraph:
    style = ParagraphStyle("deck", fontName=_font(zone), fontSize=size, leading=size * 1.18,
                           alignment=_ALIGN[zone.align], textColor=color(colour))
    return Paragraph(escape(text).replace("\n", "<br/>"), style)


def _set(text: str, zone: Zone, colour: str) -> tuple[Paragraph, float] | None:
    """The text set at the largest size that fits the zone inside its padding, and its
    height in pt; None when it fits at none."""
    size = _size(text, zone, _font(zone))
    if size is None:
        return None
    paragraph = _paragraph(text, zone, size, colour)
    return paragraph, paragraph.wrap(*(side * mm for side in _inside(zone)))[1]


@functools.lru_cache(maxsize=4096)
def _size(text: str, zone: Zone, font: str) -> float | None:
    """The largest size, in half points from the zone's size down to its smallest, at which
    `text` fits the zone in `font` (None: at none). Found by halving the range: a text that
    fits at a size fits at any smaller one, and a deck of a thousand cards with large type
    would otherwise try a hundred sizes a card; most fit at the first size, tried first.
    Kept by text, zone and font: the cards of a deck repeat their texts (a suit, a value),
    and check and build set the same ones."""
    if _fits(text, zone, zone.size):  # most texts: at the size the layout gives them
        return zone.size
    steps = int(round((zone.size - zone.min_size) * 2))  # size - step / 2, step in 0..steps
    low, high = 1, steps + 1  # the answer lies in [low, high): high is "fits at none"
    while low < high:
        middle = (low + high) // 2
        if _fits(text, zone, zone.size - middle / 2):
            high = middle
        else:
            low = middle + 1
    return zone.size - low / 2 if low <= steps else None


def _fits(text: str, zone: Zone, size: float) -> bool:
    room_w, room_h = _inside(zone)
    paragraph = _paragraph(text, zone, size, "#000000")
    height = paragraph.wrap(room_w * mm, room_h * mm)[1]
    too_wide = any(_spare(line) < -0.5 for line in paragraph.blPara.lines)
    return height <= room_h * mm + 0.01 and not too_wide


def _inside(zone: Zone) -> tuple[float, float]:
    """The room the zone's text has, in mm: its box less its padding on each side."""
    return max(zone.w - 2 * zone.padding, 1.0), max(zone.h - 2 * zone.padding, 1.0)


def _spare(line) -> float:
    """The room left on a set line, in pt (below 0: a word wider than the zone stuck out):
    ReportLab gives a plain line as (room, words), a styled one as an object."""
    return line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0.0)


def card_side(deck: Deck, card: DeckCard, side: str = "layout"):
    """One side of one card of `deck`, drawn by its layout (`side`: "layout", the front,
    or "back_layout"): its background, then each zone (its fill, its image, then its text)
    in the layout's order."""
    layout = dict(deck.spec.sides)[side]
    fields = card.fields

    round_cut = deck.spec.shape == "round"

    def draw(canv, trim: Rect, bleed: float, ink_saving: bool, shop: bool = False) -> None:
        ground(canv, trim, bleed, "#ffffff" if ink_saving else colour(layout.background, fields),
               round_cut)
        for j, zone in enumerate(layout.zones):
            box = Rect(trim.x + zone.x, trim.y + trim.h - zone.y - zone.h, zone.w, zone.h)
            canv.saveState()
            if zone.rotate:  # turned about the box's centre: a card's lower index
                cx, cy = (box.x + box.w / 2) * mm, (box.y + box.h / 2) * mm
                canv.translate(cx, cy)
                canv.rotate(zone.rotate)
                canv.translate(-cx, -cy)
            _zone(canv, zone, box, fields, card.images.get((side, j)), ink_saving)
            canv.restoreState()
        if round_cut and side == "layout":  # a back has none: a duplex error would show it
            cut_circle(canv, trim, shop, palette.MUTED)
        canv.restoreState()

    return draw


def _zone(canv, zone: Zone, box: Rect, fields: dict[str, str], image,
          ink_saving: bool) -> None:
    """One zone in its box: its fill, its image, then its text."""
    shade = colour(zone.fill or "", fields)
    if shade:  # (a field left empty: no fill on this card)
        canv.setFillColor(color("#ffffff" if ink_saving else shade))
        canv.setStrokeColor(color(shade))
        canv.setLineWidth(0.6)
        canv.roundRect(*_pt(box), zone.radius * mm, stroke=1 if ink_saving else 0, fill=1)
    if image is not None:
        width, height = fitted(image, box.w * mm, box.h * mm)
        draw_image(canv, image, box.x * mm + (box.w * mm - width) / 2,
                   box.y * mm + (box.h * mm - height) / 2, width, height)
    text = fill(zone.text, fields)
    if not text.strip():
        return
    set_ = _set(curl(text), zone, colour(zone.colour, fields))
    if set_ is None:  # check refused it; a build never gets here
        return
    paragraph, height = set_
    top = (box.y + box.h - zone.padding) * mm
    room = _inside(zone)[1] * mm - height
    offset = {"top": 0.0, "middle": room / 2, "bottom": room}[zone.valign]
    paragraph.drawOn(canv, (box.x + zone.padding) * mm, top - offset - height)


def deck_pieces(deck: Deck, theme: palette.Theme) -> list[Piece]:
    """One piece per card of the deck (its count the copies printed), all with its back;
    each called by its place in the deck's data ("score chip 2"), so that a print shop's
    list of quantities tells them apart."""
    spec = deck.spec
    shared = card_back(curl(spec.back.title), curl(spec.back.subtitle), theme,
                       spec.shape == "round") if spec.back is not None else None
    label = spec.name_one or spec.name
    return [Piece(f"{spec.id}-{n + 1}", card_side(deck, card),
                  shared or card_side(deck, card, "back_layout"), card.count,
                  f"{label} {n + 1}", round_cut=spec.shape == "round")
            for n, card in enumerate(deck.cards) if card.count]  # (0: left out for now)


def deck_misfits(decks: list[Deck]) -> list[ContentError]:
    """Each text of any deck that fits its zone at no size down to its smallest, as an error
    at its card's row (a deck has at most content.decks.MAX_DECK cards: all are tried)."""
    register_fonts()
    found = []
    for deck in decks:
        back = deck.spec.back
        if back is not None and back_panel(curl(back.title), curl(back.subtitle),
                                           deck.spec.trim[0], deck.spec.shape == "round") is None:
            found.append(ContentError(
                deck.back_where, f"the back's title '{_short(back.title)}'"
                + (f" or subtitle '{_short(back.subtitle)}'" if back.subtitle else "")
                + f" is wider than the back's panel ({deck.spec.trim[0]:g} mm "
                + ("round" if deck.spec.shape == "round" else "wide") + ") even at 6 pt",
                "a shorter title, or wider pieces"))
        for card in deck.cards:
            for side, layout in deck.spec.sides:
                for j, zone in enumerate(layout.zones):
                    text = fill(zone.text, card.fields)
                    if text.strip() and _set(curl(text), zone, "#000000") is None:
                        at = format_at(("decks", deck.index, side, "zones", j))
                        smaller = (" or a smaller min_size (6 pt at least)"
                                   if zone.min_size > 6 else "")
                        found.append(ContentError(
                            card.where, f"the text '{_short(text)}' does not fit its zone "
                            f"({at}: {zone.w:g} × {zone.h:g} mm) even at {zone.min_size:g} "
                            "pt", f"a shorter text, or a larger zone{smaller}"))
    return found


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:39] + "…"
