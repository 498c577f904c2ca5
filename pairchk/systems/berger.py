"""Berger round robin (FIDE C.05 Annex 1; the German "Rundensystem" of the project's source text).

With ``m`` even (``m = n``, or ``n + 1`` for an odd field, where the highest number ``n + 1`` is
the bye), round ``R`` pairs player ``i < m`` with ``j = ((R − i) mod (m − 1)) + 1``; when
``j = i`` the opponent is ``m``. Colours: for ``i, j < m`` an odd sum gives the smaller number
White, an even sum the larger; the last player ``m`` is Black in odd rounds and White in even
rounds (the source: White against numbers above ``m/2``).

Board order is the published tables' order: board 1 is the last player's game, then the
source's construction (the row ``x0 | x1 x(m−2) | x2 x(m−3) …`` where ``x`` counts on from
``(R − 1)·m/2``; the left number of each pair has White).

Double round robin (``double=True``): FIDE recommends swapping the last two rounds of the first
cycle so that nobody has the same colour three times in a row; the second cycle is the table in
its own order with colours reversed (TRF26 ``FIDE_DOUBLEROUNDROBIN``). ``swap_last=False`` gives
the plain variant (both cycles in table order).

>>> [(p.white, p.black) for p in schedule(4)[1].pairs]
[(4, 3), (1, 2)]
>>> schedule(3)[0].bye
1
"""

from __future__ import annotations

from functools import partial

from ..model import Tournament
from ..pairing import Pair, RoundPairing
from . import roundrobin
from .fixed import FixedSystem, states_from
from .roundrobin import table_size

NAME = "berger"
ARTICLE = "C.05 Annex 1"


def opponent(i: int, rnd: int, m: int) -> int:
    """Berger opponent of ``i`` in round ``rnd`` of an ``m``-player table (``m`` even).

    >>> opponent(3, 4, 10), opponent(1, 1, 10), opponent(10, 2, 10)
    (2, 10, 6)
    """
    if i == m:
        # the last player meets 1, 2, ... in the order of the rounds where j = i
        for k in range(1, m):
            if ((rnd - k) % (m - 1)) + 1 == k:
                return k
    j = ((rnd - i) % (m - 1)) + 1
    return m if j == i else j


def white_of(i: int, j: int, m: int) -> int:
    """Who has White when ``i`` meets ``j`` in an ``m``-player Berger table.

    >>> white_of(3, 8, 10), white_of(5, 7, 10), white_of(10, 6, 10), white_of(10, 4, 10)
    (3, 7, 10, 4)
    """
    if m in (i, j):
        other = j if i == m else i
        return m if other > m // 2 else other
    lo, hi = sorted((i, j))
    return lo if (i + j) % 2 else hi


