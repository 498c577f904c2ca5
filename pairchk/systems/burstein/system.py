"""The FIDE Burstein system (C.04.4.2, the 2026 text) as a :class:`pairchk.system.System`.

* 1.6 seeding rounds: the first min(floor(R/2), 4) rounds are paired by the FIDE (Dutch) system
  (the registry's ``dutch``, 2026 text): state, pairing, evaluation and violations are Dutch's.
* Later rounds: :mod:`.pair` (PAB 3.1, brackets 3.2, order of art. 4) on the state of
  :mod:`.rules` (Index of 1.7-1.8, colour preferences 1.5, colours 5.2).

>>> SYSTEM.name, "FIDE_BURSTEIN_BAKU" in SYSTEM.codes
('burstein', True)
>>> from pairchk.model import Tournament, Player
>>> t = Tournament(rounds=2, players=tuple(Player(n, rating=2400 - 10 * n) for n in range(1, 5)))
>>> SYSTEM.state(t, 1, edition="2026").seeding
True
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any

from ...errors import PairchkError, Unanswerable
from ...model import Color, Tournament
from ...pairing import RoundPairing, published_pairing
from ...system import (
    Criterion,
    UnpairableError,
    Violation,
    completion_faults,
    single_edition,
    swiss_absolute_criteria,
)
from .pair import pab_key, pair_round
from .rules import BursteinState, allocate, burstein_state, same_side, seeding_rounds

ED = "C.04.4.2 (2026)"

CRITERIA = (
    *swiss_absolute_criteria(ED),
    Criterion("PAB", f"{ED} art. 3.1", "PAB not to the lowest score, most games played, lowest "
              "ranking (score, -games, Buchholz, Sonneborn-Berger, -TPN of the assignee)"),
    Criterion("C5", f"{ED} art. 2.3.1 [C5]", "outgoing floaters (per bracket, top down)"),
    Criterion("C6", f"{ED} art. 2.3.2 [C6]", "scores of the outgoing floaters, in descending order "
              "(per bracket)"),
    Criterion("C7", f"{ED} art. 2.3.3 [C7]", "outgoing floaters of the following bracket and their "
              "scores (per bracket)"),
    Criterion("C8", f"{ED} art. 2.3.4 [C8]", "players not getting their colour preference (per "
              "bracket)"),
    Criterion("ORDER", f"{ED} art. 3.2.2, 4", "pairs other than those of the first best pairing in "
              "the order of art. 4 (BSN #1's opponent as large as possible, ...)"),
    Criterion("COL", f"{ED} art. 5.2", "pairs whose colours differ from the colour allocation rules"),
)


@dataclass(frozen=True)
class Quality:
    """Quality record of a round after the seeding rounds; every field lower is better."""

    C1: int
    C2: int
    C3: int
    C4: int
    PAB: tuple
    C5: tuple
    C6: tuple
    C7: tuple
    C8: tuple
    ORDER: int
    COL: int


CODES = ("FIDE_BURSTEIN", "FIDE_BURSTEIN_2026", "FIDE_BURSTEIN_2025", "FIDE_BURSTEIN_BAKU",
         "FIDE_BURSTEIN_2026_BAKU", "FIDE_BURSTEIN_2025_BAKU", "FIDE_BURSTEIN_BAKU_2026",
         "FIDE_BURSTEIN_BAKU_2025")


@dataclass(frozen=True)
class State:
    """Either a seeding round (``dutch`` holds the Dutch state) or a Burstein round (``bs``)."""

    round: int
    seeding: bool
    dutch: Any = None
    bs: BursteinState | None = None


def _dutch():
    from .. import get

    return get("dutch")


@functools.lru_cache(maxsize=1)
def seeding_criteria() -> tuple[Criterion, ...]:
    """The Dutch 2026 criteria as they apply in a seeding round (1.6.1), keys prefixed ``D_``
    so they never mix with the Burstein criteria of the same number."""
    return tuple(Criterion(f"D_{c.key.replace('.', '_')}", f"{ED} art. 1.6.1 (seeding round): "
                           f"{c.article}", c.words, c.absolute) for c in _dutch().criteria("2026"))


@functools.lru_cache(maxsize=None)
def _seeding_class(names: tuple[str, ...]):
    return dataclasses.make_dataclass("SeedingQuality", [(n, Any) for n in names], frozen=True)


def seeding_record(rec: Any) -> Any:
    """A Dutch quality record with its fields renamed to the ``D_`` keys."""
    fields = dataclasses.fields(rec)
    cls = _seeding_class(tuple(f"D_{f.name.replace('.', '_')}" for f in fields))
    return cls(*(getattr(rec, f.name) for f in fields))


class BursteinSystem:
    """The Burstein system behind the :class:`pairchk.system.System` protocol."""

    name = "burstein"
    title = "FIDE Burstein system (C.04.4.2)"
    codes = CODES
    editions = ("2026",)
    fixed = False
    teams = False

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        """``--edition`` first, else the text in force (2026).

        >>> SYSTEM.select_edition(Tournament(system="FIDE_BURSTEIN"))
        ('2026', 'system code FIDE_BURSTEIN: the Burstein text of 2026')
        """
        return single_edition(self, "Burstein", t, override)

    def criteria(self, edition: str) -> tuple[Criterion, ...]:
        """The Burstein criteria, then those of the Dutch seeding rounds (keys ``D_...``)."""
        return CRITERIA + seeding_criteria()

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        return published_pairing(t, rnd)

    def state(self, t: Tournament, rnd: int, *, edition: str) -> State:
        if edition not in self.editions:
            raise Unanswerable(f"unknown Burstein edition {edition!r}; known: 2026")
        if is_seeding_round(t, rnd):  # 1.6.1: seeding rounds by the Dutch system
            return State(rnd, True, dutch=_dutch().state(t, rnd, edition="2026"))
        return State(rnd, False, bs=burstein_state(t, rnd))

    def pair(self, state: State) -> RoundPairing:
        if state.seeding:
            return _dutch().pair(state.dutch)
        assert state.bs is not None  # a Burstein round has its state (see state())
        return pair_round(state.bs)

    def evaluate(self, state: State, pairing: RoundPairing, *, against: RoundPairing | None = None):
        if state.seeding:
            from ...system import quality_records

            if against is None:
                rec = _dutch().evaluate(state.dutch, pairing)
            else:
                rec = quality_records(_dutch(), state.dutch, pairing, against)[0]
            return seeding_record(rec)
        assert state.bs is not None
        return evaluate(state.bs, pairing, against=against)

    def violations(self, state: State, pairing: RoundPairing) -> list[Violation]:
        if state.seeding:
            return _dutch().violations(state.dutch, pairing)
        assert state.bs is not None
        return violations(state.bs, pairing)


def is_seeding_round(t: Tournament, rnd: int) -> bool:
    """1.6.2: round ``rnd`` is a seeding round when it is one of the first min(floor(R/2), 4)
    rounds, R the number of rounds the event *declares* (TRF 142 / XXR, C.04.1 art. 1), never
    the number played so far. A file that does not declare R answers only where every total
    it allows gives the same answer (round 5 on never is one; round 2 with 4 rounds played is
    one whatever R is); otherwise the round is refused with a hint, not guessed.

    >>> from pairchk.model import Player, RoundEntry, Kind
    >>> nine = Tournament(rounds=9, players=(Player(1), Player(2)))
    >>> [is_seeding_round(nine, r) for r in (4, 5)]
    [True, False]
    >>> played = tuple(Player(n, entries=(RoundEntry(Kind.DRAW, 3 - n),) * 4) for n in (1, 2))
    >>> is_seeding_round(Tournament(players=played), 2), is_seeding_round(Tournament(), 5)
    (True, False)
    >>> is_seeding_round(Tournament(players=played), 3)
    Traceback (most recent call last):
    ...
    pairchk.errors.PairchkError: Burstein art. 1.6.2: round 3 is a seeding round only if the event has at least 6 rounds, and the file does not declare how many it has (4 played so far); declare the number of rounds (TRF record 142, or XXR) to check it
    """
    if t.rounds:
        return rnd <= seeding_rounds(t.rounds)
    if rnd > 4 or rnd <= seeding_rounds(max(t.played_rounds, rnd)):
        return rnd <= 4
    raise PairchkError(
        f"Burstein art. 1.6.2: round {rnd} is a seeding round only if the event has at least "
        f"{2 * rnd} rounds, and the file does not declare how many it has ({t.played_rounds} "
        "played so far); declare the number of rounds (TRF record 142, or XXR) to check it")


# ----------------------------------------------------------------------------- evaluation

@dataclass(frozen=True)
class BracketRecord:
    players: frozenset
    pairs: frozenset
    floaters: tuple  # scores, descending
    misses: int


def _coloured(bs: BursteinState, pairing: RoundPairing) -> list[tuple[int, int]]:
    return [(p.white, p.black) if p.colored else allocate(bs, p.white, p.black) for p in pairing.pairs]


def brackets(bs: BursteinState, pairing: RoundPairing) -> list[BracketRecord]:
    """The brackets a pairing makes, top down: residents plus incoming floaters (1.2.2); a pair
    belongs to the first bracket holding both players."""
    partner: dict[int, tuple[int, int]] = {}
    for w, b in _coloured(bs, pairing):
        partner[w] = partner[b] = (w, b)
    remaining = sorted((n for n in bs.base.order if n != pairing.bye), key=lambda n: -bs.score(n))
    floaters: list[int] = []
    out = []
    while remaining:
        rest = [n for n in remaining if n not in floaters]
        if not rest:
            break
        top = max(bs.score(n) for n in rest)
        bracket = floaters + [n for n in rest if bs.score(n) == top]
        inb = set(bracket)
        pairs = {partner[n] for n in bracket if n in partner and set(partner[n]) <= inb}
        paired = {x for p in pairs for x in p}
        floaters = [n for n in bracket if n not in paired]
        out.append(BracketRecord(frozenset(bracket), frozenset(pairs),
                                 tuple(sorted((bs.score(n) for n in floaters), reverse=True)),
                                 sum(1 for w, b in pairs if same_side(bs, w, b))))
        remaining = [n for n in remaining if n not in paired and n not in inb] + floaters
    return out


def _structure(bs: BursteinState, pairing: RoundPairing) -> tuple[int, int, int, int]:
    faults = completion_faults(bs.base.order, pairing)
    rematch = sum(1 for p in pairing.pairs if bs.base.met(p.white, p.black))
    clash = sum(1 for p in pairing.pairs if p.white in bs.base.players and p.black in bs.base.players
                and bs.must(p.white) is not Color.NONE and bs.must(p.white) is bs.must(p.black))
    c2 = 1 if pairing.bye is not None and pairing.bye in bs.base.players and \
        not bs.p(pairing.bye).pab_eligible else 0
    return rematch, c2, clash, faults


def _order_and_colours(bs: BursteinState, pairing: RoundPairing) -> tuple[int, int]:
    try:
        ref = pair_round(bs)
    except UnpairableError:
        return 0, 0
    colours = {p.players: (p.white, p.black) for p in ref.pairs}
    order = sum(1 for p in pairing.pairs if p.players not in colours)
    col = sum(1 for p in pairing.pairs if p.colored and p.players in colours
              and colours[p.players] != (p.white, p.black))
    return order, col


def evaluate(bs: BursteinState, pairing: RoundPairing, *, against: RoundPairing | None = None
             ) -> Quality:
    """The quality record of ``pairing``; with ``against``, the bracket values are those of the
    first bracket (top down) where the two pairings part, as the procedure decides bracket by
    bracket. [C7] is read from the following bracket as the pairing makes it. [C8] counts the
    pairs whose players prefer the same colour (one of them cannot get it); colours given against
    art. 5.2 count under COL."""
    c1, c2, c3, c4 = _structure(bs, pairing)
    bye = pairing.bye
    pab = () if bye is None or bye not in bs.base.players else pab_key(bs, bye)
    recs = brackets(bs, pairing)
    nexts = [(len(r.floaters), r.floaters) for r in recs[1:]] + [(0, ())]
    rows = list(zip(recs, nexts))
    if against is not None:
        other = brackets(bs, against)
        k = 0
        while k < min(len(recs), len(other)) and (recs[k].players, recs[k].pairs) == (
                other[k].players, other[k].pairs):
            k += 1
        rows = rows[k:k + 1]
    order, col = _order_and_colours(bs, pairing)
    return Quality(c1, c2, c3, c4, pab,
                   tuple(len(r.floaters) for r, _ in rows),
                   tuple(r.floaters for r, _ in rows),
                   tuple(nx for _, nx in rows),
                   tuple(r.misses for r, _ in rows), order, col)


def _name(bs: BursteinState, n: int) -> str:
    return f"{n} {bs.names.get(n, '')}".strip()


def violations(bs: BursteinState, pairing: RoundPairing) -> list[Violation]:
    """Breaches of the absolute rules: C.04.1 art. 2, 4, 6, 7 and [C3]."""
    out: list[Violation] = []
    r = bs.round
    for p in pairing.pairs:
        w, b = p.white, p.black
        if w not in bs.base.players or b not in bs.base.players:
            continue
        if bs.base.met(w, b):
            out.append(Violation("C.04.1 art. 2 (2026)", f"{_name(bs, w)} and {_name(bs, b)} meet "
                                 "a second time (or are a forbidden pair)", (w, b), r))
        if bs.must(w) is not Color.NONE and bs.must(w) is bs.must(b):
            out.append(Violation(f"{ED} art. 2.1.3 [C3]", f"{_name(bs, w)} and {_name(bs, b)} both "
                                 f"have an absolute preference for {bs.must(w).name.lower()}",
                                 (w, b), r))
        if p.colored:
            for n, c in ((w, Color.WHITE), (b, Color.BLACK)):
                ps = bs.p(n)
                if abs(ps.color_diff + (1 if c is Color.WHITE else -1)) > 2:
                    out.append(Violation("C.04.1 art. 6 (2026)",
                                         f"{_name(bs, n)}: colour difference beyond 2", (n,), r))
                if ps.repeated is c:
                    out.append(Violation("C.04.1 art. 7 (2026)", f"{_name(bs, n)}: the same colour "
                                         "three times in a row", (n,), r))
    if pairing.bye is not None and pairing.bye in bs.base.players and \
            not bs.p(pairing.bye).pab_eligible:
        out.append(Violation("C.04.1 art. 4 (2026)", f"{_name(bs, pairing.bye)} gets the PAB after "
                             "a PAB or a win without playing", (pairing.bye,), r))
    return out


SYSTEM = BursteinSystem()

__all__ = ["SYSTEM", "BursteinSystem", "Quality", "CRITERIA", "evaluate", "violations", "brackets"]

assert [f.name for f in dataclasses.fields(Quality)] == [c.key for c in CRITERIA]
