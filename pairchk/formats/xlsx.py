"""Excel workbook (.xlsx, via openpyxl): a tournament a person can read and edit.

Sheets: ``Tournament`` (one ``field | value | value ...`` row per item), ``Players`` (one row
per player), ``Rounds`` (one row per board or bye: round, board, white, black, result) and
``Crosstable`` (written for people, ignored when reading). Reading finds columns by their
header, ignores extra columns and sheets, accepts numbers typed as text and empty rows.
Strings starting with ``=``, ``+``, ``-`` or ``@`` are written as text cells (with Excel's quote
prefix) so that no cell becomes a formula.

Results in ``Rounds``: ``1-0 ½-½ 0-1`` for games, ``+:- -:+ -:-`` for forfeits, ``W:L D:D L:W``
for games shorter than one move, in general ``<white>:<black>`` with TRF codes; byes have no
black player and the result ``PAB``, ``full bye``, ``half bye``, ``zero bye`` or ``absent``.
``Colours`` = ``none`` marks a forfeit that had no colours.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(name="=cmd|' /C calc'!A0", players=(
...     Player(1, "Alpha, Anna", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, "Beta, Ben", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
>>> back = load(dump(t).data).tournament
>>> back.name, back.player(2).entries[0].kind
("=cmd|' /C calc'!A0", <Kind.LOSS: '0'>)
"""

from __future__ import annotations

import dataclasses
import io
import re
import zipfile
import zlib
from decimal import Decimal

from ..errors import FormatError, Warning_
from ..model import (
    AbnormalPoints,
    Acceleration,
    ByeKind,
    Color,
    DeclaredBye,
    ForbiddenPair,
    Kind,
    Lineup,
    NationalRating,
    Player,
    RoundEntry,
    ScoreSystem,
    Status,
    Team,
    TeamMatch,
    Tournament,
)
from . import Dumped, Loaded, carry
from .boards import MAX_ROUND, EntryTable, boards, require_consistent
from .fields import iso_round_dates, parse_points
from .limits import check_zip_sizes

MAX_ROWS = 200_000  # rows read from one sheet (the Rounds sheet has one row per board)
MAX_COLS = 200  # columns read from one sheet (a row is padded to the sheet's stated width)
_CONTROL = re.compile(r"[\000-\010\013\014\016-\037]")  # what openpyxl refuses in a cell
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an old binary .xls (or .doc) file

NAME = "xlsx"
EXTENSIONS = (".xlsx",)
CAN_READ = True
CAN_WRITE = True
CANNOT_CARRY: list[str] = []  # every model field has a row, column or sheet

SHEETS = {"tournament": ("Tournament", "Turnier"), "players": ("Players", "Spieler"),
          "rounds": ("Rounds", "Runden", "Paarungen"), "crosstable": ("Crosstable", "Kreuztabelle")}

# Tournament sheet: label -> model field. Scalar fields first, then lists.
_T_SCALAR = [
    ("Name", "name"), ("City", "city"), ("Federation", "federation"),
    ("Start date", "start_date"), ("End date", "end_date"), ("Chief arbiter", "chief_arbiter"),
    ("Time control", "time_control"), ("Time control (encoded)", "time_control_encoded"),
    ("Rounds", "rounds"), ("System", "system"), ("Type (text)", "system_text"),
    ("Initial colour", "initial_color"), ("Starting-rank method", "starting_rank_method"),
    ("Pairing controller", "pairing_controller"), ("Board colours", "board_colors"),
    ("Team scoring", "team_scoring"), ("Tie-break text", "tiebreak_text"),
    ("Team PAB match points", "team_pab_match_points"),
    ("Team PAB game points", "team_pab_game_points"), ("Declared players", "declared_players"),
    ("Declared rated players", "declared_rated"), ("Declared teams", "declared_teams"),
]
_T_LIST = [("Round dates", "round_dates"), ("Round dates (ISO)", "round_dates_iso"),
           ("Deputy arbiters", "deputy_arbiters"), ("Tie-breaks", "tiebreaks")]
_T_REPEAT = [("Comment", "comments"), ("Extra record", "extra_records")]
_T_INT = {"rounds", "declared_players", "declared_rated", "declared_teams"}
_T_DEC = {"team_pab_match_points", "team_pab_game_points"}
_SCORE_FIELDS = [f.name for f in dataclasses.fields(ScoreSystem)]

PLAYER_COLUMNS = [
    ("No", "number"), ("Name", "name"), ("Sex", "sex"), ("Title", "title"), ("Rating", "rating"),
    ("Federation", "federation"), ("FIDE ID", "fide_id"), ("Birth", "birth"), ("Club", "club"),
    ("National rating", "national_rating"), ("National ID", "national_id"), ("Team", "team"),
    ("Status", "status"), ("Points", "points"), ("Rank", "rank"),
]
_P_INT = {"number", "rating", "national_rating", "team", "rank"}
ROUND_COLUMNS = ["Round", "Board", "White", "Black", "Result", "Colours", "White name", "Black name"]

