"""Where outputs go: never among the books, and only what the program wrote is replaced or
removed there.

A build once took `--output content` at its word: it wrote its PDFs into the book's own
folder and removed the book's `figures/*.svg` as "figures of an older build". Two rules stop
that:

- The output folder may not be a content folder or a book folder, lie inside one, or hold
  one (`refuse_overlap`): one line, before anything is read or written.
- Each book's output folder keeps a list of the files the program wrote into it, with a
  digest of the bytes it wrote (`Written`, in `.rulebook-written.json`). A build removes only
  files on that list that it did not write again (figures of an older build), and only if
  they still hold what was written; it replaces a file only if the list has it (and the file
  still holds those bytes) or it holds the new bytes already. A file the user made, or
  changed, is never removed or replaced: the build stops with one line instead.

A folder without a list is one a build wrote before lists were kept, if it holds that build's
page-number memo (`.<book>.pages.json`): its files are the older build's, replaced when a build
writes them again but never removed. Any other folder without a list is the user's: nothing in
it is removed, and a file that is in the way of a build is refused.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Iterable

from generator.errors import Location, RenderError
from generator.project import overlap
from generator.core.files import read_bytes

MANIFEST = ".rulebook-written.json"
#: The page-number memo every build has written beside the rulebook (build.py's `layout`):
#: an output folder without a list that holds one was written by an older build.
OLDER_BUILD = ".*.pages.json"
#: A list longer than this was not written by a build (a book writes a few hundred files).
MAX_MANIFEST_BYTES = 4 * 1024 * 1024
ABOUT = ("The files rulebook wrote into this folder, with the SHA-256 of what it wrote: a "
         "build replaces or removes only these, and only while they hold those bytes.")


# --- the output folder against the books ------------------------------------------------------

def refuse_overlap(output: Path, shown: str, folders: Iterable[tuple[Path, str]]) -> None:
    """A RenderError, before anything is written, if the output folder (`shown` as the user
    gave it) is, is inside or holds one of `folders`, each (folder, what it is: "the content
    folder", "the book folder")."""
    for folder, what in folders:
        relation = overlap(output, folder)
        if relation:
            where = str(Location(folder))
            raise RenderError(f"{shown}: the output folder {relation} {what} "
                              f"({Path(folder).resolve() if where == '.' else where + '/'}); "
                              "expected an output folder apart from the books (such as "
                              "output), so that a build never writes over their files")


# --- what the program wrote ---------------------------------------------------------------------

def _inside(name: str) -> bool:
    """Whether `name` is a path inside the folder, as `Written._name` writes it: a list that
    names `../x` or `/x` (a list copied, or one made to harm) is not followed out."""
    path = PurePosixPath(name)
    return bool(name) and not path.is_absolute() and ".." not in path.parts \
        and path.as_posix() == name


def digest(data: bytes) -> str:
    import hashlib  # here: every command finds its project through `overlap`, few write
    return hashlib.sha256(data).hexdigest()


@dataclass
class Written:
    """One output folder's list of what the program wrote there (module docstring)."""

    folder: Path
    #: Each file by its path in the folder → the digests of what was written there: the last
    #: write's, and while a build renames its files into place, the one before too (a build
    #: cut short between the two leaves either, and both are the program's).
    files: dict[str, list[str]] = field(default_factory=dict)
    #: Files an older build left, found when the first list was made: replaced, never removed.
    older: set[str] = field(default_factory=set)

    @property
    def file(self) -> Path:
        return self.folder / MANIFEST

    @classmethod
    def read(cls, folder: Path) -> Written:
        """The folder's list; a first one if it has none (module docstring)."""
        import json
        written = cls(Path(folder))
        try:
            data = json.loads(read_bytes(written.file, MAX_MANIFEST_BYTES, follow=False))
        except FileNotFoundError:
            written.older = written._older_build()
            return written
        except (OSError, ValueError) as exc:
            raise written._damaged(getattr(exc, "strerror", None) or "not JSON") from None
        files, older = (data.get("files"), data.get("older")) if isinstance(data, dict) \
            else (None, None)
        if not (isinstance(files, dict) and isinstance(older, list)
                and all(isinstance(d, list) and all(isinstance(x, str) for x in d)
                        for d in files.values())
                and all(isinstance(name, str) and _inside(name) for name in [*files, *older])):
            raise written._damaged("not the list a build writes")
        written.files, written.older = files, set(older)
        return written

    def _damaged(self, why: str) -> RenderError:
        return RenderError(f"{self.file}: {why}; expected the list of written files as a "
                           "build leaves it, or no such file (a build then replaces no file "
                           "it did not write, and removes none)")

    def _older_build(self) -> set[str]:
        """The regular files of a folder an older build wrote (it holds its page memo), at
        the top and in figures/: where a build writes."""
        if not any(self.folder.glob(OLDER_BUILD)):
            return set()
        found = set()
        for place in (self.folder, self.folder / "figures"):
            for path in place.iterdir() if place.is_dir() else ():
                if stat.S_ISREG(path.lstat().st_mode):
                    found.add(self._name(path))
        return found

    def _name(self, path: Path) -> str:
        return PurePosixPath(*Path(path).relative_to(self.folder).parts).as_posix()

    def _holds_written(self, path: Path) -> bool:
        """Whether `path` is a regular file holding bytes the program wrote there."""
        digests = self.files.get(self._name(path))
        if not digests:
            return False
        try:
            return digest(read_bytes(path, follow=False)) in digests
        except OSError:
            return False

    def claim(self, targets: Iterable[Path]) -> None:
        """Before anything is written: each of `targets` that already exists must be the
        program's (on the list and unchanged, or an older build's); otherwise one line."""
        for target in targets:
            if not os.path.lexists(target):
                continue
            if self._name(target) in self.older or self._holds_written(target):
                continue
            raise RenderError(f"{target}: not written by rulebook (or changed since: it is "
                              f"not as {MANIFEST} lists it), and a build never replaces such "
                              "a file; expected it moved away, or another --output folder")

    def expect(self, files: Iterable[tuple[Path, bytes]]) -> bytes:
        """The list to store while `files` are renamed into place: each one's new digest
        beside the one it had."""
        for target, data in files:
            name = self._name(target)
            self.files[name] = [*self.files.get(name, [])[-1:], digest(data)]
        return self._dumps()

    def settle(self, files: Iterable[tuple[Path, bytes]], prune: Path | None) -> bytes:
        """Once `files` are in place: the list to store, each at its new digest; with
        `prune`, the files on the list in that folder that this build did not write are
        removed, if they still hold what was written (a changed one is left, and forgotten:
        it is the user's now)."""
        for target, data in files:
            self.files[self._name(target)] = [digest(data)]
            self.older.discard(self._name(target))
        if prune is not None:
            self._prune(Path(prune), {self._name(target) for target, _ in files})
        return self._dumps()

    def _prune(self, folder: Path, kept: set[str]) -> None:
        for name in list(self.files):
            path = self.folder / name
            if name in kept or folder not in path.parents:
                continue
            if self._holds_written(path):
                path.unlink(missing_ok=True)
            del self.files[name]

    def _dumps(self) -> bytes:
        import json
        return json.dumps({"about": ABOUT, "files": self.files, "older": sorted(self.older)},
                          indent=1, sort_keys=True).encode()
