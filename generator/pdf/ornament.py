"""The product's one ornament: the board's hexagonal tile, outlined (cover, card backs)."""

from __future__ import annotations

import math

HEX_STEP = math.sqrt(3)  # distance between neighbouring centres in a row, per radius


def hexagon(canv, cx: float, cy: float, radius: float) -> None:
    """A pointy-top hexagon outline centred at (cx, cy), in points."""
    path = canv.beginPath()
    for k in range(7):
        angle = math.pi / 6 + k * math.pi / 3
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        path.moveTo(x, y) if k == 0 else path.lineTo(x, y)
    canv.drawPath(path, stroke=1, fill=0)


def hexagon_field(canv, x: float, y: float, width: float, height: float, radius: float) -> None:
    """Hexagons tiling a box (points), rows offset as on the board, spilling past its edges
    (the caller clips)."""
    row, cy = 0, y
    while cy < y + height + radius:
        cx = x + (radius * HEX_STEP / 2 if row % 2 else 0)
        while cx < x + width + radius:
            hexagon(canv, cx, cy, radius)
            cx += radius * HEX_STEP
        cy += radius * 1.5
        row += 1
