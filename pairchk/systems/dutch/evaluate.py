"""Evaluate any complete pairing of a round against the Dutch criteria, bracket by bracket.

:func:`evaluate` gives the edition's quality record (:class:`~.criteria.Quality2026`,
:class:`~.criteria.Quality2017`). A pairing is cut into brackets the way the engine pairs
them (C.04.3 2026 art. 1.3 / 2017 A.3): top-down by score, a bracket holds the residents of a
score group and the players left unpaired above it (MDPs); a pair belongs to the bracket of its
lower-scored player, and the bracket's downfloaters are the members whose opponent is lower or
who get the PAB. Each bracket is valued on the criteria the engine applies to it, with the
engine's own functions (pair penalties, [C8]/C.7 and [C9]), so the engine's pairing and a
published one are measured alike.

The criteria are applied bracket by bracket, top-down: two pairings are compared in the first
bracket in which they differ (earlier brackets, and so that bracket's members, are the same).
:func:`evaluate` with ``against=`` the other pairing gives exactly that bracket's values, to be
compared field by field with :func:`pairchk.system.first_worse`; without it every field is the
tuple of the values of all brackets, top-down.

:func:`violations` lists breaches of the absolute rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ...model import Color
from ...pairing import RoundPairing
from ...state import DOWN, UP, PrefKind, RoundState
from .criteria import QUALITY, Quality2017, Quality2026, topscorer_pair_ok
from .next_bracket import c9_applies, next_bracket_value
from .tables import round_tables


@dataclass(frozen=True)
class Bracket:
    """One bracket of a complete pairing (positions in the engine's pairing order)."""

    score: Decimal  # the residents' (pairing) score
    mdps: tuple[int, ...]
    residents: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]  # (higher, lower) positions, both members
    floaters: tuple[int, ...]  # members left unpaired here (downfloaters; the PAB assignee)

    @property
    def members(self) -> tuple[int, ...]:
        return self.mdps + self.residents


def brackets(round_, pairing: RoundPairing) -> list[Bracket]:
    """The brackets of ``pairing`` top-down (``round_``: the round's tables, see
    :func:`pairchk.systems.dutch.tables.round_tables`). Players outside the round are ignored."""
    pos = {x: i for i, x in enumerate(round_.nums)}
    opp: dict[int, int] = {}
    for p in pairing.pairs:
        a, b = pos.get(p.white), pos.get(p.black)
        if a is not None and b is not None:
            opp[a], opp[b] = b, a
    out = []
    carry: list[int] = []
    i = 0
    while i < round_.n:
        s = round_.score[i]
        j = i
        while j < round_.n and round_.score[j] == s:
            j += 1
        residents = tuple(range(i, j))
        members = set(carry) | set(residents)
        pairs = tuple(sorted((x, opp[x]) for x in members
                             if x in opp and opp[x] in members and x < opp[x]))
        floaters = tuple(x for x in carry + list(residents)
                         if x not in opp or opp[x] not in members)
        out.append(Bracket(s, tuple(carry), residents, pairs, floaters))
        carry = list(floaters)
        i = j
    return out


def _levels(round_, b: Bracket) -> dict:
    return {s: k for k, s in enumerate(sorted({round_.score[x] for x in b.members}, reverse=True))}


def _bracket_values(round_, b: Bracket, k: int, blist: list[Bracket]) -> tuple:
    """The bracket's values in the order of the edition's quality record (without 2026 [C5],
    which is the round's)."""
    st = round_.state
    lev = _levels(round_, b)
    nlev = len(lev)
    downfloaters = 0
    for x in b.floaters:
        downfloaters |= 1 << x
    below = 0
    for x in range(b.residents[-1] + 1, round_.n):
        below |= 1 << x
    next_residents = 0
    if k + 1 < len(blist):
        for x in blist[k + 1].residents:
            next_residents |= 1 << x
    v8 = next_bracket_value(round_, downfloaters, next_residents, below & ~next_residents)
    pen = [0] * 6
    c19 = [0] * nlev
    c21 = [0] * nlev
    for x, y in b.pairs:
        p = round_.pair_penalties(x, y)
        for q in range(6):
            pen[q] += p[q]
        if p[4]:
            c19[lev[round_.score[x]]] += 1
        if p[5]:
            c21[lev[round_.score[x]]] += 1
    res = set(b.residents)
    c14 = sum(1 for x in b.floaters if x in res and round_.players[x].float_before(1) == DOWN)
    c16 = sum(1 for x in b.floaters if x in res and round_.players[x].float_before(2) == DOWN)
    c18 = [0] * nlev
    c20 = [0] * nlev
    for x in b.floaters:
        if round_.players[x].float_before(1) == DOWN:
            c18[lev[round_.score[x]]] += 1
        if round_.players[x].float_before(2) == DOWN:
            c20[lev[round_.score[x]]] += 1
    tail = (pen[0], pen[1], pen[2], pen[3], c14, pen[4], c16, pen[5],
            tuple(c18), tuple(c19), tuple(c20), tuple(c21))
    if st.edition == "2017":
        # A.8: pairs give their score difference, downfloaters their score minus (the lowest
        # score in the bracket - 1); sorted from the highest
        base = min(round_.score[x] for x in b.members) - 1
        psd = [abs(round_.score[x] - round_.score[y]) for x, y in b.pairs]
        psd += [round_.score[x] - base for x in b.floaters]
        return (len(b.floaters), tuple(sorted(psd, reverse=True)), v8) + tail
    c7 = [0] * nlev
    for x in b.floaters:
        c7[lev[round_.score[x]]] += 1
    c9 = 0
    if len(b.floaters) == 1 and c9_applies(round_, list(b.residents), below):
        c9 = round_.players[b.floaters[0]].unplayed
    return (len(b.floaters), tuple(c7), v8, c9) + tail


