"""Single rules and rulings, each in the smallest position that shows it."""

from __future__ import annotations

import dataclasses

import pytest

from repo import shipped
from generator.games.solo_catan import Game, Ruleset, Series, ShCard
from generator.games.solo_catan.actions import (Continue, Demolish, KnightPays, LoseCard,
                                                PlaceLoose, SacrificeHand, StartSeries, TradeThree,
                                                UseKnight)
from generator.errors import IllegalAction

RULES = Ruleset.from_components(shipped("solo-catan").components)


def position(hand, deck=(), market=(), history=(), roads=("A",), knights=(), settlements=1,
             cities=0, expansions=(), discard=()) -> Game:
    game = Game(RULES, seed=1)
    game.hand, game.deck, game.market = list(hand), list(deck), list(market)
    game.discard = list(discard)
    game.history = [Series(t, [ShCard(c, c) for c in cards],
                           complete=len(cards) == len(RULES.costs[t]) if t else False,
                           built=len(cards) == len(RULES.costs[t]) if t else False)
                    for t, cards in history]
    game.roads, game.knights = list(roads), list(knights)
    game.settlements, game.cities, game.expansions = settlements, cities, list(expansions)
    return game


def test_series_starters_and_enders_are_the_ones_the_variant_states():
    assert RULES.starters == {"lumber", "grain", "wool"}
    assert RULES.enders == {"brick", "ore", "wool"}


def test_refusal_carries_code_section_needed_and_found():
    game = position(["grain"], deck=["ore"], history=[("road", ["lumber"])])
    with pytest.raises(IllegalAction) as caught:
        game.push(StartSeries("grain", "knight"))
    error = caught.value
    assert error.code == "cannot-start-series"
    assert error.section == "series"
    assert "brick, ore, wool" in error.needed
    assert "lumber, which ends no series" in error.found


def test_push_still_refuses_an_outside_action_push_legal_is_only_the_simulators_path():
    """`push_legal` trusts its caller (a simulated player's action from `legal_actions()`);
    `push`, the entry point of worked examples, scenarios, notation and tests, still refuses
    an illegal action with its rule and leaves the position as it was."""
    from generator.games.solo_catan.players import state_key
    game = position(["grain"], deck=["ore"], history=[("road", ["lumber"])])
    before, allowed = state_key(game), game.legal_actions()
    with pytest.raises(IllegalAction) as caught:
        game.push(StartSeries("grain", "knight"))
    assert (caught.value.code, caught.value.section) == ("cannot-start-series", "series")
    assert state_key(game) == before and game.legal_actions() == allowed
    # For actions taken from the list, both paths play the same game, step by step.
    checked, trusted = Game.new(RULES, 11), Game.new(RULES, 11)
    for step in range(200):
        if checked.is_over():
            break
        actions = checked.legal_actions()
        assert trusted.legal_actions() == actions
        action = actions[step * 7 % len(actions)]
        checked.push(action)
        trusted.push_legal(action)
        assert state_key(trusted) == state_key(checked), f"step {step}: {action}"
    assert step > 20


def test_the_simulators_uncopied_list_is_the_positions_legal_actions():
    """`legal_tuple` (what the runner hands a player, not copied, the end test's listing
    reused) lists exactly what the rules allow, worked out afresh, in its order, in every
    position of a game, decisions included; and it is a tuple, so a player cannot change
    what the position allows."""
    from test_engine_same_games import _worked_out_afresh
    game, seen = Game.new(RULES, seed=5), set()
    while not game.is_over():
        shared = game.legal_tuple()
        assert isinstance(shared, tuple)
        assert list(shared) == _worked_out_afresh(game).legal_actions()
        seen.add(game.decision)
        game.push_legal(shared[len(game.history) % len(shared)])
    assert game.legal_tuple() == () and game.legal_actions() == []
    assert None in seen and len(seen) > 1, "turns and decisions both listed"


def test_a_new_knight_alternates_faces_R04():
    game = position(["ore", "lumber"], deck=["brick", "brick", "lumber"],
                    history=[("knight", ["grain", "wool"])])
    game.push(Continue("ore"))
    assert game.knights == ["A"]
    game = position(["ore", "lumber"], deck=["brick"], knights=["A"],
                    history=[("knight", ["grain", "wool"])])
    game.push(Continue("ore"))
    assert game.knights == ["A", "B"]


def test_a_starter_with_no_target_is_a_loose_card_R07():
    # Wool starts only expansions, and there is no city for one.
    game = position(["wool"], deck=["ore"], history=[("road", ["lumber", "brick"])])
    assert game.legal_actions() == [PlaceLoose("wool"), Demolish("road")]  # § Demolición, 2nd case


def test_a_city_needs_a_settlement_and_an_expansion_a_free_city_R05():
    game = position(["grain", "wool"], settlements=0, cities=0)
    assert StartSeries("grain", "city") not in game.legal_actions()
    assert not any(isinstance(a, StartSeries) and a.resource == "wool" for a in game.legal_actions())
    game = position(["grain", "wool"], settlements=1, cities=1, expansions=["church"])
    assert StartSeries("grain", "city") in game.legal_actions()
    assert not any(isinstance(a, StartSeries) and a.resource == "wool" for a in game.legal_actions())


