"""Cards and tokens read at the table: measured in the built PDFs, as a player would see them.

Every book with a print.yaml is rendered (home sheets on A4 and Letter, the print-shop files
and the calibration pages) and measured with pdfplumber: no glyph under 6 pt anywhere, card
text at 9.5 pt or more, resource badges of at least 5 mm whose letters (7 pt or more) stay
inside them, token numerals of 24 pt or more and labels of 7 pt or more, a hairline on a
token's cut and no ring near it, crop marks around placed pieces only, and print-shop files
that give one front/back pair per kind of piece with the quantity to print.
"""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import pytest
import svgwrite
from pypdf import PdfReader

from pdfread import read_pdf
from contentedit import edit
from generator.checks import checked_book
from generator.diagrams.icons import resource_shape
from generator.diagrams.style import RESOURCE_LOOK, DiagramStyle
from generator.errors import ContentError
from generator.core.sheet import MARK_GAP
from repo import book_folders, shipped

MM = 72 / 25.4
EPS = 1e-3  # pdfplumber's sizes carry float noise (9.499999999999943 for 9.5)
BOOKS = {folder.name: shipped(folder.name) for folder in book_folders()
         if (folder / "print.yaml").exists()}
PAPERS = ("A4", "Letter")


@pytest.fixture(scope="module")
def printed(built) -> dict[str, dict[str, bytes]]:
    """slug → {file name → PDF bytes}: everything `rulebook build` prints for the table."""
    return {slug: {path.name: path.read_bytes() for path in built(slug, papers=PAPERS).print_files}
            for slug in BOOKS}


def pages(data: bytes):
    with read_pdf(data) as doc:
        yield from doc.pages


def files(printed, prefix: str):
    for slug, named in printed.items():
        for name, data in named.items():
            if name.startswith(prefix):
                yield slug, name, data


def test_every_book_with_print_yaml_is_measured(printed):
    assert set(BOOKS) >= {"solo-catan", "catan-base", "catan-para-dos", "uno-contra-uno",
                          "splendor-solitario"}
    assert sum(1 for _ in files(printed, "fichas-")) == 3 * 2  # two books with tokens


def test_no_glyph_under_6_pt_on_any_card_token_or_calibration_page(printed):
    for slug, named in printed.items():
        for name, data in named.items():
            for number, page in enumerate(pages(data), start=1):
                small = {(c["text"], round(c["size"], 1)) for c in page.chars
                         if c["text"].strip() and c["size"] < 6.0 - EPS}
                assert not small, (slug, name, number, sorted(small)[:5])


# --- reference cards -------------------------------------------------------------------------

def _in_rect(x, y, box, pad=0.0) -> bool:
    x0, top, x1, bottom = box
    return x0 - pad <= x <= x1 + pad and top - pad <= y <= bottom + pad


