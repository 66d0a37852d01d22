"""A book's ornament, outlined in pale lines on its covers' bands and card backs: the game's
own shape (the theme's `Motif`): Catan's hexagonal tiles, Splendor's cut stones, or none.

Every function draws outlines in the canvas's current stroke colour, in points, and lets
the caller clip; a motif never fills, so it reads as texture on the band, not as a picture.
"""

from __future__ import annotations

import math

from generator.core.palette import Motif

HEX_STEP = math.sqrt(3)  # distance between neighbouring centres in a row, per radius
#: A cut stone's outline per radius (a brilliant seen from the side): the table at the top,
#: the crown down to the girdle, the pavilion to the culet; (x, y), y up.
GEM_OUTLINE = ((-0.5, 0.6), (0.5, 0.6), (1.0, 0.15), (0.0, -0.85), (-1.0, 0.15))
#: Its facets: the girdle, and the lines from the table's corners to the culet.
GEM_FACETS = (((-1.0, 0.15), (1.0, 0.15)), ((-0.5, 0.6), (0.0, -0.85)),
              ((0.5, 0.6), (0.0, -0.85)))
#: Centre-to-centre step of the stones in a row, per radius, and between rows.
GEM_STEP = 2.5
GEM_ROW = 1.9


def hexagon(canv, cx: float, cy: float, radius: float) -> None:
    """A pointy-top hexagon outline centred at (cx, cy), in points."""
    path = canv.beginPath()
    for k in range(7):
        angle = math.pi / 6 + k * math.pi / 3
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        path.moveTo(x, y) if k == 0 else path.lineTo(x, y)
    canv.drawPath(path, stroke=1, fill=0)


def gem(canv, cx: float, cy: float, radius: float) -> None:
    """A cut stone's outline and facets centred at (cx, cy), `radius` half its width."""
    path = canv.beginPath()
    for k, (x, y) in enumerate(GEM_OUTLINE + GEM_OUTLINE[:1]):
        point = cx + x * radius, cy + y * radius
        path.moveTo(*point) if k == 0 else path.lineTo(*point)
    for (x0, y0), (x1, y1) in GEM_FACETS:
        path.moveTo(cx + x0 * radius, cy + y0 * radius)
        path.lineTo(cx + x1 * radius, cy + y1 * radius)
    canv.drawPath(path, stroke=1, fill=0)


def _shape(motif: Motif):
    """The drawing function of one motif's piece, and its step along a row per radius."""
    if motif is Motif.GEMS:
        return gem, GEM_STEP
    return hexagon, HEX_STEP


def motif_row(canv, motif: Motif, x: float, width: float, cy: float, radius: float) -> None:
    """The motif's pieces in one row at height `cy`, centred across `x … x + width` and
    spilling past both ends (the caller clips): a band's ornament."""
    if motif is Motif.NONE:
        return
    draw, step = _shape(motif)
    step *= radius
    cx = x + width / 2
    while cx - step / 2 > x:
        cx -= step
    while cx - step / 2 < x + width:
        draw(canv, cx, cy, radius)
        cx += step


def motif_field(canv, motif: Motif, x: float, y: float, width: float, height: float,
                radius: float) -> None:
    """The motif tiling a box, every other row offset by half a step (as the board's rows
    are), spilling past its edges (the caller clips): a card back's pattern."""
    if motif is Motif.NONE:
        return
    draw, step = _shape(motif)
    rise = radius * (1.5 if motif is Motif.HEXAGONS else GEM_ROW)
    row, cy = 0, y
    while cy < y + height + radius:
        cx = x + (radius * step / 2 if row % 2 else 0)
        while cx < x + width + radius:
            draw(canv, cx, cy, radius)
            cx += radius * step
        cy += rise
        row += 1


def emblem(canv, motif: Motif, cx: float, cy: float, radius: float) -> None:
    """The cover's emblem, centred at (cx, cy): the motif grown into a figure of its own
    (seven tiles as on the board's centre; three stones, the middle one raised)."""
    if motif is Motif.HEXAGONS:
        hexagon(canv, cx, cy, radius)
        for k in range(6):
            angle = k * math.pi / 3
            hexagon(canv, cx + radius * HEX_STEP * math.cos(angle),
                    cy + radius * HEX_STEP * math.sin(angle), radius)
    elif motif is Motif.GEMS:  # as wide as the tiles' figure: the stones a third larger
        stone = radius * 1.35
        gem(canv, cx, cy + stone * 0.35, stone)
        for side in (-1, 1):
            gem(canv, cx + side * stone * 1.55, cy - stone * 0.35, stone * 0.72)
