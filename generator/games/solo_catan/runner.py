"""The solo game's simulation runs: many independent games, reproducible from one seed
whatever the number of worker processes (simulate/runs.py deals the seeds), each game played
by one of the solo players to its end or to the action limit."""

from __future__ import annotations

import random
import time

from generator.games.solo_catan import Game, Ruleset
from generator.games.solo_catan.game import PLAYING, WON
from generator.content.model import MAX_ACTIONS
from generator.games.solo_catan.players import make_player
from generator.simulate.runs import GameRecord, loaded_left_alone, seed_chunks, workers



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
            log.append(f"{action}  → {game.points} p.")
    reason = game.end_reason or "unfinished"
    return GameRecord(seed, game.phase is WON, game.points, game.turn - 1, actions,
                      reason, dict(game.events), len(game.owned_buildings()),
                      time.process_time() - start, getattr(player, "verdict", ""))


def _play_chunk(args) -> list[GameRecord]:
    rules, seeds, player_name, *rest = args  # (rules, seeds, player[, budget])
    budget = rest[0] if rest else None
    with loaded_left_alone():
        return [play(rules, s, player_name, budget=budget) for s in seeds]


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


