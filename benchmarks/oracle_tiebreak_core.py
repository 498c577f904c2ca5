"""Compare pairchk's C.07 values with the ``tiebreak-core`` package (PyPI, MIT), run from a
venv outside the repo:

    /tmp/oracles/tbvenv/bin/python benchmarks/oracle_tiebreak_core.py FILE...

The tournament is read by pairchk and handed to tiebreak-core as its PlayerTiebreakData (game
kinds: played, pairing_bye, forfeit_win, forfeit_loss, requested_bye). Both rulesets are
compared (fide-2024 with pairchk's 2024 text, fide-2026 with the 2026 text); Swiss mode; files
with a non-standard point system are skipped (tiebreak-core scores 1 / 0.5 / 0).

Team events go to ``tiebreak_core.team`` (Art. 11-13): pairchk's team layer as TeamRecords
(matches in MP/GP, the Art. 12 board totals), every scalar of :data:`TEAM_SCALAR` per team
and the order of :data:`TEAM_ORDERS` (2026 text).
"""

from __future__ import annotations

import os
import sys
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tiebreak_core import fide2024, fide2026  # noqa: E402
from tiebreak_core.models import GameRecord, PlayerTiebreakData  # noqa: E402

from pairchk import formats
from pairchk.standings import tiebreak as tb  # noqa: E402
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


def _is_team(path: str) -> bool:
    from pairchk.teams import is_team_event

    return is_team_event(formats.load(open(path, "rb").read(), path=path).tournament)


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


# ---- team events (C.07 Art. 11-13): tiebreak_core.team

TEAM_SCALAR = ["MPVGP", "BC", "SSSC", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "BH:MP",
               "BH:GP", "BH:MP/C1", "PS:MP", "WIN:MP", "WON:MP"]
TEAM_ORDERS = ["TBR", "BBE", "EDE", "EDEBT", "EDEBB", "EDET", "EDEB"]


def core_teams(t, rounds: int):
    """pairchk's team layer as tiebreak-core TeamRecords (board totals of Art. 12 included)."""
    from tiebreak_core.team import TeamMatch, TeamRecord

    from pairchk.standings import team_board as tbb
    from pairchk.teams import team_rounds

    bt = tbb.board_table(t, rounds)
    out = {}
    for team, rs in team_rounds(t).items():
        matches = []
        for r in rs[:rounds]:
            if r.pab:
                kind, opp = "pairing_bye", -1
            elif r.opponent is None:
                kind, opp = "unplayed", -1
            else:
                kind = {"+-": "forfeit_win", "-+": "forfeit_loss"}.get(r.forfeit, "played")
                opp = r.opponent
            matches.append(TeamMatch(opp, r.round, float(r.match_points), float(r.game_points), kind))
        out[team] = TeamRecord(team, sum(m.mp for m in matches), sum(m.gp for m in matches),
                               matches, tuple(float(x) for x in bt.totals[team]))
    return out


def compare_team(path: str) -> tuple[int, int, list[str]]:
    from tiebreak_core.team import TeamFormat, calculate_team, rank_team_standings

    from pairchk.standings import ranking as standings, team as tt
    from pairchk import teams

    t = formats.load(open(path, "rb").read(), path=path).tournament
    if not teams.is_team_event(t):
        raise RuntimeError("not a team event")
    rounds = tb.last_complete_round(t)
    data = tt.team_data(t, rounds, tb.Edition.E2026)
    recs = core_teams(t, rounds)
    w, d, _ = teams.match_point_scale(t)
    fmt = TeamFormat(mp_win=float(w), mp_draw=float(d), max_gp_per_match=float(data.boards.boards))
    total = t.rounds or rounds
    same = diff = 0
    lines = []
    for code in TEAM_SCALAR:
        ours = tt.compute(data, code)
        for team, rec in recs.items():
            # SSSC's factor reads the rounds of the tournament (13.4), the rest the rounds so far
            n = total if code.startswith("SSSC") else rounds
            theirs = Decimal(str(calculate_team(rec, recs, code, n, fmt)))
            mine = ours[team]
            ok = mine is not None and abs(Decimal(mine) - theirs) < Decimal("0.005")
            same, diff = (same + 1, diff) if ok else (same, diff + 1)
            if not ok:
                lines.append(f"  team {code} #{team}: pairchk {mine} tiebreak-core {theirs}")
    for code in TEAM_ORDERS:
        order = [r.team_id for r in rank_team_standings(recs, [code], rounds, fmt).teams]
        rows = standings.standings(t, [code], rounds, tb.Edition.E2026).rows
        ours, ranks = [r.player for r in rows], {r.player: r.rank for r in rows}
        # the core lists fully tied teams by number; pairchk ranks them equal
        ok = [ranks[x] for x in order] == sorted(ranks[x] for x in order)
        same, diff = (same + 1, diff) if ok else (same, diff + 1)
        if not ok:
            lines.append(f"  team order {code}: pairchk {ours} tiebreak-core {order}")
    return same, diff, lines


def main() -> None:
    tot = [0, 0]
    for f in sys.argv[1:]:
        try:
            same, diff, lines = compare_team(f) if _is_team(f) else compare(f)
        except Exception as exc:  # report and go on
            print(f"{f}: skipped ({type(exc).__name__}: {str(exc)[:150]})")
            continue
        tot[0] += same
        tot[1] += diff
        print(f"{f}: {same} equal, {diff} different")
        for line in lines[:400]:
            print(line)
    print(f"TOTAL: {tot[0]} equal, {tot[1]} different")


if __name__ == "__main__":
    main()
