"""The ``pairchk`` command line: a thin layer over the library.

Shared options are spelled the same in every command (``--from``, ``--to``, ``--format``,
``--system``, ``--edition``); ``-`` means stdin/stdout. Exit codes: 0 ok, 1 findings or
deviations, 2 usage error, 3 the input cannot be read.
"""

from __future__ import annotations

import sys
from typing import NoReturn, Optional

import typer

from .errors import PairchkError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Read, convert and check chess tournament files.",
    pretty_exceptions_enable=False,
)

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_UNREADABLE = 3


def read_input(path: str) -> bytes:
    """Bytes of ``path``; ``-`` reads stdin. Unreadable paths exit 3 with a clear message."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        fail(f"{path}: cannot read file: {exc.strerror or exc}", EXIT_UNREADABLE)


def write_output(path: str, data: bytes) -> None:
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        with open(path, "wb") as fh:
            fh.write(data)
    except OSError as exc:
        fail(f"{path}: cannot write file: {exc.strerror or exc}", EXIT_UNREADABLE)


def fail(message: str, code: int) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def warn(message: str) -> None:
    typer.echo(message, err=True)


@app.callback()
def _root(
    version: Optional[bool] = typer.Option(None, "--version", help="Show the version and exit."),
) -> None:
    if version:
        from . import __version__

        typer.echo(f"pairchk {__version__}")
        raise typer.Exit(0)


def main() -> None:
    try:
        app()
    except PairchkError as exc:  # a last safety net: never a traceback for bad input
        typer.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_UNREADABLE)
