"""Bad input: one clear message naming the file and place, exit 1, no PDF left behind."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from contentedit import assert_one_located_error, edit, line_of
from generator.core import output as output_module
from generator.cli import main
from repo import CONTENT_ROOT


def run_build(book: Path, output: Path, capsys) -> tuple[int, str]:
    code = main(["build", str(book), "--output", str(output)])
    captured = capsys.readouterr()
    return code, captured.err + captured.out


def assert_nothing_written(output: Path) -> None:
    leftovers = [p for p in output.rglob("*") if p.is_file()] if output.exists() else []
    assert leftovers == []


CASES = {
    # name: (file, old text, new text, expected message pattern, line needle or None)
    "yaml syntax": ("components.yaml", "  - {id: brick, name: Ladrillo, plural: ladrillos, count: 11}",
                    "  - {id: brick, name: Ladrillo, plural: [ladrillos, count: 11}",
                    r"YAML syntax error", None),
    "unknown field": ("book.yaml", "language: es", "language: es\ncolour: red",
                      r"\(colour\): unknown field 'colour'", "colour: red"),
    "missing field": ("book.yaml", "subtitle: Variante en solitario\n", "",
                      r"missing field 'subtitle'", None),
    "wrong type": ("components.yaml", "  - {id: grain, name: Trigo, plural: trigos, count: 14}",
                   "  - {id: grain, name: Trigo, plural: trigos, count: many}",
                   r"\(resources\[2\]\.count\): invalid value 'many'", "count: many"),
    "missing chapter": ("book.yaml", "  - 08-comercio.md", "  - 08-trueque.md",
                        r"\(chapters\[7\]\): chapter file chapters/08-trueque.md not found",
                        "08-trueque.md"),
    "unknown resource": ("components.yaml", "cost: [grain, wool, ore]", "cost: [grain, wool, stone]",
                         r"\(buildings\[1\]\.cost\[2\]\): unknown resource 'stone'; expected one of "
                         r"lumber, brick, grain, wool, ore", "stone"),
    "undefined term": ("chapters/08-comercio.md", "Con el MDR vacío ya no rellenas",
                       "Como en el PDF, con el MDR vacío ya no rellenas",
                       r"'PDF' is used but not defined in glossary\.yaml", "PDF"),
    "unused term": ("glossary.yaml", "terms:\n", "terms:\n  - term: Dragón\n    definition: No existe.\n",
                    r"\(terms\[0\]\.term\): 'Dragón' is defined but never used", "Dragón"),
    "unknown data name": ("chapters/12-fin.md", "{{ goal }} puntos", "{{ gol }} puntos",
                          r"unknown data name: 'gol' is undefined", "{{ gol }}"),
    "unknown component id": ("chapters/12-fin.md", "{{ goal }} puntos",
                             "{{ goal }} puntos ({{ bld.castillo.name }})",
                             r"unknown data name: bld\.castillo is not defined \(the book's bld "
                             r"has .*road.*\); expected the id of a building under buildings: in components\.yaml",
                             "bld.castillo"),
    "unknown cross-reference": ("chapters/09-progreso.md", "sin comparar con la serie histórica (SH; R17).",
                                "sin comparar con la serie histórica (SH; ver [Dados](#dados)).",
                                r"cross-reference to unknown section '#dados'", "#dados"),
    "departure unexplained": ("rulings.yaml", "  settles: contradiction\n  question: >-\n    El texto da",
                              "  settles: departure\n  question: >-\n    El texto da",
                              r"\(\[0\]\).*settles: departure says how in `departs`", None),
    "unknown rule statement": ("chapters/12-fin.md", '{{ rule("fin") }}', '{{ rule("final") }}',
                               r"unknown rule statement 'final'", 'rule("final")'),
    "unknown ruling": ("chapters/08-comercio.md", "(R20)", "(R99)",
                       r"ruling R99 is cited but not in rulings\.yaml", "R99"),
    # what a translated edition keeps of the book's quote, written in the book itself
    "original quote by hand": ("rulings.yaml", "  settles: contradiction\n  question: >-\n"
                               "    El texto da", "  settles: contradiction\n  original_quote: "
                               "[Texto]\n  question: >-\n    El texto da",
                               r"\(\[0\]\.original_quote\): original_quote, which a "
                               r"translated edition writes itself", "original_quote"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_bad_input_is_reported_with_its_place_and_no_pdf(case, book_copy, tmp_path, capsys):
    file, old, new, pattern, needle = CASES[case]
    path = book_copy / file
    edit(path, old, new)
    output = tmp_path / "out"
    code, message = run_build(book_copy, output, capsys)
    assert code == 1
    assert "Traceback" not in message
    assert message.startswith("error:")
    assert re.search(pattern, message), message
    assert f"{file}:" in message.replace("\\", "/")
    if needle is not None:
        assert f"{file}:{line_of(path, needle)}" in message, message
    assert_nothing_written(output)


def test_yaml_syntax_error_names_the_line_pyyaml_found(book_copy, tmp_path, capsys):
    path = book_copy / "book.yaml"
    edit(path, "language: es", "language: es\n  bad: indentation: here")
    code, message = run_build(book_copy, tmp_path / "out", capsys)
    assert code == 1
    assert re.search(r"book\.yaml:\d+: YAML syntax error", message)


def test_a_failed_render_leaves_neither_a_partial_nor_a_clobbered_pdf(tiny_book, tmp_path,
                                                                      capsys, monkeypatch):
    output = tmp_path / "out"
    assert run_build(tiny_book, output, capsys)[0] == 0
    built = output / tiny_book.name / f"{tiny_book.name}.pdf"
    good = built.read_bytes()

    original = output_module.os.replace
    monkeypatch.setattr(output_module.os, "replace",
                        lambda *a: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        output_module.write_atomically(built, b"%PDF-half")
    monkeypatch.setattr(output_module.os, "replace", original)
    assert built.read_bytes() == good
    assert not [p.name for p in built.parent.iterdir() if p.suffix == ".part"]


def test_check_writes_nothing_and_reports_ok(tmp_path, capsys, monkeypatch):
    from repo import ARTEFACTS

    def snapshot(root):  # (the browser tests' screenshots, written meanwhile, left out)
        return {p: p.stat().st_mtime_ns for p in root.rglob("*")
                if p.is_file() and ARTEFACTS not in p.parents}

    from repo import OUTPUT_ROOT as output
    before_output, before_content = snapshot(output), snapshot(CONTENT_ROOT)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--content", str(CONTENT_ROOT)]) == 0
    assert "ok solo-catan" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
    assert snapshot(output) == before_output and snapshot(CONTENT_ROOT) == before_content


def test_unknown_book_name_is_a_clear_error(capsys):
    assert main(["check", "no-such-book"]) == 2  # a mistake on the command line
    err = capsys.readouterr().err
    assert "no book.yaml here" in err and "solo-catan" in err


def test_a_cost_that_disagrees_with_the_official_facts_stops_the_build(tmp_path, capsys):
    """Seed 002 gives the settlement without grain: entered like that, the check says so."""
    import shutil
    from repo import CONTENT_ROOT
    content = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT / "catan-base", content / "catan-base")
    shutil.copytree(CONTENT_ROOT / "_facts", content / "_facts")
    path = content / "catan-base" / "components.yaml"
    edit(path, "cost: [brick, lumber, wool, grain]", "cost: [brick, lumber, wool]")
    code, message = run_build(content / "catan-base", tmp_path / "out", capsys)
    assert code == 1
    assert f"components.yaml:{line_of(path, 'cost: [brick, lumber, wool]')}" in message
    assert ("the settlement costs arcilla, madera, lana here, but the official cost is "
            "arcilla, madera, lana, cereal (catan-base.yaml)") in message
    assert_nothing_written(tmp_path / "out")


def test_a_card_may_only_repeat_a_rule_statement_the_chapters_print(book_copy, tmp_path, capsys):
    """Cards and chapters take shared rules from statements.yaml; a card line using one
    that no chapter prints would be a rule only the card states."""
    edit(book_copy / "chapters" / "13-reciclaje.md", '- {{ rule("reciclar") }}', "- Reciclar.")
    output = tmp_path / "out"
    code, message = run_build(book_copy, output, capsys)
    assert code == 1 and "Traceback" not in message
    path = book_copy / "print.yaml"
    line = line_of(path, 'rule("reciclar")')
    assert f"print.yaml:{line}" in message, message
    assert "repeats rule statement 'reciclar', which no chapter prints" in message
    assert_nothing_written(output)


def test_a_rulings_question_that_is_not_a_question_is_an_error_at_its_line(tiny_book,
                                                                          tmp_path, capsys):
    """The almanac prints a ruling's question, then its decision: «El texto no dice si…» as
    the question read as an answer with no question (review: solo R04, R08, R12)."""
    rulings = tiny_book / "rulings.yaml"
    edit(rulings, "question: What if two players get there at once?",
         "question: The text says nothing about two players getting there at once.")
    assert_one_located_error(tiny_book, tmp_path, capsys, "rulings.yaml",
                             line_of(rulings, "question: The text says nothing"),
                             r"\(\[0\]\.question\): a ruling's question does not end in a "
                             r"question mark; expected the question a player asks")


@pytest.mark.parametrize("written, meant", [("coin", "res.coin"), ("rounds", "game.rounds")])
def test_a_bare_data_name_says_what_holds_it(written, meant, tiny_book, tmp_path, capsys):
    """`{{ rounds }}` for a game parameter the book sets, `{{ coin }}` for a resource: the
    name is the one its holder gives it (`game.rounds`, `res.coin`)."""
    edit(tiny_book / "components.yaml", "  goal: 10\n", "  goal: 10\n  rounds: 5\n")
    chapter = tiny_book / "chapters" / "02-rules.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + f"\nIt has {{{{ {written} }}}}.\n",
                       encoding="utf-8")
    assert_one_located_error(tiny_book, tmp_path, capsys, "chapters/02-rules.md",
                             line_of(chapter, "It has"),
                             rf"unknown data name '{written}': did you mean {meant}\?; "
                             rf"expected {meant}: a name the book's")


def test_a_negative_count_of_buildings_at_an_examples_start_is_refused(tmp_path, capsys):
    """A count of what stands at an example's start (the costs engine's `built:`) is a
    count: -2 roads would have scored below nothing."""
    content = tmp_path / "content"
    for name in ("catan-base", "_facts"):
        shutil.copytree(CONTENT_ROOT / name, content / name)
    example = content / "catan-base" / "examples" / "01-poblado.yaml"
    edit(example, "built: {settlement: 2, road: 2}", "built: {settlement: 2, road: -2}")
    assert_one_located_error(content / "catan-base", tmp_path, capsys,
                             "examples/01-poblado.yaml", line_of(example, "road: -2"),
                             r"\(start\.built\.road\): invalid value -2: below the smallest")
