"""Burstein system (C.04.4.2, 2026 text): the articles on hand-built cases, and invariants over
generated tournaments (no rematch, PAB rules, check accepts what pair produced)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pairchk.check.rounds import check_round
from pairchk.generate.individual import Settings, generate
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament
from pairchk.systems import for_code, get
from pairchk.systems.burstein.system import SYSTEM
from pairchk.systems.burstein.pair import choose_pab, pair_bracket
from pairchk.errors import PairchkError
from pairchk.systems.burstein.rules import allocate, burstein_state, higher

W, B = Color.WHITE, Color.BLACK


def test_registry_and_codes():
    assert get("burstein") is SYSTEM
    for code in ("FIDE_BURSTEIN", "fide_burstein_2026", "FIDE_BURSTEIN_2025_BAKU"):
        assert for_code(code) is SYSTEM


def _t(rounds: int, rows: dict[int, list[RoundEntry]]) -> Tournament:
    return Tournament(rounds=rounds, initial_color=W, players=tuple(
        Player(n, name=f"P{n}", rating=2500 - n, entries=tuple(e)) for n, e in sorted(rows.items())))


def test_seeding_rounds_are_dutch_1_6():
    """1.6.1 "some initial rounds, called seeding rounds, are paired following the rules of the
    FIDE (Dutch) System"; 1.6.2 "half the number of rounds ... (rounded down) or 4, whichever is
    lower": with 9 rounds, rounds 1-4 are Dutch, round 5 is not."""
    s = Settings(system="dutch", players=12, rounds=4, seed=5)
    t = generate(s)
    t9 = Tournament(rounds=9, players=t.players, initial_color=t.initial_color)
    dutch = get("dutch")
    for rnd in range(1, 5):
        st = SYSTEM.state(t9, rnd, edition="2026")
        assert st.seeding
        assert SYSTEM.pair(st) == dutch.pair(dutch.state(t9, rnd, edition="2026"))
    assert not SYSTEM.state(t9, 5, edition="2026").seeding


def test_index_1_7_and_ranking_1_8():
    """1.7.1 Buchholz "the sum of the (current) scores of the opponents the player met";
    Sonneborn-Berger "the sum of the products given by the points the player earned against each
    opponent times the (current) scores of that opponent"; 1.7.2: an unplayed round counts as a
    game against oneself; 1.8 ranking: Index (Buchholz, then Sonneborn-Berger), then TPN."""
    L = RoundEntry
    rows = {
        1: [L(Kind.WIN, 2, W), L(Kind.WIN, 3, B)],     # 2 points
        2: [L(Kind.LOSS, 1, B), L(Kind.DRAW, 4, W)],   # 0.5
        3: [L(Kind.DRAW, 4, W), L(Kind.LOSS, 1, W)],   # 0.5
        4: [L(Kind.DRAW, 3, B), L(Kind.DRAW, 2, B)],   # 1
        5: [L(Kind.PAB), L(Kind.LOSS, 6, B)],          # 1
        6: [L(Kind.ZERO_BYE), L(Kind.WIN, 5, W)],      # 1
    }
    bs = burstein_state(_t(5, rows), 3)
    h = Decimal("0.5")
    # 1 met 2 (0.5) and 3 (0.5); 2 met 1 (2) and 4 (1); 5: a game against oneself (1) and 6 (1)
    assert bs.buchholz[1] == 1 and bs.sb[1] == 1
    assert bs.buchholz[2] == 3 and bs.sb[2] == h
    assert bs.buchholz[5] == 2 and bs.sb[5] == 1  # PAB: 1 point x own score 1
    assert bs.buchholz[6] == 2 and bs.sb[6] == 1  # ZPB: against oneself, 0 points
    # players 4, 5, 6 share a score of 1: 4 has Buchholz 0.5 + 0.5 = 1, so ranks last
    assert sorted((4, 5, 6), key=bs.rank_key) == [5, 6, 4]  # 5 and 6 tie on the Index: TPN


def test_trailing_zero_point_byes_count_as_draws_1_7_2():
    """1.7.2: "if a player has a series of consecutive zero-point-byes up to the current round,
    each of the ones gathered in previous rounds, for the benefit of the player's actual
    over-the-board opponents, is considered as a draw"."""
    L = RoundEntry
    rows = {1: [L(Kind.WIN, 2, W), L(Kind.ZERO_BYE), L(Kind.DRAW, 3, W)],
            2: [L(Kind.LOSS, 1, B), L(Kind.ZERO_BYE), L(Kind.ZERO_BYE)],
            3: [L(Kind.ZERO_BYE), L(Kind.ZERO_BYE), L(Kind.DRAW, 1, B)]}
    bs = burstein_state(_t(6, rows), 4)
    # 2 has 0 points and two trailing ZPBs: worth 1 point to 1; 3 has none trailing (0.5)
    assert bs.buchholz[1] == Decimal(1) + Decimal("1.5") + Decimal("0.5")


