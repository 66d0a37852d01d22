"""The three base-game Catan books (catan-base, catan-para-dos, uno-contra-uno), read as
printed: the rules their sources and the engine give, their rulings, their numbers."""

from __future__ import annotations

import re

import pytest

from repo import CONTENT_ROOT, seed_excerpts, shipped
from generator.content.prose import RULING_REFERENCE
from generator.examples.replay import adapter_for, check_book
from pdfread import ReadPdf, printed_rows

SLUGS = ("catan-base", "catan-para-dos", "uno-contra-uno")


@pytest.fixture(scope="module")
def books():
    return {slug: shipped(slug) for slug in SLUGS}


@pytest.fixture(scope="module")
def printed(books, built) -> dict[str, str]:
    """Each book's PDF as one reading text: hyphenated line ends joined, one space. A sheet
    (catan-base) is read column by column, as its reader does."""
    texts = {}
    for slug in SLUGS:
        pdf = ReadPdf(built(slug).files[0])
        pages = pdf.column_texts if books[slug].meta.sheet else pdf.page_texts
        pages = [re.sub(r"-\s*\n\s*", "", page) for page in pages]
        texts[slug] = " ".join(" ".join(pages).split())
    return texts


def chapter_text(book) -> str:
    return " ".join(" ".join((CONTENT_ROOT / book.slug / "chapters" / name)
                             .read_text(encoding="utf-8") for name in book.meta.chapters).split())


# --- catan-base: the reminder sheet of the official game ------------------------------------

def test_base_cost_table_has_no_payment_order_and_counts_pieces(books, printed, built):
    """Base Catan pays a cost in any order: no «en orden», no arrows; the count column is
    each player's pieces, and the development deck is said on its own."""
    text = printed["catan-base"]
    assert "Coste, en orden" not in text and "→" not in text
    rows = printed_rows(built("catan-base").files[0])
    assert rows["Construcción"][:2] == ["Coste", "Puntos"]
    assert rows["Ciudad"] == ["2 cereales, 3 minerales", "2", "4"]
    assert rows["Carta de desarrollo"] == ["1 mineral, 1 lana, 1 cereal", "0", "—"]
    assert "se compran del mazo de 25 cartas" in text
    game = books["catan-base"].components.game
    assert (game.ordered_costs, game.count_column, game.development_deck) == (False, "pieces", 25)


def test_the_solo_card_game_keeps_its_ordered_costs(solo_book):
    from generator.content.context import prose_context
    table = prose_context(solo_book.meta, solo_book.components, solo_book.rulings)["cost_table"]()
    head = table.splitlines()[0]
    assert head == "| Construcción | Coste, en orden | Puntos | Cartas |"
    assert "| Carretera | Madera → Ladrillo |" in table


@pytest.mark.parametrize("rule, words", [
    ("Longest Road: the longest", "la Gran ruta comercial, a quien tenga la ruta continua más larga"),
    ("Largest Army: the most", "el Gran ejército de caballería, a quien haya jugado más caballeros"),
    ("a harbour needs your piece", "a la tarifa de un puerto si tienes un poblado o una ciudad en él"),
    ("knights also steal", "mueven el ladrón y roban 1 carta, sin que nadie"),
    ("VP cards stay hidden", "cartas de punto de victoria, que guardas ocultas hasta que ganas"),
    ("no 7 number token", "ficha numerada del 2 al 12; ninguna lleva el 7"),
    ("VP cards revealed to win", "contando tus cartas de punto de victoria, las enseñas y ganas"),
])
def test_base_states_the_official_rule(printed, rule, words):
    assert words in printed["catan-base"], rule


def test_base_rulings_are_players_questions_not_errata(books, printed):
    """The sheet's almanac asks what a player asks; what the source got wrong is the
    dossier's (R04, `dossier: true`), and no sentence of the sheet cites it."""
    book, text = books["catan-base"], printed["catan-base"]
    assert "R04" not in text and "resumen de origen" not in text and "R03. " in text
    assert [r.id for r in book.rulings if r.dossier] == ["R04"]


# --- catan-para-dos ---------------------------------------------------------------------

def test_para_dos_largest_army_rule_reads_the_right_way(printed):
    text = printed["catan-para-dos"]
    assert "dejas de tener más caballeros" not in text
    assert ("Si tienes el Gran ejército de caballería y, tras descartar un caballero, te quedan "
            "menos de 3 caballeros jugados o no más que tu rival, aparta la carta") in text


def test_para_dos_largest_army_example_sets_the_card_aside(books):
    book = books["catan-para-dos"]
    replay = next(r for r in check_book(book) if r.example.id == "gran-ejercito")
    after_discard, *_ = [f.game for f in replay.frames[1:]]
    assert after_discard.army is None and after_discard.players[0].knights == 2
    assert replay.frames[-1].game.army == 1


def test_para_dos_R02_reason_says_only_what_the_1v1_rules_say(books):
    reason = next(r for r in books["catan-para-dos"].rulings if r.id == "R02").reason
    assert "es la solución que dan las reglas 1 contra 1" not in reason
    assert "«si no queda suficiente, no recibes esa cantidad»" in reason


# --- uno-contra-uno ---------------------------------------------------------------------

