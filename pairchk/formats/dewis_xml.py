"""DeWIS XML: the older DSB import format for DWZ rating (before DSB 2.5), read and write.

No schema or instance document is public (``tournamentImport.xsd`` was never retrieved); the
element layout follows the one writer whose source is public, ChessLeagueManager
(``com_clm:admin/models/auswertung.php``, format 2)::

    <dewis><tournamentSection><tournament>label type rounds endDate notes</tournament>
      <appointments><appointment>round matchday matchtime</appointment>…</appointments>
    </tournamentSection><playerSection><players><player>noPlayer id surname forename dob vkz
      club noMember idFide rating</player>…</players>
      <games><game>round noWhite noBlack result</game>…</games></playerSection>
    [<teamSection>…</teamSection>]</dewis>

``dob`` is the birth year, ``rating`` the DWZ, ``id`` the PKZ; results ``1:0 0:1 ½:½ 0:0 +:- -:+ -:-``.
Byes have no opponent and no place in ``games`` (left out, with a warning); a game shorter
than one move is written ``+:-`` (not rated). Unverified against DeWIS itself.

>>> from pairchk.model import Player, RoundEntry, Kind, Color, Tournament
>>> t = Tournament(name="Open", end_date="2026-07-01", rounds=1, players=(
...     Player(1, "Anand, Vishy", birth="1969", entries=(RoundEntry(Kind.DRAW, 2, Color.WHITE),)),
...     Player(2, "Carlsen, Magnus", birth="1990", entries=(RoundEntry(Kind.DRAW, 1, Color.BLACK),))))
>>> b"<result>\\xc2\\xbd:\\xc2\\xbd</result>" in dump(t).data
True
"""

from __future__ import annotations

from lxml import etree

from ..errors import FormatError
from ..model import Color, Kind, Player, RoundEntry, Team, Tournament
from . import Dumped, Loaded
from .boards import round_entries, require_colours, require_consistent
from .limits import MAX_ROUND, check_number, check_round
from .carry import LONE_FORFEITS, dropped
from ._dsb import (
    MissingDataError, absent_gaps, birth_year, dsb_id, member_no, refuse_unknown_options, required_gaps,
    round_dates, notes as _notes, split_name, vkz, with_iso_dates,
)
from ._xmlsafe import root_and_child, sniff_root, require_xml_text
from .dsb_xml import _tournament_type, games

NAME = "dewis-xml"
EXTENSIONS = (".dewis.xml",)
CAN_READ = True
CAN_WRITE = True
DECLARES_SCORING = False  # totals without a point system: inferred from the totals (declared.py)
OPTIONS = {"type": "tournament type: SR SW SC TR TW TC", "notes": "free notes"}
CANNOT_CARRY = [
    *LONE_FORFEITS,  # a forfeit naming no opponent is written as the bye it scores like
    "names.as_written",
    "tournament.round_dates",  # the dates as written in the source; ISO dates are carried
    "tournament.city", "tournament.federation", "tournament.start_date", "tournament.time_control",
    "tournament.system", "tournament.system_text",
    "tournament.time_control_encoded", "tournament.chief_arbiter", "tournament.deputy_arbiters",
    "tournament.acceleration", "tournament.scoring", "tournament.initial_color", "tournament.tiebreaks",
    "tournament.forbidden_pairs", "tournament.declared_byes", "tournament.abnormal_points",
    "tournament.starting_rank_method", "tournament.pairing_controller", "tournament.board_colors",
    "tournament.team_scoring", "tournament.declared_players", "tournament.declared_rated",
    "tournament.declared_teams", "tournament.extra_records", "tournament.tiebreak_text",
    "tournament.lineups", "tournament.team_matches", "tournament.team_pab_match_points",
    "tournament.team_pab_game_points",
    "team.nickname", "team.strength", "team.match_points", "team.game_points", "team.rank",
    "player.title", "player.rating", "player.federation", "player.points",
    "player.rank", "player.sex", "player.national_ratings", "player.national_id", "player.team",
    "player.status", "player.extra", "birth.day_month",
    "entries.byes", "entries.short_games_unrated", "entries.forfeit_without_color",
]
_RESULT = {("1", "0"): "1:0", ("0", "1"): "0:1", ("0.5", "0.5"): "½:½", ("0", "0"): "0:0",
           ("+", "-"): "+:-", ("-", "+"): "-:+", ("-", "-"): "-:-", ("0.5", "0"): "½:0",
           ("0", "0.5"): "0:½", ("0", "-"): "0:-", ("-", "0"): "-:0"}
