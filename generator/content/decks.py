"""A deck of the game's own cards, read from data: print.yaml `decks:` (model.DeckSpec).

Each row of a deck's data (a CSV file in the book's folder, with a header line, or the
`rows` given in print.yaml) is one card; a `count` column says how many of it are printed.
The layout's texts and colours name the row's fields as `{field}`; a field the data lacks, a
count that is not a whole number, a colour that is not one, a character the fonts lack, is
an error at its place: the CSV file's line or print.yaml's path. What only setting the type
can tell (a text that does not fit its zone even at its smallest size) sheets/decks.py
tells `rulebook check`.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from generator.content.glyphs import glyph_problem, missing_glyph
from generator.content.images import BookImage, book_image
from generator.content.limits import MAX_YAML_BYTES, check_file_size
from generator.content.model import (FIELD, HEX_COLOUR, MAX_PIECES, DeckSpec, PrintSpec,
                                     full_hex)
from generator.content.paths import contained
from generator.content.problems import Problems
from generator.content.textfile import read_text
from generator.content.yamlsource import format_path
from generator.core.files import problem
from generator.errors import ContentError, Location
from generator.content.typos import typo_of

#: The most cards one deck prints, all its counts together.
MAX_DECK = MAX_PIECES
#: The column that says how many copies of a row's card are printed.
COUNT = "count"


@dataclass(frozen=True)
class DeckCard:
    """One card of a deck: its row's fields, how many are printed, where its row is, and
    the image of each zone that shows one (by its side, "layout" or "back_layout", and the
    zone's index), read when the deck is."""

    fields: dict[str, str]
    count: int
    where: Location
    images: dict[tuple[str, int], BookImage] = field(default_factory=dict)


@dataclass(frozen=True)
class Deck:
    """A deck as read: its spec (print.yaml `decks[index]`) and its cards, in data order."""

    spec: DeckSpec
    index: int
    cards: tuple[DeckCard, ...]
    images: dict[str, BookImage] = field(default_factory=dict)  # read once, by path
    back_where: Location | None = None  # print.yaml's line of its back's title

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)


@dataclass(frozen=True)
class DeckFacts:
    """What a chapter may say of a deck, as `{{ decks["playing-cards"].cards }}`: how many
    cards it prints (each row its count of times), how many different ones, its names."""

    cards: int
    kinds: int
    name: str
    name_one: str | None

    @classmethod
    def of(cls, deck: Deck) -> "DeckFacts":
        return cls(deck.total, sum(1 for card in deck.cards if card.count), deck.spec.name,
                   deck.spec.name_one)


def load_decks(doc, spec: PrintSpec | None, folder: Path, taken: set[str]) -> list[Deck]:
    """Every deck of print.yaml (`doc`, validated as `spec`), its data read and checked;
    `taken`: the file-name words a deck's id may not be (its files would overwrite them).
    Every independent mistake is said at once (problems.py): each deck's, each zone's, each
    row's; a card's fields are checked once its deck's layout and data are right."""
    if spec is None:
        return []
    found, decks, seen = Problems(), [], set()
    for i, deck in enumerate(spec.decks):
        loaded = found.attempt(_load_deck, doc, i, deck, folder, taken, seen)
        if loaded is not None:
            decks.append(loaded)
    found.settle()
    return decks


def _load_deck(doc, i: int, deck: DeckSpec, folder: Path, taken: set[str],
               seen: set[str]) -> Deck:
    where = ("decks", i)
    found = Problems()
    found.attempt(_check_deck, doc, where, deck, taken, seen)
    _check_zones(doc, where, deck, found)
    cards = found.attempt(_cards, doc, where, folder, deck)
    found.settle()
    deck_ = Deck(deck, i, tuple(cards), back_where=doc.location(where + ("back", "title")))
    if deck_.total > MAX_DECK:
        raise doc.error(where, f"the deck prints {deck_.total:,} cards",
                        f"at most {MAX_DECK:,}")
    if deck_.total == 0:
        raise doc.error(where + ("data",) if deck.data else where + ("rows",),
                        "every card's count is 0: the deck prints nothing",
                        "a count of 1 or more on some card")
    found = Problems()
    for card in deck_.cards:
        if found.attempt(_check_card, doc, where, deck_, card) is not None:
            found.attempt(_read_images, deck_, card, folder)
    found.settle()
    return deck_


