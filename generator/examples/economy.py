"""The token economy's side of worked examples (two-player Catan, 1-v-1 with coins)."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from ..content.yamlsource import read_yaml, validate
from ..engine import need
from ..engine.economy import EconomyGame, EconomyRules
from ..engine.economy.game import ACTIONS, RULES, SPOTS, Act, Player
from ..i18n import count_noun
from .adapter import Adapter, mismatches

STRICT = ConfigDict(extra="forbid", frozen=True)
VERBS = ACTIONS + ("end-turn", "roll", "discard-knight", "play-knight", "settle",
                   "robber-on-rival")
# The family's words (content/_facts/vocabulario.yaml): «comercio forzoso», «terreno»,
# «Gran ejército de caballería».
WORDS = {"forced-trade": "Comercio forzoso", "robber-to-desert": "Ladrón al desierto",
         "exchange": "Cambia 2 cartas iguales por 1", "end-turn": "Termina el turno",
         "roll": "Tira los dados", "discard-knight": "Descarta un caballero jugado",
         "play-knight": "Juega un caballero",
         "robber-on-rival": "Con un 7 o un caballero, llevas el ladrón a un terreno de tu rival"}
SPOT_WORDS = {"inland": "lejos de la costa y del desierto", "coast": "en la costa",
              "desert": "junto al desierto", "desert-coast": "junto al desierto y en la costa"}
ARMY = "Gran ejército de caballería"
#: Who the players are to the reader: player 1 is "tú" (the notes say "tu rival" for 2).
WHO = ("tú", "tu rival")
NOUNS = {"points": ("punto visible", "puntos visibles"), "cards": ("carta", "cartas"),
         "knights": ("caballero jugado", "caballeros jugados")}
#: A step in the second person (you), and in the third (your rival); `narrate`.
DONE = {"forced-trade": ("haces un comercio forzoso", "hace un comercio forzoso"),
        "robber-to-desert": ("llevas el ladrón al desierto, sin robar",
                             "lleva el ladrón al desierto, sin robar"),
        "exchange": ("cambias 2 cartas iguales por 1 a tu elección",
                     "cambia 2 cartas iguales por 1 a su elección"),
        "end-turn": ("Terminas tu turno: ahora juega tu rival",
                     "Tu rival termina su turno: ahora juegas tú"),
        "roll": ("Tiras los dados", "Tu rival tira los dados"),
        "discard-knight": ("Descartas un caballero jugado",
                           "Tu rival descarta un caballero jugado"),
        "play-knight": ("Juegas un caballero", "Tu rival juega un caballero")}
#: What a paid action buys, after "pagar N monedas por" (a refusal).
PAID = {"forced-trade": "un comercio forzoso", "robber-to-desert": "llevar el ladrón al desierto",
        "exchange": "cambiar 2 cartas iguales por 1"}
INFINITIVES = {"end-turn": "terminar el turno", "roll": "tirar los dados",
               "discard-knight": "descartar un caballero jugado",
               "play-knight": "jugar un caballero",
               "robber-on-rival": "llevar el ladrón a un terreno de tu rival"}


@dataclass(config=STRICT)
class PlayerSpec:
    points: int = 2
    tokens: int | None = None  # default: the starting tokens
    knights: int = 0
    cards: int = 4


@dataclass(config=STRICT)
class EconomyStart:
    players: list[PlayerSpec] = field(default_factory=lambda: [PlayerSpec(), PlayerSpec()])
    current: Literal[0, 1] = 0
    rolled: bool = False
    robber_on_desert: bool = False
    army: Literal[0, 1] | None = None  # who holds the Largest Army (its points in `points`)


@dataclass(config=STRICT)
class PlayerExpect:
    points: int | None = None
    tokens: int | None = None
    knights: int | None = None
    cards: int | None = None


@dataclass(config=STRICT)
class EconomyExpect:
    players: list[PlayerExpect] | None = None
    supply: int | None = None
    current: int | None = None
    cost: int | None = None
    legal_count: int | None = None
    army: Literal[0, 1, "none"] | None = None


def economy_rules(components, section: str = "fichas") -> EconomyRules:
    e = components.economy
    settlement = next((b for b in components.buildings if b.id == "settlement"), None)
    return EconomyRules(tokens_total=need(components.game, "economy", "tokens_total"),
                        tokens_at_start=need(components.game, "economy", "tokens_at_start"),
                        actions=tuple(e.actions), actions_per_turn=e.actions_per_turn,
                        cost_not_ahead=e.cost_not_ahead, cost_ahead=e.cost_ahead,
                        unlock_points=e.unlock_points, after_roll=e.after_roll,
                        knight_discard=e.knight_discard,
                        settlement_gains=dict(e.settlement_gains),
                        robber_compensation=e.robber_compensation,
                        settlement_cost=len(settlement.cost) if settlement else 0,
                        army_on_play=e.army_on_play, section=section,
                        rulings=dict(e.rulings))


def _token_chapter(book) -> str:
    """The chapter the book's examples illustrate: where its token rules are."""
    sections = {s.example.section for s in book.examples}
    for chapter in book.chapters:
        if chapter.id in sections or any(a in sections for a, _ in chapter.sections):
            return chapter.id
    return book.chapters[0].id


