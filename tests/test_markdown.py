"""The chapters' Markdown as python-markdown reads it, where the program steps into its passes
(content/prose.py): what a writer types still means what Markdown says it means."""

from __future__ import annotations

from pathlib import Path

import pytest

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
    """Patterns are left out of a chapter whose texts cannot hold them (prose.py's
    _InlinePatterns): each construct is still read, alone, after a plain chapter, and
    beside every other one."""
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


def test_a_pattern_left_out_could_not_have_matched():
    """What _InlinePatterns.NEEDS says of each of python-markdown's patterns holds for the
    installed python-markdown: no text without what a pattern needs is matched by it
    (random texts of Markdown's own characters), and each name is one it registers."""
    import random

    from generator.content.prose import _InlinePatterns, _markdown
    patterns = _markdown().inlinePatterns
    assert [name for name in _InlinePatterns.NEEDS if name not in patterns] == []
    alphabet = "ab \n\t*_`\\[]()!<>&#;:/@.-=+h1ptsx"
    draw = random.Random(20261201)
    texts = ["".join(draw.choice(alphabet) for _ in range(draw.randint(1, 40)))
             for _ in range(20000)]
    for name, needs in _InlinePatterns.NEEDS.items():
        search = patterns[name].compiled_re.search
        without = [t for t in texts if not any(need in t for need in needs)]
        assert len(without) > 1000
        assert not [t for t in without if search(t)], name
