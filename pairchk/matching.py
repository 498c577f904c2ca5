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


def greedy_cover(adj: list[int], active: int, order: list[int]) -> tuple[list[int], list[int]]:
    """The matroid greedy over the vertices ``order`` of the graph on ``active``: each vertex is
    kept when one matching can cover it with those kept before. Returns (the kept vertices, a
    maximum matching covering them).

    The vertex sets a matching can cover form a matroid, and each such set is covered by a
    maximum matching. With ``M`` a maximum matching covering the kept set ``C`` and ``v``
    unmatched, ``C + v`` is coverable exactly when an even alternating path leads from ``v`` to
    some ``w`` outside ``C`` (``M`` against a maximum matching covering ``C + v``): the even
    vertices of the search from ``v``. Swapping along it (``w`` dropped, the path from ``v`` to
    ``w``'s partner augmented) gives the next maximum matching. One search per vertex the
    current matching misses, instead of a fresh matching per vertex.

    >>> greedy_cover([0b0010, 0b0101, 0b1010, 0b0100], 0b1111, [0, 3])  # path 0-1-2-3
    ([0, 3], [1, 0, 3, 2])
    >>> greedy_cover([0b110, 0b001, 0b001], 0b111, [1, 2, 0])  # a star: 1 and 2 exclude
    ([1, 0], [1, 0, -1])
    """
    mate = max_matching(adj, active=active)
    kept: list[int] = []
    cmask = 0
    for v in order:
        if mate[v] == -1:
            # M is maximum: the search from v finds no augmenting path and no even vertex
            # next to an unmatched one, so it returns the even vertices
            _, even = _augment(adj, mate, v, active, 0)
            cand = even & ~cmask & ~(1 << v)
            if not cand:
                continue
            w = (cand & -cand).bit_length() - 1
            x = mate[w]
            mate[w] = mate[x] = -1
            # only v and x unmatched among the vertices searched: the path from v to w, less
            # its last edge, is an augmenting path from v to x
            keep = active & ~(1 << w)
            for u in _bits(active):
                if mate[u] == -1 and u != v and u != x:
                    keep &= ~(1 << u)
            end, _ = _augment(adj, mate, v, keep, 1 << x)
            if end != x:  # cannot happen (see above)
                raise AssertionError("greedy_cover: no swap path")
        kept.append(v)
        cmask |= 1 << v
    return kept, mate


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




# ---------------------------------------------------------------------------------------------
# maximum-weight matching


def max_weight_matching(edges, maxcardinality: bool = False) -> set[tuple[int, int]]:
    """A maximum-weight matching of the graph given by ``edges`` (``(u, v, weight)`` triples,
    integer weights, vertices any integers), as a set of pairs ``(u, v)``; with
    ``maxcardinality`` the heaviest among the matchings of maximum cardinality.

    Edmonds' weighted blossom algorithm, O(n^3), in the formulation of Galil ("Efficient
    algorithms for finding maximum matching in graphs", 1986) as implemented by Joris van
    Rantwijk, which :func:`networkx.max_weight_matching` adapts too: the same answers, here on
    flat lists indexed by vertex and edge number instead of graph dictionaries, several times
    faster. Integer weights keep every dual value an integer, so the result is exact whatever
    the weights' size (the pairing engines put whole criteria vectors into one weight).

    >>> sorted(max_weight_matching([(1, 2, 10), (2, 3, 11), (3, 4, 10)]))
    [(1, 2), (3, 4)]
    >>> sorted(max_weight_matching([(1, 2, 1), (2, 3, 5), (3, 4, 1)]))
    [(2, 3)]
    >>> sorted(max_weight_matching([(1, 2, 1), (2, 3, 5), (3, 4, 1)], maxcardinality=True))
    [(1, 2), (3, 4)]
    """
    names, index, flat = _renumber(edges)
    mate = _weighted_blossom(len(names), flat, maxcardinality)
    return {(names[v], names[u]) for v, u in enumerate(mate) if u > v}


def _renumber(edges) -> tuple[list[int], dict[int, int], list[tuple[int, int, int]]]:
    """(vertex names in order of appearance, name -> number, the edges on those numbers),
    loops dropped: the blossom works on vertices ``0..n-1``."""
    names: list[int] = []
    index: dict[int, int] = {}
    flat: list[tuple[int, int, int]] = []
    for u, v, w in edges:
        if u == v:
            continue
        for x in (u, v):
            if x not in index:
                index[x] = len(names)
                names.append(x)
        flat.append((index[u], index[v], w))
    return names, index, flat


