"""The ``check`` and ``validate`` commands without the command-line framework.

Two front ends run them: the typer app (:mod:`pairchk.cli.commands`, every command, ``--help``) and
the fast path of :mod:`pairchk.cli` (``check``/``validate`` with plain options, no typer, for
start-up). Both read the options from one table, :data:`OPTIONS`, so they cannot drift, and
both call :func:`check` / :func:`validate`, so messages and exit codes are the same.

The bodies print with :func:`echo` (what ``typer.echo`` does for text) and stop with
:func:`fail` (raises :class:`Exit`); the typer app turns :class:`Exit` into ``typer.Exit``.

>>> OPTIONS["check"]["jobs"].flags
('--jobs', '-j')
>>> sorted(OPTIONS)
['check', 'validate']
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Any, Callable, NoReturn, Optional

from ..errors import PairchkError

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_UNREADABLE = 3
EXIT_NOT_CHECKED = 4  # batch.EXIT_NOT_CHECKED: no round could be checked


class Exit(Exception):
    """Stop the command with exit status ``code`` (its message, if any, is printed already)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def echo(message: str = "", err: bool = False, nl: bool = True) -> None:
    """Print ``message`` and flush, as ``typer.echo`` does for text: on stderr with ``err``;
    ANSI escapes are dropped when the stream is not a terminal."""
    stream = sys.stderr if err else sys.stdout
    out = message + "\n" if nl else message
    if "\x1b" in out and not _isatty(stream):
        import re

        out = re.sub(r"\033\[[;?0-9]*[a-zA-Z]", "", out)  # click.utils.strip_ansi
    if out:
        stream.write(out)
    stream.flush()


def _isatty(stream: Any) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def fail(message: str, code: int) -> NoReturn:
    echo(f"error: {message}", err=True)
    raise Exit(code)


def write_output(path: str, data: bytes | str, *, force: bool = False,
                 inputs: tuple[str, ...] | list[str] = ()) -> None:
    """Write ``data`` to ``path`` ('-': stdout) through the one output writer
    (:func:`pairchk.output.write_output`): an OS error is a located message and exit 3, an
    existing file (the input even with --force) is kept: a message and exit 2."""
    from ..output import OutputError, write_output as write

    try:
        write(path, data, force=force, inputs=inputs)
    except OutputError as exc:
        fail(str(exc), exc.exit_code)


def refuse_output(path: Optional[str], inputs: list[str] | tuple[str, ...], force: bool) -> None:
    """Before any work: exit 2 when ``path`` would replace an existing file (or the input)."""
    from ..output import output_problem

    if path:
        problem = output_problem(path, inputs, force=force)
        if problem:
            fail(problem, EXIT_USAGE)


def flush_stdout() -> int | None:
    """Flush stdout at the end of a command: a full disk or a closed stream is a message and
    exit 3 (a closed pipe, ``| head``, is silent), never a traceback at interpreter exit."""
    from ..output import OutputError, _silence_stdout

    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return None
    except OSError as exc:
        _silence_stdout()
        err = OutputError(f"<stdout>: cannot write: {exc.strerror or exc}")
        echo(f"error: {err}", err=True)
        return EXIT_UNREADABLE
    return None


def warn(message: str) -> None:
    echo(message, err=True)


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """One parameter of a command: ``flags`` empty for the positional files."""

    name: str  # the parameter of the command function
    flags: tuple[str, ...]
    kind: type  # str, int, bool or list (the positional FILE...)
    default: Any = None
    help: str = ""
    min: Optional[int] = None
    metavar: Optional[str] = None


def _system_names() -> str:
    from ..systems import MODULES  # the registry's names, without importing an engine

    return ", ".join(MODULES)


SYSTEM_HELP = (f"Pairing system: {_system_names()} (default: the one the file declares, else"
               " dutch).")
EDITION_HELP = "Rule edition, e.g. 2026 or 2017 for dutch (default: from the file, see the report)."
FROM_HELP = "Input format (default: detected from content and extension)."
MAXI_HELP = ("Lim: the event is (yes) or is not (no) a Maxi-tournament, whose exchanges stay "
             "within 100 rating points (default: more players than 2 to the power of the "
             "rounds; the report says which).")
TOURNAMENT_HELP = ("Which tournament of a file holding several (a Sharly-Chess event): its id in "
                   "the file or its name.")
ACCEL_HELP = ("Acceleration: baku, swiss-chess:2|3|4 or none (default: as the file says, "
              "250/XXA records or a _BAKU system code).")