@pytest.mark.parametrize("question, words", [
    ("empty reserve", "no recibes esa cantidad"),
    ("points to win", "elegir entre 7 y 18"),
    ("merciful robber", "ladrón piadoso"),
    ("robber protection", "protección contra el ladrón"),
    ("dice method", "método de dados"),
    ("coins once unlocked", "llega a 5 puntos visibles"),
])
def test_uno_rules_on_every_open_question_of_its_source(books, printed, built, question,
                                                       words):
    """Each answered in print: in the player's almanac, or (an app setting) the dossier."""
    rulings = [r for r in books["uno-contra-uno"].rulings
               if any(words in q for q in r.quote)]
    assert rulings, question
    dossier = next(f for f in built("uno-contra-uno").dossier if f.suffix == ".pdf")
    for ruling in rulings:
        text = (" ".join(" ".join(ReadPdf(dossier).page_texts).split()) if ruling.dossier
                else printed["uno-contra-uno"])
        assert f"{ruling.id}. {ruling.title}" in text


def test_uno_empty_reserve_example_gives_what_is_left(books):
    replay = next(r for r in check_book(books["uno-contra-uno"])
                  if r.example.id == "reserva-vacia")
    game = replay.frames[-1].game
    assert game.supply == 0 and game.players[0].tokens == 11


def test_uno_players_book_has_table_rules_not_the_platforms_settings(books, printed):
    """The source is an app's rules page: the options a table can agree on are the player's
    «Variantes acordadas» (R01, R02); the app's own settings (robber protection, automatic
    trade refusal) are read in the dossier alone (R08, R09, `dossier: true`)."""
    book, text = books["uno-contra-uno"], printed["uno-contra-uno"]
    assert "Variantes acordadas" in text and "Opciones de la plataforma" not in text
    for words in ("protección contra el ladrón", "rechazo automático", "R08", "R09"):
        assert words not in text, words
    assert [r.id for r in book.rulings if r.dossier] == ["R08", "R09"]


# --- all three ------------------------------------------------------------------------

@pytest.mark.parametrize("slug", SLUGS)
def test_every_ruling_is_cited_where_it_applies(books, slug):
    """Cited in a chapter's own words, not only printed in the rulings list (a ruling for
    the editor alone is cited by the conformance table)."""
    book = books[slug]
    cited = set(RULING_REFERENCE.findall(chapter_text(book)))
    assert book.rulings and {r.id for r in book.rulings if not r.dossier} <= cited


@pytest.mark.parametrize("slug", SLUGS)
def test_rulings_name_their_source_passage_and_quote_it_verbatim(books, slug):
    """Each quote is verbatim in the seed and each passage named is a heading of it, as the
    seed's excerpts (tests/fixtures/seed_excerpts.json) record them."""
    seed = seed_excerpts()[slug]
    for ruling in books[slug].rulings:
        assert re.fullmatch(r"«[^»]+»( y «[^»]+»)*", ruling.source), (ruling.id, ruling.source)
        for quote in ruling.quote:
            assert len(quote.split()) <= 25, (ruling.id, quote)
            assert any(" ".join(quote.split()) in place for place in seed["rulings"]), \
                (ruling.id, quote)
        for heading in re.findall(r"«([^»]+)»", ruling.source):
            assert heading in seed["headings"], (ruling.id, heading)


NUMBERED = re.compile(r"(?<![\d,.])1 (fichas|monedas|cartas|puntos|caballeros|poblados|"
                      r"carreteras|ciudades|arcillas|maderas|lanas|cereales|minerales)\b")


@pytest.mark.parametrize("slug", SLUGS)
def test_a_count_agrees_with_its_noun(printed, slug):
    assert not NUMBERED.findall(printed[slug])
    assert "1 ficha" in printed[slug] or "1 moneda" in printed[slug] or slug == "catan-base"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_refusal_in_an_example_says_why(books, slug):
    for source in books[slug].examples:
        for step in source.example.steps:
            if step.reject:
                assert step.note, (source.example.id, step.do)


@pytest.mark.parametrize("slug", SLUGS)
def test_engine_refusals_name_a_section_of_their_book(books, slug):
    """A refusal's § is a heading of the book it is replayed for, whatever the book."""
    from generator.errors import IllegalAction
    book = books[slug]
    adapter = adapter_for(book)
    anchors = book.anchors
    for source in book.examples:
        game = adapter.new_game(source)
        for step in source.example.steps:
            try:
                game.push(adapter.parse(step.do))
            except IllegalAction as refused:
                assert refused.section in anchors, (source.example.id, refused.section)


def test_the_costs_card_of_an_unordered_game_joins_no_cards():
    """Base Catan pays its costs in any order: its costs card draws no connecting line and
    no start/end marks; the solo card game's card keeps both."""
    import xml.etree.ElementTree as ET
    from generator.diagrams.style import style_for
    from generator.diagrams.table import costs_drawing
    from generator.games.solo_catan.text import Words
    for slug, ordered in (("catan-base", False), ("solo-catan", True)):
        components = shipped(slug).components
        svg = ET.fromstring(costs_drawing(components, style_for(components),
                                          Words(components)).tostring())
        rows = [g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "cost-row"]
        lines = [e for g in rows for e in g if e.tag == "{http://www.w3.org/2000/svg}line"]
        marks = [e for e in svg.iter("{http://www.w3.org/2000/svg}text")
                 if e.get("class") in ("starter", "ender")]
        assert bool(lines) == ordered and bool(marks) == ordered, slug
