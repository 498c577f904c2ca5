"""Knockout: bracket, byes for seeded favourites, multi-game matches with tie-breaks, checker."""

from __future__ import annotations


import pairchk
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament
from pairchk.systems import knockout

RES = {"1": (Kind.WIN, Kind.LOSS), "=": (Kind.DRAW, Kind.DRAW), "0": (Kind.LOSS, Kind.WIN)}


def build(n: int, rounds: list[list[tuple[int, int, str]]], byes: list[int] = ()) -> Tournament:
    """A knockout file with one column per game: ``rounds`` holds (first-game White, Black, results
    of the games from that player's view, colours alternating)."""
    entries: dict[int, list[RoundEntry]] = {p: [] for p in range(1, n + 1)}
    col = 0
    for k, matches in enumerate(rounds, 1):
        length = max(len(r) for _, _, r in matches)
        for a, b, results in matches:
            for g, res in enumerate(results):
                ka, kb = RES[res]
                ca = Color.WHITE if g % 2 == 0 else Color.BLACK
                entries[a].append(RoundEntry(ka, b, ca))
                entries[b].append(RoundEntry(kb, a, ca.opposite))
        if k == 1:
            for x in byes:
                entries[x].extend([RoundEntry(Kind.PAB)] * length)
        col += length
        for p, e in entries.items():
            e.extend([RoundEntry(Kind.ABSENT)] * (col - len(e)))
    return Tournament(system="CUSTOM_KNOCKOUT", players=tuple(Player(p, entries=tuple(e)) for p, e in entries.items()))


