"""``pairchk standings`` and ``pairchk submit``: registered on the typer app by
:func:`register`, which :mod:`pairchk.cli.commands` calls once it has built the app.

This module imports only :mod:`.core` (never :mod:`.commands`), so the two form no cycle.
"""

from __future__ import annotations

from typing import List, Optional

import typer

from .core import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, fail, load_tournament as _load_tournament, write_output
from ..errors import PairchkError

_TB_HELP = ('Tie-break list, e.g. "BH/C1,BH,SB,DE" (C.07 / TRF26 codes; default: the list '
            "the file declares).")
_TB_EDITION_HELP = "C.07 edition for unplayed rounds: 2026, 2024 (=2023) or pre2023 " \
                   "(default: from the tournament's start date)."


def standings_cmd(
    file: str = typer.Argument(..., help="Tournament file ('-' for stdin)."),
    tiebreaks: Optional[str] = typer.Option(None, "--tiebreaks", help=_TB_HELP),
    round_: Optional[int] = typer.Option(None, "--round", min=0,
                                         help="Standings after round N (default: the last)."),
    edition: Optional[str] = typer.Option(None, "--edition", help=_TB_EDITION_HELP),
    fmt: str = typer.Option("text", "--format", help="text, json, csv, xlsx or html."),
    out: str = typer.Option("-", "-o", "--output", help="Output file ('-' for stdout)."),
    from_: Optional[str] = typer.Option(None, "--from", help="Input format (default: detected)."),
) -> None:
    """Rank by points, then by the tie-break list (C.07); ties are shown as ties.

    Example: pairchk standings fixtures/club_open_2026.trf --tiebreaks BH,SB
    """
    from ..standings import ranking as standings, report as standings_report, tiebreak

    if fmt not in standings_report.FORMATS:
        fail(f"unknown format {fmt!r}; known: {', '.join(standings_report.FORMATS)}", EXIT_USAGE)
    if fmt == "xlsx" and out == "-":
        fail("--format xlsx needs an output file (-o FILE.xlsx)", EXIT_USAGE)
    try:
        ed = tiebreak.parse_edition(edition) if edition else None
        if tiebreaks is not None:  # an unknown code is a usage error, not a note
            bad = [c for c in tiebreaks.split(",") if c.strip() and not standings._known(c)]
            if bad:
                tiebreak.parse(bad[0], team=True)
    except tiebreak.TiebreakError as exc:
        fail(str(exc), EXIT_USAGE)
    t = _load_tournament(file, from_)
    try:
        st = standings.standings(t, tiebreaks, round_, ed)
    except PairchkError as exc:
        fail(f"{file}: {exc}", EXIT_FINDINGS)
    write_output(out, standings_report.render(st, fmt))


def submit_cmd(
    file: str = typer.Argument(..., help="Tournament file ('-' for stdin)."),
    to: str = typer.Option(..., "--to", help="Rating office: fide or dsb."),
    set_: List[str] = typer.Option([], "--set", help="KEY=VALUE filling a gap (repeatable)."),
    out: Optional[str] = typer.Option(None, "-o", "--output",
                                      help="Submission file (default: none written)."),
    from_: Optional[str] = typer.Option(None, "--from", help="Input format (default: detected)."),
) -> None:
    """Readiness report for a rating office; writes the submission file only when nothing
    is missing, else lists every gap with the --set that fills it (exit 1).

    Example: pairchk submit fixtures/club_open_2026.trf --to fide --set fide_id.10=1234567
    """
    from .. import submit

    if to not in submit.OFFICES:
        fail(f"unknown rating office {to!r}; known: {', '.join(submit.OFFICES)}", EXIT_USAGE)
    t = _load_tournament(file, from_)
    try:
        report = submit.readiness(t, to, set_)
    except PairchkError as exc:
        fail(str(exc), EXIT_USAGE)
    typer.echo(report.text())
    if report.gaps:
        raise typer.Exit(EXIT_FINDINGS)
    if out:
        write_output(out, report.data)
        typer.echo(f"written: {out}")
    raise typer.Exit(EXIT_OK)


def register(app: typer.Typer) -> None:
    """Add ``standings`` and ``submit`` to ``app`` (in that order, after the other commands)."""
    app.command("standings")(standings_cmd)
    app.command("submit")(submit_cmd)
