"""Every word the program writes comes from the gettext catalogs in the book's language: the
catalogs are in step with the source and complete, and a book built in one language shows no
word of the other in its PDF, print-shop edition, booklet, HTML, print sheets or file names."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from generator.cli import main
from generator.core import i18n
from generator.content.loader import load_book
from generator.examples.replay import check_book, step_words
from generator.core.i18n import translator
from generator.core.labels import LABELS, labels
from repo import CONTENT_ROOT, ROOT, shipped

RUN = "run `python scripts/update_catalogs.py`, then translate what it lists"

#: Words that only Spanish writes (and what the program wrote in Spanish before the catalogs).
SPANISH = {"de", "del", "las", "los", "el", "la", "y", "con", "por", "cartas", "fichas",
           "imprimir", "página", "páginas", "puntos", "robas", "hoja", "anverso", "reverso",
           "índice", "versión", "ejemplo", "construyes", "cambias", "puedes", "mano", "banca",
           "calibración", "calibracion", "imprenta", "folleto", "ejemplar", "ejemplares",
           "dúplex", "vacía", "nada", "construido", "cantidades", "notas", "créditos",
           # and what the engines say: players, turns, tokens, gems, decks
           "jugador", "tu", "su", "turno", "reserva", "ladrón", "dados", "pagas", "tomas",
           "gema", "gemas", "fila", "mazo", "ninguna", "vacío", "falta", "partidas"}
#: Words that only English writes.
ENGLISH = {"the", "and", "of", "with", "for", "cards", "tokens", "print", "sheet", "front",
           "back", "you", "points", "contents", "version", "example", "build", "trade",
           "cannot", "hand", "bank", "calibration", "press", "booklet", "copy", "copies",
           "empty", "nothing", "built", "quantities", "notes", "credits",
           # and what the engines say: players, turns, tokens, gems, decks
           "your", "turn", "player", "reserve", "pay", "take", "gem", "gems", "row",
           "deck", "none", "still", "games", "wins"}


def test_catalogs_are_in_step_with_the_source_and_complete():
    """The .pot has every message of the source, and each language's .po translates each."""
    done = subprocess.run([sys.executable, "scripts/update_catalogs.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, f"{RUN}:\n{done.stdout}{done.stderr}"


def test_a_mo_that_is_not_its_po_compiled_is_reported(tmp_path, monkeypatch):
    """The program reads the .mo: one left behind by an edit of the .po (a translation
    fixed by hand, the update script not run) is named by the check."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("update_catalogs",
                                                  ROOT / "scripts" / "update_catalogs.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    locale = tmp_path / "generator" / "locale"
    shutil.copytree(script.LOCALE, locale)
    monkeypatch.setattr(script, "ROOT", tmp_path)
    monkeypatch.setattr(script, "LOCALE", locale)
    monkeypatch.setattr(script, "TEMPLATE", locale / "messages.pot")
    assert not [p for p in script.problems() if ".mo" in p]
    po = locale / "es" / "LC_MESSAGES" / "rulebook.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Figura"', 'msgstr "Fig."'),
                  encoding="utf-8")
    assert [p for p in script.problems() if ".mo" in p] == [
        "generator/locale/es/LC_MESSAGES/rulebook.mo is not rulebook.po compiled"]
    (locale / "en" / "LC_MESSAGES" / "rulebook.mo").unlink()
    assert "generator/locale/en/LC_MESSAGES/rulebook.mo is not rulebook.po compiled" in \
        script.problems()


def test_labels_come_from_the_catalogs():
    assert labels("es")["contents"] == "Índice" and labels("en")["contents"] == "Contents"
    assert labels("es").keys() == labels("en").keys() == LABELS.keys()
    assert labels("es")["figure"] == translator("es").gettext("Figure") == "Figura"


@pytest.mark.parametrize("language, count, said", [
    pytest.param("es", 1, "imprimir 1 ejemplar", id="es one"),
    pytest.param("es", 20, "imprimir 20 ejemplares", id="es many"),
    pytest.param("en", 1, "print 1 copy", id="en one"),
    pytest.param("en", 1200, "print 1,200 copies", id="en many, grouped"),
])
def test_plurals_follow_the_catalogs_rule_not_an_appended_s(language, count, said):
    assert translator(language).ngettext("print {n} copy", "print {n} copies", count) == said


@pytest.mark.parametrize("language, value, said", [
    pytest.param("es", 0.0025, "0,3\u00a0%", id="es a half rounds up"),
    pytest.param("en", 0.0015, "0.2%", id="en a half rounds up"),
    pytest.param("es", 0.0024, "0,2\u00a0%", id="es below a half rounds down"),
])
def test_a_share_is_rounded_as_a_reader_rounds(language, value, said):
    """Babel follows decimal's default, half to even: 0.25 % printed «0,2 %»."""
    assert i18n.percent(value, language) == said
    assert i18n.decimal(100 * value, language) == said.rstrip("%\u00a0")


@pytest.mark.parametrize("language, noun, a, the", [
    pytest.param("es", "piedra", "una piedra", "la piedra", id="es feminine"),
    pytest.param("es", "ladrillo", "un ladrillo", "el ladrillo", id="es masculine"),
    pytest.param("en", "ore", "an ore", "the ore", id="en vowel"),
    pytest.param("en", "brick", "a brick", "the brick", id="en consonant"),
])
def test_articles_agree_with_their_noun(language, noun, a, the):
    words = translator(language)
    assert (words.a(noun), words.the(noun)) == (a, the)


# --- a whole book in each language ------------------------------------------------------------

COMPONENTS = {
    "en": ("resources:\n"
           "  - {id: lumber, name: Lumber, plural: lumber, count: 19}\n"
           "  - {id: brick, name: Brick, plural: bricks, count: 19}\n"
           "  - {id: ore, name: Ore, plural: ore, count: 19}\n"
           "  - {id: coin, name: Coin, plural: coins, count: 20}\n"  # the scaffold's
           "buildings:\n"
           "  - {id: road, name: Road, plural: roads, cost: [brick, lumber], count: 15, "
           "points: 0}\n"
           "  - {id: city, name: City, plural: cities, cost: [ore, ore, ore], count: 4, "
           "points: 2}\n"
           "game:\n  goal: 10\n  ordered_costs: false\n"),
    "es": ("resources:\n"
           "  - {id: lumber, name: Madera, plural: maderas, count: 19}\n"
           "  - {id: brick, name: Arcilla, plural: arcillas, count: 19}\n"
           "  - {id: ore, name: Mineral, plural: minerales, count: 19}\n"
           "  - {id: coin, name: Moneda, plural: monedas, count: 20}\n"
           "buildings:\n"
           "  - {id: road, name: Carretera, plural: carreteras, cost: [brick, lumber], "
           "count: 15, points: 0}\n"
           "  - {id: city, name: Ciudad, plural: ciudades, cost: [ore, ore, ore], count: 4, "
           "points: 2}\n"
           "game:\n  goal: 10\n  ordered_costs: false\n"),
}
SECTION = {"en": "your-turn", "es": "tu-turno"}
EXAMPLE = ("id: a-road\ntitle: {title}\nsection: {section}\nsummary: {summary}\n"
           "start:\n  hand: [brick, ore, ore, ore, ore]\nsteps:\n"
           "  - do: build road\n    reject: missing-resources\n"
           "  - do: trade ore lumber\n    expect:\n      hand: [brick, lumber]\n"
           "  - do: build road\n    expect:\n      hand: []\n      built: {{road: 1}}\n"
           "    show: true\n")
TEXTS = {"en": {"title": "A road", "summary": "Four ore buy the lumber a road needs."},
         "es": {"title": "Una carretera", "summary": "Cuatro minerales compran la madera."}}
TOKENS = {"en": "tokens:\n  name: coins\n  name_one: coin\n  count: 12\n  diameter: 25\n"
                "  bleed: 3\n  front: {label: \"1\", caption: coin, colour: \"#b58a14\"}\n"
                "  back: {label: \"1\", caption: coin, colour: \"#6c727c\"}\n",
          "es": "tokens:\n  name: monedas\n  name_one: moneda\n  count: 12\n  diameter: 25\n"
                "  bleed: 3\n  front: {label: \"1\", caption: moneda, colour: \"#b58a14\"}\n"
                "  back: {label: \"1\", caption: moneda, colour: \"#6c727c\"}\n"}


def _book(tmp_path: Path, monkeypatch, language: str) -> Path:
    """`rulebook init` and `rulebook new juego --lang LANGUAGE --cards`, then a costs engine,
    a checked example and tokens: every kind of output the program words."""
    monkeypatch.chdir(tmp_path)
    assert main(["init", "project"]) == 0
    project = tmp_path / "project"
    monkeypatch.chdir(project)
    assert main(["new", "juego", "--lang", language, "--cards"]) == 0
    book = project / "content" / "juego"
    (book / "components.yaml").write_text(COMPONENTS[language], encoding="utf-8")
    with (book / "book.yaml").open("a", encoding="utf-8") as file:
        file.write("engine: costs\n")
    with (book / "print.yaml").open("a", encoding="utf-8") as file:
        file.write(TOKENS[language])
    rules = next(book.glob("chapters/02-*.md"))
    rules.write_text(rules.read_text(encoding="utf-8") + '\n{{ example("a-road") }}\n',
                     encoding="utf-8")
    (book / "examples").mkdir()
    (book / "examples" / "01-road.yaml").write_text(
        EXAMPLE.format(section=SECTION[language], **TEXTS[language]), encoding="utf-8")
    assert main(["build", "juego", "--booklet"]) == 0
    return project / "output" / "juego"


def _words(text: str) -> set[str]:
    """Words, case-folded; a lone capital stays one ("X,Y" are axes, not the Spanish "y")."""
    return {w if len(w) == 1 else w.casefold() for w in re.findall(r"[^\W\d_]+", text)}


def _generated_text(out: Path) -> dict[str, str]:
    """File name → its words: every PDF's text, the HTML edition's visible text."""
    texts = {}
    for file in sorted(out.iterdir()):
        if file.suffix == ".pdf":
            reader = PdfReader(file)
            meta = reader.metadata or {}
            texts[file.name] = " ".join([page.extract_text() or "" for page in reader.pages]
                                        + [str(meta.get(k, "")) for k in ("/Title",
                                                                          "/Subject")])
        elif file.suffix == ".html":
            html = file.read_text(encoding="utf-8")
            html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
            texts[file.name] = re.sub(r"<[^>]+>", " ", html)
    return texts


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, Path]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        return {language: _book(tmp_path_factory.mktemp(language), monkeypatch, language)
                for language in ("en", "es")}


def test_an_english_book_has_english_file_names(books):
    names = {p.name for p in books["en"].iterdir() if p.is_file()}
    assert {"juego.pdf", "juego-press.pdf", "juego-booklet-a4.pdf", "juego-booklet-letter.pdf",
            "cards-a4.pdf", "cards-letter.pdf", "cards-press.pdf", "tokens-a4.pdf",
            "tokens-letter.pdf", "tokens-press.pdf", "calibration-a4.pdf",
            "calibration-letter.pdf"} <= names, names
    figures = {p.name for p in (books["en"] / "figures").iterdir()}
    assert {"example-a-road-start.svg", "example-a-road-step-3.svg"} <= figures, figures


def test_a_spanish_book_keeps_its_file_names(books):
    names = {p.name for p in books["es"].iterdir() if p.is_file()}
    assert {"juego.pdf", "juego-imprenta.pdf", "juego-folleto-a4.pdf", "cartas-a4.pdf",
            "cartas-imprenta.pdf", "fichas-a4.pdf", "fichas-imprenta.pdf",
            "calibracion-a4.pdf"} <= names, names
    figures = {p.name for p in (books["es"] / "figures").iterdir()}
    assert {"ejemplo-a-road-inicio.svg", "ejemplo-a-road-paso-3.svg"} <= figures, figures


@pytest.mark.parametrize("language, foreign", [
    pytest.param("en", SPANISH, id="no Spanish in an English book"),
    pytest.param("es", ENGLISH, id="no English in a Spanish book"),
])
def test_a_book_shows_no_word_of_the_other_language(books, language, foreign):
    out = books[language]
    found = {name: sorted(_words(text) & foreign)
             for name, text in _generated_text(out).items()}
    found["file names"] = sorted(_words(" ".join(p.stem for p in out.iterdir())) & foreign)
    assert not any(found.values()), {name: words for name, words in found.items() if words}


def test_the_english_example_reads_in_english(books):
    text = " ".join(_generated_text(books["en"])["juego.pdf"].split())
    for said in ("You cannot build a road", "You trade 4 ore with the bank for 1 lumber",
                 "You build a road"):
        assert said in text, text
    sheet = " ".join(_generated_text(books["en"])["cards-a4.pdf"].split())
    assert "print at 100 %" in sheet and "sheet 1 of 1" in sheet, sheet


# --- every engine's words, in each language ---------------------------------------------------
# What an engine gives the book (positions in words, captions, the diagrams' text, narration,
# the actions as listed) and its `rulebook simulate` report, for each engine: in an English
# book no word of Spanish, in the Spanish books none of English.

#: English names for the Spanish books' data, by id: with them and `language: en`, every other
#: word an engine prints is the program's own.
ENGLISH_NAMES = {
    "lumber": ("Lumber", "lumber"), "brick": ("Brick", "bricks"), "wool": ("Wool", "wool"),
    "grain": ("Grain", "grain"), "ore": ("Ore", "ore"), "road": ("Road", "roads"),
    "settlement": ("Settlement", "settlements"), "city": ("City", "cities"),
    "development": ("Development card", "development cards"), "knight": ("Knight", "knights"),
    "white": ("Diamond", "diamonds"), "blue": ("Sapphire", "sapphires"),
    "green": ("Emerald", "emeralds"), "red": ("Ruby", "rubies"), "black": ("Onyx", "onyxes"),
}
ENGLISH_TITLES = {"Trabajador": "Labourer", "Mercader ambulante": "Pedlar",
                  "Aprendiz": "Apprentice", "Viajante": "Traveller", "Maestro": "Master"}
#: A book of each engine that the program words (the solo engine's: its English edition).
ENGINE_BOOKS = ["uno-contra-uno", "catan-para-dos", "splendor-solitario", "catan-base"]
SIMULATED = {"uno-contra-uno", "catan-para-dos", "splendor-solitario", "solo-catan"}


def _english_copy(content: Path, slug: str) -> Path:
    """A copy of a Spanish book with `language: en` and its data's names in English."""
    if not (content / "_facts").exists():
        shutil.copytree(CONTENT_ROOT / "_facts", content / "_facts")
    folder = content / slug
    shutil.copytree(CONTENT_ROOT / slug, folder)
    book = folder / "book.yaml"
    book.write_text(book.read_text(encoding="utf-8").replace("language: es", "language: en"),
                    encoding="utf-8")
    components = yaml.safe_load((folder / "components.yaml").read_text(encoding="utf-8"))
    for kind in ("resources", "buildings"):
        for item in components.get(kind, []):
            item["name"], item["plural"] = ENGLISH_NAMES[item["id"]]
    for card in components.get("special_cards", []):
        card["name"] = f"Special {ENGLISH_NAMES[card['bonus']][0].lower()}"
    (folder / "components.yaml").write_text(yaml.safe_dump(components, allow_unicode=True),
                                            encoding="utf-8")
    spec = yaml.safe_load((folder / "print.yaml").read_text(encoding="utf-8"))
    if spec.get("tokens"):
        spec["tokens"].update(name="coins", name_one="coin")
        for side in ("front", "back"):
            spec["tokens"][side]["caption"] = "coin"
    (folder / "print.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True),
                                       encoding="utf-8")
    if (folder / "scores.yaml").exists():
        scores = yaml.safe_load((folder / "scores.yaml").read_text(encoding="utf-8"))
        for band in scores:
            band["title"] = ENGLISH_TITLES[band["title"]]
        (folder / "scores.yaml").write_text(yaml.safe_dump(scores, allow_unicode=True),
                                            encoding="utf-8")
        for replayed in [*folder.glob("examples/*.yaml"), *folder.glob("scenarios/*.yaml")]:
            text = replayed.read_text(encoding="utf-8")
            for spanish, english in ENGLISH_TITLES.items():  # the titles a replay expects
                text = text.replace(f"title: {spanish}\n", f"title: {english}\n")
            replayed.write_text(text, encoding="utf-8")
    return folder


def _engine_words(book) -> dict[str, str]:
    """Example id → every word its engine gave the book: each position in words, its
    caption and status, its diagram's text, each step told and listed. Every example and
    scenario must replay (`check_book`): a copy that fails would say less than it should."""
    said = {}
    for replay in check_book(book, scenarios=True):
        adapter, before, texts = replay.adapter, None, []
        for frame in replay.frames:
            texts += [f"{label}: {text}" for label, text in adapter.position_lines(frame.game)]
            for name in ("position_caption", "position_status"):
                if hasattr(adapter, name):
                    texts.append(getattr(adapter, name)(frame.game))
            if hasattr(adapter, "position_svg"):
                svg = adapter.position_svg(frame.game, before)
                texts += re.findall(r">([^<>]+)</(?:text|tspan|title)>", svg)
            if frame.step is not None:
                texts += [step_words(adapter, frame, before)[0],
                          adapter.action_text(frame.action, before)]
            before = frame.game
        said[replay.example.id] = " ".join(texts)
    return said


def _report(folder: Path, capsys) -> str:
    """`rulebook simulate` of a few games: its terminal report."""
    capsys.readouterr()
    assert main(["simulate", str(folder), "--games", "4", "--jobs", "1"]) == 0
    return capsys.readouterr().out


def _foreign(texts: dict[str, str], foreign: set[str]) -> dict[str, list[str]]:
    found = {name: sorted(_words(text) & foreign) for name, text in texts.items()}
    return {name: words for name, words in found.items() if words}


@pytest.fixture(scope="module")
def english_copies(tmp_path_factory) -> dict[str, Path]:
    content = tmp_path_factory.mktemp("english") / "content"
    content.mkdir()
    copies = {slug: _english_copy(content, slug) for slug in ENGINE_BOOKS}
    copies["solo-catan"] = CONTENT_ROOT / "solo-catan" / "en"  # its English edition
    return copies


@pytest.mark.parametrize("slug", ENGINE_BOOKS + ["solo-catan"])
def test_an_english_book_hears_no_spanish_from_its_engine(english_copies, slug, capsys):
    book = load_book(english_copies[slug])
    assert book.meta.language == "en" or book.edition == "en"
    texts = _engine_words(book)
    assert texts, "the book has examples to word"
    if slug in SIMULATED:
        texts["simulate"] = _report(english_copies[slug], capsys)
    assert not _foreign(texts, SPANISH), _foreign(texts, SPANISH)


@pytest.mark.parametrize("slug", ENGINE_BOOKS + ["solo-catan"])
def test_a_spanish_book_hears_no_english_from_its_engine(slug, capsys):
    book = shipped(slug)
    assert book.meta.language == "es"
    texts = _engine_words(book)
    if slug in SIMULATED:
        texts["simulate"] = _report(CONTENT_ROOT / slug, capsys)
    assert not _foreign(texts, ENGLISH), _foreign(texts, ENGLISH)


def test_the_engines_narrate_in_english(english_copies):
    """A few sentences as an English player reads them, one engine each."""
    said = {slug: " ".join(_engine_words(load_book(english_copies[slug])).values())
            for slug in ("uno-contra-uno", "splendor-solitario")}
    for sentence in ("Player 1 (you), to play", "your turn", "an action costs you 1 coin",
                     "You cannot pay", "Largest Army"):
        assert sentence in said["uno-contra-uno"], sentence
    for sentence in ("You take 1 sapphire", "Your tokens", "Central deck",
                     "the sapphire special gem", "You cannot"):
        assert sentence in said["splendor-solitario"], sentence


def test_a_choice_is_joined_with_or_and_spanish_writes_u_before_an_o():
    """«si es madera, trigo u oveja»: any one of them, as each language writes it."""
    from generator.core.i18n import translator
    assert translator("es").join(["madera", "trigo", "oveja"], True) == "madera, trigo u oveja"
    assert translator("es").join(["madera", "trigo"], True) == "madera o trigo"
    assert translator("es").join(["madera", "oveja"]) == "madera y oveja"
    assert translator("en").join(["lumber", "grain", "wool"], True) == "lumber, grain or wool"
