"""What is printed on each piece: reference-card faces and backs, token sides.

Each face draws its artwork over the whole bleed box (colour runs past the trim, never white
at the edge), keeps its text inside the safe zone, and has an ink-saving variant without
large fills. Icons and diagrams come from the same SVG geometry as the book's figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Frame, KeepInFrame, ListFlowable, ListItem, Paragraph, Spacer

from .. import palette
from ..content.model import Book, CardFace, TokenSet, TokenSide
from ..pdf.figures import drawing
from ..pdf.ornament import hexagon_field
from ..pdf.fonts import SANS, SANS_SEMIBOLD, SERIF, register_fonts
from ..pdf.styles import color
from .geometry import Rect

Draw = Callable[[object, Rect, float, bool], None]  # canvas, trim (mm), bleed (mm), ink-saving


@dataclass(frozen=True)
class Piece:
    """A printable piece: its name and how to draw each side."""

    name: str
    front: Draw
    back: Draw


def _pt(rect: Rect) -> tuple[float, float, float, float]:
    return rect.x * mm, rect.y * mm, rect.w * mm, rect.h * mm


def _hexagons(canv, box: Rect, radius: float, stroke: str) -> None:
    canv.setStrokeColor(color(stroke))
    canv.setLineWidth(0.5)
    hexagon_field(canv, *(v * mm for v in (box.x, box.y, box.w, box.h, radius)))


def _clip(canv, box: Rect) -> None:
    path = canv.beginPath()
    path.rect(*_pt(box))
    canv.clipPath(path, stroke=0, fill=0)


# --- reference cards ------------------------------------------------------------------------

def _card_styles(size: float) -> dict[str, ParagraphStyle]:
    register_fonts()
    body = ParagraphStyle("card", fontName=SANS, fontSize=size, leading=size * 1.22,
                          textColor=color(palette.INK), spaceAfter=size * 0.45)
    return {"body": body,
            "title": ParagraphStyle("card_title", fontName=SANS_SEMIBOLD, fontSize=size * 1.45,
                                    leading=size * 1.7, textColor=color("#ffffff"))}


def card_face(book: Book, face: CardFace, safe: float, figure_svg: str | None) -> Draw:
    """A reference card: a title band across the top (into the bleed), content below."""

    def draw(canv, trim: Rect, bleed: float, ink_saving: bool) -> None:
        styles = _card_styles(8.4)
        outer = trim.grown(bleed)
        band_h = 12.0
        canv.saveState()
        _clip(canv, outer)
        canv.setFillColor(color("#ffffff" if ink_saving else palette.PAPER))
        canv.rect(*_pt(outer), stroke=0, fill=1)
        band = Rect(outer.x, trim.y + trim.h - band_h, outer.w, band_h + bleed)
        title_style = styles["title"]
        if ink_saving:
            canv.setStrokeColor(color(palette.ACCENT))
            canv.setLineWidth(0.8)
            canv.line(trim.x * mm, band.y * mm, (trim.x + trim.w) * mm, band.y * mm)
            title_style = ParagraphStyle("t2", parent=title_style,
                                         textColor=color(palette.ACCENT))
        else:
            canv.setFillColor(color(palette.ACCENT))
            canv.rect(*_pt(band), stroke=0, fill=1)
        inner = trim.grown(-safe)
        title = Paragraph(face.title, title_style)
        title.wrapOn(canv, inner.w * mm, band_h * mm)
        title.drawOn(canv, inner.x * mm, (band.y + (band_h - 7.0) / 2 + 0.5) * mm)
        body_box = Rect(inner.x, inner.y, inner.w, band.y - inner.y - 2.0)
        story = _card_story(book, face, styles, body_box, figure_svg)
        frame = Frame(*_pt(body_box), leftPadding=0, rightPadding=0, topPadding=0,
                      bottomPadding=0, showBoundary=0)
        frame.addFromList([KeepInFrame(body_box.w * mm, body_box.h * mm, story, mode="shrink")],
                          canv)
        canv.restoreState()

    return draw


def _card_story(book: Book, face: CardFace, styles, box: Rect, figure_svg: str | None):
    body = styles["body"]
    if face.kind == "costs" and figure_svg:
        art = drawing(figure_svg, box.w * mm, box.h * mm * 0.8)
        caption = ("Coloca las cartas en este orden. Marcados: inicio y fin de serie."
                   if face.marks else "Lo que cuesta cada construcción.")
        return [Spacer(1, 2 * mm), art, Spacer(1, 2 * mm),
                Paragraph(caption, ParagraphStyle("c", parent=body, alignment=TA_CENTER,
                                                  fontSize=body.fontSize * 0.9))]
    if face.kind == "scores":
        return [Paragraph(f"<b>{band.min}–{band.max}</b> · {band.title}" if band.max is not None
                          else f"<b>{band.min} o más</b> · {band.title}", body)
                for band in book.scores]
    if face.kind == "abbreviations":
        return [Paragraph(f"<b>{a.abbr}</b> · {a.term}", body)
                for a in book.glossary.sorted_abbreviations]
    if face.kind == "steps":
        return [ListFlowable([ListItem(Paragraph(line, body)) for line in face.lines],
                             bulletType="1", bulletFontName=SANS_SEMIBOLD,
                             bulletColor=color(palette.ACCENT), leftIndent=body.fontSize * 1.3,
                             bulletFontSize=body.fontSize)]
    return [Paragraph(line, body) for line in face.lines]


def card_back(title: str, subtitle: str) -> Draw:
    def draw(canv, trim: Rect, bleed: float, ink_saving: bool) -> None:
        register_fonts()
        outer = trim.grown(bleed)
        canv.saveState()
        _clip(canv, outer)
        canv.setFillColor(color("#ffffff" if ink_saving else palette.ACCENT))
        canv.rect(*_pt(outer), stroke=0, fill=1)
        _hexagons(canv, outer, 6.0, palette.ACCENT_LIGHT if ink_saving else "#b8593a")
        cx, cy = (trim.x + trim.w / 2) * mm, (trim.y + trim.h / 2) * mm
        panel = Rect(trim.x + 6, trim.y + trim.h / 2 - 11, trim.w - 12, 22)
        canv.setFillColor(color("#ffffff" if ink_saving else palette.PAPER))
        canv.setStrokeColor(color(palette.ACCENT))
        canv.roundRect(*_pt(panel), 2 * mm, stroke=1, fill=1)
        canv.setFillColor(color(palette.ACCENT))
        canv.setFont(SANS_SEMIBOLD, 17)
        canv.drawCentredString(cx, cy + 0.5 * mm, title)
        canv.setFillColor(color(palette.INK))
        canv.setFont(SERIF + "-It", 8)
        canv.drawCentredString(cx, cy - 6 * mm, subtitle)
        canv.restoreState()

    return draw


def reference_cards(book: Book, costs_svg: str | None) -> list[Piece]:
    cards = book.print_spec.cards
    back = card_back(cards.back.title, cards.back.subtitle)
    return [Piece(face.id, card_face(book, face, cards.safe, costs_svg), back)
            for face in cards.faces]


# --- tokens --------------------------------------------------------------------------------

def token_side(side: TokenSide, diameter: float) -> Draw:
    """A round token: colour over the circle and its bleed ring, label and caption inside."""

    def draw(canv, trim: Rect, bleed: float, ink_saving: bool) -> None:
        register_fonts()
        cx, cy = (trim.x + trim.w / 2) * mm, (trim.y + trim.h / 2) * mm
        radius = diameter / 2 * mm
        canv.saveState()
        ink = color(side.colour)
        if ink_saving:
            canv.setFillColor(color("#ffffff"))
            canv.setStrokeColor(ink)
            canv.setLineWidth(1.2)
            canv.circle(cx, cy, radius + bleed * mm, stroke=0, fill=1)
            canv.circle(cx, cy, radius - 1.5 * mm, stroke=1, fill=0)
            text_colour = ink
        else:
            canv.setFillColor(ink)
            canv.circle(cx, cy, radius + bleed * mm, stroke=0, fill=1)
            canv.setStrokeColor(color("#ffffff"))
            canv.setLineWidth(0.8)
            canv.circle(cx, cy, radius - 1.5 * mm, stroke=1, fill=0)
            text_colour = color("#ffffff")
        canv.setFillColor(text_colour)
        size = 13 if len(side.label) <= 2 else 8.5
        canv.setFont(SANS_SEMIBOLD, size)
        canv.drawCentredString(cx, cy - size * 0.3 + (1.6 * mm if side.caption else 0), side.label)
        if side.caption:
            canv.setFont(SANS, 5.2)
            canv.drawCentredString(cx, cy - 5.0 * mm, side.caption)
        canv.restoreState()

    return draw


def tokens(spec: TokenSet) -> list[Piece]:
    front, back = token_side(spec.front, spec.diameter), token_side(spec.back, spec.diameter)
    return [Piece(f"ficha-{n + 1}", front, back) for n in range(spec.count)]
