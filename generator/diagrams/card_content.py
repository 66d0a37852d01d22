"""What a reference card says, whichever renderer sets it: the cards the book's quick
reference repeats, a text card's paragraphs and a costs card's drawing and box.

The print sheets (sheets/faces.py), the PDF's quick reference (pdf/reference.py) and the HTML
edition set the same texts at the same sizes, so the texts are made once, here, below them.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from generator.content.model import Book, CardFace
from generator.core.i18n import span
from generator.core.sheet import Rect
from generator.core.typography import curl_markup, prose
from generator.diagrams.cards import costs_card
from generator.diagrams.style import style_for

BAND_H = 11.0           # mm: the title band at the top of a card face
BAND_GAP = 2.2          # mm between the band and the body


def body_box(trim: Rect, safe: float) -> Rect:
    """Where a card face's content goes: inside the safe zone, below the title band."""
    inner = trim.grown(-safe)
    top = trim.y + trim.h - BAND_H - BAND_GAP
    return Rect(inner.x, inner.y, inner.w, top - inner.y)


#: Card kinds the book's quick reference repeats (pdf/reference.py, the HTML edition): an
#: abbreviations card would repeat the glossary set just above it.
QUICK_REFERENCE_KINDS = ("lines", "steps", "scores", "costs")


def reference_faces(book: Book) -> list[CardFace]:
    """The cards the book's quick reference repeats, in print.yaml's order."""
    cards = book.print_spec.cards if book.print_spec else None
    return [face for face in cards.faces if face.kind in QUICK_REFERENCE_KINDS] if cards else []


def costs_face(book: Book, face: CardFace) -> tuple[str, Rect]:
    """A costs card's drawing below its title (SVG text) and the box it fills, in mm: the
    card prints it, and the quick reference sets it at the same size."""
    cards = book.print_spec.cards
    box = body_box(Rect(0, 0, cards.width, cards.height), cards.safe)
    svg = costs_card(book.components, style_for(book.components, book.theme), box.w, box.h,
                     marks=face.marks, language=book.meta.language).tostring()
    return svg, box


def face_texts(book: Book, face: CardFace) -> list[str]:
    """The paragraphs a text card prints, in the card renderer's markup (<b>): its lines, a
    scores card's bands, an abbreviations card's abbreviations. The book's quick reference
    (pdf/reference.py) and the HTML edition set the same texts, with typographer's quotes
    as the chapters have them."""
    if face.kind == "scores":
        return [f"<b>{span(band.min, band.max, book.meta.language)}</b> · "
                f"{prose(band.title)}" for band in book.scores]
    if face.kind == "abbreviations":  # (data, not markup: escaped)
        return [f"<b>{escape(a.abbr)}</b> · {prose(a.term)}"
                for a in book.glossary.sorted_abbreviations]
    return [curl_markup(line) for line in face.lines]
