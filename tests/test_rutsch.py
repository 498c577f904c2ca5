"""Rutschsystem: every rule of the source text, each test quoting the sentence it checks."""

from __future__ import annotations


import pytest

import pairchk
from pairchk import formats
from pairchk.model import Kind
from pairchk.pairing import Pair, RoundPairing
from pairchk.systems import rutsch

from schedules import played
from shared_paths import FIX

SIZES = range(3, 17)


def seats(n: int, rnd: int) -> dict[tuple[int, str], int]:
    N = rutsch.table_size(n)
    return {rutsch.seat_of(p, rnd, N): p for p in range(1, N + 1) if p <= n}


def colour_at(n: int, rnd: int) -> dict[int, str]:
    r = rutsch.schedule(n)[rnd - 1]
    out = {}
    for p in r.pairs:
        out[p.white], out[p.black] = "W", "B"
    return out


@pytest.mark.parametrize("n", SIZES)
def test_initial_seating(n):
    """"Der Spieler mit der Nummer 1 sitzt an einem Ende, neben ihm Spieler Nummer 2 usw auf der
    einen Seite bis zum Ende, auf der anderen zurück, so daß Spieler n-1 (bei n oder n-1 Spielern)
    gegenüber von Spieler 2 sitzt.\""""
    N = rutsch.table_size(n)
    s = seats(n, 1)
    half = N // 2
    assert [s[(b, "A")] for b in range(1, half + 1)] == list(range(1, half + 1))
    back = [s[(b, "B")] for b in range(half, 1, -1)]
    assert back == list(range(half + 1, N))  # "auf der anderen zurück"
    assert s[(2, "B")] == N - 1  # n-1 opposite 2


@pytest.mark.parametrize("n", [k for k in SIZES if k % 2])
def test_odd_field_seat_opposite_one_is_empty_and_one_sits_out(n):
    """"Ist die Spieleranzahl ungerade so bleibt der Platz gegenüber Spieler 1 frei. Er setzt aus.\""""
    assert (1, "B") not in seats(n, 1)
    assert rutsch.schedule(n)[0].bye == 1


