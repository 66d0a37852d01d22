"""What `rulebook check` accepts, `rulebook build` lays out (issue 29), and prints whole.

`check` reads and replays a book without laying it out; ReportLab's layout errors were met by
`build` alone. Each case here is content `check` passed that `build` could not lay out
("a block of the book is taller than a page", a traceback, or no end at all), or laid out
while leaving words out, tried on the small book `rulebook new g --lang en --cards` makes:

- built: a table whose header is taller than a page; a quote of one paragraph taller than a
  page; a note holding a list, or a title, taller than a page; a note holding a table with a
  long cell (minutes of layout); a table with a cell taller than a page (blank pages after
  it); a table, a note or a quote inside a list item, and an item's words in bold before its
  list (each printed nowhere);
- refused at its line by both commands: a table of more columns than a page can share out,
  a list inside too many others (each crashed the build with a traceback).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from pdfread import page_words

from contentedit import append, assert_one_located_error, line_of, run

CHAPTER = "chapters/02-rules.md"
WORDS = "Lorem " * 3000  # a cell, paragraph or title of many pages


@pytest.fixture
def book(scaffold_copy) -> Path:
    """The scaffolded book, fresh for each test (conftest.py)."""
    return scaffold_copy


def pages_of(book: Path, tmp_path: Path, capsys) -> list[str]:
    """`check` passes, then `build`: the text of each page of the PDF."""
    output = tmp_path / "out"
    for command in ("check", "build"):
        code, message = run(command, book, output, capsys)
        assert code == 0 and "Traceback" not in message, (command, message)
    pdf = output / book.name / f"{book.name}.pdf"
    return page_words(pdf)


def table(header: list[str], *rows: list[str], indent: str = "") -> str:
    lines = [header, ["---"] * len(header), *rows]
    return "\n".join(indent + "| " + " | ".join(cells) + " |" for cells in lines)


#: Markdown appended to the rules chapter → words its PDF must show
TALLER_THAN_A_PAGE = {
    "a table's header": (table([WORDS, "Phase"], ["Draw", "Two"], ["Trade", "One"]),
                         ["Draw Two", "Trade One"]),
    "a header of half a page over a long row": (
        table(["Lorem " * 400, "Phase"], ["Ipsum " * 600, "Two"], ["Trade", "One"]),
        ["Two", "Trade One"]),
    "a quote of one paragraph": ("> " + "Lorem " * 3000 + "Ending", ["Ending"]),
    "a quote of a paragraph and another": ("> " + "Lorem " * 3000 + "\n>\n> Second one",
                                           ["Second one"]),
    "a note's list": ('!!! note "Steps"\n' + "\n".join(f"    - Step number {n}"
                                                       for n in range(150)),
                      ["Step number 0", "Step number 149"]),
    "a quote's list": ("\n".join(f"> - Step number {n}" for n in range(150)),
                       ["Step number 0", "Step number 149"]),
    "a note's title": ('!!! note "' + "Lorem " * 2500 + '"\n    The note itself',
                       ["The note itself"]),
    "a note's table of many rows": (
        '!!! note "Phases"\n' + table(["Phase", "Cards"], *[[f"Phase {n}", "Two"]
                                                         for n in range(150)], indent="    "),
        ["Phase 0 Two", "Phase 149 Two"]),
}


def set_on(book: Path, size: str) -> None:
    """The book set on `size` pages (its book.yaml's page_size)."""
    meta = book / "book.yaml"
    meta.write_text(meta.read_text(encoding="utf-8").replace("page_size: A5",
                                                             f"page_size: {size}"),
                    encoding="utf-8")


@pytest.mark.parametrize("size", ["A5", "A4", "Letter"])
@pytest.mark.parametrize("case", TALLER_THAN_A_PAGE)
def test_a_block_taller_than_a_page_that_check_passes_is_laid_out(case, size, book, tmp_path,
                                                                  capsys):
    """(A note's title taller than a page failed on Letter alone: the first row's split
    left out the box's top padding.)"""
    markdown, words = TALLER_THAN_A_PAGE[case]
    set_on(book, size)
    append(book / CHAPTER, markdown)
    text = " ".join(pages_of(book, tmp_path, capsys))
    for shown in words:
        assert shown in text, shown


def test_a_cell_taller_than_a_page_leaves_no_blank_pages_after_it(book, tmp_path, capsys):
    """ReportLab kept the short cell beside it centred in the row's whole height: 20 pages
    of words, then some 40 pages of the table's header over nothing."""
    append(book / CHAPTER, table(["Phase", "Cards"], [WORDS, "Two"]))
    pages = pages_of(book, tmp_path, capsys)
    last = max(n for n, page in enumerate(pages) if "Lorem" in page)
    assert "Two" in " ".join(pages[:last + 1])
    assert "R01. Ties" in pages[last] + pages[last + 1]  # the next chapter, at once


def test_a_long_cell_of_a_table_in_a_note_is_laid_out_in_seconds(book, tmp_path):
    """ReportLab split the note's row holding the table one height after another, laying
    the table out again each time: 150 words took minutes; 1200 never ended."""
    append(book / CHAPTER, '!!! note "Phases"\n' +
           table(["Phase", "Cards"], ["Lorem " * 1200 + "Ending", "Two"], indent="    "))
    output = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "generator.cli", "build", str(book),
                           "--output", str(output)], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    pdf = PdfReader(output / book.name / f"{book.name}.pdf")
    assert "Ending" in " ".join(page.extract_text() or "" for page in pdf.pages)


