"""Print-and-play sheets, measured from the PDF in millimetres as a printer would."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from generator.build import build_calibration, build_cards, build_print
from pdfread import read_pdf
from repo import shipped
from generator.core.sheet import (MARK_GAP, MIN_MARGIN, NOTE_BAND, PAPERS, Flip, Rect,
                                       impose, mirror)
from generator.sheets.render import SheetOptions

MM = 72 / 25.4
def build(book, tmp_path, **options) -> tuple[str, object]:
    """The book's reference cards on a sheet: (the PDF, how the sheet is laid out)."""
    opts = SheetOptions(**options)
    cards = book.print_spec.cards
    files = build_cards(book, tmp_path, [opts])
    return files[0], impose(opts.paper, cards.width, cards.height, cards.bleed)


def box_mm(box) -> tuple[float, float, float, float]:
    return tuple(round(float(v) / MM, 2) for v in (box.left, box.bottom, box.width, box.height))


def bleed_rects(page, layout) -> list[Rect]:
    """The card backgrounds: filled rectangles of exactly the bleed size."""
    cw, ch = layout.cell
    found = []
    for r in page.rects:
        w, h = r["width"] / MM, r["height"] / MM
        if abs(w - cw) < 0.05 and abs(h - ch) < 0.05:
            found.append(Rect(r["x0"] / MM, (page.height - r["bottom"]) / MM, w, h))
    return found


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_sheet_page_size_and_pieces_at_true_size(tmp_path, paper, solo_book):
    pdf, layout = build(solo_book, tmp_path, paper=paper)
    expected = sorted(PAPERS[paper])
    with read_pdf(pdf) as doc:
        page = doc.pages[0]
        assert sorted((round(page.width / MM, 1), round(page.height / MM, 1))) == \
            [round(v, 1) for v in expected]
        pieces = bleed_rects(page, layout)
        assert len(pieces) == min(len(solo_book.print_spec.cards.faces), layout.per_sheet)
        for piece in pieces:  # trim = bleed box less 3 mm each side: 63 × 88 mm
            assert piece.w - 2 * solo_book.print_spec.cards.bleed == pytest.approx(63.0, abs=0.1)
            assert piece.h - 2 * solo_book.print_spec.cards.bleed == pytest.approx(88.0, abs=0.1)
    faces = len(solo_book.print_spec.cards.faces)
    assert len(PdfReader(pdf).pages) == 2 * -(-faces // layout.per_sheet)


def test_crop_marks_lie_outside_every_bleed_and_are_long_enough(tmp_path, solo_book):
    pdf, layout = build(solo_book, tmp_path, paper="A4")
    with read_pdf(pdf) as doc:
        page = doc.pages[0]
        pieces = bleed_rects(page, layout)
        marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01
                 and tuple(ln["stroking_color"] or ()) in ((0,), (0, 0, 0))]
        assert marks, "crop marks drawn"
        outer = layout.outer
        for ln in marks:
            x0, x1 = ln["x0"] / MM, ln["x1"] / MM
            y0, y1 = (page.height - ln["bottom"]) / MM, (page.height - ln["top"]) / MM
            length = max(x1 - x0, y1 - y0)
            assert length >= 4.0, "long enough to survive the first cut"
            for piece in pieces:
                overlap_x = min(x1, piece.x + piece.w) - max(x0, piece.x)
                overlap_y = min(y1, piece.y + piece.h) - max(y0, piece.y)
                assert overlap_x <= 0.01 or overlap_y <= 0.01, "no mark on a piece's bleed"
            # every mark is in the margin, clear of the bleed by MARK_GAP
            outside = (x1 <= outer.x - MARK_GAP + 0.01 or x0 >= outer.x + outer.w + MARK_GAP - 0.01
                       or y1 <= outer.y - MARK_GAP + 0.01 or y0 >= outer.y + outer.h + MARK_GAP - 0.01)
            assert outside
            assert min(x0, y0) >= NOTE_BAND - 0.01
        # each trim edge has a mark on both sides
        xs = {round(ln["x0"] / MM, 2) for ln in marks if ln["x0"] == ln["x1"]}
        trims = {round(layout.trim(i).x, 2) for i in range(layout.per_sheet)}
        assert trims <= xs


def test_trimbox_and_bleedbox_are_set(tmp_path, solo_book):
    pdf, layout = build(solo_book, tmp_path, paper="A4")
    page = PdfReader(pdf).pages[0]
    assert box_mm(page.trimbox) == pytest.approx(
        tuple(round(v, 2) for v in (layout.trims_box.x, layout.trims_box.y,
                                     layout.trims_box.w, layout.trims_box.h)), abs=0.05)
    assert box_mm(page.bleedbox)[2] == pytest.approx(layout.outer.w, abs=0.05)
    shop = PdfReader(tmp_path / "solo-catan" / "cartas-imprenta.pdf")
    assert len(shop.pages) == 2 * len(solo_book.print_spec.cards.faces)
    for page in shop.pages:
        _, _, w, h = box_mm(page.trimbox)
        assert (w, h) == pytest.approx((63.0, 88.0), abs=0.05)
        _, _, bw, bh = box_mm(page.bleedbox)
        assert (bw, bh) == pytest.approx((69.0, 94.0), abs=0.05)


