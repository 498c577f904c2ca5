"""Re-derive every round of a tournament with its pairing system and explain each deviation.

The checker reaches every system through the one contract of :mod:`pairchk.system`, found in
the registry :mod:`pairchk.systems` (by name, or by the code the file declares). For each round
``r`` it builds the system's state before ``r`` from the file's own recorded history, pairs it
(the *reference* pairing), and compares with the pairing published in the file. A round is
``ok`` when pairs, colours and the pairing-allocated bye are the same; otherwise both are
evaluated with the system's quality record and the first criterion on which the published one
is worse is named (:func:`pairchk.system.first_worse`). Breaches of the absolute rules are
listed separately and make the round a ``violation``. Fixed schedules
(:mod:`pairchk.systems.fixed`) are compared with the scheduled round in the schedule's own
numbering.

>>> from pairchk.model import Tournament
>>> resolve_system(Tournament(system="FIDE_DUTCH_2025"))[1]
'from the TRF26 192 code FIDE_DUTCH_2025'
>>> resolve_system(Tournament(system="FIDE_DUBOV"))[0].name
'dubov'
>>> resolve_system(Tournament(system="FIDE_SCHILLER"))[0] is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Mapping

from ..acceleration import (
    BAKU,
    SWISS_CHESS,
    accelerations,
    apply_acceleration,
    declared,
    detect_acceleration,
)
from ..errors import PairchkError
from ..model import Color, Kind, RoundEntry, Status, Tournament
from ..pairing import CheckReport, Pair, RoundPairing, RoundReport, published_pairing
from ..system import Criterion, System, UnpairableError, Violation, first_worse, quality_records


class EngineFailure(PairchkError):
    """The engine failed on a round for another reason than 'no legal pairing exists'."""


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


# --------------------------------------------------------------------------- criteria wording


def _norm(key: str) -> str:
    return re.sub(r"[._\s]", "", key).upper()


def find_criterion(criteria: tuple[Criterion, ...], key: str) -> Criterion | None:
    """The criterion a quality-record field names (``C_10`` and ``C10`` name ``C.10``)."""
    return next((c for c in criteria if _norm(c.key) == _norm(key)), None)


def criterion_label(key: str, edition: str, criteria: tuple[Criterion, ...] = ()) -> str:
    """The criterion's number as its edition writes it, the edition, and what it minimises.

    >>> from pairchk.systems import get
    >>> criterion_label("C12", "2026", get("dutch").criteria("2026"))
    'C12 (2026) players not getting their colour preference'
    >>> criterion_label("C_10", "2017", get("dutch").criteria("2017"))
    'C.10 (2017) players not getting their colour preference'
    """
    crit = find_criterion(criteria, key)
    name = crit.key if crit else key
    head = f"{name} ({edition})" if edition and edition[:1].isdigit() else name
    return f"{head} {crit.words}" if crit else head


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value == value.to_integral() else str(value)
    return str(value)


def _worse(pub: Any, ref: Any) -> int:
    """+1 when ``pub`` is worse (greater) than ``ref``, -1 when better, 0 when equal."""
    if pub == ref:
        return 0
    try:
        return 1 if pub > ref else -1
    except TypeError:  # values of unlike kinds: different but not ordered
        return 1


# --------------------------------------------------------------------------- comparison


def _pair_text(p: Pair) -> str:
    return f"{p.white}-{p.black}" if p.colored else f"{p.white}-{p.black} (no colours)"


@dataclass(frozen=True)
class _Diff:
    only_published: tuple[Pair, ...]
    only_reference: tuple[Pair, ...]
    colours_swapped: tuple[tuple[Pair, Pair], ...]  # (published, reference)
    uncoloured: tuple[Pair, ...]  # same players, no colours in the file
    bye: tuple[int | None, int | None] | None  # (published, reference) when different

    @property
    def same(self) -> bool:
        return not (self.only_published or self.only_reference or self.colours_swapped or self.bye)


def compare(published: RoundPairing, reference: RoundPairing) -> _Diff:
    """Pairs only in one side, pairs with colours swapped, and a different bye."""
    ref_by = {p.players: p for p in reference.pairs}
    pub_keys = {p.players for p in published.pairs}
    only_pub, swapped, uncoloured = [], [], []
    for p in published.pairs:
        r = ref_by.get(p.players)
        if r is None:
            only_pub.append(p)
        elif not p.colored:  # a forfeit written without colours: compare on pairs only
            uncoloured.append(p)
        elif r.white != p.white:
            swapped.append((p, r))
    only_ref = [p for p in reference.pairs if p.players not in pub_keys]
    bye = None if published.bye == reference.bye else (published.bye, reference.bye)
    return _Diff(tuple(only_pub), tuple(only_ref), tuple(swapped), tuple(uncoloured), bye)


def _players(p: RoundPairing) -> set[int]:
    out = {n for pair in p.pairs for n in (pair.white, pair.black)}
    if p.bye is not None:
        out.add(p.bye)
    return out


def _for_evaluation(published: RoundPairing, reference: RoundPairing) -> RoundPairing:
    """The published pairing with uncoloured pairs given the reference's colours (if paired
    alike), so that colour criteria judge the pairing and not a missing record."""
    ref_by = {p.players: p for p in reference.pairs}
    pairs = []
    for p in published.pairs:
        r = ref_by.get(p.players)
        if not p.colored and r is not None:
            pairs.append(Pair(r.white, r.black))
        else:
            pairs.append(p)
    return replace(published, pairs=tuple(pairs))


def _extra_pabs(t: Tournament, rnd: int) -> list[int]:
    return [p.number for p in t.players if p.entry(rnd).kind is Kind.PAB]


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral() else float(value)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return str(value)


# --------------------------------------------------------------------------- stand-ins


# Names programs give a stand-in "player" who is really the bye, in the languages of the
# formats pairchk reads (German DSB/Swiss-Chess, French PAPI, Spanish, Italian, Dutch, English).
STAND_IN_NAMES = frozenset({
    "spielfrei", "frei", "freilos", "bye", "pab", "exempt", "exempté", "exempte", "descanso",
    "libre", "riposo", "vrij", "bye-bye",
})


def is_stand_in(name: str) -> bool:
    """True for a player record that stands for the bye ("spielfrei", "BYE", "frei" ...).

    >>> is_stand_in("spielfrei"), is_stand_in(" BYE "), is_stand_in("Frei, Anna")
    (True, True, False)
    """
    return name.strip().lower() in STAND_IN_NAMES


def read_stand_ins(t: Tournament) -> tuple[Tournament, list[str]]:
    """``t`` without stand-in players, a game against one read as the bye it stands for.

    A win (or forfeit win) against the stand-in is the pairing-allocated bye, a draw a half-point
    bye, a loss a zero-point bye; the stand-in itself is not a player to be paired. Returns the
    tournament and one note per stand-in (empty when the file has none).
    """
    stand = {p.number: p.name.strip() for p in t.players if p.name and is_stand_in(p.name)}
    if not stand:
        return t, []
    as_bye = {Kind.WIN: Kind.PAB, Kind.FORFEIT_WIN: Kind.PAB, Kind.WIN_SHORT: Kind.PAB,
              Kind.DRAW: Kind.HALF_BYE, Kind.DRAW_SHORT: Kind.HALF_BYE}
    players = []
    for p in t.players:
        if p.number in stand:
            continue
        entries = tuple(
            RoundEntry(as_bye.get(e.kind, Kind.ZERO_BYE)) if e.opponent in stand else e
            for e in p.entries)
        players.append(p.replace(entries=entries) if entries != p.entries else p)
    notes = [f"player {n} {name!r} stands for the bye: a game against it is read as a bye, and "
             "it is not paired" for n, name in sorted(stand.items())]
    return t.replace(players=tuple(players)), notes


# --------------------------------------------------------------------------- which system


# Words in a TRF16 092 text or a format's own system field, and the system they name. Codes
# (FIDE_DUTCH_2025 ...) are looked up in the registry first.
_TEXT_SYSTEMS = (
    (re.compile(r"burstein", re.I), "burstein"),  # before "swiss": "Burstein Swiss System"
    (re.compile(r"dubo[vw]", re.I), "dubov"),  # "Dubov Swiss System", German "nach DUBOW"
    (re.compile(r"\blim\b", re.I), "lim"),  # "Lim System" (ETT26 gives Lim no 192 code)
    (re.compile(r"dutch|holl|swiss|schweizer|suisse|suizo|svizzero", re.I), "dutch"),
    (re.compile(r"berger|round.?robin|rundensystem|tournoi toutes rondes|todos contra todos", re.I),
     "berger"),
    (re.compile(r"rutsch", re.I), "rutsch"),
    (re.compile(r"knock.?out|k\.?\s?o\.?-system", re.I), "knockout"),
)
# Systems pairchk recognises but cannot pair (yet): named in the "not checked" note.
_UNPAIRABLE_TEXT = re.compile(r"scheveningen|schiller|double.?swiss|"
                              r"keizer|amalfi|monrad|accelerated", re.I)


def _is_team_file(t: Tournament) -> bool:
    code = t.system.strip().upper()
    return bool(t.teams or t.team_matches or t.lineups) or "TEAM" in code


def resolve_system(t: Tournament, system: "System | str | None" = None
                   ) -> tuple["System | None", str, str]:
    """The system to check ``t`` with, where that choice comes from, and — when pairchk cannot
    pair what the file declares — why not (then the system is None).

    Order: ``system`` (``--system``), the TRF26 192 code, a code or system name in the TRF16
    092 text or the format's own field, else the FIDE Dutch system. A team file is not
    checked with an individual system unless one is chosen explicitly.
    """
    from .. import systems

    if system is not None:
        if isinstance(system, str):
            return systems.get(system), "chosen with --system", ""
        return system, "chosen by the caller", ""
    team = _is_team_file(t)
    for label, value in (("the TRF26 192 code", t.system), ("the system text", t.system_text)):
        value = (value or "").strip()
        if not value:
            continue
        found = systems.for_code(value)
        where = f"from {label} {value}" if label.endswith("code") else f"from {label} {value!r}"
        if found is None:
            if re.fullmatch(r"[A-Z0-9_]+", value) and "_" in value:  # a code, not free text
                what = "team " if "TEAM" in value else ""
                return None, where, (f"the file declares the {what}pairing system {value}, which "
                                     "pairchk cannot pair: its rounds were not re-paired")
            if _UNPAIRABLE_TEXT.search(value):
                return None, where, (f"the file declares the pairing system {value!r}, which "
                                     "pairchk cannot pair: its rounds were not re-paired")
            found = next((systems.get(n) for rx, n in _TEXT_SYSTEMS if rx.search(value)), None)
        if found is None:
            continue
        if team and not found.teams:
            return _team_system(t, f"{where} names an individual system")
        return found, where, ""
    if team:
        return _team_system(t, "no system declared in the file")
    return systems.get("dutch"), "no system declared in the file: the FIDE Dutch system", ""


def _team_system(t: Tournament, why: str) -> tuple["System", str, str]:
    """A team file that declares no team system: a team round robin when the teams meet as
    in one (every team met every other once or twice, or the text says league / round robin),
    else the FIDE Swiss team system (C.04.6), the one FIDE team Swiss."""
    from .. import systems
    from ..teams import team_rounds

    history = team_rounds(t)
    n = len(history)
    met = [frozenset((a, r.opponent)) for a, rs in history.items() for r in rs
           if r.opponent is not None]
    pairs = {m for m in met}
    complete = n >= 3 and len(pairs) == n * (n - 1) // 2
    text = f"{t.system} {t.system_text}"
    if complete or re.search(r"league|liga|round.?robin|rundensystem|berger", text, re.I):
        return (systems.get("team-berger"),
                f"{why}; a team file whose teams meet as in a round robin: Berger tables for teams",
                "")
    return (systems.get("team"),
            f"{why}; a team file: the FIDE Swiss team system (C.04.6 2026)", "")


# --------------------------------------------------------------------------- one round


def _violation_texts(vs: list[Violation], t: Tournament | None = None) -> list[str]:
    """Each violation in words with its rule (unless the words already cite it) and, when the
    file names them, the players by number and name."""
    out = []
    for v in vs:
        text = v.text if not v.rule or v.rule in v.text else f"{v.text} ({v.rule})"
        named = [_who(t, n) for n in v.players] if t is not None else []
        if any(x != str(n) for x, n in zip(named, v.players)):
            text += " — " + "; ".join(named)
        out.append(text)
    return out


def _violation_json(vs: list[Violation]) -> list[dict]:
    return [{"rule": v.rule, "text": v.text, "players": list(v.players), "round": v.round}
            for v in vs]


def _team_of(t: Tournament) -> dict[int, int]:
    out = {m: team.number for team in t.teams for m in team.members}
    for p in t.players:
        if p.number not in out and p.team is not None:
            out[p.number] = p.team
    return out


def _basic_violations(t: Tournament, rnd: int, published: RoundPairing) -> list[Violation]:
    """Rules every system shares: one pairing-allocated bye per round (C.04.1 art. 3), counted
    per team in a team tournament (the players of the team with the bye all have one)."""
    pabs = _extra_pabs(t, rnd)
    if _is_team_file(t):
        # a team has the bye when members have a PAB and none of them meets an opponent (a "U"
        # beside games of the same team is a board left empty by the other team)
        teams = _team_of(t)
        playing = {teams.get(p.number) for p in t.players
                   if p.entry(rnd).kind.has_opponent and p.entry(rnd).opponent is not None}
        bye_teams = sorted({teams.get(n, -n) for n in pabs} - playing)
        if len(bye_teams) > 1:
            shown = ", ".join(str(x) if x > 0 else f"player {-x}" for x in bye_teams)
            return [Violation("C.04.1 art. 3", f"{len(bye_teams)} teams with a pairing-allocated "
                                               f"bye in one round (teams {shown})", (), rnd)]
        return []
    if len(pabs) > 1:
        return [Violation("C.04.1 art. 3", f"{len(pabs)} pairing-allocated byes in one round "
                                           f"({', '.join(map(str, pabs))}) (C.04.1 art. 3)",
                          tuple(pabs), rnd)]
    return []


def _colour_diffs(t: Tournament, number: int, upto: int) -> list[int]:
    """The colour difference (whites - blacks, games played) after each round 1..upto."""
    out, cd = [], 0
    p = t.by_number.get(number)
    for r in range(1, upto + 1):
        e = p.entry(r) if p is not None else None
        if e is not None and e.kind.played and e.opponent is not None:
            cd += 1 if e.color is Color.WHITE else -1 if e.color is Color.BLACK else 0
        out.append(cd)
    return out


def _continuing(t: Tournament, rnd: int, v: Violation) -> str:
    """When ``v`` is a colour difference beyond +/-2 (C.04.1 art. 6) that was already as bad
    before round ``rnd`` and that this round does not make worse: the note saying so, naming the
    round that caused it; else ``""``. The round to blame is the one that made it, not a later
    round that merely keeps it (issue 9)."""
    if "art. 6" not in v.rule or len(v.players) != 1:
        return ""
    n = v.players[0]
    diffs = _colour_diffs(t, n, rnd)
    before, after = (diffs[-2] if len(diffs) > 1 else 0), diffs[-1]
    if abs(before) <= 2 or abs(after) > abs(before) or (after > 0) != (before > 0):
        return ""
    cause = rnd - 1
    while cause > 1 and abs(diffs[cause - 2]) > 2 and (diffs[cause - 2] > 0) == (before > 0):
        cause -= 1
    return (f"{_who(t, n)}: colour difference {after:+d} after this round, but it was already "
            f"{before:+d} before it (beyond ±2 since round {cause}, the round to blame); this "
            f"round does not make it worse ({v.rule})")


def _who(t: Tournament, number: int) -> str:
    """``17 Meier, Hans`` (number and name; the number alone when the file has no name)."""
    p = t.by_number.get(number)
    return f"{number} {p.name}" if p is not None and p.name else str(number)


def _split_violations(t: Tournament, rnd: int, vs: list[Violation]
                      ) -> tuple[list[Violation], list[str]]:
    """Breaches this round causes, and notes on breaches it only continues."""
    new, notes = [], []
    for v in vs:
        note = _continuing(t, rnd, v)
        if note:
            notes.append(note)
        else:
            new.append(v)
    return new, notes


def check_round(t: Tournament, rnd: int, *, system: System, edition: str) -> RoundReport:
    """Check one round of ``t`` against the system's reference pairing."""
    if system.fixed:
        return _check_scheduled(system, system.state(t, rnd, edition=edition))
    published = system.published(t, rnd)
    state = system.state(_as_before(t, rnd), rnd, edition=edition)
    try:
        reference = system.pair(state)
    except UnpairableError as exc:
        report = RoundReport(rnd, "unpairable", published=published,
                             explanation=f"no legal pairing exists: {exc}")
        vs = system.violations(state, published) + _basic_violations(t, rnd, published)
        report.violations = _violation_texts(vs, t)
        if vs:
            report.details["violations"] = _violation_json(vs)
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
    vs, report.notes = _split_violations(
        t, rnd, system.violations(state, published) + _basic_violations(t, rnd, published))
    named = _named_view(t, system)  # teams are named and scored as teams in a team event
    report.violations = _violation_texts(vs, named)
    if vs:
        details["violations"] = _violation_json(vs)
    if diff.same and not vs:
        report.details = details
        return report
    _word_differences(report, details, diff)
    verdict = ""
    if not diff.same:
        report.explanation, crit, verdict = _explain(system, state, published, reference, diff,
                                                     edition, named)
        if crit:
            details["criterion"] = crit
    report.details = details
    report.status = "violation" if vs else "deviation"
    if diff.same:
        from .explain import BREAKS_RULE

        report.verdict = BREAKS_RULE
    else:
        _enrich(report, named, system, edition, published, reference, diff, verdict, state)
    return report


