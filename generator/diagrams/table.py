"""The book's building-costs figure and the difficulty chart (every stored player's final
points, difficulty.yaml), drawn from data (the table after set-up is setup.py's). Every
text is 6 pt or more at print size."""

from __future__ import annotations

import math

import svgwrite

from generator.core.i18n import percent, translator
from generator.core.stats import point_bands
from generator.diagrams.canvas import new_drawing, sized, text_width
from generator.diagrams.flow import pt
from generator.diagrams.icons import building_icon, resource_icon
from generator.diagrams.style import DiagramStyle

MARK = pt(6.5)       # the costs figure's "inicio" and "fin"
AXIS = pt(6.5)       # the chart's axis labels and values


def costs_drawing(components, style: DiagramStyle, words, marks: bool = True,
                  stacked: bool = False) -> svgwrite.Drawing:
    """The building-costs card: each cost in series order, its starter and ender marked. A
    game whose costs have no order (`game.ordered_costs: false`, the board game) shows the
    cards side by side, with no joining line and no start or end marks. `stacked`: laid out
    for a phone's column, as a card is, each building's name and points over its cost."""
    ordered = components.game.ordered_costs if components.game else True
    marks = marks and ordered
    t = words.t  # the book's words (diagrams/words.py): its catalog
    if stacked:
        return _costs_stacked(components, style, t, marks, ordered)
    row_h, icon_r, step = 13.0, 3.2, 9.0  # a row's "fin" clear of the next row's "inicio"
    longest = max(len(b.cost) for b in components.buildings)
    name_w = 13.0 + 1.75 * max(len(b.name) for b in components.buildings)
    width = name_w + longest * step + 22
    height = len(components.buildings) * row_h + 10
    dwg, background = _card(style, width, height)
    for row, building in enumerate(components.buildings):
        y = 5 + row * row_h + row_h / 2
        group = dwg.g(class_="cost-row", **{"data-building": building.id})
        group.add(_icon(dwg, style, building, 6, y, 2.6))
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
        group.add(dwg.text(_points(components, building, t), insert=(width - 3, y + 1.1),
                           text_anchor="end",
                           font_family=style.font, font_size=2.6, fill=style.muted))
        dwg.add(group)
    return sized(dwg, background, width, height)


def _card(style: DiagramStyle, width: float, height: float):
    """A costs card's drawing and its paper: the card's panel, `width` by `height` mm."""
    dwg, background = new_drawing(style, "costs-diagram")
    dwg.add(dwg.rect((0.3, 0.3), (width - 0.6, height - 0.6), rx=2, fill="#fff8e6",
                     stroke=style.ink, stroke_width=0.35))
    return dwg, background


def _icon(dwg, style: DiagramStyle, building, x: float, y: float, size: float):
    """A building's pictogram on the card; a city expansion's is the tower."""
    kind = building.id if building.id in ("road", "knight", "settlement", "city",
                                          "development") else "expansion"
    return building_icon(dwg, style, kind, x, y, size, colour=style.accent)


def _points(components, building, t) -> str:
    """A building's points as the card prints them: each side's («A 0 · B 1»), «1 p.», or
    «3–4 p.» for one whose kinds give other points (components.points_span)."""
    if building.faces:
        return " · ".join(f"{f.letter} {f.points}" for f in building.faces)
    return short_points(components, building, t)


def short_points(components, building, t) -> str:
    """«1 p.», «3–4 p.»: a building's points in the fewest words (a figure's, a long name's
    on the costs card)."""
    low, high = components.points_span(building)
    return t.gettext("{points} pt.").format(points=f"{low}–{high}" if high > low else low)


#: The stacked costs card's width (mm): at the size where its smallest type (MARK) is 12 px,
#: it is no wider than a 320 px phone's column.
STACKED_WIDTH = 54.0


