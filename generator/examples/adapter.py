"""What every engine's example adapter shares: positions are copied whole, and a game with
no deck refuses `arrange_deck` with a reason. An engine (`protocol.Engine`, a plugin's too)
may start from `Adapter` and write only the rest; `mismatches` words its `compare`."""

from __future__ import annotations

import copy


class Adapter:
    """Base of the per-engine adapters (build a start, parse notation, compare, word)."""

    deck_hint = "there is no deck in this game"
    #: The optional parts the engine has (protocol.CAPABILITIES): only these are used.
    provides: tuple[str, ...] = ()

    def position_caption(self, game) -> str:
        """The line under a drawn position (`diagrams`): none unless the engine says one."""
        return ""

    def position_status(self, game) -> str:
        """What a drawn position waits for (`diagrams`): nothing unless the engine says."""
        return ""

    def arrange(self, game, cards) -> str | None:
        return f"arrange_deck: {self.deck_hint}"

    def copy(self, game):
        return copy.deepcopy(game)


def mismatches(pairs) -> list[str]:
    """'expected X, found Y' for each (name, wanted, found) whose wanted is given and differs."""
    return [f"expected {name} {wanted}, found {found}" for name, wanted, found in pairs
            if wanted is not None and wanted != found]
