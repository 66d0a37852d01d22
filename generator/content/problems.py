"""Every independent mistake of a book at once, not one `check` at a time.

A book is read in stages: each file alone (its fields, its entries), then the files against
each other, then the chapters, then the whole. Within a stage the parts do not depend on
each other, so a mistake in one does not hide a mistake in another: `Problems` runs each
part, keeps what it raised and goes on; at the stage's end `settle` raises them all as one
`ContentErrors` (or the one `ContentError`). A later stage never runs on a part that failed,
so nothing reported is the consequence of something else reported.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from generator.errors import ContentError, ContentErrors

T = TypeVar("T")


class Problems:
    """The mistakes found so far in one stage of reading a book."""

    def __init__(self) -> None:
        self.found: list[ContentError] = []

    def attempt(self, work: Callable[..., T], *args: Any, only_in: Path | None = None) -> T | None:
        """`work(*args)`, or None when it raised a content mistake (kept for `settle`; with
        `only_in`, only what is located in that file: a mistake elsewhere may be the
        consequence of one already kept)."""
        try:
            return work(*args)
        except ContentError as error:
            if only_in is None:
                self.found.append(error)
                return None
            every = error.errors if isinstance(error, ContentErrors) else [error]
            kept = [e for e in every if e.location.file == only_in]
            more = error.more if isinstance(error, ContentErrors) and kept else 0  # (one file's)
            if kept:
                self.found.append(ContentErrors(kept, more) if len(kept) > 1 or more
                                  else kept[0])
            return None

    def settle(self) -> None:
        """Raise what the stage found, if anything: the next stage needs all of it right."""
        if len(self.found) == 1:
            raise self.found[0]
        if self.found:
            raise ContentErrors(self.found)
