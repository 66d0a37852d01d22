"""This repository as a rulebook project: its books are the tests' fixtures. The package
itself knows nothing of this folder (it works on the project the user stands in)."""

from __future__ import annotations

from pathlib import Path

from generator.content import loader

ROOT = Path(__file__).resolve().parents[1]
CONTENT_ROOT = ROOT / "content"
OUTPUT_ROOT = ROOT / "output"


def book_folders() -> list[Path]:
    return loader.book_folders(CONTENT_ROOT)
