"""Chapters' element trees to HTML, with abbreviations, rulings and cross-references linked,
and example boxes and figures (inline SVG) where the markers stand.

Text is escaped by the serialiser (python-markdown's raw HTML is disabled at parsing) and
jinja2 autoescapes the templates. Markdown can still set attributes (`{: onclick=… }`, attr
list) and write links to any URL, so the finished page goes through the sanitiser nh3 (the
Rust library ammonia) with an allow-list of exactly the tags and attributes the templates,
python-markdown and the diagrams write: no event handler, no script, no style attribute, no
element that loads anything (a chapter's image is an `<img>` whose only possible source is a
PNG, JPEG or SVG `data:` URI); links only to `#anchors`, `http(s):` and `mailto:`. For the
books as written the sanitised page has the same DOM as the page before sanitising
(tests/test_attacks.py checks it).

The page's type is the PDF's, embedded (fonts.py: WOFF2 subsets as data: URIs in the inline
stylesheet, put in before the sanitiser, which keeps the head's stylesheet as it is). Each
diagram is sized so that its smallest text is MIN_TEXT_PX on screen (`screen_size`); book.css
lets a named figure wider than its column leave it, and scroll sideways in its own box on a
screen narrower than itself. tests/test_accessibility.py checks the result with axe-core, and
the diagrams' text (contrast, size), in light and dark mode.
"""

from __future__ import annotations

import copy
import functools
import json
import re
import secrets
import xml.etree.ElementTree as ET

import jinja2
import nh3
from markdown.extensions.toc import slugify
from markupsafe import Markup, escape

from generator.core import palette
from generator.content.cardmarkup import card_xml
from generator.content.model import (GLOSSARY_ANCHOR, Book, Companion, figure_anchor,
                                     ruling_anchors)
from generator.diagrams.board import NEUTRAL_COLOURS
from generator.errors import RenderError
from generator.content.prose import ABBREVIATION, RULING_REFERENCE, heading_anchor, placed
from generator.examples.replay import at_step, position_shown, step_words
from generator.diagrams.words import BookWords
from generator.badges import badge_texts
from generator.core.typography import curl, curl_tree
from generator.core.i18n import long_date
from generator.core.labels import labels
from generator.diagrams.style import style_for
from generator.diagrams.table import costs_description, costs_drawing
from generator.diagrams.card_content import face_texts, reference_faces
from generator.html.fonts import PLACEHOLDER as FONTS_PLACEHOLDER, embed_fonts, page_characters

SVG_PROLOGUE = re.compile(r"^<\?xml[^>]*>\s*")


def page_colours(theme: palette.Theme) -> dict[str, str]:
    """The colours book.css is written with: the book's accent in light and dark mode and
    its tint, and the diagrams' colours it recolours (for contrast, and in dark mode)."""
    return {"ink": palette.INK, "muted": palette.MUTED, "accent": theme.accent,
            "accent_light": theme.accent_light, "accent_dark": theme.accent_on_dark,
            "panel": "#fff8e6",  # the costs card's face (diagrams/table.py)
            "player2": NEUTRAL_COLOURS[2], "player2_dark": "#b0561a"}


# --- the sanitiser's allow-list ---------------------------------------------------------------

#: What the templates (book.html.j2, position.html.j2) and python-markdown's extensions
#: (tables, attr_list, admonition, sane_lists, with raw HTML off) write in the body.
HTML_TAGS = {"a", "aside", "b", "blockquote", "br", "code", "dd", "div", "dl", "dt", "em",
             "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header",
             "hr", "i", "li", "main", "nav", "ol", "p", "pre", "section", "span", "strong",
             "table", "tbody", "td", "th", "thead", "tr", "ul",
             "img"}  # only with a data: URI of a checked PNG, JPEG or SVG (_attribute)
#: What the diagrams (generator/diagrams, through svgwrite) draw with, and the other plain
#: shapes and text of SVG; nothing that refers to another resource (no use, image, a,
#: foreignObject, pattern, filter, mask, script or style).
SVG_TAGS = {"svg", "defs", "g", "rect", "circle", "ellipse", "line", "polyline", "polygon",
            "path", "text", "tspan", "title"}
#: SVG presentation attributes: paint, lines and type. None of them takes a URL that can
#: leave the page (clip-path, mask, filter and marker-* are left out); the diagrams' colours
#: come from code, never from content.
SVG_PAINT = {"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
             "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin",
             "stroke-miterlimit", "opacity", "transform", "font-family", "font-size",
             "font-weight", "font-style", "text-anchor", "dominant-baseline", "letter-spacing"}
