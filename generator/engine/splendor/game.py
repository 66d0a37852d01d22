"""Splendor solo: a bank of three gems per colour, two rows of cards that are discarded
whole when you buy from them, five special 5-point gems that are the goal.

As in the other engines, `legal_actions()` is the one source of legality and `push()`
refuses anything else with a coded IllegalAction citing the rules sheet's section.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from ...errors import IllegalAction


@dataclass(frozen=True)
class Card:
    id: str
    bonus: str
    points: int
    cost: tuple[tuple[str, int], ...]  # (colour, count), colours in the bank's order

    def cost_of(self, colour: str) -> int:
        return dict(self.cost).get(colour, 0)


@dataclass(frozen=True)
class Noble:
    id: str
    points: int
    needs: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SplendorRules:
    colours: tuple[str, ...]
    bank_per_colour: int = 3
    take: int = 3
    token_limit: int = 10
    row_length: int = 4


@dataclass(frozen=True)
class Take:
    colours: tuple[str, ...]

    def __str__(self) -> str:
        return "take " + " ".join(self.colours)


@dataclass(frozen=True)
class Buy:
    card: str   # the id of a face-up card, in a row or among the special gems

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True)
class Reserve:
    """Reserving a card: part of Splendor, never legal in the solo variant (no gold)."""
    card: str

    def __str__(self) -> str:
        return f"reserve {self.card}"


@dataclass(frozen=True)
class Return:
    colour: str

    def __str__(self) -> str:
        return f"return {self.colour}"


@dataclass
class SplendorGame:
    rules: SplendorRules
    deck: list[Card] = field(default_factory=list)       # the central deck, top first
    rows: dict[str, list[Card]] = field(default_factory=dict)
    special: list[Card] = field(default_factory=list)
    nobles: list[Noble] = field(default_factory=list)
    bank: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    bought: list[Card] = field(default_factory=list)
    visitors: list[Noble] = field(default_factory=list)
    discarded: list[Card] = field(default_factory=list)
    over: bool = False
    end_reason: str = ""

    @classmethod
    def empty(cls, rules: SplendorRules) -> "SplendorGame":
        return cls(rules, rows={"1": [], "2": []},
                   bank={c: rules.bank_per_colour for c in rules.colours},
                   tokens={c: 0 for c in rules.colours})

    # --- what the player has -------------------------------------------------------------

    def bonus(self, colour: str) -> int:
        return sum(1 for card in self.bought if card.bonus == colour)

    @property
    def points(self) -> int:
        return sum(c.points for c in self.bought) + sum(n.points for n in self.visitors)

    @property
    def token_count(self) -> int:
        return sum(self.tokens.values())

    def price(self, card: Card) -> dict[str, int]:
        """What a card costs in tokens once the bonuses of bought cards are discounted."""
        return {c: max(0, n - self.bonus(c)) for c, n in card.cost}

    def can_pay(self, card: Card) -> bool:
        return all(self.tokens[c] >= n for c, n in self.price(card).items())

    # --- legality ---------------------------------------------------------------------

    def legal_actions(self) -> list:
        if self.over:
            return []
        if self.token_count > self.rules.token_limit:  # back down to the limit first
            return [Return(c) for c in self.rules.colours if self.tokens[c] > 0]
        available = [c for c in self.rules.colours if self.bank[c] > 0]
        size = min(self.rules.take, len(available))
        actions: list = [Take(combo) for combo in combinations(available, size)] if size else []
        for row in ("1", "2"):
            actions += [Buy(card.id) for card in self.rows[row] if self.can_pay(card)]
        actions += [Buy(card.id) for card in self.special if self.can_pay(card)]
        return actions

    def push(self, action) -> None:
        if action not in self.legal_actions():
            raise self._explain(action)
        if isinstance(action, Take):
            for colour in action.colours:
                self.bank[colour] -= 1
                self.tokens[colour] += 1
        elif isinstance(action, Return):
            self.tokens[action.colour] -= 1
            self.bank[action.colour] += 1
        else:
            self._buy(action)
        if self.token_count <= self.rules.token_limit:
            self._end_of_turn()

    def where(self, card_id: str) -> tuple[str, list[Card]] | None:
        """The row ("1", "2" or "special") holding a face-up card, and that row."""
        for row, pile in (("1", self.rows["1"]), ("2", self.rows["2"]),
                          ("special", self.special)):
            if any(c.id == card_id for c in pile):
                return row, pile
        return None

    def _buy(self, action: Buy) -> None:
        row, pile = self.where(action.card)
        card = next(c for c in pile if c.id == action.card)
        for colour, n in self.price(card).items():
            self.tokens[colour] -= n
            self.bank[colour] += n
        pile.remove(card)
        self.bought.append(card)
        if row != "special":  # the rest of that row is discarded, and a new one dealt (R02)
            self.discarded += pile
            pile.clear()
            pile += self.deck[:self.rules.row_length]
            del self.deck[:self.rules.row_length]

    def _end_of_turn(self) -> None:
        for noble in list(self.nobles):  # one noble a visit, the first that qualifies (R03)
            if all(self.bonus(c) >= n for c, n in noble.needs):
                self.nobles.remove(noble)
                self.visitors.append(noble)
                break
        if not self.special:
            self.over, self.end_reason = True, "special"
        elif not self.deck and not self.rows["1"] and not self.rows["2"]:
            self.over, self.end_reason = True, "deck"

    def _explain(self, action) -> IllegalAction:
        def refuse(code, needed, found, ruling=None):
            return IllegalAction(action, code, "turno", needed, found, ruling)

        if self.over:
            return refuse("game-over", "a game in progress", "the game has ended")
        if self.token_count > self.rules.token_limit and not isinstance(action, Return):
            return refuse("over-limit", f"at most {self.rules.token_limit} gems kept",
                          f"{self.token_count}: return some first")
        if isinstance(action, Reserve):
            return refuse("no-reserving", "no reserving: there is no gold in the solo game",
                          f"reserve {action.card}")
        if isinstance(action, Take):
            colours = action.colours
            if len(set(colours)) != len(colours):
                return refuse("same-colour", "gems of different colours (never two alike)",
                              " ".join(colours))
            empty = [c for c in colours if self.bank.get(c, 0) == 0]
            if empty:
                return refuse("bank-empty", "gems the bank still has", f"no {empty[0]} left")
            return refuse("take-three", f"{self.rules.take} gems of different colours",
                          f"{len(colours)}")
        if isinstance(action, Buy):
            found = self.where(action.card)
            if found is None:
                return refuse("not-on-table", "a card face up in a row", action.card)
            card = next(c for c in found[1] if c.id == action.card)
            short = {c: n - self.tokens[c] for c, n in self.price(card).items()
                     if n > self.tokens[c]}
            return refuse("cannot-afford", f"{self.price(card)} after bonuses",
                          f"short of {short}")
        return refuse("not-legal-now", "one of the legal actions",
                      ", ".join(map(str, self.legal_actions())))