@pytest.mark.parametrize("flip", [Flip.LONG, Flip.SHORT])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.8)])
def test_backs_land_behind_their_fronts(tmp_path, flip, offset, solo_book):
    pdf, layout = build(solo_book, tmp_path, paper="A4", flip=flip, offset=offset)
    with read_pdf(pdf) as doc:
        fronts = bleed_rects(doc.pages[0], layout)
        backs = bleed_rects(doc.pages[1], layout)
    width, height = layout.paper
    assert len(fronts) == len(backs)
    expected = sorted((round(r.x, 1), round(r.y, 1)) for r in
                      (mirror(f, layout.paper, flip).shifted(*offset) for f in fronts))
    assert sorted((round(b.x, 1), round(b.y, 1)) for b in backs) == expected
    # Turning the sheet over: the mirror is about the paper's long or short edge.
    landscape = width > height
    mirrors_x = (flip is Flip.LONG) != landscape
    first = layout.trim(0)
    back = layout.back(0, flip, (0, 0))
    if mirrors_x:
        assert back.x == pytest.approx(width - first.x - first.w) and back.y == first.y
    else:
        assert back.y == pytest.approx(height - first.y - first.h) and back.x == first.x


def test_imposition_keeps_room_for_marks_and_fits_most_pieces():
    for paper in PAPERS:
        layout = impose(paper, 63, 88, 3)
        assert layout.outer.x >= MIN_MARGIN and layout.outer.y >= MIN_MARGIN
        width, height = layout.paper
        assert layout.outer.x + layout.outer.w <= width - MIN_MARGIN
        assert layout.outer.y + layout.outer.h <= height - MIN_MARGIN
    assert impose("A4", 63, 88, 3).per_sheet == 8      # landscape, 4 × 2
    assert impose("Letter", 63, 88, 3).per_sheet == 6


def test_ink_saving_drops_the_large_fills(tmp_path, solo_book):
    normal, layout = build(solo_book, tmp_path / "n", paper="A4")
    saving, _ = build(solo_book, tmp_path / "s", paper="A4", ink_saving=True)

    def coloured_area(pdf) -> float:
        with read_pdf(pdf) as doc:
            area = 0.0
            for page in doc.pages:
                for r in page.rects:
                    fill = r.get("non_stroking_color")
                    if r.get("fill") and fill and min(fill if isinstance(fill, (list, tuple))
                                                      else [fill]) < 0.8:
                        area += r["width"] * r["height"]
            return area
    full = coloured_area(normal)
    assert full > 100 * 100, "the normal sheet does have large fills"
    assert coloured_area(saving) < full * 0.2


def test_card_text_comes_from_data_and_stays_bold_after_a_figure(tmp_path, solo_book):
    pdf, layout = build(solo_book, tmp_path, paper="A4")
    with read_pdf(pdf) as doc:
        page = doc.pages[0]
        chars = page.chars
        cards = []
        for r in bleed_rects(page, layout):  # read each card on its own, as a player would
            top = page.height - (r.y + r.h) * MM
            crop = page.crop((r.x * MM, top, (r.x + r.w) * MM, top + r.h * MM))
            cards.append(" ".join((crop.extract_text() or "").split()))
        text = " | ".join(cards)
        bold = "".join(c["text"] for c in chars if c["fontname"].endswith("SourceSansPro-Bold"))
    assert f"ganas con {solo_book.components.game.goal} puntos" in text
    assert f"Hasta {solo_book.components.game.demolition_limit} cartas" in text
    for abbreviation in solo_book.glossary.abbreviations:
        assert f"{abbreviation.abbr} · {abbreviation.term}" in text
    assert "madera" in bold and "piedra" in bold


@pytest.mark.parametrize("flip", [Flip.LONG, Flip.SHORT])
def test_calibration_page_puts_the_rulers_where_the_cross_lands(tmp_path, solo_book, flip):
    """The calibration is the way round of the book's sheets (review, 2026-12-07: portrait
    beside landscape cards, its X was their Y): an offset read on it moves their backs
    along the same axes."""
    files = build_calibration(solo_book, tmp_path, [SheetOptions("A4", flip, (2.0, 0.0))])
    cards = build_print(solo_book, tmp_path, [SheetOptions("A4", flip, (2.0, 0.0))])
    with read_pdf(files[0]) as doc, read_pdf(cards[0]) as sheet:
        assert len(doc.pages) == 2
        assert (doc.pages[0].width, doc.pages[0].height) == (sheet.pages[0].width,
                                                              sheet.pages[0].height)
        assert doc.pages[0].width > doc.pages[0].height  # the solo cards: landscape
        front_cross = [ln for ln in doc.pages[0].lines if ln["x0"] == ln["x1"]][0]
        cross_x = front_cross["x0"] / MM
        ticks = [ln for ln in doc.pages[1].lines if ln["x0"] == ln["x1"] and
                 (ln["bottom"] - ln["top"]) / MM > 3.5]
        # about the long edge, a landscape sheet turns top to bottom: X stays; about the
        # short edge, it turns left to right
        width = doc.pages[0].width / MM
        expected = (cross_x if flip is Flip.LONG else width - cross_x) + 2.0
        zero = sorted(ticks, key=lambda ln: abs(ln["x0"] / MM - expected))[0]
        assert zero["x0"] / MM == pytest.approx(expected, abs=0.05)


