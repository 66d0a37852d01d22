"""The validated content model: what a book is once its files have been read and checked.

These are pydantic dataclasses so that the YAML files are validated by the same declarations
the rest of the program reads; `extra="forbid"` makes a misspelt field an error instead of a
silently ignored one.
"""

# No `from __future__ import annotations` here: pydantic would read every field's type
# again from its text (an eighth of this module's import, which every command pays).

import dataclasses
import datetime as dt
import functools
import math
import re
import typing
from dataclasses import field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (AfterValidator, BeforeValidator, ConfigDict, Field, ValidationError,
                      WithJsonSchema, model_validator)
from pydantic.dataclasses import dataclass

from generator.core import palette
from generator.core.i18n import sort_key
from generator.core.labels import labels
from generator.core.page import PageSize
from generator.core.stats import Bracket, summarise_lines
from generator.content.prose import placements

#: `defer_build`: a format's validator is built when a file of it is first validated, not
#: when this module is imported: a check builds only the formats its book has, and not the
#: validators of the records inside them, which the formats' own validators hold.
STRICT = ConfigDict(extra="forbid", frozen=True, defer_build=True)


def _number(value: Any) -> Any:
    """No number of a book is a yes/no word: YAML reads yes, no, on, off, true and false as
    booleans, and pydantic would take a boolean for 1 or 0 (`count: yes`, one card). Nor is
    it infinite or not a number (`.inf`, `.nan`)."""
    if isinstance(value, bool):
        raise ValueError(f"a yes/no word (yes, no, on, off, true, false), which YAML reads as "
                         f"{str(value).lower()}, not a number; expected a number")
    if isinstance(value, float) and not math.isfinite(value):
        word = ".nan, YAML's not-a-number," if math.isnan(value) else "an infinite number,"
        raise ValueError(f"{word} not a number a book can use; expected a finite number")
    return value


#: What every number of every format a book's files are read into is checked by (a
#: boolean, `.nan` or `.inf` is refused wherever a number is expected, see `_number`): last
#: in its `Annotated[int, Field(ge=1), NUMBER]`, after the bounds, which then stay the
#: number's own (in the editors' JSON schema too: `minimum`, not a bound of the validator).
NUMBER = BeforeValidator(_number)
Int = Annotated[int, NUMBER]
Float = Annotated[float, NUMBER]


# --- book.yaml ---------------------------------------------------------------------------

#: The languages the book's printed words (labels.py) and dates (Babel) come in.
LANGUAGES = ("es", "en")
#: Each language's name in itself: a link to an edition in it reads so to its readers.
AUTONYMS = {"es": "Español", "en": "English"}
#: At most this many of one component (cards of a resource, tokens): far more than a game has.
MAX_PIECES = 1000


def supported_language(value: str) -> str:
    if value not in LANGUAGES:
        raise ValueError(f"unsupported language {value!r}; expected one of "
                         f"{', '.join(LANGUAGES)}")
    return value


def _accent_colour(value: str) -> str:
    """A theme's accent: #rrggbb, dark enough that white reads on it and it reads on paper
    (headings, links, table heads, the cover's band: WCAG AA)."""
    if not HEX_COLOUR.fullmatch(value):
        raise ValueError("a colour is written #rrggbb (or #rgb), e.g. #7a5a12")
    value = full_hex(value).lower()
    ratio = palette.contrast(value, "#ffffff")
    if ratio < palette.MIN_ACCENT_CONTRAST:
        raise ValueError(f"{value} is too light for an accent: white on it reads "
                         f"{ratio:.1f}:1, and headings and table heads need "
                         f"{palette.MIN_ACCENT_CONTRAST}:1; expected a darker colour")
    return value


@dataclass(config=STRICT)
class FontFiles:
    """One family of the book's own type: TrueType files (`.ttf`, or `.otf` with TrueType
    outlines), by their path in the book's folder. Only `regular` is needed: bold italic
    falls back to the bold (or the italic), semibold to the bold, any other to the regular.
    The PDFs embed the characters they print, the HTML edition a WOFF2 subset; the font's
    licence must allow embedding (its OS/2 `fsType`)."""

    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None
    semibold: str | None = None


@dataclass(config=STRICT)
class FontsSpec:
    """A book's own typefaces (`fonts:` in book.yaml), in place of Source Serif Pro (`text`:
    the body, its bold and italic) and Source Sans Pro (`labels`: headings, tables, figures,
    cards); either or both. A character the book prints must be in both regular faces (a
    card game's ♠♥♦♣: choose fonts that have them)."""

    text: FontFiles | None = None
    labels: FontFiles | None = None


@dataclass(config=STRICT)
class ThemeSpec:
    """A book's look (`theme:` in book.yaml): its accent colour (headings, rules, table
    heads, the covers' bands) and the ornament on its covers and card backs (`hexagons`,
    `gems` or `none`). A book without one is neutral: slate (#3d4a56) and a plain band,
    no game's motif."""

    accent: Annotated[str, AfterValidator(_accent_colour)] = palette.NEUTRAL_ACCENT
    motif: palette.Motif = palette.Motif.NONE


def _players(value: Any) -> Any:
    if isinstance(value, list) and len(value) == 2 and value[0] > value[1]:
        raise ValueError(f"players {value[0]} to {value[1]}: expected the smaller number first")
    return value


@dataclass(config=STRICT)
class Credit:
    role: str
    who: str


