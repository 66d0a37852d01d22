"""The solo engine's side of worked examples: positions from `start`, outcomes compared
with `expect`, and both in words for the book."""

from __future__ import annotations

import dataclasses
from collections import Counter

from generator.content.model import EngineNeeds
from generator.content.examples import ExampleSource, Expectation, SeriesSpec, StartSpec
from generator.content.yamlsource import validate
from generator.games.solo_catan import Game, Ruleset, Series, ShCard
from generator.games.solo_catan.coverage import uncovered
from generator.games.solo_catan.explain import allowed_by
from generator.games.solo_catan.notation import parse
from generator.games.solo_catan.ruleset import COMPARABLE
from generator.games.solo_catan.text import (Words, action_text, lost_cards, narrate,
                                             position_caption, position_lines, position_status,
                                             refusal_reason)


def rules_for(book) -> Ruleset:
    """The solo engine's numbers for a book (its components.yaml)."""
    return Ruleset.from_components(book.components)


class SoloAdapter:
    #: Its optional parts (examples/protocol.py CAPABILITIES). It simulates under readings of
    #: its rules and with searching players ("variants": a runner.SoloSimulation per run).
    provides = ("narration", "diagrams", "coverage", "figures", "stored-runs", "variants",
                "recording", "reasons")
    #: The rule parameters `--compare` changes (ruleset.py) and the players `--budget` sets.
    comparable = COMPARABLE
    #: What it reads of components.yaml (checks.py refuses a book without it).
    needs = EngineNeeds(("goal", "hand_size", "market_size", "demolition_limit"),
                        ("road", "knight", "settlement", "city", "expansion"), ("resources",))

    def __init__(self, book):
        self.book = book
        self.rules = rules_for(book)
        self.words = Words.for_book(book)

    def new_game(self, source) -> Game:
        return build_position(source, self.rules)

    def parse(self, text: str):
        return parse(text, self.rules.resources, tuple(self.rules.costs))

    def compare(self, game: Game, expect: dict, source, path) -> list[str]:
        return compare(game, validate(source.doc, Expectation, at=path))

    def arrange(self, game: Game, cards: list[str]) -> str | None:
        return _arrange_deck(game, cards)

    def copy(self, game: Game) -> Game:
        return game.copy()

    def allowed_by(self, game: Game, action) -> tuple[str, str | None]:
        return allowed_by(game, action)

    def refused_because(self, game: Game, refusal) -> str | None:
        return refusal_reason(game, refusal, self.words)

    def expectation(self, game: Game) -> dict:
        """A recorded example's last check (`rulebook play --record`): the points, the hand
        and the market, the cards left in the MDR."""
        return {"points": game.points, "hand": sorted(map(str, game.hand)),
                "market": sorted(map(str, game.market)), "deck_size": len(game.deck)}

    def position_lines(self, game: Game):
        return position_lines(game, self.words)

    def action_text(self, action, before: Game) -> str:
        return action_text(action, self.words, before)

    def narrate(self, action, before: Game, after: Game, refused: str | None = None) -> str:
        """The whole step in sentences: the action, then the draws, buildings and decks the
        engine recorded for it (`Game.log`); a refusal as "No puedes …"."""
        return narrate(action, self.words, before, after, refused)

    # --- drawn: the table in an example's box (position.py, figures.py) ---------------

    def position_svg(self, game: Game, before: Game | None = None,
                     screen: bool = False) -> str:
        """The hand, market, buildings and SH as they lie on the table; the SH cards the step
        lost (from `before`) crossed out. Drawn once per thread for what it shows."""
        from generator.diagrams.style import style_for
        from generator.games.solo_catan.figures import position_svg
        lost = lost_cards(before, game) if before is not None else []
        return position_svg(game, style_for(self.book.components, self.book.theme), self.words,
                            lost, screen=screen)

    #: The named figures it draws for figures.yaml (`figure`): the table after set-up, and an
    #: example's Serie Histórica at a step.
    figure_kinds = ("setup", "sh")

    def figure(self, spec, replays: dict, style):
        """A figures.yaml figure of one of `figure_kinds` (games/solo_catan/figures.py)."""
        from generator.games.solo_catan.figures import named_figure
        return named_figure(spec, self.book, self.rules, replays, style, self.words)

    def position_caption(self, game: Game) -> str:
        """Points and the two piles, under the diagram."""
        return position_caption(game, self.words)

    def position_status(self, game: Game) -> str:
        """What the position waits for, or how the game ended."""
        return position_status(game, self.words)

    def uncovered(self, replays) -> tuple[list[str], list[str]]:
        """Rule paths and refusal codes that none of `replays` reaches (`check --coverage`)."""
        events = sum((r.final.events for r in replays), Counter())
        return uncovered(events, set().union(*(r.refusals for r in replays)))

    def check_runs(self, doc, difficulty) -> None:
        """difficulty.yaml's stored runs against the book (stored.py), for `rulebook check`."""
        from generator.games.solo_catan.stored import check_difficulty
        check_difficulty(doc, difficulty, self.book.components, self.book.slug)

    @property
    def budgets(self) -> dict:
        from generator.games.solo_catan.players import BUDGETS
        return BUDGETS

    def simulation_for(self, changes: dict, budget: int | None):
        """Whole games under the book's rules with `changes` (`--compare`), its searching
        players at `budget` (runner.py)."""
        from generator.games.solo_catan.runner import SoloSimulation
        return SoloSimulation(dataclasses.replace(self.rules, **changes), budget)

    def save_runs(self, seed: int, played: list) -> object:
        """`simulate --save`: each (player, records, budget, changes) stored in the book's
        difficulty.yaml (difficulty.py), with the budget it played, default or not, so the
        stored command reproduces the run even if a default changes."""
        from generator.games.solo_catan.difficulty import save_runs
        budgets = self.budgets
        return save_runs(self.book, seed, self.rules, [
            (player, records, (budget or budgets[player].default) if player in budgets
             else None, changes) for player, records, budget, changes in played])


