"""Edmonds maximum-cardinality matching against brute force on random small graphs."""

import random
from functools import lru_cache

from pairchk.matching import matching_size, max_matching, max_weight_matching, max_weight_matching_from


def _brute(n, edges):
    @lru_cache(maxsize=None)
    def best(mask):
        # first free vertex: leave it unmatched or match it to a later free neighbour
        for v in range(n):
            if mask >> v & 1:
                break
        else:
            return 0
        rest = mask & ~(1 << v)
        b = best(rest)
        for u in range(v + 1, n):
            if rest >> u & 1 and (v, u) in edges:
                b = max(b, 1 + best(rest & ~(1 << u)))
        return b

    return best((1 << n) - 1)


def _random_graph(rnd: random.Random, n: int, p: float) -> tuple[list[int], set]:
    """Adjacency bitsets and edge set of a G(n, p) graph."""
    adj = [0] * n
    edges = set()
    for i in range(n):
        for j in range(i + 1, n):
            if rnd.random() < p:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
                edges.add((i, j))
    return adj, edges


def test_random_graphs_match_brute_force():
    rnd = random.Random(7)
    for _ in range(300):
        n = rnd.randint(1, 11)
        p = rnd.random()
        adj, edges = _random_graph(rnd, n, p)
        m = max_matching(adj)
        assert all(m[v] == -1 or (m[m[v]] == v and adj[v] >> m[v] & 1) for v in range(n))
        assert matching_size(m) == _brute(n, frozenset(edges))


def test_odd_cycle_blossom_and_warm_start():
    # a 5-cycle with a pendant: the blossom must be contracted to find the perfect matching
    adj = [0] * 6
    for a, b in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5)]:
        adj[a] |= 1 << b
        adj[b] |= 1 << a
    assert matching_size(max_matching(adj)) == 3
    warm = [1, 0, -1, -1, -1, -1]
    assert matching_size(max_matching(adj, match=warm)) == 3


