"""The book as a platypus story: cover, contents, chapters, glossary.

Chapters arrive as python-markdown element trees; each block element maps to a flowable and
each inline element to ReportLab's paragraph markup. Page numbers of cross-references come
from the previous layout pass (`pages`), which is why the story is a function of them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import cached_property, partial
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (CondPageBreak, Flowable, FrameBreak, KeepTogether,
                                ListFlowable, NextPageTemplate, PageBreak, Paragraph,
                                Spacer, Table, TableStyle)

from generator.core import palette
from generator.core.fonts import names
from generator.core.i18n import long_date
from generator.content.model import (GLOSSARY_ANCHOR, Book, Companion, figure_anchor,
                                     ruling_anchors)
from generator.content.conformance import scenario_numbers
from generator.content.prose import ABBREVIATION, RULING_REFERENCE, heading_anchor, placed
from generator.core.labels import labels
from generator.examples.replay import at_step, position_shown, step_words
from generator.badges import badge_texts
from generator.pdf.cover import CoverBadges, title_markup
from generator.draw.figures import MIN_TYPE, drawing, smallest_type
from generator.pdf.images import image_figure
from generator.pdf.makeup import (MOST_SHRINK, Box, BoxLook, FigureBlock, ItemList, Row,
                                  RowTable, Section, Shrinkable, box_pieces, floating,
                                  kept_with_next, lead_in)
from generator.pdf.paragraphs import Paragraph as _CachingParagraph
from generator.pdf.paragraphs import paragraph_cache
from generator.pdf.reference import REFERENCE_ANCHOR, pages_needed, quick_reference
from generator.core.typography import prose
from generator.draw.styles import Styles, bullet_list, color

#: The only links that leave the book: the web and e-mail (as in the HTML edition).
LINK_SCHEMES = re.compile(r"(?i)(https?|mailto):")
#: Tables set a cell font even when every cell is a Paragraph, and their default is fixed
#: when ReportLab is imported (Helvetica, unembedded), before our fonts are registered.
def table_base() -> list:
    """The cell font of a table: the book's sans (core/fonts.py `names`)."""
    return [("FONT", (0, 0), (-1, -1), names().sans)]
CONTENTS_ANCHOR = "indice"
PROVENANCE_ANCHOR = "procedencia"
#: ReportLab's padding on each side of a table cell, which our tables keep.
TABLE_PADDING = 6


def attribute(value: str) -> str:
    """A value for an attribute of ReportLab's paragraph markup, quotes included."""
    return escape(value, {'"': "&quot;"})


def glossary_anchor(abbr: str) -> str:
    return f"gl-{abbr}"


class Heading(_CachingParagraph):
    """A heading that the document bookmarks and whose page it records for references."""

    def __init__(self, text: str, style, anchor: str, level: int, chapter_title: str):
        super().__init__(f'<a name="{attribute(anchor)}"/>{text}', style)
        self.anchor = anchor
        self.level = level
        self.outline_title = "".join(ET.fromstring(f"<x>{text}</x>").itertext())
        self.chapter_title = chapter_title


@dataclass
class StoryContext:
    book: Book
    styles: Styles
    pages: dict[str, int]
    frame_width: float
    replays: dict = field(default_factory=dict)  # example id → Replay
    figures: object = None  # BookFigures
    draft: bool = False     # a measuring pass: figures as blank space of their size
    #: figures drawn this many times their print size (Geometry.scale: more on A4, Letter)
    scale: float = 1.0
    layout: object = field(default_factory=object)  # this layout pass, for paragraph_cache
    companion: Companion = field(default_factory=Companion)  # the other document

    def para(self, text: str, style) -> Paragraph:
        """A paragraph; one with the same text and style from an earlier pass or build is
        handed out again with its lines already broken (paragraphs.py)."""
        return paragraph_cache().get(text, style, self.layout)

    def heading(self, text: str, style, anchor: str, level: int, chapter_title: str):
        """A Heading, from the cache as `para` (the same text, anchor and chapter)."""
        return paragraph_cache().get(
            text, style, self.layout,
            make=lambda: Heading(text, style, anchor, level, chapter_title),
            kind=(Heading, anchor, level, chapter_title))

    def art(self, svg: str, max_width: float, max_height: float, scale: float = 1.0):
        """A figure at `scale` × the page's figure scale × its print size, shrunk to fit
        the box given; in a measuring pass, blank space of that size."""
        figure = drawing(svg, max_width, max_height, self.scale * scale)
        return Spacer(figure.width, figure.height) if self.draft else figure

    @property
    def words(self) -> dict[str, str]:
        return labels(self.book.meta.language)

    @cached_property
    def link_targets(self) -> set[str]:
        """Anchors a link from the prose may land on: chapters and their headings."""
        return set(self.book.anchors)

    @cached_property
    def figure_numbers(self) -> dict[str, int]:
        """`Book.figure_numbers`, read once a document (every internal link asks)."""
        return self.book.figure_numbers

    @cached_property
    def glossary_words(self) -> set[str]:
        return {entry.abbr for entry in self.book.glossary.abbreviations}

    def elsewhere(self, anchor: str) -> str | None:
        """Where a link to the other document's `anchor` leads, in words after the link's
        (no link can turn the other's pages): "book, p. 12", or the other's title."""
        if anchor not in self.companion.pages:
            return None
        page = self.companion.pages[anchor]  # "p." and its number never parted, as in a link
        called = self.companion.called or self.words["book"]
        return f'{called}, {self.words["page"]}\u00a0{page}' if page \
            else self.companion.title

    def page_of(self, anchor: str) -> str:
        page = self.pages.get(anchor)
        return str(page) if page else "?"


# --- inline --------------------------------------------------------------------------------

_INLINE_TAGS = {"strong": "b", "b": "b", "em": "i", "i": "i"}
#: The most words a label ending in a colon keeps on one line ("Games for ±5 points:" may
#: break).
LABEL_WORDS = 3


def inline(element: ET.Element, ctx: StoryContext, link_terms: bool = True) -> str:
    """ReportLab markup for the content of `element` (its text and inline children)."""
    parts = [_text(element.text, ctx, link_terms)]
    for child in element:
        parts.append(_inline_child(child, ctx, link_terms))
        parts.append(_text(child.tail, ctx, link_terms))
    return "".join(parts).strip()


