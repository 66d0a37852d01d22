"""The one door into an engine plugin's code: what it raises becomes one line naming it.

A plugin is someone else's code, run by `rulebook check` on someone's book. A bug in it (a
`KeyError` in `push`, a property that raises, an engine that cannot be pickled for
`simulate --jobs 2`, a `sys.exit(0)` left in a method) must read as that plugin's bug: one
line naming the plugin and its package, the book, the example and step (or the simulated
game) where it happened, and the exception with its last frame in the plugin; never a
traceback that names neither, never a check turned green by an exit, and never the end of
the other books' checks. `--debug` (`DEBUG`) adds the whole traceback.

Every call into plugin code goes through `Blame.call`: `registry.engine_for` hands out the
book's engine as a `Guarded` one, whose every method, attribute, player and game method
(`game_push`, `game_actions`) is called that way, so no call site of the generator guards
anything itself. Where the generator is (which example and step, which game) is said by
`at(...)`, a context the replay and the simulator set, not a guard.

What passes through as it is: the protocol's own answers (a `GeneratorError`: a refusal,
a located content error; `ValueError` from `parse`, the notation refused at the step's
line) and a real Ctrl-C. A `KeyboardInterrupt` is real when SIGINT arrived (`on_interrupt`,
installed by the command line, counts it); raised by the plugin without one, it is the
plugin's bug like any other `BaseException`.
"""

from __future__ import annotations

import contextvars
import pickle
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from generator.errors import EngineError, GeneratorError, Location

#: Set by `rulebook --debug`: a plugin's failure also carries its whole traceback (in the
#: message itself, so that it survives the forked copies and worker processes it comes from).
DEBUG = False

#: What each method may raise besides a `GeneratorError`, as the protocol says (protocol.py).
EXPECTED: dict[str, tuple[type[BaseException], ...]] = {"parse": (ValueError,)}
#: How a failure words what the plugin was doing, where a method's name would not say it.
DOING = {"load": "to load", "start": "to start"}


