"""The numbers the engine plays by, read from the book's components.yaml.

Costs, counts, points and the goal are data: the engine and the book cannot disagree,
because both read them from the same file.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from generator.content.model import Components
from generator.engine import need

ROAD, KNIGHT, SETTLEMENT, CITY, EXPANSION = "road", "knight", "settlement", "city", "expansion"
ENGINE = "solo-catan"  # its name in book.yaml and in its adapter (`needs`)


@dataclass(frozen=True)
class Ruleset:
    resources: tuple[str, ...]
    resource_counts: dict[str, int]
    costs: dict[str, tuple[str, ...]]          # target id (building or expansion) → cost
    building_counts: dict[str, int]           # road, knight, settlement (cards), expansion
    face_points: dict[str, dict[str, int]]    # road/knight → face letter → points
    settlement_points: int
    city_points: int
    expansion_points: dict[str, int]
    expansion_extra: dict[str, tuple[str, ...]]
    road_bonuses: tuple[tuple[int, int, int], ...]  # (a_roads, hand, market)
    hand_size: int
    market_size: int
    goal: int
    demolition_limit: int
    # R09 reads the University as one substitution per series; a designer can compare the
    # looser reading (any number) with `rulebook simulate --compare university_unlimited=…`.
    university_unlimited: bool = False
    # R07 follows both sentences of the author's reply: loose cards only when no card of the
    # hand can start a series. The first edition let a brick or ore go loose after any series
    # end; `--compare loose_anytime=false,true` shows what that reading changes.
    loose_anytime: bool = False
    # R11 forbids only a new series while the Town Hall's ore are owed, and R19 wins at the
    # goal: a Town Hall built last wins with its ore unpaid. `--compare
    # town_hall_paid_first=false,true` shows what a stricter reading (the goal counts once
    # the ore are paid) changes.
    town_hall_paid_first: bool = False
    # Derived once: a random playout asks these thousands of times a second.
    starters: frozenset = field(init=False, repr=False, compare=False)
    enders: frozenset = field(init=False, repr=False, compare=False)
    _by_starter: dict = field(init=False, repr=False, compare=False)
    _limits: tuple = field(init=False, repr=False, compare=False)
    _deck: tuple = field(init=False, repr=False, compare=False)
    # What games asked and were answered, per facts (`Game._table`, `_hand` with the memos of
    # each kinds of hand, `_demolition_offers`, `_trade_offers`, `can_progress`): the same few
    # tables, hands, series and markets recur in every game.
    # Filled as games play, never compared, never pickled (a worker process fills its own).
    memo: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # frozen: derived fields are written once, here
        set_(self, "memo", _empty_memo())
        set_(self, "starters", frozenset(cost[0] for cost in self.costs.values()))
        set_(self, "enders", frozenset(cost[-1] for cost in self.costs.values()))
        set_(self, "_by_starter", {r: tuple(t for t, cost in self.costs.items() if cost[0] == r)
                                   for r in self.resources})
        table = []
        for a_roads in range(self.building_counts[ROAD] + 1):
            best = (self.hand_size, self.market_size)
            for count, hand, market in self.road_bonuses:
                if count <= a_roads:
                    best = (hand, market)
            table.append(best)
        set_(self, "_limits", tuple(table))
        set_(self, "_deck", tuple(r for r in self.resources
                                  for _ in range(self.resource_counts[r])))

    def __getstate__(self) -> dict:
        return {name: value for name, value in self.__dict__.items() if name != "memo"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        object.__setattr__(self, "memo", _empty_memo())

    @classmethod
    def from_components(cls, c: Components) -> "Ruleset":
        """The book's numbers; the loader has refused a book without the parameters and
        buildings its adapter declares (games/solo_catan/adapter.py, `needs`)."""
        b = {x.id: x for x in c.buildings}
        costs = {bid: tuple(x.cost) for bid, x in b.items() if bid != EXPANSION}
        for e in c.expansions:
            costs[e.id] = tuple(b[EXPANSION].cost)
        return cls(
            resources=tuple(r.id for r in c.resources),
            resource_counts={r.id: r.count for r in c.resources},
            costs=costs,
            building_counts={ROAD: b[ROAD].count, KNIGHT: b[KNIGHT].count,
                             SETTLEMENT: b[SETTLEMENT].count, EXPANSION: len(c.expansions)},
            face_points={k: {f.letter: f.points for f in b[k].faces} for k in (ROAD, KNIGHT)},
            settlement_points=b[SETTLEMENT].points,
            city_points=b[CITY].points,
            expansion_points={e.id: e.points for e in c.expansions},
            expansion_extra={e.id: tuple(e.extra_cost) for e in c.expansions},
            road_bonuses=tuple((x["a_roads"], x["hand"], x["market"]) for x in c.road_bonuses),
            hand_size=need(c.game, ENGINE, "hand_size"),
            market_size=need(c.game, ENGINE, "market_size"),
            goal=need(c.game, ENGINE, "goal"),
            demolition_limit=need(c.game, ENGINE, "demolition_limit"),
        )

    @property
    def expansions(self) -> tuple[str, ...]:
        return tuple(self.expansion_points)

    def targets_starting_with(self, resource: str) -> tuple[str, ...]:
        return self._by_starter[resource]

    def limits(self, a_roads: int) -> tuple[int, int]:
        """(hand size, market size) for a number of roads showing face A (§ Carreteras)."""
        return self._limits[a_roads]

    @property
    def deck(self) -> list[str]:
        """Every card of the game, resource by resource in the book's order (a new list)."""
        return list(self._deck)


#: `--compare goal=…` at most this goal: `goal=10**9` drew a table of 500 million bands.
MAX_GOAL = 100


def _goal(text: str) -> int:
    try:
        goal = int(text)
    except ValueError:
        goal = None
    if goal is None or not 1 <= goal <= MAX_GOAL:
        raise ValueError(f"goal {text[:20]} cannot be played; expected goals from 1 to "
                         f"{MAX_GOAL} points")
    return goal


def _flag(text: str) -> bool:
    if text.lower() not in ("true", "false", "yes", "no", "1", "0"):
        raise ValueError(f"{text[:20]!r} is not a reading; expected true or false")
    return text.lower() in ("true", "yes", "1")


#: The rule parameters `--compare` can change, each with how its values are read: the goal,
#: and each reading of the rulings that change the game (R09's University, R07's loose cards,
#: R11's Town Hall ore owed at the goal). A stored run records them (difficulty.yaml).
COMPARABLE = {"goal": _goal, "university_unlimited": _flag, "loose_anytime": _flag,
              "town_hall_paid_first": _flag}
#: The readings alone, with the book's value of each (the Ruleset's default).
READINGS = {f.name: f.default for f in fields(Ruleset)
            if f.name in COMPARABLE and f.name != "goal"}


def _empty_memo() -> dict[str, dict]:
    return {name: {} for name in ("table", "hand", "kinds", "demolition", "three",
                                 "library", "progress")}
