"""The base-Catan board as data (board.yaml): read with line positions and checked against the
base game, so a misspelt terrain, a hex off the board, a harbour on an inland side or two
settlements too close stop `check` and `build` at the line to fix. The drawing is
diagrams/board.py.

Geometry: pointy-top hexes in axial coordinates (q, r), (0, 0) the centre. In the integer
lattice used for corners and sides, a hex's centre is (2q + r, 3r) (x in units of R·√3/2, y
in units of R/2, R the centre-to-corner radius), so every corner has exact integer
coordinates and two hexes' shared corners compare equal.
"""

# Annotations evaluated as the classes are made: see model.py.

from collections import Counter
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field
from pydantic.dataclasses import dataclass

from generator.content.model import NUMBER, STRICT, Int
from generator.content.yamlsource import YamlDocument, read_yaml, validate

# --- the format of board.yaml ------------------------------------------------------------------
# Axial coordinates of pointy-top hexes: `[q, r]`, r counting rows downwards and q along a row,
# (0, 0) the centre hex; a hex's six sides and corners are named by compass points. The checks
# that need the whole board (on it, coastal, distance rule) are below, each reported at the
# line of the YAML file. Here, not in model.py: only a book whose figures draw the board
# imports them (loader.py).

BoardTerrain = Literal["forest", "hills", "pasture", "fields", "mountains", "desert"]
BoardResource = Literal["lumber", "brick", "wool", "grain", "ore"]
HexSide = Literal["NE", "E", "SE", "SW", "W", "NW"]
HexCorner = Literal["N", "NE", "SE", "S", "SW", "NW"]


@dataclass(config=STRICT)
class TerrainLabel:
    name: str                          # in the book's language: "Bosque"
    produces: BoardResource | None = None


@dataclass(config=STRICT)
class BoardHex:
    at: tuple[Int, Int]
    terrain: BoardTerrain
    number: Annotated[int, Field(ge=2, le=12), NUMBER] | None = None


@dataclass(config=STRICT)
class Harbour:
    hex: tuple[Int, Int]
    side: HexSide
    resource: Literal["any", "lumber", "brick", "wool", "grain", "ore"]  # any: 3:1

    @property
    def rate(self) -> str:
        return "3:1" if self.resource == "any" else "2:1"


@dataclass(config=STRICT)
class NeutralPiece:
    """A neutral player's piece at set-up: a settlement on a corner, or a road on a side.
    `status` says whether its place is the one the official rules mark or a proposal."""

    player: Annotated[int, Field(ge=1, le=2), NUMBER]
    piece: Literal["settlement", "road"]
    hex: tuple[Int, Int]
    status: Literal["official", "proposed"]
    corner: HexCorner | None = None    # a settlement's intersection
    side: HexSide | None = None        # a road's edge
    note: str = ""


@dataclass(config=STRICT)
class BoardLayout:
    name: str
    source: str
    terrains: dict[BoardTerrain, TerrainLabel]
    hexes: list[BoardHex]
    robber: tuple[Int, Int]
    harbours: list[Harbour]
    neutral: list[NeutralPiece] = field(default_factory=list)


RADIUS = 2  # the base board: the centre hex and two rings, 19 hexes

#: Corner offsets in the integer lattice, and each side's two corners.
CORNERS = {"N": (0, -2), "NE": (1, -1), "SE": (1, 1), "S": (0, 2), "SW": (-1, 1),
           "NW": (-1, -1)}
SIDES = {"NE": ("N", "NE"), "E": ("NE", "SE"), "SE": ("SE", "S"), "SW": ("S", "SW"),
         "W": ("SW", "NW"), "NW": ("NW", "N")}
#: The base game's terrain hexes and number tokens.
TERRAIN_COUNTS = {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3,
                  "desert": 1}
