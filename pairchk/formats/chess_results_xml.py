"""chess-results.com upload XML (``Uploadxml.aspx``), read and write.

Root ``<chessresults>`` with ``tournamentdata/tournament``, ``rounds/round``, ``players/player``,
``playerpairings/playerpairing`` and, for team events, ``teams/team`` and
``teampairings/teampairing``. Pairing quirks: ``blackno="-1"`` is the pairing-allocated bye,
``blackno="-2"`` an unpaired player whose ``reswhite`` holds the bye points ("" = absent);
``forfeit="K"`` marks a forfeit, ``"U"`` an unrated game. ``pts``/``tb*`` use a decimal comma.
The third-party interface is described in ``Sharly-Chess/sharly-chess`` (see docs/formats.md §2.2).

>>> t = load(dump(Tournament(name="Open", rounds=1, players=(
...     Player(1, "Kasparov, Garry", entries=(RoundEntry(Kind.PAB),)),))).data).tournament
>>> t.name, t.player(1).entry(1).kind
('Open', <Kind.PAB: 'U'>)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Literal, overload

from lxml import etree

from ..errors import FormatError, Warning_
from ..model import (
    Color, Kind, Lineup, Player, RoundEntry, ScoreSystem, Team, TeamMatch, Tournament,
)
from . import Dumped, Loaded
from .boards import lineups_from_boards, round_entries, require_colours, require_consistent
from .carry import LONE_FORFEITS, without_lone_forfeit, dropped
from ._dsb import round_dates as iso_round_dates
from .limits import check_number, check_round
from ._xmlsafe import root_and_child, sniff_root, require_xml_text

NAME = "chess-results-xml"
EXTENSIONS = (".cr.xml",)
CAN_READ = True
CAN_WRITE = True
DECLARES_SCORING = False  # totals without a point system: inferred from the totals (declared.py)
CANNOT_CARRY = [
    *LONE_FORFEITS,  # a forfeit naming no opponent is written as the bye it scores like
    "names.as_written",
    "tournament.round_dates",  # the dates as written in the source; ISO dates are carried
    "tournament.system", "tournament.system_text", "tournament.acceleration",
    "tournament.initial_color", "tournament.forbidden_pairs", "tournament.declared_byes",
    "tournament.abnormal_points", "tournament.time_control_encoded", "tournament.tiebreak_text",
    "tournament.starting_rank_method", "tournament.pairing_controller", "tournament.board_colors",
    "tournament.team_scoring", "tournament.declared_players", "tournament.declared_rated",
    "tournament.declared_teams", "tournament.extra_records", "tournament.comments",
    "tournament.scoring", "tournament.team_pab_match_points",
    "team.nickname", "team.strength", "team.game_points",
    "player.national_ratings", "player.status", "player.extra", "entries.forfeit_without_color",
]

_HINT = "chess-results upload XML has <chessresults> with <players> and <playerpairings>"
_TB_PREFIX = "chess-results:"  # tie-breaks are chess-results numbers (tb1no..tb5no)


def detect(data: bytes) -> bool:
    """True when the first element is ``<chessresults>`` (no namespace)."""
    return sniff_root(data) == ("", "chessresults")


def _dec(text: str | None, where: str, el, path) -> Decimal | None:
    text = (text or "").strip().replace(",", ".")
    if not text:
        return None
    try:
        d = Decimal(text)
        if not d.is_finite() or d.adjusted() > 6:  # NaN, Infinity, 1e400 are no result
            raise InvalidOperation
        return d
    except InvalidOperation:
        raise FormatError(f"<{el.tag}> {where}={text!r} is not a number", path=path,
                          line=el.sourceline, expected="a number such as 1.0 or 3,5", hint=_HINT) from None


@overload
def _int(el, attr: str, path, *, required: Literal[True] = True) -> int: ...
@overload
def _int(el, attr: str, path, *, required: bool) -> int | None: ...


def _int(el, attr: str, path, *, required: bool = True) -> int | None:
    """The integer attribute ``attr`` of ``el``; a missing one raises unless not ``required``
    (then None)."""
    text = (el.get(attr) or "").strip()
    if not text:
        if required:
            raise FormatError(f"<{el.tag}> has no {attr}", path=path, line=el.sourceline,
                              expected=f"an integer {attr} attribute", hint=_HINT)
        return None
    try:
        return int(text)
    except ValueError:
        raise FormatError(f"<{el.tag}> {attr}={text!r} is not an integer", path=path,
                          line=el.sourceline, expected=f"an integer {attr}", hint=_HINT) from None


def _iso(yyyymmdd: str) -> str:
    s = (yyyymmdd or "").strip()
    if len(s) == 8 and s.isdecimal():
        return f"{s[:4]}-{s[4:6]}-{s[6:]}"
    return s


@dataclass
class _Pairings:
    """What the ``<playerpairing>`` elements give: entries by player and round, the boards of
    team players, and the points of the pairing-allocated byes."""

    players: dict[int, dict]  # player number -> Player fields from <player>
    rounds: int | None
    path: str | None
    warnings: list[Warning_]
    entries: dict[int, dict[int, RoundEntry]] = field(default_factory=dict)
    boards: dict[tuple[int, int], list[tuple[int, int]]] = field(default_factory=dict)
    pab_points: set[Decimal] = field(default_factory=set)


def _read_round_dates(root, path: str | None) -> list[str]:
    """``rounds/round``: ``round`` number and ``date`` (YYYYMMDD), as ISO dates by round."""
    round_dates: list[str] = []
    for r in root.iterfind("rounds/round"):
        n = check_round(_int(r, "round", path), "<round> round", path=path, line=r.sourceline)
        while len(round_dates) < n:
            round_dates.append("")
        round_dates[n - 1] = _iso(r.get("date", ""))
    while round_dates and not round_dates[-1]:
        round_dates.pop()
    return round_dates


def _player_fields(p, no: int, path: str | None) -> dict:
    """The Player fields of one ``<player>`` (lastname/firstname, rtgfide, rtgnat, sex, fed, ...)."""
    last, first = (p.get("lastname") or "").strip(), (p.get("firstname") or "").strip()
    if "," in last and not first:  # chess-results often sends "Last,First" in lastname
        last, _, first = last.partition(",")
    name = f"{last.strip()}, {first.strip()}" if first else last
    rating = _int(p, "rtgfide", path, required=False) or None
    sex = {"M": "m", "F": "w", "W": "w"}.get((p.get("sex") or "").strip().upper(), "")
    teamno = _int(p, "teamno", path, required=False) or None
    return dict(
        number=no, name=name, title=(p.get("title") or "").strip(), rating=rating,
        national_rating=_int(p, "rtgnat", path, required=False) or None,
        birth=(p.get("dob") or "").strip(), sex=sex, federation=(p.get("fed") or "").strip(),
        fide_id=(p.get("fideid") or "").strip().lstrip("0"), national_id=(p.get("id") or "").strip(),
        club=(p.get("clubname") or "").strip(), team=teamno,
        rank=_int(p, "rank", path, required=False) or None,
        points=_dec(p.get("pts"), "pts", p, path),
    )


def _read_players(root, path: str | None) -> tuple[dict[int, dict], dict[int, int], dict[int, int]]:
    """``players/player``: fields by number, source lines, and the ``board`` in the team list."""
    players: dict[int, dict] = {}
    lines: dict[int, int] = {}
    roster: dict[int, int] = {}  # board of the player in his team's list
    for p in root.iterfind("players/player"):
        no = check_number(_int(p, "no", path), "<player> no", path=path, line=p.sourceline)
        if no in players:
            raise FormatError(f"player no={no} appears twice", path=path, line=p.sourceline,
                              expected="unique player numbers", hint=_HINT)
        players[no] = _player_fields(p, no, path)
        lines[no] = p.sourceline
        roster[no] = _int(p, "board", path, required=False) or 0
    return players, lines, roster


def _pairing_players(st: _Pairings, pp) -> tuple[int, int, int]:
    """``round``, ``whiteno`` and ``blackno`` of a ``<playerpairing>``, checked."""
    path, rounds = st.path, st.rounds
    rnd = _int(pp, "round", path)
    check_round(rnd, "playerpairing round", path=path, line=pp.sourceline)
    if rnd < 1 or (rounds and rnd > rounds):
        raise FormatError(f"playerpairing round={rnd}", path=path, line=pp.sourceline,
                          expected=f"a round from 1 to {rounds or 'the number of rounds'}", hint=_HINT)
    w = _int(pp, "whiteno", path)
    b = _int(pp, "blackno", path)
    if w not in st.players:
        raise FormatError(f"playerpairing round {rnd}: whiteno={w} is not a player", path=path,
                          line=pp.sourceline, expected="a <player no=...>", hint=_HINT)
    if b > 0 and b not in st.players:
        raise FormatError(f"playerpairing round {rnd}: blackno={b} is not a player", path=path,
                          line=pp.sourceline, expected="a <player no=...>, -1 (bye) or -2 (unpaired)",
                          hint=_HINT)
    return rnd, w, b


def _unpaired(st: _Pairings, pp, rnd: int, w: int, b: int, rw: Decimal | None) -> None:
    """``blackno`` -1 (the PAB; ``reswhite`` its points), -2 or 0 (a bye of ``reswhite`` points)."""
    if b == -1:
        st.entries[w][rnd] = RoundEntry(Kind.PAB)
        if rw is not None:
            st.pab_points.add(rw)
        return
    if b == -2 or b == 0:
        kind = {None: Kind.ABSENT, Decimal(0): Kind.ZERO_BYE, Decimal("0.5"): Kind.HALF_BYE,
                Decimal(1): Kind.FULL_BYE}.get(rw)
        if kind is None:
            raise FormatError(f"unpaired player {w} round {rnd} scores {rw}", path=st.path,
                              line=pp.sourceline, expected="reswhite of '', 0, 0.5 or 1", hint=_HINT)
        st.entries[w][rnd] = RoundEntry(kind)
        return
    raise FormatError(f"playerpairing round {rnd}: blackno={b}", path=st.path, line=pp.sourceline,
                      expected="a player number, -1 (bye) or -2 (unpaired)", hint=_HINT)


def _game(st: _Pairings, pp, rnd: int, w: int, b: int, rw: Decimal | None, rb: Decimal | None,
          forfeit: str) -> None:
    """A game: ``board`` (team events), ``reswhite``/``resblack`` and ``forfeit`` (K, U)."""
    board = _int(pp, "board", st.path, required=False) or 0
    if st.players[w]["team"] and board:
        st.boards.setdefault((rnd, st.players[w]["team"]), []).append((board, w))
        if st.players[b]["team"]:
            st.boards.setdefault((rnd, st.players[b]["team"]), []).append((board, b))
    if rw is None or rb is None:  # paired, no result yet
        st.entries[w][rnd] = RoundEntry(Kind.PENDING, b, Color.WHITE)
        st.entries[b][rnd] = RoundEntry(Kind.PENDING, w, Color.BLACK)
        return
    kw, kb = _kinds(rw, rb, forfeit)
    if forfeit not in ("", "K", "U"):
        st.warnings.append(Warning_(f"round {rnd} {w}-{b}: forfeit code {forfeit!r} (penalty) read as"
                                    " a normal result", path=st.path, line=pp.sourceline))
    st.entries[w][rnd] = RoundEntry(kw, b, Color.WHITE)
    st.entries[b][rnd] = RoundEntry(kb, w, Color.BLACK)


def _read_pairing(st: _Pairings, pp) -> None:
    """One ``<playerpairing>``: a game, or a bye when ``blackno`` is not a player number."""
    rnd, w, b = _pairing_players(st, pp)
    rw = _dec(pp.get("reswhite"), "reswhite", pp, st.path)
    rb = _dec(pp.get("resblack"), "resblack", pp, st.path)
    forfeit = (pp.get("forfeit") or "").strip().upper()
    for who in (w, b):
        if who > 0 and rnd in st.entries[who]:
            raise FormatError(f"player {who} is paired twice in round {rnd}", path=st.path,
                              line=pp.sourceline, expected="one pairing per player and round", hint=_HINT)
    if b <= 0:
        _unpaired(st, pp, rnd, w, b, rw)
    else:
        _game(st, pp, rnd, w, b, rw, rb, forfeit)


def _read_teams(root, path: str | None) -> list[Team]:
    """``teams/team``: ``no``, ``teamname``, ``points`` (match points), ``rank``; no members yet."""
    teams = []
    for tm in root.iterfind("teams/team"):
        no = check_number(_int(tm, "no", path), "<team> no", path=path, line=tm.sourceline)
        teams.append(Team(number=no, name=(tm.get("teamname") or "").strip(),
                          members=(),
                          match_points=_dec(tm.get("points"), "points", tm, path),
                          rank=_int(tm, "rank", path, required=False) or None))
    return teams


def _read_team_pairings(root, teams: list[Team], path: str | None) -> tuple[list[TeamMatch], set[Decimal]]:
    """``teampairings/teampairing``: the matches (``no2`` -1: a bye) and the byes' ``res1``."""
    matches = []
    bye_game_points: set[Decimal] = set()
    for tp in root.iterfind("teampairings/teampairing"):
        no2 = _int(tp, "no2", path)
        for no in (_int(tp, "no1", path), no2):
            if no > 0 and no not in {tm.number for tm in teams}:
                raise FormatError(f"teampairing names team {no}, which is not in <teams>", path=path,
                                  line=tp.sourceline, expected="a <team no=...>, or no2=-1 for a bye", hint=_HINT)
        tround = check_round(_int(tp, "round", path), "teampairing round", path=path, line=tp.sourceline)
        matches.append(TeamMatch(tround, _int(tp, "no1", path), no2 if no2 > 0 else None))
        if no2 <= 0 and (res1 := _dec(tp.get("res1"), "res1", tp, path)) is not None:
            bye_game_points.add(res1)
    return matches, bye_game_points


