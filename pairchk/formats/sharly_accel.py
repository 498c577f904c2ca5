"""The pairing system a Sharly-Chess tournament records, as the model's system code and the
virtual points of its acceleration.

Sharly pairs every Swiss variation with the Dutch system (it writes ``FIDE_DUTCH_2025``, or
``FIDE_DUTCH_2026_BAKU`` for Baku, in TRF-2026 record 192) and hands the acceleration to the
engine as virtual points (TRF-2026 record 250), which this module computes as Sharly's
``pairing_acceleration`` plug-in does, from the groups of pairing numbers stored in
``pairing_settings`` (``pairing_acceleration-GROUP_A_3: [1, 22]``...), or, in files from before
those groups, from the rating limits stored there (``dual_rating_limits``, ``rating_limit``):

* ``HALEY``: group A gets a win's points in rounds 1-2;
* ``HALEY_SOFT``: group A a win's points in rounds 1-2, group B a draw's in round 2;
* ``PROGRESSIVE`` (three groups): in rounds 1 to n-2, a capital of 2, 1 and 0 wins' points for
  groups A, B and C, raised by a draw's points for every three draws' points scored, at most
  2 wins' points, and 2 as soon as the player has half the possible score of the event;
* ``BAKU``: left to pairchk's own Baku rule (the code says it).

>>> from pairchk.model import Player
>>> ps = [Player(n, rating=2000 - n) for n in range(1, 5)]
>>> out = system("pairing_acceleration-SWISS_HALEY", {"pairing_acceleration-GROUP_A_2": [1, 2]}, ps, 5, None, [])
>>> out["system"], [(a.player, [str(x) for x in a.points]) for a in out["acceleration"]]
('FIDE_DUTCH_2025', [(1, ['1', '1', '0', '0', '0']), (2, ['1', '1', '0', '0', '0'])])
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Callable

from ..errors import Warning_
from ..model import Acceleration, Player, ScoreSystem

_PREFIX = "pairing_acceleration-"
_WIN, _DRAW = Decimal(1), Decimal("0.5")


def _code(pairing: str) -> str:
    upper = pairing.upper()
    if "BERGER" in upper:
        return "FIDE_DOUBLEROUNDROBIN" if "DOUBLE" in upper else "FIDE_ROUNDROBIN"
    if upper.endswith("BAKU"):
        return "FIDE_DUTCH_2026_BAKU"
    return "FIDE_DUTCH_2025" if "SWISS" in upper else ""


def _groups(settings: dict, players: list[Player], count: int) -> list[int] | None:
    """The last pairing number of each group but the last (A, or A and B), or None."""
    keys = [f"{_PREFIX}GROUP_{g}_{count}" for g in "ABC"[:count - 1]]
    if all(isinstance(settings.get(k), list) and len(settings[k]) == 2 for k in keys):
        return [int(settings[k][1]) for k in keys]
    limits = settings.get(f"{_PREFIX}dual_rating_limits") if count == 3 else (
        [settings.get(f"{_PREFIX}rating_limit")] if settings.get(f"{_PREFIX}rating_limit") else None)
    if not isinstance(limits, list) or not limits:
        return None
    out = []
    for limit in sorted((int(x) for x in limits), reverse=True):  # the upper limit makes group A
        above = [p.number for p in players if (p.rating or 0) >= limit]
        out.append(max(above, default=0))
    return out


def _group(number: int, ends: list[int]) -> int:
    return next((i for i, end in enumerate(ends) if number <= end), len(ends))


def _scores(p: Player, rounds: int) -> list[Decimal]:
    """The player's score before each round 1..rounds."""
    score, out, scoring = Decimal(0), [], ScoreSystem()
    for r in range(1, rounds + 1):
        out.append(score)
        score += scoring.points(p.entry(r))
    return out


def _progressive(group: int, score: Decimal, rounds: int) -> Decimal:
    vpoints = (2 - group) * _WIN + _DRAW * int(score // (3 * _DRAW))
    if score >= rounds * _WIN / 2:
        vpoints = 2 * _WIN
    return min(vpoints, 2 * _WIN)


def _rule(variation: str, rounds: int) -> tuple[int, Callable[[int, int, Decimal], Decimal]] | None:
    """(number of groups, virtual points of (group, round, score before the round))."""
    if variation == "HALEY":
        return 2, lambda g, r, s: _WIN if g == 0 and r <= 2 else Decimal(0)
    if variation == "HALEY_SOFT":
        return 2, lambda g, r, s: _WIN if g == 0 and r <= 2 else _DRAW if r == 2 else Decimal(0)
    if variation == "PROGRESSIVE":
        return 3, lambda g, r, s: _progressive(g, s, rounds) if r <= rounds - 2 else Decimal(0)
    return None


def system(pairing: str, settings: dict, players: list[Player], rounds: int, path: str | None,
           warnings: list[Warning_]) -> dict[str, Any]:
    """``{"system": code, "acceleration": records}`` for a Sharly ``pairing`` id and settings."""
    out: dict[str, Any] = {"system": _code(pairing)}
    if not pairing.startswith(_PREFIX) or out["system"].endswith("BAKU"):
        return out
    variation = pairing[len(_PREFIX):].split("_", 1)[-1]
    rule = _rule(variation, rounds)
    ends = _groups(settings, players, rule[0]) if rule else None
    if rule is None or ends is None or not rounds:
        warnings.append(Warning_(f"Sharly-Chess acceleration {pairing} not understood; its"
                                 " virtual points are not applied", path=path))
        return out
    records = []
    for p in players:
        g = _group(p.number, ends)
        scores = _scores(p, rounds)
        points = tuple(rule[1](g, r, scores[r - 1]) for r in range(1, rounds + 1))
        if any(points):
            records.append(Acceleration(p.number, points))
    out["acceleration"] = tuple(records)
    return out