@pytest.mark.parametrize("paper, language", [("A4", "es"), ("Letter", "en")])
def test_calibration_rulers_read_at_a_glance(tmp_path, paper, language):
    """As a user reads the back against the light: two rulers of ±10 mm with a tick each
    half millimetre, labelled only at −10, −5, 0, +5 and +10 in 8 pt, no label touching the
    next, and one sentence with a worked example of the option."""
    from generator.sheets.render import calibration
    pdf = tmp_path / "calibration.pdf"
    pdf.write_bytes(calibration(SheetOptions(paper), language))
    with read_pdf(pdf) as doc:
        back = doc.pages[1]
        upright = [ln["x0"] for ln in back.lines  # the X ruler's ticks, and the Y ruler's
                   if ln["x0"] == ln["x1"] and (ln["bottom"] - ln["top"]) / MM < 4.5]
        level = [ln["top"] for ln in back.lines
                 if ln["top"] == ln["bottom"] and (ln["x1"] - ln["x0"]) / MM < 4.5]
        for ticks in (upright, level):
            places = sorted(round(at / MM, 2) for at in ticks)
            assert len(places) == 41, places  # −10, −9.5 … +10
            assert places[-1] - places[0] == pytest.approx(20, abs=0.05)
            assert {round(b - a, 2) for a, b in zip(places, places[1:])} == {0.5}
        labels = [w for w in back.extract_words()  # under the instructions at the head
                  if re.fullmatch(r"[−+]?\d+", w["text"]) and w["top"] > back.height / 3]
        below = sorted((w for w in labels if w["top"] > back.height / 2 + 15 * MM),
                       key=lambda w: w["x0"])
        beside = sorted((w for w in labels if w not in below), key=lambda w: w["top"])
        assert [w["text"] for w in below] == ["−10", "−5", "0", "+5", "+10"]
        assert [w["text"] for w in beside] == ["+10", "+5", "0", "−5", "−10"]
        for ruler, start, end in ((below, "x0", "x1"), (beside, "top", "bottom")):
            gaps = [b[start] - a[end] for a, b in zip(ruler, ruler[1:])]
            assert min(gaps) >= 1.5, f"labels touch: {gaps}"
        sizes = {round(c["size"], 1) for c in back.chars if c["text"] in "−+0159"
                 and c["top"] > back.height / 2}
        assert sizes == {8.0}
        text = " ".join(back.extract_text().split())
    assert ("es un desplazamiento de 2 y −1." if language == "es"
            else "is an offset of 2 and −1.") in text


@pytest.mark.parametrize("slug, total, name", [("catan-para-dos", 20, "fichas de comercio"),
                                               ("uno-contra-uno", 20, "monedas")])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_token_sheets_hold_every_token_round_and_true_size(tmp_path, slug, total, name, paper):
    from generator.build import build_tokens
    book = shipped(slug)
    spec = book.print_spec.tokens
    assert spec.count == total == book.components.game.tokens_total
    pdf = build_tokens(book, tmp_path, [SheetOptions(paper)])[0]
    fronts = backs = 0
    with read_pdf(pdf) as doc:
        for number, page in enumerate(doc.pages):
            discs = [c for c in page.curves
                     if abs(c["width"] / MM - (spec.diameter + 2 * spec.bleed)) < 0.1
                     and abs(c["height"] - c["width"]) < 0.01]
            if number % 2 == 0:
                fronts += len(discs)
                text = " ".join((page.extract_text() or "").split())
                assert f"{total} {name}" in text, "the count is printed on the sheet"
            else:
                backs += len(discs)
    assert fronts == backs == total


def test_sheet_footers_count_pieces_in_agreement_and_with_decimal_commas(tmp_path, solo_book):
    """«1 carta de referencia», «6 cartas de referencia»; offsets as Spanish writes them."""
    single = shipped("catan-base")
    [home, *_] = build_cards(single, tmp_path, [SheetOptions(paper="A4", offset=(1.5, -0.8))])
    with read_pdf(home) as doc:
        front, back = (page.extract_text() for page in doc.pages[:2])
    assert "· 1 carta de referencia ·" in front
    assert "desplazamiento +1,5; −0,8 mm" in back
    pdf, _ = build(solo_book, tmp_path / "solo")
    with read_pdf(pdf) as doc:
        faces = len(solo_book.print_spec.cards.faces)
        assert f"· {faces} cartas de referencia ·" in doc.pages[0].extract_text()