def single_cycle(n: int) -> list[RoundPairing]:
    """The single round robin for ``n`` players, boards in the published tables' order."""
    roundrobin.check_size(n)
    m = table_size(n)
    rounds = []
    for r in range(1, m):
        start = (r - 1) * (m // 2)
        x = [((start + k) % (m - 1)) + 1 for k in range(m - 1)]
        first = Pair(m, x[0]) if r % 2 == 0 else Pair(x[0], m)
        pairs = [first] + [Pair(x[k], x[m - 1 - k]) for k in range(1, m // 2)]
        bye = None
        if m != n:  # odd field: the dummy m is the bye
            pairs = pairs[1:]
            bye = x[0]
        rounds.append(RoundPairing(r, tuple(pairs), bye))
    return rounds


def schedule(n: int, *, double: bool = False, swap_last: bool = True, **_: object) -> list[RoundPairing]:
    """The Berger schedule for ``n`` players; ``double`` adds the reversed second cycle.

    >>> len(schedule(10)), len(schedule(9)), len(schedule(10, double=True))
    (9, 9, 18)
    >>> [(p.white, p.black) for p in schedule(6, double=True)[5].pairs]
    [(6, 1), (5, 2), (4, 3)]
    """
    roundrobin.check_size(n, cycles=2 if double else 1)
    base = single_cycle(n)
    if not double:
        return base
    first = list(base)
    if swap_last and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [
        RoundPairing(0, tuple(Pair(p.black, p.white) for p in r.pairs), r.bye) for r in base
    ]
    return [
        RoundPairing(i, r.pairs, r.bye) for i, r in enumerate(first + second, 1)
    ]


def _colour_why(m: int, cycle: int, double: bool):
    def why(p: Pair, rnd: int) -> str:
        second = double and rnd > cycle
        head = f"Berger colour rule ({ARTICLE})"
        if m in p.players:
            other = next(iter(p.players - {m}))
            # In the table, the last player meets ``other`` in a round of parity (other > m/2 → even).
            rule = f"the last player {m} is White against numbers above {m // 2} (Black in odd rounds), so {other} has {'Black' if other > m // 2 else 'White'}"
        else:
            a, b = sorted(p.players)
            s = a + b
            rule = f"sum {s} {'odd → smaller' if s % 2 else 'even → larger'} number White"
        if second:
            return f"{head}: {rule}; second cycle reverses the colours"
        return f"{head}: {rule}"

    return why


def _pair_why(m: int, rnd: int, cycle_rnd: int) -> str:
    where = f"round {rnd}" if rnd == cycle_rnd else f"round {rnd} (table round {cycle_rnd})"
    return (
        f"Berger table ({ARTICLE}) {where}: the opponent of i is ((R − i) mod {m - 1}) + 1, "
        f"or {m} when that is i"
    )


def _table_round(rnd: int, cycle: int, double: bool, swap_last: bool) -> int:
    r = (rnd - 1) % cycle + 1
    if double and swap_last and rnd <= cycle and cycle >= 2:
        if r == cycle:
            return cycle - 1
        if r == cycle - 1:
            return cycle
    return r


class BergerSystem(FixedSystem):
    """The Berger round robin as a :class:`~pairchk.system.System` (single or double cycle).

    Single or double cycle is decided by the number of rounds (declared, else recorded); for a
    double round robin the FIDE-recommended variant (last two rounds of cycle 1 swapped) and the
    plain one are both accepted and the notes say which one the file follows. When the start
    numbers are not the Berger numbers, the numbering under which the file is a Berger table is
    searched for and the rounds are read in Berger numbers.
    """

    name = NAME
    title = "Berger round robin (C.05 Annex 1)"
    codes: tuple[str, ...] = ("FIDE_ROUNDROBIN", "FIDE_DOUBLEROUNDROBIN", "BERGER_ROUNDROBIN", "BERGER_ROUNDROBIN_G1",
             "BERGER_DOUBLEROUNDROBIN", "CUSTOM_ROUNDROBIN", "OTHER_ROUNDROBIN")
    article = ARTICLE

    def plan(self, t: Tournament):
        n = len(t.players)
        numbers = sorted(p.number for p in t.players)
        if n < 2 or numbers != list(range(1, n + 1)):
            return (), (f"start numbers are not 1..{n} ({numbers[:5]}...); cannot map them to a "
                        "Berger table",)
        notes: list[str] = []
        m = table_size(n)
        cycle = m - 1
        rounds = t.rounds or t.played_rounds
        double = rounds > cycle
        if rounds not in (cycle, 2 * cycle):
            notes.append(f"{rounds} rounds for {n} players: a single round robin has {cycle}, a "
                         f"double one {2 * cycle}; checked as {'double' if double else 'single'}")
        best = None
        for swap in ([True, False] if double else [True]):
            table = schedule(n, double=double, swap_last=swap)
            pubs = roundrobin.published_rounds(t, table)
            score = sum(roundrobin.as_scheduled(p, table[p.round - 1]) for p in pubs)
            if best is None or score > best[0]:
                best = (score, swap, table, pubs)
        assert best is not None
        score, swap, table, pubs = best
        if any(not _same_games(p, table[p.round - 1]) for p in pubs):
            found = roundrobin.find_numbering(t, table)
            if found is not None and found[1] == len(pubs) and found[0] != {x: x for x in numbers}:
                numbering = found[0]
                pubs = roundrobin.published_rounds(t, table, numbering)
                score = sum(roundrobin.as_scheduled(p, table[p.round - 1]) for p in pubs)
                shown = ", ".join(f"{k}→{v}" for k, v in sorted(numbering.items()))
                notes.append(
                    f"the start numbers are not the Berger numbers; the file is a Berger table "
                    f"under the numbering (start number → Berger number) {shown}; rounds are "
                    f"reported in Berger numbers")
            else:
                near = f" (at best {found[1]} of {len(pubs)} rounds match)" if found else ""
                notes.append(f"no numbering of the players makes every round a Berger round{near}")
        if double and score * 2 < len(pubs):
            notes.append("double round robin; the file follows neither variant in most rounds")
        elif double:
            notes.append(
                "double round robin, "
                + ("FIDE-recommended variant: last two rounds of the first cycle swapped, second "
                   "cycle in table order with colours reversed" if swap
                   else "plain variant: both cycles in table order, second cycle with colours "
                        "reversed"))
        colour = _colour_why(m, cycle, double)
        return states_from([
            dict(round=p.round, published=p, scheduled=table[p.round - 1], cycle=cycle,
                 pair_rule=_pair_why(m, p.round, _table_round(p.round, cycle, double, swap)),
                 colour_rule=partial(colour, rnd=p.round))
            for p in pubs], notes)


def _same_games(pub: RoundPairing, expected: RoundPairing) -> bool:
    exp = {p.players for p in expected.pairs}
    return all(p.players in exp for p in pub.pairs) and (pub.bye in (None, expected.bye))


SYSTEM = BergerSystem()


def render(rounds: list[RoundPairing]) -> str:
    """The schedule as text, one round per line like the source's tables (``1-10  2-9 ...``)."""
    lines = []
    for r in rounds:
        games = "  ".join(f"{p.white:>2}-{p.black:<2}" for p in r.pairs)
        bye = f"  bye: {r.bye}" if r.bye is not None else ""
        lines.append(f"Round {r.round:>2}:  {games}{bye}".rstrip())
    return "\n".join(lines) + "\n"
