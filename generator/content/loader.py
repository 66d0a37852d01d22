"""Reads a book's folder into a validated `Book`, or reports every independent mistake in it.

Checks that span files live here: costs must name known resources, chapters must exist,
every abbreviation in the prose must be defined and every defined term used, every
cross-reference must land on a heading.
"""

from __future__ import annotations

import copy

import dataclasses
import re
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from pathlib import Path

from generator.errors import ContentError, Location
from generator.core.files import present, problem
from generator.core.labels import file_word, labels
from generator.core.typefaces import DEFAULT as DEFAULT_TYPEFACES, Family, Typefaces
from generator.content.books import FACTS_FOLDER, book_folders, find_book  # noqa: F401
from generator.content.cardmarkup import EXPECTED, markup_problem, printed_text
from generator.content.conformance import Conformance
from generator.content.decks import DeckFacts, load_decks
from generator.content.context import prose_context
from generator.content.edition import Edition, chapter_parity, edition_of
from generator.content.examples import Example, ExampleSource
from generator.content.limits import MAX_CHAPTER_BYTES, check_file_size, check_prose_lengths
from generator.content.glyphs import (COMMON, check_file, check_printed, fonts_of,
                                      glyph_problem, missing_glyph, printed_by)
from generator.content.images import ChapterImages
from generator.content.textfile import read_text
from generator.content.paths import BOOK_FILES, contained
from generator.content import sandbox
from generator.content.problems import Problems
from generator.content.typos import typo_of
from generator.content.model import (Book, BookMeta, Chapter, Components, ConformanceRow,
                                     Difficulty, EngineNeeds, Facts, FigureSpec, Glossary,
                                     PrintSpec, Ruling, ScoreBand, KNOWN_PARAMETERS, TITLE_TO_COME,
                                     PARAMETER_VALUE_TEXT, figure_anchor, free_parameters,
                                     parameter_type, ruling_anchors)
from generator.content.statements import Statements, card_markup
from generator.content.prose import (ABBREVIATION, CROSS_REFERENCE, MARKER, RULING_REFERENCE,
                                     check_templates, render_string, heading_anchor,
                                     parse_markdown, placements, render_template, text_of)
from generator.content.yamlsource import once_per_text, read_yaml, validate, validate_shared


