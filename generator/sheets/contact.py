"""A deck's contact sheet: each card's face once, in rows, with the number printed under it,
as one PNG a designer looks at before printing anything (Squib's and nanDECK's quick look),
about the shape of a screen.

The faces are drawn by the code that draws them on the sheets (`Piece.front`), each on a
page of a PDF made in memory at the card's trim size (what the cut card shows: no bleed, no
marks), and PDFium (pypdfium2) turns the pages into pixels; Pillow sets them in a grid.
Bounded whatever the deck: at most `MOST_PIXELS` in all (a large deck is drawn at fewer dots
an inch), one card's pixels held at a time besides the sheet.
"""

from __future__ import annotations

import io
import math

import pypdfium2
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.core import palette
from generator.core.fonts import names, register_fonts
from generator.core.sheet import Rect
from generator.draw.styles import color
from generator.sheets.faces import Piece

SHAPE = 16 / 9       # the sheet's width to its height, about: a screen's
DPI = 110            # the dots an inch of a small deck (this program's page previews')
MOST_PIXELS = 24_000_000  # the whole sheet's, at most: ~70 MB while it is made
LABEL = 6.0          # mm under each card for its count
GAP = 4.0            # mm between the cards, and around them
GROUND = "#e9e6e0"   # the sheet's own colour, which the white cards stand out from


def contact_sheet(pieces: list[Piece], trim: tuple[float, float]) -> bytes:
    """The PNG of `pieces`' fronts (`trim` mm each), each once with "× count" under it."""
    register_fonts()
    width, height = trim
    pdf = _faces(pieces, width, height)
    tile_w, tile_h = width + GAP, height + LABEL + GAP  # mm a card takes on the sheet
    columns = min(len(pieces), math.ceil(math.sqrt(len(pieces) * tile_h / tile_w * SHAPE)))
    rows = math.ceil(len(pieces) / columns)
    sheet_mm = (columns * tile_w + GAP, rows * tile_h + GAP)
    dpi = min(DPI, math.sqrt(MOST_PIXELS / (sheet_mm[0] * sheet_mm[1])) * 25.4)
    px = dpi / 25.4  # pixels a millimetre
    sheet = Image.new("RGB", (round(sheet_mm[0] * px), round(sheet_mm[1] * px)), GROUND)
    document = pypdfium2.PdfDocument(pdf)
    try:
        for n, page in enumerate(document):
            image = page.render(scale=dpi / 72).to_pil()
            column, row = n % columns, n // columns
            sheet.paste(image, (round((GAP + column * tile_w) * px),
                                round((GAP + row * tile_h) * px)))
            page.close()
    finally:
        document.close()
    out = io.BytesIO()
    sheet.save(out, format="PNG")
    return out.getvalue()


def _faces(pieces: list[Piece], width: float, height: float) -> bytes:
    """A PDF of one page a piece: its front, outlined where it is cut, over a strip that
    says how many are printed."""
    buffer = io.BytesIO()
    canv = Canvas(buffer, pagesize=(width * mm, (height + LABEL) * mm),
                  initialFontName=names().sans, invariant=True)
    for piece in pieces:
        piece.front(canv, Rect(0, LABEL, width, height), 0.0, False)
        if not piece.round_cut:  # (a round piece's face draws its own cut)
            canv.setStrokeColor(color(palette.MUTED))  # the cut, which a pale card needs shown
            canv.setLineWidth(0.5)
            canv.rect(0, LABEL * mm, width * mm, height * mm, stroke=1, fill=0)
        canv.setFillColor(color(palette.INK))
        canv.setFont(names().sans, 9)
        canv.drawCentredString(width * mm / 2, LABEL * mm * 0.35, f"× {piece.quantity}")
        canv.showPage()
    canv.save()
    return buffer.getvalue()
