"""The board figure of catan-para-dos: drawn from board.yaml, checked against the base game,
printed in the PDF and the HTML edition, and a mistake in the data stops the build at its line."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from generator.cli import main
from generator.content.loader import load_book
from repo import CONTENT_ROOT
from generator.content.board import (HARBOUR_COUNTS, NUMBER_COUNTS, TERRAIN_COUNTS,
                                     adjacent_corners, all_hexes, coastal, corner_key,
                                     load_board, on_board)
from generator.diagrams.board import RED_NUMBER, SCREEN_TYPE, TERRAIN_FILL, board_drawing
from generator.diagrams.style import style_for
from generator.errors import ContentError
from generator.games.solo_catan.text import Words

SVG = "{http://www.w3.org/2000/svg}"
BOOK_DIR = CONTENT_ROOT / "catan-para-dos"
BOARD_FILE = BOOK_DIR / "board.yaml"
POINTS_PER_MM = 72 / 25.4
MIN_TEXT_PT = 6.0

BOOK = load_book(BOOK_DIR)
BOARD = load_board(BOARD_FILE)
CAPTION = next(f.caption for f in BOOK.figures if f.id == "tablero")


def draw(board=BOARD, *kind) -> ET.Element:
    svg = board_drawing(board, style_for(BOOK.components), Words(BOOK.components),
                        *kind).tostring()
    return ET.fromstring(svg)


def groups(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == css_class]


ROOT = draw()


# --- the data is the base game's beginner board --------------------------------------------

def test_the_board_has_the_base_games_hexes_tokens_and_harbours():
    assert sorted(h.at for h in BOARD.hexes) == sorted(all_hexes())
    assert Counter(h.terrain for h in BOARD.hexes) == Counter(TERRAIN_COUNTS)
    assert Counter(h.number for h in BOARD.hexes if h.number) == NUMBER_COUNTS
    desert = next(h for h in BOARD.hexes if h.terrain == "desert")
    assert desert.number is None and BOARD.robber == desert.at == (0, 0)
    assert Counter(h.resource for h in BOARD.harbours) == HARBOUR_COUNTS
    assert all(coastal(h.hex, h.side) for h in BOARD.harbours)


def test_beginner_layout_row_by_row():
    """The starting set-up for beginners, rows top to bottom (terrain letter, number)."""
    rows = {}
    for h in BOARD.hexes:
        rows.setdefault(h.at[1], []).append((h.at[0], h.terrain[:2], h.number))
    assert [[(t, n) for _, t, n in sorted(rows[r])] for r in sorted(rows)] == [
        [("mo", 10), ("pa", 2), ("fo", 9)],
        [("fi", 12), ("hi", 6), ("pa", 4), ("hi", 10)],
        [("fi", 9), ("fo", 11), ("de", None), ("fo", 3), ("mo", 8)],
        [("fo", 8), ("mo", 3), ("fi", 4), ("pa", 5)],
        [("hi", 5), ("fi", 6), ("pa", 11)],
    ]


def test_no_two_red_numbers_touch():
    """An official layout never puts 6 and 8 side by side: a check of the data's transcription."""
    red = {h.at for h in BOARD.hexes if h.number in (6, 8)}
    for q, r in red:
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            assert (q + dq, r + dr) not in red


def test_neutral_settlements_are_two_legal_inland_places_marked_as_proposed():
    """No source gives the official illustration's intersections in words: until one does,
    the data must say its places are a proposal, and the figure must show that."""
    settlements = [p for p in BOARD.neutral if p.piece == "settlement"]
    assert sorted(p.player for p in settlements) == [1, 2]
    assert not [p for p in BOARD.neutral if p.piece == "road"]  # "1 settlement (without a road)"
    assert {p.status for p in BOARD.neutral} == {"proposed"}
    a, b = (corner_key(p.hex, p.corner) for p in settlements)
    assert a != b and b not in adjacent_corners(a)
    assert "propuesta" in CAPTION


# --- the drawing -------------------------------------------------------------------------

def test_svg_draws_19_hexes_with_the_data_terrains_and_numbers():
    hexes = groups(ROOT, "hex")
    assert len(hexes) == 19
    drawn = {(int(g.get("data-q")), int(g.get("data-r"))): g for g in hexes}
    for h in BOARD.hexes:
        g = drawn[h.at]
        assert g.get("data-terrain") == h.terrain
        tokens = groups(g, "number-token")
        if h.number is None:
            assert tokens == [] and g.get("data-number") is None
        else:
            (token,) = tokens
            number = token.find(f"{SVG}text")
            assert int(token.get("data-number")) == int(number.text) == h.number
            assert (number.get("fill") == RED_NUMBER) == (h.number in (6, 8))
            dots = [c for c in token.iter(f"{SVG}circle")][1:]
            assert len(dots) == 6 - abs(7 - h.number)
        letter = [t for t in g.iter(f"{SVG}text") if t.get("class") == "terrain-letter"]
        assert [t.text for t in letter] == [BOARD.terrains[h.terrain].name[0]]


