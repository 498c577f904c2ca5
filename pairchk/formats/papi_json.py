"""Papi-JSON: the JSON form of FFE Papi tournaments (Sharly-Chess/papi-converter), read and write.

``{"variables": {name, type, rounds, pairing, timeControl, tiebreak1-3, pointSystem, venue,
startDate, endDate, arbiter, ...}, "players": [{lastName, firstName, gender, birthDate
"DD/MM/YYYY", elo, federation, club, fideCode, fideTitle, ..., rounds: {"1": {color, opponent,
result}}}]}`` (papi-converter README.md and java/PlayerConverter.java). ``opponent`` is the
0-based index of the opponent in ``players``; the legacy form has ``rounds`` as an array.
``players`` is in registration order; a player's starting number is its place in Papi's
pairing order (rating, then name: see :func:`_pairing_order`). The writer writes players in
starting-number order and says so with ``"pairingOrder": "players"`` in ``variables``, so a
file written by pairchk reads back with the same numbers.

Colours: ``B`` blanc = white, ``N`` noir = black, ``F`` forfeit (no colours), ``R`` not
played (the README's colour lines are garbled; the letters are the French initials, as in
docs/formats.md). Results, from the player's side: 0 none, 1 loss, 2 draw, 3 win, 4 forfeit
loss, 5 double forfeit, 6 forfeit win (without opponent: the EXEMPT bye), 7 zero-point bye,
8 half-point bye, 9 pairing-allocated bye, 10 full-point bye, 11-13 unrated loss/draw/win,
14 rest game.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(name="Open", players=(
...     Player(1, "Aubry, Pascal", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, "Plat, Sammy", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
>>> import json; json.loads(dump(t).data)["players"][1]["rounds"]
{'1': {'color': 'N', 'opponent': 0, 'result': 1}}
>>> load(dump(t).data).tournament.player(2).entries
(RoundEntry(kind=<Kind.LOSS: '0'>, opponent=1, color=<Color.BLACK: 'b'>),)
"""

from __future__ import annotations

import functools
import json
import re

from ..errors import FormatError, Warning_
from ..model import Color, Kind, Player, RoundEntry, Tournament
from . import Dumped, Loaded, carry
from .boards import EntryTable, require_consistent
from .fields import birth_from_german, join_name, parse_json, sniff_json, split_name

NAME = "papi-json"
EXTENSIONS = (".papi.json",)
CAN_READ = True
CAN_WRITE = True
DECLARES_SCORING = False  # totals without a point system: inferred from the totals (declared.py)
CANNOT_CARRY = [
    "names.as_written",
    "tournament.federation",
    "tournament.round_dates",
    "tournament.round_dates_iso",
    "tournament.tiebreak_text",
    "tournament.deputy_arbiters",
    "tournament.time_control_encoded",
    "tournament.system",
    "tournament.acceleration",
    "tournament.scoring",
    "tournament.initial_color",
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
    "player.points",
    "player.rank",
    "player.national_rating",
    "player.national_ratings",
    "player.team",
    "player.status",
    "entries.forfeit_win_without_opponent",
]

_RESULT_IN = {1: Kind.LOSS, 2: Kind.DRAW, 3: Kind.WIN, 4: Kind.FORFEIT_LOSS, 5: Kind.FORFEIT_LOSS,
              6: Kind.FORFEIT_WIN, 7: Kind.ZERO_BYE, 8: Kind.HALF_BYE, 9: Kind.PAB,
              10: Kind.FULL_BYE, 11: Kind.LOSS_SHORT, 12: Kind.DRAW_SHORT, 13: Kind.WIN_SHORT,
              14: Kind.ABSENT}
_RESULT_OUT = {Kind.LOSS: 1, Kind.DRAW: 2, Kind.WIN: 3, Kind.FORFEIT_LOSS: 4,
               Kind.FORFEIT_WIN: 6, Kind.ZERO_BYE: 7, Kind.HALF_BYE: 8, Kind.PAB: 9,
               Kind.FULL_BYE: 10, Kind.LOSS_SHORT: 11, Kind.DRAW_SHORT: 12, Kind.WIN_SHORT: 13,
               Kind.ABSENT: 0, Kind.PENDING: 0}
