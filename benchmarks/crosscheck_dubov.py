"""Cross-check the Dubov 2026 engine against independent implementations (oracles).

Random tournaments are generated here (pairchk has no shared generator yet); every round is paired
by pairchk's engine (which builds the history) and, from the same history, by each oracle:

* ``py4swiss`` (pip, MIT) and ``pairing-core`` (pip, MIT), installed in the venv
  ``/tmp/oracles/dubovvenv`` (``python -m venv ...; pip install py4swiss pairing-core``);
* ``CPPDubovSystem`` (C++, github.com/pierotofy/CPPDubovSystem, Apache-2.0), built as
  ``/tmp/oracles/cppdubov/CPPDubovSystem`` (g++ -std=c++20 of the sources listed in its build.sh).

No oracle code is part of pairchk: the oracles run as separate processes on TRF files (py4swiss,
CPPDubovSystem) or on a JSON request (pairing-core). Per oracle the script reports the rounds with
the same pairs (and the same bye), and the same colours too; then, for every round where two oracles
agree with each other and pairchk differs, the round is printed so it can be decided from the text.

    python3 benchmarks/crosscheck_dubov.py --tournaments 40 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairchk.formats.trf_write import dump  # noqa: E402
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament  # noqa: E402
from pairchk.system import UnpairableError  # noqa: E402
from pairchk.systems.dubov.system import SYSTEM  # noqa: E402

VENV = Path("/tmp/oracles/dubovvenv/bin/python")
CPP = Path("/tmp/oracles/cppdubov/CPPDubovSystem")

# Runs inside the oracle venv: one request per line of the input file, one answer per line.
VENV_HELPER = r'''
import json, sys
from pathlib import Path
out = []
for line in open(sys.argv[1]):
    case = json.loads(line)
    ans = {}
    try:
        from py4swiss.engines import DubovEngine
        from py4swiss.trf import TrfParser
        trf = TrfParser.parse(Path(case["trf"]))
        ps = DubovEngine.generate_pairings(trf)
        ans["py4swiss"] = [[p.white, p.black] for p in ps]
    except Exception as e:
        ans["py4swiss"] = "error: %s" % e
    try:
        from pairing_core.fide2026.models import P26Player, P26Request
        from pairing_core.fide2026.api import pair_2026
        req = P26Request(players=tuple(P26Player(**p) for p in case["players"]),
                         ruleset="dubov-2026", round_number=case["round"],
                         total_rounds=case["rounds"], is_last_round=case["last"],
                         initial_colour="W", prior_upfloats=tuple(map(tuple, case["ups"])))
        res = pair_2026(req)
        pairs = [[p.white_id, p.black_id] for p in res.pairs]
        if res.bye_id is not None:
            pairs.append([res.bye_id, 0])
        ans["pairing-core"] = pairs
    except Exception as e:
        ans["pairing-core"] = "error: %s" % e
    out.append(ans)
print(json.dumps(out))
'''

RESULTS = ((Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN))


def generate(rng: random.Random) -> Tournament:
    n = rng.randint(7, 16)
    rounds = rng.randint(4, min(9, n - 3))
    ratings = sorted(rng.sample(range(1400, 2600), n), reverse=True)
    players = tuple(Player(i + 1, name=f"Player {i + 1:02d}", rating=r) for i, r in enumerate(ratings))
    return Tournament(rounds=rounds, players=players, initial_color=Color.WHITE)


def play(t: Tournament, pairing, rng: random.Random) -> Tournament:
    """Append the round to every player with random results (stronger players win more)."""
    by = {p.number: p for p in t.players}
    new: dict[int, RoundEntry] = {}
    for pr in pairing.pairs:
        rw, rb = by[pr.white].rating, by[pr.black].rating
        pw = 1 / (1 + 10 ** ((rb - rw) / 400))
        x = rng.random()
        res = RESULTS[0] if x < pw * 0.75 else RESULTS[1] if x < pw * 0.75 + 0.25 else RESULTS[2]
        new[pr.white] = RoundEntry(res[0], pr.black, Color.WHITE)
        new[pr.black] = RoundEntry(res[1], pr.white, Color.BLACK)
    if pairing.bye is not None:
        new[pairing.bye] = RoundEntry(Kind.PAB)
    return replace(t, players=tuple(p.replace(entries=p.entries + (new[p.number],)) for p in t.players))


def pc_players(t: Tournament, rnd: int) -> tuple[list[dict], list[list[int]]]:
    """The pairing-core request players (data read from pairchk's derived state)."""
    st = SYSTEM.state(t, rnd, edition="2026").base
    out, ups = [], []
    for p in t.players:
        ps = st.players[p.number]
        colors = "".join(
            (e.color.value.upper() if e.kind.played and e.color is not Color.NONE else "u")
            for e in p.entries[: rnd - 1])
        fl = [f or "" for f in ps.floats]
        out.append(dict(id=p.number, tpn=ps.pairing_rank + 1, score=float(ps.pairing_score),
                        rating=p.rating, colors=colors, opponents=sorted(ps.opponents),
                        unplayed=ps.unplayed, last_float=fl[-1] if fl else "",
                        prev_float=fl[-2] if len(fl) > 1 else "",
                        got_pab=any(e.kind is Kind.PAB for e in p.entries[: rnd - 1]),
                        forfeit_win=any(e.kind is Kind.FORFEIT_WIN for e in p.entries[: rnd - 1]),
                        played=ps.played))
        ups.append([p.number, ps.upfloats])
    return out, ups


def as_key(pairs) -> tuple[frozenset, frozenset]:
    """(unordered pairs incl. the bye as (n, 0), ordered (white, black) pairs)."""
    return (frozenset(frozenset(x) for x in pairs), frozenset(tuple(x) for x in pairs))


def ours_key(pairing) -> tuple[frozenset, frozenset]:
    pairs = [(p.white, p.black) for p in pairing.pairs]
    if pairing.bye is not None:
        pairs.append((pairing.bye, 0))
    return as_key(pairs)


def run_cpp(trf: Path) -> list | str:
    if not CPP.exists():
        return "error: not built"
    out = trf.with_suffix(".csv")
    plain = trf.with_suffix(".cpp.trf")  # its own dialect: TNR for the rounds, no XXC (white)
    lines = []
    for x in trf.read_text().splitlines(True):
        if x.startswith("XXR"):
            lines.append("TNR " + x[3:].strip() + "\n")
        elif x[:3] in ("001", "012"):
            lines.append(x)
    plain.write_text("".join(lines))
    try:
        r = subprocess.run([str(CPP), "--pairings", str(plain), "--output", str(out)],
                           capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "error: timeout"
    if not out.exists():
        return f"error: rc {r.returncode} {r.stdout[-200:]} {r.stderr[-200:]}"
    pairs = []
    for line in out.read_text().splitlines():
        cells = [c.strip().strip('"') for c in line.split(",")]
        if len(cells) >= 2 and cells[0].lstrip("-").isdigit() and cells[1].lstrip("-").isdigit():
            a, b = int(cells[0]), int(cells[1])
            pairs.append([a, 0 if b < 0 else b])
    out.unlink()
    plain.unlink()
    return pairs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tournaments", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=5, help="print at most this many disagreements")
    ap.add_argument("--diff", action="append", default=[],
                    help="print every round where this oracle differs (pairs or colours)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="dubovx_"))
    cases = []  # (tournament no, round, our key, trf path, case json)
    for ti in range(args.tournaments):
        t = generate(rng)
        for rnd in range(1, t.rounds + 1):
            hist = replace(t, players=tuple(p.replace(entries=p.entries[: rnd - 1]) for p in t.players))
            try:
                ours = SYSTEM.pair(SYSTEM.state(hist, rnd, edition="2026"))
            except UnpairableError:
                break  # no legal pairing left (small field, many rounds)
            trf = tmp / f"t{ti:03d}_r{rnd}.trf"
            trf.write_bytes(dump(hist, version="trf").data)
            players, ups = pc_players(hist, rnd)
            case = dict(trf=str(trf), players=players, ups=ups, round=rnd, rounds=t.rounds,
                        last=rnd == t.rounds, to_pair=list(SYSTEM.state(hist, rnd, edition="2026").base.order))
            cases.append((ti, rnd, ours, trf, case))
            t = play(hist, ours, rng) if rnd < t.rounds else t
            t = replace(t, rounds=hist.rounds)
    req = tmp / "requests.jsonl"
    req.write_text("".join(json.dumps(c[4]) + "\n" for c in cases))
    answers = [{} for _ in cases]
    if VENV.exists():
        r = subprocess.run([str(VENV), "-c", VENV_HELPER, str(req)], capture_output=True, text=True)
        if r.returncode == 0:
            answers = json.loads(r.stdout)
        else:
            print("oracle venv failed:", r.stderr[-500:])
    for i, c in enumerate(cases):
        answers[i]["CPPDubovSystem"] = run_cpp(c[3])
    names = ("py4swiss", "pairing-core", "CPPDubovSystem")
    # same pairs, same colours, compared, errors, incomplete answers
    stats = {n: [0, 0, 0, 0, 0] for n in names}
    majority_against_us = []
    for c, ans in zip(cases, answers):
        ti, rnd, ours, trf, _ = c
        ok = ours_key(ours)
        keys = {}
        for n in names:
            a = ans.get(n, "error: missing")
            if isinstance(a, str):
                stats[n][3] += 1
                if os.environ.get("DEBUG"):
                    print(f"{trf.name} {n}: {a}")
                continue
            if sorted(x for pr in a for x in pr if x) != sorted(c[4]["to_pair"]):
                stats[n][4] += 1  # not every player paired exactly once: an oracle fault
                continue
            k = as_key(a)
            keys[n] = k
            stats[n][2] += 1
            stats[n][0] += k[0] == ok[0]
            stats[n][1] += k == ok
            if k != ok and n in args.diff:
                print(f"{trf.name} {n} differs:\n  pairchk {sorted(ok[1])}\n  {n:7s} {sorted(k[1])}")
        agreeing = [n for n in keys for m in keys if n < m and keys[n][0] == keys[m][0] != ok[0]]
        if agreeing:
            majority_against_us.append((ti, rnd, trf, ours, keys))
    print(f"{len(cases)} rounds of {args.tournaments} random tournaments (seed {args.seed})")
    for n in names:
        same, col, comp, err, inc = stats[n]
        pct = f"{100 * same / comp:.1f} %" if comp else "-"
        print(f"  {n:15s} same pairs {same}/{comp} ({pct}), same pairs and colours {col}; "
              f"no answer {err}, incomplete answer {inc}")
    print(f"rounds where two oracles agree and pairchk differs: {len(majority_against_us)}")
    for ti, rnd, trf, ours, keys in majority_against_us[: args.show]:
        print(f"- {trf.name}: pairchk {sorted(tuple(sorted(x)) for x in ours_key(ours)[0])}")
        for n, k in keys.items():
            print(f"    {n:15s} {sorted(tuple(sorted(x)) for x in k[0])}")
    if os.environ.get("KEEP") is None and not args.diff:
        for f in tmp.iterdir():
            if not any(f == c[3] for c in majority_against_us[: args.show]):
                f.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