def _inline_child(child: ET.Element, ctx: StoryContext, link_terms: bool) -> str:
    """Links and labels are never hyphenated (ReportLab's <nobr>): bold words ("Poblado:",
    "Perder la carta.") and words in italics that end in a colon ("Comprobado en:"). A short
    label that ends in a colon is not broken between its words either ("Comprobado / en:"
    read as two labels): its spaces are no-break spaces."""
    if child.tag in _INLINE_TAGS:
        tag = _INLINE_TAGS[child.tag]
        text = inline(child, ctx, link_terms)
        words = "".join(child.itertext()).rstrip()
        colon = words.endswith(":") or (child.tail or "").startswith(":")
        if colon and len(words.split()) <= LABEL_WORDS and "<" not in text:
            text = text.replace(" ", "\u00a0")
        label = tag == "b" or colon
        return f"<{tag}><nobr>{text}</nobr></{tag}>" if label else f"<{tag}>{text}</{tag}>"
    if child.tag == "code":
        return f'<font name="{names().sans}">{escape(child.text or "")}</font>'
    if child.tag == "br":
        return "<br/>"
    if child.tag == "a":
        href = child.get("href", "")
        text = inline(child, ctx, link_terms=False)
        link_color = ctx.styles.accent
        if href.startswith("#"):
            anchor = href[1:]
            suffix, here = _reference(anchor, ctx, ctx.page_of(anchor))
            if not here:  # the other document's, or set by {: href } (past the checks)
                return text + escape(suffix)
            return (f'<a href="#{attribute(anchor)}" color="{link_color}">'
                    f'<nobr>{text}{suffix}</nobr></a>')
        if not LINK_SCHEMES.match(href):  # javascript:, file:, data:… : the words alone
            return text
        if not re.search(r"[/@]", text):  # an address itself may break at its slashes
            text = f"<nobr>{text}</nobr>"
        return f'<a href="{attribute(href)}" color="{link_color}">{text}</a>'
    return inline(child, ctx, link_terms)


def _text(text: str | None, ctx: StoryContext, link_terms: bool) -> str:
    """Escaped text with typographer's quotes, abbreviations linked to the glossary and
    ruling ids to rulings."""
    if not text:
        return ""
    text = prose(text)
    if not link_terms:
        return text
    # Only to places that exist: a link to a missing destination stops ReportLab.
    text = ABBREVIATION.sub(
        lambda m: f'<a href="#{glossary_anchor(m.group(1))}" color="{palette.NOTE}">{m.group(1)}</a>'
        if m.group(1) in ctx.glossary_words else m.group(1), text)
    return RULING_REFERENCE.sub(lambda m: _ruling_link(m.group(1), ctx), text)


def _ruling_link(ruling: str, ctx: StoryContext) -> str:
    """A ruling's id linked to its entry in this document: the almanac's (`#r07`) or, in
    the editor's dossier, the whole ruling (`#r07-fuente`); else its words alone."""
    anchor = next((a for a in ruling_anchors(ruling) if a in ctx.link_targets), None)
    return f'<a href="#{anchor}" color="{palette.NOTE}">{ruling}</a>' if anchor else ruling


# --- blocks --------------------------------------------------------------------------------

SHORT_SECTION = 4  # blocks after a heading that are kept on the heading's page


def chapter_flowables(chapter, ctx: StoryContext) -> list[Flowable]:
    """A chapter's flowables, made up as a typesetter would (makeup.py): a chapter starts
    on a new page only in the foot of one; headings and lead-ins stay with what follows
    them; a short section is kept whole rather than split over a page, unless moving it
    would leave a big hole; a box or a figure that would leave one floats to the next page,
    the text after it filling this one."""
    flowables: list[Flowable] = [CondPageBreak(ctx.styles.h1.fontSize * 6)]
    section: list[Flowable] = []
    keep = partial(kept_with_next, width=ctx.frame_width)

    def close_section() -> None:
        only_text = all(isinstance(f, Paragraph) for f in section)
        if only_text and 1 < len(section) <= SHORT_SECTION + 1:
            flowables.append(Section(list(section), keep))
        else:
            flowables.extend(keep(section))
        section.clear()

    for element in chapter.tree:
        if element.tag in ("h1", "h2", "h3"):
            close_section()
        section.extend(block(element, ctx, chapter))
    close_section()
    return flowables[:1] + floating(flowables[1:])


def block(element: ET.Element, ctx: StoryContext, chapter) -> list[Flowable]:
    s = ctx.styles
    tag = element.tag
    if tag in ("h1", "h2", "h3"):
        level = int(tag[1]) - 1
        style = {0: s.h1, 1: s.h2, 2: s.h3}[level]
        anchor = heading_anchor(element, chapter.id)
        return [ctx.heading(inline(element, ctx, link_terms=False), style, anchor, level,
                            chapter.title)]
    if tag == "p":
        box = placed(element)
        if box and box[0] in ("example", "scenario"):
            return example_box(ctx.replays[box[1]], ctx, scenario=box[0] == "scenario")
        if box:
            return figure_block(box[1], ctx)
        paragraph = ctx.para(inline(element, ctx), s.body)
        if "".join(element.itertext()).rstrip().endswith(":"):  # it leads into what follows
            lead_in(paragraph)
        return [paragraph]
    if tag in ("ul", "ol"):
        return [list_flowable(element, ctx, chapter)]
    if tag == "table":
        return [table_flowable(element, ctx)]
    if _is_callout(element):
        return callout(element, ctx, chapter)
    if tag == "figure":  # a Markdown image (content/images.py, pdf/images.py)
        return image_figure(element, ctx)
    if tag == "hr":
        return [Spacer(1, s.body.leading)]
    return [ctx.para(inline(element, ctx), s.body)]


