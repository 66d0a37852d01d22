"""`rulebook simulate`: a run with a progress bar, its report, comparisons, replays."""

from __future__ import annotations

import dataclasses
import time

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ..content.model import Book
from ..errors import GeneratorError
from ..examples.solo import rules_for
from .difficulty import save_difficulty
from .report import points_table, summary_table
from .runner import replay_log, run
from .stats import summarise

def _flag(text: str) -> bool:
    if text.lower() not in ("true", "false", "yes", "no", "1", "0"):
        raise ValueError(text)
    return text.lower() in ("true", "yes", "1")


COMPARABLE = {"goal": int, "university_unlimited": _flag, "loose_anytime": _flag}


def _variants(base, compare: str | None) -> dict[str, object]:
    if not compare:
        return {"esta edición": base}
    name, _, values = compare.partition("=")
    if name not in COMPARABLE or not values:
        raise GeneratorError(f"--compare {compare!r}: expected one of "
                             f"{', '.join(f'{k}=V1,V2' for k in COMPARABLE)}")
    try:
        parsed = [COMPARABLE[name](v) for v in values.split(",")]
    except ValueError:
        raise GeneratorError(f"--compare {compare!r}: values must be whole numbers "
                             "(goal) or true/false (the others)") from None
    if name == "goal" and any(v < 1 for v in parsed):
        bad = ", ".join(str(v) for v in parsed if v < 1)
        raise GeneratorError(f"--compare {compare!r}: goal {bad} cannot be played; expected "
                             "goals of at least 1 point")
    return {f"{name}={v}": dataclasses.replace(base, **{name: v}) for v in parsed}


def simulate_command(book: Book, args, out) -> None:
    if book.meta.engine != "solo-catan":
        raise GeneratorError(f"{book.slug}: no simulator for this book's rules yet")
    if args.games < 1 or args.jobs < 1:
        raise GeneratorError("--games and --jobs must be at least 1")
    if args.save and args.compare:
        # The stored run is what the book prints: only a run by the book's own rules.
        raise GeneratorError(f"--save with --compare {args.compare!r}: the stored run must "
                             "be played by the book's own rules; expected --save without "
                             "--compare")
    base = rules_for(book)
    if args.replay is not None:
        for number, line in enumerate(replay_log(base, args.replay, args.player,
                                                 getattr(args, "budget", None)), start=1):
            out.print(f"{number:4} {line}")
        return
    summaries = {}
    for label, rules in _variants(base, args.compare).items():
        start = time.perf_counter()
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(), console=out,
                      transient=True) as bar:
            task = bar.add_task(label, total=args.games)
            records = run(rules, args.games, args.seed, args.player, args.jobs,
                          progress=lambda n: bar.advance(task, n),
                          budget=getattr(args, "budget", None),
                          scheduler=getattr(args, "scheduler", None))
        took = time.perf_counter() - start
        summaries[label] = summarise(records)
        out.print(f"{label}: {args.games} games in {took:.1f} s "
                  f"({args.games / took:.0f} games/s with {args.jobs} job(s)); first game seed "
                  f"{records[0].seed} (replay with --replay {records[0].seed})")
        cpu = sum(r.cpu for r in records)
        out.print(f"{label}: CPU {cpu:.1f} s in all, {cpu / len(records):.2f} s per game")
    out.print(summary_table(f"{book.slug}, jugador {args.player}, semilla {args.seed}",
                            summaries))
    goal = min(getattr(r, "goal", base.goal) for r in _variants(base, args.compare).values())
    out.print(points_table("puntos al final", summaries, goal))
    if args.save:
        file = save_difficulty(book, args, base, next(iter(summaries.values())))
        out.print(f"[green]saved[/] {file}")
