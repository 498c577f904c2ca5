"""The round's tables of the FIDE (Dutch) system, C.04.3 2026 and 2017.

:func:`round_tables` builds once per :class:`~pairchk.state.RoundState` what every bracket of
the round reads (positions 0..n-1: the players to be paired in pairing order, 2026 art. 1.2,
2017 A.2):

* the compatibility graph of the absolute criteria [C1]-[C3] (2017 C.1-C.3), as bitsets;
* the PAB: the lowest score a PAB assignee can have ([C5], 2026 only; 2017: any eligible
  player, C.2), fixed by maximum-cardinality matching with a dummy vertex joined to the
  eligible players, and the ranks of unplayed games at that score that [C9] counts;
* completion of the round ([C4]; 2017 C.4): can a set of players all be paired, one PAB
  candidate left over when the round is odd; cached per set, and for a single downfloater one
  Gallai-Edmonds search answers for every candidate (:meth:`RoundTables.single_completions`);
* the pair penalties: colours [C10]-[C13] and upfloats [C15]/[C17] (2017 C.8-C.11, C.13,
  C.15), and the colour categories and partner bitsets the bounds (:mod:`.bounds`) read.

The engine and the evaluation of a published pairing of the same round (:mod:`.evaluate`)
share them.
"""

from __future__ import annotations

from decimal import Decimal

from ...matching import _bits, matching_size, max_matching, missable
from ...model import Color
from ...state import UP, RoundState
from ...system import UnpairableError as _SystemUnpairable
from .criteria import colour_penalties, topscorer_pair_ok


class UnpairableError(_SystemUnpairable):
    """No pairing of the round satisfies the absolute criteria C1-C3 (C.04.3 2026 1.9)."""


def popcount(x: int) -> int:
    return x.bit_count()


def _compatibility(state: RoundState, nums: list[int], players: list) -> list[int]:
    """Bitsets of the pairs allowed by C1-C3 (:func:`.criteria.compatible`), built from
    the complement: everybody, minus earlier opponents and forbidden pairs, minus (between
    non-topscorers) the same absolute colour preference. Vertex ``n`` is the PAB dummy."""
    n = len(nums)
    pos = {x: i for i, x in enumerate(nums)}
    full = (1 << n) - 1
    same_abs = {Color.WHITE: 0, Color.BLACK: 0}
    clash = [False] * n
    for i, p in enumerate(players):
        if p.absolute and not topscorer_pair_ok(state, p, p):
            same_abs[p.pref] |= 1 << i
            clash[i] = True
    adj = [0] * (n + 1)
    for i, p in enumerate(players):
        a = full & ~(1 << i)
        if clash[i]:
            # a topscorer partner lifts the clash (C3 exception), so keep those
            a &= ~same_abs[p.pref]
        adj[i] = a
    for i, p in enumerate(players):
        for o in p.opponents:
            j = pos.get(o)
            if j is not None and j > i:
                adj[i] &= ~(1 << j)
                adj[j] &= ~(1 << i)
    for f in state.forbidden:
        xs = [pos.get(x) for x in f]
        if len(xs) == 2:
            fi, fj = xs
            if fi is not None and fj is not None:
                adj[fi] &= ~(1 << fj)
                adj[fj] &= ~(1 << fi)
    return adj


