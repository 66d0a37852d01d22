"""The commit a folder's content is at, for a dossier's provenance: read from the files of
its git repository (HEAD, a branch's ref, packed-refs; a worktree's `gitdir`), so that no git
program is needed and a folder outside any repository simply has none."""

from __future__ import annotations

import re
from pathlib import Path

SHA = re.compile(r"[0-9a-f]{40}")


def commit_of(folder: Path) -> str | None:
    """The full hash of the commit checked out where `folder` lies, or None (no repository,
    or one this reading does not follow)."""
    try:
        git = next((p / ".git" for p in [folder.resolve(), *folder.resolve().parents]
                    if (p / ".git").exists()), None)
        if git is None:
            return None
        if git.is_file():  # a worktree: "gitdir: <its folder under the main .git>"
            # (relative to the .git file's folder when written relative)
            git = (git.parent / git.read_text(encoding="utf-8").split(":", 1)[1].strip()
                   ).resolve()
        common = git / "commondir"
        shared = (git / common.read_text(encoding="utf-8").strip()).resolve() \
            if common.is_file() else git
        head = (git / "HEAD").read_text(encoding="utf-8").strip()
        if SHA.fullmatch(head):  # a detached HEAD
            return head
        ref = head.removeprefix("ref: ").strip()
        for base in (git, shared):
            if (base / ref).is_file():
                found = (base / ref).read_text(encoding="utf-8").strip()
                return found if SHA.fullmatch(found) else None
        packed = shared / "packed-refs"
        if packed.is_file():
            for line in packed.read_text(encoding="utf-8").splitlines():
                sha, _, name = line.partition(" ")
                if name == ref and SHA.fullmatch(sha):
                    return sha
    except (OSError, UnicodeDecodeError, IndexError):
        return None
    return None