def _costs_stacked(components, style: DiagramStyle, t, marks: bool,
                   ordered: bool) -> svgwrite.Drawing:
    """The costs card for a phone: a building's icon, name and points on one line, its cost
    on the line under it (a long cost closer set, never wider than STACKED_WIDTH)."""
    icon_r, left = 3.0, 7.5
    longest = max(len(b.cost) for b in components.buildings)
    step = min(7.5, (STACKED_WIDTH - left - 2 * icon_r - 2) / max(1, longest - 1))
    row_h = 16.0 if marks else 13.5
    width, height = STACKED_WIDTH, len(components.buildings) * row_h + 4
    dwg, background = _card(style, width, height)
    for row, building in enumerate(components.buildings):
        top = 2 + row * row_h
        group = dwg.g(class_="cost-row", **{"data-building": building.id})
        group.add(_icon(dwg, style, building, 3.6, top + 2.4, 2.3))
        group.add(dwg.text(building.name, insert=(left, top + 3.4), font_family=style.font,
                           font_weight="bold", font_size=3.0, fill=style.ink))
        group.add(dwg.text(_points(components, building, t), insert=(width - 2, top + 3.4),
                           text_anchor="end",
                           font_family=style.font, font_size=2.6, fill=style.muted))
        y = top + 8.6
        for k, resource in enumerate(building.cost):
            cx = left + icon_r + k * step
            if k and ordered:
                group.add(dwg.line((cx - step + icon_r + 0.5, y), (cx - icon_r - 0.5, y),
                                   stroke=style.muted, stroke_width=0.3))
            group.add(resource_icon(dwg, style, resource, cx, y, icon_r))
            said = [t.pgettext("series", mark) for mark, at in
                    (("start", 0), ("end", len(building.cost) - 1)) if marks and k == at]
            if said:  # under its card: "inicio", "fin", or both for a cost of one card
                group.add(dwg.text(" · ".join(said), insert=(cx, y + icon_r + 2.6),
                                   text_anchor="middle", font_family=style.font,
                                   font_size=MARK, fill=style.accent,
                                   class_="starter" if k == 0 else "ender"))
        dwg.add(group)
    return sized(dwg, background, width, height)


def costs_description(components, words) -> str:
    """What the costs card shows, in words: its text alternative on a screen, which a reader
    who cannot see the drawing hears and the HTML edition's search finds («Ciudad cuesta
    trigo, trigo, piedra…»). Each building with its cost in the card's order and its points."""
    t = words.t
    rows = []
    for building in components.buildings:
        cost = ", ".join(words.res(resource) for resource in building.cost)
        points = ("; ".join(t.gettext("side {face}").format(face=f.letter) + ": "
                            + t.ngettext("{n} point", "{n} points", f.points).format(n=f.points)
                            for f in building.faces) if building.faces
                  else t.ngettext("{n} point", "{n} points", building.points or 0)
                  + components.points_aside(building))
        # the verb a player asks with («¿cuánto cuesta una ciudad?»), which the search finds
        rows.append(t.gettext("{building} costs {cost} ({points}).").format(
            building=building.name, cost=cost, points=points))
    return " ".join(rows)


#: A panel's share scale: the smallest of these steps that spans its tallest band in at
#: most `MAX_STEPS` steps (one gridline more, at 0), so a panel's labels never crowd
#: (0–30 %, 0–100 %).
GRID_STEPS = (0.05, 0.10, 0.25, 0.5)
MAX_STEPS = 3
CHART_WIDTH = 117.0  # mm: within the A5 measure (118 mm), so the type is never shrunk


def _grid(share_top: float) -> tuple[float, float]:
    """(step, top) of a panel's scale: the top a whole number of steps above its tallest
    band's share."""
    for step in GRID_STEPS:
        top = max(step, math.ceil(share_top / step - 1e-9) * step)
        if round(top / step) <= MAX_STEPS:
            return step, top
    return GRID_STEPS[-1], 1.0


