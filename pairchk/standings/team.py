"""Team tie-breaks of C.07 (Art. 11-13): the teams' rounds, scored in match points (MP) or
game points (GP), and the individual machinery of :mod:`pairchk.standings.tiebreak` applied to them.

- A team's game points in a round are its players' points on the boards of that match; its
  match points come from comparing the two teams' game points with the team scoring of the
  file (TRF26 362, e.g. ``TW 2.0 TD 1.0 TL 0.0``; default 2 / 1 / 0).
- ``:MP`` / ``:GP`` after a code chooses the points of the opponents' scores and of the team's
  own results (``BH:GP``); without it the primary points (MP) are used.
- The teams' rounds (opponents, match and game points, forfeited matches, the team PAB worth a
  drawn match unless TRF26 320 or the declared totals say otherwise, TRF26 240 team byes) come
  from the one team layer, :func:`pairchk.teams.team_rounds`.
- ``MPvGP`` (and ``GPvMP``) is the other kind of points: game points when teams rank by match
  points.
- Extended Sonneborn-Berger ``E<o><s>SB`` (``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB``): the sum of
  each opponent's ``o`` points (M or G) times the team's own ``s`` points against him.

The codes that read single boards or the tied group (``BC``, ``TBR``, ``BBE``, ``EDE*``,
``SSSC``) are in :mod:`pairchk.standings.team_board`; :func:`compute` and :func:`group_ranks`
answer for all of them.

>>> from pairchk.model import Tournament, Team, Player, RoundEntry as E, Kind as K, Color as C
>>> t = Tournament(start_date="2026-05-01", system="FIDE_TEAM", teams=(
...     Team(1, "A", members=(1, 2)), Team(2, "B", members=(3, 4))), players=(
...     Player(1, team=1, entries=(E(K.WIN, 3, C.WHITE),)),
...     Player(2, team=1, entries=(E(K.DRAW, 4, C.BLACK),)),
...     Player(3, team=2, entries=(E(K.LOSS, 1, C.BLACK),)),
...     Player(4, team=2, entries=(E(K.DRAW, 2, C.WHITE),))))
>>> ctx = team_context(t, "GP")
>>> ctx.score[1], ctx.score[2]
(Decimal('1.5'), Decimal('0.5'))
>>> team_context(t, "MP").score[1]
Decimal('2')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Mapping

from . import team_board as tbb
from . import tiebreak as tb
from ..model import Color, Kind, Player, ScoreSystem, Tournament
from ..teams import is_team_event, team_of as _team_of  # noqa: F401 (is_team_event: for standings)
from ..teams import boards_per_match as boards
from ..teams import match_point_scale as match_points  # the one reading of TRF26 362

ZERO = Decimal(0)
GROUPED = ("DE", *tbb.GROUPED)  # orders among the tied teams, not values
_ESB = re.compile(r"^E([MG])([MG])SB$")


def _team_slots(t: Tournament, rounds: int, points: str) -> dict[int, list[tb.Slot]]:
    """Per team its rounds ``1..rounds`` as tie-break slots, from the one team layer
    (:func:`pairchk.teams.team_rounds`: opponent, match and game points, forfeits, the team
    PAB and TRF26 240 team byes), scored in ``points`` (MP or GP)."""
    from ..teams import team_rounds

    byes = {(b.round, n): b.kind.value for b in t.declared_byes for n in b.players}
    out: dict[int, list[tb.Slot]] = {}
    for team, rs in team_rounds(t).items():
        slots = []
        for r in rs[:rounds]:
            kind = _kind(r, byes.get((r.round, team)))
            pts = r.match_points if points == "MP" else r.game_points
            vur = kind in tb.REQUESTED or kind is Kind.FORFEIT_LOSS  # 16.1.2, a half bye too
            slots.append(tb.Slot(r.round, kind, pts, r.opponent, Color.NONE,
                                 kind.played and r.opponent is not None, vur, False))
        slots += [tb.Slot(x, Kind.ZERO_BYE, ZERO, None, Color.NONE, False, True, False)
                  for x in range(len(slots) + 1, rounds + 1)]
        out[team] = slots
    return out


def _kind(r, bye: str | None) -> Kind:
    """The kind of a team's round: PAB, declared bye, forfeit, or won / drawn / lost match."""
    if r.pab:
        return Kind.PAB
    if r.opponent is None:
        return {"F": Kind.FULL_BYE, "H": Kind.HALF_BYE}.get(bye or "", Kind.ZERO_BYE)
    if r.forfeit:
        return Kind.FORFEIT_WIN if r.forfeit == "+-" else Kind.FORFEIT_LOSS
    if r.game_points > r.opponent_game_points:
        return Kind.WIN
    return Kind.DRAW if r.game_points == r.opponent_game_points else Kind.LOSS


def team_context(t: Tournament, points: str = "MP", rounds: int | None = None,
                 edition: tb.Edition | None = None) -> tb.Context:
    """The teams as competitors of :mod:`pairchk.standings.tiebreak`, scored in ``points`` (MP or GP)."""
    n = tb.last_complete_round(t) if rounds is None else rounds
    ed = edition or tb.edition_for(t)[0]
    w, d, lo = match_points(t)
    nboards = boards(t)
    slots: dict[int, tuple[tb.Slot, ...]] = {
        team: _mark_late(out) for team, out in _team_slots(t, n, points).items()}
    win, draw = (w, d) if points == "MP" else (t.scoring.win * nboards, t.scoring.draw * nboards)
    teams_as_players = tuple(Player(x.number, x.name) for x in t.teams)
    shadow = t.replace(players=teams_as_players, scoring=ScoreSystem(win=win, draw=draw),
                       system=_team_system(t), system_text="")
    score = {k: sum((s.points for s in v), ZERO) for k, v in slots.items()}
    rr = tb.is_round_robin(shadow)
    adjusted = {k: tb._adjusted(v, ed, draw, rr) for k, v in slots.items()}
    return tb.Context(shadow, n, ed, rr, slots, score, adjusted, False)


