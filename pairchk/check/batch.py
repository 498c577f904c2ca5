"""Run ``check``, ``validate`` or ``convert`` on many files: expansion, a process pool,
one result per file, a summary.

A file that cannot be read is one result among the others ("unreadable", with its message);
the batch goes on. The exit status of a batch is the one of its worst file
(:func:`worst_exit`). Workers are plain functions of a :class:`Task`, so they run the same in
this process (``--jobs 1``) and in a process pool.

>>> r = [FileResult("a.trf", "ok", 5), FileResult("b.trf", "deviation", 7),
...      FileResult("c.trf", "unreadable", message="c.trf: the file is empty")]
>>> worst_exit(r)
3
>>> print(summary_table(r))
files: 3 (ok 1, deviation 1, unreadable 1)
rounds: 12 in those files
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_UNREADABLE = 3
EXIT_NOT_CHECKED = 4

# statuses from best to worst; the summary table shows them in this order
STATUSES = ("ok", "warnings", "skipped", "not checked", "deviation", "violation", "standings",
            "errors", "failed", "refused", "unreadable")
# "skipped": a file of a batch that is recognisably no tournament file (a README, a
# bbpPairings output, pairchk's own report): listed in the summary, no effect on the exit
EXIT_CODES = {"ok": EXIT_OK, "warnings": EXIT_OK, "skipped": EXIT_OK, "not checked": EXIT_NOT_CHECKED,
              "deviation": EXIT_FINDINGS, "violation": EXIT_FINDINGS, "errors": EXIT_FINDINGS,
              "standings": EXIT_FINDINGS,
              "failed": EXIT_FINDINGS, "refused": EXIT_USAGE, "unreadable": EXIT_UNREADABLE}
# the columns every check summary has, whether or not a file fell in them
CHECK_COLUMNS = ("ok", "deviation", "violation", "not checked", "unreadable")


@dataclass(frozen=True)
class Task:
    """One file to process: the command, its path and the command's options."""

    command: str  # "check", "validate" or "convert"
    path: str
    options: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)


@dataclass
class FileResult:
    """What a worker found in one file."""

    path: str
    status: str
    rounds: int = 0
    message: str = ""  # the error that stopped the file (unreadable, failed)
    output: str = ""  # the report or findings, printed on stdout
    warnings: list[str] = field(default_factory=list)  # printed on stderr, grouped
    round_counts: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    written: str = ""  # convert: the file written
    html: str = ""  # check --html: the page of this tournament
    title: str = ""  # the tournament's name (index page)
    tournament: str = ""  # which tournament of a file holding several: "2 'Open B'"

    @property
    def exit_code(self) -> int:
        return EXIT_CODES.get(self.status, EXIT_FINDINGS)

    @property
    def label(self) -> str:
        """The file, and the tournament of it when it holds several."""
        return f"{self.path} [tournament {self.tournament}]" if self.tournament else self.path

    def as_json(self) -> dict[str, Any]:
        out = {"file": self.path, "status": self.status, "rounds": self.rounds,
               "round_status": dict(self.round_counts), "message": self.message,
               "written": self.written or None, "seconds": round(self.seconds, 3)}
        if self.tournament:
            out["tournament"] = self.tournament
        return out


# --------------------------------------------------------------------------- expansion

_GLOB_CHARS = frozenset("*?[")


def _tournament_files(folder: str) -> list[str]:
    """Files under ``folder`` (recursively) whose name a format claims, sorted; hidden skipped."""
    from .. import formats

    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith(".") and formats.by_extension(name) is not None:
                found.append(os.path.join(root, name))
    return found


def expand(args: Iterable[str]) -> list[str]:
    """The files named by ``args``: files as given, folders by their tournament files, globs.

    A name that matches nothing is kept as it is, so that it is reported as unreadable.
    Duplicates are dropped (first occurrence wins).

    >>> expand(["-"])
    ['-']
    """
    out: list[str] = []
    for arg in args:
        if arg != "-" and os.path.isdir(arg):
            out.extend(_tournament_files(arg))
        elif arg != "-" and not os.path.exists(arg) and _GLOB_CHARS & set(arg):
            import glob

            matches = sorted(glob.glob(arg, recursive=True))
            out.extend(m for m in matches if os.path.isfile(m)) if matches else out.append(arg)
        else:
            out.append(arg)
    return _one_per_tournament(list(dict.fromkeys(out)))  # each once, first place kept


