"""The Serie Histórica as it lies on the table, drawn from an engine state.

Cards overlap so that only their left strip shows, the last one whole; each series sits at
alternating heights, labelled with its target; a complete series has a solid outline and
a check, an incomplete one a dashed outline. Optional marks: the card just drawn (waiting
for a decision) and cards just lost.
"""

from __future__ import annotations

import svgwrite

from generator.diagrams.canvas import new_drawing, sized, text_width
from generator.diagrams.cards import resource_card
from generator.diagrams.style import DiagramStyle


def sh_drawing(history, style: DiagramStyle, label, *, drawn: str | None = None,
               lost: list[str] = (), name=None, mark_last: bool | None = None,
               first: int = 0, empty: str = "empty", marks: tuple[str, str] = ("drawn", "lost"),
               upper: int | None = None) -> svgwrite.Drawing:
    """`label(series)` gives a series' caption; `name(resource)` a card's printed name;
    `empty` the word an empty SH shows and `marks` the words under a drawn card and a lost
    one, in the book's language (`Words.empty("sh")`, `Words.marks()`).

    `mark_last` outlines the last card, the one a drawn card is compared with; by default
    it is marked when a drawn card is shown. `first`: the number of series before these
    (an SH drawn in several lines): it keeps every series at its height, unless `upper` is
    given (0: the first of these at the upper height, 1: at the lower; `sh_lines`).
    """
    mark_last = drawn is not None if mark_last is None else mark_last
    parity = first if upper is None else upper
    w, h, s = style.card_w, style.card_h, style.strip
    cards = [(i, series, card) for i, series in enumerate(history) for card in series.cards]
    extras = (1 if drawn else 0) + len(lost)
    two_levels = len(history) > 1 or parity % 2 == 1 or drawn is not None or bool(lost)
    top = style.label_size + 3.0                # room for the labels above level 0
    bottom = style.label_size + 3.5 if two_levels else 1.0  # and below level 1, if any
    width = max(len(cards) - 1, 0) * s + w + extras * (w + 3) + 2
    height = top + h + (style.drop if two_levels or lost else 0) + bottom
    dwg, background = new_drawing(style, "sh-diagram")
    x = 1.0
    series_spans: dict[int, list[float]] = {}
    for n, (i, series, card) in enumerate(cards):
        level = (parity + i) % 2
        y = top + level * style.drop
        last = n == len(cards) - 1
        dwg.add(resource_card(dwg, style, card.resource, x, y, counts_as=card.counts_as,
                              full=last, dashed=not series.complete, series=first + i,
                              level=level,
                              role="sh", name=name(card.resource) if (last and name) else None))
        series_spans.setdefault(i, [x, x]).__setitem__(1, x + (w if last else s))
        if last and mark_last:
            dwg.add(dwg.rect((x - 0.6, y - 0.6), (w + 1.2, h + 1.2), rx=style.radius + 0.4,
                             fill="none", stroke=style.accent, stroke_width=0.7,
                             class_="mark", **{"data-mark": "last"}))
        if not last:
            x += s
    if cards:
        x += w
    else:  # an empty SH: the place where its first card will go
        dwg.add(dwg.rect((x, top), (w, h), rx=style.radius, fill="none", stroke=style.muted,
                         stroke_width=0.35, stroke_dasharray="1.2,0.8", class_="empty-sh"))
        dwg.add(dwg.text(empty, insert=(x + w / 2, top + h / 2), text_anchor="middle",
                         font_family=style.font, font_size=style.label_size, fill=style.muted))
        x += w
    for i, (x0, x1) in series_spans.items():
        series = history[i]
        level = (parity + i) % 2
        y_text = top - 1.6 if level == 0 else top + style.drop + h + 4.2
        colour = style.accent if series.complete else style.muted
        dwg.add(dwg.line((x0 + 0.5, y_text + (1.0 if level == 0 else -3.6)),
                         (x1 - 0.5, y_text + (1.0 if level == 0 else -3.6)),
                         stroke=colour, stroke_width=0.4))
        text = label(series)
        dwg.add(dwg.text(text, insert=(x0 + 0.5, y_text), font_family=style.font,
                         font_size=style.label_size, fill=colour,
                         font_weight="bold" if series.complete else "normal",
                         class_="series-label", **{"data-series": str(first + i)}))
        width = max(width, x0 + 1.5 + text_width(text, style.label_size))
    x += 2.0
    if drawn:
        y = top + ((parity + len(history)) % 2) * style.drop
        dwg.add(resource_card(dwg, style, drawn, x, y, full=True, role="drawn",
                              name=name(drawn) if name else None))
        dwg.add(dwg.text(marks[0], insert=(x + w / 2, top + style.drop + h + 4.2),
                         text_anchor="middle",
                         font_family=style.font, font_size=style.label_size,
                         fill=style.accent, class_="mark"))
        x += w + 3
    for resource in lost:
        y = top + style.drop * 0.5
        dwg.add(resource_card(dwg, style, resource, x, y, full=True, role="lost", opacity=0.4,
                              name=name(resource) if name else None))
        dwg.add(dwg.line((x + 1, y + 1), (x + w - 1, y + h - 1), stroke=style.accent,
                         stroke_width=0.8))
        dwg.add(dwg.line((x + w - 1, y + 1), (x + 1, y + h - 1), stroke=style.accent,
                         stroke_width=0.8))
        dwg.add(dwg.text(marks[1], insert=(x + w / 2, top + style.drop + h + 4.2),
                         text_anchor="middle",
                         font_family=style.font, font_size=style.label_size,
                         fill=style.accent, class_="mark"))
        x += w + 3
    return sized(dwg, background, width, height)


