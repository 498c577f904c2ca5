"""Generated tournaments survive dump -> load in TRF16, TRF26 and pairchk JSON."""

import dataclasses
from decimal import Decimal

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pairchk import formats
from pairchk.formats.trf_write import compute_ranks
from pairchk.model import (
    Acceleration, ByeKind, Color, DeclaredBye, ForbiddenPair, Kind, Player, RoundEntry, ScoreSystem, Tournament,
)

D = Decimal
GAMES = [(Kind.WIN, Kind.LOSS), (Kind.LOSS, Kind.WIN), (Kind.DRAW, Kind.DRAW), (Kind.WIN_SHORT, Kind.LOSS_SHORT),
         (Kind.DRAW_SHORT, Kind.DRAW_SHORT), (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
         (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN), (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS)]
BYES = [Kind.HALF_BYE, Kind.FULL_BYE, Kind.ZERO_BYE, Kind.ABSENT]
NAME = st.text("abcdefghijklmnopqrstuvwxyzäöüßéABCXYZ, -'", min_size=1, max_size=33).map(str.strip).filter(bool)


@st.composite
def tournaments(draw, scoring_fields=("win", "draw", "pab", "half_bye", "zero_bye")):
    n = draw(st.integers(2, 24))
    rounds = draw(st.integers(1, 7))
    entries = {i: [] for i in range(1, n + 1)}
    had_pab = set()
    for r in range(1, rounds + 1):
        order = draw(st.permutations(list(range(1, n + 1))))
        n_out = draw(st.integers(0, min(3, n)))
        out, playing = order[:n_out], order[n_out:]
        if len(playing) % 2:
            pab = playing[-1]
            playing = playing[:-1]
            entries[pab].append(RoundEntry(Kind.PAB))
            had_pab.add(pab)
        for p in out:
            entries[p].append(RoundEntry(draw(st.sampled_from(BYES))))
        pending = r == rounds and draw(st.booleans())
        for a, b in zip(playing[::2], playing[1::2]):
            ka, kb = (Kind.PENDING, Kind.PENDING) if pending else draw(st.sampled_from(GAMES))
            colored = ka.played or ka is Kind.PENDING or draw(st.booleans())
            ca, cb = (Color.WHITE, Color.BLACK) if colored else (Color.NONE, Color.NONE)
            entries[a].append(RoundEntry(ka, b, ca))
            entries[b].append(RoundEntry(kb, a, cb))
    score = {}
    pick = {"win": [D(1), D(2), D(3)], "draw": [D("0.5"), D(1)], "loss": [D(0), D("0.5")],
            "pab": [D(1), D("0.5"), D(2), D(0)], "half_bye": [D("0.5"), D(1)], "zero_bye": [D(0), D("0.5")],
            "forfeit_win": [D(1), D(2)], "forfeit_loss": [D(0), D(-1)], "full_bye": [D(1), D(3)],
            "win_black": [D("1.5")], "draw_white": [D("1.5")]}
    for f in scoring_fields:
        if draw(st.booleans()):
            score[f] = draw(st.sampled_from(pick[f]))
    if "zero_bye" in score:
        score["absent"] = score["zero_bye"]  # TRF: blank = Z, one value
    players = tuple(
        Player(i, draw(NAME), sex=draw(st.sampled_from(["", "m", "w"])), title=draw(st.sampled_from(["", "GM", "WFM"])),
               rating=draw(st.none() | st.integers(1000, 2900)), federation=draw(st.sampled_from(["", "GER", "IND"])),
               fide_id=draw(st.sampled_from(["", "1503014", "70123454321"])),
               birth=draw(st.sampled_from(["", "1990", "1987/05/04"])), entries=tuple(entries[i]))
        for i in range(1, n + 1))
    return Tournament(
        name=draw(NAME), city=draw(st.sampled_from(["", "Madrid", "Köln"])), rounds=rounds + draw(st.integers(0, 2)),
        initial_color=draw(st.sampled_from([Color.NONE, Color.WHITE, Color.BLACK])),
        scoring=ScoreSystem(**score), players=players,
    )


def normal(t: Tournament) -> Tournament:
    """What a TRF file says about ``t``: points and ranks computed, no trailing unpaired rounds."""
    ranks = compute_ranks(t)
    players = []
    for p in t.players:
        e = list(p.entries)
        while e and e[-1].kind is Kind.NOT_PAIRED:
            e.pop()
        players.append(p.replace(points=t.score(p.number), rank=ranks[p.number], entries=tuple(e)))
    return t.replace(players=tuple(players))


def roundtrip(t, fmt):
    out = formats.dump(t, fmt)
    return formats.load(out.data, fmt=fmt).tournament, out.warnings


# no shrinking: a failing tournament is printed as generated (shrinking these takes minutes)
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                phases=[Phase.explicit, Phase.reuse, Phase.generate])


