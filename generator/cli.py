"""The `rulebook` command: build books, or check their content without writing anything."""

from __future__ import annotations

import argparse
import importlib.metadata
import math
import os
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from .build import OUTPUT_ROOT, build_book, build_print
from .content.loader import CONTENT_ROOT, book_folders, find_book, load_book
from .content.model import PageSize
from .errors import GeneratorError
from .examples.replay import check_book
from .sheets.geometry import PAPERS, Flip
from .simulate.command import simulate_command
from .simulate.players import PLAYERS
from .sheets.render import SheetOptions


def _page_size(text: str) -> PageSize:
    try:
        return PageSize.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


MAX_OFFSET = 10.0  # mm: a duplex printer is off by a few millimetres, never by centimetres


def _offset(text: str) -> tuple[float, float]:
    expected = (f"{text!r}: expected X,Y in millimetres between {-MAX_OFFSET:g} and "
                f"{MAX_OFFSET:g}, e.g. 1.5,-0.5")
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(expected) from None
    if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET for v in (x, y)):
        raise argparse.ArgumentTypeError(expected)
    return x, y


class UsageError(GeneratorError):
    """A mistake on the command line."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line of error and exit 1, like any other mistake."""

    def error(self, message: str):
        raise UsageError(f"{self.prog}: {message}")


def _sheet_options(args) -> list[SheetOptions]:
    papers = list(PAPERS) if args.paper == "all" else [args.paper]
    return [SheetOptions(p, Flip(args.duplex), args.offset, args.ink_saving) for p in papers]


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rulebook",
        description="Printable rulebooks from structured rule content (YAML + Markdown).")
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {importlib.metadata.version('rulebook-generator')}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)

    build = sub.add_parser("build", help="build books into output/<book>/",
                           description="Check and build books. With no BOOK, every book "
                                       "under content/.")
    build.add_argument("books", nargs="*", metavar="BOOK",
                       help="a book folder name under content/ (e.g. solo-catan) or a path")
    build.add_argument("--page-size", type=_page_size, metavar="SIZE",
                       help="A5, A4 or Letter (default: the book's own, from book.yaml)")
    build.add_argument("--output", type=Path, default=OUTPUT_ROOT, metavar="DIR",
                       help="where to write (default: output/)")

    for name, what in (("cards", "reference cards"), ("tokens", "token sheets")):
        sheet = sub.add_parser(name, help=f"print-and-play {what} into output/<book>/",
                               description=f"Build a book's {what}: home sheets (A4 and "
                                           "Letter) with crop marks and duplex backs, and a "
                                           "print-shop file with one piece per page.")
        sheet.add_argument("books", nargs="+", metavar="BOOK")
        sheet.add_argument("--paper", choices=[*PAPERS, "all"], default="all",
                           help="paper size of the home sheets (default: all)")
        sheet.add_argument("--duplex", choices=[f.value for f in Flip], default="long",
                           help="how your printer turns the sheet: long or short edge, "
                                "or none for separate back pages (default: long)")
        sheet.add_argument("--offset", type=_offset, default=(0.0, 0.0), metavar="X,Y",
                           help="millimetres to shift the backs, as measured with the "
                                "calibration page (default: 0,0)")
        sheet.add_argument("--ink-saving", action="store_true",
                           help="no large colour fills")
        sheet.add_argument("--output", type=Path, default=OUTPUT_ROOT, metavar="DIR")

    sim = sub.add_parser("simulate", help="play many games automatically and report",
                         description="How hard is the variant? Plays games with an automatic "
                                     "player, reproducibly from --seed, and reports win rate "
                                     "(95 % interval), points, length and how often each "
                                     "rule fires.")
    sim.add_argument("books", nargs=1, metavar="BOOK")
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--player", choices=sorted(PLAYERS), default="greedy")
    sim.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                     help="worker processes (default: all cores)")
    sim.add_argument("--budget", type=int, metavar="N",
                     help="strength of --player strong (play-outs per decision, default 64) "
                          "or clairvoyant (search nodes per deal, default 200000)")
    sim.add_argument("--scheduler", metavar="ADDRESS",
                     help="play the chunks on a Dask cluster (tcp://host:8786, or 'local' "
                          "for a LocalCluster) instead of the process pool")
    sim.add_argument("--compare", metavar="PARAM=V1,V2",
                     help="the same run under other values, side by side, e.g. goal=15,20,25")
    sim.add_argument("--replay", type=int, metavar="GAME_SEED",
                     help="print one game (by its recorded seed) step by step")
    sim.add_argument("--save", action="store_true",
                     help="store the run in the book's difficulty.yaml (the book's appendix)")

    check = sub.add_parser("check", help="validate books without writing anything",
                           description="Validate content: YAML, chapters, glossary, "
                                       "cross-references, examples and scenarios, the "
                                       "conformance table. Writes nothing.")
    check.add_argument("books", nargs="*", metavar="BOOK")
    check.add_argument("--coverage", action="store_true",
                       help="also list the engine's rule paths and refusal codes that no "
                            "example or scenario reaches; exit 1 if there is any")
    for p in (build, check, sim, sub.choices["cards"], sub.choices["tokens"]):
        p.add_argument("--content", type=Path, default=CONTENT_ROOT, metavar="DIR",
                       help="folder holding the books (default: content/)")
    return parser


