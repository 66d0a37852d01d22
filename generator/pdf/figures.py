"""SVG figures as vector drawings in the PDF (svglib), scaled to the space they get."""

from __future__ import annotations

import io
from functools import lru_cache

from reportlab.graphics.shapes import Drawing
from svglib.svglib import svg2rlg

from .fonts import register_fonts


@lru_cache(maxsize=1024)
def drawing(svg: str, max_width: float, max_height: float, shrink: float = 1.0) -> Drawing:
    """A ReportLab Drawing of the SVG at `shrink` × its print size, shrunk further (never
    enlarged) to fit the box given.

    Cached: the same figure is laid out again on every page-number pass.
    """
    register_fonts()
    result = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    scale = min(shrink, max_width / result.width, max_height / result.height)
    if scale < 1.0:
        result.scale(scale, scale)
        result.width *= scale
        result.height *= scale
    result.hAlign = "CENTER"
    return result
