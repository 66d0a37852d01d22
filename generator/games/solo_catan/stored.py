"""What `rulebook check` verifies of difficulty.yaml before the book prints a number of it.

The book prints only figures derived from each run's stored games (`model.PlayerRun`), so
what stands between a hand edit and a false figure in print is the games themselves: each
must be a game the run's command deals, once, in its order, and a game the rules allow
(a win reaches the goal, and only a win does). A run must be of the book's own rules and
stored as `--save` writes it. Each problem is one located line, whose fix is a command that
works (`rulebook simulate … --save` replaces a stale run: it reads the file unchecked).

What this cannot see is a lost game's points or length changed within the rules: only a
re-run of its seed can (its digest covers the whole record), which tests/test_difficulty.py
does for the shipped book.
"""

from __future__ import annotations

from generator.content.loader import check_unique
from generator.content.model import FIGURES_BEFORE, Components, Difficulty, GameLine, PlayerRun
from generator.content.model import MAX_ACTIONS
from generator.games.solo_catan.players import BUDGETS
from generator.games.solo_catan.ruleset import COMPARABLE, READINGS
from generator.simulate.runs import game_seeds

#: How a solo game ends (games/solo_catan/game.py `_check_end`, and the runner's action limit).
END_REASONS = ("goal", "exhausted", "stuck", "unfinished")


def check_difficulty(doc, stored: Difficulty, components: Components, slug: str) -> None:
    """The stored runs must be of this book's rules, each made by the command it names and
    holding exactly the games that command plays: the book prints their figures as its own."""
    _check_rules(doc, stored, components, slug)
    check_unique(doc, [("runs", i, "player") for i in range(len(stored.runs))],
                  [_named(r) for r in stored.runs], "stored player")
    for i, run in enumerate(stored.runs):
        _check_run(doc, i, run, stored.goal, slug)


def _named(run: PlayerRun) -> str:
    """A run as one of a kind: its player, and the rules it changed (`--compare`)."""
    return run.player + "".join(f" {k}={v}" for k, v in sorted(run.rules.items()))


def rerun(stored: Difficulty) -> str:
    """The commands that store every run again, as `expected` words them."""
    commands = dict.fromkeys(r.command for r in stored.runs)
    return "the runs stored again by the book's rules: " + "; ".join(commands)


def _check_rules(doc, stored: Difficulty, components: Components, slug: str) -> None:
    """The goal and the readings the runs were played by are the book's."""
    goal = components.game.goal if components.game else None
    if stored.goal != goal:
        raise doc.error(("goal",), f"the stored run was played to {stored.goal} points, but "
                        f"the book's goal is {goal}", rerun(stored))
    for name in stored.readings:
        if name not in READINGS:
            raise doc.error(("readings", name), f"'{name}' is not a reading of this game",
                            f"one of {', '.join(READINGS)}")
    for name, book in READINGS.items():
        if stored.readings.get(name, book) != book:
            raise doc.error(("readings", name), f"the stored run was played with {name}: "
                            f"{str(stored.readings[name]).lower()}, not the book's rules",
                            f"{name}: {str(book).lower()}, and {rerun(stored)}")


def _but_the_book(command: str) -> list[str]:
    """A stored command's words but the book's name («rulebook simulate solo-catan …»): a
    copied book (a designer's start, a test's) keeps the runs its rules were measured by,
    under the name they were measured as."""
    words = command.split()
    return words[:2] + words[3:]


