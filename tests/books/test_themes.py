"""A theme per book, read in what a reader holds: the Splendor book (PDF, print-shop edition,
cards, HTML) wears its own accent and cut stones, no Catan brick red and no hexagon; the
Catan books keep theirs. The front cover breaks its title where a designer would, carries
the badges book.yaml gives and an emblem in its lower half; a theme's accent too light to
carry white text is refused at its line of book.yaml."""

from __future__ import annotations

import math

import pikepdf
import pytest

from contentedit import edit, line_of, run
from generator.core import palette
from pdfread import drawing_operations, read_pdf, word_lines

MM = 72 / 25.4
#: The Catan theme's colours: its accent, the tint of its boxes and table rows, the lines of
#: its card backs and its dark-mode accent.
CATAN_COLOURS = {palette.ACCENT, palette.ACCENT_LIGHT, palette.BRICK_AND_TILES.accent_pattern,
                 palette.BRICK_AND_TILES.accent_on_dark}
SPLENDOR_ACCENT = "#7a5a12"


@pytest.fixture(scope="module")
def themed(built):
    return {slug: built(slug, papers=("A4",)) for slug in ("splendor-solitario", "solo-catan")}


def _pdfs(themed, slug):
    """Every PDF the build of `slug` wrote: the rulebook, its print-shop edition, the cards."""
    files = [p for p in themed[slug].files + themed[slug].press if p.suffix == ".pdf"]
    folder = themed[slug].files[0].parent
    return sorted(set(files) | set(folder.glob("*.pdf")))


def _hex(values) -> str | None:
    """#rrggbb of an RGB colour operator's operands (None for grey or CMYK)."""
    if len(values) != 3:
        return None
    return "#" + "".join(f"{round(float(v) * 255):02x}" for v in values)


def colours_painted(path) -> set[str]:
    """Every RGB colour a page of the PDF sets, in the page and the forms it draws."""
    found = set()
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for operands, operator, _ in drawing_operations(page):
                if operator in ("rg", "RG", "sc", "SC", "scn", "SCN"):
                    colour = _hex(operands)
                    if colour:
                        found.add(colour)
    return found


def _close(a: str, b: str) -> bool:
    """Two colours the same but for rounding (ReportLab writes 3-4 decimals)."""
    return all(abs(int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) <= 2 for i in (1, 3, 5))


def hexagons(page) -> int:
    """Regular hexagon outlines on a pdfplumber page: closed paths of six equal sides."""
    count = 0
    for curve in page.curves:
        points = curve.get("pts") or []
        if len(points) != 7 or math.dist(points[0], points[-1]) > 0.5:
            continue
        sides = [math.dist(points[k], points[k + 1]) for k in range(6)]
        if min(sides) > 1 and max(sides) - min(sides) < 0.03 * max(sides):
            count += 1
    return count


def test_the_splendor_book_paints_no_catan_colour(themed):
    pdfs = _pdfs(themed, "splendor-solitario")
    assert any(p.name.startswith(("cartas", "cards")) for p in pdfs) and any("press" in p.name or "imprenta" in p.name
                                                        for p in pdfs), pdfs
    for path in pdfs:
        painted = colours_painted(path)
        catan = {c for c in painted for forbidden in CATAN_COLOURS if _close(c, forbidden)}
        assert not catan, f"{path.name} paints Catan's {sorted(catan)}"
    reading = themed["splendor-solitario"].files[0]
    assert any(_close(c, SPLENDOR_ACCENT) for c in colours_painted(reading))
    # the measure can fail: the Catan book paints its brick red
    assert any(_close(c, palette.ACCENT) for c in colours_painted(themed["solo-catan"].files[0]))


def test_the_splendor_book_draws_cut_stones_not_hexagons(themed):
    for path in _pdfs(themed, "splendor-solitario"):
        with read_pdf(path) as pdf:
            assert sum(hexagons(page) for page in pdf.pages) == 0, path.name
    with read_pdf(themed["splendor-solitario"].files[0]) as pdf:
        band = [c for c in pdf.pages[0].curves if c["top"] < pdf.pages[0].height * 0.16]
        assert len(band) >= 5, "the cover's band carries a row of stones"
    with read_pdf(themed["solo-catan"].files[0]) as pdf:
        assert hexagons(pdf.pages[0]) >= 7  # the Catan cover: its row and its emblem


def _cover_lines(path) -> list[str]:
    with read_pdf(path) as pdf:
        return [text for _, text in word_lines(pdf.pages[0].extract_words())]


def test_the_cover_breaks_its_title_by_sense_and_carries_its_badges(themed):
    lines = _cover_lines(themed["solo-catan"].files[0])
    assert lines[:2] == ["Catán –", "El juego de cartas"], lines
    assert "1 jugador" in lines, lines
    assert _cover_lines(themed["splendor-solitario"].files[0])[0] == "Splendor"


def test_the_cover_has_an_emblem_in_its_lower_half(themed):
    for slug in themed:
        with read_pdf(themed[slug].files[0]) as pdf:
            cover = pdf.pages[0]
            words = cover.extract_words()
            text_bottom = max(w["bottom"] for w in words)
            foot_band = cover.height * (1 - 0.16 * 0.35)
            emblem = [c for c in cover.curves if c["top"] > text_bottom
                      and c["bottom"] < foot_band]
            assert emblem, slug
            width = max(c["x1"] for c in emblem) - min(c["x0"] for c in emblem)
            height = max(c["bottom"] for c in emblem) - min(c["top"] for c in emblem)
            assert width > 35 * MM and height > 20 * MM, (slug, width / MM, height / MM)
            centre = (max(c["x1"] for c in emblem) + min(c["x0"] for c in emblem)) / 2
            assert abs(centre - cover.width / 2) < 1, (slug, "the emblem is centred")


def test_a_theme_accent_too_light_for_white_text_is_refused_at_its_line(book_copy, tmp_path,
                                                                         capsys):
    edit(book_copy / "book.yaml", 'accent: "#9c3d1a"', "accent: '#e8c07a'")
    code, said = run("check", book_copy, tmp_path / "out", capsys)
    assert code != 0
    assert f"book.yaml:{line_of(book_copy / 'book.yaml', 'accent:')}" in said, said
    assert "too light" in said and "4.5:1" in said and "Traceback" not in said


