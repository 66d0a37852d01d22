"""Worked examples in words: positions and steps as the book prints them (solo engine).

Shared by every renderer (PDF and HTML), so a position reads the same everywhere. Steps are
told in plain sentences, in the second person ("Colocas la madera y empiezas una carretera.
Robas una piedra: no coincide."; "You place the lumber and start a road. You draw an ore:
no match."): what the player does, then what the engine did after it, in the order it
happened, as the engine recorded it (`Game.log`, and the table before and after the step).
Nothing here decides a rule; names come from components.yaml, the nouns the book spells out
(mazo de recursos…) from its glossary, and every other word from the gettext catalogs in
the book's language (`generator/locale/`: English msgids, articles by `Translator.a/the`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.diagrams.words import BookWords
from generator.core.i18n import N_
from generator.games.solo_catan import Game
from generator.games.solo_catan.actions import (Continue, Demolish, DiscardHand, DiscardMarket,
                                                EndRecycling, KnightPays, LibrarySwap, LoseCard,
                                                PayTownHall, PlaceLoose, Recycle, SacrificeHand,
                                                StartSeries, TradeMarket, TradeThree, UseKnight)

#: The faces of a knight card, after "the knight" ("el caballero a pie").
KNIGHT_FACES = {"A": N_("on foot"), "B": N_("on horseback")}
#: The nouns the book abbreviates, spelled out (the glossary's terms win when the book has it).
TERMS = {"MDR": N_("resource deck"), "MDD": N_("discard deck"), "SH": N_("historical series")}
NUMBERS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"),
           7: N_("seven"), 8: N_("eight"), 9: N_("nine"), 10: N_("ten")}
DECISIONS = {
    "coincidence": N_("match to resolve"),
    "knight-pays": N_("the knight or the last road still to give back"),
    "discard-hand": N_("a card of your hand still to discard"),
    "discard-market": N_("a card of the market still to discard"),
    "recycling": N_("recycling"),
}


@dataclass(frozen=True)
class Words(BookWords):
    """The solo game's words: its groups, series, targets and counts, in the book's
    language, besides the book's names (`BookWords`)."""

    def noun(self, abbr: str) -> str:
        """ "mazo de recursos" for MDR: the prose of a step spells nouns out."""
        return self.terms.get(abbr) or self.t.gettext(TERMS[abbr])

    def number(self, n: int) -> str:
        """ "dos", "two": small counts spelled out, as a player says them."""
        return self.t.gettext(NUMBERS[n]) if n in NUMBERS else str(n)

    def join(self, items: list[str]) -> str:
        return self.t.join(items)

    def label(self, kind: str) -> str:
        """A group's label in the position diagram and its text alternative."""
        t = self.t
        return {"hand": t.gettext("Hand"), "market": t.gettext("Market"),
                "table": t.gettext("On the table"), "points": t.gettext("Points"),
                "held": t.gettext("Drawn")}[kind]

    def empty(self, kind: str) -> str:
        """The word for an empty hand, market or SH ("vacía", "vacío": it agrees)."""
        t = self.t
        return {"hand": t.pgettext("hand", "empty"), "market": t.pgettext("market", "empty"),
                "sh": t.pgettext("series", "empty")}[kind]

    def marks(self) -> tuple[str, str]:
        """The words under a card just drawn and a card just lost in the SH diagram
        ("robada", "perdida": they agree with «carta»)."""
        return self.t.pgettext("card", "drawn"), self.t.pgettext("card", "lost")

    def plural(self, rid: str) -> str:
        return self.components.resource(rid).plural

    def a(self, rid: str) -> str:
        """ "una piedra", "un ladrillo"; "an ore"."""
        return self.t.a(self.res(rid))

    def the(self, rid: str) -> str:
        """ "la piedra", "el ladrillo"; "the ore"."""
        return self.t.the(self.res(rid))

    def some(self, rids: list[str]) -> str:
        """Cards in the order they came, equal ones counted: "dos piedras y una oveja"."""
        counts = Counter(rids)
        parts = []
        for rid in dict.fromkeys(rids):
            n = counts[rid]
            parts.append(self.a(rid) if n == 1 else f"{self.number(n)} {self.plural(rid)}")
        return self.join(parts)

    def the_some(self, rids: list[str]) -> str:
        """ "las dos piedras", "el ladrillo y la oveja"."""
        counts = Counter(rids)
        parts = []
        for rid in dict.fromkeys(rids):
            n, name = counts[rid], self.res(rid)
            parts.append(self.t.the(name) if n == 1 else
                         self.t.the(f"{self.number(n)} {self.plural(rid)}", n, like=name))
        return self.join(parts)

    def target(self, tid: str | None) -> str:
        if tid is None:
            return self.t.gettext("loose card")
        for b in self.components.buildings:
            if b.id == tid:
                return b.name.lower()
        return next(e.name for e in self.components.expansions if e.id == tid)

    def a_target(self, tid: str | None) -> str:
        name = self.target(tid)
        if self.is_expansion(tid):
            return self.t.the(name)
        return self.t.a(name)

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
        t = self.t
        if bid == "road":
            if game is not None and game.roads:
                return t.gettext("the last road (side {face})").format(face=game.roads[-1])
            return t.gettext("the last road")
        if bid == "knight":
            return t.gettext("the last knight")
        named = {"settlement": t.gettext("a settlement"), "city": t.gettext("a city")}
        return named.get(bid) or self.a_target(bid)

    def cards(self, rids: list[str]) -> str:
        return self.join([self.res(r) for r in rids]) if rids else self.t.pgettext("cards",
                                                                                    "none")

    def knight(self, face: str) -> str:
        """ "el caballero a pie": a knight by the face it shows."""
        return self.t.gettext("the knight {face}").format(face=self.t.gettext(KNIGHT_FACES[face]))

    def university(self) -> str:
        """The University expansion's name, for "counts as … (Universidad)"."""
        return self.target("university") if self.is_expansion("university") else \
            self.t.gettext("University")


