"""Splendor solo as a reader gets it: the built PDF, its HTML edition and its cards.

The examples' boxes, the set-up, the turn, the score table and every count are read back
from the outputs, where a player would read them.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
import yaml

from repo import CONTENT_ROOT
from pdfread import ReadPdf

SLUG = "splendor-solitario"


class _Text(HTMLParser):
    """The visible text of a page: no styles, scripts or drawings."""

    SKIP = {"style", "script", "svg"}
    BLOCKS = {"p", "li", "dt", "dd", "div", "td", "th", "tr", "h1", "h2", "h3", "section"}

    def __init__(self):
        super().__init__()
        self.parts, self.depth = [], 0

    def handle_starttag(self, tag, attrs):
        self.depth += tag in self.SKIP
        if tag in self.BLOCKS:
            self.parts.append(" ¦ ")  # a block's edge, so a label never runs into its text

    def handle_endtag(self, tag):
        self.depth -= tag in self.SKIP

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def _flat(text: str) -> str:
    """One line of text, words hyphenated at a line end joined again."""
    return " ".join(re.sub(r"-\n(?=\w)", "", text).split())


@pytest.fixture(scope="module")
def splendor(built):
    """The book as `rulebook build` builds it (its print files on A4)."""
    return built(SLUG, papers=("A4",))


@pytest.fixture(scope="module")
def texts(splendor) -> dict[str, str]:
    """The book as `rulebook build` writes it (its print files on A4): its PDF, its HTML
    edition and its cards' print-shop file, each as one text."""
    out = splendor.files[0].parent.parent
    parser = _Text()
    parser.feed((out / SLUG / "index.html").read_text(encoding="utf-8"))
    return {"pdf": _flat("\n".join(ReadPdf(out / SLUG / f"{SLUG}.pdf").page_texts)),
            "html": _flat("".join(parser.parts)),
            # One card a page (the print-shop file): a sheet of cards side by side reads as
            # lines across every card.
            "cards": _flat("\n".join(ReadPdf(out / SLUG / "cartas-imprenta.pdf").page_texts))}


def _example_ids(book) -> set[str]:
    """Every id an example gives a card or a noble, and the special gems' ids."""
    ids = {c.id for c in book.components.special_cards}
    for file in (CONTENT_ROOT / SLUG / "examples").glob("*.yaml"):
        start = yaml.safe_load(file.read_text(encoding="utf-8")).get("start", {})
        ids |= {c["id"] for c in start.get("cards", [])}
        ids |= {n["id"] for n in start.get("nobles", [])}
    return ids


@pytest.mark.parametrize("edition", ["pdf", "html"])
def test_examples_name_cards_not_ids(texts, edition, splendor):
    """Defect 3: «v1», «c1 … c7», «onice-real» were printed as they are in the YAML."""
    text = texts[edition]
    ids = _example_ids(splendor.book)
    assert ids and "onice-real" in ids
    printed = sorted(i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text))
    assert not printed
    assert "carta de esmeralda sin puntos (cuesta 2 diamantes y 1 zafiro)" in text
    assert "gema especial de ónice (cuesta 7 rubíes y 3 ónices)" in text


@pytest.mark.parametrize("edition", ["pdf", "html"])
def test_setup_returns_the_other_nobles_to_the_box(texts, edition):
    """Defect 5: the source's «Devuelve el resto a la caja» for the nobles."""
    assert "pon 5 en la mesa. Devuelve el resto de nobles a la caja." in texts[edition]


@pytest.mark.parametrize("edition", ["pdf", "html", "cards"])
def test_the_book_says_what_a_turn_is(texts, edition):
    """Defect 6: one action a turn, in the chapter and on the turn card."""
    assert "En tu turno haces una sola acción: tomar fichas o comprar una carta." \
        in texts[edition]


@pytest.mark.parametrize("edition", ["pdf", "html", "cards"])
def test_score_table_and_card_give_the_sources_top_band(texts, edition):
    """Defect 4: the source's «41 - 65 : Maestro», the same in the table and on the card."""
    text = texts[edition]
    assert re.search(r"41–65[\s·¦]*Maestro", text)
    assert "41 o más" not in text


@pytest.mark.parametrize("edition", ["pdf", "html"])
def test_the_noble_ruling_lets_the_player_choose(texts, edition):
    """Defect 1: R03 said «el primero de la fila»; Splendor lets the player choose."""
    text = texts[edition]
    assert "el primero de la fila" not in text
    assert "si pueden varios, eliges cuál" in text


def _nouns(book) -> dict[str, tuple[str, str]]:
    """Every noun the book counts, singular and plural, from its data and its wording."""
    forms = {r.id: (r.name.lower(), r.plural) for r in book.components.resources}
    for one, other in (("punto", "puntos"), ("ficha", "fichas"), ("carta", "cartas"),
                       ("gema especial", "gemas especiales"), ("gema", "gemas")):
        forms[one] = (one, other)
    return forms


@pytest.mark.parametrize("edition", ["pdf", "html", "cards"])
def test_every_count_agrees_with_its_noun(texts, edition, splendor):
    """Defect 8: «2 rubí», «3 diamante»: a count and its noun must agree (Spanish: 1 is
    singular, every other count plural)."""
    text = texts[edition]
    wrong, seen = [], 0
    for one, other in _nouns(splendor.book).values():
        for form in {one, other}:
            for match in re.finditer(rf"\b(\d+) {re.escape(form)}\b", text):
                seen += 1
                n = int(match.group(1))
                if form != (one if n == 1 else other):
                    wrong.append(match.group(0))
    assert seen and not wrong


def test_a_card_is_explained_where_the_examples_begin(splendor):
    """Review M8: the card the examples draw, its parts named, and the gems' key, on the
    page that cites it («(fig. 1)») before the first example; the phone's layout too."""
    out = splendor.files[0].parent.parent / SLUG
    pages = ReadPdf(out / f"{SLUG}.pdf").page_texts
    cited = next(n for n, text in enumerate(pages) if "(fig. 1)" in text)
    shown = next(n for n, text in enumerate(pages) if "Figura 1." in text)
    first_example = next(n for n, text in enumerate(pages) if "Ejemplo 1" in text)
    assert cited <= shown <= cited + 1 and shown <= first_example
    figure = _flat(pages[shown])
    for words in ("Puntos de prestigio", "Bonificación", "Coste", "Las gemas:", "Diamante",
                  "Zafiro", "Esmeralda", "Rubí", "Ónice"):
        assert words in figure, words
    html = (out / "index.html").read_text(encoding="utf-8")
    narrow = re.search(r'<svg[^>]*figure-narrow anatomy-diagram[^>]*width="([\d.]+)"', html)
    assert narrow and float(narrow.group(1)) <= 328, "wider than a phone's column"
