"""Hostile and careless content, round two (issue 29): what `rulebook check` accepts,
`rulebook build` builds, and builds right.

Each case is a row of a table, tried on the small book `rulebook new g --lang en --cards`
makes: the input, and either the one located line of error that `check` and `build` both
print (nothing written), or the build and what its PDF and HTML edition show. Guarded here:

1. a template's values are bounded before they are made (texts, bytes, lists, numbers),
   and a template that sorts a huge list over and over stops at the deadline;
2. input that `check` passed and `build` crashed on: tables of one column or with long
   rows, an example box placed where no renderer puts one or named by no example, a lone
   surrogate, a NUL in a file name;
3. input that built wrong in silence: a character the fonts lack written as an escape, an
   entity or by a template; control characters from YAML escapes; `yes` read as the number
   1; an SVG's stylesheet reaching outside itself through CSS escapes;
4. messages that named the wrong problem.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from pdfread import words

from contentedit import (append, assert_one_located_error, edit, line_of, run)
from generator.cli import main
from generator.content import sandbox

CHAPTER = "chapters/02-rules.md"


@pytest.fixture
def book(scaffold_copy) -> Path:
    """The scaffolded book, fresh for each test (conftest.py)."""
    return scaffold_copy


def built(book: Path, tmp_path: Path, capsys) -> tuple[str, str]:
    """Build `book`; its PDF's text (white space made single spaces) and its HTML page."""
    output = tmp_path / "out"
    code, message = run("build", book, output, capsys)
    assert code == 0 and "Traceback" not in message, message
    pdf = output / book.name / f"{book.name}.pdf"
    return words(pdf), (output / book.name / "index.html").read_text(encoding="utf-8")


def card_line(book: Path, text: str) -> int:
    """`text` as the first line of the scaffold's reference card; its line in print.yaml."""
    edit(book / "print.yaml", "        - The first to", f"        - '{text}'\n        - The first to")
    return line_of(book / "print.yaml", text)


# --- 1. template values bounded before they are made -------------------------------------

#: payload → what the one line of error says (each blew up memory, or ran for minutes)
BOUNDS = {
    "bytes repeated": ('{{ "a".encode() * 10**10 }}',
                       r"repeating a value 10,000,000,000 times would make 10,000,000,000"),
    "bytes padded": ('{{ "a".encode().ljust(10**10) }}', r"ljust\(\) with 10,000,000,000"),
    "tabs expanded": ('{{ ("\\t" * 10000).expandtabs(999999) }}',
                      r"expandtabs\(\) would make a value of 10,000,000,000 characters"),
    "translated": ('{{ ("a" * 100000).translate({97: "b" * 99999}) }}',
                   r"translate\(\) would make a value of 9,999,900,000 characters"),
    "bytes formatted": ('{{ "%0999999999d".encode() % 1 }}', r"string formatting with %"),
    "nested literals": ('{% set a = [0] * 900000 %}{% set b = [a, a, a, a, a, a, a, a, a, a] %}'
                        '{{ [b, b, b, b, b, b, b, b, b, b]|string|length }}',
                        r"a literal would make a value of more than 1,000,000"),
    "sum of lists": ('{% set a = [0] * 9000 %}{{ ([a] * 100)|sum(start=[])|length }}',
                     r"sum of values that are not numbers"),
    "long separator": ('{{ ("x" * 900000).join(["a"] * 900) }}',
                       r"join\(\) would make a value of 809,100,900 characters"),
}


@pytest.mark.parametrize("place", ["chapter", "card line"])
@pytest.mark.parametrize("case", BOUNDS)
def test_a_template_value_is_bounded_before_it_is_made(case, place, book, tmp_path, capsys):
    payload, pattern = BOUNDS[case]
    if place == "chapter":
        append(book / CHAPTER, payload)
        file, line = CHAPTER, line_of(book / CHAPTER, payload)
    else:
        file, line = "print.yaml", card_line(book, payload.replace("'", "''"))
    started = time.monotonic()
    assert_one_located_error(book, tmp_path, capsys, file, line, "template refused: " + pattern)
    assert time.monotonic() - started < 10