def _team_byes(st: _Pairings, td, matches: list[TeamMatch], roster: dict[int, int]) -> list[Lineup]:
    """The line-ups of team byes, whose players are given the pairing-allocated bye.

    A team bye has no player pairings; chess-results scores it for the first ``playerperteam``
    players of the team list (seen in the sample: the 5th player of a team got nothing)."""
    per_team = _int(td, "playerperteam", st.path, required=False) or max(
        (b for lst in st.boards.values() for b, _ in lst), default=0)
    bye_lineups = []
    for m in matches:
        if m.away is None:
            members = sorted((n for n in st.players if st.players[n]["team"] == m.home),
                             key=lambda n: (roster.get(n) or 10 ** 6, n))[:per_team]
            for n in members:
                st.entries[n].setdefault(m.round, RoundEntry(Kind.PAB))
            bye_lineups.append(Lineup(m.round, m.home, tuple(members)))
    return bye_lineups


def _team_lineups(teams: list[Team], plist: list[Player], roster: dict[int, int], st: _Pairings,
                  matches: list[TeamMatch], bye_lineups: list[Lineup]) -> list[Lineup]:
    """Fill each team's members (by list board) into ``teams``; the line-ups of the games'
    boards and of the team byes, by round and team."""
    for tm_i, tm in enumerate(teams):
        teams[tm_i] = dataclasses.replace(tm, members=tuple(sorted(
            (p.number for p in plist if p.team == tm.number), key=lambda n: (roster.get(n) or 10 ** 6, n))))
    return sorted(lineups_from_boards(st.boards, matches) + bye_lineups, key=lambda lu: (lu.round, lu.team))


