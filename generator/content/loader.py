"""Reads a book's folder into a validated `Book`, or stops at the first mistake in it.

Checks that span files live here: costs must name known resources, chapters must exist,
every abbreviation in the prose must be defined and every defined term used, every
cross-reference must land on a heading.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

from ..errors import ContentError, Location
from .board import load_board
from .conformance import Conformance
from .context import prose_context
from .examples import Example, ExampleSource
from .model import (Book, BookMeta, Chapter, Components, Difficulty, Facts,
                    FigureSpec, Glossary, PrintSpec, Ruling, ScoreBand)
from .statements import Statements, card_markup
from .prose import (ABBREVIATION, CROSS_REFERENCE, MARKER, RULING_REFERENCE, check_templates, render_string, heading_anchor, parse_markdown,
                    render_template, text_of)
from .yamlsource import read_yaml, validate

CONTENT_ROOT = Path(__file__).resolve().parents[2] / "content"


def book_folders(root: Path = CONTENT_ROOT) -> list[Path]:
    return sorted(p for p in root.iterdir() if (p / "book.yaml").is_file())


def find_book(name: str, root: Path = CONTENT_ROOT) -> Path:
    """A book named on the command line: a slug under content/ or a path to a folder."""
    candidate = Path(name)
    if (candidate / "book.yaml").is_file():
        return candidate
    if (root / name / "book.yaml").is_file():
        return root / name
    known = ", ".join(p.name for p in book_folders(root)) or "none"
    raise ContentError(Location(candidate), "no book.yaml here",
                       f"a book folder or one of: {known}")


def load_book(folder: Path) -> Book:
    folder = Path(folder)
    book_doc = read_yaml(folder / "book.yaml")
    meta = validate(book_doc, BookMeta)
    components_doc = read_yaml(folder / "components.yaml")
    components = validate(components_doc, Components)
    _check_components(components_doc, components)
    _check_against_facts(components_doc, components, folder.parent / "_facts")
    glossary_doc = read_yaml(folder / "glossary.yaml")
    glossary = validate(glossary_doc, Glossary)
    rulings: list[Ruling] = []
    rulings_doc = None
    if (folder / "rulings.yaml").exists():
        rulings_doc = read_yaml(folder / "rulings.yaml")
        rulings = validate(rulings_doc, list[Ruling])

    examples = _load_examples(folder)
    scenarios = _load_examples(folder, "scenarios", taken=examples)
    sources = {s.example.id: s for s in examples + scenarios}
    conformance = Conformance.load(folder)
    if conformance:
        conformance.check(rulings, sources)
    difficulty = (validate(read_yaml(folder / "difficulty.yaml"), Difficulty)
                  if (folder / "difficulty.yaml").exists() else None)
    figures_doc = read_yaml(folder / "figures.yaml") if (folder / "figures.yaml").exists() else None
    figures = validate(figures_doc, list[FigureSpec]) if figures_doc else []
    board = (load_board(folder / "board.yaml") if any(f.kind == "board" for f in figures)
             else None)
    scores_doc = read_yaml(folder / "scores.yaml") if (folder / "scores.yaml").exists() else None
    scores = validate(scores_doc, list[ScoreBand]) if scores_doc else []
    _check_scores(scores_doc, scores)
    context = prose_context(meta, components, rulings, scores)
    context["example"] = _marker("example", {e.example.id for e in examples})
    context["figure"] = _marker("figure", {f.id for f in figures})
    context["difficulty"] = difficulty
    statements = Statements.load(folder)
    context["rule"] = statements.function(context)
    chapters, prose = [], []
    if conformance:
        context["conformance_table"] = conformance.table_function(
            context, sources, {a.abbr for a in glossary.abbreviations}, chapters)
    # rulings.yaml and statements.yaml texts print inside chapters: their templates are run
    # once here, so a refused or broken one is reported at its own line (not counted as used).
    used = set(statements.used)
    check_templates(rulings_doc, rulings, ("question", "decision", "reason", "departs"), context)
    check_templates(statements.doc, statements.texts, (), context)
    statements.used = used
    for index, name in enumerate(meta.chapters):
        file = folder / "chapters" / name
        if not file.is_file():
            raise book_doc.error(("chapters", index), f"chapter file chapters/{name} not found",
                                 "a Markdown file in the book's chapters/ folder")
        rendered = render_template(file, context)
        prose.append(rendered)
        chapters.append(_chapter(file, rendered))

    in_prose = set(statements.used)
    print_spec = _load_print(folder / "print.yaml", context, in_prose)
    book = Book(slug=folder.name, folder=folder, meta=meta, components=components,
                       glossary=glossary, rulings=rulings, chapters=chapters,
                       examples=examples, figures=figures, print_spec=print_spec,
                       difficulty=difficulty, scores=scores, scenarios=scenarios,
                       conformance=conformance, board=board)
    if conformance:
        conformance.check_printed()
    _check_anchors(book)
    _check_cross_references(book, prose)
    _check_glossary(glossary_doc, glossary, prose)
    _check_rulings(book, rulings_doc, prose)
    shown = _markers_shown(prose)
    _check_examples(book, shown)
    _check_figures(book, figures_doc, shown)
    from .vocabulary import check_vocabulary  # the family's terms (content/_facts/vocabulario.yaml)
    check_vocabulary(book)
    return book


STATEMENT_CALL = re.compile(r"""rule\(\s*["']([^"']+)["']\s*\)""")


def _load_print(file: Path, context: dict, in_prose: set[str]) -> PrintSpec | None:
    """print.yaml, with data names in card lines filled in as in the chapters; a card may
    repeat a rule statement only if the chapters print it too."""
    if not file.exists():
        return None
    doc = read_yaml(file)
    spec = validate(doc, PrintSpec)
    if spec.cards is None:
        return spec
    faces = []
    for i, face in enumerate(spec.cards.faces):
        lines = []
        for j, line in enumerate(face.lines):
            where = ("cards", "faces", i, "lines", j)
            try:
                lines.append(card_markup(render_string(line, context)))
            except ValueError as exc:
                raise doc.error(where, str(exc)) from None
            for statement in sorted(set(STATEMENT_CALL.findall(line)) - in_prose):
                raise doc.error(where, f"the card repeats rule statement '{statement}', "
                                "which no chapter prints",
                                f'{{{{ rule("{statement}") }}}} in the chapter that states it')
        faces.append(dataclasses.replace(face, lines=lines))
    return dataclasses.replace(spec, cards=dataclasses.replace(spec.cards, faces=faces))


def _load_examples(folder: Path, subfolder: str = "examples",
                   taken: list[ExampleSource] = ()) -> list[ExampleSource]:
    """The files of examples/ (printed) or scenarios/ (replayed only); an id names one file
    among both, since conformance rows cite either by id."""
    sources = []
    seen = {s.example.id: s.file for s in taken}
    for file in sorted((folder / subfolder).glob("*.yaml")):
        doc = read_yaml(file)
        example = validate(doc, Example)
        source = ExampleSource(example, doc, scenario=subfolder == "scenarios")
        if example.id in seen:
            other = seen[example.id]
            raise doc.error(("id",), f"{source.kind} id '{example.id}' is used twice",
                            f"ids unique in the book (also in {other.parent.name}/{other.name})")
        seen[example.id] = file
        sources.append(source)
    return sources


def _marker(kind: str, ids: set[str]):
    """`{{ example("id") }}` or `{{ figure("id") }}` in a chapter: where the box or figure goes."""
    def marker(item_id: str) -> str:
        if item_id not in ids:
            raise ValueError(f"unknown {kind} '{item_id}'; expected one of "
                             f"{', '.join(sorted(ids)) or 'none'}")
        return f"[[{kind}:{item_id}]]"  # no newlines: error lines stay true
    return marker


def _markers_shown(prose) -> dict[tuple[str, str], tuple]:
    """(kind, id) → (file, line) of every example and figure placed in the chapters."""
    shown: dict[tuple[str, str], tuple] = {}
    for file, number, match in _matches(prose, MARKER):
        key = (match.group(1), match.group(2))
        if key in shown:
            raise ContentError(Location(file, number), f"{key[0]} '{key[1]}' is shown twice",
                               f"each {key[0]} in one place")
        shown[key] = (file, number)
    return shown


def _check_examples(book: Book, shown) -> None:
    """Every example and scenario cites a real section; every example (not a scenario) is
    shown exactly once in the chapters."""
    anchors = book.anchors
    for source in book.examples + book.scenarios:
        example = source.example
        if example.section not in anchors:
            raise source.doc.error(("section",), f"unknown section '{example.section}'",
                                   "the id of a chapter or heading")
        if not source.scenario and ("example", example.id) not in shown:
            raise source.doc.error(("id",), f"example '{example.id}' is not shown in any chapter",
                                   f"{{{{ example(\"{example.id}\") }}}} in a chapter")


def _check_figures(book: Book, doc, shown) -> None:
    examples = {s.example.id: s.example for s in book.examples}
    for i, figure in enumerate(book.figures):
        if figure.kind == "sh":
            if figure.example not in examples:
                raise doc.error((i, "example"), f"unknown example {figure.example!r}",
                                f"one of {', '.join(sorted(examples))}")
            steps = len(examples[figure.example].steps)
            if figure.step > steps:
                raise doc.error((i, "step"), f"step {figure.step} is past the example's end",
                                f"0 to {steps}")
        if ("figure", figure.id) not in shown:
            raise doc.error((i, "id"), f"figure '{figure.id}' is not shown in any chapter",
                            f"{{{{ figure(\"{figure.id}\") }}}} in a chapter")


def _check_components(doc, components: Components) -> None:
    known = [r.id for r in components.resources]
    for i, building in enumerate(components.buildings):
        for j, resource in enumerate(building.cost):
            if resource not in known:
                raise doc.error(("buildings", i, "cost", j), f"unknown resource '{resource}'",
                                f"one of {', '.join(known)}")
        if building.points is None and not building.faces:
            raise doc.error(("buildings", i), f"building '{building.id}' has no points",
                            "'points' or 'faces'")
        if building.flip_of and building.flip_of not in [b.id for b in components.buildings]:
            raise doc.error(("buildings", i, "flip_of"), f"unknown building '{building.flip_of}'")
    for i, expansion in enumerate(components.expansions):
        for j, resource in enumerate(expansion.extra_cost):
            if resource not in known:
                raise doc.error(("expansions", i, "extra_cost", j),
                                f"unknown resource '{resource}'", f"one of {', '.join(known)}")
    for group in ("resources", "buildings", "expansions"):
        ids = [item.id for item in getattr(components, group)]
        for i, item_id in enumerate(ids):
            if ids.index(item_id) != i:
                raise doc.error((group, i, "id"), f"duplicate id '{item_id}'")


def _check_scores(doc, scores: list[ScoreBand]) -> None:
    """A score table must give every score exactly one title: no overlap, no gap."""
    expected = 0
    for i, band in enumerate(scores):
        if band.min < expected:
            previous = scores[i - 1]
            raise doc.error((i, "min"), f"{band.min} points fall in two titles: "
                            f"'{previous.title}' ({previous.min}–{previous.max}) and "
                            f"'{band.title}' ({band.min}–{band.max})",
                            f"'{band.title}' to start at {expected}")
        if band.min > expected:
            raise doc.error((i, "min"), f"no title for {expected}–{band.min - 1} points",
                            f"'{band.title}' to start at {expected}")
        if band.max is None:
            if i != len(scores) - 1:
                raise doc.error((i, "max"), "only the last title may be open-ended",
                                "a maximum")
            return
        if band.max < band.min:
            raise doc.error((i, "max"), f"maximum {band.max} below minimum {band.min}")
        expected = band.max + 1


def _check_against_facts(doc, components: Components, facts_folder: Path) -> None:
    """Costs, points and goal that disagree with the researched facts stop the build."""
    if components.reference is None:
        return
    file = facts_folder / f"{components.reference}.yaml"
    if not file.is_file():
        raise doc.error(("reference",), f"no facts file '{components.reference}'",
                        f"a file in {facts_folder.name}/")
    facts = validate(read_yaml(file), Facts)
    names = {r.id: r.name.lower() for r in components.resources}
    for i, building in enumerate(components.buildings):
        official = facts.costs.get(building.id)
        if official is not None and Counter(building.cost) != Counter(official):
            have = ", ".join(names.get(r, r) for r in building.cost)
            want = ", ".join(names.get(r, r) for r in official)
            raise doc.error(("buildings", i, "cost"),
                            f"the {building.id} costs {have} here, but the official cost is "
                            f"{want} ({file.name})", "the official cost")
        if building.id in facts.points and building.points != facts.points[building.id]:
            raise doc.error(("buildings", i, "points"),
                            f"the {building.id} is worth {building.points} here, but "
                            f"{facts.points[building.id]} officially ({file.name})")
    if facts.goal and components.game and components.game.goal != facts.goal:
        raise doc.error(("game", "goal"), f"goal {components.game.goal}, but the official "
                        f"goal is {facts.goal} ({file.name})")


def _chapter(file: Path, rendered) -> Chapter:
    tree = parse_markdown(rendered)
    first = next(iter(tree), None)
    if first is None or first.tag != "h1":
        raise ContentError(Location(file, 1), "a chapter must open with its title",
                           "a first line '# Title'")
    chapter_id = file.stem.split("-", 1)[-1] if re.match(r"\d+-", file.stem) else file.stem
    sections = [(heading_anchor(h, chapter_id), text_of(h))
                for h in tree if h.tag in ("h2", "h3")]
    return Chapter(id=chapter_id, title=text_of(first), source=file, tree=tree,
                   sections=sections)


def _check_anchors(book: Book) -> None:
    seen: dict[str, Path] = {}
    for chapter in book.chapters:
        for anchor in [chapter.id] + [a for a, _ in chapter.sections]:
            if anchor in seen:
                raise ContentError(Location(chapter.source), f"heading id '{anchor}' is used twice",
                                   f"ids unique in the book (also in {seen[anchor].name})")
            seen[anchor] = chapter.source


def _matches(prose, pattern):
    """(file, line, match) of every occurrence of `pattern` in the chapters' text."""
    for rendered in prose:
        for number, line in rendered.lines():
            for match in pattern.finditer(line):
                yield rendered.file, number, match


