"""Random damage to a book's content: `check` and `build` either succeed or stop with located
error lines, never a traceback, and a failed build writes nothing.

The attack suite (test_attacks.py) lists the cases found so far; this property test looks for
the ones nobody thought of, by splicing Markdown constructs into chapters and replacing,
deleting or retyping values anywhere in a book's YAML files.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import main
from damage import FRAGMENTS, YAML_VALUES, assert_clean, paths
from repo import CONTENT_ROOT

BOOKS = ["uno-contra-uno", "catan-base", "splendor-solitario", "catan-para-dos"]
def copy_book(slug: str, root: Path) -> Path:
    shutil.copytree(CONTENT_ROOT / slug, root / "content" / slug)
    shutil.copytree(CONTENT_ROOT / "_facts", root / "content" / "_facts")
    return root / "content" / slug


def run(book: Path, command: str, output: Path, capsys) -> None:
    args = [command, str(book)] + (["--output", str(output)] if command == "build" else [])
    code = main(args)
    captured = capsys.readouterr()
    written = sorted(p for p in output.rglob("*") if p.is_file()) if output.exists() else []
    assert_clean(code, captured.err + captured.out, written if command == "build" else [])


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(slug=st.sampled_from(BOOKS), data=st.data())
def test_spliced_markdown_never_crashes(slug, data, capsys):
    with tempfile.TemporaryDirectory() as tmp:
        book = copy_book(slug, Path(tmp))
        chapters = sorted((book / "chapters").glob("*.md"))
        chapter = data.draw(st.sampled_from(chapters))
        lines = chapter.read_text(encoding="utf-8").splitlines()
        at = data.draw(st.integers(0, len(lines)))
        piece = data.draw(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=40)))
        chapter.write_text("\n".join(lines[:at] + ["", piece, ""] + lines[at:]) + "\n",
                           encoding="utf-8")
        command = data.draw(st.sampled_from(["check", "build"]))
        run(book, command, Path(tmp) / "out", capsys)


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(slug=st.sampled_from(BOOKS), data=st.data())
def test_damaged_yaml_never_crashes(slug, data, capsys):
    with tempfile.TemporaryDirectory() as tmp:
        book = copy_book(slug, Path(tmp))
        files = sorted(book.rglob("*.yaml"))
        file = data.draw(st.sampled_from(files))
        tree = yaml.safe_load(file.read_text(encoding="utf-8"))
        where = data.draw(st.sampled_from(list(paths(tree))[1:] or [()]))
        if where:
            parent = tree
            for step in where[:-1]:
                parent = parent[step]
            if data.draw(st.booleans()):
                parent[where[-1]] = data.draw(YAML_VALUES)
            elif isinstance(parent, dict):
                del parent[where[-1]]
            else:
                parent.pop(where[-1])
        else:
            tree = data.draw(YAML_VALUES)
        file.write_text(yaml.safe_dump(tree, allow_unicode=True), encoding="utf-8")
        command = data.draw(st.sampled_from(["check", "build"]))
        run(book, command, Path(tmp) / "out", capsys)
