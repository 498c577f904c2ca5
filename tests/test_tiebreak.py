"""C.07 tie-breaks: worked examples computed by hand from the articles (quoted in paraphrase,
article numbers of the 2026 text), and the values of the FIDE TEC reference checker
(TieBreakServer tiebreakchecker.py) on a fixture."""

from decimal import Decimal as D
from pathlib import Path

import pytest

from pairchk import formats
from pairchk.standings import tiebreak as tb
from pairchk.model import Color as C, Kind as K, Player, RoundEntry as E, Tournament

ROOT = Path(__file__).resolve().parents[1]
W, B = C.WHITE, C.BLACK


def swiss(*players, start="2026-05-01"):
    return Tournament(start_date=start, system="FIDE_DUTCH_2026", rounds=3, players=players)


def example_a(start="2026-05-01"):
    """R1: 1-2 1-0, 3-4 draw. R2: 1-3 draw, 2 half-point bye, 4 zero-point bye.
    R3: 1-4 1-0, 2-3 forfeit (2 wins). Scores 2.5, 1.5, 1, 0.5."""
    return swiss(
        Player(1, "A", entries=(E(K.WIN, 2, W), E(K.DRAW, 3, B), E(K.WIN, 4, W))),
        Player(2, "B", entries=(E(K.LOSS, 1, B), E(K.HALF_BYE), E(K.FORFEIT_WIN, 3, W))),
        Player(3, "C", entries=(E(K.DRAW, 4, W), E(K.DRAW, 1, W), E(K.FORFEIT_LOSS, 2, B))),
        Player(4, "D", entries=(E(K.DRAW, 3, B), E(K.ZERO_BYE), E(K.LOSS, 1, B))),
        start=start)


def value(t, code, n, edition=None):
    return tb.values(t, [code], edition=edition)[n][code]


def test_16_4_dummy_is_own_score_in_2024_text():
    # Art. 16.4 (2023/2024): "for his own tie-break, each unplayed round of a participant is
    # evaluated as a game against a dummy opponent with the participant's own score".
    # Player 2: opponent 1 (2.5) + dummy 1.5 (HPB) + dummy 1.5 (forfeit win) = 5.5
    assert value(example_a(), "BH", 2, tb.Edition.E2024) == D("5.5")


def test_16_4_dummy_caps_in_2026_text():
    # Art. 16.4.1 (2026): a forfeit's dummy is capped at the scheduled opponent's adjusted
    # score (player 3: 1); 16.4.2: another unplayed round at draw points x rounds (1.5).
    # Player 2: 2.5 + min(1.5, 1.5) + min(1.5, 1) = 5.0
    assert value(example_a(), "BH", 2, tb.Edition.E2026) == D("5.0")
    # the edition follows the start date: 1 Mar 2026 or later is the 2026 text
    assert value(example_a(start="2026-03-01"), "BH", 2) == D("5.0")
    assert value(example_a(start="2025-06-01"), "BH", 2) == D("5.5")


def test_16_5_1_cut_removes_the_vur_first():
    # Art. 16.5.1: "when a cut applies and the participant has a VUR contribution, that
    # contribution is cut instead of the least significant one" (unless it is lower).
    # Player 2 elements (2026): 2.5, 1.5 (HPB, a VUR), 1.0 (forfeit win, not a VUR):
    # the VUR 1.5 goes, not the lowest 1.0 -> 2.5 + 1.0
    assert value(example_a(), "BH/C1", 2, tb.Edition.E2026) == D("3.5")
    # before Sep 2023 (virtual opponents 1.0 and 0.5) the lowest value is cut: 2.5 + 1.0
    assert value(example_a(start="2022-01-01"), "BH/C1", 2) == D("3.5")


def test_9_1_sonneborn_berger_with_dummies():
    # Art. 9.1: sum of (opponent's score x points scored against him); unplayed rounds
    # against the 16.4 dummy. Player 2 (2026): 2.5*0 + 1.5*0.5 + 1*1 = 1.75
    assert value(example_a(), "SB", 2, tb.Edition.E2026) == D("1.75")


