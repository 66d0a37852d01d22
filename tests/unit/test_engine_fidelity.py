"""The source's own rules where the first edition's engine departed from them.

Each test is a position a player could reach and the rule the source text (or the ruling
that fills its gap) states; each failed on the engine before the fidelity review was fixed.
"""

from __future__ import annotations

from generator.games.solo_catan.actions import (Continue, Demolish, DiscardHand, DiscardMarket,
                                                LoseCard, PayTownHall, PlaceLoose, Recycle,
                                                StartSeries, TradeMarket, UseKnight)

from test_engine_rules import position


def placements(game):
    return {a for a in game.legal_actions() if isinstance(a, (StartSeries, Continue, PlaceLoose))}


def test_loose_cards_only_when_no_card_of_the_hand_can_start_a_series_R07():
    # The thread: "Si no tienes una carta que sea inicio de una serie…, puedes poner cualquiera".
    game = position(["brick", "brick", "grain"], deck=["ore"] * 3)
    assert PlaceLoose("brick") not in game.legal_actions()
    assert StartSeries("grain", "knight") in game.legal_actions()
    game = position(["brick", "ore"], deck=["ore"] * 3)
    assert placements(game) == {PlaceLoose("brick"), PlaceLoose("ore")}


def test_demolition_after_a_series_end_when_the_hand_has_no_starter():
    # § Demolición, second case: "o porque siéndolo, no tienes una carta de inicio de serie".
    game = position(["brick", "ore", "ore"], deck=["ore"] * 3,
                    history=[("road", ["lumber", "brick"])], roads=["A", "B"])
    assert Demolish("road") in game.legal_actions()


def test_no_demolition_while_the_missing_card_sits_in_the_market_R13():
    game = position(["lumber", "brick", "wool"], market=["ore"], deck=["wool"] * 3,
                    history=[("city", ["grain", "grain"])], roads=["A"], knights=["A"])
    assert not any(isinstance(a, Demolish) for a in game.legal_actions())
    game.push(TradeMarket("lumber", "ore"))
    assert Continue("ore") in game.legal_actions()


def test_the_game_ends_when_the_mdr_is_empty_and_nothing_can_progress_R19():
    # A brick in hand would still complete a road (a point), but the source's end has come.
    game = position(["lumber", "brick", "ore", "ore", "ore"], market=["ore"], deck=["wool"],
                    history=[("road", ["lumber", "brick"])], roads=["A", "B"])
    game.push(StartSeries("lumber", "road"))
    assert game.is_over() and game.end_reason == "exhausted"


def test_a_town_hall_debt_forbids_only_starting_a_series_R11():
    game = position(["lumber", "grain", "wool", "ore"], market=["grain"], deck=["ore", "ore", "grain", "grain"],
                    history=[("town_hall", ["wool", "wool", "wool", "ore"])], cities=1,
                    settlements=0, expansions=["town_hall"])
    game.town_hall_due = True
    actions = game.legal_actions()
    assert not any(isinstance(a, StartSeries) for a in actions)
    assert {PlaceLoose(r) for r in ("lumber", "grain", "wool", "ore")} <= set(actions)
    game.push(PlaceLoose("wool"))  # the refill draws two ore: the debt can be paid
    assert not game.is_over() and PayTownHall() in game.legal_actions()


def test_a_lost_city_turns_back_into_a_settlement_and_its_expansion_goes_R05_R14():
    # Demolishing the ore that completed a built city costs that city (R13): it turns back
    # into a settlement, and the expansion left without a city goes back to its row.
    game = position(["brick", "ore"], deck=["ore"] * 4,
                    history=[("city", ["grain", "grain", "ore", "ore", "ore"])], settlements=0,
                    cities=2, expansions=["library", "church"])
    assert [a for a in game.legal_actions() if isinstance(a, Demolish)] == [Demolish("city")]
    game.push(Demolish("city"))
    assert (game.settlements, game.cities, game.expansions) == (1, 1, ["library"])
    assert game.points == 1 + 2 + 3  # road A 0: settlement, city, Library


def test_a_city_carrying_an_expansion_cannot_pay_R05():
    game = position(["lumber", "wool"], deck=["ore"] * 3,
                    history=[("city", ["grain", "grain"])], cities=1, settlements=0,
                    expansions=["church"])
    payments = {a.payment for a in game.legal_actions() if isinstance(a, Demolish)}
    assert "city" not in payments and "church" in payments


def test_a_complete_last_series_can_be_recycled_R18():
    game = position(["ore", "ore"], history=[("road", ["lumber", "brick"])],
                    roads=["A", "B"], knights=["A"])
    assert Recycle("knight") in game.legal_actions()


def test_a_series_whose_building_was_given_back_is_not_charged_again_R14():
    # Paying with the B road gives back the road of the first series; demolishing that
    # series' brick next is paid like any card, not with the road that is already gone.
    game = position(["brick", "ore", "ore"], deck=["ore"] * 3,
                    history=[("road", ["lumber", "brick"]), ("knight", ["grain"])],
                    roads=["A", "B"])
    game.push(Demolish("road"))
    assert game.roads == ["A"] and not game.history[-1].built
    assert {a for a in game.legal_actions() if isinstance(a, Demolish)} == {Demolish("settlement")}
    game.push(Demolish("settlement"))
    assert game.roads == ["A"] and game.settlements == 0


def test_the_university_substitution_comes_back_with_its_card_R09():
    game = position(["wool", "lumber", "ore"], deck=["grain", "ore"] * 3,
                    history=[("city", ["grain"])], cities=1, settlements=1,
                    expansions=["university"])
    game.push(Continue("wool", as_resource="grain"))  # the refill draws a grain: a match
    assert game.decision == "coincidence"
    game.push(LoseCard())
    assert not game.history[-1].university_used


def test_losing_the_only_a_road_costs_the_market_card_and_a_hand_card_R15_R22():
    # § Caballeros: a failed foot knight with an A last road loses "una carta del mercado y
    # otra de tu mano a elegir", then the hand is refilled.
    game = position(["brick", "ore", "ore", "wool", "grain"], market=["lumber"],
                    deck=["brick", "brick", "grain", "grain", "grain"],
                    history=[("road", ["lumber"])], roads=["A"], knights=["A"])
    game.push(Continue("brick"))
    game.push(UseKnight(0))            # draws another brick: the knight fails
    assert game.roads == [] and game.decision == "discard-market"
    game.push(DiscardMarket("lumber"))
    assert game.decision == "discard-hand"
    game.push(DiscardHand("ore"))
    assert game.market == [] and len(game.hand) == 5 and game.hand_limit == 5


def test_the_first_editions_loose_card_reading_can_be_compared():
    import dataclasses
    game = position(["brick", "brick", "grain"], deck=["ore"] * 3)
    first_edition = game.copy()  # the same position, played by the first edition's rules
    first_edition.rules = dataclasses.replace(game.rules, loose_anytime=True)
    first_edition._legal = None
    assert PlaceLoose("brick") in first_edition.legal_actions()
    assert PlaceLoose("brick") not in game.legal_actions()


def test_the_series_in_progress_is_never_recycled_R18():
    import pytest
    from generator.errors import IllegalAction
    game = position(["ore", "ore"], history=[("road", ["lumber"])], roads=["A", "B"],
                    knights=["A"])
    with pytest.raises(IllegalAction) as caught:
        game.push(Recycle("knight"))
    assert caught.value.code == "series-in-progress" and caught.value.ruling == "R18"
