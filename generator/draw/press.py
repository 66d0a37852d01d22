"""Print-shop PDFs: CMYK for one named printing condition, as PDF/X-4.

A print shop's file says which press condition its CMYK numbers are meant for, and every
colour in it is a number for those four inks. Here the condition is FOGRA39 (offset on
coated paper, ISO 12647-2), the one European shops ask for:

- `to_cmyk` converts every colour a ReportLab canvas is given into CMYK; it is passed to the
  canvas as `enforceColorSpace`, so text, shapes and the diagrams svglib draws all go through
  it. ReportLab's own `enforceColorSpace='cmyk'` cannot do this: it refuses any colour that
  is not already CMYK or a pure grey (and it would turn the CutContour spot colour into plain
  CMYK), and its `rgb2cmyk` is the device-naive complement, which knows nothing of the inks
  or the paper. Instead, colours go from sRGB to the FOGRA39 profile through LittleCMS
  (Pillow's ImageCms): relative colorimetric with black-point compensation, what prepress
  software does for flat vector colours. The palette's ink, muted and rule colours and every
  pure grey are greys by design, and small text and hairlines in four inks print with colour
  fringes wherever the plates are a hair out of register: those print on the black plate
  alone, as the black tint that reads as light as the colour (the same profile's prediction),
  so body text is `0 0 0 1 k` (K 100), never four-colour black. Spot colours (the die line
  CutContour, the registration colour All) pass through unchanged.
- `to_pdfx` makes the rendered file PDF/X-4 with pikepdf: the output intent (FOGRA39, with
  the ICC profile the colours were converted with embedded), GTS_PDFXVersion, Trapped
  False, the document's title, authors, subject and language in both the Info dictionary
  and XMP, TrimBox inside BleedBox inside MediaBox checked on every page, the spot
  colours' tint transforms as plain linear functions, and no annotation on a page but
  printer's marks (a rulebook's links are dropped; its bookmarks stay).

PDF/X-4 rather than X-3 or X-1a: it is the current part of ISO 15930 and what print shops'
preflight profiles default to; it keeps live transparency and ICC-based colour, so a file
never has to be flattened, and everything in these files is CMYK or a spot colour anyway,
which X-1a would also accept.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import io
import uuid
from dataclasses import dataclass
from importlib import resources
from xml.sax.saxutils import escape

from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, toColor

from generator.core import palette
from generator.core.typography import one_line
from generator.errors import RenderError

#: Print shops' marks print on every plate: the PDF separation named All.
REGISTRATION = CMYKColorSep(1, 1, 1, 1, spotName="All", density=1)
PROFILE_FILE = "FOGRA39L-coated-300.icc"
PDFX_VERSION = "PDF/X-4"
#: The output intent's printing condition, as registered in the ICC's characterization
#: data registry (a RIP that knows FOGRA39 may use its own profile for it).
CONDITION = "FOGRA39"
CONDITION_TEXT = ("Offset printing, according to ISO 12647-2:2004/Amd 1, paper type 1 or 2 "
                  "(coated art, 115 g/m2), tone value increase curves A (CMY) and B (K)")
CONDITION_INFO = ("Coated FOGRA39 (ISO 12647-2:2004), total ink 300 %; profile made with "
                  "ArgyllCMS from Fogra's FOGRA39L characterisation data")
REGISTRY = "http://www.color.org"
#: Greys by design (text, secondary text, rules): printed on the black plate alone.
BLACK_PLATE = {palette.INK, palette.MUTED, palette.RULE_LINE, "#000000"}
CREATOR = "rulebook-generator"
#: LittleCMS's rendering intent and flag (ImageCms takes the numbers in every Pillow version).
RELATIVE_COLORIMETRIC = 1
BLACK_POINT_COMPENSATION = 0x2000


@dataclass(frozen=True)
class PressMeta:
    """What a print shop reads in a file's properties: title, authors (the book's credits),
    subject, language (an ISO 639 code, as in book.yaml) and the rights line (XMP
    `dc:rights`: what a shop's intake reads to know whose marks it prints)."""

    title: str
    authors: tuple[str, ...]
    language: str
    subject: str = ""
    rights: str = ""

    @classmethod
    def of(cls, book, title: str, subject: str = "") -> "PressMeta":
        return cls(title, tuple(credit.who for credit in book.meta.credits),
                   book.meta.language, subject, one_line(book.meta.rights))

    @property
    def author(self) -> str:
        return "; ".join(self.authors) or CREATOR


# --- colour -----------------------------------------------------------------------------------

def profile_bytes() -> bytes:
    """The FOGRA39 profile, from the package (so an installed wheel has it too)."""
    return _profile_bytes()


@functools.cache
def _profile_bytes() -> bytes:
    return resources.files(__package__).joinpath("icc", PROFILE_FILE).read_bytes()


@functools.cache
def _transforms():
    """sRGB → FOGRA39 and back, relative colorimetric with black-point compensation."""
    from PIL import ImageCms

    press = ImageCms.ImageCmsProfile(io.BytesIO(_profile_bytes()))
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    intent, flags = RELATIVE_COLORIMETRIC, BLACK_POINT_COMPENSATION
    forward = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", renderingIntent=intent,
                                      flags=flags)
    back = ImageCms.buildTransform(press, srgb, "CMYK", "RGB", renderingIntent=intent,
                                   flags=flags)
    return forward, back