# --- the starting position -------------------------------------------------------------------

def build_position(source: ExampleSource, rules: Ruleset) -> Game:
    """A game set up as the example's `start` says, the other cards placed per `rest`."""
    doc = source.doc
    spec: StartSpec = validate(doc, StartSpec, at=("start",))
    at = ("start",)

    def resources(values: list[str], *path) -> list[str]:
        for i, value in enumerate(values):
            if value not in rules.resources:
                raise doc.error(at + path + (i,), f"unknown resource '{value}'",
                                f"one of {', '.join(rules.resources)}")
        return list(values)

    game = Game(rules, source.example.seed)
    game.hand = resources(spec.hand, "hand")
    game.market = resources(spec.market, "market")
    game.deck = resources(spec.deck, "deck")
    game.discard = resources(spec.discard, "discard")
    game.removed = resources(spec.removed, "removed")
    game.history = [_series(doc, rules, s, at + ("sh", i)) for i, s in enumerate(spec.sh)]
    game.roads = list(spec.roads)
    game.knights = list(spec.knights)
    game.settlements = spec.settlements
    game.cities = spec.cities
    for i, expansion in enumerate(spec.expansions):
        if expansion not in rules.expansions:
            raise doc.error(at + ("expansions", i), f"unknown expansion '{expansion}'",
                            f"one of {', '.join(rules.expansions)}")
    game.expansions = list(spec.expansions)
    game.town_hall_due = spec.town_hall_due

    used = game.all_cards()
    rest = []
    for resource in rules.resources:
        extra = used[resource] - rules.resource_counts[resource]
        if extra > 0:
            raise doc.error(at, f"the start uses {used[resource]} {resource}, but the game has "
                                f"only {rules.resource_counts[resource]}",
                            "no more cards of a resource than the deck holds")
        rest += [resource] * -extra
    game.rng.shuffle(rest)
    getattr(game, spec.rest).extend(rest)
    return game


