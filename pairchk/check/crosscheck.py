"""Test another program's pairing engine the way FIDE tests one (C.02.03 §7, TEC Manual
§3.9.4; the old C.04.A ran 5,000 tournaments, the 2026 test 50,000 with at most 10
discrepancies): random tournaments, every round paired by the candidate, every round checked.

Two directions:

* ``engine``: the RTG (:mod:`pairchk.generate.individual`) draws a tournament — players,
  ratings, results, requested byes, forfeits, withdrawals — and asks the engine for each round
  through a command such as ``bbpPairings.exe --dutch {input} -p {output}`` (JaVaFo:
  ``java -jar javafo.jar {input} -p {output}``): ``{input}`` is the history as TRF, ``{output}``
  the engines' usual pairs file (the number of pairs, then ``WHITE BLACK`` per line, ``N 0``
  for the pairing-allocated bye; without ``{output}`` the pairs are read from the standard
  output). The engine's pairing becomes the history of the next round, and pairchk checks
  every round the engine produced (:func:`pairchk.check.checker.check`).
* ``check_with``: pairchk pairs the tournaments itself and hands each one to another checker
  (``bbpPairings.exe --dutch {input} -c``, the TEC checker), reading its verdict: a line under
  a ``Round #N`` heading (other than the checker's column titles) is a discrepancy in round N.

The cases come from a case source given with the plan (``Plan.cases``; the command gives
:class:`pairchk.generate.cases.RandomCases`, the RTG's mix of events): case ``i`` is a pure
function of the source and ``i``, so a run gives the same cases on one process, a pool
(:mod:`.executors`) or a Dask cluster, and an interrupted run can be resumed.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable

from ..errors import PairchkError
from ..model import Tournament
from ..pairing import Pair, RoundPairing

OK, DISCREPANCY, FAILURE, TIMEOUT = "ok", "discrepancy", "engine failure", "timeout"


class CrosscheckError(PairchkError):
    """A crosscheck that cannot run as asked (bad command template, range, mix, resume)."""


@dataclass(frozen=True)
class Plan:
    """What to run: the command (``engine`` or ``check_with``), the system and edition every
    round is checked with, the ``cases`` (a source: ``cases(i, pair)`` gives (kind, players,
    tournament) with its rounds paired by ``pair``, pairchk's engine when None;
    ``cases.describe(i)`` (kind, players); it must pickle for a pool or a cluster) and how many
    (``tournaments``); ``timeout`` seconds per command call; ``dialect`` the TRF written for
    the command (default: TRF-2026, or TRF(bx) for the 2017 Dutch edition, what bbpPairings v5
    and JaVaFo read)."""

    cases: Any
    engine: str = ""
    check_with: str = ""
    system: str = "dutch"
    edition: str | None = None
    tournaments: int = 100
    timeout: float = 60.0
    dialect: str = ""

    def validate(self) -> None:
        """Raise :class:`CrosscheckError` naming the first bad setting."""
        if bool(self.engine) == bool(self.check_with):
            raise CrosscheckError("give exactly one of --engine 'COMMAND {input} {output}' and "
                                  "--check-with 'COMMAND {input}'")
        command = self.engine or self.check_with
        if "{input}" not in command:
            raise CrosscheckError(f"the command {command!r} has no {{input}}: pairchk would not "
                                  "know where to put the tournament file")
        try:
            shlex.split(command)
        except ValueError as exc:
            raise CrosscheckError(f"the command {command!r} cannot be read: {exc}") from None
        if self.tournaments < 1:
            raise CrosscheckError(f"--tournaments must be at least 1, got {self.tournaments}")
        if self.timeout <= 0:
            raise CrosscheckError(f"--timeout must be positive, got {self.timeout}")
        try:
            self.cases.validate()
        except PairchkError as exc:
            raise CrosscheckError(str(exc)) from None

    def trf_dialect(self) -> str:
        if self.dialect:
            return self.dialect
        return "trf" if self.edition == "2017" else "trf26"

    def identity(self) -> dict[str, Any]:
        """What must be equal for ``--resume`` to continue a run (everything but its length),
        as JSON values."""
        d = {f.name: getattr(self, f.name) for f in fields(self)
             if f.name not in ("tournaments", "cases")}
        d["cases"] = json.loads(json.dumps(asdict(self.cases)))
        return d


@dataclass(frozen=True)
class CaseResult:
    """One tournament: its kind and size, the rounds paired, the verdict (``ok``,
    ``discrepancy``, ``engine failure``, ``timeout``), the rounds in question, what was said
    about them, the tournament as TRF text where it is kept, and the seconds it took."""

    case: int
    kind: str
    players: int
    rounds: int
    status: str
    bad_rounds: tuple[int, ...] = ()
    message: str = ""
    trf: str = field(default="", repr=False)
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["bad_rounds"] = list(self.bad_rounds)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "CaseResult":
        return cls(**{**d, "bad_rounds": tuple(d.get("bad_rounds", ()))})


# --------------------------------------------------------------------------- the cases


def parse_range(text: str, name: str) -> tuple[int, int]:
    """``"A-B"`` or ``"A"`` as (A, B).

    >>> parse_range("5-60", "--players"), parse_range("9", "--rounds")
    ((5, 60), (9, 9))
    """
    parts = text.split("-")
    try:
        lo, hi = (int(parts[0]), int(parts[-1])) if len(parts) <= 2 else (0, -1)
    except ValueError:
        lo, hi = 0, -1
    if not 1 <= lo <= hi:
        raise CrosscheckError(f"{name} {text!r}: expected A-B with 1 <= A <= B, such as 5-60")
    return lo, hi


# --------------------------------------------------------------------------- the engine


class _EngineStop(Exception):
    """The engine failed, timed out, or found no pairing in a round: ends the case."""

    def __init__(self, status: str, message: str, history: bytes, rnd: int):
        super().__init__(message)
        self.status, self.history, self.round = status, history, rnd


def command_argv(template: str, **paths: str) -> list[str]:
    """The command line of ``template`` with ``{input}`` / ``{output}`` filled in.

    >>> command_argv("bbp --dutch {input} -p {output}", input="a.trf", output="b.txt")
    ['bbp', '--dutch', 'a.trf', '-p', 'b.txt']
    """
    out = []
    for arg in shlex.split(template):
        for key, value in paths.items():
            arg = arg.replace("{" + key + "}", value)
        out.append(arg)
    return out


def read_pairs(text: str, t: Tournament, rnd: int) -> RoundPairing:
    """The engines' pairs file (JaVaFo / bbpPairings ``-p``): the number of pairs, then
    ``WHITE BLACK`` per pair, ``N 0`` for the PAB. Raises ValueError saying what is wrong;
    every player the round needs must be there once, and nobody absent (a bye requested, a
    withdrawal).

    >>> from pairchk.model import Player
    >>> t = Tournament(rounds=1, players=tuple(Player(n) for n in (1, 2, 3)))
    >>> p = read_pairs("2\\n1 2\\n3 0\\n", t, 1)
    >>> [(x.white, x.black) for x in p.pairs], p.bye
    ([(1, 2)], 3)
    """
    words = text.split()
    if not words:
        raise ValueError("the engine wrote no pairs")
    try:
        nums = [int(w) for w in words]
    except ValueError:
        raise ValueError(f"the pairs file holds a word that is not a number: {text[:60]!r}") from None
    count, rest = nums[0], nums[1:]
    if len(rest) != 2 * count:
        raise ValueError(f"the pairs file announces {count} pairs but holds {len(rest) / 2:g}")
    players = {p.number: p for p in t.players}
    absent = {p.number for p in t.players if len(p.entries) >= rnd}
    pairs, bye, seen = [], None, set()
    for w, b in zip(rest[::2], rest[1::2]):
        for x in (w, b):
            if x == 0:
                continue
            if x not in players:
                raise ValueError(f"the engine paired player {x}, who is not in the file")
            if x in absent:
                raise ValueError(f"the engine paired player {x}, who is absent in round {rnd}")
            if x in seen:
                raise ValueError(f"the engine paired player {x} twice")
            seen.add(x)
        if b == 0:
            if bye is not None:
                raise ValueError(f"the engine gave two byes ({bye} and {w})")
            bye = w
        else:
            pairs.append(Pair(w, b))
    left = sorted(set(players) - absent - seen)
    if left:
        raise ValueError(f"the engine left player {left[0]} unpaired in round {rnd}")
    return RoundPairing(rnd, tuple(pairs), bye)


class _Engine:
    """Pairs a round by running the engine's command on the history."""

    def __init__(self, plan: Plan, tmp: str):
        self.plan, self.tmp = plan, tmp

    def __call__(self, t: Tournament, rnd: int) -> RoundPairing:
        from .. import formats

        history = formats.dump(t, self.plan.trf_dialect()).data
        inp, out = Path(self.tmp, "history.trf"), Path(self.tmp, "pairs.txt")
        inp.write_bytes(history)
        if out.exists():
            out.unlink()
        argv = command_argv(self.plan.engine, input=str(inp), output=str(out))
        try:
            run = subprocess.run(argv, capture_output=True, timeout=self.plan.timeout)
        except subprocess.TimeoutExpired:
            raise _EngineStop(TIMEOUT, f"round {rnd}: the engine gave no answer within "
                              f"{self.plan.timeout:g} s", history, rnd) from None
        except OSError as exc:
            raise _EngineStop(FAILURE, f"round {rnd}: the engine cannot be run: {exc}",
                              history, rnd) from None
        text = (out.read_text(errors="replace") if out.exists() else "") if (
            "{output}" in self.plan.engine) else run.stdout.decode(errors="replace")
        said = run.stderr.decode(errors="replace").strip()
        if run.returncode == 1 and not text.strip():
            raise _EngineStop("no pairing", f"round {rnd}: the engine found no pairing"
                              + (f" ({said.splitlines()[-1]})" if said else ""), history, rnd)
        if run.returncode != 0:
            raise _EngineStop(FAILURE, f"round {rnd}: the engine stopped with exit code "
                              f"{run.returncode}" + (f": {said.splitlines()[-1]}" if said else ""),
                              history, rnd)
        try:
            return read_pairs(text, t, rnd)
        except ValueError as exc:
            raise _EngineStop(FAILURE, f"round {rnd}: {exc}", history, rnd) from None