def _differs(a: Bracket, b: Bracket) -> bool:
    return a.pairs != b.pairs or set(a.floaters) != set(b.floaters)


def evaluate(st: RoundState, pairing: RoundPairing, *,
             against: RoundPairing | None = None) -> Quality2026 | Quality2017:
    """The quality record of ``pairing`` by the criteria of ``st.edition`` (lower is better).

    With ``against`` (the pairing it is compared with) every field holds the value in the first
    bracket where the two differ; without it, the tuple of all brackets' values, top-down.
    2026 [C5] (score of the PAB assignee) is the round's, not a bracket's.

    >>> from pairchk.model import Tournament, Player
    >>> from pairchk.state import round_state
    >>> from pairchk.systems.dutch.round import pair
    >>> t = Tournament(rounds=3, players=tuple(Player(n, rating=2000 - n) for n in range(1, 5)))
    >>> st = round_state(t, 1, edition="2017")
    >>> q = evaluate(st, pair(st))
    >>> q.C_5, q.C_7, q.C_10
    ((0,), ((0, ()),), (0,))
    """
    round_ = round_tables(st)
    blist = brackets(round_, pairing)
    if against is None:
        rows = [_bracket_values(round_, b, k, blist) for k, b in enumerate(blist)]
        cols = tuple(zip(*rows)) if rows else ((),) * (15 if st.edition == "2017" else 16)
    else:
        other = brackets(round_, against)
        k = next((k for k, (a, b) in enumerate(zip(blist, other)) if _differs(a, b)), 0)
        cols = _bracket_values(round_, blist[k], k, blist) if blist else (0,) * 16
    if st.edition == "2017":
        return Quality2017(*cols)
    bye = st.players[pairing.bye] if pairing.bye is not None else None
    c5 = bye.pairing_score if bye is not None else Decimal(0)
    return Quality2026(c5, *cols)


def decisive_bracket(st: RoundState, a: RoundPairing, b: RoundPairing) -> Bracket | None:
    """The first bracket (of ``a``) in which ``a`` and ``b`` differ, None if they pair alike."""
    round_ = round_tables(st)
    for x, y in zip(brackets(round_, a), brackets(round_, b)):
        if _differs(x, y):
            return x
    return None


def _colour_of(pairing: RoundPairing) -> dict[int, Color]:
    out = {}
    for p in pairing.pairs:
        out[p.white] = Color.WHITE
        out[p.black] = Color.BLACK
    return out


