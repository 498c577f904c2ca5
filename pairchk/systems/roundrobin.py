"""Shared checking of fixed-schedule round robins (Berger, Rutschsystem) against a file.

A fixed-schedule system has no choice: every round is known before the event starts. The checker
therefore compares each published round with the schedule's round and says, per round, which
pairs, colours or bye differ and which rule of the schedule each difference breaks.

>>> from pairchk.pairing import Pair, RoundPairing
>>> table = [RoundPairing(1, (Pair(1, 4), Pair(2, 3)))]
>>> pub = RoundPairing(1, (Pair(1, 4), Pair(3, 2)))
>>> compare_round(pub, table[0], lambda p, r: "why").differences
['colour of 2–3 reversed: 2 has White in the schedule']
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..model import Tournament
from ..pairing import Pair, RoundPairing, RoundReport, published_pairing

# (expected pair, round) -> the rule that gives that pair its colours
ColourWhy = Callable[[Pair, int], str]


def table_size(n: int) -> int:
    """Seats of the table for ``n`` players: ``n`` rounded up to even (an odd field's extra seat
    is the bye), in the Berger tables and the Rutschsystem alike.

    >>> table_size(9), table_size(10)
    (10, 10)
    """
    return n + (n % 2)


def compare_round(
    published: RoundPairing,
    expected: RoundPairing,
    colour_why: ColourWhy,
    pair_why: str = "",
) -> RoundReport:
    """Compare one published round with the schedule's round.

    A scheduled game of which neither player has a game in the file (withdrawal, unplayed round)
    is listed in ``details["unplayed"]``, not as a deviation.
    """
    rnd = expected.round
    pub_by_set = {p.players: p for p in published.pairs}
    exp_by_set = {p.players: p for p in expected.pairs}
    partner_exp = {x: p for p in expected.pairs for x in p.players}
    differences: list[str] = []
    why: list[str] = []
    unplayed: list[str] = []
    for key, e in exp_by_set.items():
        p = pub_by_set.get(key)
        if p is None:
            continue
        if p.colored and p.white != e.white:
            differences.append(f"colour of {_dash(e)} reversed: {e.white} has White in the schedule")
            why.append(colour_why(e, rnd))
    missing = [e for k, e in exp_by_set.items() if k not in pub_by_set]
    extra = [p for k, p in pub_by_set.items() if k not in exp_by_set]
    paired = {x for p in published.pairs for x in p.players}
    for e in missing:
        if not e.players & paired:  # neither player has a game: withdrawn, forfeited or not yet played
            unplayed.append(f"{e.white}–{e.black} not played (no game in the file)")
    for p in extra:
        a, b = sorted(p.players)
        wants = []
        for x in (a, b):
            q = partner_exp.get(x)
            if q is None:
                wants.append(f"{x} has the bye" if expected.bye == x else f"{x} is not scheduled")
            else:
                other = next(iter(q.players - {x}))
                wants.append(f"{x} plays {other}")
        differences.append(f"{a}–{b} is not in the schedule: " + ", ".join(wants))
        if pair_why:
            why.append(pair_why)
    if expected.bye is not None and published.bye is not None and published.bye != expected.bye:
        differences.append(f"bye given to {published.bye}; the schedule gives it to {expected.bye}")
        if pair_why:
            why.append(pair_why)
    elif published.bye is not None and expected.bye is None:
        differences.append(f"bye given to {published.bye}; the schedule has no bye this round")
    status = "deviation" if differences else "ok"
    explanation = "; ".join(dict.fromkeys(w for w in why if w))
    report = RoundReport(rnd, status, published, expected, differences, explanation)
    if unplayed:
        report.details["unplayed"] = unplayed
    return report


def check_rounds(
    t: Tournament,
    table: Sequence[RoundPairing],
    colour_why: ColourWhy,
    pair_why: Callable[[int], str],
    numbering: dict[int, int] | None = None,
) -> list[RoundReport]:
    """Compare every recorded round of ``t`` with ``table``; ``numbering`` maps start numbers to
    schedule numbers when the file does not use the schedule's numbers."""
    reports = []
    rounds = min(t.played_rounds, len(table))
    cycle = len(table) // 2 if _is_double(table) else len(table)
    pubs = []
    for rnd in range(1, rounds + 1):
        pub = published_pairing(t, rnd)
        if pub.bye is None and table[rnd - 1].bye is not None:
            # Round robins record the rest day in many ways (U, F, Z, blank); when exactly one
            # player has no game, that is the published bye.
            idle = [p.number for p in t.players if p.entry(rnd).kind.is_bye]
            if len(idle) == 1:
                pub = RoundPairing(pub.round, pub.pairs, idle[0])
        pubs.append(renumber(pub, numbering) if numbering else pub)
    meetings: dict[frozenset[int], list[int]] = {}
    for pub in pubs:
        for p in pub.pairs:
            meetings.setdefault(p.players, []).append(pub.round)
    for pub in pubs:
        rnd = pub.round
        exp = table[rnd - 1]
        rep = compare_round(pub, exp, colour_why, pair_why(rnd))
        # A pair met twice in one cycle breaks the round robin itself. Blame the round whose
        # game is off the schedule, not the round where the schedule has that game.
        scheduled = {p.players for p in exp.pairs}
        for p in pub.pairs:
            if p.players in scheduled:
                continue
            others = [
                r for r in meetings[p.players]
                if r != rnd and (r - 1) // cycle == (rnd - 1) // cycle
            ]
            if others:
                rep.violations.append(
                    f"{_dash(p)} also meet in round {others[0]} (each pair meets once per cycle)"
                )
        seen: set[int] = set()
        for p in pub.pairs:
            for x in p.players:
                if x in seen:
                    rep.violations.append(f"{x} is paired twice in round {rnd}")
                seen.add(x)
        if rep.violations:
            rep.status = "violation"
        reports.append(rep)
    return reports


def _is_double(table: Sequence[RoundPairing]) -> bool:
    keys = [frozenset(p.players for p in r.pairs) for r in table]
    return len(table) % 2 == 0 and len(table) > 0 and set(keys[: len(table) // 2]) == set(keys[len(table) // 2 :])


def renumber(r: RoundPairing, numbering: dict[int, int]) -> RoundPairing:
    """``r`` with every player number mapped through ``numbering`` (unmapped numbers kept)."""
    m = lambda x: numbering.get(x, x)  # noqa: E731
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
                if pub.bye is not None and pub.bye not in num and byes[r] is not None:
                    if byes[r] not in num.values():
                        num[pub.bye] = byes[r]
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
