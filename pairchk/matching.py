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
    else:
        free = 0
        for v in _bits(active):
            if mate[v] == -1:
                free |= 1 << v
    for root in _bits(free):
        if mate[root] != -1:
            continue
        end, _ = _augment(adj, mate, root, active, free)
        if end >= 0:
            free &= ~((1 << root) | (1 << end))
        elif perfect:
            break
    return mate


def _augment(adj: list[int], mate: list[int], root: int, active: int,
             free: int) -> tuple[int, int]:
    """One search for an augmenting path from the unmatched ``root`` (Edmonds' blossoms);
    augments ``mate`` along it and returns (the path's other end, 0), or (-1, the even
    vertices of the search tree) if there is none. ``free`` holds the unmatched active
    vertices: an even vertex next to one ends the search."""
    n = len(adj)
    parent = [-1] * n
    base = list(range(n))
    members: dict[int, int] = {}  # base of a contracted blossom -> its vertices, as a bitset
    usedm = 1 << root  # even (outer) vertices, as a bitset
    oddm = 0  # vertices reached as odd (inner) vertices: edges to them are never useful
    free &= ~(1 << root)
    q = deque([root])

    def lca(a: int, b: int) -> int:
        seen = 0
        while True:
            a = base[a]
            seen |= 1 << a
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen >> b & 1:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, marked: list[int]) -> None:
        while base[v] != b:
            marked.append(base[v])
            marked.append(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while q:
        v = q.popleft()
        nb = adj[v] & active
        direct = nb & free
        if direct:  # an unmatched neighbour: augment at once
            to = (direct & -direct).bit_length() - 1
            parent[to] = v
            _flip(mate, parent, to)
            return to, 0
        # unlabelled neighbours become odd (their mates, unlabelled too, even): each vertex is
        # labelled once per search, so this part costs O(n) in all
        un = nb & ~(usedm | oddm)
        while un:
            low = un & -un
            un ^= low
            to = low.bit_length() - 1
            parent[to] = v
            oddm |= low
            m = mate[to]
            mb = 1 << m
            usedm |= mb
            un &= ~mb  # a neighbour's mate is labelled even here, not odd
            q.append(m)
        # even neighbours outside v's blossom close a new blossom; its members leave the scan
        ev = nb & usedm & ~members.get(base[v], 1 << v)
        while ev:
            low = ev & -ev
            ev ^= low
            to = low.bit_length() - 1
            if base[v] == base[to]:
                continue
            cur = lca(v, to)
            marked: list[int] = []
            mark_path(v, cur, to, marked)
            mark_path(to, cur, v, marked)
            um = members.get(cur, 1 << cur)
            for b_ in marked:
                um |= members.get(b_, 1 << b_)
            members[cur] = um
            for i in _bits(um):
                base[i] = cur
            new = um & ~usedm
            usedm |= new
            q.extend(_bits(new))
            ev &= ~um
    return -1, usedm


def _flip(mate: list[int], parent: list[int], end: int) -> None:
    """Augment along the tree path that ends at the unmatched vertex ``end``."""
    u = end
    while u != -1:
        pv = parent[u]
        ppv = mate[pv]
        mate[u] = pv
        mate[pv] = u
        u = ppv


def missable(adj: list[int], active: int, match: list[int] | None = None) -> tuple[int, int]:
    """(deficiency, D) of the graph on ``active``: how many vertices a maximum matching leaves
    unmatched and, when that is one, the set D of the vertices some maximum matching leaves
    unmatched (Gallai-Edmonds: the even vertices of the failed search from the unmatched
    vertex), as a bitset; D is 0 for any other deficiency. Then ``active`` plus one more vertex
    ``y`` has a perfect matching exactly when ``y`` has a neighbour in D (pair ``y`` with it;
    conversely ``y``'s partner in a perfect matching is left unmatched by a maximum matching of
    the rest).

    >>> missable([0b010, 0b101, 0b010], 0b111)  # a path 0-1-2: 0 or 2 can be left over
    (1, 5)
    """
    mate = max_matching(adj, match=match, active=active)
    exposed = [v for v in _bits(active) if mate[v] == -1]
    if len(exposed) != 1:
        return len(exposed), 0
    root = exposed[0]
    _, even = _augment(adj, mate, root, active, 0)
    return 1, even


def deficiency_set(adj: list[int], active: int) -> tuple[int, int]:
    """(deficiency, D) of the graph on ``active`` for any deficiency: D is the Gallai-Edmonds
    set, the vertices some maximum matching leaves unmatched (those reached as even vertices
    from an exposed vertex of one maximum matching; no search augments, the matching being
    maximum). A vertex outside D is matched by every maximum matching.

    >>> deficiency_set([0b0010, 0b0101, 0b0010, 0b0000], 0b1111)  # path 0-1-2, isolated 3
    (2, 13)
    """
    mate = max_matching(adj, active=active)
    exposed = [v for v in _bits(active) if mate[v] == -1]
    d = 0
    for root in exposed:
        if not d >> root & 1:
            d |= _augment(adj, mate, root, active, 0)[1]
    return len(exposed), d


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


__all__ = ["max_matching", "matching_size", "bipartite_matching", "missable"]
