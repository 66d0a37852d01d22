"""The setup figure in the HTML edition as Chromium shows it on a phone and a desktop."""

from __future__ import annotations

import pytest

from repo import html_of


#: The set-up figure's drawing as the page shows it: which of its layouts, its size, the
#: size of each of its texts on screen, and whether its box or the page scroll sideways.
SHOWN_SETUP = r"""() => {
  const box = document.querySelector('#fig-preparacion .figure-scroll');
  const shown = Array.from(box.querySelectorAll('svg')).filter(s => s.getClientRects().length);
  const svg = shown[0], r = svg.getBoundingClientRect();
  const texts = Array.from(svg.querySelectorAll('text'), t => {
    const ctm = t.getScreenCTM();
    return [t.textContent, parseFloat(getComputedStyle(t).fontSize)
                           * Math.sqrt(Math.abs(ctm.a * ctm.d - ctm.b * ctm.c))]; });
  return {count: shown.length, layout: svg.getAttribute('class'), width: r.width,
          height: r.height, left: r.left, right: r.right, texts,
          boxScroll: box.scrollWidth, boxWidth: box.clientWidth,
          pageScroll: document.documentElement.scrollWidth,
          pageWidth: document.documentElement.clientWidth};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width, layout", [(360, "figure-narrow"), (1280, "figure-wide")])
def test_the_setup_figure_reads_on_a_phone_and_a_desktop(browser, solo_page, width, layout,
                                                         scheme):
    """At 360 px the phone's layout (its groups stacked) shows with every text at 11 px or
    more and nothing to scroll sideways; at 1280 px the page's layout, the same."""
    page = browser.new_page(viewport={"width": width, "height": 800}, color_scheme=scheme)
    page.goto(solo_page.as_uri())
    page.evaluate("document.fonts.ready.then(() => true)")
    shown = page.evaluate(SHOWN_SETUP)
    page.close()
    assert shown["count"] == 1 and layout in shown["layout"].split(), shown["layout"]
    small = [(text, round(px, 1)) for text, px in shown["texts"] if px < 11.0]
    assert len(shown["texts"]) > 20 and small == [], small[:10]
    assert shown["left"] >= 0 and shown["right"] <= width, "the drawing is all on screen"
    assert shown["boxScroll"] <= shown["boxWidth"] + 1, "its box does not scroll sideways"
    assert shown["pageScroll"] <= shown["pageWidth"], "nor does the page"
    if width == 360:  # a phone's column, nearly filled (laid out for a 320 px phone's
        # column, 288 px, whole there too: tests/browser/test_at_the_table.py)
        assert shown["width"] >= 0.75 * (width - 32), shown["width"]


@pytest.fixture(scope="module")
def solo_page(built):
    """The solo book's HTML edition."""
    return html_of(built, "solo-catan")