def load_book(folder: Path, language: str | None = None,
              needs: Callable[[str, str], EngineNeeds | None] | None = None) -> Book:
    """The book in `folder` as written, or its translation into `language` (the book's
    facts with that edition's words, content/edition.py); a translation's folder itself
    (`content/my-game/en`) names that edition too.

    The book's own files, each checked and all checked together, in stages (problems.py):
    each file alone, then the files against each other, then each chapter, then the whole;
    every mistake of a stage is reported at once. `needs` ((book.yaml `engine:`, the book's
    name) → what that engine reads of components.yaml), given by the layer that knows the
    engines (generator/checks.py), is checked right after components.yaml is read, before
    anything reads the game's parameters. What only the simulator or a renderer can tell
    (stored runs, a card's fit) checks.py asks them after loading."""
    folder, named = edition_of(Path(folder))
    language = language or named
    for name in BOOK_FILES:  # every file the book reads stays inside its folder (paths.py)
        contained(folder / name, folder)
    base_language = book_language(folder)
    edition = Edition(folder, None if language in (None, base_language) else language)

    found = Problems()  # each file alone
    book_doc, meta = found.attempt(_read, edition, "book.yaml", BookMeta, True) or (None, None)
    typefaces = found.attempt(_typefaces, book_doc, meta, folder) if meta else None
    components_doc, components = found.attempt(
        _components, edition, meta, needs, folder) or (None, None)
    glossary_doc, glossary = found.attempt(_glossary, edition) or (None, None)
    rulings_doc, rulings = found.attempt(_rulings, edition, meta) or (None, [])
    examples = _load_examples(edition, found)
    scenarios = _load_examples(edition, found, "scenarios", taken=examples)
    difficulty_doc, difficulty = found.attempt(_difficulty, edition) or (None, None)
    figures_doc, figures = found.attempt(_figures, edition) or (None, [])
    board = found.attempt(_board, edition, figures)
    scores_doc, scores = found.attempt(_scores, edition) or (None, [])
    statements = found.attempt(_statements, edition)
    found.settle()

    edition.check_examples_words({s.example.id for s in examples + scenarios})
    _check_unchecked(book_doc, meta, examples, scenarios)
    sources = {s.example.id: s for s in examples + scenarios}
    conformance_doc = edition.read("conformance.yaml")
    conformance = (Conformance(validate(conformance_doc, list[ConformanceRow]), conformance_doc)
                   if conformance_doc else None)
    if conformance:
        _no_original(edition, conformance.doc, conformance.rows)
        conformance.check(rulings, sources)
        for i, row in enumerate(conformance.rows if meta.examples == "unchecked" else ()):
            if row.checks:
                raise conformance.doc.error((i, "checks", 0), f"example '{row.checks[0]}' "
                                            "checks nothing: no engine replays the book's "
                                            "examples (examples: unchecked)",
                                            "checks: [] and unchecked: why no replay can")
    chapters: list = []  # filled as they are read: the headings `ruling_list` links to
    context = prose_context(meta, components, rulings, scores, chapters)
    context["example"] = _marker("example", {e.example.id for e in examples})
    context["figure"] = _marker("figure", {f.id for f in figures})
    context["fig"] = _figure_reference({f.id for f in figures}, meta.language)
    context["difficulty"] = difficulty
    if difficulty is not None:  # `{{ difficulty_table() }}`: the stored runs side by side
        def difficulty_table() -> str:
            from generator.content.appendix import difficulty_table as table
            return table(difficulty, meta.language)
        context["difficulty_table"] = difficulty_table
    context["rule"] = statements.function(context)
    images = ChapterImages(folder)  # Markdown images, checked and read (images.py)
    if conformance:
        context["conformance_table"] = conformance.table_function(
            context, sources, {a.abbr for a in glossary.abbreviations}, chapters)
        context["scenario_list"] = conformance.scenario_function(context, sources)
    # rulings.yaml and statements.yaml texts print inside chapters: their templates are run
    # once here, so a refused or broken one is reported at its own line (not counted as used).
    used = set(statements.used)
    check_templates(rulings_doc, rulings, ("question", "decision", "reason", "departs"), context)
    check_templates(statements.doc, statements.texts, (), context)
    statements.used = used
    _check_dossier(book_doc, meta)

    # The decks, read before the chapters, which may say how many cards one prints.
    print_doc = edition.read("print.yaml")
    print_spec = validate(print_doc, PrintSpec) if print_doc is not None else None
    with _glyphs_of(typefaces, folder):
        decks = load_decks(print_doc, print_spec, folder,
                           _file_words(meta.language, folder.name))
    context["decks"] = {deck.spec.id: DeckFacts.of(deck) for deck in decks}

    # Each chapter alone. Once one has failed, a later chapter's mistakes are kept only in
    # its own file (one elsewhere, a conformance table's section, may be a consequence), and
    # no further chapter is read once the stage has taken a template's time budget: more
    # mistakes are not worth a longer wait (a hostile template in every chapter).
    found, prose, started = Problems(), [], time.monotonic()
    for index, name in enumerate(meta.chapters):
        if found.found and time.monotonic() - started > sandbox.MAX_SECONDS:
            break
        rendered = found.attempt(_read_chapter, edition, book_doc, index, name, context,
                                 chapters, images,
                                 only_in=(edition.chapters / name) if found.found else None)
        if rendered is not None:
            prose.append(rendered)
    found.settle()
    _fill_titles(chapters)

    in_prose = set(statements.used)
    with _glyphs_of(typefaces, folder):
        print_spec = _load_print(print_doc, print_spec, context, in_prose, components, scores)
    book = Book(slug=folder.name, folder=folder, meta=meta, components=components,
                       glossary=glossary, rulings=rulings, chapters=chapters,
                       examples=examples, figures=figures, print_spec=print_spec,
                       difficulty=difficulty, scores=scores, scenarios=scenarios,
                       conformance=conformance, board=board, images=images.found,
                       edition=edition.language, typefaces=typefaces, decks=decks,
                       sources={name: doc for name, doc in (
                           ("book.yaml", book_doc), ("components.yaml", components_doc),
                           ("glossary.yaml", glossary_doc), ("rulings.yaml", rulings_doc),
                           ("conformance.yaml", conformance_doc),
                           ("difficulty.yaml", difficulty_doc if difficulty else None),
                           ("figures.yaml", figures_doc), ("scores.yaml", scores_doc),
                           ("statements.yaml", statements.doc), ("print.yaml", print_doc))
                           if doc is not None})

    found = Problems()  # the whole: checks that do not need each other
    if conformance:
        found.attempt(conformance.check_printed)
    found.attempt(_check_anchors, book)
    found.attempt(_check_cross_references, book, prose)
    found.attempt(_check_glossary, glossary_doc, glossary, prose,
                  _source_originals(rulings, conformance))
    found.attempt(_check_rulings, book, rulings_doc, prose)
    shown = found.attempt(_markers_shown, book, prose)
    if shown is not None:
        found.attempt(_check_examples, book, shown)
        found.attempt(_check_figures, book, figures_doc, shown)
    if meta.vocabulary:  # the family's terms (content/_facts/vocabulario.yaml), opted into
        from generator.content.vocabulary import check_vocabulary
        found.attempt(check_vocabulary, book)
    found.settle()
    with _glyphs_of(typefaces, folder):
        _check_printable(book, edition.read_files, prose)
    book.warnings.extend(images.warnings(meta))
    return book


#: The largest font file a book may name: a family's face is a few hundred kilobytes; the
#: largest pan-Unicode ones some 20 MB.
MAX_FONT_BYTES = 32_000_000
_FACE_NAMES = ("regular", "bold", "italic", "bold_italic", "semibold")


def _typefaces(doc, meta: BookMeta, folder: Path) -> Typefaces | None:
    """The book's own typefaces (book.yaml `fonts:`), each file checked as the PDF will
    embed it; None for the default ones."""
    spec = meta.fonts
    if spec is None or (spec.text is None and spec.labels is None):
        return None
    families = []
    for role, default in (("text", DEFAULT_TYPEFACES.text), ("labels", DEFAULT_TYPEFACES.labels)):
        given = getattr(spec, role)
        if given is None:
            families.append(default)
            continue
        files = {face: _font_file(doc, folder, ("fonts", role, face), getattr(given, face))
                 for face in _FACE_NAMES if getattr(given, face)}
        families.append(Family.of(**files))
    return Typefaces(*families)


