"""The Burstein engine for rounds after the seeding rounds (C.04.4.2 2026, art. 3-4).

* 3.1 PAB first: eligible ([C2]), allows a complete pairing of the rest ([C4]), lowest score,
  most games played, lowest ranking (1.8: lowest Index, i.e. Buchholz, then Sonneborn-Berger,
  then the largest TPN).
* Brackets top down (1.2.2): the residents of the highest remaining scoregroup plus the incoming
  floaters; players ranked in the bracket by 1.8 (Index, then TPN) and given BSNs (4.1).
* 3.2.1-3.2.2: among the pairings that comply with [C1]-[C4] (no rematch, no two equal absolute
  colour preferences, the rest still completely pairable), the best on [C5] number of pairs, [C6]
  scores of the outgoing floaters (descending), [C7] the following bracket ([C5], [C6] there), [C8]
  players not getting their colour preference; of those, the first in the order of art. 4 (BSN #1's
  opponent as large as possible, outgoing floaters meet a virtual BSN 0, then BSN #2 ...).

Exactness without a search budget: the criteria and, as the lowest level, the order of art. 4
are one lexicographic integer weight per pair (each level scaled above the largest total of the
levels below), and the pairing is an exact maximum-weight perfect matching (Edmonds' blossom,
integer weights, :func:`~pairchk.matching.max_weight_matching`) over every player still to be paired (a perfect matching = [C4]): one matching
per bracket. :func:`pair_bracket_by_positions` finds the same pairing the long way (optimum of
the criteria, then the art. 4 order fixed position by position); a test compares the two.
"""

from __future__ import annotations

from decimal import Decimal

from ...matching import max_matching, max_weight_matching, max_weight_matching_from
from ...pairing import Pair, RoundPairing
from ...system import UnpairableError
from .rules import BursteinState, allocate, completable, same_side
from .shortcut import greedy, relaxed

FLOAT = 0  # the virtual player of art. 4.2


def pab_key(bs: BursteinState, n: int) -> tuple:
    """3.1.3-3.1.5: lowest score, most games played, lowest ranking (1.8) first."""
    return (bs.score(n), -bs.p(n).played, bs.buchholz[n], bs.sb[n], -bs.tpn(n))


def choose_pab(bs: BursteinState, players: list[int]) -> int:
    """3.1: the PAB assignee."""
    cands = sorted((n for n in players if bs.p(n).pab_eligible), key=lambda n: pab_key(bs, n))
    for n in cands:
        if completable(bs, [m for m in players if m != n]):
            return n
    raise UnpairableError(f"round {bs.round}: no player can take the PAB and leave a complete pairing")


def pair_round(bs: BursteinState) -> RoundPairing:
    """The round's pairing after the seeding rounds (PAB, brackets top down, colours 5.2)."""
    players = list(bs.base.order)
    bye = None
    if len(players) % 2:
        bye = choose_pab(bs, players)
        players.remove(bye)
    if not completable(bs, players):
        raise UnpairableError(f"round {bs.round}: no legal pairing of all players exists")
    pairs: list[tuple[int, int]] = []
    remaining = sorted(players, key=lambda n: -bs.score(n))
    floaters: list[int] = []
    while remaining:
        bracket, nxt, lower = split(bs, remaining, floaters)
        got, floaters = pair_bracket(bs, bracket, nxt, lower)
        pairs.extend(got)
        remaining = lower + floaters
    return RoundPairing(round=bs.round, pairs=board_order(bs, pairs), bye=bye)


def split(bs: BursteinState, remaining: list[int], floaters: list[int]
          ) -> tuple[list[int], list[int], list[int]]:
    """(bracket, next scoregroup, everybody below the bracket)."""
    rest = [n for n in remaining if n not in floaters]
    top = max((bs.score(n) for n in rest), default=None)
    bracket = floaters + [n for n in rest if bs.score(n) == top]
    lower = [n for n in rest if bs.score(n) != top]
    second = max((bs.score(n) for n in lower), default=None)
    nxt = [n for n in lower if bs.score(n) == second]
    return bracket, nxt, lower


def board_order(bs: BursteinState, pairs: list[tuple[int, int]]) -> tuple[Pair, ...]:
    """Colours by art. 5.2; boards by C.04.2 (higher score, sum of scores, higher rank)."""
    out = []
    for a, b in pairs:
        w, bl = allocate(bs, a, b)
        hi, lo = sorted((a, b), key=lambda n: (-bs.score(n), bs.tpn(n)))
        out.append(((-bs.score(hi), -bs.score(lo), bs.tpn(hi)), Pair(w, bl)))
    out.sort(key=lambda x: x[0])
    return tuple(p for _, p in out)


# ----------------------------------------------------------------------------- weights

