"""Editing a copy of a book the way the error tests do: replace a piece of text once, and find
the line a located error must name; then run the command on it and list what it wrote. And
the small book `rulebook new` makes, to damage."""

from __future__ import annotations

import os
import re
from pathlib import Path

from generator.cli import main


#: The first chapter of a book `new_book` makes.
TINY_CHAPTER = "chapters/01-introduction.md"


def new_book(project: Path) -> Path:
    """A tiny book, made as a user starts one (`rulebook init PROJECT`, then `rulebook new
    juego --lang en --cards`): three short chapters (TINY_CHAPTER, 02-rules.md,
    03-rulings.md), components, glossary, rulings and a reference card; no examples, no
    engine. It checks and builds in a fraction of the solo book's time."""
    assert main(["init", str(project)]) == 0
    assert main(["new", "juego", "--lang", "en", "--cards", "--content",
                 str(project / "content")]) == 0
    return project / "content" / "juego"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "\n" + text + "\n", encoding="utf-8")


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    found = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if needle in line]
    assert len(found) >= nth, f"{needle!r} not {nth} times in {path}"
    return found[nth - 1]


def run(command: str, book: Path, output: Path, capsys) -> tuple[int, str]:
    """`rulebook check|build BOOK`: any exception but the command's own errors fails the
    test with its traceback, which is the point."""
    args = [command, str(book)] + (["--output", str(output)] if command == "build" else [])
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.err + captured.out


def files_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def assert_one_located_error(book: Path, tmp_path: Path, capsys, file: str, line: int | None,
                             pattern: str) -> None:
    """`check` and `build` both stop with the same single line, naming file:line (the file
    alone when `line` is None) and the pattern; `build` writes nothing at all."""
    output = tmp_path / "out"
    for command in ("check", "build"):
        code, message = run(command, book, output, capsys)
        assert code == 1, message
        assert "Traceback" not in message
        lines = message.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), message
        assert (f"{book / file}:{line}" if line else f"{book / file}: ") in lines[0], message
        assert re.search(pattern, lines[0]), message
    assert files_in(output) == []


def scaffold_book(root: Path) -> Path:
    """`rulebook init p && cd p && rulebook new g --lang en --cards` in `root`: the book's
    folder (root/p/content/g). The working directory is left as it was."""
    here = Path.cwd()
    try:
        os.chdir(root)
        assert main(["init", "p"]) == 0
        os.chdir(root / "p")
        assert main(["new", "g", "--lang", "en", "--cards"]) == 0
    finally:
        os.chdir(here)
    return root / "p" / "content" / "g"


def full_sheet(book: Path) -> Path:
    """A copy of catan-base with its conformance appendix on the sheet (`with_appendix`),
    less its paragraphs on development cards and on points: the sheet then fills both sides
    at its smallest type (whole, the appendix would need a third page). (Since 2026-12-08
    the example starts from the set-up's buildings, a line taller: the paragraph on playing
    a development card goes too.)"""
    with_appendix(book)
    chapter = book / "chapters" / "01-resumen.md"
    text = chapter.read_text(encoding="utf-8")
    kept = re.sub(r"\nLas cartas de desarrollo no son piezas:.*?hasta que ganas\.\n", "\n", text,
                  flags=re.S)
    kept = re.sub(r"\nPoblado \{\{.*?quien la tenía la conserva\.\n", "\n", kept, flags=re.S)
    kept = re.sub(r"\nPuedes jugar una carta de desarrollo.*?victoria\.\n", "\n", kept,
                  flags=re.S)
    assert kept.count("\n") < text.count("\n") - 10, \
        "the paragraphs on development cards and points are gone from the summary"
    chapter.write_text(kept, encoding="utf-8")
    return book


def with_appendix(book: Path) -> Path:
    """The copy with its conformance appendix back in its own pages (dropped from book.yaml's
    `dossier:`): the tests of a full sheet and of cross-references read its rows."""
    text = (book / "book.yaml").read_text(encoding="utf-8")
    kept = re.sub(r"(?m)^(dossier:\n(?:  - [^\n]*\n)*?)  - \d\d-conformidad\.md\n", r"\1", text)
    assert kept != text, "the shipped book's dossier has no conformance appendix"
    (book / "book.yaml").write_text(kept, encoding="utf-8")
    return book