# --- a step in sentences -------------------------------------------------------------------------

def _phrases(action, w: Words, before: Game | None) -> tuple[str, str]:
    """(what you do, in the second person; the same as an infinitive, for a refusal)."""
    t = w.t
    last = before.last_card.resource if before is not None and before.last_card else None

    def counted(rid: str) -> str:
        return t.gettext(", which counts as {resource} ({university})").format(
            resource=w.res(rid), university=w.university())

    match action:
        case StartSeries():
            card = w.the(action.resource)
            if action.as_resource:
                card += counted(action.as_resource) + ","
            target = w.a_target(action.target)
            return (t.gettext("You place {card} and start {target}"),
                    t.gettext("start {target} with {card}")), dict(card=card, target=target)
        case Continue():
            card = w.a(action.resource)
            if action.as_resource:
                card += counted(action.as_resource)
            return (t.gettext("You continue the series with {card}"),
                    t.gettext("continue the series with {card}")), dict(card=card)
        case PlaceLoose():
            return (t.gettext("You place {card} as a loose card"),
                    t.gettext("place {card} as a loose card")), dict(card=w.the(action.resource))
        case TradeMarket():
            what = t.gettext("{give} from your hand for {take} from the market").format(
                give=w.the(action.give), take=w.the(action.take))
            return (t.gettext("You trade {what}"), t.gettext("trade {what}")), dict(what=what)
        case TradeThree():
            pile = (t.gettext("from the {discard}") if action.source == "discard"
                    else t.gettext("from the bottom of the {deck}")).format(
                discard=w.noun("MDD"), deck=w.noun("MDR"))
            what = t.gettext("three {resources} for {card} {pile}").format(
                resources=w.plural(action.give), card=w.a(action.take), pile=pile)
            return (t.gettext("You trade {what}"), t.gettext("trade {what}")), dict(what=what)
        case LibrarySwap():
            what = t.gettext("{give} for {take} from the {discard}").format(
                give=w.the(action.give), take=w.a(action.take), discard=w.noun("MDD"))
            return (t.gettext("With the {library}, you trade {what}"),
                    t.gettext("use the {library} to trade {what}")), dict(
                library=w.target("library"), what=what)
        case Demolish():
            card = (t.gettext("{card} from the end of the {sh}") if last
                    else t.gettext("the last card of the {sh}")).format(
                card=w.the(last) if last else "", sh=w.noun("SH"))
            return (t.gettext("You demolish {card} and give back {paid}"),
                    t.gettext("demolish {card}, giving back {paid}")), dict(
                card=card, paid=w.building(action.payment, before))
        case PayTownHall():
            extra = before.rules.expansion_extra.get("town_hall", ()) if before else ()
            cards = w.the_some(list(extra)) if extra else t.gettext("what is missing")
            return (t.gettext("You pay {cards} for the {town_hall}"),
                    t.gettext("pay {cards} for the {town_hall}")), dict(
                cards=cards, town_hall=w.target("town_hall"))
        case Recycle():
            oldest = before.history[0] if before is not None and before.history else None
            series = t.gettext("the oldest series")
            if oldest is not None:
                what = (w.a_target(oldest.target) if oldest.target
                        else t.gettext("a loose card"))
                # In brackets, not between commas (English: the apposition's closing comma
                # met the participle's, "the oldest series, a knight,, giving back").
                series = t.gettext("the oldest series ({what})").format(what=what)
            return (t.gettext("You recycle {series} and give back {paid}"),
                    t.gettext("recycle {series}, giving back {paid}")), dict(
                series=series, paid=w.building(action.payment, before))
        case EndRecycling():
            return (t.gettext("You finish recycling"), t.gettext("finish recycling")), {}
        case LoseCard():
            card = (t.gettext("{card} from the {sh}") if last
                    else t.gettext("the last card of the {sh}")).format(
                card=w.the(last) if last else "", sh=w.noun("SH"))
            return (t.gettext("You lose {what}"), t.gettext("lose {what}")), dict(what=card)
        case SacrificeHand():
            return (t.gettext("You sacrifice your hand: its cards and the card drawn leave "
                              "the game"), t.gettext("sacrifice your hand")), {}
        case UseKnight():
            knights = before.knights if before is not None else []
            knight = (w.knight(knights[action.index]) if 0 <= action.index < len(knights)
                      else t.gettext("a knight"))
            return (t.gettext("You bring out {knight}"), t.gettext("bring out {knight}")), dict(
                knight=knight)
        case KnightPays():
            paid = (t.gettext("the knight") if action.with_ == "knight"
                    else w.building("road", before))
            return (t.gettext("You give back {paid}"), t.gettext("give back {paid}")), dict(
                paid=paid)
        case DiscardHand():
            return (t.gettext("You discard {card} from your hand"),
                    t.gettext("discard {card} from your hand")), dict(card=w.the(action.resource))
        case DiscardMarket():
            return (t.gettext("You discard {card} from the market"),
                    t.gettext("discard {card} from the market")), dict(
                card=w.the(action.resource))
    return (str(action), str(action)), {}


