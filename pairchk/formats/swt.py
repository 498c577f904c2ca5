"""Swiss-Chess ``.SWT`` tournament files (binary, Swiss-Chess 8.x), read only.

The layout follows the reverse-engineered structure files of ``fnogatz/SWT-structure-files``
(directory ``800/``; pairing records from ``700/``): a general block of 13384 bytes, then one
19-byte pairing record per player and round (then per team and round in team events), then one
655-byte record per player (then per team). All offsets below are relative to a record.

>>> from pathlib import Path
>>> p = Path(__file__).resolve().parents[2] / "fixtures" / "SwissIndividual.SWT"
>>> t = load(p.read_bytes(), path=str(p)).tournament
>>> len(t.players), t.rounds, t.players[0].name
(24, 9, 'Gib, David')
"""

from __future__ import annotations

import datetime as _dt
import struct
from decimal import Decimal

from ..errors import FormatError, Warning_
from ..model import (
    Color, Kind, Lineup, NOT_PAIRED, Player, RoundEntry, ScoreSystem, Status, Team, TeamMatch,
    Tournament,
)
from . import Dumped, Loaded

NAME = "swt"
EXTENSIONS = (".swt",)
CAN_READ = True
CAN_WRITE = False
CANNOT_CARRY: list[str] = []  # read only

_START = 13384  # first pairing record (version 8.xx)
_PAIRING = 19
_RECORD = 655
_VERSION_AT = 0x261

_HINT = "is this a Swiss-Chess 8.x .SWT file? open and save it again with Swiss-Chess"

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
    """True for a Swiss-Chess 8.x file whose size matches its declared layout."""
    if len(data) < _START:
        return False
    try:
        return _layout(data)[-1] == len(data)
    except (FormatError, struct.error):
        return False


def _u16(data: bytes, off: int) -> int:
    return struct.unpack_from("<H", data, off)[0]


def _layout(data: bytes) -> tuple[int, int, int, bool, int]:
    """(rounds per record block, players, teams, team event, expected file size)."""
    version = _u16(data, _VERSION_AT)
    if not 800 <= version < 1000:
        raise FormatError(
            f"byte offset {_VERSION_AT}: file version {version} is not a Swiss-Chess 8.x file",
            expected="version 800..999",
            hint="Swiss-Chess 7.x files are not supported (no verified sample); save the file"
            " with Swiss-Chess 8" if 700 <= version < 800 else _HINT,
        )
    rounds = data[1] * max(1, data[0x258])  # rounds x cycles (Durchgänge)
    players = _u16(data, 7)
    team = data[0x25E] == 0xFF
    teams = _u16(data, 0x534) if team else 0
    drawn = data[5]
    pairings = (players + teams) * rounds * _PAIRING if drawn else 0
    return rounds, players, teams, team, _START + pairings + (players + teams) * _RECORD


def _text(rec: bytes, start: int, end: int) -> str:
    raw = rec[start:end + 1].split(b"\x00", 1)[0]
    return raw.decode("cp1252", errors="replace").strip()


def _name(raw: str) -> str:
    # Swiss-Chess stores "Nachname,Vorname"; the model (like TRF) uses "Last, First".
    last, sep, first = raw.partition(",")
    return f"{last.strip()}, {first.strip()}" if sep else raw


def _int(text: str) -> int | None:
    return int(text) if text.isdigit() and int(text) > 0 else None


def _date(text: str) -> str:
    """``dd.mm.yyyy`` → ISO; anything else is kept as found."""
    parts = text.split(".")
    if len(parts) == 3 and all(p.isdigit() for p in parts) and len(parts[2]) == 4:
        return f"{parts[2]}-{int(parts[1]):02d}-{int(parts[0]):02d}"
    return text


