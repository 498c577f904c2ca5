"""The ``pairchk`` command line (typer): every command, ``--help``, ``--version``.

Shared options are spelled the same in every command (``--from``, ``--to``, ``--format``,
``--system``, ``--edition``); ``-`` means stdin/stdout. Exit codes: 0 ok, 1 findings or
deviations, 2 usage error, 3 the input cannot be read, 4 not checked (``check`` on a file whose
pairing system pairchk cannot pair).

``check`` and ``validate`` are declared here for typer from the option table of
:mod:`pairchk.cli.core`, which also runs them; :mod:`pairchk.cli` (the console script) runs
the common invocations of those two without importing typer at all (start-up).
"""

from __future__ import annotations

import sys
from typing import Any, NoReturn, Optional

import typer
from typer.core import TyperGroup

from .core import (
    ACCEL_HELP as _ACCEL_HELP,
    EDITION_HELP as _EDITION_HELP,
    EXIT_FINDINGS,
    EXIT_NOT_CHECKED,
    EXIT_OK,
    EXIT_UNREADABLE,
    EXIT_USAGE,
    FROM_HELP as _FROM_HELP,
    JOBS_HELP as _JOBS_HELP,
    OPTIONS,
    SUMMARY_HELP as _SUMMARY_HELP,
    SYSTEM_HELP as _SYSTEM_HELP,
    TOURNAMENT_HELP as _TOURNAMENT_HELP,
    VERBOSE_HELP as _VERBOSE_HELP,
    Exit,
    fail,
    known_format,
    known_system as _known_system,
    load_tournament as _load_tournament,
    FORCE_HELP as _FORCE_HELP,
    MAX_JOBS,
    refuse_output,
    verbosity as _verbosity,
    warn,
    write_output,
    flush_stdout,
)
from ..check.executors import SCHEDULER_HELP as _SCHEDULER_HELP
from ..errors import PairchkError
from ..generate.cases import KINDS as _KINDS

__all__ = ["app", "main", "fail", "warn", "write_output", "EXIT_OK", "EXIT_FINDINGS", "EXIT_USAGE",
           "EXIT_UNREADABLE", "EXIT_NOT_CHECKED"]


