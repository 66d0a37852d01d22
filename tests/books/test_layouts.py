"""Layouts (book.yaml `layout` and `contents`): a rulebook with or without its contents page,
and a rules sheet of one or two pages, read in the built PDF and HTML as a reader gets them.

catan-base is the repository's sheet: the front and back of one A4 sheet, two columns, a
title block instead of a cover, the glossary inline. A sheet that needs more than two pages
stops the build at book.yaml's `layout` and writes nothing.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from contentedit import append, edit, full_sheet, line_of, with_appendix
from generator.build import build_book
from generator.cli import main
from generator.content.loader import load_book
from generator.content.model import PageSize
from generator.errors import ContentError
from generator.pdf.document import SHEET_SIZES
from generator.scaffold import Scaffold
from pdfread import ReadPdf, read_pdf
from repo import CONTENT_ROOT, shipped

SHEET = "catan-base"
RULEBOOK = "uno-contra-uno"  # a short rulebook (A5), for `contents: false`
ADDED = " ".join(["Esta frase se añade para que la hoja no quepa en dos páginas."] * 40)
EPS = 1e-3  # pdfplumber's sizes carry float noise


def copy_book(slug: str, tmp_path: Path) -> Path:
    """A writable copy of a shipped book, with the facts its costs are checked against."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT / slug, content / slug)
    shutil.copytree(CONTENT_ROOT / "_facts", content / "_facts")
    return content / slug


def files_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def run(command: str, book: Path, output: Path, capsys) -> tuple[int, str]:
    args = [command, str(book)] + (["--output", str(output)] if command == "build" else [])
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.err + captured.out


def flat(texts: list[str]) -> str:
    """Pages as one reading text: words hyphenated at a line end joined, one space."""
    return " ".join(re.sub(r"-\s*\n\s*", "", "\n".join(texts)).split())


@pytest.fixture(scope="module")
def sheet(built):
    """catan-base built once: (its PDF read back, its HTML file)."""
    files = built(SHEET).files
    return ReadPdf(files[0]), files[-1]


@pytest.fixture(scope="module")
def appendix_sheet(tmp_path_factory):
    """catan-base with its conformance appendix on the sheet (`with_appendix`), built: its
    PDF read back. The appendix's «Dónde» cross-references fill the back of the sheet."""
    tmp = tmp_path_factory.mktemp("sheet")
    return ReadPdf(build_book(full_sheet(copy_book(SHEET, tmp)), tmp / "out").files[0])


@pytest.fixture(scope="module")
def rulebook(tmp_path_factory):
    """uno-contra-uno with its conformance appendix (`with_appendix`), and a copy with
    `contents: false`: (PDF, PDF, copy's HTML)."""
    tmp = tmp_path_factory.mktemp("contents")
    book = with_appendix(copy_book(RULEBOOK, tmp))
    shipped = ReadPdf(build_book(book, tmp / "with").files[0])
    edit(book / "book.yaml", "page_size: A5\n", "page_size: A5\ncontents: false\n")
    without = build_book(book, tmp / "without")
    return shipped, ReadPdf(without.files[0]), without.files[-1]


# --- the books of this repository ------------------------------------------------------------

def test_each_short_book_has_the_layout_that_suits_it():
    """catan-base is a two-sided reminder sheet; the other short books are 18 A5 pages (far
    more than a sheet holds, more than the 8 pages under which a contents page is dropped),
    so they stay rulebooks with their contents page, as does the solo book."""
    layouts = {folder.name: shipped(folder.name).meta for folder in
               sorted(p for p in CONTENT_ROOT.iterdir() if (p / "book.yaml").is_file())}
    assert layouts[SHEET].layout == "sheet" and layouts[SHEET].page_size == PageSize.A4
    for slug in ("solo-catan", "catan-para-dos", "uno-contra-uno", "splendor-solitario"):
        assert layouts[slug].layout == "rulebook" and layouts[slug].contents_page, slug


# --- the sheet ---------------------------------------------------------------------------------

