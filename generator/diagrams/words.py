"""The words a figure prints: the names the book gives its components and its abbreviations'
terms, and the catalog of its language.

The generic figures (the costs table, the board) read only these; each game's narration
builds on them (the solo game's `Words`, the solo game's text.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.content.model import Components
from generator.core.i18n import Translator, translator


@dataclass(frozen=True)
class BookWords:
    """Names of resources, buildings and expansions from the book's data, and the words
    around them in the book's language."""

    components: Components
    terms: dict = field(default_factory=dict)  # abbreviation → its term, spelled out
    language: str = "es"

    @classmethod
    def for_book(cls, book):
        glossary = getattr(book, "glossary", None)
        terms = {a.abbr: a.term.lower() for a in glossary.abbreviations} if glossary else {}
        return cls(book.components, terms, book.meta.language)

    @property
    def t(self) -> Translator:
        """The book language's catalog: `self.t.gettext("…")`."""
        return translator(self.language)

    def res(self, rid: str) -> str:
        return self.components.resource(rid).name.lower()
