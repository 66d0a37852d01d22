"""The games this package ships, one package each: its rules engine, the adapter that replays
a book's examples through it, the diagrams of its positions and its automatic players.

Nothing else in the generator imports a game: each is found by its engine's name through the
entry point group `rulebook.engines` (pyproject.toml; examples/registry.py), as a game
installed from another package is (docs/engines.md, docs/dicegame/)."""
