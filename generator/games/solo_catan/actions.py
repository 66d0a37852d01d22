"""Everything a player can do, one frozen dataclass per kind of action.

Actions are values: they compare equal, hash, and print as the rule they apply, so a list of
legal actions can be searched, sampled and written into an example file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

__all__ = [
    "Action", "StartSeries", "Continue", "PlaceLoose", "TradeMarket", "TradeThree",
    "LibrarySwap", "Demolish", "PayTownHall", "Recycle", "EndRecycling", "LoseCard",
    "SacrificeHand", "UseKnight", "KnightPays", "DiscardHand", "DiscardMarket",
]


class Action:
    """Base of all actions."""

    def __str__(self) -> str:
        """The action in the engine's notation ("start brick road", "market ore wool"), as
        an example file writes it: `notation.parse(str(action))` is the action again."""
        from generator.games.solo_catan.notation import format_action  # it imports this
        return format_action(self)

    @classmethod
    @cache
    def of(cls, *args):
        """The one shared value `cls(*args)`: the engine lists the legal actions after every
        move, and a play-out lists thousands; built once, each is looked up, not built again
        (equal to, and interchangeable with, `cls(*args)`)."""
        return cls(*args)


# --- a turn: place one card on the SH (§ El turno, § Series de construcción) ----------------

@dataclass(frozen=True)
class StartSeries(Action):
    """Open a new series with its first card, declaring its target (R02)."""
    resource: str
    target: str
    as_resource: str | None = None  # University substitution (R09)


@dataclass(frozen=True)
class Continue(Action):
    """Add the next card the open series needs."""
    resource: str
    as_resource: str | None = None


@dataclass(frozen=True)
class PlaceLoose(Action):
    """Any card placed outside a series, allowed after a series end when no card of the hand
    could start one (R07)."""
    resource: str


# --- before placing (§ Comercio, § Ampliaciones, § Demolición, § Reciclar) ------------------

@dataclass(frozen=True)
class TradeMarket(Action):
    give: str
    take: str


@dataclass(frozen=True)
class TradeThree(Action):
    give: str
    take: str
    source: str  # "discard" (MDD) or "deck" (MDR, from the bottom: R20)


@dataclass(frozen=True)
class LibrarySwap(Action):
    give: str
    take: str


@dataclass(frozen=True)
class Demolish(Action):
    """Remove the last SH card, returning one building (a building id or expansion id)."""
    payment: str


@dataclass(frozen=True)
class PayTownHall(Action):
    pass


@dataclass(frozen=True)
class Recycle(Action):
    """Recycle the oldest series, returning one building for it (R18)."""
    payment: str


@dataclass(frozen=True)
class EndRecycling(Action):
    pass


# --- decisions inside a resolution (§ Coincidencias, § Caballeros, R15) ---------------------

@dataclass(frozen=True)
class LoseCard(Action):
    pass


@dataclass(frozen=True)
class SacrificeHand(Action):
    pass


@dataclass(frozen=True)
class UseKnight(Action):
    index: int  # position in the knights row, in building order


@dataclass(frozen=True)
class KnightPays(Action):
    with_: str  # "knight" or "road"


@dataclass(frozen=True)
class DiscardHand(Action):
    resource: str


@dataclass(frozen=True)
class DiscardMarket(Action):
    resource: str
