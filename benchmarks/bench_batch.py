"""Time ``pairchk check FOLDER`` on a folder of 100 tournament files, serial and ``--jobs 2``.

The folder holds 99 generated Dutch tournaments (40-100 players, 7-9 rounds, seeded, so the
same every run) and one corrupt file, which must be listed as unreadable without stopping the
batch. Each run is a fresh ``python -m pairchk`` process; the script prints wall seconds, the
CPU seconds of the run's processes, the speed-up and the summary line of each run.

Run on purpose (not part of the tests)::

    python benchmarks/bench_batch.py              # serial, then --jobs 2, 2 runs each
    python benchmarks/bench_batch.py --runs 3 --jobs 2 4

The files are cached in the temp directory (``pairchk-bench-batch``); delete it to rebuild.
On a shared machine the ratio of medians is what counts, not the absolute seconds.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FOLDER = Path(tempfile.gettempdir()) / "pairchk-bench-batch"
FILES = 100


def build() -> Path:
    """The folder of 99 generated files and a corrupt one (made once, then reused)."""
    if len(list(FOLDER.glob("*.trf"))) == FILES:
        return FOLDER
    from pairchk import formats
    from pairchk.generate.individual import Settings, generate

    FOLDER.mkdir(exist_ok=True)
    for i in range(FILES - 1):
        s = Settings(players=40 + (i * 7) % 61, rounds=7 + i % 3, seed=1000 + i)
        t = generate(s)
        (FOLDER / f"event_{i:03d}.trf").write_bytes(formats.dump(t, "trf26").data)
    (FOLDER / "zz_corrupt.trf").write_bytes(b"\x00\x01\x02 not a tournament at all" * 20)
    return FOLDER


def run(jobs: int) -> tuple[float, float, str, int]:
    """Wall and CPU seconds of one batch run, its summary lines and exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pairchk", "check", str(FOLDER), "-q",
                           "--jobs", str(jobs)], cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    table = "\n".join(proc.stdout.splitlines()[:2])
    return wall, cpu, table, proc.returncode


def _timed(task):
    """Run one task in a worker; its pid and the CPU seconds it took there."""
    from pairchk.check import batch

    start = time.process_time()
    result = batch.run_task(task)
    return os.getpid(), time.process_time() - start, result.status


def balance(jobs: int) -> None:
    """CPU seconds each pool worker spent: how evenly ``--jobs`` splits the work.

    On a machine whose cores are busy with other sessions (Linux schedules a session's
    processes as one group), the wall time of a pool cannot show the speed-up; the split can:
    the pool's wall time on idle cores is its busiest worker's CPU time.
    """
    from concurrent.futures import ProcessPoolExecutor

    from pairchk.check import batch

    tasks = [batch.Task("check", p, (("format", "text"),)) for p in batch.expand([str(FOLDER)])]
    per_worker: dict[int, float] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for pid, cpu, _ in pool.map(_timed, tasks):
            per_worker[pid] = per_worker.get(pid, 0.0) + cpu
    total = sum(per_worker.values())
    busiest = max(per_worker.values())
    print(f"--jobs {jobs}: CPU per worker {', '.join(f'{v:.1f}' for v in per_worker.values())} s"
          f" (total {total:.1f} s); busiest / total = {busiest / total:.2f}"
          f" (1/{jobs} = {1 / jobs:.2f} is a perfect split)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--jobs", type=int, nargs="+", default=[2])
    ap.add_argument("--balance", action="store_true",
                    help="measure how evenly the pool splits the CPU work instead of wall time")
    args = ap.parse_args()
    build()
    if args.balance:
        for jobs in args.jobs:
            balance(jobs)
        return
    print(f"{FILES} files in {FOLDER}; {os.cpu_count()} processors; load {os.getloadavg()[0]:.1f}")
    medians = {}
    for jobs in [1, *args.jobs]:
        walls, cpus = [], []
        for _ in range(args.runs):
            wall, cpu, table, code = run(jobs)
            walls.append(wall)
            cpus.append(cpu)
        medians[jobs] = statistics.median(walls)
        print(f"--jobs {jobs}: wall {statistics.median(walls):.1f} s (runs {', '.join(f'{w:.1f}' for w in walls)}),"
              f" cpu {statistics.median(cpus):.1f} s, exit {code}")
        print("    " + table.replace("\n", "\n    "))
    for jobs in args.jobs:
        print(f"--jobs {jobs} / serial wall: {medians[jobs] / medians[1]:.2f}")


if __name__ == "__main__":
    main()
