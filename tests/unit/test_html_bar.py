"""The HTML edition's bar as `build` writes it (templates/toolbar.html.j2), on the tiny book:
its menu holds the contents by section, every entry leading to a place on the page; and the
places a reader shares (a heading's id) stay the same when the book is rebuilt after an edit
elsewhere in it. (tests/browser/test_at_the_table.py drives the bar in Chromium.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from contentedit import TINY_CHAPTER, append, edit, run


class _Page(HTMLParser):
    """The ids of the page, the headings' ids with their words, and the menu's links."""

    def __init__(self, text: str):
        super().__init__()
        self.ids: set[str] = set()
        self.headings: dict[str, str] = {}
        self.menu: list[str] = []
        self._heading: str | None = None
        self._in_menu = 0
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag in ("h1", "h2", "h3") and "id" in attrs:
            self._heading = attrs["id"]
            self.headings[self._heading] = ""
        if tag == "ol" and attrs.get("class") == "menu-contents":
            self._in_menu = 1
        elif tag == "ol" and self._in_menu:
            self._in_menu += 1
        if tag == "a" and self._in_menu:
            self.menu.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag in ("h1", "h2", "h3"):
            self._heading = None
        if tag == "ol" and self._in_menu:
            self._in_menu -= 1

    def handle_data(self, data):
        if self._heading:
            self.headings[self._heading] += data


def _built(book: Path, output: Path, capsys) -> _Page:
    code, said = run("build", book, output, capsys)
    assert code == 0, said
    return _Page((output / "juego" / "index.html").read_text(encoding="utf-8"))


def test_the_menu_holds_every_chapter_and_section_and_each_leads_somewhere(tiny_book,
                                                                         tmp_path, capsys):
    append(tiny_book / "chapters" / "02-rules.md", "## Ending the game\n\nThe game ends.")
    page = _built(tiny_book, tmp_path / "out", capsys)
    assert page.menu == ["#introduction", "#rules", "#your-turn", "#ending-the-game",
                         "#rulings", "#glosario", "#referencia-rapida"]
    assert all(href[1:] in page.ids for href in page.menu + ["#top"]), page.menu


def test_a_heading_keeps_its_address_when_the_book_is_rebuilt_after_an_edit(tiny_book,
                                                                           tmp_path, capsys):
    before = _built(tiny_book, tmp_path / "out", capsys)
    # a new section and a paragraph before the others, and a word changed elsewhere
    edit(tiny_book / TINY_CHAPTER, "# Introduction\n",
         "# Introduction\n\n## Before anything\n\nA new paragraph.\n")
    rules = tiny_book / "chapters" / "02-rules.md"
    rules.write_text(re.sub(r"(?m)^(\w+)", r"Now \1", rules.read_text(encoding="utf-8"), 1),
                     encoding="utf-8")
    after = _built(tiny_book, tmp_path / "out", capsys)
    assert len(before.headings) >= 3
    assert {i: after.headings.get(i) for i in before.headings} == before.headings
    assert "before-anything" in after.headings


def test_a_section_lists_the_rulings_of_its_rule_under_its_heading(tiny_book, tmp_path,
                                                                  capsys):
    """The question index read the other way: under the heading of the rule a ruling settles
    (its `section`), the ruling's id, linked to its entry, and its title."""
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    page = (tmp_path / "out" / "juego" / "index.html").read_text(encoding="utf-8")
    rules = re.search(r'<h1 id="rules">.*?</h1>\s*(<p class="related">.*?</p>)', page, re.S)
    assert rules, "no line of rulings under the heading of the rules"
    assert re.fullmatch(r'<p class="related">Rulings: <a href="#r01" class="ruling">R01</a>'
                        r' Ties</p>', rules.group(1)), rules.group(1)
    assert page.count('<p class="related">') == 1  # no other section has a ruling
