"""Depth-first proof search: can this deal, its whole order known, be won at all?

With the deck order and the game's generator known (`Game.copy()` carries both), the game
is a deterministic puzzle: a position and an action decide the next position, reshuffles
included. Whether a win can be reached is a question of reachability in the graph of
positions, and a search that remembers the positions it has expanded answers it:

- **won**: it reaches a won position; the line of actions is returned (and replayed on the
  real game by `solver.solve` before it is believed);
- **unwinnable**: it has expanded every position reachable from the start, except those
  pruned by the bound below, without reaching a win. Exact, because a position's future
  does not depend on how it was reached, so a position met again (by another line, or
  round a cycle) has nothing new to offer;
- **undecided**: the node budget (actions pushed) ran out first.

The search keeps its own stack of positions (no recursion: a game is hundreds of actions
deep), a transposition table of exact position keys (`PositionKeys`) and deepens pass by
pass (`prove`). A proof needs the search to run out of positions, and a deal of the book's
67 cards has far too many: 2,000,000 nodes do not finish the lines 16 actions deep, in a game
hundreds of actions long. The graph is often infinite too: recycling lets a game go round for
ever, and every reshuffle on the way draws a new order from the generator, so the positions
never repeat; only the bound can cut such lines. So proofs come from decks short of a
resource and from small deals; a book's deal the Monte Carlo search does not win stays
undecided (the report shows how many).

Pruning: `ReachBound` gives an upper bound of the points any position reachable from a
position can have; a position whose bound is below the goal cannot lead to a win and is
not expanded. Why the bound is never below the truth:

1. Points change only with the buildings on the table (`Game._count_points`), and they go
   up only when a series is completed and builds its target (`Game._gain`, from
   `Game._finish`); every other change of a building removes one, flips a city back or
   turns a knight off its horse, which never adds points.
2. A series completed holds, at that moment, one card of the SH for each card of its
   target's cost, each either the resource needed or a University substitute (R09): at most
   one per series (`university_used`, cleared when the substitute is lost), or any number
   with `university_unlimited`; substitutes only while the University is built.
3. Cards leave the game only when a hand is sacrificed (`Game.removed`, which never
   shrinks); every other card is somewhere (MDR, MDD, hand, market, SH, a drawn card
   awaiting a decision) and may come back by trades, refills, reshuffles and recycling. So
   a target can be built in any future only if the cards not removed cover its cost,
   allowing the substitutes of (2) when the University is built or could be (its own cost
   covered without substitutes, and a city to stand on: one on the table, or one whose cost
   is covered without substitutes). That is `buildable` below: it can say yes wrongly, never
   no wrongly.
4. Given which targets are buildable, the points a table can ever show are at most those of
   the best table the building counts allow: roads showing their best prefix of faces (a
   road's face is fixed by its position, `Game._gain`), every knight on its best face,
   settlements and cities filling the settlement count (cities only if the city is
   buildable, else at most as many as now; more settlements and cities than now only if the
   settlement is buildable), and the best expansions, one per city at most (R05); a part
   that cannot be built is bounded by what is on the table now, which can only be lost.

The bound is weak while the deck is whole (all 67 cards cover every cost): it bites when
sacrificed hands have taken a resource out, in decks short of a resource, and in small
constructed deals.
"""

from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import dataclass
from enum import Enum

from generator.games.solo_catan import Game, Phase, Ruleset, Series
from generator.games.solo_catan.game import FOOT, HORSE, UNIVERSITY
from generator.games.solo_catan.ruleset import CITY, EXPANSION, KNIGHT, ROAD, SETTLEMENT


RECENT_STATES = 256  # generator states remembered by identity (25 kB each, as tuples)


class Verdict(str, Enum):
    """What a search says of a deal."""
    WON = "won"                  # a winning line, replayed on the real game
    UNWINNABLE = "unwinnable"    # every reachable position searched under a sound bound
    UNDECIDED = "undecided"      # the budget ran out first


@dataclass(frozen=True)
class Proof:
    verdict: Verdict
    actions: tuple = ()   # the winning line, when won
    nodes: int = 0        # actions pushed
    positions: int = 0    # distinct positions stored in the transposition table
    pruned: int = 0       # positions not expanded because their bound is below the goal


# --- the exact key of a position -----------------------------------------------------------

