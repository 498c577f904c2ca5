"""Evaluate any complete pairing of a round against the Dutch criteria (for the checker).

:func:`evaluate` returns the quality criteria in priority order, lower is better; values are
round-level (see :func:`pairchk.systems.dutch.criteria_values` for what that means).
:func:`violations` lists breaches of the absolute rules.
"""

from __future__ import annotations

from decimal import Decimal

from ..model import Color
from ..pairing import RoundPairing
from ..state import DOWN, UP, PrefKind, RoundState
from .dutch_criteria import topscorer_pair_ok


def _colour_of(pairing: RoundPairing) -> dict[int, Color]:
    out = {}
    for p in pairing.pairs:
        out[p.white] = Color.WHITE
        out[p.black] = Color.BLACK
    return out


def evaluate(st: RoundState, pairing: RoundPairing) -> dict[str, object]:
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


__all__ = ["evaluate", "violations"]
