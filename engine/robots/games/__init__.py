"""The robots' per-game hooks: one module per game, named like the game."""
