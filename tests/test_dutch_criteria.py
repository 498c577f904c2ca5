"""One hand-built case per quality criterion of the Dutch system, per edition.

Each case builds a small round state directly (scores, colour histories, floats, opponents) and
two complete pairings that are alike up to the criterion under test; the evaluation must name
exactly that criterion as the first on which the worse pairing loses (bracket by bracket,
:func:`pairchk.systems.dutch.evaluate.evaluate`).

2017 sentences are quoted from C.04.3 (C0403Till2026, section C); 2026 criteria are quoted from
the criteria table of C0403202602 as summarised in ``shared/docs/fide-rules.md`` section 3.2.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from pairchk.model import Color
from pairchk.pairing import Pair, RoundPairing
from pairchk.state import DOWN, UP, PlayerState, RoundState, colour_preference
from pairchk.system import first_worse
from pairchk.systems.dutch.criteria import criteria, criterion_of, quality_fields
from pairchk.systems.dutch.evaluate import evaluate

W, B = Color.WHITE, Color.BLACK


def _p(n: int, score, colors: str = "", floats=(), met=(), unplayed: int = 0) -> PlayerState:
    cols = tuple(W if c == "W" else B for c in colors)
    pref, kind, rep = colour_preference(cols)
    return PlayerState(
        number=n, rank=n - 1, pairing_rank=n - 1, score=Decimal(score),
        pairing_score=Decimal(score), opponents=frozenset(met), colors=cols,
        color_diff=sum(1 if c is W else -1 for c in cols), pref=pref, pref_kind=kind,
        repeated=rep, floats=tuple(floats), pab_eligible=True, to_pair=True,
        unplayed=unplayed, played=len(cols))


def _state(edition: str, players: list[PlayerState], last_round: bool = False,
           threshold: str = "99") -> RoundState:
    met: dict[int, set[int]] = {p.number: set(p.opponents) for p in players}
    for p in players:
        for o in p.opponents:
            met[o].add(p.number)
    from dataclasses import replace
    ps = {p.number: replace(p, opponents=frozenset(met[p.number])) for p in players}
    order = tuple(sorted(ps, key=lambda n: (-ps[n].pairing_score, ps[n].rank)))
    return RoundState(round=3, edition=edition, players=ps, order=order, rounds=5,
                      last_round=last_round, topscorer_threshold=Decimal(threshold),
                      forbidden=frozenset(), initial_color=W, win=Decimal(1),
                      draw=Decimal("0.5"), loss=Decimal(0), pab_value=Decimal(1))


def _pairing(spec: str) -> RoundPairing:
    """'1-2 3-4 bye5' -> RoundPairing (colours as written; the criteria here do not read them)."""
    pairs, bye = [], None
    for tok in spec.split():
        if tok.startswith("bye"):
            bye = int(tok[3:])
        else:
            a, b = tok.split("-")
            pairs.append(Pair(int(a), int(b)))
    return RoundPairing(3, tuple(pairs), bye)


# ---------------------------------------------------------------------------- the situations

def pab_score(e):
    return _state(e, [_p(1, 1), _p(2, 0), _p(3, 0)]), "2-3 bye1", "1-2 bye3"


def downfloaters(e):
    return _state(e, [_p(1, 1), _p(2, 1), _p(3, 0), _p(4, 0)]), "1-3 2-4", "1-2 3-4"


def downfloater_scores(e):
    # bracket at score 1: MDP 1 (score 2) and residents 2, 3: one of them floats
    return _state(e, [_p(1, 2), _p(2, 1), _p(3, 1), _p(4, 0)]), "2-3 1-4", "1-2 3-4"


def next_bracket(e):
    # 3 met everybody below: if 3 floats, the next bracket (3, 4..8) makes 2 pairs, not 3
    ps = [_p(1, 1), _p(2, 1), _p(3, 1, met=(4, 5, 6, 7, 8))] + [_p(n, 0) for n in range(4, 9)]
    return _state(e, ps), "1-2 3-4 5-6 7-8", "1-3 2-4 5-6 7-8"


def pab_unplayed(e):
    ps = [_p(1, 0, "WB"), _p(2, 0, "W", unplayed=1), _p(3, 0, "BW")]
    return _state(e, ps), "1-3 bye2", "1-2 bye3"


def top_colour_difference(e):
    # final round, topscorers 1 and 2 both at colour difference +2 (absolute black)
    ps = [_p(1, 2, "WWBW"), _p(2, 2, "WBWW"), _p(3, 2, "WB"), _p(4, 2, "BW")]
    return _state(e, ps, last_round=True, threshold="1"), "1-2 3-4", "3-1 4-2"


def top_three_in_a_row(e):
    ps = [_p(1, 2, "BWW"), _p(2, 2, "BWW"), _p(3, 2, "WB"), _p(4, 2, "BW")]
    return _state(e, ps, last_round=True, threshold="1"), "1-2 3-4", "3-1 4-2"


def colour_preference_(e):
    ps = [_p(1, 0, "WB"), _p(2, 0, "WB"), _p(3, 0, "BW"), _p(4, 0, "BW")]
    return _state(e, ps), "1-2 3-4", "1-3 2-4"


def strong_preference(e):
    # 1, 2 strong black; 3, 4 mild black; 5, 6 mild white: one clash either way
    ps = [_p(1, 0, "W"), _p(2, 0, "W"), _p(3, 0, "BW"), _p(4, 0, "BW"), _p(5, 0, "WB"),
          _p(6, 0, "WB")]
    return _state(e, ps), "1-2 5-3 6-4", "5-1 6-2 3-4"


def resident_down(back):
    def build(e):
        fl = (DOWN,) if back == 1 else (DOWN, None)
        ps = [_p(1, 1), _p(2, 1), _p(3, 1, floats=fl), _p(4, 0)]
        return _state(e, ps), "1-2 3-4", "1-3 2-4"
    return build


def opponent_up(back):
    def build(e):
        fl = (UP,) if back == 1 else (UP, None)
        ps = [_p(1, 2), _p(2, 1, floats=fl), _p(3, 1), _p(4, 0)]
        return _state(e, ps), "1-2 3-4", "1-3 2-4"
    return build


def mdp_down_by_score(back):
    def build(e):
        # 1 and 2 (score 2) met: both float into the score-1 bracket, where one of them floats
        # again; only 1 downfloated before, and he is an MDP (not counted by C14/C16)
        fl = (DOWN,) if back == 1 else (DOWN, None)
        ps = [_p(1, 2, floats=fl, met=(2,)), _p(2, 2), _p(3, 1), _p(4, 0)]
        return _state(e, ps), "2-3 1-4", "1-3 2-4"
    return build


def mdp_up_by_score(back):
    def build(e):
        # MDPs 1 (score 3) and 2 (score 2) meet residents 3 (upfloated before) and 4: one upfloat
        # either way, but against the higher MDP in the worse pairing
        fl = (UP,) if back == 1 else (UP, None)
        ps = [_p(1, 3, met=(2,)), _p(2, 2), _p(3, 1, floats=fl), _p(4, 1), _p(5, 1), _p(6, 0)]
        return _state(e, ps), "1-3 2-4 5-6", "1-4 2-3 5-6"
    return build


CASES_2026 = [
    ("C5", "[C5] minimise the score of the PAB assignee", pab_score),
    ("C6", "[C6] minimise the number of downfloaters (= maximise the number of pairs)",
     downfloaters),
    ("C7", "[C7] minimise the scores of the downfloaters, taken in descending order",
     downfloater_scores),
    ("C8", "[C8] choose the downfloaters so that the following bracket complies with C1-C7",
     next_bracket),
    ("C9", "[C9] minimise the number of unplayed games of the PAB assignee", pab_unplayed),
    ("C10", "[C10] minimise the number of topscorers or topscorers' opponents who get a colour "
            "difference higher than +2 or lower than -2", top_colour_difference),
    ("C11", "[C11] minimise the number of topscorers or topscorers' opponents who get the same "
            "colour three times in a row", top_three_in_a_row),
    ("C12", "[C12] minimise the number of players who do not get their colour preference",
     colour_preference_),
    ("C13", "[C13] minimise the number of players who do not get their strong colour "
            "preference", strong_preference),
    ("C14", "[C14] minimise the number of resident downfloaters who received a downfloat in "
            "the previous round", resident_down(1)),
    ("C15", "[C15] minimise the number of MDP opponents who received an upfloat in the "
            "previous round", opponent_up(1)),
    ("C16", "[C16] minimise the number of resident downfloaters who received a downfloat two "
            "rounds before", resident_down(2)),
    ("C17", "[C17] minimise the number of MDP opponents who received an upfloat two rounds "
            "before", opponent_up(2)),
    ("C18", "[C18] minimise the score differences of MDPs who received a downfloat in the "
            "previous round", mdp_down_by_score(1)),
    ("C19", "[C19] minimise the score differences of MDP opponents who received an upfloat in "
            "the previous round", mdp_up_by_score(1)),
    ("C20", "[C20] minimise the score differences of MDPs who received a downfloat two rounds "
            "before", mdp_down_by_score(2)),
    ("C21", "[C21] minimise the score differences of MDP opponents who received an upfloat two "
            "rounds before", mdp_up_by_score(2)),
]

CASES_2017 = [
    ("C_5", "C.5 maximize the number of pairs (equivalent to: minimize the number of "
            "downfloaters)", downfloaters),
    ("C_6", "C.6 minimize the PSD (This basically means: maximize the number of paired MDP(s); "
            "and, as far as possible, pair the ones with the highest scores)",
     downfloater_scores),
    ("C_7", "C.7 If the current bracket is neither the PPB nor the CLB: choose the set of "
            "downfloaters in order first to maximize the number of pairs and then to minimize "
            "the PSD in the following bracket (just in the following bracket)", next_bracket),
    ("C_8", "C.8 minimize the number of topscorers or topscorers' opponents who get a colour "
            "difference higher than +2 or lower than -2", top_colour_difference),
    ("C_9", "C.9 minimize the number of topscorers or topscorers' opponents who get the same "
            "colour three times in a row", top_three_in_a_row),
    ("C_10", "C.10 minimize the number of players who do not get their colour preference",
     colour_preference_),
    ("C_11", "C.11 minimize the number of players who do not get their strong colour "
             "preference", strong_preference),
    ("C_12", "C.12 minimize the number of players who receive the same downfloat as the "
             "previous round", resident_down(1)),
    ("C_13", "C.13 minimize the number of players who receive the same upfloat as the previous "
             "round", opponent_up(1)),
    ("C_14", "C.14 minimize the number of players who receive the same downfloat as two rounds "
             "before", resident_down(2)),
    ("C_15", "C.15 minimize the number of players who receive the same upfloat as two rounds "
             "before", opponent_up(2)),
    ("C_16", "C.16 minimize the score differences of players who receive the same downfloat as "
             "the previous round", mdp_down_by_score(1)),
    ("C_17", "C.17 minimize the score differences of players who receive the same upfloat as "
             "the previous round", mdp_up_by_score(1)),
    ("C_18", "C.18 minimize the score differences of players who receive the same downfloat as "
             "two rounds before", mdp_down_by_score(2)),
    ("C_19", "C.19 minimize the score differences of players who receive the same upfloat as "
             "two rounds before", mdp_up_by_score(2)),
]


@pytest.mark.parametrize("edition,cases", [("2026", CASES_2026), ("2017", CASES_2017)])
def test_every_quality_criterion_has_a_case(edition, cases):
    assert [c[0] for c in cases] == list(quality_fields(edition))


@pytest.mark.parametrize(
    "edition,field,quote,build",
    [("2026", *c) for c in CASES_2026] + [("2017", *c) for c in CASES_2017],
    ids=[f"2026-{c[0]}" for c in CASES_2026] + [f"2017-{c[0]}" for c in CASES_2017])
def test_criterion_is_named_as_the_reason(edition, field, quote, build):
    st, worse_spec, better_spec = build(edition)
    worse, better = _pairing(worse_spec), _pairing(better_spec)
    qw = evaluate(st, worse, against=better)
    qb = evaluate(st, better, against=worse)
    got = first_worse(qw, qb)
    assert got is not None and got[0] == field and got[3] == 1, (quote, qw, qb)
    assert first_worse(qb, qw)[3] == -1
    # the record names the criterion with its article and edition
    c = criterion_of(edition, field)
    assert c.key == field.replace("_", ".") and edition in c.article
    assert quote.split()[0].strip("[]") == c.key


def test_criteria_records_list_absolute_rules_first():
    for e in ("2026", "2017"):
        cs = criteria(e)
        assert [c.absolute for c in cs[:4]] == [True] * 4
        assert not any(c.absolute for c in cs[4:])
        assert [c.key.replace(".", "_") for c in cs[4:]] == list(quality_fields(e))


def test_comparison_is_bracket_by_bracket_not_over_the_round():
    """C.04.3 2017 A.9: brackets are paired top-down; a pairing that keeps the top bracket
    intact (C.5 there) is better even when it floats more players further down."""
    # top bracket 1, 2 (score 2); below 3..6 (score 1) where 3 met 4, 5, 6
    ps = [_p(1, 2), _p(2, 2), _p(3, 1, met=(4, 5, 6)), _p(4, 1), _p(5, 1), _p(6, 1)]
    st = _state("2017", ps)
    top_intact = _pairing("1-2 3-4 5-6")  # a rematch below, but the top bracket pairs
    top_split = _pairing("1-3 2-4 5-6")  # two downfloaters from the top bracket
    qa = evaluate(st, top_intact, against=top_split)
    qb = evaluate(st, top_split, against=top_intact)
    assert first_worse(qb, qa)[:1] == ("C_5",)
    full = evaluate(st, top_split)
    assert full.C_5 == (2, 0)  # per bracket, top-down
