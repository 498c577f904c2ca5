"""The next bracket: [C8] (C.04.3 2026) / C.7 (2017), and where [C9] applies.

:func:`next_bracket_value` values a bracket's set of downfloaters by what the next bracket can
make of them, lower is better. 2026 [C8]: the pairs of the next bracket (a downfloater with a
next resident, or two next residents) over every completion of the round ([C4]), then the
scores of the downfloaters paired there; exact for any set, greedily over the matching matroid
where the maximum matching leaves nobody below stranded, else by an enumeration in value order
(small cases) or one maximum-weight matching of every player left. 2017 C.7: the following
bracket alone ("just in the following bracket"), the players barred from the PAB (C.2) left
unpaired in a last bracket subtracted. Both as the endorsed engine weighs them (bbpPairings v6
for 2026, v5 for 2017).

:func:`c9_applies` tells whether [C9] (2026: unplayed games of the PAB assignee) applies to a
bracket: the one from which the PAB assignee comes.
"""

from __future__ import annotations

from itertools import combinations
from math import comb as _comb

from ...matching import _bits, greedy_cover, matching_size, max_matching, max_weight_matching
from .tables import RoundTables, popcount


def _next_bracket_2026(round_: RoundTables, downfloaters: int, next_residents: int,
                       below_next: int) -> tuple:
    """[C8] (2026) of the ``downfloaters`` (bitsets of positions, as the other arguments): the best,
    over every completion of the round ([C4]: the downfloaters, the ``next_residents`` and everybody
    below them, ``below_next``, all paired, the PAB assignee aside), of (pairs of the next bracket,
    then the scores of the downfloaters paired there, highest first), both negated so that lower is
    better. A pair of the next bracket is a downfloater with a next resident or two next residents;
    the scores are those of the pairs' higher players, sorted (a pair of next residents gives the
    next bracket's score), as the endorsed engine weighs them (bbpPairings v6: "pairs in the next
    bracket", then "scores paired in the next bracket").

    The sets of downfloaters that a matching of the next bracket can pair form a matroid, so the
    best set comes greedily, highest score first (:func:`~pairchk.matching.greedy_cover`), and a maximum
    matching covering it has the most pairs there can be. When what that matching leaves over
    can be paired with everybody below, it is the answer; otherwise a maximum-weight matching
    of all the players left decides (:func:`_next_bracket_weighted`). Exact either way."""
    act = downfloaters | next_residents
    adj8 = [0] * len(round_.adj)
    for i in _bits(act):
        adj8[i] = round_.adj[i] & (next_residents if downfloaters >> i & 1 else act)
    verts = list(_bits(act))
    down = sorted(_bits(downfloaters), key=lambda v: (-round_.score[v], v))
    covered, mate = greedy_cover(adj8, act, down)
    left = 0
    for i in verts:
        if mate[i] == -1:
            left |= 1 << i
    if round_.completable(left | below_next):
        return _c8_vector(round_, [round_.score[v] for v in covered], matching_size(mate),
                          next_residents)
    if popcount(act | below_next) > C8_WEIGHTED_SIZE:
        got = _next_bracket_enumerated(round_, adj8, downfloaters, next_residents, below_next,
                                       matching_size(mate))
        if got is not None:
            return got
    return _next_bracket_weighted(round_, downfloaters, next_residents, below_next)


# [C8] by enumeration: at most this many (downfloaters paired, next residents left over)
# choices before the maximum-weight matching takes over (both are exact; the enumeration is
# cheaper for the small brackets of late rounds)
C8_ENUMERATION = 100
# up to this many players left (downfloaters, next bracket, everybody below) the weighted
# matching is cheaper than even a short enumeration (small dense events), so it runs at once
C8_WEIGHTED_SIZE = 32


def _next_bracket_enumerated(round_: RoundTables, adj8: list[int], downfloaters: int,
                             next_residents: int, below_next: int, kmax: int) -> tuple | None:
    """[C8] (2026) by trying the ways the next bracket can be paired in the order of their value:
    pairs ``k`` from ``kmax`` down, then the downfloaters paired there (``paired_down``), best
    scores first, then every choice of the next residents left over (``left_over``). The first
    choice with a perfect matching of ``paired_down`` and the rest of the next bracket (graph
    ``adj8``) whose leftover players can be paired with everybody below is the value. None when more
    than :data:`C8_ENUMERATION` choices would be needed (the caller then uses the weighted
    matching)."""
    down = list(_bits(downfloaters))
    nexts = list(_bits(next_residents))
    tried = 0
    for k in range(kmax, -1, -1):
        options = []
        for r in range(min(len(down), k), -1, -1):
            for paired_down in combinations(down, r):
                scores = [round_.score[d] for d in paired_down]
                options.append((_c8_vector(round_, scores, k, next_residents), paired_down))
        options.sort()
        for vec, paired_down in options:
            u = len(nexts) - (2 * k - len(paired_down))
            if u < 0 or u > len(nexts):
                continue
            tried += _comb(len(nexts), u)
            if tried > C8_ENUMERATION:
                return None
            fmask = 0
            for d in paired_down:
                fmask |= 1 << d
            for left_over in combinations(nexts, u):
                lmask = 0
                for v in left_over:
                    lmask |= 1 << v
                inside = fmask | (next_residents & ~lmask)
                mate = max_matching(adj8, active=inside, perfect=True)
                if matching_size(mate) * 2 != 2 * k:
                    continue
                if round_.completable((downfloaters & ~fmask) | lmask | below_next):
                    return vec
    return None


