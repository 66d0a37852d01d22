"""Careless and hostile input, round two (issue 29): no data loss, no hang, no traceback.

What a user would check, on the small book `rulebook init p && rulebook new g --lang en
--cards` makes:

- data loss: an output folder among the books (`--output content`, `cd content && --output
  .`, `--output content/g`, rulebook.toml's `output = "content"`) is one line, and not a byte
  of the project changes; a build removes or replaces only files it wrote itself (the output
  folder's list, core/output.py), never a file the user put there;
- hangs: a named pipe or a device where a content file should be (a YAML file, a chapter, an
  image, book.yaml, rulebook.toml) is "not a regular file" at its path, at once, for check,
  build and watch, and the watcher rebuilds once the file is back;
- absurd numbers: every number `rulebook simulate` takes answers within seconds with one line
  that states the allowed range, and a run starts no more workers than the machine's cores
  can use;
- a closed or broken standard output: no traceback, and never a success status for output
  that was lost.

Commands run in this process where they can; in a process of their own only where the test
is about the process (its standard output closed) or about a command that, unguarded, would
never end (`watch`, or one that ran out of memory): those are given a time limit, and the
simulations a memory limit, so that a regression fails the test instead of the machine.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import resource
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from generator.core.output import write_all
from generator.cli import main
from repo import CONTENT_ROOT

#: Seconds any refused command may take in this process (a check of the small book: ~0.3 s).
QUICK = 4.0
#: Seconds after which a pipe the program waits on is given an end, so that the test fails on
#: its clock rather than hanging.
RELEASE = 5.0
#: Seconds a command run in a process of its own may take: "every command given absurd
#: numbers answers within 10 s".
BOUND = 10.0
#: Bytes of memory such a process may take (the commands guarded here once took them all).
MEMORY = 3 * 1024 ** 3


# --- helpers --------------------------------------------------------------------------------

@pytest.fixture
def project(tmp_path, monkeypatch, capsys) -> Path:
    """`rulebook init p && cd p && rulebook new g --lang en --cards`, in this process."""
    monkeypatch.chdir(tmp_path)
    assert main(["init", "p"]) == 0
    monkeypatch.chdir(tmp_path / "p")
    assert main(["new", "g", "--lang", "en", "--cards"]) == 0
    capsys.readouterr()
    return tmp_path / "p"


def snapshot(folder: Path) -> dict[Path, bytes]:
    """Every file under `folder`, byte for byte (a pipe or device as its kind)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        mode = path.lstat().st_mode
        if not stat.S_ISDIR(mode):
            found[path] = path.read_bytes() if stat.S_ISREG(mode) else stat.S_IFMT(mode)
    return found


def run(capsys, *args: str) -> tuple[int, str, float]:
    """`rulebook ARGS` in this process: its status, all it printed, and the seconds taken."""
    start = time.monotonic()
    code = main(list(args))
    took = time.monotonic() - start
    captured = capsys.readouterr()
    return code, captured.err + captured.out, took


def one_error(message: str) -> str:
    """The single line of error a refused command prints."""
    assert "Traceback" not in message, message
    lines = message.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), message
    return lines[0]


def own_process(*args: str, cwd: Path, preexec_fn=None,
                **options) -> subprocess.CompletedProcess:
    """`rulebook ARGS` as a program, in `cwd`, given BOUND seconds and MEMORY bytes (killed
    after: subprocess.TimeoutExpired fails the test); its output captured unless `options`
    say where it goes."""
    def start():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        if preexec_fn is not None:
            preexec_fn()
    if "stdout" not in options and "stderr" not in options:
        options["capture_output"] = True
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd,
                          timeout=BOUND, preexec_fn=start, **options)


