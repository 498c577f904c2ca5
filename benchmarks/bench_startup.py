"""Start-up of ``pairchk check`` on a small file, whole process, next to what the interpreter
costs by itself (issue 13: a command on a small file starts in <= 0.12 s).

    python benchmarks/bench_startup.py [--runs 21] [--file fixtures/club_open_2026.trf]
    python benchmarks/bench_startup.py --importtime     # where the rest goes, module by module

Each command runs ``--runs`` times, the commands in turn (A B C A B C ...) so that a drift of
the machine's speed hits them alike; wall and CPU seconds are the kernel's accounting of each
child (as ``/usr/bin/time`` reports them), the median is printed. Commands:

* ``python -S -c pass``: the interpreter alone (no site, no .pth files)
* ``python -c pass``: the interpreter with site and the .pth files of this installation
* ``python -m pairchk check FILE``: the fast path (no typer), as the console script runs it
* ``console script``: the ``pairchk`` script next to this interpreter (if installed)
* ``typer path``: the same check through the typer app (``-q -q``: a repeated flag is left to
  typer), for comparison
* ``python -S -m pairchk check FILE``: pairchk without site, i.e. pairchk's own share

``--importtime`` runs ``python -X importtime -m pairchk check FILE`` ``--runs`` times and prints
the smallest self time of each module imported beyond ``python -c pass``.

With ``PYTHONDONTWRITEBYTECODE`` set no bytecode (and no compiled dataclass methods,
:mod:`pairchk.cli.dccache`) is kept, and every run compiles pairchk again: unset it to measure
what a user sees.

Figures (2026-12-01, 2 shared cores, AMD EPYC, Python 3.11.7 (pyenv build, no PGO); each line
an A/B pair of commands run in turn, medians of 21, load average 3.2-3.5 from other workers;
whole-process seconds, the check on fixtures/club_open_2026.trf):

=============================================================  ========  ========
command                                                          wall s    CPU s
=============================================================  ========  ========
python -S -c pass (the interpreter alone)                         0.016     0.010
python -c pass (+ site and the .pth files of this machine)        0.051     0.049
pairchk check, console script, before (typer; main f877006)      0.285     0.208
pairchk check, console script, after (fast path + cache)         0.110     0.107
python -m pairchk check, after                                    0.119     0.115
python -S -m pairchk check, after (pairchk without site)         0.149     0.096
typer path, after (check FILE -q -q)                             0.260     0.171
the pyenv shim instead of the script: more                       +0.16     +0.073
=============================================================  ========  ========

At load 8 (most of that day) every wall time doubles, ``python -c pass`` included, while CPU
times move by about 10 %.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_speed import measure  # noqa: E402


def commands(file: str) -> dict[str, list[str]]:
    py = sys.executable
    out = {
        "python -S -c pass": [py, "-S", "-c", "pass"],
        "python -c pass": [py, "-c", "pass"],
        "python -m pairchk check": [py, "-m", "pairchk", "check", file],
    }
    script = Path(py).with_name("pairchk")
    if script.exists():
        out["console script"] = [str(script), "check", file]
    out["typer path (-q -q)"] = [py, "-m", "pairchk", "check", file, "-q", "-q"]
    out["python -S -m pairchk check"] = [py, "-S", "-m", "pairchk", "check", file]
    return out


def timings(cmds: dict[str, list[str]], runs: int) -> None:
    rows: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
    for name, cmd in cmds.items():  # warm-up: bytecode and the dataclass cache written
        measure(cmd, ROOT)
    for _ in range(runs):
        for name, cmd in cmds.items():
            wall, cpu, _, _ = measure(cmd, ROOT)
            rows[name].append((wall, cpu))
    base = statistics.median(c for _, c in rows["python -c pass"])
    print(f"{'command':<30} {'wall s':>8} {'CPU s':>8} {'CPU - pass':>11}")
    for name, values in rows.items():
        wall = statistics.median(w for w, _ in values)
        cpu = statistics.median(c for _, c in values)
        print(f"{name:<30} {wall:8.3f} {cpu:8.3f} {cpu - base:+11.3f}")


def _self_times(cmd: list[str], runs: int) -> dict[str, int]:
    best: dict[str, int] = {}
    for _ in range(runs):
        err = subprocess.run([cmd[0], "-X", "importtime", *cmd[1:]], cwd=ROOT, text=True,
                             capture_output=True, check=False).stderr
        for line in err.splitlines():
            parts = line.removeprefix("import time:").split("|")
            if len(parts) == 3 and parts[0].strip().isdigit():
                name, us = parts[2].strip(), int(parts[0])
                best[name] = min(best.get(name, us), us)
    return best


def importtime(file: str, runs: int) -> None:
    ours = _self_times([sys.executable, "-m", "pairchk", "check", file], runs)
    base = set(_self_times([sys.executable, "-c", "pass"], 1))
    extra = {m: us for m, us in ours.items() if m not in base}
    own = sum(us for m, us in extra.items() if m.startswith("pairchk"))
    print(f"imports beyond python -c pass: {sum(extra.values()) / 1000:.1f} ms self time, "
          f"{own / 1000:.1f} ms of it pairchk's own modules (smallest of {runs} runs)")
    for m, us in sorted(extra.items(), key=lambda kv: -kv[1])[:30]:
        print(f"{us / 1000:7.2f} ms  {m}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--file", default="fixtures/club_open_2026.trf")
    ap.add_argument("--importtime", action="store_true")
    args = ap.parse_args()
    # every child imports pairchk from this checkout (the console script too)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    if os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.flags.dont_write_bytecode:
        print("note: bytecode writing is off: every run compiles pairchk (unset PYTHONDONTWRITEBYTECODE)")
    print(f"load average {os.getloadavg()[0]:.2f}; {os.cpu_count()} CPUs; {sys.version.split()[0]};"
          f" shim: {shutil.which('pairchk')}")
    if args.importtime:
        importtime(args.file, args.runs)
    else:
        timings(commands(args.file), args.runs)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
