"""Benchmark the FIDE Dutch engine: re-pair every round of TRF files and time it.

    python benchmarks/bench_dutch.py FILE.trf [FILE.trf ...] [--edition 2026|2017]

Prints, per file, CPU seconds for all rounds (state + pairing), the slowest round and how many
rounds equal the published pairing (pairs, colours, PAB). Default files: the largest corpus
files. Not run by the test suite.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairchk.formats import trf  # noqa: E402
from pairchk.pairing import published_pairing  # noqa: E402
from pairchk.state import round_state  # noqa: E402
from pairchk.systems.dutch.round import pair  # noqa: E402

DEFAULT = ["corpus/dutch/dutch_p296_r10_s1001900.trf", "corpus/dutch2017/dutch2017_p289_r10_s3001400.trf"]


def _shared() -> Path:
    here = Path(__file__).resolve().parents[1] / ".." / "shared"
    return here if here.is_dir() else Path("/work/shared")


def bench(path: Path, edition: str) -> None:
    t = trf.load(path.read_bytes(), path=str(path)).tournament
    total = 0.0
    worst = (0.0, 0)
    same = 0
    n = t.played_rounds
    for rnd in range(1, n + 1):
        c0 = time.process_time()
        st = round_state(t, rnd, edition=edition)
        got = pair(st)
        dt = time.process_time() - c0
        total += dt
        worst = max(worst, (dt, rnd))
        pub = published_pairing(t, rnd)
        if ({(p.white, p.black) for p in got.pairs}, got.bye) == (
                {(p.white, p.black) for p in pub.pairs}, pub.bye):
            same += 1
    print(f"{path.name}: {len(t.players)} players, {n} rounds, edition {edition}: "
          f"{total:.2f} s CPU, slowest round {worst[1]} {worst[0]:.2f} s, "
          f"{same}/{n} rounds equal to the published pairing", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--edition", default=None, help="2026 or 2017 (default: 2017 for dutch2017 files)")
    a = ap.parse_args()
    files = [Path(f) for f in a.files] or [_shared() / f for f in DEFAULT]
    for f in files:
        ed = a.edition or ("2017" if "2017" in f.name else "2026")
        bench(f, ed)


if __name__ == "__main__":
    main()
