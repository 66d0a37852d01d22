"""The solo game's automatic players: each picks one of the legal actions; none can break a
rule, because the engine offers only legal ones. Pluggable by name (`PLAYERS`)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from generator.games.solo_catan import Game
from generator.games.solo_catan.actions import (Continue, Demolish, EndRecycling, KnightPays,
                                                LibrarySwap, LoseCard, PayTownHall, PlaceLoose,
                                                Recycle, SacrificeHand, StartSeries, TradeMarket,
                                                TradeThree, UseKnight)
from generator.core.i18n import N_
from generator.examples.protocol import Budget
from generator.simulate.engines import RandomPlayer

# What a building is worth to the greedy player: points, plus what it unlocks.
VALUE = {"road": 1.0, "knight": 0.8, "settlement": 2.0, "city": 3.0}
EXPANSION_VALUE = 3.5


class GreedyPlayer:
    """Plays sensibly without looking ahead: continue series, start the building it has the
    cards for, defend completed series with knights, pay with the cheapest building."""

    name = "greedy"

    def choose(self, game: Game, actions: Sequence, rng: random.Random):
        decision = game.decision
        if decision == "coincidence":
            return self._coincidence(game, actions)
        if decision == "knight-pays":
            return KnightPays("knight") if game.knights and game.knights[-1] == "A" or \
                KnightPays("road") not in actions else KnightPays("road")
        if decision in ("discard-hand", "discard-market"):
            pile = game.hand if decision == "discard-hand" else game.market
            most = Counter(pile).most_common(1)[0][0]
            return next(a for a in actions if a.resource == most)
        if decision == "recycling":
            return self._cheapest(game, [a for a in actions if isinstance(a, Recycle)]) \
                or EndRecycling()
        return self._turn(game, actions, rng)

    def _coincidence(self, game: Game, actions: list):
        series = game.history[-1] if game.history else None
        at_stake = series is not None and series.complete
        knights = [a for a in actions if isinstance(a, UseKnight)]
        if at_stake and knights:
            return max(knights, key=lambda a: game.knights[a.index])  # horseback first
        if at_stake and series.target not in ("road", "knight") and len(game.hand) <= 3:
            return SacrificeHand()
        return LoseCard()

    def _cheapest(self, game: Game, actions: list):
        def cost(action):
            payment = action.payment
            if payment == "road":
                return 0.5 if game.roads and game.roads[-1] == "B" else 1.5
            return VALUE.get(payment, EXPANSION_VALUE)
        return min(actions, key=cost) if actions else None

    def _turn(self, game: Game, actions: list, rng: random.Random):
        pool = Counter(game.hand) + Counter(game.market)
        plain = [a for a in actions if isinstance(a, Continue) and a.as_resource is None]
        if plain:
            return plain[0]
        if PayTownHall() in actions:
            return PayTownHall()
        starts = [a for a in actions if isinstance(a, StartSeries)]
        if starts:
            return max(starts, key=lambda a: self._promise(game, a, pool))
        substitutes = [a for a in actions if isinstance(a, Continue)]
        if substitutes:
            return substitutes[0]
        trades = [a for a in actions if isinstance(a, (TradeMarket, LibrarySwap))
                  and self._wanted(game, a.take)]
        if trades:
            return trades[0]
        three = [a for a in actions if isinstance(a, TradeThree) and self._wanted(game, a.take)]
        if three:
            return three[0]
        loose = [a for a in actions if isinstance(a, PlaceLoose)]
        if loose:
            return max(loose, key=lambda a: pool[a.resource])
        demolish = [a for a in actions if isinstance(a, (Demolish, Recycle))]
        if demolish:
            return self._cheapest(game, demolish)
        return rng.choice(actions)

    def _promise(self, game: Game, action: StartSeries, pool: Counter) -> float:
        cost = game.rules.costs[action.target]
        need = Counter(cost) - pool
        missing = sum(need.values())
        value = VALUE.get(action.target, EXPANSION_VALUE)
        return value / (1 + 2 * missing) - (0.5 if action.as_resource else 0)

    def _wanted(self, game: Game, resource: str) -> bool:
        series = game.open_series
        if series is not None:
            return game.rules.costs[series.target][len(series.cards)] == resource
        return resource in game.rules.starters


def state_key(game: Game) -> tuple:
    """What a player sees of a position: everything but the order of the face-down MDR (kept
    as the multiset it is), the turn counter and the event tallies. Two positions with the same
    key offer the same actions and the same future, up to the MDR's order."""
    index = {id(s): i for i, s in enumerate(game.history)}
    stack = tuple((kind, index.get(id(payload), payload) if not isinstance(payload, (int, str))
                   else payload) for kind, payload in game.stack)
    return (tuple(sorted(game.deck)), tuple(sorted(game.discard)), len(game.removed),
            tuple(sorted(game.hand)), tuple(sorted(game.market)),
            tuple((s.target, tuple((c.resource, c.counts_as) for c in s.cards), s.complete,
                   s.built, s.university_used) for s in game.history),
            tuple(game.roads), tuple(game.knights), game.settlements, game.cities,
            tuple(game.expansions), game.town_hall_due, stack, tuple(game.demolished),
            game.library_used, tuple(sorted(game.market_given)), game.phase.value)


