"""Swiss-Chess-style CSV: the participant list as Swiss-Chess imports it, plus every round.

One row per player, semicolon-separated, Windows-1252 as German Windows programs write it.
Player columns follow the Swiss-Chess import list (name ``Nachname,Vorname``, club, federation,
Elo, DWZ, title, birth date ``dd.mm.yyyy``, ZPS, FIDE id, sex; column order of
schach-in/modules-swisschess ``swisschess.inc.php``) and are named in a header row, German by
default, English on request; then three columns per round: opponent, colour, result.
Tournament data sits in ``#``-lines before the header (``#Turnier;Open 2026``). The column
list, with both spellings and aliases, is ``COLUMNS`` (described in ``formats/csv-swiss.columns.json``).

Reading accepts UTF-8 (with or without BOM) or Windows-1252, ``;`` or ``,`` as separator,
German or English headers, columns in any order; unknown columns are ignored with a warning.
A file without a header row is read as the Swiss-Chess player import list (``.lst``, fixed
column order ``LST_COLUMNS``, no rounds).

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(name="Demo", players=(
...     Player(1, "Müller, Anna", rating=2100, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, "Schmidt, Ben", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
>>> print(dump(t).data.decode("cp1252").splitlines()[2])
1;Müller,Anna;;;2100;;;;;;;;;;2;W;1
>>> load(dump(t).data).tournament.player(1).name
'Müller, Anna'
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from dataclasses import dataclass
from decimal import Decimal

from ..errors import FormatError, Warning_
from ..model import Color, Kind, Player, RoundEntry, ScoreSystem, Status, Tournament
from . import Dumped, Loaded, carry
from .boards import MAX_ROUND, EntryTable, check_opponents, require_opponents
from .fields import (birth_from_german, birth_to_german, decode_text, format_points, iso_round_dates,
                     parse_points)

NAME = "csv"
EXTENSIONS = (".csv",)
CAN_READ = True
CAN_WRITE = True
CANNOT_CARRY = [
    "names.as_written",
    "tournament.acceleration",
    "tournament.forbidden_pairs",
    "tournament.declared_byes",
    "tournament.teams",
    "tournament.lineups",
    "tournament.team_matches",
    "tournament.abnormal_points",
    "tournament.team_pab_match_points",
    "tournament.team_pab_game_points",
    "tournament.starting_rank_method",
    "tournament.pairing_controller",
    "tournament.board_colors",
    "tournament.team_scoring",
    "tournament.declared_players",
    "tournament.declared_rated",
    "tournament.declared_teams",
    "tournament.extra_records",
    "tournament.comments",
    "tournament.time_control_encoded",
    "tournament.system_text",
    "player.national_ratings",
    "player.team",
    "player.extra",
]


@dataclass(frozen=True)
class Column:
    key: str  # model field (Player attribute) or a pseudo key
    de: str
    en: str
    aliases: tuple[str, ...] = ()
    description: str = ""


COLUMNS: tuple[Column, ...] = (
    Column("number", "Nr", "No", ("nr.", "tnr", "no.", "#", "startnr", "start no"),
           "starting number (TPN), 1-9999"),
    Column("name", "Name", "Name", ("spielername", "player"),
           "\"Nachname,Vorname\" as Swiss-Chess writes it; read also \"Last, First\""),
    Column("club", "Verein", "Club", ("verein/mannschaft", "mannschaft", "team"), "club"),
    Column("federation", "Land", "Federation", ("fed", "country", "nation"),
           "FIDE federation code, e.g. GER"),
    Column("rating", "Elo", "Rating", ("fide-elo", "fide elo", "elo fide", "fide rating"),
           "FIDE rating"),
    Column("national_rating", "DWZ", "National rating", ("nwz", "national"),
           "national rating (DWZ in Germany)"),
    Column("title", "Titel", "Title", ("fide-titel", "fide title"), "FIDE title: GM IM WGM FM ..."),
    Column("birth", "Geburtsdatum", "Birth date", ("geb.", "geburt", "birth", "born", "dob"),
           "dd.mm.yyyy, or a year"),
    Column("national_id", "ZPS", "National ID", ("zps-nr", "pkz", "national id", "member id"),
           "national id (ZPS club-member code in Germany)"),
    Column("fide_id", "FIDE-ID", "FIDE ID", ("fide-kennzahl", "fideid", "fide id", "fide-nr"),
           "FIDE id"),
    Column("sex", "Geschlecht", "Sex", ("attribut", "gender", "m/w"), "m or w, kept as found"),
    Column("points", "Punkte", "Points", ("pkt", "pkt.", "pts", "score"),
           "points as declared (1,5 or 1.5 or 1½)"),
    Column("rank", "Platz", "Rank", ("rang", "pl.", "place"), "final rank as declared"),
    Column("status", "Status", "Status", ("aktiv", "active"),
           "empty = active; zurückgezogen / withdrawn / * = withdrawn"),
)
ROUND_PARTS = (
    Column("opponent", "Gegner", "Opponent", ("opp", "gg"),
           "opponent's starting number; 0 or empty for a bye"),
    Column("color", "Farbe", "Colour", ("color", "col", "fb"),
           "W (weiß/white), S or B (schwarz/black), - none"),
    Column("result", "Erg", "Result", ("ergebnis", "res", "e"),
           "1 ½ 0 (= accepted), + - forfeit, W D L game shorter than one move, "
           "U pairing-allocated bye, F full-point bye, H half-point bye, Z zero-point bye; "
           "empty with opponent 0 and colour - = absent (TRF blank code); "
           "empty with an opponent and a colour = paired, no result yet"),
)

# Tournament data in "#key;value" lines: model field, German key, English key.
META: tuple[tuple[str, str, str], ...] = (
    ("name", "Turnier", "Tournament"),
    ("city", "Ort", "City"),
    ("federation", "Verband", "Federation"),
    ("start_date", "Beginn", "Start date"),
    ("end_date", "Ende", "End date"),
    ("rounds", "Runden", "Rounds"),
    ("round_dates", "Rundentermine", "Round dates"),
    ("round_dates_iso", "Rundentermine ISO", "Round dates ISO"),
    ("chief_arbiter", "Hauptschiedsrichter", "Chief arbiter"),
    ("deputy_arbiters", "Schiedsrichter", "Deputy arbiters"),
    ("time_control", "Bedenkzeit", "Time control"),
    ("system", "System", "System"),
    ("initial_color", "Anfangsfarbe", "Initial colour"),
    ("tiebreaks", "Feinwertung", "Tie-breaks"),
    ("tiebreak_text", "Feinwertung Text", "Tie-break text"),
    ("scoring", "Punktesystem", "Scoring"),
)
_LIST_META = {"round_dates", "round_dates_iso", "deputy_arbiters", "tiebreaks", "scoring"}
_SCORE_FIELDS = [f.name for f in dataclasses.fields(ScoreSystem)]

_RESULT_OUT = {k: k.code for k in Kind if k not in (Kind.NOT_PAIRED, Kind.ABSENT)}
_RESULT_OUT[Kind.DRAW] = "½"
_RESULT_OUT[Kind.PENDING] = ""  # paired, no result yet: opponent and colour, empty result
_RESULT_IN = {k.code: k for k in Kind if k not in (Kind.NOT_PAIRED, Kind.ABSENT, Kind.PENDING)}
_RESULT_IN.update({"½": Kind.DRAW, "0.5": Kind.DRAW, "0,5": Kind.DRAW, "R": Kind.DRAW})
_COLOR_OUT = {"de": {Color.WHITE: "W", Color.BLACK: "S", Color.NONE: "-"},
              "en": {Color.WHITE: "W", Color.BLACK: "B", Color.NONE: "-"}}
_COLOR_IN = {"W": Color.WHITE, "B": Color.BLACK, "S": Color.BLACK, "-": Color.NONE, "": Color.NONE}
_WITHDRAWN = {"zurückgezogen", "zurueckgezogen", "withdrawn", "*", "x", "inaktiv", "inactive"}


def _norm(header: str) -> str:
    return " ".join(header.strip().lower().replace("_", " ").split())


_HEADER: dict[str, str] = {}
for _c in COLUMNS:
    for _h in (_c.de, _c.en, *_c.aliases):
        _HEADER[_norm(_h)] = _c.key
_PART: dict[str, str] = {}
for _c in ROUND_PARTS:
    for _h in (_c.de, _c.en, *_c.aliases):
        _PART[_norm(_h)] = _c.key
_ROUND_RE = re.compile(
    r"^(?:(?:rd|r|runde|round)\s*\.?\s*(\d+)|(\d+)\s*\.?\s*(?:rd|r|runde|round)\.?)\s*[.:_-]?\s*(.+)$"
)
_META_IN = {}
for _field, _de, _en in META:
    _META_IN[_norm(_de)] = _field
    _META_IN[_norm(_en)] = _field


def _round_header(header: str) -> tuple[int, str] | None:
    m = _ROUND_RE.match(_norm(header))
    if not m:
        return None
    part = _PART.get(m.group(3).strip())
    if part is None:
        return None
    return int(m.group(1) or m.group(2)), part


# ---------------------------------------------------------------- writing


def _meta_rows(t: Tournament, language: str) -> list[list[str]]:
    """The ``#<key>;value;...`` tournament lines (``META``) that have a value."""
    rows = []
    for field, de, en in META:
        key = "#" + (de if language == "de" else en)
        value = _meta_out(t, field)
        if value:
            rows.append([key, *value])
    return rows