def test_pab_3_1_lowest_score_most_games_lowest_ranking():
    """3.1: the PAB goes to the player who "3.1.3 has the lowest score 3.1.4 has played the highest
    number of games 3.1.5 occupies the lowest ranking (according to Article 1.8)"."""
    L = RoundEntry
    rows = {  # after 2 rounds: 5 players on 0 points except 1 and 2
        1: [L(Kind.WIN, 4, W), L(Kind.WIN, 2, B)],
        2: [L(Kind.WIN, 3, B), L(Kind.LOSS, 1, W)],
        3: [L(Kind.LOSS, 2, W), L(Kind.LOSS, 5, B)],   # 0 points, 2 games
        4: [L(Kind.LOSS, 1, B), L(Kind.ZERO_BYE)],     # 0 points, 1 game
        5: [L(Kind.ZERO_BYE), L(Kind.WIN, 3, W)],      # 1 point
    }
    bs = burstein_state(_t(6, rows), 3)
    assert choose_pab(bs, list(bs.base.order)) == 3  # 3 and 4 on 0: 3 played more games
    rows[4] = [L(Kind.LOSS, 1, B), L(Kind.LOSS, 5, W)]
    rows[3] = [L(Kind.LOSS, 2, W), L(Kind.LOSS, 5, B)]
    rows[5] = [L(Kind.ZERO_BYE), L(Kind.WIN, 4, B)]
    bs = burstein_state(_t(6, rows), 3)
    # 3 and 4: 0 points, 2 games; Buchholz 3: 1 + 1 = 2 (2 and 5), 4: 2 + 1 = 3 -> 3 ranks lowest
    assert bs.buchholz[3] < bs.buchholz[4]
    assert choose_pab(bs, list(bs.base.order)) == 3


def test_order_of_pairings_art_4():
    """4.3: "a pairing precedes another if its BSN #1's opponent has a larger BSN ... If BSN #1's
    opponents are the same, then compare BSN #2's opponents; and so on" - after [C8] (colour
    preferences). Round 1 all drawn: one bracket of 8 with equal Index, so BSNs follow the TPN;
    1, 3, 6, 8 want Black, 2, 4, 5, 7 want White; 1-5, 2-6, 3-7, 4-8 have met. Without colour
    misses 1 takes the largest of 2, 4, 7 (7), 2 then the largest of 3, 6, 8 (8), 3 takes 5
    (4 is the other choice, smaller), and 4-6 remains."""
    L = RoundEntry
    first = [(1, 5), (6, 2), (3, 7), (8, 4)]
    rows = {}
    for w, b in first:
        rows[w] = [L(Kind.DRAW, b, W)]
        rows[b] = [L(Kind.DRAW, w, B)]
    t = _t(2, rows)  # 2 rounds: 1 seeding round
    st = SYSTEM.state(t, 2, edition="2026")
    assert not st.seeding
    got = {p.players for p in SYSTEM.pair(st).pairs}
    assert got == {frozenset(x) for x in [(1, 7), (2, 8), (3, 5), (4, 6)]}


def test_outgoing_floaters_c5_c6():
    """[C5] "Maximise the number of pairs"; [C6] "Minimise the scores (taken in descending order)
    of the outgoing floaters": in a bracket of three (two residents on 1 point, an incoming
    floater on 0.5) one pair is the most, and the player floating on must be the one on 0.5."""
    L = RoundEntry
    # round 1 (seeding, 2 rounds of 4): 1-4 win, 2-5 win, 3-6 draw -> scores 1,1,.5,0,0,.5
    rows = {1: [L(Kind.WIN, 4, W)], 4: [L(Kind.LOSS, 1, B)], 2: [L(Kind.WIN, 5, B)],
            5: [L(Kind.LOSS, 2, W)], 3: [L(Kind.DRAW, 6, W)], 6: [L(Kind.DRAW, 3, B)]}
    bs = burstein_state(_t(3, rows), 2)
    # bracket {1, 2, 3} (3 an incoming floater at 0.5): 1-2 pair, 3 floats on ([C5], [C6])
    pairs, floats = pair_bracket(bs, [3, 1, 2], [6], [6, 4, 5])
    assert floats == [3] and {frozenset(p) for p in pairs} == {frozenset((1, 2))}


