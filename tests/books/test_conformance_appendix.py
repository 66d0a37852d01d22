"""The conformance appendix as the built solo book prints it: in the editor's dossier
(book.yaml `dossier:`), never in the player's book."""

from __future__ import annotations

import pytest

from generator.examples.replay import check_book
from pdfread import ReadPdf

APPENDIX = "Apéndice: del texto original a este libro"


@pytest.fixture(scope="module")
def dossier_pdf(built):
    """The solo book's editor's dossier, as `rulebook build` writes it."""
    return next(f for f in built("solo-catan").dossier if f.suffix == ".pdf")


def test_the_appendix_and_the_scenarios_are_in_the_dossier_alone(solo_pdf, dossier_pdf,
                                                                 solo_book):
    """A scenario has no box: only the appendix names it (by its number and title), and
    the appendix is the editor's: the player's book names no scenario."""
    assert len(solo_book.scenarios) >= 10
    assert {r.example.id for r in check_book(solo_book)} \
        == {s.example.id for s in solo_book.examples}
    book = " ".join(ReadPdf(solo_pdf).page_texts)
    assert APPENDIX not in book and "escenario" not in book
    for source in solo_book.scenarios:
        assert source.example.title not in book, source.example.id
    assert APPENDIX in ReadPdf(dossier_pdf).page_texts[2].splitlines()


def test_the_appendix_prints_every_row(dossier_pdf, solo_book):
    pages = ReadPdf(dossier_pdf).page_texts
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
    # where the player's book states the rule: its page there, as a reader turns to it
    assert "Comprobado en:" in text and "Preparar la mesa (libro, p." in text


def test_every_scenario_the_table_cites_is_printed_in_the_dossier(dossier_pdf, solo_book):
    """«escenario S06 «Tres carreteras A»» resolves: S06 is printed, with its summary and
    the rows it checks (`{{ scenario_list() }}`)."""
    text = " ".join(" ".join(ReadPdf(dossier_pdf).page_texts).split())
    listed = text[text.index("Escenarios de prueba"):]
    for number, source in enumerate(sorted(solo_book.scenarios,
                                           key=lambda s: s.file.name), start=1):
        title = f"S{number:02d}. {source.example.title}"
        assert title in listed, title
        rows = [row.id for row in solo_book.conformance.rows if source.example.id in row.checks]
        if rows:
            after = listed[listed.index(title):]
            assert f"Comprueba: {', '.join(rows)}." in after[:600], (title, rows)
