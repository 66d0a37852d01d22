"""The make-up rules on hand-made flowables and tiny stories: boxes, leads, tables, holes, the
quick reference's run-on and the hyphenator, each rule by itself."""

from __future__ import annotations

import pytest

from generator.core import palette
from generator.content.loader import load_book
from generator.draw.hyphenation import LEFT, RIGHT, Hyphenation
from generator.pdf.makeup import SMALL_HOLE, Box, BoxLook, Row, RowTable, Shrinkable
from generator.pdf.paragraphs import Paragraph
from generator.draw.styles import color, make_styles
from repo import book_folders


def _look(ctx_width: float = 300.0) -> BoxLook:
    styles = make_styles(9.6, "es")
    return BoxLook(width=ctx_width, ink=color(palette.EXAMPLE), fill=color(palette.NOTE_LIGHT),
                   pad=9.6, line=12.0,
                   continued_title=lambda: Paragraph("Ejemplo 1 (cont.)", styles.callout_title))


class _Frame:
    def __init__(self, height: float, at_top: bool = False):
        self._aH = height
        self._atTop = at_top


def _rows(heights: list[float]) -> list[Row]:
    from reportlab.platypus import Spacer
    return [Row([Spacer(10, h)], keep_with_next=(n == 0)) for n, h in enumerate(heights)]


def _split(box: Box, room: float, frame: float = 500.0) -> list:
    box._frame = _Frame(frame)
    try:
        return box.split(300, room)
    finally:
        del box._frame


def _laid_out(flowable, room: float, at_top: bool = False) -> list:
    """What `flowable.split` hands back at the foot of a 500 pt frame with `room` left,
    without the no-ops ReportLab's containers put before what they return."""
    from reportlab.platypus.doctemplate import NullActionFlowable
    flowable._frame, flowable.canv = _Frame(500.0, at_top), None
    try:
        parts = flowable.split(300, room)
    finally:
        del flowable._frame, flowable.canv
    return [f for f in parts if not isinstance(f, NullActionFlowable)]


def _lines(paragraph) -> int:
    paragraph.wrap(300, 1000)
    return len(paragraph.blPara.lines)


def _height_of(flowables) -> float:
    return sum(f.wrap(300, 1000)[1] for f in flowables)


def _table(rows: int) -> RowTable:
    return RowTable([["Recurso", "Cartas"]] + [[f"r{n}", str(n)] for n in range(rows)],
                    colWidths=[150, 150], rowHeights=[20] * (rows + 1), repeatRows=1)


def _body_rows(table) -> list[str]:
    return [row[0] for row in table._cellvalues[1:]]


def test_the_quick_reference_takes_pages_of_its_own():
    """Three cards of 200 pt: two pages of their own (two cards on the first of a 500 pt
    frame), one on a 650 pt frame (it never runs on under the last text: 2026-12-08); none
    without cards, or with a card taller than a page (it could not be counted)."""
    import io
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import KeepTogether, Spacer
    from generator.pdf.reference import pages_needed
    cards = [KeepTogether([Spacer(10, 200)]) for _ in range(3)]
    canv = Canvas(io.BytesIO())
    assert pages_needed(cards, 650, 300, canv) == 1
    assert pages_needed(cards, 500, 300, canv) == 2
    assert pages_needed([], 500, 300, canv) == 0
    assert pages_needed([KeepTogether([Spacer(10, 600)])], 500, 300, canv) == 0


def test_a_box_moves_whole_only_over_a_small_hole():
    box = Box(_rows([20, 30, 150, 30, 150]), _look())
    assert _split(box, SMALL_HOLE * 500 - 5) == []  # a small hole: the box moves on
    parts = _split(box, 240)                        # a big one: it is split
    first, rest = parts[0], parts[-1]
    assert len(first.rows) == 3 and first.open_end and not first.continued
    assert rest.continued and len(rest.rows) == 1 + 2  # its title, then the rows left
    assert rest.rows[0].keep_with_next


