"""The layout every example's position diagram shares: labelled groups that flow left to
right and wrap like words, within the width of an example's box.

The solo engine's diagram (position.py), the Splendor and the token-economy diagrams
(games/splendor/figures.py, games/economy/figures.py) build their groups and hand them to
`flow_drawing`. Sizes are millimetres at print size; every text is 6 pt or more
(`MIN_TEXT`), and the drawing is never wider than the width asked for unless one group is.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable

import svgwrite

from generator.core import palette
from generator.diagrams.canvas import new_drawing, sized
from generator.diagrams.canvas import text_width
from generator.diagrams.style import DiagramStyle

PT = 25.4 / 72
WIDTH = 110.0            # mm: an example box's text width on A5 (118 mm column, its padding)
#: The HTML edition's layout: as wide as a phone's example box holds at SCREEN_SCALE (the
#: hand and market on one row), and drawn that much larger than print on every screen.
SCREEN_WIDTH = 59.0
SCREEN_SCALE = 1.4
#: A named figure's phone layout: as wide as a 320 px screen's column (288 px) holds with
#: its 6 pt type shown at 12 px (html/render.py sizes it so).
FIGURE_SCREEN_WIDTH = 52.0
MIN_TEXT = 6.0 * PT      # the smallest type anywhere in the diagram, 6 pt
LABEL = 2.3              # group labels (6.5 pt)
CARD_W, CARD_H = 8.4, 11.8   # hand, market and building cards (poker proportions)
GAP = 1.0                # between two cards of a group
GROUP_GAP = 3.6          # between two groups of a row
ROW_GAP = 2.6            # between two rows
NOTE_GAP = 1.5           # between a label and its note: a word space a PDF reader sees
LABEL_H = LABEL + 1.4    # a label's line above its cards


@dataclass
class Group:
    """A label and what lies under it: `draw(x, y)` draws the contents below the label."""

    label: str
    width: float
    height: float            # of the contents, without the label
    draw: Callable[[float, float], None]
    kind: str
    alone: bool = False      # a row of its own, or beside all the others (the SH)
    note: str = ""           # said after the label, muted ("vacía")
    #: The same contents in a narrower group, given the width it may take (a row of cards
    #: in lines), for a row that would be wider than the drawing; None: it cannot narrow.
    fit: Callable[[float], "Group"] | None = None

    @property
    def outer_width(self) -> float:
        note = NOTE_GAP + label_width(self.note) if self.note else 0.0
        return max(self.width, label_width(self.label) + note)


def label_width(text: str, size: float = LABEL) -> float:
    """A label's width: measured in the embedded font when it is there, else estimated."""
    try:
        from reportlab.pdfbase.pdfmetrics import stringWidth
        from generator.core.fonts import names, register_fonts
        register_fonts()
        return stringWidth(text, names().sans, size)
    except Exception:  # pragma: no cover - no ReportLab fonts: a generous estimate
        return text_width(text, size)


