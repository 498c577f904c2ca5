"""Speed of whole ``pairchk`` processes on the workloads of issue 8, side by side with anchors.

Workloads (files generated with the RTG, :mod:`pairchk.generate.individual`, cached in ``--dir``):

* ``startup``    check a small file (``fixtures/club_open_2026.trf``, 11 players x 5 rounds)
  against an interpreter that does nothing (``python -c pass``): the start-up row (issue 13)
* ``check100``   check 100 players x 10 rounds
* ``pair3000``   pair round 5 of 3000 players (4 rounds played)
* ``pair3000r4`` pair round 4 of the same event, its last round: brackets of 313 and 683
  players with topscorers' absolute colour preferences, which once sent the search to the exact
  method for ten minutes (a loose colour bound, see ``dutch.bounds.colour_bounds``)
* ``check1000``  check 1000 players x 9 rounds
* ``draw1000``   1,000 players who always draw, paired at random (one huge score group):
  check 5 rounds, and pair round 6 (``drawpair1000``)
* ``pair9999``   pair round 2 of 9,999 players (the most TRF can number)
* ``dense2017`` / ``dense2026``  check small dense events (22-25 players, 17-19 rounds) made by
  bbpPairings' own generator (``-g``; v5.0.1 for 2017, v6 for 2026; written only when the
  anchor is there): the median of eight files per run
* ``round1_5000_<system>``  ``generate --system S --players 5000 --rounds 1`` (dutch, dubov,
  burstein, lim)
* ``draw400``  round 4 of 400 players after three all-draw random rounds (one score group of
  400, ``bench_dutch_shapes.py draw 400``)
* ``bracket400_2026`` / ``bracket400_2017``  the contrived bracket of the exact-method tests: 400
  players whose best pairing the search cannot reach, so that the exact matching decides
  (``bench_dutch_shapes.py walled2026 400``)
* ``burstein1000``  check a 1000-player, 10-round event paired by our Burstein engine (it
  declares ``FIDE_BURSTEIN``)

Anchors: bbpPairings v6 (``--bbp6``: ``-c`` to check, ``-p`` to pair) and the FIDE TEC checker
(``--tec DIR --tec-python PY``: ``pairingchecker.py -c`` / ``-p``); the TEC figures issue 8
quotes are shown where the checker is not run (``--no-tec``, or not installed). Each command is
a fresh process: wall and CPU seconds and the peak resident memory of the child, as
``/usr/bin/time -v`` would report them; the median of ``--runs``. (The kernel counts in a
child's peak the memory of the process it was forked from: this one, about 16 MB, so the peak of
a tiny command reads about 16 MB whatever it uses.) The last part is the issue's
table: one row per workload, pairchk next to its anchors and the target. Run on purpose, one
workload at a time if the machine is shared (the load average is printed with the table)::

    nice python3 benchmarks/bench_speed.py --prepare          # write the files once
    nice python3 benchmarks/bench_speed.py --only startup --runs 15
    nice python3 benchmarks/bench_speed.py --only check100 --runs 5
    nice python3 benchmarks/bench_speed.py --no-anchors       # pairchk only
"""

from __future__ import annotations

import argparse
import os
import shlex
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # pairchk from this checkout

# pairchk itself is imported only to write the files, so that this process stays small: the
# peak memory the kernel reports for a child includes what it was forked from


def files() -> dict:
    """File stem -> (generator settings, rounds played, how they are paired)."""
    from pairchk.generate.individual import Settings

    return {
        "p100": (Settings(players=100, rounds=10, seed=1, forfeit_rate=0.02, bye_rate=0.02), 10,
                 "dutch"),
        # round 1 folded (our engine stopped on a 3000-player bracket with RecursionError, issue 8)
        "p3000": (Settings(players=3000, rounds=4, seed=3), 4, "fold+dutch"),
        # the same event one round earlier: its round 4, the last, has brackets of 313 and 683
        # players with topscorers (the colour bounds must not count their absolute pairs)
        "p3000r4": (Settings(players=3000, rounds=3, seed=3), 3, "fold+dutch"),
        "p1000": (Settings(players=1000, rounds=9, seed=2), 9, "dutch"),
        "draw1000": (Settings(players=1000, rounds=5, seed=4, draw_rate=1.0), 5, "random"),
        "p9999": (Settings(players=9999, rounds=1, seed=5), 1, "fold"),
        # paired by our Burstein engine (the only one there is to run); it declares FIDE_BURSTEIN
        "burstein1000": (Settings(system="burstein", players=1000, rounds=10, seed=6), 10, "own"),
    }


