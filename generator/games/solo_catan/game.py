"""The state of a solo game and the rules that move it.

Read it like the rulebook: a turn places one card on the Serie Histórica (SH), then the hand
is refilled card by card and each drawn card is compared with the last SH card; a match
(coincidencia) waits for the player's decision; what follows a decision is kept on a small
stack of pending steps, so that a knight's failure, a lost A road and the refill after it
happen in the order the rules give. Each rule cites its section (§) and ruling (R..).

Speed, without a second copy of the rules. A simulation asks the same questions millions of
times, so answers are remembered, never worked out by other code:

- what a position allows is worked out once, when its `push` ends, and kept until the next
  `push` (`_legal`); what the buildings on the table allow is kept until they change
  (`_table`);
- the rule methods that list a turn's actions (`_placements`, `_demolitions`, the trades) read
  only a few facts of the position: the kinds of card in hand, the last SH series, the
  market cards on offer, what the buildings allow, ... Their answers are remembered per
  facts, in the ruleset (`Ruleset.memo`): the same few hands, series and markets recur in
  every game, so a position is mostly looked up (`Hand`, `_turn_facts`,
  `_demolition_offers`, `_trade_offers`); each key holds only what its rule methods read,
  so that few positions are new (a demolition's payments are asked apart, in the few
  positions that allow one);
- an action is applied by the one method that states its effect (`EFFECTS`), a pending step
  by the one that states the step (`STEPS`);
- a simulated player reads the position's own tuple of actions (`legal_tuple`), not a list
  copied from it; its action came from there, so `push_legal` applies it without looking it
  up again; `push`, for every action from outside, checks it first;
- the end test's `can_progress`, asked once the MDR is empty, is remembered per facts too;
- a copy shares its generator's state until one of them draws from it;
- a game played for its statistics keeps no record of its draws for a book (`log` None).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from itertools import repeat
from operator import is_
from typing import Callable, Sequence

from generator.errors import IllegalAction
from generator.games.solo_catan.actions import (Action, Continue, Demolish, DiscardHand,
                                                DiscardMarket, EndRecycling, KnightPays,
                                                LibrarySwap, LoseCard, PayTownHall, PlaceLoose,
                                                Recycle, SacrificeHand, StartSeries, TradeMarket,
                                                TradeThree, UseKnight)
from generator.games.solo_catan.ruleset import CITY, KNIGHT, ROAD, SETTLEMENT, Ruleset

LIBRARY, UNIVERSITY, CITY_WALL = "library", "university", "city_wall"
FOOT, HORSE = "A", "B"


class Phase(Enum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


# The phases under plain names, for the engine's own phase checks: Python 3.11 reads a member
# through its Enum class by a descriptor, ten times slower than a global, and a play-out asks
# the phase three times an action.
PLAYING, WON, LOST = Phase.PLAYING, Phase.WON, Phase.LOST


@dataclass(frozen=True, slots=True)
class ShCard:
    """A card on the SH: the resource printed on it and the one it counts as (R09). A value,
    shared by the copies of a game."""
    resource: str
    counts_as: str


@dataclass(eq=False, slots=True)
class Series:
    """A building series (SC) of the SH, or a loose card (target None, R07)."""
    target: str | None
    cards: list[ShCard] = field(default_factory=list)
    complete: bool = False
    built: bool = False  # its building is on the table because of it
    university_used: bool = False
    # Its building was on the table and has left it (R05, R14, R15): said «given back», not
    # «not obtained», under the SH. History only: no rule reads it, no search keys on it.
    given_back: bool = False

    def copy(self) -> "Series":
        return Series(self.target, self.cards[:], self.complete, self.built,
                      self.university_used, self.given_back)


@dataclass(frozen=True, slots=True)
class Table:
    """What the buildings on the table give and allow; remembered per table (`Game._table`).
    A slotted class, not a NamedTuple: the interpreter reads a slot directly, a NamedTuple's
    field through a descriptor it does not specialize, and a play-out reads these ~5 times
    an action."""
    points: int
    declarable: frozenset  # the targets that could be declared now (`can_declare`)
    owned: tuple           # what may be given back as a payment (`owned_buildings`): the
                           # expansions built are its last items
    placing: str           # what a turn's placements read of the table, as one string for a
                           # memo key (a string keeps its hash): declarable and whether the
                           # University is built
    hand_limit: int        # the hand and market sizes the A roads give (§ Carreteras)
    market_limit: int


@dataclass(frozen=True, slots=True)
class Hand:
    """What a hand holds, as the rules ask it; remembered per hand (`Game._hand`). The
    answers that read the hand only through its kinds are remembered with them, in memos
    shared by the hands of the same kinds (`Ruleset.memo["kinds"]`), so that their keys
    hold the rest of the facts alone."""
    kinds: tuple    # its distinct resources, in the book's order
    triples: tuple  # the resources it holds three of (§ Comercio)
    turns: dict     # a turn's placements and `may_demolish`, per `_turn_facts`
    market: dict    # the market trades (`_market_trades`), per the market cards on offer


# Pending steps. Automatic ones run by themselves; the others wait for a decision.
REFILL_COMPARE, REFILL_PLAIN, TOP_UP, PROGRESS, FINISH, END_TURN = (
    "refill-compare", "refill-plain", "top-up", "progress", "finish", "end-turn")
COINCIDENCE, KNIGHT_PAYS, DISCARD_HAND, DISCARD_MARKET, RECYCLING = (
    "coincidence", "knight-pays", "discard-hand", "discard-market", "recycling")
DECISIONS = frozenset({COINCIDENCE, KNIGHT_PAYS, DISCARD_HAND, DISCARD_MARKET, RECYCLING})


class Game:
    """A solo game: its piles, its table, its pending steps and its own random generator."""

    # Fixed attributes (no per-game dict): a play-out reads them millions of times.
    __slots__ = ("rules", "_tab", "_rng", "_rng_state", "deck", "discard", "removed", "hand",
                 "market", "history", "roads", "knights", "settlements", "cities",
                 "expansions", "town_hall_due", "stack", "demolished", "library_used",
                 "market_given", "turn", "phase", "end_reason", "events", "log", "_legal",
                 "_progress")

    def __init__(self, rules: Ruleset, seed: int | None = 0):
        self.rules = rules
        self._tab: Table | None = None  # what the buildings allow, until they change
        self._rng: random.Random | None = random.Random(seed)
        self._rng_state: tuple | None = None  # the generator's state, when copies share it
        self.deck: list[str] = []       # MDR, index 0 is the top
        self.discard: list[str] = []    # MDD
        self.removed: list[str] = []    # out of the game (a sacrificed hand, R01)
        self.hand: list[str] = []
        self.market: list[str] = []
        self.history: list[Series] = []  # the SH, oldest series first
        self.roads: list[str] = []       # faces in building order
        self.knights: list[str] = []
        self.settlements = 0
        self.cities = 0
        self.expansions: list[str] = []
        self.town_hall_due = False
        self.stack: list[tuple[str, object]] = []
        self.demolished: list[str] = []     # building types returned this turn (§ Demolición)
        self.library_used = False
        self.market_given: list[str] = []   # cards given to the market this turn (R21)
        self.turn = 1
        self.phase = PLAYING
        self.end_reason = ""
        # How often each rule path fired: what a designer's simulation counts.
        self.events: Counter = Counter()
        # What the last push did, in order, for a book to tell it (games/solo_catan/text.py):
        # ("draw", card, how) with how "miss"/"match" (compared with the SH's last card),
        # "hand"/"market" (drawn without comparing) or "knight"; ("built", target);
        # ("new-deck",). Rebound by every push, never changed afterwards: a copy may share it.
        # None keeps no record: a game played for its statistics (games/solo_catan/runner.py), where
        # writing it cost ~2 % of a random play-out.
        self.log: list[tuple] | None = []
        self._forget()

    def _forget(self) -> None:
        """What this position allows, worked out once when asked: forgotten when it changes.
        Nothing asks in the middle of a `push`; the end of the game asks first (`_check_end`)."""
        self._legal: tuple[Action, ...] | None = None
        self._progress: bool | None = None

    # --- set-up (§ Componentes y preparación) ---------------------------------------------

    @classmethod
    def new(cls, rules: Ruleset, seed: int) -> "Game":
        game = cls(rules, seed)
        game.log = None  # the deal is no push: no record of its draws
        game.deck = rules.deck
        game.rng.shuffle(game.deck)
        game.hand = game._draw(rules.hand_size)
        game.roads = [FOOT]
        game.settlements = 1
        game.market = game._draw(rules.limits(1)[1])
        game.log = []
        return game

    def copy(self) -> "Game":
        """An independent game in the same position, with a generator in the same state: it
        will shuffle as this one would (a fair player reseeds it, see strong.py)."""
        other = Game.__new__(Game)
        other.rules = self.rules
        if self._rng is not None:  # read the state once; this game and its copies share it
            self._rng_state, self._rng = self._rng.getstate(), None
        other._rng, other._rng_state = None, self._rng_state
        other.deck, other.discard, other.removed = self.deck[:], self.discard[:], self.removed[:]
        other.hand, other.market = self.hand[:], self.market[:]
        other.history = [series.copy() for series in self.history]
        other.roads, other.knights = self.roads[:], self.knights[:]
        other.settlements, other.cities = self.settlements, self.cities
        other.expansions, other.town_hall_due = self.expansions[:], self.town_hall_due
        other.stack = self.stack[:]
        if any(isinstance(payload, Series) for _, payload in self.stack):
            mapping = {id(a): b for a, b in zip(self.history, other.history)}
            other.stack = [(k, _remap(p, mapping)) for k, p in self.stack]
        other.demolished, other.library_used = self.demolished[:], self.library_used
        other.market_given = self.market_given[:]
        other.turn, other.phase, other.end_reason = self.turn, self.phase, self.end_reason
        other.events = Counter(self.events)
        other.log = self.log
        # What this position allows is the copy's too (immutable values, or forgotten).
        other._legal, other._tab = self._legal, self._tab
        other._progress = self._progress
        return other

    @property
    def rng(self) -> random.Random:
        """The game's own generator. A copy does not copy it at once (reading its state costs
        more than the rest of a copy): it shares the state read, and makes a generator of its
        own from it when it first draws (a reshuffle)."""
        if self._rng is None:
            self._rng = random.Random.__new__(random.Random)  # not seeded: the state is set
            self._rng.setstate(self._rng_state)
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_state = generator, None

    def generator_state(self) -> tuple:
        """The generator's state, read without drawing from it or changing how it is held:
        it decides every future reshuffle, so a solver that knows the deal keys positions by
        it (games/solo_catan/proof.py). Copies that share a state return the same tuple object."""
        return self._rng.getstate() if self._rng is not None else self._rng_state

    # --- what is on the table -------------------------------------------------------------

    @property
    def a_roads(self) -> int:
        return self.roads.count(FOOT)

    @property
    def hand_limit(self) -> int:
        return (self._tab or self._table()).hand_limit

    @property
    def market_limit(self) -> int:
        return (self._tab or self._table()).market_limit

    @property
    def points(self) -> int:
        return (self._tab or self._table()).points

    def _count_points(self) -> int:
        """Each road and knight by its face, settlements, cities and expansions."""
        r = self.rules
        return (sum(r.face_points[ROAD][f] for f in self.roads)
                + sum(r.face_points[KNIGHT][f] for f in self.knights)
                + self.settlements * r.settlement_points + self.cities * r.city_points
                + sum(r.expansion_points[e] for e in self.expansions))

    def _table(self) -> Table:
        """Points, declarable targets, buildings to give back and the hand and market sizes:
        worked out by `_count_points`, `can_declare`, `owned_buildings` and
        `Ruleset.limits`, which read only the buildings on the table, and remembered per
        table. Every change of a building forgets it (`_buildings_changed`)."""
        if self._tab is None:
            key = (tuple(self.roads), tuple(self.knights), self.settlements, self.cities,
                   tuple(self.expansions))
            tables = self.rules.memo["table"]
            self._tab = tables.get(key)
            if self._tab is None:
                declarable = frozenset([t for t in self.rules.costs if self.can_declare(t)])
                owned = tuple(self.owned_buildings())
                self._tab = tables[key] = Table(
                    self._count_points(), declarable, owned,
                    f"{sorted(declarable)} {UNIVERSITY in self.expansions}",
                    *self.rules.limits(self.roads.count(FOOT)))
        return self._tab

    def _buildings_changed(self) -> None:
        self._tab = None

    def _hand(self, key: tuple[str, ...]) -> Hand:
        """The kinds and triples of the hand `key` (its cards sorted), worked out once per
        ruleset, with the memos of its kinds: the same few hundred hands recur in every game
        (`_enumerate_legal` looks them up first)."""
        kinds = self._kinds(key)
        turns, market = self.rules.memo["kinds"].setdefault(kinds, ({}, {}))
        hand = self.rules.memo["hand"][key] = Hand(
            kinds, tuple([give for give in kinds if key.count(give) >= 3]), turns, market)
        return hand

    @property
    def last_card(self) -> ShCard | None:
        return self.history[-1].cards[-1] if self.history else None

    @property
    def open_series(self) -> Series | None:
        """The last series, if it has a target and still lacks cards."""
        last = self.history[-1] if self.history else None
        return last if last is not None and last.target and not last.complete else None

    @property
    def held(self) -> list[str]:
        """Cards in the middle of a resolution (a drawn card awaiting a decision)."""
        return [payload for kind, payload in self.stack if kind == COINCIDENCE]

    def all_cards(self) -> Counter:
        cards = Counter(self.deck) + Counter(self.discard) + Counter(self.removed)
        cards += Counter(self.hand) + Counter(self.market) + Counter(self.held)
        for series in self.history:
            cards += Counter(c.resource for c in series.cards)
        return cards

    def is_over(self) -> bool:
        return self.phase is not PLAYING

    @property
    def decision(self) -> str | None:
        """The pending decision, if the game waits for one."""
        return self.stack[-1][0] if self.stack and self.stack[-1][0] in DECISIONS else None

    # --- legality: the one source ------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, in a stable order. Computed once per position."""
        return list(self._legal or self._legal_now())

    def legal_tuple(self) -> tuple[Action, ...]:
        """`legal_actions()` as the position keeps it, not copied into a new list: a tuple,
        which no caller can change. A simulated player reads it every action
        (games/solo_catan/runner.py), where the copy cost ~2 % of a random play-out."""
        return self._legal or self._legal_now()

    def _legal_now(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = self._enumerate_legal()
        return self._legal

    def _enumerate_legal(self) -> tuple[Action, ...]:
        """A turn's actions are `_placements`, the trades (`_trade_offers`) and `_demolitions`,
        in that order, then the Town Hall's payment and recycling. The placements are
        remembered with `may_demolish` per the facts both read (the kinds in hand and
        `_turn_facts`); the demolitions, where it allows one, per the rest they read
        (`_demolition_offers`)."""
        if self.phase is not PLAYING:
            return ()
        if self.stack:
            return tuple(self._decision_actions())
        key = tuple(sorted(self.hand))
        hand = self.rules.memo["hand"].get(key) or self._hand(key)
        facts = self._turn_facts()
        turn = hand.turns.get(facts)  # every turn's position asks: no call on a hit
        if turn is None:
            turn = hand.turns[facts] = (tuple(self._placements()), self.may_demolish())
        placements, may_demolish = turn
        actions = placements + self._trade_offers(hand)
        if may_demolish:
            actions += self._demolition_offers()
        if self.town_hall_due and self._town_hall_payable():
            actions += (PayTownHall.of(),)
        if not self.deck:
            actions += tuple([Recycle.of(p) for p in self._recycle_payments()])
        return actions

    def _turn_facts(self) -> tuple:
        """What `_placements` and `may_demolish` read of a position besides the kinds of card
        in hand (whose memo the key is for: `Hand.turns`), as one flat key: of the last SH
        series, the card it needs next (None if no series is open), whether its last card
        ends a series (§ Series; None on an empty SH) and whether its University
        substitution is made (R09); whether the market offers the card the open series
        needs (R21); what the buildings allow a placement and the Town Hall's debt."""
        history = self.history
        placing = (self._tab or self._table()).placing
        if not history:  # (None: neither True nor False, no card to end a series)
            return (None, None, False, False, placing, self.town_hall_due)
        last = history[-1]
        cards = last.cards
        target = last.target
        if target and not last.complete:  # an open series (`open_series`)
            need = self.rules.costs[target][len(cards)]  # `_needed`
            market, given = self.market, self.market_given
            return (need, cards[-1].counts_as in self.rules.enders,
                    last.university_used,
                    need in market and (not given or market.count(need) > given.count(need)),
                    placing, self.town_hall_due)
        return (None, cards[-1].counts_as in self.rules.enders, False, False,
                placing, self.town_hall_due)

    def _demolition_offers(self) -> tuple[Action, ...]:
        """`_demolitions` in a position where `may_demolish`, remembered per the rest it
        reads: the buildings that may pay, the building the last series must give back
        (its own, once built: R13) and the demolitions made this turn."""
        last = self.history[-1]
        facts = ((self._tab or self._table()).owned, last.complete and last.built and last.target,
                 tuple(self.demolished))
        return _remembered(self.rules.memo["demolition"], facts, self._demolitions)

    def _trade_offers(self, hand: Hand) -> tuple[Action, ...]:
        """§ Comercio: the trades allowed now, each kind remembered per the facts its rule
        method reads: `_market_trades` the kinds in hand (`Hand.market`) and the market
        cards on offer, `_three_for_one` the kinds the hand holds three of and those in the
        MDD and the MDR, `_library_swaps` the kinds in hand and in the MDD."""
        memo = self.rules.memo
        market, given = self.market, self.market_given
        offered = frozenset(market)
        for card in given:  # R21: not offered, unless more of it are there than were given
            # (R21's test, as in `_turn_facts`' `need`, `_market_trades` and `can_continue`:
            # the four change together)
            if market.count(card) <= given.count(card):
                offered -= {card}
        trades = hand.market.get(offered)  # as the turn's: no call on a hit
        if trades is None:
            trades = hand.market[offered] = tuple(self._market_trades())
        if hand.triples:  # (`_remembered`, without its call: a third of the positions ask)
            facts = (hand.triples, frozenset(self.discard), frozenset(self.deck))
            threes = memo["three"].get(facts)
            if threes is None:
                threes = memo["three"][facts] = tuple(self._three_for_one())
            trades += threes
        if LIBRARY in self.expansions and not self.library_used:  # R10
            trades += _remembered(memo["library"], (hand.kinds, frozenset(self.discard)),
                                  self._library_swaps)
        return trades

    def is_legal(self, action: Action) -> bool:
        return _listed(action, self._legal or self._legal_now())

    def push(self, action: Action) -> None:
        """Apply a legal action and everything automatic that follows it; an action from
        outside (a worked example, a scenario, a replayed line, a test) that is not legal
        now is refused with the rule it breaks (`IllegalAction`), the game unchanged."""
        if not _listed(action, self._legal or self._legal_now()):
            raise self._explain(action)
        self.push_legal(action)

    def push_legal(self, action: Action) -> None:
        """`push` for an action the caller took from this position's `legal_actions()` (or
        one equal to it), as a simulated player does: it is not checked again (python-chess's
        `push`, which also trusts its caller). An action from anywhere else goes to `push`."""
        kind = type(action)
        self.events[kind.__name__] += 1
        if self.log is not None:
            self.log = []
        EFFECTS[kind](self, action)
        self._run()

    # --- § Series de construcción: which cards may be placed ------------------------------

    def can_declare(self, target: str) -> bool:
        """Could this building be taken now (R02, R05)?"""
        r = self.rules
        if target == ROAD:
            return len(self.roads) < r.building_counts[ROAD]
        if target == KNIGHT:
            return len(self.knights) < r.building_counts[KNIGHT]
        if target == SETTLEMENT:
            return self.settlements + self.cities < r.building_counts[SETTLEMENT]
        if target == CITY:
            return self.settlements > 0
        return target not in self.expansions and self.cities > len(self.expansions)

    def can_start_series(self) -> bool:
        """A new series may start on an empty SH or after a series-end card (§ Series)."""
        last = self.last_card
        return last is None or last.counts_as in self.rules.enders

    def _kinds(self, cards) -> tuple[str, ...]:
        """The distinct resources among `cards`, in the book's resource order."""
        return tuple([r for r in self.rules.resources if r in cards])

    def can_start_with(self, resource: str) -> bool:
        """Could a card of this resource open a series now (R02, R05, R11)?"""
        declarable = self._table().declarable  # `can_declare`, remembered per table
        return not self.town_hall_due and any(
            t in declarable for t in self.rules.targets_starting_with(resource))

    def hand_can_start(self) -> bool:
        """Does the hand hold a series-start card it could use now (R07, R13)?"""
        return any(self.can_start_with(res) for res in self._kinds(self.hand))

    def _needed(self) -> str | None:
        """The card the open series needs next, if a series is open."""
        series = self.open_series
        return None if series is None else self.rules.costs[series.target][len(series.cards)]

    def _placements(self) -> list[Action]:
        r = self.rules
        kinds = self._kinds(self.hand)
        university = UNIVERSITY in self.expansions
        actions: list[Action] = []
        series = self.open_series
        if series is not None:
            need = r.costs[series.target][len(series.cards)]
            for res in kinds:
                if res == need:
                    actions.append(Continue.of(res))
                elif university and (self.rules.university_unlimited
                                     or not series.university_used):
                    actions.append(Continue.of(res, need))
        if not self.can_start_series():
            return actions
        declarable = self._table().declarable  # `can_declare`, remembered per table
        if not self.town_hall_due:  # R11: the ore are paid before another series starts
            for res in kinds:
                actions += [StartSeries.of(res, t) for t in r.targets_starting_with(res)
                            if t in declarable]
                if university:
                    for other in self._kinds(r.starters - {res}):
                        actions += [StartSeries.of(res, t, other)
                                    for t in r.targets_starting_with(other) if t in declarable]
        if not self.hand_can_start():  # R07: with no series-start card, any card goes loose
            actions += [PlaceLoose.of(res) for res in kinds]
        elif r.loose_anytime:  # the first edition's reading, for comparison only
            actions += [PlaceLoose.of(res) for res in kinds if not self.can_start_with(res)]
        return actions

    # --- § Comercio, § Ampliaciones (Biblioteca) -------------------------------------------

    def _market_trades(self) -> list[Action]:
        """A hand card for a market card, except one given to the market this turn (R21)."""
        market, given = self.market, self.market_given
        offered = [t for t in self._kinds(market) if market.count(t) > given.count(t)]
        return [TradeMarket.of(give, take) for give in self._kinds(self.hand)
                for take in offered if take != give]

    def _three_for_one(self) -> list[Action]:
        """Three equal cards for one of the MDD or, nearest the bottom, of the MDR (R20)."""
        hand, actions = self.hand, []
        triples = [give for give in self._kinds(hand) if hand.count(give) >= 3]
        discard, deck = (set(self.discard), set(self.deck)) if triples else ((), ())
        for give in triples:
            for take in self.rules.resources:
                if take == give:
                    continue
                if take in discard:
                    actions.append(TradeThree.of(give, take, "discard"))
                if take in deck:
                    actions.append(TradeThree.of(give, take, "deck"))
        return actions

    def _library_swaps(self) -> list[Action]:
        """With the Library, once a turn: a hand card for one of the MDD (R10)."""
        in_discard = self._kinds(self.discard)
        return [LibrarySwap.of(give, take) for give in self._kinds(self.hand)
                for take in in_discard if take != give]

    # --- § Demolición (R13) ---------------------------------------------------------------

    def can_continue(self) -> bool:
        """Could the open series take its next card, from the hand or through the market?"""
        need = self._needed()
        if need is None:
            return False
        if need in self.hand:
            return True
        if self.hand and self.market.count(need) > self.market_given.count(need):  # R21
            return True
        return any(isinstance(a, Continue) for a in self._placements())

    def may_demolish(self) -> bool:
        """§ Demolición: you can neither continue the series nor start another, because the
        last SH card ends no series or, ending one, your hand has no series-start card."""
        if not self.history or self.can_continue():
            return False
        return self.last_card.counts_as not in self.rules.enders or not self.hand_can_start()

    def owned_buildings(self) -> list[str]:
        """What may be given back as a payment. A city that carries an expansion may not:
        the expansion would be left without a city (R05), so it goes first."""
        owned = []
        if self.roads:
            owned.append(ROAD)
        if self.knights:
            owned.append(KNIGHT)
        if self.settlements:
            owned.append(SETTLEMENT)
        if self.cities > len(self.expansions):
            owned.append(CITY)
        return owned + list(self.expansions)

    def building_type(self, building: str) -> str:
        return building if building in (ROAD, KNIGHT, SETTLEMENT, CITY) else "expansion"

    def _demolitions(self) -> list[Action]:
        if len(self.demolished) >= self.rules.demolition_limit or not self.may_demolish():
            return []
        last = self.history[-1]
        if last.complete and last.built:  # R13: its own building is the payment
            options = [last.target]
        else:
            options = self.owned_buildings()
        return [Demolish.of(b) for b in options if self.building_type(b) not in self.demolished]

    # --- § Ampliaciones: Ayuntamiento (R11) ------------------------------------------------

    def _town_hall_payable(self) -> bool:
        need = Counter(self._town_hall_cost())
        have = Counter(self.hand)
        return all(have[k] >= n for k, n in need.items())

    def _town_hall_cost(self) -> tuple[str, ...]:
        return next((self.rules.expansion_extra[e] for e in self.expansions
                     if self.rules.expansion_extra[e]), ())

    # --- § Fin de la partida, § Reciclar la SH ---------------------------------------------

    def can_progress(self) -> bool:
        """Could the hand and market complete a settlement, city or expansion (§ Fin)?
        The end of the game and recycling ask it of the same position: answered once, and
        remembered per the facts `_could_progress` reads (`Ruleset.memo`): the cards of the
        hand and market, what the buildings allow, the open series and whether a series may
        start; the positions with an empty MDR, where it is asked, recur from game to game."""
        if self._progress is None:
            series = self.open_series
            facts = (tuple(sorted(self.hand + self.market)), (self._tab or self._table()).placing,
                     series and (series.target, len(series.cards), series.university_used),
                     self.can_start_series())
            memo = self.rules.memo["progress"]
            self._progress = memo.get(facts)
            if self._progress is None:
                self._progress = memo[facts] = self._could_progress()
        return self._progress

    def _could_progress(self) -> bool:
        pool = Counter(self.hand + self.market)
        university = UNIVERSITY in self.expansions
        series = self.open_series
        for target in (SETTLEMENT, CITY) + self.rules.expansions:
            if not self.can_declare(target) and not (series and series.target == target):
                continue
            cost = self.rules.costs[target]
            if series is not None and series.target == target:
                needs = cost[len(series.cards):]
                if _covers(pool, needs, university and not series.university_used):
                    return True
            if self.can_start_series() and self.can_declare(target):
                if _covers(pool, cost, university):
                    return True
        return False

    def recyclable(self) -> bool:
        """The oldest series may be recycled unless it is the series in progress (R18)."""
        return bool(self.history) and self.history[0] is not self.open_series

    def _recycle_payments(self) -> list[str]:
        """Buildings that may pay for recycling the oldest series now (§ Reciclar, R18)."""
        if self.deck or not self.recyclable() or self.can_progress():
            return []
        if self.hand_limit - len(self.hand) <= 0:
            return []
        return self._recycle_options()

    def _recycle_options(self) -> list[str]:
        options = [b for b in self.owned_buildings() if b != SETTLEMENT]
        if self.settlements and self.history[0].target == ROAD:
            options.append(SETTLEMENT)
        return options

    # --- decisions ----------------------------------------------------------------------

    def _decision_actions(self) -> list[Action]:
        return self._decision_actions_for(*self.stack[-1])

    def _decision_actions_for(self, kind: str, payload) -> list[Action]:
        if kind == COINCIDENCE:
            actions: list[Action] = [LoseCard.of(), SacrificeHand.of()]
            seen = set()
            for index in range(len(self.knights) - 1, -1, -1):  # R16: enough cards to draw
                face = self.knights[index]
                if face not in seen and len(self.deck) >= (1 if face == FOOT else 2):
                    seen.add(face)
                    actions.append(UseKnight.of(index))
            return actions
        if kind == KNIGHT_PAYS:
            return [KnightPays.of("knight")] + ([KnightPays.of("road")] if self.roads else [])
        if kind == DISCARD_HAND:
            return [DiscardHand.of(r) for r in self._kinds(self.hand)]
        if kind == DISCARD_MARKET:
            return [DiscardMarket.of(r) for r in self._kinds(self.market)]
        if kind == RECYCLING:
            options = self._recycle_options() if payload > 0 and self.recyclable() else []
            return [Recycle.of(p) for p in options] + [EndRecycling.of()]
        return []

    # --- effects: one method per kind of action (EFFECTS) ---------------------------------
    # An effect whose last step is a refill runs it at once (it would be the first step
    # taken off the stack). Where a road may be lost after it (`_knight`, `_lose_card`) the
    # refill stays pending: `_lose_road` looks for it on the stack.

    def _place(self, action) -> None:
        """§ El turno: place, then refill comparing, then finish (build, bonuses, progress)."""
        resource = action.resource
        self.hand.remove(resource)
        kind = type(action)
        counts_as = resource if kind is PlaceLoose else action.as_resource or resource
        if kind is Continue:
            series = self.history[-1]
        else:
            series = Series(None if kind is PlaceLoose else action.target)
            self.history.append(series)
        series.cards.append(_sh_card(resource, counts_as))
        if counts_as != resource:
            series.university_used = True
        if series.target and len(series.cards) == len(self.rules.costs[series.target]):
            series.complete = True
        self.stack += [(END_TURN, None), (FINISH, series)]
        self._refill_compare()  # at once (see above)

    def _trade_market(self, action: TradeMarket) -> None:
        """§ Comercio: a hand card for a market card; the card given stays there (R21)."""
        self.hand.remove(action.give)
        self.market.remove(action.take)
        self.hand.append(action.take)
        self.market.append(action.give)
        self.market_given.append(action.give)

    def _trade_three(self, action: TradeThree) -> None:
        """§ Comercio: three equal cards to the MDD for one of the MDD or of the MDR."""
        give, hand = action.give, self.hand
        for _ in range(3):
            hand.remove(give)
        self.discard += [give] * 3
        if action.source == "discard":
            self.discard.remove(action.take)
        else:  # R20: the one nearest the bottom
            index = len(self.deck) - 1 - self.deck[::-1].index(action.take)
            del self.deck[index]
        hand.append(action.take)
        self._refill_plain()

    def _library_swap(self, action: LibrarySwap) -> None:
        """R10: once a turn, a hand card for a card of the MDD."""
        self.hand.remove(action.give)
        self.discard.remove(action.take)
        self.discard.append(action.give)
        self.hand.append(action.take)
        self.library_used = True

    def _pay_town_hall(self, action: PayTownHall) -> None:
        """R11: the Town Hall's extra ore go to the MDD."""
        for resource in self._town_hall_cost():
            self.hand.remove(resource)
            self.discard.append(resource)
        self.town_hall_due = False
        self._refill_plain()

    def _start_recycling(self, action: Recycle) -> None:
        if not self.stack:  # the first series recycled opens the recycling
            self.stack.append((RECYCLING, self.hand_limit - len(self.hand)))
        self._recycle(action.payment)

    def _end_recycling(self, action: EndRecycling) -> None:
        self.stack.pop()
        self._new_deck()

    def _lose_card(self, action: LoseCard) -> None:
        """R01, first way: lose the SH card, compare again."""
        kind, drawn = self.stack.pop()
        self.discard.append(drawn)
        self.stack.append((REFILL_COMPARE, None))
        self._lose_last_sh_card()

    def _sacrifice_hand(self, action: SacrificeHand) -> None:
        """R01, second way: the hand and the drawn card leave the game."""
        kind, drawn = self.stack.pop()
        self.removed += self.hand + [drawn]
        self.hand = []
        self._refill_plain()

    def _use_knight(self, action: UseKnight) -> None:
        kind, drawn = self.stack.pop()
        self._knight(action.index, drawn)

    def _knight_pays(self, action: KnightPays) -> None:
        """§ Caballero a pie: the SH card is saved; the knight or a road pays for it."""
        kind, index = self.stack.pop()
        if action.with_ == "knight":
            self._remove_knight(index)
        else:
            self._lose_road()

    def _discard_hand(self, action: DiscardHand) -> None:
        kind, count = self.stack.pop()
        self.hand.remove(action.resource)
        self.discard.append(action.resource)
        if count > 1:
            self.stack.append((DISCARD_HAND, count - 1))

    def _discard_market(self, action: DiscardMarket) -> None:
        kind, count = self.stack.pop()
        self.market.remove(action.resource)
        self.discard.append(action.resource)
        if count > 1:
            self.stack.append((DISCARD_MARKET, count - 1))

    def _knight(self, index: int, drawn: str) -> None:
        """§ Caballeros: draw one more card (two on horseback); all the same means failure."""
        face = self.knights[index]
        extra = self._draw(1 if face == FOOT else 2, "knight")
        self.discard += [drawn] + extra
        self.stack.append((REFILL_PLAIN, None))
        if all(card == drawn for card in extra):
            self.events["knight-failed"] += 1
            self._remove_knight(index)  # R14: the knight lost is the one put into play
            self._lose_last_sh_card()
            if self.roads and self.roads[-1] == face:
                if self._wall_protects():
                    self.events["city-wall"] += 1
                else:
                    self._lose_road()
        elif face == HORSE:
            self.events["knight-downgraded"] += 1
            self.knights[index] = FOOT
            self._buildings_changed()
        else:
            self.events["knight-saved"] += 1
            self.stack.append((KNIGHT_PAYS, index))

    def _wall_protects(self) -> bool:
        """R12: the City Wall keeps your first three roads from a failed knight."""
        return CITY_WALL in self.expansions and len(self.roads) <= 3

    def _lose_last_sh_card(self) -> None:
        """§ La Serie Histórica: losing the card that completed a built series loses it."""
        if not self.history:
            return
        series = self.history[-1]
        card = series.cards.pop()
        self.discard.append(card.resource)
        if card.counts_as != card.resource:  # the substitution may be made again (R09)
            series.university_used = False
        if series.complete:
            series.complete = False
            if series.built:  # the newest series marked for its target: this one
                self._lose_building(series.target)
        if not series.cards:
            self.history.pop()

    # --- buildings leaving the table (R05, R14, R15) -------------------------------------
    # A series keeps its `built` mark only while its building is on the table, so that
    # losing its last card later costs nothing more and completing it again builds again.
    # The buildings of the SH's series are the newest, so the last one built of a kind is
    # always that of the newest marked series of that kind.

    def _unmark(self, target: str) -> None:
        for series in reversed(self.history):
            if series.built and series.target == target:
                series.built, series.given_back = False, True
                return

    def _lose_building(self, target: str) -> None:
        """R14: the building a series loses with its last card."""
        self.events["building-lost"] += 1
        if target == CITY:
            self._flip_city()
        else:
            self._return_building(target)

    def _return_building(self, building: str) -> None:
        """A building given back or lost: a road or knight is the last built; a city turns
        back into a settlement; a settlement, when none is left, takes its city with it."""
        if building == ROAD:
            self._lose_road()
        elif building == KNIGHT:
            self._remove_knight(len(self.knights) - 1)
        elif building == SETTLEMENT:
            if self.settlements:
                self.settlements -= 1
                self._unmark(SETTLEMENT)
            elif self.cities:
                self.cities -= 1
                self._unmark(SETTLEMENT)
                self._unmark(CITY)
                self._settle_expansions()
            self._buildings_changed()
        elif building == CITY:
            self._flip_city()
        else:
            self._remove_expansion(building)

    def _remove_knight(self, index: int) -> None:
        marked = [s for s in self.history if s.built and s.target == KNIGHT]
        first = len(self.knights) - len(marked)  # the SH's knights are the newest
        if marked and index >= first:
            marked[index - first].built, marked[index - first].given_back = False, True
        self.knights.pop(index)
        self._buildings_changed()

    def _flip_city(self) -> None:
        self.events["city-flipped"] += 1
        self.cities -= 1
        self.settlements += 1
        self._buildings_changed()
        self._unmark(CITY)
        self._settle_expansions()

    def _settle_expansions(self) -> None:
        """R05: an expansion needs a city; one left without goes back to its row."""
        while len(self.expansions) > self.cities:
            self.events["expansion-orphaned"] += 1
            self._remove_expansion(self.expansions[-1])

    def _remove_expansion(self, expansion: str) -> None:
        if expansion in self.expansions:
            self.expansions.remove(expansion)
            self._buildings_changed()
            self._unmark(expansion)
            if self.rules.expansion_extra[expansion]:
                self.town_hall_due = False

    def _lose_road(self) -> None:
        """R15: an A road lost costs a market card and a hand card of your choice (the
        source's rule for a failed knight, applied to every loss); then the hand refills."""
        if not self.roads:
            return
        face = self.roads.pop()
        self._buildings_changed()
        self._unmark(ROAD)
        if face != FOOT:
            return
        self.events["a-road-lost"] += 1
        if self.hand and not any(k in (REFILL_COMPARE, REFILL_PLAIN) for k, _ in self.stack):
            self.stack.append((REFILL_PLAIN, None))
        if self.hand:
            self.stack.append((DISCARD_HAND, 1))
        market_drop = len(self.market) - self.market_limit
        if market_drop > 0:
            self.stack.append((DISCARD_MARKET, market_drop))

    def _demolish(self, action: Demolish) -> None:
        """§ Demolición: the last SH card goes, and a building is given back for it."""
        payment = action.payment
        self.events["demolition"] += 1
        last = self.history[-1]
        if not (last.complete and last.built):
            self._return_building(payment)
        self._lose_last_sh_card()  # a built series' card takes its building as the payment
        self.demolished.append(self.building_type(payment))

    def _recycle(self, payment: str) -> None:
        self.events["recycling"] += 1
        kind, remaining = self.stack.pop()
        self.stack.append((RECYCLING, remaining - 1))  # below any discard a lost road asks
        series = self.history.pop(0)
        self.discard += [c.resource for c in series.cards]
        self._return_building(payment)

    def _gain(self, target: str) -> None:
        self.events["built-" + self.building_type(target)] += 1
        if self.log is not None:
            self.log.append(("built", target))
        self._buildings_changed()
        if target == ROAD:
            self.roads.append(FOOT if len(self.roads) % 2 == 0 else HORSE)
            self.stack.append((TOP_UP, None))
        elif target == KNIGHT:  # R04
            a, b = self.knights.count(FOOT), self.knights.count(HORSE)
            self.knights.append(HORSE if a > b else FOOT)
        else:
            if target == SETTLEMENT:
                self.settlements += 1
            elif target == CITY:
                self.settlements -= 1
                self.cities += 1
            else:
                self.expansions.append(target)
                if self.rules.expansion_extra[target]:
                    self.town_hall_due = True
            self.stack.append((PROGRESS, None))

    def _new_deck(self, _=None) -> None:
        """§ Progreso: MDR and MDD shuffled together; then the hand is topped up (R17)."""
        self.events["new-deck"] += 1
        if self.log is not None:
            self.log.append(("new-deck",))
        self.deck += self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        self._top_up()

    def _top_up(self, _=None) -> None:
        self.hand += self._draw(self.hand_limit - len(self.hand))
        self.market += self._draw(self.market_limit - len(self.market), "market")

    def _draw(self, count: int, into: str = "hand") -> list[str]:
        if count <= 0:
            return []
        deck = self.deck
        cards = deck[:count]  # (fewer, if the MDR runs out)
        del deck[:count]
        log = self.log
        if log is not None:
            for card in cards:
                log.append(("draw", card, into))
        return cards

    # --- the automatic steps: one method per step (STEPS) ---------------------------------

    def _run(self) -> None:
        stack = self.stack
        waiting = None  # the actions of the decision the game stops for
        while stack:
            kind, payload = stack.pop()
            if kind in DECISIONS:
                actions = self._decision_actions_for(kind, payload)
                if actions:  # (recycling always offers its end)
                    stack.append((kind, payload))  # it waits for the player
                    waiting = tuple(actions)
                    break
                continue  # nothing to choose from (an empty hand to discard from)
            STEPS[kind](self, payload)
        self._check_end(waiting)

    def _refill_compare(self, _=None) -> None:
        """§ El turno: the hand is refilled card by card, each card drawn compared with the
        last SH card; a match stops the refill until it is resolved (§ Coincidencias)."""
        history = self.history
        compared = history[-1].cards[-1].counts_as if history else None  # `last_card`'s
        limit = (self._tab or self._table()).hand_limit  # `hand_limit`'s
        hand, deck, log = self.hand, self.deck, self.log
        while len(hand) < limit and deck:
            card = deck.pop(0)
            if card == compared:
                self.events["coincidence"] += 1
                if log is not None:
                    log.append(("draw", card, "match"))
                self.stack.append((COINCIDENCE, card))
                return
            if log is not None:
                log.append(("draw", card, "miss" if compared is not None else "hand"))
            hand.append(card)

    def _refill_plain(self, _=None) -> None:
        """The hand refilled without comparing (at once or pending: see the effects)."""
        self.hand += self._draw((self._tab or self._table()).hand_limit - len(self.hand))

    def _finish(self, series: Series) -> None:
        """R06: a series completed builds its target, if it can still be taken."""
        history = self.history
        if series.complete and not series.built and history and (
                history[-1] is series or series in history):  # by identity
            if self.can_declare(series.target):
                series.built, series.given_back = True, False
                self._gain(series.target)

    def _end_turn(self, _=None) -> None:
        self.demolished = []
        self.library_used = False
        self.market_given = []
        self.turn += 1

    def _check_end(self, waiting: tuple[Action, ...] | None = None) -> None:
        """§ Fin de la partida (R19): the goal wins at once (R11: even with the Town Hall's ore
        owed, unless the rules say `town_hall_paid_first`); an empty MDR with no progress
        and no recycling possible ends the game; so does a position with no action at all.
        `waiting`: what the decision the game stopped for allows, already listed by `_run`."""
        self._legal = self._progress = None  # the position is new (`_forget`, inlined)
        if ((self._tab or self._table()).points >= self.rules.goal
                and not (self.town_hall_due and self.rules.town_hall_paid_first)):
            self.phase, self.end_reason = WON, "goal"
        elif (not self.stack and not self.deck and not self.can_progress()
              and not self._recycle_payments()):
            self.phase, self.end_reason = LOST, "exhausted"
        else:
            # What the position allows: the decision's, or listed now, once (`_legal_now`).
            self._legal = waiting or self._enumerate_legal()
            if self._legal:
                return
            self.phase, self.end_reason = LOST, "stuck"
        self._legal = ()  # the game is over: nothing is allowed

    # --- why an action is refused ------------------------------------------------------

    def _explain(self, action: Action) -> IllegalAction:
        from generator.games.solo_catan.explain import explain
        return explain(self, action)


#: What each kind of action does: the one method that states its effect.
EFFECTS: dict[type, Callable[[Game, Action], None]] = {
    StartSeries: Game._place, Continue: Game._place, PlaceLoose: Game._place,
    TradeMarket: Game._trade_market, TradeThree: Game._trade_three,
    LibrarySwap: Game._library_swap, Demolish: Game._demolish,
    PayTownHall: Game._pay_town_hall, Recycle: Game._start_recycling,
    EndRecycling: Game._end_recycling, LoseCard: Game._lose_card,
    SacrificeHand: Game._sacrifice_hand, UseKnight: Game._use_knight,
    KnightPays: Game._knight_pays, DiscardHand: Game._discard_hand,
    DiscardMarket: Game._discard_market,
}

#: What each automatic pending step does.
STEPS: dict[str, Callable[[Game, object], None]] = {
    REFILL_COMPARE: Game._refill_compare, REFILL_PLAIN: Game._refill_plain,
    TOP_UP: Game._top_up, PROGRESS: Game._new_deck,
    FINISH: Game._finish, END_TURN: Game._end_turn,
}


def _remembered(memo: dict, facts: tuple, work_out: Callable[[], Sequence]) -> tuple:
    """What `work_out` answered for these facts, asked once."""
    answer = memo.get(facts)
    if answer is None:
        answer = memo[facts] = tuple(work_out())
    return answer


def _listed(action: Action, legal: tuple[Action, ...]) -> bool:
    """`action in legal`, by identity first: a player hands back one of the shared values
    the engine listed (`Action.of`), and `in` alone would compare it field by field with
    every action listed before it."""
    return any(map(is_, legal, repeat(action))) or action in legal


@cache
def _sh_card(resource: str, counts_as: str) -> ShCard:
    """The one shared value `ShCard(resource, counts_as)`: a game places thousands."""
    return ShCard(resource, counts_as)


def _covers(pool: Counter, needs: tuple[str, ...], wildcard: bool) -> bool:
    """Do the cards of `pool` pay for `needs`, one of them substituted if `wildcard` (R09)?"""
    missing = sum(max(0, n - pool[k]) for k, n in _tally(needs))
    return missing == 0 or (wildcard and missing == 1 and sum(pool.values()) >= len(needs))


@cache
def _tally(cards: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """How many of each resource a cost (or what is left of it) asks: the same few costs are
    asked of every position with an empty MDR (`can_progress`)."""
    return tuple(Counter(cards).items())


def _remap(payload, mapping):
    return mapping.get(id(payload), payload) if isinstance(payload, Series) else payload