def card_row(dwg, items: list[Callable], kind: str, label: str, card_w: float = CARD_W,
             card_h: float = CARD_H, gap: float = GAP, per_line: int = 0) -> Group:
    """A labelled row of cards: each item draws one card at (x, y). `per_line`: at most
    that many cards a line, the rest in lines under them (0: all on one line); a row wider
    than its drawing goes into lines (`Group.fit`), as a phone's seven-card hand does."""
    per_line = min(per_line or len(items), len(items)) or 1
    lines = math.ceil(len(items) / per_line)
    width = per_line * (card_w + gap) - gap

    def draw(x, y):
        for k, item in enumerate(items):
            line, place = divmod(k, per_line)
            dwg.add(item(x + place * (card_w + gap), y + line * (card_h + gap)))

    def fit(room: float) -> Group:  # as few lines as fit, evened out (4 + 3, not 6 + 1)
        most = max(1, int((room + gap) // (card_w + gap)))
        return card_row(dwg, items, kind, label, card_w, card_h, gap,
                        math.ceil(len(items) / math.ceil(len(items) / most)))
    return Group(label, width, lines * card_h + (lines - 1) * gap, draw, kind,
                 fit=fit if len(items) > 1 else None)


def smallest_text(svg: str) -> float:
    """The smallest font size (mm) in an SVG: what tests and the build check against."""
    return min(float(v) for v in re.findall(r'font-size="([\d.]+)"', svg))




def pt(size: float) -> float:
    """A type size in points as millimetres, rounded up: never a hair under its size."""
    return math.ceil(size * PT * 1000) / 1000


def text(dwg, style: DiagramStyle, words: str, x: float, y: float, size: float = LABEL,
         fill: str | None = None, css_class: str = "group-label", **kw):
    """A line of text at (x, baseline y). `css_class`: "group-label" (on the panel: the
    HTML edition's dark mode recolours it), "empty-label" (muted, likewise), or a class of
    its own for text on a card face, which keeps its colour."""
    return dwg.text(words, insert=(round(x, 3), round(y, 3)), font_family=style.font,
                    font_size=round(size, 3), fill=fill or style.ink, class_=css_class, **kw)


#: In the list of groups: the next group starts a new row.
BREAK = None
#: The panel's edge around the groups, in mm (the panel's rule sits on it).
EDGE = 0.4


def _rows(groups: list[Group | None], width: float) -> list[list[Group]]:
    """`groups` in rows at most `width` mm wide, as words wrap (`BREAK`: a new row; a group
    `alone`, the SH, on a row of its own)."""
    rows: list[list[Group]] = [[]]
    used = 0.0
    for group in groups:
        if group is BREAK:  # what follows starts a row of its own
            if rows[-1]:
                rows.append([])
                used = 0.0
            continue
        if group.fit is not None and group.outer_width > width - 0.8:
            group = group.fit(width - 0.8)
        need = group.outer_width + (GROUP_GAP if rows[-1] else 0)
        if rows[-1] and (group.alone or rows[-1][-1].alone or used + need > width - 0.8):
            rows.append([])
            used, need = 0.0, group.outer_width
        rows[-1].append(group)
        used += need
    return [row for row in rows if row]


def _row_height(row: list[Group]) -> float:
    return (LABEL_H if any(g.label for g in row) else 0.0) + max(g.height for g in row)


def _height(rows: list[list[Group]]) -> float:
    return sum(_row_height(row) for row in rows) + ROW_GAP * (len(rows) - 1)


def _laid_out(groups: list[Group | None], width: float):
    """The rows of `groups`, and the group set beside them (None: none). A tall last group
    (the SH on one line) goes beside the others rather than under them when that is
    shorter and everything still fits in `width`."""
    stacked = _rows(groups, width)
    placed = [g for g in groups if g is not BREAK]
    if len(placed) < 2 or not placed[-1].alone or any(g.alone for g in placed[:-1]):
        return stacked, None
    side = placed[-1]
    room = width - side.outer_width - GROUP_GAP
    if room <= 0 or any(g.outer_width > room - 2 * EDGE for g in placed[:-1]):
        return stacked, None
    rows = _rows([g for g in groups if g is not side], room)
    if max(_height(rows), _row_height([side])) >= _height(stacked) - 1e-6:
        return stacked, None
    return rows, side


def flow_drawing(groups: list[Group | None], dwg, background, style: DiagramStyle, *,
                 width: float = WIDTH, scale: float = 1.0) -> svgwrite.Drawing:
    """Place `groups` (drawn into `dwg`) in rows at most `width` mm wide, each group under
    its label (`BREAK` in the list starts a new row); the drawing then takes the size they
    need (at least `width`), on the example box's own tint (`new_panel`). `scale`: the size
    the SVG says it is over its size in millimetres (the HTML edition's, larger).

    A tall last group on a row of its own (the solo game's SH, when it fits on one line)
    goes beside the rows of the others instead, at their right, when that makes the
    drawing shorter: a position is then about a third less tall on the page, the hand and
    the buildings read first, the SH after them, as before."""
    rows, side = _laid_out(groups, width)
    y = EDGE
    right = 0.0
    for row in rows:
        x = EDGE
        label_h = LABEL_H if any(g.label for g in row) else 0.0
        for group in row:
            _place(dwg, style, group, x, y, label_h)
            right = max(right, x + group.outer_width)
            x += group.outer_width + GROUP_GAP
        y += _row_height(row) + ROW_GAP
    if side is not None:
        _place(dwg, style, side, right + GROUP_GAP, EDGE, LABEL_H if side.label else 0.0)
        right += GROUP_GAP + side.outer_width
        y = max(y, EDGE + _row_height([side]) + ROW_GAP)
    return sized(dwg, background, max(width, right + EDGE), y - ROW_GAP + 0.6, scale)


def _place(dwg, style: DiagramStyle, group: Group, x: float, y: float, label_h: float) -> None:
    """`group` drawn with its label (and its note) at (x, y), its contents `label_h` under."""
    if group.label:
        dwg.add(text(dwg, style, group.label, x, y + LABEL * 0.8,
                     **{"data-group": group.kind}))
    if group.note:
        dwg.add(text(dwg, style, group.note, x + label_width(group.label) + NOTE_GAP,
                     y + LABEL * 0.8, fill=style.muted, css_class="empty-label"))
    group.draw(x, y + label_h)


def new_panel(style: DiagramStyle, title: str, css_class: str = "position-diagram"):
    """An empty position diagram on the example box's tint (class "panel": the HTML
    edition's dark mode makes it transparent), with `title` as its text alternative."""
    dwg, background = new_drawing(style, css_class)
    background["fill"] = palette.EXAMPLE_LIGHT
    background["class"] = "panel"
    if title:
        dwg.set_desc(title=title)
    return dwg, background
