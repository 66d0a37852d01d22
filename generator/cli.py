"""The `rulebook` command: build books, or check their content without writing anything."""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import math
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from generator.errors import GeneratorError, OutputLost, UsageError
from generator.project import Project, find_project
from generator.core.sheet import PAPERS, Flip
from generator.simulate import options as sim_options
from generator.simulate.options import whole
from generator.examples.protocol import declares

# The rest is imported by the command that needs it: `rulebook --help` should not pay for
# the PDF renderer, nor `rulebook check` for anything it does not use.


def _page_size(text: str):
    from generator.core.page import PageSize
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


class _Version(argparse.Action):
    """`--version`, read from the installed package's metadata only when asked for:
    importlib.metadata costs every other command a fifth of `rulebook check`'s budget."""

    def __init__(self, option_strings, dest, **options):
        super().__init__(option_strings, dest, nargs=0, **options)

    def __call__(self, parser, namespace, values, option_string=None):
        import importlib.metadata
        parser._print_message(f"{parser.prog} "
                              f"{importlib.metadata.version('rulebook-generator')}\n")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line of error (`UsageError`: exit 2), as any other."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A value that starts with a minus and a digit is a value, not an option: argparse's
        # own pattern knows -1 and -0.5 but not `--offset -1,0`, which it took for an
        # unknown option ("argument --offset: expected one argument").
        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def error(self, message: str):
        raise UsageError(f"{self.prog}: {message}")

    def _print_message(self, message: str, file=None) -> None:
        """`--help` and the like: argparse's own writer drops an OSError, so that `rulebook
        --help > /dev/full` said nothing and succeeded; here it is the output lost."""
        if not message:
            return
        if file is None or file is sys.stdout:
            _StandardOutput().write(message)
            return
        with contextlib.suppress(OSError):  # the standard error: as argparse has it
            file.write(message)


class _StandardOutput:
    """`sys.stdout` (as it is at each call: a test may replace it) for the command's Console,
    whose failure to write is an `OutputLost`: told apart from a file's OSError wherever it
    happens, and not taken for a plugin's bug when a plugin's code printed it."""

    def write(self, text: str) -> int:
        try:
            return sys.stdout.write(text)
        except OSError as exc:
            raise OutputLost(exc) from exc

    def flush(self) -> None:
        try:
            sys.stdout.flush()
        except OSError as exc:
            raise OutputLost(exc) from exc

    def __getattr__(self, name: str):  # isatty, encoding, fileno: the stream's own
        return getattr(sys.stdout, name)


