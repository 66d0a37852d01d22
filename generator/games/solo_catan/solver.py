"""A clairvoyant bound: how often could a deal be won at all?

The solver sees the whole deal: it searches a copy of the game WITH its random generator
(`Game.copy()`), so every draw and every future reshuffle is known, and the game is a
deterministic puzzle. A deal gets one of three verdicts (`proof.Verdict`):

- *won*: a winning line was found and replayed on the real game (`verify`);
- *unwinnable*: the depth-first search of `proof.py` exhausted every position reachable from
  the deal under a sound bound of the points still reachable;
- *undecided*: the node budget (actions pushed, `--budget`) ran out first. Never counted as
  either: a report shows it.

`solve` first asks the bound whether the goal is in reach at all (free), then runs a nested
Monte Carlo search (level 1: at each step every action is followed by a greedy play-out and
the best sequence found so far is followed; level 2: the same with level-1 searches instead
of play-outs), which finds wins fast, with at most `MC_SHARE` of the budget; then the
depth-first search, with the rest, to prove the deal unwinnable (it may find a win too).

`ClairvoyantPlayer` (`--player clairvoyant`, `--budget` nodes per deal) solves at its first
decision and then plays the line found (the best one by points when there is no win); its
verdict is recorded with the game (`GameRecord.verdict`), so a run reports the share of
deals won, proved unwinnable and undecided: a bracket of the share of winnable deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

from generator.games.solo_catan import Game, Phase
from generator.games.solo_catan.players import BUDGETS, AcyclicGreedyPlayer, GreedyPlayer
from generator.games.solo_catan.proof import ReachBound, Verdict, prove

DEFAULT_NODES = BUDGETS["clairvoyant"].default
HORIZON = 400   # actions per play-out at most
# Of a deal's node budget, at most, for the nested Monte Carlo search. Most: on the book's
# deals it is the search that decides (wins needed up to 240,000 nodes; the proof search
# decided none with 2,000,000, README), while the dead deals the proof search can exhaust
# are small and need few nodes.
MC_SHARE = 0.8


class _OutOfNodes(Exception):
    pass


@dataclass
class SearchResult:
    won: bool
    points: int                      # the most points reached by the best sequence
    actions: list = field(default_factory=list)
    nodes: int = 0                   # actions pushed by both searches
    proved: bool = False             # the depth-first search proved the deal unwinnable
    positions: int = 0               # positions the depth-first search stored
    proof_nodes: int = 0             # actions it pushed

    @property
    def verdict(self) -> Verdict:
        if self.won:
            return Verdict.WON
        return Verdict.UNWINNABLE if self.proved else Verdict.UNDECIDED


class _Search:
    def __init__(self, nodes: int):
        self.limit = nodes
        self.nodes = 0
        self.greedy = GreedyPlayer()

    def push(self, game: Game, action) -> None:
        if self.nodes >= self.limit:
            raise _OutOfNodes
        self.nodes += 1
        game.push_legal(action)

    def playout(self, game: Game) -> tuple[int, list]:
        """Greedy to the end (deterministic: its generator is seeded the same every time);
        the most points reached and the actions up to that point."""
        rng = random.Random(0)
        best, upto, seq = game.points, 0, []
        while not game.is_over() and len(seq) < HORIZON:
            action = self.greedy.choose(game, game.legal_tuple(), rng)
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
    """Won, unwinnable or undecided within `nodes` actions pushed: nested Monte Carlo (levels
    1 then `level`) with at most `MC_SHARE` of them, then depth-first search with the rest.
    `game` is not changed."""
    if ReachBound(game)(game) < game.rules.goal:  # out of reach whatever is played
        return SearchResult(False, game.points, [], 0, proved=True)
    best = _nested(game, max(1, int(nodes * MC_SHARE)), level)
    best.won = verify(game, best.actions)
    if best.won:
        return best
    proof = prove(game, nodes - best.nodes)
    best.nodes += proof.nodes
    best.positions, best.proof_nodes = proof.positions, proof.nodes
    if proof.verdict is Verdict.WON and verify(game, list(proof.actions)):
        best.won, best.actions = True, list(proof.actions)
        best.points = max(best.points, game.rules.goal)
    best.proved = proof.verdict is Verdict.UNWINNABLE
    return best


def _nested(game: Game, nodes: int, level: int) -> SearchResult:
    """The nested Monte Carlo search, levels 1 then `level`, until a win or `nodes`."""
    search = _Search(nodes)
    best = SearchResult(False, game.points, [], 0)
    for depth in range(1, level + 1):
        points, actions = search.nested(game.copy(), depth)
        if points > best.points or not best.actions:
            best = SearchResult(False, points, actions, search.nodes)
        if points >= game.rules.goal or search.nodes >= search.limit:
            break
    best.nodes = search.nodes
    return best


def verify(game: Game, actions: list) -> bool:
    """Replay `actions` on a copy of the real game (with its generator): a win?"""
    sim = game.copy()
    for action in actions:
        if sim.is_over() or not sim.is_legal(action):
            return False
        sim.push_legal(action)
    return sim.phase is Phase.WON


class ClairvoyantPlayer:
    name = "clairvoyant"

    def __init__(self, budget: int = DEFAULT_NODES, level: int = 2):
        if budget < 1:
            raise ValueError("budget must be at least 1 node")
        self.budget, self.level = budget, level
        self.plan: list | None = None
        self.result: SearchResult | None = None
        self.fallback = AcyclicGreedyPlayer()

    def choose(self, game: Game, actions: Sequence, rng: random.Random):
        if self.plan is None:
            self.result = solve(game, self.budget, self.level)
            self.plan = list(reversed(self.result.actions))
        if self.plan:
            action = self.plan.pop()
            if action in actions:
                return action
            self.plan = []  # cannot happen on the same deal; be safe
        return self.fallback.choose(game, actions, rng)

    @property
    def verdict(self) -> str:
        """The deal's verdict (`Verdict`'s value), recorded with the game."""
        return self.result.verdict.value if self.result is not None else ""
