"""The FIDE Double-Swiss System (C.04.5) as a :class:`pairchk.system.System`.

The round (art. 3.3.2): the PAB first (3.4), then, while players are left, the top scoregroup
(3.2) with the set of upfloaters of 3.5 is paired as a bracket in the order of 3.6; colours
last, pair by pair (art. 4). The procedure is shared with C.04.6 (:mod:`.rules` says why).

>>> SYSTEM.name, SYSTEM.codes[0], [c.key for c in SYSTEM.criteria("2026")][-2:]
('double-swiss', 'FIDE_DOUBLESWISS', ['C7', 'C8'])
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Color, Tournament
from ...pairing import Pair, RoundPairing, published_pairing
from ...system import Citations, Criterion, UnpairableError, Violation, single_edition
from ..team import swiss as procedure
from .rules import CRITERIA, Quality, TeamRoundState, allocate, round_state


def pair(st: TeamRoundState) -> RoundPairing:
    """The round-pairing of C.04.5 art. 3.3.2, colours by art. 4, in board order."""
    try:
        bye = procedure.choose_pab(st)
    except UnpairableError:
        raise UnpairableError("no player can receive the pairing-allocated bye and leave the "
                              "others pairable (C.04.5 art. 3.4.1, [C2]); the Chief Arbiter "
                              "decides (art. 3.3.3)") from None
    remaining = [n for n in st.to_pair if n != bye]
    pairs: list[tuple[int, int]] = []
    while remaining:
        top = max(st.teams[n].score for n in remaining)
        try:
            ups = procedure.choose_upfloaters(st, remaining)
        except UnpairableError:
            raise UnpairableError(f"the top scoregroup of score {top} cannot be completed with "
                                  "upfloaters (C.04.5 art. 3.5, [C3]); the Chief Arbiter "
                                  "decides (art. 3.3.3)") from None
        bracket = [n for n in remaining if st.teams[n].score == top] + list(ups)
        pairs += procedure.pair_bracket(st, bracket, frozenset(ups))
        remaining = [n for n in remaining if n not in bracket]
    coloured = [Pair(*allocate(st, a, b)) for a, b in pairs]
    return RoundPairing(st.round, tuple(sorted(coloured, key=lambda p: _board(st, p))), bye)


def _board(st: TeamRoundState, p: Pair) -> tuple:
    a, b = st.teams[p.white], st.teams[p.black]
    return (-max(a.score, b.score), -(a.score + b.score), min(p.white, p.black))


def evaluate(st: TeamRoundState, pairing: RoundPairing, *,
             against: RoundPairing | None = None) -> Quality:
    """The quality record of ``pairing``, read bracket by bracket as art. 3.3.2 builds it
    (with ``against``: the first bracket in which the two pairings part). [C8] of C.04.5 is
    the count C.04.6 calls [C10]; C.04.5 has no colour criteria."""
    q = procedure.evaluate(st, pairing, against=against)
    return Quality(q.PAB, q.C4, q.C5, q.C6, q.C7, q.C10)


def violations(st: TeamRoundState, pairing: RoundPairing) -> list[Violation]:
    """Breaches of [C1] and [C2] (and of the file's prohibited pairings)."""
    out = []
    for p in pairing.pairs:
        a, b = p.white, p.black
        if a in st.teams and b in st.teams[a].opponents:
            out.append(Violation(CRITERIA[0].article, f"{_name(st, a)} and {_name(st, b)} "
                                 "have already played a match", (a, b), st.round))
        elif frozenset((a, b)) in st.forbidden:
            out.append(Violation("competition rules: prohibited pairing (TRF26 260)",
                                 f"{_name(st, a)} and {_name(st, b)} may not be paired in "
                                 "this round (a prohibited pairing of the file)", (a, b),
                                 st.round))
    bye = pairing.bye
    if bye is not None and bye in st.teams and st.teams[bye].pab_barred:
        out.append(Violation(CRITERIA[1].article, f"{_name(st, bye)} received the "
                             "pairing-allocated bye after a PAB, a match won by forfeit or a "
                             "full-point bye", (bye,), st.round))
    return out


def colour_note(st: TeamRoundState, n: int) -> str:
    """What art. 4 reads of player ``n``: the Whites of its matches (1.6: a match gives its
    first game's colour only when a game was played) and its last colour.

    >>> from decimal import Decimal
    >>> from pairchk.model import Color
    >>> from pairchk.systems.team.swiss import TeamState
    >>> W, B = Color.WHITE, Color.BLACK
    >>> u = TeamState(5, "", Decimal(2), Decimal(0), frozenset(), (W, B, W), False, 3, False,
    ...               Color.NONE, False)
    >>> st = TeamRoundState(4, 9, {5: u}, (5,), None, W, frozenset(), False)
    >>> colour_note(st, 5)
    '5 had White in 2 of 3 matches, last White'
    """
    if n not in st.teams:
        return ""
    cs = st.teams[n].colours
    if not cs:
        return f"{n} has no match with a colour yet"
    last = "White" if cs[-1] is Color.WHITE else "Black"
    return f"{n} had White in {cs.count(Color.WHITE)} of {len(cs)} matches, last {last}"


def _name(st: TeamRoundState, n: int) -> str:
    return f"{n} {st.teams[n].name}".strip() if n in st.teams else str(n)


@dataclass(frozen=True)
class DoubleSwissSystem:
    """C.04.5 through the System contract (:mod:`pairchk.system`)."""

    name: str = "double-swiss"
    title: str = "FIDE Double-Swiss System (C.04.5)"
    codes: tuple[str, ...] = ("FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_BAKU")
    editions: tuple[str, ...] = ("2026",)
    fixed: bool = False
    teams: bool = False
    games_per_round: int = 2  # every pairing is a match of two games (Preface)

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        return single_edition(self, "Double-Swiss", t, override)

    def criteria(self, edition: str) -> tuple[Criterion, ...]:
        return CRITERIA

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        return published_pairing(t, rnd)

    def state(self, t: Tournament, rnd: int, *, edition: str) -> TeamRoundState:
        return round_state(t, rnd)

    def pair(self, state: TeamRoundState) -> RoundPairing:
        return pair(state)

    def evaluate(self, state: TeamRoundState, pairing: RoundPairing, *,
                 against: RoundPairing | None = None) -> Quality:
        return evaluate(state, pairing, against=against)

    def violations(self, state: TeamRoundState, pairing: RoundPairing) -> list[Violation]:
        return violations(state, pairing)

    def colour_note(self, state: TeamRoundState, number: int) -> str:
        return colour_note(state, number)

    def citations(self, edition: str) -> Citations:
        """The articles explanations cite.

        >>> SYSTEM.citations("2026").generation_order
        'C.04.5 art. 3.5.3-3.5.5 and 3.6 (2026)'
        """
        return Citations("C.04.5 art. 4.3 (2026)", "C.04.5 art. 3.5.3-3.5.5 and 3.6 (2026)",
                         "art. 4.3.1")


SYSTEM = DoubleSwissSystem()

__all__ = ["SYSTEM", "pair", "evaluate", "violations"]