def _engine_case(plan: Plan, i: int) -> CaseResult:
    from .. import formats
    from . import checker
    from .report import to_text

    kind, players = plan.cases.describe(i)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pairchk-crosscheck-") as tmp:
        try:
            kind, players, t = plan.cases(i, _Engine(plan, tmp))
        except _EngineStop as stop:
            if stop.status != "no pairing":
                return CaseResult(i, kind, players, stop.round - 1, stop.status,
                                  (stop.round,), str(stop), stop.history.decode("latin-1"),
                                  time.perf_counter() - start)
            return _no_pairing(plan, i, kind, players, stop, start)
    report = checker.check(t, system=plan.system, edition=plan.edition)
    bad = tuple(r.round for r in report.rounds if r.status != "ok")
    trf = formats.dump(t, plan.trf_dialect()).data.decode("latin-1") if bad else ""
    return CaseResult(i, kind, players, t.played_rounds, DISCREPANCY if bad else OK, bad,
                      to_text(report) if bad else "", trf, time.perf_counter() - start)


def _no_pairing(plan: Plan, i: int, kind: str, players: int, stop: _EngineStop,
                start: float) -> CaseResult:
    """The engine found no pairing for a round: agreed when pairchk finds none either (the
    tournament ends there, as the RTG ends it), otherwise a discrepancy."""
    from .. import formats
    from ..system import UnpairableError
    from . import checker

    t = formats.load(stop.history).tournament
    try:
        mine = checker.pair(t, system=plan.system, edition=plan.edition, round=stop.round)
    except UnpairableError:
        before = t.replace(players=tuple(p.replace(entries=p.entries[: stop.round - 1])
                                         for p in t.players))
        report = checker.check(before, system=plan.system, edition=plan.edition)
        bad = tuple(r.round for r in report.rounds if r.status != "ok")
        if not bad:
            return CaseResult(i, kind, players, stop.round - 1, OK,
                              seconds=time.perf_counter() - start)
        from .report import to_text

        return CaseResult(i, kind, players, stop.round - 1, DISCREPANCY, bad, to_text(report),
                          stop.history.decode("latin-1"), time.perf_counter() - start)
    pairs = ", ".join(f"{p.white}-{p.black}" for p in mine.pairing.pairs)
    return CaseResult(i, kind, players, stop.round - 1, DISCREPANCY, (stop.round,),
                      f"{stop}; pairchk pairs round {stop.round}: {pairs}"
                      + (f", bye {mine.pairing.bye}" if mine.pairing.bye else ""),
                      stop.history.decode("latin-1"), time.perf_counter() - start)


