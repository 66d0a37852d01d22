"""Whole games of Splendor solo for `rulebook simulate`: Splendor's own cards and nobles,
dealt as the rulebook's «Preparación» says.

The book's components.yaml lists only the special gems (the cards its text and examples
need); a game also needs the green (level 1, 40 cards) and yellow (level 2, 30 cards) decks
and the ten nobles of the box, which are Splendor's and the same for every edition, so they
are data here. Gems are written by letter: w(hite), u (blue), g(reen), r(ed), k (black).
"""

from __future__ import annotations

import random

from generator.games.splendor import Buy, Card, Noble, Return, SplendorGame, Take, Visit
from generator.core.i18n import N_
from generator.errors import GeneratorError
from generator.examples.protocol import Outcome

GEMS = {"w": "white", "u": "blue", "g": "green", "r": "red", "k": "black"}

# A card: its bonus, its points, then its cost as counts per gem ("u1 g1 r1 k1").
GREEN_DECK = """
w 0 u1 g1 r1 k1 | w 0 u1 g2 r1 k1 | w 0 w3 u1 k1 | w 0 u2 g2 k1 | w 0 u2 k2 | w 0 r2 k1
w 1 g4 | w 0 u3
u 0 w1 g1 r1 k1 | u 0 w1 g1 r2 k1 | u 0 u1 g3 r1 | u 0 w1 g2 r2 | u 0 g2 k2 | u 0 w1 k2
u 1 r4 | u 0 k3
k 0 w1 u2 g1 r1 | k 0 w1 u1 g1 r1 | k 0 g1 r3 k1 | k 0 w2 u2 r1 | k 0 w2 g2 | k 0 g2 r1
k 0 g3 | k 1 u4
r 0 w2 u1 g1 k1 | r 0 w1 u1 g1 k1 | r 0 w1 r1 k3 | r 0 w2 r2 | r 0 u2 g1 | r 1 w4
r 0 w3 | r 0 w2 g1 k2
g 1 k4 | g 0 w1 u1 r1 k1 | g 0 w1 u1 r1 k2 | g 0 w1 u3 g1 | g 0 u1 r2 k2 | g 0 u2 r2
g 0 w2 u1 | g 0 r3
"""
YELLOW_DECK = """
w 1 g3 r2 k2 | w 1 w2 u3 r3 | w 2 g1 r4 k2 | w 2 r5 k3 | w 2 r5 | w 3 w6
u 1 u2 g2 r3 | u 1 u2 g3 k3 | u 2 w5 u3 | u 2 w2 r1 k4 | u 3 u6 | u 2 u5
k 1 w3 g3 k2 | k 2 u1 g4 r2 | k 1 w3 u2 g2 | k 2 g5 r3 | k 2 w5 | k 3 k6
r 1 w2 r2 k3 | r 1 u3 r2 k3 | r 2 w1 u4 g2 | r 2 w3 k5 | r 2 k5 | r 3 r6
g 2 g5 | g 2 u5 g3 | g 3 g6 | g 1 w2 u3 k2 | g 1 w3 g2 r2 | g 2 w4 u2 k1
"""
# A noble (3 points): the bonuses it needs.
NOBLES = ("w3 u3 g3 | w3 u3 k3 | w3 r3 k3 | u3 g3 r3 | g3 r3 k3 | "
          "w4 u4 | u4 g4 | g4 r4 | r4 k4 | w4 k4")
NOBLES_ON_TABLE = 5  # «pon 5 en la mesa»
NOBLE_POINTS = 3


