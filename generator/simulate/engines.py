"""The one runner of `rulebook simulate`, for every engine that plays whole games alone
(`protocol.Simulation`, declared as "simulation"), built-in or plugin; an engine that
declares "variants" gives it one Simulation per `--compare` column and budget.

Every game is independent and seeded: the run's seed gives the games' seeds
(`runs.game_seeds`), a game's seed gives its deal (`random_start`) and its player's
choices, so the records are the same whatever the number of worker processes.

A plugin's engine is the book's guarded one (examples/guard.py): a game's own methods are
called through it (`game_actions`, `game_push`), and each game is played `at` its seed, so
a bug of the plugin names the game that meets it. A built-in game may give the runner its
own `game_actions` and `game_push` (the solo game's fast ones).
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Sequence

from generator.content.model import MAX_ACTIONS
from generator.core.i18n import N_
from generator.errors import GeneratorError, UsageError
from generator.examples.protocol import SIMULATION, simulation_of
from generator.examples.guard import at, interrupts_told_apart
from generator.simulate.runs import GameRecord, loaded_left_alone, seed_chunks, workers


class RandomPlayer:
    """Uniformly random among the legal actions: the floor any strategy must beat."""

    name = "random"

    def choose(self, game, actions: Sequence, rng: random.Random):
        return rng.choice(actions)


class OneMoveGreedy:
    """Tries each legal action on a copy and plays the one whose result is best: a win first,
    then the most points; ties at random. One move ahead only, for any engine whose
    `result(...).points` are the mover's (a solo game); an engine of several players offers
    its own (the economy engine's maximises the points of the player to move)."""

    name = "greedy"

    def __init__(self, engine):
        self.engine = engine
        self.reason: tuple[str, dict] | None = None  # why the last choice (Player.reason)

    def choose(self, game, actions: list, rng: random.Random):
        engine = self.engine
        best, best_key = [], None
        for action in actions:
            after = engine.copy(game)
            engine.game_push(after, action)
            outcome = engine.result(after)
            key = (outcome.won and engine.is_over(after), outcome.points)
            if best_key is None or key > best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        self.reason = (N_("it gives the most points at once: {points}"),
                       {"points": best_key[1]}) if len(actions) > 1 else None
        return best[0] if len(best) == 1 else rng.choice(best)


def simulations(book, engine):
    """What plays whole games of `book` with its `engine`: `(changes, budget) → Simulation`,
    the engine itself for one that declares "simulation", its `simulation_for` for one that
    declares "variants" (rules read as `changes` say, players at `budget`); one line for an
    engine that can do neither (`rulebook simulate`, `rulebook play`)."""
    found = simulation_of(engine)
    if found is not None:
        return found
    raise GeneratorError(f"{book.slug}: no simulator for engine '{book.meta.engine}': it "
                         f"cannot play whole games alone (it does not declare "
                         f"\"simulation\" in `provides`, with {', '.join(SIMULATION)}; "
                         "see docs/engines.md, Simulation)")


def players(engine) -> dict:
    """name → callable making the player: random and greedy for every engine, then the
    engine's own (`engine.players`, callables without arguments), which may replace them."""
    found = {"random": RandomPlayer, "greedy": lambda: OneMoveGreedy(engine)}
    found.update(getattr(engine, "players", None) or {})
    return found


def make_player(engine, name: str):
    offered = players(engine)
    if name not in offered:
        raise UsageError(f"--player {name}: this engine has no such player; expected one "
                             f"of {', '.join(sorted(offered))}")
    return offered[name]()


def play(engine, seed: int, player_name: str, log: list[str] | None = None) -> GameRecord:
    """One game from its seed; with `log`, each action in the engine's notation."""
    with at(f"simulated game seed {seed} (--replay {seed} plays it step by step)"):
        return _play(engine, seed, player_name, log)


def _play(engine, seed: int, player_name: str, log: list[str] | None) -> GameRecord:
    start = time.process_time()
    player = make_player(engine, player_name)
    game = engine.random_start(seed)
    rng = random.Random(seed ^ 0x5EED)
    actions = 0
    stuck = False
    while not engine.is_over(game) and actions < MAX_ACTIONS:
        legal = engine.game_actions(game)
        if not legal:  # not over, yet no way on: the engine's end condition missed a case
            stuck = True
            break
        action = player.choose(game, legal, rng)
        engine.game_push(game, action)
        actions += 1
        if log is not None:
            log.append(f"{action}  → {engine.result(game).points} p.")
    over = engine.is_over(game)
    outcome = engine.result(game)
    reason = (outcome.end_reason or "over") if over else ("no-actions" if stuck
                                                            else "unfinished")
    return GameRecord(seed, bool(outcome.won and over), outcome.points, outcome.turns, actions,
                      reason, dict(outcome.events), outcome.buildings,
                      time.process_time() - start, getattr(player, "verdict", ""))


def _play_chunk(args) -> list[GameRecord]:
    """A chunk of games, in this process or a worker's. A worker started afresh (forkserver,
    spawn, a Dask worker) does not have the command's SIGINT handler: there the plugin's own
    KeyboardInterrupt was taken for a Ctrl-C, and the command stopped as if interrupted
    (exit 130), or a Dask worker died four times over; it is told apart here too."""
    engine, seeds, player_name = args
    with loaded_left_alone(), interrupts_told_apart():  # as the solo engine's chunks
        return [play(engine, s, player_name) for s in seeds]


def run(engine, games: int, seed: int, player: str, jobs: int = 1, progress=None,
        scheduler=None) -> list[GameRecord]:
    """All games of a run, in seed order. `progress(n)` is called as games finish; the
    chunks go to this process, a process pool or (`scheduler`) Dask (backends.py)."""
    make_player(engine, player)  # an unknown player is refused before any game
    chunks = [(engine, seeds, player) for seeds in seed_chunks(seed, games, jobs)]
    jobs = workers(jobs, games)
    records: list[GameRecord] = []
    if scheduler is not None:
        from generator.simulate.backends import map_on_dask
        results = map_on_dask(_play_chunk, chunks, scheduler)
    elif jobs <= 1:
        results = map(_play_chunk, chunks)
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        results = pool.map(_play_chunk, chunks)
    try:
        for chunk, result in zip(chunks, results):
            records += result
            if progress:
                progress(len(chunk[1]))
    finally:
        if jobs > 1 and scheduler is None:
            pool.shutdown()
    return records


def replay_log(engine, seed: int, player_name: str) -> list[str]:
    """A game step by step, in the engine's notation."""
    log: list[str] = []
    play(engine, seed, player_name, log)
    return log