@dataclass(frozen=True)
class Workload:
    """One row of issue 8's table: the file, what pairchk does with it, the figures to beat."""

    file: str  # a stem of FILES (generated) or a path relative to the repository
    action: str  # "check" or "pair"
    title: str
    target: str
    quoted: str = ""  # the anchor figures issue 8 quotes (the FIDE TEC checker)


WORKLOADS = {
    "startup": Workload("fixtures/club_open_2026.trf", "check",
                        "start-up: check 11 players x 5 rounds", "<= 0.12 s whole process"),
    "check100": Workload("p100", "check", "check 100 players x 10 rounds",
                         "<= bbpPairings; start-up <= 0.12 s"),
    "pair3000": Workload("p3000", "pair", "pair one round of 3000 players", "<= 10 s, <= 150 MB",
                         "FIDE TEC checker 64 s, 3.0 GB (issue 8)"),
    "pair3000r4": Workload("p3000r4", "pair", "pair round 4 of the same 3000 players",
                           "<= 10 s, <= 150 MB"),
    "check1000": Workload("p1000", "check", "check 1000 players x 9 rounds", "<= 12 s",
                          "FIDE TEC checker 68 s, 805 MB (issue 8)"),
    "draw1000": Workload("draw1000", "check", "check 1000 all-draw players x 5 rounds",
                         "not pathological (was 180 s)"),
    "drawpair1000": Workload("draw1000", "pair", "pair round 6 of 1000 all-draw players",
                             "not pathological (was 152 s)"),
    "pair9999": Workload("p9999", "pair", "pair round 2 of 9,999 players",
                         "pairs (was RecursionError)"),
    "dense2017": Workload("dense2017", "check", "check 8 small dense 2017 events (bbp generator)",
                          "<= 0.5 s each (was 3.3-7.7 s)"),
    "dense2026": Workload("dense2026", "check", "check 8 small dense 2026 events (bbp generator)",
                          "<= 0.5 s each"),
    **{f"round1_5000_{sy}": Workload("", "generate", f"generate round 1 of 5,000 players, {sy}",
                                     "seconds") for sy in ("dutch", "dubov", "burstein", "lim")},
    "draw400": Workload("", "shape", "pair one bracket of 400 all-draw players", "seconds"),
    **{f"bracket400_{ed}": Workload("", "shape", f"pair the contrived 400-player bracket, {ed}",
                                    "seconds (was 74 s)") for ed in ("2026", "2017")},
    "burstein1000": Workload("burstein1000", "check",
                             "check 1000 players x 10 rounds, Burstein", "<= 60 s"),
}

DENSE_SEEDS = range(1, 9)


def prepare_dense(folder: Path, edition: str, exe: str) -> list[Path]:
    """Eight dense events from bbpPairings' generator: 22-25 players, 17-19 rounds."""
    out = []
    for s in DENSE_SEEDS:
        path = folder / f"dense{edition}_{s}.trf"
        if not path.exists():
            cfg = folder / f"dense{edition}_{s}.cfg"
            cfg.write_text(f"PlayersNumber={22 + s % 4}\nRoundsNumber={17 + s % 3}\n"
                           "DrawPercentage=30\nForfeitRate=1000000000\nRetiredRate=1000000000\n"
                           "HalfPointByeRate=1000000000\nHighestRating=2600\nLowestRating=1400\n")
            subprocess.run([exe, "--dutch", "-g", str(cfg), "-o", str(path), "-s",
                            str(s + (100 if edition == "2026" else 0))], check=False,
                           capture_output=True)
        if path.exists():
            out.append(path)
    return out


# --------------------------------------------------------------------------- files


def random_pairer(seed: int):
    """Pairs at random, avoiding rematches where it can (the adversarial shape of issue 8)."""
    from pairchk.pairing import Pair, RoundPairing

    rng = random.Random(seed)

    def pair(t, rnd: int):
        met = {(p.number, e.opponent) for p in t.players for e in p.entries[: rnd - 1]}
        todo = [p.number for p in t.players if len(p.entries) < rnd]
        rng.shuffle(todo)
        pairs = []
        while len(todo) > 1:
            a = todo.pop()
            j = next((k for k in range(len(todo) - 1, -1, -1) if (a, todo[k]) not in met), -1)
            b = todo.pop(j)
            pairs.append(Pair(a, b) if rng.random() < 0.5 else Pair(b, a))
        return RoundPairing(rnd, tuple(pairs), todo[0] if todo else None)

    return pair


