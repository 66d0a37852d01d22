"""The conformance appendix as the built solo book prints it."""

from __future__ import annotations

from generator.content.loader import load_book
from repo import CONTENT_ROOT
from generator.examples.replay import check_book
from pdfread import ReadPdf

SOLO = CONTENT_ROOT / "solo-catan"
BOOK = load_book(SOLO)
APPENDIX = "Apéndice: del texto original a este libro"


def test_scenarios_are_replayed_but_not_printed(solo_pdf):
    """A scenario has no box: only the appendix names it (by its number and title)."""
    assert len(BOOK.scenarios) >= 10
    assert {r.example.id for r in check_book(BOOK)} == {s.example.id for s in BOOK.examples}
    pages = ReadPdf(solo_pdf).page_texts
    start = next(i for i, t in enumerate(pages) if APPENDIX in t.splitlines()[1:])
    text = " ".join(pages[:start])
    for source in BOOK.scenarios:
        assert source.example.title not in text, source.example.id


def test_the_appendix_prints_every_row(solo_pdf):
    pages = ReadPdf(solo_pdf).page_texts
    # The appendix starts at its heading (a line of its own below the running head),
    # wherever on its page that is.
    start = next(i for i, t in enumerate(pages) if APPENDIX in t.splitlines()[1:])
    lines = pages[start].splitlines()
    first = pages[start].split("\n", lines.index(APPENDIX, 1))[-1]
    text = " ".join(" ".join([first] + pages[start + 1:]).split())
    assert text.startswith(APPENDIX), text[:80]
    text = text[:text.index("Glosario Abreviaturas")] if "Glosario Abreviaturas" in text else text
    for row in BOOK.conformance.rows:
        assert f"{row.id} · Texto original" in text, row.id
    assert "Comprobado en:" in text and "Preparar la mesa, p." in text
