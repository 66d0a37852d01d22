"""The English edition of the solo book (content/solo-catan/en/): built from the same data as
the Spanish one, into output/solo-catan/en/, and held to the same pieces by the parity check."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from lxml import etree
from pypdf import PdfReader

from generator.cli import main
from generator.content.model import LANGUAGES
from generator.core.sheet import PAPERS
from pdfread import ReadPdf, plain_texts
from repo import CONTENT_ROOT, shown_figures

SOLO = CONTENT_ROOT / "solo-catan"
ENGLISH = SOLO / "en"


@pytest.fixture(scope="module")
def editions(built) -> dict[str, object]:
    """Both editions built into one output folder, as `rulebook build --booklet` does: {"es":
    Built, "en": Built}."""
    return {language: built("solo-catan", lang=language if language == "en" else None,
                            booklet=True, papers=PAPERS) for language in ("es", "en")}


def _output(built) -> Path:
    return built.files[0].parent


def test_each_edition_writes_to_its_own_folder(editions):
    """The Spanish outputs stay where they were; the English ones are under en/."""
    es, en = _output(editions["es"]), _output(editions["en"])
    assert es.name == "solo-catan" and en == es / "en"
    for folder in (es, en):
        assert (folder / "solo-catan.pdf").is_file() and (folder / "index.html").is_file()
        assert list((folder / "figures").glob("*.svg"))
    assert editions["en"].print_files and all(f.parent == en for f in editions["en"].print_files)
    assert all(f.parent == es for f in editions["es"].print_files)


def _example_numbers(pdf: ReadPdf, word: str) -> set[int]:
    return {int(n) for n in re.findall(rf"\b{word} (\d+)\b", "\n".join(pdf.page_texts))}


def _figure_numbers(pdf: ReadPdf, word: str) -> set[int]:
    return {int(n) for n in re.findall(rf"\b{word} (\d+)\.", "\n".join(pdf.page_texts))}


def test_same_examples_figures_and_rulings(editions):
    """The English book prints the Spanish book's examples, figures and rulings: the same
    numbers, the same figure files, every ruling id as a heading."""
    es, en = ReadPdf(editions["es"].files[0]), ReadPdf(editions["en"].files[0])
    book = editions["en"].book
    assert _example_numbers(en, "Example") == _example_numbers(es, "Ejemplo") \
        == set(range(1, len(book.examples) + 1))
    assert _figure_numbers(en, "Figure") == _figure_numbers(es, "Figura")
    assert len(_figure_numbers(en, "Figure")) == len(shown_figures(book.printed()))
    # The same drawings; an example's file is named in the book's language
    # ("ejemplo-agotado-paso-1.svg", "example-agotado-step-1.svg"), a figure by its id.
    spanish = {"ejemplo-": "example-", "-inicio.": "-start.", "-paso-": "-step-"}

    def in_english(name: str) -> str:
        for word, english in spanish.items():
            name = name.replace(word, english)
        return name

    svgs = {edition: sorted(p.name for p in (_output(built) / "figures").glob("*.svg"))
            for edition, built in editions.items()}
    assert svgs["en"] == sorted(in_english(name) for name in svgs["es"])
    assert any(name.startswith("ejemplo-") for name in svgs["es"])
    text = "\n".join(en.page_texts)
    printed = set(re.findall(r"^(R\d\d)\. ", text, re.M))
    assert printed == {r.id for r in editions["es"].book.rulings} == {r.id for r in book.rulings}
    for source in book.examples:  # each box under its English title
        assert source.example.title.split()[0] in text


def test_english_words_replace_the_spanish_ones(editions):
    en = ReadPdf(editions["en"].files[0])
    text = " ".join(" ".join(en.page_texts).split())
    assert "Three bricks and two grain" in text and "Tres ladrillos" not in text
    assert "RD — Resource deck" in text and "MDR" not in text


def test_pdf_and_html_say_english(editions):
    for built, lang in ((editions["en"], "en"), (editions["es"], "es")):
        assert PdfReader(built.files[0]).trailer["/Root"]["/Lang"] == lang
        for press in built.press:
            assert PdfReader(press).trailer["/Root"]["/Lang"] == lang
        page = (_output(built) / "index.html").read_text(encoding="utf-8")
        assert re.search(rf'<html lang="{lang}"', page)


def test_cards_are_the_same_cards_in_english(editions):
    """The same card faces, in the same number of sheets, with the English texts."""
    home = {edition: sorted(f for f in built.print_files if "a4" in f.name and f.suffix == ".pdf"
                            and "calibra" not in f.name)
            for edition, built in editions.items()}
    assert len(home["en"]) == len(home["es"]) == 1
    es, en = ReadPdf(home["es"][0]), ReadPdf(home["en"][0])
    assert len(en.page_texts) == len(es.page_texts)
    text = " ".join(" ".join(en.page_texts).split())
    for face in editions["en"].book.print_spec.cards.faces:
        assert face.title in text
    assert "Colocar una carta" not in text


# --- the English text itself ------------------------------------------------------------------


# --- the parity check: one located error naming both files ---------------------------------------


def test_lang_picks_one_edition_and_build_takes_all(tmp_path, capsys):
    code = main(["check", str(SOLO), "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0 and "ok solo-catan (en):" in out and "ok solo-catan:" not in out
    code = main(["check", str(SOLO)])
    out = capsys.readouterr().out
    assert code == 0 and "ok solo-catan:" in out and "ok solo-catan (en):" in out
    assert main(["check", str(CONTENT_ROOT / "catan-base"), "--lang", "en"]) == 2
    assert "no edition in 'en'" in capsys.readouterr().err


# --- scenarios in the conformance appendix: by number and title, in the book's language -------

QUOTES = {"es": "«{}»", "en": "“{}”"}
LABEL = {"es": "escenario", "en": "scenario"}


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_appendix_names_each_scenario_by_its_number_and_title(editions, output_texts,
                                                                  language):
    """«escenario S06 «Tres carreteras A»», "scenario S06 “Three A roads”": the title in
    the book's language and the number of its file, scenarios/06-quinta-carretera.yaml."""
    book = editions[language].book
    cited = {check for row in book.conformance.rows for check in row.checks}
    page = " ".join(output_texts[language]["dossier.html"].split())  # the editor's dossier
    scenarios = [s for s in book.scenarios if s.example.id in cited]
    assert len(scenarios) >= 20  # 20-ciudad-perdida.yaml, for coverage, is cited by no row
    for source in scenarios:
        number = re.match(r"(\d\d)-", source.file.name).group(1)
        title = QUOTES[language].format(source.example.title)
        assert f"{LABEL[language]} S{number} {title}" in page, source.file.name
    english = yaml.safe_load((ENGLISH / "examples.yaml").read_text(encoding="utf-8"))
    if language == "en":
        assert {s.example.title for s in scenarios} \
            == {english[s.example.id]["title"] for s in scenarios}


