"""A clairvoyant bound: how often could a deal be won at all?

The solver sees the whole deal: it searches a copy of the game WITH its random generator
(`Game.copy()`), so every draw and every future reshuffle is known, and the game is a
deterministic puzzle. It runs a nested Monte Carlo search (level 1: at each step every
action is followed by a greedy play-out and the best sequence found so far is followed;
level 2: the same with level-1 searches instead of play-outs) within a node budget (actions
pushed), and stops at the first win. A win found is a proof: the sequence is replayed on the
real game. A deal without a win found is *undecided*, not lost: nothing here proves that no
win exists.

`ClairvoyantPlayer` (`--player clairvoyant`, `--budget` nodes per deal) searches at its first
decision and then plays the sequence found (the best one when there is no win), so a run's
win rate is a lower bound on the share of winnable deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine.solo import Game
from .players import AcyclicGreedyPlayer, GreedyPlayer

DEFAULT_NODES = 200_000
HORIZON = 400  # actions per play-out at most


class _OutOfNodes(Exception):
    pass


@dataclass
class SearchResult:
    won: bool
    points: int                      # the most points reached by the best sequence
    actions: list = field(default_factory=list)
    nodes: int = 0

    @property
    def verdict(self) -> str:
        return "won" if self.won else "undecided"


class _Search:
    def __init__(self, nodes: int):
        self.limit = nodes
        self.nodes = 0
        self.greedy = GreedyPlayer()

    def push(self, game: Game, action) -> None:
        if self.nodes >= self.limit:
            raise _OutOfNodes
        self.nodes += 1
        game.push(action)

    def playout(self, game: Game) -> tuple[int, list]:
        """Greedy to the end (deterministic: its generator is seeded the same every time);
        the most points reached and the actions up to that point."""
        rng = random.Random(0)
        best, upto, seq = game.points, 0, []
        while not game.is_over() and len(seq) < HORIZON:
            action = self.greedy.choose(game, game.legal_actions(), rng)
            self.push(game, action)
            seq.append(action)
            if game.points > best:
                best, upto = game.points, len(seq)
        return best, seq[:upto] if not game.is_over() or game.phase.value != "won" else seq

    def nested(self, game: Game, level: int) -> tuple[int, list]:
        """Nested Monte Carlo search from `game` (which it plays on)."""
        goal = game.rules.goal
        best, best_seq, played = game.points, [], []
        reached = game.points
        try:
            while not game.is_over():
                for action in game.legal_actions():
                    sim = game.copy()
                    self.push(sim, action)
                    if level <= 1:
                        score, tail = self.playout(sim)
                    else:
                        score, tail = self.nested(sim, level - 1)
                    score = max(score, sim.points, reached)
                    if score > best or not best_seq and len(played) == 0 and score >= best:
                        best, best_seq = score, played + [action] + tail
                    if best >= goal:
                        return best, best_seq
                if len(best_seq) <= len(played):
                    break  # nothing ahead beats what was already reached
                action = best_seq[len(played)]
                self.push(game, action)
                played.append(action)
                reached = max(reached, game.points)
        except _OutOfNodes:
            pass
        return best, best_seq


def solve(game: Game, nodes: int = DEFAULT_NODES, level: int = 2) -> SearchResult:
    """Search for a win in `game` (not changed), levels 1 then `level`, within `nodes`."""
    search = _Search(nodes)
    best = SearchResult(False, game.points, [], 0)
    for depth in range(1, level + 1):
        points, actions = search.nested(game.copy(), depth)
        if points > best.points or not best.actions:
            best = SearchResult(False, points, actions, search.nodes)
        if points >= game.rules.goal or search.nodes >= search.limit:
            break
    best.nodes = search.nodes
    best.won = verify(game, best.actions)
    return best


def verify(game: Game, actions: list) -> bool:
    """Replay `actions` on a copy of the real game (with its generator): a win?"""
    sim = game.copy()
    for action in actions:
        if sim.is_over() or not sim.is_legal(action):
            return False
        sim.push(action)
    return sim.phase.value == "won"


class ClairvoyantPlayer:
    name = "clairvoyant"

    def __init__(self, budget: int = DEFAULT_NODES, level: int = 2):
        self.budget, self.level = budget, level
        self.plan: list | None = None
        self.result: SearchResult | None = None
        self.fallback = AcyclicGreedyPlayer()

    def choose(self, game: Game, actions: list, rng: random.Random):
        if self.plan is None:
            self.result = solve(game, self.budget, self.level)
            self.plan = list(reversed(self.result.actions))
        if self.plan:
            action = self.plan.pop()
            if action in actions:
                return action
            self.plan = []  # cannot happen on the same deal; be safe
        return self.fallback.choose(game, actions, rng)
