"""A strong player: determinised flat Monte Carlo, anchored to the greedy player.

At each decision with a choice, every candidate action is played out `per` times, each time
from a copy of the game in which what the player cannot know is redrawn: the order of the
face-down MDR is reshuffled and the game's own random generator reseeded (`Game.copy()`
carries the generator, so an untouched copy would "know" every future reshuffle). The same
`per` redraws serve every action (common random numbers), so actions are compared on the
same shuffles. A play-out continues with the greedy player and scores the HIGHEST points it
reaches (final points are mostly the wreck of a lost game: too noisy to tell moves apart).

The player keeps greedy's move unless another action beats it, on the same shuffles, by more
than two standard errors of the paired difference: a cautious improver, never worse than
greedy by chance alone. Like `greedy-acyclic`, it does not take the same action twice from
a position it has already been in at the start of a turn.

All its randomness comes from the generator the runner hands it (seeded from the game's
seed), so a run is reproducible from `--seed`, on any backend.
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Sequence

from generator.games.solo_catan import Game
from generator.games.solo_catan.players import GreedyPlayer, PositionMemory

DEFAULT_BUDGET = 64   # play-outs per decision, shared among its candidate actions
MIN_PER_ACTION = 4    # below this a standard error means little
HORIZON = 400         # actions per play-out at most (greedy may loop; points reached count)


def determinise(game: Game, rng: random.Random) -> Game:
    """A copy of `game` as a fair player may imagine it: same table, hand, market and piles,
    the MDR in an order drawn from `rng`, and a generator that knows nothing of the real one."""
    sim = game.copy()
    rng.shuffle(sim.deck)
    sim.rng = random.Random(rng.getrandbits(64))
    return sim


def greedy_playout(sim: Game, rng: random.Random, horizon: int = HORIZON,
                   player: GreedyPlayer | None = None) -> int:
    """Play `sim` on with the greedy player; the most points reached on the way."""
    player = player or GreedyPlayer()
    best = sim.points
    steps = 0
    while not sim.is_over() and steps < horizon:
        sim.push_legal(player.choose(sim, sim.legal_tuple(), rng))
        steps += 1
        if sim.points > best:
            best = sim.points
    return best


class StrongPlayer:
    name = "strong"

    def __init__(self, budget: int = DEFAULT_BUDGET, horizon: int = HORIZON,
                 min_per_action: int = MIN_PER_ACTION):
        if budget < 1 or min_per_action < 2:
            raise ValueError("budget must be at least 1, min_per_action at least 2")
        self.budget = budget
        self.horizon = horizon
        self.min_per_action = min_per_action
        self.greedy = GreedyPlayer()
        self.memory = PositionMemory()
        self.overrides = 0   # decisions where it did not play greedy's move
        self.searched = 0    # decisions it searched

    def choose(self, game: Game, actions: Sequence, rng: random.Random):
        if len(actions) == 1:
            return actions[0]
        key = None
        candidates = actions
        if game.decision is None:
            key, candidates = self.memory.untried(game, actions)
        choice = self._search(game, candidates, rng)
        if key is not None:
            self.memory.record(key, choice)
        return choice

    def _search(self, game: Game, candidates: list, rng: random.Random):
        anchor = self.greedy.choose(game, candidates, rng)
        if anchor not in candidates:  # greedy's decision rules ignore a narrowed list
            anchor = candidates[0]
        if len(candidates) == 1:
            return anchor
        self.searched += 1
        per = max(self.min_per_action, self.budget // len(candidates))
        seeds = [rng.getrandbits(64) for _ in range(per)]
        scores = {a: [self._playout(game, a, s) for s in seeds] for a in candidates}
        base = scores[anchor]
        best, best_gain = anchor, 0.0
        for action in candidates:
            if action == anchor:
                continue
            diffs = [x - y for x, y in zip(scores[action], base)]
            gain = statistics.fmean(diffs)
            error = statistics.stdev(diffs) / math.sqrt(per)
            if gain > 2 * error and gain > best_gain:
                best, best_gain = action, gain
        if best != anchor:
            self.overrides += 1
        return best

    def _playout(self, game: Game, action, seed: int) -> int:
        rng = random.Random(seed)
        sim = determinise(game, rng)
        sim.push_legal(action)
        return greedy_playout(sim, rng, self.horizon, self.greedy)
