"""What a test run makes once and every xdist worker shares: the shipped books built (`Books`,
the `built` fixture) and each PDF read (pdfread.read_pdf).

The workers of one run share a folder: pytest-xdist gives each worker its own base temporary
folder, `<run>/popen-gw0`, `<run>/popen-gw1`…, so `<run>` is the parent of a worker's; a run
without xdist uses its own base temporary folder. An entry of the cache is a pickle in that
folder, made by the first worker that asks for it while it holds an exclusive lock
(fcntl.flock on `<entry>.lock`); a worker that asks while the lock is held waits, then loads
what the first one wrote. Nothing outlives the run: pytest keeps the last three runs' folders
and a new run starts empty.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import os
import pickle
from pathlib import Path
from typing import Callable, TypeVar

from generator.build import Built, build_book
from generator.content.model import PageSize
from generator.sheets.render import SheetOptions
from repo import CONTENT_ROOT, shipped

T = TypeVar("T")

#: The builds are dated at this moment (SOURCE_DATE_EPOCH, which ReportLab and the print-shop
#: files read), so that two builds of the same pages are the same bytes and are read once.
EPOCH = "1764000000"  # 2025-11-24T16:00:00Z


def run_folder(tmp_path_factory) -> Path:
    """The folder every worker of this run shares."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "run-cache"
    folder.mkdir(exist_ok=True)
    return folder


@contextlib.contextmanager
def locked(entry: Path):
    """Hold the run-wide lock of `entry` (other workers wait at it)."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    with open(entry.with_name(entry.name + ".lock"), "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def once(entry: Path, make: Callable[[], T], lock: Path | None = None) -> T:
    """What `make()` returns, made by the first caller of the run and pickled at `entry`;
    every later caller, in any worker, loads the pickle. Made under the lock of `lock` (by
    default of `entry` itself)."""
    with locked(lock or entry):
        if entry.exists():
            with entry.open("rb") as file:
                return pickle.load(file)
        value = make()
        part = entry.with_name(entry.name + ".part")
        with part.open("wb") as file:
            pickle.dump(value, file, protocol=pickle.HIGHEST_PROTOCOL)
        part.replace(entry)
        return value


@contextlib.contextmanager
def dated_at_epoch():
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        yield
    finally:
        if previous is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous


class Books:
    """`books("solo-catan", lang="en", booklet=True, papers=("A4",))`: the
    `generator.build.Built` of that shipped book (content/<book>), built by `build_book` as
    `rulebook build` builds it, once a run whichever worker asks first (`_full`: which builds
    serve which requests). The editions of a book built alike share an output folder, as
    `rulebook build` writes them (the English edition under en/). The files are shared: a
    test reads them and never writes beside them (a test that changes a book copies it,
    with `book_copy`)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._memo: dict[tuple, Built] = {}

    def __call__(self, book: str, lang: str | None = None, size: PageSize | None = None,
                 booklet: bool = False, papers: tuple[str, ...] = ()) -> Built:
        meta = shipped(book).meta
        if size == meta.page_size:
            size = None  # the book at its own size: the same files, built once
        if size is None and meta.page_size == PageSize.A5:
            # its booklet too, whether asked or not: the booklet is imposed from the PDF
            # built anyway, which stays the same bytes (one build, not two)
            full = self._full(book, lang, size, True, True)
        else:
            full = self._full(book, lang, size, booklet, size is None or bool(papers))
        return dataclasses.replace(
            full, print_files=[f for f in full.print_files if _on(f, papers)],
            press=full.press if papers else [], booklets=full.booklets if booklet else [])

    def _full(self, book: str, lang: str | None, size: PageSize | None,
              booklet: bool, printed: bool) -> Built:
        """The book built with every paper (ALL_PAPERS): each file a build with fewer papers
        writes is the same to the byte (a paper's files are made from the book alone), so
        one build serves every `papers` a test asks for, and a run builds a book at most
        once at its own size (with its booklet, if A5), not five times. Not `printed` (a
        book at another size than its own, which no test asks print files of): the build
        without them, as `build_book(papers=None)` makes it, its rulebook the same bytes."""
        key = (book, lang, size, booklet, printed)
        if key not in self._memo:
            name = "-".join([book, size.value if size else "own-size"]
                            + (["booklet"] if booklet else []) + ([] if printed else ["bare"]))
            folder = self.folder / "built" / name
            entry = folder / f"built-{lang or 'own-language'}.pickle"

            def build() -> Built:
                with dated_at_epoch():
                    return build_book(CONTENT_ROOT / book, folder / "output", size,
                                      papers=[SheetOptions(p) for p in ALL_PAPERS]
                                      if printed else None, booklet=booklet, language=lang)
            self._memo[key] = once(entry, build, lock=folder / "output")
        return self._memo[key]


#: The papers of the print files `rulebook build --papers` offers.
ALL_PAPERS = ("A4", "Letter")


def _on(file: Path, papers: tuple[str, ...]) -> bool:
    """Whether a build for `papers` writes this print file: the files of one paper end in
    its name ("cartas-letter.pdf"); the print shop's ("cartas-imprenta.pdf") come with any."""
    if not papers:
        return False
    named = [p for p in ALL_PAPERS if file.stem.endswith("-" + p.lower())]
    return not named or named[0] in papers
