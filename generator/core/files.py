"""Reading a file the program did not make (a book's content, rulebook.toml, an output it may
replace) without ever waiting on it.

`open()` of a named pipe (FIFO) waits until something writes into it, forever if nothing
does; a character device such as /dev/zero never ends; a socket cannot be opened at all. A
careless `mkfifo content/g/glossary.yaml` (or a hostile `mknod`, or a link to /dev/zero) would
hang `check`, `build` and `watch`, and a chapter that is a pipe was reported as "not found".
So every such file is read here, in one way: what is at the path is looked at first
(`os.stat`, or `os.lstat` where a link is not to be followed) and anything but a regular file
is refused, named for what it is, before it is opened; the open itself does not block
(`O_NONBLOCK`), and what was opened is looked at again (`fstat`), so that a file swapped for
a pipe between the look and the open cannot block either.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: What is at a path instead of a regular file, by the type `stat` reports.
KINDS = {stat.S_IFDIR: "a folder", stat.S_IFIFO: "a named pipe (FIFO)",
         stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
         stat.S_IFSOCK: "a socket", stat.S_IFLNK: "a symbolic link"}

_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
          | getattr(os, "O_NOCTTY", 0))


class NotRegularFile(OSError):
    """Something other than a regular file where one is read. An OSError, so that whatever
    already says "cannot read the file (…)" for an unreadable file says this too."""

    def __init__(self, file: Path | str, kind: str):
        super().__init__(errno.EINVAL, kind if kind == "a folder"
                         else f"{kind}, not a regular file", str(file))
        self.kind = kind

    @property
    def found(self) -> str:
        """The end of a sentence that names the file: "is a named pipe (FIFO), not a regular
        file", "is a folder"."""
        return f"is {self.strerror}"


def _refuse_unless_regular(file: Path | str, mode: int) -> None:
    kind = stat.S_IFMT(mode)
    if kind != stat.S_IFREG:
        raise NotRegularFile(file, KINDS.get(kind, "not a file"))


def regular_status(file: Path | str, follow: bool = True) -> os.stat_result:
    """`file`'s status, if it is a regular file (with `follow`, a link to one); a
    NotRegularFile otherwise, FileNotFoundError if nothing is there."""
    status = os.stat(file) if follow else os.lstat(file)
    _refuse_unless_regular(file, status.st_mode)
    return status


def read_bytes(file: Path | str, limit: int | None = None, follow: bool = True) -> bytes:
    """The bytes of the regular file `file`, read without ever blocking (see above): a
    NotRegularFile for anything else. With `limit`, at most `limit + 1` bytes are read, so
    that a file growing while it is read cannot fill the memory: more than `limit` bytes
    means too long. Without `follow`, a symbolic link is refused too (`O_NOFOLLOW`)."""
    regular_status(file, follow)
    flags = _FLAGS | (0 if follow else getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(os.open(file, flags), "rb") as stream:
        _refuse_unless_regular(file, os.fstat(stream.fileno()).st_mode)
        return stream.read() if limit is None else stream.read(limit + 1)


def problem(file: Path | str) -> str | None:
    """What keeps `file` from being read as a regular file, as the end of a sentence that
    names it ("not found", "is a folder", "is a named pipe (FIFO), not a regular file"), or
    None when it can be: for a caller that says which file of the book it is."""
    try:
        regular_status(file)
    except (FileNotFoundError, NotADirectoryError):
        return "not found"
    except NotRegularFile as exc:
        return exc.found
    except OSError as exc:  # a loop of links, a name too long, a folder not to be entered
        return f"cannot be read ({exc.strerror or exc})"
    return None


def present(file: Path | str) -> bool:
    """Whether something that is not a folder is at `file` (a link followed): a file the
    program then reads, and refuses there if it is a pipe or a device. Where `is_file()`
    would pass over a pipe as if nothing were there, and say "not found" or nothing at all."""
    try:
        return not stat.S_ISDIR(os.stat(file).st_mode)
    except (OSError, ValueError):
        return False
