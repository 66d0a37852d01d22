"""Every built book read as its reader reads it: counts that agree with their nouns, decimal
commas in a Spanish book, and, in the Catan family, only the family's words.

The text comes from the built files themselves (the PDF rulebook, its HTML edition and the
print-and-play sheets), so a slip in generated words (a footer, an example's narration, a
table from data) is found as well as one typed in a chapter.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pdfread import plain_texts
from repo import CONTENT_ROOT, book_folders, shipped
from generator.content.vocabulary import find_banned, load_terms
from generator.content.yamlsource import read_yaml

SLUGS = [folder.name for folder in book_folders()]
#: Count nouns the generators and the chapters put after a number, beyond each book's own
#: components (resource, building and token names come from its data).
COMMON_NOUNS = [("carta", "cartas"), ("punto", "puntos"), ("ficha", "fichas"),
                ("moneda", "monedas"), ("gema", "gemas"), ("turno", "turnos"),
                ("partida", "partidas"), ("hoja", "hojas"), ("jugador", "jugadores"),
                ("construcción", "construcciones"), ("caballero", "caballeros"),
                ("noble", "nobles"), ("acción", "acciones"), ("serie", "series")]


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    BLOCKS = {"p", "li", "dt", "dd", "td", "th", "div", "br", "figcaption", "h1", "h2", "h3",
              "h4", "caption", "tr", "section", "aside"}

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "script")
        if tag in self.BLOCKS:
            self.parts.append(" | ")  # a new block: no sentence runs across it

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "script")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def pdf_text(path: Path) -> str:
    # pages joined by a mark no count matches across: a page's number (in its footer, the
    # last text of the page) is no count of the noun that opens the next page
    text = " ¶ ".join(plain_texts(path))
    return " ".join(re.sub(r"-\s*\n\s*", "", text).split())


def html_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return " ".join(" ".join(parser.parts).split())


@pytest.fixture(scope="module")
def printed(built) -> dict[str, dict[str, str]]:
    """slug → {file name → its text}, for every file a build writes that a reader reads."""
    texts = {}
    for slug in SLUGS:
        book = built(slug, papers=("A4",))
        files = list(book.files) + list(book.print_files)
        texts[slug] = {}
        for file in files:
            file = Path(file)
            if file.suffix == ".pdf":
                texts[slug][file.name] = pdf_text(file)
            elif file.suffix == ".html":
                texts[slug][file.name] = html_text(file)
    # a reading that found no words would find no mistake either
    assert all(len(text.split()) > 30 for files in texts.values() for text in files.values())
    return texts


def noun_pairs(slug: str) -> list[tuple[str, str]]:
    book = shipped(slug)
    c = book.components
    pairs = [(r.name.lower(), r.plural) for r in c.resources if getattr(r, "plural", None)]
    pairs += [(b.name.lower(), b.plural) for b in c.buildings if getattr(b, "plural", None)]
    tokens = book.print_spec.tokens if book.print_spec else None
    if tokens and tokens.name_one:
        pairs.append((tokens.name_one, tokens.name))
    return [(one, other) for one, other in pairs + COMMON_NOUNS if one != other]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_count_agrees_with_its_noun(printed, slug):
    pairs = noun_pairs(slug)
    for name, text in printed[slug].items():
        for one, other in pairs:
            wrong_plural = re.findall(rf"(?<![\d,.])\b1 {re.escape(other)}\b", text)
            wrong_singular = re.findall(rf"(?<![\d,.])\b(?:[02-9]|\d\d+) {re.escape(one)}\b(?!\w)",
                                        text)
            assert not wrong_plural, (name, wrong_plural[:3])
            assert not wrong_singular, (name, wrong_singular[:3])


@pytest.mark.parametrize("slug", SLUGS)
def test_a_spanish_book_writes_decimals_with_a_comma(printed, slug):
    if shipped(slug).meta.language != "es":
        pytest.skip("not a Spanish book")
    for name, text in printed[slug].items():
        text = re.sub(r"Versión \d+(\.\d+)+", "", text)  # a version number is no decimal
        found = re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", text)
        # "400.000" is Spanish grouping of thousands (Babel's es pattern), not a decimal
        found = [n for n in found if not re.fullmatch(r"\d{1,3}(\.\d{3})+", n)]
        assert not found, (name, found[:5])


@pytest.mark.parametrize("slug", SLUGS)
def test_a_family_book_prints_only_the_familys_words(printed, slug):
    book = shipped(slug)
    if not book.meta.vocabulary:
        pytest.skip("this book does not follow a family vocabulary")
    terms = load_terms(CONTENT_ROOT / "_facts", book.meta.family,
                       read_yaml(CONTENT_ROOT / slug / "book.yaml"))
    for name, text in printed[slug].items():
        hits = [hit.found for hit in find_banned(text, terms) if not hit.wrong_case]
        assert not hits, (name, hits[:5])
