"""Random legal games from random seeds, with the rules' invariants checked after every action.

In the manner of OpenSpiel's random-simulation tests: the engine must hold its own laws in
positions no example author thought of.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from repo import shipped
from generator.games.solo_catan import Game, Ruleset
from generator.games.solo_catan.actions import (Continue, Demolish, LibrarySwap, PlaceLoose,
                                                StartSeries, TradeMarket, TradeThree, UseKnight)
from generator.games.solo_catan.notation import format_action, parse
from generator.errors import IllegalAction

COMPONENTS = shipped("solo-catan").components
RULES = Ruleset.from_components(COMPONENTS)
MAX_ACTIONS = 4000  # far above any game seen; a game that needs more is a bug


def expected_points(game: Game) -> int:
    """Points recomputed from the YAML, independently of the engine's own sum."""
    faces = {b.id: {f.letter: f.points for f in b.faces} for b in COMPONENTS.buildings if b.faces}
    points = sum(faces["road"][f] for f in game.roads) + sum(faces["knight"][f] for f in game.knights)
    points += game.settlements * COMPONENTS.building("settlement").points
    points += game.cities * COMPONENTS.building("city").points
    points += sum(e.points for e in COMPONENTS.expansions if e.id in game.expansions)
    return points


def limits(game: Game) -> tuple[int, int]:
    a_roads = game.roads.count("A")
    row = max((b for b in COMPONENTS.road_bonuses if b["a_roads"] <= a_roads),
              key=lambda b: b["a_roads"])
    return row["hand"], row["market"]


def outside_actions(game: Game, rng: random.Random) -> list:
    """Plausible actions that are not legal now, to check they are refused."""
    legal = set(game.legal_actions())
    resources = RULES.resources
    candidates = [StartSeries(rng.choice(resources), rng.choice(list(RULES.costs))),
                  Continue(rng.choice(resources)), PlaceLoose(rng.choice(resources)),
                  TradeMarket(rng.choice(resources), rng.choice(resources)),
                  TradeThree(rng.choice(resources), rng.choice(resources), "deck"),
                  LibrarySwap(rng.choice(resources), rng.choice(resources)),
                  Demolish(rng.choice(["road", "knight", "settlement", "city", "church"])),
                  UseKnight(rng.randrange(3))]
    return [a for a in candidates if a not in legal]


def check_invariants(game: Game) -> None:
    # Each of the 67 resource cards is in exactly one place.
    assert game.all_cards() == Counter(RULES.resource_counts)
    assert sum(game.all_cards().values()) == COMPONENTS.total_resource_cards == 67
    # Hand and market sizes follow the A-road count.
    hand_limit, market_limit = limits(game)
    assert (game.hand_limit, game.market_limit) == (hand_limit, market_limit)
    if not game.stack and game.deck and not game.is_over():
        assert len(game.hand) == hand_limit
        assert len(game.market) == market_limit
    assert len(game.market) <= market_limit or game.stack
    # Points are the sum over the built cards.
    assert game.points == expected_points(game)
    # Building counts stay within the 2-player set.
    assert len(game.roads) <= 5 and len(game.knights) <= 2
    assert game.settlements + game.cities <= 7
    assert len(set(game.expansions)) == len(game.expansions) <= 5
    # The roads alternate A, B, A… from the first.
    assert all(face == "AB"[i % 2] for i, face in enumerate(game.roads))


def play(seed: int, choice_seed: int, check_every: bool = True) -> Game:
    game = Game.new(RULES, seed)
    rng = random.Random(choice_seed)
    check_invariants(game)
    for _ in range(MAX_ACTIONS):
        actions = game.legal_actions()
        if game.is_over():
            assert actions == []
            return game
        assert actions, "a game that is not over must have a legal action"
        assert len(actions) == len(set(actions)), "legal actions hold no duplicates"
        for action in outside_actions(game, rng):
            with pytest.raises(IllegalAction) as refused:
                game.copy().push(action)
            assert refused.value.code and refused.value.section
        action = rng.choice(actions)
        assert str(action) == format_action(action)  # an action prints as its notation
        assert parse(str(action), RULES.resources, tuple(RULES.costs)) == action
        game.push(action)
        if check_every:
            check_invariants(game)
    raise AssertionError(f"game {seed}/{choice_seed} did not end within {MAX_ACTIONS} actions")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_rules_invariants(seed, choice_seed):
    game = play(seed, choice_seed)
    assert game.end_reason in ("goal", "exhausted", "stuck")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_applies(seed, choice_seed):
    """At positions along a random game, every legal action applies on a copy."""
    game = Game.new(RULES, seed)
    rng = random.Random(choice_seed)
    while not game.is_over():
        for action in game.legal_actions():
            trial = game.copy()
            trial.push(action)
            assert trial.all_cards() == Counter(RULES.resource_counts)
        game.push(rng.choice(game.legal_actions()))


def test_same_seed_same_game():
    first, second = play(7, 11, check_every=False), play(7, 11, check_every=False)
    assert (first.points, first.turn, len(first.history), first.events) == \
        (second.points, second.turn, len(second.history), second.events)
    assert first.deck == second.deck and first.hand == second.hand
    other = play(8, 11, check_every=False)
    assert (other.events, other.discard, other.deck) != (first.events, first.discard, first.deck), \
        "another seed, another game"


def test_copy_is_independent_and_plays_the_same():
    game = Game.new(RULES, 3)
    rng = random.Random(5)
    for _ in range(40):
        game.push(rng.choice(game.legal_actions()))
    twin = game.copy()
    moves = random.Random(9)
    for _ in range(60):
        if game.is_over():
            break
        action = moves.choice(game.legal_actions())
        game.push(action)
        twin.push(action)
        assert (game.hand, game.deck, game.points) == (twin.hand, twin.deck, twin.points)


def test_a_game_without_its_log_plays_the_same_game():
    """`log = None` (a simulated game keeps no record for a book's text) changes nothing
    else: the same actions are offered and the same cards drawn as in a game that keeps it,
    whose log tells each push's draws."""
    kept, unlogged = Game.new(RULES, 4), Game.new(RULES, 4)
    unlogged.log = None
    rng = random.Random(9)
    draws = 0
    while not kept.is_over():
        assert unlogged.legal_tuple() == kept.legal_tuple()
        action = rng.choice(kept.legal_actions())
        kept.push(action)
        unlogged.push(action)
        draws += sum(entry[0] == "draw" for entry in kept.log)
        assert unlogged.log is None
        assert (unlogged.hand, unlogged.deck, unlogged.events) == (kept.hand, kept.deck,
                                                                    kept.events)
    assert unlogged.phase == kept.phase and draws > 50
