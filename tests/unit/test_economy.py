"""The token economy of two-player Catan, rule by rule."""

from __future__ import annotations

import pytest

from repo import CONTENT_ROOT, shipped
from generator.games.economy import EconomyGame
from generator.games.economy.game import Act
from generator.errors import IllegalAction
from generator.games.economy.adapter import economy_rules


@pytest.fixture(scope="module")
def two_rules():
    return economy_rules(shipped("catan-para-dos").components)


@pytest.fixture(scope="module")
def one_v_one_rules():
    return economy_rules(shipped("uno-contra-uno").components)


def game(rules, mine: int, theirs: int, tokens: int = 5) -> EconomyGame:
    g = EconomyGame(rules)
    g.players[0].points, g.players[1].points = mine, theirs
    g.players[0].cards = g.players[1].cards = 4
    g.supply += g.players[0].tokens - tokens
    g.players[0].tokens = tokens
    return g


@pytest.mark.parametrize("mine, theirs, cost", [(4, 5, 1), (5, 5, 1), (6, 5, 2)])
def test_cost_is_one_unless_ahead(mine, theirs, cost, two_rules):
    assert game(two_rules, mine, theirs).action_cost() == cost


def test_supply_and_start_come_from_the_data(two_rules, one_v_one_rules):
    g = EconomyGame(two_rules)
    assert [p.tokens for p in g.players] == [5, 5] and g.supply == 10
    g = EconomyGame(one_v_one_rules)
    assert [p.tokens for p in g.players] == [3, 3] and g.supply == 14


@pytest.mark.parametrize("spot, gain", [("inland", 0), ("coast", 1), ("desert", 2),
                                        ("desert-coast", 3)])
def test_settlement_gains(spot, gain, two_rules):
    g = game(two_rules, 3, 3)
    g.push(Act("settle", spot))
    assert g.players[0].tokens == 5 + gain and g.players[0].points == 4


def test_one_action_a_turn_and_the_turn_resets_it(two_rules):
    g = game(two_rules, 3, 3)
    g.push(Act("robber-to-desert"))
    with pytest.raises(IllegalAction) as refused:
        g.push(Act("forced-trade"))
    assert refused.value.code == "action-used"
    g.push(Act("end-turn"))
    g.push(Act("end-turn"))
    g.push(Act("forced-trade"))


def test_tokens_never_appear_from_nowhere(two_rules):
    g = game(two_rules, 3, 3, tokens=10)
    g.players[1].tokens = 10
    g.supply = 0
    g.players[0].knights = 1
    g.push(Act("discard-knight"))
    assert g.players[0].tokens == 10 and g.supply == 0
    total = sum(p.tokens for p in g.players) + g.supply
    assert total == two_rules.tokens_total


def test_coins_wait_for_five_points_and_the_roll(one_v_one_rules):
    g = game(one_v_one_rules, 4, 4, tokens=3)
    g.push(Act("roll"))
    assert Act("exchange") not in g.legal_actions()
    g.players[1].points = 5
    assert Act("exchange") in g.legal_actions()
    fresh = game(one_v_one_rules, 5, 5, tokens=3)
    with pytest.raises(IllegalAction) as refused:
        fresh.push(Act("exchange"))
    assert refused.value.code == "before-roll"


def test_official_rules_have_no_exchange_and_no_robber_coin(two_rules):
    g = game(two_rules, 3, 3)
    assert Act("exchange") not in g.legal_actions()
    assert Act("robber-on-rival") not in g.legal_actions()


# --- rulings the engine applies, and what the books say it does --------------------------

def test_a_forced_trade_may_give_back_the_cards_it_took_R04_R06(two_rules, one_v_one_rules):
    """Two cards go back after taking: with none of your own you may still trade against a
    two-card hand, but not against a one-card hand (R04 in the book for two, R06 1-v-1)."""
    for rules, ruling in ((two_rules, "R04"), (one_v_one_rules, "R06")):
        g = game(rules, 5, 5)
        g.players[0].cards, g.players[1].cards = 0, 2
        g.rolled = True
        g.push(Act("forced-trade"))
        assert [p.cards for p in g.players] == [0, 2]
        g = game(rules, 5, 5)
        g.players[0].cards, g.players[1].cards = 0, 1
        g.rolled = True
        with pytest.raises(IllegalAction) as refused:
            g.push(Act("forced-trade"))
        assert (refused.value.code, refused.value.ruling) == ("not-enough-cards", ruling)