#: A list appended to the rules chapter → words that printed nowhere in the PDF (the HTML
#: edition showed them)
IN_A_LIST_ITEM = {
    "a table": ("- Set up\n\n" + table(["Phase", "Cards"], ["Draw", "Two"], indent="    "),
                ["Set up", "Phase Cards", "Draw Two"]),
    "a note": ('- Set up\n\n    !!! note "Careful"\n        Shuffle first.',
               ["Set up", "Careful", "Shuffle first."]),
    "a quote": ("- Set up\n\n    > Shuffle first.", ["Set up", "Shuffle first."]),
    "bold words before its list": ("- **Set up** the board\n    - Shuffle first.",
                                   ["Set up the board", "Shuffle first."]),
    "a link before its list": ("- [The rules](#rules) come first\n    1. Shuffle first.",
                               ["The rules", "come first", "Shuffle first."]),
    "a note holding a table, in a list": (
        '- Set up\n\n    !!! note "Careful"\n' + table(["Phase", "Cards"], ["Draw", "Two"],
                                                      indent="        "),
        ["Careful", "Draw Two"]),
}


@pytest.mark.parametrize("case", IN_A_LIST_ITEM)
def test_everything_in_a_list_item_is_printed(case, book, tmp_path, capsys):
    markdown, words = IN_A_LIST_ITEM[case]
    append(book / CHAPTER, markdown)
    text = " ".join(pages_of(book, tmp_path, capsys))
    for shown in words:
        assert shown in text, shown


def columns(count: int) -> str:
    return table([f"C{n}" for n in range(count)], [f"V{n}" for n in range(count)])


def nested(depth: int) -> str:
    return "\n".join("    " * level + f"- Level {level}" for level in range(depth))


def test_a_table_of_too_many_columns_is_an_error_at_its_header(book, tmp_path, capsys):
    """24 columns crashed the build (ReportLab: "negative availWidth")."""
    append(book / CHAPTER, columns(24))
    assert_one_located_error(book, tmp_path, capsys, CHAPTER, line_of(book / CHAPTER, "| C0 |"),
                             r"a table of 24 columns: .*; expected at most 12 columns")


def test_a_list_too_deep_is_an_error_at_its_first_item(book, tmp_path, capsys):
    """30 lists inside each other crashed the build (AttributeError: blPara)."""
    append(book / CHAPTER, nested(30))
    assert_one_located_error(book, tmp_path, capsys, CHAPTER,
                             line_of(book / CHAPTER, "- Level 8"),
                             r"a list inside 8 others \(9 deep\); expected lists at most 8 deep")


@pytest.mark.parametrize("size", ["A5", "A4"])
def test_the_most_columns_in_the_deepest_list_in_a_note_build(size, book, tmp_path, capsys):
    """At the limits, on the narrowest measure: the last of eight lists inside a note holds a
    table of twelve columns (on A4, a rules sheet: two columns to the page)."""
    if size == "A4":
        set_on(book, size)
        meta = book / "book.yaml"
        meta.write_text(meta.read_text(encoding="utf-8").replace("layout: rulebook",
                                                                 "layout: sheet"),
                        encoding="utf-8")
    inside = "\n".join("    " + line for line in nested(8).splitlines())
    last = "    " * 9
    append(book / CHAPTER, '!!! note "Deep"\n' + inside.replace("\n", "\n\n") + "\n\n" +
           "\n".join(last + line for line in columns(12).splitlines()))
    text = " ".join(pages_of(book, tmp_path, capsys))
    assert "Level 7" in text and "V11" in text.replace(" ", "")


def _credits(book: Path, count: int) -> None:
    meta = book / "book.yaml"
    text = meta.read_text(encoding="utf-8")
    credits = "".join(f"  - role: Playtester {n}\n    who: Person number {n}\n"
                      for n in range(count))
    meta.write_text(text.replace("credits:\n", "credits:\n" + credits, 1), encoding="utf-8")


def test_credits_the_back_cover_cannot_hold_are_an_error_at_their_line(book, tmp_path,
                                                                        capsys):
    """The back cover is one page, never split: 150 credits passed check and then stopped
    the build halfway ("a block of the book is taller than a page"). Measured as the back
    cover lays them out, at every page size."""
    _credits(book, 150)
    assert_one_located_error(book, tmp_path, capsys, "book.yaml",
                             line_of(book / "book.yaml", "credits:") + 1,  # the list
                             r"the back cover holds the title, edition note, credits and "
                             r"rights line on one page: at A5 they take \d+ mm of its \d+ mm; "
                             r"expected fewer or shorter credits")


def test_twenty_short_credits_fit_the_back_cover_and_build(book, tmp_path, capsys):
    """Twenty short credits (besides the scaffold's own; some 25 fit on A5) pass check, and
    the build prints the last of them on the back cover."""
    _credits(book, 20)
    text = pages_of(book, tmp_path, capsys)
    assert "Person number 19" in text[-1]
