"""The HTML edition's sanitiser and link maker on hand-made input."""

from __future__ import annotations

import pytest


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
