"""Bust, a push-your-luck dice game for one player, as a rules engine for rulebooks: the
worked example of docs/engines.md. `rules.py` is the game; `engine.py` connects it to books."""
