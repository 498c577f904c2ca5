"""Travel-partner league ("Reisepartnersystem"): each rule of the source text, quoted, and the checker."""

from __future__ import annotations


import pytest

import pairchk
from pairchk.model import Color, Kind, Lineup, Player, RoundEntry, Team, TeamMatch, Tournament
from pairchk.systems import berger
from pairchk.systems import travel_partner as tp

SIZES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 20]


def pair_of(team: int) -> int:
    return (team + 1) // 2


@pytest.mark.parametrize("n", SIZES)
def test_every_team_meets_every_other_once(n):
    """"...hier gehts um wiederholte Zusammenreisen im Rundenturnier\""""
    met = [frozenset((m.first, m.second)) for r in tp.schedule(n) for m in r.matches]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    for r in tp.schedule(n):
        playing = [x for m in r.matches for x in (m.first, m.second)]
        assert len(playing) == len(set(playing))
        assert sorted(playing + list(r.byes)) == list(range(1, n + 1))


@pytest.mark.parametrize("n", [8, 12, 16])
def test_pairs_are_round_robin_entrants_and_a_round_is_a_day_of_two_rounds(n):
    """"Die Paare werden wie Teilnehmer in einem Rundenturnier behandelt, wobei eine ausgeloste
    »Runde« einem Spieltag mit zwei Runden entspricht.\""""
    sched = [r for r in tp.schedule(n) if r.day > 0]
    P = n // 2
    for d, br in enumerate(berger.single_cycle(P), 1):
        day = [r for r in sched if r.day == d]
        assert len(day) == 2
        for p in br.pairs:
            teams_a = {2 * p.white - 1, 2 * p.white}
            teams_b = {2 * p.black - 1, 2 * p.black}
            got = {frozenset((m.first, m.second)) for r in day for m in r.matches if m.first in teams_a | teams_b}
            assert got == {frozenset((a, b)) for a in teams_a for b in teams_b}
            # each round of the day: every team of pair A meets one of pair B ("Partnertausch")
            for r in day:
                ms = [m for m in r.matches if m.first in teams_a]
                assert len(ms) == 2 and {m.second for m in ms} == teams_b


@pytest.mark.parametrize("n", [8, 12, 16, 10])
def test_first_named_pair_white_on_even_boards_then_black(n):
    """"Erst haben beide Mannschaften des zuerst genannten Paares an den geraden Brettern Weiß, dann
    bei Partnertausch (natürlich) Schwarz.\""""
    P = tp.padded_size(n) // 2
    table = berger.single_cycle(P)
    for d in range(1, P):
        first_named = {p.white for p in table[d - 1].pairs}
        day = [r for r in tp.schedule(n) if r.day == d]
        for i, r in enumerate(day[-2:]):
            for m in r.matches:
                if pair_of(m.first) == pair_of(m.second):
                    continue  # partner match on the spielfrei weekend
                assert pair_of(m.first) in first_named
                assert (pair_of(m.white_on_even) in first_named) == (i == 0)


