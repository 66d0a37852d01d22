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


def _run_columns(title: str, columns: dict[str, Summary]):
    """A table with one column per run, and `row(label, value)` adding a line in which
    `value(summary)` fills each run's cell."""
    table = Table(title=title, title_justify="left")
    table.add_column("")
    for name in columns:
        table.add_column(name, justify="right")

    def row(label, value):
        table.add_row(label, *(value(s) for s in columns.values()))
    return table, row


def summary_table(title: str, columns: dict[str, Summary]) -> Table:
    """One column per run (a comparison puts several side by side)."""
    table, row = _run_columns(title, columns)

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
    return _bands_table(title, "puntos", columns,
                        {name: point_bands(s.points, goal) for name, s in columns.items()})


def _bands_table(title: str, head: str, columns: dict[str, Summary],
                 histograms: dict[str, list]) -> Table:
    """One row per band of points, one column per run: the share of its games in the band."""
    table = Table(title=title, title_justify="left")
    table.add_column(head)
    for name in columns:
        table.add_column(name, justify="right")
    first = next(iter(histograms.values()))
    for k, (label, _) in enumerate(first):
        table.add_row(label, *(f"{h[k][1] / s.games:.1%}" for h, s in
                               zip(histograms.values(), columns.values())))
    return table


# --- any engine's run (engines.py) --------------------------------------------------------

#: The generic report's words, in the book's language (the solo report above is Spanish,
#: as its one book).
WORDS = {
    "es": {"title": "{book}, jugador {player}, semilla {seed}", "games": "partidas",
           "wins": "victorias", "points": "puntos, media",
           "turns": "turnos, mediana (cuartiles)", "end": "fin: {reason}",
           "unfinished": "sin terminar ({actions} acciones)",
           "no-actions": "sin acciones sin haber terminado", "per_game": "{name} por partida",
           "titles": "títulos al final", "title_col": "título", "points_end": "puntos al final",
           "band": "puntos"},
    "en": {"title": "{book}, player {player}, seed {seed}", "games": "games", "wins": "wins",
           "points": "points, mean", "turns": "turns, median (quartiles)",
           "end": "end: {reason}", "unfinished": "unfinished ({actions} actions)",
           "no-actions": "no actions left before the end", "per_game": "{name} per game",
           "titles": "titles at the end", "title_col": "title", "points_end": "points at the end",
           "band": "points"},
}


def words_for(language: str) -> dict:
    return WORDS.get(language, WORDS["en"])


def outcome_table(title: str, columns: dict[str, Summary], language: str) -> Table:
    """Games, wins, points, length and how games ended, for an engine's run."""
    w = words_for(language)
    table, row = _run_columns(title, columns)

    row(w["games"], lambda s: f"{s.games}")
    row(w["wins"], lambda s: f"{s.win_rate:.1%} ({s.win_low:.1%}–{s.win_high:.1%}, 95 %)")
    row(w["points"], lambda s: f"{s.mean_points:.1f}")
    row(w["turns"], lambda s: f"{s.median_turns:.0f} "
        f"({s.turn_quartiles[0]:.0f}–{s.turn_quartiles[2]:.0f})")
    reasons = {}
    for summary in columns.values():
        for reason, n in summary.end_reasons.most_common():
            reasons.setdefault(reason, n)
    for reason in reasons:
        if reason == "unfinished":
            label = w["unfinished"].format(actions=f"{MAX_ACTIONS:,}".replace(
                ",", "." if language == "es" else ","))
        elif reason == "no-actions":
            label = w["no-actions"]
        else:
            label = w["end"].format(reason=reason)
        row(label, lambda s, r=reason: f"{s.rate(r):.1%}")
    events = sorted({k for s in columns.values() for k in s.events_per_game})
    for key in events:
        row(w["per_game"].format(name=key),
            lambda s, k=key: f"{s.events_per_game.get(k, 0):.2f}")
    return table


def titles_table(title: str, columns: dict[str, Summary], bands, language: str) -> Table:
    """How final points fall in the book's score table (`scores.yaml`), per run."""
    w = words_for(language)
    table = Table(title=title, title_justify="left")
    table.add_column(w["title_col"])
    table.add_column(w["band"])
    for name in columns:
        table.add_column(name, justify="right")
    for band in bands:
        def within(points: int, band=band) -> bool:
            return band.min <= points and (band.max is None or points <= band.max)
        span = f"{band.min}–{band.max}" if band.max is not None else f"≥{band.min}"
        table.add_row(band.title, span, *(
            f"{sum(n for p, n in s.points.items() if within(p)) / s.games:.1%}"
            for s in columns.values()))
    return table


def goal_bands(points: dict[int, int], goal: int) -> list[tuple[str, int]]:
    """Final points in bands below the goal (of two points, wider for a goal above 20 so
    that there are about ten; the last band stops short of the goal), then the games that
    reached it: no score falls in two bands, whatever the goal."""
    width = max(2, -(-goal // 10))
    bands = []
    for low in range(0, goal, width):
        high = min(low + width - 1, goal - 1)
        label = f"{low}–{high}" if high > low else f"{low}"
        bands.append((label, sum(n for p, n in points.items() if low <= p <= high)))
    bands.append((f"≥{goal}", sum(n for p, n in points.items() if p >= goal)))
    return bands


def goal_table(title: str, columns: dict[str, Summary], goal: int, language: str) -> Table:
    """How final points spread below the goal, per run (any engine's)."""
    return _bands_table(title, words_for(language)["band"], columns,
                        {name: goal_bands(s.points, goal) for name, s in columns.items()})
