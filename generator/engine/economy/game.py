"""Who may pay, how much, and who gains: the token rules as an engine.

`legal_actions()` is the one source of legality, as in the solo engine; `push()` refuses
anything else with an IllegalAction naming the rule's code and section.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import IllegalAction

ACTIONS = ("forced-trade", "robber-to-desert", "exchange")
SPOTS = ("inland", "coast", "desert", "desert-coast")


@dataclass(frozen=True)
class EconomyRules:
    """The numbers of one rule set, read from its components.yaml (`economy:`)."""

    tokens_total: int
    tokens_at_start: int
    actions: tuple[str, ...]
    actions_per_turn: int = 1
    cost_not_ahead: int = 1       # your points ≤ your rival's
    cost_ahead: int = 2
    unlock_points: int = 0        # tokens usable once someone has this many visible points
    after_roll: bool = False      # actions only after rolling the dice
    knight_discard: int = 2       # tokens for discarding a played knight, once a turn
    settlement_gains: dict = field(default_factory=dict)  # spot → tokens
    robber_compensation: int = 0  # tokens when the rival's robber lands on your hex


@dataclass
class Player:
    points: int = 2
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
        self.robber_on_desert = False
        self.log: list[str] = []

    # --- what is on the table -----------------------------------------------------------

    @property
    def me(self) -> Player:
        return self.players[self.current]

    @property
    def rival(self) -> Player:
        return self.players[1 - self.current]

    def action_cost(self) -> int:
        """1 token while your points are at most your rival's, else 2 (§ fichas)."""
        r = self.rules
        return r.cost_not_ahead if self.me.points <= self.rival.points else r.cost_ahead

    def unlocked(self) -> bool:
        return max(p.points for p in self.players) >= self.rules.unlock_points

    def _take(self, player: Player, amount: int) -> int:
        """Tokens from the supply: an empty supply gives what it has (R02)."""
        given = min(amount, self.supply)
        self.supply -= given
        player.tokens += given
        return given

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
            if "forced-trade" in r.actions and self.rival.cards > 0 and self.me.cards >= 2:
                acts.append(Act("forced-trade"))
            if "robber-to-desert" in r.actions and not self.robber_on_desert:
                acts.append(Act("robber-to-desert"))
            if "exchange" in r.actions and self.me.cards >= 2:
                acts.append(Act("exchange"))
        if not self.knight_discarded and self.me.knights > 0:
            acts.append(Act("discard-knight"))
        for spot in SPOTS:
            if spot in r.settlement_gains or spot == "inland":
                acts.append(Act("settle", spot))
        if r.robber_compensation:
            acts.append(Act("robber-on-rival"))
        return acts

    def push(self, act: Act) -> None:
        if act not in self.legal_actions():
            raise self._explain(act)
        r = self.rules
        me, rival = self.me, self.rival
        if act.verb == "end-turn":
            self.current = 1 - self.current
            self.rolled, self.actions_used, self.knight_discarded = False, 0, False
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
        elif act.verb == "settle":
            me.points += 1
            self._take(me, r.settlement_gains.get(act.arg, 0))
        elif act.verb == "robber-on-rival":
            self.robber_on_desert = False
            self._take(rival, r.robber_compensation)
        self.log.append(str(act))

    def _explain(self, act: Act) -> IllegalAction:
        r = self.rules

        def refuse(code, needed, found, ruling=None):
            return IllegalAction(act, code, "fichas", needed, found, ruling)

        if act.verb in ACTIONS:
            if act.verb not in r.actions:
                return refuse("unknown-action", f"one of {', '.join(r.actions)}", act.verb)
            if not self.unlocked():
                return refuse("not-unlocked", f"someone with {r.unlock_points} visible points",
                              f"{max(p.points for p in self.players)} at most")
            if r.after_roll and not self.rolled:
                return refuse("before-roll", "the dice rolled first", "not rolled yet")
            if self.actions_used >= r.actions_per_turn:
                return refuse("action-used", f"{r.actions_per_turn} action a turn",
                              f"{self.actions_used} used", "R01")
            cost = self.action_cost()
            if self.me.tokens < cost:
                why = "not more points than your rival" if cost == r.cost_not_ahead else \
                    "more points than your rival"
                return refuse("cannot-afford", f"{cost} tokens ({why})",
                              f"{self.me.tokens} tokens")
            if act.verb == "forced-trade" and self.rival.cards == 0:
                return refuse("rival-has-no-cards", "a card in your rival's hand", "none")
            if act.verb == "robber-to-desert" and self.robber_on_desert:
                return refuse("robber-already-there", "the robber off the desert",
                              "it is on the desert", "R03")
            return refuse("not-enough-cards", "two cards in your hand to give",
                          f"{self.me.cards}")
        if act.verb == "discard-knight":
            if self.knight_discarded:
                return refuse("knight-discarded", "one knight discarded a turn", "one already")
            return refuse("no-played-knight", "a played knight, face up", "none")
        return refuse("not-legal-now", "one of the legal actions",
                      ", ".join(map(str, self.legal_actions())))
