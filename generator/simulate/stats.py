"""Statistics of a run, as a designer reads them."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass

from generator.simulate.intervals import wilson
from generator.simulate.runner import GameRecord, events_total


@dataclass(frozen=True)
class Summary:
    games: int
    wins: int
    win_low: float
    win_high: float
    points: Counter
    mean_points: float
    median_turns: float
    mean_turns: float
    turn_quartiles: tuple[float, float, float]
    end_reasons: Counter
    events_per_game: dict
    stuck_bare: int = 0  # stuck games that had no building left to pay a demolition
    point_quartiles: tuple[float, float, float] = (0.0, 0.0, 0.0)
    cpu_seconds: float = 0.0  # the run's CPU time, all games (measured, not reproducible)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def rate(self, end_reason: str) -> float:
        return self.end_reasons.get(end_reason, 0) / self.games if self.games else 0.0

    @property
    def stuck_rate(self) -> float:
        return self.rate("stuck")


def turn_bands(turns: list[int], width: int = 10) -> dict[int, int]:
    """Game lengths in bands of `width` turns: the band's first turn → games in it."""
    return dict(sorted(Counter(t // width * width for t in turns).items()))


def point_bands(points: dict[int, int], goal: int) -> list[tuple[str, int]]:
    """Final points in bands of two up to the goal, then the games that reached it; below
    an odd goal the last band is one point wide, so no game is counted twice."""
    bands = []
    for low in range(0, goal, 2):
        high = min(low + 1, goal - 1)
        bands.append((f"{low}–{high}" if high > low else f"{low}",
                      sum(n for p, n in points.items() if low <= p <= high)))
    bands.append((f"≥{goal}", sum(n for p, n in points.items() if p >= goal)))
    return bands


def quartiles(values: list[int]) -> tuple[float, float, float]:
    """First quartile, median and third quartile (the "exclusive" method, as the stored
    runs' turn quartiles), kept within the values: on a few games the method reaches past
    them (−1 points out of 0 and 4)."""
    if not values:
        return 0.0, 0.0, 0.0
    if len(values) < 2:
        return (float(values[0]),) * 3
    low, high = min(values), max(values)
    return tuple(min(high, max(low, q)) for q in statistics.quantiles(values, n=4))


def summarise(records: list[GameRecord]) -> Summary:
    n = len(records)
    wins = sum(r.won for r in records)
    low, high = wilson(wins, n)
    events = events_total(records)
    return Summary(
        games=n, wins=wins, win_low=low, win_high=high,
        points=Counter(r.points for r in records),
        mean_points=statistics.fmean(r.points for r in records) if n else 0.0,
        median_turns=statistics.median(r.turns for r in records) if n else 0.0,
        mean_turns=statistics.fmean(r.turns for r in records) if n else 0.0,
        turn_quartiles=quartiles([r.turns for r in records]),
        end_reasons=Counter(r.end_reason for r in records),
        events_per_game={k: v / n for k, v in sorted(events.items())} if n else {},
        stuck_bare=sum(r.end_reason == "stuck" and not r.buildings for r in records),
        point_quartiles=quartiles([r.points for r in records]),
        cpu_seconds=sum(r.cpu for r in records),
    )


def summarise_lines(lines) -> Summary:
    """A stored run's figures (`model.GameLine`s of difficulty.yaml), by `summarise` as the
    terminal report's: the book prints nothing of a run but what its games give (the
    events are not stored: a line's digest vouches for them)."""
    return summarise([GameRecord(line.seed, line.won, line.points, line.turns, line.actions,
                                 line.end, {}, line.buildings or 0, line.cpu,
                                 line.verdict or "") for line in lines])
