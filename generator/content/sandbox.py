"""The Jinja environment that runs the templates written in a book's content.

Chapters, rulings, statements and card lines are templates written by whoever wrote the
book, and building someone else's book must never run their code. So they run in Jinja's
sandbox (`ImmutableSandboxedEnvironment`: no `_private` or internal attributes, no calls to
anything marked unsafe, no changes to lists, dicts or sets) and within bounds on what they may
compute, so that a template cannot exhaust memory or time either:

- the template language itself: no macros, call blocks, recursive loops, includes, imports,
  inheritance, blocks, `{% filter %}` or `{% set %}…{% endset %}` blocks (nothing a rule book
  needs; they are what recursion and unbounded buffers are made of);
- `range()` gives at most `MAX_RANGE` numbers, and all the loops of one render together run
  at most `MAX_ITERATIONS` times;
- `*`, `**`, `+` and `~` refuse results longer than `MAX_SIZE` characters or items (or
  integers over `MAX_INT_BITS` bits), and string formatting (`%`, `.format`) is refused;
- only filters that cannot blow a value up are available (`FILTERS`);
- all the values one render makes come to at most `MAX_MADE` characters or items; its
  output is at most `MAX_OUTPUT` characters, and it stops after `MAX_SECONDS`.

Anything refused raises `jinja2.exceptions.SecurityError`, which the prose module reports as
one located line: the file, the line, what was refused.
"""

from __future__ import annotations

import threading
import time
import types
from typing import Any, Iterable, Iterator

from jinja2 import StrictUndefined, nodes, pass_eval_context
from jinja2.exceptions import SecurityError, TemplateSyntaxError
from jinja2.filters import FILTERS as ALL_FILTERS, make_attrgetter
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

#: Numbers a single `range()` may give.
MAX_RANGE = 10_000
#: Loop iterations in one render (nested renders, such as a ruling's text inside the
#: chapter that prints it, count against their outermost render).
MAX_ITERATIONS = 100_000
#: Characters of a string, or items of a list, that one operation may produce.
MAX_SIZE = 1_000_000
#: Characters a render may output (the longest chapter today is about 25,000).
MAX_OUTPUT = 2_000_000
#: Characters or items that the operations of one render may make in all (so that many
#: values each under MAX_SIZE cannot add up to gigabytes).
MAX_MADE = 20_000_000
#: Bits of an integer that `*`, `**` or `+` may produce.
MAX_INT_BITS = 4_096
#: Seconds a render may take, checked at every loop step and call.
MAX_SECONDS = 10.0

#: Filters that cannot turn a small value into a huge one (no `center`, `indent`, `wordwrap`,
#: `format`, `replace`, `batch`, `slice`, `filesizeformat`, `urlize`, `xmlattr`, `tojson`,
#: `pprint` or `random`).
FILTERS = ("abs", "attr", "capitalize", "count", "d", "default", "dictsort", "e", "escape",
           "first", "float", "groupby", "int", "items", "join", "last", "length", "list",
           "lower", "map", "max", "min", "reject", "rejectattr", "reverse", "round",
           "select", "selectattr", "sort", "string", "striptags", "sum", "title", "trim",
           "truncate", "unique", "upper", "wordcount")

#: Template statements refused, with the words an error names them by.
REFUSED_NODES = {
    nodes.Macro: "{% macro %}", nodes.CallBlock: "{% call %}", nodes.Include: "{% include %}",
    nodes.Import: "{% import %}", nodes.FromImport: "{% from … import %}",
    nodes.Extends: "{% extends %}", nodes.Block: "{% block %}",
    nodes.FilterBlock: "{% filter %}", nodes.AssignBlock: "{% set %}…{% endset %}",
    nodes.NSRef: "namespace assignment", nodes.EvalContextModifier: "{% autoescape %}",
}


class _Budget:
    """What one render (with the renders nested in it) has left to spend."""

    def __init__(self) -> None:
        self.iterations = MAX_ITERATIONS
        self.made = MAX_MADE
        self.deadline = time.monotonic() + MAX_SECONDS

    def make(self, size: int) -> None:
        self.made -= size
        if self.made < 0:
            raise SecurityError(f"the template made more than {MAX_MADE:,} characters or "
                                "items of values in one render")

    def tick(self, steps: int = 0) -> None:
        self.iterations -= steps
        if self.iterations < 0:
            raise SecurityError(f"more than {MAX_ITERATIONS:,} loop steps in one render")
        if time.monotonic() > self.deadline:
            raise SecurityError(f"the template ran for more than {MAX_SECONDS:g} seconds")


