"""The search over one bracket's candidates (C.04.3 2026 art. 4, [C6]-[C21]; 2017 B, C.5-C.19,
D).

:func:`search_bracket` takes the numbers of pairs from MaxPairs down ([C6]; 2017 C.5) and the
MDP sets in [C7] order (2017 C.6); per MDP set (a "structure") :class:`StructureSearch`
generates the candidates in the order of the rule text: the MDP-pairing (S1 = the paired MDPs,
S2 transpositions), then the remainder's resident exchanges (fewest players, smallest BSN-sum
difference, highest BSN out of S1, lowest into S1) and transpositions. Each candidate gets the
vector [C8] next bracket, [C9] unplayed games of the PAB assignee, [C10]-[C13] colours,
[C14]-[C21] floats (2017 C.7-C.19; in the collapsed last bracket, A.9, the PSD and floats per
pair by :class:`ClbValues`), lower is better; the first best is kept. Branch and bound in two
passes cut by :class:`~.bounds.PruningBounds`; a structure whose best the search cannot prove
within its node budget goes to the exact method (:mod:`.exact`): the budget decides which
method runs, never the result. Large structures whose ideal a matching bound puts out of reach
go to the exact method at once (:data:`EARLY_EXACT_SIZE`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from math import comb as _comb

from ...matching import matching_size, max_matching
from ...state import DOWN, UP
from .bounds import PruningBounds, category_counts, colour_bounds, tops_have_later_partners
from .bracket import BracketSearch
from .tables import RoundTables

# Search nodes per MDP set (plus NODE_PER_PLAYER per bracket member; pass 1: PASS1_*) before
# the search gives way to the exact method; at most about as many as the matching would take
# (EXACT_NODES + size^3 / EXACT_CUBE_DIVISOR, pass 1: half). Only reached in brackets without a
# perfect candidate and with weak bounds; see module docstring.
NODE_BUDGET = 100_000
NODE_PER_PLAYER = 3000
PASS1_BUDGET = 30_000  # nodes for the first pass (ideal candidates only)
PASS1_PER_PLAYER = 500
# (A node costs about 60 us; the exact method about 0.4 us x size^3 plus a few ms: 200 nodes
# and size^3 / 100 keep the search from outspending it, as it did ten-fold in dense late rounds.)
EXACT_NODES = 200
EXACT_CUBE_DIVISOR = 100
# Where the search cannot prove its best candidate within the budget it hands the structure to
# the exact method (maximum-weight matching, :mod:`.exact`), so the budget only decides
# which method finds the result. True: the exact method always (tests).
EXACT_ONLY = False
# Brackets up to this many residents get per-floater [C8]/[C9] values (tight bounds); larger
# ones (early rounds of big events) nearly always have a perfect candidate found directly.
SINGLE_FLOATER_LIMIT = 24
# Structures of at least this many players whose ideal is out of reach by a matching bound
# ([C12], :meth:`StructureSearch.ideal_out_of_reach`) go to the exact method at once: pass 1
# cannot succeed there, and the search rarely proves such a structure's best within its
# budget (walled brackets of 48-60 players spent seconds enumerating exchanges first).
EARLY_EXACT_SIZE = 40
# Remainder exchanges of one size kept per bracket (:meth:`StructureSearch._exchanges`) up to
# this many; more are built per search, only those the colour counts leave.
EXCHANGE_CACHE = 5_000
# Pass-1 nodes after which each remainder node is also checked exactly (assignment problem,
# see ``PruningBounds.ideal_reachable``); easy brackets reach their ideal before and skip the cost.
EXACT_AFTER = 1000


def _exact_cost(size: int) -> int:
    """About as many search nodes as the exact method takes time for a bracket of ``size``
    (a matching is O(size^3)): where the search needs more, the matching is faster."""
    return EXACT_NODES + size ** 3 // EXACT_CUBE_DIVISOR


def search_bracket(round_: RoundTables, mdps: list[int], residents: list[int],
                   next_scoregroup: list[int], below: int, complete: bool = True):
    """The best candidate of one bracket (:class:`~.bracket.BracketSearch`) as (pairs,
    downfloaters), or None when no MDP set and number of pairs admits a legal candidate.

    Numbers of pairs from MaxPairs down ([C6]; 2017 C.5); for each, the MDP sets grouped by
    equal [C7] value (2017 C.6); within a group the sets are searched in order, each seeded
    with the best so far (ties go to the earlier set), and a perfect candidate ends the group
    at once."""
    bracket = BracketSearch(round_, mdps, residents, next_scoregroup, below, complete)
    need = bracket.downfloaters_needed()
    size = len(bracket.mdps) + len(bracket.residents)
    for npairs in range(bracket.max_pairs(), -1, -1):
        if size - 2 * npairs < need:
            continue
        structs = bracket.mdp_structures(npairs)
        gi = 0
        while gi < len(structs):
            gj = gi
            while gj < len(structs) and structs[gj][0] == structs[gi][0]:
                gj += 1
            best = None
            for _dn, _sub, paired in structs[gi:gj]:
                found = StructureSearch(bracket, paired, npairs, best).search()
                if found is not None:
                    best = found
                    if _is_perfect(found):
                        break
            if best is not None:
                return best[1], best[2]
            gi = gj
    return None


def _is_perfect(found) -> bool:
    """Whether a structure's best candidate is perfect for its whole group of MDP sets: the
    group's own ideal on [C8]/[C9] (2017 C.7) and no failure on any later criterion. The
    structure's own ideal may be weaker than another structure's (e.g. colour bounds), so zero
    failures are required."""
    v = found[0]
    return v[:2] == found[3][:2] and not any(v[2:10]) and not any(any(t) for t in v[10:])


class ClbValues:
    """Values of a candidate in the 2017 collapsed last bracket (A.9), whose residents have
    several scores: the PSD (C.6, A.8) of its pairs and downfloaters, and the float criteria
    C.12-C.19 where a player paired with a lower-scored one also receives a downfloat (and the
    lower one an upfloat), each "score difference" being that pair's difference or, for a
    downfloater, its score minus (the lowest score in the bracket - 1). Score differences are
    counted per value, highest first, as the endorsed engine weighs them."""

    def __init__(self, round_: RoundTables, members: list[int]):
        self.round = round_
        scores = sorted({round_.score[i] for i in members}, reverse=True)
        self.base = scores[-1] - 1
        values = {a - b for a in scores for b in scores if a > b}
        values |= {a - self.base for a in scores}
        self.index = {v: k for k, v in enumerate(sorted(values, reverse=True))}
        self.zero = (0,) * len(self.index)

    def values(self, pairs, floaters, residents) -> tuple:
        round_ = self.round
        sc = round_.score
        psd = [abs(sc[x] - sc[y]) for x, y in pairs] + [sc[x] - self.base for x in floaters]
        n = len(self.index)
        c14 = c16 = 0
        c18, c19, c20, c21 = [0] * n, [0] * n, [0] * n, [0] * n
        down = [(x, sc[x] - self.base) for x in floaters]
        for x, y in pairs:
            hi, lo = (x, y) if sc[x] >= sc[y] else (y, x)
            if sc[hi] == sc[lo]:
                continue
            down.append((hi, sc[hi] - sc[lo]))
            k = self.index[sc[hi] - sc[lo]]
            if round_.players[lo].float_before(1) == UP:
                c19[k] += 1
            if round_.players[lo].float_before(2) == UP:
                c21[k] += 1
        for x, d in down:
            f1 = round_.players[x].float_before(1) == DOWN
            f2 = round_.players[x].float_before(2) == DOWN
            if x in residents:
                c14 += f1
                c16 += f2
            if f1:
                c18[self.index[d]] += 1
            if f2:
                c20[self.index[d]] += 1
        return (tuple(sorted(psd, reverse=True)), c14, c16, tuple(c18), tuple(c19), tuple(c20),
                tuple(c21))


def _greedy_pairs(adj: list[int], active: int) -> int:
    """The pairs of a greedy maximal matching of the ``active`` players (each, in order, with
    its lowest free neighbour): a lower bound of the maximum matching, in one pass."""
    free = active
    pairs = 0
    while free:
        v = (free & -free).bit_length() - 1
        free &= ~(1 << v)
        x = adj[v] & free
        if x:
            free &= ~(x & -x)
            pairs += 1
    return pairs


class StructureSearch(PruningBounds):
    """Branch and bound over the candidates of one MDP set (a "structure": which MDPs are
    paired, hence how many residents float) in the generation order of the rule text.

    The candidate vector is ([C8], [C9], [C10] .. [C21]) (2017: C.7, PSD of a collapsed
    bracket, C.8 .. C.19), lower is better. :meth:`search` runs pass 1 over branches that can
    still reach the ideal vector, then, if the ideal was not reached, pass 2 over everything,
    seeded with pass 1's best (ties still go to the earliest candidate). Both passes are cut by
    node budgets (:data:`PASS1_BUDGET`, :data:`NODE_BUDGET`).

    The result is (vector, pairs, downfloaters, group ideal) of the best candidate if it beats
    ``best`` (the best of earlier MDP sets of the same group), else None.
    """

    def __init__(self, bracket: BracketSearch, paired_mdps: list[int], npairs: int, best):
        self.bracket = bracket
        self.round = round_ = bracket.round
        self.mdps, self.residents = mdps, residents = bracket.mdps, bracket.residents
        self.paired_mdps = paired_mdps
        self.unpaired_mdps = [x for x in mdps if x not in paired_mdps]
        self.npairs = npairs
        self.mdp_pairs = len(paired_mdps)
        self.remainder_pairs = npairs - self.mdp_pairs  # remainder pairs
        self.level_of = bracket.level_of
        # [C9] is about the bracket's one downfloater, the PAB assignee: a structure floating
        # several players leaves the assignee to the brackets below (as the endorsed engine)
        self.c9_active = bracket.c9_active and len(mdps) + len(residents) - 2 * npairs == 1
        self.resident_set = set(residents)
        # residents who downfloated one / two rounds before (C14 / C16), looked up once
        players = round_.players
        self.down1 = {x for x in residents if players[x].floats and players[x].floats[-1] == DOWN}
        self.down2 = {x for x in residents
                      if len(players[x].floats) >= 2 and players[x].floats[-2] == DOWN}
        self.down12 = self.down1 | self.down2
        self.has_downfloat_history = any(players[x].floats and DOWN in players[x].floats[-2:]
                                         for x in residents)
        # search state (replaces the mutable dict of the former closures)
        self.best = best
        self.initial_best = best
        self.nodes = 0
        self.stop = False
        self.seed = False
        self.budget = PASS1_BUDGET
        # set when a budget or the exchange cap cut the search: its best is then unproven
        self.incomplete = False
        self.single: dict[int, tuple] = {}
        # warm starts of the bipartite matchings of :meth:`still_possible`
        self._warm_tops: dict[int, int] = {}
        self._warm_must: dict[int, int] = {}
        self._warm_ok: dict[int, int] = {}
        self.feasible = self._ideal_vector()
        self.target = self.ideal if self.feasible else None

    # -- the ideal vector (componentwise lower bounds) ----------------------------------------
    def _ideal_next_bracket(self) -> tuple:
        """Lower bound on [C8] (2017 C.7): each downfloater adds at most one pair to what the
        next bracket makes alone and, for the same number of pairs, the highest-scored
        downfloaters are the ones paired."""
        b, round_, residents = self.bracket, self.round, self.residents
        next_scoregroup = b.next_scoregroup
        nfloat = len(self.mdps) + len(residents) - 2 * self.npairs
        if not next_scoregroup:
            return (0, ())
        if nfloat == 0:
            return b.next_bracket(0)  # exact: nobody floats
        um = self.unpaired_mdps
        k8 = min((nfloat + len(next_scoregroup)) // 2, len(next_scoregroup))
        if b.edition2017:
            # the k8 highest downfloaters paired, per score level (see _next_bracket_2017)
            fl = sorted([round_.score[x] for x in um]
                        + [round_.score[residents[0]]] * (nfloat - len(um))
                        if residents else [round_.score[x] for x in um], reverse=True)[:k8]
            down = [0] * len(round_.levels)
            for x in fl:
                down[round_.level[x]] -= 1
            return (-k8, tuple(down))
        dsc = sorted([round_.score[x] for x in um]
                     + [round_.score[residents[0]]] * (nfloat - len(um)) if residents else
                     [round_.score[x] for x in um], reverse=True)[:k8]
        dsc += [round_.score[next_scoregroup[0]]] * (k8 - len(dsc))
        return (-k8, tuple(-x for x in dsc))

    def _ideal_pab(self) -> int:
        """Lower bound on [C9] (2026): the PAB assignee's unplayed games, as ranks among the
        bracket's players at the PAB score."""
        if not self.c9_active:
            return 0
        round_ = self.round
        rk = sorted(round_.c9_rank.get(round_.players[i].played, 0)
                    for i in self.mdps + self.residents
                    if round_.score[i] == round_.bye_score)
        seats = 2 * self.npairs - sum(1 for x in self.paired_mdps
                                      if round_.score[x] != round_.bye_score)
        return -(sum(rk) - sum(rk[:max(0, len(rk) - seats)]))

    def _single_floater_values(self) -> None:
        """One resident downfloater (the common case): [C8]/[C9] depend only on who floats, so
        they are known per candidate floater (``self.single``); players whose floating breaks
        [C4] get no entry and must be paired."""
        b, round_, mdps, residents = self.bracket, self.round, self.mdps, self.residents
        mdp_floaters = 0
        for x in mdps:
            if x not in self.paired_mdps:
                mdp_floaters |= 1 << x
        ok = b.single_floaters(mdp_floaters)
        v9y: int | tuple[()]  # [C9] of the floater: () in a mixed bracket
        for y in residents:
            if ok >> y & 1:
                v9y = () if b.mixed else 0
                if self.c9_active:
                    v9y = -sum(round_.c9_rank.get(round_.players[x].played, 0)
                               for x in mdps + residents
                               if round_.score[x] == round_.bye_score and x != y
                               and not (mdp_floaters >> x & 1))
                self.single[y] = (b.next_bracket(mdp_floaters | (1 << y)), v9y)

    def _ideal_vector(self) -> bool:
        """Set ``self.ideal`` (a lower bound per criterion) and the pass-1 tables; False when
        no candidate of this structure can complete the round ([C4])."""
        b, round_, residents = self.bracket, self.round, self.residents
        ideal9: int | tuple[()]  # [C9]: () in a mixed bracket (as v9y)
        ideal8, ideal9 = self._ideal_next_bracket(), self._ideal_pab()
        self.zero_levels = (0,) * len(b.bracket_level)
        self.clb = ClbValues(round_, self.mdps + residents) if b.mixed else None
        if self.clb is not None:
            ideal9 = ()
            self.zero_levels = self.clb.zero
        r12, r13 = colour_bounds(round_, list(residents) + list(self.paired_mdps), self.npairs)
        # what any structure of this group (same downfloater scores, [C7]) can reach at best
        # on [C8]/[C9]: the bound before the per-floater values make it structure-specific
        self.group_ideal = (ideal8, ideal9)
        res_floaters = len(residents) - (2 * self.npairs - self.mdp_pairs)
        if res_floaters == 1 and len(residents) <= SINGLE_FLOATER_LIMIT:
            self._single_floater_values()
            if not self.single:
                return False
            ideal8, ideal9 = min(self.single.values())
        self.ideal8, self.ideal9 = ideal8, ideal9
        zl = self.zero_levels
        self.ideal = (ideal8, ideal9, 0, 0, r12, r13, 0, 0, 0, 0, zl, zl, zl, zl)
        self._pass1_tables()
        return True

    def _pass1_tables(self) -> None:
        """Who may float in a candidate equal to the ideal vector (pass 1).

        Residents whose floating would break an ideal float criterion ([C14]/[C16]; 2017
        C.12/C.14) must be paired, and with a single resident downfloater so must those whose
        floating breaks [C4]; the others float only with the ideal [C8]/[C9]."""
        round_, residents, ideal = self.round, self.residents, self.ideal
        self.must_not_float = set()
        for y in residents:
            fb = round_.players[y].floats
            if (ideal[6] == 0 and fb and fb[-1] == DOWN) or (
                    ideal[8] == 0 and len(fb) >= 2 and fb[-2] == DOWN):
                self.must_not_float.add(y)
        single = self.single
        self.forced_pair = {y for y in residents if y not in single} if single else set()
        self.ok_float = {y for y in residents if y not in self.must_not_float
                         and y not in self.forced_pair
                         and (not single or single.get(y) == (self.ideal8, self.ideal9))}

    # -- the passes ---------------------------------------------------------------------------
    def search(self):
        """Pass 1 (ideal candidates only), then pass 2 (all) if the ideal was not reached."""
        if not self.feasible:
            return None
        if EXACT_ONLY:
            return self.exact()
        best = self.initial_best
        if best is not None and best[0] == self.ideal:
            return None
        size = len(self.mdps) + len(self.residents)
        if size >= EARLY_EXACT_SIZE and self.ideal_out_of_reach():
            return self.exact()
        # never more nodes than the exact method costs (it covers the 2017 collapsed last
        # bracket too: :meth:`.exact._Exact.clb_digits`)
        self.budget = min(PASS1_BUDGET + PASS1_PER_PLAYER * size, _exact_cost(size) // 2)
        acc0 = [0, 0, 0, 0, 0, 0, self.zero_levels, self.zero_levels]
        self.pair_mdps(0, 0, [], acc0)
        b = self.best
        if (b is None or b[0] != self.ideal) and not self.incomplete:
            self.target = None
            self.nodes = 0
            self.stop = False
            self.budget = min(NODE_BUDGET + NODE_PER_PLAYER * size, _exact_cost(size))
            self.seed = b is not None and b is not best
            self.pair_mdps(0, 0, [], acc0)
            b = self.best
        if self.incomplete:
            return self.exact()
        if b is None or b is best:
            return None
        return b

    def ideal_out_of_reach(self) -> bool:
        """Whether no candidate reaches the ideal vector (so pass 1 finds nothing): a pair
        without a [C12] failure joins two compatible players not preferring the same colour,
        and a maximum matching of the structure's players on such pairs (no MDP-MDP pair)
        leaves more [C12] failures among its ``npairs`` pairs than the ideal's count bound."""
        round_ = self.round
        players = self.paired_mdps + self.residents
        active = mdps = 0
        for x in players:
            active |= 1 << x
        for x in self.paired_mdps:
            mdps |= 1 << x
        adj = [0] * len(round_.adj)
        for x in players:
            a = round_.adj[x] & active & ~round_.same12[x] & ~(1 << x)
            adj[x] = a & ~mdps if mdps >> x & 1 else a
        if self.npairs - _greedy_pairs(adj, active) <= self.ideal[4]:
            return False  # a maximal matching already reaches the bound: no augmenting needed
        return self.npairs - matching_size(max_matching(adj, active=active)) > self.ideal[4]

    def exact(self):
        """The search could not prove its best candidate within its budget (or its ideal is
        out of reach, see :data:`EARLY_EXACT_SIZE`): the first best candidate by the exact
        method (:func:`.exact.first_best`, maximum-weight matching), if it beats the best of
        the earlier MDP sets."""
        from .exact import first_best

        got = first_best(self)
        if got is None:
            return None
        vec, pairs, floaters = got
        best = self.initial_best
        if best is not None and not vec < best[0]:
            return None
        return (vec, pairs, floaters, self.group_ideal + self.ideal[2:])

    def _count_node(self) -> bool:
        """Count a search node; True (and stop) once the budget is spent. Pass 1 then
        gives way to pass 2; pass 2 to the exact method (the best is unproven)."""
        self.nodes += 1
        if self.nodes > self.budget:
            self.stop = True
            if self.target is None:
                self.incomplete = True
            return True
        return False

    # -- candidate generation -----------------------------------------------------------------
    def pair_mdps(self, idx: int, used: int, pairs: list, acc: list) -> None:
        """MDP-pairing (2026 art. 4, heterogeneous brackets; 2017 B.3, D.1): the paired MDPs
        form S1 and take S2 residents in the order of the S2 transpositions; then the
        remainder is paired by :meth:`remainder_exchanges`."""
        if self.stop or self._count_node():
            return
        residents, paired = self.residents, self.paired_mdps
        if idx == self.mdp_pairs:
            self.remainder_exchanges([x for x in residents if not (used >> x & 1)], pairs, acc)
            return
        x = paired[idx]
        rest = [y for y in residents if not (used >> y & 1)] + paired[idx:]
        if self.cannot_beat(acc, rest, self.npairs - idx):
            return
        cand = self.round.adj[x]
        for y in residents:
            if used >> y & 1 or not (cand >> y & 1):
                continue
            pairs.append((x, y))
            self.pair_mdps(idx + 1, used | (1 << y), pairs, self.with_pair(acc, x, y))
            pairs.pop()
            if self.stop:
                return

    def remainder_exchanges(self, remainder: list[int], pairs: list, acc: list) -> None:
        """The remainder (homogeneous) with ``k`` pairs: S1 = its first ``k`` players, S2 the
        rest, and the resident exchanges between them in the order of 2026 art. 4 (2017 D.2):
        fewest players exchanged, smallest difference of the BSN sums moved, then the highest
        differing BSN moved S1 -> S2, the lowest moved S2 -> S1. Each exchange's S1 is paired
        by :meth:`transpositions`. Exchanges that cannot beat the best are skipped by colour
        category counts; sizes beyond 300,000 exchanges are given up (budget)."""
        k = self.remainder_pairs
        nr = len(remainder)
        if k == 0:
            self.evaluate_candidate(pairs, acc, self.unpaired_mdps + remainder)
            return
        if 2 * k > nr:
            return
        if self.cannot_beat(acc, remainder, k):
            return
        round_ = self.round
        checked = self.best
        c1 = category_counts(round_, remainder[:k])
        c2 = category_counts(round_, remainder[k:])
        for x in range(0, min(k, nr - k) + 1):
            if self.stop:
                return
            if _comb(k, x) * _comb(nr - k, x) > 300_000:
                self.incomplete = self.stop = True  # too many: the exact method decides
                return
            opts: Iterable[tuple]
            if _comb(k, x) * _comb(nr - k, x) <= EXCHANGE_CACHE:
                keys, opts = self._exchanges(remainder, k, x)
                sig = {key: self._exchange_cannot_beat(acc, c1, c2, key) for key in keys}
            else:
                sig, opts = self._exchanges_unpruned(remainder, k, x, acc, c1, c2)
            recheck = sig  # decided with the same best; renewed when the best improves
            for key, tops, others in opts:
                if self.stop:
                    return
                if self.best is not checked:
                    # the best improved: re-check this remainder and the composition bounds
                    checked = self.best
                    recheck = {}
                    if self.cannot_beat(acc, remainder, k):
                        return
                pr = recheck.get(key)
                if pr is None:
                    pr = self._exchange_cannot_beat(acc, c1, c2, key)
                    recheck[key] = pr
                if pr:
                    continue
                self.transpositions(tops, others, 0, 0, pairs, acc)

    def _exchanges_unpruned(self, remainder: list[int], k: int, x: int, acc: list, c1,
                            c2) -> tuple[dict, Iterator]:
        """:meth:`_exchanges` for many exchanges (not kept): only those of the signatures the
        count bound leaves, built for this call; returns (the bound per signature, the
        exchanges)."""
        round_ = self.round
        nr = len(remainder)
        s1 = set(range(k))
        ins_by: dict = {}
        for inn in combinations(range(k, nr), x):
            sig_in = category_counts(round_, (remainder[q] for q in inn))
            ins_by.setdefault(sig_in, []).append(inn)
        sig: dict = {}
        opts = []
        for out in combinations(range(k), x):
            oc = category_counts(round_, (remainder[q] for q in out))
            rest = s1 - set(out)
            okey = tuple(-o for o in sorted(out, reverse=True))
            for ic, inns in ins_by.items():
                key = (oc, ic)
                pr = sig.get(key)
                if pr is None:
                    pr = sig[key] = self._exchange_cannot_beat(acc, c1, c2, key)
                if pr:
                    continue
                for inn in inns:
                    tops = sorted(rest | set(inn))
                    if tops_have_later_partners(tops, nr):
                        opts.append(((sum(tops), okey, inn), key, tops))
        opts.sort(key=lambda t: t[0])
        return sig, ((key, [remainder[q] for q in tops],
                      [remainder[q] for q in range(nr) if q not in tset])
                     for _, key, tops, tset in ((*o, set(o[2])) for o in opts))

    def _exchanges(self, remainder: list[int], k: int, x: int) -> tuple[list, list]:
        """The exchanges of ``x`` players between S1 (the first ``k`` of ``remainder``) and S2,
        in the order of 2026 art. 4 (2017 D.2), each as (its colour signature key, the new S1,
        the new S2, as players): the signature (out, in) decides the count bound once for all
        its exchanges. Exchanges whose tops cannot all take later partners are left out (they
        give no candidate). The sort keys (BSN sum, out order, in set) are unique, so skipping
        the exchanges a bound rules out keeps the order. Shared by the structures of the
        bracket, per (remainder, k, x); returns (the signature keys, the exchanges)."""
        cache = self.bracket.exchange_groups
        ckey = (tuple(remainder), k, x)
        got = cache.get(ckey)
        if got is None:
            round_ = self.round
            nr = len(remainder)
            s1 = set(range(k))
            ins = [(inn, category_counts(round_, (remainder[q] for q in inn)))
                   for inn in combinations(range(k, nr), x)]
            opts = []
            for out in combinations(range(k), x):
                oc = category_counts(round_, (remainder[q] for q in out))
                rest = s1 - set(out)
                okey = tuple(-o for o in sorted(out, reverse=True))
                for inn, ic in ins:
                    tops = sorted(rest | set(inn))
                    if not tops_have_later_partners(tops, nr):
                        continue
                    tset = set(tops)
                    opts.append(((sum(tops), okey, inn), (oc, ic),
                                 [remainder[q] for q in tops],
                                 [remainder[q] for q in range(nr) if q not in tset]))
            opts.sort(key=lambda t: t[0])
            keys = list(dict.fromkeys(o[1] for o in opts))
            got = cache[ckey] = (keys, [o[1:] for o in opts])
        return got

    def transpositions(self, tops: list[int], others: list[int], ti: int, used: int,
                       pairs: list, acc: list) -> None:
        """Transpositions of S2 (2026 art. 4; 2017 D.1): S1 player ``tops[ti]`` takes each
        later compatible player of ``others`` in turn (lexicographic order of S2); the
        players of ``others`` left over float. Branches are cut by :meth:`cannot_beat`,
        :meth:`still_possible` and, in pass 1 after :data:`EXACT_AFTER` nodes,
        :meth:`ideal_reachable`."""
        if self.stop or self._count_node():
            return
        if ti == len(tops):
            floaters = self.unpaired_mdps + [y for qi, y in enumerate(others)
                                             if not (used >> qi & 1)]
            self.evaluate_candidate(pairs, acc, floaters)
            return
        x = tops[ti]
        free = [y for qi, y in enumerate(others) if not (used >> qi & 1)]
        if self.cannot_beat(acc, None, 0, tops[ti:], free):
            return
        if not self.still_possible(tops[ti:], free, acc):
            return
        if (self.target is not None and self.nodes > EXACT_AFTER
                and not self.ideal_reachable(tops[ti:], free, acc)):
            return
        cand = self.round.adj[x]
        for qi, y in enumerate(others):
            if used >> qi & 1 or y < x or not (cand >> y & 1):
                continue
            pairs.append((x, y))
            self.transpositions(tops, others, ti + 1, used | (1 << qi), pairs,
                                self.with_pair(acc, x, y))
            pairs.pop()
            if self.stop:
                return

    # -- candidate evaluation -----------------------------------------------------------------
    def with_pair(self, acc: list, i: int, j: int) -> list:
        """The running pair values ``acc`` ([C10]..[C13], [C15], [C17] counts, then [C19],
        [C21] per score level; 2017 C.8-C.11, C.13, C.15, C.17, C.19) plus pair (i, j)."""
        p = self.round.pair_penalties(i, j) if i < j else self.round.pair_penalties(j, i)
        hi = i if i < j else j
        na = [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2], acc[3] + p[3], acc[4] + p[4],
              acc[5] + p[5], acc[6], acc[7]]
        if self.clb is not None:
            return na
        if p[4]:
            l6 = list(acc[6])
            l6[self.level_of[hi]] += 1
            na[6] = tuple(l6)
        if p[5]:
            l7 = list(acc[7])
            l7[self.level_of[hi]] += 1
            na[7] = tuple(l7)
        return na

    def evaluate_candidate(self, pairs: list, acc: list, floaters: list[int]) -> None:
        """A complete candidate, valued by :meth:`candidate_vector`: kept if better than the
        best (pass 2 seed: also if equal); the ideal stops the search."""
        vec = self.candidate_vector(pairs, acc, floaters)
        if vec is None:
            return
        best = self.best
        if best is None or vec < best[0] or (self.seed and vec == best[0]):
            self.best = (vec, list(pairs), sorted(floaters), self.group_ideal + self.ideal[2:])
            self.seed = False
            if vec == self.ideal:
                self.stop = True

    def candidate_vector(self, pairs: list, acc: list | None, floaters: list[int]):
        """The vector of a complete candidate, or None when it fails the completion test
        ([C4]; 2017 C.4 in the PPB): [C8] next bracket, [C9] PAB assignee's unplayed games,
        [C10]-[C13] colours, [C14]/[C16] resident downfloaters who downfloated before,
        [C15]/[C17] MDP opponents who upfloated before, [C18]-[C21] the same by score (2017:
        C.7, C.8-C.19; in the collapsed last bracket, A.9, the PSD and floats per pair by
        :class:`ClbValues`). ``acc`` holds the pair values (:meth:`with_pair`) or is None."""
        b, round_ = self.bracket, self.round
        downfloaters = 0
        for x in floaters:
            downfloaters |= 1 << x
        if not b.completable(downfloaters):
            return None
        if acc is None:
            acc = [0, 0, 0, 0, 0, 0, self.zero_levels, self.zero_levels]
            for x, y in pairs:
                acc = self.with_pair(acc, x, y)
        v8 = b.next_bracket(downfloaters)
        v9 = 0
        if self.c9_active:
            v9 = -sum(round_.c9_rank.get(round_.players[x].played, 0) for p in pairs for x in p
                      if round_.score[x] == round_.bye_score)
        # C14/C16: resident downfloaters who downfloated 1/2 rounds before
        res_fl = [x for x in floaters if x in self.resident_set]
        c14 = sum(1 for x in res_fl if round_.players[x].float_before(1) == DOWN)
        c16 = sum(1 for x in res_fl if round_.players[x].float_before(2) == DOWN)
        # C18/C20: scores of downfloaters (MDPs included) who downfloated 1/2 rounds before
        nlev = len(b.bracket_level)
        c18 = [0] * nlev
        c20 = [0] * nlev
        for x in floaters:
            if round_.players[x].float_before(1) == DOWN:
                c18[self.level_of[x]] += 1
            if round_.players[x].float_before(2) == DOWN:
                c20[self.level_of[x]] += 1
        if self.clb is not None:
            v9, c14, c16, c18, c19, c20, c21 = self.clb.values(pairs, floaters, self.resident_set)
            return (v8, v9, acc[0], acc[1], acc[2], acc[3], c14, acc[4], c16, acc[5],
                    c18, c19, c20, c21)
        return (v8, v9, acc[0], acc[1], acc[2], acc[3], c14, acc[4], c16, acc[5],
                tuple(c18), tuple(acc[6]), tuple(c20), tuple(acc[7]))
