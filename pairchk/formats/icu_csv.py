"""ICU "foreign CSV": one player's results in a foreign tournament, read only.

Irish Chess Union format for rating games played abroad (sanichi/icu_tournament
``lib/icu_tournament/tournament_fcsv.rb``): ``Event,<name>`` / ``Start,<date>`` /
``Rounds,<n>`` / ``Website,<url>``, then for each ICU player a block ``Player,<ICU id>,<last>,
<first>``, one row per round ``<round>,<1|0|=>,<W|B>,<last>,<first>,<rating>,<title>,<fed>``
(or ``<round>,<score>,-`` for a bye) and ``Total,<points>``. Players are numbered in order of
first appearance (the first ICU player is 1); opponents are matched by name, so two ICU players
who met appear once; an opponent's only known games are those against ICU players.

>>> data = b"Event,Open\\nStart,2007-09-22\\nRounds,2\\nWebsite,x\\n\\nPlayer,456,Fox,Anthony\\n1,0,B,Taylor,Peter,2209,,ENG\\n2,=,-\\nTotal,0.5\\n"
>>> t = load(data).tournament
>>> [(p.number, p.name, p.entries) for p in t.players][1]
(2, 'Taylor, Peter', (RoundEntry(kind=<Kind.WIN: '1'>, opponent=1, color=<Color.WHITE: 'w'>),))
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from ..errors import FormatError, Warning_
from ..model import Color, Kind, Player, RoundEntry, Tournament
from . import Loaded
from .boards import EntryTable
from .fields import decode_text, join_name, parse_points

NAME = "icu-csv"
EXTENSIONS = (".fcsv",)
CAN_READ = True
CAN_WRITE = False
DECLARES_SCORING = False  # totals without a point system: inferred from the totals (declared.py)
CANNOT_CARRY = ["games between two foreign players (only the ICU players' rounds are listed)"]

_HEAD = [("name", re.compile(r"^(event|tournament)$", re.I)),
         ("start_date", re.compile(r"^(start(\s+date)?|date)$", re.I)),
         ("end_date", re.compile(r"^end(\s+date)?$", re.I)),
         ("rounds", re.compile(r"^(number of )?rounds$", re.I)),
         ("website", re.compile(r"^(web(\s?site)?|site)$", re.I))]
_SCORE = {"1": (Kind.WIN, Kind.LOSS), "0": (Kind.LOSS, Kind.WIN), "=": (Kind.DRAW, Kind.DRAW)}
_BYE = {"1": Kind.FULL_BYE, "0": Kind.ZERO_BYE, "=": Kind.HALF_BYE}


def _rows(data: bytes):
    reader = csv.reader(io.StringIO(decode_text(data), newline=""))
    for row in reader:
        row = [c.strip() for c in row]
        if row and row[0]:
            yield reader.line_num, row


def detect(data: bytes) -> bool:
    """First row ``Event,<name>`` and a later row starting ``Player,``."""
    head = data[:4096]
    try:
        rows = [r for _, r in _rows(head)]
    except csv.Error:
        return False
    return (bool(rows) and bool(_HEAD[0][1].match(rows[0][0]))
            and any(r[0].lower() == "player" for r in rows))


def _cell(r: list[str], i: int) -> str:
    return r[i] if i < len(r) else ""


@dataclass
class _Parser:
    """Where the reader is: ``state`` 0 before the Event line, 1 in the header, 4 before a
    Player block, 5 in its rounds, 6 before its Total; and what it has read so far."""

    path: str | None
    meta: dict = field(default_factory=dict)  # header values: name, start_date, rounds, ...
    players: dict[str, Player] = field(default_factory=dict)  # by name
    order: list[str] = field(default_factory=list)
    lines: dict[int, int] = field(default_factory=dict)  # ICU player -> line of its block
    table: EntryTable = field(default_factory=EntryTable)
    state: int = 0
    current: Player | None = None
    rnd: int = 0
    nrounds: int = 0

    def err(self, line: int, cell: int, expected: str, got: str) -> FormatError:
        return FormatError(f"found {got!r}" if got else "found a blank cell", path=self.path, line=line,
                           column=cell, expected=expected,
                           hint="see the ICU foreign CSV specification (icu.ie articles 172)")

    def person(self, last: str, first: str, **details) -> Player:
        """The player of that name (numbered in order of first appearance), details filled in."""
        name = join_name(last, first)
        if name not in self.players:
            number = len(self.order) + 1
            self.players[name] = Player(number=number, name=name, **details)
            self.order.append(name)
        else:
            p = self.players[name]
            changes = {k: v for k, v in details.items() if v and not getattr(p, k)}
            if changes:
                self.players[name] = p.replace(**changes)
        return self.players[name]


def _head_row(st: _Parser, line: int, r: list[str]) -> None:
    """``Event,<name>`` first, then ``Start``, ``End``, ``Rounds``, ``Website`` (``_HEAD``)."""
    key = next((k for k, pattern in _HEAD if pattern.match(r[0])), None)
    if key is None or (st.state == 0 and key != "name"):
        raise st.err(line, 1, "'Event'" if st.state == 0 else
                     "Start, End, Rounds, Website or Player", r[0])
    if not _cell(r, 1):
        raise st.err(line, 2, "a value", "")
    st.meta[key] = _cell(r, 1)
    if key == "rounds":
        if not _cell(r, 1).isdecimal() or not 1 <= int(_cell(r, 1)) <= 999:
            raise st.err(line, 2, "the number of rounds", _cell(r, 1))
        st.nrounds = int(_cell(r, 1))
    st.state = 1


def _player_row(st: _Parser, line: int, r: list[str]) -> None:
    """``Player,<ICU id>,<last>,<first>``: the start of an ICU player's block."""
    if r[0].lower() != "player":
        raise st.err(line, 1, "the 'Player' keyword", r[0])
    if not _cell(r, 1).isdecimal():
        raise st.err(line, 2, "the player's ICU number", _cell(r, 1))
    st.current = st.person(_cell(r, 2), _cell(r, 3), national_id=_cell(r, 1))
    if st.current.number in st.lines:
        raise FormatError(f"player {st.current.name} has two blocks of results", path=st.path,
                          line=line, expected="one block per player")
    st.lines[st.current.number] = line
    st.rnd = 0
    st.state = 5


