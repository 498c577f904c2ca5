"""What the command line writes: every output file, grouped warnings, verbosity, progress.

Every file a command writes (report, summary, HTML, a converted or generated file, a
submission, stdout as ``-``) goes through :func:`write_output`: an OS error becomes a located
:class:`OutputError` (exit 3), and an existing file is never replaced without ``force`` (the
input never, even with it: :class:`OutputExists`, exit 2).

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

import os
import re
import stat
import sys
import tempfile
from typing import Iterable, Sequence, TextIO

from .errors import PairchkError

# the parts of a message that vary between warnings of one kind
_VARIABLE = re.compile(r"'[^']*'|\"[^\"]*\"|#?\d+(?:[.,/-]\d+)*")

QUIET, NORMAL, VERBOSE = 0, 1, 2


class OutputError(PairchkError):
    """An output that cannot be written; the message names the path and the OS's reason."""

    exit_code = 3


class OutputExists(OutputError):
    """An output that would replace an existing file (or the input): refused."""

    exit_code = 2


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def looks_like_tournament(path: str) -> bool:
    """True when ``path`` exists and pairchk reads a tournament from it."""
    from . import formats

    try:
        with open(path, "rb") as fh:
            data = fh.read(50_000_001)
        if len(data) > 50_000_000:
            return False
        return bool(formats.load(data, path=path).tournament.players)
    except Exception:  # unreadable or not a tournament: any failure means "no"
        return False


def _is_regular(path: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def output_problem(dst: str, inputs: Sequence[str] = (), *, force: bool = False,
                   two_names: bool = False) -> str:
    """Why ``dst`` must not be written, or "" when it may.

    The output is never one of the inputs (even with ``force``); an existing regular file is
    kept unless ``force`` (a device such as /dev/null is written to, not replaced).

    >>> output_problem("-", ["in.trf"])
    ''
    """
    if dst == "-" or not os.path.lexists(dst):
        return ""
    if os.path.isdir(dst):
        return f"{dst} is a folder; name a file to write"
    for src in inputs:
        try:
            if src != "-" and os.path.exists(src) and os.path.samefile(src, dst):
                return (f"{dst} is also the input file; pairchk never writes over its input "
                        "(write to another name)")
        except OSError:
            continue
    if force or not _is_regular(dst):
        return ""
    if looks_like_tournament(dst):
        hint = ("did you mean to give two input files? convert reads one file, or several with"
                " -o DIR; " if two_names else "")
        return (f"{dst} already exists and is a tournament file; not overwritten ({hint}add"
                " --force to replace it)")
    return f"{dst} already exists; not overwritten (add --force to replace it)"


def write_output(path: str, data: bytes | str, *, force: bool = False,
                 inputs: Sequence[str] = ()) -> None:
    """Write ``data`` (text is written UTF-8) to ``path`` (``-``: stdout).

    Raises :class:`OutputExists` when ``path`` is an input or an existing file and not
    ``force``, :class:`OutputError` (naming the path) for any OS error: a missing folder,
    no permission, a full disk, a closed stdout. A regular file is written whole or not at
    all (through a temporary file beside it), so a failed write leaves no half file.

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "a.txt")
    >>> write_output(f, "one")
    >>> write_output(f, "two")
    Traceback (most recent call last):
    ...
    pairchk.output.OutputExists: ... already exists; not overwritten (add --force to replace it)
    >>> write_output(os.path.join(d, "no", "b.txt"), "x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pairchk.output.OutputError: .../no/b.txt: cannot write file: No such file or directory
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if path == "-":
        _write_stdout(raw)
        return
    problem = output_problem(path, inputs, force=force)
    if problem:
        raise OutputExists(problem)
    try:
        if os.path.lexists(path) and not _is_regular(path):
            with open(path, "wb") as fh:  # a device or pipe: written to, not replaced
                fh.write(raw)
            return
        _write_whole(path, raw)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write file: {_reason(exc)}") from None


def _write_whole(path: str, raw: bytes) -> None:
    """``raw`` into a temporary file beside ``path``, then moved onto it (``path`` is new,
    or the caller was given ``force``: :func:`output_problem` said so)."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise FileNotFoundError(2, "No such file or directory")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".pairchk-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write_stdout(raw: bytes) -> None:
    try:
        sys.stdout.buffer.write(raw)
        sys.stdout.buffer.flush()
    except BrokenPipeError:  # `| head`: the reader has what it wanted
        _silence_stdout()
    except OSError as exc:
        _silence_stdout()
        raise OutputError(f"<stdout>: cannot write: {_reason(exc)}") from None


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def prepare_folder(path: str) -> None:
    """Create the output folder ``path`` (with its parents); a located :class:`OutputError`
    when it cannot be, or when ``path`` is a file."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise OutputExists(f"{path}: not a folder")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{path}: cannot create folder: {_reason(exc)}") from None


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
