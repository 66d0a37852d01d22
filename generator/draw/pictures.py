"""A book's image file (content/images.py `BookImage`) drawn on a ReportLab canvas: in a
chapter's figure (pdf/images.py) or a deck's card (sheets/decks.py).

A raster is embedded as an image (a JPEG as its own bytes; one whose EXIF orientation turns
it is turned first, as browsers show it); an SVG as a vector drawing (svglib), never
rasterised. On a print-shop canvas (one that converts colours to CMYK, press.py) a raster is
converted too: a PDF/X file has no RGB picture.
"""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict

from generator.content.images import BookImage, svg_drawing
from generator.draw.press import cmyk_image, to_cmyk

#: Converted SVG drawings by (sha256 of the markup, width), most recently used last, one
#: cache per thread (as figures.py): every layout pass lays the figure out again.
_LOCAL = threading.local()
MAX_DRAWINGS = 64


def draw_image(canvas, image: BookImage, x: float, y: float, width: float,
               height: float) -> None:
    """`image` in the box of `width` × `height` points at (x, y), its lower left corner (the
    box has the image's own proportions)."""
    if image.raster:
        cmyk = getattr(canvas, "_enforceColorSpace", None) is to_cmyk
        canvas.drawImage(_reader(image, cmyk), x, y, width, height,
                         mask=None if cmyk else "auto")
    else:
        _drawing(image, width).drawOn(canvas, x, y)


def fitted(image: BookImage, width: float, height: float) -> tuple[float, float]:
    """The largest size of `image`, in its own proportions, inside `width` × `height`."""
    scale = min(width / image.width, height / image.height)
    return image.width * scale, image.height * scale


def _reader(image: BookImage, cmyk: bool = False):
    """What ReportLab draws a raster from: the file's bytes (a JPEG stays a JPEG in the PDF),
    or, for a JPEG that its EXIF orientation turns, the picture turned upright; with `cmyk`,
    the picture converted for the press (press.cmyk_image)."""
    from reportlab.lib.utils import ImageReader

    if not image.rotated and not cmyk:
        return ImageReader(io.BytesIO(image.data))
    from PIL import Image, ImageOps

    with Image.open(io.BytesIO(image.data)) as original:
        upright = ImageOps.exif_transpose(original)
        return ImageReader(cmyk_image(upright) if cmyk else upright)


def _drawing(image: BookImage, width: float):
    """The SVG as a ReportLab Drawing `width` points wide (enlarged or reduced)."""
    drawings = getattr(_LOCAL, "drawings", None)
    if drawings is None:
        drawings = _LOCAL.drawings = OrderedDict()
    key = (hashlib.sha256(image.data).hexdigest(), round(width, 3))
    found = drawings.get(key)
    if found is not None:
        drawings.move_to_end(key)
        return found
    drawing = svg_drawing(image.data)  # checked to convert when the book was loaded
    scale = width / drawing.width
    drawing.scale(scale, scale)
    drawing.width *= scale
    drawing.height *= scale
    drawings[key] = drawing
    while len(drawings) > MAX_DRAWINGS:
        drawings.popitem(last=False)
    return drawing
