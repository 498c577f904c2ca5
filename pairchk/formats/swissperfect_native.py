"""SwissPerfect's own tournament files, read only: three files with one stem.

``<stem>.ini`` (settings, Windows INI text), ``<stem>.trn`` (players, a dBase III table) and
``<stem>.sco`` (one record per game or bye, dBase III; read with :mod:`pairchk.formats._dbase`).
Any of the three names the tournament; the other two are found beside it (the extension in
either case). The layout is the one ``sanichi/icu_tournament`` reads
(``lib/icu_tournament/tournament_sp.rb``), which the Irish Chess Union rates from.

Read:

* ``.ini`` section ``[Tournament Info]``: ``Name``, ``Arbiter``, ``Rounds``; section
  ``[Standings]``: ``Tie Breaks`` (SwissPerfect's ids: 1217 Buchholz, 1218 median Buchholz,
  1219 cumulative, 1220 Sonneborn-Berger, 1221 rating sum, 1222 wins);
* ``.trn``, the records not marked deleted: ``ID`` (the player's key in ``.sco``),
  ``START_NO`` (the starting number, what SwissPerfect's export numbers players by),
  ``SURNAME``, ``FIRSTNAME``, ``FEDER``, ``CLUB``, ``INTL_RTG`` (the rating), ``LOC_RTG``
  (national rating), ``INTL_ID``, ``LOC_ID``, ``TITLE``, ``SEX``, ``BIRTH_DATE``;
* ``.sco``: ``ROUND``, ``WHITE`` and ``BLACK`` (``ID`` of ``.trn``; 0 for none), ``W_SCORE``
  and ``B_SCORE`` (half-points: 2 win, 1 draw, 0 loss), ``W_TYPE`` and ``B_TYPE`` (1 a rated
  game; another type an unrated one, a forfeit when the scores are 2-0 or 0-0; on a record
  without an opponent type 5 marks the pairing-allocated bye, type 0 an absence).

A game record gives both players their opponent and colour, which SwissPerfect's text export
(:mod:`pairchk.formats.swissperfect`) does not carry. A round without a record is an absence.

Not read: ``.ini`` display, print and pairing-program settings; ``.trn`` ``ORDER`` (the
standings place), ``LOC_RTG2``, ``LATE_ENTRY``, ``WITHDRAWAL``, ``ABSENT``, ``BONUS``,
``TECH_SCORE``, ``FORB_PAIRS``, ``TEAM``, ``BOARD``, ``MEMO``; ``.sco`` ``W_SUBSCO`` and
``B_SUBSCO`` (minor scores).
"""

from __future__ import annotations

import configparser
import os
import re
from decimal import Decimal

from ..errors import FormatError, Warning_
from ..model import Color, Kind, Player, RoundEntry, Tournament
from . import Loaded
from ._dbase import Table, field_names, read as read_dbase
from .fields import decode_text, join_name
from .limits import MAX_DATABASE_BYTES, MAX_NUMBER, MAX_ROUND, check_database_size

NAME = "swissperfect-native"
EXTENSIONS = (".trn", ".sco", ".ini")
CAN_READ = True
CAN_WRITE = False
DECLARES_SCORING = False
CANNOT_CARRY: list[str] = []  # read only

_TRN = {"ID", "START_NO", "SURNAME", "FIRSTNAME"}
_SCO = {"ROUND", "WHITE", "BLACK", "W_SCORE", "B_SCORE"}
_TIEBREAKS = {"1217": "Buchholz", "1218": "Median Buchholz", "1219": "Cumulative",
              "1220": "Sonneborn-Berger", "1221": "Rating sum", "1222": "Wins"}
_TITLES = {"1": "GM", "2": "WGM", "3": "IM", "4": "WIM", "5": "FM", "6": "WFM"}
_GAME = {(2, True): Kind.WIN, (1, True): Kind.DRAW, (0, True): Kind.LOSS,
         (2, False): Kind.FORFEIT_WIN, (1, False): Kind.DRAW_SHORT, (0, False): Kind.FORFEIT_LOSS}
