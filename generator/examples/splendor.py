"""Splendor solo's side of worked examples: starting positions, notation, and the words the
book prints for them.

A reader sees cards, not ids: a card is named by the gem it gives, its points and its cost
(«la carta de esmeralda de 1 punto (cuesta 2 zafiros y 2 rubíes)»), a special gem by its gem,
a noble by the bonuses it asks for. Gem names and their plurals come from components.yaml,
and every count agrees with its noun through `generator.i18n`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import field

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from ..content.context import join_words
from ..content.model import GemCard
from ..content.yamlsource import validate
from ..engine.splendor import (Buy, Card, Noble, Reserve, Return, SplendorGame, SplendorRules,
                               Take, Visit)
from ..engine import need
from ..engine.splendor.game import NOBLE, RETURN
from ..i18n import count_noun
from .adapter import Adapter, mismatches, second_person

STRICT = ConfigDict(extra="forbid", frozen=True)
END_WORDS = {"special": "has comprado {specials}",
             "deck": "se han acabado el mazo central y sus filas",
             "stuck": "ya no puedes comprar ninguna carta de la mesa (R05)"}


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
    special: list[str] | None = None  # default: every special card not in `bought`
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
    nobles: list[str] | None = None
    visitors: list[str] | None = None
    decision: str | None = None   # "return", "noble" or "none"
    turns: int | None = None
    over: bool | None = None
    end_reason: str | None = None
    title: str | None = None
    legal_count: int | None = None


class SplendorAdapter(Adapter):
    deck_hint = "give the deck's order in start.deck"

    def __init__(self, book):
        self.book = book
        self.language = book.meta.language
        self.gems = {r.id: r for r in book.components.resources}
        colours = tuple(self.gems)
        g = book.components.game
        self.rules = SplendorRules(colours, *(need(g, "splendor", name) for name in
                                              ("bank_per_colour", "gems_taken", "token_limit",
                                               "row_length")),
                                   len(book.components.special_cards))

    def _card(self, spec: GemCard, special: bool = False) -> Card:
        return Card(spec.id, spec.bonus, spec.points,
                    tuple((c, spec.cost[c]) for c in self.rules.colours if spec.cost.get(c)),
                    special)

    # --- a starting position -----------------------------------------------------------

    def new_game(self, source) -> SplendorGame:
        """The example's position, refused if no game could reach it: a card in two places,
        a special gem neither on the table nor bought, a short row while the deck still has
        cards, more gems than the bank or the limit allow."""
        doc = source.doc
        spec = validate(doc, SplendorStart, at=("start",))
        specials = [c.id for c in self.book.components.special_cards]
        cards = {c.id: self._card(c, special=True) for c in self.book.components.special_cards}
        for i, c in enumerate(spec.cards):
            if c.id in cards:
                raise doc.error(("start", "cards", i, "id"), f"duplicate card id '{c.id}'")
            for colour in [c.bonus, *c.cost]:
                if colour not in self.gems:
                    raise doc.error(("start", "cards", i), f"unknown gem '{colour}'",
                                    f"one of {', '.join(self.rules.colours)}")
            cards[c.id] = self._card(c)
        placed: set[str] = set()

        def pick(ids, *path):
            for i, card_id in enumerate(ids):
                if card_id not in cards:
                    raise doc.error(("start",) + path + (i,), f"unknown card '{card_id}'",
                                    "a card of start.cards or a special card")
                if card_id in placed:
                    raise doc.error(("start",) + path + (i,), f"card '{card_id}' is in two "
                                    "places", "each card in one row, pile or area")
                placed.add(card_id)
            return [cards[i] for i in ids]

        game = SplendorGame.empty(self.rules)
        game.bought = pick(spec.bought, "bought")
        on_table = ([s for s in specials if s not in spec.bought] if spec.special is None
                    else spec.special)
        game.special = pick(on_table, "special")
        missing = [s for s in specials if s not in placed]
        if missing:
            raise doc.error(("start", "special"), f"special gem '{missing[0]}' is neither on "
                            "the table nor bought", "all five special gems: in start.special "
                            "or in start.bought")
        game.deck = pick(spec.deck, "deck")
        for row in ("1", "2"):
            game.rows[row] = pick(spec.rows.get(row, []), "rows", row)
            size = len(game.rows[row])
            if size > self.rules.row_length or (size < self.rules.row_length and game.deck):
                raise doc.error(("start", "rows", row), f"row {row} holds {size} cards",
                                f"{self.rules.row_length} while the deck has cards, never more")
        for colour, n in spec.tokens.items():
            if colour not in game.tokens or n > self.rules.bank_per_colour:
                raise doc.error(("start", "tokens", colour), f"bad gems {colour}: {n}",
                                f"one of {', '.join(self.rules.colours)}, at most "
                                f"{self.rules.bank_per_colour}")
            game.tokens[colour] = n
            game.bank[colour] -= n
        if game.token_count > self.rules.token_limit:
            raise doc.error(("start", "tokens"), f"{game.token_count} gems at a turn's start",
                            f"at most {self.rules.token_limit}")
        game.nobles = [Noble(n.id, n.points, tuple((c, n.needs[c]) for c in self.rules.colours
                                                   if n.needs.get(c)))
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
        if len(words) == 2 and words[0] == "noble":
            return Visit(words[1])
        raise ValueError(f"unknown action {text!r}; expected 'take C1 C2 C3', 'buy CARD', "
                         f"'reserve CARD', 'return C' or 'noble ID' "
                         f"(colours: {', '.join(colours)})")

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
                "nobles": [n.id for n in game.nobles],
                "visitors": [n.id for n in game.visitors],
                "decision": game.decision or "none", "turns": game.turns, "over": game.over,
                "end_reason": game.end_reason or "none", "title": self.title(game.points),
                "legal_count": len(game.legal_actions())}
        if spec.tokens is not None:  # a colour at 0 may be left out
            spec = dataclasses.replace(spec, tokens={c: n for c, n in spec.tokens.items() if n})
        return mismatches((name, getattr(spec, name), value) for name, value in have.items())

    # --- in words ----------------------------------------------------------------------

    def count(self, n: int, colour: str) -> str:
        """ "1 rubí", "2 rubíes": the gem's forms from components.yaml."""
        gem = self.gems[colour]
        return count_noun(n, gem.name.lower(), gem.plural, self.language)

    def gem_list(self, counts, empty: str = "ninguna", zeros: bool = False) -> str:
        """Counts of gems in the bank's colour order, "3 diamantes, 2 zafiros y 1 rubí";
        `zeros` keeps the colours at 0 ("0 rubíes"), for the bank."""
        counts = dict(counts)
        return join_words([self.count(counts.get(c, 0), c) for c in self.rules.colours
                           if zeros or counts.get(c)], self.language) or empty

    def card_name(self, card: Card, cost: bool = True) -> str:
        """ "carta de esmeralda de 1 punto (cuesta 2 zafiros y 2 rubíes)" or "gema especial
        de ónice (cuesta 7 rubíes y 3 ónices)": what a player sees on the card."""
        gem = self.gems[card.bonus].name.lower()
        if card.special:
            text = f"gema especial de {gem}"
        else:
            worth = ("sin puntos" if card.points == 0
                     else "de " + count_noun(card.points, "punto", "puntos", self.language))
            text = f"carta de {gem} {worth}"
        return f"{text} (cuesta {self.gem_list(card.cost)})" if cost else text

    def noble_name(self, noble: Noble) -> str:
        """A noble by the bonuses it asks for: "noble de 4 esmeraldas y 4 rubíes"."""
        return f"noble de {self.gem_list(noble.needs)}"

    def position_lines(self, game: SplendorGame):
        lines = [("Tus fichas", self.gem_list(game.tokens)),
                 ("Banco", self.gem_list(game.bank, zeros=True))]
        for row in ("1", "2"):
            lines.append((f"Fila {row}", "; ".join(self.card_name(c) for c in game.rows[row])
                          or "vacía"))
        lines.append(("Mazo central", count_noun(len(game.deck), "carta", "cartas",
                                                 self.language) if game.deck else "vacío"))
        lines.append(("Gemas especiales en la mesa", join_words(
            [self.gems[c.bonus].name.lower() for c in game.special], self.language)
            or "ninguna"))
        if game.nobles:
            lines.append(("Nobles en la mesa", "; ".join(f"el {self.noble_name(n)}"
                                                         for n in game.nobles)))
        bonuses = {c: game.bonus(c) for c in self.rules.colours}
        lines.append(("Tus bonificaciones", self.gem_list(bonuses)))
        specials = [self.gems[c.bonus].name.lower() for c in game.bought if c.special]
        if specials:
            lines.append(("Gemas especiales compradas", join_words(specials, self.language)))
        if game.visitors:
            lines.append(("Te han visitado", "; ".join(f"el {self.noble_name(n)}"
                                                       for n in game.visitors)))
        lines.append(("Puntos", f"{game.points} · {self.title(game.points)}"))
        if game.decision == RETURN:
            excess = game.token_count - self.rules.token_limit
            lines.append(("Falta", "devolver " + count_noun(excess, "ficha", "fichas",
                                                            self.language)))
        elif game.decision == NOBLE:
            lines.append(("Falta", "elegir qué noble te visita"))
        if game.over:
            specials = count_noun(self.rules.special_gems, "gema especial", "gemas especiales",
                                  self.language)
            lines.append(("Fin", END_WORDS[game.end_reason].format(
                specials=f"las {specials}")))
        return lines

    # --- drawn: the table in an example's box (diagrams/position_splendor.py) -------------

    def position_svg(self, game: SplendorGame, before: SplendorGame | None = None,
                     screen: bool = False) -> str:
        """The position as the table looks: gems, rows, special gems, nobles, what you have;
        its text alternative is `position_lines`."""
        from ..diagrams.position_splendor import splendor_svg
        from ..diagrams.style import style_for
        title = ". ".join(f"{label}: {text}" for label, text in self.position_lines(game))
        style = style_for(self.book.components, self.book.theme)
        return splendor_svg(game, style, style.letters, title=title, screen=screen)

    def position_caption(self, game: SplendorGame) -> str:
        """The line under the diagram: points with their title, and the central deck."""
        points = count_noun(game.points, "punto", "puntos", self.language)
        title = self.title(game.points)
        deck = (count_noun(len(game.deck), "carta", "cartas", self.language)
                + " en el mazo central") if game.deck else "mazo central vacío"
        return f"{points} ({title}) · {deck}" if title else f"{points} · {deck}"

    def position_status(self, game: SplendorGame) -> str:
        """What the turn waits for, or how the game ended, said after the position's label."""
        if game.decision == RETURN:
            excess = game.token_count - self.rules.token_limit
            return "falta devolver " + count_noun(excess, "ficha", "fichas", self.language)
        if game.decision == NOBLE:
            return "falta elegir qué noble te visita"
        if game.over:
            specials = count_noun(self.rules.special_gems, "gema especial", "gemas especiales",
                                  self.language)
            return "fin: " + END_WORDS[game.end_reason].format(specials=f"las {specials}")
        return ""

    #: The verbs `action_text` starts with, told in the second person (`narrate`).
    VERBS = {"Toma": ("Tomas", "tomar"), "Devuelve": ("Devuelves", "devolver"),
             "Recibe": ("Recibes", "recibir"), "Compra": ("Compras", "comprar"),
             "Reserva": ("Reservas", "reservar")}

    def narrate(self, action, before, after, refused: str | None = None) -> str:
        """The step as a sentence to the player: "Compras la carta de rubí…"."""
        return second_person(self.action_text(action, before), self.VERBS, refused)

    def action_text(self, action, before: SplendorGame | None) -> str:
        if isinstance(action, Take):
            return "Toma " + self.gem_list(Counter(action.colours))
        if isinstance(action, Return):
            return f"Devuelve {self.count(1, action.colour)}"
        if isinstance(action, Visit):
            noble = next((n for n in before.nobles if n.id == action.noble), None) \
                if before else None
            return (f"Recibe al {self.noble_name(noble)}" if noble
                    else "Recibe a un noble que no está en la mesa")
        card = before.find(action.card) if before else None
        verb = "Compra" if isinstance(action, Buy) else "Reserva"
        return (f"{verb} la {self.card_name(card)}" if card
                else f"{verb} una carta que no está en la mesa")

    # --- whole games, for `rulebook simulate` (generator/simulate/splendor.py) ------------

    won_means = ("Victoria: comprar las cinco gemas especiales antes de que se acaben el mazo "
                 "central y sus filas; los puntos dan el título.")

    @property
    def players(self) -> dict:
        from ..simulate.splendor import SplendorGreedy
        return {"greedy": SplendorGreedy}

    def random_start(self, seed: int) -> SplendorGame:
        from ..simulate.splendor import deal
        return deal(self, seed)

    def is_over(self, game: SplendorGame) -> bool:
        return game.over

    def result(self, game: SplendorGame):
        from ..simulate.splendor import outcome
        return outcome(game)
