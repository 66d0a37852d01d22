"""Markdown images in chapters, as a designer uses them and a reader sees them.

`![caption](figures/board.png)` (PNG, JPEG, SVG) from the book's folder: in the PDF at the
width of the text column with its caption under it (an SVG as vectors), in the HTML edition
inline as a data: URI that fetches nothing; a located error when the file is not one the book
may show, and a warning when a raster would print below 200 dpi.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from pdfread import StoredPdf, read_pdf
from contentedit import assert_one_located_error, line_of, run
from generator.content.model import PageSize
from generator.html.render import sanitise_page
from generator.pdf.document import Geometry
from imagebook import SLUG, add_images, copy_book, image_book, png

#: The text column of an A5 rulebook, in points, as the PDF's page geometry sets it.
COLUMN = Geometry.for_size(PageSize.A5).frame_width

# --- helpers ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def images(tmp_path_factory):
    return image_book(tmp_path_factory.mktemp("images"))


def page_with(pdf: StoredPdf, words: str):
    pages = [p for p in pdf.pages if words in " ".join((p.extract_text() or "").split())]
    assert pages, f"{words!r} is printed"
    return pages[0]


def test_a_raster_prints_at_the_column_width_with_its_caption_under_it(images):
    _, pdf_path, _, _ = images
    with read_pdf(pdf_path) as pdf:
        page = page_with(pdf, "El tablero de la partida")
        [image] = [i for i in page.images if tuple(i["srcsize"]) == (1600, 1000)]
        width, height = image["x1"] - image["x0"], image["bottom"] - image["top"]
        assert abs(width - COLUMN) <= 1, (width, COLUMN)
        assert abs(height - width * 1000 / 1600) <= 1  # its own proportions
        body = [c for c in page.chars if c["size"] > 8 and c["top"] < image["top"]]
        assert body and abs(image["x0"] - min(c["x0"] for c in body)) <= 1, \
            "the image starts where the text does"
        caption = page.search("El tablero de la partida")[0]
        assert image["bottom"] < caption["top"] < image["bottom"] + 30, "the caption is under it"
        assert caption["x0"] > image["x0"] and caption["x1"] < image["x1"]


def test_an_svg_prints_as_vectors_at_the_column_width(images):
    _, pdf_path, _, _ = images
    with read_pdf(pdf_path) as pdf:
        rasters = [i for p in pdf.pages for i in p.images]
        # the PNG and the photo: no picture of the SVG, neither at the top nor in the note
        assert sorted(tuple(i["srcsize"]) for i in rasters) == [(900, 1600), (1600, 1000)]
        page = page_with(pdf, "Un esquema en vectores")
        words = page.search("Vectorial")
        assert words, "the SVG's text is text in the PDF"
        assert words[0]["bottom"] - words[0]["top"] > 20 * COLUMN / 200 * 0.6, \
            "set at the SVG's size scaled to the column"
        frames = [r for r in page.rects if abs((r["x1"] - r["x0"]) - COLUMN * 190 / 200) <= 1.5]
        assert frames, "the SVG's rectangle is drawn as a path, scaled to the column"
        note = page_with(pdf, "El esquema en la nota")
        assert len(note.search("Vectorial")) >= (2 if note.page_number == page.page_number else 1)


def test_a_photo_prints_upright_as_its_exif_orientation_says(images):
    _, pdf_path, _, _ = images
    with read_pdf(pdf_path) as pdf:
        page = page_with(pdf, "Una foto girada")
        [photo] = [i for i in page.images if tuple(i["srcsize"]) == (900, 1600)]
        width, height = photo["x1"] - photo["x0"], photo["bottom"] - photo["top"]
        assert height > width * 1.7, "portrait, as a browser shows it"
        assert height <= COLUMN * 1.1 + 1, "never taller than 1.1 column widths"


def test_the_html_edition_embeds_each_image_and_its_caption(images):
    _, _, html_path, board = images
    html = html_path.read_text(encoding="utf-8")
    images = re.findall(r'<figure class="image"><img ([^>]*)><figcaption>([^<]*)</figcaption>',
                        html)
    assert [caption for _, caption in images] == [
        "El tablero de la partida", "Un esquema en vectores", "El esquema en la nota",
        "Una foto girada"]
    sources = [re.search(r'src="([^"]*)"', attributes).group(1) for attributes, _ in images]
    alts = [re.search(r'alt="([^"]*)"', attributes).group(1) for attributes, _ in images]
    assert alts == [caption for _, caption in images]
    assert [s.split(";")[0] for s in sources] == ["data:image/png", "data:image/svg+xml",
                                                  "data:image/svg+xml", "data:image/jpeg"]
    assert base64.b64decode(sources[0].split(",", 1)[1]) == board, "the file itself"
    svg = base64.b64decode(sources[1].split(",", 1)[1]).decode("utf-8")
    assert "Vectorial" in svg and "Vectorial" not in html, "an SVG only ever inside <img>"
    assert "figures/tablero.png" not in html, "no link to a file that is not there"


def test_the_sanitiser_lets_through_only_image_data_in_img():
    def body(html: str) -> str:
        page = f'<!doctype html>\n<html lang="es">\n<head></head>\n<body>{html}</body>\n</html>\n'
        return sanitise_page(page).split("<body>")[1].split("</body>")[0]

    good = "data:image/png;base64,iVBORw0KGgo="
    assert f'src="{good}"' in body(f'<img src="{good}" alt="x">')
    for source in ["http://127.0.0.1:9/x.png", "//example.org/x.png", "x.png",
                   "data:text/html;base64,PHNjcmlwdD4=", "data:image/svg+xml,<svg onload=x>",
                   "javascript:alert(1)", f"{good} onerror=x"]:
        assert "src=" not in body(f'<img src="{source}" alt="x">'), source
    for href in ["data:text/html,hola", " da\nta:text/html,hola", good, "javascript:x()"]:
        assert "href" not in body(f'<a href="{href}">x</a>'), href
    assert 'href="https://example.org/"' in body('<a href="https://example.org/">x</a>')


# --- mistakes: one located line each, nothing written ----------------------------------------

def _corrupt_png(book: Path) -> None:
    data = png(book / "figures" / "roto.png", 400, 300)
    (book / "figures" / "roto.png").write_bytes(data[: len(data) // 2])


def _svg(markup: str):
    def make(book: Path) -> None:
        (book / "figures" / "dibujo.svg").write_text(markup, encoding="utf-8")
    return make


def _link_out(book: Path) -> None:
    outside = book.parent.parent / "fuera.png"
    png(outside, 400, 300)
    (book / "figures" / "enlace.png").symlink_to(outside)


SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
#: case: (markdown, how the files are set up, the message)
MISTAKES = {
    "missing file": ("![Mapa](figures/mapa.png)", None,
                     r"image file figures/mapa\.png not found; expected a PNG, JPEG or SVG "
                     r"file in the book's folder"),
    "../ escape": ("![Mapa](../../secreto.png)", None,
                   r"image '\.\./\.\./secreto\.png' leads to \S+secreto\.png, outside the "
                   r"book's folder"),
    "link out of the folder": ("![Mapa](figures/enlace.png)", _link_out,
                               r"image 'figures/enlace\.png' leads to \S+fuera\.png, outside "
                               r"the book's folder"),
    "absolute path": ("![Mapa](/etc/mapa.png)", None, r"image '/etc/mapa\.png' is an absolute "
                      r"path; expected a path relative to the book's folder"),
    "http URL": ("![Mapa](http://127.0.0.1:9/mapa.png)", None,
                 r"remote image 'http://127\.0\.0\.1:9/mapa\.png' refused: a book fetches "
                 r"nothing"),
    "data: URI": ("![Mapa](data:image/png;base64,iVBORw0KGgo=)", None,
                  r"image given as a data: URI; expected a PNG, JPEG or SVG file"),
    "gif": ("![Mapa](figures/mapa.gif)", lambda b: (b / "figures" / "mapa.gif").write_bytes(
        b"GIF89a"), r"image 'figures/mapa\.gif' has '\.gif': a type the book cannot print; "
        r"expected a PNG, JPEG or SVG file \(\.png, \.jpg, \.jpeg, \.svg\)"),
    "corrupt PNG": ("![Mapa](figures/roto.png)", _corrupt_png,
                    r"image file figures/roto\.png is damaged \(.+\); expected a readable PNG"),
    "PNG named .jpg": ("![Mapa](figures/mapa.jpg)",
                       lambda b: png(b / "figures" / "mapa.jpg", 400, 300),
                       r"image file figures/mapa\.jpg is not a JPEG file \(it reads as PNG\)"),
    "SVG with external href": ("![Dibujo](figures/dibujo.svg)",
                               _svg(f'{SVG_OPEN}<image href="http://127.0.0.1:9/x.png" '
                                    'width="5" height="5"/></svg>'),
                               r"SVG figures/dibujo\.svg refers to 'http://127\.0\.0\.1:9/x\.png'"
                               r" outside itself"),
    "SVG with a file href": ("![Dibujo](figures/dibujo.svg)",
                             _svg('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink='
                                  '"http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><image '
                                  'xlink:href="../../../../etc/passwd" width="5" height="5"/>'
                                  '</svg>'),
                             r"SVG figures/dibujo\.svg refers to '\.\./\.\./\.\./\.\./etc/passwd'"),
    "SVG with entities": ("![Dibujo](figures/dibujo.svg)",
                          _svg('<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
                               f'{SVG_OPEN}<text>&b;</text></svg>'),
                          r"SVG figures/dibujo\.svg declares entities"),
    "SVG with script": ("![Dibujo](figures/dibujo.svg)",
                        _svg(f"{SVG_OPEN}<script>alert(1)</script></svg>"),
                        r"SVG figures/dibujo\.svg holds a script"),
    "SVG <use> bomb": ("![Dibujo](figures/dibujo.svg)",
                       _svg('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.'
                            'w3.org/1999/xlink" viewBox="0 0 10 10"><defs><rect id="l0" '
                            'width="1" height="1"/>' + "".join(
                                f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>"
                                for i in range(1, 10)) + '</defs><use xlink:href="#l9"/></svg>'),
                       r"SVG figures/dibujo\.svg draws more than 200,000 elements once its "
                       r"<use> references are expanded"),
    "SVG not well-formed": ("![Dibujo](figures/dibujo.svg)", _svg(f"{SVG_OPEN}<rect>"),
                            r"image file figures/dibujo\.svg is not well-formed SVG"),
    "no caption": ("![](figures/mapa.png)", lambda b: png(b / "figures" / "mapa.png", 900, 600),
                   r"image 'figures/mapa\.png' has no caption; expected !\[caption\]\(path\)"),
    "inside text": ("Mira ![Mapa](figures/mapa.png) aquí.",
                    lambda b: png(b / "figures" / "mapa.png", 900, 600),
                    r"image 'figures/mapa\.png' inside a paragraph's text; expected the image "
                    r"on a line of its own"),
    "in a list": ("- ![Mapa](figures/mapa.png)",
                  lambda b: png(b / "figures" / "mapa.png", 900, 600),
                  r"image 'figures/mapa\.png' inside a list item"),
}


@pytest.mark.parametrize("case", MISTAKES)
def test_a_mistake_is_one_located_line_and_nothing_is_written(case, tmp_path, capsys):
    markdown, setup, pattern = MISTAKES[case]
    book = copy_book(tmp_path)
    if setup:
        setup(book)
    chapter = add_images(book, markdown)
    line = line_of(chapter, markdown.splitlines()[0])
    assert_one_located_error(book, tmp_path, capsys, str(chapter.relative_to(book)), line,
                             pattern)


def test_a_raster_below_200_dpi_is_a_warning_naming_the_file_and_its_dpi(tmp_path, capsys):
    book = copy_book(tmp_path)
    png(book / "figures" / "pequena.png", 300, 200)
    png(book / "figures" / "grande.png", 1600, 1000)
    chapter = add_images(book, "![Pequeña](figures/pequena.png)\n\n![Grande](figures/grande.png)")
    line = line_of(chapter, "![Pequeña]")
    dpi = round(300 / (COLUMN / 72))  # 300 px across the 118 mm column: 65 dpi
    for command in ("check", "build"):
        code, message = run(command, book, tmp_path / "out", capsys)
        assert code == 0, message
        warnings = [m for m in message.splitlines() if m.startswith("warning")]
        assert len(warnings) == 1, message  # the 1600 px one prints at 344 dpi
        assert f"{chapter}:{line}: image figures/pequena.png prints at {dpi} dpi" in \
            warnings[0], message
        assert "expected at least 200 dpi" in warnings[0]
    assert (tmp_path / "out" / SLUG / f"{SLUG}.pdf").is_file(), "a warning does not stop it"
