"""Sharly-Chess event files (``.sce``, SQLite): every tournament of the event, read only.

One event file holds several tournaments (one per section). The database is opened from bytes
in memory (``sqlite3`` ``deserialize``), read-only, with a bound on the work any query may do;
only tables are read (a view or trigger in the file is never run by name). Read and tested:
the schemas of Sharly 2.6.1 (migration 23) to 3.4.1 (migration 69), as in the samples; the
later changes to the columns read (text gender and title, ISO dates) are read too, Sharly 4's
team tables are not. The version is in ``metadata`` (Sharly version, last migration).

Read:

* ``info``: ``name`` (the event), ``player_rating_type`` (from Sharly 3.1), ``pab_value``;
* ``tournament``: ``id``, ``uniq_id`` (before 3.0), ``name``, ``location``, ``start``/``stop``
  (timestamps, before 3.3) or ``start_date``/``stop_date``, ``rounds``, ``rating`` (1 standard,
  2 rapid, 3 blitz: the rating the tournament pairs with), ``player_rating_type``,
  ``override_unrated_rapid_blitz``, ``pairing`` and ``pairing_settings`` (the pairing system,
  its acceleration groups and ``COLOR_SEED``), ``time_control_initial_time``/``_increment`` or
  ``time_control_trf25``, ``tie_breaks`` (JSON, before 3.1) or table ``tie_break``
  (``tournament_id``, ``type``, ``index``), ``pab_value``, ``three_points_for_a_win``, and, in
  Sharly 2.x files that keep the games in a Papi file, ``path``/``filename``;
* ``player``: ``id``, ``last_name``, ``first_name``, ``date_of_birth``, ``gender`` and ``title``
  (integers before 3.5, text after), ``ratings`` (JSON by tournament rating: ``{value, type}``
  before 3.1, ``{fide, national, estimated}`` after), ``fide_id``, ``federation``, ``club``,
  ``plugin_data`` (the FFE licence number);
* ``tournament_player``: ``tournament_id``, ``player_id``, ``pairing_number`` (empty in early
  files: then numbered as Sharly does, by rating, title and name);
* ``pairing``: ``tournament_id``, ``player_id``, ``round``, ``result`` (Sharly's result code,
  the Papi codes 0-14 and penalties 15-20), ``board_id``; ``board``: ``id``,
  ``white_player_id``, ``black_player_id`` (the colours).

Not read: screens, timers, families, rotators, prizes, accounts, criteria, illegal moves,
check-in, fees, contact details, manual tie-breaks, team tables (Sharly 4 team events).

A Sharly 2.x tournament whose games are in a Papi file (columns ``path``/``filename``, no
``player`` table) is read from ``<filename>.papi`` beside the event file, in ``papi/`` beside
it or in ``../papi/`` (where Sharly 2.x kept them); when it is not there the tournament is
listed with an error saying which file to put where.

>>> detect(b"SQLite format 3\\x00" + b"CREATE TABLE `tournament` (...) CREATE TABLE `info`")
True
"""

from __future__ import annotations

import json
import os
import sqlite3
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..errors import FormatError, Warning_
from ..model import Color, Kind, Player, RoundEntry, ScoreSystem, Tournament
from . import Loaded
from . import sharly_accel
from .fields import join_name
from .limits import MAX_NUMBER, MAX_ROUND, check_database_size

NAME = "sharly"
EXTENSIONS = (".sce",)
CAN_READ = True
CAN_WRITE = False
CANNOT_CARRY: list[str] = []  # read only

_MAGIC = b"SQLite format 3\x00"
_STEPS = 200_000_000  # SQLite virtual-machine steps one file may take (a few seconds)
_HINT = "open the event in Sharly-Chess and save it again"
_TITLES = {0: "", 1: "WCM", 2: "CM", 3: "WFM", 4: "FM", 5: "WIM", 6: "IM", 7: "WGM", 8: "GM"}
_TITLE_ORDER = {title: i for i, title in _TITLES.items()}  # Sharly sorts WCM < CM < ... < GM
_GENDER = {0: "", 1: "w", 2: "m", "": "", "F": "w", "W": "w", "M": "m"}
_RESULT = {1: Kind.LOSS, 2: Kind.DRAW, 3: Kind.WIN, 4: Kind.FORFEIT_LOSS, 5: Kind.FORFEIT_LOSS,
           6: Kind.FORFEIT_WIN, 7: Kind.ZERO_BYE, 8: Kind.HALF_BYE, 9: Kind.PAB,
           10: Kind.FULL_BYE, 11: Kind.LOSS_SHORT, 12: Kind.DRAW_SHORT, 13: Kind.WIN_SHORT,
           14: Kind.ABSENT, 15: Kind.LOSS, 16: Kind.DRAW, 17: Kind.LOSS, 18: Kind.LOSS_SHORT,
           19: Kind.DRAW_SHORT, 20: Kind.LOSS_SHORT}
