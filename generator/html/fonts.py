"""The HTML edition's type: WOFF2 subsets of the PDF's own fonts, embedded in the page.

The faces are the TrueType files the PDF embeds (generator/core/fonts.py: the book's own, or
the PyPI packages font-source-serif-pro and font-source-sans-pro), cut down with fontTools to
the characters the page contains and compressed as WOFF2 (brotli). Each becomes an `@font-face` rule whose
source is a `data:` URI, in the page's inline stylesheet: the page fetches nothing and is
set in the same type on every machine, whatever fonts it has.

Only the faces the stylesheet asks for are embedded (`faces`); a weight or style it does not
list (bold italic, sans italic) would be synthesised by the browser from the nearest face.
Every face gets the page's whole character set: narrower sets per face would need the
browser's style resolution to be exact, and cost a few kilobytes less.

Subsetting and compressing take some 240 ms a face, so each result is kept, by face and
character set: for the life of the process, and in the cache between builds
(generator/core/cache.py): a rebuild whose text brings no new character reuses it. The
font's own name records are kept (copyright, licence: the SIL Open Font License); the page's
CSS names the families.
"""

from __future__ import annotations

import base64
import functools
import html
import io
import logging
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from generator.core.cache import digest, kept
from generator.core.typefaces import Typefaces, current
from generator.errors import RenderError

#: The CSS families (book.css uses these): the text's and the labels', by their role, as
#: the faces behind them are the book's own or Source Serif Pro and Source Sans Pro.
SERIF = "Rulebook Text"
SANS = "Rulebook Labels"


@dataclass(frozen=True)
class Face:
    family: str      # the CSS family name (book.css uses these)
    weight: int
    style: str       # normal or italic
    file: str        # the TrueType file, as the PDF embeds it


def faces(typefaces: Typefaces) -> tuple[Face, ...]:
    """What book.css sets: serif body text, its italic (em, the subtitle) and bold (strong,
    b); sans headings (bold), titles and labels (semibold), tables, captions and the
    diagrams' text (regular, bold)."""
    text, labels = typefaces.text, typefaces.labels
    return (Face(SERIF, 400, "normal", text.regular), Face(SERIF, 400, "italic", text.italic),
            Face(SERIF, 700, "normal", text.bold), Face(SANS, 400, "normal", labels.regular),
            Face(SANS, 600, "normal", labels.semibold), Face(SANS, 700, "normal", labels.bold))


#: Characters the browser may draw that are not in the page's text: list numbers and
#: bullets (::marker), the hyphen of `hyphens: auto` (U+2010, or U+002D where a font lacks
#: it), the ellipsis of a clipped line, the spaces, and the number sign of the link that the
#: page's script puts beside each heading (templates/toolbar.js).
ALWAYS = set("0123456789.-#\u2010\u2022\u25e6\u25aa\u2026 \u00a0")
#: The name records kept in a subset: family and style names, version, the copyright,
#: trademark and licence notices (the OFL asks that they travel with the font).
NAME_IDS = (0, 1, 2, 3, 4, 5, 6, 7, 13, 14)


_BODY = re.compile(r"(?s)<body\b.*")
_NOT_DRAWN = re.compile(r"(?is)<(title|style|script)\b[^>]*>.*?</\1\s*>")
_TAG = re.compile(r"(?s)<[^>]*>")


def page_characters(page: str) -> frozenset[str]:
    """Every character the page draws: its body's text, SVG text included (an SVG's <title>
    is a text alternative, never drawn, and is left out like the page's own title). Text is
    escaped in the page, so dropping the tags leaves it whole; should an attribute hold a
    raw `>`, the rest of it counts as text: a character too many, never one too few."""
    body = _BODY.search(page)
    text = html.unescape(_TAG.sub(" ", _NOT_DRAWN.sub(" ", body.group(0) if body else page)))
    return frozenset(c for c in set(text) | ALWAYS
                     if unicodedata.category(c)[0] != "C")  # no controls, no newlines


#: The subset's recipe (woff2_subset's options), part of its cache key: changed with them.
RECIPE = "woff2, unhinted, no layout tables, name records " + repr(NAME_IDS)


@functools.lru_cache(maxsize=64)
def woff2_subset(file: str, characters: frozenset[str]) -> bytes:
    """The font file cut down to `characters`, unhinted, as WOFF2; kept in the cache
    (core/cache.py) by the font's bytes, the characters and the recipe, so that the next
    build of a page whose characters did not change takes it from there."""
    import fontTools

    text = "".join(sorted(characters))
    key = digest(RECIPE, fontTools.version, Path(file).read_bytes(), text)
    return kept("fonts", key, lambda: _subset(file, text))


def _subset(file: str, text: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont, newTable

    # A table the subsetter does not know (a designer's font: DejaVu's FFTM) is dropped, as
    # it should be, with a warning on the terminal that is no concern of the user's.
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)

    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False  # a fifth of the bytes; browsers smooth the outlines themselves
    # No OpenType layout: the PDF sets the text with ReportLab, which applies no ligature
    # and no kerning, and so does the page. It also halves the time (the layout tables are
    # most of the subsetter's work) and takes a fifth off the bytes.
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern"]
    # The face's own date stays in the subset (pyftsubset's default), not the build's: a
    # subset is the same bytes whenever it is made, so the cache may hand it to any build.
    font = TTFont(file, lazy=True, recalcTimestamp=False)
    # The subsetter walks every layout table to find the name records they point to, a
    # third of its time; the records kept here (NAME_IDS) are none of those, so the name
    # table is set aside and put back cut to them.
    names = [record for record in font["name"].names if record.nameID in NAME_IDS]
    del font["name"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    table = newTable("name")
    table.names = names
    font["name"] = table
    out = io.BytesIO()
    subset.save_font(font, out, options)
    return out.getvalue()


def font_faces_css(characters: frozenset[str]) -> str:
    """The @font-face rules of every face the page sets (`faces` of the typefaces in use:
    the book's own, core/fonts.py `in_use`), each with its subset as a data: URI."""
    rules = []
    for face in faces(current()):
        data = base64.b64encode(woff2_subset(face.file, characters)).decode("ascii")
        rules.append(f'@font-face {{ font-family: "{face.family}"; font-weight: {face.weight}; '
                     f'font-style: {face.style}; font-display: block; '
                     f'src: url(data:font/woff2;base64,{data}) format("woff2"); }}')
    return "\n".join(rules)


#: Where the template leaves room for the rules in the inline stylesheet (book.html.j2).
PLACEHOLDER = "/* @font-face: generator/html/fonts.py */"
_PLACEHOLDER = re.compile(re.escape(PLACEHOLDER))


def embed_fonts(page: str, characters: frozenset[str] | None = None) -> str:
    """The page with the @font-face rules of its own characters (or of `characters`, those
    of the page it stands for) in its stylesheet."""
    css = font_faces_css(page_characters(page) if characters is None else characters)
    page, count = _PLACEHOLDER.subn(lambda _: css, page, count=1)
    if count != 1:
        raise RenderError("templates/book.html.j2: the stylesheet has no place for "
                           f"the fonts ({PLACEHOLDER!r})")
    return page
