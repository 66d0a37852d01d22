"""Words the renderers print around the content, by name, in the book's language.

The words themselves are messages of the gettext catalogs (`generator/locale/`): this table
only names them, so the PDF, the HTML edition and the document template ask for
`labels(language)["figure"]` and every language's word lives in its catalog, once."""

from __future__ import annotations

from generator.core.i18n import N_, pN_, translator

#: Label name → its English source string (msgid).
LABELS = {
    "contents": N_("Contents"),
    "glossary": N_("Glossary"),
    "abbreviations": N_("Abbreviations"),
    "terms": N_("Terms"),
    "page": N_("p."),
    "version": N_("Version"),
    "example": N_("Example"),
    "figure": N_("Figure"),
    # A figure cited in a sentence, before its number: "(fig. 2)".
    "figure_short": N_("fig."),
    "note": N_("Note"),
    "credits": N_("Credits"),
    "example_unchecked": N_("Example not checked by a rules engine"),
    "at_start": N_("At the start"),
    "after_step": N_("After step"),
    "refused": N_("× Not allowed:"),
    "overleaf": N_("continued overleaf"),
    # A box continued from the page before: "Example 6 (cont.)".
    "continued": N_("cont."),
    "notes": N_("Notes"),
    # The first padding page: a log of the games played, ruled in columns.
    "game_log": N_("Game log"),
    "log_date": N_("Date"),
    "log_points": N_("Points"),
    "log_title": N_("Title"),
    "log_players": N_("Players and points"),
    # The back matter that repeats the reference cards' faces (pdf/reference.py).
    "quick_reference": N_("Quick reference"),
    # The HTML edition's search field (templates/search.html.j2) and what it found.
    "search": N_("Search the rules"),
    # The same, short, in the field itself (a phone's bar holds two buttons beside it).
    "search_short": N_("Search"),
    # What the search leaves out of a query, separated by spaces: the little words a
    # question is made of («¿cómo se gana?» asks «gana»); and the endings it takes off a
    # word that only inflect it («ganas», «ganar», «gana» are one word), longest first. Both
    # written as the search folds them: in lower case, without accents («como», «que»).
    "search_little": N_("a an and are at can could do does for from happen happens have how "
                        "i if in is it mean means my of on or out should the to what when "
                        "where which who why with you your"),
    "search_endings": N_("ing ies ed es s y"),
    # Words a player may ask with that the rules say otherwise, in groups separated by «;»:
    # a query for any word of a group finds the others («if the deck runs out» finds «is
    # exhausted»). Folded as above; each word is taken with its endings off, as a query is.
    "search_synonyms": N_("exhaust empty run; draw take; trade exchange swap; roll throw"),
    # The HTML edition's links to the files beside it: its PDF, its other languages.
    "editions": N_("This book in other forms"),
    # The HTML edition's bar (templates/toolbar.html.j2): its menu of the contents by
    # section, the way back after a jump, the quick reference in one tap (a short word: a
    # phone's bar holds it beside the search field), the top of the page.
    "bar": N_("Lookup bar"),
    "bar_contents": N_("Contents"),
    "bar_back": N_("Back to where you were"),
    "bar_reference": N_("Summary"),
    "bar_top": N_("Back to the top"),
    # The box an abbreviation opens in the HTML edition: its link to the glossary's entry.
    "term_glossary": N_("See it in the glossary"),
    # The link beside each heading of the HTML edition, which copies the section's address.
    "link_copy": N_("Copy the link to this section"),
    "link_copied": N_("Link copied"),
    # Under a section's heading in the HTML edition: the rulings that settle its rule.
    "related_rulings": N_("Rulings:"),
    "search_none": N_("Nothing found"),
    "search_one": N_("1 section found"),
    "search_many": N_("{n} sections found"),
    "pages": N_("pages"),
    # The second document of a book: what a publisher or a playtest group checks.
    "dossier": N_("Editor’s dossier"),
    "provenance": N_("Provenance"),
    # A link from the editor's dossier to a page of the player's book: "book, p. 12"; to
    # a side of a reminder sheet (layout: sheet): "sheet, p. 1".
    "book": N_("book"),
    "sheet": pN_("a reminder sheet", "sheet"),
    "press_subject": N_("{subtitle}. Print-shop edition: {size} ({width} × {height} mm), "
                        "{pages} pages, 3 mm bleed and crop marks."),
}


def labels(language: str) -> dict[str, str]:
    """Every label translated into `language` (English where no catalog has it)."""
    words = translator(language)
    return {name: words.gettext(message) for name, message in LABELS.items()}


# --- file names, in the book's language --------------------------------------------------------
# The words of a file name are catalog messages in the context "file name" (lower case, ASCII,
# no spaces): a Spanish book writes cartas-a4.pdf and <book>-imprenta.pdf, an English one
# cards-a4.pdf and <book>-press.pdf.

FILE_WORDS = (pN_("file name", "cards"), pN_("file name", "tokens"),
              pN_("file name", "calibration"), pN_("file name", "press"),
              pN_("file name", "booklet"), pN_("file name", "ink-saving"),
              pN_("file name", "dossier"), pN_("file name", "contact-sheet"))


def file_word(language: str, word: str) -> str:
    """One word of an output file's name in `language` ("cards" → "cartas")."""
    assert word in FILE_WORDS, word
    return translator(language).pgettext("file name", word)
