"""The renderer's in-process caches (generator/pdf/paragraphs.py, figures.py) change no byte
of a book: a build with warm caches, after other page sizes and after an edit, is the build
a fresh process makes. Each thread keeps its own caches, so a new thread stands for a new
process; ReportLab's invariant mode makes the PDFs comparable byte for byte."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from reportlab import rl_config

from contentedit import append, full_sheet
from generator.build import build_book
from generator.content.model import PageSize
from generator.errors import ContentError
from repo import CONTENT_ROOT

CONTENT = CONTENT_ROOT
ADDED = " ".join(["Esta frase se añade para que las páginas siguientes se muevan."] * 10)


def _in_fresh_thread(work):
    """`work()` in a new thread (empty caches), its result or its exception here."""
    result: dict = {}

    def run():
        try:
            result["value"] = work()
        except BaseException as exc:  # noqa: BLE001 - raised again below
            result["error"] = exc
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result["value"]


def _shorten(chapter: Path) -> None:
    """Drop a chapter's second paragraph: a sheet has no room for ADDED, and a shorter one
    may be set at a larger size, all the same a new layout."""
    paragraphs = chapter.read_text(encoding="utf-8").split("\n\n")
    chapter.write_text("\n\n".join(paragraphs[:1] + paragraphs[2:]), encoding="utf-8")


# Catan for two (A5, worked examples drawn as diagrams, 16 pages: the solo book's 48 took
# 12 s) is built warm at another width; catan-base is a sheet (layout: sheet)
# that fits two A4 pages with little to spare: on A5 and Letter it needs more, and the build
# stops at book.yaml (test_layouts.py); those failed layouts must leave the caches as good
# as new too.
@pytest.mark.parametrize("slug, chapter, sizes, too_long", [
    ("catan-para-dos", "01-partida.md", (PageSize.A4,), ()),
    ("catan-base", None, (PageSize.A5, PageSize.LETTER), (PageSize.A5, PageSize.LETTER))])
def test_warm_builds_are_the_builds_of_a_fresh_process(slug, chapter, sizes, too_long,
                                                       tmp_path, monkeypatch):
    monkeypatch.setattr(rl_config, "invariant", 1)
    shutil.copytree(CONTENT, tmp_path / "content")
    book = tmp_path / "content" / slug
    if too_long:  # the sheet with its appendix, too long for two pages but on A4
        full_sheet(book)
    chapter = book / "chapters" / (chapter or sorted(p.name for p in
                                                      (book / "chapters").glob("*.md"))[0])

    def fresh(name: str) -> bytes:
        return _in_fresh_thread(lambda: build_book(book, tmp_path / name).files[0].read_bytes())

    def warm() -> tuple[bytes, bytes]:
        out = tmp_path / "warm"
        first = build_book(book, out).files[0].read_bytes()
        for size in sizes:  # the same text, other widths
            if size in too_long:
                with pytest.raises(ContentError, match=r"\(layout\): the sheet needs"):
                    build_book(book, out, size)
            else:
                build_book(book, out, size)
        again = build_book(book, out).files[0].read_bytes()
        assert again == first
        if too_long:
            _shorten(chapter)
        else:
            append(chapter, ADDED)  # the pages after it move on
        return first, build_book(book, out).files[0].read_bytes()

    # warm() starts in a fresh thread: its first build is a fresh process's build.
    before, after = _in_fresh_thread(warm)
    assert after == fresh("fresh-edited")
    assert after != before


def test_a_position_drawn_again_is_redrawn_when_anything_it_shows_changes():
    """The position diagrams' cache (the solo game's figures.py) is keyed by what it shows:
    a card more in the hand, a road more, a card fewer in the deck each give a new drawing,
    the one a thread with no cache draws."""
    from generator.content.loader import load_book
    from generator.games.solo_catan import figures
    from generator.diagrams.style import style_for
    from generator.games.solo_catan import Game
    from generator.games.solo_catan.adapter import rules_for
    from generator.games.solo_catan.text import Words

    book = load_book(CONTENT / "solo-catan")
    style, words = style_for(book.components), Words.for_book(book)
    game = Game.new(rules_for(book), seed=7)
    seen = {figures.position_svg(game, style, words)}
    for change in (lambda g: g.hand.append("ore"), lambda g: g.roads.append("B"),
                   lambda g: g.deck.pop(), lambda g: g.market.clear()):
        change(game)
        drawn = figures.position_svg(game, style, words)
        assert drawn not in seen
        assert drawn == _in_fresh_thread(lambda: figures.position_svg(game, style, words))
        assert figures.position_svg(game, style, words) is drawn  # the second time, cached
        seen.add(drawn)


def test_a_yaml_file_read_again_is_read_as_it_now_is_and_as_a_copy_of_its_own(tmp_path):
    """Parsed YAML is kept per process by text (content/yamlsource.py: a translation reads
    the book's files again, a watcher every file after each save): a reader that changes
    what it got changes nothing for the next, a file edited is read as edited, and a
    mistake is reported on every read, at its line."""
    from generator.content.yamlsource import read_yaml

    file = tmp_path / "components.yaml"
    file.write_text("game:\n  goal: 10\n  names: [a, b]\n", encoding="utf-8")
    first = read_yaml(file)
    first.data["game"]["names"].append("c")
    first.data["game"]["goal"] = 99
    again = read_yaml(file)
    assert again.data == {"game": {"goal": 10, "names": ["a", "b"]}}
    assert again.line_of(("game", "names")) == 3

    file.write_text("game:\n  goal: 12\n", encoding="utf-8")
    assert read_yaml(file).data == {"game": {"goal": 12}}

    file.write_text("game:\n  goal: 12\n  goal: 13\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError, match=r"components.yaml:3 \(game\): duplicate key "
                                               r"'goal' \(first at line 2\)"):
            read_yaml(file)


def test_a_chapter_rendered_again_takes_the_data_and_text_it_has_now(tmp_path):
    """A chapter's compiled template is kept per process by text (content/prose.py): the
    same text renders each time with the data of that render, and an edit is compiled
    anew."""
    from generator.content.prose import render_template

    chapter = tmp_path / "01-reglas.md"
    chapter.write_text("# Reglas\n\nGana quien llega a {{ goal }} puntos.\n", encoding="utf-8")
    assert "llega a 10 puntos" in render_template(chapter, {"goal": 10}).text
    assert "llega a 12 puntos" in render_template(chapter, {"goal": 12}).text
    chapter.write_text("# Reglas\n\nGana con {{ goal }}.\n", encoding="utf-8")
    assert render_template(chapter, {"goal": 12}).text.endswith("Gana con 12.\n")
