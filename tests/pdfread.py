"""Reading a built PDF the way a reader (or a print shop) would check it.

`read_pdf(path or bytes)` is pdfplumber's reading of a PDF made once a run: every page's
objects (characters with their fonts, sizes and places, rectangles, lines, curves, images),
its links and boxes, pickled in the run's shared folder by the digest of the file's bytes
(runcache.py), so that no PDF is parsed by pdfplumber twice in a run, whichever test or
worker asks. Its pages are pdfplumber pages: `extract_text`, `extract_words`,
`search`, `crop`, `filter`, `extract_tables` work on them as on a page pdfplumber opened.

`page_words(path)` is only the words of each page, in reading order with the white space
squeezed: PDFium's text (pypdfium2), some thirty times faster than pdfplumber's, for the
tests that ask whether a phrase is printed and not where or how.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import pdfplumber
import pypdfium2
from pdfplumber.page import Page
from pypdf import PdfReader

import runcache

POINTS_PER_MM = 72 / 25.4
#: Where the run keeps its readings (set by tests/conftest.py); None: read, keep nothing.
READINGS: Path | None = None
BOXES = ("mediabox", "cropbox", "trimbox", "bleedbox", "artbox")


class StoredPage(Page):
    """A page as pdfplumber read it, from the stored objects: no PDF behind it."""

    def __init__(self, record: dict):
        self.pdf = None
        self.root_page = self
        self.page_obj = None
        self.page_number = record["page_number"]
        self.initial_doctop = record["initial_doctop"]
        self.rotation = record["rotation"]
        for box in BOXES:
            if box in record:
                setattr(self, box, record[box])
        self.bbox = self.mediabox
        self.get_textmap = lru_cache()(self._get_textmap)
        self._objects = record["objects"]
        self._annots = record["annots"]

    @property
    def annots(self) -> list[dict]:
        """The page's annotations (links), as pdfplumber gives them but for `data`."""
        return self._annots

    def close(self) -> None:
        """Nothing to let go of (pdfplumber's would drop the stored objects)."""


class StoredPdf:
    """A PDF's pages (`pages`, as pdfplumber's) and their text (`texts`, each page's
    extract_text()). `with read_pdf(path) as pdf:` reads as `with pdfplumber.open(path)`."""

    def __init__(self, records: list[dict]):
        self._records = records

    @cached_property
    def pages(self) -> list[StoredPage]:
        return [StoredPage(record) for record in self._records]

    @cached_property
    def texts(self) -> list[str]:
        """Made from the stored objects when a test first asks (few do: laying out every
        page's text took a sixth of a reading)."""
        return [page.extract_text() or "" for page in self.pages]

    def __enter__(self) -> "StoredPdf":
        return self

    def __exit__(self, *exc) -> None:
        return None


def _parse(data: bytes, pages: list[int] | None = None) -> list[dict]:
    import io
    records = []
    with pdfplumber.open(io.BytesIO(data), pages=pages) as pdf:
        for page in pdf.pages:
            objects = {kind: [{k: v for k, v in o.items() if k != "stream"} for o in objs]
                       for kind, objs in page.objects.items()}
            records.append({
                "page_number": page.page_number, "initial_doctop": page.initial_doctop,
                "rotation": page.rotation, "objects": objects,
                "annots": [{k: v for k, v in a.items() if k != "data"} for a in page.annots],
                **{box: getattr(page, box) for box in BOXES if hasattr(page, box)}})
    return records


def plain_texts(source: Path) -> list[str]:
    """Each page's text as PDFium reads it, one line of print a line; a word broken at the
    end of a line keeps its hyphen (PDFium marks it U+FFFE)."""
    document = pypdfium2.PdfDocument(Path(source).read_bytes())
    try:
        return [page.get_textpage().get_text_range().replace("\r\n", "\n")
                .replace("\ufffe", "-") for page in document]
    finally:
        document.close()


def page_words(source: Path) -> list[str]:
    """Each page's words, separated by single spaces (`words` for the whole file)."""
    return [" ".join(text.split()) for text in plain_texts(source)]


def words(source: Path) -> str:
    """The words of the whole file, separated by single spaces."""
    return " ".join(page_words(source))


_READ: OrderedDict[str, StoredPdf] = OrderedDict()
KEPT = 6  # readings a worker keeps in memory (the solo book's is some 100 MB)