def test_coins_stay_usable_once_someone_reached_five_points_R05(one_v_one_rules):
    g = game(one_v_one_rules, 5, 4, tokens=3)
    g.push(Act("roll"))
    g.players[0].points = 4  # lost 1 point: nobody has 5 any more
    assert Act("exchange") in g.legal_actions()
    fresh = game(one_v_one_rules, 4, 4, tokens=3)
    fresh.push(Act("roll"))
    with pytest.raises(IllegalAction) as refused:
        fresh.push(Act("exchange"))
    assert refused.value.code == "not-unlocked"


def test_a_settlement_costs_its_cards(two_rules, one_v_one_rules):
    """The cost of the settlement in components.yaml (4 cards), so an example's hand adds up."""
    assert two_rules.settlement_cost == one_v_one_rules.settlement_cost == 4
    g = game(two_rules, 3, 3)
    g.players[0].cards = 3
    assert not [a for a in g.legal_actions() if a.verb == "settle"]
    g.players[0].cards = 5
    g.push(Act("settle", "coast"))
    assert (g.players[0].cards, g.players[0].points) == (1, 4)


def army_game(rules, mine: int, theirs: int) -> EconomyGame:
    g = game(rules, 6, 4)
    g.players[0].knights, g.players[1].knights = mine, theirs
    g.army = 0
    return g


@pytest.mark.parametrize("mine, theirs, holder", [
    (3, 2, None),  # 2 left, fewer than 3: set aside
    (4, 2, 0),     # 3 left, more than the rival: kept
    (4, 3, None),  # 3 against 3, not ahead: set aside, and nobody has more
    (5, 3, 0)])
def test_the_holder_sets_the_largest_army_aside_below_three_or_not_ahead(mine, theirs, holder,
                                                                         two_rules):
    g = army_game(two_rules, mine, theirs)
    g.push(Act("discard-knight"))
    assert g.army == holder
    assert g.players[0].points == (6 if holder == 0 else 4)


def test_a_set_aside_army_goes_at_once_to_the_most_knights_R06_but_1v1_by_playing(
        two_rules, one_v_one_rules):
    two = army_game(two_rules, 4, 4)
    two.push(Act("discard-knight"))  # 3 against 4: set aside, and the rival has most
    assert two.army == 1 and [p.points for p in two.players] == [4, 6]
    one = army_game(one_v_one_rules, 4, 4)
    one.push(Act("discard-knight"))
    assert one.army is None and [p.points for p in one.players] == [4, 4]
    one.push(Act("end-turn"))
    one.push(Act("play-knight"))
    assert one.army == 1 and one.players[1].points == 6


def test_refusals_cite_their_own_books_rulings_and_sections(one_v_one_rules):
    """One engine, two books: each refusal cites the ruling of the book it replays, from
    components.yaml (`economy.rulings`), never another book's number."""
    g = game(one_v_one_rules, 5, 5)
    g.robber_on_desert = True
    g.push(Act("roll"))
    with pytest.raises(IllegalAction) as refused:
        g.push(Act("robber-to-desert"))
    assert (refused.value.code, refused.value.ruling) == ("robber-already-there", "R07")
    g.push(Act("exchange"))
    with pytest.raises(IllegalAction) as refused:
        g.push(Act("forced-trade"))
    assert (refused.value.code, refused.value.ruling) == ("action-used", None)
    # economy_rules() alone; the adapter names the chapter
    assert one_v_one_rules.section == "fichas"
    from generator.examples.replay import adapter_for
    for slug, chapter in (("catan-para-dos", "fichas"), ("uno-contra-uno", "monedas")):
        assert adapter_for(shipped(slug)).rules.section == chapter


def test_an_economy_ruling_must_exist_in_the_book(tmp_path, capsys):
    import shutil
    from generator.cli import main
    book = tmp_path / "content" / "uno-contra-uno"
    shutil.copytree(CONTENT_ROOT / "uno-contra-uno", book)
    shutil.copytree(CONTENT_ROOT / "_facts", tmp_path / "content" / "_facts")
    path = book / "components.yaml"
    path.write_text(path.read_text().replace("robber-on-desert: R07", "robber-on-desert: R99"))
    assert main(["check", str(book)]) == 1
    err = capsys.readouterr().err
    assert "components.yaml:" in err and "ruling R99 is not in rulings.yaml" in err