def _named_view(t: Tournament, system: System) -> Tournament:
    """The tournament the explanations read: for a team system the event at team level (one
    entry per team: its opponent, board-1 colour and match result, scored in match points),
    so that reports name teams, not the players of their first boards."""
    if not system.teams:
        return t
    from ..teams import as_team_tournament

    return as_team_tournament(t)


def _word_differences(report: RoundReport, details: dict, diff: "_Diff") -> None:
    if diff.only_published:
        report.differences.append(
            "pairs only in published: " + ", ".join(_pair_text(p) for p in diff.only_published))
        details["only_published"] = [[p.white, p.black] for p in diff.only_published]
    if diff.only_reference:
        report.differences.append(
            "pairs only in reference: " + ", ".join(_pair_text(p) for p in diff.only_reference))
        details["only_reference"] = [[p.white, p.black] for p in diff.only_reference]
    if diff.colours_swapped:
        report.differences.append(
            "colours swapped: " + ", ".join(
                f"{p.white}-{p.black} (reference {r.white}-{r.black})"
                for p, r in diff.colours_swapped))
        details["colours_swapped"] = [[p.white, p.black] for p, _ in diff.colours_swapped]
    if diff.bye:
        pb, rb = diff.bye
        report.differences.append(
            f"bye: published {pb if pb is not None else 'none'}, "
            f"reference {rb if rb is not None else 'none'}")
        details["bye"] = {"published": pb, "reference": rb}