def _inside_polygon(x, y, points) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _badges(page, area) -> list[dict]:
    """Filled coloured shapes of badge size (a resource's shape, its letters on it)."""
    found = []
    for shape in list(page.curves) + list(page.rects):
        fill = shape.get("non_stroking_color")
        if not shape.get("fill") or not isinstance(fill, (tuple, list)) or len(fill) not in (3, 4):
            continue
        # paper, white, a tinted row (RGB on home sheets; CMYK in the print-shop file)
        if (min(fill) > 0.9) if len(fill) == 3 else (max(fill) < 0.1):
            continue
        w, h = shape["width"] / MM, shape["height"] / MM
        if not (4.0 <= w <= 10.0 and 4.0 <= h <= 10.0):
            continue
        box = (shape["x0"], shape["top"], shape["x1"], shape["bottom"])
        if not _in_rect((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, area):
            continue
        curved = any(step[0] == "c" for step in shape.get("path") or [])
        points = [tuple(p) for p in shape.get("pts") or []] if shape["object_type"] == "curve" \
            else []
        while len(points) > 1 and points[0] == points[-1]:
            points.pop()
        found.append({"box": box, "w": w, "h": h, "curved": curved, "points": points})
    return found


def _glyph_box(char, page_height: float) -> tuple[float, float, float, float]:
    """The ink a letter can reach: its advance, from the baseline to its cap height (or
    x-height), in pdfplumber's top-down coordinates."""
    baseline = page_height - char["matrix"][5]
    tall = char["text"].isupper() or char["text"] in "bdfhiklt"
    return char["x0"], baseline - char["size"] * (0.72 if tall else 0.5), char["x1"], baseline


def _inside_badge(glyph, badge, slack: float = 0.1 * MM) -> bool:
    x0, top, x1, bottom = glyph
    corners = [(x0 + slack, top + slack), (x1 - slack, top + slack),
               (x0 + slack, bottom - slack), (x1 - slack, bottom - slack)]
    bx0, btop, bx1, bbottom = badge["box"]
    if badge["curved"]:  # a circle: inside its ellipse
        cx, cy, rx, ry = (bx0 + bx1) / 2, (btop + bbottom) / 2, (bx1 - bx0) / 2, (bbottom - btop) / 2
        return all(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 for x, y in corners)
    if len(badge["points"]) >= 3:
        return all(_inside_polygon(x, y, badge["points"]) for x, y in corners)
    return all(_in_rect(x, y, badge["box"]) for x, y in corners)


def card_fronts(slug: str, data: bytes, shop: bool):
    """(page, trim box in pdfplumber coordinates, face) for every card front in a file."""
    cards = BOOKS[slug].print_spec.cards
    faces = iter(cards.faces)
    for number, page in enumerate(pages(data)):
        if number % 2:
            continue  # backs
        if shop:
            trims = [page.rects[0]]
        else:
            trims = [r for r in page.rects
                     if abs(r["width"] / MM - cards.width - 2 * cards.bleed) < 0.05
                     and abs(r["height"] / MM - cards.height - 2 * cards.bleed) < 0.05]
        for rect in sorted(trims, key=lambda r: (round(r["top"]), r["x0"])):
            b = cards.bleed * MM
            yield page, (rect["x0"] + b, rect["top"] + b, rect["x1"] - b, rect["bottom"] - b), \
                next(faces)


@pytest.mark.parametrize("kind", ["home", "shop"])
def test_card_text_is_table_size_and_badge_letters_fit_their_badges(printed, kind):
    measured = 0
    for slug, name, data in files(printed, "cartas-"):
        if (kind == "shop") != ("imprenta" in name):
            continue
        for page, trim, face in card_fronts(slug, data, kind == "shop"):
            badges = _badges(page, trim)
            chars = [c for c in page.chars if c["text"].strip()
                     and _in_rect((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2, trim)]
            assert chars, (slug, name, face.id)
            body = []
            for c in chars:
                centre = ((c["x0"] + c["x1"]) / 2, page.height - c["matrix"][5] - c["size"] * 0.3)
                holder = [b for b in badges if _in_rect(*centre, b["box"])]
                if holder:
                    assert c["size"] >= 7.0 - EPS, (slug, face.id, c["text"], c["size"])
                    assert _inside_badge(_glyph_box(c, page.height), holder[0]), \
                        (slug, name, face.id, c["text"], "spills out of its badge")
                else:
                    body.append(c)
            small = sorted({(c["text"], round(c["size"], 2)) for c in body if c["size"] < 9.5 - EPS})
            assert not small, (slug, name, face.id, small[:5])
            measured += 1
            if face.kind == "costs":
                buildings = BOOKS[slug].components.buildings
                text = " ".join("".join(c["text"] for c in body).split())
                for building in buildings:
                    assert building.name.replace(" ", "") in text.replace(" ", "")
                assert len(badges) == sum(len(b.cost) for b in buildings), (slug, name)
                for badge in badges:
                    assert min(badge["w"], badge["h"]) >= 5.0, (slug, badge["w"], badge["h"])
    assert measured >= 10


def test_the_costs_card_fills_its_face(printed):
    """One row per building spread down the card: the last row is in the card's lower
    quarter, not in its upper half as the book's shrunk figure was."""
    for slug, name, data in files(printed, "cartas-imprenta"):
        for page, trim, face in card_fronts(slug, data, shop=True):
            if face.kind != "costs":
                continue
            badges = _badges(page, trim)
            assert badges, (slug, "no resource badge of 4 mm or more on the costs card")
            lowest = max(b["box"][3] for b in badges)
            assert (lowest - trim[1]) / (trim[3] - trim[1]) > 0.75, (slug, face.id)


def test_a_card_whose_text_does_not_fit_at_table_size_is_refused_at_its_place(book_copy):
    edit(book_copy / "print.yaml", "        - '{{ rule(\"comercio\") }}'",
         "        - '{{ rule(\"comercio\") }}'\n" +
         "        - 'Una línea de relleno que no cabe en la carta.'\n" * 12)
    with pytest.raises(ContentError) as error:  # check refuses it as well as build
        checked_book(book_copy)
    message = str(error.value)
    assert "print.yaml:25" in message and "cards.faces[2]" in message and "9.5 pt" in message


# --- tokens ----------------------------------------------------------------------------------

def tokens_on(page, spec):
    """(centre x, centre y, bleed disc) of every token on a page, in points."""
    size = (spec.diameter + 2 * spec.bleed) * MM
    return [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2, c) for c in page.curves
            if c.get("fill") and abs(c["width"] - size) < 0.3 and abs(c["height"] - size) < 0.3]


def test_tokens_carry_a_large_numeral_and_a_legible_label(printed):
    seen = 0
    for slug, name, data in files(printed, "fichas-"):
        spec = BOOKS[slug].print_spec.tokens
        for page in pages(data):
            for cx, cy, _ in tokens_on(page, spec):
                inside = [c for c in page.chars if c["text"].strip()
                          and math.dist(((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2),
                                        (cx, cy)) < spec.diameter / 2 * MM]
                numeral = [c for c in inside if c["text"].isdigit()]
                label = [c for c in inside if not c["text"].isdigit()]
                assert numeral and min(c["size"] for c in numeral) >= 24.0 - EPS, (slug, name)
                assert "".join(c["text"] for c in label) in {
                    side.caption.replace(" ", "") for side in (spec.front, spec.back)}
                assert min(c["size"] for c in label) >= 7.0 - EPS, (slug, name)
                seen += 1
    assert seen == 2 * 2 * (2 * 20) + 2 * 2  # two books × (A4, Letter) × 40 sides, + shop pairs


def test_a_token_has_a_line_on_its_cut_and_no_ring_near_it(printed):
    """The front's line on the cut guides the scissors (the print shop's die); a back has
    none (review, 2026-12-07: a duplex error of a millimetre showed it off-centre). Fronts
    and backs alternate, front first."""
    for slug, name, data in files(printed, "fichas-"):
        spec = BOOKS[slug].print_spec.tokens
        for number, page in enumerate(pages(data)):
            for cx, cy, _ in tokens_on(page, spec):
                rings = [c for c in page.curves if c.get("stroke")
                         and math.dist(((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2),
                                       (cx, cy)) < 0.1 * MM]
                diameters = sorted(round(c["width"] / MM, 2) for c in rings)
                if number % 2:  # a back
                    assert diameters == [], (slug, name, number + 1, diameters)
                    continue
                assert diameters == [pytest.approx(spec.diameter, abs=0.1)], (slug, name, diameters)
                assert all(c["linewidth"] <= 0.6 for c in rings), "a hairline, not a border"


# --- crop marks ------------------------------------------------------------------------------

def _placed(page, slug: str, name: str):
    """The bleed boxes (mm, from the bottom) of the pieces placed on a home sheet's front."""
    book = BOOKS[slug]
    if name.startswith("fichas"):
        spec = book.print_spec.tokens
        boxes = [(c["x0"], c["bottom"], c["x1"], c["top"]) for _, _, c in tokens_on(page, spec)]
        bleed = spec.bleed
    else:
        cards = book.print_spec.cards
        bleed = cards.bleed
        boxes = [(r["x0"], r["bottom"], r["x1"], r["top"]) for r in page.rects
                 if abs(r["width"] / MM - cards.width - 2 * bleed) < 0.05
                 and abs(r["height"] / MM - cards.height - 2 * bleed) < 0.05]
    return [(x0 / MM, (page.height - bottom) / MM, x1 / MM, (page.height - top) / MM)
            for x0, bottom, x1, top in boxes], bleed


def _marks(page):
    found = []
    for ln in page.lines:
        if abs(ln["linewidth"] - 0.25) < 0.01 and tuple(ln["stroking_color"] or ()) in ((0,), (0, 0, 0)):
            found.append((ln["x0"] / MM, (page.height - ln["bottom"]) / MM,
                           ln["x1"] / MM, (page.height - ln["top"]) / MM))
    return found


def _distinct(values, tolerance: float = 0.05) -> list[float]:
    found: list[float] = []
    for v in sorted(values):
        if not found or v - found[-1] > tolerance:
            found.append(v)
    return found


def _on(value: float, edges: list[float], tolerance: float = 0.05) -> float | None:
    return next((e for e in edges if abs(e - value) <= tolerance), None)


def test_crop_marks_frame_placed_pieces_only(printed):
    """Every mark extends a trim edge of a piece on the sheet and starts just outside that
    piece's bleed; every such edge is marked at both ends; nothing marks an empty slot
    (a lone card gets its 8 marks, not the 24 of a full sheet)."""
    checked = 0
    for slug, name, data in list(files(printed, "cartas-")) + list(files(printed, "fichas-")):
        if "imprenta" in name:
            continue
        for number, page in enumerate(pages(data)):
            if number % 2:
                continue
            boxes, bleed = _placed(page, slug, name)
            assert boxes, (slug, name, number)
            marks = _marks(page)
            verticals = _distinct(v for b in boxes for v in (b[0] + bleed, b[2] - bleed))
            horizontals = _distinct(v for b in boxes for v in (b[1] + bleed, b[3] - bleed))
            assert len(marks) == 2 * (len(verticals) + len(horizontals)), (slug, name, number)
            ends = {}
            for x0, y0, x1, y1 in marks:
                if abs(x0 - x1) < 0.01:  # vertical: on a trim edge, next to a piece's bleed
                    line = ("v", _on(x0, verticals))
                    near = min(abs(y - edge) for y in (y0, y1) for b in boxes
                               if b[0] < x0 < b[2] for edge in (b[1], b[3]))
                else:
                    line = ("h", _on(y0, horizontals))
                    near = min(abs(x - edge) for x in (x0, x1) for b in boxes
                               if b[1] < y0 < b[3] for edge in (b[0], b[2]))
                assert line[1] is not None, (slug, name, "a mark beside an empty slot", line)
                assert near == pytest.approx(MARK_GAP, abs=0.05), (slug, name, line)
                ends[line] = ends.get(line, 0) + 1
            assert all(count == 2 for count in ends.values()), (slug, name)
            checked += 1
    lone = [data for slug, name, data in files(printed, "cartas-a4") if slug == "catan-base"][0]
    assert len(_marks(next(pages(lone)))) == 8
    assert checked >= 10


# --- print-shop files ------------------------------------------------------------------------

def test_print_shop_files_are_front_back_pairs_with_their_quantity(printed):
    for slug, name, data in files(printed, "fichas-imprenta"):
        spec = BOOKS[slug].print_spec.tokens
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == 2, "one front and one back, not one page per token"
        for page in pages(data):
            text = " ".join((page.extract_text() or "").split())
            assert f"imprimir {spec.count} ejemplares" in text, (slug, text)
        assert f"× {spec.count}" in reader.metadata.subject
    for slug, name, data in files(printed, "cartas-imprenta"):
        faces = BOOKS[slug].print_spec.cards.faces
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == 2 * len(faces)
        for number, page in enumerate(pages(data)):
            text = " ".join((page.extract_text() or "").split())
            assert "imprimir 1 ejemplar" in text, (slug, number, text)
            assert faces[number // 2].title in text
            assert ("anverso", "reverso")[number % 2] in text
        assert all(f"{face.title} × 1" in reader.metadata.subject for face in faces)


# --- icons -----------------------------------------------------------------------------------

def test_lumber_is_a_tree_not_a_mountain():
    """A bare triangle reads as a mountain, which is ore in Catan: lumber is a fir with
    tiers and a trunk (narrower at its foot than its branches)."""
    assert RESOURCE_LOOK["lumber"][0] != "triangle"
    dwg = svgwrite.Drawing()
    shape = resource_shape(dwg, DiagramStyle(), "lumber", 0, 0, 3.0)
    points = [tuple(map(float, p.split(","))) for p in
              ET.fromstring(shape.tostring()).get("points").split()]
    assert len(points) >= 8, "more than a triangle: tiers and a trunk"
    widest = max(x for x, _ in points) - min(x for x, _ in points)
    foot = max(y for _, y in points)
    trunk = [x for x, y in points if abs(y - foot) < 1e-6]
    assert max(trunk) - min(trunk) < widest * 0.35


def test_token_text_reads_on_its_colour_at_aa_contrast(printed):
    """A token's numeral and label are white or ink, whichever reads on its colour (white on
    the gold coin was 3.2:1): every character on a token face is ≥ 4.5:1 against the disc."""
    from generator.core.palette import contrast

    def hex_of(colour) -> str:
        return "#" + "".join(f"{round(c * 255):02x}" for c in colour)
    checked = 0
    for slug, name, data in files(printed, "fichas-a4"):
        for page in pages(data):
            discs = [c for c in page.curves if c.get("fill") and c.get("non_stroking_color")
                     and len(c["non_stroking_color"]) == 3]
            for char in page.chars:
                disc = next((d for d in discs if d["x0"] <= char["x0"] and char["x1"] <= d["x1"]
                             and d["top"] <= char["top"] and char["bottom"] <= d["bottom"]),
                            None)
                if disc is None or len(char["non_stroking_color"]) != 3:
                    continue
                ratio = contrast(hex_of(char["non_stroking_color"]),
                                 hex_of(disc["non_stroking_color"]))
                assert ratio >= 4.5, (slug, char["text"], round(ratio, 2))
                checked += 1
    assert checked > 40
