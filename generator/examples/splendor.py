"""Splendor solo's side of worked examples."""

from __future__ import annotations

import dataclasses
from dataclasses import field

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from ..content.model import GemCard
from ..content.yamlsource import validate
from ..engine.splendor import Card, Noble, SplendorGame, SplendorRules
from ..engine.splendor.game import Buy, Reserve, Return, Take
from .adapter import Adapter, mismatches

STRICT = ConfigDict(extra="forbid", frozen=True)


@dataclass(config=STRICT)
class NobleSpec:
    id: str
    needs: dict[str, int]
    points: int = 3


@dataclass(config=STRICT)
class SplendorStart:
    cards: list[GemCard] = field(default_factory=list)  # the example's own cards
    rows: dict[str, list[str]] = field(default_factory=lambda: {"1": [], "2": []})
    deck: list[str] = field(default_factory=list)
    special: list[str] | None = None  # default: every special card of components.yaml
    bought: list[str] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)
    nobles: list[NobleSpec] = field(default_factory=list)


@dataclass(config=STRICT)
class SplendorExpect:
    tokens: dict[str, int] | None = None
    bank: dict[str, int] | None = None
    points: int | None = None
    bought: list[str] | None = None
    rows: dict[str, list[str]] | None = None
    special: list[str] | None = None
    visitors: list[str] | None = None
    over: bool | None = None
    end_reason: str | None = None
    title: str | None = None
    legal_count: int | None = None


class SplendorAdapter(Adapter):
    deck_hint = "give the deck's order in start.deck"

    def __init__(self, book):
        self.book = book
        colours = tuple(r.id for r in book.components.resources)
        self.names = {r.id: r.name.lower() for r in book.components.resources}
        g = book.components.game
        self.rules = SplendorRules(colours, g.bank_per_colour, g.gems_taken, g.token_limit,
                                   g.row_length)

    def _card(self, spec: GemCard) -> Card:
        return Card(spec.id, spec.bonus, spec.points,
                    tuple((c, spec.cost[c]) for c in self.rules.colours if spec.cost.get(c)))

    def new_game(self, source) -> SplendorGame:
        doc = source.doc
        spec = validate(doc, SplendorStart, at=("start",))
        cards = {c.id: self._card(c) for c in self.book.components.special_cards}
        cards.update({c.id: self._card(c) for c in spec.cards})

        def pick(ids, *path):
            for i, card_id in enumerate(ids):
                if card_id not in cards:
                    raise doc.error(("start",) + path + (i,), f"unknown card '{card_id}'",
                                    "a card of start.cards or a special card")
            return [cards[i] for i in ids]

        game = SplendorGame.empty(self.rules)
        game.rows = {row: pick(spec.rows.get(row, []), "rows", row) for row in ("1", "2")}
        game.deck = pick(spec.deck, "deck")
        specials = [c.id for c in self.book.components.special_cards]
        game.special = pick(specials if spec.special is None else spec.special, "special")
        game.bought = pick(spec.bought, "bought")
        for colour, n in spec.tokens.items():
            if colour not in game.tokens or n > self.rules.bank_per_colour:
                raise doc.error(("start", "tokens", colour), f"bad gems {colour}: {n}",
                                f"one of {', '.join(self.rules.colours)}, at most "
                                f"{self.rules.bank_per_colour}")
            game.tokens[colour] = n
            game.bank[colour] -= n
        game.nobles = [Noble(n.id, n.points, tuple(sorted(n.needs.items())))
                       for n in spec.nobles]
        return game

    def parse(self, text: str):
        words = text.split()
        colours = self.rules.colours
        if words and words[0] == "take" and all(w in colours for w in words[1:]):
            return Take(tuple(sorted(words[1:], key=colours.index)))  # order does not matter
        if len(words) == 2 and words[0] in ("buy", "reserve"):
            return Buy(words[1]) if words[0] == "buy" else Reserve(words[1])
        if len(words) == 2 and words[0] == "return" and words[1] in colours:
            return Return(words[1])
        raise ValueError(f"unknown action {text!r}; expected 'take C1 C2 C3', 'buy CARD', "
                         f"'reserve CARD' or 'return C' (colours: {', '.join(colours)})")

    def title(self, points: int) -> str:
        return next((b.title for b in self.book.scores
                     if b.min <= points and (b.max is None or points <= b.max)), "")

    def compare(self, game: SplendorGame, expect: dict, source, path) -> list[str]:
        spec = validate(source.doc, SplendorExpect, at=path)
        have = {"tokens": {c: n for c, n in game.tokens.items() if n},
                "bank": dict(game.bank), "points": game.points,
                "bought": [c.id for c in game.bought],
                "rows": {r: [c.id for c in cards] for r, cards in game.rows.items()},
                "special": [c.id for c in game.special],
                "visitors": [n.id for n in game.visitors], "over": game.over,
                "end_reason": game.end_reason or "none", "title": self.title(game.points),
                "legal_count": len(game.legal_actions())}
        if spec.tokens is not None:  # a colour at 0 may be left out
            spec = dataclasses.replace(spec, tokens={c: n for c, n in spec.tokens.items() if n})
        return mismatches((name, getattr(spec, name), value) for name, value in have.items())

    def _gems(self, counts: dict[str, int]) -> str:
        return ", ".join(f"{n} {self.names[c]}" for c, n in counts.items() if n) or "ninguna"

    def _card_text(self, card: Card) -> str:
        cost = ", ".join(f"{n} {self.names[c]}" for c, n in card.cost)
        return f"{card.id} ({self.names[card.bonus]}, {card.points} p.; {cost})"

    def position_lines(self, game: SplendorGame):
        lines = [("Tus gemas", self._gems(game.tokens)), ("Banco", self._gems(game.bank))]
        for row in ("1", "2"):
            lines.append((f"Fila {row}", "; ".join(self._card_text(c) for c in game.rows[row])
                          or "vacía"))
        lines.append(("Compradas", ", ".join(c.id for c in game.bought) or "ninguna"))
        lines.append(("Puntos", f"{game.points} · {self.title(game.points)}"))
        return lines

    def action_text(self, action, before) -> str:
        if isinstance(action, Take):
            return "Toma " + ", ".join(self.names[c] for c in action.colours)
        if isinstance(action, Buy):
            return f"Compra {action.card}"
        if isinstance(action, Reserve):
            return f"Reserva {action.card}"
        return f"Devuelve un {self.names[action.colour]}"