def _share(count: int, games: int, language: str) -> str:
    """A bar's value: its share of the games, to a tenth of a per cent when under 1 %."""
    share = count / games
    return percent(share, language, 0 if share >= 0.01 or not count else 1)


def difficulty_description(runs, goal: int, language: str = "es") -> str:
    """What the difficulty chart shows, in words (its text alternative on a screen): each
    player's games and the share of them in each band of points, as its bars are labelled."""
    t = translator(language)
    said = []
    for run in runs:
        bands = "; ".join(f"{label}, {_share(count, run.games, language)}"
                          for label, count in point_bands(run.points, goal))
        said.append(f"{_panel_name(t, run)}; {_axis_title(t)}: {bands}.")
    return " ".join(said)


def difficulty_chart(runs, goal: int, style: DiagramStyle,
                     language: str = "es") -> svgwrite.Drawing:
    """Final points of each stored run (`model.PlayerRun`s: greedy, strong, clairvoyant),
    one panel per player in the order given, the panels' bars on the same bands of points
    (`point_bands`), each with its share of that run's games over it; the last band (the
    goal reached) in the theme's accent. Small multiples rather than grouped bars: each
    panel is named (player and games), so the players are told apart without colour, and
    every bar keeps its value. Each panel has its own scale, its gridlines labelled (every
    5, 10, 25 or 50 %): a clairvoyant's 90 % at the goal would flatten greedy's spread to a
    few millimetres. A band with a game or more never draws thinner than a line."""
    t = translator(language)
    panels = [(run, point_bands(run.points, goal)) for run in runs]
    bands = len(panels[0][1])
    left, right = 11.0, 2.0
    pitch = min(10.0, (CHART_WIDTH - left - right) / bands)
    bar_w = pitch * 0.8
    title_h, value_room, chart_h, panel_gap = 3.6, 3.2, 12.5, 1.8
    width = left + bands * pitch + right
    dwg, background = new_drawing(style, "difficulty-chart")
    top = 0.0
    for run, counts in panels:
        _panel_title(dwg, t, run, style, (left - 1, top + 3.0))
        base = top + title_h + value_room + chart_h
        step, scale_top = _grid(max(n for _, n in counts) / run.games)
        for k in range(round(scale_top / step) + 1):
            y = base - chart_h * k * step / scale_top
            dwg.add(dwg.line((left - 1, y), (width - right, y), stroke=style.muted,
                             stroke_width=0.15))
            dwg.add(dwg.text(percent(k * step, language, 0), insert=(left - 2, y + 0.8),
                             text_anchor="end", font_family=style.font, font_size=AXIS,
                             fill=style.muted))
        for k, (label, count) in enumerate(counts):
            x = left + k * pitch + (pitch - bar_w) / 2
            h = _bar_length(count, run.games, scale_top, chart_h)
            _bar(dwg, style, run, label, count, (x, base - h), (bar_w, h))
            value = _share(count, run.games, language)
            y = base - h - 1.0
            # The paper behind a value cuts the gridline it sits on, so it reads whole (a
            # patch of the drawing's background: the HTML edition's dark mode clears it).
            knockout = text_width(value, AXIS) + 1.0
            dwg.add(dwg.rect((x + (bar_w - knockout) / 2, y - AXIS * 0.75),
                             (knockout, AXIS * 0.95), fill=style.paper, class_="background"))
            dwg.add(dwg.text(value, insert=(x + bar_w / 2, y), text_anchor="middle",
                             **_value_style(style, label, count)))
        top = base + panel_gap
    for k, (label, _) in enumerate(panels[0][1]):
        dwg.add(dwg.text(label, insert=(left + k * pitch + pitch / 2, base + 4),
                         text_anchor="middle", font_family=style.font, font_size=AXIS,
                         fill=style.ink, class_="band"))
    height = base + 9.5
    dwg.add(dwg.text(_axis_title(t), insert=(left, height - 1.5), font_family=style.font,
                     font_size=pt(7.0), fill=style.muted))
    return sized(dwg, background, width, height)


