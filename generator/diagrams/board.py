"""A base-Catan board drawn from data (board.yaml): terrains, number tokens, the robber, the
harbours on the frame and the neutral players' pieces, with a legend. It draws a
`BoardLayout` that content/board.py has read and checked (its geometry is described there).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import svgwrite

from generator.content.board import (CORNERS, RADIUS, SIDES, TERRAIN_COUNTS, BoardLayout,
                                     corner_key, side_key)
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
#: A number token's radius on the page (HEX_R × 0.36): its pips are spaced for it.
TOKEN_R = 3.24


@dataclass(frozen=True)
class BoardType:
    """The type of a board drawing, in mm of its own size, and how its legend is set.

    The page's is the print size (its smallest text 6.5 pt). A phone's shows the same board,
    the same size, with every text as large as its smallest may be: the HTML edition draws
    a figure so that its smallest text is 12 px (html/render.py, screen_size), and a board
    107 mm wide then fits a 320 px phone's column (288 px) when no text is under 4.5 mm
    (107 × 12 / 4.5 = 285 px). Scaling the page's drawing to that width set its text at 7 px.
    """
    small: float = SMALL          # the legend; a harbour's resource
    number: float = NUMBER_SIZE   # a number token's number
    letter: float = LETTER_SIZE   # a hex's terrain letter
    rate: float = 2.7             # a harbour's rate, 3:1 or 2:1
    house: float = 2.4            # a neutral settlement: the house, and its number
    ring: float = 3.6             # the ring around it
    token: float = 0.36           # a number token's radius, in hex radii
    #: Where a hex's letter goes, by preference (LETTER_PLACES: top, bottom, left): left
    #: before below, where it would seem to name the hex under it; a phone's, larger,
    #: further left.
    letter_places: tuple[int, ...] = (0, 2, 1)
    terrain_columns: int = 3      # the legend's terrains
    item_columns: int = 2         # the legend's other items
    #: A 2:1 harbour in its terrain's colour with the terrain's letter, on one line («2:1
    #: M»), where its resource's name would not fit the sea at this size.
    lettered_harbours: bool = False

    @property
    def scale(self) -> float:
        """The legend's and the pieces' size against the page's."""
        return self.small / SMALL


PAGE_TYPE = BoardType()
SCREEN_TYPE = BoardType(small=4.5, number=4.8, letter=4.5, rate=4.5, house=4.5, ring=4.6,
                        token=0.36, letter_places=(0, 3, 1), terrain_columns=2,
                        item_columns=1, lettered_harbours=True)


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


def number_token(dwg, style, number: int, cx: float, cy: float, r: float,
                 size: float = NUMBER_SIZE):
    """The round token: its number (red for 6 and 8) and one dot per way to roll it."""
    red = number in (6, 8)
    colour = RED_NUMBER if red else style.ink
    group = dwg.g(class_="number-token", **{"data-number": str(number)})
    group.add(dwg.circle((cx, cy), r, fill=TOKEN_FACE, stroke=style.ink, stroke_width=0.25))
    # The number's baseline, and the pips under it, in proportion to the token.
    group.add(_text(dwg, style, str(number), cx, cy + size * 0.3 - (size - NUMBER_SIZE) * 0.18,
                    size, "middle", "bold", colour))
    pips, gap, dot = _pips(number), 0.9 * r / TOKEN_R, 0.28 * r / TOKEN_R
    for k in range(pips):
        px = cx + (k - (pips - 1) / 2) * gap
        group.add(dwg.circle((round(px, 3), round(cy + r * 0.62, 3)), round(dot, 3),
                             fill=colour))
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


