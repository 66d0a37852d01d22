"""Splendor solo: the engine's rules, and the score table's content check."""

from __future__ import annotations

import shutil

import pytest

from generator.cli import main
from generator.content.loader import CONTENT_ROOT, load_book
from generator.engine.splendor import Card, Noble, SplendorGame
from generator.engine.splendor.game import Buy, Reserve, Return, Take
from generator.errors import IllegalAction
from generator.examples.splendor import SplendorAdapter

BOOK = load_book(CONTENT_ROOT / "splendor-solitario")
RULES = SplendorAdapter(BOOK).rules


def card(cid, bonus="red", points=0, **cost) -> Card:
    return Card(cid, bonus, points, tuple((c, n) for c, n in cost.items()))


def game(**tokens) -> SplendorGame:
    g = SplendorGame.empty(RULES)
    g.rows = {"1": [card("a", red=1), card("b", blue=9)], "2": [card("c", green=9)]}
    g.deck = [card(f"d{i}", blue=9) for i in range(6)]
    g.special = [card("s", "black", 5, red=7, black=3)]
    for colour, n in tokens.items():
        g.tokens[colour] += n
        g.bank[colour] -= n
    return g


def test_the_bank_has_three_of_each_colour_and_takes_are_three_distinct():
    g = game()
    assert g.bank == {c: 3 for c in RULES.colours}
    takes = [a for a in g.legal_actions() if isinstance(a, Take)]
    assert len(takes) == 10  # C(5, 3): never two of one colour
    assert all(len(set(t.colours)) == 3 for t in takes)
    with pytest.raises(IllegalAction) as refused:
        g.push(Take(("red", "red", "blue")))
    assert refused.value.code == "same-colour"


def test_fewer_colours_in_the_bank_means_fewer_gems():
    g = game(white=3, blue=3, green=3)
    assert [a for a in g.legal_actions() if isinstance(a, Take)] == [Take(("red", "black"))]


def test_no_reserving_without_gold():
    with pytest.raises(IllegalAction) as refused:
        game().push(Reserve("a"))
    assert refused.value.code == "no-reserving"


def test_over_ten_gems_must_be_returned_before_anything_else():
    g = game(white=3, blue=3, green=3, red=0, black=1)
    g.push(Take(("red", "black")))
    assert g.token_count == 12
    assert all(isinstance(a, Return) for a in g.legal_actions())
    g.push(Return("white"))
    g.push(Return("blue"))
    assert g.token_count == 10 and any(isinstance(a, Take) for a in g.legal_actions())


def test_buying_from_a_row_discards_that_row_only_and_deals_a_new_one():
    g = game(red=1)
    g.push(Buy("a"))
    assert [c.id for c in g.rows["1"]] == ["d0", "d1", "d2", "d3"]
    assert [c.id for c in g.rows["2"]] == ["c"]
    assert [c.id for c in g.discarded] == ["b"]
    assert g.bank["red"] == 3, "the price goes back to the bank"


def test_buying_a_special_gem_leaves_the_rows_and_can_end_the_game():
    g = game(red=3, black=3)
    g.bought = [card(f"r{i}", "red") for i in range(4)]  # 4 red bonuses: red costs 3
    g.push(Buy("s"))
    assert [c.id for c in g.rows["1"]] == ["a", "b"] and g.over and g.end_reason == "special"
    assert g.points == 5


def test_the_game_ends_when_deck_and_rows_are_empty():
    g = game(red=1)
    g.deck, g.rows = [], {"1": [card("a", red=1)], "2": []}
    g.push(Buy("a"))
    assert g.over and g.end_reason == "deck"


def test_a_noble_visits_once_the_bonuses_are_there():
    g = game(red=1)
    g.bought = [card("x", "red"), card("y", "red")]
    g.nobles = [Noble("n", 3, (("red", 3),))]
    g.push(Buy("a"))
    assert [n.id for n in g.visitors] == ["n"] and g.points == 3


def test_the_shipped_score_table_has_one_title_per_score():
    scores = BOOK.scores
    assert [b.min for b in scores] == [0, 8, 18, 28, 41]
    adapter = SplendorAdapter(BOOK)
    assert adapter.title(8) == "Mercader ambulante" and adapter.title(7) == "Trabajador"


def test_the_seed_table_as_given_is_reported(tmp_path, capsys):
    folder = tmp_path / "splendor-solitario"
    shutil.copytree(CONTENT_ROOT / "splendor-solitario", folder)
    scores = folder / "scores.yaml"
    scores.write_text(scores.read_text(encoding="utf-8").replace(
        "{title: Trabajador, min: 0, max: 7}", "{title: Trabajador, min: 0, max: 8}"),
        encoding="utf-8")
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "scores.yaml:3 ([1].min): 8 points fall in two titles: 'Trabajador' (0–8) and " \
           "'Mercader ambulante' (8–17)" in err


def test_a_gap_in_the_score_table_is_reported(tmp_path, capsys):
    folder = tmp_path / "splendor-solitario"
    shutil.copytree(CONTENT_ROOT / "splendor-solitario", folder)
    scores = folder / "scores.yaml"
    scores.write_text(scores.read_text(encoding="utf-8").replace("min: 18", "min: 19"),
                      encoding="utf-8")
    assert main(["check", str(folder)]) == 1
    assert "no title for 18–18 points" in capsys.readouterr().err


def test_build_writes_all_five_books(tmp_path):
    assert main(["build", "--output", str(tmp_path)]) == 0
    books = sorted(p.name for p in tmp_path.iterdir())
    assert books == ["catan-base", "catan-para-dos", "solo-catan", "splendor-solitario",
                     "uno-contra-uno"]
    for name in books:
        assert (tmp_path / name / f"{name}.pdf").is_file()
        assert (tmp_path / name / "index.html").is_file()