_COLOR_IN = {"B": Color.WHITE, "N": Color.BLACK, "F": Color.NONE, "R": Color.NONE, "": Color.NONE}
_COLOR_OUT = {Color.WHITE: "B", Color.BLACK: "N"}
# player keys carried as they are (Player.extra), in papi-converter's spelling
_EXTRA_KEYS = ("rapidElo", "blitzElo", "fideElo", "fideRapidElo", "fideBlitzElo", "refFFE", "nr",
               "category", "league", "licenceType", "paid", "owed", "fixedBoard", "checkedIn",
               "address", "postalCode", "phone", "email", "comment")
_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
# written by pairchk into "variables": the players array is already in starting-number order
# (a key Papi and papi-converter do not know, and ignore)
ORDER_KEY = "pairingOrder"


def detect(data: bytes) -> bool:
    """A JSON object with ``variables`` (an object) and ``players`` (an array)."""
    doc = sniff_json(data)
    return (isinstance(doc, dict) and isinstance(doc.get("variables"), dict)
            and isinstance(doc.get("players"), list))


def _iso(date: str) -> str:
    m = _DATE.match(date.strip())
    return f"{m.group(3)}-{int(m.group(2)):02d}-{int(m.group(1)):02d}" if m else date.strip()


def _papi_date(date: str) -> str:
    m = re.match(r"^(\d{4})[-/.](\d{2})[-/.](\d{2})$", date.strip())
    return f"{m.group(3)}/{m.group(2)}/{m.group(1)}" if m else date.strip()


# ---------------------------------------------------------------- writing


def _variables(t: Tournament, warnings: list[Warning_]) -> dict:
    """``variables``: name, the pairing-order mark, type, rounds, timeControl, venue, dates
    (DD/MM/YYYY), arbiter, tiebreak1-3."""
    variables: dict = {"name": t.name, ORDER_KEY: "players"}
    for key, value in (("type", t.system_text), ("rounds", str(t.rounds or "")),
                       ("timeControl", t.time_control), ("venue", t.city),
                       ("startDate", _papi_date(t.start_date)), ("endDate", _papi_date(t.end_date)),
                       ("arbiter", t.chief_arbiter)):
        if value:
            variables[key] = value
    for name in ("start_date", "end_date"):
        value = getattr(t, name)
        if value and _papi_date(value) == value.strip():
            warnings.append(Warning_(f"{NAME}: tournament.{name} {value!r} is not an ISO date;"
                                     " written as found (Papi reads DD/MM/YYYY)"))
    for i, tb in enumerate(t.tiebreaks[:3], 1):
        variables[f"tiebreak{i}"] = tb
    if len(t.tiebreaks) > 3:
        warnings.append(Warning_(f"{NAME} holds three tie-breaks; {', '.join(t.tiebreaks[3:])} dropped"))
    return variables


def _round_record(t: Tournament, p: Player, rnd: int, e: RoundEntry, index: dict[int, int]) -> dict:
    """``rounds["<n>"]``: color (B/N/F), opponent (0-based index), result code."""
    rec: dict = {}
    if e.kind.has_opponent and e.opponent in index:
        rec["color"] = _COLOR_OUT.get(e.color, "F")
        rec["opponent"] = index[e.opponent]
        result = _RESULT_OUT[e.kind]
        if e.kind is Kind.FORFEIT_LOSS:
            other = t.by_number[e.opponent].entry(rnd)
            if other.kind is Kind.FORFEIT_LOSS and other.opponent == p.number:
                result = 5  # double forfeit
        rec["result"] = result
    elif e.kind is Kind.ABSENT:
        rec = {"color": "F", "result": 0}  # unpaired, no points: as Sharly-Chess writes it
    elif e.kind is Kind.FORFEIT_WIN:
        rec["result"] = 10  # a forfeit win against nobody: 6 would read as EXEMPT (PAB)
    else:
        rec["result"] = _RESULT_OUT[e.kind]
    return rec


