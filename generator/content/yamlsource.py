"""YAML files read with their node positions, so errors can point at a line.

PyYAML's plain `safe_load` forgets where each value came from; composing the node graph as
well lets a validation error found on the Python data (a pydantic `loc` tuple) be mapped back
to the line the user has to fix. The tree is also checked for what PyYAML lets pass and a book
must not hold: a key given twice, nesting past any book, aliases that expand to billions of
values.
"""

from __future__ import annotations

import pickle
import weakref
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

from generator.content.textfile import read_text
from generator.errors import ContentError, ContentErrors, Location
from generator.content.typos import SPELLED, typo_of
from generator.content.glyphs import PRINTABLE_TEXT, unprintable
from generator.content.limits import (MAX_YAML_BYTES, MAX_YAML_DEPTH, MAX_YAML_STRING,
                                      check_file_size)


@dataclass(frozen=True)
class YamlDocument:
    """The data of one YAML file and the node tree it was built from (`root`)."""

    file: Path
    data: Any
    root: yaml.Node | None

    def line_of(self, path: Iterable[str | int]) -> int | None:
        """1-based line of the deepest node that `path` reaches (a key, an index...)."""
        node = self.root
        if node is None:
            return None
        line = node.start_mark.line + 1
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


def read_yaml(file: Path) -> YamlDocument:
    """Parse `file`; a syntax error becomes a ContentError at the line PyYAML reports.

    A text read before in this process is not parsed again (`_parsed`), wherever it was
    read from: a translation reads the book's own files over again, `rulebook watch` every
    file of the book after each save, and a copy of a book is the same texts. The data is
    handed out as a fresh copy each time, so what a caller does with it never reaches the
    next reader."""
    check_file_size(file, MAX_YAML_BYTES, "YAML file")
    text = read_text(file)
    try:
        root, data = _parsed(text)
    except ContentError as exc:  # located in _TEXT: the same mistake, in this file
        if exc.location.file != _TEXT:
            raise
        raise ContentError(replace(exc.location, file=file), exc.message,
                           exc.expected) from None
    return YamlDocument(file, pickle.loads(data), root)


#: Where `_parse` places its errors: `read_yaml` names the file the text came from.
_TEXT = Path("<text>")


@lru_cache(maxsize=512)
def _parsed(text: str) -> tuple[yaml.Node | None, bytes]:
    """The node tree of `text` and its data, pickled (`_parse`), kept by text. A text with
    a mistake raises every time (an exception is not cached). The tree is shared by every
    reader; it is only ever read (`line_of`), and holds no file name (its marks name the
    text, not a file)."""
    return _parse(text)


def validate(doc: YamlDocument, model: Any, at: tuple[str | int, ...] = ()) -> Any:
    """Validate `doc.data` (or the part at `at`) against a pydantic model or type.

    Every entry's mistake is reported, one a place (`_places`): two missing fields of a
    glossary term and a wrong number three entries down are three lines of one
    `ContentErrors`. What pydantic says of the alternatives of one value (a step that is
    none of the kinds of step) is one mistake, the first alternative's, as one precise
    message beats a wall of consequences.
    """
    from pydantic import ValidationError
    data = doc.data
    for step in at:
        data = data[step]
    try:
        return _adapter(model).validate_python(data)
    except ValidationError as exc:
        found = _typos(_places(exc.errors(include_url=False), data))
        errors = [doc.error(at + tuple(error["loc"]), *_explain(error))
                  for error in found[:ContentErrors.MOST]]
        more = len(found) - len(errors)
        raise (errors[0] if len(found) == 1 else ContentErrors(errors, more)) from None


