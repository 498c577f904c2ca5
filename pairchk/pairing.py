"""A round's pairing as published in a file or produced by an engine, and round reports.

Shared by every system and the checker: engines return a :class:`RoundPairing`; the checker
extracts the published one with :func:`published_pairing` and compares.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(players=(
...     Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),)),
...     Player(3, entries=(RoundEntry(Kind.PAB),))))
>>> published_pairing(t, 1)
RoundPairing(round=1, pairs=(Pair(white=1, black=2, colored=True),), bye=3)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Color, Kind, Tournament


@dataclass(frozen=True)
class Pair:
    """Two players paired in a round. ``colored`` is False when the file gave no colours
    (e.g. a forfeit written ``153 - -``); then white/black is just the order found."""

    white: int
    black: int
    colored: bool = True

    @property
    def players(self) -> frozenset[int]:
        return frozenset((self.white, self.black))


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of one round: pairs in board order and the pairing-allocated bye."""

    round: int
    pairs: tuple[Pair, ...]
    bye: int | None = None

    def as_json(self) -> dict:
        return {
            "round": self.round,
            "pairs": [
                {"board": i, "white": p.white, "black": p.black}
                for i, p in enumerate(self.pairs, 1)
            ],
            "bye": self.bye,
        }


def published_pairing(t: Tournament, rnd: int) -> RoundPairing:
    """The pairing of round ``rnd`` as recorded in ``t``: games and forfeits, and the PAB.

    Players with a requested bye, an absence or no entry are not part of the pairing.
    Pairs are ordered by the smaller player number (files do not record boards).
    """
    seen: set[int] = set()
    pairs: list[Pair] = []
    bye = None
    numbers = {p.number for p in t.players}
    for p in t.players:
        e = p.entry(rnd)
        if e.kind is Kind.PAB:
            bye = p.number if bye is None else bye
            continue
        if not e.kind.has_opponent or e.opponent is None or p.number in seen:
            continue
        opp = e.opponent
        if opp not in numbers or opp == p.number:
            continue
        seen.add(p.number)
        seen.add(opp)
        if e.color is Color.WHITE:
            pairs.append(Pair(p.number, opp))
        elif e.color is Color.BLACK:
            pairs.append(Pair(opp, p.number))
        else:
            other = t.player(opp).entry(rnd)
            if other.color is Color.BLACK:
                pairs.append(Pair(p.number, opp))
            elif other.color is Color.WHITE:
                pairs.append(Pair(opp, p.number))
            else:
                pairs.append(Pair(p.number, opp, colored=False))
    return RoundPairing(rnd, tuple(pairs), bye)


@dataclass
class RoundReport:
    """The checker's verdict on one round.

    ``status`` is ``ok``, ``deviation`` (differs from the reference pairing), ``violation``
    (breaks an absolute rule) or ``unpairable`` (no legal pairing exists).
    """

    round: int
    status: str
    published: RoundPairing | None = None
    expected: RoundPairing | None = None
    differences: list[str] = field(default_factory=list)
    explanation: str = ""
    violations: list[str] = field(default_factory=list)
    details: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # e.g. a breach continuing from a past round
    verdict: str = ""  # breaks an absolute rule / legal but not prescribed / generation order
    where: str = ""  # the score bracket where published and reference first part
    who: list[str] = field(default_factory=list)  # who gains or loses what, by number and name
    rule: str = ""  # the deciding criterion's article and words, in one line


@dataclass
class CheckReport:
    """The checker's verdict on a whole file."""

    path: str
    system: str
    edition: str = ""
    edition_reason: str = ""
    rounds: list[RoundReport] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    system_reason: str = ""  # where the system comes from ("from the TRF26 192 code ...")
    not_checked: str = ""  # why the rounds were not re-paired (a system pairchk cannot pair)

    @property
    def ok(self) -> bool:
        """Every round checked and ok (a file that was not checked is not ok)."""
        return not self.not_checked and all(r.status == "ok" for r in self.rounds)

    @property
    def verdict(self) -> str:
        """``ok``, ``findings`` (a round deviates or breaks a rule) or ``not checked``."""
        if any(r.status != "ok" for r in self.rounds):
            return "findings"
        return "not checked" if self.not_checked else "ok"
