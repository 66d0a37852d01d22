"""Builds a book's outputs into output/<book>/: the book checked whole (checks.py), its
examples replayed, its figures drawn, then every edition and print file rendered to memory and
written as one set, whole or not at all (core/output.py).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from generator.checks import checked_book
from generator.core.commit import commit_of
from generator.content.edition import editions
from generator.content.loader import book_language
from generator.content.model import AUTONYMS, Book, Companion
from generator.core.fonts import in_use
from generator.core.page import PageSize
from generator.diagrams.figures import book_figures
from generator.diagrams.style import style_for
from generator.diagrams.table import costs_drawing
from generator.diagrams.words import BookWords
from generator.sheets.contact import contact_sheet
from generator.sheets.decks import deck_pieces
from generator.sheets.faces import reference_cards, tokens
from generator.core.sheet import Flip
from generator.sheets.render import SheetOptions, calibration, home_sheets, print_shop
from generator.sheets.rights import landscape_for
from generator.errors import Location, RenderError
from generator.core.output import refuse_overlap, write_all
from generator.core.files import read_bytes
from generator.html.render import render_html
from generator.core.i18n import long_date, translator
from generator.core.labels import file_word, labels
from generator.examples.replay import check_book, worked_examples
from generator.pdf.document import render_pdf, render_press_pdf
from generator.pdf.imposition import booklet as impose_booklet
from generator.draw.press import PressMeta
from reportlab.platypus.doctemplate import LayoutError

def rulebook_path(book: Book, output: Path, size: PageSize | None) -> Path:
    suffix = "" if size in (None, book.meta.page_size) else f"-{size.value.lower()}"
    return book.output_folder(output) / f"{book.slug}{suffix}.pdf"


@dataclass(frozen=True)
class Built:
    book: Book
    files: list[Path]
    print_files: list[Path] = dataclasses.field(default_factory=list)
    booklets: list[Path] = dataclasses.field(default_factory=list)
    press: list[Path] = dataclasses.field(default_factory=list)  # <book>-imprenta.pdf
    #: The editor's dossier: <book>-dosier.pdf and dossier.html (book.yaml `dossier:`).
    dossier: list[Path] = dataclasses.field(default_factory=list)


def build_book(folder: Path, output: Path, size: PageSize | None = None,
               papers: list[SheetOptions] | None = None, booklet: bool = False,
               language: str | None = None, pdf_first: bool = False) -> Built:
    """Load and check everything first; only a book that passes every check is written.

    Every output (with `papers`, the print files too: the print-and-play pieces and the
    rulebook's print-shop edition, `<book>-imprenta.pdf`; with `booklet`, the A5 book
    imposed for saddle stitching on A4 and Letter) is rendered in memory before the first
    byte is written, and then written all together or not at all (`write_all`).

    With `pdf_first` (the watcher's builds: the PDF is what its user waits for), the PDF is
    written, whole, as soon as it is laid out, and the rest right after; should the rest
    then fail, the new PDF stays beside the last good HTML edition, and the error is said.
    Not with `papers` or `booklet`: their files can still find a mistake (print.yaml's) after
    the layout, and nothing may be written before every check has passed."""
    if pdf_first and (papers or booklet):
        raise ValueError("pdf_first builds the PDF and HTML editions only")
    refuse_overlap(output, str(output), [(folder, "the book folder")])  # as the command does
    book = checked_book(folder, language)  # `language`: a translation (content/edition.py)
    with in_use(book.typefaces):  # its own fonts, if it names them
        return _build(book, folder, output, size, papers, booklet, language, pdf_first)


def _build(book: Book, folder: Path, output: Path, size: PageSize | None,
           papers: list | None, booklet: bool, language: str | None,
           pdf_first: bool) -> Built:
    """`build_book` once the book is checked, in its own typefaces."""
    if booklet:
        _check_booklet(book, size)
    everything = check_book(book, scenarios=True)  # a book whose examples fail is not built
    replays = worked_examples(everything)  # what the player's book prints
    figures = book_figures(book, replays)
    target = rulebook_path(book, output, size)
    layout = page_memo(target)
    player, dossier = book.printed(), book.printed(dossier=True)
    words = labels(book.meta.language)
    aside = Companion(words["dossier"], DOSSIER_PAGE, dict.fromkeys(dossier.anchors, 0)) \
        if dossier.chapters else Companion()
    pdf, pages = _laid_out(render_pdf, player, size, replays, _read_pages(layout), figures,
                           aside)
    if pdf_first:  # written again below: a file already holding its bytes is left as it is
        write_all([(target, pdf)], folder=book.output_folder(output))
    page = render_html(player, replays, figures, aside,
                       [(target.name, "PDF", "")] + _edition_links(folder, language)
                       ).encode("utf-8")
    folder_out = book.output_folder(output) / "figures"
    svgs = [(folder_out / f"{figure.name}.svg", figure.svg.encode("utf-8"))
            for figure in figures.all()]
    pieces = render_print(book, output, papers) if papers else []
    press = [render_press(player, size, replays, pages, figures, target, aside)] \
        if papers else []
    html = book.output_folder(output) / "index.html"
    folded = render_booklets(player, pdf, target) if booklet else []
    editor: Rendered = []
    if dossier.chapters:
        editor = _render_dossier(dossier, size, everything, figures, target,
                                 Companion(book.meta.title, BOOK_PAGE,
                                           {a: pages.get(a, 0) for a in player.anchors},
                                           provenance(book, replays),
                                           words["sheet" if book.meta.sheet else "book"]))
    write_all([(target, pdf), *svgs, (html, page), *pieces, *press, *folded, *editor,
               (layout, json.dumps(pages, sort_keys=True).encode())], prune=folder_out,
              folder=book.output_folder(output), family=deck_family(book) if papers else None)
    return Built(book, [target] + [svg for svg, _ in svgs] + [html],
                 [piece for piece, _ in pieces], [path for path, _ in folded],
                 [path for path, _ in press], [path for path, _ in editor
                                               if not path.name.startswith(".")])


def _edition_links(folder: Path, language: str | None) -> list[tuple[str, str, str]]:
    """The book's HTML editions in its other languages, from the one in `language` (None:
    its own), as `build` writes them: a translation in a subfolder named by its language,
    the book's own page one folder up from it. (address, its language's name, language)."""
    own = book_language(folder)
    if language is not None and language != own:
        return [("../index.html", AUTONYMS[own], own)] if own in AUTONYMS else []
    return [(f"{lang}/index.html", AUTONYMS[lang], lang) for lang in editions(folder)]


#: The HTML edition's pages: the player's book, and the editor's dossier beside it.
BOOK_PAGE, DOSSIER_PAGE = "index.html", "dossier.html"


def _laid_out(render, book: Book, *args):
    """`render(book, *args)`, a block no page can hold that the checks did not foresee
    said as one line."""
    try:
        return render(book, *args)
    except LayoutError as exc:
        raise RenderError(f"{book.folder}: a block of the book is taller than a page "
                          f"({str(exc).splitlines()[0][:160]}); expected text that can be "
                          "split across pages") from None


def dossier_path(target: Path, language: str) -> Path:
    """The editor's dossier beside the rulebook: `<book>[-size]-dosier.pdf` (Spanish),
    `-dossier.pdf` (English)."""
    return target.with_name(f"{target.stem}-{file_word(language, 'dossier')}.pdf")


def _render_dossier(dossier: Book, size: PageSize | None, replays, figures, target: Path,
                    companion: Companion) -> Rendered:
    """The editor's dossier (book.yaml `dossier:`), in memory: its PDF beside the
    rulebook's, its HTML page beside index.html, and its page memo."""
    path = dossier_path(target, dossier.meta.language)
    memo = page_memo(path)
    pdf, pages = _laid_out(render_pdf, dossier, size, replays, _read_pages(memo), figures,
                           companion)
    html = render_html(dossier, replays, figures, companion,
                       [(path.name, "PDF", "")]).encode("utf-8")
    return [(path, pdf), (target.with_name(DOSSIER_PAGE), html),
            (memo, json.dumps(pages, sort_keys=True).encode())]


