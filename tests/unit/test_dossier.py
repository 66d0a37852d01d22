"""The player's book and the editor's dossier (book.yaml `dossier:`), on a tiny book: the
chapters the dossier names leave the player's PDF and HTML page for a PDF and a page of
their own, each document pointing to the other as a reader can follow it on paper and on
screen, and the dossier ending with what it was made from."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from contentedit import append, assert_one_located_error, edit, line_of, run
from generator.build import content_digest, content_files
from generator.content.loader import load_book
from pdfread import page_words

class _Page(HTMLParser):
    """A page's element ids and link targets."""

    def __init__(self, text: str):
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


EDITOR = """# Notes for the editor {#editor}

The turn is set out in [the turn](#your-turn), and nothing here is for the table.
"""


def _with_dossier(book):
    (book / "chapters" / "04-editor.md").write_text(EDITOR, encoding="utf-8")
    edit(book / "book.yaml", "  - 03-rulings.md\n",
         "  - 03-rulings.md\n  - 04-editor.md\ndossier:\n  - 04-editor.md\n")
    append(book / "chapters" / "01-introduction.md",
           "What a publisher checks is in [the notes](#editor).")


def test_the_dossier_chapters_leave_the_book_for_a_pdf_of_their_own(tiny_book, tmp_path,
                                                                       capsys):
    _with_dossier(tiny_book)
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    assert "juego-dossier.pdf, dossier.html (the editor's dossier)" in said
    folder = tmp_path / "out" / "juego"
    book, dossier = page_words(folder / "juego.pdf"), page_words(folder / "juego-dossier.pdf")
    assert not any("Notes for the editor" in page for page in book)
    assert "Editor’s dossier" in dossier[0]  # its cover says what it is
    # contents: the dossier's chapter, the glossary and the provenance; the book's, not it
    assert "Notes for the editor" in dossier[1] and "Provenance" in dossier[1]
    assert "Notes for the editor" not in book[1]
    # a link to the other document names where to turn: the book's page, or the dossier
    turn = next(n for n, page in enumerate(book, start=1) if page.startswith("Rules")
                or " Your turn " in f" {page} ")
    assert f"the turn (book, p. {turn})" in " ".join(dossier)
    assert "the notes (Editor’s dossier)" in " ".join(book)
    # its provenance: what it was made from, a digest a reader can recompute
    files = content_files(load_book(tiny_book))
    provenance = next(n for n, page in enumerate(dossier) if page.startswith("Provenance "))
    assert (f"{len(files)} files, SHA-256 {content_digest(files)} (its first 16 digits)"
            in dossier[provenance])
    assert "© 2026 Your name." in dossier[provenance]
    # the program and the build's date on rows of their own; no commit outside a repository
    assert "Program rulebook-generator" in dossier[provenance]
    assert "Built on" in dossier[provenance] and "Commit" not in dossier[provenance]
    # then it ends as the book does, to print double-sided and bind (review, 2026-12-05):
    # notes pages to a count of a multiple of 4 (A5), the back cover last, its rights outside
    assert len(dossier) % 4 == 0 and len(dossier) > provenance + 1
    assert all(page.startswith("Notes") for page in dossier[provenance + 1:-1])
    back = dossier[-1]
    assert "Editor’s dossier" in back and "© 2026 Your name." in back
    assert f"{len(dossier)} pages" in back


def test_the_html_edition_has_a_page_for_each_linked_to_the_other(tiny_book, tmp_path,
                                                                  capsys):
    _with_dossier(tiny_book)
    assert run("build", tiny_book, tmp_path / "out", capsys)[0] == 0
    folder = tmp_path / "out" / "juego"
    index, dossier = (_Page((folder / name).read_text(encoding="utf-8"))
                      for name in ("index.html", "dossier.html"))
    assert "editor" not in index.ids and "editor" in dossier.ids
    assert "dossier.html#editor" in index.hrefs and "dossier.html" in index.hrefs
    turn = next(h for h in dossier.hrefs if h.startswith("index.html#"))
    assert turn.split("#")[1] in index.ids  # it lands on the heading
    assert "index.html" in dossier.hrefs and "procedencia" in dossier.ids