@contextlib.contextmanager
def released(fifo: Path):
    """Should the program open `fifo` and wait for a writer (as it did), one comes after
    RELEASE seconds and goes at once: the reader sees an empty file and carries on, and the
    test fails on its clock and its message instead of hanging."""
    done = threading.Event()

    def release():
        if done.wait(RELEASE):
            return
        while not done.is_set():
            with contextlib.suppress(OSError):  # no reader waiting: try again
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            done.wait(0.05)
    thread = threading.Thread(target=release, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join(RELEASE)


def replace_with_fifo(file: Path) -> bytes:
    """`file` made a named pipe (`mkfifo`); its bytes, to put back."""
    data = file.read_bytes()
    file.unlink()
    os.mkfifo(file)
    return data


# --- 1. data loss: the output folder among the books ---------------------------------------

#: (folder to stand in, inside the project; the command) → what the line says of the output
AMONG_THE_BOOKS = {
    "--output content": ("", ["build", "g", "--output", "content"],
                         "the output folder is the content folder"),
    "cd content && --output .": ("content", ["build", "g", "--output", "."],
                                 "the output folder is the content folder"),
    "--output content/g": ("", ["build", "g", "--output", "content/g"],
                           "the output folder is inside the content folder"),
    "--output . (holds content/)": ("", ["build", "g", "--output", "."],
                                    "the output folder holds the content folder"),
    "cards --output content": ("", ["cards", "g", "--output", "content"],
                               "the output folder is the content folder"),
    "a book by its path, --output inside it": (
        "content", ["build", "g", "--content", "/nonexistent", "--output", "g/out"],
        "the output folder is inside the book folder"),
}


@pytest.mark.parametrize("case", AMONG_THE_BOOKS)
def test_an_output_folder_among_the_books_is_one_line_and_changes_nothing(case, project,
                                                                          monkeypatch, capsys):
    where, args, says = AMONG_THE_BOOKS[case]
    figure = project / "content" / "g" / "figures" / "mine.svg"  # the user's own drawing
    figure.parent.mkdir()
    figure.write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    before = snapshot(project)
    monkeypatch.chdir(project / where)
    code, message, took = run(capsys, *args)
    assert code == 1 and says in one_error(message), message
    assert f"--output {args[-1]}: " in message and "expected an output folder apart from the " \
        "books" in message
    assert snapshot(project) == before and took < QUICK


def test_rulebook_toml_with_output_in_content_is_one_located_line(project, capsys):
    toml = project / "rulebook.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('output = "output"',
                                                             'output = "content"'))
    before = snapshot(project)
    code, message, _ = run(capsys, "build", "g")
    assert code == 1
    assert one_error(message) == ("error: rulebook.toml: output = 'content' is the content "
                                  "folder; expected an output folder apart from the books, "
                                  'e.g. output = "output"')
    assert snapshot(project) == before


def test_watch_with_output_in_content_is_one_line_and_changes_nothing(project):
    figure = project / "content" / "g" / "figures" / "mine.svg"
    figure.parent.mkdir()
    figure.write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    before = snapshot(project)
    done = own_process("watch", "g", "--output", "content", cwd=project)
    assert done.returncode == 1 and done.stdout == b""
    assert "the output folder is the content folder" in one_error(done.stderr.decode())
    assert snapshot(project) == before


# --- 1. data loss: only what the program wrote is removed or replaced --------------------------

def test_a_build_removes_no_figure_it_did_not_write(project, capsys):
    mine = project / "output" / "g" / "figures" / "mine.svg"  # put there by the user
    mine.parent.mkdir(parents=True)
    mine.write_bytes(b"<svg>the user's</svg>")
    assert run(capsys, "build", "g")[0] == 0
    assert run(capsys, "build", "g")[0] == 0
    assert mine.read_bytes() == b"<svg>the user's</svg>"


def test_a_build_never_replaces_a_file_the_user_changed(project, capsys):
    assert run(capsys, "build", "g")[0] == 0
    page = project / "output" / "g" / "index.html"
    page.write_bytes(b"<p>my notes</p>")
    before = snapshot(project / "output")
    code, message, _ = run(capsys, "build", "g")
    line = one_error(message)
    assert code == 1 and f"{page}: not written by rulebook" in line, message
    assert line.endswith("expected it moved away, or another --output folder")
    assert snapshot(project / "output") == before


def test_a_build_into_a_folder_of_the_users_replaces_none_of_its_files(project, capsys):
    mine = project / "elsewhere" / "g" / "g.pdf"
    mine.parent.mkdir(parents=True)
    mine.write_bytes(b"my own g.pdf")
    code, message, _ = run(capsys, "build", "g", "--output", "elsewhere")
    assert code == 1 and "error: elsewhere/g/g.pdf: not written by rulebook" in one_error(message)
    assert snapshot(project / "elsewhere") == {mine: b"my own g.pdf"}


