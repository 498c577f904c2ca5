"""Maximum-cardinality matching in general graphs (Edmonds' blossom algorithm).

Used by the Swiss engines to decide whether a set of players can still be paired completely
(C.04.3 2026 C4) and how many pairs a bracket can hold. Vertices are ``0..n-1``; ``adj[v]`` is
an int bitset of the neighbours of ``v``. A greedy pass (or a given partial matching) seeds the
search, so re-checking a slightly changed set of players is cheap.

>>> adj = [0b0110, 0b1001, 0b1001, 0b0110]  # a 4-cycle 0-1-3-2-0
>>> m = max_matching(adj)
>>> sum(1 for v, u in enumerate(m) if u > v)
2
"""

from __future__ import annotations

from collections import deque


def _bits(x: int):
    # ascending set-bit indices of x >= 0; scanning the reversed binary string with str.find
    # avoids a big-int operation per bit (adjacency sets of 1000 players are 1000-bit ints)
    s = bin(x)[:1:-1]
    i = s.find("1")
    while i >= 0:
        yield i
        i = s.find("1", i + 1)


def max_matching(adj: list[int], match: list[int] | None = None, active: int | None = None,
                 perfect: bool = False) -> list[int]:
    """A maximum matching: ``result[v]`` is the partner of ``v`` or -1.

    ``match`` is an optional valid partial matching to start from (not modified);
    ``active`` an optional bitset restricting the graph to those vertices. With ``perfect``
    the search stops at the first vertex that cannot be matched (the caller only wants to
    know whether a perfect matching exists; the result is then not maximum).
    """
    n = len(adj)
    if active is None:
        active = (1 << n) - 1
    mate = list(match) if match is not None else [-1] * n
    if match is None:
        free = active  # unmatched active vertices: the lowest free neighbour is one bit trick away
        for v in _bits(active):
            if free >> v & 1:
                x = adj[v] & free & ~(1 << v)
                if x:
                    u = (x & -x).bit_length() - 1
                    mate[u] = v
                    mate[v] = u
                    free &= ~((1 << u) | (1 << v))
    for root in _bits(active):
        if mate[root] == -1:
            if not _augment(adj, mate, root, active) and perfect:
                break
    return mate


def _augment(adj: list[int], mate: list[int], root: int, active: int) -> bool:
    n = len(adj)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    usedm = 1 << root  # even (outer) vertices, as a bitset
    oddm = 0  # vertices reached as odd (inner) vertices: edges to them are never useful
    q = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while q:
        v = q.popleft()
        nb = adj[v] & active & ~(oddm & ~usedm)
        # dense neighbour sets: one pass over the binary string beats a generator per bit
        for to in [i for i, c in enumerate(bin(nb)[:1:-1]) if c == "1"]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark_path(v, cur, to, blossom)
                mark_path(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            usedm |= 1 << i
                            q.append(i)
            elif parent[to] == -1:
                parent[to] = v
                oddm |= 1 << to
                if mate[to] == -1:
                    # augment along the path ending at `to`
                    u = to
                    while u != -1:
                        pv = parent[u]
                        ppv = mate[pv]
                        mate[u] = pv
                        mate[pv] = u
                        u = ppv
                    return True
                used[mate[to]] = True
                usedm |= 1 << mate[to]
                q.append(mate[to])
    return False


def matching_size(mate: list[int]) -> int:
    return sum(1 for v, u in enumerate(mate) if u > v)


def bipartite_matching(left: list[int], nbr: dict[int, int], warm: dict[int, int] | None = None,
                       complete: bool = False) -> tuple[int, dict[int, int]]:
    """A maximum matching of the bipartite graph whose left vertices ``left`` have the
    neighbour bitsets ``nbr[u]`` over the right vertices (Kuhn's augmenting paths on bitsets).

    The still valid pairs of ``warm`` (left -> right, e.g. the matching of a slightly larger
    graph) seed it, so a search that changes the graph a little costs a few augmentations.
    Returns (size, matching left -> right); with ``complete`` the search stops at the first left
    vertex that cannot be matched (the size is then less than ``len(left)``, not maximum).

    >>> bipartite_matching([0, 1], {0: 0b11, 1: 0b01})
    (2, {0: 1, 1: 0})
    """
    ml: dict[int, int] = {}
    mr: dict[int, int] = {}
    taken = 0
    if warm:
        for u in left:
            y = warm.get(u)
            if y is not None and nbr[u] >> y & 1 and y not in mr:
                ml[u] = y
                mr[y] = u
                taken |= 1 << y
    # [visited right vertices, right vertices proven dead since the last success, matched ones]
    state = [0, 0, taken]
    for u in left:
        if u in ml:
            continue
        state[0] = state[1]
        if _kuhn(u, nbr, ml, mr, state):
            state[1] = 0
        elif complete:
            break
        else:
            state[1] = state[0]  # a failed search leaves the matching as it was
    return len(ml), ml


def _kuhn(u: int, nbr: dict[int, int], ml: dict[int, int], mr: dict[int, int],
          state: list[int]) -> bool:
    cand = nbr[u] & ~state[0]
    free = cand & ~state[2]
    if free:  # a free right vertex: no path to search
        low = free & -free
        y = low.bit_length() - 1
        state[0] |= low
        state[2] |= low
        ml[u] = y
        mr[y] = u
        return True
    state[0] |= cand  # every candidate is visited at most once per search
    while cand:
        low = cand & -cand
        cand ^= low
        y = low.bit_length() - 1
        if _kuhn(mr[y], nbr, ml, mr, state):
            ml[u] = y
            mr[y] = u
            return True
    return False


__all__ = ["max_matching", "matching_size", "bipartite_matching"]
