"""Building someone else's book is safe: it never runs their code, never puts script in the
HTML edition or live javascript: links in the PDF, never fetches anything, never crashes with
a traceback and never leaves half a build behind.

Every case is a row of a table: the input, and either the one located line of error that
`rulebook` prints (nothing written) or the safe output the book is built with.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from pdfread import read_pdf
from contentedit import TINY_CHAPTER, append, assert_one_located_error, edit, files_in, line_of, run
from generator.cli import main
from generator.content import sandbox
from hostilebook import hostile_book
from repo import CONTENT_ROOT

CHAPTER = "chapters/01-introduccion.md"


# --- helpers ------------------------------------------------------------------------------


# --- 1. content templates run sandboxed and bounded ----------------------------------------

SHELL = "cycler.__init__.__globals__.os.popen('id > {marker}').read()"
REFUSED = r"template refused: access to attribute '__init__' of 'type' object is unsafe"

#: where: (file, text in it, the payload goes before it, the line's needle)
PLACES = {
    "chapter": (CHAPTER, "Esta variante convierte", None),
    "rulings.yaml": ("rulings.yaml", "    El texto da dos salidas", "question: >-"),
    "statements.yaml": ("statements.yaml", "  Si la SH está vacía", "cartas-sueltas:"),
    "card line (print.yaml)": ("print.yaml", "<b>Coloca</b> una carta", None),
}


@pytest.mark.parametrize("place", PLACES)
def test_a_template_cannot_run_a_shell_command(place, book_copy, tmp_path, capsys):
    file, before, needle = PLACES[place]
    marker = tmp_path / "PWNED"
    payload = "{{ " + SHELL.format(marker=marker) + " }}"
    prefix = "    " if before.startswith("    ") else "  " if before.startswith("  ") else ""
    edit(book_copy / file, before, prefix + payload + " " + before.lstrip())
    line = line_of(book_copy / file, needle or payload)
    assert_one_located_error(book_copy, tmp_path, capsys, file, line, REFUSED)
    assert not marker.exists(), "the shell command ran"


#: payload in a chapter → what the one line of error says
BOUNDS = {
    "range() too long": ("{{ range(10**9)|list }}",
                         r"template refused: range\(\) of 1,000,000,000 numbers "
                         r"\(at most 10,000\)"),
    "string repeated": ('{{ "a" * 10**9 }}', r"template refused: repeating a value "
                                            r"1,000,000,000 times"),
    "huge power": ("{{ 2 ** 1000000 }}", r"template refused: 2 \*\* 1000000 is too large"),
    "nested loops": ("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}"
                     "{% endfor %}", r"template refused: more than 100,000 loop steps"),
    "output too long": ('{% for i in range(50) %}{{ "a" * 1000000 }}{% endfor %}',
                        r"template refused: the text would be longer than 2,000,000"),
    "many big values": ('{% for i in range(30) %}{% set s = "a" * 1000000 %}{% endfor %}',
                        r"template refused: the template made more than 20,000,000"),
    "concatenation": ('{{ "a" * 1000000 ~ "b" * 1000000 }}',
                      r"template refused: ~ would make a value of 2,000,000 characters"),
    "% formatting": ('{{ "%0999999999d" % 1 }}', r"template refused: string formatting"),
    "str.format": ('{{ "{:>999999999}".format(1) }}', r"template refused: str\.format"),
    "str method": ('{{ "a".ljust(10**9) }}', r"template refused: ljust\(\) with 1,000,000,000"),
    "dunder attribute": ("{{ goal.__class__.__mro__ }}",
                         r"template refused: access to attribute '__class__' of 'int'"),
    "function globals": ("{{ cost.__globals__ }}",
                         r"template refused: access to attribute '__globals__'"),
    "mutating the data": ("{{ rulings.clear() }}",
                          r"template refused: access to attribute 'clear' of 'dict'"),
    "macro (recursion)": ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
                          r"template error: \{% macro %\} is not allowed in book content"),
    "recursive loop": ("{% for x in [[1]] recursive %}{{ loop(x) }}{% endfor %}",
                       r"template error: a recursive loop is not allowed"),
    "include": ('{% include "/etc/passwd" %}', r"template error: \{% include %\} is not allowed"),
    "blowing-up filter": ('{{ "x"|center(10**9) }}', r"template error: No filter named 'center'"),
    "lorem ipsum": ("{{ lipsum(10**6) }}", r"unknown data name: 'lipsum' is undefined"),
    "namespace": ("{% set ns = namespace(s='') %}", r"unknown data name: 'namespace' is undefined"),
}


@pytest.mark.parametrize("case", BOUNDS)
def test_a_template_cannot_exhaust_memory_or_time(case, book_copy, tmp_path, capsys):
    payload, pattern = BOUNDS[case]
    append(book_copy / CHAPTER, payload)
    line = line_of(book_copy / CHAPTER, payload)
    assert_one_located_error(book_copy, tmp_path, capsys, CHAPTER, line, pattern)


def test_a_template_that_runs_too_long_is_stopped(book_copy, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.0)
    append(book_copy / CHAPTER, "{% for i in range(3) %}{{ i }}{% endfor %}")
    line = line_of(book_copy / CHAPTER, "{% for i in range(3) %}")
    assert_one_located_error(book_copy, tmp_path, capsys, CHAPTER, line,
                             r"template refused: the template ran for more than 0 seconds")


def test_the_books_own_templates_still_work_in_the_sandbox(tmp_path):
    """Loops with loop.last, filters, methods of the data, helpers: what the books use."""
    from generator.content.prose import render_string
    text = ('{% for w in ["a", "b", "c"] %}{{ w|upper }}{{ ", " if not loop.last }}{% endfor %}'
            ' {{ (2.6 * 10)|round|int }} {{ names|length }} {{ data.get("k", 0) }}'
            ' {{ "x" ~ 1 }} {{ 2 ** 10 }} {{ range(3)|list|join("-") }}')
    assert render_string(text, {"names": [1, 2], "data": {"k": 7}}) == \
        "A, B, C 26 2 7 x1 1024 0-1-2"


# --- 3. duplicate keys in YAML ------------------------------------------------------------

#: file → (text, the same with a key given twice, the second key's line needle, the key)
DUPLICATES = {
    "book.yaml": ("language: es", "language: es\nlanguage: en", ("language: en", 1), "language"),
    "components.yaml": ("  - {id: grain, name: Trigo, plural: trigos, count: 14}",
                        "  - {id: grain, name: Trigo, plural: trigos, count: 14, count: 15}",
                        ("count: 15", 1), "count"),
    "rulings.yaml": ("  section: coincidencias\n", "  section: coincidencias\n  section: series\n",
                     ("  section: series", 1), "section"),
    "statements.yaml": ("cartas-sueltas: >-", "cartas-sueltas: >-\n  Otra.\ncartas-sueltas: >-",
                        ("cartas-sueltas:", 2), "cartas-sueltas"),
    "examples/01-principiante.yaml": ("title: Tres ladrillos y dos trigos",
                                      "title: Tres ladrillos y dos trigos\ntitle: Otra vez",
                                      ("title: Otra vez", 1), "title"),
}


@pytest.mark.parametrize("file", DUPLICATES)
def test_a_key_given_twice_is_an_error_at_the_second(file, book_copy, tmp_path, capsys):
    old, new, needle, key = DUPLICATES[file]
    edit(book_copy / file, old, new)
    line = line_of(book_copy / file, *needle)
    pattern = rf"duplicate key '{key}' \(first at line \d+\); expected each key once"
    assert_one_located_error(book_copy, tmp_path, capsys, file, line, pattern)


def test_aliases_that_expand_to_billions_of_values_are_refused(book_copy, tmp_path, capsys):
    lines = ["a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for name, previous in zip("bcdefghi", "abcdefgh"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 10) + "]")
    edit(book_copy / "book.yaml", "language: es", "language: es\nlaughs:\n  " +
         "\n  ".join(lines))
    line = line_of(book_copy / "book.yaml", "f: &f")
    assert_one_located_error(book_copy, tmp_path, capsys, "book.yaml", line,
                             r"more than 1,000,000 values once its aliases are expanded")


@pytest.mark.parametrize("levels, message", [
    (600, r"lists and mappings nested more than 100 levels deep; expected at most 100 levels"),
    # libyaml's own limit (PyYAML's wheels have it; the pure-Python parser would recurse)
    pytest.param(3000, r"YAML syntax error: exceeded maximum nesting depth",
                 marks=pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"),
                                          reason="PyYAML without libyaml")),
])
def test_lists_nested_past_any_book_are_refused_at_their_line(levels, message, book_copy,
                                                             tmp_path, capsys):
    # 600 levels once crashed with a RecursionError traceback (the copy of the parsed data)
    edit(book_copy / "book.yaml", "language: es",
         "language: es\ndeep: " + "[" * levels + "]" * levels)
    line = line_of(book_copy / "book.yaml", "deep: [")
    assert_one_located_error(book_copy, tmp_path, capsys, "book.yaml", line, message)


# --- 2 and 4. the HTML edition and the PDF: safe output --------------------------------------

@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> tuple[Path, Path]:
    return hostile_book(tmp_path_factory.mktemp("hostile"))


def test_the_pdf_links_only_to_the_web_and_mail_and_shows_code_as_typed(hostile):
    pdf = hostile[0]
    uris = []
    for page in PdfReader(pdf).pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A") or {}
            if action.get("/S") == "/URI":
                uris.append(str(action["/URI"]))
    assert uris and all(re.match(r"(https?|mailto):", uri) for uri in uris), uris
    assert "https://example.org/reglas" in uris and "mailto:correo@example.org" in uris
    with read_pdf(pdf) as doc:
        text = " ".join(" ".join(page.extract_text() or "" for page in doc.pages).split())
    for shown in ("<b>negrita</b>", "a &amp; b", "x < y && z", "<pre>bloque & código</pre>",
                  "Enlaces: uno, dos, tres, cuatro, cinco, seis, siete, web y correo@example.org.", "pulsa", "© <b>."):
        assert shown in text, shown
    assert "&lt;" not in text
    # a reference link to a chapter gets its page; entities are text, not ruling links
    assert re.search(r"Por referencia: ocho, p\. \d+, XY y R99\.", text)


#: A Markdown image that is not a file of the book: refused where it is written (the edition
#: fetches nothing; tests/unit/test_images.py has the rest).
IMAGES = {
    "remote image": ("![mapa](http://127.0.0.1:9/mapa.png)", "![mapa]",
                     r"remote image 'http://127\.0\.0\.1:9/mapa\.png' refused: a book fetches nothing"),
    "remote by reference": ("![mapa][m]\n\n[m]: https://example.org/mapa.png", "[m]: https",
                            r"remote image 'https://example\.org/mapa\.png' refused"),
    "protocol-relative": ("![mapa](//example.org/mapa.png)", "![mapa]",
                          r"remote image '//example\.org/mapa\.png' refused"),
    "local file": ("![mapa](../../../secret.png)", "![mapa]",
                   r"image '\.\./\.\./\.\./secret\.png' leads to \S+, outside the book's folder"),
}


@pytest.mark.parametrize("case", IMAGES)
def test_an_image_is_refused_at_its_line(case, book_copy, tmp_path, capsys):
    payload, needle, pattern = IMAGES[case]
    append(book_copy / CHAPTER, payload)
    line = line_of(book_copy / CHAPTER, needle)
    assert_one_located_error(book_copy, tmp_path, capsys, CHAPTER, line, pattern)


#: Input that used to stop the PDF with a traceback.
CRASHES = {
    "control character": ("Texto con un \x02 de control.", "Texto con un",
                          r"control character U\+0002 in the text; expected printable text"),
    "NUL in a heading": ("## Título\x00", "## Título",
                         r"control character U\+0000 in the text"),
}


@pytest.mark.parametrize("case", CRASHES)
def test_input_that_crashed_the_pdf_is_an_error_at_its_line(case, book_copy, tmp_path, capsys):
    payload, needle, pattern = CRASHES[case]
    append(book_copy / CHAPTER, payload)
    line = line_of(book_copy / CHAPTER, needle)
    assert_one_located_error(book_copy, tmp_path, capsys, CHAPTER, line, pattern)


# --- the sanitiser leaves the real books as they were -----------------------------------------

# --- 5. a book reads only its own folder (and the shared _facts for references) ------------

SECRET = "# Secreto\n\nTexto de fuera del libro.\n"


def _outside_chapter(book: Path) -> str:
    """Another book next to this one, with a chapter the attack pulls in."""
    other = book.parent / "other-book" / "chapters"
    other.mkdir(parents=True)
    (other / "x.md").write_text(SECRET, encoding="utf-8")
    return "../../other-book/chapters/x.md"


def _link(book: Path, file: str) -> None:
    """`file` of the book becomes a link to a copy of itself outside the book folder."""
    outside = book.parent.parent / ("outside-" + Path(file).name)
    shutil.copy(book / file, outside)
    (book / file).unlink()
    (book / file).symlink_to(outside)


def _link_folder(book: Path, folder: str) -> None:
    outside = book.parent.parent / ("outside-" + folder)
    shutil.move(book / folder, outside)
    (book / folder).symlink_to(outside, target_is_directory=True)


def _facts_reference(book: Path) -> None:
    """The shared _facts folder next to the book, and a YAML file outside it."""
    shutil.copytree(CONTENT_ROOT / "_facts", book.parent / "_facts")
    (book.parent.parent / "secret.yaml").write_text("costs: {}\n", encoding="utf-8")
    edit(book / "components.yaml", "game:", "reference: ../../secret\ngame:")


OUTSIDE = r"leads to .*, outside "
#: case → (set-up of the copy, the file of the error, its line's needle or None, pattern)
PATHS = {
    "chapter ../../etc/passwd": (
        lambda b: edit(b / "book.yaml", "  - 01-introduccion.md",
                       "  - ../../../../../../../../../../etc/passwd"),
        "book.yaml", "etc/passwd", OUTSIDE + r"the book's chapters/ folder"),
    "another book's chapter": (
        lambda b: edit(b / "book.yaml", "  - 01-introduccion.md", "  - " + _outside_chapter(b)),
        "book.yaml", "other-book", OUTSIDE + r"the book's chapters/ folder"),
    "reference outside _facts": (
        _facts_reference, "components.yaml", "reference:", OUTSIDE + r"the shared _facts/"),
    "chapter linked out": (
        lambda b: _link(b, CHAPTER), "book.yaml", "01-introduccion.md",
        OUTSIDE + r"the book's chapters/ folder"),
    "chapters/ linked out": (
        lambda b: _link_folder(b, "chapters"), "book.yaml", "01-introduccion.md",
        OUTSIDE + r"the book's chapters/ folder"),
    "example linked out": (
        lambda b: _link(b, "examples/01-principiante.yaml"), "examples/01-principiante.yaml",
        None, OUTSIDE + r"the book's folder"),
    "statements.yaml linked out": (
        lambda b: _link(b, "statements.yaml"), "statements.yaml", None,
        OUTSIDE + r"the book's folder"),
    "figures.yaml linked out": (
        lambda b: _link(b, "figures.yaml"), "figures.yaml", None, OUTSIDE + r"the book's folder"),
    "a chapter that links to itself": (
        lambda b: (b / CHAPTER).unlink() or (b / CHAPTER).symlink_to(b / CHAPTER), "book.yaml",
        "01-introduccion.md", r"'01-introduccion\.md' cannot be followed \(a link that leads "
                              r"back to itself\); expected a file, or a link to a file inside"),
    "conformance.yaml linked out": (
        lambda b: _link(b, "conformance.yaml"), "conformance.yaml", None,
        OUTSIDE + r"the book's folder"),
}


@pytest.mark.parametrize("case", PATHS)
def test_a_book_reads_nothing_outside_its_folder(case, book_copy, tmp_path, capsys):
    setup, file, needle, pattern = PATHS[case]
    setup(book_copy)
    line = line_of(book_copy / file, needle) if needle else None
    assert_one_located_error(book_copy, tmp_path, capsys, file, line, pattern)


# --- 6. what used to be accepted silently --------------------------------------------------

#: case → (file, text, its replacement, (the error line's needle, nth), pattern)
SILENT = {
    "abbreviation twice": ("glossary.yaml", "  - abbr: MDD", "  - abbr: MDR", ("abbr: MDR", 2),
                           r"abbreviation 'MDR' is given twice \(first at line 4\); "
                           r"expected each abbreviation once"),
    "term twice": ("glossary.yaml", "  - term: Turno", "  - term: mercado", ("term: mercado", 1),
                   r"term 'mercado' is given twice \(first at line 39\)"),
    "figure id twice": ("figures.yaml", "- id: costes", "- id: preparacion",
                        ("id: preparacion", 2), r"figure id 'preparacion' is given twice"),
    "ruling id twice": ("rulings.yaml", "- id: R02", "- id: R01", ("- id: R01", 2),
                        r"ruling id 'R01' is given twice \(first at line \d+\)"),
    "conformance id twice": ("conformance.yaml", "- id: C02", "- id: C01", ("- id: C01", 2),
                             r"conformance row id 'C01' is used twice"),
    "example id twice": ("examples/02-carretera.yaml", "id: carretera", "id: principiante",
                         ("id: principiante", 1), r"example id 'principiante' is used twice"),
    "hand of a million": ("components.yaml", "  hand_size: 5", "  hand_size: 1000000",
                          ("hand_size:", 1), r"a hand of 1000000 and a market of 1 need "
                          r"1,000,001 cards, but the resource deck has 67"),
    "market past the deck": ("components.yaml", "  market_size: 1", "  market_size: 63",
                             ("market_size:", 1), r"a hand of 5 and a market of 63 need 68"),
    "road bonus past the deck": ("components.yaml", "{a_roads: 3, hand: 7, market: 3}",
                                 "{a_roads: 3, hand: 70, market: 3}", ("a_roads: 3", 1),
                                 r"\(road_bonuses\[3\]\.hand\): a hand of 70 and a market of 3"),
    "goal 0": ("components.yaml", "  goal: 20", "  goal: 0", ("goal: 0", 1),
               r"invalid value 0: below the smallest allowed, 1"),
}


@pytest.mark.parametrize("case", SILENT)
def test_a_duplicate_or_impossible_value_is_an_error_at_its_line(case, book_copy, tmp_path,
                                                                 capsys):
    file, old, new, needle, pattern = SILENT[case]
    edit(book_copy / file, old, new)
    line = line_of(book_copy / file, *needle)
    assert_one_located_error(book_copy, tmp_path, capsys, file, line, pattern)


# --- 7. sizes: bounded where they would make the build quadratic (generator/content/limits.py)

def _retitle(book: Path, title: str) -> None:
    text = (book / "book.yaml").read_text(encoding="utf-8")
    (book / "book.yaml").write_text(re.sub(r"(?m)^title: .*$", lambda _: "title: " + title,
                                           text, count=1), encoding="utf-8")


#: case → (set-up of the copy, file of the error, its line's needle or None, pattern)
SIZES = {
    "1 MB paragraph": (lambda b: append(b / CHAPTER, "palabra " * 131_072), CHAPTER, None,
                       r"the chapter file is 1,0\d\d,\d{3} bytes long; expected at most 262,144"),
    "paragraph made by a template": (
        lambda b: append(b / CHAPTER, '{{ "palabra " * 4000 }}'), CHAPTER, '{{ "palabra',
        r"a paragraph of more than 20,000 characters; expected at most 20,000"),
    "long heading": (lambda b: append(b / CHAPTER, "## " + "Título " * 100), CHAPTER, "## Título",
                     r"a heading of 703 characters; expected at most 500"),
    "long word": (lambda b: append(b / CHAPTER, "a" * 5000), CHAPTER, "aaaa",
                  r"a word of more than 1,000 characters; expected words of at most 1,000"),
    "1 MB title": (lambda b: _retitle(b, "Palabra " * 131_072), "book.yaml", "title:",
                   r"\(title\): a text of 1,048,57\d characters; expected at most 20,000"),
    "3 MB YAML file": (lambda b: append(b / "glossary.yaml", "# " + "x" * 3_000_000),
                       "glossary.yaml", None, r"the YAML file is 3,00\d,\d{3} bytes long"),
}


@pytest.mark.parametrize("case", SIZES)
def test_an_input_too_large_to_typeset_is_an_error_at_its_line(case, book_copy, tmp_path,
                                                               capsys):
    setup, file, needle, pattern = SIZES[case]
    setup(book_copy)
    line = line_of(book_copy / file, needle) if needle else None
    assert_one_located_error(book_copy, tmp_path, capsys, file, line, pattern)


# --- 8. a stored simulation run is the book's own (difficulty.yaml) ------------------------

#: case → (text of difficulty.yaml, its replacement, the error line's needle, pattern)
STORED_RUN = {
    "another goal": ("goal: 20", "goal: 5", "goal: 5",
                     r"\(goal\): the stored run was played to 5 points, but the book's goal "
                     r"is 20"),
    "another reading": ("loose_anytime: false", "loose_anytime: true", "loose_anytime:",
                        r"\(readings\.loose_anytime\): the stored run was played with "
                        r"loose_anytime: true, not the book's rules"),
    "a reading the game lacks": ("  loose_anytime: false", "  loose_anytime: false\n  "
                                 "dice: true", "dice:", r"\(readings\.dice\): 'dice' is not "
                                 r"a reading of this game; expected one of university_"),
    "another budget unit": ("budget_unit: play-outs per decision", "budget_unit: seconds",
                            "budget_unit: seconds", r"\(runs\[\d+\]\.budget_unit\): the "
                            r"run's budget counts 'seconds'; expected budget_unit: play-outs "
                            r"per decision"),
    "another command": ("--seed 2017 --player greedy --save",
                        "--seed 2018 --player greedy --save", "--player greedy --save",
                        r"\(runs\[0\]\.command\): the stored run names the command "
                        r".*--seed 2018.*; expected command: rulebook simulate solo-catan "
                        r"--games 400 --seed 2017 --player greedy --save"),
    "a game too many": ("  records:\n  - ", "  records:\n  - 1 false 0 0 0 stuck 0 aaaaaaaaaaaa "
                       "0.0\n  - ", "  - 1 false", r"\(runs\[0\]\.records\[0\]\): seed 1 of game 1 "
                       r"is not one this run deals; expected game 1's seed \d+, as --seed 2017 "
                       r"--games 400 deals it"),
}


@pytest.mark.parametrize("case", STORED_RUN)
def test_a_stored_run_of_other_rules_is_an_error_at_its_field(case, book_copy, tmp_path,
                                                              capsys):
    old, new, needle, pattern = STORED_RUN[case]
    edit(book_copy / "difficulty.yaml", old, new)
    line = line_of(book_copy / "difficulty.yaml", needle)
    assert_one_located_error(book_copy, tmp_path, capsys, "difficulty.yaml", line, pattern)


#: `rulebook simulate` arguments refused before any game is played → the one line of error
# (`--save` with `--compare` stores runs of other rules apart, never as the book's own:
# tests/unit/test_difficulty.py.)
SIMULATE = {
    "non-positive goals": (["--compare", "goal=0,-5"],
                           r"--compare 'goal=0,-5': goal 0 cannot be played; expected "
                           r"goals from 1 to 100 points"),
}


@pytest.mark.parametrize("case", SIMULATE)
def test_a_simulation_that_would_store_or_print_false_numbers_is_refused(case, book_copy,
                                                                         capsys):
    extra, pattern = SIMULATE[case]
    before = (book_copy / "difficulty.yaml").read_bytes()
    code = main(["simulate", str(book_copy), "--games", "2", "--jobs", "1"] + extra)
    captured = capsys.readouterr()
    message = captured.err + captured.out
    assert code == 2 and "Traceback" not in message, message
    lines = message.strip().splitlines()
    assert len(lines) == 1 and re.search(pattern, lines[0]), message
    assert (book_copy / "difficulty.yaml").read_bytes() == before


# --- 9. print.yaml is checked when the book is read, before anything is drawn ---------------

TOKENS = """tokens:
  name: fichas de prueba
  count: 20
  diameter: 25
  front: {label: "1", colour: "#c99a16"}
  back: {label: "1", colour: "#9c3d1a"}
