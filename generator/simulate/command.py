"""`rulebook simulate`: a run with a progress bar, its report, comparisons, replays."""

from __future__ import annotations

import dataclasses
import time

from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ..content.model import Book
from ..errors import GeneratorError
from ..examples.solo import rules_for
from ..i18n import decimal, translator
from .difficulty import save_difficulty
from .engines import missing_parts, players as engine_players
from .engines import replay_log as engine_replay
from .engines import run as run_engine
from .report import (goal_table, outcome_table, points_table, summary_table, titles_table,
                     verdict_table)
from .runner import replay_log, run
from .solver import DEFAULT_NODES, Bracket
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


def _variants(base, compare: str | None, language: str = "es") -> dict[str, object]:
    """The rules each run plays, by its column's head: the book's own ("esta edición"), or
    each value `--compare` gives."""
    if not compare:
        return {translator(language).gettext("this edition"): base}
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
    t = translator(language)
    label = t.gettext("this edition")
    start = time.perf_counter()
    records = _with_progress(out, label, args.games, lambda progress: run_engine(
        engine, args.games, args.seed, args.player, args.jobs, progress=progress,
        scheduler=getattr(args, "scheduler", None)))
    took = time.perf_counter() - start
    summaries = {label: summarise(records)}
    _timing(out, language, label, args, records, took)
    means = getattr(engine, "won_means", None)
    if means:
        out.print(escape(t.gettext(means)), soft_wrap=True)
    out.print(outcome_table(_title(book, args), summaries, language))
    goal = book.components.game.goal if book.components.game else None
    if book.scores:
        out.print(titles_table(t.gettext("titles at the end"), summaries, book.scores,
                               language))
    elif goal:
        out.print(goal_table(t.gettext("points at the end"), summaries, goal, language))


def _timing(out, language: str, label: str, args, records, took: float) -> None:
    """How long a run took, in wall-clock and CPU time, and how to replay its first game."""
    t = translator(language)
    out.print(t.gettext("{label}: {games} games in {seconds} s ({rate} games/s with {jobs} "
                        "job(s)); first game seed {seed} (replay with --replay {seed})").format(
        label=label, games=args.games, seconds=decimal(took, language), jobs=args.jobs,
        rate=decimal(args.games / took, language, 0 if args.games >= 10 * took else 2),
        seed=records[0].seed))
    cpu = sum(r.cpu for r in records)
    out.print(t.gettext("{label}: CPU {total} s in all, {each} s per game").format(
        label=label, total=decimal(cpu, language), each=decimal(cpu / len(records), language,
                                                                  2)))


def _title(book: Book, args) -> str:
    """The report's title: "solo-catan, jugador greedy, semilla 1"."""
    return translator(book.meta.language).gettext("{book}, player {player}, seed {seed}").format(
        book=book.slug, player=args.player, seed=args.seed)


def _stored_budget(player: str, budget: int | None) -> int | None:
    """The budget a stored run names in its command: the one played, default or not, so the
    command reproduces the run even if a default changes; none for a player without one."""
    from .players import BUDGETED, make_player
    return make_player(player, budget).budget if player in BUDGETED else None


def solo_command(book: Book, args, out) -> None:
    """The solo engine's simulator: its players, `--compare` of rule readings, `--save` of
    the book's difficulty appendix."""
    from .players import PLAYERS
    if args.player not in PLAYERS:  # the CLI offers every engine's players by name
        raise GeneratorError(f"--player {args.player}: engine 'solo-catan' has no such "
                             f"player; expected one of {', '.join(sorted(PLAYERS))}")
    if args.games < 1 or args.jobs < 1:
        raise GeneratorError("--games and --jobs must be at least 1")
    budget = getattr(args, "budget", None)
    if budget is not None and budget < 1:  # play-outs per decision, or nodes per deal
        raise GeneratorError(f"--budget {budget}: expected at least 1")
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
    language = book.meta.language
    variants = _variants(base, args.compare, language)
    summaries, verdicts, played = {}, {}, {}
    for label, rules in variants.items():
        start = time.perf_counter()
        records = _with_progress(out, label, args.games, lambda progress, rules=rules: run(
            rules, args.games, args.seed, args.player, args.jobs, progress=progress,
            budget=getattr(args, "budget", None), scheduler=getattr(args, "scheduler", None)))
        took = time.perf_counter() - start
        summaries[label], played[label] = summarise(records), records
        if any(r.verdict for r in records):  # a clairvoyant run: each deal has a verdict
            verdicts[label] = Bracket.of(records)
        _timing(out, language, label, args, records, took)
    out.print(summary_table(_title(book, args), summaries, language))
    goal = min(getattr(r, "goal", base.goal) for r in variants.values())
    out.print(points_table(translator(language).gettext("points at the end"), summaries, goal,
                           language))
    if verdicts:
        out.print(verdict_table(verdicts, budget or DEFAULT_NODES, language))
    if args.save:
        label = next(iter(summaries))
        file = save_difficulty(book, args, base, played[label], summaries[label],
                               _stored_budget(args.player, budget))
        out.print(f"[green]saved[/] {file}")
