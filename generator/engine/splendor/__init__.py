"""The solo variant of Splendor (seed 003) as a rules engine."""

from .game import (Buy, Card, Noble, Reserve, Return, SplendorGame, SplendorRules,  # noqa: F401
                   Take, Visit)
