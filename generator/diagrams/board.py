"""A base-Catan board drawn from data (board.yaml): terrains, number tokens, the robber, the
harbours on the frame and the neutral players' pieces, with a legend. It draws a
`BoardLayout` that content/board.py has read and checked (its geometry is described there).
"""

from __future__ import annotations

import math

import svgwrite

from generator.content.board import RADIUS, SIDES, TERRAIN_COUNTS, BoardLayout, corner_key
from generator.diagrams.canvas import new_drawing, sized, text_width
from generator.diagrams.icons import building_icon
from generator.diagrams.style import DiagramStyle

#: Direction (degrees, y down) from a hex's centre to the middle of each side.
SIDE_ANGLE = {"NE": -60, "E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240}

#: Terrain fills, chosen to stay apart in greyscale (dark forest to pale desert); each hex
#: also carries its terrain's letter, so colour is never the only cue.
TERRAIN_FILL = {"forest": "#5f9456", "hills": "#d4845f", "mountains": "#a3a8b0",
                "pasture": "#b3d683", "fields": "#f0cd62", "desert": "#f2e8cb"}
SEA = "#cfe3ee"
SEA_EDGE = "#7da7bf"
RED_NUMBER = "#c0281e"   # 6 and 8, red as on the game's tokens
TOKEN_FACE = "#fbf3de"
ROBBER = "#4a4a4a"
NEUTRAL_COLOURS = {1: "#2f5d9c", 2: "#c8661d"}

#: Sizes in mm at print size. The smallest text is 2.3 mm (6.5 pt).
HEX_R = 9.0
SMALL = 2.3
NUMBER_SIZE = 3.4
LETTER_SIZE = 2.6


# --- geometry at print size ---------------------------------------------------------------

def to_mm(key, origin: tuple[float, float], r: float = HEX_R) -> tuple[float, float]:
    x, y = key
    return origin[0] + x * r * math.sqrt(3) / 2, origin[1] + y * r / 2


# --- drawing -------------------------------------------------------------------------------

def _text(dwg, style, text, x, y, size=SMALL, anchor="start", weight="normal", fill=None,
          **kw):
    return dwg.text(text, insert=(round(x, 3), round(y, 3)), text_anchor=anchor,
                    font_family=style.font, font_size=size, font_weight=weight,
                    fill=fill or style.ink, **kw)


def _hexagon(centre, r, pointy=True):
    start = -90 if pointy else 0
    return [(round(centre[0] + r * math.cos(math.radians(start + 60 * k)), 3),
             round(centre[1] + r * math.sin(math.radians(start + 60 * k)), 3))
            for k in range(6)]


def _pips(number: int) -> int:
    return 6 - abs(7 - number)


def number_token(dwg, style, number: int, cx: float, cy: float, r: float):
    """The round token: its number (red for 6 and 8) and one dot per way to roll it."""
    red = number in (6, 8)
    colour = RED_NUMBER if red else style.ink
    group = dwg.g(class_="number-token", **{"data-number": str(number)})
    group.add(dwg.circle((cx, cy), r, fill=TOKEN_FACE, stroke=style.ink, stroke_width=0.25))
    group.add(_text(dwg, style, str(number), cx, cy + NUMBER_SIZE * 0.3, NUMBER_SIZE,
                    "middle", "bold", colour))
    pips, gap = _pips(number), 0.9
    for k in range(pips):
        px = cx + (k - (pips - 1) / 2) * gap
        group.add(dwg.circle((round(px, 3), round(cy + r * 0.62, 3)), 0.28, fill=colour))
    return group


def robber(dwg, cx: float, cy: float, h: float):
    """The robber pawn: a head on a bell-shaped body."""
    group = dwg.g(class_="robber")
    w = h * 0.42
    group.add(dwg.path(d=f"M {cx - w},{cy + h / 2} Q {cx - w * 0.9},{cy - h * 0.05} {cx},"
                         f"{cy - h * 0.12} Q {cx + w * 0.9},{cy - h * 0.05} {cx + w},"
                         f"{cy + h / 2} Z", fill=ROBBER))
    group.add(dwg.circle((cx, cy - h * 0.3), h * 0.2, fill=ROBBER))
    return group


def _harbour(dwg, style, words, harbour, ends):
    """A harbour in the sea off its side: two piers to the side's corners and a label."""
    angle = math.radians(SIDE_ANGLE[harbour.side])
    mid = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
    out = HEX_R * 0.72
    hx, hy = mid[0] + out * math.cos(angle), mid[1] + out * math.sin(angle)
    group = dwg.g(class_="harbour", **{"data-rate": harbour.rate,
                                       "data-resource": harbour.resource,
                                       "data-hex": f"{harbour.hex[0]},{harbour.hex[1]}",
                                       "data-side": harbour.side})
    for end in ends:
        group.add(dwg.line((round(end[0], 3), round(end[1], 3)), (round(hx, 3), round(hy, 3)),
                           stroke="#8a6a45", stroke_width=0.7, stroke_linecap="round"))
    name = "" if harbour.resource == "any" else words.res(harbour.resource).lower()
    w = max(text_width(harbour.rate, 2.7), text_width(name, SMALL) if name else 0) + 1.6
    h = 6.4 if name else 4.4
    colour = style.ink if harbour.resource == "any" else style.look(harbour.resource)[1]
    group.add(dwg.rect((round(hx - w / 2, 3), round(hy - h / 2, 3)), (round(w, 3), h),
                       rx=1.2, fill="#ffffff", stroke=colour, stroke_width=0.45))
    if name:
        group.add(_text(dwg, style, harbour.rate, hx, hy - 0.25, 2.7, "middle", "bold"))
        group.add(_text(dwg, style, name, hx, hy + 2.35, SMALL, "middle", fill=colour))
    else:
        group.add(_text(dwg, style, harbour.rate, hx, hy + 0.95, 2.7, "middle", "bold"))
    return group


def neutral_settlement(dwg, style, player: int, status: str, cx: float, cy: float,
                       css_class: str = "neutral"):
    """A neutral settlement: a house in the player's colour with its number; a proposed
    place (not read off the official illustration) has a dashed ring."""
    colour = NEUTRAL_COLOURS[player]
    group = dwg.g(class_=css_class, **{"data-player": str(player), "data-piece": "settlement",
                                       "data-status": status})
    group.add(dwg.circle((cx, cy), 3.6, fill="#ffffff", fill_opacity=0.85,
                         stroke=style.ink if status == "official" else style.accent,
                         stroke_width=0.4,
                         **({"stroke_dasharray": "0.9,0.6"} if status == "proposed" else {})))
    group.add(building_icon(dwg, style, "settlement", cx, cy + 0.2, 2.4, colour=colour))
    group.add(_text(dwg, style, str(player), cx, cy + 1.55, 2.4, "middle", "bold", "#ffffff"))
    return group


def neutral_road(dwg, player: int, status: str, ends):
    group = dwg.g(class_="neutral", **{"data-player": str(player), "data-piece": "road",
                                       "data-status": status})
    (x1, y1), (x2, y2) = ends
    # Shortened so the road stops short of the corners, as a road piece does.
    a = (x1 + (x2 - x1) * 0.15, y1 + (y2 - y1) * 0.15)
    b = (x1 + (x2 - x1) * 0.85, y1 + (y2 - y1) * 0.85)
    for width, colour in ((2.0, "#ffffff"), (1.2, NEUTRAL_COLOURS[player])):
        group.add(dwg.line(a, b, stroke=colour, stroke_width=width, stroke_linecap="round",
                           **({"stroke_dasharray": "1.2,0.8"}
                              if status == "proposed" and width < 2 else {})))
    return group


#: Where a hex's terrain letter may go (offsets in hex radii, baseline), and the corners a
#: settlement there would cover: the top unless a neutral settlement stands on that corner.
LETTER_PLACES = [((0.0, -0.5), {"N"}), ((0.0, 0.76), {"S"}), ((-0.6, 0.22), {"NW", "SW"})]


def _letter_place(at, occupied: set) -> tuple[float, float]:
    for offset, corners in LETTER_PLACES:
        if not any(corner_key(at, c) in occupied for c in corners):
            return offset
    return LETTER_PLACES[0][0]


def board_drawing(board: BoardLayout, style: DiagramStyle, words) -> svgwrite.Drawing:
    """The board with its sea frame, and a legend below it."""
    r = HEX_R
    # The island reaches 4 R from the centre towards each flat side of the frame (it has the
    # frame's six-fold symmetry); a band of sea 1.05 R wide holds the harbours.
    apothem = (2 * RADIUS) * r + 1.05 * r
    sea_r = 2 * apothem / math.sqrt(3)
    width = 2 * sea_r + 2
    origin = (width / 2, apothem + 1)
    dwg, background = new_drawing(style, "board-diagram")
    dwg.add(dwg.polygon(_hexagon(origin, sea_r, pointy=False), class_="sea", fill=SEA,
                        stroke=SEA_EDGE, stroke_width=0.5))
    occupied = {corner_key(p.hex, p.corner) for p in board.neutral if p.piece == "settlement"}
    for h in board.hexes:
        q, rr = h.at
        centre = to_mm((2 * q + rr, 3 * rr), origin)
        group = dwg.g(class_="hex", **{"data-q": str(q), "data-r": str(rr),
                                       "data-terrain": h.terrain,
                                       **({"data-number": str(h.number)} if h.number else {})})
        group.add(dwg.polygon(_hexagon(centre, r), fill=TERRAIN_FILL[h.terrain],
                              stroke="#ffffff", stroke_width=0.6))
        label = board.terrains[h.terrain].name
        lx, ly = _letter_place(h.at, occupied)
        group.add(_text(dwg, style, label[:1].upper(), centre[0] + lx * r,
                        centre[1] + ly * r, LETTER_SIZE, "middle", "bold",
                        class_="terrain-letter"))
        if h.number is not None:
            group.add(number_token(dwg, style, h.number, centre[0], centre[1] + r * 0.12,
                                   r * 0.36))
        dwg.add(group)
        if h.at == board.robber:
            dwg.add(robber(dwg, centre[0], centre[1] + r * 0.12, r * 0.62))
    for harbour in board.harbours:
        ends = [to_mm(corner_key(harbour.hex, c), origin) for c in SIDES[harbour.side]]
        dwg.add(_harbour(dwg, style, words, harbour, ends))
    for piece in board.neutral:
        if piece.piece == "road":
            ends = [to_mm(corner_key(piece.hex, c), origin) for c in SIDES[piece.side]]
            dwg.add(neutral_road(dwg, piece.player, piece.status, ends))
    for piece in board.neutral:
        if piece.piece == "settlement":
            x, y = to_mm(corner_key(piece.hex, piece.corner), origin)
            dwg.add(neutral_settlement(dwg, style, piece.player, piece.status, x, y))
    height = _legend(dwg, style, words, board, width, 2 * apothem + 4)
    return sized(dwg, background, width, height)


def _legend(dwg, style, words, board: BoardLayout, width: float, top: float) -> float:
    """Terrains in two rows of three, then the pieces; returns the drawing's height."""
    legend = dwg.g(class_="legend")
    columns, row_h, x0 = 3, 5.2, 3.0
    col_w = (width - 2 * x0) / columns
    used = [t for t in TERRAIN_COUNTS if t in {h.terrain for h in board.hexes}]
    for k, terrain in enumerate(used):
        x = x0 + (k % columns) * col_w
        y = top + (k // columns) * row_h
        legend.add(dwg.polygon(_hexagon((x + 2.2, y), 2.3), fill=TERRAIN_FILL[terrain],
                               stroke=style.muted, stroke_width=0.2))
        label = board.terrains[terrain]
        legend.add(_text(dwg, style, label.name[:1].upper(), x + 2.2, y + 0.85, SMALL,
                         "middle", "bold"))
        text = label.name + (f": {words.res(label.produces).lower()}" if label.produces
                             else "")
        legend.add(_text(dwg, style, text, x + 5.3, y + 0.8, class_="legend-terrain"))
    y = top + math.ceil(len(used) / columns) * row_h + 0.6
    t = words.t  # the book's catalog (diagrams/words.py)
    items = [("token", t.gettext("Number token: 6 and 8, in red, come up most often")),
             ("harbour", t.gettext("Harbour: 3 alike for 1 (3:1) or 2 of its resource for 1 "
                                   "(2:1)")),
             ("robber", t.gettext("Robber: starts in the desert"))]
    players = sorted({p.player for p in board.neutral})
    if players:
        pieces = {p.piece for p in board.neutral}
        kinds = ([t.gettext("settlements")] if "settlement" in pieces else []) + \
            ([t.gettext("roads")] if pieces - {"settlement"} else [])
        proposed = any(p.status == "proposed" for p in board.neutral)
        text = t.gettext("{pieces} of the neutral players {players}").format(
            pieces=t.join(kinds).capitalize(), players=t.join([str(n) for n in players]))
        if proposed:
            text = t.gettext("{text} (proposed place)").format(text=text)
        items.append(("neutral", text))
    half = (width - 2 * x0) / 2
    row_top = y - row_h / 2
    for first in range(0, len(items), 2):
        pair = items[first:first + 2]
        laid = [_legend_item(dwg, legend, style, board, kind, text, x0 + k * half, half, players)
                for k, (kind, text) in enumerate(pair)]
        lines = max(len(item[1]) for item in laid)
        height = max(row_h * 1.15, lines * 2.7 + 2.6)
        centre = row_top + height / 2
        for k, (icon, wrapped, text_x) in enumerate(laid):
            icon(centre)
            for j, line in enumerate(wrapped):
                legend.add(_text(dwg, style, line, text_x,
                                 centre + 0.8 + (j - (len(wrapped) - 1) / 2) * 2.7,
                                 class_="legend-item"))
        row_top += height
    dwg.add(legend)
    return row_top + 1.5


def _legend_item(dwg, into, style, board, kind, text, x, column_w, players):
    """(draw the icon at a given y, the wrapped text, where the text starts)."""
    text_x = x + 6.0

    def icon(y):
        if kind == "token":
            into.add(dwg.circle((x + 2.4, y), 2.4, fill=TOKEN_FACE, stroke=style.ink,
                                stroke_width=0.2))
            into.add(_text(dwg, style, "6", x + 2.4, y + 0.85, SMALL, "middle", "bold",
                           RED_NUMBER))
        elif kind == "harbour":
            into.add(dwg.rect((x + 0.2, y - 1.8), (4.4, 3.6), rx=0.8, fill="#ffffff",
                              stroke=style.ink, stroke_width=0.3))
            into.add(dwg.line((x + 2.4, y + 1.8), (x + 2.4, y + 2.8), stroke="#8a6a45",
                              stroke_width=0.5))
        elif kind == "robber":
            into.add(robber(dwg, x + 2.4, y, 4.2))
        else:
            for j, player in enumerate(players):
                status = next(p.status for p in board.neutral if p.player == player)
                into.add(neutral_settlement(dwg, style, player, status, x + 3.6 + j * 7.8, y,
                                            "legend-neutral"))

    if kind == "neutral":
        text_x = x + 3.6 + len(players) * 7.8 - 1.8
    return icon, _wrap(text, x + column_w - text_x - 1.0), text_x


def _wrap(text: str, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, SMALL) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + [line] if line else lines
