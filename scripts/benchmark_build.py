"""Times the full build of each book (load + check + render + write); not a test.

    .venv/bin/python scripts/benchmark_build.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from generator.build import build_book
from generator.content.loader import book_folders


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    for folder in book_folders():
        with tempfile.TemporaryDirectory() as warm_up:
            build_book(folder, Path(warm_up))  # imports, font parsing
        cold, warm = [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as out:
                start = time.perf_counter()
                build_book(folder, Path(out))  # no page numbers known: two passes
                cold.append(time.perf_counter() - start)
                start = time.perf_counter()
                build_book(folder, Path(out))  # page numbers of the last build: one pass
                warm.append(time.perf_counter() - start)
        print(f"{folder.name}: first build median {statistics.median(cold) * 1000:.0f} ms, "
              f"rebuild median {statistics.median(warm) * 1000:.0f} ms "
              f"over {args.runs} runs")


if __name__ == "__main__":
    main()
