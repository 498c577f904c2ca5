"""DSB_DWZ_TournamentReport 2.5: the German federation's XML for DWZ submission (from 2026).

Namespace ``http://www.schachbund.de/XMLSchema``; schema ``DSB_DWZ_Tounament_2_5_1.xsd`` (sic),
shipped in ``pairchk/data/`` (a copy sits in the top-level ``formats/``). Everything written is
validated against the XSD with lxml, and :func:`validate` also checks what the XSD cannot: its
key/keyref use unprefixed XPaths in a namespaced schema, so libxml2 never enforces unique
player numbers nor game references.

Mapping (XSD annotations): played games score ``1``/``0.5``/``0``; forfeits ``+``/``-`` (not
rated); a game shorter than one move is ``+``/``-`` too (not rated under DWZ rules). Every bye is
written as a game against ``noneBlackPlayer``, which the DSB never rates, scored ``+`` for the
pairing-allocated bye, ``1``/``0.5``/``0`` for full/half/zero-point byes and ``-`` for an absence,
so that nothing is lost (the XSD allows omitting them; we keep the record complete).

>>> from pairchk.model import Player, RoundEntry, Kind, Color, Tournament
>>> t = Tournament(name="Open", city="Kiel", time_control="90/40+30", start_date="2026-07-01",
...     end_date="2026-07-01", rounds=1, players=(
...     Player(1, "Anand, Viswanathan", birth="1969", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, "Kramnik, Vladimir", birth="1975", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
>>> back = load(dump(t).data).tournament
>>> back.player(2).entry(1), back.city
(RoundEntry(kind=<Kind.LOSS: '0'>, opponent=1, color=<Color.BLACK: 'b'>), 'Kiel')
"""

from __future__ import annotations

import datetime as _dt
import uuid
from decimal import Decimal
from functools import lru_cache
from importlib import resources

from lxml import etree

from .. import __version__
from ..errors import FormatError, PairchkError, Warning_
from ..model import Color, Kind, NOT_PAIRED, Player, RoundEntry, Tournament
from . import Dumped, Loaded
from .boards import round_entries, require_colours, require_consistent, require_opponents
from .carry import LONE_FORFEITS, without_lone_forfeit, dropped
from ._dsb import (
    MissingDataError, absent_gaps, birth_date, birth_year, dsb_id, member_no, required_gaps,
    notes as _notes, refuse_unknown_options, round_dates, split_name, tournament_uuid, vkz,
    with_iso_dates,
)
from .limits import check_number, check_round
from ._xmlsafe import parse, sniff_root, require_xml_text

NAME = "dsb-xml"
EXTENSIONS = (".dsb.xml",)
CAN_READ = True
CAN_WRITE = True
DECLARES_SCORING = False  # totals without a point system: inferred from the totals (declared.py)
NS = "http://www.schachbund.de/XMLSchema"
XSD_NAME = "DSB_DWZ_Tounament_2_5_1.xsd"
OPTIONS = {
    "tournament_uuid": "UUID of the tournament (reuse it for a corrected file)",
    "type": "tournamentType: SR SW SC TR TW TC, or with -H for hybrid events",
    "sender": "header sender (default: chief arbiter; no header when neither is known)",
    "url": "tournament web page", "notes": "free notes", "age_class": "age group (ageClass)",
}
CANNOT_CARRY = [
    *LONE_FORFEITS,  # a forfeit naming no opponent is written as the bye it scores like
    "names.as_written",
    "tournament.round_dates",  # the dates as written in the source; ISO dates are carried
    "tournament.federation", "tournament.chief_arbiter", "tournament.deputy_arbiters",
    "tournament.system", "tournament.system_text",
    "tournament.time_control_encoded", "tournament.acceleration", "tournament.scoring",
    "tournament.initial_color", "tournament.tiebreaks", "tournament.forbidden_pairs",
    "tournament.declared_byes", "tournament.teams", "tournament.lineups", "tournament.team_matches",
    "tournament.abnormal_points", "tournament.starting_rank_method", "tournament.pairing_controller",
    "tournament.board_colors", "tournament.team_scoring", "tournament.declared_players",
    "tournament.declared_rated", "tournament.declared_teams", "tournament.extra_records",
    "tournament.tiebreak_text", "tournament.team_pab_match_points", "tournament.team_pab_game_points",
    "player.title", "player.federation", "player.points", "player.rank",
    "player.national_rating", "player.national_ratings", "player.national_id",
    "player.team", "player.status", "player.extra",
    "entries.short_games_unrated", "entries.forfeit_without_color",
]
_TYPES = {"SR", "SW", "SC", "TR", "TW", "TC", "SR-H", "SW-H", "SC-H", "TR-H", "TW-H", "TC-H"}
_HINT = "a DSB_DWZ_TournamentReport 2.5 document (namespace http://www.schachbund.de/XMLSchema)"