def _header_out(nrounds: int, language: str) -> list[str]:
    """The header row: player columns, then ``Rd<n> <part>`` (en: ``R<n> <part>``) per round."""
    header = [c.de if language == "de" else c.en for c in COLUMNS]
    for r in range(1, nrounds + 1):
        for part in ROUND_PARTS:
            header.append(f"Rd{r} {part.de}" if language == "de" else f"R{r} {part.en}")
    return header


def _player_out(p: Player, nrounds: int, language: str) -> list[str]:
    """One player row: the ``COLUMNS`` then opponent, colour and result of each round."""
    row = [
        str(p.number),
        p.name.replace(", ", ",", 1),  # Swiss-Chess "Nachname,Vorname"
        p.club,
        p.federation,
        "" if p.rating is None else str(p.rating),
        "" if p.national_rating is None else str(p.national_rating),
        p.title,
        birth_to_german(p.birth),
        p.national_id,
        p.fide_id,
        p.sex,
        "" if p.points is None else format_points(p.points).replace(".", "," if language == "de" else "."),
        "" if p.rank is None else str(p.rank),
        "" if p.status is Status.ACTIVE else ("zurückgezogen" if language == "de" else "withdrawn"),
    ]
    colors = _COLOR_OUT[language]
    for r in range(1, nrounds + 1):
        e = p.entry(r)
        if e.kind is Kind.NOT_PAIRED:
            row += ["", "", ""]
        elif e.kind is Kind.ABSENT:
            row += ["0", "-", ""]
        else:
            row += [str(e.opponent or 0), colors[e.color], _RESULT_OUT[e.kind]]
    return row


