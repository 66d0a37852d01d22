"""Random-playout speed of the solo engine, in games per second on one core; not a test.

    .venv/bin/python scripts/benchmark_engine.py [--games N] [--runs R] [--against COMMIT]
    .venv/bin/python scripts/benchmark_engine.py --instructions [--games N]
    .venv/bin/python scripts/benchmark_engine.py --profile

Each game is played by the simulator's random player, the games of a run as `rulebook
simulate` plays them: by the chunk function its process pool maps (`generator.games.solo_catan.runner.
_play_chunk`, which calls `play` game by game). The listing of the legal actions and the push
are both timed, as a run calls them (today's runner hands the player the position's own tuple,
`legal_tuple`, and calls `push_legal`, which trusts an action taken from it; 220dd3c's copied
the list, `legal_actions()`, and its `push` checked the action again), and so is what each
tree's chunk function does around its games (today's keeps what was loaded before them out of
the cycle collector's walks, `gc.freeze`; 220dd3c's did not), and today's games keep no
record of their draws for a book's text (`Game.log = None`; 220dd3c's wrote one).
Time is the child process's CPU time, not the wall clock: the machines this runs on are
shared, and a process waiting for a core is not playing.

`--instructions` counts machine instructions instead (valgrind's cachegrind, one run per
engine, ~1 minute): a child that plays the N games less one that only starts up and warms
up, per game. The machine's load does not move it, so it tells a small change from noise;
it does not see cache misses, which time does.

With `--against COMMIT` (default 220dd3c, the engine the speed issue measured), that commit's
`generator/` and `content/` are exported to a temporary folder and both engines play the same
seeds in fresh processes, runs interleaved so that a busy machine slows them alike; the
medians and the ratios are printed. The rules changed between the two commits (the fidelity
fixes), so games differ in length: games/s is what a simulation run feels, actions/s is the
engine's own speed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: Run in a child process whose `generator` is the tree given on its command line.
CHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from generator.content.loader import load_book
from generator.games.solo_catan import Game, Ruleset
from generator.games.solo_catan.runner import _play_chunk
rules = Ruleset.from_components(load_book(Path(sys.argv[1]) / "content" / "solo-catan").components)
games = int(sys.argv[2])
_play_chunk((rules, list(range(50)), "random"))  # warm-up
start = time.process_time()
records = _play_chunk((rules, list(range(games)), "random"))
took = time.process_time() - start
if len(sys.argv) > 3:  # --instructions: the games alone (and, with none, the start-up alone)
    sys.exit()
game = Game.new(rules, 1)
copy_start = time.process_time()
for _ in range(5_000):
    game.copy()
copy_us = (time.process_time() - copy_start) / 5_000 * 1e6
print(games / took, sum(r.actions for r in records) / took, copy_us)
"""


def measure(tree: Path, games: int) -> tuple[float, float, float]:
    done = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(games)],
                          capture_output=True, text=True, check=True)
    games_s, actions_s, copy_us = map(float, done.stdout.split())
    return games_s, actions_s, copy_us


def instructions(tree: Path, games: int) -> float:
    """Machine instructions a game: a child playing `games` less one that only starts up."""
    # Started once without valgrind first: the modules' bytecode is written then, not
    # compiled inside the first count (an engine just edited would pay its compilation).
    subprocess.run([sys.executable, "-c", CHILD, str(tree), "0", "games-only"], check=True)

    def count(n: int) -> int:
        done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                               "--cachegrind-out-file=/dev/null", sys.executable, "-c", CHILD,
                               str(tree), str(n), "games-only"],
                              capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"})
        refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        return int(refs.group(1).replace(",", ""))
    return (count(games) - count(0)) / games


def export(commit: str, folder: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(REPO), "archive", commit, "generator", "content"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def profile(games: int) -> None:
    import cProfile
    import pstats
    sys.path.insert(0, str(REPO))
    from generator.content.loader import load_book
    from generator.games.solo_catan import Ruleset
    from generator.games.solo_catan.runner import _play_chunk
    rules = Ruleset.from_components(load_book(REPO / "content" / "solo-catan").components)
    # The games as the timed runs play them: through the chunk function (its frozen collector).
    cProfile.runctx("_play_chunk((rules, list(range(games)), 'random'))",
                    {"_play_chunk": _play_chunk, "rules": rules, "games": games}, {},
                    "/tmp/engine.prof")
    pstats.Stats("/tmp/engine.prof").sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int,
                        help="games per run (default 1000; 200 with --instructions)")
    parser.add_argument("--runs", type=int, default=3, help="runs per engine (default 3)")
    parser.add_argument("--against", default="220dd3c",
                        help="the commit to compare with (default 220dd3c)")
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    parser.add_argument("--instructions", action="store_true",
                        help="count machine instructions a game with valgrind (default 200 games)")
    args = parser.parse_args()
    args.games = args.games or (200 if args.instructions else 1000)
    if args.profile:
        profile(args.games)
        return
    if args.instructions:
        if not shutil.which("valgrind"):
            parser.error("--instructions needs valgrind (apt-get install valgrind)")
        with tempfile.TemporaryDirectory() as tmp:
            counts = {"now": instructions(REPO, args.games),
                      args.against: instructions(export(args.against, Path(tmp)), args.games)}
        print(f"{args.games} random games, machine instructions a game (start-up subtracted):")
        for name, count in counts.items():
            print(f"  {name:<10} {count / 1e6:8.2f} M")
        print(f"  ratio      {counts[args.against] / counts['now']:8.2f}×")
        return
    with tempfile.TemporaryDirectory() as tmp:
        old = export(args.against, Path(tmp))
        results: dict[str, list[tuple[float, float, float]]] = {"now": [], args.against: []}
        for _ in range(args.runs):
            results["now"].append(measure(REPO, args.games))
            results[args.against].append(measure(old, args.games))
    medians = {name: [statistics.median(r[i] for r in runs) for i in range(3)]
               for name, runs in results.items()}
    print(f"{args.games} random games a run, median of {args.runs} runs, one core:")
    for name, (games_s, actions_s, copy_us) in medians.items():
        print(f"  {name:<10} {games_s:8.0f} games/s {actions_s:9.0f} actions/s "
              f"  Game.copy() {copy_us:6.1f} µs")
    now, then = medians["now"], medians[args.against]
    print(f"  ratio      {now[0] / then[0]:8.2f}×        {now[1] / then[1]:9.2f}×"
          f"               {then[2] / now[2]:6.2f}× (target: ≥ 3× games/s)")


if __name__ == "__main__":
    main()
