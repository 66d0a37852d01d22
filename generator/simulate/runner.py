"""Simulation runs: many independent games, reproducible from one seed whatever the number
of worker processes, each game's own seed recorded so it can be replayed step by step."""

from __future__ import annotations

import contextlib
import gc
import os
import random
import time
from dataclasses import dataclass, field

from generator.engine.solo import Game, Ruleset
from generator.engine.solo.game import PLAYING, WON
from generator.engine.solo.notation import format_action
from generator.simulate.options import WORKERS_PER_CORE
from generator.content.model import MAX_ACTIONS
from generator.simulate.players import make_player



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


def play(rules: Ruleset, seed: int, player_name: str, log: list[str] | None = None,
         budget: int | None = None) -> GameRecord:
    """One game from its seed; the player's choices use a generator seeded from it too.

    With `log`, each action is appended to it in the engine's notation, so any recorded game
    can be read step by step.
    """
    start = time.process_time()
    player = make_player(player_name, budget)
    game = Game.new(rules, seed)
    game.log = None  # the engine's record of each push's draws, for a book's text: not kept
    rng = random.Random(seed ^ 0x5EED)
    # The three calls of every action, looked up once a game.
    choose, legal, push = player.choose, game.legal_tuple, game.push_legal
    actions = 0
    while game.phase is PLAYING and actions < MAX_ACTIONS:  # (`is_over()`, without its call)
        action = choose(game, legal(), rng)
        push(action)
        actions += 1
        if log is not None:
            log.append(f"{format_action(action)}  → {game.points} p.")
    reason = game.end_reason or "unfinished"
    return GameRecord(seed, game.phase is WON, game.points, game.turn - 1, actions,
                      reason, dict(game.events), len(game.owned_buildings()),
                      time.process_time() - start, getattr(player, "verdict", ""))


def _play_chunk(args) -> list[GameRecord]:
    rules, seeds, player_name, *rest = args  # (rules, seeds, player[, budget])
    budget = rest[0] if rest else None
    with loaded_left_alone():
        return [play(rules, s, player_name, budget=budget) for s in seeds]


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


def run(rules: Ruleset, games: int, seed: int, player: str, jobs: int = 1,
        progress=None, budget: int | None = None, scheduler=None) -> list[GameRecord]:
    """All games of a run, in seed order. `progress(n)` is called as games finish.

    Games are independent, so they are split in chunks over a process pool; on a cluster the
    same `_play_chunk` is mapped by Dask with `scheduler` (an address, "local" or a Client;
    see `backends.py`). The records are the same on every backend.
    """
    chunks = [(rules, seeds, player, budget) for seeds in seed_chunks(seed, games, jobs)]
    jobs = workers(jobs, games)
    records: list[GameRecord] = []
    if scheduler is not None:
        from generator.simulate.backends import map_on_dask
        for chunk, result in zip(chunks, map_on_dask(_play_chunk, chunks, scheduler)):
            records += result
            if progress:
                progress(len(chunk[1]))
        return records
    if jobs <= 1:
        for chunk in chunks:
            records += _play_chunk(chunk)
            if progress:
                progress(len(chunk[1]))
        return records
    from concurrent.futures import ProcessPoolExecutor  # not paid by check and build
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for chunk, result in zip(chunks, pool.map(_play_chunk, chunks)):
            records += result
            if progress:
                progress(len(chunk[1]))
    return records


def replay_log(rules: Ruleset, seed: int, player_name: str, budget: int | None = None
               ) -> list[str]:
    """A game step by step, in the engine's notation."""
    log: list[str] = []
    play(rules, seed, player_name, log, budget)
    return log