# --------------------------------------------------------------------------- another checker


def rounds_flagged(output: str) -> list[int]:
    """The rounds under whose ``Round #N`` heading a checker prints anything but its column
    titles (bbpPairings ``-c`` and the TEC checker print the checker's pairs beside the
    tournament's there); any other line counts, so that no message goes unseen.

    >>> rounds_flagged("x: Round #1\\nx: Round #2\\n  Checker pairings   Tournament pairings\\n"
    ...                "   1 -  4      2 -  4\\n")
    [2]
    """
    rounds: list[int] = []
    current = 0
    for line in output.splitlines():
        text = line.strip()
        if "Round #" in line:
            try:
                current = int(line.split("Round #", 1)[1].split()[0].rstrip(":"))
            except (ValueError, IndexError):
                current = 0
        elif text and not text.startswith(("Checker pairing", "Check: ")) and current not in rounds:
            rounds.append(current)
    return rounds


def _checker_case(plan: Plan, i: int) -> CaseResult:
    from .. import formats

    start = time.perf_counter()
    kind, players, t = plan.cases(i)
    data = formats.dump(t, plan.trf_dialect()).data
    with tempfile.TemporaryDirectory(prefix="pairchk-crosscheck-") as tmp:
        path = Path(tmp, f"case-{i}.trf")
        path.write_bytes(data)
        argv = command_argv(plan.check_with, input=str(path))
        try:
            run = subprocess.run(argv, capture_output=True, timeout=plan.timeout)
        except subprocess.TimeoutExpired:
            return CaseResult(i, kind, players, t.played_rounds, TIMEOUT, (),
                              f"the checker gave no verdict within {plan.timeout:g} s",
                              data.decode("latin-1"), time.perf_counter() - start)
        except OSError as exc:
            return CaseResult(i, kind, players, t.played_rounds, FAILURE, (),
                              f"the checker cannot be run: {exc}", data.decode("latin-1"),
                              time.perf_counter() - start)
    out = (run.stdout + run.stderr).decode(errors="replace")
    seconds = time.perf_counter() - start
    if run.returncode not in (0, 1):
        return CaseResult(i, kind, players, t.played_rounds, FAILURE, (),
                          f"the checker stopped with exit code {run.returncode}: "
                          f"{out.strip()[-300:]}", data.decode("latin-1"), seconds)
    bad = rounds_flagged(out)
    if "Check: False" in out and not bad:
        bad = [0]
    if not bad:
        return CaseResult(i, kind, players, t.played_rounds, OK, seconds=seconds)
    return CaseResult(i, kind, players, t.played_rounds, DISCREPANCY, tuple(bad), out,
                      data.decode("latin-1"), seconds)


