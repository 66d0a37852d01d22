"""Random-playout speed of the solo engine, in games per second on one core; not a test.

    .venv/bin/python scripts/benchmark_engine.py [--games N] [--profile]

Each game is played by the simulator's random player (`generator.simulate.runner.play`):
`legal_actions()` and `push()` (which re-checks legality) are both timed, as a run calls them.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from pathlib import Path

from generator.content.loader import load_book
CONTENT_ROOT = Path(__file__).resolve().parents[1] / "content"
from generator.engine.solo import Game, Ruleset
from generator.simulate.runner import play


def playouts(rules: Ruleset, games: int, player: str = "random") -> tuple[int, int]:
    records = [play(rules, seed, player) for seed in range(games)]
    return sum(r.actions for r in records), sum(r.won for r in records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    parser.add_argument("--player", default="random",
                        help="random, greedy or greedy-acyclic (the strong player's play-outs)")
    args = parser.parse_args()
    rules = Ruleset.from_components(load_book(CONTENT_ROOT / "solo-catan").components)
    playouts(rules, 50)  # warm-up
    if args.profile:
        cProfile.runctx("playouts(rules, args.games)", globals(), locals(), "/tmp/engine.prof")
        pstats.Stats("/tmp/engine.prof").sort_stats("tottime").print_stats(12)
        return
    start = time.perf_counter()
    actions, wins = playouts(rules, args.games, args.player)
    took = time.perf_counter() - start
    game = Game.new(rules, 1)
    copy_start = time.perf_counter()
    for _ in range(10_000):
        game.copy()  # what every play-out of the strong player and the solver pays first
    copy_us = (time.perf_counter() - copy_start) / 10_000 * 1e6
    print(f"Game.copy(): {copy_us:.1f} µs")
    print(f"{args.games} {args.player} games in {took:.2f} s: {args.games / took:.0f} games/s, "
          f"{actions / took:.0f} actions/s, {actions / args.games:.1f} actions a game, "
          f"{wins} won")


if __name__ == "__main__":
    main()
