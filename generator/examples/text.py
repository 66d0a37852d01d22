"""Worked examples in words: positions and steps as the book prints them (solo engine).

Shared by every renderer (PDF and HTML), so a position reads the same everywhere. Steps are
told in plain sentences, in the second person ("Colocas la madera y empiezas una carretera.
Robas una piedra: no coincide."): what the player does, then what the engine did after it,
in the order it happened, as the engine recorded it (`Game.log`, and the table before and
after the step). Nothing here decides a rule; names come from components.yaml and the
nouns the book spells out (mazo de recursos…) from its glossary.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..content.model import Components
from ..i18n import count_noun
from ..engine.solo import Game
from ..engine.solo.actions import (Continue, Demolish, DiscardHand, DiscardMarket, EndRecycling,
                                   KnightPays, LibrarySwap, LoseCard, PayTownHall, PlaceLoose,
                                   Recycle, SacrificeHand, StartSeries, TradeMarket, TradeThree,
                                   UseKnight)

KNIGHT_FACES = {"A": "a pie", "B": "a caballo"}
#: The nouns the book abbreviates, spelled out (the glossary's terms win when the book has it).
TERMS = {"MDR": "mazo de recursos", "MDD": "mazo de descartes", "SH": "serie histórica"}
NUMBERS = {2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis", 7: "siete", 8: "ocho",
           9: "nueve", 10: "diez"}
#: Labels of the position diagram's groups and its caption (diagrams/position.py).
DIAGRAM = {"hand": "Mano", "market": "Mercado", "table": "En la mesa", "empty": "vacía",
           "hand-empty": "vacía", "market-empty": "vacío"}
DECISIONS = {
    "coincidence": "coincidencia por resolver",
    "knight-pays": "falta devolver el caballero o la última carretera",
    "discard-hand": "falta descartar una carta de la mano",
    "discard-market": "falta descartar una carta del mercado",
    "recycling": "reciclando",
}
FEMININE_ENDINGS = ("a", "ad", "ión")


def feminine(name: str) -> bool:
    """Spanish gender of a component's name, by its ending (madera, ciudad; ladrillo)."""
    return name.lower().split()[0].endswith(FEMININE_ENDINGS)


def join(items: list[str]) -> str:
    """ "a", "a y b", "a, b y c"."""
    items = [i for i in items if i]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " y " + items[-1]


