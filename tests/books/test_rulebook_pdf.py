"""The solo rulebook, opened and checked the way a reader would check it."""

from __future__ import annotations

import re

import pytest

from generator.content.model import PageSize
from pdfread import ReadPdf, read_pdf

H1_MIN_SIZE = 15  # chapter titles are set at 1.85 × the body size (9.6 pt on A5)


@pytest.fixture(scope="module")
def pdf(solo_pdf) -> ReadPdf:
    return ReadPdf(solo_pdf)


def contents_entries(pdf: ReadPdf) -> dict[str, int]:
    """Title → page as printed on the contents page."""
    entries = {}
    for line in pdf.page_texts[1].splitlines()[1:-1]:  # skip running head and footer
        match = re.match(r"^(.+?)\s+(\d+)$", line.strip())
        if match:
            entries[match.group(1)] = int(match.group(2))
    return entries


def test_contents_lists_every_chapter_at_the_page_it_starts_on(pdf, solo_book):
    entries = contents_entries(pdf)
    headings = pdf.headings(H1_MIN_SIZE)
    # the quick reference (the reference cards' texts) on two pages of its own after the
    # glossary (pdf/reference.py)
    titles = [c.title for c in solo_book.printed().chapters] + ["Glosario", "Referencia rápida"]
    assert list(entries) == titles
    for title in titles:
        pages = [page for page, text in headings if text == title]
        assert pages, f"chapter heading {title!r} not found in the PDF"
        assert entries[title] == pages[0], title


def test_every_chapter_and_section_is_a_bookmark_to_its_page(pdf, solo_book):
    outline = pdf.outline()
    top_level = {title: page for depth, title, page in outline if depth == 0}
    entries = contents_entries(pdf)
    for chapter in solo_book.printed().chapters:
        assert top_level[chapter.title] == entries[chapter.title]
    assert top_level["Glosario"] == entries["Glosario"]
    nested = {title for depth, title, _ in outline if depth == 1}
    for chapter in solo_book.printed().chapters:
        for _, section_title in chapter.sections:
            assert section_title in nested


def test_every_font_is_embedded(pdf):
    fonts = pdf.fonts()
    assert fonts, "no fonts found"
    for name, font in fonts.items():
        descriptor = font.get("/FontDescriptor")
        assert descriptor is not None, f"{name} has no descriptor (a non-embedded base font)"
        descriptor = descriptor.get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), name
    assert any("SourceSerifPro" in n for n in fonts) and any("SourceSansPro" in n for n in fonts)


def test_glossary_holds_the_seven_abbreviations_and_their_expansions(pdf, solo_book):
    glossary_page = contents_entries(pdf)["Glosario"]
    text = "\n".join(pdf.page_texts[glossary_page - 1:])
    expected = {"MDR": "Mazo de recursos", "MDD": "Mazo de descartes",
                "ADC": "Ampliación de ciudad", "CCC": "Carta de costes de construcción",
                "CDR": "Carta de recurso", "SC": "Serie de construcción",
                "SH": "Serie histórica"}
    for abbr, term in expected.items():
        assert f"{abbr} — {term}" in text


def test_every_internal_link_lands_where_it_says(pdf, solo_book):
    links = pdf.internal_links()
    abbreviations = {a.abbr: a.term for a in solo_book.glossary.abbreviations}
    glossary_links = [link for link in links if link.text in abbreviations]
    assert {link.text for link in glossary_links} == set(abbreviations)
    checked = set()
    for link in links:
        assert 1 <= link.target_page <= len(pdf.reader.pages)
        if link.text in abbreviations and link.text not in checked:
            landing = pdf.text_below(link.target_page, link.target_top)
            assert landing.startswith(f"{link.text} — {abbreviations[link.text]}"), landing
            checked.add(link.text)
    assert checked == set(abbreviations)


def test_cross_references_print_the_page_they_link_to(pdf):
    entries = contents_entries(pdf)
    refs = [link for link in pdf.internal_links() if re.search(r", p\. \d+$", link.text)]
    assert len(refs) >= 10
    for link in refs:
        title, page = re.match(r"^(.*), p\. (\d+)$", link.text).groups()
        assert int(page) == link.target_page, link
        if title in entries:
            assert entries[title] == link.target_page


def test_no_placeholder_or_unresolved_reference_is_printed(pdf):
    for number, text in enumerate(pdf.page_texts, start=1):
        assert "IMAGEN" not in text, number
        assert "p. ?" not in text, number
        assert "{{" not in text and "}}" not in text, number


def test_building_costs_table_equals_components_yaml(pdf, solo_book):
    components = solo_book.components
    found = None
    with read_pdf(pdf.path) as doc:
        for page in doc.pages:
            for table in page.extract_tables():
                if table and table[0][0] == "Construcción":
                    found = table
    assert found, "building-costs table not found"
    rows = [[" ".join((cell or "").split()) for cell in row] for row in found[1:]]
    assert len(rows) == len(components.buildings)
    for row, building in zip(rows, components.buildings):
        name, cost, points, count = row
        assert name == building.name
        assert cost == " → ".join(components.resource(r).name for r in building.cost)
        if building.faces:
            assert points == " · ".join(f"{f.letter}: {f.points}" for f in building.faces)
        else:  # a kind whose points are its own beside them: «3 (Ayuntamiento 4)»
            apart = [f"{e.name} {e.points}" for e in components.points_apart(building)]
            assert points == str(building.points) + (f" ({', '.join(apart)})" if apart else "")
        assert count == ("—" if building.flip_of else str(building.count))
    assert any(row[2] == "3 (Ayuntamiento 4)" for row in rows)  # the review found «3» alone


