"""Numbers, plurals and dates in the book's language, through Babel's locale data.

A number next to a noun must agree with it ("1 ficha", "3 fichas"), a Spanish decimal takes a
comma ("0,2 %") and a date is written out ("30 de noviembre de 2026"). Appending an "s" or
formatting with "%.1f" gets these wrong; Babel knows each language's plural rules and
number and date conventions, so every renderer asks here.

Every word the program itself writes (labels, footers, file names, the engines' narration,
the simulation report) comes from the gettext catalogs in `generator/locale/` through
`translator(language)`. The source strings (msgids) are English, the gettext convention;
`scripts/update_catalogs.py` extracts them with Babel into `messages.pot` and merges them
into `<lang>/LC_MESSAGES/rulebook.po`, and compiles each into the `rulebook.mo` beside it,
which is what the program reads, with Python's own `gettext` (a millisecond, where reading
the .po with Babel and compiling it took 18 ms of every `rulebook check` of a book in that
language; Babel's reader would bring its date module along). Both ship;
`update_catalogs.py --check` (and tests/test_catalogs.py) fails when a .mo is not the
compiled text of its .po.
"""

from __future__ import annotations

import datetime as dt
import decimal as _decimal
import functools
import math
import unicodedata
from dataclasses import dataclass
from gettext import GNUTranslations, NullTranslations
from importlib import resources

from babel import Locale
from babel.numbers import format_decimal, format_percent

DOMAIN = "rulebook"
#: Nouns whose article differs (msgctxt of the article messages): Spanish feminine nouns
#: ("una piedra", "la piedra"), English nouns that start with a vowel ("an ore").
ARTICLE_CLASSES = {"es": lambda noun: noun.split()[0].endswith(("a", "ad", "ión")),
                   "en": lambda noun: noun[:1].lower() in "aeiou"}


def N_(message: str) -> str:
    """Marks a message for extraction where it is declared (a table's words); it is
    translated where it is used, with the book's `translator`."""
    return message


class InContext(str):
    """A message that carries its context (`pN_`'s): the English source string itself, so
    it can stand wherever a word is expected, and `Translator.gettext` asks the catalog
    for it in its context."""

    context: str

    def __new__(cls, message: str, context: str) -> "InContext":
        word = super().__new__(cls, message)
        word.context = context
        return word


def pN_(context: str, message: str) -> str:
    """`N_` for a message with a context (`pgettext`'s): extracted with it, translated where
    it is used (`gettext` finds its context: a table may mix both kinds)."""
    return InContext(message, context)


@dataclass(frozen=True)
class Translator:
    """The words of one language: gettext's four calls, and the helpers that need the
    language's grammar (a count with its agreeing noun, an article before a noun)."""

    language: str
    catalog: NullTranslations

    def gettext(self, message: str) -> str:
        context = getattr(message, "context", None)  # a `pN_` message
        if context is not None:
            return self.catalog.pgettext(context, message)
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, low: int | None = None) -> str:
        """The form that agrees with `n`, by the catalog's plural rule; `{n}` in the message
        is the count as the language writes it, or the range from `low` ("3–4 puntos")."""
        count = format_decimal(n, locale=self.language)
        if low is not None and low != n:
            count = f"{format_decimal(low, locale=self.language)}–{count}"
        return self.catalog.ngettext(singular, plural, n).replace("{n}", count)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalog.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.catalog.npgettext(context, singular, plural, n).replace(
            "{n}", format_decimal(n, locale=self.language))

    def marked(self, noun: str) -> bool:
        """True for the nouns of the article class that takes the marked article: "una",
        "la" (Spanish feminine), "an" (English before a vowel)."""
        rule = ARTICLE_CLASSES.get(self.language)
        return bool(rule and noun and rule(noun))

    def a(self, noun: str, like: str | None = None) -> str:
        """ "una piedra", "un ladrillo"; "an ore", "a brick"."""
        form = (self.pgettext("article: marked noun", "a {noun}") if self.marked(like or noun)
                else self.pgettext("article: unmarked noun", "a {noun}"))
        return form.format(noun=noun)

    def the(self, noun: str, n: int = 1, like: str | None = None) -> str:
        """ "la piedra", "las dos piedras"; "the ore". `like`: the singular noun whose
        class the article follows, when `noun` is a plural or a phrase."""
        if self.marked(like or noun):
            form = self.npgettext("article: marked noun", "the {noun}", "the {noun}", n)
        else:
            form = self.npgettext("article: unmarked noun", "the {noun}", "the {noun}", n)
        return form.format(noun=noun)

    def join(self, items: list[str], alternatives: bool = False) -> str:
        """ "a", "a y b", "a, b y c"; "a, b and c"; with `alternatives`, "a, b o c",
        "trigo u oveja" (Spanish writes "u" before a sound of o), "a, b or c"."""
        items = [i for i in items if i]
        if len(items) < 2:
            return "".join(items)
        message = N_("{items} or {last}") if alternatives else N_("{items} and {last}")
        joined = self.gettext(message).format(items=", ".join(items[:-1]), last=items[-1])
        if alternatives and self.language == "es" and items[-1].lower().startswith(("o", "ho")):
            joined = joined[:-len(items[-1]) - 3] + " u " + items[-1]
        return joined


