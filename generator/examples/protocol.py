"""What a rules engine must offer the generator: the protocol of an engine plugin.

A book names its engine in `book.yaml` (`engine: splendor`); the generator finds it through
the Python entry point group `rulebook.engines` (`registry.py`) and calls what the entry
point names with the loaded `Book`, getting an object that follows `Engine` below. Nothing
else of the generator knows any game: replaying worked examples (`replay.py`), printing
them (PDF and HTML), `check --coverage` and `rulebook simulate` use only these methods.

The protocol is derived from what the four games of this repository (generator/games/) and
`replay.py` actually use; `docs/engines.md` writes a fifth one, for a
dice game, step by step.

Two objects are involved:

- the **game**: the engine's own state, whatever class it likes, with the two methods of
  `Game` (legal actions, and `push`, which refuses with a code);
- the **engine**: one per book, made by the plugin's factory from the `Book` (its
  components.yaml gives the numbers, its language the words); it turns example files into
  games and games into words.

Optional parts, looked up with `getattr`, so an engine offers only what it can:
`Narration` (a step told whole), `Diagrams` (positions drawn in the example boxes),
`Coverage` (`rulebook check --coverage`) and `Simulation` (`rulebook simulate`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from generator.errors import IllegalAction
from generator.examples.adapter import Adapter, mismatches

#: What a plugin imports from here besides the protocol: its refusals, and the helpers the
#: built-in engines use (a base with `copy` and `arrange`; 'expected X, found Y').
__all__ = ["Action", "Adapter", "Coverage", "Diagrams", "Engine", "EngineFactory", "Game",
           "IllegalAction", "Narration", "Outcome", "Player", "Reasons", "Recording",
           "REQUIRED", "SIMULATION", "Budget", "CAPABILITIES", "Simulation", "Variants",
           "declares", "mismatches"]

Action = Any
"""An action in the engine's own type (a dataclass, a tuple...). It must compare equal to
an equal action (`action in game.legal_actions()`) and, for `simulate --replay`, print as
the example notation (`str(action)`)."""


@runtime_checkable
class Game(Protocol):
    """A position of the game: the engine's own class, with these two methods."""

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, and nothing else: the one source of legality.

        The automatic players of `rulebook simulate` choose among these (so they can never
        break a rule), and `expect: {legal_count: N}` counts them. Empty when the game is
        over."""

    def push(self, action: Action) -> None:
        """Apply a legal action, or raise `IllegalAction` and leave the position unchanged.

        The refusal's `code` is what an example's `reject:` names (`reject: empty-pot`), so
        codes are stable words; its `section` is the book's chapter or heading that states
        the broken rule, and `ruling` the ruling that decided it, if any. A worked example
        may show a refused move; the position after it must be the position before."""


@runtime_checkable
class Engine(Protocol):
    """One book's bridge to its rules: examples in, positions and words out."""

    def new_game(self, source) -> Game:
        """The position an example's `start:` describes (`source.example.start`, a dict).

        `start:` holds only what matters to the example; the engine fills in the rest the way
        its rules deal it, seeded by `source.example.seed` for anything random. A start no
        game could reach is refused where it is written: raise
        `source.doc.error(("start", "field"), message, expected)`; `validate(source.doc,
        YourStart, at=("start",))` (generator.content.yamlsource) does it for a pydantic
        dataclass."""

    def parse(self, text: str) -> Action:
        """An action from the example notation (a step's `do:` text), or `ValueError` with a
        message listing the notation, which the replay reports at the step's line."""

    def compare(self, game: Game, expect: dict, source, path: tuple) -> list[str]:
        """What a step's `expect:` states that the position does not show, as one
        'expected X, found Y' per difference; [] when all holds.

        The engine decides which fields `expect:` may name (the state a reader can see:
        points, hands, the pending decision...) and how they compare (lists as multisets,
        partial records...). An unknown field is the author's mistake: raise
        `source.doc.error(path + (name,), ...)`, or validate `expect` against a pydantic
        dataclass with `validate(source.doc, YourExpect, at=path)`."""

    def copy(self, game: Game) -> Game:
        """An independent copy: the replay keeps one per printed position (`show: true`),
        and the greedy player tries each action on a copy. `Adapter` deep-copies."""

    def arrange(self, game: Game, cards: list[str]) -> str | None:
        """A step's `arrange_deck:` (put these cards on top of the deck before the step), or
        the reason it cannot be done, reported at the step. `Adapter` refuses: no deck."""

    def position_lines(self, game: Game) -> list[tuple[str, str]]:
        """The position as the book prints it in an example's box, as (label, text) lines
        ("Score", "18 of 40"), in the book's language: the start, and each `show: true`."""

    def action_text(self, action: Action, before: Game | None) -> str:
        """One step as the book prints it: an imperative sentence without the final stop
        ("Roll two dice"). `before` is the position the action was played from (None if
        unknown), so the words can name what it acts on (a card by its cost, not its id)."""