_PAIR_OUT: dict[tuple[Kind | None, Kind | None], str] = {
    (Kind.WIN, Kind.LOSS): "1-0", (Kind.DRAW, Kind.DRAW): "½-½", (Kind.LOSS, Kind.WIN): "0-1",
}
_BYE_OUT = {Kind.PAB: "PAB", Kind.FULL_BYE: "full bye", Kind.HALF_BYE: "half bye",
            Kind.ZERO_BYE: "zero bye", Kind.ABSENT: "absent", Kind.FORFEIT_WIN: "+",
            Kind.FORFEIT_LOSS: "-"}
_BYE_IN = {v.lower(): k for k, v in _BYE_OUT.items()}
_BYE_IN.update({"u": Kind.PAB, "f": Kind.FULL_BYE, "h": Kind.HALF_BYE, "z": Kind.ZERO_BYE,
                "bye": Kind.PAB, "spielfrei": Kind.PAB})
_SIDE_IN = {"1": Kind.WIN, "0": Kind.LOSS, "½": Kind.DRAW, "=": Kind.DRAW, "0.5": Kind.DRAW,
            "0,5": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
            "W": Kind.WIN_SHORT, "D": Kind.DRAW_SHORT, "L": Kind.LOSS_SHORT}


def _side(kind: Kind | None) -> str:
    if kind is None or kind is Kind.PENDING:
        return ""
    return "½" if kind is Kind.DRAW else kind.code


def result_text(white: Kind | None, black: Kind | None) -> str:
    """The ``Rounds`` result of a board.

    >>> result_text(Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), result_text(Kind.WIN, None)
    ('+:-', '1:')
    """
    if white is Kind.PENDING and black is Kind.PENDING:
        return ""  # paired, no result yet
    return _PAIR_OUT.get((white, black)) or f"{_side(white)}:{_side(black)}"


def parse_result(text: str) -> tuple[Kind | None, Kind | None] | None:
    """Inverse of :func:`result_text`; also ``1:0``, ``0.5-0.5``, ``+/-``; None if unknown.

    >>> parse_result("½-½"), parse_result("-:+")
    ((<Kind.DRAW: '='>, <Kind.DRAW: '='>), (<Kind.FORFEIT_LOSS: '-'>, <Kind.FORFEIT_WIN: '+'>))
    """
    s = text.strip().replace(" ", "").upper()
    if ":" in s:
        a, _, b = s.partition(":")
    elif "/" in s:
        a, _, b = s.partition("/")
    elif s.count("-") == 1 and not s.startswith("-") and not s.endswith("-"):
        a, _, b = s.partition("-")
    else:
        return None
    ka = _SIDE_IN.get(a) if a else None
    kb = _SIDE_IN.get(b) if b else None
    if (a and ka is None) or (b and kb is None) or (ka is None and kb is None):
        return None
    return ka, kb


# ---------------------------------------------------------------- writing


def _put(ws, row: int, col: int, value) -> None:
    cell = ws.cell(row=row, column=col)
    if value is None or value == "":
        return
    if isinstance(value, Decimal):
        value = int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, str) and _CONTROL.search(value):
        from ..errors import PairchkError

        raise PairchkError(f"{ws.title}!{cell.coordinate}: text {value!r} holds control characters,"
                           " which an .xlsx cell cannot store (hint: correct the source file)")
    cell.value = value
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        # never a formula: a text cell, and Excel's quote prefix keeps it text when edited
        cell.data_type = "s"
        cell.quotePrefix = True


def dump(t: Tournament, **_options) -> Dumped:
    """Write ``t`` as an .xlsx workbook: the sheets Tournament, Players, Rounds, Crosstable."""
    require_consistent(t, "xlsx")
    from openpyxl import Workbook
    from openpyxl.styles import Font

    warnings = carry.dropped(t, NAME, CANNOT_CARRY)
    wb = Workbook()
    sheets: tuple[tuple[str, list[tuple], dict[str, int]], ...] = (
        ("Tournament", _tournament_rows(t), {"A": 24, "B": 40}),
        ("Players", _player_rows(t), {"B": 30}),
        ("Rounds", _round_rows(t), {}),
        ("Crosstable", _crosstable_rows(t), {}))
    bold = Font(bold=True)
    for i, (title, rows, widths) in enumerate(sheets):
        ws = wb.active if i == 0 else wb.create_sheet(title)
        ws.title = title
        for r, row in enumerate(rows, 1):
            for c, value in enumerate(row, 1):
                _put(ws, r, c, value)
        for column, width in widths.items():
            ws.column_dimensions[column].width = width
        for cell in ws[1]:
            cell.font = bold
        ws.freeze_panes = "A2"
    buf = io.BytesIO()
    wb.save(buf)
    return Dumped(buf.getvalue(), warnings)


