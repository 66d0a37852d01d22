"""Bust: the rules as a state machine. Nothing here knows about books.

You have a number of rounds to bank a goal of victory points (VP). In a round you roll one,
two or three dice as often as you dare: a 1 on any die busts (the pot is lost and the round
ends); otherwise the dice's total goes into the pot. Banking puts the pot into your score
and ends the round. You win as soon as your score reaches the goal, and lose when the last
round ends before that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from generator.plugin import IllegalAction


@dataclass(frozen=True)
class BustRules:
    goal: int           # VP to bank
    rounds: int         # rounds to bank them in
    most_dice: int = 3  # dice one roll may use


# --- actions: small frozen dataclasses, equal when they say the same thing -----------------

@dataclass(frozen=True)
class Roll:
    dice: int

    def __str__(self) -> str:  # the example notation: `do: roll 2`
        return f"roll {self.dice}"


@dataclass(frozen=True)
class Bank:
    def __str__(self) -> str:
        return "bank"


# --- the position ---------------------------------------------------------------------------

@dataclass
class Bust:
    rules: BustRules
    seed: int = 0
    score: int = 0                    # banked VP
    pot: int = 0                      # VP at stake this round
    round: int = 1
    last_roll: list[int] = field(default_factory=list)
    upcoming: list[int] = field(default_factory=list)  # faces the next dice show, then random
    busts: int = 0
    phase: str = "playing"            # "playing", "won" or "lost"

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def legal_actions(self) -> list:
        """The one source of legality: `push` accepts exactly these."""
        if self.phase != "playing":
            return []
        actions: list = [Roll(n) for n in range(1, self.rules.most_dice + 1)]
        if self.pot > 0:
            actions.append(Bank())
        return actions

    def push(self, action) -> None:
        if action not in self.legal_actions():
            raise self._refusal(action)  # the position is unchanged
        if isinstance(action, Roll):
            self.last_roll = [self._die() for _ in range(action.dice)]
            if 1 in self.last_roll:
                self.pot = 0
                self.busts += 1
                self._end_round()
            else:
                self.pot += sum(self.last_roll)
        else:
            self.score += self.pot
            self.pot = 0
            self.last_roll = []
            self._end_round()

    def _die(self) -> int:
        return self.upcoming.pop(0) if self.upcoming else self.rng.randint(1, 6)

    def _end_round(self) -> None:
        if self.score >= self.rules.goal:
            self.phase = "won"
        elif self.round == self.rules.rounds:
            self.phase = "lost"
        else:
            self.round += 1

    def _refusal(self, action) -> IllegalAction:
        """Why an action is not legal: a stable code, the book's section, what was needed."""
        if self.phase != "playing":
            return IllegalAction(action, "game-over", "end-of-the-game",
                                 "a game in progress", f"the game is {self.phase}")
        if isinstance(action, Roll):
            return IllegalAction(action, "dice-count", "your-turn",
                                 f"1 to {self.rules.most_dice} dice", f"{action.dice}")
        return IllegalAction(action, "empty-pot", "your-turn", "VP in the pot", "an empty pot")
