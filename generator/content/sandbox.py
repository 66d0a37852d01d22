"""The Jinja environment that runs the templates written in a book's content.

Chapters, rulings, statements and card lines are templates written by whoever wrote the
book, and building someone else's book must never run their code. So they run in Jinja's
sandbox (`ImmutableSandboxedEnvironment`: no `_private` or internal attributes, no calls to
anything marked unsafe, no changes to lists, dicts or sets) and within bounds on what they may
compute, so that a template cannot exhaust memory or time either:

- the template language itself: no macros, call blocks, recursive loops, includes, imports,
  inheritance, blocks, `{% filter %}` or `{% set %}…{% endset %}` blocks (nothing a rule book
  needs; they are what recursion and unbounded buffers are made of);
- every value a template makes (by an operator, a call, a filter, a literal such as
  `[x, x]`, a slice or `~`) holds at most `MAX_SIZE` characters or items, nested values
  counted as often as they appear (`weight`), and integers at most `MAX_INT_BITS` bits. The
  size is checked BEFORE the value is made wherever the result can be far larger than what
  it is made from (`*`, `+`, `**`, `~`, `join`, and the text methods of `_GROWING`, such as
  `ljust`, `expandtabs`, `translate`): afterwards would be too late, the memory gone;
- so printing a value, comparing two or walking one costs at most about `MAX_SIZE` steps,
  and each of those (a loop step, a call, a filter, a test, a comparison) checks the clock:
  a render stops after `MAX_SECONDS` (a piece of output needs no check: `MAX_OUTPUT`);
- `range()` gives at most `MAX_RANGE` numbers, and all the loops of one render together run
  at most `MAX_ITERATIONS` times;
- string formatting (`%`, `.format`) is refused, and only filters that cannot blow a value
  up are available (`FILTERS`; `sum` of numbers only);
- all the values one render makes come to at most `MAX_MADE` characters or items; its
  output is at most `MAX_OUTPUT` characters.

Anything refused raises `jinja2.exceptions.SecurityError`, which the prose module reports as
one located line: the file, the line, what was refused.
"""

from __future__ import annotations

import functools
import threading
import time
import types
from typing import Any, Callable, Iterable, Iterator

from jinja2 import StrictUndefined, nodes, pass_environment, pass_eval_context
from jinja2.exceptions import SecurityError, TemplateSyntaxError
from jinja2.filters import FILTERS as ALL_FILTERS, make_attrgetter
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.tests import TESTS as ALL_TESTS
from jinja2.visitor import NodeTransformer

#: Numbers a single `range()` may give.
MAX_RANGE = 10_000
#: Loop iterations in one render (nested renders, such as a ruling's text inside the
#: chapter that prints it, count against their outermost render).
MAX_ITERATIONS = 100_000
#: Characters of a string, or items of a list, that one value may hold (`weight`).
MAX_SIZE = 1_000_000
#: Characters a render may output (the longest chapter today is about 25,000).
MAX_OUTPUT = 2_000_000
#: Characters or items that the operations of one render may make in all (so that many
#: values each under MAX_SIZE cannot add up to gigabytes).
MAX_MADE = 20_000_000
#: Bits of an integer that `*`, `**` or `+` may produce.
MAX_INT_BITS = 4_096
#: Seconds a render may take, checked at every loop step, call, filter, test and comparison.
MAX_SECONDS = 10.0

#: Filters that cannot turn a small value into a huge one (no `center`, `indent`, `wordwrap`,
#: `format`, `replace`, `batch`, `slice`, `filesizeformat`, `urlize`, `xmlattr`, `tojson`,
#: `pprint` or `random`); `join` and `sum` are bounded versions (`_bounded_join`,
#: `_bounded_sum`).
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


# --- the size of a value ----------------------------------------------------------------

TEXTS = (str, bytes, bytearray)
SEQUENCES = (str, bytes, bytearray, list, tuple)
#: What `weight` walks into (a mapping's views: its keys, values or pairs).
_NESTED = (list, tuple, set, frozenset, dict, type({}.keys()), type({}.values()),
           type({}.items()))