def detect(data: bytes) -> bool:
    return sniff_root(data) == (NS, "DSB_DWZ_TournamentReport")


@lru_cache(maxsize=1)
def schema() -> etree.XMLSchema:
    """The DSB 2.5.1 XSD, loaded from the package data (works from a checkout and when installed)."""
    data = resources.files("pairchk").joinpath("data", XSD_NAME).read_bytes()
    return etree.XMLSchema(etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True)))


def validate(data: bytes) -> list[str]:
    """Problems of a DSB 2.5 document: XSD errors plus the checks the XSD's key/keyref miss.

    >>> validate(b'<x/>')[0].startswith("line 1: Element 'x'")
    True
    """
    try:
        root = parse(data)
    except FormatError as exc:
        return [str(exc)]
    s = schema()
    try:
        valid = s.validate(root.getroottree())
    except etree.XMLSchemaValidateError as exc:  # libxml2 gives up on some broken trees
        return [f"the XSD check failed on this document ({exc})"]
    problems = [] if valid else [f"line {e.line}: {e.message}" for e in s.error_log]
    q = f"{{{NS}}}"
    numbers: dict[str, int] = {}
    for p in root.iterfind(f"{q}players/{q}player"):
        n = (p.findtext(f"{q}tournamentPlayerNumber") or "").strip()
        if n in numbers:
            problems.append(f"line {p.sourceline}: tournamentPlayerNumber {n} used twice"
                            f" (first on line {numbers[n]})")
        numbers.setdefault(n, p.sourceline)
    rounds = (root.findtext(f"{q}tournament/{q}rounds") or "").strip()
    seen: dict[tuple[str, str], int] = {}
    for g in root.iterfind(f"{q}games/{q}game"):
        rnd = (g.findtext(f"{q}round") or "").strip()
        if rounds.isdecimal() and rnd.isdecimal() and int(rnd) > int(rounds):
            problems.append(f"line {g.sourceline}: game in round {rnd} beyond tournament rounds {rounds}")
        for side in ("White", "Black"):
            n = g.findtext(f"{q}tournamentPlayerNumber{side}")
            if n is None:
                continue
            n = n.strip()
            if n not in numbers:
                problems.append(f"line {g.sourceline}: tournamentPlayerNumber{side} {n} is not a player")
            if (rnd, n) in seen:
                problems.append(f"line {g.sourceline}: player {n} plays twice in round {rnd}"
                                f" (also line {seen[(rnd, n)]})")
            seen[(rnd, n)] = g.sourceline
        pts = [g.findtext(f"{q}point{s}") for s in ("White", "Black")]
        played = [Decimal(x) for x in pts if x in ("0", "0.5", "1")]
        if sum(played, Decimal(0)) > 1:
            problems.append(f"line {g.sourceline}: points {pts[0]}:{pts[1]} add up to more than 1")
    return problems


def _tournament_type(t: Tournament, given: str | None) -> str:
    if given:
        if given.upper() not in _TYPES:
            raise PairchkError(f"dsb-xml type {given!r} unknown; expected one of {', '.join(sorted(_TYPES))}")
        return given.upper()
    text = f"{t.system} {t.system_text}".lower()
    kind = "R" if any(w in text for w in ("round robin", "round-robin", "berger", "rundenturnier")) else (
        "C" if any(w in text for w in ("knockout", "knock-out", "k.o.", "pokal")) else "W")
    return ("T" if t.teams else "S") + kind


