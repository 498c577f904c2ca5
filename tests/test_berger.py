"""Berger round robin (FIDE C.05 Annex 1 and the source text's "Rundensystem")."""

from __future__ import annotations

import itertools

import pytest

import pairchk
from pairchk import formats
from pairchk.model import Tournament
from pairchk.pairing import RoundPairing
from pairchk.systems import berger

from schedules import played
from shared_paths import FIX

# The FIDE Berger tables (C.05 Annex 1, as reproduced on the Berger-tables page linked from the
# FIDE rules), written "white-black", boards in the published order. n players and n-1 use the
# same table; for n-1 the highest number is the bye.
FIDE = {
    4: "1-4 2-3 / 4-3 1-2 / 2-4 3-1",
    6: "1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1",
    8: "1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 / "
    "3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1",
    10: "1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 / "
    "10-7 8-6 9-5 1-4 2-3 / 3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 / "
    "4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / 5-10 6-4 7-3 8-2 9-1",
    12: "1-12 2-11 3-10 4-9 5-8 6-7 / 12-7 8-6 9-5 10-4 11-3 1-2 / 2-12 3-1 4-11 5-10 6-9 7-8 / "
    "12-8 9-7 10-6 11-5 1-4 2-3 / 3-12 4-2 5-1 6-11 7-10 8-9 / 12-9 10-8 11-7 1-6 2-5 3-4 / "
    "4-12 5-3 6-2 7-1 8-11 9-10 / 12-10 11-9 1-8 2-7 3-6 4-5 / 5-12 6-4 7-3 8-2 9-1 10-11 / "
    "12-11 1-10 2-9 3-8 4-7 5-6 / 6-12 7-5 8-4 9-3 10-2 11-1",
}
# The first rounds of the 14-player table (the page lists all 13; six are enough here).
FIDE_14_HEAD = (
    "1-14 2-13 3-12 4-11 5-10 6-9 7-8 / 14-8 9-7 10-6 11-5 12-4 13-3 1-2 / "
    "2-14 3-1 4-13 5-12 6-11 7-10 8-9 / 14-9 10-8 11-7 12-6 13-5 1-4 2-3 / "
    "3-14 4-2 5-1 6-13 7-12 8-11 9-10 / 14-10 11-9 12-8 13-7 1-6 2-5 3-4"
)
# The source text's 10-player table (step 4 of its construction; the left number has White,
# "(10)" right of the first number in odd rounds and left of it in even rounds).
SOURCE_10 = """1 (10) | 2 9 3 8 4 7 5 6
(10) 6 | 7 5 8 4 9 3 1 2
2 (10) | 3 1 4 9 5 8 6 7
(10) 7 | 8 6 9 5 1 4 2 3
3 (10) | 4 2 5 1 6 9 7 8
(10) 8 | 9 7 1 6 2 5 3 4
4 (10) | 5 3 6 2 7 1 8 9
(10) 9 | 1 8 2 7 3 6 4 5
5 (10) | 6 4 7 3 8 2 9 1"""


def rows(text: str) -> list[list[tuple[int, int]]]:
    return [
        [tuple(int(x) for x in g.split("-")) for g in r.split()] for r in text.split(" / ")
    ]


def games(r: RoundPairing) -> list[tuple[int, int]]:
    return [(p.white, p.black) for p in r.pairs]


@pytest.mark.parametrize("m", sorted(FIDE))
def test_even_tables_equal_the_fide_tables(m):
    assert [games(r) for r in berger.schedule(m)] == rows(FIDE[m])


@pytest.mark.parametrize("m", sorted(FIDE))
def test_odd_tables_are_the_next_even_table_with_the_highest_number_as_bye(m):
    # C.05 Annex 1: "If there is an odd number of players, the highest number counts as a bye."
    sched = berger.schedule(m - 1)
    for r, fide in zip(sched, rows(FIDE[m])):
        bye = next(a if b == m else b for a, b in fide if m in (a, b))
        assert r.bye == bye
        assert games(r) == [g for g in fide if m not in g]


def test_fourteen_player_table_head_equals_fide():
    assert [games(r) for r in berger.schedule(14)[:6]] == rows(FIDE_14_HEAD)


def test_source_ten_player_table():
    table = []
    for line in SOURCE_10.splitlines():
        left, right = line.split("|")
        first = left.split()
        nums = right.split()
        first_pair = (10, int(first[1])) if first[0] == "(10)" else (int(first[0]), 10)
        table.append([first_pair] + [(int(nums[i]), int(nums[i + 1])) for i in range(0, len(nums), 2)])
    assert [games(r) for r in berger.schedule(10)] == table


