"""Who may pay, how much, and who gains: the token rules as an engine.

`legal_actions()` is the one source of legality, as in the solo engine; `push()` refuses
anything else with an IllegalAction naming the rule's code, the book's section and, where a
ruling of the book decided it, that ruling (`EconomyRules.rulings`, read from the book's data:
the same engine serves two books whose rulings are numbered differently).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.errors import IllegalAction

ACTIONS = ("forced-trade", "robber-to-desert", "exchange")
SPOTS = ("inland", "coast", "desert", "desert-coast")
#: The rules a book's ruling may have decided, by the name `economy.rulings` gives them.
RULES = {
    "one-action": "one paid action a turn",
    "supply-short": "a short supply gives what it has",
    "robber-on-desert": "no paying to move a robber that is already on the desert",
    "rival-empty": "no forced trade against an empty hand",
    "cards-to-give": "a forced trade needs two cards to give, the taken ones included",
    "unlock-stays": "tokens stay usable once someone has reached the unlocking points",
    "visible-points": "the cost compares the points on the table",
    "army-taken": "a set-aside Largest Army goes at once to whoever has most knights (≥ 3)",
}


@dataclass(frozen=True)
class EconomyRules:
    """The numbers of one rule set, read from its components.yaml (`economy:`)."""

    tokens_total: int
    tokens_at_start: int
    actions: tuple[str, ...]
    actions_per_turn: int = 1
    cost_not_ahead: int = 1       # your points ≤ your rival's
    cost_ahead: int = 2
    unlock_points: int = 0        # tokens usable once someone has reached this many points
    after_roll: bool = False      # actions only after rolling the dice
    knight_discard: int = 2       # tokens for discarding a played knight, once a turn
    settlement_gains: dict = field(default_factory=dict)  # spot → tokens
    robber_compensation: int = 0  # tokens when the rival's robber lands on your hex
    settlement_cost: int = 0      # resource cards a settlement costs (the costs card)
    army_points: int = 2          # base Catan's Largest Army card: 2 points, 3 knights
    army_knights: int = 3
    army_on_play: bool = False    # a set-aside card is taken only by playing a knight (1-v-1)
    section: str = "fichas"       # the book's chapter on the tokens, named by refusals
    rulings: dict = field(default_factory=dict)  # a name of RULES → the book's ruling id


@dataclass
class Player:
    points: int = 2    # the points on the table (hidden victory point cards are not modelled)
    tokens: int = 0
    knights: int = 0   # played knights, face up
    cards: int = 0     # resource cards in hand


@dataclass(frozen=True)
class Act:
    """An action in the notation of example files: a verb and its argument, if any."""

    verb: str
    arg: str | None = None

    def __str__(self) -> str:
        return self.verb if self.arg is None else f"{self.verb} {self.arg}"


class EconomyGame:
    def __init__(self, rules: EconomyRules):
        self.rules = rules
        self.players = [Player(tokens=rules.tokens_at_start),
                        Player(tokens=rules.tokens_at_start)]
        self.supply = rules.tokens_total - 2 * rules.tokens_at_start
        self.current = 0
        self.rolled = False
        self.actions_used = 0
        self.knight_discarded = False
        self.knight_played = False
        self.robber_moved = False  # by this turn's 7 (robber-on-rival)
        self.robber_on_desert = False
        self.army: int | None = None  # who holds the Largest Army card; None: nobody
        self.unlocked_once = False
        self.log: list[str] = []

    # --- what is on the table -----------------------------------------------------------

    @property
    def me(self) -> Player:
        return self.players[self.current]

    @property
    def rival(self) -> Player:
        return self.players[1 - self.current]

    def action_cost(self) -> int:
        """1 token while your points are at most your rival's, else 2."""
        r = self.rules
        return r.cost_not_ahead if self.me.points <= self.rival.points else r.cost_ahead

    def unlocked(self) -> bool:
        """Tokens are usable from the moment someone reaches the unlocking points, and stay
        usable if that player later drops below them (unlock-stays)."""
        return self.unlocked_once or max(p.points for p in self.players) >= self.rules.unlock_points

    def _take(self, player: Player, amount: int) -> int:
        """Tokens from the supply: a short supply gives what it has (supply-short)."""
        given = min(amount, self.supply)
        self.supply -= given
        player.tokens += given
        return given

    def _can_give_two(self) -> bool:
        """After taking up to two cards, two to give back (the taken ones may go back)."""
        return self.me.cards + min(2, self.rival.cards) >= 2

    # --- the Largest Army card --------------------------------------------------------

    def _move_army(self, to: int | None) -> None:
        points = self.rules.army_points
        if self.army is not None:
            self.players[self.army].points -= points
        self.army = to
        if to is not None:
            self.players[to].points += points

    def _award_army(self, candidates) -> None:
        """The card goes to a player with more played knights than the other, at least
        `army_knights` of them."""
        for index in candidates:
            player, other = self.players[index], self.players[1 - index]
            if (self.army != index and player.knights >= self.rules.army_knights
                    and player.knights > other.knights):
                self._move_army(index)

    def _after_discard(self) -> None:
        """The holder who discards down to fewer than 3 knights, or to no more than the
        rival's, sets the card aside; then (official rules for two) whoever has most takes
        it at once, or (1-v-1) only by playing a knight."""
        me = self.me
        if self.army == self.current and (me.knights < self.rules.army_knights
                                          or me.knights <= self.rival.knights):
            self._move_army(None)
        if not self.rules.army_on_play:
            self._award_army((0, 1))

    # --- legality ---------------------------------------------------------------------

    def legal_actions(self) -> list[Act]:
        r = self.rules
        acts = [Act("end-turn")]
        if r.after_roll and not self.rolled:
            acts.append(Act("roll"))
        can_act = (self.actions_used < r.actions_per_turn and self.unlocked()
                   and (self.rolled or not r.after_roll)
                   and self.me.tokens >= self.action_cost())
        if can_act:
            if "forced-trade" in r.actions and self.rival.cards > 0 and self._can_give_two():
                acts.append(Act("forced-trade"))
            if "robber-to-desert" in r.actions and not self.robber_on_desert:
                acts.append(Act("robber-to-desert"))
            if "exchange" in r.actions and self.me.cards >= 2:
                acts.append(Act("exchange"))
        if not self.knight_discarded and self.me.knights > 0:
            acts.append(Act("discard-knight"))
        if not self.knight_played:
            acts.append(Act("play-knight"))
            if r.robber_compensation:
                acts.append(Act("knight-on-rival"))
        if self.me.cards >= r.settlement_cost:
            for spot in SPOTS:
                if spot in r.settlement_gains or spot == "inland":
                    acts.append(Act("settle", spot))
        if r.robber_compensation and self.rolled and not self.robber_moved:
            acts.append(Act("robber-on-rival"))  # the roll was a 7
        return acts

    def push(self, act: Act) -> None:
        self._latch()
        if act not in self.legal_actions():
            raise self._explain(act)
        r = self.rules
        me, rival = self.me, self.rival
        if act.verb == "end-turn":
            self.current = 1 - self.current
            self.rolled, self.actions_used = False, 0
            self.knight_discarded = self.knight_played = self.robber_moved = False
        elif act.verb == "roll":
            self.rolled = True
        elif act.verb in ACTIONS:
            cost = self.action_cost()
            me.tokens -= cost
            self.supply += cost
            self.actions_used += 1
            if act.verb == "forced-trade":
                taken = min(2, rival.cards)
                me.cards += taken - 2
                rival.cards += 2 - taken
            elif act.verb == "robber-to-desert":
                self.robber_on_desert = True
            else:
                me.cards -= 1
        elif act.verb == "discard-knight":
            me.knights -= 1
            self.knight_discarded = True
            self._take(me, r.knight_discard)
            self._after_discard()
        elif act.verb in ("play-knight", "knight-on-rival"):
            me.knights += 1
            self.knight_played = True
            if act.verb == "knight-on-rival":  # the knight takes a card, and the robber
                stolen = min(1, rival.cards)   # lands on the rival's terrain
                rival.cards -= stolen
                me.cards += stolen
                self._robber_on_rival()
            self._award_army((self.current,))
        elif act.verb == "settle":
            me.cards -= r.settlement_cost
            me.points += 1
            self._take(me, r.settlement_gains.get(act.arg, 0))
        elif act.verb == "robber-on-rival":
            self._robber_on_rival()
            self.robber_moved = True
        self._latch()
        self.log.append(str(act))

    def _robber_on_rival(self) -> None:
        """The robber off the desert onto a terrain of the rival's, who is paid for it
        (a 7's move or a knight's alike)."""
        self.robber_on_desert = False
        self._take(self.rival, self.rules.robber_compensation)

    def _latch(self) -> None:
        if max(p.points for p in self.players) >= self.rules.unlock_points:
            self.unlocked_once = True

    def _explain(self, act: Act) -> IllegalAction:
        r = self.rules

        def refuse(code, needed, found, rule=None):
            return IllegalAction(act, code, r.section, needed, found, r.rulings.get(rule))

        if act.verb in ACTIONS:
            if act.verb not in r.actions:
                return refuse("unknown-action", f"one of {', '.join(r.actions)}", act.verb)
            if not self.unlocked():
                return refuse("not-unlocked", f"someone with {r.unlock_points} visible points",
                              f"{max(p.points for p in self.players)} at most", "unlock-stays")
            if r.after_roll and not self.rolled:
                return refuse("before-roll", "the dice rolled first", "not rolled yet")
            if self.actions_used >= r.actions_per_turn:
                return refuse("action-used", f"{r.actions_per_turn} action a turn",
                              f"{self.actions_used} used", "one-action")
            cost = self.action_cost()
            if self.me.tokens < cost:
                why = "not more points than your rival" if cost == r.cost_not_ahead else \
                    "more points than your rival"
                return refuse("cannot-afford", f"{cost} tokens ({why})",
                              f"{self.me.tokens} tokens", "visible-points")
            if act.verb == "forced-trade" and self.rival.cards == 0:
                return refuse("rival-has-no-cards", "a card in your rival's hand", "none",
                              "rival-empty")
            if act.verb == "robber-to-desert" and self.robber_on_desert:
                return refuse("robber-already-there", "the robber off the desert",
                              "it is on the desert", "robber-on-desert")
            if act.verb == "forced-trade":
                return refuse("not-enough-cards", "two cards to give after taking",
                              f"{self.me.cards} in hand, {self.rival.cards} to take",
                              "cards-to-give")
            return refuse("not-enough-cards", "two cards of one resource to give",
                          f"{self.me.cards} cards")
        if act.verb == "discard-knight":
            if self.knight_discarded:
                return refuse("knight-discarded", "one knight discarded a turn", "one already")
            return refuse("no-played-knight", "a played knight, face up", "none")
        if act.verb in ("play-knight", "knight-on-rival") and self.knight_played:
            return refuse("knight-played", "one knight played a turn", "one already")
        if act.verb == "robber-on-rival" and r.robber_compensation:
            if not self.rolled:
                return refuse("no-seven", "a 7 rolled this turn", "not rolled yet")
            return refuse("robber-moved", "one move of the robber a 7", "moved already")
        if act.verb == "settle" and self.me.cards < r.settlement_cost:
            return refuse("not-enough-cards", f"{r.settlement_cost} cards for a settlement",
                          f"{self.me.cards}")
        return refuse("not-legal-now", "one of the legal actions",
                      ", ".join(map(str, self.legal_actions())))
