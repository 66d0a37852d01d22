"""The HTML edition's search, as a player at the table uses it on a phone (360 × 740): from
the middle of the book, a few letters typed into the bar at the top find the section, ranked,
whatever the accents and case, by a word's beginning; Enter opens the first; Escape clears.
It fetches nothing, passes axe with its results shown, and a page read without scripts
shows no dead field (templates/search.js, vendor/minisearch.js)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from repo import html_of
from test_accessibility import AXE_RUN
from browser import only_the_page

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PHONE = {"width": 360, "height": 740}

#: (edition, what is typed, the section the first results must hold: its anchor)
LOOKUPS = [
    ("solo-catan", "demolicion", "#demolicion"),       # no accent typed: «Demolición»
    ("solo-catan", "AYUNTAMIENTO", "#ayuntamiento"),   # any case
    ("solo-catan", "univers", "#universidad"),         # a word's beginning
    ("solo-catan", "cuidadela", "#r12"),               # a typo: «Ciudadela» (R12)
    ("solo-catan/en", "town hall", "#ayuntamiento"),
    ("catan-para-dos", "caballeria", "#gran-ejercito"),
    ("splendor-solitario", "noble", None),
    ("solo-catan", "mercado", "#gl-mercado"),            # a glossary term, at its entry
    ("solo-catan", "ganar", "#fin"),                   # «Ganas», not «jugando»: the word
    # a player's word for the book's: «se acaba» is «se agota», «exhausted» «runs out»
    ("solo-catan", "se acaba el mazo", "#si-el-mazo-de-recursos-se-agota"),
    ("solo-catan/en", "deck exhausted", "#si-el-mazo-de-recursos-se-agota"),
]


def _opened(browser, built, edition: str, requests: list[str]):
    html = html_of(built, edition)
    page = browser.new_page(viewport=PHONE)
    only_the_page(page, html, requests)
    page.goto(html.as_uri())
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")  # mid-book
    return page


def _search(page, query: str) -> list[str]:
    page.fill("#search-field", query)
    page.wait_for_function("!document.getElementById('search-results').hidden")
    return [a.get_attribute("href") for a in page.query_selector_all("#search-results a")]


@pytest.mark.parametrize("edition, query, anchor", LOOKUPS)
def test_a_few_letters_find_the_section_from_anywhere(browser, built, edition, query, anchor):
    requests: list[str] = []
    page = _opened(browser, built, edition, requests)
    try:
        assert page.is_visible("#search-field"), "the bar is at the top of the window"
        found = _search(page, query)
        assert 1 <= len(found) <= 8, found
        if anchor is None:  # the book's own word: whatever it finds is titled with it
            titles = page.locator("#search-results .search-title").all_inner_texts()
            assert any(query in t.lower() for t in titles), titles
            anchor = found[0]
        assert anchor in found[:3], found
        # each result leads to its own entry (a glossary term to its line: «#gl-turno»)
        assert page.evaluate("hrefs => hrefs.every(h => document.getElementById(h.slice(1)))",
                             found), found
        assert len(set(found)) == len(found), found
        # each result's words found are marked whole, from a word's start («ganas», never
        # the «gan» inside «jugando»)
        cut = page.evaluate("""() => Array.from(document.querySelectorAll(
            '#search-results mark'), m => [(m.previousSibling || {}).textContent || '',
                                            m.textContent, (m.nextSibling || {}).textContent
                                            || '']).filter(([before, word, after]) =>
            /[\\p{L}\\p{N}]$/u.test(before) || /^[\\p{L}\\p{N}]/u.test(after))""")
        assert cut == [], cut
        status = page.inner_text("#search-status")
        assert re.match(r"\d+ (apartados?|sections?) (encontrados?|found)", status), status
        page.press("#search-field", "Enter")
        page.wait_for_function(f"location.hash === '{found[0]}'")
        assert page.is_hidden("#search-results")
        target = page.locator(found[0].replace("#", "#", 1)).first
        box, bar = target.bounding_box(), page.locator(".toolbar").bounding_box()
        assert bar["y"] == 0 and bar["height"] < 70, bar           # still at the top, one row
        assert bar["height"] - 1 <= box["y"] < PHONE["height"] - 40, (box, bar)  # in view
        assert requests == []
    finally:
        page.close()


def test_a_question_typed_on_a_320_px_phone_shows_whole(browser, built):
    """Review: at 320 px the field was 150 px and a question scrolled out of it. While one
    is typed, the quick reference's button steps aside; it is back when the field is left."""
    html = html_of(built, "solo-catan")
    page = browser.new_page(viewport={"width": 320, "height": 640})
    only_the_page(page, html)
    page.goto(html.as_uri())
    try:
        assert page.is_visible(".bar-reference")
        page.click("#search-field")
        page.keyboard.type("¿qué pasa si se termina el mazo?")
        field = page.evaluate("""() => { const f = document.getElementById('search-field');
            return [f.getBoundingClientRect().width, f.scrollWidth, f.clientWidth]; }""")
        assert field[0] >= 240 and field[1] <= field[2], field
        assert page.is_hidden(".bar-reference")
        page.keyboard.press("Escape")
        page.keyboard.press("Tab")
        assert page.is_visible(".bar-reference")
    finally:
        page.close()