def _harbour(dwg, style, words, board: BoardLayout, harbour, ends,
             kind: BoardType = PAGE_TYPE):
    """A harbour in the sea off its side: two piers to the side's corners and a label: its
    rate, over its resource's name in the resource's colour; or, lettered (a phone's
    board), on one line with the letter of the terrain that yields the resource, in a box of
    that terrain's colour."""
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
    if kind.lettered_harbours:
        terrain = next((t for t, label in board.terrains.items()
                        if label.produces == harbour.resource), None)
        label = harbour.rate if terrain is None else \
            f"{harbour.rate} {_letter(board.terrains[terrain].name)}"
        w, h = text_width(label, kind.rate) + 1.6 * kind.scale, kind.rate * 1.45
        group.add(dwg.rect((round(hx - w / 2, 3), round(hy - h / 2, 3)), (round(w, 3),
                                                                          round(h, 3)),
                           rx=1.2, fill="#ffffff" if terrain is None else TERRAIN_FILL[terrain],
                           stroke=style.ink, stroke_width=0.45))
        group.add(_text(dwg, style, label, hx, hy + kind.rate * 0.35, kind.rate, "middle",
                        "bold"))
        return group
    name = "" if harbour.resource == "any" else words.res(harbour.resource).lower()
    w = max(text_width(harbour.rate, kind.rate), text_width(name, SMALL) if name else 0) + 1.6
    h = 6.4 if name else 4.4
    colour = style.ink if harbour.resource == "any" else style.look(harbour.resource)[1]
    group.add(dwg.rect((round(hx - w / 2, 3), round(hy - h / 2, 3)), (round(w, 3), h),
                       rx=1.2, fill="#ffffff", stroke=colour, stroke_width=0.45))
    if name:
        group.add(_text(dwg, style, harbour.rate, hx, hy - 0.25, kind.rate, "middle", "bold"))
        group.add(_text(dwg, style, name, hx, hy + 2.35, SMALL, "middle", fill=colour))
    else:
        group.add(_text(dwg, style, harbour.rate, hx, hy + 0.95, kind.rate, "middle", "bold"))
    return group


def neutral_settlement(dwg, style, player: int, status: str, cx: float, cy: float,
                       css_class: str = "neutral", kind: BoardType = PAGE_TYPE):
    """A neutral settlement: a house in the player's colour with its number; a proposed
    place (not read off the official illustration) has a dashed ring."""
    colour = NEUTRAL_COLOURS[player]
    size = kind.house
    k = min(size, 0.89 * kind.ring) / 2.4  # the house inside its ring
    group = dwg.g(class_=css_class, **{"data-player": str(player), "data-piece": "settlement",
                                       "data-status": status})
    group.add(dwg.circle((cx, cy), kind.ring, fill="#ffffff", fill_opacity=0.85,
                         stroke=style.ink if status == "official" else style.accent,
                         stroke_width=0.4,
                         **({"stroke_dasharray": "0.9,0.6"} if status == "proposed" else {})))
    group.add(building_icon(dwg, style, "settlement", cx, cy + 0.2 * k, 2.4 * k,
                            colour=colour))
    group.add(_text(dwg, style, str(player), cx, cy + 1.55 * k + (size - 2.4 * k) * 0.3,
                    size, "middle", "bold", "#ffffff"))
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
#: The last is the left for a phone's larger letter, clear of its token.
LETTER_PLACES = [((0.0, -0.5), {"N"}), ((0.0, 0.76), {"S"}), ((-0.6, 0.22), {"NW", "SW"}),
                 ((-0.68, 0.24), {"NW", "SW"})]


def _letter(name: str) -> str:
    """A terrain's letter, as its hexes, its legend and a phone's harbours print it."""
    return name[:1].upper()


def _letter_place(at, occupied: set, order: tuple[int, ...]) -> tuple[float, float]:
    for offset, corners in (LETTER_PLACES[k] for k in order):
        if not any(corner_key(at, c) in occupied for c in corners):
            return offset
    return LETTER_PLACES[0][0]


