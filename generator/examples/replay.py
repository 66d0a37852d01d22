"""Replays a book's worked examples through its rules engine and compares every outcome.

This is the product's promise: a book whose examples are illegal, or whose stated outcomes
are wrong, is not built. A replay also keeps the positions the book prints in each box.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..content.examples import Example, ExampleSource, Expectation, SeriesSpec, StartSpec
from ..content.model import Book
from ..errors import ContentError, GeneratorError, IllegalAction, Location
from ..engine.solo import Game, Ruleset, Series, ShCard
from ..engine.solo.actions import Action
from ..engine.solo.notation import NotationError, parse

ENGINES = {"solo-catan"}


class ExampleFailure(GeneratorError):
    """A worked example whose step is illegal or whose stated outcome is not what happens."""

    def __init__(self, location: Location, example_id: str, step: int, action: str, message: str):
        self.location = location
        self.example_id = example_id
        self.step = step
        self.message = message
        super().__init__(f"{location}: example '{example_id}', step {step} ({action}): {message}")


class ExamplesFailed(GeneratorError):
    """The build refuses a book with failing examples; this lists them all."""

    def __init__(self, book: str, failures: list[ExampleFailure]):
        self.failures = failures
        lines = "\n".join(f"  {f}" for f in failures)
        super().__init__(f"{book}: {len(failures)} worked example(s) fail (a book whose "
                         f"examples fail is not built):\n{lines}")


@dataclass
class Frame:
    """A position the book may print: the start, or the position after a step."""

    step: int | None
    action: Action | None
    game: Game
    note: str = ""
    rejected: str | None = None
    show: bool = False


@dataclass
class Replay:
    source: ExampleSource
    frames: list[Frame] = field(default_factory=list)
    failure: ExampleFailure | None = None

    @property
    def example(self) -> Example:
        return self.source.example


def rules_for(book: Book) -> Ruleset:
    return Ruleset.from_components(book.components)


def replay_book(book: Book) -> list[Replay]:
    if not book.examples:
        return []
    if book.meta.engine not in ENGINES:
        raise ContentError(Location(book.folder / "book.yaml", None, "engine"),
                           f"unknown engine {book.meta.engine!r}", f"one of {', '.join(ENGINES)}")
    rules = rules_for(book)
    return [replay(source, rules) for source in book.examples]


def check_book(book: Book) -> list[Replay]:
    """Replay every example; raise ExamplesFailed listing all failures, if any."""
    replays = replay_book(book)
    failures = [r.failure for r in replays if r.failure]
    if failures:
        raise ExamplesFailed(book.slug, failures)
    return replays


def replay(source: ExampleSource, rules: Ruleset) -> Replay:
    example, doc = source.example, source.doc
    game = build_position(source, rules)
    result = Replay(source, [Frame(None, None, game.copy(), show=True)])
    targets = tuple(rules.costs)
    for index, step in enumerate(example.steps):
        number = index + 1
        location = doc.location(("steps", index))

        def fail(message: str) -> Replay:
            result.failure = ExampleFailure(location, example.id, number, step.do, message)
            return result

        try:
            action = parse(step.do, rules.resources, targets)
        except NotationError as exc:
            raise ContentError(doc.location(("steps", index, "do")), str(exc)) from None
        if step.arrange_deck:
            problem = _arrange_deck(game, step.arrange_deck)
            if problem:
                return fail(problem)
        try:
            game.push(action)
        except IllegalAction as exc:
            if step.reject == exc.code:
                result.frames.append(Frame(number, action, game.copy(), step.note, exc.code,
                                           step.show))
                continue
            return fail(f"refused: {exc}" if not step.reject
                        else f"expected refusal '{step.reject}', got '{exc.code}': {exc}")
        if step.reject:
            return fail(f"expected refusal '{step.reject}', but the action was legal")
        if step.expect is not None:
            differences = compare(game, step.expect)
            if differences:
                return fail("; ".join(differences))
        result.frames.append(Frame(number, action, game.copy(), step.note, None, step.show))
    return result


# --- the starting position -------------------------------------------------------------------

def build_position(source: ExampleSource, rules: Ruleset) -> Game:
    """A game set up as the example's `start` says, the other cards placed per `rest`."""
    spec: StartSpec = source.example.start
    doc = source.doc
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