def _check_rulings(book) -> None:
    """`economy.rulings` names engine rules and rulings that exist in the book."""
    mapping = book.components.economy.rulings
    known = {r.id for r in book.rulings}
    for name, ruling in mapping.items():
        if name not in RULES or ruling not in known:
            doc = read_yaml(book.folder / "components.yaml")
            if name not in RULES:
                raise doc.error(("economy", "rulings", name), f"unknown engine rule '{name}'",
                                f"one of {', '.join(RULES)}")
            raise doc.error(("economy", "rulings", name), f"ruling {ruling} is not in "
                            "rulings.yaml", "the id of the ruling that decides this rule")


class EconomyAdapter(Adapter):
    def __init__(self, book):
        self.book = book
        _check_rulings(book)
        self.rules = economy_rules(book.components, _token_chapter(book))
        self.language = book.meta.language
        tokens = book.print_spec.tokens if book.print_spec else None
        # «monedas» / «moneda», «fichas» / «ficha»: the first word of the tokens' names.
        many = tokens.name if tokens else "fichas"
        one = (tokens.name_one or tokens.name) if tokens else "ficha"
        self.unit = (one.split()[0], many.split()[0])

    def count(self, n: int, one: str, other: str) -> str:
        return count_noun(n, one, other, self.language)

    def tokens(self, n: int) -> str:
        return self.count(n, *self.unit)

    def new_game(self, source) -> EconomyGame:
        doc = source.doc
        spec = validate(doc, EconomyStart, at=("start",))
        if len(spec.players) != 2:
            raise doc.error(("start", "players"), "two players are needed", "a list of two")
        game = EconomyGame(self.rules)
        game.players = [Player(p.points, self.rules.tokens_at_start if p.tokens is None
                               else p.tokens, p.knights, p.cards) for p in spec.players]
        game.supply = self.rules.tokens_total - sum(p.tokens for p in game.players)
        if game.supply < 0:
            raise doc.error(("start", "players"), "more tokens than the game has",
                            f"at most {self.rules.tokens_total} in all")
        game.current, game.rolled = spec.current, spec.rolled
        game.robber_on_desert = spec.robber_on_desert
        game.army = spec.army
        return game

    def parse(self, text: str) -> Act:
        words = text.split()
        if not words or words[0] not in VERBS:
            raise ValueError(f"unknown action {text!r}; expected one of: {', '.join(VERBS)}")
        if words[0] == "settle":
            if len(words) != 2 or words[1] not in SPOTS:
                raise ValueError(f"{text!r} does not read as 'settle {'|'.join(SPOTS)}'")
            return Act("settle", words[1])
        if len(words) != 1:
            raise ValueError(f"{text!r}: '{words[0]}' takes no argument")
        return Act(words[0])

    def compare(self, game: EconomyGame, expect: dict, source, path) -> list[str]:
        spec = validate(source.doc, EconomyExpect, at=path)
        found = []
        if spec.players is not None:
            for n, (want, have) in enumerate(zip(spec.players, game.players)):
                for name in ("points", "tokens", "knights", "cards"):
                    wanted = getattr(want, name)
                    if wanted is not None and wanted != getattr(have, name):
                        found.append(f"expected player {n + 1} {name} {wanted}, "
                                     f"found {getattr(have, name)}")
        army = "none" if game.army is None else game.army
        checks = {"supply": game.supply, "current": game.current, "cost": game.action_cost(),
                  "legal_count": len(game.legal_actions()), "army": army}
        return found + mismatches((name, getattr(spec, name), have)
                                  for name, have in checks.items())

    def position_lines(self, game: EconomyGame):
        """The position in words: the diagram's text alternative."""
        lines = []
        for n, p in enumerate(game.players):
            turn = f" ({WHO[n]}), su turno" if n == game.current else f" ({WHO[n]})"
            parts = [self.count(p.points, "punto", "puntos"), self.tokens(p.tokens),
                     self.count(p.knights, "caballero jugado", "caballeros jugados")]
            if game.army == n:
                parts.append(f"tiene el {ARMY}")
            parts.append(self.count(p.cards, "carta", "cartas"))
            lines.append((f"Jugador {n + 1}{turn}", " · ".join(parts)))
        lines.append(("Reserva", self.tokens(game.supply)))
        return lines

    # --- drawn: the table in an example's box (diagrams/position_economy.py) --------------

    def _count(self, n: int, kind: str) -> str:
        if kind == "tokens":
            return self.tokens(n)
        return self.count(n, *NOUNS[kind])

    def position_svg(self, game: EconomyGame, before: EconomyGame | None = None,
                     screen: bool = False) -> str:
        """The two players side by side (whose turn, points, tokens, cards, knights, the
        Largest Army) and the reserve; its text alternative is `position_lines`."""
        from ..diagrams.position_economy import DEFAULT_COIN, EconomyWords, economy_svg
        from ..diagrams.style import style_for
        tokens = self.book.print_spec.tokens if self.book.print_spec else None
        words = EconomyWords(players=tuple(f"Jugador {n + 1} ({who})"
                                           for n, who in enumerate(WHO)),
                             army=ARMY, count=self._count)
        title = ". ".join(f"{label}: {text}" for label, text in self.position_lines(game))
        return economy_svg(game, style_for(self.book.components, self.book.theme), words,
                           coin_colour=tokens.front.colour if tokens else DEFAULT_COIN,
                           title=title, screen=screen)

    def position_caption(self, game: EconomyGame) -> str:
        """The line under the diagram: who plays, the dice, and what a paid action costs
        the player to move now (or why none can be paid)."""
        you = game.current == 0
        parts = ["Juegas tú" if you else "Juega tu rival"]
        if self.rules.after_roll:
            parts.append("dados tirados" if game.rolled else "sin tirar los dados")
        if not game.unlocked():
            parts.append(f"{self.unit[1]} sin uso hasta {self.rules.unlock_points} "
                         "puntos visibles")
        elif game.actions_used >= self.rules.actions_per_turn:
            parts.append("acción de pago ya hecha")
        else:
            parts.append(f"una acción {'te' if you else 'le'} cuesta "
                         f"{self.tokens(game.action_cost())}")
        if game.robber_on_desert:
            parts.append("ladrón en el desierto")
        return " · ".join(parts)

    # --- a step told whole, in the second person: player 1 is "tú" --------------------------

    def narrate(self, action: Act, before: EconomyGame, after: EconomyGame,
                refused: str | None = None) -> str:
        """The step as the players read it: "Pagas 1 moneda y llevas el ladrón al
        desierto"; player 2's steps as "Tu rival …"; a refusal as "No puedes …"."""
        you = before.current == 0
        verb = action.verb
        if refused:
            if verb in ACTIONS:
                paid = f"pagar {self.tokens(before.action_cost())} por {PAID[verb]}"
                return f"No puedes {paid}" if you else f"Tu rival no puede {paid}"
            what = INFINITIVES[verb] if verb != "settle" else \
                f"construir un poblado{self._where(action)}"
            return f"No puedes {what}" if you else f"Tu rival no puede {what}"
        me, other = before.current, 1 - before.current
        gained = after.players[me].tokens - before.players[me].tokens
        if verb in ACTIONS:
            cost = self.tokens(before.action_cost())
            if verb == "forced-trade":
                taken = self.count(min(2, before.players[other].cards), "carta", "cartas")
                return (f"Pagas {cost} por un comercio forzoso: tomas {taken} al azar de tu "
                        "rival y le das 2 a tu elección" if you else
                        f"Tu rival paga {cost} por un comercio forzoso: toma {taken} al azar "
                        "de tu mano y te da 2 a su elección")
            return f"Pagas {cost} y {DONE[verb][0]}" if you else \
                f"Tu rival paga {cost} y {DONE[verb][1]}"
        if verb == "settle":
            paid = self.count(self.rules.settlement_cost, "carta", "cartas")
            text = (f"Construyes un poblado{self._where(action)} (pagas {paid})" if you else
                    f"Tu rival construye un poblado{self._where(action)} (paga {paid})")
            if gained:
                text += f" y {'tomas' if you else 'toma'} {self.tokens(gained)} de la reserva"
            return text
        if verb == "robber-on-rival":
            given = after.players[other].tokens - before.players[other].tokens
            got = (f", que recibe {self.tokens(given)} de la reserva" if you
                   else f", y recibes {self.tokens(given)} de la reserva") if given else ""
            return (("Con un 7 o un caballero, llevas el ladrón a un terreno de tu rival"
                     if you else "Con un 7 o un caballero, tu rival lleva el ladrón a un "
                     "terreno tuyo") + got)
        text = DONE[verb][0 if you else 1]
        if verb == "discard-knight":
            wanted = self.rules.knight_discard
            text += (f" y {'tomas' if you else 'toma'} {self.tokens(gained)} de la reserva"
                     if gained else f": la reserva está vacía y no "
                                    f"{'recibes' if you else 'recibe'} {self.unit[1]}")
            if gained and gained < wanted:
                text += ", que no tiene más"
        return text + self._army(before, after, you)

    def _army(self, before: EconomyGame, after: EconomyGame, you: bool) -> str:
        """What the step did to the Largest Army card, as a clause after the step."""
        if before.army == after.army:
            return ""
        me = before.current
        points = self.count(self.rules.army_points, "punto", "puntos")
        if after.army == me:
            return (f": tomas el {ARMY} y sus {points}" if you
                    else f": toma el {ARMY} y sus {points}")
        lost = f"pierdes el {ARMY} y sus {points}" if you \
            else f"pierde el {ARMY} y sus {points}"
        if after.army is None:  # set aside (official rules) or without owner (1-v-1)
            return (f": {lost}, y la carta queda sin dueño" if self.rules.army_on_play
                    else f": {lost}, y la carta queda apartada")
        return f": {lost}, que pasan a {'tu rival' if you else 'ti'}"

    def _where(self, action: Act) -> str:
        return f" {SPOT_WORDS[action.arg]}" if self.rules.settlement_gains else ""

    def action_text(self, action: Act, before) -> str:
        if action.verb == "settle":
            where = f" {SPOT_WORDS[action.arg]}" if self.rules.settlement_gains else ""
            paid = self.count(self.rules.settlement_cost, "carta", "cartas")
            return f"Construye un poblado{where} (pagas {paid})"
        text = WORDS[action.verb]
        if action.verb in ACTIONS and before is not None:
            text += f" (cuesta {self.tokens(before.action_cost())})"
        return text

    # --- whole games, for `rulebook simulate` (generator/simulate/economy.py) -------------

    won_means = ("Dos jugadores, los dos con el mismo jugador automático: «victorias» cuenta "
                 "las del que empieza. El motor no modela dados ni recursos: en la simulación, "
                 "cada turno quien juega recibe de 0 a 3 cartas (1,5 de media) y cada uno "
                 "empieza con 3.")

    @property
    def players(self) -> dict:
        from ..simulate.economy import EconomyGreedy
        return {"greedy": EconomyGreedy}

    def random_start(self, seed: int):
        from ..simulate.economy import deal
        return deal(self, seed)

    def is_over(self, game) -> bool:
        return game.over

    def result(self, game):
        from ..simulate.economy import outcome
        return outcome(game)
