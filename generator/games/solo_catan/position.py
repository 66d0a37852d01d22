"""A position of the solo game as it lies on the table: the diagram of an example's box.

Groups, each under its label in the book's words, flow left to right and wrap like words:
the hand and the market (small cards, each with its resource's colour, shape and letter),
the buildings on the table (cards with a pictogram; roads and knights carry the letter of
the face they show), and the Serie Histórica, drawn by `sh.py`: at the right of the others
when it fits there on one line (a third less tall), else on rows of its own under them
(flow.py). The line with points and piles goes under the diagram, as text
(`games/solo_catan/text.py`).

Sizes are millimetres at print size, and the diagram is never wider than `WIDTH`, the inner
width of an example's box on A5: printed at 100 %, no text in it is under `MIN_TEXT` (6 pt).
"""

from __future__ import annotations

from dataclasses import replace

import svgwrite

from generator.games.solo_catan.text import series_label
from generator.diagrams.icons import building_icon, resource_icon
from generator.diagrams.flow import (CARD_H, CARD_W, LABEL, LABEL_H, WIDTH,
                                     Group, card_row)
from generator.games.solo_catan.sh import line_breaks, moved, sh_drawing
from generator.diagrams.style import DiagramStyle, tint

ICON_R = 2.8             # their pictogram: the fir's letter is then 6.5 pt
FACE = 3.2               # a road's or knight's face letter (9 pt)
BUILDING_FILL = "#f3eee8"


def position_style(style: DiagramStyle) -> DiagramStyle:
    """The SH at the size of an example's diagram: smaller cards whose letters stay at 6 pt
    or more (a larger icon per strip), labels at 6.5 pt."""
    return replace(style, card_w=12.6, card_h=15.4, strip=6.2, drop=3.6, label_size=LABEL,
                   strip_icon=0.44, centre_icon=0.42)


def small_card(dwg, style: DiagramStyle, resource: str, x: float, y: float, role: str):
    """A resource card in a hand or the market: its colour along the left edge and, in the
    middle, the resource's shape with its letter (readable in greyscale)."""
    _, colour = style.look(resource)
    group = dwg.g(class_="card", **{"data-resource": resource, "data-role": role})
    group.add(dwg.rect((x, y), (CARD_W, CARD_H), rx=style.radius * 0.8, fill=tint(colour),
                       stroke=style.ink, stroke_width=0.3))
    group.add(dwg.rect((x, y), (1.6, CARD_H), rx=style.radius * 0.8, fill=colour))
    group.add(resource_icon(dwg, style, resource, x + 0.8 + CARD_W / 2, y + CARD_H / 2, ICON_R))
    return group


def building_card(dwg, style: DiagramStyle, building: str, x: float, y: float,
                  face: str | None = None, pictogram: str | None = None):
    """A building on the table: its pictogram and, for a road or knight, its face's letter."""
    group = dwg.g(class_="card", **{"data-role": "built", "data-building": building,
                                   **({"data-face": face} if face else {})})
    group.add(dwg.rect((x, y), (CARD_W, CARD_H), rx=style.radius * 0.8, fill=BUILDING_FILL,
                       stroke=style.ink, stroke_width=0.3))
    icon_y = y + (CARD_H * 0.36 if face else CARD_H / 2)
    group.add(building_icon(dwg, style, pictogram or building, x + CARD_W / 2, icon_y, 2.5,
                            colour=style.accent))
    if face:
        group.add(dwg.text(face, insert=(x + CARD_W / 2, y + CARD_H - 1.8), text_anchor="middle",
                           font_family=style.font, font_weight="bold", font_size=FACE,
                           fill=style.ink, class_="face"))
    return group


def _text(dwg, style, text, x, y, size=LABEL, fill=None, css_class="group-label", **kw):
    return dwg.text(text, insert=(round(x, 3), round(y, 3)), font_family=style.font,
                    font_size=size, fill=fill or style.ink, class_=css_class, **kw)


def _empty(dwg, style, label: str, kind: str, word: str) -> Group:
    """A place with nothing in it: a dashed card outline with the word for empty."""
    def draw(x, y):
        dwg.add(dwg.rect((x, y), (CARD_W + 2, CARD_H), rx=style.radius, fill="none",
                         stroke=style.muted, stroke_width=0.3, stroke_dasharray="1.2,0.8",
                         class_="empty"))
        dwg.add(_text(dwg, style, word, x + (CARD_W + 2) / 2, y + CARD_H / 2 + 0.8,
                      fill=style.muted, css_class="empty-label", text_anchor="middle"))
    return Group(label, CARD_W + 2, CARD_H, draw, kind)


