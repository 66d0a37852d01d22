"""`rulebook watch`: a saved edit rebuilds the book; a mistake is one line and the watcher
carries on with the last good PDF in place; editor debris rebuilds nothing.

The watcher runs in a thread on a copy of catan-base (a fast book) and its shared facts; the
tests poll for what a user would see (the PDF, the lines printed) rather than sleeping."""

from __future__ import annotations

import contextlib
import io
import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.console import Console

from generator.build import build_book
from generator.core.output import write_all
from generator.watch import _Ignore, watch

from contentedit import append
from pdfread import ReadPdf, words
from repo import CONTENT_ROOT

TIMEOUT = 20.0  # seconds: a rebuild of catan-base takes well under one


@pytest.fixture
def content(tmp_path) -> Path:
    """A writable content folder with catan-base and the shared facts it is checked against."""
    root = tmp_path / "content"
    for name in ("catan-base", "_facts"):
        shutil.copytree(CONTENT_ROOT / name, root / name)
    return root


@dataclass
class Watcher:
    thread: threading.Thread
    stop: threading.Event
    out: io.StringIO
    err: io.StringIO
    result: list = field(default_factory=list)

    def lines(self, stream: str, start: str) -> list[str]:
        text = getattr(self, stream).getvalue()
        return [line for line in text.splitlines() if line.startswith(start)]

    def built(self) -> list[str]:
        """The lines of each book rebuilt (its PDF and HTML edition)."""
        return [line for line in self.lines("out", "built ") if ", index.html and " in line]

    def pieces(self) -> list[str]:
        """The lines of each rebuild of a book's print-and-play files."""
        return [line for line in self.lines("out", "built ") if "print-and-play" in line]

    def errors(self) -> list[str]:
        return self.lines("err", "error:")


@contextlib.contextmanager
def watching(folders: list[Path], output: Path, build=None):
    """watch() in a thread; yields once its first builds are done and it is listening."""
    stop, ready = threading.Event(), threading.Event()
    out, err = io.StringIO(), io.StringIO()
    watcher = Watcher(None, stop, out, err)  # type: ignore[arg-type]

    def run():
        try:
            watcher.result.append(watch(folders, output, Console(file=out, width=200),
                                        Console(file=err, width=200), stop=stop, ready=ready,
                                        build=build))
        except BaseException as exc:  # a bug: shown by the test, not lost in the thread
            watcher.result.append(exc)
            ready.set()

    watcher.thread = threading.Thread(target=run, daemon=True)
    watcher.thread.start()
    try:
        assert ready.wait(TIMEOUT), f"watcher never ready; err: {err.getvalue()}"
        assert not watcher.result, f"watcher ended early: {watcher.result!r}"
        yield watcher
    finally:
        stop.set()
        watcher.thread.join(TIMEOUT)
    assert not watcher.thread.is_alive(), "watcher did not stop"
    assert watcher.result == [0]


def wait_for(condition, what: str, watcher: Watcher):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if condition():
            return
        assert watcher.thread.is_alive(), \
            f"watcher died: {watcher.result!r}; err: {watcher.err.getvalue()}"
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}; out: {watcher.out.getvalue()!r}; "
                         f"err: {watcher.err.getvalue()!r}")


def identity(file: Path) -> tuple[int, int]:
    """Which file is there: a build writes a changed file anew and renames it into place
    (one that already holds the new bytes is left as it is)."""
    stat = file.stat()
    return stat.st_ino, stat.st_mtime_ns


def squeezed(text: str) -> str:
    """Text with spacing and hyphenation gone, so a sentence survives line breaks."""
    return "".join(text.split()).replace("-", "").replace("\u00ad", "")


def pdf_text(file: Path) -> str:
    return squeezed(words(file))


def test_an_edit_rebuilds_the_pdf_with_the_new_text(content, tmp_path):
    output = tmp_path / "output"
    pdf = output / "catan-base" / "catan-base.pdf"
    sentence = "Frase nueva escrita mientras el vigilante miraba."
    with watching([content / "catan-base"], output) as watcher:
        assert watcher.built() and pdf.is_file()
        first = watcher.out.getvalue().splitlines()
        assert first[-1].startswith("watching 1 book in ") and "catan-base" in first[-1]
        assert first[-1].endswith("; Ctrl-C to stop")
        assert squeezed(sentence) not in pdf_text(pdf)
        before = identity(pdf)

        append(content / "catan-base" / "chapters" / "01-resumen.md", sentence)

        wait_for(lambda: len(watcher.built()) == 2 and identity(pdf) != before,
                 "the rebuilt PDF", watcher)
        assert squeezed(sentence) in pdf_text(pdf)
        assert "catan-base.pdf, index.html" in watcher.built()[-1]
        assert sentence.split()[-1].rstrip(".") in (output / "catan-base" / "index.html") \
            .read_text(encoding="utf-8")
        assert watcher.err.getvalue() == ""


