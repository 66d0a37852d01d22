"""This repository as a rulebook project: its books are the tests' fixtures. The package
itself knows nothing of this folder (it works on the project the user stands in)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from generator.content import loader

ROOT = Path(__file__).resolve().parents[1]
CONTENT_ROOT = ROOT / "content"
OUTPUT_ROOT = ROOT / "output"
#: Data the tests read that is neither content nor code (tests/fixtures/README.md).
FIXTURES = ROOT / "tests" / "fixtures"
#: Screenshots and pages the browser tests leave for a person to look at.
ARTEFACTS = OUTPUT_ROOT / "test-artefacts"


def book_folders() -> list[Path]:
    return loader.book_folders(CONTENT_ROOT)


@functools.cache
def shipped(slug: str, language: str | None = None):
    """A shipped book (content/<slug>), loaded once a process: the books are read-only and
    their models frozen, and some twenty test modules read them, most as they are collected."""
    return loader.load_book(CONTENT_ROOT / slug, language)


@functools.cache
def shipped_replays(slug: str) -> list:
    """A shipped book's worked examples replayed by its engine, once a process (and only
    when a test asks: not as a module is collected)."""
    from generator.examples.replay import check_book
    return check_book(shipped(slug))


@functools.cache
def shipped_figures(slug: str):
    """The diagrams of a shipped book's examples (`generator.diagrams.figures.book_figures`),
    once a process."""
    from generator.diagrams.figures import book_figures
    return book_figures(shipped(slug), shipped_replays(slug))


def editions() -> list[str]:
    """Every book, and every translation of one ("solo-catan/en": its English edition)."""
    return [folder.name for folder in book_folders()] + [
        f"{folder.name}/{edition.name}" for folder in book_folders()
        for edition in sorted(folder.iterdir()) if (edition / "book.yaml").is_file()]


def html_of(built, edition: str) -> Path:
    """The index.html of an edition ("solo-catan/en"), built once a run (the `built`
    fixture)."""
    book, _, language = edition.partition("/")
    return next(p for p in built(book, lang=language or None).files if p.name == "index.html")


def seed_excerpts() -> dict:
    """book → what the seed documents say where the book quotes them (fixtures/
    seed_excerpts.json, written by scripts/seed_excerpts.py): {"seed", "passages": {passage
    → [excerpt]}, "rulings": [excerpt], "headings": [heading]}. A missing file fails the
    test that reads it."""
    return json.loads((FIXTURES / "seed_excerpts.json").read_text(encoding="utf-8"))


def shown_figures(book) -> list[str]:
    """The ids of the figures `book`'s chapters show, in order (`Book.printed()`: the
    player's book's, or the dossier's)."""
    from generator.content.prose import placements
    return [item for chapter in book.chapters for kind, item in placements(chapter.tree)
            if kind == "figure"]
