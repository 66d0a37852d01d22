"""The difficulty appendix prints stored runs (content/solo-catan/difficulty.yaml): every
summary it prints is that of its stored games, and `simulate --save` writes and keeps the runs.

The stored games themselves are replayed in tests/slow/test_difficulty_replays.py (greedy's
in full, a sample of the costly runs), so that the summaries checked here vouch for the whole
table; the printed table is read in tests/books/test_difficulty_appendix.py.
"""

from __future__ import annotations

import re
import shlex
import statistics
from collections import Counter

import pytest
import yaml

from generator.cli import main
from generator.content.loader import load_book
from generator.games.solo_catan.runner import play, run
from generator.simulate.runs import game_seeds
from generator.core.stats import wilson
from repo import shipped
from storedgames import replayed_line, stored_line


def test_the_book_prints_each_player_on_the_same_deals(solo_book, stored_runs):
    assert [r.player for r in stored_runs.own_runs] == ["greedy", "expert", "strong",
                                                        "clairvoyant"]
    seeds = {r.seed for r in stored_runs.runs}
    assert len(seeds) == 1, "the appendix says the runs play the same deals"
    for stored in stored_runs.runs:
        assert [g.seed for g in stored.records] == game_seeds(stored.seed, stored.games)
    assert stored_runs.goal == solo_book.components.game.goal


@pytest.mark.parametrize("player", ["greedy", "expert", "strong", "clairvoyant"])
def test_each_printed_summary_is_that_of_its_stored_games(player, stored_runs):
    stored = stored_runs.run(player)
    games = stored.records
    n = len(games)
    wins = sum(g.won for g in games)
    assert (stored.games, stored.wins) == (n, wins)
    assert (stored.win_low, stored.win_high) == pytest.approx(wilson(wins, n), abs=1e-4)
    assert stored.points == dict(Counter(g.points for g in games))
    assert stored.mean_points == pytest.approx(statistics.fmean(g.points for g in games),
                                               abs=0.005)
    turns = [g.turns for g in games]
    assert stored.median_turns == statistics.median(turns)
    assert stored.turn_quartiles == pytest.approx(statistics.quantiles(turns, n=4))
    ends = Counter(g.end for g in games)
    for share, end in (("stuck_rate", "stuck"), ("exhausted_rate", "exhausted"),
                       ("unfinished_rate", "unfinished")):
        assert getattr(stored, share) == pytest.approx(ends[end] / n, abs=1e-4)
    assert stored.cpu_seconds == pytest.approx(sum(g.cpu for g in games))
    assert stored.stuck_bare == sum(g.end == "stuck" and g.buildings == 0 for g in games)
    if player == "clairvoyant":
        verdicts = Counter(g.verdict for g in games)
        assert (stored.verdicts.won, stored.verdicts.unwinnable, stored.verdicts.undecided) \
            == (verdicts["won"], verdicts["unwinnable"], verdicts["undecided"])
        assert stored.verdicts.won == wins, "a won verdict is a game the line wins"
    else:
        assert stored.verdicts is None


def test_both_editions_print_the_same_numbers(solo_book):
    english = shipped("solo-catan", "en")

    def numbers(book) -> list[str]:
        text = "".join("".join(c.tree.itertext()) for c in book.chapters
                       if c.id in ("dificultad", "dificultad-metodo"))
        return [n.replace(",", "") .replace(".", "") for n in re.findall(r"\d[\d.,]*", text)]
    spanish, english_numbers = numbers(solo_book), numbers(english)
    assert Counter(spanish) == Counter(english_numbers)


def test_a_book_copied_under_another_name_keeps_its_stored_runs(book_copy, capsys):
    """A designer starts from a copy of a book: its runs were measured by the same rules
    under the old name, and `check` accepts them (the command's other words must match)."""
    renamed = book_copy.rename(book_copy.with_name("mi-variante"))
    assert main(["check", str(renamed)]) == 0, capsys.readouterr().err
    assert "rulebook simulate solo-catan " in (renamed / "difficulty.yaml").read_text(
        encoding="utf-8")