def _counts(words: list[str], order: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    counts = {GEMS[w[0]]: int(w[1:]) for w in words}
    return tuple((c, counts[c]) for c in order if counts.get(c))


def deck(text: str, level: int, order: tuple[str, ...]) -> list[Card]:
    cards = []
    for n, entry in enumerate(e.split() for line in text.strip().splitlines()
                              for e in line.split("|")):
        bonus, points, *cost = entry
        cards.append(Card(f"{level}-{n + 1:02}", GEMS[bonus], int(points),
                          _counts(cost, order)))
    return cards


def nobles(order: tuple[str, ...]) -> list[Noble]:
    return [Noble(f"n{n + 1}", NOBLE_POINTS, _counts(entry.split(), order))
            for n, entry in enumerate(NOBLES.split("|"))]


def deal(adapter, seed: int) -> SplendorGame:
    """A game set up from `seed`: the green deck shuffled on top of the yellow one (the
    central deck), two rows dealt from it, the special gems of components.yaml in their own
    row, five nobles drawn from the ten."""
    rules = adapter.rules
    if set(rules.colours) != set(GEMS.values()):
        raise GeneratorError(f"{adapter.book.slug}: the Splendor simulation deals Splendor's "
                             f"own cards; expected the gems {', '.join(GEMS.values())} in "
                             f"components.yaml, found {', '.join(rules.colours)}")
    rng = random.Random(seed)
    green, yellow = deck(GREEN_DECK, 1, rules.colours), deck(YELLOW_DECK, 2, rules.colours)
    rng.shuffle(green)
    rng.shuffle(yellow)
    game = SplendorGame.empty(rules)
    game.deck = green + yellow
    for row in ("1", "2"):
        game.rows[row] = game.deck[:rules.row_length]
        del game.deck[:rules.row_length]
    game.special = [adapter._card(c, special=True) for c in adapter.book.components.special_cards]
    game.nobles = rng.sample(nobles(rules.colours), NOBLES_ON_TABLE)
    return game


def outcome(game: SplendorGame) -> Outcome:
    """Won: all the special gems bought (§ Fin de la partida); the points give the title."""
    return Outcome(won=game.end_reason == "special", points=game.points, turns=game.turns,
                   end_reason=game.end_reason,
                   events={"nobles": len(game.visitors),
                           "gemas especiales": sum(c.special for c in game.bought),
                           "cartas compradas": len(game.bought)})


class SplendorGreedy:
    """Plays toward the special gems, one move ahead: it picks the face-up card worth most
    for the gems it still lacks (a special gem; a card whose bonus the cheapest special gem
    needs; points), buys it when it can, else takes the gems it lacks, and gives back the
    gems it needs least. No search, no memory."""

    name = "greedy"
    #: Why the last choice, in one line (Player.reason: `rulebook play`'s hint), or None.
    reason: tuple[str, dict] | None = None

    def choose(self, game: SplendorGame, actions: list, rng: random.Random):
        self.reason = None
        if isinstance(actions[0], Visit):
            return actions[0]
        plan = self._plan(game)
        price = game.price(plan) if plan else {}
        if isinstance(actions[0], Return):
            self.reason = (N_("it gives back the gem the card it is aiming at needs least"), {})
            return max(actions, key=lambda a: (game.tokens[a.colour] - price.get(a.colour, 0),
                                               rng.random()))
        if plan is not None and Buy(plan.id) in actions:
            self.reason = (N_("it buys the card it was aiming at: of the cards face up, the "
                              "one worth most for the special gems you still lack"), {})
            return Buy(plan.id)
        short = game.shortfall(plan) if plan else {}
        takes = [a for a in actions if isinstance(a, Take)]
        if takes and short:
            self.reason = (N_("it takes the gems the card it is aiming at still lacks"), {})
            return max(takes, key=lambda a: (sum(c in short for c in a.colours), rng.random()))
        buys = [a for a in actions if isinstance(a, Buy)]
        return rng.choice(buys or actions)

    def _plan(self, game: SplendorGame):
        """The face-up card worth most per gem still missing, among those it can ever pay."""
        cards = [c for c in game.face_up() if game.within_reach(c)]
        if not cards:
            return None
        goal = min(game.special, key=lambda c: sum(game.price(c).values()), default=None)
        wanted = dict(game.price(goal)) if goal else {}

        def worth(card) -> float:
            missing = sum(max(0, n - game.tokens[c]) for c, n in game.price(card).items())
            helps = wanted.get(card.bonus, 0) > 0  # its bonus lowers the special gem's price
            value = 10.0 if card.special else card.points + 2.0 * helps + 0.5
            return value / (1 + missing)
        return max(cards, key=worth)
