"""The `rulebook` command: build books, or check their content without writing anything."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from .build import OUTPUT_ROOT, build_book
from .content.loader import CONTENT_ROOT, book_folders, find_book, load_book
from .content.model import PageSize
from .errors import GeneratorError
from .examples.replay import check_book


def _page_size(text: str) -> PageSize:
    try:
        return PageSize.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulebook",
        description="Printable rulebooks from structured rule content (YAML + Markdown).")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build = sub.add_parser("build", help="build books into output/<book>/",
                           description="Check and build books. With no BOOK, every book "
                                       "under content/.")
    build.add_argument("books", nargs="*", metavar="BOOK",
                       help="a book folder name under content/ (e.g. solo-catan) or a path")
    build.add_argument("--page-size", type=_page_size, metavar="SIZE",
                       help="A5, A4 or Letter (default: the book's own, from book.yaml)")
    build.add_argument("--output", type=Path, default=OUTPUT_ROOT, metavar="DIR",
                       help="where to write (default: output/)")

    check = sub.add_parser("check", help="validate books without writing anything",
                           description="Validate content: YAML, chapters, glossary, "
                                       "cross-references. Writes nothing.")
    check.add_argument("books", nargs="*", metavar="BOOK")
    for p in (build, check):
        p.add_argument("--content", type=Path, default=CONTENT_ROOT, metavar="DIR",
                       help="folder holding the books (default: content/)")
    return parser


def _folders(names: list[str], root: Path) -> list[Path]:
    return [find_book(n, root) for n in names] if names else book_folders(root)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    out = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        folders = _folders(args.books, args.content)
        for folder in folders:
            start = time.perf_counter()
            if args.command == "check":
                book = load_book(folder)
                replays = check_book(book)
                out.print(f"[green]ok[/] {book.slug}: {len(book.chapters)} chapters, "
                          f"{len(book.glossary.abbreviations)} abbreviations, "
                          f"{len(replays)} worked examples replayed")
            else:
                built = build_book(folder, args.output, args.page_size)
                took = time.perf_counter() - start
                pdf, figures = built.files[0], built.files[1:]
                out.print(f"[green]built[/] {escape(str(pdf))} and {len(figures)} figures "
                          f"({took:.2f} s)")
    except GeneratorError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