def run_case(job: tuple[Plan, int]) -> CaseResult:
    """Case ``i`` of ``plan`` (one argument, so that any executor can map it)."""
    plan, i = job
    if plan.engine:
        return _engine_case(plan, i)
    return _checker_case(plan, i)


# --------------------------------------------------------------------------- a whole run


@dataclass
class Summary:
    """The figures of a run and its cases in order."""

    plan: Plan
    cases: list[CaseResult]
    seconds: float = 0.0

    def count(self, status: str) -> int:
        return sum(1 for c in self.cases if c.status == status)

    @property
    def discrepancies(self) -> int:
        return self.count(DISCREPANCY)

    @property
    def failures(self) -> int:
        return self.count(FAILURE)

    @property
    def timeouts(self) -> int:
        return self.count(TIMEOUT)

    def within(self, limit: int) -> bool:
        """The run endorses the engine: at most ``limit`` discrepancies, and the engine
        answered every call (a crash or a hang is never within a limit)."""
        return self.discrepancies <= limit and not self.failures and not self.timeouts

    def as_json(self) -> dict[str, Any]:
        return {"tournaments": len(self.cases), "rounds": sum(c.rounds for c in self.cases),
                "discrepancies": self.discrepancies, "engine_failures": self.failures,
                "timeouts": self.timeouts, "seconds": round(self.seconds, 1),
                "cases": [_case_entry(c) for c in self.cases if c.status != OK]}

    def text(self) -> str:
        who = "engine" if self.plan.engine else "checker"
        lines = [f"{len(self.cases)} tournaments, {sum(c.rounds for c in self.cases)} rounds: "
                 f"{self.discrepancies} discrepancies, {self.failures} {who} failures, "
                 f"{self.timeouts} timeouts ({self.seconds:.0f} s)"]
        for c in self.cases:
            if c.status != OK:
                where = f" rounds {', '.join(map(str, c.bad_rounds))}" if c.bad_rounds else ""
                first = c.message.strip().splitlines()[0] if c.message.strip() else ""
                lines.append(f"  case {c.case} ({c.kind}, {c.players} players): {c.status}"
                             f"{where}" + (f" - {first}" if c.status != DISCREPANCY else ""))
        return "\n".join(lines)