@dataclass(config=STRICT)
class BookMeta:
    title: str
    subtitle: str
    version: str
    date: dt.date
    language: Annotated[str, AfterValidator(supported_language)]
    credits: list[Credit]
    chapters: Annotated[list[str], Field(min_length=1)]
    # The chapters (named in `chapters`) that make the editor's dossier rather than the
    # player's book: the conformance table, the difficulty method, anything a publisher or a
    # playtest group checks and a player does not read at the table.
    dossier: list[str] = field(default_factory=list)
    page_size: PageSize = PageSize.A5
    edition_note: str = ""
    # Who owns the game and its names, and what this edition is. Optional here so that any
    # book loads; `rulebook check` requires it (checks.py `check_rights`).
    rights: str = ""
    engine: str | None = None
    family: str | None = None  # the game family (catan), whose shared vocabulary may apply
    vocabulary: bool = False   # opt in: the family's terms in content/_facts/vocabulario.yaml
    # `checked`: the engine replays every example. `unchecked`: a book with examples and no
    # engine says so, and prints them marked as not checked by an engine.
    examples: Literal["checked", "unchecked"] = "checked"
    # `rulebook`: cover, contents, chapters, glossary. `sheet`: one or two pages (front and
    # back of one sheet): a title block, the chapters, the glossary inline; no cover, no
    # contents page. A sheet that needs more than two pages stops the build.
    layout: Literal["rulebook", "sheet"] = "rulebook"
    # A rulebook's contents page: `false` drops it (a short rulebook goes from its cover
    # straight to the chapters). Not for a sheet, which has none.
    contents: bool = True
    theme: ThemeSpec | None = None
    fonts: FontsSpec | None = None
    # The cover's badges, each printed only when given: how many play (`1`, or `[3, 4]`),
    # how long a game lasts in minutes, and the youngest age the game is for.
    players: Annotated[Annotated[int, Field(ge=1, le=99), NUMBER]
                       | Annotated[list[Annotated[int, Field(ge=1, le=99), NUMBER]],
                                   Field(min_length=2, max_length=2)] | None,
                       AfterValidator(_players)] = None
    minutes: Annotated[int, Field(ge=1, le=24 * 60), NUMBER] | None = None
    age: Annotated[int, Field(ge=1, le=99), NUMBER] | None = None

    @model_validator(mode="before")
    @classmethod
    def _contents_of_a_sheet(cls, data: Any) -> Any:
        """`contents:` says whether a rulebook has a contents page; given for a sheet (which
        never has one), it is a mistake about the layout, refused at its own line."""
        if isinstance(data, dict) and data.get("layout") == "sheet" and "contents" in data:
            error = ValueError("contents says whether a rulebook has a contents page, and a "
                               "sheet has none; expected no contents: line, or layout: rulebook")
            raise ValidationError.from_exception_data(cls.__name__, [
                {"type": "value_error", "loc": ("contents",), "input": data.get("contents"),
                 "ctx": {"error": error}}])
        return data

    @property
    def sheet(self) -> bool:
        """A one- or two-page sheet rather than a rulebook."""
        return self.layout == "sheet"

    @property
    def contents_page(self) -> bool:
        """Whether the PDF has a contents page (a rulebook's choice; a sheet never)."""
        return self.layout == "rulebook" and self.contents


# --- components.yaml ---------------------------------------------------------------------

@dataclass(config=STRICT)
class Resource:
    id: str
    name: str
    plural: str
    count: Annotated[int, Field(ge=1, le=MAX_PIECES), NUMBER]


@dataclass(config=STRICT)
class Face:
    letter: str
    name: str
    points: Annotated[int, Field(ge=0), NUMBER]


@dataclass(config=STRICT)
class Building:
    """A row of the building-costs card; `cost` is in the order the card prints it."""

    id: str
    name: str
    plural: str
    cost: Annotated[list[str], Field(min_length=1)]
    count: Annotated[int, Field(ge=0), NUMBER]
    points: Int | None = None
    faces: list[Face] = field(default_factory=list)
    flip_of: str | None = None
    at_start: Int = 0
    note: str = ""
    kinds: Literal["expansions"] | None = None  # its kinds: the expansions, points their own

    def face(self, letter: str) -> Face:
        return next(f for f in self.faces if f.letter == letter)


@dataclass(config=STRICT)
class Expansion:
    id: str
    name: str
    points: Annotated[int, Field(ge=0), NUMBER]
    power: str
    extra_cost: list[str] = field(default_factory=list)


#: A game parameter's name: what `{{ game.<name> }}` in a chapter can reach.
PARAMETER_NAME = re.compile(r"[a-z][a-z0-9_]*")
PARAMETER_NAME_TEXT = "a name of lower-case letters, digits and _, starting with a letter " \
                      "(rounds, dice_count)"
PARAMETER_VALUE_TEXT = "a number, a text, true or false, or a list of those"


def _parameter_problem(value: Any) -> str | None:
    """Why `value` cannot be a free game parameter, or None if it can."""
    if value is None:
        return "no value (null)"
    if isinstance(value, dict):
        return "a nested mapping"
    if isinstance(value, (dt.date, dt.datetime)):
        return f"a date ({value}), which a chapter cannot print as written"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is no number a book can print"
    if isinstance(value, (bool, int, float, str)):
        return None
    return f"a value of type {type(value).__name__}"


def _parameter_errors(data: dict) -> list[dict]:
    """pydantic line errors (loc relative to `game`) for the names and values of `data` that
    no chapter could print: a name Jinja cannot reach, a null, a nested mapping or list."""
    errors = []

    def refuse(loc: tuple, message: str, expected: str) -> None:
        errors.append({"type": "value_error", "loc": loc, "input": data,
                       "ctx": {"error": ValueError(f"{message}; expected {expected}")}})

    known = {f for f in GameParameters.__pydantic_fields__}
    for name, value in data.items():
        if not isinstance(name, str) or not PARAMETER_NAME.fullmatch(name):
            refuse((str(name),), f"parameter name {str(name)!r} cannot be written "
                   f"{{{{ game.{name} }}}} in a chapter", PARAMETER_NAME_TEXT)
            continue
        if value is None:
            refuse((name,), f"game.{name} has no value (null)",
                   "a value for it, or no such line" if name in known else PARAMETER_VALUE_TEXT)
            continue
        if name in known:
            continue  # typed by its field
        items = value if isinstance(value, list) else [value]
        for index, item in enumerate(items):
            where = (name, index) if isinstance(value, list) else (name,)
            if isinstance(item, list):
                refuse(where, f"game.{name} holds a list inside a list", PARAMETER_VALUE_TEXT)
                break
            problem = _parameter_problem(item)
            if problem:
                dated = isinstance(item, (dt.date, dt.datetime))
                refuse(where, f"game.{name}{f'[{index}]' if isinstance(value, list) else ''} "
                       f"is {problem}", f'the date in quotes ("{item}") to print it as text'
                       if dated else PARAMETER_VALUE_TEXT)
                break
        if errors:
            break
    return errors[:1]


_SCALAR_SCHEMA = [{"type": "integer"}, {"type": "number"}, {"type": "string"},
                  {"type": "boolean"}]
#: What an editor's schema says of a free parameter (the validator above says the same).
PARAMETER_SCHEMA = {"anyOf": _SCALAR_SCHEMA + [{"type": "array",
                                                "items": {"anyOf": _SCALAR_SCHEMA}}]}


@dataclass(config=ConfigDict(
    extra="allow", frozen=True, defer_build=True,  # see STRICT
    json_schema_extra={"propertyNames": {"pattern": "^" + PARAMETER_NAME.pattern + "$"},
                       "additionalProperties": PARAMETER_SCHEMA}))