def _team_system(t: Tournament) -> str:
    """The system as Art. 15 reads it: a named round robin stays one, any other named system is
    a team Swiss; a file that names none is judged, as for players, by teams and rounds."""
    named = (t.system + " " + t.system_text).upper()
    if any(w in named for w in ("ROBIN", "BERGER", "RR")) or not named.strip():
        return t.system
    return "TEAM SWISS"


def _mark_late(slots: list[tb.Slot]) -> tuple[tb.Slot, ...]:
    """Art. 16.2.5 for teams: a requested bye (half or zero) followed only by VURs."""
    out = []
    for i, s in enumerate(slots):
        late = s.kind in tb.REQUESTED and all(x.vur for x in slots[i:])
        out.append(tb.Slot(s.round, s.kind, s.points, s.opponent, s.color, s.otb, s.vur, late))
    return tuple(out)


@dataclass(frozen=True)
class TeamData:
    """The teams as competitors scored in MP and in GP, and their board points: what every
    team tie-break reads, computed once."""

    ctxs: Mapping[str, tb.Context]
    boards: tbb.BoardTable
    primary: str = "MP"


def team_data(t: Tournament, rounds: int | None = None, edition: tb.Edition | None = None,
              primary: str = "MP") -> TeamData:
    ctxs = {p: team_context(t, p, rounds, edition) for p in ("MP", "GP")}
    return TeamData(ctxs, tbb.board_table(t, ctxs["MP"].rounds), primary)


def values(t: Tournament, codes, rounds: int | None = None,
           edition: tb.Edition | None = None, primary: str = "MP") -> dict[int, dict[str, tb.Value]]:
    """Every scalar team tie-break of ``codes``: ``{team: {code: value}}`` (the orders DE,
    TBR, BBE and EDE* left out, see :func:`group_ranks`)."""
    data = team_data(t, rounds, edition, primary)
    out: dict[int, dict[str, tb.Value]] = {x.number: {} for x in t.teams}
    for code in codes:
        if parse(code).name in GROUPED:
            continue
        for team, v in compute(data, code).items():
            out[team][code] = v
    return out


def compute(data: TeamData, code: str) -> dict[int, tb.Value]:
    """One scalar team tie-break for every team."""
    spec = parse(code)
    ctxs, primary = data.ctxs, data.primary
    head = code.strip().upper().split("/")[0].split(":")[0]
    other = "GP" if primary == "MP" else "MP"
    if spec.name == "MPVGP":
        return dict(ctxs[other].score)
    if head in ("MPTS", "MP", "GPTS", "GP"):
        return dict(ctxs[head[0] + "P"].score)
    if spec.name == "ESB":
        m = _ESB.match(head)
        o, s = (m.group(1), m.group(2)) if m else (primary[0], other[0])
        return _extended_sb(ctxs[o + "P"], ctxs[s + "P"], spec)
    if spec.name == "BC":
        return dict(tbb.board_count(data.boards))
    if spec.name == "SSSC":
        return dict(tbb.sssc(ctxs, data.boards, spec, spec.points or primary))
    if spec.name in GROUPED:
        raise tb.TiebreakError(f"{code} is an order among the tied teams, not a value")
    return tb.compute(ctxs[spec.points or primary], spec)


def group_ranks(data: TeamData, spec: tb.Spec, group) -> dict[int, int]:
    """Ranks inside ``group`` (tied so far) for DE, TBR, BBE and the EDE family."""
    if spec.name == "DE":
        return tb.direct_encounter(data.ctxs[spec.points or data.primary], spec, group)
    return tbb.group_ranks(data.ctxs, data.boards, spec, group, data.primary)


def parse(code: str) -> tb.Spec:
    """A team code (individual codes on MP or GP, and those of Art. 11-13) as a
    :class:`pairchk.standings.tiebreak.Spec`; an unknown one raises :class:`pairchk.standings.tiebreak.TiebreakError`
    naming the known codes.

    >>> parse("EMGSB/C1").name, parse("BH:GP/C1").points, parse("EDET/P").article
    ('ESB', 'GP', '13.3.2')
    """
    return tb.parse(code, team=True)


def _extended_sb(opp_ctx: tb.Context, own_ctx: tb.Context, spec: tb.Spec) -> dict[int, tb.Value]:
    """Art. 13 extended Sonneborn-Berger: opponents' scores from ``opp_ctx`` times the team's
    own points from ``own_ctx``, cuts and unplayed rounds as for SB."""
    out: dict[int, tb.Value] = {}
    for team in own_ctx.slots:
        own = {s.round: s.points for s in own_ctx.slots[team]}
        elems = [tb.Element(e.round, e.score, e.score * own[e.round], e.vur)
                 for e in tb.elements(opp_ctx, spec, team, False)]
        out[team] = sum((e.value for e in tb.cut(opp_ctx, spec, elems, True)), ZERO)
    return out