_PAB_TYPE = 5


def _kind_of(data: bytes) -> str:
    """``trn``, ``sco``, ``ini`` or "" from the content."""
    names = set(field_names(data))
    if _TRN <= names:
        return "trn"
    if _SCO <= names:
        return "sco"
    head = decode_text(data[:4096]) if b"\x00" not in data[:4096] else ""
    return "ini" if "[Tournament Info]" in head else ""


def detect(data: bytes) -> bool:
    """A SwissPerfect ``.trn`` or ``.sco`` (dBase III with their fields) or ``.ini`` (with a
    ``[Tournament Info]`` section)."""
    return bool(_kind_of(data))


def stem_file(path: str) -> str | None:
    """The ``.trn`` (else ``.ini``, ``.sco``) of the tournament whose stem ``path`` is, when
    ``path`` itself is no file: SwissPerfect's tournament named without an extension.

    >>> stem_file("/nonexistent/champs") is None
    True
    """
    if os.path.exists(path):
        return None
    for ext in ("trn", "TRN", "ini", "INI", "sco", "SCO"):
        if os.path.isfile(f"{path}.{ext}"):
            return f"{path}.{ext}"
    return None


def companions(path: str) -> list[str]:
    """The other two files of the tournament ``path`` (one of its three files) names."""
    stem, ext = os.path.splitext(path)
    return [f"{stem}{e}" for e in (".ini", ".trn", ".sco", ".INI", ".TRN", ".SCO")
            if e.lower() != ext.lower() and os.path.isfile(f"{stem}{e}")]


def _siblings(path: str | None, kind: str) -> dict[str, str]:
    """The three files of the tournament ``path`` names: ``{"ini": ..., "trn": ..., "sco": ...}``."""
    if not path:
        raise FormatError(f"a SwissPerfect .{kind} file read without its name", path=path,
                          expected="the name of the .ini, .trn or .sco file",
                          hint="a SwissPerfect tournament is three files with one stem; name one"
                               " of them (not standard input)")
    stem, _ = os.path.splitext(path)
    out = {}
    for ext in ("ini", "trn", "sco"):
        found = next((f"{stem}.{e}" for e in (ext, ext.upper()) if os.path.isfile(f"{stem}.{e}")), None)
        if found is None:
            raise FormatError(f"SwissPerfect tournament without its .{ext} file", path=path,
                              expected=f"{os.path.basename(stem)}.{ext} beside {os.path.basename(path)}",
                              hint="SwissPerfect keeps a tournament in three files: .ini, .trn, .sco")
        out[ext] = found
    return out