def _c8_vector(round_: RoundTables, paired_scores: list, k: int, next_residents: int) -> tuple:
    """(-pairs, negated scores of the pairs' higher players, highest first)."""
    next_score = round_.score[(next_residents & -next_residents).bit_length() - 1]
    sc = sorted(paired_scores, reverse=True) + [next_score] * (k - len(paired_scores))
    return (-k, tuple(-x for x in sc))


def _next_bracket_weighted(round_: RoundTables, downfloaters: int, next_residents: int,
                           below_next: int) -> tuple:
    """[C8] (2026) by one maximum-weight matching of every player left (the downfloaters, the
    next bracket, everybody below; the PAB dummy in an odd round): of maximum cardinality (the
    round is completed), with the pairs of the next bracket weighted first and the
    downfloaters paired there by score below that, digits of a radix beyond any count."""
    nlev = len(round_.levels)
    radix = popcount(downfloaters) + 1
    pair_w = radix ** nlev  # above any sum of downfloater digits
    everyone = downfloaters | next_residents | below_next
    if popcount(everyone) % 2:
        if not round_.odd:
            return ()  # cannot be completed (the callers ask only of completable sets)
        everyone |= 1 << round_.dummy
    edges = [(u, v, 1 + _c8_weight(round_, downfloaters, next_residents, u, v, radix, pair_w,
                                   nlev))
             for u in _bits(everyone)
             for v in _bits(round_.completion_adj[u] & everyone & ~((2 << u) - 1))]
    k = 0
    paired = []
    for u, v in max_weight_matching(edges, maxcardinality=True):
        if _c8_weight(round_, downfloaters, next_residents, u, v, radix, pair_w, nlev):
            k += 1
            if downfloaters >> u & 1 or downfloaters >> v & 1:
                paired.append(round_.score[u if downfloaters >> u & 1 else v])
    return _c8_vector(round_, paired, k, next_residents)


def _c8_weight(round_: RoundTables, downfloaters: int, next_residents: int, u: int, v: int,
               radix: int, pair_w: int, nlev: int) -> int:
    """Weight of pair (u, v) for [C8]: a pair of the next bracket (two next residents, or a
    downfloater and a next resident, the downfloater's score as a digit below), else 0."""
    if next_residents >> u & 1 and next_residents >> v & 1:
        return pair_w
    if downfloaters >> u & 1 and next_residents >> v & 1:
        return pair_w + radix ** (nlev - 1 - round_.level[round_.score[u]])
    if next_residents >> u & 1 and downfloaters >> v & 1:
        return pair_w + radix ** (nlev - 1 - round_.level[round_.score[v]])
    return 0


def next_bracket_value(round_: RoundTables, downfloaters: int, next_residents: int,
                       below_next: int) -> tuple:
    """[C8] (2026) / C.7 (2017) of a bracket's ``downfloaters`` (a bitset of positions, as the
    others): the pairs the next bracket (its residents ``next_residents``) can make, then the
    scores of the higher players of those pairs, both negated so that lower is better;
    ``(0, ())`` for the last bracket.

    2026: downfloaters with next residents and residents among themselves, while everything
    below (``below_next``) stays completable; 2017 C.7 looks "just in the following bracket".
    """
    if not next_residents:
        return (0, ())
    if round_.state.edition == "2017":
        return _next_bracket_2017(round_, downfloaters, next_residents, final=not below_next)
    return _next_bracket_2026(round_, downfloaters, next_residents, below_next)


def _next_bracket_2017(round_: RoundTables, downfloaters: int, next_residents: int,
                       final: bool) -> tuple:
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
    adj8 = [0] * len(round_.adj)
    act = downfloaters | next_residents
    for i in _bits(act):
        adj8[i] = round_.adj[i] & (next_residents if downfloaters >> i & 1 else act)
    verts = list(_bits(act))
    barred = {v for v in verts if final and not round_.players[v].pab_eligible}
    weighted = sorted((v for v in verts if v in barred or downfloaters >> v & 1),
                      key=lambda v: (v not in barred, not downfloaters >> v & 1,
                                     -round_.score[v], v))
    covered, mate = greedy_cover(adj8, act, weighted)
    pairs = matching_size(mate)
    barred_left = len(barred) - sum(1 for v in covered if v in barred)
    down = [0] * len(round_.levels)
    for v in covered:
        if downfloaters >> v & 1:
            down[round_.level[round_.score[v]]] -= 1
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


def c9_applies(round_: RoundTables, residents: list[int], below: int,
               warm: list[int] | None = None) -> bool:
    """Whether [C9] (2026, unplayed games of the PAB assignee) applies to the bracket with
    ``residents`` (the players ``below`` it a bitset): the round has a PAB, the bracket is at or
    below the PAB assignee's score ([C5]) and the players below can pair among themselves, so that
    the bracket's downfloater is the assignee (as the endorsed engine decides it before the
    bracket)."""
    if (not residents or not round_.odd or round_.bye_score is None
            or round_.score[residents[0]] > round_.bye_score):
        return False
    if below:
        return popcount(below) % 2 == 0 and round_.completable(below, warm)
    return True
