"""Declared points and ranks: kept as the file declares them, recomputed only on request.

A file's per-player totals and ranks are the organiser's numbers. Readers keep them in
:attr:`Player.points <pairchk.model.Player.points>` and :attr:`Player.rank
<pairchk.model.Player.rank>`; writers write them as declared (``convert --recompute`` writes
:func:`recompute`'s values instead); ``validate`` reports every difference from the results.

Where a format carries the totals but not the point system (chess-results XML, Papi JSON,
SwissPerfect, the ICU csv, a TRF without 162/XXS/BB* records, ...), :func:`infer_scoring`
reads the point system from the totals: when exactly one standard system fits every declared
total it is taken (with a warning that says so); when none fits, a warning says that too.

>>> from pairchk.model import Player, RoundEntry, Kind, Tournament
>>> t = Tournament(players=(Player(1, points=Decimal(3), entries=(RoundEntry(Kind.WIN, 2),)),
...                         Player(2, points=Decimal(0), entries=(RoundEntry(Kind.LOSS, 1),))))
>>> t2, warnings = infer_scoring(t)
>>> t2.scoring.win, str(warnings[0])
(Decimal('3'), 'warning: the declared totals fit the 3-1-0 point system (win 3, draw 1, loss 0) and no other standard one: read as 3-1-0')
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..errors import Warning_
from ..model import ScoreSystem, Tournament

HALF = Decimal("0.5")


@dataclass(frozen=True)
class PointSystem:
    """A standard point system a file may use without saying so."""

    name: str
    words: str
    win: Decimal
    draw: Decimal
    absent: Decimal = Decimal(0)  # a blank round (TRF blank result code)


STANDARD = (
    PointSystem("1-½-0", "win 1, draw ½, loss 0", Decimal(1), HALF),
    PointSystem("3-1-0", "win 3, draw 1, loss 0", Decimal(3), Decimal(1)),
    PointSystem("2-1-0", "win 2, draw 1, loss 0", Decimal(2), Decimal(1)),
    # the Irish Chess Union's files count a blank round as half a point
    PointSystem("1-½-0, blank round ½ (ICU)", "win 1, draw ½, loss 0, a blank round ½",
                Decimal(1), HALF, HALF),
)


def with_system(base: ScoreSystem, ps: PointSystem, pab: Decimal | None = None) -> ScoreSystem:
    """``base`` (as read: e.g. a PAB value) with the win/draw/blank values of ``ps``; ``pab``:
    the points the file gives a PAB, when it says (kept unless they equal a win)."""
    pab = base.pab if pab is None else pab
    pab = None if pab is None or pab == ps.win else pab
    return ScoreSystem(win=ps.win, draw=ps.draw, loss=Decimal(0), forfeit_win=base.forfeit_win,
                       forfeit_loss=base.forfeit_loss, pab=pab, full_bye=base.full_bye,
                       half_bye=base.half_bye, zero_bye=base.zero_bye, absent=ps.absent)


def _fits(t: Tournament, scoring: ScoreSystem) -> bool:
    return all(sum((scoring.points(e) for e in p.entries), Decimal(0)) == p.points
               for p in t.players if p.points is not None)


def infer_scoring(t: Tournament, *, path: str | None = None, warn_none: bool = True,
                  pab: Decimal | None = None) -> tuple[Tournament, list[Warning_]]:
    """``t`` with the point system its declared totals imply, and the warnings to give.

    Call it only for files that do not declare their point system. The system read so far
    (the model's default, perhaps with a PAB value) is kept when it fits; a single other
    standard system that fits replaces it; no fit, or several, keep it with a warning
    (``warn_none=False``: no warning when none fits -- for a format that could have declared
    its system, where ``validate`` lists each differing total as an error anyway). ``pab``:
    the points the file records for a pairing-allocated bye, when it records them.
    """
    declared = [p for p in t.players if p.points is not None]
    if not declared:
        return t, []
    if _fits(t, t.scoring):
        return t, []
    fitting = [ps for ps in STANDARD if _fits(t, with_system(t.scoring, ps, pab))]
    if len(fitting) == 1:
        ps = fitting[0]
        return t.replace(scoring=with_system(t.scoring, ps, pab)), [Warning_(
            f"the declared totals fit the {ps.name} point system ({ps.words}) and no other"
            f" standard one: read as {ps.name}", path=path)]
    first = next(p for p in declared
                 if sum((t.scoring.points(e) for e in p.entries), Decimal(0)) != p.points)
    got = sum((t.scoring.points(e) for e in first.entries), Decimal(0))
    if fitting:
        return t, [Warning_(
            f"the declared totals fit several point systems ({', '.join(ps.name for ps in fitting)});"
            " kept 1-½-0 (set it with --set scoring=...)", path=path)]
    if not warn_none:
        return t, []
    names = ", ".join(ps.name for ps in STANDARD)
    return t, [Warning_(
        f"the declared totals fit no standard point system ({names}): e.g. player {first.number}"
        f" declares {_fmt(first.points)}, the results give {_fmt(got)}; the declared totals are"
        " kept (`pairchk validate` lists every difference)", path=path)]


def declares_scoring(module, loaded) -> bool:
    """True when the file read by ``module`` says its point system (no inference then).

    A reader says so per file in ``loaded.meta["scoring_declared"]`` (TRF: a 162, XXS or BB*
    record); otherwise the module's ``DECLARES_SCORING`` (default True) says it for the format.
    """
    flag = loaded.meta.get("scoring_declared")
    if flag is None:
        flag = getattr(module, "DECLARES_SCORING", True)
    return bool(flag)


def recompute(t: Tournament) -> Tournament:
    """``t`` with every player's points and rank recomputed from the results.

    Ranks are by points; ties keep the declared rank order, then the starting number.

    >>> from pairchk.model import Player, RoundEntry, Kind
    >>> t = Tournament(players=(Player(1, points=Decimal(9), rank=2, entries=(RoundEntry(Kind.LOSS, 2),)),
    ...                         Player(2, points=Decimal(0), rank=1, entries=(RoundEntry(Kind.WIN, 1),))))
    >>> [(p.number, p.points, p.rank) for p in recompute(t).players]
    [(1, Decimal('0'), 2), (2, Decimal('1'), 1)]
    """
    pts = {p.number: sum((t.scoring.points(e) for e in p.entries), Decimal(0)) for p in t.players}
    order = sorted(t.players, key=lambda p: (-pts[p.number], p.rank if p.rank else 10**9, p.number))
    rank = {p.number: i for i, p in enumerate(order, 1)}
    return t.replace(players=tuple(p.replace(points=pts[p.number], rank=rank[p.number])
                                   for p in t.players))


def _fmt(d: Decimal | None) -> str:
    if d is None:
        return "-"
    s = format(d.normalize(), "f") if d == d.to_integral_value() else format(d, "f")
    return s


__all__ = ["STANDARD", "PointSystem", "infer_scoring", "declares_scoring", "recompute", "with_system"]
