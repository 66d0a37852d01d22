"""The simulator: reproducible runs, statistics checked against hand-computed cases."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest

from generator.cli import main
from rounding import half_up
from repo import CONTENT_ROOT
from generator.diagrams.style import style_for
from generator.diagrams.table import difficulty_chart
from generator.games.solo_catan.runner import play, run
from generator.simulate.runs import GameRecord, game_seeds
from generator.core.stats import wilson
from generator.core.stats import point_bands, summarise


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
def test_runs_are_identical_for_the_same_seed_whatever_the_jobs(player, solo_rules):
    one = run(solo_rules, 24, seed=5, player=player, jobs=1)
    two = run(solo_rules, 24, seed=5, player=player, jobs=2)
    assert one == two
    assert [r.seed for r in one] == game_seeds(5, 24)
    assert play(solo_rules, one[3].seed, player) == one[3], "any game replays from its seed"
    assert run(solo_rules, 24, seed=6, player=player) != one


def test_greedy_plays_better_than_random(solo_rules):
    random_points = summarise(run(solo_rules, 60, seed=3, player="random")).mean_points
    greedy_points = summarise(run(solo_rules, 60, seed=3, player="greedy")).mean_points
    assert greedy_points > random_points + 1


SVG = "{http://www.w3.org/2000/svg}"


def _chart(book, language: str = "es") -> ET.Element:
    return ET.fromstring(difficulty_chart(book.difficulty.own_runs, book.difficulty.goal,
                                          style_for(book.components), language).tostring())


def test_the_difficulty_chart_shows_every_stored_players_points(solo_book):
    root = _chart(solo_book)
    runs = solo_book.difficulty.own_runs
    titles = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "panel-title"]
    # A panel per player, named: the players are told apart without their colours.
    assert titles == [f"{r.player}: {r.games} partidas" for r in runs]
    bars = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "bar"]
    goal = f"≥{solo_book.components.game.goal}"
    for run in runs:
        own = [b for b in bars if b.get("data-player") == run.player]
        assert sum(int(b.get("data-count")) for b in own) == run.games
        assert [(b.get("data-label"), int(b.get("data-count"))) for b in own] == \
            point_bands(run.points, solo_book.difficulty.goal)
        assert own[-1].get("data-label") == goal
        assert int(own[-1].get("data-count")) == run.wins, "the last band is the games won"


def test_each_bar_of_the_chart_prints_its_share_in_the_books_language(solo_book):
    clairvoyant = solo_book.difficulty.own_runs[-1]
    won = round(100 * clairvoyant.wins / clairvoyant.games)
    for language, printed in (("es", f"{won}\u00a0%"), ("en", f"{won}%")):
        values = [e.text for e in _chart(solo_book, language).iter(f"{SVG}text")
                  if e.get("class") == "value"]
        bands = len(point_bands({}, solo_book.difficulty.goal))
        assert len(values) == bands * len(solo_book.difficulty.own_runs), "a value over every bar"
        assert values[-1] == printed, "the last panel's goal band"


def test_simulate_command_reports_compares_and_replays(capsys, solo_rules):
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
    assert len(lines) == play(solo_rules, seed, "random").actions


def _row(out: str, label: str) -> list[str]:
    """The cells of a report's row, by its label (the report printed wide enough for one
    line a row)."""
    line = next(line for line in out.splitlines() if line.startswith(f"│ {label} "))
    return [cell.strip() for cell in line.strip("│").split("│")[1:]]


def test_several_players_play_the_same_deals_side_by_side(capsys, monkeypatch, solo_rules):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["simulate", "solo-catan", "--games", "8", "--seed", "4", "--jobs", "1",
                 "--player", "random,greedy"]) == 0
    out = capsys.readouterr().out
    assert "solo-catan, jugadores random y greedy, semilla 4" in out
    first = game_seeds(4, 1)[0]
    assert out.count(f"semilla de la primera partida {first}") == 2, "the same deals"
    heads = next(line for line in out.splitlines() if "random" in line and "greedy" in line
                 and "┃" in line)
    assert heads.index("random") < heads.index("greedy"), "in the order --player names them"
    for player, cell in zip(("random", "greedy"), _row(out, "victorias")):
        summary = summarise(run(solo_rules, 8, seed=4, player=player))
        share = half_up(100 * summary.win_rate, "0.1", comma=True)
        assert cell.startswith(f"{summary.wins} ({share}\u00a0%; "), cell
        first_q, median, third_q = (half_up(q, "1") for q in summary.point_quartiles)
        assert _row(out, "puntos, mediana (cuartiles)")[("random", "greedy").index(player)] \
            == f"{median} ({first_q}–{third_q})"
    assert all("\u00a0s (" in cell for cell in _row(out, "tiempo de CPU por partida"))


def test_the_report_writes_numbers_as_the_books_language_does(capsys, monkeypatch):
    """Spanish: decimal comma, a no-break space before %; English: point, no space."""
    monkeypatch.setenv("COLUMNS", "200")
    editions = ((CONTENT_ROOT / "solo-catan", "victorias (porcentaje; intervalo del 95 %)",
                 "0 (0,0\u00a0%; 0,0–39,0\u00a0%)", "partidas"),
                (CONTENT_ROOT / "solo-catan" / "en", "wins (share; 95% interval)",
                 "0 (0.0%; 0.0–39.0%)", "games"))
    assert wilson(0, 6)[1] == pytest.approx(0.390, abs=5e-4)
    for folder, label, cell, games in editions:
        assert main(["simulate", str(folder), "--games", "6", "--seed", "4", "--jobs", "1",
                     "--player", "random,greedy"]) == 0
        out = capsys.readouterr().out
        assert _row(out, label) == [cell, cell]
        assert _row(out, games) == ["6", "6"]


def test_compare_plays_the_strong_player_under_each_goal(capsys, monkeypatch, solo_rules):
    """`--compare` with strong (and greedy) beside it: each player under each goal, on the
    same deal. Low goals and a small budget keep it to a second."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["simulate", "solo-catan", "--games", "1", "--seed", "4", "--jobs", "1",
                 "--player", "strong,greedy", "--budget", "4", "--compare", "goal=2,3"]) == 0
    out = capsys.readouterr().out
    heads = ["strong, goal=2", "strong, goal=3", "greedy, goal=2", "greedy, goal=3"]
    line = next(line for line in out.splitlines() if line.startswith("┃"))
    assert [cell.strip() for cell in line.strip("┃").split("┃")[1:]] == heads
    rules = {goal: dataclasses.replace(solo_rules, goal=goal) for goal in (2, 3)}
    expected = [play(rules[goal], game_seeds(4, 1)[0], player, budget=4).points
                for player in ("strong", "greedy") for goal in (2, 3)]
    assert _row(out, "puntos, media") == [f"{p},0" for p in expected]


