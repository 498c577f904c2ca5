"""Test helper: play a tournament round by round with a pairing engine (no oracle needed).

Results follow the starting order (the lower number wins) unless ``rng`` is given, then
they are drawn with a fixed draw share; every round is paired by the engine under test.
"""

from __future__ import annotations

from typing import Any

import random
from decimal import Decimal

from pairchk.check import checker
from pairchk.model import Color, Kind, Player, RoundEntry, ScoreSystem, Tournament


def field(n: int, rounds: int, **kw) -> Tournament:
    return Tournament(rounds=rounds, initial_color=Color.WHITE, players=tuple(
        Player(i, name=f"Spieler {i:02d}", rating=2400 - 10 * i) for i in range(1, n + 1)), **kw)


def result(a: int, b: int, rng: random.Random | None) -> tuple[Kind, Kind]:
    if rng is None:
        return (Kind.WIN, Kind.LOSS) if a < b else (Kind.LOSS, Kind.WIN)
    x = rng.random()
    if x < 0.25:
        return Kind.DRAW, Kind.DRAW
    stronger_wins = x < 0.8
    return (Kind.WIN, Kind.LOSS) if (a < b) == stronger_wins else (Kind.LOSS, Kind.WIN)


def play(t: Tournament, engine: Any, rounds: int, *,
         rng: random.Random | None = None, edition: str | None = None) -> Tournament:
    """``t`` with rounds ``played+1 .. rounds`` paired by the System ``engine`` and results added."""
    for rnd in range(t.played_rounds + 1, rounds + 1):
        pairing = checker.pair(t, system=engine, edition=edition, round=rnd).pairing
        new: dict[int, RoundEntry] = {}
        for p in pairing.pairs:
            kw, kb = result(p.white, p.black, rng)
            new[p.white] = RoundEntry(kw, p.black, Color.WHITE)
            new[p.black] = RoundEntry(kb, p.white, Color.BLACK)
        if pairing.bye is not None:
            new[pairing.bye] = RoundEntry(Kind.PAB)
        t = t.replace(players=tuple(
            p.replace(entries=p.entries + (new.get(p.number, RoundEntry(Kind.ZERO_BYE)),))
            for p in t.players))
    return t


def swap_opponents(t: Tournament, rnd: int, a: int, b: int) -> Tournament:
    """``t`` with the opponents of ``a`` and ``b`` in round ``rnd`` exchanged (results kept)."""
    ea, eb = t.player(a).entry(rnd), t.player(b).entry(rnd)
    oa, ob = ea.opponent, eb.opponent
    changes = {a: RoundEntry(ea.kind, ob, ea.color), b: RoundEntry(eb.kind, oa, eb.color)}
    for opp, new in ((oa, b), (ob, a)):
        e = t.player(opp).entry(rnd)
        changes[opp] = RoundEntry(e.kind, new, e.color)
    # keep results consistent with the new opponents' colours: recolour the new pairs
    players = []
    for p in t.players:
        if p.number in changes:
            entries = list(p.entries)
            entries[rnd - 1] = changes[p.number]
            p = p.replace(entries=tuple(entries))
        players.append(p)
    return t.replace(players=tuple(players))


HALF_BYE = ScoreSystem(pab=Decimal("0.5"))