def board_drawing(board: BoardLayout, style: DiagramStyle, words,
                  kind: BoardType = PAGE_TYPE) -> svgwrite.Drawing:
    """The board with its sea frame, and a legend below it; in `kind`'s type (SCREEN_TYPE:
    the HTML edition's on a phone)."""
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
        lx, ly = _letter_place(h.at, occupied, kind.letter_places)
        group.add(_text(dwg, style, _letter(label), centre[0] + lx * r,
                        centre[1] + ly * r, kind.letter, "middle", "bold",
                        class_="terrain-letter"))
        if h.number is not None:
            group.add(number_token(dwg, style, h.number, centre[0], centre[1] + r * 0.12,
                                   r * kind.token, kind.number))
        dwg.add(group)
        if h.at == board.robber:
            dwg.add(robber(dwg, centre[0], centre[1] + r * 0.12, r * 0.62))
    for harbour in board.harbours:
        ends = [to_mm(corner_key(harbour.hex, c), origin) for c in SIDES[harbour.side]]
        dwg.add(_harbour(dwg, style, words, board, harbour, ends, kind))
    for piece in board.neutral:
        if piece.piece == "road":
            ends = [to_mm(corner_key(piece.hex, c), origin) for c in SIDES[piece.side]]
            dwg.add(neutral_road(dwg, piece.player, piece.status, ends))
    for piece in board.neutral:
        if piece.piece == "settlement":
            x, y = to_mm(corner_key(piece.hex, piece.corner), origin)
            dwg.add(neutral_settlement(dwg, style, piece.player, piece.status, x, y,
                                       kind=kind))
    height = _legend(dwg, style, words, board, width, 2 * apothem + 4, kind)
    # A phone's board is never printed: its size is its type's (html/render.py), so it
    # declares the page's size per unit of type, not of length.
    return sized(dwg, background, width, height, SMALL / kind.small)


