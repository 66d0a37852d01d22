"""Every independent mistake at once: a designer who made five mistakes in four files reads
all five after one `rulebook check` (and the same from `build`, which writes nothing), each on
a line of its own naming its file, line and place, grouped by file in the order the book is
read; past `ContentErrors.MOST` the rest are counted. What is only another mistake's
consequence is not said (content/problems.py)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from contentedit import TINY_CHAPTER, append, edit, files_in, line_of, run
from generator.content.yamlsource import read_yaml, validate
from generator.errors import ContentError, ContentErrors


def _said(book: Path, tmp_path: Path, capsys, command: str = "check") -> list[str]:
    code, message = run(command, book, tmp_path / "out", capsys)
    assert code == 1, message
    assert "Traceback" not in message
    return message.strip().splitlines()


def test_mistakes_in_several_files_are_said_in_one_check_and_one_build(tiny_book, tmp_path,
                                                                        capsys):
    """The files first, each alone (three mistakes in two), then, once they are right, the
    chapters, each alone (two in two): the chapters read the files' data, so a chapter's
    mistake could be a file's consequence until then."""
    glossary, rulings = tiny_book / "glossary.yaml", tiny_book / "rulings.yaml"
    rules = tiny_book / "chapters/02-rules.md"
    edit(glossary, "    term: Victory points\n", "    term: Victory points\n    colour: red\n")
    edit(glossary, "    definition: The coins no player holds.\n", "")
    edit(rulings, "  section: rules\n", "  section: rules\n  settles: maybe\n")
    append(rules, "{{ no_such_name }}")
    append(tiny_book / TINY_CHAPTER, "{{ nor_this_one }}")
    in_files = [
        (glossary, line_of(glossary, "colour: red"), r"\(abbreviations\[0\]\.colour\): "
                                                     r"unknown field 'colour'"),
        (glossary, line_of(glossary, "term: Supply"),
         r"\(terms\[0\]\.definition\): missing field 'definition'"),
        (rulings, line_of(rulings, "settles: maybe"), r"\(\[0\]\.settles\): invalid value "
                                                       "'maybe'"),
    ]
    in_chapters = [
        (tiny_book / TINY_CHAPTER, line_of(tiny_book / TINY_CHAPTER, "nor_this_one"),
         "nor_this_one"),
        (rules, line_of(rules, "no_such_name"), "no_such_name"),
    ]
    for expected, heading in ((in_files, "3 mistakes in 2 files"),
                              (in_chapters, "2 mistakes in 2 files")):
        for command in ("check", "build"):
            lines = _said(tiny_book, tmp_path, capsys, command)
            assert lines[0] == f"error: {heading}:", lines
            assert len(lines) == 1 + len(expected), lines
            for line, (file, number, pattern) in zip(lines[1:], expected):
                assert re.match(rf"  {re.escape(str(file))}:{number}[: ]", line), (line, number)
                assert re.search(pattern, line), (line, pattern)
        assert files_in(tmp_path / "out") == []
        if expected is in_chapters:
            break
        edit(glossary, "    colour: red\n", "")
        edit(glossary, "  - term: Supply\n", "  - term: Supply\n    definition: The coins.\n")
        edit(rulings, "  settles: maybe\n", "")


def test_past_twenty_the_rest_are_counted(tiny_book, tmp_path, capsys):
    terms = "".join(f"  - term: Word {n}\n" for n in range(30))  # each without its definition
    edit(tiny_book / "glossary.yaml", "terms:\n", "terms:\n" + terms)
    lines = _said(tiny_book, tmp_path, capsys)
    assert lines[0] == "error: 30 mistakes in 1 file:", lines[0]
    assert len(lines) == 1 + ContentErrors.MOST + 1, lines
    assert all("missing field 'definition'" in line for line in lines[1:-1]), lines
    assert lines[-1] == "  … and 10 more: fix these and check again", lines[-1]


def test_one_mistake_is_still_one_line(tiny_book, tmp_path, capsys):
    edit(tiny_book / "rulings.yaml", "  section: rules\n", "  section: rules\n  settles: maybe\n")
    lines = _said(tiny_book, tmp_path, capsys)
    assert len(lines) == 1 and lines[0].startswith(f"error: {tiny_book / 'rulings.yaml'}:")


@dataclasses.dataclass
class _Rules:
    rules: dict[str, int | bool]


def test_the_alternatives_of_one_value_are_one_mistake(tmp_path):
    """pydantic says why a value is none of its alternatives once an alternative; a reader
    needs it once a value."""
    file = tmp_path / "rules.yaml"
    file.write_text("rules:\n  a: many\n  b: 3\n  c: [1]\n", encoding="utf-8")
    try:
        validate(read_yaml(file), _Rules)
    except ContentErrors as errors:
        assert [(e.location.line, e.location.path.split(".")[1]) for e in errors.errors] == \
            [(2, "a"), (4, "c")]
    except ContentError as error:
        raise AssertionError(f"one mistake said, two made: {error}") from None
    else:
        raise AssertionError("the file validated")


def test_a_mistyped_field_is_one_mistake_with_the_name_meant(tiny_book, tmp_path, capsys):
    """`defintion:` is not a missing `definition` and an unknown `defintion`, but one typo."""
    glossary = tiny_book / "glossary.yaml"
    edit(glossary, "    definition: The coins no player holds.", "    defintion: The coins.")
    lines = _said(tiny_book, tmp_path, capsys)
    assert len(lines) == 1, lines
    assert lines[0] == (f"error: {glossary}:{line_of(glossary, 'defintion')} "
                        "(terms[0].defintion): unknown field 'defintion': did you mean "
                        "'definition'?"), lines