def _read(path: str, what: str) -> bytes:
    """A companion file, read no further than the size bound."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_DATABASE_BYTES + 1)
    except OSError as exc:
        raise FormatError(f"cannot read the {what}: {exc.strerror or exc}", path=path) from None
    check_database_size(data, what, path=path)
    return data


def _settings(text: str, path: str) -> dict:
    ini = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        ini.read_string(text)
    except configparser.Error as exc:
        line = getattr(exc, "lineno", None)
        raise FormatError(f"SwissPerfect settings: {type(exc).__name__}", path=path, line=line,
                          expected="an INI file with a [Tournament Info] section") from None
    info = ini["Tournament Info"] if ini.has_section("Tournament Info") else {}
    rounds = str(info.get("Rounds", "")).strip()
    tiebreaks = ini.get("Standings", "Tie Breaks", fallback="")
    return {
        "name": " ".join(str(info.get("Name", "")).split()),
        "chief_arbiter": " ".join(str(info.get("Arbiter", "")).split()),
        "rounds": int(rounds) if rounds.isdecimal() and 0 < int(rounds) <= MAX_ROUND else None,
        "tiebreaks": tuple(_TIEBREAKS[t.strip()] for t in tiebreaks.split(",") if t.strip() in _TIEBREAKS),
    }


def _number(text: str) -> int:
    m = re.match(r"\s*(\d+)", text)
    return int(m.group(1)) if m else 0


def _players(trn: Table, path: str) -> tuple[list[Player], dict[int, int]]:
    """The players of ``.trn`` and their starting numbers by ``ID``."""
    players, by_id = [], {}
    for i, row in enumerate(trn.rows, 1):
        key, number = _number(row.get("ID", "")), _number(row.get("START_NO", ""))
        where = f"player record {i} (ID {row.get('ID', '')!r})"
        if not 1 <= number <= MAX_NUMBER or key in by_id:
            raise FormatError(f"{where}: START_NO {row.get('START_NO', '')!r}"
                              + (" for an ID given twice" if key in by_id else ""), path=path,
                              expected=f"a starting number 1..{MAX_NUMBER} and a unique ID",
                              hint="open the tournament in SwissPerfect and save it again")
        by_id[key] = number
        rating, national = _number(row.get("INTL_RTG", "")), _number(row.get("LOC_RTG", ""))
        birth = row.get("BIRTH_DATE", "")
        players.append(Player(
            number=number,
            name=join_name(row.get("SURNAME", ""), row.get("FIRSTNAME", "")),
            sex={"1": "m", "2": "w"}.get(row.get("SEX", ""), ""),
            title=_TITLES.get(row.get("TITLE", ""), ""),
            rating=rating or None, national_rating=national or None,
            federation=row.get("FEDER", "").upper() if re.fullmatch(r"[A-Za-z]{3}", row.get("FEDER", "")) else "",
            fide_id=row.get("INTL_ID", "") if _number(row.get("INTL_ID", "")) else "",
            national_id=row.get("LOC_ID", "") if _number(row.get("LOC_ID", "")) else "",
            birth=f"{birth[:4]}/{birth[4:6]}/{birth[6:8]}" if re.fullmatch(r"\d{8}", birth) else "",
            club=row.get("CLUB", ""),
        ))
    numbers = [p.number for p in players]
    if len(set(numbers)) != len(numbers):
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        raise FormatError(f"starting number(s) {', '.join(map(str, twice))} given to several players",
                          path=path, expected="one START_NO per player",
                          hint="open the tournament in SwissPerfect and save it again")
    return players, by_id


def _games(sco: Table, by_id: dict[int, int], path: str) -> dict[int, dict[int, RoundEntry]]:
    """number -> round -> entry from the records of ``.sco``."""
    out: dict[int, dict[int, RoundEntry]] = {n: {} for n in by_id.values()}

    def put(number: int, rnd: int, entry: RoundEntry, where: str) -> None:
        if rnd in out[number]:
            raise FormatError(f"{where}: player {number} has two records in round {rnd}", path=path,
                              expected="one record per player and round")
        out[number][rnd] = entry

    for i, row in enumerate(sco.rows, 1):
        where = f"score record {i}"
        rnd = _number(row.get("ROUND", ""))
        w, b = _number(row.get("WHITE", "")), _number(row.get("BLACK", ""))
        ws, bs = _number(row.get("W_SCORE", "")), _number(row.get("B_SCORE", ""))
        wt, bt = _number(row.get("W_TYPE", "")), _number(row.get("B_TYPE", ""))
        if not 1 <= rnd <= MAX_ROUND or ws > 2 or bs > 2:
            raise FormatError(f"{where}: round {row.get('ROUND')!r}, scores {ws}-{bs}", path=path,
                              expected=f"a round 1..{MAX_ROUND} and half-point scores 0..2")
        for key in (w, b):
            if key and key not in by_id:
                raise FormatError(f"{where}: player ID {key} is not in the .trn file", path=path,
                                  expected="the ID of a player record")
        if w and b:
            rated = wt == 1 and bt == 1
            white, black = by_id[w], by_id[b]
            if ws + bs == 2 or rated:
                put(white, rnd, RoundEntry(_GAME[ws, rated], black, Color.WHITE), where)
                put(black, rnd, RoundEntry(_GAME[bs, rated], white, Color.BLACK), where)
            else:  # 0-0: both forfeit
                put(white, rnd, RoundEntry(Kind.FORFEIT_LOSS, black, Color.WHITE), where)
                put(black, rnd, RoundEntry(Kind.FORFEIT_LOSS, white, Color.BLACK), where)
            continue
        for key, score, kind in ((w, ws, wt), (b, bs, bt)):
            if key:
                put(by_id[key], rnd, RoundEntry(_bye(score, kind)), where)
    return out


def _bye(score: int, kind: int) -> Kind:
    if score == 2:
        return Kind.PAB if kind == _PAB_TYPE else Kind.FULL_BYE
    return Kind.HALF_BYE if score == 1 else Kind.ZERO_BYE


def _bonus(row: dict[str, str]) -> Decimal:
    """``BONUS`` (else ``MEMO``): the half-points of byes SwissPerfect adds to the score."""
    for key in ("BONUS", "MEMO"):
        try:
            value = Decimal(row.get(key, "") or "0")
        except ArithmeticError:
            continue
        if value > 0:
            return min(value, Decimal(MAX_ROUND))
    return Decimal(0)


def _with_bonus(entries: list[RoundEntry], bonus: Decimal) -> list[RoundEntry]:
    """A bonus given as byes, half a point at a time: first to the rounds without a record,
    then to the byes without a full point (as the ICU rates SwissPerfect files)."""
    step, up = Decimal("0.5"), {Kind.ZERO_BYE: Kind.HALF_BYE, Kind.HALF_BYE: Kind.FULL_BYE}
    for r, e in enumerate(entries):
        if bonus > 0 and e.kind is Kind.ABSENT:
            entries[r], bonus = RoundEntry(Kind.HALF_BYE), bonus - step
    for r, e in enumerate(entries):
        if bonus > 0 and e.kind in up:
            entries[r], bonus = RoundEntry(up[e.kind]), bonus - step
    return entries


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read the tournament that ``path`` (one of its three files) names."""
    ext = os.path.splitext(path or "")[1].lower().lstrip(".")
    kind = _kind_of(data) or (ext if ext in ("ini", "trn", "sco") else "")
    if not kind:
        raise FormatError("not a SwissPerfect .ini, .trn or .sco file", path=path,
                          expected="a .trn or .sco dBase table or a .ini with [Tournament Info]")
    files = _siblings(path, kind)
    texts = {k: data if os.path.abspath(files[k]) == os.path.abspath(path or "") else
             _read(files[k], f"SwissPerfect .{k} file") for k in files}
    settings = _settings(decode_text(texts["ini"]), files["ini"])
    trn = read_dbase(texts["trn"], what="SwissPerfect players (.trn)", path=files["trn"])
    sco = read_dbase(texts["sco"], what="SwissPerfect games (.sco)", path=files["sco"])
    if not _TRN <= {f.name for f in trn.fields} or not _SCO <= {f.name for f in sco.fields}:
        raise FormatError("the .trn or .sco file lacks SwissPerfect's fields", path=path,
                          expected=f"fields {', '.join(sorted(_TRN))} and {', '.join(sorted(_SCO))}")
    players, by_id = _players(trn, files["trn"])
    games = _games(sco, by_id, files["sco"])
    last = max((r for g in games.values() for r in g), default=0)
    bonus = {by_id[_number(row.get("ID", ""))]: _bonus(row) for row in trn.rows}
    players = sorted((p.replace(entries=tuple(_with_bonus(
        [games[p.number].get(r, RoundEntry(Kind.ABSENT)) for r in range(1, last + 1)],
        bonus[p.number]))) for p in players), key=lambda p: p.number)
    warnings = []
    if trn.deleted or sco.deleted:
        warnings.append(Warning_(f"{trn.deleted} deleted player record(s) and {sco.deleted} deleted"
                                 " score record(s) skipped, as SwissPerfect does", path=path))
    return Loaded(Tournament(players=tuple(players), **settings), warnings)
