"""Warnings for model fields that a target format cannot carry (shared by the writers).

``CANNOT_CARRY`` entries are ``"tournament.<field>"`` or ``"player.<field>"``; a field is reported
only when some value differs from the model default.

>>> from pairchk.model import Tournament, Player
>>> t = Tournament(players=(Player(1, title="GM"), Player(2)))
>>> [str(w) for w in dropped_warnings(t, ["player.title", "tournament.city"], "x")]
['warning: x cannot carry player.title (1 player(s), e.g. #1); dropped']
"""

from __future__ import annotations

import dataclasses

from ..errors import Warning_
from ..model import Player, Tournament

_T_DEFAULTS = {f.name: (f.default if f.default is not dataclasses.MISSING else f.default_factory())
               for f in dataclasses.fields(Tournament)}
_P_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Player) if f.default is not dataclasses.MISSING}


def dropped_warnings(t: Tournament, cannot_carry: list[str], fmt: str) -> list[Warning_]:
    """One warning per entry of ``cannot_carry`` whose field holds data in ``t``."""
    out: list[Warning_] = []
    for item in cannot_carry:
        scope, _, name = item.partition(".")
        if scope == "tournament" and name in _T_DEFAULTS:
            if getattr(t, name) != _T_DEFAULTS[name]:
                out.append(Warning_(f"{fmt} cannot carry tournament.{name}; dropped"))
        elif scope == "player" and name in _P_DEFAULTS:
            having = [p.number for p in t.players if getattr(p, name) != _P_DEFAULTS[name]]
            if having:
                out.append(Warning_(
                    f"{fmt} cannot carry player.{name} ({len(having)} player(s), e.g. #{having[0]}); dropped"))
    return out
