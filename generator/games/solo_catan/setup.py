"""The solo table after set-up (§ Preparar la mesa), drawn for the width it is given.

The table as the player sees it: far away the city expansions, in a second row the three
building stacks, the market and the resource deck, and near the player the hand and the
start cards. Each part is a labelled group whose label carries, in a disc, the number of
the chapter's set-up step that puts it there (figures.yaml, `steps:`), so the figure and the
list read together.

The type is set in points and never changes with the width: cards take the room the width
gives them (between `MIN_CARD` and `MAX_CARD`), groups that do not fit side by side wrap to
a line of their own and a group wider than the width wraps its cards, so the same drawing
serves an A5 column, a wider A4 one (drawn larger: the whole measure) and a phone
(`SCREEN_WIDTH`: stacked groups). Nothing in it is under 6 pt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

import svgwrite

from generator.core.i18n import N_, translator
from generator.diagrams.canvas import new_drawing
from generator.diagrams.cards import face_down, plain_card, resource_card
from generator.diagrams.flow import FIGURE_SCREEN_WIDTH, label_width, pt
from generator.diagrams.style import DiagramStyle

LABEL = pt(7.0)          # a group's label
STEP = pt(7.5)           # the step's number, white in its disc
DISC_R = 2.1             # the disc around it
DISC_GAP = 1.2           # between the disc and the label
CARD_TITLE = 6.5         # pt: a card's name, bold (cards.plain_card: 2.3 mm)
MIN_CARD, MAX_CARD = 16.0, 22.0   # mm: a card's width
CARD_RATIO = 88 / 63     # poker cards
GAP = 2.2                # between two cards of a group
GROUP_GAP = 6.0          # between two groups of a line
LINE_GAP = 3.0           # between two lines of a row
ROW_GAP = 5.0            # between two rows of the table (far, middle, near)
LABEL_H = 2 * DISC_R + 1.2   # a label's line above its cards
STACK_LAYERS = 3         # a stack shows its top card and two edges under it
STACK_SHIFT = 0.8        # each edge this far up and right
HAND_STRIP = 0.42        # what shows of a hand card under the next, over the card's width
#: A phone's layout (flow.FIGURE_SCREEN_WIDTH).
SCREEN_WIDTH = FIGURE_SCREEN_WIDTH
#: A5's measure: the figure's file in figures/ and the HTML edition's wide layout.
PRINT_WIDTH = 118.0

#: Each part's label: messages of the gettext catalogs, in the book's language when drawn.
LABELS = {"expansions": N_("City expansions"), "stacks": N_("Three decks"),
          "market": N_("Market"), "deck": N_("Resource deck"), "hand": N_("Your hand"),
          "start": N_("Next to your hand")}


@dataclass
class Part:
    """One thing the set-up puts on the table: its label, its step, and its cards."""

    kind: str                 # expansions, stacks, market, deck, hand, start
    label: str
    step: int | None
    cards: list["_Card"]      # each draws one card: card(dwg, style, x, y)
    pitch: float              # from one card's left edge to the next one's
    card_w: float
    card_h: float
    extra: float = 0.0        # room a card's decoration takes beyond it (a stack's edges)

    def columns(self, width: float) -> int:
        """How many cards fit on one line of `width`."""
        room = width - self.card_w - self.extra
        return max(1, min(len(self.cards), 1 + int(max(room, 0) // self.pitch)))

    def cards_width(self, columns: int) -> float:
        return (columns - 1) * self.pitch + self.card_w + self.extra

    def label_width(self) -> float:
        disc = 2 * DISC_R + DISC_GAP if self.step else 0.0
        return disc + bold_width(self.label, LABEL)

    def width(self, room: float) -> float:
        return max(self.cards_width(self.columns(room)), self.label_width())

    def height(self, room: float) -> float:
        lines = math.ceil(len(self.cards) / self.columns(room))
        return LABEL_H + lines * self.card_h + (lines - 1) * LINE_GAP + self.extra


def card_width(rows: list[list[Part]], width: float, style: DiagramStyle) -> float:
    """The widest card at which every row of the table fits on one line of `width`, within
    MIN_CARD…MAX_CARD (and never narrower than the longest card name needs)."""
    def row_width(row, w):
        return sum(part.width(1e9) for part in _parts_at(row, w, style)) + \
            GROUP_GAP * (len(row) - 1)

    low = max(MIN_CARD, _longest_name(rows, style) + 1.6)
    w = MAX_CARD
    while w > low and any(row_width(row, w) > width for row in rows):
        w -= 0.1
    return max(w, low)


def _longest_name(rows, style) -> float:
    titles = [getattr(card, "title", "") for row in rows for part in row for card in part.cards]
    return max((bold_width(t, pt(CARD_TITLE)) for t in titles if t), default=0.0)


def bold_width(words: str, size: float) -> float:
    """A bold label's width, measured in the embedded Source Sans Bold (labels and card
    names are bold here: measured in the regular face they would overflow)."""
    try:
        from reportlab.pdfbase.pdfmetrics import stringWidth
        from generator.core.fonts import face_name, names, register_fonts
        register_fonts()
        return stringWidth(words, face_name(names().sans, bold=True), size)
    except Exception:  # pragma: no cover - no ReportLab fonts: a generous estimate
        return label_width(words, size) * 1.1


def _parts_at(row: list[Part], w: float, style: DiagramStyle) -> list[Part]:
    """The row's parts with cards `w` wide."""
    h = w * CARD_RATIO
    out = []
    for part in row:
        pitch = w * HAND_STRIP if part.kind == "hand" else w + GAP
        extra = (STACK_LAYERS - 1) * STACK_SHIFT if part.kind == "stacks" else 0.0
        out.append(Part(part.kind, part.label, part.step, part.cards, pitch, w, h, extra))
    return out