def test_the_sheet_is_the_front_and_back_of_one_A4_sheet_in_large_type(sheet):
    """A reminder sheet read beside the board: its appendix in the editor's dossier, its
    body is set at 9.5 pt or more, its costs table too (the largest of SHEET_SIZES that
    fits two sides: 12 pt), and its back is printed to well past its middle."""
    pdf, _ = sheet
    assert len(pdf.reader.pages) == 2
    with read_pdf(pdf.path) as doc:
        sizes = Counter(round(c["size"], 1) for page in doc.pages for c in page.chars
                        if c["text"].strip())
    assert sizes.most_common(1)[0][0] >= 9.5, sizes.most_common(3)
    with read_pdf(pdf.path) as doc:  # the costs table too (review: 9.2 pt), and its back
        cells = [c["size"] for m in doc.pages[0].search("1 arcilla,")
                 for c in m["chars"]]
        lowest = max(c["bottom"] for c in doc.pages[1].chars if c["text"].strip()
                     and c["bottom"] < float(doc.pages[1].height) - 40)  # above the footer
        back = lowest / float(doc.pages[1].height)
    assert cells and min(cells) >= 9.5, cells
    assert back > 0.6, f"the back is {back:.0%} printed: larger type would fill it"
    for index in range(2):
        width, height = pdf.page_size_mm(index)
        assert abs(width - 210) < 0.5 and abs(height - 297) < 0.5, (index, width, height)


def test_an_example_is_read_on_one_side_of_the_sheet(sheet):
    """Reviewer (2026-12-07): at 12 pt the sheet's example began on the front and went on on
    the back, its steps away from its start. A box is kept on one side."""
    pdf, _ = sheet
    texts = [" ".join(text.split()) for text in pdf.page_texts]
    sides = [n for n, text in enumerate(texts) if "Ejemplo 1 ·" in text]
    last = [n for n, text in enumerate(texts) if "No puedes construir una carretera" in text]
    assert len(sides) == 1 and sides == last, (sides, last)
    assert "(cont.)" not in " ".join(texts)


def test_the_sheets_almanac_sends_each_ruling_to_its_section(sheet):
    """The rulings on the sheet point to sections of the same chapter, whose titles were
    unknown when the almanac was written: each still ends «(Véase Sección, p. 1.)», as a
    rulebook's almanac does, the section's title and the page it is on."""
    pdf, _ = sheet
    text = " ".join(" ".join(pdf.page_texts).split())
    almanac = text[text.index("Aclaraciones R01."):]
    seen = re.findall(r"\(Véase ([^,()]+), p\.\s?(\d)\.\)", almanac)
    assert [title for title, _ in seen] == ["Tu turno", "Construir", "Resumen"], seen
    for title, page in seen:
        assert title in pdf.page_texts[int(page) - 1], (title, page)


def test_the_sheet_opens_with_its_title_block_and_has_no_cover_or_contents(sheet):
    pdf, _ = sheet
    book = load_book(CONTENT_ROOT / SHEET)
    first = pdf.column_texts[0].splitlines()
    assert first[:2] == [book.meta.title, book.meta.subtitle]
    # The title is the largest type of the sheet, and the rules start under it on page 1.
    assert pdf.headings(15)[0] == (1, book.meta.title)
    page_one = flat(pdf.column_texts[:1])
    assert "Objetivo. Reunir recursos" in page_one
    assert "Versión 1.0" in page_one and "30 de noviembre de 2026" in page_one
    assert not any("Índice" in text for text in pdf.page_texts)
    assert "Índice" not in [title for _, title, _ in pdf.outline()]
    assert [title for depth, title, _ in pdf.outline() if depth == 0] == \
        [chapter.title for chapter in book.printed().chapters] + ["Glosario"]


def test_the_glossary_and_the_credits_are_printed_inline(sheet):
    pdf, _ = sheet
    book = load_book(CONTENT_ROOT / SHEET)
    text = flat(pdf.column_texts)
    last = book.printed().chapters[-1].sections[-1][1]  # the last chapter's last section
    assert text.index("Glosario") > text.index(last)
    for entry in book.glossary.terms:
        words = " ".join(entry.definition.split()[:4])
        assert f"{entry.term} — {words}" in text, entry.term
    for entry in book.glossary.abbreviations:
        assert f"{entry.abbr} ({entry.term}) —" in text, entry.abbr
    for credit in book.meta.credits:
        assert f"{credit.role}: {credit.who}" in text
    assert " ".join(book.meta.edition_note.split()) in text
    assert (0, "Glosario", len(pdf.reader.pages)) in pdf.outline()


