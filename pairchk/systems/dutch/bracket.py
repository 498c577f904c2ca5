"""One bracket of the FIDE (Dutch) system (C.04.3 2026 art. 1.3, 3, 4; 2017 A.3, B, D).

:class:`BracketSearch` holds what every candidate of a bracket shares: the incoming MDPs, the
residents, the next scoregroup and the players below it; MaxPairs (2026 art. 3, [C6]; 2017
B.1, C.5); the MDP sets that S1 can take, in the order of [C7] (2017 C.6, the PSD), equal
values in the order of 2026 art. 4.4 / 2017 D.3; and, cached per set of downfloaters,
completion [C4] (2017 C.4) and the next-bracket value [C8] (2017 C.7, :mod:`.next_bracket`).
:func:`.structure.search_bracket` walks its candidates.
"""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

from ...matching import matching_size, max_matching
from .next_bracket import c9_applies, next_bracket_value
from .tables import RoundTables, popcount


def _levels_vector(R: RoundTables, players, bracket_levels) -> tuple:
    counts = [0] * len(bracket_levels)
    for p in players:
        counts[bracket_levels[R.score[p]]] += 1
    return tuple(counts)



class BracketSearch:
    """One bracket (C.04.3 2026 art. 1.3, 3, 4; 2017 A.3, B, D): incoming MDPs ``M``, residents
    ``S``, the next scoregroup ``N`` and everything below it (``lower``, bitset of positions).

    Candidates are generated in the order of the rule text: the number of pairs (MaxPairs
    downwards, [C6]; 2017 C.5), then the MDP sets paired in S1 ([C7] downfloater scores; 2017
    C.6 PSD, then the MDP-set order of 2026 art. 4.4 / 2017 D.3), each set searched by a
    :class:`StructureSearch`. ``complete`` applies [C4] (completion of the round) to every
    candidate; the 2017 edition pairs a bracket first without it (C.4 binds the PPB only).
    """

    def __init__(self, R: RoundTables, M: list[int], S: list[int], N: list[int], lower: int,
                 complete: bool = True):
        self.R = R
        self.M = M
        self.S = S
        self.N = N
        self.lower = lower
        self.complete = complete
        self.edition2017 = R.st.edition == "2017"
        self.bmask = self._mask(M + S)
        self.smask = self._mask(S)
        self.nmask = self._mask(N)
        self.ymask = lower & ~self.nmask
        self.blev_list = sorted({R.score[i] for i in M + S}, reverse=True)
        self.blev = {s: k for k, s in enumerate(self.blev_list)}
        self.level_of = {i: self.blev[R.score[i]] for i in M + S}
        self.warm_lower = R.warm(lower)
        self._comp_cache: dict[int, bool] = {}
        self._c8_cache: dict[int, tuple] = {}
        # [C9] only where the PAB assignee is the bracket's one downfloater: the players below
        # must be able to pair among themselves (as the endorsed engine decides it before the
        # bracket)
        self.c9_active = c9_applies(R, S, lower, self.warm_lower)
        # 2017 collapsed last bracket (A.9): residents of several scores; the PSD then depends
        # on who meets whom and is valued per candidate (see StructureSearch)
        self.mixed = self.edition2017 and len({R.score[i] for i in S}) > 1

    @staticmethod
    def _mask(xs) -> int:
        m = 0
        for i in xs:
            m |= 1 << i
        return m

    # -- [C4] completion, [C8] next bracket ---------------------------------------------------
    def completable(self, dmask: int) -> bool:
        """[C4] (2017 C.4): with downfloaters ``dmask``, can everybody below still be paired?"""
        if not self.complete:
            return True
        r = self._comp_cache.get(dmask)
        if r is None:
            r = self.R.completable(dmask | self.lower, self.warm_lower)
            self._comp_cache[dmask] = r
        return r

    def single_floaters(self, d0: int) -> int:
        """The residents ``y`` for whom the downfloaters ``d0`` plus ``y`` pass [C4], as a
        bitset (:meth:`RoundTables.single_completions`); the answers join the completion cache."""
        if not self.complete:
            return self.smask
        R = self.R
        D = R.single_completions(d0 | self.lower, self.warm_lower)
        ok = 0
        for y in self.S:
            good = bool(R.cadj[y] & D)
            self._comp_cache.setdefault(d0 | (1 << y), good)
            if good:
                ok |= 1 << y
        return ok

    def next_bracket(self, dmask: int) -> tuple:
        """[C8] (2017 C.7) of the downfloaters ``dmask`` (:func:`next_bracket_value`)."""
        r = self._c8_cache.get(dmask)
        if r is None:
            r = next_bracket_value(self.R, dmask, self.nmask, self.ymask)
            self._c8_cache[dmask] = r
        return r

    # -- bracket parameters (art. 3; 2017 B.1) ------------------------------------------------
    def max_pairs(self) -> int:
        """MaxPairs (2026 art. 3; 2017 B.1): a maximum matching inside the bracket without
        MDP-MDP edges."""
        R, M = self.R, self.M
        adj = R.adj
        badj = [0] * len(adj)
        for i in M + self.S:
            a = adj[i] & self.bmask
            if i in M:
                a &= self.smask
            badj[i] = a
        return matching_size(max_matching(badj, active=self.bmask))

    def downfloaters_needed(self) -> int:
        """Players below who can neither pair among themselves nor take the PAB need a
        downfloater each: a cheap bound that skips bracket sizes [C4] rules out anyway."""
        if not self.complete:
            return 0
        R = self.R
        lmask = self.lower | ((1 << R.dummy) if R.odd else 0)
        return popcount(lmask) - 2 * matching_size(max_matching(R.cadj, match=self.warm_lower,
                                                                 active=lmask))

    # -- MDP selection (S1 of a heterogeneous bracket) ----------------------------------------
    def mdp_structures(self, npairs: int) -> list[tuple]:
        """The MDP sets that can be paired with ``npairs`` pairs, as (downfloater value, set,
        paired MDPs), sorted by [C7] (2026: downfloaters per score, highest first) or the
        2017 PSD (A.8, C.6); equal values keep the order of 2026 art. 4.4 / 2017 D.3 (fewest
        differing MDPs, lowest BSNs)."""
        R, M, S = self.R, self.M, self.S
        nS = len(S)
        blev = self.blev
        structs = []
        dn: tuple  # the downfloater value: () (mixed), 2017 PSD, or 2026 counts per score
        diffs: list[Decimal | int]
        for m in range(min(len(M), npairs), -1, -1):
            used_res = 2 * npairs - m
            if used_res > nS or used_res < m:
                continue
            for sub in combinations(range(len(M)), m):
                paired = [M[k] for k in sub]
                unpaired = [M[k] for k in range(len(M)) if k not in sub]
                floats_res = nS - used_res
                if self.mixed:
                    dn = ()
                elif self.edition2017:
                    # 2017 A.8 PSD: pairs give their score difference, downfloaters their score
                    # minus (lowest score in the bracket - 1); sorted descending, lower is better
                    base = min(R.score[i] for i in M + S) - 1
                    diffs = [R.score[x] - R.score[S[0]] for x in paired] if S else []
                    diffs += [0] * (npairs - m)
                    diffs += [R.score[x] - base for x in unpaired]
                    diffs += [R.score[S[0]] - base] * floats_res if S else []
                    dn = tuple(sorted(diffs, reverse=True))
                else:
                    dn = _levels_vector(R, unpaired, blev)
                    dn = tuple(c + (floats_res if k == blev[R.score[S[0]]] else 0)
                               for k, c in enumerate(dn)) if S else dn
                structs.append((dn, sub, paired))
        structs.sort(key=lambda t: t[0])
        return structs
