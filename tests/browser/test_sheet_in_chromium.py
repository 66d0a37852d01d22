"""The rules sheet's HTML edition as Chromium shows it on a phone and a desktop."""

from __future__ import annotations

import pytest

from pdfread import ReadPdf
from repo import OUTPUT_ROOT

SHEET = "catan-base"


@pytest.fixture(scope="module")
def sheet(built):
    """catan-base built once: (its PDF read back, its HTML file)."""
    files = built(SHEET).files
    return ReadPdf(files[0]), files[-1]


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_the_sheet_html_reads_on_a_phone_and_a_desktop(sheet, browser, width, height):
    _, html = sheet
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(html.as_uri())
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, "
                                   "document.documentElement.clientWidth]")
    assert scroll <= client, f"the page scrolls sideways at {width}px"
    assert page.evaluate("document.querySelectorAll('nav.contents').length") == 0  # no contents list
    top = page.evaluate("document.querySelector('header.title-block h1').getBoundingClientRect()"
                        ".top")
    first = page.evaluate("document.querySelector('main h1').getBoundingClientRect().top")
    assert 0 <= top < first < height, "the title block, then the first chapter, on screen"
    artefacts = OUTPUT_ROOT / "test-artefacts"
    artefacts.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(artefacts / f"{SHEET}-sheet-{width}.png"))
    page.close()