class GameParameters:
    """The game's own numbers, words and lists, for the chapters to print: any name the
    book wants, `game: {rounds: 6, dice: [d6, d6]}`, printed by `{{ game.rounds }}` and
    `{{ game.dice | join(", ") }}`. A value is a number, a text, true or false, or a list of
    those; a name is lower-case letters, digits and `_`, starting with a letter. The fields
    below are the ones the generator itself reads (a rules engine, the costs table, the
    facts check): each keeps its type, an engine refuses a book without the ones it plays
    by, and a name one or two letters away from one the book's engine or costs table reads
    is refused as a likely typo (`hand_sise` → `hand_size`). `{{ goal }}` is `game.goal`."""

    # Pydantic sets a free parameter as an attribute: no methods here, or a parameter of the
    # same name would hide one (module functions `parameters`, `free_parameters` instead).
    # A known field is None when the book does not give it (an explicit null is refused).
    goal: Annotated[int, Field(ge=1), NUMBER] = None
    hand_size: Annotated[int, Field(ge=1), NUMBER] = None
    market_size: Annotated[int, Field(ge=0), NUMBER] = None
    demolition_limit: Annotated[int, Field(ge=1), NUMBER] = None
    tokens_total: Annotated[int, Field(ge=0), NUMBER] = None
    tokens_at_start: Annotated[int, Field(ge=0), NUMBER] = None
    bank_per_colour: Annotated[int, Field(ge=1), NUMBER] = None
    gems_taken: Annotated[int, Field(ge=1), NUMBER] = None
    token_limit: Annotated[int, Field(ge=1), NUMBER] = None
    row_length: Annotated[int, Field(ge=1), NUMBER] = None
    # The building-costs table: costs paid in the card's order (the card game) or in any order
    # (the board game); its count column counts building cards or pieces per player (a
    # building with count 0 is no piece: the board game's development card, from its deck).
    ordered_costs: bool = True
    count_column: Literal["cards", "pieces"] = "cards"
    development_deck: Annotated[int, Field(ge=1), NUMBER] = None

    @model_validator(mode="before")
    @classmethod
    def _free_parameters(cls, data: Any) -> Any:
        if isinstance(data, dict):
            errors = _parameter_errors(data)
            if errors:
                raise ValidationError.from_exception_data(cls.__name__, errors)
        return data


#: The parameters the generator itself reads, with their types (the rest are free).
KNOWN_PARAMETERS: tuple[str, ...] = tuple(GameParameters.__pydantic_fields__)


def parameters(game: GameParameters | None) -> dict[str, Any]:
    """Every parameter the book gives (or a known one defaults to), by name, in file order
    after the known ones."""
    if game is None:
        return {}
    return {name: value for name, value in vars(game).items()
            if not name.startswith("_") and value is not None}


def free_parameters(game: GameParameters | None) -> dict[str, Any]:
    """The book's own parameters: those the generator does not read itself."""
    return {name: value for name, value in parameters(game).items()
            if name not in KNOWN_PARAMETERS}


def parameter_type(name: str) -> str:
    """A known parameter's type in words: "an integer ≥ 1", "true or false"."""
    info = GameParameters.__pydantic_fields__[name]
    if info.annotation is bool:
        return "true or false"
    if getattr(info.annotation, "__origin__", None) is Literal:
        return "one of " + ", ".join(info.annotation.__args__)
    low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
    return "an integer" + (f" ≥ {low}" if low is not None else "")


@dataclass(config=STRICT)
class Economy:
    """The token rules of a two-player rule set (trade tokens or coins)."""

    actions: list[Literal["forced-trade", "robber-to-desert", "exchange"]]
    actions_per_turn: Int = 1
    cost_not_ahead: Int = 1
    cost_ahead: Int = 2
    unlock_points: Int = 0
    after_roll: bool = False
    knight_discard: Int = 2
    settlement_gains: dict[Literal["coast", "desert", "desert-coast"], Int] = \
        field(default_factory=dict)
    robber_compensation: Int = 0
    army_on_play: bool = False  # a set-aside Largest Army is taken only by playing a knight
    rulings: dict[str, str] = field(default_factory=dict)  # engine rule → ruling it applies
    start_points: Int = 0  # visible points of each player after the set-up: none has fewer


@dataclass(config=STRICT)
class GemCard:
    """A development card of Splendor: its bonus gem, points and cost."""

    id: str
    bonus: str
    points: Annotated[int, Field(ge=0), NUMBER]
    cost: dict[str, Int]
    name: str = ""


@dataclass(config=STRICT)
class Components:
    """Every part is optional: a book gives the parts its game has. A dice game may have no
    resources at all; a costs table (`{{ cost_table() }}`, a card or figure of kind `costs`)
    needs buildings, and a rules engine the parts it plays with (`engine:` in book.yaml)."""

    resources: list[Resource] = field(default_factory=list)
    buildings: list[Building] = field(default_factory=list)
    special_cards: list[GemCard] = field(default_factory=list)
    expansions: list[Expansion] = field(default_factory=list)
    game: GameParameters | None = None
    road_bonuses: list[dict[str, Int]] = field(default_factory=list)
    reference: str | None = None  # a facts file in content/_facts/ the costs must agree with
    economy: Economy | None = None

    def resource(self, rid: str) -> Resource:
        return next(r for r in self.resources if r.id == rid)

    def points_apart(self, building: Building) -> list[Expansion]:
        """The kinds of `building` (`kinds: expansions`) whose points are not the
        building's: the solo game's Town Hall, 4 where every other city expansion gives 3,
        which a costs card printing "3" alone said wrong."""
        if building.kinds != "expansions":
            return []
        return [e for e in self.expansions if e.points != building.points]

    def points_aside(self, building: Building) -> str:
        """What follows a building's points for the kinds that give others: " (Ayuntamiento
        4)", or nothing."""
        apart = self.points_apart(building)
        return f" ({', '.join(f'{e.name} {e.points}' for e in apart)})" if apart else ""

    def points_span(self, building: Building) -> tuple[int, int]:
        """The fewest and most points `building` gives, its kinds' too ((3, 4), a card's
        «3–4 p.»; (1, 1) for a building of one value)."""
        values = [building.points or 0] + [e.points for e in self.points_apart(building)]
        return min(values), max(values)

    def building(self, bid: str) -> Building:
        return next(b for b in self.buildings if b.id == bid)

    @property
    def total_resource_cards(self) -> int:
        return sum(r.count for r in self.resources)

    @property
    def series_starters(self) -> list[str]:
        """Resources that may open a building series: the first of some cost, in card order."""
        return _unique(b.cost[0] for b in self.buildings)

    @property
    def series_enders(self) -> list[str]:
        return _unique(b.cost[-1] for b in self.buildings)