@dataclass(frozen=True)
class Words:
    """Spanish names of resources, buildings and expansions, from the book's data."""

    components: Components
    terms: dict = field(default_factory=dict)  # abbreviation → its term, spelled out

    @classmethod
    def for_book(cls, book) -> "Words":
        glossary = getattr(book, "glossary", None)
        terms = {a.abbr: a.term.lower() for a in glossary.abbreviations} if glossary else {}
        return cls(book.components, terms)

    def noun(self, abbr: str) -> str:
        """ "mazo de recursos" for MDR: the prose of a step spells nouns out."""
        return self.terms.get(abbr) or TERMS[abbr]

    def res(self, rid: str) -> str:
        return self.components.resource(rid).name.lower()

    def plural(self, rid: str) -> str:
        return self.components.resource(rid).plural

    def a(self, rid: str) -> str:
        """ "una piedra", "un ladrillo"."""
        name = self.res(rid)
        return ("una " if feminine(name) else "un ") + name

    def the(self, rid: str) -> str:
        """ "la piedra", "el ladrillo"."""
        name = self.res(rid)
        return ("la " if feminine(name) else "el ") + name

    def some(self, rids: list[str]) -> str:
        """Cards in the order they came, equal ones counted: "dos piedras y una oveja"."""
        counts = Counter(rids)
        parts = []
        for rid in dict.fromkeys(rids):
            n = counts[rid]
            parts.append(self.a(rid) if n == 1 else f"{NUMBERS.get(n, n)} {self.plural(rid)}")
        return join(parts)

    def the_some(self, rids: list[str]) -> str:
        """ "las dos piedras", "el ladrillo y la oveja"."""
        counts = Counter(rids)
        parts = []
        for rid in dict.fromkeys(rids):
            n, name = counts[rid], self.res(rid)
            article = ("la" if feminine(name) else "el") + ("s" if n > 1 else "")
            parts.append(f"{article} {name}" if n == 1
                         else f"{article} {NUMBERS.get(n, n)} {self.plural(rid)}")
        return join(parts)

    def target(self, tid: str | None) -> str:
        if tid is None:
            return "carta suelta"
        for b in self.components.buildings:
            if b.id == tid:
                return b.name.lower()
        return next(e.name for e in self.components.expansions if e.id == tid)

    def a_target(self, tid: str | None) -> str:
        name = self.target(tid)
        if self.is_expansion(tid):
            return ("la " if feminine(name) else "el ") + name
        return ("una " if feminine(name) else "un ") + name

    def is_expansion(self, tid: str | None) -> bool:
        return any(e.id == tid for e in self.components.expansions)

    def building_group(self, bid: str, count: int) -> str:
        """A group's label in the diagram: "Carretera", "Carreteras", "Biblioteca"."""
        for b in self.components.buildings:
            if b.id == bid:
                return b.name if count == 1 else b.plural.capitalize()
        return self.target(bid)

    def building(self, bid: str, game: Game | None = None) -> str:
        """A building given back, as the rules name it (R14: roads and knights, the last)."""
        if bid == "road":
            face = f" (cara {game.roads[-1]})" if game is not None and game.roads else ""
            return f"la última carretera{face}"
        if bid == "knight":
            return "el último caballero"
        named = {"settlement": "un poblado", "city": "una ciudad"}
        return named.get(bid) or self.a_target(bid)

    def cards(self, rids: list[str]) -> str:
        return join([self.res(r) for r in rids]) if rids else "ninguna"


# --- a step in sentences -------------------------------------------------------------------------

def _phrases(action, w: Words, before: Game | None) -> tuple[str, str]:
    """(what you do, in the second person; the same as an infinitive, for a refusal)."""
    last = before.last_card.resource if before is not None and before.last_card else None
    match action:
        case StartSeries():
            card = w.the(action.resource)
            if action.as_resource:
                card += f", que cuenta como {w.res(action.as_resource)} (Universidad),"
            target = w.a_target(action.target)
            return f"Colocas {card} y empiezas {target}", f"empezar {target} con {card}"
        case Continue():
            card = w.a(action.resource)
            if action.as_resource:
                card += f", que cuenta como {w.res(action.as_resource)} (Universidad)"
            return f"Continúas la serie con {card}", f"continuar la serie con {card}"
        case PlaceLoose():
            card = w.the(action.resource)
            return f"Colocas {card} como carta suelta", f"colocar {card} como carta suelta"
        case TradeMarket():
            what = f"{w.the(action.give)} de tu mano por {w.the(action.take)} del mercado"
            return f"Cambias {what}", f"cambiar {what}"
        case TradeThree():
            pile = (f"del {w.noun('MDD')}" if action.source == "discard"
                    else f"del fondo del {w.noun('MDR')}")
            what = f"tres {w.plural(action.give)} por {w.a(action.take)} {pile}"
            return f"Cambias {what}", f"cambiar {what}"
        case LibrarySwap():
            library = w.target("library")
            what = f"{w.the(action.give)} por {w.a(action.take)} del {w.noun('MDD')}"
            return f"Con la {library}, cambias {what}", f"usar la {library} para cambiar {what}"
        case Demolish():
            card = f"{w.the(last)} del final de la {w.noun('SH')}" if last \
                else f"la última carta de la {w.noun('SH')}"
            paid = w.building(action.payment, before)
            return f"Demueles {card} y devuelves {paid}", f"demoler {card} devolviendo {paid}"
        case PayTownHall():
            town_hall = w.target("town_hall")
            extra = before.rules.expansion_extra.get("town_hall", ()) if before else ()
            cards = w.the_some(list(extra)) if extra else "lo que falta"
            return f"Pagas {cards} del {town_hall}", f"pagar {cards} del {town_hall}"
        case Recycle():
            oldest = before.history[0] if before is not None and before.history else None
            series = "la serie más antigua"
            if oldest is not None:
                series += f", {w.a_target(oldest.target) if oldest.target else 'una carta suelta'},"
            paid = w.building(action.payment, before)
            return f"Reciclas {series} y devuelves {paid}", f"reciclar {series} devolviendo {paid}"
        case EndRecycling():
            return "Terminas de reciclar", "terminar de reciclar"
        case LoseCard():
            card = f"{w.the(last)} de la {w.noun('SH')}" if last \
                else f"la última carta de la {w.noun('SH')}"
            return f"Pierdes {card}", f"perder {card}"
        case SacrificeHand():
            return ("Sacrificas la mano: sus cartas y la carta robada salen del juego",
                    "sacrificar la mano")
        case UseKnight():
            knights = before.knights if before is not None else []
            if 0 <= action.index < len(knights):
                knight = f"el caballero {KNIGHT_FACES[knights[action.index]]}"
            else:
                knight = "un caballero"
            return f"Sacas {knight}", f"sacar {knight}"
        case KnightPays():
            paid = "el caballero" if action.with_ == "knight" else w.building("road", before)
            return f"Devuelves {paid}", f"devolver {paid}"
        case DiscardHand():
            return (f"Descartas {w.the(action.resource)} de tu mano",
                    f"descartar {w.the(action.resource)} de tu mano")
        case DiscardMarket():
            return (f"Descartas {w.the(action.resource)} del mercado",
                    f"descartar {w.the(action.resource)} del mercado")
    return str(action), str(action)


