"""A name mistyped: the hint a designer gets for `hand_sise` (`hand_size`) or `titel`
(`title`), wherever a name is looked up (game parameters, the fields of a YAML format)."""

from __future__ import annotations

#: American spellings of the formats' British fields, and the name meant.
SPELLED = {"color": "colour", "center": "centre", "gray": "grey"}


def typo_of(word: str, name: str) -> bool:
    """Whether `word` looks like `name` mistyped: one edit (a letter added, dropped, changed,
    or two swapped) for names of up to five letters, two for longer ones."""
    if word == name:
        return False
    return _edits(word, name, 2) <= (1 if len(name) <= 5 else 2)


def _edits(a: str, b: str, most: int) -> int:
    """Optimal-string-alignment distance of `a` and `b`, or `most + 1` once past `most`."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    before, row = None, list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (x != y))
            if before is not None and i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], before[j - 2] + 1)
        before, row = row, current
        if min(row) > most:
            return most + 1
    return row[-1]
