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
  must be paired. For the usual single downfloater one search answers for every resident: the
  players below plus one more can all be paired exactly when that player has a neighbour in the
  Gallai-Edmonds set of the players below (:func:`~pairchk.matching.missable`).
* [C8] (2026) is valued exactly for any set of downfloaters: the best downfloater set the next
  bracket can pair comes greedily over the matching matroid, and where the maximum matching
  found strands players below, one maximum-weight matching of every player left decides
  (:func:`_next_bracket_2026`); 2017 C.7 looks at the following bracket alone
  (:func:`_next_bracket_2017`).
* The bracket search reads as the rule text: :class:`BracketSearch` (MaxPairs, MDP selection
  by [C6]/[C7], completion [C4], next bracket [C8]) and, per MDP set, :class:`StructureSearch`
  (MDP-pairing, remainder exchanges, transpositions, candidate evaluation, pruning bounds).
* Search is branch and bound in two passes: pass 1 only explores branches that can still
  reach the ideal vector, pass 2 everything (seeded with pass 1's best; ties still go to the
  earliest candidate). Bounds: colour-preference counts, bipartite matchings of the remaining
  S1 players onto later partners (who grants colours, who must not float; on bitsets, each
  started from the previous node's matching). In pass 1 a
  remainder that has already cost :data:`EXACT_AFTER` nodes is also checked exactly: reaching
  the ideal is an assignment problem with 0/1 colour costs (Hungarian method), so branches
  that cannot reach it are cut and the first ideal candidate is found without the budget.
  Brackets whose ideal is unreachable and whose bounds stay loose are cut in pass 2 by a node
  budget (:data:`NODE_BUDGET`; also a remainder with too many exchanges): the search has not
  proved its best, and the structure goes to the exact method of :mod:`.exact` (the
  criteria and then the generation order as digits of the weights of a maximum-weight
  matching). The budget decides which method runs, never the result.

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

from ...matching import _bits, bipartite_matching, matching_size, max_matching, missable
from ...model import Color
from ...pairing import Pair, RoundPairing
from ...state import DOWN, UP, RoundState
from ...system import UnpairableError as _SystemUnpairable
from .criteria import allocate_colours, board_key, colour_penalties, topscorer_pair_ok

NAME = "dutch"

# Search nodes per MDP set (plus NODE_PER_PLAYER per bracket member; pass 1: PASS1_*) before
# the search gives way to the exact method; at most about as many as the matching would take
# (EXACT_NODES + size^3 / EXACT_CUBE_DIVISOR, pass 1: half). Only reached in brackets without a
# perfect candidate and with weak bounds; see module docstring.
NODE_BUDGET = 100_000
NODE_PER_PLAYER = 3000
PASS1_BUDGET = 30_000  # nodes for the first pass (ideal candidates only)
PASS1_PER_PLAYER = 500
EXACT_NODES = 10_000
EXACT_CUBE_DIVISOR = 20
# Where the search cannot prove its best candidate within the budget it hands the structure to
# the exact method (maximum-weight matching, :mod:`.exact`), so the budget only decides
# which method finds the result. True: the exact method always (tests).
EXACT_ONLY = False
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
    """Bitsets of the pairs allowed by C1-C3 (:func:`.criteria.compatible`), built from
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
        if len(xs) == 2:
            fi, fj = xs
            if fi is not None and fj is not None:
                adj[fi] &= ~(1 << fj)
                adj[fj] &= ~(1 << fi)
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
        self._single: dict[int, int] = {}
        self._warm_prev: tuple[int, list[int]] | None = None
        # colour category: 0 none; white 1 mild, 2 strong, 3 absolute; black 4, 5, 6
        self.cat = []
        for p in self.ps:
            if p.pref is Color.NONE:
                self.cat.append(0)
            else:
                k = 3 if p.absolute else 2 if p.strong else 1
                self.cat.append(k if p.pref is Color.WHITE else k + 3)
        self._colour_masks()
        self._fix_bye()

    def _colour_masks(self) -> None:
        """Per position, the bitsets of the partners with whom a pair fails [C12] (the same
        colour preference, ``same12``) and [C13] (both strong or absolute for the same colour,
        not both absolute: ``fail13``), as :func:`.criteria.colour_penalties` counts
        them; both relations are symmetric."""
        by_cat = [0] * 7
        for i, k in enumerate(self.cat):
            by_cat[k] |= 1 << i
        white = by_cat[1] | by_cat[2] | by_cat[3]
        black = by_cat[4] | by_cat[5] | by_cat[6]
        self.same12 = []
        self.fail13 = []
        for k in self.cat:
            if k == 0:
                self.same12.append(0)
                self.fail13.append(0)
                continue
            b = 0 if k <= 3 else 3
            self.same12.append(white if k <= 3 else black)
            strong, absolute = by_cat[2 + b], by_cat[3 + b]
            self.fail13.append(0 if k - b == 1 else strong | absolute if k - b == 2 else strong)

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
        """A maximum matching of ``mask`` to seed later completion checks of supersets; it
        starts from the previous one's pairs inside ``mask`` (the players below a bracket are
        those below the one before, less its next scoregroup)."""
        start = None
        if self._warm_prev is not None:
            pm, pmate = self._warm_prev
            if not mask & ~pm:
                start = [u if u >= 0 and mask >> u & 1 and mask >> i & 1 else -1
                         for i, u in enumerate(pmate)]
        mate = max_matching(self.cadj, match=start, active=mask)
        self._warm_prev = (mask, mate)
        return mate

    def single_completions(self, base: int, warm: list[int] | None = None) -> int:
        """The players ``base`` plus one more player ``y`` can all be paired (one PAB candidate
        left over, the PAB dummy added by parity) exactly when ``cadj[y] & D`` for the bitset
        ``D`` returned (Gallai-Edmonds, :func:`~pairchk.matching.missable`): one matching
        search answers [C4] for every candidate single downfloater at once."""
        r = self._single.get(base)
        if r is None:
            mask = base
            r = 0
            if _popcount(mask) % 2 == 0 and self.odd:
                mask |= 1 << self.dummy
            if _popcount(mask) % 2:
                r = missable(self.cadj, mask, warm)[1]
            self._single[base] = r
        return r

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
            res = _pair_bracket_2017(R, mdps, residents, next_sg, lower)
            if res[0] is None:  # the collapsed last bracket took every player left
                clb_pairs, mdps = res[1]
                pairs.extend(clb_pairs)
                break
            got, mdps = res
        else:
            got, mdps = _pair_bracket(R, mdps, residents, next_sg, lower)
        pairs.extend(got)
        pos = end
    if len(mdps) > (1 if R.odd else 0):
        # never a pairing that silently drops players: the last bracket must pair everybody
        # but the PAB assignee
        raise UnpairableError(f"round {state.round}: the last bracket left "
                              f"{len(mdps)} players unpaired")
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
    res = _search_bracket(R, mdps, residents, next_sg, lower, complete=complete)
    if res is None:
        # MDPs that cannot meet any resident: pair the bracket as one homogeneous group
        # (needed only when completion forces MDPs to meet each other)
        res = _search_bracket(R, [], sorted(mdps + residents), next_sg, lower,
                              complete=complete)
    if res is None:
        raise UnpairableError(f"round {R.st.round}: bracket at score "
                              f"{R.score[residents[0]] if residents else '?'} cannot be completed")
    return res


def _pair_bracket_2017(R: _Round, mdps: list[int], residents: list[int], next_sg: list[int],
                       lower: int) -> (tuple[list[tuple[int, int]], list[int]]
                                       | tuple[None, tuple[list[tuple[int, int]], list[int]]]):
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


def _next_bracket_2026(R: _Round, dmask: int, nmask: int, ymask: int) -> tuple:
    """[C8] (2026) of the downfloaters ``dmask``: the best, over every completion of the round
    ([C4]: the downfloaters, the next residents ``nmask`` and everybody below, ``ymask``, all
    paired, the PAB assignee aside), of (pairs of the next bracket, then the scores of the
    downfloaters paired there, highest first), both negated so that lower is better. A pair of
    the next bracket is a downfloater with a next resident or two next residents; the scores
    are those of the pairs' higher players, sorted (a pair of next residents gives the next
    bracket's score), as the endorsed engine weighs them (bbpPairings v6: "pairs in the next
    bracket", then "scores paired in the next bracket").

    The sets of downfloaters that a matching of the next bracket can pair form a matroid, so the
    best set comes greedily, highest score first (:func:`_covering_matching`), and a maximum
    matching covering it has the most pairs there can be. When what that matching leaves over
    can be paired with everybody below, it is the answer; otherwise a maximum-weight matching
    of all the players left decides (:func:`_next_bracket_weighted`). Exact either way."""
    act = dmask | nmask
    adj8 = [0] * len(R.adj)
    for i in _bits(act):
        adj8[i] = R.adj[i] & (nmask if dmask >> i & 1 else act)
    verts = list(_bits(act))
    down = sorted(_bits(dmask), key=lambda v: (-R.score[v], v))
    covered: list[int] = []
    witness = None
    for v in down:
        m = _covering_matching(adj8, verts, covered + [v], len(R.adj))
        if m is not None:
            covered.append(v)
            witness = m
    mate = max_matching(adj8, match=witness, active=act)
    left = 0
    for i in verts:
        if mate[i] == -1:
            left |= 1 << i
    if R.completable(left | ymask):
        return _c8_vector(R, [R.score[v] for v in covered], matching_size(mate), nmask)
    got = _next_bracket_enumerated(R, adj8, dmask, nmask, ymask, matching_size(mate))
    return got if got is not None else _next_bracket_weighted(R, dmask, nmask, ymask)


# [C8] by enumeration: at most this many (downfloaters paired, next residents left over)
# choices before the maximum-weight matching takes over (both are exact; the enumeration is
# cheaper for the small brackets of late rounds)
C8_ENUMERATION = 2000


def _next_bracket_enumerated(R: _Round, adj8: list[int], dmask: int, nmask: int, ymask: int,
                             kmax: int) -> tuple | None:
    """[C8] (2026) by trying the ways the next bracket can be paired in the order of their
    value: pairs ``k`` from ``kmax`` down, then the downfloaters ``F`` paired there, best scores
    first, then every choice of the next residents left over (``lo``). The first choice with a
    perfect matching of ``F`` and the rest of the next bracket (graph ``adj8``) whose leftover
    players can be paired with everybody below is the value. None when more than
    :data:`C8_ENUMERATION` choices would be needed (the caller then uses the weighted
    matching)."""
    down = list(_bits(dmask))
    nexts = list(_bits(nmask))
    tried = 0
    for k in range(kmax, -1, -1):
        options = []
        for r in range(min(len(down), k), -1, -1):
            for F in combinations(down, r):
                options.append((_c8_vector(R, [R.score[d] for d in F], k, nmask), F))
        options.sort()
        for vec, F in options:
            u = len(nexts) - (2 * k - len(F))
            if u < 0 or u > len(nexts):
                continue
            tried += _comb(len(nexts), u)
            if tried > C8_ENUMERATION:
                return None
            fmask = 0
            for d in F:
                fmask |= 1 << d
            for lo in combinations(nexts, u):
                lmask = 0
                for v in lo:
                    lmask |= 1 << v
                inside = fmask | (nmask & ~lmask)
                mate = max_matching(adj8, active=inside, perfect=True)
                if matching_size(mate) * 2 != 2 * k:
                    continue
                if R.completable((dmask & ~fmask) | lmask | ymask):
                    return vec
    return None


def _c8_vector(R: _Round, paired_scores: list, k: int, nmask: int) -> tuple:
    """(-pairs, negated scores of the pairs' higher players, highest first)."""
    s_n = R.score[(nmask & -nmask).bit_length() - 1]
    sc = sorted(paired_scores, reverse=True) + [s_n] * (k - len(paired_scores))
    return (-k, tuple(-x for x in sc))


def _covering_matching(adj: list[int], verts: list[int], must: list[int], base: int):
    """A matching of ``verts`` (graph ``adj``) covering every player in ``must``, as a mate
    list over the players (helper vertices dropped), or None if there is none (see
    :func:`_helper_graph`)."""
    g, act, h = _helper_graph(adj, verts, must, base)
    mate = max_matching(g, active=act)
    if matching_size(mate) * 2 != len(verts) + h:
        return None
    out = [-1] * len(adj)
    for v in verts:
        u = mate[v]
        if u != -1 and u < base:
            out[v] = u
    return out


def _next_bracket_weighted(R: _Round, dmask: int, nmask: int, ymask: int) -> tuple:
    """[C8] (2026) by one maximum-weight matching of every player left (the downfloaters, the
    next bracket, everybody below; the PAB dummy in an odd round): of maximum cardinality (the
    round is completed), with the pairs of the next bracket weighted first and the
    downfloaters paired there by score below that, digits of a radix beyond any count."""
    import networkx as nx

    nlev = len(R.levels)
    radix = _popcount(dmask) + 1
    pair_w = radix ** nlev  # above any sum of downfloater digits
    everyone = dmask | nmask | ymask
    if _popcount(everyone) % 2:
        if not R.odd:
            return ()  # cannot be completed (the callers ask only of completable sets)
        everyone |= 1 << R.dummy
    G = nx.Graph()
    verts = list(_bits(everyone))
    G.add_nodes_from(verts)
    for u in verts:
        for v in _bits(R.cadj[u] & everyone & ~((2 << u) - 1)):
            G.add_edge(u, v, weight=1 + _c8_weight(R, dmask, nmask, u, v, radix, pair_w, nlev))
    k = 0
    paired = []
    for u, v in nx.max_weight_matching(G, maxcardinality=True):
        if _c8_weight(R, dmask, nmask, u, v, radix, pair_w, nlev):
            k += 1
            if dmask >> u & 1 or dmask >> v & 1:
                paired.append(R.score[u if dmask >> u & 1 else v])
    return _c8_vector(R, paired, k, nmask)


def _c8_weight(R: _Round, dmask: int, nmask: int, u: int, v: int, radix: int, pair_w: int,
               nlev: int) -> int:
    """Weight of pair (u, v) for [C8]: a pair of the next bracket (two next residents, or a
    downfloater and a next resident, the downfloater's score as a digit below), else 0."""
    if nmask >> u & 1 and nmask >> v & 1:
        return pair_w
    if dmask >> u & 1 and nmask >> v & 1:
        return pair_w + radix ** (nlev - 1 - R.level[R.score[u]])
    if nmask >> u & 1 and dmask >> v & 1:
        return pair_w + radix ** (nlev - 1 - R.level[R.score[v]])
    return 0


def next_bracket_value(R: _Round, dmask: int, nmask: int, ymask: int) -> tuple:
    """[C8] (2026) / C.7 (2017) of a bracket whose downfloaters are ``dmask``: the pairs the
    next bracket (residents ``nmask``) can make, then the scores of the higher players of those
    pairs, both negated so that lower is better; ``(0, ())`` for the last bracket.

    2026: downfloaters with next residents and residents among themselves, while everything
    below (``ymask``) stays completable; 2017 C.7 looks "just in the following bracket".
    """
    if not nmask:
        return (0, ())
    if R.st.edition == "2017":
        return _next_bracket_2017(R, dmask, nmask, final=not ymask)
    return _next_bracket_2026(R, dmask, nmask, ymask)


def _next_bracket_2017(R: _Round, dmask: int, nmask: int, final: bool) -> tuple:
    """2017 C.7: "maximize the number of pairs and then minimize the PSD ... in the following
    bracket (just in the following bracket)", valued as the endorsed engine (bbpPairings v5)
    weighs it: (pairs there, then the downfloaters paired there per score level, highest
    first; both negated, lower is better). The PSD part only depends on which downfloaters
    are paired, as the pairs' residents all have the following bracket's score.

    When the following bracket is the last one (``final``), its unpaired player is the PAB
    assignee, so the players barred from the PAB (C.2) who would be left unpaired there are
    subtracted from its pairs, as bbp v5 does.

    Players covered by some matching form a matroid, so the best covered set comes greedily:
    barred players first (``final``), then downfloaters by score; a player is kept if the set
    with it can still be covered. Only downfloater/resident and resident pairs count
    (downfloaters meeting each other are pairs of the bracket itself)."""
    adj8 = [0] * len(R.adj)
    act = dmask | nmask
    for i in _bits(act):
        adj8[i] = R.adj[i] & (nmask if dmask >> i & 1 else act)
    verts = list(_bits(act))
    barred = {v for v in verts if final and not R.ps[v].pab_eligible}
    weighted = sorted((v for v in verts if v in barred or dmask >> v & 1),
                      key=lambda v: (v not in barred, not dmask >> v & 1, -R.score[v], v))
    covered: list[int] = []
    for v in weighted:
        if _coverable(adj8, verts, covered + [v], len(R.adj)):
            covered.append(v)
    pairs = matching_size(max_matching(adj8, active=act))
    barred_left = len(barred) - sum(1 for v in covered if v in barred)
    down = [0] * len(R.levels)
    for v in covered:
        if dmask >> v & 1:
            down[R.level[R.score[v]]] -= 1
    return (-(pairs - barred_left), tuple(down))


def _helper_graph(adj: list[int], verts: list[int], must: list[int], base: int):
    """``adj`` with helper vertices from ``base`` on, joined to each other and to the players of
    ``verts`` not in ``must``, so that a matching covering ``must`` becomes a perfect matching:
    (graph, active vertices, number of helpers)."""
    mset = set(must)
    free = [v for v in verts if v not in mset]
    h = len(free) + (len(verts) + len(free)) % 2
    g = list(adj)
    g.extend([0] * max(0, base + h - len(g)))
    hmask = 0
    for j in range(h):
        hmask |= 1 << (base + j)
    fmask = 0
    for v in free:
        fmask |= 1 << v
    for j in range(h):
        g[base + j] = (hmask & ~(1 << (base + j))) | fmask
    for v in free:
        g[v] |= hmask
    act = hmask
    for v in verts:
        act |= 1 << v
    return g, act, h


def _coverable(adj: list[int], verts: list[int], must: list[int], base: int) -> bool:
    """Is there a matching of ``verts`` (graph ``adj``) covering every player in ``must``?
    Helper vertices from ``base`` on, joined to each other and to the players not in ``must``,
    turn it into a perfect-matching question (:func:`_helper_graph`)."""
    g, act, h = _helper_graph(adj, verts, must, base)
    mate = max_matching(g, active=act)
    return matching_size(mate) * 2 == len(verts) + h


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
    cat = R.cat
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
    or with a mild preference (an absolute partner of the same colour spares it only at the
    cost of [C10]/[C11]: see :func:`_colour_bounds`).
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


def _levels_vector(R: _Round, players, bracket_levels) -> tuple:
    counts = [0] * len(bracket_levels)
    for p in players:
        counts[bracket_levels[R.score[p]]] += 1
    return tuple(counts)


def _search_bracket(R: _Round, M: list[int], S: list[int], N: list[int], lower: int,
                    complete: bool = True):
    """The best candidate of one bracket as (pairs, downfloaters), or None (see
    :class:`BracketSearch`)."""
    return BracketSearch(R, M, S, N, lower, complete).run()


def _category_counts(R: _Round, xs) -> tuple:
    """How many of ``xs`` fall in each colour category (see ``_Round.cat``)."""
    v = [0] * 7
    for q in xs:
        v[R.cat[q]] += 1
    return tuple(v)


def _is_perfect(found) -> bool:
    """Whether a structure's best candidate is perfect for its whole group of MDP sets: the
    group's own ideal on [C8]/[C9] (2017 C.7) and no failure on any later criterion. The
    structure's own ideal may be weaker than another structure's (e.g. colour bounds), so zero
    failures are required."""
    v = found[0]
    return v[:2] == found[3][:2] and not any(v[2:10]) and not any(any(t) for t in v[10:])


class BracketSearch:
    """One bracket (C.04.3 2026 art. 1.3, 3, 4; 2017 A.3, B, D): incoming MDPs ``M``, residents
    ``S``, the next scoregroup ``N`` and everything below it (``lower``, bitset of positions).

    Candidates are generated in the order of the rule text: the number of pairs (MaxPairs
    downwards, [C6]; 2017 C.5), then the MDP sets paired in S1 ([C7] downfloater scores; 2017
    C.6 PSD, then the MDP-set order of 2026 art. 4.4 / 2017 D.3), each set searched by a
    :class:`StructureSearch`. ``complete`` applies [C4] (completion of the round) to every
    candidate; the 2017 edition pairs a bracket first without it (C.4 binds the PPB only).
    """

    def __init__(self, R: _Round, M: list[int], S: list[int], N: list[int], lower: int,
                 complete: bool = True):
        self.R = R
        self.M = M
        self.S = S
        self.N = N
        self.lower = lower
        self.complete = complete
        self.edition2017 = R.st.edition == "2017"
        self.bmask = self._mask(M + S)
        self.smask = self._mask(S)
        self.nmask = self._mask(N)
        self.ymask = lower & ~self.nmask
        self.blev_list = sorted({R.score[i] for i in M + S}, reverse=True)
        self.blev = {s: k for k, s in enumerate(self.blev_list)}
        self.level_of = {i: self.blev[R.score[i]] for i in M + S}
        self.warm_lower = R.warm(lower)
        self._comp_cache: dict[int, bool] = {}
        self._c8_cache: dict[int, tuple] = {}
        # [C9] only where the PAB assignee is the bracket's one downfloater: the players below
        # must be able to pair among themselves (as the endorsed engine decides it before the
        # bracket)
        self.c9_active = c9_applies(R, S, lower, self.warm_lower)
        # 2017 collapsed last bracket (A.9): residents of several scores; the PSD then depends
        # on who meets whom and is valued per candidate (see StructureSearch)
        self.mixed = self.edition2017 and len({R.score[i] for i in S}) > 1

    @staticmethod
    def _mask(xs) -> int:
        m = 0
        for i in xs:
            m |= 1 << i
        return m

    # -- [C4] completion, [C8] next bracket ---------------------------------------------------
    def completable(self, dmask: int) -> bool:
        """[C4] (2017 C.4): with downfloaters ``dmask``, can everybody below still be paired?"""
        if not self.complete:
            return True
        r = self._comp_cache.get(dmask)
        if r is None:
            r = self.R.completable(dmask | self.lower, self.warm_lower)
            self._comp_cache[dmask] = r
        return r

    def single_floaters(self, d0: int) -> int:
        """The residents ``y`` for whom the downfloaters ``d0`` plus ``y`` pass [C4], as a
        bitset (:meth:`_Round.single_completions`); the answers join the completion cache."""
        if not self.complete:
            return self.smask
        R = self.R
        D = R.single_completions(d0 | self.lower, self.warm_lower)
        ok = 0
        for y in self.S:
            good = bool(R.cadj[y] & D)
            self._comp_cache.setdefault(d0 | (1 << y), good)
            if good:
                ok |= 1 << y
        return ok

    def next_bracket(self, dmask: int) -> tuple:
        """[C8] (2017 C.7) of the downfloaters ``dmask`` (:func:`next_bracket_value`)."""
        r = self._c8_cache.get(dmask)
        if r is None:
            r = next_bracket_value(self.R, dmask, self.nmask, self.ymask)
            self._c8_cache[dmask] = r
        return r

    # -- bracket parameters (art. 3; 2017 B.1) ------------------------------------------------
    def max_pairs(self) -> int:
        """MaxPairs (2026 art. 3; 2017 B.1): a maximum matching inside the bracket without
        MDP-MDP edges."""
        R, M = self.R, self.M
        adj = R.adj
        badj = [0] * len(adj)
        for i in M + self.S:
            a = adj[i] & self.bmask
            if i in M:
                a &= self.smask
            badj[i] = a
        return matching_size(max_matching(badj, active=self.bmask))

    def downfloaters_needed(self) -> int:
        """Players below who can neither pair among themselves nor take the PAB need a
        downfloater each: a cheap bound that skips bracket sizes [C4] rules out anyway."""
        if not self.complete:
            return 0
        R = self.R
        lmask = self.lower | ((1 << R.dummy) if R.odd else 0)
        return _popcount(lmask) - 2 * matching_size(max_matching(R.cadj, match=self.warm_lower,
                                                                 active=lmask))

    # -- MDP selection (S1 of a heterogeneous bracket) ----------------------------------------
    def mdp_structures(self, npairs: int) -> list[tuple]:
        """The MDP sets that can be paired with ``npairs`` pairs, as (downfloater value, set,
        paired MDPs), sorted by [C7] (2026: downfloaters per score, highest first) or the
        2017 PSD (A.8, C.6); equal values keep the order of 2026 art. 4.4 / 2017 D.3 (fewest
        differing MDPs, lowest BSNs)."""
        R, M, S = self.R, self.M, self.S
        nS = len(S)
        blev = self.blev
        structs = []
        dn: tuple  # the downfloater value: () (mixed), 2017 PSD, or 2026 counts per score
        diffs: list[Decimal | int]
        for m in range(min(len(M), npairs), -1, -1):
            used_res = 2 * npairs - m
            if used_res > nS or used_res < m:
                continue
            for sub in combinations(range(len(M)), m):
                paired = [M[k] for k in sub]
                unpaired = [M[k] for k in range(len(M)) if k not in sub]
                floats_res = nS - used_res
                if self.mixed:
                    dn = ()
                elif self.edition2017:
                    # 2017 A.8 PSD: pairs give their score difference, downfloaters their score
                    # minus (lowest score in the bracket - 1); sorted descending, lower is better
                    base = min(R.score[i] for i in M + S) - 1
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
        return structs

    def run(self):
        """The best candidate of the bracket as (pairs, downfloaters), or None when no MDP set
        and number of pairs admits a legal candidate.

        Numbers of pairs from MaxPairs down ([C6]; 2017 C.5); for each, the MDP sets grouped
        by equal [C7] value (2017 C.6); within a group the sets are searched in order, each
        seeded with the best so far (ties go to the earlier set), and a perfect candidate
        ends the group at once."""
        need = self.downfloaters_needed()
        size = len(self.M) + len(self.S)
        for npairs in range(self.max_pairs(), -1, -1):
            if size - 2 * npairs < need:
                continue
            structs = self.mdp_structures(npairs)
            gi = 0
            while gi < len(structs):
                gj = gi
                while gj < len(structs) and structs[gj][0] == structs[gi][0]:
                    gj += 1
                best = None
                for _dn, _sub, paired in structs[gi:gj]:
                    found = StructureSearch(self, paired, npairs, best).search()
                    if found is not None:
                        best = found
                        if _is_perfect(found):
                            break
                if best is not None:
                    return best[1], best[2]
                gi = gj
        return None


class StructureSearch:
    """Branch and bound over the candidates of one MDP set (a "structure": which MDPs are
    paired, hence how many residents float) in the generation order of the rule text.

    The candidate vector is ([C8], [C9], [C10] .. [C21]) (2017: C.7, PSD of a collapsed
    bracket, C.8 .. C.19), lower is better. :meth:`search` runs pass 1 over branches that can
    still reach the ideal vector, then, if the ideal was not reached, pass 2 over everything,
    seeded with pass 1's best (ties still go to the earliest candidate). Both passes are cut by
    node budgets (:data:`PASS1_BUDGET`, :data:`NODE_BUDGET`).

    The result is (vector, pairs, downfloaters, group ideal) of the best candidate if it beats
    ``best`` (the best of earlier MDP sets of the same group), else None.
    """

    def __init__(self, bracket: BracketSearch, paired_mdps: list[int], npairs: int, best):
        self.bracket = bracket
        self.R = R = bracket.R
        self.M, self.S = M, S = bracket.M, bracket.S
        self.paired_mdps = paired_mdps
        self.unpaired_mdps = [x for x in M if x not in paired_mdps]
        self.npairs = npairs
        self.m = len(paired_mdps)
        self.k = npairs - self.m  # remainder pairs
        self.level_of = bracket.level_of
        # [C9] is about the bracket's one downfloater, the PAB assignee: a structure floating
        # several players leaves the assignee to the brackets below (as the endorsed engine)
        self.c9_active = bracket.c9_active and len(M) + len(S) - 2 * npairs == 1
        self.sset = set(S)
        # residents who downfloated one / two rounds before (C14 / C16), looked up once
        self.down1 = {x for x in S if R.ps[x].floats and R.ps[x].floats[-1] == DOWN}
        self.down2 = {x for x in S if len(R.ps[x].floats) >= 2 and R.ps[x].floats[-2] == DOWN}
        self.down12 = self.down1 | self.down2
        self.has_d = any(R.ps[x].floats and DOWN in R.ps[x].floats[-2:] for x in S)
        # search state (replaces the mutable dict of the former closures)
        self.best = best
        self.initial_best = best
        self.nodes = 0
        self.stop = False
        self.seed = False
        self.budget = PASS1_BUDGET
        # set when a budget or the exchange cap cut the search: its best is then unproven
        self.incomplete = False
        self.single: dict[int, tuple] = {}
        # warm starts of the bipartite matchings of :meth:`still_possible`
        self._warm_tops: dict[int, int] = {}
        self._warm_must: dict[int, int] = {}
        self._warm_ok: dict[int, int] = {}
        self.feasible = self._ideal_vector()
        self.target = self.ideal if self.feasible else None

    # -- the ideal vector (componentwise lower bounds) ----------------------------------------
    def _ideal_next_bracket(self) -> tuple:
        """Lower bound on [C8] (2017 C.7): each downfloater adds at most one pair to what the
        next bracket makes alone and, for the same number of pairs, the highest-scored
        downfloaters are the ones paired."""
        b, R, S, N = self.bracket, self.R, self.S, self.bracket.N
        nfloat = len(self.M) + len(S) - 2 * self.npairs
        if not N:
            return (0, ())
        if nfloat == 0:
            return b.next_bracket(0)  # exact: nobody floats
        um = self.unpaired_mdps
        k8 = min((nfloat + len(N)) // 2, len(N))
        if b.edition2017:
            # the k8 highest downfloaters paired, per score level (see _next_bracket_2017)
            fl = sorted([R.score[x] for x in um] + [R.score[S[0]]] * (nfloat - len(um))
                        if S else [R.score[x] for x in um], reverse=True)[:k8]
            down = [0] * len(R.levels)
            for x in fl:
                down[R.level[x]] -= 1
            return (-k8, tuple(down))
        dsc = sorted([R.score[x] for x in um]
                     + [R.score[S[0]]] * (nfloat - len(um)) if S else
                     [R.score[x] for x in um], reverse=True)[:k8]
        dsc += [R.score[N[0]]] * (k8 - len(dsc))
        return (-k8, tuple(-x for x in dsc))

    def _ideal_pab(self) -> int:
        """Lower bound on [C9] (2026): the PAB assignee's unplayed games, as ranks among the
        bracket's players at the PAB score."""
        if not self.c9_active:
            return 0
        R = self.R
        rk = sorted(R.rank9.get(R.ps[i].played, 0) for i in self.M + self.S
                    if R.score[i] == R.bye_score)
        seats = 2 * self.npairs - sum(1 for x in self.paired_mdps if R.score[x] != R.bye_score)
        return -(sum(rk) - sum(rk[:max(0, len(rk) - seats)]))

    def _single_floater_values(self) -> None:
        """One resident downfloater (the common case): [C8]/[C9] depend only on who floats, so
        they are known per candidate floater (``self.single``); players whose floating breaks
        [C4] get no entry and must be paired."""
        b, R, M, S = self.bracket, self.R, self.M, self.S
        d0 = 0
        for x in M:
            if x not in self.paired_mdps:
                d0 |= 1 << x
        ok = b.single_floaters(d0)
        v9y: int | tuple[()]  # [C9] of the floater: () in a mixed bracket
        for y in S:
            if ok >> y & 1:
                v9y = () if b.mixed else 0
                if self.c9_active:
                    v9y = -sum(R.rank9.get(R.ps[x].played, 0) for x in M + S
                               if R.score[x] == R.bye_score and x != y and not (d0 >> x & 1))
                self.single[y] = (b.next_bracket(d0 | (1 << y)), v9y)

    def _ideal_vector(self) -> bool:
        """Set ``self.ideal`` (a lower bound per criterion) and the pass-1 tables; False when
        no candidate of this structure can complete the round ([C4])."""
        b, R, S = self.bracket, self.R, self.S
        ideal9: int | tuple[()]  # [C9]: () in a mixed bracket (as v9y)
        ideal8, ideal9 = self._ideal_next_bracket(), self._ideal_pab()
        self.zero_lv = (0,) * len(b.blev)
        self.clb = _ClbValues(R, self.M + S) if b.mixed else None
        if self.clb is not None:
            ideal9 = ()
            self.zero_lv = self.clb.zero
        r12, r13 = _colour_bounds(R, list(S) + list(self.paired_mdps), self.npairs)
        # what any structure of this group (same downfloater scores, [C7]) can reach at best
        # on [C8]/[C9]: the bound before the per-floater values make it structure-specific
        self.group_ideal = (ideal8, ideal9)
        res_floaters = len(S) - (2 * self.npairs - self.m)
        if res_floaters == 1 and len(S) <= SINGLE_FLOATER_LIMIT:
            self._single_floater_values()
            if not self.single:
                return False
            ideal8, ideal9 = min(self.single.values())
        self.ideal8, self.ideal9 = ideal8, ideal9
        zl = self.zero_lv
        self.ideal = (ideal8, ideal9, 0, 0, r12, r13, 0, 0, 0, 0, zl, zl, zl, zl)
        self._pass1_tables()
        return True

    def _pass1_tables(self) -> None:
        """Who may float in a candidate equal to the ideal vector (pass 1).

        Residents whose floating would break an ideal float criterion ([C14]/[C16]; 2017
        C.12/C.14) must be paired, and with a single resident downfloater so must those whose
        floating breaks [C4]; the others float only with the ideal [C8]/[C9]."""
        R, S, ideal = self.R, self.S, self.ideal
        self.must_not_float = set()
        for y in S:
            fb = R.ps[y].floats
            if (ideal[6] == 0 and fb and fb[-1] == DOWN) or (
                    ideal[8] == 0 and len(fb) >= 2 and fb[-2] == DOWN):
                self.must_not_float.add(y)
        single = self.single
        self.forced_pair = {y for y in S if y not in single} if single else set()
        self.ok_float = {y for y in S if y not in self.must_not_float
                         and y not in self.forced_pair
                         and (not single or single.get(y) == (self.ideal8, self.ideal9))}

    # -- the passes ---------------------------------------------------------------------------
    def search(self):
        """Pass 1 (ideal candidates only), then pass 2 (all) if the ideal was not reached."""
        if not self.feasible:
            return None
        if EXACT_ONLY:
            return self.exact()
        best = self.initial_best
        if best is not None and best[0] == self.ideal:
            return None
        size = len(self.M) + len(self.S)
        # never more nodes than the exact method costs (it covers the 2017 collapsed last
        # bracket too: :meth:`.exact._Exact.clb_digits`)
        self.budget = min(PASS1_BUDGET + PASS1_PER_PLAYER * size, _exact_cost(size) // 2)
        acc0 = [0, 0, 0, 0, 0, 0, self.zero_lv, self.zero_lv]
        self.pair_mdps(0, 0, [], acc0)
        b = self.best
        if (b is None or b[0] != self.ideal) and not self.incomplete:
            self.target = None
            self.nodes = 0
            self.stop = False
            self.budget = min(NODE_BUDGET + NODE_PER_PLAYER * size, _exact_cost(size))
            self.seed = b is not None and b is not best
            self.pair_mdps(0, 0, [], acc0)
            b = self.best
        if self.incomplete:
            return self.exact()
        if b is None or b is best:
            return None
        return b

    def exact(self):
        """The search could not prove its best candidate within its budget: the first best
        candidate by the exact method (:func:`.exact.first_best`, maximum-weight
        matching), if it beats the best of the earlier MDP sets."""
        from .exact import first_best

        got = first_best(self)
        if got is None:
            return None
        vec, pairs, floaters = got
        best = self.initial_best
        if best is not None and not vec < best[0]:
            return None
        return (vec, pairs, floaters, self.group_ideal + self.ideal[2:])

    def _count_node(self) -> bool:
        """Count a search node; True (and stop) once the budget is spent. Pass 1 then
        gives way to pass 2; pass 2 to the exact method (the best is unproven)."""
        self.nodes += 1
        if self.nodes > self.budget:
            self.stop = True
            if self.target is None:
                self.incomplete = True
            return True
        return False

    # -- candidate generation -----------------------------------------------------------------
    def pair_mdps(self, idx: int, used: int, pairs: list, acc: list) -> None:
        """MDP-pairing (2026 art. 4, heterogeneous brackets; 2017 B.3, D.1): the paired MDPs
        form S1 and take S2 residents in the order of the S2 transpositions; then the
        remainder is paired by :meth:`remainder_exchanges`."""
        if self.stop or self._count_node():
            return
        S, paired = self.S, self.paired_mdps
        if idx == self.m:
            self.remainder_exchanges([x for x in S if not (used >> x & 1)], pairs, acc)
            return
        x = paired[idx]
        rest = [y for y in S if not (used >> y & 1)] + paired[idx:]
        if self.cannot_beat(acc, rest, self.npairs - idx):
            return
        cand = self.R.adj[x]
        for y in S:
            if used >> y & 1 or not (cand >> y & 1):
                continue
            pairs.append((x, y))
            self.pair_mdps(idx + 1, used | (1 << y), pairs, self.with_pair(acc, x, y))
            pairs.pop()
            if self.stop:
                return

    def remainder_exchanges(self, remainder: list[int], pairs: list, acc: list) -> None:
        """The remainder (homogeneous) with ``k`` pairs: S1 = its first ``k`` players, S2 the
        rest, and the resident exchanges between them in the order of 2026 art. 4 (2017 D.2):
        fewest players exchanged, smallest difference of the BSN sums moved, then the highest
        differing BSN moved S1 -> S2, the lowest moved S2 -> S1. Each exchange's S1 is paired
        by :meth:`transpositions`. Exchanges that cannot beat the best are skipped by colour
        category counts; sizes beyond 300,000 exchanges are given up (budget)."""
        k = self.k
        nr = len(remainder)
        if k == 0:
            self.evaluate_candidate(pairs, acc, self.unpaired_mdps + remainder)
            return
        if 2 * k > nr:
            return
        if self.cannot_beat(acc, remainder, k):
            return
        R = self.R
        checked = self.best
        s1 = list(range(k))
        s2 = list(range(k, nr))
        c1 = _category_counts(R, remainder[:k])
        c2 = _category_counts(R, remainder[k:])
        for x in range(0, min(k, nr - k) + 1):
            if self.stop:
                return
            if _comb(k, x) * _comb(nr - k, x) > 300_000:
                self.incomplete = self.stop = True  # too many: the exact method decides
                return
            outs = [(out, _category_counts(R, (remainder[q] for q in out)))
                    for out in combinations(s1, x)]
            # ins grouped by colour signature: the count bound is decided once per
            # (out signature, in signature) and skips the whole group (same candidates as
            # testing every pair; opts keys are unique, so the sorted order is unchanged)
            ins_by: dict = {}
            for inn in combinations(s2, x):
                ins_by.setdefault(_category_counts(R, (remainder[q] for q in inn)), []).append(inn)
            sig: dict = {}
            opts = []
            for out, oc in outs:
                rest = set(s1) - set(out)
                okey = tuple(-o for o in sorted(out, reverse=True))
                for ic, inns in ins_by.items():
                    key = (oc, ic)
                    pr = sig.get(key)
                    if pr is None:
                        pr = self._exchange_cannot_beat(acc, c1, c2, key)
                        sig[key] = pr
                    if pr:
                        continue
                    for inn in inns:
                        tops = sorted(rest | set(inn))
                        opts.append(((sum(tops), okey, inn), tops, key))
            opts.sort(key=lambda t: t[0])
            recheck: dict = {}
            for _, tops, key in opts:
                if self.stop:
                    return
                if self.best is not checked:
                    # the best improved: re-check this remainder and the composition bounds
                    checked = self.best
                    recheck = {}
                    if self.cannot_beat(acc, remainder, k):
                        return
                pr = recheck.get(key)
                if pr is None:
                    pr = self._exchange_cannot_beat(acc, c1, c2, key)
                    recheck[key] = pr
                if pr:
                    continue
                if not _tops_have_later_partners(tops, nr):
                    continue
                tset = set(tops)
                others = [q for q in range(nr) if q not in tset]
                self.transpositions([remainder[q] for q in tops],
                                    [remainder[q] for q in others], 0, 0, pairs, acc)

    def transpositions(self, tops: list[int], others: list[int], ti: int, used: int,
                       pairs: list, acc: list) -> None:
        """Transpositions of S2 (2026 art. 4; 2017 D.1): S1 player ``tops[ti]`` takes each
        later compatible player of ``others`` in turn (lexicographic order of S2); the
        players of ``others`` left over float. Branches are cut by :meth:`cannot_beat`,
        :meth:`still_possible` and, in pass 1 after :data:`EXACT_AFTER` nodes,
        :meth:`ideal_reachable`."""
        if self.stop or self._count_node():
            return
        if ti == len(tops):
            floaters = self.unpaired_mdps + [y for qi, y in enumerate(others)
                                             if not (used >> qi & 1)]
            self.evaluate_candidate(pairs, acc, floaters)
            return
        x = tops[ti]
        free = [y for qi, y in enumerate(others) if not (used >> qi & 1)]
        if self.cannot_beat(acc, None, 0, tops[ti:], free):
            return
        if not self.still_possible(tops[ti:], free, acc):
            return
        if (self.target is not None and self.nodes > EXACT_AFTER
                and not self.ideal_reachable(tops[ti:], free, acc)):
            return
        cand = self.R.adj[x]
        for qi, y in enumerate(others):
            if used >> qi & 1 or y < x or not (cand >> y & 1):
                continue
            pairs.append((x, y))
            self.transpositions(tops, others, ti + 1, used | (1 << qi), pairs,
                                self.with_pair(acc, x, y))
            pairs.pop()
            if self.stop:
                return

    # -- candidate evaluation -----------------------------------------------------------------
    def with_pair(self, acc: list, i: int, j: int) -> list:
        """The running pair values ``acc`` ([C10]..[C13], [C15], [C17] counts, then [C19],
        [C21] per score level; 2017 C.8-C.11, C.13, C.15, C.17, C.19) plus pair (i, j)."""
        p = self.R.pen(i, j) if i < j else self.R.pen(j, i)
        hi = i if i < j else j
        na = [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2], acc[3] + p[3], acc[4] + p[4],
              acc[5] + p[5], acc[6], acc[7]]
        if self.clb is not None:
            return na
        if p[4]:
            l6 = list(acc[6])
            l6[self.level_of[hi]] += 1
            na[6] = tuple(l6)
        if p[5]:
            l7 = list(acc[7])
            l7[self.level_of[hi]] += 1
            na[7] = tuple(l7)
        return na

    def evaluate_candidate(self, pairs: list, acc: list, floaters: list[int]) -> None:
        """A complete candidate, valued by :meth:`candidate_vector`: kept if better than the
        best (pass 2 seed: also if equal); the ideal stops the search."""
        vec = self.candidate_vector(pairs, acc, floaters)
        if vec is None:
            return
        best = self.best
        if best is None or vec < best[0] or (self.seed and vec == best[0]):
            self.best = (vec, list(pairs), sorted(floaters), self.group_ideal + self.ideal[2:])
            self.seed = False
            if vec == self.ideal:
                self.stop = True

    def candidate_vector(self, pairs: list, acc: list | None, floaters: list[int]):
        """The vector of a complete candidate, or None when it fails the completion test
        ([C4]; 2017 C.4 in the PPB): [C8] next bracket, [C9] PAB assignee's unplayed games,
        [C10]-[C13] colours, [C14]/[C16] resident downfloaters who downfloated before,
        [C15]/[C17] MDP opponents who upfloated before, [C18]-[C21] the same by score (2017:
        C.7, C.8-C.19; in the collapsed last bracket, A.9, the PSD and floats per pair by
        :class:`_ClbValues`). ``acc`` holds the pair values (:meth:`with_pair`) or is None."""
        b, R = self.bracket, self.R
        dmask = 0
        for x in floaters:
            dmask |= 1 << x
        if not b.completable(dmask):
            return None
        if acc is None:
            acc = [0, 0, 0, 0, 0, 0, self.zero_lv, self.zero_lv]
            for x, y in pairs:
                acc = self.with_pair(acc, x, y)
        v8 = b.next_bracket(dmask)
        v9 = 0
        if self.c9_active:
            v9 = -sum(R.rank9.get(R.ps[x].played, 0) for p in pairs for x in p
                      if R.score[x] == R.bye_score)
        # C14/C16: resident downfloaters who downfloated 1/2 rounds before
        res_fl = [x for x in floaters if x in self.sset]
        c14 = sum(1 for x in res_fl if R.ps[x].float_before(1) == DOWN)
        c16 = sum(1 for x in res_fl if R.ps[x].float_before(2) == DOWN)
        # C18/C20: scores of downfloaters (MDPs included) who downfloated 1/2 rounds before
        nlev = len(b.blev)
        c18 = [0] * nlev
        c20 = [0] * nlev
        for x in floaters:
            if R.ps[x].float_before(1) == DOWN:
                c18[self.level_of[x]] += 1
            if R.ps[x].float_before(2) == DOWN:
                c20[self.level_of[x]] += 1
        if self.clb is not None:
            v9, c14, c16, c18, c19, c20, c21 = self.clb.values(pairs, floaters, self.sset)
            return (v8, v9, acc[0], acc[1], acc[2], acc[3], c14, acc[4], c16, acc[5],
                    c18, c19, c20, c21)
        return (v8, v9, acc[0], acc[1], acc[2], acc[3], c14, acc[4], c16, acc[5],
                tuple(c18), tuple(acc[6]), tuple(c20), tuple(acc[7]))

    # -- pruning bounds -----------------------------------------------------------------------
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

        Colour bounds from preference counts ([C12]/[C13], :func:`_colour_bounds`); with
        ``tops``/``others`` (each top takes a distinct other) the tighter bipartite ones;
        [C14]/[C16] from residents who downfloated before and must float."""
        if self.best is None and self.target is None:
            return False
        R = self.R
        if tops is not None:
            lb12, lb13 = _bipartite_colour_bounds(R, tops, others)
            fl = len(others) - len(tops)
            pool = others
        else:
            lb12, lb13 = _colour_bounds(R, remaining, r)
            fl = len(remaining) - 2 * r
            pool = remaining
        lb14 = lb16 = 0
        if fl > 0 and self.has_d:
            lb14, lb16 = self._float_bounds(pool, fl, tops, others)
        h8, h9 = self.head_bound(pool)
        zl = self.zero_lv
        lbv = (h8, h9, acc[0], acc[1], acc[2] + lb12, acc[3] + lb13, lb14, acc[4], lb16,
               acc[5], zl, tuple(acc[6]), zl, tuple(acc[7]))
        return self._beaten(lbv)

    def _float_bounds(self, pool, fl: int, tops, others) -> tuple[int, int]:
        """Lower bounds on [C14]/[C16] (2017 C.12/C.14) when ``fl`` of ``pool`` float."""
        sset, down1, down2 = self.sset, self.down1, self.down2
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
        lb12, lb13 = _bounds_from_counts(tc, occ)
        zl = self.zero_lv
        lbv = (self.ideal8, self.ideal9, acc[0], acc[1], acc[2] + lb12, acc[3] + lb13, 0,
               acc[4], 0, acc[5], zl, tuple(acc[6]), zl, tuple(acc[7]))
        return self._beaten(lbv)

    def ideal_reachable(self, tops: list[int], free: list[int], acc: list) -> bool:
        """Pass 1: can the remaining tops still give a candidate equal to the ideal vector?

        Such a candidate meets every component of the ideal exactly: no [C10]/[C11]/upfloat
        failure, only floaters with the ideal [C8]/[C9] and no float history, and exactly
        the ideal [C12]/[C13] counts. That is an assignment problem (tops -> later partners,
        surplus players -> allowed floaters) with 0/1 colour costs, solved exactly by the
        Hungarian method (:func:`_min_assignment`); the count bounds alone leave brackets such
        as 23 players / one floater to the node budget."""
        ideal = self.ideal
        left12 = ideal[4] - acc[2]
        left13 = ideal[5] - acc[3]
        if left12 < 0 or acc[0] or acc[1] or acc[4] or acc[5] or len(tops) > 30:
            return left12 >= 0
        R = self.R
        adj = R.adj
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
                    row.append(_INF)
                    continue
                p = R.pen(t_, y)
                if p[0] or p[1] or p[4] or p[5]:
                    row.append(_INF)
                else:
                    row.append(p[2] * big + p[3])
            rows.append(row)
        frow = [0 if y in self.ok_float else _INF for y in free]
        rows.extend([frow] * (nf - len(tops)))
        best_cost = _min_assignment(rows)
        if best_cost >= _INF:
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
        R = self.R
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
        adj = R.adj
        bar = R.same12 if strict12 else R.fail13 if strict13 else None
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
            same12 = R.same12
            ok_edges = {t_: edges[t_] & ~same12[t_] for t_ in tops}
            got, self._warm_ok = bipartite_matching(tops, ok_edges, self._warm_ok)
            lb12 = len(tops) - got
            h8, h9 = self.head_bound(free)
            zl = self.zero_lv
            lbv = (h8, h9, acc[0], acc[1], acc[2] + lb12, acc[3], 0, acc[4], 0,
                   acc[5], zl, tuple(acc[6]), zl, tuple(acc[7]))
            if self._beaten(lbv):
                return False
        return True


def _exact_cost(size: int) -> int:
    """About as many search nodes as the exact method takes time for a bracket of ``size``
    (a matching is O(size^3)): where the search needs more, the matching is faster."""
    return EXACT_NODES + size ** 3 // EXACT_CUBE_DIVISOR


def _tops_have_later_partners(tops: list[int], nr: int) -> bool:
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
    from .evaluate import round_level_values

    return round_level_values(state, pairing)


def absolute_violations(state: RoundState, pairing: RoundPairing) -> list[str]:
    """Breaches of C1-C3 and C.04.1: rematches, forbidden pairs, PAB to an ineligible player,
    absolute-preference clashes between non-topscorers, colour difference beyond ±2 or three
    of a colour in a row outside the topscorer exception."""
    from .evaluate import violations

    return violations(state, pairing)


__all__ = ["NAME", "pair", "criteria_values", "absolute_violations", "UnpairableError"]
