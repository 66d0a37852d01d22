"""A book's theme in its HTML edition as Chromium paints it: the accent in light and dark, the
cover band."""

from __future__ import annotations

import re

import pytest

from generator.core import palette

SPLENDOR_ACCENT = "#7a5a12"


@pytest.fixture(scope="module")
def themed(built):
    return {slug: built(slug, papers=("A4",)) for slug in ("splendor-solitario", "solo-catan")}


def _close(a: str, b: str) -> bool:
    """Two colours the same but for rounding (ReportLab writes 3-4 decimals)."""
    return all(abs(int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) <= 2 for i in (1, 3, 5))


def test_the_splendor_html_wears_its_accent_in_light_and_dark(themed, browser):
    html = themed["splendor-solitario"].files[0].parent / "index.html"
    text = html.read_text(encoding="utf-8")
    assert palette.ACCENT not in text and "#e08a63" not in text
    page = browser.new_page()
    try:
        for scheme, expected in (("light", SPLENDOR_ACCENT),
                                 ("dark", palette.Theme(SPLENDOR_ACCENT, palette.Motif.GEMS).accent_on_dark)):
            page.emulate_media(color_scheme=scheme)
            page.goto(html.as_uri())
            colour = page.eval_on_selector("h1.title", "e => getComputedStyle(e).color")
            r, g, b = map(int, re.findall(r"\d+", colour)[:3])
            assert _close(f"#{r:02x}{g:02x}{b:02x}", expected), (scheme, colour)
            badges = page.eval_on_selector_all("ul.badges li", "l => l.map(e => e.textContent)")
            assert badges == ["1 jugador"], badges
    finally:
        page.close()


def test_the_html_cover_band_spans_the_window_not_the_column(themed, browser):
    html = themed["solo-catan"].files[0].parent / "index.html"
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(html.as_uri())
        band = page.evaluate("""() => {
            const s = getComputedStyle(document.body);
            return {width: document.body.getBoundingClientRect().width,
                    border: parseFloat(s.borderTopWidth), colour: s.borderTopColor,
                    column: document.querySelector('header.cover').getBoundingClientRect().width};
        }""")
        assert band["border"] >= 8 and band["width"] >= 1270, band
        assert band["column"] < 800, band  # the text column itself stays narrow
        r, g, b = map(int, re.findall(r"\d+", band["colour"])[:3])
        assert _close(f"#{r:02x}{g:02x}{b:02x}", palette.ACCENT), band
    finally:
        page.close()
