"""``pairchk standings`` and ``pairchk submit``: registered on the typer app by
:func:`register`, which :mod:`pairchk.cli.commands` calls once it has built the app.

This module imports only :mod:`.core` (never :mod:`.commands`), so the two form no cycle.
"""

from __future__ import annotations

from typing import List, Optional

import typer

from .core import (EXIT_FINDINGS, EXIT_OK, EXIT_UNREADABLE, EXIT_USAGE, FORCE_HELP,
                   TOURNAMENT_HELP, fail, known_format, load_tournament as _load_tournament,
                   refuse_output, write_output)
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
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
    tournament: Optional[str] = typer.Option(None, "--tournament", metavar="ID|NAME",
                                             help=TOURNAMENT_HELP),
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
    known_format(from_)
    refuse_output(out, [file], force)
    t = _load_tournament(file, from_, tournament=tournament)
    try:
        st = standings.standings(t, tiebreaks, round_, ed)
    except PairchkError as exc:
        fail(f"{file}: {exc}", getattr(exc, "exit_code", EXIT_FINDINGS))
    write_output(out, standings_report.render(st, fmt), force=force, inputs=[file])


def submit_cmd(
    file: str = typer.Argument(..., help="Tournament file ('-' for stdin)."),
    to: str = typer.Option(..., "--to", help="Rating office: fide or dsb."),
    set_: List[str] = typer.Option([], "--set", help="KEY=VALUE filling a gap (repeatable)."),
    out: Optional[str] = typer.Option(None, "-o", "--output",
                                      help="Submission file (default: none written)."),
    from_: Optional[str] = typer.Option(None, "--from", help="Input format (default: detected)."),
    players: Optional[str] = typer.Option(
        None, "--players", metavar="FILE",
        help="Fill missing player data from a CSV (fide_id, name, federation, sex, birth,"
             " title) or the FIDE rating list (TXT or XML), matched by FIDE id."),
    by_name: bool = typer.Option(False, "--by-name", help="--players: also match a player"
                                 " without FIDE id by name and federation."),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
    tournament: Optional[str] = typer.Option(None, "--tournament", metavar="ID|NAME",
                                             help=TOURNAMENT_HELP),
) -> None:
    """Readiness report for a rating office; writes the submission file only when nothing
    is missing, else lists every gap with the --set that fills it (exit 1). What FIDE holds
    on a registered player's record (sex, birth, federation) is a note, not a gap.

    Example: pairchk submit fixtures/club_open_2026.trf --to fide --set fide_id.10=1234567
    """
    from .. import submit
    from ..check import batch

    if to not in submit.OFFICES:
        fail(f"unknown rating office {to!r}; known: {', '.join(submit.OFFICES)}", EXIT_USAGE)
    if by_name and not players:
        fail("--by-name matches the players of --players FILE; give the file", EXIT_USAGE)
    known_format(from_)
    refuse_output(out, [file] + ([players] if players else []), force)
    t = _load_tournament(file, from_, tournament=tournament)
    plist = None
    if players:
        try:
            data = batch.read_bytes(players)
            plist = submit.read_player_list(data, players, by_name=by_name,
                                            wanted=[p.fide_id.strip() for p in t.players])
        except batch.Unreadable as exc:
            fail(str(exc), EXIT_UNREADABLE)
        except PairchkError as exc:
            fail(str(exc), EXIT_UNREADABLE)
    try:
        report = submit.readiness(t, to, set_, players=plist)
    except PairchkError as exc:
        fail(str(exc), EXIT_USAGE)
    typer.echo(report.text())
    if report.gaps:
        raise typer.Exit(EXIT_FINDINGS)
    if out:
        write_output(out, report.data, force=force, inputs=[file])
        typer.echo(f"written: {out}")
    raise typer.Exit(EXIT_OK)


def register(app: typer.Typer) -> None:
    """Add ``standings`` and ``submit`` to ``app`` (in that order, after the other commands)."""
    app.command("standings")(standings_cmd)
    app.command("submit")(submit_cmd)
