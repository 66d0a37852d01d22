"""What a book must be beyond its own files, told by the layers above its content.

content/loader.py checks each file of a book, and the files together. Some of what makes a
book right only an engine, the simulator or a renderer can tell, and the loader imports none
of them (the layers in pyproject.toml), so `checked_book` loads a book and then asks them:

- its engine has what it plays with (the `needs` its adapter declares: game parameters,
  buildings, parts of components.yaml; the registry hands them to the loader, which checks
  them as soon as it reads the file),
  and a book with worked examples names an engine that is installed;
- its stored runs (difficulty.yaml) are the games their commands deal, by the book's rules
  (its engine's `check_runs`);
- each reference card fits its face at a size read across a table, measured as the cards are
  set (sheets/faces.py);
- it has a rights line, which every build prints on its print-shop files, short enough for
  the head of each card and token sheet (sheets/rights.py).

`rulebook check`, `build` and `watch` load books through it, so anything check accepts build
builds; `rulebook simulate` leaves the stored runs unchecked, as its `--save` is the command
that replaces a run check refuses. Each refusal is located in the file the loader read
(`Book.sources`), never by reading it again.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from generator.content.loader import load_book
from generator.content.model import DATA_KINDS, Book, FigureSpec
from generator.examples.registry import engine_for, installed, needs_of
from generator.examples.protocol import declares
from generator.errors import ContentErrors


def checked_book(folder: Path, language: str | None = None, runs: bool = True,
                 pieces: bool = True) -> Book:
    """The book in `folder` (or its `language` edition), loaded and checked whole; with
    `runs=False` its stored runs are read but not checked against it; with `pieces=False`
    (`rulebook simulate`, which prints nothing) what only its printed pieces need is not
    checked (the cards' faces, the rights line on the sheets), and ReportLab, which that
    takes, is not loaded: a third of a second of a simulation's start."""
    book = load_book(folder, language, needs_of)
    check_examples_engine(book)
    check_engine_figures(book)
    if runs and book.difficulty is not None:
        check_stored_runs(book)
    if pieces:  # measured as they print: in the book's own typefaces, if it names them
        with typefaces_of(book):
            check_cards(book)
            check_rights(book)
            check_back_cover(book)
    return book


def typefaces_of(book: Book):
    """A block in which the fonts' names stand for the book's own typefaces (core/fonts.py
    `in_use`); for a book without its own, nothing is done, and ReportLab, whose fonts they
    are, is not loaded for it."""
    if book.typefaces is None:
        return contextlib.nullcontext()
    from generator.core.fonts import in_use
    return in_use(book.typefaces)


def check_examples_engine(book: Book) -> None:
    """A book with worked examples has an engine to replay them, or says they are printed
    unchecked; the engines it may name are the installed ones, plugins included."""
    count = len(book.examples)
    if count and book.meta.engine is None and book.meta.examples != "unchecked":
        raise book.sources["book.yaml"].error(
            ("engine",), f"the book has {count} worked example{'s' if count > 1 else ''} "
            f"(examples/) but no engine to check {'them' if count > 1 else 'it'}",
            "engine: one of " + ", ".join(installed()) + ", or examples: unchecked to print "
            "them marked as not checked")


def check_stored_runs(book: Book) -> None:
    """difficulty.yaml's runs are the games their commands deal, by the book's rules: the
    engine that stores them (`rulebook simulate … --save`) checks them (`check_runs`: the
    solo game's stored.py)."""
    doc = book.sources["difficulty.yaml"]
    engine = engine_for(book) if book.meta.engine else None
    if not declares(engine, "stored-runs"):
        raise doc.error((), "stored runs, but " + (f"the {book.meta.engine} engine stores "
                        "none" if book.meta.engine else "the book has no engine"),
                        "no difficulty.yaml, or the engine whose simulator wrote it")
    engine.check_runs(doc, book.difficulty)


def _engine_drawn(book: Book) -> list[tuple[int, FigureSpec]]:
    """(index, spec) of each named figure of a kind the book's data does not draw (the
    costs table, the board, the difficulty chart): the book's engine draws it."""
    return [(i, spec) for i, spec in enumerate(book.figures) if spec.kind not in DATA_KINDS]


def check_engine_figures(book: Book) -> None:
    """A named figure the engine draws (`_engine_drawn`) is of a kind the engine declares
    (`figure_kinds`: the solo game's set-up and SH, Splendor's card)."""
    wanted = _engine_drawn(book)
    if not wanted:
        return
    engine = engine_for(book) if book.meta.engine else None
    kinds = engine.figure_kinds if declares(engine, "figures") else ()
    for i, spec in wanted:
        if spec.kind not in kinds:
            drawn = (f"draws only {', '.join(kinds)} figures" if kinds
                     else "draws no named figure")
            raise book.sources["figures.yaml"].error(
                (i, "kind"), f"a {spec.kind} figure is drawn by the book's engine, and "
                + (f"the {book.meta.engine} engine {drawn}" if book.meta.engine
                   else "the book has none"), "another kind of figure")


def draw_engine_figures(book: Book, replays: list) -> None:
    """Each named figure the engine draws (`figure_kinds`), drawn once and thrown away: what
    only drawing finds (a card figure naming a card its example's start lacks) stops
    `check` as it would stop `build`."""
    from generator.diagrams.style import style_for
    wanted = _engine_drawn(book)
    if not wanted:
        return
    engine = engine_for(book)
    style = style_for(book.components, book.theme)
    by_id = {r.example.id: r for r in replays}
    for _, spec in wanted:
        engine.figure(spec, by_id, style)


def check_cards(book: Book) -> None:
    """Every reference card fits its face at table size, every text of a deck's card its
    zone: `check` refuses what `build` could not draw."""
    if book.decks:
        from generator.sheets.decks import deck_misfits  # ReportLab: only for a book with decks
        misfits = deck_misfits(book.decks)
        if misfits:
            raise misfits[0] if len(misfits) == 1 else ContentErrors(misfits)
    if book.print_spec is None or book.print_spec.cards is None:
        return
    from generator.sheets.faces import card_misfit  # ReportLab: only for a book with cards
    misfit = card_misfit(book)
    if misfit is not None:
        index, message, expected = misfit
        raise book.sources["print.yaml"].error(("cards", "faces", index), message, expected)


def check_back_cover(book: Book) -> None:
    """The back cover holds the credits, the rights line and the edition note on one page
    (pdf/document.py `back_cover_misfit`): a book whose words would not fit is refused at
    its credits, not stopped halfway through its build."""
    from generator.pdf.document import back_cover_misfit  # ReportLab: only with pieces
    misfit = back_cover_misfit(book)
    if misfit is not None:
        raise book.sources["book.yaml"].error(("credits",), *misfit)


def check_rights(book: Book) -> None:
    """A book has a rights line (book.yaml `rights:`, not blank): every `rulebook build`
    writes print-shop files (the rulebook's print-shop edition, and the cards' and tokens'),
    which a print shop takes only with one, so a book without it is refused, not built with
    a blank back cover. The line must also fit the head of each card and token sheet at the
    smallest size a player reads (sheets/rights.py)."""
    doc = book.sources["book.yaml"]
    if not book.meta.rights.strip():
        given = isinstance(doc.data, dict) and "rights" in doc.data
        raise doc.error(("rights",), ("an empty rights line" if given else "no rights line")
                        + ", and every build of the book writes print-shop files, which "
                        "print it", "rights: one short paragraph saying who owns the game "
                        "and its names, what this edition is (official or not, for sale or "
                        "not) and who wrote its rules, e.g. rights: © "
                        f"{book.meta.date.year} Your name.")
    if book.print_spec is None:
        return
    from generator.sheets.rights import rights_misfit  # ReportLab: only for a book with pieces
    misfit = rights_misfit(book)
    if misfit is not None:
        raise doc.error(("rights",), *misfit)
