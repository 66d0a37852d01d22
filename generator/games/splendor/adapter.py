"""Splendor solo's side of worked examples: starting positions, notation, and the words the
book prints for them.

A reader sees cards, not ids: a card is named by the gem it gives, its points and its cost
(«la carta de esmeralda de 1 punto (cuesta 2 zafiros y 2 rubíes)»), a special gem by its gem,
a noble by the bonuses it asks for. Gem names and their plurals come from components.yaml,
and every count agrees with its noun through `generator.core.i18n`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import field

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from generator.content.model import EngineNeeds, GemCard, Int, title_for
from generator.content.yamlsource import validate
from generator.errors import IllegalAction
from generator.games.splendor import (Buy, Card, Noble, Reserve, Return, SplendorGame,
                                      SplendorRules, Take, Visit)
from generator.engine import need
from generator.games.splendor.dealt import box_matches, central_deck, check_nobles
from generator.games.splendor.game import BUYING, END_OF_TURN, NOBLE, RETURN, TAKING
from generator.core.i18n import N_, Translator, count_noun, translator
from generator.examples.adapter import Adapter, mismatches

STRICT = ConfigDict(extra="forbid", frozen=True)
#: How a game ended, by the engine's end reason (messages of the gettext catalogs).
END_WORDS = {"special": N_("you have bought {specials}"),
             "deck": N_("the central deck and its rows have run out"),
             "stuck": N_("you can no longer buy any card on the table (R05)")}


#: Why the rules refuse, where the words need nothing of the position (`refused_because`).
FIXED_REASONS = {
    "game-over": N_("the game is over"),
    "noble-pending": N_("first choose which noble visits you"),
    "no-noble-choice": N_("no choice of noble is pending: a single noble comes by itself"),
    "noble-not-qualified": N_("your bonuses do not meet what that noble asks for"),
    "no-reserving": N_("there is no gold in the solo game"),
    "same-colour": N_("never two gems of the same colour"),
}


def bonuses(n: int, colour: str) -> str:
    """ "1 black bonus", "4 black bonuses": an error message's count (in English, as every
    error of `rulebook check` is)."""
    return f"{n} {colour} bonus" + ("" if n == 1 else "es")


@dataclass(config=STRICT)
class NobleSpec:
    id: str
    needs: dict[str, Int]
    points: Int = 3


@dataclass(config=STRICT)
class SplendorStart:
    cards: list[GemCard] = field(default_factory=list)  # the example's own cards
    rows: dict[str, list[str]] = field(default_factory=lambda: {"1": [], "2": []})
    deck: list[str] = field(default_factory=list)
    special: list[str] | None = None  # default: every special card not in `bought`
    bought: list[str] = field(default_factory=list)
    tokens: dict[str, Int] = field(default_factory=dict)
    nobles: list[NobleSpec] = field(default_factory=list)
    visitors: list[NobleSpec] = field(default_factory=list)  # nobles that have visited you


@dataclass(config=STRICT)
class SplendorExpect:
    tokens: dict[str, Int] | None = None
    bank: dict[str, Int] | None = None
    points: Int | None = None
    bought: list[str] | None = None
    rows: dict[str, list[str]] | None = None
    special: list[str] | None = None
    nobles: list[str] | None = None
    visitors: list[str] | None = None
    decision: str | None = None   # "return", "noble" or "none"
    turns: Int | None = None
    over: bool | None = None
    end_reason: str | None = None
    title: str | None = None
    legal_count: Int | None = None


class SplendorAdapter(Adapter):
    provides = ("narration", "diagrams", "simulation", "figures", "recording", "reasons")
    #: The named figure it draws for figures.yaml (`figure`): a card of an example's start,
    #: its parts named, with the key of the gems.
    figure_kinds = ("card",)
    #: What it reads of components.yaml (checks.py refuses a book without it).
    needs = EngineNeeds(("bank_per_colour", "gems_taken", "token_limit", "row_length"), (),
                        ("resources",))

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

    @property
    def t(self) -> Translator:
        """The book language's catalog (looked up, not held: the simulator sends adapters to
        worker processes, and a compiled catalog does not pickle)."""
        return translator(self.language)

    def _card(self, spec: GemCard, special: bool = False) -> Card:
        return Card(spec.id, spec.bonus, spec.points,
                    tuple((c, spec.cost[c]) for c in self.rules.colours if spec.cost.get(c)),
                    special)

    # --- a starting position -----------------------------------------------------------

    def new_game(self, source) -> SplendorGame:
        """The example's position, refused if no game could reach it: a card in two places
        or in none, a card or noble the box does not hold, rows, purchases or a central deck
        the deal never gives (dealt.py), a special gem neither on the table nor bought, more
        gems than the bank or the limit allow. The central deck gets the box's unseen cards
        under the ones the example names, so it is as big as a game's."""
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
        for i, c in enumerate(spec.cards):
            if c.id not in placed:
                raise doc.error(("start", "cards", i), f"card '{c.id}' is in no row, pile or "
                                "deck", "each card of start.cards in a row, start.deck or "
                                "start.bought")
        matched = box_matches(doc, spec.cards, cards, self.rules.colours)
        game.deck = central_deck(doc, spec, game, matched, self.rules.row_length,
                                 source.example.id)
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
        game.nobles, game.visitors = ([self._noble(n, doc, (key, i)) for i, n in
                                       enumerate(getattr(spec, key))]
                                      for key in ("nobles", "visitors"))
        check_nobles(doc, game.nobles, game.visitors, self.rules.colours)
        self._reached(game, doc, spec)
        return game

    def _noble(self, spec: NobleSpec, doc, path) -> Noble:
        for colour in spec.needs:
            if colour not in self.gems:
                raise doc.error(("start", *path, "needs", colour), f"unknown gem '{colour}'",
                                f"one of {', '.join(self.rules.colours)}")
        return Noble(spec.id, spec.points,
                     tuple((c, spec.needs[c]) for c in self.rules.colours if spec.needs.get(c)))

    def _reached(self, game: SplendorGame, doc, spec: SplendorStart) -> None:
        """Refuse a start no game reaches by its purchases and its nobles. Buying only adds
        bonuses, so a card within reach stays within reach: buying every card within reach,
        again and again, finds an order of purchase if there is one."""
        past = SplendorGame.empty(self.rules)
        left = list(game.bought)
        while reach := [c for c in left if past.within_reach(c)]:
            past.bought += reach
            left = [c for c in left if c not in reach]
        if left:
            card = left[0]
            at = ("start", "bought", spec.bought.index(card.id))
            lacking = past.missing_bonuses(card)
            if not lacking:
                raise doc.error(at, f"no game buys '{card.id}': after the bonuses of the "
                                f"other cards it costs {sum(past.price(card).values())} gems",
                                f"at most {self.rules.token_limit}, the gems one holds")
            colour, more = next(iter(lacking.items()))
            raise doc.error(at, f"no game buys '{card.id}': it costs {dict(card.cost)[colour]} "
                            f"{colour}, one holds {self.rules.bank_per_colour} {colour} gems "
                            f"at most, and the cards it could follow give "
                            f"{bonuses(past.bonus(colour), colour)}",
                            f"{bonuses(past.bonus(colour) + more, colour)} from cards bought "
                            "before it")
        for i, noble in enumerate(game.visitors):
            if not all(game.bonus(c) >= k for c, k in noble.needs):
                raise doc.error(("start", "visitors", i), f"noble '{noble.id}' visited "
                                "without the bonuses it asks for",
                                "bonuses of the bought cards that meet its needs")
        called = game.qualifying()
        if called and not game.visitors:
            raise doc.error(("start", "nobles"), f"noble '{called[0].id}' would have visited "
                            "you: your bonuses meet its needs",
                            "it in start.visitors, or a noble that visited at the last turn's "
                            "end (one visits a turn)")

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
        return title_for(self.book.scores, points)

    def allowed_by(self, game: SplendorGame, action) -> tuple[str, str | None]:
        """Where the book allows a legal action (`rulebook play`'s `why N`): taking and
        buying are the turn's action; giving back and a noble's visit end the turn."""
        if isinstance(action, (Return, Visit)):
            return END_OF_TURN, "R03" if isinstance(action, Visit) else None
        if isinstance(action, Take):  # fewer colours than three left in the bank: R04
            return TAKING, "R04" if len(action.colours) < self.rules.take else None
        return BUYING, None

    def refused_because(self, game: SplendorGame, refusal: IllegalAction) -> str | None:
        """Why the rules refuse an action here, in the player's terms: what is missing or
        what the turn waits for (`rulebook play`, after «No puedes …:»)."""
        t, action, code = self.t, refusal.action, refusal.code
        limit = self.rules.token_limit
        if code in FIXED_REASONS:
            return t.gettext(FIXED_REASONS[code])
        if code == "over-limit":
            return t.gettext("you hold {gems}: first give back those over {limit}").format(
                gems=t.ngettext("{n} token", "{n} tokens", game.token_count), limit=limit)
        if code == "nothing-to-return":
            return t.gettext("you do not hold more than {n}").format(
                n=t.ngettext("{n} token", "{n} tokens", limit))
        if code == "not-held":
            return t.gettext("you have no {gems}").format(gems=self.gems[action.colour].plural)
        if code == "bank-empty":
            gone = next(c for c in action.colours if game.bank.get(c, 0) == 0)
            return t.gettext("the bank has no {gems} left").format(gems=self.gems[gone].plural)
        if code == "take-three":
            left = sum(1 for c in self.rules.colours if game.bank[c] > 0)
            if left < self.rules.take:
                return t.ngettext("the bank has gems of {n} colour: take one of it",
                                  "the bank has gems of {n} colours: take one of each",
                                  left).format(n=left)
            return t.gettext("take {n} of different colours").format(n=self.rules.take)
        if code == "cannot-afford":
            card = next(c for c in game.face_up() if c.id == action.card)
            lacking = game.missing_bonuses(card)
            if lacking:  # no gems taken ever pay it: bonuses must come first
                colour, more = next(iter(lacking.items()))
                return t.gettext("only {gems} are in play: you need {bonuses} first").format(
                    gems=self.count(self.rules.bank_per_colour, colour),
                    bonuses=t.ngettext("{n} more bonus of {gem}", "{n} more bonuses of {gem}",
                                       more).format(n=more, gem=self.gems[colour].name.lower()))
            return t.gettext("you are short of {gems}").format(
                gems=self.gem_list(game.shortfall(card)))
        if code == "not-on-table" and game.find(action.card) is not None:
            return t.gettext("that card is not face up on the table")  # in the deck, say
        return None  # a card of no pile: «… una carta que no está en la mesa» says it

    def expectation(self, game: SplendorGame) -> dict:
        """A recorded example's last check (`rulebook play --record`): the points, your
        tokens, the cards you bought, the turns played."""
        return {"points": game.points,
                "tokens": {c: n for c, n in game.tokens.items() if n},
                "bought": [c.id for c in game.bought], "turns": game.turns}

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

    def gem_list(self, counts, empty: str | None = None, zeros: bool = False) -> str:
        """Counts of gems in the bank's colour order, "3 diamantes, 2 zafiros y 1 rubí";
        `zeros` keeps the colours at 0 ("0 rubíes"), for the bank; `empty`: what no gem
        is said as ("ninguna")."""
        counts = dict(counts)
        return self.t.join([self.count(counts.get(c, 0), c) for c in self.rules.colours
                            if zeros or counts.get(c)]) or (
            self.t.pgettext("gems", "none") if empty is None else empty)

    def card_name(self, card: Card, cost: bool = True) -> str:
        """ "carta de esmeralda de 1 punto (cuesta 2 zafiros y 2 rubíes)" or "gema especial
        de ónice (cuesta 7 rubíes y 3 ónices)": what a player sees on the card."""
        t = self.t
        gem = self.gems[card.bonus].name.lower()
        if card.special:
            text = t.gettext("{gem} special gem").format(gem=gem)
        elif card.points == 0:
            text = t.gettext("{gem} card without points").format(gem=gem)
        else:
            text = t.ngettext("{gem} card worth {n} point", "{gem} card worth {n} points",
                              card.points).format(gem=gem)
        if not cost:
            return text
        return t.gettext("{card} (costs {cost})").format(card=text,
                                                          cost=self.gem_list(card.cost))

    def noble_name(self, noble: Noble) -> str:
        """A noble by the bonuses it asks for: "noble de 4 esmeraldas y 4 rubíes"."""
        return self.t.gettext("noble of {gems}").format(gems=self.gem_list(noble.needs))

    def _specials(self) -> str:
        """ "las 5 gemas especiales": all the special gems, as the end of a game says."""
        return self.t.ngettext("the {n} special gem", "the {n} special gems",
                               self.rules.special_gems)

    def _waits(self, game: SplendorGame) -> str:
        """What the turn still waits for ("devolver 2 fichas"), or ""."""
        t = self.t
        if game.decision == RETURN:
            excess = game.token_count - self.rules.token_limit
            return t.ngettext("return {n} token", "return {n} tokens", excess)
        if game.decision == NOBLE:
            return t.gettext("choose which noble visits you")
        return ""

    def position_lines(self, game: SplendorGame):
        t = self.t
        lines = [(t.gettext("Your tokens"), self.gem_list(game.tokens)),
                 (t.gettext("Bank"), self.gem_list(game.bank, zeros=True))]
        for row in ("1", "2"):
            lines.append((t.gettext("Row {row}").format(row=row),
                          "; ".join(self.card_name(c) for c in game.rows[row])
                          or t.pgettext("row", "empty")))
        lines.append((t.gettext("Central deck"),
                      t.ngettext("{n} card", "{n} cards", len(game.deck)) if game.deck
                      else t.pgettext("deck", "empty")))
        lines.append((t.gettext("Special gems on the table"), t.join(
            [self.gems[c.bonus].name.lower() for c in game.special])
            or t.pgettext("gems", "none")))
        if game.nobles:
            lines.append((t.gettext("Nobles on the table"),
                          "; ".join(t.the(self.noble_name(n)) for n in game.nobles)))
        bonuses = {c: game.bonus(c) for c in self.rules.colours}
        lines.append((t.gettext("Your bonuses"), self.gem_list(bonuses)))
        specials = [self.gems[c.bonus].name.lower() for c in game.bought if c.special]
        if specials:
            lines.append((t.gettext("Special gems bought"), t.join(specials)))
        if game.visitors:
            lines.append((t.gettext("Visited by"),
                          "; ".join(t.the(self.noble_name(n)) for n in game.visitors)))
        lines.append((t.gettext("Points"), f"{game.points} · {self.title(game.points)}"))
        waits = self._waits(game)
        if waits:
            lines.append((t.gettext("Still to do"), waits))
        if game.over:
            lines.append((t.gettext("End"), t.gettext(END_WORDS[game.end_reason]).format(
                specials=self._specials())))
        return lines

    # --- drawn: the table in an example's box (games/splendor/figures.py) -------------

    def position_svg(self, game: SplendorGame, before: SplendorGame | None = None,
                     screen: bool = False) -> str:
        """The position as the table looks: gems, rows, special gems, nobles, what you have;
        its text alternative is `position_lines`."""
        from generator.games.splendor.figures import LABELS, splendor_svg
        from generator.diagrams.style import style_for
        title = ". ".join(f"{label}: {text}" for label, text in self.position_lines(game))
        style = style_for(self.book.components, self.book.theme)
        labels = {name: self.t.gettext(message) for name, message in LABELS.items()}
        return splendor_svg(game, style, style.letters, labels=labels, title=title,
                            screen=screen)

    def figure(self, spec, replays: dict, style):
        """A figures.yaml `card` figure: the card `spec.card` as the example `spec.example`
        deals it (in a row, the deck, a pile, or a special gem), drawn large with its parts
        named and the gems' key (games/splendor/figures.py); a card the start lacks is an
        error at figures.yaml's `card:`."""
        from generator.diagrams.figures import Figure
        from generator.games.splendor.figures import ANATOMY, ANATOMY_SCREEN, anatomy_drawing
        game = replays[spec.example].frames[0].game
        cards = {c.id: c for c in game.face_up() + game.deck + game.bought + game.discarded}
        if spec.card not in cards:
            index = next(i for i, f in enumerate(self.book.figures) if f.id == spec.id)
            raise self.book.sources["figures.yaml"].error(
                (index, "card"), f"no card '{spec.card}' in the start of example "
                f"'{spec.example}'", "the id of a card the example deals: "
                + ", ".join(sorted(cards)))
        words = {part: self.t.gettext(message) for part, message in ANATOMY.items()}
        names = {colour: gem.name for colour, gem in self.gems.items()}
        drawn = [anatomy_drawing(cards[spec.card], style, style.letters, names, words,
                                 title=spec.caption, **size).tostring()
                 for size in ({}, ANATOMY_SCREEN)]  # print, and a phone's column
        return Figure(spec.id, spec.caption, drawn[0], drawn[1])

    def position_caption(self, game: SplendorGame) -> str:
        """The line under the diagram: points with their title, and the central deck."""
        t = self.t
        points = t.ngettext("{n} point", "{n} points", game.points)
        title = self.title(game.points)
        deck = (t.gettext("{cards} in the central deck").format(
            cards=t.ngettext("{n} card", "{n} cards", len(game.deck))) if game.deck
            else t.gettext("central deck empty"))
        return f"{points} ({title}) · {deck}" if title else f"{points} · {deck}"

    def position_status(self, game: SplendorGame) -> str:
        """What the turn waits for, or how the game ended, said after the position's label."""
        t = self.t
        waits = self._waits(game)
        if waits:
            return t.gettext("still to {what}").format(what=waits)
        if game.over:
            return t.gettext("end: {reason}").format(reason=t.gettext(
                END_WORDS[game.end_reason]).format(specials=self._specials()))
        return ""

    def narrate(self, action, before, after, refused: str | None = None) -> str:
        """The step in sentences to the player: "Compras la carta de rubí…", with what you
        paid when your bonuses paid part of its cost ("… y pagas 3 diamantes"), then any
        noble who visits at the turn's end; refused, "No puedes comprar la carta de rubí…"."""
        t = self.t
        said = self._phrases(action, before)[2 if refused else 1]
        if refused or after is None or before is None:
            return said
        card = before.find(action.card) if isinstance(action, Buy) else None
        paid = {c: before.tokens[c] - after.tokens[c] for c in self.rules.colours
                if before.tokens[c] > after.tokens[c]}
        if card is not None and paid != dict(card.cost):  # the bonuses paid part of it
            said = (t.gettext("{bought} and pay {gems}").format(bought=said,
                                                                gems=self.gem_list(paid))
                    if paid else t.gettext("{bought}: your bonuses pay it all").format(
                        bought=said))
        sentences = [said] + [t.gettext("The {noble} visits you ({points})").format(
            noble=self.noble_name(n), points=t.ngettext("{n} point", "{n} points", n.points))
            for n in after.visitors[len(before.visitors):]
            if not (isinstance(action, Visit) and n.id == action.noble)]  # told already
        return ". ".join(sentences)

    def action_text(self, action, before: SplendorGame | None) -> str:
        return self._phrases(action, before)[0]

    def _phrases(self, action, before: SplendorGame | None) -> tuple[str, str, str]:
        """(imperative, second person, refused) of a step, in the book's language."""
        t = self.t
        if isinstance(action, Take):
            forms = (N_("Take {what}"), N_("You take {what}"), N_("You cannot take {what}"))
            what = self.gem_list(Counter(action.colours))
        elif isinstance(action, Return):
            forms = (N_("Return {what}"), N_("You return {what}"), N_("You cannot return {what}"))
            what = self.count(1, action.colour)
        elif isinstance(action, Visit):
            noble = next((n for n in before.nobles if n.id == action.noble), None) \
                if before else None
            forms = ((N_("Receive the {what}"), N_("You receive the {what}"),
                      N_("You cannot receive the {what}")) if noble else
                     (N_("Receive a noble who is not on the table"),
                      N_("You receive a noble who is not on the table"),
                      N_("You cannot receive a noble who is not on the table")))
            what = self.noble_name(noble) if noble else ""
        else:
            card = before.find(action.card) if before else None
            what = (t.the(self.card_name(card)) if card else
                    t.gettext("a card that is not on the table") if isinstance(action, Buy)
                    else t.gettext("any card"))  # no reserving, whichever card is named
            forms = ((N_("Buy {thing}"), N_("You buy {thing}"), N_("You cannot buy {thing}"))
                     if isinstance(action, Buy) else
                     (N_("Reserve {thing}"), N_("You reserve {thing}"),
                      N_("You cannot reserve {thing}")))
            return tuple(t.gettext(form).format(thing=what) for form in forms)
        return tuple(t.gettext(form).format(what=what) for form in forms)

    # --- whole games, for `rulebook simulate` (generator/games/splendor/players.py) ------------

    won_means = N_("Victory: buying the five special gems before the central deck and its rows "
                   "run out; the points give the title.")
    #: The report's words for its events and ends (players.outcome).
    event_names = {"nobles": N_("nobles"), "gemas especiales": N_("special gems"),
                   "cartas compradas": N_("cards bought")}
    end_names = {"special": N_("all the special gems bought"),
                 "deck": N_("deck and rows run out"), "stuck": N_("no card left to buy")}

    @property
    def players(self) -> dict:
        from generator.games.splendor.players import SplendorGreedy
        return {"greedy": SplendorGreedy}

    def random_start(self, seed: int) -> SplendorGame:
        from generator.games.splendor.players import deal
        return deal(self, seed)

    def is_over(self, game: SplendorGame) -> bool:
        return game.over

    def result(self, game: SplendorGame):
        from generator.games.splendor.players import outcome
        return outcome(game)
