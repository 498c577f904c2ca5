"""The exact method behind the Dutch bracket search: maximum-weight matching (C.04.3 2026
art. 4; 2017 D, "Pairing Guidelines for Programmers": any method giving the same result).

:class:`~pairchk.systems.dutch.structure.StructureSearch` walks the candidates of one MDP set in the
generation order of the rule text and stops at the ideal vector; where it cannot prove its
best candidate within its node budget (large brackets whose ideal is unreachable), it hands the
structure to :func:`first_best`, which is exact by construction, as the endorsed engine is: the
criteria are the digits of an integer edge weight (most important first, a radix larger than
any total, Python integers being unbounded) of a maximum-weight matching (Edmonds' blossom
algorithm, :func:`pairchk.matching.max_weight_matching`), and the generation order is more digits below
the criteria, so that the heaviest matching is the first generated among the best candidates:

1. the MDP-pairing (S1 = the paired MDPs, each taking an S2 resident; transpositions of S2,
   2026 art. 4 / 2017 D.1): lexicographically smallest partner sequence;
2. the remainder's resident exchange (2026 art. 4 / 2017 D.2): fewest players exchanged
   (= pairs inside S2), smallest BSN sum of the players in S1 after the exchange, the highest
   differing BSN moved S1 -> S2, the lowest moved S2 -> S1;
3. the transposition of the remainder's S2 (2026 art. 4 / 2017 D.1): each S1 player, in order,
   with the earliest partner.

Each step fixes what the one before decided (a matching per step). Two shortcuts keep the
weights small where the order's digits would make the blossom slow (thousands of bits, every
weight distinct), each exact by an argument checked as it runs (:data:`SHORTCUTS` off: the
digits alone, as the tests compare): step 2 is settled without a general matching when a dual
of S1's best transposition bounds every pairing of the remainder (then nobody is exchanged);
else it first weighs the criteria and the number of players exchanged only, and when its best
exchanges nobody the tops are S1 (no other set of tops exchanges nobody); else the whole
order decides, on the pairs a dual proving that matching's criteria best leaves tight (no
pairing with the best criteria uses another pair); step 3 joins each top to a later non-top,
a bipartite assignment (:mod:`.assignment`: the least criteria cost with a dual that
certifies it, then the earliest partners among the assignments of that cost by the dual's
tight edges). The criteria digits are the
structure's vector after [C8] (2017 C.7): [C9] unplayed games of the PAB assignee (2026),
[C10]-[C13] colours, [C14]-[C17] floats, [C18]-[C21] floats by score (2017 C.8-C.19). [C8] and
completion ([C4]) depend on the set of downfloaters as a whole, so downfloater sets are taken
in order of their [C8] value: one matching per set, or, with one resident downfloater (the
usual case), one per class of equally good downfloaters. Several downfloaters are drawn from
the bracket's Gallai-Edmonds set (the players some maximum pairing of the bracket leaves over)
whenever the bracket makes as many pairs as a maximum matching allows: players every maximum
pairing pairs can never float then. The number of such sets can still grow exponentially with
the number of floaters (never met on generated or real files).
"""

from __future__ import annotations

from itertools import combinations

from ...matching import deficiency_set, max_weight_matching
from ...state import DOWN
from .assignment import least_cost_assignment, lexicographic_assignment

# The exact shortcuts (certified as they run, see :meth:`_Exact.exchange` and
# :meth:`_Exact.transposition`); False: the whole generation order as weight digits of general
# matchings (tests compare the two).
SHORTCUTS = True


def first_best(ss):
    """(vector, pairs, downfloaters) of the first best candidate of the structure searched by
    ``ss`` (a :class:`~pairchk.systems.dutch.structure.StructureSearch`), or None if it has none."""
    return _Exact(ss).solve()