def _tournament_rows(t: Tournament) -> list[tuple]:
    """The Tournament sheet: one field a row (label, value ...), then the records."""
    rows: list[tuple] = [("Field", "Value")]
    for label, field in _T_SCALAR:
        value = getattr(t, field)
        if field == "initial_color":
            value = "" if value is Color.NONE else value.value
        rows.append((label, value))
    rows += [(label, *getattr(t, field)) for label, field in _T_LIST]
    rows += [(f"Points: {name}", getattr(t.scoring, name)) for name in _SCORE_FIELDS]
    rows += [("Forbidden pair", " ".join(map(str, fp.players)), fp.first_round, fp.last_round)
             for fp in t.forbidden_pairs]
    rows += [("Declared bye", db.round, db.kind.value, " ".join(map(str, db.players)))
             for db in t.declared_byes]
    for acc in t.acceleration:
        rows.append(("Acceleration", acc.player, *acc.points))
        if acc.match_points:
            rows.append(("Acceleration (match points)", acc.player, *acc.match_points))
    rows += (
        [("Team", tm.number, tm.name, _ids_text(tm.members), tm.nickname, tm.strength,
          tm.match_points, tm.game_points, tm.rank) for tm in t.teams]
        + [("Line-up", lu.round, lu.team, _ids_text(lu.players), lu.opponent) for lu in t.lineups]
        + [("Team match", m.round, m.home, m.away, m.forfeit) for m in t.team_matches]
        + [("Abnormal points", a.type, a.match_points, a.game_points, a.round,
            _ids_text(a.players)) for a in t.abnormal_points]
        + [("National rating", p.number, nr.federation, nr.rating, nr.origin, nr.national_id,
            nr.raw) for p in t.players for nr in p.national_ratings]
        + [("Player field", p.number, key, value) for p in t.players for key, value in p.extra]
    )
    rows += [(label, v) for label, field in _T_REPEAT for v in getattr(t, field)]
    return rows


def _player_rows(t: Tournament) -> list[tuple]:
    def value(p, field):
        v = getattr(p, field)
        return ("" if v is Status.ACTIVE else "withdrawn") if field == "status" else v

    return ([tuple(label for label, _ in PLAYER_COLUMNS)]
            + [tuple(value(p, field) for _, field in PLAYER_COLUMNS) for p in t.players])


def _round_rows(t: Tournament) -> list[tuple]:
    """One row per board or bye: round, board, white, black, result, colours, names."""
    names = {p.number: p.name for p in t.players}
    rows: list[tuple] = [tuple(ROUND_COLUMNS)]
    for rnd in range(1, t.played_rounds + 1):
        board_no = 0
        for b in boards(t, rnd):
            if b.black is None:
                assert b.white_entry is not None  # a bye: the player's own entry (boards())
                rows.append((rnd, None, b.white, None, _BYE_OUT[b.white_entry.kind], None,
                             names.get(b.white, "")))
                continue
            board_no += 1
            we, be = b.white_entry, b.black_entry  # one is None when only one side names the other
            result = result_text(None if we is None else we.kind, None if be is None else be.kind)
            rows.append((rnd, board_no, b.white, b.black, result, None if b.colored else "none",
                         names.get(b.white, ""), names.get(b.black, "")))
    return rows


def _crosstable_rows(t: Tournament) -> list[tuple]:
    rounds = t.played_rounds
    rows: list[tuple] = [("No", "Name", "Points", *(f"R{r}" for r in range(1, rounds + 1)))]
    for p in t.players:
        cells: list[str | None] = []
        for rnd in range(1, rounds + 1):
            e = p.entry(rnd)
            if e.kind is Kind.NOT_PAIRED:
                cells.append(None)
                continue
            cell = f"{e.opponent or ''}{e.color.value if e.color is not Color.NONE else ''}" \
                   f"{_side(e.kind) if e.kind is not Kind.ABSENT else ''}"
            cells.append(cell if e.opponent else _BYE_OUT.get(e.kind, e.kind.code))
        rows.append((p.number, p.name, t.score(p.number), *cells))
    return rows


# ---------------------------------------------------------------- reading


