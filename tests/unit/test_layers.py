"""The floor plan holds: the import-linter contract in pyproject.toml passes on the package,
and fails as soon as a module imports a layer above its own, even inside a function."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from repo import ROOT

LINT = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
        "sys.exit(lint_imports_command())"]


def _lint(root: Path) -> subprocess.CompletedProcess:
    """`lint-imports` on the package as found in `root` (its pyproject.toml's contract)."""
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.run(LINT + ["--config", str(root / "pyproject.toml"), "--no-cache"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=300)


def test_the_package_keeps_its_layers():
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout and "3 kept" in done.stdout


def test_an_upward_import_inside_a_function_breaks_the_contract(tmp_path):
    """The core, at the bottom, reaching up into the command line from inside a function:
    the contract names the import and fails."""
    shutil.copytree(ROOT / "generator", tmp_path / "generator",
                    ignore=shutil.ignore_patterns("__pycache__", "locale", "schemas"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    page = tmp_path / "generator" / "core" / "page.py"
    page.write_text(page.read_text(encoding="utf-8") + "\n\ndef planted():\n"
                    "    from generator.cli import main\n    return main\n", encoding="utf-8")
    done = _lint(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "generator.core.page -> generator.cli" in done.stdout, done.stdout