# --- the whole outputs: no word of the other language ------------------------------------------
# Every file an edition writes, read as its reader reads it: each PDF's pages, bookmarks and
# document properties, the HTML edition's text and tooltips, the figures' SVG text, and the
# files' names. A word of the other language in any of them is a word the program or the
# content forgot to give in the edition's own.

#: Spanish words that are no English ones (not «no», «a», «series», «extra»…), matched whole
#: and case-insensitive in the English outputs: articles and prepositions, the game's nouns
#: and verbs, the book's labels, the Spanish abbreviations and the Spanish file-name words.
SPANISH_WORDS = (
    "de", "la", "las", "los", "el", "del", "al", "y", "en", "un", "una", "con", "para", "por",
    "que", "se", "su", "sus", "es", "sin", "más", "pero", "como", "ver", "cuando", "si",
    "carta", "cartas", "carretera", "carreteras", "caballero", "caballeros", "poblado",
    "poblados", "ciudad", "ciudades", "mazo", "serie", "puntos", "punto", "ficha", "fichas",
    "mano", "mercado", "madera", "ladrillo", "trigo", "oveja", "piedra", "robas", "robada",
    "perdida", "vacía", "vacío", "página", "Versión", "ejemplo", "figura", "escenario", "paso",
    "inicio", "regla", "aclaraciones", "comprobado", "pendiente", "dónde", "texto", "glosario",
    "apéndice", "notas", "hoja", "anverso", "reverso", "imprimir", "imprenta", "calibración",
    "calibracion", "folleto", "biblioteca", "universidad", "ayuntamiento", "iglesia",
    "ciudadela", "demoler", "reciclar", "progreso", "coincidencia", "partida", "turno",
    "MDR", "MDD", "SH", "SC", "ADC", "CCC", "CDR")
