"""The solo variant of Splendor (seed 003) as a rules engine."""

from .game import Card, Noble, SplendorGame, SplendorRules  # noqa: F401
