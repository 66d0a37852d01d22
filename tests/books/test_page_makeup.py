"""Page make-up for the press, read in the built PDFs: mirrored pages (page numbers and running
heads at the outer corners, the wider margin at the spine), running heads that name the
chapter in force at the top of the page, A5 books padded to a multiple of 4 with notes pages
and closed by a back cover, and the print-shop edition `<book>-imprenta.pdf` (3 mm bleed the
cover's bands run into, crop marks outside the bleed, TrimBox and BleedBox on every page,
CMYK only, PDF/X-4 with the book's metadata)."""

from __future__ import annotations

import pdfplumber
import pikepdf
import pytest
from pikepdf import Name

from pdfread import drawing_operations, read_pdf
from generator.core import palette
from generator.build import build_book
from generator.content.model import PageSize
from generator.core.i18n import long_date
from generator.draw.press import to_cmyk
from generator.draw.styles import color
from generator.sheets.render import SheetOptions
from repo import book_folders, shipped

MM = 72 / 25.4
A5 = (148.0, 210.0)
INNER, OUTER, TOP = 16.0, 14.0, 17.0  # mm: the A5 rulebook's margins
BLEED = 3.0
H1_MIN_SIZE = 15  # chapter headings: 1.85 × the 9.6 pt body
RGB_OPERATORS = {"rg", "RG", "g", "G", "sc", "SC"}  # device RGB or grey, or a bare colour

A5_RULEBOOKS = [folder for folder in book_folders()
                if not shipped(folder.name).meta.sheet
                and shipped(folder.name).meta.page_size is PageSize.A5]


@pytest.fixture(scope="module")
def rulebooks(built):
    """slug → Built: every A5 rulebook of content/ built as `rulebook build` builds it (the
    print files included)."""
    return {folder.name: built(folder.name, papers=("A4",)) for folder in A5_RULEBOOKS}


@pytest.fixture(scope="module")
def solo(rulebooks):
    return rulebooks["solo-catan"]


def _words(page):
    return page.extract_words(keep_blank_chars=False)


def _footer_number(page):
    """The page number printed in the footer: the digits-only word on the lowest line."""
    band = [w for w in _words(page) if w["top"] > page.height - 16 * MM]
    if not band:
        return None
    lowest = max(w["bottom"] for w in band)
    numbers = [w for w in band if abs(w["bottom"] - lowest) < 1.5 and w["text"].isdigit()]
    return numbers[0] if numbers else None


def _head(page):
    """The running head's words (above the text frame), left to right."""
    return sorted((w for w in _words(page) if w["bottom"] < TOP * MM - 2),
                  key=lambda w: w["x0"])


def _chapter_starts(pdf) -> list[tuple[int, float, str]]:
    """(page, top in points, title) of every line set as large as a chapter heading, the
    lines of a heading of two lines joined."""
    found: list[tuple[int, float, str]] = []
    for number, page in enumerate(pdf.pages, start=1):
        lines: dict[int, list] = {}
        for char in page.chars:
            if char["size"] >= H1_MIN_SIZE:
                lines.setdefault(round(char["top"]), []).append(char)
        previous = None
        for top in sorted(lines):
            chars = sorted(lines[top], key=lambda c: c["x0"])
            text = "".join(c["text"] for c in chars)
            size = chars[0]["size"]
            if previous is not None and top - previous < size * 1.5:
                page_, first, joined = found[-1]
                found[-1] = (page_, first, f"{joined} {' '.join(text.split())}")
            else:
                found.append((number, float(top), " ".join(text.split())))
            previous = top
    return found


def _at_top(top: float) -> bool:
    """A heading whose first line is the first line of the text frame."""
    return top < TOP * MM + 12


# --- mirrored pages -----------------------------------------------------------------------------

def test_page_numbers_are_on_the_outer_edge_of_left_and_right_pages(rulebooks):
    """Odd pages are right-hand pages (the cover is page 1): their number ends at the right
    margin; even pages are left-hand pages: their number starts at the left margin. The
    covers carry none."""
    for slug, result in rulebooks.items():
        with read_pdf(result.files[0]) as pdf:
            pages = pdf.pages
            assert _footer_number(pages[0]) is None, slug
            assert _footer_number(pages[-1]) is None, (slug, "the back cover has no folio")
            for number, page in enumerate(pages[1:-1], start=2):
                word = _footer_number(page)
                assert word is not None and word["text"] == str(number), (slug, number)
                if number % 2:  # right-hand: at the outer (right) edge
                    assert word["x1"] == pytest.approx(page.width - OUTER * MM, abs=0.5), \
                        (slug, number, word)
                else:           # left-hand: at the outer (left) edge
                    assert word["x0"] == pytest.approx(OUTER * MM, abs=0.5), (slug, number)


