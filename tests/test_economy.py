"""The token economy of two-player Catan, rule by rule."""

from __future__ import annotations

import pytest

from generator.content.loader import CONTENT_ROOT, load_book
from generator.engine.economy import EconomyGame
from generator.engine.economy.game import Act
from generator.errors import IllegalAction
from generator.examples.economy import economy_rules

TWO = economy_rules(load_book(CONTENT_ROOT / "catan-para-dos").components)
ONE_V_ONE = economy_rules(load_book(CONTENT_ROOT / "uno-contra-uno").components)


def game(rules, mine: int, theirs: int, tokens: int = 5) -> EconomyGame:
    g = EconomyGame(rules)
    g.players[0].points, g.players[1].points = mine, theirs
    g.players[0].cards = g.players[1].cards = 4
    g.supply += g.players[0].tokens - tokens
    g.players[0].tokens = tokens
    return g


@pytest.mark.parametrize("mine, theirs, cost", [(4, 5, 1), (5, 5, 1), (6, 5, 2)])
def test_cost_is_one_unless_ahead(mine, theirs, cost):
    assert game(TWO, mine, theirs).action_cost() == cost


def test_supply_and_start_come_from_the_data():
    g = EconomyGame(TWO)
    assert [p.tokens for p in g.players] == [5, 5] and g.supply == 10
    g = EconomyGame(ONE_V_ONE)
    assert [p.tokens for p in g.players] == [3, 3] and g.supply == 14


@pytest.mark.parametrize("spot, gain", [("inland", 0), ("coast", 1), ("desert", 2),
                                        ("desert-coast", 3)])
def test_settlement_gains(spot, gain):
    g = game(TWO, 3, 3)
    g.push(Act("settle", spot))
    assert g.players[0].tokens == 5 + gain and g.players[0].points == 4


def test_one_action_a_turn_and_the_turn_resets_it():
    g = game(TWO, 3, 3)
    g.push(Act("robber-to-desert"))
    with pytest.raises(IllegalAction) as refused:
        g.push(Act("forced-trade"))
    assert refused.value.code == "action-used"
    g.push(Act("end-turn"))
    g.push(Act("end-turn"))
    g.push(Act("forced-trade"))


def test_tokens_never_appear_from_nowhere():
    g = game(TWO, 3, 3, tokens=10)
    g.players[1].tokens = 10
    g.supply = 0
    g.players[0].knights = 1
    g.push(Act("discard-knight"))
    assert g.players[0].tokens == 10 and g.supply == 0
    total = sum(p.tokens for p in g.players) + g.supply
    assert total == TWO.tokens_total


def test_coins_wait_for_five_points_and_the_roll():
    g = game(ONE_V_ONE, 4, 4, tokens=3)
    g.push(Act("roll"))
    assert Act("exchange") not in g.legal_actions()
    g.players[1].points = 5
    assert Act("exchange") in g.legal_actions()
    fresh = game(ONE_V_ONE, 5, 5, tokens=3)
    with pytest.raises(IllegalAction) as refused:
        fresh.push(Act("exchange"))
    assert refused.value.code == "before-roll"


def test_official_rules_have_no_exchange_and_no_robber_coin():
    g = game(TWO, 3, 3)
    assert Act("exchange") not in g.legal_actions()
    assert Act("robber-on-rival") not in g.legal_actions()