def _birth(text: str) -> str:
    if len(text) == 8 and text.isdigit():
        return f"{text[:4]}/{text[4:6]}/{text[6:]}"
    return text


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a Swiss-Chess 8.x ``.SWT`` file into the model."""
    try:
        return _load(data, path)
    except FormatError as exc:
        raise exc.with_path(path or "<input>")
    except (struct.error, IndexError) as exc:
        raise FormatError(f"file truncated or corrupt ({exc})", path=path, hint=_HINT) from None


def _load(data: bytes, path: str | None) -> Loaded:
    if len(data) < _START:
        raise FormatError(f"file has {len(data)} bytes, shorter than the {_START}-byte SWT header",
                          path=path, expected=f"at least {_START} bytes", hint=_HINT)
    rounds, n_players, n_teams, team_event, size = _layout(data)
    if size != len(data):
        raise FormatError(
            f"file has {len(data)} bytes but its header (players {n_players}, teams {n_teams},"
            f" rounds {rounds}) implies {size}", path=path, expected=f"{size} bytes", hint=_HINT)
    warnings: list[Warning_] = []
    drawn = data[5]
    pair_bytes = (n_players + n_teams) * rounds * _PAIRING if drawn else 0
    player_base = _START + pair_bytes
    team_base = player_base + n_players * _RECORD

    # ---- players -------------------------------------------------------------------------
    recs = [data[player_base + i * _RECORD: player_base + (i + 1) * _RECORD] for i in range(n_players)]
    numbers = [_u16(r, 0xDB) for r in recs]  # 2021 TNr.-ID (starting number)
    seen: dict[int, int] = {}
    for i, num in enumerate(numbers):
        off = player_base + i * _RECORD + 0xDB
        if num < 1 or num > 9999:
            raise FormatError(f"byte offset {off}: player number {num} out of range", path=path,
                              expected="1..9999", hint=_HINT)
        if num in seen:
            raise FormatError(f"byte offset {off}: player number {num} used twice", path=path,
                              expected="unique starting numbers", hint=_HINT)
        seen[num] = i

    # team numbers: 1018 (MNr.-ID, stored +998) is what pairings refer to; 1019 is the MNr.
    team_id_to_no: dict[int, int] = {}
    teams: list[Team] = []
    trecs = [data[team_base + i * _RECORD: team_base + (i + 1) * _RECORD] for i in range(n_teams)]
    for i, tr in enumerate(trecs):
        tid = _u16(tr, 0xD9) - 998
        team_id_to_no[tid] = tr[0xDB]

    entries: dict[int, list[RoundEntry]] = {n: [] for n in numbers}
    boards: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (round, team) -> [(board, player)]
    for i, num in enumerate(numbers if drawn else ()):
        team_no = recs[i][0xC9] if team_event else None
        for r in range(rounds):
            off = _START + (i * rounds + r) * _PAIRING
            rec = data[off: off + _PAIRING]
            entry, board = _entry(rec, r + 1, num, off, seen, path, warnings, team_event, r < drawn)
            entries[num].append(entry)
            if team_event and board and entry.kind is not Kind.NOT_PAIRED:
                boards.setdefault((r + 1, team_no), []).append((board, num))

    players = []
    for i, rec in enumerate(recs):
        num = numbers[i]
        attr = _text(rec, 0xB8, 0xB8)
        extra = [(k, v) for k, v in (
            ("swt.zps_club", _text(rec, 0x99, 0x9D)), ("swt.zps_member", _text(rec, 0x9F, 0xA2)),
            ("swt.pkz", _text(rec, 0x151, 0x15C)), ("swt.association", _text(rec, 0x6D, 0x6F)),
            ("swt.participant_id", _text(rec, 0x5A, 0x5E)),
            ("swt.info1", _text(rec, 0x15E, 0x185)), ("swt.info2", _text(rec, 0x187, 0x1AE)),
            ("swt.info3", _text(rec, 0x1B0, 0x1D7)), ("swt.info4", _text(rec, 0x1D9, 0x200)),
        ) if v]
        ents = tuple(entries[num])
        while ents and ents[-1] is NOT_PAIRED:
            ents = ents[:-1]
        players.append(Player(
            number=num,
            name=_name(_text(rec, 0x00, 0x1F)),
            club=_text(rec, 0x21, 0x40),
            title=_text(rec, 0x42, 0x44),
            rating=_int(_text(rec, 0x46, 0x49)),
            national_rating=_int(_text(rec, 0x4B, 0x4E)),
            federation=_text(rec, 0x69, 0x6B),
            birth=_birth(_text(rec, 0x80, 0x89)),
            fide_id=_text(rec, 0x144, 0x14F),
            national_id=_text(rec, 0x151, 0x15C),
            # "Attribut": Swiss-Chess uses it for m/w; "*" marks an inactive (withdrawn) player
            sex={"m": "m", "w": "w"}.get(attr.lower(), ""),
            status=Status.WITHDRAWN if attr == "*" else Status.ACTIVE,
            points=Decimal(_u16(rec, 0x124)) / 2 if drawn else None,  # 2030 board points x2
            rank=_u16(rec, 0xDD) or None,  # 2022 Platz
            team=rec[0xC9] if team_event else None,
            entries=ents,
            extra=tuple(extra),
        ))
    players.sort(key=lambda p: p.number)

    lineups: list[Lineup] = []
    matches: list[TeamMatch] = []
    if team_event:
        members: dict[int, list[tuple[int, int]]] = {}
        for i, rec in enumerate(recs):
            members.setdefault(rec[0xC9], []).append((rec[0xCB], numbers[i]))
        for i, tr in enumerate(trecs):
            no = tr[0xDB]
            teams.append(Team(
                number=no, name=_text(tr, 0x00, 0x1F),
                members=tuple(n for _, n in sorted(members.get(no, []))),
                match_points=Decimal(tr[0x124]) / 2 if drawn else None,
                game_points=Decimal(_u16(tr, 0x128)) / 2 if drawn else None,
                rank=tr[0xDD] or None,
            ))
            for r in range(rounds if drawn else 0):
                off = _START + n_players * rounds * _PAIRING + (i * rounds + r) * _PAIRING
                rec = data[off: off + _PAIRING]
                where = rec[8]
                if where == 0:
                    continue
                opp = team_id_to_no.get(_u16(rec, 9) - 998)
                if where in (2, 4) or opp is None:  # "spielfrei": the team has the bye
                    matches.append(TeamMatch(r + 1, no, None))
                elif where == 1:  # Heim: this team is the home team
                    matches.append(TeamMatch(r + 1, no, opp))
        opponent_team = {(m.round, a): b for m in matches if m.away is not None
                         for a, b in ((m.home, m.away), (m.away, m.home))}
        for (rnd, team_no), lst in sorted(boards.items()):
            lineups.append(Lineup(rnd, team_no, tuple(n for _, n in sorted(lst)),
                                  opponent=opponent_team.get((rnd, team_no))))

    scoring = ScoreSystem()
    mode = data[0x538]
    if mode == 1:
        scoring = ScoreSystem(win=Decimal(3), draw=Decimal(1))
    elif mode == 2:
        scoring = ScoreSystem(win=Decimal(3), draw=Decimal(1), draw_black=Decimal("1.5"))
    elif mode == 3:
        warnings.append(Warning_("own game scoring (Eigene Wertung) not decoded; 1/½/0 assumed",
                                 path=path))
    tiebreaks = tuple(_TIEBREAKS[data[o]] for o in (0x26D, 0x23C, 0x23D) if data[o] in _TIEBREAKS)
    first = data[0x530]
    t = Tournament(
        name=_text(data, 0x316, 0x33D),
        city=_text(data, 0x33F, 0x366),
        chief_arbiter=_text(data, 0x368, 0x3A3),
        deputy_arbiters=tuple(a for a in (_text(data, o, o + 0x3B) for o in (0x3A5, 0x2E47, 0x2E84, 0x2EC1)) if a),
        start_date=_date(_text(data, 0x41F, 0x432)),
        end_date=_date(_text(data, 0x434, 0x447)),
        round_dates=_round_dates(data, rounds),
        round_dates_iso=_round_dates(data, rounds),
        time_control=" / ".join(x for x in (_text(data, 0x449, 0x45C), _text(data, 0x45E, 0x471),
                                           _text(data, 0x473, 0x487)) if x),
        rounds=rounds,
        system_text=_SYSTEMS.get(data[0x254], ""),
        scoring=scoring,
        initial_color=_FIRST_COLOR.get(first, Color.NONE),
        tiebreaks=tiebreaks,
        teams=tuple(sorted(teams, key=lambda x: x.number)),
        lineups=tuple(lineups),
        team_matches=tuple(sorted(matches, key=lambda m: (m.round, m.home))),
        players=tuple(players),
        comments=tuple(c for c in (_text(data, 0x3E2, 0x41D),) if c),
    )
    meta = {"version": _u16(data, _VERSION_AT), "drawn_rounds": drawn}
    return Loaded(t, warnings, meta=meta)


def _round_dates(data: bytes, rounds: int) -> tuple[str, ...]:
    # fields 89..168: per round a date (days since 1899-12-30) and a time (hour, minute)
    out = []
    for r in range(min(rounds, 40)):
        days = _u16(data, 0x2CC1 + 4 * r)
        out.append((_dt.date(1899, 12, 30) + _dt.timedelta(days=days)).isoformat() if days else "")
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def _entry(rec: bytes, rnd: int, num: int, off: int, numbers: dict[int, int], path: str | None,
           warnings: list[Warning_], team_event: bool, drawn: bool,
           ) -> tuple[RoundEntry, int]:
    color, opp, res, status, board = rec[8], _u16(rec, 9), rec[11] & 3, rec[15], rec[18]
    if color == 0 or status in _NOT_FIELDED:
        # no pairing: in a team event the player was not fielded; in an individual event the
        # player was not paired in a drawn round (absent)
        return (NOT_PAIRED if team_event or not drawn else RoundEntry(Kind.ABSENT)), 0
    if color not in (_WHITE, _WHITE_BYE, _BLACK, _BLACK_BYE):
        raise FormatError(f"byte offset {off + 8}: colour byte {color} for player {num} round {rnd}",
                          path=path, expected="0..4", hint=_HINT)
    if color in (_WHITE_BYE, _BLACK_BYE) or opp == 0:
        # "spielfrei": the pairing-allocated bye; its points are the result nibble
        kind = {3: Kind.PAB, 2: Kind.HALF_BYE, 1: Kind.ZERO_BYE, 0: Kind.PAB}[res]
        return RoundEntry(kind), board
    if opp not in numbers:
        raise FormatError(f"byte offset {off + 9}: player {num} round {rnd} has opponent {opp},"
                          " who is not in the player list", path=path,
                          expected="a starting number of the file", hint=_HINT)
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