#: English words that are no Spanish ones (not «a», «no», «series», «he», «has»…), in the
#: Spanish outputs.
ENGLISH_WORDS = (
    "the", "and", "of", "to", "in", "on", "with", "from", "for", "by", "is", "are", "you",
    "your", "this", "that", "which", "card", "cards", "road", "roads", "knight", "knights",
    "deck", "page", "pages", "version", "example", "figure", "scenario", "step", "start",
    "hand", "market", "settlement", "city", "lumber", "brick", "grain", "wool", "ore", "drawn",
    "lost", "empty", "rule", "ruling", "rulings", "source", "where", "checked", "pending",
    "points", "notes", "glossary", "appendix", "contents", "sheet", "front", "back", "print",
    "press", "tokens", "calibration", "booklet", "anonymous", "unspecified", "RD", "DP", "HS",
    "CS", "BCC")
#: What an edition may print in the other language, and why: (pattern, reason).
ALLOWED = {
    "en": [(r"\bX,\s?Y\b|\bgives Y\b",
            "Y, the calibration's vertical axis, as the option --offset X,Y names it"),
           (r"“[^”]*”\s\(in\s+translation:",
            "the Spanish post's own words, which the dossier quotes before their translation")],
    "es": [(r"The\s+Struggle\s+for\s+Catan",
            "the base game's English title, as the edition note and the credits name it "
            "(a line may break inside it)")],
}
#: Parts of an output's path that are no words: the output folder's fixed names, the same in
#: every edition because scripts and links find the files by them ("figures/", "index.html"),
#: and the content's ids (the book's folder, figures and examples: `costes.svg`,
#: `example-principiante-start.svg`), which are the book's keys in both editions, as a
#: chapter's file name is (en/chapters/06-carreteras.md), and never read as prose.
FIXED_NAMES = ("figures", "index")


class _HtmlText(HTMLParser):
    """An HTML page's text as a reader meets it: the text outside style and script, a line
    for each block, and the tooltips, labels and text alternatives (title, aria-label, alt)."""

    INLINE = frozenset({"a", "abbr", "b", "code", "em", "i", "small", "span", "strong", "sub",
                        "sup", "tspan"})

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.tooltips: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("style", "script")
        if tag not in self.INLINE:
            self.parts.append("\n")
        self.tooltips += [value for name, value in attrs
                          if name in ("title", "aria-label", "alt") and value]

    def handle_endtag(self, tag):
        self.hidden -= tag in ("style", "script")
        if tag not in self.INLINE:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def _pdf_texts(path: Path) -> dict[str, str]:
    reader = PdfReader(path)
    # A word broken at a line's end is read whole ("construc-" / "tion").
    texts = {f"{path.name} p. {n}": re.sub(r"(\w)-\n(\w)", r"\1\2", text)
             for n, text in enumerate(plain_texts(path), start=1)}

    def titles(nodes):
        for node in nodes:
            yield from titles(node) if isinstance(node, list) else [node.title]
    texts[f"{path.name} bookmarks"] = "\n".join(titles(reader.outline))
    # The document properties a reader sees; not Producer (the PDF library's own name) nor
    # the dates.
    info = reader.metadata or {}
    texts[f"{path.name} properties"] = "\n".join(
        str(info.get(key, "")) for key in ("/Title", "/Author", "/Subject", "/Keywords"))
    return texts


def _svg_text(path: Path) -> str:
    root = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True))
    return "\n".join("".join(node.itertext()) for node in root.iter()
                     if isinstance(node.tag, str)
                     and etree.QName(node).localname in ("text", "title", "desc"))


def _name_words(relative: Path, ids: list[str]) -> str:
    """An output's path without its fixed names and content ids: the words the program
    chose for it ("cards a4 pdf", "example start svg")."""
    name = "/".join(relative.parts)
    for key in sorted(ids, key=len, reverse=True):
        name = re.sub(rf"(?<![\w]){re.escape(key)}(?![\w])", " ", name)
    return " ".join(w for w in re.split(r"[-./]", name) if w.strip() and w not in FIXED_NAMES)


def _output_texts(built) -> dict[str, str]:
    """Every text of every file one edition wrote (another edition's folder apart; a hidden
    file is the build's own memo of page numbers, never delivered): where → text."""
    folder, book = _output(built), built.book
    ids = [SOLO.name]
    ids += [f.id for f in book.figures] + [s.example.id for s in book.examples]
    files = sorted(p for p in folder.rglob("*") if p.is_file()
                   and p.relative_to(folder).parts[0] not in LANGUAGES
                   and not any(part.startswith(".") for part in p.relative_to(folder).parts))
    texts = {"file names": "\n".join(_name_words(p.relative_to(folder), ids) for p in files)}
    for path in files:
        if path.suffix == ".pdf":
            texts.update(_pdf_texts(path))
        elif path.suffix == ".html":
            page = _HtmlText()
            page.feed(path.read_text(encoding="utf-8"))
            texts[path.name] = "".join(page.parts)
            texts[f"{path.name} tooltips"] = "\n".join(page.tooltips)
        elif path.suffix == ".svg":
            texts[f"figures/{path.name}"] = _svg_text(path)
        else:
            pytest.fail(f"an output this test cannot read: {path}")
    return texts


