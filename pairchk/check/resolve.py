"""Which system, edition and acceleration a file is checked under, and the words saying why.

Owns the choice, from the user's options and what the file declares: the pairing system
(:func:`resolve_system`: ``--system``, the TRF26 192 code, a code or name in a free text, else
the default of the registry; a team file gets a team system), whether a file is a team event
(:func:`is_team_file`), and the acceleration guessed from rounds 1-2 when the file declares none
(:func:`guess_acceleration`). The edition is the chosen system's own choice
(``System.select_edition``). Systems are reached through the registry :mod:`pairchk.systems`
only, never by name.

>>> from pairchk.model import Tournament
>>> resolve_system(Tournament(system="FIDE_DUTCH_2025"))[1]
'from the TRF26 192 code FIDE_DUTCH_2025'
>>> resolve_system(Tournament(system="FIDE_DUBOV"))[0].name
'dubov'
>>> resolve_system(Tournament(system="FIDE_SCHILLER"))[0] is None
True
"""

from __future__ import annotations

import re
from typing import Any

from ..acceleration import BAKU, SWISS_CHESS, declared, detect_acceleration
from ..model import Tournament
from ..pairing import CheckReport
from ..system import System


def is_team_file(t: Tournament) -> bool:
    """True when ``t`` is a team event: it has teams, team matches or line-ups, or its system
    code names a team system."""
    code = t.system.strip().upper()
    return bool(t.teams or t.team_matches or t.lineups) or "TEAM" in code


def resolve_system(t: Tournament, system: "System | str | None" = None
                   ) -> tuple["System | None", str, str]:
    """The system to check ``t`` with, where that choice comes from, and — when pairchk cannot
    pair what the file declares — why not (then the system is None).

    Order: ``system`` (``--system``), the TRF26 192 code, a code or system name in the TRF16
    092 text or the format's own field, else the FIDE Dutch system. A team file is not
    checked with an individual system unless one is chosen explicitly.
    """
    from .. import systems

    if system is not None:
        if isinstance(system, str):
            return systems.get(system), "chosen with --system", ""
        return system, "chosen by the caller", ""
    team = is_team_file(t)
    for label, value in (("the TRF26 192 code", t.system), ("the system text", t.system_text)):
        value = (value or "").strip()
        if not value:
            continue
        found = systems.for_code(value)
        where = f"from {label} {value}" if label.endswith("code") else f"from {label} {value!r}"
        if found is None:
            if re.fullmatch(r"[A-Z0-9_]+", value) and "_" in value:  # a code, not free text
                what = "team " if "TEAM" in value else ""
                return None, where, (f"the file declares the {what}pairing system {value}, which "
                                     "pairchk cannot pair: its rounds were not re-paired")
            if systems.names_unpairable(value):
                return None, where, (f"the file declares the pairing system {value!r}, which "
                                     "pairchk cannot pair: its rounds were not re-paired")
            found = systems.for_text(value)
        if found is None:
            continue
        if team and not found.teams:
            return _team_system(t, f"{where} names an individual system")
        return found, where, ""
    if team:
        return _team_system(t, "no system declared in the file")
    chosen, words = systems.default()
    return chosen, f"no system declared in the file: {words}", ""


def _team_system(t: Tournament, why: str) -> tuple["System", str, str]:
    """A team file that declares no team system: a team round robin when the teams meet as
    in one (every team met every other once or twice, or the text says league / round robin),
    else the FIDE Swiss team system (C.04.6), the one FIDE team Swiss."""
    from .. import systems
    from ..teams import team_rounds

    history = team_rounds(t)
    n = len(history)
    met = [frozenset((a, r.opponent)) for a, rs in history.items() for r in rs
           if r.opponent is not None]
    pairs = {m for m in met}
    complete = n >= 3 and len(pairs) == n * (n - 1) // 2
    text = f"{t.system} {t.system_text}"
    if complete or re.search(r"league|liga|round.?robin|rundensystem|berger", text, re.I):
        chosen, words = systems.default(team=True, round_robin=True)
        return chosen, f"{why}; a team file whose teams meet as in a round robin: {words}", ""
    chosen, words = systems.default(team=True)
    return chosen, f"{why}; a team file: {words}", ""


def guess_acceleration(t: Tournament, report: CheckReport, edition: str,
                       engine: System) -> tuple[Any, str] | None:
    """An acceleration that reproduces rounds 1-2 when the file declares none and deviates
    there (issue 11: say "rounds 1-2 match ..." rather than flag every board)."""
    early = [r for r in report.rounds if r.round <= 2]
    if declared(t) or not early or all(r.status == "ok" for r in early):
        return None
    return detect_acceleration(t, engine, edition=edition, candidates=(BAKU,) + SWISS_CHESS)
