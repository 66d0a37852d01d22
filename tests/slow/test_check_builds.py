"""Whatever `rulebook check` accepts, `rulebook build` builds (issue 29).

Random damage to a book, the small one `rulebook new` makes and a copy of a shipped one:
fragments spliced into a chapter (the hostile Markdown, Jinja and characters found so far,
and random text), values of its YAML files replaced or deleted (yes/no words, .nan, escapes
of characters no font has or no text may hold), a statement or a card line written with the
same fragments, blocks that test the layout (taller than a page, or sharing a page's width
out finely: `BLOCKS`, in a note, a quote or a list item). Then `check` and `build` in turn: they agree (both pass or both stop), neither
prints a traceback, a stop is located lines of error, a stopped build writes nothing, a build
writes its PDF. tests/slow/test_fuzz_content.py damages the shipped books and runs one command.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from contentedit import files_in, run, scaffold_book
from fuzzing import FRAGMENTS, YAML_VALUES, assert_clean, paths
from repo import CONTENT_ROOT

#: What check passed and build crashed on, or built wrong, in issue 29; and their kin.
HOSTILE = [
    "| a |\n|---|\n| x |", "|  |\n|---|\n| x |", "|\n|-|\n|x|", "| a | b |\n|---|---|\n| x |",
    "| a | b |\n|---|---|\n| x | y | z |", '!!! note "N"\n    | a |\n    |---|\n    | x |',
    '{{ "[[example:" ~ "nada]]" }}', '!!! note "N"\n    {{ "[[figure:" ~ "x]]" }}',
    '{{ example("nada") }}', "&#x2680;", '{{ "\\u2680" }}', '{{ "\\ud800" }}', '{{ "\\x07" }}',
    "&#7;", "&#xD800;", "&#x1F3B2;", "[m](HTTPS://EXAMPLE.ORG)", "<HTTPS://EXAMPLE.ORG/R99>",
    "{% if 1 %}", "{% endif %}", "{% for x in [1] %}", "{{ x", "{{ decimal(1.5, 30) }}",
    '{{ count(true, "a", "b") }}', '{{ "a".ljust(10**10) }}', '{{ "a".encode() * 10**10 }}',
    '{{ ("\\t" * 100).expandtabs(99999)|length }}', '{{ [[0] * 10] * 10 }}', "<!-- ⚀ -->",
    "![x](figures/a%00.png)", "{#rules}", "## T {#rules}", "{{ rule(\"s\") }}",
]
TEXTS = st.one_of(st.sampled_from(HOSTILE + FRAGMENTS), st.text(max_size=30))
#: YAML values: the fuzz suite's, and texts whose escapes write what no line shows.
VALUES = st.one_of(YAML_VALUES, st.sampled_from(
    ["yes", True, False, float("nan"), float("inf"), "\x07", "\x1b[31m", "\0", "\x9b",
     "\u2680", "&#x2680;", "{#rules}", "Ties {#rules}", "[[example:x]]",
     "{{ '\\u2680' }}", "{{ '\\x07' }}", "{% if 1 %}", "03-rulings.md\0", 10**30, -1, 0]))


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, Path]:
    """The scaffolded book, and the smallest shipped book with an engine and examples."""
    scaffold = scaffold_book(tmp_path_factory.mktemp("scaffold"))
    shipped = tmp_path_factory.mktemp("shipped") / "content"
    shutil.copytree(CONTENT_ROOT / "catan-base", shipped / "catan-base")
    shutil.copytree(CONTENT_ROOT / "_facts", shipped / "_facts")
    return {"new": scaffold.parent.parent, "catan-base": shipped.parent}


def splice(data, book: Path) -> None:
    chapter = data.draw(st.sampled_from(sorted((book / "chapters").glob("*.md"))))
    lines = chapter.read_text(encoding="utf-8").splitlines()
    at = data.draw(st.integers(0, len(lines)))
    chapter.write_text("\n".join(lines[:at] + ["", data.draw(TEXTS), ""] + lines[at:]) + "\n",
                       encoding="utf-8")


def retype(data, book: Path) -> None:
    """A value of a YAML file replaced or deleted (safe_dump writes escapes for what no line
    may hold: the parser gives them back)."""
    file = data.draw(st.sampled_from(sorted(book.rglob("*.yaml"))))
    tree = yaml.safe_load(file.read_text(encoding="utf-8"))
    where = data.draw(st.sampled_from(list(paths(tree))[1:] or [()]))
    if not where:
        tree = data.draw(VALUES)
    else:
        parent = tree
        for step in where[:-1]:
            parent = parent[step]
        if data.draw(st.booleans()):
            parent[where[-1]] = data.draw(VALUES)
        else:
            del parent[where[-1]]
    file.write_text(yaml.safe_dump(tree, allow_unicode=False), encoding="utf-8")


def statement(data, book: Path) -> None:
    """statements.yaml's `s` holds the text; a chapter prints it."""
    (book / "statements.yaml").write_text(yaml.safe_dump({"s": data.draw(TEXTS)}),
                                          encoding="utf-8")
    chapter = sorted((book / "chapters").glob("*.md"))[-1]
    chapter.write_text(chapter.read_text(encoding="utf-8") + '\n{{ rule("s") }}\n',
                       encoding="utf-8")


