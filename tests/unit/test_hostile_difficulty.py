"""No false number from difficulty.yaml reaches print, and every fix it asks for works.

The book prints the figures of its stored simulation runs (wins, interval, points, length,
ends, CPU time, verdicts). What is guarded here, on a small stored file made by the real
`rulebook simulate … --save` (a copy of the solo book whose appendix prints one greedy run
beside a clairvoyant one): every figure is derived from the stored games, so one edited by
hand (a mean of 15.0, an interval, a rate, the histogram, the quartiles, the verdicts) is
refused at its line rather than printed; a game the rules do not allow (a lost game flipped to
won, a won game of 3 points, an end the engine never gives), a game stored twice, a seed the
run's --seed and --games never deal, a game left out, are each one located line; and after
the book's rules change (goal 20 → 21), the commands `rulebook check` names are run as typed
and the check then passes, as it does after the commands that replace a file written before
(figures beside the games, lines without the buildings left).
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from contentedit import assert_one_located_error, edit, line_of
from rounding import half_up
from generator.cli import main
from generator.content.loader import load_book
from generator.simulate.runs import game_seeds
from repo import CONTENT_ROOT

BOOK = Path("content/solo-catan")  # as typed, standing in the project: as errors name it
SEEDS = game_seeds(1, 3)  # the stored runs' deals: --seed 1 --games 3
GREEDY = "rulebook simulate solo-catan --games 3 --seed 1 --player greedy --save"
CLAIRVOYANT = ("rulebook simulate solo-catan --games 3 --seed 1 --player clairvoyant "
               "--budget 3000 --save")
#: The appendix of the small book: the table of both runs, greedy's stuck games with
#: nothing to demolish with, and the chart.
APPENDIX = """{% set g = difficulty.run("greedy") %}
# Apéndice: ¿es difícil? {#dificultad}

{{ difficulty_table() }}

De las {{ g.games }} partidas de greedy, {{ g.stuck_bare }} acabaron sin construcciones.

{{ figure("dificultad") }}
"""

#: The dossier's method chapter, cut down with it (the chart is the appendix's above).
METHOD = """# Apéndice: cómo se midió la dificultad {#dificultad-metodo}

