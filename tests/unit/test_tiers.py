"""The test suite's own shape: every test file in a tier, and no test that reads from a place
outside the repository (a file a test depends on is in the repository, or the test makes it)."""

from __future__ import annotations

import re

from repo import ROOT

TESTS = ROOT / "tests"
TIERS = ("unit", "books", "browser", "slow")


def test_every_test_file_is_in_a_tier():
    """A test file left at tests/ would run unmarked, as if it were a unit test."""
    assert sorted(p.name for p in TESTS.glob("test_*.py")) == []
    for tier in TIERS:
        assert list((TESTS / tier).glob("test_*.py")), f"tests/{tier} holds no test"
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and list(p.glob("test_*.py"))}
    assert folders == set(TIERS)


#: Absolute paths of the machines the project runs on (a home folder named as data, as
#: test_watch does, reads nothing), and the variable that once pointed a test at files
#: outside the repository.
OUTSIDE = re.compile(r"""["'](/work/|/root/|/mnt/|/srv/|~/)|RULEBOOK_SEEDS""")


def test_no_test_names_a_path_outside_the_repository():
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted(TESTS.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if OUTSIDE.search(line) and path.name != "test_tiers.py"]
    assert found == []


def test_a_test_file_imports_test_files_of_its_own_folder_only():
    """`pytest tests/unit` alone must collect: a test module found only because another
    tier's folder was collected first (and put on sys.path) fails there. Shared helpers live
    in tests/ itself."""
    found = []
    for path in sorted(TESTS.rglob("test_*.py")):
        for name in re.findall(r"^(?:from|import) (test_\w+)", path.read_text(encoding="utf-8"),
                               flags=re.M):
            if not (path.parent / f"{name}.py").exists():
                found.append(f"{path.relative_to(ROOT)}: {name}")
    assert found == []
