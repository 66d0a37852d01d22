"""The chapters' Markdown as python-markdown reads it, with the program's own steps in its
passes (content/prose.py: entities, mail links, raw HTML shown as text): what a writer types
still means what Markdown says it means."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.prose import RenderedProse, parse_markdown


def _parse(text: str):
    return parse_markdown(RenderedProse(Path("capitulo.md"), text))


def test_reference_links_are_links_where_the_chapter_defines_them():
    """A reference link is a link only where the chapter defines it, in whatever order
    chapters come (one parser serves every chapter, reset between them)."""
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


#: What a writer types for each of python-markdown's inline patterns, and what it makes.
CONSTRUCTS = {
    "backtick": ("Usa `rulebook check` aquí.", "code", "rulebook check"),
    "escape": (r"Un \*asterisco\* y un \[corchete\].", None, "Un *asterisco* y un [corchete]."),
    "link": ("Un [enlace](https://example.org/).", "a", "enlace"),
    "image_link": ("Un ![plano](plano.png) aquí.", "img", None),
    "autolink": ("Ver <https://example.org/>.", "a", "https://example.org/"),
    "automail": ("Escribe a <nadie@example.org>.", "a", "nadie@example.org"),
    "linebreak": ("Una línea  \notra línea.", "br", None),
    "entity": ("Catán &amp; Cía &#169;.", None, "Catán & Cía ©."),
    "em_strong": ("Una **fuerte** y una _suave_.", "strong", "fuerte"),
}


@pytest.mark.parametrize("construct", CONSTRUCTS)
def test_each_inline_construct_is_read_whatever_chapter_came_before(construct):
    """Each construct is read alone, after a plain chapter (the parser is reset between
    chapters), and beside every other one."""
    typed, tag, text = CONSTRUCTS[construct]
    everything = "\n\n".join(t for t, _, _ in CONSTRUCTS.values())
    for markdown in (typed, "Un párrafo sin nada.\n", typed, everything):
        if markdown == "Un párrafo sin nada.\n":
            assert _parse(markdown).find(".//p").text == "Un párrafo sin nada."
            continue
        tree = _parse(markdown)
        if tag:
            assert tree.findall(f".//{tag}"), (construct, markdown)
            if text:
                assert text in [element.text for element in tree.iter(tag)]
        else:
            assert text in "".join(tree.itertext()), (construct, markdown)