def test_the_city_wall_keeps_a_road_from_a_failed_knight_R12():
    history = [("city", ["grain", "grain", "ore", "ore"])]
    for wall, roads_after in ((False, ["A", "B"]), (True, ["A", "B", "A"])):
        game = position(["ore", "wool", "wool", "lumber", "brick", "grain"],
                        deck=["ore", "ore", "grain", "grain"], market=["wool", "ore"],
                        history=history, roads=["A", "B", "A"], knights=["A"], cities=1,
                        expansions=["city_wall"] if wall else [])
        game.push(Continue("ore"))
        game.push(UseKnight(0))
        assert game.roads == roads_after


def test_a_knight_needs_cards_to_draw_R16():
    game = position(["ore", "wool"], deck=["ore"], history=[("city", ["grain", "grain", "ore"])],
                    knights=["B"])
    game.push(Continue("ore"))  # draws the last ore: a match, and the MDR is now empty
    assert game.decision == "coincidence"
    assert UseKnight(0) not in game.legal_actions()
    with pytest.raises(IllegalAction) as caught:
        game.push(UseKnight(0))
    assert caught.value.code == "deck-too-small" and caught.value.ruling == "R16"


def test_sacrificed_cards_leave_the_game_and_never_come_back():
    game = position(["lumber", "ore", "ore", "wool", "wool"],
                    deck=["lumber"] + ["grain"] * 6, history=[])
    game.push(StartSeries("lumber", "road"))
    game.push(SacrificeHand())
    assert sorted(game.removed) == ["lumber", "ore", "ore", "wool", "wool"]
    assert game.hand == ["grain"] * 5


def test_lose_card_compares_again_with_the_new_last_card():
    game = position(["brick", "ore"], deck=["brick", "lumber", "grain"],
                    history=[("road", ["lumber"])])
    game.push(Continue("brick"))
    game.push(LoseCard())
    assert game.decision == "coincidence"  # the next card is lumber, like the new last card


def test_three_for_one_from_the_deck_takes_the_card_nearest_the_bottom_R20():
    deck = ["ore", "wool", "grain", "wool", "lumber"]
    game = position(["brick", "brick", "brick", "grain", "ore"], deck=deck)
    game.push(TradeThree("brick", "wool", "deck"))
    # The wool at index 3 (nearest the bottom) is taken; the refill draws ore and wool.
    assert sorted(game.hand) == sorted(["grain", "ore", "wool", "ore", "wool"])
    assert game.deck == ["grain", "lumber"]


def test_demolition_only_when_blocked_and_types_distinct_R13():
    game = position(["lumber", "wool"], deck=["ore"] * 3,
                    history=[("road", ["lumber", "brick"]), ("city", ["grain", "grain"])],
                    roads=["A", "B"], knights=["A"])
    options = [a for a in game.legal_actions() if isinstance(a, Demolish)]
    assert set(options) == {Demolish("road"), Demolish("knight"), Demolish("settlement")}
    game.push(Demolish("road"))
    assert Demolish("road") not in game.legal_actions()


def test_knight_success_on_foot_lets_the_player_choose_what_to_lose():
    game = position(["brick", "ore"], deck=["brick", "grain", "lumber", "ore"],
                    history=[("road", ["lumber"])], roads=["A", "B"], knights=["A"])
    game.push(Continue("brick"))
    game.push(UseKnight(0))
    assert set(game.legal_actions()) == {KnightPays("knight"), KnightPays("road")}
    game.push(KnightPays("road"))
    assert game.knights == ["A"]
    # The B road is given back, then the completed series builds a road: it shows B again.
    assert game.roads == ["A", "B"]


def test_an_empty_sh_and_a_loose_card_that_ends_nothing_are_told_apart():
    """§ Series: a series starts on an empty SH, never after a card that ends none. The engine
    remembers a turn's actions by what the position shows (hand, last SH card, table): the
    same hand and table after a loose grain must not be answered as on an empty SH."""
    fresh = dataclasses.replace(RULES)  # its own, empty memo: the empty SH is asked first
    empty = position(["lumber", "grain"], deck=["ore"] * 5)
    after_grain = position(["lumber", "grain"], deck=["ore"] * 5, history=[(None, ["grain"])])
    empty.rules = after_grain.rules = fresh
    assert StartSeries("lumber", "road") in empty.legal_actions()
    assert not any(isinstance(a, StartSeries) for a in after_grain.legal_actions())


def test_a_building_given_back_is_said_so_not_as_never_obtained():
    """Review: under Example 22's SH the city its series built, then handed back in step 5,
    was captioned «Ciudad (sin obtener)». A series whose building left the table says so;
    one complete but never built still says «not obtained»."""
    from generator.examples.replay import check_book
    from generator.games.solo_catan.text import series_label
    book = shipped("solo-catan")
    replay = next(r for r in check_book(book) if r.example.id == "reciclaje")
    words = replay.adapter.words
    start, end = replay.frames[0].game, replay.frames[-1].game
    cities = lambda game: [s for s in game.history if s.target == "city"]  # noqa: E731
    assert [s.built for s in cities(start)] == [True]
    given = [s for s in cities(end) if s.complete and not s.built]
    assert given and all(s.given_back for s in given)
    assert series_label(given[0], words) == "Ciudad (construcción devuelta)"
    never = Series("city", given[0].cards[:], complete=True)
    assert series_label(never, words) == "Ciudad (sin obtener)"
