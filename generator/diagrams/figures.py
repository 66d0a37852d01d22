"""Every figure of a book, as SVG text: the named figures of figures.yaml and the table of
each worked example at its start and at each step it shows, drawn by the book's engine
(`position_svg`; each game's figures.py, generator/games/).

Figures are computed from the engine's replay, so they cannot contradict the rules.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from generator.content.model import Book, FigureSpec
from generator.core.i18n import translator
from generator.diagrams.board import SCREEN_TYPE, board_description, board_drawing
from generator.diagrams.style import DiagramStyle, style_for
from generator.diagrams.table import (costs_description, costs_drawing, difficulty_chart,
                                     difficulty_chart_rows, difficulty_description)
from generator.diagrams.words import BookWords
from generator.examples.registry import engine_for
from generator.examples.replay import at_step
from generator.examples.protocol import declares


@dataclass(frozen=True)
class Figure:
    name: str      # file name stem in output/<book>/figures/
    caption: str
    svg: str
    screen_svg: str = ""  # the same, laid out for a phone's column (position.py, setup.py)
    status: str = ""      # an example's position: what it waits for, said after its label
    #: What the drawing shows, in words, where its caption does not say it (the costs card's
    #: costs): added to its text alternative on a screen.
    text: str = ""
    #: A figure laid out for the width it is given (the set-up): its SVG `width` mm wide.
    at: Callable[[float], str] | None = None

    def svg_for(self, width: float) -> str:
        """The figure drawn for a column `width` mm wide (the PDF's measure): laid out
        anew if it can be, else `svg`, which the PDF scales to fit."""
        return self.at(width) if self.at else self.svg


#: Position diagrams already drawn by this thread, by everything the drawing shows: a watch
#: rebuild replays every example again, and most positions are the ones it drew last time.
#: Per thread, like the PDF renderer's caches (pdf/paragraphs.py).
_cache = threading.local()
_DRAWN_MAX = 4096


def drawn(key: tuple, draw: Callable[[], str]) -> str:
    """The SVG `draw` makes, kept by `key` (what it draws, as a value) for this thread:
    the same diagrams are drawn on every layout pass and every rebuild of a watched book."""
    drawn = _cache.__dict__.setdefault("drawn", {})
    svg = drawn.get(key)
    if svg is None:
        if len(drawn) >= _DRAWN_MAX:
            drawn.clear()
        svg = drawn[key] = draw()
    return svg


def example_figures(replay, language: str = "es") -> dict[int, Figure]:
    """The table at the start (key 0) and after each step the example shows (key = step),
    drawn by the engine (`position_svg`, protocol.Diagrams); each figure's caption is the
    line printed under it (`position_caption`: points and piles), its status what the
    position waits for (`position_status`). {} for an engine that draws no positions. Its
    file name's words are the catalog's in `language` ("ejemplo-ID-paso-3"). Drawn for
    the examples a book prints (build.py): the scenarios the dossier plays out print their
    positions as the engine's lines (`position_lines`), compact for an editor."""
    adapter = replay.adapter
    if not declares(adapter, "diagrams"):
        return {}
    draw, caption, status = (adapter.position_svg, adapter.position_caption,
                             adapter.position_status)
    figures = {}
    frames = replay.frames
    t = translator(language)
    example, start, step_word = (t.pgettext("file name", "example"),
                                 t.pgettext("file name", "start"),
                                 t.pgettext("file name", "step"))
    for index, frame in enumerate(frames):
        if index and not frame.show:
            continue
        before = frames[index - 1].game if index else None
        step = frame.step or 0
        name = f"{example}-{replay.example.id}-{f'{step_word}-{step}' if step else start}"
        with at_step(replay.source, frame.step):  # where a plugin's drawing fails
            figures[step] = Figure(name, caption(frame.game), draw(frame.game, before),
                                   draw(frame.game, before, screen=True), status(frame.game))
    return figures


def named_figure(spec: FigureSpec, book: Book, replays: dict, style: DiagramStyle,
                 words: BookWords) -> Figure:
    """A figure of figures.yaml: the kinds drawn from the book's data here, the rest by its
    engine (checks.py made sure the engine draws them)."""
    if spec.kind == "difficulty":
        runs, goal = book.difficulty.own_runs, book.difficulty.goal
        return Figure(spec.id, spec.caption,
                      difficulty_chart(runs, goal, style, book.meta.language).tostring(),
                      difficulty_chart_rows(runs, goal, style, book.meta.language).tostring(),
                      text=difficulty_description(runs, goal, book.meta.language))
    if spec.kind == "costs":
        return Figure(spec.id, spec.caption,
                      costs_drawing(book.components, style, words).tostring(),
                      costs_drawing(book.components, style, words, stacked=True).tostring(),
                      text=costs_description(book.components, words))
    if spec.kind == "board":  # the book's board.yaml, beside figures.yaml
        return Figure(spec.id, spec.caption,
                      board_drawing(book.board, style, words).tostring(),
                      board_drawing(book.board, style, words, SCREEN_TYPE).tostring(),
                      text=board_description(book.board, words))
    return engine_for(book).figure(spec, replays, style)


@dataclass
class BookFigures:
    named: dict[str, Figure]
    examples: dict[str, dict[int, Figure]]

    def all(self) -> list[Figure]:
        return list(self.named.values()) + [f for per in self.examples.values()
                                            for f in per.values()]


def book_figures(book: Book, replays: list) -> BookFigures:
    style = style_for(book.components, book.theme)
    words = BookWords.for_book(book)
    by_id = {r.example.id: r for r in replays}
    named = {spec.id: named_figure(spec, book, by_id, style, words) for spec in book.figures}
    examples = {r.example.id: drawn for r in replays
                if (drawn := example_figures(r, book.meta.language))}
    return BookFigures(named, examples)