BODY_ATTRIBUTES = {
    "*": {"class", "id"},
    "a": {"href", "title"},            # title: an abbreviation's definition on hover
    "li": {"value"}, "ol": {"start"},  # example steps; sane_lists' numbered lists
    "nav": {"aria-label"},
    # A figure wider than the screen scrolls sideways in its own box (book.html.j2): in tab
    # order (tabindex 0, the only value `_attribute` keeps), a group named by its caption.
    "div": {"tabindex", "role", "aria-labelledby"},
    "img": {"src", "alt", "width", "height"},  # a chapter's image (content/images.py)
    "th": {"style"}, "td": {"style"},  # a table column's alignment (text-align only)
    "table": {"tabindex"},  # in tab order, so that a table wider than a phone scrolls by keys
    # `xlink` is how the parser names the xmlns:xlink declaration svgwrite writes.
    "svg": {"role", "baseProfile", "version", "viewBox", "width", "height", "xmlns",
            "xmlns:ev", "xlink"},
    "g": SVG_PAINT, "rect": SVG_PAINT | {"x", "y", "width", "height", "rx", "ry"},
    "circle": SVG_PAINT | {"cx", "cy", "r"}, "line": SVG_PAINT | {"x1", "y1", "x2", "y2"},
    "path": SVG_PAINT | {"d"}, "polygon": SVG_PAINT | {"points"},
    "ellipse": SVG_PAINT | {"cx", "cy", "rx", "ry"}, "polyline": SVG_PAINT | {"points"},
    "text": SVG_PAINT | {"x", "y", "dx", "dy"}, "tspan": SVG_PAINT | {"x", "y", "dx", "dy"},
}
#: data-* attributes carry the diagrams' semantics (data-resource, data-series…) for tests.
DATA_ATTRIBUTES = {"data-"}
LINK_SCHEMES = {"http", "https", "mailto"}
#: The one source an <img> may have: itself, as a PNG, JPEG or SVG data: URI, which is why
#: `data` is among the URL schemes the sanitiser lets through and `_attribute` drops it from
#: every other URL (a link to data:text/html would run script). An SVG shown through <img>
#: runs no script and loads nothing; its markup is never put in the page itself.
IMAGE_SOURCE = re.compile(r"data:image/(?:png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}\Z")
URL_ATTRIBUTES = {"href", "src"}
#: Attributes that only ever take one value: a diagram is an image; a figure's scroll box is
#: a group, in tab order.
FIXED_VALUES = {("svg", "role"): "img", ("div", "role"): "group", ("div", "tabindex"): "0",
                ("table", "tabindex"): "0"}
SPACE_AND_CONTROLS = re.compile(r"[\x00-\x20]+")
#: The head holds only the template's meta tags, the title and the inline stylesheet.
HEAD_TAGS = {"meta", "title", "style"}
HEAD_ATTRIBUTES = {"meta": {"charset", "name", "content"}}


#: The only other pages a page may link to: the edition's two (build.py BOOK_PAGE and
#: DOSSIER_PAGE), at an anchor or at their top.
COMPANION_LINK = re.compile(r"(index|dossier)\.html(#[\w.-]+)?")


def _same_page_only(url: str) -> str | None:
    """A URL without a scheme is kept only as a link within the page (`#anchor`) or to the
    edition's other page (`COMPANION_LINK`)."""
    return url if url.startswith("#") or COMPANION_LINK.fullmatch(url) else None


def _attribute(element: str, attribute: str, value: str) -> str | None:
    """An image's source only as IMAGE_SOURCE; no other URL may be a data: URI (browsers
    ignore spaces and controls inside a scheme: so does this check)."""
    if element == "img" and attribute == "src":
        return value if IMAGE_SOURCE.match(value) else None
    if (element, attribute) in FIXED_VALUES:
        return value if value == FIXED_VALUES[element, attribute] else None
    if attribute in URL_ATTRIBUTES and \
            SPACE_AND_CONTROLS.sub("", value).lower().startswith("data:"):
        return None
    return value


