"""Where a book may read from: its own folder (and the shared `_facts` folder for the facts it
names). Every file the loader opens goes through `contained`, which resolves the path (``..``
and symbolic links included) and refuses one that lands anywhere else, so a chapter named
``../../../../etc/passwd``, another book's chapter or a link out of the folder is an error at
the place that names it, and nothing outside is ever read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from generator.errors import ContentError, Location

#: The file names a book folder may hold (read by the loader if present).
BOOK_FILES = ("book.yaml", "components.yaml", "glossary.yaml", "rulings.yaml",
              "difficulty.yaml", "figures.yaml", "board.yaml", "scores.yaml", "print.yaml",
              "statements.yaml", "conformance.yaml")


def contained(file: Path, root: Path, error: Callable[[str, str], ContentError] | None = None,
              what: str = "the book's folder") -> Path:
    """`file` unchanged if it resolves (following every link) to a place inside `root`;
    otherwise the ContentError that `error(message, expected)` builds (by default at the file
    itself). The folder holding `root` is resolved, so a book under a linked folder still
    reads its files; `root` itself is not followed, so a linked chapters/ leads out."""
    if error is None:
        def error(message: str, expected: str) -> ContentError:
            return ContentError(Location(file), message, expected)
    root = Path(root).parent.resolve() / Path(root).name
    try:
        target = Path(file).resolve()
    except (RuntimeError, OSError) as exc:  # a link that leads to itself, a name too long
        why = exc.strerror if isinstance(exc, OSError) else "a link that leads back to itself"
        raise error(f"{_shown(file)} cannot be followed ({why})",
                    "a file, or a link to a file inside the book's folder") from None
    if target == root or root in target.parents:
        return file
    raise error(f"{_shown(file)} leads to {target}, outside {what}",
                f"a file inside {what} ({root.name}/), not a path or link out of it")


def _shown(file: Path) -> str:
    return f"'{Path(file).name}'"