def test_numbers_in_the_prose_come_from_the_data(pdf, solo_book):
    text = " ".join(" ".join(pdf.page_texts).split())
    assert f"{solo_book.components.game.goal} puntos de victoria" in text
    assert f"({solo_book.components.total_resource_cards} cartas)" in text


def reading_text(pdf: ReadPdf) -> str:
    """The book's words as a reader reads them: hyphenated line ends joined, one space."""
    pages = [re.sub(r"-\s*\n\s*", "", page) for page in pdf.page_texts]
    return " ".join(" ".join(pages).split())


def test_every_ruling_is_printed_with_its_source_passage_and_kind(built, solo_book):
    """In the editor's dossier, each ruling whole (the player's book has the almanac:
    tests/books/test_players_book.py)."""
    from generator.content.context import SETTLES
    from generator.core.i18n import translator
    from generator.core.typography import curl
    text = reading_text(ReadPdf(next(f for f in built("solo-catan").dossier
                                     if f.suffix == ".pdf")))
    for ruling, after in zip(solo_book.rulings, solo_book.rulings[1:] + [None]):
        start = text.index(f"{ruling.id}. {ruling.title}")
        end = text.index(f"{after.id}. {after.title}", start) if after else len(text)
        block = text[start:end]
        assert f"Texto original: {ruling.source}" in block, ruling.id
        assert translator("es").gettext(SETTLES[ruling.settles]) in block, ruling.id
        for quote in ruling.quote:  # (printed with typographer's quotes)
            assert curl(" ".join(quote.rstrip(".").split()[:6])) in block, (ruling.id, quote)


def test_the_reference_cards_state_the_rules_in_the_chapters_words(pdf, solo_book):
    """A rule a card repeats is the very sentence the chapter prints (statements.yaml)."""
    from generator.content.loader import STATEMENT_CALL
    from generator.content.statements import Statements
    statements = Statements.load(solo_book.folder)
    on_cards = set(STATEMENT_CALL.findall((solo_book.folder / "print.yaml").read_text()))
    text = reading_text(pdf)
    cards = " ".join(" ".join(line for face in solo_book.print_spec.cards.faces
                              for line in face.lines).split())
    cards = re.sub(r"</?b>", "", cards)
    shared = [t for k, t in statements.texts.items() if k in on_cards and "{{" not in t]
    assert len(shared) >= 9
    for statement in shared:
        sentence = " ".join(statement.replace("**", "").split())
        assert sentence in text, sentence
        assert sentence in cards, sentence


@pytest.mark.parametrize("size, expected", [
    (PageSize.A5, (148, 210)), (PageSize.A4, (210, 297)), (PageSize.LETTER, (215.9, 279.4))])
def test_page_size_follows_the_option(sized_pdfs, size, expected):
    read = ReadPdf(sized_pdfs[size])
    for index in range(len(read.reader.pages)):
        width, height = read.page_size_mm(index)
        assert width == pytest.approx(expected[0], abs=0.1)
        assert height == pytest.approx(expected[1], abs=0.1)


def chapter_tops(pdf: ReadPdf) -> dict[str, tuple[int, float]]:
    """Chapter title → (page, top in points) where its heading is printed."""
    titles = set(contents_entries(pdf))
    found = {}
    for number, top, text in pdf.placed_headings(H1_MIN_SIZE):
        for title in titles:
            if title.startswith(text) and title not in found:
                found[title] = (number, top)
    return found


def test_running_head_names_the_chapter_and_footer_the_page(pdf, solo_book):
    """The head names the chapter in force at the top of the page (a chapter that starts
    lower down is named from the next page on): on a right-hand (odd) page the book, then
    the chapter at the outer corner; on a left-hand page the other way round. The footer has
    the page number at the outer corner and the version at the inner one. The contents page,
    the notes pages and the back cover have no head."""
    tops = chapter_tops(pdf)
    assert set(tops) == set(contents_entries(pdf))
    title, version = solo_book.meta.title, f"Versión {solo_book.meta.version}"
    in_force = None
    last = len(pdf.line_texts)
    for page in range(3, last):
        lines = pdf.line_texts[page - 1].splitlines()
        starting = sorted((top, name) for name, (p, top) in tops.items() if p == page)
        if starting and starting[0][0] < 17 * 72 / 25.4 + 12:  # at the top of the page
            in_force = starting[0][1]
        if lines[0] in ("Registro de partidas", "Notas"):  # padding: no running head
            assert page > tops["Glosario"][0]
        else:
            expected = [title, in_force] if page % 2 else [in_force, title]
            assert lines[0] == " ".join(expected), page
        footer = [version, str(page)] if page % 2 else [str(page), version]
        assert lines[-1] == " ".join(footer), page
        if starting:
            in_force = starting[-1][1]
    assert pdf.line_texts[1].splitlines()[0] == "Índice"  # no head over the contents
    assert pdf.line_texts[-1].startswith(title)  # the back cover


def test_glossary_is_alphabetical_and_the_date_written_out(pdf, solo_book):
    from generator.core.i18n import sort_key
    abbreviations = [a.abbr for a in solo_book.glossary.abbreviations]
    text = reading_text(pdf)
    glossary = text[text.index("Glosario Abreviaturas"):]
    positions = [glossary.index(f"{abbr} — ") for abbr in abbreviations]
    assert [a for _, a in sorted(zip(positions, abbreviations))] == \
        sorted(abbreviations, key=sort_key)
    assert "30 de noviembre de 2026" in pdf.page_texts[0].replace("\n", " ")
