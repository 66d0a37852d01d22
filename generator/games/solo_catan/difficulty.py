"""The book's difficulty appendix: stored simulation runs (difficulty.yaml), one per player.

The runs are stored as content, each with its command, seed, game count and budget, so the
book prints numbers anyone can reproduce with `rulebook simulate`, and the build stays fast.
Each `--save` stores every player of its command (`--player greedy,strong` stores two runs)
and keeps the other players' runs (greedy, strong and clairvoyant are often run one by one:
their costs differ by a factor of a thousand), so the appendix prints them side by side.

A run stores its games and nothing else: every figure the book prints (wins, interval,
points, length, ends, CPU time, verdicts) is derived from them when the book is read
(`model.PlayerRun`), and `rulebook check` verifies the games against the run's command and
the rules (`stored.py`), so a figure cannot be edited apart from the games it summarises.
Every game is stored as one line of text with a digest of its whole record, so a test can
re-run any sample of the seeds of a run too costly to re-run in full (`record_digest`): a
line, not a YAML mapping of its fields, because `rulebook check` reads the stored games in
both editions of the book: as mappings they were most of its YAML time (0.027 s against
0.005 s for the solo book's 720 games).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict

import yaml

from generator.content.model import GAME_COLUMNS, GAME_LINE, Book, Difficulty
from generator.content.yamlsource import read_yaml
from generator.core.files import NotRegularFile, present, regular_status
from generator.core.output import write_atomically
from generator.errors import ContentError, GeneratorError, Location
from generator.games.solo_catan.players import BUDGETS, PLAYERS
from generator.games.solo_catan.ruleset import READINGS
from generator.simulate.runs import GameRecord

HEADER = ("# Written by `rulebook simulate {slug} --player P … --save`, one run per player;\n"
          "# each run names the command that stored it. The difficulty appendix prints the\n"
          "# figures of these games (derived, never stored); rerun a run's command to check\n"
          "# them. Each of a run's records is a game:\n"
          "# {columns}.\n")

def record_digest(record: GameRecord) -> str:
    """12 hex digits of the SHA-256 of a game's whole record but its CPU time (which is not
    reproducible): equal digests, equal games, events and buildings included."""
    fields = asdict(record)
    del fields["cpu"]
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def game_line(record: GameRecord) -> dict:
    """A game's fields (`model.GameLine`), which `game_text` writes as its line."""
    line = {"seed": record.seed, "won": record.won, "points": record.points,
            "turns": record.turns, "actions": record.actions, "end": record.end_reason,
            "buildings": record.buildings, "digest": record_digest(record),
            "cpu": round(record.cpu, 3)}
    if record.verdict:
        line["verdict"] = record.verdict
    return line


def game_text(line: dict) -> str:
    """A game's stored line as difficulty.yaml writes it: its values in `GAME_COLUMNS`'
    order, separated by spaces (`model.game_fields` reads it back)."""
    return " ".join(_value_text(line[name]) for name in GAME_COLUMNS
                    if name != "verdict" or name in line)


def _value_text(value) -> str:
    """A value as YAML writes it: `true`/`false`, numbers as Python prints them."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def player_run(slug: str, player: str, seed: int, budget: int | None,
               records: list[GameRecord], rules: dict | None = None) -> dict:
    """One player's run as difficulty.yaml stores it (`model.PlayerRun`): how to play it
    again (under the book's rules, or `rules`: one parameter `--compare` changed), and its
    games; no figure (the book derives them from the games)."""
    run = {"player": player, "games": len(records), "seed": seed,
           "command": Difficulty.run_command(slug, len(records), seed, player, budget, rules)}
    if budget is not None:
        run["budget"] = budget
        run["budget_unit"] = BUDGETS[player].unit
    if rules:
        run["rules"] = dict(rules)
    run["records"] = [game_text(game_line(r)) for r in records]
    return run


def _kept_runs(file, rules) -> list[dict]:
    """The runs already stored, if they were played by the same rules (else none: a run of
    other rules would be printed as the book's), as they are: one `rulebook check` refuses
    (a file written before, a game edited by hand) says so at its line, with its command.
    Read as the book's other files are (`read_yaml`): a pipe or a device put there while
    the games were played is refused at its path, never waited on."""
    if not present(file):
        return []
    stored = read_yaml(file).data or {}
    if not isinstance(stored, dict) or not isinstance(stored.get("runs"), list):
        return []  # the one-run format of before: replaced
    # A reading a file written before it existed does not name was played at its default.
    readings = stored.get("readings")
    readings = readings if isinstance(readings, dict) else {}
    if stored.get("goal") != rules.goal or any(
            readings.get(name, READINGS[name]) != getattr(rules, name) for name in READINGS):
        return []
    return [run for run in stored["runs"] if isinstance(run, dict)]


def save_runs(book: Book, seed: int, rules,
              played: list[tuple[str, list[GameRecord], int | None, dict]]):
    """Store each (player, records, budget, changed) of `played` from `seed`, played by
    `rules` (the book's) or, where `changed` names one, by one value of one parameter
    (`--compare`), replacing the earlier run of each player and rules and keeping the
    others. One write for them all, atomic (a temporary file renamed into place): on any
    error the file is as it was, not stored for some runs and not others."""
    parameters = {"goal": rules.goal,
                  "readings": {name: getattr(rules, name) for name in READINGS}}
    file = book.folder / "difficulty.yaml"

    def key(player, changed) -> tuple:
        return player, tuple(sorted(changed.items())) if isinstance(changed, dict) else ()
    replaced = {key(player, changed) for player, _, _, changed in played}
    runs = [r for r in _kept_runs(file, rules)
            if key(r.get("player"), r.get("rules")) not in replaced]
    runs += [player_run(book.slug, player, seed, budget, records, changed)
             for player, records, budget, changed in played]
    order = list(PLAYERS)
    runs.sort(key=lambda r: (order.index(r["player"]) if r["player"] in order else len(order),
                             key(r["player"], r.get("rules"))[1]))
    body = yaml.safe_dump({**parameters, "runs": runs}, sort_keys=False, allow_unicode=True,
                          width=200)
    text = HEADER.format(slug=book.slug, columns=GAME_LINE) + body
    try:
        if present(file):  # replaced only if still a file (never a pipe put there since)
            regular_status(file)
        write_atomically(file, text.encode("utf-8"))
    except NotRegularFile as exc:
        raise ContentError(Location(file), exc.found, "a file") from None
    except OSError as exc:
        raise GeneratorError(f"{Location(file)}: cannot write the stored runs "
                             f"({exc.strerror or exc}); the file is as it was") from None
    return file