def _dash(p: Pair) -> str:
    a, b = sorted(p.players)
    return f"{a}–{b}"


def _check_scheduled(system: System, st: Any) -> RoundReport:
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
    report.violations = _violation_texts(vs)  # schedule numbers: no names
    if vs:
        report.details["violations"] = _violation_json(vs)
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


# --------------------------------------------------------------------------- explanations


def _preference(st: Any, number: int) -> str:
    """``"5 prefers white (strong)"`` from the shared state (``""`` when it has no such player)."""
    ps = st.players.get(number) if st is not None else None
    if ps is None:
        return ""
    if ps.pref is Color.NONE:
        return f"{number} has no colour preference"
    return f"{number} prefers {'white' if ps.pref is Color.WHITE else 'black'} ({ps.pref_kind.value})"


def _articles(system: System, edition: str) -> tuple[str, str]:
    """(colour allocation rules, generation order) of the system, for the wording."""
    if system.name == "dutch":
        if edition == "2017":
            return "C.04.3 E.1-E.5 (2017)", "C.04.3 B, D"
        return "C.04.3 art. 5.2 (2026)", "C.04.3 art. 3-4"
    return f"of the {system.title}", f"the {system.title}"


def _explain(system: System, state: Any, published: RoundPairing, reference: RoundPairing,
             diff: "_Diff", edition: str, t: Tournament | None = None
             ) -> tuple[str, dict | None, str]:
    """(why, the deciding criterion as data, the verdict) for a round that differs."""
    from . import explain as ex

    pub_players, ref_players = _players(published), _players(reference)
    if pub_players != ref_players:
        parts = []
        extra = sorted(pub_players - ref_players)
        missing = sorted(ref_players - pub_players)

        def name(n: int) -> str:
            return ex.who(t, n) if t is not None else str(n)

        if extra:
            parts.append("published round pairs players who are not to be paired in this round: "
                         + ", ".join(map(name, extra)))
        if missing:
            parts.append("players to be paired are missing from the published round: "
                         + ", ".join(map(name, missing)))
        return "; ".join(parts), None, ex.NOT_PRESCRIBED
    evaluated = _for_evaluation(published, reference)
    try:
        worse = first_worse(*quality_records(system, state, evaluated, reference))
    except PairchkError as exc:
        return f"the published pairing could not be evaluated: {exc}", None, ex.NOT_PRESCRIBED
    if worse is not None:
        key, pub_value, ref_value, sign = worse
        label = criterion_label(key, edition, system.criteria(edition))
        crit = {"criterion": key, "edition": edition,
                "published": _jsonable(pub_value), "reference": _jsonable(ref_value)}
        found = find_criterion(system.criteria(edition), key)
        if found is not None:
            crit["words"], crit["article"] = found.words, found.article
        if sign > 0:
            return (f"{label}: published {_show(pub_value)}, reference {_show(ref_value)}",
                    crit, ex.NOT_PRESCRIBED)
        crit["published_better"] = True
        return (f"{label}: the published pairing is better ({_show(pub_value)} against "
                f"{_show(ref_value)}); the reference engine may be wrong here", crit, ex.BETTER)
    art, order = _articles(system, edition)
    if not (diff.only_published or diff.only_reference or diff.bye):
        st = ex.shared_state(_as_before(t, published.round), published.round, edition) \
            if t is not None else None
        prefs = [_preference(st, n) for p, _ in diff.colours_swapped
                 for n in (p.white, p.black)]
        if prefs and all(x.endswith("has no colour preference") for x in prefs):
            rule = (("art. 5.2.5" if edition == "2026" else "E.5") if system.name == "dutch"
                    else "the system's colour rules")
            tail = (f"; no player in these pairs has a colour preference, so the initial colour "
                    f"decides ({rule}): check the initial colour (TRF 152 / XXC)")
        else:
            shown = [x for x in prefs if x and not x.endswith("has no colour preference")][:6]
            tail = "; " + ", ".join(shown) if shown else ""
        return (f"same pairs, equally good on every criterion; colours differ from the colour "
                f"allocation rules {art}{tail}"), None, ex.COLOURS_ONLY
    if published.round == 1 and t is not None:
        first = ex.shared_state(t, 1, edition)
        if first is not None and all(ps.pairing_score == 0 for ps in first.players.values()):
            return (f"round 1 without acceleration: the rules fix the pairing completely from "
                    f"the pairing numbers (top half against bottom half, {order}); the "
                    f"published round pairs in another order: check the starting ranks "
                    f"(ratings, titles, names) the file was paired with"), None, ex.ROUND_ONE
    return (f"equally good on every criterion of the {edition} text; the reference pairing "
            f"comes first in the generation order ({order})"), None, ex.ORDER_ONLY