def _sheet_options(args):
    from generator.sheets.render import SheetOptions
    papers = list(PAPERS) if args.paper == "all" else [args.paper]
    return [SheetOptions(p, Flip(args.duplex), args.offset, args.ink_saving) for p in papers]


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """The command line's grammar, made once a process: a program that calls `main` many
    times (the test suite, a script) parses with the same parser, which argparse leaves as
    it found it."""
    parser = _Parser(
        prog="rulebook",
        description="Printable rulebooks from structured rule content (YAML + Markdown).")
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    parser.add_argument("--debug", action="store_true", help=DEBUG_HELP)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)

    build = sub.add_parser("build", help="build books into output/<book>/",
                           description="Check and build books. With no BOOK, every book "
                                       "under content/.")
    build.add_argument("books", nargs="*", metavar="BOOK", help=BOOK_HELP)
    build.add_argument("--page-size", type=_page_size, metavar="SIZE", help=PAGE_SIZE_HELP)
    build.add_argument("--output", type=Path, metavar="DIR", help=OUTPUT_HELP)
    build.add_argument("--booklet", action="store_true",
                       help="also write <book>-folleto-a4.pdf and -letter.pdf (an English book: "
                            "<book>-booklet-a4.pdf…): the A5 book "
                            "imposed two pages to a landscape sheet, at true size, to print "
                            "double-sided (flip on the short edge), fold and staple; A5 books "
                            "only")

    for name, what in (("cards", "reference cards"), ("tokens", "token sheets")):
        sheet = sub.add_parser(name, help=f"print-and-play {what} into output/<book>/",
                               description=f"Build a book's {what}: home sheets (A4 and "
                                           "Letter) with crop marks and duplex backs, and a "
                                           "print-shop file with one piece per page.")
        sheet.add_argument("books", nargs="+", metavar="BOOK", help=BOOK_HELP)
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
        sheet.add_argument("--output", type=Path, metavar="DIR", help=OUTPUT_HELP)

    sim = sub.add_parser("simulate", help="play many games automatically and report",
                         description="How hard is the variant? Plays games with an automatic "
                                     "player, reproducibly from --seed, and reports win rate "
                                     "(95 % interval), points, length and how often each "
                                     "rule fires.")
    sim.add_argument("books", nargs=1, metavar="BOOK", help=BOOK_HELP)
    sim.add_argument("--games", type=whole(1, sim_options.MAX_GAMES), default=1000,
                     help=f"games to play, at most {sim_options.MAX_GAMES:,} (and "
                          f"{sim_options.MAX_GAMES_IN_ALL:,} over all the runs of --player "
                          "and --compare; default: 1000)")
    sim.add_argument("--seed", type=whole(0, sim_options.MAX_SEED), default=1,
                     help="first deal's seed, from 0 to 2^63-1; the same seed plays the same "
                          "deals (default: 1)")
    sim.add_argument("--player", default="greedy", metavar="NAME[,NAME…]",
                     help="who plays; several, separated by commas, play the same deals and "
                          "are reported side by side. Every engine has random and greedy (one "
                          "move ahead), and may have its own; a wrong name lists them "
                          "(default: greedy)")
    sim.add_argument("--jobs", type=whole(1, sim_options.MAX_JOBS),
                     default=os.cpu_count() or 1,
                     help=f"worker processes, at most {sim_options.MAX_JOBS}; no more than "
                          f"{sim_options.WORKERS_PER_CORE} per core are started, nor more than "
                          "there are games (default: all cores)")
    sim.add_argument("--budget", metavar="N|PLAYER=N,…",
                     help="strength of the players that search, for an engine that has them "
                          "(solo games: play-outs per decision, search nodes per deal…): N "
                          "for each of them in its own unit, or PLAYER=N,…; a wrong one "
                          "lists them, with their maximum")
    sim.add_argument("--scheduler", metavar="ADDRESS", type=sim_options.scheduler,
                     help="play the chunks on a Dask cluster (tcp://host:8786, or 'local' "
                          "for a LocalCluster) instead of the process pool")
    sim.add_argument("--compare", metavar="PARAM=V1,V2",
                     help="the same run under other values of a rule parameter, side by side, "
                          f"e.g. goal=15,20,25 (at most {sim_options.MAX_COMPARED} values), "
                          "for an engine that has them; a wrong one lists them")
    sim.add_argument("--replay", type=whole(0, sim_options.MAX_SEED), metavar="GAME_SEED",
                     help="print one game (by its recorded seed) step by step")
    sim.add_argument("--save", action="store_true",
                     help="store each player's run in the book's difficulty.yaml, "
                          "keeping the other players' runs (the book's appendix)")

    game = sub.add_parser("play", help="play a game of a book's variant against its rules",
                          description="Learn the rules by playing them: a game dealt from "
                                      "--seed, the table printed as lines, the legal actions "
                                      "numbered; type a number or an action in the book's "
                                      "notation, undo, or quit. A move the rules do not allow "
                                      "is refused as the book refuses it, with its section.")
    game.add_argument("books", nargs=1, metavar="BOOK", help=BOOK_HELP)
    game.add_argument("--seed", type=whole(0, sim_options.MAX_SEED),
                      help="the deal's seed, from 0 to 2^63-1 (default: 1); with "
                           "--challenge, which challenge")
    dealt = game.add_mutually_exclusive_group()
    dealt.add_argument("--deal", type=whole(1, sim_options.MAX_GAMES), metavar="N",
                       help="play the N-th deal of the book's stored runs (difficulty.yaml)")
    dealt.add_argument("--challenge", action="store_true",
                       help="play a stored deal the clairvoyant player won and every fair "
                            "player lost")
    game.add_argument("--lang", metavar="LANG",
                      help="play in this edition's words (a book's translation, e.g. en)")
    game.add_argument("--load", type=Path, metavar="FILE",
                      help="go on with a game saved with `save FILE` (its seed and moves)")
    game.add_argument("--output", type=Path, metavar="DIR",
                      help="the output folder of the build whose page numbers a refusal "
                           "cites (default: the project's; none built: no page numbers)")
    game.add_argument("--plain", action="store_true",
                      help="plain lines, no colours or bold, even on a terminal (a screen "
                           "reader's, or a script's)")
    game.add_argument("--record", type=Path, metavar="FILE",
                      help="write the moves played (from `mark` to `stop`, or all of them) "
                           "as a worked example the book can show and check replays")

    check = sub.add_parser("check", help="validate books without writing anything",
                           description="Validate content: YAML, chapters, glossary, "
                                       "cross-references, examples and scenarios, the "
                                       "conformance table. Writes nothing.")
    check.add_argument("books", nargs="*", metavar="BOOK", help=BOOK_HELP)
    check.add_argument("--page-size", type=_page_size, metavar="SIZE",
                       help=PAGE_SIZE_HELP + "; a sheet is laid out on it, as build lays it "
                            "out with the same --page-size")
    check.add_argument("--coverage", action="store_true",
                       help="also list the engine's rule paths and refusal codes that no "
                            "example or scenario reaches; exit 1 if there is any")

    watch = sub.add_parser("watch", help="rebuild a book's PDF and HTML whenever it changes",
                           description="Build the books once, then rebuild a book's PDF, "
                                       "HTML and figures each time one of its files is saved. "
                                       "A mistake is printed and the last good output kept. "
                                       "Ctrl-C stops.")
    watch.add_argument("books", nargs="*", metavar="BOOK", help=BOOK_HELP)
    watch.add_argument("--output", type=Path, metavar="DIR", help=OUTPUT_HELP)

    for p in (build, check, sim, watch, sub.choices["cards"], sub.choices["tokens"]):
        p.add_argument("--content", type=Path, metavar="DIR",
                       help="folder holding the books, relative to where you stand "
                            "(default: the project's content/)")
    for p in (build, check, sub.choices["cards"], sub.choices["tokens"]):
        p.add_argument("--lang", choices=LANGUAGES, metavar="LANG",
                       help="only the edition in this language (es, en): the book's own, or "
                            "its translation in <book>/<lang>/, written to "
                            "output/<book>/<lang>/ (default: every edition)")

    init = sub.add_parser("init", help="make a new project folder",
                          description="Make DIR (default: this folder) a rulebook project: "
                                      "rulebook.toml and an empty content/ folder.")
    init.add_argument("folder", nargs="?", type=Path, default=Path("."), metavar="DIR",
                      help="the project folder (default: this folder)")

    new = sub.add_parser("new", help="start a new book that builds at once",
                         description="Create content/NAME/ in this project: book.yaml, "
                                     "components, glossary, chapters (and rulings for a "
                                     "rulebook), each YAML file linked to its schema for "
                                     "editors. Never overwrites.")
    new.add_argument("name", metavar="NAME", help="the book's folder name, e.g. my-game")
    new.add_argument("--lang", choices=["es", "en"], default="en",
                     help="language of the book and its generated words (default: en)")
    new.add_argument("--sheet", action="store_true",
                     help="a short rules sheet (one chapter, A4) instead of a full rulebook")
    new.add_argument("--cards", action="store_true",
                     help="also a print.yaml with a reference card")
    new.add_argument("--deck", action="store_true",
                     help="also a deck of the game's own cards, from decks/cards.csv")
    new.add_argument("--content", type=Path, metavar="DIR",
                     help="folder holding the books (default: the project's content/)")
    docs = sub.add_parser("docs", help="read the documentation shipped with the program",
                          description="List the documentation's pages, or show one: set as "
                                      "Markdown in a terminal, the Markdown itself when "
                                      "piped.")
    docs.add_argument("page", nargs="?", metavar="PAGE",
                      help="a page, e.g. engines or reference/book (default: list them)")
    for command in sub.choices.values():  # also after the command, as it is usually typed
        command.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                             help=DEBUG_HELP)
    return parser