def _player_record(t: Tournament, p: Player, index: dict[int, int], warnings: list[Warning_]) -> dict:
    """One ``players[]`` object: names, gender, birthDate, elo, federation, club, fideCode,
    fideTitle, nrFFE, the Papi keys of ``Player.extra``, rounds."""
    last, first = split_name(p.name)
    out: dict = {"lastName": last, "firstName": first}
    if p.sex:
        out["gender"] = {"m": "M", "w": "F"}.get(p.sex, p.sex.upper())
    if p.birth:
        out["birthDate"] = _papi_date(p.birth)  # DD/MM/YYYY, as Papi requires
    if p.rating is not None:
        out["elo"] = p.rating
    for key, value in (("federation", p.federation), ("club", p.club), ("fideCode", p.fide_id),
                       ("fideTitle", p.title), ("nrFFE", p.national_id)):
        if value:
            out[key] = value
    for key, value in p.extra:
        if key in _EXTRA_KEYS:
            out[key] = _extra_out(value)
    other = [k for k, _ in p.extra if k not in _EXTRA_KEYS]
    if other:  # fields of another format (e.g. a DSB PKZ) have no Papi key
        warnings.append(Warning_(f"{NAME} cannot carry player.extra (format-specific player"
                                 f" fields): player {p.number} {', '.join(other)} dropped"))
    rounds = {str(rnd): _round_record(t, p, rnd, e, index)
              for rnd, e in enumerate(p.entries, 1) if e.kind is not Kind.NOT_PAIRED}
    if rounds:
        out["rounds"] = rounds
    return out


def dump(t: Tournament, **_options) -> Dumped:
    """Write ``t`` as Papi-JSON (rounds as the dictionary form of papi-converter 2.0)."""
    require_consistent(t, "papi-json")
    warnings = carry.dropped(t, NAME, CANNOT_CARRY)
    index = {p.number: i for i, p in enumerate(t.players)}
    if [p.number for p in t.players] != list(range(1, len(t.players) + 1)):
        warnings.append(Warning_(f"{NAME}: starting numbers are positions in the player list;"
                                 " players renumbered 1..n"))
    variables = _variables(t, warnings)
    players = [_player_record(t, p, index, warnings) for p in t.players]
    text = json.dumps({"variables": variables, "players": players}, ensure_ascii=False, indent=2)
    return Dumped((text + "\n").encode("utf-8"), warnings)


def _extra_out(value: str):
    if value in ("true", "false"):
        return value == "true"
    if re.fullmatch(r"-?[1-9]\d*|0", value):  # "0123456789" (a phone number) stays text
        return int(value)
    return value


# ---------------------------------------------------------------- reading


def _fail(path: str | None, where: str, message: str, expected: str, line: int | None = None,
          col: int | None = None) -> FormatError:
    return FormatError(f"{where}: {message}" if where else message, path=path, line=line,
                       column=col, expected=expected,
                       hint="Papi-JSON has {\"variables\": {...}, \"players\": [...]}")


def _round_items(pl: dict, where: str, fail) -> list[tuple[str, object]]:
    """``rounds`` of a player as (round key, record): the dictionary form or the legacy array."""
    rounds = pl.get("rounds") or {}
    if isinstance(rounds, list):
        return [(str(r), v) for r, v in enumerate(rounds, 1)]
    if isinstance(rounds, dict):
        return list(rounds.items())
    raise fail(f"{where}.rounds", f"found {type(rounds).__name__}", "an object or array")


def _read_rounds(pl: dict, i: int, n: int, where: str, table: EntryTable, fail) -> None:
    """The entries of player ``i`` (of ``n``) from its ``rounds``, into ``table``."""
    for key, rec in _round_items(pl, where, fail):
        rw = f"{where}.rounds[{key!r}]"
        if not str(key).isdecimal() or not 1 <= int(key) <= 99:
            raise fail(rw, f"round {key!r}", "a round number 1..99")
        if not isinstance(rec, dict):
            raise fail(rw, f"found {type(rec).__name__}", "an object {color, opponent, result}")
        entry = _entry(rec, n, i, rw, fail)
        if entry is not None:
            table.set(i + 1, int(key), entry)