def _said(action, w: Words, before: Game | None) -> tuple[str, str]:
    forms, values = _phrases(action, w, before)
    return tuple(form.format(**values) for form in forms)


def action_text(action, words: Words, game_before: Game | None = None) -> str:
    """What the player does, as a sentence of the book without its final stop."""
    return _said(action, words, game_before)[0]


def narrate(action, words: Words, before: Game, after: Game, refused: str | None = None) -> str:
    """A whole step as the book tells it: what you do, then what followed, in the order the
    engine did it; sentences, the last without its final stop (the renderers add it).

    A refused step is one sentence, "No puedes …" ("You cannot …"): the position did not
    change."""
    t = words.t
    present, infinitive = _said(action, words, before)
    if refused:
        return t.gettext("You cannot {action}").format(action=infinitive)
    sentences = [present]
    log = list(after.log)
    knight_draws = [card for kind, *rest in log if kind == "draw"
                    for card, how in [rest] if how == "knight"]
    losses = _losses(action, words, before, after, log)
    if knight_draws:
        sentences.append(_knight_sentence(knight_draws, words, before, after))
    if losses and isinstance(action, (LoseCard, Demolish)) and before.last_card:
        card = words.res(before.last_card.resource)
        # "y, con ella, …": the pronoun agrees with the card lost (its article class).
        with_it = (t.pgettext("article: marked noun", " and, with it, {losses}")
                   if t.marked(card) else
                   t.pgettext("article: unmarked noun", " and, with it, {losses}"))
        sentences[0] += with_it.format(losses=words.join(losses))
    elif losses:
        sentences.append(t.gettext("You lose {what}").format(what=words.join(losses)))
    sentences += _log_sentences(log, words, action, before, after)
    if after.is_over() and not before.is_over():
        sentences.append(_end_sentence(after, words))
    return ". ".join(s[0].upper() + s[1:] for s in sentences if s)


def _knight_sentence(cards: list[str], w: Words, before: Game, after: Game) -> str:
    t = w.t
    said = t.gettext("The knight draws {cards}").format(cards=w.some(cards))
    new = after.events - before.events
    if new["knight-failed"]:
        return t.gettext("{said}: it fails").format(said=said)
    if new["knight-downgraded"]:
        return t.gettext("{said}: the card is saved and the knight gets off his horse; he "
                         "is now on foot").format(said=said)
    return t.gettext("{said}: the card is saved").format(said=said)


