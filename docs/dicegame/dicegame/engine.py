"""Bust for rulebooks: the engine a book names with `engine: dice` (see pyproject.toml).

It follows generator.plugin.Engine: positions from an example's `start:`, the
notation of its steps, the fields `expect:` may check, and the words the book prints. The
last part, `Simulation`, lets `rulebook simulate` play whole games.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from generator.plugin import Adapter, Outcome, mismatches, read_yaml, require_parameters, validate

from .rules import Bank, Bust, BustRules, Roll

STRICT = ConfigDict(extra="forbid", frozen=True)  # a misspelt field is an error at its line
Face = Annotated[int, Field(ge=1, le=6)]


@dataclass(config=STRICT)
class BustStart:
    """An example's `start:`: only what differs from a new game."""
    score: Annotated[int, Field(ge=0)] = 0
    pot: Annotated[int, Field(ge=0)] = 0
    round: Annotated[int, Field(ge=1)] = 1
    dice: list[Face] = field(default_factory=list)  # what the next dice show, in order


@dataclass(config=STRICT)
class BustExpect:
    """What a step's `expect:` may check."""
    score: int | None = None
    pot: int | None = None
    round: int | None = None
    last_roll: list[int] | None = None
    phase: Literal["playing", "won", "lost"] | None = None
    legal_count: int | None = None


DICE = {1: "one die", 2: "two dice", 3: "three dice"}


class DiceEngine(Adapter):
    """One book's bridge to Bust. `Adapter` gives `copy` (a deep copy) and `arrange`
    (refused: there is no deck)."""

    def __init__(self, book):
        require_parameters(book, "dice", ["goal", "rounds"])  # a located error if missing
        game = book.components.game
        if not isinstance(game.rounds, int) or game.rounds < 1:
            raise read_yaml(book.folder / "components.yaml").error(
                ("game", "rounds"), f"game.rounds is {game.rounds!r}", "a whole number ≥ 1")
        self.rules = BustRules(goal=game.goal, rounds=game.rounds)

    # --- examples in -------------------------------------------------------------------

    def new_game(self, source) -> Bust:
        spec = validate(source.doc, BustStart, at=("start",))
        if spec.round > self.rules.rounds:
            raise source.doc.error(("start", "round"), f"round {spec.round}",
                                   f"at most {self.rules.rounds} (game.rounds)")
        if spec.score >= self.rules.goal:
            raise source.doc.error(("start", "score"), f"{spec.score} VP: the game is won",
                                   f"fewer than {self.rules.goal} (game.goal)")
        return Bust(self.rules, source.example.seed, score=spec.score, pot=spec.pot,
                    round=spec.round, upcoming=list(spec.dice))

    def parse(self, text: str):
        words = text.split()
        if words == ["bank"]:
            return Bank()
        if len(words) == 2 and words[0] == "roll" and words[1].isdigit():
            return Roll(int(words[1]))  # `roll 4` parses, and the rules refuse it
        raise ValueError(f"unknown action {text!r}; expected 'roll N' or 'bank'")

    def compare(self, game: Bust, expect: dict, source, path) -> list[str]:
        spec = validate(source.doc, BustExpect, at=path)
        return mismatches([("score", spec.score, game.score), ("pot", spec.pot, game.pot),
                           ("round", spec.round, game.round),
                           ("last_roll", spec.last_roll, game.last_roll),
                           ("phase", spec.phase, game.phase),
                           ("legal_count", spec.legal_count, len(game.legal_actions()))])

    # --- words out ---------------------------------------------------------------------

    def position_lines(self, game: Bust) -> list[tuple[str, str]]:
        lines = [("Round", f"{game.round} of {self.rules.rounds}"),
                 ("Banked", f"{game.score} of {self.rules.goal} VP"),
                 ("Pot", f"{game.pot} VP")]
        if game.last_roll:
            lines.append(("Last roll", ", ".join(map(str, game.last_roll))))
        if game.phase == "won":
            lines.append(("End", "the goal is banked: you win"))
        elif game.phase == "lost":
            lines.append(("End", "the last round is over: you lose"))
        return lines

    def action_text(self, action, before: Bust | None) -> str:
        if isinstance(action, Roll):
            return f"Roll {DICE.get(action.dice, f'{action.dice} dice')}"
        return f"Bank the pot ({before.pot} VP)" if before and before.pot else "Bank the pot"

    # --- whole games: `rulebook simulate` ------------------------------------------------

    provides = ("simulation",)  # the optional parts it has: it plays whole games alone
    won_means = "Won: the goal banked before the last round ends."

    def random_start(self, seed: int) -> Bust:
        return Bust(self.rules, seed)

    def is_over(self, game: Bust) -> bool:
        return game.phase != "playing"

    def result(self, game: Bust) -> Outcome:
        return Outcome(won=game.phase == "won", points=game.score, turns=game.round,
                       end_reason={"won": "goal", "lost": "rounds"}.get(game.phase, ""),
                       events={"busts": game.busts})

    @property
    def players(self) -> dict:
        return {"cautious": Cautious}


class Cautious:
    """Rolls two dice until the pot holds 15 VP or would reach the goal, then banks."""

    name = "cautious"

    def choose(self, game: Bust, actions: list, rng):
        if Bank() in actions and (game.pot >= 15 or game.score + game.pot >= game.rules.goal):
            return Bank()
        return Roll(2)
