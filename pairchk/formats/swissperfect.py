"""SwissPerfect export (tab-separated crosstable text), read only.

Layout as parsed by sanichi/icu_tournament ``lib/icu_tournament/tournament_spx.rb``: a header
row starting ``No`` with tab-separated column names (``No Name Feder Intl Id Loc Id Rtg Loc
Title Total`` and round numbers ``1 2 ...``; optional columns may be missing), a blank line,
then one row per player. A round cell is ``<opponent>:<score>``: ``W L D`` are rated games,
``+ - =`` unrated ones (forfeits against an opponent, byes against opponent 0: ``0:+`` full,
``0:=`` half, ``0:-`` zero), a missing score counts as ``L``; ``" : "`` (no opponent, no score)
is an absence. The export has neither colours nor the tournament's name or dates.

>>> data = b"No\\tName\\tTotal\\t1\\t2\\r\\n\\r\\n1\\tA, B\\t1.5\\t2:W\\t0:=\\r\\n2\\tC, D\\t0\\t1:L\\t : \\r\\n"
>>> t = load(data).tournament
>>> [(e.kind.code, e.opponent) for e in t.player(1).entries]
[('1', 2), ('H', None)]
"""

from __future__ import annotations

import re

from ..errors import FormatError, Warning_
from ..model import Color, Kind, Player, RoundEntry, Tournament
from . import Loaded
from .boards import check_opponents
from .fields import decode_text, parse_points

NAME = "swissperfect"
EXTENSIONS = (".spx",)
CAN_READ = True
CAN_WRITE = False
DECLARES_SCORING = False  # totals without a point system: inferred from the totals (declared.py)
CANNOT_CARRY = ["entries.colours (the export has none)", "tournament.name", "tournament.start_date"]

_COLUMNS = {"no": "number", "name": "name", "feder": "federation", "intl id": "fide_id",
            "loc id": "national_id", "rtg": "rating", "loc": "national_rating", "title": "title",
            "total": "points"}
_CELL = re.compile(r"^(\d*)\s*:\s*([-+=LWD]?)$", re.I)
_GAME = {"W": Kind.WIN, "L": Kind.LOSS, "D": Kind.DRAW, "+": Kind.FORFEIT_WIN,
         "-": Kind.FORFEIT_LOSS}
_BYE = {"+": Kind.FULL_BYE, "=": Kind.HALF_BYE, "-": Kind.ZERO_BYE, "W": Kind.FULL_BYE,
        "D": Kind.HALF_BYE, "L": Kind.ZERO_BYE}


def _header(text: str) -> tuple[int, list[str]] | None:
    for i, line in enumerate(text.splitlines(), 1):
        if line.strip():
            cells = [c.strip() for c in line.split("\t")]
            return i, cells
    return None


def detect(data: bytes) -> bool:
    """A tab-separated header ``No<TAB>Name...`` with round-number columns or ``Total``."""
    found = _header(decode_text(data[:8192]))
    if not found:
        return False
    cells = found[1]
    return (len(cells) > 2 and cells[0] == "No" and cells[1] == "Name"
            and all(c.lower() in _COLUMNS or c.isdecimal() for c in cells if c))


def _columns(text: str, path: str | None) -> tuple[int, list[str], dict[int, str | int]]:
    """The header line (``No<TAB>Name...``): its line number, its cells, and the meaning of
    each column read (a model field, or a round number)."""
    found = _header(text)
    if not found or found[1][:2] != ["No", "Name"]:
        raise FormatError("no SwissPerfect header", path=path, line=found[0] if found else 1,
                          expected="a tab-separated header starting 'No<TAB>Name'",
                          hint="SwissPerfect: export the crosstable with tab separators")
    hline, cells = found
    columns: dict[int, str | int] = {}
    for i, c in enumerate(cells):
        if c.isdecimal():
            columns[i] = int(c)
        elif c.lower() in _COLUMNS:
            columns[i] = _COLUMNS[c.lower()]
    rounds = sorted(v for v in columns.values() if isinstance(v, int))
    if rounds != list(range(1, len(rounds) + 1)):
        raise FormatError(f"round columns {rounds}", path=path, line=hline,
                          expected="round columns 1, 2, ... without gaps")
    return hline, cells, columns


def _value(key: str, cell: str, label: str, path: str | None, lineno: int, col: int):
    """A player cell: a whole number (No, ratings), the total, or text."""
    if key in ("number", "rating", "national_rating"):
        if cell and not cell.isdecimal():
            raise FormatError(f"{label} {cell!r} is not a whole number", path=path,
                              line=lineno, column=col, expected="a whole number")
        return int(cell) if cell else None
    if key == "points":
        try:
            return parse_points(cell) if cell else None
        except ValueError:
            raise FormatError(f"total {cell!r} is not a number", path=path, line=lineno,
                              column=col, expected="a number such as 4.5") from None
    return cell


def _player_row(line: str, lineno: int, cells: list[str], columns: dict[int, str | int],
                path: str | None) -> Player:
    """One player line: the fields of its columns and a round entry per round column."""
    row = line.split("\t")
    values: dict = {}
    entries: list[RoundEntry] = []
    for i, key in columns.items():
        cell = row[i].strip() if i < len(row) else ""
        col = sum(len(x) + 1 for x in row[:i]) + 1
        if isinstance(key, int):
            entries.append(_cell(cell, path, lineno, col, key))
        else:
            values[key] = _value(key, cell, cells[i], path, lineno, col)
    if values.get("number") is None:
        raise FormatError("no player number", path=path, line=lineno, column=1,
                          expected="a whole number in column 'No'")
    while entries and entries[-1].kind is Kind.NOT_PAIRED:
        entries.pop()
    return Player(entries=tuple(entries), **values)


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a SwissPerfect tab-separated export."""
    text = decode_text(data)
    hline, cells, columns = _columns(text, path)
    players: list[Player] = []
    lines: dict[int, int] = {}
    for lineno, line in enumerate(text.splitlines(), 1):
        if lineno <= hline or not line.strip():
            continue
        p = _player_row(line, lineno, cells, columns, path)
        if p.number in lines:
            raise FormatError(f"player number {p.number} appears twice", path=path,
                              line=lineno, column=1, expected="unique numbers")
        lines[p.number] = lineno
        players.append(p)
    check_opponents(players, lines, path, missing="not in the list",
                    expected="the number of a player in this file")
    players.sort(key=lambda p: p.number)
    rounds = sum(1 for v in columns.values() if isinstance(v, int))
    t = Tournament(rounds=rounds or None, players=tuple(players))
    warnings = [Warning_("SwissPerfect exports carry no colours; games are read without"
                         " colours", path=path)]
    return Loaded(t, warnings, lines=lines)


def _cell(cell: str, path, lineno: int, col: int, rnd: int) -> RoundEntry:
    m = _CELL.match(cell)
    if not m:
        raise FormatError(f"round {rnd}: cell {cell!r}", path=path, line=lineno, column=col,
                          expected="<opponent>:<W L D + - => such as 27:W or 0:=")
    opp, score = m.group(1), m.group(2).upper()
    if not opp and not score:
        return RoundEntry(Kind.NOT_PAIRED) if cell == "" else RoundEntry(Kind.ABSENT)
    opponent = int(opp or 0)
    if opponent == 0:
        return RoundEntry(_BYE[score or "L"])
    return RoundEntry(_GAME.get(score or "L", Kind.FORFEIT_LOSS) if score != "=" else Kind.DRAW_SHORT,
                      opponent, Color.NONE)