def action_text(action, words: Words, game_before: Game | None = None) -> str:
    """What the player does, as a sentence of the book without its final stop."""
    return _phrases(action, words, game_before)[0]


def narrate(action, words: Words, before: Game, after: Game, refused: str | None = None) -> str:
    """A whole step as the book tells it: what you do, then what followed, in the order the
    engine did it; sentences, the last without its final stop (the renderers add it).

    A refused step is one sentence, "No puedes …": the position did not change."""
    present, infinitive = _phrases(action, words, before)
    if refused:
        return f"No puedes {infinitive}"
    sentences = [present]
    log = list(after.log)
    knight_draws = [card for kind, *rest in log if kind == "draw"
                    for card, how in [rest] if how == "knight"]
    losses = _losses(action, words, before, after, log)
    if knight_draws:
        sentences.append(_knight_sentence(knight_draws, words, before, after))
    if losses and isinstance(action, (LoseCard, Demolish)) and before.last_card:
        card = words.res(before.last_card.resource)
        sentences[0] += f" y, con {'ella' if feminine(card) else 'él'}, {join(losses)}"
    elif losses:
        sentences.append(f"Pierdes {join(losses)}")
    sentences += _log_sentences(log, words, action, before, after)
    if after.is_over() and not before.is_over():
        sentences.append(_end_sentence(after, words))
    return ". ".join(s[0].upper() + s[1:] for s in sentences if s)


def _knight_sentence(cards: list[str], w: Words, before: Game, after: Game) -> str:
    said = f"El caballero roba {w.some(cards)}"
    new = after.events - before.events
    if new["knight-failed"]:
        return f"{said}: falla"
    if new["knight-downgraded"]:
        return f"{said}: la carta se salva y el caballero baja del caballo, ahora está a pie"
    return f"{said}: la carta se salva"