def sh_lines(history, style: DiagramStyle, label, width: float, **marks) -> svgwrite.Drawing:
    """The SH in as many lines as it needs to stay within `width` mm, broken between two
    series, one line under the other, each opening at the upper height: the Serie Histórica
    on a phone's column, read without scrolling sideways. `marks` (drawn, lost, name, empty,
    marks) as `sh_drawing` takes them: the drawn and lost cards end the last line."""
    extra = {key: marks.pop(key) for key in ("drawn", "lost") if key in marks}

    def line(start: int, end: int) -> svgwrite.Drawing:
        last = end == len(history)
        # each line opens at the upper height: one opening lower would leave a band empty
        return sh_drawing(history[start:end], style, label, first=start, upper=0,
                          **(extra if last else {}), **marks)

    breaks = line_breaks(len(history), lambda start, end:
                         float(line(start, end)["viewBox"].split()[2]) > width)
    dwg, background = new_drawing(style, "sh-diagram")
    y, widest = 0.0, 0.0
    for start, end in breaks:
        drawing = line(start, end)
        _, _, w, h = (float(v) for v in drawing["viewBox"].split())
        dwg.add(moved(dwg, drawing, f"translate(0,{round(y, 3)})"))
        y, widest = y + h, max(widest, w)
    return sized(dwg, background, widest, y)


def line_breaks(count: int, too_wide) -> list[tuple[int, int]]:
    """The series (start, end) of each line of an SH of `count` series drawn in lines: as
    many as fit (`too_wide(start, end)` is false), and at least one."""
    lines, start = [], 0
    for end in range(1, count + 1):
        if end - start > 1 and too_wide(start, end):
            lines.append((start, end - 1))
            start = end - 1
    lines.append((start, count))
    return lines


def moved(dwg, drawing, transform: str):
    """`drawing`'s elements, but its definitions and paper background, in a group of `dwg`
    placed by `transform`: an SH line set into a larger drawing."""
    group = dwg.g(class_="sh", transform=transform)
    for element in drawing.elements:
        if element.elementname == "defs" or "background" in element.attribs.get("class", ""):
            continue
        group.add(element)
    return group
