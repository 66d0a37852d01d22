"""Replays a book's worked examples through its rules engine and compares every outcome.

This is the product's promise: a book whose examples are illegal, or whose stated outcomes
are wrong, is not built. A replay also keeps the positions the book prints in each box.
Scenarios (`scenarios/`) are replayed and refuse the book the same way; they are just never
printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.content.examples import Example, ExampleSource
from generator.content.model import Book
from generator.errors import ContentError, ExampleFailure, ExamplesFailed, IllegalAction
from generator.examples.guard import at
from generator.examples.protocol import declares, simulation_of


@dataclass
class Frame:
    """A position the book may print: the start, or the position after a step."""

    step: int | None
    action: object
    game: object
    note: str = ""
    rejected: str | None = None
    show: bool = False


@dataclass
class Replay:
    source: ExampleSource
    frames: list[Frame] = field(default_factory=list)
    failure: ExampleFailure | None = None
    adapter: object = None  # how this book's engine builds, compares and words positions

    @property
    def example(self) -> Example:
        return self.source.example

    @property
    def final(self):
        """The engine's game after the last step replayed (its `events`, for coverage)."""
        return self.frames[-1].game

    @property
    def refusals(self) -> set[str]:
        """The refusal codes this replay's `reject:` steps met."""
        return {f.rejected for f in self.frames if f.rejected}


def step_words(adapter, frame: Frame, before) -> tuple[str, bool]:
    """A step as a box prints it, without its final stop, and whether the engine told it
    whole: `narrate` (protocol.Narration: the draws and outcomes too, a refusal as its own
    sentence) or only `action_text` (the renderer then marks a refusal itself)."""
    if declares(adapter, "narration") and frame.game is not None and before is not None:
        return adapter.narrate(frame.action, before, frame.game, frame.rejected), True
    return adapter.action_text(frame.action, before), False


def adapter_for(book: Book):
    """The bridge between a book's examples and its rules engine (book.yaml `engine:`): the
    plugin of that name in the entry point group `rulebook.engines`, started with the book
    (`registry.py`; the protocol it follows is `protocol.Engine`)."""
    from generator.examples.registry import engine_for
    return engine_for(book)


def replay_book(book: Book) -> list[Replay]:
    """Every example, then every scenario, replayed."""
    sources = book.examples + book.scenarios
    if book.examples_unchecked:  # printed as the author wrote them, marked as not checked
        from generator.examples.unchecked import unchecked_replays
        return unchecked_replays(book)
    if not sources:
        if book.meta.engine:  # a misspelt engine is an error even before the first example
            from generator.examples.registry import plugin_for
            plugin_for(book)
        return []
    adapter = adapter_for(book)
    return [replay(source, adapter) for source in sources]


def check_book(book: Book, scenarios: bool = False) -> list[Replay]:
    """Replay every example and scenario; raise ExamplesFailed listing all failures, if any.
    Returns the examples' replays (the boxes of the player's book), with the scenarios'
    too if asked (the dossier's).
    The engine words every example and scenario too (`told`; the dossier prints the
    scenarios): what check accepts, build prints."""
    replays = replay_book(book)
    failures = [r.failure for r in replays if r.failure]
    if failures:
        raise ExamplesFailed(book.slug, failures)
    for one in replays:  # a scenario too: the dossier prints it
        told(one)
    return replays if scenarios else worked_examples(replays)


def worked_examples(replays: list[Replay]) -> list[Replay]:
    """The replays of the worked examples, the scenarios left out: what the player's book
    prints in its boxes and draws as figures."""
    return [r for r in replays if not r.source.scenario]


def position_shown(replay: Replay, frame: Frame) -> bool:
    """Whether a box prints the position after `frame`: a step marked `show`, and a
    scenario's last (the dossier prints where each scenario ends). One rule for check and
    for both renderers."""
    return bool(frame.show) or (replay.source.scenario and frame is replay.frames[-1])


