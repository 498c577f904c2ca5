"""Cross-check the Dutch engine with the endorsed engine on arbitrary histories (issue 8).

For every round ``r`` of every file, the history before ``r`` (the declared byes of ``r``
kept) is paired by pairchk and by bbpPairings (``--dutch HISTORY -p``: v5.0.1 for the 2017
edition, v6 for 2026); pairs, colours and the PAB are compared. The files need not be Dutch:
the shared ``corpus/burstein`` files are histories paired by another system, and
``--altered K`` adds K altered copies of each file (results flipped, games turned into
forfeits, colours swapped, deterministic per file and copy), i.e. histories no Dutch engine
produced. Run on purpose, never in the default tests::

    nice python3 benchmarks/history_crosscheck.py --edition 2017 --altered 3 \\
        ../shared/corpus/burstein/*.trf ../shared/corpus/dutch2017/*.trf

Prints one line per differing round and a summary (files, rounds compared, differences).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pairchk import formats, systems  # noqa: E402
from pairchk.acceleration import accelerations  # noqa: E402
from pairchk.model import Kind, RoundEntry, Tournament  # noqa: E402
from pairchk.state import infer_initial_color, round_state  # noqa: E402

KEPT = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE)
FLIP = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.WIN}


def history(t: Tournament, rnd: int) -> Tournament:
    """Rounds before ``rnd`` plus the declared byes of ``rnd``."""
    def cut(p):
        cur = tuple(e for e in p.entries[rnd - 1:rnd] if e.kind in KEPT and e.opponent is None)
        return p.replace(entries=p.entries[: rnd - 1] + cur, points=None, rank=None)
    return t.replace(players=tuple(cut(p) for p in t.players))


def altered(t: Tournament, seed: str) -> Tournament:
    """A copy with some results flipped, some games forfeited and some colours swapped (the
    pairings stay, so the history is legal but not one an engine would have produced)."""
    rng = random.Random(seed)
    change: dict[tuple[int, int], str] = {}
    for p in t.players:
        for r, e in enumerate(p.entries, 1):
            if e.opponent is not None and p.number < e.opponent and e.kind.played:
                x = rng.random()
                if x < 0.15:
                    change[(r, p.number)] = "flip"
                elif x < 0.22:
                    change[(r, p.number)] = "forfeit"
                elif x < 0.32:
                    change[(r, p.number)] = "colour"
    inverse = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW}

    def entry(num: int, r: int, e: RoundEntry) -> RoundEntry:
        if e.opponent is None:
            return e
        lo, hi = min(num, e.opponent), max(num, e.opponent)
        what = change.get((r, lo))
        if what is None:
            return e
        first = num == lo
        if what == "colour":
            return RoundEntry(e.kind, e.opponent, e.color.opposite)
        base = e.kind if first else inverse.get(e.kind, e.kind)  # the lower number's result
        if what == "flip":
            new = FLIP.get(base, base)
            return RoundEntry(new if first else inverse[new], e.opponent, e.color)
        win_first = base is not Kind.LOSS
        kind = Kind.FORFEIT_WIN if win_first == first else Kind.FORFEIT_LOSS
        return RoundEntry(kind, e.opponent, e.color)

    return t.replace(players=tuple(
        p.replace(entries=tuple(entry(p.number, r, e) for r, e in enumerate(p.entries, 1)),
                  points=None, rank=None)
        for p in t.players))


class Unreadable(Exception):
    """bbpPairings rejects the history as written (e.g. games without colours, totals that
    count an absence): the round is not compared."""


def for_bbp(hist: Tournament) -> Tournament:
    """The history as bbpPairings must read it: a Dutch 192 code in v6's spelling
    (``FIDE_DUTCH_2025``; other programs write ``FIDE_DUTCH_2026...``), an acceleration the
    code implies (``..._BAKU``) written out as virtual points per player (XXA / 250), which
    pairchk reads the same way."""
    if not hist.system.upper().startswith("FIDE_DUTCH"):
        return hist
    acc = accelerations(hist)
    return hist.replace(acceleration=acc or hist.acceleration, system="FIDE_DUTCH_2025")


def bbp_pairing(exe: str, hist: Tournament, kind: str) -> tuple[set, int | None] | None:
    with tempfile.TemporaryDirectory(prefix="hist-x-") as tmp:
        src, out = Path(tmp, "h.trf"), Path(tmp, "out.txt")
        src.write_bytes(formats.dump(for_bbp(hist), kind).data)
        run = subprocess.run([exe, "--dutch", str(src), "-p", str(out)], capture_output=True,
                             text=True, timeout=600)
        if "Error parsing file" in run.stdout + run.stderr:
            raise Unreadable((run.stdout + run.stderr).split(":", 2)[-1].strip())
        if not out.exists():
            return None
        words = out.read_text().split()
    if not words:  # bbpPairings found no legal pairing (it writes an empty file)
        return None
    n, nums = int(words[0]), list(map(int, words[1:]))
    pairs = {(w, b) for w, b in zip(nums[: 2 * n: 2], nums[1: 2 * n: 2]) if b}
    byes = [w for w, b in zip(nums[: 2 * n: 2], nums[1: 2 * n: 2]) if not b]
    return pairs, (byes[0] if byes else None)


def compare(t: Tournament, name: str, edition: str, exe: str, out_dir: Path | None) -> tuple:
    dutch = systems.get("dutch")
    kind = "trf26" if edition == "2026" else "trf"
    rounds = diffs = 0
    for rnd in range(1, t.played_rounds + 1):
        hist = history(t, rnd)
        try:
            theirs = bbp_pairing(exe, hist, kind)
        except Unreadable as exc:
            print(f"{name} round {rnd}: not compared: bbpPairings rejects the history: {exc}",
                  flush=True)
            continue
        try:
            got = dutch.pair(round_state(hist, rnd, edition=edition))
            ours = ({(p.white, p.black) for p in got.pairs}, got.bye)
        except ValueError as exc:
            ours = None
            print(f"{name} round {rnd}: pairchk: {exc}", flush=True)
        if theirs is None and ours is None:
            continue
        rounds += 1
        if ours != theirs:
            diffs += 1
            print(f"{name} round {rnd}: ours {sorted(ours[0]) if ours else None} bye "
                  f"{ours[1] if ours else None} / bbp {sorted(theirs[0]) if theirs else None}"
                  f" bye {theirs[1] if theirs else None}", flush=True)
            if out_dir is not None:
                out_dir.mkdir(parents=True, exist_ok=True)
                (out_dir / f"{name}-r{rnd}.trf").write_bytes(formats.dump(hist, kind).data)
    return rounds, diffs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--edition", choices=("2026", "2017"), default="2017")
    ap.add_argument("--altered", type=int, default=0, help="altered copies per file")
    ap.add_argument("--bbp6", default=os.environ.get("BBP6", "/tmp/oracles/bbp6/bbpPairings.exe"))
    ap.add_argument("--bbp5", default=os.environ.get("BBP5", "/tmp/oracles/bbp5/bbpPairings.exe"))
    ap.add_argument("--keep", default=None, help="folder for the histories of differing rounds")
    args = ap.parse_args()
    exe = args.bbp6 if args.edition == "2026" else args.bbp5
    if not Path(exe).exists():
        sys.exit(f"bbpPairings not found at {exe!r} (--bbp5/--bbp6 or BBP5/BBP6)")
    keep = Path(args.keep) if args.keep else None
    files = rounds = diffs = 0
    for f in args.files:
        try:
            t = formats.load_path(f).tournament
        except ValueError as exc:  # not a file pairchk reads: say so and go on
            print(f"{f}: not compared: {exc}", flush=True)
            continue
        if t.teams:
            print(f"{f}: not compared: a team event", flush=True)
            continue
        # the histories keep no round-1 colours: carry the file's (inferred) initial colour
        # and the number of rounds, which bbpPairings needs
        t = t.replace(initial_color=infer_initial_color(t),
                      rounds=max(t.rounds or 0, t.played_rounds))
        variants = [(Path(f).stem, t)] + [(f"{Path(f).stem}-alt{k}", altered(t, f"{f}:{k}"))
                                         for k in range(args.altered)]
        for name, v in variants:
            r, d = compare(v, name, args.edition, exe, keep)
            files += 1
            rounds += r
            diffs += d
    print(f"edition {args.edition}: {files} files, {rounds} rounds compared, {diffs} differ")


if __name__ == "__main__":
    main()
