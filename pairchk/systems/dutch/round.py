"""Pairing a whole round by the FIDE (Dutch) Swiss system, C.04.3 — editions "2026"
(C0403202602) and "2017" (C0403Till2026).

:func:`pair` pairs one round from a :class:`~pairchk.state.RoundState`, bracket by bracket
top-down (2026 art. 1.3, 3; 2017 A.3, A.9 with the PPB and the collapsed last bracket);
:mod:`.evaluate` values any complete pairing of that round (e.g. a published one) so that the
checker can name the first criterion on which it is worse.

How the engine works (procedural, brackets top-down, C.04.3 2026 art. 3-4):

* Before the first bracket the lowest score a PAB assignee can have is fixed ([C5], 2026 only)
  by maximum-cardinality matching (Edmonds, :mod:`pairchk.matching`) with a dummy vertex
  joined to the eligible players (:mod:`.tables`).
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
  (:mod:`.next_bracket`); 2017 C.7 looks at the following bracket alone.
* The bracket search reads as the rule text: :class:`~.bracket.BracketSearch` (MaxPairs, MDP
  selection by [C6]/[C7], completion [C4], next bracket [C8]) and, per MDP set,
  :class:`~.structure.StructureSearch` (MDP-pairing, remainder exchanges, transpositions,
  candidate evaluation) with the pruning bounds of :mod:`.bounds`.
* Search is branch and bound in two passes: pass 1 only explores branches that can still
  reach the ideal vector, pass 2 everything (seeded with pass 1's best; ties still go to the
  earliest candidate). Bounds: colour-preference counts, bipartite matchings of the remaining
  S1 players onto later partners (who grants colours, who must not float; on bitsets, each
  started from the previous node's matching). In pass 1 a
  remainder that has already cost :data:`.structure.EXACT_AFTER` nodes is also checked exactly:
  reaching the ideal is an assignment problem with 0/1 colour costs (Hungarian method), so branches
  that cannot reach it are cut and the first ideal candidate is found without the budget.
  Brackets whose ideal is unreachable and whose bounds stay loose are cut in pass 2 by a node
  budget (:data:`.structure.NODE_BUDGET`; also a remainder with too many exchanges): the search
  has not proved its best, and the structure goes to the exact method of :mod:`.exact` (the
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

from ...matching import _bits
from ...pairing import Pair, RoundPairing
from ...state import RoundState
from .criteria import allocate_colours, board_key
from .structure import search_bracket
from .tables import RoundTables, UnpairableError, round_tables


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
    round_ = round_tables(state)
    pairs: list[tuple[int, int]] = []
    bye = None
    n = round_.n
    pos = 0
    mdps: list[int] = []
    while pos < n or len(mdps) > 1:
        if pos < n:
            s = round_.score[pos]
            end = pos
            while end < n and round_.score[end] == s:
                end += 1
            residents = list(range(pos, end))
        else:
            # only MDPs are left: they form the last bracket on their own
            end = n
            residents, mdps = mdps, []
        nxt_end = end
        if end < n:
            s2 = round_.score[end]
            while nxt_end < n and round_.score[nxt_end] == s2:
                nxt_end += 1
        next_scoregroup = list(range(end, nxt_end))
        below = 0
        for i in range(end, n):
            below |= 1 << i
        if state.edition == "2017" and below:
            res = _pair_bracket_2017(round_, mdps, residents, next_scoregroup, below)
            if res[0] is None:  # the collapsed last bracket took every player left
                clb_pairs, mdps = res[1]
                pairs.extend(clb_pairs)
                break
            got, mdps = res
        else:
            got, mdps = _pair_bracket(round_, mdps, residents, next_scoregroup, below)
        pairs.extend(got)
        pos = end
    if len(mdps) > (1 if round_.odd else 0):
        # never a pairing that silently drops players: the last bracket must pair everybody
        # but the PAB assignee
        raise UnpairableError(f"round {state.round}: the last bracket left "
                              f"{len(mdps)} players unpaired")
    if mdps:
        bye = mdps[0]
    nums = round_.nums
    out = []
    for i, j in pairs:
        w, b = allocate_colours(state, nums[i], nums[j])
        out.append(Pair(w, b))
    out.sort(key=lambda p: board_key(state, p.white, p.black))
    return RoundPairing(state.round, tuple(out), nums[bye] if bye is not None else None)


# ---------------------------------------------------------------------------------------------
# one bracket


def _pair_bracket(round_: RoundTables, mdps: list[int], residents: list[int],
                  next_scoregroup: list[int], below: int,
                  complete: bool = True) -> tuple[list[tuple[int, int]], list[int]]:
    res = search_bracket(round_, mdps, residents, next_scoregroup, below, complete=complete)
    if res is None:
        # MDPs that cannot meet any resident: pair the bracket as one homogeneous group
        # (needed only when completion forces MDPs to meet each other)
        res = search_bracket(round_, [], sorted(mdps + residents), next_scoregroup, below,
                             complete=complete)
    if res is None:
        score = round_.score[residents[0]] if residents else '?'
        raise UnpairableError(f"round {round_.state.round}: bracket at score {score} cannot be "
                              "completed")
    return res


def _pair_bracket_2017(round_: RoundTables, mdps: list[int], residents: list[int],
                       next_scoregroup: list[int], below: int,
                       ) -> (tuple[list[tuple[int, int]], list[int]]
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
    got, floaters = _pair_bracket(round_, mdps, residents, next_scoregroup, below, complete=False)
    downfloaters = 0
    for x in floaters:
        downfloaters |= 1 << x
    if round_.completable(downfloaters | below):
        return got, floaters
    got, floaters = _pair_bracket(round_, mdps, residents, [], below)
    clb = [i for i in _bits(below)]
    got2, left = _pair_bracket(round_, floaters, clb, [], 0)
    return None, (got + got2, left)


__all__ = ["pair", "UnpairableError"]
