"""Compare pairchk's C.07 tie-break values with the FIDE TEC TieBreakServer (tiebreakchecker.py).

The oracle lives outside the repo (default /tmp/oracles/tec, from github:OttoMilvang/TieBreakServer).
Every file is read by pairchk and, when it is not a TRF, written as TRF for the oracle. The
edition is the one the oracle says it applied (its "rules"; it knows the 2024 and 2026 texts,
not the pre-2023 virtual opponent), and both compute the standings after the last played round.

    python3 benchmarks/oracle_tiebreaks.py [--tec DIR] FILE...

Prints one line per file (codes compared, values equal / different) and every difference.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from pairchk import formats
from pairchk.standings import ranking as standings, tiebreak as tb  # noqa: E402

# FB last: TEC's Fore Buchholz leaves its final-round state behind (tbval "lna"), which changes
# every later Buchholz/SB of the same run.
CODES = ["PTS", "WIN", "WON", "BPG", "BWG", "REP", "PS", "PS/C1", "KS", "BH", "BH/C1", "BH/C2",
         "BH/M1", "BH/M2", "SB", "SB/C1", "AOB", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO",
         "STD", "FB", "FB/C1"]
RANKED = ["BH/C1", "BH", "SB", "DE", "WIN", "BPG"]


def _enc(trf: str) -> list[str]:
    """pairchk writes UTF-8; the oracle guesses otherwise and misaligns the columns."""
    return ["-b", "utf-8"] if os.path.basename(trf).startswith("tmp") else []


def tec_rules(tec: str, trf: str, rounds: int) -> tb.Edition:
    """The C.07 text the oracle applied (its JSON "rules": 2024-08-01 or 2026-03-01)."""
    out = subprocess.run([sys.executable, "tiebreakchecker.py", "-i", trf, "-f", "TRF", *_enc(trf),
                          "-n", str(rounds), "-t", "PTS"], cwd=tec, capture_output=True,
                         text=True, timeout=300)
    rules = json.loads(out.stdout)["tiebreakResult"]["rules"]
    return tb.Edition.E2026 if rules >= "2026" else tb.Edition.E2024


def run_tec(tec: str, trf: str, codes: list[str], rounds: int, flags: tuple = ()) -> list[dict]:
    """The oracle's values, standings after ``rounds`` (-n: an event in progress is cut at
    the last played round, as pairchk's standings are); ``flags`` e.g. ``("-s",)``."""
    out = subprocess.run([sys.executable, "tiebreakchecker.py", "-i", trf, "-f", "TRF", *_enc(trf), "-d", "C",
                          "-n", str(rounds), *flags, "-t", *codes], cwd=tec, capture_output=True,
                         text=True, timeout=300)
    rows = list(csv.reader(io.StringIO(out.stdout)))
    if not rows or rows[0][:2] != ["StartNo", "Rank"]:
        raise RuntimeError(out.stdout[-300:] + out.stderr[-300:])
    head = rows[0]
    return [dict(zip(head, r)) for r in rows[1:] if r and r[0].isdigit()]


def as_trf(path: str, t, normalised: bool = False) -> str:
    """The file itself when it is a TRF; else (or when the oracle refused it) a TRF16 written
    by pairchk with each player's points column recomputed from the results."""
    mod = formats.detect(open(path, "rb").read(), path)
    if mod.__name__.endswith((".trf", ".trf26")) and not normalised:
        return path
    if normalised:
        t = t.replace(players=tuple(p.replace(points=t.score(p.number), national_ratings=())
                                    for p in t.players),
                      tiebreaks=(), tiebreak_text="", extra_records=())
    data = formats.dump(t, "trf").data
    fd, tmp = tempfile.mkstemp(suffix=".trf")
    os.write(fd, data if isinstance(data, bytes) else data.encode("latin-1", "replace"))
    os.close(fd)
    return tmp


def ours_value(v) -> str:
    if v is None:
        return "None"
    return format(Decimal(v).normalize(), "f")


def theirs_value(s: str) -> str:
    if s in ("-0", "None", ""):
        return "None"
    return format(Decimal(s).normalize(), "f")


def compare(tec: str, path: str) -> tuple[int, int, list[str]]:
    t = formats.load(open(path, "rb").read(), path=path).tournament
    if any(p.team for p in t.players):
        raise RuntimeError("team event: TEC reads team files only with 300/310 records")
    trf = as_trf(path, t)
    rounds = tb.last_complete_round(t)
    try:
        ed = tec_rules(tec, trf, rounds)
    except (KeyError, ValueError):  # the oracle refused the file: a normalised copy
        if trf != path:
            os.unlink(trf)
        trf = as_trf(path, t, normalised=True)
        ed = tec_rules(tec, trf, rounds)
    ctx = tb.context(t, rounds, ed)
    same = diff = 0
    lines = []
    tec_rows = {int(r["StartNo"]): r for r in run_tec(tec, trf, CODES, rounds)}
    for code in CODES:
        ours = tb.compute(ctx, tb.parse(code))
        for n, v in ours.items():
            if n not in tec_rows:
                continue
            a, b = ours_value(v), theirs_value(tec_rows[n][code])
            if a == b:
                same += 1
            else:
                diff += 1
                lines.append(f"  {code} #{n}: pairchk {a} TEC {b}")
    ranks = {int(r["StartNo"]): int(r["Rank"]) for r in run_tec(tec, trf, ["PTS", *RANKED], rounds)}
    st = standings.standings(t, RANKED, edition=ed)
    for r in st.rows:
        if r.player in ranks:
            if ranks[r.player] == r.rank:
                same += 1
            else:
                diff += 1
                lines.append(f"  rank({','.join(RANKED)}) #{r.player}: pairchk {r.rank} "
                             f"TEC {ranks[r.player]}")
    if trf != path:
        os.unlink(trf)
    return same, diff, lines


def run_files(compare_fn, files: list[str], show: int = 40) -> None:
    """``compare_fn(file) -> (equal, different, lines)`` on every file, with a total line."""
    total = [0, 0, 0]
    for f in files:
        try:
            same, diff, lines = compare_fn(f)
        except Exception as exc:  # an oracle or reader failure is reported, not fatal
            print(f"{f}: skipped ({type(exc).__name__}: {str(exc)[:150]})")
            continue
        total = [total[0] + 1, total[1] + same, total[2] + diff]
        print(f"{f}: {same} equal, {diff} different")
        for line in lines[:show]:
            print(line)
    print(f"TOTAL: {total[0]} files, {total[1]} equal, {total[2]} different")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tec", default="/tmp/oracles/tec")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    run_files(lambda f: compare(a.tec, f), a.files)


if __name__ == "__main__":
    main()
