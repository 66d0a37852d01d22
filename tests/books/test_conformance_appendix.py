"""The conformance appendix as the built solo_book book prints it."""

from __future__ import annotations

from repo import CONTENT_ROOT
from generator.examples.replay import check_book
from pdfread import ReadPdf

SOLO = CONTENT_ROOT / "solo-catan"


APPENDIX = "Apéndice: del texto original a este libro"


def test_scenarios_are_replayed_but_not_printed(solo_pdf, solo_book):
    """A scenario has no box: only the appendix names it (by its number and title)."""
    assert len(solo_book.scenarios) >= 10
    assert {r.example.id for r in check_book(solo_book)} \
        == {s.example.id for s in solo_book.examples}
    pages = ReadPdf(solo_pdf).page_texts
    start = next(i for i, t in enumerate(pages) if APPENDIX in t.splitlines())
    text = " ".join(pages[:start])
    for source in solo_book.scenarios:
        assert source.example.title not in text, source.example.id


def test_the_appendix_prints_every_row(solo_pdf, solo_book):
    pages = ReadPdf(solo_pdf).page_texts
    # The appendix starts at its heading (a line of its own, below the running head or
    # atop a page of its own), wherever on its page that is.
    start = next(i for i, t in enumerate(pages) if APPENDIX in t.splitlines())
    lines = pages[start].splitlines()
    first = pages[start].split("\n", lines.index(APPENDIX))[-1]
    text = " ".join(" ".join([first] + pages[start + 1:]).split())
    assert text.startswith(APPENDIX), text[:80]
    text = text[:text.index("Glosario Abreviaturas")] if "Glosario Abreviaturas" in text else text
    for row in solo_book.conformance.rows:
        assert f"{row.id} · Texto original" in text, row.id
    assert "Comprobado en:" in text and "Preparar la mesa, p." in text
