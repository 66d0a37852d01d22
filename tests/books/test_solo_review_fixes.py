"""What the rules review of 2026-12-05 found printed wrong in the solo book (S1-S3), read
from the built files in both editions: each place now says what the rule, its ruling and
the engine say (the engine's side is proved by the examples and scenarios check replays:
scenario 16 loses the only A road, example 18 the Town Hall's ore)."""

from __future__ import annotations

import re

import pytest

from pdfread import page_words, plain_texts

EDITIONS = {"es": None, "en": "en"}


def _joined(pages: list[str]) -> str:
    """The words of the pages as read: a word broken at a line's end joined again."""
    return " ".join(re.sub(r"-\s*\n\s*", "", "\n".join(pages)).split())


@pytest.fixture(scope="module")
def solo(built):
    """language -> (the rulebook's words, the A4 card sheet's words)."""
    out = {}
    for language, lang in EDITIONS.items():
        book = built("solo-catan", lang=lang, papers=("A4",))
        cards = next(f for f in book.print_files if f.stem.endswith("a4")
                     and f.stem.startswith(("cartas", "cards")))
        out[language] = (_joined(plain_texts(book.files[0])), " ".join(page_words(cards)))
    return out


def test_the_glossary_lets_any_card_go_loose_as_r07_does(solo):
    """S1: a loose card is any card (R07, chapter 4), not only a brick or an ore."""
    for language, term, any_card in (("es", "Carta suelta", "cualquiera"),
                                     ("en", "Loose card", "any card")):
        book, _ = solo[language]
        entry = book[book.rindex(term):][:200]
        assert any_card in entry and "ladrillo o una piedra" not in entry, entry


def test_example_18_owes_the_town_hall_ore_before_the_next_series(solo):
    """S2: R11 forbids starting another series while the ore are owed, not placing a card."""
    for language, says in (("es", "antes de iniciar otra serie de construcción (R11)"),
                           ("en", "before you start another construction series (R11)")):
        book, _ = solo[language]
        assert says in book, language
        assert "antes de colocar otra carta" not in book and \
            "before you place another card" not in book


def test_the_foot_knight_card_says_the_only_a_road_costs_a_hand_card_too(solo):
    """S3: the card, chapter 6 and R15 agree with scenario 16: the only A road lost costs
    the market's card and a hand card, and the hand is refilled to five."""
    for language, says in (("es", "También con la única: el mercado queda vacío."),
                           ("en", "Even your last A road: the market empties.")):
        book, cards = solo[language]
        assert says in cards and says in book, language