def read_pdf(source: Path | bytes) -> StoredPdf:
    """pdfplumber's reading of a PDF file (or its bytes), made once a run."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest in _READ:
        _READ.move_to_end(digest)
        return _READ[digest]
    if READINGS is None:
        records = _parse(data)
    else:
        records = runcache.once(READINGS / f"{digest}.pickle", lambda: _parse(data))
    _READ[digest] = reading = StoredPdf(records)
    while len(_READ) > KEPT:
        _READ.popitem(last=False)
    return reading


def printed_rows(source: Path) -> dict[str, list[str]]:
    """Every table row of the file as a reader reads it across: its first cell → the
    others, each cell's lines joined with single spaces (a word broken at a line's end
    joined again), whatever width its column was given."""
    rows = {}
    with read_pdf(source) as pdf:
        for page in pdf.pages:
            for table in page.extract_tables():
                for row in table:
                    cells = [" ".join(re.sub(r"(\w)-\n(\w)", r"\1\2", c or "").split())
                             for c in row]
                    if cells and cells[0]:
                        rows[cells[0]] = cells[1:]
    return rows


def last_page(source: Path) -> StoredPage:
    """pdfplumber's reading of a file's last page alone, for a test that looks at no other
    (a back cover): a book of 70 pages is not parsed for it."""
    data = Path(source).read_bytes()
    document = pypdfium2.PdfDocument(data)
    count = len(document)
    document.close()
    digest = hashlib.sha256(data).hexdigest()
    if digest in _READ:
        return _READ[digest].pages[-1]
    parse = lambda: _parse(data, [count])  # noqa: E731
    records = parse() if READINGS is None else \
        runcache.once(READINGS / f"{digest}-{count}.pickle", parse)
    return StoredPage(records[0])


@dataclass
class ReadPdf:
    path: Path

    @cached_property
    def reader(self) -> PdfReader:
        return PdfReader(self.path)

    @cached_property
    def page_texts(self) -> list[str]:
        """Each page's text (`plain_texts`: no pdfplumber reading needed), for what a page
        says; `line_texts` for how its lines are laid out."""
        return plain_texts(self.path)

    @cached_property
    def line_texts(self) -> list[str]:
        """Each page's text as pdfplumber lays it out: a line of the page a line, in order
        from the top (a running head first, a hyphenated word at its line's end)."""
        return read_pdf(self.path).texts

    @cached_property
    def column_texts(self) -> list[str]:
        """Each page's text as a reader reads a page of two columns (a rules sheet on A4 or
        Letter): down the left column, then down the right one. A character belongs to the
        column its middle falls in; a sheet's title block reads with the left column, its
        edition line (right-aligned) at the head of the right one."""
        texts = []
        with read_pdf(self.path) as pdf:
            for page in pdf.pages:
                middle = float(page.width) / 2
                halves = [page.filter(lambda o, left=left: o.get("object_type") != "char"
                                      or ((o["x0"] + o["x1"]) / 2 < middle) == left)
                          for left in (True, False)]
                texts.append("\n".join(half.extract_text() or "" for half in halves))
        return texts

    def page_number_of(self, page_obj) -> int:
        """1-based number of a page object."""
        return self.reader.get_page_number(page_obj) + 1

    def headings(self, min_size: float) -> list[tuple[int, str]]:
        """(page, text) of every line set at `min_size` points or larger."""
        return [(number, text) for number, _, text in self.placed_headings(min_size)]

    def placed_headings(self, min_size: float) -> list[tuple[int, float, str]]:
        """(page, top in points, text) of every line set at `min_size` points or larger."""
        found = []
        with read_pdf(self.path) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                lines: dict[float, list] = {}
                for char in page.chars:
                    if char["size"] >= min_size:
                        lines.setdefault(round(char["top"]), []).append(char)
                for top in sorted(lines):
                    chars = sorted(lines[top], key=lambda c: c["x0"])
                    text = "".join(c["text"] for c in chars)
                    found.append((number, float(top), " ".join(text.split())))
        return found

    def outline(self) -> list[tuple[int, str, int]]:
        """(depth, title, page) of every bookmark."""
        items = []

        def walk(nodes, depth):
            for node in nodes:
                if isinstance(node, list):
                    walk(node, depth + 1)
                else:
                    items.append((depth, node.title, self.reader.get_destination_page_number(node) + 1))
        walk(self.reader.outline, 0)
        return items

    def named_destinations(self) -> dict[str, int]:
        return {name: self.reader.get_destination_page_number(dest) + 1
                for name, dest in self.reader.named_destinations.items()}

    def internal_links(self) -> list["Link"]:
        """Every link that jumps inside the document, with the text it sits on."""
        links = []
        with read_pdf(self.path) as pdf:
            for number, page in enumerate(self.reader.pages, start=1):
                height = float(page.mediabox.height)
                for annot in page.get("/Annots", []) or []:
                    annot = annot.get_object()
                    if annot.get("/Subtype") != "/Link":
                        continue
                    dest = annot.get("/Dest")
                    action = annot.get("/A")
                    if dest is None and action is not None and action.get("/S") == "/GoTo":
                        dest = action.get("/D")
                    if dest is None:
                        continue
                    x0, y0, x1, y1 = (float(v) for v in annot["/Rect"])
                    bbox = (x0, height - y1, x1, height - y0)
                    text = chars_inside(pdf.pages[number - 1], bbox)
                    target_page = self.page_number_of(dest[0].get_object())
                    top = float(dest[3]) if len(dest) > 3 and dest[1] == "/XYZ" else None
                    link = Link(number, " ".join(text.split()), target_page, top, (x0, y0, x1, y1))
                    previous = links[-1] if links else None
                    if previous and previous.continues_as(link):
                        links[-1] = previous.joined(link)
                    else:
                        links.append(link)
        return links

    def text_below(self, page: int, top: float, height: float = 40) -> str:
        """Text in a band just below a destination's top (PDF coordinates)."""
        with read_pdf(self.path) as pdf:
            p = pdf.pages[page - 1]
            y = float(p.height) - top
            band = (0, max(y - 1, 0), p.width, min(y + height, p.height))
            return " ".join((p.within_bbox(band).extract_text() or "").split())

    def page_size_mm(self, index: int = 0) -> tuple[float, float]:
        box = self.reader.pages[index].mediabox
        return float(box.width) / POINTS_PER_MM, float(box.height) / POINTS_PER_MM

    def fonts(self) -> dict[str, dict]:
        """Every font resource used on any page (by base name) with its descriptor."""
        fonts = {}
        for page in self.reader.pages:
            resources = page.get("/Resources", {})
            for font in (resources.get("/Font") or {}).values():
                font = font.get_object()
                fonts[str(font.get("/BaseFont"))] = font
            for xobject in (resources.get("/XObject") or {}).values():
                xres = xobject.get_object().get("/Resources") or {}
                for font in (xres.get("/Font") or {}).values():
                    font = font.get_object()
                    fonts[str(font.get("/BaseFont"))] = font
        return fonts


def chars_inside(page, bbox) -> str:
    """Text of the characters whose centre lies in bbox (top-left origin), as words."""
    x0, top, x1, bottom = bbox
    chars = [c for c in page.chars
             if x0 <= (c["x0"] + c["x1"]) / 2 <= x1 and top <= (c["top"] + c["bottom"]) / 2 <= bottom]
    text, last = "", None
    for c in chars:
        if last is not None and c["x0"] - last["x1"] > c["size"] * 0.15:
            text += " "
        text += c["text"]
        last = c
    return text.strip()


@dataclass(frozen=True)
class Link:
    page: int
    text: str
    target_page: int
    target_top: float | None
    rect: tuple[float, float, float, float]

    def continues_as(self, other: "Link") -> bool:
        """A link broken over two lines is two rectangles: the second starts a line below."""
        return (other.page == self.page and other.target_page == self.target_page
                and other.target_top == self.target_top and other.rect[3] <= self.rect[1]
                and other.rect[0] < self.rect[0]
                and (self.text.endswith(",") or other.text.startswith("p.")))

    def joined(self, other: "Link") -> "Link":
        return Link(self.page, f"{self.text} {other.text}", self.target_page, self.target_top,
                    self.rect)


def inside(obj, box, margin: float = 0.5) -> bool:
    """Is a pdfplumber object (char, word, rect) within `box` (x0, top, x1, bottom)?"""
    x0, top, x1, bottom = box
    return (obj["x0"] >= x0 - margin and obj["x1"] <= x1 + margin
            and obj["top"] >= top - margin and obj["bottom"] <= bottom + margin)


def word_lines(words) -> list[tuple[float, str]]:
    """pdfplumber words grouped into lines (top, text), top to bottom."""
    lines: list[list] = []
    for word in sorted(words, key=lambda w: (round(w["top"]), w["x0"])):
        if lines and abs(lines[-1][0] - word["top"]) < 2:
            lines[-1][1].append(word["text"])
        else:
            lines.append([word["top"], [word["text"]]])
    return [(top, " ".join(texts)) for top, texts in lines]


def drawing_operations(page):
    """(operands, operator, resources) of a pikepdf page's content stream and of every form
    XObject it draws, depth first: what a RIP would paint."""
    import pikepdf

    def walk(obj, res):
        for operands, operator in pikepdf.parse_content_stream(obj):
            yield operands, str(operator), res
            if str(operator) == "Do":
                xobject = res.XObject[operands[0]]
                if xobject.Subtype == pikepdf.Name.Form:
                    yield from walk(xobject, xobject.get(pikepdf.Name.Resources, res))
    yield from walk(page, page.Resources)
