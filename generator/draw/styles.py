"""Paragraph styles of the rulebook, sized from the page so A5 and A4 both read well."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, ListFlowable, ListItem

from generator.core import palette
from generator.core.fonts import face_name, names, register_fonts
from generator.draw.hyphenation import hyphenation_style


def color(hex_value: str) -> colors.Color:
    return colors.HexColor(hex_value)


def bullet_list(items: list[Flowable | list[Flowable]], s: "Styles",
                ordered: bool, kind: type[ListFlowable] = ListFlowable) -> ListFlowable:
    """A list as the book sets it: bullets, or numbers ("1."), in the accent, hung from the
    body's indent. Chapters' lists (story.py, `kind`: one that splits as a typesetter
    would, pdf/makeup.ItemList) and the quick reference's (reference.py)."""
    return kind(
        [ListItem(item) for item in items], bulletType="1" if ordered else "bullet",
        start=None if ordered else "•",
        bulletFontName=names().sans_semibold if ordered else names().sans,
        bulletFontSize=s.body.fontSize * (0.9 if ordered else 1),
        bulletColor=color(s.accent), leftIndent=s.body.fontSize * 1.5,
        bulletFormat="%s." if ordered else None, spaceAfter=s.body.spaceAfter)


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    body_first: ParagraphStyle
    bullet: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    callout_title: ParagraphStyle
    callout_body: ParagraphStyle
    table_head: ParagraphStyle
    table_cell: ParagraphStyle
    toc_chapter: ParagraphStyle
    toc_section: ParagraphStyle
    cover_title: ParagraphStyle
    cover_subtitle: ParagraphStyle
    cover_small: ParagraphStyle
    glossary_term: ParagraphStyle
    glossary_definition: ParagraphStyle
    running: ParagraphStyle
    caption: ParagraphStyle
    #: The book's colours and ornament: what is drawn in its accent (rules, table heads,
    #: bullets, links) takes it from here, as the headings do.
    theme: palette.Theme = palette.NEUTRAL

    @property
    def accent(self) -> str:
        return self.theme.accent


def make_styles(base_size: float, language: str, theme: palette.Theme = palette.NEUTRAL) -> Styles:
    register_fonts()
    s = base_size
    lead = s * 1.38
    # Ragged right, hyphenated: ReportLab places link rectangles as if lines were not
    # justified, so justified text would shift every glossary link off its word. Words are
    # broken sparingly, by the book's policy (hyphenation.py).
    body = ParagraphStyle(
        "body", fontName=names().serif, fontSize=s, leading=lead, alignment=TA_LEFT,
        textColor=color(palette.INK), spaceAfter=s * 0.55,
        # No widow (a paragraph's last line alone atop a page) nor orphan (its first alone
        # at a page's foot): ReportLab moves a line over instead (its default allows widows).
        allowWidows=0, allowOrphans=0,
        embeddedHyphenation=1, uriWasteReduce=0.3, bulletFontName=names().sans,
        **hyphenation_style(language))
    heading = dict(fontName=names().sans_semibold, textColor=color(theme.accent),
                   alignment=TA_LEFT,
                   keepWithNext=1, hyphenationLang="")
    return Styles(
        theme=theme,
        body=body,
        body_first=ParagraphStyle("body_first", parent=body),
        bullet=ParagraphStyle("bullet", parent=body, spaceAfter=s * 0.2),
        h1=ParagraphStyle("h1", fontSize=s * 1.85, leading=s * 2.2, spaceBefore=s * 1.4,
                          spaceAfter=s * 0.7, **heading),
        h2=ParagraphStyle("h2", fontSize=s * 1.3, leading=s * 1.6, spaceBefore=s * 0.9,
                          spaceAfter=s * 0.35, **heading),
        h3=ParagraphStyle("h3", fontSize=s * 1.08, leading=s * 1.35, spaceBefore=s * 0.7,
                          spaceAfter=s * 0.25, **{**heading, "textColor": color(palette.INK)}),
        callout_title=ParagraphStyle("callout_title", fontName=names().sans_semibold,
                                     fontSize=s * 0.95,
                                     leading=s * 1.25, spaceAfter=s * 0.25,
                                     textColor=color(palette.NOTE)),
        callout_body=ParagraphStyle("callout_body", parent=body, fontSize=s * 0.93,
                                    leading=s * 1.28, spaceAfter=s * 0.35),
        table_head=ParagraphStyle("table_head", fontName=names().sans_semibold, fontSize=s * 0.88,
                                  leading=s * 1.1, textColor=colors.white),
        table_cell=ParagraphStyle("table_cell", fontName=names().sans, fontSize=s * 0.88,
                                  leading=s * 1.12, textColor=color(palette.INK)),
        toc_chapter=ParagraphStyle("toc_chapter", fontName=names().sans_semibold, fontSize=s * 1.02,
                                   leading=s * 1.55, textColor=color(palette.INK)),
        toc_section=ParagraphStyle("toc_section", fontName=names().sans, fontSize=s * 0.9,
                                   leading=s * 1.3, leftIndent=s * 1.2,
                                   textColor=color(palette.MUTED)),
        cover_title=ParagraphStyle("cover_title", fontName=names().sans_semibold, fontSize=s * 3.1,
                                   leading=s * 3.5, alignment=TA_CENTER,
                                   textColor=color(theme.accent)),
        cover_subtitle=ParagraphStyle("cover_subtitle", fontName=face_name(names().serif, italic=True),
                                      fontSize=s * 1.6, leading=s * 2.1, alignment=TA_CENTER,
                                      textColor=color(palette.INK)),
        cover_small=ParagraphStyle("cover_small", fontName=names().sans, fontSize=s * 0.85,
                                   leading=s * 1.2, alignment=TA_CENTER,
                                   textColor=color(palette.MUTED)),
        glossary_term=ParagraphStyle("glossary_term", fontName=names().sans_semibold, fontSize=s,
                                     leading=s * 1.3, textColor=color(theme.accent)),
        glossary_definition=ParagraphStyle("glossary_definition", parent=body,
                                           spaceAfter=s * 0.2, alignment=TA_LEFT),
        running=ParagraphStyle("running", fontName=names().sans, fontSize=s * 0.75,
                               textColor=color(palette.MUTED)),
        caption=ParagraphStyle("caption", fontName=names().sans, fontSize=s * 0.85,
                               leading=s * 1.15,
                               alignment=TA_CENTER, textColor=color(palette.MUTED)),
    )


