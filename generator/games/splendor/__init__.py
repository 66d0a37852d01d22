"""The solo variant of Splendor (seed 003) as a rules engine."""

from generator.games.splendor.game import (Buy, Card, Noble, Reserve, Return, SplendorGame,
                                           SplendorRules, Take, Visit)
