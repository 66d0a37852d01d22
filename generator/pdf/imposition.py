"""Booklets: an A5 rulebook imposed two pages to a side of an A4 (or Letter) landscape sheet,
to print double-sided at home, fold in half and staple on the fold (saddle stitch).

The finished rulebook PDF is imposed as it is: each page becomes a form XObject (pikepdf)
drawn at true size, never scaled, centred in its half of the sheet. The page count is padded
with blank pages to a multiple of 4 (one sheet holds four pages): at the end, or before the
back cover when the book has one. Sheet k (from 0) of a booklet of n pages carries, front
left to right, pages n − 2k and 2k + 1, and on its back 2k + 2 and n − 2k − 1: printed
double-sided with the sheet flipped on its short edge, the sheets stacked in order, folded
together and stapled, they read 1, 2, 3 … A short mark at the middle of the top and bottom
edges shows where to fold.

On A4 (297 × 210 mm) two A5 pages (148 × 210 mm) fill the sheet. Letter is narrower
(279.4 × 215.9 mm): an A5 page at true size is 8.3 mm wider than half a Letter sheet, so
each loses 4.15 mm of its outer and inner margin to the half it is clipped to (the booklet
folds to 139.7 × 215.9 mm, the text untouched). Home printers leave 3–5 mm unprinted at every
edge, so whatever an A5 page has within that distance of its edge (the cover's colour bands)
prints narrower, on either paper.
"""

from __future__ import annotations

import io

from generator.errors import RenderError
from generator.core.i18n import N_, translator

MM = 72 / 25.4
A5 = (148.0, 210.0)  # mm
#: Landscape sheets, mm.
SHEETS = {"A4": (297.0, 210.0), "Letter": (279.4, 215.9)}
FOLD_MARK = 7.0      # mm from the edge: clear of the A5 page's running head and footer
FOLD_MARK_WIDTH = 0.4  # pt
#: Printed by the person who prints it: the print dialog's duplex choice and 100 %.
INSTRUCTIONS = N_("Print double-sided, flipping on the short edge, at 100 % (actual size); "
                  "stack the sheets in order, fold them in half and staple along the fold.")


def padded(pages: int, back_cover: bool = False) -> list[int | None]:
    """The booklet's pages in reading order, 1-based page numbers of the book and None for a
    blank, padded to a multiple of 4: blanks at the end, or before the back cover."""
    if pages < 1:
        raise ValueError("a booklet needs at least one page")
    blanks = [None] * (-pages % 4)
    numbers: list[int | None] = list(range(1, pages + 1))
    if back_cover and pages > 1:
        return numbers[:-1] + blanks + numbers[-1:]
    return numbers + blanks


def sides(order: list[int | None]) -> list[tuple[int | None, int | None]]:
    """(left, right) of every printed side, sheet by sheet, front then back, for duplex
    printing flipped on the short edge."""
    n = len(order)
    if n % 4:
        raise ValueError(f"{n} pages: expected a multiple of 4 (padded)")
    found = []
    for k in range(n // 4):
        found.append((order[n - 1 - 2 * k], order[2 * k]))      # front: last, first
        found.append((order[2 * k + 1], order[n - 2 - 2 * k]))  # back: second, last but one
    return found


def _box(page) -> tuple[float, float, float, float]:
    """The page as it is read: its TrimBox if it has one, else its MediaBox (points)."""
    from pikepdf import Name

    key = Name.TrimBox if Name.TrimBox in page.obj else Name.MediaBox
    x0, y0, x1, y1 = (float(v) for v in page.obj[key])
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def booklet(pdf: bytes, paper: str, *, title: str, author: str, language: str,
            back_cover: bool = False) -> bytes:
    """The A5 rulebook `pdf` imposed for saddle stitching on `paper` ("A4" or "Letter")
    landscape. RGB as the rulebook is: a booklet is for a home printer."""
    import pikepdf
    from pikepdf import Dictionary, Name, String

    sheet_w, sheet_h = (v * MM for v in SHEETS[paper])
    half = sheet_w / 2
    with pikepdf.open(io.BytesIO(pdf)) as source:
        boxes = [_box(page) for page in source.pages]
        for number, (x0, y0, x1, y1) in enumerate(boxes, start=1):
            w, h = (x1 - x0) / MM, (y1 - y0) / MM
            if abs(w - A5[0]) > 0.5 or abs(h - A5[1]) > 0.5:
                raise RenderError(f"page {number} is {w:.0f} × {h:.0f} mm; a booklet imposes "
                                  "A5 pages (148 × 210 mm)")
        order = padded(len(boxes), back_cover)
        out = pikepdf.new()
        forms = {}
        for number in (n for n in order if n is not None):
            form = source.pages[number - 1].as_form_xobject()
            forms[number] = out.copy_foreign(form)
        for left, right in sides(order):
            page = out.add_blank_page(page_size=(sheet_w, sheet_h))
            xobjects = Dictionary()
            code = []
            for slot, number in enumerate((left, right)):
                if number is None:
                    continue
                name = f"/P{number}"
                xobjects[name] = forms[number]
                x0, y0, x1, y1 = boxes[number - 1]
                dx = slot * half + (half - (x1 - x0)) / 2 - x0
                dy = (sheet_h - (y1 - y0)) / 2 - y0
                code.append(f"q {slot * half:.4f} 0 {half:.4f} {sheet_h:.4f} re W n "
                            f"1 0 0 1 {dx:.4f} {dy:.4f} cm {name} Do Q")
            mark = FOLD_MARK * MM
            code.append(f"q 0 G {FOLD_MARK_WIDTH} w {half:.4f} 0 m {half:.4f} {mark:.4f} l S "
                        f"{half:.4f} {sheet_h:.4f} m {half:.4f} {sheet_h - mark:.4f} l S Q")
            page.obj[Name.Resources] = Dictionary(XObject=xobjects)
            page.obj[Name.Contents] = out.make_stream("\n".join(code).encode("ascii"))
        out.Root[Name.Lang] = String(language)
        out.Root[Name.ViewerPreferences] = Dictionary(
            Duplex=Name.DuplexFlipShortEdge, PrintScaling=Name("/None"))
        words = translator(language)  # the book's language (generator/locale/)
        out.docinfo[Name.Title] = String(words.gettext("{title} (booklet {paper})").format(
            title=title, paper=paper))
        out.docinfo[Name.Author] = String(author)
        out.docinfo[Name.Subject] = String(words.gettext(INSTRUCTIONS))
        out.docinfo[Name.Creator] = String("rulebook-generator")
        buffer = io.BytesIO()
        out.save(buffer, min_version="1.7")  # Duplex and PrintScaling are PDF 1.7 keys
    return buffer.getvalue()