PAGE_SIZE_HELP = "A5, A4 or Letter (default: the book's own, from book.yaml)"
DEBUG_HELP = ("a bug in an engine plugin is said with its whole traceback, not only its "
              "line")
LANGUAGES = ("es", "en")  # content.model.LANGUAGES, without importing the model for --help
BOOK_HELP = "a book's folder name under content/ (e.g. my-game), or a path to a book folder"
OUTPUT_HELP = ("where to write, relative to where you stand (default: the project's "
               "output/)")
NO_PROJECT = ("no rulebook project here or in any folder above; expected a rulebook.toml or "
              "a content/ folder with books (rulebook init makes one), or --content DIR")


@dataclass(frozen=True)
class Where:
    """Where a command reads and writes: the books' folder and the output folder.

    `--content`/`--output` are taken as typed (relative to where you stand); otherwise the
    project found from the working directory decides. A book named by its path needs no
    project; its outputs then go to output/ where you stand."""

    content: Path | None
    output: Path
    project: Project | None

    @classmethod
    def of(cls, args) -> Where:
        project = find_project()
        content = args.content if getattr(args, "content", None) else (
            project.content if project else None)
        output = getattr(args, "output", None) or (
            project.output if project else Path("output"))
        return cls(content, output, project)

    def refuse_output_among(self, books: list[Path], typed: Path | None) -> None:
        """The output folder apart from the content folder and `books` (core/output.py):
        `--output content` wrote over the book's own files. `typed`: --output as given."""
        from generator.core.output import refuse_overlap
        content = [(self.content, "the content folder")] if self.content else []
        refuse_overlap(self.output, f"--output {typed}" if typed else str(self.output),
                       content + [(book, "the book folder") for book in books])

    def books(self, names: list[str]) -> list[Path]:
        from generator.content.books import book_folders, find_book
        if names:
            return [find_book(n, self.content) for n in names]
        root = self.content
        if root is None:
            raise UsageError(NO_PROJECT)
        if not root.is_dir():
            raise UsageError(f"{root}: no such folder; expected the folder holding the books "
                             "(--content DIR)")
        folders = book_folders(root)
        if not folders:
            raise UsageError(f"{root}: no books here; expected folders with a book.yaml "
                             "(rulebook new NAME makes one)")
        return folders

    def editions(self, names: list[str], language: str | None) -> list[tuple[Path, str | None]]:
        """(book folder, translation language or None) of every edition asked for: each
        book's own and its translations (content/<book>/<lang>/), or with `language` only
        the edition in it. A book named on the command line that has no such edition is an
        error; among all the project's books, those without one are left out."""
        from generator.content.edition import edition_of, editions
        from generator.content.loader import book_language
        found = []
        for folder in self.books(names):
            folder, named = edition_of(folder)
            own = book_language(folder)
            every = [(folder, None)] + [(folder, lang) for lang in editions(folder)
                                        if lang != own]
            if named:
                every = [(folder, named if named != own else None)]
            if language is None:
                found += every
                continue
            chosen = [(f, lang) for f, lang in every if (lang or own) == language]
            if not chosen and names:
                have = ", ".join(lang or own or "?" for _, lang in every)
                raise UsageError(f"{folder}: no edition in '{language}'; expected one of "
                                 f"{have}, or a translation folder {folder / language}/")
            found += chosen
        if not found:
            raise UsageError(f"no book has an edition in '{language}'")
        return found


