"""The book's difficulty appendix: a stored simulation run (difficulty.yaml) and its chart.

The run is stored as content, with its seed, player and game count, so the book prints
numbers anyone can reproduce with `rulebook simulate`, and the build stays fast.
"""

from __future__ import annotations

import yaml

from ..build import write_atomically
from ..content.model import Book, Difficulty
from .stats import Summary

HEADER = ("# Written by `{command}`.\n# The difficulty appendix prints these numbers; rerun"
          " that command to check them.\n")

#: The engine's rule parameters a run records (generator/engine/solo/ruleset.py): the goal
#: and the readings `--compare` can change. `rulebook check` refuses a stored run whose
#: values are not the book's.
RULE_PARAMETERS = ("goal", "university_unlimited", "loose_anytime")


def save_difficulty(book: Book, args, rules, summary: Summary):
    """Store a run played by `rules` (the book's own: `--save` refuses `--compare`), with
    the command and every rule parameter that produced it."""
    command = Difficulty.run_command(book.slug, summary.games, args.seed, args.player)
    data = {
        "command": command,
        "player": args.player, "games": summary.games, "seed": args.seed,
        **{name: getattr(rules, name) for name in RULE_PARAMETERS},
        "wins": summary.wins, "win_low": round(summary.win_low, 4),
        "win_high": round(summary.win_high, 4),
        "mean_points": round(summary.mean_points, 2),
        "median_turns": float(summary.median_turns),
        "stuck_rate": round(summary.stuck_rate, 4),
        "exhausted_rate": round(summary.rate("exhausted"), 4),
        "unfinished_rate": round(summary.rate("unfinished"), 4),
        "stuck_bare": summary.stuck_bare,
        "points": {int(k): v for k, v in sorted(summary.points.items())},
        "events_per_game": {k: round(v, 3) for k, v in summary.events_per_game.items()},
    }
    file = book.folder / "difficulty.yaml"
    text = HEADER.format(command=command) + yaml.safe_dump(data, sort_keys=False,
                                                           allow_unicode=True)
    write_atomically(file, text.encode("utf-8"))
    return file
