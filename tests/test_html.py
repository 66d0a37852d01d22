"""The HTML edition in a real browser (headless Chromium driven by Playwright)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import build_book
from repo import CONTENT_ROOT

ARTEFACTS = Path(__file__).resolve().parents[1] / "output" / "test-artefacts"
VIEWPORTS = {"small-phone": (320, 640), "phone": (360, 740), "desktop": (1280, 800)}


@pytest.fixture(scope="module")
def solo_html(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("html")
    build_book(CONTENT_ROOT / "solo-catan", out)
    return out / "solo-catan" / "index.html"


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_no_horizontal_scrolling_and_every_figure_visible(browser, solo_html, viewport):
    width, height = VIEWPORTS[viewport]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(solo_html.as_uri())
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, "
                                   "document.documentElement.clientWidth]")
    assert scroll <= client, f"the page scrolls sideways at {width}px"
    # A figure wider than the screen (drawn so that its smallest text is 12 px) scrolls
    # sideways in its own box: the box fits the width, and scrolls to show all of it. A
    # figure drawn for a page and for a phone shows one of the two (book.css).
    boxes = page.evaluate("""Array.from(document.querySelectorAll('svg'))
      .filter(s => s.getClientRects().length).map(s => {
        const box = s.closest('.figure-scroll') || s, r = box.getBoundingClientRect();
        return [s.getBoundingClientRect().width, r.height, r.left, r.right,
                box.scrollWidth]; })""")
    shown = page.evaluate("""Array.from(document.querySelectorAll('.figure-scroll'),
        box => Array.from(box.querySelectorAll('svg')).filter(s => s.getClientRects().length)
                    .length)""")
    assert len(boxes) >= 40 and set(shown) == {1}
    for w, h, left, right, reach in boxes:
        assert w > 20 and h > 20, "a figure is drawn at a visible size"
        assert left >= 0 and right <= client + 0.5, "and fits the width"
        assert reach >= w - 1, "or scrolls to show all of it"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"solo-catan-{viewport}.png"))
    page.screenshot(path=str(ARTEFACTS / f"solo-catan-{viewport}-full.png"), full_page=True)
    page.close()


def test_every_contents_and_glossary_link_lands_on_its_target(browser, solo_html):
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(solo_html.as_uri())
    hrefs = page.evaluate("Array.from(document.querySelectorAll('a[href^=\"#\"]'))"
                          ".map(a => a.getAttribute('href'))")
    missing = page.evaluate("""hrefs => hrefs.filter(h => !document.getElementById(
        decodeURIComponent(h.slice(1))))""", hrefs)
    assert missing == []
    contents = page.evaluate("Array.from(document.querySelectorAll('nav.contents a'))"
                             ".map(a => a.getAttribute('href'))")
    terms = sorted(set(page.evaluate("Array.from(document.querySelectorAll('a.term'))"
                                     ".map(a => a.getAttribute('href'))")))
    # 16 chapters, the glossary and the quick reference
    assert len(contents) == 18 and len(terms) == 7
    for href in contents + terms:
        page.goto(solo_html.as_uri())
        page.click(f'a[href="{href}"] >> nth=0')
        top = page.evaluate(f"document.getElementById('{href[1:]}').getBoundingClientRect().top")
        assert -2 <= top <= 40, f"{href} lands at the top of the screen"
    page.close()


def test_abbreviations_carry_their_definition(browser, solo_html):
    page = browser.new_page()
    page.goto(solo_html.as_uri())
    title = page.get_attribute('a.term[href="#gl-MDR"] >> nth=0', "title")
    assert title.startswith("Mazo de recursos: ")
    page.close()


def test_content_cannot_inject_a_script(browser, tmp_path):
    book = tmp_path / "content" / "solo-catan"
    shutil.copytree(CONTENT_ROOT / "solo-catan", book)
    chapter = book / "chapters" / "01-introduccion.md"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(
        "La idea viene de", "<script>window.pwned = 1</script> <img src=x onerror="
        "\"window.pwned = 2\"> La idea viene de"), encoding="utf-8")
    html = build_book(book, tmp_path / "out").files[0].parent / "index.html"
    page = browser.new_page()
    page.goto(html.as_uri())
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.evaluate("document.querySelectorAll('main script, main img').length") == 0
    assert "<script>window.pwned = 1</script>" in page.inner_text("#sec-introduccion")
    page.close()


def test_dark_mode_changes_the_colours(browser, solo_html):
    page = browser.new_page(color_scheme="dark")
    page.goto(solo_html.as_uri())
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(24, 21, 19)"
    page.close()


def test_a_card_line_with_an_entity_or_a_lone_ampersand_still_gets_its_links():
    """A card line may hold `&nbsp;` or a lone `&` (cardmarkup accepts them as ReportLab
    does); the HTML edition reads it the same way before linking its abbreviations."""
    from markupsafe import Markup
    from generator.html.render import _environment
    terms = _environment({"SH": "Serie histórica: la fila"}).filters["terms"]
    linked = terms(Markup("<b>SH</b>&nbsp;y A & B"))
    assert '<a href="#gl-SH"' in linked and "\u00a0y A &amp; B" in linked


def test_a_diagram_sanitised_apart_from_the_page_is_still_sanitised_and_put_back_once():
    """The page's diagrams are sanitised on their own (render._Drawings, remembered by their
    text for the watcher's rebuilds): a script in one is gone all the same, its drawing is
    where its token was, and a token the page lost is a bug said, not a missing figure."""
    from generator.errors import RenderError
    from generator.html import render
    drawings = render._Drawings()
    svg = ('<svg viewBox="0 0 40 10" width="40mm" height="10mm" onload="window.x=1">'
           '<script>window.y=1</script><text x="1" y="8" font-size="4">Serie</text></svg>')
    token = drawings.inline(svg, "figure", "Una serie")
    page = drawings.put_back(render.sanitise_page(
        f'<!doctype html><html lang="es"><head><title>T</title></head><body>'
        f'<div class="figure-scroll">{token}</div></body></html>'))
    drawn = page[page.index('<div class="figure-scroll">'):]
    assert drawn.startswith('<div class="figure-scroll"><svg role="img" class="figure"')
    assert "<title>Una serie</title>" in drawn and ">Serie</text></svg></div>" in drawn
    assert "onload" not in page and "script" not in page and "window" not in page
    assert "drawing" + drawings.key not in page
    with pytest.raises(RenderError, match="not put back once each"):
        drawings.put_back("<body></body>")