#: A phone's difficulty chart: no wider than a 320 px phone's column (288 px) when its
#: smallest type (AXIS) is 12 px on screen (html/render.py, screen_size).
ROWS_WIDTH = 50.0


def difficulty_chart_rows(runs, goal: int, style: DiagramStyle,
                          language: str = "es") -> svgwrite.Drawing:
    """The same chart for a phone's column: each player's panel a list of bands, one a row,
    its bar lying along it (the page's eleven standing bars would be 3 mm each at this
    width, their values on top of each other). Same bands, same scales, same values."""
    t = translator(language)
    label_w, value_w, row_h, bar_h = 9.0, 9.5, 3.7, 2.3
    bar_room = ROWS_WIDTH - label_w - value_w - 1.0
    dwg, background = new_drawing(style, "difficulty-chart")
    y = 3.0
    dwg.add(dwg.text(_axis_title(t), insert=(1.0, y), font_family=style.font, font_size=AXIS,
                     fill=style.muted))
    y += 2.0
    for run in runs:
        counts = point_bands(run.points, goal)
        _, scale_top = _grid(max(n for _, n in counts) / run.games)
        y += 3.4
        _panel_title(dwg, t, run, style, (1.0, y))
        y += 1.2
        for label, count in counts:
            w = _bar_length(count, run.games, scale_top, bar_room)
            top = y + (row_h - bar_h) / 2
            dwg.add(dwg.text(label, insert=(label_w - 1.0, top + bar_h - 0.35),
                             text_anchor="end", font_family=style.font, font_size=AXIS,
                             fill=style.ink, class_="band"))
            _bar(dwg, style, run, label, count, (label_w, top), (round(w, 3), bar_h))
            dwg.add(dwg.text(_share(count, run.games, language),
                             insert=(label_w + w + 1.0, top + bar_h - 0.35),
                             **_value_style(style, label, count)))
            y += row_h
        y += 1.5
    return sized(dwg, background, ROWS_WIDTH, y)


def _axis_title(t) -> str:
    return t.gettext("points at the end of the game")


def _panel_name(t, run) -> str:
    """A panel's name, its player and games: what tells the panels apart without colour."""
    title = t.ngettext("{player}: {n} game", "{player}: {n} games", run.games)
    return title.format(player=run.player)


def _panel_title(dwg, t, run, style: DiagramStyle, insert: tuple[float, float]) -> None:
    dwg.add(dwg.text(_panel_name(t, run), insert=insert,
                     font_family=style.font, font_size=pt(7.0), font_weight="bold",
                     fill=style.ink, class_="panel-title", **{"data-player": run.player}))


def _bar_length(count: int, games: int, scale_top: float, room: float) -> float:
    """A band's bar in `room` mm at its panel's scale; one game or more is never thinner
    than a line, so a rare result stays visible."""
    length = room * (count / games) / scale_top
    return max(length, 0.6) if count else length


def _is_goal(label: str) -> bool:
    return label.startswith("≥")  # the last band, point_bands: the goal reached


def _bar(dwg, style: DiagramStyle, run, label: str, count: int,
         corner: tuple[float, float], size: tuple[float, float]) -> None:
    dwg.add(dwg.rect(corner, size, class_="bar",
                     fill=style.accent if _is_goal(label) else style.muted,
                     **{"data-player": run.player, "data-label": label,
                        "data-count": str(count)}))


def _value_style(style: DiagramStyle, label: str, count: int) -> dict:
    """A bar's value: the goal's in bold accent, an empty band's muted."""
    goal = _is_goal(label)
    return dict(font_family=style.font, font_size=AXIS,
                font_weight="bold" if goal else "normal",
                fill=style.accent if goal else style.ink if count else style.muted,
                class_="value")
