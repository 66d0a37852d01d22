"""Splendor solo (seed 003): a bank of three gems per colour, two rows of cards that are
discarded whole when you buy from them, and five special 5-point gems to buy.

A turn is exactly one action: take gems, or buy one face-up card (§ El turno). What follows
belongs to the same turn but is no action, in Splendor's order: gems over the limit go back
to the bank, then one noble visits if your bonuses call for one (you choose when several
could: R03), and only then is the end checked (§ Fin de la partida, R05, R06). So the engine
keeps the turn open (`acted`) while it waits for the player, and the one action of the next
turn is legal only once the turn has closed.

As in the other engines, `legal_actions()` is the one source of legality and `push()`
refuses anything else with a coded IllegalAction citing the rulebook's section.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from generator.errors import IllegalAction

RETURN, NOBLE = "return", "noble"  # what an open turn waits for
#: The book's sections a refusal cites (their anchors): the rule the action broke is stated
#: there, under the turn's heading.
TAKING, BUYING, END_OF_TURN = "tomar-fichas", "comprar-una-carta", "final-del-turno"


@dataclass(frozen=True)
class Card:
    """A face-up card: the gem it gives as a bonus, its points and its cost. `special` marks
    the 5-point cards of the blue deck, whose purchase is the goal (§ Fin de la partida)."""
    id: str
    bonus: str
    points: int
    cost: tuple[tuple[str, int], ...]  # (colour, count), colours in the bank's order
    special: bool = False


@dataclass(frozen=True)
class Noble:
    """A noble tile: the bonuses (never gems) that call it, and its points."""
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
    special_gems: int = 5  # buying them all ends the game


# --- the turn's one action (§ El turno) -------------------------------------------------

@dataclass(frozen=True)
class Take:
    """Gems of different colours from the bank: three, or one of each colour left (R04)."""
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


# --- the end of a turn, which is no action ------------------------------------------------

@dataclass(frozen=True)
class Return:
    """One gem back to the bank, while more than the limit are held after the action."""
    colour: str

    def __str__(self) -> str:
        return f"return {self.colour}"


@dataclass(frozen=True)
class Visit:
    """The noble the player chooses when the bonuses call for several (R03)."""
    noble: str

    def __str__(self) -> str:
        return f"noble {self.noble}"


@dataclass
class SplendorGame:
    rules: SplendorRules
    deck: list[Card] = field(default_factory=list)       # the central deck, top first
    rows: dict[str, list[Card]] = field(default_factory=dict)
    special: list[Card] = field(default_factory=list)     # special gems still on the table
    nobles: list[Noble] = field(default_factory=list)
    bank: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    bought: list[Card] = field(default_factory=list)
    visitors: list[Noble] = field(default_factory=list)
    discarded: list[Card] = field(default_factory=list)
    turns: int = 0        # turns played to their end
    acted: bool = False   # this turn's one action is made; the turn waits for the player
    over: bool = False
    end_reason: str = ""  # "special", "deck" or "stuck" (R05)

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
        """What a card costs in gems once the bonuses of bought cards are discounted."""
        return {c: max(0, n - self.bonus(c)) for c, n in card.cost}

    def can_pay(self, card: Card) -> bool:
        return all(self.tokens[c] >= n for c, n in self.price(card).items())

    def within_reach(self, card: Card) -> bool:
        """Could this card ever be paid? No one holds more gems of a colour than the bank
        has of it, nor more than the limit in all, and only a purchase changes the bonuses;
        so a price beyond that stays beyond it (R05)."""
        price = self.price(card).values()
        return (max(price, default=0) <= self.rules.bank_per_colour
                and sum(price) <= self.rules.token_limit)

    def shortfall(self, card: Card) -> dict[str, int]:
        """The gems of each colour the price still lacks from those held."""
        return {c: n - self.tokens[c] for c, n in self.price(card).items() if n > self.tokens[c]}

    def missing_bonuses(self, card: Card) -> dict[str, int]:
        """The bonuses this card still lacks to come within reach, by colour: a price above
        the bank's gems of a colour can only fall by bonuses bought before it."""
        return {c: n - self.rules.bank_per_colour for c, n in self.price(card).items()
                if n > self.rules.bank_per_colour}

    def face_up(self) -> list[Card]:
        return self.rows["1"] + self.rows["2"] + self.special

    def find(self, card_id: str) -> Card | None:
        """Any card of the game by its id, wherever it is (for wording an action)."""
        piles = (self.face_up(), self.deck, self.bought, self.discarded)
        return next((c for pile in piles for c in pile if c.id == card_id), None)

    def qualifying(self) -> list[Noble]:
        """The nobles on the table whose needs the bonuses meet (gems never count)."""
        return [n for n in self.nobles if all(self.bonus(c) >= k for c, k in n.needs)]

    @property
    def decision(self) -> str | None:
        """What an open turn waits for: gems to return, then the choice of a noble (R03)."""
        if self.over or not self.acted:
            return None
        if self.token_count > self.rules.token_limit:
            return RETURN
        return NOBLE if len(self.qualifying()) > 1 else None

    # --- legality: the one source ------------------------------------------------------

    def legal_actions(self) -> list:
        if self.over:
            return []
        if self.decision == RETURN:
            return [Return(c) for c in self.rules.colours if self.tokens[c] > 0]
        if self.decision == NOBLE:
            return [Visit(n.id) for n in self.qualifying()]
        available = [c for c in self.rules.colours if self.bank[c] > 0]
        size = min(self.rules.take, len(available))  # fewer colours left: one of each (R04)
        actions: list = [Take(combo) for combo in combinations(available, size)] if size else []
        actions += [Buy(card.id) for card in self.face_up() if self.can_pay(card)]
        return actions

    def push(self, action) -> None:
        """Apply a legal action; close the turn as soon as nothing is left to decide."""
        if action not in self.legal_actions():
            raise self._explain(action)
        if isinstance(action, Visit):
            self._receive(next(n for n in self.nobles if n.id == action.noble))
            self._end_turn()
            return
        if isinstance(action, Take):
            for colour in action.colours:
                self.bank[colour] -= 1
                self.tokens[colour] += 1
            self.acted = True
        elif isinstance(action, Buy):
            self._buy(action.card)
            self.acted = True
        else:  # Return
            self.tokens[action.colour] -= 1
            self.bank[action.colour] += 1
        if self.decision is None:
            called = self.qualifying()   # at most one: several would wait for a choice
            if called:
                self._receive(called[0])
            self._end_turn()

    # --- effects -------------------------------------------------------------------------

    def _buy(self, card_id: str) -> None:
        pile = next(p for p in (self.rows["1"], self.rows["2"], self.special)
                    if any(c.id == card_id for c in p))
        card = next(c for c in pile if c.id == card_id)
        for colour, n in self.price(card).items():
            self.tokens[colour] -= n
            self.bank[colour] += n
        pile.remove(card)
        self.bought.append(card)
        if not card.special:  # the rest of its row leaves the game; a new row is dealt (R02)
            self.discarded += pile
            pile[:] = self.deck[:self.rules.row_length]
            del self.deck[:self.rules.row_length]

    def _receive(self, noble: Noble) -> None:
        self.nobles.remove(noble)
        self.visitors.append(noble)

    def _end_turn(self) -> None:
        """The turn is over; only now is the end checked, so a noble called by the last
        purchase still visits (R06)."""
        self.acted = False
        self.turns += 1
        if sum(c.special for c in self.bought) >= self.rules.special_gems:
            self.over, self.end_reason = True, "special"
        elif not self.deck and not self.rows["1"] and not self.rows["2"]:
            self.over, self.end_reason = True, "deck"
        elif not any(self.within_reach(c) for c in self.face_up()):
            self.over, self.end_reason = True, "stuck"

    # --- why an action is refused ------------------------------------------------------

    def _explain(self, action) -> IllegalAction:
        """Names the broken rule; legality itself was decided by `legal_actions`."""
        def refuse(code, needed, found, ruling=None, section="turno"):
            return IllegalAction(action, code, section, needed, found, ruling)

        if self.over:
            return refuse("game-over", "a game in progress", f"it ended ({self.end_reason})",
                          section="fin-de-la-partida")
        if self.decision == RETURN and not isinstance(action, Return):
            return refuse("over-limit", f"at most {self.rules.token_limit} gems kept",
                          f"{self.token_count}: return some first", section=END_OF_TURN)
        if self.decision == NOBLE and not isinstance(action, Visit):
            return refuse("noble-pending", "the choice of the noble who visits, first",
                          ", ".join(n.id for n in self.qualifying()), "R03",
                          section=END_OF_TURN)
        if isinstance(action, Visit):
            if self.decision != NOBLE:
                return refuse("no-noble-choice", "several nobles called at the end of a turn "
                              "(a visit is no action; a single noble comes by itself)",
                              "no choice pending", "R03", section=END_OF_TURN)
            return refuse("noble-not-qualified", "a noble whose needs your bonuses meet: "
                          + ", ".join(n.id for n in self.qualifying()), action.noble, "R03",
                          section=END_OF_TURN)
        if isinstance(action, Return):
            if self.decision != RETURN:
                return refuse("nothing-to-return", f"more than {self.rules.token_limit} gems "
                              "after the turn's action", f"{self.token_count}",
                              section=END_OF_TURN)
            return refuse("not-held", f"a {action.colour} gem of yours", "none",
                          section=END_OF_TURN)
        if isinstance(action, Reserve):
            return refuse("no-reserving", "no reserving: there is no gold in the solo game",
                          f"reserve {action.card}", section=TAKING)
        if isinstance(action, Take):
            colours = action.colours
            if len(set(colours)) != len(colours):
                return refuse("same-colour", "gems of different colours (never two alike)",
                              " ".join(colours), section=TAKING)
            empty = [c for c in colours if self.bank.get(c, 0) == 0]
            if empty:
                return refuse("bank-empty", "gems the bank still has", f"no {empty[0]} left",
                              section=TAKING)
            left = sum(1 for c in self.rules.colours if self.bank[c] > 0)
            return refuse("take-three", f"{min(self.rules.take, left)} gems of different "
                          "colours", f"{len(colours)}", "R04" if left < self.rules.take else None,
                          section=TAKING)
        if isinstance(action, Buy):
            card = next((c for c in self.face_up() if c.id == action.card), None)
            if card is None:
                return refuse("not-on-table", "a card face up in a row or a special gem",
                              action.card, section=BUYING)
            return refuse("cannot-afford", f"{self.price(card)} after bonuses",
                          f"short of {self.shortfall(card)}", section=BUYING)
        return refuse("not-legal-now", "one of the legal actions",
                      ", ".join(map(str, self.legal_actions())))
