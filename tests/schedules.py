"""A tournament whose games follow a schedule: input for the round-robin checkers' tests."""

from __future__ import annotations

from pairchk.model import Color, Kind, Player, RoundEntry, Tournament
from pairchk.pairing import RoundPairing


def played(sched: list[RoundPairing], n: int, *, white: Kind = Kind.DRAW, black: Kind = Kind.DRAW,
           bye: Kind = Kind.ZERO_BYE, declare_rounds: bool = True) -> Tournament:
    """Players 1..n meet as ``sched`` says; every game ends ``white``/``black``, a bye is ``bye``."""
    entries: dict[int, list[RoundEntry]] = {p: [] for p in range(1, n + 1)}
    for r in sched:
        for p in r.pairs:
            entries[p.white].append(RoundEntry(white, p.black, Color.WHITE))
            entries[p.black].append(RoundEntry(black, p.white, Color.BLACK))
        if r.bye:
            entries[r.bye].append(RoundEntry(bye))
    players = tuple(Player(p, entries=tuple(e)) for p, e in entries.items())
    return Tournament(rounds=len(sched) if declare_rounds else None, players=players)
