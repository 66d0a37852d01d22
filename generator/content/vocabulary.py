"""One vocabulary for a family of books: the same thing has the same name in every book.

`content/_facts/vocabulario.yaml` lists, per family, the preferred terms (the official Spanish
words of the base game) and the synonyms a book of the family may not use. A book opts in
with `family: catan` and `vocabulary: true` in its book.yaml (the solo card-game book keeps its
source's own resource names, so it does not opt in). Then every word the book prints from
its own files (chapters, glossary, rulings, examples, cards, components, figure captions) is
checked, and a banned synonym stops the book with its file, line, the word and the term to
use. A preferred term written with other capitals («Gran Ruta Comercial») is refused too;
only a capital first letter is free, for the start of a sentence.

Quotations are exempt: anything between « », and a ruling's `quote:` and `source:` fields,
which give the source's own words.
"""

from __future__ import annotations

import re
import dataclasses
from dataclasses import field
from pathlib import Path
from typing import Iterator

import yaml
from pydantic.dataclasses import dataclass

from generator.errors import ContentError, Location
from generator.core.files import present
from generator.content.paths import contained
from generator.content.textfile import read_text
from generator.content.model import STRICT, Int
from generator.content.yamlsource import YamlDocument, read_yaml, validate

VOCABULARY_FILE = "vocabulario.yaml"
#: YAML keys whose values are no printed prose: ids, notation, the source's own words.
SKIP_KEYS = frozenset({
    "id", "section", "do", "reject", "start", "expect", "arrange_deck", "example", "engine",
    "family", "language", "page_size", "date", "version", "chapters", "reference", "cost",
    "extra_cost", "actions", "kind", "colour", "quote", "source", "flip_of", "economy"})
#: Text a reader sees as a quotation or never sees: « … » and Jinja comments.
EXEMPT = re.compile(r"«[^»]*»|<!--#.*?#-->", re.DOTALL)


@dataclass(config=STRICT)
class Term:
    """A preferred term, its own forms (default: the term itself) and its banned synonyms."""

    term: str
    banned: list[str]
    forms: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def own_forms(self) -> list[str]:
        return self.forms or [self.term]


@dataclasses.dataclass(frozen=True)
class Hit:
    """A word the vocabulary refuses, at `start`–`end` of the text searched."""

    start: Int
    end: Int
    found: str
    term: Term
    wrong_case: str | None = None  # the form to write, when only the capitals are wrong


def _pattern(words: str) -> re.Pattern:
    """The words as whole words, any run of spaces or a line break between them."""
    body = r"\s+".join(re.escape(w) for w in words.split())
    return re.compile(r"(?<!\w)" + body + r"(?!\w)", re.IGNORECASE)


def _inside(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a < span[1] and span[0] < b for a, b in spans)


def find_banned(text: str, terms: list[Term]) -> list[Hit]:
    """Every banned synonym, and every preferred term in the wrong capitals, in `text`, in
    reading order. A preferred term is found first, so «Gran ejército de caballería» does
    not count as the banned «Gran ejército» it begins with."""
    exempt = [m.span() for m in EXEMPT.finditer(text)]
    hits: list[Hit] = []
    covered: list[tuple[int, int]] = []
    for term in terms:
        for form in term.own_forms:
            for m in _pattern(form).finditer(text):
                if _inside(m.span(), exempt):
                    continue
                covered.append(m.span())
                found = " ".join(m.group().split())
                if found not in (form, form[:1].upper() + form[1:]):
                    hits.append(Hit(*m.span(), found, term, wrong_case=form))
    for term in terms:
        for form in term.banned:
            for m in _pattern(form).finditer(text):
                if not _inside(m.span(), exempt + covered):
                    hits.append(Hit(*m.span(), " ".join(m.group().split()), term))
    kept: list[Hit] = []
    for hit in sorted(hits, key=lambda h: (h.start, h.start - h.end)):
        if not _inside((hit.start, hit.end), [(k.start, k.end) for k in kept]):
            kept.append(hit)
    return kept


def load_terms(facts: Path, family: str, book_doc: YamlDocument) -> list[Term]:
    """The family's terms; an unknown family is the book's mistake, a banned word that is
    also a preferred form the vocabulary's own."""
    file = facts / VOCABULARY_FILE
    if not present(file):
        raise book_doc.error(("vocabulary",), f"no vocabulary file {VOCABULARY_FILE}",
                             f"a file {file}")
    doc = read_yaml(contained(file, facts, what=f"the shared {facts.name}/ folder"))
    families = validate(doc, dict[str, list[Term]])
    if family not in families:
        raise book_doc.error(("family",), f"no vocabulary for the family '{family}'",
                             f"one of {', '.join(families)} ({VOCABULARY_FILE})")
    terms = families[family]
    preferred = {f.casefold() for t in terms for f in t.own_forms}
    for i, term in enumerate(terms):
        for j, word in enumerate(term.banned):
            if word.casefold() in preferred:
                raise doc.error((family, i, "banned", j),
                                f"'{word}' is both banned and a preferred form")
    return terms


def check_vocabulary(book) -> None:
    """Stop at the first banned word in a book that follows its family's vocabulary."""
    meta = book.meta  # (the loader calls this only for a book that follows one)
    book_doc = read_yaml(book.folder / "book.yaml")
    if not meta.family:
        raise book_doc.error(("vocabulary",), "a vocabulary needs the book's family",
                             f"family: one of the families of {VOCABULARY_FILE}")
    facts = book.folder.parent / "_facts"
    terms = load_terms(facts, meta.family, book_doc)
    for file, line, hit in book_hits(book, terms):
        where = Location(file, line)
        if hit.wrong_case:
            raise ContentError(where, f"'{hit.found}' is written «{hit.wrong_case}» in the "
                               f"{meta.family} books", f"«{hit.wrong_case}» ({VOCABULARY_FILE})")
        raise ContentError(where, f"'{hit.found}' is not the {meta.family} books' word",
                           f"«{hit.term.term}» ({VOCABULARY_FILE}), or the word quoted "
                           "between « »")


def book_hits(book, terms: list[Term]) -> Iterator[tuple[Path, int, Hit]]:
    """(file, line, hit) for every refused word in the files whose words the book prints."""
    for name in book.meta.chapters:
        file = book.folder / "chapters" / name
        text = read_text(file)
        for hit in find_banned(text, terms):
            yield file, text.count("\n", 0, hit.start) + 1, hit
    for file in _yaml_files(book.folder):
        doc = read_yaml(file)
        text = read_text(file)
        for node in _prose_nodes(doc.root):
            start, end = node.start_mark.index, node.end_mark.index
            for hit in find_banned(text[start:end], terms):
                yield file, text.count("\n", 0, start + hit.start) + 1, hit


def _yaml_files(folder: Path) -> list[Path]:
    names = ("book.yaml", "components.yaml", "glossary.yaml", "rulings.yaml",
             "statements.yaml", "print.yaml", "figures.yaml")
    files = [folder / n for n in names if present(folder / n)]
    return files + sorted((folder / "examples").glob("*.yaml"))


def _prose_nodes(node, key: str | None = None) -> Iterator[yaml.ScalarNode]:
    """The string scalars of a YAML tree, but for those under SKIP_KEYS."""
    if node is None or key in SKIP_KEYS:
        return
    if isinstance(node, yaml.ScalarNode):
        if node.tag == "tag:yaml.org,2002:str":
            yield node
    elif isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            yield from _prose_nodes(v, k.value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _prose_nodes(item, key)
