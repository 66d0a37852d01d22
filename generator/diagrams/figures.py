"""Every figure of a book, as SVG text: the named figures of figures.yaml and the SH of
each worked example at its start and at each step it shows.

Figures are computed from the engine's replay, so they cannot contradict the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..content.model import Book, FigureSpec
from ..engine.solo import Game
from ..examples.solo import rules_for
from ..examples.text import Words, series_label
from ..simulate.stats import point_bands
from .board import board_drawing
from .sh import sh_drawing
from .style import DiagramStyle, style_for
from .table import costs_drawing, difficulty_chart, setup_drawing


@dataclass(frozen=True)
class Figure:
    name: str      # file name stem in output/<book>/figures/
    caption: str
    svg: str


def sh_svg(game: Game, style: DiagramStyle, words: Words, lost: list[str] = ()) -> str:
    held = game.held
    resolving = bool(game.stack)
    drawing = sh_drawing(game.history, style, lambda s: series_label(s, words, resolving),
                         drawn=held[-1] if held else None, lost=list(lost),
                         name=lambda r: words.res(r))
    return drawing.tostring()


def lost_cards(before: Game, after: Game) -> list[str]:
    """Cards that left the end of the SH between two positions (lost or demolished)."""
    old = [c.resource for s in before.history for c in s.cards]
    new = [c.resource for s in after.history for c in s.cards]
    common = 0
    while common < min(len(old), len(new)) and old[common] == new[common]:
        common += 1
    return old[common:] if len(new) == common else []


def example_figures(replay, style: DiagramStyle, words: Words) -> dict[int, Figure]:
    """The SH at the start (key 0) and after each step the example shows (key = step)."""
    figures = {}
    frames = replay.frames
    for index, frame in enumerate(frames):
        if index and not frame.show:
            continue
        lost = lost_cards(frames[index - 1].game, frame.game) if index else []
        if not frame.game.history and not lost and not frame.game.held:
            continue
        step = frame.step or 0
        name = f"ejemplo-{replay.example.id}-{'inicio' if not step else f'paso-{step}'}"
        caption = "SH al empezar" if not step else f"SH tras el paso {step}"
        figures[step] = Figure(name, caption, sh_svg(frame.game, style, words, lost))
    return figures


def named_figure(spec: FigureSpec, book: Book, replays: dict, style: DiagramStyle,
                 words: Words) -> Figure:
    if spec.kind == "setup":  # the solo table, dealt by the engine
        game = Game.new(rules_for(book), seed=2017)
        svg = setup_drawing(game, book.components, style, words).tostring()
    elif spec.kind == "difficulty":
        d = book.difficulty
        svg = difficulty_chart(point_bands(d.points, d.goal), d.games, style).tostring()
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
    style = style_for(book.components)
    words = Words(book.components)
    by_id = {r.example.id: r for r in replays}
    named = {spec.id: named_figure(spec, book, by_id, style, words) for spec in book.figures}
    examples = ({r.example.id: example_figures(r, style, words) for r in replays}
                if book.meta.engine == "solo-catan" else {})
    return BookFigures(named, examples)