def test_svg_draws_18_tokens_9_harbours_the_robber_and_the_neutral_markers():
    assert len(groups(ROOT, "number-token")) == 18
    harbours = groups(ROOT, "harbour")
    assert len(harbours) == 9
    assert [(h.get("data-hex"), h.get("data-side"), h.get("data-rate"), h.get("data-resource"))
            for h in harbours] == [(f"{h.hex[0]},{h.hex[1]}", h.side, h.rate, h.resource)
                                   for h in BOARD.harbours]
    assert Counter(h.get("data-rate") for h in harbours) == {"3:1": 4, "2:1": 5}
    for harbour in harbours:
        texts = [t.text for t in harbour.iter(f"{SVG}text")]
        assert texts[0] == harbour.get("data-rate")
        if harbour.get("data-resource") != "any":
            assert texts[1] == BOOK.components.resource(harbour.get("data-resource")).name.lower()
    assert len(groups(ROOT, "robber")) == 2  # on the desert, and in the legend
    markers = groups(ROOT, "neutral")
    assert sorted((m.get("data-player"), m.get("data-piece"), m.get("data-status"))
                  for m in markers) == [("1", "settlement", "proposed"),
                                        ("2", "settlement", "proposed")]
    for marker in markers:
        ring = marker.find(f"{SVG}circle")
        assert ring.get("stroke-dasharray"), "a proposed place is drawn dashed"


def test_legend_names_every_terrain_and_says_the_neutral_places_are_proposed():
    legend = " ".join(t.text for t in ROOT.iter(f"{SVG}text")
                      if t.get("class") in ("legend-terrain", "legend-item"))
    for label in BOARD.terrains.values():
        assert label.name in legend
        if label.produces:
            assert BOOK.components.resource(label.produces).name.lower() in legend
    assert "jugadores neutrales 1 y 2" in legend and "propuesto" in legend


def test_official_places_are_drawn_solid_and_lose_the_proposal_note(tmp_path):
    text = BOARD_FILE.read_text(encoding="utf-8").replace("status: proposed", "status: official")
    (tmp_path / "board.yaml").write_text(text, encoding="utf-8")
    root = draw(load_board(tmp_path / "board.yaml"))
    for marker in groups(root, "neutral"):
        assert marker.get("data-status") == "official"
        assert marker.find(f"{SVG}circle").get("stroke-dasharray") is None
    legend = " ".join(t.text for t in root.iter(f"{SVG}text") if t.get("class") == "legend-item")
    assert "propuesto" not in legend


def test_a_neutral_road_is_drawn_along_its_side(tmp_path):
    text = BOARD_FILE.read_text(encoding="utf-8") + (
        "  - {player: 1, piece: road, hex: [-1, 0], side: NW, status: proposed}\n")
    (tmp_path / "board.yaml").write_text(text, encoding="utf-8")
    roads = [g for g in groups(draw(load_board(tmp_path / "board.yaml")), "neutral")
             if g.get("data-piece") == "road"]
    assert len(roads) == 1 and roads[0].get("data-player") == "1"


def test_every_label_is_at_least_6_pt_at_print_size_and_the_board_fits_an_a5_page():
    width_mm = float(ROOT.get("width").removesuffix("mm"))
    assert width_mm <= 148 - 16 - 14, "wider than the A5 text frame: it would be shrunk"
    sizes = [float(t.get("font-size")) for t in ROOT.iter(f"{SVG}text")]
    assert min(sizes) * POINTS_PER_MM >= MIN_TEXT_PT


def test_a_phones_board_fits_a_320_px_column_with_its_type_at_12_px():
    """Issue 33: the page's board, scaled to a phone's column, set its numbers at 7 px; the
    phone's is the same board, as wide, with every text 4.5 mm or more of its 107: at the
    size where the HTML edition sets its smallest text at 12 px it is no wider than a
    320 px phone's column (288 px), and it shows the same hexes, numbers and harbours."""
    from generator.html.render import screen_size
    phone = draw(BOARD, SCREEN_TYPE)
    svg = ET.tostring(phone, encoding="unicode")
    width, _ = screen_size(dict(phone.attrib), svg)
    assert width <= 288, width
    sizes = [float(t.get("font-size")) for t in phone.iter(f"{SVG}text")]
    assert min(sizes) * 288 / float(phone.get("viewBox").split()[2]) >= 12
    def hexes(root):
        return sorted((g.get("data-q"), g.get("data-r"), g.get("data-terrain"),
                       g.get("data-number")) for g in groups(root, "hex"))
    assert hexes(phone) == hexes(ROOT)
    by_resource = {label.produces: (terrain, label.name[0])
                   for terrain, label in BOARD.terrains.items() if label.produces}
    harbours = groups(phone, "harbour")
    assert len(harbours) == len(BOARD.harbours)
    for harbour in harbours:  # «2:1 M» in the mountains' grey; «3:1» in white
        (text,) = [t.text for t in harbour.iter(f"{SVG}text")]
        box = harbour.find(f"{SVG}rect").get("fill")
        resource = harbour.get("data-resource")
        if resource == "any":
            assert (text, box) == (harbour.get("data-rate"), "#ffffff")
        else:
            terrain, letter = by_resource[resource]
            assert (text, box) == (f"{harbour.get('data-rate')} {letter}",
                                   TERRAIN_FILL[terrain])
    legend = " ".join(t.text for t in phone.iter(f"{SVG}text") if t.get("class") == "legend-item")
    assert "del color de un terreno y con su letra" in legend  # what the letter means