def weight(value: Any, limit: int = MAX_SIZE) -> int:
    """The characters and items `value` holds: a text its characters, a list, tuple, set or
    mapping one for each of its items (keys and values) and what each holds, an integer a
    third of its bits (its digits, about), anything else (the book's data, a helper) the
    length of its repr. A value nested twice counts twice: `[x] * 1000` weighs a thousand
    `x`, as printing it, comparing it or walking it goes through a thousand `x`. The count
    stops once past `limit`, so weighing a huge value costs no more than weighing one of
    the limit."""
    total, stack = 0, [value]
    while stack and total <= limit:
        item = stack.pop()
        if not isinstance(item, _NESTED):
            total += _leaf_weight(item)
            continue
        total += len(item)
        if isinstance(item, dict):
            item = (*item.keys(), *item.values()) if len(item) <= limit else item
        kinds = set(map(type, item))
        if kinds <= _FLAT_TEXTS:
            total += sum(map(len, item))
        elif kinds <= _FLAT_NUMBERS:
            total += sum(map(int.bit_length, item)) // 3
        elif not kinds <= _EMPTY:
            stack.extend(item)
    return total


#: Items of a list weighed at once, without a step for each in Python (`weight`).
_FLAT_TEXTS = frozenset({str, bytes})
_FLAT_NUMBERS = frozenset({int, bool})
_EMPTY = frozenset({float, type(None)})


def _leaf_weight(value: Any) -> int:
    if isinstance(value, TEXTS):
        return len(value)
    if isinstance(value, int):
        return value.bit_length() // 3  # about 0.3 decimal digits a bit
    if isinstance(value, float) or value is None:
        return 0
    try:
        return len(repr(value))
    except Exception:  # a value whose repr fails prints nothing either
        return 1


def _made(value: Any, what: str) -> Any:
    """`value`, just made by `what`, within MAX_SIZE and MAX_INT_BITS, and counted against
    the render's MAX_MADE."""
    size = weight(value)
    if size > MAX_SIZE:
        raise SecurityError(f"{what} would make a value of more than {MAX_SIZE:,} characters "
                            "or items")
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise SecurityError(f"{what} would make a number of {value.bit_length():,} bits "
                            f"(at most {MAX_INT_BITS:,})")
    _budget().make(size)
    return value


def _refuse_size(what: str, size: int) -> None:
    """Before making a value: refuse one that would be past MAX_SIZE."""
    if size > MAX_SIZE:
        raise SecurityError(f"{what} would make a value of {size:,} characters or items "
                            f"(at most {MAX_SIZE:,})")


def bounded_range(*args: int) -> range:
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise SecurityError(f"range() of {len(numbers):,} numbers (at most {MAX_RANGE:,})")
    return numbers


# --- text methods that can make far more than they are given --------------------------------

def _argument(args: tuple, kwargs: dict, index: int, name: str, default: Any = None) -> Any:
    return args[index] if len(args) > index else kwargs.get(name, default)


def _padded(text, args, kwargs) -> int:  # center, ljust, rjust, zfill
    width = _argument(args, kwargs, 0, "width", 0)
    return max(len(text), width if isinstance(width, int) else 0)


def _expanded(text, args, kwargs) -> int:  # each tab up to `tabsize` spaces
    size = _argument(args, kwargs, 0, "tabsize", 8)
    tab = "\t" if isinstance(text, str) else b"\t"
    return len(text) + text.count(tab) * max(size if isinstance(size, int) else 0, 1)


def _translated(text, args, kwargs) -> int:  # each character up to the longest it maps to
    table = _argument(args, kwargs, 0, "table")
    if not isinstance(text, str):
        return len(text)  # bytes: a table of 256 single bytes
    if isinstance(table, dict):
        replacements = table.values()
    elif isinstance(table, (str, list, tuple)):
        replacements = table
    else:
        raise SecurityError("translate() with a table that is not a mapping, a list or a text")
    longest = max((len(r) if isinstance(r, TEXTS) else 1 for r in replacements), default=1)
    return len(text) * max(longest, 1)