def provenance(book: Book, replays) -> tuple[tuple[str, str], ...]:
    """What a dossier says it was made from and by (its last page): the edition, a digest
    of every content file read, the commit of the git repository the book is in (when it is
    in one), the generator, the build's date (SOURCE_DATE_EPOCH's, when set, as every PDF's
    own date) and what the rules engine replayed."""
    from reportlab.lib.utils import TimeStamp

    import generator

    language, meta = book.meta.language, book.meta
    t = translator(language)
    built = dt.datetime.fromtimestamp(int(TimeStamp().t), dt.timezone.utc).date()
    examples = t.ngettext("{n} worked example", "{n} worked examples", len(replays))
    scenarios = t.ngettext("{n} scenario", "{n} scenarios", len(book.scenarios))
    # the engine by its book.yaml key: an identifier a designer looks up, not a word to
    # translate (review, 2026-12-05: «motor de reglas economy» read as untranslated)
    checked = (t.gettext("{examples} and {scenarios}, replayed by the book's rules engine, "
                         "{engine}").format(examples=examples, scenarios=scenarios,
                                            engine=meta.engine)
               if meta.engine else
               t.gettext("the examples as written: no rules engine replays them"))
    files = content_files(book)
    commit = commit_of(book.folder)
    return ((t.gettext("Edition"), f"{meta.title}. {meta.subtitle}. {t.gettext('Version')} "
             f"{meta.version}, {long_date(meta.date, language)}"),
            (t.gettext("Content"), t.gettext("{files} files, SHA-256 {digest} (its first 16 "
                                             "digits)").format(files=len(files),
                                                               digest=content_digest(files))),
            *([(t.gettext("Commit"), t.gettext("{commit}, checked out in the git repository "
                                               "the book is in").format(commit=commit))]
              if commit else []),
            (t.gettext("Program"), f"rulebook-generator {generator.__version__}"),
            (t.gettext("Built on"), long_date(built, language)),
            (t.gettext("Checked"), checked))


