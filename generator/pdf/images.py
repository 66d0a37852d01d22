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

import xml.etree.ElementTree as ET

from reportlab.platypus import Flowable

from generator.content.images import MAX_HEIGHT_RATIO, BookImage
from generator.draw.pictures import draw_image


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
        draw_image(canvas, self.image, (self.width - width) / 2, self.height - height, width,
                   height)


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