def span(low: int, high: int | None, language: str) -> str:
    """A range of points as a score table prints it: "8–12", or open-ended "30 o más"
    ("30 or more")."""
    if high is not None:
        return f"{low}–{high}"
    return translator(language).gettext("{low} or more").format(low=low)


def _catalog_file(language: str):
    return (resources.files("generator") / "locale" / language / "LC_MESSAGES"
            / f"{DOMAIN}.mo")


@functools.cache
def translator(language: str) -> Translator:
    """The book's words in `language` ("es", "en"); a language without a catalog gets the
    English source strings."""
    source = _catalog_file(language)
    if not source.is_file():
        return Translator(language, NullTranslations())
    with source.open("rb") as stream:
        return Translator(language, GNUTranslations(stream))


def plural_category(count: float, language: str) -> str:
    """CLDR plural category of a count: "one", "other" (and more in other languages)."""
    return Locale.parse(language).plural_form(count)


def plural(count: float, one: str, other: str, language: str) -> str:
    """The form of a noun that agrees with `count`, the forms given by the book's data."""
    return one if plural_category(count, language) == "one" else other


def count_noun(count: int, one: str, other: str, language: str) -> str:
    """ "1 ficha", "20 fichas": a count and the noun that agrees with it."""
    return f"{format_decimal(count, locale=language)} {plural(count, one, other, language)}"


#: How a printed number is rounded: half away from zero, as a reader rounds (0,25 % is
#: «0,3 %»), where Python's decimal default, which Babel follows, rounds half to even.
HALF_UP = _decimal.Context(rounding=_decimal.ROUND_HALF_UP)


def decimal(value: float, language: str, digits: int = 1) -> str:
    """A number as the language writes it (Spanish: decimal comma)."""
    with _decimal.localcontext(HALF_UP):
        return format_decimal(value, format="0." + "0" * digits if digits else "0",
                              locale=language)


def signed(value: float, language: str, digits: int = 1) -> str:
    """A measured offset with its sign always shown: "+0,5", "−1,0"."""
    digits_pattern = "0." + "0" * digits if digits else "0"
    with _decimal.localcontext(HALF_UP):
        return format_decimal(value, format=f"+{digits_pattern};-{digits_pattern}",
                              locale=language).replace("-", "−")


def percent(value: float, language: str, digits: int = 1) -> str:
    """A share (0.042) as a percentage the way the language writes it: "4,2 %" in Spanish,
    "4.2%" in English (the sign's spacing is the locale's percent pattern, from CLDR)."""
    pattern = Locale.parse(language).percent_formats[None].pattern
    fraction = "0." + "0" * digits if digits else "0"
    with _decimal.localcontext(HALF_UP):
        return format_percent(value, format=pattern.replace("#,##0", "#,##" + fraction),
                              locale=language)