def _lightness(rgb: tuple[int, int, int]) -> float:
    """CIE L* of an sRGB colour (0–255 channels)."""
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb)
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


@functools.cache
def _black_ramp() -> tuple[float, ...]:
    """L* of the black plate alone at 0, 1, … 100 %, as the profile predicts it printed."""
    from PIL import Image

    _, back = _transforms()
    ramp = Image.new("CMYK", (101, 1))
    ramp.putdata([(0, 0, 0, round(k * 2.55)) for k in range(101)])
    shown = back.apply(ramp)
    return tuple(_lightness(shown.getpixel((k, 0))) for k in range(101))


def _black_tint(lightness: float) -> float:
    """The black-plate tint (0–1, whole percent) that reads as light as `lightness`."""
    ramp = _black_ramp()
    if lightness <= ramp[-1]:
        return 1.0
    for k in range(1, 101):
        if ramp[k] <= lightness:  # between k - 1 and k
            above, below = ramp[k - 1], ramp[k]
            part = (above - lightness) / (above - below) if above != below else 0.0
            return round(k - 1 + part) / 100
    return 1.0


@functools.cache
def _cmyk_of(rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    hex_value = "#{:02x}{:02x}{:02x}".format(*rgb)
    if hex_value in BLACK_PLATE or rgb[0] == rgb[1] == rgb[2]:
        return (0.0, 0.0, 0.0, _black_tint(_lightness(rgb)))
    from PIL import Image

    forward, _ = _transforms()
    inks = forward.apply(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
    return tuple(round(v / 2.55) / 100 for v in inks)


def to_cmyk(colour) -> CMYKColor:
    """Any colour ReportLab accepts, as the CMYK that prints it on FOGRA39 (see the module
    docstring); CMYK colours and spot colours are returned as they are. Usable as a
    canvas's `enforceColorSpace`."""
    if isinstance(colour, (tuple, list)) and len(colour) == 4:
        return CMYKColor(*colour)
    if isinstance(colour, (tuple, list)) and len(colour) == 3:
        colour = Color(*colour)
    elif not isinstance(colour, Color):
        colour = toColor(colour)
    if isinstance(colour, CMYKColor):
        return colour
    rgb = tuple(max(0, min(255, round(v * 255))) for v in (colour.red, colour.green,
                                                           colour.blue))
    return CMYKColor(*_cmyk_of(rgb), alpha=colour.alpha)


def cmyk_image(image):
    """A raster picture (a Pillow image) as the CMYK that prints it on FOGRA39: taken as
    sRGB, flattened onto white (paper shows no transparency), and converted through the same
    transform as the flat colours. A CMYK picture is returned as it is."""
    from PIL import Image

    if image.mode == "CMYK":
        return image
    rgba = image.convert("RGBA")
    flat = Image.new("RGB", rgba.size, (255, 255, 255))
    flat.paste(rgba, mask=rgba.getchannel("A"))
    forward, _ = _transforms()
    return forward.apply(flat)


# --- PDF/X --------------------------------------------------------------------------------------

def to_pdfx(pdf: bytes, meta: PressMeta) -> bytes:
    """The PDF (rendered in CMYK, with TrimBox and BleedBox on every page) as PDF/X-4 for
    FOGRA39: output intent with the embedded profile, version keys, Trapped, metadata."""
    import pikepdf
    from pikepdf import Array, Dictionary, Name, String

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for number, page in enumerate(doc.pages, start=1):
            _check_boxes(page, number)
            if Name.ArtBox in page.obj:  # PDF/X: a page has a TrimBox or an ArtBox, not both
                del page.obj[Name.ArtBox]
            if Name.Trans in page.obj and not page.obj.Trans.keys():  # ReportLab's empty one
                del page.obj[Name.Trans]
            _drop_annotations(page)
        _linear_tints(doc)
        profile = doc.make_stream(profile_bytes())
        profile[Name.N] = 4
        profile[Name.Alternate] = Name.DeviceCMYK
        doc.Root[Name.OutputIntents] = Array([Dictionary(
            Type=Name.OutputIntent, S=Name.GTS_PDFX,
            OutputConditionIdentifier=String(CONDITION), OutputCondition=String(CONDITION_TEXT),
            RegistryName=String(REGISTRY), Info=String(CONDITION_INFO),
            DestOutputProfile=profile)])
        doc.Root[Name.Lang] = String(meta.language)
        now = _made_at()
        producer = f"ReportLab; pikepdf {pikepdf.__version__}"
        info = doc.docinfo
        for key in list(info.keys()):
            del info[key]
        info[Name.Title] = String(meta.title)
        info[Name.Author] = String(meta.author)
        if meta.subject:
            info[Name.Subject] = String(meta.subject)
        info[Name.Creator] = String(CREATOR)
        info[Name.Producer] = String(producer)
        stamp = now.strftime("D:%Y%m%d%H%M%S+00'00'")
        info[Name.CreationDate] = String(stamp)
        info[Name.ModDate] = String(stamp)
        info[Name.Trapped] = Name("/False")  # not trapped: the shop traps, or prints as is
        info[Name.GTS_PDFXVersion] = String(PDFX_VERSION)
        # The document's identifier names what it holds: the same pages, the same id (with
        # SOURCE_DATE_EPOCH set, the pages themselves are dated alike, so a rebuild of
        # unchanged content writes the same file, which the build then leaves alone).
        document = uuid.uuid5(uuid.NAMESPACE_OID, hashlib.sha256(pdf).hexdigest())
        xmp = doc.make_stream(_xmp(meta, now, producer, document).encode("utf-8"))
        xmp[Name.Type] = Name.Metadata
        xmp[Name.Subtype] = Name.XML
        doc.Root[Name.Metadata] = xmp
        out = io.BytesIO()
        # The trailer's ID from the content too (qpdf's own otherwise draws on the clock).
        doc.save(out, object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 fix_metadata_version=False, deterministic_id=True)
    return out.getvalue()


#: The only annotations PDF/X lets onto a page's bleed: a press's own marks.
PRESS_ANNOTATIONS = {"/PrinterMark", "/TrapNet"}


def _drop_annotations(page) -> None:
    """Links (a rulebook's cross-references and glossary links) mean nothing on paper, and
    PDF/X allows no annotation on the printed area but printer's marks and trap networks:
    every other annotation is removed (the outline and the named destinations stay)."""
    from pikepdf import Array, Name

    annotations = page.obj.get(Name.Annots)
    if annotations is None:
        return
    kept = [a for a in annotations if str(a.get(Name.Subtype, "")) in PRESS_ANNOTATIONS]
    if kept:
        page.obj[Name.Annots] = Array(kept)
    else:
        del page.obj[Name.Annots]


def _check_boxes(page, number: int) -> None:
    """TrimBox inside BleedBox inside MediaBox: a print shop's first check of a page."""
    from pikepdf import Name

    boxes = {}
    for key in (Name.MediaBox, Name.BleedBox, Name.TrimBox):
        if key not in page.obj:
            raise RenderError(f"print-shop page {number} has no {str(key)[1:]}; expected "
                              "TrimBox and BleedBox on every page")
        x0, y0, x1, y1 = (float(v) for v in page.obj[key])
        boxes[key] = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))

    def inside(inner, outer) -> bool:
        eps = 0.01
        return (inner[0] >= outer[0] - eps and inner[1] >= outer[1] - eps
                and inner[2] <= outer[2] + eps and inner[3] <= outer[3] + eps)

    if not (inside(boxes[Name.TrimBox], boxes[Name.BleedBox])
            and inside(boxes[Name.BleedBox], boxes[Name.MediaBox])):
        raise RenderError(f"print-shop page {number}: TrimBox {boxes[Name.TrimBox]}, BleedBox "
                          f"{boxes[Name.BleedBox]}, MediaBox {boxes[Name.MediaBox]}; expected "
                          "each inside the next")