@pytest.mark.parametrize("n", range(3, 17))
def test_formula_colour_rule_and_round_robin_properties(n):
    m = n + n % 2
    sched = berger.schedule(n)
    assert len(sched) == m - 1  # source: RAZ = TAZ if odd, else TAZ - 1
    met = set()
    colours = {p: [] for p in range(1, n + 1)}
    for r in sched:
        seen = [x for p in r.pairs for x in (p.white, p.black)] + ([r.bye] if r.bye else [])
        assert sorted(seen) == list(range(1, n + 1))
        for p in r.pairs:
            i, j = p.white, p.black
            # C.05 Annex 1 formula for the opponent
            if m not in (i, j):
                assert ((r.round - i) % (m - 1)) + 1 == j
                # "sum odd → smaller number White, else the larger"
                assert p.white == (min(i, j) if (i + j) % 2 else max(i, j))
            else:
                # the last player is Black in odd rounds, White in even rounds
                assert (p.white == m) == (r.round % 2 == 0)
            met.add(p.players)
            colours[i].append("W")
            colours[j].append("B")
    assert len(met) == n * (n - 1) // 2  # everyone meets everyone once
    for p, c in colours.items():
        assert abs(c.count("W") - c.count("B")) <= 1
    if n % 2 == 0:
        # In a single cycle the only repeated colours are the ones the table has: nobody has a
        # colour three times in a row.
        for c in colours.values():
            assert not any(c[k] == c[k + 1] == c[k + 2] for k in range(len(c) - 2))


def _streaks(sched, n):
    colours = {p: [] for p in range(1, n + 1)}
    for r in sched:
        for p in r.pairs:
            colours[p.white].append("W")
            colours[p.black].append("B")
    return {
        p: c for p, c in colours.items() if any(c[k] == c[k + 1] == c[k + 2] for k in range(len(c) - 2))
    }


