"""Accelerated pairings: virtual points added to the pairing score (C.04.7, Baku method).

:func:`baku_acceleration` computes the virtual points when a file declares the Baku method
(TRF26 192 ``..._BAKU``) but carries no 250/XXA records; :func:`accelerations` picks the
file's own records first.

>>> from pairchk.model import Tournament, Player
>>> t = Tournament(rounds=9, system="FIDE_DUTCH_2026_BAKU", players=tuple(Player(n) for n in range(1, 11)))
>>> [str(a.for_round(r)) for r in (1, 3, 4, 5, 6)] if (a := baku_acceleration(t)[0]) else None
['1', '1', '0.5', '0.5', '0']
>>> len(baku_acceleration(t))  # GA = 2 * ceil(10 / 4) = 6
6
"""

from __future__ import annotations

from decimal import Decimal
from math import ceil

from .model import Acceleration, Tournament


def is_baku(t: Tournament) -> bool:
    """True when the file declares the Baku acceleration (TRF26 192 code or 092 text)."""
    return "BAKU" in t.system.upper() or "baku" in t.system_text.lower()


def baku_acceleration(t: Tournament) -> tuple[Acceleration, ...]:
    """Virtual points of the Baku acceleration, C.04.7 (2026) art. 1 (formerly C.04.5.1).

    GA = the first half of the players in initial order rounded up to an even number,
    2 * ceil(N / 4) (161 players -> 82). Accelerated rounds = first ceil(R / 2); in the first
    ceil(accelerated / 2) of them GA players get the points of a win, in the others half of it.
    GB players and later rounds get nothing.

    Note: this follows the rule text. One endorsed engine (bbpPairings' builtin Baku) uses a
    group of ceil(N / 2) instead; files produced with it carry their own 250/XXA records, which
    :func:`accelerations` prefers, so such files still check correctly.
    """
    n = len(t.players)
    rounds = t.rounds or t.played_rounds
    if n == 0 or rounds <= 0:
        return ()
    ga = 2 * ceil(n / 4)
    acc_rounds = ceil(rounds / 2)
    full = ceil(acc_rounds / 2)
    win = t.scoring.win
    pts = tuple(win if r <= full else win / 2 for r in range(1, acc_rounds + 1))
    pts = tuple(Decimal(p) for p in pts)
    return tuple(Acceleration(p.number, pts) for p in t.players[:ga])


def accelerations(t: Tournament) -> tuple[Acceleration, ...]:
    """The virtual points to use: the file's 250/XXA records, else computed Baku points when
    the file declares the Baku method, else none."""
    if t.acceleration:
        return t.acceleration
    if is_baku(t):
        return baku_acceleration(t)
    return ()


__all__ = ["baku_acceleration", "accelerations", "is_baku"]
