"""Metadata supplied on the command line (``convert --set KEY=VALUE``) for any target format.

Keys naming a model field are applied to the tournament before it is written, so every format
benefits; the other keys are passed to the target format's ``dump`` as options (for example
``tournament_uuid`` for dsb-xml). Player fields take the starting number after a dot.

=====================  =======================================================
key                    sets
=====================  =======================================================
name, label            Tournament.name
location, city, place  Tournament.city
timecontrol            Tournament.time_control
start, startdate       Tournament.start_date (``YYYY-MM-DD`` or ``DD.MM.YYYY``)
end, enddate           Tournament.end_date
federation             Tournament.federation
arbiter                Tournament.chief_arbiter
rounds                 Tournament.rounds
birth.N                Player N's birth (``YYYY`` or ``YYYY-MM-DD``)
sex.N, club.N, ...     Player N's field (sex, club, title, federation, fide_id, national_id)
scoring                Tournament.scoring: 1-0.5-0, 3-1-0, 2-1-0 or icu (blank round ½)
recompute              yes: write points and ranks recomputed from the results, not as
                       declared (``convert --recompute``; applied after ``scoring``)
=====================  =======================================================

>>> from pairchk.model import Tournament, Player
>>> t, rest = apply_settings(Tournament(players=(Player(1),)),
...                          {"place": "Madrid", "birth.1": "1981", "tournament_uuid": "x"})
>>> t.city, t.player(1).birth, rest
('Madrid', '1981', {'tournament_uuid': 'x'})
"""

from __future__ import annotations

import re

from ..errors import PairchkError
from ..model import Tournament

_TOURNAMENT_KEYS = {
    "name": "name", "label": "name", "location": "city", "city": "city", "place": "city",
    "timecontrol": "time_control", "time_control": "time_control", "start": "start_date",
    "startdate": "start_date", "start_date": "start_date", "end": "end_date", "enddate": "end_date",
    "end_date": "end_date", "federation": "federation", "arbiter": "chief_arbiter",
    "chief_arbiter": "chief_arbiter", "rounds": "rounds",
}
_PLAYER_KEYS = {"birth", "sex", "club", "title", "federation", "fide_id", "national_id", "name"}
_DE_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")


class SettingError(PairchkError):
    """A ``--set`` value that cannot be applied."""


def parse_settings(items: list[str]) -> dict[str, str]:
    """``["a=b", ...]`` from the command line → ``{"a": "b"}``; a missing ``=`` is an error.

    >>> parse_settings(["location=Bad Homburg", "birth.3=1990"])
    {'location': 'Bad Homburg', 'birth.3': '1990'}
    """
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SettingError(f"--set {item!r}: expected KEY=VALUE (e.g. --set location=Madrid)")
        out[key.strip().lower()] = value.strip()
    return out


def _date(value: str) -> str:
    m = _DE_DATE.match(value)
    return f"{m[3]}-{int(m[2]):02d}-{int(m[1]):02d}" if m else value


def apply_settings(t: Tournament, settings: dict[str, str]) -> tuple[Tournament, dict[str, str]]:
    """Apply the model-field keys of ``settings`` to ``t``; return it and the remaining keys."""
    rest: dict[str, str] = {}
    changes: dict[str, object] = {}
    players = {p.number: p for p in t.players}
    touched = False
    for key, value in settings.items():
        field_, dot, num = key.partition(".")
        if not dot and key in _TOURNAMENT_KEYS:
            name = _TOURNAMENT_KEYS[key]
            if name == "rounds":
                if not value.isdecimal():
                    raise SettingError(f"--set rounds={value!r}: expected a whole number")
                changes[name] = int(value)
            else:
                changes[name] = _date(value) if name.endswith("_date") else value
        elif dot and field_ in _PLAYER_KEYS:
            if not num.isdecimal() or int(num) not in players:
                raise SettingError(f"--set {key}: no player with starting number {num!r}")
            if field_ == "birth":
                value = _date(value).replace("-", "/")
            players[int(num)] = players[int(num)].replace(**{field_: value})
            touched = True
        elif key == "scoring":
            changes["scoring"] = _scoring(value, t)
        elif key == "recompute":
            if value.lower() not in ("yes", "true", "1", "no", "false", "0"):
                raise SettingError(f"--set recompute={value!r}: expected yes or no")
        else:
            rest[key] = value
    if touched:
        changes["players"] = tuple(players[n] for n in sorted(players))
    t = t.replace(**changes) if changes else t
    if settings.get("recompute", "no").lower() in ("yes", "true", "1"):
        from .declared import recompute

        t = recompute(t)
    return t, rest


_SCORING_NAMES = {"1-0.5-0": "1-½-0", "1-½-0": "1-½-0", "3-1-0": "3-1-0", "2-1-0": "2-1-0",
                  "icu": "1-½-0, blank round ½ (ICU)"}


def _scoring(value: str, t: Tournament):
    """The standard point system named ``value`` (declared.STANDARD), kept PAB value and all.

    >>> _scoring("3-1-0", Tournament()).win
    Decimal('3')
    """
    from .declared import STANDARD, with_system

    name = _SCORING_NAMES.get(value.strip().lower())
    if name is None:
        raise SettingError(f"--set scoring={value!r}: expected one of {', '.join(_SCORING_NAMES)}")
    return with_system(t.scoring, next(ps for ps in STANDARD if ps.name == name))


def check_options(rest: dict[str, str], fmt: str, known: dict[str, str]) -> None:
    """Refuse ``--set`` keys that are neither model fields nor options of format ``fmt``.

    >>> check_options({"colour": "x"}, "trf", {})
    Traceback (most recent call last):
    ...
    pairchk.formats.settings.SettingError: --set colour: not a tournament or player field, and trf takes no options
    """
    unknown = sorted(set(rest) - set(known))
    if unknown:
        raise SettingError(
            f"--set {unknown[0]}: not a tournament or player field"
            + (f", nor a {fmt} option (options: {', '.join(known)})" if known else f", and {fmt} takes no options"))
