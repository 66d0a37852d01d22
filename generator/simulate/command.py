"""`rulebook simulate`: runs with a progress bar, their report, comparisons, replays.

A report has one column per run. `--player greedy,strong,clairvoyant` plays the same deals
(the same `--seed`) with each player, and `--compare PARAM=V1,V2` the same deals under each
value of a rule parameter; with both, every player under every value, a player's columns
side by side.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

from babel.numbers import format_decimal
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from generator.content.model import Book
from generator.errors import GeneratorError
from generator.examples.solo import rules_for
from generator.core.i18n import decimal, translator
from generator.simulate.difficulty import save_difficulty
from generator.simulate.engines import missing_parts, players as engine_players
from generator.simulate.engines import replay_log as engine_replay
from generator.simulate.engines import run as run_engine
from generator.simulate.report import (goal_table, outcome_table, points_table, summary_table,
                                       titles_table, verdict_table)
from generator.simulate.options import (BUDGET_UNIT, MAX_BUDGET, MAX_COMPARED, MAX_GAMES_IN_ALL,
                                        MAX_GOAL)
from generator.simulate.runner import replay_log, run, workers
from generator.core.stats import Bracket, summarise
from generator.simulate.solver import DEFAULT_NODES


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


#: The rule parameters `--compare` can change (engine/solo/ruleset.py): the goal, and each
#: reading of the rulings that change the game (R09's University, R07's loose cards).
COMPARABLE = {"goal": int, "university_unlimited": _flag, "loose_anytime": _flag}


def _variants(base, compare: str | None, language: str = "es") -> dict[str, object]:
    """The rules each run plays, by its column's head: the book's own ("esta edición"), or
    each value `--compare` gives."""
    if not compare:
        return {translator(language).gettext("this edition"): base}
    name, _, values = compare.partition("=")
    shown = compare if len(compare) <= 80 else compare[:80] + "…"
    if name not in COMPARABLE or not values:
        raise GeneratorError(f"--compare {shown!r}: expected one of "
                             f"{', '.join(f'{k}=V1,V2' for k in COMPARABLE)}")
    if values.count(",") >= MAX_COMPARED:
        raise GeneratorError(f"--compare {shown!r}: {values.count(',') + 1:,} values; "
                             f"expected at most {MAX_COMPARED}")
    try:
        parsed = [COMPARABLE[name](v) for v in values.split(",")]
    except ValueError:
        raise GeneratorError(f"--compare {shown!r}: values must be whole numbers "
                             "(goal) or true/false (the others)") from None
    if name == "goal" and any(not 1 <= v <= MAX_GOAL for v in parsed):
        bad = ", ".join(f"{v:,}" for v in parsed if not 1 <= v <= MAX_GOAL)
        raise GeneratorError(f"--compare {shown!r}: goal {bad} cannot be played; expected "
                             f"goals from 1 to {MAX_GOAL} points")
    return {f"{name}={v}": dataclasses.replace(base, **{name: v}) for v in parsed}


def chosen_players(text: str, offered, engine: str) -> list[str]:
    """The players `--player` names, in its order: one ("greedy") or several separated by
    commas ("greedy,strong,clairvoyant"); a name given twice is played once."""
    names = list(dict.fromkeys(name.strip() for name in text.split(",")))
    unknown = [name for name in names if name not in offered]
    if unknown:
        which = f" ({', '.join(unknown)})" if len(names) > 1 else ""
        raise GeneratorError(f"--player {text}: engine '{engine}' has no such player{which}; "
                             f"expected one of {', '.join(sorted(offered))}, or several "
                             "separated by commas")
    return names


def budgets(text: str | None, players: list[str]) -> dict[str, int | None]:
    """Each player's `--budget`, None for its default. `--budget N` gives N to every player
    that has a budget, in its own unit (strong: play-outs per decision; clairvoyant: search
    nodes per deal), so with both it is rarely what is meant; `--budget strong=16,
    clairvoyant=400000` gives each its own."""
    from generator.simulate.players import BUDGETED
    found: dict[str, int | None] = {player: None for player in players}
    if text is None:
        return found
    expected = ("expected a whole number of at least 1, or PLAYER=N for each of "
                f"{', '.join(sorted(BUDGETED))}, separated by commas")
    named = "=" in text
    for part in text.split(","):
        player, _, value = part.rpartition("=") if named else ("", "", part)
        player = player.strip()
        try:
            budget = int(value)
        except ValueError:
            raise GeneratorError(f"--budget {text}: {value.strip()!r} is not a number; "
                                 f"{expected}") from None
        if budget < 1:
            raise GeneratorError(f"--budget {text}: {budget} is below 1; {expected}")
        _check_budget(text, budget, [player] if named else
                      [p for p in players if p in BUDGETED] or sorted(BUDGETED))
        if not named:
            found.update({p: budget for p in players if p in BUDGETED})
        elif player not in BUDGETED:
            raise GeneratorError(f"--budget {text}: {player!r} has no budget; {expected}")
        elif player not in players:
            raise GeneratorError(f"--budget {text}: {player} does not play; expected it in "
                                 f"--player too")
        else:
            found[player] = budget
    return found


def _check_budget(text: str, budget: int, players: list[str]) -> None:
    """`budget` within each of `players`' maximum (options.py): `--budget 10**12` made the
    strong player list a trillion seeds for its first decision."""
    for player in players:
        most = MAX_BUDGET.get(player)
        if most is not None and budget > most:
            raise GeneratorError(f"--budget {text[:40]}: {budget:,} is above {player}'s "
                                 f"maximum; expected at most {most:,} ({BUDGET_UNIT[player]})")


@dataclass(frozen=True)
class Column:
    """One run of a report: a player under one set of rules, headed by `label`."""
    label: str
    player: str
    rules: object  # the solo engine's Ruleset; None for another engine (its own rules)


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
            found.append(Column(label, player, rules))
    return found


def simulate_command(book: Book, args, out) -> None:
    """`rulebook simulate BOOK`: the engine's own simulator if it has one (the solo
    engine's), else the generic one for any engine that can play whole games alone."""
    from generator.examples.replay import adapter_for
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