def _check_deck(doc, where: tuple, deck: DeckSpec, taken: set[str], seen: set[str]) -> None:
    """The deck's id free, its size given one way (square when round), its back one way,
    its cards one way."""
    if deck.id in seen or deck.id in taken:
        raise doc.error(where + ("id",), f"deck id '{deck.id}' is "
                        + ("used twice" if deck.id in seen else "a file name the build "
                           "already writes"), "an id of its own, e.g. playing-cards")
    seen.add(deck.id)
    if deck.size is not None and (deck.width is not None or deck.height is not None):
        raise doc.error(where + ("size",), "a trade size and a width or height",
                        "size: alone, or width: and height: alone")
    if (deck.width is None) != (deck.height is None):
        raise doc.error(where + ("width" if deck.width is None else "height",),
                        "a width without a height, or a height without a width",
                        "both, in mm, or a trade size (size: poker)")
    if deck.shape == "round" and deck.trim[0] != deck.trim[1]:
        raise doc.error(where + ("shape",), f"round pieces of {deck.trim[0]:g} × "
                        f"{deck.trim[1]:g} mm: a round piece is cut on a circle",
                        "a square size: width: and height: the same (the diameter), or "
                        "size: square")
    if (deck.back is None) == (deck.back_layout is None):
        raise doc.error(where, "a deck's back is either back: (a title on the book's "
                        "theme) or back_layout: (zones, as the front's), and has "
                        + ("both" if deck.back else "neither"),
                        "back: {title: My game}, or back_layout: {zones: […]}")


def _cards(doc, where: tuple, folder: Path, deck: DeckSpec) -> list[DeckCard]:
    if (deck.data is None) == (not deck.rows):
        raise doc.error(where, "a deck needs its cards from either data: (a CSV file) or "
                        "rows:, and has " + ("both" if deck.data else "neither"),
                        "data: decks/cards.csv, or rows: [{value: A, suit: ♠}, …]")
    return (_csv_cards(doc, where, folder, deck.data) if deck.data is not None
            else _row_cards(doc, where, deck))


def _check_zones(doc, where: tuple, deck: DeckSpec, found: Problems) -> None:
    """Each zone inside the card; each colour a colour or a field (each zone's mistake
    kept in `found`)."""
    width, height = deck.trim
    for side, layout in deck.sides:
        found.attempt(_check_colour, doc, where + (side, "background"), layout.background)
        for j, zone in enumerate(layout.zones):
            found.attempt(_check_zone, doc, where + (side, "zones", j), zone, width, height)


def _check_zone(doc, at: tuple, zone, width: float, height: float) -> None:
    """The zone inside the card, its sizes in order, its colours colours or fields."""
    if zone.x + zone.w > width + 1e-6 or zone.y + zone.h > height + 1e-6:
        raise doc.error(at, f"the zone reaches {zone.x + zone.w:g} × {zone.y + zone.h:g} "
                        f"mm, past the {width:g} × {height:g} mm card",
                        "x + w and y + h within the card, in mm from its top left corner")
    if zone.min_size > zone.size:
        raise doc.error(at + ("min_size",), f"min_size {zone.min_size:g} pt above size "
                        f"{zone.size:g} pt", "a smallest size no larger than the size")
    _check_colour(doc, at + ("colour",), zone.colour)
    if zone.fill is not None:
        _check_colour(doc, at + ("fill",), zone.fill)


def _check_colour(doc, at: tuple, value: str) -> None:
    if not (HEX_COLOUR.fullmatch(value) or FIELD.fullmatch(value)):
        raise doc.error(at, f"'{value}' is not a colour",
                        "#rrggbb (or #rgb), or a {field} that holds one")


def _csv_cards(doc, where: tuple, folder: Path, name: str) -> list[DeckCard]:
    """The cards of a CSV file: a header line, then a card a line."""
    file = contained(folder / name, folder,
                     lambda message, expected: doc.error(where + ("data",), message, expected))
    found = problem(file)
    if found:
        raise doc.error(where + ("data",), f"data file {name} {found}",
                        "a CSV file in the book's folder, e.g. decks/cards.csv")
    check_file_size(file, MAX_YAML_BYTES, "CSV file")
    text = read_text(file)
    first = text.split("\n", 1)[0]
    # a spreadsheet in a language whose decimal mark is a comma saves with semicolons
    delimiter = ";" if ";" in first and "," not in first else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    found = Problems()
    try:
        header = next(reader, None)
        if not header or not any(cell.strip() for cell in header):
            raise ContentError(Location(file, 1), "no header line",
                               "the fields' names, comma separated, e.g. count,value,suit")
        header = [cell.strip() for cell in header]
        for column, cell in enumerate(header):
            if not FIELD.fullmatch("{" + cell + "}"):
                raise ContentError(Location(file, 1), f"column {column + 1}: '{cell}' cannot "
                                   "name a field", "letters, digits and _, not starting with "
                                   "a digit")
        if len(set(header)) != len(header):
            raise ContentError(Location(file, 1), "a field is named twice",
                               "each column named once")
        cards = []
        for row in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in row):
                continue  # a blank line
            if len(cards) >= MAX_DECK:
                raise ContentError(Location(file, line), f"more than {MAX_DECK:,} rows",
                                   f"at most {MAX_DECK:,} cards a deck")
            card = found.attempt(_csv_card, header, row, file, line)
            if card is not None:
                cards.append(card)
    except csv.Error as exc:
        raise ContentError(Location(file, reader.line_num), f"the CSV does not parse ({exc})",
                           "comma-separated cells, quoted with \" where a cell holds a "
                           "comma or a line break") from None
    found.settle()
    if not cards:
        raise doc.error(where + ("data",), f"data file {name} has no card",
                        "a line per card under the header")
    return cards


