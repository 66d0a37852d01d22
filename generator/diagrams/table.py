"""The book's building-costs figure and the difficulty chart, drawn from data (the table
after set-up is setup.py's). Every text is 6 pt or more at print size."""

from __future__ import annotations

import math

import svgwrite

from ..i18n import percent, translator
from .canvas import new_drawing, sized
from .flow import pt
from .icons import building_icon, resource_icon
from .style import DiagramStyle

MARK = pt(6.5)       # the costs figure's "inicio" and "fin"
AXIS = pt(6.5)       # the chart's axis labels and values


def costs_drawing(components, style: DiagramStyle, words, marks: bool = True) -> svgwrite.Drawing:
    """The building-costs card: each cost in series order, its starter and ender marked. A
    game whose costs have no order (`game.ordered_costs: false`, the board game) shows the
    cards side by side, with no joining line and no start or end marks."""
    ordered = components.game.ordered_costs if components.game else True
    marks = marks and ordered
    t = words.t  # the book's words (examples.text.Words): its catalog
    row_h, icon_r, step = 13.0, 3.2, 9.0  # a row's "fin" clear of the next row's "inicio"
    longest = max(len(b.cost) for b in components.buildings)
    name_w = 13.0 + 1.75 * max(len(b.name) for b in components.buildings)
    width = name_w + longest * step + 22
    height = len(components.buildings) * row_h + 10
    dwg, background = new_drawing(style, "costs-diagram")
    dwg.add(dwg.rect((0.3, 0.3), (width - 0.6, height - 0.6), rx=2, fill="#fff8e6",
                     stroke=style.ink, stroke_width=0.35))
    for row, building in enumerate(components.buildings):
        y = 5 + row * row_h + row_h / 2
        group = dwg.g(class_="cost-row", **{"data-building": building.id})
        group.add(building_icon(dwg, style, building.id if building.id in
                                ("road", "knight", "settlement", "city", "development")
                                else "expansion",
                                6, y, 2.6, colour=style.accent))
        group.add(dwg.text(building.name, insert=(11, y + 1.1), font_family=style.font,
                           font_weight="bold", font_size=3.0, fill=style.ink))
        for k, resource in enumerate(building.cost):
            cx = name_w + 6 + k * step
            if k and ordered:
                group.add(dwg.line((cx - step + icon_r + 0.8, y), (cx - icon_r - 0.8, y),
                                   stroke=style.muted, stroke_width=0.3))
            group.add(resource_icon(dwg, style, resource, cx, y, icon_r))
            if k == 0 and marks:
                group.add(dwg.text(t.pgettext("series", "start"), insert=(cx, y - icon_r - 1.0),
                                   text_anchor="middle",
                                   font_family=style.font, font_size=MARK, fill=style.accent,
                                   class_="starter"))
            if k == len(building.cost) - 1 and marks:
                group.add(dwg.text(t.pgettext("series", "end"), insert=(cx, y + icon_r + 2.8),
                                   text_anchor="middle",
                                   font_family=style.font, font_size=MARK, fill=style.accent,
                                   class_="ender"))
        points = (" · ".join(f"{f.letter} {f.points}" for f in building.faces) if building.faces
                  else t.gettext("{points} pt.").format(points=building.points))
        group.add(dwg.text(points, insert=(width - 3, y + 1.1), text_anchor="end",
                           font_family=style.font, font_size=2.6, fill=style.muted))
        dwg.add(group)
    return sized(dwg, background, width, height)


def difficulty_chart(bands: list[tuple[str, int]], games: int, style: DiagramStyle,
                     language: str = "es", axis: str | None = None) -> svgwrite.Drawing:
    """Final points of a simulation run as bars, each with its share of the games on it;
    the last band (the goal reached) in the accent; `axis`: the horizontal axis's title
    (default: the catalog's, in `language`). Gridlines fall on round percentages
    (every 5 or 10 %), and a band with a game or more never draws thinner than a line."""
    bar_w, gap, chart_h, left, bottom, top_room = 8.0, 2.0, 40.0, 11.0, 10.0, 5.0
    width = left + len(bands) * (bar_w + gap) + 2
    height = top_room + chart_h + bottom + 1.5
    dwg, background = new_drawing(style, "difficulty-chart")
    share_top = max(n for _, n in bands) / games if games else 0.0
    grid = 0.05 if share_top <= 0.3 else 0.10
    scale_top = max(grid, math.ceil(share_top / grid - 1e-9) * grid)
    base = top_room + chart_h
    for k in range(round(scale_top / grid) + 1):
        y = base - chart_h * k * grid / scale_top
        dwg.add(dwg.line((left - 1, y), (width - 2, y), stroke=style.muted, stroke_width=0.15))
        dwg.add(dwg.text(percent(k * grid, language, 0), insert=(left - 2, y + 0.8),
                         text_anchor="end", font_family=style.font, font_size=AXIS,
                         fill=style.muted))
    for k, (label, count) in enumerate(bands):
        x = left + k * (bar_w + gap)
        share = count / games if games else 0.0
        h = chart_h * share / scale_top
        if count:
            h = max(h, 0.6)
        is_goal = label.startswith("≥")
        colour = style.accent if is_goal else style.muted
        dwg.add(dwg.rect((x, base - h), (bar_w, h), class_="bar", fill=colour,
                         **{"data-label": label, "data-count": str(count)}))
        value = percent(share, language, 0 if share >= 0.01 or not count else 1)
        dwg.add(dwg.text(value, insert=(x + bar_w / 2, base - h - 1.0), text_anchor="middle",
                         font_family=style.font, font_size=AXIS,
                         font_weight="bold" if is_goal else "normal",
                         fill=style.accent if is_goal else style.ink, class_="value"))
        dwg.add(dwg.text(label, insert=(x + bar_w / 2, base + 4), text_anchor="middle",
                         font_family=style.font, font_size=AXIS, fill=style.ink))
    if axis is None:
        axis = translator(language).gettext("points at the end of the game")
    dwg.add(dwg.text(axis, insert=(left, height - 1.5), font_family=style.font,
                     font_size=pt(7.0), fill=style.muted))
    return sized(dwg, background, width, height)