def _font_file(doc, folder: Path, where: tuple, name: str) -> str:
    """The font file `name` of the book's folder, read as ReportLab will embed it: a
    TrueType font whose licence allows embedding; a mistake is located at `where`."""
    from fontTools.ttLib import TTFont as OpenFont  # only for a book with its own fonts
    from reportlab.pdfbase.ttfonts import TTFontFile
    expected = "a TrueType font file (.ttf) in the book's folder, e.g. fonts/MyFace-Regular.ttf"
    file = contained(folder / name, folder,
                     lambda message, wanted: doc.error(where, message, wanted))
    found = problem(file)
    if found:
        raise doc.error(where, f"font file {name} {found}", expected)
    size = file.stat().st_size
    if size > MAX_FONT_BYTES:
        raise doc.error(where, f"font file {name} is {size:,} bytes long",
                        f"at most {MAX_FONT_BYTES:,} bytes")
    try:
        parsed = TTFontFile(str(file))
        fs_type = OpenFont(str(file), lazy=True)["OS/2"].fsType
    except Exception as exc:  # an untrusted file's parse: any failure is a refusal
        why = str(exc) or type(exc).__name__
        if "postscript outlines" in why.lower():
            raise doc.error(where, f"font file {name} has PostScript (CFF) outlines, which "
                            "the PDF cannot embed", "the TrueType (.ttf) file of the same "
                            "face") from None
        raise doc.error(where, f"font file {name} is not a font the PDF can embed ({why})",
                        expected) from None
    if fs_type == 0x0002 or fs_type & 0x0300:  # restricted, or no subsetting: OS/2 fsType
        raise doc.error(where, f"font file {name}: its licence does not allow it to be "
                        f"embedded in a document (OS/2 fsType {fs_type:#06x})",
                        "a font whose licence allows embedding, such as one under the SIL "
                        "Open Font License")
    lacking = sorted(COMMON - _NEVER_DRAWN - {chr(c) for c in parsed.charToGlyph})
    if where[-1] == "regular" and lacking:  # what the program itself prints (labels, dashes)
        shown = " ".join(lacking[:8]) + (" …" if len(lacking) > 8 else "")
        raise doc.error(where, f"font file {name} lacks {len(lacking)} of the characters "
                        f"every book prints ({shown})", "a text face with Latin-1, the "
                        "usual dashes, quotes and arrows (glyphs.py COMMON)")
    return str(file.resolve())


#: Characters of COMMON that are never drawn (white space a font need not have).
_NEVER_DRAWN = frozenset("\t\n\r\u200b\ufeff\u00a0\u00ad")


def _glyphs_of(typefaces: Typefaces | None, folder: Path):
    """What the book's characters are checked against while the block runs: its own
    regular faces, named by their files, or the default ones."""
    if typefaces is None:
        return fonts_of(None)
    files = (typefaces.text.regular, typefaces.labels.regular)
    named = " and ".join(dict.fromkeys(_relative(f, folder) for f in files))
    return fonts_of(files, named, typefaces.identity)


def _relative(file: str, folder: Path) -> str:
    try:
        return str(Path(file).relative_to(folder.resolve()))
    except ValueError:
        return Path(file).name


def _read(edition: Edition, name: str, model, required: bool = False):
    """(document, value) of the edition's file `name` as `model`; (None, None) without it."""
    doc = edition.read(name, required=required)
    return (doc, validate(doc, model)) if doc is not None else (None, None)


def _components(edition: Edition, meta: BookMeta | None, needs, folder: Path):
    """components.yaml, checked alone and, with book.yaml right, for its engine and against
    the family's facts (a later check reads the game's parameters `needs` makes sure of)."""
    doc, components = _read(edition, "components.yaml", Components, True)
    _check_components(doc, components)
    if meta is None:
        return doc, components
    if needs is not None:  # (without an engine, still the costs table's fields)
        check_needs(doc, components, meta.engine or "",
                    (needs(meta.engine, folder.name) if meta.engine else None) or
                    EngineNeeds())
    _check_against_facts(doc, components, folder.parent / FACTS_FOLDER)
    return doc, components


def _glossary(edition: Edition):
    doc, glossary = _read(edition, "glossary.yaml", Glossary, True)
    check_unique(doc, [("abbreviations", i, "abbr") for i in range(len(glossary.abbreviations))],
                 [a.abbr for a in glossary.abbreviations], "abbreviation")
    check_unique(doc, [("terms", i, "term") for i in range(len(glossary.terms))],
                 [t.term for t in glossary.terms], "term",
                 fold=lambda term: " ".join(term.casefold().split()))
    return doc, glossary


def _rulings(edition: Edition, meta: BookMeta | None):
    if not edition.exists("rulings.yaml"):
        return None, []
    doc, rulings = _read(edition, "rulings.yaml", list[Ruling])
    check_unique(doc, [(i, "id") for i in range(len(rulings))], [r.id for r in rulings],
                 "ruling id")
    _no_original(edition, doc, rulings)
    if meta is not None:
        _check_ruling_titles(doc, rulings, meta)
    return doc, rulings


def _no_original(edition: Edition, doc, items) -> None:
    """`original_quote` is what a translated edition keeps of the book's own quote
    (edition.ORIGINAL); written in the book's own file it would print as a translation."""
    if edition.language is None:
        for i, item in enumerate(items):
            if item.original_quote:
                raise doc.error((i, "original_quote"), "original_quote, which a translated "
                                "edition writes itself", "the source's words in quote:")


def _difficulty(edition: Edition):
    """difficulty.yaml: numbers only, no words to translate (the book's own file)."""
    if not edition.exists("difficulty.yaml"):
        return None, None
    doc = read_yaml(edition.folder / "difficulty.yaml")
    return doc, validate_shared(doc, Difficulty)