_SP_PARTS = (".trn", ".ini", ".sco")


def _one_per_tournament(paths: list[str]) -> list[str]:
    """SwissPerfect's three files of one tournament (one stem) kept once, as the ``.trn``.

    >>> _one_per_tournament(["a/x.ini", "a/x.sco", "a/x.trn", "a/y.trf"])
    ['a/x.trn', 'a/y.trf']
    """
    stems: dict[str, str] = {}
    for p in paths:
        stem, ext = os.path.splitext(p)
        if ext.lower() in _SP_PARTS:
            best = stems.get(stem)
            if best is None or _SP_PARTS.index(ext.lower()) < _SP_PARTS.index(os.path.splitext(best)[1].lower()):
                stems[stem] = p
    out = []
    for p in paths:
        stem, ext = os.path.splitext(p)
        keep = stems.get(stem, p) if ext.lower() in _SP_PARTS else p
        if keep not in out:
            out.append(keep)
    return out


# --------------------------------------------------------------------------- reading

class Unreadable(Exception):
    """A file could not be read; the message is the one line to print."""


MAX_FILE_BYTES = 256 * 1024 * 1024  # no tournament file is near this; /dev/zero never ends
class NotTournament(Unreadable):
    """A file of a batch that is recognisably no tournament file (the message says what)."""


class Ambiguous(Unreadable):
    """A file holding several tournaments read where one is wanted, or ``--tournament``
    naming none of them: a usage error, its message lists the choices."""


def resolve(path: str) -> str:
    """``path``, or the file of the SwissPerfect tournament it is the stem of."""
    if path == "-" or os.path.exists(path):
        return path
    from ..formats.swissperfect_native import stem_file

    return stem_file(path) or path


