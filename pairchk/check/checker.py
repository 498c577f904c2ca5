"""The library entry points: :func:`check` (re-derive every round of a tournament with its
pairing system and say where and why the published rounds differ) and :func:`pair` (pair the
next round), the ones ``pairchk check`` and ``pairchk pair`` call.

Only the orchestration lives here: the file is read without stand-in byes (:mod:`.standin`),
the system, edition and acceleration are chosen (:mod:`.resolve`), each round is checked
(:mod:`.rounds`: the reference pairing, the comparison :mod:`.compare`, the absolute rules
:mod:`.violations`, the explanation :mod:`.explain`), and a paired round is put in FIDE board
order (:func:`board_order`). Every system is reached through the one contract of
:mod:`pairchk.system`, found in the registry :mod:`pairchk.systems`; the checker never knows a
system by name. A round is ``ok`` when pairs, colours and the pairing-allocated bye are the same
as the reference's; otherwise the first criterion on which the published one is worse is named
(:func:`pairchk.system.first_worse`), and breaches of the absolute rules make it a
``violation``. Fixed schedules (:mod:`pairchk.systems.fixed`) are compared with the scheduled
round in the schedule's own numbering.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Mapping

from ..acceleration import accelerations
from ..errors import PairchkError
from ..model import Kind, Tournament
from ..pairing import CheckReport, Pair, RoundPairing, RoundReport, published_pairing
from ..system import System, configure
from .compare import paired_players
from .resolve import guess_acceleration, resolve_system
from .rounds import check_round
from .standin import read_stand_ins
from .violations import basic_violations, rematches, violation_json, violation_texts

# --------------------------------------------------------------------------- board order


def pairing_scores(t: Tournament, rnd: int) -> dict[int, Decimal]:
    """Pairing score of every player before round ``rnd``: points plus acceleration points.

    >>> from pairchk.model import Player, RoundEntry, Kind, Color
    >>> t = Tournament(players=(Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
    ...                         Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
    >>> pairing_scores(t, 2)
    {1: Decimal('1'), 2: Decimal('0')}
    """
    virtual: dict[int, Decimal] = {}
    for a in accelerations(t):  # C.04.7 1.5: board order uses the pairing score
        virtual[a.player] = virtual.get(a.player, Decimal(0)) + a.for_round(rnd)
    return {
        p.number: sum((t.scoring.points(e) for e in p.entries[: rnd - 1]), Decimal(0))
        + virtual.get(p.number, Decimal(0))
        for p in t.players
    }


def board_order(pairing: RoundPairing, scores: Mapping[int, Decimal]) -> RoundPairing:
    """``pairing`` with its pairs sorted in FIDE board order (C.04.2 art. 3.6, 2017 D.9).

    Boards go by (1) the higher score of the pair's higher-ranked player, (2) the higher sum of
    both scores, (3) the smaller starting number of the higher-ranked player; rank is score,
    then starting number (C.04.3 1.2).

    >>> p = RoundPairing(1, (Pair(4, 3), Pair(2, 1)))
    >>> [(x.white, x.black) for x in board_order(p, {1: 1, 2: 0, 3: 1, 4: 1}).pairs]
    [(4, 3), (2, 1)]
    """

    def key(pair: Pair):
        a, b = pair.white, pair.black
        sa, sb = scores.get(a, Decimal(0)), scores.get(b, Decimal(0))
        hi = a if (sa, -a) >= (sb, -b) else b
        return (-max(sa, sb), -(sa + sb), hi)

    return replace(pairing, pairs=tuple(sorted(pairing.pairs, key=key)))


# --------------------------------------------------------------------------- the whole file


def _is_paired(p: RoundPairing) -> bool:
    return bool(p.pairs) or p.bye is not None


def _swiss_rounds(t: Tournament, report: CheckReport) -> list[int]:
    """The rounds of ``t`` that were paired (trailing rounds with only byes are not)."""
    played = t.played_rounds
    last = played
    while last and not _is_paired(published_pairing(t, last)):
        last -= 1
    if last < played:
        # Rounds after the last paired one may hold only pre-set byes or absences (H, Z, F
        # entered ahead): they are not paired yet, so there is nothing to compare.
        which = f"round {played}" if last + 1 == played else f"rounds {last + 1}-{played}"
        report.notes.append(f"{which}: only byes or absences recorded, not paired yet: not checked")
    return list(range(1, last + 1))


def _not_checked(t: Tournament, report: CheckReport, rounds: list[int] | None) -> None:
    """A file whose system pairchk cannot pair: its rounds are not re-paired, but the rules every
    system shares are still checked."""
    for rnd in rounds or _swiss_rounds(t, report):
        published = published_pairing(t, rnd)
        vs = basic_violations(t, rnd, published) + rematches(t, rnd, published)
        if vs:
            report.rounds.append(RoundReport(rnd, "violation", published=published,
                                             violations=violation_texts(vs, t),
                                             details={"violations": violation_json(vs)}))


def check(
    tournament: Tournament, system: "System | str | None" = None, edition: str | None = None,
    rounds: list[int] | None = None, path: str = "", suggest_acceleration: bool = True,
    options: Mapping[str, str | None] | None = None,
) -> CheckReport:
    """Check every paired round of ``tournament`` (or ``rounds``) with its pairing system.

    A verdict never rests on a guess: when the file states no acceleration and its first
    rounds deviate, an acceleration that would reproduce them is named in a note (with
    ``suggest_acceleration``, off when the user chose one, ``--acceleration none`` included);
    the rounds are checked as the file says.

    ``options`` are system options (``{"maxi": "yes"}``), applied by
    :func:`~pairchk.system.configure` to the system chosen, which refuses one it does not have.

    ``system`` is a registered name, a :class:`~pairchk.system.System`, or None for the one the
    file declares (see :func:`.resolve.resolve_system`). When the file declares a system
    pairchk cannot pair, the report is "not checked" (``report.not_checked`` says why) and only
    the rules every system shares are checked.

    >>> from pairchk.model import Tournament
    >>> r = check(Tournament(system="FIDE_SCHEVENINGEN"), path="x.trf")
    >>> r.verdict, r.system_reason
    ('not checked', 'from the TRF26 192 code FIDE_SCHEVENINGEN')
    """
    t, stand_in_notes = read_stand_ins(tournament)
    chosen, reason, why_not = resolve_system(t, system)
    if chosen is None:
        report = CheckReport(path=path, system=t.system.strip() or t.system_text.strip() or "unknown",
                             system_reason=reason, not_checked=why_not,
                             notes=list(stand_in_notes))
        _not_checked(t, report, rounds)
        report.notes.extend(f"--{k} {v} not applied: no system re-pairs this file"
                            for k, v in (options or {}).items() if v is not None)
        return report
    chosen = configure(chosen, dict(options or {}))
    ed, why = chosen.select_edition(t, edition)
    report = CheckReport(path=path, system=chosen.name, edition=ed, edition_reason=why,
                         system_reason=reason, notes=list(stand_in_notes))
    if chosen.fixed:
        first = chosen.state(t, 0, edition=ed)
        report.notes.extend(first.notes)
        todo = rounds or list(range(1, first.rounds + 1))
    else:
        todo = rounds or _swiss_rounds(t, report)
    for rnd in todo:
        report.rounds.append(check_round(t, rnd, system=chosen, edition=ed))
    guessed = (guess_acceleration(t, report, ed, chosen)
               if rounds is None and not chosen.fixed and suggest_acceleration else None)
    if guessed is not None:
        variant, why_acc = guessed
        report.notes.insert(0, f"{why_acc}, which the file does not state; the rounds are checked"
                               f" as the file says (--acceleration {variant.name} checks with it)")
    if not todo and rounds is None and not chosen.fixed:
        report.notes.append("no round has been paired yet: nothing to check")
    recorded = t.played_rounds
    if t.rounds and t.rounds > recorded and rounds is None and not chosen.fixed:
        if recorded + 1 == t.rounds:
            report.notes.append(f"round {t.rounds} of {t.rounds} is not played yet")
        else:
            report.notes.append(f"rounds {recorded + 1}-{t.rounds} of {t.rounds} are not played yet")
    return report


# --------------------------------------------------------------------------- pairing a round


def next_round(t: Tournament) -> int:
    """The first round not paired yet: the one after the last round anybody was paired in.

    A round holding only pre-entered byes or absences (H, Z, F, XXZ entered ahead) is not
    paired: it is the next round, and those byes are kept when it is paired.

    >>> from pairchk.model import Player, RoundEntry, Kind, Color
    >>> t = Tournament(players=(Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),
    ...                                            RoundEntry(Kind.HALF_BYE))),
    ...                         Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
    >>> next_round(t)
    2
    """
    return t.last_paired_round + 1


@dataclass(frozen=True)
class PairResult:
    """A round paired by :func:`pair`: the pairing in board order, the system and edition used
    and why, and the players not paired (absent, withdrawn, requested byes)."""

    pairing: RoundPairing
    system: str
    edition: str
    edition_reason: str
    system_reason: str
    not_paired: tuple[int, ...]


def pair(
    tournament: Tournament, system: "System | str | None" = None, edition: str | None = None,
    round: int | None = None, options: Mapping[str, str | None] | None = None,
) -> PairResult:
    """Pair round ``round`` (default: :func:`next_round`) of ``tournament`` from the history
    before it; a round after the next one is refused. Byes entered ahead for the round are kept
    (those players are not paired).

    Raises :class:`~pairchk.system.UnpairableError` when no legal pairing exists and
    :class:`~pairchk.errors.PairchkError` when the round cannot be paired from the file.

    >>> from pairchk.model import Tournament, Player
    >>> r = pair(Tournament(players=tuple(Player(n, rating=2000 - n) for n in range(1, 6))))
    >>> [(p.white, p.black) for p in r.pairing.pairs], r.pairing.bye
    ([(1, 3), (4, 2)], 5)
    """
    t, _ = read_stand_ins(tournament)
    chosen, reason, why_not = resolve_system(t, system)
    if chosen is None:
        raise PairchkError(why_not.replace("its rounds were not re-paired", "cannot pair a round")
                           + " (choose a system with --system)")
    chosen = configure(chosen, dict(options or {}))
    ed, why = chosen.select_edition(t, edition)
    nxt = next_round(t)
    rnd = nxt if round is None else round
    if rnd < 1:
        raise PairchkError(f"round {rnd} does not exist; rounds start at 1")
    if rnd > nxt:
        done = f"rounds 1-{nxt - 1} are paired" if nxt > 2 else (
            "round 1 is paired" if nxt == 2 else "no round is paired yet")
        from ..errors import Unanswerable

        raise Unanswerable(f"round {rnd} cannot be paired yet: {done}, so round {nxt} is the "
                           f"next one to pair")
    pending = sorted({r for p in t.players for r, e in enumerate(p.entries[: rnd - 1], 1)
                      if e.kind is Kind.PENDING})
    if pending:  # scores, colours and floats before rnd depend on those results
        raise PairchkError(
            f"round {pending[0]} has games without a result; enter the results before pairing "
            f"round {rnd}")
    state = chosen.state(t, rnd, edition=ed)
    result = chosen.pair(state)
    if not chosen.fixed:  # C.04.2 3.6 board order by pairing scores (C.04.7 1.5)
        result = board_order(result, pairing_scores(t, rnd))
    paired = paired_players(result)
    absent = tuple(p.number for p in t.players if p.number not in paired)
    return PairResult(result, chosen.name, ed, why, reason, absent)
