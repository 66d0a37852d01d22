"""`rulebook watch`: rebuild a book's PDF and HTML edition whenever one of its files changes.

Watching is left to `watchfiles`: its Rust core (the `notify` crate) uses the operating
system's change notifications (inotify, FSEvents, ReadDirectoryChangesW) rather than polling,
and it groups the burst of events one save makes (an editor's temporary file, rename, chmod)
into a single batch. That is one well-kept library instead of a hand-written polling loop
that would either miss quick edits or wake up all the time.

Each batch rebuilds only the books whose folder changed, or every book that reads the shared
facts folder (`<content>/_facts`) when that changed. A rebuild is `build_book` without the
print-and-play papers, to stay fast, and writes the PDF as soon as it is laid out, the HTML
edition and figures right after (`pdf_first`); but a saved YAML file of a book with pieces
(print.yaml: what its cards and tokens say, the costs, statements and rights they print)
rebuilds its print-and-play files too, as `rulebook build` does, so the cards on screen are
never older than the file just saved. A mistake in the content is one `error:` line
and the watcher carries on: it is found before anything is written, so the last good PDF
stays where it was until the book is fixed.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import watchfiles
from rich.console import Console
from rich.markup import escape

from generator.build import Built, build_book
from generator.content.books import FACTS_FOLDER
from generator.core.files import present
from generator.errors import GeneratorError

DEBOUNCE_MS = 1600  # the longest a burst of changes is gathered before a rebuild
STEP_MS = 10  # a batch is handed over once no new change came in for this long: an editor's
# save (write, or write and rename) is one burst of a few ms; 50 ms was an eighth of the wait
IDLE_MS = 200  # with no change, the watcher reports back this often (sets `ready`, see below)

EDITOR_DEBRIS = ("4913",)  # vim's test file; swap, lock and backup files are caught by name


def watch(folders: list[Path], output: Path, out: Console, err: Console, *,
          stop: threading.Event | None = None, ready: threading.Event | None = None,
          build: Callable[[Path, Path], Built] | None = None) -> int:
    """Build every book once, then rebuild the changed ones until `stop` is set (0) or Ctrl-C
    (130). `ready` is set once the first builds are done and changes are being watched."""
    build = build or _build_pdf_first
    books = [Path(folder) for folder in folders]
    roots = {book: book.resolve() for book in books}
    facts = {book: roots[book].parent / FACTS_FOLDER for book in books}
    watched = list(dict.fromkeys([*roots.values(),
                                  *(f for f in facts.values() if f.is_dir())]))
    ignore = _Ignore(watched, Path(output).resolve())
    try:
        for book in books:
            if stop is not None and stop.is_set():
                return 0
            _rebuild(book, output, out, err, build)
        shown = ", ".join(escape(_shown(p)) for p in watched)
        count = f"{len(books)} book" + ("" if len(books) == 1 else "s")
        out.print(f"watching {count} in {shown}; Ctrl-C to stop", soft_wrap=True)
        # The watcher registers with the system when the generator first runs; its first
        # answer (a change, or an empty set after IDLE_MS) proves it is listening, and changes
        # made while a rebuild runs are kept for the next batch.
        for changes in watchfiles.watch(*watched, watch_filter=ignore, stop_event=stop,
                                        debounce=DEBOUNCE_MS, step=STEP_MS,
                                        rust_timeout=IDLE_MS, yield_on_timeout=True,
                                        raise_interrupt=True):
            if ready is not None:
                ready.set()
            changed = [Path(path) for _, path in changes]
            for book in books:
                mine = [p for p in changed
                        if _inside(p, roots[book]) or _inside(p, facts[book])]
                if mine:
                    _rebuild(book, output, out, err, build, _pieces_read(mine, roots[book]))
    except KeyboardInterrupt:  # a build cut short left every file whole (build.py)
        out.print("stopped watching")
        return 130
    return 0


def _build_pdf_first(folder: Path, output: Path, pieces: bool = False) -> Built:
    """A build whose PDF is written as soon as it is laid out (build.py's `pdf_first`): the
    page a designer is looking at comes first, the HTML edition and figures right after.
    With `pieces`, a whole build with the print-and-play files (which a mistake in
    print.yaml can still stop after the layout, so nothing is written before the end)."""
    if pieces:
        from generator.core.sheet import PAPERS
        from generator.sheets.render import SheetOptions
        return build_book(folder, output, papers=[SheetOptions(p) for p in PAPERS])
    return build_book(folder, output, pdf_first=True)


def _pieces_read(changed: list[Path], root: Path) -> bool:
    """Whether a change is one the book's pieces may print: a YAML file of a book with a
    print.yaml, but for its examples and scenarios (and the shared facts, only checked)."""
    if not present(root / "print.yaml"):
        return False
    for path in changed:
        if path.suffix == ".yaml" and _inside(path, root):
            parts = path.relative_to(root).parts
            if parts[0] not in ("examples", "scenarios"):
                return True
    return False


def _rebuild(folder: Path, output: Path, out: Console, err: Console,
             build: Callable[..., Built], pieces: bool = False) -> None:
    """One build, reported the way `rulebook build` reports it; a mistake is one line."""
    start = time.perf_counter()
    try:
        built = build(folder, output, pieces=pieces)
    except GeneratorError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        return
    except OSError as exc:  # e.g. a file an editor was replacing as it was read
        where = f"{exc.filename}: " if exc.filename else ""
        err.print(f"[bold red]error:[/] {escape(where)}cannot read or write "
                  f"({escape(exc.strerror or str(exc))})", soft_wrap=True)
        return
    took = time.perf_counter() - start
    pdf, figures = built.files[0], [f for f in built.files if f.suffix == ".svg"]
    out.print(f"[green]built[/] {escape(str(pdf))}, index.html and {len(figures)} figures "
              f"({took:.2f} s)", soft_wrap=True)
    if built.print_files:
        out.print(f"[green]built[/] {len(built.print_files)} print-and-play files in "
                  f"{escape(str(built.print_files[0].parent))}", soft_wrap=True)
    for warning in getattr(built.book, "warnings", ()):  # e.g. an image below 200 dpi
        out.print(f"[yellow]warning[/] {escape(str(warning))}", soft_wrap=True)
    settle()


def settle() -> None:
    """After a build: what it left alive (fonts, caches, imported code) lives as long as the
    watcher, so it is moved out of the garbage collector's reach; the next rebuild's
    collections then walk only what that rebuild makes (a full walk cost ~0.1 s a save)."""
    gc.collect()
    gc.freeze()


class _Ignore:
    """watchfiles' filter: False for what must not start a rebuild: hidden files and folders
    (editor swap and lock files, `.git`), backups (`name~`), vim's `4913`, the usual debris
    watchfiles itself ignores, and anything in the output folder."""

    def __init__(self, roots: Iterable[Path], output: Path):
        self.roots = list(roots)
        self.output = output
        self.default = watchfiles.DefaultFilter()

    def __call__(self, change: watchfiles.Change, path: str) -> bool:
        file = Path(path)
        if _inside(file, self.output) or not self.default(change, path):
            return False
        root = next((r for r in self.roots if _inside(file, r)), None)
        parts = file.relative_to(root).parts if root is not None else (file.name,)
        return not any(part.startswith(".") or part.endswith("~") or part in EDITOR_DEBRIS
                       for part in parts)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or path.is_relative_to(folder)


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
