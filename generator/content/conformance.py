"""The conformance table: every rule statement of the source, traced into the book.

A book that re-words its source can drift from it unnoticed: a sentence dropped, a rule moved,
an example that no longer checks what it was written for. `conformance.yaml` lists the
source's rule statements, one row each, with the heading that states it, the rulings that read
it and the examples or scenarios whose replay checks it. Loading the book checks every one of
those references (a located error, like any other content mistake), and
`{{ conformance_table() }}` prints the rows as an appendix, so a reader can follow any
sentence of the original into the book. The format is documented in docs/conformance.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..errors import Location
from .model import ConformanceRow
from .prose import render_string
from .yamlsource import YamlDocument, read_yaml, validate

LABELS = {
    "es": {"source": "Texto original", "rule": "Regla", "where": "Dónde",
           "rulings": "Aclaraciones", "checked": "Comprobado en", "none": "ninguna",
           "scenario": "escenario", "scenarios": "escenarios", "pending": "pendiente"},
    "en": {"source": "Source", "rule": "Rule", "where": "Where", "rulings": "Rulings",
           "checked": "Checked in", "none": "none", "scenario": "scenario",
           "scenarios": "scenarios", "pending": "pending"},
}
#: Characters that would make a verbatim quote emphasis, a link or code in Markdown.
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]])")


@dataclass
class Conformance:
    """The rows of conformance.yaml with the document they came from, for located errors."""

    rows: list[ConformanceRow]
    doc: YamlDocument
    printed: bool = False

    @classmethod
    def load(cls, folder: Path) -> "Conformance | None":
        file = folder / "conformance.yaml"
        if not file.exists():
            return None
        doc = read_yaml(file)
        return cls(validate(doc, list[ConformanceRow]), doc)

    def check(self, rulings, sources) -> None:
        """Ids unique; every ruling, example and scenario named exists; every row is checked
        by a replay unless marked pending. (Sections are checked where the table is printed:
        only then are the headings known.)"""
        ruling_ids = {r.id for r in rulings}
        seen: set[str] = set()
        for i, row in enumerate(self.rows):
            if row.id in seen:
                raise self.doc.error((i, "id"), f"conformance row id '{row.id}' is used twice",
                                     "ids unique in the table")
            seen.add(row.id)
            for j, ruling in enumerate(row.rulings):
                if ruling not in ruling_ids:
                    raise self.doc.error((i, "rulings", j), f"unknown ruling '{ruling}'",
                                         "a ruling id of rulings.yaml")
            for j, check in enumerate(row.checks):
                if check not in sources:
                    raise self.doc.error((i, "checks", j),
                                         f"unknown example or scenario '{check}'",
                                         "the id of a file in examples/ or scenarios/")
            if not row.checks and not row.pending:
                raise self.doc.error((i, "checks"), f"row {row.id}: no example or scenario "
                                     "checks this rule",
                                     "an example or scenario id (or `pending: true` while "
                                     "one is being written)")

    def check_printed(self) -> None:
        if not self.printed:
            raise self.doc.error((), "the conformance table is not printed",
                                 "{{ conformance_table() }} in a chapter")

    def pending(self) -> list[tuple[Location, ConformanceRow]]:
        """Rows still waiting for a check: `rulebook check` warns about each."""
        return [(self.doc.location((i, "pending")), row) for i, row in enumerate(self.rows) if row.pending]

    def table_function(self, context: dict, sources: dict, abbreviations: set[str],
                       chapters: list) -> Callable[[], str]:
        """`{{ conformance_table() }}`: one block per row (five columns do not fit an A5
        page). `chapters` fills up as the loader reads them: a row may point to any heading
        of the chapters before the table."""
        labels = LABELS[context["book"].language]

        def block(index: int, row: ConformanceRow, titles: dict[str, str]) -> str:
            if row.section not in titles:
                raise self.doc.error((index, "section"), f"unknown section '{row.section}'",
                                     "the id of a chapter or heading printed before the table")
            try:
                rule = render_string(row.rule, context).strip()
            except ValueError as exc:
                raise self.doc.error((index, "rule"), str(exc)) from None
            checked = [f"«{_escape(sources[c].example.title)}»" for c in row.checks
                       if not sources[c].scenario]
            # Scenarios are not printed; their ids find them in the book's scenarios/ folder.
            checked += [f"{labels['scenario']} {c}" for c in row.checks if sources[c].scenario]
            if row.pending:
                checked.append(labels["pending"])
            passage = passage_label(row.passage, abbreviations)
            return (f"**{row.id}** · *{labels['source']}* ({passage}): «{_escape(row.quote)}»  \n"
                    f"*{labels['rule']}:* {rule}  \n"
                    f"*{labels['where']}:* [{titles[row.section]}](#{row.section}) · "
                    f"*{labels['rulings']}:* {', '.join(row.rulings) or labels['none']} · "
                    f"*{labels['checked']}:* {'; '.join(checked)}.")

        def conformance_table() -> str:
            self.printed = True
            titles: dict[str, str] = {}
            for chapter in chapters:
                titles[chapter.id] = chapter.title
                titles.update(chapter.sections)
            return "\n\n".join(block(i, row, titles) for i, row in enumerate(self.rows))
        return conformance_table


def passage_label(passage: str, abbreviations: set[str]) -> str:
    """The source's headings are in capitals ("RECICLAR LA SH"); printed as a title
    ("Reciclar la SH"), abbreviations kept, so that only real abbreviations stand in capitals."""
    words = [w.lower() if w.isupper() and w not in abbreviations else w for w in passage.split()]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def _escape(text: str) -> str:
    return MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))
