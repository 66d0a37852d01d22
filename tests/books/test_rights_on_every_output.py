"""Every shipped book and edition says whose game it is: its rights line (book.yaml `rights:`)
on the last page of its rulebook, of the print-shop edition and of the editor's dossier,
across the head of the front of every card and token sheet, in the print-shop files'
metadata and in the HTML edition's footer; in the edition's own language and at 6 pt or
more."""

from __future__ import annotations

import re

import pikepdf
import pytest

from generator.build import file_word
from pdfread import last_page, page_words, read_pdf
from repo import editions, html_of, shipped
from runcache import ALL_PAPERS

EDITIONS = editions()
SMALLEST = 6.0  # pt: nothing a player reads on paper is smaller
#: The marks each shipped rights line names (® Catan, ™ Splendor): their glyphs' sizes are
#: the line's.
MARKS = {"®", "™"}


def _edition(name: str):
    slug, _, language = name.partition("/")
    return slug, language or None


def _squeezed(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def books(built) -> dict[str, tuple[object, object]]:
    """edition → (its book, its build with every paper): as `rulebook build` writes it."""
    out = {}
    for name in EDITIONS:
        slug, language = _edition(name)
        out[name] = (shipped(slug, language), built(slug, lang=language, papers=ALL_PAPERS))
    return out


def _rights(book) -> str:
    rights = _squeezed(book.meta.rights)
    assert len(rights) > 80 and MARKS & set(rights), rights  # a real line, naming a mark
    return rights


def _marks_size(page) -> float:
    sizes = [c["size"] for c in page.chars if c["text"] in MARKS]
    assert sizes, "no ® or ™ on the page"
    return min(sizes)


def test_every_edition_has_a_rights_line_in_its_own_language(books):
    words = {"es": ("marca", "no oficial"), "en": ("trademark", "unofficial")}
    for name, (book, _) in books.items():
        rights = _rights(book)
        for word in words[book.meta.language]:
            assert word in rights, (name, word)


@pytest.mark.parametrize("name", EDITIONS)
def test_the_last_page_of_the_rulebook_its_print_shop_edition_and_its_dossier(books, name):
    """The dossier too ends on a back cover (review 2026-12-05: it ended on its provenance,
    at any page count)."""
    book, built = books[name]
    rights = _rights(book)
    assert len(built.press) == 1
    dossier = [path for path in built.dossier if path.suffix == ".pdf"]
    assert len(dossier) == 1, name
    for pdf in (built.files[0], built.press[0], dossier[0]):
        pages = page_words(pdf)
        assert rights in pages[-1], (name, pdf.name, pages[-1][-400:])
        assert _marks_size(last_page(pdf)) >= SMALLEST, (name, pdf.name)


@pytest.mark.parametrize("name", EDITIONS)
def test_every_card_and_token_sheet_front(books, name):
    book, built = books[name]
    rights, language = _rights(book), book.meta.language
    kinds = [file_word(language, "cards")] * (book.print_spec.cards is not None) + \
        [file_word(language, "tokens")] * (book.print_spec.tokens is not None)
    assert kinds, name  # every shipped book prints pieces
    for kind in kinds:
        for paper in ALL_PAPERS:
            pdf = next(f for f in built.print_files if f.name == f"{kind}-{paper.lower()}.pdf")
            pages, read = page_words(pdf), read_pdf(pdf).pages
            for number in range(0, len(pages), 2):  # the fronts; the backs follow each
                assert rights in pages[number], (name, pdf.name, number + 1)
                assert _marks_size(read[number]) >= SMALLEST, (name, pdf.name, number + 1)


@pytest.mark.parametrize("name", EDITIONS)
def test_every_print_shop_file_carries_it_in_its_metadata(books, name):
    book, built = books[name]
    shop = [f for f in built.press + built.print_files
            if file_word(book.meta.language, "press") in f.stem]
    assert len(shop) == 1 + (book.print_spec.cards is not None) \
        + (book.print_spec.tokens is not None), name
    for pdf in shop:
        with pikepdf.open(pdf) as doc:
            assert doc.open_metadata().get("dc:rights") == _rights(book), (name, pdf.name)


@pytest.mark.parametrize("name", EDITIONS)
def test_the_html_edition_footer(built, books, name):
    book, _ = books[name]
    page = html_of(built, name).read_text(encoding="utf-8")
    footer = page[page.index("<footer>"):page.index("</footer>")]
    assert _rights(book) in _squeezed(re.sub(r"<[^>]+>", " ", footer)), name
