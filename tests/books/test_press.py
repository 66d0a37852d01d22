"""The print-shop files read as a print shop's preflight reads them: PDF/X-4 for FOGRA39, every
colour CMYK (or a spot colour), text on the black plate alone, TrimBox inside BleedBox inside
MediaBox with 3 mm of bleed, and the book's title, authors, subject and language in both the
Info dictionary and the XMP metadata. Home sheets stay RGB."""

from __future__ import annotations

import io
import time
import xml.etree.ElementTree as ET
from importlib import resources

import pikepdf
import pytest
from PIL import Image, ImageCms
from pikepdf import Name
from reportlab.lib.colors import CMYKColor, HexColor

from pdfread import drawing_operations
from generator.core import palette
from generator.build import render_print
from generator.draw.press import (BLACK_PLATE, BLACK_POINT_COMPENSATION, RELATIVE_COLORIMETRIC,
                                  to_cmyk)
from generator.sheets.faces import CUT_CONTOUR
from generator.draw.press import REGISTRATION
from generator.sheets.render import SheetOptions
from repo import book_folders, shipped

MM = 72 / 25.4
BOOKS = {folder.name: shipped(folder.name) for folder in book_folders()
         if (folder / "print.yaml").exists()}
NS = {"x": "adobe:ns:meta/", "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
      "dc": "http://purl.org/dc/elements/1.1/", "pdf": "http://ns.adobe.com/pdf/1.3/",
      "xmp": "http://ns.adobe.com/xap/1.0/", "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
      "pdfxid": "http://www.npes.org/pdfx/ns/id/"}
RGB_OPERATORS = {"rg", "RG", "g", "G", "sc", "SC"}  # device RGB or grey, or a bare colour
SPACE_OPERATORS = {"cs", "CS"}


@pytest.fixture(scope="module")
def printed(built) -> dict[str, dict[str, bytes]]:
    """slug → {file name → PDF}: what `rulebook build` prints, on A4."""
    return {slug: {path.name: path.read_bytes() for path in built(slug, papers=("A4",)).print_files}
            for slug in BOOKS}


def shop_files(printed):
    for slug, named in printed.items():
        for name, data in named.items():
            if "imprenta" in name:
                yield slug, name, data


def test_every_book_has_its_print_shop_files(printed):
    names = {(slug, name) for slug, name, _ in shop_files(printed)}
    assert ("solo-catan", "cartas-imprenta.pdf") in names
    assert ("catan-para-dos", "fichas-imprenta.pdf") in names
    assert len(names) == sum(1 + (b.print_spec.tokens is not None) for b in BOOKS.values())


# --- output intent and version --------------------------------------------------------------

def test_output_intent_is_pdfx_with_the_fogra39_cmyk_profile(printed):
    shipped = resources.files("generator.draw").joinpath("icc", "FOGRA39L-coated-300.icc")
    shipped = shipped.read_bytes()
    for slug, name, data in shop_files(printed):
        with pikepdf.open(io.BytesIO(data)) as pdf:
            intents = pdf.Root.OutputIntents
            assert len(intents) == 1, (slug, name)
            intent = intents[0]
            assert intent.Type == Name.OutputIntent and intent.S == Name.GTS_PDFX
            assert str(intent.OutputConditionIdentifier) == "FOGRA39"
            assert str(intent.RegistryName) == "http://www.color.org"
            assert "12647-2" in str(intent.OutputCondition)
            profile = intent.DestOutputProfile
            assert int(profile.N) == 4
            icc = profile.read_bytes()
            assert icc == shipped
            assert icc[12:16] == b"prtr" and icc[16:20] == b"CMYK" and icc[20:24] == b"Lab "


