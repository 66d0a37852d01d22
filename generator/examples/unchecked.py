"""Worked examples that no rules engine checks: a book without `engine:` that says
`examples: unchecked` in its book.yaml prints its examples as written.

There is no position to build or compare: each example becomes a replay whose frames carry
the steps' own words (`do`, `note`, `reject`) and no game, and whose adapter words them as
typed. The loader has refused, at their lines, what only an engine could give meaning to
(a `start` position, an `expect`, `arrange_deck`, `show`); the renderers mark the box as not
checked (`Book.examples_unchecked`, or `replay.adapter.checked`).
"""

from __future__ import annotations

from generator.examples.replay import Frame, Replay


class UncheckedAdapter:
    """Words an unchecked example's steps as written; there are no positions."""

    checked = False

    def position_lines(self, game) -> list[tuple[str, str]]:
        return []

    def action_text(self, action, before) -> str:
        """The step's `do`, without a closing full stop (the renderers add one)."""
        return str(action).strip().rstrip(".")

    def copy(self, game):
        return game


def unchecked_replay(source, adapter: UncheckedAdapter | None = None) -> Replay:
    """The example's steps as frames to print, in order; nothing is played or compared."""
    adapter = adapter or UncheckedAdapter()
    frames = [Frame(None, None, None)]
    for number, step in enumerate(source.example.steps, start=1):
        frames.append(Frame(number, step.do, None, step.note, step.reject))
    return Replay(source, frames, adapter=adapter)


def unchecked_replays(book) -> list[Replay]:
    """Every example of a book whose examples no engine checks (it has no scenarios)."""
    adapter = UncheckedAdapter()
    return [unchecked_replay(source, adapter) for source in book.examples]
