"""Chess-JSON ("JCH"), the FIDE TEC exchange format of the tie-break server, read and write.

Structure and codes follow the reference implementation, OttoMilvang/TieBreakServer
(``gacrux/jsonscheme.py`` for field names, ``gacrux/chessjson.py`` for the nesting under
``event`` and the default score system, ``gacrux/trf2json.py`` for how TRF results map):
one object ``{filetype: "Event", version, origin, published, status, event: {...}}``; the event
holds ``profiles`` (people) and ``tournaments``; a tournament holds ``competitors`` (``cid`` =
starting number) and a ``gameList`` with one record per game or bye.

Result letters per side: ``W D L`` (win/draw/loss), ``F`` full-point bye, ``H`` half-point
bye, ``Z`` zero / forfeit loss, ``P`` pairing-allocated bye (TieBreakServer score codes).
``played`` false marks a forfeit or bye; ``rated`` false with ``played`` true marks a game of
less than one move (TRF ``W D L``). A bye has ``black`` 0.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(name="Demo", players=(
...     Player(1, "Alpha, Anna", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, "Beta, Ben", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
>>> back = load(dump(t, published="2026-01-01").data).tournament
>>> back.player(2).entries
(RoundEntry(kind=<Kind.LOSS: '0'>, opponent=1, color=<Color.BLACK: 'b'>),)
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from decimal import Decimal
from typing import Any, Literal, overload

from ..errors import FormatError, PairchkError, Warning_
from ..model import (
    Color,
    Kind,
    Player,
    RoundEntry,
    ScoreSystem,
    Status,
    Tournament,
)
from . import Dumped, Loaded, carry
from .boards import MAX_ROUND, EntryTable, boards, require_consistent
from .fields import (birth_from_german, birth_to_iso, iso_round_dates, join_name, parse_json,
                     sniff_json, split_name)

NAME = "chess-json"
EXTENSIONS = (".jch", ".chess.json", ".chessjson")
CAN_READ = True
CAN_WRITE = True
CANNOT_CARRY = [
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
    "tournament.system_text",
    "player.national_ratings",
    "player.team",
    "player.extra",
    "scoring.by_colour",
    "scoring.forfeit_win",
    "scoring.forfeit_loss",
    "scoring.absent",
    "entries.absent",
    "round_dates.as_written",
    "tournament.tiebreak_text",
    "entries.forfeit_win_without_opponent",
    "entries.forfeit_loss_without_opponent",
]

_FIDE, _NATIONAL = "FIDE", "NAT"

# Model kind -> (letter, played, rated) for the player's own side of a game record.
_GAME_CODE = {
    Kind.WIN: ("W", True, True),
    Kind.DRAW: ("D", True, True),
    Kind.LOSS: ("L", True, True),
    Kind.WIN_SHORT: ("W", True, False),
    Kind.DRAW_SHORT: ("D", True, False),
    Kind.LOSS_SHORT: ("L", True, False),
    Kind.FORFEIT_WIN: ("W", False, False),
    Kind.FORFEIT_LOSS: ("Z", False, False),  # trf2json writes a forfeit loss as Z
}
_BYE_CODE = {
    Kind.PAB: "P",
    Kind.FULL_BYE: "F",
    Kind.HALF_BYE: "H",
    Kind.ZERO_BYE: "Z",
    Kind.ABSENT: "Z",
    Kind.FORFEIT_WIN: "F",  # a forfeit win without a known opponent scores like a full bye
    Kind.FORFEIT_LOSS: "Z",
}
_BYE_KIND = {"P": Kind.PAB, "F": Kind.FULL_BYE, "W": Kind.FULL_BYE, "H": Kind.HALF_BYE,
             "D": Kind.HALF_BYE, "Z": Kind.ZERO_BYE, "L": Kind.ZERO_BYE, "U": Kind.ZERO_BYE,
             "A": Kind.ZERO_BYE}


def detect(data: bytes) -> bool:
    """True for a JSON object with ``filetype`` "Event" or an ``event`` holding tournaments."""
    doc = sniff_json(data)
    if not isinstance(doc, dict):
        return False
    if doc.get("filetype") == "Event":
        return True
    ev = doc.get("event")
    return isinstance(ev, dict) and isinstance(ev.get("tournaments"), list)


# ---------------------------------------------------------------- writing


def _score_list(s: ScoreSystem) -> dict:
    def num(v: Decimal) -> float | int:
        return int(v) if v == v.to_integral_value() else float(v)

    out: dict[str, float | int | str] = {"W": num(s.win), "D": num(s.draw), "L": num(s.loss),
                                         "Z": num(s.zero_bye)}
    out["F"] = "W" if s.full_bye is None else num(s.full_bye)
    out["H"] = "D" if s.half_bye is None else num(s.half_bye)
    out["P"] = "W" if s.pab is None else num(s.pab)
    out["A"] = "D"
    out["U"] = "Z"
    return out


def _profile(p: Player, pid: int, national: bool) -> dict:
    last, first = split_name(p.name)
    prof: dict = {"id": pid, "lastName": last, "firstName": first,
                  "sex": {"m": "m", "w": "f", "f": "f"}.get(p.sex.lower(), "u"),  # TRF16 w, TRF26 f
                  "federation": p.federation, "fideName": p.name}
    if p.fide_id.strip():
        prof["fideId"] = int(p.fide_id) if p.fide_id.strip().isdecimal() else p.fide_id
    ratings = [p.rating or 0]
    if national:
        ratings.append(p.national_rating or 0)
    prof["rating"] = ratings
    if p.title:
        prof["fideTitle"] = p.title
    birth = p.birth.strip()
    if birth.isdecimal() and len(birth) == 4:
        prof["yearBirth"] = int(birth)
    elif birth:
        prof["birth"] = birth_to_iso(birth)
    if p.club:
        prof["clubName"] = p.club
    if p.national_id:
        prof["other"] = {"nationalId": p.national_id}
        if p.national_id.isdecimal():
            prof["localId"] = int(p.national_id)
    return prof


def _num(v: Decimal | None):
    if v is None:
        return None
    return int(v) if v == v.to_integral_value() else float(v)


def _arbiter_profiles(t: Tournament, profiles: list[dict]) -> dict:
    """A profile for the chief arbiter and each deputy (ids after the players'); returns
    ``eventInfo.arbiters``: ``chiefArbiter`` (an id) and ``deputyChiefArbiters`` (ids)."""
    next_id = max((p.number for p in t.players), default=0) + 1
    arbiters: dict = {}
    for role, names in (("chiefArbiter", [t.chief_arbiter] if t.chief_arbiter else []),
                        ("deputyChiefArbiters", list(t.deputy_arbiters))):
        ids = []
        for name in names:
            last, first = split_name(name)
            profiles.append({"id": next_id, "lastName": last, "firstName": first, "sex": "u",
                             "federation": "", "fideName": name, "arbiter": role})
            ids.append(next_id)
            next_id += 1
        if ids:
            arbiters[role] = ids[0] if role == "chiefArbiter" else ids
    return arbiters


def _event_info(t: Tournament, arbiters: dict) -> dict:
    """``event.eventInfo``: fullName, site, federation, startDate, endDate, arbiters."""
    info: dict = {"fullName": t.name}
    for key, value in (("site", t.city), ("federation", t.federation),
                       ("startDate", t.start_date), ("endDate", t.end_date)):
        if value:
            info[key] = value
    if arbiters:
        info["arbiters"] = arbiters
    return info


def _bye_record(rnd: int, b) -> dict:
    """A bye (or a player whose opponent is not there): ``black`` 0, the bye letter in wResult."""
    e = b.white_entry
    if e.kind.has_opponent and not e.kind.is_forfeit:
        raise PairchkError(
            f"player {b.white} round {rnd}: a {e.kind.name.lower()} names opponent"
            f" {e.opponent}, who is not in the tournament")
    return {"round": rnd, "white": b.white, "black": 0,
            "wResult": _BYE_CODE[e.kind], "played": False, "rated": False}


def _colourless_records(rnd: int, b, board_no: int) -> list[dict]:
    """A forfeit without colours: as TieBreakServer's trf2json writes it, one one-sided
    record per player, each naming the player as "white"."""
    out = []
    for me, opp, entry in ((b.white, b.black, b.white_entry), (b.black, b.white, b.black_entry)):
        if entry is None:
            continue
        if entry.kind not in _GAME_CODE:  # a game still without result, and without colours
            raise PairchkError(
                f"round {rnd}: game {me}-{opp} has neither colours nor a result; {NAME} writes a"
                " game without colours only as two one-sided results (hint: record its colours"
                " or its result, or write a format that keeps it, such as trf or json)")
        board_no += 1
        code, pl, rt = _GAME_CODE[entry.kind]
        out.append({"round": rnd, "board": board_no, "white": me, "black": opp,
                    "wResult": code, "played": pl, "rated": rt})
    return out


def _game_record(rnd: int, b, board_no: int, warnings: list[Warning_]) -> dict:
    """A game: wResult/bResult letters, ``played``/``rated`` of both sides (none while pending)."""
    rec: dict = {"round": rnd, "board": board_no, "white": b.white, "black": b.black}
    played = rated = None
    for side, entry in (("w", b.white_entry), ("b", b.black_entry)):
        if entry is not None and entry.kind is Kind.PENDING:
            continue  # paired, no result yet: a game record without results
        if entry is None:
            warnings.append(Warning_(
                f"{NAME}: round {rnd}: player {b.white if side == 'b' else b.black} names"
                f" an opponent who does not name them back; one side written"))
            continue
        code, pl, rt = _GAME_CODE[entry.kind]
        rec[f"{side}Result"] = code
        played = pl if played is None else played and pl
        rated = rt if rated is None else rated and rt
    rec["played"] = bool(played)
    rec["rated"] = bool(rated)
    if played is None:  # no result yet
        del rec["played"], rec["rated"]
    return rec


def _game_list(t: Tournament, warnings: list[Warning_]) -> list[dict]:
    """``gameList``: a record per board of every played round (byes have no board number)."""
    games: list[dict] = []
    for rnd in range(1, t.played_rounds + 1):
        board_no = 0
        for b in boards(t, rnd):
            if b.black is None:
                games.append(_bye_record(rnd, b))
            elif not b.colored:
                recs = _colourless_records(rnd, b, board_no)
                board_no += len(recs)
                games += recs
            else:
                board_no += 1
                games.append(_game_record(rnd, b, board_no, warnings))
    return games


def _competitors(t: Tournament) -> list[dict]:
    """``competitors``: cid = profileId = tpn = the starting number, present, rating, points, rank."""
    competitors = []
    for p in t.players:
        c: dict = {"cid": p.number, "profileId": p.number, "tpn": p.number,
                   "present": p.status is Status.ACTIVE}
        if p.rating is not None:
            c["rating"] = p.rating
        if p.points is not None:
            c["gamePoints"] = _num(p.points)
        if p.rank is not None:
            c["rank"] = p.rank
        competitors.append(c)
    return competitors


def _tournament_record(t: Tournament, games: list[dict]) -> dict:
    """``event.tournaments[0]``: rounds (with startTime), score system, rankOrder, gameList,
    competitors, numRounds, timeControl, topColor."""
    rounds = t.rounds or 0
    tour: dict = {"tournamentNo": 1, "name": t.name, "tournamentType": t.system or "Swiss",
                  "teamTournament": False,
                  "rounds": [{"roundNo": i} for i in range(
                      1, max(rounds, t.played_rounds, len(t.round_dates), len(t.round_dates_iso)) + 1)],
                  "ratingList": _FIDE, "gameScoreSystem": "game",
                  # TieBreakServer's tiebreak.py reads tournament.scoreSystem.game; the
                  # jsonscheme names scoreLists + gameScoreSystem: both are written
                  "scoreSystem": {"game": _score_list(t.scoring)},
                  # TieBreakServer keeps rankOrder as a list of tie-break codes (TRF26 212)
                  "rankOrder": list(t.tiebreaks),
                  "gameList": games, "competitors": _competitors(t)}
    # TieBreakServer needs numRounds; when the file declared none, the played rounds are
    # written and "other" says so, so that reading back does not declare the event finished
    tour["numRounds"] = rounds or t.played_rounds
    if not rounds:
        tour["other"] = {"numRoundsDeclared": False}
    iso = t.round_dates_iso + ("",) * len(t.round_dates)
    raw = t.round_dates + ("",) * len(t.round_dates_iso)
    for i in range(max(len(t.round_dates), len(t.round_dates_iso))):
        date = iso[i] or raw[i]  # ISO dates where known (JSON readers expect them)
        if date and i < len(tour["rounds"]):
            tour["rounds"][i]["startTime"] = date
    if t.time_control or t.time_control_encoded:
        tour["timeControl"] = {"description": t.time_control}
        if t.time_control_encoded:
            tour["timeControl"]["encoded"] = t.time_control_encoded
    if t.initial_color is not Color.NONE:
        tour["topColor"] = t.initial_color.value
    return tour


def dump(t: Tournament, *, published: str | None = None, **_options) -> Dumped:
    """Write ``t`` as Chess-JSON (UTF-8, indented)."""
    require_consistent(t, "chess-json")
    warnings: list[Warning_] = carry.dropped(t, NAME, CANNOT_CARRY)
    national = any(p.national_rating is not None for p in t.players)
    profiles = [_profile(p, p.number, national) for p in t.players]
    info = _event_info(t, _arbiter_profiles(t, profiles))
    tour = _tournament_record(t, _game_list(t, warnings))
    rating_lists = [{"listName": _FIDE}] + ([{"listName": _NATIONAL}] if national else [])
    doc = {
        "filetype": "Event",
        "version": "1.0",
        "origin": "pairchk",
        "published": published or datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M:%S"),
        "status": {"code": 0, "error": []},
        "event": {
            "eventName": t.name,
            "eventInfo": info,
            "ratingLists": rating_lists,
            "scoreLists": [{"listName": "game", "scoreSystem": _score_list(t.scoring)}],
            "profiles": profiles,
            "teams": [],
            "tournaments": [tour],
        },
    }
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    return Dumped((text + "\n").encode("utf-8"), warnings)


# ---------------------------------------------------------------- reading


class _Reader:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self.warnings: list[Warning_] = []

    def fail(self, where: str, message: str, expected: str | None = None,
             hint: str | None = None) -> FormatError:
        return FormatError(f"{where}: {message}", path=self.path, expected=expected, hint=hint)

    def obj(self, value, where: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"found {type(value).__name__}", expected="a JSON object")
        return value

    def arr(self, value, where: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(where, f"found {type(value).__name__}", expected="a JSON array")
        return value

    @overload
    def int_(self, value, where: str, *, allow_none: Literal[False] = False) -> int: ...
    @overload
    def int_(self, value, where: str, *, allow_none: bool) -> int | None: ...

    def int_(self, value, where: str, *, allow_none: bool = False) -> int | None:
        """The integer ``value``; None only when it is missing and ``allow_none``."""
        if value is None and allow_none:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
            raise self.fail(where, f"found {value!r}", expected="an integer")
        try:
            d = Decimal(str(value).strip())
            if not d.is_finite() or d.adjusted() > 30 or d != d.to_integral_value():
                raise ValueError
            return int(d)
        except (ValueError, ArithmeticError):
            raise self.fail(where, f"found {value!r}", expected="an integer") from None

    def points(self, value, where: str) -> Decimal | None:
        if value is None:
            return None
        if isinstance(value, bool):
            raise self.fail(where, f"found {value!r}", expected="a number of points")
        try:
            d = Decimal(str(value))
            if not d.is_finite() or d.adjusted() > 6:  # NaN, Infinity, 1e400 are no points
                raise ArithmeticError
            return d
        except ArithmeticError:
            raise self.fail(where, f"found {value!r}", expected="a number of points") from None


def _scoring(r: _Reader, table: dict, where: str) -> ScoreSystem:
    def value(code: str, seen: tuple = ()) -> Decimal | None:
        v = table.get(code)
        if v is None:
            return None
        if isinstance(v, str):
            if v in seen or len(seen) > 10:
                raise r.fail(f"{where}.{code}", f"circular reference {v!r}")
            return value(v.rstrip("*"), seen + (code,))
        return r.points(v, f"{where}.{code}")

    win, draw = value("W"), value("D")
    s = ScoreSystem()
    changes: dict = {}
    if win is not None:
        changes["win"] = win
    if draw is not None:
        changes["draw"] = draw
    for code, field in (("L", "loss"), ("Z", "zero_bye")):
        v = value(code)
        if v is not None:
            changes[field] = v
    for code, field in (("F", "full_bye"), ("H", "half_bye"), ("P", "pab")):
        v = value(code)
        if v is not None:
            changes[field] = v
    s = dataclasses.replace(s, **changes)
    # F/H/P that equal win/draw are kept as "same as" (None) so the model stays canonical.
    for field, base in (("full_bye", s.win), ("pab", s.win), ("half_bye", s.draw)):
        if getattr(s, field) == base:
            same: dict[str, Any] = {field: None}
            s = dataclasses.replace(s, **same)
    # Chess-JSON scores a forfeit loss and an absence with Z.
    return dataclasses.replace(s, forfeit_loss=s.zero_bye, absent=s.zero_bye)


_TW = "$.event.tournaments[0]"


def _first_tournament(r: _Reader, event: dict) -> dict:
    """``event.tournaments[0]`` (a warning when there are more; team tournaments refused)."""
    tours = r.arr(event.get("tournaments"), "$.event.tournaments")
    if not tours:
        raise r.fail("$.event.tournaments", "no tournament", expected="at least one tournament")
    if len(tours) > 1:
        r.warnings.append(Warning_(f"{len(tours)} tournaments in the event; only the first is read",
                                   path=r.path))
    tour = r.obj(tours[0], _TW)
    if tour.get("teamTournament"):
        raise r.fail(f"{_TW}.teamTournament", "team tournaments are not supported",
                     expected="an individual tournament",
                     hint="convert the team event with the TRF26 format")
    return tour


def _profiles(r: _Reader, event: dict) -> dict[int, dict]:
    """``event.profiles`` by ``id``."""
    profiles: dict[int, dict] = {}
    for i, prof in enumerate(r.arr(event.get("profiles"), "$.event.profiles")):
        where = f"$.event.profiles[{i}]"
        prof = r.obj(prof, where)
        profiles[r.int_(prof.get("id"), f"{where}.id")] = prof
    return profiles


def _read_scoring(r: _Reader, event: dict, tour: dict) -> ScoreSystem:
    """The score system: ``scoreLists[gameScoreSystem]`` (jsonscheme) or ``tournament.scoreSystem.game``."""
    name = tour.get("gameScoreSystem")
    for i, sl in enumerate(r.arr(event.get("scoreLists"), "$.event.scoreLists")):
        sl = r.obj(sl, f"$.event.scoreLists[{i}]")
        if name is None or sl.get("listName") == name:
            return _scoring(r, r.obj(sl.get("scoreSystem"), f"$.event.scoreLists[{i}].scoreSystem"),
                            f"$.event.scoreLists[{i}].scoreSystem")
    ss = tour.get("scoreSystem")
    if isinstance(ss, dict) and isinstance(ss.get("game"), dict):
        return _scoring(r, ss["game"], f"{_TW}.scoreSystem.game")
    return ScoreSystem()


def _competitor_map(r: _Reader, tour: dict) -> dict[int, dict]:
    """``competitors`` by ``cid`` (the starting number), each cid once."""
    cids: dict[int, dict] = {}
    for i, c in enumerate(r.arr(tour.get("competitors"), f"{_TW}.competitors")):
        where = f"{_TW}.competitors[{i}]"
        c = r.obj(c, where)
        cid = r.int_(c.get("cid"), f"{where}.cid")
        if cid in cids:
            raise r.fail(f"{where}.cid", f"duplicate competitor {cid}", expected="unique cid values")
        cids[cid] = c
    return cids


def _read_players(r: _Reader, tour: dict, profiles: dict[int, dict], rating_lists: list) -> list[Player]:
    """The competitors with their profiles and the entries of ``gameList``."""
    table = EntryTable()
    cids = _competitor_map(r, tour)
    for i, g in enumerate(r.arr(tour.get("gameList"), f"{_TW}.gameList")):
        where = f"{_TW}.gameList[{i}]"
        _read_game(r, r.obj(g, where), where, cids, table)
    _colourless(table, cids, r, r.path)
    players = []
    for cid in sorted(cids):
        c = cids[cid]
        where = f"{_TW}.competitors[cid={cid}]"
        pid = r.int_(c.get("profileId", cid), f"{where}.profileId")
        prof = profiles.get(pid, {})
        if pid not in profiles:
            r.warnings.append(Warning_(f"competitor {cid}: profile {pid} not found", path=r.path))
        players.append(_player(r, cid, c, prof, rating_lists, table, where))
    return players


def _person(profiles: dict[int, dict], pid) -> str:
    """The name of the profile ``pid`` (an arbiter), or ""."""
    prof = profiles.get(pid) if isinstance(pid, int) else None
    if not prof:
        return ""
    return prof.get("fideName") or join_name(prof.get("lastName", ""), prof.get("firstName", ""))


def _round_dates(r: _Reader, tour: dict) -> tuple[str, ...]:
    """``rounds[].startTime``, trailing blanks dropped."""
    round_dates = tuple(str(x.get("startTime", "")) if isinstance(x, dict) else ""
                        for x in r.arr(tour.get("rounds"), f"{_TW}.rounds"))
    while round_dates and not round_dates[-1]:
        round_dates = round_dates[:-1]
    return round_dates


def _tiebreaks(r: _Reader, tour: dict) -> tuple[str, ...]:
    """``rankOrder``: tie-break codes, or objects with a ``name``."""
    tiebreaks = []
    for x in r.arr(tour.get("rankOrder"), f"{_TW}.rankOrder"):
        name_tb = x.get("name") if isinstance(x, dict) else x
        if name_tb:
            tiebreaks.append(str(name_tb))
    return tuple(tiebreaks)


def _object(d: dict, key: str) -> dict:
    """``d[key]`` when it is a JSON object, else an empty one."""
    v = d.get(key)
    return v if isinstance(v, dict) else {}


def _tournament(r: _Reader, event: dict, tour: dict, info: dict, profiles: dict[int, dict],
                **parts) -> Tournament:
    """The event and tournament fields (eventInfo, rounds, arbiters, timeControl, numRounds,
    tournamentType, topColor) with the parts read before."""
    other = _object(tour, "other")
    declared = other.get("numRoundsDeclared")
    round_dates = _round_dates(r, tour)
    arb = _object(info, "arbiters")
    tc = _object(tour, "timeControl")
    tiebreaks = _tiebreaks(r, tour)
    top = str(tour.get("topColor", "")).lower()
    ttype = str(tour.get("tournamentType") or "")
    return Tournament(
        name=str(info.get("fullName") or event.get("eventName") or tour.get("name") or ""),
        city=str(info.get("site") or ""),
        federation=str(info.get("federation") or ""),
        start_date=str(info.get("startDate") or ""),
        end_date=str(info.get("endDate") or ""),
        round_dates=round_dates,
        round_dates_iso=iso_round_dates(round_dates),
        chief_arbiter=_person(profiles, arb.get("chiefArbiter")),
        deputy_arbiters=tuple(_person(profiles, x) for x in arb.get("deputyChiefArbiters") or []),
        time_control=str(tc.get("description") or ""),
        time_control_encoded=str(tc.get("encoded") or ""),
        rounds=None if declared is False else _rounds(r, tour.get("numRounds"), f"{_TW}.numRounds"),
        system="" if ttype in ("Swiss", "Tournament") else ttype,
        initial_color={"w": Color.WHITE, "b": Color.BLACK}.get(top, Color.NONE),
        tiebreaks=tiebreaks,
        **parts,
    )


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a Chess-JSON event; only its first tournament is read (warning if more)."""
    r = _Reader(path)
    doc = parse_json(data, path=path, expected="a Chess-JSON event object")
    doc = r.obj(doc, "$")
    event = r.obj(doc.get("event", doc), "$.event")
    tour = _first_tournament(r, event)
    info = r.obj(event.get("eventInfo") or {}, "$.event.eventInfo")
    rating_lists = [r.obj(x, "$.event.ratingLists[]").get("listName")
                    for x in r.arr(event.get("ratingLists"), "$.event.ratingLists")]
    profiles = _profiles(r, event)
    scoring = _read_scoring(r, event, tour)
    players = _read_players(r, tour, profiles, rating_lists)
    t = _tournament(r, event, tour, info, profiles, scoring=scoring, players=tuple(players))
    return Loaded(t, r.warnings)


def _rounds(r: _Reader, value, where: str) -> int | None:
    n = r.int_(value, where, allow_none=True)
    if n is not None and not 0 <= n <= MAX_ROUND:
        raise r.fail(where, f"found {n}", expected=f"a number of rounds 0..{MAX_ROUND}")
    return n or None


def _read_game(r: _Reader, g: dict, where: str, cids: dict, table: EntryTable) -> None:
    rnd = r.int_(g.get("round"), f"{where}.round")
    white = g.get("white")
    black = g.get("black")
    # newer TieBreakServer versions write {"cid": n, "result": x} per side
    wres, bres = g.get("wResult"), g.get("bResult")
    if isinstance(white, dict):
        wres = white.get("result", wres)
        white = white.get("cid")
    if isinstance(black, dict):
        bres = black.get("result", bres)
        black = black.get("cid")
    white = r.int_(white, f"{where}.white", allow_none=True) or 0
    black = r.int_(black, f"{where}.black", allow_none=True) or 0
    played = g.get("played", True) is not False
    rated = g.get("rated", played) is not False
    for who, w in ((white, "white"), (black, "black")):
        if who and who not in cids:
            raise r.fail(f"{where}.{w}", f"competitor {who} not found",
                         expected="the cid of a competitor")
    if not 1 <= rnd <= MAX_ROUND:
        raise r.fail(f"{where}.round", f"found {rnd}", expected=f"a round number 1..{MAX_ROUND}")
    if not white or not black:
        who = white or black
        if not who:
            raise r.fail(where, "a game record without players", expected="white or black cid")
        code = str((wres if white else bres) or "Z").upper()
        if code not in _BYE_KIND:
            raise r.fail(f"{where}.{'wResult' if white else 'bResult'}", f"found {code!r}",
                         expected="one of P F H Z W D L U A")
        table.set(who, rnd, RoundEntry(_BYE_KIND[code]))
        return
    if wres is None and bres is None:  # paired, no result yet
        table.set(white, rnd, RoundEntry(Kind.PENDING, black, Color.WHITE))
        table.set(black, rnd, RoundEntry(Kind.PENDING, white, Color.BLACK))
        return
    for who, opp, res, color, w in ((white, black, wres, Color.WHITE, "wResult"),
                                    (black, white, bres, Color.BLACK, "bResult")):
        if res is None:
            continue  # one side only (TieBreakServer may fill the other later)
        code = str(res).upper()
        kind = _game_kind(code, played, rated)
        if kind is None:
            raise r.fail(f"{where}.{w}", f"found {res!r}", expected="one of W D L Z",
                         hint="a forfeit is played=false with W for the winner, Z for the loser")
        table.set(who, rnd, RoundEntry(kind, opp, color))


def _colourless(table: EntryTable, cids: dict, r: _Reader, path: str | None) -> None:
    """Two one-sided records that both name their player white: a pairing without colours
    (TieBreakServer's trf2json writes a TRF forfeit ``153 - -`` that way)."""
    for cid in cids:
        for rnd, e in enumerate(table.entries(cid), 1):
            if e.opponent is None or e.color is Color.NONE or not table.has(e.opponent, rnd):
                continue
            other = table.entries(e.opponent)[rnd - 1]
            if other.opponent == cid and other.color is e.color:
                if e.kind.played:
                    r.warnings.append(Warning_(
                        f"round {rnd}: players {cid} and {e.opponent} both have"
                        f" {e.color.name.lower()}; read without colours", path=path))
                table.set(cid, rnd, RoundEntry(e.kind, e.opponent, Color.NONE))
                table.set(e.opponent, rnd, RoundEntry(other.kind, other.opponent, Color.NONE))


def _game_kind(code: str, played: bool, rated: bool) -> Kind | None:
    if not played:
        return {"W": Kind.FORFEIT_WIN, "F": Kind.FORFEIT_WIN, "Z": Kind.FORFEIT_LOSS,
                "L": Kind.FORFEIT_LOSS, "U": Kind.FORFEIT_LOSS, "A": Kind.FORFEIT_LOSS}.get(code)
    if rated:
        return {"W": Kind.WIN, "D": Kind.DRAW, "L": Kind.LOSS}.get(code)
    return {"W": Kind.WIN_SHORT, "D": Kind.DRAW_SHORT, "L": Kind.LOSS_SHORT}.get(code)


def _rating(value) -> int | None:
    if isinstance(value, dict):
        value = value.get("rating")
    try:
        v = int(value)
    except (TypeError, ValueError):
        return None
    return v or None


def _player(r: _Reader, cid: int, c: dict, prof: dict, lists: list, table: EntryTable,
            where: str) -> Player:
    ratings = prof.get("rating") or []
    if not isinstance(ratings, list):
        ratings = [ratings]
    fide = national = None
    for i, v in enumerate(ratings):
        lst = v.get("list") if isinstance(v, dict) else (lists[i] if i < len(lists) else None)
        if lst == _NATIONAL:
            national = _rating(v)
        elif fide is None:
            fide = _rating(v)
    if c.get("rating") is not None and fide is None:
        fide = _rating(c.get("rating"))
    name = prof.get("fideName") or join_name(str(prof.get("lastName", "")),
                                             str(prof.get("firstName", "")))
    other = _object(prof, "other")
    nat_id = str(other.get("nationalId") or prof.get("localId") or "")
    birth = prof.get("birth")
    birth = birth_from_german(str(birth)) if birth else str(prof.get("yearBirth") or "")
    fide_id = prof.get("fideId")
    return Player(
        number=cid,
        name=str(name),
        sex={"m": "m", "f": "w", "w": "w"}.get(str(prof.get("sex", "")).lower(), ""),
        title=str(prof.get("fideTitle") or ""),
        rating=fide,
        federation=str(prof.get("federation") or ""),
        fide_id="" if fide_id is None else str(fide_id),
        birth=birth,
        points=r.points(c.get("gamePoints"), f"{where}.gamePoints"),
        rank=r.int_(c.get("rank"), f"{where}.rank", allow_none=True),
        entries=table.entries(cid),
        national_rating=national,
        national_id=nat_id,
        club=str(prof.get("clubName") or ""),
        status=Status.WITHDRAWN if c.get("present") is False else Status.ACTIVE,
    )
