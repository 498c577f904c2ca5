"""Time ``pairchk check`` (Dutch engine) on corpus files of ~50, ~150, ~300 players and on a
generated 1000-player, 9-round tournament. Prints seconds per round and peak memory.

Run on purpose (not part of the tests)::

    python benchmarks/bench_check.py            # all sizes, each in its own process
    python benchmarks/bench_check.py --skip-big # corpus files only
    python benchmarks/bench_check.py --generated # 1000 players generated here, not the oracle's
    python benchmarks/bench_check.py --one PATH # a single file (used by the driver)

Targets (docs/DEVELOPERS brief): 300 players x 10 rounds under 5 s; 1000 x 9 under 60 s.
The 1000-player event is taken from ``/work/oracle/gen/big/*p1000*.trf`` when a complete file is
there, else generated with our own engine: random results with rating-based probabilities
(Elo expectation, fixed draw share), seeded, cached as a pickle in the temp directory.
Each case runs in a fresh process so that the peak RSS (``ru_maxrss``) is its own.
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pairchk.check import checker  # noqa: E402
from pairchk import formats, systems  # noqa: E402
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament  # noqa: E402


def _shared() -> Path:
    for base in (ROOT / ".." / "shared", Path("/work/shared")):
        if (base / "corpus").is_dir():
            return base.resolve()
    sys.exit("shared corpus not found (../shared or /work/shared)")


CORPUS_CASES = [
    "dutch/dutch_p054_r03_s1003300.trf",
    "dutch/dutch_p152_r11_s1004600.trf",
    "dutch/dutch_p296_r10_s1001900.trf",
]
BIG = "generated:1000x9:seed=1"


# --------------------------------------------------------------------------- generation


def generate(players: int, rounds: int, seed: int) -> Tournament:
    """A Dutch-paired tournament: our engine pairs, results drawn from rating-based odds."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(players)), reverse=True)
    t = Tournament(
        name=f"pairchk benchmark {players}x{rounds} seed {seed}", start_date="2026-03-01",
        rounds=rounds, system="FIDE_DUTCH_2026", initial_color=Color.WHITE,
        players=tuple(Player(i + 1, name=f"Player {i + 1:04d}", rating=r)
                      for i, r in enumerate(ratings)),
    )
    for rnd in range(1, rounds + 1):
        pairing = checker.pair(t, system="dutch", edition="2026", round=rnd).pairing
        new: dict[int, RoundEntry] = {}
        for p in pairing.pairs:
            rw, rb = t.player(p.white).rating or 1500, t.player(p.black).rating or 1500
            expected = 1 / (1 + 10 ** ((rb - rw) / 400))
            draw = 0.3 * (1 - abs(2 * expected - 1))  # fewer draws between unequal players
            x = rng.random()
            if x < expected - draw / 2:
                kw, kb = Kind.WIN, Kind.LOSS
            elif x < expected + draw / 2:
                kw, kb = Kind.DRAW, Kind.DRAW
            else:
                kw, kb = Kind.LOSS, Kind.WIN
            new[p.white] = RoundEntry(kw, p.black, Color.WHITE)
            new[p.black] = RoundEntry(kb, p.white, Color.BLACK)
        if pairing.bye is not None:
            new[pairing.bye] = RoundEntry(Kind.PAB)
        t = t.replace(players=tuple(
            p.replace(entries=p.entries + (new.get(p.number, RoundEntry(Kind.ZERO_BYE)),))
            for p in t.players))
    return t


def big_tournament() -> tuple[Tournament, str]:
    for f in sorted(Path("/work/oracle/gen/big").glob("*p1000*.trf")):
        if os.environ.get("PAIRCHK_BENCH_GENERATE"):
            break
        try:
            t = formats.load_path(str(f)).tournament
        except Exception:
            continue
        if len(t.players) >= 1000 and t.played_rounds >= 9:
            return t, str(f)
    cache = Path(tempfile.gettempdir()) / "pairchk-bench-p1000-r09-s1.pickle"
    if cache.exists():
        return pickle.loads(cache.read_bytes()), f"generated (cached in {cache})"
    start = time.perf_counter()
    t = generate(1000, 9, seed=1)
    cache.write_bytes(pickle.dumps(t))
    return t, f"generated in {time.perf_counter() - start:.1f} s (cached in {cache})"


# --------------------------------------------------------------------------- measuring


def run_one(case: str) -> None:
    if case == BIG:
        t, origin = big_tournament()
    else:
        origin = case
        t = formats.load_path(str(_shared() / "corpus" / case)).tournament
    engine, spent = timed(systems.get("dutch"))
    wall, cpu = time.perf_counter(), time.process_time()
    report = checker.check(t, system=engine, path=case)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    spent["checker"] = wall - sum(spent.values())
    rounds = len(report.rounds)
    statuses = {}
    for r in report.rounds:
        statuses[r.status] = statuses.get(r.status, 0) + 1
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(t.players):>5} players x {rounds:>2} rounds: {wall:7.2f} s wall, {cpu:7.2f} s CPU,"
          f" {wall / max(rounds, 1):6.3f} s/round, peak RSS {peak_mib:6.1f} MiB,"
          f" {', '.join(f'{n} {s}' for s, n in statuses.items())}  [{origin}]", flush=True)
    print("      time by part: " + ", ".join(f"{k} {v:.2f} s" for k, v in spent.items()), flush=True)


class _Timed:
    """A System whose calls are timed: state building, pairing, evaluation, absolute rules."""

    def __init__(self, system, spent: dict[str, float]):
        self._s, self._spent = system, spent
        for attr in ("name", "title", "codes", "editions", "fixed", "teams"):
            setattr(self, attr, getattr(system, attr))
        self.select_edition, self.criteria = system.select_edition, system.criteria
        self.state = self._wrap(system.state, "state")
        self.pair = self._wrap(system.pair, "pair")
        self.evaluate = self._wrap(system.evaluate, "criteria")
        self.violations = self._wrap(system.violations, "absolute")

    def _wrap(self, fn, key):
        def inner(*a, **k):
            start = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                self._spent[key] += time.perf_counter() - start
        return inner


def timed(system):
    """``system`` with each call timed, and the dict the times are added to."""
    spent = {"state": 0.0, "pair": 0.0, "criteria": 0.0, "absolute": 0.0}
    return _Timed(system, spent), spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--one", help="run a single case in this process")
    ap.add_argument("--skip-big", action="store_true", help="skip the 1000-player event")
    ap.add_argument("--generated", action="store_true",
                    help="use our own generated 1000-player event even if an oracle file exists")
    args = ap.parse_args()
    if args.generated:
        os.environ["PAIRCHK_BENCH_GENERATE"] = "1"
    if args.one:
        run_one(args.one)
        return
    cases = CORPUS_CASES + ([] if args.skip_big else [BIG])
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; targets: 300x10 < 5 s,"
          f" 1000x9 < 60 s")
    for case in cases:
        rc = subprocess.call([sys.executable, __file__, "--one", case])
        if rc:
            print(f"{case}: failed with exit code {rc}")


if __name__ == "__main__":
    main()
