"""SVG figures as vector drawings in the PDF (svglib), scaled to the space they get."""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict

from reportlab.graphics.shapes import Drawing

from .fonts import register_fonts

#: Converted drawings by (sha256 of the SVG, box, shrink), most recently used last, one
#: cache per thread (a drawing is drawn by one document at a time). Every layout pass lays
#: each figure out again, and a watcher rebuilds the same figures after every edit:
#: converting them (svglib) is then done once, not once per use.
_LOCAL = threading.local()
MAX_DRAWINGS = 512


def drawing(svg: str, max_width: float, max_height: float, shrink: float = 1.0) -> Drawing:
    """A ReportLab Drawing of the SVG at `shrink` × its print size, shrunk further (never
    enlarged) to fit the box given.

    Cached by the SVG's content hash: the same figure is laid out again on every page-number
    pass and every rebuild.
    """
    drawings = getattr(_LOCAL, "drawings", None)
    if drawings is None:
        drawings = _LOCAL.drawings = OrderedDict()
    key = (hashlib.sha256(svg.encode("utf-8")).hexdigest(), max_width, max_height, shrink)
    found = drawings.get(key)
    if found is not None:
        drawings.move_to_end(key)
        return found
    result = drawings[key] = _convert(svg, max_width, max_height, shrink)
    while len(drawings) > MAX_DRAWINGS:
        drawings.popitem(last=False)
    return result


def _convert(svg: str, max_width: float, max_height: float, shrink: float) -> Drawing:
    from svglib.svglib import svg2rlg  # lxml, cssselect2…: only for a book with figures

    register_fonts()
    result = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    scale = min(shrink, max_width / result.width, max_height / result.height)
    if scale < 1.0:
        result.scale(scale, scale)
        result.width *= scale
        result.height *= scale
    result.hAlign = "CENTER"
    return result
