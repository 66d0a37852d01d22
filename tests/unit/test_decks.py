"""A deck of the game's own cards from data (print.yaml `decks:`): a CSV file with a `count`
column and a layout of zones becomes home sheets (crop marks, duplex backs) and a print-shop
file, each card printed its count of times at its trade size with 3 mm bleed; a mistake in
the data or the layout is one located line, at the CSV file's line or print.yaml's."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from contentedit import assert_one_located_error, line_of, run
from generator.cli import main
from pdfread import page_words

MM = 72 / 25.4
VALUES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

PRINT = """decks:
  - id: playing-cards
    name: playing cards
    name_one: playing card
    size: {size}
    data: decks/cards.csv
    back: {{title: Crazy Eights, subtitle: A card game}}
    layout:
      background: "#fffdf9"
      zones:
        - {{x: 4, y: 4, w: 14, h: 10, text: "{{value}}", size: 16, bold: true, colour: "{{colour}}"}}
        - {{x: 6, y: 30, w: 51, h: 20, text: "{{suit}}", size: 20, align: centre}}
        - {{x: 6, y: 66, w: 51, h: 14, text: "{{rule}}", size: 10, font: text, fill: "#f1ece4"}}
"""


def _deck(book: Path, size: str = "poker", rows: list[str] | None = None) -> Path:
    """The tiny book with a 52-card deck: 13 values × 4 suits, as 13 rows of 4 copies
    (whose suit is the row's word «any»), or the `rows` given (CSV lines under the
    header)."""
    folder = book / "decks"
    folder.mkdir()
    lines = rows if rows is not None else [
        f'4,{value},any,{"#b3261e" if value in "JQK" else "#1f1a17"},'
        + ("Wild: name the next suit." if value == "8" else "") for value in VALUES]
    (folder / "cards.csv").write_text("count,value,suit,colour,rule\n" + "\n".join(lines)
                                      + "\n", encoding="utf-8")
    (book / "print.yaml").write_text(PRINT.format(size=size), encoding="utf-8")
    return folder / "cards.csv"


def _boxes(pdf: Path) -> list[tuple[float, float, float, float]]:
    """Each page's trim and bleed boxes, in mm: (trim w, trim h, bleed w, bleed h)."""
    with pikepdf.open(pdf) as document:
        found = []
        for page in document.pages:
            trim, bleed = ([float(v) for v in page.obj[key]] for key in ("/TrimBox", "/BleedBox"))
            found.append(tuple(round(v / MM, 1) for v in (trim[2] - trim[0], trim[3] - trim[1],
                                                          bleed[2] - bleed[0],
                                                          bleed[3] - bleed[1])))
        return found


def test_a_deck_from_a_csv_prints_every_card_its_count_of_times(tiny_book, tmp_path, capsys):
    _deck(tiny_book)
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    folder = tmp_path / "out" / "juego"
    home = page_words(folder / "playing-cards-a4.pdf")
    assert len(home) == 2 * 7  # 52 cards, 8 to an A4 sheet: 7 sheets, each front and back
    fronts = " ".join(home[0::2])
    for value in VALUES:  # each value 4 times: its copies
        assert len(re.findall(rf"(?<!\S){value}(?!\S)", fronts)) >= 4, value
    assert fronts.count("Wild: name the next suit.") == 4
    assert all("Crazy Eights" in back for back in home[1::2])
    assert "52 playing cards" in home[0] and "sheet 1 of 7" in home[0]
    # the print shop gets each card once, front and back, at 63 × 88 mm with 3 mm bleed
    press = folder / "playing-cards-press.pdf"
    assert _boxes(press) == [(63.0, 88.0, 69.0, 94.0)] * 26
    assert (folder / "playing-cards-letter.pdf").is_file()
    assert (folder / "calibration-a4.pdf").is_file()


