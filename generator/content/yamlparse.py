"""Parsing a YAML text: its node tree, for the lines of errors, and its data.

PyYAML (with libyaml's parser) composes the nodes once; the data is built from them here
(`_data`), and the tree is checked for what PyYAML lets pass and a book must not hold: a key
given twice, nesting past any book, aliases that expand to billions of values. Kept apart
from yamlsource.py so that a process that parses nothing itself never imports PyYAML: a
`rulebook check` whose files a forked copy parsed (prefetch.py), unless an error's line or a
check of the nodes themselves (a family's vocabulary, vocabulary.py) asks for a tree.
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import yaml

from ..errors import ContentError, Location
from .glyphs import PRINTABLE_TEXT, unprintable
from .limits import MAX_YAML_DEPTH, MAX_YAML_STRING
from .yamlsource import format_path


#: Tags PyYAML's resolver gave, by (node kind, text, implicit flags): see `_Loader.resolve`.
_TAGS: dict[tuple, str] = {}
MAX_TAGS = 100_000
MAX_TAGGED = 64  # characters: numbers, booleans, dates, ids


# libyaml's parser when PyYAML was built with it (its wheels are), else the pure-Python one.
class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """A date that does not exist (2026-02-30) stays text, for the model to refuse at its
    line and path, instead of stopping PyYAML with a bare ValueError.

    The tag of each value (`20` an int, `false` a bool, `exhausted` a string) is PyYAML's
    resolver's, remembered: it depends on the text and its quoting alone (this loader has
    no path resolvers), and it was the slowest part of composing a file of many numbers and
    flags."""

    def resolve(self, kind, value, implicit):
        if value is not None and len(value) > MAX_TAGGED:  # prose: a string, not worth keeping
            return super().resolve(kind, value, implicit)
        key = (kind, value, implicit)
        tag = _TAGS.get(key)
        if tag is None:
            if len(_TAGS) >= MAX_TAGS:
                _TAGS.clear()
            tag = _TAGS[key] = super().resolve(kind, value, implicit)
        return tag

    def descend_resolver(self, current_node, current_index):
        """No path resolvers: nothing to follow down the document."""

    def ascend_resolver(self):
        """No path resolvers: nothing to follow back up."""


assert not _Loader.yaml_path_resolvers  # what `resolve`'s memory relies on


def _timestamp(loader, node):
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except ValueError:
        return loader.construct_scalar(node)


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)


def parse(file: str, text: str) -> tuple[yaml.Node | None, bytes]:
    """The node tree of `text` (read from `file`) and its data, pickled: a copy of plain
    data (dicts, lists, strings, numbers, dates; one alias still one shared object) costs
    far less than a parse. A syntax error, a key given twice or a document past the limits
    is a ContentError at its line."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()  # one parse gives both the nodes and the data
        if root is not None:
            _check_nodes(Path(file), root)
        data = _data(loader, root) if root is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise ContentError(Location(Path(file), line), f"YAML syntax error: {problem}") from None
    except RecursionError:  # the parser's own recursion, before `_check_nodes` could count
        raise _too_deep(Location(Path(file))) from None
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


def _check_nodes(file: Path, root: yaml.Node) -> None:
    """A key given twice in one mapping is a mistake (PyYAML silently keeps the last one);
    so is a key YAML reads as true or false (`on:`, `yes:`), and a text holding a character
    no book may hold (`"\\x07"`, `"\\e[31m"`: escapes write what no line shows, glyphs.py);
    a document whose aliases expand past MAX_VALUES is refused. Every node is visited, so
    the walk keeps no path: the place of a mistake is found again once there is one."""
    sizes: dict[int, int] = {}  # collections walked: their values, aliases expanded

    def walk(node: yaml.Node, depth: int = 0) -> int:
        if depth > MAX_YAML_DEPTH:  # named by its line: a path that long says nothing
            raise _too_deep(Location(file, node.start_mark.line + 1))
        if node.__class__ is yaml.ScalarNode:
            if len(node.value) > MAX_YAML_STRING:  # see limits.py
                raise _error(file, root, node, node, f"a text of {len(node.value):,} "
                             "characters", f"at most {MAX_YAML_STRING:,}")
            problem = unprintable(node.value)
            if problem:
                raise _error(file, root, node, node, f"{problem[1]} in the text", PRINTABLE_TEXT)
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
                    _check_key(file, root, node, key)
                    if key.__class__ is yaml.ScalarNode and key.tag != MERGE:
                        first = seen.setdefault((key.tag, key.value), key)
                        if first is not key:
                            raise _error(file, root, node, key, f"duplicate key '{key.value}' "
                                         f"(first at line {first.start_mark.line + 1})",
                                         "each key once")
            if len(pairs) == 1:
                _check_key(file, root, node, pairs[0][0])
            for key, value in pairs:
                total += walk(key, depth + 1) + walk(value, depth + 1)
        else:
            for item in node.value:
                total += walk(item, depth + 1)
        if total > MAX_VALUES:
            raise _error(file, root, node, node, f"the file holds more than {MAX_VALUES:,} "
                         "values once its aliases are expanded",
                         "aliases (*name) that repeat a little")
        sizes[id(node)] = total
        return total

    walk(root)


def _check_key(file: Path, root: yaml.Node, mapping: yaml.Node, key: yaml.Node) -> None:
    """YAML 1.1 reads `yes`, `no`, `on`, `off`, `true` and `false` as a boolean, a key too: a
    parameter `on:` would be named `True`. No book's key is a boolean."""
    if key.__class__ is yaml.ScalarNode and key.tag == BOOL:
        reading = "true" if key.value.lower() in ("yes", "on", "true") else "false"
        raise _error(file, root, mapping, key, f"the key '{key.value}' reads as {reading} (YAML "
                     "takes yes, no, on, off, true and false for a yes/no value), not as a name",
                     f"the name in quotes ('{key.value}':) or another name")


def _error(file: Path, root: yaml.Node, within: yaml.Node, at: yaml.Node, message: str,
           expected: str) -> ContentError:
    """A mistake at node `at`, named by the path of `within` (the mapping of a duplicate
    key, or the node itself)."""
    path = _path_to(root, within)
    return ContentError(Location(file, at.start_mark.line + 1, format_path(path or ()) or None),
                        message, expected)


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