def _named(book) -> str:
    """A book as the command names it: `my-game`, a translation `my-game (en)`."""
    return f"{book.slug} ({book.edition})" if book.edition else book.slug


@dataclass(frozen=True)
class _Line:
    """A line `rulebook check` says, kept as data until the edition's check is over (a
    mistake found later stops the edition before anything of it is said): rich markup
    `before` and `after` the `text` shown as typed."""
    before: str
    text: str = ""
    after: str = ""
    soft_wrap: bool = True

    def print(self, out: Console) -> None:
        out.print(self.before + escape(self.text) + self.after, soft_wrap=self.soft_wrap)


def _check(folder: Path, language: str | None, coverage: bool,
           page_size=None) -> _CheckReport:
    """`rulebook check`: load and replay (any mistake raises); warn about pending conformance
    rows; with `coverage`, list what no replay reaches. What it says, and whether it passed
    (coverage found no gap). `page_size`: as `rulebook build --page-size` (None: the
    book's own)."""
    from generator.checks import checked_book, draw_engine_figures, typefaces_of
    from generator.examples.replay import check_book, worked_examples
    from generator.core.i18n import count_noun
    _count = functools.partial(count_noun, language="en")  # the program's own words
    said: list[_Line] = []
    book = checked_book(folder, language)
    replays = check_book(book, scenarios=True)
    draw_engine_figures(book, replays)
    if book.meta.sheet:  # whether it fits its two pages: only its layout tells
        from generator.pdf.document import check_sheet
        with typefaces_of(book):
            check_sheet(book, worked_examples(replays), page_size)
    scenarios = sum(r.source.scenario for r in replays)
    replayed = _count(len(replays) - scenarios, "worked example", "worked examples") + \
        (f" and {_count(scenarios, 'scenario', 'scenarios')}" if scenarios else "")
    replayed += " printed unchecked (examples: unchecked, no engine)" \
        if book.examples_unchecked else " replayed"
    abbreviations = len(book.glossary.abbreviations)
    said.append(_Line(f"[green]ok[/] {_named(book)}: "
                      f"{_count(len(book.chapters), 'chapter', 'chapters')}, "
                      f"{_count(abbreviations, 'abbreviation', 'abbreviations')}, {replayed}"))
    # What builds but a reader would notice (an image below 200 dpi), located.
    said += [_Line("[yellow]warning[/] ", str(warning)) for warning in book.warnings]
    for location, row in book.conformance.pending() if book.conformance else ():
        said.append(_Line("[yellow]pending[/] ", str(location), f": conformance row {row.id} "
                          "is not checked by any example or scenario yet"))
    if not coverage:
        return _CheckReport(said, True)
    adapter = replays[0].adapter if replays else None
    if not declares(adapter, "coverage"):
        said.append(_Line(f"[yellow]no coverage[/] {book.slug}: its engine "
                          f"({book.meta.engine or 'none'}) declares no rule paths",
                          soft_wrap=False))
        return _CheckReport(said, True)
    paths, codes = adapter.uncovered(replays)
    for kind, names in (("rule paths never fired", paths), ("refusal codes never met", codes)):
        if names:
            said.append(_Line(f"[red]uncovered[/] {book.slug}: {kind}: {', '.join(names)}"))
    if not paths and not codes:
        said.append(_Line(f"[green]covered[/] {book.slug}: every rule path and refusal code",
                          soft_wrap=False))
    return _CheckReport(said, not paths and not codes)