def test_the_wider_margin_is_at_the_spine_on_both_sides(solo):
    """The text's left edge is the 16 mm inner margin on right-hand pages and the 14 mm outer
    margin on left-hand pages; the right edge mirrors it."""
    with read_pdf(solo.files[0]) as pdf:
        lefts = {0: [], 1: []}
        for number, page in enumerate(pdf.pages[2:-1], start=3):
            body = [c for c in page.chars if TOP * MM < c["top"] < page.height - 16 * MM
                    and c["text"].strip()]
            if body:
                lefts[number % 2].append(min(c["x0"] for c in body) / MM)
            head = _head(page)
            if head:  # the rule under the head spans the text block
                rules = [ln for ln in page.lines if ln["top"] < TOP * MM]
                assert rules, number
                x0 = min(ln["x0"] for ln in rules) / MM
                x1 = max(ln["x1"] for ln in rules) / MM
                inner_left = number % 2 == 1
                assert x0 == pytest.approx(INNER if inner_left else OUTER, abs=0.05), number
                assert float(page.width) / MM - x1 == pytest.approx(
                    OUTER if inner_left else INNER, abs=0.05), number
    assert min(lefts[1]) == pytest.approx(INNER, abs=0.2)  # right-hand pages
    assert min(lefts[0]) == pytest.approx(OUTER, abs=0.2)  # left-hand pages


# --- running heads --------------------------------------------------------------------------------

def test_a_chapter_starting_mid_page_is_named_from_the_next_page(solo):
    """The head of a page names the chapter in force at its top: on a page where a chapter
    starts below other text, the previous chapter, at the outer corner; the next page names
    the new one. A chapter that starts at the very top names its own page."""
    book = solo.book
    titles = [c.title for c in book.printed().chapters] + ["Glosario"]
    with read_pdf(solo.files[0]) as pdf:
        starts = [s for s in _chapter_starts(pdf) if s[2] in titles]
        assert [title for _, _, title in starts] == titles
        mid_page = [(page, title) for page, top, title in starts if not _at_top(top)]
        at_top = [(page, title) for page, top, title in starts if _at_top(top)]
        assert mid_page, "no chapter of the solo book starts mid-page"
        for page, title in mid_page:
            previous = titles[titles.index(title) - 1]
            head = _head(pdf.pages[page - 1])
            outer = head[-1] if page % 2 else head[0]
            text = " ".join(w["text"] for w in head)
            assert previous in text and title not in text, (page, title, text)
            assert outer["text"] in previous.split(), (page, outer)
            following = " ".join(w["text"] for w in _head(pdf.pages[page]))
            if not any(p == page + 1 for p, _ in at_top):
                assert title in following, (page + 1, following)
        for page, title in at_top:
            text = " ".join(w["text"] for w in _head(pdf.pages[page - 1]))
            assert title in text, (page, title, text)


def test_pages_with_their_own_title_have_no_running_head(rulebooks):
    """The covers, the contents page and the padding pages (the game log, notes) carry no
    running head."""
    for slug, result in rulebooks.items():
        with read_pdf(result.files[0]) as pdf:
            texts = [page.extract_text() or "" for page in pdf.pages]
            own = [1, 2, len(texts)] + [n for n, t in enumerate(texts, start=1)
                                        if t.startswith(PADDING_TITLES)]
            assert texts[1].startswith("Índice"), slug
            for number in own:
                assert not _head(pdf.pages[number - 1]), (slug, number)
            for number in range(3, len(texts)):
                if number not in own:
                    assert _head(pdf.pages[number - 1]), (slug, number)


# --- page count, notes and back cover ---------------------------------------------------------

def test_every_a5_rulebook_is_a_multiple_of_4_pages(rulebooks):
    assert {"solo-catan", "catan-para-dos", "uno-contra-uno",
            "splendor-solitario"} <= set(rulebooks)
    for slug, result in rulebooks.items():
        with read_pdf(result.files[0]) as pdf:
            assert len(pdf.pages) % 4 == 0, (slug, len(pdf.pages))


#: The titles of the pages the page count pads with: the game log first, then notes.
PADDING_TITLES = ("Registro de partidas", "Notas")


