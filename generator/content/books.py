"""Finding books: the books of a content folder, and a book named on the command line.

Kept apart from the loader (and its pydantic model, Jinja and Markdown) so that the command
can tell which books it is asked about for the price of a few `stat` calls, before importing
any of the machinery that checks a book.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import Location, UsageError
from generator.core.files import present

#: The folder beside a project's books with the facts they share (researched costs, the
#: family's vocabulary): a change in it is a change to every book of the folder.
FACTS_FOLDER = "_facts"


def book_folders(root: Path) -> list[Path]:
    """The books of a project's content folder: its folders that hold a book.yaml (one that
    is a pipe too: the loader refuses it at its path, rather than the book going unseen)."""
    return sorted(p for p in root.iterdir() if present(p / "book.yaml"))


def find_book(name: str, root: Path | None) -> Path:
    """A book named on the command line: a path to a book folder (relative to where you
    stand), or a folder name under the project's content folder `root`."""
    candidate = Path(name)
    if present(candidate / "book.yaml"):
        return candidate
    if root is not None and present(root / name / "book.yaml"):
        return root / name
    if root is None:  # a mistake on the command line (exit 2), located as content's are
        raise UsageError(f"{Location(candidate)}: no book.yaml here, and no rulebook project "
                         "here or above; expected a book folder, or a book name inside a "
                         "project (rulebook init makes one)")
    known = ", ".join(p.name for p in book_folders(root)) if root.is_dir() else ""
    raise UsageError(f"{Location(candidate)}: no book.yaml here; expected a book folder or "
                     f"one of: {known or 'none'}")