def _places(errors: list[dict], data: Any) -> list[dict]:
    """The first of pydantic's `errors` at each place of `data`: a place is how far an
    error's path goes into the data itself (a missing field: its name too), so the errors of
    one value's alternatives, whose paths go on with the names of the alternatives, are
    one."""
    kept: dict[tuple, dict] = {}
    for error in errors:
        place, node = (), data
        for step in error["loc"]:
            if isinstance(node, dict) and step in node or (
                    isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)):
                place, node = place + (step,), node[step]
            else:
                if error["type"] in ("missing", "missing_argument"):
                    place += (step,)
                break
        kept.setdefault(place, error)
    return list(kept.values())


_MISSING = ("missing", "missing_argument")
_UNKNOWN = ("extra_forbidden", "unexpected_keyword_argument")


def _typos(errors: list[dict]) -> list[dict]:
    """An unknown field that is a missing one mistyped (`titel:` where `title:` is wanted)
    is one mistake, said where the mistyped name stands, with the name meant."""
    missing: dict[tuple, list[str]] = {}  # a mapping's path → the fields missing from it
    for error in errors:
        if error["type"] in _MISSING and error["loc"] and isinstance(error["loc"][-1], str):
            missing.setdefault(error["loc"][:-1], []).append(error["loc"][-1])
    meant: dict[tuple, tuple] = {}
    said: set[tuple] = set()
    for error in errors:
        loc = error["loc"]
        if error["type"] in _UNKNOWN and loc and isinstance(loc[-1], str):
            name = next((name for name in missing.get(loc[:-1], ())
                         if typo_of(loc[-1], name) and (loc[:-1], name) not in said), None)
            if name is not None:
                meant[loc] = (loc[:-1], name)
                said.add(meant[loc])
    return [{**error, "meant": meant[error["loc"]][1]} if error["loc"] in meant else error
            for error in errors
            if not (error["type"] in _MISSING and (error["loc"][:-1], error["loc"][-1]) in said)]


#: What was worked out from a text before (`once_per_text`), kept with the text's node tree
#: (`_parsed` gives one tree a text): gone when the tree is.
_WORKED_OUT: "weakref.WeakKeyDictionary[yaml.Node, dict]" = weakref.WeakKeyDictionary()


def once_per_text(doc: YamlDocument, key: Any, work: Callable[[], Any]) -> Any:
    """`work()`, done once a text in this process, for what depends on the text alone and
    that no reader changes (a frozen model, a check that passed). The solo book's stored games
    (difficulty.yaml, some 3,000 lines) took half of each load of the book to validate and
    check for glyphs again, and a copy of the book, a translation, `rulebook watch` after
    each save read the same text. A text with a mistake raises every time (an exception is
    not kept), as `_parsed` does."""
    if doc.root is None:
        return work()
    kept = _WORKED_OUT.setdefault(doc.root, {})
    if key not in kept:
        kept[key] = work()
    return kept[key]


def validate_shared(doc: YamlDocument, model: Any) -> Any:
    """`validate(doc, model)` once a text (`once_per_text`): for a frozen model no reader
    changes."""
    return once_per_text(doc, model, lambda: validate(doc, model))


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
    if kind in _UNKNOWN and "meant" in error:
        return f"unknown field '{name}': did you mean '{error['meant']}'?", None
    if kind in _UNKNOWN and name in SPELLED:  # the formats spell as the books do
        return f"unknown field '{name}': did you mean '{SPELLED[name]}'?", None
    if kind in _UNKNOWN:
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
    if kind == "string_type" and isinstance(got, dict) and len(got) == 1:
        # `- Wild: name the next suit.` is a mapping to YAML: a colon and a space in a text
        key, value = next(iter(got.items()))
        return (f"'{key}: {value}' reads as a field and its value, not a text (YAML reads "
                "': ' that way)", "the text in quotes: \"…: …\"")
    if kind in _BOUNDS and "ctx" in error:
        limit = next(iter(error["ctx"].values()))
        limit = f"{limit:g}" if isinstance(limit, (int, float)) else str(limit)
        return f"invalid value {shown}: {_BOUNDS[kind]} {limit}", f"{_WITHIN[kind]} {limit}"
    return f"invalid value {shown}: {error['msg']}", None


