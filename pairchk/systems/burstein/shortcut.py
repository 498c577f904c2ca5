"""Exact shortcuts for one Burstein bracket: the pairing :func:`.pair.pair_full` finds, without
its weighted matching over the bracket and *every* player below it.

The full method maximises one weight over the perfect matchings of ``bracket + lower``; only
pairs inside ``X = bracket + next scoregroup`` weigh anything beyond the constant 1 every pair
gets. Write ``B`` for the bracket, ``N`` for the next scoregroup, ``R`` for the players below
it. A perfect matching has a *profile*: its pairs inside ``B``; the floaters ``F_N`` it pairs
with ``N`` and ``F_R`` with ``R``; the number ``k`` of ``N``-``R`` pairs. Its weight depends on
the profile alone (minus a constant): the ``N``-``N`` pairs all weigh the same (same score), a
floater's pair with ``N`` weighs by the floater's score, and pairs touching ``R`` weigh nothing,
so [C7] is ``c7a = j + (|N| - j - k) / 2`` (``j = |F_N|``) and ``c7b = f_N (|N| - k) +
sum f(F_N)``, both decreasing in ``k``.

The full method's answer inside the bracket is unique: two pairings with different pairs
inside ``B`` differ in the order weight of art. 4 (see :func:`.pair.order_weight`). So any
method that finds *an* optimum of the same weight finds the same bracket pairing; both
shortcuts below find a candidate, prove at run time that it is an optimum (an upper bound it
reaches), and otherwise answer None so that the caller falls back to the full method.

* :func:`greedy` - the art. 4 greedy: BSN 1 takes the largest opponent it may meet such that
  the players still free can keep [C8] at its count bound ``m`` (the fewest same-side pairs the
  numbers preferring White, Black, neither allow), else floats; then BSN 2 ... Accepted when
  it leaves ``|B| mod 2`` floaters, the floater (if any) on the lowest score of the bracket,
  exactly ``m`` misses, and the rest can be completed with the best [C7] any such pairing can
  have. Proof: each criterion is then at its upper bound in turn ([C5] ``floor(|B| / 2)``
  pairs; [C6] only a lowest score floats; [C7] no floater: every optimum pairs ``N + R`` alone,
  the same for all; one floater: ``j = 1``, ``k = (|N| + 1) mod 2`` is the most, ``f`` of a
  bracket player exceeding ``f_N``; [C8] ``m`` misses, the least any pairing floating a lowest
  score can have). So every optimum has ``m`` misses, and each of its choices keeps the
  greedy's lookahead condition (a necessary one); at the first BSN where an optimum leaves the
  greedy it meets a player the greedy could have taken, hence a smaller one, or floats where
  the greedy pairs: the greedy's order weight is larger, so the greedy is the optimum.
* :func:`relaxed` - one weighted matching over ``B`` plus a few stand-ins: ``s`` for ``N``
  (pairwise adjacent, adjacent to every bracket player with a partner in ``N``, pairs weighing
  an ``N``-``N`` pair) and ``t`` for ``R`` (likewise, weight nothing), ``s = |N|`` or at least
  ``d + 1`` of the parity of ``|N|`` (``d`` the bracket's least number of floaters), ``t`` the
  same for ``R``. Every perfect matching of the players, its ``k`` lowered to ``k mod 2``
  (which weighs no less), is one of this graph when it has at most ``|F| + 1 <= s, t``
  floaters; one with more floaters than the stand-ins' optimum has fewer pairs in the bracket
  ([C5], the top level) and weighs less. So the stand-ins' optimum bounds every pairing from
  above; if its profile can be completed with the real players (:func:`completes`: cardinality
  matchings only), it is an optimum of the full method.
"""

from __future__ import annotations

from ...matching import _bits, matching_size, max_matching, max_weight_matching, missable
from ...model import Color
from .rules import BursteinState

Pairs = list[tuple[int, int]]


def _result(pos: dict[int, int], pairs, bracket: list[int]) -> tuple[Pairs, list[int]]:
    """The bracket pairing as :func:`.pair.pair_full` returns it: each pair lower BSN first,
    sorted; the floaters in BSN order."""
    out = sorted(((a, b) if pos[a] < pos[b] else (b, a)) for a, b in pairs)
    paired = {x for p in out for x in p}
    return out, [n for n in sorted(bracket, key=pos.__getitem__) if n not in paired]


def _perfect(rows: list[int], active: int) -> bool:
    mate = max_matching(rows, active=active, perfect=True)
    return all(mate[v] >= 0 for v in _bits(active))