def _check_counts(args, runs: int) -> None:
    """The games of all `runs` (players × compared values) within MAX_GAMES_IN_ALL: every
    run's records are kept until the report (--games and --jobs alone: the command line)."""
    if args.games * runs > MAX_GAMES_IN_ALL:
        raise GeneratorError(f"--games {args.games:,} in each of {runs} runs (--player, "
                             f"--compare) plays {args.games * runs:,} games; expected at most "
                             f"{MAX_GAMES_IN_ALL:,} in all")


def _one_to_replay(players: list[str]) -> str:
    if len(players) > 1:
        raise GeneratorError(f"--replay prints one game of one player; expected one --player, "
                             f"not {','.join(players)}")
    return players[0]


def engine_command(book: Book, engine, args, out) -> None:
    """Any engine's run: a progress bar, the timing lines and the report tables, as the solo
    simulator prints them."""
    _refuse_solo_options(book, args)
    players = chosen_players(args.player, engine_players(engine), book.meta.engine)
    _check_counts(args, len(players))
    if args.replay is not None:
        player = _one_to_replay(players)
        for number, line in enumerate(engine_replay(engine, args.replay, player), start=1):
            out.print(f"{number:4} {line}")
        return
    language = book.meta.language
    t = translator(language)
    summaries = {}
    for column in columns(players, {t.gettext("this edition"): None}):
        start = time.perf_counter()
        records = _with_progress(out, column.label, args.games, lambda progress, c=column:
                                 run_engine(engine, args.games, args.seed, c.player, args.jobs,
                                            progress=progress,
                                            scheduler=getattr(args, "scheduler", None)))
        summaries[column.label] = summarise(records)
        _timing(out, language, column.label, args, records, time.perf_counter() - start)
    means = getattr(engine, "won_means", None)
    if means:
        out.print(escape(t.gettext(means)), soft_wrap=True)
    out.print(outcome_table(_title(book, args.seed, players), summaries, language))
    goal = book.components.game.goal if book.components.game else None
    if book.scores:
        out.print(titles_table(t.gettext("titles at the end"), summaries, book.scores,
                               language))
    elif goal:
        out.print(goal_table(t.gettext("points at the end"), summaries, goal, language))