def _series(doc, rules: Ruleset, spec: SeriesSpec, path) -> Series:
    if spec.target is not None and spec.target not in rules.costs:
        raise doc.error(path + ("target",), f"unknown target '{spec.target}'",
                        f"one of {', '.join(rules.costs)}")
    cards = []
    for i, text in enumerate(spec.cards):
        printed, _, counted = text.partition("=")
        for word in (printed, counted or printed):
            if word not in rules.resources:
                raise doc.error(path + ("cards", i), f"unknown resource '{word}'",
                                f"one of {', '.join(rules.resources)}")
        cards.append(ShCard(printed, counted or printed))
    series = Series(spec.target, cards)
    if spec.target:
        cost = rules.costs[spec.target]
        counted = tuple(c.counts_as for c in cards)
        if counted != cost[:len(counted)]:
            raise doc.error(path + ("cards",), f"cards {list(counted)} do not follow the "
                            f"{spec.target} cost", f"a prefix of {list(cost)}")
        series.complete = len(cards) == len(cost)
        series.university_used = any(c.resource != c.counts_as for c in cards)
    series.built = series.complete if spec.built is None else spec.built
    return series


def _arrange_deck(game: Game, top: list[str]) -> str | None:
    """Stack the MDR so its top cards are `top` (cards taken from within the MDR)."""
    deck = list(game.deck)
    for card in top:
        if card not in deck:
            return f"arrange_deck: no {card} left in the MDR to put on top"
        deck.remove(card)
    game.deck[:] = list(top) + deck
    return None


# --- comparing outcomes --------------------------------------------------------------------

def compare(game: Game, expect: Expectation) -> list[str]:
    """Each stated outcome that is not what the engine reached, as 'expected X, found Y'."""
    found = describe(game)
    differences = []
    for name, wanted in expect.__dict__.items():
        if wanted is None:
            continue
        have = found[name]
        if name in ("hand", "market", "discard", "removed"):
            ok = Counter(wanted) == Counter(have)
            wanted, have = sorted(wanted), sorted(have)
        elif name == "deck_top":
            have = have[:len(wanted)]
            ok = list(wanted) == have
        elif name == "sh":
            ok = _sh_matches(wanted, game.history)
            wanted = [series_text(s.target, s.cards, s.built) for s in wanted]
            have = [series_text(s.target, [_card_text(c) for c in s.cards], s.built)
                    for s in game.history]
        else:
            ok = wanted == have
        if not ok:
            differences.append(f"expected {name} {wanted}, found {have}")
    return differences


def describe(game: Game) -> dict:
    """The observable position, under the names an example's `expect` uses."""
    return {
        "points": game.points, "hand": game.hand, "market": game.market,
        "discard": game.discard, "removed": game.removed, "deck_size": len(game.deck),
        "deck_top": game.deck, "roads": game.roads, "knights": game.knights,
        "settlements": game.settlements, "cities": game.cities, "expansions": game.expansions,
        "town_hall_due": game.town_hall_due, "decision": game.decision or "none",
        "legal_count": len(game.legal_actions()), "phase": game.phase.value,
        "end_reason": game.end_reason or "none", "sh": game.history,
    }


def _card_text(card: ShCard) -> str:
    return card.resource if card.resource == card.counts_as else f"{card.resource}={card.counts_as}"


def series_text(target, cards, built) -> str:
    flag = "" if built is None else (" built" if built else " not built")
    return f"{target or 'loose'}: {' '.join(cards)}{flag}"


def _sh_matches(wanted: list[SeriesSpec], history: list[Series]) -> bool:
    if len(wanted) != len(history):
        return False
    for spec, series in zip(wanted, history):
        if spec.target != series.target:
            return False
        if list(spec.cards) != [_card_text(c) for c in series.cards]:
            return False
        if spec.built is not None and spec.built != series.built:
            return False
    return True