_BODY = nh3.Cleaner(tags=HTML_TAGS | SVG_TAGS, attributes=BODY_ATTRIBUTES,
                    generic_attribute_prefixes=DATA_ATTRIBUTES,
                    url_schemes=LINK_SCHEMES | {"data"}, attribute_filter=_attribute,
                    url_relative=_same_page_only, link_rel=None, strip_comments=True,
                    clean_content_tags={"script", "style"},
                    filter_style_properties={"text-align"})
_HEAD = nh3.Cleaner(tags=HEAD_TAGS, attributes=HEAD_ATTRIBUTES, clean_content_tags=set(),
                    link_rel=None, url_schemes=set(), strip_comments=True)
PAGE = re.compile(r"(?s)\A(<!doctype html>\s*<html lang=\"[^\"<>]*\">\s*<head>)(.*)"
                  r"(</head>\s*<body>)(.*)(</body>\s*</html>\s*)\Z")


def sanitise_page(page: str) -> str:
    """The page with its head and its body each run through the sanitiser; the skeleton
    around them (doctype, html, head, body) is the template's own."""
    parts = PAGE.match(page)
    if parts is None:
        raise RenderError("templates/book.html.j2: the page's skeleton (doctype, html, "
                          "head, body) is not the one render.PAGE expects")
    start, head, middle, body, end = parts.groups()
    return start + _HEAD.clean(head) + middle + _BODY.clean(body) + end


@functools.lru_cache(maxsize=16)
def _cached_environment(definitions: tuple[tuple[str, str], ...]) -> jinja2.Environment:
    """One environment per glossary, kept: it keeps its compiled templates, which a new
    environment would compile again on every build (a quarter of the page's time)."""
    return _environment(dict(definitions))


def _environment(definitions: dict[str, str]) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("generator.templates", ""),
                             autoescape=jinja2.select_autoescape(["html", "j2"]),
                             undefined=jinja2.StrictUndefined)

    def terms(text: str) -> Markup:
        """Link the abbreviations, for texts outside the chapters' trees: a plain text
        escaped first; Markup (a reference card's text with its <b>: the quick reference) read
        as the markup it is and linked between its tags, or left as it is if it is not
        well-formed."""
        if isinstance(text, Markup):
            try:
                paragraph = ET.fromstring(f"<span>{card_xml(text)}</span>")
            except ET.ParseError:
                return text
        else:
            paragraph = ET.Element("span")
            paragraph.text = str(text)
        curl_tree(paragraph)
        _link_tree(paragraph, definitions, {})
        inner = ET.tostring(paragraph, encoding="unicode", method="html")
        return Markup(inner[len("<span>"):-len("</span>")])

    env.filters["terms"] = terms
    # typographer's quotes for a content file's plain text (titles, notes); markup from a
    # chapter's tree has them already
    env.filters["typeset"] = lambda text: text if isinstance(text, Markup) else curl(str(text))
    # a glossary term's id, from its words as a heading's (stable while the term is)
    env.filters["anchor"] = lambda text: slugify(str(text), "-")
    return env


_LINKED_WORDS = re.compile(f"{ABBREVIATION.pattern}|{RULING_REFERENCE.pattern}")


def _link_text(parent: ET.Element, text: str, after: ET.Element | None,
               definitions: dict[str, str], rulings: dict[str, str]) -> None:
    """Split `text` (the text of `parent`, or the tail of `after`) around abbreviations and
    ruling ids, inserting links for them."""
    pieces, last = [], 0
    for match in _LINKED_WORDS.finditer(text):
        word = match.group(1) or match.group(2)
        if match.group(1) and word in definitions:
            link = ET.Element("a", {"href": f"#gl-{word}", "class": "term",
                                    "title": definitions[word]})
        elif match.group(2) and word in rulings:
            link = ET.Element("a", {"href": rulings[word], "class": "ruling"})
        else:
            continue
        link.text = word
        pieces.append((text[last:match.start()], link))
        last = match.end()
    if not pieces:
        return
    head = pieces[0][0]
    if after is None:
        parent.text = head
        index = 0
    else:
        after.tail = head
        index = list(parent).index(after) + 1
    for n, (_, link) in enumerate(pieces):
        link.tail = pieces[n + 1][0] if n + 1 < len(pieces) else text[last:]
        parent.insert(index + n, link)


