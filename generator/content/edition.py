"""Editions of a book in other languages: one source for each fact, one for each language's words.

A book folder holds the book in its own language. A translation is a folder beside its files,
named by the language code (`content/my-game/en/`), that holds only words, keyed by the
ids the book's own files already use: `book.yaml` (title, subtitle, credits, edition note,
rights, language), `components.yaml` (display names by resource, building and expansion id),
`glossary.yaml` (entries by the book's abbreviation or term), `rulings.yaml` (texts by ruling
id), `statements.yaml`, `figures.yaml` (captions by figure id), `print.yaml` (card texts by
card id), `conformance.yaml` (texts by row id), `examples.yaml` (titles, summaries and notes
by example or scenario id) and `chapters/*.md` under the book's own chapter file names. Everything that is not prose (costs, counts, example moves,
the rulings' sections, conformance checks, figure kinds, card kinds and sizes) is read from
the book's files alone, so both editions are checked by the same engine and cannot drift.

Reading a translation lays its words over the book's data (`Edition.read`): the result is
the book's file with those texts replaced, and an error at a replaced text points at the
translation's line. The words must match the book piece for piece (`parity`): a missing
entry, an extra one, a text for a field the book leaves empty, a list of another length, is
one error naming the translation's line and the book's. The chapters must have the same
headings (the translation gives each heading the book's anchor, `{#id}`), show the same
examples and figures and use the same data placeholders: `chapter_parity`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markdown.extensions.toc import slugify

from generator.errors import ContentError, Location
from generator.core.files import present
from generator.content.model import LANGUAGES
from generator.content.paths import contained
from generator.content.textfile import read_text
from generator.content.yamlsource import YamlDocument, read_yaml, validate


EXAMPLES_FILE = "examples.yaml"


@dataclass(frozen=True)
class EditionDocument(YamlDocument):
    """A book file with a translation's words laid over it: its data is the merge, and a
    place whose text came from the translation (`moved`: book path → translation path) is
    located in the translation's file."""

    words: YamlDocument | None = None
    moved: dict = field(default_factory=dict)

    def location(self, path=()) -> Location:
        path = tuple(path)
        for cut in range(len(path), 0, -1):
            if path[:cut] in self.moved:
                return self.words.location(self.moved[path[:cut]] + path[cut:])
        return super().location(path)


def editions(folder: Path) -> list[str]:
    """The languages a book folder has translations in: its subfolders named by a supported
    language code that hold a book.yaml."""
    return [lang for lang in LANGUAGES if present(Path(folder) / lang / "book.yaml")]


def edition_of(folder: Path) -> tuple[Path, str | None]:
    """A folder named on the command line: a book (its own edition), or a translation's
    folder (`content/my-game/en`), which is that book in that language."""
    folder = Path(folder)
    if folder.name in LANGUAGES and present(folder.parent / "book.yaml") \
            and present(folder / "book.yaml"):
        return folder.parent, folder.name
    return folder, None


