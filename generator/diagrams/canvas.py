"""A drawing's frame: a paper background, and a size set once its content is placed.

Diagrams are drawn in millimetres at print size; the SVG says so in its width and height,
so the PDF (through svglib) and a browser both show them at that size or scaled from it.
"""

from __future__ import annotations

import svgwrite

from generator.diagrams.style import DiagramStyle


def new_drawing(style: DiagramStyle, css_class: str):
    """An empty drawing with its background; the background is sized by `sized`."""
    dwg = svgwrite.Drawing(debug=False)
    dwg.attribs["class"] = css_class
    background = dwg.add(dwg.rect((0, 0), (1, 1), fill=style.paper, class_="background"))
    return dwg, background


def text_width(text: str, size: float) -> float:
    """A generous estimate of a label's width (sans, average glyph ≈ 0.55 em)."""
    return len(text) * size * 0.55


def sized(dwg, background, width: float, height: float, scale: float = 1.0):
    """Set the drawing's size once everything in it is placed (in mm at print size). A
    `scale` other than 1 declares it that much larger or smaller than its viewBox's units
    (a drawing for a screen, whose size is set by its type: html/render.py)."""
    width, height = round(width, 2), round(height, 2)
    dwg["width"], dwg["height"] = (f"{round(v * scale, 2) if scale != 1.0 else v}mm"
                                   for v in (width, height))
    dwg["viewBox"] = f"0 0 {width} {height}"
    background["width"], background["height"] = width, height
    return dwg
