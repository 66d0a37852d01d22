"""Size limits on what a book feeds the generator, far above any real book.

ReportLab's line breaking with pyphen hyphenation, and the PDF build around it, grow
quadratically with the length of one paragraph, heading or word: a 128,000-character paragraph
takes 10 s to build, 256,000 characters 42 s, a megabyte would never finish (a title: 64,000
characters 13 s, 128,000 characters 58 s). So each is bounded, with an error at its line. The
largest in this repository's books (measured on the rendered chapters and the YAML files), and
the margin each limit leaves:

- a chapter file: 3,884 bytes (the solo book's 15-dificultad.md); limit 256 KiB, 67×
- a paragraph: 812 characters (catan-base/02-conformidad.md); limit 20,000, 24×
- a heading: 67 characters (catan-para-dos/02-fichas.md); limit 500, 7×
- a word (what is hyphenated): 51 characters (a link); limit 1,000, 19×
- a YAML string: 506 characters (the solo book's rulings.yaml); limit 20,000, 39×
- a YAML file: 50,554 bytes (the solo book's difficulty.yaml); limit 2,000,000, 39×

A page's width is shared by a table's columns and indented by each list inside another: past
a point nothing is left to print in, and the PDF build failed. On the narrowest measure a
build can be asked for (a two-column A4 sheet, inside a note), twelve columns still leave
each about 20 points, and eight lists inside each other the innermost more than half the
column:

- a table's columns: 4 (the difficulty and costs tables); limit 12, 3×
- a list's depth: 1 (no list inside another); limit 8

Images in chapters (images.py) are read whole into memory, decoded once to check them and
embedded in the PDF and, base64, in the HTML edition. A column-wide raster at 300 dpi is
about 2,000 pixels across (a full A4 page at 300 dpi: 8.7 megapixels, a few megabytes as a
JPEG):

- a raster file: limit 20 MiB; its pixels: limit 40,000,000 (160 MB decoded as RGBA)
- an SVG file: limit 5 MiB (svglib converts it once to check it, and again to draw it)
- an image's caption: limit 500 characters (with the image, it must fit on one page)
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import ContentError, Location

MAX_CHAPTER_BYTES = 256 * 1024
MAX_PARAGRAPH = 20_000
MAX_HEADING = 500
MAX_WORD = 1_000
MAX_YAML_STRING = 20_000
#: Levels of lists and mappings one inside another in a YAML file (a book's deepest is
#: about eight): deeper, Python's own recursion limit would be met by the parser or a copy.
MAX_YAML_DEPTH = 100
MAX_YAML_BYTES = 2_000_000
MAX_IMAGE_BYTES = 20 * 1024 * 1024
MAX_IMAGE_PIXELS = 40_000_000
MAX_SVG_BYTES = 5 * 1024 * 1024
MAX_CAPTION = 500
MAX_TABLE_COLUMNS = 12
MAX_LIST_DEPTH = 8


def check_file_size(file: Path, limit: int, what: str) -> None:
    """Before reading it: a file larger than `limit` bytes is an error at the file."""
    try:
        size = file.stat().st_size
    except OSError:
        return  # a missing file is reported by whoever reads it
    if size > limit:
        raise ContentError(Location(file), f"the {what} is {size:,} bytes long",
                           f"at most {limit:,} bytes")


def check_prose_lengths(file: Path, lines) -> None:
    """`lines`: (number, text) of a rendered chapter. A paragraph (lines up to a blank one),
    a heading or a word past its limit is an error at the line where it starts."""
    start, length = None, 0
    for number, line in lines:
        if not line.strip():
            start, length = None, 0
            continue
        if line.lstrip().startswith("#") and len(line) > MAX_HEADING:
            raise ContentError(Location(file, number), f"a heading of {len(line):,} characters",
                               f"at most {MAX_HEADING:,}")
        start = number if start is None else start
        length += len(line) + 1
        if length > MAX_PARAGRAPH:
            raise ContentError(Location(file, start), f"a paragraph of more than "
                               f"{MAX_PARAGRAPH:,} characters",
                               f"at most {MAX_PARAGRAPH:,} (split it with blank lines)")
        if len(line) > MAX_WORD and any(len(word) > MAX_WORD for word in line.split()):
            raise ContentError(Location(file, number), f"a word of more than {MAX_WORD:,} "
                               "characters", f"words of at most {MAX_WORD:,}")
