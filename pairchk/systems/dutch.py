"""The FIDE (Dutch) Swiss system, C.04.3 — editions "2026" (C0403202602) and "2017" (C0403Till2026).

:func:`pair` pairs one round from a :class:`~pairchk.state.RoundState`; :func:`criteria_values`
and :func:`absolute_violations` evaluate any complete pairing of that round (e.g. a published
one) so that the checker can name the first criterion on which it is worse.

How the engine works (procedural, brackets top-down, C.04.3 2026 art. 3-4):

* Before the first bracket the lowest score a PAB assignee can have is fixed ([C5], 2026 only)
  by maximum-cardinality matching (Edmonds, :mod:`pairchk.matching`) with a dummy vertex
  joined to the eligible players.
* Each bracket (incoming MDPs + residents) is paired by enumerating candidates in the
  generation order of the rules: number of pairs ([C6]) and MDP sets (best [C7], 2017: PSD,
  then lexicographic), MDP partners (S2 transpositions), then the remainder's exchanges
  (fewest players, smallest BSN-sum difference, highest BSN out of S1, lowest into S1) and
  transpositions. Each candidate gets the vector ([C8] pairs the next bracket can make,
  [C9] unplayed games of the PAB assignee, [C10]..[C13] colours, [C14]..[C21] floats); the
  first candidate reaching the ideal vector is taken at once, otherwise the best, ties to the
  earliest generated.
* Completion ([C4]: downfloaters + all lower players must still admit a legal pairing) is
  decided by matching, cached per set of downfloaters; residents whose floating would break it
  must be paired.
* Search is branch and bound in two passes: pass 1 only explores branches that can still
  reach the ideal vector, pass 2 everything (seeded with pass 1's best; ties still go to the
  earliest candidate). Bounds: colour-preference counts, bipartite matchings of the remaining
  S1 players onto later partners (who grants colours, who must not float). In pass 1 a
  remainder that has already cost :data:`EXACT_AFTER` nodes is also checked exactly: reaching
  the ideal is an assignment problem with 0/1 colour costs (Hungarian method), so branches
  that cannot reach it are cut and the first ideal candidate is found without the budget.
  Brackets whose ideal is unreachable and whose bounds stay loose are cut in pass 2 by a node
  budget (:data:`NODE_BUDGET`); the best candidate found is then used, which is where the
  engine can still differ from the endorsed one.

Semantics follow the endorsed engine (bbpPairings v6 for 2026, v5 for 2017) where the text is
open: [C8] counts pairs of the next bracket with completion of everything below (2017 C.7:
without), [C9] applies in the bracket from which the PAB assignee comes, floats and scores use
pairing scores (virtual points included), colour rule 5 uses the rank among players taking
part in the pairing.

>>> from pairchk.model import Tournament, Player
>>> from pairchk.state import round_state
>>> t = Tournament(rounds=3, players=tuple(Player(n, rating=2000 - n) for n in range(1, 6)))
>>> p = pair(round_state(t, 1, edition="2026"))
>>> [(x.white, x.black) for x in p.pairs], p.bye
([(1, 3), (4, 2)], 5)
"""

from __future__ import annotations

import sys
from decimal import Decimal
from itertools import combinations
from math import comb as _comb

from ..matching import _bits, matching_size, max_matching
from ..model import Color
from ..pairing import Pair, RoundPairing
from ..state import DOWN, UP, RoundState
from ..system import UnpairableError as _SystemUnpairable
from .dutch_criteria import (
    allocate_colours,
    board_key,
    colour_penalties,
    topscorer_pair_ok,
)

NAME = "dutch"

# Candidates examined per bracket (plus 3000 per bracket member; pass 1: 500) before the best
# one found so far is taken. Only reached in brackets without a perfect candidate and with
# weak bounds; see module docstring.
NODE_BUDGET = 100_000
PASS1_BUDGET = 30_000  # nodes for the first pass (ideal candidates only)
# Brackets up to this many residents get per-floater [C8]/[C9] values (tight bounds); larger
# ones (early rounds of big events) nearly always have a perfect candidate found directly.
SINGLE_FLOATER_LIMIT = 24
# Pass-1 nodes after which each remainder node is also checked exactly (assignment problem,
# see ``_ideal_reachable``); easy brackets reach their ideal before and skip the cost.
EXACT_AFTER = 1000


class UnpairableError(_SystemUnpairable):
    """No pairing of the round satisfies the absolute criteria C1-C3 (C.04.3 2026 1.9)."""


def _popcount(x: int) -> int:
    return x.bit_count()


def _compatibility(st: RoundState, nums: list[int], ps: list) -> list[int]:
    """Bitsets of the pairs allowed by C1-C3 (:func:`.dutch_criteria.compatible`), built from
    the complement: everybody, minus earlier opponents and forbidden pairs, minus (between
    non-topscorers) the same absolute colour preference. Vertex ``n`` is the PAB dummy."""
    n = len(nums)
    pos = {x: i for i, x in enumerate(nums)}
    full = (1 << n) - 1
    same_abs = {Color.WHITE: 0, Color.BLACK: 0}
    clash = [False] * n
    for i, p in enumerate(ps):
        if p.absolute and not topscorer_pair_ok(st, p, p):
            same_abs[p.pref] |= 1 << i
            clash[i] = True
    adj = [0] * (n + 1)
    for i, p in enumerate(ps):
        a = full & ~(1 << i)
        if clash[i]:
            # a topscorer partner lifts the clash (C3 exception), so keep those
            a &= ~same_abs[p.pref]
        adj[i] = a
    for i, p in enumerate(ps):
        for o in p.opponents:
            j = pos.get(o)
            if j is not None and j > i:
                adj[i] &= ~(1 << j)
                adj[j] &= ~(1 << i)
    for f in st.forbidden:
        xs = [pos.get(x) for x in f]
        if len(xs) == 2 and None not in xs:
            i, j = xs
            adj[i] &= ~(1 << j)
            adj[j] &= ~(1 << i)
    return adj