# --- in the built book -------------------------------------------------------------------

def test_the_chapter_points_to_the_figure_where_it_places_the_neutral_settlements():
    text = (BOOK_DIR / "chapters" / "01-partida.md").read_text(encoding="utf-8")
    neutral = text.index("intersecciones señaladas")
    marker = text.index('{{ figure("tablero") }}')
    assert '{{ fig("tablero") }}' in text[neutral:text.index("\n", neutral)]  # «la fig. 1»
    assert 0 < marker - neutral and "##" not in text[neutral:marker]  # in the same section


# --- mistakes in board.yaml --------------------------------------------------------------

def _line_of(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


BAD = {
    # name: (old text, new text, the YAML path the message names, message pattern)
    "terrain name": ("{at: [-1, -1], terrain: fields, number: 12}",
                     "{at: [-1, -1], terrain: swamp, number: 12}", "hexes[3].terrain",
                     r"invalid value 'swamp'.*'forest'"),
    "off the board": ("{at: [2, -2], terrain: forest, number: 9}",
                      "{at: [3, -2], terrain: forest, number: 9}", "hexes[2].at",
                      r"hex \[3, -2\] is off the board"),
    "not a coordinate": ("{at: [2, -2], terrain: forest, number: 9}",
                         "{at: [2, x], terrain: forest, number: 9}", "hexes[2].at[1]",
                         r"invalid value 'x'"),
    "number on the desert": ("{at: [0, 0], terrain: desert}",
                             "{at: [0, 0], terrain: desert, number: 7}", "hexes[9].number",
                             r"the desert has no number token"),
    "extra token": ("{at: [0, 2], terrain: pasture, number: 11}",
                    "{at: [0, 2], terrain: pasture, number: 2}", "hexes[18].number",
                    r"one number token 2 too many"),
    "inland harbour": ("{hex: [2, 0], side: E, resource: any}",
                       "{hex: [2, 0], side: W, resource: any}", "harbours[3].side",
                       r"side W of \[2, 0\] is inland"),
    "unknown harbour goods": ("{hex: [1, -2], side: NE, resource: wool}",
                              "{hex: [1, -2], side: NE, resource: sheep}",
                              "harbours[1].resource", r"invalid value 'sheep'"),
    "settlements too close": ("    hex: [1, 0]\n    corner: S", "    hex: [-1, 0]\n    corner: NE",
                              "neutral[1].corner", r"too close to the settlement of neutral\[0\]"),
    "robber off the desert": ("robber: [0, 0]", "robber: [1, 0]", "robber",
                              r"the robber starts on \[1, 0\], not on the desert"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_mistake_in_board_yaml_names_its_line_and_path(tmp_path, case):
    old, new, path, message = BAD[case]
    file = tmp_path / "board.yaml"
    text = BOARD_FILE.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_board(file)
    error = caught.value
    assert error.location.path == path
    assert error.location.line == _line_of(file, new.splitlines()[-1].strip())
    assert re.search(message, error.message), error.message


def test_the_build_stops_at_a_bad_board_and_writes_nothing(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(BOOK_DIR, content / "catan-para-dos")
    shutil.copytree(CONTENT_ROOT / "_facts", content / "_facts")
    board = content / "catan-para-dos" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace(
        "terrain: hills, number: 6", "terrain: hill, number: 6"), encoding="utf-8")
    output = tmp_path / "output"
    code = main(["build", str(content / "catan-para-dos"), "--output", str(output)])
    err = capsys.readouterr().err
    line = _line_of(board, "terrain: hill,")
    assert code == 1
    assert re.search(rf"board\.yaml:{line} \(hexes\[4\]\.terrain\): invalid value 'hill'",
                     " ".join(err.split())), err
    assert not output.exists() or not [p for p in output.rglob("*") if p.is_file()]


def test_on_board_is_the_radius_two_hexagon():
    assert len(all_hexes()) == 19
    assert on_board((2, -2)) and not on_board((2, 1)) and not on_board((-3, 0))
