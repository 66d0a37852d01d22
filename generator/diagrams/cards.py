"""A resource card as it lies on the table, and a face-down or building card."""

from __future__ import annotations

from .icons import building_icon, resource_icon
from .style import DiagramStyle, tint


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
    group.add(resource_icon(dwg, style, resource, x + s / 2, y + s * 0.62, s * 0.36))
    if counts_as and counts_as != resource:
        group.add(dwg.text("=" + style.letter(counts_as), insert=(x + s / 2, y + h - 2.2),
                           text_anchor="middle", font_family=style.font, font_weight="bold",
                           font_size=2.6, fill="#ffffff"))
    if full:
        group.add(resource_icon(dwg, style, resource, x + s + (w - s) / 2, y + h * 0.45,
                                (w - s) * 0.28))
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
                           font_family=style.font, font_size=2.0, fill=style.muted))
    return group


def face_down(dwg, style: DiagramStyle, x: float, y: float, *, role: str = "deck"):
    w, h = style.card_w, style.card_h
    group = dwg.g(class_="card", **{"data-role": role})
    group.add(dwg.rect((x, y), (w, h), rx=style.radius, fill="#6b4a33", stroke=style.ink,
                       stroke_width=0.35))
    group.add(dwg.rect((x + 1.5, y + 1.5), (w - 3, h - 3), rx=style.radius * 0.6, fill="none",
                       stroke="#d9c2a3", stroke_width=0.3))
    return group