def detect(data: bytes) -> bool:
    """An .xlsx (zip) whose workbook has a ``Players`` (or ``Spieler``) sheet."""
    if not data.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            info = z.getinfo("xl/workbook.xml")
            if info.file_size > 1024 * 1024:  # load refuses it with the size; never unpack it here
                return True
            wb = z.read(info).decode("utf-8", "replace")
    except (zipfile.BadZipFile, KeyError, OSError, EOFError, zlib.error, NotImplementedError,
            ValueError):  # ValueError: a damaged directory (e.g. a negative seek)
        return False
    return any(f'name="{n}"' in wb for n in SHEETS["players"])


def _part_errors() -> tuple[type[BaseException], ...]:
    from xml.etree.ElementTree import ParseError

    from lxml.etree import LxmlError

    return (ParseError, LxmlError, zipfile.BadZipFile, zlib.error, KeyError, ValueError, EOFError,
            OSError, NotImplementedError)


_PART_ERRORS = _part_errors()
# openpyxl's own parsers also raise these for a damaged or foreign part (e.g. TypeError from a
# descriptor when a sheet's <sheetFormatPr baseColWidth> is not a number)
_OPENPYXL_ERRORS = _PART_ERRORS + (TypeError, AttributeError, IndexError)


class _Sheet:
    """Rows of one sheet with cell addresses for error messages."""

    def __init__(self, ws, path: str | None) -> None:
        self.title = ws.title
        self.path = path
        try:
            self.rows = [list(r) for r in ws.iter_rows(max_row=MAX_ROWS + 1, max_col=MAX_COLS,
                                                      values_only=True)]
        except _OPENPYXL_ERRORS as exc:
            raise FormatError(f"sheet {self.title!r} cannot be read ({type(exc).__name__}: {exc})",
                              path=path, expected="a well-formed worksheet part",
                              hint="the workbook is damaged; open and save it again in a spreadsheet program"
                              ) from None
        if len(self.rows) > MAX_ROWS:
            raise FormatError(f"sheet {self.title!r} has more than {MAX_ROWS} rows", path=path,
                              expected=f"at most {MAX_ROWS} rows", hint="is this really a tournament workbook?")

    def error(self, row: int, col: int, message: str, expected: str | None = None,
              hint: str | None = None) -> FormatError:
        from openpyxl.utils import get_column_letter

        return FormatError(f"{self.title}!{get_column_letter(col)}{row}: {message}", path=self.path,
                           expected=expected, hint=hint)

    def header(self, required: list[str]) -> dict[str, int]:
        if not self.rows:
            raise self.error(1, 1, "the sheet is empty", expected="a header row")
        cols: dict[str, int] = {}
        for i, v in enumerate(self.rows[0]):
            if v is not None and str(v).strip():
                cols.setdefault(str(v).strip().lower(), i)
        for name in required:
            if name.lower() not in cols:
                raise self.error(1, 1, f"no {name!r} column", expected=f"a header cell {name!r}",
                                 hint="the first row names the columns")
        return cols


def _text(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


def _int(sheet: _Sheet, row: int, col: int, v, what: str) -> int | None:
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    if isinstance(v, bool):
        raise sheet.error(row, col + 1, f"{what} {v!r}", expected="a whole number")
    if isinstance(v, (int, float)) and float(v).is_integer():
        return int(v)
    s = str(v).strip()
    if s.isdecimal():
        return int(s)
    raise sheet.error(row, col + 1, f"{what} {v!r} is not a whole number", expected="a whole number")


def _dec(sheet: _Sheet, row: int, col: int, v, what: str) -> Decimal | None:
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    if isinstance(v, float):
        v = repr(v)
    try:
        return parse_points(str(v))
    except ValueError:
        raise sheet.error(row, col + 1, f"{what} {v!r} is not a number",
                          expected="a number such as 1.5") from None


def _find(wb, key: str):
    wanted = {n.lower() for n in SHEETS[key]}
    for ws in wb.worksheets:
        if ws.title.strip().lower() in wanted:
            return ws
    return None


def _open_workbook(data: bytes, path: str | None):
    """The openpyxl workbook (read-only) of ``data``; an old .xls, a damaged zip package or a
    damaged workbook is a located error."""
    from openpyxl import load_workbook

    if data.startswith(_OLE2):
        raise FormatError("an old binary Excel (.xls) file, not an .xlsx workbook", path=path,
                          expected="an Excel 2007+ workbook", hint="save it as .xlsx first")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            check_zip_sizes(z.infolist(), path=path)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError) as exc:
        raise FormatError(f"not a readable .xlsx workbook: the zip package is damaged ({exc})",
                          path=path, expected="an Excel 2007+ workbook (a zip package)",
                          hint="the file may be truncated; save it again from the spreadsheet program"
                          ) from None
    try:
        return load_workbook(io.BytesIO(data), data_only=True, read_only=True)
    except _OPENPYXL_ERRORS as exc:
        raise FormatError(f"not a readable .xlsx workbook ({type(exc).__name__}: {exc})", path=path,
                          expected="an Excel 2007+ workbook",
                          hint="the workbook is damaged; open and save it again in a spreadsheet program"
                          ) from None


