"""The difficulty appendix's stored runs replayed (content/solo-catan/difficulty.yaml): every
number it prints must be the one a rerun of the stored command gives.

What is re-run: greedy's and expert's runs in full (a few seconds); of the strong run (over
ten CPU-seconds a game) its cheapest game, and of the clairvoyant run (up to several a deal)
one deal of each verdict, the cheapest of its kind by its stored CPU time, whose records must
match the stored lines exactly (each line's digest covers the whole record, events included).
Strong's cheapest game is a won one: its two lost games cost some 50 CPU-seconds each (it
fights to the last card), and a lost game's record (its end, the buildings left) is replayed
many times over in greedy's and expert's runs. tests/unit/test_difficulty.py then checks the summaries
the appendix prints against the stored lines of every game, so a sample re-run vouches for
the whole table. (A file in the older format is refused by check and replaced by its own
command: tests/unit/test_difficulty.py.)"""

from __future__ import annotations

import pytest

from generator.games.solo_catan.runner import play, run
from storedgames import replayed_line, stored_line


def _sample(stored_run, by_outcome: bool = True) -> list:
    """One game of each outcome the run stores (lost, won; for the clairvoyant, each verdict),
    the one that took the least CPU: every kind of record replayed, at a few seconds' cost.
    Not `by_outcome`: the cheapest game alone."""
    cheapest: dict[tuple, object] = {}
    for game in stored_run.records:
        kind = (game.won, game.verdict) if by_outcome else ()
        if kind not in cheapest or game.cpu < cheapest[kind].cpu:
            cheapest[kind] = game
    return list(cheapest.values())


@pytest.mark.parametrize("player", ["greedy", "expert"])
def test_a_cheap_run_replays_in_full(player, solo_rules, stored_runs):
    stored = stored_runs.run(player)
    records = run(solo_rules, stored.games, stored.seed, player, jobs=2)
    assert [replayed_line(r) for r in records] == [stored_line(g) for g in stored.records]


@pytest.mark.parametrize("player", ["strong", "clairvoyant"])
def test_a_sample_of_a_costly_run_replays_exactly(player, solo_rules, stored_runs):
    stored = stored_runs.run(player)
    for game in _sample(stored, by_outcome=player == "clairvoyant"):
        assert replayed_line(play(solo_rules, game.seed, player, budget=stored.budget)) \
            == stored_line(game)



def test_a_sample_of_each_run_of_other_rules_replays_exactly(solo_rules, stored_runs):
    """The runs `--compare NAME=V --save` stored (the goal table, the Town Hall reading):
    each one's cheapest lost and won game, played again under its own rules."""
    import dataclasses
    compared = [r for r in stored_runs.runs if r.rules]
    assert {name for r in compared for name in r.rules} >= {"goal", "town_hall_paid_first"}
    for stored in compared:
        rules = dataclasses.replace(solo_rules, **stored.rules)
        for game in _sample(stored):
            assert replayed_line(play(rules, game.seed, stored.player, budget=stored.budget)) \
                == stored_line(game), (stored.rules, game.seed)