def test_16_3_requested_bye_followed_only_by_vurs_counts_as_draw():
    # Art. 16.3: for the opponents, unplayed rounds of category 16.2.5 (a requested bye
    # followed only by VURs, or in the last round) are evaluated as draws.
    t = swiss(
        Player(1, entries=(E(K.WIN, 2, W), E(K.DRAW, 3, B), E(K.PAB))),
        Player(2, entries=(E(K.LOSS, 1, B), E(K.HALF_BYE), E(K.WIN, 3, W))),
        Player(3, entries=(E(K.DRAW, 4, W), E(K.DRAW, 1, W), E(K.LOSS, 2, B))),
        Player(4, entries=(E(K.DRAW, 3, B), E(K.ZERO_BYE), E(K.ZERO_BYE))))
    ctx = tb.context(t)
    assert ctx.score[4] == D("0.5") and ctx.adjusted[4] == D("1.5")
    # player 3: adjusted(4) 1.5 + 2.5 + 1.5
    assert value(t, "BH", 3) == D("5.5")


def test_virtual_opponent_before_2023():
    # C.02 13.16 (before Sep 2023): Svon = SPR + (1 - SfPR) + 0.5 (n - R), and opponents'
    # unplayed games count as draws.
    t = example_a(start="2022-01-01")
    # player 2: opponent 1 (2.5) + R2 HPB: 0 + 0.5 + 0.5 = 1.0 + R3 forfeit win: 0.5 + 0 + 0
    assert value(t, "BH", 2) == D("4.0")
    # player 3: opponent 4 (0.5 + 0.5 for the bye + 0) + 2.5 + R3 forfeit loss: 1 + 1 + 0
    assert value(t, "BH", 3) == D("5.5")
    # player 1: opponents' unplayed rounds as draws: 2 -> 1.0, 3 -> 1.5, 4 -> 1.0
    assert value(t, "BH", 1) == D("3.5")


def test_7_counts():
    # 7.1 WIN counts the forfeit win; 7.2 WON only games won over the board; 7.3 BPG played
    # with Black; 7.6 REP = rounds minus requested byes and forfeit losses.
    v = tb.values(example_a(), ["WIN", "WON", "BPG", "REP"])
    assert [v[2][c] for c in ("WIN", "WON", "BPG", "REP")] == [1, 0, 1, 2]
    assert [v[1][c] for c in ("WIN", "WON", "BPG", "REP")] == [2, 2, 1, 3]
    assert v[3]["REP"] == 2 and v[4]["REP"] == 2


def test_10_rating_performance():
    # 10.2 TPR = ARO + dp(p): 1.5/2 against 2000 and 2100 -> ARO 2050, p 0.75, dp 193.
    # 10.3 PTP: lowest R with expected score >= 1.5: at 2245 the table gives 0.80 + 0.69,
    # at 2246 0.81 + 0.70 -> 2246.
    t = swiss(Player(1, rating=2200, entries=(E(K.WIN, 2, W), E(K.DRAW, 3, B))),
              Player(2, rating=2000, entries=(E(K.LOSS, 1, B), E(K.PAB))),
              Player(3, rating=2100, entries=(E(K.PAB), E(K.DRAW, 1, W))))
    v = tb.values(t, ["ARO", "TPR", "PTP"])
    assert (v[1]["ARO"], v[1]["TPR"], v[1]["PTP"]) == (2050, 2243, 2246)
    # 10.3: a participant with no points: the lowest opponent's rating minus 800
    assert v[2]["PTP"] == 2200 - 800


def test_rating_tiebreaks_left_out_with_unrated_players():
    t = swiss(Player(1, rating=2200, entries=(E(K.WIN, 2, W),)),
              Player(2, entries=(E(K.LOSS, 1, B),)))
    assert tb.values(t, ["ARO"])[1]["ARO"] is None
    assert tb.values(t, ["ARO/U1000"])[1]["ARO/U1000"] == 1000


def test_6_direct_encounter():
    # Art. 6: among tied players who all met, the points scored against each other decide;
    # in a Swiss where not all met, a player is separated only if no missing game could
    # catch him.
    t = swiss(
        Player(1, entries=(E(K.WIN, 2, W), E(K.WIN, 3, B))),
        Player(2, entries=(E(K.LOSS, 1, B), E(K.WIN, 4, W))),
        Player(3, entries=(E(K.WIN, 4, B), E(K.LOSS, 1, W))),
        Player(4, entries=(E(K.LOSS, 3, W), E(K.LOSS, 2, B))))
    ctx = tb.context(t)
    de = tb.parse("DE")
    assert tb.direct_encounter(ctx, de, [1, 2, 3]) == {1: 1, 2: 2, 3: 2}
    assert tb.direct_encounter(ctx, de, [2, 3]) == {2: 1, 3: 1}  # never met: still tied
    assert tb.direct_encounter(ctx, de, [3, 4]) == {3: 1, 4: 2}