class PositionKeys:
    """Exact keys of the positions of one deal: two positions with the same key have the same
    future, whatever actions follow. Unlike `players.state_key` (what a player sees), it
    holds the order of the MDR and of the MDD (a reshuffle permutes them as they lie) and the
    generator's state (which decides the permutation); the hand and market are multisets
    (no rule reads their order). The turn counter, the event tallies and the cards removed
    are left out: no rule reads the first two, and the removed cards are the deal's cards
    less those in the key.

    A key is one string (resources as single letters), so a table of a million positions
    fits in a few hundred megabytes; the generator's state (625 numbers) is replaced by a
    small number, the same for equal states (`generator`)."""

    def __init__(self, rules: Ruleset):
        self.code = {r: chr(ord("a") + i) for i, r in enumerate(rules.resources)}
        self.target = {t: chr(ord("A") + i) for i, t in enumerate(rules.costs)}
        self.target[None] = "-"
        # A series' head (target and marks) and an SH card as letters, worked out once each.
        self._head = _Letters(lambda facts: self.target[facts[0]] + "".join(
            "1" if mark else "0" for mark in facts[1:]))
        self._card = _Letters(lambda card: self.code[card.resource] + self.code[card.counts_as])
        self._tokens: dict[bytes, int] = {}  # each state met, packed, and its number
        self._recent: dict[int, tuple[tuple, int]] = {}  # by id: copies share a state object

    def generator(self, game: Game) -> int:
        """The generator's state as a small number. Copies share one state object, so it is
        looked up by identity first (holding the object, so that its id stays its own), and
        by value, packed into 2.5 kB, when met afresh."""
        state = game.generator_state()
        known = self._recent.get(id(state))
        if known is not None:
            return known[1]
        version, words, gauss = state
        packed = array("I", words).tobytes() + repr((version, gauss)).encode()
        token = self._tokens.setdefault(packed, len(self._tokens))
        if len(self._recent) >= RECENT_STATES:
            self._recent.clear()
        self._recent[id(state)] = (state, token)
        return token

    def __call__(self, game: Game) -> str:
        code = self.code
        letters = code.__getitem__
        head, card = self._head, self._card.__getitem__
        history = "/".join([head[s.target, s.complete, s.built, s.university_used]
                            + "".join(map(card, s.cards)) for s in game.history])
        stack = ""
        if game.stack:
            index = {id(s): i for i, s in enumerate(game.history)}
            stack = ";".join(f"{kind}={_payload(payload, index, code)}"
                             for kind, payload in game.stack)
        return "|".join((
            str(self.generator(game)),
            "".join(map(letters, game.deck)), "".join(map(letters, game.discard)),
            "".join(sorted(map(letters, game.hand))), "".join(sorted(map(letters, game.market))),
            history, "".join(game.roads), "".join(game.knights),
            f"{game.settlements},{game.cities},{game.town_hall_due:d}{game.library_used:d}",
            ",".join(game.expansions), stack, ",".join(game.demolished),
            "".join(sorted(map(letters, game.market_given)))))


class _Letters(dict):
    """A dict that works out a missing value with `spell(key)`, once."""

    def __init__(self, spell):
        super().__init__()
        self.spell = spell

    def __missing__(self, key):
        value = self[key] = self.spell(key)
        return value


def _payload(payload, index: dict, code: dict) -> str:
    if isinstance(payload, Series):  # by its place on the SH; one no longer there builds nothing
        return f"#{index.get(id(payload), '-')}"
    if isinstance(payload, str):
        return code.get(payload, payload)
    return str(payload)


# --- the bound -------------------------------------------------------------------------------

class ReachBound:
    """An upper bound of the points of any position reachable from a position (the argument
    is in the module's docstring). Remembered per cards removed and per table: both change
    rarely along a line."""

    def __init__(self, game: Game):
        self.rules = game.rules
        self.cards = game.all_cards()  # every card of the deal, the removed ones included
        self._buildable: dict[tuple, frozenset] = {}
        self._points: dict[tuple, int] = {}

    def __call__(self, game: Game) -> int:
        facts = ("".join(sorted(game.removed)), UNIVERSITY in game.expansions, game.cities > 0)
        buildable = self._buildable.get(facts)
        if buildable is None:
            buildable = self._buildable[facts] = self.buildable(
                self.cards - Counter(game.removed), *facts[1:])
        key = (buildable, tuple(game.roads), tuple(game.knights), game.settlements,
               game.cities, tuple(game.expansions))
        points = self._points.get(key)
        if points is None:
            points = self._points[key] = self.best_table(game, buildable)
        return points

    def buildable(self, cards: Counter, university_built: bool, a_city: bool) -> frozenset:
        """The targets whose cost the cards can still cover (docstring, point 3). The
        University's substitutes count only if it is built, or could be: its cost covered
        without substitutes, on a city on the table or one built without them (R05)."""
        r = self.rules
        university = university_built or (
            UNIVERSITY in r.costs and _covers(cards, r.costs[UNIVERSITY], 0)
            and (a_city or _covers(cards, r.costs[CITY], 0)))
        targets = set()
        for name, cost in r.costs.items():
            substitutes = (len(cost) if r.university_unlimited else 1) if university else 0
            if _covers(cards, cost, substitutes):
                targets.add(name)
        return frozenset(targets)

    def best_table(self, game: Game, buildable: frozenset) -> int:
        """The most points a table can show with these targets buildable (point 4)."""
        r = self.rules
        roads = (max(_prefix_sums([r.face_points[ROAD][f] for f in _road_faces(r)]))
                 if ROAD in buildable else sum(r.face_points[ROAD][f] for f in game.roads))
        knights = (r.building_counts[KNIGHT] * max(r.face_points[KNIGHT].values())
                   if KNIGHT in buildable
                   else sum(r.face_points[KNIGHT][f] for f in game.knights))
        places = (r.building_counts[SETTLEMENT] if SETTLEMENT in buildable
                  else game.settlements + game.cities)
        most_cities = places if CITY in buildable else min(game.cities, places)
        towns = max(c * r.city_points + (places - c) * r.settlement_points
                    for c in range(most_cities + 1))
        # Expansions: those on the table and those buildable, the best of them, one per city.
        candidates = sorted((r.expansion_points[e] for e in
                             set(game.expansions) | (buildable & set(r.expansions))),
                            reverse=True)
        extra = sum(candidates[:min(most_cities, r.building_counts[EXPANSION])])
        return roads + knights + towns + extra


