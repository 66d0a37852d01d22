"""The quick reference: the book's reference cards (print.yaml `cards.faces`) set as a last
section after the glossary, one of the pages an A5 booklet is padded with on purpose.

The cards' own texts are set (sheets/faces.py `face_texts`: the same rule statements the
cards print, one source of truth), each card under its title: lines as a list, steps
numbered, score bands one a line, and a costs card as the card's own drawing. An
abbreviations card is left out: the glossary just above lists them with their meaning.

Where it goes is the back matter's choice (story.py `back_matter`): on pages of its own
(`pages_needed`), in place of notes pages the booklet pads with; left out only when a card
is taller than a page (the cards are printed anyway).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether
from reportlab.platypus.flowables import _listWrapOn

from generator.content.model import CardFace
from generator.diagrams.card_content import costs_face, face_texts, reference_faces
from generator.core.typography import prose
from generator.draw.styles import bullet_list

REFERENCE_ANCHOR = "referencia-rapida"


def _face(face: CardFace, ctx) -> list[Flowable]:
    """One card: its title, then its text as the card prints it, in the boxes' size (a
    reference is looked up, not read through; the cards set it smaller than the body too)."""
    s, book = ctx.styles, ctx.book
    out: list[Flowable] = [ctx.para(prose(face.title), s.h3)]
    if face.kind == "costs":
        svg, box = costs_face(book, face)
        out.append(ctx.art(svg, ctx.frame_width, box.h * mm * ctx.scale))
        return out
    texts = face_texts(book, face)
    style = s.callout_body.clone("reference", spaceAfter=s.bullet.spaceAfter)
    if face.kind == "scores":
        return out + [ctx.para(text, style) for text in texts]
    out.append(bullet_list([ctx.para(text, style) for text in texts], s,
                           ordered=face.kind == "steps"))
    return out


def quick_reference(ctx) -> list[Flowable]:
    """The section: its heading (bookmarked, in the contents once placed) kept with the
    first card, each card kept whole; empty for a book with no card to repeat."""
    faces = reference_faces(ctx.book)
    if not faces:
        return []
    s = ctx.styles
    title = ctx.words["quick_reference"]
    heading = ctx.heading(escape(title), s.h1, REFERENCE_ANCHOR, 0, title)
    blocks = [_face(face, ctx) for face in faces]
    return [KeepTogether([heading] + blocks[0])] + [KeepTogether(b) for b in blocks[1:]]


def pages_needed(blocks: list[KeepTogether], frame: float, width: float, canv) -> int:
    """The pages of their own that `blocks` take (`frame` tall), stacked as the frame will
    (a block's space before is dropped at the top of a page): the quick reference always
    starts a page (fixed back matter, found and photocopied alone: the production review
    of issue 32 found one run on under a glossary, sharing its page and running head). 0:
    nothing to place, or a block taller than a page, which would split and so could not be
    counted (the quick reference is then left out)."""
    if not blocks:
        return 0
    pages, used = 1, 0.0
    for block in blocks:
        height = _listWrapOn(block._content, width, canv)[1]
        if height > frame:
            return 0
        need = height + (block.getSpaceBefore() if used else 0.0)
        if used and used + need > frame:
            pages, used, need = pages + 1, 0.0, height
        used += need + block.getSpaceAfter()
    return pages
