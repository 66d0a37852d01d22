"""A chapter's images in the HTML edition as Chromium shows them: at the column width, fetching
nothing."""

from __future__ import annotations

import pytest

from imagebook import image_book
from repo import ARTEFACTS
from browser import only_the_page

@pytest.fixture(scope="module")
def images(tmp_path_factory):
    return image_book(tmp_path_factory.mktemp("images"))


@pytest.mark.parametrize("viewport", [(360, 740), (1280, 800)], ids=["phone", "desktop"])
def test_the_html_images_show_at_the_column_width_and_fetch_nothing(browser, images, viewport):
    _, _, html_path, _ = images
    width, height = viewport
    page = browser.new_page(viewport={"width": width, "height": height})
    requests: list[str] = []
    only_the_page(page, html_path, requests)  # anything else would leave it: refused
    page.goto(html_path.as_uri())
    page.wait_for_load_state("load")
    shown = page.evaluate("""() => Array.from(document.querySelectorAll('figure.image img'),
        img => { const box = img.getBoundingClientRect(),
                     column = img.closest('main').querySelector('p').getBoundingClientRect();
                 return {alt: img.alt, complete: img.complete, natural: [img.naturalWidth,
                         img.naturalHeight], width: box.width, height: box.height,
                         left: box.left, right: box.right, column: column.width,
                         caption: img.nextElementSibling.textContent}; })""")
    assert requests == []
    assert [s["alt"] for s in shown] == [s["caption"] for s in shown]
    for image in shown:
        assert image["complete"] and image["natural"][0] > 0, f"{image['alt']} is shown"
        assert image["left"] >= 0 and image["right"] <= width
    board, _, _, photo = shown
    assert board["natural"] == [1600, 1000]
    assert abs(board["width"] - board["column"]) <= 1, "the width of the text"
    assert abs(board["height"] - board["width"] * 1000 / 1600) <= 1
    assert photo["natural"] == [900, 1600], "upright, as in the PDF"
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, "
                                   "document.documentElement.clientWidth]")
    assert scroll <= client, "no sideways scrolling"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.locator("figure.image").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTEFACTS / f"images-{width}.png"))
    page.close()