def test_simulate_rejects_bad_options_with_a_message(capsys):
    assert main(["simulate", "solo-catan", "--compare", "speed=1"]) == 2
    assert "expected one of goal=V1,V2" in capsys.readouterr().err
    for options, message in (
            (["--player", "greedy,wizard"], "has no such player (wizard)"),
            (["--player", "greedy,strong", "--replay", "5"], "expected one --player"),
            (["--player", "strong", "--budget", "0"], "0 is below 1"),
            (["--player", "strong", "--budget", "many"], "'many' is not a number"),
            (["--player", "strong", "--budget", "greedy=4"], "'greedy' has no budget"),
            (["--player", "strong", "--budget", "clairvoyant=4"], "clairvoyant does not play")):
        assert main(["simulate", "solo-catan", "--games", "1", *options]) == 2, options
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err, err
    assert main(["simulate", "catan-base"]) == 1
    assert "no simulator" in capsys.readouterr().err


def test_the_looser_university_reading_offers_more_substitutions(solo_rules):
    import dataclasses
    from generator.games.solo_catan import Game, Series, ShCard
    from generator.games.solo_catan.actions import Continue

    def position(rules):
        game = Game(rules, seed=1)
        game.hand, game.deck = ["wool", "ore"], ["brick"] * 3
        game.expansions, game.cities = ["university"], 1
        game.history = [Series("city", [ShCard("grain", "grain"), ShCard("wool", "grain")],
                               university_used=True)]
        return game
    strict = position(solo_rules)
    loose = position(dataclasses.replace(solo_rules, university_unlimited=True))
    assert Continue("wool", as_resource="ore") not in strict.legal_actions()
    assert Continue("wool", as_resource="ore") in loose.legal_actions()