def max_weight_matching_from(edges, matched, duals) -> set[tuple[int, int]]:
    """:func:`max_weight_matching` with ``maxcardinality``, started from a matching and vertex
    duals instead of the empty matching (Edmonds' primal-dual method needs only a feasible
    start): ``matched`` pairs of vertices joined by edges of ``edges``, ``duals`` a dict vertex ->
    integer ``d(v)`` (twice the dual variable), all of one parity, with ``d(u) + d(v) >= 2 w`` on
    every edge and equality on the matched ones. A large part of the graph matched in advance
    costs no augmentation. The result is a maximum matching; when it is perfect, it is a
    maximum-weight perfect matching (the final duals prove it: every slack >= 0, zero on its
    pairs and inside its blossoms), though where several weigh the most not necessarily
    :func:`max_weight_matching`'s. (When no matching is perfect the start's duals are not those
    the maximum-cardinality optimum needs: then the weight is not guaranteed.)

    >>> sorted(max_weight_matching_from([(1, 2, 1), (2, 3, 5), (3, 4, 1)], [(1, 2)],
    ...                                 {1: 1, 2: 1, 3: 9, 4: 9}))
    [(1, 2), (3, 4)]
    """
    names, index, flat = _renumber(edges)
    number: dict[tuple[int, int], int] = {}
    for k, (i, j, _) in enumerate(flat):
        number[(i, j)] = number[(j, i)] = k
    for x in duals:
        if x not in index:
            index[x] = len(names)
            names.append(x)
    start = [number[(index[u], index[v])] for u, v in matched]
    mate = _weighted_blossom(len(names), flat, True, (start, [duals[x] for x in names]))
    return {(names[v], names[u]) for v, u in enumerate(mate) if u > v}


