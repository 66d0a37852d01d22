"""Rule statements a book states more than once: in its chapters and on its reference cards.

A card that repeats a rule in other words is a second source of the rule, and the two drift
apart. `statements.yaml` holds such sentences once, keyed by id; chapters and card lines both
write `{{ rule("id") }}`, and a card may only repeat a statement the chapters also print.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.content.prose import render_string
from generator.content.yamlsource import YamlDocument, read_yaml, validate

BOLD = re.compile(r"\*\*(.+?)\*\*")


class Statements:
    """The book's shared sentences, and which of them the prose and the cards have used."""

    def __init__(self, doc: YamlDocument | None, texts: dict[str, str]):
        self.doc = doc
        self.texts = texts
        self.used: set[str] = set()

    @classmethod
    def load(cls, folder: Path) -> "Statements":
        file = folder / "statements.yaml"
        if not file.exists():
            return cls(None, {})
        doc = read_yaml(file)
        return cls(doc, validate(doc, dict[str, str]))

    def function(self, context: dict):
        """`rule("id")` for templates: the statement, its own data names filled in."""
        def rule(statement_id: str) -> str:
            if statement_id not in self.texts:
                raise ValueError(f"unknown rule statement '{statement_id}'; expected one of "
                                 f"{', '.join(sorted(self.texts)) or 'none (no statements.yaml)'}")
            self.used.add(statement_id)
            return render_string(self.texts[statement_id], context)
        return rule


def card_markup(text: str) -> str:
    """A statement's Markdown emphasis as the card renderer's markup."""
    return BOLD.sub(r"<b>\1</b>", text)
