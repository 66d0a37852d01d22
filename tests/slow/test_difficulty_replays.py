"""The difficulty appendix's stored runs replayed (content/solo-catan/difficulty.yaml): every
number it prints must be the one a rerun of the stored command gives.

What is re-run: greedy's run in full (a few seconds); of the strong run (several CPU-seconds a
game) and the clairvoyant run (up to several a deal), a sample of the stored games, one of
each outcome (lost, won, each of the clairvoyant's verdicts), the cheapest of its kind by its
stored CPU time, whose records must match the stored lines exactly (each line's digest covers
the whole record, events included). tests/unit/test_difficulty.py then checks the summaries
the appendix prints against the stored lines of every game, so a sample re-run vouches for
the whole table. And a file in the older format (each game a mapping) is read and saved
again."""

from __future__ import annotations

import pytest

from generator.cli import main
from generator.content.loader import load_book
from generator.simulate.runner import play, run
from storedgames import replayed_line, stored_line


def _sample(stored_run) -> list:
    """One game of each outcome the run stores (lost, won; for the clairvoyant, each verdict),
    the one that took the least CPU: every kind of record replayed, at a few seconds' cost."""
    cheapest: dict[tuple, object] = {}
    for game in stored_run.records:
        kind = (game.won, game.verdict)
        if kind not in cheapest or game.cpu < cheapest[kind].cpu:
            cheapest[kind] = game
    return list(cheapest.values())


def test_the_greedy_run_replays_in_full(solo_rules, stored_runs):
    greedy = stored_runs.run("greedy")
    records = run(solo_rules, greedy.games, greedy.seed, "greedy", jobs=2)
    assert [replayed_line(r) for r in records] == [stored_line(g) for g in greedy.records]


@pytest.mark.parametrize("player", ["strong", "clairvoyant"])
def test_a_sample_of_a_costly_run_replays_exactly(player, solo_rules, stored_runs):
    stored = stored_runs.run(player)
    for game in _sample(stored):
        assert replayed_line(play(solo_rules, game.seed, player, budget=stored.budget)) \
            == stored_line(game)


def test_a_file_written_before_game_lines_is_read_and_saved_as_lines(book_copy):
    """difficulty.yaml as `--save` wrote it before (each game a mapping of its fields, one
    without its CPU time): read as the same games, and a later `--save` of another player
    writes the kept run's games as lines."""
    file = book_copy / "difficulty.yaml"
    text = file.read_text(encoding="utf-8")
    greedy = load_book(book_copy).difficulty.run("greedy").records
    first, second = greedy[:2]
    old = (f"  - {{seed: {first.seed}, won: {str(first.won).lower()}, points: {first.points}, "
           f"turns: {first.turns}, actions: {first.actions}, end: {first.end}, "
           f"digest: {first.digest}, cpu: {first.cpu}}}\n"
           f"  - {{seed: {second.seed}, won: false, points: {second.points}, "
           f"turns: {second.turns}, actions: {second.actions}, end: {second.end}, "
           f"digest: {second.digest}}}\n")
    lines = [line for line in text.splitlines(keepends=True)  # greedy's run comes first
             if line.startswith(f"  - {first.seed} ") or line.startswith(f"  - {second.seed} ")]
    file.write_text(text.replace(lines[0] + lines[1], old, 1), encoding="utf-8")
    read = load_book(book_copy).difficulty.run("greedy").records
    assert read[0] == first and (read[1].seed, read[1].cpu) == (second.seed, 0.0)
    assert main(["simulate", str(book_copy), "--player", "clairvoyant", "--games", "1",
                 "--budget", "2", "--jobs", "1", "--save"]) == 0
    saved = file.read_text(encoding="utf-8")
    assert "{seed:" not in saved and f"\n  - {first.seed} " in saved
    assert f"\n  - {second.seed} false {second.points} " in saved
    assert load_book(book_copy).difficulty.run("greedy").records[0] == first
