"""What a build may keep between runs, so that the next one does not redo it: a result that
depends only on its inputs, stored under the digest of those inputs.

It holds the HTML edition's font subsets (generator/html/fonts.py): cutting six faces down
and compressing them as WOFF2 is a second and a half of every build of a page, and the same
for the next build of a page whose characters did not change; and the figures as svglib
converts them for the PDF (generator/draw/figures.py), two seconds of every build of the
solo book. The key says everything the result depends on (for a font: the font file's
bytes, the characters, fontTools' version, the recipe; for a drawing: the SVG, the
versions of svglib and ReportLab and the typefaces it is set in), so an entry is never
stale: a changed input is another key.

Where: `$RULEBOOK_CACHE` if set (empty or `off`: nothing is kept), else
`$XDG_CACHE_HOME/rulebook`, else `~/.cache/rulebook`. A cache that cannot be read or written
(a read-only home, a full disk) is a cache that is not there: the result is made anew and
the build goes on. Each kind of entry keeps at most `LIMIT` files, the oldest used removed
first; only files this module names (`<64 hex digits>.bin` in its own kind's folder) are
ever removed, so a cache folder pointed at a user's own files loses none of them.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Callable

from generator.core.files import read_bytes
from generator.core.output import write_atomically
from generator.errors import RenderError

#: Entries kept per kind: the font subsets of some 170 pages (six faces each, some 20 KB a
#: face), the drawings of some ten books (16 KB a drawing): some 20 MB a kind at most.
LIMIT = 1024
#: An entry larger than this is not one this module wrote (a font subset is some 30 KB).
MOST_BYTES = 16 * 2**20
_ENTRY = re.compile(r"[0-9a-f]{64}\.bin")


def folder() -> Path | None:
    """The cache's folder, or None when the user turned it off."""
    chosen = os.environ.get("RULEBOOK_CACHE")
    if chosen is not None:
        return None if chosen.strip() in ("", "off") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rulebook"


def digest(*parts: bytes | str) -> str:
    """One key for several inputs (each length-prefixed, so that no two splits collide)."""
    sha = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        sha.update(len(data).to_bytes(8, "big"))
        sha.update(data)
    return sha.hexdigest()


def read(kind: str, key: str) -> bytes | None:
    """The bytes stored under `key` for `kind`, or None (nothing there, or no cache)."""
    root = folder()
    if root is None:
        return None
    entry = root / kind / f"{key}.bin"
    try:
        data = read_bytes(entry, limit=MOST_BYTES, follow=False)  # never a pipe's wait
        if len(data) <= MOST_BYTES:
            os.utime(entry)  # used: the last to go
            return data
    except OSError:
        pass
    return None


def keep(kind: str, key: str, data: bytes) -> None:
    """`data` stored under `key` for `kind`, if there is a cache that can be written."""
    root = folder()
    if root is None:
        return
    entry = root / kind / f"{key}.bin"
    try:
        write_atomically(entry, data)
        _trim(entry.parent)
    except (OSError, RenderError):  # a cache that cannot be written is not there
        pass


def kept(kind: str, key: str, make: Callable[[], bytes]) -> bytes:
    """The bytes stored under `key` for `kind`, or `make()`'s, stored for the next time."""
    data = read(kind, key)
    if data is None:
        data = make()
        keep(kind, key, data)
    return data


def _trim(kind_folder: Path) -> None:
    """Down to LIMIT entries, the least recently used removed first."""
    entries = []
    for path in kind_folder.iterdir():
        if _ENTRY.fullmatch(path.name):
            try:
                entries.append((path.stat().st_mtime, path))
            except OSError:
                continue
    entries.sort()
    for _, path in entries[:max(0, len(entries) - LIMIT)]:
        path.unlink(missing_ok=True)
