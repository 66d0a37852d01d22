"""`rulebook check` of a book and its translation side by side, in forked copies of the
process: the same lines in the same order, the same exit status and the same first mistake,
at its place, as one by one."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from contentedit import edit, line_of
from generator import sidebyside
from generator.cli import main
from repo import CONTENT_ROOT

pytestmark = pytest.mark.skipif(not sidebyside.FORKS, reason="no fork on this platform")


def _cores(monkeypatch, count: int) -> None:
    """As if `count` cores were idle, whatever the machine's load, and no other thread ran
    (threads other tests leave behind, an asyncio child watcher, hold no lock a copy needs)."""
    monkeypatch.setattr(sidebyside, "_idle_cores", lambda: count)
    monkeypatch.setattr(sidebyside, "_can_fork", lambda: True)


def test_results_come_in_order_from_the_copies(monkeypatch):
    _cores(monkeypatch, 2)
    results = list(sidebyside.side_by_side(lambda job: (job, os.getpid()), range(5)))
    assert [job for job, _ in results] == [0, 1, 2, 3, 4]
    pids = [pid for _, pid in results]
    assert pids[0::2] == [os.getpid()] * 3
    assert all(pid != os.getpid() for pid in pids[1::2])  # really another process


def test_a_copy_not_done_in_time_is_not_waited_for(monkeypatch):
    """`Background.result(wait=…)`: a copy still at work by then is ended and the caller
    does the work itself."""
    import time
    _cores(monkeypatch, 2)
    copy = sidebyside.Background(lambda seconds: time.sleep(seconds) or "late", 5)
    start = time.perf_counter()
    assert copy.result(wait=0.05) is None
    assert time.perf_counter() - start < 1
    assert sidebyside.Background(lambda job: job * 2, 21).result(wait=5) == 42


def test_no_copies_while_another_thread_runs(monkeypatch):
    """A thread could hold a lock at the fork that the copy would wait on for ever."""
    monkeypatch.setattr(sidebyside, "_idle_cores", lambda: 2)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        pids = {pid for pid in sidebyside.side_by_side(lambda job: os.getpid(), range(4))}
    finally:
        stop.set()
        thread.join()
    assert pids == {os.getpid()}


def test_a_job_that_fails_in_a_copy_is_run_again_here(monkeypatch):
    """The copy stops at the job; this process runs it and the copy's remaining jobs, so an
    unexpected error is raised here, as one by one."""
    _cores(monkeypatch, 2)
    parent = os.getpid()

    def run(job: int) -> tuple[int, int]:
        if os.getpid() != parent and job == 1:
            raise RuntimeError("only in the copy")
        return job, os.getpid()

    assert list(sidebyside.side_by_side(run, range(4))) == [(j, parent) for j in range(4)]

    def broken(job: int) -> int:
        if job == 1:
            raise ValueError("job 1 is broken")
        return job

    with pytest.raises(ValueError, match="job 1 is broken"):
        list(sidebyside.side_by_side(broken, range(4)))


@pytest.fixture
def book(tmp_path, monkeypatch) -> Path:
    shutil.copytree(CONTENT_ROOT / "solo-catan", tmp_path / "content" / "solo-catan")
    monkeypatch.chdir(tmp_path)
    return Path("content/solo-catan")


def _check(book: Path, monkeypatch, capsys, cores: int) -> tuple[int, str, str]:
    """`rulebook check BOOK` with `cores` idle: what it printed and its status; with two, the
    translation really is checked in a forked copy."""
    _cores(monkeypatch, cores)
    forked = []
    fork = sidebyside._Copy.fork.__func__
    monkeypatch.setattr(sidebyside._Copy, "fork",
                        classmethod(lambda cls, *args: forked.append(args) or fork(cls, *args)))
    code = main(["check", str(book)])
    captured = capsys.readouterr()
    assert bool(forked) == (cores > 1)
    return code, captured.out, captured.err


def test_both_editions_said_in_order(book, monkeypatch, capsys):
    alone = _check(book, monkeypatch, capsys, 1)
    side = _check(book, monkeypatch, capsys, 2)
    assert side == alone
    code, out, err = side
    assert code == 0 and err == ""
    assert [line.split(":")[0] for line in out.splitlines()] == [
        "ok solo-catan", "ok solo-catan (en)"]


def test_a_mistake_in_the_translation_is_located(book, monkeypatch, capsys):
    words = book / "en" / "glossary.yaml"
    text = words.read_text(encoding="utf-8")
    edit(words, text[text.index("  SH:"):text.index("terms:")], "\n")
    alone = _check(book, monkeypatch, capsys, 1)
    side = _check(book, monkeypatch, capsys, 2)
    assert side == alone
    code, out, err = side
    assert code == 1
    assert out.startswith("ok solo-catan: ") and "(en)" not in out  # the book's own: fine
    assert err.count("error:") == 1 and "Traceback" not in err
    assert f"{words}:{line_of(words, 'abbreviations:') + 1}" in " ".join(err.split())


def test_a_mistake_in_the_book_stops_before_its_translation(book, monkeypatch, capsys):
    glossary = book / "glossary.yaml"
    edit(glossary, "abbreviations:", "abbreviations:\n  - {abbr: RD}")
    alone = _check(book, monkeypatch, capsys, 1)
    side = _check(book, monkeypatch, capsys, 2)
    assert side == alone
    code, out, err = side
    assert code == 1 and out == ""
    assert err.count("error:") == 1 and f"{glossary}:" in " ".join(err.split())


def test_the_check_counts_as_babel_does_in_english():
    """`rulebook check` words its counts without Babel's English data (cli._count): the same
    words as i18n.count_noun would write."""
    from generator.cli import _count
    from generator.i18n import count_noun
    for n in (0, 1, 2, 21, 1024, 1_000_000):
        assert _count(n, "chapter", "chapters") == count_noun(n, "chapter", "chapters", "en")


def test_a_check_imports_only_what_its_book_needs(tmp_path):
    """A book with no translation and no board.yaml is checked without the translation's
    formats (content/words.py) or the board's (content/board.py) ever being built."""
    import subprocess
    import sys
    script = ("import sys; from generator.cli import main; "
              "code = main(['check', 'uno-contra-uno']); "
              "print(code, *sorted(m for m in ('generator.content.words', "
              "'generator.content.board') if m in sys.modules))")
    root = str(Path(__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=root, timeout=120, env={**os.environ, "PYTHONPATH": root})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0", done.stdout


# --- the book's files parsed on the idle core while the check imports (prefetch.py) --------

def _compiles_here(monkeypatch) -> list[str]:
    """The templates this process compiles itself (the copy's compiles are its own); what
    it remembers of YAML files parsed, emptied. The copy is waited for (a test's process has
    imported everything already, so the copy could never be done first)."""
    from generator.content import prefetch, prose, yamlsource
    monkeypatch.setattr(prefetch, "WAIT", None)
    monkeypatch.setattr(prose, "_PRECOMPILED", {})
    prose._compiled.cache_clear()
    monkeypatch.setattr(yamlsource, "_PARSED_AHEAD", {})
    yamlsource._parsed.cache_clear()
    here, pid, compile_ = [], os.getpid(), prose._ENV.compile
    monkeypatch.setattr(prose._ENV, "compile", lambda source, *args, **kwargs: (
        here.append(source) if os.getpid() == pid else None) or compile_(source, *args, **kwargs))
    return here


def test_the_files_come_parsed_from_the_copy(book, monkeypatch, capsys):
    """With a core idle, no chapter nor templated YAML text is compiled by the check itself,
    and no YAML file parsed: the copy did it while this process imported; and the check
    says what it says one by one."""
    from generator.content import yamlsource
    alone = _check(book, monkeypatch, capsys, 1)
    here = _compiles_here(monkeypatch)
    _cores(monkeypatch, 2)
    code = main(["check", str(book), "--lang", "es"])  # one edition: all in this process
    out = capsys.readouterr().out
    assert code == 0 and out == alone[1].splitlines(keepends=True)[0]
    assert here == []
    assert yamlsource._parsed.cache_info().currsize == 0  # not one YAML file parsed here
    from generator.content import prose
    chapter = (book / "chapters" / "05-serie-historica.md").read_text(encoding="utf-8")
    assert chapter in prose._PRECOMPILED  # each by its text
    here = _compiles_here(monkeypatch)
    _check(book, monkeypatch, capsys, 1)  # without a copy, this process compiles them
    assert chapter in here


def test_a_template_mistake_is_said_at_its_line_the_copy_left_it(book, monkeypatch, capsys):
    """The copy skips what it cannot compile; this process compiles it and says why."""
    chapter = book / "chapters" / "05-serie-historica.md"
    edit(chapter, "\n\n", "\n\n{{ 1 + }}\n\n")
    alone = _check(book, monkeypatch, capsys, 1)
    here = _compiles_here(monkeypatch)
    side = _check(book, monkeypatch, capsys, 2)
    assert side == alone
    code, out, err = side
    assert code == 1 and "template error" in err
    assert f"{chapter}:{line_of(chapter, '{{ 1 + }}')}" in " ".join(err.split())
    assert here == [chapter.read_text(encoding="utf-8")]  # only the one the copy could not


@pytest.mark.parametrize("mistake", ["syntax", "validation"])
def test_a_yaml_mistake_is_said_at_its_line_as_one_by_one(mistake, book, monkeypatch, capsys):
    """A file the copy could not parse (a key given twice) is parsed here, with its error;
    one it parsed whose data the model refuses is located from its nodes, composed here
    when the error asks for its line."""
    glossary = book / "glossary.yaml"
    if mistake == "syntax":
        edit(glossary, "abbreviations:", "abbreviations: []\nabbreviations:")
    else:
        edit(glossary, "abbreviations:", "abbreviations:\n  - {abbr: RD}")
    alone = _check(book, monkeypatch, capsys, 1)
    _compiles_here(monkeypatch)
    side = _check(book, monkeypatch, capsys, 2)
    assert side == alone
    from generator.content import yamlsource
    parsed_ahead = glossary.read_text(encoding="utf-8") in yamlsource._PARSED_AHEAD
    assert parsed_ahead == (mistake == "validation")  # the copy skipped only the bad YAML
    code, out, err = side
    assert code == 1 and err.count("error:") == 1
    needle = "abbreviations: []" if mistake == "syntax" else "{abbr: RD}"
    where = line_of(glossary, needle) + (1 if mistake == "syntax" else 0)
    assert f"{glossary}:{where}" in " ".join(err.split()), err


def test_the_copy_reads_nothing_through_a_link(book, tmp_path):
    """The copy reads only what the loader could: a file or a folder that is a link (which
    may lead out of the book) is left to the loader, which refuses one that leads out."""
    import marshal

    from generator.content.prefetch import _parse_ahead
    outside = tmp_path / "fuera"
    (outside / "notas").mkdir(parents=True)
    secret = "secreto: {{ fuera }}\n"
    (outside / "secreto.yaml").write_text(secret, encoding="utf-8")
    (outside / "notas" / "otro.md").write_text("# Fuera {{ fuera }}\n", encoding="utf-8")
    (book / "secreto.yaml").symlink_to(outside / "secreto.yaml")
    (book / "notas").symlink_to(outside / "notas", target_is_directory=True)
    templates, data = marshal.loads(_parse_ahead((book,)))
    assert secret not in data and not [t for t in templates if "fuera" in t]
    glossary = (book / "glossary.yaml").read_text(encoding="utf-8")
    assert glossary in data  # the book's own files are read
    linked_book = tmp_path / "enlazado"
    linked_book.symlink_to(book.resolve(), target_is_directory=True)
    assert marshal.loads(_parse_ahead((linked_book,))) == ({}, {})


def test_a_copy_the_system_will_not_start_leaves_the_work_here(monkeypatch, book, capsys):
    """No process or file to spare (fork or pipe refused): the check runs everything in this
    process and says what it says one by one; nothing is left open."""
    alone = _check(book, monkeypatch, capsys, 1)
    _cores(monkeypatch, 2)

    def refused():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refused)
    pipes, pipe = [], os.pipe  # (fd, its inode) of every pipe end the copies asked for

    def recorded():
        ends = pipe()
        pipes.extend((fd, os.fstat(fd).st_ino) for fd in ends)
        return ends

    monkeypatch.setattr(os, "pipe", recorded)
    assert sidebyside.Background(lambda job: job, 1).result() is None
    assert list(sidebyside.side_by_side(lambda job: job * 2, [1, 2, 3])) == [2, 4, 6]
    code = main(["check", str(book)])
    assert (code, capsys.readouterr().out) == alone[:2]
    assert len(pipes) >= 6  # each copy tried; each pipe closed (its number may serve again)
    assert not [fd for fd, inode in pipes if _open_inode(fd) == inode]


def _open_inode(fd: int) -> int | None:
    try:
        return os.fstat(fd).st_ino
    except OSError:
        return None


def test_the_copy_stops_at_an_alias_that_holds_itself(book):
    """A YAML alias may hold itself (the loader allows it): the copy walks each list once."""
    import marshal

    from generator.content.prefetch import _parse_ahead
    text = 'bucle: &x ["{{ res.ladrillo.name }}", *x]\n'
    (book / "bucle.yaml").write_text(text, encoding="utf-8")
    templates, data = marshal.loads(_parse_ahead((book,)))
    assert text in data and "{{ res.ladrillo.name }}" in templates


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_the_copy_reads_no_pipe(book, monkeypatch):
    """A named pipe among the book's files would keep a reader waiting: the copy skips it
    (run in a copy of its own here, so that a regression fails instead of hanging)."""
    import marshal

    from generator.content.prefetch import _parse_ahead
    os.mkfifo(book / "tuberia.yaml")
    _cores(monkeypatch, 2)
    made = sidebyside.Background(_parse_ahead, (book,)).result(wait=20)
    assert made is not None, "the copy did not finish"
    templates, data = marshal.loads(made)
    assert (book / "glossary.yaml").read_text(encoding="utf-8") in data
