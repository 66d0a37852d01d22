"""Issue 35's proof of `rulebook play`: a whole game of the solo book played by its hint
alone, through the command as a player runs it (`rulebook play BOOK --seed 7 --plain
--record FILE`, its prompts read and answered over a pipe), recorded as an example that
`rulebook check` replays (some twenty CPU-seconds: the hint is the strong player, which
plays out each decision)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import yaml

from generator.cli import main
from repo import CONTENT_ROOT

#: Seconds the whole game may take, at most (it takes some 25 on a 2-core machine).
MOST_SECONDS = 300


def _until_prompt(process) -> str:
    """What the command writes up to its next prompt ("> " at a line's start), or to its end."""
    said = b""
    while not said.endswith(b"\n> ") and not said == b"> ":
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        said += chunk
    return said.decode("utf-8")


def test_a_game_played_by_the_hint_through_the_command_is_recorded_and_replays(tmp_path,
                                                                               capsys):
    for name in ("solo-catan", "_facts"):
        shutil.copytree(CONTENT_ROOT / name, tmp_path / "content" / name)
    book = tmp_path / "content" / "solo-catan"
    number = len(list((book / "scenarios").glob("*.yaml"))) + 1  # the next scenario's
    record = book / "scenarios" / f"{number:02d}-por-la-pista.yaml"
    process = subprocess.Popen([sys.executable, "-m", "generator", "play", str(book),
                                "--seed", "7", "--plain", "--record", str(record)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=tmp_path)
    screen, moves, asked = "", 0, False
    try:
        while True:
            said = _until_prompt(process)
            screen += said
            if not said.endswith("> "):
                break  # the command has left
            if re.search(r"\n(Ganas|Pierdes): ", said):  # the end: undo is offered; leave
                answer = "quit"
            elif asked:  # the hint has named its move: play it
                answer = re.search(r"jugaría la (\d+):", said).group(1)
                moves += 1
            else:
                answer = "hint"
            asked = not asked
            process.stdin.write(f"{answer}\n".encode())
            process.stdin.flush()
        process.wait(MOST_SECONDS)
    finally:
        process.kill()
    assert process.returncode == 0, screen[-800:]
    assert "\x1b" not in screen  # --plain
    ending = re.search(r"\n(Ganas|Pierdes): .* · (\d+) puntos? · \d+ turnos?\.\n", screen)
    assert ending and moves > 20, screen[-800:]
    assert f"{moves} jugadas grabadas como ejemplo" in screen, screen[-800:]
    # the whole game: dealt with no move before it, its last step checks the points it ended
    # with (the unit tier records segments: tests/unit/test_play.py)
    example = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert example["deal"] == {"seed": 7, "moves": []} and len(example["steps"]) == moves
    assert example["steps"][-1]["expect"]["points"] == int(ending.group(2))
    conformance = book / "conformance.yaml"
    conformance.write_text(conformance.read_text(encoding="utf-8").replace(
        "ciudad-perdida]", f"ciudad-perdida, {record.stem}]", 1), encoding="utf-8")
    assert main(["check", str(book), "--lang", "es"]) == 0, capsys.readouterr()