def _log_sentences(log, w: Words, action, before: Game, after: Game) -> list[str]:
    """Draws, buildings obtained and new decks, in the order the engine recorded them."""
    t = w.t
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
                out.append(t.ngettext("You draw {cards}: no match", "You draw {cards}: none "
                                      "matches", len(misses)).format(cards=w.some(misses)))
            if matches:
                said = (t.gettext("Then you draw {cards}: a match") if misses
                        else t.gettext("You draw {cards}: a match"))
                out.append(said.format(cards=w.some(matches)))
        else:
            hand = [card for card, how in run if how == "hand"]
            market = [card for card, how in run if how == "market"]
            parts = []
            if hand:
                parts.append(t.gettext("{cards} for your hand").format(cards=w.some(hand)))
            if market:
                parts.append(t.gettext("{cards} for the market").format(cards=w.some(market)))
            out.append(t.gettext("You draw, without comparing, {cards}").format(
                cards=w.join(parts)))
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
        piles = dict(discard=w.noun("MDD"), deck=w.noun("MDR"))
        if kind == "built":
            out.append(_built_sentence(entry[1], w, after))
        elif kind == "new-deck" and not isinstance(action, EndRecycling):
            out.append(t.gettext("Progress: you shuffle the {discard} into the {deck}")
                       .format(**piles))
        elif kind == "new-deck":
            out.append(t.gettext("The recycled cards and the {discard} make the new {deck}")
                       .format(**piles))
    flush()
    return out


def _built_sentence(target: str, w: Words, after: Game) -> str:
    t = w.t
    if target == "road":
        return (t.gettext("You get a road (side {face})").format(face=after.roads[-1])
                if after.roads else t.gettext("You get a road"))
    if target == "knight":
        face = KNIGHT_FACES.get(after.knights[-1]) if after.knights else None
        return (t.gettext("You get a knight, which enters {face}").format(face=t.gettext(face))
                if face else t.gettext("You get a knight"))
    if target == "city":
        return t.gettext("You get a city: you turn a settlement over")
    return t.gettext("You get {thing}").format(thing=w.a_target(target))


def _losses(action, w: Words, before: Game, after: Game, log) -> list[str]:
    """What left the table besides what the action itself names (its payment): the SH cards
    and the buildings lost with them, a road lost by a failed knight, an orphaned expansion."""
    t = w.t
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
        out.append(t.ngettext("the knight", "{number} knights", knights).format(
            number=w.number(knights)))
    if not isinstance(action, (LoseCard, Demolish, Recycle)):
        gone = lost_cards(before, after)
        if gone:
            out.append(t.gettext("{cards} from the {sh}").format(cards=w.the_some(gone),
                                                                 sh=w.noun("SH")))
    built_roads = after.roads[len(after.roads) - built["road"]:] if built["road"] else []
    roads = Counter(before.roads) + Counter(built_roads) - Counter(after.roads)
    if paid == "road" and before.roads:
        roads[before.roads[-1]] -= 1
    for face in before.roads[::-1]:
        if roads[face] > 0:
            roads[face] -= 1
            out.append(t.gettext("road {face}").format(face=face))
    flips = new["city-flipped"] - (1 if paid == "city" else 0)
    settlements = (before.settlements + built["settlement"] - built["city"] + new["city-flipped"]
                   - after.settlements - (1 if paid == "settlement" else 0))
    cities = (before.cities + built["city"] - new["city-flipped"] - after.cities)
    if settlements > 0:
        out.append(t.ngettext("a settlement", "{n} settlements", settlements))
    if cities > 0:
        out.append(t.ngettext("a city", "{n} cities", cities))
    if flips > 0:
        out.append(t.ngettext("a city, which becomes a settlement again",
                              "{number} cities, which become settlements again", flips)
                   .format(number=w.number(flips)))
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


def _points(game: Game, w: Words) -> str:
    return w.t.ngettext("{n} point", "{n} points", game.points)


def _end_sentence(game: Game, w: Words) -> str:
    t = w.t
    if game.phase.value == "won":
        return t.gettext("You reach {points}: you win the game").format(points=_points(game, w))
    if game.end_reason == "exhausted":
        return t.gettext("The {deck} has run out and you can neither progress nor recycle: "
                         "the game ends").format(deck=w.noun("MDR"))
    return t.gettext("No action is left: the game ends")


# --- a position in words -------------------------------------------------------------------------