def test_a_two_page_sheet_says_1_2_and_2_2_in_its_language(appendix_sheet):
    pdf = appendix_sheet
    front, back = (" ".join(text.split()) for text in pdf.page_texts)
    assert "1/2 · sigue al dorso" in front
    assert "2/2" in back and "sigue al dorso" not in back


def test_nothing_on_the_sheet_is_under_6_pt(sheet):
    pdf, _ = sheet
    with read_pdf(pdf.path) as doc:
        small = {(c["text"], round(c["size"], 2)) for page in doc.pages for c in page.chars
                 if c["text"].strip() and c["size"] < 6.0 - EPS}
    assert not small, sorted(small)[:5]


def test_no_heading_is_left_at_the_foot_of_a_column(sheet):
    """Every heading has a line of its own section under it in the same column."""
    pdf, _ = sheet
    with read_pdf(pdf.path) as doc:
        body = Counter(round(c["size"], 1) for p in doc.pages for c in p.chars).most_common(1)[0][0]
        found = 0
        for number, page in enumerate(doc.pages, start=1):
            foot = float(page.height) - 13 * 72 / 25.4  # the footer lives below the frame
            for left in (True, False):
                chars = [c for c in page.chars if c["text"].strip() and c["bottom"] < foot
                         and ((c["x0"] + c["x1"]) / 2 < float(page.width) / 2) == left]
                lines: dict[int, list] = {}
                for char in chars:
                    lines.setdefault(round(char["top"]), []).append(char)
                tops = sorted(lines)
                for index, top in enumerate(tops):
                    line = lines[top]
                    heading = all("Semibold" in c["fontname"] and c["size"] >= body * 1.1
                                  for c in line)
                    if heading and top > 120:  # below the title block
                        found += 1
                        text = "".join(c["text"] for c in sorted(line, key=lambda c: c["x0"]))
                        assert index + 1 < len(tops), (number, left, text)
    assert found >= 6  # Resumen, Tu turno, Construir, Puntos, Aclaraciones, Apéndice, Glosario


def test_cross_references_on_the_sheet_print_the_page_they_link_to(appendix_sheet):
    pdf = appendix_sheet
    refs = [link for link in pdf.internal_links() if re.search(r", p\. \d+$", link.text)]
    assert len(refs) >= 20  # the appendix's «Dónde» of every row
    for link in refs:
        assert int(link.text.rsplit(" ", 1)[1]) == link.target_page, link
    assert "p. ?" not in flat(pdf.page_texts)


def test_a_short_sheet_is_one_page_at_the_largest_type_with_no_page_number(tmp_path):
    Scaffold("mi-hoja", "es", "sheet").write(tmp_path / "content")
    book = tmp_path / "content" / "mi-hoja"
    assert "layout: sheet" in (book / "book.yaml").read_text(encoding="utf-8")
    pdf = ReadPdf(build_book(book, tmp_path / "out").files[0])
    assert len(pdf.reader.pages) == 1
    text = " ".join(pdf.column_texts[0].split())
    assert text.startswith("Mi hoja Hoja de reglas Reglas Gana quien")
    assert "1/1" not in text and "Glosario" in text and "Índice" not in text
    with read_pdf(pdf.path) as doc:
        sizes = Counter(round(c["size"], 2) for c in doc.pages[0].chars if c["text"].strip())
    assert sizes.most_common(1)[0][0] == SHEET_SIZES[0]


def test_a_sheet_too_long_for_two_pages_is_one_located_error_and_writes_nothing(
        tmp_path, capsys):
    book = full_sheet(copy_book(SHEET, tmp_path))
    output = tmp_path / "out"
    assert run("build", book, output, capsys)[0] == 0
    before = {path: path.read_bytes() for path in files_in(output)}
    append(book / "chapters" / "01-resumen.md", ADDED)
    fresh = tmp_path / "fresh"
    for out in (output, fresh):
        code, message = run("build", book, out, capsys)
        assert code == 1 and "Traceback" not in message
        lines = message.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), message
        line = line_of(book / "book.yaml", "layout: sheet")
        assert f"{book / 'book.yaml'}:{line} (layout): the sheet needs 3 pages on A4" in lines[0]
        assert "a sheet is one or two pages (front and back)" in lines[0]
        assert lines[0].endswith("expected chapters shortened to fit, or layout: rulebook")
    assert files_in(fresh) == []
    assert {path: path.read_bytes() for path in files_in(output)} == before