def fold_pairer(t, rnd: int):
    """Round 1 as the Dutch system pairs it without byes (C.04.3 2026 art. 3 / 2017 D):
    top half against bottom half, the initial colour to the higher player on odd boards, the
    PAB to the last player of an odd field."""
    from pairchk.model import Color
    from pairchk.pairing import Pair, RoundPairing

    if rnd != 1:
        raise ValueError("the fold pairer pairs round 1 only")
    n = len(t.players)
    half = n // 2
    first = t.initial_color is not Color.BLACK
    pairs = tuple(Pair(i, i + half) if (i % 2 == 1) == first else Pair(i + half, i)
                  for i in range(1, half + 1))
    return RoundPairing(1, pairs, n if n % 2 else None)


def fold_then(system: str, edition: str | None):
    """Round 1 folded, later rounds by ``system``."""
    from pairchk.generate.individual import pairer

    later = pairer(system, edition)
    return lambda t, rnd: fold_pairer(t, rnd) if rnd == 1 else later(t, rnd)


def prepare(folder: Path, names: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        path = folder / f"{name}.trf"
        if path.exists():
            continue
        from pairchk import formats
        from pairchk.generate.individual import generate

        s, played, how = files()[name]
        start = time.perf_counter()
        pair = {"dutch": None, "own": None, "random": random_pairer(s.seed), "fold": fold_pairer,
                "fold+dutch": fold_then("dutch", s.edition)}[how]
        t = generate(s, pair)
        t = t.replace(rounds=played + 1)  # one round still to pair
        path.write_bytes(formats.dump(t, "trf26").data)
        print(f"wrote {path} ({len(t.players)} players, {t.played_rounds} rounds) in"
              f" {time.perf_counter() - start:.1f} s", flush=True)


# --------------------------------------------------------------------------- measuring


def measure(cmd: list[str], cwd: Path | None = None, timeout: float = 3600) -> tuple[float, float, float, int]:
    """Wall s, CPU s, peak RSS MiB and exit code of one fresh process running ``cmd`` (the
    kernel's own accounting of that child, as ``/usr/bin/time -v`` reports it)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            proc.kill()
            pid, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(0.01)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode


def input_path(w: Workload, folder: Path) -> Path:
    return ROOT / w.file if "/" in w.file else folder / f"{w.file}.trf"


def commands(name: str, path: Path, args: argparse.Namespace) -> dict[str, tuple[list[str], Path | None]]:
    """The commands of one workload: pairchk first, then its anchors."""
    action = WORKLOADS[name].action
    if action == "generate":
        system = name.rsplit("_", 1)[1]
        return {"pairchk": ([sys.executable, "-m", "pairchk", "generate", "--system", system,
                             "--players", "5000", "--rounds", "1", "-o", os.devnull], ROOT)}
    if action == "shape":
        kind = "draw" if name == "draw400" else f"walled{name[-4:]}"
        return {"pairchk": ([sys.executable, str(ROOT / "benchmarks" / "bench_dutch_shapes.py"),
                             "--one", kind, "400"], ROOT)}
    if name.startswith("dense"):
        edition = name[-4:]
        exe = args.bbp6 if edition == "2026" else args.bbp5
        out = {"pairchk": ([sys.executable, "-m", "pairchk", "check", "--edition", edition,
                            str(path)], ROOT)}
        if not args.no_anchors and exe and Path(exe).exists():
            out[f"bbpPairings {'v6' if edition == '2026' else 'v5.0.1'}"] = (
                [exe, "--dutch", str(path), "-c"], None)
        return out
    out: dict[str, tuple[list[str], Path | None]] = {
        "pairchk": ([sys.executable, "-m", "pairchk", action, str(path), "--edition", "2026"], ROOT)}
    if name == "startup":
        out["pairchk"] = ([sys.executable, "-m", "pairchk", "check", str(path)], ROOT)
        out["python -c pass"] = ([sys.executable, "-c", "pass"], None)
        return out
    if args.no_anchors or name == "burstein1000":
        return out  # the anchors pair by the Dutch text (bbpPairings' Burstein is an older text)
    if args.bbp6 and Path(args.bbp6).exists():
        flag = ["-c"] if action == "check" else ["-p", os.devnull]
        out["bbpPairings v6"] = ([args.bbp6, "--dutch", str(path), *flag], None)
    if not args.no_tec and args.tec and Path(args.tec, "pairingchecker.py").exists():
        flag = ["-c"] if action == "check" else ["-p", "-o", os.devnull]
        out["FIDE TEC checker"] = ([args.tec_python, "pairingchecker.py", "-i", str(path), *flag,
                                    "-dT"], Path(args.tec))
    return out


@dataclass(frozen=True)
class Figures:
    """Medians over the runs of one command."""

    wall: float
    cpu: float
    peak: float  # MiB, the largest run
    codes: str

    def cell(self) -> str:
        exit_ = f" (exit {self.codes})" if self.codes != "0" else ""
        if self.codes.startswith("0; "):  # several files: the median row, and the slowest
            exit_ = f" ({self.codes[3:]})"
        return f"{self.wall:.2f} s wall, {self.cpu:.2f} s CPU, {self.peak:.0f} MB{exit_}"


def run(cmd: list[str], cwd: Path | None, runs: int, timeout: float) -> Figures:
    rows = [measure(cmd, cwd, timeout) for _ in range(runs)]
    return Figures(statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows),
                   max(r[2] for r in rows), ",".join(sorted({str(r[3]) for r in rows})))


def _median_figures(rows: list[Figures]) -> Figures:
    """The median file of several (dense events: one figure per workload), worst peak."""
    if len(rows) == 1:
        return rows[0]
    ordered = sorted(rows, key=lambda f: f.cpu)
    mid = ordered[len(ordered) // 2]
    worst = ordered[-1]
    return Figures(mid.wall, mid.cpu, max(f.peak for f in rows),
                   f"{mid.codes}; slowest {worst.cpu:.2f} s CPU" if mid.codes == "0" else mid.codes)


def table(results: dict[str, dict[str, Figures]]) -> list[str]:
    """Issue 8's table: a row per workload, pairchk next to its anchors and the target."""
    lines = ["| workload | pairchk | anchor | target |", "|---|---|---|---|"]
    for name, figures in results.items():
        w = WORKLOADS[name]
        ours = figures.get("pairchk")
        anchors = [f"{who} {f.cell()}" for who, f in figures.items() if who != "pairchk"]
        if w.quoted and "FIDE TEC checker" not in figures:
            anchors.append(w.quoted)
        lines.append(f"| {w.title} | {ours.cell() if ours else 'not run'} | "
                     f"{'; '.join(anchors) or '-'} | {w.target} |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", default="/tmp/pairchk-bench", help="where the generated files live")
    ap.add_argument("--prepare", action="store_true", help="only write the files")
    ap.add_argument("--only", action="append", choices=list(WORKLOADS), help="workload(s) to run")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--no-anchors", action="store_true")
    ap.add_argument("--no-tec", action="store_true", help="quote the TEC checker's figures from issue 8")
    ap.add_argument("--bbp6", default=os.environ.get("BBP6", "/tmp/oracles/bbp6/bbpPairings.exe"))
    ap.add_argument("--bbp5", default=os.environ.get("BBP5", "/tmp/oracles/bbp5/bbpPairings.exe"))
    ap.add_argument("--tec", default=os.environ.get("TEC", "/tmp/oracles/tec"))
    ap.add_argument("--tec-python", default=os.environ.get("TEC_PYTHON", sys.executable))
    args = ap.parse_args()
    folder = Path(args.dir)
    names = args.only or list(WORKLOADS)
    prepare(folder, sorted({WORKLOADS[n].file for n in names
                            if WORKLOADS[n].file and "/" not in WORKLOADS[n].file
                            and not n.startswith("dense")}))
    if args.prepare:
        return
    if sys.flags.dont_write_bytecode or os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("note: bytecode writing is off: every run compiles pairchk again (slower start-up)")
    load = os.getloadavg()
    print(f"{'workload':<14} {'program':<18} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9}  exit")
    results: dict[str, dict[str, Figures]] = {}
    for name in names:
        paths = [input_path(WORKLOADS[name], folder)]
        if name.startswith("dense"):
            edition = name[-4:]
            paths = prepare_dense(folder, edition, args.bbp6 if edition == "2026" else args.bbp5)
            if not paths:
                print(f"{name}: no bbpPairings to generate the events; skipped")
                continue
        results[name] = {}
        for who in commands(name, paths[0], args):
            per_file = [run(*commands(name, p, args)[who], args.runs, args.timeout)
                        for p in paths]
            f = results[name][who] = _median_figures(per_file)
            cmd = commands(name, paths[0], args)[who][0]
            print(f"{name:<14} {who:<18} {f.wall:8.2f} {f.cpu:8.2f} {f.peak:9.1f}  {f.codes}"
                  f"    {shlex.join(cmd[1:]) if who == 'pairchk' else ''}", flush=True)
    print(f"\nload average {load[0]:.2f} at the start, {os.getloadavg()[0]:.2f} at the end;"
          f" {os.cpu_count()} CPUs; median of {args.runs} run(s)\n")
    print("\n".join(table(results)))


if __name__ == "__main__":
    main()