_local = threading.local()


def _budget() -> _Budget:
    budget = getattr(_local, "budget", None)
    if budget is None:  # a template used outside `render` (compile-time folding): fresh bounds
        budget = _Budget()
    return budget


def _size(value: Any) -> int:
    return len(value) if isinstance(value, (str, list, tuple)) else 0


def _check_size(value: Any, what: str) -> Any:
    if _size(value) > MAX_SIZE:
        raise SecurityError(f"{what} would make a value of {_size(value):,} characters or "
                            f"items (at most {MAX_SIZE:,})")
    _budget().make(_size(value))
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise SecurityError(f"{what} would make a number of {value.bit_length():,} bits "
                            f"(at most {MAX_INT_BITS:,})")
    return value


def bounded_range(*args: int) -> range:
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise SecurityError(f"range() of {len(numbers):,} numbers (at most {MAX_RANGE:,})")
    return numbers


@pass_eval_context
def _bounded_join(eval_ctx: Any, value: Iterable[Any], d: str = "",
                  attribute: Any = None) -> str:
    """Jinja's `join`, refusing a result longer than `MAX_SIZE` before making it."""
    items = list(value)
    if attribute is not None:
        items = list(map(make_attrgetter(eval_ctx.environment, attribute), items))
    texts = [str(item) for item in items]
    size = sum(len(t) for t in texts) + len(str(d)) * max(len(texts) - 1, 0)
    if size > MAX_SIZE:
        raise SecurityError(f"join would make a value of {size:,} characters "
                            f"(at most {MAX_SIZE:,})")
    _budget().make(size)
    return str(d).join(texts)