class Weights:
    """One integer weight per legal pair: [C5], [C6], [C7] ([C5], [C6] of the next bracket),
    [C8] as lexicographic levels (each scaled above the largest total of the levels below)."""

    def __init__(self, bs: BursteinState, bracket: list[int], nxt: list[int]):
        self.bs = bs
        self.b = set(bracket)
        self.bn = self.b | set(nxt)
        levels = sorted({bs.score(n) for n in self.bn})
        base = len(self.bn) + 1
        self.f = {n: base ** levels.index(bs.score(n)) for n in self.bn}
        self.m_d = len(self.b) // 2 + 1
        self.m_c2 = sum(self.f.values()) + 1
        self.m_c1 = len(self.bn) // 2 + 1
        self.m_b = sum(self.f[n] for n in self.b) + 1

    def __call__(self, a: int, b: int) -> int:
        in_b = a in self.b and b in self.b
        in_bn = a in self.bn and b in self.bn
        c5 = 1 if in_b else 0
        c6 = self.f[a] + self.f[b] if in_b else 0
        nxt = in_bn and not in_b
        c7a = 1 if nxt else 0
        c7b = self.f[a] + self.f[b] if nxt else 0
        c8 = 1 if in_b and not same_side(self.bs, a, b) else 0
        w = ((c5 * self.m_b + c6) * self.m_c1 + c7a) * self.m_c2 + c7b
        return w * self.m_d + c8


def order_weight(pos: dict[int, int], a: int, b: int) -> int:
    """Art. 4.3 as the lowest level: a pair of BSNs i < j adds ``K**(n-i) * j`` (K = n + 2), so
    of two pairings equal up to BSN k-1 the one giving BSN k the larger opponent (a floater meets
    BSN 0: adds nothing) weighs more than anything the later positions can add (their total is
    below ``K**(n-k)``)."""
    if a not in pos or b not in pos:
        return 0
    n = len(pos)
    i, j = sorted((pos[a], pos[b]))
    return (n + 2) ** (n - i) * j


def _solve(nodes: list[int], edges: dict[tuple[int, int], int], start=None
           ) -> tuple[int, set] | None:
    """The maximum weight of a perfect matching on ``edges`` (None if none is perfect), from
    ``start`` (pairs, duals for the weights doubled) when given."""
    if start is None:
        m = max_weight_matching([(a, b, w) for (a, b), w in edges.items()], maxcardinality=True)
    else:  # the start's duals are for the weights doubled
        m = max_weight_matching_from([(a, b, 2 * w) for (a, b), w in edges.items()], *start)
    if 2 * len(m) != len(nodes):
        return None
    pairs = {(min(a, b), max(a, b)) for a, b in m}
    return sum(edges[p] for p in pairs), pairs


def pair_bracket(bs: BursteinState, bracket: list[int], nxt: list[int], lower: list[int]
                 ) -> tuple[list[tuple[int, int]], list[int]]:
    """3.2 and art. 4 for one bracket: (its pairs, its outgoing floaters). The same as
    :func:`pair_full`, found by an exact shortcut of :mod:`.shortcut` when one proves its answer
    (the art. 4 greedy, then the bracket with stand-ins for the players below), else by it."""
    got = greedy(bs, bracket, nxt, lower)
    if got is None:
        pos = {n: k for k, n in enumerate(sorted(bracket, key=bs.rank_key), 1)}
        got = relaxed(bs, bracket, nxt, lower, Weights(bs, bracket, nxt), order_weight,
                      (len(pos) + 2) ** len(pos))
    return got if got is not None else pair_full(bs, bracket, nxt, lower, warm=True)


def pair_full(bs: BursteinState, bracket: list[int], nxt: list[int], lower: list[int], *,
              warm: bool = False) -> tuple[list[tuple[int, int]], list[int]]:
    """3.2 and art. 4 for one bracket, the full method: one maximum-weight perfect matching of
    the bracket and every player below it: (its pairs, its outgoing floaters).

    ``warm``: the matching starts from maximum matchings of the players below the bracket and
    duals that make their pairs tight (:func:`_warm_start`): the same optimum weight, hence the
    same bracket pairing (it is unique, see :func:`order_weight`), with few augmentations
    instead of one per pair."""
    nodes = bracket + lower
    weight = Weights(bs, bracket, nxt)
    pos = {n: k for k, n in enumerate(sorted(bracket, key=bs.rank_key), 1)}  # BSNs (4.1)
    scale = (len(pos) + 2) ** len(pos)  # above the largest total of order weights
    edges = {}
    for i, a in enumerate(nodes):
        for b in nodes[i + 1:]:
            if bs.legal(a, b):
                # +1: every pair counts (only perfect matchings are compared)
                edges[(min(a, b), max(a, b))] = 1 + weight(a, b) * scale + order_weight(pos, a, b)
    best = _solve(nodes, edges, _warm_start(bs, bracket, nxt, lower, edges) if warm else None)
    if best is None:
        raise UnpairableError(f"round {bs.round}: the bracket of {len(bracket)} players cannot be "
                              "paired with the rest still complete")
    inb = set(bracket)
    pairs = sorted(((a, b) if pos[a] < pos[b] else (b, a)) for a, b in best[1]
                   if a in inb and b in inb)
    paired = {x for p in pairs for x in p}
    return pairs, [n for n in sorted(bracket, key=pos.__getitem__) if n not in paired]  # BSN order