@pytest.mark.parametrize("old, new, message", [
    # The old example 5: 5 visible points with the Largest Army, after four settlements.
    ("{points: 6, tokens: 1, knights: 3}", "{points: 5, tokens: 1, knights: 3}",
     "05-gran-ejercito.yaml:10 (start.players[0].points): player 1 has 5 visible points; "
     "expected at least 6: 4 from the set-up's settlements and 2 from the Largest Army"),
    ("{points: 4, tokens: 3, knights: 3}", "{points: 3, tokens: 3, knights: 3}",
     "player 2 has 3 visible points; expected at least 4: 4 from the set-up's settlements"),
    ("{points: 6, tokens: 1, knights: 3}", "{points: 6, tokens: 1, knights: 2}",
     "player 1 holds the Largest Army with 2 knights played; expected at least 3"),
])
def test_a_start_no_game_shows_is_refused(tmp_path, capsys, old, new, message):
    """Every player has the set-up's settlements: four each in the 1-v-1 rules."""
    import shutil
    from generator.cli import main
    book = tmp_path / "content" / "uno-contra-uno"
    shutil.copytree(CONTENT_ROOT / "uno-contra-uno", book)
    shutil.copytree(CONTENT_ROOT / "_facts", tmp_path / "content" / "_facts")
    path = book / "examples" / "05-gran-ejercito.yaml"
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new))
    assert main(["check", str(book)]) == 1
    assert message in " ".join(capsys.readouterr().err.split())


SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("slug", ["uno-contra-uno", "catan-para-dos"])
def test_the_coins_at_a_glance_carry_the_numbers_the_engine_plays(slug):
    """figures.yaml `kind: economy`: each way to earn tokens with its count, from when and
    how often an action is paid, and its two prices, all from the rules the examples are
    replayed with; set at 6 pt or more, within the A5 column, and one panel under the other
    on a phone."""
    import re
    from xml.etree import ElementTree

    from generator.content.model import FigureSpec
    from generator.diagrams.flow import FIGURE_SCREEN_WIDTH, MIN_TEXT, WIDTH, smallest_text
    from generator.diagrams.style import style_for
    from generator.games.economy.adapter import EconomyAdapter

    book = shipped(slug)
    adapter = EconomyAdapter(book)
    rules = adapter.rules
    figure = adapter.figure(FigureSpec(id="monedas", kind="economy", caption="Las monedas"),
                            {}, style_for(book.components, book.theme))

    def items(svg: str, panel: str) -> list[tuple[str | None, str]]:
        """(tokens, words) of each item of a panel."""
        root = ElementTree.fromstring(svg)
        group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == f"economy-{panel}")
        return [(item.get("data-tokens"), " ".join(t.text for t in item.iter(f"{SVG}text")))
                for item in group if item.get("class") == "economy-item"]

    earned = items(figure.svg, "earn")
    wanted = ([rules.robber_compensation] if rules.robber_compensation else []) + \
        ([rules.knight_discard] if rules.knight_discard else []) + \
        list(rules.settlement_gains.values())
    assert [int(n) for n, _ in earned] == wanted
    assert all(words.startswith(f"+{n} ") for n, words in earned)
    paid = items(figure.svg, "pay")
    assert [int(n) for n, _ in paid if n] == [rules.cost_not_ahead, rules.cost_ahead]
    assert "si no vas por delante" in paid[1][1] and "si vas por delante" in paid[2][1]
    if rules.unlock_points:
        assert f"llega a {rules.unlock_points} puntos visibles" in paid[0][1]
    assert ("después de tirar" in paid[0][1]) == rules.after_roll
    assert "comercio forzoso" in paid[-1][1] and \
        ("cambiar 2 cartas iguales por 1" in paid[-1][1]) == ("exchange" in rules.actions)
    for svg, most in ((figure.svg, WIDTH), (figure.screen_svg, FIGURE_SCREEN_WIDTH)):
        assert smallest_text(svg) >= MIN_TEXT - 1e-6  # 6 pt, in the drawing's mm
        width = float(re.search(r'width="([\d.]+)mm"', svg).group(1))
        assert width <= most + 0.01
    # on a phone the pay panel lies under the earn panel, not beside it
    root = ElementTree.fromstring(figure.screen_svg)
    tops = [float(next(g for g in root.iter(f"{SVG}g") if g.get("class") == f"economy-{panel}")
                  .find(f"{SVG}rect").get("y")) for panel in ("earn", "pay")]
    assert tops[1] > tops[0] + 10
