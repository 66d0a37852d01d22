"""The English edition of the solo book (content/solo-catan/en/): built from the same data as
the Spanish one, into output/solo-catan/en/, and held to the same pieces by the parity check."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from contentedit import edit, line_of
from generator.build import build_book
from generator.cli import main
from generator.content.loader import load_book
from generator.sheets.geometry import PAPERS
from generator.sheets.render import SheetOptions
from pdfread import ReadPdf
from repo import CONTENT_ROOT

SOLO = CONTENT_ROOT / "solo-catan"
ENGLISH = SOLO / "en"


@pytest.fixture(scope="module")
def editions(tmp_path_factory) -> dict[str, object]:
    """Both editions built into one output folder, as `rulebook build` does: {"es": Built,
    "en": Built}."""
    out = tmp_path_factory.mktemp("editions")
    papers = [SheetOptions(p) for p in PAPERS]
    return {"es": build_book(SOLO, out, papers=papers),
            "en": build_book(SOLO, out, papers=papers, language="en")}


def _output(built) -> Path:
    return built.files[0].parent


def test_each_edition_writes_to_its_own_folder(editions):
    """The Spanish outputs stay where they were; the English ones are under en/."""
    es, en = _output(editions["es"]), _output(editions["en"])
    assert es.name == "solo-catan" and en == es / "en"
    for folder in (es, en):
        assert (folder / "solo-catan.pdf").is_file() and (folder / "index.html").is_file()
        assert list((folder / "figures").glob("*.svg"))
    assert editions["en"].print_files and all(f.parent == en for f in editions["en"].print_files)
    assert all(f.parent == es for f in editions["es"].print_files)


def _example_numbers(pdf: ReadPdf, word: str) -> set[int]:
    return {int(n) for n in re.findall(rf"\b{word} (\d+)\b", "\n".join(pdf.page_texts))}


def _figure_numbers(pdf: ReadPdf, word: str) -> set[int]:
    return {int(n) for n in re.findall(rf"\b{word} (\d+)\.", "\n".join(pdf.page_texts))}


def test_same_examples_figures_and_rulings(editions):
    """The English book prints the Spanish book's examples, figures and rulings: the same
    numbers, the same figure files, every ruling id as a heading."""
    es, en = ReadPdf(editions["es"].files[0]), ReadPdf(editions["en"].files[0])
    book = editions["en"].book
    assert _example_numbers(en, "Example") == _example_numbers(es, "Ejemplo") \
        == set(range(1, len(book.examples) + 1))
    assert _figure_numbers(en, "Figure") == _figure_numbers(es, "Figura")
    assert len(_figure_numbers(en, "Figure")) == len(book.figures)
    # The same drawings; an example's file is named in the book's language
    # ("ejemplo-agotado-paso-1.svg", "example-agotado-step-1.svg"), a figure by its id.
    spanish = {"ejemplo-": "example-", "-inicio.": "-start.", "-paso-": "-step-"}

    def in_english(name: str) -> str:
        for word, english in spanish.items():
            name = name.replace(word, english)
        return name

    svgs = {edition: sorted(p.name for p in (_output(built) / "figures").glob("*.svg"))
            for edition, built in editions.items()}
    assert svgs["en"] == sorted(in_english(name) for name in svgs["es"])
    assert any(name.startswith("ejemplo-") for name in svgs["es"])
    text = "\n".join(en.page_texts)
    printed = set(re.findall(r"^(R\d\d)\. ", text, re.M))
    assert printed == {r.id for r in editions["es"].book.rulings} == {r.id for r in book.rulings}
    for source in book.examples:  # each box under its English title
        assert source.example.title.split()[0] in text


def test_english_words_replace_the_spanish_ones(editions):
    en = ReadPdf(editions["en"].files[0])
    text = " ".join(" ".join(en.page_texts).split())
    assert "Three bricks and two grain" in text and "Tres ladrillos" not in text
    assert "RD — Resource deck" in text and "MDR" not in text


def test_pdf_and_html_say_english(editions):
    for built, lang in ((editions["en"], "en"), (editions["es"], "es")):
        assert PdfReader(built.files[0]).trailer["/Root"]["/Lang"] == lang
        for press in built.press:
            assert PdfReader(press).trailer["/Root"]["/Lang"] == lang
        page = (_output(built) / "index.html").read_text(encoding="utf-8")
        assert re.search(rf'<html lang="{lang}"', page)


def test_cards_are_the_same_cards_in_english(editions):
    """The same card faces, in the same number of sheets, with the English texts."""
    home = {edition: sorted(f for f in built.print_files if "a4" in f.name and f.suffix == ".pdf"
                            and "calibra" not in f.name)
            for edition, built in editions.items()}
    assert len(home["en"]) == len(home["es"]) == 1
    es, en = ReadPdf(home["es"][0]), ReadPdf(home["en"][0])
    assert len(en.page_texts) == len(es.page_texts)
    text = " ".join(" ".join(en.page_texts).split())
    for face in editions["en"].book.print_spec.cards.faces:
        assert face.title in text
    assert "Colocar una carta" not in text


# --- the English text itself ------------------------------------------------------------------

SPANISH = ["de la", "las", "los", "del", "carretera", "Serie Histórica", "serie", "mazo",
           "mano", "ciudad", "poblado", "caballero", "que", "con", "por", "para", "cartas",
           "puntos", "ejemplo", "y", "«", "»"]
#: What an English file holds that is no prose: keys, ids, placeholders, anchors.
NOT_PROSE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#[^}]*\}|\(#[^)]*\)|\b[\w]+(?:-[\w]+)+\b")


def _yaml_texts(value) -> list[str]:
    if isinstance(value, dict):
        return [t for item in value.values() for t in _yaml_texts(item)]
    if isinstance(value, list):
        return [t for item in value for t in _yaml_texts(item)]
    return [value] if isinstance(value, str) else []


def _english_texts() -> dict[Path, str]:
    """The prose of every file of the English edition: chapters as typed, YAML values."""
    texts = {file: file.read_text(encoding="utf-8") for file in ENGLISH.glob("chapters/*.md")}
    for file in ENGLISH.glob("*.yaml"):
        texts[file] = "\n".join(_yaml_texts(yaml.safe_load(file.read_text(encoding="utf-8"))))
    return {file: NOT_PROSE.sub(" ", text) for file, text in texts.items()}


@pytest.mark.parametrize("word", SPANISH)
def test_no_spanish_in_the_english_text(word):
    texts = _english_texts()
    assert len(texts) > 20
    pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
    found = [f"{file.relative_to(SOLO)}: {m.group(0)!r} in …{text[max(0, m.start() - 30):m.end() + 30]}…"
             for file, text in texts.items() for m in pattern.finditer(text)]
    assert not found, found


def test_english_abbreviations_say_what_they_stand_for():
    """Each Spanish abbreviation has an English one of the card game's words, defined."""
    book = load_book(SOLO, "en")
    entries = {a.abbr: a.term for a in book.glossary.abbreviations}
    assert entries == {"RD": "Resource deck", "DP": "Discard pile", "CE": "City expansion",
                       "BCC": "Building costs card", "RC": "Resource card",
                       "CS": "Construction series", "HS": "Historical series"}