def test_pdfx_version_trapped_and_metadata_agree(printed):
    for slug, name, data in shop_files(printed):
        book = BOOKS[slug]
        with pikepdf.open(io.BytesIO(data)) as pdf:
            info = pdf.docinfo
            assert str(info.GTS_PDFXVersion) == "PDF/X-4"
            assert info.Trapped == Name("/False")
            title, author = str(info.Title), str(info.Author)
            assert title.startswith(book.meta.title) and "imprenta" in title
            assert author == "; ".join(c.who for c in book.meta.credits)
            assert "anonymous" not in author.lower() and author
            assert str(info.Subject).startswith("Cantidades:")
            assert str(pdf.Root.Lang) == book.meta.language
            assert pdf.pdf_version <= "1.6"  # PDF/X-4 is PDF 1.6 at most
            xmp = ET.fromstring(pdf.Root.Metadata.read_bytes())
            assert pdf.Root.Metadata.get(Name.Filter) is None  # readable without a PDF parser
        description = xmp.find(".//rdf:Description", NS)

        def text(path: str) -> str:
            found = description.find(path, NS)
            assert found is not None, (slug, name, path)
            return found.text

        assert text("pdfxid:GTS_PDFXVersion") == "PDF/X-4"
        assert text("pdf:Trapped") == "False"
        assert text("dc:title/rdf:Alt/rdf:li") == title
        assert text("dc:creator/rdf:Seq/rdf:li") == author
        assert text("dc:description/rdf:Alt/rdf:li") == str(info.Subject)
        assert text("dc:language/rdf:Bag/rdf:li") == book.meta.language
        assert text("xmpMM:RenditionClass") == "default"
        assert text("xmpMM:DocumentID").startswith("uuid:")
        created = text("xmp:CreateDate")  # 2026-12-01T02:44:10+00:00 ↔ D:20261201024410+00'00'
        assert str(info.CreationDate)[2:16] == created[:19].replace("-", "").replace(
            "T", "").replace(":", "")


# --- boxes ----------------------------------------------------------------------------------

def _mm(box) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) / MM for v in box)
    return x0, y0, x1, y1


def test_every_page_has_trim_inside_bleed_inside_media_with_3_mm_bleed(printed):
    for slug, name, data in shop_files(printed):
        spec = BOOKS[slug].print_spec
        if name.startswith("cartas"):
            trim_size, bleed = (spec.cards.width, spec.cards.height), spec.cards.bleed
        else:
            trim_size, bleed = (spec.tokens.diameter,) * 2, spec.tokens.bleed
        assert bleed == 3.0
        with pikepdf.open(io.BytesIO(data)) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                assert Name.ArtBox not in page.obj  # PDF/X: TrimBox or ArtBox, not both
                media, bleed_box, trim = (_mm(page.obj[k]) for k in
                                          (Name.MediaBox, Name.BleedBox, Name.TrimBox))
                where = (slug, name, number)
                assert trim[2] - trim[0] == pytest.approx(trim_size[0], abs=0.01), where
                assert trim[3] - trim[1] == pytest.approx(trim_size[1], abs=0.01), where
                for k in (0, 1):  # bleed box: the trim grown by 3 mm on every side
                    assert trim[k] - bleed_box[k] == pytest.approx(3.0, abs=0.01), where
                    assert bleed_box[k + 2] - trim[k + 2] == pytest.approx(3.0, abs=0.01), where
                    assert bleed_box[k] >= media[k] and bleed_box[k + 2] <= media[k + 2], where


# --- colour ---------------------------------------------------------------------------------

def test_no_rgb_anywhere_only_cmyk_and_spot_colours(printed):
    spots = set()
    for slug, name, data in shop_files(printed):
        with pikepdf.open(io.BytesIO(data)) as pdf:
            counts = {"k": 0, "K": 0}
            for page in pdf.pages:
                for operands, operator, res in drawing_operations(page):
                    assert operator not in RGB_OPERATORS, (slug, name, operator, operands)
                    if operator in counts:
                        counts[operator] += 1
                        assert sum(float(v) for v in operands) <= 3.0 + 1e-6, \
                            (slug, name, "over the 300 % total ink of the profile", operands)
                    if operator in SPACE_OPERATORS:
                        space = res.ColorSpace[operands[0]]
                        assert space[0] == Name.Separation and space[2] == Name.DeviceCMYK, \
                            (slug, name, space)
                        assert int(space[3].FunctionType) == 2  # a linear tint, read by any RIP
                        spots.add(str(space[1]))
                for _, xobject in page.Resources.get(Name.XObject, {}).items():
                    if xobject.Subtype == Name.Image:
                        assert xobject.ColorSpace == Name.DeviceCMYK, (slug, name)
            assert counts["k"], (slug, name)  # fills in CMYK (tokens stroke only their die line)
    assert spots == {"/All", "/CutContour"}  # crop marks in registration; the die line