_HINT = "a DeWIS XML document (<dewis> with tournamentSection and playerSection)"


def detect(data: bytes) -> bool:
    return sniff_root(data) == ("", "dewis")


def _sub(parent, tag: str, text=None):
    el = etree.SubElement(parent, tag)
    if text is not None:
        el.text = str(text)
    return el


def _write_tournament(root, t: Tournament, options: dict) -> None:
    """``tournamentSection``: tournament (label, type, rounds, endDate, notes) and the
    appointments (round dates)."""
    ts = _sub(root, "tournamentSection")
    tn = _sub(ts, "tournament")
    _sub(tn, "label", t.name)
    _sub(tn, "type", _tournament_type(t, options.get("type")))
    _sub(tn, "rounds", max(t.rounds or 0, t.played_rounds))
    _sub(tn, "endDate", t.end_date)
    _sub(tn, "notes", options.get("notes") or "\n".join(t.comments) or "pairchk")
    ap = _sub(ts, "appointments")
    for r, d in enumerate(round_dates(t), 1):
        if d:
            a = _sub(ap, "appointment")
            _sub(a, "round", r)
            _sub(a, "matchday", d)
            _sub(a, "matchtime", "")


def _write_players(root, t: Tournament, game_list: list[tuple]) -> None:
    """``playerSection``: players (noPlayer, id, names, dob, vkz, club, noMember, idFide,
    rating) and games (round, noWhite, noBlack, result)."""
    ps = _sub(root, "playerSection")
    pl = _sub(ps, "players")
    for p in t.players:
        x = _sub(pl, "player")
        surname, forename = split_name(p.name)
        for tag, value in (("noPlayer", p.number), ("id", dsb_id(p)), ("surname", surname),
                           ("forename", forename), ("dob", birth_year(p)), ("vkz", vkz(p)), ("club", p.club),
                           ("noMember", member_no(p) or ""), ("idFide", p.fide_id),
                           ("rating", p.national_rating or "")):
            _sub(x, tag, value)
    gl = _sub(ps, "games")
    for rnd, w, b, pw, pb in game_list:
        g = _sub(gl, "game")
        _sub(g, "round", rnd)
        _sub(g, "noWhite", w)
        _sub(g, "noBlack", b)
        _sub(g, "result", _RESULT.get((pw, pb), "-:-"))


def _write_teams(root, t: Tournament) -> None:
    """``teamSection`` (team events): teams (lot, teamName, lineup) and the encounter's plays."""
    if not t.teams:
        return
    tsec = _sub(root, "teamSection")
    teams = _sub(tsec, "teams")
    for tm in t.teams:
        te = _sub(teams, "team")
        _sub(te, "lot", tm.number)
        _sub(te, "teamName", tm.name)
        lu = _sub(te, "lineup")
        for n in tm.members:
            _sub(lu, "noPlayer", n)
    enc = _sub(tsec, "encounter")
    for m in t.team_matches:
        if m.away is None:
            continue
        play = _sub(enc, "play")
        _sub(play, "round", m.round)
        _sub(play, "noHomeTeam", m.home)
        _sub(play, "noGuestTeam", m.away)
        _sub(play, "pointsHome", "")
        _sub(play, "pointsGuest", "")


def dump(t: Tournament, **options) -> Dumped:
    """Write DeWIS XML; a :class:`MissingDataError` lists every required item missing."""
    require_consistent(t, "dewis-xml")
    require_xml_text(t, NAME)
    require_colours(t, NAME)
    refuse_unknown_options(NAME, options, OPTIONS)
    t = with_iso_dates(t)
    gaps = required_gaps(t, need_start=False, need_place=False, need_timecontrol=False)
    game_list = games(t, byes=False)
    if gaps:
        raise MissingDataError(NAME, gaps)
    warnings = dropped(t, NAME, CANNOT_CARRY)
    root = etree.Element("dewis", nsmap={"xsi": "http://www.w3.org/2001/XMLSchema-instance",
                                         "dwz": "https://dwz.svw.info/services/files/xml/tournamentImport.xsd"})
    _write_tournament(root, t, options)
    _write_players(root, t, game_list)
    _write_teams(root, t)
    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    return Dumped(data, warnings)


_SIDE = {"1": Kind.WIN, "0": Kind.LOSS, "½": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}


def _txt(el, tag: str) -> str:
    """The stripped text of child ``tag`` ("" when missing)."""
    return (el.findtext(tag) or "").strip()