def test_a_diagram_is_drawn_a_little_smaller_to_fit_the_room_left():
    """A position's row may shrink its diagram by `MOST_SHRINK` at most (never under its
    `least`, which keeps its type at 6 pt) to end the box on this page; short by more, the
    box is split before it."""
    from reportlab.platypus import Spacer
    made = []

    def make(scale: float) -> list:
        made.append(scale)
        return [Spacer(10, 100 * scale)]

    rows = _rows([20, 30]) + [Row([Spacer(10, 100)], shrink=Shrinkable(make, 100, 0.9))]
    total = Box(rows, _look()).wrap(300, 1000)[1]
    parts = _split(Box(rows, _look()), total - 6)
    assert len(parts) == 1 and 0.9 <= made[-1] <= 0.94, made  # the whole box, shrunk
    assert parts[0].wrap(300, 1000)[1] <= total - 6
    made.clear()
    parts = _split(Box(rows, _look()), total - 15)
    assert all(scale >= 0.9 for scale in made)
    assert len(parts[0].rows) == 2 and parts[-1].continued  # split before the diagram


def test_a_figure_floats_into_its_subsections_but_never_past_its_sections_end():
    """Review M3: the set-up figure floated past «El turno» into the next chapter. A figure
    may let the text after it fill its hole, subsections too (a heading under its own), but
    never past the next heading of its own section's level or higher: it stays with the
    text that cites it."""
    from reportlab.platypus import Spacer
    from generator.pdf.makeup import FigureBlock, Float, floating
    from generator.pdf.story import Heading
    styles = make_styles(9.6, "es")

    def heading(text: str, level: int) -> Heading:
        return Heading(text, styles.h2 if level == 2 else styles.h3, text.lower(), level, "C")
    figure = FigureBlock([Spacer(10, 300)])
    text = [Paragraph(f"Texto {n}.", styles.body) for n in range(4)]
    steps, sub, turn = heading("Preparar", 2), heading("Detalle", 3), heading("El turno", 1)
    made = floating([steps, text[0], figure, text[1], sub, text[2], turn, text[3]])
    floated = made[2]
    assert isinstance(floated, Float) and floated.box is figure
    assert floated.followers == [text[1], sub, text[2]]
    assert made[3:] == [turn, text[3]]
    made = floating([steps, figure, text[1], heading("Otra sección", 2), text[2]])
    assert made[1].followers == [text[1]] and made[2].outline_title == "Otra sección"


def test_a_box_never_continues_with_its_final_position_alone():
    """Review: six of the solo book's continued examples held only their final position
    overleaf («Ejemplo 7 (cont.)», «Tras el paso 4» and its diagram), its step on the page
    before. A break that leaves only positions for the part overleaf costs a line more:
    here, with a two-line last step, the box breaks before it, and it goes over with its
    position."""
    from reportlab.platypus import Spacer

    def position(height: float) -> Row:
        return Row([Spacer(10, height)],
                   shrink=Shrinkable(lambda scale: [Spacer(10, height * scale)], height, 0.99))
    rows = [Row([Spacer(10, 20)], keep_with_next=True), Row([Spacer(10, 30)], avoid_after=True),
            position(150), Row([Spacer(10, 28)], avoid_after=True), position(150)]
    parts = _split(Box(rows, _look()), 260)  # room for the last step, not its position
    assert len(parts[0].rows) == 3 and parts[-1].continued  # the title, step 1, position 1


def test_a_short_step_goes_over_with_the_step_before_rather_than_alone():
    """Review of issue 32: «Ejemplo 12 (cont.)» held its second step alone, the first one on
    the page before. A continued part that holds a single step of the box's two or more costs
    two lines more: here the one-line first step goes over too, and the part overleaf holds
    both steps (a longer step still goes over alone, where moving it costs more blank)."""
    from reportlab.platypus import Spacer
    rows = [Row([Spacer(10, 20)], keep_with_next=True), Row([Spacer(10, 60)]),
            Row([Spacer(10, 12)], whole=True), Row([Spacer(10, 30)], whole=True,
                                                   avoid_after=True), Row([Spacer(10, 60)])]
    box = Box(rows, _look())
    box.wrap(300, 1000)
    room = sum(box._table._rowHeights[:3]) + 4  # title, start and step 1; not step 2
    parts = _split(box, room)
    assert len(parts) == 3 and len(parts[0].rows) == 2, [len(p.rows) for p in parts[::2]]
    assert sum(row.whole for row in parts[-1].rows) == 2


