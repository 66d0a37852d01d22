"""A resource card as it lies on the table, and a face-down or building card."""

from __future__ import annotations

import math

from generator.core import palette
from generator.diagrams.icons import building_icon, resource_icon
from generator.diagrams.style import DiagramStyle, tint


def resource_card(dwg, style: DiagramStyle, resource: str, x: float, y: float, *,
                  counts_as: str | None = None, full: bool = True, dashed: bool = False,
                  role: str = "card", series: int | None = None, level: int | None = None,
                  name: str | None = None, opacity: float = 1.0):
    """A card whose left strip (what shows when overlapped) carries icon and letter.

    `full` draws the centre too (the last card of a row); `counts_as` marks a University
    substitution with the resource the card stands for.
    """
    _, colour = style.look(resource)
    attrs = {"data-resource": resource, "data-role": role}
    if counts_as and counts_as != resource:
        attrs["data-counts-as"] = counts_as
    if series is not None:
        attrs["data-series"] = str(series)
    if level is not None:
        attrs["data-level"] = str(level)
    group = dwg.g(class_="card", opacity=opacity, **attrs)
    w, h, s = style.card_w, style.card_h, style.strip
    group.add(dwg.rect((x, y), (w, h), rx=style.radius, fill=tint(colour), stroke=style.ink,
                       stroke_width=0.35, **({"stroke_dasharray": "1.2,0.8"} if dashed else {})))
    group.add(dwg.rect((x, y), (s, h), rx=style.radius, fill=colour))
    group.add(resource_icon(dwg, style, resource, x + s / 2, y + s * 0.62, s * style.strip_icon))
    if counts_as and counts_as != resource:
        group.add(dwg.text("=" + style.letter(counts_as), insert=(x + s / 2, y + h - 2.2),
                           text_anchor="middle", font_family=style.font, font_weight="bold",
                           font_size=2.6, fill=palette.text_on(colour)))
    if full:
        group.add(resource_icon(dwg, style, resource, x + s + (w - s) / 2, y + h * 0.45,
                                (w - s) * style.centre_icon))
        if name:
            group.add(dwg.text(name, insert=(x + s + (w - s) / 2, y + h - 2.5),
                               text_anchor="middle", font_family=style.font, font_size=2.3,
                               fill=style.ink))
    return group


def plain_card(dwg, style: DiagramStyle, x: float, y: float, *, title: str, building: str | None,
               fill: str = "#f3eee8", role: str = "card", subtitle: str = ""):
    """A building, expansion or reference card: pictogram and its name."""
    w, h = style.card_w, style.card_h
    group = dwg.g(class_="card", **{"data-role": role, "data-title": title})
    group.add(dwg.rect((x, y), (w, h), rx=style.radius, fill=fill, stroke=style.ink,
                       stroke_width=0.35))
    if building:
        group.add(building_icon(dwg, style, building, x + w / 2, y + h * 0.38, w * 0.22,
                                colour=style.accent))
    group.add(dwg.text(title, insert=(x + w / 2, y + h * 0.74), text_anchor="middle",
                       font_family=style.font, font_weight="bold", font_size=2.3, fill=style.ink))
    if subtitle:
        group.add(dwg.text(subtitle, insert=(x + w / 2, y + h * 0.88), text_anchor="middle",
                           font_family=style.font, font_size=2.2, fill=style.muted))  # 6.2 pt
    return group


def face_down(dwg, style: DiagramStyle, x: float, y: float, *, role: str = "deck"):
    w, h = style.card_w, style.card_h
    group = dwg.g(class_="card", **{"data-role": role})
    group.add(dwg.rect((x, y), (w, h), rx=style.radius, fill="#6b4a33", stroke=style.ink,
                       stroke_width=0.35))
    group.add(dwg.rect((x + 1.5, y + 1.5), (w - 3, h - 3), rx=style.radius * 0.6, fill="none",
                       stroke="#d9c2a3", stroke_width=0.3))
    return group


# --- the building-costs reference card, drawn at card size -------------------------------------

PT = 25.4 / 72           # one point in millimetres: card type is set in points
CARD_NAME_PT = 10.0      # building names
CARD_TEXT_PT = 9.5       # points and the legend: the card's smallest reading text
BADGE_R = 3.4            # resource badges: the square is 1.6 r = 5.4 mm, the others larger
MIN_ROW = 11.5           # mm: a name line over a row of badges, and air between rows


def _pt_to_mm(size: float) -> float:
    """A type size in points as SVG millimetres, rounded up: never a hair under its size."""
    return math.ceil(size * PT * 1000) / 1000


def costs_rows_fit(components, height: float, marks: bool) -> bool:
    """Whether every building gets a row of at least MIN_ROW on a card body this tall."""
    return (height - (_legend_h(components, marks))) / len(components.buildings) >= MIN_ROW


def _legend_h(components, marks: bool) -> float:
    ordered = components.game.ordered_costs if components.game else True
    return 6.0 if (marks and ordered) else 0.0


