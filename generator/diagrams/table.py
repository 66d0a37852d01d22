"""The set-up of the table and the building-costs card, drawn from data."""

from __future__ import annotations

import svgwrite

from .cards import face_down, plain_card, resource_card
from .icons import building_icon, resource_icon
from .canvas import new_drawing, sized
from .style import DiagramStyle


def _caption(dwg, style: DiagramStyle, text: str, x: float, y: float, anchor: str = "middle"):
    return dwg.text(text, insert=(x, y), text_anchor=anchor, font_family=style.font,
                    font_size=style.label_size, fill=style.muted, class_="caption")


def setup_drawing(game, components, style: DiagramStyle, words) -> svgwrite.Drawing:
    """The table after set-up (§ Preparar la mesa): expansions far, supplies and market in a
    second row, the player's hand, first road, settlement and building-costs card near."""
    w, h, gap = style.card_w, style.card_h, 3.0
    expansions = components.expansions
    width = max(len(expansions), 9) * (w + gap) + 4
    height = 3 * (h + 11) + 4
    dwg, background = new_drawing(style, "setup-diagram")
    # Row 1: the expansions, far from the player.
    y = 2.0
    x0 = (width - len(expansions) * (w + gap) + gap) / 2
    for k, expansion in enumerate(expansions):
        dwg.add(plain_card(dwg, style, x0 + k * (w + gap), y, title=expansion.name,
                           building="expansion", role="expansion",
                           subtitle=f"{expansion.points} puntos"))
    dwg.add(_caption(dwg, style, "Ampliaciones de ciudad (ADC)", width / 2, y + h + 4.5))
    # Row 2: supply stacks, then the market.
    y += h + 11
    stacks = [("settlement", "Poblados", components.building("settlement").count - 1),
              ("road", "Carreteras", components.building("road").count - 1),
              ("knight", "Caballeros", components.building("knight").count)]
    x = x0
    for building, title, count in stacks:
        for layer in (2, 1, 0):
            if layer < count:
                dwg.add(plain_card(dwg, style, x + layer * 0.8, y - layer * 0.8, title=title,
                                   building=building, role="stack"))
        dwg.add(_caption(dwg, style, f"{count} cartas", x + w / 2, y + h + 4.5))
        x += w + gap
    for k, resource in enumerate(game.market):
        dwg.add(resource_card(dwg, style, resource, x + k * (w + gap), y, role="market",
                              name=words.res(resource)))
    dwg.add(_caption(dwg, style, "Mercado", x + w / 2, y + h + 4.5))
    x += max(len(game.market), 1) * (w + gap)
    dwg.add(face_down(dwg, style, x, y))
    dwg.add(_caption(dwg, style, f"MDR ({len(game.deck)})", x + w / 2, y + h + 4.5))
    # Row 3: the player's hand, first road (A), settlement and the costs card.
    y += h + 11
    x = 2.0
    for k, resource in enumerate(game.hand):
        dwg.add(resource_card(dwg, style, resource, x + k * (w + 1.0), y, role="hand",
                              name=words.res(resource)))
    hand_w = len(game.hand) * (w + 1.0) - 1.0
    dwg.add(_caption(dwg, style, "Tu mano", x + hand_w / 2, y + h + 4.5))
    x += hand_w + gap + 2
    for building, title, subtitle in (("road", "Carretera", "cara A"),
                                      ("settlement", "Poblado", "1 punto")):
        dwg.add(plain_card(dwg, style, x, y, title=title, building=building, role="built",
                           subtitle=subtitle))
        x += w + gap
    dwg.add(plain_card(dwg, style, x, y, title="CCC", building=None, role="ccc",
                       subtitle="costes", fill="#fff8e6"))
    return sized(dwg, background, width, height)


def costs_drawing(components, style: DiagramStyle, words, marks: bool = True) -> svgwrite.Drawing:
    """The building-costs card: each cost in series order, its starter and ender marked. A
    game whose costs have no order (`game.ordered_costs: false`, the board game) shows the
    cards side by side, with no joining line and no start or end marks."""
    ordered = components.game.ordered_costs if components.game else True
    marks = marks and ordered
    row_h, icon_r, step = 11.0, 3.2, 9.0
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
                group.add(dwg.text("inicio", insert=(cx, y - icon_r - 1.0), text_anchor="middle",
                                   font_family=style.font, font_size=2.1, fill=style.accent,
                                   class_="starter"))
            if k == len(building.cost) - 1 and marks:
                group.add(dwg.text("fin", insert=(cx, y + icon_r + 2.6), text_anchor="middle",
                                   font_family=style.font, font_size=2.1, fill=style.accent,
                                   class_="ender"))
        points = (" · ".join(f"{f.letter} {f.points}" for f in building.faces) if building.faces
                  else f"{building.points} p.")
        group.add(dwg.text(points, insert=(width - 3, y + 1.1), text_anchor="end",
                           font_family=style.font, font_size=2.6, fill=style.muted))
        dwg.add(group)
    return sized(dwg, background, width, height)


def difficulty_chart(bands: list[tuple[str, int]], games: int,
                     style: DiagramStyle) -> svgwrite.Drawing:
    """Final points of a simulation run as bars (the last band, the goal, in colour)."""
    bar_w, gap, chart_h, left, bottom = 7.0, 2.0, 40.0, 12.0, 10.0
    width = left + len(bands) * (bar_w + gap) + 4
    height = chart_h + bottom + 8
    dwg, background = new_drawing(style, "difficulty-chart")
    top = max(n for _, n in bands) or 1
    share_top = top / games
    for k, ratio in enumerate((0.0, 0.5, 1.0)):
        y = 6 + chart_h * (1 - ratio)
        dwg.add(dwg.line((left - 1, y), (width - 3, y), stroke=style.muted, stroke_width=0.15))
        dwg.add(dwg.text(f"{share_top * ratio:.0%}", insert=(left - 2, y + 1), text_anchor="end",
                         font_family=style.font, font_size=2.4, fill=style.muted))
    for k, (label, count) in enumerate(bands):
        x = left + k * (bar_w + gap)
        h = chart_h * count / top
        is_goal = label.startswith("≥")
        dwg.add(dwg.rect((x, 6 + chart_h - h), (bar_w, h), class_="bar",
                         fill=style.accent if is_goal else style.muted,
                         **{"data-label": label, "data-count": str(count)}))
        dwg.add(dwg.text(label, insert=(x + bar_w / 2, 6 + chart_h + 4), text_anchor="middle",
                         font_family=style.font, font_size=2.3, fill=style.ink))
    dwg.add(dwg.text("puntos al final de la partida", insert=(left, height - 1.5),
                     font_family=style.font, font_size=2.6, fill=style.muted))
    return sized(dwg, background, width, height)