def list_flowable(element: ET.Element, ctx: StoryContext, chapter,
                  width: float | None = None) -> ListFlowable:
    """A list `width` wide (the frame's, or a box's inside). Every part of an item is
    printed, in its order: its words, paragraphs and lists, and a table, note or quote set to
    the item's width (they printed nowhere, and nor did the words of an item before its
    list when they began with bold or a link: the HTML edition showed them all)."""
    s = ctx.styles
    inside = (width or ctx.frame_width) - s.body.fontSize * 1.5  # bullet_list's indent
    items = []
    for li in element.findall("li"):
        content: list[Flowable] = []
        if not [c for c in li if c.tag in _ITEM_BLOCKS]:
            content.append(ctx.para(inline(li, ctx), s.bullet))
        else:
            words = _item_words(li)
            for child in li:
                if child.tag not in _ITEM_BLOCKS:
                    continue
                if words is not None:  # the item's words before its first block
                    content.append(ctx.para(words(ctx), s.bullet))
                    words = None
                if child.tag == "p":
                    content.append(ctx.para(inline(child, ctx), s.bullet))
                elif child.tag in ("ul", "ol"):
                    content.append(list_flowable(child, ctx, chapter, inside))
                elif child.tag == "table":
                    content.append(table_flowable(child, ctx, inside, keep=False))
                elif _is_callout(child):
                    content.extend(callout(child, ctx, chapter, inside))
                else:
                    content.extend(f for f in block(child, ctx, chapter)
                                   if not isinstance(f, (KeepTogether, PageBreak,
                                                         CondPageBreak)))
                if (child.tail or "").strip():  # words after a block, before the next
                    content.append(ctx.para(_text(child.tail.strip(), ctx, True), s.bullet))
        items.append(content)
    return bullet_list(items, s, ordered=element.tag == "ol", kind=ItemList)


#: What of a list item is a block of its own (a paragraph, a list, a table, a note, a quote,
#: code), not words of its first line.
_ITEM_BLOCKS = {"p", "ul", "ol", "table", "div", "blockquote", "pre", "hr", "figure"}


def _item_words(li: ET.Element):
    """The words an item opens with, before its first block, as a function of the story's
    context giving their markup; None if there are none. Its text alone is said as it
    always was; with words in bold, a link or code among them, all of them."""
    first = next(i for i, c in enumerate(li) if c.tag in _ITEM_BLOCKS)
    if first == 0:
        lead = li.text.strip() if li.text else ""
        return (lambda ctx: _text(lead, ctx, True)) if lead else None
    words = ET.Element("p")
    words.text = li.text
    words.extend(li[:first])
    return lambda ctx: inline(words, ctx)


def _printed(cell: ET.Element, ctx: StoryContext) -> tuple[str, list[str]]:
    """A cell's words as they print, and those that never break: a link within the
    document is set whole with its page («Opciones de la plataforma, p. 3», `_inline_child`),
    a link to the other document gains its place in words («(libro, p. 3)»). A page of this
    document is measured as two digits, known or not: both passes of the page numbers lay
    the table out alike."""
    text = " ".join("".join(cell.itertext()).split())
    whole = []
    for link in cell.iter("a"):
        href = link.get("href", "")
        if not href.startswith("#"):
            continue
        suffix, here = _reference(href[1:], ctx, "99")
        if here:
            whole.append(" ".join("".join(link.itertext()).split()) + suffix)
        text += suffix
    return text, whole


def _reference(anchor: str, ctx: StoryContext, page: str) -> tuple[str, bool]:
    """What a link to `anchor` prints after its words, and whether it is a link of this
    document, set whole with them: a figure's number («\u00a02») or the page («,
    p.\u00a012»); a link to the other document gains its place in words, which may break
    («(libro, p.\u00a03)»); anything else nothing."""
    if anchor not in ctx.link_targets:
        where = ctx.elsewhere(anchor)
        return (f" ({where})" if where else ""), False
    figure = ctx.figure_numbers.get(anchor)
    return (f"\u00a0{figure}" if figure else f", {ctx.words['page']}\u00a0{page}"), True


def _column_widths(element: ET.Element, width: float, ctx: StoryContext) -> list[float]:
    """Each column as wide as its longest word at least (a word is never broken inside a
    cell: «Piezas por jugador» wraps between its words, never as «Pieza/s por j/ugado/r»;
    a link within the document is one word with its page), the room left shared in
    proportion to what each column still needs to set its body's cells on one line (a head
    wraps between its words); a table whose words alone are wider than `width` shares it
    evenly, its first column (its names) a quarter. Measured in each cell's font (the
    head's is bold), as the cell prints (`_printed`)."""
    styles = ctx.styles
    need: dict[int, list[float]] = {}  # column → [longest word, longest cell], in points
    for tr in element.iter("tr"):
        for index, cell in enumerate(tr):
            style = styles.table_head if cell.tag == "th" else styles.table_cell
            text, whole = _printed(cell, ctx)
            measure = lambda t: stringWidth(t, style.fontName, style.fontSize)  # noqa: E731
            word = max((measure(w) for w in text.split() + whole), default=0.0)
            low, high = need.setdefault(index, [0.0, 0.0])
            # a head may wrap between its words: the body's cells say what a column needs
            body = 0.0 if cell.tag == "th" else measure(text)
            need[index] = [max(low, word), max(high, body)]
    columns = max(need) + 1 if need else 1
    if columns == 1:
        return [width]
    pad = 2 * TABLE_PADDING * CELL_SLACK
    least = [need.get(i, [0.0, 0.0])[0] * CELL_SLACK + pad for i in range(columns)]
    most = [max(need.get(i, [0.0, 0.0])[1] * CELL_SLACK + pad, low)
            for i, low in enumerate(least)]
    if sum(least) > width:
        first = 0.26
        return [width * first] + [width * (1 - first) / (columns - 1)] * (columns - 1)
    if sum(most) <= width:  # every cell on one line: the room left in proportion
        return [w * width / sum(most) for w in most]
    spare, wanted = width - sum(least), [m - low for m, low in zip(most, least)]
    return [low + spare * w / sum(wanted) for low, w in zip(least, wanted)]


#: The most rows (under its header) of a table that is never split over two pages: a reader
#: takes in a short table at a glance, and a publisher moves it whole.
KEPT_ROWS = 8

#: Room a cell's text is given over its measured width: inline bold and a justified
#: line's spacing take a little more than the cell's own font says.
CELL_SLACK = 1.06


