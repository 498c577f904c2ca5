"""The lexicographic assignment behind the transposition step of the Dutch exact method
(C.04.3 2026 art. 4; 2017 D.1: each S1 player, in order, takes the earliest S2 player that
still allows the best pairing).

:func:`lexicographic_assignment` gives every row (the S1 players, in order) a column (an S2
player, columns in the order of S2) so that every required column is taken: first at the least
total cost (the criteria, as integer costs), then, among the assignments of that cost, the one
whose columns read row by row come first in the order of the columns. It is the bipartite case
of what the exact method otherwise asks a weighted blossom for, with the generation order as
digits below the criteria; here the order needs no digits:

1. a minimum-cost assignment with its dual (shortest augmenting paths, Dijkstra on reduced
   costs; rows padded with cost-free dummy rows for the columns that may stay unmatched, so that
   the assignment is perfect); the dual is checked at the end (no edge below its dual values,
   every assigned edge on them), a certificate that the cost is the least;
2. by complementary slackness the assignments of least cost are exactly the perfect matchings
   of the tight edges (reduced cost 0) of that dual; the rows in turn take the earliest tight
   column some such matching gives them (an alternating cycle from the row's current column,
   through rows not yet fixed).

>>> cost = {("a", "x"): 0, ("a", "y"): 0, ("b", "x"): 0, ("b", "y"): 1}
>>> lexicographic_assignment(["a", "b"], ["x", "y"], cost, set())
{'a': 'y', 'b': 'x'}
>>> cost[("b", "y")] = 0
>>> lexicographic_assignment(["a", "b"], ["x", "y"], cost, set())
{'a': 'x', 'b': 'y'}
>>> lexicographic_assignment(["a"], ["x", "y"], {("a", "x"): 0}, {"y"}) is None
True
"""

from __future__ import annotations

from heapq import heappop, heappush


class CertificateError(AssertionError):
    """The dual of a computed assignment does not prove it optimal (a defect, never input)."""


def lexicographic_assignment(rows: list, cols: list, cost: dict, required: set):
    """``{row: column}`` matching every row and every column of ``required`` (the others at
    most once), of least total ``cost`` (``{(row, column): int}``, the edges), and among those
    the one with the earliest columns (in the order of ``cols``) for the rows in their order;
    None if there is none."""
    solved = least_cost_assignment(rows, cols, cost, required)
    return None if solved is None else solved.earliest()


def least_cost_assignment(rows: list, cols: list, cost: dict, required: set):
    """A :class:`LeastCost` assignment of ``rows`` to ``cols`` (as
    :func:`lexicographic_assignment`) with its dual, or None if there is none."""
    k, m = len(rows), len(cols)
    if k > m:
        return None
    ci = {c: j for j, c in enumerate(cols)}
    ri = {r: i for i, r in enumerate(rows)}
    adj: list[list[tuple[int, int]]] = [[] for _ in range(m)]
    for (r, c), w in cost.items():
        adj[ri[r]].append((ci[c], w))
    optional = [(j, 0) for j, c in enumerate(cols) if c not in required]
    for i in range(k, m):  # dummy rows: a column they take stays unmatched
        adj[i] = list(optional)
    got = min_cost_assignment(adj, m)
    if got is None:
        return None
    return LeastCost(rows, cols, adj, *got)


class LeastCost:
    """A least-cost assignment (``col_of``: row index -> column index; rows past the given
    ones are the dummies) with its dual ``u`` (rows), ``v`` (columns)."""

    def __init__(self, rows: list, cols: list, adj: list[list[tuple[int, int]]],
                 col_of: list[int], u: list[int], v: list[int]):
        self.rows, self.cols, self.adj = rows, cols, adj
        self.col_of, self.u, self.v = col_of, u, v

    def dual(self) -> tuple[dict, dict]:
        """The dual values of the rows and of the columns, by name."""
        return ({r: self.u[i] for i, r in enumerate(self.rows)},
                {c: self.v[j] for j, c in enumerate(self.cols)})

    def earliest(self) -> dict:
        """``{row: column}``: the earliest columns among the assignments of least cost."""
        col_of = list(self.col_of)
        earliest_columns(self.adj, col_of, self.u, self.v, len(self.rows))
        return {r: self.cols[col_of[i]] for i, r in enumerate(self.rows)}


