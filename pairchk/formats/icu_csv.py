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


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read an ICU foreign CSV file."""
    def err(line: int, cell: int, expected: str, got: str) -> FormatError:
        return FormatError(f"found {got!r}" if got else "found a blank cell", path=path, line=line,
                           column=cell, expected=expected,
                           hint="see the ICU foreign CSV specification (icu.ie articles 172)")

    meta: dict = {}
    players: dict[str, Player] = {}  # by name
    order: list[str] = []
    lines: dict[int, int] = {}
    table = EntryTable()
    state = 0
    current: Player | None = None
    rnd = 0
    nrounds = 0
    try:
        rows = list(_rows(data))
    except csv.Error as exc:
        raise FormatError(f"bad CSV: {exc}", path=path, expected="comma-separated values") from None

    def person(last: str, first: str, **details) -> Player:
        name = join_name(last, first)
        if name not in players:
            number = len(order) + 1
            players[name] = Player(number=number, name=name, **details)
            order.append(name)
        else:
            p = players[name]
            changes = {k: v for k, v in details.items() if v and not getattr(p, k)}
            if changes:
                players[name] = p.replace(**changes)
        return players[name]

    for line, r in rows:
        def cell(i: int) -> str:
            return r[i] if i < len(r) else ""

        if state < 4:
            if r[0].lower() == "player" and "name" in meta and nrounds:
                state = 4
            else:
                key = next((k for k, pattern in _HEAD if pattern.match(r[0])), None)
                if key is None or (state == 0 and key != "name"):
                    raise err(line, 1, "'Event'" if state == 0 else
                              "Start, End, Rounds, Website or Player", r[0])
                if not cell(1):
                    raise err(line, 2, "a value", "")
                meta[key] = cell(1)
                if key == "rounds":
                    if not cell(1).isdecimal() or not 1 <= int(cell(1)) <= 999:
                        raise err(line, 2, "the number of rounds", cell(1))
                    nrounds = int(cell(1))
                state = 1
                continue
        if state == 4:
            if r[0].lower() != "player":
                raise err(line, 1, "the 'Player' keyword", r[0])
            if not cell(1).isdecimal():
                raise err(line, 2, "the player's ICU number", cell(1))
            current = person(cell(2), cell(3), national_id=cell(1))
            if current.number in lines:
                raise FormatError(f"player {current.name} has two blocks of results", path=path,
                                  line=line, expected="one block per player")
            lines[current.number] = line
            rnd = 0
            state = 5
            continue
        if state == 5:
            rnd += 1
            if r[0] != str(rnd):
                raise err(line, 1, f"round number {rnd}", r[0])
            score = cell(1)
            if score not in _SCORE:
                raise err(line, 2, "a score 1, 0 or =", score)
            colour = cell(2).upper()
            if colour == "-":
                table.set(current.number, rnd, RoundEntry(_BYE[score]))
            elif colour in ("W", "B"):
                if not cell(7):
                    raise err(line, 8, "the opponent's federation", cell(7))
                rating = cell(5)
                if rating and not rating.isdecimal():
                    raise err(line, 6, "the opponent's rating", rating)
                opp = person(cell(3), cell(4), rating=int(rating) if rating else None,
                             title=cell(6), federation=cell(7))
                if opp.number == current.number:
                    raise err(line, 4, "an opponent other than the player", cell(3))
                mine, theirs = _SCORE[score]
                color = Color.WHITE if colour == "W" else Color.BLACK
                entry = RoundEntry(mine, opp.number, color)
                back = RoundEntry(theirs, current.number, color.opposite)
                for who, e in ((current.number, entry), (opp.number, back)):
                    if table.has(who, rnd) and table.entries(who)[rnd - 1] != e:
                        raise FormatError(f"round {rnd}: results of {current.name} and {opp.name}"
                                          " disagree", path=path, line=line,
                                          expected="the same game from both sides")
                    table.set(who, rnd, e)
            else:
                raise err(line, 3, "a colour (W/B) or - for a bye", cell(2))
            if rnd == nrounds:
                state = 6
            continue
        if state == 6:
            if r[0].lower() != "total":
                raise err(line, 1, "the 'Total' keyword", r[0])
            try:
                total = parse_points(cell(1))
            except ValueError:
                raise err(line, 2, "the total points", cell(1)) from None
            players[current.name] = current = players[current.name].replace(points=total)
            state = 4
    if state != 4 or not lines:
        raise FormatError("the file ends early", path=path, line=rows[-1][0] if rows else 1,
                          expected={0: "the event name", 1: "the Rounds line and a player block",
                                    4: "a player block", 5: f"a result for round {rnd + 1}",
                                    6: "a total score"}[state])
    plist = [players[n].replace(entries=table.entries(players[n].number)) for n in order]
    t = Tournament(name=meta.get("name", ""), start_date=meta.get("start_date", ""),
                   end_date=meta.get("end_date", ""),
                   comments=(f"Website: {meta['website']}",) if meta.get("website") else (),
                   rounds=nrounds, players=tuple(plist))
    warnings = []  # totals that differ from the results: the point system is inferred from them
    foreign = len(plist) - len(lines)
    warnings.append(Warning_(f"{foreign} foreign opponents appear only in their games against ICU"
                             " players; their other rounds are unknown", path=path))
    return Loaded(t, warnings, lines=lines)
