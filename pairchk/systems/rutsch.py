"""Rutschsystem (sliding round robin), as defined by the seating of the project's source text.

Seating (source text, "Rutschsystem"): player 1 sits at one end of a long table, 2, 3, … beside
him along one side and back along the other, so that ``N−1`` faces 2 and the last player ``N``
faces 1 (``N`` even; with an odd field the seat opposite 1 stays empty and whoever sits on 1's
starting seat has the bye). After every round everybody except ``N`` slides one seat on; ``N``
stays and turns his board every round; all other boards stay put, set up so that colours
alternate along a side.

We slide in the direction that makes the source's formula true: in round ``R`` player ``p``
meets ``2R − p`` (± ``N − 1`` until it lies in 1..N−1), and ``N`` instead of himself.

Colours come from the seating, not from the source's arithmetic rule ("difference, or
difference + 1, divisible by 4 → the higher number has White"): board 1 (1 against ``N``) has
White on 1's side in round 1 because ``N`` "has White against all even numbers" and so Black
against 1; the other boards alternate from there along the side. The arithmetic rule agrees
with this seating for N = 6, 10, 14, … and disagrees for N = 4, 8, 12, …, where following it
would give some players one colour three times in a row (no seating produces its colours).

Board numbering: board ``k`` is the ``k``-th seat pair counted from player 1's end.

>>> [(p.white, p.black) for p in schedule(6)[1].pairs]
[(6, 2), (1, 3), (4, 5)]
>>> schedule(5)[0].bye
1
"""

from __future__ import annotations

from functools import partial

from ..model import Tournament
from ..pairing import Pair, RoundPairing
from . import roundrobin
from .fixed import FixedSystem, states_from
from .roundrobin import table_size

NAME = "rutsch"
SOURCE = "Rutschsystem (source text)"


def opponent(p: int, rnd: int, n_seats: int) -> int:
    """The source's formula: ``2R − p`` brought into 1..N−1, and ``N`` instead of oneself.

    >>> opponent(1, 1, 10), opponent(2, 1, 10), opponent(1, 2, 10), opponent(10, 3, 10)
    (10, 9, 3, 3)
    """
    k = n_seats - 1
    if p == n_seats:
        # N meets the player whose own formula value is himself: 2R ≡ 2p → p ≡ R
        return (rnd - 1) % k + 1
    q = (2 * rnd - p - 1) % k + 1
    return n_seats if q == p else q


def seat_of(p: int, rnd: int, n_seats: int) -> tuple[int, str]:
    """(board, side) where ``p`` sits in round ``rnd``; side "A" is player 1's starting side.

    >>> seat_of(1, 1, 10), seat_of(9, 1, 10), seat_of(10, 5, 10), seat_of(2, 2, 10)
    ((1, 'A'), (2, 'B'), (1, 'B'), (1, 'A'))
    """
    half = n_seats // 2
    if p == n_seats:
        return 1, "B"
    # cycle position: A1..A_half are 0..half-1, then B_half..B2 are half..N-2
    i = (p - rnd) % (n_seats - 1)
    if i < half:
        return i + 1, "A"
    return n_seats - i, "B"


def side_a_white(board: int, rnd: int) -> bool:
    """Whether side A has White on ``board`` in round ``rnd``.

    Board 1 is turned every round (side A White in odd rounds); the other boards stay put and
    alternate along the side starting from board 1's round-1 setting (board 2 Black on side A).
    """
    if board == 1:
        return rnd % 2 == 1
    return board % 2 == 1


def schedule(n: int, **_: object) -> list[RoundPairing]:
    """The Rutschsystem schedule for ``n`` players, boards from player 1's end.

    >>> [(p.white, p.black) for p in schedule(4)[0].pairs]
    [(1, 4), (3, 2)]
    """
    roundrobin.check_size(n)
    N = table_size(n)
    rounds = []
    for rnd in range(1, N):
        seats: dict[tuple[int, str], int] = {}
        for p in range(1, N + 1):
            seats[seat_of(p, rnd, N)] = p
        pairs = []
        bye = None
        for board in range(1, N // 2 + 1):
            a, b = seats[(board, "A")], seats[(board, "B")]
            if n != N and N in (a, b):
                bye = a if b == N else b
                continue
            pairs.append(Pair(a, b) if side_a_white(board, rnd) else Pair(b, a))
        rounds.append(RoundPairing(rnd, tuple(pairs), bye))
    return rounds


def text_colour_rule(i: int, j: int, n_seats: int) -> int:
    """Who has White by the source's arithmetic rule (not used for the schedule; see module doc).

    "Ist die Differenz der Startnummern oder die Summe dieser Differenz und eins durch 4 teilbar,
    so hat der Spieler mit der höheren Startnummer Weiß, ansonsten Schwarz. Die Nummer n hat Weiß
    gegen alle Spieler mit gerader Startnummer, ansonsten Schwarz."

    >>> text_colour_rule(1, 5, 10), text_colour_rule(10, 4, 10), text_colour_rule(10, 3, 10)
    (5, 10, 3)
    """
    if n_seats in (i, j):
        other = j if i == n_seats else i
        return n_seats if other % 2 == 0 else other
    lo, hi = sorted((i, j))
    d = hi - lo
    return hi if d % 4 == 0 or (d + 1) % 4 == 0 else lo


def _colour_why(N: int):
    def why(p: Pair, rnd: int) -> str:
        board, side = seat_of(p.white, rnd, N)
        if board == 1:
            return (
                f"{SOURCE}: board 1 is turned every round by the last player {N}, who has White "
                f"against even numbers"
            )
        return (
            f"{SOURCE}: boards other than 1 stay put and alternate colours along a side; "
            f"in round {rnd} {p.white} sits on the White side of board {board}"
        )

    return why


class RutschSystem(FixedSystem):
    """The Rutschsystem as a :class:`~pairchk.system.System`: the file's rounds against the
    seating (start numbers must be the seat numbers 1..n)."""

    name = NAME
    title = "Rutschsystem (sliding round robin of the source text)"
    codes = ()  # TRF26 has no code for it
    article = SOURCE

    def plan(self, t: Tournament):
        n = len(t.players)
        numbers = sorted(p.number for p in t.players)
        if n < 2 or numbers != list(range(1, n + 1)):
            return (), (f"start numbers are not 1..{n}; cannot map them to the seating",)
        N = table_size(n)
        table = schedule(n)
        why = f"{SOURCE}: in round R player p meets 2R − p (± {N - 1}), and {N} instead of himself"
        notes = []
        if N % 4 == 0:
            notes.append(f"colours follow the seating; for {N} seats the source's arithmetic colour "
                         "rule differs from the seating in some games")
        colour = _colour_why(N)
        return states_from([
            dict(round=p.round, published=p, scheduled=table[p.round - 1], cycle=len(table),
                 pair_rule=why, colour_rule=partial(colour, rnd=p.round))
            for p in roundrobin.published_rounds(t, table)], notes)


SYSTEM = RutschSystem()
