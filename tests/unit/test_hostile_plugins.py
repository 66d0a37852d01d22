"""A broken engine plugin is its own bug, said in one line, and never ends the other books.

Each case is a small plugin installed for real: a module and a `*.dist-info` folder with its
entry point in the group `rulebook.engines`, on `sys.path`, found by importlib.metadata as an
installed package is (no monkeypatched registry). The plugin is the tutorial's dice engine
(docs/dicegame) with one part broken: a method that raises, a property that raises, an engine
that cannot be pickled, an exit or a KeyboardInterrupt at import or in a method. What a user
must see is guarded here: exit 1 and one line naming the plugin's package, the book, the
example and step (or the simulated game) at the step's file and line, the exception and its
last frame in the plugin; `--debug` the whole traceback; another book still checked (and
built); and a real Ctrl-C still exit 130.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from contentedit import edit, line_of
from generator.cli import main
from generator.simulate.runs import game_seeds
from repo import ROOT

DICEGAME = ROOT / "docs" / "dicegame"
PACKAGE = "hostile-engines 0.3"  # the distribution's name and version, as messages name it


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project made as the tutorial makes it (docs/engines.md): `rulebook init`, `rulebook
    new bust --lang en`, its example and rules; and a second book, `other`, the same on the
    tutorial's own dice engine. `bust` names the engine `hostile`, each test's plugin."""
    root = tmp_path_factory.mktemp("plugins")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        assert main(["init", "games"]) == 0
        patch.chdir(root / "games")
        assert main(["new", "bust", "--lang", "en"]) == 0
    book = root / "games" / "content" / "bust"
    edit(book / "components.yaml", "game:\n  goal: 10", "game:\n  goal: 40\n  rounds: 5")
    for part in ("chapters/02-rules.md", "glossary.yaml", "examples/push-your-luck.yaml"):
        (book / part).parent.mkdir(exist_ok=True)
        shutil.copy(DICEGAME / "book" / part, book / part)
    shutil.copytree(book, book.parent / "other")
    (book / "book.yaml").write_text((book / "book.yaml").read_text() + "engine: hostile\n")
    other = book.parent / "other" / "book.yaml"
    other.write_text(other.read_text() + "engine: dice\n")
    return root / "games"


def install(site: Path, module: str, source: str) -> None:
    """The plugin `module` (its source) as an installed distribution: the module and a
    dist-info folder whose entry points name it `hostile`, and the tutorial's engine `dice`."""
    site.mkdir(exist_ok=True)
    (site / f"{module}.py").write_text(source, encoding="utf-8")
    info = site / "hostile_engines-0.3.dist-info"
    info.mkdir()
    name, version = PACKAGE.split()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    dice = tomllib.loads((DICEGAME / "pyproject.toml").read_text())["project"][
        "entry-points"]["rulebook.engines"]["dice"]
    (info / "entry_points.txt").write_text(
        f"[rulebook.engines]\nhostile = {module}:Engine\ndice = {dice}\n")


@pytest.fixture
def games(project, tmp_path, monkeypatch) -> Path:
    """This test's copy of the project, standing in it, with the dice game and the folder
    its plugin is installed in (`plugin`) on sys.path."""
    copy = tmp_path / "games"
    shutil.copytree(project, copy)
    monkeypatch.chdir(copy)
    monkeypatch.syspath_prepend(str(DICEGAME))
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    return copy


def plugin(games: Path, source: str) -> str:
    """Install the plugin `source` for the test; its module's name, the test's own (each
    test's plugin is imported afresh)."""
    module = "hostile_" + re.sub(r"\W", "_", games.parent.name)
    install(games.parent / "site", module, source)
    return module