@dataclass(frozen=True)
class _BuildReport:
    """What `rulebook build` says about one book: plain strings, so that a worker process can
    send it back (a built Book holds element trees and image bytes not worth pickling)."""
    lines: list[str]
    error: str | None = None


def _build_one(job: tuple) -> _BuildReport:
    """Build one book and word the result; a mistake in the book is its error line."""
    from generator.build import build_book
    from generator.sheets.render import SheetOptions
    folder, language, output, page_size, booklet = job
    start = time.perf_counter()
    try:
        with _without_cycle_collection():
            _check_other_editions(folder, language)
            built = build_book(folder, output, page_size, [SheetOptions(p) for p in PAPERS],
                               booklet=booklet, language=language)
    except GeneratorError as exc:
        return _BuildReport([], str(exc))
    took = time.perf_counter() - start
    pdf, figures = built.files[0], [f for f in built.files if f.suffix == ".svg"]
    lines = [f"[green]built[/] {escape(str(pdf))}, index.html and {len(figures)} figures "
             f"({took:.2f} s)"]
    lines += [f"[yellow]warning[/] {escape(str(w))}" for w in built.book.warnings]
    if built.booklets:
        lines.append(f"[green]built[/] {', '.join(escape(str(f)) for f in built.booklets)} "
                     "(booklets: print double-sided, flip on the short edge, at 100 %)")
    lines += [f"[green]built[/] {escape(str(press))} (print shop: PDF/X-4, CMYK, 3 mm bleed, "
              "crop marks)" for press in built.press]
    if built.dossier:
        lines.append(f"[green]built[/] {', '.join(escape(f.name) for f in built.dossier)} "
                     "(the editor's dossier)")
    if built.print_files:
        lines.append(f"[green]built[/] {len(built.print_files)} print-and-play files in "
                     f"{escape(str(built.print_files[0].parent))}")
    return _BuildReport(lines)


