"""Swiss-Chess ``.SWT`` tournament files (binary), read only.

The layout follows the reverse-engineered structure files of ``fnogatz/SWT-structure-files``
(``800/`` for version 8.00 and later, also used by 9.x; ``700/`` before): a header, then one
19-byte pairing record per player and round (then per team and round in team events), then one
card per player and per team (655 bytes from 8.00, 292 before). The number of record sets per
player is rounds x cycles, sometimes one spare; the file size decides it. Counts are 16-bit
little-endian words. A file with an odd number of players has a placeholder player named
"spielfrei" (or with no name): a game against it is the bye. Pairing records name opponents by
the card's ID (0xD9), cards carry the starting number at 0xDB.

>>> from pathlib import Path
>>> p = Path(__file__).resolve().parents[2] / "fixtures" / "SwissIndividual.SWT"
>>> t = load(p.read_bytes(), path=str(p)).tournament
>>> len(t.players), t.rounds, t.players[0].name
(24, 9, 'Gib, David')
"""

from __future__ import annotations

import datetime as _dt
import struct
from dataclasses import dataclass, field
from decimal import Decimal

from ..errors import FormatError, Warning_
from ..model import (
    Color, Kind, Lineup, NOT_PAIRED, Player, RoundEntry, ScoreSystem, Status, Team, TeamMatch,
    Tournament,
)
from . import Dumped, Loaded
from .boards import lineups_from_boards

NAME = "swt"
EXTENSIONS = (".swt",)
CAN_READ = True
CAN_WRITE = False
CANNOT_CARRY: list[str] = []  # read only

_PAIRING = 19
_VERSION_AT = 0x261
_HEADER_END = 0x540  # the last header field used lies before this


@dataclass(frozen=True)
class _Layout:
    """Where things are: first pairing record, card length and per-card field offsets."""

    start: int
    card: int
    points: int  # 2030 board points x2
    fide_id: tuple[int, int]
    pkz: tuple[int, int]
    member: tuple[int, int]
    info: bool  # Info 1-4 fields exist


_V8 = _Layout(13384, 655, 0x124, (0x144, 0x14F), (0x151, 0x15C), (0x9F, 0xA2), True)
_V7 = _Layout(0x0F36, 292, 0xE9, (0x8B, 0x92), (0x61, 0x66), (0x9F, 0xA1), False)

_HINT = "is this a Swiss-Chess .SWT file? open and save it again with Swiss-Chess"

# 4000 Farbe: 1 white, 2 white (bye, "spielfrei"), 3 black, 4 black (bye); 0 = no record
_WHITE, _WHITE_BYE, _BLACK, _BLACK_BYE = 1, 2, 3, 4
# 4005/3006 Status byte: 0 normal, 2/0x22 kampflos (forfeit), 3/0x33 nicht eingesetzt
# (not fielded), 1/0x11 Hängepartie (adjourned)
_FORFEIT = {0x02, 0x22}
_NOT_FIELDED = {0x03, 0x33}
_ADJOURNED = {0x01, 0x11}

_SYSTEMS = {0: "Swiss system", 1: "Round robin", 2: "Knockout", 3: "Scheveningen"}
# selection 84 (Feinwertung): stored byte -> the name Swiss-Chess shows, in English
# (the byte is not the list index above 10: see 700/84-selection.csv)
_TIEBREAKS = {
    1: "Match points", 2: "Board points", 3: "Buchholz", 4: "Progressive score",
    5: "Sonneborn-Berger", 6: "Median Buchholz", 7: "Buchholz sum", 8: "Average rating of opponents",
    9: "Performance rating", 10: "Rating difference", 12: "Three-point score",
    13: "Three-point colour score", 16: "Berlin score", 19: "Schmuljan score",
    14: "Number of wins", 15: "Direct encounter",
}
# selection 78 (colour of the first player in round 1): 0x11 white, 0x21/0x22 black, 0x01 random
_FIRST_COLOR = {0x11: Color.WHITE, 0x21: Color.BLACK, 0x22: Color.BLACK}


def detect(data: bytes) -> bool:
    """True for a Swiss-Chess file whose size matches its declared layout."""
    if len(data) < _HEADER_END or not 600 <= _u16(data, _VERSION_AT) < 1000:
        return False
    try:
        _geometry(data, None)
    except FormatError:
        return False
    return True


