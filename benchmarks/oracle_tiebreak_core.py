"""Compare pairchk's C.07 values with the ``tiebreak-core`` package (PyPI, MIT), run from a
venv outside the repo:

    /tmp/oracles/tbvenv/bin/python benchmarks/oracle_tiebreak_core.py FILE...

The tournament is read by pairchk and handed to tiebreak-core as its PlayerTiebreakData (game
kinds: played, pairing_bye, forfeit_win, forfeit_loss, requested_bye). Both rulesets are
compared (fide-2024 with pairchk's 2024 text, fide-2026 with the 2026 text); Swiss mode; files
with a non-standard point system are skipped (tiebreak-core scores 1 / 0.5 / 0).
"""

from __future__ import annotations

import os
import sys
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tiebreak_core import fide2024, fide2026  # noqa: E402
from tiebreak_core.models import GameRecord, PlayerTiebreakData  # noqa: E402

from pairchk import formats, tiebreak as tb  # noqa: E402
from pairchk.model import Color, Kind  # noqa: E402

CODES = {  # pairchk code -> tiebreak-core criterion
    "BH": "buchholz", "BH/C1": "buchholz_cut1", "BH/C2": "buchholz_cut2",
    "BH/M1": "median_buchholz", "BH/M2": "median_buchholz_2", "SB": "sonneborn_berger",
    "SB/C1": "sonneborn_berger_cut1", "PS": "progressive", "PS/C1": "progressive_cut1",
    "WIN": "wins", "WON": "won", "BPG": "games_black", "BWG": "wins_black",
    "REP": "rounds_elected", "ARO": "aro", "ARO/C1": "aro_cut1", "AOB": "aob",
    "FB": "fore_buchholz", "TPR": "tpr", "PTP": "ptp", "APRO": "apro", "APPO": "appo",
}


def kind_of(k: Kind) -> str:
    if k.played:
        return "played"
    return {Kind.PAB: "pairing_bye", Kind.FULL_BYE: "pairing_bye",
            Kind.FORFEIT_WIN: "forfeit_win", Kind.FORFEIT_LOSS: "forfeit_loss"}.get(
        k, "requested_bye")


def core_players(t, rounds: int) -> dict[int, PlayerTiebreakData]:
    rating = {p.number: p.rating or 0 for p in t.players}
    out = {}
    for p in t.players:
        games = []
        for r in range(1, rounds + 1):
            e = p.entry(r)
            kind = kind_of(e.kind)
            opp = e.opponent if e.kind.has_opponent and e.opponent else -1
            if opp == -1 and kind in ("forfeit_win", "forfeit_loss"):
                kind = "pairing_bye" if kind == "forfeit_win" else "requested_bye"
            games.append(GameRecord(
                opponent_id=opp, opponent_rating=rating.get(opp, 0),
                score=float(t.scoring.points(e)),
                color="black" if e.color is Color.BLACK else "white", round_number=r,
                kind=kind))
        out[p.number] = PlayerTiebreakData(p.number, p.rating or 0,
                                           float(t.score(p.number, rounds)), games)
    return out


def compare(path: str) -> tuple[int, int, list[str]]:
    t = formats.load(open(path, "rb").read(), path=path).tournament
    if not t.scoring.is_standard:
        raise RuntimeError("non-standard point system")
    rounds = tb.last_complete_round(t)
    players = core_players(t, rounds)
    rated = all(p.rating for p in t.players)
    same = diff = 0
    lines = []
    for ed, mod in ((tb.Edition.E2024, fide2024), (tb.Edition.E2026, fide2026)):
        ctx = tb.context(t, rounds, ed, round_robin=False)
        for code, crit in CODES.items():
            if not mod.is_supported_criterion(crit):
                continue
            if code in ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO") and not rated:
                continue  # pairchk leaves rating tie-breaks out (Art. 10); the core computes
            ours = tb.compute(ctx, tb.parse(code))
            for n, pdata in players.items():
                theirs = Decimal(str(mod.calculate(pdata, players, crit, rounds)))
                if code == "AOB":  # the core does not round; TEC and pairchk give 2 decimals
                    theirs = theirs.quantize(Decimal("0.01"), rounding="ROUND_HALF_UP")
                mine = ours[n]
                if mine is not None and Decimal(mine) == theirs:
                    same += 1
                else:
                    diff += 1
                    lines.append(f"  {ed.value} {code} #{n}: pairchk {mine} tiebreak-core {theirs}")
    return same, diff, lines


def main() -> None:
    tot = [0, 0]
    for f in sys.argv[1:]:
        try:
            same, diff, lines = compare(f)
        except Exception as exc:  # report and go on
            print(f"{f}: skipped ({type(exc).__name__}: {str(exc)[:150]})")
            continue
        tot[0] += same
        tot[1] += diff
        print(f"{f}: {same} equal, {diff} different")
        for line in lines[:30]:
            print(line)
    print(f"TOTAL: {tot[0]} equal, {tot[1]} different")


if __name__ == "__main__":
    main()