def test_save_keeps_the_other_players_runs_and_replaces_its_own(book_copy, capsys):
    file = book_copy / "difficulty.yaml"
    before = load_book(book_copy).difficulty
    assert main(["simulate", str(book_copy), "--player", "clairvoyant", "--games", "2",
                 "--budget", "3000", "--jobs", "1", "--save"]) == 0
    after = load_book(book_copy).difficulty
    assert [r.player for r in after.runs] == [r.player for r in before.runs]
    assert after.run("greedy") == before.run("greedy")
    assert after.run("strong") == before.run("strong")
    clairvoyant = after.run("clairvoyant")
    assert (clairvoyant.games, clairvoyant.budget) == (2, 3000)
    assert clairvoyant.budget_unit == "search nodes per deal"  # the appendix prints it
    assert clairvoyant.command == ("rulebook simulate solo-catan --games 2 --seed 1 "
                                   "--player clairvoyant --budget 3000 --save")
    assert "saved" in capsys.readouterr().out and file.exists()


def test_save_with_several_players_stores_each_players_run_with_its_command(book_copy, solo_rules):
    """`--player greedy,clairvoyant --save`: two runs on the same deals, each stored as
    that player's with the command that plays it alone; strong's run is kept."""
    before = load_book(book_copy).difficulty
    assert main(["simulate", str(book_copy), "--player", "greedy,clairvoyant", "--games", "3",
                 "--seed", "7", "--budget", "clairvoyant=3000", "--jobs", "1",
                 "--save"]) == 0
    after = load_book(book_copy).difficulty
    assert [r.player for r in after.own_runs] == ["greedy", "expert", "strong", "clairvoyant"]
    assert after.run("strong") == before.run("strong")
    assert after.run("expert") == before.run("expert")
    greedy, clairvoyant = after.run("greedy"), after.run("clairvoyant")
    assert greedy.command == ("rulebook simulate solo-catan --games 3 --seed 7 "
                              "--player greedy --save")
    assert clairvoyant.command == ("rulebook simulate solo-catan --games 3 --seed 7 "
                                   "--player clairvoyant --budget 3000 --save")
    assert (greedy.budget, clairvoyant.budget) == (None, 3000)
    for stored in (greedy, clairvoyant):
        assert [g.seed for g in stored.records] == game_seeds(7, 3), "the same deals"
    assert [stored_line(g) for g in greedy.records] == \
        [replayed_line(r) for r in run(solo_rules, 3, 7, "greedy")]


def test_save_writes_each_game_as_one_line_that_reads_back_as_the_game(book_copy, solo_rules):
    """The stored games are lines of values (`seed won points …`), and what `--save` wrote
    is read back as the games it played, fields and types alike."""
    assert main(["simulate", str(book_copy), "--player", "clairvoyant", "--games", "2",
                 "--budget", "3000", "--jobs", "1", "--save"]) == 0
    text = (book_copy / "difficulty.yaml").read_text(encoding="utf-8")
    stored = load_book(book_copy).difficulty.run("clairvoyant")
    for game in stored.records:
        values = [game.seed, str(game.won).lower(), game.points, game.turns, game.actions,
                  game.end, game.buildings, game.digest, game.cpu]
        values += [game.verdict] if game.verdict else []
        assert f"\n  - {' '.join(map(str, values))}\n" in text
    assert [stored_line(g) for g in stored.records] == \
        [replayed_line(play(solo_rules, seed, "clairvoyant", budget=3000))
         for seed in game_seeds(1, 2)]
    assert all(type(g.won) is bool and type(g.points) is int for g in stored.records)
    # as the editors' schema checks a game (model.GAME_TEXT), every line of every run
    from generator.content.model import GAME_TEXT
    games = [game for run in yaml.safe_load(text)["runs"] for game in run["records"]]
    assert games and all(re.fullmatch(GAME_TEXT, game) for game in games), games


