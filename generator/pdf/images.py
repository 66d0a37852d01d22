"""Markdown images in the PDF: a chapter's `<figure class="image">` (content/images.py) as one
flowable, the image at the width of the column it stands in and its caption under it, in the
caption style of the book's drawn figures.

A raster is embedded as an image (a JPEG as its own bytes; one whose EXIF orientation turns it
is turned first, as browsers show it); an SVG as a vector drawing (svglib), never rasterised.
The image keeps its aspect ratio; it is never taller than `MAX_HEIGHT_RATIO` × the column's
width nor than the frame leaves beside its caption, and is narrowed to fit. Image and caption never
part: the figure moves whole to the next page or column.
"""

from __future__ import annotations

import hashlib
import io
import threading
import xml.etree.ElementTree as ET
from collections import OrderedDict

from reportlab.platypus import Flowable

from generator.content.images import MAX_HEIGHT_RATIO, BookImage, svg_drawing
from generator.draw.press import cmyk_image, to_cmyk

#: Converted SVG drawings by (sha256 of the markup, width), most recently used last, one
#: cache per thread (as figures.py): every layout pass lays the figure out again.
_LOCAL = threading.local()
MAX_DRAWINGS = 64


class ImageFigure(Flowable):
    """An image at the available width (narrowed to fit the height it may take) over its
    caption (a Paragraph), kept together."""

    def __init__(self, image: BookImage, caption, gap: float, space_before: float,
                 space_after: float):
        super().__init__()
        self.image = image
        self.caption = caption
        self.gap = gap
        self.spaceBefore = space_before
        self.spaceAfter = space_after
        self.hAlign = "CENTER"
        self._art = (0.0, 0.0)

    def wrap(self, availWidth, availHeight):
        _, caption_height = self.caption.wrap(availWidth, availHeight)
        tallest = availWidth * MAX_HEIGHT_RATIO
        frame = getattr(self, "_frame", None)  # set by the frame laying it out (not in a box)
        if frame is not None:
            tallest = min(tallest, frame._aH - caption_height - self.gap)
        width = self.image.printed_width(availWidth, max(tallest, 1.0))
        self._art = (width, width * self.image.height / self.image.width)
        self.width = availWidth
        self.height = self._art[1] + self.gap + caption_height
        return self.width, self.height

    def split(self, availWidth, availHeight):
        return []  # never apart: the whole figure goes to the next frame

    def draw(self):
        width, height = self._art
        canvas = self.canv
        self.caption.drawOn(canvas, 0, 0)
        x = (self.width - width) / 2
        y = self.height - height
        if self.image.raster:
            # In the print-shop edition (a canvas that converts colours to CMYK, press.py)
            # the picture is converted too: a PDF/X file has no RGB picture.
            cmyk = getattr(canvas, "_enforceColorSpace", None) is to_cmyk
            canvas.drawImage(_reader(self.image, cmyk), x, y, width, height,
                             mask=None if cmyk else "auto")
        else:
            _drawing(self.image, width).drawOn(canvas, x, y)


def image_figure(element: ET.Element, ctx) -> list[Flowable]:
    """The flowables of a `<figure class="image">` of a chapter's tree (story.py's block())."""
    # the caption's words, abbreviations linked as in the text
    from generator.pdf.story import _text

    s = ctx.styles
    img = element.find("img")
    image = ctx.book.images[img.get("src")]
    caption = ctx.para(_text(img.get("alt", ""), ctx, True), s.caption)
    return [ImageFigure(image, caption, gap=s.body.fontSize * 0.4,
                        space_before=s.body.fontSize * 0.3, space_after=s.body.spaceAfter)]


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