def _covers(cards: Counter, cost, substitutes: int) -> bool:
    missing = sum(max(0, n - cards[k]) for k, n in Counter(cost).items())
    return missing <= substitutes and sum(cards.values()) >= len(cost)


def _road_faces(rules: Ruleset) -> list[str]:
    """The faces roads show in building order: A, B, A, B, ... (`Game._gain`: a road's face
    is fixed by its position; tests/test_proof.py checks the engine still agrees)."""
    return [FOOT if i % 2 == 0 else HORSE for i in range(rules.building_counts[ROAD])]


def _prefix_sums(values: list[int]) -> list[int]:
    sums, total = [0], 0
    for value in values:
        total += value
        sums.append(total)
    return sums


# --- the search ------------------------------------------------------------------------------

FIRST_DEPTH = 8  # actions: the first pass's depth limit, doubled pass after pass


class _Frame:
    """A position being expanded: its actions, the next one to try, its depth."""
    __slots__ = ("game", "actions", "next", "depth")

    def __init__(self, game: Game, actions: list, depth: int):
        self.game, self.actions, self.next, self.depth = game, actions, 0, depth


class _Pass:
    """One depth-first pass, `limit` actions deep at most. A position is stored with the
    depth still allowed below it, and expanded again only when met with more (iterative
    deepening with a transposition table). A pass that never stopped at the limit has
    expanded every reachable position it did not prune: its "no win" is a proof."""

    def __init__(self, game: Game, limit: int, keys: PositionKeys, bound: ReachBound,
                 goal: int):
        self.game, self.limit, self.keys, self.bound, self.goal = game, limit, keys, bound, goal
        self.seen: dict[str, int] = {}
        self.cut = False  # a position was left unexpanded at the depth limit
        self.pruned = 0
        self.line: tuple = ()

    def run(self, nodes: int) -> int:
        """Search until a win (`line`), the end, or `nodes` pushed; the number pushed."""
        root = self.game
        self.seen[self.keys(root)] = self.limit
        stack = [_Frame(root.copy(), root.legal_actions(), 0)]
        pushed = 0
        while stack:
            frame = stack[-1]
            if frame.next == len(frame.actions):
                stack.pop()
                continue
            if pushed >= nodes:
                return pushed
            action = frame.actions[frame.next]
            frame.next += 1
            # The last action may move the frame's own game: nothing else is tried from it.
            child = frame.game if frame.next == len(frame.actions) else frame.game.copy()
            child.push_legal(action)
            pushed += 1
            if child.phase is Phase.WON:
                self.line = tuple(f.actions[f.next - 1] for f in stack)
                return pushed
            if child.is_over():
                continue
            depth = frame.depth + 1
            if depth >= self.limit:
                self.cut = True
                continue
            actions = child.legal_actions()
            if len(actions) > 1:  # a forced step is not stored: the position it leads to is
                position = self.keys(child)
                if self.seen.get(position, -1) >= self.limit - depth:
                    continue
                self.seen[position] = self.limit - depth
            if self.bound(child) < self.goal:
                self.pruned += 1
                continue
            stack.append(_Frame(child, actions, depth))
        return pushed


def prove(game: Game, nodes: int, prune: bool = True) -> Proof:
    """Search from `game` (not changed) for a win, within `nodes` actions pushed in all:
    depth-first passes 8, 16, 32, ... actions deep, until a win, a pass that met no depth
    limit (a proof) or the budget's end. Shallow passes find short wins first, and none
    sinks the whole budget into one endless line (recycling can go round for ever: every
    reshuffle draws a new order from the generator). `prune=False` expands every position,
    whatever its bound (to check the bound)."""
    goal = game.rules.goal if prune else 0
    bound = ReachBound(game)
    if game.phase is Phase.WON:
        return Proof(Verdict.WON)
    if game.is_over() or bound(game) < goal:
        return Proof(Verdict.UNWINNABLE, pruned=int(not game.is_over()))
    keys = PositionKeys(game.rules)
    pushed, limit = 0, FIRST_DEPTH
    while True:
        search = _Pass(game, limit, keys, bound, goal)
        pushed += search.run(nodes - pushed)
        if search.line:
            return Proof(Verdict.WON, search.line, pushed, len(search.seen), search.pruned)
        if pushed >= nodes:
            return Proof(Verdict.UNDECIDED, (), pushed, len(search.seen), search.pruned)
        if not search.cut:
            return Proof(Verdict.UNWINNABLE, (), pushed, len(search.seen), search.pruned)
        limit *= 2
