"""Editing a copy of a book the way the error tests do: replace a piece of text once, and find
the line a located error must name."""

from __future__ import annotations

from pathlib import Path


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