# --- where the generator is -----------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """What the engine was doing it for: "example 'x', step 2 (roll 1)" at the step's line,
    or "simulated game seed 123". `where` gives the file and line, asked only when a failure
    says them (a step's line is found by walking its file's nodes)."""

    what: str
    where: Callable[[], Location] | None = None


_PLACE: contextvars.ContextVar[Place | None] = contextvars.ContextVar("place", default=None)


@contextmanager
def at(what: str, where: Callable[[], Location] | None = None) -> Iterator[None]:
    """Calls into the engine within the block are for `what` (at `where()`)."""
    token = _PLACE.set(Place(what, where))
    try:
        yield
    finally:
        _PLACE.reset(token)


# --- a real Ctrl-C, told from a plugin's KeyboardInterrupt ----------------------------------

_signalled = False


def on_interrupt(signum, frame) -> None:
    """SIGINT's handler while a command runs: Python's own (a KeyboardInterrupt), noting
    that the signal arrived."""
    global _signalled
    _signalled = True
    raise KeyboardInterrupt


@contextmanager
def interrupts_told_apart() -> Iterator[None]:
    """`on_interrupt` as SIGINT's handler for the block (the command, or a worker process's
    chunk of games), then the one before; within a block that has it already, nothing
    changes. Where it cannot be set (not the main thread), no KeyboardInterrupt is a signal's
    (Python raises those in the main thread only)."""
    global _signalled
    if signal.getsignal(signal.SIGINT) is on_interrupt:
        yield
        return
    _signalled = False
    try:
        before = signal.signal(signal.SIGINT, on_interrupt)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _real_interrupt(exc: BaseException) -> bool:
    """A KeyboardInterrupt that a SIGINT raised, or one that cannot be told (no handler of
    ours in the main thread: the generator called as a library). In another thread (a Dask
    worker's) a KeyboardInterrupt is never a signal's: the plugin raised it."""
    return isinstance(exc, KeyboardInterrupt) and (
        _signalled or (signal.getsignal(signal.SIGINT) is not on_interrupt
                       and threading.current_thread() is threading.main_thread()))


# --- blaming the plugin -----------------------------------------------------------------------

@dataclass(frozen=True)
class Blame:
    """Whose code a call runs, for its message: the plugin (registry.Plugin: its name, entry
    point and package, said as `str(plugin)`), the book it serves, and the plugin's
    top-level module ("dicegame"), whose frames are the plugin's own."""

    plugin: object
    book: str
    package: str

    def call(self, doing: str, function: Callable, *args, **kwargs):
        """`function(*args, **kwargs)`, plugin code run for `doing` (a method's name, "load",
        "start"); anything it raises but the protocol's answers is an `EngineError`."""
        try:
            return function(*args, **kwargs)
        except GeneratorError:
            raise
        except BaseException as exc:  # noqa: BLE001 - a plugin may raise (or exit) anything
            if isinstance(exc, EXPECTED.get(doing, ())) or _real_interrupt(exc):
                raise
            raise self.failure(doing, exc) from exc

    def failure(self, doing: str, exc: BaseException) -> EngineError:
        """The one line: where (the step's file and line), which plugin failed doing what,
        for which book and example, the exception and its last frame in the plugin."""
        place = _PLACE.get()
        where = f"{place.where()}: " if place and place.where else ""
        for_what = f", {place.what}" if place else ""
        doing = DOING.get(doing, f"in {doing}")
        text = (f"{where}engine {self.plugin} failed {doing}, book {self.book}{for_what}: "
                f"{one_line(exc)} ({last_frame(exc, self.package)}); a bug in the engine, "
                "not in the book")
        if DEBUG:
            import traceback
            text += "\n" + "".join(traceback.format_exception(exc)).rstrip()
        else:
            text += " (--debug prints its traceback)"
        return EngineError(text)

    def portable(self) -> Blame:
        """This blame as it pickles (for a worker process): the plugin as its words."""
        return Blame(str(self.plugin), self.book, self.package)


def one_line(exc: BaseException) -> str:
    """ "KeyError: 'rounds'": the exception's type and its message on one line."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def last_frame(exc: BaseException, package: str) -> str:
    """ "dicegame/engine.py:88": the innermost frame of the traceback in the plugin's own
    modules (a bug shows where the plugin's code was, not the library it called last), else
    the innermost frame."""
    steps, tb = [], exc.__traceback__
    while tb is not None:
        steps.append(tb)
        tb = tb.tb_next
    if not steps:
        return "no frame"
    own = [t for t in steps if _module(t.tb_frame) == package
           or _module(t.tb_frame).startswith(package + ".")]
    step = (own or steps)[-1]
    return f"{_file_of(step.tb_frame)}:{step.tb_lineno}"


def _module(frame) -> str:
    return str(frame.f_globals.get("__name__", ""))


def _file_of(frame) -> str:
    """The frame's file as its module names it ("dicegame/engine.py"), else as it is."""
    file = Path(frame.f_code.co_filename)
    parts = _module(frame).split(".")
    for tail in (Path(*parts).with_suffix(".py"), Path(*parts, "__init__.py")):
        if file.parts[-len(tail.parts):] == tail.parts:
            return tail.as_posix()
    return str(file)


# --- the engine as the generator sees it -------------------------------------------------------

class Guarded:
    """A book's engine behind its door: each attribute read and each method call runs in
    `Blame.call`, and so do the plugin's players and its games' two methods
    (`game_actions`, `game_push`). Everything else passes through unchanged (the plugin's
    own objects, its games), so the engine's diagrams and words get their own types back.

    The guard's own names are few and unlikely in a plugin (`game_actions`, `game_push`,
    `guarded_engine`, `guarded_blame`): a plugin's attribute of the same name would be
    hidden."""

    def __init__(self, engine, blame: Blame):
        self.guarded_engine = engine
        self.guarded_blame = blame

    def __getattr__(self, name: str):
        if name.startswith("__") or name.startswith("guarded_"):
            raise AttributeError(name)  # pickle's and copy's probes; not yet set (unpickling)
        blame = self.guarded_blame
        value = blame.call(f"reading {name}", getattr, self.guarded_engine, name, _NONE)
        if value is _NONE:  # the plugin has no such attribute: getattr's default applies
            raise AttributeError(name)
        if name == "players" and value:
            return {key: _GuardedFactory(factory, blame, f"players[{key!r}]")
                    for key, factory in value.items()}
        if not callable(value):
            return value
        method = _GuardedMethod(value, blame, name)
        self.__dict__[name] = method  # found directly from now on
        return method

    def game_actions(self, game) -> list:
        """`game.legal_actions()`, the plugin's game's code."""
        return self.guarded_blame.call("legal_actions", game.legal_actions)

    def game_push(self, game, action) -> None:
        """`game.push(action)`: a refusal (IllegalAction) passes as the protocol says."""
        self.guarded_blame.call("push", game.push, action)

    def __reduce__(self):
        """Pickled for a worker process (`simulate --jobs`): the plugin's engine pickled
        here, inside the door, so an engine that cannot be is one line naming it."""
        blame = self.guarded_blame
        data = blame.call("pickling (simulate --jobs N sends the engine to worker "
                          "processes; expected an engine that pickles, or --jobs 1)",
                          pickle.dumps, self.guarded_engine)
        return _unpickled, (data, blame.portable())

    def __repr__(self) -> str:
        return f"Guarded({self.guarded_engine!r})"


_NONE = object()


def _unpickled(data: bytes, blame: Blame) -> Guarded:
    return Guarded(blame.call("unpickling", pickle.loads, data), blame)


class _GuardedMethod:
    """A method of the plugin, called through `Blame.call` under its name."""

    __slots__ = ("method", "blame", "name")

    def __init__(self, method: Callable, blame: Blame, name: str):
        self.method, self.blame, self.name = method, blame, name

    def __call__(self, *args, **kwargs):
        return self.blame.call(self.name, self.method, *args, **kwargs)


class _GuardedFactory(_GuardedMethod):
    """One of the plugin's players (`engine.players[name]`): made, and played, through the
    door."""

    __slots__ = ()

    def __call__(self, *args, **kwargs):
        player = super().__call__(*args, **kwargs)
        return _GuardedPlayer(player, self.blame, self.name)


class _GuardedPlayer:
    """A plugin's player: its `name`, `choose` and `reason` through the door."""

    def __init__(self, player, blame: Blame, name: str):
        self.name = blame.call(f"{name}.name", getattr, player, "name", name)
        self.choose = _GuardedMethod(blame.call(f"{name}.choose", getattr, player, "choose"),
                                     blame, f"{name}.choose")
        self._player, self._blame, self._label = player, blame, name

    @property
    def reason(self):
        """Why its last choice (Player.reason), read through the door; None if it keeps none."""
        return self._blame.call(f"{self._label}.reason", getattr, self._player, "reason", None)