@pytest.mark.parametrize("n", range(4, 17, 2))
def test_double_round_robin_as_fide_recommends(n):
    single = berger.schedule(n)
    double = berger.schedule(n, double=True)
    k = n - 1
    assert len(double) == 2 * k
    # first cycle: the table with its last two rounds swapped
    assert [games(r) for r in double[: k - 2]] == [games(r) for r in single[: k - 2]]
    assert games(double[k - 2]) == games(single[k - 1])
    assert games(double[k - 1]) == games(single[k - 2])
    # second cycle: the table in its own order, colours reversed
    for r2, r1 in zip(double[k:], single):
        assert games(r2) == [(b, w) for w, b in games(r1)]
    # ... so that nobody has the same colour three times in a row
    assert _streaks(double, n) == {}
    # whereas the plain variant gives players 1 and n/2+1 three in a row (Vega manual App. C)
    assert set(_streaks(berger.schedule(n, double=True, swap_last=False), n)) >= {1, n // 2 + 1}


def load(name: str) -> Tournament:
    return formats.load_path(str(FIX / name)).tournament


@pytest.mark.parametrize("name", ["berger_10.trf", "berger_7.trf", "berger_6_double.trf"])
def test_clean_trf_files_check_ok_in_every_round(name):
    t = load(name)
    rep = pairchk.check(t, system="berger", path=name)
    assert len(rep.rounds) == t.played_rounds and t.played_rounds > 0
    assert [r.status for r in rep.rounds] == ["ok"] * t.played_rounds


def test_double_file_says_which_variant_it_follows():
    rep = pairchk.check(load("berger_6_double.trf"), system="berger", path="x")
    assert any("FIDE-recommended variant" in n for n in rep.notes)
    plain = played(berger.schedule(6, double=True, swap_last=False), 6)
    rep = pairchk.check(plain, system="berger", path="x")
    assert rep.ok and any("plain variant" in n for n in rep.notes)


def test_colour_flipped_in_one_round_is_flagged_in_that_round_only():
    rep = pairchk.check(load("berger_10_colour_flipped_r4.trf"), system="berger", path="x")
    assert [r.round for r in rep.rounds if r.status != "ok"] == [4]
    r4 = rep.rounds[3]
    assert r4.status == "deviation"
    assert r4.differences == ["colour of 6–8 reversed: 8 has White in the schedule"]
    assert r4.explanation == "Berger colour rule (C.05 Annex 1): sum 14 even → larger number White"


def test_two_games_swapped_in_one_round_are_flagged_in_that_round_only():
    rep = pairchk.check(load("berger_10_swapped_r6.trf"), system="berger", path="x")
    assert [r.round for r in rep.rounds if r.status != "ok"] == [6]
    r6 = rep.rounds[5]
    assert r6.status == "violation"  # 1-5 and 2-6 meet twice in the cycle
    assert r6.differences == [
        "1–5 is not in the schedule: 1 plays 6, 5 plays 2",
        "2–6 is not in the schedule: 2 plays 5, 6 plays 1",
    ]
    assert r6.violations == [
        "1–5 also meet in round 5: each pair meets once per cycle (C.05 Annex 1)",
        "2–6 also meet in round 7: each pair meets once per cycle (C.05 Annex 1)",
    ]
    assert "((R − i) mod 9) + 1" in r6.explanation


def test_colour_of_last_player_explained():
    sched = berger.schedule(8)
    # flip 8-5 in round 2 (8 White in even rounds)
    r2 = sched[1]
    flipped = list(sched)
    flipped[1] = RoundPairing(2, tuple(type(p)(p.black, p.white) if 8 in p.players else p for p in r2.pairs))
    rep = pairchk.check(played(flipped, 8), system="berger", path="x")
    assert [r.round for r in rep.rounds if r.status != "ok"] == [2]
    assert "the last player 8 is White against numbers above 4" in rep.rounds[1].explanation


def test_drawn_numbers_other_than_start_numbers_are_found():
    # the file's start numbers are a permutation of the Berger numbers
    perm = {1: 5, 2: 3, 3: 8, 4: 1, 5: 7, 6: 2, 7: 6, 8: 4}  # Berger number -> start number
    sched = [
        RoundPairing(r.round, tuple(type(p)(perm[p.white], perm[p.black]) for p in r.pairs))
        for r in berger.schedule(8)
    ]
    rep = pairchk.check(played(sched, 8), system="berger", path="x")
    assert rep.ok
    note = next(n for n in rep.notes if "not the Berger numbers" in n)
    inverse = ", ".join(f"{s}→{b}" for s, b in sorted((s, b) for b, s in perm.items()))
    assert note.endswith(f"(start number → Berger number) {inverse}; rounds are reported in Berger numbers")


def test_no_numbering_makes_a_non_berger_schedule_one():
    # A round robin that is not a Berger table under any numbering: take the 10-player table and
    # exchange a 4-cycle of games between two rounds (a-b, c-d in one round, a-d, b-c in the
    # other). Everyone still meets everyone once.
    table = [list(r.pairs) for r in berger.schedule(10)]
    done = False
    for r1, r2 in itertools.combinations(range(9), 2):
        for p, q in itertools.combinations(table[r1], 2):
            a, b = p.white, p.black
            c, d = q.white, q.black
            for x, y in (((a, d), (b, c)), ((a, c), (b, d))):
                keys = {p2.players: p2 for p2 in table[r2]}
                if frozenset(x) in keys and frozenset(y) in keys:
                    px, py = keys[frozenset(x)], keys[frozenset(y)]
                    table[r1] = [g for g in table[r1] if g not in (p, q)] + [px, py]
                    table[r2] = [g for g in table[r2] if g not in (px, py)] + [p, q]
                    done = True
                    break
            if done:
                break
        if done:
            break
    assert done
    sched = [RoundPairing(i, tuple(r)) for i, r in enumerate(table, 1)]
    rep = pairchk.check(played(sched, 10), system="berger", path="x")
    assert [r.status for r in rep.rounds].count("ok") == 7
    assert not any("not the Berger numbers" in n for n in rep.notes)
    assert any(n.startswith("no numbering of the players makes every round a Berger round") for n in rep.notes)


def test_renumbering_search_agrees_with_brute_force_for_six_players():
    table = berger.schedule(6)
    for perm in list(itertools.permutations(range(1, 7)))[::37]:
        m = dict(zip(range(1, 7), perm))
        sched = [RoundPairing(r.round, tuple(type(p)(m[p.white], m[p.black]) for p in r.pairs)) for r in table]
        rep = pairchk.check(played(sched, 6), system="berger", path="x")
        assert [r.status for r in rep.rounds] == ["ok"] * 5, perm


def test_too_few_players_refused():
    with pytest.raises(ValueError, match="at least 2 players, got 1"):
        berger.schedule(1)


def test_odd_double_round_robin_checks_ok():
    sched = berger.schedule(5, double=True)
    assert len(sched) == 10 and all(r.bye for r in sched)
    rep = pairchk.check(played(sched, 5), system="berger", path="x")
    assert [r.status for r in rep.rounds] == ["ok"] * 10


def test_event_in_progress_checks_the_rounds_played():
    sched = berger.schedule(10)[:4]
    t = played(sched, 10).replace(rounds=9)
    rep = pairchk.check(t, system="berger", path="x")
    assert [r.status for r in rep.rounds] == ["ok"] * 4
    assert rep.notes == []
