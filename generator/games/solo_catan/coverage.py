"""Every rule path the solo engine can take and every refusal it can give, declared.

A rule that no worked example or scenario ever exercises is a rule the build does not check:
it can change, or break, and every example still passes. `rulebook check --coverage` replays a
book's examples and scenarios and lists what they never reach, against these two lists.

The lists are declared by hand, not collected at run time, because "never fired" can only be
known against everything that could fire. Tests keep them honest: tests/test_conformance.py
reads game.py and explain.py with `ast` and fails when the engine emits an event or a refusal
code that is not declared here, or when a name here is no longer emitted. Adding a rule path
is one line below.
"""

from __future__ import annotations

from generator.games.solo_catan.actions import __all__ as ACTION_NAMES
from generator.games.solo_catan.ruleset import CITY, EXPANSION, KNIGHT, ROAD, SETTLEMENT

#: Events counted in `Game.events` by the rules themselves (game.py, `self.events[...]`).
RULE_EVENTS = (
    "coincidence",         # § Coincidencias: the drawn card matches the last SH card
    "knight-failed",       # § Caballeros: the knight's cards repeat the resource
    "knight-saved",        # § Caballero a pie: the SH card is saved, knight or road pays
    "knight-downgraded",   # § Caballeros a caballo: saved, the knight gets off its horse
    "city-wall",           # R12: the City Wall keeps a road a failed knight would take
    "building-lost",       # R14: the SH card a building stood on is lost
    "city-flipped",        # R14: a city lost or given back turns into a settlement
    "expansion-orphaned",  # R05: an expansion left without a city goes back to its row
    "a-road-lost",         # R15: an A road lost costs a market card and a hand card
    "demolition",          # § Demolición
    "recycling",           # § Reciclar la SH
    "new-deck",            # § Progreso (and the end of a recycling): MDR and MDD shuffled
)
#: `built-<type>`: a series completed and its building taken (`Game._gain`).
BUILT = tuple(f"built-{kind}" for kind in (ROAD, KNIGHT, SETTLEMENT, CITY, EXPANSION))
#: Every action applied is counted under its class name (`Game.push`).
ACTIONS = tuple(name for name in ACTION_NAMES if name != "Action")

RULE_PATHS = RULE_EVENTS + BUILT + ACTIONS

#: Every code explain.py gives a refused action (the first argument of its `refuse(...)`).
REFUSAL_CODES = frozenset({
    # a placement (§ El turno, § Series de construcción, R07, R09, R11)
    "not-in-hand", "no-university", "town-hall-unpaid", "cannot-start-series",
    "not-a-starter", "target-unavailable", "no-open-series", "university-used", "wrong-card",
    "cannot-place-loose", "starter-not-loose",
    # trading and the Library (§ Comercio, R10, R20, R21)
    "not-in-market", "market-card-just-given", "three-needed", "not-in-pile", "no-library",
    "library-used",
    # demolition (§ Demolición, R13, R14)
    "nothing-to-demolish", "not-blocked", "demolition-limit", "payment-type-used",
    "payment-forced", "payment-not-owned",
    # the Town Hall's ore (R11)
    "nothing-due", "cannot-pay",
    # recycling (§ Reciclar la SH, R18)
    "recycle-limit", "deck-not-empty", "can-progress", "series-in-progress",
    "payment-not-allowed",
    # knights (§ Caballeros, R16)
    "no-knight", "deck-too-small",
    # the game's state
    "game-over", "decision-pending", "no-decision-pending", "not-legal-now",
})


def uncovered(events, refusals) -> tuple[list[str], list[str]]:
    """The declared rule paths never counted in `events`, and the refusal codes not among
    `refusals`, in declaration and alphabetical order."""
    return ([p for p in RULE_PATHS if not events.get(p)],
            sorted(REFUSAL_CODES - set(refusals)))