def test_padding_pages_are_chosen_pages_before_the_back_cover(rulebooks):
    """Between the glossary and the back cover, chosen pages: first the quick reference's
    when it did not fit under the glossary (pdf/reference.py), then at most three padding
    pages (never a blank): the game log, then notes, each titled and ruled across the text
    block."""
    for slug, result in rulebooks.items():
        with read_pdf(result.files[0]) as pdf:
            texts = [page.extract_text() or "" for page in pdf.pages]
            glossary = max(n for n, t in enumerate(texts, start=1) if "Glosario" in t
                           and not t.startswith("Índice"))
            between = list(range(glossary + 1, len(texts)))
            reference = [n for n in between if "Referencia rápida" in texts[n - 1]]
            assert reference == between[:len(reference)], (slug, reference)
            assert len(between) - len(reference) <= 3, slug
            for number in between[len(reference):]:
                page = pdf.pages[number - 1]
                lines = texts[number - 1].splitlines()
                folio = lines[-1].split()[-1 if number % 2 else 0]  # at the outer corner
                first = number == between[len(reference)]
                assert lines[0] == PADDING_TITLES[0 if first else 1], (slug, number, lines)
                assert folio == str(number), (slug, number, lines)
                ruled = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01
                         and ln["x1"] - ln["x0"] > 100 * MM]
                assert len(ruled) >= 15, (slug, number, len(ruled))
            for number, text in enumerate(texts[:-1], start=1):
                assert text.strip(), (slug, number, "a blank page")


def test_the_last_page_is_the_back_cover(rulebooks):
    """The back cover: the title, the edition note, the credits (moved from the front
    cover) and the edition line with version, date and page count, between the accent
    bands of the front cover."""
    for slug, result in rulebooks.items():
        meta = result.book.meta
        with read_pdf(result.files[0]) as pdf:
            count = len(pdf.pages)
            front = " ".join((pdf.pages[0].extract_text() or "").split())
            back_page = pdf.pages[-1]
            back = " ".join((back_page.extract_text() or "").split())
            assert back.startswith(meta.title), (slug, back)
            assert " ".join(meta.edition_note.split()) in back, slug
            for credit in meta.credits:
                assert f"{credit.role}: {credit.who}" in back, (slug, credit)
                assert credit.who not in front or credit.who in meta.title, (slug, credit)
            assert back.endswith(f"Versión {meta.version} · {long_date(meta.date, 'es')} · "
                                 f"{count} páginas"), (slug, back)
            accent = color(palette.theme_of(meta).accent)  # the book's own (its theme)
            bands = [r for r in back_page.rects
                     if r["width"] >= back_page.width - 0.5
                     and _same_colour(r["non_stroking_color"], accent)]
            assert len(bands) == 2, slug  # head and foot, as on the front cover


def _same_colour(found, expected) -> bool:
    if found is None:
        return False
    if len(found) == 3:
        return all(abs(a - b) < 0.01 for a, b in zip(found, expected.rgb()))
    cmyk = to_cmyk(expected)
    return all(abs(a - b) < 0.01 for a, b in
               zip(found, (cmyk.cyan, cmyk.magenta, cmyk.yellow, cmyk.black)))


def test_the_booklet_keeps_the_back_cover_outside(built):
    """The folded booklet's first sheet carries the back cover beside the front cover."""
    from generator.pdf.imposition import padded, sides
    folder = next(f for f in A5_RULEBOOKS if f.name == "uno-contra-uno")
    result = built(folder.name, booklet=True)
    with read_pdf(result.files[0]) as book:
        count = len(book.pages)
        last = " ".join((book.pages[-1].extract_text() or "").split())
    assert padded(count, back_cover=True) == list(range(1, count + 1))  # nothing to add
    folded = next(p for p in result.booklets if p.name.endswith("-a4.pdf"))
    with read_pdf(folded) as booklet:
        front = booklet.pages[0]
        left = front.crop((0, 0, front.width / 2, front.height)).extract_text() or ""
    assert sides(padded(count, back_cover=True))[0] == (count, 1)
    assert " ".join(left.split()) == last


# --- the print-shop edition -------------------------------------------------------------------------

def _box_mm(page, key):
    x0, y0, x1, y1 = (float(v) / MM for v in page.obj[key])
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def test_imprenta_is_written_beside_the_rulebook(rulebooks):
    for slug, result in rulebooks.items():
        assert [p.name for p in result.press] == [f"{slug}-imprenta.pdf"], slug
        assert result.press[0].parent == result.files[0].parent and result.press[0].is_file()


