"""Re-derive every round of a tournament with a pairing engine and explain each deviation.

For each round ``r`` the checker builds the state before ``r`` from the file's own recorded
history, pairs it with the engine (the *reference* pairing), and compares with the pairing
published in the file. A round is ``ok`` when pairs, colours and the pairing-allocated bye are
the same; otherwise the published pairing is evaluated with the same criteria and the first
criterion on which it is worse is named. Breaches of the absolute rules (C.04.1) are listed
separately and make the round a ``violation``.

>>> from pairchk.model import Tournament
>>> select_edition(Tournament(system="FIDE_DUTCH_2025"))
('2026', 'system code FIDE_DUTCH_2025 in the file means the 2026 text')
>>> select_edition(Tournament(start_date="2025-06-01"))
('2017', 'start date 2025-06-01 is before 2026-02-01')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from types import ModuleType
from typing import Any, Callable, Mapping

from .acceleration import BAKU, SWISS_CHESS, accelerations, apply_acceleration, declared, detect_acceleration
from .errors import PairchkError
from .model import Kind, Status, Tournament
from .pairing import CheckReport, Pair, RoundPairing, RoundReport, published_pairing

EDITIONS = ("2026", "2017")

# C.04.3 2026 applies from 1 Feb 2026; everything paired before is governed by the 2017 text
# (C0403Till2026). See docs/fide-rules.md section 0.
_NEW_TEXT_FROM = "2026-02-01"


class EngineUnavailable(PairchkError):
    """The pairing system named is not (yet) available in this installation."""


class EngineFailure(PairchkError):
    """The engine failed on a round for another reason than 'no legal pairing exists'."""


# --------------------------------------------------------------------------- edition


def select_edition(t: Tournament, override: str | None = None) -> tuple[str, str]:
    """The Dutch rule edition ("2026" or "2017") to check ``t`` with, and why.

    Order: ``override`` (``--edition``), the TRF26 192 system code (``FIDE_DUTCH_2017`` /
    ``_2025`` / ``_2026``; bbpPairings and TRF26 write 2025 for the text applied from
    1 Feb 2026), a year in the TRF16 092 text, the start date, else 2026.

    >>> select_edition(Tournament(system_text="Swiss Dutch 2017"))
    ('2017', "year 2017 in the system text 'Swiss Dutch 2017'")
    >>> select_edition(Tournament(), "2017")
    ('2017', 'chosen with --edition')
    >>> select_edition(Tournament())
    ('2026', 'no edition marker and no start date in the file: the rules in force')
    """
    if override is not None:
        if override not in EDITIONS:
            raise PairchkError(
                f"unknown edition {override!r}; known editions: {', '.join(EDITIONS)}"
            )
        return override, "chosen with --edition"
    for text in (t.system, t.system_text):
        m = re.search(r"FIDE_DUTCH_(\d{4})", text or "", re.IGNORECASE)
        if m:
            year = m.group(1)
            edition = "2017" if year in ("2016", "2017") else "2026"
            return edition, f"system code {m.group(0)} in the file means the {edition} text"
    for text in (t.system_text, t.system):
        m = re.search(r"\b(2016|2017|2025|2026)\b", text or "")
        if m:
            edition = "2017" if m.group(1) in ("2016", "2017") else "2026"
            return edition, f"year {m.group(1)} in the system text {text.strip()!r}"
    iso, shown = _start_date(t)
    if iso:
        if iso < _NEW_TEXT_FROM:
            return "2017", f"{shown} is before {_NEW_TEXT_FROM}"
        return "2026", f"{shown} is on or after {_NEW_TEXT_FROM}"
    return "2026", "no edition marker and no start date in the file: the rules in force"


def _start_date(t: Tournament) -> tuple[str, str]:
    """ISO start date (or a stand-in on the right side of 2026-02-01) and how to show it.

    Dates are read by :mod:`pairchk.formats.trf_dates` (the one place that knows the layouts
    files use); an ambiguous date with a four-digit year still settles the edition when the
    year does; failing that, the first round date.

    >>> _start_date(Tournament(start_date="28. 07. 2005"))
    ('2005-07-28', 'start date 2005-07-28')
    >>> _start_date(Tournament(start_date="03/04/2020"))
    ('2020-01-01', "start date '03/04/2020' (year 2020)")
    """
    from .formats.trf_dates import iso_date, iso_event_dates

    raw = (t.start_date or "").strip()
    if raw:
        iso = iso_event_dates(raw, t.end_date or "", tuple(t.round_dates_iso))[0] or iso_date(raw)
        if iso:
            return iso, f"start date {iso}"
        m = re.search(r"\b(\d{4})\b", raw)
        if m and m.group(1) != "2026":  # the year alone decides, except in 2026 itself
            return f"{m.group(1)}-01-01", f"start date {raw!r} (year {m.group(1)})"
    first = next((d for d in t.round_dates_iso if d), "")
    if first:
        return first, f"the first round date {first}"
    return "", ""


# --------------------------------------------------------------------------- engine adapter


@dataclass(frozen=True)
class Engine:
    """What the checker needs from a Swiss pairing system (adapter over its module).

    ``round_state(t, rnd, edition=...)`` builds the state before ``rnd``; ``pair(state)``
    returns the reference pairing or raises ``unpairable``; ``criteria_values(state, pairing)``
    gives the edition's quality criteria in priority order (lower is better);
    ``absolute_violations(state, pairing)`` lists breaches of the absolute rules.
    """

    name: str
    round_state: Callable[..., Any]
    pair: Callable[[Any], RoundPairing]
    criteria_values: Callable[[Any, RoundPairing], Mapping[str, Any]]
    absolute_violations: Callable[[Any, RoundPairing], list[str]]
    unpairable: type[BaseException]


def is_swiss_module(mod: ModuleType) -> bool:
    """True when ``mod`` exposes the engine API the checker drives."""
    return all(hasattr(mod, a) for a in ("pair", "criteria_values", "absolute_violations"))


def engine_for(name: str = "dutch", mod: ModuleType | None = None) -> Engine:
    """The engine of system ``name`` (its module in :mod:`pairchk.systems`)."""
    try:
        if mod is None:
            from . import systems

            mod = systems.get(name)
        round_state = getattr(mod, "round_state", None)  # a system may bring its own state
        if round_state is None:
            from .state import round_state
    except ModuleNotFoundError as exc:
        raise EngineUnavailable(
            f"pairing system {name!r} is not available in this installation ({exc.name} is missing)"
        ) from None
    if not is_swiss_module(mod):
        raise EngineUnavailable(f"pairing system {name!r} has no pairing engine to check with")
    unpairable = getattr(mod, "UnpairableError", None) or _NeverRaised
    return Engine(name, round_state, mod.pair, mod.criteria_values, mod.absolute_violations,
                  unpairable)


class _NeverRaised(Exception):
    pass


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


def pair_round(
    t: Tournament, rnd: int | None = None, *, edition: str | None = None,
    engine: Engine | None = None,
) -> tuple[RoundPairing, str, str]:
    """Pair round ``rnd`` (default: the next one) from the history before it.

    Returns the pairing in board order, the edition used and why. Raises the engine's
    unpairable error when no legal pairing exists.
    """
    engine = engine or engine_for("dutch")
    ed, why = select_edition(t, edition)
    if rnd is None:
        rnd = t.played_rounds + 1
    if rnd < 1:
        raise PairchkError(f"round {rnd} does not exist; rounds start at 1")
    pending = sorted({r for p in t.players for r, e in enumerate(p.entries[: rnd - 1], 1)
                      if e.kind is Kind.PENDING})
    if pending:  # scores, colours and floats before rnd depend on those results
        raise PairchkError(
            f"round {pending[0]} has games without a result; enter the results before pairing "
            f"round {rnd}")
    state = engine.round_state(t, rnd, edition=ed)
    result = engine.pair(state)
    players = getattr(state, "players", None)
    if isinstance(players, Mapping) and all(hasattr(p, "pairing_score") for p in players.values()):
        scores = {n: p.pairing_score for n, p in players.items()}  # the shared derived state
    else:  # an engine whose state carries no pairing scores
        scores = pairing_scores(t, rnd)
    return board_order(result, scores), ed, why


# --------------------------------------------------------------------------- criteria wording

# What each criterion minimises; numbering of the 2026 text (C0403202602) and of the 2017
# text (C0403Till2026, letters C.1-C.19). Used only to word explanations. The score-based
# criteria (2026 C7, C18-C21; 2017 C.16-C.19) are valued by the Dutch engine as counts per
# score group, highest group first, compared lexicographically.
_CRITERIA_2026 = {
    1: "rematches (absolute)",
    2: "PAB to an ineligible player (absolute)",
    3: "non-topscorers with the same absolute colour preference paired together (absolute)",
    4: "completion: a legal pairing must remain for the players not yet paired",
    5: "score of the PAB assignee",
    6: "number of downfloaters",
    7: "downfloaters by score (count per score group, highest first)",
    8: "downfloaters chosen so that the next bracket complies with C1-C7",
    9: "unplayed games of the PAB assignee",
    10: "topscorers or their opponents with a colour difference beyond +/-2",
    11: "topscorers or their opponents with the same colour three times in a row",
    12: "players not getting their colour preference",
    13: "players not getting their strong colour preference",
    14: "resident downfloaters who downfloated in the previous round",
    15: "MDP opponents who upfloated in the previous round",
    16: "resident downfloaters who downfloated two rounds before",
    17: "MDP opponents who upfloated two rounds before",
    18: "MDPs who downfloated in the previous round, by score (count per score group)",
    19: "MDPs whose opponents upfloated in the previous round, by score (count per score group)",
    20: "MDPs who downfloated two rounds before, by score (count per score group)",
    21: "MDPs whose opponents upfloated two rounds before, by score (count per score group)",
}
_CRITERIA_2017 = {
    1: "rematches (absolute)",
    2: "PAB to an ineligible player (absolute)",
    3: "non-topscorers with the same absolute colour preference paired together (absolute)",
    4: "completion of the pairing in the PPB / collapsed last bracket",
    5: "number of downfloaters (maximise the number of pairs)",
    6: "pairing score differences (PSD), highest first",
    7: "pairs and PSD of the next bracket",
    8: "topscorers or their opponents with a colour difference beyond +/-2",
    9: "topscorers or their opponents with the same colour three times in a row",
    10: "players not getting their colour preference",
    11: "players not getting their strong colour preference",
    12: "downfloaters who downfloated in the previous round",
    13: "upfloaters who upfloated in the previous round",
    14: "downfloaters who downfloated two rounds before",
    15: "upfloaters who upfloated two rounds before",
    16: "downfloaters who downfloated in the previous round, by score (count per score group)",
    17: "downfloaters whose opponents upfloated in the previous round, by score (count per score group)",
    18: "downfloaters who downfloated two rounds before, by score (count per score group)",
    19: "downfloaters whose opponents upfloated two rounds before, by score (count per score group)",
}


def criterion_label(key: str, edition: str) -> str:
    """``C12 (2026)`` / ``C.10 (2017)`` followed by what the criterion minimises.

    >>> criterion_label("C12", "2026")
    'C12 (2026) players not getting their colour preference'
    >>> criterion_label("C10", "2017")
    'C.10 (2017) players not getting their colour preference'
    """
    m = re.fullmatch(r"C\.?(\d+)", key.strip(), re.IGNORECASE)
    if not m:
        return f"{key} ({edition})"
    n = int(m.group(1))
    table = _CRITERIA_2017 if edition == "2017" else _CRITERIA_2026
    name = f"C.{n}" if edition == "2017" else f"C{n}"
    what = table.get(n)
    return f"{name} ({edition}) {what}" if what else f"{name} ({edition})"


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


def check_round(t: Tournament, rnd: int, *, edition: str, engine: Engine) -> RoundReport:
    """Check one round of ``t`` against the engine's reference pairing."""
    published = published_pairing(t, rnd)
    state = engine.round_state(_as_before(t, rnd), rnd, edition=edition)
    try:
        reference = engine.pair(state)
    except engine.unpairable as exc:
        report = RoundReport(rnd, "unpairable", published=published,
                             explanation=f"no legal pairing exists: {exc}")
        report.violations = _violations(t, rnd, state, published, engine)
        return report
    except PairchkError:
        raise
    except Exception as exc:  # an engine bug must not pass for a verdict on the file
        raise EngineFailure(f"round {rnd}: the {engine.name} engine failed: {exc!r}") from exc

    diff = compare(published, reference)
    report = RoundReport(rnd, "ok", published=published, expected=reference)
    details: dict[str, Any] = {}
    if diff.uncoloured:
        details["uncoloured"] = [[p.white, p.black] for p in diff.uncoloured]
        report.differences.append(
            "compared on pairs only (no colours in the file): "
            + ", ".join(f"{p.white}-{p.black}" for p in diff.uncoloured)
        )
    report.violations = _violations(t, rnd, state, published, engine)
    if diff.same and not report.violations:
        report.details = details
        return report

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

    if not diff.same:
        report.explanation, crit = _explain(state, published, reference, diff, edition, engine)
        if crit:
            details["criterion"] = crit
    report.details = details
    report.status = "violation" if report.violations else "deviation"
    return report


