"""Finding a book's rules engine: the plugins of the entry point group `rulebook.engines`.

A package makes an engine available by declaring, in its pyproject.toml,

    [project.entry-points."rulebook.engines"]
    dice = "dicegame.book:DiceEngine"

and a book uses it with `engine: dice` in book.yaml. The entry point names a factory (most
often the engine class) that is called with the loaded `Book` and returns an object
following `protocol.Engine`.

The games of this package (generator/games/) register the same way, in its own
pyproject.toml, and are found only so: nothing in the generator imports a game.

Loading happens only for the engine a book asks for: a broken plugin does not stop books
that do not use it, and its failure is one line naming it, never a traceback. Every call
into the plugin, from its import on, goes through `guard.py`: the book gets its engine as a
`guard.Guarded`, so a bug in any method is one line naming the plugin, its package, the book
and where (the example and step), and an exit or a KeyboardInterrupt the plugin raises is
its error, not the end of the command.
"""

from __future__ import annotations

import functools
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Callable, Iterator

from generator.content.model import EngineNeeds
from generator.errors import ContentError, Location
from generator.examples.guard import Blame, EngineError, Guarded
from generator.examples.protocol import REQUIRED, absent, lacking

GROUP = "rulebook.engines"

#: Engines registered in this process (`register`), without any installation: they win over
#: entry points of the same name. For tests and for scripts that drive the generator.
_REGISTERED: dict[str, Callable] = {}


@dataclass(frozen=True)
class Plugin:
    """One engine as installed: its name, where it comes from, and how to load it."""

    name: str
    value: str    # "module:attribute", as the entry point writes it
    loader: Callable[[], object]
    entry: object = None  # its entry point (None: built in, or registered in this process)
    kind: str = "built in"  # what it is without an entry point

    @functools.cached_property
    def origin(self) -> str:
        """"package NAME VERSION", "built in" or "registered in this process": a package's
        name is read from its metadata only when a message names it (a third of finding
        the engines, in every check)."""
        return _origin(self.entry) if self.entry is not None else self.kind

    def __str__(self) -> str:
        return f"'{self.name}' ({self.value}, {self.origin})"

    def blame(self, book: str) -> Blame:
        """What names this plugin in the message of a failure while it serves `book`."""
        return Blame(self, book, self.value.partition(":")[0].split(".")[0])

    def load(self, book: str) -> Callable:
        """The plugin's factory; anything raised while importing it (an exit too) is one
        line naming it."""
        factory = self.blame(book).call("load", self.loader)
        if not callable(factory):
            raise EngineError(f"engine {self} is not an engine: it names a "
                              f"{type(factory).__name__}, expected a class or function "
                              "taking the book")
        return factory


def _origin(entry) -> str:
    dist = getattr(entry, "dist", None)
    if dist is None:
        return "an installed package"
    return f"package {dist.metadata['Name']} {dist.version}"


def plugins() -> dict[str, list[Plugin]]:
    """Every engine name with the plugins that claim it (more than one is a conflict)."""
    found: dict[str, list[Plugin]] = {}
    for entry in entry_points(group=GROUP):
        claims = found.setdefault(entry.name, [])
        if all(p.value != entry.value for p in claims):  # the same line seen twice is one
            claims.append(Plugin(entry.name, entry.value, entry.load, entry))
    for name, factory in _REGISTERED.items():
        value = f"{getattr(factory, '__module__', '?')}:{getattr(factory, '__qualname__', '?')}"
        found[name] = [Plugin(name, value, lambda f=factory: f,
                              kind="registered in this process")]
    return found


def installed() -> list[str]:
    """The names a book may give as `engine:`, sorted."""
    return sorted(plugins())


def needs_of(name: str, book: str = "") -> EngineNeeds | None:
    """What engine `name` declares it reads of components.yaml (its factory's `needs`), for
    the loader to check as soon as it reads the file; None for an engine unknown, claimed
    twice (both the registry's to report when the book's examples are replayed) or that
    declares nothing. A plugin that cannot be imported is one line naming it."""
    claims = plugins().get(name, [])
    if len(claims) != 1:
        return None
    needs = getattr(claims[0].load(book), "needs", None)
    if needs is not None and not isinstance(needs, EngineNeeds):
        raise EngineError(f"engine {claims[0]} declares needs of type "
                          f"{type(needs).__name__}; expected an EngineNeeds (docs/engines.md)")
    return needs


def own_engines() -> dict[str, EngineNeeds]:
    """The engines of this package's games, by name, with what each reads: the reference
    pages (scripts/reference.py) describe these, never a plugin installed beside them."""
    found = plugins()
    return {name: needs for name in sorted(found)
            if found[name][0].value.startswith("generator.games.")
            and (needs := needs_of(name)) is not None}


def _book_location(book) -> Location:
    """Where book.yaml says `engine:`, from the file as the book was loaded (Book.sources);
    the file alone for a book made without it."""
    doc = book.sources.get("book.yaml")
    return doc.location(("engine",)) if doc else Location(book.folder / "book.yaml", None,
                                                           "engine")


def plugin_for(book) -> Plugin:
    """The plugin of the engine `book.yaml` names; a located error if none or unknown."""
    name = book.meta.engine
    found = plugins()
    expected = (f"one of the installed engines: {', '.join(sorted(found))} (a package adds "
                f"one through the entry point group {GROUP}; see docs/engines.md)")
    if not name:
        raise ContentError(_book_location(book), "no engine to replay the examples with",
                           "engine: " + expected)
    if name not in found:
        raise ContentError(_book_location(book), f"unknown engine '{name}'", expected)
    claims = found[name]
    if len(claims) > 1:
        raise EngineError(f"engine '{name}' is registered by more than one plugin: "
                          + "; ".join(f"{p.value} ({p.origin})" for p in claims)
                          + "; expected one (uninstall the others)")
    return claims[0]


def engine_for(book) -> Guarded:
    """The book's engine, ready: its plugin loaded and started with the book, behind its
    door (`guard.Guarded`: every later call into it is guarded too).

    A content mistake the engine finds while starting (components.yaml without a number it
    needs) stays the located error it is; anything else it raises is a bug of the plugin,
    reported in one line naming it."""
    plugin = plugin_for(book)
    factory = plugin.load(book.slug)
    engine = Guarded(plugin.blame(book.slug).call("start", factory, book),
                     plugin.blame(book.slug))
    missing = absent(engine, REQUIRED)
    if missing:
        raise EngineError(f"engine {plugin} lacks {', '.join(missing)}; expected every "
                          f"method of the engine protocol ({', '.join(REQUIRED)}; see "
                          "docs/engines.md)")
    declared = lacking(engine)
    if declared:
        raise EngineError(f"engine {plugin} declares in `provides` what it lacks: "
                          f"{'; '.join(declared)}; expected each part it declares whole "
                          f"(see docs/engines.md, Optional)")
    return engine


# --- registration without installing (tests, scripts) ---------------------------------------

def register(name: str, factory: Callable) -> None:
    """Make `factory` the engine `name` in this process, as an installed plugin would."""
    _REGISTERED[name] = factory


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


@contextmanager
def registered(name: str, factory: Callable) -> Iterator[None]:
    """`register` for the duration of a `with` block (a test's)."""
    before = _REGISTERED.get(name)
    register(name, factory)
    try:
        yield
    finally:
        if before is None:
            unregister(name)
        else:
            _REGISTERED[name] = before