def _linear_tints(doc) -> None:
    """ReportLab writes a spot colour's tint transform as a PostScript calculator function
    (tint × each ink); the same as an exponential function of exponent 1, which every RIP
    and preflight reads: swapped for one."""
    import pikepdf
    from pikepdf import Array, Dictionary, Name

    seen: set[tuple[int, int]] = set()
    for page in doc.pages:
        spaces = page.obj.get(Name.Resources, Dictionary()).get(Name.ColorSpace, Dictionary())
        for key in list(spaces.keys()):
            space = spaces[key]
            if not isinstance(space, Array) or len(space) != 4 or space[0] != Name.Separation:
                continue
            function = space[3]
            ident = function.objgen
            if ident in seen or not isinstance(function, pikepdf.Stream):
                continue
            if int(function.get(Name.FunctionType, 0)) != 4:
                continue
            inks = _calculator_inks(function.read_bytes().decode("latin-1"))
            if inks is None or space[2] != Name.DeviceCMYK:
                continue
            seen.add(ident)
            space[3] = doc.make_indirect(Dictionary(
                FunctionType=2, Domain=Array([0, 1]), C0=Array([0, 0, 0, 0]),
                C1=Array(inks), N=1))


def _calculator_inks(code: str) -> list[float] | None:
    """The four ink amounts at full tint of ReportLab's `{dup c mul exch …}` function."""
    tokens = code.strip().strip("{}").split()
    inks, i = [], 0
    try:
        while i < len(tokens) and len(inks) < 4:
            if tokens[i] == "dup":        # dup v mul exch
                inks.append(float(tokens[i + 1]))
                i += 4
            elif tokens[i] == "pop":      # pop 0.0 (the last ink at zero)
                inks.append(0.0)
                i += 2
            elif len(inks) == 3:          # v mul (the last ink)
                inks.append(float(tokens[i]))
                i += 2
            else:                         # 0.0 exch
                inks.append(float(tokens[i]))
                i += 2
    except (ValueError, IndexError):
        return None
    return inks if len(inks) == 4 else None