@runtime_checkable
class Narration(Protocol):
    """Optional ("narration" in `provides`): a step told whole. Without it a box prints
    `action_text`, and the renderer marks a refusal itself ("× Not allowed: roll two dice")."""

    def narrate(self, action: Action, before: Game, after: Game, refused: str | None) -> str:
        """The step in plain sentences, the last without its final stop: what the player does
        ("You place the wood and start a road"), then what the engine did after it, as its
        position `after` records it ("You draw an ore: no match"); the step's `note` follows
        in the book. A refused step (`refused` is its code) is one sentence ("You cannot …")."""


@runtime_checkable
class Diagrams(Protocol):
    """Optional: positions drawn as the table looks. An engine with `position_svg` gets, in
    each example's box (PDF and HTML) and in `output/<book>/figures/`, a diagram of every
    position the example shows, under its label and over a one-line caption, instead of
    its `position_lines` (which stay the diagram's text alternative). Without it a box
    prints the lines. Declared as "diagrams" in `provides`, with all three methods
    (`Adapter` gives an empty caption and status)."""

    def position_svg(self, game: Game, before: Game | None = None,
                     screen: bool = False) -> str:
        """The position as SVG text, sized in millimetres at print size (`width="…mm"`):
        at most the width of an example's box (110 mm on A5), no text under 6 pt. `before`
        is the position the shown step was played from (None for the start), for marking
        what the step changed; `screen`: laid out for a phone's column (66 mm) and
        declared larger, for the HTML edition. The diagrams of this repository are in
        `generator/diagrams/` (position.py, games/splendor/figures.py, games/economy/figures.py;
        flow.py lays labelled groups out for them)."""

    def position_caption(self, game: Game) -> str:
        """The one line printed under the diagram: what a player counts at a glance
        ("3 puntos · 12 cartas en el mazo"), without its final stop."""

    def position_status(self, game: Game) -> str:
        """What the position waits for, or how the game ended, said after the position's
        label ("Tras el paso 2 · falta devolver 1 ficha"); "" when nothing."""


@runtime_checkable
class Coverage(Protocol):
    """Optional ("coverage" in `provides`): `rulebook check --coverage` lists rule paths no
    example reaches."""

    def uncovered(self, replays: Sequence) -> tuple[list[str], list[str]]:
        """(rule paths never fired, refusal codes never met) over all the book's replays
        (`replay.final` is each replay's last game, `replay.refusals` its met codes)."""


