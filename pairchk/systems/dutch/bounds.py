"""Lower bounds that prune the bracket search (C.04.3 2026 [C8]-[C21]; 2017 C.7-C.19).

Count bounds on [C12]/[C13] (2017 C.10/C.11) from colour-preference categories
(:func:`colour_bounds`, and when each S1 player takes a distinct S2 partner
:func:`bipartite_colour_bounds`); the Hungarian method (:func:`min_assignment`), which decides
exactly whether pass 1 can still reach the ideal vector; and :class:`PruningBounds`, the bounds
of a branch of :class:`~.structure.StructureSearch`: componentwise lower-bound vectors,
bipartite matchings of the remaining S1 players onto later partners (who grants colours, who
must not float) and [C14]/[C16] (2017 C.12/C.14) from residents who downfloated before. A
bound only cuts branches that cannot beat the best candidate: it decides the time, never the
result.
"""

from __future__ import annotations

from typing import Any

from ...matching import bipartite_matching
from .tables import RoundTables


def colour_bounds(round_: RoundTables, remaining: list[int], r: int) -> tuple[int, int]:
    """Lower bounds on [C12]/[C13] failures when ``r`` pairs are formed from ``remaining``.

    With ``a`` players preferring the majority colour, ``b`` the other, ``c`` none and ``f``
    left unpaired, at least ceil(((a - f) - (b + c)) / 2) pairs join two players wanting the
    majority colour; such a pair fails [C13] unless one of them is mild.

    Two absolute preferences for the same colour spare [C13] (the wider colour difference wins,
    art. 5.2.2), but such a pair is made only with a topscorer ([C3]) and always fails [C10]
    or [C11], which come first: if both |CD| exceed 1, one gets a difference beyond 2; else
    one has |CD| <= 1 and is absolute by two games of the other colour in a row, and that
    one (with equal differences: either, both having repeated the same colour) gets it a third
    time (:func:`.criteria.colour_penalties`; tests/test_dutch_exact.py checks it on
    every short history). So the bound holds in the order of the criteria, the order in which
    every vector is compared.
    """
    w = bl = c = 0
    wm = bm = 0
    cat = round_.colour_category
    for x in remaining:
        k = cat[x]
        if k == 0:
            c += 1
        elif k <= 3:
            w += 1
            wm += k == 1
        else:
            bl += 1
            bm += k == 4
    f = len(remaining) - 2 * r
    hi, lo, mild = (w, bl, wm) if w >= bl else (bl, w, bm)
    lb12 = max(0, (hi - f) - (lo + c))
    lb12 = (lb12 + 1) // 2
    lb13 = max(0, lb12 - mild)
    return lb12, lb13


