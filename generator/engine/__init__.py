"""Rules engines: game states, legal actions and their effects. They never draw anything.

`ENGINES` says what each engine reads from a book's components.yaml: the game parameters
(`game:`) it plays by, the buildings it names and the parts of the file it needs. `rulebook
check` and `build` (generator/checks.py) refuse a book whose engine lacks one, with the line
to fix, so an engine's reader (`Ruleset.from_components`, `economy_rules`, the Splendor
adapter) meets only books that have what it reads.
"""

from __future__ import annotations

from generator.content.model import EngineNeeds
from generator.errors import GeneratorError


#: book.yaml `engine:` → what it reads. The replays are made by the adapter of the same name
#: (examples/replay.py).
ENGINES: dict[str, EngineNeeds] = {
    "solo-catan": EngineNeeds(("goal", "hand_size", "market_size", "demolition_limit"),
                              ("road", "knight", "settlement", "city", "expansion"),
                              ("resources",)),
    "economy": EngineNeeds(("tokens_total", "tokens_at_start"), (), ("economy",)),
    "splendor": EngineNeeds(("bank_per_colour", "gems_taken", "token_limit", "row_length"),
                            (), ("resources",)),
    "costs": EngineNeeds((), (), ("resources", "buildings")),
}


class MissingParameter(GeneratorError):
    """An engine's reader met a book without a game parameter it plays by (the loader
    reports that at its line first; this guards readers called on unloaded components)."""


def need(game, engine: str, name: str):
    """`game.<name>` for `engine`, or MissingParameter naming what the book lacks."""
    value = getattr(game, name, None) if game is not None else None
    if value is None:
        raise MissingParameter(f"components.yaml (game): the {engine} engine needs "
                               f"game.{name}")
    return value
