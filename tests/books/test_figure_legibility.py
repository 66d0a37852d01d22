"""Figures read at true size: every glyph of every diagram in every rulebook PDF is 6 pt or
more on paper, and the solo book's set-up figure spans the measure with its rows numbered
like the set-up steps of its chapter.

Every book in content/ is laid out at its own size (the A5 rulebooks, the A4 sheet
catan-base) and the solo book on A4 and Letter too. A diagram is a ReportLab drawing that
draw/figures.py wraps in a `/Figure` marked-content sequence; pdfplumber reports that tag on
each character drawn inside it, so the glyphs of figures, example positions and charts are
told from the captions and prose around them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator.content.loader import load_book
from generator.content.model import PageSize
from generator.diagrams.figures import book_figures
from generator.examples.replay import check_book
from generator.pdf.document import Geometry
from pdfread import read_pdf
from repo import book_folders

MIN_PT = 6.0
EPS = 1e-3  # pdfplumber's sizes carry float noise (5.999999 for 6)
MM = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
#: What each book is laid out at: its own size, and the solo book on the larger papers.
LAYOUTS = [(folder.name, None) for folder in book_folders()] + [
    ("solo-catan", PageSize.A4), ("solo-catan", PageSize.LETTER)]


def _id(layout) -> str:
    slug, size = layout
    return slug if size is None else f"{slug}-{size.value}"


@pytest.fixture(scope="module")
def loaded() -> dict:
    """slug → (book, replays, figures), each book loaded and replayed once."""
    result = {}
    for folder in book_folders():
        book = load_book(folder)
        replays = check_book(book)
        result[folder.name] = (book, replays, book_figures(book, replays))
    return result


@pytest.fixture(scope="module")
def laid_out(built) -> dict:
    """(slug, size) → the PDF's bytes, as `rulebook build` writes it."""
    return {(slug, size): built(slug, size=size).files[0].read_bytes() for slug, size in LAYOUTS}


def figure_chars(pdf: bytes) -> list[tuple[int, dict]]:
    """(page number, char) of every glyph drawn inside a figure."""
    with read_pdf(pdf) as doc:
        return [(number, char) for number, page in enumerate(doc.pages, start=1)
                for char in page.chars if char.get("tag") == "Figure" and char["text"].strip()]


@pytest.mark.parametrize("layout", LAYOUTS, ids=_id)
def test_no_glyph_in_any_figure_is_under_6_pt(laid_out, loaded, layout):
    chars = figure_chars(laid_out[layout])
    figures = loaded[layout[0]][2]
    if figures.all():
        assert len(chars) > 50, "the figures' glyphs are found in the PDF"
    small = sorted({(page, char["text"], round(char["size"], 2)) for page, char in chars
                    if char["size"] < MIN_PT - EPS})
    assert small == [], f"{len(small)} glyphs under {MIN_PT} pt (page, glyph, pt): {small[:12]}"


def test_the_marker_finds_figures_and_nothing_else(laid_out):
    """The `/Figure` tag is on the diagrams' words (the cards' letters), never on the prose
    (the serif) nor on a caption ("Figura 2.")."""
    chars = [char for _, char in figure_chars(laid_out[("solo-catan", None)])]
    assert {"M", "L", "P"} <= {char["text"] for char in chars}
    assert not any("Serif" in char["fontname"] for char in chars)
    assert "Figura" not in "".join(char["text"] for char in chars)


# --- the set-up figure ---------------------------------------------------------------------

def _setup_box(pdf: bytes) -> tuple[int, tuple[float, float, float, float], list[dict]]:
    """(page, bbox of its glyphs, glyphs) of the set-up figure: the figure labelled "Tu
    mano" on the page of its caption ("La mesa preparada…")."""
    with read_pdf(pdf) as doc:
        for number, page in enumerate(doc.pages, start=1):
            text = page.extract_text() or ""
            if "La mesa preparada" not in text:
                continue
            chars = [c for c in page.chars if c.get("tag") == "Figure"]
            if "Tu mano" in "".join(c["text"] for c in chars):
                return number, (min(c["x0"] for c in chars), min(c["top"] for c in chars),
                                max(c["x1"] for c in chars), max(c["bottom"] for c in chars)), chars
    raise AssertionError("the set-up figure is printed")


@pytest.mark.parametrize("size", [None, PageSize.A4, PageSize.LETTER],
                         ids=["A5", "A4", "Letter"])
def test_the_setup_figure_spans_the_measure(laid_out, size):
    """Its text reaches across at least 80 % of the measure, whatever the page's size: it is
    drawn for the width it is given, never a small drawing centred in a wide column."""
    geometry = Geometry.for_size(size or PageSize.A5)
    _, (x0, _, x1, _), chars = _setup_box(laid_out[("solo-catan", size)])
    assert x1 - x0 >= 0.8 * geometry.frame_width, (round((x1 - x0) / MM),
                                                   round(geometry.frame_width / MM))
    assert min(c["size"] for c in chars) >= MIN_PT - EPS


#: The chapter's set-up list says what each step puts on the table: the word that names
#: each part of the figure in its step.
PARTS = {"deck": "Baraja", "hand": "mano inicial", "start": "carretera con la cara A",
         "expansions": "ampliaciones de ciudad", "stacks": "tres mazos", "market": "mercado"}


def test_the_setup_rows_are_numbered_like_the_steps_of_the_chapter(loaded):
    book, _, figures = loaded["solo-catan"]
    chapter = next(c for c in book.chapters
                   if any(e.get("id") == "preparar-la-mesa" for e in c.tree.iter()))
    steps = next(chapter.tree.iter("ol"))  # the chapter's first list: the set-up steps
    items = ["".join(li.itertext()) for li in steps.iter("li")]
    spec = next(s for s in book.figures if s.kind == "setup")
    root = ET.fromstring(figures.named[spec.id].svg)
    numbered = {g.get("data-part"): int(g.get("data-step")) for g in root.iter(f"{SVG}g")
                if g.get("data-step")}
    assert set(numbered) == set(PARTS)
    for part, step in numbered.items():
        assert PARTS[part] in items[step - 1], (part, step, items[step - 1])
    discs = {t.text for t in root.iter(f"{SVG}text") if t.get("class") == "step-number"}
    assert discs == {str(n) for n in numbered.values()}


# --- the set-up figure on screen ----------------------------------------------------------------