def _invariants(t: Tournament) -> None:
    met: set[frozenset] = set()
    pab: set[int] = set()
    for rnd in range(1, t.played_rounds + 1):
        st = SYSTEM.state(t, rnd, edition="2026")
        pub = SYSTEM.published(t, rnd)
        for p in pub.pairs:
            assert p.players not in met, (rnd, p)
            if t.player(p.white).entry(rnd).kind.played:  # a forfeit is no meeting (C.04.2)
                met.add(p.players)
        if pub.bye is not None:
            assert pub.bye not in pab
            pab.add(pub.bye)
        assert SYSTEM.violations(st, pub) == []
        rep = check_round(t, rnd, system=SYSTEM, edition="2026")
        assert rep.status == "ok", (rnd, rep.explanation)


@pytest.mark.parametrize("seed,players,rounds", [(1, 11, 7), (2, 14, 8), (3, 9, 6)])
def test_generated_invariants(seed, players, rounds):
    t = generate(Settings(system="burstein", players=players, rounds=rounds, seed=seed))
    assert t.played_rounds == rounds
    _invariants(t)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20, 60))
def test_generated_invariants_sweep(seed):
    t = generate(Settings(system="burstein", players=8 + seed % 17, rounds=5 + seed % 5, seed=seed,
                          draw_rate=0.4, forfeit_rate=0.03))
    _invariants(t)


def test_evaluate_names_a_burstein_criterion():
    """[C8] "Minimise the number of players who do not get their colour preference": a pairing
    with two same-preference pairs is worse on C8 (art. 2.3.4) than the reference."""
    from pairchk.pairing import Pair, RoundPairing
    from pairchk.system import first_worse

    L = RoundEntry
    first = [(1, 5), (6, 2), (3, 7), (8, 4)]
    rows = {}
    for w, b in first:
        rows[w] = [L(Kind.DRAW, b, W)]
        rows[b] = [L(Kind.DRAW, w, B)]
    t = _t(2, rows)
    st = SYSTEM.state(t, 2, edition="2026")
    ref = SYSTEM.pair(st)
    # no rematch, but 1-3 both want Black and 2-4 both want White: two colour misses (C8)
    bad = RoundPairing(2, (Pair(1, 3), Pair(4, 2), Pair(5, 8), Pair(7, 6)))
    worse = first_worse(SYSTEM.evaluate(st, bad, against=ref), SYSTEM.evaluate(st, ref, against=bad))
    assert worse is not None and worse[0] == "C8"


def test_seeding_round_records_name_dutch_criteria():
    """In a seeding round (1.6.1) the quality record is the Dutch one, its fields named ``D_...``
    and each found among the system's criteria (so an explanation can cite it)."""
    import dataclasses

    t = generate(Settings(system="burstein", players=10, rounds=6, seed=4))
    st = SYSTEM.state(t, 2, edition="2026")
    assert st.seeding
    pub, ref = SYSTEM.published(t, 2), SYSTEM.pair(st)
    rec = SYSTEM.evaluate(st, pub, against=ref)
    keys = {c.key for c in SYSTEM.criteria("2026")}
    assert all(f.name in keys for f in dataclasses.fields(rec))


def _brackets_agree(t: Tournament) -> int:
    from pairchk.systems.burstein.pair import pair_bracket_by_positions, split

    checked = 0
    for rnd in range(1, t.played_rounds + 1):
        st = SYSTEM.state(t, rnd, edition="2026")
        if st.seeding:
            continue
        bs = st.bs
        pub = SYSTEM.published(t, rnd)  # generated by pair(): the engine's own round
        remaining = sorted((n for n in bs.base.order if n != pub.bye), key=lambda n: -bs.score(n))
        floaters: list[int] = []
        while remaining:
            bracket, nxt, lower = split(bs, remaining, floaters)
            one = pair_bracket(bs, bracket, nxt, lower)
            long = pair_bracket_by_positions(bs, bracket, nxt, lower)
            assert {frozenset(p) for p in one[0]} == {frozenset(p) for p in long[0]}, (rnd, bracket)
            assert set(one[1]) == set(long[1])
            checked += 1
            floaters = one[1]
            remaining = lower + floaters
    return checked


@pytest.mark.parametrize("seed", [7, 8])
def test_one_matching_equals_position_by_position_art_4(seed):
    """The art. 4 order as the lowest weight level gives the same bracket pairings as fixing the
    order position by position on top of the [C5]-[C8] optimum."""
    t = generate(Settings(system="burstein", players=13 + seed, rounds=7, seed=seed))
    assert _brackets_agree(t) > 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 130))
