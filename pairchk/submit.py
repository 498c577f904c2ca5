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
with the ``--set KEY=VALUE`` that fills it. What FIDE already holds on a registered player's
record (sex, birth, federation of a player with a FIDE id) is a note, not a gap.

``--players FILE`` fills missing player data in bulk (:func:`fill_players`): from a CSV with
a header (``fide_id``, ``name``, ``federation``, ``sex``, ``birth``, ``title``; the FIDE
rating list's own column names are understood too) or from the FIDE rating list as FIDE
publishes it (the fixed-column TXT or the XML), matched by FIDE id, or by name and federation
when asked (``by_name``). It fills only what the file lacks and says what it filled.

>>> from pairchk.model import Tournament, Player
>>> r = readiness(Tournament(name="Open", players=(Player(1, "A"), Player(2, "B"))), "fide")
>>> r.gaps[0]
'022 city: missing (--set city=...)'
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .errors import FormatError, PairchkError
from .formats import settings as S
from .model import Kind, Player, Tournament

OFFICES = ("fide", "dsb")

_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TITLES = {"", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "HM", "AGM", "AIM", "AFM",
           "ACM", "WH",
           # the one- and two-letter codes of older FIDE rating lists and TRF files
           "G", "M", "F", "C", "WG", "WM", "WF", "WC"}
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


def readiness(t: Tournament, office: str, sets: list[str] | None = None, *,
              players: "PlayerList | None" = None) -> Readiness:
    """Fill from ``players`` (``--players``), apply ``--set`` items (they win), then list every
    gap for ``office``; build the file if none."""
    if office not in OFFICES:
        raise PairchkError(f"unknown rating office {office!r}; known: {', '.join(OFFICES)}")
    filled: list[str] = []
    if players is not None:
        t, filled = fill_players(t, players)
    values = S.parse_settings(sets or [])
    rounddates = values.pop("rounddates", None)
    t, rest = S.apply_settings(t, values)
    if rounddates:
        t = t.replace(round_dates_iso=tuple(x.strip() for x in rounddates.split(",")),
                      round_dates=tuple(x.strip() for x in rounddates.split(",")))
    if office == "fide":
        if rest:
            S.check_options(rest, "fide submission", {})
        r = _fide(t)
    else:
        r = _dsb(t, rest)
    return Readiness(r.office, r.gaps, tuple(filled) + r.notes, r.data)


# --------------------------------------------------------------------------- --players


_COLUMN_NAMES = {
    "fide_id": ("fide_id", "fideid", "fide id", "id", "id number", "fide-id"),
    "name": ("name",),
    "federation": ("federation", "fed", "country"),
    "sex": ("sex", "gender"),
    "birth": ("birth", "born", "birthday", "b-day", "birth year", "birthdate", "date of birth"),
    "title": ("title", "tit"),
}
FILLED = ("fide_id", "birth", "sex", "federation", "title")


@dataclass(frozen=True)
class PlayerList:
    """Player data read for ``--players``: one record per FIDE id (and by name when asked)."""

    path: str
    by_id: dict[str, dict[str, str]]
    by_name: dict[tuple[str, str], dict[str, str]] | None = None  # (folded name, federation)
    ambiguous: frozenset[tuple[str, str]] = field(default_factory=frozenset)


def _folded(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^\w\s,]", " ", text).replace(",", " , ").split())


def read_player_list(data: bytes, path: str = "<players>", *, by_name: bool = False,
                     wanted: Iterable[str] = ()) -> PlayerList:
    """The players of a CSV, a FIDE rating list TXT or XML. ``wanted`` (FIDE ids), when
    given, keeps only those (a full rating list holds a million players).

    >>> pl = read_player_list(b"fide_id,name,sex,birth\\n4100018,Test,M,1980\\n")
    >>> pl.by_id["4100018"]["sex"], pl.by_id["4100018"]["birth"]
    ('m', '1980')
    """
    head = data[:4096].lstrip(b"\xef\xbb\xbf \r\n\t")
    if head.startswith(b"<"):
        rows = _xml_rows(data, path)
    elif re.match(rb"ID Number\s+Name\s", head):
        rows = _txt_rows(data)
    else:
        rows = _csv_rows(data, path)
    keep = set(wanted)
    by_id: dict[str, dict[str, str]] = {}
    names: dict[tuple[str, str], dict[str, str]] = {}
    twice: set[tuple[str, str]] = set()
    for row in rows:
        row = _normalised(row)
        fid = row.get("fide_id", "")
        if fid and (not keep or fid in keep or by_name):
            by_id[fid] = row
        if by_name and row.get("name"):
            key = (_folded(row["name"]), row.get("federation", ""))
            if key in names:
                twice.add(key)
            names[key] = row
    return PlayerList(path, by_id, names if by_name else None, frozenset(twice))


def _normalised(row: dict[str, str]) -> dict[str, str]:
    out = {k: (v or "").strip() for k, v in row.items() if k in _COLUMN_NAMES}
    sex = out.get("sex", "").lower()
    out["sex"] = {"m": "m", "male": "m", "f": "w", "w": "w", "female": "w"}.get(sex, "")
    out["federation"] = out.get("federation", "").upper()
    out["title"] = out.get("title", "").upper()
    if out.get("birth", "") in ("0", "0000"):
        out["birth"] = ""
    return {k: v for k, v in out.items() if v}


def _csv_rows(data: bytes, path: str) -> Iterator[dict[str, str]]:
    from .formats.fields import decode_text

    text = decode_text(data)
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel  # type: ignore[assignment]
    reader = csv.reader(io.StringIO(text), dialect)
    header = next(reader, None)
    if not header:
        raise FormatError("empty player list", path=path, line=1,
                          expected="a header naming fide_id, name, federation, sex, birth, title")
    keys = [_column_key(h) for h in header]
    if "fide_id" not in keys and "name" not in keys:
        raise FormatError(f"header {', '.join(header)!r} names no FIDE id or name column",
                          path=path, line=1,
                          expected="a header naming fide_id (or name), federation, sex, birth, title")
    for cells in reader:
        yield {k: c for k, c in zip(keys, cells) if k}


def _column_key(header: str) -> str:
    h = header.strip().lower().replace("_", " ").replace("-", " ")
    for key, names in _COLUMN_NAMES.items():
        if h in (n.replace("_", " ").replace("-", " ") for n in names):
            return key
    return ""


def _txt_rows(data: bytes) -> Iterator[dict[str, str]]:
    """The FIDE rating list TXT: fixed columns, each starting where its header word does."""
    lines = data.decode("utf-8", errors="replace").splitlines()
    header = lines[0]
    starts = [(m.start(), m.group(0)) for m in re.finditer(r"ID Number|\S+", header)]
    spans = [(name, a, starts[i + 1][0] if i + 1 < len(starts) else None)
             for i, (a, name) in enumerate(starts)]
    wanted = {"ID Number": "fide_id", "Name": "name", "Fed": "federation", "Sex": "sex",
              "Tit": "title", "B-day": "birth"}
    for line in lines[1:]:
        if line.strip():
            yield {wanted[n]: line[a:b].strip() for n, a, b in spans if n in wanted}


def _xml_rows(data: bytes, path: str) -> Iterator[dict[str, str]]:
    """The FIDE rating list XML: ``<player><fideid/><name/><country/><sex/><title/><birthday/>``."""
    from lxml import etree

    tags = {"fideid": "fide_id", "name": "name", "country": "federation", "sex": "sex",
            "title": "title", "birthday": "birth"}
    try:
        for _, el in etree.iterparse(io.BytesIO(data), tag="player", resolve_entities=False,
                                     no_network=True, huge_tree=False):
            yield {tags[c.tag]: c.text or "" for c in el if c.tag in tags}
            el.clear()
    except etree.XMLSyntaxError as exc:
        raise FormatError(f"not a FIDE rating list XML: {exc.msg}", path=path,
                          line=exc.lineno or None) from None


def fill_players(t: Tournament, players: PlayerList) -> tuple[Tournament, list[str]]:
    """``t`` with each player's missing FIDE id, birth, sex, federation and title taken from
    ``players`` (matched by FIDE id, or by name and federation when the list was read with
    ``by_name``), and the notes saying what was filled and who was not found."""
    counts = {k: 0 for k in FILLED}
    matched, missing = [], []
    out = []
    for p in t.players:
        row = _match(p, players)
        if row is None:
            missing.append(p.number)
            out.append(p)
            continue
        matched.append(p.number)
        changes = {k: row[k] for k in FILLED if row.get(k) and not _has(p, k)}
        for k in changes:
            counts[k] += 1
        out.append(p.replace(**changes) if changes else p)
    how = "FIDE id" + (", or name and federation" if players.by_name is not None else "")
    what = ", ".join(f"{k.replace('_', ' ')} of {n}" for k, n in counts.items() if n) or "nothing"
    notes = [f"--players {players.path}: {len(matched)} player(s) matched by {how}; filled"
             f" {what}"]
    if missing:
        notes.append(f"--players {players.path}: {len(missing)} player(s) not found: "
                     + ", ".join(map(str, missing[:20])) + (" ..." if len(missing) > 20 else ""))
    return t.replace(players=tuple(out)), notes


def _has(p: Player, key: str) -> bool:
    value = getattr(p, key).strip()
    if key == "birth":
        return bool(re.match(r"^\d{4}", value)) and not value.startswith("0000")
    if key == "sex":
        return value.lower() in ("m", "w", "f")
    if key == "federation":
        return bool(re.fullmatch(r"[A-Z]{3}", value))
    if key == "fide_id":
        return bool(_FIDE_ID.match(value))
    return bool(value)


def _match(p: Player, players: PlayerList) -> dict[str, str] | None:
    fid = p.fide_id.strip()
    if fid and fid in players.by_id:
        return players.by_id[fid]
    if players.by_name is None or not p.name.strip():
        return None
    key = (_folded(p.name), p.federation.strip().upper())
    if key in players.ambiguous:
        return None
    return players.by_name.get(key)


# --------------------------------------------------------------------------- FIDE


def _fide(t: Tournament) -> Readiness:
    player_gaps, held = _fide_players(t)
    gaps = _fide_tournament(t) + player_gaps + consistency_gaps(t)
    notes = _fide_notes(t) + held
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
    start, end = _iso(t.start_date) if t.start_date else "", _iso(t.end_date) if t.end_date else ""
    if _real_date(start) and _real_date(end) and end < start:
        gaps.append(f"052 end date {end} is before the 042 start date {start}"
                    " (--set start=YYYY-MM-DD --set end=YYYY-MM-DD)")
    played = t.played_rounds
    dates = [d for d in t.round_dates_iso[:played]]
    if played and (len(dates) < played or not all(dates)):
        have = ",".join(d or "?" for d in dates) or "none"
        gaps.append(f"132 round dates: {played} rounds played, dates known: {have} "
                    "(--set rounddates=YYYY-MM-DD,YYYY-MM-DD,...)")
    bad = [d for d in dates if d and not _real_date(d)]
    if bad:
        gaps.append(f"132 round date(s) {', '.join(bad)} not dates of the calendar"
                    " (--set rounddates=YYYY-MM-DD,YYYY-MM-DD,...)")
    return gaps


def _first_round(t: Tournament) -> str:
    return next((d for d in t.round_dates_iso if d), "")


def _last_round(t: Tournament) -> str:
    return next((d for d in reversed(t.round_dates_iso[: t.played_rounds]) if d), "")


def _date_gap(what: str, value: str, key: str, hint: str) -> list[str]:
    iso = _iso(value) if value else ""
    if _ISO.match(iso):
        if not _real_date(iso):
            return [f"{what} {value!r} is not a date of the calendar (--set {key}=YYYY-MM-DD)"]
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


_HELD = {"birth": "--set birth.{n}=YYYY or YYYY-MM-DD", "sex": "--set sex.{n}=m|w",
         "federation": "--set federation.{n}=XXX"}


def _fide_players(t: Tournament) -> tuple[list[str], list[str]]:
    """Gaps, and notes: birth, sex and federation of a player with a FIDE id are on FIDE's
    record of him, so their absence from the file is noted, not a gap (a player without a
    FIDE id must be registered with them)."""
    gaps = []
    held: dict[str, list[int]] = {k: [] for k in _HELD}
    for p in t.players:
        who = f"player {p.number} ({p.name or 'no name'})"
        if not p.name.strip():
            gaps.append(f"{who}: name missing (--set name.{p.number}=...)")
        registered = _has(p, "fide_id")
        if not registered:
            gaps.append(f"{who}: FIDE id missing or malformed {p.fide_id!r} "
                        f"(--set fide_id.{p.number}=..., or --players FILE)")
        for key, how in _HELD.items():
            if _has(p, key):
                continue
            if registered:
                held[key].append(p.number)
            else:
                gaps.append(f"{who}: {key} missing ({how.format(n=p.number)})")
        if p.title.strip().upper() not in _TITLES:
            gaps.append(f"{who}: unknown title {p.title!r} (--set title.{p.number}=GM|IM|...)")
    notes = [f"{key} not in the file for {len(nums)} player(s) with a FIDE id (FIDE holds it on"
             " their record; --players FILE fills it): " + ", ".join(map(str, nums[:20]))
             + (" ..." if len(nums) > 20 else "") for key, nums in held.items() if nums]
    return gaps, notes


def consistency_gaps(t: Tournament) -> list[str]:
    """What no rating office accepts, FIDE and DSB alike: a game without a result, a game one
    player records and the other does not, declared points the results contradict."""
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

    early = consistency_gaps(t)
    if early:
        return Readiness("dsb", tuple(early), tuple(_dsb_notes(t)), b"")
    try:
        dumped = dsb_xml.dump(t, **options)
    except _dsb.MissingDataError as exc:
        return Readiness("dsb", tuple(exc.gaps), tuple(_dsb_notes(t)), b"")
    except PairchkError as exc:  # what the writer cannot carry (e.g. games without colours)
        if "unknown option" in str(exc):
            raise
        return Readiness("dsb", (str(exc),), tuple(_dsb_notes(t)), b"")
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