def table_flowable(element: ET.Element, ctx: StoryContext, width: float | None = None,
                   keep: bool = True) -> Flowable:
    """A Markdown table; a row taller than a page (a very long cell) continues on the next
    page (`splitInRow`), a short table is kept on one page unless moving it would leave a
    big hole. `width`: inside a callout."""
    s = ctx.styles
    width = width or ctx.frame_width
    rows = []
    for tr in element.iter("tr"):
        cells = []
        for cell in tr:
            style = s.table_head if cell.tag == "th" else s.table_cell
            cells.append(ctx.para(inline(cell, ctx), style))
        rows.append(cells)
    if not rows:
        return Spacer(1, 0)
    columns = max(len(r) for r in rows)
    if columns == 0:
        return Spacer(1, 0)
    rows = [r + [""] * (columns - len(r)) for r in rows]
    widths = _column_widths(element, width, ctx)
    table = RowTable(rows, colWidths=widths, repeatRows=1 if len(rows) > 1 else 0,
                     hAlign="LEFT", splitInRow=1)
    # A column narrower than its paddings (many columns, in a list inside a note) keeps a
    # quarter of its width for each: ReportLab's 6 points a side left it none to print in.
    narrow = [("LEFTPADDING", (0, 0), (-1, -1), min(widths) / 4),
              ("RIGHTPADDING", (0, 0), (-1, -1), min(widths) / 4)] \
        if min(widths) < 4 * TABLE_PADDING else []
    table.setStyle(TableStyle(table_base() + [
        ("BACKGROUND", (0, 0), (-1, 0), color(s.accent)),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, color(s.theme.accent_light)]),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, color(s.accent)),
        ("INNERGRID", (0, 0), (-1, -1), 0.5, colors.white),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
    ] + narrow))
    # A table of at most KEPT_ROWS rows is never split; a longer one is kept on one page
    # unless that leaves a big hole, and then splits between rows, two or more on each
    # side, its header repeated (makeup.Section, makeup.RowTable).
    return Section([table, Spacer(1, s.body.spaceAfter)], whole=len(rows) - 1 <= KEPT_ROWS) \
        if keep else table


#: A callout's ink and fill by its kind; `None` is the book's accent and its tint (the
#: theme's), for warnings.
_CALLOUT_COLOURS = {
    "example": (palette.EXAMPLE, palette.EXAMPLE_LIGHT),
    "ejemplo": (palette.EXAMPLE, palette.EXAMPLE_LIGHT),
    "warning": None,
    "atencion": None,
}


def _is_callout(element: ET.Element) -> bool:
    return element.tag == "blockquote" or (
        element.tag == "div" and "admonition" in element.get("class", "").split())


def callout(element: ET.Element, ctx: StoryContext, chapter,
            width: float | None = None) -> list[Flowable]:
    """A boxed note or example; its kind (the admonition's class) picks the colours. A quote
    or note inside another is flattened into the outer box (its title kept as a line); an
    empty one (a line with only `>`) prints nothing. A box that does not fit continues on
    the next page between two of its paragraphs, under its title and "(cont.)" (makeup.py).
    """
    s = ctx.styles
    kinds = element.get("class", "").split()
    kind = next((k for k in kinds if k != "admonition"), "note")
    ink, fill = _CALLOUT_COLOURS.get(kind, (palette.NOTE, palette.NOTE_LIGHT)) or (
        s.accent, s.theme.accent_light)
    width = width or ctx.frame_width  # the frame's, or a list item's
    inner_width = width - 2 * 0.9 * s.body.fontSize
    content = _callout_content(element, ctx, chapter, ink, inner_width)
    if not content:
        return []
    title = next(("".join(child.itertext()).strip() for child in element if child.tag == "p"
                  and "admonition-title" in child.get("class", "")), "") or ctx.words["note"]
    rows = [Row([piece]) for f in content for piece in box_pieces(f)]
    if getattr(content[0], "_callout_title", False):
        rows[0].keep_with_next = True
    title_style = s.callout_title.clone("callout_title_k", textColor=color(ink))
    return _boxed(rows, ctx, ink, fill,
                  continued=f'{_shortened(title)} ({ctx.words["continued"]})',
                  title_style=title_style, width=width)


#: A box's title, repeated over each part of it that continues on another page, is cut after
#: this many characters (a title of a page or more was repeated whole on every page).
CONTINUED_TITLE = 120


def _shortened(title: str) -> str:
    if len(title) <= CONTINUED_TITLE:
        return title
    return title[:CONTINUED_TITLE].rsplit(" ", 1)[0].rstrip(" ,;:.") + "…"


def _callout_content(element: ET.Element, ctx: StoryContext, chapter, ink: str,
                     width: float) -> list[Flowable]:
    s = ctx.styles
    content: list[Flowable] = []
    for child in element:
        if child.tag == "p" and "admonition-title" in child.get("class", ""):
            text = inline(child, ctx)
            if text:
                title_style = s.callout_title.clone("callout_title_k", textColor=color(ink))
                content.append(ctx.para(text, title_style))
                content[-1]._callout_title = True
        elif child.tag == "p":
            text = inline(child, ctx)
            if text:
                content.append(ctx.para(text, s.callout_body))
        elif _is_callout(child):
            content.extend(_callout_content(child, ctx, chapter, ink, width))
        elif child.tag == "table":
            content.append(table_flowable(child, ctx, width, keep=False))
        elif child.tag in ("ul", "ol"):
            content.append(list_flowable(child, ctx, chapter, width))
        else:
            content.extend(f for f in block(child, ctx, chapter)
                           if not isinstance(f, (KeepTogether, PageBreak, CondPageBreak)))
    return content