def _replaced(text, args, kwargs) -> int:
    old, new = _argument(args, kwargs, 0, "old"), _argument(args, kwargs, 1, "new")
    if not isinstance(old, TEXTS) or not isinstance(new, TEXTS):
        return len(text)  # refused by the method itself
    times = text.count(old) if old else len(text) + 1
    count = _argument(args, kwargs, 2, "count", -1)
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    return len(text) + times * len(new)


def _joined(text, args, kwargs) -> int:
    items = _argument(args, kwargs, 0, "iterable", ())
    return sum(weight(item) for item in items) + len(text) * max(len(items) - 1, 0)


#: Methods of texts whose result can be far larger than the text and arguments they are
#: given, with the most characters each can make (what `call` checks before calling).
_GROWING: dict[str, Callable[[Any, tuple, dict], int]] = {
    "center": _padded, "ljust": _padded, "rjust": _padded, "zfill": _padded,
    "expandtabs": _expanded, "translate": _translated, "replace": _replaced, "join": _joined}


def _materialised(method: Any, args: tuple) -> tuple:
    """`join`'s items as a list, once: an iterator measured and then joined would be empty."""
    if method.__name__ == "join" and args and not isinstance(args[0], SEQUENCES):
        return (list(bounded_iterable(args[0])), *args[1:])
    return args


def bounded_iterable(iterable: Iterable[Any], steps: int = 0) -> Iterator[Any]:
    """`iterable`, checking the clock at each item (and counting `steps` loop steps)."""
    budget = _budget()
    for item in iterable:
        budget.tick(steps)
        yield item


# --- filters and tests --------------------------------------------------------------------

@pass_eval_context
def _bounded_join(eval_ctx: Any, value: Iterable[Any], d: str = "",
                  attribute: Any = None) -> str:
    """Jinja's `join`, refusing a result longer than `MAX_SIZE` before making it."""
    items = list(bounded_iterable(value))
    if attribute is not None:
        items = list(map(make_attrgetter(eval_ctx.environment, attribute), items))
    _refuse_size("join", sum(weight(item) for item in items)
                 + len(str(d)) * max(len(items) - 1, 0))
    return str(d).join(str(item) for item in items)


@pass_environment
def _bounded_sum(environment: Any, iterable: Iterable[Any], attribute: Any = None,
                 start: Any = 0) -> Any:
    """Jinja's `sum`, of numbers only: a sum of lists or texts copies the growing total once
    for each item (a million items, a million copies)."""
    if attribute is not None:
        iterable = map(make_attrgetter(environment, attribute), iterable)
    total = start
    for item in bounded_iterable(iterable):
        if not isinstance(total, (int, float)) or not isinstance(item, (int, float)):
            raise SecurityError("sum of values that are not numbers (only numbers add up)")
        total = _made(total + item, "sum")
    return total


def _bounded(function: Callable, what: str) -> Callable:
    """A filter or test that checks the clock before it runs, and whose result is a value
    made (`_made`). Jinja reads what it passes first (`pass_eval_context`…) from the
    function's attributes, which `wraps` copies."""
    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _budget().tick()
        result = function(*args, **kwargs)
        _budget().tick()
        return _made(result, what)
    return bounded


def _filters() -> dict[str, Callable]:
    own = {"join": _bounded_join, "sum": _bounded_sum}
    return {name: _bounded(own.get(name, ALL_FILTERS[name]), f"the {name} filter")
            for name in FILTERS}


def _tests() -> dict[str, Callable]:
    return {name: _bounded(test, f"the {name} test") for name, test in ALL_TESTS.items()}


# --- the template's source ------------------------------------------------------------------

class _Bounds(NodeTransformer):
    """Refuses the statements content has no use for; routes loops, `~`, literals and
    comparisons through checks."""

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

    def _literal(self, node: nodes.Expr) -> nodes.Node:
        """`[a, a, a]` is a value made: ten lines of literals, each of ten of the one before,
        would nest 10¹⁰ values."""
        node = self.generic_visit(node)
        return self._call("bounded_literal", [node], node.lineno)

    visit_List = visit_Dict = _literal

    def visit_Tuple(self, node: nodes.Tuple) -> nodes.Node:
        return self._literal(node) if node.ctx == "load" else self.generic_visit(node)

    def visit_Compare(self, node: nodes.Compare) -> nodes.Node:
        """A comparison of two large values walks both: it checks the clock."""
        node = self.generic_visit(node)
        return self._call("ticked", [node], node.lineno)


class ContentEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox, bounded: see the module's docstring."""

    intercepted_binops = frozenset(["*", "**", "+", "%"])

    def __init__(self, **options: Any) -> None:
        super().__init__(undefined=StrictUndefined, **options)
        for name in ("lipsum", "namespace"):  # lorem ipsum of any length; mutable state
            self.globals.pop(name, None)
        self.globals["range"] = bounded_range
        self.filters = _filters()
        self.tests = _tests()

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        return _Bounds(self, name, filename).visit(tree)

    # --- what a template does while it runs ----------------------------------------------

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "%" and isinstance(left, TEXTS):
            raise SecurityError("string formatting with % is not available; the book's "
                                "helpers (decimal, percent, count) format numbers")
        if operator == "**" and isinstance(left, int) and isinstance(right, int):
            if right > 0 and abs(left) > 1 and left.bit_length() * right > MAX_INT_BITS:
                raise SecurityError(f"{left} ** {right} is too large a number")
        if operator == "*":
            for sequence, times in ((left, right), (right, left)):
                if isinstance(sequence, SEQUENCES) and isinstance(times, int):
                    size = weight(sequence) * times
                    if size > MAX_SIZE:
                        raise SecurityError(f"repeating a value {times:,} times would make "
                                            f"{size:,} characters or items "
                                            f"(at most {MAX_SIZE:,})")
            if isinstance(left, int) and isinstance(right, int) and \
                    left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise SecurityError("the product is too large a number")
        if operator == "+" and isinstance(left, SEQUENCES) and isinstance(right, SEQUENCES):
            _refuse_size("joining values", weight(left) + weight(right))
        _budget().tick()
        return _made(super().call_binop(context, operator, left, right), operator)

    def wrap_str_format(self, value: Any) -> Any:
        if super().wrap_str_format(value) is None:
            return None

        def refused(*args: Any, **kwargs: Any) -> str:
            raise SecurityError("str.format is not available; the book's helpers (decimal, "
                                "percent, count) format numbers")
        return refused

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        _budget().tick()
        owner = getattr(__obj, "__self__", None)
        if isinstance(__obj, types.BuiltinMethodType) and \
                isinstance(owner, (*SEQUENCES, dict, int, float)):
            for argument in (*args, *kwargs.values()):
                if isinstance(argument, int) and abs(argument) > MAX_SIZE:
                    raise SecurityError(f"{__obj.__name__}() with {argument:,} "
                                        f"(at most {MAX_SIZE:,})")
            growing = _GROWING.get(__obj.__name__) if isinstance(owner, TEXTS) else None
            if growing is not None:
                args = _materialised(__obj, args)
                _refuse_size(f"{__obj.__name__}()", growing(owner, args, kwargs))
        result = super().call(__context, __obj, *args, **kwargs)
        return _made(result, f"{getattr(__obj, '__name__', 'the call')}()")

    def getitem(self, obj: Any, argument: Any) -> Any:
        """A slice is a value made (a copy)."""
        value = super().getitem(obj, argument)
        if isinstance(argument, slice):
            _budget().tick()
            return _made(value, "a slice")
        return value

    # --- called by the code `_Bounds` inserted ----------------------------------------------

    def bounded_iter(self, iterable: Any) -> Iterator[Any]:
        return bounded_iterable(iterable, steps=1)

    def bounded_concat(self, *values: Any) -> str:
        _budget().tick()
        _refuse_size("~", sum(weight(v) for v in values))
        return _made("".join([str(v) for v in values]), "~")

    def bounded_literal(self, value: Any) -> Any:
        _budget().tick()
        return _made(value, "a literal")

    def ticked(self, value: Any) -> Any:
        _budget().tick()
        return value

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
