"""SVG figures as vector drawings in the PDF (svglib), scaled to the space they get."""

from __future__ import annotations

import functools
import hashlib
import io
import pickle
import re
import threading
from collections import OrderedDict

from reportlab.graphics.shapes import Drawing, Shape
from reportlab.platypus import Flowable

from generator.core.cache import digest, keep, read
from generator.core.fonts import register_fonts
from generator.core.typefaces import current

#: Converted drawings by (sha256 of the SVG, box, scale), most recently used last, one
#: cache per thread (a drawing is drawn by one document at a time). Every layout pass lays
#: each figure out again, and a watcher rebuilds the same figures after every edit:
#: converting them (svglib) is then done once, not once per use.
_LOCAL = threading.local()
MAX_DRAWINGS = 512


class MarkedDrawing(Flowable):
    """A diagram drawn inside a `/Figure` marked-content sequence (PDF 32000 14.6), which
    the page keeps around the drawing's operators: a reader of the PDF (pdfplumber's `tag`,
    tests/test_figure_legibility.py) tells a figure's glyphs from the text around it."""

    def __init__(self, art: Drawing):
        super().__init__()
        self.art = art
        self.width, self.height = art.width, art.height
        self.hAlign = art.hAlign

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        self.canv.addLiteral("/Figure BMC")
        self.art.drawOn(self.canv, 0, 0)
        self.canv.addLiteral("EMC")


def drawing(svg: str, max_width: float, max_height: float,
            scale: float = 1.0) -> MarkedDrawing:
    """A ReportLab Drawing of the SVG at `scale` × its print size (more than 1 on a page
    larger than A5: Geometry.scale), shrunk to fit the box given.

    Cached by the SVG's content hash: the same figure is laid out again on every page-number
    pass and every rebuild.
    """
    drawings = getattr(_LOCAL, "drawings", None)
    if drawings is None:
        drawings = _LOCAL.drawings = OrderedDict()
    key = (hashlib.sha256(svg.encode("utf-8")).hexdigest(), max_width, max_height, scale)
    found = drawings.get(key)
    if found is not None:
        drawings.move_to_end(key)
        return found
    result = drawings[key] = _convert(svg, max_width, max_height, scale)
    while len(drawings) > MAX_DRAWINGS:
        drawings.popitem(last=False)
    return result


def _convert(svg: str, max_width: float, max_height: float, scale: float) -> MarkedDrawing:
    register_fonts()
    result = converted(svg)
    scale = min(scale, max_width / result.width, max_height / result.height)
    if scale != 1.0:
        result.scale(scale, scale)
        result.width *= scale
        result.height *= scale
    result.hAlign = "CENTER"
    return MarkedDrawing(result)


def converted(svg: str) -> Drawing:
    """The SVG as svglib converts it, at its own size: taken from the cache between builds
    (core/cache.py), where converting the solo book's 53 drawings takes some 2 s a build
    and reading them back some 0.1 s. The key is the SVG, the versions of svglib and
    ReportLab and the typefaces in use (svglib measures text to place it); what is stored
    is the drawing pickled, read back by `_DrawingUnpickler`, which makes nothing but
    ReportLab's shapes: an entry planted in the cache folder cannot run code."""
    import reportlab
    import svglib

    key = digest("svg2rlg", svglib.__version__, reportlab.Version, current().identity, svg)
    stored = read("drawings", key)
    if stored is not None:
        try:
            found = _DrawingUnpickler(io.BytesIO(stored)).load()
            if isinstance(found, Drawing):
                return found
        except Exception:  # not an entry this module wrote: made anew below
            pass
    from svglib.svglib import svg2rlg  # lxml, cssselect2…: only for a book with figures

    drawing_ = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    keep("drawings", key, pickle.dumps(drawing_, protocol=pickle.HIGHEST_PROTOCOL))
    return drawing_


#: What a stored drawing is made of: ReportLab's shapes, colours and the validators of their
#: attributes (Python's "restricting globals", pickle's documentation), and the shapes
#: svglib derives from ReportLab's.
_DRAWING_MODULES = ("reportlab.graphics.shapes", "reportlab.lib.attrmap",
                    "reportlab.lib.validators", "reportlab.lib.colors")


class _DrawingUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if module in _DRAWING_MODULES or module == "svglib.svglib":
            found = super().find_class(module, name)
            if isinstance(found, type) and (module != "svglib.svglib"
                                            or issubclass(found, Shape)):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a drawing")


#: No type a reader must read is under this, in points.
MIN_TYPE = 6.0
_VIEW_BOX = re.compile(r'<svg\b[^>]*?\sviewBox="[-\d.]+[ ,]+[-\d.]+[ ,]+([\d.]+)')
_FONT_SIZE = re.compile(r'font-size="([\d.]+)')


@functools.lru_cache(maxsize=1024)
def smallest_type(svg: str, drawn_width: float) -> float | None:
    """The smallest type of the SVG drawn `drawn_width` points wide, in points (its font
    sizes are in its viewBox's units); None when that cannot be told (no text, or no
    viewBox): then it is never drawn smaller than it is."""
    view, sizes = _VIEW_BOX.search(svg), _FONT_SIZE.findall(svg)
    if not (view and sizes):
        return None
    return min(float(size) for size in sizes) * drawn_width / float(view.group(1))
