"""Splendor solo: the engine's rules, its examples' positions, and the content checks."""

from __future__ import annotations

import re
import shutil

import pytest

from generator.cli import main
from generator.content.loader import load_book
from repo import CONTENT_ROOT
from generator.games.splendor import Buy, Card, Noble, Reserve, Return, SplendorGame, Take, Visit
from generator.errors import ContentError, IllegalAction
from generator.examples.replay import check_book
from generator.games.splendor.adapter import SplendorAdapter

FOLDER = CONTENT_ROOT / "splendor-solitario"
BOOK = load_book(FOLDER)
ADAPTER = SplendorAdapter(BOOK)
RULES = ADAPTER.rules


def card(cid, bonus="red", points=0, special=False, **cost) -> Card:
    return Card(cid, bonus, points, tuple((c, n) for c, n in cost.items()), special)


def specials(*colours) -> list[Card]:
    return [card(f"s-{c}", c, 5, True, **{c: 3}) for c in colours]


def game(**tokens) -> SplendorGame:
    """Two full rows and a deck of cards one can always pay; one special gem on the table."""
    g = SplendorGame.empty(RULES)
    g.rows = {"1": [card("a", red=1), card("b", blue=3), card("b2", blue=3), card("b3", blue=3)],
              "2": [card(f"c{i}", green=3) for i in range(4)]}
    g.deck = [card(f"d{i}", blue=3) for i in range(6)]
    g.special = [card("s", "black", 5, True, red=7, black=3)]
    for colour, n in tokens.items():
        g.tokens[colour] += n
        g.bank[colour] -= n
    return g


def refusal(g: SplendorGame, action) -> IllegalAction:
    before = (dict(g.tokens), g.turns, [n.id for n in g.nobles])
    with pytest.raises(IllegalAction) as refused:
        g.push(action)
    assert (dict(g.tokens), g.turns, [n.id for n in g.nobles]) == before, "nothing changed"
    assert action not in g.legal_actions(), "legality comes only from legal_actions()"
    return refused.value


# --- taking gems, reserving, the limit ----------------------------------------------------

def test_the_bank_has_three_of_each_colour_and_takes_are_three_distinct():
    g = game()
    assert g.bank == {c: 3 for c in RULES.colours}
    takes = [a for a in g.legal_actions() if isinstance(a, Take)]
    assert len(takes) == 10  # C(5, 3): never two of one colour
    assert all(len(set(t.colours)) == 3 for t in takes)
    assert refusal(g, Take(("red", "red", "blue"))).code == "same-colour"


def test_fewer_colours_in_the_bank_means_fewer_gems():
    g = game(white=3, blue=3, green=3)
    assert [a for a in g.legal_actions() if isinstance(a, Take)] == [Take(("red", "black"))]
    assert refusal(g, Take(("red",))).ruling == "R04"


def test_no_reserving_without_gold():
    assert refusal(game(), Reserve("a")).code == "no-reserving"


def test_over_ten_gems_must_be_returned_before_anything_else():
    g = game(white=3, blue=3, green=3, red=0, black=1)
    g.push(Take(("red", "black")))
    assert g.token_count == 12 and g.decision == "return" and g.turns == 0
    assert all(isinstance(a, Return) for a in g.legal_actions())
    assert refusal(g, Buy("a")).code == "over-limit"
    g.push(Return("red"))          # a gem just taken may go back
    assert g.turns == 0, "the turn waits for the last gem"
    g.push(Return("blue"))
    assert g.token_count == 10 and g.turns == 1 and g.decision is None
    assert any(isinstance(a, Take) for a in g.legal_actions())
    assert refusal(g, Return("white")).code == "nothing-to-return"


# --- a turn is exactly one action (defect 6) ----------------------------------------------