def content_files(book: Book) -> list[Path]:
    """Every file the book was read from: its YAML files, chapters, examples, scenarios."""
    files = [doc.file for doc in book.sources.values()] + \
        [chapter.source for chapter in book.chapters] + \
        [source.doc.file for source in [*book.examples, *book.scenarios]]
    return sorted(set(files))


def content_digest(files: list[Path]) -> str:
    """16 hex digits of the SHA-256 of the files' names and bytes, in order: the content a
    reader can check a dossier against (`sha256sum` of the same files differs: names too)."""
    digest = hashlib.sha256()
    for file in files:
        data = read_bytes(file, MAX_CONTENT_BYTES, follow=False)
        digest.update(f"{file.name}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()[:16]


#: The most bytes a content file may have for the digest (the loader's limits are lower).
MAX_CONTENT_BYTES = 64 * 1024 * 1024


def press_path(target: Path, language: str) -> Path:
    """The print-shop edition beside the rulebook: `<book>[-size]-imprenta.pdf` (Spanish),
    `-press.pdf` (English)."""
    return target.with_name(f"{target.stem}-{file_word(language, 'press')}.pdf")


def booklet_path(target: Path, language: str, paper: str) -> Path:
    """`<book>-folleto-a4.pdf` (Spanish), `<book>-booklet-a4.pdf` (English)."""
    return target.with_name(f"{target.stem}-{file_word(language, 'booklet')}-"
                            f"{PAPER_SLUGS[paper]}.pdf")


def render_press(book: Book, size: PageSize | None, replays, pages: dict[str, int], figures,
                 target: Path, companion: Companion | None = None) -> tuple[Path, bytes]:
    """The rulebook for a print shop (pdf/document.py's render_press_pdf), in memory: the
    reading edition's layout (its settled `pages`) with bleed, crop marks, CMYK, PDF/X-4."""
    return (press_path(target, book.meta.language),
            render_press_pdf(book, size, replays, pages, figures, companion))


def _check_booklet(book: Book, size: PageSize | None) -> None:
    """Only A5 pages fold two to an A4 or Letter sheet at true size: anything else is one
    line, before anything is rendered."""
    pages = size or book.meta.page_size
    if pages is PageSize.A5:
        return
    where = (f"--page-size {pages.value}" if size is not None
             else f"page_size: {pages.value} in {Location(book.folder / 'book.yaml')}")
    raise RenderError(f"{book.slug} is set on {pages.value} pages ({where}), and --booklet "
                      "folds A5 pages two to an A4 or Letter sheet; expected an A5 book "
                      "(page_size: A5, or --page-size A5)")


def render_booklets(book: Book, pdf: bytes, target: Path) -> Rendered:
    """`<book>-folleto-a4.pdf` and `-letter.pdf` beside the rulebook (`booklet_path`), in
    memory."""
    author = "; ".join(credit.who for credit in book.meta.credits)
    # The book ends with its back cover (pdf/story.py's back_cover): any padding goes before
    # it, though an A5 book's count is already a multiple of 4.
    return [(booklet_path(target, book.meta.language, paper),
             impose_booklet(pdf, paper, title=book.meta.title, author=author,
                            language=book.meta.language, back_cover=not book.meta.sheet))
            for paper in PAPER_SLUGS]


#: A page memo longer than this is not one a build wrote (a book's is a few kilobytes).
MAX_PAGES_BYTES = 1_000_000


def built_pages(book: Book, output: Path) -> dict[str, int]:
    """The page of each heading in the book's last build into `output` (its page memo), or
    {} when it has none: what a citation outside the book names (`rulebook play`)."""
    target = rulebook_path(book, output, None)
    return _read_pages(page_memo(target)) or {}


def page_memo(target: Path) -> Path:
    """Where a build keeps the page of each heading of the PDF `target`, for the next."""
    return target.with_name(f".{target.stem}.pages.json")


def _read_pages(file: Path) -> dict[str, int] | None:
    """Page numbers from the last build: a hint only, checked by the layout itself."""
    try:
        pages = json.loads(read_bytes(file, MAX_PAGES_BYTES, follow=False))
    except (OSError, ValueError):
        return None
    if isinstance(pages, dict) and all(isinstance(v, int) for v in pages.values()):
        return pages
    return None


# --- print-and-play components --------------------------------------------------------------

PAPER_SLUGS = {"A4": "a4", "Letter": "letter"}


def _suffix(options: SheetOptions, language: str) -> str:
    """File-name suffix for the non-default choices, so variants never overwrite each other."""
    parts = [PAPER_SLUGS[options.paper]]
    if options.flip is not Flip.LONG:
        parts.append(f"duplex-{options.flip.value}")
    if options.offset != (0.0, 0.0):
        parts.append("offset-{:+.1f}_{:+.1f}".format(*options.offset))
    if options.ink_saving:
        parts.append(file_word(language, "ink-saving"))
    return "-".join(parts)


Rendered = list[tuple[Path, bytes]]  # files drawn in memory, not yet written


def _oriented(book: Book, papers: list[SheetOptions]) -> list[SheetOptions]:
    """The options with the way round of every sheet of the book on their paper, cards,
    tokens and calibration alike (sheets.rights.landscape_for): the duplex offset measured
    on the calibration page is in the axes of the sheets it corrects."""
    return [dataclasses.replace(o, landscape=landscape_for(book, o.paper)) for o in papers]


def render_cards(book: Book, output: Path, papers: list[SheetOptions]) -> Rendered:
    """Reference cards: a home sheet per paper and option set, and a print-shop file."""
    cards = book.print_spec.cards if book.print_spec else None
    if cards is None:
        return []
    costs_svg = None
    if any(face.kind == "costs" for face in cards.faces):
        marks = all(face.marks for face in cards.faces if face.kind == "costs")
        costs_svg = costs_drawing(book.components, style_for(book.components, book.theme),
                                  BookWords(book.components, language=book.meta.language),
                                  marks).tostring()
    pieces = reference_cards(book, costs_svg)
    trim = (cards.width, cards.height)
    language = book.meta.language
    words = translator(language)
    rendered = []
    for options in _oriented(book, papers):
        pdf, _ = home_sheets(pieces, trim, cards.bleed, options, book.meta.title,
                             (words.gettext("reference card"), words.gettext("reference cards")),
                             language, book.meta.rights)
        rendered.append((book.output_folder(output) / f"{file_word(language, 'cards')}-"
                         f"{_suffix(options, language)}.pdf", pdf))
    rendered.append(_shop_file(book.output_folder(output), "cards", pieces, trim, cards.bleed, book,
                               papers))
    return rendered


def render_tokens(book: Book, output: Path, papers: list[SheetOptions]) -> Rendered:
    spec = book.print_spec.tokens if book.print_spec else None
    if spec is None:
        return []
    pieces = tokens(spec)
    trim = (spec.diameter, spec.diameter)
    language = book.meta.language
    rendered = []
    for options in _oriented(book, papers):
        pdf, _ = home_sheets(pieces, trim, spec.bleed, options, book.meta.title,
                             (spec.name_one or spec.name, spec.name), language,
                             book.meta.rights)
        rendered.append((book.output_folder(output) / f"{file_word(language, 'tokens')}-"
                         f"{_suffix(options, language)}.pdf", pdf))
    rendered.append(_shop_file(book.output_folder(output), "tokens", pieces, trim, spec.bleed, book,
                               papers))
    return rendered


def _shop_file(folder: Path, kind: str, pieces, trim, bleed: float, book: Book,
               papers: list[SheetOptions], stem: str | None = None) -> tuple[Path, bytes]:
    """`cartas-imprenta[-ahorro].pdf`: `kind` is the file-name word ("cards", "tokens"), or
    `stem` the file's first word (a deck's id)."""
    ink_saving = any(o.ink_saving for o in papers)
    language = book.meta.language
    stem = stem or file_word(language, kind)
    title = translator(language).gettext("{title}: {pieces} (print shop)")
    meta = PressMeta.of(book, title.format(title=book.meta.title, pieces=stem))
    pdf = print_shop(pieces, trim, bleed, book.meta.title, ink_saving, meta=meta,
                     language=language)
    name = [stem, file_word(language, "press")]
    if ink_saving:
        name.append(file_word(language, "ink-saving"))
    return folder / f"{'-'.join(name)}.pdf", pdf


def render_calibration(book: Book, output: Path, papers: list[SheetOptions]) -> Rendered:
    plain = [dataclasses.replace(o, ink_saving=False)  # ink is irrelevant
             for o in _oriented(book, papers)]
    language = book.meta.language
    stem = file_word(language, "calibration")
    return [(book.output_folder(output) / f"{stem}-{_suffix(o, language)}.pdf",
             calibration(o, language)) for o in plain]


def render_decks(book: Book, output: Path, papers: list[SheetOptions]) -> Rendered:
    """Each deck of the game's own cards (print.yaml `decks:`): `<id>-<paper>.pdf` home
    sheets per paper and option set, `<id>-<press>.pdf` for a print shop, and
    `<id>-<contact-sheet>.png`, every card once, to look at before printing."""
    rendered = []
    language = book.meta.language
    folder = book.output_folder(output)
    for deck in book.decks:
        spec = deck.spec
        pieces = deck_pieces(deck, book.theme)
        for options in _oriented(book, papers):
            pdf, _ = home_sheets(pieces, spec.trim, spec.bleed, options, book.meta.title,
                                 (spec.name_one or spec.name, spec.name), language,
                                 book.meta.rights)
            rendered.append((folder / f"{spec.id}-{_suffix(options, language)}.pdf", pdf))
        rendered.append(_shop_file(folder, "cards", pieces, spec.trim, spec.bleed, book, papers,
                                   stem=spec.id))
        if pieces:
            rendered.append((folder / f"{spec.id}-{file_word(language, 'contact-sheet')}.png",
                             contact_sheet(pieces, spec.trim)))
    return rendered


def render_print(book: Book, output: Path, papers: list[SheetOptions],
                 kinds: tuple[str, ...] = ("cards", "tokens", "decks")) -> Rendered:
    """A book's print-and-play files of the kinds asked, plus the calibration pages that go
    with them (none when the book has nothing of those kinds to print), in memory."""
    makers = {"cards": render_cards, "tokens": render_tokens, "decks": render_decks}
    files = [f for kind in kinds for f in makers[kind](book, output, papers)]
    return files + render_calibration(book, output, papers) if files else []


def deck_family(book: Book) -> tuple[str, set[str]]:
    """The book's decks as a family of files named after them (`<id>-a4.pdf`…): written
    with their files, so that a deck renamed or taken out leaves none behind
    (core/output.py `Written.retire`)."""
    return ("decks", {deck.spec.id for deck in book.decks})


def build_print(book: Book, output: Path, papers: list[SheetOptions],
                kinds: tuple[str, ...] = ("cards", "tokens", "decks")) -> list[Path]:
    """Render, in the book's typefaces, then write all of them or none."""
    return _rendered_and_written(lambda *args: render_print(*args, kinds), book, output,
                                 papers, deck_family(book) if "decks" in kinds else None)


def build_cards(book: Book, output: Path, papers: list[SheetOptions]) -> list[Path]:
    return _rendered_and_written(render_cards, book, output, papers)


def build_tokens(book: Book, output: Path, papers: list[SheetOptions]) -> list[Path]:
    return _rendered_and_written(render_tokens, book, output, papers)


def build_calibration(book: Book, output: Path, papers: list[SheetOptions]) -> list[Path]:
    return _rendered_and_written(render_calibration, book, output, papers)


def _rendered_and_written(render, book: Book, output: Path, papers: list[SheetOptions],
                          family: tuple[str, set[str]] | None = None):
    """`render(book, output, papers)` in the book's typefaces, then written all or none."""
    with in_use(book.typefaces):
        files = render(book, output, papers)
    return write_all(files, folder=book.output_folder(output), family=family)