def _u16(data: bytes, off: int) -> int:
    return struct.unpack_from("<H", data, off)[0]


def _geometry(data: bytes, path: str | None) -> tuple[_Layout, int]:
    """(layout, pairing record sets per player), derived from the header counts and the size."""
    version = _u16(data, _VERSION_AT)
    players, teams = _u16(data, 7), _u16(data, 0x534)
    team_event = data[0x25E] != 0
    planned = _u16(data, 1) * max(1, data[0x258])  # rounds x cycles (Durchgänge)
    cards = players + teams  # team cards exist even in individual events when teams are set
    per_set = (players + (teams if team_event else 0)) * _PAIRING
    for layout in ((_V8, _V7) if version >= 800 else (_V7, _V8)):
        rest = len(data) - layout.start - cards * layout.card
        if rest < 0:
            continue
        if per_set == 0:
            if rest == 0:
                return layout, 0
            continue
        if rest % per_set == 0 and rest // per_set <= planned + 1:  # one spare set happens
            return layout, rest // per_set
    expected = _V8.start + cards * _V8.card + planned * per_set
    raise FormatError(
        f"file has {len(data)} bytes but its header (players {players}, teams {teams},"
        f" rounds {planned}) implies {expected}", path=path, expected=f"{expected} bytes", hint=_HINT)


def _text(rec: bytes, start: int, end: int) -> str:
    raw = rec[start:end + 1].split(b"\x00", 1)[0]
    return raw.decode("cp1252", errors="replace").strip()


def _name(raw: str) -> str:
    # Swiss-Chess stores "Nachname,Vorname"; the model (like TRF) uses "Last, First".
    last, sep, first = raw.partition(",")
    return f"{last.strip()}, {first.strip()}" if sep else raw


def _int(text: str) -> int | None:
    return int(text) if text.isdecimal() and int(text) > 0 else None


def _date(text: str) -> str:
    """``dd.mm.yyyy`` → ISO; anything else is kept as found."""
    parts = text.split(".")
    if len(parts) == 3 and all(p.isdecimal() for p in parts) and len(parts[2]) == 4:
        return f"{parts[2]}-{int(parts[1]):02d}-{int(parts[0]):02d}"
    return text


def _birth(text: str) -> str:
    if len(text) == 8 and text.isdecimal():
        return f"{text[:4]}/{text[4:6]}/{text[6:]}"
    return text


