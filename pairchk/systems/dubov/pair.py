"""The Dubov engine of the 2026 text (C.04.4.1, applied from 1 Feb 2026), procedural as written.

* 3.1 PAB first: eligible ([C2]), allows a complete pairing of the rest ([C4]), lowest score,
  most games played, largest TPN.
* Scoregroups top-down (1.9); a bracket is the remaining residents plus upfloaters (no
  downfloaters, 1.3.2). 3.2.1/3.2.2: the minimum number of upfloaters ([C5]) that lets the
  residents be paired legally ([C1], [C3]) with the rest still completable ([C4]); among the sets
  of that size (in the order of 4.2: sequence numbers by descending score, then ascending TPN,
  sets compared by their sorted sequence numbers) the first whose ensuing bracket pairing is best
  on [C6] score differences, [C7] colour preferences, and, except in the last round, [C8]
  maximum upfloaters, [C9] their upfloats, [C10] upfloaters of the previous round.
* 3.2.3 G1 = white seekers (or the first half by TPN when nobody in the bracket has played),
  G2 = the rest. 3.2.4.1 players of the smaller subgroup (G1 when equal) that must unavoidably be
  paired together are shifted (as many as such pairs), 3.2.4.2 then the larger subgroup gives
  players to equalise; "best" = first set in the order of 4.3 (white seekers by ascending ARO,
  black seekers by TPN, middle-out sequence numbers) whose pairing is best on [C7].
* 3.2.5 S1 = G1 by ascending ARO then TPN; T2 = first transposition of G2 (4.4, lexicographic
  by TPN) giving a legal pairing S1[i]-T2[i].
* Colours: article 5.2 (:func:`.rules.allocate`).

Where the text leaves a choice open, the pairing used to judge a set is the one the procedure
itself produces (3.2.4-3.2.5), as pairing-core does.
"""

from __future__ import annotations

from itertools import combinations, product

from ...model import Color
from ...pairing import Pair, RoundPairing
from ...system import UnpairableError
from .rules import (
    DubovState,
    allocate,
    colour_misses,
    completable,
    first_leaving_completable,
    legal_rows,
    pair_graph,
)


def choose_pab(ds: DubovState, players: list[int]) -> int:
    """3.1: the PAB assignee (eligible, completion, lowest score, most games, largest TPN)."""
    cands = [n for n in players if ds.p(n).pab_eligible]
    cands.sort(key=lambda n: (ds.score(n), -ds.p(n).played, -ds.tpn(n)))
    n = first_leaving_completable(ds, players, cands)
    if n is not None:
        return n
    raise UnpairableError(f"round {ds.round}: no player can take the PAB and leave a complete pairing")


def pair_2026(ds: DubovState) -> RoundPairing:
    players = list(ds.base.order)
    bye = None
    if len(players) % 2:
        bye = choose_pab(ds, players)
        players.remove(bye)
    elif not completable(ds, players):
        raise UnpairableError(f"round {ds.round}: no legal pairing of all players exists")
    pairs: list[tuple[int, int]] = []
    remaining = sorted(players, key=lambda n: (-ds.score(n), ds.tpn(n)))
    while remaining:
        top = ds.score(remaining[0])
        residents = [n for n in remaining if ds.score(n) == top]
        lower = [n for n in remaining if ds.score(n) != top]
        ups, bracket_pairs = choose_upfloaters(ds, residents, lower)
        pairs.extend(bracket_pairs)
        used = set(residents) | set(ups)
        remaining = [n for n in remaining if n not in used]
    return RoundPairing(round=ds.round, pairs=board_order(ds, pairs), bye=bye)


def board_order(ds: DubovState, pairs: list[tuple[int, int]]) -> tuple[Pair, ...]:
    """Colours by article 5.2 and boards by C.04.2 (higher player's score, sum, rank)."""
    out = []
    for a, b in pairs:
        w, bl = allocate(ds, a, b)
        hi = ds.higher(a, b)
        lo = b if hi == a else a
        out.append(((-ds.score(hi), -ds.score(lo), ds.tpn(hi)), Pair(w, bl)))
    out.sort(key=lambda x: x[0])
    return tuple(p for _, p in out)