@FAST
@given(tournaments())
def test_trf16_roundtrip(t):
    back, warnings = roundtrip(t, "trf")
    assert warnings == []
    assert back == normal(t)


@FAST
@given(tournaments())
def test_trf26_roundtrip(t):
    back, warnings = roundtrip(t, "trf26")
    assert warnings == []
    assert back == normal(t)


@FAST
@given(tournaments(scoring_fields=("win", "draw", "loss", "pab", "half_bye", "full_bye", "zero_bye",
                                   "forfeit_win", "forfeit_loss", "win_black", "draw_white")))
def test_trf16_carries_every_scoring_value_with_xxs(t):
    back, warnings = roundtrip(t, "trf")
    assert warnings == []
    assert back.scoring == t.scoring
    assert [p.points for p in back.players] == [t.score(p.number) for p in t.players]


@FAST
@given(tournaments(scoring_fields=("win", "draw", "loss", "pab", "half_bye", "full_bye", "zero_bye",
                                   "forfeit_win", "forfeit_loss", "win_black", "draw_white")))
def test_json_roundtrip_is_exact(t):
    t = t.replace(
        acceleration=(Acceleration(1, (D(1), D("0.5"))),), forbidden_pairs=(ForbiddenPair((1, 2), 2, 3),),
        declared_byes=(DeclaredBye(2, ByeKind.HALF, (1,)),),
    )
    back, warnings = roundtrip(t, "json")
    assert warnings == []
    assert back == t


def test_trf26_writes_and_reads_acceleration_forbidden_pairs_and_byes():
    t = Tournament(
        name="X", rounds=5, players=tuple(Player(i, f"P{i}") for i in range(1, 5)),
        acceleration=tuple(Acceleration(i, (D(1), D(1), D("0.5"))) for i in (1, 2)),
        forbidden_pairs=(ForbiddenPair((1, 2)), ForbiddenPair((3, 4), 2, 3)),
        declared_byes=(DeclaredBye(1, ByeKind.HALF, (3, 4)),),
    )
    out = formats.dump(t, "trf26")
    text = out.data.decode()
    assert "250       1.0   1   2    1    2\n250       0.5   3   3    1    2\n" in text
    assert "260            1    2\n260   2   3    3    4\n" in text
    assert "240 H   1    3    4\n" in text
    assert formats.load(out.data, fmt="trf26").tournament == normal(t)
    # TRF16 has XXA and XXP; the round-limited pair and the round-1 bye cannot be written
    out16 = formats.dump(t, "trf")
    assert [w.message for w in out16.warnings] == [
        "declared byes: half bye for round 1 needs TRF26 record 240; not written",
        "forbidden pairs: (3, 4) limited to rounds 2-3 needs TRF26 record 260; not written",
    ]
    assert "XXA    1  1.0  1.0  0.5\n" in out16.data.decode()


