"""The badges a game box carries, in the book's language: how many play, how long a game
lasts, from what age. Printed on the PDF's cover and the HTML edition's title alike.

Only what book.yaml states is printed: the project never guesses a playing time or an age
that the source does not give.
"""

from __future__ import annotations

from generator.content.model import BookMeta
from generator.core.i18n import translator


def badge_texts(meta: BookMeta) -> list[str]:
    """The cover's badges in the book's language, in a box's order: players, minutes,
    age; only those book.yaml gives."""
    words = translator(meta.language)
    badges = []
    if isinstance(meta.players, int):
        badges.append(words.ngettext("{n} player", "{n} players", meta.players))
    elif meta.players is not None:  # a range: always plural
        low, high = meta.players
        badges.append(words.gettext("{low}–{high} players").format(low=low, high=high))
    if meta.minutes is not None:
        badges.append(words.gettext("{n} min").format(n=meta.minutes))
    if meta.age is not None:
        badges.append(words.gettext("Ages {n}+").format(n=meta.age))
    return badges
