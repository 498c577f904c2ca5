"""The Dubov system as approved in 1997, from the German text of the sources
(``../shared/seeds/000_*.txt``, "Das Schweizer Paarungssystem nach DUBOW"), procedural as written.

* Round 1 (5.): the list is halved, upper half i against lower half i; the colour of board 1 is
  drawn (here: the initial colour to the upper player), odd boards alike, even boards reversed;
  with an odd number the last player of the list gets the bye.
* Bye (4.): the player of the lowest scoregroup with the lowest rating (2.2: nobody gets a
  second point without playing); ties: the larger due-colour subgroup, then the higher ARO.
* Scoregroups top-down (6.). 7.1 a player who has met everybody of his group gets an upfloater
  (due colour not his, highest rating, lowest ARO); 7.2 an odd group gets an upfloater who can
  meet someone there (due colour not that of the larger colour subgroup, highest rating, lowest
  ARO); 2.5 (not in the last round) nobody is upfloated twice running or beyond the limit.
  7.3/7.4 equal subgroups: whites with the lowest ARO (ties higher rating) go to the black side,
  or blacks with the highest ARO (ties lower rating) to the white side, unless 2.6 forbids it.
  8. upfloaters are placed first, white and black alternately, each against the highest-rated
  player (ties lower ARO), due colours respected where possible.
* 6.2 whites by ascending ARO (ties lower rating, then name), blacks by descending rating (ties
  higher ARO, then name), row i against row i; 6.3 a rematch moves the white player to the first
  black below he has not met, else earlier rows change; a white who met every black gets a white
  partner (rows k+1.. then k-1..1). 6.4 players who cannot be paired float down (not floated
  down before, then able to play below).
* Colours 3.: due colours; the larger imbalance; alternate to the last differing round; higher
  ARO White; lower rating White.
* Closing remark ("Schlußbemerkungen"): a situation the rules do not solve is settled by the
  arbiter in their spirit; here every choice also keeps a complete pairing of the round possible.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from ...model import Color
from ...pairing import Pair, RoundPairing
from ...system import UnpairableError
from .rules import DubovState, completable, first_leaving_completable, pair_graph, relaxed


def pair_1997(ds: DubovState) -> RoundPairing:
    players = list(ds.base.order)
    if all(ds.p(n).played == 0 for n in players):
        return _first_round(ds, players)
    if not _pairable(ds, players):
        ds = relaxed(ds)  # 2.5 cannot be kept this round
    bye = None
    if len(players) % 2:
        bye = _bye(ds, players)
        players.remove(bye)
    elif not completable(ds, players):
        raise UnpairableError(f"round {ds.round}: no legal pairing of all players exists")
    pairs: list[tuple[int, int]] = []
    remaining = sorted(players, key=lambda n: (-ds.score(n), ds.tpn(n)))
    carried: list[int] = []  # players floated down from the group above (6.4)
    while remaining:
        rest = [n for n in remaining if n not in carried]
        group = carried + [n for n in rest if ds.score(n) == ds.score(rest[0])] if rest else carried
        lower = [n for n in remaining if n not in group]
        got, carried = _pair_group(ds, group, lower, set(carried))
        pairs.extend(got)
        done = {x for p in got for x in p}
        remaining = [n for n in remaining if n not in done]
    from .pair import board_order

    return RoundPairing(round=ds.round, pairs=board_order(ds, pairs), bye=bye)


def _pairable(ds: DubovState, players: list[int]) -> bool:
    if len(players) % 2 == 0:
        return completable(ds, players)
    return first_leaving_completable(ds, players, (n for n in players if ds.p(n).pab_eligible)) \
        is not None


def _first_round(ds: DubovState, players: list[int]) -> RoundPairing:
    order = sorted(players, key=ds.tpn)
    bye = order.pop() if len(order) % 2 else None
    half = len(order) // 2
    out = []
    for i in range(half):
        a, b = order[i], order[half + i]
        c = ds.base.initial_color if i % 2 == 0 else ds.base.initial_color.opposite
        out.append(Pair(a, b) if c is Color.WHITE else Pair(b, a))
    return RoundPairing(round=ds.round, pairs=tuple(out), bye=bye)


def _bye(ds: DubovState, players: list[int]) -> int:
    whites = sum(1 for n in players if ds.pref(n) is Color.WHITE)
    blacks = sum(1 for n in players if ds.pref(n) is Color.BLACK)

    def side(n: int) -> int:  # larger colour subgroup first
        c = ds.pref(n)
        size = whites if c is Color.WHITE else blacks if c is Color.BLACK else 0
        return -size

    cands = sorted((n for n in players if ds.p(n).pab_eligible),
                   key=lambda n: (ds.score(n), ds.p(n).rating, side(n), -ds.p(n).aro, -ds.tpn(n)))
    n = first_leaving_completable(ds, players, cands)
    if n is not None:
        return n
    raise UnpairableError(f"round {ds.round}: nobody can take the bye and leave a complete pairing")


def _may_upfloat(ds: DubovState, n: int) -> bool:
    """2.5: apart from the last round, not upfloated twice running nor beyond the limit."""
    if ds.base.last_round:
        return True
    p = ds.p(n)
    return p.float_before(1) != "U" and p.upfloats < ds.maxt


def _white_key(ds: DubovState, n: int):
    p = ds.p(n)
    return (p.aro, p.rating, ds.names.get(n, ""), ds.tpn(n))


def _black_key(ds: DubovState, n: int):
    p = ds.p(n)
    return (-p.rating, -p.aro, ds.names.get(n, ""), ds.tpn(n))


def _up_key(ds: DubovState, n: int, avoid: Color):
    p = ds.p(n)
    return (ds.pref(n) is avoid and avoid is not Color.NONE, -ds.score(n), -p.rating, p.aro, ds.tpn(n))


def _pick_upfloater(ds, group, lower, avoid, partner=None):
    """7.1/7.2: the upfloater from the next possible lower group (2.5 respected when possible)."""
    scores = sorted({ds.score(n) for n in lower}, reverse=True)
    for strict in (True, False):
        for s in scores:
            cands = [n for n in lower if ds.score(n) == s and (not strict or _may_upfloat(ds, n))]
            cands.sort(key=lambda n: _up_key(ds, n, avoid))
            for u in cands:
                if partner is not None:
                    if not ds.legal(u, partner):
                        continue
                    rest_g = [n for n in group if n != partner]
                    if completable(ds, rest_g + [n for n in lower if n != u]):
                        return u
                elif any(ds.legal(u, g) for g in group) and completable(ds, group + [u]):
                    return u
    return None


def _pair_group(ds: DubovState, group: list[int], lower: list[int], floated: set[int]
                ) -> tuple[list[tuple[int, int]], list[int]]:
    """Pairs of one scoregroup and the players it floats down (6.4)."""
    pairs: list[tuple[int, int]] = []
    group = list(group)
    lower = list(lower)
    # 7.1 a player who has met everybody of the group
    for n in list(group):
        if n in group and not any(ds.legal(n, m) for m in group if m != n) and lower:
            u = _pick_upfloater(ds, group, lower, ds.pref(n), partner=n)
            if u is not None:
                pairs.append((n, u))
                group.remove(n)
                lower.remove(u)
    # 7.2 an odd group
    if len(group) % 2 and lower:
        w = sum(1 for n in group if ds.pref(n) is Color.WHITE)
        b = sum(1 for n in group if ds.pref(n) is Color.BLACK)
        major = Color.WHITE if w > b else Color.BLACK if b > w else Color.NONE
        u = _pick_upfloater(ds, group, lower, major)
        if u is not None:
            group.append(u)
            lower.remove(u)
            floated = floated | {u}
    if not group:
        return pairs, []
    got = _pair_inside(ds, group, lower, floated)
    if got is not None:
        return pairs + got, []
    # 6.4 float down the fewest players (not floated down before, able to play below)
    from itertools import combinations

    order = sorted(group, key=lambda n: (ds.p(n).float_before(1) == "D", -ds.tpn(n)))
    for k in range(2 - len(group) % 2, len(group) + 1, 2):
        for down in combinations(order, k):
            stay = [n for n in group if n not in down]
            if not completable(ds, list(down) + lower):
                continue
            got = _pair_inside(ds, stay, list(down) + lower, floated)
            if got is not None:
                return pairs + got, list(down)
    raise UnpairableError(f"round {ds.round}: the scoregroup {ds.score(group[0])} cannot be paired "
                          "(players " + ", ".join(map(str, sorted(group))) + ")")


def _pair_inside(ds, group, lower, floated) -> list[tuple[int, int]] | None:
    """7.3/7.4, 8. and 6.2-6.3 for a group of even size; None when it cannot be paired."""
    if len(group) % 2 or not completable(ds, group) or not completable(ds, lower):
        return None
    whites = [n for n in group if ds.pref(n) is Color.WHITE]
    blacks = [n for n in group if ds.pref(n) is Color.BLACK]
    for n in group:  # no due colour yet: the smaller side
        if ds.pref(n) is Color.NONE:
            (whites if len(whites) <= len(blacks) else blacks).append(n)
    if len(whites) > len(blacks):  # 7.3
        movable = sorted((n for n in whites if ds.must(n) is not Color.WHITE),
                         key=lambda n: (ds.p(n).aro, -ds.p(n).rating, ds.names.get(n, ""), ds.tpn(n)))
        for n in movable[: (len(whites) - len(blacks)) // 2]:
            whites.remove(n)
            blacks.append(n)
    elif len(blacks) > len(whites):  # 7.4
        movable = sorted((n for n in blacks if ds.must(n) is not Color.BLACK),
                         key=lambda n: (-ds.p(n).aro, ds.p(n).rating, ds.names.get(n, ""), ds.tpn(n)))
        for n in movable[: (len(blacks) - len(whites)) // 2]:
            blacks.remove(n)
            whites.append(n)
    whites.sort(key=lambda n: _white_key(ds, n))
    blacks.sort(key=lambda n: _black_key(ds, n))
    pairs: list[tuple[int, int]] = []
    # 8. upfloaters first, white and black alternately, against the highest rating
    ups_w = [n for n in whites if n in floated]
    ups_b = [n for n in blacks if n in floated]
    seq = []
    while ups_w or ups_b:
        if ups_w:
            seq.append(ups_w.pop(0))
        if ups_b:
            seq.append(ups_b.pop(0))
    free = set(group)
    for u in seq:
        if u not in free:
            continue
        own_w = u in whites
        cands = sorted((n for n in free if n != u and ds.legal(u, n)),
                       key=lambda n: ((n in whites) == own_w, -ds.p(n).rating, ds.p(n).aro, ds.tpn(n)))
        for n in cands:
            if completable(ds, [x for x in free if x not in (u, n)]):
                pairs.append((u, n))
                free -= {u, n}
                break
    ws = [n for n in whites if n in free]
    bs = [n for n in blacks if n in free]
    got = _rows(ds, ws, bs)
    if got is None:
        return None
    return pairs + got


def _rows(ds, ws: list[int], bs: list[int]) -> list[tuple[int, int]] | None:
    """6.2/6.3: row i against row i; the first arrangement (blacks in list order, then whites
    k+1.. and k-1..1 for a white who met every black) that pairs everybody.

    The first free player (in the order whites, blacks) takes the first of its candidates that
    leaves the rest completable. Those candidates are every free player it may meet (the whites
    before it are all taken; a black comes first only when every white is), so a completable
    rest always pairs in turn: the first choice that keeps the rest completable is never undone.
    """
    players = ws + bs
    pos = {n: i for i, n in enumerate(players)}
    nw = len(ws)

    def candidates(i: int, free: int) -> Iterator[int]:
        order = chain(range(nw, len(players)), range(i + 1, nw), range(i - 1, -1, -1)) \
            if i < nw else range(nw, len(players))
        return (j for j in order if free >> j & 1 and j != i and ds.legal(players[i], players[j]))

    adj = pair_graph(ds, players)
    if adj is None or len(pos) != len(players):
        return _rows_pairwise(ds, players, candidates)
    from ...matching import max_matching

    full = (1 << len(players)) - 1
    mate = max_matching(adj, perfect=True)
    if any(m < 0 for m in mate):
        return None
    out: list[tuple[int, int]] = []
    free = full
    while free:
        i = (free & -free).bit_length() - 1
        for j in candidates(i, free):
            rest = free & ~(1 << i | 1 << j)
            if mate[i] != j:  # the rest keeps a perfect matching when one path repairs it
                trial = list(mate)
                for v in (i, j, mate[i], mate[j]):
                    trial[v] = -1
                trial = max_matching(adj, match=trial, active=rest, perfect=True)
                if any(trial[v] < 0 for v in range(len(players)) if rest >> v & 1):
                    continue
                mate = trial
            mate[i], mate[j] = j, i
            out.append((players[i], players[j]))
            free = rest
            break
        else:
            return None  # only the first player can fail: the players are not completable
    return out


def _rows_pairwise(ds, players: list[int], candidates) -> list[tuple[int, int]] | None:
    """:func:`_rows` asking :func:`completable` for each choice (a relation not known to be
    symmetric, or a player listed twice)."""
    out: list[tuple[int, int]] = []
    free = (1 << len(players)) - 1
    while free:
        i = (free & -free).bit_length() - 1
        for j in candidates(i, free):
            rest = free & ~(1 << i | 1 << j)
            if completable(ds, [n for k, n in enumerate(players) if rest >> k & 1]):
                out.append((players[i], players[j]))
                free = rest
                break
        else:
            return None
    return out


__all__ = ["pair_1997"]