def told(replay: Replay) -> None:
    """Ask the engine for the words a box prints, as the renderers do (every step's
    sentence, the lines of each position shown), each at its example and step: a plugin
    whose `action_text`, `narrate` or `position_lines` fails does so in `rulebook check`,
    located, rather than half-way through drawing the book."""
    adapter, frames = replay.adapter, replay.frames
    with at_step(replay.source, None):
        adapter.position_lines(frames[0].game)
    for before, frame in zip(frames, frames[1:]):
        with at_step(replay.source, frame.step):
            step_words(adapter, frame, before.game)
            if position_shown(replay, frame):
                adapter.position_lines(frame.game)


def at_step(source: ExampleSource, number: int | None):
    """Calls into the engine for an example's step `number` (None: its start), said in a
    plugin's failure at the step's line (guard.at)."""
    example, doc = source.example, source.doc
    if number is None:
        return at(f"{source.kind} '{example.id}', its start", lambda: doc.location(("start",)))
    return at(f"{source.kind} '{example.id}', step {number} ({example.steps[number - 1].do})",
              lambda: doc.location(("steps", number - 1)))


def replay(source: ExampleSource, adapter) -> Replay:
    with at_step(source, None):
        game = (dealt(source, adapter) if source.example.deal is not None
                else adapter.new_game(source))
        start = adapter.copy(game)
    result = Replay(source, [Frame(None, None, start, show=True)], adapter=adapter)
    for index in range(len(source.example.steps)):
        with at_step(source, index + 1):
            if not _replay_step(result, game, index):
                break
    return result


def dealt(source: ExampleSource, adapter):
    """The start of an example with `deal:`: the game the engine's simulation deals from its
    seed (as `rulebook play --seed` does), then its `moves`, each one the game allows."""
    deal, doc = source.example.deal, source.doc
    factory = simulation_of(adapter)
    if factory is None:
        raise doc.error(("deal",), "this book's engine cannot deal a whole game",
                        "`start:`, the position written out (deal: needs an engine that "
                        "declares \"simulation\" or \"variants\")")
    game = factory({}, None).random_start(deal.seed)
    for index, text in enumerate(deal.moves):
        try:
            action = adapter.parse(text)
        except ValueError as exc:
            raise doc.error(("deal", "moves", index), str(exc)) from None
        try:
            adapter.game_push(game, action)
        except IllegalAction as exc:
            raise doc.error(("deal", "moves", index), f"move {index + 1} of the deal, "
                            f"'{text}', is refused: {exc}",
                            "the moves of a game played from this seed") from None
    return game


def _replay_step(result: Replay, game, index: int) -> bool:
    """Play the example's step `index` on `game`; False once it failed (`result.failure`)."""
    source, adapter = result.source, result.adapter
    example, doc = source.example, source.doc
    step, number = example.steps[index], index + 1

    def fail(message: str) -> bool:
        result.failure = ExampleFailure(doc.location(("steps", index)), example.id,
                                        number, step.do, message, source.kind)
        return False

    try:
        action = adapter.parse(step.do)
    except ValueError as exc:
        raise ContentError(doc.location(("steps", index, "do")), str(exc)) from None
    if step.arrange_deck:
        problem = adapter.arrange(game, step.arrange_deck)
        if problem:
            return fail(problem)
    try:
        adapter.game_push(game, action)
    except IllegalAction as exc:
        if step.reject == exc.code:
            result.frames.append(Frame(number, action, adapter.copy(game), step.note,
                                       exc.code, step.show))
            return True
        return fail(f"refused: {exc}" if not step.reject
                    else f"expected refusal '{step.reject}', got '{exc.code}': {exc}")
    if step.reject:
        return fail(f"expected refusal '{step.reject}', but the action was legal")
    if step.expect is not None:
        differences = adapter.compare(game, step.expect, source, ("steps", index, "expect"))
        if differences:
            return fail("; ".join(differences))
    result.frames.append(Frame(number, action, adapter.copy(game), step.note, None, step.show))
    return True
