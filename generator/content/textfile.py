"""Reading a content file as text: every way it can fail is one located error.

A folder where a file should be, a named pipe or a device (refused before it is opened, so it
cannot block: core/files.py), a file the user may not read, bytes that are not UTF-8 (at the
line of the first bad byte); a UTF-8 byte-order mark, as some editors save, is accepted.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import ContentError, Location
from generator.core.files import NotRegularFile, read_bytes

BOM = "\ufeff"


def read_text(file: Path, missing: str = "file not found", follow: bool = True) -> str:
    """The text of `file`; without `follow`, a symbolic link is refused too."""
    try:
        data = read_bytes(file, follow=follow)
    except FileNotFoundError:
        raise ContentError(Location(file), missing) from None
    except NotRegularFile as exc:
        raise ContentError(Location(file), exc.found, "a file") from None
    except OSError as exc:
        raise ContentError(Location(file), f"cannot read the file ({exc.strerror or exc})",
                           "a file you may read") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ContentError(Location(file, line), f"not UTF-8 text ({exc.reason})",
                           "the file saved as UTF-8") from None
    return text[1:] if text.startswith(BOM) else text