def test_a_contact_sheet_shows_each_card_once_in_rows(tiny_book, tmp_path, capsys):
    """`<id>-contact-sheet.png`, a designer's look at the deck before printing: the 13
    faces in rows of 6 (a sheet about a screen's shape), on the sheet's ground, at 110 dpi;
    the court cards' red values are where their faces are. (A Spanish book names it
    `-hoja-de-contactos`.)"""
    _deck(tiny_book)
    assert run("build", tiny_book, tmp_path / "out", capsys)[0] == 0
    sheet = Image.open(tmp_path / "out" / "juego" / "playing-cards-contact-sheet.png")
    px = 110 / 25.4
    gap, tile_w, tile_h = 4, 63 + 4, 88 + 6 + 4  # mm: contact.GAP, the card, LABEL
    assert sheet.size == (round((6 * tile_w + gap) * px), round((3 * tile_h + gap) * px))
    ground = sheet.getpixel((2, 2))

    def card_at(column: int, row: int) -> tuple[int, int]:  # a point inside its face
        return (round((gap + column * tile_w + 30) * px), round((gap + row * tile_h + 60) * px))

    assert all(sheet.getpixel(card_at(n % 6, n // 6)) != ground for n in range(13))
    assert sheet.getpixel(card_at(1, 2)) == ground  # no 14th card
    for n, value in enumerate(VALUES):  # the value's ink at its corner: red for J, Q, K
        column, row = n % 6, n // 6
        corner = sheet.crop((round((gap + column * tile_w + 3) * px),
                             round((gap + row * tile_h + 3) * px),
                             round((gap + column * tile_w + 18) * px),
                             round((gap + row * tile_h + 14) * px))).convert("RGB")
        reds = sum(count for count, (r, g, b) in corner.getcolors(corner.width * corner.height)
                   if r > 150 and g < 90 and b < 90)
        assert (reds > 20) == (value in "JQK"), value


def test_a_trade_size_is_the_cards_size(tiny_book, tmp_path, capsys):
    _deck(tiny_book, size="tarot", rows=["1,A,any,#1f1a17,"])
    assert run("build", tiny_book, tmp_path / "out", capsys)[0] == 0
    press = tmp_path / "out" / "juego" / "playing-cards-press.pdf"
    assert _boxes(press) == [(70.0, 120.0, 76.0, 126.0)] * 2


def test_rulebook_cards_prints_the_decks_too(tiny_book, tmp_path, capsys, monkeypatch):
    _deck(tiny_book, rows=["1,A,any,#1f1a17,"])
    monkeypatch.chdir(tiny_book.parent.parent)
    assert run("cards", tiny_book, tmp_path / "out", capsys)[0] == 0
    assert (tiny_book.parent.parent / "output" / "juego" / "playing-cards-a4.pdf").is_file()


@pytest.mark.parametrize("case, row, pattern", [
    ("count", "x,A,any,#1f1a17,", r"\(count\): count 'x' is not a number of cards"),
    ("cells", "1,A,any", r"3 cells, and the header names 5"),
    ("colour", "1,A,any,red,", r"'red' is not a colour \(print\.yaml decks\[0\]\.layout"),
    ("too long", "1,A,any,#1f1a17," + "word " * 60,
     r"does not fit its zone \(print\.yaml decks\[0\]\.layout\.zones\[2\]: 51 × 14 mm\) even "
     r"at 6 pt"),
])
def test_a_mistake_in_a_row_is_its_line_of_the_csv(case, row, pattern, tiny_book, tmp_path,
                                                   capsys):
    _deck(tiny_book, rows=["1,K,any,#1f1a17,", row])
    assert_one_located_error(tiny_book, tmp_path, capsys, "decks/cards.csv", 3, pattern)


@pytest.mark.parametrize("case, old, new, needle, pattern", [
    ("unknown field", '"{suit}"', '"{suits}"', "{suits}",
     r"no field 'suits' in the deck's data: did you mean 'suit'\?; expected one of colour, "
     r"rule, suit, value"),
    ("outside the card", "x: 6, y: 66, w: 51", "x: 6, y: 80, w: 51", "y: 80",
     r"the zone reaches 57 × 94 mm, past the 63 × 88 mm card"),
    ("a file name taken", "id: playing-cards", "id: cards", "id: cards",
     r"deck id 'cards' is a file name the build already writes"),
    ("no data", "    data: decks/cards.csv\n", "", "- id: playing-cards",
     r"a deck needs its cards from either data: \(a CSV file\) or rows:, and has neither"),
])
def test_a_mistake_in_the_layout_is_its_line_of_print_yaml(case, old, new, needle, pattern,
                                                           tiny_book, tmp_path, capsys):
    _deck(tiny_book, rows=["1,A,any,#1f1a17,"])
    spec = tiny_book / "print.yaml"
    text = spec.read_text(encoding="utf-8")
    assert old in text
    spec.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert_one_located_error(tiny_book, tmp_path, capsys, "print.yaml", line_of(spec, needle),
                             pattern)


def test_rows_in_print_yaml_are_a_deck_too(tiny_book, tmp_path, capsys):
    _deck(tiny_book, rows=["1,A,any,#1f1a17,"])
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace(
        "    data: decks/cards.csv\n",
        "    rows:\n      - {count: 2, value: Z, suit: zeta, colour: '#1f1a17', rule: ''}\n"),
        encoding="utf-8")
    assert run("build", tiny_book, tmp_path / "out", capsys)[0] == 0
    fronts = page_words(tmp_path / "out" / "juego" / "playing-cards-a4.pdf")[0]
    assert fronts.count("zeta") == 2


def test_a_zone_shows_each_cards_own_image(tiny_book, tmp_path, capsys):
    """A raster and an SVG, named by the row (`art/{value}.png`), drawn in the zone's box:
    the raster as an image, the SVG as vector paths; an empty path shows none."""
    from PIL import Image
    art = tiny_book / "art"
    art.mkdir()
    Image.new("RGB", (300, 200), "#b3261e").save(art / "A.png")
    (art / "K.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="30" '
                               'height="30" viewBox="0 0 30 30"><circle cx="15" cy="15" '
                               'r="12" fill="#2f5d7c"/></svg>', encoding="utf-8")
    _deck(tiny_book, rows=["1,A,any,#1f1a17,", "1,K,any,#1f1a17,", "1,Q,any,#1f1a17,"])
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8") + "        - {x: 6, y: 24, w: 51, "
                    "h: 36, image: \"{art}\"}\n", encoding="utf-8")
    data = tiny_book / "decks" / "cards.csv"
    data.write_text("count,value,suit,colour,rule,art\n1,A,any,#1f1a17,,art/A.png\n"
                    "1,K,any,#1f1a17,,art/K.svg\n1,Q,any,#1f1a17,,\n", encoding="utf-8")
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    press = tmp_path / "out" / "juego" / "playing-cards-press.pdf"
    with pikepdf.open(press) as document:
        fronts = [document.pages[i] for i in (0, 2, 4)]
        assert [len(page.get_images()) for page in fronts] == [1, 0, 0]
        ace = next(iter(fronts[0].get_images().values()))
        assert ace.Width == 300 and str(ace.ColorSpace) != "/DeviceRGB"  # CMYK for the press
        king = pikepdf.unparse_content_stream(pikepdf.parse_content_stream(fronts[1]))
        queen = pikepdf.unparse_content_stream(pikepdf.parse_content_stream(fronts[2]))
        assert king.count(b" c\n") > queen.count(b" c\n")  # the circle's curves
    data.write_text("count,value,suit,colour,rule,art\n1,A,any,#1f1a17,,art/none.png\n",
                    encoding="utf-8")
    (tmp_path / "again").mkdir()
    assert_one_located_error(tiny_book, tmp_path / "again", capsys, "decks/cards.csv", 2,
                             r"image file art/none\.png not found")


def test_an_image_missing_for_many_rows_is_one_line_naming_them(tiny_book, tmp_path, capsys):
    """Each suit's rows name the suit's picture: two pictures missing are two lines, each
    with the rows that name it (the first six, then how many more), not a line a row."""
    _deck(tiny_book, rows=[f"1,{value},{suit},#1f1a17,,art/{suit}.svg"
                           for suit in ("hearts", "spades") for value in VALUES])
    data = tiny_book / "decks" / "cards.csv"
    data.write_text(data.read_text(encoding="utf-8").replace("rule\n", "rule,art\n", 1),
                    encoding="utf-8")
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8") + "        - {x: 6, y: 24, w: 51, "
                    "h: 36, image: \"{art}\"}\n", encoding="utf-8")
    code, said = run("check", tiny_book, tmp_path / "out", capsys)
    assert code == 1 and "Traceback" not in said
    lines = said.strip().splitlines()
    assert lines[0] == "error: 2 mistakes in 1 file:", said
    assert lines[1].startswith(f"  {data}:2, 3, 4, 5, 6, 7 and 7 more lines: image file "
                               "art/hearts.svg not found; expected"), said
    assert lines[2].startswith(f"  {data}:15, 16, 17, 18, 19, 20 and 7 more lines: image "
                               "file art/spades.svg not found"), said
    assert len(lines) == 3, said


def test_a_colour_may_be_written_short_as_in_css(tiny_book, tmp_path, capsys):
    """#rgb is #rrggbb with each digit doubled, in the layout and in the data alike: the
    card's ground #ffd is (255, 255, 221) and the value's #c00 is red."""
    _deck(tiny_book, rows=["1,A,any,#c00,"])
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace('"#fffdf9"', '"#ffd"'),
                    encoding="utf-8")
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    sheet = Image.open(tmp_path / "out" / "juego" / "playing-cards-contact-sheet.png")
    px = 110 / 25.4
    assert sheet.convert("RGB").getpixel((round((4 + 40) * px), round((4 + 20) * px))) == \
        (255, 255, 221)
    corner = sheet.crop((round(7 * px), round(7 * px), round(22 * px),
                         round(18 * px))).convert("RGB")
    assert sum(count for count, (r, g, b) in corner.getcolors(corner.width * corner.height)
               if r > 150 and g < 60 and b < 60) > 20


def test_a_chapter_says_how_many_cards_a_deck_prints(tiny_book, tmp_path, capsys):
    """`{{ decks["playing-cards"].cards }}`: the count the deck prints (13 rows of 4), so the
    rules and the deck cannot disagree; a deck id mistyped is the chapter's line, naming the
    decks there are."""
    _deck(tiny_book)
    chapter = tiny_book / "chapters" / "02-rules.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + '\nThe deck holds '
                       '{{ count(decks["playing-cards"].cards, "card", "cards") }}, '
                       '{{ decks["playing-cards"].kinds }} different '
                       '{{ decks["playing-cards"].name }}.\n', encoding="utf-8")
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    text = " ".join(" ".join(page_words(tmp_path / "out" / "juego" / "juego.pdf")).split())
    assert "The deck holds 52 cards, 13 different playing cards." in text
    chapter.write_text(chapter.read_text(encoding="utf-8") + '{{ decks["playing-card"].cards }}\n',
                       encoding="utf-8")
    (tmp_path / "again").mkdir()
    assert_one_located_error(tiny_book, tmp_path / "again", capsys, "chapters/02-rules.md",
                             line_of(chapter, 'decks["playing-card"]'),
                             r'unknown data name: decks\["playing-card"\] is not defined \(the '
                             r"book's decks has playing-cards\); expected the id of a deck "
                             r"under decks: in print\.yaml")


