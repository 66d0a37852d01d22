"""`rulebook build BOOK --booklet`: the A5 rulebook imposed two-up on A4 and Letter landscape
for saddle stitching, read back as the person folding it would check it: the right number of
sheets, the pages in saddle-stitch order (read from the page numbers printed on each half and
from each half's whole text), at true size, centred in their halves, and fold marks at the
middle of the top and bottom edges. A book that is not A5 is one error line, nothing
written."""

from __future__ import annotations

import pikepdf
import pytest

from generator.cli import main
from generator.pdf.imposition import padded, sides
from pdfread import read_pdf
from repo import CONTENT_ROOT

MM = 72 / 25.4
SOLO = CONTENT_ROOT / "solo-catan"
SHEETS = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}
A5 = (148.0, 210.0)


#: The A5 book whose booklet is read here: a short one (16 pages, four sheets), as every
#: booklet is imposed alike.
BOOKLET = "uno-contra-uno"


@pytest.fixture(scope="module")
def a5_booklet(built):
    """BOOKLET built with --booklet."""
    return built(BOOKLET, booklet=True)


def _norm(text: str | None) -> str:
    return "".join((text or "").split())


def _half(page, slot: int):
    """The objects of the left (0) or right (1) half of a sheet side."""
    half = page.width / 2
    x0, x1 = slot * half, (slot + 1) * half
    return page.filter(lambda o: o.get("object_type") != "char"
                       or x0 <= (o["x0"] + o["x1"]) / 2 < x1)


def _printed_number(half, height: float) -> list[str]:
    """The numbers on the footer line of a half: its lowest line of text, in the bottom
    20 mm."""
    band = half.filter(lambda o: o.get("object_type") != "char"
                       or o["bottom"] > height - 20 * MM)
    words = band.extract_words()
    lowest = max((w["bottom"] for w in words), default=0)
    return [w["text"] for w in words if abs(w["bottom"] - lowest) < 1.5 and w["text"].isdigit()]


def test_unit_order_is_saddle_stitch_for_short_edge_duplex():
    assert padded(8) == list(range(1, 9))
    assert padded(6) == [1, 2, 3, 4, 5, 6, None, None]
    assert padded(6, back_cover=True) == [1, 2, 3, 4, 5, None, None, 6]
    assert sides(padded(8)) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert sides(padded(2)) == [(None, 1), (2, None)]