def _num(el, tag: str, path: str | None) -> int:
    """The whole number in child ``tag``."""
    v = _txt(el, tag)
    if not v.isdecimal():
        raise FormatError(f"<{tag}> is {v!r}", path=path, line=el.sourceline,
                          expected=f"a number in <{tag}>", hint=_HINT)
    return int(v)


def _read_players(root, path: str | None) -> tuple[dict[int, dict], dict[int, int]]:
    """``playerSection/players/player``: Player fields by noPlayer, and source lines."""
    players, lines = {}, {}
    for p in root.iterfind("playerSection/players/player"):
        n = check_number(_num(p, "noPlayer", path), "noPlayer", path=path, line=p.sourceline)
        if n in players:
            raise FormatError(f"noPlayer {n} appears twice", path=path, line=p.sourceline,
                              expected="unique player numbers", hint=_HINT)
        sur, fore = _txt(p, "surname"), _txt(p, "forename")
        ex = tuple((k, v) for k, v in (("dsb.id", _txt(p, "id")), ("dsb.vkz", _txt(p, "vkz")),
                                       ("dsb.member", _txt(p, "noMember"))) if v)
        players[n] = dict(number=n, name=sur if not fore or fore == sur else f"{sur}, {fore}",
                          birth=_txt(p, "dob"), club=_txt(p, "club"), fide_id=_txt(p, "idFide"),
                          national_rating=int(_txt(p, "rating")) if _txt(p, "rating").isdecimal() else None,
                          extra=ex)
        lines[n] = p.sourceline
    return players, lines


def _read_games(root, players: dict[int, dict], path: str | None) -> dict[int, dict[int, RoundEntry]]:
    """``playerSection/games/game``: round, noWhite, noBlack, result ``<white>:<black>``."""
    entries: dict[int, dict[int, RoundEntry]] = {n: {} for n in players}
    for g in root.iterfind("playerSection/games/game"):
        r, w, b = _num(g, "round", path), _num(g, "noWhite", path), _num(g, "noBlack", path)
        check_round(r, "game round", path=path, line=g.sourceline)
        res = _txt(g, "result").split(":")
        for who in (w, b):
            if who not in players:
                raise FormatError(f"game round {r}: player {who} is not in <players>", path=path,
                                  line=g.sourceline, expected="a noPlayer of <players>", hint=_HINT)
        if len(res) != 2 or res[0] not in _SIDE or res[1] not in _SIDE:
            raise FormatError(f"game round {r}: result {_txt(g, 'result')!r}", path=path, line=g.sourceline,
                              expected="1:0, 0:1, ½:½, +:-, -:+ or -:-", hint=_HINT)
        entries[w][r] = RoundEntry(_SIDE[res[0]], b, Color.WHITE)
        entries[b][r] = RoundEntry(_SIDE[res[1]], w, Color.BLACK)
    return entries


def _round_dates_in(root) -> tuple[str, ...]:
    """``appointments/appointment``: the matchday of each round (ISO), by round."""
    dates = {int(_txt(a, "round")): _txt(a, "matchday")
             for a in root.iterfind("tournamentSection/appointments/appointment")
             if _txt(a, "round").isdecimal() and 1 <= int(_txt(a, "round")) <= MAX_ROUND}
    return tuple(dates.get(r, "") for r in range(1, max(dates, default=0) + 1))


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a DeWIS XML document."""
    root, tn = root_and_child(data, path, "dewis", "tournamentSection/tournament",
                              missing="no tournamentSection/tournament",
                              expected_child="<tournamentSection><tournament>", hint=_HINT)
    players, lines = _read_players(root, path)
    entries = _read_games(root, players, path)
    rounds = check_round(_num(tn, "rounds", path), "rounds", path=path, line=tn.sourceline, allow_zero=True)
    plist = [Player(entries=tuple(absent_gaps(round_entries(entries[n], rounds))), **players[n])
             for n in sorted(players)]
    iso = _round_dates_in(root)
    teams = tuple(Team(number=_num(te, "lot", path), name=_txt(te, "teamName"),
                       members=tuple(int(x.text) for x in te.iterfind("lineup/noPlayer")
                                     if (x.text or "").strip().isdecimal()))
                  for te in root.iterfind("teamSection/teams/team"))
    t = Tournament(name=_txt(tn, "label"), end_date=_txt(tn, "endDate"), rounds=rounds,
                   round_dates_iso=iso, teams=teams, players=tuple(plist),
                   comments=tuple(x for x in _notes(tn.findtext("notes")) if x != "pairchk"))
    return Loaded(t, [], lines=lines, meta={"type": _txt(tn, "type")})