"""


def _tokens(book: Path, old: str, new: str) -> None:
    append(book / "print.yaml", TOKENS.replace(old, new))


#: case → (set-up of the copy, the error line's needle, pattern)
PRINT = {
    "bad colour": (lambda b: _tokens(b, '"#c99a16"', '"rojo"'), "front: {",
                   r"\(tokens\.front\.colour\): invalid value 'rojo': .*#rrggbb"),
    "card wider than the paper": (
        lambda b: edit(b / "print.yaml", "  width: 63", "  width: 300"), "width: 300",
        r"\(cards\.width\): a 300×88 mm piece with 3 mm bleed does not fit on A4 with room "
        r"for crop marks; expected at most 184×271 mm"),
    "token larger than the paper": (
        lambda b: _tokens(b, "diameter: 25", "diameter: 260"), "diameter: 260",
        r"\(tokens\.diameter\): a 260×260 mm piece with 3 mm bleed does not fit on A4"),
    "card height 0.001": (
        lambda b: edit(b / "print.yaml", "  height: 88", "  height: 0.001"), "height: 0.001",
        r"\(cards\.height\): invalid value 0\.001: below the smallest allowed, 10"),
    "unbalanced <b>": (
        lambda b: edit(b / "print.yaml", '"<b>Coloca</b> una carta', '"<b>Coloca una carta'),
        "<b>Coloca una carta", r"\(cards\.faces\[1\]\.lines\[0\]\): the card line's markup "
                               r"does not parse .*; expected <b>…</b> and <i>…</i> closed"),
    "a tag cards do not print": (
        lambda b: edit(b / "print.yaml", '"<b>Coloca</b> una carta', '"<font color=red>Coloca</font> una carta'),
        "<font color=red>Coloca", r"\(cards\.faces\[1\]\.lines\[0\]\): the card line's markup "
                               r"does not parse \(<font> is not a tag a card prints \(only b, i, "),
    "a lone ampersand is text": (
        lambda b: edit(b / "print.yaml", '"<b>Coloca</b> una carta', '"<b>Coloca</b> & una carta &foo;'),
        "<b>Coloca</b> &", r"\(cards\.faces\[1\]\.lines\[0\]\): the card line's markup "
                           r"does not parse \(unknown entity &foo;\)"),
    "a billion tokens": (
        lambda b: _tokens(b, "count: 20", "count: 1000000000"), "count: 1000000000",
        r"\(tokens\.count\): invalid value 1000000000: above the largest allowed"
        r", 1000"),
}


@pytest.mark.parametrize("case", PRINT)
def test_a_print_mistake_is_an_error_at_its_line(case, book_copy, tmp_path, capsys):
    setup, needle, pattern = PRINT[case]
    setup(book_copy)
    line = line_of(book_copy / "print.yaml", needle)
    assert_one_located_error(book_copy, tmp_path, capsys, "print.yaml", line, pattern)


def test_a_build_that_fails_while_drawing_writes_nothing(tiny_book, tmp_path, capsys,
                                                        monkeypatch):
    """Everything is rendered in memory first: a failure in the last output (the cards)
    leaves no rulebook, edition or figure of this build, and the older build untouched."""
    from generator import build
    from generator.errors import RenderError
    output = tmp_path / "out"
    assert run("build", tiny_book, output, capsys)[0] == 0
    before = {p: p.read_bytes() for p in files_in(output)}
    assert any(p.name.startswith("cards") for p in before), "the cards were built before"
    edit(tiny_book / TINY_CHAPTER, "Say here what", "Another sentence. Say here what")

    def broken(*args, **kwargs):
        raise RenderError("cannot draw the sheet")
    monkeypatch.setattr(build, "home_sheets", broken)
    code, message = run("build", tiny_book, output, capsys)
    assert code == 1 and message.strip() == "error: cannot draw the sheet", message
    assert {p: p.read_bytes() for p in files_in(output)} == before


# --- 10. ordinary Markdown: built, or refused at its line --------------------------------------

#: Markdown that people write: the book is built with it, never a traceback.
MARKDOWN = {
    "a line with only >": "Antes.\n\n>\n\nDespués.",
    "nested quote": "> fuera\n>\n> > dentro\n> > > más dentro",
    "table in a note": '!!! note "Tabla"\n    | a | b |\n    |---|---|\n    | 1 | 2 |',
    "nested admonition": '!!! note "Fuera"\n    Texto.\n\n    !!! warning "Dentro"\n'
                         '        Texto dentro.',
    "empty note": '!!! note ""',
    "a table in a note taller than a page": '!!! note "Tabla larga"\n    | a | b |\n    |---|---|\n'
                                            + "\n".join(f"    | {i} | {i} |" for i in range(150)),
    "long table cell": "| a | b |\n|---|---|\n| x | " + "palabra larga " * 1400 + "|",
    "reference links to chapters": "Ver [la regla][r] y [otra][s].\n\n[r]: #introduction\n"
                                   "[s]: <#introduction> \"Título\"",
}


@pytest.mark.parametrize("case", MARKDOWN)
def test_ordinary_markdown_is_built(case, tiny_book, tmp_path, capsys):
    append(tiny_book / TINY_CHAPTER, MARKDOWN[case])
    code, message = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0 and "Traceback" not in message, message
    assert not [p for p in files_in(tmp_path / "out") if p.name.endswith(".part")]


def test_a_chapter_saved_with_a_bom_is_read(book_copy, tmp_path, capsys):
    chapter = book_copy / CHAPTER
    chapter.write_bytes(b"\xef\xbb\xbf" + chapter.read_bytes())
    code, message = run("check", book_copy, tmp_path / "out", capsys)
    assert code == 0 and message.startswith("ok "), message


def _latin1(book: Path) -> None:
    """Saved as Windows-1252 (Latin-1 with curly quotes and dashes), as old editors do."""
    chapter = book / CHAPTER
    chapter.write_bytes(chapter.read_text(encoding="utf-8").encode("cp1252"))


#: case → (set-up of the copy, the line of the error (needle) or 1, pattern)
MARKDOWN_REFUSED = {
    "typed [[example:x]]": (
        lambda b: append(b / CHAPTER, "[[example:principiante]]"), "[[example:",
        r"\[\[example:principiante\]\] is written by the book itself; expected "
        r"\{\{ example\(\"principiante\"\) \}\}"),
    "typed [[figure:x]] in a sentence": (
        lambda b: append(b / CHAPTER, "Mira [[figure:costes]] aquí."), "[[figure:",
        r"\[\[figure:costes\]\] is written by the book itself"),
    "reference link to a missing anchor": (
        lambda b: append(b / CHAPTER, "Ver [la regla][r].\n\n[r]: #no-existe"), "[r]: #no",
        r"cross-reference to unknown section '#no-existe'; expected the id of a chapter"),
    "empty chapter": (lambda b: (b / CHAPTER).write_text("", encoding="utf-8"), None,
                      r"a chapter must open with its title; expected a first line '# Title'"),
    "Latin-1 chapter": (_latin1, "LATIN-1",
                        r"not UTF-8 text \(.*\); expected the file saved as UTF-8"),
}


@pytest.mark.parametrize("case", MARKDOWN_REFUSED)
def test_markdown_the_pdf_cannot_show_is_refused_at_its_line(case, book_copy, tmp_path, capsys):
    setup, needle, pattern = MARKDOWN_REFUSED[case]
    setup(book_copy)
    if needle == "LATIN-1":  # the line of the first byte that is not ASCII
        data = (book_copy / CHAPTER).read_bytes()
        line = data[:next(i for i, b in enumerate(data) if b > 127)].count(b"\n") + 1
    elif needle:
        line = line_of(book_copy / CHAPTER, needle)
    else:
        line = 1
    assert_one_located_error(book_copy, tmp_path, capsys, CHAPTER, line, pattern)


# --- 11. plain mistakes in the book and on the command line -----------------------------------

def _unreadable(book: Path, monkeypatch) -> None:
    import os
    target = book / "glossary.yaml"
    target.chmod(0)
    real = os.open

    def opening(path, *args, **kwargs):  # root reads anything: refuse as the OS would
        if Path(path) == target:          # for anyone else (content is read with os.open:
            raise PermissionError(13, "Permission denied", str(path))  # core/files.py)
        return real(path, *args, **kwargs)
    monkeypatch.setattr(os, "open", opening)


def _folder_for(book: Path, file: str) -> None:
    (book / file).unlink()
    (book / file).mkdir()


#: case → (set-up (book, monkeypatch), file, the error line's needle or None, pattern)
MISTAKES = {
    "impossible date": (lambda b, m: edit(b / "book.yaml", "date: 2026-11-30",
                                          "date: 2026-02-30"),
                        "book.yaml", "date:", r"\(date\): invalid value '?2026-02-30'?: "
                        r".*expected a real date as YYYY-MM-DD"),
    "unsupported language": (lambda b, m: edit(b / "book.yaml", "language: es", "language: fr"),
                             "book.yaml", "language:",
                             r"\(language\): unsupported language 'fr'; expected one of es, en"),
    "a billion resource cards": (
        lambda b, m: edit(b / "components.yaml", "count: 14", "count: 1000000000"),
        "components.yaml", "count: 1000000000",
        r"invalid value 1000000000: above the largest allowed, 1000"),
    "unreadable file": (_unreadable, "glossary.yaml", None,
                        r"cannot read the file \(Permission denied\)"),
    "a folder named glossary.yaml": (lambda b, m: _folder_for(b, "glossary.yaml"),
                                     "glossary.yaml", None,
                                     r"is a folder; expected a file"),
    "a folder named examples/x.yaml": (lambda b, m: (b / "examples" / "x.yaml").mkdir(),
                                       "examples/x.yaml", None, r"is a folder; expected a file"),
    "a folder named like a chapter": (lambda b, m: _folder_for(b, CHAPTER), "book.yaml",
                                      "01-introduccion.md", r"\(chapters\[0\]\): chapter file "
                                      r"chapters/01-introduccion\.md is a folder; expected a "
                                      r"Markdown file"),
}


@pytest.mark.parametrize("case", MISTAKES)
def test_a_plain_mistake_is_one_line(case, book_copy, tmp_path, capsys, monkeypatch):
    setup, file, needle, pattern = MISTAKES[case]
    setup(book_copy, monkeypatch)
    line = line_of(book_copy / file, needle) if needle else None
    assert_one_located_error(book_copy, tmp_path, capsys, file, line, pattern)


def _one_line(args: list[str], capsys, pattern: str, code: int = 1) -> None:
    got = main(args)
    captured = capsys.readouterr()
    message = captured.err + captured.out
    assert got == code and "Traceback" not in message, message
    lines = message.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), message
    assert re.search(pattern, lines[0]), message


#: arguments → pattern of the one line (exit 1)
ARGUMENTS = {
    "--offset nan,inf": (["cards", "solo-catan", "--offset", "nan,inf"],
                         r"argument --offset: 'nan,inf': expected X,Y in millimetres between "
                         r"-10 and 10"),
    "--offset 1e308": (["tokens", "solo-catan", "--offset", "1e308,0"],
                       r"argument --offset: '1e308,0': expected X,Y .* between -10 and 10"),
    "--offset 1000,1000": (["cards", "solo-catan", "--offset", "1000,1000"],
                           r"argument --offset: '1000,1000'"),
    "--offset one number": (["cards", "solo-catan", "--offset", "3"], r"argument --offset"),
    "unknown option": (["build", "--colour"], r"unrecognized arguments: --colour"),
}


@pytest.mark.parametrize("case", ARGUMENTS)
def test_a_bad_argument_is_one_line(case, tmp_path, capsys):
    """A mistake on the command line: one line, exit 2 (as argparse and Unix tools)."""
    args, pattern = ARGUMENTS[case]
    _one_line(args + ["--output", str(tmp_path / "out")], capsys, pattern, code=2)
    assert files_in(tmp_path / "out") == []


def test_content_pointing_nowhere_or_at_no_books_is_one_line(tmp_path, capsys):
    _one_line(["check", "--content", str(tmp_path / "nowhere")], capsys,
              r"nowhere: no such folder; expected the folder holding the books", code=2)
    (tmp_path / "empty").mkdir()
    _one_line(["check", "--content", str(tmp_path / "empty")], capsys,
              r"empty: no books here; expected folders with a book\.yaml", code=2)
    _one_line(["build", "--content", str(tmp_path / "empty"), "--output",
               str(tmp_path / "out")], capsys, r"empty: no books here", code=2)
    assert files_in(tmp_path / "out") == []


def test_an_output_path_in_the_way_is_one_line(tiny_book, tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    _one_line(["build", str(tiny_book), "--output", str(blocker)], capsys,
              r"a-file.*cannot write output")
    output = tmp_path / "out"
    (output / tiny_book.name / "index.html").mkdir(parents=True)
    _one_line(["build", str(tiny_book), "--output", str(output)], capsys,
              r"index\.html: cannot write output \(.*\); expected .*")
    assert files_in(output) == []


def _fail_on_write(monkeypatch, exception: BaseException, after: int = 2) -> None:
    """The atomic writer fails at its `after`-th file (disk full, Ctrl-C…)."""
    from generator.core import output
    real, calls = output._write_bytes, []

    def write(stream, data):
        calls.append(1)
        if len(calls) > after:
            raise exception
        real(stream, data)
    monkeypatch.setattr(output, "_write_bytes", write)


@pytest.mark.parametrize("stage", ["rendering", "writing"])
def test_ctrl_c_during_a_build_leaves_nothing_and_exits_130(stage, tiny_book, tmp_path, capsys,
                                                            monkeypatch):
    from generator import build
    if stage == "rendering":
        monkeypatch.setattr(build, "render_html", lambda *a: (_ for _ in ()).throw(
            KeyboardInterrupt()))
    else:
        _fail_on_write(monkeypatch, KeyboardInterrupt())
    _one_line(["build", str(tiny_book), "--output", str(tmp_path / "out")], capsys,
              r"^error: interrupted; nothing was written$", code=130)
    assert files_in(tmp_path / "out") == []


def test_a_full_disk_is_one_line_and_leaves_nothing(tiny_book, tmp_path, capsys, monkeypatch):
    import errno
    _fail_on_write(monkeypatch, OSError(errno.ENOSPC, "No space left on device"))
    _one_line(["build", str(tiny_book), "--output", str(tmp_path / "out")], capsys,
              r"cannot write output \(No space left on device\)")
    assert files_in(tmp_path / "out") == []


def test_a_part_file_left_by_a_killed_build_is_removed(tiny_book, tmp_path, capsys):
    output = tmp_path / "out"
    left = [output / "juego" / ".juego.pdf.x1y2.part",
            output / "juego" / ".cards-a4.pdf.ab12.part"]
    for part in left:
        part.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(b"%PDF-1.4 half")
    assert run("build", tiny_book, output, capsys)[0] == 0
    assert (output / "juego" / "juego.pdf").exists() and (output / "juego" / "cards-a4.pdf").exists()
    assert not [p for p in files_in(output) if p.name.endswith(".part")]


def test_two_builds_of_one_book_at_once_write_one_after_the_other(tmp_path, monkeypatch):
    """The second build waits while the first has staged files: it neither removes them as
    left-overs nor mixes its files with the first one's; each set lands whole, the later last."""
    import threading
    from generator.core import output
    folder = tmp_path / "out" / "solo-catan"
    staged, go, errors = threading.Event(), threading.Event(), []
    real = output._write_bytes

    def write(stream, data):
        real(stream, data)
        if data == b"first pdf":  # the first build stops here, its PDF staged
            staged.set()
            go.wait(10)
    monkeypatch.setattr(output, "_write_bytes", write)

    def writer(tag: str):
        try:
            output.write_all([(folder / "book.pdf", f"{tag} pdf".encode()),
                             (folder / "figures" / "a.svg", f"{tag} svg".encode())])
        except Exception as exc:  # noqa: BLE001 - the test reports what went wrong
            errors.append(exc)
    first = threading.Thread(target=writer, args=("first",))
    first.start()
    assert staged.wait(10)
    second = threading.Thread(target=writer, args=("second",))
    second.start()
    second.join(0.5)
    assert second.is_alive(), "the second build did not wait for the first"
    go.set()
    first.join(10)
    second.join(10)
    assert errors == []
    assert (folder / "book.pdf").read_bytes() == b"second pdf"
    assert (folder / "figures" / "a.svg").read_bytes() == b"second svg"
    assert [p.name for p in files_in(tmp_path / "out")] == ["book.pdf", "a.svg"]