def _read_sheets(wb, path: str | None, warnings: list[Warning_]):
    """The Players sheet (required), the Rounds sheet into an entry table, the Tournament sheet:
    (players, lines, table, tournament, national rating rows, player field rows)."""
    ws = _find(wb, "players")
    if ws is None:
        raise FormatError("no 'Players' sheet", path=path,
                          expected="sheets Tournament, Players, Rounds",
                          hint=f"sheets found: {', '.join(wb.sheetnames)}")
    players, lines = _read_players(_Sheet(ws, path))
    ws = _find(wb, "rounds")
    table = EntryTable()
    if ws is not None:
        _read_rounds(_Sheet(ws, path), {p.number for p in players}, table)
    ws = _find(wb, "tournament")
    national: list = []
    extra: list = []
    if ws is not None:
        t, national, extra = _read_tournament(_Sheet(ws, path), warnings)
    else:
        t = Tournament()
    return players, lines, table, t, national, extra


def _by_player(players: list[Player], national: list, extra: list, path: str | None
               ) -> tuple[dict[int, list], dict[int, list]]:
    """The National rating and Player field rows of the Tournament sheet by player; each must
    name a player of the Players sheet."""
    by_number = {p.number: p for p in players}
    nat: dict[int, list] = {}
    ext: dict[int, list] = {}
    for target, rows, what in ((nat, national, "National rating"), (ext, extra, "Player field")):
        for number, value in rows:
            if number not in by_number:
                raise FormatError(f"Tournament: {what} row names player {number}, who is not on"
                                  " the Players sheet", path=path,
                                  expected="a starting number from the Players sheet")
            target.setdefault(number, []).append(value)
    return nat, ext


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a workbook written by :func:`dump` (or edited by hand)."""
    wb = _open_workbook(data, path)
    warnings: list[Warning_] = []
    try:
        players, lines, table, t, national, extra = _read_sheets(wb, path, warnings)
    finally:
        wb.close()
    nat, ext = _by_player(players, national, extra, path)
    players = [p.replace(entries=table.entries(p.number),
                         national_ratings=tuple(nat.get(p.number, ())),
                         extra=tuple(ext.get(p.number, ()))) for p in players]
    return Loaded(t.replace(players=tuple(players)), warnings,
                  lines=lines, meta={"sheet": "Players"})


def _read_players(sheet: _Sheet) -> tuple[list[Player], dict[int, int]]:
    cols = sheet.header(["No", "Name"])
    players: dict[int, Player] = {}
    lines: dict[int, int] = {}
    for r, row in enumerate(sheet.rows[1:], 2):
        if all(v is None or str(v).strip() == "" for v in row):
            continue
        values: dict = {}
        for label, field in PLAYER_COLUMNS:
            i = cols.get(label.lower())
            if i is None or i >= len(row):
                continue
            v = row[i]
            if field in _P_INT:
                values[field] = _int(sheet, r, i, v, label)
            elif field == "points":
                values[field] = _dec(sheet, r, i, v, label)
            elif field == "status":
                values[field] = (Status.WITHDRAWN if _text(v).lower() in ("withdrawn", "w", "x", "*")
                                 else Status.ACTIVE)
            else:
                values[field] = _text(v)
        number = values.get("number")
        if number is None:
            raise sheet.error(r, cols["no"] + 1, "no starting number", expected="a whole number")
        if number in players:
            raise sheet.error(r, cols["no"] + 1, f"starting number {number} appears twice",
                              expected="unique starting numbers")
        players[number] = Player(**values)
        lines[number] = r
    return [players[n] for n in sorted(players)], lines


def _read_rounds(sheet: _Sheet, numbers: set[int], table: EntryTable) -> None:
    cols = sheet.header(["Round", "White", "Result"])
    ib, icol = cols.get("black"), cols.get("colours")
    for r, row in enumerate(sheet.rows[1:], 2):
        if all(v is None or str(v).strip() == "" for v in row):
            continue

        def get(i):
            return row[i] if i is not None and i < len(row) else None

        rnd = _int(sheet, r, cols["round"], get(cols["round"]), "Round")
        white = _int(sheet, r, cols["white"], get(cols["white"]), "White")
        black = _int(sheet, r, ib, get(ib), "Black") if ib is not None else None
        res = _text(get(cols["result"]))
        if rnd is None or not 1 <= rnd <= MAX_ROUND:
            raise sheet.error(r, cols["round"] + 1, f"round {rnd!r}",
                              expected=f"a round number 1..{MAX_ROUND}")
        for who, i in ((white, cols["white"]), (black, ib)):
            if who is not None and who not in numbers:
                assert i is not None  # (black is read only where the column is)
                raise sheet.error(r, i + 1, f"player {who} is not on the Players sheet",
                                  expected="a starting number from the Players sheet")
        if white is None:
            raise sheet.error(r, cols["white"] + 1, "no player", expected="a starting number")
        if black is None:
            kind = _BYE_IN.get(res.lower())
            if kind is None:
                raise sheet.error(r, cols["result"] + 1, f"bye result {res!r}",
                                  expected="PAB, full bye, half bye, zero bye or absent",
                                  hint="a game needs a Black player")
            table.set(white, rnd, RoundEntry(kind))
            continue
        pair = (Kind.PENDING, Kind.PENDING) if res in ("", "*") else parse_result(res)
        if pair is None:
            raise sheet.error(r, cols["result"] + 1, f"result {res!r}",
                              expected="1-0, ½-½, 0-1, +:-, -:+, -:- or <white>:<black> TRF codes")
        colored = _text(get(icol)).lower() not in ("none", "-", "keine")
        for who, opp, kind, color in ((white, black, pair[0], Color.WHITE),
                                      (black, white, pair[1], Color.BLACK)):
            if kind is None:
                continue
            if table.has(who, rnd):
                raise sheet.error(r, cols["round"] + 1, f"player {who} has two entries in round {rnd}",
                                  expected="one row per player and round")
            table.set(who, rnd, RoundEntry(kind, opp, color if colored else Color.NONE))


_SCALAR = {**{label.lower(): field for label, field in _T_SCALAR}, **{field: field for _, field in _T_SCALAR}}
_LISTS = {label.lower(): field for label, field in _T_LIST}
_REPEAT = {label.lower(): field for label, field in _T_REPEAT}


@dataclasses.dataclass
class _TRows:
    """What the Tournament sheet's rows give, gathered row by row (``_read_tournament``)."""

    sheet: _Sheet
    changes: dict = dataclasses.field(default_factory=dict)  # Tournament fields
    score: dict = dataclasses.field(default_factory=dict)  # ScoreSystem fields ("Points: <field>")
    forbidden: list[ForbiddenPair] = dataclasses.field(default_factory=list)
    declared: list[DeclaredBye] = dataclasses.field(default_factory=list)
    accel: list[Acceleration] = dataclasses.field(default_factory=list)
    accel_mp: dict[int, tuple] = dataclasses.field(default_factory=dict)
    records: dict[str, list] = dataclasses.field(default_factory=lambda: {k: [] for k in (
        "teams", "lineups", "team_matches", "abnormal_points", "national", "extra")})
    rep: dict[str, list] = dataclasses.field(default_factory=lambda: {f: [] for _, f in _T_REPEAT})