def _check_run(doc, i: int, run: PlayerRun, goal: int, slug: str) -> None:
    """One run: as `--save` writes it, by the command it names, with that command's games,
    under the book's rules or one value of one parameter `--compare` changes."""
    at = ("runs", i)
    if len(run.rules) > 1 or any(name not in COMPARABLE for name in run.rules):
        raise doc.error(at + ("rules",), f"the run changes {', '.join(run.rules)}", "one "
                        f"of {', '.join(COMPARABLE)}, as --compare NAME=VALUE --save stores it")
    goal = run.rules.get("goal", goal)
    expected = Difficulty.run_command(slug, run.games, run.seed, run.player, run.budget,
                                      run.rules)
    if _but_the_book(run.command) != _but_the_book(expected):
        raise doc.error(at + ("command",), f"the stored run names the command "
                        f"{run.command!r}, not the one its player, games, seed and budget "
                        "make", f"command: {expected}")
    unit = BUDGETS[run.player].unit if run.player in BUDGETS else ""
    if run.budget_unit != unit:
        raise doc.error(at + ("budget_unit",), f"the run's budget counts "
                        f"'{run.budget_unit or 'nothing'}'", f"budget_unit: {unit}" if unit
                        else f"no budget_unit: {run.player} plays no budget")
    figure = next((k for k in doc.data["runs"][i] if k in FIGURES_BEFORE), None)
    if figure is not None:
        raise doc.error(at + (figure,), f"a figure stored beside the games ('{figure}'): the "
                        "book derives every figure from the games, so one stored is never "
                        "printed (a file written before)", f"the run as --save writes it, "
                        f"its games only: {run.command}")
    dealt = game_seeds(run.seed, run.games)
    verdicts = any(line.verdict for line in run.records)
    for j, line in enumerate(run.records):
        problem = _seed_problem(run, dealt, j) or _rules_problem(line, goal, run, verdicts)
        if problem:
            raise doc.error(at + ("records", j), problem[0], problem[1])
    if len(run.records) < run.games:
        raise doc.error(at + ("records",), f"{len(run.records)} games stored for a run of "
                        f"{run.games} games", f"every game of the run, as {run.command} "
                        "writes them")


def _seed_problem(run: PlayerRun, dealt: list[int], j: int) -> tuple[str, str] | None:
    """Game j's seed must be the j-th the run's --seed and --games deal: no game given
    twice, none the command never plays."""
    seed = run.records[j].seed
    if j < len(dealt) and seed == dealt[j]:
        return None
    deals = f"--seed {run.seed} --games {run.games}"
    before = [k for k in range(j) if run.records[k].seed == seed]
    if before:
        found = f"game {j + 1} is game {before[0] + 1} again (seed {seed}): a game stored twice"
    elif seed in dealt:
        found = f"game {j + 1} has the seed of game {dealt.index(seed) + 1} ({seed})"
    elif j >= len(dealt):
        found = f"game {j + 1} of a run of {run.games} games (seed {seed})"
    else:
        found = f"seed {seed} of game {j + 1} is not one this run deals"
    wanted = (f"game {j + 1}'s seed {dealt[j]}, as {deals} deals it" if j < len(dealt) else
              f"the {run.games} games {deals} deals, each once, in order")
    return found, wanted


def _rules_problem(line: GameLine, goal: int, run: PlayerRun,
                   verdicts: bool) -> tuple[str, str] | None:
    """A game the rules allow: won exactly when it reached the goal (the game ends there),
    an end the engine gives, cut short only at the action limit, stored with the buildings
    left; a verdict for every deal of a clairvoyant run or for none, `won` for a won deal."""
    game = f"game seed {line.seed}"
    if line.buildings is None:
        return (f"{game} is stored without the buildings left (a line written before): the "
                "book derives the stuck games with nothing to demolish with from them",
                f"the run stored again: {run.command}")
    if line.end not in END_REASONS:
        return f"{game} ended '{line.end}'", f"one of {', '.join(END_REASONS)}"
    # Under town_hall_paid_first a game may end lost at the goal's points, its ore owed.
    reached = line.points >= goal
    if line.won != (line.end == "goal") or (line.won and not reached) or (
            not line.won and reached and not run.rules.get("town_hall_paid_first")):
        state = "won" if line.won else "lost"
        return (f"{game} is {state} with {line.points} points, ended '{line.end}', but the "
                f"goal is {goal}", f"a won game to end 'goal' with {goal} points or more, "
                "and a lost one with fewer")
    if line.actions > MAX_ACTIONS or (line.end == "unfinished") and \
            line.actions != MAX_ACTIONS:
        return (f"{game} ended '{line.end}' after {line.actions} actions",
                f"at most the runner's limit of {MAX_ACTIONS} actions, 'unfinished' only "
                "when it cut the game short there")
    if verdicts and (line.verdict is None or (line.verdict == "won") != line.won):
        return (f"{game} is {'won' if line.won else 'lost'} with the verdict "
                f"'{line.verdict or 'none'}'", "a verdict for every deal of the run, 'won' "
                "exactly for a won game")
    return None