def min_assignment(cost: list[list[int]]) -> int:
    """Minimum total of a perfect assignment of rows to columns of a square ``cost`` matrix
    (Hungarian method, O(n^3)); entries >= :data:`INF` mark forbidden cells."""
    n = len(cost)
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    p = [0] * (n + 1)  # p[j]: row assigned to column j (1-based, 0 = none)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [INF * 4] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            row = cost[i0 - 1]
            delta = INF * 4
            j1 = 0
            ui0 = u[i0]
            for j in range(1, n + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    return sum(cost[p[j] - 1][j - 1] for j in range(1, n + 1))


INF = 1 << 20


def bipartite_colour_bounds(round_: RoundTables, tops: list[int],
                            others: list[int]) -> tuple[int, int]:
    """[C12]/[C13] lower bounds when every top takes a distinct partner among ``others``."""
    tc = [0] * 7
    oc = [0] * 7
    for x in tops:
        tc[round_.colour_category[x]] += 1
    for x in others:
        oc[round_.colour_category[x]] += 1
    return bounds_from_counts(tc, oc)


def bounds_from_counts(tc, oc) -> tuple[int, int]:
    """Bipartite bounds from colour-category counts (see ``RoundTables.colour_category``).

    A top preferring white is granted only against a partner preferring black or nothing, so
    at least (tW - oB) + (tB - oW) - o0 tops are refused (each count floored at 0); for [C13]
    a strong/absolute top is spared only by a partner of the other colour, without preference
    or with a mild preference (an absolute partner of the same colour spares it only at the
    cost of [C10]/[C11]: see :func:`colour_bounds`).
    """
    tw = tc[1] + tc[2] + tc[3]
    tb = tc[4] + tc[5] + tc[6]
    tws = tc[2] + tc[3]
    tbs = tc[5] + tc[6]
    o0 = oc[0]
    ow = oc[1] + oc[2] + oc[3]
    ob = oc[4] + oc[5] + oc[6]
    lb12 = max(0, max(0, tw - ob) + max(0, tb - ow) - o0)
    lb13 = max(0, max(0, tws - ob - oc[1]) + max(0, tbs - ow - oc[4]) - o0)
    return lb12, lb13


def category_counts(round_: RoundTables, xs) -> tuple:
    """How many of ``xs`` fall in each colour category (see ``RoundTables.colour_category``)."""
    v = [0] * 7
    for q in xs:
        v[round_.colour_category[q]] += 1
    return tuple(v)


def tops_have_later_partners(tops: list[int], nr: int) -> bool:
    """Quick feasibility of an exchange: every top (index into the remainder of ``nr``
    players) needs a later non-top partner."""
    tset = set(tops)
    free_after = 0
    for q in range(nr - 1, -1, -1):
        if q in tset:
            if free_after == 0:
                return False
            free_after -= 1
        else:
            free_after += 1
    return True


class PruningBounds:
    """The pruning bounds of one structure search, a mixin of
    :class:`~.structure.StructureSearch` whose search state they read: a branch is cut when a
    lower bound of its candidates' vectors cannot beat the best so far (pass 1: cannot equal
    the ideal vector)."""

    # the state of the search these bounds read (set by :class:`~.structure.StructureSearch`)
    round: RoundTables
    best: Any
    target: tuple | None
    seed: bool
    nodes: int
    ideal: tuple
    ideal8: tuple
    ideal9: int | tuple[()]
    single: dict[int, tuple]
    zero_levels: tuple
    has_downfloat_history: bool
    resident_set: set[int]
    down1: set[int]
    down2: set[int]
    down12: set[int]
    ok_float: set[int]
    must_not_float: set[int]
    forced_pair: set[int]
    _warm_tops: dict[int, int]
    _warm_must: dict[int, int]
    _warm_ok: dict[int, int]

    def head_bound(self, cands) -> tuple:
        """Best [C8]/[C9] reachable when the floaters come from ``cands``."""
        if not self.single:
            return self.ideal8, self.ideal9
        vals = [self.single[y] for y in cands if y in self.single]
        return min(vals) if vals else (self.ideal8, self.ideal9)

    def _beaten(self, lbv) -> bool:
        """Whether a lower-bound vector cannot beat the best (pass 1: cannot be the target)."""
        tgt = self.target
        if tgt is not None and lbv > tgt:
            return True
        b = self.best
        if b is None:
            return False
        return lbv > b[0] if self.seed else lbv >= b[0]

    def cannot_beat(self, acc: list, remaining, r: int, tops=None, others=None) -> bool:
        """True if no completion of this branch can beat the best (componentwise bound).

        Colour bounds from preference counts ([C12]/[C13], :func:`colour_bounds`); with
        ``tops``/``others`` (each top takes a distinct other) the tighter bipartite ones;
        [C14]/[C16] from residents who downfloated before and must float."""
        if self.best is None and self.target is None:
            return False
        round_ = self.round
        if tops is not None:
            lb12, lb13 = bipartite_colour_bounds(round_, tops, others)
            fl = len(others) - len(tops)
            pool = others
        else:
            lb12, lb13 = colour_bounds(round_, remaining, r)
            fl = len(remaining) - 2 * r
            pool = remaining
        lb14 = lb16 = 0
        if fl > 0 and self.has_downfloat_history:
            lb14, lb16 = self._float_bounds(pool, fl, tops, others)
        h8, h9 = self.head_bound(pool)
        zl = self.zero_levels
        lbv = (h8, h9, acc[0], acc[1], acc[2] + lb12, acc[3] + lb13, lb14, acc[4], lb16,
               acc[5], zl, tuple(acc[6]), zl, tuple(acc[7]))
        return self._beaten(lbv)

    def _float_bounds(self, pool, fl: int, tops, others) -> tuple[int, int]:
        """Lower bounds on [C14]/[C16] (2017 C.12/C.14) when ``fl`` of ``pool`` float."""
        resident_set, down1, down2 = self.resident_set, self.down1, self.down2
        free1 = free2 = 0
        for x in pool:
            if x in resident_set:
                if x not in down1:
                    free1 += 1
                if x not in down2:
                    free2 += 1
        lb14 = max(0, fl - free1)
        lb16 = max(0, fl - free2)
        if tops is not None:
            # a resident who downfloated before and must not float again needs a top with a
            # smaller index (tops take later partners): greedy count of those left over. Only
            # residents in down1/down2 can miss; events are encoded 2*pos+kind (same order as
            # sorting (pos, kind) tuples, cheaper)
            dres = [2 * y + 1 for y in others if y in self.down12]
            events = sorted([2 * t_ for t_ in tops] + dres) if dres else ()
            av1 = av2 = 0
            miss1 = miss2 = 0
            for ev in events:
                if not ev & 1:
                    av1 += 1
                    av2 += 1
                    continue
                pos_ = ev >> 1
                if pos_ in down1:
                    if av1:
                        av1 -= 1
                    else:
                        miss1 += 1
                if pos_ in down2:
                    if av2:
                        av2 -= 1
                    else:
                        miss2 += 1
            lb14 = max(lb14, miss1)
            lb16 = max(lb16, miss2)
        return lb14, lb16

    def _exchange_cannot_beat(self, acc: list, c1, c2, key) -> bool:
        """Bipartite colour bound of an exchange from category counts only: S1 counts ``c1``
        and S2 counts ``c2`` with the players of signature ``key`` = (out, in) exchanged."""
        if self.best is None and self.target is None:
            return False
        oc, ic = key
        tc = tuple(a - o + i for a, o, i in zip(c1, oc, ic))
        occ = tuple(a + o - i for a, o, i in zip(c2, oc, ic))
        lb12, lb13 = bounds_from_counts(tc, occ)
        zl = self.zero_levels
        lbv = (self.ideal8, self.ideal9, acc[0], acc[1], acc[2] + lb12, acc[3] + lb13, 0,
               acc[4], 0, acc[5], zl, tuple(acc[6]), zl, tuple(acc[7]))
        return self._beaten(lbv)

    def ideal_reachable(self, tops: list[int], free: list[int], acc: list) -> bool:
        """Pass 1: can the remaining tops still give a candidate equal to the ideal vector?

        Such a candidate meets every component of the ideal exactly: no [C10]/[C11]/upfloat
        failure, only floaters with the ideal [C8]/[C9] and no float history, and exactly
        the ideal [C12]/[C13] counts. That is an assignment problem (tops -> later partners,
        surplus players -> allowed floaters) with 0/1 colour costs, solved exactly by the
        Hungarian method (:func:`min_assignment`); the count bounds alone leave brackets such
        as 23 players / one floater to the node budget."""
        ideal = self.ideal
        left12 = ideal[4] - acc[2]
        left13 = ideal[5] - acc[3]
        if left12 < 0 or acc[0] or acc[1] or acc[4] or acc[5] or len(tops) > 30:
            return left12 >= 0
        round_ = self.round
        adj = round_.adj
        nf = len(free)
        # the Hungarian method costs about as much as nf^3 / 200 search nodes: counted as such,
        # so that the budget bounds the time a hopeless pass 1 spends here
        self.nodes += nf ** 3 // 200
        big = 64
        rows = []
        for t_ in tops:
            ca = adj[t_]
            row = []
            for y in free:
                if y < t_ or not (ca >> y & 1):
                    row.append(INF)
                    continue
                p = round_.pair_penalties(t_, y)
                if p[0] or p[1] or p[4] or p[5]:
                    row.append(INF)
                else:
                    row.append(p[2] * big + p[3])
            rows.append(row)
        frow = [0 if y in self.ok_float else INF for y in free]
        rows.extend([frow] * (nf - len(tops)))
        best_cost = min_assignment(rows)
        if best_cost >= INF:
            return False
        return (best_cost // big, best_cost % big) <= (left12, left13)

    def still_possible(self, tops: list[int], free: list[int], acc: list) -> bool:
        """False when the remaining tops cannot complete this branch well enough: a matching
        of tops to later compatible partners must exist that covers every resident who must
        not float, and the tops that cannot get a colour-granting partner (bipartite maximum
        matching on such edges) must not push [C12] past the best/target.

        (Pass 1: with no colour failure left to spend, tops may only take partners that grant
        both preferences. By Mendelsohn-Dulmage one matching covering all tops and one
        covering all must-pair residents imply one covering both.) The matchings run on
        bitsets and start from those of the previous call (:func:`.bipartite_matching`): a
        search step changes the graph by one pair."""
        round_ = self.round
        ideal = self.ideal
        target = self.target is not None
        strict12 = target and acc[2] >= ideal[4]
        strict13 = target and acc[3] >= ideal[5]
        mnf = (self.must_not_float | self.forced_pair) if target else self.forced_pair
        if len(tops) > 40 and not (mnf and any(y in mnf for y in free)):
            return True  # large open remainders: the count bounds suffice (speed)
        fmask = 0
        for y in free:
            fmask |= 1 << y
        adj = round_.adj
        bar = round_.same12 if strict12 else round_.fail13 if strict13 else None
        edges = {}
        for t_ in tops:
            e = adj[t_] & fmask & ~((2 << t_) - 1)
            if bar is not None:
                e &= ~bar[t_]
            if not e:
                return False
            edges[t_] = e
        got, self._warm_tops = bipartite_matching(tops, edges, self._warm_tops, complete=True)
        if got < len(tops):
            return False
        must = [y for y in free if y in mnf]
        if must:
            tmask = 0
            for t_ in tops:
                tmask |= 1 << t_
            redges = {}
            for y in must:
                e = adj[y] & tmask & ((1 << y) - 1)
                if bar is not None:
                    e &= ~bar[y]
                if not e:
                    return False
                redges[y] = e
            got, self._warm_must = bipartite_matching(must, redges, self._warm_must,
                                                      complete=True)
            if got < len(must):
                return False
        if self.best is not None or target:
            same12 = round_.same12
            ok_edges = {t_: edges[t_] & ~same12[t_] for t_ in tops}
            got, self._warm_ok = bipartite_matching(tops, ok_edges, self._warm_ok)
            lb12 = len(tops) - got
            h8, h9 = self.head_bound(free)
            zl = self.zero_levels
            lbv = (h8, h9, acc[0], acc[1], acc[2] + lb12, acc[3], 0, acc[4], 0,
                   acc[5], zl, tuple(acc[6]), zl, tuple(acc[7]))
            if self._beaten(lbv):
                return False
        return True
