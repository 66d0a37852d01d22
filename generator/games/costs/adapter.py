"""Worked examples of buying buildings (base Catan summary)."""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from generator.content.model import EngineNeeds, Int
from generator.content.yamlsource import validate
from generator.games.costs.game import BankTrade, Build, CostsGame
from generator.core.i18n import count_noun, translator
from generator.examples.adapter import Adapter, mismatches

STRICT = ConfigDict(extra="forbid", frozen=True)


@dataclass(config=STRICT)
class CostsStart:
    hand: list[str] = field(default_factory=list)
    # what stands already, by building (a count: a negative one would score below nothing)
    built: dict[str, Annotated[Int, Field(ge=0)]] = field(default_factory=dict)


@dataclass(config=STRICT)
class CostsExpect:
    hand: list[str] | None = None
    built: dict[str, Int] | None = None
    score: Int | None = None


class CostsAdapter(Adapter):
    provides = ("narration", "diagrams")  # its optional parts (examples/protocol.py)
    #: What it reads of components.yaml (checks.py refuses a book without it).
    needs = EngineNeeds((), (), ("resources", "buildings"))

    def __init__(self, book):
        c = book.components
        self.language = book.meta.language
        self.words = translator(self.language)
        self.names = {r.id: r.name.lower() for r in c.resources}
        self.plurals = {r.id: r.plural for r in c.resources}
        self.order = [r.id for r in c.resources]
        self.buildings = {b.id: b.name.lower() for b in c.buildings}
        self.building_plurals = {b.id: b.plural for b in c.buildings}
        self.costs = {b.id: tuple(b.cost) for b in c.buildings}
        self.points = {b.id: b.points or 0 for b in c.buildings}
        self.book = book

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
        for b in spec.built:
            if b not in self.buildings:
                raise source.doc.error(("start", "built", b), f"unknown building '{b}'",
                                       f"one of {', '.join(self.buildings)}")
        return CostsGame(self.costs, self.points, hand=Counter(spec.hand),
                         built=Counter(spec.built))

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
        w = self.words
        hand = self.resources(game.hand) or w.pgettext("hand", "empty")
        built = ", ".join(count_noun(n, self.buildings[b], self.building_plurals[b],
                                     self.language)
                          for b, n in game.built.items() if n) or w.gettext("nothing")
        return [(w.gettext("Hand"), hand), (w.gettext("Built"), built),
                (w.gettext("Points"), str(game.score))]

    def position_svg(self, game: CostsGame, before: CostsGame | None = None,
                     screen: bool = False) -> str:
        """Your hand as resource badges over what each building costs, each cost's badges
        solid where your hand pays them (games/costs/figures.py); after a step that
        built, your hand and what is built. Its text alternative is `position_lines`."""
        from generator.games.costs.figures import costs_position_svg
        from generator.diagrams.style import style_for
        title = ". ".join(f"{label}: {text}" for label, text in self.position_lines(game))
        # After a step that built, the hand and what stands on the table: the costs table
        # again would say only that an emptier hand pays for less.
        table = before is None or game.built == before.built
        book = self.book
        return costs_position_svg(game, book.components, style_for(book.components, book.theme),
                                  self.language, table=table, title=title, screen=screen)

    def position_caption(self, game: CostsGame) -> str:
        """Your points, what your hand pays for, and what the bank would trade you."""
        from generator.games.costs.figures import costs_caption
        return costs_caption(game, self.book.components, self.language)

    def narrate(self, action, before, after, refused: str | None = None) -> str:
        """The step as a sentence to the player: "Construyes un poblado", or refused, "No
        puedes construir un poblado"."""
        return self._phrases(action, before)[2 if refused else 1]

    def action_text(self, action, before) -> str:
        return self._phrases(action, before)[0]

    def _phrases(self, action, before) -> tuple[str, str, str]:
        """(imperative, second person, refused) of a step, in the book's language."""
        w = self.words
        if isinstance(action, Build):
            name = self.buildings.get(action.building, action.building)
            thing = w.a(name)
            if action.building == "development":
                forms = (w.gettext("Buy {thing}"), w.gettext("You buy {thing}"),
                         w.gettext("You cannot buy {thing}"))
            else:
                forms = (w.gettext("Build {thing}"), w.gettext("You build {thing}"),
                         w.gettext("You cannot build {thing}"))
            return tuple(form.format(thing=thing) for form in forms)
        give = count_noun(before.bank_rate if before else 4, self.names[action.give],
                          self.plurals[action.give], self.language)
        take = count_noun(1, self.names[action.take], self.plurals[action.take], self.language)
        forms = (w.gettext("Trade {give} with the bank for {take}"),
                 w.gettext("You trade {give} with the bank for {take}"),
                 w.gettext("You cannot trade {give} with the bank for {take}"))
        return tuple(form.format(give=give, take=take) for form in forms)