def _made_at() -> dt.datetime:
    """When the file was made, as ReportLab dates the other PDFs (`TimeStamp`: the time
    SOURCE_DATE_EPOCH names when it is set, for a reproducible build; else now), in UTC to
    the second."""
    from reportlab.lib.utils import TimeStamp
    return dt.datetime.fromtimestamp(int(TimeStamp().t), dt.timezone.utc)


def _xmp(meta: PressMeta, when: dt.datetime, producer: str, document: uuid.UUID) -> str:
    stamp = when.isoformat()
    # One entry, the Info dictionary's Author as it is: preflight checks that the two agree.
    creators = f"<rdf:li>{escape(meta.author)}</rdf:li>"
    description = (f"<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">"
                   f"{escape(meta.subject)}</rdf:li></rdf:Alt></dc:description>"
                   if meta.subject else "")
    rights = (f"<dc:rights><rdf:Alt><rdf:li xml:lang=\"x-default\">{escape(meta.rights)}"
              f"</rdf:li></rdf:Alt></dc:rights>" if meta.rights else "")
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(meta.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq>{creators}</rdf:Seq></dc:creator>
   {description}
   {rights}
   <dc:language><rdf:Bag><rdf:li>{escape(meta.language)}</rdf:li></rdf:Bag></dc:language>
   <pdf:Producer>{escape(producer)}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmp:CreatorTool>{CREATOR}</xmp:CreatorTool>
   <xmp:CreateDate>{stamp}</xmp:CreateDate>
   <xmp:ModifyDate>{stamp}</xmp:ModifyDate>
   <xmp:MetadataDate>{stamp}</xmp:MetadataDate>
   <xmpMM:DocumentID>uuid:{document}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
{" " * 2000}
<?xpacket end="w"?>"""