def _row_scalar(st: _TRows, r: int, row: list, label: str, first) -> None:
    """A scalar row (``_T_SCALAR``): text, a whole number (``_T_INT``), points (``_T_DEC``) or
    the initial colour (w/b)."""
    sheet, changes = st.sheet, st.changes
    name = _SCALAR[label]
    if name in _T_DEC:
        changes[name] = _dec(sheet, r, 1, first, row[0])
    elif name in _T_INT:
        changes[name] = _int(sheet, r, 1, first, row[0])
        if name == "rounds" and changes[name] is not None and changes[name] > MAX_ROUND:
            raise sheet.error(r, 2, f"rounds {changes[name]}",
                              expected=f"a number of rounds up to {MAX_ROUND}")
    elif name == "initial_color":
        changes[name] = {"w": Color.WHITE, "b": Color.BLACK}.get(_text(first).lower()[:1], Color.NONE)
    else:
        changes[name] = _text(first)


def _row_points(st: _TRows, r: int, row: list, label: str, first) -> None:
    """``Points: <field>``: one value of the point system."""
    name = label.split(":", 1)[1].strip()
    if name not in _SCORE_FIELDS:
        raise st.sheet.error(r, 1, f"unknown point field {name!r}",
                             expected=f"Points: one of {', '.join(_SCORE_FIELDS)}")
    st.score[name] = _dec(st.sheet, r, 1, first, row[0])


def _row_forbidden(st: _TRows, r: int, vals: list) -> None:
    """``Forbidden pair``: players (space-separated), first round, last round."""
    sheet = st.sheet
    ids = _ids(sheet, r, 1, _cell(vals, 0))
    fr = _int(sheet, r, 2, _cell(vals, 1), "first round")
    lr = _int(sheet, r, 3, _cell(vals, 2), "last round")
    st.forbidden.append(ForbiddenPair(ids, fr, lr))


