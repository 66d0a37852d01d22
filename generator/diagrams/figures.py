"""Every figure of a book, as SVG text: the named figures of figures.yaml and the table of
each worked example at its start and at each step it shows, drawn by the book's engine
(`position_svg`: the solo engine's position.py, Splendor's position_splendor.py, the token
economy's position_economy.py).

Figures are computed from the engine's replay, so they cannot contradict the rules.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from generator.content.model import Book, FigureSpec
from generator.engine.solo import Game
from generator.examples.solo import rules_for
from generator.examples.replay import at_step
from generator.examples.text import Words, position_lines, series_label
from generator.core.i18n import translator
from generator.diagrams.board import board_drawing
from generator.diagrams.position import SCREEN_SCALE, SCREEN_WIDTH, position_drawing
from generator.diagrams.sh import sh_drawing
from generator.diagrams.style import DiagramStyle, style_for
from generator.diagrams.setup import PRINT_WIDTH, SCREEN_WIDTH as SETUP_SCREEN_WIDTH, setup_drawing
from generator.diagrams.table import costs_drawing, difficulty_chart


@dataclass(frozen=True)
class Figure:
    name: str      # file name stem in output/<book>/figures/
    caption: str
    svg: str
    screen_svg: str = ""  # the same, laid out for a phone's column (position.py, setup.py)
    status: str = ""      # an example's position: what it waits for, said after its label
    #: A figure laid out for the width it is given (the set-up): its SVG `width` mm wide.
    at: Callable[[float], str] | None = None

    def svg_for(self, width: float) -> str:
        """The figure drawn for a column `width` mm wide (the PDF's measure): laid out
        anew if it can be, else `svg`, which the PDF scales to fit."""
        return self.at(width) if self.at else self.svg


def sh_svg(game: Game, style: DiagramStyle, words: Words, lost: list[str] = ()) -> str:
    held = game.held
    resolving = bool(game.stack)
    drawing = sh_drawing(game.history, style, lambda s: series_label(s, words, resolving),
                         drawn=held[-1] if held else None, lost=list(lost),
                         name=lambda r: words.res(r), empty=words.empty("sh"),
                         marks=words.marks())
    return drawing.tostring()


#: Position diagrams already drawn by this thread, by everything the drawing shows: a watch
#: rebuild replays every example again, and most positions are the ones it drew last time.
#: Per thread, like the PDF renderer's caches (pdf/paragraphs.py).
_cache = threading.local()
_DRAWN_MAX = 4096


def _shown(game: Game) -> tuple:
    """What a position diagram draws, as a value: hand, market, SH, table, piles, status."""
    return (tuple(game.hand), tuple(game.market), tuple(game.held), tuple(game.roads),
            tuple(game.knights), game.settlements, game.cities, tuple(game.expansions),
            tuple((s.target, tuple((c.resource, c.counts_as) for c in s.cards), s.complete,
                   s.built, s.university_used) for s in game.history),
            len(game.deck), len(game.discard), game.points, game.phase, game.end_reason,
            game.town_hall_due, tuple(kind for kind, _ in game.stack))


def position_svg(game: Game, style: DiagramStyle, words: Words, lost: list[str] = (),
                 screen: bool = False) -> str:
    """A position's diagram, with the position in words as its text alternative; `screen`:
    laid out for a phone's width and shown larger (position.SCREEN_WIDTH, SCREEN_SCALE)."""
    title = ". ".join(f"{label}: {text}" for label, text in position_lines(game, words))
    size = {"width": SCREEN_WIDTH, "scale": SCREEN_SCALE} if screen else {}
    return _drawn((title, _shown(game), tuple(lost), screen, repr(style), repr(words)),
                  lambda: position_drawing(game, style, words, lost=list(lost), title=title,
                                           **size).tostring())


def _drawn(key: tuple, draw: Callable[[], str]) -> str:
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
    file name's words are the catalog's in `language` ("ejemplo-ID-paso-3")."""
    adapter = replay.adapter
    draw = getattr(adapter, "position_svg", None)
    if draw is None:
        return {}
    caption = getattr(adapter, "position_caption", None)
    status = getattr(adapter, "position_status", None)
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
            figures[step] = Figure(name, caption(frame.game) if caption else "",
                                   draw(frame.game, before),
                                   draw(frame.game, before, screen=True),
                                   status(frame.game) if status else "")
    return figures


def named_figure(spec: FigureSpec, book: Book, replays: dict, style: DiagramStyle,
                 words: Words) -> Figure:
    if spec.kind == "setup":  # the solo table, dealt by the engine
        game = Game.new(rules_for(book), seed=2017)
        # Kept by what it draws, as positions are (`position_svg`): every layout pass asks
        # again for its measure, and a watcher's rebuild for the same table.
        shown = (_shown(game), repr(style), repr(words), repr(spec.steps), book.meta.language)

        def at(width: float) -> str:
            return _drawn(("setup", shown, width), lambda: setup_drawing(
                game, book.components, style, words, width=width, steps=spec.steps,
                language=book.meta.language).tostring())
        return Figure(spec.id, spec.caption, at(PRINT_WIDTH), at(SETUP_SCREEN_WIDTH), at=at)
    elif spec.kind == "difficulty":
        svg = difficulty_chart(book.difficulty.runs, book.difficulty.goal, style,
                               book.meta.language).tostring()
    elif spec.kind == "costs":
        svg = costs_drawing(book.components, style, words).tostring()
    elif spec.kind == "board":  # the book's board.yaml, beside figures.yaml
        svg = board_drawing(book.board, style, words).tostring()
    else:
        replay = replays[spec.example]
        frame = next(f for f in replay.frames if (f.step or 0) == spec.step)
        svg = sh_svg(frame.game, style, words)
    return Figure(spec.id, spec.caption, svg)


@dataclass
class BookFigures:
    named: dict[str, Figure]
    examples: dict[str, dict[int, Figure]]

    def all(self) -> list[Figure]:
        return list(self.named.values()) + [f for per in self.examples.values()
                                            for f in per.values()]


def book_figures(book: Book, replays: list) -> BookFigures:
    style = style_for(book.components, book.theme)
    words = Words.for_book(book)
    by_id = {r.example.id: r for r in replays}
    named = {spec.id: named_figure(spec, book, by_id, style, words) for spec in book.figures}
    examples = {r.example.id: drawn for r in replays
                if (drawn := example_figures(r, book.meta.language))}
    return BookFigures(named, examples)
