"""One round checked: the published pairing against the system's reference, as a
:class:`~pairchk.pairing.RoundReport`.

Owns :func:`check_round`: the system's state before the round (from the tournament as it stood
then, :func:`.compare.as_before`), its reference pairing, the comparison (:mod:`.compare`), the
breaches of the absolute rules (the system's and the shared ones, :mod:`.violations`) and, for a
round that differs, the explanation (:mod:`.explain`); a fixed schedule's round is compared
with the scheduled one in the schedule's own numbering (:func:`check_scheduled`). An engine that
fails for another reason than "no legal pairing exists" raises :class:`EngineFailure`, never a
verdict on the file.
"""

from __future__ import annotations

from typing import Any

from ..errors import PairchkError
from ..model import Tournament
from ..pairing import Pair, RoundReport
from ..system import System, UnpairableError, first_worse
from .compare import as_before, compare, word_differences
from .violations import basic_violations, split_violations, violation_json, violation_texts


class EngineFailure(PairchkError):
    """The engine failed on a round for another reason than 'no legal pairing exists'."""


def check_round(t: Tournament, rnd: int, *, system: System, edition: str) -> RoundReport:
    """Check one round of ``t`` against the system's reference pairing."""
    if system.fixed:
        return check_scheduled(system, system.state(t, rnd, edition=edition))
    published = system.published(t, rnd)
    state = system.state(as_before(t, rnd), rnd, edition=edition)
    try:
        reference = system.pair(state)
    except UnpairableError as exc:
        report = RoundReport(rnd, "unpairable", published=published,
                             explanation=f"no legal pairing exists: {exc}")
        vs = system.violations(state, published) + basic_violations(t, rnd, published)
        report.violations = violation_texts(vs, t)
        if vs:
            report.details["violations"] = violation_json(vs)
        return report
    except PairchkError:
        raise
    except Exception as exc:  # an engine bug must not pass for a verdict on the file
        raise EngineFailure(f"round {rnd}: the {system.name} engine failed: {exc!r}") from exc

    diff = compare(published, reference)
    report = RoundReport(rnd, "ok", published=published, expected=reference)
    details: dict[str, Any] = {}
    if diff.uncoloured:
        details["uncoloured"] = [[p.white, p.black] for p in diff.uncoloured]
        report.differences.append(
            "compared on pairs only (no colours in the file): "
            + ", ".join(f"{p.white}-{p.black}" for p in diff.uncoloured))
    vs, report.notes = split_violations(
        t, rnd, system.violations(state, published) + basic_violations(t, rnd, published))
    named = named_view(t, system)  # teams are named and scored as teams in a team event
    report.violations = violation_texts(vs, named)
    if vs:
        details["violations"] = violation_json(vs)
    if diff.same and not vs:
        report.details = details
        return report
    word_differences(report, details, diff)
    from . import explain  # only a round that differs needs it (start-up)

    verdict = ""
    if not diff.same:
        report.explanation, crit, verdict = explain.reason(system, state, published, reference,
                                                           diff, edition, named)
        if crit:
            details["criterion"] = crit
    if vs:  # the explanation starts from the violation; "equally good" only where none is
        report.explanation = explain.from_violation(report.violations, report.explanation,
                                                    crit if not diff.same else None)
    report.details = details
    report.status = "violation" if vs else "deviation"
    if diff.same:
        report.verdict = explain.BREAKS_RULE
    else:
        explain.enrich(report, named, system, edition, published, reference, diff, verdict, state)
    return report


def named_view(t: Tournament, system: System) -> Tournament:
    """The tournament the explanations read: for a team system the event at team level (one
    entry per team: its opponent, board-1 colour and match result, scored in match points),
    so that reports name teams, not the players of their first boards."""
    if not system.teams:
        return t
    from ..teams import as_team_tournament

    return as_team_tournament(t)


def _dash(p: Pair) -> str:
    a, b = sorted(p.players)
    return f"{a}–{b}"


def check_scheduled(system: System, st: Any) -> RoundReport:
    """Compare a fixed schedule's round (a :class:`~pairchk.systems.fixed.ScheduleState`)."""
    pub, exp = st.published, system.pair(st)
    report = RoundReport(st.round, "ok", published=pub, expected=exp, details=dict(st.details))
    pub_by = {p.players: p for p in pub.pairs}
    exp_by = {p.players: p for p in exp.pairs}
    partner = {x: p for p in exp.pairs for x in p.players}
    paired = {x for p in pub.pairs for x in p.players}
    why: list[str] = []
    for key, e in exp_by.items():
        p = pub_by.get(key)
        if p is not None and p.colored and p.white != e.white:
            report.differences.append(
                f"colour of {_dash(e)} reversed: {e.white} has {st.colour_word} in the schedule")
            why.append(st.colour_rule(e))
    unplayed = [f"{e.white}–{e.black} not played (no game in the file)"
                for k, e in exp_by.items() if k not in pub_by and not e.players & paired]
    for key, p in pub_by.items():
        if key in exp_by:
            continue
        wants = []
        for x in sorted(p.players):
            q = partner.get(x)
            if q is None:
                wants.append(f"{x} has the bye" if exp.bye == x else f"{x} is not scheduled")
            else:
                wants.append(f"{x} plays {next(iter(q.players - {x}))}")
        report.differences.append(f"{_dash(p)} is not in the schedule: " + ", ".join(wants))
        why.append(st.pair_rule)
    if pub.bye is not None and pub.bye != exp.bye:
        report.differences.append(
            f"bye given to {pub.bye}; the schedule gives it to {exp.bye}" if exp.bye is not None
            else f"bye given to {pub.bye}; the schedule has no bye this round")
        why.append(st.pair_rule)
    if unplayed:
        report.details["unplayed"] = unplayed
    vs = system.violations(st, pub)
    report.violations = violation_texts(vs)  # schedule numbers: no names
    if vs:
        report.details["violations"] = violation_json(vs)
    worse = first_worse(system.evaluate(st, pub), system.evaluate(st, exp))
    if worse:
        crit = next((c for c in system.criteria(system.editions[0]) if c.key == worse[0]), None)
        report.details["criterion"] = {"criterion": worse[0], "edition": "",
                                       "published": worse[1], "reference": worse[2],
                                       **({"words": crit.words, "article": crit.article}
                                          if crit else {})}
    report.explanation = "; ".join(dict.fromkeys(w for w in why if w))
    if report.differences:
        report.status = "deviation"
        report.verdict = "the published round is not the one the schedule fixes"
    if vs:
        report.status = "violation"
        report.verdict = "the published round breaks an absolute rule of the schedule"
        report.explanation = report.explanation or f"{vs[0].rule}: an absolute rule of the system"
    return report