def completes(bs: BursteinState, f_n: list[int], f_r: list[int], nxt: list[int],
              rest: list[int], k: int) -> bool | None:
    """Whether the players ``f_n + f_r + nxt + rest`` have a legal perfect matching pairing each
    of ``f_n`` with ``nxt``, each of ``f_r`` with ``rest``, and exactly ``k`` (0 or 1) players of
    ``nxt`` with ``rest`` (the rest of ``nxt`` among themselves, of ``rest`` likewise). None when
    the question is not one of these (a player not to be paired, ``k`` > 1).

    ``k = 1``: some ``x`` of ``nxt`` and ``y`` of ``rest`` may meet, ``f_n + nxt - x`` and
    ``f_r + rest - y`` pair completely; the ``x`` for which the first holds are the vertices a
    maximum matching of ``f_n + nxt`` can leave out (Gallai-Edmonds, :func:`~pairchk.matching.
    missable`), the ``y`` likewise.
    """
    players = f_n + f_r + nxt + rest
    adj = bs.partners.adjacency(players)
    if adj is None or k not in (0, 1):
        return None
    a, b, c = len(f_n), len(f_n) + len(f_r), len(f_n) + len(f_r) + len(nxt)
    fn_m, fr_m = (1 << a) - 1, (1 << b) - (1 << a)
    n_m, r_m = (1 << c) - (1 << b), (1 << len(players)) - (1 << c)
    # pairs allowed inside each half: f_n - nxt, nxt - nxt; f_r - rest, rest - rest
    rows = [adj[v] & (n_m if v < a else r_m if v < b else (n_m | fn_m) if v < c else (r_m | fr_m))
            for v in range(len(players))]
    top, bottom = fn_m | n_m, fr_m | r_m
    if k == 0:
        return _perfect(rows, top) and _perfect(rows, bottom)
    d_top, miss_top = missable(rows, top)
    d_bot, miss_bot = missable(rows, bottom)
    if d_top != 1 or d_bot != 1:
        return False
    miss_bot &= r_m
    return any(adj[x] & miss_bot for x in _bits(miss_top & n_m))


def _misses_at_least(w: int, b: int, o: int, floats: int) -> int:
    """The fewest pairs of same-side players ([C8] misses) a set of ``w`` players preferring
    White, ``b`` Black and ``o`` neither can have when all but ``floats`` (0 or 1) of them pair:
    the excess of one side over everyone else pairs within itself.

    >>> _misses_at_least(5, 1, 0, 0), _misses_at_least(5, 1, 1, 1), _misses_at_least(2, 2, 1, 1)
    (2, 1, 0)
    """
    excess = max(w - b - o, b - w - o) - floats
    return max(0, excess) // 2


def greedy(bs: BursteinState, bracket: list[int], nxt: list[int], lower: list[int]
           ) -> tuple[Pairs, list[int]] | None:
    """The art. 4 greedy pairing of the bracket when it is provably the optimum, else None.

    BSN 1 takes the largest opponent it may meet such that the players still free can keep
    [C8] at its bound ``m`` (the fewest misses the colour counts allow: :func:`_misses_at_least`,
    the floater of an odd bracket chosen among its lowest scores), else floats; then BSN 2 ...
    Accepted when it ends with ``|B| mod 2`` floaters, the floater on the lowest score, ``m``
    misses, and the rest completes with the best [C7] (see the module's docstring). Then every
    optimum has ``m`` misses too, so each of its choices keeps the lookahead's (necessary)
    condition: at the first BSN where it leaves the greedy it takes a smaller opponent, or
    floats where the greedy pairs, and weighs less by art. 4.
    """
    bsn = sorted(bracket, key=bs.rank_key)  # 4.1
    adj = bs.partners.adjacency(bsn)
    if adj is None:
        return None
    pref = [bs.pref(n) for n in bsn]
    side = {Color.WHITE: 0, Color.BLACK: 0, Color.NONE: 0}
    for i, p in enumerate(pref):
        side[p] |= 1 << i
    count = {c: m.bit_count() for c, m in side.items()}
    low = min(bs.score(n) for n in bracket)
    odd = len(bsn) % 2
    if odd:  # [C6]: a lowest score floats; [C8]'s bound over the sides it may come from
        bound = min(_least(count, 0, without=p) for p, n in zip(pref, bsn) if bs.score(n) == low)
    else:
        bound = _least(count, 0)
    free = (1 << len(bsn)) - 1
    misses = 0
    pairs: list[tuple[int, int]] = []
    floats: list[int] = []
    for i in range(len(bsn)):
        if not free >> i & 1:
            continue
        free &= ~(1 << i)
        count[pref[i]] -= 1
        to_float = odd - len(floats)
        ok = 0
        for c in _SIDES:  # the sides i may meet: [C8] stays within its bound
            count[c] -= 1
            miss = int(c is pref[i] and c is not Color.NONE)
            if misses + miss + _least(count, to_float) <= bound:
                ok |= side[c]
            count[c] += 1
        ok &= adj[i] & free
        if ok:
            j = ok.bit_length() - 1  # the largest BSN
            free &= ~(1 << j)
            count[pref[j]] -= 1
            misses += int(pref[i] is pref[j] and pref[i] is not Color.NONE)
            pairs.append((bsn[i], bsn[j]))
        elif to_float and bs.score(bsn[i]) == low:
            floats.append(bsn[i])
        else:
            return None
    if misses != bound:
        return None
    nset = set(nxt)
    rest = [n for n in lower if n not in nset]
    if not floats:
        done = completes(bs, [], [], [], lower, 0)  # every optimum pairs the bracket alone
    elif not nxt:
        done = completes(bs, [], floats, [], rest, 0)
    else:
        done = completes(bs, floats, [], nxt, rest, (len(nxt) + 1) % 2)  # the best [C7]
    if not done:
        return None
    return _result({n: k for k, n in enumerate(bsn, 1)}, pairs, bracket)


