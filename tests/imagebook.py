"""A copy of an A5 rulebook (uno-contra-uno) with pictures in a chapter, as a designer adds
them: for the tests of Markdown images (tests/unit/test_images.py) and of how Chromium shows
them (tests/browser/test_images_in_chromium.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image, ImageDraw

from contentedit import edit
from generator.build import build_book
from repo import CONTENT_ROOT

SLUG = "uno-contra-uno"  # an A5 rulebook
CHAPTER = "chapters/02-monedas.md"
ANCHOR = "## Cuándo se usan"  # the images go just before this heading
SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <rect x="5" y="5" width="190" height="90" fill="#e4eef4" stroke="#2f5d7c" stroke-width="3"/>
  <circle cx="50" cy="50" r="30" fill="#9c3d1a"/>
  <text x="95" y="58" font-family="sans-serif" font-size="20" fill="#1f1a17">Vectorial</text>
</svg>
"""


def copy_book(root: Path) -> Path:
    """A writable copy of the book (with the shared facts it reads) under root/content."""
    book = root / "content" / SLUG
    shutil.copytree(CONTENT_ROOT / SLUG, book)
    shutil.copytree(CONTENT_ROOT / "_facts", root / "content" / "_facts")
    meta = book / "book.yaml"
    if "layout: sheet" in meta.read_text(encoding="utf-8"):  # the column of a rulebook
        edit(meta, "layout: sheet", "layout: rulebook")
    (book / "figures").mkdir()
    return book


def png(path: Path, width: int, height: int) -> bytes:
    """A drawing a reader would recognise: stripes and a disc, in RGB."""
    image = Image.new("RGB", (width, height), (240, 230, 200))
    draw = ImageDraw.Draw(image)
    for x in range(0, width, max(width // 16, 1)):
        draw.line([(x, 0), (x, height)], fill=(120, 60, 20), width=max(width // 250, 1))
    draw.ellipse([width * 0.3, height * 0.3, width * 0.7, height * 0.7], fill=(40, 90, 160))
    image.save(path, "PNG")
    return path.read_bytes()


def add_images(book: Path, markdown: str) -> Path:
    chapter = book / CHAPTER
    edit(chapter, ANCHOR, f"{markdown}\n\n{ANCHOR}")
    return chapter


# --- a book with images, built once ---------------------------------------------------------


def image_book(root: Path):
    """The book with a 1600 px PNG, an SVG, the same SVG in a note and a JPEG that its EXIF
    orientation turns upright: (book folder, PDF, HTML, the PNG's bytes)."""
    book = copy_book(root)
    board = png(book / "figures" / "tablero.png", 1600, 1000)
    (book / "figures" / "esquema.svg").write_text(SVG, encoding="utf-8")
    photo = Image.new("RGB", (1600, 900), (200, 50, 50))  # stored landscape…
    exif = photo.getexif()
    exif[0x0112] = 6  # …shown turned a quarter: portrait, 900 × 1600
    photo.save(book / "figures" / "foto.jpg", "JPEG", exif=exif)
    add_images(book, "![El tablero de la partida](figures/tablero.png)\n\n"
                     "![Un esquema en vectores](figures/esquema.svg)\n\n"
                     '!!! note "En una nota"\n    ![El esquema en la nota](figures/esquema.svg)\n\n'
                     "![Una foto girada](figures/foto.jpg)")
    result = build_book(book, root / "out")
    pdf = result.files[0]
    return book, pdf, pdf.parent / "index.html", board
