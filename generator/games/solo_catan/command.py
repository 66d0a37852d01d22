"""`rulebook simulate` of a solo-game book: its players (greedy, strong, clairvoyant…) with
their budgets, `--compare` of the rule readings, and `--save` of the book's difficulty
appendix, each player's run stored as its own. The progress bars, timing lines and report
tables are the generic command's (simulate/command.py)."""

from __future__ import annotations

import dataclasses
import time

from generator.content.model import Book
from generator.core.i18n import translator
from generator.core.stats import Bracket, summarise
from generator.errors import UsageError
from generator.games.solo_catan.adapter import rules_for
from generator.games.solo_catan.difficulty import save_runs
from generator.games.solo_catan.players import BUDGETED, PLAYERS, make_player
from generator.games.solo_catan.ruleset import COMPARABLE
from generator.games.solo_catan.runner import replay_log, run
from generator.games.solo_catan.solver import DEFAULT_NODES
from generator.simulate.command import (check_counts, chosen_players, columns, one_to_replay,
                                        timing, title, with_progress)
from generator.simulate.options import BUDGET_UNIT, MAX_BUDGET, MAX_COMPARED, MAX_GOAL
from generator.simulate.report import points_table, summary_table, verdict_table


def _variants(base, compare: str | None, language: str = "es") -> dict[str, tuple]:
    """The rules each run plays, and the parameter they change (none: the book's own), by
    its column's head: the book's own ("esta edición"), or each value `--compare` gives."""
    if not compare:
        return {translator(language).gettext("this edition"): (base, {})}
    name, _, values = compare.partition("=")
    shown = compare if len(compare) <= 80 else compare[:80] + "…"
    if name not in COMPARABLE or not values:
        raise UsageError(f"--compare {shown!r}: expected one of "
                             f"{', '.join(f'{k}=V1,V2' for k in COMPARABLE)}")
    if values.count(",") >= MAX_COMPARED:
        raise UsageError(f"--compare {shown!r}: {values.count(',') + 1:,} values; "
                             f"expected at most {MAX_COMPARED}")
    try:
        parsed = [COMPARABLE[name](v) for v in values.split(",")]
    except ValueError:
        raise UsageError(f"--compare {shown!r}: values must be whole numbers "
                             "(goal) or true/false (the others)") from None
    if name == "goal" and any(not 1 <= v <= MAX_GOAL for v in parsed):
        bad = ", ".join(f"{v:,}" for v in parsed if not 1 <= v <= MAX_GOAL)
        raise UsageError(f"--compare {shown!r}: goal {bad} cannot be played; expected "
                             f"goals from 1 to {MAX_GOAL} points")
    return {f"{name}={v}": (dataclasses.replace(base, **{name: v}), {name: v}) for v in parsed}


def budgets(text: str | None, players: list[str]) -> dict[str, int | None]:
    """Each player's `--budget`, None for its default. `--budget N` gives N to every player
    that has a budget, in its own unit (strong: play-outs per decision; clairvoyant: search
    nodes per deal), so with both it is rarely what is meant; `--budget strong=16,
    clairvoyant=400000` gives each its own."""
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
            raise UsageError(f"--budget {text}: {value.strip()!r} is not a number; "
                                 f"{expected}") from None
        if budget < 1:
            raise UsageError(f"--budget {text}: {budget} is below 1; {expected}")
        _check_budget(text, budget, [player] if named else
                      [p for p in players if p in BUDGETED] or sorted(BUDGETED))
        if not named:
            found.update({p: budget for p in players if p in BUDGETED})
        elif player not in BUDGETED:
            raise UsageError(f"--budget {text}: {player!r} has no budget; {expected}")
        elif player not in players:
            raise UsageError(f"--budget {text}: {player} does not play; expected it in "
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
            raise UsageError(f"--budget {text[:40]}: {budget:,} is above {player}'s "
                                 f"maximum; expected at most {most:,} ({BUDGET_UNIT[player]})")


def _stored_budget(player: str, budget: int | None) -> int | None:
    """The budget a stored run names in its command: the one played, default or not, so the
    command reproduces the run even if a default changes; none for a player without one."""
    return make_player(player, budget).budget if player in BUDGETED else None


def solo_command(book: Book, args, out) -> None:
    """The solo engine's simulator: its players, `--compare` of rule readings, `--save` of
    the book's difficulty appendix (each player's run stored as its own)."""
    # The CLI offers every engine's players by name: only the solo engine's are played here.
    players = chosen_players(args.player, PLAYERS, book.meta.engine)
    budget = budgets(getattr(args, "budget", None), players)
    base = rules_for(book)
    if args.replay is not None:
        player = one_to_replay(players)
        for number, line in enumerate(replay_log(base, args.replay, player, budget[player]),
                                      start=1):
            out.print(f"{number:4} {line}")
        return
    language = book.meta.language
    variants = _variants(base, args.compare, language)
    changed = {label: change for label, (_, change) in variants.items()}
    check_counts(args, len(players) * len(variants))
    summaries, verdicts, played = {}, {}, []
    for column in columns(players, {label: rules for label, (rules, _) in variants.items()}):
        start = time.perf_counter()
        records = with_progress(out, column.label, args.games, lambda progress, c=column: run(
            c.rules, args.games, args.seed, c.player, args.jobs, progress=progress,
            budget=budget[c.player], scheduler=getattr(args, "scheduler", None)))
        took = time.perf_counter() - start
        summaries[column.label] = summarise(records)
        played.append((column, records))
        if any(r.verdict for r in records):  # a clairvoyant run: each deal has a verdict
            verdicts[column.label] = Bracket.of(records)
        timing(out, language, column.label, args, records, took)
    out.print(summary_table(title(book, args.seed, players), summaries, language))
    goal = min(rules.goal for rules, _ in variants.values())
    out.print(points_table(translator(language).gettext("points at the end"), summaries, goal,
                           language))
    if verdicts:
        out.print(verdict_table(verdicts, budget.get("clairvoyant") or DEFAULT_NODES,
                                language))
    if args.save:  # one run per player and rules, each stored with the command that
        file = save_runs(book, args.seed, base, [  # reproduces it alone
            (column.player, records, _stored_budget(column.player, budget[column.player]),
             changed[column.variant]) for column, records in played])
        for column, _ in played:
            out.print(f"[green]saved[/] {file} "
                      f"({column.label if args.compare else column.player})")