class PositionMemory:
    """The positions a player has already been in and what it did there. Back in a position,
    the actions it already took from it are set aside (while any other remains), so a
    deterministic player cannot go round the same loop for ever."""

    def __init__(self):
        self.tried: dict[tuple, set] = {}
        self.repeats = 0

    def untried(self, game: Game, actions: list) -> tuple[tuple, list]:
        key = state_key(game)
        done = self.tried.get(key)
        if not done:
            return key, actions
        self.repeats += 1
        fresh = [a for a in actions if a not in done]
        if not fresh:  # every action tried here: start over
            done.clear()
            fresh = actions
        return key, fresh

    def record(self, key: tuple, action) -> None:
        self.tried.setdefault(key, set()).add(action)


class AcyclicGreedyPlayer(GreedyPlayer):
    """The greedy player that does not repeat itself: back in a position it has already been
    in at the start of a turn, it plays greedy's choice among the actions it has not yet taken
    from there. Identical to `greedy` in every game where no position recurs."""

    name = "greedy-acyclic"

    def __init__(self):
        self.memory = PositionMemory()

    def choose(self, game: Game, actions: Sequence, rng: random.Random):
        if len(actions) == 1 or game.decision is not None:
            return super().choose(game, actions, rng)  # every loop passes through a turn
        key, fresh = self.memory.untried(game, actions)
        action = super().choose(game, fresh, rng)
        self.memory.record(key, action)
        return action


class ExpertPlayer(AcyclicGreedyPlayer):
    """A rule-based player as a practised one plays, with no search: it finishes the series it
    has open before it starts another (by the University, then a trade for the card it
    lacks), values roads for the hand and market they bring, keeps the Town Hall for last
    (its ore owed block new series, R11) unless it reaches the goal; like greedy it brings a
    knight out for any completed series at stake, and like `greedy-acyclic` it never takes
    the same action twice from a position it has been in. Its values were tuned on other
    deals than the book's stored runs (seed 1), then measured on them."""

    name = "expert"
    #: What a target is worth, divided by 1 + the cards it still lacks (hand and market).
    VALUES = {"road": 3.0, "knight": 0.8, "settlement": 2.0, "city": 3.0, "library": 3.0,
              "university": 4.0, "town_hall": 0.5}
    OTHER_EXPANSION = 3.0
    WINS = 100.0  # an expansion whose points reach the goal, above anything else

    def rule_choice(self, game: Game, actions: Sequence, rng: random.Random):
        """Its rules' choice among `actions`, remembering nothing (the strong player's
        anchor: strong.py)."""
        return GreedyPlayer.choose(self, game, actions, rng)

    def _turn(self, game: Game, actions: list, rng: random.Random):
        plain = [a for a in actions if isinstance(a, Continue) and a.as_resource is None]
        if plain:
            return plain[0]
        if PayTownHall() in actions:
            return PayTownHall()
        series = game.open_series
        if series is not None:  # finish it: the University, else trade for the card it lacks
            need = game.rules.costs[series.target][len(series.cards)]
            for kind in (Continue, TradeMarket, LibrarySwap, TradeThree):
                found = [a for a in actions if isinstance(a, kind)
                         and (kind is Continue or a.take == need)]
                if found:
                    return found[0]
        return super()._turn(game, actions, rng)

    def _promise(self, game: Game, action: StartSeries, pool: Counter) -> float:
        missing = sum((Counter(game.rules.costs[action.target]) - pool).values())
        target = action.target
        points = game.rules.expansion_points.get(target)
        if points is not None and game.points + points >= game.rules.goal:
            value = self.WINS + points
        else:
            value = self.VALUES.get(target, self.OTHER_EXPANSION)
        return value / (1 + missing) - (0.5 if action.as_resource else 0)


def _strong(**options):
    from generator.games.solo_catan.strong import StrongPlayer
    return StrongPlayer(**options)


def _clairvoyant(**options):
    from generator.games.solo_catan.solver import ClairvoyantPlayer
    return ClairvoyantPlayer(**options)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "greedy-acyclic": AcyclicGreedyPlayer,
           "expert": ExpertPlayer, "strong": _strong, "clairvoyant": _clairvoyant}
#: The players whose strength `--budget` sets, each with its default (strong.py, solver.py
#: read theirs here), the most a command may ask (`--budget 10**12` made the strong player
#: list a trillion play-out seeds for its first decision) and its unit.
BUDGETS = {"strong": Budget(64, 10_000, N_("play-outs per decision")),
           "clairvoyant": Budget(200_000, 2_000_000, N_("search nodes per deal"))}


def make_player(name: str, budget: int | None = None):
    if name in BUDGETS and budget is not None:
        return PLAYERS[name](budget=budget)
    return PLAYERS[name]()
