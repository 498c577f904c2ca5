"""Submission readiness: what a rating office needs that the file lacks or gets wrong.

FIDE (rating report as TRF, FIDE Rating Regulations and TRF16/TRF26 field rules): tournament
name 012, city 022, federation 032, start and end dates 042/052 as YYYY/MM/DD, round dates 132
for every played round, chief arbiter 102, time control 122; per player a FIDE id, birth,
sex, federation, a known title code; unrated players are listed (not a gap); byes and forfeits
written with the codes the report expects (U for the pairing-allocated bye, + / - with the
opponent for forfeits; games shorter than one move as W/D/L; an F is reported).
DSB: the DSB 2.5 XML writer's required items (pairchk/formats/_dsb.py), then the XSD and the
rules it does not enforce (pairchk/formats/dsb_xml.validate); club ids (VKZ) are listed.

The submission file is produced only when nothing is missing; otherwise every gap is listed
with the ``--set KEY=VALUE`` that fills it.

>>> from pairchk.model import Tournament, Player
>>> r = readiness(Tournament(name="Open", players=(Player(1, "A"), Player(2, "B"))), "fide")
>>> r.gaps[0]
'022 city: missing (--set city=...)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import PairchkError
from .formats import settings as S
from .model import Kind, Tournament

OFFICES = ("fide", "dsb")

_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TITLES = {"", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "HM", "AGM", "AIM", "AFM",
           "ACM", "WH"}
_FIDE_ID = re.compile(r"^\d{3,10}$")


@dataclass(frozen=True)
class Readiness:
    office: str
    gaps: tuple[str, ...]  # each ends with the --set that fills it, when one can
    notes: tuple[str, ...]
    data: bytes  # the submission file; empty when there are gaps

    def text(self) -> str:
        head = (f"{self.office.upper()} submission: ready" if not self.gaps else
                f"{self.office.upper()} submission: NOT ready, {len(self.gaps)} item(s) missing")
        lines = [head] + [f"  missing: {g}" for g in self.gaps]
        lines += [f"  note: {n}" for n in self.notes]
        return "\n".join(lines)


def readiness(t: Tournament, office: str, sets: list[str] | None = None) -> Readiness:
    """Apply ``--set`` items, then list every gap for ``office``; build the file if none."""
    values = S.parse_settings(sets or [])
    rounddates = values.pop("rounddates", None)
    t, rest = S.apply_settings(t, values)
    if rounddates:
        t = t.replace(round_dates_iso=tuple(x.strip() for x in rounddates.split(",")),
                      round_dates=tuple(x.strip() for x in rounddates.split(",")))
    if office == "fide":
        if rest:
            S.check_options(rest, "fide submission", {})
        return _fide(t)
    if office == "dsb":
        return _dsb(t, rest)
    raise PairchkError(f"unknown rating office {office!r}; known: {', '.join(OFFICES)}")


# --------------------------------------------------------------------------- FIDE


def _fide(t: Tournament) -> Readiness:
    gaps = _fide_tournament(t) + _fide_players(t) + _fide_results(t)
    notes = _fide_notes(t)
    if gaps:
        return Readiness("fide", tuple(gaps), tuple(notes), b"")
    from . import formats

    fixed = t.replace(start_date=_iso(t.start_date), end_date=_iso(t.end_date))
    return Readiness("fide", (), tuple(notes), formats.dump(fixed, "trf").data)


def _iso(d: str) -> str:
    from .formats._dsb import iso_date

    return iso_date(d)


def _fide_tournament(t: Tournament) -> list[str]:
    gaps = []
    for code, value, key in (("012 tournament name", t.name, "name"), ("022 city", t.city, "city"),
                             ("032 federation", t.federation, "federation"),
                             ("102 chief arbiter", t.chief_arbiter, "arbiter"),
                             ("122 time control", t.time_control, "timecontrol")):
        if not value.strip():
            gaps.append(f"{code}: missing (--set {key}=...)")
    if t.federation.strip() and not re.fullmatch(r"[A-Z]{3}", t.federation.strip()):
        gaps.append(f"032 federation {t.federation!r} is not a 3-letter FIDE code "
                    "(--set federation=XXX)")
    gaps += _date_gap("042 start date", t.start_date, "start", _first_round(t))
    gaps += _date_gap("052 end date", t.end_date, "end", _last_round(t))
    played = t.played_rounds
    dates = [d for d in t.round_dates_iso[:played]]
    if played and (len(dates) < played or not all(dates)):
        have = ",".join(d or "?" for d in dates) or "none"
        gaps.append(f"132 round dates: {played} rounds played, dates known: {have} "
                    "(--set rounddates=YYYY-MM-DD,YYYY-MM-DD,...)")
    return gaps


def _first_round(t: Tournament) -> str:
    return next((d for d in t.round_dates_iso if d), "")


def _last_round(t: Tournament) -> str:
    return next((d for d in reversed(t.round_dates_iso[: t.played_rounds]) if d), "")


def _date_gap(what: str, value: str, key: str, hint: str) -> list[str]:
    iso = _iso(value) if value else ""
    if _ISO.match(iso):
        return []
    if not value.strip():
        return [f"{what}: missing (--set {key}=YYYY-MM-DD)"]
    guess = ""
    m = re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", value.strip())
    if m and hint:
        dmy = f"{m[3]}-{int(m[2]):02d}-{int(m[1]):02d}"
        mdy = f"{m[3]}-{int(m[1]):02d}-{int(m[2]):02d}"
        fits = sorted({d for d in (dmy, mdy) if _real_date(d)
                       and (d <= hint if key == "start" else d >= hint)})
        guess = f"; the round dates suggest {fits[0]}" if len(fits) == 1 else ""
    return [f"{what} {value!r} is not YYYY/MM/DD (day and month ambiguous{guess}) "
            f"(--set {key}=YYYY-MM-DD)"]


def _real_date(d: str) -> bool:
    import datetime

    try:
        datetime.date.fromisoformat(d)
    except ValueError:
        return False
    return True


def _fide_players(t: Tournament) -> list[str]:
    gaps = []
    for p in t.players:
        who = f"player {p.number} ({p.name or 'no name'})"
        if not p.name.strip():
            gaps.append(f"{who}: name missing (--set name.{p.number}=...)")
        if not _FIDE_ID.match(p.fide_id.strip()):
            gaps.append(f"{who}: FIDE id missing or malformed {p.fide_id!r} "
                        f"(--set fide_id.{p.number}=...)")
        if not re.match(r"^\d{4}", p.birth.strip()) or p.birth.startswith("0000"):
            gaps.append(f"{who}: birth missing (--set birth.{p.number}=YYYY or YYYY-MM-DD)")
        if p.sex.lower() not in ("m", "w", "f"):
            gaps.append(f"{who}: sex missing (--set sex.{p.number}=m|w)")
        if not re.fullmatch(r"[A-Z]{3}", p.federation.strip()):
            gaps.append(f"{who}: federation missing (--set federation.{p.number}=XXX)")
        if p.title.strip().upper() not in _TITLES:
            gaps.append(f"{who}: unknown title {p.title!r} (--set title.{p.number}=GM|IM|...)")
    return gaps


def _fide_results(t: Tournament) -> list[str]:
    gaps = []
    by = t.by_number
    for p in t.players:
        for r, e in enumerate(p.entries, 1):
            if e.kind is Kind.PENDING:
                gaps.append(f"round {r}: game {p.number} - {e.opponent} has no result")
            if e.kind.has_opponent and e.opponent is not None and e.kind is not Kind.PENDING:
                other = by.get(e.opponent)
                back = other.entry(r) if other else None
                if back is None or back.opponent != p.number:
                    gaps.append(f"round {r}: player {p.number} meets {e.opponent}, who does not "
                                "have him as opponent (fix the source file)")
        if p.points is not None and p.points != t.score(p.number):
            gaps.append(f"player {p.number} ({p.name}): declared points {p.points} differ from "
                        f"the results ({t.score(p.number)}) (fix the source file)")
    return gaps


def _fide_notes(t: Tournament) -> list[str]:
    notes = []
    unrated = [p.number for p in t.players if not p.rating]
    if unrated:
        notes.append(f"{len(unrated)} unrated player(s): " + ", ".join(map(str, unrated[:20]))
                     + (" ..." if len(unrated) > 20 else ""))
    full = [(p.number, r) for p in t.players for r, e in enumerate(p.entries, 1)
            if e.kind is Kind.FULL_BYE]
    if full:
        notes.append(f"{len(full)} full-point bye(s) written F (not rated; a pairing-allocated "
                     "bye must be U): " + ", ".join(f"{n} in round {r}" for n, r in full[:10]))
    lone = [(p.number, r) for p in t.players for r, e in enumerate(p.entries, 1)
            if e.kind.is_forfeit and e.opponent is None]
    if lone:
        notes.append(f"{len(lone)} forfeit(s) without an opponent (not rated): "
                     + ", ".join(f"{n} in round {r}" for n, r in lone[:10]))
    if t.declared_players is not None and t.declared_players != len(t.players):
        notes.append(f"062 says {t.declared_players} players, the file lists {len(t.players)}")
    rated = len(t.players) - len(unrated)
    if t.declared_rated is not None and t.declared_rated != rated:
        notes.append(f"072 says {t.declared_rated} rated players, the file has {rated}")
    return notes


# --------------------------------------------------------------------------- DSB


def _dsb(t: Tournament, options: dict[str, str]) -> Readiness:
    from .formats import _dsb, dsb_xml

    try:
        dumped = dsb_xml.dump(t, **options)
    except _dsb.MissingDataError as exc:
        return Readiness("dsb", tuple(exc.gaps), tuple(_dsb_notes(t)), b"")
    problems = dsb_xml.validate(dumped.data)
    if problems:
        return Readiness("dsb", tuple(f"DSB XML check: {x}" for x in problems),
                         tuple(_dsb_notes(t)), b"")
    return Readiness("dsb", (), tuple(_dsb_notes(t)), dumped.data)


def _dsb_notes(t: Tournament) -> list[str]:
    from .formats import _dsb

    no_club = [p.number for p in t.players if not _dsb.vkz(p)]
    if not no_club:
        return []
    return [f"{len(no_club)} player(s) without a club id (VKZ/ZPS; matched by name and birth "
            "instead): " + ", ".join(map(str, no_club[:20])) + (" ..." if len(no_club) > 20 else "")]