def ruling_links(book: Book, companion: Companion) -> dict[str, str]:
    """Where a ruling's id («R07») leads: its entry on this page (the almanac's `#r07`, or
    the dossier's whole ruling, `#r07-fuente`), else the almanac on the other page."""
    anchors, links = book.anchors, {}
    for ruling in book.rulings:
        here = next((a for a in ruling_anchors(ruling.id) if a in anchors), None)
        there = next((a for a in ruling_anchors(ruling.id) if a in companion.pages), None)
        if here or there:
            links[ruling.id] = f"#{here}" if here else f"{companion.file}#{there}"
    return links


def _link_tree(element: ET.Element, definitions, rulings) -> None:
    for child in list(element):
        if child.tag not in ("a", "code"):
            _link_tree(child, definitions, rulings)
    if element.tag in ("a", "code", "h1", "h2", "h3"):
        return
    if element.text:
        _link_text(element, element.text, None, definitions, rulings)
    for child in list(element):
        if child.tail:
            _link_text(element, child.tail, child, definitions, rulings)


def _cross_references(element: ET.Element, anchors: dict[str, str], companion: Companion,
                      figure_numbers: dict[str, int]) -> None:
    """A link to a heading is a cross-reference; one to a heading of the other document
    (the player's book, the editor's dossier) leads to its page. A link to a figure prints
    its words and the figure's number («fig. 2»), as in print."""
    for link in element.iter("a"):
        href = link.get("href", "")
        if not href.startswith("#") or "class" in link.attrib:
            continue
        if href[1:] not in anchors and href[1:] in companion.pages:
            link.set("href", f"{companion.file}{href}")
        if href[1:] in anchors or href[1:] in companion.pages:
            link.set("class", "xref")
        if href[1:] in figure_numbers:
            number = f"\u00a0{figure_numbers[href[1:]]}"
            if len(link):
                link[-1].tail = (link[-1].tail or "") + number
            else:
                link.text = (link.text or "") + number


def _embed_images(element: ET.Element, images: dict) -> None:
    """A chapter's image figure (content/images.py) self-contained: the checked file as a
    data: URI, its caption as alt text and under it, its size for the page's layout."""
    for figure in element.iter("figure"):
        img = figure.find("img")
        if "image" not in figure.get("class", "").split() or img is None:
            continue
        image = images[img.get("src")]
        caption = img.get("alt", "")
        img.attrib.clear()
        img.attrib.update({"src": image.data_uri(), "alt": caption,
                           "width": str(round(image.width)), "height": str(round(image.height))})
        ET.SubElement(figure, "figcaption").text = caption


#: The smallest type of a diagram on screen, in CSS px: each SVG is given the size at which
#: its smallest text is this large (its print size if that is larger). A figure wider than
#: its column scrolls sideways in its box (book.css, .figure-scroll); an example's position,
#: laid out for a phone's width, shrinks to the width it has.
MIN_TEXT_PX = 12.0
PX_PER_MM = 96 / 25.4
SVG_TAG = re.compile(r"<svg\b([^>]*)>")
SVG_ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')
FONT_SIZE = re.compile(r'font-size="([\d.]+)"')
LENGTH = re.compile(r"([\d.]+)(mm|px)?\Z")


def screen_size(attributes: dict[str, str], svg: str) -> tuple[float, float]:
    """(width, height) in CSS px at which the drawing's smallest text is MIN_TEXT_PX, or its
    print size (its width in mm) if that is larger. Diagrams set their type in user units
    of the viewBox (millimetres at print size), untransformed."""
    _, _, box_w, box_h = (float(v) for v in attributes["viewBox"].split())
    width = LENGTH.match(attributes.get("width", ""))
    natural = (float(width.group(1)) * (PX_PER_MM if width.group(2) == "mm" else 1.0)
               if width else box_w * PX_PER_MM)
    sizes = [float(v) for v in FONT_SIZE.findall(svg) if float(v) > 0]
    legible = box_w * MIN_TEXT_PX / min(sizes) if sizes else 0.0
    shown = max(natural, legible)
    return shown, shown * box_h / box_w


def _inline_svg(svg: str, css_class: str, title: str = "") -> Markup:
    """A diagram's SVG for the page: an image (role img) with its own class and the one it
    plays here, sized in px for the screen (`screen_size`), with `title` as its text
    alternative if it has none of its own."""
    body = SVG_PROLOGUE.sub("", svg)
    tag = SVG_TAG.search(body)
    attributes = dict(SVG_ATTRIBUTE.findall(tag.group(1)))
    classes = [css_class, *attributes.pop("class", "").split()]
    width, height = screen_size(attributes, body)
    attributes.update(width=f"{width:.1f}", height=f"{height:.1f}")
    opening = "<svg " + " ".join([f'role="img" class="{" ".join(dict.fromkeys(classes))}"',
                                  *(f'{k}="{v}"' for k, v in attributes.items())]) + ">"
    rest = body[tag.end():]
    if title and not rest.lstrip().startswith("<title"):
        rest = f"<title>{escape(title)}</title>" + rest
    return Markup(body[:tag.start()] + opening + rest)


