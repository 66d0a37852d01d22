"""The token economy at a glance: a figures.yaml figure of kind `economy` (the 1-v-1 book's
coins), drawn from the rules the engine plays, so the figure cannot disagree with them.

Two panels side by side, one under the other on a phone: what earns tokens and what an
action costs (from when, how often, the two prices, the actions), each count written as a
number and drawn as discs, in columns the two panels share. The tokens in all and at the
start are in the prose before it. Sizes are millimetres at print size; no text is under
6 pt. Every word comes from the adapter (the book's language, gettext catalogs).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core import palette
from generator.diagrams.flow import (FIGURE_SCREEN_WIDTH, GROUP_GAP, WIDTH,
                                     Group, flow_drawing, text)
from generator.diagrams.canvas import new_drawing
from generator.diagrams.style import DiagramStyle, tint
from generator.games.economy.figures import (COIN_R, DEFAULT_COIN, HEAD, NAME, PAD, PANEL_W,
                                             TEXT, coins, coins_width, measure, panel_frame)

LINE = 3.6      # a line of text in a panel
GAP = 1.4       # between two items of a panel


@dataclass(frozen=True)
class Item:
    """One item of a panel: its words, after its tokens drawn as discs (None: a plain
    line)."""

    words: str
    tokens: int | None = None


@dataclass(frozen=True)
class Glance:
    """What the figure says, in the book's language, with the numbers of its rules."""

    earn: str                 # "You earn"
    pay: str                  # "You pay"
    gains: tuple[Item, ...]   # each way to earn tokens
    paying: tuple[Item, ...]  # when, the prices, then the actions


def _wrapped(words: str, size: float, room: float) -> list[str]:
    """`words` in lines no wider than `room` mm at `size`."""
    lines: list[str] = []
    for word in words.split():
        if lines and measure(f"{lines[-1]} {word}", size) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


@dataclass(frozen=True)
class Columns:
    """Where an item's parts start, the same in both panels: its number, its discs (after
    the widest number) and its words (after the discs of the largest count)."""

    discs: float
    words: float

    @classmethod
    def of(cls, items: tuple[Item, ...]) -> "Columns":
        counted = [i.tokens for i in items if i.tokens]
        number = max((measure(f"+{n}", TEXT, True) for n in counted), default=0.0)
        most = max(counted, default=0)
        return cls(number + 1.0, number + 1.0 + coins_width(most, most * (2 * COIN_R + 0.5))
                   + 1.8)

    def lead(self, item: Item) -> float:
        return self.words if item.tokens is not None else 0.0


def _height(items: tuple[Item, ...], room: float, columns: Columns) -> float:
    lines = sum(len(_wrapped(i.words, TEXT, room - columns.lead(i))) for i in items)
    return HEAD + PAD + lines * LINE + (len(items) - 1) * GAP + PAD


def _panel(dwg, style: DiagramStyle, title: str, items: tuple[Item, ...], columns: Columns,
           coin_colour: str, kind: str, x: float, y: float, width: float, height: float):
    """A panel: its heading on the tokens' own tint (neither player's colour: it is every
    player's rule), then its items."""
    group = dwg.g(class_=f"economy-{kind}")
    panel_frame(dwg, group, x, y, width, height, tint(coin_colour, 0.75), style.muted)
    group.add(text(dwg, style, title, x + PAD, y + HEAD / 2 + NAME * 0.34, NAME,
                   fill=palette.INK, css_class="card-text", font_weight="bold"))
    room = width - 2 * PAD
    line = y + HEAD + PAD + LINE / 2
    for item in items:
        lead = columns.lead(item)
        part = dwg.g(class_="economy-item", **({"data-tokens": str(item.tokens)}
                                               if item.tokens is not None else {}))
        if item.tokens is not None:  # "+2" and two discs: the number read, the tokens seen
            number = f"+{item.tokens}" if kind == "earn" else str(item.tokens)
            part.add(text(dwg, style, number, x + PAD, line + TEXT * 0.34, TEXT,
                          fill=palette.INK, css_class="card-text", font_weight="bold"))
            coins(dwg, item.tokens, x + PAD + columns.discs, line,
                  item.tokens * (2 * COIN_R + 0.5), coin_colour, into=part)
        lines = _wrapped(item.words, TEXT, room - lead)
        for k, words in enumerate(lines):
            part.add(text(dwg, style, words, x + PAD + lead, line + k * LINE + TEXT * 0.34,
                          TEXT, fill=palette.INK, css_class="card-text"))
        group.add(part)
        line += len(lines) * LINE + GAP
    dwg.add(group)


def glance_drawing(glance: Glance, style: DiagramStyle, *, coin_colour: str = DEFAULT_COIN,
                   title: str = "", width: float = WIDTH):
    """The figure, at most `width` mm wide; `title`: its text alternative. Side by side,
    what earns tokens and what they cost; on a phone, one under the other."""
    dwg, background = new_drawing(style, "glance-diagram")  # on the page: a rules figure,
    if title:                                                # not an example's position
        dwg.set_desc(title=title)
    two = 2 * PANEL_W + GROUP_GAP <= width - 0.8
    panel_w = PANEL_W if two else width - 0.8
    room = panel_w - 2 * PAD
    columns = Columns.of(glance.gains + glance.paying)
    heights = [_height(glance.gains, room, columns), _height(glance.paying, room, columns)]
    height = max(heights) if two else 0.0  # side by side, as tall as each other
    groups = []
    for (name, items, kind), own in zip(((glance.earn, glance.gains, "earn"),
                                         (glance.pay, glance.paying, "pay")), heights):
        def draw(x, y, name=name, items=items, kind=kind, h=height or own):
            _panel(dwg, style, name, items, columns, coin_colour, kind, x, y, panel_w, h)
        groups.append(Group("", panel_w, height or own, draw, f"economy-{kind}"))
    return flow_drawing(groups, dwg, background, style, width=width)


def glance_svgs(glance: Glance, style: DiagramStyle, coin_colour: str,
                title: str) -> tuple[str, str]:
    """The figure for print and for a phone's column (one panel under the other, larger)."""
    return tuple(glance_drawing(glance, style, coin_colour=coin_colour, title=title,
                                **size).tostring()
                 for size in ({}, {"width": FIGURE_SCREEN_WIDTH}))


__all__ = ["Glance", "Item", "glance_drawing", "glance_svgs"]