def _tournament(td, round_dates: list[str], rounds: int | None, scoring: ScoreSystem, **parts) -> Tournament:
    """The ``<tournament>`` attributes (name, location, federation, from/to, arbiters,
    timecontrol, tb1no..tb5no) with the parts read from the rest of the file."""
    tb = [td.get(f"tb{i}no", "").strip() for i in range(1, 6)]
    return Tournament(
        name=(td.get("name") or "").strip(), city=(td.get("location") or "").strip(),
        federation=(td.get("federation") or "").strip(),
        start_date=_iso(td.get("from", "")), end_date=_iso(td.get("to", "")),
        round_dates_iso=tuple(round_dates),
        chief_arbiter=(td.get("chiefarbiter") or td.get("arbiter") or "").strip(),
        deputy_arbiters=_deputies(td.get("deputyarbiter") or ""),
        time_control=(td.get("timecontrol") or "").strip(), rounds=rounds,
        tiebreaks=tuple(_TB_PREFIX + n for n in tb if n and n != "0"),
        scoring=scoring, **parts,
    )


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a chess-results upload XML document."""
    root, td = root_and_child(data, path, "chessresults", "tournamentdata/tournament",
                              missing="no <tournamentdata><tournament> element",
                              expected_child="<tournamentdata><tournament .../>", hint=_HINT)
    warnings: list[Warning_] = []
    rounds = _int(td, "rounds", path, required=False)
    if rounds is not None:
        check_round(rounds, "rounds", path=path, line=td.sourceline, allow_zero=True)
    round_dates = _read_round_dates(root, path)
    players, lines, roster = _read_players(root, path)
    st = _Pairings(players, rounds, path, warnings, entries={n: {} for n in players})
    for pp in root.iterfind("playerpairings/playerpairing"):
        _read_pairing(st, pp)
    teams = _read_teams(root, path)
    matches, bye_game_points = _read_team_pairings(root, teams, path)
    bye_lineups = _team_byes(st, td, matches, roster)
    if len(bye_game_points) > 1:
        warnings.append(Warning_(f"team byes score differently ({', '.join(map(str, sorted(bye_game_points)))});"
                                 " no single team PAB value kept", path=path))
    last_round = max([rounds or 0] + [r for e in st.entries.values() for r in e])
    plist = [Player(entries=tuple(round_entries(st.entries[no], last_round)), **players[no])
             for no in sorted(players)]
    lineups = _team_lineups(teams, plist, roster, st, matches, bye_lineups)
    pab_points = st.pab_points
    scoring = ScoreSystem()
    if len(pab_points) == 1 and pab_points != {Decimal(1)}:
        scoring = ScoreSystem(pab=pab_points.pop())
    t = _tournament(td, round_dates, rounds, scoring, teams=tuple(teams), lineups=tuple(lineups),
                    team_matches=tuple(matches),
                    team_pab_game_points=bye_game_points.pop() if len(bye_game_points) == 1 else None,
                    players=tuple(plist))
    meta = {"key": td.get("key", ""), "type": td.get("type", "")}
    if len(pab_points) == 1 or scoring.pab is not None:  # the PAB's points, for the inference
        meta["pab_points"] = scoring.pab if scoring.pab is not None else next(iter(pab_points))
    return Loaded(t, warnings, lines=lines, meta=meta)


def _deputies(text: str) -> tuple[str, ...]:
    """``deputyarbiter`` is one text: names split at commas, or at semicolons when there are any
    (the writer uses them when a name has a comma, as in "Last, First").

    >>> _deputies("IA A. One, FA B. Two"), _deputies("One, A; Two, B"), _deputies("One, A;")
    (('IA A. One', 'FA B. Two'), ('One, A', 'Two, B'), ('One, A',))
    """
    sep = ";" if ";" in text else ","
    return tuple(a.strip() for a in text.split(sep) if a.strip())


def _deputy_text(names: tuple[str, ...]) -> str:
    """The ``deputyarbiter`` text that ``_deputies`` reads back as ``names``.

    >>> _deputy_text(("A. One", "B. Two")), _deputy_text(("One, A",)), _deputy_text(("One, A", "Two, B"))
    ('A. One, B. Two', 'One, A;', 'One, A; Two, B')
    """
    names = tuple(n.strip() for n in names if n.strip())
    if not any("," in n or ";" in n for n in names):
        return ", ".join(names)
    text = "; ".join(n.replace(";", ",") for n in names)
    return text + ";" if len(names) == 1 else text


def _kinds(rw: Decimal, rb: Decimal, forfeit: str) -> tuple[Kind, Kind]:
    if forfeit == "K":
        return (Kind.FORFEIT_WIN if rw > rb else Kind.FORFEIT_LOSS,
                Kind.FORFEIT_WIN if rb > rw else Kind.FORFEIT_LOSS)
    unrated = forfeit == "U"
    win, draw, loss = ((Kind.WIN_SHORT, Kind.DRAW_SHORT, Kind.LOSS_SHORT) if unrated
                       else (Kind.WIN, Kind.DRAW, Kind.LOSS))
    if rw == rb:
        return (draw, draw) if rw else (loss, loss)
    return (win, loss) if rw > rb else (loss, win)


# ------------------------------------------------------------------------------------- dump

_RES = {Kind.WIN: "1.0", Kind.LOSS: "0.0", Kind.DRAW: "0.5", Kind.WIN_SHORT: "1.0", Kind.LOSS_SHORT: "0.0",
        Kind.DRAW_SHORT: "0.5", Kind.FORFEIT_WIN: "1.0", Kind.FORFEIT_LOSS: "0.0"}


def _fmt(d: Decimal | None, comma: bool = True) -> str:
    if d is None:
        return ""
    s = f"{d:.1f}" if d == d.quantize(Decimal("0.1")) else f"{d:f}"
    return s.replace(".", ",") if comma else s


def _yyyymmdd(iso: str) -> str:
    return iso.replace("-", "") if len(iso) == 10 and iso[4] == "-" else iso


def _tiebreak_numbers(t: Tournament, warnings: list[Warning_]) -> list[str]:
    """``tb1no``..``tb5no``: the chess-results numbers of the tie-breaks, "0" for none."""
    tbs = [x[len(_TB_PREFIX):] for x in t.tiebreaks if x.startswith(_TB_PREFIX)][:5]
    if len(tbs) != len(t.tiebreaks):
        warnings.append(Warning_(f"{NAME} names tie-breaks by chess-results number only; "
                                 f"{', '.join(x for x in t.tiebreaks if not x.startswith(_TB_PREFIX))} dropped"))
    return tbs + ["0"] * (5 - len(tbs))


def _tournament_attrs(t: Tournament, nrounds: int, tbs: list[str], options: dict) -> dict[str, str]:
    """The attributes of ``tournamentdata/tournament`` (every one the upload knows, in its order)."""
    ratings = [p.rating for p in t.players if p.rating]
    return {
        "key": str(options.get("key", "")), "type": str(options.get("type", "3" if t.teams else "0")),
        "name": t.name, "fideeventid": "", "remark": "", "director": "", "organiser": "",
        "location": t.city, "arbiter": "", "rounds": str(nrounds), "currentround": str(t.played_rounds),
        "rankinground": str(t.played_rounds), "sortstartrank": "2",
        "from": _yyyymmdd(t.start_date), "to": _yyyymmdd(t.end_date),
        "ratedfide": "-", "ratednational": "-",
        **{f"tb{i + 1}no": tbs[i] for i in range(5)},
        "replay": "1", "timecontrol": t.time_control, "homecolor": "", "samecolor": "",
        "playerperteam": str(max((len(lu.players) for lu in t.lineups), default="")) if t.teams else "",
        "category": "0",
        "ratingavg": str(round(sum(ratings) / len(ratings))) if ratings else "",
        "endstatus": "", "chiefarbiter": t.chief_arbiter, "deputyarbiter": _deputy_text(t.deputy_arbiters),
        "homepageorganiser": "", "mail": "", "federation": t.federation, "creator": "",
    }


def _write_rounds(root, t: Tournament, nrounds: int) -> None:
    """``rounds/round``: number and date (YYYYMMDD) of every round."""
    rounds_el = etree.SubElement(root, "rounds")
    dates = iso_round_dates(t) if nrounds else ()
    for r in range(1, nrounds + 1):
        date = dates[r - 1] if r <= len(dates) else ""
        etree.SubElement(rounds_el, "round", {"round": str(r), "date": _yyyymmdd(date), "time": ""})


def _team_boards(t: Tournament) -> tuple[dict[int, int], dict[int, int | None]]:
    """Each team member's board in the team list, and each player's team number (the team
    that lists the player when ``Player.team`` is not set: formats without it)."""
    board_of_member: dict[int, int] = {}
    team_of: dict[int, int | None] = {}
    for tm in t.teams:
        for i, n in enumerate(tm.members, 1):
            board_of_member[n] = i
            team_of[n] = tm.number
    return board_of_member, {p.number: p.team or team_of.get(p.number) for p in t.players}


def _player_attrs(t: Tournament, p: Player, board: int | str, team: int | None) -> dict[str, str]:
    """The attributes of one ``players/player`` (sex: TRF16 writes w for women, TRF26 f)."""
    last, _, first = p.name.partition(",")
    return {
        "no": str(p.number), "id": p.national_id, "lastname": last.strip(), "firstname": first.strip(),
        "atitle": "", "title": p.title, "rtg": str(p.rating or p.national_rating or ""),
        "rtgfide": str(p.rating or ""), "rtgnat": str(p.national_rating or ""),
        "dob": p.birth, "sex": {"m": "M", "w": "F", "f": "F"}.get(p.sex.lower(), ""), "fed": p.federation,
        "board": str(board), "teamno": str(team or 0),
        "clubname": p.club, "fideid": p.fide_id, "rank": str(p.rank or ""),
        "pts": _fmt(p.points if p.points is not None else t.score(p.number)),
    }


def _write_players(root, t: Tournament, board_of_member: dict[int, int], team_of: dict) -> None:
    """``players/player`` of every player, then ``teams/team`` of every team (team events)."""
    players_el = etree.SubElement(root, "players")
    for p in t.players:
        etree.SubElement(players_el, "player",
                         _player_attrs(t, p, board_of_member.get(p.number, ""), team_of[p.number]))
    if t.teams:
        teams_el = etree.SubElement(root, "teams")
        for tm in t.teams:
            etree.SubElement(teams_el, "team", {
                "no": str(tm.number), "teamname": tm.name, "rank": str(tm.rank or ""),
                "points": _fmt(tm.match_points) if tm.match_points is not None else ""})


@dataclass
class _PairingWriter:
    """What the ``<playerpairing>`` writer needs, and the teams' game points it sums up."""

    t: Tournament
    team_of: dict[int, int | None]
    lineup_board: dict[tuple[int, int], int]
    team_bye: set[tuple[int, int | None]]
    # game results are written 1/½/0; bye points too unless a win is worth 1 (then the file's
    # bye values can carry, e.g., a half-point PAB)
    bye_scoring: ScoreSystem
    game_points: dict[tuple[int, int], Decimal] = field(default_factory=dict)