Los jugadores automáticos juegan los repartos de cada tirada.
"""


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> Path:
    """A project with the solo book (without its translation), its appendix cut down to
    greedy's and clairvoyant's runs, stored by `--save` with 3 games each."""
    root = tmp_path_factory.mktemp("stored")
    book = root / "content" / "solo-catan"
    shutil.copytree(CONTENT_ROOT / "solo-catan", book,
                    ignore=lambda folder, names: ["en"] if Path(folder).name == "solo-catan"
                    else [])
    (book / "chapters" / "15-dificultad.md").write_text(APPENDIX, encoding="utf-8")
    (book / "chapters" / "17-dificultad-metodo.md").write_text(METHOD, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        assert main(["simulate", "solo-catan", "--player", "greedy,clairvoyant", "--games",
                     "3", "--budget", "clairvoyant=3000", "--jobs", "1", "--save"]) == 0
    file = book / "difficulty.yaml"
    text = file.read_text(encoding="utf-8")  # the book's own expert and strong runs, kept by
    file.write_text(text[:text.index("- player: expert")] +  # --save: out
                    text[text.index("- player: clairvoyant"):], encoding="utf-8")
    return root


@pytest.fixture
def project(stored, tmp_path, monkeypatch, capsys) -> Path:
    """This test's copy of the project, standing in it, checked as it is stored."""
    copy = tmp_path / "project"
    shutil.copytree(stored, copy)
    monkeypatch.chdir(copy)
    assert main(["check", "solo-catan"]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return copy


def greedy_line(project: Path, game: int) -> str:
    """Greedy's stored line of game `game` (1-based), as written."""
    text = (project / "content" / "solo-catan" / "difficulty.yaml").read_text()
    return next(line for line in text.splitlines() if line.startswith(f"  - {SEEDS[game - 1]} "))


def after_seed(player: str, text: str) -> tuple[str, str]:
    """An edit putting `text` in `player`'s run, after its seed."""
    command = GREEDY if player == "greedy" else CLAIRVOYANT
    return f"  seed: 1\n  command: {command}\n", f"  seed: 1\n{text}  command: {command}\n"


FIGURE = (r"a figure stored beside the games \('{name}'\): the book derives every figure from "
          r"the games, so one stored is never printed .*; expected the run as --save writes "
          r"it, its games only: {command}")

#: case → (the run, the figure's text put in it, its name, the line the error names: its
#: value's, as for any YAML mapping)
FIGURES = {
    "mean points 7.52 → 15.0": ("greedy", "  mean_points: 15.0\n", "mean_points",
                                "  mean_points:"),
    "the interval": ("greedy", "  win_low: 0.5\n  win_high: 0.9\n", "win_low", "  win_low:"),
    "a rate": ("greedy", "  stuck_rate: 0.9\n", "stuck_rate", "  stuck_rate:"),
    "the histogram": ("greedy", "  points:\n    20: 3\n", "points", "    20: 3"),
    "the quartiles": ("greedy", "  turn_quartiles: [1.0, 2.0, 3.0]\n", "turn_quartiles",
                      "  turn_quartiles:"),
    "the verdicts": ("clairvoyant", "  verdicts: {won: 3, unwinnable: 0, undecided: 0}\n",
                     "verdicts", "  verdicts:"),
}


@pytest.mark.parametrize("case", FIGURES)
def test_a_figure_edited_by_hand_is_refused_at_its_line(case, project, tmp_path, capsys):
    player, text, name, needle = FIGURES[case]
    file = project / "content" / "solo-catan" / "difficulty.yaml"
    edit(file, *after_seed(player, text))
    run = 0 if player == "greedy" else 1
    command = re.escape(GREEDY if player == "greedy" else CLAIRVOYANT)
    assert_one_located_error(BOOK, tmp_path, capsys, "difficulty.yaml",
                             line_of(file, needle),
                             rf"\(runs\[{run}\]\.{name}\): " +
                             FIGURE.format(name=name, command=command))


def _game(project: Path, game: int, old: str, new: str) -> str:
    """Greedy's line of game `game` with `old` (a part of it) replaced by `new`."""
    line = greedy_line(project, game)
    assert old in line, line
    return line.replace(old, new, 1)


#: case → (a function of the project giving (old text, new text, needle, record, pattern))
GAMES = {
    "a lost game flipped to won": lambda p: (
        greedy_line(p, 1), _game(p, 1, " false ", " true "), 0,
        rf"game seed {SEEDS[0]} is won with \d+ points, ended 'exhausted', but the goal is 20; "
        r"expected a won game to end 'goal' with 20 points or more, and a lost one with fewer"),
    "a won game of 3 points": lambda p: (
        greedy_line(p, 2), re.sub(r" false \d+ (\d+ \d+) exhausted ", r" true 3 \1 goal ",
                                  greedy_line(p, 2)), 1,
        rf"game seed {SEEDS[1]} is won with 3 points, ended 'goal', but the goal is 20"),
    "a duplicated record": lambda p: (
        greedy_line(p, 2), greedy_line(p, 1) + "\n" + greedy_line(p, 2), 1,
        rf"game 2 is game 1 again \(seed {SEEDS[0]}\): a game stored twice; expected game 2's "
        rf"seed {SEEDS[1]}, as --seed 1 --games 3 deals it"),
    "a seed the run never dealt": lambda p: (
        greedy_line(p, 2), _game(p, 2, str(SEEDS[1]), "123456789"), 1,
        rf"seed 123456789 of game 2 is not one this run deals; expected game 2's seed "
        rf"{SEEDS[1]}, as --seed 1 --games 3 deals it"),
    "two games swapped": lambda p: (
        greedy_line(p, 1) + "\n" + greedy_line(p, 2),
        greedy_line(p, 2) + "\n" + greedy_line(p, 1), 0,
        rf"game 1 has the seed of game 2 \({SEEDS[1]}\); expected game 1's seed {SEEDS[0]}"),
    "an end the engine never gives": lambda p: (
        greedy_line(p, 3), _game(p, 3, " exhausted ", " bored "), 2,
        rf"game seed {SEEDS[2]} ended 'bored'; expected one of goal, exhausted, stuck, "
        "unfinished"),
    "cut short before the action limit": lambda p: (
        greedy_line(p, 3), _game(p, 3, " exhausted ", " unfinished "), 2,
        rf"game seed {SEEDS[2]} ended 'unfinished' after \d+ actions; expected at most the "
        r"runner's limit of 20000 actions, 'unfinished' only when it cut the game short"),
    "a line without the buildings left": lambda p: (
        greedy_line(p, 1), re.sub(r"(exhausted) \d+ ", r"\1 ", greedy_line(p, 1)), 0,
        rf"game seed {SEEDS[0]} is stored without the buildings left \(a line written "
        rf"before\).*; expected the run stored again: {re.escape(GREEDY)}"),
}


@pytest.mark.parametrize("case", GAMES)
def test_a_game_the_run_or_the_rules_cannot_give_is_refused_at_its_line(case, project,
                                                                        tmp_path, capsys):
    old, new, record, pattern = GAMES[case](project)
    file = project / "content" / "solo-catan" / "difficulty.yaml"
    edit(file, old, new)
    line = line_of(file, new.splitlines()[0]) + (1 if case == "a duplicated record" else 0)
    assert_one_located_error(BOOK, tmp_path, capsys, "difficulty.yaml", line,
                             rf"\(runs\[0\]\.records\[{record}\]\): {pattern}")


def test_a_won_verdict_on_a_lost_deal_is_refused_at_its_line(project, tmp_path, capsys):
    file = project / "content" / "solo-catan" / "difficulty.yaml"
    text = file.read_text(encoding="utf-8")
    line = next(n for n, typed in enumerate(text.splitlines(), 1)
                if typed.endswith(" undecided") and " false " in typed)
    typed = text.splitlines()[line - 1]
    edit(file, typed, typed.replace(" undecided", " won"))
    assert_one_located_error(BOOK, tmp_path, capsys, "difficulty.yaml", line,
                             r"\(runs\[1\]\.records\[\d\]\): game seed \d+ is lost with the "
                             r"verdict 'won'; expected a verdict for every deal of the run, "
                             r"'won' exactly for a won game")


def test_a_game_left_out_is_refused_at_the_runs_games(project, tmp_path, capsys):
    file = project / "content" / "solo-catan" / "difficulty.yaml"
    edit(file, greedy_line(project, 3) + "\n", "")
    assert_one_located_error(BOOK, tmp_path, capsys, "difficulty.yaml",
                             line_of(file, f"  - {SEEDS[0]} "),  # the records' first
                             r"\(runs\[0\]\.records\): 2 games stored for a run of 3 games; "
                             rf"expected every game of the run, as {re.escape(GREEDY)} writes "
                             "them")


def test_another_run_seed_must_deal_the_games_stored(project, tmp_path, capsys):
    file = project / "content" / "solo-catan" / "difficulty.yaml"
    edit(file, f"  seed: 1\n  command: {GREEDY}", f"  seed: 2\n  command: "
         f"{GREEDY.replace('--seed 1', '--seed 2')}")
    assert_one_located_error(BOOK, tmp_path, capsys, "difficulty.yaml",
                             line_of(file, f"  - {SEEDS[0]} "),
                             rf"\(runs\[0\]\.records\[0\]\): seed {SEEDS[0]} of game 1 is not "
                             rf"one this run deals; expected game 1's seed {game_seeds(2, 1)[0]}, "
                             r"as --seed 2 --games 3 deals it")


def test_the_book_prints_the_figures_of_its_stored_games(project, capsys):
    """A lost game's points changed within the rules (what only a re-run of its seed can
    tell, its digest) moves the printed mean: nothing printed is stored apart from the
    games. Greedy's mean of 3 games, and its stuck games with nothing to demolish with."""
    book = project / "content" / "solo-catan"
    runs = load_book(book).difficulty

    def printed() -> str:
        chapter = next(c for c in load_book(book).chapters if c.id == "dificultad")
        return " ".join("".join(chapter.tree.itertext()).split())
    greedy = runs.run("greedy")
    points = [g.points for g in greedy.records]
    line = greedy_line(project, 1)
    edit(book / "difficulty.yaml", line, re.sub(r" false \d+ ", " false 9 ", line, count=1))
    mean = half_up((sum(points) - points[0] + 9) / 3, "0.1", comma=True)
    bare = sum(g.end == "stuck" and g.buildings == 0 for g in greedy.records)
    text = printed()
    assert f"Puntos al terminar, media {mean} " in text, text
    assert f"De las 3 partidas de greedy, {bare} acabaron sin construcciones" in text


# --- the commands a refusal names work ---------------------------------------------------------

def commands(error: str) -> list[list[str]]:
    """The `rulebook simulate … --save` commands an error line names, as typed."""
    return [shlex.split(c)[1:] for c in re.findall(r"rulebook simulate [^;]*?--save", error)]


def rerun_until_checked(capsys) -> list[str]:
    """`rulebook check`, then each command its error names, as typed, until it passes; the
    error lines met on the way."""
    said = []
    for _ in range(4):
        if main(["check", "solo-catan"]) == 0:
            return said
        error = capsys.readouterr().err.strip()
        said.append(error)
        assert len(error.splitlines()) == 1 and commands(error), error
        for command in commands(error):
            assert main(command) == 0, capsys.readouterr().err
    pytest.fail(f"still refused after running what it said: {said}")


def test_after_the_goal_changes_the_commands_check_names_store_the_runs_again(project,
                                                                            capsys):
    """goal: 20 → 21 (and the book's example of the twentieth point, with it): check names
    the command of every stored run, which `--save` runs as typed; the book then checks."""
    book = project / "content" / "solo-catan"
    edit(book / "components.yaml", "  goal: 20", "  goal: 21")
    example = book / "examples" / "19-victoria.yaml"
    for old, new in (("  settlements: 1\n", "  settlements: 2\n"),
                     ("      points: 20\n", "      points: 21\n"),
                     ("      points: 19\n", "      points: 20\n")):
        edit(example, old, new)
    said = rerun_until_checked(capsys)
    assert said == [
        f"error: content/solo-catan/difficulty.yaml:{line_of(book / 'difficulty.yaml', 'goal:')}"
        " (goal): the stored run was played to 20 points, but the book's goal is 21; expected "
        f"the runs stored again by the book's rules: {GREEDY}; {CLAIRVOYANT}"]
    assert load_book(book).difficulty.goal == 21


def test_a_file_written_before_is_replaced_by_the_commands_check_names(project, capsys):
    """difficulty.yaml as `--save` wrote it before (figures beside the games, lines without
    the buildings left): refused run by run, each with its command, which replaces it."""
    file = project / "content" / "solo-catan" / "difficulty.yaml"
    text = re.sub(r"^(  - \d+ \w+ \d+ \d+ \d+ \w+) \d+ ", r"\1 ", file.read_text(),
                  flags=re.MULTILINE)
    for command in (GREEDY, CLAIRVOYANT):
        text = text.replace(f"  command: {command}\n",
                            f"  command: {command}\n  wins: 0\n  mean_points: 5.33\n")
    file.write_text(text)
    said = rerun_until_checked(capsys)
    assert len(said) == 2 and all("a figure stored beside the games ('wins')" in error
                                  for error in said), said
    assert [commands(error) for error in said] == [[shlex.split(GREEDY)[1:]],
                                                   [shlex.split(CLAIRVOYANT)[1:]]]
