"""The difficulty appendix prints stored runs (content/solo-catan/difficulty.yaml): every
number it prints must be the one a rerun of the stored command gives.

What is re-run, and why: greedy's run in full (a few seconds); of the strong run (several
CPU-seconds a game) and the clairvoyant run (up to several a deal), a sample of the stored
seeds — the first game, the first won and, for the clairvoyant, the first undecided deal —
whose records must match the stored lines exactly (each line's digest covers the whole
record, events included). The summaries the appendix prints are then checked against the
stored lines of every game, so a sample re-run vouches for the whole table.
"""

from __future__ import annotations

import re
import shlex
import statistics
from collections import Counter

import pdfplumber
import pytest
import yaml

from generator.cli import main
from generator.content.loader import load_book
from generator.examples.solo import rules_for
from generator.simulate.appendix import cpu_time
from generator.simulate.difficulty import game_line
from generator.simulate.runner import game_seeds, play, run
from generator.simulate.intervals import wilson
from repo import CONTENT_ROOT

BOOK = load_book(CONTENT_ROOT / "solo-catan")
RULES = rules_for(BOOK)
STORED = BOOK.difficulty


def _line(record) -> dict:
    """A game's stored line but its CPU time (measured, not reproducible)."""
    line = game_line(record)
    del line["cpu"]
    return line


def _stored(line) -> dict:
    fields = {"seed": line.seed, "won": line.won, "points": line.points, "turns": line.turns,
              "actions": line.actions, "end": line.end, "buildings": line.buildings,
              "digest": line.digest}
    if line.verdict:
        fields["verdict"] = line.verdict
    return fields


def _sample(stored_run) -> list:
    """The first game, the first won and the first undecided deal (when there are any)."""
    lines = stored_run.records
    picks = [lines[0], next((g for g in lines if g.won), None),
             next((g for g in lines if g.verdict == "undecided"), None)]
    return list({g.seed: g for g in picks if g is not None}.values())


def test_the_book_prints_greedy_strong_and_clairvoyant_on_the_same_deals():
    assert [r.player for r in STORED.runs] == ["greedy", "strong", "clairvoyant"]
    seeds = {r.seed for r in STORED.runs}
    assert len(seeds) == 1, "the appendix says the runs play the same deals"
    for stored in STORED.runs:
        assert [g.seed for g in stored.records] == game_seeds(stored.seed, stored.games)
    assert STORED.goal == BOOK.components.game.goal


def test_the_greedy_run_replays_in_full():
    greedy = STORED.run("greedy")
    records = run(RULES, greedy.games, greedy.seed, "greedy", jobs=2)
    assert [_line(r) for r in records] == [_stored(g) for g in greedy.records]


@pytest.mark.parametrize("player", ["strong", "clairvoyant"])
def test_a_sample_of_a_costly_run_replays_exactly(player):
    stored = STORED.run(player)
    for game in _sample(stored):
        assert _line(play(RULES, game.seed, player, budget=stored.budget)) == _stored(game)


@pytest.mark.parametrize("player", ["greedy", "strong", "clairvoyant"])
def test_each_printed_summary_is_that_of_its_stored_games(player):
    stored = STORED.run(player)
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


def _appendix_rows(pdf_path) -> dict[str, list[str]]:
    """The appendix table as printed: row label → the players' cells, from every page the
    table runs over (its head repeated on each), and the smallest type on those pages."""
    rows, players = {}, [r.player for r in STORED.runs]
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            for table in page.extract_tables():
                cells = [[" ".join((c or "").split()) for c in row] for row in table]
                if cells and cells[0][1:] == players:
                    rows.update({row[0]: row[1:] for row in cells[1:]})
                    sizes = {round(c["size"], 1) for c in page.chars}
                    assert min(sizes) >= 6.0, f"type under 6 pt: {sorted(sizes)}"
    assert rows, "the appendix table is in the book"
    return rows