def _violations(t: Tournament, rnd: int, state: Any, published: RoundPairing,
                engine: Engine) -> list[str]:
    out = list(engine.absolute_violations(state, published))
    pabs = _extra_pabs(t, rnd)
    if len(pabs) > 1:  # C.04.1 art. 3: at most one pairing-allocated bye per round
        out.append(f"{len(pabs)} pairing-allocated byes in one round "
                   f"({', '.join(map(str, pabs))}) (C.04.1 art. 3)")
    return out


def _preference(state: Any, number: int) -> str:
    """``"5 prefers white (strong)"`` from the shared state, or ``""`` if it has no such data."""
    players = getattr(state, "players", None)
    ps = players.get(number) if isinstance(players, Mapping) else None
    pref, kind = getattr(ps, "pref", None), getattr(ps, "pref_kind", None)
    if pref is None:
        return ""
    colour = {"w": "white", "b": "black"}.get(getattr(pref, "value", ""))
    if colour is None:
        return f"{number} has no colour preference"
    return f"{number} prefers {colour} ({getattr(kind, 'value', kind)})"


def _explain(state: Any, published: RoundPairing, reference: RoundPairing, diff: _Diff,
             edition: str, engine: Engine) -> tuple[str, dict | None]:
    pub_players, ref_players = _players(published), _players(reference)
    if pub_players != ref_players:
        parts = []
        extra = sorted(pub_players - ref_players)
        missing = sorted(ref_players - pub_players)
        if extra:
            parts.append("published round pairs players who are not to be paired in this round: "
                         + ", ".join(map(str, extra)))
        if missing:
            parts.append("players to be paired are missing from the published round: "
                         + ", ".join(map(str, missing)))
        return "; ".join(parts), None
    evaluated = _for_evaluation(published, reference)
    try:
        pub_values = engine.criteria_values(state, evaluated)
        ref_values = engine.criteria_values(state, reference)
    except PairchkError as exc:
        return f"the published pairing could not be evaluated: {exc}", None
    for key, ref_value in ref_values.items():
        pub_value = pub_values.get(key)
        verdict = _worse(pub_value, ref_value)
        if verdict == 0:
            continue
        label = criterion_label(key, edition)
        crit = {"criterion": key, "edition": edition,
                "published": _jsonable(pub_value), "reference": _jsonable(ref_value)}
        if verdict > 0:
            return (f"{label}: published {_show(pub_value)}, reference {_show(ref_value)}",
                    crit)
        crit["published_better"] = True
        return (f"{label}: the published pairing is better ({_show(pub_value)} against "
                f"{_show(ref_value)}); the reference engine may be wrong here", crit)
    art = "C.04.3 art. 5.2 (2026)" if edition == "2026" else "C.04.3 E.1-E.5 (2017)"
    if not (diff.only_published or diff.only_reference or diff.bye):
        prefs = [_preference(state, n) for p, _ in diff.colours_swapped
                 for n in (p.white, p.black)]
        if prefs and all(x.endswith("has no colour preference") for x in prefs):
            rule = "art. 5.2.5" if edition == "2026" else "E.5"
            tail = (f"; no player in these pairs has a colour preference, so the initial colour "
                    f"decides ({rule}): check the initial colour (TRF 152 / XXC)")
        else:
            shown = [x for x in prefs if x and not x.endswith("has no colour preference")][:6]
            tail = "; " + ", ".join(shown) if shown else ""
        return (f"same pairs, equally good on every criterion; colours differ from the colour "
                f"allocation rules {art}{tail}"), None
    order = "C.04.3 art. 3-4" if edition == "2026" else "C.04.3 B, D"
    return (f"equally good on every criterion of the {edition} text; the reference pairing "
            f"comes first in the generation order ({order})"), None


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
                        engine: Engine) -> tuple[Any, str] | None:
    """An acceleration that reproduces rounds 1-2 when the file declares none and deviates
    there (issue 11: say "rounds 1-2 match ..." rather than flag every board)."""
    early = [r for r in report.rounds if r.round <= 2]
    if declared(t) or not early or all(r.status == "ok" for r in early):
        return None
    return detect_acceleration(t, engine, edition=edition, candidates=(BAKU,) + SWISS_CHESS)


