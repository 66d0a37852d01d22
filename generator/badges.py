"""The badges a game box carries, in the book's language: how many play, how long a game
lasts, from what age. Printed on the PDF's cover and the HTML edition's title alike.

Only what book.yaml states is printed: the project never guesses a playing time or an age
that the source does not give.
"""

from __future__ import annotations

from .content.model import BookMeta
from .i18n import plural
from .labels import labels


def badge_texts(meta: BookMeta) -> list[str]:
    """The cover's badges in the book's language, in a box's order: players, minutes,
    age; only those book.yaml gives."""
    language, words = meta.language, labels(meta.language)
    badges = []
    if isinstance(meta.players, int):
        badges.append(f"{meta.players} " + plural(meta.players, words["player"],
                                                  words["players"], language))
    elif meta.players is not None:  # a range: always plural
        low, high = meta.players
        badges.append(f"{low}–{high} {words['players']}")
    if meta.minutes is not None:
        badges.append(words["minutes"].format(n=meta.minutes))
    if meta.age is not None:
        badges.append(words["age"].format(n=meta.age))
    return badges
