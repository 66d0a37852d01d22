"""Numbers, plurals and dates in the book's language, through Babel's locale data.

A number next to a noun must agree with it ("1 ficha", "3 fichas"), a Spanish decimal takes a
comma ("0,2 %") and a date is written out ("30 de noviembre de 2026"). Appending an "s" or
formatting with "%.1f" gets these wrong; Babel knows each language's plural rules and
number and date conventions, so every renderer asks here.
"""

from __future__ import annotations

import datetime as dt
import unicodedata

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent


def plural_category(count: float, language: str) -> str:
    """CLDR plural category of a count: "one", "other" (and more in other languages)."""
    return Locale.parse(language).plural_form(count)


def plural(count: float, one: str, other: str, language: str) -> str:
    """The form of a noun that agrees with `count`, the forms given by the book's data."""
    return one if plural_category(count, language) == "one" else other


def count_noun(count: int, one: str, other: str, language: str) -> str:
    """ "1 ficha", "20 fichas": a count and the noun that agrees with it."""
    return f"{format_decimal(count, locale=language)} {plural(count, one, other, language)}"


def decimal(value: float, language: str, digits: int = 1) -> str:
    """A number as the language writes it (Spanish: decimal comma)."""
    return format_decimal(value, format="0." + "0" * digits if digits else "0", locale=language)


def signed(value: float, language: str, digits: int = 1) -> str:
    """A measured offset with its sign always shown: "+0,5", "−1,0"."""
    digits_pattern = "0." + "0" * digits if digits else "0"
    return format_decimal(value, format=f"+{digits_pattern};-{digits_pattern}",
                          locale=language).replace("-", "−")


def percent(value: float, language: str, digits: int = 1) -> str:
    """A share (0.042) as a percentage the way the language writes it ("4,2 %")."""
    pattern = ("0." + "0" * digits if digits else "0") + " %"
    return format_percent(value, format=pattern, locale=language)


def long_date(date: dt.date, language: str) -> str:
    """ "30 de noviembre de 2026", "November 30, 2026"."""
    return format_date(date, format="long", locale=language)


def sort_key(text: str) -> tuple[str, str]:
    """Alphabetical order as a dictionary of the book's language sorts: accents and case
    only break ties ("ábaco" sorts with "abaco", before "abeja")."""
    bare = "".join(c for c in unicodedata.normalize("NFD", text)
                   if unicodedata.category(c) != "Mn").casefold()
    return bare, text
