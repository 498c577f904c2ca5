"""Team tie-breaks of C.07 (2026) that read single boards or the tied group (Art. 12, 13.3,
13.4); the scalar team codes (MP/GP, MPvGP, extended SB) are in :mod:`pairchk.standings.team`.

Board points (Art. 12 preamble): a team's game points on board 1, board 2, ... summed over its
matches. Individual forfeits count as standard wins or losses; a pairing-allocated bye gives
every board the points of a standard win (a TRF26 240 full / half team bye: a win / a draw on
every board). The board of a game is its place in the round's line-up (TRF26 300), else its
place among the players the team fielded that round in roster order (a reserve without
opponent and without points takes no board).

- ``BC`` (12.1) board count: the sum of board number x game points on that board; the LOWER
  sum ranks higher (points scored on the upper boards weigh less).
- ``TBR`` (12.2) top board result: the game points on board 1; while not decisive, the next
  board down.
- ``BBE`` (12.3) board-by-board elimination: the game points on every board but the bottom
  one; while not decisive, leave out the next board up too.
- ``EDE`` (13.3.1) extended direct encounter: Art. 6 on the primary score (match points),
  then, when that breaks no tie, on the secondary score (game points); Art. 6 re-applies itself
  on the same score to the groups it leaves tied, and a group no longer broken goes on with the
  other score (FIDE's team exercise 45: five teams on 10 MP, all level on MP among them, are
  split by GP into 8.5 / 8.0 x3 / 7.5, and the three on 8.0 by GP again: 4, 2, 1, 3, 5). ``EDEC`` / ``EDET`` / ``EDEB`` / ``EDEBT`` / ``EDEBB`` (13.3.2):
  when exactly two teams are still tied, BC / TBR / BBE (BC then TBR, BC then BBE) of the
  match(es) the two played against each other.
- ``SSSC`` (13.4) score and strength combination: the secondary score plus the Buchholz on the
  primary score divided by a normalising factor, the highest primary score achievable in the
  tournament over the highest secondary score of one match, rounded towards zero (``/Kn`` sets
  it), to two decimals.

TBR, BBE and the EDE family are orders, not numbers: like ``DE`` their value is the rank inside
the group of teams tied when they are applied (1 = first).

>>> from pairchk.model import Tournament, Team, Player, RoundEntry as E, Kind as K, Color as C
>>> t = Tournament(start_date="2026-05-01", system="FIDE_TEAM", teams=(
...     Team(1, "A", members=(1, 2)), Team(2, "B", members=(3, 4))), players=(
...     Player(1, team=1, entries=(E(K.WIN, 3, C.WHITE),)),
...     Player(2, team=1, entries=(E(K.LOSS, 4, C.BLACK),)),
...     Player(3, team=2, entries=(E(K.LOSS, 1, C.BLACK),)),
...     Player(4, team=2, entries=(E(K.WIN, 2, C.WHITE),))))
>>> bt = board_table(t, 1)
>>> bt.totals[1], bt.totals[2]
((Decimal('1'), Decimal('0')), (Decimal('0'), Decimal('1')))
>>> board_count(bt)[1], board_count(bt)[2]
(Decimal('1'), Decimal('2'))
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from . import tiebreak as tb
from ..model import Kind, Tournament
from ..teams import TeamRound, boards_per_match, team_rounds

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

ZERO = Decimal(0)
GROUPED = ("TBR", "BBE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")
_ABSENT = (Kind.FORFEIT_LOSS, Kind.ABSENT, Kind.ZERO_BYE)  # with no opponent: no board taken
CHAINS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}


@dataclass(frozen=True)
class BoardTable:
    """Per team its board points: per round (``rounds[team][r]``) and summed (``totals``)."""

    boards: int
    rounds: Mapping[int, Mapping[int, tuple[Decimal, ...]]]
    totals: Mapping[int, tuple[Decimal, ...]]
    opponents: Mapping[int, Mapping[int, int]]  # team -> round -> opposing team (played)


def board_table(t: Tournament, rounds: int) -> BoardTable:
    """Board points of every team after ``rounds`` (Art. 12 preamble)."""

    n = boards_per_match(t)
    byes = {(b.round, x): b.kind.value for b in t.declared_byes for x in b.players}
    per: dict[int, dict[int, tuple[Decimal, ...]]] = {}
    opps: dict[int, dict[int, int]] = {}
    for team, rs in team_rounds(t).items():
        per[team], opps[team] = {}, {}
        for r in rs[:rounds]:
            per[team][r.round] = _round_points(t, team, r, n, byes.get((r.round, team)))
            if r.opponent is not None and r.played:
                opps[team][r.round] = r.opponent
    totals = {team: tuple(sum((v[i] for v in rs.values()), ZERO) for i in range(n))
              for team, rs in per.items()}
    return BoardTable(n, per, totals, opps)


def _round_points(t: Tournament, team: int, r: TeamRound, n: int,
                  bye: str | None) -> tuple[Decimal, ...]:
    s = t.scoring
    if r.pab or (r.opponent is None and bye in ("F", "H")):
        each = s.draw if bye == "H" and not r.pab else s.win
        return (each,) * n
    out = [ZERO] * n
    fixed = any(lu.round == r.round and lu.team == team for lu in t.lineups)
    games = [b for b in r.boards if b.opponent is not None or b.kind not in _ABSENT]
    for i, b in enumerate(sorted(games, key=lambda x: x.board)):
        place = b.board if fixed else i + 1
        if 1 <= place <= n:
            out[place - 1] += _game_points(t, b.player, r.round, b.kind)
    return tuple(out)


def _game_points(t: Tournament, player: int, rnd: int, kind: Kind) -> Decimal:
    if kind is Kind.FORFEIT_WIN:  # Art. 12: a forfeit is a standard win or loss
        return t.scoring.win
    if kind is Kind.FORFEIT_LOSS:
        return t.scoring.loss
    return t.scoring.points(t.by_number[player].entry(rnd))


# --------------------------------------------------------------------------- Art. 12


def board_count(bt: BoardTable, points: Mapping[int, Sequence[Decimal]] | None = None
                ) -> dict[int, Decimal]:
    """12.1: sum of board number x game points on that board (lower ranks higher)."""
    src = bt.totals if points is None else points
    return {team: sum((Decimal(i + 1) * p for i, p in enumerate(v)), ZERO)
            for team, v in src.items()}


def tbr_key(v: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """12.2: board 1, then board 2, ... (higher ranks higher)."""
    return tuple(v)


def bbe_key(v: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """12.3: all boards but the bottom one, then one board fewer, ... (higher ranks higher)."""
    return tuple(sum(v[: len(v) - k], ZERO) for k in range(1, len(v)))


def ranks_by(group: Sequence[int], key: Callable[[int], SupportsRichComparison],
             higher_first: bool = True) -> dict[int, int]:
    """Ranks inside ``group`` by ``key`` (1 = first; equal keys share a rank)."""
    ordered = sorted(group, key=key, reverse=higher_first)
    out: dict[int, int] = {}
    for i, n in enumerate(ordered):
        same = i and key(ordered[i - 1]) == key(n)
        out[n] = out[ordered[i - 1]] if same else i + 1
    return out


def tiers_of(ranks: Mapping[int, int]) -> list[list[int]]:
    """The groups of ``ranks`` in rank order."""
    out: dict[int, list[int]] = {}
    for n, r in ranks.items():
        out.setdefault(r, []).append(n)
    return [sorted(out[r]) for r in sorted(out)]


# --------------------------------------------------------------------------- Art. 13.3


def ede_tiers(ctxs: Mapping[str, tb.Context], bt: BoardTable, spec: tb.Spec,
              group: Sequence[int], primary: str = "MP") -> list[list[int]]:
    """13.3: the group split by Art. 6 on the primary score and, where that breaks no tie, on
    the secondary score; two teams still tied go on with the chain of ``spec`` (13.3.2)."""
    return _ede(ctxs, bt, spec, list(group), primary, False)


def _ede(ctxs, bt: BoardTable, spec: tb.Spec, group: list[int], score: str,
         switched: bool) -> list[list[int]]:
    """Art. 6 with ``score`` (it re-applies itself to every group it leaves tied, on the same
    score); a group it leaves tied goes on with the other score, until neither breaks it."""
    if len(group) < 2:
        return [group]
    other = "GP" if score == "MP" else "MP"
    tiers = tb.direct_encounter_tiers(ctxs[score], spec, group)
    if len(tiers) > 1:
        return [sub for tier in tiers for sub in _ede(ctxs, bt, spec, tier, other, False)]
    if not switched:
        return _ede(ctxs, bt, spec, group, other, True)
    chain = CHAINS.get(spec.name, "")
    if len(group) == 2 and chain:
        return _chain(bt, group, chain)
    return [group]


def _chain(bt: BoardTable, pair: list[int], chain: str) -> list[list[int]]:
    """13.3.2: BC (C), TBR (T), BBE (B) of the matches the two teams played against each
    other, in the order of ``chain``, until one separates them."""
    a, b = pair
    met = [r for r, o in bt.opponents[a].items() if o == b]
    if not met:
        return [pair]
    pts = {x: tuple(sum((bt.rounds[x][r][i] for r in met), ZERO) for i in range(bt.boards))
           for x in pair}
    bc = board_count(bt, pts)
    keys: dict[str, tuple[Callable[[int], SupportsRichComparison], bool]] = {
        "C": (lambda x: bc[x], False), "T": (lambda x: tbr_key(pts[x]), True),
        "B": (lambda x: bbe_key(pts[x]), True)}
    for stage in chain:
        ranks = ranks_by(pair, *keys[stage])
        if len(set(ranks.values())) > 1:
            return tiers_of(ranks)
    return [pair]


def group_ranks(ctxs: Mapping[str, tb.Context], bt: BoardTable, spec: tb.Spec,
                group: Sequence[int], primary: str = "MP") -> dict[int, int]:
    """Ranks inside ``group`` for TBR, BBE and the EDE family (1 = first)."""
    if spec.name == "TBR":
        return ranks_by(group, lambda x: tbr_key(bt.totals[x]))
    if spec.name == "BBE":
        return ranks_by(group, lambda x: bbe_key(bt.totals[x]))
    out, pos = {}, 1
    for tier in ede_tiers(ctxs, bt, spec, group, primary):
        out.update({x: pos for x in tier})
        pos += len(tier)
    return out


# --------------------------------------------------------------------------- Art. 13.4


def sssc(ctxs: Mapping[str, tb.Context], bt: BoardTable, spec: tb.Spec,
         primary: str = "MP") -> dict[int, Decimal]:
    """13.4: secondary score + BH(primary, with the code's cuts) / normalising factor."""
    own, other = ctxs[primary], ctxs["GP" if primary == "MP" else "MP"]
    factor = Decimal(spec.normaliser) if spec.normaliser else normalising_factor(own, other)
    bh = tb.compute(own, tb.Spec(spec.code, "FB" if spec.fore else "BH",
                                 cut_low=spec.cut_low, cut_high=spec.cut_high))
    return {x: (other.score[x] + (bh[x] or ZERO) / factor).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP) for x in own.score}


def normalising_factor(own: tb.Context, other: tb.Context) -> Decimal:
    """13.4: the highest primary score of the tournament over the highest secondary score
    of one match, rounded towards zero (at least 1)."""
    rounds = own.t.rounds or own.rounds
    best = own.win * rounds / other.win
    return max(Decimal(1), best.quantize(Decimal(1), rounding=ROUND_DOWN))