def _game_results(w: _PairingWriter, r: int, p: Player, e: RoundEntry) -> tuple[str, str, str]:
    """(blackno, reswhite, resblack) of a game, adding its points to the teams' game points."""
    assert e.opponent is not None  # (_pairing_results)
    opp = w.t.player(e.opponent).entry(r)
    black, res_w, res_b = str(e.opponent), _RES.get(e.kind, ""), _RES.get(opp.kind, "")
    for who, res in ((p.number, res_w), (e.opponent, res_b)):
        team = w.team_of.get(who)
        if team:
            key = (r, team)
            w.game_points[key] = w.game_points.get(key, Decimal(0)) + Decimal(res or 0)
    return black, res_w, res_b


def _pairing_results(w: _PairingWriter, r: int, p: Player, e: RoundEntry) -> tuple[str, str, str] | None:
    """(blackno, reswhite, resblack) of ``p``'s entry in round ``r``, or None when it is not
    written on its own (the black side of a game, a team's bye, not paired)."""
    t = w.t
    if e.kind.has_opponent and e.color is Color.BLACK:
        return None  # written with its white player
    if e.kind is Kind.NOT_PAIRED:
        return None
    if e.kind.has_opponent:
        assert e.opponent is not None  # boards.require_opponents refused games without one
        # colourless game (e.g. forfeit without colour): the lower number is "white"
        if e.color is Color.NONE and e.opponent < p.number:
            return None
        return _game_results(w, r, p, e)
    if e.kind is Kind.PAB and (r, w.team_of.get(p.number)) in w.team_bye:
        return None  # the team's bye (a <teampairing> with no2=-1) stands for it
    if e.kind is Kind.PAB:
        return "-1", _fmt(t.scoring.pab_value, comma=False), ""  # the PAB as scored
    return "-2", "" if e.kind is Kind.ABSENT else _fmt(w.bye_scoring.points(e), comma=False), ""