def test_escape_clears_and_the_results_are_read_by_keyboard(browser, built):
    page = _opened(browser, built, "solo-catan", [])
    try:
        _search(page, "caballero")
        page.press("#search-field", "ArrowDown")
        assert page.evaluate("document.activeElement.closest('#search-results') !== null")
        page.keyboard.press("ArrowUp")
        assert page.evaluate("document.activeElement.id") == "search-field"
        page.press("#search-field", "Escape")
        assert page.input_value("#search-field") == "" and page.is_hidden("#search-results")
    finally:
        page.close()


def test_axe_finds_no_violation_with_the_results_shown(browser, built):
    """The bar and its results (the rest of the page: test_accessibility.py)."""
    from test_accessibility import AXE_TAGS
    run = AXE_RUN.replace("axe.run(document,", "axe.run('#search',")
    for scheme in ("light", "dark"):
        page = _opened(browser, built, "solo-catan", [])
        try:
            page.emulate_media(color_scheme=scheme)
            _search(page, "mercado")
            page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
            assert page.evaluate(run, [AXE_TAGS, None]) == [], scheme
        finally:
            page.close()


def test_without_scripts_no_search_field_shows(browser, built):
    html = html_of(built, "solo-catan")
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(html.as_uri())
        assert page.is_hidden("#search")
        assert "Demolición" in page.inner_text("main")
    finally:
        context.close()


@pytest.mark.parametrize("edition, links", [
    ("solo-catan", ["solo-catan.pdf", "en/index.html"]),
    ("solo-catan/en", ["solo-catan.pdf", "../index.html"]),
    ("uno-contra-uno", ["uno-contra-uno.pdf"])])
def test_the_bar_links_the_pdf_and_the_other_languages_beside_the_page(built, edition, links):
    """The files a reader at the table may want instead: the book's PDF, and its edition in
    the other language where it has one, each a file `build` wrote beside the page."""
    html = html_of(built, edition)
    bar = re.search(r'<ul class="editions".*?</ul>', html.read_text(encoding="utf-8"), re.S)
    hrefs = re.findall(r'href="([^"]+)"', bar.group(0))
    assert hrefs == links
    assert all((html.parent / href).is_file() for href in hrefs), hrefs


def test_the_edition_stays_one_file_under_a_megabyte(built):
    html = html_of(built, "solo-catan")
    assert html.stat().st_size <= 1_000_000, html.stat().st_size
    text = html.read_text(encoding="utf-8")
    assert text.count("<script") == 1 and "MiniSearch" in text
    assert not re.search(r"<script[^>]+src=", text)


def test_the_dossiers_search_finds_a_scenario_under_its_heading(browser, built):
    """A scenario the dossier plays out is a box without a title of its own, under its
    heading: the search read every box by its title, stopped at the first scenario, and the
    dossier's field found nothing. Its words lead to its heading, and no script fails."""
    html = next(f for f in built("solo-catan").dossier if f.name == "dossier.html")
    errors: list[str] = []
    page = browser.new_page(viewport=PHONE)
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        only_the_page(page, html)
        page.goto(html.as_uri())
        assert page.locator("aside.example:not(:has(.example-title))").count() > 0
        found = _search(page, "serie empezada")  # S26 «La serie empezada cuenta»
        assert "#escenario-s26" in found[:3], found
        assert errors == []
    finally:
        page.close()