class _Group(TyperGroup):
    """Turns :class:`pairchk.cli.core.Exit` (the commands' ``fail``) into ``typer.Exit``."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except Exit as exc:
            raise typer.Exit(exc.code) from None


app = typer.Typer(
    cls=_Group,
    add_completion=False,
    no_args_is_help=True,
    help="Read, convert and check chess tournament files.\n\n"
         "Example: pairchk check fixtures/club_open_2026.trf",
    pretty_exceptions_enable=False,
)


from .typerfast import plain_help  # noqa: E402

plain_help()


def _param(command: str, name: str) -> Any:
    """The typer declaration of option ``name`` of ``command`` (from core.OPTIONS)."""
    o = OPTIONS[command][name]
    if not o.flags:
        return typer.Argument(..., metavar=o.metavar, help=o.help)
    extra: dict[str, Any] = {k: v for k, v in (("min", o.min), ("metavar", o.metavar))
                             if v is not None}
    return typer.Option(o.default, *o.flags, help=o.help, **extra)


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"pairchk {__version__}")
        raise typer.Exit(0)


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_show_version,
                                 help="Show the version and exit."),
) -> None:
    if ctx.invoked_subcommand is None:  # `pairchk` alone prints the help (no_args_is_help)
        typer.echo(ctx.get_help())
        raise typer.Exit(EXIT_USAGE)


def main() -> None:
    from .typerfast import lighten

    lighten()
    code: Any = 0
    try:
        app()
    except SystemExit as exc:
        code = exc.code
    except PairchkError as exc:  # a last safety net: never a traceback for bad input
        typer.echo(f"error: {exc}", err=True)
        code = getattr(exc, "exit_code", EXIT_UNREADABLE)
    except KeyboardInterrupt:  # Ctrl-C, e.g. in the middle of a batch
        typer.echo("interrupted", err=True)
        code = 130
    except OSError as exc:  # stdout full or closed mid-report
        code = _os_error(exc)
    sys.exit(flush_stdout() or code)


def _os_error(exc: OSError) -> int:
    """An OS error no command caught (writing the report to a full or closed stdout): a
    located message and exit 3; a closed pipe (``| head``) ends quietly."""
    from ..output import _silence_stdout

    _silence_stdout()
    if isinstance(exc, BrokenPipeError):
        return 1
    typer.echo(f"error: {exc.filename or '<stdout>'}: cannot write: {exc.strerror or exc}",
               err=True)
    return EXIT_UNREADABLE


def _accelerate(t, acceleration: Optional[str]):
    """``t`` with the ``--acceleration`` variant applied; a bad value exits 2."""
    from ..acceleration import apply_acceleration

    try:
        return apply_acceleration(t, acceleration)
    except PairchkError as exc:
        fail(str(exc), EXIT_USAGE)


def _why_not_paired(t, number: int, rnd: int) -> str:
    """``22 (zero-point bye)``: a player left out of the pairing, and why."""
    from ..model import Kind, Status

    p = t.by_number.get(number)
    if p is None:
        return str(number)
    kind = p.entry(rnd).kind
    why = {Kind.HALF_BYE: "half-point bye", Kind.ZERO_BYE: "zero-point bye",
           Kind.FULL_BYE: "full-point bye"}.get(kind)
    if why is None:
        why = "withdrawn" if p.status is Status.WITHDRAWN else "absent"
    return f"{number} ({why})"


def _fail_run(file: str, exc: PairchkError) -> NoReturn:
    """A question without answer (an --edition the system does not have, a team system for a
    file without teams) is a usage error (2); anything else 1."""
    if getattr(exc, "exit_code", None) == EXIT_USAGE:
        fail(f"{file}: {exc}", EXIT_USAGE)
    fail(f"{file}: {exc}", EXIT_FINDINGS)


def _pairable(file: str, t, round_: Optional[int]) -> None:
    """Refuse, before any work, a round that cannot be asked for: one after the declared
    number of rounds (nothing left to pair), a file whose games do not match back (exit 3, as
    check)."""
    from ..validate import tournament_inconsistencies

    bad = tournament_inconsistencies(t)
    if bad:
        more = f" and {len(bad) - 1} more (see pairchk validate)" if len(bad) > 1 else ""
        fail(f"{file}: {bad[0].message}{more}; no round can be paired from inconsistent data",
             EXIT_UNREADABLE)
    last = t.last_paired_round
    rnd = round_ or last + 1
    if t.rounds and rnd > t.rounds:
        fail(f"{file}: the tournament has {t.rounds} rounds"
             + (", all paired" if last >= t.rounds else "")
             + f"; round {rnd} is not one of them: nothing left to pair", EXIT_USAGE)
    # a round beyond the next: pairchk.pair refuses it naming the next one (exit 2)


@app.command("check")
def check_cmd(
    files: list[str] = _param("check", "files"),
    system: Optional[str] = _param("check", "system"),
    edition: Optional[str] = _param("check", "edition"),
    fmt: str = _param("check", "fmt"),
    from_: Optional[str] = _param("check", "from_"),
    acceleration: Optional[str] = _param("check", "acceleration"),
    html: Optional[str] = _param("check", "html"),
    jobs: int = _param("check", "jobs"),
    scheduler: Optional[str] = _param("check", "scheduler"),
    summary: Optional[str] = _param("check", "summary"),
    force: bool = _param("check", "force"),
    quiet: bool = _param("check", "quiet"),
    verbose: bool = _param("check", "verbose"),
    explain: Optional[int] = _param("check", "explain"),
    maxi: Optional[str] = _param("check", "maxi"),
) -> None:
    """Re-pair every round and report where the published pairings deviate, and why.

    The pairing system is the one the file declares (TRF26 192, TRF16 092, the format's own
    field) unless --system is given; the report's first line says which and from where.

    Exit status: 0 every round ok; 1 a round deviates or breaks an absolute rule; 2 usage
    error; 3 a file cannot be read; 4 not checked (the file declares a system pairchk cannot
    pair, e.g. a team tournament, or no round could be checked; the rules every system shares
    were still checked); for several files, the worst of them.

    Example: pairchk check fixtures/club_open_2026.trf --html report.html

    Example: pairchk check fixtures/club_open_2026.trf --explain 4
    """
    from .core import check

    raise typer.Exit(check(files, system=system, edition=edition, fmt=fmt, from_=from_,
                           acceleration=acceleration, html=html, jobs=jobs, summary=summary,
                           force=force, scheduler=scheduler, quiet=quiet, verbose=verbose,
                           explain=explain, maxi=maxi))


@app.command("pair")
def pair_cmd(
    file: str = typer.Argument(..., help="Tournament file ('-' for stdin)."),
    round_: Optional[int] = typer.Option(
        None, "--round", min=1, help="Round to pair from the history before it (default: the next)."),
    system: Optional[str] = typer.Option(None, "--system", help=_SYSTEM_HELP),
    edition: Optional[str] = typer.Option(None, "--edition", help=_EDITION_HELP),
    fmt: str = typer.Option("text", "--format", help="Output format: text or json."),
    from_: Optional[str] = typer.Option(None, "--from", help=_FROM_HELP),
    acceleration: Optional[str] = typer.Option(None, "--acceleration", help=_ACCEL_HELP),
    maxi: Optional[str] = _param("check", "maxi"),
    tournament: Optional[str] = typer.Option(None, "--tournament", metavar="ID|NAME",
                                             help=_TOURNAMENT_HELP),
) -> None:
    """Pair the next round (or --round N) with the file's system; boards in FIDE board order.

    Exit status: 0 paired; 1 the round cannot be paired; 2 usage error; 3 unreadable file.

    Example: pairchk pair fixtures/club_open_2026.trf --round 5
    """
    import json

    import pairchk

    from ..system import UnpairableError

    if fmt not in ("text", "json"):
        fail(f"unknown output format {fmt!r}; known: text, json", EXIT_USAGE)
    _known_system(system)
    known_format(from_)
    from .core import known_system_options

    options = dict(known_system_options(system, {"maxi": maxi}))
    t = _accelerate(_load_tournament(file, from_, tournament=tournament), acceleration)
    _pairable(file, t, round_)
    try:
        res = pairchk.pair(t, system=system, edition=edition, round=round_, options=options)
    except UnpairableError as exc:
        fail(f"{file}: round {round_ or t.last_paired_round + 1} cannot be paired: {exc}",
             EXIT_FINDINGS)
    except PairchkError as exc:
        _fail_run(file, exc)
    pairing = res.pairing
    if not pairing.pairs and pairing.bye is None:
        fail(f"{file}: nothing to pair in round {pairing.round}: no player is left to meet"
             " another (the schedule or the field is exhausted)", EXIT_USAGE)
    if fmt == "json":
        typer.echo(json.dumps({**pairing.as_json(), "system": res.system, "edition": res.edition,
                               "not_paired": list(res.not_paired)}, indent=2))
        return
    ed = f"edition {res.edition}: " if res.edition else ""  # one-text systems (club) have none
    typer.echo(f"round {pairing.round} ({res.system} {res.system_reason}; {ed}{res.edition_reason})")
    width = len(str(len(pairing.pairs)))
    for board, p in enumerate(pairing.pairs, 1):
        typer.echo(f"board {board:>{width}}: white {p.white} - black {p.black}")
    typer.echo(f"bye: {pairing.bye if pairing.bye is not None else 'none'}")
    if res.not_paired:  # withdrawn, requested byes, absent (C.04.2 3.2-3.3)
        typer.echo("not paired: " + ", ".join(_why_not_paired(t, n, pairing.round)
                                              for n in res.not_paired))


# --------------------------------------------------------------------------- schedule

_FIXED = ("berger", "rutsch", "travel-partner", "knockout")


@app.command("schedule")
def schedule_cmd(
    system: Optional[str] = typer.Option(
        None, "--system", help="berger, rutsch, travel-partner or knockout."),
    players: int = typer.Option(..., "--players", min=2, help="Number of players (teams for travel-partner)."),
    double: bool = typer.Option(False, "--double", help="berger: double round robin."),
    plain: bool = typer.Option(
        False, "--plain", help="berger --double: do not swap the last two rounds of cycle 1."),
    partners: str = typer.Option(
        "first", "--partners", help="travel-partner: partners meet 'first' or on their 'home' weekend."),
    seeds: Optional[int] = typer.Option(
        None, "--seeds", min=0, help="knockout: seeded players (default all); the rest are drawn."),
    draw_seed: Optional[int] = typer.Option(None, "--draw-seed", help="knockout: seed of the lot."),
    fmt: str = typer.Option("text", "--format", help="Output format: text or json."),
    acceleration_advice: bool = typer.Option(
        False, "--acceleration-advice",
        help="Swiss: print the recommended Swiss-Chess start groups for --players and --rounds."),
    rounds_: Optional[int] = typer.Option(None, "--rounds", min=1, help="Swiss: number of rounds."),
) -> None:
    """Print the fixed schedule of a round robin, travel-partner league or knockout bracket,
    or (--acceleration-advice) how many start groups to accelerate a Swiss with.

    Example: pairchk schedule --system berger --players 6
    """
    import importlib
    import json

    from .. import systems

    if acceleration_advice:
        _print_advice(players, rounds_, fmt)
        return
    if system is None:
        fail("--system is required (or --acceleration-advice)", EXIT_USAGE)

    if system not in _FIXED:
        fail(f"--system must be one of {', '.join(_FIXED)}, got {system!r}", EXIT_USAGE)
    if fmt not in ("text", "json"):
        fail(f"unknown output format {fmt!r}; known: text, json", EXIT_USAGE)
    if partners not in ("first", "home"):
        fail(f"--partners must be 'first' or 'home', got {partners!r}", EXIT_USAGE)
    if (double or plain) and system != "berger":
        fail("--double and --plain apply to --system berger only", EXIT_USAGE)
    mod = importlib.import_module(systems.MODULES[system])
    try:
        rounds = mod.schedule(players, double=double, swap_last=not plain, partners=partners,
                              seeds=seeds, draw_seed=draw_seed)
    except PairchkError as exc:
        fail(str(exc), EXIT_USAGE)
    if fmt == "json":
        typer.echo(json.dumps({"system": system, "players": players,
                               "rounds": [r.as_json() for r in rounds]}, indent=2))
        return
    render = getattr(mod, "render", None) or importlib.import_module(systems.MODULES["berger"]).render
    typer.echo(render(rounds), nl=False)


def _print_advice(players: int, rounds: Optional[int], fmt: str) -> None:
    import json

    from ..acceleration import advice

    if rounds is None:
        fail("--acceleration-advice needs --rounds", EXIT_USAGE)
    try:
        a = advice(players, rounds)
    except PairchkError as exc:
        fail(str(exc), EXIT_USAGE)
    if fmt == "json":
        typer.echo(json.dumps({"players": a.players, "rounds": a.rounds, "groups": a.groups,
                               "enough": a.enough, "reasoning": a.reasoning.splitlines()}, indent=2))
        return
    typer.echo(a.reasoning)


# --------------------------------------------------------------------------- convert / validate

@app.command("convert")
def convert_cmd(
    paths: list[str] = typer.Argument(
        ..., metavar="IN [OUT]", help="Input file (- for stdin) and output file (- for stdout); "
                                      "with -o DIR: input files, folders or globs."),
    out_dir: Optional[str] = typer.Option(
        None, "--output-dir", "-o", help="Write one file per input into this folder."),
    from_: Optional[str] = typer.Option(None, "--from", help=_FROM_HELP),
    to: Optional[str] = typer.Option(None, "--to", help="Output format (default: from OUT's extension)."),
    set_: list[str] = typer.Option([], "--set", metavar="KEY=VALUE",
                                   help="Metadata the input lacks, e.g. --set location=Madrid (repeatable)."),
    force: bool = typer.Option(False, "--force", help="Replace an existing output file (never the input)."),
    tournament: Optional[str] = typer.Option(
        None, "--tournament", metavar="ID|NAME",
        help=_TOURNAMENT_HELP + " With -o DIR and without it: one file per tournament."),
    recompute: bool = typer.Option(False, "--recompute",
                                   help="Write points and ranks recomputed from the results"
                                        " (default: as the input declares them)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help=_JOBS_HELP),
    summary: Optional[str] = typer.Option(None, "--summary", help=_SUMMARY_HELP),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print no warnings."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help=_VERBOSE_HELP),
) -> None:
    """Convert a tournament file to another format; warns about anything not carried.

    An existing OUT is not replaced without --force, and never when it is the input.

    Example: pairchk convert fixtures/club_open_2026.trf club.xlsx
    """
    from ..check import batch
    from .. import formats
    from ..formats.settings import parse_settings

    try:
        settings = parse_settings(set_ + (["recompute=yes"] if recompute else []))
        target = formats.get(to) if to else None
    except PairchkError as exc:
        fail(str(exc), EXIT_USAGE)
    if out_dir is not None:
        _convert_batch(paths, out_dir, target, from_, settings, force, jobs, summary,
                       _verbosity(quiet, verbose), tournament)
        return
    if len(paths) != 2:
        fail("convert takes IN OUT (or several inputs with -o DIR); got "
             f"{len(paths)} name(s): {' '.join(paths)}", EXIT_USAGE)
    src, dst = paths
    if target is None:
        target = formats.format_for_output(dst)
        if target is None:
            fail(f"{dst}: cannot tell the output format from the name (hint: name it with --to;"
                 f" known formats: {', '.join(formats.names())})", EXIT_USAGE)
    if not getattr(target, "CAN_WRITE", True):
        fail(f"format {target.NAME!r} can be read but not written", EXIT_USAGE)
    problem = batch.output_problem(dst, [src], force=force)
    if problem:
        fail(problem, EXIT_USAGE)
    _convert_one(src, dst, target, from_, settings, explicit_to=bool(to),
                 verbosity=_verbosity(quiet, verbose), force=force, tournament=tournament)


def _convert_one(src: str, dst: str, target, from_: Optional[str], settings: dict,
                 *, explicit_to: bool, verbosity: int, force: bool = False,
                 tournament: Optional[str] = None) -> None:
    from ..check import batch
    from ..formats.settings import apply_settings, check_options
    from ..output import print_warnings

    try:
        source, loaded = batch.load(src, from_, tournament=tournament)
    except batch.Ambiguous as exc:
        fail(f"{exc}; or write one file per tournament with -o DIR", EXIT_USAGE)
    except batch.Unreadable as exc:
        fail(str(exc), EXIT_UNREADABLE)
    if not explicit_to and target.NAME == "trf" and source.NAME == "trf26":
        target = source  # OUT.trf from a TRF26 file stays TRF26 (name OUT.trf26 or --to to choose)
    warnings = [str(w) for w in loaded.warnings]
    try:
        t, rest = apply_settings(loaded.tournament, settings)
        check_options(rest, target.NAME, getattr(target, "OPTIONS", {}))
    except PairchkError as exc:
        print_warnings(warnings, verbosity)
        fail(str(exc), EXIT_USAGE)
    options = dict(loaded.meta.get("dump_options", {})) if target.NAME == source.NAME else {}
    options.update(rest)
    try:
        dumped = target.dump(t, **options)
    except PairchkError as exc:
        print_warnings(warnings, verbosity)
        fail(f"{dst}: cannot write {target.NAME}: {exc}", EXIT_FINDINGS)
    print_warnings(warnings + [str(w) for w in dumped.warnings], verbosity)
    write_output(dst, dumped.data, force=force, inputs=[src])


def _convert_batch(paths: list[str], out_dir: str, target, from_: Optional[str], settings: dict,
                   force: bool, jobs: int, summary: Optional[str], verbosity: int,
                   tournament: Optional[str] = None) -> None:
    import os

    from ..check import batch

    if target is not None and not getattr(target, "CAN_WRITE", True):
        fail(f"format {target.NAME!r} can be read but not written", EXIT_USAGE)
    if out_dir == "-":
        fail("-o names a folder for the converted files; '-' (stdout) cannot hold several",
             EXIT_USAGE)
    if not 1 <= jobs <= MAX_JOBS:
        fail(f"--jobs {jobs}: expected 1 to {MAX_JOBS} processes", EXIT_USAGE)
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        fail(f"-o {out_dir}: not a folder", EXIT_USAGE)
    from ..output import OutputError, prepare_folder

    try:
        prepare_folder(out_dir)
    except OutputError as exc:
        fail(str(exc), exc.exit_code)
    if summary and not summary.lower().endswith((".csv", ".json")):
        fail(f"--summary {summary}: name a .csv or .json file", EXIT_USAGE)
    files = batch.expand(paths)
    options = (("out_dir", out_dir), ("to", target.NAME if target else None), ("from", from_),
               ("settings", tuple(settings.items())), ("force", force), ("skip", True))
    plan = batch.Plan(jobs=jobs, verbosity=verbosity, single=False, summary_path=summary or "",
                      columns=("ok", "failed", "unreadable"), force=force, inputs=tuple(files))
    if tournament is not None:  # that tournament of each file
        tasks = [batch.Task("convert", f, options + (("tournament", tournament),)) for f in files]
    else:  # every tournament of each file, one output file each
        tasks = batch.tasks_for("convert", files, options, from_)
    results = batch.drive(tasks, plan)
    raise typer.Exit(batch.worst_exit(results))


@app.command("validate")
def validate_cmd(
    files: list[str] = _param("validate", "files"),
    from_: Optional[str] = _param("validate", "from_"),
    jobs: int = _param("validate", "jobs"),
    scheduler: Optional[str] = _param("validate", "scheduler"),
    summary: Optional[str] = _param("validate", "summary"),
    force: bool = _param("validate", "force"),
    quiet: bool = _param("validate", "quiet"),
    verbose: bool = _param("validate", "verbose"),
) -> None:
    """List every finding in tournament files. Exit 0: no error, 1: errors, 3: unreadable.

    Example: pairchk validate fixtures/club_open_2026.trf
    """
    from .core import validate

    raise typer.Exit(validate(files, from_=from_, jobs=jobs, scheduler=scheduler, summary=summary,
                              force=force, quiet=quiet, verbose=verbose))


@app.command("formats")
def formats_command(
    fmt: str = typer.Option("text", "--format", help="Output format: text or json."),
) -> None:
    """List every file format with read/write support and what it cannot carry.

    Example: pairchk formats --format json
    """
    import json

    from .. import formats
    from ..formats import carry

    rows: list[dict[str, Any]] = []
    for name in formats.names():
        mod = formats.get(name)
        rows.append({
            "name": name,
            "read": bool(getattr(mod, "CAN_READ", True)),
            "write": bool(getattr(mod, "CAN_WRITE", True)),
            "extensions": list(getattr(mod, "EXTENSIONS", ())),
            "cannot_carry": list(getattr(mod, "CANNOT_CARRY", ())),
        })
    if fmt not in ("text", "json"):
        fail(f"unknown output format {fmt!r}; known: text, json", EXIT_USAGE)
    if fmt == "json":
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for row in rows:
        rw = "/".join(x for x, ok in (("read", row["read"]), ("write", row["write"])) if ok)
        typer.echo(f"{row['name']:<14} {rw:<11} {' '.join(row['extensions'])}")
        if not row["cannot_carry"]:
            typer.echo("    cannot carry: nothing")
        for key in row["cannot_carry"]:
            desc = carry.DESCRIPTIONS.get(key)
            typer.echo(f"    cannot carry {key}" + (f": {desc}" if desc else ""))


# --------------------------------------------------------------------------- generate


@app.command("generate")
def generate_cmd(
    system: str = typer.Option("dutch", "--system", help="Pairing system of every round: dutch,"
                               " berger, rutsch or any Swiss system of the registry."),
    edition: Optional[str] = typer.Option(None, "--edition", help=_EDITION_HELP),
    players: Optional[int] = typer.Option(None, "--players", help="Number of players (2-9999)."),
    rounds: int = typer.Option(..., "--rounds", help="Number of rounds."),
    seed: int = typer.Option(0, "--seed", help="Random seed: the same seed, the same file."),
    teams: Optional[int] = typer.Option(None, "--teams", help="--system team: number of teams."),
    boards: int = typer.Option(4, "--boards", help="--system team: boards per match."),
    draw_rate: float = typer.Option(0.3, "--draw-rate", help="Share of games drawn."),
    forfeit_rate: float = typer.Option(0.0, "--forfeit-rate", help="Share of pairings forfeited."),
    bye_rate: float = typer.Option(0.0, "--bye-rate", help="Chance a player requests a half- or"
                                   " zero-point bye for a round."),
    withdraw_rate: float = typer.Option(0.0, "--withdraw-rate", help="Share of players withdrawing."),
    acceleration: Optional[str] = typer.Option(None, "--acceleration", help=_ACCEL_HELP),
    points: str = typer.Option("1-0.5-0", "--points", help="win-draw-loss, e.g. 3-1-0."),
    pab_points: Optional[str] = typer.Option(None, "--pab-points", help="Points of the PAB"
                                             " (default: a win)."),
    tiebreaks: Optional[str] = typer.Option(None, "--tiebreaks", help="Tie-break list for the"
                                            " file, comma-separated (default BH/C1,BH,SB,WIN)."),
    to: str = typer.Option("trf26", "--to", help="Output format: trf26, trf, json, ..."),
    out: str = typer.Option("-", "-o", "--output", help="Output file ('-' for stdout)."),
    force: bool = typer.Option(False, "--force", help=_FORCE_HELP),
    maxi: Optional[str] = _param("check", "maxi"),
) -> None:
    """Generate a random tournament paired round by round by --system (an RTG, C.04.A).

    Example: pairchk generate --players 11 --rounds 5 --seed 7 -o random.trf
    """
    from ..generate.individual import DEFAULT_TIEBREAKS, Settings, generate
    from .core import known_system_options

    refuse_output(out, [], force)
    if system == "team":
        _generate_team(teams, boards, rounds, seed, draw_rate, forfeit_rate, to, out, edition,
                       force)
        return
    if players is None:
        fail("missing option --players (the number of players)", EXIT_USAGE)
    tb = DEFAULT_TIEBREAKS if tiebreaks is None else tuple(
        x.strip() for x in tiebreaks.split(",") if x.strip())
    if tiebreaks is None and system == "club":  # the club's own list: points, then Buchholz
        tb = ("BH",)
    settings = Settings(system=system, edition=edition, players=players, rounds=rounds, seed=seed,
                        draw_rate=draw_rate, forfeit_rate=forfeit_rate, bye_rate=bye_rate,
                        withdraw_rate=withdraw_rate, acceleration=acceleration or "",
                        points=points, pab_points=pab_points, tiebreaks=tb,
                        system_options=known_system_options(system, {"maxi": maxi}))
    _generate_into(lambda on_round: generate(settings, on_round=on_round), settings.validate,
                   rounds, to, out, force)


def _generate_team(teams: Optional[int], boards: int, rounds: int, seed: int, draw_rate: float,
                   forfeit_rate: float, to: str, out: str, edition: Optional[str],
                   force: bool) -> None:
    """``generate --system team``: a Swiss team event paired by C.04.6 (pairchk.generate.team)."""
    from ..generate.team import TeamSettings, generate_team

    if teams is None:
        fail("--system team needs --teams N (and --boards B)", EXIT_USAGE)
    settings = TeamSettings(teams=teams, boards=boards, rounds=rounds, seed=seed,
                            draw_rate=draw_rate, board_forfeit_rate=forfeit_rate,
                            edition=edition)
    _generate_into(lambda on_round: generate_team(settings), settings.validate, rounds, to,
                   out, force)


def _generate_into(make, validate, rounds: int, to: str, out: str, force: bool) -> None:
    """Validate, generate (a bar per round on a terminal: a large field can take minutes),
    write as ``to`` into ``out``; say when the event stops early."""
    from .. import formats
    from ..output import Progress

    try:
        target = formats.get(to)
        if not getattr(target, "CAN_WRITE", True):
            fail(f"format {target.NAME!r} can be read but not written", EXIT_USAGE)
        validate()
        with Progress(rounds, "generating") as bar:
            t = make(lambda rnd: bar.advance(f"pairing round {rnd} of {rounds}"))
        dumped = target.dump(t)
    except PairchkError as exc:
        fail(str(exc), EXIT_USAGE)
    for w in dumped.warnings:
        warn(str(w))
    if t.played_rounds < rounds:
        warn(f"warning: round {t.played_rounds + 1} cannot be paired; the file stops after"
             f" round {t.played_rounds}")
    write_output(out, dumped.data, force=force)


# --------------------------------------------------------------------------- crosscheck


@app.command("crosscheck")
def crosscheck_cmd(
    engine: Optional[str] = typer.Option(
        None, "--engine", metavar="'COMMAND {input} {output}'",
        help="The engine to test: pairs the next round of {input} (TRF) into {output} (the "
             "engines' pairs file), e.g. 'bbpPairings.exe --dutch {input} -p {output}'."),
    check_with: Optional[str] = typer.Option(
        None, "--check-with", metavar="'COMMAND {input}'",
        help="The other way: hand pairchk's tournaments to this checker and read its verdict, "
             "e.g. 'bbpPairings.exe --dutch {input} -c'."),
    system: str = typer.Option("dutch", "--system", help="Pairing system of every round (default"
                               " dutch)."),
    edition: Optional[str] = typer.Option(None, "--edition", help=_EDITION_HELP),
    tournaments: int = typer.Option(100, "--tournaments", min=1, help="Number of tournaments."),
    seed: int = typer.Option(0, "--seed", help="Random seed: the same seed, the same cases."),
    players: str = typer.Option("5-60", "--players", metavar="A-B", help="Players per event."),
    rounds: str = typer.Option("3-11", "--rounds", metavar="A-B", help="Rounds per event."),
    mix: str = typer.Option(",".join(_KINDS), "--mix",
                            help="Kinds of event, cycled: " + ",".join(_KINDS) + "."),
    timeout: float = typer.Option(60.0, "--timeout", help="Seconds per engine or checker call."),
    to: Optional[str] = typer.Option(None, "--to", help="TRF written for the command: trf26 or"
                                     " trf (default trf26; trf, i.e. TRF(bx), for --edition 2017)."),
    max_discrepancies: int = typer.Option(0, "--max-discrepancies", min=0,
                                          help="Exit 0 with at most this many (default 0)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Tournaments run in parallel"
                             " (processes of this machine)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS",
                                            help=_SCHEDULER_HELP),
    out: Optional[str] = typer.Option(None, "--out", metavar="DIR", help="Keep every case's "
                                      "result there, each discrepancy as TRF + explanation."),
    resume: bool = typer.Option(False, "--resume", help="Continue the interrupted run in --out."),
    fmt: str = typer.Option("text", "--format", help="Output format: text or json."),
) -> None:
    """Test an engine the way FIDE does: random tournaments, every round paired by the engine,
    every round checked by pairchk (or pairchk's tournaments checked by another checker).

    Exit status: 0 discrepancies within --max-discrepancies and no engine failure or timeout;
    1 otherwise; 2 usage error.

    Example: pairchk crosscheck --engine 'bbpPairings.exe --dutch {input} -p {output}' --tournaments 1000 --jobs 2
    """
    import json

    from ..check.crosscheck import CrosscheckError, Plan, crosscheck, parse_range
    from ..check.executors import SchedulerError
    from ..generate.cases import RandomCases

    if fmt not in ("text", "json"):
        fail(f"unknown output format {fmt!r}; known: text, json", EXIT_USAGE)
    if to not in (None, "trf26", "trf"):
        fail(f"--to {to}: the command reads trf26 or trf", EXIT_USAGE)
    _known_system(system)
    if resume and not out:
        fail("--resume continues the run kept in --out DIR: give --out", EXIT_USAGE)
    try:
        cases = RandomCases(system=system, edition=edition, seed=seed,
                            players=parse_range(players, "--players"),
                            rounds=parse_range(rounds, "--rounds"),
                            mix=tuple(k.strip() for k in mix.split(",") if k.strip()))
        plan = Plan(cases, engine=engine or "", check_with=check_with or "", system=system,
                    edition=edition, tournaments=tournaments, timeout=timeout, dialect=to or "")
        plan.validate()
        on_case, close = _progress_bar(tournaments)
        try:
            summary = crosscheck(plan, out=out, resume=resume, jobs=jobs,
                                 scheduler=scheduler or "", on_case=on_case)
        finally:
            close()
    except (CrosscheckError, SchedulerError) as exc:
        fail(str(exc), EXIT_USAGE)
    if fmt == "json":
        typer.echo(json.dumps(summary.as_json(), indent=2))
    else:
        typer.echo(summary.text())
        if out:
            typer.echo(f"results in {out}/results.jsonl; discrepancies and failures in {out}/cases/")
    raise typer.Exit(EXIT_OK if summary.within(max_discrepancies) else EXIT_FINDINGS)


def _progress_bar(total: int):
    """(on_case, close): the shared progress bar on stderr when it is a terminal (silent in
    files and pipes), with the count of cases that are not ok."""
    from ..output import Progress

    bar = Progress(total, "crosscheck")
    bad = [0]

    def show(case, done: int, _total: int) -> None:
        bad[0] += case.status != "ok"
        bar.advance(f"crosscheck: {bad[0]} not ok")

    return (show if bar.enabled else None), bar.close

from .standings import register as _register_standings  # noqa: E402

_register_standings(app)  # the standings and submit commands