def test_sorting_a_huge_list_over_and_over_stops_at_the_deadline(book, tmp_path, capsys,
                                                                monkeypatch):
    """A filter checks the clock too: 300 sorts of a million items (minutes) stop at the
    deadline, here made 2 s for the test's sake."""
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 2.0)
    append(book / CHAPTER, "{% set x = [0] * 999999 %}" + "{% set x = x|sort|list %}" * 300)
    started = time.monotonic()
    code, message = run("check", book, tmp_path / "out", capsys)
    assert code == 1 and message.strip().count("\n") == 0, message
    assert f"{book / CHAPTER}:13: template refused: the template ran for more than 2 " \
           "seconds" in message
    assert time.monotonic() - started < 8


def test_what_the_books_templates_do_still_works(book, tmp_path, capsys):
    """The sandbox's bounds leave ordinary templates alone: methods, filters, literals."""
    append(book / CHAPTER, '{% set w = ["b", "a"] %}Made: {{ w|sort|join("+") }} '
           '{{ "-".join(w|map("upper")) }} {{ "x".ljust(3, ".") }} {{ [1, 2]|sum }} '
           '{{ {"k": 7}["k"] }} {{ (w * 2)|length }} {{ w[::-1]|first }}.')
    text, _ = built(book, tmp_path, capsys)
    assert "Made: a+b B-A x.. 3 7 4 a." in text


# --- 2. what check passed, build crashed on --------------------------------------------------

#: A table appended to the rules chapter: the words of its cells.
TABLES = {
    "one column": ("| Phase |\n|---|\n| Draw |", ["Phase", "Draw"]),
    "an empty header": ("|  |\n|---|\n| Draw |", ["Draw"]),
    "a header without a cell": ("|\n|-|\n|Draw|", ["Draw"]),
    "short rows": ("| Phase | Cards |\n|---|---|\n| Draw |\n| Trade | Two |",
                   ["Phase Cards", "Draw", "Trade Two"]),
    "one column in a note": ('!!! note "Order"\n    | Phase |\n    |---|\n    | Draw |',
                             ["Phase", "Draw"]),
}


@pytest.mark.parametrize("case", TABLES)
def test_a_table_check_passes_builds_with_its_words(case, book, tmp_path, capsys):
    table, words = TABLES[case]
    append(book / CHAPTER, table)
    text, html = built(book, tmp_path, capsys)
    for cells in words:
        assert cells in text
        assert all(f">{word}</t" in html for word in cells.split())


def test_a_row_longer_than_its_header_is_an_error_at_its_line(book, tmp_path, capsys):
    """Its last cells would print nowhere (python-markdown cuts the row to the header)."""
    append(book / CHAPTER, "| Phase | Cards |\n|---|---|\n| Draw | One | Lost |")
    assert_one_located_error(book, tmp_path, capsys, CHAPTER, line_of(book / CHAPTER, "| Lost |"),
                             r"a table row of 3 cells under a header of 2: the cells past the "
                             r"header's would print nowhere; expected at most 2 cells")


def with_example(book: Path) -> None:
    """The book with one worked example, printed unchecked (no engine)."""
    edit(book / "book.yaml", "layout: rulebook", "layout: rulebook\nexamples: unchecked")
    (book / "examples").mkdir()
    (book / "examples" / "01-first.yaml").write_text(
        "id: first\ntitle: A first turn\nsection: rules\nsummary: You take a coin.\n"
        "steps:\n  - do: take a coin\n    note: You have one coin.\n", encoding="utf-8")


def with_statement(book: Path, text: str) -> None:
    (book / "statements.yaml").write_text(f"box: {text}\n", encoding="utf-8")
    append(book / CHAPTER, '{{ rule("box") }}')


