"""The solo game's figures: a position as it lies on the table (position.py), the Serie
Histórica (sh.py) and the table after set-up (setup.py), each kept by what it draws, and the
named figures of those kinds a book's figures.yaml asks for (`figure`)."""

from __future__ import annotations

from generator.content.model import Book, FigureSpec
from generator.diagrams.figures import Figure, drawn
from generator.diagrams.style import DiagramStyle
from generator.games.solo_catan import Game
from generator.games.solo_catan.position import position_drawing
from generator.diagrams.flow import SCREEN_SCALE, SCREEN_WIDTH
from generator.games.solo_catan.ruleset import Ruleset
from generator.games.solo_catan.setup import PRINT_WIDTH, SCREEN_WIDTH as SETUP_SCREEN_WIDTH
from generator.games.solo_catan.setup import setup_drawing
from generator.games.solo_catan.sh import sh_drawing, sh_lines
from generator.games.solo_catan.text import Words, position_lines, series_label, sh_words

#: The width (mm) of the Serie Histórica drawn for a phone: at the size where its smallest
#: type is 12 px, within a 320 px phone's column.
SH_SCREEN_WIDTH = 50.0


def sh_svg(game: Game, style: DiagramStyle, words: Words, lost: list[str] = (),
           screen: bool = False) -> str:
    """The SH of `game`; `screen`: in lines no wider than SH_SCREEN_WIDTH (sh.sh_lines)."""
    held = game.held
    resolving = bool(game.stack)
    marks = {"drawn": held[-1] if held else None, "lost": list(lost),
             "name": lambda r: words.res(r), "empty": words.empty("sh"),
             "marks": words.marks()}
    label = lambda s: series_label(s, words, resolving)  # noqa: E731
    if screen:
        return sh_lines(game.history, style, label, SH_SCREEN_WIDTH, **marks).tostring()
    return sh_drawing(game.history, style, label, **marks).tostring()


def _shown(game: Game) -> tuple:
    """What a position diagram draws, as a value: hand, market, SH, table, piles, status."""
    return (tuple(game.hand), tuple(game.market), tuple(game.held), tuple(game.roads),
            tuple(game.knights), game.settlements, game.cities, tuple(game.expansions),
            tuple((s.target, tuple((c.resource, c.counts_as) for c in s.cards), s.complete,
                   s.built, s.university_used, s.given_back) for s in game.history),
            len(game.deck), len(game.discard), game.points, game.phase, game.end_reason,
            game.town_hall_due, tuple(kind for kind, _ in game.stack))


def position_svg(game: Game, style: DiagramStyle, words: Words, lost: list[str] = (),
                 screen: bool = False) -> str:
    """A position's diagram, with the position in words as its text alternative; `screen`:
    laid out for a phone's width and shown larger (position.SCREEN_WIDTH, SCREEN_SCALE)."""
    title = ". ".join(f"{label}: {text}" for label, text in position_lines(game, words))
    size = {"width": SCREEN_WIDTH, "scale": SCREEN_SCALE} if screen else {}
    return drawn((title, _shown(game), tuple(lost), screen, repr(style), repr(words)),
                  lambda: position_drawing(game, style, words, lost=list(lost), title=title,
                                           **size).tostring())


def named_figure(spec: FigureSpec, book: Book, rules: Ruleset, replays: dict,
                 style: DiagramStyle, words: Words) -> Figure:
    """A set-up (the table dealt by the engine) or an SH (an example's at a step)."""
    if spec.kind == "setup":  # the solo table, dealt by the engine
        game = Game.new(rules, seed=2017)
        # Kept by what it draws, as positions are (`position_svg`): every layout pass asks
        # again for its measure, and a watcher's rebuild for the same table.
        shown = (_shown(game), repr(style), repr(words), repr(spec.steps), book.meta.language)

        def at(width: float) -> str:
            return drawn(("setup", shown, width), lambda: setup_drawing(
                game, book.components, style, words, width=width, steps=spec.steps,
                language=book.meta.language).tostring())
        return Figure(spec.id, spec.caption, at(PRINT_WIDTH), at(SETUP_SCREEN_WIDTH), at=at)
    replay = replays[spec.example]
    frame = next(f for f in replay.frames if (f.step or 0) == spec.step)
    # What it shows, in words, for a reader who cannot see it: the SH's series, as an
    # example's position says them (text.position_lines).
    return Figure(spec.id, spec.caption, sh_svg(frame.game, style, words),
                  sh_svg(frame.game, style, words, screen=True),
                  text=f"{words.noun('SH').capitalize()}: {sh_words(frame.game.history, words)}.")
