"""Compare pairchk's C.04.6 team engine with an independent oracle, round by round.

Run on purpose (not in the test suite):

    python3 benchmarks/crosscheck_team.py --oracle "/path/venv/bin/python -m gacrux.pairingchecker" FILE...

The oracle is the FIDE TEC reference engine Gacrux (``pip install gacrux`` into a separate
virtual environment; its code never enters pairchk). For every round r of every file, both
engines pair round r from the history of rounds 1..r-1; the script prints per round whether the
pairs, the colours and the PAB agree, and a summary.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairchk.formats import load_path  # noqa: E402
from pairchk.systems.team import swiss as team_swiss  # noqa: E402


def oracle_pairing(cmd: list[str], path: str, rnd: int, method: str) -> tuple[set, int | None]:
    out = subprocess.run(cmd + ["-i", path, "-m", method, "-p", "-n", str(rnd), "-d", "T"],
                         capture_output=True, text=True, timeout=600).stdout.splitlines()
    rows = [tuple(int(x) for x in line.split()) for line in out
            if len(line.split()) == 2 and all(x.isdigit() for x in line.split())]
    pairs, bye = set(), None
    for w, b in rows:
        if b == 0:
            bye = w
        else:
            pairs.add((w, b))
    return pairs, bye


def generated(n: int, folder: Path) -> list[str]:
    """``n`` events of 5-24 teams, 1-6 boards, up to teams-1 rounds (dense events included),
    every colour-preference type, forfeited boards and matches, written as TRF26."""
    import random

    from pairchk.formats import dump
    from pairchk.generate.team import TeamSettings, generate_team

    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        teams = rng.randint(5, 24)
        s = TeamSettings(teams=teams, boards=rng.randint(1, 6), seed=seed,
                         rounds=rng.randint(3, min(11, teams - 1)),
                         preferences=rng.choice(["A", "B", ""]),
                         draw_rate=rng.choice([0.1, 0.3, 0.6]),
                         board_forfeit_rate=rng.choice([0.0, 0.02, 0.1]),
                         match_forfeit_rate=rng.choice([0.0, 0.03]))
        path = folder / f"team{seed:04d}.trf"
        path.write_bytes(dump(generate_team(s), "trf26").data)
        out.append(str(path))
    return out


def method_for(code: str) -> str:
    code = code.upper()
    if "TYPEB" in code:
        return "fideteam-typeb"
    if code.startswith("FIDE_TEAM_GP") or code.startswith("FIDE_TEAM_MP"):
        return "fideteam-nocolor"
    return "fideteam"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--from-round", type=int, default=1)
    ap.add_argument("--generate", type=int, default=0, metavar="N",
                    help="also generate N team events (pairchk's RTG) into --dir and compare them")
    ap.add_argument("--dir", default="/tmp/pairchk-team-crosscheck")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    cmd = shlex.split(a.oracle)
    a.files = list(a.files) + generated(a.generate, Path(a.dir))
    total = same_pairs = same_all = 0
    for f in a.files:
        t = load_path(f).tournament
        method = method_for(t.system or "FIDE_TEAM")
        for rnd in range(a.from_round, t.played_rounds + 1):
            st = team_swiss.round_state(t, rnd)
            try:
                ours = team_swiss.pair(st)
            except Exception as exc:  # report, go on
                print(f"{f} r{rnd}: pairchk failed: {exc}")
                continue
            theirs, bye = oracle_pairing(cmd, f, rnd, method)
            mine = {(p.white, p.black) for p in ours.pairs}
            unordered = lambda s: {frozenset(p) for p in s}  # noqa: E731
            total += 1
            ok_pairs = unordered(mine) == unordered(theirs) and bye == ours.bye
            same_pairs += ok_pairs
            same_all += ok_pairs and mine == theirs
            status = "same" if ok_pairs and mine == theirs else "colours differ" if ok_pairs else "DIFFER"
            print(f"{Path(f).name} r{rnd}: {status}")
            if not ok_pairs:
                print("   only pairchk:", sorted(tuple(sorted(p)) for p in unordered(mine) - unordered(theirs)),
                      "bye", ours.bye)
                print("   only oracle: ", sorted(tuple(sorted(p)) for p in unordered(theirs) - unordered(mine)),
                      "bye", bye)
            elif mine != theirs:
                print("   colours:", sorted(mine - theirs), "oracle", sorted(theirs - mine))
    print(f"rounds {total}: pairs+PAB equal {same_pairs}, pairs+PAB+colours equal {same_all}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