# --- 12. what the fonts cannot print; capitals that are emphasis ------------------------------

#: case → (set-up of the copy, file, the error line's needle, pattern)
UNPRINTABLE = {
    "a die face in a chapter": (lambda b: append(b / CHAPTER, "Tira el dado: ⚀ es un uno."),
                                CHAPTER, "Tira el dado",
                                r"'⚀' \(U\+2680, die face-1\) is not in the book's fonts "
                                r"\(Source Serif Pro and Source Sans Pro\) and would print as "
                                r"an empty box; expected a character the fonts have"),
    "an emoji in a glossary term": (
        lambda b: edit(b / "glossary.yaml", "definition: ", "definition: 🎲 "),
        "glossary.yaml", "definition: 🎲", r"'🎲' \(U\+1F3B2, game die\) is not in the book's"),
}


@pytest.mark.parametrize("case", UNPRINTABLE)
def test_a_character_the_fonts_lack_is_an_error_at_its_line(case, book_copy, tmp_path, capsys):
    setup, file, needle, pattern = UNPRINTABLE[case]
    setup(book_copy)
    assert_one_located_error(book_copy, tmp_path, capsys, file, line_of(book_copy / file, needle),
                             pattern)


def test_the_characters_taken_without_reading_the_fonts_are_in_both_fonts():
    """check_glyphs trusts COMMON without opening the fonts: every one of them must print."""
    from generator.content.glyphs import COMMON, printable
    assert not COMMON - printable(), sorted(COMMON - printable())


