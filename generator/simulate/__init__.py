"""How hard is a variant? Automatic players, reproducible simulation runs, statistics."""
