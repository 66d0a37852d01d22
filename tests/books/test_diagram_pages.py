"""The solo_book book's figures as written files and as drawings on its built pages."""

from __future__ import annotations

import pytest

import re
import xml.etree.ElementTree as ET

from pdfread import read_pdf
from repo import shown_figures
from generator.diagrams.figures import book_figures
from generator.examples.replay import check_book

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def replays(solo_book):
    return {r.example.id: r for r in check_book(solo_book)}


def test_figure_files_are_written_and_are_valid_svg(solo_pdf, solo_book, replays):
    folder = solo_pdf.parent / "figures"
    files = sorted(folder.glob("*.svg"))
    figures = book_figures(solo_book, list(replays.values()))
    assert [f.stem for f in files] == sorted(f.name for f in figures.all())
    for file in files:
        root = ET.parse(file).getroot()
        assert root.tag == f"{SVG}svg"
        assert re.fullmatch(r"[\d.]+mm", root.get("width"))


def test_figures_are_vector_drawings_on_the_pages_that_show_them(solo_pdf, solo_book):
    with read_pdf(solo_pdf) as pdf:
        assert all(not page.images for page in pdf.pages), "no raster images anywhere"
        found = {}
        for number, page in enumerate(pdf.pages, start=1):
            text = page.extract_text() or ""
            for match in re.finditer(r"Figura (\d+)\.", text):
                found[int(match.group(1))] = page
        assert sorted(found) == list(range(1, len(shown_figures(solo_book.printed())) + 1))
        for page in found.values():
            shapes = len(page.rects) + len(page.curves)
            assert shapes >= 10, "a figure is drawn with vector shapes"
