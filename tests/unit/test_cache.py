"""The cache a build keeps between runs (generator/core/cache.py): what a designer would
check is that a second build reuses the work, that the page is the same either way, and that
the cache never costs them a file of their own, a hang or a failed build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.core import cache
from generator.core.typefaces import DEFAULT
from generator.html import fonts


@pytest.fixture
def cache_in(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULEBOOK_CACHE", str(folder))
    return folder


def _counted():
    calls = []

    def make():
        calls.append(1)
        return b"made %d" % len(calls)
    return calls, make


def test_a_result_is_made_once_and_then_read(cache_in):
    calls, make = _counted()
    assert cache.kept("k", "a" * 64, make) == b"made 1"
    assert cache.kept("k", "a" * 64, make) == b"made 1"
    assert len(calls) == 1
    assert (cache_in / "k" / ("a" * 64 + ".bin")).read_bytes() == b"made 1"


def test_off_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBOOK_CACHE", "off")
    calls, make = _counted()
    cache.kept("k", "b" * 64, make)
    cache.kept("k", "b" * 64, make)
    assert len(calls) == 2
    assert cache.folder() is None


def test_the_default_folder_is_the_users_cache(monkeypatch, tmp_path):
    monkeypatch.delenv("RULEBOOK_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.folder() == tmp_path / "xdg" / "rulebook"


def test_a_folder_that_cannot_be_written_is_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("mine")
    monkeypatch.setenv("RULEBOOK_CACHE", str(blocker))  # a file where the folder would be
    calls, make = _counted()
    assert cache.kept("k", "c" * 64, make) == b"made 1"
    assert blocker.read_text() == "mine"


def test_a_pipe_in_the_cache_is_not_waited_on(cache_in):
    (cache_in / "k").mkdir(parents=True)
    os.mkfifo(cache_in / "k" / ("d" * 64 + ".bin"))
    calls, make = _counted()
    assert cache.kept("k", "d" * 64, make) == b"made 1"  # it would hang on open() otherwise


def test_trimming_removes_only_its_own_oldest_entries(cache_in, monkeypatch):
    monkeypatch.setattr(cache, "LIMIT", 3)
    kind = cache_in / "k"
    kind.mkdir(parents=True)
    (kind / "notes.txt").write_text("a user's own file")
    (kind / ("e" * 63 + ".bin")).write_text("not a name the cache gives")
    for n, letter in enumerate("01234"):
        cache.kept("k", letter * 64, lambda: b"x")
        os.utime(kind / (letter * 64 + ".bin"), (1000 + n, 1000 + n))
    cache.kept("k", "5" * 64, lambda: b"x")
    names = sorted(p.name for p in kind.iterdir())
    assert "notes.txt" in names and "e" * 63 + ".bin" in names
    assert sorted(n[0] for n in names if len(n) == 68) == ["3", "4", "5"]


def test_the_key_tells_every_split_of_its_inputs_apart():
    assert cache.digest("ab", "c") != cache.digest("a", "bc")
    assert cache.digest(b"x") == cache.digest("x")


def test_a_font_subset_is_kept_and_read_back(cache_in):
    face = fonts.faces(DEFAULT)[0].file
    characters = frozenset("Catán 2:1")
    fonts.woff2_subset.cache_clear()
    try:
        made = fonts.woff2_subset(face, characters)
        assert made[:4] == b"wOF2"
        entries = list((cache_in / "fonts").iterdir())
        assert len(entries) == 1 and entries[0].read_bytes() == made
        entries[0].write_bytes(b"wOF2 read back")  # what the next process finds there
        fonts.woff2_subset.cache_clear()
        assert fonts.woff2_subset(face, characters) == b"wOF2 read back"
        assert fonts.woff2_subset(face, frozenset("Catán 3:1"))[:4] == b"wOF2"  # another key
        assert len(list((cache_in / "fonts").iterdir())) == 2
    finally:
        fonts.woff2_subset.cache_clear()


SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" '
          'viewBox="0 0 20 10"><rect x="1" y="1" width="8" height="8" fill="#c00"/>'
          '<text x="12" y="6" font-size="3" font-family="Source Sans Pro">7</text></svg>')


def _drawing_entry(cache_in) -> Path:
    entries = list((cache_in / "drawings").iterdir())
    assert len(entries) == 1
    return entries[0]


def test_a_drawing_read_back_draws_what_a_fresh_conversion_draws(cache_in, monkeypatch):
    from reportlab import rl_config
    from reportlab.graphics import renderPDF

    from generator.draw.figures import converted

    made = converted(SQUARE)
    assert _drawing_entry(cache_in).stat().st_size > 0

    def no_conversion(*args, **kwargs):
        raise AssertionError("converted again, not read back")
    monkeypatch.setattr("svglib.svglib.svg2rlg", no_conversion)
    again = converted(SQUARE)  # from the cache
    assert again is not made
    monkeypatch.setattr(rl_config, "invariant", 1)  # no date, no random id in the PDF
    assert (renderPDF.drawToString(again) == renderPDF.drawToString(made))
    assert (again.width, again.height) == (made.width, made.height)


def test_a_planted_entry_runs_no_code_and_is_made_anew(cache_in, tmp_path):
    import pickle

    from generator.draw.figures import converted

    converted(SQUARE)
    entry = _drawing_entry(cache_in)
    witness = tmp_path / "ran"

    class Planted:
        def __reduce__(self):
            return (os.system, (f"touch {witness}",))
    entry.write_bytes(pickle.dumps(Planted()))
    drawing = converted(SQUARE)
    assert not witness.exists()
    assert drawing.width > 0
    entry.write_bytes(b"not a pickle at all")
    assert converted(SQUARE).width == drawing.width