def card_line(data, book: Path) -> None:
    file = book / "print.yaml"
    if not file.exists():
        return
    spec = yaml.safe_load(file.read_text(encoding="utf-8"))
    faces = ((spec if isinstance(spec, dict) else {}).get("cards") or {}).get("faces") or [{}]
    face = faces[0] if isinstance(faces, list) else {}
    if isinstance(face, dict) and isinstance(face.get("lines"), list):
        face["lines"].append(data.draw(TEXTS))
        file.write_text(yaml.safe_dump(spec), encoding="utf-8")


def _table(columns: int, cell: str, header: str = "H", rows: int = 2) -> list[str]:
    return (["| " + " | ".join([header] * columns) + " |", "|" + "---|" * columns] +
            ["| " + " | ".join([cell] + ["x"] * (columns - 1)) + " |"] * rows)


#: Blocks that no page holds whole, or that share a page's width out too finely: what check
#: passed and build could not lay out (a table's header or cell, a quote's paragraph, a
#: note's list, table or title taller than a page; many columns; lists inside lists) or
#: laid out leaving words out (a table, note or quote in a list item).
BLOCKS = {
    "tall header": lambda n: _table(2, "x", header="Lorem " * (100 * n)),
    "tall cell": lambda n: _table(2, "Lorem " * (100 * n)),
    "many rows": lambda n: _table(2, "x", rows=20 * n),
    "many columns": lambda n: _table(n, "x"),
    "long paragraph": lambda n: ["Lorem " * (200 * n)],
    "long list": lambda n: [f"- Item {i}" for i in range(20 * n)],
    "deep list": lambda n: ["    " * i + f"- Level {i}" for i in range(n)],
}
#: Where a block goes: as it is, in a note (or its title), a quote or a list item.
PLACES = {
    "alone": lambda lines: lines,
    "note": lambda lines: ['!!! note "N"', ""] + ["    " + line for line in lines],
    "note title": lambda lines: ['!!! note "' + " ".join(lines).replace('"', "") + '"',
                                 "    x"],
    "quote": lambda lines: ["> " + line for line in lines],
    "list item": lambda lines: ["- Item", ""] + ["    " + line for line in lines],
}


def layout(data, book: Path) -> None:
    """A block of BLOCKS, `n` times its size, placed as PLACES says, in a chapter."""
    kind = data.draw(st.sampled_from(sorted(BLOCKS)))
    lines = BLOCKS[kind](data.draw(st.integers(1, 30)))
    lines = PLACES[data.draw(st.sampled_from(sorted(PLACES)))](lines)
    chapter = data.draw(st.sampled_from(sorted((book / "chapters").glob("*.md"))))
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\n\n" + "\n".join(lines) +
                       "\n", encoding="utf-8")


DAMAGES = [splice, splice, retype, statement, card_line, layout, layout]


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_what_check_accepts_build_builds(data, books, capsys):
    name = data.draw(st.sampled_from(["new", "new", "new", "catan-base"]))
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "p"
        shutil.copytree(books[name], project)
        book = next(p for p in (project / "content").iterdir() if not p.name.startswith("_"))
        for damage in data.draw(st.lists(st.sampled_from(DAMAGES), min_size=1, max_size=3)):
            damage(data, book)
        output = Path(tmp) / "out"
        checked, said = run("check", book, output, capsys)
        assert_clean(checked, said, [])
        event("check passed" if checked == 0 else "check stopped")
        code, message = run("build", book, output, capsys)
        assert_clean(code, message, files_in(output))
        assert code == checked, f"check said {said!r}, build said {message!r}"
        if code == 0:
            assert (output / book.name / f"{book.name}.pdf").stat().st_size > 0