#: An example marker check passed and the PDF then crashed on, or printed as typed.
MARKERS = {
    "made by a statement": (lambda b: with_statement(b, '"[[example:nosuch]]"'),
                            'rule("box")', r"unknown example 'nosuch'"),
    "made by a template": (lambda b: append(b / CHAPTER, '{{ "[[example:" ~ "nosuch]]" }}'),
                           '"[[example:"', r"unknown example 'nosuch'"),
    "a scenario's id": (lambda b: (with_example(b), append(b / CHAPTER, '{{ example("first") }}'),
                                   append(b / CHAPTER, '{{ "[[example:" ~ "other]]" }}')),
                        '"[[example:"', r"unknown example 'other'; expected one of first"),
    "inside a note": (lambda b: (with_example(b), append(
        b / CHAPTER, '!!! note "See"\n    {{ example("first") }}')), 'example("first")',
        r"example 'first' stands inside a note, a list, a table or a sentence, where no box "
        r"can go; expected \{\{ example\(\"first\"\) \}\} on a line of its own"),
    "in a list": (lambda b: (with_example(b), append(b / CHAPTER, '- {{ example("first") }}')),
                  'example("first")', r"example 'first' stands inside a note"),
    "in a sentence": (lambda b: (with_example(b), append(
        b / CHAPTER, 'As shown: {{ example("first") }}')), 'example("first")',
        r"example 'first' stands inside a note, a list, a table or a sentence"),
}


@pytest.mark.parametrize("case", MARKERS)
def test_an_example_placed_where_no_box_goes_is_an_error_at_its_line(case, book, tmp_path,
                                                                    capsys):
    setup, needle, pattern = MARKERS[case]
    setup(book)
    assert_one_located_error(book, tmp_path, capsys, CHAPTER, line_of(book / CHAPTER, needle),
                             pattern)


def test_an_example_on_a_line_of_its_own_prints_its_box_in_both_editions(book, tmp_path,
                                                                        capsys):
    with_example(book)
    append(book / CHAPTER, '{{ example("first") }}')
    text, html = built(book, tmp_path, capsys)
    assert "Example 1 · A first turn" in text and "[[example" not in text
    assert "A first turn" in html and "[[example" not in html


#: Characters that are no text: (setup, file, needle, what the line says).
UNPRINTABLE = {
    "lone surrogate in a chapter": (lambda b: append(b / CHAPTER, 'Half {{ "\\ud800" }}.'),
                                    CHAPTER, "Half", r"lone surrogate U\+D800 \(half of a "
                                    r"character\) in the text; expected printable text"),
    "lone surrogate from a statement": (
        lambda b: with_statement(b, "\"{{ '\\\\ud800' }}\""), "statements.yaml", "box:",
        r"\(box\): lone surrogate U\+D800 \(half of a character\) in the text, made by the "
        r"template"),
    "lone surrogate on a card": (lambda b: card_line(b, '{{ "\\udfff" }}'), "print.yaml",
                                 "udfff", r"lone surrogate U\+DFFF"),
    "NUL in a chapter's name": (
        lambda b: edit(b / "book.yaml", "- 03-rulings.md", '- "03-rulings\\0.md"'),
        "book.yaml", "03-rulings", r"\(chapters\[2\]\): control character U\+0000 in the text"),
    "NUL in an image path": (lambda b: append(b / CHAPTER, "![Board](figures/board%00.png)"),
                             CHAPTER, "![Board]", r"image 'figures/board%00\.png' names a file "
                             r"with a control character U\+0000"),
    # 3. control characters written as YAML escapes, or made by a template
    "NUL escape": (lambda b: edit(b / "glossary.yaml", "definition: What counts to win.",
                                  'definition: "What counts\\0 to win."'),
                   "glossary.yaml", "What counts", r"\(abbreviations\[0\]\.definition\): "
                   r"control character U\+0000 in the text"),
    "terminal colour escape": (lambda b: edit(b / "book.yaml", "title: G", 'title: "\\e[31mG"'),
                               "book.yaml", "title:", r"\(title\): control character U\+001B"),
    "bell escape": (lambda b: edit(b / "rulings.yaml", "title: Ties", 'title: "Ties\\x07"'),
                    "rulings.yaml", "title: ", r"\(\[0\]\.title\): control character U\+0007"),
    "C1 control escape": (lambda b: edit(b / "book.yaml", "title: G", 'title: "G\\x9b31m"'),
                          "book.yaml", "title:", r"control character U\+009B"),
    "bell made on a card": (lambda b: card_line(b, 'Ring {{ "\\x07" }}'), "print.yaml",
                            "Ring", r"control character U\+0007 in the text, made by the "
                            r"template"),
}


