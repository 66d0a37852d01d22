"""The player's book and the editor's dossier of every shipped book and edition, read as
built: the player gets the rules, and the working papers (the conformance table, the
scenarios it cites, the automatic players and their runs) are in the dossier alone."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from pdfread import page_words, read_pdf
from repo import editions, html_of

EDITIONS = editions()
#: What a player's book never prints: the automatic players by name, the scenarios the
#: conformance table cites (printed in no book), a run's seed, the appendices' own titles.
WORKING_PAPERS = re.compile(r"\b(greedy|expert|strong|clairvoyant|escenario|scenario|"
                            r"semilla|seed)\b|Apéndice: del texto|Appendix: from the", re.I)


def _text_of_html(path) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8")).split())


@pytest.mark.parametrize("name", EDITIONS)
def test_no_working_paper_in_the_players_book(built, name):
    slug, _, language = name.partition("/")
    book = built(slug, lang=language or None)
    pdf = " ".join(page_words(book.files[0]))
    html = _text_of_html(html_of(built, name))
    for where, text in (("pdf", pdf), ("index.html", html)):
        found = sorted({m.group(0) for m in WORKING_PAPERS.finditer(text)})
        assert not found, (name, where, found)


@pytest.mark.parametrize("name", EDITIONS)
def test_the_dossier_holds_them_and_links_back(built, name):
    slug, _, language = name.partition("/")
    book = built(slug, lang=language or None)
    pdf = next(f for f in book.dossier if f.suffix == ".pdf")
    page = next(f for f in book.dossier if f.name == "dossier.html")
    text = " ".join(page_words(pdf))
    assert re.search(r"\b(escenario|scenario) S\d\d\b", text), name  # the table cites them
    if slug == "solo-catan":
        assert all(player in text for player in ("greedy", "expert", "strong", "clairvoyant"))
    assert 'href="index.html"' in page.read_text(encoding="utf-8")
    assert 'href="dossier.html"' in html_of(built, name).read_text(encoding="utf-8")
    # Its own title in a reader's window and file list: «Catán 1 contra 1 — Dosier del editor».
    titles = [PdfReader(f).metadata.title for f in (book.files[0], pdf)]
    assert titles[1].startswith(titles[0] + " — ") and titles[1] != titles[0], titles


@pytest.mark.parametrize("name", EDITIONS)
def test_the_dossier_prints_each_scenario_played_out(built, name):
    """Reviews of issue 32: the dossier gave each scenario as a two-line summary, and an
    editor could not check one without its YAML. Each is now replayed under its heading: its
    start, its numbered steps, and the position after its last step."""
    slug, _, language = name.partition("/")
    book = built(slug, lang=language or None)
    text = " ".join(page_words(next(f for f in book.dossier if f.suffix == ".pdf")))
    start, after = ("At the start", "After step") if language == "en" else \
        ("Al empezar", "Tras el paso")
    scenarios = sorted(book.book.scenarios, key=lambda s: s.file.name)
    assert scenarios, name
    heads = [text.rindex(f"S{n:02d}. ") for n in range(1, len(scenarios) + 1)]
    assert heads == sorted(heads), "in order"
    for n, (source, head) in enumerate(zip(scenarios, heads)):
        block = text[head:heads[n + 1] if n + 1 < len(heads) else len(text)]
        steps = len(source.example.steps)
        assert start in block and f"{after} {steps}" in block, (name, source.example.id)
        at = block.index(start)  # then every step, numbered, in order
        for k in range(1, steps + 1):
            found = re.compile(rf"(?<!\d){k}\. ").search(block, at)
            assert found, (name, source.example.id, k)
            at = found.end()


def test_the_dossier_opens_its_conformance_appendix_with_the_matrix(built):
    """Review: the conformance rows as a table an editor scans (row, where, rulings, what
    checks it), before each row's block; a row the engine does not model says so."""
    import yaml
    book = built("catan-para-dos")
    pdf = next(f for f in book.dossier if f.suffix == ".pdf")
    text = " ".join(page_words(pdf))
    start = text.index("Entrada Dónde Aclaraciones Comprobado en")
    rows = yaml.safe_load((book.book.folder / "conformance.yaml").read_text(encoding="utf-8"))
    ids = [row["id"] for row in rows]
    matrix = text[start:text.index(f"{ids[0]} · ")]  # the blocks start with «C01 · Texto…»
    at = [matrix.index(f"{i} ") for i in ids]
    assert at == sorted(at), "every row, in order"
    cells = {cell.split()[0]: cell for cell in re.split(r"(?=\bC\d\d )", matrix)[1:]}
    for row in rows:
        cell = cells[row["id"]]
        assert ("no lo comprueba" in cell) == ("unchecked" in row), (row["id"], cell)
        for ruling in row.get("rulings", []):
            assert ruling in cell, (row["id"], cell)


