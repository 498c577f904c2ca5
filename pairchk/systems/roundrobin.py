"""Shared reading of fixed-schedule round robins (Berger, Rutschsystem) from a file.

A fixed-schedule system has no choice: every round is known before the event starts. These
helpers read the file's rounds in the table's numbering (finding that numbering when the file
uses other start numbers); the checker compares them with the table (see
:mod:`pairchk.systems.fixed`).
"""

from __future__ import annotations

from typing import Sequence

from ..model import Tournament
from ..pairing import Pair, RoundPairing, published_pairing

MAX_ROUNDS = 999  # as many rounds as any tournament file can hold (TRF record 142: three digits)


def check_size(n: int, *, cycles: int = 1, what: str = "a round robin", unit: str = "players") -> None:
    """Refuse a table longer than a file can hold before building it.

    >>> check_size(1001)
    Traceback (most recent call last):
    ...
    pairchk.errors.PairchkError: a round robin of 1001 players has 1001 rounds; at most 999 can be scheduled (1000 players, 500 in a double round robin)
    """
    from ..errors import PairchkError

    if n < 2:
        raise PairchkError(f"{what} needs at least 2 {unit}, got {n}")
    rounds = cycles * (table_size(n) - 1)
    if rounds > MAX_ROUNDS:
        double = " in a double round robin" if cycles == 2 else ""
        raise PairchkError(f"{what} of {n} {unit} has {rounds} rounds{double}; at most"
                           f" {MAX_ROUNDS} can be scheduled ({MAX_ROUNDS + 1} {unit},"
                           f" {(MAX_ROUNDS + 1) // 2} in a double round robin)")


def table_size(n: int) -> int:
    """Seats of the table for ``n`` players: ``n`` rounded up to even (an odd field's extra seat
    is the bye), in the Berger tables and the Rutschsystem alike.

    >>> table_size(9), table_size(10)
    (10, 10)
    """
    return n + (n % 2)


def published_rounds(
    t: Tournament, table: Sequence[RoundPairing], numbering: dict[int, int] | None = None
) -> list[RoundPairing]:
    """The file's rounds (as many as the table has), in the table's numbering.

    Round robins record the rest day in many ways (U, F, Z, blank): when the table has a bye
    and exactly one player has no game, that player had the published bye.
    """
    pubs = []
    for rnd in range(1, min(t.played_rounds, len(table)) + 1):
        pub = published_pairing(t, rnd)
        if pub.bye is None and table[rnd - 1].bye is not None:
            idle = [p.number for p in t.players if p.entry(rnd).kind.is_bye]
            if len(idle) == 1:
                pub = RoundPairing(pub.round, pub.pairs, idle[0])
        pubs.append(renumber(pub, numbering) if numbering else pub)
    return pubs


def as_scheduled(pub: RoundPairing, expected: RoundPairing) -> bool:
    """True when ``pub`` has the table's games, colours and bye (unplayed games aside).

    >>> from pairchk.pairing import Pair, RoundPairing
    >>> as_scheduled(RoundPairing(1, (Pair(1, 4),)), RoundPairing(1, (Pair(1, 4), Pair(2, 3))))
    True
    """
    exp = {p.players: p for p in expected.pairs}
    for p in pub.pairs:
        e = exp.get(p.players)
        if e is None or (p.colored and e.white != p.white):
            return False
    return pub.bye is None or pub.bye == expected.bye


def _is_double(table: Sequence[RoundPairing]) -> bool:
    keys = [frozenset(p.players for p in r.pairs) for r in table]
    return len(table) % 2 == 0 and len(table) > 0 and set(keys[: len(table) // 2]) == set(keys[len(table) // 2 :])


def renumber(r: RoundPairing, numbering: dict[int, int]) -> RoundPairing:
    """``r`` with every player number mapped through ``numbering`` (unmapped numbers kept)."""
    def m(x: int) -> int:
        return numbering.get(x, x)

    pairs = tuple(Pair(m(p.white), m(p.black), p.colored) for p in r.pairs)
    return RoundPairing(r.round, pairs, None if r.bye is None else m(r.bye))


def find_numbering(
    t: Tournament, table: Sequence[RoundPairing]
) -> tuple[dict[int, int], int] | None:
    """The numbering (start number -> table number) under which most recorded rounds of ``t``
    have exactly the table's pairs (colours ignored), and how many rounds then match.

    The table's player 1 meets a different table number every round, so fixing who is 1 and
    following each recorded game through the table determines everyone else.
    """
    rounds = min(t.played_rounds, len(table))
    if rounds == 0:
        return None
    pubs = [published_pairing(t, r) for r in range(1, rounds + 1)]
    opp = [{x: next(iter(p.players - {x})) for p in table[r].pairs for x in p.players} for r in range(rounds)]
    byes = [table[r].bye for r in range(rounds)]
    numbers = [p.number for p in t.players]
    best: tuple[dict[int, int], int] | None = None
    for cand in numbers:
        num: dict[int, int] = {cand: 1}
        changed = True
        while changed:
            changed = False
            for r, pub in enumerate(pubs):
                for p in pub.pairs:
                    a, b = p.white, p.black
                    for x, y in ((a, b), (b, a)):
                        if x in num and y not in num and num[x] in opp[r]:
                            target = opp[r][num[x]]
                            if target not in num.values():
                                num[y] = target
                                changed = True
                table_bye = byes[r]
                if pub.bye is not None and pub.bye not in num and table_bye is not None:
                    if table_bye not in num.values():
                        num[pub.bye] = table_bye
                        changed = True
        if len(num) != len(numbers):
            continue
        good = sum(
            1
            for r, pub in enumerate(pubs)
            if {frozenset(num[x] for x in p.players) for p in pub.pairs}
            == {p.players for p in table[r].pairs}
        )
        if best is None or good > best[1]:
            best = (num, good)
    return best


def _dash(p: Pair) -> str:
    a, b = sorted(p.players)
    return f"{a}–{b}"
