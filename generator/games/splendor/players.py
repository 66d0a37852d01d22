"""Whole games of Splendor solo for `rulebook simulate`: Splendor's own cards and nobles
(box.py), dealt as the rulebook's «Preparación» says, and the greedy player."""

from __future__ import annotations

import random

from generator.games.splendor import Buy, Return, SplendorGame, Take, Visit
from generator.games.splendor.box import (GREEN_DECK, NOBLES_ON_TABLE, YELLOW_DECK, deck,
                                          gems_expected, nobles)
from generator.core.i18n import N_
from generator.errors import GeneratorError
from generator.examples.protocol import Outcome


def deal(adapter, seed: int) -> SplendorGame:
    """A game set up from `seed`: the green deck shuffled on top of the yellow one (the
    central deck), two rows dealt from it, the special gems of components.yaml in their own
    row, five nobles drawn from the ten."""
    rules = adapter.rules
    expected = gems_expected(rules.colours)
    if expected:
        raise GeneratorError(f"{adapter.book.slug}: the Splendor simulation deals Splendor's "
                             f"own cards; expected {expected}, found "
                             f"{', '.join(rules.colours)}")
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
