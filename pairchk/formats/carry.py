"""What a format cannot carry: one vocabulary of model fields, warnings when they are dropped.

A format module lists the model fields it cannot express in ``CANNOT_CARRY`` using the keys
below; ``dropped`` turns the ones that are actually present in a tournament into warnings,
so that no conversion loses data silently. Keys are model attribute names:

* ``tournament.<field>`` -- a :class:`~pairchk.model.Tournament` attribute
  (e.g. ``tournament.tiebreaks``);
* ``player.<field>`` -- a :class:`~pairchk.model.Player` attribute (e.g. ``player.club``);
* ``team.<field>`` -- a :class:`~pairchk.model.Team` attribute of any team (e.g. ``team.rank``);
* ``scoring.<what>`` and ``entries.<what>`` -- the special cases in ``SPECIAL``.

>>> from pairchk.model import Tournament
>>> t = Tournament(tiebreaks=("BH",))
>>> [str(w) for w in dropped(t, "csv", ["tournament.tiebreaks", "tournament.teams"])]
['warning: csv cannot carry tournament.tiebreaks (tie-break list): 1 dropped']
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable

from ..errors import Warning_
from ..model import NOT_PAIRED, Color, Kind, Player, RoundEntry, ScoreSystem, Tournament

_DEFAULT_T = Tournament()
_DEFAULT_P = Player(number=0)

# Human descriptions of the keys, shown by ``pairchk formats`` and in warnings.
DESCRIPTIONS: dict[str, str] = {
    "tournament.city": "city",
    "tournament.federation": "host federation",
    "tournament.start_date": "start date",
    "tournament.end_date": "end date",
    "tournament.round_dates": "round dates",
    "tournament.round_dates_iso": "round dates (ISO)",
    "tournament.tiebreak_text": "tie-break definition (TRF26 202)",
    "tournament.team_pab_match_points": "match points of a team PAB (TRF26 320)",
    "tournament.team_pab_game_points": "game points of a team PAB (TRF26 320)",
    "tournament.chief_arbiter": "chief arbiter",
    "tournament.deputy_arbiters": "deputy arbiters",
    "tournament.time_control": "time control",
    "tournament.time_control_encoded": "encoded time control (TRF26 222)",
    "tournament.rounds": "declared number of rounds",
    "tournament.system": "pairing system code",
    "tournament.system_text": "tournament type text (TRF 092)",
    "tournament.acceleration": "accelerated rounds",
    "tournament.scoring": "point system",
    "tournament.initial_color": "initial colour",
    "tournament.tiebreaks": "tie-break list",
    "tournament.forbidden_pairs": "forbidden pairs",
    "tournament.declared_byes": "byes declared for the next round",
    "tournament.teams": "teams",
    "tournament.lineups": "team line-ups",
    "tournament.team_matches": "team matches",
    "tournament.abnormal_points": "abnormal point assignments (TRF26 299)",
    "tournament.starting_rank_method": "starting-rank method (TRF26 172)",
    "tournament.pairing_controller": "pairing controller (TRF26 182)",
    "tournament.board_colors": "board colour sequence (TRF26 352)",
    "tournament.team_scoring": "team scoring (TRF26 362)",
    "tournament.declared_players": "declared number of players",
    "tournament.declared_rated": "declared number of rated players",
    "tournament.declared_teams": "declared number of teams",
    "tournament.extra_records": "unknown records carried verbatim",
    "tournament.comments": "comments",
    "player.sex": "sex",
    "player.title": "title",
    "player.rating": "FIDE rating",
    "player.federation": "federation",
    "player.fide_id": "FIDE id",
    "player.birth": "birth date",
    "player.points": "declared points",
    "player.rank": "declared rank",
    "player.national_rating": "national rating",
    "player.national_id": "national id",
    "player.national_ratings": "TRF26 national-rating records",
    "player.club": "club",
    "player.team": "team number",
    "player.status": "withdrawals",
    "player.extra": "format-specific player fields",
    "scoring.by_colour": "points that depend on the colour",
    "scoring.forfeit_win": "forfeit-win points other than a win",
    "scoring.forfeit_loss": "forfeit-loss points other than a zero-point bye",
    "scoring.absent": "absence points other than a zero-point bye",
    "entries.forfeit_without_color": "forfeits without colours (written with colours)",
    "entries.absent": "blank result code (written as zero-point bye Z)",
    "entries.short_games": "games shorter than one move W/D/L (written as played games)",
    "round_dates.as_written": "round dates as written (written as ISO dates)",
    "entries.forfeit_win_without_opponent": "forfeit wins without an opponent (written as"
                                            " full-point byes)",
    "entries.forfeit_loss_without_opponent": "forfeit losses without an opponent (written as"
                                             " zero-point byes)",
    "entries.short_games_unrated": "games shorter than one move W/D/L (written as unrated +/- forfeits)",
    "entries.byes": "byes H/F/Z/U (no games: left out, read back as absences)",
    "entries.forfeit_colors": "forfeit colours (forfeits written without colour)",
    "birth.day_month": "day and month of birth (only the year is kept)",
    "names.as_written": "names as written (written as 'Last, First' in two fields)",
    "team.nickname": "team short names (TRF26 310)",
    "team.strength": "team strengths (TRF26 310)",
    "team.match_points": "team match points",
    "team.game_points": "team game points",
    "team.rank": "team ranks",
}


def _by_colour(s: ScoreSystem) -> bool:
    return any(
        getattr(s, f) is not None
        for f in ("win_white", "win_black", "draw_white", "draw_black", "loss_white", "loss_black")
    )


def _entries(t: Tournament, test: Callable) -> int:
    return sum(1 for p in t.players for e in p.entries if test(e))


def _spelled(t: Tournament) -> int:
    return sum(1 for raw, iso in zip(t.round_dates, t.round_dates_iso) if iso and raw != iso)


SPECIAL: dict[str, Callable[[Tournament], int]] = {
    "round_dates.as_written": _spelled,
    "scoring.by_colour": lambda t: int(_by_colour(t.scoring)),
    "scoring.forfeit_win": lambda t: int(
        t.scoring.forfeit_win is not None and t.scoring.forfeit_win != t.scoring.win
    ),
    "scoring.forfeit_loss": lambda t: int(t.scoring.forfeit_loss != t.scoring.zero_bye),
    "scoring.absent": lambda t: int(t.scoring.absent != t.scoring.zero_bye),
    "entries.forfeit_without_color": lambda t: _entries(
        t, lambda e: e.kind.is_forfeit and e.color is Color.NONE
    ),
    "entries.absent": lambda t: _entries(t, lambda e: e.kind is Kind.ABSENT),
    "entries.forfeit_win_without_opponent": lambda t: _entries(
        t, lambda e: e.kind is Kind.FORFEIT_WIN and e.opponent is None),
    "entries.forfeit_loss_without_opponent": lambda t: _entries(
        t, lambda e: e.kind is Kind.FORFEIT_LOSS and e.opponent is None),
    "entries.short_games": lambda t: _entries(
        t, lambda e: e.kind in (Kind.WIN_SHORT, Kind.DRAW_SHORT, Kind.LOSS_SHORT)
    ),
    "entries.short_games_unrated": lambda t: _entries(
        t, lambda e: e.kind in (Kind.WIN_SHORT, Kind.DRAW_SHORT, Kind.LOSS_SHORT)
    ),
    "entries.byes": lambda t: _entries(t, lambda e: e.kind.is_bye),
    "entries.forfeit_colors": lambda t: _entries(
        t, lambda e: e.kind.is_forfeit and e.color is not Color.NONE
    ),
    "birth.day_month": lambda t: sum(1 for p in t.players if len(p.birth.strip()) > 4),
    "names.as_written": lambda t: sum(1 for p in t.players if p.name != _model_name(p.name)),
    **{f"team.{attr}": (lambda attr: lambda t: sum(
        1 for tm in t.teams if getattr(tm, attr) not in ("", None)))(attr)
       for attr in ("nickname", "strength", "match_points", "game_points", "rank")},
}


def normalize(key: str) -> str:
    """Canonical spelling of a key: ``"Player.status (withdrawn)"`` -> ``"player.status"``."""
    key = key.split(" (", 1)[0].strip()
    scope, sep, attr = key.partition(".")
    return f"{scope.lower()}{sep}{attr}"


def known(key: str) -> bool:
    """True when ``key`` names a model field or one of the ``SPECIAL`` cases.

    >>> known("player.club"), known("Player.status (withdrawn)"), known("player.nickname")
    (True, True, False)
    """
    key = normalize(key)
    if key in SPECIAL:
        return True
    scope, _, attr = key.partition(".")
    if scope == "player":
        return attr in {f.name for f in dataclasses.fields(Player)}
    if scope == "tournament":
        return attr in {f.name for f in dataclasses.fields(Tournament)}
    return False


def count(t: Tournament, key: str) -> int:
    """How many values of ``key`` the tournament holds (0: nothing to lose).

    >>> count(Tournament(), "player.club")
    0
    """
    key = normalize(key)
    if key in SPECIAL:
        return SPECIAL[key](t)
    scope, _, attr = key.partition(".")
    if scope == "player":
        default = getattr(_DEFAULT_P, attr)
        return sum(1 for p in t.players if getattr(p, attr) != default)
    if scope != "tournament":
        raise KeyError(f"unknown CANNOT_CARRY key {key!r}")
    value = getattr(t, attr)
    if value == getattr(_DEFAULT_T, attr):
        return 0
    if isinstance(value, tuple):
        return len(value)
    return 1


def dropped(t: Tournament, fmt: str, keys: Iterable[str]) -> list[Warning_]:
    """One warning per key of ``keys`` whose data is present in ``t``."""
    out = []
    for key in keys:
        n = count(t, key)
        if n:
            desc = DESCRIPTIONS.get(normalize(key), key)
            out.append(Warning_(f"{fmt} cannot carry {key} ({desc}): {n} dropped"))
    return out


def _stripped_scoring(scoring, keys: list[str]):
    """The point system without ``scoring.*`` values a format cannot carry."""
    if "scoring.by_colour" in keys:
        scoring = dataclasses.replace(
            scoring, win_white=None, win_black=None, draw_white=None, draw_black=None,
            loss_white=None, loss_black=None,
        )
    if "scoring.forfeit_win" in keys:
        scoring = dataclasses.replace(scoring, forfeit_win=None)
    if "scoring.forfeit_loss" in keys:
        scoring = dataclasses.replace(scoring, forfeit_loss=scoring.zero_bye)
    if "scoring.absent" in keys:
        scoring = dataclasses.replace(scoring, absent=scoring.zero_bye)
    return scoring


def _stripped_entry(e: RoundEntry, number: int, keys: list[str]) -> RoundEntry:
    """A round entry of player ``number`` as a format without the ``entries.*`` keys writes it."""
    if "entries.absent" in keys and e.kind is Kind.ABSENT:
        e = dataclasses.replace(e, kind=Kind.ZERO_BYE)
    if e.opponent is None and e.kind.is_forfeit:
        if "entries.forfeit_win_without_opponent" in keys and e.kind is Kind.FORFEIT_WIN:
            e = RoundEntry(Kind.FULL_BYE)
        if "entries.forfeit_loss_without_opponent" in keys and e.kind is Kind.FORFEIT_LOSS:
            e = RoundEntry(Kind.ZERO_BYE)
    if "entries.short_games" in keys and e.kind in _SHORT:
        e = dataclasses.replace(e, kind=_SHORT[e.kind])
    if "entries.short_games_unrated" in keys and e.kind in _SHORT_UNRATED:
        e = dataclasses.replace(e, kind=_SHORT_UNRATED[e.kind])
    if "entries.byes" in keys and e.kind.is_bye:
        e = _ABSENT
    if "entries.forfeit_colors" in keys and e.kind.is_forfeit:
        e = dataclasses.replace(e, color=Color.NONE)
    if "entries.forfeit_without_color" in keys and e.kind.is_forfeit and e.color is Color.NONE and e.opponent:
        color = Color.WHITE if number < e.opponent else Color.BLACK
        e = dataclasses.replace(e, color=color)
    return e


def _stripped_player(p, keys: list[str], pchanges: dict):
    """A player without the ``player.*`` fields (``pchanges``), entries, birth day and month,
    name spelling a format cannot carry."""
    entries = [_stripped_entry(e, p.number, keys) for e in p.entries]
    while entries and (entries[-1] is NOT_PAIRED or ("entries.byes" in keys and entries[-1] == _ABSENT)):
        entries.pop()
    birth = {"birth": p.birth.strip()[:4]} if "birth.day_month" in keys else {}
    if "names.as_written" in keys:
        birth["name"] = _model_name(p.name)
    return p.replace(entries=tuple(entries), **{**birth, **pchanges})


def strip(t: Tournament, keys: Iterable[str]) -> Tournament:
    """``t`` without the fields ``keys`` name: what a format that cannot carry them keeps.

    Used by tests to compare a round trip; entry-level keys map to what the formats write
    (``entries.absent`` -> ``Z``; ``entries.short_games`` -> played results; a forfeit without
    colours gets white for the lower starting number).
    """
    keys = [normalize(k) for k in keys if known(k)]
    changes: dict = {}
    pchanges: dict = {}
    for key in keys:
        if key in SPECIAL:
            continue
        scope, _, attr = key.partition(".")
        if scope == "player":
            pchanges[attr] = getattr(_DEFAULT_P, attr)
        else:
            changes[attr] = getattr(_DEFAULT_T, attr)
    if "scoring" not in changes:
        changes["scoring"] = _stripped_scoring(t.scoring, keys)
    if "round_dates.as_written" in keys and t.round_dates_iso:
        changes["round_dates"] = tuple(
            iso or raw for raw, iso in zip(t.round_dates, t.round_dates_iso + ("",) * len(t.round_dates)))
    changes["players"] = tuple(_stripped_player(p, keys, pchanges) for p in t.players)
    team_attrs: dict[str, Any] = {
        k.partition(".")[2]: ("" if k in ("team.nickname", "team.strength") else None)
        for k in keys if k.startswith("team.")}
    if team_attrs and "teams" not in changes:
        changes["teams"] = tuple(dataclasses.replace(tm, **team_attrs) for tm in t.teams)
    return t.replace(**changes)


def _model_name(name: str) -> str:
    """What a format with last and first name fields gives back: ``"Last, First"``.

    >>> _model_name("Vasquez,Rodrigo"), _model_name("Madonna"), _model_name("Berg, Jan, Jr.")
    ('Vasquez, Rodrigo', 'Madonna', 'Berg, Jan, Jr.')
    """
    last, sep, first = name.partition(",")
    last, first = last.strip(), first.strip()
    return f"{last}, {first}" if sep and first else last


def without_lone_forfeit(e: RoundEntry) -> RoundEntry:
    """A forfeit that names no opponent (TRF ``0000 - +``) as the bye it scores like.

    Formats that write games as pairs have no place for it: the win becomes a full-point bye,
    the loss a zero-point bye (keys ``entries.forfeit_win_without_opponent`` and
    ``entries.forfeit_loss_without_opponent``, which ``strip`` maps the same way).

    >>> without_lone_forfeit(RoundEntry(Kind.FORFEIT_WIN)).kind
    <Kind.FULL_BYE: 'F'>
    >>> without_lone_forfeit(RoundEntry(Kind.FORFEIT_LOSS, 3)).kind  # names its opponent: kept
    <Kind.FORFEIT_LOSS: '-'>
    """
    if e.opponent is None and e.kind is Kind.FORFEIT_WIN:
        return RoundEntry(Kind.FULL_BYE)
    if e.opponent is None and e.kind is Kind.FORFEIT_LOSS:
        return RoundEntry(Kind.ZERO_BYE)
    return e


LONE_FORFEITS = ["entries.forfeit_win_without_opponent", "entries.forfeit_loss_without_opponent"]

_ABSENT = RoundEntry(Kind.ABSENT)
_SHORT = {Kind.WIN_SHORT: Kind.WIN, Kind.DRAW_SHORT: Kind.DRAW, Kind.LOSS_SHORT: Kind.LOSS}
# DWZ rules: a game shorter than one move is not rated, like a forfeit (DSB XSD, Score_Type)
_SHORT_UNRATED = {Kind.WIN_SHORT: Kind.FORFEIT_WIN, Kind.DRAW_SHORT: Kind.FORFEIT_LOSS,
                  Kind.LOSS_SHORT: Kind.FORFEIT_LOSS}