def test_a_saved_print_yaml_rebuilds_the_cards_and_a_chapter_does_not(content, tmp_path):
    """What a card says is in its book's YAML files: saving one rebuilds the print-and-play
    files too (`rulebook build`'s); a chapter's text is on no card, and its save stays the
    fast rebuild of the PDF and HTML edition alone."""
    output = tmp_path / "output"
    cards = output / "catan-base" / "cartas-a4.pdf"
    with watching([content / "catan-base"], output) as watcher:
        append(content / "catan-base" / "chapters" / "01-resumen.md", "Una frase más.")
        wait_for(lambda: len(watcher.built()) == 2, "the chapter's rebuild", watcher)
        assert watcher.pieces() == [] and not cards.exists()

        print_yaml = content / "catan-base" / "print.yaml"
        text = print_yaml.read_text(encoding="utf-8")
        print_yaml.write_text(text.replace("subtitle: Costes de construcción",
                                           "subtitle: Lo que cuesta cada cosa"),
                              encoding="utf-8")
        wait_for(lambda: watcher.pieces(), "the cards' rebuild", watcher)
        assert len(watcher.built()) == 3 and watcher.err.getvalue() == ""
        assert squeezed("Lo que cuesta cada cosa") in pdf_text(cards)


def test_a_rebuild_leaves_a_file_that_did_not_change_as_it_is(tmp_path):
    # what watches the output (a browser, a sync tool) sees only what changed
    same, changed = tmp_path / "same.svg", tmp_path / "changed.svg"
    write_all([(same, b"<svg/>"), (changed, b"<svg>1</svg>")])
    before = identity(same), identity(changed)
    time.sleep(0.01)
    write_all([(same, b"<svg/>"), (changed, b"<svg>2</svg>")])
    assert identity(same) == before[0]
    assert identity(changed) != before[1] and changed.read_bytes() == b"<svg>2</svg>"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["changed.svg", "same.svg"]


def test_a_mistake_is_one_line_and_the_last_good_pdf_stays(content, tmp_path):
    output = tmp_path / "output"
    pdf = output / "catan-base" / "catan-base.pdf"
    book_yaml = content / "catan-base" / "book.yaml"
    good = book_yaml.read_text(encoding="utf-8")
    with watching([content / "catan-base"], output) as watcher:
        good_pdf, before = pdf.read_bytes(), identity(pdf)

        append(book_yaml, "colour: red")

        wait_for(watcher.errors, "the error line", watcher)
        errors = watcher.err.getvalue().splitlines()
        assert len(errors) == 1, errors  # one line, no traceback
        assert errors[0].startswith("error: ") and "book.yaml" in errors[0]
        assert "colour" in errors[0]
        assert pdf.read_bytes() == good_pdf and identity(pdf) == before
        assert len(watcher.built()) == 1
        assert watcher.thread.is_alive()

        book_yaml.write_text(good, encoding="utf-8")

        wait_for(lambda: len(watcher.built()) == 2, "the rebuild after the fix", watcher)
        assert len(watcher.errors()) == 1  # the fixed book built, no new error


def test_editor_debris_rebuilds_nothing(content, tmp_path):
    output = tmp_path / "output"
    pdf = output / "catan-base" / "catan-base.pdf"
    chapters = content / "catan-base" / "chapters"
    with watching([content / "catan-base"], output) as watcher:
        before = identity(pdf)
        for name in (".01-resumen.md.swp", "01-resumen.md~", ".#01-resumen.md", "4913"):
            (chapters / name).write_text("basura del editor\n", encoding="utf-8")
        (content / "catan-base" / ".hidden").mkdir()
        (content / "catan-base" / ".hidden" / "notes.md").write_text("x", encoding="utf-8")
        # Nothing to poll for when nothing must happen: give the watcher ten times the time
        # it takes to hand a batch over (STEP_MS) to react, wrongly.
        time.sleep(0.5)
        assert len(watcher.built()) == 1 and identity(pdf) == before

        # The watcher is listening all the same: a real edit right after still rebuilds.
        append(chapters / "01-resumen.md", "Otra frase.")
        wait_for(lambda: len(watcher.built()) == 2, "the rebuild", watcher)
        assert identity(pdf) != before