def _weighted_blossom(nvertex: int, edges: list[tuple[int, int, int]],
                      maxcardinality: bool,
                      start: tuple[list[int], list[int]] | None = None) -> list[int]:
    """``mate[v]`` (partner or -1) of a maximum-weight matching of vertices ``0..nvertex-1``.

    Duals are kept doubled (``dualvar[v] = 2 u(v)``, ``dualvar[b] = 2 z(b)`` for a blossom
    ``b >= nvertex``) so that integer weights give integer arithmetic throughout; an edge's
    slack is ``dualvar[i] + dualvar[j] - 2 w``. Endpoints: edge ``k`` has the endpoints
    ``2k`` (its first vertex) and ``2k + 1`` (its second); ``p ^ 1`` is the other end."""
    if not edges:
        return [-1] * nvertex
    nedge = len(edges)
    n2 = 2 * nvertex
    maxweight = max(0, max(w for _, _, w in edges))
    endpoint = [x for i, j, _ in edges for x in (i, j)]
    wt2 = [2 * w for _, _, w in edges]
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    for k, (i, j, _) in enumerate(edges):
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)
    mate = [-1] * nvertex  # the remote endpoint of v's matched edge
    label = [0] * n2  # 0 free, 1 S (outer), 2 T (inner); bit 4 marks a scan
    labelend = [-1] * n2  # the endpoint through which a label was reached
    inblossom = list(range(nvertex))  # the top-level blossom of each vertex
    blossomparent = [-1] * n2
    blossomchilds: list = [None] * n2
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list = [None] * n2
    bestedge = [-1] * n2  # least-slack edge to a different S-blossom (or from a free vertex)
    blossombestedges: list = [None] * n2
    unusedblossoms = list(range(nvertex, n2))
    dualvar = [maxweight] * nvertex + [0] * nvertex
    if start is not None:  # a matching on tight edges and feasible vertex duals to start from
        for k in start[0]:
            mate[endpoint[2 * k]] = 2 * k + 1
            mate[endpoint[2 * k + 1]] = 2 * k
        dualvar[:nvertex] = start[1]
    allowedge = [False] * nedge  # slack known to be zero
    queue: list[int] = []

    def slack(k: int) -> int:
        return dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - wt2[k]

    def leaves(b: int) -> list[int]:
        if b < nvertex:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < nvertex:
                out.append(t)
            else:
                stack.extend(blossomchilds[t])
        return out

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                queue.extend(leaves(b))
                return
            # a T-blossom: its base's mate becomes an S-vertex
            base = blossombase[b]
            p = mate[base]
            w = endpoint[p]
            t = 1
            p ^= 1

    def scan_blossom(v: int, w: int) -> int:
        """Trace back from v and w to the common base of a new blossom, or -1 (an
        augmenting path)."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        blossomchilds[b] = path
        blossomendps[b] = endps
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for v in leaves(b):
            if label[inblossom[v]] == 2:
                queue.append(v)  # former T-vertices become S-vertices
            inblossom[v] = b
        # the least-slack edges from the new blossom to each other S-blossom
        bestedgeto: dict[int, int] = {}
        for bv in path:
            nblist = blossombestedges[bv]
            if nblist is None:
                nblist = [p >> 1 for v in leaves(bv) for p in neighbend[v]]
            for k2 in nblist:
                i, j = endpoint[2 * k2], endpoint[2 * k2 + 1]
                if inblossom[j] == b:
                    i, j = j, i
                bj = inblossom[j]
                if bj != b and label[bj] == 1:
                    cur = bestedgeto.get(bj, -1)
                    if cur == -1 or slack(k2) < slack(cur):
                        bestedgeto[bj] = k2
            blossombestedges[bv] = None
            bestedge[bv] = -1
        best_list = list(bestedgeto.values())
        blossombestedges[b] = best_list
        be = -1
        for k2 in best_list:
            if be == -1 or slack(k2) < slack(be):
                be = k2
        bestedge[b] = be

    def expand_blossom(b: int, endstage: bool) -> None:
        for s in blossomchilds[b]:
            blossomparent[s] = -1
            if s < nvertex:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for v in leaves(s):
                    inblossom[v] = s
        if not endstage and label[b] == 2:
            # relabel the sub-blossoms on the even path from the entry child to the base
            childs = blossomchilds[b]
            endps = blossomendps[b]
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep, endptrick = 1, 0
            else:
                jstep, endptrick = -1, 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[endps[j - endptrick] >> 1] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                allowedge[p >> 1] = True
                j += jstep
            bv = childs[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                reached = -1
                for v in leaves(bv):
                    if label[v] != 0:
                        reached = v
                        break
                if reached != -1:
                    label[reached] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(reached, 2, labelend[reached])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= nvertex:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= nvertex:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= nvertex:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]
        blossomendps[b] = endps[i:] + endps[:i]
        blossombase[b] = blossombase[blossomchilds[b][0]]

    def augment_matching(k: int) -> None:
        for s, p in ((endpoint[2 * k], 2 * k + 1), (endpoint[2 * k + 1], 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    for _stage in range(nvertex):
        label[:] = [0] * n2
        bestedge[:] = [-1] * n2
        blossombestedges[nvertex:] = [None] * nvertex
        allowedge[:] = [False] * nedge
        queue[:] = []
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bv = inblossom[v]
                dv = dualvar[v]
                for p in neighbend[v]:
                    k = p >> 1
                    w = endpoint[p]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    if not allowedge[k]:
                        kslack = dv + dualvar[w] - wt2[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        lw = label[bw]
                        if lw == 0:
                            assign_label(w, 2, p ^ 1)  # w becomes a T-vertex
                        elif lw == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                                bv = inblossom[v]
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            # w inside a T-blossom, not yet reached: keep the edge that reached it
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[bw] == 1:
                        be = bestedge[bv]
                        if be == -1 or kslack < slack(be):
                            bestedge[bv] = k
                    elif label[w] == 0:
                        be = bestedge[w]
                        if be == -1 or kslack < slack(be):
                            bestedge[w] = k
            if augmented:
                break
            # no augmenting path with tight edges: change the duals (four kinds of delta)
            deltatype = -1
            delta = 0
            deltaedge = deltablossom = -1
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar[:nvertex])
            for v in range(nvertex):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 2, bestedge[v]
            for b in range(n2):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    d = slack(bestedge[b]) // 2
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 3, bestedge[b]
            for b in range(nvertex, n2):
                if (blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2
                        and (deltatype == -1 or dualvar[b] < delta)):
                    delta, deltatype, deltablossom = dualvar[b], 4, b
            if deltatype == -1:
                # maximum cardinality reached: one more dual change to make the duals optimal
                deltatype = 1
                delta = max(0, min(dualvar[:nvertex]))
            for v in range(nvertex):
                lb = label[inblossom[v]]
                if lb == 1:
                    dualvar[v] -= delta
                elif lb == 2:
                    dualvar[v] += delta
            for b in range(nvertex, n2):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break  # optimum reached
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j = endpoint[2 * deltaedge], endpoint[2 * deltaedge + 1]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                queue.append(endpoint[2 * deltaedge])
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        # end of stage: expand the S-blossoms whose dual reached zero
        for b in range(nvertex, n2):
            if (blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                    and dualvar[b] == 0):
                expand_blossom(b, True)
    return [endpoint[p] if p >= 0 else -1 for p in mate]


__all__ = ["max_matching", "matching_size", "bipartite_matching", "missable",
           "max_weight_matching", "max_weight_matching_from"]