def costs_card(components, style: DiagramStyle, width: float, height: float, *,
               marks: bool = True, language: str = "es"):
    """The building-costs card's face below its title, `width` × `height` mm at print size.

    One row per building, spread over the whole face: its pictogram and name, its points on
    the right, and its cost as resource badges (shape, colour and letter, each at least
    5 mm) below. A game that pays in order (the card game) joins the badges left to right
    and marks where a series starts (a dot) and ends (a bar), explained on the last line;
    a game that pays in any order (the board game) shows them side by side.
    """
    from generator.core.i18n import translator
    from generator.diagrams.canvas import new_drawing, sized, text_width
    from generator.diagrams.table import short_points

    t = translator(language)
    ordered = components.game.ordered_costs if components.game else True
    marks = marks and ordered
    buildings = components.buildings
    legend_h = _legend_h(components, marks)
    pitch = (height - legend_h) / len(buildings)
    if pitch < MIN_ROW:
        raise ValueError(f"{len(buildings)} buildings do not fit on the costs card at a "
                         f"legible size (at most {int((height - legend_h) // MIN_ROW)})")
    name_size, text_size = _pt_to_mm(CARD_NAME_PT), _pt_to_mm(CARD_TEXT_PT)
    dwg, background = new_drawing(style, "costs-card")
    background["fill"] = "none"  # the card's own paper shows through
    longest = max(len(b.cost) for b in buildings)
    text_x = 7.0                 # names and badges start here; pictograms and dots before
    end_room = 2.4 if marks else 0.0
    gap = 2.0 if ordered else 1.6
    # Badges as large as the row allows (up to 8 mm), never under BADGE_R.
    fit_w = (width - text_x - end_room - (longest - 1) * gap) / (longest * 2.2)
    fit_h = (pitch - name_size * 0.72 - 1.6 - 2.5) / 2.3
    radius = max(BADGE_R, min(4.0, fit_w, fit_h))
    badge_w = 2 * 1.1 * radius   # the widest shape (the diamond)
    gap = min(gap, (width - text_x - end_room - longest * badge_w) / max(longest - 1, 1))
    step = badge_w + gap
    for row, building in enumerate(buildings):
        top = row * pitch
        group = dwg.g(class_="cost-row", **{"data-building": building.id})
        if row % 2 == 1:  # every other row shaded, so a row reads across at a glance
            group.add(dwg.rect((-1.0, top), (width + 2.0, pitch), rx=1.2,
                               fill=tint(style.accent, 0.9)))
        content = name_size * 0.72 + 1.6 + 2 * 1.1 * radius
        y0 = top + (pitch - content) / 2
        name_base = y0 + name_size * 0.72
        badge_y = name_base + 1.6 + 1.1 * radius
        pictogram = building.id if building.id in (
            "road", "knight", "settlement", "city", "development") else "expansion"
        group.add(building_icon(dwg, style, pictogram, 2.8, name_base - name_size * 0.34,
                                2.2, colour=style.accent))
        group.add(dwg.text(building.name, insert=(text_x, name_base), font_family=style.font,
                           font_weight="bold", font_size=name_size, fill=style.ink))
        if building.faces:
            points = " · ".join(f"{f.letter}: {f.points}" for f in building.faces)
        elif building.points:  # "3–4 puntos" where a kind's points are not the building's
            low, high = components.points_span(building)
            points = t.ngettext("{n} point", "{n} points", high, low)
            if text_x + text_width(building.name, name_size) + 1.5 + text_width(
                    points, text_size) > width:  # a long name: the points as the figure's
                points = short_points(components, building, t)
        else:
            points = ""
        if points:
            group.add(dwg.text(points, insert=(width, name_base), text_anchor="end",
                               font_family=style.font, font_size=text_size,
                               fill=style.ink, class_="points"))
        centres = [text_x + badge_w / 2 + k * step for k in range(len(building.cost))]
        if ordered and len(centres) > 1:
            group.add(dwg.line((centres[0], badge_y), (centres[-1], badge_y),
                               stroke=style.muted, stroke_width=0.35))
        if marks:
            group.add(_start_mark(dwg, style, 3.4, badge_y))
            group.add(dwg.line((3.4, badge_y), (centres[0], badge_y), stroke=style.muted,
                               stroke_width=0.35))
            end_x = centres[-1] + badge_w / 2 + 1.0
            group.add(dwg.line((centres[-1], badge_y), (end_x, badge_y), stroke=style.muted,
                               stroke_width=0.35))
            group.add(_end_mark(dwg, style, end_x, badge_y))
        for cx, resource in zip(centres, building.cost):
            group.add(resource_icon(dwg, style, resource, cx, badge_y, radius))
        dwg.add(group)
    if marks:
        base = height - legend_h / 2 + text_size * 0.36
        legend = dwg.g(class_="legend")
        legend.add(_start_mark(dwg, style, 3.4, base - text_size * 0.34))
        legend.add(dwg.text(t.gettext("series start"), insert=(text_x - 1.6, base),
                            font_family=style.font,
                            font_size=text_size, fill=style.ink))
        x = width / 2 + 3.0
        legend.add(_end_mark(dwg, style, x, base - text_size * 0.34))
        legend.add(dwg.text(t.gettext("series end"), insert=(x + 2.4, base), font_family=style.font,
                            font_size=text_size, fill=style.ink))
        dwg.add(legend)
    return sized(dwg, background, width, height)


def _start_mark(dwg, style: DiagramStyle, x: float, y: float):
    """Where a series starts: a dot."""
    return dwg.circle((x, y), 1.2, fill=style.accent, class_="starter")


def _end_mark(dwg, style: DiagramStyle, x: float, y: float):
    """Where a series ends: an upright bar."""
    return dwg.rect((x - 0.6, y - 2.6), (1.2, 5.2), rx=0.3, fill=style.accent, class_="ender")