def test_the_printed_appendix_shows_the_bracket_with_its_undecided_deals(solo_pdf):
    rows = _appendix_rows(solo_pdf)
    runs = STORED.runs
    clairvoyant = STORED.run("clairvoyant")

    def es(share: float) -> str:
        return f"{100 * share:.1f}".replace(".", ",")
    assert rows["Partidas (repartos)"] == [str(r.games) for r in runs]
    assert rows["Semilla de la tirada"] == [str(r.seed) for r in runs]
    assert rows["Partidas ganadas"] == [f"{r.wins} ({es(r.win_rate)} %)" for r in runs]
    assert rows["Intervalo del 95 %"] == [f"{es(r.win_low)}–{es(r.win_high)} %" for r in runs]
    # the bracket is the clairvoyant's alone, its undecided deals a row of their own
    undecided = clairvoyant.verdicts.undecided
    assert rows["Repartos sin decidir (presupuesto agotado)"] == \
        ["—", "—", f"{undecided} ({es(undecided / clairvoyant.games)} %)"]
    won, most = clairvoyant.verdicts.won, clairvoyant.verdicts.won + undecided
    assert rows["Repartos ganables, horquilla"] == \
        ["—", "—", f"{es(won / clairvoyant.games)}–{es(most / clairvoyant.games)} %"]
    assert rows["Tiempo de procesador por partida"] == \
        [" ".join(cpu_time(r.cpu_per_game, "es").split()) for r in runs]


def test_both_editions_print_the_same_numbers():
    english = load_book(CONTENT_ROOT / "solo-catan", "en")

    def numbers(book) -> list[str]:
        chapter = next(c for c in book.chapters if c.id == "dificultad")
        text = "".join(chapter.tree.itertext())
        return [n.replace(",", "") .replace(".", "") for n in re.findall(r"\d[\d.,]*", text)]
    spanish, english_numbers = numbers(BOOK), numbers(english)
    assert Counter(spanish) == Counter(english_numbers)


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
    assert clairvoyant.command == ("rulebook simulate solo-catan --games 2 --seed 1 "
                                   "--player clairvoyant --budget 3000 --save")
    assert "saved" in capsys.readouterr().out and file.exists()


def test_save_with_several_players_stores_each_players_run_with_its_command(book_copy):
    """`--player greedy,clairvoyant --save`: two runs on the same deals, each stored as
    that player's with the command that plays it alone; strong's run is kept."""
    before = load_book(book_copy).difficulty
    assert main(["simulate", str(book_copy), "--player", "greedy,clairvoyant", "--games", "3",
                 "--seed", "7", "--budget", "clairvoyant=3000", "--jobs", "1",
                 "--save"]) == 0
    after = load_book(book_copy).difficulty
    assert [r.player for r in after.runs] == ["greedy", "strong", "clairvoyant"]
    assert after.run("strong") == before.run("strong")
    greedy, clairvoyant = after.run("greedy"), after.run("clairvoyant")
    assert greedy.command == ("rulebook simulate solo-catan --games 3 --seed 7 "
                              "--player greedy --save")
    assert clairvoyant.command == ("rulebook simulate solo-catan --games 3 --seed 7 "
                                   "--player clairvoyant --budget 3000 --save")
    assert (greedy.budget, clairvoyant.budget) == (None, 3000)
    for stored in (greedy, clairvoyant):
        assert [g.seed for g in stored.records] == game_seeds(7, 3), "the same deals"
    assert [_stored(g) for g in greedy.records] == \
        [_line(r) for r in run(RULES, 3, 7, "greedy")]


def test_save_writes_each_game_as_one_line_that_reads_back_as_the_game(book_copy):
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
    assert [_stored(g) for g in stored.records] == \
        [_line(play(RULES, seed, "clairvoyant", budget=3000)) for seed in game_seeds(1, 2)]
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
    read = load_book(book_copy, runs_checked=False).difficulty.run("greedy").records
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
    assert [_stored(g) for g in again.records] == [_stored(g) for g in greedy.records]


#: a stored game's line as edited → the error's field and message
GAME_LINE_MISTAKES = {
    "negative points": ("false 4 51 86", "false -4 51 86", r"\.points\): invalid value "
                        r"'-4': Input should be greater than or equal to 0"),
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