def games(t: Tournament, *, byes: bool) -> list[tuple]:
    """(round, white, black, point_white, point_black) of every game; with ``byes``, every bye is
    a game against nobody (``black`` None) scored ``+`` PAB, ``1`` full, ``0.5`` half, ``0`` zero
    bye, ``-`` absent. Colourless forfeits give white to the lower starting number."""
    require_opponents(t, "dsb-xml")
    out: list[tuple[int, int, int | None, str, str]] = []
    for p in t.players:
        for r, e in enumerate(p.entries, 1):
            e = without_lone_forfeit(e)
            k = e.kind
            if k.is_bye:
                if byes:
                    out.append((r, p.number, None, _BYE_POINT[k], "-"))
                continue
            if not k.has_opponent or k is Kind.PENDING:
                continue
            opp = t.player(e.opponent).entry(r) if e.opponent in t.by_number else NOT_PAIRED
            assert e.opponent is not None  # refused above (require_opponents)
            white = e.color is Color.WHITE if e.color is not Color.NONE else p.number < e.opponent
            if white:
                out.append((r, p.number, e.opponent, _point(k), _point(opp.kind)))
    out.sort(key=lambda g: (g[0], g[1]))
    return out


_BYE_POINT = {Kind.PAB: "+", Kind.FULL_BYE: "1", Kind.HALF_BYE: "0.5", Kind.ZERO_BYE: "0", Kind.ABSENT: "-"}


def _point(k: Kind) -> str:
    return {Kind.WIN: "1", Kind.DRAW: "0.5", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-",
            Kind.WIN_SHORT: "+", Kind.LOSS_SHORT: "-", Kind.DRAW_SHORT: "-"}.get(k, "-")


def _rounds_and_games(t: Tournament) -> tuple[int, list[tuple]]:
    """The number of rounds and the games (byes as games against nobody); raises
    :class:`MissingDataError` listing every required item missing (the XSD's and ours)."""
    gaps = required_gaps(t)
    rounds = max(t.rounds or 0, t.played_rounds)
    if rounds < 1:
        gaps.append("number of rounds (--set rounds=N)")
    game_list = games(t, byes=True)
    if not any(g[2] is not None for g in game_list):
        gaps.append("at least one game")
    if gaps:
        raise MissingDataError(NAME, gaps)
    return rounds, game_list


def _write_header(root, t: Tournament, options: dict) -> None:
    """``header``: creationDate, sender (option, else the chief arbiter; no header without
    one), system, fileUUID."""
    sender = options.get("sender") or t.chief_arbiter
    if not sender:
        return
    h = _el("header", None, root)
    _el("creationDate", _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat(), h)
    _el("sender", sender, h)
    _el("system", f"pairchk {__version__}", h)
    _el("fileUUID", str(uuid.uuid4()), h)


def _write_tournament(root, t: Tournament, rounds: int, options: dict) -> None:
    """``tournament``: tournamentUUID, label, tournamentType, timecontrol, rounds, dates,
    location, and url, notes, ageClass when given."""
    tn = _el("tournament", None, root)
    _el("tournamentUUID", tournament_uuid(t, options.get("tournament_uuid")), tn)
    _el("label", t.name, tn)
    _el("tournamentType", _tournament_type(t, options.get("type")), tn)
    _el("timecontrol", t.time_control, tn)
    _el("rounds", str(rounds), tn)
    _el("startDate", t.start_date, tn)
    _el("endDate", t.end_date, tn)
    _el("location", t.city, tn)
    notes = options.get("notes") or "\n".join(t.comments)
    for tag, value in (("url", options.get("url")), ("notes", notes), ("ageClass", options.get("age_class"))):
        if value:
            _el(tag, value, tn)


def _write_player_ids(x, p: Player, warnings: list[Warning_]) -> None:
    """``fideId``, ``fideRating``, ``sex`` of a player, each left out (with a warning) when
    the XSD would refuse it."""
    if p.fide_id.strip().isdecimal() and int(p.fide_id) > 0:
        _el("fideId", str(int(p.fide_id)), x)
    elif p.fide_id.strip():
        warnings.append(Warning_(f"player {p.number}: FIDE id {p.fide_id!r} is no FIDE number; left out"))
    if p.rating and 1 <= p.rating <= 5000:
        _el("fideRating", str(p.rating), x)
    elif p.rating:
        warnings.append(Warning_(f"player {p.number}: FIDE rating {p.rating} outside 1-5000; left out"))
    if p.sex in ("m", "w"):
        _el("sex", p.sex, x)
    elif p.sex:
        warnings.append(Warning_(f"player {p.number}: sex {p.sex!r} is neither m nor w; left out"))