@pytest.mark.parametrize("n", SIZES)
def test_boards_alternate_along_a_side(n):
    """"Die Bretter müssen so aufgestellt werden, daß auf einer Seite abwechselnd die schwarzen und
    weißen Steine stehen.\""""
    N = rutsch.table_size(n)
    side_a = [rutsch.side_a_white(b, 1) for b in range(1, N // 2 + 1)]
    assert all(side_a[k] != side_a[k + 1] for k in range(len(side_a) - 1))
    # and the schedule follows the boards: the player on side A of board b has that colour
    col = colour_at(n, 1)
    s = seats(n, 1)
    for b in range(2, N // 2 + 1):
        assert col[s[(b, "A")]] == ("W" if side_a[b - 1] else "B")


@pytest.mark.parametrize("n", SIZES)
def test_everybody_but_n_slides_one_seat(n):
    """"Nach jeder Runde rutschen alle Spieler außer Nummer n (bei n Spielern) im Uhrzeigersinn
    (oder immer entgegen) einen Platz weiter.\""""
    N = rutsch.table_size(n)
    cycle = [(b, "A") for b in range(1, N // 2 + 1)] + [(b, "B") for b in range(N // 2, 1, -1)]
    for rnd in range(1, N - 1):
        before = {p: cycle.index(rutsch.seat_of(p, rnd, N)) for p in range(1, N)}
        after = {p: cycle.index(rutsch.seat_of(p, rnd + 1, N)) for p in range(1, N)}
        steps = {(after[p] - before[p]) % (N - 1) for p in before}
        assert len(steps) == 1 and steps.pop() in (1, N - 2)  # one seat, all the same way


@pytest.mark.parametrize("n", [k for k in SIZES if k % 2 == 0])
def test_last_player_keeps_his_seat_and_turns_his_board(n):
    """"Die Nummer n, falls vorhanden, dreht jede Runde ihr Brett und bleibt an ihrem Platz
    sitzen.\""""
    assert {rutsch.seat_of(n, r, n) for r in range(1, n)} == {(1, "B")}
    mine = [colour_at(n, r)[n] for r in range(1, n)]
    assert all(mine[k] != mine[k + 1] for k in range(len(mine) - 1))


@pytest.mark.parametrize("n", SIZES)
def test_all_other_boards_stay(n):
    """"Alle anderen Bretter bleiben stehen!!" — the colour of every seat off board 1 never changes."""
    N = rutsch.table_size(n)
    for b in range(2, N // 2 + 1):
        for side in "AB":
            seen = set()
            for r in range(1, N):
                p = seats(n, r).get((b, side))
                seen.add(colour_at(n, r)[p])
            assert len(seen) == 1, (b, side)


@pytest.mark.parametrize("n", [k for k in SIZES if k % 2])
def test_odd_field_bye_is_whoever_sits_on_ones_starting_seat(n):
    """"Bei ungerader Anzahl muß jeweils der Spieler auf dem Anfangsplatz der Nummer 1 aussetzen.\""""
    for r in rutsch.schedule(n):
        assert r.bye == seats(n, r.round)[(1, "A")]


@pytest.mark.parametrize("n", SIZES)
def test_opponent_formula(n):
    """"Mathematisch spielt man gegen den Gegner, der die Startnummer hat, die sich ergibt, wenn man
    vom doppelten der Rundenanzahl seine eigene Startnummer abzieht und ggf. n-1 addiert oder
    subtrahiert." ... "statt gegen sich selbst, spielt man gegen Nummer n\""""
    N = rutsch.table_size(n)
    for r in rutsch.schedule(n):
        opp = {}
        for p in r.pairs:
            opp[p.white], opp[p.black] = p.black, p.white
        if r.bye:
            opp[r.bye] = N
        for p in range(1, N):
            q = 2 * r.round - p
            while q < 1:
                q += N - 1
            while q > N - 1:
                q -= N - 1
            assert opp[p] == (N if q == p else q)


@pytest.mark.parametrize("n", [k for k in SIZES if k % 2 == 0])
def test_table_steps_two_columns(n):
    """"In der Tabelle geht man je zwei Spalten weiter und statt gegen sich selbst, spielt man gegen
    Nummer n und nach Nummer n-1 gegen Nummer 2.\""""
    sched = rutsch.schedule(n)
    for p in range(1, n):
        ops = [next(x for q in r.pairs for x in q.players if p in q.players and x != p) for r in sched]
        for a, b in zip(ops, ops[1:]):
            prev = p if a == n else a  # n stands where p itself would be
            nxt = prev + 2
            if nxt > n - 1:
                nxt -= n - 1  # "nach Nummer n-1 gegen Nummer 2"
            assert b == (n if nxt == p else nxt)


@pytest.mark.parametrize("n", [k for k in SIZES if k % 2 == 0])
def test_last_player_white_against_even_numbers(n):
    """"Die Nummer n hat Weiß gegen alle Spieler mit gerader Startnummer, ansonsten Schwarz.\""""
    for r in rutsch.schedule(n):
        g = next(p for p in r.pairs if n in p.players)
        other = next(iter(g.players - {n}))
        assert (g.white == n) == (other % 2 == 0)


@pytest.mark.parametrize("n", [6, 10, 14])
def test_arithmetic_colour_rule_holds_for_6_10_14(n):
    """"Außer für die Nummer n gilt: Ist die Differenz der Startnummern oder die Summe dieser
    Differenz und eins durch 4 teilbar, so hat der Spieler mit der höheren Startnummer Weiß,
    ansonsten Schwarz." — true of the seating when n = 6, 10, 14, …"""
    for r in rutsch.schedule(n):
        for p in r.pairs:
            assert rutsch.text_colour_rule(p.white, p.black, n) == p.white


def _colours(games_by_round):
    col = {}
    for games in games_by_round:
        for w, b in games:
            col.setdefault(w, []).append("W")
            col.setdefault(b, []).append("B")
    return {p: c for p, c in col.items() if any(c[k] == c[k + 1] == c[k + 2] for k in range(len(c) - 2))}


@pytest.mark.parametrize("n", [4, 8, 12, 16])
def test_arithmetic_colour_rule_contradicts_the_seating_for_multiples_of_4(n):
    """The same sentence applied to 4, 8, 12, 16 players gives some player one colour three times in a
    row, which no seating can produce; the seating (our schedule) never does."""
    sched = rutsch.schedule(n)
    by_rule = [
        [
            (p.white, p.black) if rutsch.text_colour_rule(p.white, p.black, n) == p.white else (p.black, p.white)
            for p in r.pairs
        ]
        for r in sched
    ]
    assert by_rule != [[(p.white, p.black) for p in r.pairs] for r in sched]
    assert _colours(by_rule) != {}
    assert _colours([[(p.white, p.black) for p in r.pairs] for r in sched]) == {}


@pytest.mark.parametrize("n", SIZES)
def test_everybody_meets_everybody_once(n):
    """"Ist es vertretbar, jeden gegen jeden spielen zu lassen, spielt man ein Rundenturnier, daß
    auch als Rutschsystem ... erscheinen kann\""""
    met = [p.players for r in rutsch.schedule(n) for p in r.pairs]
    assert len(met) == len(set(met)) == n * (n - 1) // 2


def _tournament(sched, n):
    return played(sched, n, white=Kind.WIN, black=Kind.LOSS, bye=Kind.PAB, declare_rounds=False)


def test_clean_file_checks_ok_in_every_round():
    t = formats.load_path(str(FIX / "rutsch_8.trf")).tournament
    rep = pairchk.check(t, system="rutsch", path="rutsch_8.trf")
    assert [r.status for r in rep.rounds] == ["ok"] * 7


def test_colour_flip_flagged_in_that_round_only_with_the_seating_as_reason():
    sched = rutsch.schedule(9)
    r5 = sched[4]
    flipped = list(sched)
    flipped[4] = RoundPairing(5, (Pair(r5.pairs[0].black, r5.pairs[0].white),) + r5.pairs[1:], r5.bye)
    rep = pairchk.check(_tournament(flipped, 9), system="rutsch", path="x")
    assert [r.round for r in rep.rounds if r.status != "ok"] == [5]
    p = r5.pairs[0]
    a, b = sorted(p.players)
    assert rep.rounds[4].differences == [f"colour of {a}–{b} reversed: {p.white} has White in the schedule"]
    assert "boards other than 1 stay put and alternate colours along a side" in rep.rounds[4].explanation


def test_wrong_bye_flagged():
    sched = rutsch.schedule(5)
    r2 = sched[1]  # bye 2; give the bye to 3 instead and let 2 play 3's game
    g = next(p for p in r2.pairs if 3 in p.players)
    other = next(iter(g.players - {3}))
    new = RoundPairing(2, tuple(p for p in r2.pairs if p is not g) + (Pair(2, other),), 3)
    rep = pairchk.check(_tournament([sched[0], new], 5), system="rutsch", path="x")
    assert [r.status for r in rep.rounds] == ["ok", "deviation"]
    assert "bye given to 3; the schedule gives it to 2" in rep.rounds[1].differences