@dataclass
class Edition:
    """Where one edition of a book reads its files: the book's own, or a translation's words
    laid over them. `language` None is the book as written."""

    folder: Path
    language: str | None = None
    examples_words: YamlDocument | None = None
    read_files: list[Path] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.folder = Path(self.folder)
        if self.language is None:
            return
        if self.language not in editions(self.folder):
            have = ", ".join(editions(self.folder)) or "none"
            raise ContentError(Location(self.folder / self.language / "book.yaml"),
                               f"{self.folder.name} has no '{self.language}' edition",
                               f"a translation folder {self.language}/ with a book.yaml "
                               f"(its translations: {have})")
        contained(self.words_folder, self.folder)
        # a translation's formats: read for one alone
        from generator.content.words import WORDS_FILES
        for file in sorted(self.words_folder.glob("*.yaml")):
            if file.name not in WORDS_FILES and file.name != EXAMPLES_FILE:
                raise ContentError(Location(file), f"a translation holds no {file.name}",
                                   "the words of " + ", ".join([*WORDS_FILES, EXAMPLES_FILE])
                                   + " and chapters/")
        words = self.words_folder / EXAMPLES_FILE
        if present(words):
            self.examples_words = read_yaml(contained(words, self.folder))
            self.read_files.append(words)
            from generator.content.words import ExampleWords
            validate(self.examples_words, dict[str, ExampleWords])

    @property
    def words_folder(self) -> Path:
        return self.folder / (self.language or "")

    @property
    def chapters(self) -> Path:
        """The folder its chapters are read from (the same file names in every edition)."""
        return self.words_folder / "chapters"

    def exists(self, name: str) -> bool:
        return (self.folder / name).exists()

    def read(self, name: str, required: bool = False) -> YamlDocument | None:
        """The book's file `name` in this edition's words; None if the book has none and
        need not (a required file that is missing, or a folder, is read_yaml's error)."""
        file = self.folder / name
        words_file = self.words_folder / name
        if not required and not file.exists():
            if self.language and present(words_file):
                raise ContentError(Location(words_file), f"words for {name}, which the book "
                                   f"has not", "only the words of the book's own files")
            return None
        doc = read_yaml(file)
        if self.language is None:
            return doc
        from generator.content.words import WORDS_FILES
        if name not in WORDS_FILES:  # its words have no translation format yet
            raise ContentError(Location(file), f"the book's {name} has words no translation "
                               f"can give yet, and the book has a '{self.language}' edition",
                               "a book without " + name + " for a translated edition "
                               "(translatable: " + ", ".join(WORDS_FILES) + ")")
        if not present(words_file):
            raise ContentError(Location(self.words_folder), f"no {name} in the "
                               f"'{self.language}' edition, and the book has {Location(file)}",
                               f"{self.language}/{name} with the words of every entry")
        words = read_yaml(contained(words_file, self.folder))
        self.read_files.append(words_file)
        spec = WORDS_FILES[name]
        validate(words, spec.model)
        merged = _Merge(doc, words, spec.keys)
        data = merged.value(doc.data, words.data, spec.model, (), ())
        if name == "book.yaml" and data.get("language") != self.language:
            raise words.error(("language",), f"language {data.get('language')!r} in the "
                              f"'{self.language}' folder", f"language: {self.language}")
        return EditionDocument(doc.file, data, doc.root, words, merged.moved)

    def example(self, doc: YamlDocument, scenario: bool) -> YamlDocument:
        """An example (or scenario) file in this edition's words: its title, summary and step
        notes from examples.yaml, by the example's id. Every one needs them: an example's
        box prints them all, and the conformance appendix names a scenario by its title (a
        scenario's summary and notes are what a reader of its file meets next)."""
        if self.language is None:
            return doc
        words = self.examples_words
        example_id = doc.data.get("id") if isinstance(doc.data, dict) else None
        entry = words.data.get(example_id) if words is not None and words.data else None
        if entry is None:
            where = words.location(()) if words else Location(self.words_folder / EXAMPLES_FILE)
            kind = "scenario" if scenario else "example"
            raise ContentError(where, f"no words for {kind} '{example_id}' "
                               f"({doc.location(('id',))})",
                               f"{example_id}: with its title, summary and notes")
        merged = _Merge(doc, words, {})
        notes = entry.get("notes") or {}
        data = doc.data  # read_yaml's own copy (a fresh one for every read): filled in place
        for name in ("title", "summary"):
            data[name] = merged.value(doc.data.get(name), entry.get(name), str, (name,),
                                      (example_id, name))
        steps = doc.data.get("steps") or []
        noted = {i + 1 for i, step in enumerate(steps) if isinstance(step, dict) and step.get("note")}
        for number in sorted(set(notes) - noted):
            raise words.error((example_id, "notes", number), f"a note for step {number}, "
                              f"which has none in {doc.location(('steps', number - 1))}",
                              f"notes for steps {_numbers(noted)}")
        for number in sorted(noted - set(notes)):
            raise words.error((example_id, "notes"), f"no note for step {number} "
                              f"({doc.location(('steps', number - 1, 'note'))})",
                              f"notes for steps {_numbers(noted)}")
        for number in noted:
            data["steps"][number - 1]["note"] = notes[number]
            merged.moved[("steps", number - 1, "note")] = (example_id, "notes", number)
        return EditionDocument(doc.file, data, doc.root, words, merged.moved)

    def check_examples_words(self, ids: set[str]) -> None:
        """Words for an example or scenario the book does not have are a mistake."""
        words = self.examples_words
        for key in (words.data or {}) if words else ():
            if key not in ids:
                raise words.error((key,), f"words for example '{key}', which the book has "
                                  f"not ({self.folder / 'examples'})",
                                  "the id of an example or scenario of the book")


def _numbers(numbers: set[int]) -> str:
    return ", ".join(str(n) for n in sorted(numbers)) or "none (no step has a note)"


#: The words that translate the source's own (a ruling's and a conformance row's `quote`):
#: the merge keeps the book's beside them, under this name, so that the dossier prints the
#: source as written and its translation (an editor checks a quote against the original).
ORIGINAL = {"quote": "original_quote"}