def test_a_folder_an_older_build_wrote_is_rebuilt_and_only_its_files_replaced(project, capsys):
    """Before the list was kept: the folder holds the older build's page memo, so its files
    are that build's, replaced; a figure is never removed from such a folder."""
    folder = project / "output" / "g"
    (folder / "figures").mkdir(parents=True)
    (folder / ".g.pages.json").write_text("{}")
    (folder / "g.pdf").write_bytes(b"%PDF- an older build")
    (folder / "figures" / "old.svg").write_bytes(b"<svg>older</svg>")
    assert run(capsys, "build", "g")[0] == 0
    assert (folder / "g.pdf").read_bytes().startswith(b"%PDF-1")
    assert (folder / "figures" / "old.svg").read_bytes() == b"<svg>older</svg>"


def test_only_stale_figures_the_program_wrote_and_nobody_changed_are_removed(tmp_path):
    folder = tmp_path / "out" / "g"
    figures = folder / "figures"
    svg = {name: f"<svg>{name}</svg>".encode() for name in ("kept", "stale", "changed")}
    write_all([(figures / f"{name}.svg", data) for name, data in svg.items()], prune=figures,
              folder=folder)
    (figures / "changed.svg").write_bytes(b"<svg>edited by hand</svg>")
    (figures / "mine.svg").write_bytes(b"<svg>the user's</svg>")
    write_all([(figures / "kept.svg", svg["kept"])], prune=figures, folder=folder)
    assert snapshot(figures) == {figures / "kept.svg": svg["kept"],
                                 figures / "changed.svg": b"<svg>edited by hand</svg>",
                                 figures / "mine.svg": b"<svg>the user's</svg>"}


def test_a_list_that_names_a_file_outside_the_folder_is_one_line_and_removes_nothing(
        project, capsys):
    victim = project / "victim.txt"  # what a list made to harm would have a build remove
    victim.write_text("keep me")
    folder = project / "output" / "g"
    (folder / "figures").mkdir(parents=True)  # as a book with figures has it
    name = "figures/../../../victim.txt"
    (folder / ".rulebook-written.json").write_text(json.dumps({
        "files": {name: [hashlib.sha256(b"keep me").hexdigest()]}, "older": []}))
    code, message, _ = run(capsys, "build", "g")
    assert code == 1 and ".rulebook-written.json: not the list a build writes" in \
        one_error(message)
    assert victim.read_text() == "keep me" and not (folder / "g.pdf").exists()


# --- 2. hangs: a pipe or a device where a content file should be ---------------------------

def _fifo(name: str):
    """`name` in the project made a named pipe: (the start of its line, the pipe)."""
    def make(project: Path) -> tuple[str, Path]:
        replace_with_fifo(project / name)
        return f"{name}: is", project / name
    return make


def _chapter(name: str, make):
    """A fourth chapter `name` in book.yaml, made by `make(path)`."""
    def add(project: Path) -> tuple[str, Path]:
        book = project / "content" / "g" / "book.yaml"
        book.write_text(book.read_text(encoding="utf-8").replace(
            "  - 03-rulings.md", f"  - 03-rulings.md\n  - {name}"), encoding="utf-8")
        make(project / "content" / "g" / "chapters" / name)
        line = book.read_text(encoding="utf-8").splitlines().index(f"  - {name}") + 1
        return (f"content/g/book.yaml:{line} (chapters[3]): chapter file chapters/{name} is",
                project / "content" / "g" / "chapters" / name)
    return add


def _image(project: Path) -> tuple[str, Path]:
    chapter = project / "content" / "g" / "chapters" / "02-rules.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\n![A map](figures/map.png)\n")
    image = project / "content" / "g" / "figures" / "map.png"
    image.parent.mkdir()
    os.mkfifo(image)
    line = len(chapter.read_text(encoding="utf-8").splitlines())
    return f"content/g/chapters/02-rules.md:{line}: image file figures/map.png is", image


