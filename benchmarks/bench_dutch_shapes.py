"""Pathological field shapes for the FIDE Dutch engine (issue 8): time and memory of one round.

    python benchmarks/bench_dutch_shapes.py [--timeout S]

Shapes, built in memory (no files, no oracle):

* ``fresh N``: round 1 of N unrated-history players (one score group of N);
* ``draw N``: round 4 after three rounds in which every game was drawn, paired at random
  (one huge score group with random colour histories);
* ``drawcheck N``: the whole check of such a field after seven all-draw random rounds (the
  checker pairs rounds 1-7 again: one score group per round, the histories not its own);
* ``big N``: round 2 of N players after a random first round with decisive results and draws
  (three score groups of about N/3; the 9,999-player limit of the formats);
* ``walled2026 N`` / ``walled2017 N``: the contrived bracket of the exact-method tests
  (``tests/test_dutch_exact.py``, ``_big_bracket``): one score group of N, half wanting white
  and half black with strong or absolute preferences, a quarter of the black-wanting players
  having met every white-wanting one, so that the search's ideal is out of reach and the exact
  method decides (the bracket the issue of the exact matching timed at 74 s for N = 400).

Each shape runs in its own process (``--timeout`` seconds, default 300) and prints CPU seconds
for the state and the pairing and the peak resident memory. Not run by the test suite.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairchk.model import Color, Kind, Player, RoundEntry, Tournament  # noqa: E402
from pairchk.state import round_state  # noqa: E402
from pairchk.systems.dutch.round import pair  # noqa: E402

SHAPES = [("fresh", 3000), ("fresh", 9999), ("draw", 200), ("draw", 400), ("draw", 1000),
          ("drawcheck", 1000), ("big", 9999), ("walled2026", 400), ("walled2017", 400)]


def all_draw(n: int, rounds_done: int, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    entries: dict[int, list[RoundEntry]] = {i: [] for i in range(1, n + 1)}
    for _ in range(rounds_done):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        for k in range(0, n - 1, 2):
            a, b = order[k], order[k + 1]
            entries[a].append(RoundEntry(Kind.DRAW, b, Color.WHITE))
            entries[b].append(RoundEntry(Kind.DRAW, a, Color.BLACK))
        if n % 2:
            entries[order[-1]].append(RoundEntry(Kind.PAB))
    return Tournament(rounds=rounds_done + 3, players=tuple(
        Player(i, rating=2800 - i % 1000, entries=tuple(entries[i])) for i in range(1, n + 1)))


def one_random_round(n: int, seed: int = 1) -> Tournament:
    """Round 1 paired at random, results drawn (white wins, draws, black wins equally)."""
    rng = random.Random(seed)
    order = list(range(1, n + 1))
    rng.shuffle(order)
    entries: dict[int, list[RoundEntry]] = {i: [] for i in order}
    kinds = ((Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN))
    for k in range(0, n - 1, 2):
        a, b = order[k], order[k + 1]
        ka, kb = rng.choice(kinds)
        entries[a].append(RoundEntry(ka, b, Color.WHITE))
        entries[b].append(RoundEntry(kb, a, Color.BLACK))
    if n % 2:
        entries[order[-1]].append(RoundEntry(Kind.PAB))
    return Tournament(rounds=9, players=tuple(
        Player(i, rating=3000 - i // 4, entries=tuple(entries[i])) for i in range(1, n + 1)))


def fresh(n: int) -> Tournament:
    return Tournament(rounds=9, players=tuple(Player(i, rating=3000 - i // 4)
                                              for i in range(1, n + 1)))


def walled(edition: str, n: int):
    """The round state of the tests' contrived bracket (seed 3)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from test_dutch_exact import _big_bracket

    return _big_bracket(edition, 3, n)


def run_one(kind: str, n: int) -> str:
    if kind.startswith("walled"):
        a = time.process_time()
        st = walled(kind[-4:], n)
        b = time.process_time()
        p = pair(st)
        c = time.process_time()
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return (f"{kind} {n}: state {b - a:.2f} s, pair {c - b:.2f} s, peak {rss:.0f} MB, "
                f"{len(p.pairs)} pairs, PAB {p.bye}")
    if kind == "drawcheck":
        from pairchk.check import checker

        t = all_draw(n, 7).replace(system="FIDE_DUTCH_2025")
        a = time.process_time()
        report = checker.check(t, system="dutch", edition="2026")
        b = time.process_time()
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return (f"{kind} {n}: check of 7 rounds {b - a:.2f} s, peak {rss:.0f} MB, "
                f"{len(report.rounds)} rounds checked")
    t, rnd = {"draw": (all_draw(n, 3), 4), "big": (one_random_round(n), 2)}.get(kind,
                                                                               (fresh(n), 1))
    a = time.process_time()
    st = round_state(t, rnd, edition="2026")
    b = time.process_time()
    p = pair(st)
    c = time.process_time()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return (f"{kind} {n}: state {b - a:.2f} s, pair {c - b:.2f} s, peak {rss:.0f} MB, "
            f"{len(p.pairs)} pairs, PAB {p.bye}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--one", nargs=2, metavar=("KIND", "N"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(run_one(args.one[0], int(args.one[1])))
        return
    for kind, n in SHAPES:
        try:
            out = subprocess.run([sys.executable, __file__, "--one", kind, str(n)],
                                 capture_output=True, text=True, timeout=args.timeout)
            print(out.stdout.strip() or out.stderr.strip().splitlines()[-1])
        except subprocess.TimeoutExpired:
            print(f"{kind} {n}: not done within {args.timeout:.0f} s")


if __name__ == "__main__":
    main()
