"""A4 and Letter rulebooks have a layout of their own (pdf/document.py, Geometry.for_size),
read in the solo book built on each with `--page-size`: one column whose lines hold what a
comfortable line holds (at most 80 characters, and 55 or more on a full line), figures,
diagrams and boxes grown with the type but never past the column, and the page numbers at
the outer edge of left- and right-hand pages.

**Lines.** The body text's lines (Source Serif, in boxes too) on the pages with a running
head, grouped by baseline; a line's characters are its words and the spaces between them.
A full line is one that runs to within `FULL_REACH` of the measure's right edge (a box's
text stops at its padding, a list item starts at its indent: both are full lines).
"""

from __future__ import annotations

from statistics import median

import pytest

from generator.content.model import PageSize
from generator.pdf.document import Geometry
from pdfread import read_pdf
from tablesplit import assert_two_rows_on_each_side, split_tables, text_frame

MM = 72 / 25.4
LARGE = [PageSize.A4, PageSize.LETTER]
MOST_CHARACTERS = 80
LEAST_ON_A_FULL_LINE = 55
FULL_REACH = 0.12  # of the measure: a full line ends this close to its right edge
MIN_PT = 6.0
EPS = 1e-3


def _body_pages(pdf, geometry: Geometry):
    """(number, page) of every page with a running head (not covers, contents, notes)."""
    for number, page in enumerate(pdf.pages, start=1):
        head = [c for c in page.chars if 5 * MM < c["top"] < geometry.top - 2]
        if number > 1 and head:
            yield number, page


def _lines(page, frame) -> list[dict]:
    """The page's body text lines: {text, x0, x1, size}."""
    left, top, right, bottom = frame
    words = [w for w in page.extract_words(extra_attrs=["fontname", "size"])
             if "Serif" in w["fontname"] and top - 2 <= w["top"] and w["bottom"] <= bottom + 2]
    lines: list[list[dict]] = []
    for word in sorted(words, key=lambda w: (round(w["bottom"]), w["x0"])):
        if lines and abs(lines[-1][-1]["bottom"] - word["bottom"]) < 1.5:
            lines[-1].append(word)
        else:
            lines.append([word])
    return [{"text": " ".join(w["text"] for w in line), "x0": line[0]["x0"],
             "x1": line[-1]["x1"], "size": line[0]["size"]} for line in lines]


@pytest.fixture(scope="module")
def large(sized_pdfs) -> dict[PageSize, tuple]:
    """size → (the solo book's PDF on that size, its geometry)."""
    return {size: (sized_pdfs[size], Geometry.for_size(size)) for size in LARGE}


@pytest.mark.parametrize("size", LARGE, ids=lambda s: s.value)
def test_lines_hold_at_most_80_characters_and_full_ones_55_or_more(large, size):
    path, geometry = large[size]
    counted, full = [], []
    with read_pdf(path) as pdf:
        for number, page in _body_pages(pdf, geometry):
            frame = text_frame(geometry, number)
            for line in _lines(page, frame):
                counted.append(len(line["text"]))
                assert len(line["text"]) <= MOST_CHARACTERS, (number, line["text"])
                if line["x1"] >= frame[2] - FULL_REACH * geometry.frame_width:
                    full.append(len(line["text"]))
                    assert len(line["text"]) >= LEAST_ON_A_FULL_LINE, (number, line["text"])
    assert len(counted) > 600 and len(full) > 0.6 * len(counted), (len(counted), len(full))
    assert 60 <= median(full) <= 75, median(full)


@pytest.mark.parametrize("size", LARGE, ids=lambda s: s.value)
def test_figures_and_boxes_grow_to_the_column_but_never_past_it(large, sized_pdfs, size):
    """Everything on a body page (text, a box's tint, a diagram's shapes and type) is inside
    the frame's width; the diagrams grow with the type: their smallest type is larger than
    on A5 and never under 6 pt, and the widest of them spans the box's width."""
    path, geometry = large[size]
    widest = 0.0
    with read_pdf(path) as pdf:
        for number, page in _body_pages(pdf, geometry):
            left, top, right, bottom = text_frame(geometry, number)
            for obj in page.chars + page.rects + page.curves + page.images:
                if obj["top"] >= top - 1 and obj["bottom"] <= bottom + 1:
                    assert left - 0.5 <= obj["x0"] and obj["x1"] <= right + 0.5, \
                        (number, obj.get("text"), round(obj["x0"]), round(obj["x1"]))
            figure = [c for c in page.chars if c.get("tag") == "Figure"]
            if figure:
                widest = max(widest, max(c["x1"] for c in figure) - min(c["x0"] for c in figure))
    assert widest >= 0.85 * geometry.frame_width, (widest / MM, geometry.frame_width / MM)
    assert _smallest_figure_type(path) > _smallest_figure_type(sized_pdfs[PageSize.A5]) \
        >= MIN_PT - EPS


def _smallest_figure_type(path) -> float:
    with read_pdf(path) as pdf:
        return min(c["size"] for page in pdf.pages for c in page.chars
                   if c.get("tag") == "Figure" and c["text"].strip())


@pytest.mark.parametrize("size", LARGE, ids=lambda s: s.value)
def test_page_numbers_are_at_the_outer_edge(large, size):
    """Odd pages are right-hand pages: the number ends at the right margin; even pages are
    left-hand: it starts at the left margin (the outer one on both); the covers have none."""
    path, geometry = large[size]
    with read_pdf(path) as pdf:
        count = len(pdf.pages)
        assert count % 2 == 0
        for number, page in enumerate(pdf.pages[1:-1], start=2):
            foot = [w for w in page.extract_words() if w["top"] > page.height - geometry.bottom]
            lowest = max(w["bottom"] for w in foot)
            digits = [w for w in foot if abs(w["bottom"] - lowest) < 1.5 and w["text"].isdigit()]
            assert [w["text"] for w in digits] == [str(number)], number
            if number % 2:
                assert digits[0]["x1"] == pytest.approx(page.width - geometry.outer, abs=0.5)
            else:
                assert digits[0]["x0"] == pytest.approx(geometry.outer, abs=0.5)


@pytest.mark.parametrize("size", LARGE, ids=lambda s: s.value)
def test_a_split_table_keeps_two_rows_on_each_side_under_its_header(size, tmp_path):
    """A table split over a page (makeup.RowTable) leaves two body rows or more on each
    side, and its header row opens the continuation again. Before the rule the Letter book
    split its table of resources 4 + 1 (pp. 3–4). A tiny book whose rules end in a table
    longer than a page must split it (A5, the shipped books: test_makeup.py)."""
    from contentedit import append, new_book
    from generator.build import build_book
    book = new_book(tmp_path / "p")
    rows = "\n".join(f"| Row {n} | {n * 3} points |" for n in range(1, 71))
    append(book / "chapters" / "02-rules.md", f"\n| Card | Worth |\n|---|---|\n{rows}\n")
    path = build_book(book, tmp_path / "out", size).files[0]
    splits = split_tables(path, Geometry.for_size(size))
    assert splits, size.value
    assert_two_rows_on_each_side(splits, size.value)


