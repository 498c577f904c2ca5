"""Cross-check the Dutch engine with the endorsed engine on arbitrary histories (issue 8).

For every round ``r`` of every file, the history before ``r`` (the declared byes of ``r``
kept) is paired by pairchk and by bbpPairings (``--dutch HISTORY -p``: v5.0.1 for the 2017
edition, v6 for 2026) or, with ``--oracle py4swiss``, by the py4swiss package (2017 text, MIT,
installed outside the repository: ``--py4swiss PATH`` to its console script); pairs, colours
and the PAB are compared. The files need not be Dutch:
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
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pairchk import formats, systems  # noqa: E402
from pairchk.acceleration import accelerations  # noqa: E402
from pairchk.model import Kind, RoundEntry, ScoreSystem, Tournament  # noqa: E402
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
        lo = min(num, e.opponent)
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


def for_py4swiss(hist: Tournament) -> Tournament:
    """py4swiss reads no BBW/BBD/XXS: a 2-1-0 (any multiple of 1-½-0) scoring is written as
    1-½-0, which orders the players the same way (the Dutch rules read scores only through
    their order and the half-of-the-maximum topscorer line)."""
    sc = hist.scoring
    k = sc.win
    if k > 0 and sc == replace(ScoreSystem(), win=k, draw=k / 2):
        return hist.replace(scoring=ScoreSystem())
    return hist


def oracle_command(oracle: str, exe: str, src: Path, out: Path) -> list[str]:
    if oracle == "py4swiss":
        return [exe, "-e", "dutch", "-t", str(src), "-p", str(out)]
    return [exe, "--dutch", str(src), "-p", str(out)]


def bbp_pairing(exe: str, hist: Tournament, kind: str,
                oracle: str = "bbp") -> tuple[set, int | None] | None:
    """The oracle's pairing of the round after ``hist`` (both write bbpPairings' list)."""
    with tempfile.TemporaryDirectory(prefix="hist-x-") as tmp:
        src, out = Path(tmp, "h.trf"), Path(tmp, "out.txt")
        if oracle == "py4swiss":
            hist = for_py4swiss(hist)
        src.write_bytes(formats.dump(for_bbp(hist), kind).data)
        run = subprocess.run(oracle_command(oracle, exe, src, out), capture_output=True,
                             text=True, timeout=600)
        if "Error parsing file" in run.stdout + run.stderr:
            raise Unreadable((run.stdout + run.stderr).split(":", 2)[-1].strip())
        if run.returncode and oracle == "py4swiss":
            err = (run.stderr.strip().splitlines() or ["no message"])[-1]
            raise Unreadable(f"py4swiss failed: {err}")
        if not out.exists():
            return None
        words = out.read_text().split()
    if not words:  # bbpPairings found no legal pairing (it writes an empty file)
        return None
    n, nums = int(words[0]), list(map(int, words[1:]))
    pairs = {(w, b) for w, b in zip(nums[: 2 * n: 2], nums[1: 2 * n: 2]) if b}
    byes = [w for w, b in zip(nums[: 2 * n: 2], nums[1: 2 * n: 2]) if not b]
    return pairs, (byes[0] if byes else None)


def _show(got: tuple[set, int | None] | None) -> str:
    return "no pairing" if got is None else f"{sorted(got[0])} bye {got[1]}"


def _differs(name: str, rnd: int, ours, theirs, oracle: str, referee: str) -> None:
    if ours is None or theirs is None:
        print(f"{name} round {rnd}: ours {_show(ours)} / {oracle} {_show(theirs)}", flush=True)
        return
    print(f"{name} round {rnd}: only ours {sorted(ours[0] - theirs[0])} bye {ours[1]}; only"
          f" {oracle} {sorted(theirs[0] - ours[0])} bye {theirs[1]}{referee}", flush=True)


def compare(t: Tournament, name: str, edition: str, exe: str, out_dir: Path | None,
            oracle: str = "bbp", referee: str | None = None) -> tuple[int, int, int]:
    """Rounds compared, rounds that differ, and of those the rounds where ``referee`` (a
    second engine, bbpPairings when the oracle is py4swiss) pairs as pairchk does."""
    dutch = systems.get("dutch")
    kind = "trf26" if edition == "2026" else "trf"
    rounds = diffs = overruled = 0
    for rnd in range(1, t.played_rounds + 1):
        hist = history(t, rnd)
        try:
            theirs = bbp_pairing(exe, hist, kind, oracle)
        except Unreadable as exc:
            print(f"{name} round {rnd}: not compared: {oracle} rejects the history: {exc}",
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
        if ours == theirs:
            continue
        diffs += 1
        note = ""
        if referee is not None:
            same = bbp_pairing(referee, hist, kind) == ours
            overruled += same
            note = " (bbpPairings pairs as pairchk)" if same else " (bbpPairings differs too)"
        _differs(name, rnd, ours, theirs, oracle, note)
        if out_dir is not None:
            out_dir.mkdir(parents=True, exist_ok=True)
            (out_dir / f"{name}-r{rnd}.trf").write_bytes(formats.dump(hist, kind).data)
    return rounds, diffs, overruled


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--edition", choices=("2026", "2017"), default="2017")
    ap.add_argument("--altered", type=int, default=0, help="altered copies per file")
    ap.add_argument("--bbp6", default=os.environ.get("BBP6", "/tmp/oracles/bbp6/bbpPairings.exe"))
    ap.add_argument("--bbp5", default=os.environ.get("BBP5", "/tmp/oracles/bbp5/bbpPairings.exe"))
    ap.add_argument("--oracle", choices=("bbp", "py4swiss"), default="bbp")
    ap.add_argument("--py4swiss", default=os.environ.get("PY4SWISS", "/tmp/p4s/bin/py4swiss"))
    ap.add_argument("--keep", default=None, help="folder for the histories of differing rounds")
    args = ap.parse_args()
    if args.oracle == "py4swiss" and args.edition != "2017":
        sys.exit("py4swiss pairs by the 2017 text: use --edition 2017")
    exe = (args.py4swiss if args.oracle == "py4swiss"
           else args.bbp6 if args.edition == "2026" else args.bbp5)
    if not Path(exe).exists():
        sys.exit(f"{args.oracle} not found at {exe!r} (--bbp5/--bbp6/--py4swiss)")
    keep = Path(args.keep) if args.keep else None
    referee = args.bbp5 if args.oracle == "py4swiss" and Path(args.bbp5).exists() else None
    files = rounds = diffs = overruled = 0
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
            r, d, o = compare(v, name, args.edition, exe, keep, args.oracle, referee)
            files += 1
            rounds += r
            diffs += d
            overruled += o
    tail = (f", in {overruled} of them bbpPairings v5.0.1 pairs as pairchk"
            if referee is not None else "")
    print(f"edition {args.edition} vs {args.oracle}: {files} files, {rounds} rounds compared,"
          f" {diffs} differ{tail}")


if __name__ == "__main__":
    main()