def test_booklet_files_are_written_beside_the_rulebook(a5_booklet):
    names = sorted(p.name for p in a5_booklet.booklets)
    assert names == [f"{BOOKLET}-folleto-a4.pdf", f"{BOOKLET}-folleto-letter.pdf"]
    assert all(p.parent == a5_booklet.files[0].parent and p.is_file()
               for p in a5_booklet.booklets)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheets_are_landscape_and_hold_the_padded_pages_in_saddle_stitch_order(a5_booklet, paper):
    rulebook = a5_booklet.files[0]
    with read_pdf(rulebook) as book:
        pages = len(book.pages)
        texts = [_norm(page.extract_text()) for page in book.pages]
    expected = sides(padded(pages, back_cover=True))  # the book ends with its back cover
    folded = rulebook.with_name(f"{BOOKLET}-folleto-{paper}.pdf")
    with read_pdf(folded) as booklet:
        assert len(booklet.pages) == -(-pages // 4) * 4 // 2
        for number, page in enumerate(booklet.pages):
            assert (round(page.width / MM, 1), round(page.height / MM, 1)) == SHEETS[paper]
            for slot in (0, 1):
                want = expected[number][slot]
                half = _half(page, slot)
                text = _norm(half.extract_text())
                where = (paper, number + 1, ("left", "right")[slot], want)
                if want is None:
                    assert text == "", where  # a padding page is blank
                    continue
                assert text == texts[want - 1], where  # the whole page, and only it
                if 1 < want < pages:  # every page but the covers prints its number
                    assert _printed_number(half, page.height) == [str(want)], where
    # Sheet 1: front [last, 1], back [2, last − 1]; blanks are the last pages.
    assert expected[0][1] == 1 and expected[1][0] == 2
    assert padded(pages)[pages:] == [None] * (-pages % 4)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_are_at_true_size_and_centred_in_their_halves(a5_booklet, paper):
    """Every glyph of a page sits where it sits on the A5 page, moved only (no scaling):
    the same size, the same distances, offset by the half's centring."""
    rulebook = a5_booklet.files[0]
    folded = rulebook.with_name(f"{BOOKLET}-folleto-{paper}.pdf")
    width, height = (v * MM for v in SHEETS[paper])
    with read_pdf(rulebook) as book, read_pdf(folded) as booklet:
        pages = len(book.pages)
        for number, pair in enumerate(sides(padded(pages))[:6]):
            for slot, page_number in enumerate(pair):
                if page_number is None:
                    continue
                source = book.pages[page_number - 1]
                assert (round(source.width / MM), round(source.height / MM)) == A5
                dx = slot * width / 2 + (width / 2 - source.width) / 2
                dy = (height - source.height) / 2
                placed = sorted(_half(booklet.pages[number], slot).chars,
                                key=lambda c: (round(c["top"], 1), c["x0"]))
                original = sorted(source.chars, key=lambda c: (round(c["top"], 1), c["x0"]))
                assert len(placed) == len(original) > 0
                for a, b in zip(original, placed):
                    assert b["text"] == a["text"]
                    assert b["size"] == pytest.approx(a["size"], abs=1e-3)  # 100 %, not fitted
                    assert b["x0"] - a["x0"] == pytest.approx(dx, abs=0.01)
                    assert b["top"] - a["top"] == pytest.approx(dy, abs=0.01)


def test_a_known_heading_keeps_its_type_size(a5_booklet):
    rulebook = a5_booklet.files[0]
    with read_pdf(rulebook) as book:
        size = {c["size"] for page in book.pages for c in page.chars if c["text"] == "Í"}
    with read_pdf(rulebook.with_name(f"{BOOKLET}-folleto-a4.pdf")) as booklet:
        folded = {c["size"] for page in booklet.pages for c in page.chars if c["text"] == "Í"}
    assert size and folded == size  # "Índice", the contents page's title


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_marks_at_the_middle_of_the_top_and_bottom_edges(a5_booklet, paper):
    folded = a5_booklet.files[0].with_name(f"{BOOKLET}-folleto-{paper}.pdf")
    with read_pdf(folded) as booklet:
        for page in booklet.pages:
            middle = page.width / 2
            marks = [ln for ln in page.lines if abs(ln["x0"] - middle) < 0.01
                     and abs(ln["x1"] - middle) < 0.01]
            ends = sorted((round(ln["top"] / MM, 1), round(ln["bottom"] / MM, 1))
                          for ln in marks)
            height = round(page.height / MM, 1)
            assert ends == [(0.0, 7.0), (round(height - 7.0, 1), height)], ends


def test_booklet_metadata_and_print_dialog_hints(a5_booklet):
    book = a5_booklet.book
    with pikepdf.open(a5_booklet.files[0].with_name(f"{BOOKLET}-folleto-a4.pdf")) as pdf:
        assert str(pdf.docinfo.Title) == f"{book.meta.title} (folleto A4)"
        assert str(pdf.docinfo.Author) == "; ".join(c.who for c in book.meta.credits)
        assert "borde corto" in str(pdf.docinfo.Subject)
        assert str(pdf.Root.Lang) == book.meta.language
        prefs = pdf.Root.ViewerPreferences
        assert prefs.Duplex == pikepdf.Name.DuplexFlipShortEdge
        assert prefs.PrintScaling == pikepdf.Name("/None")


def test_booklet_of_a_book_that_is_not_a5_is_one_line_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["build", "catan-base", "--booklet", "--content", str(CONTENT_ROOT),
                 "--output", str(out)])
    err = capsys.readouterr().err
    assert code == 1
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert "catan-base" in err and "A4" in err and "A5" in err and "--booklet" in err
    assert not out.exists() or not any(out.rglob("*"))
    code = main(["build", "solo-catan", "--booklet", "--page-size", "Letter", "--content",
                 str(CONTENT_ROOT), "--output", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and "Letter" in err and len(err.strip().splitlines()) == 1, err
    assert not out.exists() or not any(out.rglob("*"))


def test_build_help_explains_booklet(capsys):
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--booklet" in text and "short edge" in text and "A5 books only" in text
