"""The difficulty appendix as the built solo book's editor's dossier prints it: the bracket,
the undecided deals and every number of the stored runs."""

from __future__ import annotations

from generator.content.appendix import cpu_time
from pdfread import read_pdf
from rounding import half_up


def test_the_printed_appendix_shows_the_bracket_with_its_undecided_deals(built, stored_runs):
    """In the editor's dossier: the method, with every stored run's figures."""
    dossier = next(f for f in built("solo-catan").dossier if f.suffix == ".pdf")
    rows = _appendix_rows(dossier, stored_runs)
    runs = stored_runs.own_runs
    clairvoyant = stored_runs.run("clairvoyant")

    def es(share: float) -> str:
        return half_up(100 * share, "0.1", comma=True)
    assert rows["Partidas (repartos)"] == [str(r.games) for r in runs]
    assert rows["Semilla de la tirada"] == [str(r.seed) for r in runs]
    assert rows["Partidas ganadas"] == [f"{r.wins} ({es(r.win_rate)} %)" for r in runs]
    assert rows["Intervalo del 95 %"] == [f"{es(r.win_low)}–{es(r.win_high)} %" for r in runs]
    # a budget with what it counts, in the reader's language (stored as the engine words it)
    units = {"play-outs per decision": "partidas de prueba por decisión",
             "search nodes per deal": "nodos de búsqueda por reparto"}
    assert rows["Presupuesto de búsqueda"] == [
        f"{r.budget:,} {units[r.budget_unit]}".replace(",", ".") if r.budget else "—"
        for r in runs]
    # the bracket is the clairvoyant's alone, its undecided deals a row of their own; a deal
    # another player won counts as won (strong won two the search left undecided)
    bracket = stored_runs.winnable(clairvoyant)
    undecided = bracket.undecided
    assert undecided < clairvoyant.verdicts.undecided
    others = ["—"] * (len(runs) - 1)  # the clairvoyant is the last run
    assert rows["Repartos sin decidir que ningún jugador ganó"] == \
        others + [f"{undecided} ({es(undecided / clairvoyant.games)} %)"]
    won, most = bracket.won, bracket.won + undecided
    assert won > clairvoyant.verdicts.won
    assert rows["Repartos ganables, horquilla"] == \
        others + [f"{es(won / clairvoyant.games)}–{es(most / clairvoyant.games)} %"]
    assert rows["Tiempo de procesador por partida"] == \
        [" ".join(cpu_time(r.cpu_per_game, "es").split()) for r in runs]


def _appendix_rows(pdf_path, stored_runs) -> dict[str, list[str]]:
    """The appendix table as printed: row label → the players' cells, from every page the
    table runs over (its head repeated on each), and the smallest type on those pages."""
    rows, players = {}, [r.player for r in stored_runs.own_runs]
    with read_pdf(pdf_path) as pdf:
        for page in pdf.pages:
            for table in page.extract_tables():
                cells = [[" ".join((c or "").split()) for c in row] for row in table]
                if cells and cells[0][1:] == players:
                    rows.update({row[0]: row[1:] for row in cells[1:]})
                    sizes = {round(c["size"], 1) for c in page.chars}
                    assert min(sizes) >= 6.0, f"type under 6 pt: {sorted(sizes)}"
    assert rows, "the appendix table is in the book"
    return rows
