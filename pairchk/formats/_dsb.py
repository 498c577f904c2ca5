"""What the three DSB (German federation, DWZ) submission formats share: player identifiers,
birth years, the required-data check and the error that lists every gap.

DSB identifiers travel in ``Player.extra``: ``dsb.vkz`` (club code, ZPS 5 characters),
``dsb.member`` (member number in the club), ``dsb.id`` (PKZ). Swiss-Chess files give
``swt.zps_club``/``swt.zps_member``/``swt.pkz``, used when the ``dsb.*`` keys are absent.
"""

from __future__ import annotations

import datetime as _dt
import re
import uuid

from ..errors import PairchkError
from ..model import Kind, Player, RoundEntry, Tournament

_VKZ = re.compile(r"^[A-Za-z0-9]{5}$")
_YEAR = re.compile(r"^(\d{4})")
_FULL_DATE = re.compile(r"^(\d{4})[/-](\d{2})[/-](\d{2})$")


def refuse_unknown_options(fmt: str, options: dict, known: dict) -> None:
    """A DSB writer takes only its own ``OPTIONS``; any other option is refused by name.

    >>> refuse_unknown_options("elobase", {"colour": "x"}, {"details": "line 2"})
    Traceback (most recent call last):
    ...
    pairchk.errors.PairchkError: elobase: unknown option(s) colour; known: details
    """
    unknown = set(options) - set(known)
    if unknown:
        raise PairchkError(f"{fmt}: unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(known)}")


class MissingDataError(PairchkError):
    """The tournament lacks data a DSB submission requires; ``gaps`` lists every one."""

    def __init__(self, fmt: str, gaps: list[str]) -> None:
        self.gaps = gaps
        lines = "\n".join(f"  - {g}" for g in gaps)
        super().__init__(
            f"{fmt}: {len(gaps)} required item(s) missing:\n{lines}\n"
            "hint: supply them with convert --set KEY=VALUE (as shown above), or fix the source file")


def extra(p: Player, *keys: str) -> str:
    d = dict(p.extra)
    for k in keys:
        if d.get(k, "").strip():
            return d[k].strip()
    return ""


def vkz(p: Player) -> str:
    v = extra(p, "dsb.vkz", "swt.zps_club")
    return v if _VKZ.match(v) else ""


def member_no(p: Player) -> int | None:
    m = extra(p, "dsb.member", "swt.zps_member")
    return int(m) if m.isdecimal() and 1 <= int(m) <= 99999 else None


def dsb_id(p: Player) -> str:
    return extra(p, "dsb.id", "swt.pkz")


def birth_year(p: Player) -> str:
    m = _YEAR.match(p.birth.strip())
    return m[1] if m and m[1] != "0000" else ""


def birth_date(p: Player) -> str:
    """ISO date of birth when the full date is known, else ""."""
    m = _FULL_DATE.match(p.birth.strip())
    if not m:
        return ""
    try:
        return _dt.date(int(m[1]), int(m[2]), int(m[3])).isoformat()
    except ValueError:  # "1980/00/00" and other placeholders: the year alone is known
        return ""


def notes(text: str | None) -> tuple[str, ...]:
    r"""The lines of a ``<notes>`` text as comments; blank lines dropped, leading blanks kept
    (TRF ``###`` comments are often indented).

    >>> notes("\n  indented\n\nplain\n")
    ('  indented', 'plain')
    """
    return tuple(x.rstrip("\r") for x in (text or "").split("\n") if x.strip())


def split_name(name: str) -> tuple[str, str]:
    """("Nachname", "Vorname"); a single name goes into both (as the DSB schema asks)."""
    last, sep, first = name.partition(",")
    last, first = last.strip(), first.strip()
    if not sep or not first:
        return last, last
    return last, first


def tournament_uuid(t: Tournament, given: str | None) -> str:
    """The given UUID, else one derived from name, start date and place: a corrected file for
    the same tournament gets the same UUID, as the DSB requires."""
    if given:
        return str(uuid.UUID(given))
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"pairchk:dsb:{t.name}|{t.start_date}|{t.city}"))


_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_YMD = re.compile(r"^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$")
_DMY_DOTS = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")


def iso_date(text: str) -> str:
    """ISO form of an unambiguous date (``YYYY-MM-DD``, ``YYYY/MM/DD``, German ``DD.MM.YYYY``);
    anything else (e.g. ``08/04/2018``, day and month ambiguous) is returned unchanged.

    >>> iso_date("2018/04/08"), iso_date("8.4.2018"), iso_date("08/04/2018")
    ('2018-04-08', '2018-04-08', '08/04/2018')
    """
    s = text.strip()
    m = _YMD.match(s)
    if m:
        return f"{m[1]}-{int(m[2]):02d}-{int(m[3]):02d}"
    m = _DMY_DOTS.match(s)
    if m:
        return f"{m[3]}-{int(m[2]):02d}-{int(m[1]):02d}"
    return s


def with_iso_dates(t: Tournament) -> Tournament:
    return t.replace(start_date=iso_date(t.start_date), end_date=iso_date(t.end_date))


def required_gaps(t: Tournament, *, need_start: bool = True, need_place: bool = True,
                  need_timecontrol: bool = True) -> list[str]:
    """Every missing required item, each with the ``--set`` that supplies it."""
    gaps = []
    if not t.name.strip():
        gaps.append("tournament name (--set name=...)")
    if need_timecontrol and not t.time_control.strip():
        gaps.append("time control (--set timecontrol='90 min/40 moves + 30 min, 30 s/move')")
    if need_place and not t.city.strip():
        gaps.append("place (--set location=...)")
    if need_start and not _ISO.match(t.start_date):
        gaps.append(f"start date (--set start=YYYY-MM-DD){'; found ' + repr(t.start_date) + ', day and month ambiguous' if t.start_date else ''}")
    if not _ISO.match(t.end_date):
        gaps.append(f"end date (--set end=YYYY-MM-DD){'; found ' + repr(t.end_date) + ', day and month ambiguous' if t.end_date else ''}")
    if len(t.players) < 2:
        gaps.append("at least two players")
    for p in t.players:
        if not birth_year(p):
            gaps.append(f"player {p.number} ({p.name or 'no name'}): birth year (--set birth.{p.number}=YYYY)")
    for p in t.players:
        for r, e in enumerate(p.entries, 1):
            if e.kind.name == "PENDING" and (e.color.name == "WHITE" or p.number < (e.opponent or 0)):
                gaps.append(f"round {r}: game {p.number} - {e.opponent} has no result")
    return gaps


def absent_gaps(entries: list) -> list:
    """Rounds without a game before a player's last recorded round are absences (TRF blank):
    the DSB formats record games only, so a bye or absence leaves a gap."""
    last = max((i for i, e in enumerate(entries) if e.kind is not Kind.NOT_PAIRED), default=-1)
    return [RoundEntry(Kind.ABSENT) if i < last and e.kind is Kind.NOT_PAIRED else e
            for i, e in enumerate(entries)]


def round_dates(t: Tournament) -> tuple[str, ...]:
    """ISO round dates: ``round_dates_iso``, else the unambiguous ones of ``round_dates``."""
    if any(t.round_dates_iso):
        return t.round_dates_iso
    return tuple(d if _ISO.match(d) else "" for d in (iso_date(x) for x in t.round_dates))