def test_a_back_drawn_by_its_own_layout_from_the_cards_fields(tiny_book, tmp_path, capsys):
    """`back_layout:` in place of `back:`: each card's back from its row (here its value,
    so the backs differ); a deck with both, or neither, is refused at its line."""
    _deck(tiny_book, rows=["1,A,any,#1f1a17,", "1,K,any,#1f1a17,"])
    spec = tiny_book / "print.yaml"
    text = spec.read_text(encoding="utf-8")
    spec.write_text(text.replace(
        "    back: {title: Crazy Eights, subtitle: A card game}\n",
        "    back_layout:\n      background: \"#2f5d7c\"\n      zones:\n"
        "        - {x: 5, y: 40, w: 53, h: 10, text: \"Back of {value}\", align: centre, "
        "colour: \"#ffffff\"}\n"), encoding="utf-8")
    assert run("build", tiny_book, tmp_path / "out", capsys)[0] == 0
    press = page_words(tmp_path / "out" / "juego" / "playing-cards-press.pdf")
    assert "Back of A" in press[1] and "Back of K" in press[3], press
    spec.write_text(spec.read_text(encoding="utf-8").replace(
        "    back_layout:\n", "    back: {title: X}\n    back_layout:\n"), encoding="utf-8")
    (tmp_path / "again").mkdir()
    assert_one_located_error(tiny_book, tmp_path / "again", capsys, "print.yaml",
                             line_of(spec, "- id: playing-cards"),
                             r"a deck's back is either back: .* or back_layout: .*, and has "
                             r"both")