def _words_found(texts: dict[str, str], words, allowed=()) -> dict[str, list[str]]:
    """Each word of `words` found whole (case-insensitive) outside the `allowed` patterns:
    word → where, with the text around it."""
    found: dict[str, list[str]] = {}
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, words)) + r")(?!\w)",
                         re.IGNORECASE)
    for where, text in texts.items():
        for allowance, _ in allowed:
            text = re.sub(allowance, " ", text)
        for match in pattern.finditer(text):
            around = " ".join(text[max(0, match.start() - 40):match.end() + 40].split())
            found.setdefault(match.group(1).lower(), []).append(f"{where}: …{around}…")
    return found


@pytest.fixture(scope="module")
def output_texts(editions) -> dict[str, dict[str, str]]:
    return {language: _output_texts(built) for language, built in editions.items()}


@pytest.mark.parametrize("language, words", [("en", SPANISH_WORDS), ("es", ENGLISH_WORDS)],
                         ids=["no Spanish in the English outputs",
                              "no English in the Spanish outputs"])
def test_no_word_of_the_other_language_in_any_output(output_texts, language, words):
    texts = output_texts[language]
    kinds = {where.split(" ")[0].rsplit(".", 1)[-1] for where in texts}
    assert {"pdf", "html", "svg"} <= kinds and "file names" in texts
    assert sum(".pdf p. " in where for where in texts) > 100  # book, print shop, cards…
    found = _words_found(texts, words, ALLOWED[language])
    assert not found, "\n".join(f"{word} ({len(places)}×): {places[0]}"
                                for word, places in sorted(found.items()))


@pytest.mark.parametrize("language, words", [("es", SPANISH_WORDS), ("en", ENGLISH_WORDS)])
def test_the_word_lists_read_the_outputs_of_their_own_language(output_texts, language, words):
    """The same reading finds most of each list in its own language's outputs (so an empty
    reading cannot pass), and each allowance is still needed."""
    found = _words_found(output_texts[language], words)
    assert len(found) >= 0.75 * len(words), sorted(set(w.lower() for w in words) - set(found))
    other = "es" if language == "en" else "en"
    for allowance, reason in ALLOWED[other]:
        assert any(re.search(allowance, text) for text in output_texts[other].values()), reason


# --- US hyphenation ---------------------------------------------------------------------------

def test_english_words_break_where_american_dictionaries_break_them(editions):
    """The English edition is hyphenated by US patterns (pyphen's plain "en" is British:
    "tech-no-logy", "pro-gress"), and every word the English PDF breaks at a line's end is
    broken at a US break point."""
    import pyphen

    from generator.draw.hyphenation import Hyphenation

    english = Hyphenation("en")
    assert ("technol", "ogy") in list(english("technology"))
    assert ("techno", "logy") not in list(english("technology"))
    assert list(english("progress")) == []
    us = pyphen.Pyphen(lang="en_US")
    breaks = []
    for text in ReadPdf(editions["en"].files[0]).line_texts:
        lines = text.splitlines()
        for line, following in zip(lines, lines[1:]):
            head = re.search(r"([A-Za-z]+)-$", line.rstrip())
            tail = re.match(r"([a-z]+)", following.lstrip())
            if head and tail and not re.search(r"[A-Za-z]-[A-Za-z]+-$", line.rstrip()):
                breaks.append((head.group(1), tail.group(1)))
    assert breaks, "the English book breaks some words at a line's end"
    wrong = [f"{h}-{t}" for h, t in breaks
             if len(h) not in us.positions(h + t) and (h + t).lower() not in COMPOUNDS]
    assert not wrong, wrong


#: Words the English text writes with a hyphen of their own, which a line may end at.
COMPOUNDS = {"halfbuilt", "sixcard", "fivecard", "twoplayer", "onepoint"}