@pytest.mark.parametrize("case", UNPRINTABLE)
def test_a_character_that_is_no_text_is_an_error_at_its_line(case, book, tmp_path, capsys):
    setup, file, needle, pattern = UNPRINTABLE[case]
    setup(book)
    assert_one_located_error(book, tmp_path, capsys, file, line_of(book / file, needle), pattern)


# --- 3. what built wrong in silence ------------------------------------------------------------

DIE = r"'⚀' \(U\+2680, die face-1\) is not in the book's fonts"
#: A character the fonts lack, written so that no line of the file shows it.
GLYPHS = {
    "YAML escape": (lambda b: edit(b / "book.yaml", "title: G", 'title: "G \\u2680"'),
                    "book.yaml", "title:", r"\(title\): " + DIE),
    "YAML escape in a list": (
        lambda b: edit(b / "glossary.yaml", "definition: The coins no player holds.",
                       'definition: "\\u2680 The coins no player holds."'),
        "glossary.yaml", "\\u2680 The", r"\(terms\[0\]\.definition\): " + DIE),
    "entity in a chapter": (lambda b: append(b / CHAPTER, "Roll &#x2680; to start."),
                            CHAPTER, "Roll", DIE),
    "template in a chapter": (lambda b: append(b / CHAPTER, 'Roll {{ "\\u2680" }} to start.'),
                              CHAPTER, "Roll", DIE),
    "template in a statement": (lambda b: with_statement(b, "\"Roll {{ '\\\\u2680' }}.\""),
                                CHAPTER, 'rule("box")', DIE),
    "entity on a card": (lambda b: card_line(b, "Roll &#x2680;"), "print.yaml", "Roll",
                         r"\(cards\.faces\[0\]\.lines\[0\]\): " + DIE),
    "template on a card": (lambda b: card_line(b, 'Roll {{ "\\u2680" }}'), "print.yaml", "Roll",
                           DIE),
}


@pytest.mark.parametrize("case", GLYPHS)
def test_a_character_the_fonts_lack_is_refused_however_written(case, book, tmp_path, capsys):
    setup, file, needle, pattern = GLYPHS[case]
    setup(book)
    assert_one_located_error(book, tmp_path, capsys, file, line_of(book / file, needle), pattern)


def test_a_character_the_fonts_have_written_as_an_escape_prints(book, tmp_path, capsys):
    edit(book / "book.yaml", "subtitle: Rules of play", 'subtitle: "Rules of pl\\u00e4y"')
    append(book / CHAPTER, "Costs &#x2192; {{ '\\u00bd' }} coin.")
    text, html = built(book, tmp_path, capsys)
    assert "Rules of pläy" in text and "Costs → ½ coin." in text
    assert "Rules of pläy" in html


YES_NO = r"a yes/no word \(yes, no, on, off, true, false\), which YAML reads as {}, not a " \
         r"number; expected a number"
#: A number written as a yes/no word, or as no number at all.
NUMBERS = {
    "count: yes": ("components.yaml", "count: 20", "count: yes", YES_NO.format("true")),
    "goal: on": ("components.yaml", "goal: 10", "goal: on", YES_NO.format("true")),
    "card width: false": ("print.yaml", "cards:\n", "cards:\n  width: false\n",
                          YES_NO.format("false")),
    "count: .nan": ("components.yaml", "count: 20", "count: .nan",
                    r"\.nan, YAML's not-a-number, not a number a book can use; expected a "
                    r"finite number"),
    "card width: .inf": ("print.yaml", "cards:\n", "cards:\n  width: .inf\n",
                         r"an infinite number, not a number a book can use"),
}


