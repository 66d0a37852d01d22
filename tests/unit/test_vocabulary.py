"""One vocabulary for the Catan family: a banned synonym in any printed file of a book that
opts in stops `rulebook check` with the file, the line, the word and the term to use."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from contentedit import edit, line_of
from generator.cli import main
from generator.content.loader import load_book
from repo import CONTENT_ROOT, book_folders, shipped
from generator.content.vocabulary import VOCABULARY_FILE, Term, find_banned, load_terms
from generator.content.yamlsource import read_yaml
from generator.examples.replay import check_book

FAMILY = ("catan-base", "catan-para-dos", "uno-contra-uno")
TERMS = load_terms(CONTENT_ROOT / "_facts", "catan", read_yaml(CONTENT_ROOT / "catan-base" /
                                                               "book.yaml"))


@pytest.fixture
def family_copy(tmp_path):
    """Writable copies of the family's books, with the facts folder beside them."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT / "_facts", content / "_facts")
    for slug in FAMILY:
        shutil.copytree(CONTENT_ROOT / slug, content / slug)
    return content


def check(book: Path, capsys) -> tuple[int, str]:
    code = main(["check", str(book)])
    captured = capsys.readouterr()
    return code, captured.err + captured.out


CASES = {
    # name: (book, file, old, new, needle on the reported line, word, preferred term)
    "chapter": ("uno-contra-uno", "chapters/01-partida.md", "rival: poblados, ciudades",
                "rival: asentamientos, ciudades", "rival: asentamientos", "asentamientos",
                "poblado"),
    "rule statement": ("uno-contra-uno", "statements.yaml", "**4 poblados y 4 carreteras**",
                       "**4 poblados y 4 caminos**", "4 caminos", "caminos", "carretera"),
    "chapter, term across two lines": (
        "catan-para-dos", "chapters/01-partida.md", "conseguir la Gran ruta\ncomercial.",
        "conseguir la Ruta comercial\nmás larga.", "conseguir la Ruta comercial",
        "Ruta comercial más larga", "Gran ruta comercial"),
    "glossary, folded text": ("catan-base", "glossary.yaml", "poblado o una ciudad.\n",
                              "asentamiento o una ciudad.\n", "asentamiento o una ciudad.",
                              "asentamiento", "poblado"),
    "ruling": ("catan-para-dos", "rulings.yaml", "  decision: Recibes las que queden.",
               "  decision: Recibes los tokens que queden.", "Recibes los tokens",
               "tokens", "ficha"),
    "example note": ("catan-base", "examples/01-poblado.yaml", "note: Falta el cereal.",
                     "note: Falta el trigo.", "Falta el trigo", "trigo", "cereal"),
    "card line": ("uno-contra-uno", "print.yaml", '"Comercio forzoso, ladrón',
                  '"Intercambio forzoso, ladrón', "Intercambio forzoso", "Intercambio forzoso",
                  "comercio forzoso"),
    "component name": ("uno-contra-uno", "components.yaml", "name: Carretera, plural: carreteras",
                       "name: Camino, plural: caminos", "name: Camino", "Camino", "carretera"),
    "shortened name": ("uno-contra-uno", "chapters/01-partida.md",
                       "El Gran ejército de caballería pide 3", "El Gran ejército pide 3",
                       "El Gran ejército pide", "Gran ejército", "Gran ejército de caballería"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_banned_synonym_is_refused_at_its_line(family_copy, capsys, case):
    slug, file, old, new, needle, word, term = CASES[case]
    path = family_copy / slug / file
    edit(path, old, new)
    code, message = check(family_copy / slug, capsys)
    assert code == 1 and "Traceback" not in message
    assert f"{file}:{line_of(path, needle)}: '{word}' is not the catan books' word" in \
        message.replace("\\", "/"), message
    assert f"expected «{term}» ({VOCABULARY_FILE})" in message


def test_a_preferred_term_in_other_capitals_is_refused(family_copy, capsys):
    path = family_copy / "catan-para-dos" / "chapters" / "01-partida.md"
    edit(path, "la Gran ruta\ncomercial.", "la Gran Ruta\nComercial.")
    code, message = check(family_copy / "catan-para-dos", capsys)
    assert code == 1
    assert (f"01-partida.md:{line_of(path, 'la Gran Ruta')}: 'Gran Ruta Comercial' is written "
            "«Gran ruta comercial» in the catan books") in message


def test_quotations_of_the_source_are_exempt(family_copy, capsys):
    book = family_copy / "uno-contra-uno"
    edit(book / "statements.yaml", "**4 poblados y 4 carreteras**",
         "**4 poblados y 4 carreteras** (el texto dice «caminos»)")
    edit(book / "rulings.yaml", '    - "Puntos de victoria: 15"',
         '    - "Puntos de victoria: 15"\n    - "20 caminos, 7 poblados y 5 ciudades"')
    assert check(book, capsys)[0] == 0


def test_opting_in_needs_a_family_and_a_known_one(family_copy, capsys):
    book = family_copy / "catan-base"
    edit(book / "book.yaml", "family: catan\n", "")
    code, message = check(book, capsys)
    assert code == 1 and f"book.yaml:{line_of(book / 'book.yaml', 'vocabulary: true')}" in message
    assert "a vocabulary needs the book's family" in message
    edit(book / "book.yaml", "vocabulary: true", "family: carcassonne\nvocabulary: true")
    code, message = check(book, capsys)
    assert code == 1 and "no vocabulary for the family 'carcassonne'" in message


def test_the_family_books_opt_in_and_pass(capsys):
    for slug in FAMILY:
        meta = shipped(slug).meta
        assert (meta.family, meta.vocabulary) == ("catan", True), slug
    assert main(["check", *FAMILY]) == 0


def test_the_solo_card_game_keeps_its_own_resource_names():
    """The card game's source says ladrillo, trigo, oveja, piedra: its book does not opt in,
    and loads unchanged."""
    solo = shipped("solo-catan")
    assert not solo.meta.vocabulary
    assert [r.name for r in solo.components.resources][:2] == ["Madera", "Ladrillo"]


def test_the_words_the_engines_print_follow_the_vocabulary():
    """Action and position texts come from the adapters' code, not the content files."""
    for folder in book_folders():
        book = load_book(folder)
        if not book.meta.vocabulary:
            continue
        for replay in check_book(book):
            adapter = replay.adapter
            previous = replay.frames[0].game
            for frame in replay.frames:
                texts = [t for _, t in adapter.position_lines(frame.game)]
                if frame.action is not None:
                    texts.append(adapter.action_text(frame.action, previous))
                    previous = frame.game
                for text in texts:
                    assert not find_banned(text, TERMS), (book.slug, text)


@pytest.mark.parametrize("text, found", [
    ("el Gran ejército de caballería", []),
    ("el Gran ejército y el Mayor\nEjército", ["Gran ejército", "Mayor Ejército"]),
    ("la Gran Ejército de Caballería", ["Gran Ejército de Caballería"]),
    ("Carreteras y caminos; «camino» no", ["caminos"]),
    ("La banca, el banco", ["banco"]),
    ("encaminado, caminante", []),
])
def test_find_banned(text, found):
    assert [h.found for h in find_banned(text, TERMS)] == found


def test_the_vocabulary_file_may_not_ban_its_own_terms(family_copy, capsys):
    edit(family_copy / "_facts" / VOCABULARY_FILE, "banned: [camino, caminos]",
         "banned: [camino, caminos, carreteras]")
    code, message = check(family_copy / "catan-base", capsys)
    assert code == 1 and re.search(r"vocabulario\.yaml:\d+ .*'carreteras' is both banned", message)
    assert isinstance(TERMS[0], Term)