def _encoded(text: str, encoding: str, warnings: list[Warning_]) -> bytes:
    """``text`` in ``encoding``, else UTF-8 with a byte-order mark (and a warning)."""
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start:exc.end]
        warnings.append(Warning_(
            f"{NAME}: {bad!r} cannot be written in {encoding}; the file is written as UTF-8"
            " with a byte-order mark instead"))
        return text.encode("utf-8-sig")


def dump(t: Tournament, *, language: str = "de", encoding: str = "cp1252",
         delimiter: str = ";", **_options) -> Dumped:
    """Write ``t`` as Swiss-Chess-style CSV (``language`` "de" or "en" for the headers)."""
    if language not in ("de", "en"):
        raise ValueError(f"language must be 'de' or 'en', not {language!r}")
    require_opponents(t, NAME)  # the reader asks an opponent of every result
    warnings = carry.dropped(t, NAME, CANNOT_CARRY)
    nrounds = max(t.played_rounds, 0)
    rows = [*_meta_rows(t, language), _header_out(nrounds, language),
            *(_player_out(p, nrounds, language) for p in t.players)]
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=delimiter, lineterminator="\r\n")
    writer.writerows(rows)
    return Dumped(_encoded(buf.getvalue(), encoding, warnings), warnings)


def _meta_out(t: Tournament, field: str) -> list[str]:
    if field == "rounds":
        return [str(t.rounds)] if t.rounds else []
    if field == "initial_color":
        return [] if t.initial_color is Color.NONE else [t.initial_color.value]
    if field == "scoring":
        out = []
        for name in _SCORE_FIELDS:
            v = getattr(t.scoring, name)
            if v != getattr(ScoreSystem(), name):
                out.append(f"{name}={format_points(v)}")
        return out
    if field == "round_dates_iso" and t.round_dates_iso == iso_round_dates(t.round_dates):
        return []  # derived from the round dates when read
    value = getattr(t, field)
    if isinstance(value, tuple):
        return list(value)
    return [value] if value else []


