"""Where a content file's JSON Schema is, for the editor that validates it as it is typed.

The schemas (`generator/schemas/<name>.schema.json`) are shipped in the package; they are
written, with the reference pages of docs/reference/, by `scripts/make_reference.py` from the
content model (scripts/reference.py). A scaffolded YAML file names its schema in its first
line (`modeline`), so that an editor with the YAML language server checks and completes it.
"""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

from generator.content.model import LANGUAGES
from generator.core.files import read_bytes
from generator.errors import GeneratorError

SCHEMA_DIR = "schemas"           # inside the package: generator/schemas/

#: Each content file of a book folder → the name of its format (and schema file). A
#: translation's files are named as the English one's (`en/…`); an example or scenario file
#: is any YAML file in examples/ or scenarios/.
FILES: dict[str, str] = {
    "book.yaml": "book", "components.yaml": "components", "glossary.yaml": "glossary",
    "rulings.yaml": "rulings", "statements.yaml": "statements", "print.yaml": "print",
    "figures.yaml": "figures", "scores.yaml": "scores", "difficulty.yaml": "difficulty",
    "conformance.yaml": "conformance", "board.yaml": "board",
    **{f"en/{name}.yaml": f"edition-{name}" for name in (
        "book", "components", "glossary", "rulings", "statements", "figures", "print",
        "conformance", "examples")},
}
EXAMPLE = "example"


def schema_file_name(name: str) -> str:
    return f"{name}.schema.json"


def installed_schema(name: str):
    """The shipped schema file (a Traversable) for a format name: `installed_schema("rulings")`."""
    return resources.files("generator").joinpath(SCHEMA_DIR, schema_file_name(name))


def schema_for_file(relative: str) -> str | None:
    """The format name for a path inside a book folder (`rulings.yaml`, `examples/01-x.yaml`)."""
    parts = Path(relative).parts
    if len(parts) == 2 and parts[0] in ("examples", "scenarios") and parts[1].endswith(".yaml"):
        return EXAMPLE
    if len(parts) == 2 and parts[0] in LANGUAGES:  # a translation's file (documented as en/)
        relative = f"en/{parts[1]}"
    return FILES.get(Path(relative).as_posix())


def modeline(name: str, yaml_file: Path, schema: Path | None = None) -> str:
    """The first line a YAML file can carry so that editors using the YAML language server
    validate and complete it: `# yaml-language-server: $schema=<path>`, the path relative to
    the file, of `schema` (a project's copy, `project_schema`) or else of the schema as
    installed with the package (this repository's own books)."""
    target = schema if schema is not None else Path(str(installed_schema(name)))
    relative = os.path.relpath(Path(target).resolve(), Path(yaml_file).resolve().parent)
    return f"# yaml-language-server: $schema={Path(relative).as_posix()}"


#: Where `rulebook new` keeps the schemas its files name: in the project's content folder,
#: beside its books (`_`: not a book, as `_facts`), so that a book names its schemas by a
#: path that holds wherever the project is cloned, whatever the program's install (a path
#: into this machine's site-packages breaks on any other).
PROJECT_SCHEMAS = "_schemas"
#: A project's copy of a schema says who wrote it: only such a copy is ever rewritten.
WRITTEN_BY = ("written by `rulebook new` from the program's own schema; it rewrites this "
              "file when the program's formats change (remove this line to keep it as it is)")


def project_schema(name: str, content: Path) -> Path:
    """The project's copy of the schema of format `name` (`content/_schemas/`), written if
    missing or if it is an older copy this program wrote (`WRITTEN_BY`); any other file
    there is the designer's, and is left as it is."""
    from generator.core.output import write_atomically
    target = content / PROJECT_SCHEMAS / schema_file_name(name)
    shipped = json.loads(installed_schema(name).read_text(encoding="utf-8"))
    data = (json.dumps({"$comment": WRITTEN_BY, **shipped}, ensure_ascii=False, indent=2)
            + "\n").encode("utf-8")
    if target.exists() or target.is_symlink():
        try:  # (a link is not followed: what it points at is not this program's)
            held = read_bytes(target, 4 * len(data), follow=False)
            theirs = json.loads(held)
        except (GeneratorError, OSError, ValueError):
            return target
        if held == data or not isinstance(theirs, dict) \
                or theirs.get("$comment") != WRITTEN_BY:
            return target
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, data)
    return target
