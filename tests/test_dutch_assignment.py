"""The exact method's shortcuts give what the whole generation order as weight digits gives.

:func:`pairchk.systems.dutch.assignment.lexicographic_assignment` (the transposition step as a
bipartite assignment) against brute force over every assignment; the exact method with its
shortcuts (:data:`pairchk.systems.dutch.exact.SHORTCUTS`) against the same method with the whole
order in the weights of general matchings, on brackets the search hands over (colour-walled
brackets, several downfloaters, MDPs: C.04.3 2026 art. 4; 2017 D).
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from test_dutch_exact import _big_bracket, _bracket, _pairs, _walled_top

from pairchk.systems.dutch import exact, structure, tables
from pairchk.systems.dutch.assignment import (
    CertificateError,
    certify,
    lexicographic_assignment,
    min_cost_assignment,
)
from pairchk.systems.dutch.round import pair


def _brute(rows, cols, cost, required):
    best = None
    for perm in permutations(cols, len(rows)):
        if any((r, c) not in cost for r, c in zip(rows, perm)) or not required <= set(perm):
            continue
        key = (sum(cost[r, c] for r, c in zip(rows, perm)), [cols.index(c) for c in perm])
        if best is None or key < best[0]:
            best = (key, dict(zip(rows, perm)))
    return None if best is None else best[1]


@pytest.mark.parametrize("seed", range(4))
def test_lexicographic_assignment_is_the_first_cheapest(seed):
    """Random sparse costs (ties, negative, huge), some columns required: the least total
    cost, then the earliest columns row by row, as brute force finds them; None where no
    assignment covers the rows and the required columns."""
    rng = random.Random(seed)
    found = none = 0
    for _ in range(300):
        k = rng.randint(0, 5)
        m = rng.randint(k, 7)
        rows, cols = rng.sample(range(100), k), rng.sample(range(100, 200), m)
        p, span = rng.random(), rng.choice([1, 2, 3, 10 ** 30])
        cost = {(r, c): rng.randint(-span, span) for r in rows for c in cols if rng.random() < p}
        required = {c for c in cols if rng.random() < 0.3}
        got = lexicographic_assignment(rows, cols, cost, required)
        assert got == _brute(rows, cols, cost, required), (rows, cols, cost, required)
        found += got is not None and k > 1
        none += got is None
    assert found > 50 and none > 20


def test_the_dual_certifies_the_least_cost():
    """The dual returned bounds every edge from below and meets the assigned ones; a dual
    or an assignment changed by one fails the certificate."""
    rng = random.Random(5)
    n = 30
    adj = [[(c, rng.randint(0, 9)) for c in range(n) if rng.random() < 0.5] for _ in range(n)]
    got = min_cost_assignment(adj, n)
    assert got is not None
    col_of, u, v = got
    assert sorted(col_of) == list(range(n))
    certify(adj, col_of, u, v)
    u[0] += 1
    with pytest.raises(CertificateError):
        certify(adj, col_of, u, v)
    u[0] -= 1
    # two rows swapped onto edges of higher cost: not tight any more
    swapped = next((a, b) for a in range(n) for b in range(a + 1, n)
                   if dict(adj[a]).get(col_of[b], -1) > u[a] + v[col_of[b]]
                   and col_of[a] in dict(adj[b]))
    a, b = swapped
    col_of[a], col_of[b] = col_of[b], col_of[a]
    with pytest.raises(CertificateError):
        certify(adj, col_of, u, v)


def _cases():
    for edition in ("2026", "2017"):
        for seed in range(6):
            yield _bracket(edition, seed)
            yield _big_bracket(edition, seed, 12 + 4 * (seed % 4))
            yield _walled_top(edition, seed, 2 + seed % 2)


def test_shortcuts_give_the_full_methods_result(monkeypatch):
    """Every bracket handed to the exact method (all of them here) gets the same first best
    candidate — vector, pairs, downfloaters — with the shortcuts and with the whole order in
    the matching's weights; each way of settling the exchange occurs: proven by the dual of
    S1's assignment, by the small matching (nobody exchanged), by the whole order (also on
    the pairs a dual of the small matching's pairing leaves tight)."""
    real = exact.first_best
    compared = []
    used = {"proven": 0, "small": 0, "whole": 0, "restricted": 0}
    real_matching = exact._Exact.matching
    real_no_exchange = exact._Exact.no_exchange

    def count(self, verts, required, order, span, keep=None):
        if exact.SHORTCUTS:
            used["whole" if order.__name__ == "order2" else "small"] += (
                order.__name__ in ("order2", "exchanged"))
            used["restricted"] += keep is not None
        return real_matching(self, verts, required, order, span, keep)

    def proven(self, *args):
        got = real_no_exchange(self, *args)
        used["proven"] += got is not None
        return got

    def both(ss):
        monkeypatch.setattr(exact, "SHORTCUTS", False)
        full = real(ss)
        monkeypatch.setattr(exact, "SHORTCUTS", True)
        fast = real(ss)
        assert fast == full
        compared.append(len(ss.residents))
        return fast

    monkeypatch.setattr(exact, "first_best", both)
    monkeypatch.setattr(exact._Exact, "matching", count)
    monkeypatch.setattr(exact._Exact, "no_exchange", proven)
    monkeypatch.setattr(structure, "EXACT_ONLY", True)
    for st in _cases():
        tables._LAST_ROUND[0] = None
        try:
            pair(st)
        except ValueError:
            continue  # no legal pairing of this random history
    tables._LAST_ROUND[0] = None
    assert len(compared) >= 40
    assert used["proven"] >= 5 and used["whole"] >= 5 and used["small"] - used["whole"] >= 5, used
    assert used["restricted"] >= 3, used


