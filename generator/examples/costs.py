"""Worked examples of buying buildings (base Catan summary)."""

from __future__ import annotations

from collections import Counter
from dataclasses import field

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from ..content.yamlsource import validate
from ..engine.costs import BankTrade, Build, CostsGame
from ..i18n import count_noun
from .adapter import Adapter, mismatches, second_person

STRICT = ConfigDict(extra="forbid", frozen=True)


@dataclass(config=STRICT)
class CostsStart:
    hand: list[str] = field(default_factory=list)


@dataclass(config=STRICT)
class CostsExpect:
    hand: list[str] | None = None
    built: dict[str, int] | None = None
    score: int | None = None


def _article(name: str) -> str:
    """«un poblado», «una carretera», «una ciudad», «una carta de desarrollo»."""
    word = name.split()[0]
    return "una" if word.endswith(("a", "ad", "ión")) else "un"


class CostsAdapter(Adapter):
    def __init__(self, book):
        c = book.components
        self.language = book.meta.language
        self.names = {r.id: r.name.lower() for r in c.resources}
        self.plurals = {r.id: r.plural for r in c.resources}
        self.order = [r.id for r in c.resources]
        self.buildings = {b.id: b.name.lower() for b in c.buildings}
        self.building_plurals = {b.id: b.plural for b in c.buildings}
        self.costs = {b.id: tuple(b.cost) for b in c.buildings}
        self.points = {b.id: b.points or 0 for b in c.buildings}

    def resources(self, counts: Counter) -> str:
        """«1 arcilla, 4 minerales»: each resource once, with its count, in card order."""
        return ", ".join(count_noun(counts[r], self.names[r], self.plurals[r], self.language)
                         for r in self.order if counts[r])

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
        hand = self.resources(game.hand) or "vacía"
        built = ", ".join(count_noun(n, self.buildings[b], self.building_plurals[b],
                                     self.language)
                          for b, n in game.built.items() if n) or "nada"
        return [("Mano", hand), ("Construido", built), ("Puntos", str(game.score))]

    #: The verbs `action_text` starts with, told in the second person (`narrate`).
    VERBS = {"Construye": ("Construyes", "construir"), "Compra": ("Compras", "comprar"),
             "Cambia": ("Cambias", "cambiar")}

    def narrate(self, action, before, after, refused: str | None = None) -> str:
        """The step as a sentence to the player: "Construyes un poblado"."""
        return second_person(self.action_text(action, before), self.VERBS, refused)

    def action_text(self, action, before) -> str:
        if isinstance(action, Build):
            name = self.buildings.get(action.building, action.building)
            verb = "Compra" if action.building == "development" else "Construye"
            return f"{verb} {_article(name)} {name}"
        give = count_noun(before.bank_rate if before else 4, self.names[action.give],
                          self.plurals[action.give], self.language)
        take = count_noun(1, self.names[action.take], self.plurals[action.take], self.language)
        return f"Cambia con la banca {give} por {take}"
