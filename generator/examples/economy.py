"""The token economy's side of worked examples (two-player Catan, 1-v-1 with coins)."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from ..content.yamlsource import validate
from ..engine.economy import EconomyGame, EconomyRules
from ..engine.economy.game import ACTIONS, SPOTS, Act, Player
from .adapter import Adapter, mismatches

STRICT = ConfigDict(extra="forbid", frozen=True)
VERBS = ACTIONS + ("end-turn", "roll", "discard-knight", "settle", "robber-on-rival")
WORDS = {"forced-trade": "Comercio forzoso", "robber-to-desert": "Ladrón al desierto",
         "exchange": "Cambio de dos por uno", "end-turn": "Termina el turno",
         "roll": "Tira los dados", "discard-knight": "Descarta un caballero jugado",
         "robber-on-rival": "El ladrón cae en una casilla del rival"}
SPOT_WORDS = {"inland": "en el interior", "coast": "en la costa", "desert": "junto al desierto",
              "desert-coast": "junto al desierto y en la costa"}


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


def economy_rules(components) -> EconomyRules:
    e = components.economy
    return EconomyRules(tokens_total=components.game.tokens_total,
                        tokens_at_start=components.game.tokens_at_start,
                        actions=tuple(e.actions), actions_per_turn=e.actions_per_turn,
                        cost_not_ahead=e.cost_not_ahead, cost_ahead=e.cost_ahead,
                        unlock_points=e.unlock_points, after_roll=e.after_roll,
                        knight_discard=e.knight_discard,
                        settlement_gains=dict(e.settlement_gains),
                        robber_compensation=e.robber_compensation)


class EconomyAdapter(Adapter):
    def __init__(self, book):
        self.book = book
        self.rules = economy_rules(book.components)
        tokens = book.print_spec.tokens if book.print_spec else None
        self.unit = tokens.name.split()[0] if tokens else "fichas"  # «monedas», «fichas»

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
        checks = {"supply": game.supply, "current": game.current, "cost": game.action_cost(),
                  "legal_count": len(game.legal_actions())}
        return found + mismatches((name, getattr(spec, name), have)
                                  for name, have in checks.items())

    def position_lines(self, game: EconomyGame):
        lines = []
        for n, p in enumerate(game.players):
            turn = " (su turno)" if n == game.current else ""
            knights = "1 caballero jugado" if p.knights == 1 else f"{p.knights} caballeros jugados"
            lines.append((f"Jugador {n + 1}{turn}",
                          f"{p.points} puntos · {p.tokens} {self.unit} · {knights} · "
                          f"{p.cards} cartas"))
        lines.append(("Reserva", f"{game.supply} {self.unit}"))
        return lines

    def action_text(self, action: Act, before) -> str:
        if action.verb == "settle":
            return f"Construye un poblado {SPOT_WORDS[action.arg]}"
        text = WORDS[action.verb]
        if action.verb in ACTIONS and before is not None:
            cost = before.action_cost()
            text += f" (cuesta {cost} {self.unit if cost > 1 else self.unit[:-1]})"
        return text