def test_a_file_written_before_game_lines_is_refused_and_its_command_replaces_it(
        book_copy, monkeypatch, capsys):
    """difficulty.yaml as `--save` wrote it before lines (each game a mapping of its fields,
    one without its CPU time, neither with the buildings left): read by `rulebook simulate`,
    refused by `rulebook check` at the first game with the run's command, which, run as
    typed, stores the run again as lines."""
    file = book_copy / "difficulty.yaml"
    text = file.read_text(encoding="utf-8")
    greedy = load_book(book_copy).difficulty.run("greedy")
    first, second = greedy.records[:2]
    old = (f"  - {{seed: {first.seed}, won: {str(first.won).lower()}, points: {first.points}, "
           f"turns: {first.turns}, actions: {first.actions}, end: {first.end}, "
           f"digest: {first.digest}, cpu: {first.cpu}}}\n"
           f"  - {{seed: {second.seed}, won: false, points: {second.points}, "
           f"turns: {second.turns}, actions: {second.actions}, end: {second.end}, "
           f"digest: {second.digest}}}\n")
    lines = [line for line in text.splitlines(keepends=True)  # greedy's run comes first
             if line.startswith(f"  - {first.seed} ") or line.startswith(f"  - {second.seed} ")]
    file.write_text(text.replace(lines[0] + lines[1], old, 1), encoding="utf-8")
    read = load_book(book_copy).difficulty.run("greedy").records
    assert (read[0].seed, read[0].digest, read[0].buildings) == (first.seed, first.digest, None)
    assert main(["check", str(book_copy)]) == 1
    error = " ".join(capsys.readouterr().err.split())
    assert re.search(r"difficulty\.yaml:\d+ \(runs\[0\]\.records\[0\]\): game seed \d+ is "
                     r"stored without the buildings left .*; expected the run stored again: "
                     + re.escape(greedy.command), error), error
    monkeypatch.chdir(book_copy.parents[1])
    assert main(shlex.split(greedy.command)[1:]) == 0
    assert main(["check", "solo-catan"]) == 0, capsys.readouterr().err
    again = load_book(book_copy).difficulty.run("greedy")
    assert [stored_line(g) for g in again.records] == [stored_line(g) for g in greedy.records]


#: a stored game's line as edited → the error's field and message
GAME_LINE_MISTAKES = {
    "negative points": ("false 4 51 86", "false -4 51 86", r"\.points\): invalid value "
                        r"'-4': below the smallest allowed, 0"),
    "not a boolean": ("false 4 51 86", "maybe 4 51 86", r"\.won\): invalid value 'maybe'"),
    "cut short": ("false 4 51 86 exhausted 3 71f54a70bd36 0.002", "false 4 51 86 exhausted 3",
                  r"\.digest\): missing field 'digest'"),
    "a value too many": ("false 4 51 86 exhausted 3 71f54a70bd36 0.002",
                         "false 4 51 86 exhausted 3 71f54a70bd36 0.002 won 9",
                         r"\): a game line of 11 values; expected seed won points turns "
                         r"actions end buildings digest cpu \[verdict\]"),
}


@pytest.mark.parametrize("case", GAME_LINE_MISTAKES)
def test_a_mistake_in_a_stored_game_is_an_error_at_its_line(case, book_copy, capsys):
    old, new, message = GAME_LINE_MISTAKES[case]
    file = book_copy / "difficulty.yaml"
    seed = "222601038393272 "  # the greedy run's second game
    text = file.read_text(encoding="utf-8")
    assert f"  - {seed}{old}" in text
    file.write_text(text.replace(f"  - {seed}{old}", f"  - {seed}{new}", 1), encoding="utf-8")
    line = next(n for n, typed in enumerate(text.splitlines(), 1)
                if typed.startswith(f"  - {seed}"))
    assert main(["check", str(book_copy)]) == 1
    error = capsys.readouterr().err
    assert re.search(rf"difficulty\.yaml:{line} \(runs\[0\]\.records\[1\]{message}",
                     " ".join(error.split())), error


