"""A run's report for the terminal (rich) and its data for the book's appendix.

Its words are messages of the gettext catalogs (generator/locale/), in the book's language."""

from __future__ import annotations

from typing import Mapping

from babel.numbers import format_decimal
from rich.table import Table

from generator.core.i18n import N_, Translator, decimal, percent, translator
from generator.content.appendix import cpu_time, quartiles, span
from generator.content.model import MAX_ACTIONS
from generator.core.stats import Summary, point_bands

#: How a game ended, when the engine names it no other way (`Simulation.end_names`).
END_REASONS = {"goal": N_("goal reached")}


def end_words(reason: str, ends: Mapping[str, str], t: Translator) -> str:
    """A game's end reason in words: the engine's name for it (`Simulation.end_names`), the
    report's own (`END_REASONS`), or the reason as it is."""
    ends = {**END_REASONS, **ends}
    return t.gettext(ends[reason]) if reason in ends else reason


def unfinished_label(language: str) -> str:
    """ "sin terminar (20.000 acciones)": games cut off by the runner's action limit."""
    return translator(language).gettext("unfinished ({actions} actions)").format(
        actions=format_decimal(MAX_ACTIONS, locale=language))


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


def _head_rows(row, t: Translator) -> None:
    """The rows every report starts with: games, wins, points, length, CPU time."""
    language = t.language
    row(t.gettext("games"), lambda s: format_decimal(s.games, locale=language))
    # Translators: a cell reads "1 (0,2 %; 0,0–1,4 %)": wins, their share, the interval.
    row(t.gettext("wins (share; 95 % interval)"), lambda s: (
        f"{format_decimal(s.wins, locale=language)} ({percent(s.win_rate, language)}; "
        f"{span(s.win_low, s.win_high, language)})"))
    row(t.gettext("points, median (quartiles)"),
        lambda s: quartiles(s.point_quartiles, language))
    row(t.gettext("points, mean"), lambda s: decimal(s.mean_points, language))
    row(t.gettext("turns, median (quartiles)"), lambda s: quartiles(s.turn_quartiles, language))
    # Translators: a cell reads "8,4 s (14,0 min)": CPU time per game, then the whole run's.
    row(t.gettext("CPU time per game (whole run)"), lambda s: (
        f"{cpu_time(s.cpu_seconds / s.games, language)} "
        f"({cpu_time(s.cpu_seconds, language)})" if s.games else "—"))


def verdict_table(title: str, columns: dict, language: str) -> Table:
    """The verdicts of a player that proves its deals (`stats.Bracket` per run): won, proved
    unwinnable and undecided deals, then the share of winnable deals among the decided ones
    and as a bracket over all of them. The undecided share is always a row of its own."""
    t = translator(language)
    table, row = _run_columns(title, columns)

    def count(n: int, b) -> str:
        return f"{format_decimal(n, locale=language)} ({percent(b.share(n), language)})"

    def among(b) -> str:
        rate, low, high = b.among_decided
        return (f"{percent(rate, language)} ({span(low, high, language)})" if b.decided
                else "—")

    def bracket(b) -> str:
        least, most, _, _ = b.bracket
        return span(least, most, language)

    def widened(b) -> str:
        _, _, low, high = b.bracket
        return span(low, high, language)

    row(t.gettext("deals"), lambda b: format_decimal(b.deals, locale=language))
    row(t.gettext("won (line replayed)"), lambda b: count(b.won, b))
    row(t.gettext("proved unwinnable"), lambda b: count(b.unwinnable, b))
    row(t.gettext("undecided (budget spent)"), lambda b: count(b.undecided, b))
    # Translators: won / (won + proved unwinnable), with its 95 % interval.
    row(t.gettext("winnable among decided (95 % interval)"), among)
    # Translators: from won / all deals to (won + undecided) / all deals.
    row(t.gettext("winnable, bracket"), bracket)
    # Translators: a row under "winnable, bracket": its ends widened to 95 % intervals.
    row(t.gettext("  … widened to 95 %"), widened)
    return table


def _bands_table(title: str, head: str, columns: dict[str, Summary],
                 histograms: dict[str, list], language: str) -> Table:
    """One row per band of points, one column per run: the share of its games in the band."""
    table = Table(title=title, title_justify="left")
    table.add_column(head)
    for name in columns:
        table.add_column(name, justify="right")
    first = next(iter(histograms.values()))
    for k, (label, _) in enumerate(first):
        table.add_row(label, *(percent(h[k][1] / s.games, language) for h, s in
                               zip(histograms.values(), columns.values())))
    return table


def outcome_table(title: str, columns: dict[str, Summary], language: str,
                  ends: Mapping[str, str] = {}, events: Mapping[str, str] = {}) -> Table:
    """Games, wins, points, length, how games ended and the events per game, for a run of
    any engine. `ends` and `events` are the engine's names (`N_` messages) of its end
    reasons and events: an engine that names its events has a row for each it names that a
    game met (its other counts are its own business), in its order; one that does not, a
    row for each event, as it is."""
    t = translator(language)
    table, row = _run_columns(title, columns)
    _head_rows(row, t)
    reasons = {}
    for summary in columns.values():
        for reason, n in summary.end_reasons.most_common():
            reasons.setdefault(reason, n)
    for reason in reasons:
        if reason == "unfinished":
            label = unfinished_label(language)
        elif reason == "no-actions":
            label = t.gettext("no actions left before the end")
        else:
            label = t.gettext("end: {reason}").format(reason=end_words(reason, ends, t))
        row(label, lambda s, r=reason: percent(s.rate(r), language))
    seen = {k for s in columns.values() for k in s.events_per_game}
    for key in [k for k in events if k in seen] if events else sorted(seen):
        name = t.gettext(events[key]) if events else key
        row(t.gettext("{name} per game").format(name=name),
            lambda s, k=key: decimal(s.events_per_game.get(k, 0), language, 2))
    return table


def titles_table(title: str, columns: dict[str, Summary], bands, language: str) -> Table:
    """How final points fall in the book's score table (`scores.yaml`), per run."""
    t = translator(language)
    table = Table(title=title, title_justify="left")
    table.add_column(t.gettext("title"))
    table.add_column(t.gettext("points"))
    for name in columns:
        table.add_column(name, justify="right")
    for band in bands:
        span = f"{band.min}–{band.max}" if band.max is not None else f"≥{band.min}"
        table.add_row(band.title, span, *(
            percent(sum(n for p, n in s.points.items() if band.holds(p)) / s.games, language)
            for s in columns.values()))
    return table


def goal_table(title: str, columns: dict[str, Summary], goal: int, language: str) -> Table:
    """How final points spread below the goal, per run (any engine's)."""
    return _bands_table(title, translator(language).gettext("points"), columns,
                        {name: point_bands(s.points, goal) for name, s in columns.items()},
                        language)
