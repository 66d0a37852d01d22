"""The project: the folder a designer works in, found from where they stand.

Like Typst or mkdocs, `rulebook` works on the folder you are in: it walks up from the working
directory to the first folder that holds a `rulebook.toml` (or, for a project without one, a
`content/` folder with at least one book). Books live in its `content/`, outputs go to its
`output/`; `rulebook.toml` may name other folders. Nothing is found relative to the installed
package, so a wheel installed anywhere builds the user's books, not ours.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from generator.core.output import overlap
from generator.content.textfile import read_text
from generator.errors import Location, ProjectError
from generator.core.files import present

MARKER = "rulebook.toml"

#: What `rulebook init` writes: the defaults, spelled out so a reader sees what can change.
MARKER_TEXT = """\
# A rulebook project: `rulebook` run here or in any folder below works on it.
# Books are folders under `content` (each with a book.yaml); builds go to `output`.
# Both are relative to this file and must stay inside this folder.
content = "content"
output = "output"
"""


@dataclass(frozen=True)
class Project:
    root: Path
    content: Path
    output: Path

    @classmethod
    def at(cls, root: Path) -> Project:
        """The project whose root is `root`, with the folders its rulebook.toml names."""
        marker = root / MARKER
        settings: dict = {}
        if present(marker):  # a pipe is refused by read_text, before it is opened
            try:
                settings = tomllib.loads(read_text(marker))
            except tomllib.TOMLDecodeError as exc:
                raise ProjectError(Location(marker), f"not TOML ({exc})",
                                   "lines such as: content = \"content\"") from None
        unknown = sorted(set(settings) - {"content", "output"})
        if unknown:
            raise ProjectError(Location(marker), f"unknown setting '{unknown[0]}'",
                               "only content and output")
        content = _folder(settings, "content", root, marker)
        output = _folder(settings, "output", root, marker)
        relation = overlap(output, content)
        if relation:  # a build would write over the books (core/output.py)
            raise ProjectError(Location(marker), f"output = {str(settings.get('output'))!r} "
                               f"{relation} the content folder", "an output folder apart "
                               "from the books, e.g. output = \"output\"")
        return cls(root, content, output)


def _folder(settings: dict, key: str, root: Path, marker: Path) -> Path:
    value = settings.get(key, key)
    if not isinstance(value, str) or not value.strip():
        raise ProjectError(Location(marker), f"{key} = {value!r}",
                           f"a folder name in quotes, e.g. {key} = \"{key}\"")
    folder = (root / value).resolve()
    if not folder.is_relative_to(root.resolve()):
        raise ProjectError(Location(marker), f"{key} = {value!r} is outside the project",
                           "a folder inside the folder of rulebook.toml")
    return folder


def _has_books(content: Path) -> bool:
    try:
        return any(present(child / "book.yaml") for child in content.iterdir())
    except OSError:
        return False


def find_project(start: Path | None = None) -> Project | None:
    """The nearest project at or above `start` (the working directory), or None."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if present(folder / MARKER):
            return Project.at(folder)
        if _has_books(folder / "content"):
            return Project.at(folder)
    return None
