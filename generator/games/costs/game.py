"""Paying for buildings from a hand of resources, for rule sets whose book is a summary
(base Catan): the worked examples check that each cost in the book adds up."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from generator.errors import IllegalAction


@dataclass(frozen=True)
class Build:
    building: str

    def __str__(self) -> str:
        return f"build {self.building}"


@dataclass(frozen=True)
class BankTrade:
    give: str
    take: str

    def __str__(self) -> str:
        return f"trade {self.give} {self.take}"


@dataclass
class CostsGame:
    costs: dict[str, tuple[str, ...]]
    points: dict[str, int]
    bank_rate: int = 4
    hand: Counter = field(default_factory=Counter)
    built: Counter = field(default_factory=Counter)

    @property
    def score(self) -> int:
        return sum(self.points.get(b, 0) * n for b, n in self.built.items())

    def legal_actions(self) -> list:
        acts: list = [Build(b) for b, cost in self.costs.items()
                      if not Counter(cost) - self.hand]
        for give, n in sorted(self.hand.items()):
            if n >= self.bank_rate:
                acts += [BankTrade(give, take) for take in sorted(self._resources())
                         if take != give]
        return acts

    def _resources(self) -> set[str]:
        return {r for cost in self.costs.values() for r in cost}

    def push(self, action) -> None:
        if action not in self.legal_actions():
            raise self._explain(action)
        if isinstance(action, Build):
            self.hand -= Counter(self.costs[action.building])
            self.built[action.building] += 1
        else:
            self.hand[action.give] -= self.bank_rate
            self.hand[action.take] += 1
        self.hand = +self.hand  # drop zero counts

    def _explain(self, action) -> IllegalAction:
        if isinstance(action, Build):
            if action.building not in self.costs:
                return IllegalAction(action, "unknown-building", "construir",
                                     f"one of {', '.join(self.costs)}", action.building)
            missing = Counter(self.costs[action.building]) - self.hand
            return IllegalAction(action, "missing-resources", "construir",
                                 f"{', '.join(self.costs[action.building])}",
                                 f"short of {', '.join(sorted(missing.elements()))}")
        return IllegalAction(action, "cannot-trade", "tu-turno",
                             f"{self.bank_rate} equal cards to give", f"{self.hand[action.give]}")