class _Card:
    """A card to draw at (x, y), with the name it prints (cards are sized to hold it)."""

    def __init__(self, draw: Callable, title: str = ""):
        self.draw, self.title = draw, title

    def __call__(self, dwg, style: DiagramStyle, x: float, y: float):
        return self.draw(dwg, style, x, y)


def table_rows(game, components, words, language: str,
               steps: dict[str, int]) -> list[list[Part]]:
    """The table's three rows, far to near, as parts whose cards are not yet sized."""
    t = translator(language)
    cards = lambda n: t.ngettext("{n} card", "{n} cards", n)
    points = lambda n: t.ngettext("{n} point", "{n} points", n)

    def part(kind, items):
        return Part(kind, t.gettext(LABELS[kind]), steps.get(kind), items, 0.0, 0.0, 0.0)

    def plain(title, building, role, subtitle="", **kw):
        return _Card(lambda d, s, x, y: plain_card(d, s, x, y, title=title, building=building,
                                                   role=role, subtitle=subtitle, **kw), title)

    expansions = [plain(e.name, "expansion", "expansion", points(e.points))
                  for e in components.expansions]
    stacks = []
    for building, count in (("settlement", components.building("settlement").count - 1),
                            ("road", components.building("road").count - 1),
                            ("knight", components.building("knight").count)):
        stacks.append(_Stack(components.building(building).plural.capitalize(), building,
                             cards(count), count))
    market = [_Card(lambda d, s, x, y, r=r: resource_card(d, s, r, x, y, role="market",
                                                          name=words.res(r)))
              for r in game.market]
    deck = [_Card(lambda d, s, x, y, n=len(game.deck): _deck(d, s, x, y, cards(n)))]
    hand = [_Card(lambda d, s, x, y, r=r, last=(k == len(game.hand) - 1):
                  resource_card(d, s, r, x, y, role="hand", name=words.res(r), full=last))
            for k, r in enumerate(game.hand)]
    start = [plain(components.building("road").name, "road", "built",
                   t.gettext("side {face}").format(face="A")),
             plain(components.building("settlement").name, "settlement", "built",
                   points(components.building("settlement").points or 1)),
             # The costs card's title on two lines: "Costes / de construcción".
             plain(t.pgettext("costs card", "Building"), None, "ccc",
                   t.pgettext("costs card", "costs"), fill="#fff8e6")]
    return [[part("expansions", expansions)],
            [part("stacks", stacks), part("market", market), part("deck", deck)],
            [part("hand", hand), part("start", start)]]


class _Stack(_Card):
    """A face-up stack of building cards: the top card, the edges of two under it."""

    def __init__(self, title: str, building: str, subtitle: str, count: int):
        self.title, self.building, self.subtitle, self.count = title, building, subtitle, count

    def __call__(self, dwg, style: DiagramStyle, x: float, y: float):
        group = dwg.g(class_="stack", **{"data-count": str(self.count)})
        for layer in reversed(range(min(STACK_LAYERS, self.count))):
            group.add(plain_card(dwg, style, x + layer * STACK_SHIFT,
                                 y + (STACK_LAYERS - 1 - layer) * STACK_SHIFT,
                                 title=self.title if layer == 0 else "",
                                 building=self.building if layer == 0 else None, role="stack",
                                 subtitle=self.subtitle if layer == 0 else ""))
        return group


