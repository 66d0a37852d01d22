"""The formats of a translation's files (`content/<book>/<lang>/*.yaml`, content/edition.py).

A translation holds only words, keyed by the ids of the book's own files; everything else
(costs, counts, moves, sections, checks, kinds and sizes) is read from those files alone.

These live apart from the book's own formats (model.py) and are imported when a translation
is read: checking or building a book's own edition does not build their sixteen pydantic
dataclasses (a few milliseconds of every `rulebook check`).
"""

# Annotations evaluated as the classes are made: see model.py.

import dataclasses
from dataclasses import field
from typing import Annotated, Any

from pydantic import AfterValidator, Field
from pydantic.dataclasses import dataclass

from generator.content.model import (STRICT, Abbreviation, CardBack, Credit, Int, Question, Term,
                                     supported_language)


@dataclass(config=STRICT)
class EditionMeta:
    """`<lang>/book.yaml`: what the cover and the back cover say in this language."""

    language: Annotated[str, AfterValidator(supported_language)]  # the folder's name: en
    title: str  # the book's title in this language, as on the cover
    subtitle: str  # printed under the title
    credits: list[Credit]  # as many as the book's, in its order
    edition_note: str = ""  # only where the book has one
    rights: str = ""  # the book's rights line in this language (where the book has one)


@dataclass(config=STRICT)
class NameWords:
    name: str  # a building face's or a special card's name in this language


@dataclass(config=STRICT)
class ResourceWords:
    name: str    # singular, as the book's `name`
    plural: str  # plural, as the book's `plural`


@dataclass(config=STRICT)
class BuildingWords:
    name: str    # singular
    plural: str  # plural
    note: str = ""  # only where the book's building has a note
    faces: dict[str, NameWords] = field(default_factory=dict)  # by face letter: A, B


@dataclass(config=STRICT)
class ExpansionWords:
    name: str   # its name in this language
    power: str  # what it lets the player do, one sentence


@dataclass(config=STRICT)
class ComponentWords:
    """`<lang>/components.yaml`: the display names of the book's components, by id."""

    resources: dict[str, ResourceWords] = field(default_factory=dict)  # by resource id
    buildings: dict[str, BuildingWords] = field(default_factory=dict)  # by building id
    expansions: dict[str, ExpansionWords] = field(default_factory=dict)  # by expansion id
    special_cards: dict[str, NameWords] = field(default_factory=dict)  # by card id


@dataclass(config=STRICT)
class GlossaryWords:
    """`<lang>/glossary.yaml`: each entry of the book's glossary in this language, keyed by
    the book's own abbreviation or term (an abbreviation may differ: MDR is RD in English)."""

    abbreviations: dict[str, Abbreviation] = field(default_factory=dict)  # by the book's abbr
    terms: dict[str, Term] = field(default_factory=dict)  # by the book's term
    emphasis: list[Annotated[str, Field(pattern=r"^[A-ZÁÉÍÓÚÑ]{2,6}$")]] = \
        field(default_factory=list)  # the emphasis words of this language, as many


@dataclass(config=STRICT)
class RulingWords:
    """One ruling's texts, by its id; its section and what it settles are the book's."""

    title: str     # printed with the id
    question: Question  # the open question of the source, ending in '?'
    decision: str  # what this edition decides
    reason: str    # why
    source: str | None = None  # the passage it interprets, named in this language (if any)
    quote: list[str] = field(default_factory=list)  # the source's words, translated
    departs: str | None = None  # only where the book's ruling departs


@dataclass(config=STRICT)
class FigureWords:
    caption: str  # printed under the figure


@dataclass(config=STRICT)
class CardWords:
    title: str  # printed at the top of the card
    lines: list[str] = field(default_factory=list)  # as many as the book's card has


@dataclass(config=STRICT)
class CardSetWords:
    back: CardBack  # the common back's title and subtitle
    faces: dict[str, CardWords] = field(default_factory=dict)  # by card id


@dataclass(config=STRICT)
class TokenSideWords:
    label: str  # the large text on the side
    caption: str = ""  # only where the book's side has one


@dataclass(config=STRICT)
class TokenSetWords:
    name: str  # what the tokens are called, plural
    front: TokenSideWords  # the front's words
    back: TokenSideWords   # the back's words
    name_one: str | None = None  # only where the book gives one


@dataclass(config=STRICT)
class PrintWords:
    """`<lang>/print.yaml`: the texts of the cards and tokens; sizes and kinds are the book's."""

    cards: CardSetWords | None = None    # where the book has cards
    tokens: TokenSetWords | None = None  # where the book has tokens


@dataclass(config=STRICT)
class ConformanceWords:
    """One conformance row's texts, by its id; its section, rulings and checks are the book's."""

    passage: str  # the part of the source, named in this language
    quote: str  # the source's words, translated
    rule: str  # the rule in one sentence (data names allowed)
    unchecked: str | None = None  # only where the book's row says why no replay checks it


@dataclass(config=STRICT)
class ExampleWords:
    """One example's (or scenario's) printed words, by its id; its moves and outcomes are
    the book's."""

    title: str    # printed at the top of the example's box
    summary: str  # printed under the title
    notes: dict[Int, str] = field(default_factory=dict)  # by step number (1 is the first)


@dataclasses.dataclass(frozen=True)  # the standard library's: a table, not a format
class WordsFile:
    """A translatable file: the type its translation is validated as, and how the book's
    lists in it are keyed (field name → key field; by `id` when not named)."""

    model: Any
    keys: dict[str, str] = field(default_factory=dict)


#: The files a translation may give, beside examples.yaml and chapters/ (edition.py).
WORDS_FILES: dict[str, WordsFile] = {
    "book.yaml": WordsFile(EditionMeta),
    "components.yaml": WordsFile(ComponentWords, {"faces": "letter"}),
    "glossary.yaml": WordsFile(GlossaryWords, {"abbreviations": "abbr", "terms": "term"}),
    "rulings.yaml": WordsFile(dict[str, RulingWords]),
    "statements.yaml": WordsFile(dict[str, str]),
    "figures.yaml": WordsFile(dict[str, FigureWords]),
    "print.yaml": WordsFile(PrintWords),
    "conformance.yaml": WordsFile(dict[str, ConformanceWords]),
}
