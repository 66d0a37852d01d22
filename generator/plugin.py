"""What a rules engine may use of the generator: the one module a game's package imports.

A game, whether one of generator/games/ or installed from another package, is found by its
engine's name through the entry point group `rulebook.engines` (docs/engines.md, and the
tutorial's docs/dicegame/). It follows the protocols below; everything else of the generator
may change without notice, these names do not.

- The protocols: `Engine` (required: replaying a book's examples), and the parts an engine
  may add, `Narration`, `Diagrams`, `Coverage`, `Simulation` with its `Player` and
  `Outcome`. `REQUIRED` names the methods every engine has; an engine declares the parts it
  adds in `provides` (CAPABILITIES names each part's methods; `declares` asks).
- `Adapter`, a base an engine may start from, and `mismatches`, the words of an
  expectation that does not hold.
- What an engine declares it reads of components.yaml (`EngineNeeds`, as the class
  attribute `needs`), or checks when it starts (`require_parameters`).
- Reading its own fields of an example's YAML with line numbers (`read_yaml`, `validate`).
- The errors it raises: `IllegalAction` for a move the rules refuse, `ContentError` (from
  `doc.error`) for its book's mistakes, at their line (errors.py draws the whole tree).
- `registered`, to use an engine in this process without installing it (tests, scripts).
"""

from __future__ import annotations

from generator.content.loader import require_parameters
from generator.content.model import EngineNeeds
from generator.content.yamlsource import read_yaml, validate
from generator.errors import ContentError, IllegalAction, Location
from generator.examples.protocol import (CAPABILITIES, REQUIRED, SIMULATION, Adapter, Budget,
                                         Coverage, Diagrams, Engine, Game, Narration, Outcome,
                                         Player, Simulation, Variants, declares, mismatches)
from generator.examples.registry import registered

__all__ = ["CAPABILITIES", "REQUIRED", "SIMULATION", "Adapter", "Budget", "ContentError",
           "Coverage", "Diagrams", "Engine", "EngineNeeds", "Game", "IllegalAction", "Location",
           "Narration", "Outcome", "Player", "Simulation", "Variants", "declares", "mismatches",
           "read_yaml", "registered", "require_parameters", "validate"]
