"""A position of the costs engine (base Catan's summary sheet) as the player sees it: what
the hand holds against what each building costs. The diagram of an example's box.

The hand is a line of resource badges (shape, colour and letters, in the book's card
order), what the player has built beside it. Under them each building of the
building-costs card is a cell, two to a line: its pictogram and name over its cost as
badges, each solid where the hand pays it and an empty dashed outline with muted letters
where it does not (readable without colour), and a tick by the name when the hand pays the
whole cost. After a step that built, the costs are left out: the hand and what stands on
the table say what changed. Sizes are millimetres at print size; every text is 6 pt or more
(a badge's letters too: `BADGE_R` fits two letters in the fir at 6 pt), and the diagram is
at most `COSTS_WIDTH` wide, which a column of a two-column A4 or Letter sheet holds (its
example box's inner width). Labels stand beside what they label: catan-base's sheet, set at
its smallest type, has no line to spare.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from generator.core import palette
from generator.core.i18n import count_noun, translator
from generator.diagrams.flow import (BREAK, EDGE, GROUP_GAP, LABEL, SCREEN_SCALE, SCREEN_WIDTH,
                                     Group, flow_drawing, label_width, new_panel, pt, text)
from generator.diagrams.icons import building_icon, letter_fit, resource_icon, resource_shape
from generator.diagrams.style import DiagramStyle

COSTS_WIDTH = 84.0       # mm: an example box's inner width in a sheet's column (A4, 9.2 pt)
BADGE_R = 3.25           # a resource badge: two letters in the fir at 6.9 pt
NAME = pt(8.0)           # a building's name, a resource's in the key
ROW = 2 * 1.15 * BADGE_R         # a line of badges: the hand's, what is built
TICK = 2.2               # the tick's half-width
PICTOGRAM = 2.2          # a building's pictogram (radius)
NAME_X = 2 * PICTOGRAM + 1.6      # names start after the pictogram


@dataclass(frozen=True)
class CostsWords:
    """What the diagram says, in the book's language: messages of the gettext catalogs
    (`for_language`); these defaults are their English msgids."""

    hand: str = "Your hand"
    empty: str = "empty"
    built: str = "You have built"

    @classmethod
    def for_language(cls, language: str) -> "CostsWords":
        t = translator(language)
        return cls(t.gettext("Your hand"), t.pgettext("hand", "empty"),
                   t.gettext("You have built"))


def costs_caption(game, components, language: str) -> str:
    """The line under the diagram: your points, what your hand pays for, and a trade the
    bank would make ("3 puntos · con tu mano puedes pagar una carretera · la banca te
    cambiaría 4 minerales por 1 carta"), in a player's sentences."""
    t = translator(language)
    affordable = [t.a(b.name.lower()) for b in components.buildings
                  if all(covered(tuple(b.cost), game.hand))]
    parts = [t.ngettext("{n} point", "{n} points", game.score),
             t.gettext("with your hand you can pay for {buildings}").format(
                 buildings=t.join(affordable))
             if affordable else t.gettext("your hand pays for no building")]
    tradeable = [r for r in components.resources if game.hand[r.id] >= game.bank_rate]
    if tradeable:
        offers = [count_noun(game.bank_rate, r.name.lower(), r.plural, language)
                  for r in tradeable[:2]]  # one trade or the other: «4 minerales o 4 lanas»
        parts.append(t.gettext("the bank would trade you 1 card for {cards}").format(
            cards=t.join(offers, alternatives=True)))
    return " · ".join(parts)


def covered(cost: tuple[str, ...], hand: Counter) -> list[bool]:
    """For each card of a cost, whether the hand pays it (each hand card pays one)."""
    left = Counter(hand)
    paid = []
    for resource in cost:
        paid.append(left[resource] > 0)
        left[resource] -= 1
    return paid


def _tick(dwg, x: float, cy: float):
    """A tick: the hand pays this building."""
    return dwg.polyline([(round(x, 3), round(cy, 3)), (round(x + TICK * 0.7, 3),
                                                       round(cy + TICK * 0.8, 3)),
                         (round(x + 2 * TICK, 3), round(cy - TICK, 3))],
                        fill="none", stroke=palette.EXAMPLE, stroke_width=0.8,
                        stroke_linecap="round", stroke_linejoin="round", class_="tick")


def _inline(dwg, style: DiagramStyle, label: str, content_w: float, height: float,
            draw_content, kind: str) -> Group:
    """A group whose label stands beside what it labels, not above it: a line less on a
    crowded sheet (catan-base's example sits in a column of a two-page sheet)."""
    room = label_width(label, LABEL) + 2.0

    def draw(x, y):
        dwg.add(text(dwg, style, label, x, y + height / 2 + LABEL * 0.36,
                     **{"data-group": kind}))
        draw_content(x + room, y + height / 2)
    return Group("", room + content_w, height, draw, kind)


def _hand(dwg, style: DiagramStyle, hand: list[str], words: CostsWords) -> Group:
    """The hand's cards as badges, in the book's card order."""
    if not hand:
        return _inline(dwg, style, words.hand, label_width(words.empty, LABEL), ROW,
                       lambda x, cy: dwg.add(text(dwg, style, words.empty, x,
                                                  cy + LABEL * 0.36, fill=style.muted,
                                                  css_class="empty-label")), "hand")
    return _inline(dwg, style, words.hand, _row_width(style, hand), ROW,
                   lambda x, cy: dwg.add(_badges(dwg, style, hand, [True] * len(hand), x, cy,
                                                 "hand")), "hand")


def _built(dwg, style: DiagramStyle, built: dict[str, int], names: dict[str, str],
           words: CostsWords, width: float) -> Group | None:
    """What stands on the table: a pictogram and its count per building, side by side, or
    one under the other when a line `width` mm wide does not hold them (a phone's column)."""
    items = [(b, n) for b, n in built.items() if n]
    if not items:
        return None
    widths = [2 * PICTOGRAM + 1.2 + label_width(f"{n} × {names[b]}", NAME) for b, n in items]
    across = sum(widths) + 3.0 * (len(items) - 1)
    stacked = label_width(words.built, LABEL) + 2.0 + across > width

    def draw(x, cy):
        group = dwg.g(class_="built")
        top = cy - ROW * (len(items) - 1) / 2 if stacked else cy
        lefts = [x + sum(widths[:k]) + 3.0 * k for k in range(len(items))]
        for k, (building, count) in enumerate(items):
            bx, by = (x, top + k * ROW) if stacked else (lefts[k], cy)
            icon = building_icon(dwg, style, building, bx + PICTOGRAM, by, PICTOGRAM,
                                 colour=style.accent)
            icon["data-count"] = str(count)
            group.add(icon)
            group.add(text(dwg, style, f"{count} × {names[building]}",
                           bx + 2 * PICTOGRAM + 1.2, by + NAME * 0.36, size=NAME))
        dwg.add(group)
    return _inline(dwg, style, words.built, max(widths) if stacked else across,
                   ROW * len(items) if stacked else ROW, draw, "built")


#: Each shape's width over the badge's radius (icons.resource_shape): badges sit side by
#: side at their own widths.
SHAPE_W = {"tree": 2.2, "diamond": 2.2, "hexagon": 2.0, "circle": 1.8, "square": 1.6}
BADGE_GAP = 0.5
CELL_GAP = 3.0           # between two buildings side by side
KEY_GAP = 3.0            # between two resources of the key
LINE_GAP = 1.2           # between two lines of buildings


def _row_width(style: DiagramStyle, resources) -> float:
    widths = [SHAPE_W.get(style.look(r)[0], 2.2) * BADGE_R for r in resources]
    return sum(widths) + BADGE_GAP * (len(widths) - 1)


def _badges(dwg, style: DiagramStyle, resources: list[str], paid: list[bool], x: float,
            cy: float, role: str):
    """Badges side by side from x: solid where `paid`, else an empty dashed outline with
    its letters muted (readable without colour)."""
    group = dwg.g(class_="badges", **{"data-role": role})
    for resource, held in zip(resources, paid):
        half = SHAPE_W.get(style.look(resource)[0], 2.2) * BADGE_R / 2
        cx = x + half
        if held:
            badge = resource_icon(dwg, style, resource, cx, cy, BADGE_R)
        else:
            badge = dwg.g(class_="icon", **{"data-resource": resource})
            badge.add(resource_shape(dwg, style, resource, cx, cy, BADGE_R, fill="none",
                                     stroke=style.muted, stroke_width=0.35,
                                     stroke_dasharray="1.0,0.7"))
            letters = style.letter(resource)
            size, baseline = letter_fit(style.look(resource)[0], letters, BADGE_R,
                                        BADGE_R * (1.2 if len(letters) == 1 else 1.0))
            badge.add(dwg.text(letters, insert=(round(cx, 3), round(cy + baseline, 3)),
                               text_anchor="middle", font_family=style.font,
                               font_weight="bold", font_size=round(size, 3),
                               fill=style.muted, class_="missing"))
        badge["data-held"] = "true" if held else "false"
        group.add(badge)
        x += 2 * half + BADGE_GAP
    return group


def _costs(dwg, style: DiagramStyle, buildings, hand: Counter, width: float,
           label: str) -> Group:
    """Each building a cell: its pictogram and name (and a tick when the hand pays it all)
    over its cost as badges; cells two to a line when the width holds them."""
    name_w = max(label_width(b.name, NAME) for b in buildings) + 2 * TICK + 1.5
    cell_w = max(NAME_X + name_w, max(_row_width(style, b.cost) for b in buildings))
    columns = 2 if len(buildings) > 1 and 2 * cell_w + CELL_GAP <= width else 1
    cell_h = NAME + 1.0 + 2.3 * BADGE_R
    lines = -(-len(buildings) // columns)

    def draw(x, y):
        for k, building in enumerate(buildings):
            line, column = divmod(k, columns)
            left, top = x + column * (cell_w + CELL_GAP), y + line * (cell_h + LINE_GAP)
            paid = covered(tuple(building.cost), hand)
            affordable = all(paid)
            cell = dwg.g(class_="cost-row", **{"data-building": building.id,
                                               "data-affordable": str(affordable).lower()})
            name_y = top + NAME * 0.8
            pictogram = building.id if building.id in (
                "road", "knight", "settlement", "city", "development") else "expansion"
            cell.add(building_icon(dwg, style, pictogram, left + PICTOGRAM,
                                   name_y - NAME * 0.36, PICTOGRAM, colour=style.accent))
            cell.add(text(dwg, style, building.name, left + NAME_X, name_y, size=NAME))
            if affordable:
                cell.add(_tick(dwg, left + NAME_X + label_width(building.name, NAME) + 1.5,
                               name_y - NAME * 0.36))
            cell.add(_badges(dwg, style, list(building.cost), paid, left,
                             top + NAME + 1.0 + 1.15 * BADGE_R, "cost"))
            dwg.add(cell)
    return Group(label, columns * cell_w + (columns - 1) * CELL_GAP,
                 lines * cell_h + (lines - 1) * LINE_GAP, draw, "costs", alone=True)


def _key(dwg, style: DiagramStyle, resources, width: float) -> list:
    """What the badges' letters stand for, a badge and its resource's name each ("Ar
    arcilla"): the sheet has no abbreviations list, and a player reads the letters here
    first. One group a resource, in as few rows as `width` holds, the rows balanced (3
    and 2, not 4 and 1)."""
    def item(resource) -> Group:
        badge_w = _row_width(style, [resource.id])
        name = resource.name.lower()

        def draw(x, y):
            cy = y + ROW / 2
            dwg.add(_badges(dwg, style, [resource.id], [True], x, cy, "key"))
            dwg.add(text(dwg, style, name, x + badge_w + 1.0, cy + NAME * 0.36, size=NAME))
        return Group("", badge_w + 1.0 + label_width(name, NAME) + KEY_GAP - GROUP_GAP,
                     ROW, draw, "key")
    items = [item(r) for r in resources]
    rows = max(1, math.ceil((sum(i.outer_width + GROUP_GAP for i in items) - GROUP_GAP)
                            / width))
    per_row = math.ceil(len(items) / rows)
    return [entry for k, i in enumerate(items)
            for entry in ([BREAK, i] if k and k % per_row == 0 else [i])]


def costs_position_drawing(game, components, style: DiagramStyle, words: CostsWords, *,
                           table: bool = True, title: str = "", width: float = COSTS_WIDTH,
                           scale: float = 1.0):
    """The hand and what is built, over what each building costs (with `table`), at most
    `width` mm wide."""
    dwg, background = new_panel(style, title)
    order = [r.id for r in components.resources]
    hand = sorted(game.hand.elements(), key=order.index)
    names = {b.id: b.name.lower() for b in components.buildings}
    groups = [_hand(dwg, style, hand, words)]
    built = _built(dwg, style, dict(game.built), names, words, width - 2 * EDGE)
    if built is not None:
        groups.append(built)
    if table:
        # Unlabelled: each cell names its building, and the caption says what the hand pays
        # for (a label line more would not fit catan-base's sheet).
        groups += [BREAK, _costs(dwg, style, components.buildings, game.hand, width - 0.8, ""),
                   BREAK, *_key(dwg, style, components.resources, width - 2 * EDGE)]
    return flow_drawing(groups, dwg, background, style, width=width, scale=scale)


def costs_position_svg(game, components, style: DiagramStyle, language: str, *,
                       table: bool = True, title: str = "", screen: bool = False) -> str:
    """The diagram as SVG text; `screen`: laid out for a phone's column and shown larger."""
    size = {"width": SCREEN_WIDTH, "scale": SCREEN_SCALE} if screen else {}
    return costs_position_drawing(game, components, style, CostsWords.for_language(language),
                                  table=table, title=title, **size).tostring()
