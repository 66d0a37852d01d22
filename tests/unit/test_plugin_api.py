"""The public plugin module and the one error tree: what an engine may import, and how the
command tells a mistake on its command line (exit 2) from any other (exit 1)."""

from __future__ import annotations

import ast
import inspect

import pytest

import generator.errors
import generator.plugin
from generator.cli import main
from repo import ROOT


def test_every_name_the_plugin_module_promises_is_there():
    assert generator.plugin.__all__, "the public names"
    missing = [name for name in generator.plugin.__all__ if not hasattr(generator.plugin, name)]
    assert missing == []


def test_the_tutorials_engine_imports_only_the_plugin_module():
    """docs/dicegame, the engine docs/engines.md writes step by step, uses nothing of the
    generator but generator.plugin: what a designer copies keeps working."""
    found = []
    for path in sorted((ROOT / "docs" / "dicegame").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.module else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [(path.name, n) for n in names if n.split(".")[0] == "generator"]
    assert found and {name for _, name in found} == {"generator.plugin"}, found


def test_every_error_the_program_reports_is_in_the_tree_its_docstring_draws():
    """One error tree (errors.py): each class the program reports a mistake with is defined
    there, and drawn in the module's docstring."""
    tree = {name for name, value in vars(generator.errors).items()
            if inspect.isclass(value) and issubclass(value, generator.errors.GeneratorError)}
    assert {"UsageError", "ContentError", "RenderError", "EngineError",
            "IllegalAction"} <= tree
    assert all(f" {name} " in generator.errors.__doc__ or f"    {name}" in
               generator.errors.__doc__ for name in tree), tree
    defined = set()
    for path in (ROOT / "generator").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    getattr(base, "id", "") in tree for base in node.bases):
                defined.add(f"{path.relative_to(ROOT)}:{node.name}")
    assert {entry for entry in defined if not entry.startswith("generator/errors.py")} == set()


@pytest.mark.parametrize("argv", [["build", "--no-such-option"], ["simulate", "x", "--games",
                                                                   "many"], ["nosuchcommand"]])
def test_a_mistake_on_the_command_line_exits_2_in_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