def read_bytes(path: str) -> bytes:
    """The bytes of ``path`` ('-': stdin), at most :data:`MAX_FILE_BYTES` of them."""
    import sys

    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise Unreadable(f"{path}: cannot read file: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise Unreadable(f"{path}: cannot read file: larger than {MAX_FILE_BYTES // 2**20} MB,"
                         " which no tournament file is (is it a device or a stream?)")
    return data


def load(path: str, fmt: str | None, *, lenient: bool = False, tournament: str | None = None,
         skip: bool = False):
    """``(format module, Loaded)`` for ``path`` (of a file holding several tournaments, the one
    ``tournament`` names); every failure to read raises :class:`Unreadable`, a file that is
    recognisably no tournament :class:`NotTournament` when ``skip`` (a batch)."""
    from .. import formats
    from ..errors import PairchkError

    path = resolve(path)
    data = read_bytes(path)
    name = None if path == "-" else path
    if skip and not fmt:
        reason = formats.skip_reason(data)
        if reason:
            raise NotTournament(f"{path}: not a tournament file: {reason}")
    try:
        mod = formats.get(fmt) if fmt else formats.detect(data, name)
        if lenient and not hasattr(mod, "load_all"):
            from ..validate import load_lenient

            loaded = load_lenient(data, name, mod.NAME)
            if tournament is not None:
                formats.select([formats.Part("1", loaded.tournament.name, loaded)], tournament, name)
            return mod, loaded
        return mod, formats.checked(mod, data, name, tournament=tournament)
    except formats.TournamentChoiceError as exc:
        raise Ambiguous(str(exc)) from None
    except PairchkError as exc:
        raise Unreadable(str(exc)) from None
    # any other exception is a bug in pairchk, not bad input: run_task reports it as such


def tasks_for(command: str, paths: Sequence[str], options: tuple[tuple[str, Any], ...],
              fmt: str | None = None) -> list[Task]:
    """One task per file, and per tournament of a file that holds several (a Sharly-Chess
    event): ``("tournament", id)`` and its label ``("label", "2 'Open B'")`` in its options."""
    from .. import formats
    from ..errors import PairchkError

    tasks: list[Task] = []
    for path in paths:
        found: list[tuple[str, str]] = []
        real = resolve(path)
        if real != "-" and _may_hold_several(real, fmt):
            try:
                found = formats.tournaments(read_bytes(real), path=real, fmt=fmt)
            except (PairchkError, Unreadable):
                found = []  # the worker reports why the file cannot be read
        if len(found) > 1:
            tasks.extend(Task(command, path, options + (("tournament", ident),
                                                        ("label", f"{ident} {name!r}")))
                         for ident, name in found)
        else:
            tasks.append(Task(command, path, options))
    return tasks


def _may_hold_several(path: str, fmt: str | None) -> bool:
    """Whether ``path``'s format (named, or by its extension, else its first bytes) is one
    whose files hold several tournaments; reads at most a few bytes."""
    from .. import formats
    from ..errors import PairchkError

    try:
        if fmt:
            return hasattr(formats.get(fmt), "list_tournaments")
        mod = formats.by_extension(os.path.basename(path))
        if mod is not None:
            return hasattr(mod, "list_tournaments")
        with open(path, "rb") as fh:
            head = fh.read(16)
        return head.startswith(b"SQLite format 3")
    except (OSError, PairchkError):  # an unknown --from or an unreadable file: the worker says it
        return False


# --------------------------------------------------------------------------- workers

def check_status(report: Any) -> str:
    """The verdict on a whole file: its worst round; ``not checked`` when no round was or the
    file's system cannot be paired (``report.not_checked``) and no shared rule is broken."""
    statuses = {r.status for r in report.rounds}
    if "violation" in statuses:
        return "violation"
    if statuses - {"ok", "not checked"}:
        return "deviation"
    if getattr(report, "not_checked", "") or not statuses or statuses <= {"not checked"}:
        return "not checked"
    return "ok"


def _check_report(t: Any, task: Task, on_round: Callable[[int, int], None] | None):
    """Check tournament ``t`` with the task's system (None: the file's); raises ``_Failed``."""
    from .. import systems
    from ..errors import PairchkError, UnknownEditionError
    from .checker import check
    from .resolve import resolve_system

    system, edition, path = task.get("system"), task.get("edition"), task.path
    try:
        chosen = systems.get(system) if system is not None else None
        if on_round is not None:
            chosen = _Counting(resolve_system(t, chosen)[0], on_round, t.played_rounds) \
                if resolve_system(t, chosen)[0] is not None else chosen
        report = check(t, system=chosen, edition=edition, path=path,
                       suggest_acceleration=task.get("acceleration") is None,
                       options=dict(task.get("system_options", ())))
        if system is not None:
            report.system_reason = "chosen with --system"
        return report, _standings_notes(t)
    except UnknownEditionError as exc:  # the file's system has no such --edition: a usage error
        raise _Refused(f"{path}: {exc}")
    except PairchkError as exc:
        raise _Failed(f"{path}: {exc}", getattr(exc, "exit_code", None) == EXIT_USAGE)


def _standings_notes(t: Any) -> list[str]:
    """Issue 12 (C.02.03 §7, a pairings *and tie-break* checker): published ranks that the
    tie-break list contradicts, one line per player (pairchk.standings.ranking.check_standings)."""
    from ..errors import PairchkError

    if not _publishes_ranks(t):
        return []  # nothing to compare: do not import the tie-break machinery (start-up)
    from ..standings.ranking import check_standings

    try:
        return [f"error: standings: {f.message}" if f.checked else f"warning: standings: {f.message}"
                for f in check_standings(t)]
    except PairchkError as exc:
        return [f"warning: standings not checked: {exc}"]


def _publishes_ranks(t: Any) -> bool:
    """Whether ``t`` publishes ranks that check_standings compares: some player or team has a
    rank and the ranks are not merely the starting numbers again (pairchk.standings.ranking
    ._check_ranks finds nothing otherwise). Knockouts rank by elimination: nothing to check.

    >>> from pairchk.model import Player, Tournament
    >>> _publishes_ranks(Tournament(players=(Player(1, rank=1), Player(2, rank=2))))
    False
    >>> _publishes_ranks(Tournament(players=(Player(1, rank=2), Player(2, rank=1))))
    True
    """
    if "KNOCKOUT" in (t.system + t.system_text).upper():
        return False
    return any(any(x.rank for x in units) and not all(x.rank == x.number for x in units)
               for units in (t.players, t.teams))


class _Counting:
    """A System whose ``state`` reports each round to ``on_round(round, total)``."""

    def __init__(self, system: Any, on_round: Callable[[int, int], None], total: int):
        self._system, self._on_round, self._total = system, on_round, total

    def __getattr__(self, name: str) -> Any:
        return getattr(self._system, name)

    def with_options(self, values: dict[str, str]) -> Any:
        return _Counting(self._system.with_options(values), self._on_round, self._total)

    def state(self, t: Any, rnd: int, **kw: Any) -> Any:
        if rnd >= 1:
            self._on_round(rnd, self._total)
        return self._system.state(t, rnd, **kw)


class _Failed(Exception):
    """A file the command could not finish; ``refused`` when the question it was asked has no
    answer (an edition the system lacks, a team system for a file without teams): exit 2."""

    def __init__(self, message: str, refused: bool = False) -> None:
        super().__init__(message)
        self.refused = refused


class _Refused(_Failed):
    """The check was refused for a usage error (an --edition the file's system does not have)."""


def check_file(task: Task, on_round: Callable[[int, int], None] | None = None) -> FileResult:
    """Read and check one file (the ``check`` command's work on it)."""
    from . import report
    from ..validate import pairing_inconsistencies

    start = time.perf_counter()
    try:
        _, loaded = _load_task(task)
    except Unreadable as exc:
        return _not_read(task, exc, start)
    warnings = [str(w) for w in loaded.warnings]
    t = loaded.tournament
    bad = pairing_inconsistencies(loaded, None if task.path == "-" else task.path)
    if bad:  # issue 14: re-pairing rounds whose opponents do not match back means nothing
        more = f" and {len(bad) - 1} more (see pairchk validate)" if len(bad) > 1 else ""
        return FileResult(task.path, "unreadable", warnings=warnings, title=t.name,
                          message=f"{bad[0]}{more}; the pairings cannot be re-paired from"
                                  " inconsistent data", seconds=time.perf_counter() - start,
                          tournament=task.get("label", ""))
    try:
        if task.get("acceleration") is not None:
            from ..acceleration import apply_acceleration
            from ..errors import PairchkError

            try:
                t = apply_acceleration(t, task.get("acceleration"))
            except PairchkError as exc:
                raise _Failed(f"{task.path}: {exc}")
        result, notes = _check_report(t, task, on_round)
    except _Failed as exc:
        status = "refused" if exc.refused or isinstance(exc, _Refused) else "failed"
        return FileResult(task.path, status, message=str(exc), warnings=warnings,
                          seconds=time.perf_counter() - start, title=t.name,
                          tournament=task.get("label", ""))
    fmt = task.get("format", "text")
    status = check_status(result)
    if status == "ok" and any(n.startswith("error: standings") for n in notes):
        status = "standings"  # the pairings are right, the published ranks are not
    out = FileResult(task.path, status, rounds=len(result.rounds),
                     warnings=warnings + notes, round_counts=report.summary_counts(result),
                     title=t.name, tournament=task.get("label", ""))
    which = (task.get("tournament"), t.name) if task.get("tournament") else None
    out.output = report.render(result, fmt, tournament=which) if fmt != "html" else ""
    if task.get("html") or fmt == "html":
        from . import html as report_html

        out.html = report_html.page(result, t)
    out.seconds = time.perf_counter() - start
    return out


def _load_task(task: Task, *, lenient: bool = False):
    """:func:`load` with the task's format, tournament and whether it is one of a batch."""
    return load(task.path, task.get("from"), lenient=lenient, tournament=task.get("tournament"),
                skip=bool(task.get("skip")))


def _not_read(task: Task, exc: Unreadable, start: float) -> FileResult:
    """The result of a file that was not read: skipped (no tournament file) or unreadable."""
    return FileResult(task.path, "skipped" if isinstance(exc, NotTournament) else "unreadable",
                      message=str(exc), seconds=time.perf_counter() - start,
                      tournament=task.get("label", ""))


def validate_file(task: Task) -> FileResult:
    """List every finding in one file (the ``validate`` command's work on it)."""
    from ..errors import Severity
    from ..validate import validate

    start = time.perf_counter()
    try:
        _, loaded = _load_task(task, lenient=True)
        findings = validate(loaded, None if task.path == "-" else task.path)
    except Unreadable as exc:
        return _not_read(task, exc, start)
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    t = loaded.tournament
    lines = [str(f) for f in findings]
    where = f"{task.path} [tournament {task.get('label')}]" if task.get("label") else task.path
    lines.append(f"{where}: {len(t.players)} players, {t.played_rounds} rounds: "
                 f"{errors} error(s), {warnings} warning(s)")
    status = "errors" if errors else ("warnings" if warnings else "ok")
    return FileResult(task.path, status, rounds=t.played_rounds, output="\n".join(lines),
                      seconds=time.perf_counter() - start, title=t.name,
                      tournament=task.get("label", ""))


def convert_file(task: Task) -> FileResult:
    """Convert one file into the folder ``task.get('out_dir')`` (``convert -o DIR``)."""
    from .. import formats
    from ..errors import PairchkError
    from ..formats.settings import apply_settings, check_options

    start = time.perf_counter()
    try:
        source, loaded = _load_task(task)
    except Unreadable as exc:
        return _not_read(task, exc, start)
    target = formats.get(task.get("to")) if task.get("to") else source
    ext = target.EXTENSIONS[0] if getattr(target, "EXTENSIONS", ()) else "." + target.NAME
    stem = os.path.basename(task.path)
    for e in sorted(getattr(source, "EXTENSIONS", ()), key=len, reverse=True):
        if stem.lower().endswith(e):
            stem = stem[: -len(e)]
            break
    else:
        stem = os.path.splitext(stem)[0]
    if task.get("tournament"):  # one file per tournament of the input
        stem += "-" + _slug(task.get("tournament"), loaded.tournament.name)
    dst = os.path.join(task.get("out_dir"), stem + ext)
    warnings = [str(w) for w in loaded.warnings]
    result = FileResult(task.path, "ok", rounds=loaded.tournament.played_rounds,
                        warnings=warnings, written=dst, title=loaded.tournament.name,
                        tournament=task.get("label", ""))
    try:
        if not getattr(target, "CAN_WRITE", True):
            raise PairchkError(f"format {target.NAME!r} can be read but not written (hint: name"
                               " the output format with --to)")
        problem = output_problem(dst, [task.path], force=bool(task.get("force")))
        if problem:
            raise PairchkError(problem)
        t, rest = apply_settings(loaded.tournament, dict(task.get("settings", ())))
        check_options(rest, target.NAME, getattr(target, "OPTIONS", {}))
        options = dict(loaded.meta.get("dump_options", {})) if target is source else {}
        options.update(rest)
        dumped = target.dump(t, **options)
        from ..output import write_output

        write_output(dst, dumped.data, force=bool(task.get("force")), inputs=[task.path])
    except (PairchkError, OSError) as exc:
        result.status, result.written = "failed", ""
        result.message = f"{dst}: cannot write {target.NAME}: {exc}"
    else:
        result.warnings += [str(w) for w in dumped.warnings]
    result.seconds = time.perf_counter() - start
    return result


def _slug(ident: str, name: str) -> str:
    """``<id>-<name>`` for a file name: letters, digits and ``-`` only.

    >>> _slug("2", "Open B (U1800)")
    '2-Open-B-U1800'
    """
    import re
    import unicodedata

    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    words = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-")[:40].strip("-")
    return f"{ident}-{words}" if words else ident


WORKERS: dict[str, Callable[[Task], FileResult]] = {
    "check": check_file, "validate": validate_file, "convert": convert_file}


def run_task(task: Task) -> FileResult:
    """Run one task; an unexpected error becomes a "failed" result, never a crashed batch."""
    try:
        return WORKERS[task.command](task)
    except Exception as exc:
        return FileResult(task.path, "failed",
                          message=f"{task.path}: {task.command} failed: internal error ({type(exc).__name__}:"
                                  f" {exc}); this is a bug in pairchk, please report it with the file")


# --------------------------------------------------------------------------- overwriting

def looks_like_tournament(path: str) -> bool:
    """True when ``path`` exists and pairchk reads a tournament from it (see :mod:`pairchk.output`)."""
    from ..output import looks_like_tournament as looks

    return looks(path)


def output_problem(dst: str, inputs: Sequence[str], *, force: bool) -> str:
    """Why ``dst`` must not be written, or "" when it may (:func:`pairchk.output.output_problem`)."""
    from ..output import output_problem as problem

    return problem(dst, inputs, force=force, two_names=True)


# --------------------------------------------------------------------------- running

def run(tasks: Sequence[Task], *, jobs: int = 1,
        on_result: Callable[[FileResult], None] | None = None,
        on_progress: Callable[[FileResult], None] | None = None,
        scheduler: str = "") -> list[FileResult]:
    """Run ``tasks`` (in a pool of ``jobs`` processes when ``jobs`` > 1 and there are several;
    on the Dask cluster of ``scheduler`` when one is given, :mod:`.executors`).

    ``on_progress`` is called as each file finishes; ``on_result`` in input order (a result
    is held back until the ones before it are done), so output is the same for any ``jobs``.
    """
    results: list[FileResult | None] = [None] * len(tasks)
    shown = 0

    def done(i: int, r: FileResult) -> None:
        nonlocal shown
        results[i] = r
        if on_progress:
            on_progress(r)
        while shown < len(results):
            ready = results[shown]
            if ready is None:
                break
            if on_result:
                on_result(ready)
            shown += 1

    if scheduler:
        from .executors import run_unordered

        for i, r, exc in run_unordered(run_task, tasks, scheduler=scheduler):
            done(i, r if exc is None else FileResult(
                tasks[i].path, "failed", message=f"{tasks[i].path}: worker failed ({exc!r})"))
    elif jobs <= 1 or len(tasks) <= 1:
        for i, task in enumerate(tasks):
            done(i, run_task(task))
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_quiet_worker)
        try:
            futures = {pool.submit(run_task, task): i for i, task in enumerate(tasks)}
            for fut in as_completed(futures):
                i = futures[fut]
                try:
                    r = fut.result()
                except Exception as exc:  # a worker that died (e.g. out of memory)
                    r = FileResult(tasks[i].path, "failed",
                                   message=f"{tasks[i].path}: worker failed ({exc!r})")
                done(i, r)
        finally:  # on Ctrl-C: drop the files not started, do not wait for them
            pool.shutdown(wait=True, cancel_futures=True)
    return [r for r in results if r is not None]


