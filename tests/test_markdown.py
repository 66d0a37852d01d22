"""The chapters' Markdown as python-markdown reads it, where the program steps into its passes
(content/prose.py): what a writer types still means what Markdown says it means."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.content.prose import RenderedProse, parse_markdown


def _parse(text: str):
    return parse_markdown(RenderedProse(Path("capitulo.md"), text))


def test_reference_links_are_links_where_the_chapter_defines_them():
    """The reference patterns are left out of a chapter without definitions (prose.py's
    _InlinePatterns), and used in one with them, in whatever order chapters come."""
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


#: Texts whose inline pass sees more than they show: an entity's character read again inside
#: a link's text, a double-encoded entity, and Markdown's block constructs around inline ones.
TRICKY = [
    "[`x` b&#42;&#42;c&#42;&#42;](u)",
    "[a  \nb&#96;c&#96;](u)",
    "[a  \nb &lt;http://e.org&gt;](u)",
    "[a  \nb&#92;&#42;x](u)",
    "[a  \nb&amp;#42;&amp;#42;c&amp;#42;&amp;#42;](u)",
    "| a | b |\n|---|---|\n| *x* | `y` |\n",
    '!!! note "Ojo"\n    Texto *aquí* y [enlace](#a).\n',
    "## Título {#ancla}\n\nTexto con &lt;b&gt; y &amp;.\n",
    "[texto][r] y [r]\n\n[r]: https://example.org/\n",
    "Nada especial.\n",
]


def test_leaving_patterns_out_changes_nothing_the_pass_makes(monkeypatch):
    """Each text parsed with the patterns _InlinePatterns leaves out and with every pattern
    tried makes the same tree: alone, and all in one chapter."""
    from generator.content.prose import _InlinePatterns
    corpus = TRICKY + [typed for typed, _, _ in CONSTRUCTS.values()]
    corpus.append("\n\n".join(corpus))
    left_out = [ET.tostring(_parse(text), encoding="unicode") for text in corpus]
    monkeypatch.setattr(_InlinePatterns, "NEEDS", {})  # nothing left out
    every = [ET.tostring(_parse(text), encoding="unicode") for text in corpus]
    assert left_out == every
    assert "<strong>c</strong>" in every[0] and "<code>c</code>" in every[1]