def test_a_dossier_chapter_the_book_lacks_is_an_error_at_its_line(tiny_book, tmp_path, capsys):
    edit(tiny_book / "book.yaml", "  - 03-rulings.md\n",
         "  - 03-rulings.md\ndossier:\n  - 09-missing.md\n")
    assert_one_located_error(tiny_book, tmp_path, capsys, "book.yaml",
                             line_of(tiny_book / "book.yaml", "09-missing.md"),
                             r"'09-missing\.md' is not one of the book's chapters; expected one "
                             r"of 01-introduction\.md, 02-rules\.md, 03-rulings\.md")


def test_a_dossier_of_every_chapter_leaves_no_book_and_is_an_error(tiny_book, tmp_path,
                                                                    capsys):
    chapters = ["01-introduction.md", "02-rules.md", "03-rulings.md"]
    edit(tiny_book / "book.yaml", "  - 03-rulings.md\n", "  - 03-rulings.md\ndossier:\n"
         + "".join(f"  - {name}\n" for name in chapters))
    assert_one_located_error(tiny_book, tmp_path, capsys, "book.yaml",
                             line_of(tiny_book / "book.yaml", "  - 01-introduction.md", 2),
                             r"every chapter is in the editor's dossier")


def test_the_digest_changes_with_any_content_file(tiny_book):
    before = content_digest(content_files(load_book(tiny_book)))
    edit(tiny_book / "chapters" / "02-rules.md", "Pass.", "Pass, or rest.")
    assert content_digest(content_files(load_book(tiny_book))) != before
    assert re.fullmatch(r"[0-9a-f]{16}", before)


def test_a_designers_own_ruling_is_said_to_be_theirs_in_the_dossier(tiny_book, tmp_path,
                                                                     capsys):
    """A book that is its own rules' source has rulings without a source passage (the
    scaffold's R01): the dossier's ruling says it is the designer's decision, not «fills a
    gap in the text»."""
    (tiny_book / "chapters" / "04-editor.md").write_text(
        "# Rulings in full {#editor}\n\n{{ ruling_sources() }}\n", encoding="utf-8")
    edit(tiny_book / "book.yaml", "  - 03-rulings.md\n",
         "  - 03-rulings.md\n  - 04-editor.md\ndossier:\n  - 04-editor.md\n")
    assert "source:" not in (tiny_book / "rulings.yaml").read_text(encoding="utf-8")
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    text = " ".join(" ".join(page_words(tmp_path / "out" / "juego" / "juego-dossier.pdf"))
                    .split())
    assert "Source: The designer’s own decision: this book is the rules’ source." in text, text
    assert "gap in the text" not in text


def test_a_ruling_settles_a_source_only_when_it_names_one(tiny_book, tmp_path, capsys):
    rulings = tiny_book / "rulings.yaml"
    edit(rulings, "  section: rules\n", "  section: rules\n  settles: gap\n")
    assert_one_located_error(tiny_book, tmp_path, capsys, "rulings.yaml",
                             line_of(rulings, "- id: R01"),
                             r"a ruling that settles, quotes or departs from a source names it")
    edit(rulings, "  settles: gap\n", "  source: “How to win”\n")
    assert_one_located_error(tiny_book, tmp_path, capsys, "rulings.yaml",
                             line_of(rulings, "- id: R01"),
                             r"expected settles: gap, ambiguity, contradiction or departure")


def test_a_ruling_for_the_editor_only_is_in_the_dossier_not_the_almanac(tiny_book, tmp_path,
                                                                          capsys):
    """`dossier: true`: a question no player asks (how the edition reads an app's settings)
    leaves the player's almanac and is printed whole in the dossier's sources chapter, where
    the book's own prose may still cite it (a link into the dossier)."""
    (tiny_book / "chapters" / "04-editor.md").write_text(
        "# Rulings in full {#editor}\n\nThe app's settings are R02's.\n\n"
        "{{ ruling_sources() }}\n", encoding="utf-8")
    edit(tiny_book / "book.yaml", "  - 03-rulings.md\n",
         "  - 03-rulings.md\n  - 04-editor.md\ndossier:\n  - 04-editor.md\n")
    append(tiny_book / "rulings.yaml", """- id: R02
  title: The app's sound
  section: rules
  question: The app plays a chime on each turn. Does the table?
  decision: No.
  reason: A setting of the app, not a rule.
  dossier: true
""")
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    folder = tmp_path / "out" / "juego"
    book = " ".join(page_words(folder / "juego.pdf"))
    dossier = " ".join(page_words(folder / "juego-dossier.pdf"))
    assert "R01." in book and "R02" not in book and "chime" not in book
    assert "R02. The app’s sound" in dossier and "chime" in dossier