def _log_sentences(log, w: Words, action, before: Game, after: Game) -> list[str]:
    """Draws, buildings obtained and new decks, in the order the engine recorded them."""
    out: list[str] = []
    run: list[tuple[str, str]] = []  # draws of one kind in a row

    def flush():
        if not run:
            return
        kinds = {how for _, how in run}
        if kinds & {"miss", "match"}:
            misses = [card for card, how in run if how == "miss"]
            matches = [card for card, how in run if how == "match"]
            if misses:
                out.append(f"Robas {w.some(misses)}: "
                           + ("no coincide" if len(misses) == 1 else "ninguna coincide"))
            if matches:
                out.append(f"{'Luego robas' if misses else 'Robas'} {w.some(matches)}: coincide")
        else:
            hand = [card for card, how in run if how == "hand"]
            market = [card for card, how in run if how == "market"]
            parts = []
            if hand:
                parts.append(f"{w.some(hand)} para la mano")
            if market:
                parts.append(f"{w.some(market)} para el mercado")
            out.append(f"Robas sin comparar {join(parts)}")
        run.clear()

    for entry in log:
        kind = entry[0]
        if kind == "draw":
            card, how = entry[1], entry[2]
            if how == "knight":
                continue
            compared = how in ("miss", "match")
            if run and (run[-1][1] in ("miss", "match")) != compared:
                flush()
            run.append((card, how))
            continue
        flush()
        if kind == "built":
            out.append(_built_sentence(entry[1], w, after))
        elif kind == "new-deck" and not isinstance(action, EndRecycling):
            out.append(f"Hay progreso: barajas el {w.noun('MDD')} con el {w.noun('MDR')}")
        elif kind == "new-deck":
            out.append(f"Las cartas recicladas y el {w.noun('MDD')} forman el nuevo "
                       f"{w.noun('MDR')}")
    flush()
    return out


def _built_sentence(target: str, w: Words, after: Game) -> str:
    if target == "road":
        return f"Obtienes una carretera (cara {after.roads[-1]})" if after.roads \
            else "Obtienes una carretera"
    if target == "knight":
        face = KNIGHT_FACES.get(after.knights[-1]) if after.knights else None
        return f"Obtienes un caballero, que entra {face}" if face else "Obtienes un caballero"
    if target == "city":
        return "Obtienes una ciudad: das la vuelta a un poblado"
    return f"Obtienes {w.a_target(target)}"


def _losses(action, w: Words, before: Game, after: Game, log) -> list[str]:
    """What left the table besides what the action itself names (its payment): the SH cards
    and the buildings lost with them, a road lost by a failed knight, an orphaned expansion."""
    built = Counter(entry[1] for entry in log if entry[0] == "built")
    new = after.events - before.events
    paid = None
    if isinstance(action, (Demolish, Recycle)):
        paid = action.payment
    elif isinstance(action, KnightPays):
        paid = action.with_
    out = []
    knights = len(before.knights) + built["knight"] - len(after.knights)
    if paid == "knight":
        knights -= 1
    if knights > 0:
        out.append("el caballero" if knights == 1 else f"{NUMBERS.get(knights)} caballeros")
    if not isinstance(action, (LoseCard, Demolish, Recycle)):
        gone = lost_cards(before, after)
        if gone:
            out.append(f"{w.the_some(gone)} de la {w.noun('SH')}")
    built_roads = after.roads[len(after.roads) - built["road"]:] if built["road"] else []
    roads = Counter(before.roads) + Counter(built_roads) - Counter(after.roads)
    if paid == "road" and before.roads:
        roads[before.roads[-1]] -= 1
    for face in before.roads[::-1]:
        if roads[face] > 0:
            roads[face] -= 1
            out.append(f"la carretera {face}")
    flips = new["city-flipped"] - (1 if paid == "city" else 0)
    settlements = (before.settlements + built["settlement"] - built["city"] + new["city-flipped"]
                   - after.settlements - (1 if paid == "settlement" else 0))
    cities = (before.cities + built["city"] - new["city-flipped"] - after.cities)
    if settlements > 0:
        out.append(count_noun(settlements, "poblado", "poblados", "es").replace("1 ", "un ", 1))
    if cities > 0:
        out.append(count_noun(cities, "ciudad", "ciudades", "es").replace("1 ", "una ", 1))
    if flips > 0:
        out.append("una ciudad, que vuelve a ser poblado" if flips == 1
                   else f"{NUMBERS.get(flips)} ciudades, que vuelven a ser poblados")
    for expansion in before.expansions:
        if expansion not in after.expansions and expansion != paid:
            out.append(w.a_target(expansion))
    return out


