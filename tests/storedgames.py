"""A simulated game as difficulty.yaml stores it, to compare a replay with its stored line
(tests/unit/test_difficulty.py, tests/slow/test_difficulty_replays.py)."""

from __future__ import annotations

from generator.games.solo_catan.difficulty import game_line


def replayed_line(record) -> dict:
    """A game's stored line but its CPU time (measured, not reproducible)."""
    line = game_line(record)
    del line["cpu"]
    return line


def stored_line(line) -> dict:
    """The fields of a stored line that a replay must give again."""
    fields = {"seed": line.seed, "won": line.won, "points": line.points, "turns": line.turns,
              "actions": line.actions, "end": line.end, "buildings": line.buildings,
              "digest": line.digest}
    if line.verdict:
        fields["verdict"] = line.verdict
    return fields
