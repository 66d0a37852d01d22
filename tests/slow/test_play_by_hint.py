"""Issue 35's proof of `rulebook play`: a whole game of the solo book played by its hint
alone, recorded with `--record`, is an example `rulebook check` replays (some twenty
CPU-seconds: the hint is the strong player, which plays out each decision)."""

from __future__ import annotations

import io
import re
import shutil

from generator.cli import main
from generator.content.loader import load_book
from generator.play import play
from repo import CONTENT_ROOT


class HintTaker:
    """The player at the keyboard who asks `hint` at each prompt and plays what it names."""

    def __init__(self, screen: io.StringIO):
        self.screen, self.read_up_to, self.moves = screen, 0, 0

    def readline(self) -> str:
        said = self.screen.getvalue()[self.read_up_to:]
        self.read_up_to += len(said)
        named = re.findall(r"jugaría la (\d+):", said)
        if named:
            self.moves += 1
            return f"{named[-1]}\n"
        return "hint\n"


def test_a_game_played_by_the_hint_is_recorded_and_replays(tmp_path, capsys):
    for name in ("solo-catan", "_facts"):
        shutil.copytree(CONTENT_ROOT / name, tmp_path / "content" / name)
    book = tmp_path / "content" / "solo-catan"
    record = book / "scenarios" / "26-por-la-pista.yaml"
    screen = io.StringIO()
    taker = HintTaker(screen)
    assert play(load_book(book), 7, taker, screen, {}, record=record) == 0
    said = screen.getvalue()
    ending = re.search(r"\n(Ganas|Pierdes): (.*) · (\d+) puntos? · \d+ turnos?\.\n", said)
    assert ending and taker.moves > 20, said[-500:]
    assert f"{taker.moves} jugadas grabadas como ejemplo" in said
    conformance = book / "conformance.yaml"
    conformance.write_text(conformance.read_text(encoding="utf-8").replace(
        "ciudad-perdida]", "ciudad-perdida, 26-por-la-pista]", 1), encoding="utf-8")
    assert main(["check", str(book), "--lang", "es"]) == 0, capsys.readouterr()
