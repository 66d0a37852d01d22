"""A position of the token economy (two-player Catan, 1 contra 1 with coins) as the two
players see the table: the diagram of an example's box.

The two players side by side, each a panel in their colour: who they are ("tú", "tu
rival"), whose turn it is, their visible points, their tokens (coins) as a row of discs,
their resource cards as card backs, their played knights as shields, and the Largest Army
card when one of them holds it. The common reserve of tokens lies under them. Every count is
also written out ("3 monedas"), so nothing depends on counting discs or on colour. Sizes
are millimetres at print size; no text is under 6 pt, and the diagram is at most `WIDTH`
wide (flow.py wraps the panels one under the other on a phone).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from generator.core import palette
from generator.diagrams.flow import (BREAK, GROUP_GAP, LABEL, SCREEN_SCALE, SCREEN_WIDTH, WIDTH,
                                     Group, flow_drawing, label_width, new_panel, pt, text)
from generator.diagrams.icons import building_icon
from generator.diagrams.style import DiagramStyle, tint

PANEL_W = (WIDTH - 1.0 - GROUP_GAP) / 2   # two panels side by side in an A5 box
PAD = 1.6                  # inside a panel
HEAD = 5.6                 # its heading line: who, and whose turn
LINE = 4.9                 # each line below it
NAME = pt(7.5)             # the player's name
BIG = pt(10.0)             # the visible points
TEXT = pt(7.0)             # every other text
BADGE = pt(6.5)            # "tu turno"
COIN_R = 1.5               # a token (a disc 3 mm across)
CARD_BACK = "#6b4a33"      # a resource card's back, as cards.face_down draws it
CARD_EDGE = "#d9c2a3"
#: Each player's colour: the book's accent and its note colour.
PLAYER_COLOURS = (palette.ACCENT, palette.NOTE)
DEFAULT_COIN = "#c99a16"
RESERVE_ROOM = 48.0        # the reserve's row of tokens, at most


@dataclass(frozen=True)
class EconomyWords:
    """What the diagram says, in the book's language: the adapter gives every word from the
    gettext catalogs (games/economy/adapter.py); these defaults are their English msgids."""

    players: tuple[str, str] = ("Player 1 (you)", "Player 2 (your rival)")
    turn: tuple[str, str] = ("your turn", "their turn")
    reserve: str = "Reserve"
    army: str = "Largest Army"
    #: (n, kind) → "3 monedas", kind one of points, tokens, cards, knights; the adapter's
    #: own, with the book's nouns and their agreement.
    count: Callable[[int, str], str] = lambda n, kind: f"{n} {kind}"


def measure(words: str, size: float, bold: bool = False) -> float:
    try:
        from reportlab.pdfbase.pdfmetrics import stringWidth
        from generator.core.fonts import face_name, names, register_fonts
        register_fonts()
        return stringWidth(words, face_name(names().sans, bold=bold), size)
    except Exception:  # pragma: no cover - no ReportLab fonts: a generous estimate
        return label_width(words, size) * (1.08 if bold else 1.0)


def coin(dwg, x: float, cy: float, colour: str):
    """A token: a disc of the tokens' colour with a ring, as the printed tokens look."""
    group = dwg.g(class_="coin")
    group.add(dwg.circle((round(x + COIN_R, 3), round(cy, 3)), COIN_R, fill=colour,
                         stroke=_darker(colour), stroke_width=0.25))
    group.add(dwg.circle((round(x + COIN_R, 3), round(cy, 3)), COIN_R - 0.5, fill="none",
                         stroke="#ffffff", stroke_width=0.2, opacity=0.8))
    return group


def _darker(hex_colour: str, amount: float = 0.4) -> str:
    value = hex_colour.lstrip("#")
    r, g, b = (round(int(value[i:i + 2], 16) * (1 - amount)) for i in (0, 2, 4))
    return f"#{r:02x}{g:02x}{b:02x}"


def _pitch(n: int, room: float) -> float:
    return min(2 * COIN_R + 0.5, (room - 2 * COIN_R) / max(n - 1, 1))


def coins_width(n: int, room: float) -> float:
    """How wide `n` tokens in a row are, overlapping when they need to, within `room`."""
    return (n - 1) * _pitch(n, room) + 2 * COIN_R if n > 0 else 0.0


