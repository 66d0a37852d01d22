"""Worked examples of buying buildings (base Catan summary)."""

from __future__ import annotations

from collections import Counter
from dataclasses import field

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from ..content.yamlsource import validate
from ..engine.costs import BankTrade, Build, CostsGame
from .adapter import Adapter, mismatches

STRICT = ConfigDict(extra="forbid", frozen=True)


@dataclass(config=STRICT)
class CostsStart:
    hand: list[str] = field(default_factory=list)


@dataclass(config=STRICT)
class CostsExpect:
    hand: list[str] | None = None
    built: dict[str, int] | None = None
    score: int | None = None


class CostsAdapter(Adapter):
    def __init__(self, book):
        c = book.components
        self.names = {r.id: r.name.lower() for r in c.resources}
        self.buildings = {b.id: b.name.lower() for b in c.buildings}
        self.costs = {b.id: tuple(b.cost) for b in c.buildings}
        self.points = {b.id: b.points or 0 for b in c.buildings}

    def new_game(self, source) -> CostsGame:
        spec = validate(source.doc, CostsStart, at=("start",))
        for i, r in enumerate(spec.hand):
            if r not in self.names:
                raise source.doc.error(("start", "hand", i), f"unknown resource '{r}'",
                                       f"one of {', '.join(self.names)}")
        return CostsGame(self.costs, self.points, hand=Counter(spec.hand))

    def parse(self, text: str):
        words = text.split()
        if len(words) == 2 and words[0] == "build":
            return Build(words[1])
        if len(words) == 3 and words[0] == "trade":
            return BankTrade(words[1], words[2])
        raise ValueError(f"unknown action {text!r}; expected 'build BUILDING' or "
                         "'trade GIVE TAKE'")

    def compare(self, game: CostsGame, expect: dict, source, path) -> list[str]:
        spec = validate(source.doc, CostsExpect, at=path)
        return mismatches([
            ("hand", sorted(spec.hand) if spec.hand is not None else None,
             sorted(game.hand.elements())),
            ("built", spec.built, {b: n for b, n in game.built.items() if n}),
            ("score", spec.score, game.score)])

    def position_lines(self, game: CostsGame):
        hand = ", ".join(self.names[r] for r in sorted(game.hand.elements())) or "vacía"
        built = ", ".join(f"{n} {self.buildings[b]}" for b, n in game.built.items()) or "nada"
        return [("Mano", hand), ("Construido", built), ("Puntos", str(game.score))]

    def action_text(self, action, before) -> str:
        if isinstance(action, Build):
            return f"Construye: {self.buildings.get(action.building, action.building)}"
        return f"Cambia 4 de {self.names[action.give]} por 1 de {self.names[action.take]}"