def round_level_values(st: RoundState, pairing: RoundPairing) -> dict[str, object]:
    """Round-level values of the edition's quality criteria for ``pairing`` (lower is better):
    superseded counts, kept until the checker compares :func:`evaluate` records.

    Computed over the whole round with the pairing's own colours: brackets are not well
    defined for an arbitrary pairing, so [C6]/[C7] count players paired with a lower-scored
    opponent (plus the PAB assignee) as downfloaters, and colour criteria count the
    preferences actually not granted. Keys are "C5", "C6", ... in priority order (2017: the
    2017 numbers, with "C6" = PSD)."""
    P = st.players
    got = _colour_of(pairing)
    levels = sorted({P[x].pairing_score for x in st.order}, reverse=True)

    def lv(players) -> tuple[int, ...]:
        counts = [0] * len(levels)
        for x in players:
            counts[levels.index(P[x].pairing_score)] += 1
        return tuple(counts)

    down, ups = [], []  # downfloaters (higher-scored in an uneven pair) and their opponents
    for p in pairing.pairs:
        a, b = P[p.white], P[p.black]
        if a.pairing_score > b.pairing_score:
            down.append(p.white)
            ups.append((p.white, p.black))
        elif b.pairing_score > a.pairing_score:
            down.append(p.black)
            ups.append((p.black, p.white))
    floaters = down + ([pairing.bye] if pairing.bye is not None else [])
    bye = P[pairing.bye] if pairing.bye is not None else None

    def not_granted(pred) -> int:
        n = 0
        for x, c in got.items():
            ps = P[x]
            if ps.pref is not Color.NONE and pred(ps) and c is not ps.pref:
                n += 1
        return n

    def top_cd(x: int, c: Color) -> bool:
        ps = P[x]
        cd = ps.color_diff + (1 if c is Color.WHITE else -1)
        return abs(cd) > 2

    def top_three(x: int, c: Color) -> bool:
        ps = P[x]
        return ps.repeated is c

    tops = [x for x in got if st.is_topscorer(x)]
    topset = set(tops)
    for p in pairing.pairs:  # topscorers and their opponents
        if p.white in topset or p.black in topset:
            topset |= {p.white, p.black}
    c10 = sum(1 for x in topset if top_cd(x, got[x]))
    c11 = sum(1 for x in topset if top_three(x, got[x]))
    c12 = not_granted(lambda ps: True)
    c13 = not_granted(lambda ps: ps.pref_kind in (PrefKind.STRONG, PrefKind.ABSOLUTE))

    def fl(x, back):
        return P[x].float_before(back)

    # floats: downfloaters who downfloated before / upfloaters (opponents) who upfloated before
    c14 = sum(1 for x in floaters if fl(x, 1) == DOWN)
    c15 = sum(1 for _, y in ups if fl(y, 1) == UP)
    c16 = sum(1 for x in floaters if fl(x, 2) == DOWN)
    c17 = sum(1 for _, y in ups if fl(y, 2) == UP)
    c18 = lv([x for x in floaters if fl(x, 1) == DOWN])
    c19 = lv([x for x, y in ups if fl(y, 1) == UP])
    c20 = lv([x for x in floaters if fl(x, 2) == DOWN])
    c21 = lv([x for x, y in ups if fl(y, 2) == UP])
    if st.edition == "2017":
        diffs = sorted((abs(P[p.white].pairing_score - P[p.black].pairing_score)
                        for p in pairing.pairs), reverse=True)
        if bye is not None:
            low = min(P[x].pairing_score for x in st.order)
            diffs.append(bye.pairing_score - (low - 1))
            diffs.sort(reverse=True)
        return {
            "C5": len(floaters),
            "C6": tuple(diffs),
            "C8": c10, "C9": c11, "C10": c12, "C11": c13,
            "C12": c14, "C13": c15, "C14": c16, "C15": c17,
            "C16": c18, "C17": c19, "C18": c20, "C19": c21,
        }
    return {
        "C5": bye.pairing_score if bye is not None else Decimal(0),
        "C6": len(floaters),
        "C7": lv(floaters),
        "C9": bye.unplayed if bye is not None else 0,
        "C10": c10, "C11": c11, "C12": c12, "C13": c13,
        "C14": c14, "C15": c15, "C16": c16, "C17": c17,
        "C18": c18, "C19": c19, "C20": c20, "C21": c21,
    }


def violations(st: RoundState, pairing: RoundPairing) -> list[str]:
    """Breaches of C1-C3 and C.04.1: rematches, forbidden pairs, PAB to an ineligible player,
    absolute-preference clashes between non-topscorers, colour difference beyond ±2 or three
    of a colour in a row outside the topscorer exception."""
    P = st.players
    out: list[str] = []
    crit = "C.04.3 2026" if st.edition == "2026" else "C.04.3 2017"
    for p in pairing.pairs:
        a, b = P.get(p.white), P.get(p.black)
        if a is None or b is None:
            continue
        if p.black in a.opponents:
            out.append(f"{p.white}-{p.black}: players already met (C1, C.04.1 art. 2)")
        elif frozenset((p.white, p.black)) in st.forbidden:
            out.append(f"{p.white}-{p.black}: forbidden pair (C1, XXP/260)")
        elif (a.absolute and b.absolute and a.pref is b.pref
              and not topscorer_pair_ok(st, a, b)):
            out.append(f"{p.white}-{p.black}: both have an absolute preference for "
                       f"{'white' if a.pref is Color.WHITE else 'black'} (C3, {crit})")
        if not p.colored:
            continue
        for x, c in ((p.white, Color.WHITE), (p.black, Color.BLACK)):
            ps = P[x]
            cd = ps.color_diff + (1 if c is Color.WHITE else -1)
            top = st.is_topscorer(p.white) or st.is_topscorer(p.black)
            if abs(cd) > 2 and not top:
                out.append(f"{x}: colour difference becomes {cd:+d} (C.04.1 art. 6)")
            if ps.repeated is c and not top:
                out.append(f"{x}: {'white' if c is Color.WHITE else 'black'} three times in a row "
                           "(C.04.1 art. 7)")
    if pairing.bye is not None and pairing.bye in P and not P[pairing.bye].pab_eligible:
        out.append(f"{pairing.bye}: pairing-allocated bye to a player who already had a PAB or "
                   f"scored a win without playing (C2, C.04.1 art. 4, {st.edition} text)")
    return out


__all__ = ["evaluate", "brackets", "decisive_bracket", "violations", "QUALITY"]
