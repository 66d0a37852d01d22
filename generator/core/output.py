"""Outputs written whole or not at all, where they belong, and only over what the program wrote.

Every output is rendered to memory first, staged in a hidden `.part` file in its folder and
renamed into place (`write_all`, `write_atomically`), under the folder's lock: a failed build
never leaves a half-written PDF where a reader would find it, nor clobbers the previous good
one, and two builds of one book write one after the other.

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

import contextlib
import glob
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Iterable

from generator.errors import Location, RenderError
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

def overlap(output: Path, folder: Path) -> str | None:
    """How `output` lies against `folder` ("is", "is inside", "holds"), or None when apart.
    Both are resolved (links followed, `..` taken): `cd content && --output .` is caught."""
    output, folder = Path(output).resolve(), Path(folder).resolve()
    if output == folder:
        return "is"
    if folder in output.parents:
        return "is inside"
    if output in folder.parents:
        return "holds"
    return None


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
    #: The names of each family of files named after what made them (a deck's files are
    #: `<id>-…`), as the last write that wrote the family left them (`retire`).
    families: dict[str, list[str]] = field(default_factory=dict)

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
        families = data.get("families", {}) if isinstance(data, dict) else None
        if not (isinstance(families, dict) and all(
                isinstance(names, list) and all(isinstance(n, str) for n in names)
                for names in families.values())):
            raise written._damaged("not the list a build writes")
        if not (isinstance(files, dict) and isinstance(older, list)
                and all(isinstance(d, list) and all(isinstance(x, str) for x in d)
                        for d in files.values())
                and all(isinstance(name, str) and _inside(name) for name in [*files, *older])):
            raise written._damaged("not the list a build writes")
        written.files, written.older, written.families = files, set(older), families
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

    def retire(self, family: str, names: set[str]) -> None:
        """The family's names are now `names`: the files on the list, at the folder's top,
        of a name it had and has no more (`<name>-…`, the longest of its names, old or new,
        that a file's name starts with) are removed if they still hold what was written (a
        changed one is left, and forgotten: it is the user's now). A deck renamed or taken
        out leaves none of its files to be printed by mistake."""
        gone = set(self.families.get(family, [])) - names
        if gone:
            known = sorted(gone | names, key=len, reverse=True)
            for name in list(self.files):
                if "/" in name:
                    continue
                owner = next((n for n in known if name.startswith(n + "-")), None)
                if owner in gone:
                    path = self.folder / name
                    if self._holds_written(path):
                        path.unlink(missing_ok=True)
                    del self.files[name]
        if names:
            self.families[family] = sorted(names)
        else:
            self.families.pop(family, None)

    def _dumps(self) -> bytes:
        import json
        return json.dumps({"about": ABOUT, "files": self.files, "older": sorted(self.older),
                           **({"families": self.families} if self.families else {})},
                          indent=1, sort_keys=True).encode()


# --- writing, whole or not at all ------------------------------------------------------------

def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write_bytes(stream, data: bytes) -> None:
    stream.write(data)


def _stage(target: Path, data: bytes) -> Path:
    """`data` in a hidden `.part` file beside `target` (removed again if writing fails)."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                             suffix=".part")
    except OSError as exc:
        raise RenderError(f"{target.parent}: cannot write output "
                          f"({exc.strerror or exc})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            _write_bytes(stream, data)
        os.chmod(temporary, 0o666 & ~_umask())
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return Path(temporary)


def write_atomically(target: Path, data: bytes) -> None:
    temporary = _stage(target, data)
    try:
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _remove_parts(targets: list[Path]) -> None:
    """Hidden `.part` files a killed build left behind (a finished build leaves none): only
    those `_stage` names after one of `targets`, never another file of the folder."""
    for target in targets:
        if target.parent.is_dir():
            for part in target.parent.glob(f".{glob.escape(target.name)}.*.part"):
                part.unlink(missing_ok=True)


@contextlib.contextmanager
def _locked(folder: Path):
    """One build at a time writes into `folder`: a second build started at once waits here
    rather than removing the first one's staged files or mixing its outputs with them.

    The lock is the operating system's advisory lock on the folder itself (released when the
    process ends, even by SIGKILL), so it leaves no file behind. Windows has no lock on a
    folder; there builds of one book must not be started together."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RenderError(f"{folder}: cannot write output ({exc.strerror or exc})") from None
    try:
        import fcntl
    except ImportError:
        yield
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def write_all(files: list[tuple[Path, bytes]], prune: Path | None = None,
              folder: Path | None = None,
              family: tuple[str, set[str]] | None = None) -> list[Path]:
    """Every file of a build, or none: all are staged as `.part` files first (a full disk or
    Ctrl-C stops here, and the staged files are removed), then renamed into place; a file
    that already holds its new bytes is left as it is.

    With `folder` (the book's output folder, which holds every one of `files`), what is
    written is kept on the folder's list (core/output.py): a file the program did not
    write is never replaced (one line, nothing written), and with `prune` (a folder in it,
    the figures'), the files on the list there that this build did not write (figures of an
    older build) are removed. With `family` (its name, and the names its files are now made
    under: ("decks", the deck ids)), the files of a name it no longer has are removed
    (`Written.retire`). The whole step holds the folder's lock, so two builds of one book at
    once write one after the other, each set whole, each list whole."""
    if not files and prune is None and (family is None or folder is None
                                        or not (Path(folder) / MANIFEST).is_file()):
        return []  # (nothing written, and no list whose family could have changed)
    root = folder or Path(os.path.commonpath([target.parent for target, _ in files] or [prune]))
    with _locked(root):
        written = Written.read(folder) if folder is not None else None
        _write_all(files, written)
        if written is not None:
            if family is not None:
                written.retire(*family)
            write_atomically(written.file, written.settle(files, prune))
    return [target for target, _ in files]


def _write_all(files: list[tuple[Path, bytes]], written: Written | None) -> None:
    _remove_parts([target for target, _ in files])
    # A file already holding these bytes stays as it is: a watcher's rebuild rewrote its
    # fifty unchanged figures every time, and whatever watches the output saw them change.
    files = [(target, data) for target, data in files if not _holds(target, data)]
    for target, _ in files:
        if target.is_dir():
            raise RenderError(f"{target}: cannot write output (a folder is in the way); "
                              "expected no folder of that name in the output folder")
    if written is not None:
        written.claim(target for target, _ in files)
    staged: list[tuple[Path, Path]] = []
    target = None
    try:
        for target, data in files:
            staged.append((_stage(target, data), target))
        if written is not None and files:  # both digests listed while the files are renamed
            write_atomically(written.file, written.expect(files))
        for temporary, target in staged:
            os.replace(temporary, target)
    except OSError as exc:
        raise RenderError(f"{target}: cannot write output ({exc.strerror or exc})") from None
    finally:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)


def _holds(target: Path, data: bytes) -> bool:
    """Whether `target` is a regular file whose content is `data` already (a pipe put in its
    place is not read: core/files.py)."""
    try:
        return target.stat().st_size == len(data) and read_bytes(target, follow=False) == data
    except OSError:  # missing, unreadable, a folder, a pipe: written (or refused) as usual
        return False
