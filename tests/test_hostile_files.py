"""Careless and hostile input, round two (issue 29): no data loss, no hang, no traceback.

What a user would check, on the small book `rulebook init p && rulebook new g --lang en
--cards` makes:

- hangs: a named pipe or a device where a content file should be (a YAML file, a chapter, an
  image, book.yaml, rulebook.toml) is "not a regular file" at its path, at once, for check,
  build and watch, and the watcher rebuilds once the file is back;

Commands run in this process where they can; in a process of their own only where the test
is about the process (its standard output closed) or about a command that, unguarded, would
never end (`watch`, or one that ran out of memory): those are given a time limit, and the
simulations a memory limit, so that a regression fails the test instead of the machine.
"""

from __future__ import annotations

import contextlib
import os
import resource
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from generator.cli import main

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
        return (f"content/g/book.yaml:19 (chapters[3]): chapter file chapters/{name} is",
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