def _write_pairings(root, t: Tournament, team_of: dict) -> dict[tuple[int, int], Decimal]:
    """``playerpairings/playerpairing`` of every round (``blackno`` -1 the PAB, -2 unpaired;
    ``forfeit`` K for forfeits and the PAB, U for games of less than one move); returns the
    game points of each team in each round."""
    pairs_el = etree.SubElement(root, "playerpairings")
    w = _PairingWriter(
        t, team_of, {(lu.round, n): i for lu in t.lineups for i, n in enumerate(lu.players, 1)},
        {(m.round, m.home) for m in t.team_matches if m.away is None},
        t.scoring if t.scoring.win == 1 else ScoreSystem())
    for r in range(1, t.played_rounds + 1):
        k = 0
        for p, e in t.round_entries(r):
            e = without_lone_forfeit(e)
            results = _pairing_results(w, r, p, e)
            if results is None:
                continue
            k += 1
            forfeit = "K" if e.kind.is_forfeit or e.kind is Kind.PAB else (
                "U" if e.kind in (Kind.WIN_SHORT, Kind.DRAW_SHORT, Kind.LOSS_SHORT) else "")
            etree.SubElement(pairs_el, "playerpairing", {
                "round": str(r), "pairing": str(k), "board": str(w.lineup_board.get((r, p.number), 1)),
                "whiteno": str(p.number), "blackno": results[0], "reswhite": results[1],
                "resblack": results[2], "forfeit": forfeit})
    return w.game_points