def _quiet_worker() -> None:
    """Pool workers leave Ctrl-C to the main process (no traceback from every worker)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worst_exit(results: Iterable[FileResult]) -> int:
    """The exit status of the worst file: unreadable 3 > findings 1 > not checked 4 > ok 0."""
    rank = {EXIT_OK: 0, EXIT_NOT_CHECKED: 1, EXIT_FINDINGS: 2, EXIT_USAGE: 3, EXIT_UNREADABLE: 4}
    worst = EXIT_OK
    for r in results:
        if rank.get(r.exit_code, 2) > rank[worst]:
            worst = r.exit_code
    return worst


# --------------------------------------------------------------------------- summary

def counts(results: Sequence[FileResult], columns: Sequence[str] = ()) -> dict[str, int]:
    """Files per status: every status in ``columns`` (zero or not, in that order), then the
    other statuses found."""
    found = {s: sum(1 for r in results if r.status == s) for s in STATUSES}
    out = {s: found.get(s, 0) for s in columns}
    out.update((s, n) for s, n in found.items() if n and s not in out)
    return out


def summary_table(results: Sequence[FileResult], columns: Sequence[str] = ()) -> str:
    """Two labelled lines: the files by status, then the rounds they hold.

    >>> print(summary_table([FileResult("a.trf", "ok", rounds=5), FileResult("b.trf", "violation", rounds=7)],
    ...                     ("ok", "violation")))
    files: 2 (ok 1, violation 1)
    rounds: 12 in those files
    """
    by_status = ", ".join(f"{k} {v}" for k, v in counts(results, columns).items())
    rounds = sum(r.rounds for r in results)
    return f"files: {len(results)} ({by_status})\nrounds: {rounds} in those files"


def summary_data(results: Sequence[FileResult], columns: Sequence[str] = ()) -> dict[str, Any]:
    return {"files": len(results), "rounds": sum(r.rounds for r in results),
            "status": counts(results, columns), "exit_code": worst_exit(results),
            "results": [r.as_json() for r in results]}


def write_summary(path: str, results: Sequence[FileResult], columns: Sequence[str] = (), *,
                  force: bool = False, inputs: Sequence[str] = ()) -> None:
    """Write the per-file summary as CSV or JSON (chosen by the extension of ``path``)."""
    import json

    if path.lower().endswith(".json"):
        text = json.dumps(summary_data(results, columns), indent=2, ensure_ascii=False) + "\n"
    elif path.lower().endswith(".csv"):
        import csv
        import io

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        statuses = [s for s in ("ok", "deviation", "violation", "unpairable", "not checked")]
        w.writerow(["file", "status", "rounds", *(f"rounds_{s.replace(' ', '_')}"
                                                  for s in statuses), "seconds", "message"])
        for r in results:
            w.writerow([r.label, r.status, r.rounds, *(r.round_counts.get(s, 0) for s in statuses),
                        f"{r.seconds:.3f}", r.message])
        text = buf.getvalue()
    else:
        raise ValueError(f"{path}: --summary writes .csv or .json")
    from ..output import write_output

    write_output(path, text, force=force, inputs=inputs)


# --------------------------------------------------------------------------- the commands' driver

@dataclass(frozen=True)
class Plan:
    """How a command presents a run: verbosity, pool size, summary, output form."""

    jobs: int = 1
    verbosity: int = 1  # output.QUIET, NORMAL, VERBOSE
    single: bool = True  # one file named: no summary table, errors as the command always did
    summary_path: str = ""
    columns: tuple[str, ...] = ()
    json_list: bool = False  # outputs are JSON documents: print them as one list at the end
    force: bool = False  # --force: the summary may replace an existing file
    inputs: tuple[str, ...] = ()  # never written over
    scheduler: str = ""  # a Dask scheduler's address: the files run on that cluster


class _Printer:
    """Prints results as they come, in input order, and the summary at the end."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.documents: list[Any] = []
        self.reports = 0  # reports printed so far (a blank line separates them in a batch)

    def show(self, r: FileResult) -> None:
        import sys

        from ..output import QUIET, print_warnings

        print_warnings(r.warnings, self.plan.verbosity)
        if r.message and r.status != "skipped":  # (a skipped file: listed in the summary)
            print(f"error: {r.message}", file=sys.stderr, flush=True)
        if not r.output or self.plan.verbosity <= QUIET:
            return
        if self.plan.json_list:
            import json  # only a JSON list needs it (start-up)

            self.documents.append(json.loads(r.output))
            return
        print(("\n" if self.reports and not self.plan.single else "") + r.output, flush=True)
        self.reports += 1

    def finish(self, results: Sequence[FileResult]) -> None:
        import sys

        plan = self.plan
        if plan.json_list and self.documents:
            import json  # only a JSON list needs it (start-up)

            print(json.dumps(self.documents, indent=2, ensure_ascii=False))
        if not plan.single:
            out = sys.stderr if plan.json_list else sys.stdout
            gap = "\n" if self.reports else ""
            print(gap + summary_table(results, plan.columns), file=out)
            for r in results:
                if r.status == "skipped":
                    print(f"skipped: {r.message}", file=out)
                elif r.status not in ("ok", "warnings"):
                    print(f"{r.status}: {r.label}", file=out)
        if plan.summary_path:
            write_summary(plan.summary_path, results, plan.columns, force=plan.force,
                          inputs=plan.inputs)