def _legend(dwg, style, words, board: BoardLayout, width: float, top: float,
            kind: BoardType = PAGE_TYPE) -> float:
    """Terrains in rows of `kind.terrain_columns`, then the pieces in rows of
    `kind.item_columns`; returns the drawing's height."""
    legend = dwg.g(class_="legend")
    z = kind.scale
    columns, row_h, x0 = kind.terrain_columns, 5.2 * z, 3.0
    col_w = (width - 2 * x0) / columns
    used = [t for t in TERRAIN_COUNTS if t in {h.terrain for h in board.hexes}]
    for k, terrain in enumerate(used):
        x = x0 + (k % columns) * col_w
        y = top + (k // columns) * row_h
        legend.add(dwg.polygon(_hexagon((x + 2.2 * z, y), 2.3 * z), fill=TERRAIN_FILL[terrain],
                               stroke=style.muted, stroke_width=0.2))
        label = board.terrains[terrain]
        legend.add(_text(dwg, style, _letter(label.name), x + 2.2 * z, y + 0.85 * z,
                         kind.small, "middle", "bold"))
        text = label.name + (f": {words.res(label.produces).lower()}" if label.produces
                             else "")
        legend.add(_text(dwg, style, text, x + 5.3 * z, y + 0.8 * z, kind.small,
                         class_="legend-terrain"))
    y = top + math.ceil(len(used) / columns) * row_h + 0.6 * z
    t = words.t  # the book's catalog (diagrams/words.py)
    harbour = t.gettext("3:1 harbour: 3 alike for 1. 2:1 harbour, in a terrain's colour "
                        "with its letter: 2 of that terrain's resource for 1 (2:1 M: 2 "
                        "mineral)") \
        if kind.lettered_harbours else \
        t.gettext("Harbour: 3 alike for 1 (3:1) or 2 of its resource for 1 (2:1)")
    items = [("token", t.gettext("Number token: 6 and 8, in red, come up most often")),
             ("harbour", harbour),
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
    columns = kind.item_columns
    column_w = (width - 2 * x0) / columns
    row_top = y - row_h / 2
    line_h = 2.7 * z
    for first in range(0, len(items), columns):
        row = items[first:first + columns]
        laid = [_legend_item(dwg, legend, style, board, item, text, x0 + k * column_w,
                             column_w, players, kind)
                for k, (item, text) in enumerate(row)]
        lines = max(len(item[1]) for item in laid)
        height = max(row_h * 1.15, lines * line_h + 2.6 * z)
        centre = row_top + height / 2
        for k, (icon, wrapped, text_x) in enumerate(laid):
            icon(centre)
            for j, line in enumerate(wrapped):
                legend.add(_text(dwg, style, line, text_x,
                                 centre + 0.8 * z + (j - (len(wrapped) - 1) / 2) * line_h,
                                 kind.small, class_="legend-item"))
        row_top += height
    dwg.add(legend)
    return row_top + 1.5


def _legend_item(dwg, into, style, board, item, text, x, column_w, players,
                 kind: BoardType = PAGE_TYPE):
    """(draw the icon at a given y, the wrapped text, where the text starts)."""
    z = kind.scale
    text_x = x + 6.0 * z

    def icon(y):
        if item == "token":
            into.add(dwg.circle((x + 2.4 * z, y), 2.4 * z, fill=TOKEN_FACE, stroke=style.ink,
                                stroke_width=0.2))
            into.add(_text(dwg, style, "6", x + 2.4 * z, y + 0.85 * z, kind.small, "middle",
                           "bold", RED_NUMBER))
        elif item == "harbour":
            into.add(dwg.rect((x + 0.2 * z, y - 1.8 * z), (4.4 * z, 3.6 * z), rx=0.8,
                              fill="#ffffff", stroke=style.ink, stroke_width=0.3))
            into.add(dwg.line((x + 2.4 * z, y + 1.8 * z), (x + 2.4 * z, y + 2.8 * z),
                              stroke="#8a6a45", stroke_width=0.5))
        elif item == "robber":
            into.add(robber(dwg, x + 2.4 * z, y, 4.2 * z))
        else:
            for j, player in enumerate(players):
                status = next(p.status for p in board.neutral if p.player == player)
                into.add(neutral_settlement(dwg, style, player, status,
                                            x + kind.ring + j * 7.8 * z, y,
                                            "legend-neutral", kind))

    if item == "neutral":
        text_x = x + kind.ring + len(players) * 7.8 * z - 1.8 * z
    return icon, _wrap(text, x + column_w - text_x - 1.0, kind.small), text_x


def _wrap(text: str, width: float, size: float = SMALL) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + [line] if line else lines


def board_description(board: BoardLayout, words) -> str:
    """What the board shows, in words: its text alternative on a screen, where a reader who
    cannot see the drawing asks what a sighted one reads off it. Its hexes row by row, top
    to bottom and left to right, each with its number; the harbours clockwise from the top;
    where the neutral pieces stand, by the hexes around them."""
    t = words.t

    def hex_words(h) -> str:
        name = board.terrains[h.terrain].name
        if h.at == board.robber:
            name = t.gettext("{terrain} with the robber").format(terrain=name)
        return f"{name} {h.number}" if h.number is not None else name

    rows: dict[int, list] = {}
    for h in board.hexes:
        rows.setdefault(h.at[1], []).append(h)
    said = [t.gettext("Row {n}: {hexes}.").format(
        n=n, hexes=", ".join(hex_words(h) for h in sorted(rows[r], key=lambda h: h.at[0])))
        for n, r in enumerate(sorted(rows), start=1)]
    origin = (0.0, 0.0)

    def clockwise(harbour) -> float:  # from the top, y down
        x, y = (sum(v) / 2 for v in zip(*(to_mm(corner_key(harbour.hex, c), origin)
                                           for c in SIDES[harbour.side])))
        return math.atan2(x, -y) % (2 * math.pi)
    at = {h.at: h for h in board.hexes}
    harbours = [t.gettext("{harbour} by {hex}").format(
        harbour=h.rate if h.resource == "any" else f"{h.rate} {words.res(h.resource).lower()}",
        hex=hex_words(at[h.hex])) for h in sorted(board.harbours, key=clockwise)]
    if harbours:
        said.append(t.gettext("Harbours, clockwise from the top: {harbours}.").format(
            harbours="; ".join(harbours)))
    for piece in board.neutral:
        if piece.piece == "settlement":
            key = corner_key(piece.hex, piece.corner)
            around = [h for h in board.hexes if any(corner_key(h.at, c) == key for c in CORNERS)]
            text = t.gettext("Neutral settlement {player}: where {hexes} meet").format(
                player=piece.player, hexes=t.join([hex_words(h) for h in around]))
        else:
            key = side_key(piece.hex, piece.side)
            around = [h for h in board.hexes if any(side_key(h.at, s) == key for s in SIDES)]
            text = t.gettext("Neutral road {player}: between {hexes}").format(
                player=piece.player, hexes=t.join([hex_words(h) for h in around]))
        if piece.status == "proposed":
            text = t.gettext("{text} (proposed place)").format(text=text)
        said.append(text + ".")
    return " ".join(said)
