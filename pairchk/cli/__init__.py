"""The ``pairchk`` console script: ``check``/``validate`` on files without typer, the rest with it.

Importing typer (with click and its helpers) costs more than checking a small tournament, so
:func:`main` first tries :func:`fast_args`: ``check FILE...`` or ``validate FILE...`` with
options it understands completely (the flags of :data:`pairchk.cli.core.OPTIONS`, plain
values, each option once). Those run :func:`pairchk.cli.core.check` / ``validate`` directly:
the same code the typer command runs, so output and exit status are the same. Anything else
(``--help``, an unknown or repeated option, a value that typer would reject or has to
convert, ``--``, no file) goes to the typer app of :mod:`pairchk.cli.commands`, which prints its
usual help or error.

``from pairchk.cli import app`` still gives the typer app (imported on first use).

>>> fast_args(["check", "a.trf", "-j", "2", "--quiet"])["jobs"]
2
>>> fast_args(["check", "a.trf", "--help"]) is None
True
>>> fast_args(["check", "a.trf", "--jobs", "0"]) is None  # typer says why
True
"""

from __future__ import annotations

import os
import sys
from typing import Any, Optional

_COMPLETE_VAR = "_PAIRCHK_COMPLETE"  # click's shell-completion request: typer handles it


def __getattr__(name: str) -> Any:
    """``app`` and the other names of :mod:`pairchk.cli.commands`, imported when asked for."""
    if name.startswith("__"):
        raise AttributeError(name)
    import importlib

    commands = importlib.import_module(f"{__name__}.commands")  # not "from . import": that asks __getattr__
    return getattr(commands, name)


def fast_args(argv: list[str]) -> Optional[dict[str, Any]]:
    """The command and keyword arguments of ``argv`` when the fast path can run it, else None.

    Mirrors what click makes of the same words for the options of core.OPTIONS: long
    options as ``--x V`` or ``--x=V``, short ones as ``-j V``, flags alone, positionals
    anywhere (``-`` included); ints as plain digits within their ``min``. Whatever else, even
    if click would accept it (``-j2``, ``-qv``, a value starting with ``-``), returns None.
    """
    from .core import OPTIONS

    if not argv or argv[0] not in OPTIONS or os.environ.get(_COMPLETE_VAR):
        return None
    options = OPTIONS[argv[0]]
    by_flag = {flag: o for o in options.values() for flag in o.flags}
    values: dict[str, Any] = {}
    files: list[str] = []
    rest = iter(argv[1:])
    for word in rest:
        if word == "-" or not word.startswith("-"):
            files.append(word)
            continue
        flag, eq, value = word.partition("=") if word.startswith("--") else (word, "", "")
        o = by_flag.get(flag)
        if o is None or o.name in values:
            return None
        if o.kind is bool:
            if eq:
                return None
            values[o.name] = True
            continue
        if not eq:
            following = next(rest, None)
            if following is None or following.startswith("-"):
                return None
            value = following
        if o.kind is int:
            if not (value.isascii() and value.isdigit()):
                return None
            number = int(value)
            if o.min is not None and number < o.min:
                return None
            values[o.name] = number
            continue
        values[o.name] = value
    if not files:
        return None
    kwargs = {o.name: o.default for o in options.values() if o.flags}
    kwargs.update(values)
    return {"command": argv[0], "files": files, **kwargs}


def _plain_streams() -> bool:
    """Whether stdout and stderr take text as ``print`` writes it (click would re-encode an
    ASCII-only stream as UTF-8: leave that case to typer)."""
    import codecs

    for stream in (sys.stdout, sys.stderr):
        enc = getattr(stream, "encoding", None)
        try:
            if not enc or codecs.lookup(enc).name == "ascii":
                return False
        except LookupError:
            return False
    return True


def run_fast(args: dict[str, Any]) -> int:
    """Run ``args`` (from :func:`fast_args`) as the typer command would: the exit status.

    What typer's main does around a command is done here too: Ctrl-C exits 130 silently, a
    closed pipe exits 1, end of input prints "Aborted!"; a PairchkError escaping the command
    is the same last safety net as :func:`pairchk.cli.commands.main`'s.
    """
    from .core import COMMANDS, EXIT_UNREADABLE, Exit, echo
    from ..errors import PairchkError

    args = dict(args)
    command = COMMANDS[args.pop("command")]
    try:
        try:
            return command(**args)
        except Exit as exc:
            return exc.code
        except EOFError:
            echo("", err=True)
            echo("Aborted!", err=True)
            return 1
        except KeyboardInterrupt:
            return 130
        except BrokenPipeError:
            _silence_stdout()
            return 1
        except OSError as exc:  # stdout full or closed mid-report
            _silence_stdout()
            echo(f"error: {exc.filename or '<stdout>'}: cannot write: {exc.strerror or exc}",
                 err=True)
            return EXIT_UNREADABLE
    except PairchkError as exc:  # a last safety net: never a traceback for bad input
        echo(f"error: {exc}", err=True)
        return getattr(exc, "exit_code", EXIT_UNREADABLE)


def _silence_stdout() -> None:
    """After EPIPE: nothing more reaches the closed pipe (no error at interpreter exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main() -> None:
    from .dccache import install

    install()  # before any module with dataclasses is imported
    args = fast_args(sys.argv[1:])
    if args is not None and _plain_streams():
        from .core import flush_stdout

        code = run_fast(args)
        sys.exit(flush_stdout() or code)
    from .commands import main as typer_main

    typer_main()