_SIDES = (Color.WHITE, Color.BLACK, Color.NONE)


def _least(count: dict[Color, int], floats: int, without: Color | None = None) -> int:
    """:func:`_misses_at_least` of the players counted by side (less one of ``without``)."""
    w, b, o = (count[c] - (c is without) for c in _SIDES)
    return _misses_at_least(w, b, o, floats)


def _stand_ins(full: int, need: int) -> int:
    """``full`` when it is at most ``need + 1``, else the least number >= ``need`` of the
    parity of ``full``."""
    if full <= need + 1:
        return full
    return need + (need - full) % 2


def relaxed(bs: BursteinState, bracket: list[int], nxt: list[int], lower: list[int],
            weight, order_weight, scale: int) -> tuple[Pairs, list[int]] | None:
    """The bracket pairing from the weighted matching of the bracket and stand-ins for the
    players below it, when its profile completes with the real players (see the module's
    docstring), else None. ``weight``, ``order_weight`` and ``scale`` are the full method's."""
    nset = set(nxt)
    rest = [n for n in lower if n not in nset]
    bsn = sorted(bracket, key=bs.rank_key)
    pos = {n: k for k, n in enumerate(bsn, 1)}
    nb = len(bsn)
    adj = bs.partners.adjacency(bsn + nxt + rest)
    if adj is None:
        return None
    n_m = ((1 << len(nxt)) - 1) << nb
    r_m = ((1 << len(rest)) - 1) << (nb + len(nxt))
    in_b = (1 << nb) - 1
    floats_min = nb - 2 * matching_size(max_matching(adj, active=in_b))
    bb = []
    for i, a in enumerate(bsn):
        for j in _bits(adj[i] & in_b & ~((2 << i) - 1)):
            b = bsn[j]
            bb.append((a, b, 1 + weight(a, b) * scale + order_weight(pos, a, b)))
    while True:
        s = _stand_ins(len(nxt), floats_min + 1)
        t = _stand_ins(len(rest), floats_min + 1)
        ns, rs = list(range(-1, -s - 1, -1)), list(range(-s - 1, -s - t - 1, -1))
        edges = list(bb)
        if nxt:
            w_bn = {n: 1 + weight(n, nxt[0]) * scale for n in bsn}
            w_nn = 1 + weight(nxt[0], nxt[0]) * scale
            edges += [(bsn[i], x, w_bn[bsn[i]]) for i in range(nb) if adj[i] & n_m for x in ns]
            edges += [(x, y, w_nn) for i, x in enumerate(ns) for y in ns[i + 1:]]
        edges += [(bsn[i], y, 1) for i in range(nb) if adj[i] & r_m for y in rs]
        edges += [(x, y, 1) for x in ns for y in rs]
        edges += [(x, y, 1) for i, x in enumerate(rs) for y in rs[i + 1:]]
        m = max_weight_matching(edges, maxcardinality=True)
        if 2 * len(m) != nb + s + t:
            return None  # no perfect matching even so: the full method says why
        partner = {x: y for p in m for x, y in (p, p[::-1])}
        floats = [n for n in bsn if partner[n] < 0]
        if (s < len(nxt) and len(floats) + 1 > s) or (t < len(rest) and len(floats) + 1 > t):
            floats_min = len(floats)  # the stand-ins may have been too few: more of them
            continue
        break
    f_n = [n for n in floats if partner[n] >= -s]
    f_r = [n for n in floats if partner[n] < -s]
    k = sum(1 for x in ns if partner[x] < -s)
    if not completes(bs, f_n, f_r, nxt, rest, k):
        return None
    return _result(pos, [(a, partner[a]) for a in bsn if partner[a] in pos and pos[a] < pos[partner[a]]],
                   bracket)


__all__ = ["greedy", "relaxed", "completes"]
