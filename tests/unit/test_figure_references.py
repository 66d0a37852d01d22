"""A figure cited in a sentence: `{{ fig("id") }}` prints «fig. 2», the figure's number in
the document that shows it, linked to the figure, in the PDF and in the HTML edition; a
Markdown link to a figure prints its words and the number. Citing a figure the book lacks
is a located error. On the tiny book `rulebook new` makes, given two costs figures."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from contentedit import TINY_CHAPTER, append, assert_one_located_error, line_of, run
from pdfread import read_pdf

BUILDINGS = """
buildings:
  - {id: hut, name: Hut, plural: huts, cost: [coin], count: 5, points: 1}
  - {id: hall, name: Hall, plural: halls, cost: [coin, coin], count: 2, points: 2}
"""
FIGURES = """\
- id: first
  kind: costs
  caption: What each building costs.
- id: second
  kind: costs
  caption: The same costs, again.
"""


@pytest.fixture
def cited(tiny_book):
    """The tiny book with figures 1 and 2, each cited before and after it stands."""
    append(tiny_book / "components.yaml", BUILDINGS)
    (tiny_book / "figures.yaml").write_text(FIGURES, encoding="utf-8")
    append(tiny_book / TINY_CHAPTER, 'Costs come later ({{ fig("second") }}); see also '
           '[the table](#fig-first).\n\n{{ figure("first") }}\n\nAs figure 1 shows '
           '({{ fig("first") }}).\n\n{{ figure("second") }}\n')
    return tiny_book


def test_a_cited_figure_prints_its_number_linked_to_it(cited, tmp_path, capsys):
    code, message = run("build", cited, tmp_path / "out", capsys)
    assert code == 0, message
    out = tmp_path / "out" / cited.name
    pdf = out / f"{cited.name}.pdf"
    with read_pdf(pdf) as doc:
        text = " ".join(" ".join(page.extract_text() for page in doc.pages).split())
        captions = {}  # "1" → (page, height of the caption's top from the page's foot)
        for number, page in enumerate(doc.pages):
            words = page.extract_words()
            for word, after in zip(words, words[1:]):
                if word["text"] == "Figure" and after["text"] in ("1.", "2."):
                    captions[after["text"][0]] = (number, page.height - word["top"])
    assert "Costs come later (fig. 2); see also the table 1." in text
    assert "As figure 1 shows (fig. 1)." in text
    assert "Figure 1. What each building costs." in text and "Figure 2. The same" in text
    reader = PdfReader(pdf)  # each link lands at its figure's caption
    targets = [(reader.get_page_number(dest[0].get_object()), float(dest[3]))
               for page in reader.pages
               for link in (a.get_object() for a in page.get("/Annots", []))
               if (dest := link.get("/Dest"))]

    def landing_at(figure: str) -> int:
        page, height = captions[figure]
        return sum(1 for p, y in targets if p == page and 0 <= y - height < 20)
    assert (landing_at("1"), landing_at("2")) == (2, 1), (captions, targets)
    html = (out / "index.html").read_text(encoding="utf-8")
    for anchor, words in (("fig-second", "fig.&nbsp;2"), ("fig-first", "fig.&nbsp;1"),
                          ("fig-first", "the table&nbsp;1")):
        assert f'<a href="#{anchor}" class="xref">{words}</a>' in html, words
        assert f'<figure class="figure" id="{anchor}">' in html


def test_citing_a_figure_the_book_lacks_is_an_error_at_its_line(cited, tmp_path, capsys):
    append(cited / TINY_CHAPTER, 'And ({{ fig("third") }}).')
    assert_one_located_error(cited, tmp_path, capsys, TINY_CHAPTER,
                             line_of(cited / TINY_CHAPTER, 'fig("third")'),
                             r"unknown figure 'third'; expected one of first, second")