FILES_HELP = "Tournament files, folders (their tournament files) or globs; '-' for stdin."
JOBS_HELP = "Files processed in parallel (processes)."
SUMMARY_HELP = "Also write the per-file summary to this .csv or .json file."
QUIET_HELP = "Print no warnings and no per-file report (errors and the batch summary only)."
VERBOSE_HELP = "List every warning (by default warnings of one kind are counted)."

_FILES = Option("files", (), list, help=FILES_HELP, metavar="FILE...")
_FROM = Option("from_", ("--from",), str, help=FROM_HELP)
FORCE_HELP = "Replace an existing output file (never an input)."
MAX_JOBS = 64

SCHEDULER_HELP = ("Send the files to the Dask distributed scheduler at ADDRESS (tcp://HOST:PORT;"
                  " needs pip install 'pairchk[cluster]' and pairchk on every worker).")
_BATCH = (Option("jobs", ("--jobs", "-j"), int, 1, JOBS_HELP, min=1),
          Option("scheduler", ("--scheduler",), str, help=SCHEDULER_HELP, metavar="ADDRESS"),
          Option("summary", ("--summary",), str, help=SUMMARY_HELP),
          Option("force", ("--force",), bool, False, FORCE_HELP),
          Option("quiet", ("--quiet", "-q"), bool, False, QUIET_HELP),
          Option("verbose", ("--verbose", "-v"), bool, False, VERBOSE_HELP))

OPTIONS: dict[str, dict[str, Option]] = {
    "check": {o.name: o for o in (
        _FILES,
        Option("system", ("--system",), str, help=SYSTEM_HELP),
        Option("edition", ("--edition",), str, help=EDITION_HELP),
        Option("fmt", ("--format",), str, "text", "Report format: text, json or html."),
        _FROM,
        Option("acceleration", ("--acceleration",), str, help=ACCEL_HELP),
        Option("maxi", ("--maxi",), str, help=MAXI_HELP, metavar="yes|no"),
        Option("html", ("--html",), str,
               help="Also write the HTML report: a file for one input, a folder "
                    "(one page per tournament and index.html) for several."),
        *_BATCH,
        Option("explain", ("--explain",), int, min=1, metavar="N",
               help="Also print round N's table: pairing number, name, score, pairing score, "
                    "colour history and preference, floats, PAB eligibility, score bracket."),
    )},
    "validate": {o.name: o for o in (_FILES, _FROM, *_BATCH)},
}


# --------------------------------------------------------------------------- shared steps


def load_tournament(path: str, fmt: Optional[str], verbosity: int = 1,
                    tournament: Optional[str] = None):
    """Read and parse ``path`` (of a file holding several tournaments, the one ``tournament``
    names); every failure to read exits 3 with a one-line message, a file holding several
    tournaments read without choosing one (or a choice naming none) exits 2 naming them."""
    from ..check import batch
    from ..output import print_warnings

    try:
        _, loaded = batch.load(path, fmt, tournament=tournament)
    except batch.Ambiguous as exc:
        fail(str(exc), EXIT_USAGE)
    except batch.Unreadable as exc:
        fail(str(exc), EXIT_UNREADABLE)
    print_warnings([str(w) for w in loaded.warnings], verbosity)
    return loaded.tournament


def verbosity(quiet: bool, verbose: bool) -> int:
    from ..output import NORMAL, QUIET, VERBOSE

    if quiet and verbose:
        fail("--quiet and --verbose exclude each other", EXIT_USAGE)
    return QUIET if quiet else VERBOSE if verbose else NORMAL


def known_system(system: Optional[str]) -> None:
    from .. import systems

    if system is not None and system not in systems.names():
        fail(f"unknown pairing system {system!r}; known systems: {', '.join(systems.names())}",
             EXIT_USAGE)


def known_edition(system: Optional[str], edition: Optional[str]) -> None:
    """``--edition`` must be one the system has (the declared system is checked per file)."""
    from .. import systems
    from ..model import Tournament

    if edition is None:
        return
    if system is None:
        from ..state import EDITIONS

        if edition in EDITIONS:  # the Dutch editions: known without importing every system
            return
    try:
        if system is None:  # the file's system decides; any edition some system has
            editions = tuple(dict.fromkeys(e for n in systems.names()
                                           for e in systems.get(n).editions if e))
        else:
            editions = systems.get(system).editions
    except PairchkError:
        return
    if edition not in editions:
        # (with no system, editions holds only named ones: never ("",))
        if system is not None and editions == ("",):
            fail(f"--edition applies to the Swiss systems only; {system} has one text "
                 f"({systems.get(system).select_edition(Tournament())[0]})", EXIT_USAGE)
        fail(f"unknown edition {edition!r}; known editions: {', '.join(editions)}", EXIT_USAGE)


