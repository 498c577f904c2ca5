"""Dubov system (C.04.4.1): worked examples of the rule texts, and invariants over generated
tournaments (a fast slice here, the long sweep marked slow).

Sources quoted: FIDE handbook C.04.4.1 (2026 text, applied from 1 Feb 2026) and the 1997 text
as translated in the sources (../shared/seeds/000_*.txt).
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

import pytest

from pairchk.model import Color, Kind, Player, RoundEntry, Tournament
from pairchk.pairing import Pair, RoundPairing
from pairchk.state import average_rating
from pairchk.system import System, UnpairableError, first_worse
from pairchk.systems.dubov.system import SYSTEM
from pairchk.systems.dubov.pair import middle_out, s1_t2


def _st(t: Tournament, rnd: int, edition: str = "2026"):
    return SYSTEM.state(t, rnd, edition=edition)


def test_protocol_and_codes():
    assert isinstance(SYSTEM, System)
    assert SYSTEM.name == "dubov" and SYSTEM.editions == ("2026", "1997")
    for code in ("FIDE_DUBOV", "FIDE_DUBOV_2026", "FIDE_DUBOV_2025", "FIDE_DUBOV_BAKU"):
        assert code in SYSTEM.codes
    assert [c.key for c in SYSTEM.criteria("2026")][:4] == ["C1", "C2", "C3", "C4"]
    assert all(c.article.startswith("C.04.4.1 (1997)") for c in SYSTEM.criteria("1997"))


def test_aro_rounding_2026_1_7_1():
    # 1.7.1 "... divided by the number of such opponents, and rounded to the nearest integer
    # number (the higher, if the division ends for 0.5)"; 1.7.3 "If a player has yet to play a
    # game, their ARO is zero."
    assert average_rating([2000, 2001]) == 2001
    assert average_rating([2000, 2000, 2001]) == 2000
    assert average_rating([]) == 0


@pytest.mark.parametrize("rounds,maxt", [(4, 2), (5, 3), (9, 3), (10, 4), (15, 5)])
def test_maxt_2026_1_8_2(rounds, maxt):
    # 1.8.2 "MaxT = 2 + [Rnds/5] where [Rnds/5] means Rnds divided by 5 and rounded downwards."
    t = Tournament(rounds=rounds, players=(Player(1, rating=2000), Player(2, rating=1900)))
    assert _st(t, 1).maxt == maxt


def test_middle_out_2026_4_3_3():
    # 4.3.3 "assign the sequence numbers, starting with the player in the (remaining) middle of
    # the list or, when two players are in the (remaining) middle, to the one with a higher
    # position in the list" - the worked example A..G gives D, C, E, B, F, A, G.
    assert middle_out(list("ABCDEFG")) == list("DCEBFAG")


def test_no_game_mild_black_2026_1_6_4():
    # 1.6.4 "Players who did not play any games are considered to have a mild colour preference
    # for Black."
    t = Tournament(rounds=5, players=tuple(Player(n, rating=2000 - n) for n in (1, 2)))
    ds = _st(t, 1)
    assert ds.pref(1) is Color.BLACK and ds.pref_kind(1).value == "mild"
    assert _st(t, 1, "1997").pref(1) is Color.NONE  # 1997: no due colour without games


def test_round1_2026_odd_field():
    # 3.1 PAB: "has the lowest score", "has played the highest number of games", "has the largest
    # TPN"; 3.2.3 G1 = "the first half of the players of the bracket (according to their TPN)"
    # when nobody has played; 5.2.1 odd TPN of the higher-ranked player gets the initial colour.
    t = Tournament(rounds=5, players=tuple(Player(n, rating=2500 - 10 * n) for n in range(1, 8)),
                   initial_color=Color.WHITE)
    p = SYSTEM.pair(_st(t, 1))
    assert p.bye == 7
    assert [(x.white, x.black) for x in p.pairs] == [(1, 4), (5, 2), (3, 6)]


def test_round1_1997_halves_and_alternating_colours():
    # 1997 5.: "Die Setzliste wird in zwei gleiche Teile geteilt ... Alle ungeraden Paarungen haben
    # dann dieselbe Farbverteilung, bei den geraden Paarungen ist sie umgekehrt. Bei ungerader
    # Anzahl der Teilnehmer erhält der letzte Spieler der Liste einen kampflosen Punkt"
    t = Tournament(rounds=5, players=tuple(Player(n, rating=2500 - 10 * n) for n in range(1, 8)),
                   initial_color=Color.WHITE)
    p = SYSTEM.pair(_st(t, 1, "1997"))
    assert p.bye == 7
    assert [(x.white, x.black) for x in p.pairs] == [(1, 4), (5, 2), (3, 6)]


def _entry(kind, opp=None, col=Color.NONE):
    return RoundEntry(kind, opp, col)


def test_pab_most_games_then_largest_tpn_2026_3_1():
    # 3.1.3 "has the lowest score", 3.1.4 "has played the highest number of games",
    # 3.1.5 "has the largest TPN". Players 4 and 5 both have 0 points; 5 was absent in round 1
    # (zero-point bye, no game) so 4 has played more games and gets the PAB although 5 has the
    # larger TPN.
    W, B = Color.WHITE, Color.BLACK
    players = (
        Player(1, rating=2400, entries=(_entry(Kind.WIN, 4, W),)),
        Player(2, rating=2300, entries=(_entry(Kind.WIN, 3, B),)),
        Player(3, rating=2200, entries=(_entry(Kind.LOSS, 2, W),)),
        Player(4, rating=2100, entries=(_entry(Kind.LOSS, 1, B),)),
        Player(5, rating=2000, entries=(_entry(Kind.ZERO_BYE),)),
    )
    t = Tournament(rounds=5, players=players, initial_color=W)
    assert SYSTEM.pair(_st(t, 2)).bye == 4


def _aro_example() -> Tournament:
    """The example of 1997 6.2 ("Weiß (DWG) / Schwarz (WZ)"): after round 1, six due-white
    winners with AROs 2310, 2318, 2322, 2334, 2340, 2345 (the text's 2310.0 ... 2344.6 rounded)
    and six due-black winners rated 2380, 2365, 2300, 2280, 2260, 2250."""
    W, B = Color.WHITE, Color.BLACK
    black_due = [2380, 2365, 2300, 2280, 2260, 2250]  # winners with White in round 1
    aros = [2310, 2318, 2322, 2334, 2340, 2345]  # ratings of the opponents of the due-white winners
    white_due = [2200, 2195, 2190, 2185, 2180, 2175]  # winners with Black in round 1
    other = [1500, 1490, 1480, 1470, 1460, 1450]  # opponents of the due-black winners
    ratings = sorted(black_due + aros + white_due + other, reverse=True)
    num = {r: i + 1 for i, r in enumerate(ratings)}
    entries: dict[int, RoundEntry] = {}
    for winner, loser in zip(white_due, aros):
        entries[num[winner]] = _entry(Kind.WIN, num[loser], B)
        entries[num[loser]] = _entry(Kind.LOSS, num[winner], W)
    for winner, loser in zip(black_due, other):
        entries[num[winner]] = _entry(Kind.WIN, num[loser], W)
        entries[num[loser]] = _entry(Kind.LOSS, num[winner], B)
    players = tuple(Player(num[r], name=f"P{num[r]:02d}", rating=r, entries=(entries[num[r]],))
                    for r in ratings)
    return Tournament(rounds=7, players=players, initial_color=W), num


@pytest.mark.parametrize("edition", ["1997", "2026"])
def test_aro_example_rows(edition):
    # 1997 6.2: "Die Spieler mit fälliger Farbe Weiß werden nach aufsteigendem DWG geordnet ...
    # Die Spieler mit fälliger Farbe Schwarz werden nach absteigender WZ geordnet"; row i of the
    # white column plays row i of the black column. 2026 3.2.5: "Sort the players in G1 in order
    # of ascending ARO ... the first player of S1 is paired with the first player of T2" (T2 by
    # ascending TPN = descending rating here, no rematches in the group).
    t, num = _aro_example()
    p = SYSTEM.pair(_st(t, 2, edition))
    got = {frozenset((x.white, x.black)) for x in p.pairs}
    aros = [2310, 2318, 2322, 2334, 2340, 2345]
    white_due = [2200, 2195, 2190, 2185, 2180, 2175]
    black_due = [2380, 2365, 2300, 2280, 2260, 2250]
    for w, b in zip(white_due, black_due):
        assert frozenset((num[w], num[b])) in got
    for w, b in zip(white_due, black_due):
        pair = next(x for x in p.pairs if x.players == frozenset((num[w], num[b])))
        assert pair.white == num[w]  # both due colours granted (1997 3., 2026 5.2.2)
    assert [SYSTEM.state(t, 2, edition=edition).p(num[w]).aro for w in white_due] == aros


def test_first_legal_transposition_2026_4_4_2():
    # 4.4.2 "If, for instance, players A, B, C ... are in G2, the different Transpositions are
    # {A, B, C} {A, C, B} {B, A, C} ... in that exact order"; 3.2.5 "Choose T2, which is the first
    # such transposition of G2 players ... that can yield a legal pairing".
    t, num = _aro_example()
    ds = _st(t, 2)
    s1 = [num[r] for r in (2200, 2195)]  # AROs 2310, 2318
    g2 = [num[r] for r in (2380, 2365)]
    assert s1_t2(ds, s1, g2) == [(s1[0], g2[0]), (s1[1], g2[1])]
    # forbid the first pair: the next transposition {B, A} is taken
    t2 = replace(t, forbidden_pairs=())
    from pairchk.model import ForbiddenPair

    t2 = replace(t, forbidden_pairs=(ForbiddenPair(players=(s1[0], g2[0])),))
    ds2 = _st(t2, 2)
    assert s1_t2(ds2, s1, g2) == [(s1[0], g2[1]), (s1[1], g2[0])]


def test_violations_name_the_rule():
    # C.04.1 art. 2 (2026): no rematch
    t, num = _aro_example()
    ds = _st(t, 2)
    a = num[2200]
    b = next(e.opponent for p in t.players if p.number == a for e in p.entries)
    bad = RoundPairing(round=2, pairs=(Pair(a, b),))
    v = SYSTEM.violations(ds, bad)
    assert any(x.rule == "C.04.1 art. 2 (2026)" and set(x.players) == {a, b} for x in v)


# ----------------------------------------------------------------------------- invariants

RESULTS = ((Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN))


def _generate(rng: random.Random) -> Tournament:
    n = rng.randint(6, 15)
    ratings = sorted(rng.sample(range(1400, 2600), n), reverse=True)
    return Tournament(rounds=rng.randint(3, min(9, n - 2)), initial_color=Color.WHITE,
                      players=tuple(Player(i + 1, name=f"P{i + 1}", rating=r) for i, r in enumerate(ratings)))


def _play(t: Tournament, p: RoundPairing, rng: random.Random) -> Tournament:
    new = {}
    for x in p.pairs:
        res = rng.choice(RESULTS)
        new[x.white] = RoundEntry(res[0], x.black, Color.WHITE)
        new[x.black] = RoundEntry(res[1], x.white, Color.BLACK)
    if p.bye is not None:
        new[p.bye] = RoundEntry(Kind.PAB)
    for q in t.players:  # now and then somebody skips a round
        if q.number not in new:
            new[q.number] = RoundEntry(Kind.ZERO_BYE)
    return replace(t, players=tuple(q.replace(entries=q.entries + (new[q.number],)) for q in t.players))


def _absent(t: Tournament, rnd: int, rng: random.Random) -> Tournament:
    if rng.random() < 0.3:
        k = rng.randrange(len(t.players))
        ps = list(t.players)
        ps[k] = ps[k].replace(entries=ps[k].entries[: rnd - 1] + (RoundEntry(Kind.ZERO_BYE),))
        return replace(t, players=tuple(ps))
    return t


def _any_legal_round(ds) -> bool:
    """Brute force, independent of the engine: is there any pairing without rematches and
    absolute-colour clashes, with an eligible PAB assignee when the number is odd?"""
    players = list(ds.base.order)

    def ok(a, b):
        return not ds.base.met(a, b) and not (
            ds.must(a) is not Color.NONE and ds.must(a) is ds.must(b))

    def rec(rest):
        if not rest:
            return True
        a = rest[0]
        return any(ok(a, b) and rec([x for x in rest[1:] if x != b]) for b in rest[1:])

    if len(players) % 2:
        return any(ds.p(n).pab_eligible and rec([x for x in players if x != n]) for n in players)
    return rec(players)


def _sweep(seed: int, count: int, edition: str) -> int:
    rng = random.Random(seed)
    rounds_done = 0
    for _ in range(count):
        t = _generate(rng)
        for rnd in range(1, t.rounds + 1):
            t = _absent(t, rnd, rng)
            ds = _st(t, rnd, edition)
            try:
                p = SYSTEM.pair(ds)
            except UnpairableError:
                assert not _any_legal_round(ds), (edition, rnd)
                break
            assert SYSTEM.violations(ds, p) == [], (edition, rnd, p)
            q = SYSTEM.evaluate(ds, p)
            zero = ("C1", "C2", "C3", "C4") if edition == "2026" else (
                "R21", "R22", "R23", "R24", "R25", "COMPLETE")
            assert all(getattr(q, k) == 0 for k in zero + ("PROC", "COL")), q
            assert first_worse(q, q) is None
            paired = [n for x in p.pairs for n in (x.white, x.black)] + ([p.bye] if p.bye else [])
            assert sorted(paired) == sorted(ds.base.order)
            t = replace(t, players=tuple(
                q.replace(entries=q.entries[: rnd - 1]) for q in t.players))
            t = _play(t, p, rng)
            rounds_done += 1
    return rounds_done


@pytest.mark.parametrize("edition", ["2026", "1997"])
def test_invariants_fast_slice(edition):
    # no rematch (C.04.1 art. 2 / 1997 2.1), PAB rules (art. 4 / 2.2), colour limits
    # (art. 6-7 / 2.3-2.4), 1997 2.5, completeness, and evaluate accepting what pair produced
    assert _sweep(11, 6, edition) > 20


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["2026", "1997"])
def test_invariants_sweep(edition):
    assert _sweep(2026, 1500, edition) > 5000


def test_evaluate_names_the_worse_criterion():
    # a published round giving the PAB to the top player instead of the 3.1 choice
    t = Tournament(rounds=5, players=tuple(Player(n, rating=2500 - 10 * n) for n in range(1, 6)),
                   initial_color=Color.WHITE)
    ds = _st(t, 1)
    ref = SYSTEM.pair(ds)
    pub = RoundPairing(round=1, pairs=(Pair(2, 4), Pair(5, 3)), bye=1)
    worse = first_worse(SYSTEM.evaluate(ds, pub), SYSTEM.evaluate(ds, ref))
    assert worse is not None and worse[0] == "PAB" and worse[3] == 1
    assert SYSTEM.evaluate(ds, ref).PAB == (Decimal(0), 0, -5)


def test_bye_1997_4_lowest_rating_of_lowest_group():
    # 1997 4.: "Der Spieler der Gruppe mit den wenigsten Punkten, der die niedrigste WZ hat,
    # erhält den kampflosen Punkt." Same history as the 2026 3.1 test: there player 4 (more games)
    # gets the PAB; in 1997 the lowest-rated player of the lowest group, 5, gets the bye.
    W, B = Color.WHITE, Color.BLACK
    players = (
        Player(1, rating=2400, entries=(_entry(Kind.WIN, 4, W),)),
        Player(2, rating=2300, entries=(_entry(Kind.WIN, 3, B),)),
        Player(3, rating=2200, entries=(_entry(Kind.LOSS, 2, W),)),
        Player(4, rating=2100, entries=(_entry(Kind.LOSS, 1, B),)),
        Player(5, rating=2000, entries=(_entry(Kind.ZERO_BYE),)),
    )
    t = Tournament(rounds=5, players=players, initial_color=W)
    assert SYSTEM.pair(_st(t, 2, "1997")).bye == 5


def test_upfloat_limit_1997_2_5():
    # 1997 2.5: "Außer in der letzten Runde eines Turniers kann ein Spieler nicht zum zweiten Mal
    # in Folge ... hochgelost werden." A pairing that upfloats a player who upfloated in the
    # previous round is a violation of 2.5 (not in the last round).
    W, B = Color.WHITE, Color.BLACK
    players = (
        Player(1, rating=2400, entries=(_entry(Kind.WIN, 3, W),)),
        Player(2, rating=2300, entries=(_entry(Kind.WIN, 4, B),)),
        Player(3, rating=2200, entries=(_entry(Kind.LOSS, 1, B),)),
        Player(4, rating=2100, entries=(_entry(Kind.LOSS, 2, W),)),
    )
    # round 2: 3 (0 points) meets 1 (1 point): 3 upfloats; round 3 would upfloat 3 again
    r2 = {1: _entry(Kind.WIN, 3, B), 3: _entry(Kind.LOSS, 1, W), 2: _entry(Kind.WIN, 4, W),
          4: _entry(Kind.LOSS, 2, B)}
    players = tuple(p.replace(entries=p.entries + (r2[p.number],)) for p in players)
    t = Tournament(rounds=5, players=players, initial_color=W)
    ds = _st(t, 3, "1997")
    assert ds.p(3).float_before(1) == "U"
    bad = RoundPairing(round=3, pairs=(Pair(3, 2), Pair(4, 1)))
    assert any(v.rule == "C.04.4.1 (1997) 2.5" and v.players == (3,) for v in SYSTEM.violations(ds, bad))


def test_evaluate_against_compares_the_first_bracket_where_pairings_part():
    # 3.2: brackets are paired from the top, each with its own [C5]-[C10]; a pairing that is
    # worse on [C6] in a higher bracket is worse even if a lower bracket then needs fewer
    # upfloaters. With `against`, the record holds the first bracket in which the two part.
    t, num = _aro_example()
    ds = _st(t, 2)
    ref = SYSTEM.pair(ds)
    q = SYSTEM.evaluate(ds, ref, against=ref)
    assert q == SYSTEM.evaluate(ds, ref)  # identical pairings: the whole record
    from pairchk.system import quality_records

    # swap two black-side partners inside the top bracket: the record is that bracket alone
    p0, p1 = ref.pairs[0], ref.pairs[1]
    alt = RoundPairing(2, (Pair(p0.white, p1.black), Pair(p1.white, p0.black)) + ref.pairs[2:])
    pub_q, ref_q = quality_records(SYSTEM, ds, alt, ref)
    assert len(pub_q.C5) == 1 and len(ref_q.C5) == 1
    assert first_worse(pub_q, ref_q)[0] == "PROC"


@pytest.mark.parametrize("text", ["Dubov Swiss System", "Schweizer System nach DUBOW"])
def test_a_092_text_naming_dubov_selects_it(text):
    from pairchk.check.resolve import resolve_system

    system, _, _ = resolve_system(Tournament(system_text=text, players=(Player(1), Player(2))))
    assert system is not None and system.name == "dubov"