class _Drawings:
    """The page's diagrams, sanitised apart from it: they are three quarters of its bytes
    and of the sanitiser's time, and a rebuild in `rulebook watch` (one paragraph edited)
    draws the same ones again, so each is sanitised once per text (`_clean_drawing`). The
    page holds a token where each goes, a word made anew for every page, which no content
    can know, put back once the rest of the page is sanitised."""

    def __init__(self) -> None:
        self.key = secrets.token_hex(8)
        self.drawings: list[Markup] = []

    def inline(self, svg: str, css_class: str, title: str = "") -> Markup:
        """`_inline_svg`'s drawing, held back: its token in the page."""
        self.drawings.append(_inline_svg(svg, css_class, title))
        return Markup(f"drawing{self.key}n{len(self.drawings) - 1}x")

    def put_back(self, page: str, clean: bool = True) -> str:
        """`page` with each token replaced by its drawing, sanitised (or as drawn: to count
        the characters the page draws, `embed_fonts`)."""
        tokens = re.compile(rf"drawing{self.key}n(\d+)x")
        put = [0] * len(self.drawings)

        def drawing(found: re.Match) -> str:
            put[int(found.group(1))] += 1
            markup = self.drawings[int(found.group(1))]
            return _clean_drawing(markup) if clean else markup

        page = tokens.sub(drawing, page)
        if put != [1] * len(put):  # the sanitiser dropped or repeated a token: a bug
            raise RenderError(f"the page's diagrams were not put back once each ({put})")
        return page


class _Toolbar:
    """The page's bar (templates/toolbar.html.j2: the contents by section, the search field,
    the way back after a jump, the quick reference in one tap, the links to the files beside
    the page, and the box an abbreviation's definition opens in) and its scripts (MiniSearch,
    vendored, templates/search.js and toolbar.js): the program's own markup, which the
    sanitiser would strip like any script or relative link a book could hold. The page holds
    a token where each goes, a word made anew for every page that no content can know, put
    back once the page is sanitised."""

    def __init__(self, env: jinja2.Environment, words: dict[str, str], book: Book,
                 reference: bool, links: list[tuple[str, str, str]]) -> None:
        self.key = secrets.token_hex(8)
        self.parts = {}
        rulings = {anchor for ruling in book.rulings for anchor in ruling_anchors(ruling.id)}
        # every chapter with its sections; a chapter of rulings as one entry (the search
        # finds a ruling by its question)
        contents = [{"id": chapter.id, "title": curl(chapter.title),
                     "sections": [(anchor, curl(title)) for anchor, title in chapter.sections
                                  if anchor not in rulings]}
                    for chapter in book.chapters]
        contents.append({"id": GLOSSARY_ANCHOR, "title": words["glossary"], "sections": []})
        if reference:
            contents.append({"id": QUICK_REFERENCE, "title": words["quick_reference"],
                             "sections": []})
        for part in ("bar", "script"):
            self.parts[part] = env.get_template("toolbar.html.j2").render(
                part=part, words=words, script=Markup(_page_script()), links=links,
                contents=contents, reference=QUICK_REFERENCE if reference else "",
                strings=json.dumps({"none": words["search_none"], "one": words["search_one"],
                                    "many": words["search_many"], "copy": words["link_copy"],
                                    "copied": words["link_copied"],
                                    "little": words["search_little"].split(),
                                    "endings": words["search_endings"].split(),
                                    "synonyms": [group.split() for group in
                                                 words["search_synonyms"].split(";")
                                                 if group.split()]},
                                   ensure_ascii=False))

    def token(self, part: str) -> Markup:
        return Markup(f"toolbar{self.key}{part}x")

    def put_back(self, page: str) -> str:
        for part, markup in self.parts.items():
            page, count = re.subn(f"toolbar{self.key}{part}x", lambda _: markup, page)
            if count != 1:  # the sanitiser dropped or repeated a token: a bug
                raise RenderError(f"the page's bar ({part}) was not put back once ({count})")
        return page