def _row_declared(st: _TRows, r: int, vals: list) -> None:
    """``Declared bye``: round, kind F/H/Z, players (space-separated)."""
    sheet = st.sheet
    rnd = _int(sheet, r, 1, _cell(vals, 0), "round")
    kind_text = _text(_cell(vals, 1)).upper()
    try:
        kind = ByeKind(kind_text)
    except ValueError:
        raise sheet.error(r, 3, f"bye kind {kind_text!r}", expected="F, H or Z") from None
    st.declared.append(DeclaredBye(rnd or 0, kind, _ids(sheet, r, 3, _cell(vals, 2))))


def _row_acceleration(st: _TRows, r: int, label: str, vals: list) -> None:
    """``Acceleration`` / ``Acceleration (match points)``: player, points of each round."""
    sheet = st.sheet
    player = _int(sheet, r, 1, _cell(vals, 0), "player")
    pts = tuple(_dec(sheet, r, 2 + i, v, "points") or Decimal(0)
                for i, v in enumerate(vals[1:]) if v is not None and _text(v) != "")
    if label == "acceleration":
        st.accel.append(Acceleration(player or 0, pts))
    else:
        st.accel_mp[player or 0] = pts


def _read_t_row(st: _TRows, r: int, row: list, warnings: list[Warning_]) -> None:
    """One row of the Tournament sheet: label in column A, value(s) from column B."""
    label = _text(row[0]).lower()
    vals = row[1:]
    first = vals[0] if vals else None
    if label in _SCALAR:
        _row_scalar(st, r, row, label, first)
    elif label in _LISTS:
        values = [_text(v) for v in vals]
        while values and not values[-1]:
            values.pop()
        st.changes[_LISTS[label]] = tuple(values)
    elif label in _REPEAT:
        st.rep[_REPEAT[label]].append("" if first is None else str(first))  # verbatim
    elif label.startswith("points:"):
        _row_points(st, r, row, label, first)
    elif label == "forbidden pair":
        _row_forbidden(st, r, vals)
    elif label == "declared bye":
        _row_declared(st, r, vals)
    elif label in ("acceleration", "acceleration (match points)"):
        _row_acceleration(st, r, label, vals)
    elif label in _RECORDS:
        _RECORDS[label](st.sheet, r, vals, st.records)
    elif label not in ("field", "feld"):  # the header row
        warnings.append(Warning_(f"{st.sheet.title}!A{r}: unknown row {row[0]!r} ignored",
                                 path=st.sheet.path))


def _read_tournament(sheet: _Sheet, warnings: list[Warning_]) -> tuple[Tournament, list, list]:
    """The Tournament sheet: the tournament, and the National rating and Player field rows
    (player, value) for the players read from the Players sheet."""
    st = _TRows(sheet)
    for r, row in enumerate(sheet.rows[1:], 2):
        if not row or row[0] is None:
            continue
        _read_t_row(st, r, row, warnings)
    changes = st.changes
    changes["scoring"] = ScoreSystem(**{k: v for k, v in st.score.items() if v is not None})
    if "round_dates_iso" not in changes:
        changes["round_dates_iso"] = iso_round_dates(changes.get("round_dates", ()))
    changes["forbidden_pairs"] = tuple(st.forbidden)
    changes["declared_byes"] = tuple(st.declared)
    changes["acceleration"] = tuple(
        dataclasses.replace(a, match_points=st.accel_mp.get(a.player, ())) for a in st.accel)
    for key in ("teams", "lineups", "team_matches", "abnormal_points"):
        changes[key] = tuple(st.records[key])
    for name, values in st.rep.items():
        changes[name] = tuple(values)
    return Tournament(**changes), st.records["national"], st.records["extra"]


def _ids(sheet: _Sheet, row: int, col: int, v) -> tuple[int, ...]:
    text = _text(v).replace(",", " ")
    try:
        return tuple(int(x) for x in text.split())
    except ValueError:
        raise sheet.error(row, col + 1, f"player list {v!r}",
                          expected="starting numbers separated by spaces") from None