#: What a number out of its bounds is, and what is expected of it, by pydantic's error type.
_BOUNDS = {"less_than_equal": "above the largest allowed,", "less_than": "not less than",
           "greater_than_equal": "below the smallest allowed,", "greater_than": "not more than"}
_WITHIN = {"less_than_equal": "at most", "less_than": "less than",
           "greater_than_equal": "at least", "greater_than": "more than"}


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


def _parse(text: str) -> tuple[yaml.Node | None, bytes]:
    """The node tree of `text` and its data, pickled: a copy of plain
    data (dicts, lists, strings, numbers, dates; one alias still one shared object) costs
    far less than a parse. A syntax error, a key given twice or a document past the limits
    is a ContentError at its line."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()  # one parse gives both the nodes and the data
        if root is not None:
            _check_nodes(root)
        data = _data(loader, root) if root is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise ContentError(Location(_TEXT, line), f"YAML syntax error: {problem}") from None
    except RecursionError:  # the parser's own recursion, before `_check_nodes` could count
        raise _too_deep(Location(_TEXT)) from None
    finally:
        loader.dispose()
    return root, pickle.dumps(data, pickle.HIGHEST_PROTOCOL)


def _data(loader: _Loader, root: yaml.Node) -> Any:
    """The data of `root`, as `loader.construct_document` gives it, for a third of its time:
    plain mappings, lists and texts (nearly all of a book) are built here directly, each
    scalar by its tag's constructor; anything else (merge keys `<<`, a key that is not a
    scalar, `!!set`, `!!omap`...) by the loader itself, with its own errors and marks. An
    alias is the same object as its anchor, as in PyYAML, and may contain itself."""
    constructors = loader.yaml_constructors
    made: dict[int, Any] = {}

    def build(node: yaml.Node) -> Any:
        kind, tag = node.__class__, node.tag
        if kind is yaml.ScalarNode:
            if tag == STR:
                return node.value
            constructor = constructors.get(tag)
            return (constructor(loader, node) if constructor is not None
                    else loader.construct_object(node, deep=True))  # its error, located
        known = made.get(id(node))
        if known is not None:
            return known
        if kind is yaml.SequenceNode and tag == SEQ:
            items = made[id(node)] = []
            for item in node.value:  # one frame a level: as deep as `_check_nodes` goes
                items.append(build(item))
            return items
        if kind is yaml.MappingNode and tag == MAP and all(
                key.__class__ is yaml.ScalarNode and key.tag not in (MERGE, VALUE)
                for key, _ in node.value):
            mapping = made[id(node)] = {}
            for key, value in node.value:
                mapping[build(key)] = build(value)
            return mapping
        made[id(node)] = data = loader.construct_object(node, deep=True)
        return data

    return build(root)


#: Values a file may hold once its aliases (`*name`) are expanded: YAML's "billion laughs"
#: (aliases of aliases of lists) would otherwise make validation walk billions of values.
MAX_VALUES = 1_000_000
MERGE = "tag:yaml.org,2002:merge"
VALUE = "tag:yaml.org,2002:value"
STR, SEQ, MAP, BOOL = (f"tag:yaml.org,2002:{kind}" for kind in ("str", "seq", "map", "bool"))


def _too_deep(where: Location) -> ContentError:
    return ContentError(where, f"lists and mappings nested more than {MAX_YAML_DEPTH} levels "
                        "deep", f"at most {MAX_YAML_DEPTH} levels")


def _check_nodes(root: yaml.Node) -> None:
    """A key given twice in one mapping is a mistake (PyYAML silently keeps the last one);
    so is a key YAML reads as true or false (`on:`, `yes:`), and a text holding a character
    no book may hold (`"\\x07"`, `"\\e[31m"`: escapes write what no line shows, glyphs.py);
    a document whose aliases expand past MAX_VALUES is refused. Every node is visited, so
    the walk keeps no path: the place of a mistake is found again once there is one."""
    sizes: dict[int, int] = {}  # collections walked: their values, aliases expanded

    def walk(node: yaml.Node, depth: int = 0) -> int:
        if depth > MAX_YAML_DEPTH:  # named by its line: a path that long says nothing
            raise _too_deep(Location(_TEXT, node.start_mark.line + 1))
        if node.__class__ is yaml.ScalarNode:
            if len(node.value) > MAX_YAML_STRING:  # see limits.py
                raise _error(root, node, node, f"a text of {len(node.value):,} "
                                   "characters", f"at most {MAX_YAML_STRING:,}")
            problem = unprintable(node.value)
            if problem:
                raise _error(root, node, node, f"{problem[1]} in the text", PRINTABLE_TEXT)
            return 1
        known = sizes.get(id(node))
        if known is not None:  # an alias: counted again, walked once
            return known
        sizes[id(node)] = 1  # a node that contains itself counts once
        total = 1
        if node.__class__ is yaml.MappingNode:
            pairs = node.value
            if len(pairs) > 1:
                seen: dict[tuple[str, str], yaml.Node] = {}
                for key, _ in pairs:
                    _check_key(root, node, key)
                    if key.__class__ is yaml.ScalarNode and key.tag != MERGE:
                        first = seen.setdefault((key.tag, key.value), key)
                        if first is not key:
                            raise _error(root, node, key, f"duplicate key '{key.value}' "
                                               f"(first at line {first.start_mark.line + 1})",
                                               "each key once")
            if len(pairs) == 1:
                _check_key(root, node, pairs[0][0])
            for key, value in pairs:
                total += walk(key, depth + 1) + walk(value, depth + 1)
        else:
            for item in node.value:
                total += walk(item, depth + 1)
        if total > MAX_VALUES:
            raise _error(root, node, node, f"the file holds more than {MAX_VALUES:,} "
                               "values once its aliases are expanded",
                               "aliases (*name) that repeat a little")
        sizes[id(node)] = total
        return total

    walk(root)


def _check_key(root: yaml.Node, mapping: yaml.Node, key: yaml.Node) -> None:
    """YAML 1.1 reads `yes`, `no`, `on`, `off`, `true` and `false` as a boolean, a key too: a
    parameter `on:` would be named `True`. No book's key is a boolean."""
    if key.__class__ is yaml.ScalarNode and key.tag == BOOL:
        reading = "true" if key.value.lower() in ("yes", "on", "true") else "false"
        raise _error(root, mapping, key, f"the key '{key.value}' reads as {reading} (YAML "
                           "takes yes, no, on, off, true and false for a yes/no value), not "
                           "as a name", f"the name in quotes ('{key.value}':) or another name")


def _error(root: yaml.Node, within: yaml.Node, at: yaml.Node, message: str,
           expected: str) -> ContentError:
    """A mistake at node `at`, named by the path of `within` (the mapping of a duplicate
    key, or the node itself)."""
    path = _path_to(root, within)
    return ContentError(Location(_TEXT, at.start_mark.line + 1,
                                 format_path(path or ()) or None), message, expected)


def _path_to(root: yaml.Node, target: yaml.Node) -> tuple | None:
    """The path (keys and indexes) by which `target` is first reached from `root`, the way
    the document reads; a key is named by its mapping's path."""
    seen: set[int] = set()

    def find(node: yaml.Node, path: tuple) -> tuple | None:
        if node is target:
            return path
        if id(node) in seen:
            return None
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                step = key.value if isinstance(key, yaml.ScalarNode) else "?"
                found = find(key, path)
                if found is None:
                    found = find(value, path + (step,))
                if found is not None:
                    return found
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                found = find(item, path + (index,))
                if found is not None:
                    return found
        return None

    return find(root, ())