def test_a_deal_any_player_won_counts_as_winnable(stored_runs):
    """The clairvoyant's undecided deals that another stored player won are won deals in
    the bracket (runs of other rules, an easier goal, do not count); its won and proved
    verdicts stay as they are, and nothing else moves."""
    clairvoyant = stored_runs.run("clairvoyant")
    won_by_others = {g.seed for run in stored_runs.own_runs if run is not clairvoyant
                     for g in run.records if g.won}
    rescued = [g for g in clairvoyant.records
               if g.verdict == "undecided" and g.seed in won_by_others]
    own, bracket = clairvoyant.verdicts, stored_runs.winnable(clairvoyant)
    assert rescued, "the stored runs hold such a deal (strong's)"
    assert (bracket.won, bracket.undecided, bracket.unwinnable, bracket.deals) == (
        own.won + len(rescued), own.undecided - len(rescued), own.unwinnable, own.deals)
    assert stored_runs.winnable(stored_runs.run("greedy")) is None


def test_save_with_compare_stores_each_value_as_a_run_of_its_own_rules(book_copy, capsys):
    """`--compare goal=15,25 --save`: a run per value, each with the rule it changed and the
    command that plays it alone; the book's own runs are kept and stay its columns."""
    before = load_book(book_copy).difficulty
    assert main(["simulate", str(book_copy), "--player", "expert", "--games", "3",
                 "--compare", "goal=15,25", "--jobs", "1", "--save"]) == 0
    after = load_book(book_copy).difficulty
    assert after.own_runs == before.own_runs
    goals = dict(after.compared("expert", "goal"))
    assert set(goals) == {15, 18, 20, 22, 25}, "the other stored goals are kept"
    assert goals[20] is after.run("expert")
    assert (goals[15].games, goals[15].rules) == (3, {"goal": 15})
    assert goals[25].command == ("rulebook simulate solo-catan --games 3 --seed 1 "
                                 "--player expert --compare goal=25 --save")
    assert "(goal=15)" in capsys.readouterr().out


def test_a_run_of_a_parameter_compare_cannot_change_is_refused_at_its_line(book_copy, capsys):
    file = book_copy / "difficulty.yaml"
    text = file.read_text(encoding="utf-8")
    file.write_text(text.replace("  rules:\n    goal: 15\n", "  rules:\n    hand_size: 9\n", 1),
                    encoding="utf-8")
    assert main(["check", str(book_copy)]) == 1
    error = capsys.readouterr().err
    assert "difficulty.yaml:" in error and "(runs[2].rules): the run changes hand_size" in error
    assert "expected one of goal, university_unlimited" in error


@pytest.mark.parametrize("share, es, en", [
    (0.0, "casi ninguna", "almost none"), (0.06, "cerca de una de cada 16", "about one in 16"),
    (0.52, "cerca de la mitad", "about half"),
    # up to ten in words, as a player says it (review); above, in figures
    (0.765, "unas tres de cada cuatro", "about three in four"),
    (0.85, "unas cinco de cada seis", "about five in six"), (0.99, "casi todas", "almost all"),
    # the review's 2.8 %, printed as "one in 20" (5 %) when ODDS stopped at 1 in 20
    (0.028, "cerca de una de cada 35", "about one in 35"),
    (0.97, "unas 34 de cada 35", "about 34 in 35")])
def test_a_share_in_players_words(share, es, en):
    from generator.core.i18n import odds
    said = odds(share, "es"), odds(share, "en")
    assert tuple(s.replace("\xa0", " ") for s in said) == (es, en)
    if " de cada " in es:  # the last number never starts a line: «de cada» + nbsp + «cuatro»
        assert all(s.split("\xa0")[0].endswith(("cada", "in")) for s in said), said


@pytest.mark.parametrize("share, es, en", [
    (0.0, "casi ninguna partida", "almost no game"),
    (0.34, "cerca de una de cada tres partidas", "about one game in three"),
    (0.52, "cerca de la mitad de las partidas", "about half of the games"),
    (0.765, "unas tres de cada cuatro partidas", "about three in four games"),
    (0.99, "casi todas las partidas", "almost every game")])
def test_what_you_win_in_players_words(share, es, en):
    """Review: «las partidas que ganas son cerca de la mitad» read heavily; the book says
    «ganas cerca de la mitad de las partidas» (`odds(…, games=true)`)."""
    from generator.core.i18n import odds
    said = odds(share, "es", games=True), odds(share, "en", games=True)
    assert tuple(s.replace("\xa0", " ") for s in said) == (es, en)
