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
    with tempfile.TemporaryDirectory() as out:
        for folder in book_folders():
            build_book(folder, Path(out))  # warm-up: imports, font parsing
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                build_book(folder, Path(out))
                times.append(time.perf_counter() - start)
            print(f"{folder.name}: median {statistics.median(times) * 1000:.0f} ms, "
                  f"min {min(times) * 1000:.0f} ms over {args.runs} runs")


if __name__ == "__main__":
    main()
