"""A position of Splendor solo as it lies on the table: the diagram of an example's box.

Groups, each under its label in the book's words, flow and wrap as in the solo engine's
diagram (flow.py): the ledger (a column per gem: your tokens, your bonuses and the bank's
tokens, one line each), the two face-up rows beside it, then the special gems and the
nobles on the table, and what you have bought or received. A card is drawn as a Splendor
card: its points top left, the gem it gives top right, its cost as gem pips with numbers
along the bottom. The ledger sits where a player's eye goes from a card's cost, and takes
no line of its own: a position is two bands of cards tall on the page, not three.

Every gem has its colour and its own shape, and a letter on it (the ledger's column heads,
the gem a card gives), so a diagram reads in greyscale: diamond a rhombus, sapphire a drop,
emerald an emerald-cut octagon, ruby a shield, onyx a round cabochon; gold (a joker, where a
game has it) a circle too, told by its letter and light fill. The colours are Splendor's
gems, nothing of Catan's (no brick red, no hexagons). Sizes are millimetres at print size;
no text is under 6 pt (`MIN_TEXT`), and the diagram is at most `WIDTH` wide (the inner
width of an example's box on A5).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from generator.core import palette
from generator.core.i18n import N_, pN_
from generator.diagrams.flow import (FIGURE_SCREEN_WIDTH, SCREEN_SCALE, SCREEN_WIDTH, WIDTH,
                                     Group, card_row, flow_drawing, label_width, new_panel, pt,
                                     text)
from generator.diagrams.style import DiagramStyle, tint

#: A gem's look by its colour id (the engine's colours): shape and fill. Text on it is white
#: but on the light gems (diamond, gold), which take ink. Gold is only ever a token (nothing
#: costs gold), told from onyx by its letter and its light fill.
GEM_LOOK = {
    "white": ("rhombus", "#f1eee6"),
    "blue": ("drop", "#1d4f91"),
    "green": ("octagon", "#17754b"),
    "red": ("shield", "#b3122e"),
    "black": ("circle", "#2b2a2e"),
    "gold": ("circle", "#d4a017"),
}
#: Other colours a book may name: greys, each with a shape of its own.
FALLBACK_LOOKS = [("circle", "#7d7d85"), ("rhombus", "#a3a3a8"), ("octagon", "#55555c"),
                  ("shield", "#8c8c93"), ("drop", "#66666d")]
#: Where a shape's text sits, below its centre, in units of its radius.
TEXT_DY = {"rhombus": 0.0, "drop": 0.22, "octagon": 0.0, "shield": -0.14, "circle": 0.0}

CARD_W, CARD_H = 9.0, 13.2    # a face-up card, near Splendor's 63 × 88 mm, and narrow
                              # enough for the ledger and two rows of four on one line
BAND = 4.6                    # its top band: points and the gem it gives
PIP_R = 1.75                  # a cost pip's radius; its number is 6.5 pt
PIP_PITCH = 3.9
BONUS_R = 1.85                # the gem a card gives
GAP = 0.9                     # between two cards
LEDGER_R = 1.5                # a gem heading a column of the ledger
LEDGER_PITCH = 3.5            # between two columns' centres
LEDGER_HEAD = 3.9             # the line of gems heading the columns
LEDGER_ROW = round((CARD_H - LEDGER_HEAD) / 3, 3)  # a line of counts: the ledger a card high
LEDGER_LABEL_GAP = 0.7        # after a line's label
POINTS = pt(9.0)              # a card's points
NUMBER = pt(6.5)              # a pip's number, a gem's letter
COUNT = pt(8.0)               # a count in the ledger
CARD_FILL = palette.PAPER
LIGHT_BAND = "#e2ded3"        # the band of a light gem's card (a diamond's), seen on paper
NOBLE_FILL = "#f3ead2"        # a noble's tile: parchment, not a card
CAP = 0.66                    # a digit's height in Source Sans Bold, in em


@dataclass(frozen=True)
class Gem:
    """How a colour is drawn: its shape, fill and letter (from the book's gem names)."""

    shape: str
    fill: str
    letter: str

    @property
    def ink(self) -> str:
        """The colour of text on this gem: white, or ink on a light gem."""
        return palette.INK if _light(self.fill) else "#ffffff"


def _light(hex_colour: str) -> bool:
    value = hex_colour.lstrip("#")
    r, g, b = (int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55


def gem_looks(colours, letters: dict[str, str]) -> dict[str, Gem]:
    """Each colour's Gem: Splendor's five gems and gold by their ids, greys for others."""
    looks, spare = {}, iter(FALLBACK_LOOKS * 3)
    for colour in colours:
        shape, fill = GEM_LOOK.get(colour) or next(spare)
        looks[colour] = Gem(shape, fill, letters.get(colour, colour[:1].upper()))
    return looks


def _round(points):
    return [(round(x, 3), round(y, 3)) for x, y in points]


def gem_shape(dwg, gem: Gem, cx: float, cy: float, r: float, **kw):
    """The gem's shape centred at (cx, cy), about 2r across, filled with its colour."""
    kw.setdefault("fill", gem.fill)
    kw.setdefault("stroke", palette.INK if _light(gem.fill) else "#ffffff")
    kw.setdefault("stroke_width", 0.25)
    if gem.shape == "rhombus":
        return dwg.polygon(_round([(cx, cy - 1.12 * r), (cx + r, cy), (cx, cy + 1.12 * r),
                                   (cx - r, cy)]), **kw)
    if gem.shape == "octagon":  # an emerald cut: a square with its corners cut
        h, c = 0.92 * r, 0.34 * r
        return dwg.polygon(_round([(cx - h + c, cy - h), (cx + h - c, cy - h), (cx + h, cy - h + c),
                                   (cx + h, cy + h - c), (cx + h - c, cy + h),
                                   (cx - h + c, cy + h), (cx - h, cy + h - c),
                                   (cx - h, cy - h + c)]), **kw)
    if gem.shape == "shield":
        return dwg.polygon(_round([(cx - r, cy - 0.92 * r), (cx + r, cy - 0.92 * r),
                                   (cx + r, cy + 0.22 * r), (cx, cy + 1.12 * r),
                                   (cx - r, cy + 0.22 * r)]), **kw)
    if gem.shape == "drop":  # a pear cut, point up: a circle and two tangents to its tip
        a, centre, tip = 0.86 * r, cy + 0.22 * r, cy - 1.15 * r
        phi = math.acos(a / (centre - tip))
        right = (cx + a * math.sin(phi), centre - a * math.cos(phi))
        left = (cx - a * math.sin(phi), right[1])
        return dwg.path(d=f"M {cx:.3f},{tip:.3f} L {right[0]:.3f},{right[1]:.3f} "
                          f"A {a:.3f},{a:.3f} 0 1 1 {left[0]:.3f},{left[1]:.3f} Z", **kw)
    return dwg.circle((round(cx, 3), round(cy, 3)), round(0.95 * r, 3), **kw)


def gem_mark(dwg, style: DiagramStyle, gem: Gem, colour: str, cx: float, cy: float,
             r: float, label: str, role: str):
    """A gem's shape with a letter or a number on it, in a group tests can read."""
    group = dwg.g(class_="gem", **{"data-gem": colour, "data-role": role})
    group.add(gem_shape(dwg, gem, cx, cy, r))
    size = NUMBER
    group.add(text(dwg, style, label, cx, cy + TEXT_DY.get(gem.shape, 0) * r + CAP * size / 2,
                   size, fill=gem.ink, css_class="gem-text", text_anchor="middle",
                   font_weight="bold"))
    return group


def _card_frame(dwg, group, x, y, fill, band: str | None, special: bool):
    stroke = palette.INK
    group.add(dwg.rect((round(x, 3), round(y, 3)), (CARD_W, CARD_H), rx=0.9, fill=fill,
                       stroke=stroke, stroke_width=0.6 if special else 0.3))
    if band:
        inset = 0.3 if special else 0.15
        group.add(dwg.rect((round(x + inset, 3), round(y + inset, 3)),
                           (round(CARD_W - 2 * inset, 3), round(BAND - inset, 3)),
                           rx=0.7, fill=band))
        group.add(dwg.rect((round(x + inset, 3), round(y + BAND / 2, 3)),
                           (round(CARD_W - 2 * inset, 3), round(BAND / 2, 3)), fill=band))


def _pips(dwg, style, group, looks, needs, x, y, role):
    """Cost (or a noble's needs) as gem pips with numbers, two to a row, filling up from the
    bottom left as on a Splendor card."""
    rows = (len(needs) + 1) // 2
    for k, (colour, n) in enumerate(needs):
        row, col = divmod(k, 2)
        cx = x + 0.55 + PIP_R + col * PIP_PITCH
        cy = y + CARD_H - 0.55 - 1.12 * PIP_R - (rows - 1 - row) * PIP_PITCH
        group.add(gem_mark(dwg, style, looks[colour], colour, cx, cy, PIP_R, str(n), role))


def gem_card(dwg, style: DiagramStyle, looks: dict[str, Gem], card, x: float, y: float,
             role: str):
    """A face-up card: points (none when 0) and the gem it gives in its band, its cost
    below. A special gem has a heavier frame and a band in its gem's full colour."""
    gem = looks[card.bonus]
    cost = ",".join(f"{c}:{n}" for c, n in card.cost)
    group = dwg.g(class_="card", **{"data-role": role, "data-bonus": card.bonus,
                                   "data-points": str(card.points), "data-cost": cost,
                                   **({"data-special": "true"} if card.special else {})})
    band = gem.fill if card.special else (LIGHT_BAND if _light(gem.fill)
                                          else tint(gem.fill, 0.72))
    _card_frame(dwg, group, x, y, CARD_FILL, band, card.special)
    if card.points:
        ink = gem.ink if card.special else palette.INK
        group.add(text(dwg, style, str(card.points), x + 1.1, y + BAND / 2 + CAP * POINTS / 2,
                       POINTS, fill=ink, css_class="card-text", font_weight="bold"))
    group.add(gem_mark(dwg, style, gem, card.bonus, x + CARD_W - 0.5 - BONUS_R,
                       y + BAND / 2 + 0.1, BONUS_R, gem.letter, "bonus"))
    _pips(dwg, style, group, looks, card.cost, x, y, "cost")
    return group


def noble_tile(dwg, style: DiagramStyle, looks: dict[str, Gem], noble, x: float, y: float,
               role: str):
    """A noble: a parchment tile with its points and the bonuses it asks for."""
    needs = ",".join(f"{c}:{n}" for c, n in noble.needs)
    group = dwg.g(class_="noble", **{"data-role": role, "data-needs": needs,
                                    "data-points": str(noble.points)})
    _card_frame(dwg, group, x, y, NOBLE_FILL, None, False)
    group.add(text(dwg, style, str(noble.points), x + 1.1, y + BAND / 2 + CAP * POINTS / 2,
                   POINTS, fill=palette.INK, css_class="card-text", font_weight="bold"))
    _pips(dwg, style, group, looks, noble.needs, x, y, "needs")
    return group


def _cards(dwg, items: list[Callable], label: str, kind: str) -> Group:
    return card_row(dwg, items, kind, label, CARD_W, CARD_H, GAP)


def _empty(dwg, style, label: str, kind: str, word: str) -> Group:
    """A row with no card left: a dashed outline with the word for empty."""
    def draw(x, y):
        dwg.add(dwg.rect((x, y), (CARD_W + 2, CARD_H), rx=0.9, fill="none",
                         stroke=style.muted, stroke_width=0.3, stroke_dasharray="1.2,0.8",
                         class_="empty"))
        dwg.add(text(dwg, style, word, x + (CARD_W + 2) / 2, y + CARD_H / 2 + 0.8,
                     fill=style.muted, css_class="empty-label", text_anchor="middle"))
    return Group(label, CARD_W + 2, CARD_H, draw, kind)


@dataclass(frozen=True)
class LedgerLine:
    """A line of the ledger: its label, a count per colour, and how tests find each count
    (`role`, its data-role; the group's class follows from it)."""

    label: str
    counts: dict[str, int]
    role: str

    @property
    def css(self) -> str:
        return "bonus" if self.role == "bonuses" else "token"


def _ledger(dwg, style: DiagramStyle, looks: dict[str, Gem], lines: list[LedgerLine]) -> Group:
    """The gems as one small table: a column per gem, headed by its shape and letter, and a
    line each for your tokens, your bonuses and the bank's tokens. A card's cost is read
    against it down a column, the tokens and the bonus that pay it one under the other; set
    beside the rows of cards, it takes no line of its own. A count of 0 is muted."""
    colours = list(lines[0].counts)
    head = max(label_width(line.label) for line in lines) + LEDGER_LABEL_GAP
    width = head + len(colours) * LEDGER_PITCH

    def draw(x, y):
        centres = [x + head + (k + 0.5) * LEDGER_PITCH for k in range(len(colours))]
        for colour, cx in zip(colours, centres):
            gem = looks[colour]
            dwg.add(gem_mark(dwg, style, gem, colour, cx, y + LEDGER_HEAD / 2, LEDGER_R,
                             gem.letter, "ledger"))
        for row, line in enumerate(lines):
            base = y + LEDGER_HEAD + (row + 0.5) * LEDGER_ROW + CAP * COUNT / 2
            dwg.add(text(dwg, style, line.label, x, base))
            for colour, cx in zip(colours, centres):
                n = line.counts[colour]
                cell = dwg.g(class_=line.css, **{"data-gem": colour, "data-role": line.role,
                                                "data-count": str(n)})
                cell.add(text(dwg, style, str(n), cx, base, COUNT,
                              fill=style.muted if n == 0 else None,
                              css_class="empty-label" if n == 0 else "group-label",
                              text_anchor="middle", font_weight="bold"))
                dwg.add(cell)
    return Group("", width, LEDGER_HEAD + len(lines) * LEDGER_ROW, draw, "ledger")


#: The labels of the groups and of the ledger's lines: messages of the gettext catalogs,
#: which the adapter translates into the book's language (games/splendor/adapter.py). The
#: ledger's are short, its column narrow ("Tuyas", "Bonif."), and so carry a context; so
#: does "empty", which agrees with its noun (a row).
LABELS = {"tokens": pN_("ledger", "Yours"), "bank": N_("Bank"), "bonuses": pN_("ledger", "Bonus"),
          "row": N_("Row {row}"), "special": N_("Special gems"), "nobles": N_("Nobles"),
          "bought": N_("Your special gems"), "visitors": N_("Visited by"),
          "empty": pN_("row", "empty")}


def splendor_groups(dwg, game, style: DiagramStyle, looks: dict[str, Gem],
                    labels: dict[str, str]) -> list[Group]:
    """The groups of a position, in reading order, flowing as words do: the ledger (your
    tokens, your bonuses, the bank's tokens), the two rows beside it, then the special gems
    and nobles on the table and yours."""
    colours = list(game.tokens)
    groups = [_ledger(dwg, style, looks, [
        LedgerLine(labels["tokens"], dict(game.tokens), "tokens"),
        LedgerLine(labels["bonuses"], {c: game.bonus(c) for c in colours}, "bonuses"),
        LedgerLine(labels["bank"], {c: game.bank.get(c, 0) for c in colours}, "bank")])]

    def cards(items, label, kind, draw=gem_card):
        return _cards(dwg, [(lambda c: lambda x, y: draw(dwg, style, looks, c, x, y, kind))(c)
                            for c in items], label, kind)

    for row, items in game.rows.items():
        label = labels["row"].format(row=row)
        groups.append(cards(items, label, f"row-{row}") if items
                      else _empty(dwg, style, label, f"row-{row}", labels["empty"]))
    # the special gems and nobles follow the rows on their line when they fit (a row
    # emptied, a short one): a position is then a row of cards less tall on the page
    if game.special:  # none left on the table: all bought, and shown as yours below
        groups.append(cards(game.special, labels["special"], "special"))
    if game.nobles:
        groups.append(cards(game.nobles, labels["nobles"], "noble", noble_tile))
    bought = [c for c in game.bought if c.special]
    if bought:
        groups.append(cards(bought, labels["bought"], "bought"))
    if game.visitors:
        groups.append(cards(game.visitors, labels["visitors"], "visitor", noble_tile))
    return groups


def splendor_drawing(game, style: DiagramStyle, letters: dict[str, str], *,
                     labels: dict[str, str] | None = None, title: str = "",
                     width: float = WIDTH, scale: float = 1.0):
    """The table of a Splendor solo game, at most `width` mm wide. `letters`: each colour's
    letter (the initial of its gem's name in the book); `title`: the text alternative."""
    looks = gem_looks(list(game.tokens) + [c.bonus for c in game.face_up() + game.bought],
                      letters)
    dwg, background = new_panel(style, title)
    groups = splendor_groups(dwg, game, style, looks, {**LABELS, **(labels or {})})
    return flow_drawing(groups, dwg, background, style, width=width, scale=scale)


def splendor_svg(game, style: DiagramStyle, letters: dict[str, str], *, title: str = "",
                 labels: dict[str, str] | None = None, screen: bool = False) -> str:
    """The diagram as SVG text; `screen`: laid out for a phone's column and shown larger."""
    size = {"width": SCREEN_WIDTH, "scale": SCREEN_SCALE} if screen else {}
    return splendor_drawing(game, style, letters, labels=labels, title=title,
                            **size).tostring()


# --- a card's anatomy: one card, its parts named, and the gems' key ------------------------

#: The words of `anatomy_drawing`, by part: a part's name and what it does, one short line
#: each; messages of the catalogs, translated by the adapter.
ANATOMY = {"points": N_("Prestige points"), "points_note": N_("won when you buy the card"),
           "bonus": N_("Bonus"), "bonus_note": N_("a token of its colour less to pay"),
           "bonus_note_2": N_("in every purchase"),
           "cost": N_("Cost"), "cost_note": N_("the tokens you pay for it"),
           "key": N_("The gems:")}
ANATOMY_SCALE = 2.6          # the card, drawn this many times its size in a position
NAME = pt(8.0)               # a part's name
NOTE = pt(7.0)               # what it does; a gem's name in the key
LEADER_GAP = 1.2             # between a leader's end and its words
KEY_R = 1.9                  # a gem of the key


#: The anatomy laid out for a phone's column (the HTML edition's narrow figure, which the
#: page shows larger, its smallest text at 11 px): the card a little smaller, the words
#: nearer, the key on more lines; at most 288 px wide on the page (a 320 px phone's column).
ANATOMY_SCREEN = {"width": FIGURE_SCREEN_WIDTH, "card_scale": 2.0, "gap": 4.0}


def anatomy_drawing(card, style: DiagramStyle, letters: dict[str, str], names: dict[str, str],
                    words: dict[str, str], title: str = "", *, width: float = WIDTH,
                    card_scale: float = ANATOMY_SCALE, gap: float = 8.0):
    """`card` drawn large (`card_scale` times its size in a position), each of its parts
    named by a leader line (its points top left, the gem it gives top right, its cost along
    the bottom) `gap` mm from the card, and under it the key of the gems, wrapped at
    `width`: each gem's shape and letter with its name (`names`, by colour). The parts are
    the examples' card exactly, so a reader learns to read every diagram of the book."""
    from generator.diagrams.canvas import new_drawing, sized
    looks = gem_looks(list(names), letters)
    dwg, background = new_drawing(style, "anatomy-diagram")
    if title:
        dwg.set_desc(title=title)
    s, x0, y0 = card_scale, 2.0, 7.0
    face = dwg.g(transform=f"translate({x0} {y0}) scale({s})")
    face.add(gem_card(dwg, style, looks, card, 0, 0, "anatomy"))
    dwg.add(face)
    right = x0 + CARD_W * s  # the card's right edge; the words start past it
    words_x = right + gap
    cost_y = y0 + (CARD_H - 0.55 - 1.12 * PIP_R) * s  # the bottom row of pips
    cost_x = x0 + (0.55 + 2 * PIP_R + (min(len(card.cost), 2) - 1) * PIP_PITCH) * s
    bonus_y = y0 + (BAND / 2 + 0.1) * s
    points_x, points_y = x0 + 2.4 * s, y0 + BAND / 2 * s
    leaders = [  # (points of the leader line, baseline of the part's name, part)
        ([(points_x, points_y - 1.2 * s), (points_x, 2.6), (words_x - LEADER_GAP, 2.6)],
         2.6, "points"),
        ([(right - 0.2 * s, bonus_y), (words_x - LEADER_GAP, bonus_y)], bonus_y, "bonus"),
        ([(cost_x + 0.3, cost_y), (words_x - LEADER_GAP, cost_y)], cost_y, "cost")]
    for line, y, part in leaders:
        dwg.add(dwg.polyline([(round(a, 3), round(b, 3)) for a, b in line], fill="none",
                             stroke=style.muted, stroke_width=0.3, class_="leader"))
        dwg.add(dwg.circle((round(line[0][0], 3), round(line[0][1], 3)), 0.45,
                           fill=style.muted, class_="leader-end"))
        dwg.add(text(dwg, style, words[part], words_x, y + CAP * NAME / 2, NAME,
                     css_class="part-name", font_weight="bold"))
        notes = [words[k] for k in (f"{part}_note", f"{part}_note_2") if k in words]
        for k, note in enumerate(notes, start=1):
            dwg.add(text(dwg, style, note, words_x, y + CAP * NAME / 2 + k * NOTE * 1.25,
                         NOTE, fill=style.ink, css_class="part-note"))
    used = words_x + max(label_width(words[k], NOTE) for k in words)
    key_y = y0 + CARD_H * s + 6.5
    dwg.add(text(dwg, style, words["key"], x0, key_y + CAP * NOTE / 2, NOTE,
                 css_class="part-name", font_weight="bold"))
    start = x = x0 + label_width(words["key"], NOTE) + 2.5
    for colour, name in names.items():
        gem, room = looks[colour], 2 * KEY_R + 1.0 + label_width(name, NOTE)
        if x > start and x + room > width:  # the key goes on under its heading
            x, key_y = start, key_y + 2 * KEY_R + 1.8
        dwg.add(gem_mark(dwg, style, gem, colour, x + KEY_R, key_y, KEY_R, gem.letter, "key"))
        dwg.add(text(dwg, style, name, x + 2 * KEY_R + 1.0, key_y + CAP * NOTE / 2, NOTE,
                     css_class="gem-name"))
        used = max(used, x + room)
        x += room + 2.5
    return sized(dwg, background, used + 1.5, key_y + KEY_R + 2.5)
