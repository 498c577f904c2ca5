"""Lim system (C.04.4.3, 2026 text): the worked examples of the text, a hand-worked case for each
article, and invariants over generated tournaments.

Sources. The stored FIDE handbook page (handbook.fide.com/chapter/C040403202602, the search
tool's "pages" corpus) gives articles 1.1-2.3.3 verbatim; they are quoted as such. The rest of
the text (the exchange tables of 4.2/4.3, 4.4, 2.6, Articles 3, 5, 6, 7) was read through
secondary sources that cite it article by article (public research notes and test fixtures of
independent implementations); those tests say "the text's example" or give the rule in our words
and name the article, never a quotation we could not check.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import replace

import pytest

from pairchk.check.resolve import resolve_system
from pairchk.check.rounds import check_round
from pairchk.generate.individual import Settings, generate
from pairchk.model import Color, ForbiddenPair, Kind, Player, RoundEntry, Tournament
from pairchk.pairing import Pair, RoundPairing
from pairchk.system import UnpairableError, first_worse
from pairchk.systems import for_code, get
from pairchk.systems.lim.system import SYSTEM, walk
from pairchk.systems.lim.pair import (
    Made,
    _pair_median,
    exchange_order,
    groups_above,
    groups_below,
    pab,
    pair_group,
    pair_round,
    run_round,
)
from pairchk.systems.lim.rules import Direction, LimState, allocate, lim_state

W, B = Color.WHITE, Color.BLACK
DOWN, UP = Direction.DOWN, Direction.UP


# ----------------------------------------------------------------------------- helpers

def _field(n: int, rounds: int = 9, **kw) -> Tournament:
    return Tournament(rounds=rounds, initial_color=W, players=tuple(
        Player(i, name=f"P{i}", rating=2500 - 10 * i) for i in range(1, n + 1)), **kw)


def _group_state(n: int, met: dict[int, tuple[int, ...]] | None = None, extra: int = 0,
                 colours: dict[int, str] | None = None, floated: tuple[int, ...] = (),
                 ratings: dict[int, int] | None = None, maxi: bool = False) -> LimState:
    """Players 1..n+extra (same score) with the given meetings, colour histories ("WB" =
    White then Black), previous-round floats and ratings, for scoregroup-level cases."""
    met, colours, ratings = met or {}, colours or {}, ratings or {}
    ls = lim_state(_field(n + extra), 2)
    base = ls.base
    players = dict(base.players)
    for k, ps in players.items():
        cols = tuple(W if c == "W" else B for c in colours.get(k, ""))
        players[k] = dataclasses.replace(
            ps, colors=cols, floats=("D",) if k in floated else (None,),
            rating=ratings.get(k, ps.rating))
    pairs_met = {frozenset((a, b)) for a, bs in met.items() for b in bs}
    base = dataclasses.replace(base, players=players)
    ls = dataclasses.replace(ls, base=base, maxi=maxi, floated=frozenset(floated))
    from pairchk.systems.lim.rules import pair_allowed

    partners = {a: frozenset(b for b in players if b != a and frozenset((a, b)) not in pairs_met
                             and pair_allowed(players[a].colors, players[b].colors))
                for a in players}
    return dataclasses.replace(ls, partners=partners)


def _show(pairs) -> str:
    return " ".join(sorted(f"{min(p)}-{max(p)}" for p in pairs))


# ----------------------------------------------------------------------------- registry

def test_registry_codes_and_text():
    assert get("lim") is SYSTEM
    for code in ("FIDE_LIM", "fide_lim_baku", "FIDE_LIM_2026"):
        assert for_code(code) is SYSTEM
    # ETT26 has no Lim code: a TRF16 092 / free text naming Lim selects it
    t = Tournament(system_text="Lim System")
    system, where, why = resolve_system(t)
    assert system is SYSTEM and "Lim System" in where and why == ""
    assert SYSTEM.select_edition(t)[1].startswith("the Lim text of 2026; not a Maxi-tournament")


# ----------------------------------------------------------------------------- Article 1, 7

def test_pab_1_1_lowest_rank_in_lowest_scoregroup():
    """1.1 (verbatim): "In addition of what is stated in Article 3 of the Basic Rules for Swiss
    Systems, the pairing-allocated bye is awarded to the player with the lowest rank in the lowest
    scoregroup." Round 2 of five after 1-4 (1 won), 2-3 drawn and the PAB to 5: the lowest
    scoregroup is {4} (0 points): 4 gets it. With 4's round 1 a full-point bye and 1's a
    zero-point bye instead, the lowest scoregroup is {1}: 1 (who may still have a PAB, Basic
    Rule 4) gets it, though it is the highest ranked."""
    L = RoundEntry
    rows = {1: [L(Kind.WIN, 4, W)], 2: [L(Kind.DRAW, 3, B)], 3: [L(Kind.DRAW, 2, W)],
            4: [L(Kind.LOSS, 1, B)], 5: [L(Kind.PAB)]}
    t = Tournament(rounds=5, initial_color=W, players=tuple(
        Player(n, rating=2500 - 10 * n, entries=tuple(rows[n])) for n in range(1, 6)))
    assert pab(lim_state(t, 2)) == 4
    rows[4] = [L(Kind.FULL_BYE)]
    rows[1] = [L(Kind.ZERO_BYE)]
    t = Tournament(rounds=5, initial_color=W, players=tuple(
        Player(n, rating=2500 - 10 * n, entries=tuple(rows[n])) for n in range(1, 6)))
    assert pab(lim_state(t, 2)) == 1


def test_round_one_7_1_bye_to_the_lowest_rated_7_2_top_half_against_bottom_half():
    """7.1: in round 1 the bye goes to the lowest rated player (not the lowest ranked: here 11 is
    rated lowest though numbered 11 of 39). 7.2 (the text's forty-player example): 1 v 21,
    22 v 2, 3 v 23, 24 v 4, ..., 40 v 20 when #1 draws White; the mirror when #1 draws Black."""
    t = _field(40)
    for lot, first in ((W, ["1-21", "22-2", "3-23", "24-4"]),
                       (B, ["21-1", "2-22", "23-3", "4-24"])):
        p = pair_round(lim_state(replace(t, initial_color=lot), 1))
        games = [f"{x.white}-{x.black}" for x in p.pairs]
        assert games[:4] == first and p.bye is None
        assert games[-1] == ("40-20" if lot is W else "20-40")
    players = list(_field(39).players)
    players[10] = players[10].replace(rating=1000)
    p = pair_round(lim_state(replace(_field(39), players=tuple(players)), 1))
    assert p.bye == 11
    players[10] = players[10].replace(rating=None)
    players[30] = players[30].replace(rating=None)
    # unrated counts as the lowest rating; of two unrated the lower ranked (31)
    assert pair_round(lim_state(replace(_field(39), players=tuple(players)), 1)).bye == 31


# ----------------------------------------------------------------------------- Article 2

def test_compatibility_2_1_and_last_round_article_6():
    """2.1 (verbatim): "Two players who have not yet played each other are said to be compatible
    provided that the pairing will not require either player to have the same colour in three
    successive rounds, or to have three more of one colour than the other." Article 6: in the
    last round the colour limits give way to pairing players of the same score."""
    ls = _group_state(4, colours={1: "BWW", 2: "WBWW", 3: "WW", 4: "BB"})
    assert not ls.compatible(1, 2)  # both must have Black: one would get White a third time
    assert ls.compatible(1, 4) and ls.compatible(3, 4)
    L = RoundEntry
    rows = {1: [L(Kind.WIN, 3, W), L(Kind.WIN, 4, W)], 2: [L(Kind.WIN, 4, W), L(Kind.WIN, 3, W)],
            3: [L(Kind.LOSS, 1, B), L(Kind.LOSS, 2, B)],
            4: [L(Kind.LOSS, 2, B), L(Kind.LOSS, 1, B)]}
    for rounds, expected in ((5, False), (3, True)):
        t = Tournament(rounds=rounds, initial_color=W, players=tuple(
            Player(n, rating=2500 - n, entries=tuple(rows[n])) for n in range(1, 5)))
        assert lim_state(t, 3).relaxed().compatible(1, 2) is expected
        assert not lim_state(t, 3).compatible(1, 2)
    with pytest.raises(UnpairableError):  # round 3 of 5: 1-2 and 3-4 both break 2.1
        SYSTEM.pair(SYSTEM.state(replace(t, rounds=5), 3, edition="2026"))
    last = SYSTEM.pair(SYSTEM.state(t, 3, edition="2026"))  # round 3 of 3: Article 6
    assert sorted(x.players for x in last.pairs) == [frozenset((1, 2)), frozenset((3, 4))]


def test_last_round_article_6_limits_give_way_only_where_same_score_pairing_needs_it():
    """L10. Article 6 (the text, in our words): in the last round pairing players of the same
    score takes priority over the colour rules, even at the cost of a colour three times
    running or three more of one colour - priority where the two conflict, not the colour
    limits dropped. Last round, scoregroup {1, 2, 3} paired downward, next scoregroup {4, 5}:
    1 and 2 had White twice and have met 4 and 5, 3 had Black twice. One pairing either way, so
    the limits cost nothing here and are kept: 3, the only one with an opponent next door
    (3.9), is the even-maker, 1 and 2 cannot meet, so 1, on whom scrutiny fails, changes place
    with 3 (4.4.1) and 2-3 meet (with the limits dropped wholesale 3 floats and 1-2 meet, one
    of them getting White a third time). With 3 on White twice too, the limits would cost the
    group its pairing: there they give way, 3 floats and 1-2 meet."""
    met = {1: (4, 5), 2: (4, 5)}
    ls = _group_state(3, extra=2, met=met, colours={1: "WW", 2: "WW", 3: "BB"})
    last = dataclasses.replace(ls, loose={a: frozenset(b for b in range(1, 6) if b != a and
                                                       b not in met.get(a, ()) and
                                                       a not in met.get(b, ()))
                                          for a in range(1, 6)})
    res = pair_group(last, [1, 2, 3], [], DOWN, [4, 5])
    assert res.floaters == (1,) and _show(res.pairs) == "2-3"
    wholesale = pair_group(last.relaxed(), [1, 2, 3], [], DOWN, [4, 5])
    assert wholesale.floaters == (3,) and _show(wholesale.pairs) == "1-2"
    ls = _group_state(3, extra=2, met=met, colours={1: "WW", 2: "WW", 3: "WW"})
    last = dataclasses.replace(ls, loose=last.loose)
    assert pair_group(ls, [1, 2, 3], [], DOWN, [4, 5]).pairs == ()
    res = pair_group(last, [1, 2, 3], [], DOWN, [4, 5])
    assert res.floaters == (3,) and _show(res.pairs) == "1-2"


def test_order_2_2_median_last():
    """2.2 (verbatim): "The Median Scoregroup is the scoregroup with players having the score
    equal to half the number of rounds that have been played. Pairing begins with the highest
    scoregroup and proceeds downward until just before the Median Scoregroup, then continues with
    the lowest scoregroup and proceeds upwards to the Median Scoregroup which is paired last.
    The Median-Scoregroup is paired downward." After 8 rounds: 8..5 downward, 0..3 upward, 4
    last."""
    ls = lim_state(_field(18), 9)
    scores = {n: i // 2 for i, n in enumerate(range(1, 19))}
    players = dict(ls.base.players)
    for n, s in scores.items():
        players[n] = dataclasses.replace(players[n], pairing_score=s)
    ls = dataclasses.replace(ls, base=dataclasses.replace(ls.base, players=players))
    assert ls.median == 4
    order = list(ls.base.order)
    assert groups_above(ls, order) == [8, 7, 6, 5]
    assert groups_below(ls, order) == [0, 1, 2, 3]


def test_floaters_2_3_players_without_suitable_opponents():
    """2.3.1 (verbatim): players who "have already played all the players of their scoregroup"
    are transferred to a neighbouring scoregroup; 2.3.4 (the 1999 text's 2.3 d, verbatim): "it is
    necessary to make even the number of players in the score-group". Five players, #2 has met
    all the others: #2 floats, and no second player (the number is then even)."""
    ls = _group_state(5, met={2: (1, 3, 4, 5)}, extra=2)
    res = pair_group(ls, [1, 2, 3, 4, 5], [], DOWN, [6, 7])
    assert res.floaters == (2,) and _show(res.pairs) == "1-4 3-5"


def test_cracking_2_6_lower_side_when_more_floaters_came_from_above():
    """2.6 (the text, in our words): when the Median Scoregroup cannot be paired, the next pairing
    of the neighbouring scoregroup is broken up: of the lower one when more floaters came from
    above than from below, else of the higher one. Median {4} with downfloater 3 (3-4 met);
    above made 1-2, below made 5-6: one floater from above, none from below: 5-6 is cracked and
    5, 6 join the median as upfloaters: 3 takes the first available player due the other colour
    (3.6): 6; then 4-5."""
    ls = _group_state(6, met={4: (1, 2, 3)}, colours={1: "WB", 2: "BW", 3: "WB", 4: "BW",
                                                      5: "WB", 6: "BW"})
    above, below = [Made((1, 2), True)], [Made((5, 6), False)]
    made, cracked = _pair_median(ls, [4], [3], [], above, below)
    assert cracked == 1 and below == [] and above == [Made((1, 2), True)]
    assert _show(m.pair for m in made) == "3-6 4-5"
    # one floater from each side (not more from above): the higher side's 1-2 is cracked; the
    # median {4, 8} + 3, 1, 2 from above + 7 from below: 1 takes the first available, 3 (1-2
    # would leave 3 without an opponent), 2 takes 4, the upfloater 7 gets 8
    above, below = [Made((1, 2), True)], [Made((5, 6), False)]
    ls = _group_state(8, met={3: (4, 7, 8)})
    made, cracked = _pair_median(ls, [4, 8], [3], [7], above, below)
    assert cracked == 1 and above == [] and below == [Made((5, 6), False)]
    assert [m.pair for m in made] == [(1, 3), (2, 4), (7, 8)]


# ----------------------------------------------------------------------------- Article 3

def test_floater_choice_3_2_2_colours_and_3_2_4_lowest_numbered():
    """3.2.2: the floater is one whose transfer tends to equalise the numbers due White and Black
    (three due White, two due Black: one due White floats); 3.2.4: downward the lowest numbered
    of them (#4), upward the highest numbered (#1)."""
    ls = _group_state(5, extra=2, colours={1: "B", 2: "W", 3: "B", 4: "B", 5: "W"})
    assert pair_group(ls, [1, 2, 3, 4, 5], [], DOWN, [6, 7]).floaters == (4,)
    assert pair_group(ls, [1, 2, 3, 4, 5], [], UP, [6, 7]).floaters == (1,)
    plain = _group_state(5, extra=2)
    assert pair_group(plain, [1, 2, 3, 4, 5], [], DOWN, [6, 7]).floaters == (5,)
    assert pair_group(plain, [1, 2, 3, 4, 5], [], UP, [6, 7]).floaters == (1,)


def test_floater_choice_3_2_3_maxi_tournament_100_points():
    """3.2.3: in a Maxi-tournament the colour choice of 3.2.2 is limited to players rated within
    100 points of the player 3.2.4 would float: #4 (2200) is 150 above #5 (2050), so #5 floats."""
    kw = {"extra": 2, "colours": {1: "B", 2: "W", 3: "B", 4: "B", 5: "W"},
          "ratings": {1: 2500, 2: 2400, 3: 2300, 4: 2200, 5: 2050}}
    assert pair_group(_group_state(5, **kw), [1, 2, 3, 4, 5], [], DOWN, [6, 7]).floaters == (4,)
    maxi = _group_state(5, maxi=True, **kw)
    assert pair_group(maxi, [1, 2, 3, 4, 5], [], DOWN, [6, 7]).floaters == (5,)


def test_floater_types_3_9_and_previous_round_3_10():
    """3.9: a floater with no compatible opponent in the adjacent scoregroup (type c) is avoided
    for one that has one (type d): #3 has met 6 and 7, so #2 floats. 3.10: a player who floated
    in the previous round is avoided: #5 did, #4 floats. An incoming floater (type b) is avoided
    for a resident (type d)."""
    ls = _group_state(3, met={3: (6, 7)}, extra=4)
    assert pair_group(ls, [1, 2, 3], [], DOWN, [6, 7]).floaters == (2,)
    ls = _group_state(5, extra=2, floated=(5,))
    assert pair_group(ls, [1, 2, 3, 4, 5], [], DOWN, [6, 7]).floaters == (4,)
    ls = _group_state(5, extra=2)
    # 5 came in as a floater (it sorts after the residents only by number here): 4 floats
    res = pair_group(ls, [1, 2, 3, 4], [5], DOWN, [6, 7])
    assert res.floaters == (4,)


def test_floated_in_the_previous_round_3_10_is_lims_own_floater_2_3():
    """L2. 2.3 (verbatim, 1999 text): players without suitable opponents "are identified and
    transferred to a neighbouring scoregroup" ... "Such a transferred player is described as a
    floater". 3.10's "floated in the previous round" reads that definition, not C.04.3's float
    history: round 2 (median 0.5) paired 1-2 (1 point each), 3-4 and 6-5 (0.5 against 0): 4
    and 5 were transferred up to the Median Scoregroup; 3 and 6, residents of the median who
    met them, did not float (the Dutch history gives them a downfloat), nor did 7, who had
    the PAB (a downfloat there too)."""
    L = RoundEntry
    rows = {1: [L(Kind.WIN, 4, W), L(Kind.DRAW, 2, B)], 2: [L(Kind.WIN, 5, B), L(Kind.DRAW, 1, W)],
            3: [L(Kind.DRAW, 6, W), L(Kind.WIN, 4, B)], 4: [L(Kind.LOSS, 1, B), L(Kind.LOSS, 3, W)],
            5: [L(Kind.LOSS, 2, W), L(Kind.DRAW, 6, B)], 6: [L(Kind.DRAW, 3, B), L(Kind.DRAW, 5, W)],
            7: [L(Kind.ZERO_BYE), L(Kind.PAB)]}
    t = Tournament(rounds=5, initial_color=W, players=tuple(
        Player(n, rating=2500 - 10 * n, entries=tuple(rows[n])) for n in range(1, 8)))
    ls = lim_state(t, 3)
    assert ls.floated == {4, 5}
    assert [ls.floated_before(n) for n in (3, 6, 7)] == [False] * 3
    assert [ls.p(n).float_before(1) for n in (3, 6, 7)] == ["D", "D", "D"]


def test_floater_choice_3_3_excludes_opponents_needed_by_floaters_ahead():
    """L3. 3.3 (the text, in our words): the floater chosen is the lowest numbered player who
    has a compatible opponent in the next scoregroup, excluding the opponents needed by the
    floaters ahead of it (3.4 the mirror). Scoregroup {1..6}, next scoregroup {7, 8}: 1 has met
    every player of its group (2.3.1) and 8, so it floats first and needs 7; one more floats
    to make the number even. 6, the lowest numbered, has met 8 too: its only possible opponent
    is 7, whom 1 needs, so 6 has no compatible opponent left (type c, 3.9) and 5 (type d)
    floats. Without 1's need (1 compatible with 8 as well) 6 floats."""
    ls = _group_state(8, met={1: (2, 3, 4, 5, 6, 8), 6: (8,)})
    res = pair_group(ls, [1, 2, 3, 4, 5, 6], [], DOWN, [7, 8])
    assert res.floaters == (1, 5)
    assert [int(t) for t in walk_types(ls, res)] == [0, 0]
    ls = _group_state(8, met={1: (2, 3, 4, 5, 6), 6: (8,)})
    assert pair_group(ls, [1, 2, 3, 4, 5, 6], [], DOWN, [7, 8]).floaters == (1, 6)


def walk_types(ls: LimState, res) -> list[int]:
    from pairchk.systems.lim.pair import floater_type

    return [floater_type(ls, n, frozenset(), [7, 8], res.floaters[:i])
            for i, n in enumerate(res.floaters)]


def test_incoming_floaters_paired_first_3_6():
    """3.6: a downfloater is paired first, with the highest numbered (#1 side) available player
    due the other colour. Downfloater 9 (due White) into {1..4}; one of the five floats: the
    residents before the incoming floater (3.9), a player due White, the majority colour (3.2.2),
    the lowest numbered of them: #3. Then 9 takes #2 (#1 is due White too), and 1-4."""
    ls = _group_state(9, colours={9: "B", 1: "B", 2: "W", 3: "B", 4: "W"})
    res = pair_group(ls, [1, 2, 3, 4], [9], DOWN, [])
    assert res.floaters == (3,) and res.pairs == ((9, 2), (1, 4))


# ----------------------------------------------------------------------------- Article 4

@pytest.mark.parametrize("column,met1,pairs", [
    (1, (), "1-4 2-5 3-6"), (2, (4,), "1-5 2-4 3-6"), (3, (4, 5), "1-6 2-4 3-5"),
    (4, (4, 5, 6), "1-3 2-5 4-6"), (5, (4, 5, 6, 3), "1-2 3-5 4-6")])
def test_exchange_table_4_2(column, met1, pairs):
    """4.2 (the text's table for six players): #1 tries 4, 5, 6, then 3, 2; each column is the
    pairing of the scoregroup when #1 has met the players before it. L7: the text calls #1
    "the highest numbered player" (4.2), and the 1999 text's 2.5 exchanges "the lower numbered
    player of the two" when 1 v (n/2 + 1) have met - #1 is the top of the group."""
    assert exchange_order([1, 2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]
    ls = _group_state(6, met={1: met1})
    res = pair_group(ls, [1, 2, 3, 4, 5, 6], [], DOWN, [])
    assert res.floaters == () and _show(res.pairs) == pairs


@pytest.mark.parametrize("column,met2,pairs", [
    (1, (), "1-6 2-4 3-5"), (2, (4,), "1-6 2-5 3-4"), (3, (4, 5), "1-6 2-3 4-5"),
    (4, (4, 5, 3), "1-3 2-6 4-5"), (5, (4, 5, 3, 6), "1-2 3-5 4-6")])
def test_exchange_table_4_3(column, met2, pairs):
    """4.3 (the text's table): #1 has met 4 and 5 and found #6; #2 then tries 4, 5, 3; when #2
    has none of them, #1's opponent changes (to 3, then 2) so that #2 gets one."""
    ls = _group_state(6, met={1: (4, 5), 2: met2})
    res = pair_group(ls, [1, 2, 3, 4, 5, 6], [], DOWN, [])
    assert _show(res.pairs) == pairs


def test_4_4_keep_as_many_pairings_as_the_group_can_have():
    """4.4 / 4.4.2 (the text's example): #1 and #2 have met each other and every player but #6;
    1-6 stays, #2 floats with the lowest numbered player left (#5); 4.4.1: with seven players #7
    would float to make the number even, but #2, who has met all the others, floats instead."""
    ls = _group_state(6, met={1: (2, 3, 4, 5), 2: (3, 4, 5)}, extra=2)
    res = pair_group(ls, [1, 2, 3, 4, 5, 6], [], DOWN, [7, 8])
    assert _show(res.pairs) == "1-6 3-4" and sorted(res.floaters) == [2, 5]
    ls = _group_state(7, met={1: (2, 3, 4, 5), 2: (3, 4, 5, 6, 7)}, extra=2)
    res = pair_group(ls, [1, 2, 3, 4, 5, 6, 7], [], DOWN, [8, 9])
    assert res.floaters == (2,)


def _random_group(rng: random.Random, n: int) -> LimState:
    """Players 1..n of one score, random colour histories, meetings, previous-round floats."""
    t = _field(n)
    ls = lim_state(t, 2)
    players = dict(ls.base.players)
    for k, ps in players.items():
        players[k] = dataclasses.replace(ps, colors=tuple(rng.choice((W, B))
                                                          for _ in range(rng.randint(0, 4))))
    density = rng.choice((0.2, 0.4, 0.6))
    met = {frozenset((a, b)) for a in players for b in players if a < b and rng.random() < density}
    from pairchk.systems.lim.rules import pair_allowed

    partners = {a: frozenset(b for b in players if b != a and frozenset((a, b)) not in met
                             and pair_allowed(players[a].colors, players[b].colors))
                for a in players}
    floated = frozenset(k for k in players if rng.random() < 0.2)
    return dataclasses.replace(ls, base=dataclasses.replace(ls.base, players=players),
                               partners=partners, floated=floated)


def test_4_4_engine_equals_a_literal_reading_on_random_scoregroups():
    """L4. 2.3 transfers the players without suitable opponents, 2.3.4 one more to make the
    number even (chosen by Article 3); 4.4.1 (the text's example: #2 changes place with the
    floater #7): in an odd scoregroup the player who cannot be paired changes place with that
    even-maker; 4.4.2 (1-6 stays, #2 and #5 float): in an even one he floats with another.
    ``tests/lim_literal.py`` does exactly that, step by step; on random scoregroups needing at
    most one step of 4.4 the engine sends the same floaters, except where the literal steps
    send more players than the scoregroup must lose (it then keeps fewer pairings than it
    could: 2.3 transfers only players who cannot be paired, so the engine keeps them)."""
    from lim_literal import literal_floaters

    from pairchk.systems.lim.pair import choose_floaters
    from pairchk.systems.lim.rules import max_pairs

    rng = random.Random(23)
    same = costs = checked = 0
    for _ in range(900):
        g, extra = rng.randint(3, 9), rng.randint(1, 3)
        ls = _random_group(rng, g + extra)
        members, adjacent = list(range(1, g + 1)), list(range(g + 1, g + extra + 1))
        direction = rng.choice((DOWN, UP))
        came = frozenset(m for m in members if rng.random() < 0.15)
        forced = [n for n in members if not any(ls.compatible(n, m) for m in members if m != n)]
        if len(members) - len(forced) - 2 * max_pairs(ls, members) > 2:
            continue
        checked += 1
        ours = choose_floaters(ls, members, came, adjacent, direction)
        literal = literal_floaters(ls, members, came, adjacent, direction)
        if sorted(ours) == sorted(literal):
            same += 1
        else:
            assert len(literal) > len(ours), (members, ls.partners, direction, ours, literal)
            costs += 1
    assert checked > 600 and same > 0.95 * checked and costs > 0


def _compare_with_literal(engine, tally, ls, members, came, adjacent, direction):
    from lim_literal import literal_floaters

    from pairchk.systems.lim.rules import max_pairs

    ours = engine(ls, members, came, adjacent, direction)
    literal = literal_floaters(ls, members, came, adjacent, direction)
    forced = [n for n in members if not any(ls.compatible(n, m) for m in members if m != n)]
    if len(members) - len(forced) - 2 * max_pairs(ls, members) <= 2:
        tally["same" if sorted(ours) == sorted(literal) else
              "literal floats more" if len(literal) > len(ours) else "other"] += 1
    return ours


@pytest.mark.slow
def test_4_4_engine_equals_a_literal_reading_on_random_events(monkeypatch):
    """L4 on whole generated events (forfeits, byes, withdrawals): every scoregroup the engine
    pairs is also sent through the literal reading of 2.3/4.4; they agree except where the
    literal steps would cost the scoregroup a pairing."""
    from collections import Counter

    import pairchk.systems.lim.pair as lim_pair

    tally: Counter = Counter()
    real = lim_pair.choose_floaters
    monkeypatch.setattr(lim_pair, "choose_floaters",
                        lambda *a: _compare_with_literal(real, tally, *a))
    for seed in range(12):
        generate(Settings(system="lim", players=15 + 7 * seed, rounds=7, seed=seed,
                          forfeit_rate=0.05, bye_rate=0.05, withdraw_rate=0.05))
    assert tally["other"] == 0 and tally["same"] > 400, tally


def test_colour_exchange_5_2_in_scrutiny():
    """5.2: as many players as possible get their due colour: #1 (due White) passes over #4
    (due White too) for #5 (due Black); #2 (due Black) takes #4 (due White), then 3-6."""
    ls = _group_state(6, colours={1: "B", 2: "W", 3: "B", 4: "B", 5: "W", 6: "B"})
    res = pair_group(ls, [1, 2, 3, 4, 5, 6], [], DOWN, [])
    assert res.pairs == ((1, 5), (2, 4), (3, 6))


# ----------------------------------------------------------------------------- Article 5

def test_colours_5_4_history_then_rank_by_median():
    """5.4: equal due colours: the colour histories going back decide (4 BWB v 8 WBB: at the
    second-last round 4 had White, 8 Black: 8 gets White); identical histories: in the median or
    above the higher ranked gets the colour due to them (3-7 both WB: 3 White), below the
    median the lower ranked (7 White). 5.3: a colour beyond the limits is never given."""
    ls = _group_state(8, colours={3: "WB", 7: "WB", 4: "BWB", 8: "WBB", 1: "WW", 2: "BW"})
    assert allocate(ls, 3, 7, True) == (3, 7)
    assert allocate(ls, 3, 7, False) == (7, 3)
    assert allocate(ls, 4, 8, True) == (8, 4)
    assert allocate(ls, 1, 2, True) == (2, 1)  # 1 cannot have White a third time
    ls = _group_state(2, colours={1: "WB", 2: "W"})
    assert allocate(ls, 1, 2, True) == (1, 2)  # due colours differ: 1 White, 2 Black


# ----------------------------------------------------------------------------- whole rounds

def test_whole_round_crack_worked_by_hand():
    """Round 3 of 5 (median 1 point), eight players: {1, 2, 3} on 2 points, {4, 5} on 1,
    {6, 7, 8} on 0; forbidden for this round (TRF26 260): 4 and 5 with 1, 2, 3, and 1 with 6, 7,
    8, so 1 can only meet 2 or 3, and 2, 3 only each other, 1 or 8.
    2 points (downward): all three are type c (no compatible player on 1 point, 3.9), 1 did
    not float in round 2 (3.10): 1 floats. 0 points (upward): 6 and 7 are type d, 8 type c
    (3.9); 6 and 7 both upfloated in round 2; 7 is due White like 8, the majority (3.2.2): 7
    floats up, 6-8 stays. Median {4, 5} + 1 + 7: 1 has no opponent. One floater from each side:
    the higher side's 2-3 is cracked (2.6); still blocked (2 and 3 need 1 or 8), now three
    floaters from above against one: the lower side's 6-8 is cracked. The median is paired
    downward: downfloaters first (3.6.3): 1 takes 2 (due Black, 1 due White), 3 takes the first
    available, 8; the upfloaters, lowest first (3.7): 7 takes 4, then 5-6."""
    L = RoundEntry
    rows = {1: [L(Kind.WIN, 5, W), L(Kind.WIN, 4, B)], 2: [L(Kind.WIN, 6, B), L(Kind.WIN, 7, W)],
            3: [L(Kind.WIN, 7, W), L(Kind.WIN, 6, B)], 4: [L(Kind.WIN, 8, B), L(Kind.LOSS, 1, W)],
            5: [L(Kind.LOSS, 1, B), L(Kind.WIN, 8, W)], 6: [L(Kind.LOSS, 2, W), L(Kind.LOSS, 3, W)],
            7: [L(Kind.LOSS, 3, B), L(Kind.LOSS, 2, B)],
            8: [L(Kind.LOSS, 4, W), L(Kind.LOSS, 5, B)]}
    fp = tuple(ForbiddenPair((a, b), 3, 3) for a in (4, 5) for b in (1, 2, 3)) + tuple(
        ForbiddenPair((1, b), 3, 3) for b in (6, 7, 8))
    t = Tournament(rounds=5, initial_color=W, forbidden_pairs=fp, players=tuple(
        Player(n, name=f"P{n}", rating=2500 - 10 * n, entries=tuple(rows[n])) for n in range(1, 9)))
    ls = lim_state(t, 3)
    out = run_round(ls)
    assert out.cracked == 2
    assert _show(x.players for x in out.pairing.pairs) == "1-2 3-8 4-7 5-6"
    assert SYSTEM.violations(ls, out.pairing) == []


# ----------------------------------------------------------------------------- evaluation

def _some_pairing(ls: LimState, players: list[int]) -> list[tuple[int, int]] | None:
    """Any pairing of compatible players (brute force, engine-independent)."""
    if not players:
        return []
    a = players[0]
    for b in players[1:]:
        if ls.compatible(a, b):
            rest = _some_pairing(ls, [x for x in players[1:] if x != b])
            if rest is not None:
                return [(a, b), *rest]
    return None


def test_evaluate_names_lims_pab_criterion():
    """A legal published round giving the PAB to another eligible player than 1.1's is worse on
    PAB; the reference scores 0 on every field."""
    t = generate(Settings(system="lim", players=11, rounds=5, seed=3))
    st = SYSTEM.state(t, 3, edition="2026")
    ref = SYSTEM.pair(st)
    q0 = SYSTEM.evaluate(st, ref)
    assert all(v == 0 for v in dataclasses.astuple(q0))
    for other in reversed(st.base.order):
        pairs = _some_pairing(st, [n for n in st.base.order if n != other])
        if other != ref.bye and st.p(other).pab_eligible and pairs:
            break
    pub = RoundPairing(3, tuple(Pair(*allocate(st, a, b, True)) for a, b in pairs), other)
    assert SYSTEM.violations(st, pub) == []
    worse = first_worse(SYSTEM.evaluate(st, pub), q0)
    assert worse is not None and worse[0] == "PAB" and worse[3] == 1


def test_check_explains_a_swapped_pair_by_article_4():
    """Two pairs of one scoregroup exchanged: the explanation names PAIRS (3.6-3.8, Article 4)."""
    t = generate(Settings(system="lim", players=12, rounds=4, seed=5))
    st = SYSTEM.state(t, 1, edition="2026")
    ref = SYSTEM.pair(st)  # 1-7, 8-2, 3-9, ...: swap the opponents of boards 1 and 3
    (a, b), (c, d) = ((x.white, x.black) for x in (ref.pairs[0], ref.pairs[2]))
    swapped = RoundPairing(1, (Pair(a, d), ref.pairs[1], Pair(c, b)) + ref.pairs[3:], ref.bye)
    worse = first_worse(SYSTEM.evaluate(st, swapped), SYSTEM.evaluate(st, ref))
    assert worse is not None and worse[0] == "PAIRS"
    assert walk(st, ref)[-1].pairs != walk(st, swapped)[-1].pairs
    # the checker's "where" line names the scoregroup in Lim's own order (System.where)
    assert SYSTEM.where(st, swapped, ref).startswith(
        "the 0-point scoregroup (12 players), the Median Scoregroup, paired downward, the first "
        "in the order of art. 2.2")


# ----------------------------------------------------------------------------- invariants

RESULTS = ((Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN))


def _any_legal_round(ls: LimState) -> bool:
    """Brute force, independent of the engine: a pairing of compatible players (2.1: no
    rematch, colour limits outside the last round) with an eligible PAB when the number is odd."""
    players = list(ls.base.order)
    last = ls.last_round

    def ok(a: int, b: int) -> bool:
        if ls.base.met(a, b):
            return False
        if last:
            return True
        ca, cb = ls.p(a).colors, ls.p(b).colors
        from pairchk.systems.lim.rules import pair_allowed
        return pair_allowed(ca, cb)

    def rec(rest: list[int]) -> bool:
        if not rest:
            return True
        a = rest[0]
        return any(ok(a, b) and rec([x for x in rest[1:] if x != b]) for b in rest[1:])

    if len(players) % 2:
        return any(ls.p(n).pab_eligible and rec([x for x in players if x != n]) for n in players)
    return rec(players)


def _play(t: Tournament, p: RoundPairing, rng: random.Random) -> Tournament:
    new = {}
    for x in p.pairs:
        res = rng.choice(RESULTS)
        new[x.white] = RoundEntry(res[0], x.black, Color.WHITE)
        new[x.black] = RoundEntry(res[1], x.white, Color.BLACK)
    if p.bye is not None:
        new[p.bye] = RoundEntry(Kind.PAB)
    return replace(t, players=tuple(q.replace(entries=q.entries + (
        new.get(q.number, RoundEntry(Kind.ZERO_BYE)),)) for q in t.players))


def _absent(t: Tournament, rnd: int, rng: random.Random) -> Tournament:
    if rng.random() < 0.3:
        k = rng.randrange(len(t.players))
        ps = list(t.players)
        ps[k] = ps[k].replace(entries=ps[k].entries[: rnd - 1] + (RoundEntry(Kind.ZERO_BYE),))
        return replace(t, players=tuple(ps))
    return t


def _check_round(ls: LimState, p: RoundPairing) -> None:
    assert SYSTEM.violations(ls, p) == [], p
    q = SYSTEM.evaluate(ls, p)
    assert all(v == 0 for v in dataclasses.astuple(q)), q
    paired = [n for x in p.pairs for n in (x.white, x.black)] + ([p.bye] if p.bye else [])
    assert sorted(paired) == sorted(ls.base.order)
    for x in p.pairs:
        assert not ls.base.met(x.white, x.black)
        if not ls.last_round:  # C.04.1 art. 6-7 / Lim 2.1 colour limits
            from pairchk.systems.lim.rules import colour_allowed
            assert colour_allowed(ls.p(x.white).colors, W)
            assert colour_allowed(ls.p(x.black).colors, B)


def _sweep(seed: int, count: int) -> tuple[int, int]:
    """(rounds paired, events stopped at a round with no legal pairing at all) over ``count``
    random events; every round paired is also re-checked by ``check_round``."""
    rng = random.Random(seed)
    done = blocked = 0
    for _ in range(count):
        n = rng.randint(4, 14)
        ratings = sorted(rng.sample(range(1400, 2600), n), reverse=True)
        t = Tournament(rounds=rng.randint(3, min(9, n)), initial_color=rng.choice((W, B)),
                       players=tuple(Player(i + 1, name=f"P{i + 1}", rating=r)
                                     for i, r in enumerate(ratings)))
        for rnd in range(1, t.rounds + 1):
            t = _absent(t, rnd, rng)
            ls = lim_state(t, rnd)
            try:
                p = pair_round(ls)
            except UnpairableError:
                assert not _any_legal_round(ls), rnd
                blocked += 1
                break
            _check_round(ls, p)
            t = _play(replace(t, players=tuple(q.replace(entries=q.entries[: rnd - 1])
                                               for q in t.players)), p, rng)
            # the whole checker path accepts what pair produced (file round = reference)
            assert check_round(t, rnd, system=SYSTEM, edition="2026").status == "ok", rnd
            done += 1
    return done, blocked


def test_invariants_fast_slice():
    """No rematch, C.04.1 colour and PAB rules, Lim's compatibility, every player paired once,
    the engine never blocked when a legal pairing exists, evaluate accepting what pair made."""
    done, _ = _sweep(7, 25)
    assert done > 80


@pytest.mark.slow
def test_invariants_sweep():
    done, blocked = _sweep(2026, 2000)
    assert done > 8000 and blocked < 1000  # events stopped at a round with no legal pairing


@pytest.mark.parametrize("seed,players,rounds,accel", [(1, 11, 7, ""), (2, 16, 9, "baku"),
                                                      (3, 9, 6, "")])
def test_generated_tournaments_check_ok(seed, players, rounds, accel):
    """``generate --system lim`` then ``check``: every round re-paired identically."""
    t = generate(Settings(system="lim", players=players, rounds=rounds, seed=seed,
                          forfeit_rate=0.03, bye_rate=0.03, acceleration=accel or None))
    assert t.system == ("FIDE_LIM_BAKU" if accel else "FIDE_LIM")
    for rnd in range(1, t.played_rounds + 1):
        rep = check_round(t, rnd, system=SYSTEM, edition="2026")
        assert rep.status == "ok", (rnd, rep.explanation)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 160))
def test_generated_tournaments_check_ok_sweep(seed):
    t = generate(Settings(system="lim", players=6 + seed % 40, rounds=5 + seed % 6, seed=seed,
                          draw_rate=0.35, forfeit_rate=0.03, bye_rate=0.03,
                          acceleration="baku" if seed % 4 == 0 else None))
    for rnd in range(1, t.played_rounds + 1):
        assert check_round(t, rnd, system=SYSTEM, edition="2026").status == "ok", rnd



def test_maxi_tournament_by_the_1988_definition_unless_declared():
    """L1. The 1988 General Assembly (the regulation's own amendment, preamble of the 1987-99
    text): the 100-point restriction applies only to "Maxi-tournaments", i.e. tournaments in
    which the number of participants is greater than 2n (2 raised to the power of n) where n is
    the number of rounds". 33 players in 5 rounds: 33 > 32, a Maxi-tournament; in 6 rounds
    not. ``--maxi yes|no`` (the system option) overrides the definition, and the report's first
    line says which applies and why."""
    from pairchk.check.checker import check
    from pairchk.system import SystemOptionError, configure

    t = generate(Settings(system="lim", players=33, rounds=5, seed=2))
    assert SYSTEM.state(t, 2, edition="2026").maxi is True
    assert SYSTEM.state(t.replace(rounds=6), 2, edition="2026").maxi is False
    no = configure(SYSTEM, {"maxi": "no"})
    assert no.state(t, 2, edition="2026").maxi is False
    assert configure(SYSTEM, {"maxi": "yes"}).state(t.replace(rounds=6), 2,
                                                    edition="2026").maxi is True
    assert configure(SYSTEM, {"maxi": None}) is SYSTEM
    report = check(t, system=SYSTEM, rounds=[2])
    assert report.edition_reason.endswith("a Maxi-tournament: 33 players > 2^5 = 32 (the 1988 "
                                          "definition)")
    assert check(t, system=no, rounds=[2]).edition_reason.endswith(
        "not a Maxi-tournament (--maxi no)")
    with pytest.raises(SystemOptionError, match="expected one of yes, no"):
        configure(SYSTEM, {"maxi": "perhaps"})
    with pytest.raises(SystemOptionError, match="--maxi does not apply to the dutch system"):
        configure(get("dutch"), {"maxi": "yes"})


def test_maxi_changes_the_pairing_only_through_the_100_point_rules():
    """L1, 3.2.3/3.8/5.7: 40 players in 5 rounds is a Maxi-tournament by default, and its
    100-point limits change some rounds of generated events against the same state read as
    not Maxi (before, the limits never applied to a file)."""
    differ = 0
    for seed in range(6):
        t = generate(Settings(system="lim", players=40, rounds=5, seed=seed))
        for rnd in range(2, 6):
            maxi = SYSTEM.state(t, rnd, edition="2026")
            plain = dataclasses.replace(maxi, maxi=False)
            a, b = pair_round(maxi), pair_round(plain)
            assert maxi.maxi and not plain.maxi
            differ += a != b
    assert differ > 0


def test_colour_exchange_in_a_maxi_tournament_3_8_5_7():
    """L8. 3.8, 5.7: in a Maxi-tournament the exchange for colour is allowed only with an
    opponent rated within 100 points of the first available one (the opponent the player gets
    without the exchange; the 2.4 proposed partner may not be available at all): #1 (due White) keeps #4 (2200, due White
    too) rather than #5 (2050, due Black); without the declaration it takes #5 (5.2)."""
    kw = {"colours": {1: "B", 2: "W", 3: "B", 4: "B", 5: "W", 6: "B"},
          "ratings": {1: 2500, 2: 2400, 3: 2300, 4: 2200, 5: 2050, 6: 2000}}
    plain = pair_group(_group_state(6, **kw), [1, 2, 3, 4, 5, 6], [], DOWN, [])
    maxi = pair_group(_group_state(6, maxi=True, **kw), [1, 2, 3, 4, 5, 6], [], DOWN, [])
    assert plain.pairs[0] == (1, 5) and maxi.pairs[0] == (1, 4)


def _due_by_round_parity(colors: tuple, rnd: int) -> Color:
    """5.5/5.6 read literally on rounds: after an odd round at most one more of a colour, after
    an even round level; where both colours serve, the alternate of the last one."""
    if not colors:
        return Color.NONE
    cd = sum(1 if c is W else -1 for c in colors)
    after = {c: abs(cd + (1 if c is W else -1)) for c in (W, B)}
    good = [c for c in (W, B) if after[c] <= (1 if rnd % 2 else 0)]
    if len(good) == 1:
        return good[0]
    if not good and after[W] != after[B]:
        return min((W, B), key=after.__getitem__)
    return colors[-1].opposite


def test_colours_5_5_5_6_odd_and_even_rounds_equal_the_own_games_rule():
    """L6/L9. 5.5/5.6 (the text, in our words): in odd rounds the colours are alternated so that
    no player has more than one more of a colour; in even rounds they are equalised. They speak
    of rounds, the engine's due colour of the player's own games (equalise when the counts
    differ, else alternate). Read literally on rounds, they give the same due colour for every
    history of up to six games in any later round, odd or even, so a round a player did not
    play changes nothing (e.g. W B W with a bye: due Black in round 5 as in round 4)."""
    from itertools import product

    from pairchk.systems.lim.rules import due_colour

    checked = 0
    for n in range(0, 7):
        for colours in product((W, B), repeat=n):
            for rnd in range(n + 1, n + 4):
                assert due_colour(colours) is _due_by_round_parity(colours, rnd), (colours, rnd)
                checked += 1
    assert checked == 3 * (2 ** 7 - 1)


def test_round_2_article_8_scoregroups_1_then_0_then_half():
    """L11. Article 8 (round 2; the text, in our words): the 1-point scoregroup is paired first,
    then the 0-point one, the ½-point one (the median) last. 2.2 gives that order after one
    round (median ½): 1 downward, 0 upward, ½ last, downward. Round 1: 1, 8, 3 won, 7, 2, 9
    lost, the rest drew. {1, 3, 8}: 8, the lowest numbered, floats down (3.2.4), 1-3; {2, 7, 9}
    upward: 2, the highest numbered, floats up, 7-9; the median gets both."""
    t = _field(12, rounds=7)
    L = RoundEntry
    rows = {1: L(Kind.WIN, 7, W), 7: L(Kind.LOSS, 1, B), 8: L(Kind.WIN, 2, W), 2: L(Kind.LOSS, 8, B),
            3: L(Kind.WIN, 9, W), 9: L(Kind.LOSS, 3, B), 10: L(Kind.DRAW, 4, W),
            4: L(Kind.DRAW, 10, B), 5: L(Kind.DRAW, 11, W), 11: L(Kind.DRAW, 5, B),
            6: L(Kind.DRAW, 12, W), 12: L(Kind.DRAW, 6, B)}
    t = t.replace(players=tuple(p.replace(entries=(rows[p.number],)) for p in t.players))
    ls = SYSTEM.state(t, 2, edition="2026")
    groups = walk(ls, SYSTEM.pair(ls))
    assert [(str(g.score), g.direction) for g in groups] == [("1", DOWN), ("0", UP), ("0.5", DOWN)]
    assert [g.floaters for g in groups] == [(8,), (2,), ()]
    assert [_show(g.pairs) for g in groups[:2]] == ["1-3", "7-9"]
    assert sorted(groups[2].members) == [2, 4, 5, 6, 8, 10, 11, 12]


def test_floater_choice_precedence_3_9_and_3_10_before_3_2_2():
    """L5. 3.9 (avoid a floater of type a, then b, then c) and 3.10 (a player who floated in the
    previous round is not floated again) name players to avoid; 3.2.2 (choose the floater so
    the colours tend to equalise) chooses among the rest. Five players, downward: 3, 4 and 5 are
    due White, the majority (3.2.2 would float 5); 5 has no compatible player in the next
    scoregroup (type c): 4 floats. With 4 a floater of the previous round too (3.10): 3."""
    colours = {1: "W", 2: "W", 3: "B", 4: "B", 5: "B"}
    ls = _group_state(5, met={5: (6, 7)}, extra=2, colours=colours)
    assert pair_group(ls, [1, 2, 3, 4, 5], [], DOWN, [6, 7]).floaters == (4,)
    ls = _group_state(5, met={5: (6, 7)}, extra=2, colours=colours, floated=(4,))
    assert pair_group(ls, [1, 2, 3, 4, 5], [], DOWN, [6, 7]).floaters == (3,)
    plain = _group_state(5, extra=2, colours=colours)
    assert pair_group(plain, [1, 2, 3, 4, 5], [], DOWN, [6, 7]).floaters == (5,)


def test_cli_generate_pair_check(tmp_path):
    """`pairchk generate --system lim`, then `pair` and `check` read FIDE_LIM from the file."""
    from typer.testing import CliRunner

    from pairchk.cli import app

    out = tmp_path / "lim.trf"
    runner = CliRunner()
    r = runner.invoke(app, ["generate", "--system", "lim", "--players", "9", "--rounds", "4",
                            "--seed", "2", "-o", str(out)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["check", str(out)])
    assert r.exit_code == 0 and "lim (from the TRF26 192 code FIDE_LIM)" in r.stdout
    assert "4 rounds checked: 4 ok" in r.stdout
    # L1: the first line says whether the 100-point rules of a Maxi-tournament apply
    assert r.stdout.splitlines()[0].endswith(
        "the Lim text of 2026; not a Maxi-tournament: 9 players <= 2^4 = 16 (the 1988 "
        "definition))")
    r = runner.invoke(app, ["pair", str(out), "--round", "3"])
    assert r.exit_code == 0 and r.stdout.startswith("round 3 (lim from the TRF26 192 code FIDE_LIM")


def test_cli_maxi_option(tmp_path):
    """L1: ``--maxi yes|no`` overrides the 1988 definition in ``check``, ``pair`` and ``generate``
    and the first line says so; a bad value, or a system without the option, is a usage error (exit 2)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from typer.testing import CliRunner

    from pairchk.cli import app

    out = tmp_path / "lim.trf"
    runner = CliRunner()
    r = runner.invoke(app, ["generate", "--system", "lim", "--players", "40", "--rounds", "5",
                            "--seed", "3", "-o", str(out)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["check", str(out)])
    assert "a Maxi-tournament: 40 players > 2^5 = 32 (the 1988 definition))" in \
        r.stdout.splitlines()[0]
    r = runner.invoke(app, ["check", str(out), "--maxi", "no"])
    assert r.exit_code in (0, 1) and r.stdout.splitlines()[0].endswith(
        "the Lim text of 2026; not a Maxi-tournament (--maxi no))")
    r = runner.invoke(app, ["pair", str(out), "--round", "2", "--maxi", "yes"])
    assert r.exit_code == 0 and "a Maxi-tournament (--maxi yes))" in r.stdout.splitlines()[0]
    # generated as not Maxi, the event checks clean as not Maxi, and deviates where the
    # default (40 > 2^5: Maxi) applies the 100-point limits
    plain = tmp_path / "plain.trf"
    r = runner.invoke(app, ["generate", "--system", "lim", "--players", "40", "--rounds", "5",
                            "--seed", "3", "--maxi", "no", "-o", str(plain)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["check", str(plain), "--maxi", "no"])
    assert r.exit_code == 0 and "5 rounds checked: 5 ok" in r.stdout
    r = runner.invoke(app, ["check", str(plain)])
    assert r.exit_code == 1 and "deviation" in r.stdout.splitlines()[-1]
    r = runner.invoke(app, ["generate", "--players", "10", "--rounds", "3", "--maxi", "yes"])
    assert r.exit_code == 2
    r = runner.invoke(app, ["check", str(out), "--maxi", "perhaps"])
    assert r.exit_code == 2 and r.output.strip() == "error: --maxi 'perhaps': expected one of yes, no"
    r = runner.invoke(app, ["check", str(out), "--system", "dutch", "--maxi", "yes"])
    assert r.exit_code == 2
    assert r.output.strip() == "error: --maxi does not apply to the dutch system (it has no such option)"
    root = str(Path(__file__).resolve().parents[1])
    fast = subprocess.run([sys.executable, "-m", "pairchk", "check", str(out), "--maxi", "no"],
                          capture_output=True, text=True, cwd=str(tmp_path),
                          env={**os.environ, "PYTHONPATH": root})
    assert fast.stdout.splitlines()[0].endswith("not a Maxi-tournament (--maxi no))")
    # a file whose system pairchk does not re-pair says the option was not applied
    from pairchk.check.checker import check

    report = check(Tournament(system="FIDE_SCHEVENINGEN"), options={"maxi": "yes"})
    assert "--maxi yes not applied: no system re-pairs this file" in report.notes


def test_upward_groups_mirror_the_downward_rules_3_7_4_1():
    """Below the median a scoregroup is paired upward (2.2): the lowest ranked player is the
    first, so the mirror of the 4.2 table: #6 tries 3, 2, 1, then 4, 5 (no meetings: 6-3, 5-2,
    4-1, the same pairs as downward; #6 having met #3: 6-2, then 5-3, 4-1). An incoming
    upfloater (3.7) is paired first, with the lowest ranked available player due the other
    colour: upfloater 9 (due Black) into {1..4}; first the floater (3.2.2: due White is the
    majority; upward the highest numbered of them, #1, 3.2.4), then 9 takes the lowest ranked
    available player due White: #4 is due Black too, #3 is due White: 9-3, then 4-2."""
    ls = _group_state(6)
    assert _show(pair_group(ls, [1, 2, 3, 4, 5, 6], [], UP, []).pairs) == "1-4 2-5 3-6"
    ls = _group_state(6, met={6: (3,)})
    res = pair_group(ls, [1, 2, 3, 4, 5, 6], [], UP, [])
    assert res.pairs == ((6, 2), (5, 3), (4, 1))
    ls = _group_state(9, colours={9: "W", 1: "B", 2: "B", 3: "B", 4: "W"})
    res = pair_group(ls, [1, 2, 3, 4], [9], UP, [])
    assert res.floaters == (1,) and res.pairs == ((9, 3), (4, 2))