class _Exact:
    def __init__(self, ss):
        self.ss = ss
        self.round = round_ = ss.round
        self.bracket = b = ss.bracket
        self.residents = list(ss.residents)
        self.paired_mdps = list(ss.paired_mdps)
        self.npairs = ss.npairs
        self.remainder_pairs = ss.remainder_pairs
        self.nlev = len(b.bracket_level)
        size = len(ss.mdps) + len(self.residents)
        rk = max(round_.c9_rank.values(), default=0) + 1
        # one radix for every criterion digit: larger than twice any total of a digit
        self.radix = 1 << (4 * (rk + 2) * (size + 2)).bit_length()
        self.pos_s = {x: i for i, x in enumerate(self.residents)}
        self._vertex: dict[int, list[int]] = {}  # clb_vertex, per player
        self._cost: dict[tuple[int, int], int] = {}  # pair_cost, per pair
        self._pcost: dict[int, int] = {}  # _player_cost, per player
        self._w: tuple | None = None  # _weights
        if ss.clb is not None:
            # 2017 collapsed last bracket (A.9): the PSD is a sorted list of score differences;
            # lists of one length compare as the counts per difference, highest first
            sc = round_.score
            members = ss.mdps + self.residents
            vals = {abs(sc[a] - sc[b]) for a in members for b in members}
            vals |= {sc[x] - ss.clb.base for x in members}
            self.psd_pos = {d: i for i, d in enumerate(sorted(vals, reverse=True))}

    # -- downfloater classes ([C4], [C8]) ----------------------------------------------------
    def floater_classes(self):
        """Lists of (fixed resident downfloaters or None, allowed resident downfloaters), one
        list per [C8] value, best first. ``None`` with an allowed set: any one of them."""
        ss, b = self.ss, self.bracket
        mdp_floaters = 0
        for x in ss.unpaired_mdps:
            mdp_floaters |= 1 << x
        f = len(self.residents) - (2 * self.npairs - len(self.paired_mdps))
        if f == 0:
            return [[((), None)]] if b.completable(mdp_floaters) else []
        if f == 1:
            by: dict = {}
            for y in self.residents:
                if b.completable(mdp_floaters | (1 << y)):
                    by.setdefault(b.next_bracket(mdp_floaters | (1 << y)), set()).add(y)
            return [[(None, by[v])] for v in sorted(by)]
        by = {}
        for D in combinations(self.floater_candidates(f), f):
            dm = mdp_floaters
            for y in D:
                dm |= 1 << y
            if b.completable(dm):
                by.setdefault(b.next_bracket(dm), []).append((D, None))
        return [by[v] for v in sorted(by)]

    def floater_candidates(self, f: int) -> list[int]:
        """The residents that can be among ``f`` downfloaters. When the bracket's pairs are as
        many as a maximum matching of its players allows (the paired MDPs and the residents,
        no MDP-MDP pair), the floaters are left unmatched by a maximum matching: they lie in
        its Gallai-Edmonds set (:func:`~pairchk.matching.deficiency_set`), which is then all
        that is enumerated; otherwise every resident is a candidate."""
        round_, verts = self.round, self.paired_mdps + self.residents
        mdps = 0
        for x in self.paired_mdps:
            mdps |= 1 << x
        active = mdps
        for y in self.residents:
            active |= 1 << y
        adj = [0] * (max(verts) + 1)
        for x in verts:
            adj[x] = round_.adj[x] & active & ~(1 << x) & (~mdps if mdps >> x & 1 else -1)
        deficiency, d = deficiency_set(adj, active)
        if deficiency != f:
            return list(self.residents)
        return [y for y in self.residents if d >> y & 1]

    def solve(self):
        for cls in self.floater_classes():
            best = None
            for fixed, allowed in cls:
                got = self.solve_class(fixed, allowed)
                if got is not None and (best is None or got[0] < best[0]):
                    best = got
            if best is not None:
                return best[1]
        return None

    # -- one class ------------------------------------------------------------------------------
    def solve_class(self, fixed, allowed):
        """((vector, generation key), (vector, pairs, downfloaters)) of the first best
        candidate whose resident downfloaters are ``fixed`` (or one of ``allowed``)."""
        ss = self.ss
        residents = [y for y in self.residents if fixed is None or y not in fixed]
        required = set(self.paired_mdps)
        if allowed is None:
            required.update(residents)
        else:
            required.update(y for y in residents if y not in allowed)
        # 1. the MDP-pairing
        mdp_pairs: list[tuple[int, int]] = []
        if self.paired_mdps:
            rank = {x: i for i, x in enumerate(self.paired_mdps)}
            m = len(self.paired_mdps)
            base = len(self.residents) + 1

            def order1(u, v):
                x, y = (u, v) if u in rank else (v, u)
                if x not in rank or y in rank:
                    return 0
                return self.pos_s[y] * base ** (m - 1 - rank[x])

            mate = self.matching(self.paired_mdps + residents, required, order1, base ** m)
            if mate is None:
                return None
            mdp_pairs = [(x, mate[x]) for x in self.paired_mdps]
        taken = {y for _, y in mdp_pairs}
        # the DFS's remainder, floaters in
        remainder = [y for y in self.residents if y not in taken]
        free = [y for y in remainder if fixed is None or y not in fixed]
        q = {y: i for i, y in enumerate(remainder)}
        k, nr = self.remainder_pairs, len(remainder)
        if k == 0:
            tops: list[int] = []
            mate = {}
        else:
            # 2. the resident exchange: pairs inside S2, BSN sum of the tops, tops in S1
            # (their absence = moved to S2: highest first), tops in S2 (lowest first)
            req = required & set(free)
            settled = self.no_exchange(free, req, q, k) if SHORTCUTS else None
            if settled is not None:
                tops, mate = settled
            else:
                tops = self.exchange(free, req, q, k, nr)
                if tops is None:
                    return None
                # 3. the transposition: tops in order, each with the earliest partner
                others = [y for y in remainder if y not in set(tops)]
                mate = self.transposition(tops, others, free, req, q)
                if mate is None:
                    return None
        pairs = list(mdp_pairs) + [(t, mate[t]) for t in tops]
        used = {x for p in pairs for x in p}
        floaters = ss.unpaired_mdps + [y for y in remainder if y not in used]
        vec = ss.candidate_vector(pairs, None, floaters)
        if vec is None:
            return None
        return (vec, self.generation_key(mdp_pairs, remainder, tops, pairs)), (
            vec, pairs, sorted(floaters))

    def no_exchange(self, free: list[int], req: set, q: dict, k: int):
        """(tops, mate) of the first best candidate when it is proven to exchange nobody,
        else None (the general steps decide). Every player is paired (``free`` = ``req``, 2k
        players, S1 among them): if the best transposition of S1 against S2 has a dual that
        bounds every pairing of the players (:meth:`perfect_dual`), no pairing of the
        bracket's remainder, with any exchange, has better criteria; S1 reaches them
        exchanging nobody, so its first best transposition is the first best candidate (the
        order's first digit is the number of players exchanged)."""
        if len(free) != 2 * k or req != set(free):
            return None
        s1 = [y for y in free if q[y] < k]
        s2 = [y for y in free if q[y] >= k]
        if len(s1) != k:
            return None
        got = self.perfect_dual(s1, s2)  # every S1-S2 pair has its S1 player first
        return None if got is None else (s1, got[0].earliest())

    def perfect_dual(self, rows: list[int], cols: list[int]):
        """(the least-cost assignment of ``rows`` to ``cols`` over every compatible pair,
        2y) where y is a dual of the (fractional) perfect matchings of rows + cols proving
        that no pairing of them has better criteria: 2y[x] + 2y[z] <= 2 cost(x, z) for every
        compatible pair; or None. The assignment's dual (u on rows, v on columns,
        :func:`~.assignment.least_cost_assignment`) shifted by D/2 up on the rows and down
        on the columns still sums to the assignment's cost; it must also bound the pairs of
        two rows (D <= hi) and of two columns (D >= lo). A D strictly between leaves those
        pairs slack."""
        adj = self.round.adj
        cost = {}
        for a in rows:
            aa = adj[a]
            for c in cols:
                if aa >> c & 1:
                    cost[a, c] = self.pair_cost(a, c)
        solved = least_cost_assignment(rows, cols, cost, set(cols))
        if solved is None:
            return None
        u, v = solved.dual()
        hi = lo = None
        for side, dual, sign in ((rows, u, 1), (cols, v, -1)):
            for i, a in enumerate(side):
                aa = adj[a]
                for b in side[i + 1:]:
                    if aa >> b & 1:
                        slack = self.pair_cost(a, b) - dual[a] - dual[b]
                        if sign > 0:
                            hi = slack if hi is None else min(hi, slack)
                        else:
                            lo = -slack if lo is None else max(lo, -slack)
        if hi is not None and lo is not None and lo > hi:
            return None
        d = (lo + hi) // 2 if hi is not None and lo is not None else hi if lo is None else lo
        d = d or 0
        y2 = {a: 2 * u[a] + d for a in rows}
        y2.update((c, 2 * v[c] - d) for c in cols)
        return solved, y2

    def exchange(self, free: list[int], req: set, q: dict, k: int, nr: int):
        """The tops (the S1 after the resident exchange, in order) of the first best
        candidate, or None. The order's first digit is the number of pairs inside S2 (players
        exchanged): a matching with the criteria and that digit alone (small weights, several
        times faster than the whole order) settles the exchange when its best exchanges
        nobody, since S1 is then the only set of tops; otherwise the whole order decides."""

        def exchanged(u, v):
            return 1 if min(q[u], q[v]) >= k else 0

        if SHORTCUTS:
            mate = self.matching(free, req, exchanged, k)
            if mate is None:
                return None
        if not SHORTCUTS or any(exchanged(u, v) for u, v in mate.items()):
            keep = self.optimal_pairs(free, req, mate, q) if SHORTCUTS else None
            r2 = 1 << (2 * nr + 8)  # radix of these digits: beyond any total

            def order2(u, v):
                a = u if q[u] < q[v] else v
                qa = q[a]
                if qa >= k:  # both in S2: one more player exchanged, a lower BSN moved up
                    return ((r2 + qa) * r2 * r2) - (1 << (nr - qa))
                return (qa * r2 + (1 << qa)) * r2

            mate = self.matching(free, req, order2, r2 ** 4, keep)
            if mate is None:
                return None
        return sorted((y for y in free if y in mate and q[y] < q[mate[y]]), key=q.__getitem__)

    def optimal_pairs(self, free: list[int], req: set, mate: dict, q: dict):
        """The pairs that some pairing of ``free`` with the best criteria may contain, as a
        test (u, v) -> bool, or None (all pairs): given ``mate``, a pairing of every player
        with the best criteria, and a dual of all pairings (:meth:`perfect_dual` on
        ``mate``'s two sides) proving them best, every best pairing uses only pairs whose
        cost equals their dual bound (complementary slackness), so the whole order's
        matching may be restricted to those pairs without changing its result."""
        if len(mate) != len(free) or req != set(free):
            return None
        rows = [y for y in free if q[y] < q[mate[y]]]
        got = self.perfect_dual(rows, [mate[y] for y in rows])
        if got is None:
            return None
        y2 = got[1]

        def keep(u: int, v: int) -> bool:
            return 2 * self.pair_cost(u, v) == y2[u] + y2[v]

        return keep

    def transposition(self, tops: list[int], others: list[int], free: list[int], req: set,
                      q: dict):
        """The partners of ``tops`` (a mate dict) in the first best transposition, or None:
        the best criteria, then each top in order with the earliest partner of ``others``.
        Every pair joins a top and a later player who is not one, so this is a bipartite
        assignment (:func:`~.assignment.lexicographic_assignment`: the criteria as small
        costs, the order by tight edges); the whole order as weight digits of a general
        matching gives the same (:data:`SHORTCUTS` off)."""
        if not SHORTCUTS:
            return self.transposition_by_matching(tops, others, free, req, q)
        round_ = self.round
        fset = set(free)
        cols = [y for y in others if y in fset]
        cost = {}
        for a in tops:
            aa = round_.adj[a]
            for c in cols:
                if q[a] < q[c] and aa >> c & 1:
                    cost[a, c] = self.pair_cost(a, c)
        return lexicographic_assignment(tops, cols, cost, req & set(cols))

    def transposition_by_matching(self, tops, others, free, req, q):
        k = len(tops)
        po = {y: i for i, y in enumerate(others)}
        tr = {y: i for i, y in enumerate(tops)}
        base3 = len(others) + 1

        def order3(u, v):
            a, c = (u, v) if q[u] < q[v] else (v, u)
            if a not in tr or c in tr:
                return None  # not an edge of this exchange
            return po[c] * base3 ** (k - 1 - tr[a])

        return self.matching(free, req | set(tops), order3, base3 ** k)

    def generation_key(self, mdp_pairs, remainder, tops, pairs) -> tuple:
        """The rank of a candidate in the generation order (to compare downfloater sets)."""
        k = self.remainder_pairs
        q = {y: i for i, y in enumerate(remainder)}
        tq = [q[t] for t in tops]
        out = [i for i in range(k) if i not in set(tq)]
        inn = tuple(i for i in tq if i >= k)
        others = [y for y in remainder if y not in set(tops)]
        po = {y: i for i, y in enumerate(others)}
        partner = dict(pairs)
        return (tuple(self.pos_s[y] for _, y in mdp_pairs), len(inn), sum(tq),
                tuple(-o for o in sorted(out, reverse=True)), inn,
                tuple(po[partner[t]] for t in tops))

    # -- the weighted matching ------------------------------------------------------------------
    def pair_cost(self, u: int, v: int) -> int:
        """The criteria digits of pair (u, v) as one integer (radix :attr:`radix`), cached.
        Digits add up linearly: each player's own digits ([C9], [C14], [C16], [C18], [C20])
        are packed once (:meth:`_player_cost`), the pair's penalties weigh their digits."""
        key = (u, v) if u < v else (v, u)
        r = self._cost.get(key)
        if r is None:
            if self.ss.clb is not None:
                r = self.packed(self.criteria_digits(u, v))
            else:
                w, lw = self._weights()
                p = self.round.pair_penalties(*key)
                r = self._player_cost(u) + self._player_cost(v)
                if p[0] or p[1] or p[2] or p[3]:
                    r += p[0] * w[1] + p[1] * w[2] + p[2] * w[3] + p[3] * w[4]
                if p[4] or p[5]:
                    lv = self.ss.level_of[key[0]]
                    r += p[4] * (w[6] + lw[1][lv]) + p[5] * (w[8] + lw[3][lv])
            self._cost[key] = r
        return r

    def packed(self, digits: list[int]) -> int:
        r = 0
        for d in digits:
            r = r * self.radix + d
        return r

    def _weights(self):
        """The weight of each criteria digit (see :meth:`criteria_digits`), and per score
        level those of [C18], [C19], [C20], [C21]."""
        if self._w is None:
            L = self.nlev
            n = 9 + 4 * L
            w = [self.radix ** (n - 1 - i) for i in range(n)]
            self._w = (w[:9], [w[9 + j * L: 9 + (j + 1) * L] for j in range(4)])
        return self._w

    def _player_cost(self, x: int) -> int:
        """Player ``x``'s own digits of any pair it is in: [C9] if at the PAB score, and if
        it downfloated one / two rounds before [C14] / [C16] (residents) and [C18] / [C20]."""
        r = self._pcost.get(x)
        if r is None:
            round_, ss = self.round, self.ss
            w, lw = self._weights()
            r = 0
            if ss.c9_active and round_.score[x] == round_.bye_score:
                r -= round_.c9_rank.get(round_.players[x].played, 0) * w[0]
            resident = x in ss.resident_set
            if round_.players[x].float_before(1) == DOWN:
                r -= (w[5] if resident else 0) + lw[0][ss.level_of[x]]
            if round_.players[x].float_before(2) == DOWN:
                r -= (w[7] if resident else 0) + lw[2][ss.level_of[x]]
            self._pcost[x] = r
        return r

    def criteria_digits(self, u: int, v: int) -> list[int]:
        """The criteria of pair (u, v) as digits, most important first: [C9] (as minus the
        ranks of the players at the PAB score who are paired), [C10]-[C13], [C14] (minus the
        residents paired who downfloated the round before: they do not float), [C15], [C16],
        [C17], then per score level [C18], [C19], [C20], [C21] (2017 C.8-C.19)."""
        round_, ss = self.round, self.ss
        p = round_.pair_penalties(u, v) if u < v else round_.pair_penalties(v, u)
        if ss.clb is not None:
            return self.clb_digits(u, v, p)
        hi = min(u, v)
        c9 = 0
        if ss.c9_active:
            c9 = -sum(round_.c9_rank.get(round_.players[x].played, 0) for x in (u, v)
                      if round_.score[x] == round_.bye_score)
        d1 = [x for x in (u, v) if round_.players[x].float_before(1) == DOWN]
        d2 = [x for x in (u, v) if round_.players[x].float_before(2) == DOWN]
        c14 = -sum(1 for x in d1 if x in ss.resident_set)
        c16 = -sum(1 for x in d2 if x in ss.resident_set)
        L = self.nlev
        c18, c19, c20, c21 = [0] * L, [0] * L, [0] * L, [0] * L
        for x in d1:
            c18[ss.level_of[x]] -= 1
        for x in d2:
            c20[ss.level_of[x]] -= 1
        c19[ss.level_of[hi]] += p[4]
        c21[ss.level_of[hi]] += p[5]
        return [c9, p[0], p[1], p[2], p[3], c14, p[4], c16, p[5]] + c18 + c19 + c20 + c21

    def clb_digits(self, u: int, v: int, p: tuple) -> list[int]:
        """Digits of pair (u, v) in the 2017 collapsed last bracket, from its values
        (:class:`~pairchk.systems.dutch.structure.ClbValues`, additive over pairs and downfloaters):
        the pair's own, minus what ``u`` and ``v`` would count as downfloaters."""
        pair = self.clb_flat(self.ss.clb.values([(u, v)], [], self.ss.resident_set))
        fu, fv = self.clb_vertex(u), self.clb_vertex(v)
        d = [a - b - c for a, b, c in zip(pair, fu, fv)]
        n = len(self.psd_pos)
        # PSD counts, C.8-C.11 (pair), C.12, C.13 (pair), C.14, C.15 (pair), C.16-C.19
        return d[:n] + list(p[:4]) + [d[n], p[4], d[n + 1], p[5]] + d[n + 2:]

    def clb_vertex(self, x: int) -> list[int]:
        r = self._vertex.get(x)
        if r is None:
            r = self._vertex[x] = self.clb_flat(self.ss.clb.values([], [x], self.ss.resident_set))
        return r

    def clb_flat(self, vals) -> list[int]:
        psd, c14, c16, c18, c19, c20, c21 = vals
        counts = [0] * len(self.psd_pos)
        for d in psd:
            counts[self.psd_pos[d]] += 1
        return counts + [c14, c16] + list(c18) + list(c19) + list(c20) + list(c21)

    def matching(self, verts: list[int], required: set, order, order_span: int, keep=None):
        """A maximum-cardinality matching of ``verts`` over compatible pairs (no MDP-MDP
        pair; with ``keep``, only pairs it accepts) that covers ``required`` and, among
        those, has the best criteria and then the smallest ``order`` (None: not an edge); as
        a mate dict, or None if ``required`` cannot be covered."""
        round_ = self.round
        mdps = set(self.ss.mdps)
        ospan = 2 * order_span + 1
        edges = []
        for i, u in enumerate(verts):
            au = round_.adj[u]
            for v in verts[i + 1:]:
                if not (au >> v & 1) or (u in mdps and v in mdps):
                    continue
                o = order(u, v)
                if o is None or (keep is not None and not keep(u, v)):
                    continue
                edges.append((u, v, self.pair_cost(u, v) * ospan + o))
        if not edges:
            return {} if not required else None
        top = max(abs(c) for _, _, c in edges) + 1
        req_bonus = 4 * top * (len(verts) + 1)
        weighted = [(u, v, 2 * top - c + req_bonus * ((u in required) + (v in required)))
                    for u, v, c in edges]
        mate = {}
        for u, v in max_weight_matching(weighted, maxcardinality=True):
            mate[u] = v
            mate[v] = u
        if any(x not in mate for x in required):
            return None
        return mate
