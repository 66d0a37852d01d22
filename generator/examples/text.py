"""Worked examples in words: positions and actions as the book prints them.

Shared by every renderer (PDF now, HTML later), so a position reads the same everywhere.
Names come from components.yaml; nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..content.model import Components
from ..i18n import count_noun
from ..engine.solo import Game
from ..engine.solo.actions import (Continue, Demolish, DiscardHand, DiscardMarket, EndRecycling,
                                   KnightPays, LibrarySwap, LoseCard, PayTownHall, PlaceLoose,
                                   Recycle, SacrificeHand, StartSeries, TradeMarket, TradeThree,
                                   UseKnight)

KNIGHT_FACES = {"A": "a pie", "B": "a caballo"}


@dataclass(frozen=True)
class Words:
    """Spanish names of resources, buildings and expansions, from the book's data."""

    components: Components

    def res(self, rid: str) -> str:
        return self.components.resource(rid).name.lower()

    def target(self, tid: str | None) -> str:
        if tid is None:
            return "carta suelta"
        for b in self.components.buildings:
            if b.id == tid:
                return b.name.lower()
        return next(e.name for e in self.components.expansions if e.id == tid)

    def building(self, bid: str) -> str:
        """A building given back, as the rules name it (R14: roads and knights, the last)."""
        named = {"road": "la última carretera", "knight": "el último caballero",
                 "settlement": "un poblado", "city": "una ciudad"}
        return named.get(bid, f"la {self.target(bid)}")

    def cards(self, rids: list[str]) -> str:
        return ", ".join(self.res(r) for r in rids) if rids else "ninguna"


def action_text(action, words: Words, game_before: Game | None = None) -> str:
    """An action as an imperative sentence of the rulebook."""
    w = words
    match action:
        case StartSeries():
            as_ = f" (como {w.res(action.as_resource)}, Universidad)" if action.as_resource else ""
            return f"Coloca {w.res(action.resource)}{as_} e inicia {_article(w.target(action.target))}"
        case Continue():
            as_ = f" como {w.res(action.as_resource)} (Universidad)" if action.as_resource else ""
            return f"Continúa la SC con {w.res(action.resource)}{as_}"
        case PlaceLoose():
            return f"Coloca {w.res(action.resource)} como carta suelta"
        case TradeMarket():
            return f"Cambia {w.res(action.give)} por {w.res(action.take)} del mercado"
        case TradeThree():
            pile = "del MDD" if action.source == "discard" else "del fondo del MDR"
            return f"Cambia tres de {w.res(action.give)} por {w.res(action.take)} {pile}"
        case LibrarySwap():
            return f"Biblioteca: da {w.res(action.give)} y toma {w.res(action.take)} del MDD"
        case Demolish():
            return f"Demuele la última carta de la SH devolviendo {w.building(action.payment)}"
        case PayTownHall():
            return "Paga las dos piedras del Ayuntamiento"
        case Recycle():
            return f"Recicla la SC más antigua devolviendo {w.building(action.payment)}"
        case EndRecycling():
            return "Termina de reciclar y baraja el nuevo MDR"
        case LoseCard():
            return "Pierde la carta de la SH"
        case SacrificeHand():
            return "Sacrifica la mano"
        case UseKnight():
            knights = game_before.knights if game_before else []
            if 0 <= action.index < len(knights):
                return f"Saca el caballero {KNIGHT_FACES[knights[action.index]]}"
            return "Saca un caballero"
        case KnightPays():
            return ("Devuelve el caballero" if action.with_ == "knight"
                    else "Devuelve la última carretera")
        case DiscardHand():
            return f"Descarta {w.res(action.resource)} de la mano"
        case DiscardMarket():
            return f"Descarta {w.res(action.resource)} del mercado"
    return str(action)


def _article(name: str) -> str:
    feminine = name.startswith(("carretera", "ciudad", "biblioteca", "universidad", "iglesia",
                                "ciudadela"))
    return ("una " if feminine else "un ") + name


def position_lines(game: Game, words: Words) -> list[tuple[str, str]]:
    """(label, text) lines describing a position, in the order a player scans the table."""
    w = words
    sh = []
    for series in game.history:
        cards = ", ".join(w.res(c.resource) if c.resource == c.counts_as
                          else f"{w.res(c.resource)} (como {w.res(c.counts_as)})"
                          for c in series.cards)
        mark = " ✓" if series.complete and series.built else ""
        sh.append(f"[{w.target(series.target).capitalize()}: {cards}{mark}]")
    built = [f"carreteras {' '.join(game.roads) or '—'}",
             f"caballeros {' '.join(game.knights) or '—'}"]
    if game.settlements:
        built.append(f"{game.settlements} poblado{'s' if game.settlements > 1 else ''}")
    if game.cities:
        built.append(f"{game.cities} ciudad{'es' if game.cities > 1 else ''}")
    built += [w.target(e) for e in game.expansions]
    lines = [
        ("Mano", w.cards(game.hand)),
        ("Mercado", w.cards(game.market)),
        ("SH", " ".join(sh) if sh else "vacía"),
        ("Construcciones", " · ".join(built)),
        ("Puntos", f"{game.points} · MDR {count_noun(len(game.deck), 'carta', 'cartas', 'es')}"
                   f" · MDD {len(game.discard)}"),
    ]
    if game.held:
        lines.insert(3, ("Robada", f"{w.cards(game.held)}, esperando decisión"))
    if game.is_over():
        lines.append(("Fin", "ganas la partida" if game.phase.value == "won"
                      else "la partida termina sin llegar al objetivo"))
    return lines


def series_label(series, words: Words, resolving: bool = False) -> str:
    """A series' caption in the SH diagram: its target, and a check once built.

    `resolving`: the refill after a placement is not over, so a complete series has not
    given its building yet (§ El turno: refill first, then build).
    """
    name = words.target(series.target).capitalize()
    if series.target is None:
        return name
    if series.complete and series.built:
        return f"{name} ✓"
    if series.complete:
        return f"{name} (pendiente)" if resolving else f"{name} (sin obtener)"
    return f"{name}…"
