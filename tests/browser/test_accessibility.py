"""The HTML edition as a reader meets it, checked in headless Chromium: every book at a phone's
width (360 px) and a desktop's (1280 px), in light and dark mode.

- axe-core finds no violation of the WCAG 2.0, 2.1 and 2.2 A and AA rules, nor of its best
  practices (landmarks, heading order…). axe-core is vendored (tests/vendor/axe.min.js,
  version 4.14.1 from the npm package `axe-core`, MPL-2.0: tests/vendor/README.md), so the
  tests run offline.
- axe does not measure text drawn in SVG: every diagram label is checked here against what
  is painted under it (4.5:1, or 3:1 for large text), and its size on screen (11 px or more
  at 360 px).
- The type is the PDF's own, embedded: the page makes no request, its six faces load, and
  every glyph on the page is drawn from them (Chromium's own account, through the DevTools
  protocol).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.core.typefaces import DEFAULT
from generator.html.fonts import faces

from repo import ARTEFACTS, editions, html_of
from browser import only_the_page

#: The faces a page in the default typefaces embeds.
FACES = faces(DEFAULT)

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BOOKS = editions()
WIDTHS = [360, 1280]
SCHEMES = ["light", "dark"]
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
MIN_TEXT_PX = 11.0
#: Books whose pages the axe test also saves as screenshots (output/test-artefacts/): a
#: rulebook with figures and examples, and a sheet.
SHOWN = {"solo-catan", "catan-base"}


@pytest.fixture(scope="module")
def books(built) -> dict[str, Path]:
    """Every edition's index.html (built once a run, as `rulebook build` builds it)."""
    return {name: html_of(built, name) for name in BOOKS}


def _open(browser, html: Path, width: int, scheme: str, requests: list[str] | None = None):
    """The page at `width` in `scheme`; anything it asks for but itself is refused (and
    recorded in `requests`)."""
    page = browser.new_page(viewport={"width": width, "height": 800}, color_scheme=scheme)
    only_the_page(page, html, requests)
    page.goto(html.as_uri())
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready.then(() => true)")
    return page


@pytest.fixture(scope="module")
def shown(browser, books):
    """`shown(book, width, scheme)`: the book's page, loaded once for the module's tests and
    then resized and switched between light and dark in place, as a phone turned or a system
    gone dark does (a page load of the solo book is about a second)."""
    pages = {}

    def show(book: str, width: int, scheme: str):
        if book not in pages:
            pages[book] = _open(browser, books[book], width, scheme)
        page = pages[book]
        page.set_viewport_size({"width": width, "height": 800})
        page.emulate_media(color_scheme=scheme)
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches "
                             f"&& innerWidth === {width}")
        return page
    yield show
    for page in pages.values():
        page.close()


# --- axe-core -------------------------------------------------------------------------------

#: The four renderings of a page, in the order they are checked on one loaded page. Every axe
#: rule runs at both widths and in both schemes (360 light, 1280 dark); the two other
#: renderings differ from those only in how width and scheme combine, which changes what is
#: painted (colours, sizes of targets), not the page's structure: there the rules that
#: measure what is painted run. (All four in full took 107 s of a 6-minute suite.)
RENDERINGS = [(360, "light", None), (1280, "dark", None),
              (360, "dark", ["color-contrast", "target-size"]),
              (1280, "light", ["color-contrast", "target-size"])]

AXE_RUN = """async ([tags, rules]) => {
    const only = rules ? {type: 'rule', values: rules} : {type: 'tag', values: tags};
    const result = await axe.run(document, {runOnly: only, resultTypes: ['violations']});
    return result.violations.map(v => `${v.id} (${v.impact}): ${v.help}\\n` +
        v.nodes.slice(0, 5).map(n => `    ${n.target.join(' ')}: ` +
                                n.failureSummary.replace(/\\s+/g, ' ')).join('\\n'));
}"""


@pytest.mark.parametrize("book", BOOKS)
def test_axe_finds_no_violation(shown, book):
    """Each rendering of the page (RENDERINGS) as a reader would get it."""
    found = []
    for width, scheme, rules in RENDERINGS:
        page = shown(book, width, scheme)
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        found += [f"{width}px, {scheme}: {v}" for v in page.evaluate(AXE_RUN, [AXE_TAGS, rules])]
        if book in SHOWN:  # for a person to look at: the top of the page and its first figure
            ARTEFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTEFACTS / f"a11y-{book}-{width}-{scheme}.png"))
            page.locator("figure.figure, main table").first.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTEFACTS / f"a11y-{book}-{width}-{scheme}-figure.png"))
    assert found == [], f"{book}:\n" + "\n".join(found)


