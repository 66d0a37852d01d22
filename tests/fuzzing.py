"""What the fuzz tests splice into a book and how they judge the result: the Markdown
fragments and YAML values of tests/slow/test_fuzz_content.py, shared with the property test
tests/slow/test_check_builds.py (whatever `check` accepts, `build` builds)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

FRAGMENTS = [
    "> > anidada", ">", "!!! note \"Nota\"\n    !!! note\n        dentro", "!!! note\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |",
    "[enlace][falta]", "[x](#no-existe)", "[x](javascript:alert(1))", "{: onclick=\"x()\" }",
    "**sin cerrar", "`<b>código</b>`", "<b>negrita", "<script>x()</script>", "#######", "# ",
    "{{ 1 }}", "{{", "{% if %}", "}}", "[[example:nada]]", "- - -", "1. a\n   1. b\n      - c",
    "| a |\n|---|\n| " + "palabra " * 300 + "|", "R99", "ZZZ", "\u200b", "🙂", "\\", "&amp;",
    "![img](figures/nada.png)", "```\n<b>\n```", "    código", "---", "* * *",
]
YAML_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**12, max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.lists(st.text(max_size=8), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def paths(node, prefix=()):
    """Every place in a YAML tree a value can be replaced or deleted."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, prefix + (index,))


def assert_clean(code: int, output: str, written: list[Path]) -> None:
    assert "Traceback" not in output, output
    assert code in (0, 1), (code, output)
    if code == 1:
        lines = [line for line in output.strip().splitlines() if line.strip()]
        assert lines and lines[0].startswith("error: "), output
        assert all(line.startswith(("error: ", " ", "pending ", "warning")) for line in lines), output
        assert written == [], written