def position_caption(game: Game, words: Words) -> str:
    """The line under a position's diagram: points and the two piles, spelled out, and the
    cards out of the game when there are any (a sacrificed hand; an example's `rest:
    removed`), so that a reader who counts finds the game's cards."""
    w, t = words, words.t
    parts = [
        _points(game, w),
        t.gettext("{cards} in the {deck}").format(
            cards=t.ngettext("{n} card", "{n} cards", len(game.deck)), deck=w.noun("MDR")),
        t.gettext("{count} in the {discard}").format(count=len(game.discard),
                                                     discard=w.noun("MDD"))]
    if game.removed:
        parts.append(t.gettext("{count} out of the game").format(count=len(game.removed)))
    return " · ".join(parts)


def position_status(game: Game, words: Words) -> str:
    """What a position waits for, or how the game ended ("" if neither): said after the
    position's label ("Tras el paso 2 · coincidencia por resolver")."""
    w, t = words, words.t
    parts = []
    if game.decision:
        parts.append(t.gettext(DECISIONS[game.decision]) if game.decision in DECISIONS
                     else game.decision)
    if game.town_hall_due:
        extra = game.rules.expansion_extra.get("town_hall", ())
        parts.append(t.gettext("{cards} still owed for the {town_hall}").format(
            cards=w.some(list(extra)), town_hall=w.target("town_hall")))
    if game.is_over():
        parts.append(t.gettext("you win the game") if game.phase.value == "won"
                     else t.gettext("the game ends without reaching the goal"))
    return " · ".join(parts)


def sh_words(history, words: Words) -> str:
    """The Serie Histórica in words, its series one after another (or "vacía")."""
    return "; ".join(series_words(s, words) for s in history) or words.empty("sh")


def series_words(series, words: Words) -> str:
    """A series in words: "carretera: madera y ladrillo, completa"."""
    w, t = words, words.t
    cards = w.join([w.res(c.resource) if c.resource == c.counts_as
                    else t.gettext("{resource} as {counts_as}").format(
                        resource=w.res(c.resource), counts_as=w.res(c.counts_as))
                    for c in series.cards])
    state = ""
    if series.target is not None:
        state = (t.gettext(", complete") if series.complete and series.built
                 else t.gettext(", complete, given back") if series.complete
                 and series.given_back
                 else t.gettext(", complete, not obtained") if series.complete
                 else t.gettext(", unfinished"))
    return f"{w.target(series.target)}: {cards}{state}"


def table_words(game: Game, words: Words) -> str:
    """The buildings on the table: "2 carreteras (A y B), 1 poblado, la Biblioteca"."""
    w, t = words, words.t
    roads = t.ngettext("{n} road", "{n} roads", len(game.roads))
    built = [f"{roads} ({w.join(game.roads)})"]
    if game.knights:
        knights = t.ngettext("{n} knight", "{n} knights", len(game.knights))
        built.append(f"{knights} ({w.join(game.knights)})")
    if game.settlements:
        built.append(t.ngettext("{n} settlement", "{n} settlements", game.settlements))
    if game.cities:
        built.append(t.ngettext("{n} city", "{n} cities", game.cities))
    built += [words.a_target(e) for e in game.expansions]
    return ", ".join(built)


def position_lines(game: Game, words: Words) -> list[tuple[str, str]]:
    """(label, text) lines describing a position, in the order a player scans the table: the
    text alternative of the position's diagram."""
    w = words
    lines = [
        (w.label("hand"), w.cards(game.hand)),
        (w.label("market"), w.cards(game.market)),
        (w.noun("SH").capitalize(), sh_words(game.history, w)),
        (w.label("table"), table_words(game, w)),
        (w.label("points"), " · ".join(filter(None, [position_caption(game, w),
                                                      position_status(game, w)]))),
    ]
    if game.held:
        lines.insert(3, (w.label("held"), w.t.gettext("{cards}, to decide").format(
            cards=w.cards(game.held))))
    return lines


def series_label(series, words: Words, resolving: bool = False) -> str:
    """A series' caption in the SH diagram: its target, and a check once built.

    `resolving`: the refill after a placement is not over, so a complete series has not
    given its building yet (§ El turno: refill first, then build).
    """
    t = words.t
    name = words.target(series.target)
    name = name[:1].upper() + name[1:]  # «Town Hall», not str.capitalize's «Town hall»
    if series.target is None:
        return name
    if series.complete and series.built:
        return f"{name} ✓"
    if series.complete:
        return (t.gettext("{name} (pending)") if resolving
                else t.gettext("{name} (given back)") if series.given_back
                else t.gettext("{name} (not obtained)")).format(name=name)
    return f"{name}…"


