"""What the command line prints besides reports: grouped warnings, verbosity, progress.

Warnings of one kind (the same message with other player numbers, names or values) are
printed once with a count; ``-v`` prints every one, ``--quiet`` none.

>>> for line in group_warnings(["warning: player 1: club 'A' cannot be written in TRF",
...                             "warning: player 7: club 'B' cannot be written in TRF",
...                             "warning: tie-break list not written"]):
...     print(line)
warning: player 1: club 'A' cannot be written in TRF (and 1 more like it; -v lists every one)
warning: tie-break list not written
"""

from __future__ import annotations

import re
import sys
from typing import Iterable, TextIO

# the parts of a message that vary between warnings of one kind
_VARIABLE = re.compile(r"'[^']*'|\"[^\"]*\"|#?\d+(?:[.,/-]\d+)*")

QUIET, NORMAL, VERBOSE = 0, 1, 2


def warning_kind(message: str) -> str:
    """The message with its quoted values and numbers blanked: the key warnings group by.

    >>> warning_kind("t.trf:3: warning: player 12: rating 2100 not written")
    'warning: player N: rating N not written'
    """
    head, sep, tail = message.partition(": warning: ")
    text = "warning: " + tail if sep else message
    return _VARIABLE.sub("N", text)


def group_warnings(messages: Iterable[str], verbosity: int = NORMAL) -> list[str]:
    """The lines to print for ``messages``: one per kind with a count (every one with -v)."""
    messages = list(messages)
    if verbosity <= QUIET:
        return []
    if verbosity >= VERBOSE:
        return messages
    groups: dict[str, list[str]] = {}
    for m in messages:
        groups.setdefault(warning_kind(m), []).append(m)
    lines = []
    for items in groups.values():
        more = len(items) - 1
        lines.append(items[0] if not more else
                     f"{items[0]} (and {more} more like it; -v lists every one)")
    return lines


def print_warnings(messages: Iterable[str], verbosity: int = NORMAL,
                   stream: TextIO | None = None) -> None:
    """Print ``messages`` grouped by kind on ``stream`` (stderr by default)."""
    out = stream or sys.stderr
    for line in group_warnings(messages, verbosity):
        print(line, file=out)


def is_terminal(stream: TextIO | None = None) -> bool:
    """True when ``stream`` (stderr by default) is an interactive terminal."""
    s = stream or sys.stderr
    try:
        return s.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """A progress bar on stderr when it is a terminal; does nothing when output is piped.

    ``rich`` (which typer brings) is imported only when a bar is shown.
    """

    def __init__(self, total: int, label: str, *, enabled: bool | None = None) -> None:
        self.enabled = is_terminal() if enabled is None else enabled
        self._bar = None
        self._task = None
        if self.enabled and total > 0:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress as Bar,
                                       TextColumn, TimeElapsedColumn, TimeRemainingColumn)

            self._bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TimeRemainingColumn(),
                            console=Console(stderr=True), transient=True,
                            redirect_stdout=is_terminal(sys.stdout), redirect_stderr=False)
            self._task = self._bar.add_task(label, total=total)
            self._bar.start()

    def advance(self, description: str | None = None) -> None:
        if self._bar is not None and self._task is not None:  # (both set together)
            if description is not None:
                self._bar.update(self._task, description=description)
            self._bar.advance(self._task)

    def echo(self, text: str, err: bool = False) -> None:
        """Print ``text`` on stdout (``err``: stderr), above the bar when there is one."""
        if self._bar is not None and err:
            self._bar.console.print(text, markup=False, highlight=False, soft_wrap=True)
            return
        print(text, file=sys.stderr if err else sys.stdout, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
