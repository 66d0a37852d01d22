"""`rulebook init` and `rulebook new`: a project folder, and a book in it that builds at once.

A designer starts from a small book that already passes every check (a title, components, a
glossary, chapters, a ruling, optionally a reference card), in Spanish or English, as a full
rulebook or a short rules sheet, rather than from a copy of a Catan book to strip down. The
files are package data (`templates/scaffolds/<lang>/`) with `$name` placeholders; every YAML
file starts with the `yaml-language-server` line so editors complete and check it against its
schema, copied into the project (`content/_schemas/`, schema.py `project_schema`).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template

from generator.errors import ContentError, Location, ScaffoldError
from generator.project import MARKER, MARKER_TEXT
from generator.schema import modeline, project_schema, schema_for_file

LANGUAGES = ("es", "en")
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")

#: The chapters of each kind of book, per language.
CHAPTERS = {
    ("es", "rulebook"): ["01-introduccion.md", "02-reglas.md", "03-aclaraciones.md"],
    ("en", "rulebook"): ["01-introduction.md", "02-rules.md", "03-rulings.md"],
    ("es", "sheet"): ["01-reglas.md"],
    ("en", "sheet"): ["01-rules.md"],
}
SUBTITLE = {("es", "rulebook"): "Reglas del juego", ("en", "rulebook"): "Rules of play",
            ("es", "sheet"): "Hoja de reglas", ("en", "sheet"): "Rules sheet"}
AUTHOR = {"es": "Tu nombre", "en": "Your name"}


@dataclass(frozen=True)
class Scaffold:
    """What `rulebook new` makes: a book `name` in `language`, a `rulebook` or a `sheet`,
    with reference `cards` and a `deck` of the game's own cards if asked."""

    name: str
    language: str = "en"
    kind: str = "rulebook"
    cards: bool = False
    deck: bool = False  # a deck of the game's own cards, from decks/cards.csv

    def files(self) -> dict[str, str]:
        """Relative path → text of every file of the new book."""
        source = resources.files("generator.templates") / "scaffolds" / self.language
        chapters = CHAPTERS[self.language, self.kind]
        values = {
            "title": self.name.replace("-", " ").capitalize(),
            "subtitle": SUBTITLE[self.language, self.kind],
            "date": dt.date.today().isoformat(),
            "year": str(dt.date.today().year),  # book.yaml `rights: © <year> <author>.`
            "page_size": "A4" if self.kind == "sheet" else "A5",
            "layout": self.kind,  # book.yaml `layout`: rulebook or sheet
            "author": AUTHOR[self.language],
            "chapters": "\n".join(f"  - {c}" for c in chapters),
        }
        names = ["book.yaml", "components.yaml", "glossary.yaml"]
        if self.kind == "rulebook":
            names.append("rulings.yaml")
        if self.cards:
            names.append("print.yaml")
        names += [f"chapters/{c}" for c in chapters]
        if self.deck:
            names.append("decks/cards.csv")
        files = {name: Template(source.joinpath(name).read_text(encoding="utf-8"))
                 .substitute(values) for name in names}
        if self.deck:  # print.yaml's decks: after its cards, if any
            deck = Template(source.joinpath("deck.yaml").read_text(encoding="utf-8"))
            files["print.yaml"] = (files.get("print.yaml", "") + "\n" if self.cards else "") \
                + deck.substitute(values)
        return files

    def write(self, content: Path) -> list[Path]:
        """The book's folder under `content/`, every file written; refuses an existing one."""
        if not NAME.match(self.name):
            raise ScaffoldError(Location(content / self.name), f"'{self.name}' cannot name a book",
                                "lower-case letters, digits and hyphens, e.g. my-game")
        folder = content / self.name
        if folder.exists():
            raise ScaffoldError(Location(folder), "already exists",
                                "a new name (rulebook new never overwrites a book)")
        written = []
        for relative, text in self.files().items():
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            fmt = schema_for_file(relative)
            if fmt and relative.endswith(".yaml"):  # the project's copy: portable
                text = f"{modeline(fmt, target, project_schema(fmt, content))}\n{text}"
            target.write_text(text, encoding="utf-8")
            written.append(target)
        return written


def init_project(folder: Path) -> list[Path]:
    """A project folder: rulebook.toml and an empty content/ (output/ appears at the first
    build). Refuses a folder that already is a project."""
    marker = folder / MARKER
    if marker.exists():
        raise ScaffoldError(Location(marker), "this folder is already a rulebook project",
                            "rulebook new NAME to add a book to it")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "content").mkdir(exist_ok=True)
    marker.write_text(MARKER_TEXT, encoding="utf-8")
    ignore = folder / ".gitignore"
    if not ignore.exists():
        ignore.write_text("output/\n", encoding="utf-8")
    return [marker, folder / "content"]