#: Why explain.py refuses, where the words need nothing of the position but the decks'
#: names (`refusal_reason`).
FIXED_REASONS = {
    "cannot-start-series": N_("the last card of the {sh} ends no series"),
    "no-open-series": N_("no series is open at the end of the {sh}"),
    "nothing-to-demolish": N_("the {sh} is empty"),
    "cannot-place-loose": N_("a loose card follows a finished series, or starts the {sh}"),
    "deck-not-empty": N_("the {deck} still has cards"),
    "deck-too-small": N_("the {deck} has too few cards"),
    "nothing-due": N_("the Town Hall is paid"),
    "starter-not-loose": N_("a card of your hand could start a series"),
    "game-over": N_("the game is over"),
    "no-decision-pending": N_("nothing is waiting for that choice"),
    "no-university": N_("you have not built the University"),
    "market-card-just-given": N_("you gave that card to the market this turn"),
    "no-library": N_("you have not built the Library"),
    "library-used": N_("you have used the Library this turn"),
    "university-used": N_("this series has had its substitution already"),
    "town-hall-unpaid": N_("first pay the Town Hall's extra ore"),
    "not-blocked": N_("you can still continue the series or start another"),
    "payment-type-used": N_("you have given back a building of that kind this turn"),
    "payment-forced": N_("the series pays with its own building"),
    "payment-not-owned": N_("you have no such building to give back"),
    "recycle-limit": N_("you recycle a series for each card missing from your hand, no more"),
    "can-progress": N_("you can still build a settlement, a city or an expansion"),
    "series-in-progress": N_("only the series in progress is left, and it is not recycled"),
    "payment-not-allowed": N_("that is not a series you may recycle"),
    "not-legal-now": N_("it is not one of the actions open now"),
}


def refusal_reason(game: Game, refusal, w: Words) -> str | None:
    """Why explain.py refused an action, in the player's terms, as a clause after «No
    puedes …:» (`rulebook play`): what the hand, the market or the SH lacks. None for a
    code without words here: the section the refusal cites is then the reason."""
    t, action, code = w.t, refusal.action, refusal.code
    if code in FIXED_REASONS:  # the decks' names spelled out, as the book's prose does
        return t.gettext(FIXED_REASONS[code]).format(sh=w.noun("SH"), deck=w.noun("MDR"))
    if code == "decision-pending":
        return t.gettext("first: {decision}").format(
            decision=t.gettext(DECISIONS.get(game.decision, game.decision)))
    if code == "not-in-hand":
        held = getattr(action, "give", None) or action.resource
        return t.gettext("you have no {card} in your hand").format(card=w.res(held))
    if code == "not-a-starter":
        return t.gettext("no {target} series starts with {card}").format(
            target=w.target(action.target), card=w.a(action.as_resource or action.resource))
    if code == "target-unavailable":
        return t.gettext("you cannot take {target} now").format(target=w.a_target(action.target))
    if code == "wrong-card":
        series = game.open_series
        need = game.rules.costs[series.target][len(series.cards)]
        return t.gettext("the {target} series needs {card} next").format(
            target=w.target(series.target), card=w.a(need))
    if code == "not-in-market":
        return t.gettext("the market has no {card}").format(card=w.res(action.take))
    if code == "three-needed":
        return t.gettext("three equal cards are needed, and you have {n}").format(
            n=Counter(game.hand)[action.give])
    if code == "no-knight":
        return (t.ngettext("you have {n} knight", "you have {n} knights", len(game.knights))
                if game.knights else t.gettext("you have no knight"))
    if code == "cannot-pay":
        return t.gettext("two {cards} are needed, and you have {n}").format(
            cards=w.plural("ore"), n=Counter(game.hand)["ore"])
    if code == "demolition-limit":
        return t.gettext("you have demolished {n} this turn already").format(
            n=t.ngettext("{n} card", "{n} cards", len(game.demolished)))
    if code == "not-in-pile":
        pile = game.deck if getattr(action, "source", "discard") == "deck" else game.discard
        if action.take in pile and action.take == action.give:
            return t.gettext("you would take back the resource you give")
        return t.gettext("the {pile} has no {card}").format(
            pile=w.noun("MDR" if pile is game.deck else "MDD"), card=w.res(action.take))
    return None