def lost_cards(before: Game, after: Game) -> list[str]:
    """Cards that left the end of the SH between two positions (lost or demolished)."""
    old = [c.resource for s in before.history for c in s.cards]
    new = [c.resource for s in after.history for c in s.cards]
    common = 0
    while common < min(len(old), len(new)) and old[common] == new[common]:
        common += 1
    return old[common:] if len(new) == common else []


def _end_sentence(game: Game, w: Words) -> str:
    if game.phase.value == "won":
        return f"Llegas a {count_noun(game.points, 'punto', 'puntos', 'es')}: ganas la partida"
    if game.end_reason == "exhausted":
        return (f"El {w.noun('MDR')} se ha acabado y no puedes progresar ni reciclar: la "
                "partida termina")
    return "No queda ninguna acción posible: la partida termina"


# --- a position in words -------------------------------------------------------------------------

def position_caption(game: Game, words: Words) -> str:
    """The line under a position's diagram: points and the two piles, spelled out."""
    w = words
    return " · ".join([
        count_noun(game.points, "punto", "puntos", "es"),
        f"{count_noun(len(game.deck), 'carta', 'cartas', 'es')} en el {w.noun('MDR')}",
        f"{len(game.discard)} en el {w.noun('MDD')}"])


def position_status(game: Game, words: Words) -> str:
    """What a position waits for, or how the game ended ("" if neither): said after the
    position's label ("Tras el paso 2 · coincidencia por resolver")."""
    w = words
    parts = []
    if game.decision:
        parts.append(DECISIONS.get(game.decision, game.decision))
    if game.town_hall_due:
        extra = game.rules.expansion_extra.get("town_hall", ())
        parts.append(f"faltan {w.some(list(extra))} del {w.target('town_hall')}")
    if game.is_over():
        parts.append("ganas la partida" if game.phase.value == "won"
                     else "la partida termina sin llegar al objetivo")
    return " · ".join(parts)


def series_words(series, words: Words) -> str:
    """A series in words: "carretera: madera y ladrillo, completa"."""
    w = words
    cards = join([w.res(c.resource) if c.resource == c.counts_as
                  else f"{w.res(c.resource)} como {w.res(c.counts_as)}" for c in series.cards])
    state = ""
    if series.target is not None:
        state = (", completa" if series.complete and series.built
                 else ", completa, sin obtener" if series.complete else ", sin terminar")
    return f"{w.target(series.target)}: {cards}{state}"


def table_words(game: Game, words: Words) -> str:
    """The buildings on the table: "2 carreteras (A y B), 1 poblado, la Biblioteca"."""
    built = [f"{count_noun(len(game.roads), 'carretera', 'carreteras', 'es')} "
             f"({join(game.roads)})"]
    if game.knights:
        built.append(f"{count_noun(len(game.knights), 'caballero', 'caballeros', 'es')} "
                     f"({join(game.knights)})")
    if game.settlements:
        built.append(count_noun(game.settlements, "poblado", "poblados", "es"))
    if game.cities:
        built.append(count_noun(game.cities, "ciudad", "ciudades", "es"))
    built += [words.a_target(e) for e in game.expansions]
    return ", ".join(built)


def position_lines(game: Game, words: Words) -> list[tuple[str, str]]:
    """(label, text) lines describing a position, in the order a player scans the table: the
    text alternative of the position's diagram."""
    w = words
    lines = [
        (DIAGRAM["hand"], w.cards(game.hand)),
        (DIAGRAM["market"], w.cards(game.market)),
        (w.noun("SH").capitalize(), "; ".join(series_words(s, w) for s in game.history)
         or DIAGRAM["empty"]),
        (DIAGRAM["table"], table_words(game, w)),
        ("Puntos", " · ".join(filter(None, [position_caption(game, w),
                                             position_status(game, w)]))),
    ]
    if game.held:
        lines.insert(3, ("Robada", f"{w.cards(game.held)}, por decidir"))
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