def _check_cross_references(book: Book, prose) -> None:
    anchors = book.anchors
    for file, number, match in _matches(prose, CROSS_REFERENCE):
        if match.group(1) not in anchors:
            raise ContentError(Location(file, number),
                               f"cross-reference to unknown section '#{match.group(1)}'",
                               "the id of a chapter or heading")


def _check_glossary(doc, glossary: Glossary, prose) -> None:
    defined = {a.abbr for a in glossary.abbreviations}
    used: set[str] = set()
    for file, number, match in _matches(prose, ABBREVIATION):
        word = match.group(1)
        if word not in defined:
            raise ContentError(Location(file, number),
                               f"'{word}' is used but not defined in glossary.yaml",
                               "every abbreviation in the text to have a glossary entry")
        used.add(word)
    for i, entry in enumerate(glossary.abbreviations):
        if entry.abbr not in used:
            raise doc.error(("abbreviations", i, "abbr"),
                            f"'{entry.abbr}' is defined but never used in the chapters",
                            "only terms the text uses")
    everything = " ".join("\n".join(r.text for r in prose).lower().split())
    for i, entry in enumerate(glossary.terms):
        # Each word may take an ending, so «ficha de comercio» is found in «fichas de comercio».
        pattern = r"\b" + r"\s+".join(re.escape(w) + r"\w*" for w in entry.term.lower().split())
        if not re.search(pattern, everything):
            raise doc.error(("terms", i, "term"),
                            f"'{entry.term}' is defined but never used in the chapters",
                            "only terms the text uses")


def _check_rulings(book: Book, doc, prose) -> None:
    """Rulings must cite a real section, and the prose may cite only rulings that exist."""
    anchors = book.anchors
    ids = {r.id for r in book.rulings}
    for i, ruling in enumerate(book.rulings):
        if ruling.section not in anchors:
            raise doc.error((i, "section"), f"unknown section '{ruling.section}'",
                            "the id of a chapter or heading")
    for file, number, match in _matches(prose, RULING_REFERENCE):
        if match.group(1) not in ids:
            raise ContentError(Location(file, number),
                               f"ruling {match.group(1)} is cited but not in rulings.yaml",
                               "a ruling id defined in rulings.yaml")
        if match.group(1).lower() not in anchors:
            raise ContentError(Location(file, number),
                               f"ruling {match.group(1)} is cited but the book never prints it",
                               "{{ ruling_list() }} in a chapter")