class _Round:
    """Per-round tables over positions 0..n-1 (players to be paired in pairing order)."""

    def __init__(self, st: RoundState):
        self.st = st
        self.nums = list(st.order)
        self.n = n = len(self.nums)
        self.ps = [st.players[x] for x in self.nums]
        self.score = [p.pairing_score for p in self.ps]
        self.adj = _compatibility(st, self.nums, self.ps)
        self.dummy = n
        self.odd = n % 2 == 1
        self.bye_score: Decimal | None = None
        self.bye_cand = 0
        self._pen: dict[tuple[int, int], tuple] = {}
        self.levels = sorted(set(self.score), reverse=True)
        self.level = {s: i for i, s in enumerate(self.levels)}
        self.rank9: dict[int, int] = {}
        self._comp: dict[int, bool] = {}
        # colour category: 0 none; white 1 mild, 2 strong, 3 absolute; black 4, 5, 6
        self.cat = []
        for p in self.ps:
            if p.pref is Color.NONE:
                self.cat.append(0)
            else:
                k = 3 if p.absolute else 2 if p.strong else 1
                self.cat.append(k if p.pref is Color.WHITE else k + 3)
        self._fix_bye()

    # -- completion ---------------------------------------------------------------------------
    def _with_dummy(self, cand: int) -> list[int]:
        adj = list(self.adj)
        adj[self.dummy] = cand
        for i in _bits(cand):
            adj[i] |= 1 << self.dummy
        return adj

    def _completing_adj(self, cand: int) -> list[int] | None:
        """The compatibility graph with a PAB dummy joined to ``cand``, if it pairs everybody."""
        adj = self._with_dummy(cand)
        full = (1 << self.n) - 1
        mate = max_matching(adj, active=full | (1 << self.dummy))
        return adj if matching_size(mate) * 2 == self.n + 1 else None

    def _fix_bye(self) -> None:
        full = (1 << self.n) - 1
        if not self.odd:
            mate = max_matching(self.adj, active=full)
            if matching_size(mate) * 2 != self.n:
                raise UnpairableError(f"round {self.st.round}: no pairing of all {self.n} players "
                                      "satisfies C1-C3")
            self.cadj = self.adj
            return
        eligible = [i for i in range(self.n) if self.ps[i].pab_eligible]
        if self.st.edition == "2017":
            # 2017: no criterion on the PAB assignee's score; any eligible player may be left
            # over at the bottom (C.2, completion C.4)
            cand = 0
            for i in eligible:
                cand |= 1 << i
            adj = self._completing_adj(cand)
            if adj is not None:
                self.bye_cand = cand
                self.cadj = adj
                return
            eligible = []
        for s in sorted({self.score[i] for i in eligible}):
            cand = 0
            for i in eligible:
                if self.score[i] <= s:
                    cand |= 1 << i
            adj = self._completing_adj(cand)
            if adj is not None:
                self.bye_score = s
                self.bye_cand = cand
                self.cadj = adj
                # C9 ranks: fewer games played -> higher rank (as pairing it is preferred)
                counts = sorted((self.ps[i].played for i in range(self.n) if self.score[i] == s),
                                reverse=True)
                for r, c in enumerate(counts):
                    self.rank9[c] = r
                return
        raise UnpairableError(f"round {self.st.round}: no pairing with a legal PAB assignee "
                              "satisfies C1-C3 (C.04.1 art. 4)")

    def completable(self, mask: int, warm: list[int] | None = None) -> bool:
        """Can the players in ``mask`` all be paired (one PAB candidate left when odd)?"""
        r = self._comp.get(mask)
        if r is None:
            r = self._completable(mask, warm)
            self._comp[mask] = r
        return r

    def _completable(self, mask: int, warm: list[int] | None) -> bool:
        k = _popcount(mask)
        if k % 2:
            if not self.odd:
                return False
            mask |= 1 << self.dummy
            k += 1
        if k == 0:
            return True
        mate = max_matching(self.cadj, match=warm, active=mask, perfect=True)
        return matching_size(mate) * 2 == k

    def warm(self, mask: int) -> list[int]:
        """A maximum matching of ``mask`` to seed later completion checks of supersets."""
        return max_matching(self.cadj, active=mask)

    # -- pair penalties -----------------------------------------------------------------------
    def pen(self, i: int, j: int) -> tuple:
        """(c10, c11, c12, c13, up1, up2) for pair i<j; up* = resident j upfloated 1/2 rounds ago
        while i has a higher score (C15/C17, and at i's score level C19/C21)."""
        key = (i, j)
        r = self._pen.get(key)
        if r is None:
            a, b = self.ps[i], self.ps[j]
            c = colour_penalties(a, b)
            het = self.score[i] > self.score[j]
            up1 = int(het and b.float_before(1) == UP)
            up2 = int(het and b.float_before(2) == UP)
            r = c + (up1, up2)
            self._pen[key] = r
        return r


_LAST_ROUND: list = [None, None]  # (state, _Round): the checker evaluates the round it paired


def round_tables(state: RoundState) -> _Round:
    """The per-round tables of ``state`` (built once per state; the engine and the evaluation
    of a published pairing of the same round share them)."""
    if _LAST_ROUND[0] is not state:
        _LAST_ROUND[1] = _Round(state)
        _LAST_ROUND[0] = state
    return _LAST_ROUND[1]


def pair(state: RoundState) -> RoundPairing:
    """Pair round ``state.round`` by the Dutch system of ``state.edition``; raise
    :class:`UnpairableError` when no legal pairing exists."""
    # the bracket search descends one level per S1 player (and the augmenting paths of the
    # bipartite bounds one per player): a 9,999-player bracket needs ~5,000 Python frames,
    # which CPython 3.11+ keeps off the C stack
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 2 * len(state.order) + 1000))
    try:
        return _pair(state)
    finally:
        sys.setrecursionlimit(limit)


def _pair(state: RoundState) -> RoundPairing:
    R = round_tables(state)
    pairs: list[tuple[int, int]] = []
    bye = None
    n = R.n
    pos = 0
    mdps: list[int] = []
    while pos < n or len(mdps) > 1:
        if pos < n:
            s = R.score[pos]
            end = pos
            while end < n and R.score[end] == s:
                end += 1
            residents = list(range(pos, end))
        else:
            # only MDPs are left: they form the last bracket on their own
            end = n
            residents, mdps = mdps, []
        nxt_end = end
        if end < n:
            s2 = R.score[end]
            while nxt_end < n and R.score[nxt_end] == s2:
                nxt_end += 1
        next_sg = list(range(end, nxt_end))
        lower = 0
        for i in range(end, n):
            lower |= 1 << i
        if state.edition == "2017" and lower:
            got, mdps = _pair_bracket_2017(R, mdps, residents, next_sg, lower)
            if got is None:  # the collapsed last bracket took every player left
                pairs.extend(mdps[0])
                mdps = mdps[1]
                break
        else:
            got, mdps = _pair_bracket(R, mdps, residents, next_sg, lower)
        pairs.extend(got)
        pos = end
    if mdps:
        bye = mdps[0]
    nums = R.nums
    out = []
    for i, j in pairs:
        w, b = allocate_colours(state, nums[i], nums[j])
        out.append(Pair(w, b))
    out.sort(key=lambda p: board_key(state, p.white, p.black))
    return RoundPairing(state.round, tuple(out), nums[bye] if bye is not None else None)