def _csv_card(header: list[str], row: list[str], file: Path, line: int) -> DeckCard:
    if len(row) != len(header):
        raise ContentError(Location(file, line), f"{len(row)} cells, and the header names "
                           f"{len(header)}", "a cell for each field (empty: ,,)")
    fields = dict(zip(header, row))
    return DeckCard(fields, _count(fields.pop(COUNT, "1"), Location(file, line, COUNT)),
                    Location(file, line))


def _row_cards(doc, where: tuple, deck: DeckSpec) -> list[DeckCard]:
    found, cards = Problems(), []
    for r, row in enumerate(deck.rows):
        card = found.attempt(_row_card, doc, where + ("rows", r), row)
        if card is not None:
            cards.append(card)
    found.settle()
    return cards


def _row_card(doc, at: tuple, row: dict) -> DeckCard:
    fields = {key: str(value) for key, value in row.items()}
    return DeckCard(fields, _count(fields.pop(COUNT, "1"), doc.location(at + (COUNT,))),
                    doc.location(at))


def _count(text: str, where: Location) -> int:
    value = text.strip()
    if not value.isdigit() or not 0 <= int(value) <= MAX_DECK:
        raise ContentError(where, f"count '{text}' is not a number of cards",
                           f"a whole number from 0 (left out) to {MAX_DECK:,}")
    return int(value)


def _check_card(doc, where: tuple, deck: Deck, card: DeckCard) -> bool:
    """Every field the layouts name is one of the card's data; every text they make prints
    in the book's fonts, every colour they make is one (an empty fill: no fill)."""
    for at, template in _templates(deck.spec):
        for name in FIELD.findall(template):
            if name not in card.fields:
                meant = next((f for f in sorted(card.fields) if typo_of(name, f)), None)
                raise doc.error(where + at, f"no field '{name}' in the deck's data"
                                + (f" (row at {card.where})" if deck.spec.rows else "")
                                + (f": did you mean '{meant}'?" if meant else ""),
                                "one of " + (", ".join(sorted(card.fields)) or "none"))
        filled = fill(template, card.fields)
        if at[-1] == "image" or (at[-1] == "fill" and not filled.strip()):
            continue  # an image is read by `_read_images`; an empty fill paints nothing
        if at[-1] == "text":
            char = missing_glyph(filled)
            if char is not None:
                raise ContentError(card.where, *glyph_problem(char))
        elif not HEX_COLOUR.fullmatch(filled):
            raise ContentError(card.where, f"'{filled}' is not a colour "
                               f"({format_at(where + at)})", "#rrggbb (or #rgb)"
                               + (", or nothing for no fill" if at[-1] == "fill" else ""))
    return True


def _templates(spec: DeckSpec) -> list[tuple[tuple, str]]:
    """(path in the deck, template) of every text, colour and image path its layouts make
    from a card's fields."""
    named = []
    for side, layout in spec.sides:
        named.append(((side, "background"), layout.background))
        for j, zone in enumerate(layout.zones):
            at = (side, "zones", j)
            named += [(at + ("text",), zone.text), (at + ("colour",), zone.colour)]
            named += [(at + (key,), value) for key, value in (("fill", zone.fill),
                                                              ("image", zone.image))
                      if value is not None]
    return named


def _read_images(deck: Deck, card: DeckCard, folder: Path) -> None:
    """The card's images, checked and read as a chapter's are (content/images.py): a file
    a zone names that is missing, outside the book or not a PNG, JPEG or SVG is an error at
    the card's line. A zone whose path is empty for a card shows none on it."""
    for side, layout in deck.spec.sides:
        for j, zone in enumerate(layout.zones):
            source = fill(zone.image or "", card.fields).strip()
            if source:
                card.images[side, j] = book_image(source, folder, card.where, deck.images)


def colour(template: str, fields: dict[str, str]) -> str:
    """The colour a layout's `template` makes for a card, as #rrggbb ("" for none)."""
    return full_hex(fill(template, fields).strip())


def fill(template: str, fields: dict[str, str]) -> str:
    """`template` with each `{field}` replaced by the row's value (nothing else is read)."""
    return FIELD.sub(lambda found: fields.get(found.group(1), ""), template)


def format_at(path: tuple) -> str:
    """A place in print.yaml, as a message names it beside a CSV line."""
    return "print.yaml " + format_path(path)