def test_pair_cost_packs_the_criteria_digits(monkeypatch):
    """The exact method's pair costs, packed from each player's own digits plus the pair's
    penalties, equal the criteria digits packed one by one, for every pair of every structure
    handed over: PAB rank ([C9]), colours, floats by score level, MDPs (small corpus events
    and the generated brackets above)."""
    from shared_paths import SHARED

    from pairchk.formats import trf
    from pairchk.state import round_state

    real = exact.first_best
    checked = {"pairs": 0, "c9": 0, "levels": 0}

    def check(ss):
        got = real(ss)
        ex = exact._Exact(ss)
        players = ss.mdps + ss.residents
        for i, u in enumerate(players):
            for v in players[i + 1:]:
                assert ex.pair_cost(u, v) == ex.packed(ex.criteria_digits(u, v)), (u, v)
                checked["pairs"] += 1
        checked["c9"] += ss.c9_active
        checked["levels"] += ex.nlev > 1
        return got

    monkeypatch.setattr(exact, "first_best", check)
    monkeypatch.setattr(structure, "EXACT_ONLY", True)
    states = list(_cases())
    if SHARED is not None:
        for folder, edition in (("dutch", "2026"), ("dutch2017", "2017")):
            for f in sorted((SHARED / "corpus" / folder).glob("*.trf"))[:3]:
                t = trf.load(f.read_bytes(), path=str(f)).tournament
                states += [round_state(t, r, edition=edition)
                           for r in range(1, t.played_rounds + 1)]
    for st in states:
        tables._LAST_ROUND[0] = None
        try:
            pair(st)
        except ValueError:
            continue
    tables._LAST_ROUND[0] = None
    assert checked["pairs"] > 1000 and checked["levels"] > 0, checked
    if SHARED is not None:
        assert checked["c9"] > 0, checked


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_out_of_reach_ideal_goes_to_the_exact_method_at_once(monkeypatch, edition):
    """A walled bracket of 48 players: the matching bound puts the ideal out of reach, the
    exact method pairs it at once, and the search with its budgets (the early hand-over off)
    gives the same pairing."""
    seen = []
    real = structure.StructureSearch.ideal_out_of_reach

    def spy(self):
        got = real(self)
        seen.append(got)
        return got

    monkeypatch.setattr(structure.StructureSearch, "ideal_out_of_reach", spy)
    st = _big_bracket(edition, 0, 48)
    tables._LAST_ROUND[0] = None
    early = pair(st)
    assert seen == [True]
    monkeypatch.setattr(structure, "EARLY_EXACT_SIZE", 10 ** 6)
    tables._LAST_ROUND[0] = None
    searched = pair(st)
    tables._LAST_ROUND[0] = None
    assert (_pairs(early), early.bye) == (_pairs(searched), searched.bye)


def test_the_out_of_reach_bound_never_hides_a_reachable_ideal(monkeypatch):
    """Wherever the search reaches a structure's ideal vector, the matching bound does not
    call that ideal out of reach (small corpus events and random brackets)."""
    from shared_paths import SHARED

    from pairchk.formats import trf
    from pairchk.state import round_state

    real = structure.StructureSearch.search
    reached = []

    def spy(self):
        got = real(self)
        if got is not None and got[0] == self.ideal:
            assert not structure.StructureSearch.ideal_out_of_reach(self)
            reached.append(1)
        return got

    monkeypatch.setattr(structure.StructureSearch, "search", spy)
    monkeypatch.setattr(structure, "EARLY_EXACT_SIZE", 10 ** 6)
    states = list(_cases())
    if SHARED is not None:
        for folder, edition in (("dutch", "2026"), ("dutch2017", "2017")):
            for f in sorted((SHARED / "corpus" / folder).glob("*.trf"))[:6]:
                t = trf.load(f.read_bytes(), path=str(f)).tournament
                states += [round_state(t, r, edition=edition)
                           for r in range(1, t.played_rounds + 1)]
    for st in states:
        tables._LAST_ROUND[0] = None
        try:
            pair(st)
        except ValueError:
            continue
    tables._LAST_ROUND[0] = None
    assert len(reached) > 50