def test_a_page_size_too_small_for_the_sheet_says_so(tmp_path):
    with pytest.raises(ContentError) as error:
        build_book(CONTENT_ROOT / SHEET, tmp_path, PageSize.A5)
    assert "(layout): the sheet needs" in str(error.value)
    assert "on A5 (--page-size)" in str(error.value)
    assert "or the book's own page size (A4)" in str(error.value)
    assert files_in(tmp_path) == []


# --- a rulebook without its contents page ----------------------------------------------------

def test_contents_false_goes_from_the_cover_to_the_first_chapter(rulebook):
    shipped, without, _ = rulebook
    assert "Índice" in shipped.page_texts[1]  # the shipped book keeps its contents page
    # One page less of content: the glossary a page earlier (the count of pages is padded
    # to a multiple of 4 either way, test_page_makeup.py).
    glossary = [min(page for page, line in pdf.headings(15) if line == "Glosario")
                for pdf in (shipped, without)]
    assert glossary[1] == glossary[0] - 1
    assert not any("Índice" in text for text in without.page_texts)
    assert "Índice" not in [title for _, title, _ in without.outline()]
    assert without.page_texts[0].startswith("Catán 1 contra 1")  # the cover
    assert [line for page, line in without.headings(15) if page == 2][0] == "La partida"


def test_contents_false_keeps_the_page_numbers_of_cross_references(rulebook):
    _, without, _ = rulebook
    refs = [link for link in without.internal_links() if re.search(r", p\. \d+$", link.text)]
    assert len(refs) >= 10
    for link in refs:
        assert int(link.text.rsplit(" ", 1)[1]) == link.target_page, link
    assert "p. ?" not in flat(without.page_texts)


def test_contents_false_keeps_the_html_list_of_chapters(rulebook):
    _, _, html = rulebook
    assert '<nav class="contents"' in html.read_text(encoding="utf-8")


# --- mistakes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("slug, old, new, needle, pattern", [
    (RULEBOOK, "page_size: A5\n", "page_size: A5\nlayout: booklet\n", "layout: booklet",
     r"\(layout\): invalid value 'booklet': Input should be 'rulebook' or 'sheet'"),
    (RULEBOOK, "page_size: A5\n", "page_size: A5\ncontents: maybe\n", "contents: maybe",
     r"\(contents\): invalid value 'maybe'"),
    (SHEET, "layout: sheet\n", "layout: sheet\ncontents: false\n", "contents: false",
     r"\(contents\): contents says whether a rulebook has a contents page, and a sheet has "
     r"none; expected no contents: line, or layout: rulebook$"),
])
def test_a_bad_layout_choice_is_a_located_error(slug, old, new, needle, pattern, tmp_path,
                                                capsys):
    book = copy_book(slug, tmp_path)
    edit(book / "book.yaml", old, new)
    output = tmp_path / "out"
    for command in ("check", "build"):
        code, message = run(command, book, output, capsys)
        assert code == 1 and "Traceback" not in message
        lines = message.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), message
        assert f"{book / 'book.yaml'}:{line_of(book / 'book.yaml', needle)} " in lines[0]
        assert re.search(pattern, lines[0]), lines[0]
    assert files_in(output) == []


# --- the sheet's HTML edition -------------------------------------------------------------------

def test_the_sheet_html_has_a_title_block_and_no_contents(sheet):
    _, html = sheet
    page = html.read_text(encoding="utf-8")
    assert '<nav class="contents"' not in page  # (the bar's links to the PDF are a nav)
    header = re.search(r'<header class="title-block"[^>]*>(.*?)</header>', page, re.S)
    assert header and '<h1 class="title">Catán</h1>' in header.group(1)
    assert "Versión 1.0 · 30 de noviembre de 2026" in header.group(1)
    assert page.index("</header>") < page.index('<main class="sheet">')
    # its glossary: terms, each with its id (a search result leads there), no abbreviations
    assert 'id="glosario"' in page and 'id="gl-comercio-maritimo"' in page
    assert not re.search(r'id="gl-[A-Z]', page)