#: The shares a player can picture, as "n in d", from the rarest to the likeliest: close
#: enough together that the nearest is never far off (2.8 % had only 1 in 20 below 1 in 16,
#: and was printed as "about one in 20", which is 5 %).
ODDS = ((1, 50), (1, 40), (1, 35), (1, 30), (1, 25), (1, 20), (1, 16), (1, 10), (1, 8),
        (1, 6), (1, 5), (1, 4), (1, 3), (2, 5), (1, 2), (3, 5), (2, 3), (3, 4), (4, 5), (5, 6),
        (9, 10), (19, 20), (24, 25), (29, 30), (34, 35), (39, 40), (49, 50))
#: Rarer than this (or likelier than its complement), a share is "almost none" ("almost
#: all"): halfway, in odds, beyond the rarest of ODDS.
NEAR_NONE = 1 / 70


#: The numbers, one to ten, that a share's odds spell out when both of its numbers are
#: among them (a larger one stays in figures: «una de cada 35»). In Spanish, the feminine
#: of a count of «partidas» («una»).
SMALL_NUMBERS = N_("one two three four five six seven eight nine ten")


def odds(share: float, language: str, games: bool = False) -> str:
    """A share as players say it: "unas tres de cada cuatro", "about one in 35" (the nearest
    of ODDS by ratio of the odds; up to ten in words, `SMALL_NUMBERS`), "casi
    ninguna"/"almost none" below 1 in 70 (`NEAR_NONE`), "casi todas"/"almost all" above 69
    in 70. With `games`, the games are named, for a sentence that says what you win: "ganas
    cerca de la mitad de las partidas", "you win about three in four games" (each language
    puts the noun where it goes)."""
    t = translator(language)
    if share < NEAR_NONE:
        return t.gettext("almost no game") if games else t.gettext("almost none")
    if share > 1 - NEAR_NONE:
        return t.gettext("almost every game") if games else t.gettext("almost all")

    def distance(fraction: tuple[int, int]) -> float:
        n, d = fraction
        return abs(math.log(share / (1 - share)) - math.log(n / (d - n)))
    n, d = min(ODDS, key=distance)
    if (n, d) == (1, 2):
        return t.gettext("about half of the games") if games else t.gettext("about half")
    # Up to ten in words, as a player says it («unas tres de cada cuatro»); «una de cada
    # 35» in figures.
    spelt = t.gettext(SMALL_NUMBERS).split()
    said_n, said_d = (spelt[n - 1], spelt[d - 1]) if d <= len(spelt) else (n, d)
    if n == 1:  # Spanish says "una de cada 16", not "unas 1"
        said = (t.gettext("about one game in {d}") if games
                else t.gettext("about one in {d}")).format(d=said_d)
    else:
        said = (t.gettext("about {n} in {d} games") if games
                else t.gettext("about {n} in {d}")).format(n=said_n, d=said_d)
    # The last number stays with the word before it (a table's cell never ends a line on
    # «about five in»).
    head, space, tail = said.rpartition(f" {said_d}")
    return f"{head}\u00a0{said_d}{tail}" if space else said


def long_date(date: dt.date, language: str) -> str:
    """ "30 de noviembre de 2026", "November 30, 2026"."""
    from babel.dates import format_date  # only a book's cover and page need a date
    return format_date(date, format="long", locale=language)


def sort_key(text: str) -> tuple[str, str]:
    """Alphabetical order as a dictionary of the book's language sorts: accents and case
    only break ties ("ábaco" sorts with "abaco", before "abeja")."""
    bare = "".join(c for c in unicodedata.normalize("NFD", text)
                   if unicodedata.category(c) != "Mn").casefold()
    return bare, text