def _unique(items) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


@dataclass(config=STRICT)
class Facts:
    """Researched facts a book's data is checked against (content/_facts/*.yaml)."""

    costs: dict[str, list[str]]
    points: dict[str, Int] = field(default_factory=dict)
    goal: Int | None = None


# --- glossary.yaml -----------------------------------------------------------------------

@dataclass(config=STRICT)
class Abbreviation:
    abbr: Annotated[str, Field(pattern=r"^[A-ZÁÉÍÓÚÑ]{2,6}$")]
    term: str
    definition: str


@dataclass(config=STRICT)
class Term:
    term: str
    definition: str


@dataclass(config=STRICT)
class Glossary:
    abbreviations: list[Abbreviation] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    # Words in capitals that are emphasis («NO», "NOT"), not abbreviations: printed as typed,
    # never linked, and not asked for a glossary entry.
    emphasis: list[Annotated[str, Field(pattern=r"^[A-ZÁÉÍÓÚÑ]{2,6}$")]] = \
        field(default_factory=list)

    @property
    def sorted_abbreviations(self) -> list[Abbreviation]:
        """In alphabetical order, as a reader looks one up (accents sort with their letter)."""
        return sorted(self.abbreviations, key=lambda a: sort_key(a.abbr))

    @property
    def sorted_terms(self) -> list[Term]:
        return sorted(self.terms, key=lambda t: sort_key(t.term))


# --- rulings.yaml ------------------------------------------------------------------------

def _a_question(text: str) -> str:
    if not re.search(r"\?[»”\"')\s]*$", text):
        raise ValueError("a ruling's question does not end in a question mark; expected the "
                         "question a player asks (the almanac prints it, then the decision)")
    return text


#: A ruling's question, as the player's almanac prints it: a question, «¿…?».
Question = Annotated[str, AfterValidator(_a_question)]


@dataclass(config=STRICT)
class Ruling:
    """One decision of this edition. In a book that edits someone else's rules (a variant
    posted on a forum, a summary of a published game), a ruling fills a gap, chooses between
    two readings of an ambiguous sentence, or settles a contradiction of the source: `source` names the passage it interprets (a section of the
    original text, or the author's answers in the thread) so a reader can check it, `quote`
    gives its words and `settles` says which; a ruling that changes what the source says
    (`departure`) must say how, in `departs`. In a book that is its own source (a designer's
    own game) a ruling is the designer's decision: no `source`, `quote`, `settles` or
    `departs`, and the dossier says so.

    `dossier: true` keeps a ruling out of the player's almanac: a question no one at the
    table asks (how the edition reads an online platform's settings, say) is the editor's,
    printed whole in the dossier's sources chapter only."""

    id: Annotated[str, Field(pattern=r"^R\d{2}$")]
    title: str
    question: Question
    decision: str
    reason: str
    section: str
    source: str | None = None
    settles: Literal["gap", "ambiguity", "contradiction", "departure"] | None = None
    quote: list[str] = field(default_factory=list)
    departs: str | None = None
    dossier: bool = False  # an editor's question only: in the dossier, not the almanac
    #: In a translated edition, `quote` as the book gives it (in the source's language),
    #: set by the edition (edition.ORIGINAL), never written: the dossier prints both.
    original_quote: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.source is None and (self.settles or self.quote or self.departs):
            raise ValueError("a ruling that settles, quotes or departs from a source names it; "
                             "expected source: the passage it reads (or, for the designer's "
                             "own decision, no settles, quote or departs)")
        if self.source is not None and self.settles is None:
            raise ValueError("a ruling that reads a source says what it does to it; expected "
                             "settles: gap, ambiguity, contradiction or departure")
        if (self.settles == "departure") != bool(self.departs):
            raise ValueError("a ruling with settles: departure says how in `departs`, "
                             "and only such a ruling has `departs`")


# --- figures.yaml ------------------------------------------------------------------------

#: The kinds of named figure drawn from the book's own data, whatever its engine
#: (diagrams/figures.py): the difficulty chart, the costs table, the board. Any other kind
#: is drawn by the engine (`figure_kinds`, `figure`: the solo game's set-up and SH).
DATA_KINDS = ("difficulty", "costs", "board")


@dataclass(config=STRICT)
class FigureSpec:
    """A diagram the prose shows with {{ figure("id") }}: set-up, costs card, an SH position
    taken from a worked example (`step` 0 is its start, n the position after step n), or a
    card of an example's start with its parts named (`card`, Splendor's anatomy), a token
    economy at a glance (`economy`: how tokens are earned and spent, the 1-v-1 coins). A
    difficulty chart, a costs table and a board are drawn from the book's own data; the
    other kinds by the book's engine."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    kind: Literal["setup", "costs", "sh", "difficulty", "board", "card", "economy"]
    caption: str
    example: str | None = None
    card: str | None = None  # Kind `card`: the id of the card drawn, from the example's start
    step: Annotated[int, Field(ge=0), NUMBER] = 0
    steps: dict[Literal["deck", "hand", "start", "expansions", "stacks", "market"],
                # Kind `setup`: for each part of the table, the number of the chapter's
                # set-up step that puts it there, printed in a disc by the part's label.
                Annotated[int, Field(ge=1), NUMBER]] = field(default_factory=dict)


# --- print.yaml: reference cards and tokens -----------------------------------------------

MIN_PIECE = 10.0  # mm: the smallest card or token anyone can cut and read
MAX_BLEED = 10.0  # mm: bleed and safe zone
#: A colour as CSS writes it in hex: #rrggbb, or its short form #rgb (#fa0 is #ffaa00).
HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def full_hex(value: str) -> str:
    """`value` as #rrggbb if it is a #rgb colour (each digit doubled, as CSS reads it: the
    drawing code reads six digits); anything else as given."""
    if len(value) == 4 and HEX_COLOUR.fullmatch(value):
        return "#" + "".join(digit * 2 for digit in value[1:])
    return value


def _hex_colour(value: str) -> str:
    if not HEX_COLOUR.fullmatch(value):
        raise ValueError("a colour is written #rrggbb (or #rgb), e.g. #c99a16")
    return full_hex(value)


@dataclass(config=STRICT)
class CardFace:
    """One reference card. `kind` picks what fills it: the costs diagram, the glossary's
    abbreviations, numbered steps or plain lines (the last two from `lines`)."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    title: str
    kind: Literal["costs", "abbreviations", "steps", "lines", "scores"]
    lines: list[str] = field(default_factory=list)
    marks: bool = True  # costs card: mark series starters and enders (the solo variant's idea)