def test_a_decks_mistakes_are_said_at_once(tiny_book, tmp_path, capsys):
    """Rows and zones do not depend on each other: a bad count, a row with a cell too few
    and a zone past the card are three lines of one check."""
    data = _deck(tiny_book, rows=["x,A,any,#1f1a17,", "1,K,any", "1,Q,any,#1f1a17,"])
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("x: 6, y: 66, w: 51",
                                                              "x: 6, y: 80, w: 51"),
                    encoding="utf-8")
    code, said = run("check", tiny_book, tmp_path / "out", capsys)
    lines = said.strip().splitlines()
    assert code == 1 and lines[0] == "error: 3 mistakes in 2 files:", said
    assert any(f"{spec}:{line_of(spec, 'y: 80')} " in line and "past the 63 × 88 mm card"
               in line for line in lines), said
    assert any(f"{data}:2 (count)" in line for line in lines), said
    assert any(f"{data}:3: 3 cells, and the header names 5" in line for line in lines), said


def test_a_count_of_0_leaves_a_card_out_and_an_empty_fill_paints_nothing(tiny_book, tmp_path,
                                                                          capsys):
    """A designer leaves a card out for now with count 0; a fill named by a field that a
    row leaves empty paints no box on that card. A spreadsheet saved with semicolons is
    read as one saved with commas."""
    data = _deck(tiny_book, rows=["0,A,any,#1f1a17,", "1,K,any,#1f1a17,"])
    data.write_text(data.read_text(encoding="utf-8").replace(",", ";"), encoding="utf-8")
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace('fill: "#f1ece4"',
                                                              'fill: "{rule}"'),
                    encoding="utf-8")
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    front = page_words(tmp_path / "out" / "juego" / "playing-cards-a4.pdf")[0]
    assert "1 playing card" in front and re.search(r"(?<!\S)K(?!\S)", front), front