NUMBER_COUNTS = Counter({2: 1, 12: 1, **{n: 2 for n in (3, 4, 5, 6, 8, 9, 10, 11)}})
HARBOUR_COUNTS = Counter({"any": 4, "lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1})

# --- geometry ------------------------------------------------------------------------------

def on_board(at) -> bool:
    q, r = at
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


def all_hexes() -> list[tuple[int, int]]:
    return [(q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1)
            if on_board((q, r))]


def corner_key(at, corner: str) -> tuple[int, int]:
    q, r = at
    dx, dy = CORNERS[corner]
    return 2 * q + r + dx, 3 * r + dy


def side_key(at, side: str) -> frozenset:
    a, b = SIDES[side]
    return frozenset((corner_key(at, a), corner_key(at, b)))


@cache
def _side_owners() -> Counter:
    """How many hexes of the board each side belongs to: 1 on the coast, 2 inland."""
    return Counter(side_key(at, s) for at in all_hexes() for s in SIDES)


def coastal(at, side: str) -> bool:
    return _side_owners()[side_key(at, side)] == 1


def adjacent_corners(key) -> set:
    """Corners one side away from `key` on the board."""
    found = set()
    for edge in _side_owners():
        if key in edge:
            found |= edge - {key}
    return found


# --- reading board.yaml --------------------------------------------------------------------

def load_board(file: Path) -> BoardLayout:
    """board.yaml validated against the model and the base game's board."""
    doc = read_yaml(file)
    board = validate(doc, BoardLayout)
    check_board(doc, board)
    return board


def check_board(doc: YamlDocument, board: BoardLayout) -> None:
    _check_hexes(doc, board)
    terrain_at = {h.at: h.terrain for h in board.hexes}
    if terrain_at.get(board.robber) != "desert":
        raise doc.error(("robber",), f"the robber starts on {list(board.robber)}, not on the "
                        "desert", "the desert's coordinates")
    letters: dict[str, str] = {}
    for terrain, label in board.terrains.items():
        letter = label.name[:1].upper()
        if letter in letters:
            raise doc.error(("terrains", terrain, "name"), f"'{label.name}' starts with the "
                            f"same letter as '{letters[letter]}'",
                            "terrain names with different initials (each hex shows one)")
        letters[letter] = label.name
    for i, h in enumerate(board.hexes):
        if h.terrain not in board.terrains:
            raise doc.error(("hexes", i, "terrain"), f"terrain '{h.terrain}' has no name",
                            "an entry for it under terrains")
    _check_harbours(doc, board)
    _check_neutral(doc, board)


def _check_hexes(doc, board: BoardLayout) -> None:
    seen: dict[tuple, int] = {}
    terrains, numbers = Counter(), Counter()
    for i, h in enumerate(board.hexes):
        where = ("hexes", i)
        if not on_board(h.at):
            raise doc.error(where + ("at",), f"hex {list(h.at)} is off the board",
                            f"axial coordinates [q, r] at most {RADIUS} steps from [0, 0]")
        if h.at in seen:
            raise doc.error(where + ("at",), f"hex {list(h.at)} is given twice "
                            f"(also hexes[{seen[h.at]}])", "each hex once")
        seen[h.at] = i
        if h.terrain == "desert" and h.number is not None:
            raise doc.error(where + ("number",), "the desert has no number token",
                            "no number on the desert")
        if h.terrain != "desert" and h.number is None:
            raise doc.error(where, f"the {h.terrain} hex has no number", "a number token")
        if h.number == 7:
            raise doc.error(where + ("number",), "there is no number token 7",
                            "2 to 6 or 8 to 12")
        terrains[h.terrain] += 1
        if terrains[h.terrain] > TERRAIN_COUNTS[h.terrain]:
            raise doc.error(where + ("terrain",), f"one {h.terrain} hex too many",
                            f"{TERRAIN_COUNTS[h.terrain]} in the base game")
        if h.number is not None:
            numbers[h.number] += 1
            if numbers[h.number] > NUMBER_COUNTS[h.number]:
                raise doc.error(where + ("number",), f"one number token {h.number} too many",
                                f"{NUMBER_COUNTS[h.number]} in the base game")
    missing = [list(at) for at in all_hexes() if at not in seen]
    if missing:
        raise doc.error(("hexes",), f"no hex at {', '.join(map(str, missing))}",
                        "all 19 hexes of the base board")


def _check_harbours(doc, board: BoardLayout) -> None:
    taken: dict[frozenset, int] = {}
    kinds = Counter()
    for i, harbour in enumerate(board.harbours):
        where = ("harbours", i)
        if not on_board(harbour.hex):
            raise doc.error(where + ("hex",), f"hex {list(harbour.hex)} is off the board",
                            f"axial coordinates [q, r] at most {RADIUS} steps from [0, 0]")
        if not coastal(harbour.hex, harbour.side):
            raise doc.error(where + ("side",), f"side {harbour.side} of {list(harbour.hex)} "
                            "is inland", "a side facing the sea")
        key = side_key(harbour.hex, harbour.side)
        for other_key, j in taken.items():
            if key & other_key:
                raise doc.error(where, f"this harbour touches harbours[{j}]",
                                "harbours on sides with no corner in common")
        taken[key] = i
        kinds[harbour.resource] += 1
        if kinds[harbour.resource] > HARBOUR_COUNTS[harbour.resource]:
            raise doc.error(where + ("resource",),
                            f"one {harbour.rate} harbour for {harbour.resource} too many",
                            f"{HARBOUR_COUNTS[harbour.resource]} in the base game")
    if len(board.harbours) != sum(HARBOUR_COUNTS.values()):
        raise doc.error(("harbours",), f"{len(board.harbours)} harbours",
                        f"the base game's {sum(HARBOUR_COUNTS.values())}")


def _check_neutral(doc, board: BoardLayout) -> None:
    settlements: dict[tuple, int] = {}
    for i, piece in enumerate(board.neutral):
        where = ("neutral", i)
        if not on_board(piece.hex):
            raise doc.error(where + ("hex",), f"hex {list(piece.hex)} is off the board",
                            f"axial coordinates [q, r] at most {RADIUS} steps from [0, 0]")
        if piece.piece == "settlement":
            if piece.corner is None or piece.side is not None:
                raise doc.error(where, "a settlement stands on a corner", "`corner:` only")
            key = corner_key(piece.hex, piece.corner)
            for other, j in settlements.items():
                if other == key or other in adjacent_corners(key):
                    raise doc.error(where + ("corner",), "too close to the settlement of "
                                    f"neutral[{j}]", "two sides at least between settlements")
            settlements[key] = i
        elif piece.side is None or piece.corner is not None:
            raise doc.error(where, "a road lies along a side", "`side:` only")
