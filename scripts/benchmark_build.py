"""How fast is feedback, as a user gets it? Times whole commands against pandoc; not a test.

    .venv/bin/python scripts/benchmark_build.py [--runs N] [--repo DIR] [--skip-pandoc]
                                                [--no-bytecode]

Every number is the median over N runs (default 5) of a fresh process, started the way a user
starts it (`python -m generator …`, the same code as `.venv/bin/rulebook`), timed from spawn
to exit, with the runs of all commands interleaved so that a busy machine slows them alike.
Python keeps the modules it compiled, as on a user's machine, even where the environment
says PYTHONDONTWRITEBYTECODE (they go to a temporary folder, compiled before the first run;
--no-bytecode times the commands as the environment has them instead). The commands:

- `rulebook check solo-catan`: validate and replay, write nothing;
- `rulebook build solo-catan --output D`, cold (D empty: two layout passes) and again into the
  same D (the page numbers of the last build are known: usually one pass);
- `rulebook build --output D`, every book, cold;
- `pandoc SEED -f markdown -o x.pdf --pdf-engine=xelatex -V lang=es`, the anchor: the solo
  variant's forum post (seed 000), and every seed text, one command after another (one PDF per
  seed, as the build makes one PDF per book), from `../shared/seeds/` or `$RULEBOOK_SEEDS`;
- `rulebook watch solo-catan`, as a user waits for it: the watcher running on a copy of the
  content, a paragraph of a chapter saved (a sentence added or taken away again), the
  seconds until the PDF is new (its modification time polled); median over N saves. And the
  whole rebuild alone, in one process (`build_book` called again after the edit), to tell the
  build from the watcher's own wait: the watcher writes the PDF as soon as it is laid out and
  the HTML edition and figures after it, so its PDF is new before its rebuild ends.

It prints each median (wall clock, and the CPU time of the process and its children; n/a for
the running watcher, whose CPU this script cannot count) and the issue's three targets with
PASS or MISS:

  (a) `rulebook check solo-catan` <= 0.3 s;
  (b) a one-paragraph edit of the solo book, saved, to a new PDF <= 0.4 s;
  (c) cold build of all books <= 1.0 x pandoc + xelatex on all the seed texts.

Needs pandoc and XeLaTeX with Spanish and the Latin Modern fonts (Debian: `apt-get install
--no-install-recommends pandoc texlive-xetex texlive-lang-spanish texlive-fonts-recommended
fonts-lmodern lmodern`; texlive-fonts-recommended has the font hyperref needs under XeLaTeX);
without them (or with --skip-pandoc) ratio (c) is not measured. `--repo DIR` times another checkout (the
code before a change, say) with this same script; the content is always that repo's.
The machine is shared and timings are noisy: prefer more runs over one reading.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOLO = "solo-catan"
SOLO_SEED = "000_"  # the solo variant's forum post (see shared/seeds/README.md)
CHAPTER = "chapters/05-serie-historica.md"  # the chapter the watch measurement edits
EDIT = " Esta frase se añade y se quita para medir la reconstrucción."

TARGET_CHECK = 0.3   # s, whole process
TARGET_WATCH = 0.4   # s, a paragraph saved to the new PDF, as a running watcher makes it
TARGET_RATIO = 1.0   # cold build of all books / pandoc + xelatex on all seeds
WATCH_LIMIT = 30     # s: a save with no new PDF by then is a failed rebuild, not a slow one


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], cwd: Path, env: dict | None = None) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one process (and whatever it starts), from spawn to exit."""
    cpu = _children_cpu()
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=env)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"benchmark: {' '.join(map(str, command))} failed "
                 f"({result.returncode}):\n{result.stderr[-2000:]}")
    return wall, _children_cpu() - cpu


def bytecode_env(repo: Path, cache: Path) -> dict:
    """The environment of the timed commands: Python's compiled modules kept, as an
    installed program keeps them (in `cache`, so nothing is written into `repo`), and made
    before the first run. A process started with PYTHONDONTWRITEBYTECODE set (some
    sandboxes and containers) compiles every module of `generator` from source each time:
    about 0.05 s more per command, timed with --no-bytecode."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(repo / "generator")],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    return env


def seeds_folder() -> Path | None:
    for folder in (os.environ.get("RULEBOOK_SEEDS"), REPO.parent / "shared" / "seeds"):
        if folder and Path(folder).is_dir() and sorted(Path(folder).glob("0*.txt")):
            return Path(folder)
    return None


def pandoc(seed: Path, out: Path) -> list[str]:
    return ["pandoc", str(seed), "-f", "markdown", "-o", str(out / f"{seed.stem}.pdf"),
            "--pdf-engine=xelatex", "-V", "lang=es"]


class Series:
    """One measurement's runs."""

    def __init__(self, label: str):
        self.label, self.wall, self.cpu = label, [], []

    def add(self, wall: float, cpu: float | None = None) -> None:
        """A run's wall-clock seconds, and its CPU seconds where this process can count them."""
        self.wall.append(wall)
        if cpu is not None:
            self.cpu.append(cpu)

    @property
    def median(self) -> float:
        return statistics.median(self.wall)

    def line(self) -> str:
        cpu = f"{statistics.median(self.cpu):6.2f} s" if self.cpu else "   n/a  "
        return (f"  {self.label:<50} {self.median:6.2f} s  cpu {cpu}   "
                f"(min {min(self.wall):.2f}, max {max(self.wall):.2f}, n={len(self.wall)})")