def test_parse_codes_and_modifiers():
    s = tb.parse("BH/M1")
    assert (s.cut_low, s.cut_high) == (1, 1)
    assert tb.parse("KS/L60").koya_percent == 60
    assert tb.parse("GE").name == "REP"
    with pytest.raises(tb.TiebreakError, match="'BH/Q'"):
        tb.parse("BH/Q")


# TieBreakServer (OttoMilvang/TieBreakServer, tiebreakchecker.py -d C) on fixtures/dutch_p008_r06.trf
TEC_P008 = {
    "BH": [18.0, 16.5, 18.5, 18.5, 15.5, 18.0, 18.5, 16.5],
    "BH/C1": [17.0, 16.0, 15.5, 18.0, 13.5, 17.0, 18.0, 15.5],
    "BH/M1": [12.0, 11.0, 10.5, 13.0, 8.5, 12.0, 13.0, 10.5],
    "SB": [13.0, 12.5, 10.5, 4.5, 1.5, 0.5, 5.5, 0.75],
    "SB/C1": [12.0, 12.0, 10.0, 4.0, 1.0, 0.0, 5.0, 0.25],
    "PS": [17.0, 20.0, 12.0, 11.0, 7.0, 2.0, 10.0, 3.5],
    "AOB": [17.33, 18.0, 17.3, 17.67, 17.9, 17.33, 17.3, 17.3],
    "ARO": [1601, 1632, 1774, 1675, 1587, 1601, 1774, 1774],
    "TPR": [1874, 1905, 2014, 1675, 1515, 1200, 1702, 1408],
    "PTP": [2129, 2218, 2254, 1663, 1320, 907, 1615, 1087],
    "WIN": [5, 5, 4, 3, 2, 0, 3, 0],
    "BPG": [3, 3, 3, 3, 2, 3, 3, 2],
    "REP": [6, 6, 5, 6, 5, 6, 6, 5],
}


def test_values_equal_the_tec_reference_checker():
    t = formats.load_path(str(ROOT / "fixtures" / "dutch_p008_r06.trf")).tournament
    v = tb.values(t, list(TEC_P008))
    for code, expected in TEC_P008.items():
        assert [float(v[n][code]) for n in range(1, 9)] == expected, code


def test_team_tiebreaks_by_hand():
    # Art. 11-13: team A beats B 1.5-0.5 on two boards (match points 2/1/0). Extended SB
    # E<o><s>SB = opponent's o-points x own s-points: EMGSB 0 x 1.5, EGMSB 0.5 x 2, EGGSB
    # 0.5 x 1.5; BH:GP = B's 0.5 game points; MPvGP = A's 1.5 game points.
    from pairchk.standings import team as tt
    from pairchk.model import Team

    t = Tournament(start_date="2026-05-01", system="FIDE_TEAM", teams=(
        Team(1, "A", members=(1, 2)), Team(2, "B", members=(3, 4))), players=(
        Player(1, team=1, entries=(E(K.WIN, 3, W),)), Player(2, team=1, entries=(E(K.DRAW, 4, B),)),
        Player(3, team=2, entries=(E(K.LOSS, 1, B),)), Player(4, team=2, entries=(E(K.DRAW, 2, W),))))
    v = tt.values(t, ["EMGSB", "EGMSB", "EGGSB", "BH:GP", "MPvGP", "BH"])
    assert v[1] == {"EMGSB": 0, "EGMSB": D("1.0"), "EGGSB": D("0.75"), "BH:GP": D("0.5"),
                    "MPvGP": D("1.5"), "BH": 0}


def test_team_points_equal_the_published_swiss_chess_totals():
    # Swiss-Chess stores each team's match and game points: the teams rebuilt from the
    # players' games must give the same totals.
    from pairchk.standings import team as tt
    from shared_paths import shared

    t = formats.load_path(str(shared("samples", "swiss-chess-swt", "SwissTeam.SWT"))).tournament
    mp, gp = tt.team_context(t, "MP"), tt.team_context(t, "GP")
    assert {x.number: (x.match_points, x.game_points) for x in t.teams} == {
        n: (mp.score[n], gp.score[n]) for n in mp.score}


def test_absence_written_as_forfeit_without_opponent_is_a_late_bye():
    # Art. 16.1.1: rounds after a withdrawal are zero-point byes, so a trailing "0000 - -"
    # (a forfeit loss with no opponent) is category 16.2.5 and counts as a draw for the
    # opponents (16.3), unlike a forfeit lost to a scheduled opponent (16.2.4).
    t = swiss(
        Player(1, entries=(E(K.WIN, 2, W), E(K.PAB), E(K.PAB))),
        Player(2, entries=(E(K.LOSS, 1, B), E(K.FORFEIT_LOSS), E(K.FORFEIT_LOSS))))
    assert tb.context(t).adjusted[2] == D("1.0")


