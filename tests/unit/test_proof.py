"""The clairvoyant solver's depth-first proof search: wins found, losses proved, never a
proof that contradicts a win, and the position key and bound it rests on. Small deals and
small budgets: each test runs in a second or two."""

from __future__ import annotations

import dataclasses
import random

import pytest

from generator.games.solo_catan import Game
from generator.games.solo_catan.notation import parse
from generator.games.solo_catan.adapter import rules_for
from generator.games.solo_catan.players import AcyclicGreedyPlayer
from generator.games.solo_catan.proof import PositionKeys, ReachBound, Verdict, _road_faces, prove
from generator.core.stats import Bracket
from generator.games.solo_catan.solver import solve, verify


@pytest.fixture(scope="module")
def rules(solo_book):
    return rules_for(solo_book)


def _small(rules, counts: tuple[int, ...], goal: int):
    """The book's rules with a deck of `counts` cards of each resource (lumber, brick,
    grain, wool, ore) and another goal: deals small enough to search to the end."""
    return dataclasses.replace(rules, resource_counts=dict(zip(rules.resources, counts)),
                               goal=goal)


def _deal(rules, hand, market, deck) -> Game:
    """A deal in a chosen order: the starting table (an A road, a settlement), the hand,
    the market and the MDR top first."""
    game = Game(rules, seed=1)
    game.hand, game.market, game.deck = list(hand), list(market), list(deck)
    game.roads, game.settlements = ["A"], 1
    return game


# Goal 3 from a settlement's 1 point: a road on its B face and a second settlement, whose
# wool is only in the market; the MDR holds nothing but ore, which matches nothing.
WINNABLE = (["lumber", "brick", "lumber", "brick", "grain"], ["wool"], ["ore"] * 6)
KNOWN_WIN = ["start lumber road", "continue brick", "start lumber settlement",
             "continue brick", "continue grain", "market ore wool", "continue wool"]


def test_the_solver_finds_a_known_win_in_a_constructed_deal(rules):
    rules = dataclasses.replace(rules, goal=3)
    game = _deal(rules, *WINNABLE)
    known = [parse(line, rules.resources, tuple(rules.costs)) for line in KNOWN_WIN]
    assert verify(game, known), "the win we know of"
    result = solve(game, nodes=2_000)
    assert result.verdict is Verdict.WON and verify(game, result.actions)
    proof = prove(game, nodes=2_000)  # the depth-first search alone finds one too
    assert proof.verdict is Verdict.WON and verify(game, list(proof.actions))
    assert not game.history and game.hand == WINNABLE[0], "the deal itself is untouched"


def test_a_deck_without_ore_for_a_city_is_proved_unwinnable_at_once(rules):
    # Two ore: no city (three ore), so no expansion either, not even the University whose
    # substitute would stand for the third ore. The best table is then 5 roads (A, B, A, B,
    # A: 2 points), 2 knights (at most 1 point each) and 7 settlements: 11 < 20.
    rules = dataclasses.replace(rules, resource_counts={**rules.resource_counts, "ore": 2})
    game = Game.new(rules, 7)
    assert ReachBound(game)(game) == 11
    result = solve(game, nodes=1_000)
    assert result.verdict is Verdict.UNWINNABLE and result.nodes == 0


def test_a_dead_deal_is_proved_unwinnable_by_searching_it_to_the_end(rules):
    # Seven cards (two lumber, two brick, one grain, wool and ore), goal 2: the bound allows
    # 11 points, so only the search, which runs out of positions, can say no.
    rules = _small(rules, (2, 2, 1, 1, 1), goal=2)
    game = Game.new(rules, 1)
    assert ReachBound(game)(game) >= rules.goal
    proof = prove(game, nodes=5_000)
    assert proof.verdict is Verdict.UNWINNABLE and 0 < proof.nodes < 5_000
    assert prove(game, nodes=5_000, prune=False).verdict is Verdict.UNWINNABLE
    assert solve(game, nodes=5_000).verdict is Verdict.UNWINNABLE


SMALL_DEALS = [((2, 2, 1, 1, 1), 2), ((2, 2, 1, 1, 1), 3), ((2, 2, 2, 1, 1), 2),
               ((3, 3, 1, 1, 1), 2)]


@pytest.mark.parametrize("counts,goal", SMALL_DEALS, ids=lambda v: str(v))
def test_no_proof_of_a_loss_contradicts_a_win_found_by_monte_carlo(rules, counts, goal):
    small = _small(rules, counts, goal)
    verdicts = []
    for seed in range(6):
        game = Game.new(small, seed)
        proof = prove(game, nodes=3_000)
        monte_carlo = solve(game, nodes=20_000)  # a budget far beyond what these deals need
        if proof.verdict is Verdict.WON:
            assert verify(game, list(proof.actions))
        if proof.verdict is Verdict.UNWINNABLE:
            assert monte_carlo.verdict is not Verdict.WON, f"seed {seed}"
            assert prove(game, nodes=3_000, prune=False).verdict is not Verdict.WON
            assert not any(_random_win(game, random.Random(walk)) for walk in range(200))
        verdicts.append((proof.verdict, monte_carlo.verdict))
    if counts == (2, 2, 1, 1, 1):  # the set that holds both kinds, so the check can fail
        assert {p for p, _ in verdicts} >= {Verdict.WON, Verdict.UNWINNABLE}


