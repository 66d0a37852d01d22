"""The simulator: reproducible runs, statistics checked against hand-computed cases."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator.cli import main
from generator.content.loader import load_book
from repo import CONTENT_ROOT
from generator.diagrams.style import style_for
from generator.diagrams.table import difficulty_chart
from generator.examples.solo import rules_for
from generator.simulate.runner import GameRecord, game_seeds, play, run
from generator.simulate.stats import point_bands, summarise, wilson

BOOK = load_book(CONTENT_ROOT / "solo-catan")
RULES = rules_for(BOOK)


def test_wilson_interval_matches_hand_computed_values():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_of_hand_made_records():
    records = [GameRecord(1, True, 20, 30, 90, "goal", {"coincidence": 3}),
               GameRecord(2, False, 4, 10, 25, "stuck", {"coincidence": 1, "demolition": 2}),
               GameRecord(3, False, 6, 20, 60, "exhausted", {})]
    summary = summarise(records)
    assert summary.turn_quartiles == pytest.approx((10.0, 20.0, 30.0))
    assert summary.games == 3 and summary.wins == 1
    assert summary.win_rate == pytest.approx(1 / 3)
    assert summary.mean_points == pytest.approx(10.0)
    assert summary.median_turns == 20
    assert summary.stuck_rate == pytest.approx(1 / 3)
    assert summary.events_per_game == {"coincidence": pytest.approx(4 / 3),
                                       "demolition": pytest.approx(2 / 3)}
    assert summary.points == {20: 1, 4: 1, 6: 1}


@pytest.mark.parametrize("player", ["random", "greedy"])
def test_runs_are_identical_for_the_same_seed_whatever_the_jobs(player):
    one = run(RULES, 24, seed=5, player=player, jobs=1)
    two = run(RULES, 24, seed=5, player=player, jobs=2)
    assert one == two
    assert [r.seed for r in one] == game_seeds(5, 24)
    assert play(RULES, one[3].seed, player) == one[3], "any game replays from its seed"
    assert run(RULES, 24, seed=6, player=player) != one


def test_greedy_plays_better_than_random():
    random_points = summarise(run(RULES, 60, seed=3, player="random")).mean_points
    greedy_points = summarise(run(RULES, 60, seed=3, player="greedy")).mean_points
    assert greedy_points > random_points + 1


def test_difficulty_chart_bars_add_up_to_the_games():
    d = BOOK.difficulty.charted  # the run with the most games: greedy's
    root = ET.fromstring(difficulty_chart(point_bands(d.points, BOOK.difficulty.goal), d.games,
                                          style_for(BOOK.components)).tostring())
    bars = [e for e in root.iter("{http://www.w3.org/2000/svg}rect") if e.get("class") == "bar"]
    assert sum(int(b.get("data-count")) for b in bars) == d.games
    assert bars[-1].get("data-label") == f"≥{BOOK.components.game.goal}"


def test_simulate_command_reports_compares_and_replays(capsys):
    assert main(["simulate", "solo-catan", "--games", "12", "--seed", "4", "--player", "random",
                 "--compare", "goal=15,20"]) == 0
    out = capsys.readouterr().out
    assert "goal=15" in out and "goal=20" in out and "victorias" in out
    assert "puntos al final" in out and "≥15" in out
    assert main(["simulate", "solo-catan", "--games", "6", "--player", "random",
                 "--compare", "university_unlimited=false,true"]) == 0
    assert "university_unlimited=True" in capsys.readouterr().out
    seed = game_seeds(4, 1)[0]
    assert main(["simulate", "solo-catan", "--player", "random", "--replay", str(seed)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == play(RULES, seed, "random").actions


def test_simulate_rejects_bad_options_with_a_message(capsys):
    assert main(["simulate", "solo-catan", "--compare", "speed=1"]) == 1
    assert "expected one of goal=V1,V2" in capsys.readouterr().err
    assert main(["simulate", "catan-base"]) == 1
    assert "no simulator" in capsys.readouterr().err


def test_the_looser_university_reading_offers_more_substitutions():
    import dataclasses
    from generator.engine.solo import Game, Series, ShCard
    from generator.engine.solo.actions import Continue

    def position(rules):
        game = Game(rules, seed=1)
        game.hand, game.deck = ["wool", "ore"], ["brick"] * 3
        game.expansions, game.cities = ["university"], 1
        game.history = [Series("city", [ShCard("grain", "grain"), ShCard("wool", "grain")],
                               university_used=True)]
        return game
    strict = position(RULES)
    loose = position(dataclasses.replace(RULES, university_unlimited=True))
    assert Continue("wool", as_resource="ore") not in strict.legal_actions()
    assert Continue("wool", as_resource="ore") in loose.legal_actions()


def test_point_bands_by_hand():
    bands = dict(point_bands({0: 2, 1: 1, 5: 1, 19: 2, 21: 1}, 20))
    assert bands["0–1"] == 3 and bands["4–5"] == 1 and bands["18–19"] == 2
    assert bands["≥20"] == 1 and sum(bands.values()) == 7
