"""A book's own fonts (book.yaml `fonts:`): a card game names a face with the suits, and its
♠♥♦♣ print, in the PDF, the cards and the HTML edition, set in that face, embedded; the
glyph check reads the book's own fonts; a font the PDF cannot embed (PostScript outlines, a
licence that forbids it, not a font at all, outside the book) is one located line; and the
next book built in the same process is set in the default faces again."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pikepdf
import pytest
from fontTools.ttLib import TTFont

from contentedit import append, assert_one_located_error, edit, line_of, run
from fontmaker import SUITS, make_font
from generator.core import typefaces
from pdfread import words

FONTS = """fonts:
  text:
    regular: fonts/TestFace-Regular.ttf
  labels:
    regular: fonts/TestFace-Regular.ttf
"""


def _embedded(pdf: Path) -> set[str]:
    """The base names of the fonts a PDF embeds (without their subset prefix)."""
    names = set()
    with pikepdf.open(pdf) as document:
        for page in document.pages:
            for font in (page.Resources.get("/Font") or {}).values():
                names.add(str(font.BaseFont).split("+")[-1].lstrip("/"))
    return names


def _with_fonts(book: Path) -> None:
    make_font(book / "fonts" / "TestFace-Regular.ttf")
    edit(book / "book.yaml", "chapters:\n", FONTS + "chapters:\n")


def test_a_card_games_suits_print_in_its_own_face(tiny_book, tmp_path, capsys):
    _with_fonts(tiny_book)
    append(tiny_book / "chapters" / "02-rules.md", f"Play a card of the suit led: {SUITS}.")
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    folder = tmp_path / "out" / "juego"
    pdf = folder / "juego.pdf"
    assert _embedded(pdf) == {"TestFace-Regular"}, _embedded(pdf)
    assert SUITS in words(pdf).replace(" ", "")
    cards = folder / "cards-a4.pdf"
    assert _embedded(cards) == {"TestFace-Regular"}, _embedded(cards)
    page = (folder / "index.html").read_text(encoding="utf-8")
    fonts = re.findall(r"base64,([A-Za-z0-9+/=]+)", page)
    assert fonts, "no embedded font in the HTML edition"
    for data in fonts:
        face = TTFont(io.BytesIO(base64.b64decode(data)))
        assert face["name"].getDebugName(6) == "TestFace-Regular"
        assert all(ord(suit) in face.getBestCmap() for suit in SUITS)
    assert typefaces.current() is typefaces.DEFAULT  # the next book: the default faces


def test_the_next_book_in_the_same_process_is_set_in_the_default_faces(tiny_book, tmp_path,
                                                                       capsys):
    _with_fonts(tiny_book)
    assert run("build", tiny_book, tmp_path / "one", capsys)[0] == 0
    edit(tiny_book / "book.yaml", FONTS, "")
    assert run("build", tiny_book, tmp_path / "two", capsys)[0] == 0
    assert _embedded(tmp_path / "two" / "juego" / "juego.pdf") >= {"SourceSerifPro-Regular",
                                                                    "SourceSansPro-Bold"}


def test_the_glyph_check_reads_the_books_own_fonts(tiny_book, tmp_path, capsys):
    chapter = tiny_book / "chapters" / "02-rules.md"
    append(chapter, f"Suits: {SUITS}.")
    assert_one_located_error(tiny_book, tmp_path, capsys, "chapters/02-rules.md",
                             line_of(chapter, "Suits:"),
                             r"'♠' \(U\+2660, black spade suit\) is not in the book's fonts "
                             r"\(Source Serif Pro and Source Sans Pro\)")
    _with_fonts(tiny_book)
    assert run("check", tiny_book, tmp_path / "out", capsys)[0] == 0
    append(chapter, "A snowman: ☃.")
    assert_one_located_error(tiny_book, tmp_path, capsys, "chapters/02-rules.md",
                             line_of(chapter, "snowman"),
                             r"'☃' .* is not in the book's fonts "
                             r"\(fonts/TestFace-Regular\.ttf\)")


@pytest.mark.parametrize("case, make, pattern", [
    ("missing", None, r"font file fonts/TestFace-Regular\.ttf not found"),
    ("not a font", lambda p: p.write_text("not a font", encoding="utf-8"),
     r"is not a font the PDF can embed"),
    ("CFF outlines", lambda p: make_font(p, cff=True),
     r"has PostScript \(CFF\) outlines, which the PDF cannot embed; expected the TrueType"),
    ("licence", lambda p: make_font(p, fs_type=0x0002),
     r"its licence does not allow it to be embedded in a document \(OS/2 fsType 0x0002\)"),
    ("too few characters", lambda p: make_font(p, characters="abc" + SUITS),
     r"lacks \d+ of the characters every book prints"),
])
def test_a_font_the_pdf_cannot_embed_is_one_located_line(case, make, pattern, tiny_book,
                                                         tmp_path, capsys):
    edit(tiny_book / "book.yaml", "chapters:\n", FONTS + "chapters:\n")
    if make is not None:
        (tiny_book / "fonts").mkdir()
        make(tiny_book / "fonts" / "TestFace-Regular.ttf")
    assert_one_located_error(tiny_book, tmp_path, capsys, "book.yaml",
                             line_of(tiny_book / "book.yaml", "regular:"),
                             r"\(fonts\.text\.regular\): .*" + pattern)


def test_a_font_outside_the_books_folder_is_refused(tiny_book, tmp_path, capsys):
    make_font(tmp_path / "Elsewhere.ttf")
    edit(tiny_book / "book.yaml", "chapters:\n",
         FONTS.replace("fonts/TestFace-Regular.ttf", "../../../Elsewhere.ttf", 1)
         + "chapters:\n")
    assert_one_located_error(tiny_book, tmp_path, capsys, "book.yaml",
                             line_of(tiny_book / "book.yaml", "Elsewhere"),
                             r"\(fonts\.text\.regular\): 'Elsewhere\.ttf' leads to .*, outside "
                             r"the book's folder")


def test_a_font_file_saved_anew_is_the_font_of_the_next_build(tiny_book, tmp_path, capsys):
    """As `rulebook watch` rebuilds in one process: the font under the same path is read
    again, never the one registered before (nor its character map)."""
    _with_fonts(tiny_book)
    assert run("build", tiny_book, tmp_path / "one", capsys)[0] == 0
    make_font(tiny_book / "fonts" / "TestFace-Regular.ttf", name="OtherFace")
    assert run("build", tiny_book, tmp_path / "two", capsys)[0] == 0
    assert _embedded(tmp_path / "two" / "juego" / "juego.pdf") == {"OtherFace-Regular"}