# ---------------------------------------------------------------------------------------------
# one bracket


def _pair_bracket(R: _Round, mdps: list[int], residents: list[int], next_sg: list[int],
                  lower: int, complete: bool = True) -> tuple[list[tuple[int, int]], list[int]]:
    res = _search_bracket(R, mdps, residents, next_sg, lower, allow_mdp_pairs=False,
                          complete=complete)
    if res is None:
        # MDPs that cannot meet any resident: pair the bracket as one homogeneous group
        # (needed only when completion forces MDPs to meet each other)
        res = _search_bracket(R, [], sorted(mdps + residents), next_sg, lower,
                              allow_mdp_pairs=True, complete=complete)
    if res is None:
        raise UnpairableError(f"round {R.st.round}: bracket at score "
                              f"{R.score[residents[0]] if residents else '?'} cannot be completed")
    return res


def _pair_bracket_2017(R: _Round, mdps: list[int], residents: list[int], next_sg: list[int],
                       lower: int):
    """A 2017 bracket with players below it (C.04.3 2017 A.9, C.4, C.7).

    The bracket is paired by its own criteria, C.7 (the following bracket) included, without
    regard to completion, which the 2017 text requires of the PPB only (C.4). If the players
    left over (its downfloaters and everybody below) cannot then be paired, this bracket is the
    PPB: it is paired again so that the round can be completed, without C.7 ("neither the PPB
    nor the CLB"), and all remaining players form the collapsed last bracket (CLB), paired as
    one bracket. This is how the endorsed 2017 engine (bbpPairings v5) reads A.9.

    Returns (pairs, downfloaters), or (None, (pairs of PPB and CLB, players left)) when the CLB
    was paired.
    """
    got, floaters = _pair_bracket(R, mdps, residents, next_sg, lower, complete=False)
    dmask = 0
    for x in floaters:
        dmask |= 1 << x
    if R.completable(dmask | lower):
        return got, floaters
    got, floaters = _pair_bracket(R, mdps, residents, [], lower)
    clb = [i for i in _bits(lower)]
    got2, left = _pair_bracket(R, floaters, clb, [], 0)
    return None, (got + got2, left)


def _next_bracket_scores(R: _Round, dmask: int, nmask: int, k: int, ymask: int | None) -> tuple:
    """[C8] second part (2026 C7 applied to the next bracket): among ways to make ``k`` pairs
    there, pair the highest-scored downfloaters. Returns the negated scores of the higher
    players of the ``k`` pairs, sorted from the highest (lower is better).

    Feasibility of "these downfloaters F paired, k pairs in all" is a perfect matching of
    F + next residents + u helper vertices joined to every next resident,
    u = |N| - (2k - |F|). Completion below (2026) is checked on the witness found, not on
    every such matching (simplification).
    """
    ds = [i for i in _bits(dmask)]
    ns = [i for i in _bits(nmask)]
    sN = R.score[ns[0]] if ns else Decimal(0)
    if not ds or k == 0:
        return tuple(-sN for _ in range(k))
    if len(ds) > 8:
        return ()
    opts = []
    for r in range(min(len(ds), k), -1, -1):
        for F in combinations(ds, r):
            sc = sorted([R.score[d] for d in F] + [sN] * (k - r), reverse=True)
            opts.append((tuple(-x for x in sc), F))
    opts.sort()
    for vec, F in opts:
        u = len(ns) - (2 * k - len(F))
        if u < 0:
            continue
        verts = list(F) + ns
        idx = {v: i for i, v in enumerate(verts)}
        m = len(verts) + u
        ladj = [0] * m
        for v in verts:
            a = 0
            for w in _bits(R.adj[v] & nmask):
                a |= 1 << idx[w]
            ladj[idx[v]] |= a
            for w in _bits(a):
                ladj[w] |= 1 << idx[v]
        for j in range(u):
            h = len(verts) + j
            for v in ns:
                ladj[h] |= 1 << idx[v]
                ladj[idx[v]] |= 1 << h
        if m % 2:
            continue
        mate = max_matching(ladj)
        if matching_size(mate) * 2 != m:
            continue
        if ymask is None:
            return vec
        # completion below with the players left over: the witness first, then (small
        # brackets) every choice of the next residents left over
        left = 0
        for d in ds:
            if d not in F:
                left |= 1 << d
        wl = left
        for v in ns:
            if mate[idx[v]] >= len(verts):
                wl |= 1 << v
        if R.completable(wl | ymask):
            return vec
        if _comb(len(ns), u) > 200:
            continue
        fmask = 0
        for d in F:
            fmask |= 1 << d
        for lo in combinations(ns, u):
            lm = 0
            for v in lo:
                lm |= 1 << v
            inside = (fmask | nmask) & ~lm
            sub = [0] * len(R.adj)
            for v in _bits(inside):
                sub[v] = R.adj[v] & inside & nmask if not (fmask >> v & 1) else R.adj[v] & inside & nmask
            for v in _bits(inside & nmask):
                sub[v] |= R.adj[v] & fmask & inside
            if matching_size(max_matching(sub, active=inside)) * 2 != _popcount(inside):
                continue
            if R.completable(left | lm | ymask):
                return vec
    return ()


def next_bracket_value(R: _Round, dmask: int, nmask: int, ymask: int) -> tuple:
    """[C8] (2026) / C.7 (2017) of a bracket whose downfloaters are ``dmask``: the pairs the
    next bracket (residents ``nmask``) can make, then the scores of the higher players of those
    pairs, both negated so that lower is better; ``(0, ())`` for the last bracket.

    2026: downfloaters with next residents and residents among themselves, while everything
    below (``ymask``) stays completable; 2017 C.7 looks "just in the following bracket".
    """
    if not nmask:
        return (0, ())
    k8 = _next_bracket_pairs(R, dmask, nmask, ymask)
    return (-k8, _next_bracket_scores(R, dmask, nmask, k8,
                                      None if R.st.edition == "2017" else ymask))