class RoundTables:
    """Per-round tables over positions 0..n-1 (players to be paired in pairing order)."""

    def __init__(self, state: RoundState):
        self.state = state
        self.nums = list(state.order)
        self.n = n = len(self.nums)
        self.players = [state.players[x] for x in self.nums]
        self.score = [p.pairing_score for p in self.players]
        self.adj = _compatibility(state, self.nums, self.players)
        self.dummy = n
        self.odd = n % 2 == 1
        self.bye_score: Decimal | None = None
        self.bye_cand = 0
        self._penalties: dict[tuple[int, int], tuple] = {}
        self.levels = sorted(set(self.score), reverse=True)
        self.level = {s: i for i, s in enumerate(self.levels)}
        self.c9_rank: dict[int, int] = {}
        self._comp: dict[int, bool] = {}
        self._single: dict[int, int] = {}
        self._warm_prev: tuple[int, list[int]] | None = None
        # colour category: 0 none; white 1 mild, 2 strong, 3 absolute; black 4, 5, 6
        self.colour_category = []
        for p in self.players:
            if p.pref is Color.NONE:
                self.colour_category.append(0)
            else:
                k = 3 if p.absolute else 2 if p.strong else 1
                self.colour_category.append(k if p.pref is Color.WHITE else k + 3)
        self._colour_masks()
        self._fix_bye()

    def _colour_masks(self) -> None:
        """Per position, the bitsets of the partners with whom a pair fails [C12] (the same
        colour preference, ``same12``) and [C13] (both strong or absolute for the same colour,
        not both absolute: ``fail13``), as :func:`.criteria.colour_penalties` counts
        them; both relations are symmetric."""
        by_cat = [0] * 7
        for i, k in enumerate(self.colour_category):
            by_cat[k] |= 1 << i
        white = by_cat[1] | by_cat[2] | by_cat[3]
        black = by_cat[4] | by_cat[5] | by_cat[6]
        self.same12 = []
        self.fail13 = []
        for k in self.colour_category:
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
                raise UnpairableError(f"round {self.state.round}: no pairing of all {self.n} "
                                      "players satisfies C1-C3")
            self.completion_adj = self.adj
            return
        eligible = [i for i in range(self.n) if self.players[i].pab_eligible]
        if self.state.edition == "2017":
            # 2017: no criterion on the PAB assignee's score; any eligible player may be left
            # over at the bottom (C.2, completion C.4)
            cand = 0
            for i in eligible:
                cand |= 1 << i
            adj = self._completing_adj(cand)
            if adj is not None:
                self.bye_cand = cand
                self.completion_adj = adj
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
                self.completion_adj = adj
                # C9 ranks: fewer games played -> higher rank (as pairing it is preferred)
                counts = sorted((self.players[i].played for i in range(self.n)
                                 if self.score[i] == s), reverse=True)
                for r, c in enumerate(counts):
                    self.c9_rank[c] = r
                return
        raise UnpairableError(f"round {self.state.round}: no pairing with a legal PAB assignee "
                              "satisfies C1-C3 (C.04.1 art. 4)")

    def completable(self, mask: int, warm: list[int] | None = None) -> bool:
        """Can the players in ``mask`` all be paired (one PAB candidate left when odd)?"""
        r = self._comp.get(mask)
        if r is None:
            r = self._completable(mask, warm)
            self._comp[mask] = r
        return r

    def _completable(self, mask: int, warm: list[int] | None) -> bool:
        k = popcount(mask)
        if k % 2:
            if not self.odd:
                return False
            mask |= 1 << self.dummy
            k += 1
        if k == 0:
            return True
        mate = max_matching(self.completion_adj, match=warm, active=mask, perfect=True)
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
        mate = max_matching(self.completion_adj, match=start, active=mask)
        self._warm_prev = (mask, mate)
        return mate

    def single_completions(self, base: int, warm: list[int] | None = None) -> int:
        """The players ``base`` plus one more player ``y`` can all be paired (one PAB candidate
        left over, the PAB dummy added by parity) exactly when ``completion_adj[y] & D`` for the
        bitset ``D`` returned (Gallai-Edmonds, :func:`~pairchk.matching.missable`): one matching
        search answers [C4] for every candidate single downfloater at once."""
        r = self._single.get(base)
        if r is None:
            mask = base
            r = 0
            if popcount(mask) % 2 == 0 and self.odd:
                mask |= 1 << self.dummy
            if popcount(mask) % 2:
                r = missable(self.completion_adj, mask, warm)[1]
            self._single[base] = r
        return r

    # -- pair penalties -----------------------------------------------------------------------
    def pair_penalties(self, i: int, j: int) -> tuple:
        """(c10, c11, c12, c13, up1, up2) for pair i<j; up* = resident j upfloated 1/2 rounds ago
        while i has a higher score (C15/C17, and at i's score level C19/C21)."""
        key = (i, j)
        r = self._penalties.get(key)
        if r is None:
            a, b = self.players[i], self.players[j]
            c = colour_penalties(a, b)
            het = self.score[i] > self.score[j]
            up1 = int(het and b.float_before(1) == UP)
            up2 = int(het and b.float_before(2) == UP)
            r = c + (up1, up2)
            self._penalties[key] = r
        return r


_LAST_ROUND: list = [None, None]  # (state, RoundTables): the checker evaluates the round it paired


def round_tables(state: RoundState) -> RoundTables:
    """The per-round tables of ``state`` (built once per state; the engine and the evaluation
    of a published pairing of the same round share them)."""
    if _LAST_ROUND[0] is not state:
        _LAST_ROUND[1] = RoundTables(state)
        _LAST_ROUND[0] = state
    return _LAST_ROUND[1]

