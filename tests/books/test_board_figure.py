"""The board figure of catan-para-dos in the built PDF and HTML edition."""

from __future__ import annotations

import re

import pytest

from pdfread import read_pdf
from repo import CONTENT_ROOT
from generator.content.board import load_board

BOOK_DIR = CONTENT_ROOT / "catan-para-dos"
BOARD_FILE = BOOK_DIR / "board.yaml"
MIN_TEXT_PT = 6.0
BOARD = load_board(BOARD_FILE)


@pytest.fixture(scope="module")
def caption(board_book):
    """The board figure's caption, as the book gives it."""
    return next(f.caption for f in board_book.book.figures if f.id == "tablero")


@pytest.fixture(scope="module")
def board_book(built):
    return built(BOOK_DIR.name)


def _squash(text: str) -> str:
    """Text without spaces, line breaks or hyphens, to compare across line breaks."""
    return re.sub(r"[\s\-\u00ad]", "", text)


def test_the_figure_is_in_the_pdf_as_vectors_with_its_caption_and_6_pt_labels(board_book, caption):
    pdf_file = board_book.files[0]
    with read_pdf(pdf_file) as pdf:
        pages = [p for p in pdf.pages if _squash(caption) in _squash(p.extract_text() or "")]
        assert len(pages) == 1, "the caption is printed once, whole, on one page"
        page = pages[0]
        assert "Figura 1." in page.extract_text()
        words = page.extract_words()
        caption_top = min(w["top"] for w in words if w["text"] == "Figura")
        board_chars = [c for c in page.chars if 30 < c["top"] < caption_top]
        labels = "".join(c["text"] for c in board_chars)
        for h in BOARD.hexes:
            if h.number:
                assert str(h.number) in labels
        assert labels.count("3:1") == 4 + 1 and labels.count("2:1") == 5 + 1  # board + legend
        assert min(c["size"] for c in board_chars) >= MIN_TEXT_PT - 0.01
        assert page.images == [], "the board is drawn as vectors, not pasted as a picture"


def test_the_figure_is_in_the_html_edition(board_book, caption):
    html = next(f for f in board_book.files if f.name == "index.html").read_text(encoding="utf-8")
    figure = re.search(r"<figure.*?</figure>", html, re.S)
    assert figure, "no <figure> in the HTML edition"
    body = figure.group(0)
    drawings = re.findall(r"<svg\b.*?</svg>", body, re.S)  # a page's and a phone's board
    assert [re.search(r'class="figure (figure-\w+)', d).group(1) for d in drawings] == \
        ["figure-wide", "figure-narrow"]
    for drawing in drawings:
        assert drawing.count('class="hex"') == 19
        assert drawing.count('class="number-token"') == 18
        assert drawing.count('class="harbour"') == 9
        assert drawing.count('class="neutral"') == 2
    assert " ".join(caption.split()) in " ".join(re.sub(r"<[^>]+>", " ", body).split())