def sheets_description() -> dict:
    """The workbook layout as data (what ``formats/xlsx.sheets.json`` holds)."""
    return {
        "format": NAME,
        "sheets": {
            "Tournament": {
                "aliases": list(SHEETS["tournament"][1:]),
                "rows": "label in column A, value(s) from column B",
                "scalar": [{"label": label, "model": field} for label, field in _T_SCALAR],
                "lists": [{"label": label, "model": field, "values": "B, C, D ..."}
                          for label, field in _T_LIST],
                "repeated": [{"label": label, "model": field} for label, field in _T_REPEAT],
                "points": [{"label": f"Points: {name}", "model": f"scoring.{name}"}
                           for name in _SCORE_FIELDS],
                "records": [
                    {"label": "Forbidden pair", "values": "players (space-separated), first round, last round"},
                    {"label": "Declared bye", "values": "round, kind F/H/Z, players (space-separated)"},
                    {"label": "Acceleration", "values": "player, virtual points round 1, round 2 ..."},
                    {"label": "Acceleration (match points)", "values": "player, match points per round"},
                    {"label": "Team", "values": "number, name, members (space-separated), nickname,"
                                                " strength, match points, game points, rank"},
                    {"label": "Line-up", "values": "round, team, players by board, opposing team"},
                    {"label": "Team match", "values": "round, home, away (empty: team PAB), forfeit"},
                    {"label": "Abnormal points", "values": "type, match points, game points, round,"
                                                           " players"},
                    {"label": "National rating", "values": "player, federation, rating, origin,"
                                                           " national id, raw TRF26 line"},
                    {"label": "Player field", "values": "player, key, value (format-specific fields)"},
                ],
            },
            "Players": {"aliases": list(SHEETS["players"][1:]),
                        "columns": [{"header": h, "model": f} for h, f in PLAYER_COLUMNS],
                        "required": ["No", "Name"]},
            "Rounds": {"aliases": list(SHEETS["rounds"][1:]), "columns": ROUND_COLUMNS,
                       "required": ["Round", "White", "Result"],
                       "results": {
                           "games": "1-0, ½-½, 0-1 (also 1:0, 0.5-0.5, =-=)",
                           "forfeits": "+:-, -:+, -:-",
                           "short games": "W:L, D:D, L:W",
                           "general": "<white>:<black> with TRF codes 1 ½ 0 + - W D L; an empty"
                                      " side = not recorded",
                           "paired, no result yet": "empty or *",
                           "byes (no Black)": sorted(set(_BYE_OUT.values())),
                       },
                       "Colours": "none = a forfeit without colours"},
            "Crosstable": {"read": False, "content": "No, Name, Points, R1..Rn"},
        },
        "text_cells": "strings starting with = + - @ are text cells with Excel's quote prefix",
    }


def _ids_text(ids) -> str:
    return " ".join(map(str, ids))


def _cell(vals, i):
    return vals[i] if i < len(vals) else None


def _rec_team(sheet, r, vals, out):
    number = _int(sheet, r, 1, _cell(vals, 0), "team number")
    out["teams"].append(Team(
        number or 0, _text(_cell(vals, 1)), _ids(sheet, r, 3, _cell(vals, 2)),
        _text(_cell(vals, 3)), _text(_cell(vals, 4)),
        _dec(sheet, r, 6, _cell(vals, 5), "match points"),
        _dec(sheet, r, 7, _cell(vals, 6), "game points"),
        _int(sheet, r, 8, _cell(vals, 7), "rank")))


def _rec_lineup(sheet, r, vals, out):
    out["lineups"].append(Lineup(
        _int(sheet, r, 1, _cell(vals, 0), "round") or 0, _int(sheet, r, 2, _cell(vals, 1), "team") or 0,
        _ids(sheet, r, 3, _cell(vals, 2)), _int(sheet, r, 4, _cell(vals, 3), "opponent")))


def _rec_match(sheet, r, vals, out):
    out["team_matches"].append(TeamMatch(
        _int(sheet, r, 1, _cell(vals, 0), "round") or 0, _int(sheet, r, 2, _cell(vals, 1), "home") or 0,
        _int(sheet, r, 3, _cell(vals, 2), "away"), _text(_cell(vals, 3))))


def _rec_abnormal(sheet, r, vals, out):
    out["abnormal_points"].append(AbnormalPoints(
        _text(_cell(vals, 0)), _dec(sheet, r, 2, _cell(vals, 1), "match points"),
        _dec(sheet, r, 3, _cell(vals, 2), "game points"),
        _int(sheet, r, 4, _cell(vals, 3), "round") or 0, _ids(sheet, r, 5, _cell(vals, 4))))


def _rec_national(sheet, r, vals, out):
    out["national"].append((_int(sheet, r, 1, _cell(vals, 0), "player"), NationalRating(
        _text(_cell(vals, 1)), _int(sheet, r, 3, _cell(vals, 2), "rating"), _text(_cell(vals, 3)),
        _text(_cell(vals, 4)), _text(_cell(vals, 5)))))


def _rec_extra(sheet, r, vals, out):
    out["extra"].append((_int(sheet, r, 1, _cell(vals, 0), "player"),
                         (_text(_cell(vals, 1)), _text(_cell(vals, 2)))))


_RECORDS = {"team": _rec_team, "line-up": _rec_lineup, "team match": _rec_match,
            "abnormal points": _rec_abnormal, "national rating": _rec_national,
            "player field": _rec_extra}
