"""The error types of each layer.

A user's mistake must reach the terminal as one readable line naming the file, the place in
it and what was expected, never as a stack trace; so every layer raises its own subclass of
`GeneratorError`, and the CLI prints those (and only those) without a traceback.
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
        text = f"{self.location}: {self.message}"
        if self.expected:
            text += f"; expected {self.expected}"
        return text


@dataclass(frozen=True)
class ContentWarning:
    """Content that builds, but that a reader would notice (an image printed below 200 dpi):
    `rulebook check` and `rulebook build` print it, located like an error."""

    location: Location
    message: str
    expected: str | None = None

    def __str__(self) -> str:
        text = f"{self.location}: {self.message}"
        if self.expected:
            text += f"; expected {self.expected}"
        return text


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
