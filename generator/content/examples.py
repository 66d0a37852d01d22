"""The schema of worked-example files (content/<book>/examples/*.yaml), also used by
scenarios (content/<book>/scenarios/*.yaml).

An example is a starting position (only what matters; the rest defaulted), a list of steps
in the engine's action notation, and what must be true after chosen steps, or the code with
which a step must be refused. The format is documented in docs/examples.md.
"""

# Annotations evaluated as the classes are made: see model.py.

import dataclasses
from dataclasses import field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field
from pydantic.dataclasses import dataclass

from generator.content.model import STRICT, Int
from generator.content.yamlsource import YamlDocument

Face = Literal["A", "B"]


@dataclass(config=STRICT)
class SeriesSpec:
    """A series of the SH. Cards are resource ids; `lumber=wool` is a lumber counted as wool."""

    cards: Annotated[list[str], Field(min_length=1)]
    target: str | None = None
    built: bool | None = None  # default: built when complete


@dataclass(config=STRICT)
class StartSpec:
    hand: list[str] = field(default_factory=list)
    market: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top first
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    sh: list[SeriesSpec] = field(default_factory=list)
    roads: list[Face] = field(default_factory=lambda: ["A"])
    knights: list[Face] = field(default_factory=list)
    settlements: Int = 1
    cities: Int = 0
    expansions: list[str] = field(default_factory=list)
    town_hall_due: bool = False
    rest: Literal["deck", "discard", "removed"] = "deck"


@dataclass(config=STRICT)
class Expectation:
    points: Int | None = None
    hand: list[str] | None = None        # compared as multisets
    market: list[str] | None = None
    discard: list[str] | None = None
    removed: list[str] | None = None
    deck_size: Int | None = None
    deck_top: list[str] | None = None
    sh: list[SeriesSpec] | None = None
    roads: list[Face] | None = None
    knights: list[Face] | None = None
    settlements: Int | None = None
    cities: Int | None = None
    expansions: list[str] | None = None
    town_hall_due: bool | None = None
    decision: str | None = None          # "none" when no decision may be pending
    legal_count: Int | None = None
    phase: Literal["playing", "won", "lost"] | None = None
    end_reason: str | None = None


@dataclass(config=STRICT)
class Step:
    do: str
    reject: str | None = None
    expect: dict | None = None  # checked by the book's engine (Expectation for the solo one)
    note: str = ""
    arrange_deck: list[str] | None = None  # before the step: these cards on top of the MDR
    show: bool = False                     # print the position after this step in the book


@dataclass(config=STRICT)
class Deal:
    """A start dealt as `rulebook play --seed` and the simulator deal a whole game, then
    `moves` played (in the engine's notation, not printed): the position a played game
    reached, the random state of its deck included (a reshuffle later deals as it did)."""

    seed: Annotated[int, Field(ge=0, le=2**63 - 1)]  # the deal's, as `rulebook play --seed`
    moves: list[str] = field(default_factory=list)  # played first, in the notation; unprinted


@dataclass(config=STRICT)
class Example:
    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    title: str
    section: str
    summary: str
    steps: Annotated[list[Step], Field(min_length=1)]
    start: dict | None = None
    seed: Int = 0
    deal: Deal | None = None  # instead of start: (and seed:): a dealt game (`rulebook play`)

    def __post_init__(self) -> None:
        if self.deal is not None and (self.start is not None or self.seed):
            raise ValueError("an example starts from `deal:` (a dealt game) or from "
                             "`start:` (a position written out), not both; expected one")


@dataclasses.dataclass
class ExampleSource:
    """An example with the document it came from, so failures can name file and line.
    A scenario (`scenarios/`) has the same format and replay but is never printed: it checks
    a rule the printed examples do not reach. A plain dataclass: its example is validated
    already (as model.Book)."""

    example: Example
    doc: YamlDocument
    scenario: bool = False

    @property
    def kind(self) -> str:
        return "scenario" if self.scenario else "example"

    @property
    def file(self) -> Path:
        return self.doc.file