class _Merge:
    """The book's data with a translation's words laid over it, checked piece for piece."""

    def __init__(self, doc: YamlDocument, words: YamlDocument, keys: dict[str, str]):
        self.doc, self.words, self.keys = doc, words, keys
        self.moved: dict[tuple, tuple] = {}

    def value(self, base, words, kind, bpath: tuple, wpath: tuple):
        hints = _fields(kind)
        if hints is not None:
            return self._record(base, words, hints, bpath, wpath)
        if typing.get_origin(kind) is dict:
            return self._keyed(base, words, typing.get_args(kind)[1], bpath, wpath)
        if isinstance(base, list) and isinstance(words, list) and len(base) != len(words):
            raise self.words.error(wpath, f"{len(words)} entries, but the book has "
                                   f"{len(base)} ({self.doc.location(bpath)})",
                                   f"{len(base)}, one for each")
        self.moved[bpath] = wpath
        return words

    def _record(self, base, words, hints: dict, bpath, wpath) -> dict:
        base = base if isinstance(base, dict) else {}
        words = words or {}
        merged = dict(base)
        for name, kind in hints.items():
            have, give = base.get(name), words.get(name)
            if _empty(have):
                if not _empty(give):
                    raise self.words.error(wpath + (name,), f"words for {name}, which the "
                                           f"book leaves empty ({self.doc.location(bpath)})",
                                           f"no {name}: here")
                continue
            if _empty(give):
                raise self.words.error(wpath, f"no {name} for "
                                       f"{self.doc.location(bpath + (name,))}",
                                       f"{name}: in this edition's words")
            merged[name] = self.value(have, give, kind, bpath + (name,), wpath + (name,))
            if name in ORIGINAL:
                merged[ORIGINAL[name]] = have
        return merged

    def _keyed(self, base, words, kind, bpath, wpath):
        """A list of the book's entries keyed by their id (or a mapping), and the words of
        each by the same key: the same keys on both sides."""
        words = words or {}
        if isinstance(base, dict):
            entries = [(str(key), key, value) for key, value in base.items()]
        else:
            key_field = self.keys.get(bpath[-1] if bpath else "", "id")
            entries = [(str(item.get(key_field)) if isinstance(item, dict) else None, i, item)
                       for i, item in enumerate(base or [])]
        given = {str(key): key for key in words}
        merged = {} if isinstance(base, dict) else []
        for key, step, item in entries:
            if key not in given:
                raise self.words.error(wpath, f"no entry '{key}' for "
                                       f"{self.doc.location(bpath + (step,))}",
                                       "an entry for each of the book's, under its key")
            value = self.value(item, words[given[key]], kind, bpath + (step,),
                               wpath + (given[key],))
            if isinstance(merged, dict):
                merged[step] = value
            else:
                merged.append(value)
        known = {key for key, _, _ in entries}
        for key in given:
            if key not in known:
                raise self.words.error(wpath + (given[key],), f"an entry '{key}' the book has "
                                       f"not ({self.doc.location(bpath)})",
                                       "only the book's own keys: "
                                       + ", ".join(sorted(known)))
        return merged


@functools.cache
def _fields(kind) -> dict[str, Any] | None:
    """A words record's fields and their types, or None for a text, a list or a mapping.
    Asked for each entry of each file (some 700 times for a book): read from the class once."""
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        return {f.name: _unoptional(hints[f.name]) for f in dataclasses.fields(kind)}
    return None


def _unoptional(kind):
    """`X | None` → X: a words field the book may leave out has the type of its text."""
    args = [a for a in typing.get_args(kind) if a is not type(None)]
    optional = typing.get_origin(kind) in (typing.Union, types.UnionType)
    return args[0] if optional and len(args) == 1 else kind


def _empty(value) -> bool:
    return value is None or value == "" or value == [] or value == {}