@dataclass(config=STRICT)
class CardBack:
    title: str
    subtitle: str = ""


@dataclass(config=STRICT)
class CardSet:
    faces: Annotated[list[CardFace], Field(min_length=1)]
    back: CardBack
    width: Annotated[float, Field(ge=MIN_PIECE, allow_inf_nan=False), NUMBER] = 63.0
    height: Annotated[float, Field(ge=MIN_PIECE, allow_inf_nan=False), NUMBER] = 88.0
    bleed: Annotated[float, Field(ge=0, le=MAX_BLEED, allow_inf_nan=False), NUMBER] = 3.0
    safe: Annotated[float, Field(ge=0, le=MAX_BLEED, allow_inf_nan=False), NUMBER] = 4.0


@dataclass(config=STRICT)
class TokenSide:
    label: str
    caption: str = ""
    colour: Annotated[str, AfterValidator(_hex_colour)] = "#c99a16"


@dataclass(config=STRICT)
class TokenSet:
    name: str            # what the tokens are called, plural: "fichas de comercio"
    count: Annotated[int, Field(ge=1, le=MAX_PIECES), NUMBER]
    front: TokenSide
    back: TokenSide
    diameter: Annotated[float, Field(ge=MIN_PIECE, allow_inf_nan=False), NUMBER] = 25.0
    bleed: Annotated[float, Field(ge=0, le=MAX_BLEED, allow_inf_nan=False), NUMBER] = 3.0
    name_one: str | None = None  # one token: "ficha de comercio" (for "1 ficha de comercio")


#: A card size by its trade name, in mm (width, height).
CARD_SIZES = {"poker": (63.0, 88.0), "bridge": (57.0, 89.0), "tarot": (70.0, 120.0),
              "mini": (44.0, 63.0), "square": (70.0, 70.0)}
#: A deck's field, as its texts and colours name it: `{value}`.
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
Mm = Annotated[float, Field(ge=0, le=400, allow_inf_nan=False), NUMBER]


