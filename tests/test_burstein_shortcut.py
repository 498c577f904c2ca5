"""The exact shortcuts of the Burstein bracket pairing (pairchk.systems.burstein.shortcut) and the
full method's warm start against the full method (one weighted matching over the bracket and
every player below it): wherever a shortcut answers, its answer is the full method's; on brackets of generated events and on
brackets cut at random from their rounds (random incoming floaters, so that the stand-ins, the
completion with one pair from the next scoregroup down and the fall-backs all occur)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from pairchk.generate.individual import Settings, generate
from pairchk.system import UnpairableError
from pairchk.systems.burstein import shortcut
from pairchk.systems.burstein.pair import Weights, order_weight, pair_bracket, pair_full, split
from pairchk.systems.burstein.system import SYSTEM


def _relaxed(bs, bracket, nxt, lower):
    n = len(bracket)
    return shortcut.relaxed(bs, bracket, nxt, lower, Weights(bs, bracket, nxt), order_weight,
                            (n + 2) ** n)


def _compare(bs, bracket, nxt, lower, seen: Counter):
    """Both shortcuts against the full method on one bracket; the full method's answer."""
    try:
        full = pair_full(bs, bracket, nxt, lower)
    except UnpairableError:
        full = None
    g = shortcut.greedy(bs, bracket, nxt, lower)
    r = _relaxed(bs, bracket, nxt, lower)
    for name, got in (("greedy", g), ("relaxed", r)):
        if got is not None:
            assert got == full, (name, bs.round, bracket, nxt, got, full)
            seen[name] += 1
    if g is None and r is None:
        seen["fallback"] += 1
    if full is not None:
        assert pair_bracket(bs, bracket, nxt, lower) == full
        assert pair_full(bs, bracket, nxt, lower, warm=True) == full
    else:
        with pytest.raises(UnpairableError):
            pair_full(bs, bracket, nxt, lower, warm=True)
    return full


def _states(t):
    for rnd in range(1, t.played_rounds + 1):
        st = SYSTEM.state(t, rnd, edition="2026")
        if not st.seeding:
            yield st.bs, SYSTEM.published(t, rnd)


def _event_brackets(t, seen: Counter) -> None:
    """Every bracket of every Burstein round as the engine met it."""
    for bs, pub in _states(t):
        remaining = sorted((n for n in bs.base.order if n != pub.bye), key=lambda n: -bs.score(n))
        floaters: list[int] = []
        while remaining:
            bracket, nxt, lower = split(bs, remaining, floaters)
            full = _compare(bs, bracket, nxt, lower, seen)
            assert full is not None
            floaters = full[1]
            remaining = lower + floaters


def _cut_brackets(t, rng: random.Random, seen: Counter, tries: int = 6) -> None:
    """Brackets cut at random: the players from some score down, plus a few random players from
    above as incoming floaters."""
    for bs, pub in _states(t):
        players = [n for n in bs.base.order if n != pub.bye]
        scores = sorted({bs.score(n) for n in players})
        for _ in range(tries):
            cut = rng.choice(scores)
            below = [n for n in players if bs.score(n) <= cut]
            above = [n for n in players if bs.score(n) > cut]
            floaters = rng.sample(above, min(len(above), rng.choice([0, 1, 1, 2, 3])))
            if (len(below) + len(floaters)) % 2:
                continue
            floaters.sort(key=lambda n: -bs.score(n))
            bracket, nxt, lower = split(bs, sorted(below, key=lambda n: -bs.score(n)) + floaters,
                                        floaters)
            _compare(bs, bracket, nxt, lower, seen)


def _event(seed: int, small: int = 8, large: int = 40) -> object:
    rng = random.Random(seed)
    return generate(Settings(system="burstein", players=rng.randint(small, large),
                             rounds=rng.randint(3, 9), seed=seed,
                             forfeit_rate=rng.choice([0, 0.03, 0.1]),
                             bye_rate=rng.choice([0, 0.03, 0.1]),
                             withdraw_rate=rng.choice([0, 0.02])))


