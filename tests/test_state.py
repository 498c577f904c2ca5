"""Derived state before a round (pairchk.state)."""

from decimal import Decimal

import pytest

from pairchk.model import Acceleration, Color, Kind, Player, RoundEntry, Tournament
from pairchk.state import PrefKind, UnknownEditionError, colour_preference, round_state

W, B = Color.WHITE, Color.BLACK


def game(kind, opp, color):
    return RoundEntry(kind, opp, color)


def test_colour_history_drops_unplayed_rounds_c0402_3_4():
    # C.04.2 3.4: BWBuW is treated as uBWBW - the bye is dropped, not a break in the sequence
    p1 = Player(1, entries=(game(Kind.LOSS, 2, B), game(Kind.WIN, 3, W), game(Kind.DRAW, 4, B),
                            RoundEntry(Kind.PAB), game(Kind.WIN, 2, W)))
    others = tuple(Player(n) for n in (2, 3, 4))
    s = round_state(Tournament(players=(p1,) + others), 6, edition="2026")
    ps = s.players[1]
    assert ps.colors == (B, W, B, W)
    assert ps.color_diff == 0
    assert (ps.pref, ps.pref_kind) == (B, PrefKind.MILD)
    assert ps.unplayed == 1 and ps.played == 4


def test_forfeit_is_no_meeting_and_has_no_colour_c0402_3_5():
    p1 = Player(1, entries=(game(Kind.FORFEIT_WIN, 2, Color.NONE),))
    p2 = Player(2, entries=(game(Kind.FORFEIT_LOSS, 1, Color.NONE),))
    s = round_state(Tournament(players=(p1, p2)), 2, edition="2026")
    assert s.players[1].opponents == frozenset()
    assert s.players[1].colors == ()
    assert s.players[1].pref_kind is PrefKind.NONE


@pytest.mark.parametrize(
    "colors, expected",
    [
        ((W, W), (B, PrefKind.ABSOLUTE)),  # same colour twice in a row
        ((W, B, W, W), (B, PrefKind.ABSOLUTE)),  # CD = +2
        ((B, W, B), (W, PrefKind.STRONG)),  # CD = -1
        ((W, B), (W, PrefKind.MILD)),  # CD = 0: alternate
        ((), (Color.NONE, PrefKind.NONE)),
    ],
)
def test_colour_preference_kinds_2026_1_7(colors, expected):
    pref, kind, _ = colour_preference(colors)
    assert (pref, kind) == expected


def _byes_tournament():
    # round 1: 1 forfeit win vs 2, 3 half-point bye, 4 zero bye, 5 PAB, 6 full-point bye
    return Tournament(players=(
        Player(1, entries=(game(Kind.FORFEIT_WIN, 2, Color.NONE),)),
        Player(2, entries=(game(Kind.FORFEIT_LOSS, 1, Color.NONE),)),
        Player(3, entries=(RoundEntry(Kind.HALF_BYE),)),
        Player(4, entries=(RoundEntry(Kind.ZERO_BYE),)),
        Player(5, entries=(RoundEntry(Kind.PAB),)),
        Player(6, entries=(RoundEntry(Kind.FULL_BYE),)),
    ))


def test_floats_2026_only_for_more_than_a_loss_without_playing():
    # C.04.3 2026 1.4.3-1.4.4: PAB, forfeit win, FPB, HPB downfloat; ZPB and forfeit loss do not
    s = round_state(_byes_tournament(), 2, edition="2026")
    assert {n: s.players[n].floats for n in range(1, 7)} == {
        1: ("D",), 2: (None,), 3: ("D",), 4: (None,), 5: ("D",), 6: ("D",)}


def test_floats_2017_every_unplayed_round():
    # C.04.3 2017 A.4.b: whoever did not play got a downfloat
    s = round_state(_byes_tournament(), 2, edition="2017")
    assert all(s.players[n].floats == ("D",) for n in range(1, 7))


def test_played_game_floats_compare_pairing_scores():
    t = Tournament(players=(
        Player(1, entries=(game(Kind.WIN, 3, W), game(Kind.WIN, 2, W))),
        Player(2, entries=(game(Kind.DRAW, 4, B), game(Kind.LOSS, 1, B))),
        Player(3, entries=(game(Kind.LOSS, 1, B),)),
        Player(4, entries=(game(Kind.DRAW, 2, W),)),
    ))
    s = round_state(t, 3, edition="2026")
    assert s.players[1].floats == (None, "D")
    assert s.players[2].floats == (None, "U")


def test_pab_eligibility_per_edition():
    t = _byes_tournament()
    new = round_state(t, 2, edition="2026")
    old = round_state(t, 2, edition="2017")
    # 2026 C.04.1 art 4: PAB, forfeit win and full-point bye bar; HPB/ZPB/forfeit loss do not
    assert [n for n in range(1, 7) if not new.players[n].pab_eligible] == [1, 5, 6]
    # 2017: PAB and forfeit win only
    assert [n for n in range(1, 7) if not old.players[n].pab_eligible] == [1, 5]


def test_declared_byes_are_not_paired_and_order_uses_pairing_score():
    t = Tournament(
        acceleration=(Acceleration(3, (Decimal(1),)),),
        players=(Player(1), Player(2), Player(3), Player(4, entries=(RoundEntry(Kind.ZERO_BYE),))),
    )
    s = round_state(t, 1, edition="2026")
    # player 4's round-1 Z is a declared absence; player 3 has a virtual point (C.04.7)
    assert s.order == (3, 1, 2)
    assert s.players[3].pairing_score == 1 and s.players[3].score == 0
    assert round_state(t, 2, edition="2026").order == (1, 2, 3, 4)
    # a recorded round with no entry for a player: that player was not there
    t2 = t.replace(players=t.players[:3] + (Player(4, entries=(game(Kind.WIN, 1, W),)),))
    assert 1 not in round_state(t2, 1, edition="2026").order


def test_topscorers_only_in_the_last_round():
    t = Tournament(rounds=2, players=(
        Player(1, entries=(game(Kind.WIN, 2, W),)), Player(2, entries=(game(Kind.LOSS, 1, B),))))
    s = round_state(t, 2, edition="2026")
    assert s.last_round and s.is_topscorer(1) and not s.is_topscorer(2)
    assert not round_state(t.replace(rounds=3), 2, edition="2026").is_topscorer(1)


def test_unknown_edition_is_refused():
    with pytest.raises(UnknownEditionError, match="'2019'"):
        round_state(Tournament(), 1, edition="2019")


def test_baku_virtual_points_computed_when_declared_without_records_c0407():
    # C.04.7: GA = 2*ceil(N/4) (N=7 -> 4), accelerated rounds ceil(9/2)=5: +1 in rounds 1-3,
    # +0.5 in rounds 4-5
    t = Tournament(rounds=9, system="FIDE_DUTCH_2026_BAKU", players=tuple(Player(n) for n in range(1, 8)))
    s1 = round_state(t, 1, edition="2026")
    assert [str(s1.players[n].pairing_score) for n in range(1, 8)] == ["1"] * 4 + ["0"] * 3
    assert str(round_state(t, 4, edition="2026").players[1].pairing_score) == "0.5"
    assert round_state(t, 6, edition="2026").players[1].pairing_score == 0
    # records in the file win over the computed points
    t2 = t.replace(acceleration=(Acceleration(7, (Decimal(1),)),))
    assert round_state(t2, 1, edition="2026").order[0] == 7