def example_box(replay, ctx: StoryContext, scenario: bool = False) -> list[Flowable]:
    """A worked example as the engine replayed it: start, numbered steps, positions shown.
    A `scenario` (the dossier's list, under its heading and summary) has no title or
    summary of its own, and shows the position its last step ends in.

    A position the book has a diagram of (the solo engine's: the solo game's position.py) is that
    diagram between its label ("Tras el paso 2") and its caption (points and piles), kept
    together; an engine without diagrams prints its position lines instead. A step is told
    in sentences (`replay.step_words`), its note after it as sentences of its own.

    Each is a row of the box (makeup.Box): the box splits between two rows, never inside
    one, a step rather not from the position it leads to, and the part that continues on
    the next page is headed "Ejemplo N (cont.)"."""
    s = ctx.styles
    adapter = replay.adapter
    number = (scenario_numbers({one.example.id: one for one in ctx.book.scenarios})[
        replay.example.id] if scenario else ctx.book.numbers("example")[replay.example.id])
    figures = ctx.figures.examples.get(replay.example.id, {}) if ctx.figures else {}
    ink = palette.EXAMPLE
    title_style = s.callout_title.clone("example_title", textColor=color(ink))
    small = s.callout_body.clone("example_small", fontName=names().sans,
                                 fontSize=s.callout_body.fontSize * 0.95, spaceAfter=1.5)
    rows: list[Row] = [] if scenario else [
        Row([ctx.para(f'<a name="ej-{replay.example.id}"/>{ctx.words["example"]} {number} · '
                      f'{prose(replay.example.title)}', title_style)], keep_with_next=True),
        # the title and what the example shows stay with its start (or first step): never
        # alone at the foot of a page
        Row([ctx.para(_text(replay.example.summary, ctx, True), s.callout_body)],
            keep_with_next=True),
    ]
    if not getattr(adapter, "checked", True):  # examples: unchecked (book.yaml)
        rows.append(Row([ctx.para(f'<font color="{s.accent}">'
                                  f'{escape(ctx.words["example_unchecked"])}</font>', small)]))

    def position(game, step: int, label: str) -> None:
        """A position is one row of the box, read and kept whole: its diagram under its
        label with its caption, or its lines. An unchecked example prints none."""
        figure = figures.get(step)
        head = f'<font name="{names().sans_semibold}"><nobr>{label}</nobr></font>'
        if figure is not None:
            if figure.status:  # what the position waits for: "coincidencia por resolver"
                head += f' · <font color="{s.accent}">{escape(figure.status)}</font>'
            rows.append(_position_row(figure, head, ctx, small))
            return
        parts = adapter.position_lines(game)
        if not parts:
            return
        lines = [head] + [f'<font color="{palette.MUTED}"><nobr>{key}:</nobr></font> '
                          f'{_text(text, ctx, True)}' for key, text in parts]
        rows.append(Row([ctx.para("<br/>".join(lines), small)]))

    frames = replay.frames
    with at_step(replay.source, None):  # where a plugin's words fail, as check says it
        position(frames[0].game, 0, ctx.words["at_start"])
    previous = frames[0].game
    for frame in frames[1:]:
        with at_step(replay.source, frame.step):
            said, whole = step_words(adapter, frame, previous)
        said = _text(said, ctx, True)
        if frame.rejected:
            mark = "×" if whole else ctx.words["refused"]
            if not whole:
                said = said[0].lower() + said[1:]
            said = f'<font color="{s.accent}">{escape(mark)}</font> {said}'
        note = f" {_text(frame.note, ctx, True)}" if frame.note else ""
        rows.append(Row([ctx.para(f"<b>{frame.step}.</b> {said}.{note}", s.callout_body)],
                        avoid_after=position_shown(replay, frame), whole=True))
        if position_shown(replay, frame):
            with at_step(replay.source, frame.step):
                position(frame.game, frame.step, f"{ctx.words['after_step']} {frame.step}")
        previous = frame.game
    continued = f'{number if scenario else ctx.words["example"] + " " + str(number)} ' \
        f'({ctx.words["continued"]})'
    return _boxed(rows, ctx, ink, palette.EXAMPLE_LIGHT, continued=continued,
                  title_style=title_style)


def _position_row(figure, head: str, ctx: StoryContext, small) -> Row:
    """A position's diagram between its label and its caption: one row of the box. The
    diagram is drawn at the page's figure scale for the box's width; at the foot of a page
    it may be drawn a little smaller to fit (makeup.Shrinkable), never with type under
    6 pt."""
    s = ctx.styles
    width = ctx.frame_width - 2 * 0.9 * s.body.fontSize
    caption = small.clone("position_caption", textColor=color(palette.MUTED),
                          spaceBefore=1.5, spaceAfter=2.5)

    def content(scale: float) -> list[Flowable]:
        art = ctx.art(figure.svg, width * scale, ctx.frame_width * 1.2 * scale, scale)
        art.hAlign = "LEFT"
        return [ctx.para(head, small), Spacer(1, 1.5), art,
                ctx.para(_text(figure.caption, ctx, True), caption)]

    shown = content(1.0)
    art = shown[2]
    smallest = smallest_type(figure.svg, art.width)
    least = max(1 - MOST_SHRINK, MIN_TYPE / smallest) if smallest else 1.0
    return Row(shown, shrink=Shrinkable(content, art.height, least))


def figure_block(figure_id: str, ctx: StoryContext) -> list[Flowable]:
    """A numbered figure with its caption, kept on one page; it may float to the top of the
    next page, the text after it filling the hole it would leave (makeup.Float)."""
    s = ctx.styles
    figure = ctx.figures.named[figure_id]
    number = ctx.book.numbers("figure")[figure_id]
    # Laid out for this measure when the figure can be (the set-up: the solo game's setup.py).
    art = ctx.art(figure.svg_for(ctx.frame_width / mm), ctx.frame_width, ctx.frame_width * 1.1)
    caption = ctx.para(f'<a name="{figure_anchor(figure_id)}"/>'
                       f'<font name="{names().sans_semibold}" '
                       f'color="{s.accent}">{ctx.words["figure"]} {number}.</font> '
                       f"{_text(figure.caption, ctx, True)}", s.caption)
    return [FigureBlock([Spacer(1, s.body.fontSize * 0.3), art,
                         Spacer(1, s.body.fontSize * 0.4), caption,
                         Spacer(1, s.body.spaceAfter)])]


def _boxed(rows: list[Row], ctx: StoryContext, ink: str, fill: str, continued: str,
           title_style, width: float | None = None) -> list[Flowable]:
    """A tinted box with a coloured rule, one table row per `Row`, as one flowable that
    splits as a typesetter would (makeup.Box); the part that continues on the next page is
    headed by `continued` ("Ejemplo 6 (cont.)") in `title_style`."""
    s = ctx.styles
    pad = s.body.fontSize
    cont_style = title_style.clone("box_continued", spaceAfter=title_style.spaceAfter * 0.6)
    look = BoxLook(width=width or ctx.frame_width, ink=color(ink), fill=color(fill), pad=pad,
                   space_before=pad * 0.2, space_after=s.body.spaceAfter * 1.3,
                   line=s.callout_body.leading,
                   continued_title=lambda: ctx.para(escape(continued), cont_style))
    return [Box(rows, look)]


# --- front and back matter ------------------------------------------------------------------