def _placeholder(name: str) -> bool:
    """The card Swiss-Chess adds for an odd number of players ("spielfrei", sometimes unnamed)."""
    return name.strip().lower() in ("", "spielfrei", "bye")


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a Swiss-Chess ``.SWT`` file (8.x/9.x layout; 7.x read from the structure files)."""
    try:
        return _load(data, path)
    except FormatError as exc:
        raise exc.with_path(path or "<input>")
    except (struct.error, IndexError) as exc:
        raise FormatError(f"file truncated or corrupt ({exc})", path=path, hint=_HINT) from None


@dataclass
class _Swt:
    """The file as far as the header and the player cards tell it (filled by ``_header`` and
    ``_cards``); the readers of pairings, players and teams below take their part from it."""

    data: bytes
    path: str | None
    version: int
    lay: _Layout
    sets: int  # pairing record sets per player
    n_players: int
    n_teams: int
    team_event: bool
    rounds: int
    warnings: list[Warning_]
    recs: list[bytes] = field(default_factory=list)  # player cards
    ids: list[int] = field(default_factory=list)  # 0xD9 card ID of each player card
    bye_ids: set[int] = field(default_factory=set)  # IDs of "spielfrei" placeholder cards
    number_of: dict[int, int] = field(default_factory=dict)  # card ID -> starting number

    @property
    def cards_at(self) -> int:
        return self.lay.start + self.sets * (self.n_players + (self.n_teams if self.team_event else 0)) * _PAIRING


def _header(data: bytes, path: str | None) -> _Swt:
    """The header: version (0x261), counts of players (7) and teams (0x534), team event (0x25E),
    games per round (0x255), rounds (1) x cycles (0x258); refuses what cannot be read."""
    if len(data) < _HEADER_END:
        raise FormatError(f"file has {len(data)} bytes, shorter than the SWT header",
                          path=path, expected=f"at least {_HEADER_END} bytes", hint=_HINT)
    version = _u16(data, _VERSION_AT)
    if not 600 <= version < 1000:
        raise FormatError(f"byte offset {_VERSION_AT}: file version {version} is not a Swiss-Chess version",
                          path=path, expected="version 600..999", hint=_HINT)
    lay, sets = _geometry(data, path)
    warnings: list[Warning_] = []
    if lay is _V7:
        warnings.append(Warning_(f"Swiss-Chess file version {version} (before 8.00): read with the 7.x"
                                 " layout of the structure files, which no sample could verify", path=path))
    team_event = data[0x25E] != 0
    if team_event and lay is _V7:
        raise FormatError("a Swiss-Chess team file before version 8.00", path=path,
                          expected="version 8.00 or later for team events",
                          hint="open and save the file with Swiss-Chess 8 or later")
    if data[0x255] > 1 and not team_event:
        raise FormatError(f"byte offset {0x255}: {data[0x255]} games per round",
                          path=path, expected="one game per pairing and round",
                          hint="matches of several games per round cannot be carried; export TRF from Swiss-Chess")
    return _Swt(data, path, version, lay, sets, _u16(data, 7), _u16(data, 0x534), team_event,
                _u16(data, 1) * max(1, data[0x258]), warnings)


def _cards(sw: _Swt) -> None:
    """The player cards: 0xD9 ID (what pairings name) -> 0xDB starting number (the ID if 0),
    the placeholder cards apart."""
    lay, at = sw.lay, sw.cards_at
    sw.recs = [sw.data[at + i * lay.card: at + (i + 1) * lay.card] for i in range(sw.n_players)]
    sw.ids = [_u16(r, 0xD9) for r in sw.recs]
    sw.bye_ids = {sw.ids[i] for i, r in enumerate(sw.recs) if _placeholder(_text(r, 0x00, 0x1F))}
    for i, rec in enumerate(sw.recs):
        if sw.ids[i] in sw.bye_ids:
            continue
        num = _u16(rec, 0xDB) or sw.ids[i]
        off = at + i * lay.card + 0xDB
        if not 1 <= num <= 9999:
            raise FormatError(f"byte offset {off}: player number {num} out of range", path=sw.path,
                              expected="1..9999", hint=_HINT)
        if num in sw.number_of.values() or sw.ids[i] in sw.number_of:
            raise FormatError(f"byte offset {off}: player number {num} used twice", path=sw.path,
                              expected="unique starting numbers", hint=_HINT)
        sw.number_of[sw.ids[i]] = num


def _pairing_offsets(sw: _Swt) -> dict[int, list[int]]:
    """Card ID -> the offset of its 19-byte pairing record of each set."""
    return {pid: [sw.lay.start + (i * sw.sets + r) * _PAIRING for r in range(sw.sets)]
            for i, pid in enumerate(sw.ids)}


def _drawn_rounds(sw: _Swt, offsets: dict[int, list[int]]) -> set[int]:
    """The rounds drawn: those where anybody has an opponent (4006 at +9)."""
    return {r for offs in offsets.values() for r, o in enumerate(offs, 1) if _u16(sw.data[o: o + _PAIRING], 9)}


Boards = dict[tuple[int, int], list[tuple[int, int]]]  # (round, team) -> [(board, player)]


def _pairings(sw: _Swt, offsets: dict[int, list[int]], drawn: set[int]
              ) -> tuple[dict[int, list[RoundEntry]], Boards]:
    """Each player's round entries (``_entry`` of each pairing record) and, in a team event,
    the board each player played on in each round."""
    entries: dict[int, list[RoundEntry]] = {}
    boards: Boards = {}
    for i, pid in enumerate(sw.ids):
        if pid in sw.bye_ids:
            continue
        num = sw.number_of[pid]
        team_no = _u16(sw.recs[i], 0xC9) if sw.team_event else None
        ents = []
        for r, off in enumerate(offsets[pid], 1):
            entry, board = _entry(sw.data[off: off + _PAIRING], r, num, off, sw.number_of, sw.bye_ids,
                                  sw.path, sw.warnings, sw.team_event, r in drawn)
            ents.append(entry)
            if sw.team_event and board and entry.kind is not Kind.NOT_PAIRED:
                assert team_no is not None  # read for every team event
                boards.setdefault((r, team_no), []).append((board, num))
        while ents and ents[-1] is NOT_PAIRED:
            ents.pop()
        entries[num] = ents
    return entries, boards


def _player_extra(sw: _Swt, rec: bytes) -> tuple[tuple[str, str], ...]:
    """The card fields with no model field: ZPS club/member, PKZ, association, participant ID,
    and (from 8.00) Info 1-4."""
    lay = sw.lay
    fields = [("swt.zps_club", _text(rec, 0x99, 0x9D)), ("swt.zps_member", _text(rec, *lay.member)),
              ("swt.pkz", _text(rec, *lay.pkz)), ("swt.association", _text(rec, 0x6D, 0x6F)),
              ("swt.participant_id", _text(rec, 0x5A, 0x5E))]
    if lay.info:
        fields += [(f"swt.info{k + 1}", _text(rec, a, a + 0x27))
                   for k, a in enumerate((0x15E, 0x187, 0x1B0, 0x1D9))]
    return tuple((k, v) for k, v in fields if v)


def _player(sw: _Swt, rec: bytes, num: int, entries: list[RoundEntry], drawn: set[int]) -> Player:
    """One player card (name 0x00, club 0x21, title 0x42, ratings 0x46/0x4B, federation 0x69,
    birth 0x80, attribute 0xB8, team 0xC9, rank 0xDD, points at the layout's offset)."""
    lay = sw.lay
    attr = _text(rec, 0xB8, 0xB8)
    return Player(
        number=num,
        name=_name(_text(rec, 0x00, 0x1F)),
        club=_text(rec, 0x21, 0x40),
        title=_text(rec, 0x42, 0x44),
        rating=_int(_text(rec, 0x46, 0x49)),
        national_rating=_int(_text(rec, 0x4B, 0x4E)),
        federation=_text(rec, 0x69, 0x6B),
        birth=_birth(_text(rec, 0x80, 0x89)),
        fide_id=_text(rec, *lay.fide_id),
        national_id=_text(rec, *lay.pkz),
        # "Attribut": Swiss-Chess uses it for m/w; "*" marks an inactive (withdrawn) player
        sex={"m": "m", "w": "w"}.get(attr.lower(), ""),
        status=Status.WITHDRAWN if attr == "*" else Status.ACTIVE,
        points=Decimal(_u16(rec, lay.points)) / 2 if drawn else None,
        rank=_u16(rec, 0xDD) or None,  # 2022 Platz
        team=_u16(rec, 0xC9) if sw.team_event else None,
        entries=tuple(entries),
        extra=_player_extra(sw, rec),
    )


def _players(sw: _Swt, entries: dict[int, list[RoundEntry]], drawn: set[int]
             ) -> tuple[list[Player], list[int]]:
    """The players sorted by number, and those with special points (0x111) in their points."""
    players = []
    special = []
    for i, rec in enumerate(sw.recs):
        if sw.ids[i] in sw.bye_ids:
            continue
        num = sw.number_of[sw.ids[i]]
        if rec[0x111]:  # 2028/2029 special points (x2, sign byte): in the declared points
            special.append(num)
        players.append(_player(sw, rec, num, entries[num], drawn))
    players.sort(key=lambda p: p.number)
    return players, special


def _team_matches(sw: _Swt, i: int, no: int, team_no_of: dict[int, int]) -> list[TeamMatch]:
    """The matches in the pairing records of team card ``i``: home (1) or bye (2, 4, no opponent)."""
    team_base = sw.lay.start + sw.sets * sw.n_players * _PAIRING
    matches = []
    for r in range(sw.sets):
        off = team_base + (i * sw.sets + r) * _PAIRING
        rec = sw.data[off: off + _PAIRING]
        where = rec[8]
        if where == 0:
            continue
        opp = team_no_of.get(_u16(rec, 9) - 998)
        if where in (2, 4) or opp is None:  # "spielfrei": the team has the bye
            matches.append(TeamMatch(r + 1, no, None))
        elif where == 1:  # Heim: this team is the home team
            matches.append(TeamMatch(r + 1, no, opp))
    return matches


def _teams(sw: _Swt, drawn: set[int]) -> tuple[list[Team], list[TeamMatch]]:
    """The team cards (after the player cards) with their members by board (0xCB), and the
    team matches of their pairing records."""
    lay = sw.lay
    at = sw.cards_at + sw.n_players * lay.card
    trecs = [sw.data[at + i * lay.card: at + (i + 1) * lay.card] for i in range(sw.n_teams)]
    # 1018 MNr.-ID (stored +998) is what team pairings name; 1019 is the team number
    team_no_of = {_u16(tr, 0xD9) - 998: _u16(tr, 0xDB) for tr in trecs}
    members: dict[int, list[tuple[int, int]]] = {}
    for i, rec in enumerate(sw.recs):
        if sw.ids[i] not in sw.bye_ids:
            members.setdefault(_u16(rec, 0xC9), []).append((_u16(rec, 0xCB), sw.number_of[sw.ids[i]]))
    teams: list[Team] = []
    matches: list[TeamMatch] = []
    for i, tr in enumerate(trecs):
        no = _u16(tr, 0xDB)
        teams.append(Team(
            number=no, name=_text(tr, 0x00, 0x1F),
            members=tuple(n for _, n in sorted(members.get(no, []))),
            match_points=Decimal(_u16(tr, 0x124)) / 2 if drawn else None,
            game_points=Decimal(_u16(tr, 0x128)) / 2 if drawn else None,
            rank=_u16(tr, 0xDD) or None,
        ))
        matches += _team_matches(sw, i, no, team_no_of)
    return teams, matches


def _scoring(sw: _Swt) -> ScoreSystem:
    """0x538: 0 = 1/½/0, 1 = 3/1/0, 2 = 3/1/0 with 1.5 for a draw with black, 3 = own scoring."""
    mode = sw.data[0x538]
    if mode == 1:
        return ScoreSystem(win=Decimal(3), draw=Decimal(1))
    if mode == 2:
        return ScoreSystem(win=Decimal(3), draw=Decimal(1), draw_black=Decimal("1.5"))
    if mode == 3:
        sw.warnings.append(Warning_("own game scoring (Eigene Wertung) not decoded; 1/½/0 assumed",
                                    path=sw.path))
    return ScoreSystem()


def _tournament(sw: _Swt, players: list[Player], teams: list[Team], lineups: list[Lineup],
                matches: list[TeamMatch]) -> Tournament:
    """The header fields: name 0x316, city 0x33F, arbiters, dates, time control, system 0x254,
    first colour 0x530, tie-breaks (0x26D, 0x23C, 0x23D), round dates (from 8.00)."""
    data = sw.data
    scoring = _scoring(sw)
    system = 1 if data[0x254] == 0xFF else data[0x254]  # before 8.00: FF = round robin
    tiebreaks = tuple(_TIEBREAKS[data[o]] for o in (0x26D, 0x23C, 0x23D) if data[o] in _TIEBREAKS)
    late = sw.lay.start > 0x2EFC  # round dates and arbiters 2-4 lie where old files have pairings
    dates = _round_dates(data, sw.rounds) if late else ()
    return Tournament(
        name=_text(data, 0x316, 0x33D),
        city=_text(data, 0x33F, 0x366),
        chief_arbiter=_text(data, 0x368, 0x3A3),
        deputy_arbiters=tuple(a for a in (_text(data, o, o + 0x3B) for o in
                                          ((0x3A5, 0x2E47, 0x2E84, 0x2EC1) if late else (0x3A5,))) if a),
        start_date=_date(_text(data, 0x41F, 0x432)),
        end_date=_date(_text(data, 0x434, 0x447)),
        round_dates_iso=dates,
        time_control=" / ".join(x for x in (_text(data, 0x449, 0x45C), _text(data, 0x45E, 0x471),
                                           _text(data, 0x473, 0x487)) if x),
        rounds=sw.rounds,
        system_text=_SYSTEMS.get(system, ""),
        scoring=scoring,
        initial_color=_FIRST_COLOR.get(data[0x530], Color.NONE),
        tiebreaks=tiebreaks,
        teams=tuple(sorted(teams, key=lambda x: x.number)),
        lineups=tuple(lineups),
        team_matches=tuple(sorted(matches, key=lambda m: (m.round, m.home))),
        players=tuple(players),
        comments=tuple(c for c in (_text(data, 0x3E2, 0x41D),) if c),
    )


def _points_warnings(sw: _Swt, t: Tournament, special: list[int]) -> None:
    """Warn about special points in the declared points, and declared points the results
    do not give (Swiss-Chess updates them only when it ranks)."""
    if special:
        sw.warnings.append(Warning_(f"{len(special)} player(s) have special points (Sonderpunkte) in their"
                                    f" declared points, e.g. #{special[0]}; the results do not show them",
                                    path=sw.path))
    stale = [p.number for p in t.players if p.points is not None and p.number not in special
             and p.points != t.score(p.number)]
    if stale:
        sw.warnings.append(Warning_(
            f"declared points of {len(stale)} player(s) differ from their results (e.g. #{stale[0]});"
            " Swiss-Chess updates them only when it computes the ranking", path=sw.path))


def _load(data: bytes, path: str | None) -> Loaded:
    sw = _header(data, path)
    _cards(sw)
    offsets = _pairing_offsets(sw)
    drawn = _drawn_rounds(sw, offsets)
    entries, boards = _pairings(sw, offsets, drawn)
    players, special = _players(sw, entries, drawn)
    teams: list[Team] = []
    lineups: list[Lineup] = []
    matches: list[TeamMatch] = []
    if sw.team_event:
        teams, matches = _teams(sw, drawn)
        lineups = lineups_from_boards(boards, matches)
    t = _tournament(sw, players, teams, lineups, matches)
    _points_warnings(sw, t, special)
    meta = {"version": sw.version, "drawn_rounds": len(drawn), "record_sets": sw.sets}
    return Loaded(t, sw.warnings, meta=meta)


def _round_dates(data: bytes, rounds: int) -> tuple[str, ...]:
    # fields 89..168: per round a date (days since 1899-12-30) and a time (hour, minute)
    out = []
    for r in range(min(rounds, 40)):
        days = _u16(data, 0x2CC1 + 4 * r)
        out.append((_dt.date(1899, 12, 30) + _dt.timedelta(days=days)).isoformat() if days else "")
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def _entry(rec: bytes, rnd: int, num: int, off: int, number_of: dict[int, int], bye_ids: set[int],
           path: str | None, warnings: list[Warning_], team_event: bool, drawn: bool,
           ) -> tuple[RoundEntry, int]:
    color, opp_id, res, status, board = rec[8], _u16(rec, 9), rec[11] & 3, rec[15], rec[18]
    if color == 0 or status in _NOT_FIELDED:
        # no pairing: in a team event the player was not fielded; in an individual event the
        # player was not paired in a drawn round (absent)
        return (NOT_PAIRED if team_event or not drawn else RoundEntry(Kind.ABSENT)), 0
    if color not in (_WHITE, _WHITE_BYE, _BLACK, _BLACK_BYE):
        raise FormatError(f"byte offset {off + 8}: colour byte {color} for player {num} round {rnd}",
                          path=path, expected="0..4", hint=_HINT)
    if color in (_WHITE_BYE, _BLACK_BYE) or opp_id == 0 or opp_id in bye_ids:
        # "spielfrei" (a game against the placeholder): the bye; its points are the result bits
        kind = {3: Kind.PAB, 2: Kind.HALF_BYE, 1: Kind.ZERO_BYE, 0: Kind.PAB}[res]
        return RoundEntry(kind), board
    if opp_id not in number_of:
        raise FormatError(f"byte offset {off + 9}: player {num} round {rnd} has opponent {opp_id},"
                          " who is not in the player list", path=path,
                          expected="the ID of a player card", hint=_HINT)
    opp = number_of[opp_id]
    col = Color.WHITE if color == _WHITE else Color.BLACK
    if status in _FORFEIT:
        if res == 2:
            warnings.append(Warning_(f"player {num} round {rnd}: forfeit scored ½; read as half-point bye",
                                     path=path))
            return RoundEntry(Kind.HALF_BYE), board
        kind = Kind.FORFEIT_WIN if res == 3 else Kind.FORFEIT_LOSS
        return RoundEntry(kind, opp, col), board
    if res == 0 or status in _ADJOURNED:
        # paired, no result yet (round in progress or adjourned game)
        return RoundEntry(Kind.PENDING, opp, col), board
    kind = {3: Kind.WIN, 2: Kind.DRAW, 1: Kind.LOSS}[res]
    return RoundEntry(kind, opp, col), board


def dump(tournament: Tournament, **options) -> Dumped:
    raise FormatError("Swiss-Chess .SWT files can be read but not written",
                      hint="convert to trf or dsb-xml instead")