def _check_other_editions(folder: Path, language: str | None) -> None:
    """A book is built whole or not at all, every edition of it: an edition is not written
    while another of the same book has a mistake (the book's own first, whose mistakes are
    every edition's). Each edition's job finds the same first mistake, said once (`_build`)."""
    from generator.content.edition import editions
    from generator.checks import checked_book
    from generator.content.loader import book_language
    every = [None] + [lang for lang in editions(folder) if lang != book_language(folder)]
    if len(every) == 1:
        return
    for other in every[:-1] if every[-1] == language else every:  # the last one: build_book's
        checked_book(folder, other)


def _build(folders: list[tuple[Path, str | None]], where: Where, args, out: Console) -> None:
    """Every book named (or every book of the project). Books are independent and each is
    written whole or not at all, so several are built side by side, one process per core;
    a book with a mistake does not stop the others, and its error line is said in its turn."""
    jobs = [(folder, language, where.output, args.page_size, args.booklet)
            for folder, language in folders]
    workers = min(len(jobs), os.cpu_count() or 1)
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=workers) as pool:
            reports = pool.map(_build_one, jobs)
            errors = [_said(report, out) for report in reports]
    else:
        errors = [_said(_build_one(job), out) for job in jobs]
    failed = {job[0] for job, error in zip(jobs, errors) if error}
    _raise_errors(errors, f"{len(failed)} of {len({job[0] for job in jobs})} books were not "
                  "built (above)")


def _raise_errors(errors: list[str | None], several: str) -> None:
    """The books' mistakes, if any: one is the command's error line; several are each said,
    then `several` is (a book's editions' same mistake said once)."""
    errors = list(dict.fromkeys(e for e in errors if e))
    if len(errors) == 1:
        raise GeneratorError(errors[0])
    if errors:
        err = Console(stderr=True, highlight=False)
        for error in errors:
            err.print(f"[bold red]error:[/] {escape(error)}", soft_wrap=True)
        raise GeneratorError(several)


def _said(report: _BuildReport, out: Console) -> str | None:
    """Print a book's lines; its error, if it had one, for the caller to say."""
    for line in report.lines:
        out.print(line, soft_wrap=True)
    return report.error


