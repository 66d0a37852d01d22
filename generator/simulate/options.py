"""The bounds of `rulebook simulate`'s numbers, checked as the command line is read.

Every number a user types has a stated range, so that any command given an absurd number
answers at once with one line instead of running out of time or memory: `--games 10**9` made
a billion seeds before the first game, `--jobs 1000000` forked a million workers; an engine
bounds the numbers it reads itself (`--budget`, `--compare`: protocol.Variants). A negative `--seed` is
refused: Python's generator seeds from the absolute value, so `--seed -1` dealt `--seed 1`'s
games. Each limit is far above what a run of a book needs (1,000 games by default).

Imported by the command line for its --help, so it imports nothing heavy.
"""

from __future__ import annotations

import argparse
import re
from typing import Callable

#: Games a run plays at most: each is kept in memory until the report (and `--save`).
MAX_GAMES = 100_000
#: Games a command plays at most over all its runs (players × compared values).
MAX_GAMES_IN_ALL = 500_000
#: `--jobs` at most; fewer workers are started (runs.workers): at most this many per core,
#: and never more than there are chunks of games to hand out.
MAX_JOBS = 256
WORKERS_PER_CORE = 2
#: Seeds of a run (`--seed`) and of one game (`--replay`).
MAX_SEED = 2 ** 63 - 1
#: `--compare` at most this many values (an engine bounds each value: protocol.Variants),
#: and `--budget` at most each player's `Budget.most`.
MAX_COMPARED = 10


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, or one line saying so."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # not a number, or one of thousands of digits
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text[:40]!r}: expected a whole number from "
                                             f"{low:,} to {high:,}")
        return value
    return parse


#: A Dask scheduler's address: `local`, or [protocol://]host:port.
SCHEDULER = re.compile(r"local|([a-z][a-z0-9+.-]*://)?(\[[0-9a-fA-F:.]+\]|[^\s:/\[\]]+):\d{1,5}")


def scheduler(text: str) -> str:
    """An argparse type: `--scheduler`'s address, checked for its form before the run."""
    if not SCHEDULER.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text[:80]!r}: expected a Dask scheduler's address, "
                                         "such as tcp://host:8786, or local")
    return text
