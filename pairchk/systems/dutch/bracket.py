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


def _levels_vector(round_: RoundTables, players, bracket_levels) -> tuple:
    counts = [0] * len(bracket_levels)
    for p in players:
        counts[bracket_levels[round_.score[p]]] += 1
    return tuple(counts)



class BracketSearch:
    """One bracket (C.04.3 2026 art. 1.3, 3, 4; 2017 A.3, B, D): the incoming ``mdps``, the
    ``residents``, the ``next_scoregroup`` and everything below it (``below``, a bitset of
    positions).

    Candidates are generated in the order of the rule text: the number of pairs (MaxPairs
    downwards, [C6]; 2017 C.5), then the MDP sets paired in S1 ([C7] downfloater scores; 2017
    C.6 PSD, then the MDP-set order of 2026 art. 4.4 / 2017 D.3), each set searched by a
    :class:`StructureSearch`. ``complete`` applies [C4] (completion of the round) to every
    candidate; the 2017 edition pairs a bracket first without it (C.4 binds the PPB only).
    """

    def __init__(self, round_: RoundTables, mdps: list[int], residents: list[int],
                 next_scoregroup: list[int], below: int, complete: bool = True):
        self.round = round_
        self.mdps = mdps
        self.residents = residents
        self.next_scoregroup = next_scoregroup
        self.below = below
        self.complete = complete
        self.edition2017 = round_.state.edition == "2017"
        self.bracket_mask = self._mask(mdps + residents)
        self.resident_mask = self._mask(residents)
        self.next_residents = self._mask(next_scoregroup)
        self.below_next = below & ~self.next_residents
        self.bracket_scores = sorted({round_.score[i] for i in mdps + residents}, reverse=True)
        self.bracket_level = {s: k for k, s in enumerate(self.bracket_scores)}
        self.level_of = {i: self.bracket_level[round_.score[i]] for i in mdps + residents}
        self.warm_below = round_.warm(below)
        self._comp_cache: dict[int, bool] = {}
        self._c8_cache: dict[int, tuple] = {}
        # the remainder exchanges of the structures, per (remainder, pairs, players exchanged)
        self.exchange_groups: dict[tuple, tuple[list, list]] = {}
        # [C9] only where the PAB assignee is the bracket's one downfloater: the players below
        # must be able to pair among themselves (as the endorsed engine decides it before the
        # bracket)
        self.c9_active = c9_applies(round_, residents, below, self.warm_below)
        # 2017 collapsed last bracket (A.9): residents of several scores; the PSD then depends
        # on who meets whom and is valued per candidate (see StructureSearch)
        self.mixed = self.edition2017 and len({round_.score[i] for i in residents}) > 1

    @staticmethod
    def _mask(xs) -> int:
        m = 0
        for i in xs:
            m |= 1 << i
        return m

    # -- [C4] completion, [C8] next bracket ---------------------------------------------------
    def completable(self, downfloaters: int) -> bool:
        """[C4] (2017 C.4): with ``downfloaters``, can everybody below still be paired?"""
        if not self.complete:
            return True
        r = self._comp_cache.get(downfloaters)
        if r is None:
            r = self.round.completable(downfloaters | self.below, self.warm_below)
            self._comp_cache[downfloaters] = r
        return r

    def single_floaters(self, mdp_floaters: int) -> int:
        """The residents ``y`` for whom the unpaired MDPs ``mdp_floaters`` plus ``y`` pass [C4],
        as a bitset (:meth:`RoundTables.single_completions`); the answers join the completion
        cache."""
        if not self.complete:
            return self.resident_mask
        round_ = self.round
        D = round_.single_completions(mdp_floaters | self.below, self.warm_below)
        ok = 0
        for y in self.residents:
            good = bool(round_.completion_adj[y] & D)
            self._comp_cache.setdefault(mdp_floaters | (1 << y), good)
            if good:
                ok |= 1 << y
        return ok

    def next_bracket(self, downfloaters: int) -> tuple:
        """[C8] (2017 C.7) of the ``downfloaters`` (:func:`next_bracket_value`)."""
        r = self._c8_cache.get(downfloaters)
        if r is None:
            r = next_bracket_value(self.round, downfloaters, self.next_residents, self.below_next)
            self._c8_cache[downfloaters] = r
        return r

    # -- bracket parameters (art. 3; 2017 B.1) ------------------------------------------------
    def max_pairs(self) -> int:
        """MaxPairs (2026 art. 3; 2017 B.1): a maximum matching inside the bracket without
        MDP-MDP edges."""
        round_, mdps = self.round, self.mdps
        adj = round_.adj
        badj = [0] * len(adj)
        for i in mdps + self.residents:
            a = adj[i] & self.bracket_mask
            if i in mdps:
                a &= self.resident_mask
            badj[i] = a
        return matching_size(max_matching(badj, active=self.bracket_mask))

    def downfloaters_needed(self) -> int:
        """Players below who can neither pair among themselves nor take the PAB need a
        downfloater each: a cheap bound that skips bracket sizes [C4] rules out anyway."""
        if not self.complete:
            return 0
        round_ = self.round
        lmask = self.below | ((1 << round_.dummy) if round_.odd else 0)
        return popcount(lmask) - 2 * matching_size(max_matching(round_.completion_adj,
                                                                match=self.warm_below,
                                                                 active=lmask))

    # -- MDP selection (S1 of a heterogeneous bracket) ----------------------------------------
    def mdp_structures(self, npairs: int) -> list[tuple]:
        """The MDP sets that can be paired with ``npairs`` pairs, as (downfloater value, set,
        paired MDPs), sorted by [C7] (2026: downfloaters per score, highest first) or the
        2017 PSD (A.8, C.6); equal values keep the order of 2026 art. 4.4 / 2017 D.3 (fewest
        differing MDPs, lowest BSNs)."""
        round_, mdps, residents = self.round, self.mdps, self.residents
        n_residents = len(residents)
        bracket_level = self.bracket_level
        structs = []
        dn: tuple  # the downfloater value: () (mixed), 2017 PSD, or 2026 counts per score
        diffs: list[Decimal | int]
        for m in range(min(len(mdps), npairs), -1, -1):
            used_res = 2 * npairs - m
            if used_res > n_residents or used_res < m:
                continue
            for sub in combinations(range(len(mdps)), m):
                paired = [mdps[k] for k in sub]
                unpaired = [mdps[k] for k in range(len(mdps)) if k not in sub]
                floats_res = n_residents - used_res
                if self.mixed:
                    dn = ()
                elif self.edition2017:
                    # 2017 A.8 PSD: pairs give their score difference, downfloaters their score
                    # minus (lowest score in the bracket - 1); sorted descending, lower is better
                    base = min(round_.score[i] for i in mdps + residents) - 1
                    diffs = ([round_.score[x] - round_.score[residents[0]] for x in paired]
                             if residents else [])
                    diffs += [0] * (npairs - m)
                    diffs += [round_.score[x] - base for x in unpaired]
                    diffs += [round_.score[residents[0]] - base] * floats_res if residents else []
                    dn = tuple(sorted(diffs, reverse=True))
                else:
                    dn = _levels_vector(round_, unpaired, bracket_level)
                    dn = tuple(c + (floats_res
                                    if k == bracket_level[round_.score[residents[0]]] else 0)
                               for k, c in enumerate(dn)) if residents else dn
                structs.append((dn, sub, paired))
        structs.sort(key=lambda t: t[0])
        return structs