def test_the_vendored_axe_is_the_one_its_readme_names():
    readme = (AXE.parent / "README.md").read_text(encoding="utf-8")
    version = re.search(r"axe v([\d.]+)", AXE.read_text(encoding="utf-8")[:200]).group(1)
    assert f"axe-core@{version}" in readme
    assert (AXE.parent / "axe-core-LICENSE").read_text(encoding="utf-8").startswith(
        "Mozilla Public License, version 2.0")


# --- the diagrams' text: contrast and size ---------------------------------------------------

#: Every <text> of every inline SVG: its colour, what is painted under it (the shapes drawn
#: before it in the same SVG that cover the sample point, composited over the page's
#: background), the contrast between the two, and its size on screen. Sampled at three
#: points along its middle; the worst one counts.
SVG_TEXT = r"""() => {
  const rgba = s => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return null;
                      const v = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
                      return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
  const lum = c => { const f = x => { x /= 255; return x <= 0.04045 ? x / 12.92
                                                   : Math.pow((x + 0.055) / 1.055, 2.4); };
                     return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
                            return (x + 0.05) / (y + 0.05); };
  const over = (top, alpha, under) => top.map((v, i) => alpha * v + (1 - alpha) * under[i]);
  const opacity = (el, svg) => { let o = 1;
    for (let e = el; e && e !== svg.parentElement; e = e.parentElement)
      o *= parseFloat(getComputedStyle(e).opacity);
    return o; };
  const page = el => { for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor); if (c && c[3] > 0) return c; }
    return [255, 255, 255, 1]; };
  const SHAPES = new Set(['rect', 'circle', 'ellipse', 'polygon', 'polyline', 'path']);
  const out = [];
  for (const svg of document.querySelectorAll('svg')) {
    if (!svg.getClientRects().length) continue;  // not shown at this width (book.css)
    const all = Array.from(svg.querySelectorAll('*'));
    const paper = page(svg.parentElement);
    for (const text of svg.querySelectorAll('text')) {
      if (!text.textContent.trim()) continue;
      const style = getComputedStyle(text);
      const ctm = text.getScreenCTM();
      const px = parseFloat(style.fontSize) * Math.sqrt(Math.abs(ctm.a * ctm.d - ctm.b * ctm.c));
      const ink = rgba(style.fill);
      const inkAlpha = ink[3] * parseFloat(style.fillOpacity) * opacity(text, svg);
      const box = text.getBBox();
      let worst = Infinity, behind = null;
      for (const f of [0.15, 0.5, 0.85]) {
        const at = new DOMPoint(box.x + box.width * f, box.y + box.height / 2)
          .matrixTransform(ctm);
        const layers = [];
        for (let i = all.indexOf(text) - 1; i >= 0; i--) {
          const shape = all[i];
          if (!SHAPES.has(shape.tagName) || shape.closest('defs, title')) continue;
          const s = getComputedStyle(shape);
          const fill = rgba(s.fill);
          if (!fill || s.display === 'none' || s.visibility === 'hidden') continue;
          const alpha = fill[3] * parseFloat(s.fillOpacity) * opacity(shape, svg);
          if (alpha === 0) continue;
          const local = at.matrixTransform(shape.getScreenCTM().inverse());
          if (!shape.isPointInFill(new DOMPoint(local.x, local.y))) continue;
          layers.push([fill, alpha]);
          if (alpha >= 1) break;
        }
        let under = paper;
        for (const [fill, alpha] of layers.reverse()) under = over(fill, alpha, under);
        const r = ratio(over(ink, inkAlpha, under), under);
        if (r < worst) { worst = r; behind = under; }
      }
      const bold = parseInt(style.fontWeight) >= 700;
      out.push({svg: (svg.getAttribute('class') || '') + ' ' +
                     (svg.closest('[id]') || {id: ''}).id,
                text: text.textContent.trim(), px: Math.round(px * 10) / 10,
                contrast: Math.round(worst * 100) / 100,
                large: px >= 24 || (bold && px >= 18.66),
                lost: !!text.closest('[data-role="lost"]'),
                ink: style.fill, behind: 'rgb(' + behind.map(Math.round).join(', ') + ')',
                family: style.fontFamily});
    }
  }
  return out;
}"""


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("book", BOOKS)
def test_every_diagram_label_has_aa_contrast(shown, book, scheme):
    texts = shown(book, 360, scheme).evaluate(SVG_TEXT)
    # A card that has just left the table is drawn faded and crossed out, its letter with
    # it, beside the word that says so ("perdida"): incidental text, which WCAG 1.4.3 exempts.
    low = [t for t in texts if t["contrast"] < (3.0 if t["large"] else 4.5) and not t["lost"]]
    assert len(texts) > 0 or book not in ("solo-catan", "catan-para-dos")
    assert low == [], "\n".join(f"{t['svg']}: {t['text']!r} {t['ink']} on {t['behind']} "
                                f"{t['contrast']}:1 ({t['px']} px)" for t in low[:20])