def test_text_is_on_the_black_plate_alone(printed):
    """Body text is 0 0 0 1 k (K 100), never four-colour black; no text in a dark mix."""
    for slug, name, data in shop_files(printed):
        with pikepdf.open(io.BytesIO(data)) as pdf:
            fills = {}
            for page in pdf.pages:
                fill = None
                for operands, operator, _ in drawing_operations(page):
                    if operator == "k":
                        fill = tuple(round(float(v), 4) for v in operands)
                    elif operator in ("Tj", "TJ", "'", '"'):
                        fills[fill] = fills.get(fill, 0) + 1
        assert None not in fills, (slug, name, "text in the default colour")
        for c, m, y, k in fills:
            assert not (c + m + y > 0 and k > 0.5), (slug, name, "dark text in four inks")
            assert k < 0.9 or (c, m, y, k) == (0, 0, 0, 1), (slug, name, "black is K 100")
        if name.startswith("cartas"):  # card text in the ink colour
            assert fills.get((0, 0, 0, 1), 0) >= 5, (slug, name, fills)


def test_palette_colours_are_converted_through_the_profile_not_by_formula():
    """Brick red through FOGRA39 comes back as the same colour (ΔRGB small), unlike the
    naive complement; the ink greys go to the black plate; spot colours pass unchanged."""
    press = ImageCms.ImageCmsProfile(io.BytesIO(resources.files("generator.draw").joinpath(
        "icc", "FOGRA39L-coated-300.icc").read_bytes()))
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    back = ImageCms.buildTransform(press, srgb, "CMYK", "RGB",
                                   renderingIntent=RELATIVE_COLORIMETRIC,
                                   flags=BLACK_POINT_COMPENSATION)
    for hex_value in (palette.ACCENT, palette.NOTE, palette.EXAMPLE, palette.ACCENT_LIGHT,
                      "#c99a16", "#6c727c"):
        cmyk = to_cmyk(HexColor(hex_value))
        assert isinstance(cmyk, CMYKColor)
        inks = tuple(round(v * 255) for v in (cmyk.cyan, cmyk.magenta, cmyk.yellow, cmyk.black))
        shown = back.apply(Image.new("CMYK", (1, 1), inks)).getpixel((0, 0))
        original = HexColor(hex_value).bitmap_rgb()
        assert max(abs(a - b) for a, b in zip(shown, original)) <= 8, (hex_value, shown)
    accent = to_cmyk(HexColor(palette.ACCENT))
    assert accent.black > 0 and accent.cyan > 0  # not 1 − RGB with full undercolour removal
    for grey in BLACK_PLATE | {"#808080"}:
        cmyk = to_cmyk(HexColor(grey))
        assert (cmyk.cyan, cmyk.magenta, cmyk.yellow) == (0, 0, 0), grey
    assert to_cmyk(HexColor(palette.INK)).black == 1.0
    assert to_cmyk(HexColor("#000000")).cmyk() == (0, 0, 0, 1)
    assert to_cmyk(HexColor("#ffffff")).cmyk() == (0, 0, 0, 0)
    assert 0.6 < to_cmyk(HexColor(palette.MUTED)).black < 0.9
    assert to_cmyk(CUT_CONTOUR) is CUT_CONTOUR and to_cmyk(REGISTRATION) is REGISTRATION


def test_home_sheets_stay_rgb_without_an_output_intent(printed):
    for slug, named in printed.items():
        data = named["cartas-a4.pdf"]
        with pikepdf.open(io.BytesIO(data)) as pdf:
            assert Name.OutputIntents not in pdf.Root
            operators = {operator for page in pdf.pages
                         for _, operator, _ in drawing_operations(page)}
        assert "rg" in operators and "k" not in operators, slug


def test_a_print_shop_file_built_twice_from_the_same_content_is_the_same_file(
        tmp_path, monkeypatch):
    """Reproducible builds: with SOURCE_DATE_EPOCH set (as ReportLab reads it for the home
    files), the dates are that moment and the document id comes from the pages, so a
    rebuild of unchanged content writes the same bytes; other pages get another id."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764000000")  # 2025-11-24T16:00:00Z
    book = BOOKS["uno-contra-uno"]

    def shop(folder: str) -> dict[str, bytes]:
        return {path.name: data for path, data in
                render_print(book, tmp_path / folder, [SheetOptions("A4")])
                if "imprenta" in path.name}

    first = shop("a")
    time.sleep(1.1)  # a clock that ticked between the two builds changes nothing either
    second = shop("b")
    assert first and first == second
    ids = set()
    for data in first.values():
        with pikepdf.open(io.BytesIO(data)) as pdf:
            assert str(pdf.docinfo.CreationDate) == "D:20251124160000+00'00'"
            xmp = ET.fromstring(pdf.Root.Metadata.read_bytes())
            ids.add(xmp.find(".//xmpMM:DocumentID", NS).text)
    assert len(ids) == len(first)  # cards and tokens: two documents, two ids