# --- the parity check: one located error naming both files ---------------------------------------

def _check(book: Path, capsys) -> str:
    code = main(["check", str(book), "--lang", "en"])
    captured = capsys.readouterr()
    assert code == 1, captured.out
    assert "Traceback" not in captured.err
    assert captured.err.count("error:") == 1, captured.err
    return " ".join(captured.err.split())


@pytest.fixture
def in_copy(tmp_path, monkeypatch):
    """A writable copy of the solo book with its English edition; errors name its files
    relative to the project folder the test stands in."""
    shutil.copytree(SOLO, tmp_path / "content" / "solo-catan")
    monkeypatch.chdir(tmp_path)
    return Path("content/solo-catan")


def test_section_missing_from_the_english_chapter(in_copy, capsys):
    chapter = in_copy / "en" / "chapters" / "04-series.md"
    spanish = in_copy / "chapters" / "04-series.md"
    text = chapter.read_text(encoding="utf-8")
    cut = text[text.index("## Leaving a series unfinished"):text.index("## Loose cards")]
    edit(chapter, cut, "")
    error = _check(in_copy, capsys)
    assert f"{chapter}:{line_of(chapter, '## Loose cards')}" in error
    assert f"section 'dejar-una-serie-a-medias' of {spanish}:" \
           f"{line_of(spanish, '## Dejar una serie a medias')} is missing here" in error