def _figures(edition: Edition):
    doc, figures = _read(edition, "figures.yaml", list[FigureSpec])
    if figures:
        check_unique(doc, [(i, "id") for i in range(len(figures))], [f.id for f in figures],
                     "figure id")
    return doc, figures or []


def _board(edition: Edition, figures: list[FigureSpec]):
    """board.yaml, for a book with a board figure (its format and checks: board.py)."""
    if not any(f.kind == "board" for f in figures):
        return None
    from generator.content.board import load_board
    board = load_board(edition.folder / "board.yaml")
    if edition.language:  # terrain names: no translation format yet
        edition.read("board.yaml")
    return board


def _scores(edition: Edition):
    doc, scores = _read(edition, "scores.yaml", list[ScoreBand])
    _check_scores(doc, scores or [])
    return doc, scores or []


def _statements(edition: Edition) -> Statements:
    doc, texts = _read(edition, "statements.yaml", dict[str, str])
    return Statements(doc, texts or {})


def _read_chapter(edition: Edition, book_doc, index: int, name: str, context: dict,
                  chapters: list, images: ChapterImages):
    """Chapter `name` (book.yaml chapters[index]) rendered, its headings added to
    `chapters` and its images read."""
    file = contained(edition.chapters / name, edition.chapters,
                     lambda message, expected: book_doc.error(("chapters", index), message,
                                                              expected),
                     "the book's chapters/ folder")
    found = problem(file)  # a pipe is "not a regular file", not "not found"
    if found:
        raise book_doc.error(("chapters", index), f"chapter file chapters/{name} {found}",
                             "a Markdown file in the book's chapters/ folder")
    check_file_size(file, MAX_CHAPTER_BYTES, "chapter file")
    if edition.language:  # the same sections, examples, figures and data as the book's
        folder = edition.folder
        chapter_parity(contained(folder / "chapters" / name, folder / "chapters"), file)
    rendered = render_template(file, context)
    check_prose_lengths(file, rendered.lines())
    chapter = _chapter(file, rendered)
    images.load(chapter.tree, rendered)
    chapters.append(chapter)
    return rendered


def _check_dossier(doc, meta) -> None:
    """The dossier names chapters of the book, each once, and leaves the player some."""
    for i, name in enumerate(meta.dossier):
        if name not in meta.chapters:
            raise doc.error(("dossier", i), f"'{name}' is not one of the book's chapters",
                            f"one of {', '.join(meta.chapters)}")
    check_unique(doc, [("dossier", i) for i in range(len(meta.dossier))], meta.dossier,
                 "dossier chapter")
    if set(meta.chapters) <= set(meta.dossier):
        raise doc.error(("dossier",), "every chapter is in the editor's dossier, and the "
                        "player's book would be empty", "at least one chapter left to the "
                        "player's book")


def book_language(folder: Path) -> str | None:
    """The language a book is written in (book.yaml), to tell `--lang es` for a Spanish book
    from a translation; None when book.yaml has none (its validation says so)."""
    data = read_yaml(folder / "book.yaml").data
    return data.get("language") if isinstance(data, dict) else None


def _check_printable(book: Book, words: list[Path] = (), prose=()) -> None:
    """Every character that prints is one the fonts have (glyphs.py): the book's YAML files,
    a translation's, its examples and its chapters, as typed (at the line that holds it) and
    as they print: YAML escapes decoded, a chapter's entities and templates worked out."""
    files = [book.folder / name for name in BOOK_FILES if (book.folder / name).is_file()]
    files += list(words)
    files += [source.doc.file for source in book.examples]
    files += [chapter.source for chapter in book.chapters]
    for file in files:
        check_file(file, read_text(file))
    for file in files:
        if file.suffix == ".yaml":
            doc = read_yaml(file)
            # (one text, and the same fonts: one answer)
            once_per_text(doc, (_check_yaml_glyphs, printed_by()),
                          lambda: _check_yaml_glyphs(doc))
    for chapter, rendered in zip(book.chapters, prose):
        check_printed(chapter.source, "".join(chapter.tree.itertext()), rendered.lines())


