"""The statistics a run is told by, in the terminal report and in the book's difficulty
appendix alike: 95 % Wilson intervals of a win rate, what a precision costs in games, the
bracket of a clairvoyant run's verdicts, and a run's summary (rates, quartiles, bands).

Plain arithmetic on games already played or stored: the loader prints a stored run's figures
from it without loading the simulator, its players or the proof search.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion: sound at 0 %, 100 % and small n."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def half_width(successes: int, n: int) -> float:
    """Half the width of the 95 % Wilson interval: the "± points" a reader quotes."""
    low, high = wilson(successes, n)
    return (high - low) / 2


def games_for(half: float, rate: float) -> int:
    """The fewest games whose 95 % Wilson interval is at most ±`half` wide when the win rate
    is `rate`: what a run that wants that precision must cost (doubling, then bisection;
    the width shrinks as games are added at a fixed rate)."""
    def width(n: int) -> float:
        return half_width(round(rate * n), n)
    high = 1
    while width(high) > half:
        high *= 2
    low = high // 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if width(middle) <= half else (middle, high)
    return high


@dataclass(frozen=True)
class Bracket:
    """A clairvoyant run's verdicts, and what they say of the share of winnable deals.

    Undecided deals are neither won nor lost, so the share is given two ways: among the
    decided deals (won / (won + unwinnable), with its Wilson interval: unbiased only if the
    undecided deals are like the decided ones), and as a bracket over all deals that
    assumes nothing: at least won / N (every undecided deal lost), at most
    (won + undecided) / N (every one winnable), widened to the Wilson interval's low end
    of the first and high end of the second."""
    deals: int
    won: int
    unwinnable: int
    undecided: int

    @classmethod
    def of(cls, records) -> "Bracket":
        """The verdicts of played or stored games (the solo game's proof.py's `Verdict` values)."""
        return cls.counted([r.verdict for r in records])

    @classmethod
    def counted(cls, verdicts: list) -> "Bracket":
        return cls(len(verdicts), verdicts.count("won"), verdicts.count("unwinnable"),
                   verdicts.count("undecided"))

    @property
    def decided(self) -> int:
        return self.won + self.unwinnable

    def share(self, count: int) -> float:
        return count / self.deals if self.deals else 0.0

    @property
    def among_decided(self) -> tuple[float, float, float]:
        """won / decided, and its 95 % Wilson interval."""
        rate = self.won / self.decided if self.decided else 0.0
        return (rate, *wilson(self.won, self.decided))

    @property
    def bracket(self) -> tuple[float, float, float, float]:
        """won / N, (won + undecided) / N, and the 95 % Wilson ends around them."""
        most = self.won + self.undecided
        return (self.share(self.won), self.share(most), wilson(self.won, self.deals)[0],
                wilson(most, self.deals)[1])


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


def point_bands(points: dict[int, int], goal: int) -> list[tuple[str, int]]:
    """Final points in bands below the goal (of two points, wider for a goal above 20 so
    that there are about ten; the last band stops short of the goal), then the games that
    reached it: no score falls in two bands, whatever the goal."""
    width = max(2, -(-goal // 10))
    bands = []
    for low in range(0, goal, width):
        high = min(low + width - 1, goal - 1)
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


@dataclass(frozen=True)
class Played:
    """What a summary reads of a game: the simulator's `GameRecord` has these fields, and a
    stored game line (content/model.py's `GameLine`) is read into one."""
    won: bool
    points: int
    turns: int
    end_reason: str
    buildings: int = 0
    cpu: float = 0.0
    events: dict = field(default_factory=dict)
    verdict: str = ""


def summarise(records) -> Summary:
    """The figures of a run's games (`Played`, or anything with its fields)."""
    n = len(records)
    wins = sum(r.won for r in records)
    low, high = wilson(wins, n)
    events = Counter()
    for record in records:
        events.update(record.events)
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
    return summarise([Played(line.won, line.points, line.turns, line.end, line.buildings or 0,
                             line.cpu, {}, line.verdict or "") for line in lines])
