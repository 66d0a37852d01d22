"""Whole games of the token economy (two-player Catan, 1-v-1 with coins) for
`rulebook simulate`.

The economy engine models who may pay, how much, and who gains tokens; it does not model the
board, the dice or the resources they produce, only how many resource cards each player
holds. To play whole games the simulation adds the one thing the engine leaves out, as a
stated assumption, not a rule: at the start of each turn the player to move receives a
random number of resource cards (`INCOME`), and each player starts with `START_CARDS`. Both
players are the same automatic player; the first to the book's goal (`game.goal`) wins.

So a run measures the token economy (how often each paid action is used, whether the first
player is favoured, how long the race to the goal is under these rules), not Catan itself.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

from generator.games.economy import EconomyGame
from generator.games.economy.game import ACTIONS, Act
from generator.errors import GeneratorError
from generator.examples.protocol import Outcome

#: Resource cards a player receives at the start of each of their turns, one drawn at random:
#: 1.5 on average, a rough figure for a two-player opening with two settlements each.
INCOME = (0, 1, 1, 2, 2, 3)
#: Resource cards in hand at the start: about what the second settlement of the set-up gives.
START_CARDS = 3
#: The counts the report prints per game: the paid actions and the knight discards.
COUNTED = ACTIONS + ("discard-knight",)


class SimulatedEconomy(EconomyGame):
    """An economy game with income at each turn's start and an end at the goal."""

    def __init__(self, rules, goal: int, seed: int):
        super().__init__(rules)
        self.goal = goal
        self.rng = random.Random(seed)
        self.turns = 1
        for player in self.players:
            player.cards = START_CARDS
        self._income()

    @property
    def over(self) -> bool:
        return max(p.points for p in self.players) >= self.goal

    def _income(self) -> None:
        self.me.cards += self.rng.choice(INCOME)

    def legal_actions(self) -> list[Act]:
        return [] if self.over else super().legal_actions()

    def push(self, act: Act) -> None:
        super().push(act)
        if act.verb == "end-turn":
            self.turns += 1
            self._income()

    def trial(self) -> "SimulatedEconomy":
        """A copy to try one action on: its own players, an empty log and a throwaway
        random generator, so trying never touches this game (and costs no deep copy of the
        whole log)."""
        other = copy.copy(self)
        other.players = [dataclasses.replace(p) for p in self.players]
        other.log = []
        other.rng = random.Random(0)
        return other


def deal(adapter, seed: int) -> SimulatedEconomy:
    game = adapter.book.components.game
    goal = game.goal if game is not None else None
    if not goal:
        raise GeneratorError(f"{adapter.book.slug}: a simulated game needs the points that "
                             "win it; expected game.goal in components.yaml")
    return SimulatedEconomy(adapter.rules, goal, seed)


def outcome(game: SimulatedEconomy) -> Outcome:
    """Won: the first player reached the goal first; points: the first player's."""
    used = Counter(entry for entry in game.log if entry in COUNTED)
    return Outcome(won=game.players[0].points >= game.goal, points=game.players[0].points,
                   turns=game.turns, end_reason="goal" if game.over else "",
                   events={verb: used[verb] for verb in COUNTED
                           if verb in game.rules.actions or verb == "discard-knight"})


class EconomyGreedy:
    """One move ahead for the player to move: the action after which *its own* points are
    highest, ties at random (the generic greedy player would count the first player's)."""

    name = "greedy"

    def choose(self, game: SimulatedEconomy, actions: list, rng: random.Random):
        me = game.current
        best, best_points = [], None
        for action in actions:
            after = game.trial()
            after.push(action)
            points = after.players[me].points
            if best_points is None or points > best_points:
                best, best_points = [action], points
            elif points == best_points:
                best.append(action)
        return rng.choice(best)
