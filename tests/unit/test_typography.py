"""Typographer's quotes (generator/core/typography.py): what a reader of the printed page sees."""

import xml.etree.ElementTree as ET

import pytest
from markdown.util import AtomicString

from generator.core.typography import curl, curl_markup, curl_tree


@pytest.mark.parametrize("typed, printed", [
    ("the game's second road", "the game’s second road"),
    ("the players' cards", "the players’ cards"),
    ('He said "wait" and left.', "He said “wait” and left."),
    ("a 'loose' card", "a ‘loose’ card"),
    ('Con 1 "A" una carretera', "Con 1 “A” una carretera"),
    ('«Con 1 "A" una carretera»', "«Con 1 “A” una carretera»"),
    ('("A")', "(“A”)"),
    ("'¿Qué?'", "‘¿Qué?’"),
    ('¿"A"?', "¿“A”?"),
    ("'\"A\" dijo'", "‘“A” dijo’"),
    ("the '90s", "the ’90s"),
    ("\"'A'\"", "“‘A’”"),
    ("no marks at all", "no marks at all"),
    # quotation marks nest as each language nests them: ‘…’ inside “…”, “…” inside «…»
    pytest.param('“With 1 "A", one card”', "“With 1 ‘A’, one card”", id="nested-en"),
    pytest.param('"He said "no" twice"', "“He said ‘no’ twice”", id="nested-typed"),
    pytest.param("the players' 'loose' cards", "the players’ ‘loose’ cards", id="apostrophe"),
])
def test_marks_turn_and_nest_as_a_typesetter_turns_them(typed, printed):
    assert curl(typed) == printed


def test_a_mark_at_the_start_of_a_text_reads_the_character_before_it():
    assert curl('"', before="A") == "”"   # closes what the bold word before it opened
    assert curl('"A', before=" ") == "“A"


def test_a_tree_is_curled_in_reading_order_across_its_inline_elements():
    root = ET.fromstring('<div><p>Side "<b>A</b>" up, the card\'s <i>"B"</i> side</p>'
                         '<p>"Next" paragraph</p></div>')
    curl_tree(root)
    first, second = root
    assert "".join(first.itertext()) == "Side “A” up, the card’s “B” side"
    assert "".join(second.itertext()) == "“Next” paragraph"


def test_code_keeps_its_straight_marks_and_texts_keep_their_type():
    root = ET.fromstring("<p>type <code>--player 'greedy'</code> and it's done</p>")
    root.text = AtomicString(root.text)
    curl_tree(root)
    assert root.find("code").text == "--player 'greedy'"
    assert root.find("code").tail == " and it’s done"
    assert isinstance(root.text, AtomicString)


def test_a_cards_markup_is_curled_outside_its_tags():
    assert curl_markup('<b>The "A" side</b>: the road\'s <font color="#123456">"B"</font>') \
        == '<b>The “A” side</b>: the road’s <font color="#123456">“B”</font>'
    assert curl_markup('<b>Fin</b><br/>"A"') == '<b>Fin</b><br/>“A”'  # a new line opens
    assert curl_markup('a < b "x" <b>c</b>') == 'a < b “x” <b>c</b>'  # a lone < is text


def test_a_chapter_is_curled_after_markdown_puts_its_escaped_characters_back():
    """`\\(` is a bracket by the time the marks are turned: the quote after it opens."""
    from pathlib import Path
    from generator.content.prose import RenderedProse, parse_markdown
    tree = parse_markdown(RenderedProse(Path("x.md"), 'Lado \\("A"), el `"c"`, [R3](#r3)\'s.\n'))
    assert "".join(tree.itertext()).strip() == 'Lado (“A”), el "c", R3’s.'


def test_a_quote_opened_before_an_inline_element_is_closed_after_it():
    root = ET.fromstring('<p>“With 1 "<b>A</b>", one card”</p>')
    curl_tree(root)
    assert "".join(root.itertext()) == "“With 1 ‘A’, one card”"


def test_marks_typed_already_turned_and_marks_just_turned_decide_the_next_marks():
    """Only the marks are visited, yet every character still counts: a `"` right after a
    typed “ nests inside it, a typed ” in a text with no straight mark closes the quote for
    the texts after it, and a mark turned at the end of one text is what the next follows."""
    assert curl('“"A" y "B"”') == "“‘A’ y ‘B’”"
    root = ET.fromstring('<p>“With <b>1</b> "A", <i>one</i>” then <b>"</b>\'B\'<b>"</b>'
                         ' and “<i>"C"</i>”</p>')
    curl_tree(root)
    assert "".join(root.itertext()) == "“With 1 ‘A’, one” then “‘B’” and “‘C’”"