def _write_player(pl, p: Player, warnings: list[Warning_]) -> None:
    """One ``players/player``: number, dsbId, names, birth, vkz, club member number, club, ids."""
    x = _el("player", None, pl)
    _el("tournamentPlayerNumber", str(p.number), x)
    if dsb_id(p):
        _el("dsbId", dsb_id(p), x)
    surname, forename = split_name(p.name)
    _el("surname", surname, x)
    _el("forename", forename, x)
    _el("dobYear", birth_year(p), x)
    if birth_date(p):
        _el("dobDate", birth_date(p), x)
    if vkz(p):
        _el("vkz", vkz(p), x)
    if member_no(p):
        _el("numberClubMember", str(member_no(p)), x)
    if p.club:
        _el("club", p.club, x)
    _write_player_ids(x, p, warnings)


def _write_games(root, t: Tournament, game_list: list[tuple]) -> None:
    """``games/game``: round, date, white, black (``noneBlackPlayer`` for a bye), points."""
    gl = _el("games", None, root)
    dates = round_dates(t)
    for rnd, w, b, pw, pb in game_list:
        g = _el("game", None, gl)
        _el("round", str(rnd), g)
        if rnd <= len(dates) and dates[rnd - 1]:
            _el("date", dates[rnd - 1], g)
        _el("tournamentPlayerNumberWhite", str(w), g)
        if b is None:
            _el("noneBlackPlayer", "true", g)
        else:
            _el("tournamentPlayerNumberBlack", str(b), g)
        _el("pointWhite", pw, g)
        _el("pointBlack", pb, g)


def dump(t: Tournament, **options) -> Dumped:
    """Write ``t`` as DSB 2.5 XML; a :class:`MissingDataError` lists every required item missing."""
    require_consistent(t, "dsb-xml")
    require_xml_text(t, NAME)
    require_colours(t, NAME)
    refuse_unknown_options(NAME, options, OPTIONS)
    t = with_iso_dates(t)
    rounds, game_list = _rounds_and_games(t)
    warnings = dropped(t, NAME, CANNOT_CARRY)
    root = etree.Element(f"{{{NS}}}DSB_DWZ_TournamentReport", nsmap={None: NS}, version="2.5")
    _write_header(root, t, options)
    _write_tournament(root, t, rounds, options)
    pl = _el("players", None, root)
    for p in t.players:
        _write_player(pl, p, warnings)
    _write_games(root, t, game_list)
    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    problems = validate(data)
    if problems:  # data the schema refuses (e.g. a malformed date): say exactly what
        raise PairchkError("dsb-xml: the document written does not validate:\n  - " + "\n  - ".join(problems))
    return Dumped(data, warnings)


def _el(tag: str, text: str | None, parent) -> etree._Element:
    el = etree.Element(f"{{{NS}}}{tag}") if parent is None else etree.SubElement(parent, f"{{{NS}}}{tag}")
    if text is not None:
        el.text = text
    return el


# --------------------------------------------------------------------------------------- load

_KIND_OF = {"1": Kind.WIN, "0.5": Kind.DRAW, "0": Kind.LOSS, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}
_BYE_OF = {v: k for k, v in _BYE_POINT.items()}


_Q = f"{{{NS}}}"


def _txt(el, tag: str) -> str:
    """The stripped text of child ``tag`` of ``el`` ("" when missing)."""
    return (el.findtext(f"{_Q}{tag}") or "").strip()


def _check_document(root, data: bytes, path: str | None) -> None:
    """The root is ``DSB_DWZ_TournamentReport`` and the document validates (first problem
    located, up to five more named in the hint)."""
    if root.tag != f"{_Q}DSB_DWZ_TournamentReport":
        raise FormatError(f"root element is {root.tag}", path=path, line=root.sourceline,
                          expected="<DSB_DWZ_TournamentReport>", hint=_HINT)
    problems = validate(data)
    if problems:
        first = problems[0]
        line = int(first.split(":")[0][5:]) if first.startswith("line ") else None
        raise FormatError(f"not a valid DSB 2.5 document: {first.split(': ', 1)[-1]}", path=path, line=line,
                          expected="a document valid against DSB_DWZ_Tounament_2_5_1.xsd",
                          hint=f"{len(problems) - 1} more: " + "; ".join(problems[1:6]) if len(problems) > 1 else None)


