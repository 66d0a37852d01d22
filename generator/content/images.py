"""Markdown images in chapters: `![caption](figures/board.png)`, a PNG, JPEG or SVG file of the
book's own folder, printed at the column width with its caption under it.

Everything about an image is checked here, when the book is loaded (so `rulebook check`
reports it), each mistake at the chapter's line: a path that is not a file of the book's
folder (a web address, a `data:` URI, an absolute path, `..` or a link out of the folder), a
type the renderers do not take, a missing, oversized or unreadable file, a raster whose
pixels would not fit in memory, an SVG that declares entities, runs script or refers to
anything outside itself (an `href` or `url()` to another file or the web). What passes is
read once into a `BookImage` (the bytes the PDF and the HTML edition embed: nothing is
fetched or read again while drawing), and the chapter's tree is normalised: each image
becomes a `<figure class="image">` holding one `<img src="KEY" alt="caption">`, KEY being the
file's path in the book folder, under which `Book.images` holds it.

An image stands in a paragraph of its own (a line between blank lines), at the top of a
chapter or inside a callout; anywhere else (in running text, a list, a table, a heading, a
link) it is an error at its line. A raster that would print below `MIN_DPI` at the column
width is a warning (`Book.warnings`), not an error: the book still builds.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import threading
import warnings
import xml.etree.ElementTree as ET
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

from generator.errors import ContentError, ContentWarning, Location
from generator.core.files import problem as file_problem, read_bytes
from generator.core.page import Geometry
from generator.content.glyphs import unprintable
from generator.content.limits import MAX_CAPTION, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_SVG_BYTES
from generator.content.paths import contained

#: The file types a chapter may show, by extension, and what each is.
KINDS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg"}
MIME = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}
#: Pillow's name of each raster format.
PIL_FORMATS = {"png": "PNG", "jpeg": "JPEG"}
#: Below this many pixels per inch at its printed size, a raster is a warning.
MIN_DPI = 200
#: A raster is never printed taller than this many times the column width (pdf/images.py):
#: with its caption it stays on one page of every size.
MAX_HEIGHT_RATIO = 1.1
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
EXPECTED_FILE = ("a PNG, JPEG or SVG file in the book's folder, named relative to it "
                 "(e.g. figures/board.png)")
STANDALONE = "the image on a line of its own, with a blank line before and after it"
#: A scheme (`http:`, `data:`, `file:`, a drive letter) or a protocol-relative `//host`.
SCHEME = re.compile(r"(?i)^([a-z][a-z0-9+.-]*:|//)")
#: An image may stand in a paragraph of the chapter, or of a callout (a quote, an admonition).
CALLOUT_CLASS = "admonition"


@dataclass(frozen=True)
class BookImage:
    """One image file of the book, checked and read: what the renderers embed."""

    key: str        # its path in the book's folder ("figures/board.png"): the img's src
    kind: str       # png, jpeg or svg
    data: bytes     # the file (an SVG: its checked markup, without DOCTYPE or comments)
    width: float    # a raster: pixels, upright (a JPEG's EXIF orientation applied);
    height: float   # an SVG: its size in points, for the aspect ratio
    rotated: bool = False  # a JPEG whose EXIF orientation turns or mirrors it

    @property
    def raster(self) -> bool:
        return self.kind != "svg"

    @property
    def mime(self) -> str:
        return MIME[self.kind]

    def data_uri(self) -> str:
        """The image inline, for the self-contained HTML edition."""
        return f"data:{self.mime};base64,{base64.b64encode(self.data).decode('ascii')}"

    def printed_width(self, column: float, frame_height: float | None = None) -> float:
        """Points wide when printed at `column` points, at most `MAX_HEIGHT_RATIO` × the
        column tall (and at most `frame_height`, when given)."""
        tallest = column * MAX_HEIGHT_RATIO
        if frame_height is not None:
            tallest = min(tallest, frame_height)
        return min(column, tallest * self.width / self.height)


@dataclass(frozen=True)
class ImageUse:
    """Where a chapter shows an image: for the resolution warning at that line."""

    location: Location
    key: str


class ChapterImages:
    """The images of a book's chapters, gathered while they load (`load`, once a chapter)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.found: dict[str, BookImage] = {}
        self.uses: list[ImageUse] = []

    def load(self, tree: ET.Element, prose) -> None:
        """Check and read every image of one chapter (`prose`: its RenderedProse), and turn
        each paragraph of images in `tree` into figures, one for each image."""
        places = _Lines(prose)
        parents = {child: parent for parent in tree.iter() for child in parent}
        paragraphs: dict[ET.Element, list[ET.Element]] = {}
        for image in list(tree.iter("img")):
            location = Location(prose.file, places.line_of(image))
            _check_standalone(image, parents, tree, location)
            caption = " ".join((image.get("alt") or "").split())
            if not caption:
                raise ContentError(location, f"image '{image.get('src', '')}' has no "
                                   "caption", "![caption](path): the caption prints under "
                                   "the image and is its text for readers who cannot see it")
            if len(caption) > MAX_CAPTION:
                raise ContentError(location, f"a caption of {len(caption):,} characters",
                                   f"at most {MAX_CAPTION:,} (the rest goes in the text)")
            loaded = self._read(image.get("src", ""), location)
            self.uses.append(ImageUse(location, loaded.key))
            figure = ET.Element("figure", {"class": "image"})
            ET.SubElement(figure, "img", {"src": loaded.key, "alt": caption})
            paragraphs.setdefault(parents[image], []).append(figure)
        for paragraph, figures in paragraphs.items():
            parent = parents[paragraph]
            index = list(parent).index(paragraph)
            parent.remove(paragraph)
            figures[-1].tail = paragraph.tail
            for offset, figure in enumerate(figures):
                parent.insert(index + offset, figure)

    def _read(self, source: str, location: Location) -> BookImage:
        return book_image(source, self.folder, location, self.found)

    def warnings(self, meta) -> list[ContentWarning]:
        """A warning at each place a raster prints below MIN_DPI in the book's column."""
        rasters = [use for use in self.uses if self.found[use.key].raster]
        if not rasters:
            return []
        column, frame_height = column_size(meta)
        found = []
        for use in rasters:
            image = self.found[use.key]
            inches = image.printed_width(column, frame_height) / 72
            dpi = image.width / inches
            if dpi < MIN_DPI:
                needed = -(-MIN_DPI * inches // 1)
                found.append(ContentWarning(
                    use.location, f"image {use.key} prints at {dpi:.0f} dpi: "
                    f"{image.width:.0f} px across {inches * 25.4:.0f} mm",
                    f"at least {MIN_DPI} dpi ({needed:.0f} px wide) to print sharp"))
        return found


def column_size(meta) -> tuple[float, float]:
    """The text column's width and height in points at the book's own page size, as the PDF
    lays it out (core/page.py's geometry; one column of a two-column sheet)."""
    geometry = Geometry.for_size(meta.page_size)
    if getattr(meta, "sheet", False):  # layout: sheet, set in narrower columns
        geometry = Geometry.for_sheet(meta.page_size, geometry.base_size)
    return geometry.frame_width, geometry.page[1] - geometry.top - geometry.bottom


# --- where the image stands ----------------------------------------------------------------

WHAT = {"h1": "a heading", "h2": "a heading", "h3": "a heading", "h4": "a heading",
        "h5": "a heading", "h6": "a heading", "li": "a list item", "td": "a table cell",
        "th": "a table cell", "a": "a link", "em": "emphasis", "strong": "bold text",
        "ul": "a list", "ol": "a list", "table": "a table", "dd": "a definition",
        "dt": "a definition"}


def _is_callout(element: ET.Element) -> bool:
    """A box the PDF draws with its paragraphs in it: a quote or an admonition."""
    return element.tag == "blockquote" or (
        element.tag == "div" and CALLOUT_CLASS in element.get("class", "").split())


def _check_standalone(image: ET.Element, parents: dict, root: ET.Element,
                      location: Location) -> None:
    """An image stands alone in a paragraph of the chapter, or of a callout in it."""
    source = image.get("src", "")
    paragraph = parents[image]
    holder = paragraph if paragraph.tag != "p" else None
    above = parents.get(paragraph)
    while holder is None and above is not None and above is not root:
        if not _is_callout(above):
            holder = above
        above = parents.get(above)
    if holder is not None:
        what = WHAT.get(holder.tag, f"<{holder.tag}>")
        raise ContentError(location, f"image '{source}' inside {what}", STANDALONE)
    text = (paragraph.text or "") + "".join(child.tail or "" for child in paragraph)
    if text.strip() or any(child.tag != "img" for child in paragraph):
        raise ContentError(location, f"image '{source}' inside a paragraph's text",
                           STANDALONE)


class _Lines:
    """The line of each image in the chapter as rendered: the nth image of a path is at the
    nth line naming the path (a reference-style image at its definition)."""

    def __init__(self, prose):
        self.lines = prose.lines()
        self.seen: dict[str, int] = {}

    def line_of(self, image: ET.Element) -> int | None:
        source = image.get("src", "")
        candidates = [n for n, text in self.lines for _ in range(text.count(source))] \
            if source else []
        if not candidates:
            alt = (image.get("alt") or "")[:40]
            candidates = [n for n, text in self.lines if "![" in text and alt in text]
        if not candidates:
            return None
        nth = self.seen.get(source, 0)
        self.seen[source] = nth + 1
        return candidates[min(nth, len(candidates) - 1)]


# --- the file ------------------------------------------------------------------------------

def book_image(source: str, folder: Path, location: Location,
               found: dict[str, BookImage]) -> BookImage:
    """The image file `source` names, in the book's `folder`, checked and read (kept in
    `found` by its path there: read once however often it is shown); a mistake is a
    ContentError at `location`."""
    file, key, kind = _file(source, folder, location)
    if key not in found:
        found[key] = read_image(file, key, kind, location)
    return found[key]


def _file(source: str, folder: Path, location: Location) -> tuple[Path, str, str]:
    """The file an image names, inside the book's folder, its key there and its kind (by
    the extension as written)."""
    source = source.strip()
    if not source:
        raise ContentError(location, "an image without a path", EXPECTED_FILE)
    scheme = SCHEME.match(source)
    if source.lower().startswith("data:"):
        raise ContentError(location, "image given as a data: URI", EXPECTED_FILE)
    if scheme and (scheme.group(1) == "//" or scheme.group(1).lower() in ("http:", "https:",
                                                                           "ftp:")):
        raise ContentError(location, f"remote image '{source}' refused: a book fetches "
                           "nothing", EXPECTED_FILE)
    if scheme and len(scheme.group(1)) > 2:  # file:, javascript:… (C: is a drive)
        raise ContentError(location, f"image '{source}' refused: only files of the book's "
                           "folder are shown", EXPECTED_FILE)
    if source.startswith("#"):
        raise ContentError(location, f"image '{source}' names a place in the book, not a "
                           "file", EXPECTED_FILE)
    path = unquote(source).replace("\\", "/")
    problem = unprintable(path)
    if problem:  # `%00` decoded: no file name holds one (and the system refuses a NUL)
        raise ContentError(location, f"image '{source}' names a file with a {problem[1]}",
                           EXPECTED_FILE)
    if path.startswith("/") or scheme:
        raise ContentError(location, f"image '{source}' is an absolute path",
                           "a path relative to the book's folder (e.g. figures/board.png)")
    file = folder / path

    def error(message: str, expected: str) -> ContentError:
        return ContentError(location, f"image '{source}' leads to {file.resolve()}, outside "
                            "the book's folder", expected)

    try:
        contained(file, folder, error)
        key = PurePosixPath(*Path(file).resolve().relative_to(
            Path(folder).parent.resolve() / Path(folder).name).parts).as_posix()
        suffix = PurePosixPath(path).suffix.lower()
        if suffix not in KINDS:
            found = f"'{suffix}'" if suffix else "no extension"
            raise ContentError(location, f"image '{source}' has {found}: a type the book "
                               "cannot print", "a PNG, JPEG or SVG file (.png, .jpg, .jpeg, "
                               ".svg)")
        found = file_problem(file)
        if found:
            raise ContentError(location, f"image file {key} {found}", EXPECTED_FILE)
    except (OSError, RuntimeError) as exc:  # a name too long, a loop of links (3.11)
        problem = getattr(exc, "strerror", None) or " ".join(str(exc).split())
        raise ContentError(location, f"image '{source[:80]}' cannot be read ({problem})",
                           EXPECTED_FILE) from None
    return file, key, KINDS[suffix]


#: The size of each image checked before, by (sha256 of what is embedded, kind), most recently
#: used last: a watcher loads the book again after every save, and decoding a photo or
#: converting an SVG is the slow part of checking it.
_SIZES: OrderedDict[tuple[str, str], tuple[float, float, bool]] = OrderedDict()
_SIZES_LOCK = threading.Lock()
MAX_SIZES = 256


def read_image(file: Path, key: str, kind: str, location: Location) -> BookImage:
    """The image `file` (in the book as `key`, of `kind`), checked: a ContentError at
    `location` otherwise."""
    limit = MAX_SVG_BYTES if kind == "svg" else MAX_IMAGE_BYTES
    try:
        size = file.stat().st_size
        if size > limit:
            raise ContentError(location, f"image file {key} is {size:,} bytes long",
                               f"at most {limit:,} bytes")
        data = read_bytes(file, limit)  # never blocks on a pipe put in its place
    except OSError as exc:
        raise ContentError(location, f"cannot read image file {key} "
                           f"({exc.strerror or exc})", "a file you may read") from None
    if len(data) > limit:  # grew since stat
        raise ContentError(location, f"image file {key} is {len(data):,} bytes long",
                           f"at most {limit:,} bytes")
    if kind == "svg":
        data = _checked_svg(data, key, location)  # the markup, checked and cleaned
    digest = (hashlib.sha256(data).hexdigest(), kind)
    with _SIZES_LOCK:
        sized = _SIZES.get(digest)
        if sized is not None:
            _SIZES.move_to_end(digest)
    if sized is None:
        sized = _svg_size(data, key, location) if kind == "svg" else \
            _check_raster(data, kind, key, location)
        with _SIZES_LOCK:
            _SIZES[digest] = sized
            while len(_SIZES) > MAX_SIZES:
                _SIZES.popitem(last=False)
    width, height, rotated = sized
    return BookImage(key, kind, data, width, height, rotated)


def _check_raster(data: bytes, kind: str, key: str, location: Location):
    """Pillow reads the header, verifies the file and decodes every pixel: a truncated or
    corrupt file is refused here rather than while drawing."""
    from PIL import Image, UnidentifiedImageError

    expected = f"a readable {kind.upper()} file (open and save it again in an image editor)"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as image:
                if image.format != PIL_FORMATS[kind]:
                    raise ContentError(location, f"image file {key} is not a {kind.upper()} "
                                       f"file (it reads as {image.format or 'unknown'})",
                                       "a file whose contents match its extension")
                width, height = image.size
                if width * height > MAX_IMAGE_PIXELS:
                    raise ContentError(location, f"image {key} is {width:,} × {height:,} "
                                       "pixels", f"at most {MAX_IMAGE_PIXELS:,} pixels "
                                       "(far more than a page prints)")
                image.verify()
            with Image.open(io.BytesIO(data)) as image:
                image.load()
                orientation = image.getexif().get(0x0112, 1) if kind == "jpeg" else 1
        except ContentError:
            raise
        except UnidentifiedImageError:
            what = "empty" if not data else f"not a {kind.upper()} image (nor any image)"
            raise ContentError(location, f"image file {key} is {what}", expected) from None
        except Image.DecompressionBombError:
            raise ContentError(location, f"image {key} has too many pixels",
                               f"at most {MAX_IMAGE_PIXELS:,} pixels") from None
        except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as exc:
            problem = " ".join(str(exc).split()) or type(exc).__name__
            raise ContentError(location, f"image file {key} is damaged ({problem})",
                               expected) from None
    if width < 1 or height < 1:
        raise ContentError(location, f"image {key} has no pixels", expected)
    rotated = orientation in (2, 3, 4, 5, 6, 7, 8)
    if orientation in (5, 6, 7, 8):  # turned a quarter: printed upright, as browsers show it
        width, height = height, width
    return float(width), float(height), rotated


def _checked_svg(data: bytes, key: str, location: Location) -> bytes:
    """Parsed without entities, DTDs or the network; refused if it declares entities, holds
    script, refers to anything but its own elements, has no size of its own or draws too
    much. Returns its markup re-serialised without DOCTYPE, comments and processing
    instructions: what the PDF and the HTML edition embed."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False, remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        problem = exc.msg if getattr(exc, "msg", None) else str(exc)
        raise ContentError(location, f"image file {key} is not well-formed SVG "
                           f"({' '.join(problem.split())})",
                           "an SVG file as an editor saves it") from None
    except ValueError as exc:
        raise ContentError(location, f"image file {key} is not SVG ({exc})",
                           "an SVG file as an editor saves it") from None
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise ContentError(location, f"SVG {key} declares entities (<!ENTITY …>)",
                           "a plain SVG (saved again as plain or optimised SVG)")
    if root.tag != f"{{{SVG_NAMESPACE}}}svg":
        name = etree.QName(root).localname if isinstance(root.tag, str) else "?"
        what = ("an <svg> without xmlns=\"http://www.w3.org/2000/svg\" (browsers show "
                "nothing)" if name == "svg" else f"not an SVG image (it holds <{name}>)")
        raise ContentError(location, f"image file {key} is {what}",
                           "an SVG file as an editor saves it")
    for element in root.iter():
        _check_svg_element(element, key, location)
    drawn = _drawn_elements(root)
    if drawn > MAX_SVG_ELEMENTS:
        raise ContentError(location, f"SVG {key} draws more than {MAX_SVG_ELEMENTS:,} "
                           "elements once its <use> references are expanded",
                           "an SVG of a drawing's size (a <use> of a <use>… multiplies)")
    if not _sized(root):
        raise ContentError(location, f"SVG {key} has no size of its own",
                           "a viewBox, or a width and height in units (not %), on its <svg>")
    return etree.tostring(root, encoding="utf-8", xml_declaration=True)


NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
#: Elements an SVG may draw, <use> expanded (a detailed map has a few thousand), and how
#: deep its nesting and references may go.
MAX_SVG_ELEMENTS = 200_000
MAX_SVG_DEPTH = 200
VIEWBOX = re.compile(rf"\s*{NUMBER}[\s,]+{NUMBER}[\s,]+({NUMBER})[\s,]+({NUMBER})\s*\Z")
LENGTH = re.compile(rf"\s*({NUMBER})\s*(px|pt|pc|mm|cm|in|em|ex)?\s*\Z")


def _drawn_elements(root) -> int:
    """How many elements the SVG draws with every `<use>` expanded (its target drawn again
    where it stands), or MAX_SVG_ELEMENTS + 1 once past it: ten nested levels of ten uses
    are ten billion shapes from a few hundred bytes, which svglib would expand while the
    book loads. A use that refers to itself, directly or not, draws nothing more."""
    from lxml import etree

    ids = {element.get("id"): element for element in root.iter()
           if isinstance(element.tag, str) and element.get("id")}
    known: dict = {}
    open_: set = set()
    over = MAX_SVG_ELEMENTS + 1

    def size(element, depth: int) -> int:
        if element in known:
            return known[element]
        if element in open_ or depth > MAX_SVG_DEPTH:
            return 0 if element in open_ else over
        open_.add(element)
        total = 1
        for child in element:
            if isinstance(child.tag, str):
                total = min(over, total + size(child, depth + 1))
        if etree.QName(element).localname == "use":
            target = next((value for name, value in element.attrib.items()
                           if etree.QName(name).localname == "href"), "")
            found = ids.get(target.strip()[1:])
            if found is not None:
                total = min(over, total + size(found, depth + 1))
        open_.discard(element)
        known[element] = total
        return total

    return size(root, 0)


def _sized(root) -> bool:
    """A positive viewBox, or a width and a height in units: what both a browser (which
    scales it to the column by that ratio) and svglib read the same way. A percentage size
    and no viewBox gives each its own guess."""
    box = VIEWBOX.match(root.get("viewBox", ""))
    if box:
        return float(box.group(1)) > 0 and float(box.group(2)) > 0
    sizes = [LENGTH.match(root.get(name, "")) for name in ("width", "height")]
    return all(size and float(size.group(1)) > 0 for size in sizes)


URL = re.compile(r"(?i)url\(\s*['\"]?\s*([^)'\"\s]*)")
IMPORT = re.compile(r"(?i)@import")
CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)", re.S)
CSS_ESCAPE = re.compile(r"\\(?:([0-9A-Fa-f]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|(.))", re.S)


def css_text(text: str) -> str:
    """`text` (a stylesheet, a style or presentation attribute) as CSS reads it: a comment
    the space it separates tokens by, an escape the character it stands for. `@\\69mport` is `@import` and
    `u\\72l(` is `url(` to a browser and to svglib, so the checks read what they read."""
    def character(found: re.Match) -> str:
        if found.group(1):
            code = int(found.group(1), 16)
            valid = 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF
            return chr(code) if valid else "\ufffd"
        return "" if found.group(2) else found.group(3)
    return CSS_ESCAPE.sub(character, CSS_COMMENT.sub(" ", text))


def _check_svg_element(element, key: str, location: Location) -> None:
    from lxml import etree

    if not isinstance(element.tag, str):  # an entity reference left unresolved
        raise ContentError(location, f"SVG {key} uses an entity ({element})",
                           "a plain SVG (saved again as plain or optimised SVG)")
    name = etree.QName(element).localname
    if name == "script":
        raise ContentError(location, f"SVG {key} holds a script", "an SVG without script")
    texts = [element.text or ""] if name == "style" else []
    for attribute, value in element.attrib.items():
        local = etree.QName(attribute).localname
        if local.lower().startswith("on"):
            raise ContentError(location, f"SVG {key} has an event handler ({local}=…)",
                               "an SVG without script")
        if local in ("href", "src") and value.strip().lower().startswith("data:"):
            raise ContentError(location, f"SVG {key} embeds a picture as a data: URI",
                               "an SVG of shapes and text (a photo goes in a PNG or JPEG of "
                               "its own)")
        if local in ("href", "src") and not value.strip().startswith("#"):
            shown = value.strip()[:60] + ("…" if len(value.strip()) > 60 else "")
            raise ContentError(location, f"SVG {key} refers to '{shown}' outside itself",
                               "an SVG whose every part is inside the file (links only to "
                               "its own #ids; embed or draw what it shows)")
        texts.append(value)
    for text in map(css_text, texts):
        if IMPORT.search(text):
            raise ContentError(location, f"SVG {key} imports a stylesheet (@import)",
                               "an SVG whose every part is inside the file")
        for target in URL.findall(text):
            if not target.startswith("#"):
                raise ContentError(location, f"SVG {key} refers to 'url({target[:60]})' "
                                   "outside itself",
                                   "an SVG whose every part is inside the file (url(#id) "
                                   "only)")


def _svg_size(markup: bytes, key: str, location: Location) -> tuple[float, float, bool]:
    """Its size as svglib draws it in the PDF (converted once, as the PDF will: the check
    that it draws at all)."""
    try:
        drawing = svg_drawing(markup)
    except Exception as exc:  # svglib's failures have no common type
        problem = " ".join(str(exc).split())[:120] or type(exc).__name__
        raise ContentError(location, f"SVG {key} cannot be drawn ({problem})",
                           "an SVG file as an editor saves it") from None
    width, height = (getattr(drawing, "width", 0), getattr(drawing, "height", 0)) \
        if drawing is not None else (0, 0)
    if not (width and height and width > 0 and height > 0):
        raise ContentError(location, f"SVG {key} has no size",
                           "a viewBox, or a width and height, on its <svg>")
    return float(width), float(height), False


def svg_drawing(markup: bytes):
    """svglib's Drawing of a checked SVG, with the book's fonts registered and svglib's log
    lines (a font it lacks, a unit it guesses) kept off the terminal: one line per mistake
    is the rule, and what svglib cannot draw it leaves out."""
    import logging

    from svglib.svglib import svg2rlg

    from generator.core.fonts import register_fonts

    register_fonts()
    quiet = logging.getLogger("svglib")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL + 10)
    try:
        return svg2rlg(io.BytesIO(markup))
    finally:
        quiet.setLevel(level)
