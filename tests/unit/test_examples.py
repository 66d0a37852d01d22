"""Every worked example of the book is a test case; a wrong one stops the build."""

from __future__ import annotations

import pytest

from generator.cli import main
from generator.content.loader import load_book
from repo import CONTENT_ROOT, book_folders, shipped
from generator.examples.replay import ExamplesFailed, adapter_for, check_book, replay

SOLO_BOOK = shipped("solo-catan")


BOOKS = [shipped(folder.name) for folder in book_folders()]
EXAMPLES = [(book, source) for book in BOOKS for source in book.examples]


@pytest.fixture(scope="module")
def shows_a_refusal() -> dict[str, bool]:
    """slug → whether one of the book's examples shows a refused move (each book's examples
    replayed once, not once an example)."""
    return {book.slug: any(frame.rejected for source in book.examples
                           for frame in replay(source, adapter_for(book)).frames)
            for book in BOOKS}


@pytest.mark.parametrize("book, source", EXAMPLES,
                         ids=[f"{b.slug}/{s.example.id}" for b, s in EXAMPLES])
def test_worked_example_replays_as_the_book_says(book, source, shows_a_refusal):
    result = replay(source, adapter_for(book))
    assert result.failure is None, str(result.failure)
    assert len(result.frames) == len(source.example.steps) + 1
    assert shows_a_refusal[book.slug], "each book shows a refused move"


def test_token_books_have_checked_examples_with_refusals():
    for slug in ("catan-para-dos", "uno-contra-uno"):
        book = next(b for b in BOOKS if b.slug == slug)
        assert len(book.examples) >= 3
        codes = {f.rejected for s in book.examples
                 for f in replay(s, adapter_for(book)).frames if f.rejected}
        assert {"action-used"} <= codes


def test_the_book_has_the_examples_the_issue_asks_for():
    ids = {s.example.id for s in SOLO_BOOK.examples}
    assert len(ids) >= 15
    assert {"principiante", "caballero-salva", "caballero-falla", "caballo-baja",
            "caballo-falla", "demolicion", "reciclaje", "agotado", "victoria"} <= ids
    sections = {s.example.section for s in SOLO_BOOK.examples}
    chapters_with_examples = {c.id for c in SOLO_BOOK.chapters
                              if c.id in sections or any(a in sections for a, _ in c.sections)}
    rule_chapters = {c.id for c in SOLO_BOOK.chapters} - {"introduccion", "preparacion",
                                                          "aclaraciones", "dificultad",
                                                          "conformidad", "dificultad-metodo",
                                                          "escenarios", "aclaraciones-fuentes"}
    assert rule_chapters <= chapters_with_examples


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


FAILURES = {
    "wrong outcome": ("02-carretera.yaml", "      points: 2\n", "      points: 3\n", [
        "02-carretera.yaml:", "example 'carretera', step 4 (continue brick)",
        "expected points 3, found 2"]),
    "illegal step": ("02-carretera.yaml",
                     "  - do: start grain knight\n    reject: cannot-start-series\n",
                     "  - do: start grain knight\n", [
                         "step 2 (start grain knight): refused", "[cannot-start-series]",
                         "the last SH card is lumber, which ends no series", "§ series"]),
    "legal but expected refused": ("11-demolicion.yaml",
                                   "  - do: demolish road\n    reject: not-blocked\n",
                                   "  - do: start lumber road\n    reject: not-blocked\n",
                                   ["expected refusal 'not-blocked', but the action was legal"]),
}


@pytest.mark.parametrize("case", FAILURES, ids=list(FAILURES))
def test_a_failing_example_names_file_step_and_what_differed(book_copy, case):
    file, old, new, expected = FAILURES[case]
    edit(book_copy / "examples" / file, old, new)
    with pytest.raises(ExamplesFailed) as caught:
        check_book(load_book(book_copy))
    for text in expected:
        assert text in str(caught.value)


def test_build_refuses_a_book_whose_example_fails_and_writes_nothing(book_copy, tmp_path, capsys):
    edit(book_copy / "examples" / "19-victoria.yaml", "      phase: won", "      phase: lost")
    output = tmp_path / "out"
    assert main(["build", str(book_copy), "--output", str(output)]) == 1
    err = capsys.readouterr().err
    assert "worked example(s) fail (a book whose examples fail is not built)" in err
    assert "expected phase lost, found won" in err
    assert not output.exists() or not any(output.rglob("*.pdf"))


def test_check_reports_every_failing_example(book_copy, capsys):
    edit(book_copy / "examples" / "19-victoria.yaml", "      phase: won", "      phase: lost")
    edit(book_copy / "examples" / "16-progreso.yaml", "      deck_size: 57", "      deck_size: 56")
    assert main(["check", str(book_copy)]) == 1
    err = capsys.readouterr().err
    assert "2 worked example(s) fail" in err
    assert "16-progreso.yaml" in err and "19-victoria.yaml" in err


@pytest.mark.parametrize("old, new, message", [
    ("  - do: continue brick\n    reject: game-over", "  - do: build a castle\n    reject: game-over",
     "unknown action 'build a castle'"),
    ("  hand: [lumber, brick", "  hand: [timber, brick", "(start.hand[0]): unknown resource 'timber'"),
    ("  rest: removed", "  rest: removed\n  colour: red", "unknown field 'colour'"),
])
def test_malformed_example_files_are_content_errors(book_copy, capsys, old, new, message):
    edit(book_copy / "examples" / "18-agotado.yaml", old, new)
    assert main(["check", str(book_copy)]) == 1
    err = capsys.readouterr().err
    assert "18-agotado.yaml:" in err and message in err


@pytest.mark.parametrize("slug, file, old, new, message", [
    ("catan-para-dos", "01-coste-una-ficha.yaml", "      supply: 11", "      supply: 12",
     "expected supply 12, found 11"),
    ("uno-contra-uno", "03-ladron.yaml", "      supply: 19", "      supply: 18",
     "expected supply 18, found 19"),
    ("splendor-solitario", "03-final.yaml", "      title: Maestro", "      title: Viajante",
     "expected title Viajante, found Maestro"),
    ("catan-base", "01-poblado.yaml", "      score: 3", "      score: 2",
     "expected score 2, found 3"),
])
def test_every_engine_reports_a_wrong_outcome(tmp_path, slug, file, old, new, message):
    import shutil
    folder = tmp_path / slug
    shutil.copytree(CONTENT_ROOT / slug, folder)
    if (CONTENT_ROOT / "_facts").exists():
        shutil.copytree(CONTENT_ROOT / "_facts", tmp_path / "_facts")
    edit(folder / "examples" / file, old, new)
    with pytest.raises(ExamplesFailed) as caught:
        check_book(load_book(folder))
    assert message in str(caught.value) and file in str(caught.value)
