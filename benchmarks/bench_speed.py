"""Speed of whole ``pairchk`` processes on the workloads of issue 8, side by side with anchors.

Workloads (files generated with the RTG, :mod:`pairchk.generate`, cached in ``--dir``):

* ``check100``   check 100 players x 10 rounds
* ``pair3000``   pair round 5 of 3000 players (4 rounds played)
* ``check1000``  check 1000 players x 9 rounds
* ``draw1000``   1,000 players who always draw, paired at random (one huge score group):
  check 5 rounds, and pair round 6 (``drawpair1000``)
* ``pair9999``   pair round 2 of 9,999 players (the most TRF can number)

Anchors: bbpPairings v6 (``--bbp6``: ``-c`` to check, ``-p`` to pair) and the FIDE TEC checker
(``--tec DIR --tec-python PY``: ``pairingchecker.py -c`` / ``-p``). Each command is a fresh
process: wall and CPU seconds and the peak resident memory of the child, as ``/usr/bin/time -v``
would report them. Run on purpose, one workload at a time if the machine is shared::

    nice python3 benchmarks/bench_speed.py --prepare          # write the files once
    nice python3 benchmarks/bench_speed.py --only check100 --runs 5
    nice python3 benchmarks/bench_speed.py --no-anchors       # pairchk only
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pairchk import formats  # noqa: E402
from pairchk.generate import Settings, generate, pairer  # noqa: E402
from pairchk.model import Color, Tournament  # noqa: E402
from pairchk.pairing import Pair, RoundPairing  # noqa: E402

# file stem -> (generator settings, rounds played, how they are paired)
FILES = {
    "p100": (Settings(players=100, rounds=10, seed=1, forfeit_rate=0.02, bye_rate=0.02), 10, "dutch"),
    # round 1 folded (our engine stops on a 3000-player bracket with RecursionError, issue 8)
    "p3000": (Settings(players=3000, rounds=4, seed=3), 4, "fold+dutch"),
    "p1000": (Settings(players=1000, rounds=9, seed=2), 9, "dutch"),
    "draw1000": (Settings(players=1000, rounds=5, seed=4, draw_rate=1.0), 5, "random"),
    "p9999": (Settings(players=9999, rounds=1, seed=5), 1, "fold"),
}
WORKLOADS = {  # name -> (file, action)
    "check100": ("p100", "check"),
    "pair3000": ("p3000", "pair"),
    "check1000": ("p1000", "check"),
    "draw1000": ("draw1000", "check"),
    "drawpair1000": ("draw1000", "pair"),
    "pair9999": ("p9999", "pair"),
}


# --------------------------------------------------------------------------- files


def random_pairer(seed: int):
    """Pairs at random, avoiding rematches where it can (the adversarial shape of issue 8)."""
    rng = random.Random(seed)

    def pair(t: Tournament, rnd: int) -> RoundPairing:
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


def fold_pairer(t: Tournament, rnd: int) -> RoundPairing:
    """Round 1 as the Dutch system pairs it without byes (C.04.3 2026 art. 3 / 2017 D):
    top half against bottom half, the initial colour to the higher player on odd boards, the
    PAB to the last player of an odd field."""
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
    later = pairer(system, edition)
    return lambda t, rnd: fold_pairer(t, rnd) if rnd == 1 else later(t, rnd)


def prepare(folder: Path, names: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        path = folder / f"{name}.trf"
        if path.exists():
            continue
        s, played, how = FILES[name]
        start = time.perf_counter()
        pair = {"dutch": None, "random": random_pairer(s.seed), "fold": fold_pairer,
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


def commands(action: str, path: Path, args: argparse.Namespace) -> dict[str, tuple[list[str], Path | None]]:
    out: dict[str, tuple[list[str], Path | None]] = {
        "pairchk": ([sys.executable, "-m", "pairchk", action, str(path), "--edition", "2026"], ROOT)}
    if args.no_anchors:
        return out
    if args.bbp6 and Path(args.bbp6).exists():
        flag = ["-c"] if action == "check" else ["-p", os.devnull]
        out["bbpPairings v6"] = ([args.bbp6, "--dutch", str(path), *flag], None)
    if args.tec and Path(args.tec, "pairingchecker.py").exists():
        flag = ["-c"] if action == "check" else ["-p", "-o", os.devnull]
        out["FIDE TEC checker"] = ([args.tec_python, "pairingchecker.py", "-i", str(path), *flag,
                                    "-dT"], Path(args.tec))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", default="/tmp/pairchk-bench", help="where the generated files live")
    ap.add_argument("--prepare", action="store_true", help="only write the files")
    ap.add_argument("--only", action="append", choices=list(WORKLOADS), help="workload(s) to run")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--no-anchors", action="store_true")
    ap.add_argument("--bbp6", default=os.environ.get("BBP6", "/tmp/oracles/bbp6/bbpPairings.exe"))
    ap.add_argument("--tec", default=os.environ.get("TEC", "/tmp/oracles/tec"))
    ap.add_argument("--tec-python", default=os.environ.get("TEC_PYTHON", "/tmp/oracles/tecvenv/bin/python"))
    args = ap.parse_args()
    folder = Path(args.dir)
    names = args.only or list(WORKLOADS)
    prepare(folder, sorted({WORKLOADS[n][0] for n in names}))
    if args.prepare:
        return
    print(f"{'workload':<14} {'program':<18} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9}  exit")
    for name in names:
        stem, action = WORKLOADS[name]
        for who, (cmd, cwd) in commands(action, folder / f"{stem}.trf", args).items():
            rows = [measure(cmd, cwd, args.timeout) for _ in range(args.runs)]
            wall = statistics.median(r[0] for r in rows)
            cpu = statistics.median(r[1] for r in rows)
            peak = max(r[2] for r in rows)
            codes = ",".join(sorted({str(r[3]) for r in rows}))
            print(f"{name:<14} {who:<18} {wall:8.2f} {cpu:8.2f} {peak:9.1f}  {codes}", flush=True)


if __name__ == "__main__":
    main()