@st.composite
def trf26_tournaments(draw):
    """A generated tournament plus everything only TRF26 can say (teams, line-ups, 299...)."""
    from pairchk.model import AbnormalPoints, Lineup, NationalRating, Team, TeamMatch

    t = draw(tournaments())
    n, rounds = len(t.players), t.played_rounds or 1
    size = draw(st.integers(1, 4))
    teams = tuple(
        Team(k + 1, f"Team {k + 1}", tuple(range(1 + k * size, min(n, (k + 1) * size) + 1)),
             nickname=draw(st.sampled_from(["", "TM"])), strength=draw(st.sampled_from(["", "2100"])),
             match_points=draw(st.sampled_from([None, D(3), D("2.5")])),
             game_points=draw(st.sampled_from([None, D("7.5")])), rank=draw(st.sampled_from([None, 1, 12])))
        for k in range((n + size - 1) // size))
    team_of = {m: tm.number for tm in teams for m in tm.members}
    players = tuple(p.replace(team=team_of[p.number], national_ratings=(
        (NationalRating("FRA", draw(st.sampled_from([None, 1800])), "IDF", "A123"),) if p.number == 1 else ()),
        national_rating=(1800 if p.number == 1 else None), national_id=("A123" if p.number == 1 else ""))
        for p in t.players)
    players = tuple(p if p.number != 1 or p.national_ratings[0].rating else p.replace(national_rating=None)
                    for p in players)
    nt = len(teams)
    lineups = tuple(Lineup(r, draw(st.integers(1, nt)), tuple(draw(st.lists(st.integers(0, n), max_size=4))),
                           draw(st.none() | st.integers(1, nt))) for r in range(1, draw(st.integers(0, 3)) + 1))
    matches = tuple(TeamMatch(r, draw(st.integers(1, nt)), None) for r in range(1, rounds + 1) if draw(st.booleans()))
    matches += tuple(TeamMatch(draw(st.integers(1, rounds)), 1, nt, draw(st.sampled_from(["+-", "-+", "--"])))
                     for _ in range(draw(st.integers(0, 2))))
    abnormal = []
    for _ in range(draw(st.integers(0, 2))):
        rnd = draw(st.integers(0, rounds))  # round 0: the record has neither round nor players
        abnormal.append(AbnormalPoints(draw(st.sampled_from(["+", "-"])), D(1), D("2.5"), rnd, (1,) if rnd else ()))
    abnormal = tuple(abnormal)
    return t.replace(
        players=players, teams=teams, lineups=lineups, team_matches=matches, abnormal_points=abnormal,
        team_pab_match_points=D(2) if any(m.away is None for m in matches) else None,
        team_pab_game_points=D(2) if any(m.away is None for m in matches) else None,
        system="FIDE_DUTCH_2025", system_text=draw(st.sampled_from(["", "Individual: Swiss"])),
        tiebreaks=("BH:GP/C1", "SB"), tiebreak_text="EDET/P", time_control_encoded="40/6000+30",
        board_colors="WBWB", team_scoring="TW 2.0   TD 1.0   TL 0.0", starting_rank_method="FIDE",
        pairing_controller="pairchk", comments=(" generated",), declared_players=n, declared_teams=nt,
        start_date="2026-03-01", round_dates=("26/03/01",), round_dates_iso=("2026-03-01",),
        acceleration=(Acceleration(1, (D(1), D(1)), (D(2),)),),
        forbidden_pairs=(ForbiddenPair((1, 2), 1, 2),), declared_byes=(DeclaredBye(2, ByeKind.FULL, (2,)),),
    )


def _no_raw(t):
    return t.replace(players=tuple(p.replace(national_ratings=tuple(
        dataclasses.replace(nr, raw="") for nr in p.national_ratings)) for p in t.players))


@FAST
@given(trf26_tournaments())
def test_trf26_roundtrip_with_teams_and_every_trf26_record(t):
    back, warnings = roundtrip(t, "trf26")
    assert warnings == []
    assert _no_raw(back) == normal(t)