def test_a_turn_is_exactly_one_action():
    """Each Take or Buy is a whole turn: the turn count rises by one for each, and nothing
    else happens between two of them but what ends the turn (returns, a noble)."""
    g = game(red=1)
    g.push(Take(("white", "blue", "green")))
    assert g.turns == 1 and not g.acted
    g.push(Buy("a"))
    assert g.turns == 2 and not g.acted
    g.push(Take(("white", "blue", "green")))
    assert g.turns == 3
    assert all(isinstance(a, (Take, Buy)) for a in g.legal_actions()), "no pass, no extras"


def test_no_second_action_while_the_turn_is_open():
    g = game(white=3, blue=3, green=3, red=1)
    g.push(Take(("red", "black")))           # 12 gems: the turn stays open
    assert g.acted and g.turns == 0
    for second in (Take(("red", "black")), Buy("a")):
        assert refusal(g, second).code == "over-limit"


# --- buying, rows -------------------------------------------------------------------------

def test_buying_from_a_row_discards_that_row_only_and_deals_a_new_one():
    g = game(red=1)
    g.push(Buy("a"))
    assert [c.id for c in g.rows["1"]] == ["d0", "d1", "d2", "d3"]
    assert [c.id for c in g.rows["2"]] == ["c0", "c1", "c2", "c3"]
    assert [c.id for c in g.discarded] == ["b", "b2", "b3"]
    assert g.bank["red"] == 3, "the price goes back to the bank"


def test_a_short_deck_deals_what_is_left_then_nothing():
    g = game(red=1)
    g.deck = g.deck[:2]
    g.push(Buy("a"))
    assert [c.id for c in g.rows["1"]] == ["d0", "d1"] and not g.deck


def test_buying_a_special_gem_leaves_the_rows():
    g = game(red=3, black=3)
    g.bought = [card(f"r{i}", "red") for i in range(4)]  # 4 red bonuses: red costs 3
    g.push(Buy("s"))
    assert [c.id for c in g.rows["1"]] == ["a", "b", "b2", "b3"] and g.points == 5
    assert not g.over, "one special gem is not five"


# --- the end (defect 2, R05, R06) -----------------------------------------------------------

def test_four_special_gems_do_not_end_the_game_even_with_the_row_empty():
    """The old engine ended when the special row was empty: an example that had lost a
    special gem ended with four. The end counts the special gems bought."""
    g = game(red=3, black=3)
    g.bought = specials("white", "blue", "green") + [card(f"r{i}", "red") for i in range(4)]
    g.push(Buy("s"))
    assert not g.special and not g.over


def test_the_fifth_special_gem_ends_the_game():
    g = game(red=3, black=3)
    g.bought = specials("white", "blue", "green", "red") + [card(f"r{i}", "red")
                                                         for i in range(3)]
    g.push(Buy("s"))
    assert g.over and g.end_reason == "special" and g.points == 25
    assert refusal(g, Take(("white", "blue", "green"))).code == "game-over"


def test_the_game_ends_when_deck_and_rows_are_empty():
    g = game(red=1)
    g.deck, g.rows = [], {"1": [card("a", red=1)], "2": []}
    g.push(Buy("a"))
    assert g.over and g.end_reason == "deck"


def test_a_table_that_can_never_be_bought_ends_the_game_R05():
    """A price over 3 gems of a colour (the bank holds no more) or over 10 in all (the
    limit) never comes down without a purchase: the game would never end."""
    g = game()
    g.deck = []
    g.rows = {"1": [card("a", red=1)], "2": [card("far", blue=4)]}
    g.special = [card("s", "black", 5, True, red=7, black=3)]
    g.bought = [card("x", "blue")]     # 4 blue less 1: within reach, so not stuck
    g.push(Take(("white", "blue", "green")))
    assert not g.over
    g.bought = []
    g.push(Take(("white", "blue", "black")))
    assert not g.over, "'a' can still be bought"
    g.tokens["red"], g.bank["red"] = 1, 2
    g.push(Buy("a"))                   # row 1 gone, nothing comes; 'far' and 's' out of reach
    assert g.over and g.end_reason == "stuck"
    assert not g.within_reach(card("y", blue=2, green=2, red=3, black=2, white=3)), "11 in all"


