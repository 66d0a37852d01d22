"""Fixtures of every tier: the shipped books built once a run (`built`), read once a run
(pdfread.read_pdf), a writable copy of the solo book (`book_copy`) or a tiny book of one
few pages (`tiny_book`) to break on purpose, and one Chromium (`browser`)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import pdfread
import runcache
from contentedit import new_book, scaffold_book
from generator.content.model import PageSize
from repo import CONTENT_ROOT, shipped

SOLO = CONTENT_ROOT / "solo-catan"
TESTS = Path(__file__).resolve().parent
#: The tiers: a test's folder under tests/ gives its marker (tests/unit gives none).
TIERS = ("books", "browser", "slow")


#: The order the tiers start in: the long single tests first, the many short ones last, so
#: that under xdist no worker is left alone with a long file at the end.
ORDER = ("slow", "browser", "books")


def _tier(item) -> str | None:
    parts = Path(item.path).resolve().relative_to(TESTS).parts
    return parts[0] if len(parts) > 1 and parts[0] in TIERS else None


def pytest_collection_modifyitems(config, items):
    """Mark each test by its tier folder, so that `-m "not slow"` and the like select by it;
    and run the tiers in ORDER (then tests/unit), each file's tests in their own order."""
    for item in items:
        tier = _tier(item)
        if tier:
            item.add_marker(getattr(pytest.mark, tier))
    items.sort(key=lambda item: ORDER.index(_tier(item)) if _tier(item) else len(ORDER))


@pytest.fixture(scope="session", autouse=True)
def run_folder(tmp_path_factory) -> Path:
    """The folder this run's workers share (runcache.py): PDFs are read into it once."""
    folder = runcache.run_folder(tmp_path_factory)
    pdfread.READINGS = folder / "readings"
    # The builds' own cache (generator/core/cache.py: font subsets) is the run's, shared by
    # its workers and by the commands they start, never the user's.
    os.environ["RULEBOOK_CACHE"] = str(folder / "build-cache")
    return folder


@pytest.fixture(scope="session")
def built(run_folder) -> runcache.Books:
    """`built("solo-catan", lang=None, size=None, booklet=False, papers=())`: a shipped book
    built once a run (generator.build.Built: `files[0]` the PDF, then the figures and
    index.html; `print_files`, `booklets`, `press`)."""
    return runcache.Books(run_folder)


@pytest.fixture(scope="session")
def solo_book():
    return shipped("solo-catan")


@pytest.fixture(scope="session")
def solo_rules(solo_book):
    """The solo book's rules, as its engine plays them."""
    from generator.games.solo_catan.adapter import rules_for
    return rules_for(solo_book)


@pytest.fixture(scope="session")
def stored_runs(solo_book):
    """The solo book's stored simulation runs (difficulty.yaml)."""
    return solo_book.difficulty


@pytest.fixture(scope="session")
def solo_pdf(built) -> Path:
    """The solo book's PDF at its own size (A5)."""
    return built("solo-catan").files[0]


@pytest.fixture(scope="session")
def sized_pdfs(built) -> dict[PageSize, Path]:
    return {size: built("solo-catan", size=size).files[0] for size in PageSize}


@pytest.fixture
def tiny_book(tmp_path, capsys) -> Path:
    """A tiny book to break on purpose (contentedit.new_book: three short chapters, its first
    contentedit.TINY_CHAPTER), for the tests where what breaks does not need the solo book's
    content: it checks and builds in a fraction of the solo book's time."""
    book = new_book(tmp_path / "project")
    capsys.readouterr()
    return book


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory) -> Path:
    """`rulebook init p && cd p && rulebook new g --lang en --cards`, once for the module:
    the book a newcomer starts from, as the hostile-input tests break it."""
    return scaffold_book(tmp_path_factory.mktemp("scaffold"))


@pytest.fixture
def scaffold_copy(scaffold, tmp_path, capsys) -> Path:
    """A fresh copy of the module's scaffolded book, in a project of its own."""
    capsys.readouterr()
    shutil.copytree(scaffold.parent.parent, tmp_path / "p")
    return tmp_path / "p" / "content" / "g"


@pytest.fixture
def book_copy(tmp_path) -> Path:
    """A writable copy of the solo book, for tests that break it on purpose; without its
    English edition (en/), which a change to the Spanish prose alone would put out of step
    (tests/unit/test_english_edition_errors.py copies it whole)."""
    target = tmp_path / "content" / "solo-catan"
    shutil.copytree(SOLO, target, ignore=lambda folder, names: ["en"] if Path(folder) == SOLO
                    else [])
    return target


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for every test that opens the HTML edition."""
    from playwright.sync_api import sync_playwright

    from browser import ARGS, CHROMIUM
    assert CHROMIUM, "Chromium is installed by the README's test command (apt package chromium)"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