@dataclass(frozen=True)
class Outcome:
    """How a game stands, as the simulation report counts it."""

    won: bool
    """Solo: the player reached the goal. Several players: the first player won (the report
    then measures the first player's advantage); say so in `Simulation.won_means`."""
    points: int
    """The points the report averages and spreads (solo: yours; several: the first
    player's). So far, when the game is not over: the greedy player maximises it."""
    turns: int
    """The game's length in its own unit (turns, rounds), for the length quartiles."""
    end_reason: str = ""
    """Why it ended, a short stable word ("goal", "deck", "stuck"); "" while it goes on."""
    events: Mapping[str, int] = field(default_factory=dict)
    """Counts worth a line of the report, per game on average ("nobles": 2)."""
    buildings: int = 0
    """What a stuck player still holds to get out with (the solo game's kinds of building
    left to demolish: the report counts the games stuck with none); 0 for other games."""


class Player(Protocol):
    """An automatic player for `rulebook simulate`. It may also keep `reason`: after each
    `choose`, why, in one line (an `N_` message and its values, numbers formatted in the
    book's language), or None; `rulebook play`'s hint says it after the move."""

    name: str

    def choose(self, game: Game, actions: list[Action], rng) -> Action:
        """One of `actions` (never empty); `rng` (random.Random) is its only randomness, so
        a game replays from its seed."""


@runtime_checkable
class Simulation(Protocol):
    """Optional ("simulation" in `provides`): what `rulebook simulate BOOK` needs to play
    whole games alone.

    With these three methods an engine gets the generic runner, report and two players:
    `random` (uniform among the legal actions: the floor any strategy must beat) and
    `greedy` (the action whose resulting `result(...).points` is highest, ties at random).
    An engine may also have:

    - `players`: a mapping name → callable returning a `Player`, added to (or replacing)
      those two;
    - `won_means`: one sentence printed above the report, saying what a win counts (and any
      assumption the simulation makes that the rules do not); a built-in engine marks it
      `N_("…")`, and the report prints it from the catalogs in the book's language.
    - `end_names` and `event_names`: the report's words for its end reasons and events
      (`Outcome.end_reason`, `Outcome.events`), `N_("…")` messages by key; the events in
      the order the report lists them.
    - `hint`: the name of the player `rulebook play`'s hint asks, the strongest that sees
      only what a player sees (greedy without it).

    An engine whose rules come in readings, or whose players have a strength, declares
    "variants" instead (`Variants`): the command asks it for a `Simulation` per run."""

    def random_start(self, seed: int) -> Game:
        """A whole game's start, dealt from `seed` as the rules set it up: the same seed
        gives the same game (runs are reproducible and any game replays)."""

    def is_over(self, game: Game) -> bool:
        """True once the game has ended (won, lost, or no way on)."""

    def result(self, game: Game) -> Outcome:
        """Won or not, points, length and end reason; valid on any position."""


@dataclass(frozen=True)
class Budget:
    """A player's strength, as `--budget` sets it: its default, the most a command may ask
    (so an absurd number is one line, not an endless run) and its unit, an `N_` message
    ("play-outs per decision")."""
    default: int
    most: int
    unit: str


@runtime_checkable
class Variants(Protocol):
    """Optional ("variants" in `provides`): an engine that simulates under readings of its
    rules (`rulebook simulate --compare goal=15,20`) and with players of a set strength
    (`--budget`). Instead of being a `Simulation` itself, it makes one per run."""

    #: The rule parameters `--compare` may change, each with how a value is read: a callable
    #: from the typed text to the value, raising `ValueError("…expected…")` otherwise.
    comparable: Mapping[str, Callable[[str], Any]]
    #: The players whose strength `--budget` sets, by name.
    budgets: Mapping[str, Budget]

    def simulation_for(self, changes: Mapping[str, Any], budget: int | None) -> Simulation:
        """A `Simulation` under the book's rules with `changes` (parameter → value, as
        `comparable` read them), its budgeted players at `budget` (None: their default)."""


@runtime_checkable
class Recording(Protocol):
    """Optional ("recording" in `provides`): what `rulebook play --record` writes as a
    recorded example's `expect:` at its last step, so that `rulebook check` proves the
    played line still ends where it ended."""

    def expectation(self, game: Game) -> dict:
        """Some of the fields of this engine's `expect:` for `game`, as plain YAML values
        (numbers, strings, lists, mappings): what `compare` accepts and finds equal."""