def test_the_last_purchase_still_brings_its_noble_R06():
    g = game(red=3, black=3)
    g.bought = specials("white", "blue", "green", "red") + [card(f"k{i}", "black")
                                                         for i in range(3)] \
        + [card(f"r{i}", "red") for i in range(3)]
    g.nobles = [Noble("n", 3, (("black", 4),))]
    g.push(Buy("s"))
    assert g.over and [n.id for n in g.visitors] == ["n"] and g.points == 28


# --- nobles (defect 1, R03) ---------------------------------------------------------------

def nobles_game() -> SplendorGame:
    """One red card away from two nobles at once."""
    g = game(red=1)
    g.bought = [card(f"r{i}", "red") for i in range(3)] + [card(f"k{i}", "black")
                                                        for i in range(4)] \
        + [card(f"g{i}", "green") for i in range(4)]
    g.nobles = [Noble("red-black", 3, (("red", 4), ("black", 4))),
                Noble("red-green", 3, (("green", 4), ("red", 4))),
                Noble("white", 3, (("white", 3), ("blue", 3), ("black", 3)))]
    return g


def test_a_noble_visits_once_the_bonuses_are_there():
    g = game(red=1)
    g.bought = [card("x", "red"), card("y", "red")]
    g.nobles = [Noble("n", 3, (("red", 3),))]
    g.push(Buy("a"))
    assert [n.id for n in g.visitors] == ["n"] and g.points == 3 and g.turns == 1


def test_when_two_nobles_qualify_the_player_chooses_one():
    g = nobles_game()
    g.push(Buy("a"))
    assert g.decision == "noble" and g.turns == 0
    assert g.legal_actions() == [Visit("red-black"), Visit("red-green")]
    g.push(Visit("red-green"))     # not the first of the row: the player's choice
    assert [n.id for n in g.visitors] == ["red-green"] and g.turns == 1
    assert [n.id for n in g.nobles] == ["red-black", "white"], "one noble a turn"
    g.push(Take(("white", "blue", "green")))
    assert [n.id for n in g.visitors] == ["red-green", "red-black"], "the other comes later"
    assert g.points == 6


def test_a_noble_that_does_not_qualify_is_refused():
    g = nobles_game()
    g.push(Buy("a"))
    refused = refusal(g, Visit("white"))
    assert (refused.code, refused.ruling) == ("noble-not-qualified", "R03")
    assert refusal(g, Visit("nobody")).code == "noble-not-qualified"
    assert refusal(g, Take(("white", "blue", "green"))).code == "noble-pending"


def test_a_visit_is_no_action():
    g = nobles_game()
    assert refusal(g, Visit("red-black")).code == "no-noble-choice"


def test_ruling_R03_follows_splendor_the_player_chooses():
    r03 = next(r for r in BOOK.rulings if r.id == "R03")
    assert "Splendor" in r03.source and r03.settles == "gap"
    assert "eliges" in r03.decision and "primero" not in r03.decision


# --- the examples' positions --------------------------------------------------------------

OLD_FINAL_START = """\
id: final
title: La última gema especial
section: fin-de-la-partida
summary: Comprar la última gema especial termina la partida.
start:
  cards:
    - {id: c1, bonus: red, points: 0, cost: {red: 1}}
  rows:
    "1": [c1]
  special: [onice-real]
  bought: [diamante-real, zafiro-real, esmeralda-real]
  tokens: {red: 3, black: 3}
steps:
  - do: buy c1
"""


def copy_book(tmp_path):
    folder = tmp_path / "splendor-solitario"
    shutil.copytree(FOLDER, folder)
    return folder


