"""Diagrams: valid SVG whose drawn cards are the engine's cards, vector in the PDF."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from repo import shipped
from generator.diagrams.figures import book_figures
from generator.games.solo_catan.figures import sh_svg
from generator.diagrams.style import RESOURCE_LOOK, style_for
from generator.games.solo_catan import Game
from generator.games.solo_catan.adapter import rules_for
from generator.examples.replay import check_book
from generator.games.solo_catan.text import Words, lost_cards, series_label

SVG = "{http://www.w3.org/2000/svg}"
BOOK = shipped("solo-catan")
REPLAYS = {r.example.id: r for r in check_book(BOOK)}
STYLE = style_for(BOOK.components)
WORDS = Words(BOOK.components)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def cards(root: ET.Element, role: str | None = None) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"
            and (role is None or g.get("data-role") == role)]


def card_xy(card: ET.Element) -> tuple[float, float]:
    rect = card.find(f"{SVG}rect")
    return float(rect.get("x")), float(rect.get("y"))


@pytest.mark.parametrize("example_id", sorted(REPLAYS))
def test_sh_diagram_draws_the_engine_cards_in_order_at_alternating_levels(example_id):
    for frame in REPLAYS[example_id].frames:
        game = frame.game
        root = parse(sh_svg(game, STYLE, WORDS))
        drawn = cards(root, "sh")
        expected = [(i, c.resource, c.counts_as) for i, s in enumerate(game.history)
                    for c in s.cards]
        assert [(int(c.get("data-series")), c.get("data-resource"),
                 c.get("data-counts-as", c.get("data-resource"))) for c in drawn] == expected
        xs = [card_xy(c)[0] for c in drawn]
        assert xs == sorted(xs) and len(set(xs)) == len(xs), "cards overlap left to right"
        for card in drawn:
            level = int(card.get("data-level"))
            assert level == int(card.get("data-series")) % 2
            assert card_xy(card)[1] == pytest.approx(6.0 + level * STYLE.drop)
        labels = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "series-label"]
        assert labels == [series_label(s, WORDS, bool(game.stack)) for s in game.history]


def test_complete_and_incomplete_series_are_told_apart():
    game = REPLAYS["reciclaje"].frames[0].game
    root = parse(sh_svg(game, STYLE, WORDS))
    for card in cards(root, "sh"):
        series = game.history[int(card.get("data-series"))]
        dashed = card.find(f"{SVG}rect").get("stroke-dasharray") is not None
        assert dashed == (not series.complete)
    labels = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "series-label"]
    assert labels == ["Carretera ✓", "Carretera ✓", "Caballero ✓", "Carretera ✓", "Ciudad ✓",
                      "Poblado…"]


def test_marks_for_a_drawn_card_and_lost_cards():
    replay = REPLAYS["coincidencia"]
    before, after = replay.frames[2].game, replay.frames[4].game
    assert before.held == ["brick"]  # waiting for the coincidence decision
    root = parse(sh_svg(before, STYLE, WORDS))
    assert [c.get("data-resource") for c in cards(root, "drawn")] == ["brick"]
    marks = [r for r in root.iter(f"{SVG}rect") if r.get("data-mark") == "last"]
    assert len(marks) == 1, "the card it is compared with is marked"
    assert lost_cards(replay.frames[3].game, after) == ["brick"]
    root = parse(sh_svg(after, STYLE, WORDS, lost_cards(replay.frames[3].game, after)))
    assert [c.get("data-resource") for c in cards(root, "lost")] == ["brick"]
    assert "perdida" in [t.text for t in root.iter(f"{SVG}text")]


def test_every_resource_differs_in_shape_and_letter_not_only_colour():
    shapes = {shape for shape, _ in RESOURCE_LOOK.values()}
    letters = {STYLE.letter(r.id) for r in BOOK.components.resources}
    assert len(shapes) == len(letters) == len(BOOK.components.resources) == 5


def test_setup_diagram_places_what_the_setup_chapter_says():
    figures = book_figures(BOOK, list(REPLAYS.values()))
    root = parse(figures.named["preparacion"].svg)
    assert [c.get("data-title") for c in cards(root, "expansion")] == \
        [e.name for e in BOOK.components.expansions]
    assert len(cards(root, "hand")) == BOOK.components.game.hand_size
    assert len(cards(root, "market")) == BOOK.components.game.market_size
    assert [c.get("data-title") for c in cards(root, "built")] == ["Carretera", "Poblado"]
    assert len(cards(root, "ccc")) == 1
    c = BOOK.components
    stacks = {card.get("data-title"): int(stack.get("data-count"))
              for stack in root.iter(f"{SVG}g") if stack.get("class") == "stack"
              for card in stack if card.get("data-title")}
    assert stacks == {"Poblados": c.building("settlement").count - 1,
                      "Carreteras": c.building("road").count - 1,
                      "Caballeros": c.building("knight").count}
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "6 cartas" in texts and "4 cartas" in texts and "2 cartas" in texts
    assert f"{len(Game.new(rules_for(BOOK), seed=2017).deck)} cartas" in texts  # the deck


def test_costs_diagram_follows_components_yaml():
    figures = book_figures(BOOK, list(REPLAYS.values()))
    root = parse(figures.named["costes"].svg)
    rows = [g for g in root.iter(f"{SVG}g") if g.get("class") == "cost-row"]
    assert [r.get("data-building") for r in rows] == [b.id for b in BOOK.components.buildings]
    for row, building in zip(rows, BOOK.components.buildings):
        icons = [g.get("data-resource") for g in row.iter(f"{SVG}g") if g.get("class") == "icon"]
        assert icons == building.cost
        marks = [t.get("class") for t in row.iter(f"{SVG}text") if t.get("class")]
        assert marks == ["starter", "ender"]


def test_every_resource_letter_reads_on_its_shape_at_aa_contrast():
    """A resource icon's letter is white or ink, whichever reads on the shape's colour: at
    least 4.5:1 in every figure of the book (white on the yellow grain was 2.6:1)."""
    from generator.core.palette import contrast

    book = shipped("solo-catan")
    icons = 0
    for figure in book_figures(book, check_book(book)).all():
        for icon in parse(figure.svg).iter():
            if not icon.get("data-resource") or not icon.get("class", "").startswith("icon"):
                continue
            shape, letter = list(icon)[0], icon.find("{http://www.w3.org/2000/svg}text")
            if letter is None or not shape.get("fill", "").startswith("#"):
                continue
            icons += 1
            ratio = contrast(letter.get("fill"), shape.get("fill"))
            assert ratio >= 4.5, (figure.name, icon.get("data-resource"), round(ratio, 2))
    assert icons > 10


def test_a_short_sh_lies_beside_the_hand_and_buildings_not_under_them():
    """A position whose SH fits on one line at the right of the other groups is drawn so
    (flow.py), a third less tall than with the SH on a row of its own under them: every SH
    card right of every hand and building card."""
    import svgwrite
    from generator.diagrams.flow import GROUP_GAP, _height, _rows
    from generator.games.solo_catan.position import position_drawing, position_groups
    from generator.diagrams.flow import CARD_W, WIDTH
    beside = 0
    for replay in REPLAYS.values():
        for frame in replay.frames:
            game = frame.game
            if not game.history:
                continue
            root = parse(position_drawing(game, STYLE, WORDS).tostring())
            groups = position_groups(svgwrite.Drawing(), game, STYLE, WORDS, [], WIDTH - 0.8)
            stacked = _height(_rows(groups, WIDTH))
            height = float(root.get("viewBox").split()[3])
            sh_x = min(float(g.get("transform").split("(")[1].split(",")[0])
                       for g in root.iter(f"{SVG}g") if g.get("class") == "sh")
            others = [card_xy(c)[0] for c in cards(root) if c.get("data-role") != "sh"]
            if height < stacked - 1:  # drawn beside: shorter, and the SH to the right
                beside += 1
                assert sh_x + 1.0 >= max(others) + CARD_W + GROUP_GAP - 0.01, replay.example.id
            else:  # under the others: as tall as before
                assert height == pytest.approx(stacked + 1.0, abs=0.05)
    assert beside >= 10, "most short series lie beside the hand"
