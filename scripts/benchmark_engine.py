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

from generator.content.loader import CONTENT_ROOT, load_book
from generator.engine.solo import Ruleset
from generator.simulate.runner import play


def playouts(rules: Ruleset, games: int) -> tuple[int, int]:
    records = [play(rules, seed, "random") for seed in range(games)]
    return sum(r.actions for r in records), sum(r.won for r in records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    args = parser.parse_args()
    rules = Ruleset.from_components(load_book(CONTENT_ROOT / "solo-catan").components)
    playouts(rules, 50)  # warm-up
    if args.profile:
        cProfile.runctx("playouts(rules, args.games)", globals(), locals(), "/tmp/engine.prof")
        pstats.Stats("/tmp/engine.prof").sort_stats("tottime").print_stats(12)
        return
    start = time.perf_counter()
    actions, wins = playouts(rules, args.games)
    took = time.perf_counter() - start
    print(f"{args.games} random games in {took:.2f} s: {args.games / took:.0f} games/s, "
          f"{actions / took:.0f} actions/s, {actions / args.games:.1f} actions a game, "
          f"{wins} won")


if __name__ == "__main__":
    main()
