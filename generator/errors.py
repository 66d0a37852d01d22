"""Every error the program reports, in one tree.

A user's mistake must reach the terminal as one readable line naming the file, the place in
it and what was expected, never as a stack trace; so every layer raises one of these, and
the CLI prints them (and only them) without a traceback: exit status 2 for a mistake on the
command line, 1 for any other.

    GeneratorError                 one line, exit 1
    ├── UsageError                 the command line: an option, a book or project named (exit 2)
    ├── OutputLost                 the standard output refused what was printed
    ├── ContentError               a content file, at its line and YAML path (`Location`)
    │   ├── ContentErrors          several, each located: every independent mistake at once
    │   ├── ProjectError           rulebook.toml, or no project where one is needed
    │   └── ScaffoldError          `init` or `new` cannot create it there
    ├── RenderError                an output that cannot be made or written
    ├── IllegalAction              a move the rules refuse, with its code and section
    ├── MissingParameter           an engine's reader met a book without its number
    ├── EngineError                an installed engine that cannot serve (names the plugin)
    ├── ExampleFailure             a worked example's step, illegal or not as stated
    └── ExamplesFailed             the book's failing examples, all of them

`ContentWarning` is not an error: what builds but a reader would notice. A plugin raises
`IllegalAction` for a refused move and `ContentError` (through `doc.error`) for its book's
mistakes; anything else it raises is its bug, reported by examples/guard.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Location:
    """Where in the content a problem sits: a file, and a line and/or a YAML path in it."""

    file: Path
    line: int | None = None
    path: str | None = None

    def __str__(self) -> str:
        text = _display_path(self.file)
        if self.line is not None:
            text += f":{self.line}"
        if self.path:
            text += f" ({self.path})"
        return text


def _display_path(path: Path) -> str:
    """Paths relative to the working directory read better in a terminal."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class GeneratorError(Exception):
    """Base of every error the CLI reports as a user-facing message."""


class ContentError(GeneratorError):
    """Content files that cannot be turned into a valid book model."""

    def __init__(self, location: Location, message: str, expected: str | None = None):
        self.location = location
        self.message = message
        self.expected = expected
        super().__init__(str(self))

    def __str__(self) -> str:
        return _said(str(self.location), self.message, self.expected)


def _said(where: str, message: str, expected: str | None) -> str:
    return f"{where}: {message}" + (f"; expected {expected}" if expected else "")


class ContentErrors(ContentError):
    """Several mistakes in a book's content, each a `ContentError` of its own: what one check
    finds in files that do not depend on each other (a glossary and an example), or in the
    entries of one file, is said at once, so that a designer fixes them in one go rather than
    one `check` at a time. The first `MOST` are listed, grouped by file in the order the
    files were read; the count says how many there are. A mistake that is only another's
    consequence is never gathered (content/problems.py stops where one stage needs the
    last)."""

    #: How many are listed: enough for a file's worth of mistakes, few enough to read.
    MOST = 20
    #: How many lines one mistake met at several lines names before it counts the rest.
    LINES = 6

    def __init__(self, errors: list[ContentError], more: int = 0):
        """`errors`, and `more` of them found but not made into errors (past `MOST` in one
        file: placing each costs time a hostile file could make long)."""
        flat: list[ContentError] = []
        self.more = more
        for error in errors:
            flat += error.errors if isinstance(error, ContentErrors) else [error]
            self.more += error.more if isinstance(error, ContentErrors) else 0
        # The same mistake found once per card or row that meets it is one line: at the
        # same place (a misspelt field in a zone every card draws) with how many times; at
        # several lines of one file (an image five suits' rows name, missing) with the lines.
        self._met: dict[tuple, list[int | None]] = {}
        unique: list[ContentError] = []
        for error in flat:
            key = _same_mistake(error)
            if key not in self._met:
                unique.append(error)
                self._met[key] = []
            self._met[key].append(error.location.line)
        order = list(dict.fromkeys(e.location.file for e in unique))
        self.errors = sorted(unique, key=lambda e: order.index(e.location.file))
        first = self.errors[0]
        super().__init__(first.location, first.message, first.expected)

    def _line(self, error: ContentError) -> str:
        met = self._met.get(_same_mistake(error), [error.location.line])
        lines = list(dict.fromkeys(met))
        if len(lines) == 1:
            return f"{error}" + (f" ({len(met)} times)" if len(met) > 1 else "")
        shown = ", ".join(str(line) for line in lines[:self.LINES])
        if len(lines) > self.LINES:
            shown += f" and {len(lines) - self.LINES} more lines"
        where = _display_path(error.location.file) + ":" + shown
        if error.location.path:
            where += f" ({error.location.path})"
        return _said(where, error.message, error.expected)

    def __str__(self) -> str:
        files = len({e.location.file for e in self.errors})
        count = len(self.errors) + self.more
        if count == 1:
            return self._line(self.errors[0])
        lines = [f"{count} mistakes in {files} file{'s' if files > 1 else ''}:"]
        lines += [f"  {self._line(e)}" for e in self.errors[:self.MOST]]
        if count > self.MOST:
            lines.append(f"  … and {count - self.MOST} more: fix these and check again")
        return "\n".join(lines)