#: The quick reference's anchor in the HTML edition (book.html.j2).
QUICK_REFERENCE = "referencia-rapida"


@functools.cache
def _page_script() -> str:
    """MiniSearch, the page's search and its bar, read once a process."""
    from importlib.resources import files
    folder = files("generator.templates")
    return "\n".join((folder / name).read_text(encoding="utf-8")
                     for name in ("vendor/minisearch.js", "search.js", "toolbar.js"))


@functools.lru_cache(maxsize=1024)
def _clean_drawing(markup: str) -> str:
    return _BODY.clean(markup)


def render_html(book: Book, replays: list, figures, companion: Companion | None = None,
                links: list[tuple[str, str, str]] = ()) -> str:
    """The edition's page: the player's book (index.html) or the editor's dossier
    (dossier.html), each linking to the other (`companion`). `links`: (address, text,
    language) of the files beside it a reader may want, in the bar at the top: its PDF, and
    its editions in other languages."""
    companion = companion or Companion()
    drawings = _Drawings()
    definitions = {a.abbr: curl(f"{a.term}: {a.definition}") for a in book.glossary.abbreviations}
    rulings = ruling_links(book, companion)
    anchors = book.anchors
    by_id = {r.example.id: r for r in replays}
    numbers = {"example": book.numbers("example"), "figure": book.numbers("figure")}
    figure_numbers = book.figure_numbers
    words = labels(book.meta.language)
    # the rulings that settle a section's rule, by the section's anchor: listed under its
    # heading, a question found from the rule as the rule is from the question
    related: dict[str, list] = {}
    for ruling in book.rulings:
        if ruling.id in rulings:
            related.setdefault(ruling.section, []).append(ruling)
    chapters = []
    for chapter in book.chapters:
        blocks = []
        level = 1  # of the last heading: an example's title is one level under it
        for element in chapter.tree:
            if re.fullmatch(r"h[1-6]", element.tag):
                level = int(element.tag[1])
            box = placed(element)
            if box:
                kind, item = box
                if kind in ("example", "scenario"):
                    scenario = kind == "scenario"  # numbered by its heading (scenario_list)
                    example = _example(by_id[item], None if scenario else numbers[kind][item],
                                       figures, words, drawings, scenario=scenario)
                    example["level"] = min(level + 1, 6)  # under the heading it follows
                    blocks.append(("example", example))
                else:
                    figure = figures.named[item]
                    blocks.append(("figure", {"number": numbers[kind][item],
                                              "anchor": figure_anchor(item),
                                              "name": figure.name,
                                              "caption": figure.caption,
                                              "svg": drawings.inline(
                                                  figure.svg, "figure figure-wide"
                                                  if figure.screen_svg else "figure",
                                                  _alternative(figure)),
                                              # a phone's layout, if it has one (book.css)
                                              "narrow": drawings.inline(
                                                  figure.screen_svg, "figure figure-narrow",
                                                  _alternative(figure))
                                              if figure.screen_svg else ""}))
                continue
            element = copy.deepcopy(element)
            _embed_images(element, book.images)
            if element.tag in ("h1", "h2", "h3"):
                element.set("id", heading_anchor(element, chapter.id))
            _link_tree(element, definitions, rulings)
            _cross_references(element, anchors, companion, figure_numbers)
            for table in element.iter("table"):  # it scrolls sideways on a phone (book.css):
                table.set("tabindex", "0")         # by keyboard too
            blocks.append(("html", Markup(ET.tostring(element, encoding="unicode",
                                                      method="html"))))
            if element.get("id") in related:
                blocks.append(("html", _related(related[element.get("id")], rulings,
                                                words["related_rulings"])))
        chapters.append({"id": chapter.id, "title": chapter.title, "blocks": blocks})
    env = _cached_environment(tuple(definitions.items()))
    reference = [] if book.meta.layout == "sheet" or book.dossier \
        else _quick_reference(book, drawings)
    toolbar = _Toolbar(env, words, book, bool(reference), list(links))
    page = env.get_template("book.html.j2").render(
                           book=book, meta=book.meta, chapters=chapters, words=words,
                           toolbar=toolbar, reference=reference, companion=companion,
                           glossary=book.glossary, colours=page_colours(book.theme),
                           badges=badge_texts(book.meta),
                           fonts_placeholder=Markup(FONTS_PLACEHOLDER),
                           date=long_date(book.meta.date, book.meta.language))
    # The fonts go in before the sanitiser, which keeps the stylesheet as it is.
    page = embed_fonts(page, page_characters(toolbar.put_back(drawings.put_back(page,
                                                                                clean=False))))
    return toolbar.put_back(drawings.put_back(sanitise_page(page)))


