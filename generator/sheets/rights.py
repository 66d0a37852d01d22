"""The book's rights line across the head of every card and token sheet.

A card or a token is cut out of its sheet, and the sheet is what a player prints and a print
shop is handed: the sheet says whose game it is. The line goes across the top of each sheet's
front, in the strip the crop marks leave clear (core/sheet.py `Layout.head`), so it takes no
piece's place. It is set at the sheet note's 6.5 pt, at 6 pt when it needs the room, and never
smaller: a player reads it on paper. A rights line that the head of a sheet the book prints
cannot hold even at 6 pt is refused by `rulebook check` at book.yaml's `rights`
(`rights_misfit`), as a card whose text does not fit is refused rather than shrunk.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.content.model import Book
from generator.core import palette
from generator.core.fonts import names, register_fonts
from generator.core.sheet import NOTE_INDENT, PAPERS, Layout, impose, orientation
from generator.core.typography import one_line
from generator.draw.styles import color
from generator.errors import RenderError

#: Sizes tried in order (pt): the sheet note's, then the smallest a player reads on paper.
SIZES = (6.5, 6.0)
LEADING = 1.15               # from one baseline to the next, in font sizes
ASCENT, DESCENT = 0.75, 0.25  # how far the letters reach above and below the baseline
CLEAR = 0.6                  # mm kept free above and below the lines (paper edge, marks)


@dataclass(frozen=True)
class Head:
    """The rights line as set in a sheet's head: its size and its lines."""

    size: float
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        """From the top of the first line's letters to the foot of the last's, in mm."""
        return ((len(self.lines) - 1) * LEADING + ASCENT + DESCENT) * self.size / mm


def set_head(text: str, layout: Layout) -> Head | None:
    """`text` set across `layout`'s head at the largest of SIZES that fits; None if even
    the smallest does not."""
    register_fonts()
    width = (layout.paper[0] - 2 * NOTE_INDENT) * mm
    for size in SIZES:
        head = Head(size, tuple(simpleSplit(text, names().sans, size, width)))
        if head.height <= layout.head - 2 * CLEAR:
            return head
    return None


def draw_head(canv, layout: Layout, rights: str) -> None:
    """The rights line across the top of the page, centred in the head's height."""
    text = one_line(rights)
    head = set_head(text, layout)
    if head is None:  # rights_misfit refuses it first, for every paper a build prints
        raise RenderError(f"the rights line does not fit the head of a {layout.paper[0]:g} × "
                          f"{layout.paper[1]:g} mm sheet at {SIZES[-1]:g} pt; expected a "
                          "shorter rights line")
    top = layout.paper[1] - (layout.head - head.height) / 2  # mm: the first line's letters
    baseline = top * mm - ASCENT * head.size
    canv.saveState()
    canv.setFont(names().sans, head.size)
    canv.setFillColor(color(palette.MUTED))
    for line in head.lines:
        canv.drawString(NOTE_INDENT * mm, baseline, line)
        baseline -= LEADING * head.size
    canv.restoreState()


def piece_sizes(book: Book) -> list[tuple[str, float, float, float]]:
    """(kind, width, height, bleed) of each kind of piece the book's print.yaml makes: its
    cards, its tokens, then its decks."""
    spec = book.print_spec
    sizes = []
    if spec is not None and spec.cards is not None:
        sizes.append(("card", spec.cards.width, spec.cards.height, spec.cards.bleed))
    if spec is not None and spec.tokens is not None:
        d = spec.tokens.diameter
        sizes.append(("token", d, d, spec.tokens.bleed))
    for deck in spec.decks if spec is not None else ():
        sizes.append((f"{deck.id} card", *deck.trim, deck.bleed))
    return sizes


def landscape_for(book: Book, paper: str) -> bool | None:
    """The way round of every sheet of the book on `paper` (core.sheet.orientation)."""
    return orientation(paper, [size[1:] for size in piece_sizes(book)])


def sheets_of(book: Book) -> list[tuple[str, Layout]]:
    """Each sheet the book's print.yaml makes, on each paper: (what it is, its layout)."""
    return [(f"{paper} {kind} sheet", impose(paper, w, h, bleed, landscape_for(book, paper)))
            for kind, w, h, bleed in piece_sizes(book) for paper in PAPERS]


def rights_misfit(book: Book) -> tuple[str, str] | None:
    """The first sheet whose head cannot hold the book's rights line at the smallest size:
    (what is wrong, what is expected), for `rulebook check`; None when every one can."""
    text = one_line(book.meta.rights)
    if not text:
        return None
    register_fonts()
    for name, layout in sheets_of(book):
        if set_head(text, layout) is not None:
            continue
        size = SIZES[-1]
        width = layout.paper[0] - 2 * NOTE_INDENT
        room = int(((layout.head - 2 * CLEAR) * mm / size - ASCENT - DESCENT) / LEADING) + 1
        need = len(simpleSplit(text, names().sans, size, width * mm))
        # about how many characters `room` lines hold, at this text's own mean width
        most = int(len(text) * room * width * mm / stringWidth(text, names().sans, size) * 0.95)
        return (f"the rights line takes {need} lines at {size:g} pt across the head of the "
                f"{name} (the strip above its crop marks), which holds {room} "
                f"({width:.0f} mm wide)",
                f"a shorter rights line (about {most} characters at most)")
    return None