def coins(dwg, n: int, x: float, cy: float, room: float, colour: str, into=None) -> float:
    """`n` tokens in a row from x, overlapping when they need to, within `room` mm (added
    to `into`, or the drawing); returns the width used."""
    for k in range(max(n, 0)):
        (into if into is not None else dwg).add(coin(dwg, x + k * _pitch(n, room), cy, colour))
    return coins_width(n, room)


def _card_backs(dwg, into, n: int, x: float, cy: float) -> float:
    w, h, pitch = 2.8, 3.9, 1.5
    for k in range(n):
        into.add(dwg.rect((round(x + k * pitch, 3), round(cy - h / 2, 3)), (w, h), rx=0.35,
                         fill=CARD_BACK, stroke="#ffffff", stroke_width=0.2, class_="card-back"))
        into.add(dwg.rect((round(x + k * pitch + 0.5, 3), round(cy - h / 2 + 0.5, 3)),
                         (w - 1.0, h - 1.0), rx=0.2, fill="none", stroke=CARD_EDGE,
                         stroke_width=0.15))
    return (n - 1) * pitch + w if n else 0.0


def _knights(dwg, into, style, n: int, x: float, cy: float, colour: str) -> float:
    pitch = 3.0
    for k in range(n):
        into.add(building_icon(dwg, style, "knight", x + 1.3 + k * pitch, cy, 1.3,
                              colour=colour))
    return (n - 1) * pitch + 2.6 if n else 0.0


def panel_frame(dwg, group, x: float, y: float, width: float, height: float, band: str,
                stroke: str, stroke_width: float = 0.3) -> None:
    """A panel's paper with its edge, and its heading's band (HEAD tall, its top corners
    rounded as the panel's)."""
    group.add(dwg.rect((round(x, 3), round(y, 3)), (round(width, 3), round(height, 3)), rx=1.2,
                       fill=palette.PAPER, stroke=stroke, stroke_width=stroke_width))
    group.add(dwg.rect((round(x, 3), round(y, 3)), (round(width, 3), HEAD), rx=1.2, fill=band))
    group.add(dwg.rect((round(x, 3), round(y + HEAD / 2, 3)), (round(width, 3), HEAD / 2),
                       fill=band))


def player_panel(dwg, style: DiagramStyle, game, n: int, words: EconomyWords, coin_colour: str,
                 army_line: bool, x: float, y: float, width: float):
    """One player's panel: heading, points, tokens, cards, knights, and the Largest Army."""
    p = game.players[n]
    colour = PLAYER_COLOURS[n % 2]
    current = game.current == n
    count = words.count
    group = dwg.g(class_="player", **{"data-player": str(n + 1),
                                     "data-points": str(p.points), "data-tokens": str(p.tokens),
                                     "data-cards": str(p.cards), "data-knights": str(p.knights),
                                     **({"data-turn": "true"} if current else {}),
                                     **({"data-army": "true"} if game.army == n else {})})
    height = panel_height(army_line)
    panel_frame(dwg, group, x, y, width, height, tint(colour, 0.8),
                colour if current else style.muted, 0.7 if current else 0.3)
    base = y + HEAD / 2 + NAME * 0.34
    group.add(text(dwg, style, words.players[n % 2], x + PAD, base, NAME, fill=palette.INK,
                   css_class="card-text", font_weight="bold"))
    if current:
        label = words.turn[n % 2]
        w = measure(label, BADGE, bold=True) + 2.0
        bx = x + width - PAD - w
        group.add(dwg.rect((round(bx, 3), round(y + 1.0, 3)), (round(w, 3), HEAD - 2.0),
                           rx=(HEAD - 2.0) / 2, fill=colour))
        group.add(text(dwg, style, label, bx + w / 2, y + HEAD / 2 + BADGE * 0.34, BADGE,
                       fill="#ffffff", css_class="card-text", text_anchor="middle",
                       font_weight="bold"))
    left = x + PAD
    line = y + HEAD + LINE / 2 + 0.3

    def say(words_: str, at: float, bold: bool = False, size: float = TEXT):
        group.add(text(dwg, style, words_, at, line + size * 0.34, size, fill=palette.INK,
                       css_class="card-text", **({"font_weight": "bold"} if bold else {})))

    number, _, rest = count(p.points, "points").partition(" ")  # "5", "puntos visibles"
    say(number, left, bold=True, size=BIG)
    say(rest, left + measure(number, BIG, True) + 1.0)
    line += LINE
    room = width - 2 * PAD
    tokens = count(p.tokens, "tokens")
    used = coins(dwg, p.tokens, left, line, room - measure(tokens, TEXT) - 1.2, coin_colour,
                 into=group)
    say(tokens, left + used + (1.2 if used else 0))
    line += LINE
    used = _card_backs(dwg, group, p.cards, left, line)
    say(count(p.cards, "cards"), left + used + (1.2 if used else 0))
    line += LINE
    used = _knights(dwg, group, style, p.knights, left, line, colour)
    say(count(p.knights, "knights"), left + used + (1.2 if used else 0))
    if game.army == n:
        line += LINE
        w, h = 3.0, 4.0
        group.add(dwg.rect((round(left, 3), round(line - h / 2, 3)), (w, h), rx=0.4,
                           fill=tint(colour, 0.5), stroke=colour, stroke_width=0.3,
                           class_="army-card"))
        group.add(building_icon(dwg, style, "knight", left + w / 2, line, 1.0,
                                colour="#ffffff"))
        say(words.army, left + w + 1.2, bold=True)
    dwg.add(group)
    return height