def upfloat_key(ds: DubovState, ups: tuple[int, ...], pairs: list[tuple[int, int]]) -> tuple:
    """[C7]..[C10] of a bracket pairing (lower is better; C8-C10 are 0 in the last round)."""
    misses = sum(colour_misses(ds, *allocate(ds, a, b)) for a, b in pairs)
    if ds.base.last_round:
        return (misses, 0, 0, 0)
    maxed = [u for u in ups if ds.p(u).upfloats >= ds.maxt]
    return (misses, len(maxed), sum(ds.p(u).upfloats for u in maxed),
            sum(1 for u in ups if ds.p(u).float_before(1) == "U"))


def score_classes(ds: DubovState, top, pool: list[int], k: int):
    """The sets of ``k`` upfloaters grouped by [C6] and best class first: "minimise the score
    differences (taken in descending order) ..., i.e. maximise the scores (taken in ascending
    order) of the upfloaters" (2.3.2). Within a class, the sets in the order of 4.2 (sorted
    sequence numbers, lexicographically)."""
    levels: list[list[int]] = []
    for n in pool:  # pool is sorted by descending score, then TPN (4.2.2)
        if levels and ds.score(levels[-1][0]) == ds.score(n):
            levels[-1].append(n)
        else:
            levels.append([n])
    counts = list(_compositions(k, [len(lv) for lv in levels]))

    def c6(cv):
        return tuple(sorted((top - ds.score(levels[i][0]) for i, c in enumerate(cv) for _ in range(c)),
                            reverse=True))

    counts.sort(key=c6)
    seq = {n: i for i, n in enumerate(pool)}
    for cv in counts:
        parts = [list(combinations(levels[i], c)) for i, c in enumerate(cv)]
        sets = [tuple(x for part in choice for x in part) for choice in product(*parts)]
        sets.sort(key=lambda st: sorted(seq[x] for x in st))
        yield c6(cv), sets


def _compositions(k: int, sizes: list[int]):
    if not sizes:
        if k == 0:
            yield ()
        return
    for c in range(min(k, sizes[0]), -1, -1):
        for rest in _compositions(k - c, sizes[1:]):
            yield (c,) + rest


def choose_upfloaters(ds: DubovState, residents: list[int], lower: list[int]
                      ) -> tuple[tuple[int, ...], list[tuple[int, int]]]:
    """3.2.1-3.2.2 with the sequence numbers of 4.2: the upfloaters and the bracket's pairs.

    The fewest upfloaters ([C5]) letting the residents be paired legally with everybody below
    still pairable ([C4]); of those, the best [C6] class, then the best [C7]-[C10] of the
    ensuing bracket pairing; ties to the first set in the order of 4.2.
    """
    pool = sorted(lower, key=lambda n: (-ds.score(n), ds.tpn(n)))
    top = ds.score(residents[0])
    for k in range(len(residents) % 2, len(pool) + 1, 2):
        for _, sets in score_classes(ds, top, pool, k):
            best = None
            for ups in sets:
                bracket = residents + list(ups)
                if not completable(ds, bracket):
                    continue
                if not completable(ds, [n for n in pool if n not in ups]):
                    continue
                pairs = pair_bracket(ds, bracket)
                if pairs is None:
                    continue
                key = upfloat_key(ds, ups, pairs)
                if best is None or key < best[0]:
                    best = (key, ups, pairs)
                    if key == (_class_floor(ds, residents, len(ups)), 0, 0, 0):
                        break  # nothing later in this class can be better
            if best is not None:
                return best[1], best[2]
    raise UnpairableError(f"round {ds.round}: the scoregroup {top} cannot be paired")


# ----------------------------------------------------------------------------- the bracket

