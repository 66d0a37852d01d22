"""Stronger players, the clairvoyant bound and the backends: kept fast (small budgets)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from repo import shipped
from generator.games.solo_catan import Game
from generator.games.solo_catan.adapter import rules_for
from generator.simulate.backends import map_on_dask
from generator.games.solo_catan.players import state_key
from generator.content.model import MAX_ACTIONS
from generator.games.solo_catan.runner import SoloSimulation, play, run
from generator.simulate.engines import _play_chunk
from generator.simulate.runs import game_seeds
from generator.games.solo_catan.solver import solve, verify
from generator.games.solo_catan.strong import StrongPlayer, determinise

RULES = rules_for(shipped("solo-catan"))


def _play_with(player, seed: int) -> Game:
    game = Game.new(RULES, seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(MAX_ACTIONS):
        if game.is_over():
            break
        game.push(player.choose(game, game.legal_actions(), rng))
    return game


def test_strong_keeps_the_experts_move_unless_its_play_outs_do_better(monkeypatch):
    """The search's own logic, with the play-outs stubbed: when every action's play-outs
    score alike, the expert's move is played; when one other action's score higher by more
    than the expert's head start (PRIOR), that action is played, through the rounds of
    halving."""
    from generator.games.solo_catan import strong
    from generator.games.solo_catan.players import ExpertPlayer

    game = Game.new(RULES, 160215742132725)
    actions = game.legal_actions()
    assert len(actions) > 4
    expert = ExpertPlayer().rule_choice(game, actions, random.Random(0))
    player = strong.StrongPlayer(budget=64)
    monkeypatch.setattr(player, "_playout", lambda game, action, seed: 10.0)
    assert player._search(game, actions, random.Random(0)) == expert
    other = next(a for a in actions if a != expert)
    for lead, chosen in ((strong.PRIOR - 0.5, expert), (strong.PRIOR + 0.5, other)):
        monkeypatch.setattr(player, "_playout",
                            lambda game, action, seed, lead=lead:
                            10.0 + (lead if action == other else 0.0))
        assert player._search(game, actions, random.Random(0)) == chosen


def test_a_play_out_scores_the_points_it_reached_capped_at_the_goal_and_a_win():
    """A play-out of a game already over is scored as it stands: a loss by its points, a
    win by the goal plus WIN_BONUS, whatever points above the goal it has."""
    from generator.games.solo_catan.game import LOST, WON
    from generator.games.solo_catan.strong import WIN_BONUS, playout

    def over(phase, cities: int, expansions: list[str]) -> Game:
        game = Game.new(RULES, 160215742132725)
        game.cities, game.settlements, game.expansions, game.phase = (cities, 0, expansions,
                                                                      phase)
        return game
    assert playout(over(LOST, 3, []), random.Random(1)) == 6
    many = ["library", "university", "church", "town_hall"]
    assert playout(over(LOST, 3, many), random.Random(1)) == 19
    won = over(WON, 4, many)
    assert won.points > RULES.goal and playout(won, random.Random(1)) == RULES.goal + WIN_BONUS


def test_determinising_hides_the_deck_order_and_the_generator():
    game = Game.new(RULES, 11)
    sim = determinise(game, random.Random(1))
    assert sorted(sim.deck) == sorted(game.deck) and sim.deck != game.deck
    assert sim.rng.getstate() != game.rng.getstate()
    assert state_key(sim) == state_key(game), "what the player sees is unchanged"


def test_acyclic_greedy_ends_a_game_greedy_loops_in():
    seed = 126057154924283  # greedy: 20,000 actions, a settlement lost and rebuilt for ever
    assert play(RULES, seed, "greedy").end_reason == "unfinished"
    assert play(RULES, seed, "greedy-acyclic").end_reason != "unfinished"
    normal = game_seeds(2017, 5)
    assert [play(RULES, s, "greedy") for s in normal] == \
        [play(RULES, s, "greedy-acyclic") for s in normal], "the same when nothing recurs"


def test_the_solver_finds_the_win_of_a_deal_greedy_loses():
    rules = dataclasses.replace(RULES, goal=10)
    seed = 13592072266832  # with goal 10, greedy ends exhausted on 7 points
    assert play(rules, seed, "greedy").end_reason == "exhausted"
    game = Game.new(rules, seed)
    result = solve(game, nodes=20_000)
    assert result.verdict == "won" and verify(game, result.actions)
    assert not game.history, "the real game is untouched"
    record = play(rules, seed, "clairvoyant", budget=20_000)
    assert record.won and record.points >= 10


def test_an_exhausted_budget_says_undecided():
    result = solve(Game.new(RULES, 266800464311352), nodes=300)
    assert result.verdict == "undecided" and result.nodes == 300
    assert result.proof_nodes > 0, "the depth-first search had its share"


class FakeClient:
    """What map_on_dask needs of a dask.distributed.Client, in this process."""

    def map(self, function, items, pure=True):
        return [function(item) for item in items]

    def gather(self, future):
        return future


# Seven-card deals (two lumber, two brick, one grain, wool and ore) with goal 3: some are
# won, some proved unwinnable (tests/unit/test_proof.py); of the book's deals, 3,000 nodes win
# one and leave the others undecided. Together: all three verdicts.
SEVEN_CARDS = dataclasses.replace(RULES, resource_counts=dict(zip(RULES.resources,
                                                                  (2, 2, 1, 1, 1))), goal=3)


@pytest.mark.parametrize("rules,player,budget,verdicts", [
    pytest.param(RULES, "greedy-acyclic", None, {""}, id="greedy-acyclic"),
    pytest.param(RULES, "clairvoyant", 3000, {"won", "undecided"},
                 id="clairvoyant, book's deals"),
    pytest.param(SEVEN_CARDS, "clairvoyant", 3000, {"won", "unwinnable"},
                 id="clairvoyant, seven-card deals"),
])
def test_the_same_records_on_every_backend(rules, player, budget, verdicts):
    one = run(rules, 6, seed=9, player=player, jobs=1, budget=budget)
    assert {r.verdict for r in one} == verdicts
    assert run(rules, 6, seed=9, player=player, jobs=2, budget=budget) == one
    assert run(rules, 6, seed=9, player=player, scheduler=FakeClient(), budget=budget) == one
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert run(rules, 6, seed=9, player=player, scheduler=client, budget=budget) == one


def test_a_chunk_plays_the_same_games_in_this_process_and_on_dask():
    seeds = game_seeds(1, 2)
    chunk = (SoloSimulation(RULES), seeds, "greedy")
    assert _play_chunk(chunk) == list(map_on_dask(_play_chunk, [chunk], FakeClient()))[0]
