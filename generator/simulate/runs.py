"""What every simulation run shares, whatever its engine: a game's record, the seeds of a
run's games (the same list whatever the number of worker processes, each game's own seed
recorded so it can be replayed step by step), the workers and chunks they are dealt in, and
the collector kept off the objects every game shares.

The runner (engines.py) deals every engine's games from here."""

from __future__ import annotations

import contextlib
import gc
import os
import random
from dataclasses import dataclass, field

from generator.simulate.options import WORKERS_PER_CORE


# Not frozen: a frozen dataclass sets each field through `object.__setattr__`, ~13 K machine
# instructions a record (0.5 % of a random play-out); slotted, its fields are set directly.
# Nothing changes a record once `play` has made it (and none was hashable: `events` is a dict).
@dataclass(slots=True)
class GameRecord:
    seed: int
    won: bool
    points: int
    turns: int
    actions: int
    end_reason: str
    events: dict = field(default_factory=dict)
    buildings: int = 0  # kinds of building left at the end: 0 means nothing to demolish with
    cpu: float = field(default=0.0, compare=False)  # CPU seconds the game took (not compared)
    # A clairvoyant player's verdict on the deal (solver.py): "won", "unwinnable" or
    # "undecided"; empty for the other players.
    verdict: str = ""


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of a run's games: the same list for a run whatever `jobs` is."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def workers(jobs: int, games: int) -> int:
    """The worker processes a run of `games` starts for `--jobs`: no more than it has games
    to hand out, nor than WORKERS_PER_CORE per core (options.py): a game is pure CPU, so
    more workers only share the cores, each with its own memory; `--jobs 1000000` forked a
    million of them."""
    return max(1, min(jobs, games, (os.cpu_count() or 1) * WORKERS_PER_CORE))


def seed_chunks(seed: int, games: int, jobs: int) -> list[list[int]]:
    """A run's game seeds in the chunks handed to its workers: about eight chunks a job, so
    that a slow chunk does not keep the others waiting, of at most 250 games. By `--jobs`,
    not by the workers this machine starts: on a Dask cluster `--jobs` sizes the chunks for
    the cluster's cores."""
    seeds = game_seeds(seed, games)
    size = max(1, min(250, games // (jobs * 8) or 1))
    return [seeds[i:i + size] for i in range(0, games, size)]


@contextlib.contextmanager
def loaded_left_alone():
    """The objects alive when a chunk starts (the loaded book, the ruleset, the modules) are
    kept out of the cycle collector's walks while its games play (`gc.freeze`): they outlive
    the chunk, yet each full collection walked them all again, some 6 % of a random play-out
    (scripts/benchmark_engine.py). What the games make is collected as before (a random
    play-out makes no reference cycle: reference counting frees it); unfrozen at the end,
    so that the caller's own garbage is collected as before too. A caller that froze its own
    objects (`rulebook watch`) keeps them frozen: nothing is done then."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
