"""`rulebook simulate`: runs with a progress bar, their report, comparisons, replays.

A report has one column per run. `--player greedy,strong,clairvoyant` plays the same deals
(the same `--seed`) with each player, and `--compare PARAM=V1,V2` the same deals under each
value of a rule parameter; with both, every player under every value, a player's columns
side by side.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Mapping

from babel.numbers import format_decimal
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from generator.content.model import Book
from generator.errors import UsageError
from generator.core.i18n import decimal, translator
from generator.examples.protocol import declares
from generator.simulate.engines import players as engine_players
from generator.simulate.engines import replay_log as engine_replay
from generator.simulate.engines import run as run_engine
from generator.simulate.engines import simulations
from generator.simulate.report import goal_table, outcome_table, titles_table, verdict_table
from generator.simulate.options import MAX_COMPARED, MAX_GAMES_IN_ALL
from generator.simulate.runs import workers
from generator.core.stats import Bracket, summarise


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
    changes: dict  # the rule changes it plays under (`--compare`): {} for the book's own


def columns(players: list[str], variants: dict[str, dict]) -> list[Column]:
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
            found.append(Column(label, player, rules))
    return found


def simulate_command(book: Book, args, out) -> None:
    """`rulebook simulate BOOK` for any engine that plays whole games alone: a "simulation"
    is played as it is; a "variants" engine under each rule reading `--compare` gives, its
    players at their `--budget`; with "stored-runs", `--save` stores each run in the book."""
    from generator.examples.replay import adapter_for
    engine = adapter_for(book)
    sims = simulations(book, engine)
    variants = declares(engine, "variants")
    _refuse_what_it_lacks(book, engine, args)
    players = chosen_players(args.player, engine_players(sims({}, None)), book.meta.engine)
    offered = engine.budgets if variants else {}
    budget = budgets(args.budget, players, offered)
    if args.replay is not None:
        player = one_to_replay(players)
        lines = engine_replay(sims({}, budget[player]), args.replay, player)
        for number, line in enumerate(lines, start=1):
            out.print(f"{number:4} {line}")
        return
    language = book.meta.language
    t = translator(language)
    changes = compared(args.compare, engine.comparable if variants else {}, t)
    check_counts(args, len(players) * len(changes))
    summaries, verdicts, played = {}, {}, []
    for column in columns(players, changes):
        start = time.perf_counter()
        sim = sims(column.changes, budget[column.player])
        records = with_progress(out, column.label, args.games, lambda progress, sim=sim, c=column:
                                run_engine(sim, args.games, args.seed, c.player, args.jobs,
                                           progress=progress, scheduler=args.scheduler))
        summaries[column.label] = summarise(records)
        played.append((column, records))
        if any(r.verdict for r in records):  # a player that proves its deals
            verdicts[column.label] = Bracket.of(records)
        timing(out, language, column.label, args, records, time.perf_counter() - start)
    report(book, out, sims({}, None), players, summaries, args.seed,
           {label: change.get("goal") for label, change in changes.items()})
    if verdicts:
        player = next(c.player for c, _ in played if c.label in verdicts)
        out.print(verdict_table(_budget_head(player, budget[player], offered, t), verdicts,
                                language))
    if args.save:  # one run per player and rules, each stored with the command that
        file = engine.save_runs(args.seed, [  # reproduces it alone
            (column.player, records, budget[column.player], column.changes)
            for column, records in played])
        for column, _ in played:
            out.print(f"[green]saved[/] {file} "
                      f"({column.label if args.compare else column.player})")


def _budget_head(player: str, budget: int | None, offered: Mapping, t) -> str:
    """ "clairvoyant, 200.000 nodos de búsqueda por reparto": a player with its budget."""
    if player not in offered:
        return player
    return t.gettext("{player}, {budget} {unit}").format(
        player=player, budget=format_decimal(budget or offered[player].default,
                                             locale=t.language),
        unit=t.gettext(offered[player].unit))


def report(book: Book, out, sim, players: list[str], summaries: dict, seed: int,
           goals: dict) -> None:
    """The report's tables: what a win means (`won_means`), the outcome of each run, then
    its points at the end in the book's score table (`scores.yaml`) or in bands up to the
    goal (the lowest of the compared goals)."""
    language = book.meta.language
    t = translator(language)
    means = getattr(sim, "won_means", None)
    if means:
        out.print(escape(t.gettext(means)), soft_wrap=True)
    out.print(outcome_table(title(book, seed, players), summaries, language,
                            getattr(sim, "end_names", {}), getattr(sim, "event_names", {})))
    game = book.components.game
    goal = min((g for g in goals.values() if g), default=game.goal if game else None)
    if book.scores:
        out.print(titles_table(t.gettext("titles at the end"), summaries, book.scores,
                               language))
    elif goal:
        out.print(goal_table(t.gettext("points at the end"), summaries, goal, language))


def _refuse_what_it_lacks(book: Book, engine, args) -> None:
    """The options an engine has no part for: `--compare` and `--budget` need "variants",
    `--save` needs "stored-runs"."""
    lacking = {"--compare": (args.compare, "variants"), "--budget": (args.budget, "variants"),
               "--save": (args.save or None, "stored-runs")}
    for option, (value, part) in lacking.items():
        if value is not None and not declares(engine, part):
            raise UsageError(f"{option}: engine '{book.meta.engine}' has no rule readings, "
                             f"player budgets or stored runs to give it (it does not declare "
                             f"\"{part}\"); expected {book.slug} simulated without {option}")


def compared(text: str | None, comparable: Mapping, t) -> dict[str, dict]:
    """The rule changes of each run by its column's head: none under the book's own rules
    ("esta edición"), or one per value `--compare NAME=V1,V2` gives."""
    if not text:
        return {t.gettext("this edition"): {}}
    name, _, values = text.partition("=")
    shown = text if len(text) <= 80 else text[:80] + "…"
    if name not in comparable or not values:
        raise UsageError(f"--compare {shown!r}: expected one of "
                         f"{', '.join(f'{k}=V1,V2' for k in comparable)}")
    if values.count(",") >= MAX_COMPARED:
        raise UsageError(f"--compare {shown!r}: {values.count(',') + 1:,} values; "
                         f"expected at most {MAX_COMPARED}")
    try:
        parsed = [comparable[name](v) for v in values.split(",")]
    except ValueError as error:
        raise UsageError(f"--compare {shown!r}: {error}") from None
    return {f"{name}={v}": {name: v} for v in parsed}


def budgets(text: str | None, players: list[str], offered: Mapping) -> dict[str, int | None]:
    """Each player's `--budget`, None for its default. `--budget N` gives N to every player
    that has a budget, in its own unit, so with several it is rarely what is meant;
    `--budget strong=16,clairvoyant=400000` gives each its own."""
    found: dict[str, int | None] = {player: None for player in players}
    if text is None:
        return found
    expected = ("expected a whole number of at least 1, or PLAYER=N for each of "
                f"{', '.join(sorted(offered))}, separated by commas")
    named = "=" in text
    for part in text.split(","):
        player, _, value = part.rpartition("=") if named else ("", "", part)
        player = player.strip()
        try:
            budget = int(value)
        except ValueError:
            raise UsageError(f"--budget {text[:40]}: {value.strip()[:40]!r} is not a number; "
                             f"{expected}") from None
        if budget < 1:
            raise UsageError(f"--budget {text[:40]}: {budget} is below 1; {expected}")
        if named and player not in offered:
            raise UsageError(f"--budget {text[:40]}: {player!r} has no budget; {expected}")
        if named and player not in players:
            raise UsageError(f"--budget {text[:40]}: {player} does not play; expected it in "
                             "--player too")
        given = [player] if named else [p for p in players if p in offered] or sorted(offered)
        for name in given:
            if budget > offered[name].most:
                raise UsageError(f"--budget {text[:40]}: {budget:,} is above {name}'s "
                                 f"maximum; expected at most {offered[name].most:,} "
                                 f"({offered[name].unit})")
            if name in found:
                found[name] = budget
    return found


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


def timing(out, language: str, label: str, args, records, took: float) -> None:
    """How long a run took, in wall-clock and CPU time, and how to replay its first game."""
    t = translator(language)
    # The workers this machine started (runs.workers); on a cluster, --jobs as given.
    jobs = args.jobs if args.scheduler else workers(args.jobs, args.games)
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