def test_a_colon_in_a_card_line_and_an_american_spelling_are_explained(tiny_book, tmp_path,
                                                                         capsys):
    _deck(tiny_book, rows=["1,A,any,#1f1a17,"])
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace('colour: "{colour}"',
                                                              'color: "{colour}"'),
                    encoding="utf-8")
    assert_one_located_error(tiny_book, tmp_path, capsys, "print.yaml",
                             line_of(spec, "color:"),
                             r"unknown field 'color': did you mean 'colour'\?")
    spec.write_text(spec.read_text(encoding="utf-8").replace('color:', 'colour:')
                    + "cards:\n  back: {title: X}\n  faces:\n    - {id: a, title: A, kind: lines,"
                    "\n       lines: [Wild: name the next suit.]}\n", encoding="utf-8")
    assert_one_located_error(tiny_book, tmp_path, capsys, "print.yaml",
                             line_of(spec, "Wild:"),
                             r"'Wild: name the next suit\.' reads as a field and its value, "
                             r"not a text .*; expected the text in quotes")


def test_a_zone_turned_180_degrees_prints_upside_down(tiny_book, tmp_path, capsys):
    """A card's lower index: the zone's text turned about its centre."""
    _deck(tiny_book, rows=["1,Q,any,#1f1a17,"])
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8") + "        - {x: 45, y: 74, w: 14, "
                    "h: 10, text: \"{value}\", size: 16, align: right, rotate: 180}\n",
                    encoding="utf-8")
    assert run("build", tiny_book, tmp_path / "out", capsys)[0] == 0
    with pikepdf.open(tmp_path / "out" / "juego" / "playing-cards-press.pdf") as document:
        turns = [operands for operands, operator in
                 pikepdf.parse_content_stream(document.pages[0]) if str(operator) == "cm"
                 and [round(float(v), 3) for v in operands[:4]] == [-1, 0, 0, -1]]
    assert len(turns) == 1, turns


