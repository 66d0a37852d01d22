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

import re
import shutil
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from contentedit import append, assert_one_located_error, edit, files_in, line_of, run
from generator.cli import main
from generator.content import sandbox

CHAPTER = "chapters/02-rules.md"


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory) -> Path:
    """`rulebook init p && cd p && rulebook new g --lang en --cards`, once for the module."""
    import os
    root = tmp_path_factory.mktemp("scaffold")
    here = Path.cwd()
    try:
        os.chdir(root)
        assert main(["init", "p"]) == 0
        os.chdir(root / "p")
        assert main(["new", "g", "--lang", "en", "--cards"]) == 0
    finally:
        os.chdir(here)
    return root / "p" / "content" / "g"


@pytest.fixture
def book(scaffold, tmp_path, capsys) -> Path:
    """A fresh copy of the scaffolded book, in a project of its own."""
    capsys.readouterr()
    shutil.copytree(scaffold.parent.parent, tmp_path / "p")
    return tmp_path / "p" / "content" / "g"


def built(book: Path, tmp_path: Path, capsys) -> tuple[str, str]:
    """Build `book`; its PDF's text (white space made single spaces) and its HTML page."""
    output = tmp_path / "out"
    code, message = run("build", book, output, capsys)
    assert code == 0 and "Traceback" not in message, message
    pdf = output / book.name / f"{book.name}.pdf"
    text = " ".join(" ".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
                    .split())
    return text, (output / book.name / "index.html").read_text(encoding="utf-8")


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
