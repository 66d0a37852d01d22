"""The commit a dossier's provenance names, read from a repository's files."""

from __future__ import annotations

from generator.core.commit import commit_of

A, B, C = "a" * 40, "b" * 40, "c" * 40


def repository(root, head: str, refs: dict[str, str] = {}, packed: str = ""):
    git = root / ".git"
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "HEAD").write_text(head + "\n")
    for name, sha in refs.items():
        (git / name).write_text(sha + "\n")
    if packed:
        (git / "packed-refs").write_text(packed)
    (root / "content" / "book").mkdir(parents=True)
    return git


def test_a_branch_a_packed_ref_a_detached_head_and_a_worktree(tmp_path):
    repository(tmp_path / "one", "ref: refs/heads/main", {"refs/heads/main": A})
    assert commit_of(tmp_path / "one" / "content" / "book") == A
    repository(tmp_path / "two", "ref: refs/heads/main",
               packed=f"# pack-refs with: peeled\n{B} refs/heads/main\n")
    assert commit_of(tmp_path / "two" / "content") == B
    repository(tmp_path / "three", C)
    assert commit_of(tmp_path / "three") == C
    # a worktree: .git is a file naming its folder under the main repository's .git, whose
    # `commondir` leads back to the shared refs
    main = repository(tmp_path / "four", "ref: refs/heads/main", {"refs/heads/main": A})
    tree = main / "worktrees" / "wt"
    tree.mkdir(parents=True)
    (tree / "HEAD").write_text("ref: refs/heads/topic\n")
    (tree / "commondir").write_text("../..\n")
    (main / "refs" / "heads" / "topic").write_text(B + "\n")
    (tmp_path / "wt").mkdir()
    (tmp_path / "wt" / ".git").write_text(f"gitdir: {tree}\n")
    assert commit_of(tmp_path / "wt") == B


def test_no_repository_or_a_broken_one_is_no_commit(tmp_path):
    assert commit_of(tmp_path) is None
    repository(tmp_path / "r", "ref: refs/heads/gone")
    assert commit_of(tmp_path / "r") is None
    (tmp_path / "f").mkdir()
    (tmp_path / "f" / ".git").write_text("nonsense")
    assert commit_of(tmp_path / "f") is None
