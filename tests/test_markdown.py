"""The chapters' Markdown as python-markdown reads it, where the program steps into its passes
(content/prose.py): what a writer types still means what Markdown says it means."""

from __future__ import annotations

from pathlib import Path

from generator.content.prose import RenderedProse, parse_markdown


def _parse(text: str):
    return parse_markdown(RenderedProse(Path("capitulo.md"), text))


def test_reference_links_are_links_where_the_chapter_defines_them():
    """The reference patterns are left out of a chapter without definitions (prose.py's
    _ReferenceLinks), and used in one with them, in whatever order chapters come."""
    for _ in range(2):
        plain = _parse("Sin definiciones: [las reglas][r], [r] y ![plano][p].\n")
        assert plain.findall(".//a") == [] and plain.findall(".//img") == []
        assert "[las reglas][r], [r] y ![plano][p]" in "".join(plain.itertext())
        linked = _parse("Ver [las reglas][r] y [r]; ![el plano][p].\n\n"
                        "[r]: https://example.org/reglas\n[p]: plano.png\n")
        assert [a.get("href") for a in linked.findall(".//a")] == [
            "https://example.org/reglas"] * 2
        assert [a.text for a in linked.findall(".//a")] == ["las reglas", "r"]
        assert [(i.get("src"), i.get("alt")) for i in linked.findall(".//img")] == [
            ("plano.png", "el plano")]
