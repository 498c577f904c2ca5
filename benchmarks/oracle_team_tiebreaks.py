"""Compare pairchk's team tie-breaks (C.07 Art. 11-13) with the FIDE TEC TieBreakServer.

The oracle and its helpers are those of :mod:`oracle_tiebreaks` (TEC under /tmp/oracles/tec).
TEC reads team files as TRF with 310 team records and 300 line-ups: a TRF26 file is given as
it is (its 299 records, which TEC does not read, left out); other team files (Swiss-Chess,
chess-results, TRF16 with 013 teams) are first written as TRF26 by ``pairchk convert --to trf26``.

- Scalar codes (:data:`SCALAR`): the value of every team.
- Orders (:data:`ORDERS`: DE, TBR, BBE, EDE*): the rank after points and that one code, as
  TEC ranks with ``-t PTS <code>`` and ``pairchk standings --tiebreaks <code>``.
- The file's own tie-break list (TRF26 202/212), when it has one: the rank of every team.

TEC is told whether the pairings were pre-determined (``-p``) or Swiss (``-s``) as pairchk
reads the file (Art. 15): left to itself it takes any event of n teams and n-1 rounds for a
round robin, even one the file declares a team Swiss (``192 FIDE_TEAM_...``).

    python3 benchmarks/oracle_team_tiebreaks.py [--tec DIR] FILE...
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from oracle_tiebreaks import ours_value, run_files, run_tec, tec_rules, theirs_value  # noqa: E402

from pairchk import formats, teams
from pairchk.standings import ranking as standings, team as tt, tiebreak as tb  # noqa: E402


SCALAR = ["MPVGP", "BC", "SSSC", "SSSC/C1", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1",
          "EGGSB/C1", "BH", "BH/C1", "BH:GP", "BH:GP/C1", "SB", "SB:GP", "PS", "PS:GP", "WIN",
          "WON", "KS", "KS:GP"]
ORDERS = ["DE", "TBR", "BBE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "EDE/P"]


def tec_input(path: str, t) -> str:
    """The file TEC reads: a TRF26 team file without its 299 records; a 320 record without
    the PAB's match points gets those pairchk reads from the declared totals (teams.py)."""
    text = open(path, "rb").read().decode("latin-1")
    if "\n310 " not in text and not text.startswith("310 "):
        raise RuntimeError("not a TRF team file with 310 records")
    fd, tmp = tempfile.mkstemp(suffix=".trf")
    pab = next((r.match_points for rs in teams.team_rounds(t).values() for r in rs if r.pab), None)
    lines = [x if not (x.startswith("320") and not x[4:8].strip() and pab is not None)
             else f"320 {pab:4.1f}{x[8:]}" for x in text.splitlines() if not x.startswith("299")]
    os.write(fd, ("\n".join(lines) + "\n").encode("latin-1"))
    os.close(fd)
    return tmp


def compare(tec: str, path: str) -> tuple[int, int, list[str]]:
    t = formats.load(open(path, "rb").read(), path=path).tournament
    if not teams.is_team_event(t):
        raise RuntimeError("not a team event")
    trf = tec_input(path, t)
    try:
        rounds = tb.last_complete_round(t)
        ed = tec_rules(tec, trf, rounds)
        data = tt.team_data(t, rounds, ed)
        same, diff, lines = 0, 0, []
        flags = ("-p",) if data.ctxs["MP"].round_robin else ("-s",)
        theirs = {int(r["StartNo"]): r for r in run_tec(tec, trf, ["PTS", *SCALAR], rounds, flags)}
        for code in SCALAR:
            for team, v in tt.compute(data, code).items():
                a, b = ours_value(v), theirs_value(theirs[team][code])
                same, diff = (same + 1, diff) if a == b else (same, diff + 1)
                if a != b:
                    lines.append(f"  {code} team {team}: pairchk {a} TEC {b}")
        own = standings.file_tiebreaks(t)[0]
        for codes in [[c] for c in ORDERS] + ([own] if own else []):
            ranks = {int(r["StartNo"]): int(r["Rank"])
                     for r in run_tec(tec, trf, ["PTS", *codes], rounds, flags)}
            for row in standings.standings(t, codes, rounds, ed).rows:
                ok = ranks[row.player] == row.rank
                same, diff = (same + 1, diff) if ok else (same, diff + 1)
                if not ok:
                    lines.append(f"  rank(PTS,{','.join(codes)}) team {row.player}: pairchk "
                                 f"{row.rank} TEC {ranks[row.player]}")
        return same, diff, lines
    finally:
        os.unlink(trf)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tec", default="/tmp/oracles/tec")
    ap.add_argument("--show", type=int, default=40, help="differences printed per file")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    run_files(lambda f: compare(a.tec, f), a.files, a.show)


if __name__ == "__main__":
    main()
