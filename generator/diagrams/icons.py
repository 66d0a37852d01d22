"""Icons for resources (shape + colour + letter) and buildings, as svgwrite elements.

A resource's letters always fit inside its shape: each shape has a box (below) that stays
clear of its outline, and the letters are set at the size that fills it, never larger than
the size asked for. Lumber is a fir tree (tiers and a trunk), never a bare triangle: a
triangle reads as a mountain, which is ore in Catan.
"""

from __future__ import annotations

import math

from generator.core import palette
from generator.diagrams.style import DiagramStyle

#: The rectangle each shape keeps for its letters, in units of the icon's radius r:
#: (centre below the icon's centre, half-width, half-height), inside the outline's stroke.
LETTER_BOX = {
    "tree": (0.17, 0.50, 0.27),      # the lower tier, clear of the trunk
    "triangle": (0.32, 0.40, 0.28),
    "square": (0.0, 0.66, 0.62),
    "diamond": (0.0, 0.52, 0.42),
    "hexagon": (0.0, 0.70, 0.44),
    "circle": (0.0, 0.72, 0.42),
}
CAP_HEIGHT = 0.66  # Source Sans capitals, in em
#: Advance widths of Source Sans Bold, in em (the widest letters; others by case).
_WIDE = {"M": 0.77, "W": 0.82, "m": 0.86, "w": 0.78, "O": 0.68, "Q": 0.68, "G": 0.64}

#: The fir tree's outline, in units of r (y grows downward, as in SVG): apex, upper tier,
#: lower tier, trunk; the left half mirrors the right.
_TREE_RIGHT = [(0.0, -1.15), (0.6, -0.35), (0.38, -0.35), (1.1, 0.58), (0.22, 0.58),
               (0.22, 0.95)]


def letters_width(text: str, size: float) -> float:
    """A safe estimate of the letters' advance width in Source Sans Bold."""
    return size * sum(_WIDE.get(c, 0.66 if c.isupper() else 0.56) for c in text)


def letter_fit(shape: str, text: str, r: float, preferred: float) -> tuple[float, float]:
    """(font size, baseline below the centre) that keeps `text` inside the shape's box."""
    dy, hw, hh = LETTER_BOX.get(shape, LETTER_BOX["circle"])
    size = min(preferred, 2 * hh * r / CAP_HEIGHT, 2 * hw * r / letters_width(text, 1.0))
    return size, dy * r + CAP_HEIGHT * size / 2


def _polygon(dwg, cx: float, cy: float, r: float, sides: int, rotation: float, **kw):
    points = [(cx + r * math.cos(rotation + 2 * math.pi * k / sides),
               cy + r * math.sin(rotation + 2 * math.pi * k / sides)) for k in range(sides)]
    return dwg.polygon([(round(x, 3), round(y, 3)) for x, y in points], **kw)


def resource_shape(dwg, style: DiagramStyle, resource: str, cx: float, cy: float, r: float,
                   **kw):
    """The resource's shape centred at (cx, cy), filled with its colour."""
    shape, colour = style.look(resource)
    kw.setdefault("fill", colour)
    kw.setdefault("stroke", "#ffffff")
    kw.setdefault("stroke_width", r * 0.12)
    if shape == "tree":
        right = [(cx + x * r, cy + y * r) for x, y in _TREE_RIGHT]
        left = [(2 * cx - x, y) for x, y in reversed(right[1:])]
        return dwg.polygon([(round(x, 3), round(y, 3)) for x, y in right + left], **kw)
    if shape == "triangle":
        return _polygon(dwg, cx, cy + r * 0.15, r * 1.15, 3, -math.pi / 2, **kw)
    if shape == "square":
        side = r * 1.6
        return dwg.rect((cx - side / 2, cy - side / 2), (side, side), **kw)
    if shape == "diamond":
        return _polygon(dwg, cx, cy, r * 1.1, 4, -math.pi / 2, **kw)
    if shape == "hexagon":
        return _polygon(dwg, cx, cy, r, 6, 0, **kw)
    return dwg.circle((cx, cy), r * 0.9, **kw)


def resource_icon(dwg, style: DiagramStyle, resource: str, cx: float, cy: float, r: float):
    """Shape with the resource's letter(s) on it, inside it: readable without colour."""
    group = dwg.g(class_="icon", **{"data-resource": resource})
    group.add(resource_shape(dwg, style, resource, cx, cy, r))
    letter = style.letter(resource)
    size, baseline = letter_fit(style.look(resource)[0], letter, r,
                                r * (1.2 if len(letter) == 1 else 1.0))
    group.add(dwg.text(letter, insert=(cx, round(cy + baseline, 3)), text_anchor="middle",
                       font_family=style.font, font_weight="bold", font_size=round(size, 3),
                       fill=palette.text_on(style.look(resource)[1])))
    return group


def building_icon(dwg, style: DiagramStyle, building: str, cx: float, cy: float, r: float,
                  colour: str | None = None):
    """Simple pictograms: road, knight (shield), settlement, city, expansion (tower)."""
    colour = colour or style.ink
    group = dwg.g(class_="building-icon", **{"data-building": building})
    if building == "road":
        group.add(dwg.rect((cx - r, cy - r * 0.25), (2 * r, r * 0.5), fill=colour))
        group.add(dwg.line((cx - r * 0.7, cy), (cx + r * 0.7, cy), stroke="#ffffff",
                           stroke_width=r * 0.1, stroke_dasharray=f"{r * 0.3},{r * 0.2}"))
    elif building == "knight":
        path = dwg.path(d=f"M {cx - r * 0.8},{cy - r * 0.8} L {cx + r * 0.8},{cy - r * 0.8} "
                          f"L {cx + r * 0.8},{cy} Q {cx + r * 0.8},{cy + r * 0.7} {cx},{cy + r} "
                          f"Q {cx - r * 0.8},{cy + r * 0.7} {cx - r * 0.8},{cy} Z", fill=colour)
        group.add(path)
    elif building in ("settlement", "city"):
        w = r * (1.3 if building == "settlement" else 1.9)
        x0 = cx - w / 2
        roof = [(x0, cy - r * 0.1), (x0 + w / 2 if building == "settlement" else x0 + r * 0.65,
                                     cy - r * 0.9), (x0 + w if building == "settlement"
                                                     else x0 + r * 1.3, cy - r * 0.1)]
        group.add(dwg.polygon(roof, fill=colour))
        group.add(dwg.rect((x0, cy - r * 0.1), (w, r * 0.95), fill=colour))
        if building == "city":
            group.add(dwg.rect((x0 + r * 1.3, cy - r * 0.9), (w - r * 1.3, r * 0.8), fill=colour))
    elif building == "development":  # a card with a star
        group.add(dwg.rect((cx - r * 0.6, cy - r * 0.85), (r * 1.2, r * 1.7), rx=r * 0.15,
                           fill=colour))
        group.add(dwg.circle((cx, cy), r * 0.3, fill="#ffffff"))
    else:  # expansion: a tower with battlements
        group.add(dwg.rect((cx - r * 0.6, cy - r * 0.6), (r * 1.2, r * 1.5), fill=colour))
        for k in range(3):
            group.add(dwg.rect((cx - r * 0.6 + k * r * 0.45, cy - r * 0.95), (r * 0.3, r * 0.4),
                               fill=colour))
    return group
