"""The conformance table: every rule statement of the source, traced into the book.

A book that re-words its source can drift from it unnoticed: a sentence dropped, a rule moved,
an example that no longer checks what it was written for. `conformance.yaml` lists the
source's rule statements, one row each, with the heading that states it, the rulings that read
it and the examples or scenarios whose replay checks it. Loading the book checks every one of
those references (a located error, like any other content mistake), and
`{{ conformance_table() }}` prints the rows as an appendix, so a reader can follow any
sentence of the original into the book. The format is documented in docs/conformance.md.

A scenario is never printed as a box, so the appendix names it by its title in the book's
language, quoted like an example's, after a number that finds its file: S06 is the sixth file
of `scenarios/` in name order, `06-quinta-carretera.yaml` (`scenario_numbers`). An id would
do as well for lookup, but it is a Spanish phrase (`quinta-carretera`) in every edition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import jinja2

from generator.errors import Location
from generator.core.i18n import N_, pN_, translator
from generator.content.context import quoted, source_words
from generator.content.model import ConformanceRow
from generator.content.prose import render_string
from generator.content.yamlsource import YamlDocument, read_yaml, validate

#: A row's labels (messages of the gettext catalogs, in the book's language when printed).
LABELS = {"source": N_("Source"), "rule": N_("Rule"), "where": N_("Where"),
          "rulings": N_("Rulings"), "checked": N_("Checked in"),
          "none": pN_("rulings", "none"), "scenario": N_("scenario {number} {title}"),
          "pending": pN_("check", "pending"), "unchecked": N_("not checked by the engine"),
          "checks": N_("Checks"), "entry": pN_("conformance", "Entry"),
          "not_checked": N_("not checked")}
#: `passage` names for parts of a source that have no heading of their own.
UNHEADED = frozenset({"texto", "presentación", "introducción", "respuesta en el hilo",
                      "text", "presentation", "introduction", "answer in the thread"})  # es, en
#: Characters that would make a verbatim quote emphasis, a link or code in Markdown.
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]])")
#: A scenario's number as printed: the same in every edition, like a ruling's R04.
SCENARIO_NUMBER = "S{:02d}"
#: The number a scenario file's name may start with (`06-quinta-carretera.yaml`).
FILE_NUMBER = re.compile(r"^(\d+)-")


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
        by a replay, or says why none can (`unchecked`: a rule the engine does not model), or
        is marked pending; every scenario checks a row. (Sections are checked where the
        table is printed: only then are the headings known.)"""
        ruling_ids = {r.id for r in rulings}
        _check_scenario_files(sources)
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
            if row.unchecked is not None and (row.checks or row.pending):
                raise self.doc.error((i, "unchecked"), f"row {row.id} is marked unchecked but "
                                     f"{'has checks' if row.checks else 'is pending'}",
                                     "`unchecked` only on a row with `checks: []` that is "
                                     "not pending")
            if not row.checks and not row.pending and row.unchecked is None:
                raise self.doc.error((i, "checks"), f"row {row.id}: no example or scenario "
                                     "checks this rule",
                                     "an example or scenario id, or `unchecked: why` for a "
                                     "rule the engine does not model (or `pending: true` "
                                     "while a check is being written)")
        # A scenario is printed in the dossier with the rows it checks: one that checks
        # none is a proof of nothing the reader can find (review, 2026-12-05: S20).
        cited = {check for row in self.rows for check in row.checks}
        numbers = scenario_numbers(sources)
        for source in _scenarios(sources):
            if source.example.id not in cited:
                raise source.doc.error(("id",), f"scenario {numbers[source.example.id]} "
                                       f"('{source.example.id}') checks no row of the "
                                       "conformance table",
                                       "its id in the `checks:` of the rows of "
                                       "conformance.yaml it proves")

    def printed_originals(self) -> set[str]:
        """The rows' `original_quote` (a translated edition's) as the table prints them."""
        return {_escape(row.original_quote) for row in self.rows if row.original_quote}

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
        of the chapters before the table. On a sheet (`layout: sheet`) a block is one run-in
        paragraph, its parts in the same order with the same labels: lines broken after the
        quote and the rule would cost a sheet a line and a half per row. A sheet's table in
        a chapter of the editor's dossier is set as a rulebook's, as the dossier is."""
        language = context["book"].language
        words = translator(language)
        labels = {name: words.gettext(message) for name, message in LABELS.items()}
        meta = context["book"]
        sheet = getattr(meta, "layout", "rulebook") == "sheet"
        dossier = set(getattr(meta, "dossier", ()))
        numbers = scenario_numbers(sources)

        def block(index: int, row: ConformanceRow, titles: dict[str, str], brk: str) -> str:
            if row.section not in titles:
                raise self.doc.error((index, "section"), f"unknown section '{row.section}'",
                                     "the id of a chapter or heading printed before the table")
            try:
                rule = render_string(row.rule, context).strip()
            except ValueError as exc:
                raise self.doc.error((index, "rule"), str(exc)) from None
            checked = [quoted(_escape(sources[c].example.title), language) for c in row.checks
                       if not sources[c].scenario]
            checked += [labels["scenario"].format(
                number=numbers[c], title=quoted(_escape(sources[c].example.title), language))
                for c in row.checks if sources[c].scenario]
            if row.pending:
                checked.append(labels["pending"])
            if row.unchecked is not None:
                try:
                    why = render_string(row.unchecked, context).strip().rstrip(".")
                except ValueError as exc:
                    raise self.doc.error((index, "unchecked"), str(exc)) from None
                checked.append(f"{labels['unchecked']}: {why}")
            passage = passage_label(row.passage, abbreviations, language)
            words_of = source_words(_escape(row.quote), _escape(row.original_quote or ""),
                                    language)
            return (f"**{row.id}** · *{labels['source']}* ({passage}): {words_of}{brk}"
                    f"*{labels['rule']}:* {rule}{brk}"
                    f"*{labels['where']}:* [{titles[row.section]}](#{row.section}) · "
                    f"*{labels['rulings']}:* {', '.join(row.rulings) or labels['none']} · "
                    f"*{labels['checked']}:* {'; '.join(checked)}.")

        def checked_cell(row: ConformanceRow) -> str:
            """What checks a row, in a cell: its examples counted, its scenarios by number."""
            examples = sum(1 for c in row.checks if not sources[c].scenario)
            cell = ([words.ngettext("{n} example", "{n} examples", examples).format(n=examples)]
                    if examples else [])
            cell += sorted(numbers[c] for c in row.checks if sources[c].scenario)
            if row.pending:
                cell.append(labels["pending"])
            if row.unchecked is not None:
                cell.append(labels["not_checked"])
            return ", ".join(cell) or "—"

        def matrix(titles: dict[str, str]) -> str:
            """The rows at a glance, before their blocks: where each rule stands, what
            reads it and what checks it; what the engine does not model, at a look down the
            last column. (Not on a sheet: it has no room for both.)"""
            head = [labels[k] for k in ("entry", "where", "rulings", "checked")]
            lines = ["| " + " | ".join(head) + " |", "|---|---|---|---|"]
            lines += [f"| {row.id} | [{titles[row.section]}](#{row.section}) | "
                      f"{', '.join(row.rulings) or '—'} | {checked_cell(row)} |"
                      for row in self.rows if row.section in titles]
            return "\n".join(lines)

        @jinja2.pass_context
        def conformance_table(chapter) -> str:
            """(`chapter`: the template being run, named by its file: in the dossier?)"""
            self.printed = True
            # Markdown's hard line break, or a space on a sheet.
            brk = " " if sheet and Path(chapter.name or "").name not in dossier else "  \n"
            titles: dict[str, str] = {}
            for chapter in chapters:
                titles[chapter.id] = chapter.title
                titles.update(chapter.sections)
            blocks = [block(i, row, titles, brk) for i, row in enumerate(self.rows)]
            if brk != " ":
                blocks.insert(0, matrix(titles))
            return "\n\n".join(blocks)
        return conformance_table


    def scenario_function(self, context: dict, sources: dict) -> Callable[[], str]:
        """`{{ scenario_list() }}`: every scenario under its printed number and title (the
        table's «escenario S06 «Tres carreteras A»» is S06 here), its summary, the rows it
        checks and its replay (a `[[scenario:id]]` box: start, steps, the position they end
        in): what a publisher checks without the YAML, in the dossier."""
        words = translator(context["book"].language)
        numbers = scenario_numbers(sources)

        def scenario_list() -> str:
            blocks = []
            for source in _scenarios(sources):
                number = numbers[source.example.id]
                rows = [row.id for row in self.rows if source.example.id in row.checks]
                checks = f"\n\n*{words.gettext(LABELS['checks'])}:* {', '.join(rows)}." \
                    if rows else ""
                summary = " ".join((source.example.summary or "").split())
                blocks.append(f"## {number}. {_escape(source.example.title)} "
                              f"{{#escenario-{number.lower()}}}\n\n{_escape(summary)}{checks}"
                              f"\n\n[[scenario:{source.example.id}]]")
            return "\n\n".join(blocks)
        return scenario_list


def scenario_numbers(sources: dict) -> dict[str, str]:
    """Each scenario's printed number by its id: "S01" for the first file of `scenarios/` in
    name order."""
    return {source.example.id: SCENARIO_NUMBER.format(number)
            for number, source in enumerate(_scenarios(sources), start=1)}


def _scenarios(sources: dict) -> list:
    """The scenarios among the examples and scenarios by id, in file-name order."""
    return sorted((source for source in sources.values() if source.scenario),
                  key=lambda source: source.file.name)


def _check_scenario_files(sources: dict) -> None:
    """A scenario file whose name starts with a number has its own: the appendix prints
    `06-quinta-carretera.yaml` as S06, and a reader looks for S06 in 06-….yaml."""
    for number, source in enumerate(_scenarios(sources), start=1):
        named = FILE_NUMBER.match(source.file.name)
        if named and int(named.group(1)) != number:
            printed = SCENARIO_NUMBER.format(number)
            raise source.doc.error((), f"scenario file {source.file.name} is number {number} "
                                   f"of {source.file.parent.name}/ in name order, printed as "
                                   f"{printed}, but its name says {named.group(1)}",
                                   f"the file named {number:02d}-…, or without a number, so "
                                   f"that {printed} finds it")


def passage_label(passage: str, abbreviations: set[str], language: str = "es") -> str:
    """The source's headings are in capitals ("RECICLAR LA SH"); printed as a title
    ("Reciclar la SH"), abbreviations kept, so that only real abbreviations stand in capitals.
    A heading is the source's own words, so it stands between « » like the quote (a book's
    vocabulary leaves quotations alone: «usando Tokens comerciales…»); a name for a part
    without a heading (UNHEADED) does not."""
    words = [w.lower() if w.isupper() and w not in abbreviations else w for w in passage.split()]
    text = " ".join(words)
    text = text[:1].upper() + text[1:]
    return text if passage in UNHEADED else quoted(_escape(text), language)


def _escape(text: str) -> str:
    return MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))