def _print(folders: list[tuple[Path, str | None]], where: Where, args, out: Console) -> None:
    from generator.build import build_print
    from generator.checks import checked_book
    for folder, language in folders:
        book = checked_book(folder, language)
        kinds = ("cards", "decks") if args.command == "cards" else (args.command,)
        files = build_print(book, where.output, _sheet_options(args), kinds)
        if not files:
            decks = (f"; its decks ({', '.join(d.spec.id for d in book.decks)}), round ones "
                     "too, are printed by rulebook cards") if book.decks else ""
            out.print(f"[yellow]nothing to print:[/] {book.slug} has no {args.command}: in "
                      f"print.yaml{decks}", soft_wrap=True)
        for file in files:
            out.print(f"[green]built[/] {escape(str(file))}", soft_wrap=True)


def _new(args, out: Console) -> None:
    from generator.scaffold import Scaffold
    where = Where.of(args)
    if where.content is None:
        raise UsageError(NO_PROJECT)
    scaffold = Scaffold(args.name, args.lang, "sheet" if args.sheet else "rulebook", args.cards,
                        args.deck)
    written = scaffold.write(where.content)
    out.print(f"[green]created[/] {escape(str(written[0].parent))} ({len(written)} files); "
              f"build it with: rulebook build {args.name}", soft_wrap=True)


def _init(args, out: Console) -> None:
    from generator.scaffold import init_project
    init_project(args.folder)
    out.print(f"[green]created[/] a rulebook project in {escape(str(args.folder))}; add a book "
              "with: rulebook new NAME", soft_wrap=True)


def _run(args, out: Console, err: Console) -> int:
    """One command; 0 when it did what was asked, 1 when `check --coverage` found gaps."""
    if args.command == "init":
        _init(args, out)
        return 0
    if args.command == "new":
        _new(args, out)
        return 0
    if args.command == "docs":
        from generator.manual import show
        show(args.page, out)
        return 0
    where = Where.of(args)
    if args.command == "check":
        return _check_all(where, args, out)
    if args.command in ("build", "cards", "tokens"):
        editions = where.editions(args.books, args.lang)
        folders = [folder for folder, _ in editions]
    else:
        folders = where.books(args.books)
    if args.command not in ("simulate", "play"):  # every command that writes: never
        where.refuse_output_among(folders, args.output)  # among the books
    if args.command == "build":
        _build(editions, where, args, out)
    elif args.command in ("cards", "tokens"):
        _print(editions, where, args, out)
    elif args.command == "simulate":
        from generator.checks import checked_book
        from generator.simulate.command import simulate_command
        # difficulty.yaml unchecked: --save is how a stale one is replaced (`check_runs`)
        simulate_command(checked_book(folders[0], runs=False, pieces=False), args, out)
    elif args.command == "play":
        from generator.checks import checked_book
        import random

        from generator.play import challenge, play, saved_game, stored_deal
        from generator.build import built_pages
        if args.load and (args.deal or args.challenge or args.seed is not None):
            raise UsageError("--load goes on with a saved game, whose deal it holds; expected "
                             "it without --seed, --deal or --challenge")
        if args.deal and args.seed is not None:
            raise UsageError("--deal N names its deal, --seed another; expected one of them")
        book = checked_book(folders[0], args.lang, runs=args.deal is not None or
                            args.challenge, pieces=False)
        seed, moves = saved_game(args.load, book) if args.load else (
            1 if args.seed is None else args.seed, [])
        if args.deal or args.challenge:
            seed, said = stored_deal(book, args.deal) if args.deal else challenge(
                book, random.Random(args.seed))
            print(said)
        return play(book, seed, sys.stdin, sys.stdout, built_pages(book, where.output), moves,
                    args.record, args.plain)
    elif args.command == "watch":
        from generator.watch import watch
        return watch(folders, where.output, out, err)
    return 0


def _check_all(where: Where, args, out: Console) -> int:
    """`rulebook check`: every edition asked for, each checked whole, one after the other.
    A book's first mistake stops that book (its translations are not said: the book's
    mistakes are theirs), not the other books: they are still checked, and the mistakes
    said after them (exit 1)."""
    editions = where.editions(args.books, args.lang)
    checked, errors = [], {}
    with _without_cycle_collection():
        for folder, language in editions:
            if folder in errors:
                continue
            report = _check_report((folder, language), args.coverage, args.page_size)
            for line in report.lines:
                line.print(out)
            out.file.flush()
            if report.error is not None:
                errors[folder] = report.error
            checked.append(report.passed)
    _raise_errors(list(errors.values()), f"{len(errors)} of {len(dict(editions))} books have "
                  "mistakes (above)")
    return 0 if all(checked) else 1