def c9_applies(R: _Round, S: list[int], lower: int, warm: list[int] | None = None) -> bool:
    """Whether [C9] (2026, unplayed games of the PAB assignee) applies to the bracket with
    residents ``S``: the round has a PAB, the bracket is at or below the PAB assignee's score
    ([C5]) and the players below can pair among themselves, so that the bracket's downfloater
    is the assignee (as the endorsed engine decides it before the bracket)."""
    if not S or not R.odd or R.bye_score is None or R.score[S[0]] > R.bye_score:
        return False
    if lower:
        return _popcount(lower) % 2 == 0 and R.completable(lower, warm)
    return True


class _ClbValues:
    """Values of a candidate in the 2017 collapsed last bracket (A.9), whose residents have
    several scores: the PSD (C.6, A.8) of its pairs and downfloaters, and the float criteria
    C.12-C.19 where a player paired with a lower-scored one also receives a downfloat (and the
    lower one an upfloat), each "score difference" being that pair's difference or, for a
    downfloater, its score minus (the lowest score in the bracket - 1). Score differences are
    counted per value, highest first, as the endorsed engine weighs them."""

    def __init__(self, R: _Round, members: list[int]):
        self.R = R
        scores = sorted({R.score[i] for i in members}, reverse=True)
        self.base = scores[-1] - 1
        values = {a - b for a in scores for b in scores if a > b}
        values |= {a - self.base for a in scores}
        self.index = {v: k for k, v in enumerate(sorted(values, reverse=True))}
        self.zero = (0,) * len(self.index)

    def values(self, pairs, floaters, residents) -> tuple:
        R = self.R
        sc = R.score
        psd = [abs(sc[x] - sc[y]) for x, y in pairs] + [sc[x] - self.base for x in floaters]
        n = len(self.index)
        c14 = c16 = 0
        c18, c19, c20, c21 = [0] * n, [0] * n, [0] * n, [0] * n
        down = [(x, sc[x] - self.base) for x in floaters]
        for x, y in pairs:
            hi, lo = (x, y) if sc[x] >= sc[y] else (y, x)
            if sc[hi] == sc[lo]:
                continue
            down.append((hi, sc[hi] - sc[lo]))
            k = self.index[sc[hi] - sc[lo]]
            if R.ps[lo].float_before(1) == UP:
                c19[k] += 1
            if R.ps[lo].float_before(2) == UP:
                c21[k] += 1
        for x, d in down:
            f1 = R.ps[x].float_before(1) == DOWN
            f2 = R.ps[x].float_before(2) == DOWN
            if x in residents:
                c14 += f1
                c16 += f2
            if f1:
                c18[self.index[d]] += 1
            if f2:
                c20[self.index[d]] += 1
        return (tuple(sorted(psd, reverse=True)), c14, c16, tuple(c18), tuple(c19), tuple(c20),
                tuple(c21))