def _related(settled: list, rulings: dict[str, str], label: str) -> Markup:
    """The line under a section's heading that lists the rulings of its rule, each its id
    (a link to it) and its title: «Aclaraciones: R01 Coincidencia sin caballero»."""
    line = ET.Element("p", {"class": "related"})
    line.text = f"{label} "
    for n, ruling in enumerate(settled):
        link = ET.SubElement(line, "a", {"href": rulings[ruling.id], "class": "ruling"})
        link.text = ruling.id
        link.tail = f" {curl(ruling.title)}" + (" · " if n < len(settled) - 1 else "")
    return Markup(ET.tostring(line, encoding="unicode", method="html"))


def _alternative(figure) -> str:
    """A named figure's text alternative: its caption, and what it shows where the caption
    does not say it (`Figure.text`: the costs card's costs)."""
    return f"{figure.caption} {figure.text}" if figure.text else figure.caption


def _quick_reference(book: Book, drawings: _Drawings) -> list[dict]:
    """The reference cards' faces, as the PDF's quick reference sets them after the glossary
    (pdf/reference.py): a card's title, its texts (the card's markup: <b>) or its drawing.
    A page has no count to pad, so the HTML edition always has it when the book has cards.
    A costs card is the book's costs figure (diagrams/table.py), the same costs drawn for
    a page, whose colours book.css recolours in dark mode (the card's own drawing is made
    for paper only)."""
    out = []
    for face in reference_faces(book):
        entry = {"id": face.id, "title": face.title, "kind": face.kind, "svg": "",
                 "narrow": "", "texts": []}
        if face.kind == "costs":
            style, words = style_for(book.components, book.theme), BookWords.for_book(book)
            said = f"{face.title}: {costs_description(book.components, words)}"
            entry["svg"], entry["narrow"] = (
                drawings.inline(costs_drawing(book.components, style, words, marks=face.marks,
                                              stacked=stacked).tostring(),
                                f"figure figure-{'narrow' if stacked else 'wide'}", said)
                for stacked in (False, True))
        else:
            entry["texts"] = [Markup(text) for text in face_texts(book, face)]
        out.append(entry)
    return out


def _example(replay, number: int | None, figures, words: dict[str, str], drawings: _Drawings,
             scenario: bool = False) -> dict:
    """An example box's data: a position with a diagram (the solo engine's) is that diagram,
    its text alternative (the position's lines, as the SVG's <title>) and its caption; one
    without, its lines. Steps come told in sentences (`step_words`); `marker` is what marks
    a refused one: "×" before the engine's own "No puedes…", else the "× Not allowed:" label.
    A `scenario` (the dossier's, under its heading and summary) has no title or summary of
    its own, and shows the position its last step ends in."""
    per_step = figures.examples.get(replay.example.id, {}) if figures else {}
    adapter = replay.adapter

    def position(frame, label):
        figure = per_step.get(frame.step or 0)
        with at_step(replay.source, frame.step):  # where a plugin fails, as check says it
            lines = adapter.position_lines(frame.game)
        return {"label": label, "lines": lines,
                "svg": drawings.inline(figure.screen_svg or figure.svg, "position-diagram")
                if figure else None,
                "caption": figure.caption if figure else "",
                "status": figure.status if figure else ""}

    frames = replay.frames
    start = position(frames[0], words["at_start"])  # first: a failure is said in its order
    steps = []
    previous = frames[0].game
    for frame in frames[1:]:
        with at_step(replay.source, frame.step):
            text, whole = step_words(adapter, frame, previous)
        steps.append({"number": frame.step, "text": text, "rejected": frame.rejected,
                      "marker": "×" if whole else words["refused"], "note": frame.note,
                      "position": position(frame, f"{words['after_step']} {frame.step}")
                      if position_shown(replay, frame) else None})
        previous = frame.game
    return {"id": replay.example.id, "number": number,
            "title": None if scenario else replay.example.title,
            "summary": None if scenario else replay.example.summary,
            "start": start, "steps": steps,
            "unchecked": not getattr(adapter, "checked", True)}
