"""95 % Wilson intervals of a win rate, what a precision costs in games, and the bracket
of a clairvoyant run's verdicts: the arithmetic the difficulty appendix prints, apart from the
solver and the proof search, which a book's check and build do not load.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


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
        # the search's module, not needed to print a table
        from generator.simulate.proof import Verdict
        verdicts = [r.verdict for r in records]
        return cls(len(verdicts), verdicts.count(Verdict.WON.value),
                   verdicts.count(Verdict.UNWINNABLE.value),
                   verdicts.count(Verdict.UNDECIDED.value))

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