def test_bracket_order_keeps_top_seeds_apart():
    order = knockout.bracket_order(16)
    assert order == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    # 1 and 2 in different halves, 1-4 in different quarters
    assert order.index(1) < 8 <= order.index(2)
    assert len({order.index(s) // 4 for s in (1, 2, 3, 4)}) == 4


def test_byes_go_to_the_favourites_who_enter_in_round_two():
    """"wobei auch einige Favoriten vorher gesetzt werden können oder erst in einer späteren Runde
    ins Turnier einsteigen müssen\""""
    r = knockout.schedule(12)
    assert sorted(r[0].byes) == [1, 2, 3, 4]
    assert len(r) == 4  # 16-bracket: 4 rounds
    assert [m.as_json() for m in r[1].matches][0] == {"match": 1, "white": 1, "black": "winner of 1.2"}


def test_drawn_bracket_is_reproducible_and_keeps_the_seeds():
    """"Die ersten Ansetzungen werden üblicherweise ausgelost, wobei auch einige Favoriten vorher
    gesetzt werden können\""""
    a = knockout.positions(16, seeds=4, draw_seed=7)
    b = knockout.positions(16, seeds=4, draw_seed=7)
    c = knockout.positions(16, seeds=4, draw_seed=8)
    assert a == b and a != c
    seeded = knockout.positions(16)
    for s in (1, 2, 3, 4):
        assert a.index(s) == seeded.index(s)
    assert sorted(a) == list(range(1, 17))


def test_schedule_json_shape():
    j = knockout.schedule(5)[0].as_json()
    assert j == {"round": 1, "pairs": [{"match": 2, "white": 4, "black": 5}], "byes": [1, 2, 3]}


def clean8():
    # two-game matches; 4-5 needs two pairs of tie-break games: 1-1, 1-1, then 1.5-0.5
    r1 = [(1, 8, "1="), (4, 5, "==" + "10" + "1="), (2, 7, "11"), (3, 6, "=1")]
    r2 = [(1, 4, "1="), (2, 3, "=1")]  # 1 and 2 (Black in the first game) win
    r3 = [(1, 2, "==1=")]  # a four-game final
    return build(8, [r1, r2, r3])


def test_clean_bracket_with_tie_breaks_checks_ok():
    rep = pairchk.check(clean8(), system="knockout", path="x")
    assert [r.status for r in rep.rounds] == ["ok", "ok", "ok"], [r.violations for r in rep.rounds]
    assert rep.notes == ["seeded bracket (round 1 is the seeded round 1: 1 against the lowest, …)"]
    m45 = next(m for m in rep.rounds[0].details["matches"] if m["white"] == 4)
    assert m45["games"] == [1, 6] and m45["winner"] == 4


def test_byes_in_round_one_check_ok():
    t = build(6, [[(4, 5, "1="), (3, 6, "0=")], [(1, 4, "11"), (2, 6, "==1=")], [(1, 2, "=1")]], byes=[1, 2])
    rep = pairchk.check(t, system="knockout", path="x")
    assert [r.status for r in rep.rounds] == ["ok"] * 3, [r.violations for r in rep.rounds]
    assert rep.rounds[0].details["byes"] == [1, 2]


def test_eliminated_player_who_plays_again_is_flagged():
    """"K.O. ... bedeutet in diesem Fall, daß der Verlierer am weiteren Turnierverlauf nicht mehr
    teilnimmt.\""""
    r1 = [(1, 8, "1="), (4, 5, "1="), (2, 7, "11"), (3, 6, "=1")]
    r2 = [(1, 5, "1="), (2, 3, "=1")]  # 5 lost to 4, yet plays; 4 won, yet is missing
    t = build(8, [r1, r2, [(1, 2, "1=")]])
    rep = pairchk.check(t, system="knockout", path="x")
    assert [r.status for r in rep.rounds] == ["violation", "violation", "ok"]
    assert "4 won in round 1 but does not play in round 2 (K.O.-System (source text))" in rep.rounds[0].violations
    assert ("5 was eliminated in round 1 (lost to 4) but plays 1–5 in round 2 "
            "(K.O.-System (source text))") in rep.rounds[1].violations


def test_drawn_match_without_tie_break_is_flagged():
    """"Das System besagt lediglich, daß der Verlierer ausscheidet und der Gewinner eine Runde weiter
    ist – es kann alo kein unentschieden geben. Dafür sorgen genügend Stichkämpfe oder Wertungen.\""""
    t = build(4, [[(1, 4, "=="), (2, 3, "1=")]])
    rep = pairchk.check(t, system="knockout", path="x")
    assert rep.rounds[0].status == "violation"
    assert rep.rounds[0].violations[0].startswith("1–4 ended 1.0–1.0: a knockout match needs a winner")


def test_tie_break_after_a_decided_match_is_flagged():
    t = build(4, [[(1, 4, "1=1="), (2, 3, "1=")]])
    rep = pairchk.check(t, system="knockout", path="x")
    assert ("1–4: tie-break games after a decided match (1.5–0.5 after 2 regular games) "
            "(K.O.-System (source text))") in rep.rounds[0].violations


def test_match_off_the_seeded_bracket_is_a_deviation():
    r1 = [(1, 8, "1="), (4, 5, "1="), (2, 7, "11"), (3, 6, "=1")]
    r2 = [(1, 2, "1="), (4, 3, "=1")]  # seeded bracket: 1-4 and 2-3
    t = build(8, [r1, r2, [(1, 4, "1=")]])
    rep = pairchk.check(t, system="knockout", path="x")
    assert [r.status for r in rep.rounds] == ["ok", "deviation", "ok"]
    assert rep.rounds[1].differences == [
        "1–2 is not in the schedule: 1 plays 4, 2 plays 3",
        "3–4 is not in the schedule: 3 plays 2, 4 plays 1",
    ]


def test_drawn_bracket_checked_for_shape_only():
    r1 = [(1, 5, "1="), (4, 8, "1="), (2, 6, "11"), (3, 7, "=1")]
    t = build(8, [r1, [(1, 2, "1="), (4, 3, "=1")], [(1, 4, "1=")]])
    rep = pairchk.check(t, system="knockout", path="x")
    assert rep.ok
    assert rep.notes[-1].startswith("drawn bracket")
