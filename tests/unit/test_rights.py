"""The rights line (book.yaml `rights:`): printed on the back cover of the rulebook and of its
print-shop edition, across the head of every card and token sheet and in the HTML edition;
a book without one is refused, since every build writes print-shop files; a line too long
for a sheet's head is refused at its place, not set smaller than a player reads."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pikepdf
import pytest

from contentedit import append, assert_one_located_error, edit, line_of, run
from generator.core.sheet import MARK_GAP, MARK_LENGTH, impose
from pdfread import last_page, page_words, read_pdf

RIGHTS = ("Juego® is a registered trademark of Example GmbH. This is an unofficial fan "
          "edition, not for sale and not affiliated with Example GmbH. Variant: Jane Doe (2024).")
TOKENS = """tokens:
  name: coins
  name_one: coin
  count: 12
  diameter: 25
  bleed: 3
  front: {label: "1", caption: coin, colour: "#2f5d8a"}
  back: {label: "2", caption: coins, colour: "#6c727c"}
"""
MM = 72 / 25.4
SMALLEST = 6.0  # pt: nothing a player reads on paper is smaller


def _with_rights(book: Path, rights: str) -> None:
    """The scaffold's rights line replaced by `rights`, a YAML value as typed."""
    meta = book / "book.yaml"
    old = next(line for line in meta.read_text(encoding="utf-8").splitlines()
               if line.startswith("rights:"))
    edit(meta, old, f"rights: {rights}")


def _squeezed(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def built(tiny_book, tmp_path, capsys) -> tuple[Path, Path]:
    """The tiny book with RIGHTS, reference cards and tokens, built: (book, output folder)."""
    _with_rights(tiny_book, json.dumps(RIGHTS, ensure_ascii=False))
    append(tiny_book / "print.yaml", TOKENS)
    output = tmp_path / "out"
    code, said = run("build", tiny_book, output, capsys)
    assert code == 0, said
    return tiny_book, output / tiny_book.name


def test_the_back_cover_of_both_rulebook_editions_prints_the_rights(built):
    _, out = built
    for pdf in (out / "juego.pdf", out / "juego-press.pdf"):
        pages = page_words(pdf)
        assert RIGHTS in pages[-1], (pdf.name, pages[-1])
        assert not any(RIGHTS in page for page in pages[:-1]), pdf.name
        sizes = {round(c["size"], 2) for c in last_page(pdf).chars
                 if c["text"] == "®"}
        assert sizes and min(sizes) >= SMALLEST, sizes


def test_the_print_shop_files_carry_the_rights_in_their_metadata(built):
    _, out = built
    for name in ("juego-press.pdf", "cards-press.pdf", "tokens-press.pdf"):
        with pikepdf.open(out / name) as pdf:
            assert pdf.open_metadata().get("dc:rights") == RIGHTS, name


@pytest.mark.parametrize("kind, trim", [("cards", (63, 88)), ("tokens", (25, 25))])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_sheet_front_is_headed_by_the_rights_above_its_marks(built, kind, trim, paper):
    """Each front (odd pages) prints the whole line, at 6 pt or more, in the strip between
    the paper's top edge and the crop marks; the backs (even pages) do not repeat it."""
    _, out = built
    pdf = out / f"{kind}-{paper.lower()}.pdf"
    words = page_words(pdf)
    pages = read_pdf(pdf).pages
    # the way round of the book's sheets (its cards'): sheets.rights.landscape_for
    layout = impose(paper, *trim, 3, landscape=pages[0].width > pages[0].height)
    marks_top = (layout.outer.y + layout.outer.h + MARK_GAP + MARK_LENGTH) * MM
    for number, page in enumerate(pages):
        front = number % 2 == 0
        assert (RIGHTS in words[number]) == front, (pdf.name, number + 1)
        if not front:
            continue
        head = [c for c in page.chars if page.height - c["bottom"] > page.height - 12 * MM
                and c["text"].strip()]
        assert "".join(c["text"] for c in head) == RIGHTS.replace(" ", "")
        assert min(c["size"] for c in head) >= SMALLEST
        assert min(page.height - c["bottom"] for c in head) > min(marks_top, page.height
                                                                  - 4.5 * MM) - 0.01
        assert max(page.height - c["top"] for c in head) < page.height - 0.5 * MM


def test_the_html_edition_prints_the_rights_in_its_footer(built):
    _, out = built
    html = (out / "index.html").read_text(encoding="utf-8")
    footer = html[html.index("<footer>"):html.index("</footer>")]
    assert RIGHTS in _squeezed(re.sub(r"<[^>]+>", " ", footer))


def test_a_new_book_has_a_rights_line_that_checks_and_builds(tiny_book, tmp_path, capsys):
    """`rulebook new` writes `© <year> <your name>.`: the book it makes passes check."""
    meta = (tiny_book / "book.yaml").read_text(encoding="utf-8")
    assert f"rights: © {dt.date.today().year} Your name." in meta
    assert run("check", tiny_book, tmp_path, capsys)[0] == 0


def test_a_book_without_rights_is_refused_at_book_yaml(tiny_book, tmp_path, capsys):
    meta = tiny_book / "book.yaml"
    old = next(line for line in meta.read_text(encoding="utf-8").splitlines()
               if line.startswith("rights:"))
    edit(meta, old + "\n", "")
    assert_one_located_error(
        tiny_book, tmp_path, capsys, "book.yaml", line_of(meta, "title:"),
        r"\(rights\): no rights line, and every build of the book writes print-shop files, "
        r"which print it; expected rights: one short paragraph saying who owns the game")


def test_an_empty_rights_line_is_refused_at_its_line(tiny_book, tmp_path, capsys):
    _with_rights(tiny_book, '"  "')
    assert_one_located_error(tiny_book, tmp_path, capsys, "book.yaml",
                             line_of(tiny_book / "book.yaml", "rights:"),
                             r"\(rights\): an empty rights line, .*; expected rights: ")


@pytest.mark.parametrize("value, shown", [
    pytest.param("[Example GmbH, fan edition]", "list", id="a list"),
    pytest.param("2024", "2024", id="a number"),
    pytest.param("yes", "True", id="a yes/no word"),
])
def test_rights_of_another_type_is_refused_at_its_line(tiny_book, tmp_path, capsys, value,
                                                        shown):
    _with_rights(tiny_book, value)
    assert_one_located_error(tiny_book, tmp_path, capsys, "book.yaml",
                             line_of(tiny_book / "book.yaml", "rights:"),
                             rf"\(rights\): invalid value {shown}.*string")


def test_rights_too_long_for_the_head_of_a_card_sheet_is_refused(tiny_book, tmp_path, capsys):
    """The A4 card sheet's head holds one line: a paragraph of three is refused with the
    room there is, rather than set smaller than a player reads or given a card's place."""
    _with_rights(tiny_book, json.dumps(" ".join([RIGHTS] * 3), ensure_ascii=False))
    assert_one_located_error(
        tiny_book, tmp_path, capsys, "book.yaml", line_of(tiny_book / "book.yaml", "rights:"),
        r"\(rights\): the rights line takes [2-9] lines at 6 pt across the head of the A4 card "
        r"sheet \(the strip above its crop marks\), which holds 1 \(\d+ mm wide\); expected a "
        r"shorter rights line \(about \d+ characters at most\)")