# a game result written without an opponent: the bye worth the same
_BYE_BY_POINTS = {1: Kind.ZERO_BYE, 2: Kind.HALF_BYE, 3: Kind.FULL_BYE, 11: Kind.ZERO_BYE,
                  12: Kind.HALF_BYE, 13: Kind.FULL_BYE}
_PENALTIES = {15: "0-0", 16: "½-0", 17: "0-½", 18: "0-0 unrated", 19: "½-0 unrated",
              20: "0-½ unrated"}


def detect(data: bytes) -> bool:
    """An SQLite database whose schema creates the tables ``tournament`` and ``info``."""
    if not data.startswith(_MAGIC):
        return False
    head = data[:1 << 20]
    return any(f"CREATE TABLE {q}tournament{q}".encode() in head for q in ("`", '"', "")) \
        and b"info" in head


# --------------------------------------------------------------------------- the database


class _Db:
    """The event database, read-only, from bytes; every query bounded."""

    def __init__(self, data: bytes, path: str | None) -> None:
        self.path = path
        try:
            self.conn = sqlite3.connect(":memory:")
            if data[18:20] == b"\x02\x02":  # a WAL-mode file: read its main file as it is
                data = data[:18] + b"\x01\x01" + data[20:]
            self.conn.deserialize(data)
            self.conn.execute("PRAGMA query_only = ON")
            self.conn.set_progress_handler(self._tick, 10_000)
            self._steps = 0
            self.tables = {name: self.columns(name) for (name,) in self._all(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.Error as exc:
            raise self.corrupt("its list of tables", exc) from None

    def _tick(self) -> int:
        self._steps += 10_000
        return 1 if self._steps > _STEPS else 0

    def corrupt(self, where: str, exc: Exception) -> FormatError:
        reason = "it takes too long to read" if "interrupt" in str(exc) else str(exc)
        return FormatError(f"Sharly-Chess event file: cannot read {where}: {reason}",
                           path=self.path, expected="an SQLite database written by Sharly-Chess",
                           hint=_HINT)

    def _all(self, sql: str, args: tuple = ()) -> list[tuple]:
        return self.conn.execute(sql, args).fetchall()

    def columns(self, table: str) -> list[str]:
        return [row[1] for row in self._all(f"PRAGMA table_info(`{table}`)")]

    def rows(self, table: str, where: str = "", args: tuple = ()) -> list[dict[str, Any]]:
        """Every row of ``table`` (a table, never a view) as a dict; [] when it is absent."""
        if table not in self.tables:
            return []
        try:
            cur = self.conn.execute(f"SELECT * FROM `{table}` {where}", args)
            names = [d[0] for d in cur.description]
            return [dict(zip(names, row)) for row in cur.fetchall()]
        except sqlite3.Error as exc:
            raise self.corrupt(f"table {table}", exc) from None


# --------------------------------------------------------------------------- values


def _json(text: Any, default: Any) -> Any:
    if not isinstance(text, str) or not text.strip():
        return default
    try:
        value = json.loads(text)
    except ValueError:
        return default
    return value if isinstance(value, type(default)) else default


def _int(value: Any, default: int = 0) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdecimal():
        return int(value.strip())
    return default


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def _date(value: Any) -> str:
    """An ISO date from ``YYYY-MM-DD`` text or a Unix timestamp (Sharly before 3.3)."""
    if isinstance(value, (int, float)) and value > 0:
        import datetime as _dt

        try:
            return _dt.datetime.fromtimestamp(value, _dt.timezone.utc).strftime("%Y-%m-%d")
        except (OverflowError, OSError, ValueError):
            return ""
    return _text(value)[:10]


def _rating(ratings: dict, tournament_rating: int, rating_type: int, override: bool) -> int:
    """The rating a tournament pairs a player with: the ratings of the tournament's rate
    (standard, rapid, blitz) of the tournament's kind (3 FIDE, 2 national), else estimated
    (Sharly's ``get_rating_and_type``); an unrated rapid/blitz player's standard FIDE rating
    when the tournament says so (``override_unrated_rapid_blitz``)."""
    def value(rate: int, kind: str) -> int | None:
        r = ratings.get(str(rate))
        if not isinstance(r, dict):
            return None
        if "value" in r:  # before Sharly 3.1: {"value": 1446, "type": 3}, one rating per rate
            return _int(r.get("value")) or None
        v = r.get(kind)
        return _int(v) if v is not None else None

    kind = {3: "fide", 2: "national"}.get(rating_type, "")
    found = value(tournament_rating, kind) if kind else None
    if found is None and override and kind == "fide" and tournament_rating != 1:
        found = value(1, "fide")
    if found is None:
        r = ratings.get(str(tournament_rating))
        if isinstance(r, dict) and "value" in r:
            found = _int(r.get("value"))
        elif isinstance(r, dict):
            found = _int(r.get("estimated"))
    return found or 0


def _sort_key(p: dict) -> tuple:
    """Sharly's starting-rank order: rating, then title, descending, then the names."""
    def norm(s: Any) -> str:
        return unicodedata.normalize("NFKD", _text(s)).casefold()

    return (-p["_rating"], -p["_title_index"], norm(p.get("last_name")), norm(p.get("first_name")))


# --------------------------------------------------------------------------- tournaments


@dataclass
class _Event:
    db: _Db
    path: str | None
    info: dict[str, Any]
    version: str


def _numbering(rows: list[dict], tid: int, path: str | None, warnings: list[Warning_]) -> dict[int, int]:
    """player id -> pairing number: as stored, or (none stored yet) in Sharly's order; players
    stored without one are inserted where Sharly would insert them."""
    numbered = sorted((r for r in rows if r["_number"]), key=lambda r: r["_number"])
    new = sorted((r for r in rows if not r["_number"]), key=_sort_key)
    if not numbered:
        order = new
    else:
        seen: set[int] = set()
        for r in numbered:
            if r["_number"] in seen:
                raise FormatError(f"tournament {tid}: pairing number {r['_number']} is given twice",
                                  path=path, expected="one pairing number per player", hint=_HINT)
            seen.add(r["_number"])
        order = list(numbered)
        for r in new:
            at = next((i for i, o in enumerate(order) if _sort_key(o) > _sort_key(r)), len(order))
            order.insert(at, r)
        if new:
            warnings.append(Warning_(f"{len(new)} player(s) without a pairing number numbered"
                                     " as Sharly-Chess would insert them", path=path))
    if len(order) > MAX_NUMBER:
        raise FormatError(f"tournament {tid}: {len(order)} players", path=path,
                          expected=f"at most {MAX_NUMBER} players")
    return {_int(r["player_id"]): i for i, r in enumerate(order, 1)}


def _players(ev: _Event, tid: int, t_row: dict, warnings: list[Warning_]) -> tuple[list[Player], dict[int, int]]:
    """The players of tournament ``tid`` (no entries yet) and their numbers by player id."""
    db = ev.db
    rate = _int(t_row.get("rating"), 1) or 1
    kind = _int(t_row.get("player_rating_type")) or _int(ev.info.get("player_rating_type"), 3) or 3
    override = bool(t_row.get("override_unrated_rapid_blitz"))
    people = {r["id"]: r for r in db.rows("player")}
    rows = []
    for tp in db.rows("tournament_player", "WHERE tournament_id = ?", (tid,)):
        person = people.get(tp.get("player_id"))
        if person is None:
            raise FormatError(f"tournament {tid}: player id {tp.get('player_id')!r} is in"
                              " tournament_player but not in table player", path=db.path,
                              expected="a player row for every tournament_player", hint=_HINT)
        title = person.get("title")
        title_text = _TITLES.get(title, "") if isinstance(title, int) else _text(title).upper()
        row = dict(person, player_id=person["id"], _number=_int(tp.get("pairing_number")),
                   _rating=_rating(_json(person.get("ratings"), {}), rate, kind, override),
                   _title=title_text,
                   _title_index=_TITLE_ORDER.get(title_text, 0))
        rows.append(row)
    numbers = _numbering(rows, tid, db.path, warnings)
    players = []
    for r in rows:
        ffe = _json(r.get("plugin_data"), {}).get("ffe", {})
        fide_id = _int(r.get("fide_id"))
        birth = _text(r.get("date_of_birth"))[:10].replace("-", "/") or (
            _text(r.get("year_of_birth")) if r.get("year_of_birth") else "")
        players.append(Player(
            number=numbers[r["player_id"]],
            name=join_name(_text(r.get("last_name")), _text(r.get("first_name"))),
            sex=_GENDER.get(r.get("gender") if isinstance(r.get("gender"), int)
                            else _text(r.get("gender")).upper(), ""),
            title=r["_title"], rating=r["_rating"] or None,
            federation=_text(r.get("federation")), fide_id=str(fide_id) if fide_id else "",
            birth=birth, club=_text(r.get("club")),
            national_id=_text(ffe.get("ffe_licence_number")) if isinstance(ffe, dict) else "",
        ))
    return sorted(players, key=lambda p: p.number), numbers


def _entries(ev: _Event, tid: int, numbers: dict[int, int], warnings: list[Warning_]
             ) -> dict[int, dict[int, RoundEntry]]:
    """number -> round -> entry, from ``pairing`` and the colours of ``board``."""
    db = ev.db
    boards = {b["id"]: b for b in db.rows("board")}
    out: dict[int, dict[int, RoundEntry]] = {n: {} for n in numbers.values()}
    penalties = 0
    for p in db.rows("pairing", "WHERE tournament_id = ?", (tid,)):
        me = numbers.get(_int(p.get("player_id"), -1))
        rnd = _int(p.get("round"))
        result = _int(p.get("result"), -1)
        where = f"tournament {tid}, player id {p.get('player_id')!r}, round {p.get('round')!r}"
        if me is None:
            raise FormatError(f"{where}: a pairing of a player who is not in the tournament",
                              path=db.path, expected="players of tournament_player", hint=_HINT)
        if not 1 <= rnd <= MAX_ROUND or not 0 <= result <= 20:
            raise FormatError(f"{where}: round {p.get('round')!r}, result {p.get('result')!r}",
                              path=db.path, expected=f"a round 1..{MAX_ROUND} and a result code 0..20",
                              hint=_HINT)
        opp, color = None, Color.NONE
        board = boards.get(_int(p.get("board_id"), -1))
        if board is not None:
            white, black = board.get("white_player_id"), board.get("black_player_id")
            if white == p["player_id"]:
                other, color = black, Color.WHITE
            elif black == p["player_id"]:
                other, color = white, Color.BLACK
            else:
                raise FormatError(f"{where}: board {board['id']} does not seat this player",
                                  path=db.path, expected="the player on its board", hint=_HINT)
            if other is not None:
                opp = numbers.get(other)
                if opp is None:
                    raise FormatError(f"{where}: opponent id {other!r} is not in the tournament",
                                      path=db.path, expected="players of tournament_player", hint=_HINT)
            else:
                color = Color.NONE  # a board of one: the bye
        penalties += result in _PENALTIES
        entry = _entry(result, opp, color)
        if entry is not None:
            out[me][rnd] = entry
    if penalties:
        warnings.append(Warning_(f"{penalties} penalty result(s) (Sharly-Chess 0-0, ½-0, 0-½) read"
                                 " as a loss or a draw of the player", path=db.path))
    return out


def _entry(result: int, opp: int | None, color: Color) -> RoundEntry | None:
    """One player's round: Sharly's result code, opponent (number) and colour."""
    if result == 0:
        return RoundEntry(Kind.PENDING, opp, color) if opp is not None else None
    if opp is None:
        if result in _BYE_BY_POINTS:
            return RoundEntry(_BYE_BY_POINTS[result])
        if result in (4, 5):
            return RoundEntry(Kind.ZERO_BYE)
        return RoundEntry(_RESULT[result])
    kind = _RESULT[result]
    if kind.is_bye:
        return RoundEntry(kind)
    return RoundEntry(kind, opp, color if kind.played or kind.is_forfeit or kind is Kind.PENDING else Color.NONE)


def _tiebreaks(ev: _Event, tid: int, t_row: dict) -> tuple[str, ...]:
    rows = sorted(ev.db.rows("tie_break", "WHERE tournament_id = ?", (tid,)),
                  key=lambda r: _int(r.get("index")))
    if rows:
        return tuple(_text(r.get("type")) for r in rows)
    return tuple(_text(tb.get("type")) for tb in _json(t_row.get("tie_breaks"), [])
                 if isinstance(tb, dict))


def _time_control(t_row: dict) -> str:
    if t_row.get("time_control_trf25"):  # TRF-2026 record 222 notation
        return _text(t_row["time_control_trf25"])
    base, inc = t_row.get("time_control_initial_time"), t_row.get("time_control_increment")
    return f"{_int(base)}+{_int(inc)}" if base else ""


def _settings(ev: _Event, tid: int, t_row: dict, players: list[Player], warnings: list[Warning_]
              ) -> dict[str, Any]:
    """Tournament fields: name, place, dates, rounds, time control, tie-breaks, the pairing
    system (the TRF-2026 code Sharly writes) and its acceleration, initial colour, PAB value."""
    settings = _json(t_row.get("pairing_settings"), {})
    pairing = _text(t_row.get("pairing")) or "SWISS_STANDARD"
    fields: dict[str, Any] = {
        "name": _text(t_row.get("name")) or _text(t_row.get("uniq_id")),
        "city": _text(t_row.get("location")),
        "start_date": _date(t_row.get("start_date") or t_row.get("start") or ev.info.get("start_date")
                            or ev.info.get("start")),
        "end_date": _date(t_row.get("stop_date") or t_row.get("stop") or ev.info.get("stop_date")
                          or ev.info.get("stop")),
        "rounds": min(_int(t_row.get("rounds")), MAX_ROUND) or None,
        "time_control": _time_control(t_row),
        "time_control_encoded": _text(t_row.get("time_control_trf25")),
        "tiebreaks": _tiebreaks(ev, tid, t_row),
        "system_text": f"Sharly-Chess {pairing}" + (f" {json.dumps(settings, sort_keys=True)}"
                                                    if settings else ""),
        "initial_color": {"W": Color.WHITE, "B": Color.BLACK}.get(_text(settings.get("COLOR_SEED")),
                                                                  Color.NONE),
    }
    fields.update(sharly_accel.system(pairing, settings, players, fields["rounds"] or 0,
                                      ev.path, warnings))
    pab = _int(t_row.get("pab_value")) or _int(ev.info.get("pab_value"))
    if pab in (1, 2):  # the PAB scores as a loss or a draw (3, a win, is the default)
        fields["scoring"] = ScoreSystem(pab=Decimal(pab - 1) / 2)
    if _int(t_row.get("three_points_for_a_win")):
        warnings.append(Warning_("Sharly-Chess 'three points for a win' not interpreted;"
                                 " points are counted 1/½/0", path=ev.path))
    return fields


def _papi_tournament(ev: _Event, t_row: dict) -> Loaded:
    """A Sharly 2.x tournament kept in a Papi file: that file, read by the Papi reader."""
    from . import papi

    stem = _text(t_row.get("filename")) or _text(t_row.get("uniq_id"))
    name = f"{stem}.papi"
    here = os.path.dirname(os.path.abspath(ev.path)) if ev.path else None
    candidates = [os.path.join(d, name) for d in (
        here, here and os.path.join(here, "papi"), here and os.path.join(os.path.dirname(here), "papi"))
        if d] if here and stem and os.sep not in stem and "/" not in stem else []
    found = next((c for c in candidates if os.path.isfile(c)), None)
    if found is None:
        raise FormatError(f"tournament {t_row.get('id')} ({_text(t_row.get('name'))}) keeps its"
                          f" players and games in the Papi file {name or '(unnamed)'}, which is not"
                          " beside the event file", path=ev.path,
                          expected=f"{name} beside the event file, in papi/ or in ../papi/",
                          hint="Sharly-Chess 2.x files keep each tournament in a Papi file: copy it"
                               " there, or read the .papi file itself")
    with open(found, "rb") as fh:
        data = fh.read()
    loaded = papi.load(data, path=found)
    loaded.warnings.insert(0, Warning_(f"players and games read from the Papi file {found}",
                                       path=ev.path))
    return loaded


def _tournament(ev: _Event, t_row: dict) -> Loaded:
    tid = _int(t_row.get("id"))
    warnings: list[Warning_] = []
    if "player" not in ev.db.tables and ("filename" in t_row or "uniq_id" in t_row):
        loaded = _papi_tournament(ev, t_row)
        t = loaded.tournament
        fields = _settings(ev, tid, t_row, list(t.players), loaded.warnings)
        if not fields.get("rounds"):
            fields.pop("rounds")  # the Papi file's own number of rounds stays
        loaded.tournament = t.replace(**{k: v for k, v in fields.items() if v or k == "name"})
        return loaded
    players, numbers = _players(ev, tid, t_row, warnings)
    by_round = _entries(ev, tid, numbers, warnings)
    last = max((r for rounds in by_round.values() for r in rounds), default=0)
    players = [p.replace(entries=tuple(by_round[p.number].get(r, RoundEntry(Kind.NOT_PAIRED))
                                       for r in range(1, last + 1))) for p in players]
    players = [p.replace(entries=_trim(p.entries)) for p in players]
    fields = _settings(ev, tid, t_row, players, warnings)
    return Loaded(Tournament(players=tuple(players), **fields), warnings,
                  meta={"tournament_id": str(tid)})


def _trim(entries: tuple[RoundEntry, ...]) -> tuple[RoundEntry, ...]:
    while entries and entries[-1].kind is Kind.NOT_PAIRED:
        entries = entries[:-1]
    return entries


def _event(data: bytes, path: str | None) -> _Event:
    check_database_size(data, "Sharly-Chess event file", path=path)
    if not data.startswith(_MAGIC):
        raise FormatError("not an SQLite database", path=path,
                          expected="a Sharly-Chess event file (SQLite, 'SQLite format 3')",
                          hint="Sharly-Chess keeps each event in events/<name>.sce")
    db = _Db(data, path)
    if "tournament" not in db.tables or "info" not in db.tables:
        raise FormatError("an SQLite database without the tables tournament and info",
                          path=path, expected="a Sharly-Chess event file",
                          hint="is this a Sharly-Chess .sce file?")
    info = (db.rows("info") or [{}])[0]
    meta = db.rows("metadata")
    version = _text(meta[0].get("version")) if meta else ""
    return _Event(db, path, info, version)


def list_tournaments(data: bytes, *, path: str | None = None) -> list[tuple[str, str]]:
    """The event's tournaments as ``(id, name)``, without reading their players."""
    ev = _event(data, path)
    rows = sorted(ev.db.rows("tournament"), key=lambda r: (_int(r.get("index")), _int(r.get("id"))))
    return [(str(_int(r.get("id"))), _text(r.get("name"))) for r in rows]


def load_all(data: bytes, *, path: str | None = None) -> list[tuple[str, str, Loaded | FormatError]]:
    """Every tournament of the event: ``(id, name, Loaded)``, or the error that stops one of
    them (a Sharly 2.x tournament whose Papi file is missing) in place of its ``Loaded``."""
    ev = _event(data, path)
    out: list[tuple[str, str, Loaded | FormatError]] = []
    for t_row in sorted(ev.db.rows("tournament"), key=lambda r: (_int(r.get("index")), _int(r.get("id")))):
        tid, name = str(_int(t_row.get("id"))), _text(t_row.get("name"))
        try:
            read = _tournament(ev, t_row)
        except FormatError as exc:
            out.append((tid, name, exc))
            continue
        if ev.version:
            read.meta.setdefault("source", f"Sharly-Chess {ev.version}")
        out.append((tid, name, read))
    if not out:
        raise FormatError("the event has no tournament", path=path,
                          expected="at least one row in table tournament", hint=_HINT)
    return out


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """The event's only tournament (an event with several: see :func:`load_all`)."""
    parts = load_all(data, path=path)
    if len(parts) > 1:
        from . import TournamentChoiceError

        raise TournamentChoiceError.of([(i, n) for i, n, _ in parts], path)
    loaded = parts[0][2]
    if isinstance(loaded, FormatError):
        raise loaded
    return loaded