# --- the chapters: the same headings, examples, figures and data in both editions --------------

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{#([^}\s]+)\})?\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
PLACEHOLDER = re.compile(r"\{\{\s*(.*?)\s*\}\}")
RULING = re.compile(r"(?<![\w#-])(R\d{2})(?![\w-])")
MARKUP = re.compile(r"[*_`]|\[([^\]]*)\]\([^)]*\)")
#: A string in a placeholder. The first argument of a call names something by its id
#: (`rule("carretera-a-perdida")`, `example("x")`, `get("coincidence")`) and must be the same
#: in every edition; any other (`" y "`, `count(n, "ficha", "fichas")`) is words, each
#: language's own.
LITERAL = re.compile(r"""(\w\(\s*)?(["'])(.*?)\2""")


def _data_of(expression: str) -> str:
    """A placeholder's expression with its words blanked, to compare across editions."""
    return LITERAL.sub(lambda m: m.group(0) if m.group(1) else '"…"', expression)


@dataclass(frozen=True)
class Piece:
    """Something a chapter must have in every edition, and the line that has it."""

    kind: str    # "section", "example", "figure", "data", "ruling"
    key: str
    line: int


def chapter_pieces(file: Path) -> list[Piece]:
    """The headings (by anchor, in order), the examples and figures shown, the data
    placeholders and the rulings cited in one chapter, as typed."""
    pieces, fenced = [], False
    # Each expression is tried only on a line with the character it starts with (most
    # lines are prose with none of them): the same pieces, a third of the time.
    for number, line in enumerate(read_text(file).splitlines(), start=1):
        if ("`" in line or "~" in line) and FENCE.match(line):
            fenced = not fenced
        if fenced:
            continue
        heading = HEADING.match(line) if line.startswith("#") else None
        if heading and len(heading.group(1)) > 1:
            text = MARKUP.sub(lambda m: m.group(1) or "", heading.group(2))
            pieces.append(Piece("section", heading.group(3) or slugify(text, "-"), number))
        if "{{" in line:
            for match in PLACEHOLDER.finditer(line):
                expression = _data_of(" ".join(match.group(1).split()))
                shown = re.fullmatch(r"""(example|figure)\(\s*["']([^"']+)["']\s*\)""",
                                     expression)
                pieces.append(Piece(shown.group(1), shown.group(2), number) if shown
                              else Piece("data", expression, number))
        if "R" in line:
            for match in RULING.finditer(PLACEHOLDER.sub("", line)):
                pieces.append(Piece("ruling", match.group(1), number))
    return pieces


WHAT = {"section": "section '{}'", "example": "example '{}'", "figure": "figure '{}'",
        "data": "data placeholder {{{{ {} }}}}", "ruling": "ruling {}"}


def chapter_parity(book_file: Path, edition_file: Path) -> None:
    """The edition's chapter has the book's sections in the book's order, shows the same
    examples and figures, uses the same data placeholders and cites the same rulings; the
    first difference is one error at the edition's line that names the book's."""
    ours, theirs = chapter_pieces(book_file), chapter_pieces(edition_file)
    _same_sections(book_file, edition_file, [p for p in ours if p.kind == "section"],
                   [p for p in theirs if p.kind == "section"])
    for kind in ("example", "figure", "data", "ruling"):
        mine = [p for p in ours if p.kind == kind]
        other = [p for p in theirs if p.kind == kind]
        counted = Counter(p.key for p in other) if kind != "ruling" else \
            Counter(set(p.key for p in other))
        wanted = Counter(p.key for p in mine) if kind != "ruling" else \
            Counter(set(p.key for p in mine))
        for piece in mine:
            if counted[piece.key] < wanted[piece.key]:
                raise ContentError(Location(edition_file, _near(theirs, piece, ours)),
                                   f"{WHAT[kind].format(piece.key)} of "
                                   f"{Location(book_file, piece.line)} is missing here",
                                   "the same sections, examples, figures, data and rulings "
                                   "in every edition of the chapter")
        for piece in other:
            if wanted[piece.key] < counted[piece.key]:
                raise ContentError(Location(edition_file, piece.line),
                                   f"{WHAT[kind].format(piece.key)}, which "
                                   f"{Location(book_file)} has not"
                                   + (f" (or has {wanted[piece.key]} times)"
                                      if wanted[piece.key] else ""),
                                   "the same sections, examples, figures, data and rulings "
                                   "in every edition of the chapter")


def _same_sections(book_file: Path, edition_file: Path, ours: list[Piece],
                   theirs: list[Piece]) -> None:
    for index in range(max(len(ours), len(theirs))):
        mine = ours[index] if index < len(ours) else None
        other = theirs[index] if index < len(theirs) else None
        if mine and other and mine.key == other.key:
            continue
        if mine is not None and (other is None or mine.key not in {p.key for p in theirs}):
            line = theirs[index - 1].line + 1 if index and index <= len(theirs) else 1
            raise ContentError(Location(edition_file, other.line if other else line),
                               f"section '{mine.key}' of {Location(book_file, mine.line)} "
                               "is missing here", "the book's sections, in its order, each "
                               "heading with the book's anchor ({#id})")
        if other is not None and other.key not in {p.key for p in ours}:
            there = mine or (ours[-1] if ours else None)
            said = (f"; there {Location(book_file, there.line)} has '{there.key}'" if there
                    else f"; {Location(book_file)} has no sections")
            raise ContentError(Location(edition_file, other.line),
                               f"section '{other.key}', which the book's chapter has not{said}",
                               "the book's sections, each heading with the book's anchor "
                               "({#id})")
        raise ContentError(Location(edition_file, other.line),
                           f"section '{other.key}' where {Location(book_file, mine.line)} has "
                           f"'{mine.key}'", "the book's sections in the book's order")


def _near(pieces: list[Piece], missing: Piece, book_pieces: list[Piece]) -> int:
    """The edition's line where a missing piece would be: under the heading of the section
    the book has it in (or line 1)."""
    section = None
    for piece in book_pieces:
        if piece.line > missing.line:
            break
        if piece.kind == "section":
            section = piece.key
    for piece in pieces:
        if piece.kind == "section" and piece.key == section:
            return piece.line
    return 1