def test_a_start_that_loses_a_special_gem_is_refused(tmp_path):
    """The old example 3 had four special gems and no Rubí especial anywhere."""
    folder = copy_book(tmp_path)
    (folder / "examples" / "03-final.yaml").write_text(OLD_FINAL_START, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        check_book(load_book(folder))
    assert "special gem 'rubi-real' is neither on the table nor bought" in str(caught.value)


#: Green cards of the box that example 4 does not use.
UNUSED_GREEN = [("blue", "{white: 1, green: 1, red: 1, black: 1}"),
                ("blue", "{blue: 1, green: 3, red: 1}"), ("blue", "{white: 1, green: 2, red: 2}"),
                ("blue", "{green: 2, black: 2}"), ("blue", "{white: 1, black: 2}"),
                ("blue", "{black: 3}"), ("red", "{white: 1, blue: 1, green: 1, black: 1}"),
                ("red", "{white: 2, blue: 1, green: 1, black: 1}")]


def test_the_row_dealt_last_is_on_the_table(tmp_path):
    """After 12 purchases from the rows the 14th row, yellow, was dealt last: two green rows
    on the table are an old position and a new deck's."""
    folder = copy_book(tmp_path)
    file = folder / "examples" / "04-nobles.yaml"
    text = file.read_text(encoding="utf-8")
    for cid, (bonus, cost) in zip(["o5", "o6", "e4", "z2", "z3", "r2", "r3", "z4"],
                                  UNUSED_GREEN):
        text, n = re.subn(r"\{id: %s, .*\}\}" % cid,
                          "{id: %s, bonus: %s, points: 0, cost: %s}" % (cid, bonus, cost), text)
        assert n == 1
    file.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        check_book(load_book(folder))
    assert ("no row on the table is the row dealt last; expected after 12 purchases from the "
            "rows, a row of 4 yellow cards: it stays until bought from") in str(caught.value)


@pytest.mark.parametrize("example, old, new, message", [
    ("02-comprar", ('"1": [e1, r1, z1, d1]', "deck: [z3,"), ('"1": [e1, r1]', "deck: [z1, d1, z3,"),
     "row 1 holds 2 green cards; expected a row the central deck has dealt after 0 purchases "
     "from the rows: 4 green cards"),
    ("02-comprar", "  tokens: {white: 2, blue: 1}", "  tokens: {white: 2, blue: 1}\n"
     "  bought: [e1]", "card 'e1' is in two places"),
    ("02-comprar", "  deck: [z3, r2, e3, d3]", "  deck: [z3, r2, e3]",
     "card 'd3' is in no row, pile or deck"),
    # A special gem costs 7 of a colour and the bank holds 3: it follows 4 bonuses of it
    # (the old examples 3 and 5 and scenarios 4 and 5 bought them from nothing).
    ("03-titulos", "special: [zafiro-real, ", "special: [", None),
    # Only Splendor's cards and nobles: the old examples invented both.
    ("02-comprar", "{id: e1, bonus: green, points: 0, cost: {white: 2, blue: 1}}",
     "{id: e1, bonus: green, points: 0, cost: {white: 1, blue: 1, red: 1}}",
     "card 'e1' (green bonus, 0 points, costs 1 white, 1 blue, 1 red) is not one of "
     "Splendor's cards; expected a card of the green or yellow deck; with a green bonus and "
     "0 points: 1 white, 1 blue, 1 red, 1 black;"),
    ("02-comprar", "{id: z3, bonus: blue, points: 0, cost: {green: 2, black: 2}}",
     "{id: z3, bonus: blue, points: 0, cost: {black: 3}}",
     "cards 'z1' and 'z3' are the same card of the box; expected each card of the box once"),
    ("03-final", "{id: azul-verde, needs: {blue: 4, green: 4}}",
     "{id: azul-verde, needs: {blue: 4, green: 5}}",
     "noble 'azul-verde' asks for 4 blue, 5 green: no noble of the box does"),
    ("03-final", "{id: azul-verde, needs: {blue: 4, green: 4}}",
     "{id: azul-verde, needs: {white: 4, black: 4}}",
     "nobles 'blanco-negro' and 'azul-verde' are the same noble"),
    ("01-tomar", "    - {id: verde-rojo, needs: {green: 4, red: 4}}\n", "",
     "4 nobles on the table and 0 that have visited; expected 5 in all"),
    ("03-final", "{id: azul-verde, needs: {blue: 4, green: 4}}",
     "{id: azul-verde, needs: {green: 4, red: 4}}",
     "noble 'azul-verde' visited without the bonuses it asks for"),
    # A noble can't be refused: one the bonuses call is still there only if another one
    # visited at the last turn's end.
    ("04-nobles", "{id: verde-rojo, needs: {green: 4, red: 4}}",
     "{id: verde-rojo, needs: {white: 4, black: 4}}",
     "noble 'verde-rojo' would have visited you"),
    # The central deck as the deal leaves it: green on yellow, 62 cards after the set-up and
    # 4 fewer a purchase from a row (the old examples printed 2, 3 or 40 cards where a game
    # has 58, 18 or 46).
    ("01-tomar", "{id: o2, bonus: black, points: 0, cost: {white: 1, blue: 1, green: 1, red: 1}}",
     "{id: o2, bonus: black, points: 1, cost: {white: 3, green: 3, black: 2}}",
     "card 'o2' is yellow, the deck's card 1 from the top green; expected the green deck on "
     "the yellow one: 28 green and 30 yellow cards after 1 purchase from the rows"),
    ("05-mazo", ("  special:", "  cards:\n"), ("  deck: [x1]\n  special:", "  cards:\n"
     "    - {id: x1, bonus: green, points: 2, cost: {green: 5}}\n"),
     "1 card named on top of the central deck; expected at most 0: after 16 purchases from the "
     "rows the central deck holds 0 cards"),
    ("01-tomar", "{id: z1, bonus: blue, points: 0, cost: {black: 3}}",
     "{id: z1, bonus: blue, points: 2, cost: {blue: 5}}",
     "row 2 holds 3 green and 1 yellow cards; expected a row the central deck has dealt "
     "after 1 purchase from the rows: 4 green cards"),
    # The old example 4 bought eleven cards of no points: the green deck deals ten rows.
    ("03-final", "{id: z2, bonus: blue, points: 2, cost: {white: 2, red: 1, black: 4}}",
     "{id: z2, bonus: blue, points: 0, cost: {white: 1, black: 2}}",
     "10 green and 7 yellow cards bought from the rows; expected one from each row bought "
     "from: 9 green and 8 yellow of the 10 green and 8 yellow dealt, the rest being on the "
     "table"),
    ("05-mazo", ('"1": [d6, e3]', "bought: ["), ('"1": []', "bought: [d6, e3, "),
     "1 row holds cards after 18 purchases from the rows; expected 0"),
])
def test_impossible_positions_are_refused(tmp_path, example, old, new, message):
    folder = copy_book(tmp_path)
    file = next(folder.glob(f"*/{example}.yaml"))
    text = file.read_text(encoding="utf-8")
    for old, new in zip(*((old, new) if isinstance(old, tuple) else ((old,), (new,)))):
        assert old in text
        text = text.replace(old, new)
    if message is None:  # the Zafiro especial bought with 2 white bonuses
        text = text.replace("bought: [", "bought: [zafiro-real, ")
        message = ("no game buys 'zafiro-real': it costs 7 white, one holds 3 white gems at "
                   "most, and the cards it could follow give 2 white bonuses; expected 4 "
                   "white bonuses from cards bought before it")
    file.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        check_book(load_book(folder))
    assert message in str(caught.value)


def test_the_examples_show_a_noble_choice_and_both_ends():
    replays = {r.example.id: r for r in check_book(BOOK)}
    chosen = [f for f in replays["nobles"].frames if isinstance(f.action, Visit)
              and not f.rejected]
    assert len(chosen) == 1
    final = replays["final"].frames
    assert sum(c.special for c in final[-1].game.bought) == RULES.special_gems
    assert final[-1].game.end_reason == "special" and not final[-2].game.over
    assert replays["mazo-agotado"].frames[-1].game.end_reason == "deck"


# --- score table (defect 4) ---------------------------------------------------------------

def test_the_shipped_score_table_has_one_title_per_score():
    assert [b.min for b in BOOK.scores] == [0, 8, 18, 28, 41]
    assert ADAPTER.title(8) == "Mercader ambulante" and ADAPTER.title(7) == "Trabajador"


def test_the_top_band_is_the_sources_41_to_65():
    top = BOOK.scores[-1]
    assert (top.title, top.min, top.max) == ("Maestro", 41, 65)
    assert ADAPTER.title(65) == "Maestro"


def test_the_seed_table_as_given_is_reported(tmp_path, capsys):
    folder = copy_book(tmp_path)
    scores = folder / "scores.yaml"
    scores.write_text(scores.read_text(encoding="utf-8").replace(
        "{title: Trabajador, min: 0, max: 7}", "{title: Trabajador, min: 0, max: 8}"),
        encoding="utf-8")
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "scores.yaml:5 ([1].min): 8 points fall in two titles: 'Trabajador' (0–8) and " \
           "'Mercader ambulante' (8–17)" in err


def test_a_gap_in_the_score_table_is_reported(tmp_path, capsys):
    folder = copy_book(tmp_path)
    scores = folder / "scores.yaml"
    scores.write_text(scores.read_text(encoding="utf-8").replace("min: 18", "min: 19"),
                      encoding="utf-8")
    assert main(["check", str(folder)]) == 1
    assert "no title for 18–18 points" in capsys.readouterr().err


# --- no Catan in this book (defect 7) --------------------------------------------------------

CATAN = re.compile(r"\b(ladrill\w*|madera\w*|oveja\w*|lana|trigo\w*|cereal\w*|mineral\w*|"
                   r"piedra\w*|cat[aá]n\w*|hex[aá]gon\w*|poblado\w*|ciudad\w*|carretera\w*|"
                   r"caballero\w*|ladr[oó]n\w*|SH|MDR|MDD|CCC|SC|ADC|lumber|brick|grain|wool|"
                   r"ore)\b", re.IGNORECASE)


def test_the_content_names_nothing_of_catan():
    found = []
    for file in sorted(FOLDER.rglob("*")):
        if file.is_file():
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                found += [f"{file.relative_to(FOLDER)}:{number}: {m.group(0)}"
                          for m in CATAN.finditer(line)]
    assert not found


# --- counts agree with their nouns (defect 8) -------------------------------------------------

def test_gem_counts_agree_with_their_nouns():
    g = game(white=1, red=2)
    lines = dict(ADAPTER.position_lines(g))
    assert lines["Tus fichas"] == "1 diamante y 2 rubíes"
    assert lines["Banco"].startswith("2 diamantes, 3 zafiros, 3 esmeraldas, 1 rubí y 3 ónices")
    assert ADAPTER.action_text(Take(("red", "red", "blue")), g) == "Toma 1 zafiro y 2 rubíes"
    assert ADAPTER.action_text(Return("white"), g) == "Devuelve 1 diamante"


def test_cards_are_named_as_a_player_sees_them():
    g = game()
    assert ADAPTER.action_text(Buy("a"), g) == \
        "Compra la carta de rubí sin puntos (cuesta 1 rubí)"
    g.rows["1"][0] = card("a", "green", 1, red=2, white=2)
    assert ADAPTER.action_text(Buy("a"), g) == \
        "Compra la carta de esmeralda de 1 punto (cuesta 2 diamantes y 2 rubíes)"
    assert ADAPTER.action_text(Reserve("s"), g) == \
        "Reserva la gema especial de ónice (cuesta 7 rubíes y 3 ónices)"