def panel_height(army_line: bool) -> float:
    return HEAD + LINE * (5 if army_line else 4) + 0.6


def economy_groups(dwg, game, style: DiagramStyle, words: EconomyWords, coin_colour: str,
                   width: float = WIDTH) -> list[Group | None]:
    """The two players' panels side by side, or one under the other as wide as the column
    when two do not fit (a phone), then the reserve on a line of its own."""
    army_line = game.army is not None
    two = 2 * PANEL_W + GROUP_GAP <= width - 0.8
    panel_w = PANEL_W if two else width - 0.8
    groups: list[Group | None] = []
    for n in range(len(game.players)):
        def draw(x, y, n=n):
            player_panel(dwg, style, game, n, words, coin_colour, army_line, x, y, panel_w)
        groups.append(Group("", panel_w, panel_height(army_line), draw, f"player-{n + 1}"))
    groups.append(BREAK)
    tokens = words.count(game.supply, "tokens")
    label = words.reserve
    start = measure(label, LABEL) + 1.6
    room = min(RESERVE_ROOM, width - 0.8 - start - 1.2 - measure(tokens, TEXT))
    used = coins_width(game.supply, room)
    gap = 1.2 if used else 0.0

    def reserve(x, y):
        group = dwg.g(class_="reserve", **{"data-tokens": str(game.supply)})
        dwg.add(group)
        line = y + COIN_R
        # its words lie on the panel: children of the drawing, as the dark mode expects
        dwg.add(text(dwg, style, label, x, line + LABEL * 0.34, LABEL,
                     **{"data-group": "reserve"}))
        coins(dwg, game.supply, x + start, line, room, coin_colour, into=group)
        muted = {"fill": style.muted, "css_class": "empty-label"} if not game.supply else {}
        dwg.add(text(dwg, style, tokens, x + start + used + gap, line + TEXT * 0.34, TEXT,
                     **muted))
    groups.append(Group("", start + used + gap + measure(tokens, TEXT), 2 * COIN_R, reserve,
                        "reserve"))
    return groups


def economy_drawing(game, style: DiagramStyle, words: EconomyWords, *,
                    coin_colour: str = DEFAULT_COIN, title: str = "", width: float = WIDTH,
                    scale: float = 1.0):
    """The table of a two-player token game, at most `width` mm wide. `coin_colour`: the
    printed tokens' colour (print.yaml); `title`: the text alternative."""
    dwg, background = new_panel(style, title)
    groups = economy_groups(dwg, game, style, words, coin_colour, width)
    return flow_drawing(groups, dwg, background, style, width=width, scale=scale)


def economy_svg(game, style: DiagramStyle, words: EconomyWords, *,
                coin_colour: str = DEFAULT_COIN, title: str = "",
                screen: bool = False) -> str:
    """The diagram as SVG text; `screen`: laid out for a phone's column and shown larger."""
    size = {"width": SCREEN_WIDTH, "scale": SCREEN_SCALE} if screen else {}
    return economy_drawing(game, style, words, coin_colour=coin_colour, title=title,
                           **size).tostring()