def test_only_the_changed_book_is_rebuilt_and_shared_facts_rebuild_their_readers(
        content, tmp_path):
    twin = content / "catan-gemelo"
    shutil.copytree(content / "catan-base", twin)
    output = tmp_path / "output"
    calls: list[str] = []

    def counting(folder, out, pieces=False):
        calls.append(Path(folder).name)
        return build_book(folder, out)

    with watching([content / "catan-base", twin], output, build=counting) as watcher:
        assert calls == ["catan-base", "catan-gemelo"]
        assert "watching 2 books in " in watcher.out.getvalue()

        append(twin / "chapters" / "01-resumen.md", "Solo en el gemelo.")
        wait_for(lambda: len(watcher.built()) == 3, "the twin's rebuild", watcher)
        assert calls[2] == "catan-gemelo" and "catan-gemelo.pdf" in watcher.built()[2]

        append(content / "_facts" / "catan-base.yaml", "# a comment changes nothing")
        wait_for(lambda: len(watcher.built()) == 5, "both books rebuilt", watcher)
        assert sorted(calls[3:]) == ["catan-base", "catan-gemelo"]
        assert len(calls) == 5 and watcher.err.getvalue() == ""


def test_output_inside_the_book_folder_is_refused_and_writes_nothing(content):
    """An output folder among the books would write over them (core/output.py): each build
    is one line of error, nothing is written there, and the watcher carries on."""
    output = content / "catan-base" / "salida"
    with watching([content / "catan-base"], output) as watcher:
        append(content / "catan-base" / "chapters" / "01-resumen.md", "Una vez.")
        wait_for(lambda: len(watcher.errors()) == 2, "the rebuild's error", watcher)
        assert all("the output folder is inside the book folder" in line
                   for line in watcher.errors()), watcher.errors()
        assert not output.exists() and watcher.built() == []


def test_ignore_filter():
    root, output = Path("/books/content/catan"), Path("/books/content/catan/out")
    keep = _Ignore([root], output)
    from watchfiles import Change
    assert keep(Change.modified, str(root / "chapters" / "01.md"))
    assert keep(Change.added, str(root / "book.yaml"))
    for debris in (".01.md.swp", ".01.md.swx", "01.md~", ".#01.md", "4913", ".DS_Store"):
        assert not keep(Change.modified, str(root / "chapters" / debris)), debris
    assert not keep(Change.modified, str(root / ".git" / "index"))
    assert not keep(Change.modified, str(output / "catan" / "catan.pdf"))
    assert keep(Change.modified, str(root / "outline.md"))  # a prefix of "out", not inside it
    # a hidden folder above the watched one (e.g. ~/.local/...) hides nothing
    hidden_home = Path("/home/u/.local/content/catan")
    assert _Ignore([hidden_home], output)(Change.modified, str(hidden_home / "book.yaml"))


def test_ctrl_c_stops_with_130(content, tmp_path):
    def interrupted(folder, out, pieces=False):
        raise KeyboardInterrupt

    out, err = io.StringIO(), io.StringIO()
    code = watch([content / "catan-base"], tmp_path / "output", Console(file=out),
                 Console(file=err), build=interrupted)
    assert code == 130
    assert out.getvalue().splitlines()[-1] == "stopped watching"
    assert not (tmp_path / "output" / "catan-base").exists()


def test_the_watchers_build_writes_the_pdf_before_it_renders_the_html(content, tmp_path,
                                                                      monkeypatch):
    """`pdf_first`: the PDF a designer looks at is on disk, whole, before the HTML edition is
    rendered; an HTML edition that then fails leaves the new PDF beside the last good page
    and raises. A plain build writes nothing until everything is rendered."""
    import generator.build as build
    from generator.errors import RenderError
    out = tmp_path / "out"
    first = build_book(content / "catan-base", out)
    pdf, page = first.files[0], first.files[-1]
    old_pdf, old_page = pdf.read_bytes(), page.read_bytes()
    append(content / "catan-base" / "chapters" / "01-resumen.md", "Una frase nueva.")

    def failing_page(*args):
        seen.append(pdf.read_bytes())
        raise RenderError("the page failed")

    monkeypatch.setattr(build, "render_html", failing_page)
    seen: list[bytes] = []
    with pytest.raises(RenderError):
        build_book(content / "catan-base", out)
    assert seen == [old_pdf] and pdf.read_bytes() == old_pdf  # all or nothing
    seen.clear()
    from generator.watch import _build_pdf_first  # the watcher's own build
    with pytest.raises(RenderError):
        _build_pdf_first(content / "catan-base", out)
    assert seen[0] != old_pdf and pdf.read_bytes() == seen[0]  # the new PDF, whole
    assert squeezed("Una frase nueva.") in pdf_text(pdf) and page.read_bytes() == old_page
    assert not [p for p in out.rglob("*.part")]
    with pytest.raises(ValueError, match="PDF and HTML editions only"):
        build_book(content / "catan-base", out, papers=[object()], pdf_first=True)
