"""The Dubov engine's searches against the long way: each fast search (bitset rows, one
augmenting path per choice, Gallai-Edmonds for the bye, a weighted matching for the forced
pairs of 3.2.4.1) returns what the definition it implements returns, on random relations
(every player its own class in :class:`pairchk.systems.partners.Partners`, so any graph), and
a round of thousands of players pairs without exhausting the recursion limit."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import permutations

import pytest

from pairchk.model import Player, Tournament
from pairchk.systems.dubov import edition1997 as e97
from pairchk.systems.dubov.pair import forced_pairs, s1_t2
from pairchk.systems.dubov.rules import (
    completable,
    dubov_state,
    first_leaving_completable,
    pair_graph,
)
from pairchk.systems.dubov.system import SYSTEM
from pairchk.systems.partners import Partners


def _random_state(rng: random.Random, n: int, density: float, edition: str = "2026"):
    """A round-1 state of ``n`` players whose legal pairs are a random graph."""
    t = Tournament(rounds=5, players=tuple(Player(i, rating=2400 - i) for i in range(1, n + 1)))
    ds = dubov_state(t, 1, edition=edition)
    edges = {frozenset((a, b)) for a in range(1, n + 1) for b in range(a + 1, n + 1)
             if rng.random() < density}
    pt = Partners(ds.base, ds.base.order, key=lambda x: x,
                  pair_ok=lambda a, b: frozenset((a, b)) in edges)
    return replace(ds, partners=pt)


def _first_transposition(ds, g1, g2):
    """4.4 the long way: every transposition of T2 in lexicographic TPN order."""
    s1 = sorted(g1, key=lambda n: (ds.p(n).aro, ds.tpn(n)))
    for t2 in permutations(sorted(g2, key=ds.tpn)):
        if all(ds.legal(a, b) for a, b in zip(s1, t2)):
            return list(zip(s1, t2))
    return None


def _least_inner_pairs(ds, small, large):
    """3.2.4.1 the long way: every legal pairing of the bracket."""
    players = small + large
    best = None

    def go(rest, inner):
        nonlocal best
        if not rest:
            best = inner if best is None else min(best, inner)
            return
        a, others = rest[0], rest[1:]
        for b in others:
            if ds.legal(a, b):
                go([x for x in others if x != b], inner + (a in small and b in small))

    go(players, 0)
    return best or 0


def test_s1_t2_is_the_first_legal_transposition():
    rng = random.Random(7)
    found = 0
    for case in range(300):
        half = rng.randint(1, 6)
        ds = _random_state(rng, 2 * half, rng.choice([0.3, 0.5, 0.7, 0.9]))
        players = list(ds.base.order)
        rng.shuffle(players)
        g1, g2 = players[:half], players[half:]
        expected = _first_transposition(ds, g1, g2)
        assert s1_t2(ds, g1, g2) == expected, case
        found += expected is not None
    assert 50 < found < 300  # both outcomes were exercised


def test_forced_pairs_is_the_least_number_of_inner_pairs():
    rng = random.Random(11)
    forced = 0
    for case in range(200):
        n = 2 * rng.randint(1, 5)
        ds = _random_state(rng, n, rng.choice([0.4, 0.6, 0.8]))
        players = list(ds.base.order)
        rng.shuffle(players)
        k = rng.randint(n // 2, n)  # the smaller subgroup is often the larger here: any split
        small, large = players[:k], players[k:]
        expected = _least_inner_pairs(ds, small, large)
        assert forced_pairs(ds, small, large) == expected, case
        forced += expected > 0
    assert forced > 20  # the weighted matching decided often


def test_the_bye_leaves_the_others_completable():
    rng = random.Random(5)
    for case in range(200):
        n = 2 * rng.randint(1, 8) + 1
        ds = _random_state(rng, n, rng.choice([0.15, 0.3, 0.6]))
        players = list(ds.base.order)
        cands = rng.sample(players, rng.randint(1, n))
        expected = next((c for c in cands if completable(ds, [m for m in players if m != c])), None)
        assert first_leaving_completable(ds, players, cands) == expected, case


def _rows_long_way(ds, ws, bs):
    """6.2/6.3 as first written: a recursive search over the arrangements."""
    players = ws + bs

    def partners(a, free):
        if a in ws:
            k = ws.index(a)
            cand = [b for b in bs if b in free] + [w for w in ws[k + 1:] if w in free] + \
                [w for w in reversed(ws[:k]) if w in free]
        else:
            cand = [b for b in bs if b in free]
        return [c for c in cand if c != a and ds.legal(a, c)]

    out = []

    def go(free):
        if not free:
            return True
        a = next(n for n in players if n in free)
        for b in partners(a, free):
            rest = free - {a, b}
            if completable(ds, sorted(rest, key=players.index)):
                out.append((a, b))
                if go(rest):
                    return True
                out.pop()
        return False

    return list(out) if go(set(players)) else None


@pytest.mark.parametrize("symmetric", [True, False])
def test_1997_rows_are_the_first_arrangement(symmetric):
    rng = random.Random(3)
    for case in range(200):
        n = rng.randint(1, 12)
        ds = _random_state(rng, n, rng.choice([0.3, 0.5, 0.8]), edition="1997")
        if not symmetric:  # a game on one side of a file only: pairs are asked one by one
            pt = ds.partners
            pt.symmetric = False
            assert pair_graph(ds, list(ds.base.order)) is None
        players = list(ds.base.order)
        rng.shuffle(players)
        k = rng.randint(0, n)
        ws, bs = players[:k], players[k:]
        assert e97._rows(ds, ws, bs) == _rows_long_way(ds, ws, bs), case


@pytest.mark.parametrize("edition", ["2026", "1997"])
def test_round_of_thousands_pairs_without_deep_recursion(edition):
    # round 1 of 2,400 players: one bracket of 2,400 whose S1-T2 search took a recursion as
    # deep as the bracket (and cubic time); 2026 4.4: T2 is G2 itself, all pairs legal
    n = 2400
    t = Tournament(rounds=9, players=tuple(Player(i, rating=2800 - i // 3) for i in range(1, n + 1)))
    p = SYSTEM.pair(SYSTEM.state(t, 1, edition=edition))
    assert sorted(tuple(sorted(x.players)) for x in p.pairs) == [(i, i + n // 2) for i in range(1, n // 2 + 1)]