def test_a_box_is_never_split_after_its_title():
    box = Box(_rows([20, 300, 100]), _look())
    assert _split(box, 200) == []  # only the title would fit: the box moves on


def test_an_examples_title_and_summary_stay_with_its_start():
    """Review: eleven examples left their title and summary alone at the foot of a page,
    their start overleaf. The summary is kept with the next row like the title: the box
    splits after the start at the earliest, and the summary is not split by its lines
    either (the box moves on)."""
    from reportlab.platypus import Spacer
    styles = make_styles(9.6, "es")
    summary = Paragraph(" ".join(["Lo que muestra el ejemplo."] * 40), styles.callout_body)
    rows = [Row([Spacer(10, 20)], keep_with_next=True), Row([summary], keep_with_next=True),
            Row([Spacer(10, 150)]), Row([Spacer(10, 80)]), Row([Spacer(10, 150)])]
    height = summary.wrap(_look().width - 2 * 0.9 * 9.6, 1000)[1]  # in the box
    assert _split(Box(rows, _look()), 20 + height + 100) == []  # the start does not fit
    assert _split(Box(rows, _look()), 20 + height / 2) == []    # nor the whole summary
    parts = _split(Box(rows, _look()), 20 + height + 190)
    assert len(parts[0].rows) == 3 and parts[-1].continued     # after the start


def test_a_lead_in_splits_over_a_page_with_its_end_kept_with_what_it_leads_into():
    """A heading and a four-line lead-in with no room for the first lines of the list
    after it: the heading and two lines end the page, the lead-in's last two lines go over
    with the list (never one line on either side)."""
    from reportlab.platypus import ListFlowable, ListItem
    from reportlab.platypus.doctemplate import _FrameBreak
    from generator.pdf.makeup import Lead, lead_in
    styles = make_styles(9.6, "es")
    heading = Paragraph("El turno", styles.h1)
    text = lead_in(Paragraph("Cada turno colocas una carta de tu mano en la serie. " * 4
                             + "Sigue estos pasos:", styles.body))
    assert _lines(text) == 4
    steps = ListFlowable([ListItem(Paragraph("Coloca una carta de tu mano. " * 5,
                                             styles.bullet))])
    lead = Lead([heading, text], steps)
    room = _height_of([heading]) + styles.h1.spaceAfter + 3 * styles.body.leading
    first, rest = _laid_out(lead, room)
    assert first._content[0] is heading and _lines(first._content[1]) == 2
    assert isinstance(rest, Lead) and _lines(rest.leaders[0]) == 2 and rest.follower is steps
    short = lead_in(Paragraph("Sigue estos pasos, en este orden:", styles.body))
    assert isinstance(_laid_out(Lead([heading, short], steps), room)[0], _FrameBreak)


