"""Drift-proofing: the source's rules traced into the book, scenarios replayed like examples,
and every rule path and refusal of the solo engine reached by some replay."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from generator.cli import main
from generator.content.loader import load_book
from repo import CONTENT_ROOT, book_folders, seed_excerpts, shipped
from generator.content.prose import text_of
from generator.games.solo_catan import actions, explain, game
from generator.games.solo_catan.coverage import ACTIONS, BUILT, REFUSAL_CODES, RULE_EVENTS
from generator.examples.replay import adapter_for, check_book

SOLO = CONTENT_ROOT / "solo-catan"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def check(book: Path, capsys, *options: str) -> tuple[int, str]:
    code = main(["check", *options, str(book)])
    captured = capsys.readouterr()
    return code, captured.err + captured.out


# --- the engine's declarations cannot drift from its code ----------------------------------

def _calls(module) -> list[ast.AST]:
    return list(ast.walk(ast.parse(inspect.getsource(module))))


def test_refusal_codes_are_exactly_those_explain_can_give():
    codes = {node.args[0].value for node in _calls(explain)
             if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "refuse"
             and node.args and isinstance(node.args[0], ast.Constant)}
    assert codes == REFUSAL_CODES


def test_rule_paths_are_exactly_the_events_the_game_counts():
    """`self.events[KEY]` in game.py: string keys are RULE_EVENTS, `"built-" + …` is BUILT,
    `type(action).__name__` is one name per action class."""
    names, prefixes, by_class = set(), set(), False
    for node in _calls(game):
        if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
                and node.value.attr == "events"):
            continue
        key = node.slice
        if isinstance(key, ast.Constant):
            names.add(key.value)
        elif isinstance(key, ast.BinOp) and isinstance(key.left, ast.Constant):
            prefixes.add(key.left.value)
        elif isinstance(key, ast.Attribute) and key.attr == "__name__":
            by_class = True
        else:
            pytest.fail(f"an event key the coverage cannot read: {ast.unparse(key)}")
    assert names == set(RULE_EVENTS)
    assert prefixes == {"built-"} and all(p.startswith("built-") for p in BUILT)
    assert by_class
    assert set(ACTIONS) == {c.__name__ for c in actions.Action.__subclasses__()}


# --- coverage: what the examples and scenarios reach ---------------------------------------

def test_every_rule_path_and_refusal_code_is_exercised(solo_book):
    replays = check_book(solo_book, scenarios=True)
    paths, codes = adapter_for(solo_book).uncovered(replays)
    assert (paths, codes) == ([], []), (
        f"no example or scenario fires {paths} or meets the refusals {codes}: "
        "add a scenario in content/solo-catan/scenarios/")


def test_check_coverage_reports_and_sets_the_exit_code(capsys):
    code, out = check(SOLO, capsys, "--coverage")
    assert ("uncovered solo-catan" in out) == (code == 1)
    assert ("covered solo-catan: every rule path" in out) == (code == 0)
    code, out = check(CONTENT_ROOT / "catan-base", capsys, "--coverage")
    assert code == 0 and "declares no rule paths" in out


# --- the conformance table ---------------------------------------------------------------

def test_no_conformance_row_is_pending(solo_book):
    pending = [row.id for _, row in solo_book.conformance.pending()]
    assert pending == [], f"rows still without a check: {', '.join(pending)}"


def test_every_row_is_checked_by_an_example_or_scenario_of_the_book(solo_book):
    ids = {s.example.id for s in solo_book.examples + solo_book.scenarios}
    for row in solo_book.conformance.rows:
        assert row.pending or (row.checks and set(row.checks) <= ids), row.id


# The seeds, the sources the tables quote, live outside the repository: what they say where a
# table quotes them is a fixture (tests/fixtures/seed_excerpts.json, scripts/seed_excerpts.py).
@pytest.fixture(scope="module")
def excerpts() -> dict:
    return seed_excerpts()


def _quoted_in(quote: str, places: list[str]) -> bool:
    return any(" ".join(quote.split()) in place for place in places)


def test_every_quote_is_verbatim_in_the_passage_it_names(excerpts, solo_book):
    passages = excerpts["solo-catan"]["passages"]
    for row in solo_book.conformance.rows:
        assert row.passage in passages, row.id
        assert _quoted_in(row.quote, passages[row.passage]), row.id


# --- every book has a table, and every table holds -------------------------------------------

ALL_BOOKS = [folder.name for folder in book_folders()]
@pytest.fixture(scope="module")
def books() -> dict:
    """slug → every book of content/, loaded once for the module."""
    return {slug: shipped(slug) for slug in ALL_BOOKS}


@pytest.mark.parametrize("slug", ALL_BOOKS)
def test_every_book_has_a_conformance_table_and_it_passes(slug, capsys, books):
    book = books[slug]
    assert book.conformance is not None and book.conformance.rows, \
        f"content/{slug}/conformance.yaml is missing or empty"
    ids = {s.example.id for s in book.examples + book.scenarios}
    for row in book.conformance.rows:
        assert not row.pending, (slug, row.id)
        if row.checks:
            assert set(row.checks) <= ids and row.unchecked is None, (slug, row.id)
        else:
            assert row.unchecked and row.unchecked.strip(), (slug, row.id)
    code, out = check(CONTENT_ROOT / slug, capsys)
    assert code == 0 and "pending" not in out, out


def _table_chapter(book):
    """The chapter that prints the conformance table (the dossier's appendix)."""
    return next(c for c in book.chapters if c.id == "conformidad")


@pytest.mark.parametrize("slug", ALL_BOOKS)
def test_the_appendix_prints_every_row(slug, books):
    book = books[slug]
    text = " ".join(text_of(_table_chapter(book).tree).split())
    for row in book.conformance.rows:
        assert f"{row.id} · Texto original" in text, (slug, row.id)
        if row.unchecked:
            assert f"no lo comprueba el motor: {row.unchecked.rstrip('.')}" in text, row.id


def test_every_book_names_its_seeds_headings(excerpts):
    """Every book has its seed's excerpts, cut at the seed's headings (the passages)."""
    assert set(excerpts) == set(ALL_BOOKS)
    for slug in ALL_BOOKS:
        assert excerpts[slug]["passages"], slug


@pytest.mark.parametrize("slug", [slug for slug in ALL_BOOKS if slug != "solo-catan"])
def test_other_books_quote_their_seed_verbatim_in_the_passage_named(slug, excerpts, books):
    passages = excerpts[slug]["passages"]
    for row in books[slug].conformance.rows:
        assert row.passage in passages, (slug, row.id, row.passage)
        assert _quoted_in(row.quote, passages[row.passage]), (slug, row.id)


BROKEN_ROWS = {
    "missing section": ("  section: introduccion\n", "  section: nowhere\n",
                        r"\(\[0\]\.section\): unknown section 'nowhere'"),
    "missing example": ("  checks: [victoria]\n", "  checks: [victory]\n",
                        r"\(\[0\]\.checks\[0\]\): unknown example or scenario 'victory'"),
    "missing ruling": ("  rulings: [R19]\n  checks: [victoria]", "  rulings: [R99]\n  checks: [victoria]",
                       r"\(\[0\]\.rulings\[0\]\): unknown ruling 'R99'"),
    "nothing checks it": ("  checks: [victoria]\n", "  checks: []\n",
                          r"\(\[0\]\.checks\): row C01: no example or scenario checks this rule"),
    "unchecked but checked": ("  checks: [victoria]\n",
                              "  checks: [victoria]\n  unchecked: no cuenta puntos\n",
                              r"\(\[0\]\.unchecked\): row C01 is marked unchecked but has checks"),
    "unchecked and pending": ("  checks: [victoria]\n",
                              "  checks: []\n  pending: true\n  unchecked: no cuenta puntos\n",
                              r"\(\[0\]\.unchecked\): row C01 is marked unchecked but is pending"),
    "unchecked without a reason": ("  checks: [victoria]\n", "  checks: []\n  unchecked: ' '\n",
                                   r"\(\[0\]\.unchecked\): invalid value"),
    "long quote": ("  quote: El objetivo es llegar a 20 puntos.\n",
                   "  quote: " + " ".join(["palabra"] * 26) + "\n",
                   r"\(\[0\]\.quote\): invalid value .*at most 25 words"),
}


@pytest.mark.parametrize("case", BROKEN_ROWS, ids=list(BROKEN_ROWS))
def test_a_broken_row_is_a_located_error_in_conformance_yaml(book_copy, capsys, case):
    old, new, pattern = BROKEN_ROWS[case]
    edit(book_copy / "conformance.yaml", old, new)
    code, out = check(book_copy, capsys)
    assert code == 1 and "Traceback" not in out
    assert re.search(r"conformance\.yaml:\d+ " + pattern, out), out


def test_a_pending_row_is_a_warning_naming_its_line(book_copy, capsys):
    edit(book_copy / "conformance.yaml", "  checks: [victoria]\n", "  checks: []\n  pending: true\n")
    code, out = check(book_copy, capsys)
    assert code == 0
    assert re.search(r"pending .*conformance\.yaml:\d+ \(\[0\]\.pending\): conformance row C01 ",
                     " ".join(out.split()))


def test_an_unchecked_row_passes_and_prints_its_reason(book_copy, capsys):
    edit(book_copy / "conformance.yaml", "  checks: [victoria]\n",
         "  checks: []\n  unchecked: no cuenta los puntos.\n")
    code, out = check(book_copy, capsys)
    assert code == 0 and "pending" not in out, out
    text = " ".join(text_of(_table_chapter(load_book(book_copy)).tree).split())
    assert "Comprobado en: no lo comprueba el motor: no cuenta los puntos." in text


def test_the_table_must_be_printed(book_copy, capsys):
    edit(book_copy / "chapters" / "16-conformidad.md", "{{ conformance_table() }}", "")
    code, out = check(book_copy, capsys)
    assert code == 1 and "conformance.yaml" in out and "not printed" in out


# --- scenarios ---------------------------------------------------------------------------

def test_a_failing_scenario_refuses_the_book_with_its_place(book_copy, tmp_path, capsys):
    edit(book_copy / "scenarios" / "03-dos-carreteras.yaml", "      roads: [A, B]\n",
         "      roads: [A, A]\n")
    code, out = check(book_copy, capsys)
    assert code == 1
    assert re.search(r"03-dos-carreteras\.yaml:\d+ \(steps\[1\]\): scenario 'dos-carreteras', "
                     r"step 2 \(continue brick\): expected roads \['A', 'A'\], found \['A', 'B'\]",
                     " ".join(out.split())), out
    output = tmp_path / "out"
    assert main(["build", str(book_copy), "--output", str(output)]) == 1
    assert not output.exists() or not any(output.rglob("*.pdf"))


def test_a_scenario_may_not_take_an_example_id(book_copy, capsys):
    edit(book_copy / "scenarios" / "03-dos-carreteras.yaml", "id: dos-carreteras", "id: carretera")
    code, out = check(book_copy, capsys)
    assert code == 1
    assert re.search(r"03-dos-carreteras\.yaml:\d+ \(id\): scenario id 'carretera' is used twice; "
                     r"expected ids unique in the book \(also in examples/02-carretera\.yaml\)",
                     " ".join(out.split())), out


def test_a_scenario_that_checks_no_row_is_an_error_at_its_id(book_copy, capsys):
    """The dossier prints each scenario with the rows it checks; one that checks none
    proves nothing a reader can find (S20 did, review of 2026-12-05)."""
    edit(book_copy / "conformance.yaml", "ciudad-perdida]", "]")
    code, out = check(book_copy, capsys)
    assert code == 1 and "Traceback" not in out
    assert re.search(r"20-ciudad-perdida\.yaml:\d+ \(id\): scenario S20 \('ciudad-perdida'\) "
                     r"checks no row of the conformance table", " ".join(out.split())), out


# --- the printed appendix ----------------------------------------------------------------