def _game_row(st: _Parser, line: int, r: list[str], score: str, colour: str) -> None:
    """``<round>,<score>,<W|B>,<last>,<first>,<rating>,<title>,<fed>``: a game, set for both
    players (who must agree when both are ICU players)."""
    current, rnd = st.current, st.rnd
    assert current is not None  # states 5 and 6: inside the block of a player (_player_row)
    if not _cell(r, 7):
        raise st.err(line, 8, "the opponent's federation", _cell(r, 7))
    rating = _cell(r, 5)
    if rating and not rating.isdecimal():
        raise st.err(line, 6, "the opponent's rating", rating)
    opp = st.person(_cell(r, 3), _cell(r, 4), rating=int(rating) if rating else None,
                    title=_cell(r, 6), federation=_cell(r, 7))
    if opp.number == current.number:
        raise st.err(line, 4, "an opponent other than the player", _cell(r, 3))
    mine, theirs = _SCORE[score]
    color = Color.WHITE if colour == "W" else Color.BLACK
    entry = RoundEntry(mine, opp.number, color)
    back = RoundEntry(theirs, current.number, color.opposite)
    for who, e in ((current.number, entry), (opp.number, back)):
        if st.table.has(who, rnd) and st.table.entries(who)[rnd - 1] != e:
            raise FormatError(f"round {rnd}: results of {current.name} and {opp.name}"
                              " disagree", path=st.path, line=line,
                              expected="the same game from both sides")
        st.table.set(who, rnd, e)


def _round_row(st: _Parser, line: int, r: list[str]) -> None:
    """``<round>,<1|0|=>,...``: a game, or ``<round>,<score>,-`` for a bye."""
    st.rnd += 1
    if r[0] != str(st.rnd):
        raise st.err(line, 1, f"round number {st.rnd}", r[0])
    score = _cell(r, 1)
    if score not in _SCORE:
        raise st.err(line, 2, "a score 1, 0 or =", score)
    colour = _cell(r, 2).upper()
    if colour == "-":
        assert st.current is not None  # state 5: inside the block of a player
        st.table.set(st.current.number, st.rnd, RoundEntry(_BYE[score]))
    elif colour in ("W", "B"):
        _game_row(st, line, r, score, colour)
    else:
        raise st.err(line, 3, "a colour (W/B) or - for a bye", _cell(r, 2))
    if st.rnd == st.nrounds:
        st.state = 6


def _total_row(st: _Parser, line: int, r: list[str]) -> None:
    """``Total,<points>``: the end of a player's block."""
    if r[0].lower() != "total":
        raise st.err(line, 1, "the 'Total' keyword", r[0])
    try:
        total = parse_points(_cell(r, 1))
    except ValueError:
        raise st.err(line, 2, "the total points", _cell(r, 1)) from None
    assert st.current is not None  # state 6: the end of the block of a player
    st.players[st.current.name] = st.current = st.players[st.current.name].replace(points=total)
    st.state = 4


_ROW = {4: _player_row, 5: _round_row, 6: _total_row}


def _read_rows(st: _Parser, rows: list[tuple[int, list[str]]]) -> None:
    """Every row by the state it is met in; the header ends at the first Player row."""
    for line, r in rows:
        if st.state < 4:
            if r[0].lower() == "player" and "name" in st.meta and st.nrounds:
                st.state = 4
            else:
                _head_row(st, line, r)
                continue
        _ROW[st.state](st, line, r)


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read an ICU foreign CSV file."""
    st = _Parser(path)
    try:
        rows = list(_rows(data))
    except csv.Error as exc:
        raise FormatError(f"bad CSV: {exc}", path=path, expected="comma-separated values") from None
    _read_rows(st, rows)
    if st.state != 4 or not st.lines:
        raise FormatError("the file ends early", path=path, line=rows[-1][0] if rows else 1,
                          expected={0: "the event name", 1: "the Rounds line and a player block",
                                    4: "a player block", 5: f"a result for round {st.rnd + 1}",
                                    6: "a total score"}[st.state])
    meta = st.meta
    plist = [st.players[n].replace(entries=st.table.entries(st.players[n].number)) for n in st.order]
    t = Tournament(name=meta.get("name", ""), start_date=meta.get("start_date", ""),
                   end_date=meta.get("end_date", ""),
                   comments=(f"Website: {meta['website']}",) if meta.get("website") else (),
                   rounds=st.nrounds, players=tuple(plist))
    warnings = []  # totals that differ from the results: the point system is inferred from them
    foreign = len(plist) - len(st.lines)
    warnings.append(Warning_(f"{foreign} foreign opponents appear only in their games against ICU"
                             " players; their other rounds are unknown", path=path))
    return Loaded(t, warnings, lines=st.lines)
