"""The solo variant of the Catan card game (seed 000), as a rules engine.

`Game` holds a state and its seeded random generator; `legal_actions()` is the one source of
legality, and `push()` refuses anything not in it with an `IllegalAction` naming a stable
code, the rulebook section, what was needed and what was there. `push_legal()` is the
simulator's trusted path: it applies an action taken from `legal_actions()` without checking
it again (python-chess's `push`), and nothing from outside goes through it.
"""

from generator.games.solo_catan.actions import *  # noqa: F401,F403
from generator.games.solo_catan.game import Game, Phase, Series, ShCard  # noqa: F401
from generator.games.solo_catan.ruleset import Ruleset  # noqa: F401
