"""What every fixed-schedule system shares: its state, its quality record and its absolute rules.

A fixed schedule (Berger, Rutsch, travel-partner, knockout) has no choice: each round is known
before it is played (or, for a knockout, once the previous round's winners are known). Such a
system is a :class:`FixedSystem` (``fixed=True``) whose ``state(t, rnd)`` is a
:class:`ScheduleState`: the file's round and the scheduled round *in the schedule's own
numbering* (a Berger file may use other start numbers; a knockout file has one column per game,
its rounds are matches), the rules that fix the round's opponents and colours, and file-level
notes (which variant the file follows). The checker compares ``published`` with ``pair(state)``
and words each difference; :meth:`FixedSystem.evaluate` counts them per rule
(:class:`ScheduleQuality`), :meth:`FixedSystem.violations` lists the breaches of the schedule's
absolute rules (a pair meeting twice in a cycle, a player paired twice, and what the system
found in the file's round, e.g. a knockout match without a winner).

Subclasses provide :meth:`FixedSystem.plan`: the whole file read once against the schedule.

>>> from pairchk.pairing import Pair, RoundPairing
>>> st = ScheduleState(1, 1, RoundPairing(1, (Pair(3, 2),)), RoundPairing(1, (Pair(2, 3),)))
>>> evaluate_schedule(st, st.published)
ScheduleQuality(S1=0, S2=0, S3=1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import UnknownEditionError
from ..model import Tournament
from ..pairing import Pair, RoundPairing
from ..system import Criterion, Violation


def _no_rule(pair: Pair) -> str:
    return ""


@dataclass(frozen=True)
class ScheduleState:
    """A round of a fixed schedule as the file has it and as the schedule fixes it.

    ``rounds`` is how many rounds of the file can be checked (the same in every state of a
    file), ``others`` the file's other rounds (for the meet-once rule), ``cycle`` the rounds
    per cycle, ``pair_rule`` the rule giving this round's opponents, ``colour_rule(pair)`` the
    rule giving a scheduled pair its colours, ``colour_word`` what "White" means in this
    schedule (team matches: White on the even boards), ``found`` breaches the system found in
    the file's round, ``details`` data for the report, ``notes`` file-level remarks.
    """

    round: int
    rounds: int
    published: RoundPairing
    scheduled: RoundPairing
    others: tuple[RoundPairing, ...] = ()
    cycle: int = 0
    pair_rule: str = ""
    colour_rule: Callable[[Pair], str] = _no_rule
    colour_word: str = "White"
    found: tuple[Violation, ...] = ()
    details: dict = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScheduleQuality:
    """How far a round is from the schedule, rule by rule (lower is better)."""

    S1: int  # games not in the schedule
    S2: int  # a bye where the schedule has none or another one
    S3: int  # scheduled games with the colours reversed


def schedule_criteria(article: str) -> tuple[Criterion, ...]:
    """The criteria of a fixed schedule whose rule text is ``article``.

    >>> schedule_criteria("C.05 Annex 1")[0].label
    'S1 games not in the schedule'
    """
    return (
        Criterion("S1", article, "games not in the schedule"),
        Criterion("S2", article, "byes not as scheduled"),
        Criterion("S3", article, "games with colours other than the schedule's"),
    )


def evaluate_schedule(state: ScheduleState, pairing: RoundPairing) -> ScheduleQuality:
    """Count, per rule, where ``pairing`` departs from ``state.scheduled``."""
    sched = {p.players: p for p in state.scheduled.pairs}
    off = sum(1 for p in pairing.pairs if p.players not in sched)
    colours = sum(1 for p in pairing.pairs
                  if p.colored and p.players in sched and sched[p.players].white != p.white)
    bye = int(pairing.bye is not None and pairing.bye != state.scheduled.bye)
    return ScheduleQuality(off, bye, colours)


def schedule_violations(state: ScheduleState, pairing: RoundPairing, article: str) -> list[Violation]:
    """Absolute rules of every fixed schedule, blamed on this round, plus what the system found.

    A pair meets once per cycle: an off-schedule game that repeats a game of another round of
    the same cycle is blamed on this round, the round whose game is off the schedule (the
    other round played the scheduled game). Nobody plays twice in a round.
    """
    out: list[Violation] = []
    sched = {p.players for p in state.scheduled.pairs}
    cycle = state.cycle or max(state.rounds, 1)
    this_cycle = (state.round - 1) // cycle
    met: dict[frozenset[int], int] = {}
    for r in state.others:
        if (r.round - 1) // cycle == this_cycle:
            for p in r.pairs:
                met.setdefault(p.players, r.round)
    for p in pairing.pairs:
        if p.players not in sched and p.players in met:
            a, b = sorted(p.players)
            out.append(Violation(article, f"{a}–{b} also meet in round {met[p.players]}: "
                                          "each pair meets once per cycle", (a, b), state.round))
    seen: set[int] = set()
    for p in pairing.pairs:
        for x in (p.white, p.black):
            if x in seen:
                out.append(Violation(article, f"{x} is paired twice in round {state.round}", (x,),
                                     state.round))
            seen.add(x)
    return out + list(state.found)


class FixedSystem:
    """Base of the fixed-schedule systems: everything but :meth:`plan` is shared.

    ``plan(t)`` returns the file's states, one per checkable round, and is computed once per
    tournament object.
    """

    name = ""
    title = ""
    codes: tuple[str, ...] = ()
    editions: tuple[str, ...] = ("",)
    fixed = True
    teams = False
    article = ""

    def __init__(self) -> None:
        self._cache: tuple[Tournament, tuple[ScheduleState, ...], tuple[str, ...]] | None = None

    def plan(self, t: Tournament) -> tuple[tuple[ScheduleState, ...], tuple[str, ...]]:
        """States of every checkable round of ``t`` and the file-level notes."""
        raise NotImplementedError

    def _planned(self, t: Tournament) -> tuple[tuple[ScheduleState, ...], tuple[str, ...]]:
        if self._cache is None or self._cache[0] is not t:
            states, notes = self.plan(t)
            self._cache = (t, states, notes)
        return self._cache[1], self._cache[2]

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        if override:
            raise UnknownEditionError(f"--edition applies to the Swiss systems only; {self.name} has "
                               f"one text ({self.article})")
        return self.article, "the only text of the system"

    def criteria(self, edition: str) -> tuple[Criterion, ...]:
        return schedule_criteria(self.article)

    def state(self, t: Tournament, rnd: int, *, edition: str = "") -> ScheduleState:
        """The state of round ``rnd``; round 0 (or a round the file does not hold) gives an
        empty state that still carries ``rounds`` and the notes."""
        states, notes = self._planned(t)
        if 1 <= rnd <= len(states):
            return states[rnd - 1]
        empty = RoundPairing(rnd, ())
        return ScheduleState(rnd, len(states), empty, empty, notes=notes)

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        """The file's round ``rnd`` in the schedule's numbering and units."""
        return self.state(t, rnd).published

    def pair(self, state: ScheduleState) -> RoundPairing:
        return state.scheduled

    def evaluate(self, state: ScheduleState, pairing: RoundPairing) -> ScheduleQuality:
        return evaluate_schedule(state, pairing)

    def violations(self, state: ScheduleState, pairing: RoundPairing) -> list[Violation]:
        return schedule_violations(state, pairing, self.article)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def states_from(rounds: list[dict[str, Any]], notes: list[str]) -> tuple[tuple[ScheduleState, ...], tuple[str, ...]]:
    """Build the states of a plan from per-round keyword dicts (``round`` numbered from 1),
    filling in ``rounds``, ``others`` and ``notes``."""
    nts = tuple(notes)
    pubs = [kw["published"] for kw in rounds]
    out = tuple(ScheduleState(rounds=len(rounds), notes=nts,
                              others=tuple(p for j, p in enumerate(pubs) if j != i), **kw)
                for i, kw in enumerate(rounds))
    return out, nts