def _enrich(report: RoundReport, t: Tournament, system: System, edition: str,
            published: RoundPairing, reference: RoundPairing, diff: "_Diff",
            verdict: str, state: Any = None) -> None:
    """Verdict first, where the two part, who gains or loses what, the rule in one line."""
    from . import explain as ex

    st = ex.shared_state(_as_before(t, report.round), report.round, edition)
    report.verdict = ex.BREAKS_RULE if report.violations else verdict
    locate = getattr(system, "where", None)  # optional in the protocol (pairchk.system)
    report.where = (locate(state, published, reference) if callable(locate) and state is not None
                    else ex.where(st, published, reference))
    crit = report.details.get("criterion")
    found = find_criterion(system.criteria(edition), crit["criterion"]) if crit else None
    if crit:
        report.who = ex.facts(t, st, found, crit["criterion"], published, reference)
    elif verdict == ex.COLOURS_ONLY:
        rule5 = (ex.colour_rule_note(t, st, list(diff.colours_swapped), edition)
                 if system.name == "dutch" else [])  # the Dutch rule 5.2.5 / E.5 numbering
        report.who = rule5 or ex.facts(t, st, None, "colour", published, reference)
    else:
        report.who = ex.facts(t, st, None, "pairs", published, reference)
    accel = ex.acceleration_note(st, ex.parting(published, reference), t)
    if accel:
        report.who.append(accel)
    if found is not None:
        report.rule = f"{found.article}: {found.words}"