@pytest.mark.parametrize("book", BOOKS)
def test_figure_text_is_at_least_11px_on_a_phone(shown, book):
    """At 360 px no diagram's text is under 11 CSS px on screen (its font size times the
    drawing's scale); a figure wider than the screen scrolls sideways in its own box, which
    fits the screen, and the page itself never does."""
    page = shown(book, 360, "light")
    texts = page.evaluate(SVG_TEXT)
    small = sorted({(t["svg"], t["text"], t["px"]) for t in texts if t["px"] < MIN_TEXT_PX})
    assert small == [], f"{len(small)} texts under {MIN_TEXT_PX} px, e.g. {small[:10]}"
    boxes = page.evaluate("""() => Array.from(document.querySelectorAll('.figure-scroll'),
        box => { const r = box.getBoundingClientRect(), svg = box.querySelector('svg');
                 return [r.left, r.right, box.scrollWidth,
                         svg.getBoundingClientRect().width]; })""")
    for left, right, scrolls, drawn in boxes:
        assert left >= 0 and right <= 360.5, "a figure's box fits the screen"
        assert scrolls >= drawn - 1, "and scrolls to show all of its figure"
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, "
                                   "document.documentElement.clientWidth]")
    assert scroll <= client, "the page does not scroll sideways"


# --- the embedded type -------------------------------------------------------------------------

@pytest.mark.parametrize("book", ["solo-catan", "catan-base"])
def test_the_page_is_set_in_the_embedded_faces_and_fetches_nothing(browser, books, book):
    requests: list[str] = []
    page = _open(browser, books[book], 360, "light", requests)
    faces = page.evaluate("""async () => { await document.fonts.ready;
        return Array.from(document.fonts, f => [f.family.replace(/"/g, ''), f.weight, f.style,
                                                f.status]); }""")
    assert sorted(faces) == sorted([face.family, str(face.weight), face.style, "loaded"]
                                   for face in FACES)
    families = page.evaluate("""() => Object.fromEntries(
        ['body', 'h1', 'h2', 'th', 'figcaption', 'svg text'].map(sel => {
            const el = document.querySelector(sel);
            return [sel, el ? getComputedStyle(el).fontFamily.split(',')[0] : null]; }))""")
    assert families["body"] == '"Rulebook Text"'
    assert all(families[sel] in ('"Rulebook Labels"', None)
               for sel in ("h1", "h2", "th", "figcaption", "svg text")), families
    assert families["h1"] and families["th"]
    # What Chromium drew every glyph with: only the embedded faces, never a system font.
    page.evaluate("""() => { for (const el of document.body.querySelectorAll('*'))
        if (Array.from(el.childNodes).some(n => n.nodeType === 3 && n.data.trim())
            && !el.closest('title')) el.setAttribute('data-glyphs', ''); }""")
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    drawn: dict[tuple[str, bool], int] = {}
    for node in cdp.send("DOM.querySelectorAll", {"nodeId": root,
                                                   "selector": "[data-glyphs]"})["nodeIds"]:
        for font in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]:
            key = (font["familyName"], font["isCustomFont"])
            drawn[key] = drawn.get(key, 0) + font["glyphCount"]
    page.close()
    assert requests == [], "the page fetches nothing"
    assert drawn and all(custom for _, custom in drawn), \
        f"every glyph from an embedded face: {drawn}"
    assert {family.split()[1] for family, _ in drawn} == {"Serif", "Sans"}