def _folders(names: list[str], root: Path) -> list[Path]:
    if names:
        return [find_book(n, root) for n in names]
    if not root.is_dir():
        raise UsageError(f"{root}: no such folder; expected the folder holding the books "
                         "(--content DIR)")
    folders = book_folders(root)
    if not folders:
        raise UsageError(f"{root}: no books here; expected folders with a book.yaml")
    return folders


def _check(folder: Path, coverage: bool, out: Console) -> bool:
    """`rulebook check`: load and replay (any mistake raises); warn about pending conformance
    rows; with `coverage`, list what no replay reaches. False if coverage found gaps."""
    book = load_book(folder)
    replays = check_book(book, scenarios=True)
    scenarios = sum(r.source.scenario for r in replays)
    replayed = f"{len(replays) - scenarios} worked examples" + \
        (f" and {scenarios} scenarios" if scenarios else "")
    out.print(f"[green]ok[/] {book.slug}: {len(book.chapters)} chapters, "
              f"{len(book.glossary.abbreviations)} abbreviations, {replayed} replayed",
              soft_wrap=True)
    for location, row in book.conformance.pending() if book.conformance else ():
        out.print(f"[yellow]pending[/] {escape(str(location))}: conformance row {row.id} is "
                  "not checked by any example or scenario yet", soft_wrap=True)
    if not coverage:
        return True
    adapter = replays[0].adapter if replays else None
    if not hasattr(adapter, "uncovered"):
        out.print(f"[yellow]no coverage[/] {book.slug}: its engine "
                  f"({book.meta.engine or 'none'}) declares no rule paths")
        return True
    paths, codes = adapter.uncovered(replays)
    for kind, names in (("rule paths never fired", paths), ("refusal codes never met", codes)):
        if names:
            out.print(f"[red]uncovered[/] {book.slug}: {kind}: {', '.join(names)}",
                      soft_wrap=True)
    if not paths and not codes:
        out.print(f"[green]covered[/] {book.slug}: every rule path and refusal code")
    return not paths and not codes


def main(argv: list[str] | None = None) -> int:
    out = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    status = 0
    try:
        args = _parser().parse_args(argv)
        folders = _folders(args.books, args.content)
        for folder in folders:
            start = time.perf_counter()
            if args.command == "simulate":
                simulate_command(load_book(folder), args, out)
            elif args.command in ("cards", "tokens"):
                book = load_book(folder)
                files = build_print(book, args.output, _sheet_options(args), (args.command,))
                if not files:
                    out.print(f"[yellow]nothing[/] {book.slug} has no {args.command} in print.yaml")
                for file in files:
                    out.print(f"[green]built[/] {escape(str(file))}")
            elif args.command == "check":
                if not _check(folder, args.coverage, out):
                    status = 1
            else:
                built = build_book(folder, args.output, args.page_size,
                                   [SheetOptions(p) for p in PAPERS])
                took = time.perf_counter() - start
                pdf, figures = built.files[0], [f for f in built.files if f.suffix == ".svg"]
                out.print(f"[green]built[/] {escape(str(pdf))}, index.html and "
                          f"{len(figures)} figures ({took:.2f} s)")
                pieces = built.print_files
                if pieces:
                    out.print(f"[green]built[/] {len(pieces)} print-and-play files in "
                              f"{escape(str(pieces[0].parent))}")
    except GeneratorError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        return 1
    except KeyboardInterrupt:  # every output is written whole or not at all (build.py)
        err.print("[bold red]error:[/] interrupted; nothing was written", soft_wrap=True)
        return 130
    except OSError as exc:  # a file the layers above did not name: still one line
        where = f"{exc.filename}: " if exc.filename else ""
        err.print(f"[bold red]error:[/] {escape(where)}cannot read or write "
                  f"({escape(exc.strerror or str(exc))})", soft_wrap=True)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
