"""`rulebook docs`: the documentation shipped in the package, listed and shown."""

from __future__ import annotations

from generator.cli import main
from repo import ROOT


def test_the_list_names_every_page_with_its_title(capsys):
    assert main(["docs"]) == 0
    out = capsys.readouterr().out
    pages = sorted(ROOT.glob("docs/*.md")) + sorted(ROOT.glob("docs/reference/*.md"))
    assert len(pages) > 20
    for file in pages:
        name = file.relative_to(ROOT / "docs").with_suffix("").as_posix()
        title = next(line[2:] for line in file.read_text(encoding="utf-8").splitlines()
                     if line.startswith("# "))
        assert any(line.split() == [name, *title.split()] for line in out.splitlines()), name


def test_a_page_piped_is_its_markdown_as_written(capsys):
    for asked, file in (("engines", "docs/engines.md"), ("docs/engines.md", "docs/engines.md"),
                        ("reference/book", "docs/reference/book.md"),
                        ("book", "docs/reference/book.md")):  # the reference's, if no other
        assert main(["docs", asked]) == 0
        assert capsys.readouterr().out == (ROOT / file).read_text(encoding="utf-8")


def test_an_unknown_page_is_a_usage_error_with_a_suggestion(capsys):
    assert main(["docs", "engine"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "no such page" in err
    assert "did you mean engines" in err
