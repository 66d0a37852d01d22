"""The HTML edition in a real browser (headless Chromium driven by Playwright)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.build import build_book
from generator.diagrams.card_content import reference_faces
from repo import ARTEFACTS, CONTENT_ROOT

VIEWPORTS = {"small-phone": (320, 640), "phone": (360, 740), "desktop": (1280, 800)}


@pytest.fixture(scope="module")
def solo_html(built) -> Path:
    return built("solo-catan").files[-1]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_no_horizontal_scrolling_and_every_figure_visible(browser, solo_html, viewport):
    width, height = VIEWPORTS[viewport]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(solo_html.as_uri())
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, "
                                   "document.documentElement.clientWidth]")
    assert scroll <= client, f"the page scrolls sideways at {width}px"
    # Every figure shows whole in the width (drawn so that its smallest text is 12 px): the
    # costs card stacked as a card is, the Serie Histórica in lines, no sideways scroller. A
    # figure drawn for a page and for a phone shows one of the two (book.css).
    boxes = page.evaluate("""Array.from(document.querySelectorAll('main svg'))
      .filter(s => s.getClientRects().length).map(s => {
        const box = s.closest('.figure-scroll') || s, r = box.getBoundingClientRect();
        return [s.getBoundingClientRect().width, r.height, r.left, r.right,
                box.scrollWidth - box.clientWidth]; })""")
    shown = page.evaluate("""Array.from(document.querySelectorAll('.figure-scroll'),
        box => Array.from(box.querySelectorAll('svg')).filter(s => s.getClientRects().length)
                    .length)""")
    assert len(boxes) >= 40 and set(shown) == {1}
    for w, h, left, right, hidden in boxes:
        assert w > 20 and h > 20, "a figure is drawn at a visible size"
        assert left >= 0 and right <= client + 0.5, "and fits the width"
        assert hidden <= 1, "whole, without scrolling sideways"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"solo-catan-{viewport}.png"))
    if viewport == "phone":  # the whole page, once: some 60 screens of it
        page.screenshot(path=str(ARTEFACTS / f"solo-catan-{viewport}-full.png"),
                        full_page=True)
    page.close()


def test_every_contents_and_glossary_link_lands_on_its_target(browser, solo_html, solo_book):
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
    # every chapter, the glossary and (a book with reference cards) the quick reference
    assert contents == [f"#{chapter.id}" for chapter in solo_book.printed().chapters] \
        + ["#glosario"] \
        + (["#referencia-rapida"] if reference_faces(solo_book) else []) + ["dossier.html"]
    contents = contents[:-1]  # the editor's dossier is another page (tests/unit/test_dossier)
    assert len(terms) == len(solo_book.glossary.abbreviations)
    for href in contents + terms:  # each followed from the top of the page, as first read
        page.evaluate("window.scrollTo(0, 0)")
        page.click(f'a[href="{href}"] >> nth=0')
        if href in terms:  # an abbreviation opens its definition, which links to its entry
            page.click("#term-tip-link")
        top = page.evaluate(f"document.getElementById('{href[1:]}').getBoundingClientRect().top")
        bar = page.evaluate("document.querySelector('.toolbar').getBoundingClientRect().bottom")
        assert bar - 2 <= top <= bar + 40, f"{href} lands at the top, under the search bar"
    page.close()


def test_abbreviations_carry_their_definition(browser, solo_html):
    page = browser.new_page()
    page.goto(solo_html.as_uri())
    title = page.get_attribute('a.term[href="#gl-MDR"] >> nth=0', "title")
    assert title.startswith("Mazo de recursos: ")
    for scheme in ("light", "dark"):  # the entry a tap leads to is marked at 3:1 or more
        page.emulate_media(color_scheme=scheme)
        page.click('a.term[href="#gl-MDR"] >> nth=0')
        page.click("#term-tip-link")
        shadow = page.evaluate("getComputedStyle(document.getElementById('gl-MDR')).boxShadow")
        paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
        bar = re.findall(r"rgb\((\d+), (\d+), (\d+)\)", shadow)[-1]
        ground = re.findall(r"\d+", paper)[:3]
        assert _contrast(bar, ground) >= 3.0, (scheme, shadow, paper)
    page.close()


def _contrast(a, b) -> float:
    def luminance(rgb):
        channels = [int(c) / 255 for c in rgb]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


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




def test_callouts_read_in_ink_and_the_text_follows_the_readers_font_size(browser, solo_html):
    """A «!!! note» callout's text is the body's ink (the step notes' muted grey once reached
    it through their shared class name: 5.06:1 instead of 14.6:1), and the body's size is
    relative to the reader's own setting (17 px at the browsers' 16 px default)."""
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(solo_html.as_uri())
    ink = page.evaluate("getComputedStyle(document.body).color")
    callouts = page.evaluate("""[...document.querySelectorAll('.admonition.note p')]
        .filter(p => !p.classList.contains('admonition-title'))
        .map(p => getComputedStyle(p).color)""")
    assert len(callouts) >= 2 and set(callouts) == {ink}
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "17px"
    page.evaluate("document.documentElement.style.fontSize = '20px'")  # a larger setting
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "21.25px"
    page.set_viewport_size({"width": 1280, "height": 800})  # on a desktop too (it was 18 px)
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "22.5px"
    page.evaluate("document.documentElement.style.fontSize = ''")
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "18px"
    page.close()