def known_format(from_: Optional[str]) -> None:
    """``--from`` must name a format: a usage error (2), not an unreadable file (3)."""
    from .. import formats

    if from_ is not None:
        try:
            formats.get(from_)
        except PairchkError as exc:
            fail(str(exc), EXIT_USAGE)
SYSTEM_OPTION_CHOICES = {"maxi": ("yes", "no")}


def known_system_options(system: Optional[str], values: dict[str, Optional[str]]
                         ) -> tuple[tuple[str, str], ...]:
    """The system options given (``--maxi yes``) as task options; a value not among the
    option's choices, or an option the ``--system`` chosen does not have, exits 2 (without
    ``--system`` the file's system refuses an option it does not have, file by file)."""
    from .. import systems
    from ..system import SystemOptionError, configure

    given = {k: v for k, v in values.items() if v is not None}
    for name, value in given.items():
        if value not in SYSTEM_OPTION_CHOICES[name]:
            fail(f"--{name} {value!r}: expected one of {', '.join(SYSTEM_OPTION_CHOICES[name])}",
                 EXIT_USAGE)
    if given and system is not None:
        try:
            configure(systems.get(system), dict(given))
        except SystemOptionError as exc:
            fail(str(exc), EXIT_USAGE)
    return tuple(given.items())


def _plan(files: list[str], jobs: int, quiet: bool, verbose: bool, summary: Optional[str],
          columns: tuple[str, ...] = (), json_list: bool = False, force: bool = False,
          scheduler: Optional[str] = None):
    """Expand ``files`` and build the run plan (one file named alone: the single-file output)."""
    from ..check import batch

    if not 1 <= jobs <= MAX_JOBS:
        fail(f"--jobs {jobs}: expected 1 to {MAX_JOBS} processes", EXIT_USAGE)
    if summary and not summary.lower().endswith((".csv", ".json")):
        fail(f"--summary {summary}: name a .csv or .json file", EXIT_USAGE)
    refuse_output(summary, files, force)
    paths = batch.expand(files)
    if not paths:
        fail("no tournament file found in " + ", ".join(files), EXIT_UNREADABLE)
    refuse_output(summary, paths, force)
    single = len(files) == 1 and paths == files
    plan = batch.Plan(jobs=jobs, verbosity=verbosity(quiet, verbose), single=single,
                      summary_path=summary or "", columns=columns,
                      json_list=json_list and not single, force=force, inputs=tuple(paths),
                      scheduler=scheduler or "")
    return paths, plan


def _round_progress():
    """An ``on_round(round, total)`` callback drawing a bar on a terminal (None when piped)."""
    from ..output import Progress, is_terminal

    if not is_terminal():
        return None, None
    state: dict = {}

    def on_round(rnd: int, total: int) -> None:
        if "bar" not in state:
            state["bar"] = Progress(total, "checking", enabled=True)
        state["bar"].advance(f"round {rnd} of {total}")

    def close() -> None:
        if "bar" in state:
            state["bar"].close()

    return on_round, close


# --------------------------------------------------------------------------- check / validate


