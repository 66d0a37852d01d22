"""The shipped base book as built states the corrected cost, and leaves the correction to
the dossier: a player reads the cost, not an erratum of a source they never saw."""

from __future__ import annotations

from pdfread import ReadPdf, printed_rows


def test_the_shipped_base_book_states_the_corrected_cost(built):
    pdf = built("catan-base").files[0]
    # A two-column sheet (layout: sheet), read column by column.
    text = " ".join(" ".join(ReadPdf(pdf).column_texts).split())
    # no order: no arrows
    assert printed_rows(pdf)["Poblado"][:2] == ["1 arcilla, 1 madera, 1 lana, 1 cereal", "1"]
    assert "El coste del poblado" not in text and "resumen de origen" not in text
    dossier = " ".join(" ".join(ReadPdf(next(f for f in built("catan-base").dossier
                                             if f.suffix == ".pdf")).column_texts).split())
    assert "R04. El coste del poblado" in dossier
