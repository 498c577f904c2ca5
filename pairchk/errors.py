"""Exceptions and findings shared by every format and command.

A :class:`FormatError` is raised when a file cannot be read at all; a :class:`Finding` is one
problem found in a file that could be read (see ``pairchk.validate``).

>>> str(FormatError("bad result code 'Q'", path="t.trf", line=3, column=99,
...                 expected="one of 1 = 0 + - W D L H F U Z", hint="see TRF16 result codes"))
"t.trf:3:99: bad result code 'Q' (expected one of 1 = 0 + - W D L H F U Z; hint: see TRF16 result codes)"
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class PairchkError(ValueError):
    """Base class of every error pairchk raises on bad input."""


def _location(path: str | None, line: int | None, column: int | None) -> str:
    parts = [path or "<input>"]
    if line is not None:
        parts.append(str(line))
        if column is not None:
            parts.append(str(column))
    return ":".join(parts)


def _tail(expected: str | None, hint: str | None) -> str:
    """`` (expected ...; hint: ...)`` after a message, or nothing when neither is known."""
    extra = []
    if expected:
        extra.append(f"expected {expected}")
    if hint:
        extra.append(f"hint: {hint}")
    return f" ({'; '.join(extra)})" if extra else ""


class FormatError(PairchkError):
    """A file that cannot be read: says where, what was found, what was expected, and a hint."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        expected: str | None = None,
        hint: str | None = None,
    ) -> None:
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.expected = expected
        self.hint = hint
        super().__init__(str(self))

    def __str__(self) -> str:
        tail = _tail(self.expected, self.hint)
        return f"{_location(self.path, self.line, self.column)}: {self.message}{tail}"

    def with_path(self, path: str) -> "FormatError":
        if self.path is None:
            self.path = path
            self.args = (str(self),)
        return self


class Unanswerable(PairchkError):
    """A question the file cannot answer: an edition the system does not have, a team system
    for a file without teams, a round with nothing left to pair. A usage error (exit 2)."""

    exit_code = 2


class UnknownEditionError(Unanswerable):
    """A rule edition the pairing system does not have (``--edition``): refused, never
    ignored; the command line treats it as a usage error (exit status 2)."""


class UnknownFormatError(PairchkError):
    """No registered format matches the name or the content."""


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Finding:
    """One problem in a file: severity, short code, location, what was found/expected, hint."""

    severity: Severity
    code: str
    message: str
    path: str | None = None
    line: int | None = None
    column: int | None = None
    expected: str | None = None
    hint: str | None = None

    def __str__(self) -> str:
        tail = _tail(self.expected, self.hint)
        loc = _location(self.path, self.line, self.column)
        return f"{loc}: {self.severity.value} {self.code}: {self.message}{tail}"


@dataclass(frozen=True)
class Warning_:
    """A conversion warning: something read or written that could not be carried exactly."""

    message: str
    path: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        if self.path or self.line:
            return f"{_location(self.path, self.line, None)}: warning: {self.message}"
        return f"warning: {self.message}"