@pytest.mark.parametrize("language", ["es", "en"])
def test_no_doubled_comma_in_any_output(output_texts, language):
    """Sentences made of pieces (an example's steps) join them with one comma: an apposition
    that ends in its own comma must not meet a template's ("the oldest series, a knight,,
    giving back" was printed in the English book)."""
    found = [f"{where}: …{' '.join(text[max(0, m.start() - 40):m.end() + 40].split())}…"
             for where, text in output_texts[language].items()
             for m in re.finditer(r",\s*,", text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["es", "en"])
def test_every_output_sets_typographers_quotes(output_texts, language):
    """Content is typed with straight marks; the books, cards and pages print ’ “ ” ‘ (the
    English book printed "the game's", the Spanish one «Con 1 "A"»: generator/core/typography.py)."""
    found = [f"{where}: …{' '.join(text[max(0, m.start() - 30):m.end() + 30].split())}…"
             for where, text in output_texts[language].items()
             for m in re.finditer(r"['\"]", text)]
    assert not found, f"{len(found)} straight marks:\n" + "\n".join(found[:20])


#: One term per concept in the English edition (rules review E2–E4): the drifted variants,
#: case-sensitive, that no output may print.
DRIFTED_TERMS = ["history series", "Town hall", "call a knight", "Call a knight",
                 "call the knight", "calls a knight"]


def test_one_term_per_concept_in_every_english_output(output_texts):
    """«historical series», «bring out a knight», «Town Hall» (a series' label in the SH
    diagrams read «Town hall…»: `str.capitalize` lowered its second word)."""
    texts = output_texts["en"]
    found = {term: [where for where, text in texts.items() if term in text]
             for term in DRIFTED_TERMS}
    assert not {term: places for term, places in found.items() if places}
    assert any("Town Hall" in text for where, text in texts.items()
               if where.startswith("figures/")), "the diagrams' labels were read"


def test_a_source_sentence_quoted_twice_is_translated_once():
    """Rules review E5: the same sentence of the Spanish post was quoted in two English
    translations (R03 against C59). Quotes equal in Spanish are equal in English."""
    def read(path: str):
        return yaml.safe_load((SOLO / path).read_text(encoding="utf-8"))
    pairs = []  # (Spanish, English) of every quote, in the rulings and the conformance rows
    rulings_en = read("en/rulings.yaml")
    for ruling in read("rulings.yaml"):
        pairs += zip(ruling.get("quote", []), rulings_en[ruling["id"]].get("quote", []))
    rows_en = read("en/conformance.yaml")
    for row in read("conformance.yaml"):
        pairs.append((row["quote"], rows_en[row["id"]]["quote"]))
    english: dict[str, set[str]] = {}
    for spanish, translated in pairs:
        english.setdefault(" ".join(spanish.split()).rstrip("."), set()).add(
            " ".join(translated.split()).rstrip("."))
    assert len(pairs) > 60
    assert not {s: e for s, e in english.items() if len(e) > 1}


def _squeezed(text: str) -> str:
    """Words separated by single spaces, a word broken at a line's end joined again, and
    every quotation mark one (a quote inside a quote is set in single marks)."""
    text = re.sub(r"(\w)- (\w)", r"\1\2", " ".join(text.split()))
    return re.sub("[\"“”‘’«»']", '"', text)


def test_the_dossier_quotes_the_source_as_written_and_in_translation(editions):
    """Review of issue 32: the English dossier gave the source's words in translation only,
    and an editor could not check a quote against the Spanish post. Every ruling's and every
    conformance row's quote now prints as the post writes it, then «(in translation: …)»."""
    pairs = []
    for name in ("rulings.yaml", "conformance.yaml"):
        book = yaml.safe_load((SOLO / name).read_text(encoding="utf-8"))
        words = yaml.safe_load((ENGLISH / name).read_text(encoding="utf-8"))
        for entry in book:
            quotes = entry.get("quote") or []
            translated = words[entry["id"]].get("quote") or []
            if isinstance(quotes, str):
                quotes, translated = [quotes], [translated]
            pairs += [(original.rstrip(".") if name == "rulings.yaml" else original,
                       translation.rstrip(".") if name == "rulings.yaml" else translation)
                      for original, translation in zip(quotes, translated, strict=True)]
    assert len(pairs) > 40  # every quote of both files
    dossier = next(f for f in editions["en"].dossier if f.suffix == ".pdf")
    text = _squeezed(" ".join(plain_texts(dossier)))
    # the translation's first words: a quote may run on over a page's foot and head
    missing = [original for original, translation in pairs if _squeezed(
        f"“{original}” (in translation: “{' '.join(translation.split()[:3])}") not in text]
    assert not missing, missing[:3]
    spanish = next(f for f in editions["es"].dossier if f.suffix == ".pdf")
    assert "translation" not in " ".join(plain_texts(spanish))  # the book's own words alone