def cover(ctx: StoryContext) -> list[Flowable]:
    """The front cover: the title (broken by sense or evenly, cover.py), subtitle, version
    and date, and the badges book.yaml gives (players, time, age); under them the book's
    emblem is drawn by the page (document.py). The credits and the edition note are on the
    back cover (`back_cover`). Page 2 is a left-hand page."""
    s, meta = ctx.styles, ctx.book.meta
    title = title_markup(meta.title, s.cover_title.fontName, s.cover_title.fontSize,
                         ctx.frame_width)
    badges = badge_texts(meta)
    return [
        Spacer(1, 38 * mm),
        ctx.para(title, s.cover_title),
        Spacer(1, 5 * mm),
        ctx.para(prose(meta.subtitle), s.cover_subtitle),
        *([Spacer(1, 6 * mm), ctx.para(escape(ctx.words["dossier"]), s.cover_subtitle)]
          if ctx.book.dossier else []),
        Spacer(1, 10 * mm),
        ctx.para(f'{ctx.words["version"]} {escape(meta.version)} · {long_date(meta.date, meta.language)}',
                  s.cover_small),
        *([Spacer(1, 8 * mm), CoverBadges(badges, s.body.fontSize, s.accent)] if badges else []),
        NextPageTemplate("left"),
        PageBreak(),
    ]


def contents(ctx: StoryContext) -> list[Flowable]:
    s = ctx.styles
    entries = [(c.id, c.title) for c in ctx.book.chapters]
    entries.append((GLOSSARY_ANCHOR, ctx.words["glossary"]))
    if REFERENCE_ANCHOR in ctx.pages:  # placed by the back matter in the pass before
        entries.append((REFERENCE_ANCHOR, ctx.words["quick_reference"]))
    if ctx.book.dossier:
        entries.append((PROVENANCE_ANCHOR, ctx.words["provenance"]))
    rows = []
    for anchor, title in entries:
        link = f'<a href="#{anchor}">{prose(title)}</a>'
        page = f'<a href="#{anchor}">{ctx.page_of(anchor)}</a>'
        rows.append([ctx.para(link, s.toc_chapter),
                     ctx.para(page, s.toc_chapter.clone("toc_page", alignment=2))])
    table = Table(rows, colWidths=[ctx.frame_width * 0.85, ctx.frame_width * 0.15])
    table.setStyle(TableStyle(table_base() + [
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, color(palette.RULE_LINE)),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ]))
    return [PageRole("front"),  # a page with its own title: no running head over it
            ctx.heading(escape(ctx.words["contents"]), s.h1, CONTENTS_ANCHOR, 0,
                        ctx.words["contents"]), table, PageBreak()]


def glossary(ctx: StoryContext) -> list[Flowable]:
    s, gl = ctx.styles, ctx.book.glossary
    title = ctx.words["glossary"]
    # it starts where a chapter would: on a new page only in the foot of one
    out: list[Flowable] = [CondPageBreak(s.h1.fontSize * 6),
                           ctx.heading(escape(title), s.h1, GLOSSARY_ANCHOR, 0, title)]
    sections = [("abbreviations", "glosario-abreviaturas", [
        (f'<a name="{glossary_anchor(entry.abbr)}"/>{escape(entry.abbr)}'
         f'<font name="{names().sans}" color="{palette.INK}"> — {prose(entry.term)}</font>',
         _text(entry.definition, ctx, False)) for entry in gl.sorted_abbreviations]),
        ("terms", "glosario-terminos", [(prose(entry.term), _text(entry.definition, ctx, True))
                                        for entry in gl.sorted_terms])]
    for words, anchor, entries in sections:
        for n, (term, definition) in enumerate(entries):
            # A section's heading goes with its first entry: never alone at a page's foot.
            heading = [ctx.heading(escape(ctx.words[words]), s.h2, anchor, 1, title)] \
                if n == 0 else []
            out.append(KeepTogether(heading + [ctx.para(term, s.glossary_term),
                                               ctx.para(definition, s.glossary_definition)]))
    return out


def book_story(ctx: StoryContext) -> list[Flowable]:
    """A rulebook: cover, contents page (unless book.yaml says `contents: false`), chapters,
    glossary, then the back matter: notes pages to make the page count right, and the back
    cover (`back_matter`). A figure never floats past the next chapter's opening
    (makeup.floating): it stays in its chapter."""
    story = cover(ctx) + (contents(ctx) if ctx.book.meta.contents_page else [])
    for chapter in ctx.book.chapters:
        story.extend(chapter_flowables(chapter, ctx))
    story.extend(glossary(ctx))
    story.extend(dossier_back_matter(ctx) if ctx.book.dossier else back_matter(ctx))
    return story


def dossier_back_matter(ctx: StoryContext) -> list[Flowable]:
    """A dossier's end, as a book's (`back_matter`): its provenance on a page of its own,
    notes pages as many as the count needs, the back cover last; so that it prints
    double-sided and binds like the player's book, its credits and rights line outside. A
    provenance taller than a page (credits by the hundred) cannot be counted before it is
    laid out: it then ends the dossier, with no back cover."""

    def make(page: int, frame: float, width: float, canv,
             signature: int) -> tuple[list[Flowable], int | None]:
        content = provenance(ctx)
        pages = pages_needed([KeepTogether(content[1:])], frame, width, canv)
        if not pages:
            return content, None
        page += pages
        pads = -(page + 1) % signature  # pages between the provenance and the back cover
        total = page + pads + 1
        paper = [f for _ in range(pads) for f in notes_page(ctx)]
        return content + paper + back_cover(ctx, total), total

    return [BackMatter(make)]


def provenance(ctx: StoryContext) -> list[Flowable]:
    """A dossier's provenance page: what it was made from and by what (the companion's
    rows: edition, content digest, generator, build date, what the engine replayed), the
    credits and the rights line: what a publisher checks before trusting the rest."""
    s, meta = ctx.styles, ctx.book.meta
    title = ctx.words["provenance"]
    rows = [(escape(label), prose(value)) for label, value in ctx.companion.provenance]
    rows += [(prose(c.role), prose(c.who)) for c in meta.credits]
    table = Table([[ctx.para(f"<b>{label}</b>", s.body), ctx.para(value, s.body)]
                   for label, value in rows],
                  colWidths=[ctx.frame_width * 0.32, ctx.frame_width * 0.68])
    table.setStyle(TableStyle(table_base() + [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, color(palette.RULE_LINE)),
        ("LEFTPADDING", (0, 0), (0, -1), 0)]))
    return [PageBreak(), ctx.heading(escape(title), s.h1, PROVENANCE_ANCHOR, 0, title), table,
            *([Spacer(1, s.body.fontSize), ctx.para(prose(meta.rights), s.body)]
              if meta.rights else [])]


# --- page make-up: roles, notes pages, back cover -------------------------------------------

class _Marker(Flowable):
    """A flowable of no size that the document reads when it lays it out (document.py)."""

    _ZEROSIZE = True

    def wrap(self, availWidth, availHeight):
        return 0, 0

    def draw(self) -> None:
        pass