# ---------------------------------------------------------------- reading


def _header_line(text: str) -> tuple[int, str] | None:
    for i, line in enumerate(text.splitlines()):
        s = line.lstrip('"').strip()
        if not s or s.startswith("#"):
            continue
        return i, line
    return None


def _delimiter(line: str) -> str:
    return max((";", ","), key=line.count)


def detect(data: bytes) -> bool:
    """A header row (after optional ``#`` lines) with a number column, ``Name`` and another
    known column, separated by ``;`` or ``,``."""
    text = decode_text(data[:20000])
    found = _header_line(text)
    if not found:
        return False
    line = found[1]
    delim = _delimiter(line)
    if delim not in line:
        return False
    cells = next(csv.reader([line], delimiter=delim))
    keys = [_HEADER.get(_norm(c)) for c in cells]
    return keys[:1] == ["number"] and "name" in keys and len({k for k in keys if k}) >= 3


@dataclass
class _CsvRead:
    """What the reader of a CSV file with a header has read so far."""

    path: str | None
    warnings: list[Warning_] = dataclasses.field(default_factory=list)
    meta: dict[str, list[str]] = dataclasses.field(default_factory=dict)  # "#" tournament lines
    columns: list[tuple[str, int | None]] | None = None  # from the header row
    header_line: int = 0
    table: EntryTable = dataclasses.field(default_factory=EntryTable)
    players: list[Player] = dataclasses.field(default_factory=list)
    lines: dict[int, int] = dataclasses.field(default_factory=dict)


def _meta_line(st: _CsvRead, first: str, row: list[str], line: int) -> None:
    """A ``#<key>;value;...`` line before the header: a tournament field (``_META_IN``)."""
    if st.columns is not None:
        return
    key = _norm(first[1:])
    if key in _META_IN:
        values = [c.strip() for c in row[1:]]
        while values and not values[-1]:
            values.pop()
        st.meta[_META_IN[key]] = values
    elif key:
        st.warnings.append(Warning_(f"unknown tournament line {first!r} ignored",
                                    path=st.path, line=line))