@runtime_checkable
class Reasons(Protocol):
    """Optional ("reasons" in `provides`): for `rulebook play`, why a legal action is legal
    (`why N`: where the book states the rule that allows it, as a refusal cites the rule
    that forbids one), and why a refused one is refused, in the player's terms."""

    def allowed_by(self, game: Game, action: Action) -> tuple[str, str | None]:
        """The anchor of the book's section that states the rule allowing `action` in
        `game`, and the ruling that decided it, if one did (else None)."""

    def refused_because(self, game: Game, refusal: IllegalAction) -> str | None:
        """Why the rules refuse `refusal.action` in `game`, as a clause in the book's
        language that follows «No puedes …:» ("te faltan 2 ónices", "you have no ore"); None
        where the engine has no words for the case (its section's rule is cited alone)."""


#: What an entry point of `rulebook.engines` names: called with the loaded `Book`.
EngineFactory = Callable[[Any], Engine]

#: The methods every engine must have; `registry.engine_for` checks them.
REQUIRED = ("new_game", "parse", "compare", "copy", "arrange", "position_lines", "action_text")
SIMULATION = ("random_start", "is_over", "result")

#: The optional parts an engine may have, each with the attributes it then needs. An engine
#: says which it has in `provides` (a tuple of these names); `registry.engine_for` refuses
#: one that declares a part it lacks, or a name not listed here, and nothing that is not
#: declared is used, whatever methods the engine has: a misspelt method is an error when the
#: book's engine starts, not a diagram or a line of the report silently missing.
CAPABILITIES: dict[str, tuple[str, ...]] = {
    "narration": ("narrate",),                                  # Narration
    "diagrams": ("position_svg", "position_caption", "position_status"),  # Diagrams
    "coverage": ("uncovered",),                                 # Coverage
    "simulation": SIMULATION,                                   # Simulation
    "figures": ("figure_kinds", "figure"),     # figures.yaml kinds of its own (the solo game's)
    "variants": ("simulation_for", "comparable", "budgets"),  # Variants
    # difficulty.yaml checked against the rules, and written by `simulate --save`
    "stored-runs": ("check_runs", "save_runs"),
    "recording": ("expectation",),                              # Recording
    "reasons": ("allowed_by", "refused_because"),               # Reasons
}
#: Of those, the attributes that are data, not methods.
DATA = ("figure_kinds", "comparable", "budgets")


def simulation_of(engine):
    """What deals and plays whole games with `engine`: `(changes, budget) → Simulation`,
    the engine itself for one that declares "simulation", its `simulation_for` for one that
    declares "variants"; None for an engine that can do neither."""
    if declares(engine, "variants"):
        return engine.simulation_for
    if declares(engine, "simulation"):
        return lambda changes, budget: engine
    return None


def declares(engine, capability: str) -> bool:
    """Whether `engine` declares the optional part `capability` (CAPABILITIES)."""
    assert capability in CAPABILITIES, capability
    return capability in (getattr(engine, "provides", None) or ())


def absent(engine, names) -> list[str]:
    """Those of `names` the engine does not have: a method that is not callable, or a data
    attribute (DATA) that is None."""
    found = []
    for name in names:
        value = getattr(engine, name, None)
        if value is None or name not in DATA and not callable(value):
            found.append(name)
    return found


def lacking(engine) -> list[str]:
    """What `engine` declares and does not have: an unknown name in `provides`, or an
    attribute a declared part needs ("diagrams: position_caption")."""
    found = []
    for name in getattr(engine, "provides", None) or ():
        if name not in CAPABILITIES:
            found.append(f"{name!r}, which is not one of {', '.join(CAPABILITIES)}")
        else:
            found += [f"{name}: {attribute}" for attribute in absent(engine, CAPABILITIES[name])]
    return found