def _timing(out, language: str, label: str, args, records, took: float) -> None:
    """How long a run took, in wall-clock and CPU time, and how to replay its first game."""
    t = translator(language)
    # The workers this machine started (runner.workers); on a cluster, --jobs as given.
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


def _title(book: Book, seed: int, players: list[str]) -> str:
    """The report's title: "solo-catan, jugador greedy, semilla 1", or "solo-catan,
    jugadores greedy, strong y clairvoyant, semilla 1"."""
    t = translator(book.meta.language)
    if len(players) == 1:
        return t.gettext("{book}, player {player}, seed {seed}").format(
            book=book.slug, player=players[0], seed=seed)
    return t.gettext("{book}, players {players}, seed {seed}").format(
        book=book.slug, players=t.join(players), seed=seed)


def _stored_budget(player: str, budget: int | None) -> int | None:
    """The budget a stored run names in its command: the one played, default or not, so the
    command reproduces the run even if a default changes; none for a player without one."""
    from generator.simulate.players import BUDGETED, make_player
    return make_player(player, budget).budget if player in BUDGETED else None


def solo_command(book: Book, args, out) -> None:
    """The solo engine's simulator: its players, `--compare` of rule readings, `--save` of
    the book's difficulty appendix (each player's run stored as its own)."""
    from generator.simulate.players import PLAYERS
    # The CLI offers every engine's players by name: only the solo engine's are played here.
    players = chosen_players(args.player, PLAYERS, "solo-catan")
    budget = budgets(getattr(args, "budget", None), players)
    if args.save and args.compare:
        # The stored run is what the book prints: only a run by the book's own rules.
        raise GeneratorError(f"--save with --compare {args.compare!r}: the stored run must "
                             "be played by the book's own rules; expected --save without "
                             "--compare")
    base = rules_for(book)
    if args.replay is not None:
        player = _one_to_replay(players)
        for number, line in enumerate(replay_log(base, args.replay, player, budget[player]),
                                      start=1):
            out.print(f"{number:4} {line}")
        return
    language = book.meta.language
    variants = _variants(base, args.compare, language)
    _check_counts(args, len(players) * len(variants))
    summaries, verdicts, played = {}, {}, []
    for column in columns(players, variants):
        start = time.perf_counter()
        records = _with_progress(out, column.label, args.games, lambda progress, c=column: run(
            c.rules, args.games, args.seed, c.player, args.jobs, progress=progress,
            budget=budget[c.player], scheduler=getattr(args, "scheduler", None)))
        took = time.perf_counter() - start
        summaries[column.label] = summarise(records)
        played.append((column, records))
        if any(r.verdict for r in records):  # a clairvoyant run: each deal has a verdict
            verdicts[column.label] = Bracket.of(records)
        _timing(out, language, column.label, args, records, took)
    out.print(summary_table(_title(book, args.seed, players), summaries, language))
    goal = min(getattr(r, "goal", base.goal) for r in variants.values())
    out.print(points_table(translator(language).gettext("points at the end"), summaries, goal,
                           language))
    if verdicts:
        out.print(verdict_table(verdicts, budget.get("clairvoyant") or DEFAULT_NODES,
                                language))
    if args.save:  # one run per player, each stored with the command that reproduces it
        for column, records in played:
            file = save_difficulty(book, column.player, args.seed, base, records,
                                   _stored_budget(column.player, budget[column.player]))
            out.print(f"[green]saved[/] {file} ({column.player})")