def _same_mistake(error: ContentError) -> tuple:
    """What makes two errors one mistake met twice: all but the line."""
    return (error.location.file, error.location.path, error.message, error.expected)


@dataclass(frozen=True)
class ContentWarning:
    """Content that builds, but that a reader would notice (an image printed below 200 dpi):
    `rulebook check` and `rulebook build` print it, located like an error."""

    location: Location
    message: str
    expected: str | None = None

    def __str__(self) -> str:
        return _said(str(self.location), self.message, self.expected)


class RenderError(GeneratorError):
    """A renderer could not produce its output (for example an unwritable output folder)."""


class IllegalAction(GeneratorError):
    """An action the rules do not allow in this state.

    `code` is stable (tests and example files name it); `section` is the rulebook chapter or
    heading id that states the rule; `ruling` the ruling id where one decided it.
    """

    def __init__(self, action, code: str, section: str, needed: str, found: str,
                 ruling: str | None = None):
        self.action = action
        self.code = code
        self.section = section
        self.needed = needed
        self.found = found
        self.ruling = ruling
        super().__init__(str(self))

    def __str__(self) -> str:
        cite = f"§ {self.section}" + (f", {self.ruling}" if self.ruling else "")
        return (f"{self.action} is not allowed [{self.code}]: needed {self.needed}; "
                f"found {self.found} ({cite})")


class UsageError(GeneratorError):
    """A mistake on the command line."""


class OutputLost(GeneratorError):
    """The standard output refused what the command printed (a full disk, a closed pipe): the
    OSError as `cause`. A GeneratorError so that it passes through a plugin's guard (the
    solo engine's simulator prints its own report) as the program's own, never the
    plugin's bug; `main` says it."""

    def __init__(self, cause: OSError):
        super().__init__(f"cannot write to the standard output ({cause.strerror or cause})")
        self.cause = cause


class MissingParameter(GeneratorError):
    """An engine's reader met a book without a game parameter it plays by (the loader
    reports that at its line first; this guards readers called on unloaded components)."""


class ProjectError(ContentError):
    """rulebook.toml is malformed, or no project is found where one is needed."""


class ScaffoldError(ContentError):
    """A book or project cannot be created there (name taken, bad name, not a project)."""


class EngineError(GeneratorError):
    """An engine that is installed but cannot serve: it fails to load, to start for a book,
    lacks part of the protocol, or fails in a method. The message is one line (with
    `--debug`, followed by the traceback) and names the plugin. Made from its message alone,
    so it pickles back from a worker process."""


class ExampleFailure(GeneratorError):
    """A worked example whose step is illegal or whose stated outcome is not what happens."""

    def __init__(self, location: Location, example_id: str, step: int, action: str, message: str,
                 kind: str = "example"):
        self.location = location
        self.example_id = example_id
        self.step = step
        self.message = message
        super().__init__(f"{location}: {kind} '{example_id}', step {step} ({action}): {message}")


class ExamplesFailed(GeneratorError):
    """The build refuses a book with failing examples or scenarios; this lists them all."""

    def __init__(self, book: str, failures: list[ExampleFailure]):
        self.failures = failures
        lines = "\n".join(f"  {f}" for f in failures)
        super().__init__(f"{book}: {len(failures)} worked example(s) fail (a book whose "
                         f"examples fail is not built):\n{lines}")