def drive(tasks: Sequence[Task], plan: Plan) -> list[FileResult]:
    """Run ``tasks`` with a progress bar (on a terminal) and print what they found.

    Per file, in input order: its warnings grouped by kind (stderr), its error (stderr), its
    report (stdout). A batch ends with the summary table (stdout, or stderr when stdout holds
    JSON) and the list of files that are not ok.
    """
    from ..output import Progress

    import sys

    printer = _Printer(plan)
    done: list[FileResult] = []

    def show(r: FileResult) -> None:
        done.append(r)
        printer.show(r)

    try:
        with Progress(len(tasks), tasks[0].command if tasks else "",
                      enabled=None if not plan.single else False) as bar:
            results = run(tasks, jobs=plan.jobs, on_result=show,
                          on_progress=lambda r: bar.advance(os.path.basename(r.path)),
                          scheduler=plan.scheduler)
    except KeyboardInterrupt:  # Ctrl-C: say how far it got, keep the summary of those files
        stopped = tasks[len(done)].path if len(done) < len(tasks) else ""
        print(f"interrupted after {len(done)} of {len(tasks)} files"
              + (f", at {stopped}" if stopped else "")
              + ("; the summary covers those files" if plan.summary_path else ""),
              file=sys.stderr, flush=True)
        printer.finish(done)
        raise
    printer.finish(results)
    return results


def drive_results(results: Sequence[FileResult], plan: Plan) -> None:
    """Print results computed elsewhere exactly as :func:`drive` would."""
    printer = _Printer(plan)
    for r in results:
        printer.show(r)
    printer.finish(results)
