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
from generator.content.model import FIELD, HEX_COLOUR, MAX_PIECES, DeckSpec, PrintSpec
from generator.content.paths import contained
from generator.content.textfile import read_text
from generator.core.files import problem
from generator.errors import ContentError, Location

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

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)


def load_decks(doc, spec: PrintSpec | None, folder: Path, taken: set[str]) -> list[Deck]:
    """Every deck of print.yaml (`doc`, validated as `spec`), its data read and checked;
    `taken`: the file-name words a deck's id may not be (its files would overwrite them)."""
    if spec is None:
        return []
    decks, seen = [], set()
    for i, deck in enumerate(spec.decks):
        where = ("decks", i)
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
        if (deck.back is None) == (deck.back_layout is None):
            raise doc.error(where, "a deck's back is either back: (a title on the book's "
                            "theme) or back_layout: (zones, as the front's), and has "
                            + ("both" if deck.back else "neither"),
                            "back: {title: My game}, or back_layout: {zones: […]}")
        _check_zones(doc, where, deck)
        if (deck.data is None) == (not deck.rows):
            raise doc.error(where, "a deck needs its cards from either data: (a CSV file) or "
                            "rows:, and has " + ("both" if deck.data else "neither"),
                            "data: decks/cards.csv, or rows: [{value: A, suit: ♠}, …]")
        cards = (_csv_cards(doc, where, folder, deck.data) if deck.data is not None
                 else _row_cards(doc, where, deck))
        deck_ = Deck(deck, i, tuple(cards))
        if deck_.total > MAX_DECK:
            raise doc.error(where, f"the deck prints {deck_.total:,} cards",
                            f"at most {MAX_DECK:,}")
        _check_fields(doc, where, deck_)
        _read_images(deck_, folder)
        decks.append(deck_)
    return decks


def _check_zones(doc, where: tuple, deck: DeckSpec) -> None:
    """Each zone inside the card; each colour a colour or a field."""
    width, height = deck.trim
    for side, layout in deck.sides:
        _check_colour(doc, where + (side, "background"), layout.background)
        for j, zone in enumerate(layout.zones):
            _check_zone(doc, where + (side, "zones", j), zone, width, height)


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
        raise doc.error(at, f"'{value}' is not a colour", "#rrggbb, or a {field} that holds one")


def _csv_cards(doc, where: tuple, folder: Path, name: str) -> list[DeckCard]:
    """The cards of a CSV file: a header line, then a card a line."""
    file = contained(folder / name, folder,
                     lambda message, expected: doc.error(where + ("data",), message, expected))
    found = problem(file)
    if found:
        raise doc.error(where + ("data",), f"data file {name} {found}",
                        "a CSV file in the book's folder, e.g. decks/cards.csv")
    check_file_size(file, MAX_YAML_BYTES, "CSV file")
    reader = csv.reader(io.StringIO(read_text(file), newline=""))
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
            if len(row) != len(header):
                raise ContentError(Location(file, line), f"{len(row)} cells, and the header "
                                   f"names {len(header)}", "a cell for each field (empty: ,,)")
            if len(cards) >= MAX_DECK:
                raise ContentError(Location(file, line), f"more than {MAX_DECK:,} rows",
                                   f"at most {MAX_DECK:,} cards a deck")
            fields = dict(zip(header, row))
            cards.append(DeckCard(fields, _count(fields.pop(COUNT, "1"),
                                                 Location(file, line, COUNT)),
                                  Location(file, line)))
    except csv.Error as exc:
        raise ContentError(Location(file, reader.line_num), f"the CSV does not parse ({exc})",
                           "comma-separated cells, quoted with \" where a cell holds a "
                           "comma or a line break") from None
    if not cards:
        raise doc.error(where + ("data",), f"data file {name} has no card",
                        "a line per card under the header")
    return cards


def _row_cards(doc, where: tuple, deck: DeckSpec) -> list[DeckCard]:
    cards = []
    for r, row in enumerate(deck.rows):
        fields = {key: str(value) for key, value in row.items()}
        location = doc.location(where + ("rows", r))
        cards.append(DeckCard(fields, _count(fields.pop(COUNT, "1"),
                                             doc.location(where + ("rows", r, COUNT))),
                              location))
    return cards


def _count(text: str, where: Location) -> int:
    value = text.strip()
    if not value.isdigit() or not 1 <= int(value) <= MAX_DECK:
        raise ContentError(where, f"count '{text}' is not a number of cards",
                           f"a whole number from 1 to {MAX_DECK:,}")
    return int(value)


def _check_fields(doc, where: tuple, deck: Deck) -> None:
    """Every field the layout names is one of the data's, in every row; every text it makes
    prints in the book's fonts, every colour it makes is one."""
    named = []
    for side, layout in deck.spec.sides:
        named.append(((side, "background"), layout.background))
        for j, zone in enumerate(layout.zones):
            at = (side, "zones", j)
            named += [(at + ("text",), zone.text), (at + ("colour",), zone.colour)]
            if zone.fill is not None:
                named.append((at + ("fill",), zone.fill))
            if zone.image is not None:
                named.append((at + ("image",), zone.image))
    for card in deck.cards:
        for at, template in named:
            for field_ in FIELD.findall(template):
                if field_ not in card.fields:
                    raise doc.error(where + at, f"no field '{field_}' in the deck's data"
                                    + (f" (row at {card.where})" if deck.spec.rows else ""),
                                    "one of " + (", ".join(sorted(card.fields)) or "none"))
            filled = fill(template, card.fields)
            if at[-1] == "image":
                continue  # read by `_read_images`
            if at[-1] == "text":
                char = missing_glyph(filled)
                if char is not None:
                    raise ContentError(card.where, *glyph_problem(char))
            elif not HEX_COLOUR.fullmatch(filled):
                raise ContentError(card.where, f"'{filled}' is not a colour "
                                   f"({format_at(where + at)})", "#rrggbb")


def _read_images(deck: Deck, folder: Path) -> None:
    """Each card's images, checked and read as a chapter's are (content/images.py): a file
    a zone names that is missing, outside the book or not a PNG, JPEG or SVG is an error at
    the card's line. A zone whose path is empty for a card shows none on it."""
    found: dict = {}
    for card in deck.cards:
        for side, layout in deck.spec.sides:
            for j, zone in enumerate(layout.zones):
                source = fill(zone.image or "", card.fields).strip()
                if source:
                    card.images[side, j] = book_image(source, folder, card.where, found)


def fill(template: str, fields: dict[str, str]) -> str:
    """`template` with each `{field}` replaced by the row's value (nothing else is read)."""
    return FIELD.sub(lambda found: fields.get(found.group(1), ""), template)


def format_at(path: tuple) -> str:
    from generator.content.yamlsource import format_path
    return "print.yaml " + format_path(path)