def _read_players(root, path: str | None) -> tuple[dict[int, dict], dict[int, int]]:
    """``players/player``: Player fields by tournamentPlayerNumber (names, dobDate or dobYear,
    club, fideId, fideRating, sex; dsbId, vkz, numberClubMember in ``extra``), and source lines."""
    players, lines = {}, {}
    for p in root.iterfind(f"{_Q}players/{_Q}player"):
        n = check_number(int(_txt(p, "tournamentPlayerNumber")), "tournamentPlayerNumber", path=path,
                         line=p.sourceline)
        sur, fore = _txt(p, "surname"), _txt(p, "forename")
        name = sur if fore == sur or not fore else f"{sur}, {fore}"
        dob = _txt(p, "dobDate")
        ex = tuple((k, v) for k, v in (("dsb.id", _txt(p, "dsbId")), ("dsb.vkz", _txt(p, "vkz")),
                                       ("dsb.member", _txt(p, "numberClubMember"))) if v)
        players[n] = dict(number=n, name=name, birth=dob.replace("-", "/") if dob else _txt(p, "dobYear"),
                          club=_txt(p, "club"), fide_id=_txt(p, "fideId"),
                          rating=int(_txt(p, "fideRating")) if _txt(p, "fideRating") else None,
                          sex=_txt(p, "sex"), extra=ex)
        lines[n] = p.sourceline
    return players, lines


def _read_games(root, players: dict[int, dict], path: str | None
                ) -> tuple[dict[int, dict[int, RoundEntry]], dict[int, str]]:
    """``games/game``: each player's entries by round (a game without a black player is a
    bye), and the first date given for each round."""
    entries: dict[int, dict[int, RoundEntry]] = {n: {} for n in players}
    dates: dict[int, str] = {}
    for g in root.iterfind(f"{_Q}games/{_Q}game"):
        r = check_round(int(_txt(g, "round")), "game round", path=path, line=g.sourceline)
        if _txt(g, "date"):
            dates.setdefault(r, _txt(g, "date"))
        w, b = _txt(g, "tournamentPlayerNumberWhite"), _txt(g, "tournamentPlayerNumberBlack")
        pw, pb = _txt(g, "pointWhite"), _txt(g, "pointBlack")
        if w and b:
            entries[int(w)][r] = RoundEntry(_KIND_OF[pw], int(b), Color.WHITE)
            entries[int(b)][r] = RoundEntry(_KIND_OF[pb], int(w), Color.BLACK)
        elif w:
            entries[int(w)][r] = RoundEntry(_BYE_OF[pw])
        elif b:
            entries[int(b)][r] = RoundEntry(_BYE_OF[pb])
    return entries, dates


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a DSB 2.5 document (validated against the XSD; problems are located errors)."""
    root = parse(data, path=path)
    _check_document(root, data, path)
    tn = root.find(f"{_Q}tournament")
    players, lines = _read_players(root, path)
    entries, dates = _read_games(root, players, path)
    rounds = check_round(int(_txt(tn, "rounds")), "rounds", path=path, line=tn.sourceline, allow_zero=True)
    plist = [Player(entries=tuple(absent_gaps(round_entries(entries[n], rounds))), **players[n])
             for n in sorted(players)]
    iso_dates = tuple(dates.get(r, "") for r in range(1, max(dates, default=0) + 1))
    t = Tournament(
        name=_txt(tn, "label"), city=_txt(tn, "location"), time_control=_txt(tn, "timecontrol"),
        rounds=rounds, start_date=_txt(tn, "startDate"), end_date=_txt(tn, "endDate"),
        round_dates_iso=iso_dates, comments=_notes(tn.findtext(f"{_Q}notes")),
        players=tuple(plist))
    meta = {"tournament_uuid": _txt(tn, "tournamentUUID"), "type": _txt(tn, "tournamentType")}
    return Loaded(t, [], lines=lines, meta=meta)
