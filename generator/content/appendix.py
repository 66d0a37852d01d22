"""The difficulty appendix's table: every stored run side by side (difficulty.yaml), as
Markdown in the book's language, for `{{ difficulty_table() }}` in the chapter.

The table is built here, not written in the chapter, so both editions print the same rows
from the same numbers and only the words differ (gettext catalogs, generator/locale/). What
it prints is what the runs measured and nothing else: each win rate with its 95 % Wilson
interval and that interval's half-width, the clairvoyant's undecided deals as a row of their
own, the seeds, game counts, budgets and CPU time, and what a run of ±5 or ±2 points would
cost at the CPU time measured.
"""

from __future__ import annotations

from babel.numbers import format_decimal

from generator.content.model import MAX_ACTIONS, Difficulty, PlayerRun
from generator.core.i18n import decimal, percent, translator
from generator.core.stats import games_for

#: The interval half-widths whose cost the table prints, in points (issue: ±5; a cluster: ±2).
TARGETS = (0.05, 0.02)
NONE = "—"


def cpu_time(seconds: float, language: str) -> str:
    """CPU time in the unit a reader compares: "0,005 s", "12,3 min", "3,4 h" (a no-break
    space keeps the unit on the number's line)."""
    if seconds < 0.1:
        return f"{decimal(seconds, language, 3)}\u00a0s"
    if seconds < 120:
        return f"{decimal(seconds, language, 1)}\u00a0s"
    if seconds < 2 * 3600:
        return f"{decimal(seconds / 60, language, 1)}\u00a0min"
    return f"{decimal(seconds / 3600, language, 1)}\u00a0h"


def span(low: float, high: float, language: str) -> str:
    """ "0,0–1,4 %": a range of shares, the sign once (the low end a bare number)."""
    return f"{decimal(100 * low, language)}–{percent(high, language)}"


def quartiles(values: tuple[float, float, float], language: str) -> str:
    """ "76 (65–96)": a median with its quartiles, as the language writes numbers."""
    first, median, third = (decimal(q, language, 0) for q in values)
    return f"{median} ({first}–{third})"


class _Cells:
    """The cells of one run's column, each a method named after its row."""

    def __init__(self, run: PlayerRun, language: str, bracket=None):
        self.run, self.language = run, language
        self.t = translator(language)
        self.bracket = bracket  # a Bracket (Difficulty.winnable), None without verdicts

    def number(self, value: int) -> str:
        return format_decimal(value, locale=self.language)

    def budget(self) -> str:
        if self.run.budget is None:
            return NONE
        unit = self.run.budget_unit
        return self.number(self.run.budget) + (f" {self.t.gettext(unit)}" if unit else "")

    def wins(self) -> str:
        return f"{self.number(self.run.wins)} ({percent(self.run.win_rate, self.language)})"

    def interval(self) -> str:
        return span(self.run.win_low, self.run.win_high, self.language)

    def half_width(self) -> str:
        return self.t.gettext("±{points} percentage points").format(
            points=decimal(100 * self.run.half_width, self.language))

    def verdict(self, count: str) -> str:
        if self.bracket is None:
            return NONE
        n = getattr(self.bracket, count)
        return f"{self.number(n)} ({percent(self.bracket.share(n), self.language)})"

    def winnable(self, widened: bool) -> str:
        """won/N … (won + undecided)/N, or its ends widened to their 95 % intervals."""
        if self.bracket is None:
            return NONE
        least, most, low, high = self.bracket.bracket
        return span(low, high, self.language) if widened else \
            span(least, most, self.language)

    def share(self, name: str) -> str:
        return percent(getattr(self.run, name), self.language)

    def turns(self) -> str:
        return quartiles(self.run.turn_quartiles, self.language)

    def cost(self, half: float) -> str:
        """Games for a Wilson interval of ±`half` at the rate measured, and their CPU time
        at the CPU per game measured."""
        games = games_for(half, self.run.win_rate)
        return (f"{self.number(games)} · "
                f"{cpu_time(games * self.run.cpu_per_game, self.language)}")


def _rows(language: str) -> list[tuple[str, object]]:
    """(label, cell of a run) for each row, in order."""
    t = translator(language)
    limit = format_decimal(MAX_ACTIONS, locale=language)
    rows = [
        (t.gettext("games (deals)"), lambda c: c.number(c.run.games)),
        (t.gettext("seed of the run"), lambda c: f"{c.run.seed}"),
        (t.gettext("search budget"), _Cells.budget),
        (t.gettext("games won"), _Cells.wins),
        (t.gettext("95 % interval"), _Cells.interval),
        (t.gettext("half-width of the interval"), _Cells.half_width),
        (t.gettext("deals proved unwinnable"), lambda c: c.verdict("unwinnable")),
        # Translators: undecided by the clairvoyant's search, and won by no stored player.
        (t.gettext("deals undecided, won by no player"), lambda c: c.verdict("undecided")),
        # Translators: from won/all deals (won by the clairvoyant or any other player) to
        # (won + undecided)/all deals.
        (t.gettext("winnable deals, bracket"), lambda c: c.winnable(False)),
        # Translators: a row under "winnable deals, bracket": its ends widened to 95 %.
        (t.gettext("bracket widened to 95 %"), lambda c: c.winnable(True)),
        (t.gettext("ended with no resource deck and no progress"),
         lambda c: c.share("exhausted_rate")),
        (t.gettext("ended with no possible action"), lambda c: c.share("stuck_rate")),
        (t.gettext("cut short at {actions} actions").format(actions=limit),
         lambda c: c.share("unfinished_rate")),
        (t.gettext("points at the end, mean"),
         lambda c: decimal(c.run.mean_points, language)),
        (t.gettext("turns, median (quartiles)"), _Cells.turns),
        (t.gettext("processor time per game"),
         lambda c: cpu_time(c.run.cpu_per_game, language)),
        (t.gettext("processor time, the whole run"),
         lambda c: cpu_time(c.run.cpu_seconds, language)),
    ]
    for half in TARGETS:
        # Translators: games a run needs for a ±N-point interval, and their processor time.
        label = t.gettext("games for ±{points} percentage points, processor time").format(
            points=decimal(100 * half, language, 0))
        rows.append((label, lambda c, half=half: c.cost(half)))
    return rows


def difficulty_table(difficulty: Difficulty, language: str) -> str:
    """The stored runs side by side, one column per player, as a Markdown table."""
    runs = difficulty.own_runs
    cells = [_Cells(run, language, difficulty.winnable(run)) for run in runs]
    # Translators: the head of the appendix table's first column, over the players' names.
    head = translator(language).gettext("Player")
    lines = [f"| {head} | " + " | ".join(run.player for run in runs) + " |",
             "|---|" + "---|" * len(cells)]
    for label, cell in _rows(language):
        lines.append(f"| {label[:1].upper()}{label[1:]} | " + " | ".join(cell(c) for c in cells)
                     + " |")
    return "\n".join(lines)