def _is_paired(p: RoundPairing) -> bool:
    return bool(p.pairs) or p.bye is not None


def check(
    t: Tournament, *, path: str = "", edition: str | None = None, engine: Engine | None = None,
    rounds: list[int] | None = None,
) -> CheckReport:
    """Check every recorded round of ``t`` (or ``rounds``) with the Dutch engine.

    ``engine`` defaults to the Dutch system; tests inject their own.
    """
    engine = engine or engine_for("dutch")
    ed, why = select_edition(t, edition)
    report = CheckReport(path=path, system=engine.name, edition=ed, edition_reason=why)
    code = t.system.strip().upper()
    if engine.name == "dutch" and code.startswith("FIDE_") and not code.startswith("FIDE_DUTCH"):
        # e.g. FIDE_BURSTEIN, FIDE_DUBOV (TRF26 192): say so rather than cry wolf silently
        report.notes.append(f"the file declares the system {t.system.strip()}, which pairchk has no "
                            "engine for: its rounds were checked against the FIDE Dutch rules")
    played = t.played_rounds
    if rounds is None:
        # Rounds after the last paired one may hold only pre-set byes or absences (H, Z, F
        # entered ahead): they are not paired yet, so there is nothing to compare.
        last = played
        while last and not _is_paired(published_pairing(t, last)):
            last -= 1
        if last < played:
            which = f"round {played}" if last + 1 == played else f"rounds {last + 1}-{played}"
            report.notes.append(f"{which}: only byes or absences recorded, not paired yet: "
                                "not checked")
        played = last
    for rnd in rounds or range(1, played + 1):
        report.rounds.append(check_round(t, rnd, edition=ed, engine=engine))
    guessed = _guess_acceleration(t, report, ed, engine) if rounds is None else None
    if guessed is not None:
        variant, why = guessed
        again = check(apply_acceleration(t, variant), path=path, edition=edition, engine=engine)
        again.notes.insert(0, f"{why}; the file does not say how it was accelerated, so every "
                              f"round was checked with it (--acceleration {variant.name})")
        return again
    if played == 0 and rounds is None:
        report.notes.append("no round has been paired yet: nothing to check")
    recorded = t.played_rounds
    if t.rounds and t.rounds > recorded and rounds is None:
        if recorded + 1 == t.rounds:
            report.notes.append(f"round {t.rounds} of {t.rounds} is not played yet")
        else:
            report.notes.append(f"rounds {recorded + 1}-{t.rounds} of {t.rounds} are not played yet")
    return report