@pytest.mark.parametrize("case", NUMBERS)
def test_a_number_written_as_a_yes_no_word_is_refused(case, book, tmp_path, capsys):
    file, old, new, pattern = NUMBERS[case]
    edit(book / file, old, new)
    needle = new.strip().splitlines()[-1]
    assert_one_located_error(book, tmp_path, capsys, file, line_of(book / file, needle), pattern)


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'
#: An SVG's CSS reaching outside the file through escapes and comments.
CSS = {
    "@import escaped": ('<style>@\\69mport "http://127.0.0.1:9/x.css";</style>',
                        r"imports a stylesheet \(@import\)"),
    "url( escaped": ('<rect width="5" height="5" style="fill: u\\72l(http://127.0.0.1:9/p)"/>',
                     r"refers to 'url\(http://127\.0\.0\.1:9/p\)' outside itself"),
    "bracket escaped": ('<style>rect { fill: url\\28 http://127.0.0.1:9/p\\29 }</style>',
                        r"refers to 'url\(http://127\.0\.0\.1:9/p\)' outside itself"),
    "comment inside": ('<style>rect { fill: url(/**/http://127.0.0.1:9/p) }</style>',
                       r"refers to 'url\(http://127\.0\.0\.1:9/p\)' outside itself"),
}


@pytest.mark.parametrize("case", CSS)
def test_css_escapes_do_not_hide_an_outside_reference_in_an_svg(case, book, tmp_path, capsys):
    markup, pattern = CSS[case]
    (book / "figures").mkdir(exist_ok=True)
    (book / "figures" / "drawing.svg").write_text(SVG.format(markup), encoding="utf-8")
    append(book / CHAPTER, "![A drawing](figures/drawing.svg)")
    assert_one_located_error(book, tmp_path, capsys, CHAPTER,
                             line_of(book / CHAPTER, "![A drawing]"),
                             r"SVG figures/drawing\.svg " + pattern)


# --- 4. messages that say what is really wrong ----------------------------------------------

def test_a_link_to_an_address_in_capitals_builds_and_links_in_both_editions(book, tmp_path,
                                                                           capsys):
    """The abbreviation check read the address: "'HTTPS' is used but not defined"."""
    append(book / CHAPTER, "See [the forum](HTTPS://EXAMPLE.ORG/R99) for VP.")
    text, html = built(book, tmp_path, capsys)
    assert "See the forum for VP." in text
    assert 'href="HTTPS://EXAMPLE.ORG/R99"' in html
    uris = [str(a.get_object()["/A"]["/URI"]) for page in
            PdfReader(tmp_path / "out" / "g" / "g.pdf").pages for a in page.get("/Annots") or []
            if "/URI" in (a.get_object().get("/A") or {})]
    assert uris == ["HTTPS://EXAMPLE.ORG/R99"]


#: (file, text, the same mistaken, the line's needle, what the one line says)
MESSAGES = {
    "a ruling's title setting an id": (
        "rulings.yaml", "title: Ties", "title: Ties {#rules}", "title: Ties",
        r"\(\[0\]\.title\): the title ends in \{#rules\}, which would set its heading's id; a "
        r"ruling's heading has its own, r01 \('rules' is the id of chapter 02-rules\.md\); "
        r"expected a title without \{…\}"),
    "a key read as true": (
        "components.yaml", "goal: 10", "goal: 10\n  on: yes", "on: yes",
        r"\(game\): the key 'on' reads as true \(YAML takes yes, no, on, off, true and false for "
        r"a yes/no value\), not as a name; expected the name in quotes \('on':\)"),
    "decimals past any measure": (
        CHAPTER, "# Rules", "# Rules\n\nAbout {{ decimal(1.5, 30) }} coins.", "About",
        r"template error: decimal\(\) with 30 decimals; expected a whole number of decimals "
        r"from 0 to 6"),
    "a count of a text": (
        CHAPTER, "# Rules", '# Rules\n\nAbout {{ count("two", "coin", "coins") }}.', "About",
        r"template error: count\(\) of 'two'; expected a whole number"),
    "an if never closed": (
        CHAPTER, "## Your turn", "{% if goal %}\n\n## Your turn", "{% if goal %}",
        r"template error: the \{% if %\} of line 5 is never closed; expected \{% endif %\} "
        r"after it"),
    "an inner if closed, the outer not": (
        CHAPTER, "## Your turn", "{% if goal %}\n{% if goal %}x{% endif %}\n\n## Your turn",
        "{% if goal %}", r"the \{% if %\} of line 5 is never closed"),
    "an endif closing a for": (
        CHAPTER, "## Your turn", "{% for x in [1] %}\n{% endif %}\n\n## Your turn",
        "{% endif %}", r"template error: \{% endif %\} while the \{% for %\} of line 5 is still "
        r"open; expected \{% endfor %\} before it"),
    "a print never closed": (
        CHAPTER, "## Your turn", "{{ game.goal\n\n## Your turn", "{{ game.goal",
        r"template error: the \{\{ of line 5 is not closed \(unexpected char '#' at line 7\); "
        r"expected \}\} to close it"),
    "an if never closed on a card": (
        "print.yaml", "- The first to", "- '{% if goal %}The first to'\n        - The first to",
        "{% if goal %}", r"\(cards\.faces\[0\]\.lines\[0\]\): template error: the \{% if %\} of "
        r"the text's line 1 is never closed; expected \{% endif %\} after it"),
}