def sheet_styles(base_size: float, language: str,
                 theme: palette.Theme = palette.NEUTRAL) -> Styles:
    """A rules sheet's styles: the rulebook's body and boxes at the sheet's size, with
    headings a step smaller (a chapter is a section of the sheet, not a new page), tighter
    spacing, and a compact title block and glossary."""
    s = base_size
    styles = make_styles(s, language, theme)
    heading = dict(fontName=names().sans_semibold, textColor=color(theme.accent),
                   alignment=TA_LEFT,
                   keepWithNext=1, hyphenationLang="")
    body = ParagraphStyle("sheet_body", parent=styles.body, leading=s * 1.25,
                          spaceAfter=s * 0.4)
    return dataclasses.replace(
        styles,
        body=body,
        body_first=ParagraphStyle("sheet_body_first", parent=body),
        bullet=ParagraphStyle("sheet_bullet", parent=body, spaceAfter=s * 0.15),
        h1=ParagraphStyle("sheet_h1", fontSize=s * 1.5, leading=s * 1.75, spaceBefore=s * 0.9,
                          spaceAfter=s * 0.35, **heading),
        h2=ParagraphStyle("sheet_h2", fontSize=s * 1.17, leading=s * 1.4, spaceBefore=s * 0.75,
                          spaceAfter=s * 0.2, **heading),
        h3=ParagraphStyle("sheet_h3", fontSize=s * 1.04, leading=s * 1.3, spaceBefore=s * 0.55,
                          spaceAfter=s * 0.15, **{**heading, "textColor": color(palette.INK)}),
        callout_body=ParagraphStyle("sheet_callout_body", parent=styles.callout_body,
                                    leading=s * 1.22, spaceAfter=s * 0.3),
        cover_title=ParagraphStyle("sheet_title", fontName=names().sans_semibold, fontSize=s * 2.5,
                                   leading=s * 2.75, alignment=TA_LEFT,
                                   textColor=color(theme.accent)),
        cover_subtitle=ParagraphStyle("sheet_subtitle", fontName=face_name(names().serif, italic=True),
                                      fontSize=s * 1.3, leading=s * 1.6, alignment=TA_LEFT,
                                      textColor=color(palette.INK)),
        cover_small=ParagraphStyle("sheet_small", fontName=names().sans, fontSize=s * 0.88,
                                   leading=s * 1.15, alignment=TA_LEFT,
                                   textColor=color(palette.MUTED)),
        glossary_definition=ParagraphStyle("sheet_glossary_definition", parent=body,
                                           fontSize=s * 0.93, leading=s * 1.2,
                                           spaceAfter=s * 0.3, leftIndent=s * 0.9,
                                           firstLineIndent=-s * 0.9),
    )