def _device(path: Path) -> None:
    try:  # /dev/zero's numbers: read, it never ends
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 5))
    except PermissionError:
        pytest.skip("making a device needs root")


#: case → (make it in the project: the start of the line it gives, the file), what it is
SPECIAL = {
    "glossary.yaml a pipe": (_fifo("content/g/glossary.yaml"), "a named pipe (FIFO)"),
    "book.yaml a pipe": (_fifo("content/g/book.yaml"), "a named pipe (FIFO)"),
    "rulebook.toml a pipe": (_fifo("rulebook.toml"), "a named pipe (FIFO)"),
    "a chapter a pipe": (_chapter("04-pipe.md", os.mkfifo), "a named pipe (FIFO)"),
    "a chapter a device (mknod c 1 5)": (_chapter("04-zero.md", _device),
                                         "a character device"),
    "an image a pipe": (_image, "a named pipe (FIFO)"),
}


@pytest.mark.parametrize("case", SPECIAL)
def test_a_pipe_or_device_for_a_content_file_is_refused_at_once(case, project, capsys):
    make, kind = SPECIAL[case]
    where, special = make(project)
    for command in (["check", "g"], ["build", "g"]):
        with released(special):
            code, message, took = run(capsys, *command)
        line = one_error(message)
        assert code == 1 and line.startswith(f"error: {where} {kind}, not a regular file"), \
            (command, message)
        assert took < QUICK, f"{command} took {took:.1f} s"
    assert not (project / "output").exists()


def test_watch_survives_a_pipe_and_rebuilds_once_the_file_is_back(project):
    from test_watch import wait_for, watching
    glossary = project / "content" / "g" / "glossary.yaml"
    text = replace_with_fifo(glossary)
    output = project / "output"
    with released(glossary), watching([project / "content" / "g"], output) as watcher:
        assert watcher.errors() == ["error: content/g/glossary.yaml: is a named pipe (FIFO), "
                                    "not a regular file; expected a file"]
        glossary.unlink()
        glossary.write_bytes(text)
        wait_for(watcher.built, "the rebuild", watcher)
        assert (output / "g" / "g.pdf").is_file()


# --- 2. hangs and data loss: `simulate --save` and the book's difficulty.yaml -----------------

def _save(capsys, book: Path, *players: str) -> tuple[int, str, float]:
    """`rulebook simulate BOOK --games 2 --save` in this process: its status, what it said on
    the standard error (the report is on the standard output), and the seconds taken."""
    start = time.monotonic()
    code = main(["simulate", str(book), "--games", "2", "--jobs", "1", "--player",
                 ",".join(players or ("greedy",)), "--save"])
    took = time.monotonic() - start
    captured = capsys.readouterr()
    return code, captured.err, took


def _after_the_games(monkeypatch, then) -> None:
    """`then()` once the games are played, before `--save` stores them: a run takes minutes,
    in which the file may be changed under it."""
    from generator.simulate import command
    played = command.run_engine

    def run_then(*args, **kwargs):
        records = played(*args, **kwargs)
        then()
        return records
    monkeypatch.setattr(command, "run_engine", run_then)


def test_save_refuses_a_pipe_put_for_difficulty_yaml_during_the_run(book_copy, monkeypatch,
                                                                    capsys):
    """It opened the file as it found it: a pipe waited for a writer (and was then replaced
    by the runs, as if it had been the program's file)."""
    file = book_copy / "difficulty.yaml"
    _after_the_games(monkeypatch, lambda: replace_with_fifo(file))
    with released(file):
        code, message, took = _save(capsys, book_copy)
    assert code == 1 and one_error(message) == (
        f"error: {file}: is a named pipe (FIFO), not a regular file; expected a file")
    assert stat.S_ISFIFO(file.lstat().st_mode) and took < QUICK + 2
    assert [p.name for p in book_copy.iterdir() if p.name.endswith(".part")] == []


@pytest.mark.parametrize("kind", ["a pipe", "a device"])
def test_save_refuses_a_pipe_or_device_named_difficulty_yaml_at_once(kind, book_copy, capsys):
    file = book_copy / "difficulty.yaml"
    if kind == "a pipe":
        replace_with_fifo(file)
    else:
        file.unlink()
        _device(file)
    with released(file) if kind == "a pipe" else contextlib.nullcontext():
        code, message, took = _save(capsys, book_copy)
    said = "a named pipe (FIFO)" if kind == "a pipe" else "a character device"
    assert code == 1 and one_error(message) == (
        f"error: {file}: is {said}, not a regular file; expected a file")
    assert took < QUICK