def _read_row(st: _CsvRead, row: list[str], line: int) -> None:
    """A tournament line, the header row (the first other row), or a player row."""
    if not row or all(not c.strip() for c in row):
        return
    first = row[0].strip()
    if first.startswith("#"):
        _meta_line(st, first, row, line)
        return
    if st.columns is None:
        st.columns = _read_header(row, st.path, line, st.warnings)
        st.header_line = line
        return
    p = _read_player(row, st.columns, st.path, line, st.table)
    if p.number in st.lines:
        raise FormatError(f"starting number {p.number} appears twice (also line {st.lines[p.number]})",
                          path=st.path, line=line, column=1, expected="unique starting numbers")
    st.lines[p.number] = line
    st.players.append(p)


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a Swiss-Chess-style CSV file."""
    text = decode_text(data)
    found = _header_line(text)
    if not found:
        raise FormatError("no header row", path=path, line=1,
                          expected="a header row such as 'Nr;Name;Verein;...'",
                          hint="the first line that does not start with # names the columns")
    delim = _delimiter(found[1])
    first_row = next(csv.reader([found[1]], delimiter=delim), [])
    if _is_lst(first_row):
        return _load_lst(text, delim, path)
    st = _CsvRead(path)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delim)
    start = 1
    for row in reader:
        line = start
        start = reader.line_num + 1
        _read_row(st, row, line)
    if st.columns is None:
        raise FormatError("no header row", path=path, line=st.header_line or 1,
                          expected="a header row such as 'Nr;Name;Verein;...'")
    players = [p.replace(entries=st.table.entries(p.number)) for p in st.players]
    players.sort(key=lambda p: p.number)
    check_opponents(players, st.lines, path, missing="is not in the list",
                    expected="the starting number of a player in this file")
    t = _tournament(st.meta, path, st.warnings).replace(players=tuple(players))
    return Loaded(t, st.warnings, lines=st.lines, meta={"scoring_declared": not t.scoring.is_standard})


# The Swiss-Chess player import list (.lst): no header, comma-separated (zzform's default),
# Windows-1252, these columns in this order (schach-in/modules-swisschess
# zzbrick_request_get/swisschess.inc.php). Read when the first row has no known header.
LST_COLUMNS = ("name", "club", "federation", "rating", "national_rating", "title", "birth",
               "PKZ", "fide_id", "Teilnehmerkennung", "sex", "Selektionszeichen", "Verband",
               "ZPS-Verein", "ZPS-Spieler", "Info1", "Info2", "Info3", "Info4")


def _is_lst(row: list[str]) -> bool:
    if len(row) < 2 or _HEADER.get(_norm(row[0])) or not any(ch.isalpha() for ch in row[0]):
        return False
    known = [c for c in row if _HEADER.get(_norm(c)) or _round_header(c)]
    return "," in row[0] or not known  # a name "Nachname,Vorname", or no header word at all


def _load_lst(text: str, delim: str, path: str | None) -> Loaded:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delim)
    players: list[Player] = []
    lines: dict[int, int] = {}
    start = 1
    for row in reader:
        line = start
        start = reader.line_num + 1
        if not row or all(not c.strip() for c in row) or row[0].strip().startswith("#"):
            continue
        if len(row) > len(LST_COLUMNS):
            raise FormatError(f"{len(row)} columns", path=path, line=line,
                              column=len(LST_COLUMNS) + 1,
                              expected=f"at most {len(LST_COLUMNS)} columns of a Swiss-Chess"
                                       " player list (name, club, federation, Elo, DWZ, ...)",
                              hint="a file with a header row needs a 'Nr' column")
        values = dict(zip(LST_COLUMNS, (c.strip() for c in row)))
        ints: dict[str, int | None] = {}
        for i, key in ((3, "rating"), (4, "national_rating")):
            v = values.get(key, "")
            if v and not v.isdecimal():
                raise FormatError(f"{'Elo' if key == 'rating' else 'DWZ'} {v!r} is not a whole number",
                                  path=path, line=line, column=i + 1, expected="a whole number")
            ints[key] = int(v) if v and int(v) else None
        name = values["name"]
        if "," in name and ", " not in name:
            name = name.replace(",", ", ", 1)
        zps = "-".join(x for x in (values.get("ZPS-Verein", ""), values.get("ZPS-Spieler", "")) if x)
        extra = tuple((k, values[k]) for k in LST_COLUMNS[7:] if k not in (
            "fide_id", "sex", "ZPS-Verein", "ZPS-Spieler") and values.get(k))
        sex = values.get("sex", "").lower()
        number = len(players) + 1
        lines[number] = line
        players.append(Player(
            number=number, name=name, club=values.get("club", ""),
            federation=values.get("federation", ""), title=values.get("title", ""),
            birth=birth_from_german(values.get("birth", "")), fide_id=values.get("fide_id", ""),
            sex={"f": "w"}.get(sex, sex), national_id=zps, extra=extra,
            rating=ints["rating"], national_rating=ints["national_rating"]))
    if not players:
        raise FormatError("no players", path=path, line=1, expected="one player per line")
    warnings = [Warning_("Swiss-Chess player list without a header: players numbered in file"
                         " order; no rounds", path=path)]
    return Loaded(Tournament(players=tuple(players)), warnings, lines=lines,
                  meta={"scoring_declared": False})


def _read_header(row: list[str], path, line: int, warnings) -> list[tuple[str, int | None]]:
    columns: list[tuple[str, int | None]] = []
    keys = set()
    for i, cell in enumerate(row):
        key = _HEADER.get(_norm(cell))
        rnd = None
        if key is None:
            rh = _round_header(cell)
            if rh:
                rnd, key = rh
                if not 1 <= rnd <= MAX_ROUND:
                    raise FormatError(f"round {rnd} in column {cell.strip()!r}", path=path,
                                      line=line, column=i + 1,
                                      expected=f"a round number 1..{MAX_ROUND}")
        if key is None:
            if cell.strip():
                warnings.append(Warning_(f"unknown column {cell.strip()!r} (column {i + 1}) ignored",
                                         path=path, line=line))
            columns.append(("", None))
            continue
        if (key, rnd) in keys:
            raise FormatError(f"column {cell.strip()!r} appears twice", path=path, line=line,
                              column=i + 1, expected="each column once")
        keys.add((key, rnd))
        columns.append((key, rnd))
    for needed in ("number", "name"):
        if (needed, None) not in keys:
            c = next(c for c in COLUMNS if c.key == needed)
            raise FormatError(f"no {c.de!r}/{c.en!r} column in the header", path=path, line=line,
                              expected=f"a column named {c.de!r} or {c.en!r}",
                              hint="the header row names the columns; see formats/csv-swiss.columns.json")
    return columns


def _split_cells(row: list[str], columns: list[tuple[str, int | None]]
                 ) -> tuple[dict[str, str], dict[int, dict[str, tuple[str, int]]]]:
    """The player cells by field, and the round cells by round and part (with their column)."""
    values: dict[str, str] = {}
    rounds: dict[int, dict[str, tuple[str, int]]] = {}
    for i, (key, rnd) in enumerate(columns):
        if not key:
            continue
        cell = row[i].strip() if i < len(row) else ""
        if rnd is None:
            values[key] = cell
        else:
            rounds.setdefault(rnd, {})[key] = (cell, i + 1)
    return values, rounds


def _integer(values: dict[str, str], columns: list, key: str, path, line: int, *,
             required: bool = False) -> int | None:
    """The whole number in player column ``key`` (None when blank, unless ``required``)."""
    text = values.get(key, "")
    col = next(i for i, c in enumerate(columns) if c == (key, None)) + 1 if key in values else None
    if not text:
        if required:
            raise FormatError(f"empty {key} cell", path=path, line=line, column=col,
                              expected="a whole number")
        return None
    if not text.isdecimal():
        raise FormatError(f"{key} {text!r} is not a whole number", path=path, line=line,
                          column=col, expected="a whole number")
    return int(text)


def _points(values: dict[str, str], columns: list, path, line: int) -> Decimal | None:
    """The points column (decimal comma or point), None when blank."""
    if not values.get("points"):
        return None
    try:
        return parse_points(values["points"])
    except ValueError:
        col = columns.index(("points", None)) + 1
        raise FormatError(f"points {values['points']!r} are not a number", path=path,
                          line=line, column=col, expected="a number such as 4,5 or 4.5") from None


def _read_player(row, columns, path, line, table: EntryTable) -> Player:
    """One player row; its round cells go into ``table``."""
    values, rounds = _split_cells(row, columns)
    number = _integer(values, columns, "number", path, line, required=True)
    assert number is not None  # required: a blank cell raised
    if not 1 <= number <= 9999:
        raise FormatError(f"starting number {number} out of range", path=path, line=line, column=1,
                          expected="1..9999")
    name = values.get("name", "")
    last, sep, first = name.partition(",")
    if sep and first and not first.startswith(" "):
        name = f"{last}, {first}"  # Swiss-Chess "Nachname,Vorname" (a first name may hold ", ")
    points = _points(values, columns, path, line)
    sex = values.get("sex", "")  # as found: Swiss-Chess writes m/w, TRF files also M or f
    status = Status.WITHDRAWN if values.get("status", "").lower() in _WITHDRAWN else Status.ACTIVE
    for rnd, parts in sorted(rounds.items()):
        entry = _read_entry(parts, path, line, rnd)
        if entry is not None:
            table.set(number, rnd, entry)
    return Player(
        number=number,
        name=name,
        sex=sex,
        title=values.get("title", ""),
        rating=_integer(values, columns, "rating", path, line) or None,
        federation=values.get("federation", ""),
        fide_id=values.get("fide_id", ""),
        birth=birth_from_german(values.get("birth", "")),
        points=points,
        rank=_integer(values, columns, "rank", path, line),
        national_rating=_integer(values, columns, "national_rating", path, line) or None,
        national_id=values.get("national_id", ""),
        club=values.get("club", ""),
        status=status,
    )


def _read_entry(parts: dict[str, tuple[str, int]], path, line, rnd) -> RoundEntry | None:
    opp_text, opp_col = parts.get("opponent", ("", None))
    col_text, col_col = parts.get("color", ("", None))
    res_text, res_col = parts.get("result", ("", None))
    if not (opp_text or col_text or res_text):
        return None
    if opp_text and not opp_text.isdecimal():
        raise FormatError(f"round {rnd}: opponent {opp_text!r} is not a starting number",
                          path=path, line=line, column=opp_col, expected="a starting number or 0")
    opponent = int(opp_text) if opp_text else 0
    color = _COLOR_IN.get(col_text.upper()[:1] if col_text else "")
    if col_text.lower() in ("weiß", "weiss", "white"):
        color = Color.WHITE
    elif col_text.lower() in ("schwarz", "black"):
        color = Color.BLACK
    if color is None:
        raise FormatError(f"round {rnd}: colour {col_text!r}", path=path, line=line,
                          column=col_col, expected="W, S (or B) or -")
    if not res_text:
        if opponent == 0:
            return RoundEntry(Kind.ABSENT)
        if color is Color.NONE:
            raise FormatError(f"round {rnd}: no result and no colour against {opponent}",
                              path=path, line=line, column=res_col,
                              expected="a result: 1 ½ 0 + - W D L, or a colour for a game not yet played")
        return RoundEntry(Kind.PENDING, opponent, color)
    kind = _RESULT_IN.get(res_text.upper())
    if kind is None:
        raise FormatError(f"round {rnd}: result {res_text!r}", path=path, line=line,
                          column=res_col, expected="one of 1 ½ 0 + - W D L U F H Z")
    if kind.is_bye:
        return RoundEntry(kind)
    if kind.has_opponent and opponent == 0 and not kind.is_forfeit:
        raise FormatError(f"round {rnd}: result {res_text!r} without an opponent", path=path,
                          line=line, column=opp_col, expected="the opponent's starting number")
    return RoundEntry(kind, opponent or None, color)


def _tournament(meta: dict[str, list[str]], path, warnings) -> Tournament:
    changes: dict = {}
    for field, values in meta.items():
        if not values:
            continue
        if field == "rounds":
            if values[0].isdecimal() and int(values[0]) <= MAX_ROUND:
                changes["rounds"] = int(values[0])
            else:
                warnings.append(Warning_(f"rounds {values[0]!r} is not a number of rounds; ignored",
                                         path=path))
        elif field == "initial_color":
            changes["initial_color"] = {"w": Color.WHITE, "b": Color.BLACK, "s": Color.BLACK}.get(
                values[0].lower()[:1], Color.NONE)
        elif field == "scoring":
            s = {}
            for item in values:
                if not item:
                    continue
                k, _, v = item.partition("=")
                k = k.strip()
                if k not in _SCORE_FIELDS:
                    raise FormatError(f"unknown scoring key {k!r}", path=path,
                                      expected=f"one of {', '.join(_SCORE_FIELDS)}")
                try:
                    s[k] = parse_points(v)
                except ValueError:
                    raise FormatError(f"scoring {item!r}: not a number", path=path,
                                      expected="key=number, e.g. win=3") from None
            changes["scoring"] = ScoreSystem(**s)
        elif field in _LIST_META:
            changes[field] = tuple(values)
        else:
            changes[field] = values[0]
    if "round_dates_iso" not in changes:
        changes["round_dates_iso"] = iso_round_dates(changes.get("round_dates", ()))
    return Tournament(**changes)


def columns_description() -> dict:
    """The column list as data (what ``formats/csv-swiss.columns.json`` holds)."""

    def col(c: Column) -> dict:
        return {"key": c.key, "de": c.de, "en": c.en, "aliases": list(c.aliases),
                "description": c.description}

    return {
        "format": NAME,
        "delimiter": ";",
        "encoding": "cp1252",
        "players": [col(c) for c in COLUMNS],
        "round_columns": {"de": "Rd<n> <part>", "en": "R<n> <part>",
                          "parts": [col(c) for c in ROUND_PARTS]},
        "tournament_lines": [{"key": f, "de": "#" + d, "en": "#" + e} for f, d, e in META],
        "headerless_player_list": {
            "read": "when the first row has no header (Swiss-Chess .lst import list)",
            "delimiter": ",", "encoding": "cp1252", "columns": list(LST_COLUMNS),
            "national_id": "ZPS-Verein-ZPS-Spieler", "extra": "PKZ, Teilnehmerkennung, "
            "Selektionszeichen, Verband, Info1-4 are kept as format-specific player fields",
        },
    }