def test_section_missing_from_the_spanish_chapter(in_copy, capsys):
    chapter = in_copy / "en" / "chapters" / "04-series.md"
    spanish = in_copy / "chapters" / "04-series.md"
    text = spanish.read_text(encoding="utf-8")
    cut = text[text.index("## Dejar una serie a medias"):text.index("## Cartas sueltas")]
    edit(spanish, cut, "")
    error = _check(in_copy, capsys)
    assert f"{chapter}:{line_of(chapter, '## Leaving a series unfinished')}: section " \
           "'dejar-una-serie-a-medias', which the book's chapter has not" in error
    assert f"{spanish}:{line_of(spanish, '## Cartas sueltas')}" in error


def test_glossary_key_missing_from_the_english_glossary(in_copy, capsys):
    words = in_copy / "en" / "glossary.yaml"
    text = words.read_text(encoding="utf-8")
    edit(words, text[text.index("  SH:"):text.index("terms:")], "\n")
    error = _check(in_copy, capsys)
    spanish = in_copy / "glossary.yaml"
    assert f"{words}:{line_of(words, 'abbreviations:') + 1} (abbreviations)" in error  # its entries
    assert f"no entry 'SH' for {spanish}:{line_of(spanish, 'abbr: SH')}" in error


def test_glossary_key_missing_from_the_spanish_glossary(in_copy, capsys):
    spanish = in_copy / "glossary.yaml"
    text = spanish.read_text(encoding="utf-8")
    edit(spanish, text[text.index("  - term: Coincidencia"):], "")
    words = in_copy / "en" / "glossary.yaml"
    error = _check(in_copy, capsys)
    assert f"{words}:{line_of(words, 'Coincidencia:') + 1} (terms.Coincidencia)" in error
    assert f"an entry 'Coincidencia' the book has not ({spanish}:" \
           f"{line_of(spanish, 'terms:') + 1} (terms))" in error


SHOWN = '{{ example("sacrificio") }}'


def test_example_missing_from_the_english_chapter(in_copy, capsys):
    chapter = in_copy / "en" / "chapters" / "03-turno.md"
    spanish = in_copy / "chapters" / "03-turno.md"
    edit(chapter, SHOWN, "")
    error = _check(in_copy, capsys)
    assert f"{chapter}:{line_of(chapter, '## Matches')}: example 'sacrificio' of " \
           f"{spanish}:{line_of(spanish, SHOWN)} is missing here" in error


def test_example_missing_from_the_spanish_chapter(in_copy, capsys):
    chapter = in_copy / "en" / "chapters" / "03-turno.md"
    spanish = in_copy / "chapters" / "03-turno.md"
    edit(spanish, SHOWN, "")
    error = _check(in_copy, capsys)
    assert f"{chapter}:{line_of(chapter, SHOWN)}: example 'sacrificio', " \
           f"which {spanish} has not" in error


def test_example_without_english_words(in_copy, capsys):
    words = in_copy / "en" / "examples.yaml"
    text = words.read_text(encoding="utf-8")
    edit(words, text[text.index("sacrificio:"):text.index("caballero-salva:")], "")
    error = _check(in_copy, capsys)
    assert f"no words for example 'sacrificio' ({in_copy / 'examples' / '06-sacrificio.yaml'}:" \
           in error and str(words) in error


def test_a_different_data_placeholder_is_refused(in_copy, capsys):
    chapter = in_copy / "en" / "chapters" / "06-carreteras.md"
    edit(chapter, "your hand stays at {{ game.hand_size }}", "your hand stays at 5")
    error = _check(in_copy, capsys)
    assert f"{chapter}:" in error and "data placeholder {{ game.hand_size }} of" in error


def test_lang_picks_one_edition_and_build_takes_all(tmp_path, capsys):
    code = main(["check", str(SOLO), "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0 and "ok solo-catan (en):" in out and "ok solo-catan:" not in out
    code = main(["check", str(SOLO)])
    out = capsys.readouterr().out
    assert code == 0 and "ok solo-catan:" in out and "ok solo-catan (en):" in out
    assert main(["check", str(CONTENT_ROOT / "catan-base"), "--lang", "en"]) == 1
    assert "no edition in 'en'" in capsys.readouterr().err