def test_shortcuts_give_the_full_methods_pairing():
    seen: Counter = Counter()
    rng = random.Random(1)
    for seed in range(1, 9):
        t = _event(seed)
        _event_brackets(t, seen)
        _cut_brackets(t, rng, seen)
    # each way is taken on these cases (so the comparison above compares something)
    assert seen["greedy"] > 50 and seen["relaxed"] > 50 and seen["fallback"] > 0, seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 160))
def test_shortcuts_give_the_full_methods_pairing_sweep(seed):
    seen: Counter = Counter()
    t = _event(seed, 8, 24 if seed % 3 else 90)
    _event_brackets(t, seen)
    _cut_brackets(t, random.Random(seed), seen, tries=10)


def test_round_one_of_a_large_field_is_the_greedy():
    """Round 1 (one round: no seeding rounds): one bracket of everybody, no colour
    preferences, nobody met: BSN 1 meets the last BSN, 2 the last but one, ... ([C8] has
    nothing to count, art. 4), proved without the weighted matching."""
    t = generate(Settings(system="burstein", players=41, rounds=1, seed=3))
    bs, pub = next(_states(t))
    order = [n for n in bs.base.order if n != pub.bye]
    got = shortcut.greedy(bs, order, [], [])
    assert got is not None and got == pair_full(bs, order, [], [])
    bsn = sorted(order, key=bs.rank_key)
    assert got[0] == sorted(zip(bsn[:20], reversed(bsn[20:])))


class _Partners:
    def __init__(self, edges: set[frozenset]):
        self.edges = edges

    def adjacency(self, players):
        return [sum(1 << j for j, b in enumerate(players) if frozenset((a, b)) in self.edges)
                for a in players]


class _State:
    def __init__(self, edges):
        self.partners = _Partners(edges)


def _brute_completes(edges, f_n, f_r, nxt, rest, k) -> bool:
    players = f_n + f_r + nxt + rest
    if len(players) % 2:
        return False

    def allowed(a, b):
        if frozenset((a, b)) not in edges:
            return False
        kinds = {x: ("fn" if x in f_n else "fr" if x in f_r else "n" if x in nxt else "r")
                 for x in (a, b)}
        pair = tuple(sorted(kinds.values()))
        return pair in {("fn", "n"), ("fr", "r"), ("n", "n"), ("r", "r"), ("n", "r")}

    def go(left, nr):
        if not left:
            return nr == k
        a = left[0]
        for b in left[1:]:
            if allowed(a, b):
                cross = int({a, b} & set(nxt) != set() and {a, b} & set(rest) != set())
                if go([x for x in left if x not in (a, b)], nr + cross):
                    return True
        return False

    return go(players, 0)


def test_completes_matches_brute_force():
    """:func:`shortcut.completes` (cardinality matchings, Gallai-Edmonds for one pair across)
    against an enumeration of all perfect matchings on small random graphs."""
    rng = random.Random(5)
    answers = Counter()
    for _ in range(400):
        people = list(range(1, 2 * rng.randint(2, 5) + 1))
        rng.shuffle(people)
        cuts = sorted(rng.sample(range(len(people) + 1), 3))
        f_n, f_r = people[:cuts[0]], people[cuts[0]:cuts[1]]
        nxt, rest = people[cuts[1]:cuts[2]], people[cuts[2]:]
        p = rng.choice([0.5, 0.7, 0.9])
        edges = {frozenset(e) for e in itertools.combinations(people, 2) if rng.random() < p}
        k = (len(f_n) + len(nxt)) % 2 if rng.random() < 0.9 else rng.choice([0, 1])
        got = shortcut.completes(_State(edges), f_n, f_r, nxt, rest, k)
        assert got == _brute_completes(edges, f_n, f_r, nxt, rest, k), (f_n, f_r, nxt, rest, k)
        answers[(k, got)] += 1
    assert all(answers[(k, v)] > 10 for k in (0, 1) for v in (True, False)), answers