def test_a_character_that_is_in_the_fonts_but_not_common_passes(book_copy, tmp_path, capsys):
    append(book_copy / CHAPTER, "Una carta vale ⁄ medio punto ‰.")
    assert run("check", book_copy, tmp_path / "out", capsys)[0] == 0


def test_a_character_in_a_comment_may_be_anything(book_copy, tmp_path, capsys):
    append(book_copy / "glossary.yaml", "# 🎲 una nota para mí")
    assert run("check", book_copy, tmp_path / "out", capsys)[0] == 0


def test_an_html_comment_in_a_chapter_prints_so_its_characters_are_checked(book_copy, tmp_path,
                                                                          capsys):
    """Raw HTML is shown as text, a comment too: a die in one would print as an empty box."""
    append(book_copy / CHAPTER, "<!-- 🎲 otra nota -->")
    assert_one_located_error(book_copy, tmp_path, capsys, CHAPTER,
                             line_of(book_copy / CHAPTER, "<!-- 🎲"), r"'🎲' \(U\+1F3B2")


def test_capitals_for_emphasis_pass_when_listed_and_print_unlinked(tiny_book, tmp_path, capsys):
    append(tiny_book / TINY_CHAPTER, "A knight NEVER pays with a city.")
    assert_one_located_error(tiny_book, tmp_path, capsys, TINY_CHAPTER,
                             line_of(tiny_book / TINY_CHAPTER, "NEVER pays"),
                             r"'NEVER' is used but not defined in glossary\.yaml; expected .*"
                             r"or the word under emphasis:")
    append(tiny_book / "glossary.yaml", "emphasis: [NEVER]")
    code, message = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, message
    pdf = tmp_path / "out" / tiny_book.name / f"{tiny_book.name}.pdf"
    with read_pdf(pdf) as doc:
        page = next(p for p in doc.pages if "NEVER pays" in (p.extract_text() or ""))
        links = [a for a in page.annots if a.get("uri") is None]
        never = next(w for w in page.extract_words() if w["text"] == "NEVER")
        assert not [a for a in links if a["x0"] <= never["x0"] <= a["x1"]
                    and a["top"] <= never["top"] <= a["bottom"]]
    html = (tmp_path / "out" / tiny_book.name / "index.html").read_text(encoding="utf-8")
    assert "NEVER pays" in html and 'href="#gl-NEVER"' not in html


def test_emphasis_never_used_or_also_an_abbreviation_is_an_error(book_copy, tmp_path, capsys):
    append(book_copy / "glossary.yaml", "emphasis: [JAMAS]")
    assert_one_located_error(book_copy, tmp_path, capsys, "glossary.yaml",
                             line_of(book_copy / "glossary.yaml", "emphasis:"),
                             r"'JAMAS' is listed as emphasis but never used")
    edit(book_copy / "glossary.yaml", "emphasis: [JAMAS]", "emphasis: [MDR]")
    assert_one_located_error(book_copy, tmp_path, capsys, "glossary.yaml",
                             line_of(book_copy / "glossary.yaml", "emphasis:"),
                             r"'MDR' is both an abbreviation and emphasis")