def _sh_groups(dwg, game, style: DiagramStyle, words, lost: list[str], label: str,
               width: float) -> list[Group]:
    """The SH as `sh.py` draws it, moved into this drawing: on one row, or on as many as it
    needs to stay within `width` (broken between two series, each at its own height)."""
    resolving = bool(game.stack)
    held = game.held
    small = position_style(style)

    def draw_sh(series, first, last):
        return sh_drawing(series, small, lambda s: series_label(s, words, resolving),
                          drawn=held[-1] if held and last else None,
                          lost=list(lost) if last else [], first=first,
                          mark_last=bool(held) and last, empty=words.empty("sh"),
                          marks=words.marks())

    def size(sh):
        _, _, w, h = (float(v) for v in sh["viewBox"].split())
        return w - 2.0, h - 1.0

    history = game.history
    lines = line_breaks(len(history), lambda start, end: size(draw_sh(
        history[start:end], start, end == len(history)))[0] > width)
    groups = []
    for n, (start, end) in enumerate(lines):
        sh = draw_sh(history[start:end], start, n == len(lines) - 1)
        w, h = size(sh)

        def draw(x, y, sh=sh):
            dwg.add(moved(dwg, sh, f"translate({round(x - 1.0, 3)},{round(y - 1.0, 3)})"))
        groups.append(Group(label if n == 0 else "", w, h, draw, "sh", alone=True))
    return groups


def position_groups(dwg, game, style: DiagramStyle, words, lost: list[str],
                    width: float = 1e9) -> list[Group]:
    """The groups of a position, in reading order."""
    empty = words.empty("sh")
    groups = []
    for kind, cards in (("hand", game.hand), ("market", game.market)):
        label = words.label(kind)
        if cards:
            groups.append(card_row(dwg, [
                (lambda r, kind=kind: lambda x, y: small_card(dwg, style, r, x, y, kind))(r)
                for r in cards], kind, label))
        else:
            groups.append(_empty(dwg, style, label, kind, words.empty(kind)))
    for building, faces in (("road", game.roads), ("knight", game.knights)):
        if faces:
            groups.append(card_row(dwg, [
                (lambda f, b=building: lambda x, y: building_card(dwg, style, b, x, y, f))(f)
                for f in faces], building, words.building_group(building, len(faces))))
    for building, count in (("settlement", game.settlements), ("city", game.cities)):
        if count:
            groups.append(card_row(dwg, [
                (lambda b=building: lambda x, y: building_card(dwg, style, b, x, y))()
                for _ in range(count)], building, words.building_group(building, count)))
    for expansion in game.expansions:
        groups.append(card_row(dwg, [
            lambda x, y, e=expansion: building_card(dwg, style, e, x, y,
                                                    pictogram="expansion")],
            "expansion", words.target(expansion)))
    sh_label = words.noun("SH").capitalize()
    if game.history or game.held or lost:
        groups += _sh_groups(dwg, game, style, words, lost, sh_label, width)
    else:  # an empty SH is one line: its label and the word for empty
        groups.append(Group(sh_label, 0.0, -LABEL_H + LABEL + 0.6, lambda x, y: None, "sh",
                            note=empty))
    return groups


def position_drawing(game, style: DiagramStyle, words, *, lost: list[str] = (),
                     title: str = "", width: float = WIDTH,
                     scale: float = 1.0) -> svgwrite.Drawing:
    """The table of a solo game (an example's position), at most `width` mm wide (wider
    only if one group is: an SH too long to fit).

    `lost`: SH cards that left the table in the step shown (drawn crossed out); `title`: the
    text alternative (an SVG <title>: the position in words); `scale`: the size it says it
    is, over its size in millimetres (the screen's layout is shown larger)."""
    # flow.py builds on this module's groups
    from generator.diagrams.flow import flow_drawing, new_panel
    dwg, background = new_panel(style, title)
    groups = position_groups(dwg, game, style, words, list(lost), width - 0.8)
    return flow_drawing(groups, dwg, background, style, width=width, scale=scale)