def test_save_that_cannot_write_names_the_file_and_leaves_it_whole(book_copy, monkeypatch,
                                                                   capsys):
    from generator.core import output
    file = book_copy / "difficulty.yaml"
    before = file.read_bytes()

    def full(stream, data):  # the disk fills half-way through
        stream.write(data[:len(data) // 2])
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(output, "_write_bytes", full)
    code, message, _ = _save(capsys, book_copy)
    assert code == 1 and one_error(message) == (
        f"error: {file}: cannot write the stored runs (No space left on device); the file is "
        "as it was")
    assert file.read_bytes() == before
    assert sorted(p.name for p in book_copy.iterdir() if p.name.startswith(".")) == []


def test_save_of_several_players_is_one_write_whole_or_not_at_all(book_copy, monkeypatch,
                                                                  capsys):
    """`--player greedy,random --save` stored one player's run, then the next: a failure in
    between left the file with one new run and one old."""
    from generator.games.solo_catan import difficulty
    file = book_copy / "difficulty.yaml"
    before = file.read_bytes()
    writes = []

    def second_fails(target, data):
        writes.append(target)
        if len(writes) > 1:
            raise OSError(28, "No space left on device")
        target.write_bytes(data)
    monkeypatch.setattr(difficulty, "write_atomically", second_fails)
    code = main(["simulate", str(book_copy), "--games", "2", "--jobs", "1", "--player",
                 "greedy,random", "--save"])
    said = capsys.readouterr()
    assert code == 0, said.err
    assert writes == [file] and file.read_bytes() != before
    assert said.out.count("saved") == 2


# --- 3. absurd numbers: one line within seconds ---------------------------------------------

#: arguments to `rulebook simulate g` → the line of error
SIMULATE_OPTIONS = {
    "--jobs 1000000": (["--jobs", "1000000"], "argument --jobs: '1000000': expected a whole "
                                              "number from 1 to 256"),
    "--games 10**9": (["--games", str(10 ** 9)], "argument --games: '1000000000': expected a "
                                                 "whole number from 1 to 100,000"),
    "--games 0": (["--games", "0"], "argument --games: '0': expected a whole number from 1"),
    "--seed -1": (["--seed", "-1"], "argument --seed: '-1': expected a whole number from 0 to "
                                    "9,223,372,036,854,775,807"),
    "--seed of 5000 digits": (["--seed", "9" * 5000], "argument --seed: '9999"),
    "--replay -1": (["--replay", "-1"], "argument --replay: '-1': expected a whole number "
                                        "from 0"),
    "--scheduler garbage": (["--scheduler", "garbage"],
                            "argument --scheduler: 'garbage': expected a Dask scheduler's "
                            "address, such as tcp://host:8786, or local"),
}


@pytest.mark.parametrize("case", SIMULATE_OPTIONS)
def test_simulate_refuses_a_number_out_of_range_in_one_line(case, project, capsys):
    args, says = SIMULATE_OPTIONS[case]
    code, message, took = run(capsys, "simulate", "g", *args)
    assert code == 2 and says in one_error(message), message
    assert took < QUICK


#: arguments to `rulebook simulate solo-catan` → the line of error. Played on a book with a
#: simulator, each in a process of its own: unguarded, each ran out of time and memory.
SIMULATE_RUNS = {
    "--budget 10**12": (["--player", "strong", "--budget", str(10 ** 12)],
                        "--budget 1000000000000: 1,000,000,000,000 is above strong's maximum; "
                        "expected at most 10,000 (play-outs per decision)"),
    "--compare goal=10**9": (["--compare", f"goal={10 ** 9}"],
                             f"--compare 'goal={10 ** 9}': goal {10 ** 9} cannot be "
                             "played; expected goals from 1 to 100 points"),
    "--compare of 11 goals": (["--compare", "goal=" + ",".join(map(str, range(10, 21)))],
                              "11 values; expected at most 10"),
    "600,000 games in all": (["--games", "100000", "--player", "greedy,random,greedy-acyclic",
                              "--compare", "goal=15,20"],
                             "--games 100,000 in each of 6 runs (--player, --compare) plays "
                             "600,000 games; expected at most 500,000 in all"),
}


@pytest.mark.parametrize("case", SIMULATE_RUNS)
def test_simulate_refuses_a_run_too_large_in_one_line(case, tmp_path):
    args, says = SIMULATE_RUNS[case]
    done = own_process("simulate", "solo-catan", "--content", str(CONTENT_ROOT), "--jobs", "1",
                       "--games", "1", *args, cwd=tmp_path)
    assert done.returncode == 2 and says in one_error(done.stderr.decode()), done.stderr
    assert list(tmp_path.iterdir()) == []


#: The absurd values every number a command takes is given (issue 29's sweep).
ABSURD = {"0": "0", "-1": "-1", "10**30": str(10 ** 30), "nan": "nan", "x": "x"}
SOLO = ["solo-catan", "--content", str(CONTENT_ROOT), "--games", "1", "--jobs", "1"]
#: command and option → its arguments with {} for the value, and the line's start (the range
#: it states). Each command's every number: simulate's (the ones read with the book loaded,
#: on a book that can be simulated), cards' and tokens' offsets, the page size of build and
#: check, and the words new and check take in place of numbers. (watch and init take none.)
NUMBERS = {
    "simulate --games": (["simulate", "g", "--games", "{}"], "argument --games: '{}': "
                         "expected a whole number from 1 to 100,000"),
    "simulate --seed": (["simulate", "g", "--seed", "{}"], "argument --seed: '{}': expected "
                        "a whole number from 0 to 9,223,372,036,854,775,807"),
    "simulate --jobs": (["simulate", "g", "--jobs", "{}"], "argument --jobs: '{}': expected "
                        "a whole number from 1 to 256"),
    "simulate --replay": (["simulate", "g", "--replay", "{}"], "argument --replay: '{}': "
                          "expected a whole number from 0"),
    "simulate --budget": (["simulate", *SOLO, "--budget", "{}"], "--budget {}: "),
    "simulate --budget strong=": (["simulate", *SOLO, "--player", "strong", "--budget",
                                   "strong={}"], "--budget strong={}: "),
    "simulate --compare goal=": (["simulate", *SOLO, "--compare", "goal={}"],
                                 "--compare 'goal={}': "),
    "cards --offset X,0": (["cards", "g", "--offset", "{},0"], "argument --offset: '{},0': "
                           "expected X,Y in millimetres between -10 and 10"),
    "tokens --offset 0,Y": (["tokens", "g", "--offset", "0,{}"], "argument --offset: '0,{}': "
                            "expected X,Y in millimetres between -10 and 10"),
    "cards --offset N": (["cards", "g", "--offset", "{}"], "argument --offset: '{}': expected "
                         "X,Y in millimetres"),
    "build --page-size": (["build", "g", "--page-size", "{}"], "argument --page-size: unknown "
                          "page size '{}'; expected one of A5, A4, Letter"),
    "check --page-size": (["check", "g", "--page-size", "{}"], "argument --page-size: unknown "
                          "page size '{}'; expected one of A5, A4, Letter"),
    "check --lang": (["check", "g", "--lang", "{}"], "argument --lang: invalid choice: '{}'"),
    "new --lang": (["new", "h", "--lang", "{}"], "argument --lang: invalid choice: '{}'"),
}
#: what is no mistake: a value in range (offsets of -1 mm, the first seed, the first game)
IN_RANGE = {("cards --offset X,0", "0"), ("cards --offset X,0", "-1"),
            ("tokens --offset 0,Y", "0"), ("tokens --offset 0,Y", "-1"),
            ("simulate --seed", "0"), ("simulate --replay", "0")}


@pytest.mark.parametrize("option, value", [(option, value) for option in NUMBERS
                                           for value in ABSURD
                                           if (option, value) not in IN_RANGE])
def test_every_number_of_every_command_given_an_absurd_value_is_one_line(option, value,
                                                                         project, capsys):
    """0, -1, 10**30, nan and 'x' for each: one line stating the range, exit 2, within
    seconds, nothing written. (`--offset -1,0` was taken for an unknown option: "expected
    one argument"; it is -1 mm.)"""
    args, says = NUMBERS[option]
    typed = ABSURD[value]
    code, message, took = run(capsys, *[a.replace("{}", typed) for a in args])
    assert code == 2 and says.replace("{}", typed) in one_error(message), message
    assert took < QUICK and not (project / "output").exists()
    assert not (project / "content" / "h").exists()


def test_a_negative_offset_is_read_as_a_number(project, capsys):
    code, message, _ = run(capsys, "cards", "g", "--offset", "-1,-0.5", "--paper", "A4")
    assert code == 0, message
    assert (project / "output" / "g" / "cards-a4-offset--1.0_-0.5.pdf").is_file()


def test_a_run_starts_no_more_workers_than_it_has_games_or_the_cores_can_use(monkeypatch):
    from generator.games.solo_catan import runner
    from generator.simulate import engines
    started = []

    class Pool:  # records the workers asked for; plays nothing
        def __init__(self, max_workers):
            started.append(max_workers)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, function, chunks):
            return ([] for _ in chunks)

        def shutdown(self):
            pass
    monkeypatch.setattr(engines, "ProcessPoolExecutor", Pool)
    for games in (3, 1000):
        runner.run(None, games, seed=1, player="greedy", jobs=200)
    cores = os.cpu_count() or 1
    assert started == [min(3, 2 * cores), min(200, 2 * cores)]


# --- 4. a closed or broken standard output ---------------------------------------------------

def _closed_stdout():
    os.close(1)


@pytest.mark.parametrize("command", [["check", "g"], ["build", "g"]])
def test_a_closed_stdout_is_one_line_and_never_a_success(command, project):
    done = own_process(*command, cwd=project, preexec_fn=_closed_stdout)
    assert done.returncode == 1
    assert one_error(done.stderr.decode()) == ("error: standard output is closed; expected it "
                                               "open (>/dev/null to discard it)")
    assert not (project / "output").exists()


@pytest.mark.parametrize("command", [["check", "g"], ["build", "g"], ["--version"]])
def test_a_broken_pipe_is_no_traceback_and_never_a_success(command, project):
    read, write = os.pipe()
    os.close(read)  # `| head -0` that has already gone
    try:
        done = own_process(*command, cwd=project, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert done.returncode != 0 and "Traceback" not in done.stderr.decode(), done.stderr


#: `rulebook ARGS > /dev/full`, in the project: each command's report, its help, its version
FULL_DEVICE = {
    "check": ["check", "g"],
    "build": ["build", "g"],
    "simulate": ["simulate", "solo-catan", "--content", str(CONTENT_ROOT), "--games", "2",
                 "--jobs", "1"],
    "simulate --replay": ["simulate", "solo-catan", "--content", str(CONTENT_ROOT), "--jobs",
                          "1", "--replay", "5"],  # printed from within the engine's adapter
    "--help": ["--help"],
    "build --help": ["build", "--help"],
    "--version": ["--version"],
    "new": ["new", "h"],
    "init": ["init", "elsewhere"],
}


@pytest.mark.parametrize("case", FULL_DEVICE)
def test_a_full_stdout_is_one_line_naming_it_and_never_a_success(case, project):
    """`> /dev/full`: what the command printed is lost, and it says so in one line (it said
    "cannot read or write" naming no file; `--help` succeeded silently; a replay's report
    was blamed on the engine)."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "wb") as full:
        done = own_process(*FULL_DEVICE[case], cwd=project, stdout=full,
                           stderr=subprocess.PIPE)
    assert done.returncode == 1, done.stderr
    assert one_error(done.stderr.decode()) == ("error: cannot write to the standard output (No "
                                               "space left on device)")


def test_a_closed_stderr_does_not_fail_a_check_that_passed(project):
    done = own_process("check", "g", cwd=project, stdout=subprocess.PIPE,
                       preexec_fn=lambda: os.close(2))
    assert done.returncode == 0
    assert done.stdout.decode().startswith("ok g: 3 chapters")
