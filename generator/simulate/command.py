"""`rulebook simulate`: runs with a progress bar, their report, comparisons, replays.

A report has one column per run. `--player greedy,strong,clairvoyant` plays the same deals
(the same `--seed`) with each player, and `--compare PARAM=V1,V2` the same deals under each
value of a rule parameter; with both, every player under every value, a player's columns
side by side.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from babel.numbers import format_decimal
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from generator.content.model import Book
from generator.errors import GeneratorError, UsageError
from generator.core.i18n import decimal, translator
from generator.examples.protocol import SIMULATION, declares
from generator.simulate.engines import players as engine_players
from generator.simulate.engines import replay_log as engine_replay
from generator.simulate.engines import run as run_engine
from generator.simulate.report import goal_table, outcome_table, titles_table
from generator.simulate.options import MAX_GAMES_IN_ALL
from generator.simulate.runs import workers
from generator.core.stats import summarise


def with_progress(out, label: str, games: int, play):
    """`play(progress)`'s result, with a bar that `progress(n)` advances by n games."""
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=out,
                  transient=True) as bar:
        task = bar.add_task(label, total=games)
        return play(lambda n: bar.advance(task, n))


def chosen_players(text: str, offered, engine: str) -> list[str]:
    """The players `--player` names, in its order: one ("greedy") or several separated by
    commas ("greedy,strong,clairvoyant"); a name given twice is played once."""
    names = list(dict.fromkeys(name.strip() for name in text.split(",")))
    unknown = [name for name in names if name not in offered]
    if unknown:
        which = f" ({', '.join(unknown)})" if len(names) > 1 else ""
        raise UsageError(f"--player {text}: engine '{engine}' has no such player{which}; "
                             f"expected one of {', '.join(sorted(offered))}, or several "
                             "separated by commas")
    return names


@dataclass(frozen=True)
class Column:
    """One run of a report: a player under one set of rules, headed by `label`."""
    label: str
    player: str
    rules: object  # the solo engine's Ruleset; None for another engine (its own rules)
    variant: str = ""  # the rules' head in `variants`


def columns(players: list[str], variants: dict[str, object]) -> list[Column]:
    """Every player under every set of rules, a player's runs side by side. The head is
    the player's name when several play, the variant's when there are several, or both."""
    found = []
    for player in players:
        for variant, rules in variants.items():
            if len(players) == 1:
                label = variant
            elif len(variants) == 1:
                label = player
            else:
                label = f"{player}, {variant}"
            found.append(Column(label, player, rules, variant))
    return found


def simulate_command(book: Book, args, out) -> None:
    """`rulebook simulate BOOK`: the engine's own simulator if it has one
    (`simulate_command`: the solo game's), else the generic one for any engine that can
    play whole games alone."""
    from generator.examples.replay import adapter_for
    engine = adapter_for(book)
    if declares(engine, "own-simulator"):
        engine.simulate_command(args, out)
        return
    if not declares(engine, "simulation"):
        raise GeneratorError(f"{book.slug}: no simulator for engine '{book.meta.engine}': it "
                             f"cannot play whole games alone (it does not declare "
                             f"\"simulation\" in `provides`, with {', '.join(SIMULATION)}; "
                             "see docs/engines.md, Simulation)")
    engine_command(book, engine, args, out)


def _refuse_own_options(book: Book, args) -> None:
    """Options that only an engine's own simulator understands (`simulate_command`)."""
    solo_only = {"--compare": args.compare, "--save": args.save or None,
                 "--budget": getattr(args, "budget", None)}
    for option, value in solo_only.items():
        if value is not None:
            raise UsageError(f"{option}: only an engine with a simulator of its own has "
                                 f"it, and engine '{book.meta.engine}' has none; expected "
                                 f"{book.slug} simulated without {option}")


def check_counts(args, runs: int) -> None:
    """The games of all `runs` (players × compared values) within MAX_GAMES_IN_ALL: every
    run's records are kept until the report (--games and --jobs alone: the command line)."""
    if args.games * runs > MAX_GAMES_IN_ALL:
        raise UsageError(f"--games {args.games:,} in each of {runs} runs (--player, "
                             f"--compare) plays {args.games * runs:,} games; expected at most "
                             f"{MAX_GAMES_IN_ALL:,} in all")


def one_to_replay(players: list[str]) -> str:
    if len(players) > 1:
        raise UsageError(f"--replay prints one game of one player; expected one --player, "
                             f"not {','.join(players)}")
    return players[0]


def engine_command(book: Book, engine, args, out) -> None:
    """Any engine's run: a progress bar, the timing lines and the report tables, as the solo
    simulator prints them."""
    _refuse_own_options(book, args)
    players = chosen_players(args.player, engine_players(engine), book.meta.engine)
    check_counts(args, len(players))
    if args.replay is not None:
        player = one_to_replay(players)
        for number, line in enumerate(engine_replay(engine, args.replay, player), start=1):
            out.print(f"{number:4} {line}")
        return
    language = book.meta.language
    t = translator(language)
    summaries = {}
    for column in columns(players, {t.gettext("this edition"): None}):
        start = time.perf_counter()
        records = with_progress(out, column.label, args.games, lambda progress, c=column:
                                 run_engine(engine, args.games, args.seed, c.player, args.jobs,
                                            progress=progress,
                                            scheduler=getattr(args, "scheduler", None)))
        summaries[column.label] = summarise(records)
        timing(out, language, column.label, args, records, time.perf_counter() - start)
    means = getattr(engine, "won_means", None)
    if means:
        out.print(escape(t.gettext(means)), soft_wrap=True)
    out.print(outcome_table(title(book, args.seed, players), summaries, language))
    goal = book.components.game.goal if book.components.game else None
    if book.scores:
        out.print(titles_table(t.gettext("titles at the end"), summaries, book.scores,
                               language))
    elif goal:
        out.print(goal_table(t.gettext("points at the end"), summaries, goal, language))


def timing(out, language: str, label: str, args, records, took: float) -> None:
    """How long a run took, in wall-clock and CPU time, and how to replay its first game."""
    t = translator(language)
    # The workers this machine started (runs.workers); on a cluster, --jobs as given.
    jobs = args.jobs if getattr(args, "scheduler", None) else workers(args.jobs, args.games)
    out.print(t.gettext("{label}: {games} games in {seconds} s ({rate} games/s with {jobs} "
                        "job(s)); first game seed {seed} (replay with --replay {seed})").format(
        label=label, games=format_decimal(args.games, locale=language),
        seconds=decimal(took, language), jobs=jobs,
        rate=decimal(args.games / took, language, 0 if args.games >= 10 * took else 2),
        seed=records[0].seed))
    cpu = sum(r.cpu for r in records)
    out.print(t.gettext("{label}: CPU {total} s in all, {each} s per game").format(
        label=label, total=decimal(cpu, language), each=decimal(cpu / len(records), language,
                                                                  2)))


def title(book: Book, seed: int, players: list[str]) -> str:
    """The report's title: "my-game, jugador greedy, semilla 1", or "my-game,
    jugadores greedy, strong y clairvoyant, semilla 1"."""
    t = translator(book.meta.language)
    if len(players) == 1:
        return t.gettext("{book}, player {player}, seed {seed}").format(
            book=book.slug, player=players[0], seed=seed)
    return t.gettext("{book}, players {players}, seed {seed}").format(
        book=book.slug, players=t.join(players), seed=seed)