def _deck(dwg, style: DiagramStyle, x: float, y: float, count: str):
    """The resource deck face down, its count on it."""
    group = face_down(dwg, style, x, y)
    group.add(dwg.text(count, insert=(round(x + style.card_w / 2, 3),
                                      round(y + style.card_h / 2 + 1.0, 3)),
                       text_anchor="middle", font_family=style.font, font_weight="bold",
                       font_size=pt(7.5), fill="#ffffff", class_="count"))
    return group


def setup_drawing(game, components, style: DiagramStyle, words, *, width: float = PRINT_WIDTH,
                  steps: dict[str, int] | None = None,
                  language: str = "es") -> svgwrite.Drawing:
    """The table after set-up, `width` mm wide: each row of the table centred, its groups
    side by side when they fit and stacked when they do not; a wide page gets it larger."""
    rows = table_rows(game, components, words, language, steps or {})
    w = card_width(rows, width, style)
    sized_style = _card_style(style, w)
    dwg, background = new_drawing(style, "setup-diagram")
    y = 1.0
    lines = []
    for n, row in enumerate(rows):
        for line in _lines(_parts_at(row, w, sized_style), width):
            lines.append((n, line))
    previous = None
    drawn_width = max(sum(p.width(width) for p in line) + GROUP_GAP * (len(line) - 1)
                      for _, line in lines)
    for n, line in lines:
        if previous is not None:
            y += ROW_GAP if n != previous else LINE_GAP
        previous = n
        line_w = sum(p.width(width) for p in line) + GROUP_GAP * (len(line) - 1)
        x = (drawn_width - line_w) / 2
        for part in line:
            _draw_part(dwg, sized_style, part, x, y, width)
            x += part.width(width) + GROUP_GAP
        y += max(p.height(width) for p in line)
    return _fill(dwg, background, drawn_width, y + 1.0, width)


def _card_style(style: DiagramStyle, w: float) -> DiagramStyle:
    """The style's cards at width `w` (a hand card shows a strip HAND_STRIP of it)."""
    return replace(style, card_w=w, card_h=w * CARD_RATIO, strip=w * HAND_STRIP)


def _lines(parts: list[Part], width: float) -> list[list[Part]]:
    """The row's parts in lines no wider than `width` (a part too wide wraps its cards)."""
    lines: list[list[Part]] = [[]]
    used = 0.0
    for part in parts:
        need = part.width(width) + (GROUP_GAP if lines[-1] else 0.0)
        if lines[-1] and used + need > width:
            lines.append([])
            used, need = 0.0, part.width(width)
        lines[-1].append(part)
        used += need
    return lines


def _draw_part(dwg, style: DiagramStyle, part: Part, x: float, y: float, room: float):
    """A part's label (its step's number in a disc) over its cards, from (x, y)."""
    group = dwg.g(class_="setup-part", **{"data-part": part.kind,
                                          **({"data-step": str(part.step)} if part.step else {})})
    text_x = x
    if part.step:
        cx, cy = x + DISC_R, y + DISC_R
        group.add(dwg.circle((round(cx, 3), round(cy, 3)), DISC_R, fill=style.accent,
                             class_="step-disc"))
        group.add(dwg.text(str(part.step), insert=(round(cx, 3), round(cy + STEP * 0.35, 3)),
                           text_anchor="middle", font_family=style.font, font_weight="bold",
                           font_size=STEP, fill="#ffffff", class_="step-number"))
        text_x = x + 2 * DISC_R + DISC_GAP
    group.add(dwg.text(part.label, insert=(round(text_x, 3), round(y + DISC_R + LABEL * 0.35, 3)),
                       font_family=style.font, font_weight="bold", font_size=LABEL,
                       fill=style.ink, class_="group-label"))
    columns = part.columns(room)
    top = y + LABEL_H
    for k, card in enumerate(part.cards):
        row, column = divmod(k, columns)
        group.add(card(dwg, style, x + column * part.pitch,
                       top + row * (part.card_h + LINE_GAP)))
    dwg.add(group)


def _fill(dwg, background, content_w: float, content_h: float, width: float):
    """Size the drawing: its content, declared `width` mm wide (larger than drawn when the
    cards reached MAX_CARD on a wide page, so the figure still spans the measure)."""
    content_w, content_h = round(content_w, 2), round(content_h, 2)
    dwg["viewBox"] = f"0 0 {content_w} {content_h}"
    background["width"], background["height"] = content_w, content_h
    scale = max(1.0, width / content_w)
    dwg["width"] = f"{round(content_w * scale, 2)}mm"
    dwg["height"] = f"{round(content_h * scale, 2)}mm"
    return dwg