def check(files: list[str], system: Optional[str] = None, edition: Optional[str] = None,
          fmt: str = "text", from_: Optional[str] = None, acceleration: Optional[str] = None,
          html: Optional[str] = None, jobs: int = 1, summary: Optional[str] = None,
          force: bool = False, quiet: bool = False, verbose: bool = False,
          explain: Optional[int] = None, maxi: Optional[str] = None,
          scheduler: Optional[str] = None) -> int:
    """``pairchk check``: the exit status (see the command's help in :mod:`pairchk.cli.commands`)."""
    from ..check import batch, report

    if fmt not in report.RENDERERS:
        fail(f"unknown report format {fmt!r}; known: {', '.join(report.RENDERERS)}", EXIT_USAGE)
    known_system(system)
    known_edition(system, edition)
    if acceleration is not None:
        from ..acceleration import parse_variant

        try:
            parse_variant(acceleration)
        except PairchkError as exc:
            fail(str(exc), EXIT_USAGE)
    known_format(from_)
    system_options = known_system_options(system, {"maxi": maxi})
    paths, plan = _plan(files, jobs, quiet, verbose, summary, batch.CHECK_COLUMNS,
                        json_list=fmt == "json", force=force, scheduler=scheduler)
    if html == "-":
        fail("--html names a file (or a folder for several inputs); for the page on stdout use"
             " --format html", EXIT_USAGE)
    if html and plan.single:
        refuse_output(html, paths, force)
    if html and not plan.single and os.path.exists(html) and not os.path.isdir(html):
        fail(f"--html {html}: several inputs write a folder (one page each), and this is a"
             " file", EXIT_USAGE)
    if fmt == "html" and not plan.single and not html:
        fail("--format html with several files needs --html DIR (one page per tournament)",
             EXIT_USAGE)
    options = (("system", system), ("edition", edition), ("format", fmt), ("from", from_),
               ("acceleration", acceleration), ("html", bool(html)), ("skip", not plan.single),
               ("system_options", system_options))
    tasks = batch.tasks_for("check", paths, options, from_)
    plan = _several(plan, tasks, json_list=fmt == "json")
    if fmt == "html" and not plan.single and not html:
        fail("--format html with a file of several tournaments needs --html DIR (one page per"
             " tournament)", EXIT_USAGE)
    if explain is not None and not plan.single:
        fail("--explain N takes one file" if len(paths) > 1 else
             "--explain N takes one tournament; this file holds several", EXIT_USAGE)
    if explain is not None:
        _explainable(paths[0], from_, explain)
    if plan.single:
        results = _check_single(tasks[0], plan)
        if explain is not None and fmt == "text":
            _print_table(paths[0], from_, system, edition, explain)
    else:
        results = batch.drive(tasks, plan)
    if html:
        from ..check import html as report_html

        from ..output import OutputError

        try:
            written = report_html.write(html, results, single=plan.single, force=force,
                                        inputs=paths)
        except OutputError as exc:
            fail(str(exc), exc.exit_code)
        if plan.verbosity and not plan.single:
            echo(f"HTML report: {written}", err=True)
    return batch.worst_exit(results)


def _explainable(path: str, fmt: Optional[str], rnd: int) -> None:
    """``--explain N`` of a round the file has not paired is a usage error, before any work."""
    from ..check import batch

    try:
        _, loaded = batch.load(path, fmt)
    except batch.Unreadable:
        return  # the check itself reports the unreadable file
    paired = loaded.tournament.played_rounds
    if not 1 <= rnd <= paired:
        fail(f"--explain {rnd}: {path} has {paired} paired round(s); round {rnd} has no"
             " pairing to explain", EXIT_USAGE)


def _print_table(path: str, fmt: Optional[str], system: Optional[str], edition: Optional[str],
                 rnd: int) -> None:
    """``--explain N``: the table of round N, after the report."""
    from ..check.resolve import resolve_system
    from ..check.standin import read_stand_ins
    from ..check.table import table_text

    t, _ = read_stand_ins(load_tournament(path, fmt))
    chosen = resolve_system(t, system)[0]
    ed = chosen.select_edition(t, edition)[0] if chosen is not None else ""
    echo("")
    echo(table_text(t, rnd, ed))


def _check_single(task, plan):
    """One file: a bar per round on a terminal; the report, or the error, as always."""
    from ..check import batch

    on_round, close = _round_progress()
    try:
        result = batch.run_task(task) if on_round is None else batch.check_file(task, on_round)
    finally:
        if close:
            close()
    batch.drive_results([result], plan)
    if task.get("format") == "html" and result.html:
        echo(result.html, nl=False)
    return [result]


def validate(files: list[str], from_: Optional[str] = None, jobs: int = 1,
             summary: Optional[str] = None, force: bool = False, quiet: bool = False,
             verbose: bool = False, scheduler: Optional[str] = None) -> int:
    """``pairchk validate``: the exit status."""
    from ..check import batch

    known_format(from_)
    paths, plan = _plan(files, jobs, quiet, verbose, summary,
                        ("ok", "warnings", "errors", "unreadable"), force=force,
                        scheduler=scheduler)
    tasks = batch.tasks_for("validate", paths, (("from", from_), ("skip", not plan.single)), from_)
    results = batch.drive(tasks, _several(plan, tasks))
    return batch.worst_exit(results)


def _several(plan, tasks, json_list: bool = False):
    """The plan of a batch when the one file named holds several tournaments (a report and a
    summary line for each)."""
    import dataclasses

    if plan.single and len(tasks) > 1:
        return dataclasses.replace(plan, single=False, json_list=json_list)
    return plan


COMMANDS: dict[str, Callable[..., int]] = {"check": check, "validate": validate}