def test_a_heading_is_never_left_with_one_line_under_it_at_a_page_foot():
    """Review: solo p. 18 ended on «Caballero a pie» and its one sentence, the list it
    opens overleaf. A one-line paragraph right under a heading is one of its leaders when
    text follows: with room for the heading and that line only, both go over with the
    list; a longer paragraph is no leader (its own lines keep the heading company), nor is
    one before a figure, which floats by its own rules."""
    from reportlab.platypus import ListFlowable, ListItem, Spacer
    from reportlab.platypus.doctemplate import _FrameBreak
    from generator.pdf.makeup import FigureBlock, Lead, kept_with_next
    from generator.pdf.story import Heading
    styles = make_styles(9.6, "es")
    heading = Heading("Caballero a pie", styles.h2, "caballero-a-pie", 2, "C")
    line = Paragraph("Ponlo junto a la carta robada y roba una carta más.", styles.body)
    assert _lines(line) == 1
    steps = ListFlowable([ListItem(Paragraph("Mismo recurso: el caballero falla. " * 4,
                                             styles.bullet)) for _ in range(2)])
    made = kept_with_next([heading, line, steps], width=300)
    assert len(made) == 1 and made[0].leaders == [heading, line] and made[0].follower is steps
    room = _height_of([heading, line]) + styles.h2.spaceAfter + 6
    assert isinstance(_laid_out(made[0], room)[0], _FrameBreak)  # all three go over
    longer = Paragraph("Ponlo junto a la carta robada y roba una carta más. " * 3, styles.body)
    assert [type(f) for f in kept_with_next([heading, longer, steps], width=300)] \
        == [Lead, ListFlowable]
    figure = FigureBlock([Spacer(10, 100)])
    assert kept_with_next([heading, line, figure], width=300)[0].follower is line
    assert kept_with_next([heading, line, steps])[0].follower is line  # no width: as before


def test_a_lists_last_item_never_goes_over_alone_on_one_line():
    """Review: catan-para-dos p. 7 opened on a lone bullet, «Si la reserva no tiene
    bastantes…», its list on the page before. With room for all its items but a last one
    of one line, the item before it goes over too; a last item of two lines or more may go
    over alone (it is no widow). A list of two items is never parted (the solo book's «Dos
    consejos», one tip each side of p. 41): it goes over whole, unless it opens the page or
    an item is longer than three lines."""
    from reportlab.platypus.doctemplate import _FrameBreak
    from generator.draw.styles import bullet_list
    from generator.pdf.makeup import ItemList
    styles = make_styles(9.6, "es")
    two = "Al construir un poblado junto al desierto tomas dos fichas; en la costa, una. " * 2
    one = "Si la reserva no tiene bastantes, recibes las que queden."

    def items(*texts):
        return bullet_list([Paragraph(t, styles.bullet) for t in texts], styles,
                           ordered=False, kind=ItemList)
    made = items(two, two, one)
    room = _height_of(made.split(300, 1000)[:2]) + 2  # the first two items, not the last
    parts = _laid_out(items(two, two, one), room)
    assert [type(p) for p in parts][1] is _FrameBreak and len(parts) == 4
    assert all(not isinstance(p, _FrameBreak) for p in _laid_out(items(two, two, two), room))
    room = _height_of(items(two, one).split(300, 1000)[:1]) + 2
    parts = _laid_out(items(two, one), room)
    assert isinstance(parts[0], _FrameBreak) and len(parts) == 3
    assert all(not isinstance(p, _FrameBreak)
               for p in _laid_out(items(two, one), room, at_top=True))
    long = two * 3  # items of more than SHORT_ITEM lines part as they come
    room = _height_of(items(long, one).split(300, 1000)[:1]) + 2
    assert all(not isinstance(p, _FrameBreak) for p in _laid_out(items(long, one), room))


def test_a_table_splits_with_two_rows_or_more_on_each_side_under_its_header():
    """Header and four of five rows would fit: three stay, two go over under the header
    again; with room for one row only the table moves whole (unless it opens the page)."""
    above, below = _laid_out(_table(5), 20 * 5 + 5)
    assert _body_rows(above) == ["r0", "r1", "r2"]
    assert below._cellvalues[0] == ["Recurso", "Cartas"] and _body_rows(below) == ["r3", "r4"]
    assert _laid_out(_table(5), 20 * 2 + 5) == []
    assert len(_laid_out(_table(5), 20 * 2 + 5, at_top=True)) == 2
    assert _laid_out(_table(3), 20 * 3 + 5) == []  # 2 + 1 cannot be made 2 + 2