# --------------------------------------------------------------------------- the whole file


def _as_before(t: Tournament, rnd: int) -> Tournament:
    """``t`` as it stood when round ``rnd`` was paired, as far as the file tells.

    A file records the status at the time it was written: a player marked withdrawn who still
    has a game, forfeit or PAB in round ``rnd`` or later was evidently taking part then
    (C.04.2 3.2 applies from the withdrawal on), so is active for re-pairing ``rnd``.
    """
    changed = False
    players = []
    for p in t.players:
        if p.status is Status.WITHDRAWN and any(
            e.kind.has_opponent or e.kind is Kind.PAB for e in p.entries[rnd - 1:]
        ):
            p = p.replace(status=Status.ACTIVE)
            changed = True
        players.append(p)
    return t.replace(players=tuple(players)) if changed else t


def _guess_acceleration(t: Tournament, report: CheckReport, edition: str,
                        engine: System) -> tuple[Any, str] | None:
    """An acceleration that reproduces rounds 1-2 when the file declares none and deviates
    there (issue 11: say "rounds 1-2 match ..." rather than flag every board)."""
    early = [r for r in report.rounds if r.round <= 2]
    if declared(t) or not early or all(r.status == "ok" for r in early):
        return None
    return detect_acceleration(t, engine, edition=edition, candidates=(BAKU,) + SWISS_CHESS)


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


