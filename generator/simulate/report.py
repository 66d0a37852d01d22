"""A run's report for the terminal (rich) and its data for the book's appendix."""

from __future__ import annotations

from rich.table import Table

from .runner import MAX_ACTIONS
from .stats import Summary, point_bands

EVENT_NAMES = {
    "coincidence": "coincidencias", "LoseCard": "cartas perdidas",
    "SacrificeHand": "manos sacrificadas", "UseKnight": "caballeros en juego",
    "knight-saved": "caballeros que salvan", "knight-failed": "caballeros que fallan",
    "knight-downgraded": "caballeros que bajan del caballo",
    "building-lost": "construcciones perdidas", "demolition": "cartas demolidas",
    "recycling": "series recicladas", "new-deck": "MDR nuevos (progreso o reciclaje)",
}


def summary_table(title: str, columns: dict[str, Summary]) -> Table:
    """One column per run (a comparison puts several side by side)."""
    table = Table(title=title, title_justify="left")
    table.add_column("")
    for name in columns:
        table.add_column(name, justify="right")

    def row(label, value):
        table.add_row(label, *(value(s) for s in columns.values()))

    row("partidas", lambda s: f"{s.games}")
    row("victorias", lambda s: f"{s.win_rate:.1%} ({s.win_low:.1%}–{s.win_high:.1%}, 95 %)")
    row("puntos, media", lambda s: f"{s.mean_points:.1f}")
    row("turnos, mediana (cuartiles)", lambda s: f"{s.median_turns:.0f} "
        f"({s.turn_quartiles[0]:.0f}–{s.turn_quartiles[2]:.0f})")
    row("bloqueado (sin acciones)", lambda s: f"{s.stuck_rate:.1%}")
    row("  … sin construcciones con que demoler", lambda s: f"{s.stuck_bare / s.games:.1%}")
    row("sin MDR ni salida", lambda s: f"{s.rate('exhausted'):.1%}")
    row(f"sin terminar ({MAX_ACTIONS:,} acciones)".replace(",", "."),
        lambda s: f"{s.rate('unfinished'):.1%}")
    for key, label in EVENT_NAMES.items():
        row(f"{label} por partida", lambda s, k=key: f"{s.events_per_game.get(k, 0):.2f}")
    return table


def points_table(title: str, columns: dict[str, Summary], goal: int) -> Table:
    """How final points spread, in bands of two up to the goal, per run."""
    table = Table(title=title, title_justify="left")
    table.add_column("puntos")
    for name in columns:
        table.add_column(name, justify="right")
    histograms = {name: point_bands(s.points, goal) for name, s in columns.items()}
    first = next(iter(histograms.values()))
    for k, (label, _) in enumerate(first):
        table.add_row(label, *(f"{h[k][1] / s.games:.1%}" for h, s in
                               zip(histograms.values(), columns.values())))
    return table
