"""The legal-partner relation of a round, kept small: who may meet whom among the players to pair.

Legality in the Dubov, Burstein and Lim systems depends on a pair's *classes* (Dubov: the colour
each must get, for the 1997 text also the score and whether the lower player may still float
up; Lim: whether each may still take White, Black) and on a few explicit exceptions per player
(opponents met, forbidden pairs). Storing every
legal opponent of every player costs O(n²) objects (gigabytes for 5,000 players); this keeps one
class key per player, the compatible classes, and the exceptions, and answers the same questions.

>>> from pairchk.model import Tournament, Player
>>> from pairchk.state import round_state
>>> base = round_state(Tournament(rounds=3, players=tuple(Player(n) for n in (1, 2, 3))), 1,
...                    edition="2026")
>>> pt = Partners(base, base.order, key=lambda n: n % 2, pair_ok=lambda a, b: a % 2 == b % 2)
>>> sorted(pt.get(1)), 2 in pt.get(1), pt.get(9) is None, pt.adjacency([1, 2, 3])
([3], False, True, [4, 0, 1])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence

from ..state import RoundState


class PartnerSet:
    """The legal partners of one player, answered on demand (``b in s``, iteration)."""

    __slots__ = ("_pt", "_a")

    def __init__(self, pt: Partners, a: int) -> None:
        self._pt, self._a = pt, a

    def __contains__(self, b: object) -> bool:
        return isinstance(b, int) and self._pt.allows(self._a, b)

    def __iter__(self) -> Iterator[int]:
        return (b for b in self._pt.order if self._pt.allows(self._a, b))


class Partners:
    """``a`` may meet ``b`` when both are in ``order``, ``a != b``, ``a`` has not met ``b``
    (``base.met``: over the board or a forbidden pair) and ``pair_ok(a, b)``, a predicate that
    must depend on the players' ``key`` only (it is evaluated once per pair of keys)."""

    def __init__(self, base: RoundState, order: Sequence[int], *, key: Callable[[int], Hashable],
                 pair_ok: Callable[[int, int], bool]) -> None:
        self.order = tuple(order)
        self._key = {n: key(n) for n in self.order}
        reps: dict[Hashable, int] = {}
        for n in self.order:
            reps.setdefault(self._key[n], n)
        self._compat = {k: frozenset(h for h, r in reps.items() if pair_ok(rep, r))
                        for k, rep in reps.items()}
        forbidden: dict[int, set[int]] = {}
        for fp in base.forbidden:
            for x in fp:
                forbidden.setdefault(x, set()).update(y for y in fp if y != x)
        self._barred = {n: base.players[n].opponents | forbidden.get(n, set()) | {n}
                        for n in self.order}
        #: ``allows(a, b) == allows(b, a)`` for every two players (always, unless a file lists
        #: a game on one side only or ``pair_ok`` is not symmetric): the callers may then read
        #: one adjacency row for both directions
        self.symmetric = len(set(self.order)) == len(self.order) and all(
            (k in self._compat[h]) == (h in self._compat[k]) for k in self._compat for h in self._compat
        ) and all(a in self._barred[b] for a in self.order for b in self._barred[a] if b in self._key)

    def __contains__(self, a: object) -> bool:
        return a in self._key

    def allows(self, a: int, b: int) -> bool:
        ka, kb = self._key.get(a), self._key.get(b)
        if ka is None or kb is None:
            return False
        return kb in self._compat[ka] and b not in self._barred[a]

    def get(self, a: int, default: PartnerSet | None = None) -> PartnerSet | None:
        """The partners of ``a``, or ``default`` when ``a`` is not to be paired."""
        return PartnerSet(self, a) if a in self._key else default

    def adjacency(self, players: Sequence[int]) -> list[int] | None:
        """Bit ``j`` of row ``i``: ``players[i]`` may meet ``players[j]``; None when a player is
        not to be paired or appears twice (the callers decide those cases themselves)."""
        idx = {x: i for i, x in enumerate(players)}
        if len(idx) != len(players) or any(x not in self._key for x in players):
            return None
        by_key: dict[Hashable, int] = {}
        for i, x in enumerate(players):
            k = self._key[x]
            by_key[k] = by_key.get(k, 0) | 1 << i
        row_of_key = {k: _union(by_key.get(h, 0) for h in self._compat[k]) for k in by_key}
        adj = []
        for x in players:
            row = row_of_key[self._key[x]]
            for y in self._barred[x]:
                j = idx.get(y)
                if j is not None:
                    row &= ~(1 << j)
            adj.append(row)
        return adj


    def between(self, left: Sequence[int], right: Sequence[int]) -> list[int] | None:
        """Bit ``j`` of row ``i``: ``left[i]`` may meet ``right[j]``; None when a player is not
        to be paired or appears twice."""
        idx = {x: j for j, x in enumerate(right)}
        if (len(idx) != len(right) or len(set(left)) != len(left)
                or any(x not in self._key for x in (*left, *right))):
            return None
        by_key: dict[Hashable, int] = {}
        for j, x in enumerate(right):
            k = self._key[x]
            by_key[k] = by_key.get(k, 0) | 1 << j
        row_of_key: dict[Hashable, int] = {}
        rows = []
        for x in left:
            k = self._key[x]
            if k not in row_of_key:
                row_of_key[k] = _union(by_key.get(h, 0) for h in self._compat[k])
            row = row_of_key[k]
            for y in self._barred[x]:
                at = idx.get(y)
                if at is not None:
                    row &= ~(1 << at)
            rows.append(row)
        return rows


def pair_rows(partners: Partners, players: Sequence[int],
              legal: Callable[[int, int], bool]) -> list[int]:
    """:meth:`Partners.adjacency` of ``players``, or, where it cannot answer (a player not to be
    paired, or listed twice), the same rows asked of ``legal`` pair by pair."""
    adj = partners.adjacency(players)
    if adj is not None:
        return adj
    idx = {x: i for i, x in enumerate(players)}
    rows = [0] * len(players)
    for i, a in enumerate(players):
        for b in players:
            if legal(a, b):
                rows[i] |= 1 << idx[b]
    return rows


def _union(masks: Iterator[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


__all__ = ["Partners", "PartnerSet"]