def min_cost_assignment(adj: list[list[tuple[int, int]]], n: int):
    """(col_of, u, v): a perfect matching of rows ``0..n-1`` to columns ``0..n-1`` of least
    cost (``adj[row]`` = [(column, cost)]) with a dual ``u`` (rows), ``v`` (columns): every
    edge costs at least ``u[r] + v[c]``, every matched edge exactly; None if no perfect
    matching exists.

    >>> min_cost_assignment([[(0, 4), (1, 1)], [(0, 2), (1, 3)]], 2)[0]
    [1, 0]
    """
    if any(not a for a in adj):
        return None
    u = [min(w for _, w in a) for a in adj]
    v = [0] * n
    col_of = [-1] * n
    row_of = [-1] * n
    for r in range(n):  # the tight edges first, greedily
        ur = u[r]
        for c, w in adj[r]:
            if w == ur and row_of[c] == -1:
                col_of[r], row_of[c] = c, r
                break
    dist = [0] * n  # per column, valid where seen[c] == stamp
    seen = [0] * n
    done = [0] * n
    prev = [0] * n  # the row a column was reached from
    stamp = 0
    for root in range(n):
        if col_of[root] != -1:
            continue
        stamp += 1
        heap: list[tuple[int, int]] = []
        rows_done = [(root, 0)]
        cols_done: list[int] = []
        r, d = root, 0
        end = -1
        while True:
            ur = u[r]
            for c, w in adj[r]:
                if done[c] == stamp:
                    continue
                nd = d + w - ur - v[c]
                if seen[c] != stamp or nd < dist[c]:
                    seen[c], dist[c], prev[c] = stamp, nd, r
                    heappush(heap, (nd, c))
            while heap:
                d, c = heappop(heap)
                if done[c] != stamp and d == dist[c]:
                    break
            else:
                return None  # no augmenting path: no perfect matching
            done[c] = stamp
            cols_done.append(c)
            if row_of[c] == -1:
                end = c
                break
            r = row_of[c]
            rows_done.append((r, d))
        top = dist[end]
        for c in cols_done:
            v[c] -= top - dist[c]
        for r, d in rows_done:
            u[r] += top - d
        c = end
        while True:  # augment along the path
            r = prev[c]
            nxt = col_of[r]
            col_of[r], row_of[c] = c, r
            if r == root:
                break
            c = nxt
    certify(adj, col_of, u, v)
    return col_of, u, v


def certify(adj: list[list[tuple[int, int]]], col_of: list[int], u: list[int],
            v: list[int]) -> None:
    """Raise :class:`CertificateError` unless ``u``, ``v`` prove the perfect matching
    ``col_of`` of least cost: no edge costs less than its row's and column's dual values
    together, every matched edge exactly that (linear programming duality)."""
    for r, a in enumerate(adj):
        ur = u[r]
        for c, w in a:
            s = w - ur - v[c]
            if s < 0 or (s and col_of[r] == c):
                raise CertificateError(f"row {r}, column {c}: reduced cost {s}")


def earliest_columns(adj: list[list[tuple[int, int]]], col_of: list[int], u: list[int],
                     v: list[int], k: int) -> None:
    """Rows ``0..k-1`` in turn take the earliest column that some least-cost perfect matching
    extending the earlier rows' choices gives them (``col_of`` changed in place): the tight
    edges of the optimal dual ``u``, ``v`` carry exactly the least-cost perfect matchings."""
    n = len(col_of)
    tight = [[c for c, w in adj[r] if w == u[r] + v[c]] for r in range(n)]
    row_of = [0] * n
    for r, c in enumerate(col_of):
        row_of[c] = r
    fixed = [False] * n
    for t in range(k):
        c0 = col_of[t]
        cands = sorted(c for c in tight[t] if c < c0 and not fixed[row_of[c]])
        visited = [False] * n
        visited[t] = True
        for c in cands:
            path = _path_to(tight, row_of, fixed, visited, row_of[c], c, c0)
            if path is not None:
                # t takes c; each row of the path the next column; the last one c0
                col_of[t], row_of[c] = c, t
                for r, nc in path:
                    col_of[r], row_of[nc] = nc, r
                break
        fixed[t] = True


def _path_to(tight, row_of, fixed, visited, start: int, banned: int, goal: int):
    """An alternating path of tight edges from row ``start`` (giving up its column ``banned``)
    to column ``goal``, through rows neither fixed nor visited, as [(row, its new column)], or
    None; rows searched are marked in ``visited`` (a row once searched cannot reach ``goal``
    on a later try for the same goal)."""
    if visited[start]:
        return None
    visited[start] = True
    stack = [(start, iter(tight[start]))]
    taken: list[int] = []  # the column chosen at each level of the stack
    while stack:
        r, it = stack[-1]
        for c in it:
            if c == banned:
                continue
            if c == goal:
                taken.append(c)
                return [(rr, cc) for (rr, _), cc in zip(stack, taken)]
            r2 = row_of[c]
            if fixed[r2] or visited[r2]:
                continue
            visited[r2] = True
            taken.append(c)
            stack.append((r2, iter(tight[r2])))
            break
        else:
            stack.pop()
            if taken:
                taken.pop()
    return None
