"""A Spanish book and its English translation kept in step: each section, glossary key, example
and scenario missing from one edition is an error at its place; and the English words say what
they stand for."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from contentedit import edit, line_of
from generator.cli import main
from generator.content.loader import load_book
from repo import CONTENT_ROOT

SOLO = CONTENT_ROOT / "solo-catan"
ENGLISH = SOLO / "en"
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


def _check(book: Path, capsys) -> str:
    code = main(["check", str(book), "--lang", "en"])
    captured = capsys.readouterr()
    assert code == 1, captured.out
    assert "Traceback" not in captured.err
    assert captured.err.count("error:") == 1, captured.err
    return " ".join(captured.err.split())


SHOWN = '{{ example("sacrificio") }}'


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


def _without_rights(meta: Path) -> None:
    """book.yaml with its `rights: >-` paragraph cut (it is the last key but `chapters`, or
    the file's last)."""
    text = meta.read_text(encoding="utf-8")
    start = text.index("rights: >-")
    end = text.find("\nchapters:", start)
    edit(meta, text[start:end + 1 if end >= 0 else len(text)], "")


def test_rights_missing_from_the_english_book_yaml(in_copy, capsys):
    words, spanish = in_copy / "en" / "book.yaml", in_copy / "book.yaml"
    _without_rights(words)
    error = _check(in_copy, capsys)
    assert f"{words}:{line_of(words, 'language: en')}: no rights for " \
           f"{spanish}:{line_of(spanish, 'rights:')} (rights); expected rights: in this " \
           "edition's words" in error


def test_english_rights_for_a_book_without_them(in_copy, capsys):
    words, spanish = in_copy / "en" / "book.yaml", in_copy / "book.yaml"
    _without_rights(spanish)
    error = _check(in_copy, capsys)
    assert f"{words}:{line_of(words, 'rights:')} (rights): words for rights, which the " \
           "book leaves empty" in error


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
    edit(chapter, "your hand is still {{ game.hand_size }} cards", "your hand is still 5 cards")
    error = _check(in_copy, capsys)
    assert f"{chapter}:" in error and "data placeholder {{ game.hand_size }} of" in error


def test_scenario_without_english_words(in_copy, capsys):
    words = in_copy / "en" / "examples.yaml"
    text = words.read_text(encoding="utf-8")
    edit(words, text[text.index("quinta-carretera:"):text.index("caballero-sin-cartas:")], "")
    error = _check(in_copy, capsys)
    scenario = in_copy / "scenarios" / "06-quinta-carretera.yaml"
    assert f"no words for scenario 'quinta-carretera' ({scenario}:" in error
    assert str(words) in error


def test_a_scenario_file_must_carry_its_printed_number(in_copy, capsys):
    """The last scenario, S{n}, is printed for the n-th file of scenarios/: named n+1, it is
    refused."""
    folder = in_copy / "scenarios"
    last = sorted(folder.glob("*.yaml"))[-1]
    number, rest = last.name.split("-", 1)
    moved = f"{int(number) + 1:02d}-{rest}"
    last.rename(folder / moved)
    error = _check(in_copy, capsys)
    assert f"{folder / moved}:" in error
    assert (f"scenario file {moved} is number {int(number)} of scenarios/ in name order, "
            f"printed as S{number}, but its name says {int(number) + 1}; expected the file "
            f"named {number}-…") in error


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


@pytest.fixture
def in_copy(tmp_path, monkeypatch):
    """A writable copy of the solo book with its English edition; errors name its files
    relative to the project folder the test stands in."""
    shutil.copytree(SOLO, tmp_path / "content" / "solo-catan")
    monkeypatch.chdir(tmp_path)
    return Path("content/solo-catan")