def _colour_bounds(R: _Round, remaining: list[int], r: int) -> tuple[int, int]:
    """Lower bounds on [C12]/[C13] failures when ``r`` pairs are formed from ``remaining``.

    With ``a`` players preferring the majority colour, ``b`` the other, ``c`` none and ``f``
    left unpaired, at least ceil(((a - f) - (b + c)) / 2) pairs join two players wanting the
    majority colour; such a pair fails [C13] unless one of them is mild or both are absolute.
    """
    w = bl = c = 0
    wm = bm = wa = ba = 0
    cat = R.cat
    for x in remaining:
        k = cat[x]
        if k == 0:
            c += 1
        elif k <= 3:
            w += 1
            if k == 1:
                wm += 1
            elif k == 3:
                wa += 1
        else:
            bl += 1
            if k == 4:
                bm += 1
            elif k == 6:
                ba += 1
    f = len(remaining) - 2 * r
    if w >= bl:
        hi, lo, mild, ab = w, bl, wm, wa
    else:
        hi, lo, mild, ab = bl, w, bm, ba
    lb12 = max(0, (hi - f) - (lo + c))
    lb12 = (lb12 + 1) // 2
    lb13 = max(0, lb12 - mild - ab // 2)
    return lb12, lb13


def _min_assignment(cost: list[list[int]]) -> int:
    """Minimum total of a perfect assignment of rows to columns of a square ``cost`` matrix
    (Hungarian method, O(n^3)); entries >= :data:`_INF` mark forbidden cells."""
    n = len(cost)
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    p = [0] * (n + 1)  # p[j]: row assigned to column j (1-based, 0 = none)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [_INF * 4] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            row = cost[i0 - 1]
            delta = _INF * 4
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


_INF = 1 << 20


def _bip_size(left: list[int], edges: dict[int, list[int]]) -> int:
    """Size of a maximum bipartite matching of ``left`` (Kuhn's augmenting paths)."""
    match: dict[int, int] = {}

    def try_(u: int, seen: set) -> bool:
        for v in edges[u]:
            if v in seen:
                continue
            seen.add(v)
            if v not in match or try_(match[v], seen):
                match[v] = u
                return True
        return False

    n = 0
    for u in left:
        if try_(u, set()):
            n += 1
    return n


def _bipartite_colour_bounds(R: _Round, tops: list[int], others: list[int]) -> tuple[int, int]:
    """[C12]/[C13] lower bounds when every top takes a distinct partner among ``others``."""
    tc = [0] * 7
    oc = [0] * 7
    for x in tops:
        tc[R.cat[x]] += 1
    for x in others:
        oc[R.cat[x]] += 1
    return _bounds_from_counts(tc, oc)


def _bounds_from_counts(tc, oc) -> tuple[int, int]:
    """Bipartite bounds from colour-category counts (see ``_Round.cat``).

    A top preferring white is granted only against a partner preferring black or nothing, so
    at least (tW - oB) + (tB - oW) - o0 tops are refused (each count floored at 0); for [C13]
    a strong/absolute top is spared only by a partner of the other colour, without preference
    or with a mild preference.
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


def _next_bracket_pairs(R: _Round, dmask: int, nmask: int, ymask: int) -> int:
    adj = R.adj
    act = dmask | nmask
    adj8 = [0] * len(adj)
    for i in _bits(act):
        a = adj[i] & act
        if dmask >> i & 1:
            a &= nmask
        adj8[i] = a
    mate = max_matching(adj8, active=act)
    k = matching_size(mate)
    if R.st.edition == "2017":
        # 2017 C.7 looks at the next bracket alone (the endorsed engine does not re-check
        # completion below it there)
        return k
    left = 0
    for i in _bits(act):
        if mate[i] == -1:
            left |= 1 << i
    if R.completable(left | ymask):
        return k
    # the maximum matching found strands someone below: look for the players F of the next
    # bracket that go further down such that both sides can still be paired
    xs = list(_bits(act))
    for kk in range(k, -1, -1):
        f = len(xs) - 2 * kk
        if _comb(len(xs), f) > 3000:
            return k  # too many to try: keep the bound (documented simplification)
        for F in combinations(xs, f):
            fm = 0
            for i in F:
                fm |= 1 << i
            if not R.completable(fm | ymask):
                continue
            rest = act & ~fm
            if matching_size(max_matching(adj8, active=rest)) == kk:
                return kk
    return 0


def _levels_vector(R: _Round, players, bracket_levels) -> tuple:
    counts = [0] * len(bracket_levels)
    for p in players:
        counts[bracket_levels[R.score[p]]] += 1
    return tuple(counts)


def _search_bracket(R: _Round, M: list[int], S: list[int], N: list[int], lower: int,
                    allow_mdp_pairs: bool, complete: bool = True):
    adj = R.adj
    B = M + S
    bmask = 0
    for i in B:
        bmask |= 1 << i
    smask = 0
    for i in S:
        smask |= 1 << i
    # upper bound on pairs: matching inside the bracket without MDP-MDP edges
    badj = [0] * len(adj)
    for i in B:
        a = adj[i] & bmask
        if i in M:
            a &= smask
        badj[i] = a
    maxp = matching_size(max_matching(badj, active=bmask))
    blev_list = sorted({R.score[i] for i in B}, reverse=True)
    blev = {s: k for k, s in enumerate(blev_list)}
    warm_lower = R.warm(lower)
    comp_cache: dict[int, bool] = {}
    c8_cache: dict[int, tuple] = {}
    nmask = 0
    for i in N:
        nmask |= 1 << i
    # [C9] only where the PAB assignee is the bracket's one downfloater: the players below must
    # be able to pair among themselves (as the endorsed engine decides it before the bracket)
    c9_active = c9_applies(R, S, lower, warm_lower)
    level_of = {i: blev[R.score[i]] for i in B}

    def completable(dmask: int) -> bool:
        if not complete:
            return True
        r = comp_cache.get(dmask)
        if r is None:
            r = R.completable(dmask | lower, warm_lower)
            comp_cache[dmask] = r
        return r

    ymask = lower & ~nmask

    def c8(dmask: int) -> tuple:
        r = c8_cache.get(dmask)
        if r is None:
            r = next_bracket_value(R, dmask, nmask, ymask)
            c8_cache[dmask] = r
        return r

    nS = len(S)
    edition2017 = R.st.edition == "2017"
    # players below who cannot be paired among themselves (nor get the PAB) need a downfloater
    # each: a cheap bound that skips bracket sizes completion ([C4]) rules out anyway
    lmask = lower | ((1 << R.dummy) if R.odd else 0)
    need = _popcount(lmask) - 2 * matching_size(max_matching(R.cadj, match=warm_lower,
                                                              active=lmask)) if complete else 0
    # 2017 collapsed last bracket (A.9): residents of several scores; the PSD then depends on
    # who meets whom and is valued per candidate (see _search_structure)
    mixed = edition2017 and len({R.score[i] for i in S}) > 1
    for npairs in range(maxp, -1, -1):
        if len(B) - 2 * npairs < need:
            continue
        # structures: which MDPs are paired; ordered by C7 (downfloater scores), then BSN
        structs = []
        for m in range(min(len(M), npairs), -1, -1):
            used_res = 2 * npairs - m
            if used_res > nS or used_res < m:
                continue
            for sub in combinations(range(len(M)), m):
                paired = [M[k] for k in sub]
                unpaired = [M[k] for k in range(len(M)) if k not in sub]
                floats_res = nS - used_res
                if mixed:
                    dn = ()
                elif edition2017:
                    # 2017 A.8 PSD: pairs give their score difference, downfloaters their score
                    # minus (lowest score in the bracket - 1); sorted descending, lower is better
                    base = min(R.score[i] for i in B) - 1
                    diffs = [R.score[x] - R.score[S[0]] for x in paired] if S else []
                    diffs += [0] * (npairs - m)
                    diffs += [R.score[x] - base for x in unpaired]
                    diffs += [R.score[S[0]] - base] * floats_res if S else []
                    dn = tuple(sorted(diffs, reverse=True))
                else:
                    dn = _levels_vector(R, unpaired, blev)
                    dn = tuple(c + (floats_res if k == blev[R.score[S[0]]] else 0)
                               for k, c in enumerate(dn)) if S else dn
                structs.append((dn, sub, paired))
        structs.sort(key=lambda t: t[0])
        gi = 0
        while gi < len(structs):
            gj = gi
            while gj < len(structs) and structs[gj][0] == structs[gi][0]:
                gj += 1
            best = None
            for dn, sub, paired in structs[gi:gj]:
                found = _search_structure(R, paired, M, S, N, npairs, blev, level_of, c9_active,
                                          completable, c8, best, allow_mdp_pairs, mixed)
                if found is not None:
                    best = found
                    v = found[0]
                    # perfect for the whole group: the structure's own ideal may be weaker
                    # than another structure's (e.g. colour bounds), so require zero failures
                    if v[:2] == found[3][:2] and not any(v[2:10]) and not any(
                            any(t) for t in v[10:]):
                        break
            if best is not None:
                return best[1], best[2]
            gi = gj
    return None


def _search_structure(R: _Round, paired_mdps: list[int], M: list[int], S: list[int],
                      N: list[int], npairs: int, blev, level_of, c9_active, completable, c8,
                      best, allow_mdp_pairs, mixed: bool = False):
    """DFS over one structure (fixed set of paired MDPs) in generation order.

    Returns (vector, pairs, downfloaters, ideal) of the best candidate if it beats ``best``.
    """
    adj = R.adj
    nlev = len(blev)
    m = len(paired_mdps)
    k = npairs - m  # remainder pairs
    nfloat = len(M) + len(S) - 2 * npairs
    nN = len(N)
    # [C8] bound: each downfloater adds at most one pair to what the next bracket makes alone
    # and, for the same number of pairs, the highest-scored downfloaters are the ones paired
    unpaired_m = [x for x in M if x not in paired_mdps]
    if not N:
        ideal8 = (0, ())
    elif nfloat == 0:
        ideal8 = c8(0)  # exact: nobody floats
    else:
        k8 = min((nfloat + nN) // 2, nN)
        dsc = sorted([R.score[x] for x in unpaired_m]
                     + [R.score[S[0]]] * (nfloat - len(unpaired_m)) if S else
                     [R.score[x] for x in unpaired_m], reverse=True)[:k8]
        dsc += [R.score[N[0]]] * (k8 - len(dsc))
        ideal8 = (-k8, tuple(-x for x in dsc))
    ideal9 = 0
    if c9_active:
        rk = sorted(R.rank9.get(R.ps[i].played, 0) for i in M + S if R.score[i] == R.bye_score)
        seats = 2 * npairs - sum(1 for x in paired_mdps if R.score[x] != R.bye_score)
        ideal9 = -(sum(rk) - sum(rk[:max(0, len(rk) - seats)]))
    zero_lv = (0,) * nlev
    clb = _ClbValues(R, M + S) if mixed else None
    if clb is not None:
        ideal9 = ()
        zero_lv = clb.zero
    r12, r13 = _colour_bounds(R, [x for x in S] + list(paired_mdps), npairs)
    # One resident downfloater (the common case): [C8]/[C9] depend only on who floats, so
    # they are known per candidate floater; players whose floating breaks [C4] must be paired.
    single: dict[int, tuple] = {}
    generic8, generic9 = ideal8, ideal9
    res_floaters = len(S) - (2 * npairs - m)
    if res_floaters == 1 and len(S) <= SINGLE_FLOATER_LIMIT:
        d0 = 0
        for x in M:
            if x not in paired_mdps:
                d0 |= 1 << x
        for y in S:
            if completable(d0 | (1 << y)):
                v9y = () if mixed else 0
                if c9_active:
                    v9y = -sum(R.rank9.get(R.ps[x].played, 0) for x in M + S
                               if R.score[x] == R.bye_score and x != y and not (d0 >> x & 1))
                single[y] = (c8(d0 | (1 << y)), v9y)
        if not single:
            return None
        ideal8, ideal9 = min(single.values())
    # what any structure of this group (same downfloater scores, [C7]) can reach at best on
    # [C8]/[C9]: the bound above before the per-floater values made it structure-specific
    group_ideal = (generic8, generic9)

    def head_bound(cands) -> tuple:
        if not single:
            return ideal8, ideal9
        vals = [single[y] for y in cands if y in single]
        return min(vals) if vals else (ideal8, ideal9)

    ideal = (ideal8, ideal9, 0, 0, r12, r13, 0, 0, 0, 0, zero_lv, zero_lv, zero_lv, zero_lv)
    # Pass 1 searches only where the ideal is still reachable ("target"); if the ideal is not
    # reached, pass 2 searches everything, seeded with pass 1's best (ties then go to the
    # candidate generated first, so the seed does not win ties).
    state = {"best": best, "nodes": 0, "stop": False, "target": ideal, "seed": False,
             "budget": PASS1_BUDGET}
    if best is not None and best[0] == ideal:
        return None

    unpaired_mdps = [x for x in M if x not in paired_mdps]

    def leaf(pairs: list[tuple[int, int]], acc: list, floaters: list[int]):
        dmask = 0
        for x in floaters:
            dmask |= 1 << x
        if not completable(dmask):
            return
        v8 = c8(dmask)
        v9 = 0
        if c9_active:
            v9 = -sum(R.rank9.get(R.ps[x].played, 0) for p in pairs for x in p
                      if R.score[x] == R.bye_score)
        # C14/C16: resident downfloaters who downfloated 1/2 rounds before
        res_fl = [x for x in floaters if x in sset]
        c14 = sum(1 for x in res_fl if R.ps[x].float_before(1) == DOWN)
        c16 = sum(1 for x in res_fl if R.ps[x].float_before(2) == DOWN)
        # C18/C20: scores of downfloaters (MDPs included) who downfloated 1/2 rounds before
        c18 = [0] * nlev
        c20 = [0] * nlev
        for x in floaters:
            if R.ps[x].float_before(1) == DOWN:
                c18[level_of[x]] += 1
            if R.ps[x].float_before(2) == DOWN:
                c20[level_of[x]] += 1
        if clb is not None:
            v9, c14, c16, c18, c19, c20, c21 = clb.values(pairs, floaters, sset)
            vec = (v8, v9, acc[0], acc[1], acc[2], acc[3], c14, acc[4], c16, acc[5],
                   c18, c19, c20, c21)
        else:
            vec = (v8, v9, acc[0], acc[1], acc[2], acc[3], c14, acc[4], c16, acc[5],
                   tuple(c18), tuple(acc[6]), tuple(c20), tuple(acc[7]))
        b = state["best"]
        if b is None or vec < b[0] or (state["seed"] and vec == b[0]):
            state["best"] = (vec, list(pairs), sorted(floaters), group_ideal + ideal[2:])
            state["seed"] = False
            if vec == ideal:
                state["stop"] = True

    sset = set(S)
    # residents who downfloated one / two rounds before (C14 / C16), looked up once per bracket
    down1 = {x for x in S if R.ps[x].floats and R.ps[x].floats[-1] == DOWN}
    down2 = {x for x in S if len(R.ps[x].floats) >= 2 and R.ps[x].floats[-2] == DOWN}
    down12 = down1 | down2

    def bound_prune(acc, remaining: list[int], r: int, tops=None, others=None) -> bool:
        """True if no completion of this branch can beat the best (componentwise bound).

        With ``tops``/``others`` (remainder phase: each top takes a distinct other) the colour
        bounds are the tighter bipartite ones."""
        b = state["best"]
        tgt = state["target"]
        if b is None and tgt is None:
            return False
        if tops is not None:
            lb12, lb13 = _bipartite_colour_bounds(R, tops, others)
            fl = len(others) - len(tops)
            pool = others
        else:
            lb12, lb13 = _colour_bounds(R, remaining, r)
            fl = len(remaining) - 2 * r
            pool = remaining
        lb14 = lb16 = 0
        if fl > 0 and has_d:
            free1 = free2 = 0
            for x in pool:
                if x in sset:
                    if x not in down1:
                        free1 += 1
                    if x not in down2:
                        free2 += 1
            lb14 = max(0, fl - free1)
            lb16 = max(0, fl - free2)
            if tops is not None:
                # a resident who downfloated before and must not float again needs a top with a
                # smaller index (tops take later partners): greedy count of those left over.
                # Only residents in down1/down2 can miss; events are encoded 2*pos+kind (same
                # order as sorting (pos, kind) tuples, cheaper)
                dres = [2 * y + 1 for y in others if y in down12]
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
        h8, h9 = head_bound(pool)
        lbv = (h8, h9, acc[0], acc[1], acc[2] + lb12, acc[3] + lb13, lb14, acc[4], lb16,
               acc[5], zero_lv, tuple(acc[6]), zero_lv, tuple(acc[7]))
        return _beaten(lbv)

    def _beaten(lbv) -> bool:
        tgt = state["target"]
        if tgt is not None and lbv > tgt:
            return True
        b = state["best"]
        if b is None:
            return False
        return lbv > b[0] if state["seed"] else lbv >= b[0]

    has_d = any(R.ps[x].floats and DOWN in R.ps[x].floats[-2:] for x in S)

    def add(acc, i, j):
        p = R.pen(i, j) if i < j else R.pen(j, i)
        hi = i if i < j else j
        na = [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2], acc[3] + p[3], acc[4] + p[4],
              acc[5] + p[5], acc[6], acc[7]]
        if clb is not None:
            return na
        if p[4]:
            l6 = list(acc[6])
            l6[level_of[hi]] += 1
            na[6] = tuple(l6)
        if p[5]:
            l7 = list(acc[7])
            l7[level_of[hi]] += 1
            na[7] = tuple(l7)
        return na

    acc0 = [0, 0, 0, 0, 0, 0, zero_lv, zero_lv]

    # Phase A: partners of the paired MDPs, S2 order
    def phase_a(idx: int, used: int, pairs, acc):
        if state["stop"]:
            return
        state["nodes"] += 1
        if state["nodes"] > state["budget"]:
            state["stop"] = True
            return
        if idx == m:
            remainder = [x for x in S if not (used >> x & 1)]
            phase_b(remainder, pairs, acc)
            return
        x = paired_mdps[idx]
        rest = [y for y in S if not (used >> y & 1)] + paired_mdps[idx:]
        if bound_prune(acc, rest, npairs - idx):
            return
        cand = adj[x]
        for y in S:
            if used >> y & 1 or not (cand >> y & 1):
                continue
            pairs.append((x, y))
            phase_a(idx + 1, used | (1 << y), pairs, add(acc, x, y))
            pairs.pop()
            if state["stop"]:
                return

    def counts(xs) -> tuple:
        v = [0] * 7
        for q in xs:
            v[R.cat[q]] += 1
        return tuple(v)

    def prune_counts(acc, tc, oc) -> bool:
        """Bipartite colour bound from category counts only (tops ``tc``, others ``oc``)."""
        if state["best"] is None and state["target"] is None:
            return False
        lb12, lb13 = _bounds_from_counts(tc, oc)
        lbv = (ideal8, ideal9, acc[0], acc[1], acc[2] + lb12, acc[3] + lb13, 0, acc[4], 0,
               acc[5], zero_lv, tuple(acc[6]), zero_lv, tuple(acc[7]))
        return _beaten(lbv)

    def phase_b(remainder: list[int], pairs, acc):
        nr = len(remainder)
        if k == 0:
            leaf(pairs, acc, unpaired_mdps + remainder)
            return
        if 2 * k > nr:
            return
        if bound_prune(acc, remainder, k):
            return
        checked = state["best"]
        s1 = list(range(k))
        s2 = list(range(k, nr))
        c1 = counts(remainder[:k])
        c2 = counts(remainder[k:])
        for x in range(0, min(k, nr - k) + 1):
            if state["stop"]:
                return
            if _comb(k, x) * _comb(nr - k, x) > 300_000:
                return  # budget: give up larger exchanges of this remainder only
            outs = [(out, counts(remainder[q] for q in out)) for out in combinations(s1, x)]
            # ins grouped by colour signature: the count bound is decided once per
            # (out signature, in signature) and skips the whole group (same candidates as
            # testing every pair; opts keys are unique, so the sorted order is unchanged)
            ins_by: dict = {}
            for inn in combinations(s2, x):
                ins_by.setdefault(counts(remainder[q] for q in inn), []).append(inn)
            sig: dict = {}
            opts = []
            for out, oc in outs:
                rest = set(s1) - set(out)
                okey = tuple(-o for o in sorted(out, reverse=True))
                for ic, inns in ins_by.items():
                    key = (oc, ic)
                    pr = sig.get(key)
                    if pr is None:
                        tc = tuple(a - o + i for a, o, i in zip(c1, oc, ic))
                        occ = tuple(a + o - i for a, o, i in zip(c2, oc, ic))
                        pr = prune_counts(acc, tc, occ)
                        sig[key] = pr
                    if pr:
                        continue
                    for inn in inns:
                        tops = sorted(rest | set(inn))
                        opts.append(((sum(tops), okey, inn), tops, key))
            opts.sort(key=lambda t: t[0])
            recheck: dict = {}
            for _, tops, key in opts:
                if state["stop"]:
                    return
                if state["best"] is not checked:
                    # the best improved: re-check this remainder and the composition bounds
                    checked = state["best"]
                    recheck = {}
                    if bound_prune(acc, remainder, k):
                        return
                pr = recheck.get(key)
                if pr is None:
                    oc, ic = key
                    tc = tuple(a - o + i for a, o, i in zip(c1, oc, ic))
                    occ = tuple(a + o - i for a, o, i in zip(c2, oc, ic))
                    pr = prune_counts(acc, tc, occ)
                    recheck[key] = pr
                if pr:
                    continue
                tset = set(tops)
                # quick feasibility: each top needs a later non-top partner
                free_after = 0
                ok = True
                for q in range(nr - 1, -1, -1):
                    if q in tset:
                        if free_after == 0:
                            ok = False
                            break
                        free_after -= 1
                    else:
                        free_after += 1
                if not ok:
                    continue
                others = [q for q in range(nr) if q not in tset]
                tpl = [remainder[q] for q in tops]
                oth = [remainder[q] for q in others]
                assign(tpl, oth, 0, 0, pairs, acc)

    def assign(tpl, oth, ti, used, pairs, acc):
        if state["stop"]:
            return
        state["nodes"] += 1
        if state["nodes"] > state["budget"]:
            state["stop"] = True
            return
        if ti == len(tpl):
            floaters = unpaired_mdps + [y for qi, y in enumerate(oth) if not (used >> qi & 1)]
            leaf(pairs, acc, floaters)
            return
        x = tpl[ti]
        free = [y for qi, y in enumerate(oth) if not (used >> qi & 1)]
        if bound_prune(acc, None, 0, tpl[ti:], free):
            return
        if not _still_possible(tpl[ti:], free, acc):
            return
        if (state["target"] is not None and state["nodes"] > EXACT_AFTER
                and not _ideal_reachable(tpl[ti:], free, acc)):
            return
        cand = adj[x]
        for qi, y in enumerate(oth):
            if used >> qi & 1 or y < x or not (cand >> y & 1):
                continue
            pairs.append((x, y))
            assign(tpl, oth, ti + 1, used | (1 << qi), pairs, add(acc, x, y))
            pairs.pop()
            if state["stop"]:
                return

    # Pass-1 feasibility: with no colour failure left to spend, tops may only take partners
    # that grant both preferences; residents whose floating would break an ideal float
    # criterion must be paired. Both are bipartite matching questions (tops take later
    # partners); by Mendelsohn-Dulmage one matching covering all tops and one covering all
    # must-pair residents imply one covering both.
    must_not_float = set()
    for y in S:
        fb = R.ps[y].floats
        if (ideal[6] == 0 and fb and fb[-1] == DOWN) or (
                ideal[8] == 0 and len(fb) >= 2 and fb[-2] == DOWN):
            must_not_float.add(y)

    # [C4]: with a single resident downfloater, residents whose floating leaves the players
    # below uncompletable must be paired in this bracket
    forced_pair = {y for y in S if y not in single} if single else set()

    # Pass 1 wants a candidate equal to the ideal vector; every component of the ideal is a
    # lower bound, so such a candidate meets each of them exactly: no [C10]/[C11]/upfloat
    # failure, only floaters with the ideal [C8]/[C9] and no float history, and exactly the
    # ideal [C12]/[C13] counts. Whether the remaining tops can still do that is an assignment
    # problem (tops -> later partners, surplus players -> allowed floaters) with 0/1 colour
    # costs, solved exactly by the Hungarian method; the count bounds alone leave brackets
    # such as 23 players / one floater to the node budget.
    ok_float = {y for y in S if y not in must_not_float and y not in forced_pair
                and (not single or single.get(y) == (ideal8, ideal9))}

    def _ideal_reachable(tops, free, acc) -> bool:
        left12 = ideal[4] - acc[2]
        left13 = ideal[5] - acc[3]
        if left12 < 0 or acc[0] or acc[1] or acc[4] or acc[5] or len(tops) > 30:
            return left12 >= 0
        nf = len(free)
        big = 64
        rows = []
        for t_ in tops:
            ca = adj[t_]
            row = []
            for y in free:
                if y < t_ or not (ca >> y & 1):
                    row.append(_INF)
                    continue
                p = R.pen(t_, y)
                if p[0] or p[1] or p[4] or p[5]:
                    row.append(_INF)
                else:
                    row.append(p[2] * big + p[3])
            rows.append(row)
        frow = [0 if y in ok_float else _INF for y in free]
        rows.extend([frow] * (nf - len(tops)))
        best_cost = _min_assignment(rows)
        if best_cost >= _INF:
            return False
        return (best_cost // big, best_cost % big) <= (left12, left13)

    def _still_possible(tops, free, acc) -> bool:
        """False when the remaining tops cannot complete this branch well enough: a matching
        of tops to later compatible partners must exist that covers every resident who must
        not float, and the tops that cannot get a colour-granting partner (bipartite maximum
        matching on such edges) must not push [C12] past the best/target."""
        target = state["target"] is not None
        strict12 = target and acc[2] >= ideal[4]
        strict13 = target and acc[3] >= ideal[5]
        mnf = (must_not_float | forced_pair) if target else forced_pair
        if len(tops) > 40 and not (mnf and any(y in mnf for y in free)):
            return True  # large open remainders: the count bounds suffice (speed)
        edges = {}
        ok_edges = {}
        pcache = R._pen  # pen() memo, read directly on this hot path
        for t_ in tops:
            e = []
            ok = []
            ca = adj[t_]
            for y in free:
                if y < t_ or not (ca >> y & 1):
                    continue
                p = pcache.get((t_, y)) or R.pen(t_, y)
                if (strict12 and p[2]) or (strict13 and p[3]):
                    continue
                e.append(y)
                if not p[2]:
                    ok.append(y)
            if not e:
                return False
            edges[t_] = e
            ok_edges[t_] = ok
        if _bip_size(tops, edges) < len(tops):
            return False
        must = [y for y in free if y in mnf]
        if must:
            redges = {}
            for y in must:
                redges[y] = [t_ for t_ in tops if y in edges[t_]]
                if not redges[y]:
                    return False
            if _bip_size(must, redges) < len(must):
                return False
        if state["best"] is not None or target:
            lb12 = len(tops) - _bip_size(tops, ok_edges)
            h8, h9 = head_bound(free)
            lbv = (h8, h9, acc[0], acc[1], acc[2] + lb12, acc[3], 0, acc[4], 0,
                   acc[5], zero_lv, tuple(acc[6]), zero_lv, tuple(acc[7]))
            if _beaten(lbv):
                return False
        return True

    size = len(M) + len(S)
    state["budget"] = PASS1_BUDGET + 500 * size
    phase_a(0, 0, [], acc0)
    b = state["best"]
    if b is None or b[0] != ideal:
        state.update(target=None, nodes=0, stop=False, budget=NODE_BUDGET + 3000 * size,
                     seed=b is not None and b is not best)
        phase_a(0, 0, [], acc0)
        b = state["best"]
    if b is None or b is best:
        return None
    return b


# ---------------------------------------------------------------------------------------------
# evaluation of any complete pairing (checker)


def criteria_values(state: RoundState, pairing: RoundPairing) -> dict[str, object]:
    """Round-level values of the edition's quality criteria for ``pairing`` (lower is better).

    Computed over the whole round with the pairing's own colours: brackets are not well
    defined for an arbitrary pairing, so [C6]/[C7] count players paired with a lower-scored
    opponent (plus the PAB assignee) as downfloaters, and colour criteria count the
    preferences actually not granted. Keys are "C5", "C6", ... in priority order (2017: the
    2017 numbers, with "C6" = PSD).
    """
    from .dutch_eval import round_level_values

    return round_level_values(state, pairing)


def absolute_violations(state: RoundState, pairing: RoundPairing) -> list[str]:
    """Breaches of C1-C3 and C.04.1: rematches, forbidden pairs, PAB to an ineligible player,
    absolute-preference clashes between non-topscorers, colour difference beyond ±2 or three
    of a colour in a row outside the topscorer exception."""
    from .dutch_eval import violations

    return violations(state, pairing)


__all__ = ["NAME", "pair", "criteria_values", "absolute_violations", "UnpairableError"]
