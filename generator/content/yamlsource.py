"""YAML files read with their node positions, so errors can point at a line.

PyYAML's plain `safe_load` forgets where each value came from; composing the node graph as
well lets a validation error found on the Python data (a pydantic `loc` tuple) be mapped back
to the line the user has to fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterable

import yaml
from pydantic import TypeAdapter, ValidationError

from .textfile import read_text
from ..errors import ContentError, Location
from .limits import MAX_YAML_BYTES, MAX_YAML_STRING, check_file_size


@dataclass(frozen=True)
class YamlDocument:
    """The data of one YAML file and the node tree it was built from."""

    file: Path
    data: Any
    root: yaml.Node | None

    def line_of(self, path: Iterable[str | int]) -> int | None:
        """1-based line of the deepest node that `path` reaches (a key, an index...)."""
        node = self.root
        line = node.start_mark.line + 1 if node is not None else None
        for step in path:
            if isinstance(node, yaml.MappingNode):
                for key, value in node.value:
                    if key.value == step:
                        node = value
                        # A missing value (`key:` alone) starts on the key's line.
                        line = (value.start_mark.line if value.tag != "tag:yaml.org,2002:null"
                                else key.start_mark.line) + 1
                        break
                else:
                    return line
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
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


# libyaml's parser when PyYAML was built with it (its wheels are), else the pure-Python one.
class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """A date that does not exist (2026-02-30) stays text, for the model to refuse at its
    line and path, instead of stopping PyYAML with a bare ValueError."""


def _timestamp(loader, node):
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except ValueError:
        return loader.construct_scalar(node)


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)


def read_yaml(file: Path) -> YamlDocument:
    """Parse `file`; a syntax error becomes a ContentError at the line PyYAML reports."""
    check_file_size(file, MAX_YAML_BYTES, "YAML file")
    text = read_text(file)
    loader = _Loader(text)
    try:
        root = loader.get_single_node()  # one parse gives both the nodes and the data
        if root is not None:
            _check_nodes(file, root)
        data = loader.construct_document(root) if root is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise ContentError(Location(file, line), f"YAML syntax error: {problem}") from None
    finally:
        loader.dispose()
    return YamlDocument(file, data, root)


#: Values a file may hold once its aliases (`*name`) are expanded: YAML's "billion laughs"
#: (aliases of aliases of lists) would otherwise make validation walk billions of values.
MAX_VALUES = 1_000_000
MERGE = "tag:yaml.org,2002:merge"


def _check_nodes(file: Path, root: yaml.Node) -> None:
    """A key given twice in one mapping is a mistake (PyYAML silently keeps the last one);
    a document whose aliases expand past MAX_VALUES is refused."""
    sizes: dict[int, int] = {}

    def walk(node: yaml.Node, path: tuple) -> int:
        if id(node) in sizes:  # an alias: counted again, walked once
            return sizes[id(node)]
        sizes[id(node)] = 1  # a node that contains itself counts once
        total = 1
        if isinstance(node, yaml.MappingNode):
            seen: dict[tuple[str, str], yaml.Node] = {}
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.tag != MERGE:
                    first = seen.setdefault((key.tag, key.value), key)
                    if first is not key:
                        raise ContentError(
                            Location(file, key.start_mark.line + 1, format_path(path) or None),
                            f"duplicate key '{key.value}' (first at line "
                            f"{first.start_mark.line + 1})", "each key once")
                step = key.value if isinstance(key, yaml.ScalarNode) else "?"
                total += walk(key, path) + walk(value, path + (step,))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                total += walk(item, path + (index,))
        elif len(node.value) > MAX_YAML_STRING:  # a scalar: see limits.py
            raise ContentError(Location(file, node.start_mark.line + 1, format_path(path) or None),
                               f"a text of {len(node.value):,} characters",
                               f"at most {MAX_YAML_STRING:,}")
        if total > MAX_VALUES:
            raise ContentError(Location(file, node.start_mark.line + 1, format_path(path) or None),
                               f"the file holds more than {MAX_VALUES:,} values once its "
                               "aliases are expanded", "aliases (*name) that repeat a little")
        sizes[id(node)] = total
        return total

    walk(root, ())


def validate(doc: YamlDocument, model: Any, at: tuple[str | int, ...] = ()) -> Any:
    """Validate `doc.data` (or the part at `at`) against a pydantic model or type.

    Only the first problem is reported: one precise message beats a wall of consequences.
    """
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
def _adapter(model: Any) -> TypeAdapter:
    """Building a validator is far slower than running it: build each one once."""
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
        return f"invalid value {shown}: {error['msg']}", "a number of millimetres"
    return f"invalid value {shown}: {error['msg']}", None