@dataclass(frozen=True)
class _CheckReport:
    """What `rulebook check` says about one edition, its verdict, and the mistake that
    stopped it, if one did."""
    lines: list[_Line]
    passed: bool
    error: str | None = None


def _check_report(edition: tuple[Path, str | None], coverage: bool,
                  page_size=None) -> _CheckReport:
    """Check one edition: what it says, or the mistake that stopped it (a mistake is raised
    by loading or replaying, before anything is said)."""
    try:
        return _check(*edition, coverage, page_size)
    except GeneratorError as exc:
        return _CheckReport([], False, str(exc))


@contextlib.contextmanager
def _without_cycle_collection():
    """Python's cycle collector paused while a book is checked or built: it walked the
    loaded book again and again (some 290 times in a check of the solo book: 0.07 s of its
    0.65 s; 0.3 s of the 3.2 s its build takes) and found next to nothing to free, which
    reference counting frees anyway (peak memory: check 65 → 68 MB, build 148 → 161 MB)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def main(argv: list[str] | None = None) -> int:
    """The command line (`argv`, or the program's own); its exit status."""
    out = Console(file=_StandardOutput(), highlight=False)
    err = Console(stderr=True, highlight=False)
    if sys.stdout is None:  # started with it closed (`>&-`): what it says would be lost
        _say(err, "standard output is closed; expected it open (>/dev/null to discard it)")
        return 1
    from generator.examples import guard
    try:
        args = _parser().parse_args(argv)
        guard.DEBUG = args.debug  # a plugin's bug with its traceback (examples/guard.py)
        with guard.interrupts_told_apart():  # a real Ctrl-C from a plugin's KeyboardInterrupt
            code = _run(args, out, err)
    except OutputLost as exc:
        code = _output_lost(exc.cause, err)
    except UsageError as exc:  # a mistake on the command line: 2, as argparse and Unix tools
        _say(err, str(exc))
        code = 2
    except GeneratorError as exc:
        _say(err, str(exc))
        code = 1
    except KeyboardInterrupt:  # every output is written whole or not at all (build.py)
        _say(err, "interrupted; nothing was written")
        code = 130
    except OSError as exc:  # a file the layers above did not name: still one line
        if _output_failed():
            code = _output_lost(exc, err)
        else:
            where = f"{exc.filename}: " if exc.filename else ""
            _say(err, f"{where}cannot read or write ({exc.strerror or exc})")
            code = 1
    return _flushed(code, err)


def _say(err, message: str) -> None:
    """One line of error, if the standard error can still take it."""
    try:
        err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    except (OSError, ValueError):
        pass


def _output_failed() -> bool:
    """Whether the standard output cannot take what it holds (a closed pipe, a full disk):
    after an OSError, whether it was the output's own rather than a file's."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return False


def _flushed(code: int, err) -> int:
    """`code` once what the command printed is out; if it cannot be, never a success."""
    return _output_lost(None, err) if _output_failed() else code


def _output_lost(exc: OSError | None, err) -> int:
    """The standard output could not take what the command printed: as a Unix tool, no
    traceback and status 1; a closed pipe (`| head`) silently, as SIGPIPE would end the tool
    (and as rich does when its own write meets one: Console.on_broken_pipe), any other
    failure in one line. What is still held for the output is dropped (it is pointed at
    /dev/null), so that Python's own flush on the way out does not fail again with a
    traceback of its own."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError) as again:
        exc = exc or again
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)
    if not isinstance(exc, BrokenPipeError):
        _say(err, "cannot write to the standard output "
                  f"({getattr(exc, 'strerror', None) or exc})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