class PageRole(_Marker):
    """What the page it lands on is, for its running head: "front" (the contents page) and
    "notes" pages carry their own title and no running head; their folio stays."""

    def __init__(self, role: str):
        super().__init__()
        self.page_role = role


class BackMatter(_Marker):
    """The end of a rulebook's content. Read on the content's last page (document.py), it is
    replaced by `make(page, frame, width, canv, signature)`: the back matter after page
    `page` (a text frame `frame` tall and `width` wide, a page of its own for each part),
    laid out so that the count is a multiple of `signature` (4 on A5: a saddle-stitched booklet),
    and that count, which the back cover prints (None: there is no back cover, and the
    count is what is laid out)."""

    def __init__(self, make):
        super().__init__()
        self.make = make


class RuledLines(Flowable):
    """Writing lines across the measure, filling the rest of the frame: a notes page; with
    `columns` ((heading, share of the width), …), a log: the headings on the first line,
    each column ruled off from the next."""

    def __init__(self, spacing: float, colour, columns: list[tuple[str, float]] = (),
                 font: tuple[str, float] | None = None, ink=None):
        super().__init__()
        font = font or (names().sans_semibold, 9)
        self.spacing = spacing
        self.colour = colour
        self.columns = list(columns)
        self.font = font
        self.ink = ink

    def wrap(self, availWidth, availHeight):
        self.width, self.height = availWidth, max(availHeight, self.spacing)
        return self.width, self.height

    def split(self, availWidth, availHeight):
        return []

    def draw(self) -> None:
        canv = self.canv
        canv.saveState()
        canv.setStrokeColor(self.colour)
        canv.setLineWidth(0.4)
        y = self.height - self.spacing
        bottom = y
        while y >= -0.01:
            canv.line(0, y, self.width, y)
            bottom = y
            y -= self.spacing
        x = 0.0
        if self.columns:
            canv.setFont(*self.font)
            canv.setFillColor(self.ink)
        for n, (heading, share) in enumerate(self.columns):
            canv.drawString(x + 1.5, self.height - self.spacing + self.spacing * 0.3, heading)
            x += share * self.width
            if n < len(self.columns) - 1:
                canv.line(x, bottom, x, self.height - self.spacing * 0.1)
        canv.restoreState()


class AtFoot(Flowable):
    """Its flowables stacked at the foot of the frame, whatever room is left above them."""

    def __init__(self, content: list[Flowable]):
        super().__init__()
        self.content = content

    def wrap(self, availWidth, availHeight):
        self._sizes = [f.wrap(availWidth, availHeight) for f in self.content]
        self._need = sum(h for _, h in self._sizes) + sum(
            f.getSpaceAfter() for f in self.content[:-1])
        self.width, self.height = availWidth, max(availHeight, self._need)
        return self.width, self.height

    def split(self, availWidth, availHeight):
        return []

    def draw(self) -> None:
        top = self._need
        for flowable, (_, height) in zip(self.content, self._sizes):
            top -= height
            flowable.drawOn(self.canv, 0, top)
            top -= flowable.getSpaceAfter()


NOTES_LINE_SPACING = 8 * mm  # a notebook's ruling


def log_page(ctx: StoryContext) -> list[Flowable]:
    """The first page the count pads with: a log of the games played, ruled in columns
    (the date, the points, or the players and their points, the title they give where the
    book has scores, notes), as players keep one beside a game; not in the contents (it is
    paper, not text)."""
    s, words = ctx.styles, ctx.words
    solo = ctx.book.meta.players == 1
    columns = [(words["log_date"], 0.2), (words["log_points"], 0.14) if solo
               else (words["log_players"], 0.42)]
    if ctx.book.scores:
        columns.append((words["log_title"], 0.28))
    columns.append((words["notes"], 1 - sum(share for _, share in columns)))
    return _paper_page(ctx, words["game_log"], RuledLines(
        NOTES_LINE_SPACING, color(palette.RULE_LINE), columns,
        (names().sans_semibold, s.body.fontSize * 0.9), color(s.accent)))


def notes_page(ctx: StoryContext) -> list[Flowable]:
    """A page of ruled lines for the player's notes, under its title (not in the contents or
    the bookmarks: it is paper, not text)."""
    return _paper_page(ctx, ctx.words["notes"],
                       RuledLines(NOTES_LINE_SPACING, color(palette.RULE_LINE)))


def _paper_page(ctx: StoryContext, title: str, lines: Flowable) -> list[Flowable]:
    """A padding page of paper (a notes page, the game log): its title, with no running
    head and out of the contents, over `lines` ruled to the foot."""
    style = ctx.styles.h1.clone("notes_title", keepWithNext=0, spaceBefore=0)
    return [PageBreak(), PageRole("notes"), ctx.para(escape(title), style), lines]


def back_cover(ctx: StoryContext, total: int) -> list[Flowable]:
    """The back cover, page `total` (the last): the title again, the edition note as its
    blurb, and at the foot the credits, the rights line (whose the game and its marks are:
    a print shop's and a publisher's first look) and the edition line (version, date, page
    count). Its accent bands are drawn by the page (document.py)."""
    s, meta = ctx.styles, ctx.book.meta
    words = ctx.words
    title = s.cover_title.clone("back_title", fontSize=s.cover_title.fontSize * 0.62,
                                leading=s.cover_title.leading * 0.62, alignment=0)
    subtitle = s.cover_subtitle.clone("back_subtitle", fontSize=s.cover_subtitle.fontSize * 0.8,
                                      leading=s.cover_subtitle.leading * 0.8, alignment=0,
                                      spaceBefore=s.body.fontSize * 0.3)
    blurb = s.body.clone("back_blurb", fontSize=s.body.fontSize * 1.05,
                         leading=s.body.leading * 1.05, spaceBefore=s.body.fontSize * 1.6,
                         hyphenationLang="")
    small = s.cover_small.clone("back_small", alignment=0, spaceAfter=s.body.fontSize * 0.5)
    credits = "<br/>".join(f"<b>{prose(c.role)}:</b> {prose(c.who)}" for c in meta.credits)
    edition = (f'{words["version"]} {escape(meta.version)} · '
               f'{escape(long_date(meta.date, meta.language))} · {total} {words["pages"]}')
    flowables: list[Flowable] = [NextPageTemplate("back"), PageBreak(),
                                 ctx.para(prose(meta.title), title)]
    if meta.subtitle:
        flowables.append(ctx.para(prose(meta.subtitle), subtitle))
    if ctx.book.dossier:
        flowables.append(ctx.para(escape(words["dossier"]), subtitle))
    if meta.edition_note:
        flowables.append(ctx.para(prose(meta.edition_note), blurb))
    foot = ([ctx.para(credits, small)] if credits else []) + (
        [ctx.para(prose(meta.rights), small)] if meta.rights else []) + [
        ctx.para(f'<font name="{names().sans_semibold}" color="{s.accent}">{edition}</font>',
                 small)]
    flowables.append(AtFoot(foot))
    return flowables