def _write_team_pairings(root, t: Tournament, game_points: dict[tuple[int, int], Decimal]) -> None:
    """``teampairings/teampairing`` of every team match (``no2`` -1: a bye; ``res1``/``res2``
    the game points)."""
    if not t.team_matches:
        return
    tp_el = etree.SubElement(root, "teampairings")
    count: dict[int, int] = {}
    for m in t.team_matches:
        count[m.round] = count.get(m.round, 0) + 1
        etree.SubElement(tp_el, "teampairing", {
            "round": str(m.round), "pairing": str(count[m.round]), "no1": str(m.home),
            "no2": str(m.away if m.away is not None else -1),
            "res1": _fmt(game_points.get((m.round, m.home), Decimal(0)) if m.away is not None
                         else t.team_pab_game_points or Decimal(0), comma=False),
            "res2": _fmt(game_points.get((m.round, m.away), Decimal(0)) if m.away is not None
                         else Decimal(0), comma=False)})


def _team_warnings(t: Tournament, warnings: list[Warning_]) -> None:
    """What ``<teampairing>`` cannot carry: the forfeit type, a team PAB's points with no bye."""
    forfeited = [m for m in t.team_matches if m.forfeit]
    if forfeited:  # <teampairing> has res1/res2 only; the games' forfeit="K" stay per board
        warnings.append(Warning_(f"{NAME} has no forfeit type for team matches: {len(forfeited)}"
                                 f" (first: round {forfeited[0].round} {forfeited[0].home}-"
                                 f"{forfeited[0].away} {forfeited[0].forfeit}) written as plain matches"))
    if t.team_pab_game_points is not None and not any(m.away is None for m in t.team_matches):
        warnings.append(Warning_(f"{NAME} keeps the game points of a team PAB only in a team bye"
                                 f" (teampairing no2=-1), and there is none; {t.team_pab_game_points}"
                                 " dropped"))


