from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import build_book
from generator.content.loader import load_book
from repo import CONTENT_ROOT
from generator.content.model import PageSize

SOLO = CONTENT_ROOT / "solo-catan"


@pytest.fixture(scope="session")
def solo_book():
    return load_book(SOLO)


@pytest.fixture(scope="session")
def solo_pdf(tmp_path_factory) -> Path:
    """The solo book built once, at its default size, into a private output folder."""
    out = tmp_path_factory.mktemp("output")
    return build_book(SOLO, out).files[0]


@pytest.fixture(scope="session")
def sized_pdfs(tmp_path_factory) -> dict[PageSize, Path]:
    out = tmp_path_factory.mktemp("sized")
    return {size: build_book(SOLO, out, size).files[0] for size in PageSize}


@pytest.fixture
def book_copy(tmp_path) -> Path:
    """A writable copy of the solo book, for tests that break it on purpose; without its
    English edition (en/), which a change to the Spanish prose alone would put out of step
    (tests/test_english_edition.py copies it whole)."""
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