def test_a_text_is_set_at_the_largest_size_that_fits():
    """The size is found by halving the range (a deck of a thousand cards with large type
    tried a hundred sizes a card): the same size as trying each half point down."""
    from generator.content.model import Zone
    from generator.core.fonts import register_fonts
    from generator.sheets import decks
    register_fonts()
    zone = Zone(x=0, y=0, w=20, h=10, size=40, min_size=6)
    font = decks._font(zone)

    def stepping_down(text):
        size = zone.size
        while size >= zone.min_size:
            if decks._fits(text, zone, size):
                return size
            size -= 0.5
        return None

    for text in ["A", "10", "Wild", "hello world long text", "Wild: name the next suit",
                 "x" * 200, "a b c d e f g h i j k l m n o p"]:
        assert decks._size(text, zone, font) == stepping_down(text), text


CHIPS = """decks:
  - id: chips
    name: score chips
    name_one: score chip
    shape: round
    width: {width}
    height: 30
    back: {{title: Chips}}
    rows:
      - {{count: 10, value: "1", colour: "#2e6b3a"}}
      - {{count: 6, value: "5", colour: "#8a2c2c"}}
    layout:
      background: "{{colour}}"
      zones:
        - {{x: 5, y: 8, w: 20, h: 14, text: "{{value}}", size: 24, bold: true, colour: "#ffffff"}}
"""


def test_tokens_of_any_number_of_kinds_are_round_decks(tiny_book, tmp_path, capsys):
    """Tokens from a table: a deck of `shape: round` is cut on the circle its square holds.
    Its faces are painted inside the circle only (a corner of the square is the paper's),
    the print shop gets the die line in the spot colour CutContour, and the file says so."""
    (tiny_book / "print.yaml").write_text(CHIPS.format(width=30), encoding="utf-8")
    assert run("build", tiny_book, tmp_path / "out", capsys)[0] == 0
    folder = tmp_path / "out" / "juego"
    sheet = Image.open(folder / "chips-contact-sheet.png").convert("RGB")
    px = 110 / 25.4

    def at(x: float, y: float) -> tuple[int, int, int]:  # mm from the first chip's corner
        return sheet.getpixel((round((4 + x) * px), round((4 + y) * px)))

    assert at(15, 15) == (0x2e, 0x6b, 0x3a)  # the middle: the chip's colour
    assert at(2, 2) == (255, 255, 255)       # inside the square, outside the circle
    press = folder / "chips-press.pdf"
    with pikepdf.open(press) as document:
        subject = str(document.docinfo.get("/Subject"))
        assert "CutContour" in subject + str(document.pages[0].resources)
        # each kind told apart by its place in the data (review: "score chip × 30; score
        # chip × 12" left a print shop guessing)
        assert "score chip 1 × 10; score chip 2 × 6" in subject
        assert _boxes(press) == [(30.0, 30.0, 36.0, 36.0)] * 4


def test_tokens_says_where_a_books_decks_are_printed(tiny_book, tmp_path, capsys,
                                                     monkeypatch):
    """Review: `rulebook tokens` on a book whose tokens are round decks said «nothing tidepool
    has no tokens in print.yaml», which reads as a contradiction of the docs."""
    (tiny_book / "print.yaml").write_text(CHIPS.format(width=30), encoding="utf-8")
    monkeypatch.chdir(tiny_book.parent.parent)
    code, said = run("tokens", tiny_book, tmp_path / "out", capsys)
    assert code == 0
    assert " ".join(said.split()) == ("nothing to print: juego has no tokens: in print.yaml; "
                                      "its decks (chips), round ones too, are printed by "
                                      "rulebook cards")


