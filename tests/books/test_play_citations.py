"""`rulebook play` cites a refused move's section with its page in the book's last build, as
the book prints a cross-reference («véase «Comercio», p. 12»): the page a player turns to in
the printed book beside them (issue 35)."""

from __future__ import annotations

import io
import re

from generator.cli import main
from pdfread import page_words
from repo import CONTENT_ROOT


def test_a_refusal_names_the_page_of_its_section_in_the_last_build(built, capsys,
                                                                   monkeypatch):
    pdf = built("solo-catan").files[0]
    monkeypatch.setattr("sys.stdin", io.StringIO("market ore ore\nquit\n"))
    code = main(["play", str(CONTENT_ROOT / "solo-catan"), "--seed", "7",
                 "--output", str(pdf.parent.parent)])
    said = capsys.readouterr().out
    assert code == 0
    cited = re.search(r"× No puedes cambiar la piedra de tu mano por la piedra del mercado: "
                      r"no tienes piedra en la mano \(véase «Comercio», p\.\u00a0(\d+)\)\.",
                      said)
    assert cited, said[-400:]
    page = page_words(pdf)[int(cited.group(1)) - 1]
    assert re.search(r"(^| )Comercio ", page), page[:300]  # the heading is on that page
