"""The HTML edition as a lookup tool at the table, on a phone (360 × 740): from anywhere in
the book, a player's question is answered in three interactions or fewer (a tap on the bar's
field, the words typed, a tap on the first result; or one tap on the quick reference), and the
section that answers it is then in view under the bar. Then the bar's other tools: the
contents by section, an abbreviation's definition opened in place, the way back after a jump,
and a link to every heading (templates/toolbar.html.j2, toolbar.js)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from browser import only_the_page
from repo import editions, html_of
from test_accessibility import AXE_RUN, AXE_TAGS

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PHONE = {"width": 360, "height": 740}

#: A player's question, what they do in the bar (words typed in the search field, or None:
#: a tap on the quick reference) and the sections whose answer counts (their anchors).
QUESTIONS = {
    "solo-catan": [
        ("¿Cuánto cuesta una ciudad?", None, {"ref-costes", "referencia-rapida"}),
        ("Robé una coincidencia y no tengo caballero", "coincidencia sin caballero",
         {"r01", "coincidencias"}),
        ("¿Qué significa MDR?", "MDR", {"gl-MDR"}),
        ("¿Puedo cambiar tres cartas por una?", "3 por 1", {"r20", "comercio"}),
        ("¿Cómo se gana?", "ganar", {"fin", "r19"}),
    ],
    "splendor-solitario": [
        ("¿Cuántas fichas puedo tomar?", "tomar fichas", {"tomar-fichas"}),
        ("¿Cómo compro una carta?", "comprar", {"comprar-una-carta"}),
        ("¿Cuándo acaba la partida?", "fin de la partida", {"fin-de-la-partida", "r06"}),
        ("¿Qué título me dan mis puntos?", None, {"ref-titulos", "referencia-rapida"}),
        ("¿Cuándo me visita un noble?", "noble", {"final-del-turno", "r03", "gl-noble"}),
    ],
}
CASES = [(book, *question) for book, questions in QUESTIONS.items() for question in questions]


def _opened(browser, built, edition: str, requests: list[str] | None = None, seed: int = 0):
    """The edition on a phone, scrolled to a random place in the middle of the book."""
    html = html_of(built, edition)
    page = browser.new_page(viewport=PHONE)
    only_the_page(page, html, requests)
    page.goto(html.as_uri())
    share = random.Random(seed).uniform(0.3, 0.7)
    page.evaluate(f"window.scrollTo(0, document.body.scrollHeight * {share})")
    return page


def _in_view(page, anchor: str) -> bool:
    """Whether the section `anchor` starts in the window, under the bar."""
    return page.evaluate("""anchor => {
        const top = document.getElementById(anchor).getBoundingClientRect().top;
        const bar = document.querySelector('.toolbar').getBoundingClientRect().bottom;
        return top >= bar - 2 && top < innerHeight - 60; }""", anchor)


@pytest.mark.parametrize("book, question, typed, answers", CASES,
                         ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_a_question_at_the_table_takes_three_taps_or_fewer(browser, built, book, question,
                                                           typed, answers):
    requests: list[str] = []
    page = _opened(browser, built, book, requests, seed=len(question))
    try:
        where = page.evaluate("scrollY")
        main = "document.querySelector('main').getBoundingClientRect().top"
        reading = page.evaluate(main)
        if typed is None:
            page.click(".bar-reference")                        # 1
        else:
            page.click("#search-field")                         # 1
            page.keyboard.type(typed)                           # 2
            # the list answers the whole question, not the words typed before it (the list
            # follows the field 80 ms after the last key: on a busy machine keys come slower)
            page.wait_for_function("""words => { const list = document.getElementById('search-results');
                return !list.hidden && list.dataset.query === words; }""", arg=typed)
            # the results lie over the page, across the bar's width: the page does not move
            results = page.locator("#search-results").bounding_box()
            assert results["width"] >= 0.9 * PHONE["width"], results
            assert page.evaluate("scrollY") == where and page.evaluate(main) == reading
            first = page.locator("#search-results a").first
            anchor = first.get_attribute("href")[1:]
            assert anchor in answers, (question, typed, anchor)
            first.click()                                       # 3
        page.wait_for_function("location.hash.length > 1")
        anchor = page.evaluate("decodeURIComponent(location.hash.slice(1))")
        assert anchor in answers, (question, anchor)
        assert _in_view(page, anchor), (question, anchor)
        if typed is None:  # the quick reference opens on its first card: the answer
            card = next(a for a in sorted(answers) if a.startswith("ref-"))
            assert page.evaluate(f"document.getElementById('{card}').getBoundingClientRect()"
                                 ".top < innerHeight / 3"), card
        page.click("#bar-back")                                 # and back to the game
        page.wait_for_function(f"Math.abs(scrollY - {where}) < 2")
        assert requests == []
    finally:
        page.close()


def test_the_menu_lists_the_sections_and_closes_once_one_is_chosen(browser, built, solo_book):
    page = _opened(browser, built, "solo-catan")
    try:
        page.click("#contents-menu summary")
        panel = page.locator(".menu-panel")
        assert panel.is_visible()
        box = panel.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        hrefs = panel.locator(".menu-contents a").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))")
        rulings = {f"#{r.id.lower()}" for r in solo_book.rulings}
        expected = []
        for chapter in solo_book.printed().chapters:
            expected += [f"#{chapter.id}"] + [f"#{a}" for a, _ in chapter.sections
                                              if f"#{a}" not in rulings]
        assert hrefs == expected + ["#glosario", "#referencia-rapida"]
        page.click('.menu-panel a[href="#comercio"]')                 # two taps to a section
        assert page.is_hidden(".menu-panel") and _in_view(page, "comercio")
        page.click("#contents-menu summary")
        page.keyboard.press("Escape")                                  # Escape closes it
        assert page.is_hidden(".menu-panel")
        assert page.evaluate("document.activeElement.matches('#contents-menu summary')")
    finally:
        page.close()


def test_an_abbreviation_opens_its_definition_in_place_by_tap_and_by_keyboard(browser,
                                                                             built):
    page = _opened(browser, built, "solo-catan")
    try:
        term = page.locator('main a.term[href="#gl-MDR"]').nth(3)
        term.scroll_into_view_if_needed()
        where = page.evaluate("scrollY")
        term.click()                                                   # a tap
        tip = page.locator("#term-tip")
        assert tip.is_visible() and page.evaluate("scrollY") == where  # no jump
        assert page.inner_text("#term-tip-title") == "MDR — Mazo de recursos"
        definition = page.inner_text("#gl-MDR + dd")
        assert page.inner_text("#term-tip-text") == definition
        assert term.get_attribute("aria-expanded") == "true"
        box, mark = tip.bounding_box(), term.bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"]
        assert box["y"] >= mark["y"] + mark["height"] or box["y"] + box["height"] <= mark["y"]
        assert page.evaluate("document.activeElement.id") == "term-tip"
        page.keyboard.press("Escape")
        assert tip.is_hidden() and term.get_attribute("aria-expanded") == "false"
        assert page.evaluate("document.activeElement.getAttribute('href')") == "#gl-MDR"
        page.keyboard.press("Enter")                                   # the keyboard's way
        assert tip.is_visible()
        page.mouse.wheel(0, 400)                       # read on: it never covers the bar
        page.wait_for_timeout(200)
        assert tip.is_hidden() or tip.bounding_box()["y"] >= page.locator(
            ".toolbar").bounding_box()["height"]
        if tip.is_hidden():
            term.click()
        page.click("main p >> nth=0", force=True)                      # a tap elsewhere
        assert tip.is_hidden()
        term.click()
        page.click("#term-tip-link")                                   # to the glossary
        page.wait_for_function("location.hash === '#gl-MDR'")
        assert tip.is_hidden() and _in_view(page, "gl-MDR")
        page.click("#bar-back")                                        # and back
        page.wait_for_function("location.hash === ''")
        assert abs(page.evaluate("scrollY") - where) < 2
        assert page.is_hidden("#bar-back")
    finally:
        page.close()


def test_the_way_back_follows_every_jump_back_to_where_the_reader_was(browser, built):
    page = _opened(browser, built, "splendor-solitario", seed=3)
    try:
        assert page.is_hidden("#bar-back")
        places = [page.evaluate("scrollY")]
        page.click(".bar-reference")
        page.wait_for_function("location.hash === '#referencia-rapida'")
        page.evaluate("window.scrollBy(0, -2000)")   # read on, away from it…
        places.append(page.evaluate("scrollY"))
        page.click(".bar-reference")                  # …and back to it: a jump too
        page.wait_for_function("Math.abs(document.getElementById('referencia-rapida')"
                               ".getBoundingClientRect().top - 60) < 40")
        places.append(page.evaluate("scrollY"))
        page.click("#contents-menu summary")
        page.click('.menu-panel a[href="#puntuacion"]')
        page.wait_for_function("location.hash === '#puntuacion'")
        for place in reversed(places):
            assert page.is_visible("#bar-back")
            page.click("#bar-back")
            page.wait_for_function(f"Math.abs(scrollY - {place}) < 2")
        assert page.is_hidden("#bar-back")
    finally:
        page.close()


def test_back_from_a_jump_by_keyboard_the_focus_is_on_the_link_followed(browser, built):
    """A keyboard or screen reader user who follows a cross-reference and comes back by the
    bar's button (or the browser's) is at that link again, not left in the bar."""
    page = _opened(browser, built, "solo-catan", seed=5)
    try:
        link = page.locator('main p a[href="#r19"]').first
        link.focus()
        place = page.evaluate("scrollY")
        page.keyboard.press("Enter")
        page.wait_for_function("location.hash === '#r19'")
        page.focus("#bar-back")
        page.keyboard.press("Enter")
        page.wait_for_function(f"Math.abs(scrollY - {place}) < 2")
        page.wait_for_function("document.activeElement.getAttribute('href') === '#r19' && "
                               "document.activeElement.closest('main p') !== null")
        assert page.evaluate("scrollY") == place  # focused where it stood, not scrolled to
        link.focus()
        page.keyboard.press("Enter")                 # and by the browser's own button
        page.wait_for_function("location.hash === '#r19'")
        page.go_back()
        page.wait_for_function("document.activeElement.getAttribute('href') === '#r19'")
        # two jumps in a row: each way back gives the focus to the link left by
        link.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("location.hash === '#r19'")
        onward = page.locator('#r19 ~ * a.xref').first  # in the ruling: «Comercio»
        onward_href = onward.get_attribute("href")
        onward.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"location.hash === '{onward_href}'")
        # the page marks the entry on `hashchange`, which the browser tells a moment after
        # the address changes: on a busy machine, after the hash above is seen
        page.wait_for_function("history.state !== null && history.state.jumps === 2")
        page.click("#bar-back")
        page.wait_for_function(f"document.activeElement.getAttribute('href') === "
                               f"'{onward_href}'")
        page.click("#bar-back")
        page.wait_for_function("document.activeElement.getAttribute('href') === '#r19'")
        assert page.evaluate("scrollY") == place
    finally:
        page.close()


def test_each_heading_has_a_link_to_itself_and_keeps_its_words_as_its_name(browser, built):
    html = html_of(built, "solo-catan")
    context = browser.new_context(viewport=PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    only_the_page(page, html)
    page.goto(html.as_uri())
    try:
        headings = page.evaluate("""() => Array.from(
            document.querySelectorAll('main h1[id], main h2[id], main h3[id]'), h => {
                const link = h.querySelector('a.heading-link');
                return [h.id, link && link.getAttribute('href'),
                        document.getElementById(h.getAttribute('aria-labelledby'))
                            .textContent, h.textContent]; })""")
        assert len(headings) > 50
        for anchor, href, name, text in headings:
            assert href == f"#{anchor}", anchor
            assert "#" not in name and text.startswith(name), (anchor, name)
        page.click("#comercio a.heading-link")                # copied, said under the bar
        page.wait_for_function("document.getElementById('bar-status').textContent"
                               " === 'Enlace copiado'")
        assert page.is_visible("#bar-status")
        assert page.evaluate("navigator.clipboard.readText()") == f"{html.as_uri()}#comercio"
        page.wait_for_function("document.getElementById('bar-status').textContent === ''")
    finally:
        context.close()


def test_axe_finds_no_violation_with_the_menu_or_a_definition_open(browser, built):
    """What opens over the page: the bar with its menu, the definition's box and the
    abbreviation that opened it (the rest of the page: test_accessibility.py, which checks
    it whole in both schemes)."""
    page = _opened(browser, built, "solo-catan")
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    opened = AXE_RUN.replace("axe.run(document,", "axe.run({include: [['nav.toolbar'], "
                             "['#term-tip'], ['main a.term[aria-expanded=true]']]},")
    assert opened != AXE_RUN
    try:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.click("#contents-menu summary")
            assert page.evaluate(opened, [AXE_TAGS, None]) == [], (scheme, "menu")
            page.keyboard.press("Escape")
            page.locator("main a.term").nth(5).click()
            assert page.is_visible("#term-tip")
            assert page.evaluate(opened, [AXE_TAGS, None]) == [], (scheme, "definition")
            page.keyboard.press("Escape")
    finally:
        page.close()


@pytest.mark.parametrize("edition", editions())
def test_every_figure_shows_whole_on_a_320_px_phone(browser, built, edition):
    """Drawn anew for a phone where the page's layout would not fit: the set-up and the costs
    card stacked, the Serie Histórica in lines, the card's anatomy with its key on more
    lines, the board with its type enlarged and its harbours lettered; in the editor's
    dossier beside it, the difficulty chart's bands in rows. What a figure shows is never
    cut off by the edge of a box that scrolls, nor set under 11 px."""
    html = html_of(built, edition)
    for shown in (html, html.with_name("dossier.html")):
        if shown.exists():
            _whole_at_320(browser, shown)


def _whole_at_320(browser, html):
    page = browser.new_page(viewport={"width": 320, "height": 640})
    only_the_page(page, html)
    page.goto(html.as_uri())
    try:
        scrolls = page.evaluate("""() => Array.from(document.querySelectorAll(
            'main .figure-scroll')).filter(b => b.getClientRects().length
                && b.scrollWidth > b.clientWidth + 1).map(b => b.closest('[id]').id)""")
        assert scrolls == [], (html.name, scrolls)
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        # and every text of every drawing is 11 px or more there too (a seven-card hand
        # goes into two lines rather than shrink the position: diagrams/flow.py)
        small = page.evaluate("""() => Array.from(document.querySelectorAll('main svg text'))
            .filter(t => t.getClientRects().length).map(t => {
                const ctm = t.getScreenCTM();
                return [t.closest('[id]').id, t.textContent, parseFloat(getComputedStyle(t)
                    .fontSize) * Math.sqrt(Math.abs(ctm.a * ctm.d - ctm.b * ctm.c))]; })
            .filter(([, , px]) => px < 11)""")
        assert small == [], (html.name, small[:5])
    finally:
        page.close()
