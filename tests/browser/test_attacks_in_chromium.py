"""Hostile content opened in Chromium: the HTML edition runs nothing and fetches nothing, and
sanitising leaves the real books as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import build_book
from hostilebook import hostile_book
from repo import CONTENT_ROOT
from browser import only_the_page
from generator.html.render import sanitise_page

BOOKS = ["solo-catan", "catan-para-dos", "uno-contra-uno", "catan-base", "splendor-solitario"]
@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> tuple[Path, Path]:
    return hostile_book(tmp_path_factory.mktemp("hostile"))


def test_a_hostile_chapter_runs_nothing_and_fetches_nothing_in_chromium(browser, hostile):
    html = hostile[1]
    page = browser.new_page()
    requests: list[str] = []
    only_the_page(page, html, requests)
    page.on("dialog", lambda dialog: (requests.append(f"dialog: {dialog.message}"),
                                      dialog.dismiss()))
    page.goto(html.as_uri())
    section = "#sec-introduction"
    # What a reader does: hover and click the words of every payload (not the two links to
    # the web, which are allowed and would leave the page)…
    problems = []
    for text in ["Pruebas", "Párrafo con atributos.", "énfasis", "uno", "dos", "tres",
                 "cuatro", "cinco", "seis", "Rara"]:
        target = page.locator(section).get_by_text(text, exact=True).first
        target.hover()
        target.click()
        ran = page.evaluate("() => { const ran = window.__pwned; delete window.__pwned; "
                            "return ran === undefined ? null : String(ran); }")
        if ran is not None:
            problems.append(f"{text!r} ran {ran!r}")
        if page.url.split("#")[0] != html.as_uri():
            problems.append(f"{text!r} left the page for {page.url}")
        page.goto(html.as_uri())  # a javascript: link may have replaced the document
    assert problems == []
    # …and every event an inline handler could listen to, on every element of the page.
    page.evaluate("""() => { for (const el of document.querySelectorAll('body *'))
        for (const kind of ['click', 'mouseover', 'mouseenter', 'focus', 'load', 'error'])
            el.dispatchEvent(new Event(kind)); }""")
    page.wait_for_timeout(200)
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert requests == []
    found = page.evaluate("""() => {
        const all = Array.from(document.querySelectorAll('*'));
        return {
            handlers: all.flatMap(el => Array.from(el.attributes)
                .filter(a => a.name.startsWith('on')).map(a => el.tagName + ' ' + a.name)),
            // (the bar's definition box is placed by the page's own script)
            styled: all.filter(el => el.hasAttribute('style') && !el.closest('.toolbar'))
                .length,
            loaders: document.querySelectorAll(
                'iframe, img, object, embed, link, video, audio, source, use, image').length,
            // the one script is the page's own (its search and bar), the body's last element
            scripts: Array.from(document.querySelectorAll('script'), s => s.id),
            last: document.body.lastElementChild.id,
            // (the bar's own links, to the PDF beside the page, are the program's)
            hrefs: Array.from(document.querySelectorAll('[href]'))
                .filter(a => !a.closest('.toolbar')).map(a => a.getAttribute('href')),
            bar: Array.from(document.querySelectorAll('.toolbar [href]'),
                            a => a.getAttribute('href')),
            code: Array.from(document.querySelectorAll('#sec-introduction code'),
                             c => c.textContent),
        }; }""")
    assert found["handlers"] == [] and found["styled"] == 0 and found["loaders"] == 0
    assert found["scripts"] == ["page-script"] == [found["last"]], found["scripts"]
    assert [Path(href).suffix for href in found["bar"] if not href.startswith("#")] \
        == [".pdf"], found["bar"]
    assert all(re.match(r"#|https?:|mailto:", href) for href in found["hrefs"]), found["hrefs"]
    assert "https://example.org/reglas" in found["hrefs"]       # the safe links stay links
    assert "mailto:correo@example.org" in found["hrefs"]
    # 4. a code span shows exactly what was typed, in the DOM too
    assert found["code"] == ["<b>negrita</b>", "a &amp; b", "x < y && z",
                             "<pre>bloque & código</pre>\n"]
    shown = page.inner_text(section)
    # raw HTML shown as text (the prose's typographer's quotes and all)
    assert "<script>window.__pwned = ‘script’</script>" in shown
    assert "© <b>." in shown
    page.close()


@pytest.mark.parametrize("book", BOOKS)
def test_sanitising_changes_nothing_in_the_real_books(book, browser, tmp_path, monkeypatch):
    """The page the template wrote and the page after the sanitiser have the same DOM in
    Chromium: nothing the books use is outside the allow-list."""
    from generator.html import render
    written: list[str] = []
    monkeypatch.setattr(render, "sanitise_page",
                        lambda page: written.append(page) or sanitise_page(page))
    drawings = []  # the diagrams, sanitised apart (render._Drawings): put back as drawn
    put_back = render._Drawings.put_back
    monkeypatch.setattr(render._Drawings, "put_back", lambda self, page, clean=True:
                        drawings.append(self) or put_back(self, page, clean))
    searches = []  # the bar and its scripts, the program's own: put back as written
    put_search = render._Toolbar.put_back
    monkeypatch.setattr(render._Toolbar, "put_back",
                        lambda self, page: searches.append(self) or put_search(self, page))
    built = build_book(CONTENT_ROOT / book, tmp_path / "out")
    before, after = tmp_path / "before.html", built.files[0].parent / "index.html"
    before.write_text(put_search(searches[0], put_back(drawings[0], written[0], clean=False)),
                      encoding="utf-8")
    assert "<svg" in before.read_text(encoding="utf-8")
    page = browser.new_page()
    doms = []
    for file in (before, after):
        page.goto(file.as_uri())
        doms.append(page.evaluate("document.documentElement.outerHTML"))
    page.close()
    assert doms[0] == doms[1]
