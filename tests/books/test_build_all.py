"""Building the whole project writes every book."""

from __future__ import annotations

from generator.cli import main


def test_build_writes_all_five_books(tmp_path):
    assert main(["build", "--output", str(tmp_path)]) == 0
    books = sorted(p.name for p in tmp_path.iterdir())
    assert books == ["catan-base", "catan-para-dos", "solo-catan", "splendor-solitario",
                     "uno-contra-uno"]
    for name in books:
        assert (tmp_path / name / f"{name}.pdf").is_file()
        assert (tmp_path / name / "index.html").is_file()