def _lineup_warnings(t: Tournament, data: bytes, warnings: list[Warning_]) -> None:
    """The file has no line-up records: a line-up is read back from the boards of the games
    (and a team bye's first players), so one that the games do not show cannot be carried."""
    if not t.lineups:
        return
    try:
        back = set(load(data).tournament.lineups)
    except FormatError:
        back = set()
    lost = [lu for lu in t.lineups if lu not in back]
    if lost:
        warnings.append(Warning_(
            f"{NAME} keeps team line-ups only as the boards of the games: {len(lost)} of"
            f" {len(t.lineups)} do not come back as given (first: round {lost[0].round},"
            f" team {lost[0].team})"))


def dump(t: Tournament, **options) -> Dumped:
    """Write ``t`` as chess-results upload XML. Options: ``key`` (tournament key), ``type``."""
    require_consistent(t, "chess-results-xml")
    require_xml_text(t, NAME)
    require_colours(t, NAME)
    warnings = dropped(t, NAME, CANNOT_CARRY)
    nrounds = max(t.rounds or 0, t.played_rounds)
    root = etree.Element("chessresults")
    tbs = _tiebreak_numbers(t, warnings)
    etree.SubElement(etree.SubElement(root, "tournamentdata"), "tournament",
                     _tournament_attrs(t, nrounds, tbs, options))
    _write_rounds(root, t, nrounds)
    board_of_member, team_of = _team_boards(t)
    _write_players(root, t, board_of_member, team_of)
    game_points = _write_pairings(root, t, team_of)
    _write_team_pairings(root, t, game_points)
    _team_warnings(t, warnings)
    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    _lineup_warnings(t, data, warnings)
    return Dumped(data, warnings)