def _rematches(t: Tournament, rnd: int, published: RoundPairing) -> list[Violation]:
    """Two players meeting over the board a second time (C.04.1 art. 2), in an individual
    tournament that is not a double round robin."""
    if _is_team_file(t) or "DOUBLE" in t.system.upper():
        return []
    out = []
    for p in published.pairs:
        for r in range(1, rnd):
            e = t.player(p.white).entry(r) if p.white in t.by_number else None
            if e is not None and e.kind.played and e.opponent == p.black:
                out.append(Violation("C.04.1 art. 2", f"{p.white}-{p.black} already met in round "
                                                      f"{r}", (p.white, p.black), rnd))
                break
    return out


def _not_checked(t: Tournament, report: CheckReport, rounds: list[int] | None) -> None:
    """A file whose system pairchk cannot pair: its rounds are not re-paired, but the rules every
    system shares are still checked."""
    for rnd in rounds or _swiss_rounds(t, report):
        published = published_pairing(t, rnd)
        vs = _basic_violations(t, rnd, published) + _rematches(t, rnd, published)
        if vs:
            report.rounds.append(RoundReport(rnd, "violation", published=published,
                                             violations=_violation_texts(vs, t),
                                             details={"violations": _violation_json(vs)}))


def check(
    tournament: Tournament, system: "System | str | None" = None, edition: str | None = None,
    rounds: list[int] | None = None, path: str = "",
) -> CheckReport:
    """Check every paired round of ``tournament`` (or ``rounds``) with its pairing system.

    ``system`` is a registered name, a :class:`~pairchk.system.System`, or None for the one the
    file declares (see :func:`resolve_system`). When the file declares a system pairchk cannot
    pair, the report is "not checked" (``report.not_checked`` says why) and only the rules
    every system shares are checked.

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
        return report
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
    guessed = (_guess_acceleration(t, report, ed, chosen)
               if rounds is None and not chosen.fixed else None)
    if guessed is not None:
        variant, why_acc = guessed
        again = check(apply_acceleration(t, variant), system=chosen, edition=edition, path=path)
        again.system_reason = reason
        again.notes.insert(0, f"{why_acc}; the file does not say how it was accelerated, so every "
                              f"round was checked with it (--acceleration {variant.name})")
        return again
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
    round: int | None = None,
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
    ed, why = chosen.select_edition(t, edition)
    nxt = next_round(t)
    rnd = nxt if round is None else round
    if rnd < 1:
        raise PairchkError(f"round {rnd} does not exist; rounds start at 1")
    if rnd > nxt:
        done = f"rounds 1-{nxt - 1} are paired" if nxt > 2 else (
            "round 1 is paired" if nxt == 2 else "no round is paired yet")
        raise PairchkError(f"round {rnd} cannot be paired yet: {done}, so round {nxt} is the "
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
    paired = _players(result)
    absent = tuple(p.number for p in t.players if p.number not in paired)
    return PairResult(result, chosen.name, ed, why, reason, absent)