def _check_yaml_glyphs(doc) -> None:
    """The texts of a YAML file as its data holds them (`"\\u2680"` is a die, which no line
    of the file shows): the first the fonts cannot print is an error at its path."""
    seen: set[int] = set()
    stack: list[tuple[tuple, object]] = [((), doc.data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            char = missing_glyph(value)
            if char is not None:
                raise doc.error(path, *glyph_problem(char))
        elif isinstance(value, (dict, list)) and id(value) not in seen:
            seen.add(id(value))  # an alias is walked once
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in reversed(list(items)):
                stack.append((path + (key,), item))
                if isinstance(key, str):
                    stack.append((path + (key,), key))


STATEMENT_CALL = re.compile(r"""rule\(\s*["']([^"']+)["']\s*\)""")


def _load_print(doc, spec: PrintSpec | None, context: dict, in_prose: set[str],
                components: Components, scores: list[ScoreBand] = ()) -> PrintSpec | None:
    """print.yaml (its document and `spec`, or None), with data names in card lines filled
    in as in the chapters; a card may repeat a rule statement only if the chapters print it
    too; a costs card needs buildings to show, a scores card a scores.yaml."""
    if doc is None:
        return None
    for i, face in enumerate(spec.cards.faces if spec.cards else []):
        if face.kind == "costs" and not components.buildings:
            raise doc.error(("cards", "faces", i, "kind"), "a costs card, but the book has no "
                            "buildings to show on it", "buildings: in components.yaml, or "
                            "another kind of card")
        if face.kind == "scores" and not scores:
            raise doc.error(("cards", "faces", i, "kind"), "a scores card, but the book has no "
                            "scores.yaml", "a scores.yaml, or another kind of card")
    if spec.tokens is not None:
        _check_fits(doc, ("tokens", "diameter"), spec.tokens.diameter, spec.tokens.diameter,
                    spec.tokens.bleed)
    for i, deck in enumerate(spec.decks):
        _check_fits(doc, ("decks", i, "size" if deck.size else "width"), *deck.trim,
                    deck.bleed)
    if spec.cards is None:
        return spec
    _check_fits(doc, ("cards", "width"), spec.cards.width, spec.cards.height, spec.cards.bleed)
    faces = []
    for i, face in enumerate(spec.cards.faces):
        lines = []
        for j, line in enumerate(face.lines):
            where = ("cards", "faces", i, "lines", j)
            try:
                lines.append(card_markup(render_string(line, context)))
            except ValueError as exc:
                raise doc.error(where, str(exc)) from None
            _check_card_line(doc, where, lines[-1])
            for statement in sorted(set(STATEMENT_CALL.findall(line)) - in_prose):
                raise doc.error(where, f"the card repeats rule statement '{statement}', "
                                "which no chapter prints",
                                f'{{{{ rule("{statement}") }}}} in the chapter that states it')
        faces.append(dataclasses.replace(face, lines=lines))
    return dataclasses.replace(spec, cards=dataclasses.replace(spec.cards, faces=faces))


def _file_words(language: str, slug: str) -> set[str]:
    """The first words of the files a build writes beside a deck's `<id>-a4.pdf` (a deck
    named so would overwrite them): the book's own, its cards', tokens' and calibration's,
    in the book's language and in English."""
    return {slug} | {file_word(lang, word) for lang in {language, "en"}
                     for word in ("cards", "tokens", "calibration")}


def _check_fits(doc, where, width: float, height: float, bleed: float) -> None:
    """Every piece is imposed on each home paper with its bleed and room for crop marks
    (core/sheet.py); one that fits on none is refused here, before anything is drawn."""
    from generator.core.sheet import MIN_MARGIN, PAPERS, impose
    for paper, (paper_w, paper_h) in PAPERS.items():
        try:
            impose(paper, width, height, bleed)
        except ValueError:
            room = 2 * (MIN_MARGIN + bleed)
            raise doc.error(where, f"a {width:g}×{height:g} mm piece with {bleed:g} mm bleed "
                            f"does not fit on {paper} with room for crop marks",
                            f"at most {paper_w - room:g}×{paper_h - room:g} mm") from None


def _check_card_line(doc, where, line: str) -> None:
    """A card line, its templates run, is paragraph markup: checked now, not while drawing
    the cards; and what it prints, its entities decoded, holds only characters the fonts
    have and no example box or figure (a card has room for neither)."""
    problem = markup_problem(line)
    if problem:
        raise doc.error(where, f"the card line's markup does not parse ({problem})", EXPECTED)
    printed = printed_text(line)
    box = MARKER.search(printed)
    if box:
        raise doc.error(where, f"a card line cannot show {box.group(1)} '{box.group(2)}' "
                        f"({box.group(0)})", f"words; a {box.group(1)} goes in a chapter")
    char = missing_glyph(printed)
    if char is not None:
        raise doc.error(where, *glyph_problem(char))


def _load_examples(edition: Edition, found: Problems, subfolder: str = "examples",
                   taken: list[ExampleSource] = ()) -> list[ExampleSource]:
    """The files of examples/ (printed) or scenarios/ (replayed only), in the edition's
    words, each read alone (a mistake in one is kept in `found`, and the others read on);
    an id names one file among both, since conformance rows cite either by id."""
    sources = []
    seen = {s.example.id: s.file for s in taken}
    for file in sorted((edition.folder / subfolder).glob("*.yaml")):
        source = found.attempt(_example, edition, file, subfolder, seen)
        if source is not None:
            seen[source.example.id] = file
            sources.append(source)
    return sources


def _example(edition: Edition, file: Path, subfolder: str, seen: dict[str, Path]):
    doc = edition.example(read_yaml(contained(file, edition.folder)), subfolder == "scenarios")
    example = validate(doc, Example)
    source = ExampleSource(example, doc, scenario=subfolder == "scenarios")
    if example.id in seen:
        other = seen[example.id]
        raise doc.error(("id",), f"{source.kind} id '{example.id}' is used twice",
                        f"ids unique in the book (also in {other.parent.name}/{other.name})")
    return source


def _known(kind: str, ids: set[str], item_id: str) -> str:
    """`item_id`, one of the book's `ids` of `kind`; a template error naming them if not."""
    if item_id not in ids:
        raise ValueError(f"unknown {kind} '{item_id}'; expected one of "
                         f"{', '.join(sorted(ids)) or 'none'}")
    return item_id


def _marker(kind: str, ids: set[str]):
    """`{{ example("id") }}` or `{{ figure("id") }}` in a chapter: where the box or figure goes."""
    def marker(item_id: str) -> str:
        return f"[[{kind}:{_known(kind, ids, item_id)}]]"  # no newlines: error lines stay true
    return marker


def _figure_reference(ids: set[str], language: str):
    """`{{ fig("id") }}` in a sentence: a link to the figure, which each renderer prints as
    «fig. 2» (the figure's number in the document that shows it)."""
    words = labels(language)["figure_short"]

    def reference(item_id: str) -> str:
        return f"[{words}](#{figure_anchor(_known('figure', ids, item_id))})"
    return reference


def _markers_shown(book: Book, prose) -> dict[tuple[str, str], tuple]:
    """(kind, id) → (file, line) of every example and figure placed in the chapters. Each
    marker in a chapter's text, written by {{ example("id") }} or made by a statement or a
    template, must name one of the book's examples or figures (or scenarios: the dossier's
    `scenario_list` prints them), once, and stand where a box can go (`prose.placed`, which
    the renderers follow too)."""
    known = {"example": {s.example.id for s in book.examples},
             "figure": {f.id for f in book.figures},
             "scenario": {s.example.id for s in book.scenarios}}
    shown: dict[tuple[str, str], tuple] = {}
    for chapter, rendered in zip(book.chapters, prose):
        unplaced = Counter(placements(chapter.tree))
        for file, number, match in _matches([rendered], MARKER):
            kind, item = key = (match.group(1), match.group(2))
            if item not in known[kind]:
                raise ContentError(Location(file, number), f"unknown {kind} '{item}'",
                                   f"one of {', '.join(sorted(known[kind]))}" if known[kind]
                                   else f"one of the book's {kind}s (it has none)")
            if key in shown:
                raise ContentError(Location(file, number), f"{kind} '{item}' is shown twice",
                                   f"each {kind} in one place")
            if not unplaced[key]:
                raise ContentError(Location(file, number), f"{kind} '{item}' stands inside a "
                                   "note, a list, a table or a sentence, where no box can go",
                                   f'{{{{ {kind}("{item}") }}}} on a line of its own, outside '
                                   "notes, lists and tables")
            unplaced[key] -= 1
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
        if figure.kind == "costs" and not book.components.buildings:
            raise doc.error((i, "kind"), "a costs figure, but the book has no buildings to "
                            "draw", "buildings: in components.yaml, or another kind of figure")
        if figure.kind == "difficulty" and book.difficulty is None:
            raise doc.error((i, "kind"), "a difficulty figure, but the book has no "
                            "difficulty.yaml", "a stored run (rulebook simulate BOOK --save)")
        if figure.kind == "card" and not figure.card:
            raise doc.error((i,), "a card figure without its card",
                            "card: the id of a card of the example's start")
        if figure.kind in ("sh", "card"):
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
    listed = (f"one of {', '.join(known)}" if known else
              "a resource of resources: in components.yaml (the book lists none)")
    for i, building in enumerate(components.buildings):
        for j, resource in enumerate(building.cost):
            if resource not in known:
                raise doc.error(("buildings", i, "cost", j), f"unknown resource '{resource}'",
                                listed)
        if building.points is None and not building.faces:
            raise doc.error(("buildings", i), f"building '{building.id}' has no points",
                            "'points' or 'faces'")
        if building.flip_of and building.flip_of not in [b.id for b in components.buildings]:
            raise doc.error(("buildings", i, "flip_of"), f"unknown building '{building.flip_of}'")
    for i, expansion in enumerate(components.expansions):
        for j, resource in enumerate(expansion.extra_cost):
            if resource not in known:
                raise doc.error(("expansions", i, "extra_cost", j),
                                f"unknown resource '{resource}'", listed)
    for group in ("resources", "buildings", "expansions"):
        ids = [item.id for item in getattr(components, group)]
        for i, item_id in enumerate(ids):
            if ids.index(item_id) != i:
                raise doc.error((group, i, "id"), f"duplicate id '{item_id}'")
    _check_game(doc, components)


def _check_game(doc, components: Components) -> None:
    """The game's numbers must be playable with its components: the hand and the market are
    dealt from the resource deck, so together they fit in it (also with every road bonus)."""
    game = components.game
    if game is None or game.hand_size is None or not components.resources:
        return
    deck = sum(r.count for r in components.resources)
    dealt = [(("game",), game.hand_size, game.market_size or 0, "_size")]
    dealt += [(("road_bonuses", i), b.get("hand", 0), b.get("market", 0), "")
              for i, b in enumerate(components.road_bonuses)]
    for where, hand, market, suffix in dealt:
        if hand + market > deck:  # at the hand if it alone is too big, else at the market
            field = ("hand" if hand > deck else "market") + suffix
            raise doc.error(where + (field,), f"a hand of {hand} and a market of {market} "
                            f"need {hand + market:,} cards, but the resource deck has {deck}",
                            f"hand + market at most {deck} (the resources' counts)")


def require_parameters(book, engine: str, parameters=(), buildings=(), parts=()) -> None:
    """For a rules engine's factory (a plugin's too): stop with a located error, at
    components.yaml, unless the book has the game parameters, buildings and parts of
    components.yaml the engine plays with; a free parameter one or two letters away from a
    needed one gets "did you mean". `require_parameters(book, "dice", ["rounds"])`."""
    doc = book.sources.get("components.yaml") or read_yaml(book.folder / "components.yaml")
    check_needs(doc, book.components, engine,
                 EngineNeeds(tuple(parameters), tuple(buildings), tuple(parts)))


def check_needs(doc, components: Components, engine: str, needs) -> None:
    """The parts of components.yaml, the buildings and the game parameters `engine` plays
    with. A free parameter a letter or two away from one the engine or the costs table
    reads, which the book does not give, is refused as a likely typo: read as a parameter
    of the book's own, it would leave the engine (or the table) without the one it reads."""
    for part in needs.parts:
        if not getattr(components, part):
            raise doc.error((part,), f"the {engine} engine needs {part}: in "
                            "components.yaml, and the book has none",
                            f"{part}: as docs/reference/components.md describes it")
    ids = [b.id for b in components.buildings]
    for building in needs.buildings:
        if building not in ids:
            raise doc.error(("buildings",), f"the {engine} engine needs a building "
                            f"'{building}'", f"a building with id: {building}")
    read = {name: f"the {engine} engine" for name in needs.parameters}
    if components.buildings:
        read.update((name, "the costs table") for name in ("ordered_costs", "count_column")
                    if name not in read)
    given = doc.data.get("game") if isinstance(doc.data, dict) else None
    given = given if isinstance(given, dict) else {}
    free = [name for name in free_parameters(components.game) if name not in read]
    for name, reader in read.items():
        if name in given:
            continue
        for other in free:
            if typo_of(other, name):
                raise doc.error(("game", other), f"unknown parameter '{other}': did you mean "
                                f"'{name}', which {reader} reads and the book does not give",
                                f"{name}: {_parameter_expected(name)}, or a name further "
                                f"from '{name}' for a parameter of the book's own")
    for name in needs.parameters:
        if name not in given:
            raise doc.error(("game",), f"the {engine} engine needs game.{name}",
                            f"{name}: {_parameter_expected(name)}, under game:")


def _parameter_expected(name: str) -> str:
    return parameter_type(name) if name in KNOWN_PARAMETERS else PARAMETER_VALUE_TEXT


def _check_unchecked(book_doc, meta: BookMeta, examples, scenarios) -> None:
    """Examples no engine checks are a choice the book states: `examples: unchecked` in a
    book without an engine. Scenarios are only ever replayed, so they need an engine."""
    if meta.engine is not None and meta.examples == "unchecked":
        raise book_doc.error(("examples",), f"examples: unchecked, but the {meta.engine} "
                             "engine replays and checks them",
                             "no examples: line (checked), or no engine:")
    if meta.engine is not None:
        for source in [*examples, *scenarios]:
            if source.example.start is None and source.example.deal is None:
                raise source.doc.error(("start",), "missing field 'start'", "the position the "
                                       "example starts from, which the engine sets up (or "
                                       "deal: a game dealt from its seed)")
        return
    if scenarios:
        raise scenarios[0].doc.error((), "a scenario is only replayed by an engine, and the "
                                     "book has no engine: in book.yaml",
                                     "engine: in book.yaml, or no scenarios/ folder")
    if meta.examples == "unchecked":
        for source in examples:  # what only an engine gives meaning to is refused
            if source.example.start is not None:
                raise source.doc.error(("start",), "a starting position, but no engine sets "
                                       "it up (examples: unchecked)",
                                       "no start: line, and the position told in the summary")
            for i, step in enumerate(source.example.steps):
                for name, value in (("expect", step.expect), ("arrange_deck", step.arrange_deck),
                                    ("show", step.show)):
                    if value:
                        raise source.doc.error(("steps", i, name), f"{name}: in an example no "
                                               "engine checks (examples: unchecked)",
                                               "the outcome told in the step's note")


def check_unique(doc, paths, values, what: str, fold=lambda v: v) -> None:
    """Each of `values` once: the second of a pair is an error at its own line."""
    first: dict = {}
    for path, value in zip(paths, values):
        key = fold(value)
        if key in first:
            raise doc.error(path, f"{what} '{value}' is given twice (first at line "
                            f"{doc.line_of(first[key])})", f"each {what} once")
        first[key] = path


#: Markdown's attribute list at the end of a heading (`{#id}`, `{: .class}`).
ATTRIBUTES = re.compile(r"\{[:#.][^{}]*\}\s*$")


def _check_ruling_titles(doc, rulings: list[Ruling], meta: BookMeta) -> None:
    """A ruling's title is its heading's text, and the heading's id is the ruling's own
    (`r01`, what `R01` in the prose links to): a title ending in `{#id}` would try to set it
    (and with it the heading breaks, its id lost, every citation of the ruling unlinked)."""
    chapters = {chapter_id_of(name): name for name in meta.chapters}
    for i, ruling in enumerate(rulings):
        found = ATTRIBUTES.search(ruling.title)
        if found:
            named = found.group(0).strip()
            taken = chapters.get(named[2:-1].strip() if named.startswith("{#") else "")
            also = f" ('{named[2:-1].strip()}' is the id of chapter {taken})" if taken else ""
            raise doc.error((i, "title"), f"the title ends in {named}, which would set its "
                            f"heading's id; a ruling's heading has its own, "
                            f"{ruling.id.lower()}{also}", "a title without {…} (link to the "
                            f"ruling as [words](#{ruling.id.lower()}), or cite it as {ruling.id})")


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
    file = contained(facts_folder / f"{components.reference}.yaml", facts_folder,
                     lambda message, expected: doc.error(("reference",), message, expected),
                     f"the shared {facts_folder.name}/ folder")
    if not present(file):  # a pipe is read, and refused, by read_yaml
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


#: Chapters' Markdown trees by their rendered text, most recently used last, one cache per
#: thread. A process that loads a book again and again (`rulebook watch`, after each save)
#: parses again only the chapters whose text changed. The parse is a function of the text
#: alone, and the trees are read, never changed, by what follows (the HTML edition copies an
#: element before it links words in it), so a tree may be shared by successive books.
_TREES = threading.local()
MAX_TREES = 256


def _parsed(rendered):
    trees = getattr(_TREES, "trees", None)
    if trees is None:
        trees = _TREES.trees = OrderedDict()
    key = (str(rendered.file), rendered.text)  # a parse's errors name its file
    tree = trees.get(key)
    if tree is None:
        tree = trees[key] = parse_markdown(rendered)
        while len(trees) > MAX_TREES:
            trees.popitem(last=False)
    trees.move_to_end(key)
    # A copy: loading goes on to rewrite the tree (images into figures), and the kept one must
    # stay as parsed, or the next load would find its own figures and refuse them.
    return copy.deepcopy(tree)


def chapter_id_of(name: str) -> str:
    """A chapter's id, what links and sections name it by: its file's name without the
    order number and the extension (`02-rules.md` is `rules`)."""
    stem = Path(name).stem
    return stem.split("-", 1)[-1] if re.match(r"\d+-", stem) else stem


def _chapter(file: Path, rendered) -> Chapter:
    tree = _parsed(rendered)
    first = next(iter(tree), None)
    if first is None or first.tag != "h1":
        raise ContentError(Location(file, 1), "a chapter must open with its title",
                           "a first line '# Title'")
    chapter_id = chapter_id_of(file.name)
    sections = [(heading_anchor(h, chapter_id), text_of(h))
                for h in tree if h.tag in ("h2", "h3")]
    return Chapter(id=chapter_id, title=text_of(first), source=file, tree=tree,
                   sections=sections)


def _fill_titles(chapters: list[Chapter]) -> None:
    """Each cross-reference written before its target's title was known (`TITLE_TO_COME`:
    the almanac of a sheet, whose rulings point to sections of the same chapter) takes the
    title now that every chapter is read; an unknown target is `_check_cross_references`'s
    to report, and keeps its anchor as its words meanwhile."""
    titles = {anchor: title for chapter in chapters
              for anchor, title in [(chapter.id, chapter.title), *chapter.sections]}
    for chapter in chapters:
        for link in chapter.tree.iter("a"):
            if link.text == TITLE_TO_COME:
                anchor = link.get("href", "").removeprefix("#")
                link.text = titles.get(anchor, anchor)


def _check_anchors(book: Book) -> None:
    seen: dict[str, Path] = {}
    for chapter in book.chapters:
        for anchor in [chapter.id] + [a for a, _ in chapter.sections]:
            if anchor in seen:
                raise ContentError(Location(chapter.source), f"heading id '{anchor}' is used twice",
                                   f"ids unique in the book (also in {seen[anchor].name})")
            seen[anchor] = chapter.source


def _matches(prose, pattern, words: bool = False):
    """(file, line, match) of every occurrence of `pattern` in the chapters' text (in its
    words alone, links' addresses left out, with `words`)."""
    for rendered in prose:
        for number, line in rendered.words() if words else rendered.lines():
            for match in pattern.finditer(line):
                yield rendered.file, number, match


def _check_cross_references(book: Book, prose) -> None:
    anchors = book.anchors
    for file, number, match in _matches(prose, CROSS_REFERENCE):
        target = match.group(1) or match.group(2)
        if target not in anchors:
            raise ContentError(Location(file, number),
                               f"cross-reference to unknown section '#{target}'",
                               "the id of a chapter or heading")


def _source_originals(rulings: list[Ruling], conformance: Conformance | None) -> set[str]:
    """The source's words a translated edition prints as written (rulings and conformance
    rows, `original_quote`), as the text prints them: they are the source's, in its
    language, and their abbreviations are the source's (MDR, SH), not this edition's."""
    found = {quote.rstrip(".") for ruling in rulings for quote in ruling.original_quote}
    return found | (conformance.printed_originals() if conformance else set())


def _outside(match, spans: set[str]) -> bool:
    """Whether `match` lies outside every occurrence of `spans` in its line."""
    line = match.string
    for span in spans:
        start = line.find(span)
        while start != -1:
            if start <= match.start() and match.end() <= start + len(span):
                return False
            start = line.find(span, start + 1)
    return True


def _check_glossary(doc, glossary: Glossary, prose, originals: set[str] = frozenset()) -> None:
    defined = {a.abbr for a in glossary.abbreviations}
    emphasis = set(glossary.emphasis)
    for i, word in enumerate(glossary.emphasis):
        if word in defined:
            raise doc.error(("emphasis", i), f"'{word}' is both an abbreviation and emphasis",
                            "one or the other")
    used: set[str] = set()
    for file, number, match in _matches(prose, ABBREVIATION, words=True):
        word = match.group(1)
        if not _outside(match, originals):
            continue  # the source's own abbreviation, in its own words
        if word not in defined and word not in emphasis:
            raise ContentError(Location(file, number),
                               f"'{word}' is used but not defined in glossary.yaml",
                               "every abbreviation in the text to have a glossary entry, "
                               "or the word under emphasis: in glossary.yaml if it is "
                               "capitals for emphasis")
        used.add(word)
    for i, word in enumerate(glossary.emphasis):
        if word not in used:
            raise doc.error(("emphasis", i), f"'{word}' is listed as emphasis but never used "
                            "in the chapters", "only words the text uses")
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
    for file, number, match in _matches(prose, RULING_REFERENCE, words=True):
        if match.group(1) not in ids:
            raise ContentError(Location(file, number),
                               f"ruling {match.group(1)} is cited but not in rulings.yaml",
                               "a ruling id defined in rulings.yaml")
        if not any(a in anchors for a in ruling_anchors(match.group(1))):
            raise ContentError(Location(file, number),
                               f"ruling {match.group(1)} is cited but the book never prints it",
                               "{{ ruling_list() }} in a chapter")
