"""YAML files read with their node positions, so errors can point at a line.

PyYAML's plain `safe_load` forgets where each value came from; composing the node graph as
well lets a validation error found on the Python data (a pydantic `loc` tuple) be mapped back
to the line the user has to fix. The parsing itself is yamlparse.py's.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from .textfile import read_text
from ..errors import ContentError, Location
from .limits import MAX_YAML_BYTES, check_file_size

if TYPE_CHECKING:
    import yaml


class Nodes:
    """The node tree of a YAML text, composed when first asked for: the data of a text
    parsed ahead (prefetch.py) is used without it, and only an error's line, or a check
    that reads the nodes themselves, needs the tree."""

    def __init__(self, file: str, text: str):
        self.file, self.text = file, text

    @property
    def root(self) -> yaml.Node | None:
        return _parsed(self.file, self.text)[0]


@dataclass(frozen=True)
class YamlDocument:
    """The data of one YAML file and the node tree it was built from (`nodes`)."""

    file: Path
    data: Any
    nodes: Nodes

    @property
    def root(self) -> yaml.Node | None:
        return self.nodes.root

    def line_of(self, path: Iterable[str | int]) -> int | None:
        """1-based line of the deepest node that `path` reaches (a key, an index...)."""
        node = self.root
        if node is None:
            return None
        from yaml import MappingNode, SequenceNode  # the tree's own classes: it was parsed
        line = node.start_mark.line + 1
        for step in path:
            if isinstance(node, MappingNode):
                for key, value in node.value:
                    if key.value == step:
                        node = value
                        # A missing value (`key:` alone) starts on the key's line.
                        line = (value.start_mark.line if value.tag != "tag:yaml.org,2002:null"
                                else key.start_mark.line) + 1
                        break
                else:
                    return line
            elif isinstance(node, SequenceNode) and isinstance(step, int):
                if 0 <= step < len(node.value):
                    node = node.value[step]
                    line = node.start_mark.line + 1
                else:
                    return line
            else:
                return line
        return line

    def location(self, path: Iterable[str | int] = ()) -> Location:
        path = list(path)
        return Location(self.file, self.line_of(path), format_path(path) or None)

    def error(self, path: Iterable[str | int], message: str, expected: str | None = None) -> ContentError:
        return ContentError(self.location(path), message, expected)


def format_path(path: Iterable[str | int]) -> str:
    """`('buildings', 2, 'cost')` → `buildings[2].cost`, the way a reader names a place."""
    text = ""
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
        else:
            text += ("." if text else "") + str(step)
    return text


def read_yaml(file: Path) -> YamlDocument:
    """Parse `file`; a syntax error becomes a ContentError at the line PyYAML reports.

    A text read before in this process is not parsed again (`_parsed`): a translation reads
    the book's own files over again, and `rulebook watch` every file of the book after each
    save. The data is handed out as a fresh copy each time, so what a caller does with it
    never reaches the next reader."""
    check_file_size(file, MAX_YAML_BYTES, "YAML file")
    text = read_text(file)
    data = _PARSED_AHEAD.get(text) or _parsed(str(file), text)[1]
    return YamlDocument(file, pickle.loads(data), Nodes(str(file), text))


#: The data of texts parsed ahead (prefetch.py), pickled as `_parsed` keeps it, by text.
_PARSED_AHEAD: dict[str, bytes] = {}


def parsed_ahead(parsed: dict[str, bytes]) -> None:
    """Remember the data of texts parsed ahead by a copy of this process (prefetch.py),
    with the same parser and the same checks as `_parsed`."""
    _PARSED_AHEAD.update(parsed)


def parsed_data(file: Path, text: str) -> bytes:
    """The data of `text` (read from `file`), pickled, as `read_yaml` keeps it; a syntax
    error or a file past the limits is its ContentError."""
    return _parsed(str(file), text)[1]


@lru_cache(maxsize=512)
def _parsed(file: str, text: str) -> tuple[yaml.Node | None, bytes]:
    """The node tree of `text` and its data, pickled (yamlparse.parse), kept by text: a
    translation reads the book's own files again, `rulebook watch` every file after each
    save. A file with a mistake raises every time (an exception is not cached). The tree is
    shared by every reader; it is only ever read (`line_of`)."""
    from .yamlparse import parse  # PyYAML only once a text is parsed here (prefetch.py)
    return parse(file, text)


def validate(doc: YamlDocument, model: Any, at: tuple[str | int, ...] = ()) -> Any:
    """Validate `doc.data` (or the part at `at`) against a pydantic model or type.

    Only the first problem is reported: one precise message beats a wall of consequences.
    """
    from pydantic import ValidationError  # here: parsing alone needs no pydantic (prefetch.py)
    data = doc.data
    for step in at:
        data = data[step]
    try:
        return _adapter(model).validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = at + tuple(first["loc"])
        raise doc.error(loc, *_explain(first)) from None


@cache
def _adapter(model: Any):
    """Building a validator is far slower than running it: build each one once."""
    from pydantic import TypeAdapter
    return TypeAdapter(model)


def _explain(error: dict) -> tuple[str, str | None]:
    kind = error["type"]
    loc = error["loc"]
    name = loc[-1] if loc else "value"
    if kind in ("missing", "missing_argument"):
        return f"missing field '{name}'", None
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return f"unknown field '{name}'", "only the fields this file's format documents"
    if kind in ("dataclass_type", "model_type", "dict_type"):
        return "expected a mapping of fields", None
    got = error.get("input")
    shown = repr(got) if not isinstance(got, (dict, list)) else type(got).__name__
    if kind == "value_error":  # a validator of the model: its own words
        text = str(error["ctx"]["error"]) if "ctx" in error else error["msg"]
        if "; expected " in text:
            message, expected = text.split("; expected ", 1)
            return message, expected
        return f"invalid value {shown}: {text}", None
    if kind.startswith("date"):
        return f"invalid value {shown}: {error['msg']}", "a real date as YYYY-MM-DD"
    if kind in ("finite_number",):
        return f"invalid value {shown}: {error['msg']}", "a finite number"
    return f"invalid value {shown}: {error['msg']}", None