def test_imprenta_pages_are_a5_trim_with_3_mm_bleed_and_room_for_marks(rulebooks):
    for slug, result in rulebooks.items():
        with pikepdf.open(result.press[0]) as pdf, pikepdf.open(result.files[0]) as reading:
            assert len(pdf.pages) == len(reading.pages), slug
            for number, page in enumerate(pdf.pages, start=1):
                media, bleed, trim = (_box_mm(page, k) for k in
                                      (Name.MediaBox, Name.BleedBox, Name.TrimBox))
                where = (slug, number)
                assert trim[2] - trim[0] == pytest.approx(A5[0], abs=0.01), where
                assert trim[3] - trim[1] == pytest.approx(A5[1], abs=0.01), where
                for k in (0, 1):
                    assert trim[k] - bleed[k] == pytest.approx(BLEED, abs=0.01), where
                    assert bleed[k + 2] - trim[k + 2] == pytest.approx(BLEED, abs=0.01), where
                    # the slug beyond the bleed holds the crop marks: at least 5 mm of it
                    assert bleed[k] - media[k] >= 5 and media[k + 2] - bleed[k + 2] >= 5, where
                assert Name.ArtBox not in page.obj, where
                assert Name.Annots not in page.obj, (where, "links mean nothing on paper")
            # the reading edition: the page is the trim, no bleed, no marks
            for page in reading.pages:
                media = _box_mm(page, Name.MediaBox)
                assert (round(media[2] - media[0], 1), round(media[3] - media[1], 1)) == A5


def test_imprenta_cover_bands_run_into_the_bleed_and_marks_sit_outside_it(rulebooks):
    """The cover's accent bands (and its paper colour) reach the bleed edge on every side
    they touch; the crop marks are lines outside the bleed on the trim's lines."""
    for slug, result in rulebooks.items():
        accent = color(result.book.theme.accent)
        # Only the covers are read: a whole reading of five print-shop books took 10 s.
        with pdfplumber.open(result.press[0]) as pdf:
            for index in (0, len(pdf.pages) - 1):  # front and back covers
                page = pdf.pages[index]
                trim = page.trimbox
                bands = [r for r in page.rects if _same_colour(r["non_stroking_color"], accent)]
                assert len(bands) == 2, (slug, index)
                head = min(bands, key=lambda r: r["top"])
                foot = max(bands, key=lambda r: r["top"])
                b = BLEED * MM
                for band in bands:  # across the whole page and 3 mm beyond each side
                    assert band["x0"] == pytest.approx(trim[0] - b, abs=0.05), (slug, band)
                    assert band["x1"] == pytest.approx(trim[2] + b, abs=0.05), (slug, band)
                assert head["top"] == pytest.approx(trim[1] - b, abs=0.05), slug
                assert foot["bottom"] == pytest.approx(trim[3] + b, abs=0.05), slug
            trim, b = pdf.pages[0].trimbox, BLEED * MM
            # Lines wholly outside the bleed: the motif's lines on the head band reach into
            # it (clipped there, which pdfplumber does not apply), crop marks never do.
            marks = [ln for ln in pdf.pages[0].lines
                     if ln["x1"] < trim[0] - b or ln["x0"] > trim[2] + b
                     or ln["bottom"] < trim[1] - b or ln["top"] > trim[3] + b]
            assert len(marks) == 8, (slug, len(marks))  # two per corner
            for ln in marks:
                vertical = abs(ln["x0"] - ln["x1"]) < 0.01
                if vertical:  # on a trim line, wholly above or below the bleed
                    assert min(abs(ln["x0"] - trim[0]), abs(ln["x0"] - trim[2])) < 0.05
                    assert ln["bottom"] < trim[1] - b or ln["top"] > trim[3] + b, ln
                else:
                    assert min(abs(ln["top"] - trim[1]), abs(ln["top"] - trim[3])) < 0.05
                    assert ln["x1"] < trim[0] - b or ln["x0"] > trim[2] + b, ln


def test_imprenta_is_pdfx4_cmyk_with_the_books_metadata(rulebooks):
    for slug, result in rulebooks.items():
        meta = result.book.meta
        with pikepdf.open(result.press[0]) as pdf:
            intents = pdf.Root.OutputIntents
            assert len(intents) == 1 and intents[0].S == Name.GTS_PDFX, slug
            assert str(intents[0].OutputConditionIdentifier) == "FOGRA39"
            info = pdf.docinfo
            assert str(info.GTS_PDFXVersion) == "PDF/X-4"
            assert str(info.Title) == meta.title
            assert str(info.Author) == "; ".join(c.who for c in meta.credits)
            assert str(info.Subject).startswith(meta.subtitle), slug
            assert "A5 (148 × 210 mm)" in str(info.Subject)
            assert f"{len(pdf.pages)} páginas" in str(info.Subject)
            assert str(pdf.Root.Lang) == meta.language
            assert pdf.pdf_version <= "1.6"
            with pdf.open_outline() as outline:
                assert len(outline.root) > 0, "the bookmarks stay"
            counts = {"k": 0, "K": 0}
            for page in pdf.pages:
                for operands, operator, _ in drawing_operations(page):
                    assert operator not in RGB_OPERATORS, (slug, operator, operands)
                    if operator in counts:
                        counts[operator] += 1
                        assert sum(float(v) for v in operands) <= 3.0 + 1e-6, (slug, operands)
                for _, xobject in page.Resources.get(Name.XObject, {}).items():
                    if xobject.Subtype == Name.Image:
                        assert xobject.ColorSpace == Name.DeviceCMYK, slug
            assert counts["k"] and counts["K"], slug