def test_the_town_hall_reaches_the_goal_with_its_ore_owed_unless_paid_first(solo_rules):
    """R11: the book's reading wins as the Town Hall completes; `town_hall_paid_first` (the
    stricter one `--compare` offers) only once its two ore are paid."""
    from generator.games.solo_catan import Game, Series, ShCard
    from generator.games.solo_catan.actions import Continue, PayTownHall

    def completed(rules):
        game = Game(rules, seed=1)
        game.hand, game.market, game.deck = ["ore", "ore", "ore", "wool"], [], ["grain"] * 4
        game.roads, game.cities, game.settlements = ["A"], 4, 0
        game.expansions = ["library", "university", "church"]
        game.history = [Series("town_hall", [ShCard("wool", "wool")] * 3)]
        game.push(Continue("ore"))
        return game
    book = completed(solo_rules)
    assert (book.phase.value, book.town_hall_due, book.points) == ("won", True, 21)
    strict = completed(dataclasses.replace(solo_rules, town_hall_paid_first=True))
    assert (strict.phase.value, strict.town_hall_due, strict.points) == ("playing", True, 21)
    strict.push(PayTownHall())
    assert (strict.phase.value, strict.end_reason) == ("won", "goal")


def test_point_bands_by_hand():
    bands = dict(point_bands({0: 2, 1: 1, 5: 1, 19: 2, 21: 1}, 20))
    assert bands["0–1"] == 3 and bands["4–5"] == 1 and bands["18–19"] == 2
    assert bands["≥20"] == 1 and sum(bands.values()) == 7
    odd = dict(point_bands({13: 1, 14: 2, 15: 4}, 15))  # goal 15: "14" alone, then "≥15"
    assert (odd["12–13"], odd["14"], odd["≥15"]) == (1, 2, 4)
    assert sum(odd.values()) == 7, "no game in two bands"


def test_simulate_loads_no_renderer():
    """`rulebook simulate` prints a report, never a page: it loads neither ReportLab, svglib,
    svgwrite nor the program's renderers (issue #36: its start-up had grown by the PDF
    stack), so a simulation starts as fast as the book's rules load."""
    import subprocess
    import sys
    probe = ("import sys; from generator.cli import main; "
             f"code = main(['simulate', '{CONTENT_ROOT / 'solo-catan'}', '--games', '2']); "
             "loaded = sorted({m.split('.')[0] if not m.startswith('generator') else "
             "'.'.join(m.split('.')[:2]) for m in sys.modules}); "
             "print(code, ' '.join(loaded), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120)
    code, *loaded = done.stderr.strip().splitlines()[-1].split()
    assert code == "0", done.stderr
    assert "generator.games" in loaded and "generator.simulate" in loaded  # (it did run)
    drawn = {"reportlab", "svglib", "svgwrite", "pikepdf", "fontTools", "generator.pdf",
             "generator.sheets", "generator.html", "generator.draw"}  # (the narration's
    # words are diagrams/words.py's, which draws nothing: svgwrite says whether one did)
    assert drawn.isdisjoint(loaded), sorted(drawn.intersection(loaded))
