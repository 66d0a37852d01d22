"""`rulebook simulate`: a run with a progress bar, its report, comparisons, replays."""

from __future__ import annotations

import dataclasses
import time

from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ..content.model import Book
from ..errors import GeneratorError
from ..examples.solo import rules_for
from .difficulty import save_difficulty
from .engines import missing_parts, players as engine_players
from .engines import replay_log as engine_replay
from .engines import run as run_engine
from .report import (goal_table, outcome_table, points_table, summary_table, titles_table,
                     words_for)
from .runner import replay_log, run
from .stats import summarise

def _with_progress(out, label: str, games: int, play):
    """`play(progress)`'s result, with a bar that `progress(n)` advances by n games."""
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=out,
                  transient=True) as bar:
        task = bar.add_task(label, total=games)
        return play(lambda n: bar.advance(task, n))


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
    """`rulebook simulate BOOK`: the engine's own simulator if it has one (the solo
    engine's), else the generic one for any engine that can play whole games alone."""
    from ..examples.replay import adapter_for
    engine = adapter_for(book)
    own = getattr(engine, "simulate_command", None)
    if callable(own):
        own(args, out)
        return
    missing = missing_parts(engine)
    if missing:
        raise GeneratorError(f"{book.slug}: no simulator for engine '{book.meta.engine}': it "
                             f"cannot play whole games alone (it lacks {', '.join(missing)}; "
                             "see docs/engines.md, Simulation)")
    engine_command(book, engine, args, out)


def _refuse_solo_options(book: Book, args) -> None:
    """Options that only the solo engine's simulator understands."""
    solo_only = {"--compare": args.compare, "--save": args.save or None,
                 "--budget": getattr(args, "budget", None)}
    for option, value in solo_only.items():
        if value is not None:
            raise GeneratorError(f"{option}: only the solo-catan engine's simulator has it; "
                                 f"expected {book.slug} simulated without {option}")


def engine_command(book: Book, engine, args, out) -> None:
    """Any engine's run: a progress bar, the timing lines and the report tables, as the solo
    simulator prints them."""
    if args.games < 1 or args.jobs < 1:
        raise GeneratorError("--games and --jobs must be at least 1")
    _refuse_solo_options(book, args)
    offered = sorted(engine_players(engine))
    if args.player not in offered:
        raise GeneratorError(f"--player {args.player}: engine '{book.meta.engine}' has no such "
                             f"player; expected one of {', '.join(offered)}")
    if args.replay is not None:
        for number, line in enumerate(engine_replay(engine, args.replay, args.player), start=1):
            out.print(f"{number:4} {line}")
        return
    language = book.meta.language
    label = "esta edición" if language == "es" else "this edition"
    start = time.perf_counter()
    records = _with_progress(out, label, args.games, lambda progress: run_engine(
        engine, args.games, args.seed, args.player, args.jobs, progress=progress,
        scheduler=getattr(args, "scheduler", None)))
    took = time.perf_counter() - start
    summaries = {label: summarise(records)}
    out.print(f"{label}: {args.games} games in {took:.1f} s "
              f"({args.games / took:.0f} games/s with {args.jobs} job(s)); first game seed "
              f"{records[0].seed} (replay with --replay {records[0].seed})")
    cpu = sum(r.cpu for r in records)
    out.print(f"{label}: CPU {cpu:.1f} s in all, {cpu / len(records):.2f} s per game")
    means = getattr(engine, "won_means", None)
    if means:
        out.print(escape(means), soft_wrap=True)
    w = words_for(language)
    out.print(outcome_table(w["title"].format(book=book.slug, player=args.player,
                                              seed=args.seed), summaries, language))
    goal = book.components.game.goal if book.components.game else None
    if book.scores:
        out.print(titles_table(w["titles"], summaries, book.scores, language))
    elif goal:
        out.print(goal_table(w["points_end"], summaries, goal, language))


def solo_command(book: Book, args, out) -> None:
    """The solo engine's simulator: its players, `--compare` of rule readings, `--save` of
    the book's difficulty appendix."""
    from .players import PLAYERS
    if args.player not in PLAYERS:  # the CLI offers every engine's players by name
        raise GeneratorError(f"--player {args.player}: engine 'solo-catan' has no such "
                             f"player; expected one of {', '.join(sorted(PLAYERS))}")
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
        records = _with_progress(out, label, args.games, lambda progress, rules=rules: run(
            rules, args.games, args.seed, args.player, args.jobs, progress=progress,
            budget=getattr(args, "budget", None), scheduler=getattr(args, "scheduler", None)))
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