@pytest.mark.parametrize("n", [8, 12, 16])
def test_partners_meet_first(n):
    """"Als erstes halte ich es im Sinne der sportlichen Fairneß für wichtig, daß die Reisepartner
    möglichst früh gegeneinander spielen.\""""
    r1 = tp.schedule(n)[0]
    assert {(m.first, m.second) for m in r1.matches} == {(2 * k - 1, 2 * k) for k in range(1, n // 2 + 1)}


@pytest.mark.parametrize("n", [8, 12, 16])
def test_partners_may_meet_in_an_extra_round_of_their_home_weekend(n):
    """"Allerdings ist es auch einzusehen, wenn die Mannschaften erst bei ihrem Heimspiel die
    Extrarunde spielen, um drei Wettkämpfe in einem Abwasch zu erledigen.\""""
    sched = tp.schedule(n, partners="home")
    for k in range(1, n // 2 + 1):
        r = next(r for r in sched for m in r.matches if (m.first, m.second) == (2 * k - 1, 2 * k))
        day = [x for x in sched if x.day == r.day]
        games = sum(1 for x in day for m in x.matches if 2 * k in (m.first, m.second))
        assert games == 3  # three matches in one go
        hosts = {m.host for x in day[-2:] for m in x.matches if pair_of(m.first) == k}
        assert hosts and all(pair_of(h) == k for h in hosts)  # it is the pair's home weekend
        assert next(m.host for m in r.matches if m.first == 2 * k - 1) in hosts


@pytest.mark.parametrize("n,size", [(4, 4), (5, 8), (6, 8), (7, 8), (8, 8), (9, 12), (10, 12), (11, 12)])
def test_padding_to_a_multiple_of_four(n, size):
    """"Ich kann daher erstmal nur durch vier teilbare Anzahlen empfehlen, notfalls mit dreimal
    Spielfrei.\""""
    assert tp.padded_size(n) == size
    assert size - n <= 3


@pytest.mark.parametrize("n", [5, 6, 9, 10])
def test_two_spielfrei_are_partners_and_their_opponents_meet_their_partners(n):
    """"Zweimal Spielfrei gelten dann als Reisepartner. Damit können die Reisepartner auch an dem
    Spielwochenende untereinander spielen, da beide spielfrei haben (unter Beachtung des obigen
    Absatzes).\""""
    size = tp.padded_size(n)
    P = size // 2
    assert size - 1 > n  # entrants size-1 and size, both spielfrei, form pair P
    sched = tp.schedule(n)
    assert len(sched) == size - 2  # no extra round needed
    table = berger.single_cycle(P)
    for d, br in enumerate(table, 1):
        k = next(iter(next(p for p in br.pairs if P in p.players).players - {P}))
        day = [r for r in sched if r.day == d]
        partner = [m for m in day[0].matches if (m.first, m.second) == (2 * k - 1, 2 * k)]
        assert partner or 2 * k > n  # the pair facing the spielfrei pair plays its partner match


@pytest.mark.parametrize("n", [8, 12, 16])
def test_home_right_with_the_first_named_pair(n):
    """"Einer des erstgenannten Paares macht schonmal Sinn.\""""
    for r in tp.schedule(n):
        for m in r.matches:
            if r.day > 0 and pair_of(m.first) != pair_of(m.second):
                assert pair_of(m.host) == pair_of(m.first)


@pytest.mark.parametrize("n", [8, 12, 16, 20])
def test_highest_number_hosts_on_days_even_but_not_divisible_by_four(n):
    """"Die Mannschaft mit der höchsten Startnummer überhaupt (ggf. spielfrei) hat an den Spieltagen
    Heimrecht, die gerade, aber nicht durch vier teilbar sind.\""""
    days = {r.day for r in tp.schedule(n) for m in r.matches if m.host == n and r.day > 0}
    assert days == {d for d in range(1, n // 2) if d % 2 == 0 and d % 4 != 0}


@pytest.mark.parametrize("n", [8, 12, 16])
def test_single_rounds_hosted_by_odd_numbers(n):
    """"Daraus ergibt sich auch, daß in den Einzelrunden die Mannschaften mit ungeraden Startnummern
    Heimspiel haben.\""""
    r1 = tp.schedule(n)[0]
    assert all(m.host % 2 == 1 and m.host == m.first for m in r1.matches)


@pytest.mark.parametrize("n", [8, 12, 16, 20])
def test_partners_take_turns_hosting(n):
    """"...hat in einer Runde in einem Quartett mal der mit der kleineren (ungeraden) Startnummer
    Heimspiel, mal der mit der größeren..." — our reading: a pair's home weekends alternate between
    the partners, the even one first (the reading that makes the sentence about the highest number
    true); see the module docstring."""
    sched = tp.schedule(n)
    for k in range(1, n // 2 + 1):
        hosts = []
        for r in sched:
            if r.day == 0:
                continue
            hs = {m.host for m in r.matches if pair_of(m.first) == k and pair_of(m.second) != k}
            if hs and (not hosts or hosts[-1][0] != r.day):
                hosts.append((r.day, hs.pop()))
        seq = [h for _, h in hosts]
        assert seq == [2 * k if i % 2 == 0 else 2 * k - 1 for i in range(len(seq))]


# ---------------------------------------------------------------------------- the checker

BOARDS = 4


def league(n: int, sched=None) -> Tournament:
    """A team file following ``sched``: 4 boards, player (team-1)*4+b on board b."""
    sched = sched or tp.schedule(n)
    rounds = len(sched)
    entries = {p: [RoundEntry(Kind.NOT_PAIRED)] * rounds for p in range(1, n * BOARDS + 1)}
    lineups, matches = [], []
    for r in sched:
        for m in r.matches:
            matches.append(TeamMatch(r.round, m.first, m.second))
            for team, opp in ((m.first, m.second), (m.second, m.first)):
                lineups.append(Lineup(r.round, team, tuple((team - 1) * BOARDS + b for b in range(1, BOARDS + 1)), opp))
            for b in range(1, BOARDS + 1):
                x, y = (m.first - 1) * BOARDS + b, (m.second - 1) * BOARDS + b
                white_team = m.white_on_even if b % 2 == 0 else (m.second if m.white_on_even == m.first else m.first)
                cx = Color.WHITE if white_team == m.first else Color.BLACK
                entries[x][r.round - 1] = RoundEntry(Kind.DRAW, y, cx)
                entries[y][r.round - 1] = RoundEntry(Kind.DRAW, x, cx.opposite)
    teams = tuple(Team(k, f"Team {k}", tuple((k - 1) * BOARDS + b for b in range(1, BOARDS + 1))) for k in range(1, n + 1))
    players = tuple(Player(p, team=(p - 1) // BOARDS + 1, entries=tuple(e)) for p, e in entries.items())
    return Tournament(teams=teams, lineups=tuple(lineups), team_matches=tuple(matches), players=players)


@pytest.mark.parametrize("n,mode", [(8, "first"), (8, "home"), (10, "first"), (7, "first")])
def test_clean_league_checks_ok_and_says_where_partners_meet(n, mode):
    rep = pairchk.check(league(n, tp.schedule(n, partners=mode)), system="travel-partner", path="x")
    assert [r.status for r in rep.rounds] == ["ok"] * len(tp.schedule(n, partners=mode))
    if n % 4 == 0:
        assert ("extra round before" in rep.notes[-1]) == (mode == "first")


def test_board_colours_reversed_in_one_match_flagged_in_that_round_only():
    sched = tp.schedule(8)
    r3 = sched[2]
    m = r3.matches[0]
    flipped = tp.TeamPairing(m.first, m.second, m.first if m.white_on_even == m.second else m.second, m.host)
    altered = list(sched)
    altered[2] = tp.TeamRound(3, r3.day, (flipped,) + r3.matches[1:], r3.byes)
    rep = pairchk.check(league(8, altered), system="travel-partner", path="x")
    assert [r.round for r in rep.rounds if r.status != "ok"] == [3]
    assert rep.rounds[2].differences == [
        f"colour of {m.first}–{m.second} reversed: {m.white_on_even} has White on the even boards "
        "in the schedule"
    ]
    assert "Partnertausch" in rep.rounds[2].explanation


def test_matches_swapped_between_rounds_of_a_day_flagged_in_both_rounds():
    sched = tp.schedule(8)
    altered = list(sched)
    altered[1], altered[2] = (
        tp.TeamRound(2, 1, sched[2].matches, ()),
        tp.TeamRound(3, 1, sched[1].matches, ()),
    )
    rep = pairchk.check(league(8, altered), system="travel-partner", path="x")
    assert [r.round for r in rep.rounds if r.status != "ok"] == [2, 3]
    assert rep.rounds[1].differences[0].endswith("is not in the schedule: 1 plays 7, 8 plays 2")


def test_file_without_teams_is_reported():
    rep = pairchk.check(Tournament(players=(Player(1), Player(2))), system="travel-partner", path="x")
    assert rep.notes == ["no teams in the file: a travel-partner league is a team event"]
    assert rep.rounds == []