def edits(chapter: Path, runs: int) -> list[str]:
    """The chapter's text for each of `runs` saves: a sentence added to a long paragraph,
    then taken away again (always a change)."""
    paragraphs = chapter.read_text(encoding="utf-8").split("\n\n")
    index = next(i for i, p in enumerate(paragraphs)
                 if len(p) > 200 and p[0].isalpha() and "{" not in p)
    texts = []
    for run in range(runs):
        edited = list(paragraphs)
        if run % 2 == 0:
            edited[index] = edited[index] + EDIT
        texts.append("\n\n".join(edited))
    return texts


def watch_saved(repo: Path, runs: int, env: dict | None) -> list[float]:
    """What a user waits for: a running `rulebook watch solo-catan` (a fresh process, the
    content copied to a temporary folder), a chapter saved, and the seconds until the PDF is
    new (its modification time polled every 2 ms), for each of `runs` saves."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        shutil.copytree(repo / "content", tmp / "content")
        pdf, chapter = tmp / "out" / SOLO / f"{SOLO}.pdf", tmp / "content" / SOLO / CHAPTER
        watcher = subprocess.Popen([sys.executable, "-m", "generator", "watch", SOLO,
                                    "--content", "content", "--output", "out"], cwd=tmp,
                                   env={**(env or os.environ), "PYTHONPATH": str(repo)},
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            for line in watcher.stdout:  # the first build, then "watching …"
                if line.startswith("watching"):
                    break
            time.sleep(1.0)  # its listener registered (it answers every 200 ms)
            times = []
            for text in edits(chapter, runs):
                before = pdf.stat().st_mtime_ns
                start = time.perf_counter()
                chapter.write_text(text, encoding="utf-8")
                while pdf.stat().st_mtime_ns == before:
                    if watcher.poll() is not None or time.perf_counter() - start > WATCH_LIMIT:
                        sys.exit(f"benchmark: no new PDF from `rulebook watch` within "
                                 f"{WATCH_LIMIT} s of a save (watcher exit status "
                                 f"{watcher.poll()})")
                    time.sleep(0.002)
                times.append(time.perf_counter() - start)
                time.sleep(1.5)  # the rest of the build (HTML, figures) and the settling
        finally:
            watcher.terminate()
            watcher.wait()
    return times


def watch_child(repo: Path, runs: int) -> None:
    """In a fresh interpreter whose `generator` is `repo`'s: build once, then edit and rebuild
    (the whole rebuild, as a plain `build_book` writes it: the watcher's own writes its PDF
    first); print each rebuild's seconds on one line."""
    sys.path.insert(0, str(repo))
    from generator.build import build_book

    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        shutil.copytree(repo / "content", content)
        folder, output = content / SOLO, Path(tmp) / "output"
        build_book(folder, output)  # the watcher's first build (imports, fonts, caches)
        try:
            from generator.watch import settle  # what the watcher does after each build
        except ImportError:  # an older checkout (--repo)
            def settle():
                pass
        settle()
        chapter = folder / CHAPTER
        times = []
        for text in edits(chapter, runs):
            chapter.write_text(text, encoding="utf-8")
            start, cpu = time.perf_counter(), time.process_time()
            build_book(folder, output)
            times.append((time.perf_counter() - start, time.process_time() - cpu))
            settle()
        print(" ".join(f"{wall:.4f}:{cpu:.4f}" for wall, cpu in times))


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (default 5)")
    parser.add_argument("--repo", type=Path, default=REPO,
                        help="the checkout to time (default: this one)")
    parser.add_argument("--skip-pandoc", action="store_true",
                        help="do not time pandoc (ratio (c) is then not measured)")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="time the commands as this environment starts them, compiling "
                             "every module again if PYTHONDONTWRITEBYTECODE is set")
    parser.add_argument("--watch-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    repo = args.repo.resolve()
    if args.watch_child:
        watch_child(repo, args.runs)
        return

    rulebook = [sys.executable, "-m", "generator"]
    seeds = None if args.skip_pandoc else seeds_folder()
    if seeds is not None and not (shutil.which("pandoc") and shutil.which("xelatex")):
        print("pandoc or xelatex not found: ratio (c) not measured (apt-get install "
              "pandoc texlive-xetex texlive-lang-spanish texlive-fonts-recommended "
              "fonts-lmodern lmodern)")
        seeds = None
    all_seeds = sorted(seeds.glob("0*.txt")) if seeds else []
    solo_seed = next((s for s in all_seeds if s.name.startswith(SOLO_SEED)), None)

    check = Series(f"rulebook check {SOLO}")
    solo_cold = Series(f"rulebook build {SOLO} (cold)")
    solo_again = Series(f"rulebook build {SOLO} (again, same output)")
    all_cold = Series("rulebook build (all books, cold)")
    pandoc_solo = Series("pandoc + xelatex, solo seed")
    pandoc_all = Series(f"pandoc + xelatex, all {len(all_seeds)} seeds, one by one")
    pycache = tempfile.TemporaryDirectory()
    env = None if args.no_bytecode else bytecode_env(repo, Path(pycache.name))
    print(f"timing {repo} with {sys.executable}, {args.runs} runs each, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; compiled modules "
          f"{'as this environment has them' if env is None else 'kept'}; "
          f"seeds: {seeds or 'none'}", flush=True)
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            check.add(*timed([*rulebook, "check", SOLO], repo, env))
            solo_cold.add(*timed([*rulebook, "build", SOLO, "--output", str(tmp / "solo")], repo,
                                 env))
            solo_again.add(*timed([*rulebook, "build", SOLO, "--output", str(tmp / "solo")],
                                  repo, env))
            all_cold.add(*timed([*rulebook, "build", "--output", str(tmp / "all")], repo, env))
            if solo_seed:
                (tmp / "pandoc").mkdir()
                pandoc_solo.add(*timed(pandoc(solo_seed, tmp / "pandoc"), tmp))
                wall = cpu = 0.0
                for seed in all_seeds:
                    w, c = timed(pandoc(seed, tmp / "pandoc"), tmp)
                    wall, cpu = wall + w, cpu + c
                pandoc_all.add(wall, cpu)
        print(f"  run {run + 1}/{args.runs} done", flush=True)

    child = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--watch-child",
                            "--repo", str(repo), "--runs", str(max(args.runs, 5))],
                           capture_output=True, text=True)
    if child.returncode != 0:
        sys.exit(f"benchmark: the watch-mode rebuild failed:\n{child.stderr[-2000:]}")
    rebuild = Series(f"watch: {SOLO} rebuilt alone, in process")
    for seconds in child.stdout.split():  # wall:cpu of each rebuild
        rebuild.add(*(float(part) for part in seconds.split(":")))
    watch = Series(f"rulebook watch {SOLO}: saved -> new PDF")
    for seconds in watch_saved(repo, max(args.runs, 5), env):
        watch.add(seconds)  # the watcher's CPU is not this process's to count: "n/a"

    print("\nmedians (wall clock; cpu = the process and its children, where counted):")
    for series in (check, solo_cold, solo_again, all_cold, rebuild, watch):
        print(series.line())
    if solo_seed:
        print(pandoc_solo.line())
        print(pandoc_all.line())

    print("\ntargets:")
    print(f"  (a) rulebook check {SOLO}: {check.median:.2f} s, target <= {TARGET_CHECK} s "
          f"(x{check.median / TARGET_CHECK:.2f} of target): {verdict(check.median <= TARGET_CHECK)}")
    print(f"  (b) one-paragraph edit saved -> new PDF: {watch.median:.2f} s, target <= "
          f"{TARGET_WATCH} s (x{watch.median / TARGET_WATCH:.2f} of target): "
          f"{verdict(watch.median <= TARGET_WATCH)}")
    if solo_seed:
        ratio = all_cold.median / pandoc_all.median
        print(f"  (c) cold build of all books / pandoc+xelatex on all seeds: "
              f"{all_cold.median:.2f} / {pandoc_all.median:.2f} s = {ratio:.2f}, "
              f"target <= {TARGET_RATIO}: {verdict(ratio <= TARGET_RATIO)}")
        print(f"      (for reference: cold build of {SOLO} / pandoc on its seed: "
              f"{solo_cold.median:.2f} / {pandoc_solo.median:.2f} s = "
              f"{solo_cold.median / pandoc_solo.median:.2f})")
    else:
        print("  (c) not measured: no pandoc/xelatex or no seed texts")


if __name__ == "__main__":
    main()