def test_the_rest_of_a_split_table_never_leaves_its_header_alone_at_a_page_foot():
    """A score table of five rows (enough to split two and more a side) with room, mid-page,
    for its header and a sliver of a row: it moves whole to the next page, never its header
    at the foot of this one over a row cut inside itself (Splendor's scoring table did).
    With room for whole rows it splits between them; a row taller than a page, at the top
    of a page, is still cut inside."""
    from reportlab.lib.styles import getSampleStyleSheet
    body = getSampleStyleSheet()["BodyText"]

    def scores(titles: list[str]) -> RowTable:
        return RowTable([["Puntos", "Título"]] + [[Paragraph(f"{n}", body),
                                                   Paragraph(title, body)]
                                                  for n, title in enumerate(titles)],
                        colWidths=[150, 150], repeatRows=1, splitInRow=1)

    assert _laid_out(scores(["Viajante " * 3] * 5), 26.8) == []
    five = scores(["Viajante " * 3] * 5)
    five.wrap(300, 1000)
    header, row = five._rowHeights[:2]
    above, below = _laid_out(five, header + 3.5 * row)  # mid-page, the cut between rows
    assert len(above._cellvalues) == 4  # the header and three whole rows
    assert below._cellvalues[0] == ["Puntos", "Título"] and len(below._cellvalues) == 3
    assert len(_laid_out(scores(["Viajante " * 400]), 400, at_top=True)) == 2


def test_a_short_section_under_a_heading_counts_the_heading_in_the_hole_it_leaves():
    """A heading and a short table that only just miss the room left: the room after the
    heading is a small hole, but moving both would leave a big one, so the table splits."""
    from generator.pdf.makeup import Lead, Section
    styles = make_styles(9.6, "es")
    heading = Paragraph("Puntuación", styles.h2)
    lead = Lead([heading], Section([_table(5)]))
    room = 0.16 * 500  # a big hole; after the heading, a small one
    parts = _laid_out(lead, room)
    assert isinstance(parts[0], Lead) and isinstance(parts[0].follower, RowTable)


def test_the_hyphenator_breaks_only_long_words_away_from_their_ends():
    hyphenate = Hyphenation("es")
    assert list(hyphenate("mismo")) == [] and list(hyphenate("pierdes")) != []
    for head, tail in hyphenate("construcción"):
        assert len(head) >= LEFT and len(tail) >= RIGHT
    assert list(Hyphenation("es").sparing({"construcción"})("construcción")) == []
    assert Hyphenation("es") == Hyphenation("es")  # styles of the next pass sign the same


def test_a_paragraph_never_ends_with_the_tail_of_a_broken_word():
    styles = make_styles(9.6, "es")
    text = ("Las cartas extra se roban del mazo en cuanto has rellenado la mano y obtenido la "
            "carretera. Esas cartas no se comparan con la serie histórica.")
    for width in range(150, 320, 3):
        paragraph = Paragraph(text, styles.body)
        paragraph.wrap(width, 1000)
        lines = [" ".join(words) for _, words in paragraph.blPara.lines]
        assert not (len(lines) > 1 and lines[-2].endswith("-")), (width, lines)


def test_a_back_matter_that_miscounts_its_pages_stops_the_build(monkeypatch):
    """The back cover prints the page count the back matter reckoned before laying itself
    out (story.back_matter); were that reckoning wrong (the quick reference said to take
    three pages of its own where it takes one), the build stops instead of printing a wrong
    count and a booklet that is not a multiple of 4."""
    from generator.diagrams.figures import book_figures
    from generator.errors import RenderError
    from generator.examples.replay import check_book
    from generator.pdf import story
    from generator.pdf.document import render_pdf
    book = load_book(next(f for f in book_folders() if f.name == "uno-contra-uno")).printed()
    replays = check_book(book)
    figures = book_figures(book, replays)
    render_pdf(book, None, replays, None, figures)  # as built: the count holds
    monkeypatch.setattr(story, "pages_needed", lambda *args: 3)
    with pytest.raises(RenderError, match="back cover says"):
        render_pdf(book, None, replays, None, figures)