def _read_player(pl: dict, number: int, where: str, fail) -> Player:
    """One ``players[]`` object (no entries yet): names, gender, fideTitle, elo, federation,
    fideCode, birthDate, nrFFE, club, and the Papi keys kept in ``Player.extra``."""
    extra = tuple((k, _extra_in(pl[k])) for k in _EXTRA_KEYS if k in pl and pl[k] is not None)
    rating = pl.get("elo")
    if rating is not None and not isinstance(rating, int):
        if isinstance(rating, str) and rating.strip().isdecimal():
            rating = int(rating)
        else:
            raise fail(f"{where}.elo", f"found {rating!r}", "a whole number")
    gender = str(pl.get("gender") or "").upper()
    return Player(
        number=number,
        name=join_name(str(pl.get("lastName") or ""), str(pl.get("firstName") or "")),
        sex={"M": "m", "F": "w"}.get(gender, gender.lower()),
        title=str(pl.get("fideTitle") or ""),
        rating=rating or None,
        federation=str(pl.get("federation") or ""),
        fide_id=str(pl.get("fideCode") or ""),
        birth=birth_from_german(str(pl.get("birthDate") or "").replace("/", ".")),
        national_id=str(pl.get("nrFFE") or ""),
        club=str(pl.get("club") or ""),
        extra=extra,
    )


def _read_players(raw: list, fail) -> list[Player]:
    """``players``, numbered by their place in the array, with their entries."""
    table = EntryTable()
    players = []
    for i, pl in enumerate(raw):
        where = f"$.players[{i}]"
        if not isinstance(pl, dict):
            raise fail(where, f"found {type(pl).__name__}", "a player object")
        _read_rounds(pl, i, len(raw), where, table, fail)
        players.append(_read_player(pl, i + 1, where, fail))
    return [p.replace(entries=table.entries(p.number)) for p in players]


