"""A strong player: determinised Monte Carlo search over the expert player.

At each decision with a choice, the candidate actions are played out from copies of the game
in which what the player cannot know is redrawn: the order of the face-down MDR is
reshuffled and the game's own random generator reseeded (`Game.copy()` carries the
generator, so an untouched copy would "know" every future reshuffle). Each play-out goes on
with the expert player (players.py) and scores the most points it reaches, capped at the
goal, with a bonus for a win: final points are mostly the wreck of a lost game, too noisy
to tell moves apart.

The budget (play-outs per decision) is spent in rounds of successive halving: every
candidate is played out on the same redraws (common random numbers), the worse half is
dropped, and the survivors are played out again on new ones, until one round is left. The
expert's own move is kept to the end and wins ties and near-ties (`PRIOR`): the search
overrides it only when another move did better on the same deals, not by a chance few.

Like `greedy-acyclic`, it does not take the same action twice from a position it has
already been in at the start of a turn. All its randomness comes from the generator the
runner hands it (seeded from the game's seed), so a run is reproducible from `--seed`.
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from generator.core.i18n import N_
from generator.games.solo_catan import Game
from generator.games.solo_catan.players import BUDGETS, ExpertPlayer, PositionMemory

# play-outs per decision, over all its candidates and rounds
DEFAULT_BUDGET = BUDGETS["strong"].default
HORIZON = 400         # actions per play-out at most (points reached count)
WIN_BONUS = 10.0      # a play-out that wins scores the goal plus this
PRIOR = 2.0           # points a play-out of the expert's move is ahead of the others


def determinise(game: Game, rng: random.Random) -> Game:
    """A copy of `game` as a fair player may imagine it: same table, hand, market and piles,
    the MDR in an order drawn from `rng`, and a generator that knows nothing of the real one."""
    sim = game.copy()
    rng.shuffle(sim.deck)
    sim.rng = random.Random(rng.getrandbits(64))
    return sim


def playout(sim: Game, rng: random.Random, horizon: int = HORIZON) -> float:
    """Play `sim` on with the expert player: the most points reached on the way (capped at
    the goal), plus WIN_BONUS if it wins."""
    player = ExpertPlayer()
    best = sim.points
    steps = 0
    while not sim.is_over() and steps < horizon:
        sim.push_legal(player.choose(sim, sim.legal_tuple(), rng))
        steps += 1
        if sim.points > best:
            best = sim.points
    return min(best, sim.rules.goal) + (WIN_BONUS if sim.phase.value == "won" else 0.0)


class StrongPlayer:
    name = "strong"

    def __init__(self, budget: int = DEFAULT_BUDGET, horizon: int = HORIZON):
        if budget < 1:
            raise ValueError("budget must be at least 1")
        self.budget = budget
        self.horizon = horizon
        self.expert = ExpertPlayer()
        self.memory = PositionMemory()
        #: Why the last choice, in one line (`rulebook play`'s hint): a catalog message and
        #: its values, or None when there was nothing to weigh.
        self.reason: tuple[str, dict] | None = None

    def choose(self, game: Game, actions: Sequence, rng: random.Random):
        self.reason = None
        if len(actions) == 1:
            return actions[0]
        key = None
        candidates = list(actions)
        if game.decision is None:
            key, candidates = self.memory.untried(game, actions)
        choice = self._search(game, candidates, rng)
        if key is not None:
            self.memory.record(key, choice)
        return choice

    def _search(self, game: Game, candidates: list, rng: random.Random):
        anchor = self.expert.rule_choice(game, candidates, rng)
        if len(candidates) == 1:
            return anchor
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        totals = {a: 0.0 for a in candidates}
        counts = {a: 0 for a in candidates}
        wins = {a: 0 for a in candidates}
        points = {a: 0.0 for a in candidates}
        goal = game.rules.goal

        def score(action) -> float:  # its mean, the expert's move PRIOR ahead
            return totals[action] / counts[action] + (PRIOR if action == anchor else 0.0)
        alive = list(candidates)
        for _ in range(rounds):
            per = max(1, self.budget // (rounds * len(alive)))
            seeds = [rng.getrandbits(64) for _ in range(per)]
            for action in alive:
                for seed in seeds:
                    scored = self._playout(game, action, seed)
                    totals[action] += scored
                    counts[action] += 1
                    won = scored > goal  # a win scores the goal plus WIN_BONUS
                    wins[action] += won
                    points[action] += scored - WIN_BONUS if won else scored
            alive.sort(key=score, reverse=True)
            if len(alive) > 2:
                kept = alive[:max(2, len(alive) // 2)]
                alive = kept if anchor in kept else kept[:-1] + [anchor]
        chosen = max(alive, key=lambda a: (score(a), a == anchor))
        self.reason = (N_("in {count} trial games from here, played on by the expert player "
                          "with the deck shuffled as you cannot see it, it won {wins} and "
                          "reached {points} points on average; it compared {options} "
                          "possible moves"),
                       {"count": counts[chosen], "wins": wins[chosen],
                        "points": points[chosen] / counts[chosen],
                        "options": len(candidates)})
        return chosen

    def _playout(self, game: Game, action, seed: int) -> float:
        rng = random.Random(seed)
        sim = determinise(game, rng)
        sim.push_legal(action)
        return playout(sim, rng, self.horizon)