def _case_entry(c: CaseResult) -> dict[str, Any]:
    d = c.as_json()
    d.pop("trf")
    return d


RESULTS = "results.jsonl"
PLAN = "plan.json"


def _load_done(out: Path, plan: Plan, resume: bool) -> dict[int, CaseResult]:
    """The cases an earlier run in ``out`` finished (``--resume``); refuses another plan's
    folder and a folder holding results without ``--resume``."""
    log, saved = out / RESULTS, out / PLAN
    if not log.exists():
        return {}
    if not resume:
        raise CrosscheckError(f"{out} holds the results of an earlier run; add --resume to "
                              "continue it or give another --out folder")
    if saved.exists() and json.loads(saved.read_text()) != plan.identity():
        raise CrosscheckError(f"{out} holds a run with other settings (engine, system, edition,"
                              " seed, sizes or mix); --resume continues only the same run")
    done: dict[int, CaseResult] = {}
    for line in log.read_text().splitlines():
        if line.strip():
            try:
                c = CaseResult.from_json(json.loads(line))
            except (ValueError, TypeError):
                continue  # a line cut by the interruption: that case runs again
            done[c.case] = c
    return done


def keep(out: Path, c: CaseResult) -> None:
    """A discrepancy or failure as ``out/cases/case-N.trf`` with the explanation beside it."""
    folder = out / "cases"
    folder.mkdir(parents=True, exist_ok=True)
    if c.trf:
        (folder / f"case-{c.case}.trf").write_bytes(c.trf.encode("latin-1"))
    (folder / f"case-{c.case}.txt").write_text(
        f"case {c.case} ({c.kind}, {c.players} players, {c.rounds} rounds): {c.status}"
        + (f" in rounds {', '.join(map(str, c.bad_rounds))}" if c.bad_rounds else "")
        + "\n\n" + c.message.rstrip() + "\n")


def crosscheck(plan: Plan, *, out: str | None = None, resume: bool = False, jobs: int = 1,
               scheduler: str = "", on_case: Callable[[CaseResult, int, int], None] | None = None
               ) -> Summary:
    """Run every case of ``plan`` (``jobs`` processes, or the Dask cluster at ``scheduler``).

    With ``out``, each finished case is appended to ``out/results.jsonl`` and every
    discrepancy or failure kept as a TRF with its explanation in ``out/cases/``; ``resume``
    skips the cases already there. ``on_case(result, done, total)`` follows the progress.
    """
    from .executors import run_unordered

    plan.validate()
    start = time.perf_counter()
    folder = Path(out) if out else None
    done: dict[int, CaseResult] = {}
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        done = _load_done(folder, plan, resume)
        (folder / PLAN).write_text(json.dumps(plan.identity(), indent=1) + "\n")
    todo = [i for i in range(plan.tournaments) if i not in done]
    log = (folder / RESULTS).open("a") if folder is not None else None
    try:
        for k, result, error in run_unordered(run_case, [(plan, i) for i in todo], jobs=jobs,
                                              scheduler=scheduler):
            if error is not None:
                result = _crashed(plan, todo[k], error)
            done[result.case] = result
            if log is not None and folder is not None:
                if result.status != OK:
                    keep(folder, result)
                log.write(json.dumps({**result.as_json(), "trf": ""}) + "\n")
                log.flush()
            if on_case is not None:
                on_case(result, len(done), plan.tournaments)
    finally:
        if log is not None:
            log.close()
    cases = [done[i] for i in sorted(done) if i < plan.tournaments]
    return Summary(plan, cases, time.perf_counter() - start)


def _crashed(plan: Plan, i: int, error: BaseException) -> CaseResult:
    """A case whose run raised inside pairchk (not the engine's fault): reported as a
    failure with the error, so that the run goes on and nothing is hidden."""
    kind, players = plan.cases.describe(i)
    return CaseResult(i, kind, players, 0, FAILURE, (),
                      f"pairchk could not run this case: {type(error).__name__}: {error}")


__all__ = ["Plan", "CaseResult", "Summary", "crosscheck", "run_case", "read_pairs",
           "rounds_flagged", "command_argv", "parse_range", "CrosscheckError"]