def _tournament(var: dict, players: list[Player]) -> Tournament:
    """The ``variables``: name, venue, startDate/endDate (DD/MM/YYYY), arbiter, timeControl,
    rounds, type, tiebreak1-3."""
    tiebreaks = tuple(str(var[k]) for k in ("tiebreak1", "tiebreak2", "tiebreak3")
                      if str(var.get(k) or "").strip())
    rounds = str(var.get("rounds") or "").strip()
    return Tournament(
        name=str(var.get("name") or ""),
        city=str(var.get("venue") or ""),
        start_date=_iso(str(var.get("startDate") or "")),
        end_date=_iso(str(var.get("endDate") or "")),
        chief_arbiter=str(var.get("arbiter") or ""),
        time_control=str(var.get("timeControl") or ""),
        rounds=int(rounds) if rounds.isdecimal() and 0 < int(rounds) <= 99 else None,
        system_text=str(var.get("type") or ""),
        tiebreaks=tiebreaks,
        players=tuple(players),
    )


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a Papi-JSON file (dictionary or legacy array ``rounds``)."""
    fail = functools.partial(_fail, path)
    doc = parse_json(data, path=path, expected="a JSON object",
                     hint='Papi-JSON has {"variables": {...}, "players": [...]}', parse_float=float)
    if not isinstance(doc, dict) or not isinstance(doc.get("players"), list):
        raise fail("$", "no players array", "an object with a \"players\" array")
    var = doc.get("variables") or {}
    if not isinstance(var, dict):
        raise fail("$.variables", "not an object", "a JSON object")
    warnings: list[Warning_] = []
    players = _read_players(doc["players"], fail)
    if var.get(ORDER_KEY) != "players":  # a file pairchk wrote says its array is the order
        players = _pairing_order(players)
    players = withdrawn_tail(players, _tournament(var, []).rounds)
    if var.get("pointSystem") not in (None, "", "1", "NON"):
        warnings.append(Warning_(f"Papi point system {var.get('pointSystem')!r} not interpreted;"
                                 " points are counted 1/½/0", path=path))
    return Loaded(_tournament(var, players), warnings)


def withdrawn_tail(players: list[Player], rounds: int | None) -> list[Player]:
    """Entries after the declared last round dropped when they are all absences: Papi marks a
    withdrawn player ``F`` (no opponent, no result) in every column up to round 24, which says
    nothing of rounds the event does not have.

    >>> p = Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),) + (RoundEntry(Kind.ABSENT),) * 4)
    >>> [len(q.entries) for q in withdrawn_tail([p], 3)]
    [3]
    """
    if not rounds:
        return players
    out = []
    for p in players:
        tail = p.entries[rounds:]
        if tail and all(e.kind is Kind.ABSENT for e in tail):
            p = p.replace(entries=p.entries[:rounds])
        out.append(p)
    return out


def _pairing_order(players: list[Player]) -> list[Player]:
    """Players renumbered in Papi's pairing order: rating descending, then the name in
    alphabetical order, then registration order.

    The ``players`` array of a Papi file is in registration order, and ``opponent`` indexes
    it; Papi itself numbers players for pairing "dans l'ordre des élos décroissants; à égalité
    d'élo, PAPI prend l'ordre alphabétique des noms" (the FFE's Swiss rules, as a club using
    Papi explains them: http://injevica.free.fr/club/saison2004-2005/goele2005/reglement.php).
    Unrated players come last. Reading the file in its array order instead made every round
    of a Papi-paired event deviate (issue 14).

    >>> ps = [Player(1, "Plat, Sammy", rating=1920), Player(2, "Aubry, Pascal", rating=1850),
    ...       Player(3, "Armes, Jean", rating=1920, entries=(RoundEntry(Kind.WIN, 1, Color.WHITE),))]
    >>> [(p.number, p.name, p.entries[:1]) for p in _pairing_order(ps)][:2]
    [(1, 'Armes, Jean', (RoundEntry(kind=<Kind.WIN: '1'>, opponent=2, color=<Color.WHITE: 'w'>),)), (2, 'Plat, Sammy', ())]
    """
    order = sorted(players, key=lambda p: (-(p.rating or 0), p.name.casefold(), p.number))
    new = {p.number: i for i, p in enumerate(order, 1)}
    return [p.replace(number=new[p.number], entries=tuple(
        e if e.opponent is None else RoundEntry(e.kind, new.get(e.opponent, e.opponent), e.color)
        for e in p.entries)) for p in order]


def _extra_in(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _entry(rec: dict, n: int, me: int, where: str, fail) -> RoundEntry | None:
    color_text = str(rec.get("color") or "").upper()
    if color_text not in _COLOR_IN:
        raise fail(f"{where}.color", f"found {rec.get('color')!r}", "B (white), N (black), F or R")
    color = _COLOR_IN[color_text]
    if color_text == "F" and rec.get("opponent") is not None:
        color = Color.NONE  # a forfeit written without colours
    result = rec.get("result", 0)
    if not isinstance(result, int) or isinstance(result, bool) or not 0 <= result <= 14:
        raise fail(f"{where}.result", f"found {result!r}", "a result code 0..14")
    opp = rec.get("opponent")
    if opp is not None:
        if not isinstance(opp, int) or isinstance(opp, bool) or not 0 <= opp < n or opp == me:
            raise fail(f"{where}.opponent", f"found {opp!r}",
                       f"the 0-based index of another player (0..{n - 1})")
    if result == 0:
        if opp is not None and color is not Color.NONE:
            return RoundEntry(Kind.PENDING, opp + 1, color)  # paired, no result yet
        if opp is None and color_text == "F":
            return RoundEntry(Kind.ABSENT)  # unpaired, no points (Sharly writes F/0)
        return None
    kind = _RESULT_IN[result]
    if opp is None:
        if result == 6:
            return RoundEntry(Kind.PAB)  # forfeit win against EXEMPT: Papi's pairing bye
        if result in _BYE_BY_POINTS:
            # Sharly-Chess writes requested byes as colour F, no opponent and the points as a
            # game result (3 full, 2 half, 1 zero), e.g. tests/json/tec-swiss-direct-encounter
            return RoundEntry(_BYE_BY_POINTS[result])
        return RoundEntry(kind)
    if kind.is_bye:
        return RoundEntry(kind)
    return RoundEntry(kind, opp + 1, color)


_BYE_BY_POINTS = {3: Kind.FULL_BYE, 13: Kind.FULL_BYE, 2: Kind.HALF_BYE, 12: Kind.HALF_BYE,
                  1: Kind.ZERO_BYE, 11: Kind.ZERO_BYE}