def _warm_start(bs: BursteinState, bracket: list[int], nxt: list[int], lower: list[int],
                edges: dict[tuple[int, int], int]
                ) -> tuple[list[tuple[int, int]], dict[int, int]] | None:
    """A feasible start for the full method's matching, for the weights doubled (``2 w``: the
    same optimum): a maximum matching of the players below the next scoregroup (every pair
    touching them weighs 1: doubled dual 2 each) and one of the next scoregroup on its
    heaviest pairs (all its pairs weigh the same, ``c``: doubled dual ``2 c``), the bracket's
    duals just high enough. Every pair's slack ``d(a) + d(b) - 4 w`` is then >= 0 and 0 on
    the matched pairs, all duals even (the matching keeps them integers). None (start cold)
    if some pair outside the bracket would have a negative slack."""
    nset = set(nxt)
    rest = [n for n in lower if n not in nset]
    duals = {n: 2 for n in rest}
    c = max((w for (a, b), w in edges.items() if a in nset and b in nset), default=1)
    duals.update((n, 2 * c) for n in nxt)
    pairs: list[tuple[int, int]] = []
    for group, heaviest in ((rest, 1), (nxt, c)):
        adj = bs.partners.adjacency(group)
        if adj is None:
            continue
        mate = max_matching(adj)
        for v, u in enumerate(mate):
            p = (min(group[v], group[u]), max(group[v], group[u]))
            if u > v and edges.get(p) == heaviest:
                pairs.append(p)
    top = 2
    for (a, b), w in edges.items():
        if a in duals and b in duals:
            if duals[a] + duals[b] < 4 * w:
                return None
        elif a in duals or b in duals:
            top = max(top, 4 * w - duals.get(a, duals.get(b, 0)))
        else:
            top = max(top, 2 * w)
    top += top % 2
    duals.update((n, top) for n in bracket)
    return pairs, duals


def pair_bracket_by_positions(bs: BursteinState, bracket: list[int], nxt: list[int],
                              lower: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """The same bracket pairing found the long way (a check on :func:`pair_bracket`): the
    optimum of [C5]-[C8] alone, then art. 4 fixed position by position - BSN #1 takes the
    largest opponent (then the float) for which the optimum is still reached, then BSN #2 ..."""
    nodes = bracket + lower
    weight = Weights(bs, bracket, nxt)
    edges = {}
    for i, a in enumerate(nodes):
        for b in nodes[i + 1:]:
            if bs.legal(a, b):
                edges[(min(a, b), max(a, b))] = 1 + weight(a, b)
    best = _solve(nodes, edges)
    if best is None:
        raise UnpairableError(f"round {bs.round}: the bracket cannot be paired")
    value, witness = best
    bsn = sorted(bracket, key=bs.rank_key)  # 4.1
    inb = set(bracket)
    fixed: set[int] = set()
    pairs: list[tuple[int, int]] = []
    floats: list[int] = []
    for i in bsn:
        if i in fixed:
            continue
        cands = [j for j in reversed(bsn) if j != i and j not in fixed and bs.legal(i, j)]
        for j in cands + [FLOAT]:
            trial = _restrict(edges, i, j, inb)
            if _keeps(witness, trial):
                break
            got = _solve(nodes, trial)
            if got is not None and got[0] == value:
                witness = got[1]
                break
        else:  # pragma: no cover - the witness always allows one choice
            raise AssertionError("no optimal choice for a bracket position")
        edges = trial
        fixed.add(i)
        if j == FLOAT:
            floats.append(i)
        else:
            fixed.add(j)
            pairs.append((i, j))
    return pairs, floats


def _restrict(edges: dict, i: int, j: int, inb: set[int]) -> dict:
    """The edges left once BSN ``i`` meets ``j`` (or floats when ``j`` is FLOAT)."""
    if j == FLOAT:
        return {e: w for e, w in edges.items() if not (i in e and (e[0] in inb and e[1] in inb))}
    pair = (min(i, j), max(i, j))
    return {e: w for e, w in edges.items() if e == pair or (i not in e and j not in e)}


def _keeps(witness: set, edges: dict) -> bool:
    return all(p in edges for p in witness)


def bracket_scores(bs: BursteinState, players) -> tuple[Decimal, ...]:
    return tuple(sorted((bs.score(n) for n in players), reverse=True))


__all__ = ["pair_round", "choose_pab", "pair_bracket", "pair_full", "pair_bracket_by_positions", "pab_key", "split", "board_order", "Weights"]