#: A figure's caption, «Figura 2.», and a citation of it in a sentence, «fig. 2».
CAPTION = re.compile(r"\b(?:Figura|Figure) (\d+)\. ")
CITATION = re.compile(r"\bfig\. (\d+)\b")


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("document", ["book", "dossier"])
def test_every_figure_is_cited_and_stands_on_the_page_of_its_first_citation_or_the_next(
        built, name, document):
    slug, _, language = name.partition("/")
    book = built(slug, lang=language or None)
    pdf = book.files[0] if document == "book" else \
        next(f for f in book.dossier if f.suffix == ".pdf")
    shown, cited = {}, {}
    for number, text in enumerate(page_words(pdf), start=1):
        for match in CAPTION.finditer(text):
            shown.setdefault(match.group(1), number)
        for match in CITATION.finditer(text):
            cited.setdefault(match.group(1), number)
    assert set(cited) == set(shown), (name, document, "cited", cited, "shown", shown)
    late = {n: (cited[n], shown[n]) for n in shown if shown[n] not in (cited[n], cited[n] + 1)}
    assert not late, f"{name} {document}: figure: (cited on p., shown on p.) {late}"


@pytest.mark.parametrize("name", EDITIONS)
def test_padding_opens_with_a_game_log_ruled_in_columns(built, name):
    """Review M4: blank «Notas» pages read as filler. The first page the page count pads
    with is a log of the games played: date, points (or the players and their points), the
    title where the book has scores, notes; any further padding stays notes."""
    slug, _, language = name.partition("/")
    book = built(slug, lang=language or None)
    pages = page_words(book.files[0])
    log = [n for n, text in enumerate(pages) if text.startswith(("Registro de partidas",
                                                                 "Game log"))]
    notes = [n for n, text in enumerate(pages) if re.match(r"(Notas|Notes)\b", text)]
    assert log or slug != "splendor-solitario", "it pads with three pages: the log is read"
    if book.book.meta.layout == "sheet" or not (log or notes):
        assert not log and not notes
        return
    assert len(log) == 1 and all(n > log[0] for n in notes), (log, notes)
    heads = re.findall(r"\b(Fecha|Date|Puntos|Points|Jugadores y puntos|Players and points|"
                       r"Título|Title|Notas|Notes)\b", pages[log[0]])
    solo = book.book.meta.players == 1
    expected = (["Fecha", "Puntos"] if solo else ["Fecha", "Jugadores y puntos"]) + \
        (["Título"] if book.book.scores else []) + ["Notas"]
    if language == "en":
        expected = [{"Fecha": "Date", "Puntos": "Points", "Título": "Title",
                     "Notas": "Notes"}[h] for h in expected]
    assert heads == expected, (name, heads)
    with read_pdf(book.files[0]) as doc:  # ruled off, column from column, to the foot
        page = doc.pages[log[0]]
        rules = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01
                 and ln["bottom"] - ln["top"] > page.height / 2]
    assert len(rules) == len(expected) - 1, (name, len(rules))


@pytest.mark.parametrize("name", EDITIONS)
def test_the_credits_name_people_and_works_not_the_tool(built, name):
    """Review: «Esta edición: rulebook-generator, a partir de datos verificados por su motor
    de reglas» on the back cover and in the PDF's Author. The tool is the file's Creator
    (and the dossier's provenance names it); the credits name the variant's author and the
    game's."""
    slug, _, language = name.partition("/")
    pdf = built(slug, lang=language or None).files[0]
    info = PdfReader(pdf).metadata
    back = page_words(pdf)[-1]
    for where, text in (("Author", info.author or ""), ("back cover", back)):
        assert not re.search(r"rulebook-generator|motor de reglas|rules engine", text), \
            (name, where, text)
    assert info.creator == "rulebook-generator"


def test_a_sheets_dossier_is_set_as_a_rulebook_and_cites_the_sheet(built):
    """catan-base is a two-sided sheet; its dossier is a rulebook: the conformance table
    opens with its matrix and its entries are blocks (not the sheet's run-in lines), and a
    reference to the player's document says «hoja, p. 1» (review of 2026-12-05: «libro»).
    A cost paid in any order is counted: «2 cereales y 3 minerales»."""
    pdf = next(f for f in built("catan-base").dossier if f.suffix == ".pdf")
    text = " ".join(page_words(pdf))
    assert "Entrada Dónde Aclaraciones Comprobado en C01" in text
    assert "(hoja, p. 1)" in text and "(libro, p." not in text
    assert "Una ciudad cuesta 2 cereales y 3 minerales" in text
