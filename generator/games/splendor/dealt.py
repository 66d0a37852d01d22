"""Whether the box and the deal give a worked example's start, and the central deck it has.

A reader counts what an example prints: «46 cartas en el mazo central», a row of yellow
cards, eleven cards of no points bought. Each must be what a game of Splendor solo can show,
so a start is held to the box (box.py) and to the way the central deck deals its rows:

- each card is one of Splendor's, the box has one of each, and a noble is one of its ten,
  five of them on the table or visiting at every moment;
- the purchases from the rows (every card bought but the special gems) tell how many rows
  have been dealt; the rows on the table are among them, the one dealt last always (only a
  purchase from it would take it away), and every other row dealt was bought from once, so
  the cards bought come from the decks those rows were dealt from;
- the central deck holds what is left, green on yellow. An example names its top cards
  (those it deals); the rest are the box's cards no one has seen yet, added here, so the
  deck an example prints has the size a game has.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations

from generator.games.splendor.box import (LEVELS, NOBLE_POINTS, NOBLES_ON_TABLE, Deal,
                                          box_cards, gems_expected, level, nobles)
from generator.games.splendor.game import Card, Noble


def _gems(cost) -> str:
    return ", ".join(f"{n} {colour}" for colour, n in cost) or "nothing"


def _levels(levels) -> str:
    """ "4 green cards", "2 yellow cards", "3 green and 1 yellow cards"."""
    counts = Counter(levels)
    return " and ".join(f"{counts[n]} {LEVELS[n]}" for n in sorted(counts)) + (
        " card" if len(levels) == 1 else " cards")


def _rows(rows) -> str:
    """ "10 green rows and 2 yellow rows", as a row's cards' levels count them."""
    counts = Counter(min(row) for row in rows)
    return " and ".join(f"{counts[n]} {LEVELS[n]}" for n in sorted(counts)) or "none"


def _after(purchases: int) -> str:
    return f"after {purchases} purchase{'' if purchases == 1 else 's'} from the rows"


def box_matches(doc, specs, cards: dict[str, Card], colours) -> dict[str, Card]:
    """The box card each of the example's own cards is (by its id), refused when the box has
    no such card or has it once and the example twice."""
    expected = gems_expected(colours)
    if expected:
        raise doc.error(("start",), "an example of Splendor deals Splendor's own cards",
                        expected)
    box = {(c.bonus, c.points, c.cost): c for c in box_cards(colours)}
    matched: dict[str, Card] = {}
    seen: dict[str, str] = {}
    for i, spec in enumerate(specs):
        card = cards[spec.id]
        found = box.get((card.bonus, card.points, card.cost))
        if found is None:
            alike = [c for c in box.values() if c.bonus == card.bonus and c.points == card.points]
            raise doc.error(("start", "cards", i), f"card '{card.id}' ({card.bonus} bonus, "
                            f"{card.points} points, costs {_gems(card.cost)}) is not one of "
                            "Splendor's cards",
                            "a card of the green or yellow deck"
                            + (f"; with a {card.bonus} bonus and {card.points} points: "
                               + "; ".join(_gems(c.cost) for c in alike) if alike else ""))
        if found.id in seen:
            raise doc.error(("start", "cards", i), f"cards '{seen[found.id]}' and '{card.id}' "
                            "are the same card of the box", "each card of the box once")
        seen[found.id] = card.id
        matched[card.id] = found
    return matched


def check_nobles(doc, table: list[Noble], visitors: list[Noble], colours) -> None:
    """Each noble one of the box's ten, none twice, five in all (the set-up's five: a visit
    only moves one from the table to you)."""
    box = {n.needs: n for n in nobles(colours)}
    seen: dict[tuple, str] = {}
    for key, group in (("nobles", table), ("visitors", visitors)):
        for i, noble in enumerate(group):
            if noble.needs not in box:
                raise doc.error(("start", key, i, "needs"), f"noble '{noble.id}' asks for "
                                f"{_gems(noble.needs)}: no noble of the box does",
                                "one of the box's ten: " + "; ".join(
                                    _gems(n.needs) for n in box.values()))
            if noble.points != NOBLE_POINTS:
                raise doc.error(("start", key, i, "points"), f"noble '{noble.id}' is worth "
                                f"{noble.points} points", f"{NOBLE_POINTS}, as every noble")
            if noble.needs in seen:
                raise doc.error(("start", key, i), f"nobles '{seen[noble.needs]}' and "
                                f"'{noble.id}' are the same noble", "each noble once")
            seen[noble.needs] = noble.id
    if len(seen) != NOBLES_ON_TABLE:
        raise doc.error(("start", "nobles"), f"{len(table)} nobles on the table and "
                        f"{len(visitors)} that have visited",
                        f"{NOBLES_ON_TABLE} in all: the set-up puts {NOBLES_ON_TABLE} on the "
                        "table and a visit moves one to you")


def _fits(bought: Counter, purchased: list[tuple[int, ...]]) -> bool:
    """Could each card bought come from its own row bought from? (Hall's condition: every
    set of decks has at least as many rows holding one of them as cards bought from them.)"""
    decks = sorted(bought)
    return sum(bought.values()) == len(purchased) and all(
        sum(bought[d] for d in group) <= sum(1 for row in purchased if set(row) & set(group))
        for size in range(1, len(decks) + 1) for group in combinations(decks, size))


def central_deck(doc, spec, game, matched: dict[str, Card], row_length: int,
                 shuffle_seed: str) -> list[Card]:
    """The central deck of the start: its named top cards, then the box's unseen cards
    shuffled (from `shuffle_seed`, the example's id: a shuffled deck never deals four cards
    in the box's order, and the same start deals the same cards at every check), as many
    of each deck as the purchases from the rows leave; refused when the rows on the table,
    the cards bought or the named cards are not what the deal gives."""
    deal = Deal.of(row_length)
    bought = [c for c in game.bought if not c.special]
    purchases = len(bought)
    if purchases > len(deal.rows):
        raise doc.error(("start", "bought"), f"{purchases} cards bought from the rows",
                        f"at most {len(deal.rows)}: the central deck deals {len(deal.rows)} "
                        "rows and a row is bought from once")
    dealt = deal.dealt(purchases)
    table = [(row, tuple(level(matched[c.id]) for c in cards))
             for row, cards in game.rows.items() if cards]
    if len(table) != dealt - purchases:
        raise doc.error(("start", "rows"), ("1 row holds" if len(table) == 1 else
                                            f"{len(table)} rows hold")
                        + f" cards {_after(purchases)}",
                        f"{dealt - purchases}: a row is dealt after each purchase from a row "
                        "while the central deck has cards")
    fitting = []
    for row, levels in table:
        fitting.append([i for i in range(dealt) if sorted(deal.rows[i]) == sorted(levels)])
        if not fitting[-1]:
            kinds = sorted({_levels(r) for r in deal.rows[:dealt]})
            raise doc.error(("start", "rows", row), f"row {row} holds {_levels(levels)}",
                            f"a row the central deck has dealt {_after(purchases)}: "
                            + " or ".join(kinds))
    newest = deal.last_dealt(purchases)
    places = [p for p in permutations(range(dealt), len(table))
              if all(i in f for i, f in zip(p, fitting)) and (newest is None or newest in p)]
    if not places:
        raise doc.error(("start", "rows"), "no row on the table is the row dealt last",
                        f"{_after(purchases)}, a row of {_levels(deal.rows[newest])}: "
                        "it stays until bought from")
    decks = Counter(level(matched[c.id]) for c in bought)
    if not any(_fits(decks, [deal.rows[i] for i in range(dealt) if i not in p])
               for p in places):
        purchased = [deal.rows[i] for i in range(dealt) if i not in places[0]]
        raise doc.error(("start", "bought"),
                        " and ".join(f"{decks[n]} {LEVELS[n]}" for n in sorted(decks))
                        + " cards bought from the rows",
                        f"one from each row bought from: {_rows(purchased)} of the "
                        f"{_rows(deal.rows[:dealt])} dealt, the rest being on the table")
    levels = deal.deck_after(purchases)
    named = game.deck
    if len(named) > len(levels):
        cards = f"{len(named)} card" + ("" if len(named) == 1 else "s")
        raise doc.error(("start", "deck"), f"{cards} named on top of the central deck",
                        f"at most {len(levels)}: {_after(purchases)} the central deck "
                        f"holds {len(levels)} cards")
    for i, card in enumerate(named):
        if level(matched[card.id]) != levels[i]:
            raise doc.error(("start", "deck", i), f"card '{card.id}' is "
                            f"{LEVELS[level(matched[card.id])]}, the deck's card {i + 1} "
                            f"from the top {LEVELS[levels[i]]}",
                            f"the green deck on the yellow one: {_levels(levels)} "
                            f"{_after(purchases)}")
    seen = {m.id for m in matched.values()}
    shuffled = random.Random(shuffle_seed)  # the same deck at every check of this start
    unseen = {n: shuffled.sample(cards, len(cards)) for n in LEVELS
              for cards in [[c for c in box_cards(game.rules.colours)
                             if level(c) == n and c.id not in seen]]}
    rest = [unseen[n].pop() for n in levels[len(named):]]
    clash = next((c.id for c in rest if c.id in matched), None)
    if clash is not None:
        index = next(i for i, s in enumerate(spec.cards) if s.id == clash)
        raise doc.error(("start", "cards", index, "id"), f"card id '{clash}' is the box's id "
                        "of a card in the central deck", "another id")
    return named + rest