def pair_bracket(ds: DubovState, bracket: list[int]) -> list[tuple[int, int]] | None:
    """3.2.3-3.2.5 for a bracket whose players admit a legal pairing; None if the procedure
    finds none."""
    if all(ds.p(n).played == 0 for n in bracket):
        by_tpn = sorted(bracket, key=ds.tpn)
        g1, g2 = by_tpn[: len(bracket) // 2], by_tpn[len(bracket) // 2:]
    else:
        g1 = [n for n in bracket if ds.pref(n) is Color.WHITE]
        g2 = [n for n in bracket if n not in g1]
    small_is_g1 = len(g1) <= len(g2)
    small, large = (g1, g2) if small_is_g1 else (g2, g1)
    need = forced_pairs(ds, small, large)
    if need:
        best = None
        floor = c7_floor(ds, bracket)
        for shift in shifter_sets(ds, small, need, white=small_is_g1):
            ns = [n for n in small if n not in shift]
            nl = large + list(shift)
            ng1, ng2 = (ns, nl) if small_is_g1 else (nl, ns)
            res = equalise(ds, ng1, ng2)
            if res is not None and (best is None or res[0] < best[0]):
                best = res
                if res[0] <= floor:
                    break
        return None if best is None else best[1]
    res = equalise(ds, g1, g2)
    return None if res is None else res[1]


def equalise(ds: DubovState, g1: list[int], g2: list[int]) -> tuple[int, list] | None:
    """3.2.4.2: shift the best set from the larger subgroup; returns (C7, pairs) or None."""
    if len(g1) == len(g2):
        pairs = s1_t2(ds, g1, g2)
        return None if pairs is None else (_misses(ds, pairs), pairs)
    big_is_g1 = len(g1) > len(g2)
    big, small = (g1, g2) if big_is_g1 else (g2, g1)
    k = (len(big) - len(small)) // 2
    floor = c7_floor(ds, g1 + g2)
    best = None
    for shift in shifter_sets(ds, big, k, white=big_is_g1):
        nb = [n for n in big if n not in shift]
        ns = small + list(shift)
        ng1, ng2 = (nb, ns) if big_is_g1 else (ns, nb)
        pairs = s1_t2(ds, ng1, ng2)
        if pairs is None:
            continue
        m = _misses(ds, pairs)
        if best is None or m < best[0]:
            best = (m, pairs)
            if m <= floor:  # no set can do better: the first one reaching the floor is best
                break
    return best


def _class_floor(ds: DubovState, residents: list[int], k: int) -> int:
    """A floor of [C7] for every bracket of ``residents`` plus ``k`` upfloaters."""
    w = sum(1 for n in residents if ds.pref(n) is Color.WHITE)
    b = sum(1 for n in residents if ds.pref(n) is Color.BLACK)
    return max(0, abs(w - b) - k) // 2


def c7_floor(ds: DubovState, players: list[int]) -> int:
    """The fewest players any pairing of ``players`` leaves without their colour preference:
    a pair of two players preferring the same colour costs one, so at least |W - B| / 2."""
    w = sum(1 for n in players if ds.pref(n) is Color.WHITE)
    b = sum(1 for n in players if ds.pref(n) is Color.BLACK)
    return abs(w - b) // 2


def _misses(ds: DubovState, pairs: list[tuple[int, int]]) -> int:
    return sum(colour_misses(ds, *allocate(ds, a, b)) for a, b in pairs)


def shifter_sets(ds: DubovState, group: list[int], k: int, *, white: bool):
    """Sets of ``k`` players of ``group`` in the order of 4.3: white seekers (G1) sorted by
    ascending ARO then TPN, black seekers (G2) by TPN; sequence numbers from the (remaining)
    middle outwards, the higher position first when two are in the middle (4.3.3)."""
    if white:
        ordered = sorted(group, key=lambda n: (ds.p(n).aro, ds.tpn(n)))
    else:
        ordered = sorted(group, key=ds.tpn)
    numbered = middle_out(ordered)
    return combinations(numbered, k)


def middle_out(xs: list) -> list:
    """4.3.3 numbering: the (remaining) middle first; of two middles the higher position.

    >>> middle_out(list("ABCDEFG"))
    ['D', 'C', 'E', 'B', 'F', 'A', 'G']
    >>> middle_out(list("ABCD"))
    ['B', 'C', 'A', 'D']
    """
    work = list(xs)
    out = []
    while work:
        out.append(work.pop((len(work) - 1) // 2))
    return out


def forced_pairs(ds: DubovState, small: list[int], large: list[int]) -> int:
    """3.2.4.1: the least number of pairs inside ``small`` over all legal pairings of the bracket
    (0 when there is none): a maximum-weight perfect matching where a pair inside ``small``
    weighs 1 and any other legal pair 2 has weight ``len(bracket) - that number``."""
    players = small + large
    ns = len(small)
    if completable_without_inner(ds, players, ns):
        return 0
    from ...matching import max_weight_matching

    edges = [(i, j, 1 if j < ns else 2) for i, j in _edges(ds, players)]
    mate = max_weight_matching(edges, maxcardinality=True)
    if 2 * len(mate) != len(players):
        return 0
    weight = sum(1 if max(i, j) < ns else 2 for i, j in mate)
    return len(players) - weight


def _edges(ds: DubovState, players: list[int]):
    """The legal pairs ``(i, j)``, ``i < j``, of ``players`` by position."""
    adj = pair_graph(ds, players)
    for i, a in enumerate(players):
        if adj is not None:
            row = adj[i] >> (i + 1)
            while row:
                low = row & -row
                row ^= low
                yield i, i + low.bit_length()
        else:
            for j in range(i + 1, len(players)):
                if ds.legal(a, players[j]):
                    yield i, j


def completable_without_inner(ds: DubovState, players: list[int], ns: int) -> bool:
    """Whether ``players`` admit a legal pairing with no pair inside the first ``ns``."""
    from ...matching import max_matching

    n = len(players)
    adj = pair_graph(ds, players)
    if adj is not None:
        small = (1 << ns) - 1
        adj = [row & ~small if i < ns else row for i, row in enumerate(adj)]
    else:
        adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if i < ns and j < ns:
                    continue
                if ds.legal(players[i], players[j]):
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
    return all(m >= 0 for m in max_matching(adj, perfect=True))


def s1_t2(ds: DubovState, g1: list[int], g2: list[int]) -> list[tuple[int, int]] | None:
    """3.2.5: S1 by ascending ARO then TPN; T2 the first legal transposition of G2 (4.4).

    The first transposition in lexicographic TPN order is built S1 player by S1 player: each
    takes the first G2 player that still leaves a legal pairing of the rest, decided by keeping
    a perfect matching of the rest and repairing it with one augmenting path. (That pairing is
    fixed by the legal pairs alone, whatever matching the search starts from.)
    """
    if len(g1) != len(g2):
        return None
    s1 = sorted(g1, key=lambda n: (ds.p(n).aro, ds.tpn(n)))
    t2 = sorted(g2, key=ds.tpn)
    m = len(s1)
    rows = legal_rows(ds, s1, t2)  # bit j of rows[i]: s1[i] may meet t2[j]
    ml, mr = [-1] * m, [-1] * m
    free_r = (1 << m) - 1
    for i in range(m):  # greedy start: the first free partner
        x = rows[i] & free_r
        if x:
            j = (x & -x).bit_length() - 1
            ml[i], mr[j] = j, i
            free_r ^= 1 << j
    for i in range(m):
        if ml[i] == -1:
            path = _augmenting_path(rows, mr, i, 0, free_r)
            if path is None:
                return None
            free_r &= ~(1 << path[-1][1])
            _apply(path, ml, mr)
    fixed = 0  # the right vertices of the rows already decided
    for i in range(m):
        cand = rows[i] & ~fixed
        while cand:  # always reaches ml[i], a partner that works
            j = (cand & -cand).bit_length() - 1
            cand &= cand - 1
            if ml[i] == j:
                break
            # give t2[j] to s1[i]; its partner needs another one, ending at s1[i]'s old partner
            i2, j_old = mr[j], ml[i]
            path = _augmenting_path(rows, mr, i2, fixed | 1 << j, 1 << j_old)
            if path is not None:
                ml[i], mr[j] = j, i
                _apply(path, ml, mr)
                break
        fixed |= 1 << ml[i]
    return [(s1[i], t2[ml[i]]) for i in range(m)]


def _augmenting_path(rows: list[int], mr: list[int], start: int, blocked: int,
                     free_r: int) -> list[tuple[int, int]] | None:
    """An alternating path from the left vertex ``start`` to a right vertex of ``free_r``
    (Kuhn's depth-first search on bitsets, on an explicit stack: a path can be as long as the
    bracket), avoiding the right vertices of ``blocked``; the (left, right) pairs it makes."""
    seen = blocked
    stack = [start]
    path: list[int] = []  # path[k]: the right vertex stack[k] goes through
    while stack:
        cand = rows[stack[-1]] & ~seen
        if not cand:
            stack.pop()
            if path:
                path.pop()
            continue
        end = cand & free_r
        low = (end or cand) & -(end or cand)
        seen |= low
        path.append(low.bit_length() - 1)
        if end:
            return list(zip(stack, path))
        stack.append(mr[path[-1]])
    return None


def _apply(path: list[tuple[int, int]], ml: list[int], mr: list[int]) -> None:
    for u, v in path:
        ml[u], mr[v] = v, u


__all__ = ["pair_2026", "choose_pab", "pair_bracket", "middle_out", "board_order"]
