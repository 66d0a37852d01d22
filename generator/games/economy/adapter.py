"""The token economy's side of worked examples (two-player Catan, 1-v-1 with coins)."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from generator.content.model import EngineNeeds, Int
from generator.content.yamlsource import read_yaml, validate
from generator.engine import need
from generator.games.economy import EconomyGame, EconomyRules
from generator.games.economy.game import ACTIONS, RULES, SPOTS, Act, Player
from generator.core.i18n import N_, Translator, count_noun, pN_, translator
from generator.examples.adapter import Adapter, mismatches

STRICT = ConfigDict(extra="forbid", frozen=True)
VERBS = ACTIONS + ("end-turn", "roll", "discard-knight", "play-knight", "settle",
                   "robber-on-rival", "knight-on-rival")
# The words are messages of the gettext catalogs (generator/locale/, English msgids); the
# family's words (content/_facts/vocabulario.yaml: «comercio forzoso», «terreno», «Gran
# ejército de caballería») are their Spanish translations. Each table is looked up in the
# book's language by the adapter.
#: An action as a line of a list of actions (`action_text`), in the imperative.
WORDS = {"forced-trade": N_("Forced trade"), "robber-to-desert": N_("Robber to the desert"),
         "exchange": N_("Trade 2 matching cards for 1"), "end-turn": N_("End the turn"),
         "roll": N_("Roll the dice"), "discard-knight": N_("Discard a played knight"),
         "play-knight": N_("Play a knight"),
         "robber-on-rival": N_("With the 7 rolled, move the robber to a terrain of your "
                               "rival's"),
         "knight-on-rival": N_("Play a knight and move the robber to a terrain of your "
                               "rival's")}
SPOT_WORDS = {"inland": N_("far from the coast and the desert"), "coast": N_("on the coast"),
              "desert": N_("next to the desert"),
              "desert-coast": N_("next to the desert and on the coast")}
ARMY = N_("Largest Army")
#: Who the players are to the reader: player 1 is "you" (the notes say "your rival" for 2).
WHO = (pN_("player", "you"), pN_("player", "your rival"))
#: A step told whole: (you, your rival); `narrate`.
DONE = {"robber-to-desert": (N_("You pay {cost} and move the robber to the desert, without "
                                "stealing"),
                             N_("Your rival pays {cost} and moves the robber to the desert, "
                                "without stealing")),
        "exchange": (N_("You pay {cost} and trade 2 matching cards for 1 of your choice"),
                     N_("Your rival pays {cost} and trades 2 matching cards for 1 of their "
                        "choice")),
        "forced-trade": (N_("You pay {cost} for a forced trade: you take {taken} at random "
                            "from your rival and give them 2 of your choice"),
                         N_("Your rival pays {cost} for a forced trade: they take {taken} at "
                            "random from your hand and give you 2 of their choice")),
        "end-turn": (N_("You end your turn: now your rival plays"),
                     N_("Your rival ends their turn: now you play")),
        "roll": (N_("You roll the dice"), N_("Your rival rolls the dice")),
        "discard-knight": (N_("You discard a played knight"),
                           N_("Your rival discards a played knight")),
        "play-knight": (N_("You play a knight"), N_("Your rival plays a knight"))}
#: What a paid action buys, after "pay N coins for" (a refusal).
PAID = {"forced-trade": N_("a forced trade"),
        "robber-to-desert": N_("moving the robber to the desert"),
        "exchange": N_("trading 2 matching cards for 1")}
#: An action refused, after "You cannot" / "Your rival cannot".
INFINITIVES = {"end-turn": N_("end the turn"), "roll": N_("roll the dice"),
               "discard-knight": N_("discard a played knight"),
               "play-knight": N_("play a knight"),
               "robber-on-rival": N_("move the robber to a terrain of your rival's with a 7"),
               "knight-on-rival": N_("play a knight")}
#: (you, your rival): the refusals, and the clauses a step may add.
CANNOT = (N_("You cannot {action}"), N_("Your rival cannot {action}"))
CANNOT_PAY = (N_("You cannot pay {cost} for {what}"), N_("Your rival cannot pay {cost} for {what}"))
SETTLED = (N_("You build a settlement{where} (you pay {paid})"),
           N_("Your rival builds a settlement{where} (they pay {paid})"))
# Translators: a clause after a step (a settlement built, a knight discarded).
TAKEN = (N_(" and take {tokens} from the reserve"), N_(" and takes {tokens} from the reserve"))
EMPTY_RESERVE = (N_(": the reserve is empty and you receive no {tokens}"),
                 N_(": the reserve is empty and your rival receives no {tokens}"))
ROBBER = (N_("With the 7, you move the robber to a terrain of your rival's"),
          N_("With the 7, your rival moves the robber to a terrain of yours"))
#: A knight that moves the robber onto the rival's terrain takes a card too: {taken}.
KNIGHT_ROBBER = (N_("You play a knight and move the robber to a terrain of your rival's, "
                    "from whom you take {taken} at random"),
                 N_("Your rival plays a knight and moves the robber to a terrain of yours, "
                    "and takes {taken} from you at random"))
KNIGHT_ROBBER_EMPTY = (N_("You play a knight and move the robber to a terrain of your "
                          "rival's, who has no card to take"),
                       N_("Your rival plays a knight and moves the robber to a terrain of "
                          "yours; you have no card to take"))
COMPENSATED = (N_(", who receives {tokens} from the reserve"),
               N_(", and you receive {tokens} from the reserve"))
ARMY_TAKEN = (N_(": you take the {army} and its {points}"),
              N_(": your rival takes the {army} and its {points}"))
ARMY_LOST = (N_("you lose the {army} and its {points}"),
             N_("your rival loses the {army} and its {points}"))
ARMY_TO = (N_(": {lost}, which go to your rival"), N_(": {lost}, which go to you"))


@dataclass(config=STRICT)
class PlayerSpec:
    points: Int = 2
    tokens: Int | None = None  # default: the starting tokens
    knights: Int = 0
    cards: Int = 4


@dataclass(config=STRICT)
class EconomyStart:
    players: list[PlayerSpec] = field(default_factory=lambda: [PlayerSpec(), PlayerSpec()])
    current: Literal[0, 1] = 0
    rolled: bool = False
    robber_on_desert: bool = False
    army: Literal[0, 1] | None = None  # who holds the Largest Army (its points in `points`)


@dataclass(config=STRICT)
class PlayerExpect:
    points: Int | None = None
    tokens: Int | None = None
    knights: Int | None = None
    cards: Int | None = None


@dataclass(config=STRICT)
class EconomyExpect:
    players: list[PlayerExpect] | None = None
    supply: Int | None = None
    current: Int | None = None
    cost: Int | None = None
    legal_count: Int | None = None
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


#: The token economy at a glance (figures.yaml kind `economy`, games/economy/glance.py).
GLANCE = {"earn": N_("You earn"), "pay": N_("You pay"),
          "robber": N_("when a 7 or a knight of your rival's puts the robber on a terrain "
                       "of yours, each time"),
          "knight": N_("for discarding a played knight, once a turn"),
          "settlement": N_("for a settlement {where}"),
          "unlock": N_("Once either player reaches {points}:"),
          "when": N_("once a turn, after rolling"), "when-any": N_("once a turn"),
          "not-ahead": N_("if you are not ahead on visible points"),
          "ahead": N_("if you are ahead"), "for": N_("for one of these: {actions}")}


class EconomyAdapter(Adapter):
    provides = ("narration", "diagrams", "simulation", "figures")  # its optional parts
    #: The named figure it draws for figures.yaml (`figure`): the tokens at a glance.
    figure_kinds = ("economy",)
    #: What it reads of components.yaml (checks.py refuses a book without it).
    needs = EngineNeeds(("tokens_total", "tokens_at_start"), (), ("economy",))

    def __init__(self, book):
        self.book = book
        _check_rulings(book)
        self.rules = economy_rules(book.components, _token_chapter(book))
        self.language = book.meta.language
        tokens = book.print_spec.tokens if book.print_spec else None
        # «monedas» / «moneda», «fichas» / «ficha»: the first word of the tokens' names.
        many = tokens.name if tokens else self.t.pgettext("unit", "tokens")
        one = (tokens.name_one or tokens.name) if tokens else self.t.pgettext("unit", "token")
        self.unit = (one.split()[0], many.split()[0])

    @property
    def t(self) -> Translator:
        """The book language's catalog (looked up, not held: the simulator sends adapters to
        worker processes, and a compiled catalog does not pickle)."""
        return translator(self.language)

    def tokens(self, n: int) -> str:
        return count_noun(n, *self.unit, self.language)

    def said(self, forms: tuple[str, str], you: bool, **values) -> str:
        """One of a (you, your rival) pair of messages, translated and filled in."""
        return self.t.gettext(forms[0 if you else 1]).format(**values)

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
        self._reached(game, doc)
        return game

    def _reached(self, game: EconomyGame, doc) -> None:
        """Refuse points and knights no game shows: a player never has fewer visible points
        than the set-up's settlements give (`economy.start_points`), plus the Largest Army's
        when holding it, and holds that card only with enough knights played."""
        floor = self.book.components.economy.start_points
        for i, player in enumerate(game.players):
            army = game.army == i
            if army and player.knights < self.rules.army_knights:
                raise doc.error(("start", "players", i, "knights"), f"player {i + 1} holds "
                                f"the Largest Army with {player.knights} knights played",
                                f"at least {self.rules.army_knights}")
            least = floor + (self.rules.army_points if army else 0)
            if player.points < least:
                raise doc.error(("start", "players", i, "points"), f"player {i + 1} has "
                                f"{player.points} visible points",
                                f"at least {least}: {floor} from the set-up's settlements"
                                + (f" and {self.rules.army_points} from the Largest Army"
                                   if army else ""))

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
        t = self.t
        lines = []
        for n, p in enumerate(game.players):
            player = self.player(n)
            if n == game.current:
                player = t.gettext("{player}, to play").format(player=player)
            parts = [t.ngettext("{n} point", "{n} points", p.points), self.tokens(p.tokens),
                     self._count(p.knights, "knights")]
            if game.army == n:
                parts.append(t.gettext("holds the {army}").format(army=t.gettext(ARMY)))
            parts.append(self._count(p.cards, "cards"))
            lines.append((player, " · ".join(parts)))
        lines.append((t.gettext("Reserve"), self.tokens(game.supply)))
        return lines

    def player(self, n: int) -> str:
        """ "Jugador 1 (tú)", "Player 2 (your rival)"."""
        who = self.t.gettext(WHO[n])
        return self.t.gettext("Player {number} ({who})").format(number=n + 1, who=who)

    # --- drawn: the table in an example's box (games/economy/figures.py) --------------

    def _count(self, n: int, kind: str) -> str:
        """ "3 monedas", "5 puntos visibles": a count and its noun, by kind (points,
        tokens, cards, knights)."""
        t = self.t
        if kind == "tokens":
            return self.tokens(n)
        if kind == "points":
            return t.ngettext("{n} visible point", "{n} visible points", n)
        if kind == "knights":
            return t.ngettext("{n} played knight", "{n} played knights", n)
        return t.ngettext("{n} card", "{n} cards", n)

    def position_svg(self, game: EconomyGame, before: EconomyGame | None = None,
                     screen: bool = False) -> str:
        """The two players side by side (whose turn, points, tokens, cards, knights, the
        Largest Army) and the reserve; its text alternative is `position_lines`."""
        from generator.games.economy.figures import DEFAULT_COIN, EconomyWords, economy_svg
        from generator.diagrams.style import style_for
        t = self.t
        tokens = self.book.print_spec.tokens if self.book.print_spec else None
        words = EconomyWords(players=(self.player(0), self.player(1)),
                             turn=(t.pgettext("badge", "your turn"),
                                   t.pgettext("badge", "their turn")),
                             reserve=t.gettext("Reserve"), army=t.gettext(ARMY),
                             count=self._count)
        title = ". ".join(f"{label}: {text}" for label, text in self.position_lines(game))
        return economy_svg(game, style_for(self.book.components, self.book.theme), words,
                           coin_colour=tokens.front.colour if tokens else DEFAULT_COIN,
                           title=title, screen=screen)

    def figure(self, spec, replays: dict, style):
        """A figures.yaml `economy` figure: how tokens are earned and what an action costs,
        with the numbers of the rules this engine plays (games/economy/glance.py)."""
        from generator.diagrams.figures import Figure
        from generator.games.economy.figures import DEFAULT_COIN
        from generator.games.economy.glance import Glance, Item, glance_svgs
        t, rules = self.t, self.rules
        said = {key: t.gettext(message) for key, message in GLANCE.items()}
        gains = ([Item(said["robber"], rules.robber_compensation)]
                 if rules.robber_compensation else [])
        gains += [Item(said["knight"], rules.knight_discard)] if rules.knight_discard else []
        gains += [Item(said["settlement"].format(where=t.gettext(SPOT_WORDS[spot])), n)
                  for spot, n in rules.settlement_gains.items()]
        when = said["when"] if rules.after_roll else said["when-any"]
        paying = ([Item(said["unlock"].format(points=self._count(rules.unlock_points,
                                                                  "points")) + " " + when)]
                  if rules.unlock_points else [Item(when[:1].upper() + when[1:] + ":")])
        actions = t.join([t.gettext(PAID[action]) for action in rules.actions], True)
        paying += [Item(said["not-ahead"], rules.cost_not_ahead),
                   Item(said["ahead"], rules.cost_ahead),
                   Item(said["for"].format(actions=actions))]
        glance = Glance(said["earn"], said["pay"], tuple(gains), tuple(paying))
        tokens = self.book.print_spec.tokens if self.book.print_spec else None
        svg, screen = glance_svgs(glance, style, tokens.front.colour if tokens
                                  else DEFAULT_COIN, spec.caption)
        return Figure(spec.id, spec.caption, svg, screen)

    def position_caption(self, game: EconomyGame) -> str:
        """The line under the diagram: who plays, the dice, and what a paid action costs
        the player to move now (or why none can be paid)."""
        t = self.t
        you = game.current == 0
        parts = [t.gettext("You play") if you else t.gettext("Your rival plays")]
        if self.rules.after_roll:
            parts.append(t.gettext("dice rolled") if game.rolled
                         else t.gettext("dice not rolled"))
        if not game.unlocked():
            parts.append(t.ngettext("{tokens} of no use until {n} visible point",
                                    "{tokens} of no use until {n} visible points",
                                    self.rules.unlock_points).format(tokens=self.unit[1]))
        elif game.actions_used >= self.rules.actions_per_turn:
            parts.append(t.gettext("paid action already taken"))
        else:
            parts.append((t.gettext("an action costs you {tokens}") if you else
                          t.gettext("an action costs them {tokens}")).format(
                tokens=self.tokens(game.action_cost())))
        if game.robber_on_desert:
            parts.append(t.gettext("robber in the desert"))
        return " · ".join(parts)

    # --- a step told whole, in the second person: player 1 is "you" -------------------------

    def narrate(self, action: Act, before: EconomyGame, after: EconomyGame,
                refused: str | None = None) -> str:
        """The step as the players read it: "Pagas 1 moneda y llevas el ladrón al
        desierto"; player 2's steps as "Tu rival …"; a refusal as "No puedes …"."""
        t = self.t
        you = before.current == 0
        verb = action.verb
        if refused:
            if verb in ACTIONS:
                return self.said(CANNOT_PAY, you, cost=self.tokens(before.action_cost()),
                                 what=t.gettext(PAID[verb]))
            what = (t.gettext(INFINITIVES[verb]) if verb != "settle" else
                    t.gettext("build a settlement{where}").format(where=self._where(action)))
            return self.said(CANNOT, you, action=what)
        me, other = before.current, 1 - before.current
        gained = after.players[me].tokens - before.players[me].tokens
        if verb in ACTIONS:
            cost = self.tokens(before.action_cost())
            taken = self._count(min(2, before.players[other].cards), "cards")
            return self.said(DONE[verb], you, cost=cost, taken=taken)
        if verb == "settle":
            paid = self._count(self.rules.settlement_cost, "cards")
            text = self.said(SETTLED, you, where=self._where(action), paid=paid)
            if gained:
                text += self.said(TAKEN, you, tokens=self.tokens(gained))
            return text
        given = after.players[other].tokens - before.players[other].tokens
        got = self.said(COMPENSATED, you, tokens=self.tokens(given)) if given else ""
        if verb == "robber-on-rival":
            return self.said(ROBBER, you) + got
        if verb == "knight-on-rival":
            stolen = before.players[other].cards - after.players[other].cards
            knight = (self.said(KNIGHT_ROBBER, you, taken=self._count(stolen, "cards"))
                      if stolen else self.said(KNIGHT_ROBBER_EMPTY, you))
            return knight + got + self._army(before, after, you)
        text = self.said(DONE[verb], you)
        if verb == "discard-knight":
            wanted = self.rules.knight_discard
            text += (self.said(TAKEN, you, tokens=self.tokens(gained)) if gained
                     else self.said(EMPTY_RESERVE, you, tokens=self.unit[1]))
            if gained and gained < wanted:
                text += t.gettext(", which has no more")
        return text + self._army(before, after, you)

    def _army(self, before: EconomyGame, after: EconomyGame, you: bool) -> str:
        """What the step did to the Largest Army card, as a clause after the step."""
        if before.army == after.army:
            return ""
        t = self.t
        army = t.gettext(ARMY)
        points = t.ngettext("{n} point", "{n} points", self.rules.army_points)
        if after.army == before.current:
            return self.said(ARMY_TAKEN, you, army=army, points=points)
        lost = self.said(ARMY_LOST, you, army=army, points=points)
        if after.army is None:  # set aside (official rules) or without owner (1-v-1)
            return (t.gettext(": {lost}, and the card is left without an owner")
                    if self.rules.army_on_play
                    else t.gettext(": {lost}, and the card is set aside")).format(lost=lost)
        return self.said(ARMY_TO, you, lost=lost)

    def _where(self, action: Act) -> str:
        """ " en la costa": where a settlement stands, when the book's rules pay for it."""
        if not self.rules.settlement_gains:
            return ""
        return " " + self.t.gettext(SPOT_WORDS[action.arg])

    def action_text(self, action: Act, before) -> str:
        t = self.t
        if action.verb == "settle":
            paid = self._count(self.rules.settlement_cost, "cards")
            return t.gettext("Build a settlement{where} (you pay {paid})").format(
                where=self._where(action), paid=paid)
        text = t.gettext(WORDS[action.verb])
        if action.verb in ACTIONS and before is not None:
            text = t.gettext("{action} (costs {tokens})").format(
                action=text, tokens=self.tokens(before.action_cost()))
        return text

    # --- whole games, for `rulebook simulate` (generator/games/economy/players.py) -------------

    won_means = N_("Two players, both the same automatic player: “wins” counts those of the "
                   "one who starts. The engine models neither dice nor resources: in the "
                   "simulation, each turn the player to move receives 0 to 3 cards (1.5 on "
                   "average) and each starts with 3.")
    #: The report's words for its events (players.outcome).
    event_names = {"forced-trade": N_("forced trades"), "exchange": N_("2-for-1 trades"),
                   "robber-to-desert": N_("robbers moved to the desert"),
                   "discard-knight": N_("played knights discarded")}

    @property
    def players(self) -> dict:
        from generator.games.economy.players import EconomyGreedy
        return {"greedy": EconomyGreedy}

    def random_start(self, seed: int):
        from generator.games.economy.players import deal
        return deal(self, seed)

    def is_over(self, game) -> bool:
        return game.over

    def result(self, game):
        from generator.games.economy.players import outcome
        return outcome(game)