@pytest.mark.parametrize("case", MESSAGES)
def test_a_mistake_is_told_as_what_it_is(case, book, tmp_path, capsys):
    file, old, new, needle, pattern = MESSAGES[case]
    edit(book / file, old, new)
    assert_one_located_error(book, tmp_path, capsys, file, line_of(book / file, needle), pattern)


# --- check and build decide alike (found by tests/slow/test_check_builds.py) ----------------------

def test_a_card_whose_text_does_not_fit_is_refused_by_check_too(book, tmp_path, capsys):
    """Measured as the cards are set (sheets/faces.card_misfit): check passed it, build
    stopped."""
    card_line(book, " ".join(["A long rule that goes on"] * 60))
    assert_one_located_error(book, tmp_path, capsys, "print.yaml",
                             line_of(book / "print.yaml", "- id: summary"),
                             r"\(cards\.faces\[0\]\): the text of card 'summary' does not fit on "
                             r"the card at 9\.5 pt")


def test_a_sheet_that_does_not_fit_its_two_pages_is_refused_by_check_too(book, tmp_path,
                                                                         capsys):
    edit(book / "book.yaml", "layout: rulebook", "layout: sheet")
    append(book / CHAPTER, "\n\n".join(["A paragraph of rules that fills the sheet. " * 12]
                                       * 40))
    assert_one_located_error(book, tmp_path, capsys, "book.yaml",
                             line_of(book / "book.yaml", "layout: sheet"),
                             r"\(layout\): the sheet needs \d+ pages on A5, even with its type "
                             r"at [\d.]+ pt, and a sheet is one or two pages")


def test_check_takes_the_page_size_build_takes_and_refuses_what_it_would(book, tmp_path,
                                                                        capsys):
    """A sheet that fits its two pages on its own size (A4) but not on A5: `check` had no
    --page-size and passed it, `build --page-size A5` stopped. Both now take the option, with
    the same default (the book's own size), and say the same line."""
    edit(book / "book.yaml", "layout: rulebook", "layout: sheet")
    edit(book / "book.yaml", "page_size: A5", "page_size: A4")
    append(book / CHAPTER, "\n\n".join(["A paragraph of rules that fills the sheet. " * 12]
                                       * 12))
    output = tmp_path / "out"
    assert main(["check", str(book)]) == 0
    capsys.readouterr()
    said = []
    for command in (["check", str(book)], ["build", str(book), "--output", str(output)]):
        assert main(command + ["--page-size", "A5"]) == 1
        captured = capsys.readouterr()
        said.append(captured.err.strip())
        assert "Traceback" not in captured.err and captured.out == ""
    assert said[0] == said[1] and len(said[0].splitlines()) == 1
    assert said[0].startswith(f"error: {book / 'book.yaml'}:") and \
        "the sheet needs 3 pages on A5 (--page-size)" in said[0]
    assert not output.exists()