@dataclass(config=STRICT)
class Zone:
    """One zone of a card's layout, in mm from the card's top left corner (its trim): a
    text (`{field}` names a column of the deck's data) set in the box `x, y, w, h`, wrapped,
    at `size` pt or smaller down to `min_size` when it would not fit; with `fill`, the box
    painted behind it (rounded by `radius`); with `image`, a PNG, JPEG or SVG file of the
    book's folder (its path may hold fields: `art/{name}.png`) drawn as large as the box
    holds it, centred, between the fill and the text. Colours are #rrggbb, or a `{field}`
    that holds one."""

    x: Mm
    y: Mm
    w: Annotated[float, Field(gt=0, le=400, allow_inf_nan=False), NUMBER]
    h: Annotated[float, Field(gt=0, le=400, allow_inf_nan=False), NUMBER]
    text: str = ""
    size: Annotated[float, Field(ge=6, le=200, allow_inf_nan=False), NUMBER] = 10.0
    min_size: Annotated[float, Field(ge=6, le=200, allow_inf_nan=False), NUMBER] = 6.0
    font: Literal["text", "labels"] = "labels"
    bold: bool = False
    italic: bool = False
    align: Literal["left", "centre", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    colour: str = "#1f1a17"
    fill: str | None = None
    radius: Mm = 0.0
    padding: Mm = 0.0
    rotate: Literal[0, 180] = 0
    image: str | None = None


@dataclass(config=STRICT)
class CardLayout:
    """A card's front, declared: its background colour and its zones, drawn in order."""

    zones: Annotated[list[Zone], Field(min_length=1)]
    background: str = "#ffffff"


@dataclass(config=STRICT)
class DeckSpec:
    """A deck of the game's own cards, from data (as Squib and nanDECK make them): one card
    per row of `data` (a CSV file in the book's folder, with a header) or of `rows`, each
    printed `count` times (a `count` column; 1 without it), its front drawn by `layout`
    from the row's fields; its back the deck's `back` (a title on the book's theme) or
    drawn by `back_layout` from the same fields (a designer's own back). A trade `size` (poker,
    bridge, tarot, mini, square) or `width` and `height` in mm; `shape: round` for tokens."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    name: str       # what the cards are called, plural: "playing cards"
    layout: CardLayout
    back: CardBack | None = None
    back_layout: CardLayout | None = None
    data: str | None = None
    rows: list[dict[str, str | Int]] = field(default_factory=list)
    size: Literal["poker", "bridge", "tarot", "mini", "square"] | None = None
    width: Annotated[float, Field(ge=MIN_PIECE, allow_inf_nan=False), NUMBER] | None = None
    height: Annotated[float, Field(ge=MIN_PIECE, allow_inf_nan=False), NUMBER] | None = None
    bleed: Annotated[float, Field(ge=0, le=MAX_BLEED, allow_inf_nan=False), NUMBER] = 3.0
    name_one: str | None = None  # one card: "playing card"
    shape: Literal["rectangle", "round"] = "rectangle"

    @property
    def sides(self) -> list[tuple[str, CardLayout]]:
        """The layouts drawn, by their name in print.yaml: the front's, and the back's."""
        return [("layout", self.layout)] + ([("back_layout", self.back_layout)]
                                            if self.back_layout is not None else [])

    @property
    def trim(self) -> tuple[float, float]:
        """(width, height) in mm: the trade size's, or the ones given (poker otherwise)."""
        named = CARD_SIZES[self.size or "poker"]
        return (self.width or named[0], self.height or named[1])


@dataclass(config=STRICT)
class PrintSpec:
    cards: CardSet | None = None
    tokens: TokenSet | None = None
    decks: list[DeckSpec] = field(default_factory=list)


# --- difficulty.yaml: stored simulation runs -------------------------------------------------

#: A game longer than this is stopped and recorded as "unfinished" (simulate/engines.py): the
#: automatic player repeats itself (a reshuffle, a match, the same card placed again), which a
#: person would not do. A stored game never has more actions; the appendix prints the limit.
MAX_ACTIONS = 20_000
#: A stored game's digest: 12 hex digits of its whole record (the solo game's difficulty.py).
DIGEST = "[0-9a-f]{12}"
#: What the clairvoyant player proved of a deal (the solo game's solver.py).
Verdict = Literal["won", "unwinnable", "undecided"]


@dataclass(config=STRICT)
class GameLine:
    """One game of a stored run, enough to re-run it and compare, and to derive every figure
    the book prints of the run: its seed, what a reader checks (won, points, length, how it
    ended, the buildings left) and a digest of the whole record (events too), so a re-run of
    any sample of the seeds must match it exactly."""
    seed: Int
    won: bool
    points: Annotated[int, Field(ge=0), NUMBER]
    turns: Annotated[int, Field(ge=0), NUMBER]
    actions: Annotated[int, Field(ge=0), NUMBER]
    end: str
    # Kinds of building left at the end (0: nothing to demolish with). None: a game stored
    # before they were (a line of one value fewer), read so that `rulebook simulate` can
    # replace its run; `rulebook check` refuses it (the solo game's stored.py).
    buildings: Annotated[int, Field(ge=0), NUMBER] | None
    digest: Annotated[str, Field(pattern=rf"^{DIGEST}$")]
    cpu: Annotated[float, Field(ge=0), NUMBER] = 0.0
    verdict: Verdict | None = None


#: A stored game's fields in the order its line in difficulty.yaml gives them; as a reader
#: is told them (the verdict, last, only where the player gives one).
GAME_COLUMNS = tuple(f.name for f in dataclasses.fields(GameLine))
assert GAME_COLUMNS[-1] == "verdict"  # the optional column: GAME_LINE, GAME_TEXT
GAME_LINE = f"{' '.join(GAME_COLUMNS[:-1])} [verdict]"
#: One stored game: its fields' values separated by spaces, the verdict only where the
#: player gives one (`125220626913030 false 7 67 107 exhausted 2 386a57deac89 0.004`): the
#: line `--save` writes, as the editors' schema checks it; `rulebook check` reads a little
#: more leniently (a line without its CPU time, pydantic's other spellings of a boolean).
GAME_TEXT = (rf"^\d+ (true|false) \d+ \d+ \d+ \S+ \d+ {DIGEST} [0-9.]+"
             rf"( ({'|'.join(typing.get_args(Verdict))}))?$")
#: A line as written before the buildings left were stored: one column fewer.
GAME_COLUMNS_BEFORE = tuple(name for name in GAME_COLUMNS if name != "buildings")


def game_fields(line: Any) -> Any:
    """A stored game's line as its fields by name, for `GameLine` to check and convert
    (`"7"` an int, `"false"` a bool: pydantic's own readings of a YAML file's texts; why a
    line: the solo game's difficulty.py). A line written before the buildings were stored (its
    digest one column earlier) and a mapping of the fields (the form written before lines)
    read with no buildings. Anything else is left to `GameLine` as it is."""
    if isinstance(line, dict):
        return {"buildings": None, **line}
    if not isinstance(line, str):
        return line
    values = line.split()
    columns = GAME_COLUMNS
    if len(values) > 6 and re.fullmatch(DIGEST, values[6]) and not (
            len(values) > 7 and re.fullmatch(DIGEST, values[7])):
        columns = GAME_COLUMNS_BEFORE
    if len(values) > len(columns):
        raise ValueError(f"a game line of {len(values)} values; expected {GAME_LINE}")
    fields = dict(zip(columns, values))
    return fields if columns is GAME_COLUMNS else {"buildings": None, **fields}


#: A game as difficulty.yaml stores it: one line of text (`game_fields`).
StoredGame = Annotated[GameLine, BeforeValidator(game_fields),
                       WithJsonSchema({"type": "string", "pattern": GAME_TEXT})]

#: What a run stored beside its games before every figure was derived from them. Read (and
#: left unread) so that `rulebook simulate --save` can replace such a run; `rulebook check`
#: refuses each at its line (the solo game's stored.py).
FIGURES_BEFORE = ("wins", "win_low", "win_high", "mean_points", "median_turns",
                  "turn_quartiles", "stuck_rate", "exhausted_rate", "unfinished_rate",
                  "stuck_bare", "cpu_seconds", "points", "turns", "events_per_game",
                  "verdicts")


def _without_figures(run: Any) -> Any:
    return {k: v for k, v in run.items() if k not in FIGURES_BEFORE} \
        if isinstance(run, dict) else run


def _figure(name: str | tuple[str, str], doc: str) -> property:
    """A figure of a stored run, read from its summary: an attribute of it, or (method,
    argument) for `Summary.rate(end)`."""
    if isinstance(name, tuple):
        method, argument = name
        return property(lambda run: getattr(run.summary, method)(argument), doc=doc)
    return property(lambda run: getattr(run.summary, name), doc=doc)


@dataclass(config=STRICT)
class PlayerRun:
    """One player's stored run: the command that played it, and its games. Every figure the
    book prints of it (wins, interval, points, length, ends, CPU time, verdicts) is derived
    from the games (`summary`), never stored beside them: a figure edited by hand could not
    be told from a measured one, nor kept in step with the games."""
    player: str
    games: Annotated[int, Field(ge=1), NUMBER]
    seed: Int
    command: str
    records: list[StoredGame]
    budget: Annotated[int, Field(ge=1), NUMBER] | None = None
    #: What the budget counts, as the engine words it (`protocol.Budget.unit`, an `N_`
    #: message the appendix translates): "play-outs per decision".
    budget_unit: str = ""
    #: The rule parameter this run changed (`--compare NAME=VALUE --save`), or none: the
    #: book's own rules. A run of other rules is printed only where the book asks for it
    #: (`Difficulty.compared`), never as the book's own figures.
    rules: dict[str, Int | bool] = dataclasses.field(default_factory=dict)

    @functools.cached_property
    def summary(self) -> Any:
        """The run's figures (`core.stats.Summary`), as the terminal report words them,
        from its stored games."""
        return summarise_lines(self.records)

    wins = _figure("wins", "Games won.")
    win_rate = _figure("win_rate", "Share of games won.")
    win_low = _figure("win_low", "Lower end of the win rate's 95 % Wilson interval.")
    win_high = _figure("win_high", "Upper end of the win rate's 95 % Wilson interval.")
    mean_points = _figure("mean_points", "Mean final points.")
    stuck_rate = _figure("stuck_rate", "Share of games ended with no legal action.")
    exhausted_rate = _figure(("rate", "exhausted"), "Share of games ended with no resource "
                             "deck and no progress.")
    unfinished_rate = _figure(("rate", "unfinished"), "Share of games stopped at the action "
                              "limit.")
    stuck_bare = _figure("stuck_bare", "Stuck games in which the player had no building "
                         "left to demolish with.")
    cpu_seconds = _figure("cpu_seconds", "CPU seconds the games took, in all (measured: not "
                          "reproducible).")

    @property
    def half_width(self) -> float:
        """Half the width of the win rate's 95 % interval: the "±" a reader can quote."""
        return (self.win_high - self.win_low) / 2

    @property
    def median_turns(self) -> float:
        return float(self.summary.median_turns)

    @property
    def turn_quartiles(self) -> tuple[float, float, float]:
        return tuple(float(q) for q in self.summary.turn_quartiles)

    @property
    def cpu_per_game(self) -> float:
        return self.cpu_seconds / self.games

    @property
    def points(self) -> dict[int, int]:
        """Final points → number of games."""
        return dict(sorted(self.summary.points.items()))

    @property
    def verdicts(self) -> Any:
        """A clairvoyant run's deals by verdict (`core.stats.Bracket`: won,
        unwinnable, undecided), or None for a player that gives none."""
        verdicts = [line.verdict for line in self.records]
        return Bracket.counted(verdicts) if any(verdicts) else None

    def wins_on(self, other: "PlayerRun") -> int:
        """This player's wins on the deals `other` played (the same seeds): a comparison on
        the same deals, when both runs share the run seed."""
        seeds = {line.seed for line in other.records}
        return sum(line.won for line in self.records if line.seed in seeds)


@dataclass(config=STRICT)
class Difficulty:
    """Every stored run (one per player, `rulebook simulate BOOK --player P --save` each),
    played by the book's own rules (the goal, and the value of each other parameter
    `--compare` can change: `readings`, as the engine names them), and the runs of one other
    value each (`--compare NAME=V --save`: `rules`)."""
    goal: Int
    runs: Annotated[list[Annotated[PlayerRun, BeforeValidator(_without_figures)]],
                    Field(min_length=1)]
    readings: dict[str, Int | bool] = dataclasses.field(default_factory=dict)

    @property
    def own_runs(self) -> list[PlayerRun]:
        """The runs played by the book's own rules: the appendix's columns and chart."""
        return [r for r in self.runs if not r.rules]

    def run(self, player: str) -> PlayerRun | None:
        """The stored run of `player` by the book's own rules, if any:
        `{{ difficulty.run("strong").wins }}`."""
        return next((r for r in self.own_runs if r.player == player), None)

    def compared(self, player: str, name: str) -> list[tuple[Any, PlayerRun]]:
        """(value, run) for each stored run of `player` under a value of the rule parameter
        `name` (`--compare NAME=V --save`), its run by the book's own rules among them at
        the book's value, in order of value: `{% for goal, run in
        difficulty.compared("expert", "goal") %}`."""
        found = {r.rules[name]: r for r in self.runs
                 if r.player == player and set(r.rules) == {name}}
        own = self.run(player)
        if own is not None:
            found.setdefault(self.goal if name == "goal" else self.readings.get(name), own)
        return sorted(found.items())

    def winnable(self, run: PlayerRun) -> Any:
        """What `run`'s verdicts say of the winnable deals, a deal won by any stored player
        counted as won (a fair player may win a deal the clairvoyant's search left
        undecided): a `core.stats.Bracket`, or None for a run without verdicts. Runs of one
        seed deal the same games, so a game seed names the same deal in every run."""
        if run.verdicts is None:
            return None
        won = {line.seed for other in self.own_runs if other.seed == run.seed
               for line in other.records if line.won}
        return Bracket.counted(["won" if line.seed in won else line.verdict
                                for line in run.records])

    @staticmethod
    def run_command(slug: str, games: int, seed: int, player: str,
                    budget: int | None = None, rules: dict | None = None) -> str:
        """The command that stores a run (and reproduces it without --save)."""
        spent = f" --budget {budget}" if budget is not None else ""
        compared = "".join(f" --compare {name}={str(value).lower()}"
                           for name, value in (rules or {}).items())
        return (f"rulebook simulate {slug} --games {games} --seed {seed} --player {player}"
                f"{spent}{compared} --save")


# --- scores.yaml: final score to title ------------------------------------------------------

@dataclass(config=STRICT)
class ScoreBand:
    title: str
    min: Annotated[int, Field(ge=0), NUMBER]
    max: Annotated[int, Field(ge=0), NUMBER] | None = None  # None: and above

    def holds(self, points: int) -> bool:
        return self.min <= points and (self.max is None or points <= self.max)


def title_for(bands, points: int) -> str:
    """The title a final score gives in the book's score table ("" if none does)."""
    return next((band.title for band in bands if band.holds(points)), "")


# --- assembled book: put together by the loader from what was validated above, so plain
# dataclasses (validating them again would build, at every check, a validator for every file
# format at once) ---------------------------------------------------------------------------

@dataclasses.dataclass
class Chapter:
    """One Markdown chapter: its anchor id, its title and its parsed document tree."""

    id: str
    title: str
    source: Path
    tree: Any  # xml.etree.ElementTree.Element produced by python-markdown
    sections: list[tuple[str, str]] = field(default_factory=list)  # (anchor, title) of its H2s


@dataclasses.dataclass(frozen=True)
class EngineNeeds:
    """What one rules engine reads from components.yaml: declared by the engine (its
    adapter's `needs`, or a plugin's `require_parameters`), checked against the book by the
    loader's rules."""

    parameters: tuple[str, ...] = ()  # game.<name>, each one it plays by
    buildings: tuple[str, ...] = ()   # building ids its rules name
    parts: tuple[str, ...] = ()       # top-level fields of components.yaml it cannot do without



#: Where every edition's glossary starts: the PDF's and the HTML edition's id, and the
#: target a chapter links to.
GLOSSARY_ANCHOR = "glosario"
#: A cross-reference's text while its target's title is unknown (a heading further on in
#: the chapter that links to it): the loader puts the title in once every chapter is read.
TITLE_TO_COME = "\ue000"


def figure_anchor(figure_id: str) -> str:
    """Where a figure stands, the target of every link to it (`{{ fig("id") }}`): each
    renderer prints such a link as its words and the figure's number, «fig. 2»."""
    return f"fig-{figure_id}"


def ruling_anchors(ruling_id: str) -> tuple[str, str]:
    """A ruling's two places, in the order a citation («R07») prefers them: its entry in the
    player's book's almanac (`r07`: `{{ ruling_list() }}`) and the whole ruling in the
    editor's dossier (`r07-fuente`: `{{ ruling_sources() }}`)."""
    anchor = ruling_id.lower()
    return anchor, f"{anchor}-fuente"


@dataclasses.dataclass(frozen=True)
class Companion:
    """A book's other document, as one refers to the other (the player's book and the
    editor's dossier, book.yaml `dossier:`): its name, its HTML page, and its anchors, each
    with its page in the PDF where this one can print it (the player's book's, in the
    dossier; 0 where not known), since a link cannot turn the other file's pages. A
    dossier's also carries its provenance: (label, value) rows for its last page, and what
    a page reference calls the player's document: "book, p. 12", or "sheet, p. 1"."""
    title: str = ""
    file: str = ""
    pages: dict[str, int] = field(default_factory=dict)
    provenance: tuple[tuple[str, str], ...] = ()
    called: str = ""


@dataclasses.dataclass
class Book:
    slug: str
    folder: Path
    meta: BookMeta
    components: Components
    glossary: Glossary
    rulings: list[Ruling]
    chapters: list[Chapter]
    examples: list[Any] = field(default_factory=list)  # ExampleSource, in file-name order
    figures: list[FigureSpec] = field(default_factory=list)
    print_spec: PrintSpec | None = None
    difficulty: Difficulty | None = None
    scores: list[ScoreBand] = field(default_factory=list)
    # Replayed and checked, never printed as such: scenarios (`scenarios/`, in the example
    # format) and the conformance table (a content.conformance.Conformance).
    scenarios: list[Any] = field(default_factory=list)  # ExampleSource, in file-name order
    conformance: Any = None
    board: Any = None  # a BoardLayout from board.yaml, when a figure draws the board
    # Markdown images of the chapters, checked and read (content.images.BookImage) by their
    # path in the book's folder, which is their img's src in the chapter trees; and what
    # `rulebook check` and `build` warn about (errors.ContentWarning), e.g. a low-dpi raster.
    images: dict[str, Any] = field(default_factory=dict)
    warnings: list[Any] = field(default_factory=list)
    # A translation (content/<book>/<lang>/, content/edition.py): its language; None for the
    # book as written. Both share every fact; each writes to its own output folder.
    edition: str | None = None
    #: The decks of the game's own cards (print.yaml `decks:`), their data read
    #: (content.decks.Deck).
    decks: list[Any] = field(default_factory=list)
    #: The book's typefaces as files (core.typefaces.Typefaces), from book.yaml `fonts:`;
    #: None: the default ones. Checked by the loader, registered by whoever sets type.
    typefaces: Any = None
    #: The YAML files read, by name in the book's folder ("components.yaml", "print.yaml"…),
    #: as located documents (content/yamlsource.py): a check made after loading, or a
    #: renderer's error, points at the line without reading the file again.
    sources: dict[str, Any] = field(default_factory=dict)
    #: This is the editor's dossier (`printed(dossier=True)`), not the player's book.
    dossier: bool = False

    def printed(self, dossier: bool = False) -> "Book":
        """What a renderer lays out: the player's book (every chapter but book.yaml's
        `dossier:`) or, with `dossier`, the editor's dossier (those chapters, set as a
        rulebook even for a sheet's book). The book as loaded keeps every chapter, so that
        the checks (anchors, rulings cited, examples shown once) read the whole text."""
        chosen = set(self.meta.dossier)
        chapters = [c for c in self.chapters if (c.source.name in chosen) == dossier]
        meta = dataclasses.replace(self.meta, layout="rulebook", contents=True) \
            if dossier else self.meta
        return dataclasses.replace(self, chapters=chapters, meta=meta, dossier=dossier)

    def output_folder(self, output: Path) -> Path:
        """Where this edition's files go: `output/<book>/`, a translation's in
        `output/<book>/<lang>/`, so that the book's own outputs never move."""
        return output / self.slug / self.edition if self.edition else output / self.slug

    @property
    def theme(self) -> palette.Theme:
        """The book's colours and ornament (book.yaml's `theme:`, or Catan's)."""
        return palette.theme_of(self.meta)

    @property
    def examples_unchecked(self) -> bool:
        """The book's examples are printed as written, replayed by no engine (book.yaml
        `examples: unchecked`): the renderers mark each example box so."""
        return self.meta.examples == "unchecked"

    @property
    def anchors(self) -> dict[str, str]:
        """Every place a cross-reference may point to, with the title shown for it: the
        chapters, their headings, the figures they show (titled by their captions), and the
        glossary every edition prints after the chapters (`[glossary](#glosario)`)."""
        found = {GLOSSARY_ANCHOR: labels(self.meta.language)["glossary"]}
        captions = {f.id: f.caption for f in self.figures}
        for chapter in self.chapters:
            found[chapter.id] = chapter.title
            found.update(dict(chapter.sections))
            found.update({figure_anchor(item): captions[item]
                          for kind, item in placements(chapter.tree) if kind == "figure"})
        return found

    def numbers(self, kind: str) -> dict[str, int]:
        """The examples (`kind` "example") or figures ("figure") these chapters show, by
        id, numbered in the order a reader meets them: «Ejemplo 3», «Figura 2»."""
        order = [item for chapter in self.chapters
                 for placed_kind, item in placements(chapter.tree) if placed_kind == kind]
        return {item: n for n, item in enumerate(order, start=1)}

    @property
    def figure_numbers(self) -> dict[str, int]:
        """A figure's anchor (`figure_anchor`) → its number in these chapters: a link to it
        prints its words and this number («fig. 2»), in print and on screen."""
        return {figure_anchor(item): n for item, n in self.numbers("figure").items()}


# --- conformance.yaml: the source's rule statements, each traced into the book ---------------

def _short_quote(text: str) -> str:
    if len(text.split()) > 25:
        raise ValueError("a quote only points at the source: at most 25 words")
    return text


@dataclass(config=STRICT)
class ConformanceRow:
    """One rule statement of the source, traced to where the book states it, which rulings
    read it and which replays check it: a reader can follow each sentence of the original
    into this edition, and a rule that stops being checked stops the build. `pending` marks
    a row whose check is still being written (a warning, never a silent pass). `unchecked`
    says why no replay can check a rule the book's engine does not model (the board, the
    dice, set-up steps): `checks` is then empty, and the appendix prints the reason."""

    id: Annotated[str, Field(pattern=r"^C\d{2}$")]
    passage: str   # the source's own name for the part it comes from: "SETUP", "respuesta en el hilo"
    quote: Annotated[str, AfterValidator(_short_quote)]  # verbatim, to find the place
    rule: str      # the rule in one sentence of the book's language (data names allowed)
    section: str   # the anchor of the heading that states it
    checks: list[str]  # example or scenario ids
    rulings: list[str] = field(default_factory=list)
    pending: bool = False
    unchecked: Annotated[str, Field(min_length=1, pattern=r"\S")] | None = None  # why not
    #: In a translated edition, `quote` as the book gives it (edition.ORIGINAL), never
    #: written: the dossier prints the source's words and their translation.
    original_quote: str | None = None