def back_matter(ctx: StoryContext) -> list[Flowable]:
    """The pages after the glossary, chosen on purpose (`BackMatter`): the quick reference
    (reference.py) on pages of its own, found and photocopied as one (the production
    review of issue 32: run on under the glossary, it shared a page and a running head with
    it); notes pages as many as the count still needs; the back cover as the last page."""

    def make(page: int, frame: float, width: float, canv,
             signature: int) -> tuple[list[Flowable], int]:
        reference = quick_reference(ctx)
        pages = pages_needed(reference, frame, width, canv)
        out: list[Flowable] = [PageBreak()] + reference if pages else []
        page += pages
        pads = -(page + 1) % signature  # pages between this one and the back cover
        total = page + pads + 1
        paper = [log_page(ctx)] + [notes_page(ctx) for _ in range(pads - 1)] if pads else []
        return (out + [f for page in paper for f in page]
                + back_cover(ctx, total)), total

    return [BackMatter(make)]


# --- a rules sheet ------------------------------------------------------------------------------

def title_block(ctx: StoryContext, width: float) -> Flowable:
    """A sheet's title block, across the page: title and subtitle on the left, the edition
    (version and date) on the right, over an accent rule. One flowable, so that the page's
    title frame can be made exactly its height."""
    s, meta = ctx.styles, ctx.book.meta
    edition = ctx.para(f'{ctx.words["version"]} {escape(meta.version)}<br/>'
                       f'{escape(long_date(meta.date, meta.language))}',
                       s.cover_small.clone("sheet_edition", alignment=2))
    titles = [ctx.para(prose(meta.title), s.cover_title)]
    if meta.subtitle:
        titles.append(ctx.para(prose(meta.subtitle), s.cover_subtitle))
    table = Table([[titles, edition]], colWidths=[width * 0.72, width * 0.28])
    table.setStyle(TableStyle(table_base() + [
        ("VALIGN", (0, 0), (0, 0), "TOP"),
        ("VALIGN", (1, 0), (1, 0), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), s.body.fontSize * 0.55),
        ("LINEBELOW", (0, 0), (-1, 0), 1.2, color(s.accent)),
    ]))
    return table


def sheet_glossary(ctx: StoryContext) -> list[Flowable]:
    """The glossary inline, compact: one run-in entry a line (term, then its definition,
    lines after the first indented), abbreviations first, under one heading."""
    s, gl = ctx.styles, ctx.book.glossary
    title = ctx.words["glossary"]
    out: list[Flowable] = [CondPageBreak(s.h1.fontSize * 4),
                           ctx.heading(escape(title), s.h1, GLOSSARY_ANCHOR, 0, title)]
    term_font = f'<font name="{names().sans_semibold}" color="{s.accent}">'
    for entry in gl.sorted_abbreviations:
        out.append(ctx.para(
            f'<a name="{glossary_anchor(entry.abbr)}"/>{term_font}{escape(entry.abbr)}</font> '
            f'({prose(entry.term)}) — {_text(entry.definition, ctx, False)}',
            s.glossary_definition))
    for entry in gl.sorted_terms:
        out.append(ctx.para(f'{term_font}{prose(entry.term)}</font> — '
                            f'{_text(entry.definition, ctx, True)}', s.glossary_definition))
    return out


def colophon(ctx: StoryContext) -> list[Flowable]:
    """Credits, the edition note and the rights line, small, at the end of a sheet."""
    s, meta = ctx.styles, ctx.book.meta
    credits = " · ".join(f"<b>{prose(c.role)}:</b> {prose(c.who)}" for c in meta.credits)
    text = "<br/>".join(part for part in (credits, prose(meta.edition_note),
                                          prose(meta.rights)) if part)
    if not text:
        return []
    rule = Table([[""]], colWidths=[ctx.frame_width * 0.3], rowHeights=[1], hAlign="LEFT")
    rule.setStyle(TableStyle(table_base() + [
        ("LINEABOVE", (0, 0), (-1, 0), 0.6, color(palette.RULE_LINE))]))
    return [Spacer(1, s.body.fontSize * 0.8),
            KeepTogether([rule, Spacer(1, s.body.fontSize * 0.3),
                          ctx.para(text, s.cover_small)])]


def _headings_kept_with_sections(flowables: list[Flowable]) -> list[Flowable]:
    """A heading followed by a section kept together (a lone "Aclaraciones" before its first
    ruling) joins that section: ReportLab's keepWithNext cannot reach into a KeepTogether,
    and the heading would be left alone at the foot of a column."""
    out: list[Flowable] = []
    for flowable in reversed(flowables):
        if (isinstance(flowable, Heading) and out and isinstance(out[-1], KeepTogether)):
            out[-1] = KeepTogether([flowable] + list(out[-1]._content))
        else:
            out.append(flowable)
    return out[::-1]


def sheet_story(ctx: StoryContext, title: Flowable) -> list[Flowable]:
    """A sheet: its title block (`title_block`, in the page's title frame), then the
    chapters flowing through the columns, the glossary inline and the credits."""
    story: list[Flowable] = [title, FrameBreak()]
    for chapter in ctx.book.chapters:
        flowables = chapter_flowables(chapter, ctx)
        if flowables and isinstance(flowables[0], CondPageBreak):
            # A chapter is a section of the sheet: it needs room for its heading and a few
            # lines, not for most of a page.
            flowables[0] = CondPageBreak(ctx.styles.h1.fontSize * 5)
        # A box is read whole on one side of a sheet, its steps beside its positions (a
        # column too short for it moves it on): a box split over the sheet's two sides
        # turned the sheet over mid-example. (One taller than a column still splits.)
        flowables = [KeepTogether([f]) if isinstance(f, Box) else f for f in flowables]
        story.extend(_headings_kept_with_sections(flowables))
    story.extend(sheet_glossary(ctx))
    story.extend(colophon(ctx))
    return story