class _Bounds(NodeTransformer):
    """Refuses the statements content has no use for; routes loops and `~` through checks."""

    def __init__(self, env: "ContentEnvironment", name: str | None, filename: str | None):
        self.env = env
        self.name = name
        self.filename = filename

    def _refuse(self, node: nodes.Node, what: str) -> None:
        raise TemplateSyntaxError(f"{what} is not allowed in book content", node.lineno,
                                  self.name, self.filename)

    def generic_visit(self, node: nodes.Node, *args: Any, **kwargs: Any) -> nodes.Node:
        for kind, words in REFUSED_NODES.items():
            if isinstance(node, kind):
                self._refuse(node, words)
        return super().generic_visit(node, *args, **kwargs)

    def _call(self, name: str, args: list[nodes.Expr], lineno: int) -> nodes.Call:
        call = nodes.Call(nodes.EnvironmentAttribute(name), args, [], None, None)
        call.set_lineno(lineno)
        call.set_environment(self.env)
        return call

    def visit_For(self, node: nodes.For) -> nodes.Node:
        if node.recursive:
            self._refuse(node, "a recursive loop")
        node = self.generic_visit(node)
        node.iter = self._call("bounded_iter", [node.iter], node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        node = self.generic_visit(node)
        return self._call("bounded_concat", list(node.nodes), node.lineno)


class ContentEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox, bounded: see the module's docstring."""

    intercepted_binops = frozenset(["*", "**", "+", "%"])

    def __init__(self, **options: Any) -> None:
        super().__init__(undefined=StrictUndefined, **options)
        for name in ("lipsum", "namespace"):  # lorem ipsum of any length; mutable state
            self.globals.pop(name, None)
        self.globals["range"] = bounded_range
        self.filters = {name: ALL_FILTERS[name] for name in FILTERS}
        self.filters["join"] = _bounded_join

    # --- the template's source --------------------------------------------------------

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        return _Bounds(self, name, filename).visit(tree)

    # --- what a template does while it runs ----------------------------------------------

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "%" and isinstance(left, str):
            raise SecurityError("string formatting with % is not available; the book's "
                                "helpers (decimal, percent, count) format numbers")
        if operator == "**" and isinstance(left, int) and isinstance(right, int):
            if right > 0 and abs(left) > 1 and left.bit_length() * right > MAX_INT_BITS:
                raise SecurityError(f"{left} ** {right} is too large a number")
        if operator == "*":
            for sequence, times in ((left, right), (right, left)):
                if isinstance(sequence, (str, list, tuple)) and isinstance(times, int):
                    if len(sequence) * times > MAX_SIZE:
                        raise SecurityError(f"repeating a value {times:,} times would make "
                                            f"{len(sequence) * times:,} characters or items "
                                            f"(at most {MAX_SIZE:,})")
            if isinstance(left, int) and isinstance(right, int) and \
                    left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise SecurityError("the product is too large a number")
        if operator == "+" and _size(left) + _size(right) > MAX_SIZE:
            raise SecurityError(f"joining values would make {_size(left) + _size(right):,} "
                                f"characters or items (at most {MAX_SIZE:,})")
        _budget().tick()
        return _check_size(super().call_binop(context, operator, left, right), operator)

    def wrap_str_format(self, value: Any) -> Any:
        if super().wrap_str_format(value) is None:
            return None

        def refused(*args: Any, **kwargs: Any) -> str:
            raise SecurityError("str.format is not available; the book's helpers (decimal, "
                                "percent, count) format numbers")
        return refused

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        _budget().tick()
        if isinstance(__obj, types.BuiltinMethodType) and \
                isinstance(getattr(__obj, "__self__", None), (str, list, tuple)):
            for argument in (*args, *kwargs.values()):
                if isinstance(argument, int) and abs(argument) > MAX_SIZE:
                    raise SecurityError(f"{__obj.__name__}() with {argument:,} "
                                        f"(at most {MAX_SIZE:,})")
            if __obj.__name__ in ("join", "replace") and isinstance(__obj.__self__, str):
                _precheck_str(__obj.__name__, __obj.__self__, args)
        result = super().call(__context, __obj, *args, **kwargs)
        return _check_size(result, f"{getattr(__obj, '__name__', 'the call')}()")

    # --- called by the code `_Bounds` inserted ----------------------------------------------

    def bounded_iter(self, iterable: Any) -> Iterator[Any]:
        budget = _budget()
        for item in iterable:
            budget.tick(1)
            yield item

    def bounded_concat(self, *values: Any) -> str:
        texts = [str(v) for v in values]
        size = sum(len(t) for t in texts)
        if size > MAX_SIZE:
            raise SecurityError(f"~ would make a value of {size:,} characters "
                                f"(at most {MAX_SIZE:,})")
        _budget().make(size)
        return "".join(texts)

    # --- rendering ---------------------------------------------------------------------------

    def render_bounded(self, template: Any, context: dict[str, Any]) -> str:
        """Render within the bounds; a nested render shares its outermost render's budget."""
        outermost = getattr(_local, "budget", None) is None
        if outermost:
            _local.budget = _Budget()
        try:
            parts, size = [], 0
            pieces = template.generate(**context)
            for part in pieces:
                size += len(part)
                if size > MAX_OUTPUT:
                    line = _suspended_line(pieces, template)
                    pieces.close()
                    raise OutputTooLong(f"the text would be longer than {MAX_OUTPUT:,} "
                                        "characters", line)
                parts.append(part)
            return "".join(parts)
        finally:
            if outermost:
                _local.budget = None


class OutputTooLong(SecurityError):
    """A render's output past `MAX_OUTPUT`, at the template line that was writing it."""

    def __init__(self, message: str, lineno: int | None):
        super().__init__(message)
        self.lineno = lineno


def _suspended_line(generator: Any, template: Any) -> int | None:
    """The template line where a rendering generator stands (its innermost frame)."""
    while getattr(generator, "gi_yieldfrom", None) is not None:
        generator = generator.gi_yieldfrom
    frame = getattr(generator, "gi_frame", None)
    return template.get_corresponding_lineno(frame.f_lineno) if frame is not None else None


def _precheck_str(method: str, text: str, args: tuple) -> None:
    if method == "join" and args:
        items = list(args[0]) if not isinstance(args[0], (str, list, tuple)) else args[0]
        size = sum(len(str(i)) for i in items) + len(text) * max(len(items) - 1, 0)
    elif method == "replace" and len(args) >= 2 and isinstance(args[0], str):
        size = len(text) + (text.count(args[0]) + (not args[0])) * len(str(args[1]))
    else:
        return
    if size > MAX_SIZE:
        raise SecurityError(f"{method}() would make a value of {size:,} characters "
                            f"(at most {MAX_SIZE:,})")