def test_imprenta_has_the_reading_editions_pages(rulebooks):
    """The same layout: every page's words are the reading edition's page's words (the slug
    adds its label), and the reading edition stays RGB with no output intent."""
    result = rulebooks["solo-catan"]
    with read_pdf(result.files[0]) as reading, read_pdf(result.press[0]) as press:
        for number, (a, b) in enumerate(zip(reading.pages, press.pages), start=1):
            inside = b.crop(b.trimbox).extract_text() or ""
            assert " ".join(inside.split()) == " ".join((a.extract_text() or "").split()), number
            slug = " ".join((b.extract_text() or "").split())
            assert slug.endswith(f"p.\u00a0{number}") or slug.endswith(f"p. {number}"), number
    with pikepdf.open(result.files[0]) as pdf:
        assert Name.OutputIntents not in pdf.Root
        operators = {str(op) for page in pdf.pages[:4]
                     for _, op in pikepdf.parse_content_stream(page)}
        assert "rg" in operators and "k" not in operators


def test_imprenta_converts_a_books_raster_pictures_to_cmyk(tmp_path):
    """A PNG in a chapter (with transparency) is RGB in the reading edition and CMYK in the
    print-shop edition, flattened onto white."""
    import shutil

    from PIL import Image, ImageDraw

    from contentedit import edit
    from repo import CONTENT_ROOT

    book = tmp_path / "content" / "uno-contra-uno"
    shutil.copytree(CONTENT_ROOT / "uno-contra-uno", book)
    shutil.copytree(CONTENT_ROOT / "_facts", tmp_path / "content" / "_facts")
    (book / "figures").mkdir()
    picture = Image.new("RGBA", (1200, 600), (0, 0, 0, 0))
    draw = ImageDraw.Draw(picture)
    draw.ellipse([300, 100, 900, 500], fill=(40, 90, 160, 255))
    picture.save(book / "figures" / "disco.png")
    edit(book / "chapters" / "02-monedas.md", "## Cuándo se usan",
         "![Un disco azul](figures/disco.png)\n\n## Cuándo se usan")
    result = build_book(book, tmp_path / "output", papers=[SheetOptions("A4")])

    def images(path):
        with pikepdf.open(path) as pdf:
            return [(str(x.ColorSpace), x.get(Name.SMask) is not None)
                    for page in pdf.pages
                    for _, x in page.Resources.get(Name.XObject, {}).items()
                    if x.Subtype == Name.Image]

    assert images(result.files[0]) == [("/DeviceRGB", True)]
    assert images(result.press[0]) == [("/DeviceCMYK", False)]


def test_a_sheet_has_its_print_shop_edition_too(built):
    """A rules sheet (catan-base, A4) gets the same treatment: A4 trim, 3 mm bleed, its
    accent band run into the bleed at the head of the front, PDF/X-4."""
    folder = next(f for f in book_folders() if f.name == "catan-base")
    result = built(folder.name, papers=("A4",))
    assert [p.name for p in result.press] == ["catan-base-imprenta.pdf"]
    with pikepdf.open(result.press[0]) as pdf:
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
        for page in pdf.pages:
            trim, bleed = _box_mm(page, Name.TrimBox), _box_mm(page, Name.BleedBox)
            assert (round(trim[2] - trim[0], 2), round(trim[3] - trim[1], 2)) == (210, 297)
            assert trim[0] - bleed[0] == pytest.approx(BLEED, abs=0.01)
    with read_pdf(result.press[0]) as pdf:
        page = pdf.pages[0]
        trim = page.trimbox
        band = [r for r in page.rects
                if _same_colour(r["non_stroking_color"], color(palette.ACCENT))
                and r["top"] < trim[1]]
        assert band and band[0]["top"] == pytest.approx(trim[1] - BLEED * MM, abs=0.05)
        assert band[0]["x0"] == pytest.approx(trim[0] - BLEED * MM, abs=0.05)
