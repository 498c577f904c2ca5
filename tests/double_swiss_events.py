"""Test helper: Double-Swiss events (C.04.5) played round by round with pairchk's engine, with
random game results, single-game and whole-match forfeits, requested byes and withdrawals."""

from __future__ import annotations

import random

from pairchk.model import (Color, Kind, Player, RoundEntry, ScoreSystem, Status, Tournament,
                           match_entry, match_scoring)
from pairchk.systems import get

GAME = {"1": (Kind.WIN, Kind.LOSS), "=": (Kind.DRAW, Kind.DRAW), "0": (Kind.LOSS, Kind.WIN),
        "+": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
        "--": (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS)}


def field(n: int, rounds: int) -> Tournament:
    return Tournament(name="Double-Swiss", rounds=rounds, system="FIDE_DOUBLESWISS",
                      initial_color=Color.WHITE, games_per_round=2,
                      scoring=match_scoring(ScoreSystem()),
                      players=tuple(Player(i, f"Spieler {i:02d}", rating=2400 - 10 * i)
                                    for i in range(1, n + 1)))


def match(white: int, black: int, codes: tuple[str, str]) -> dict[int, RoundEntry]:
    """The two match entries of ``white`` (White in game 1) and ``black`` from the game
    results seen from White (``"1"``, ``"="``, ``"0"``, ``"+"``, ``"-"``, ``"--"``)."""
    gw, gb = [], []
    for i, code in enumerate(codes):
        cw = Color.WHITE if i % 2 == 0 else Color.BLACK
        kw, kb = GAME[code]
        gw.append(RoundEntry(kw, black, cw))
        gb.append(RoundEntry(kb, white, cw.opposite))
    return {white: match_entry(black, tuple(gw), tuple(gb)),
            black: match_entry(white, tuple(gb), tuple(gw))}


def _codes(rng: random.Random, forfeits: float) -> tuple[str, str]:
    x = rng.random()
    if x < forfeits / 2:  # a whole match forfeited (one side, rarely both)
        side = rng.choice(["+", "-", "--"] if rng.random() < 0.2 else ["+", "-"])
        return side, side
    out = []
    for _ in range(2):
        if rng.random() < forfeits / 2:
            out.append(rng.choice("+-"))
        else:
            out.append(rng.choices("1=0", weights=(4, 3, 4))[0])
    return out[0], out[1]


def play(t: Tournament, rounds: int, rng: random.Random, *, byes: float = 0.05,
         forfeits: float = 0.06, withdraw: float = 0.02) -> Tournament:
    """``t`` with rounds ``played+1 .. rounds`` paired by the Double-Swiss engine."""
    system = get("double-swiss")
    for rnd in range(t.played_rounds + 1, rounds + 1):
        pending: dict[int, RoundEntry] = {}
        status = {p.number: p.status for p in t.players}
        for p in t.players:
            if p.status is Status.WITHDRAWN:
                continue
            if rnd > 1 and rng.random() < withdraw:
                status[p.number] = Status.WITHDRAWN
            elif rng.random() < byes:
                pending[p.number] = RoundEntry(rng.choice([Kind.HALF_BYE, Kind.ZERO_BYE,
                                                           Kind.FULL_BYE]))
        t = t.replace(players=tuple(
            p.replace(status=status[p.number],
                      entries=p.entries + ((pending[p.number],) if p.number in pending else ()))
            for p in t.players))
        st = system.state(t, rnd, edition="2026")
        pairing = system.pair(st)
        new = dict(pending)
        for pr in pairing.pairs:
            new.update(match(pr.white, pr.black, _codes(rng, forfeits)))
        if pairing.bye is not None:
            new[pairing.bye] = RoundEntry(Kind.PAB)
        t = t.replace(players=tuple(
            p.replace(entries=p.entries[: rnd - 1] + (new.get(p.number, RoundEntry(Kind.NOT_PAIRED)),))
            for p in t.players))
    return t
