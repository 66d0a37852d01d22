"""The token economy of two-player Catan: trade tokens (official rules for two) or coins
(the 1-v-1 rules). Only what the tokens touch is modelled: points, tokens, the supply,
played knights, cards in hand and the robber; the board itself is not."""

from generator.games.economy.game import EconomyGame, EconomyRules  # noqa: F401