def test_one_matching_equals_position_by_position_sweep(seed):
    t = generate(Settings(system="burstein", players=8 + seed % 19, rounds=5 + seed % 5, seed=seed,
                          forfeit_rate=0.03, bye_rate=0.03))
    _brackets_agree(t)


def test_colours_5_2_5_higher_ranked_by_the_1_8_ranking_not_by_score():
    """1.8: the ranking is by Index (Buchholz, then Sonneborn-Berger), then TPN, and "the
    players' scores are not used"; 5.2.5 grants the preference of the higher-ranked player in
    that ranking. Round 3 of 4 (1.6.2: two seeding rounds): 1 (2 points) beat 3 and 4, who
    have 0 points: Buchholz 0; 2 (0.5 points) lost to 5 and drew with 6 (2 and 1.5 points):
    Buchholz 3.5. Both played White then Black and both prefer White (identical histories,
    5.2.4 cannot decide): 2, the higher ranked by 1.8 though lower scored, gets White."""
    L = RoundEntry
    rows = {1: [L(Kind.WIN, 3, W), L(Kind.WIN, 4, B)], 2: [L(Kind.LOSS, 5, W), L(Kind.DRAW, 6, B)],
            3: [L(Kind.LOSS, 1, B), L(Kind.LOSS, 7, W)], 4: [L(Kind.LOSS, 7, B), L(Kind.LOSS, 1, W)],
            5: [L(Kind.WIN, 2, B), L(Kind.WIN, 8, W)], 6: [L(Kind.WIN, 8, W), L(Kind.DRAW, 2, W)],
            7: [L(Kind.WIN, 4, W), L(Kind.WIN, 3, B)], 8: [L(Kind.LOSS, 6, B), L(Kind.LOSS, 5, B)]}
    bs = burstein_state(_t(4, rows), 3)
    assert (bs.score(1), bs.score(2)) == (Decimal(2), Decimal("0.5"))
    assert (bs.buchholz[1], bs.buchholz[2]) == (Decimal(0), Decimal("3.5"))
    assert bs.pref(1) is bs.pref(2) is W
    assert higher(bs, 1, 2) == 2
    assert allocate(bs, 1, 2) == allocate(bs, 2, 1) == (2, 1)


def test_colours_5_2_1_neither_has_played_higher_ranked_by_1_8():
    """5.2.1: neither player has played: the higher-ranked player (1.8) gets the initial
    colour when their TPN is odd, the other colour when it is even. Two late entrants of round
    3 without games: 7 (two half-point byes, 1 point, Index 2) ranks above 8 (zero-point byes)
    by 1.8; 7's TPN is odd, so 7 gets the initial colour (White here, Black when it is Black)."""
    L = RoundEntry
    rows = {n: [L(Kind.DRAW, n + 1 if n % 2 else n - 1, W if n % 2 else B)] * 2
            for n in range(1, 7)}
    rows[7] = [L(Kind.HALF_BYE), L(Kind.HALF_BYE)]
    rows[8] = [L(Kind.ZERO_BYE), L(Kind.ZERO_BYE)]
    t = _t(4, rows)
    bs = burstein_state(t, 3)
    assert bs.tpn(7) % 2 == 1 and higher(bs, 7, 8) == 7
    assert allocate(bs, 8, 7) == (7, 8)
    bs = burstein_state(t.replace(initial_color=B), 3)
    assert allocate(bs, 7, 8) == (8, 7)


@pytest.mark.parametrize("declared,rnd,seeding", [(9, 4, True), (9, 5, False), (4, 2, True),
                                                  (4, 3, False), (7, 3, True), (None, 5, False)])
def test_seeding_rounds_1_6_2_from_the_declared_total(declared, rnd, seeding):
    """1.6.2: "half the number of rounds (rounded down) or 4, whichever is lower", the number of
    rounds the event declares, not the number played so far (here two)."""
    t = generate(Settings(system="dutch", players=10, rounds=2, seed=4))
    t = t.replace(rounds=declared)
    assert SYSTEM.state(t, rnd, edition="2026").seeding is seeding


def test_seeding_round_refused_when_the_total_is_not_declared():
    """1.6.2 cannot be answered for round 2 of a file with one round played and no declared
    total (a seeding round when the event has 4 rounds or more, not otherwise): refused with
    the record to add, never guessed."""
    t = generate(Settings(system="dutch", players=10, rounds=1, seed=4)).replace(rounds=None)
    with pytest.raises(PairchkError, match=r"art\. 1\.6\.2: round 2 .* at least 4 rounds.*XXR"):
        SYSTEM.state(t, 2, edition="2026")
