"""Where a content file's JSON Schema is, for the editor that validates it as it is typed.

The schemas (`generator/schemas/<name>.schema.json`) are shipped in the package; they are
written, with the reference pages of docs/reference/, by `scripts/make_reference.py` from the
content model (scripts/reference.py). A scaffolded YAML file names its schema in its first
line (`modeline`), so that an editor with the YAML language server checks and completes it.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from generator.content.model import LANGUAGES

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


def modeline(name: str, yaml_file: Path) -> str:
    """The first line a scaffolded YAML file can carry so that editors using the YAML
    language server validate and complete it: `# yaml-language-server: $schema=<path>`, the
    path relative to the file (the schema as installed with the package)."""
    target = Path(str(installed_schema(name)))
    relative = os.path.relpath(target, Path(yaml_file).resolve().parent)
    return f"# yaml-language-server: $schema={Path(relative).as_posix()}"
