"""The solo game as `rulebook simulate`'s one runner plays every engine (simulate/engines.py):
whole games dealt from a seed under one set of rules (the book's, or one value `--compare`
gives), each by one of the solo players with its budget.

The engine declares "variants" (protocol.Variants): the command asks it for a
`SoloSimulation` per run, its rules changed as `--compare` says and its searching players
(players.BUDGETS) at their `--budget`; the games are played by the same loop, chunks, worker
processes and Dask backend as any other engine's."""

from __future__ import annotations

from functools import partial

from generator.core.i18n import N_
from generator.examples.protocol import Outcome
from generator.games.solo_catan import Game, Ruleset
from generator.games.solo_catan.game import PLAYING, WON
from generator.games.solo_catan.players import PLAYERS, make_player
from generator.simulate import engines
from generator.simulate.runs import GameRecord


#: The report's words for the game's events (`Game.events`), in the order it lists them.
EVENT_NAMES = {
    "coincidence": N_("matches"), "LoseCard": N_("cards lost"),
    "SacrificeHand": N_("hands sacrificed"), "UseKnight": N_("knights brought out"),
    "knight-saved": N_("knights that save a card"), "knight-failed": N_("knights that fail"),
    "knight-downgraded": N_("knights that get off their horse"),
    "building-lost": N_("buildings lost"), "demolition": N_("cards demolished"),
    "recycling": N_("series recycled"),
    "new-deck": N_("new resource decks (progress or recycling)"),
}
#: And for how a game ends ("goal" and "unfinished" are the report's own words).
END_NAMES = {"stuck": N_("stuck (no action left)"),
             "exhausted": N_("no resource deck and no way out")}


class SoloSimulation:
    """protocol.Simulation over one Ruleset, for one player's `budget` (None: its default).
    Built-in, it is played directly (no plugin's door): a game's calls are the engine's own
    fast ones (`legal_tuple`, `push_legal`)."""

    provides = ("simulation",)
    event_names = EVENT_NAMES
    end_names = END_NAMES

    def __init__(self, rules: Ruleset, budget: int | None = None):
        self.rules = rules
        self.budget = budget

    #: `rulebook play`'s hint: the strongest player that sees no hidden card (the
    #: clairvoyant sees the deck's order).
    hint = "strong"

    @property
    def players(self) -> dict:
        return {name: partial(make_player, name, self.budget) for name in PLAYERS}

    def random_start(self, seed: int) -> Game:
        """A deal, recording what each push draws and builds (`Game.log`), which the
        narration tells (`rulebook play`): it costs a simulation nothing measurable (300
        greedy games, 1.11 s of CPU with the record and without)."""
        return Game.new(self.rules, seed)

    def is_over(self, game: Game) -> bool:
        return game.phase is not PLAYING

    def game_actions(self, game: Game) -> tuple:
        return game.legal_tuple()

    def game_push(self, game: Game, action) -> None:
        game.push_legal(action)

    def result(self, game: Game) -> Outcome:
        return Outcome(game.phase is WON, game.points, game.turn - 1, game.end_reason or "",
                       game.events, len(game.owned_buildings()))


def play(rules: Ruleset, seed: int, player_name: str, log: list[str] | None = None,
         budget: int | None = None) -> GameRecord:
    """One game from its seed (engines.play); with `log`, each action in the notation."""
    return engines.play(SoloSimulation(rules, budget), seed, player_name, log)


def run(rules: Ruleset, games: int, seed: int, player: str, jobs: int = 1,
        progress=None, budget: int | None = None, scheduler=None) -> list[GameRecord]:
    """All games of a run, in seed order (engines.run), whatever `jobs` or `scheduler`."""
    return engines.run(SoloSimulation(rules, budget), games, seed, player, jobs, progress,
                       scheduler)
