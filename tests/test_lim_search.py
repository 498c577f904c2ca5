"""The Lim engine's compatibility relation and its completion search against the long way:
:class:`pairchk.systems.partners.Partners` (colour classes plus opponents met) answers what the
pair-by-pair definition of 2.1 answers, and :class:`PairableRest` (one augmenting path per
question) answers what a fresh matching of the rest answers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pairchk.generate.individual import Settings, generate
from pairchk.model import Player, Tournament
from pairchk.systems.lim.pair import pair_round
from pairchk.systems.lim.rules import PairableRest, can_pair_all, lim_state, pair_allowed
from pairchk.systems.partners import Partners


@pytest.mark.parametrize("seed", range(4))
def test_compatibility_is_2_1_pair_by_pair(seed):
    t = generate(Settings(system="lim", players=18 + 5 * seed, rounds=6, seed=seed,
                          forfeit_rate=0.1, bye_rate=0.05, withdraw_rate=0.05))
    for rnd in range(1, t.rounds + 1):
        ls = lim_state(t, rnd)
        order = ls.base.order
        for a in order:
            for b in order:
                met = a == b or ls.base.met(a, b)
                strict = not met and pair_allowed(ls.p(a).colors, ls.p(b).colors)
                assert ls.compatible(a, b) is strict, (rnd, a, b)
                assert ls.relaxed().compatible(a, b) is (strict if rnd < t.rounds else not met)


def _random_state(rng: random.Random, n: int, density: float):
    t = Tournament(rounds=5, players=tuple(Player(i, rating=2400 - i) for i in range(1, n + 1)))
    ls = lim_state(t, 1)
    edges = {frozenset((a, b)) for a in range(1, n + 1) for b in range(a + 1, n + 1)
             if rng.random() < density}
    pt = Partners(ls.base, ls.base.order, key=lambda x: x,
                  pair_ok=lambda a, b: frozenset((a, b)) in edges)
    return replace(ls, partners=pt, graph={})


@pytest.mark.parametrize("symmetric", [True, False])
def test_pairable_rest_answers_as_a_fresh_matching(symmetric):
    rng = random.Random(17)
    answers = set()
    for case in range(150):
        n = 2 * rng.randint(1, 9)
        ls = _random_state(rng, n, rng.choice([0.2, 0.4, 0.7]))
        ls.partners.symmetric = symmetric and ls.partners.symmetric
        players = list(ls.base.order)
        rng.shuffle(players)
        players = players[: 2 * rng.randint(1, n // 2)]
        guess = rng.sample(players, len(players))  # a start the search may use, or not
        rest = PairableRest(ls, players, zip(guess[::2], guess[1::2]) if case % 2 else ())
        while len(players) >= 2:
            asked = [(a, b) for a in players for b in players if a != b]
            ok = []
            for a, b in rng.sample(asked, min(len(asked), 12)):
                expected = can_pair_all(ls, [m for m in players if m not in (a, b)])
                assert rest.without(a, b) is expected, case
                answers.add(expected)
                if expected:
                    ok.append((a, b))
            if not ok:
                break
            a, b = rng.choice(ok)
            rest.remove(a, b)
            players = [m for m in players if m not in (a, b)]
    assert answers == {True, False}


def test_round_one_of_thousands_7_2_top_half_against_bottom_half():
    n = 2400
    t = Tournament(rounds=12, players=tuple(Player(i, rating=2800 - i // 3) for i in range(1, n + 1)))
    p = pair_round(lim_state(t, 1))
    assert sorted(tuple(sorted(x.players)) for x in p.pairs) == [(i, i + n // 2) for i in range(1, n // 2 + 1)]


def test_floaters_matched_to_the_adjacent_group_as_a_maximum_matching():
    import networkx as nx

    from pairchk.systems.lim.pair import _matched

    rng = random.Random(23)
    for case in range(150):
        n = rng.randint(2, 16)
        ls = _random_state(rng, n, rng.choice([0.2, 0.4, 0.7]))
        players = list(ls.base.order)
        rng.shuffle(players)
        k = rng.randint(0, n)
        floaters, adjacent = players[:k], players[k:]
        g = nx.Graph()
        g.add_nodes_from(players)
        g.add_edges_from((f, m) for f in floaters for m in adjacent if ls.compatible(f, m))
        size = len(nx.bipartite.maximum_matching(g, top_nodes=floaters)) // 2 if floaters else 0
        assert _matched(ls, floaters, adjacent) == size, case