def test_larger_random_graphs_match_networkx_with_and_without_warm_starts():
    import networkx as nx

    from pairchk.matching import missable

    rnd = random.Random(11)
    for _ in range(120):
        n = rnd.randint(10, 60)
        p = rnd.choice((0.05, 0.1, 0.3, 0.8))
        adj = [0] * n
        G = nx.Graph()
        G.add_nodes_from(range(n))
        for i in range(n):
            for j in range(i + 1, n):
                if rnd.random() < p:
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
                    G.add_edge(i, j)
        want = len(nx.max_weight_matching(G, maxcardinality=True))
        active = (1 << n) - 1
        m = max_matching(adj)
        assert matching_size(m) == want
        warm = [-1] * n  # a partial matching to start from: the first few pairs of m
        for v in range(n // 3):
            if m[v] > v:
                warm[v], warm[m[v]] = m[v], v
        assert matching_size(max_matching(adj, match=warm)) == want
        # Gallai-Edmonds: with deficiency one, D is the set a maximum matching can miss
        deficiency, D = missable(adj, active)
        assert deficiency == n - 2 * want
        if deficiency == 1:
            for v in range(n):
                rest = active & ~(1 << v)
                can_miss = matching_size(max_matching(adj, active=rest)) == want
                assert bool(D >> v & 1) == can_miss


def test_random_warm_starts_and_active_subsets_match_brute_force():
    """Warm starts put a root next to both ends of a matched edge (a triangle) and other
    states a greedy start never makes; every answer must still be maximum."""
    rnd = random.Random(5)
    for _ in range(1500):
        n = rnd.randint(3, 11)
        p = rnd.random()
        adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if rnd.random() < p:
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        active = sum(1 << v for v in range(n) if rnd.random() < 0.85)
        warm = [-1] * n
        for v in rnd.sample(range(n), n):  # a random matching inside active
            if warm[v] == -1 and active >> v & 1:
                us = [u for u in range(n) if adj[v] >> u & 1 and warm[u] == -1 and u != v
                      and active >> u & 1]
                if us and rnd.random() < 0.7:
                    u = rnd.choice(us)
                    warm[u], warm[v] = v, u
        sub = [a & active if active >> v & 1 else 0 for v, a in enumerate(adj)]
        edges = frozenset((i, j) for i in range(n) for j in range(i + 1, n) if sub[i] >> j & 1)
        m = max_matching(adj, match=warm, active=active)
        assert all(m[v] == -1 or (m[m[v]] == v and sub[v] >> m[v] & 1) for v in range(n))
        assert matching_size(m) == _brute(n, edges)


def test_deficiency_set_is_the_gallai_edmonds_set():
    """deficiency_set: the vertices some maximum matching leaves unmatched are exactly those
    whose removal keeps the maximum matching size (brute force), for any deficiency."""
    from pairchk.matching import deficiency_set

    rnd = random.Random(11)
    checked_big = 0
    for _ in range(400):
        n = rnd.randint(1, 11)
        p = rnd.random() * 0.6
        adj, edges = _random_graph(rnd, n, p)
        nu = _brute(n, frozenset(edges))
        deficiency, d = deficiency_set(adj, (1 << n) - 1)
        assert deficiency == n - 2 * nu
        for v in range(n):
            rest = frozenset((a if a < v else a - 1, b if b < v else b - 1)
                             for a, b in edges if v not in (a, b))
            assert bool(d >> v & 1) == (_brute(n - 1, rest) == nu), (n, edges, v)
        checked_big += deficiency >= 2
    assert checked_big > 50


# --------------------------------------------------------------------------- weighted matching


def _brute_weighted(n, weights, maxcardinality):
    """(pairs, weight) of the best matching by exhaustive search: the heaviest, or with
    ``maxcardinality`` the heaviest of the largest (compared as (pairs, weight))."""

    @lru_cache(maxsize=None)
    def best(mask):
        for v in range(n):
            if mask >> v & 1:
                break
        else:
            return (0, 0)
        rest = mask & ~(1 << v)
        b = best(rest)
        for u in range(v + 1, n):
            w = weights.get((v, u))
            if rest >> u & 1 and w is not None:
                c, s = best(rest & ~(1 << u))
                b = max(b, (c + 1, s + w) if maxcardinality else (0, s + w))
        return b

    return best((1 << n) - 1)


def _value(m, weights, maxcardinality):
    return (len(m) if maxcardinality else 0, sum(weights[min(a, b), max(a, b)] for a, b in m))


def _check_matching(m, weights):
    ends = [x for pair in m for x in pair]
    assert len(ends) == len(set(ends))
    assert all((min(a, b), max(a, b)) in weights for a, b in m)


def test_weighted_matching_matches_brute_force():
    rnd = random.Random(26)
    for _ in range(600):
        n = rnd.randint(1, 10)
        p = rnd.choice((0.3, 0.6, 1.0))
        top = rnd.choice((1, 3, 10, 10**25))
        weights = {(i, j): rnd.randint(-top // 5, top) for i in range(n) for j in range(i + 1, n)
                   if rnd.random() < p}
        edges = [(i, j, w) for (i, j), w in weights.items()]
        for mc in (False, True):
            m = max_weight_matching(edges, maxcardinality=mc)
            _check_matching(m, weights)
            assert _value(m, weights, mc) == _brute_weighted(n, weights, mc)


def test_weighted_matching_matches_networkx_on_larger_graphs():
    import networkx as nx

    rnd = random.Random(2026)
    for _ in range(25):
        n = rnd.randint(10, 45)
        p = rnd.choice((0.1, 0.5, 0.95))
        top = rnd.choice((2, 50, 10**40))
        # vertex names need not be 0..n-1
        names = rnd.sample(range(10 * n), n)
        weights = {}
        for i in range(n):
            for j in range(i + 1, n):
                if rnd.random() < p:
                    a, b = sorted((names[i], names[j]))
                    weights[a, b] = rnd.randint(0, top)
        g = nx.Graph()
        g.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items())
        for mc in (False, True):
            m = max_weight_matching([(a, b, w) for (a, b), w in weights.items()], mc)
            _check_matching(m, weights)
            assert _value(m, weights, mc) == _value(nx.max_weight_matching(g, mc), weights, mc)


def test_weighted_matching_needs_blossoms():
    # a triangle 0-1-2 with a pendant 2-3: the heaviest matching uses the pendant edge
    assert max_weight_matching([(0, 1, 6), (1, 2, 5), (0, 2, 5), (2, 3, 5)]) == {(0, 1), (2, 3)}
    # two triangles joined by one light edge: maximum cardinality needs the joining edge
    edges = [(0, 1, 9), (1, 2, 9), (0, 2, 9), (3, 4, 9), (4, 5, 9), (3, 5, 9), (2, 3, 1)]
    m = max_weight_matching(edges, maxcardinality=True)
    assert len(m) == 3 and (2, 3) in m
    assert max_weight_matching([]) == set()


def test_weighted_matching_from_the_default_start_is_the_same_run():
    """Started from the empty matching and the duals the algorithm would choose itself (the
    largest weight everywhere), :func:`max_weight_matching_from` is the same computation as
    :func:`max_weight_matching` with ``maxcardinality``: the very same pairs, ties included."""
    rnd = random.Random(7)
    for _ in range(300):
        n = rnd.randint(2, 30)
        top = rnd.choice((1, 3, 10**25))
        edges = [(i, j, rnd.randint(0, top)) for i in range(n) for j in range(i + 1, n)
                 if rnd.random() < 0.5]
        if not edges:
            continue
        big = max(0, max(w for _, _, w in edges))
        duals = {x: big for e in edges for x in e[:2]}
        assert max_weight_matching_from(edges, [], duals) == max_weight_matching(edges, True)


def test_weighted_matching_from_a_feasible_start_finds_the_optimum():
    """Random feasible starts (a part of the graph matched on tight edges, vertex duals with
    every slack >= 0, all of one parity): a maximum matching, and where one is perfect the
    heaviest perfect matching's weight, as brute force and :func:`max_weight_matching` find
    it; small and huge weights."""
    rnd = random.Random(8)
    perfect = 0
    for _ in range(500):
        n = rnd.randint(1, 5) * 2 - (rnd.random() < 0.2)
        top = rnd.choice((1, 3, 10, 10**25))
        # a "uniform" part U (its pairs weigh `base`), the rest weighted at random
        uniform = set(rnd.sample(range(n), rnd.randint(0, n)))
        base = rnd.randint(0, 3)
        weights = {}
        for i in range(n):
            for j in range(i + 1, n):
                if rnd.random() < rnd.choice((0.5, 0.9)):
                    weights[i, j] = base if i in uniform or j in uniform else rnd.randint(0, top)
        if not weights:
            continue
        edges = [(i, j, w) for (i, j), w in weights.items()]
        heavy = max(max(weights.values()), base)
        heavy += (heavy - base) % 2  # one parity with `base` on U
        duals = {v: base if v in uniform else heavy for v in range(n)}
        matched, used = [], set()
        for (i, j) in weights:  # greedy pairs inside U: tight (base + base = 2 base)
            if i in uniform and j in uniform and i not in used and j not in used:
                matched.append((i, j))
                used |= {i, j}
        m = max_weight_matching_from(edges, matched, duals)
        _check_matching(m, weights)
        best = _brute_weighted(n, weights, True)
        assert len(m) == best[0]
        if 2 * len(m) == n:
            perfect += 1
            assert _value(m, weights, True) == best
            assert _value(m, weights, True) == _value(max_weight_matching(edges, True), weights,
                                                      True)
    assert perfect > 150