def cli(*args: str, capsys) -> tuple[int, str, str]:
    """`rulebook ARGS` in this process: its exit status and what it said. Anything that
    escapes `main` (a plugin's exit, its KeyboardInterrupt) fails the test, not the run."""
    try:
        code = main(list(args))
    except BaseException as escaped:  # noqa: BLE001 - what a user would get as a traceback
        captured = capsys.readouterr()
        pytest.fail(f"escaped main: {escaped!r}\n{captured.err}")
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line(err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


ENGINE = """
from dicegame.engine import DiceEngine
from dicegame.rules import Bust, Roll


class Engine(DiceEngine):
"""


def engine(body: str) -> str:
    """The plugin's module: the tutorial's engine, subclassed with `body` (its methods
    written 8 spaces in, as in the tables below; anything else 4)."""
    return ENGINE + "\n".join(line[4:] for line in body.splitlines()) + "\n"


def step(number: int) -> str:
    """The tutorial example's step `number`, as a failure names it (with its `do:`)."""
    do = ["bank", "roll 2", "bank", "roll 1", "roll 2"][number - 1]
    return f"example 'push-your-luck', step {number} ({do})"


def step_line(games: Path, number: int) -> str:
    example = games / "content" / "bust" / "examples" / "push-your-luck.yaml"
    line = line_of(example, "- do: ", number)
    return f"content/bust/examples/push-your-luck.yaml:{line} (steps[{number - 1}]): "


#: case → (the Engine class's body, the method that fails, where, the exception's words)
IN_CHECK = {
    "push": ("""
        def new_game(self, source):
            game = super().new_game(source)
            game.__class__ = Broken
            return game


    class Broken(Bust):
        def push(self, action):
            if isinstance(action, Roll):
                return {}["dice"]  # fails here
            super().push(action)
    """, "push", 2, "KeyError: 'dice'"),
    "compare": ("""
        def compare(self, game, expect, source, path):
            return 1 / 0  # fails here
    """, "compare", 2, "ZeroDivisionError: division by zero"),
    "action_text": ("""
        def action_text(self, action, before):
            return action.words  # fails here
    """, "action_text", 1, "AttributeError: 'Bank' object has no attribute 'words'"),
    "position_lines after a step": ("""
        def position_lines(self, game):
            if game.score == 22:
                raise IndexError("no line 4")  # fails here
            return super().position_lines(game)
    """, "position_lines", 3, "IndexError: no line 4"),
    "sys.exit(0) in a method": ("""
        def compare(self, game, expect, source, path):
            raise SystemExit(0)  # fails here
    """, "compare", 2, "SystemExit: 0"),
    "SystemExit of another code": ("""
        def compare(self, game, expect, source, path):
            raise SystemExit(3)  # fails here
    """, "compare", 2, "SystemExit: 3"),
    "KeyboardInterrupt with no Ctrl-C": ("""
        def parse(self, text):
            raise KeyboardInterrupt  # fails here
    """, "parse", 1, "KeyboardInterrupt"),
    "a BaseException of its own": ("""
        def action_text(self, action, before):
            raise Hostile("not an Exception")  # fails here


    class Hostile(BaseException):
        pass
    """, "action_text", 1, "Hostile: not an Exception"),
}


def _plugin_line(source: str) -> int:
    """The line of the plugin's module marked `# fails here`."""
    return next(n for n, line in enumerate(source.splitlines(), 1) if "# fails here" in line)


@pytest.mark.parametrize("case", IN_CHECK)
def test_a_method_that_fails_is_one_line_naming_plugin_book_example_and_step(case, games,
                                                                             capsys):
    body, method, number, words = IN_CHECK[case]
    source = engine(body)
    module = plugin(games, source)
    code, out, err = cli("check", "bust", capsys=capsys)
    assert code == 1, out
    assert one_line(err) == (
        f"error: {step_line(games, number)}engine 'hostile' ({module}:Engine, package "
        f"{PACKAGE}) failed in {method}, book bust, {step(number)}: {words} "
        f"({module}.py:{_plugin_line(source)}); a bug in the engine, not in the book (--debug "
        "prints its traceback)")


def test_position_lines_failing_at_the_start_names_the_examples_start(games, capsys):
    body = """
        def position_lines(self, game):
            return [("Round", game.round)] + [None][1]  # fails here
    """
    source = engine(body)
    module = plugin(games, source)
    code, _, err = cli("check", "bust", capsys=capsys)
    example = games / "content" / "bust" / "examples" / "push-your-luck.yaml"
    assert code == 1 and one_line(err).startswith(
        f"error: content/bust/examples/push-your-luck.yaml:{line_of(example, 'start:') + 1} "
        f"(start): engine 'hostile' ({module}:Engine, package {PACKAGE}) failed in "
        "position_lines, book bust, example 'push-your-luck', its start: IndexError: list "
        f"index out of range ({module}.py:{_plugin_line(source)})")


def test_a_parse_property_that_raises_is_one_line_naming_the_plugin(games, capsys):
    body = """
        @property
        def parse(self):
            raise RuntimeError("no notation yet")  # fails here
    """
    source = engine(body)
    module = plugin(games, source)
    code, _, err = cli("check", "bust", capsys=capsys)
    assert code == 1 and one_line(err) == (
        f"error: engine 'hostile' ({module}:Engine, package {PACKAGE}) failed in reading "
        f"parse, book bust: RuntimeError: no notation yet ({module}.py:{_plugin_line(source)}); "
        "a bug in the engine, not in the book (--debug prints its traceback)")


@pytest.mark.parametrize("case, source, words", [
    ("sys.exit(0)", "import sys\nsys.exit(0)  # fails here\n", "SystemExit: 0"),
    ("KeyboardInterrupt", "raise KeyboardInterrupt  # fails here\n", "KeyboardInterrupt"),
])
def test_an_exit_or_interrupt_at_import_is_the_plugins_error_and_not_green(case, source, words,
                                                                          games, capsys):
    module = plugin(games, source)
    code, out, err = cli("check", "bust", capsys=capsys)
    assert code == 1 and "ok bust" not in out
    assert one_line(err) == (
        f"error: engine 'hostile' ({module}:Engine, package {PACKAGE}) failed to load, book "
        f"bust: {words} ({module}.py:{_plugin_line(source)}); a "
        "bug in the engine, not in the book (--debug prints its traceback)")


def test_every_other_book_is_still_checked_and_the_check_fails(games, capsys):
    plugin(games, "import sys\nsys.exit(0)\n")
    code, out, err = cli("check", capsys=capsys)  # every book of the project
    assert code == 1
    assert "ok other: 3 chapters, 1 abbreviation, 1 worked example replayed" in out
    assert "failed to load, book bust: SystemExit: 0" in one_line(err)


def test_two_broken_books_are_each_said_and_the_others_checked(games, capsys):
    plugin(games, engine("""
            def compare(self, *args):
                raise SystemExit(0)
    """))
    shutil.copytree(games / "content" / "bust", games / "content" / "bust-again")
    code, out, err = cli("check", capsys=capsys)
    assert code == 1 and "ok other:" in out and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 3, err
    assert "book bust," in lines[0] and "book bust-again," in lines[1]
    assert lines[2] == "error: 2 of 3 books have mistakes (above)"


def test_a_build_of_every_book_builds_the_others_and_fails(games, capsys):
    plugin(games, "import sys\nsys.exit(0)\n")
    code, out, err = cli("build", capsys=capsys)
    assert code == 1 and "failed to load, book bust: SystemExit: 0" in one_line(err)
    assert (games / "output" / "other" / "index.html").is_file()
    assert not (games / "output" / "bust").exists()


def test_debug_prints_the_whole_traceback(games, capsys):
    body = """
        def compare(self, game, expect, source, path):
            return 1 / 0  # fails here
    """
    source = engine(body)
    module = plugin(games, source)
    for args in (["--debug", "check", "bust"], ["check", "bust", "--debug"]):
        code, _, err = cli(*args, capsys=capsys)
        assert code == 1
        first, *rest = err.strip().splitlines()
        assert first.startswith("error: ") and "failed in compare, book bust" in first
        assert "(--debug prints" not in first
        assert rest[0] == "Traceback (most recent call last):", err
        assert f'{module}.py", line {_plugin_line(source)}, in compare' in err
        assert rest[-1] == "ZeroDivisionError: division by zero"


def test_a_real_ctrl_c_in_plugin_code_still_stops_the_command(games, capsys):
    """A SIGINT that arrives while the plugin runs is the user's Ctrl-C: exit 130."""
    plugin(games, engine("""
        def compare(self, game, expect, source, path):
            import os, signal, time
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
    """))
    code, out, err = cli("check", "bust", capsys=capsys)
    assert code == 130 and "interrupted" in one_line(err)


# --- rulebook simulate: a plugin's whole games ------------------------------------------------

def simulated(seed: int = 1) -> str:
    first = game_seeds(seed, 1)[0]
    return f"simulated game seed {first} (--replay {first} plays it step by step)"


#: case → (the Engine class's body, the simulate arguments, what failed, the exception)
IN_SIMULATE = {
    "random_start": ("""
        def random_start(self, seed):
            return self.dealt[seed]  # fails here
    """, [], "random_start", "AttributeError: 'Engine' object has no attribute 'dealt'"),
    "a player's choose": ("""
        @property
        def players(self):
            return {"cautious": Reckless}


    class Reckless:
        name = "reckless"

        def choose(self, game, actions, rng):
            return actions[9]  # fails here
    """, ["--player", "cautious"], "players['cautious'].choose",
        "IndexError: list index out of range"),
}


@pytest.mark.parametrize("case", IN_SIMULATE)
def test_a_simulation_method_that_fails_names_the_game_that_met_it(case, games, capsys):
    body, args, method, words = IN_SIMULATE[case]
    source = engine(body)
    module = plugin(games, source)
    code, _, err = cli("simulate", "bust", "--games", "3", "--jobs", "1", *args,
                       capsys=capsys)
    assert code == 1 and one_line(err) == (
        f"error: engine 'hostile' ({module}:Engine, package {PACKAGE}) failed in {method}, "
        f"book bust, {simulated()}: {words} ({module}.py:{_plugin_line(source)}); a bug in the "
        "engine, not in the book (--debug prints its traceback)")


def test_an_engine_that_cannot_be_pickled_for_jobs_is_one_line(games, capsys):
    module = plugin(games, engine("""
        def __init__(self, book):
            super().__init__(book)
            self.roll = (face for face in range(6))
    """))
    code, _, err = cli("simulate", "bust", "--games", "4", "--jobs", "2", capsys=capsys)
    assert code == 1
    assert re.fullmatch(
        rf"error: engine 'hostile' \({module}:Engine, package {PACKAGE}\) failed in pickling "
        r"\(simulate --jobs N sends the engine to worker processes; expected an engine that "
        r"pickles, or --jobs 1\), book bust: TypeError: cannot pickle 'generator' object "
        r"\(.*\); a bug in the engine, not in the book \(--debug prints its traceback\)",
        one_line(err)), err
    assert cli("simulate", "bust", "--games", "4", "--jobs", "1", capsys=capsys)[0] == 0


#: case → the Engine class's body: an exit or an interrupt of the plugin's own in a game
EXITS_IN_A_GAME = {
    "KeyboardInterrupt": ("""
        def random_start(self, seed):
            raise KeyboardInterrupt  # fails here
    """, "KeyboardInterrupt"),
    "sys.exit(0)": ("""
        def random_start(self, seed):
            raise SystemExit(0)  # fails here
    """, "SystemExit: 0"),
    "SystemExit of another code": ("""
        def random_start(self, seed):
            raise SystemExit(3)  # fails here
    """, "SystemExit: 3"),
}
#: how the games are played: this process, worker processes forked from it (Linux's way
#: before Python 3.14), or started afresh (3.14's forkserver, macOS's spawn), a Dask cluster
WORKERS = {
    "--jobs 1": ["--jobs", "1"],
    "--jobs 2, forked": ["--jobs", "2"],
    "--jobs 2, forkserver": ["--jobs", "2"],
    "--jobs 2, spawned": ["--jobs", "2"],
    "--scheduler local": ["--jobs", "2", "--scheduler", "local"],
}


@pytest.mark.parametrize("workers", WORKERS)
@pytest.mark.parametrize("case", EXITS_IN_A_GAME)
def test_an_exit_or_interrupt_in_a_game_is_the_same_line_in_a_worker(case, workers, games,
                                                                     capsys, monkeypatch):
    """The plugin's own KeyboardInterrupt or exit in a simulated game is its bug, said as
    with --jobs 1 wherever the game is played. A worker started afresh has not the command's
    SIGINT handler: its KeyboardInterrupt was taken for the user's Ctrl-C (exit 130,
    "interrupted"), and on Dask each worker died in turn (a traceback: KilledWorker)."""
    if "forkserver" in workers or "spawned" in workers:
        import concurrent.futures
        import multiprocessing
        from generator.simulate import engines
        context = multiprocessing.get_context("forkserver" if "forkserver" in workers
                                              else "spawn")
        pool = concurrent.futures.ProcessPoolExecutor
        monkeypatch.setattr(engines, "ProcessPoolExecutor", lambda max_workers: pool(
            max_workers=max_workers, mp_context=context))
    body, words = EXITS_IN_A_GAME[case]
    source = engine(body)
    module = plugin(games, source)
    code, _, err = cli("simulate", "bust", "--games", "4", *WORKERS[workers], capsys=capsys)
    assert code == 1 and one_line(err) == (
        f"error: engine 'hostile' ({module}:Engine, package {PACKAGE}) failed in random_start, "
        f"book bust, {simulated()}: {words} ({module}.py:{_plugin_line(source)}); a bug in the "
        "engine, not in the book (--debug prints its traceback)")


def test_a_failing_game_on_a_local_dask_cluster_is_one_line_on_the_terminal(games):
    """As a user runs it (a process of its own): each Dask worker also logged "Compute
    Failed" with the task's traceback on the standard error."""
    import os
    import subprocess
    import sys
    body, words = EXITS_IN_A_GAME["KeyboardInterrupt"]
    source = engine(body)
    module = plugin(games, source)
    path = os.pathsep.join([str(games.parent / "site"), str(DICEGAME)])
    done = subprocess.run([sys.executable, "-m", "generator.cli", "simulate", "bust", "--games",
                           "4", "--jobs", "2", "--scheduler", "local"], cwd=games,
                          capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": path})
    assert done.returncode == 1
    assert one_line(done.stderr.decode()).startswith(
        f"error: engine 'hostile' ({module}:Engine, package {PACKAGE}) failed in random_start")


#: where the plugin's `position_lines` fails only when drawing the book (check asked it and it
#: answered): the PDF's example box, or the HTML edition's
AT_BUILD = {"PDF": "generator/pdf/story.py", "HTML": "generator/html/render.py"}


@pytest.mark.parametrize("edition", AT_BUILD)
@pytest.mark.parametrize("number", [None, 3])
def test_position_lines_failing_at_build_names_the_example_and_step(edition, number, games,
                                                                    capsys):
    """Met by the build only (a plugin that fails as it is drawn), the failure named the
    book alone, not the example and step the other guarded calls name."""
    when = "True" if number is None else "game.score == 22"
    source = engine(f"""
        def position_lines(self, game):
            import traceback
            drawn = any(f.filename.endswith({AT_BUILD[edition]!r})
                        for f in traceback.extract_stack())
            if drawn and {when}:
                raise IndexError("no line 4")  # fails here
            return super().position_lines(game)
    """)
    module = plugin(games, source)
    assert cli("check", "bust", capsys=capsys)[0] == 0
    code, _, err = cli("build", "bust", capsys=capsys)
    example = games / "content" / "bust" / "examples" / "push-your-luck.yaml"
    where, what = ((f"content/bust/examples/push-your-luck.yaml:{line_of(example, 'start:') + 1} "
                    "(start): ", "example 'push-your-luck', its start") if number is None
                   else (step_line(games, number), step(number)))
    assert code == 1 and one_line(err) == (
        f"error: {where}engine 'hostile' ({module}:Engine, package {PACKAGE}) failed in "
        f"position_lines, book bust, {what}: IndexError: no line 4 "
        f"({module}.py:{_plugin_line(source)}); a bug in the engine, not in the book (--debug "
        "prints its traceback)")
    assert not (games / "output" / "bust").exists()