# ---- two defects found against the FIDE TEC checker (regressions)

def _odd_round_robin(bye=K.ZERO_BYE):
    """Three players, three rounds: R1 1-2 1-0, 3 bye; R2 2-3 draw, 1 bye; R3 3-1 1-0, 2 bye.
    Scores 1, 0.5, 1.5; 2's bye is in the last round."""
    return Tournament(start_date="2026-05-01", system="FIDE_ROUNDROBIN", rounds=3, players=(
        Player(1, "A", entries=(E(K.WIN, 2, W), E(bye), E(K.LOSS, 3, B))),
        Player(2, "B", entries=(E(K.LOSS, 1, B), E(K.DRAW, 3, W), E(bye))),
        Player(3, "C", entries=(E(bye), E(K.DRAW, 2, B), E(K.WIN, 1, W)))))


@pytest.mark.parametrize("bye", [K.ZERO_BYE, K.ABSENT, K.NOT_PAIRED])
def test_odd_round_robin_berger_bye_is_no_late_requested_bye(bye):
    # C.07 Art. 15.2 (2026): with pre-determined pairings the only unplayed rounds are
    # forfeits, "treated as games"; the round without opponent of an odd round robin is
    # therefore no requested bye and never the draw of 16.2.5/16.3.2 for the opponents.
    # BH of 1 = 2's 0.5 + 3's 1.5 = 2 (it was 2.5: 2's last-round bye counted as a draw);
    # SB of 3 = 2's 0.5 x 0.5 + 1's 1 x 1 = 1.25.
    t = _odd_round_robin(bye)
    assert tb.is_round_robin(t)
    assert value(t, "BH", 1) == D("2")
    assert value(t, "SB", 3) == D("1.25")
    assert value(t, "BH", 3) == D("1.5")


def test_pre_entered_byes_of_the_next_round_are_not_a_round():
    # A round nobody is paired in yet, holding only byes entered in advance (TRF(x) "0000 H",
    # TRF26 240), is not a played round: the standings are those after the last round in
    # which a game was played or a result recorded (round 2 here, not 3).
    base = example_a()
    players = list(base.players)
    players[1] = players[1].replace(entries=(E(K.LOSS, 1, B), E(K.HALF_BYE),
                                             E(K.FORFEIT_WIN, 3, W), E(K.HALF_BYE)))
    t = base.replace(rounds=4, players=tuple(players))
    assert tb.last_complete_round(t) == 3
    assert tb.values(t, ["BH"])[1]["BH"] == tb.values(base, ["BH"])[1]["BH"]
    cut = t.replace(players=tuple(p.replace(entries=p.entries[:2]) for p in base.players))
    players = list(cut.players)
    players[3] = players[3].replace(entries=(*players[3].entries, E(K.NOT_PAIRED), E(K.ZERO_BYE)))
    t = cut.replace(players=tuple(players))
    assert tb.last_complete_round(t) == 2
    # a pending game in round 3 keeps it out too; a forfeit naming its opponent makes it a round
    players[0] = players[0].replace(entries=(*players[0].entries, E(K.FORFEIT_WIN, 3, W)))
    players[2] = players[2].replace(entries=(*players[2].entries, E(K.FORFEIT_LOSS, 1, B)))
    assert tb.last_complete_round(cut.replace(players=tuple(players))) == 3


def test_pre_entered_byes_file_standings_after_round_4():
    # the file TEC was compared on: XXR 5, four rounds played, "0000 - H" for round 5 of two
    # players; the standings are those after round 4 (BH of #1: 9.5, not 13.5 after round 5)
    path = ROOT / "tests" / "data" / "tec_pre_entered_byes.trf"
    t = formats.load(path.read_bytes(), path=str(path)).tournament
    assert tb.last_complete_round(t) == 4
    assert tb.values(t, ["BH"])[1]["BH"] == D("9.5")


def test_standings_command_says_round_4_for_pre_entered_byes():
    from typer.testing import CliRunner

    from pairchk.cli import app

    path = ROOT / "tests" / "data" / "tec_pre_entered_byes.trf"
    r = CliRunner().invoke(app, ["standings", str(path), "--tiebreaks", "BH"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "standings after round 4; tie-breaks: BH (from --tiebreaks)"