def _random_win(game: Game, rng: random.Random) -> bool:
    game = game.copy()
    for _ in range(300):
        if game.is_over():
            break
        game.push(rng.choice(game.legal_actions()))
    return game.phase.value == "won"


def test_the_bound_is_never_below_the_points_a_game_goes_on_to_reach(rules):
    # Two ore: the bound is 11 (test above) and the truth 10 (one knight on its horse at
    # most), so a bound that forgot a building would be overtaken by the greedy player,
    # which gets within two points of it.
    few_ore = dataclasses.replace(rules, resource_counts={**rules.resource_counts, "ore": 2},
                                  goal=40)
    best = 0
    for seed in range(10):
        game, rng, player = Game.new(few_ore, seed), random.Random(seed), AcyclicGreedyPlayer()
        bound = ReachBound(game)
        lowest = bound(game)
        for _ in range(3_000):
            if game.is_over():
                break
            game.push(player.choose(game, game.legal_actions(), rng))
            assert game.points <= lowest, f"seed {seed}"
            lowest = min(lowest, bound(game))
            assert game.roads == _road_faces(few_ore)[:len(game.roads)], "faces by position"
            best = max(best, game.points)
    assert best >= 9


def test_equal_position_keys_mean_the_same_future(rules):
    """Positions reached by different lines with the same key play on identically: the key
    holds everything that decides the future (deck order and generator included)."""
    small = _small(rules, (3, 3, 3, 3, 3), goal=30)
    root = Game.new(small, 5)
    keys = PositionKeys(small)
    met: dict[str, Game] = {}
    pairs = 0
    for walk in range(60):
        game, rng = root.copy(), random.Random(walk)
        for _ in range(60):
            if game.is_over():
                break
            game.push(rng.choice(game.legal_actions()))
            key = keys(game)
            other = met.setdefault(key, game.copy())
            if other.turn != game.turn or other.events != game.events:  # another line
                pairs += 1
                _same_future(game.copy(), other.copy(), keys, random.Random(pairs))
    assert pairs >= 10, "transpositions met"
    shuffled = root.copy()
    shuffled.deck.reverse()
    reseeded = root.copy()
    reseeded.rng = random.Random(99)
    assert len({keys(root), keys(shuffled), keys(reseeded)}) == 3


def _same_future(one: Game, two: Game, keys: PositionKeys, rng: random.Random) -> None:
    for _ in range(200):
        assert keys(one) == keys(two) and one.points == two.points
        assert one.legal_actions() == two.legal_actions()
        if one.is_over():
            break
        action = rng.choice(one.legal_actions())
        one.push(action)
        two.push(action)
    assert one.phase is two.phase


def test_the_bracket_shows_the_undecided_deals():
    bracket = Bracket(deals=20, won=12, unwinnable=2, undecided=6)
    least, most, low, high = bracket.bracket
    assert (least, most) == (0.6, 0.9) and low < least and high > most
    rate, low, high = bracket.among_decided
    assert rate == pytest.approx(12 / 14) and low < rate < high


def test_simulate_reports_the_three_verdicts_and_the_bracket(capsys, monkeypatch):
    # Goal 3 is won at once, 20 is out of reach of 300 nodes, 40 above the 34 points the
    # book's buildings can ever show: one verdict per column.
    from generator.cli import main
    monkeypatch.setenv("COLUMNS", "200")  # one line per row
    assert main(["simulate", "solo-catan", "--player", "clairvoyant", "--games", "3",
                 "--budget", "300", "--seed", "2", "--compare", "goal=3,20,40"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("clairvoyant, 300 nodos de búsqueda por reparto"):]
    rows = {line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:-1]]
            for line in table.splitlines() if line.startswith("│ ")}
    assert rows["repartos"] == ["3", "3", "3"]
    # Spanish numbers: a decimal comma and a no-break space before the per cent sign.
    es = {row: [cell.replace("\u00a0", " ") for cell in cells] for row, cells in rows.items()}
    assert es["ganados (línea comprobada)"] == ["3 (100,0 %)", "0 (0,0 %)", "0 (0,0 %)"]
    assert es["imposibles (demostrado)"] == ["0 (0,0 %)", "0 (0,0 %)", "3 (100,0 %)"]
    assert es["sin decidir (nodos agotados)"] == ["0 (0,0 %)", "3 (100,0 %)", "0 (0,0 %)"]
    assert es["ganables, horquilla"] == ["100,0–100,0 %", "0,0–100,0 %", "0,0–0,0 %"]
    assert es["… ampliada al 95\u00a0%"] == ["43,9–100,0 %", "0,0–100,0 %", "0,0–56,1 %"]
    among_decided = rows["ganables entre decididos (intervalo del 95 %)"]
    assert among_decided[1] == "—", "nothing decided: no share claimed"


def test_a_budget_below_one_node_is_refused_with_a_message(capsys):
    from generator.cli import main
    assert main(["simulate", "solo-catan", "--player", "clairvoyant", "--budget", "0"]) == 2
    assert "--budget 0: 0 is below 1; expected a whole number of at least 1" \
        in capsys.readouterr().err
