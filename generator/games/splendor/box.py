"""Splendor's own cards and nobles, as the box holds them, and the rows its central deck
deals.

They are Splendor's and the same in every edition, so they are data here rather than in the
book's components.yaml (which lists only the special gems its text needs). Two users read
them: the simulator deals its games from them (players.py), and a worked example's start is
checked against them (adapter.py): each card one the box holds, and the central deck as big
as a game at that point has it. Gems are written by letter: w(hite), u (blue), g(reen),
r(ed), k (black).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.splendor.game import Card, Noble

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


#: The decks of the central deck, by the level a card's id starts with.
LEVELS = {1: "green", 2: "yellow"}


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


def gems_expected(colours) -> str | None:
    """What a book must name its gems for Splendor's own cards to be dealt or checked
    (components.yaml `resources`), or None when it does."""
    if set(colours) == set(GEMS.values()):
        return None
    return f"the gems {', '.join(GEMS.values())} in components.yaml"


def box_cards(order: tuple[str, ...]) -> list[Card]:
    """The green deck, then the yellow one, in the order written above; a card's id is its
    level and its place in its deck ("1-07")."""
    return deck(GREEN_DECK, 1, order) + deck(YELLOW_DECK, 2, order)


def level(card: Card) -> int:
    """The deck a box card belongs to (1 green, 2 yellow), from its id."""
    return int(card.id.split("-")[0])


#: The rows dealt at the set-up (§ Preparación): a row more after each purchase from one.
SETUP_ROWS = 2


@dataclass(frozen=True)
class Deal:
    """The rows the central deck deals, in order, each as its cards' levels: the green deck
    lies on the yellow one and rows are dealt `row_length` cards at a time, the first two at
    the set-up and one more after each purchase from a row, the last with what is left
    (§ Preparación, R02). So the purchases from the rows alone tell how many rows have been
    dealt and what the central deck still holds; with Splendor's 40 green and 30 yellow
    cards and rows of 4: 62 cards after the set-up, 4 fewer a purchase, ten green rows and
    eight yellow ones, the last of 2 cards."""
    rows: tuple[tuple[int, ...], ...]

    def last_dealt(self, purchases: int) -> int | None:
        """The row dealt last after `purchases` (it stays on the table until bought from),
        or None once the central deck is empty."""
        dealt = SETUP_ROWS + purchases
        return dealt - 1 if dealt <= len(self.rows) else None

    @classmethod
    def of(cls, row_length: int) -> "Deal":
        levels = [level(card) for card in box_cards(tuple(GEMS.values()))]  # green first
        return cls(tuple(tuple(levels[i:i + row_length])
                         for i in range(0, len(levels), row_length)))

    def dealt(self, purchases: int) -> int:
        """How many rows have been dealt after `purchases` from the rows."""
        return min(SETUP_ROWS + purchases, len(self.rows))

    def deck_after(self, purchases: int) -> tuple[int, ...]:
        """The central deck's levels, top first, after `purchases` from the rows."""
        return tuple(n for row in self.rows[self.dealt(purchases):] for n in row)
