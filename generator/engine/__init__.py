"""What every rules engine shares: the error of a reader that meets a book without a number
it plays by. The engines themselves are the games' (generator/games/).

Each game's adapter declares what it reads from a book's components.yaml (`needs`: the game
parameters it plays by, the buildings it names, the parts of the file it needs); `rulebook
check` and `build` (generator/checks.py) refuse a book whose engine lacks one, with the line
to fix, so an engine's reader meets only books that have what it reads.
"""

from __future__ import annotations

from generator.errors import MissingParameter


def need(game, engine: str, name: str):
    """`game.<name>` for `engine`, or MissingParameter naming what the book lacks."""
    value = getattr(game, name, None) if game is not None else None
    if value is None:
        raise MissingParameter(f"components.yaml (game): the {engine} engine needs "
                               f"game.{name}")
    return value