def test_a_back_title_too_wide_for_a_small_token_is_an_error_at_its_line(tiny_book,
                                                                          tmp_path, capsys):
    """Review: a 25 mm chip's back title ran past its panel and check passed. The title is
    set down to 6 pt to fit (a chip's «Tidepool» does); past that, one located line."""
    spec = tiny_book / "print.yaml"
    spec.write_text(CHIPS.format(width=30).replace("{title: Chips}",
                                                   "{title: Tidepool Deluxe Edition Chips}"),
                    encoding="utf-8")
    assert_one_located_error(tiny_book, tmp_path, capsys, "print.yaml",
                             line_of(spec, "Tidepool Deluxe"),
                             r"the back's title 'Tidepool Deluxe Edition Chips' is wider than "
                             r"the back's panel \(30 mm round\) even at 6 pt")


def test_a_misspelt_field_is_one_line_for_all_its_cards_with_the_name_meant(
        tiny_book, tmp_path, capsys):
    """Review: `{suite}` in a zone every card draws was 30 identical lines."""
    _deck(tiny_book)
    spec = tiny_book / "print.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace('"{suit}"', '"{suite}"'),
                    encoding="utf-8")
    assert_one_located_error(tiny_book, tmp_path, capsys, "print.yaml",
                             line_of(spec, "{suite}"),
                             r"no field 'suite' in the deck's data: did you mean 'suit'\?; "
                             r"expected one of colour, rule, suit, value \(13 times\)$")


def test_a_round_piece_that_is_not_square_is_an_error_at_its_shape(tiny_book, tmp_path,
                                                                    capsys):
    spec = tiny_book / "print.yaml"
    spec.write_text(CHIPS.format(width=40), encoding="utf-8")
    assert_one_located_error(tiny_book, tmp_path, capsys, "print.yaml",
                             line_of(spec, "shape: round"),
                             r"round pieces of 40 × 30 mm: a round piece is cut on a circle; "
                             r"expected a square size")


def test_a_renamed_deck_leaves_none_of_its_files(tiny_book, tmp_path, capsys):
    """Review: after the scaffold's deck was renamed, its old sheets, print-shop file and
    contact sheet stayed in the output folder, ready to be printed by mistake. A deck renamed
    or taken out takes its files with it; a file of it the user changed is left, and a deck
    whose id starts another's keeps its own."""
    _deck(tiny_book, rows=["1,A,any,#1f1a17,"])
    spec = tiny_book / "print.yaml"
    text = spec.read_text(encoding="utf-8")
    deck = text[text.index("  - id: playing-cards"):]
    spec.write_text(text + deck.replace("id: playing-cards", "id: playing-cards-big"),
                    encoding="utf-8")
    out = tmp_path / "out"
    assert run("build", tiny_book, out, capsys)[0] == 0
    folder = out / "juego"
    old = sorted(p.name for p in folder.glob("playing-cards-*") if "big" not in p.name)
    assert old == ["playing-cards-a4.pdf", "playing-cards-contact-sheet.png",
                   "playing-cards-letter.pdf", "playing-cards-press.pdf"]
    (folder / "playing-cards-letter.pdf").write_bytes(b"my own notes")  # the user's now
    spec.write_text((text + deck.replace("id: playing-cards", "id: playing-cards-big"))
                    .replace("id: playing-cards\n", "id: crazy-eights\n", 1), encoding="utf-8")
    assert main(["cards", str(tiny_book), "--output", str(out)]) == 0
    left = sorted(p.name for p in folder.iterdir() if p.name.startswith("playing-cards-"))
    assert left == ["playing-cards-big-a4.pdf", "playing-cards-big-contact-sheet.png",
                    "playing-cards-big-letter.pdf", "playing-cards-big-press.pdf",
                    "playing-cards-letter.pdf"]
    assert (folder / "crazy-eights-a4.pdf").is_file()
    # taken out altogether, by a build
    spec.write_text(text.replace(text[text.index("decks:"):], "decks: []\n"), encoding="utf-8")
    assert run("build", tiny_book, out, capsys)[0] == 0
    assert not list(folder.glob("crazy-eights-*")) and not list(folder.glob("*-big-*"))
