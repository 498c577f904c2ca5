"""FIDE Swiss Team Pairing System, C.04.6 (approved 28/10/2025, applied from 1 Feb 2026), and
its 2024 edition (applied 1 Aug 2024 - 31 Jan 2026) where they differ (:mod:`.edition2024`).

The system is procedural (art. 3.3.2): the pairing-allocated bye is assigned first (art. 3.4);
then, while teams are left, the *top-scoregroup* (art. 3.2) is joined by a set of upfloaters
(art. 3.5) into a bracket that is paired in the lexicographic order of art. 3.6; colours are
allocated last, pair by pair (art. 4). There are no downfloaters and no absolute colour rules
(preface: C.04.1 arts. 6 and 7 never apply).

Criteria (art. 2), each defined once in :data:`CRITERIA`:

* absolute: [C1] no two teams meet twice (C.04.1 art. 2; a forfeited match is no meeting,
  C.04.2 art. 3.5); [C2] no PAB for a team that had a PAB, won a match by forfeit or had a
  full-point bye (art. 2.1.2);
* completion: [C3] the teams not yet paired can always still be paired (art. 2.2.1);
* quality, in descending priority: [C4] fewest upfloaters; [C5] upfloaters' scores as high as
  possible (ascending order compared); [C6] the following scoregroup can be paired with the
  fewest upfloaters its parity allows; [C7] fewest upfloaters that floated in the previous round
  (not in the last two rounds); [C8] fewest teams whose colour preference is not met; [C9] (type
  B) fewest strong preferences not met; [C10] fewest upfloaters' opponents that floated in the
  previous round (not in the last two rounds).

Readings where the text is open (each marked ``reading`` in the code):

* [C6] is read as a pass/fail test (the reading of the FIDE TEC reference engine Gacrux):
  the rest of the following scoregroup can be paired, with C1 and C3, using 0 upfloaters when it
  is even and 1 when it is odd.
* "Choose the first set / pairing that complies with" minimisation criteria means: the best
  value reachable, criteria in priority order, ties broken by the lexicographic order of
  art. 3.5.4 / 3.6.3.
* C8 and C9 are counted per pair: art. 4 grants both preferences of a pair unless both teams
  prefer the same colour (4.3.2, 4.3.3), and a strong preference beats a mild one (4.3.4).
* "Matches played" (3.4.3) and meetings (C1) count matches played over the board only.
* Floaters (art. 1.5) are judged on the pairing scores of the previous round.
* Colour histories are squeezed (C.04.2 art. 3.4) and compared right-aligned in 4.3.6.

Exactness does not depend on a search budget: brackets are paired by a minimum-cost perfect
matching (the C8 > C9 > C10 costs are per pair) and the lexicographically first optimal pairing
is then built team by team, each step checked by a matching.

>>> SYSTEM.name, SYSTEM.teams, [c.key for c in CRITERIA][:3]
('team', True, ['C1', 'C2', 'C3'])
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterator, Sequence

from ...matching import max_matching, max_weight_matching
from ...model import Color, Tournament
from ...pairing import Pair, RoundPairing
from ...system import Citations, Criterion, UnpairableError, Violation
from ...teams import TeamRound, is_team_event, team_rounds

ARTICLE = "C.04.6 (2026)"

CRITERIA: tuple[Criterion, ...] = (
    Criterion("C1", "C.04.6 art. 2.1.1 (2026)", "teams meeting a second time", absolute=True),
    Criterion("C2", "C.04.6 art. 2.1.2 (2026)",
              "pairing-allocated bye to a team that had a PAB, a forfeit win or a full-point bye",
              absolute=True),
    Criterion("C3", "C.04.6 art. 2.2.1 (2026)",
              "completion: the teams not yet paired must still be pairable", absolute=True),
    Criterion("PAB", "C.04.6 art. 3.4 (2026)",
              "the pairing-allocated bye goes to the lowest score, then the most matches played, "
              "then the largest TPN"),
    Criterion("C4", "C.04.6 art. 2.3.1 (2026)", "number of upfloaters"),
    Criterion("C5", "C.04.6 art. 2.3.2 (2026)",
              "score differences in the pairs with upfloaters (largest first)"),
    Criterion("C6", "C.04.6 art. 2.3.3 (2026)",
              "the following scoregroup can be paired with the fewest upfloaters"),
    Criterion("C7", "C.04.6 art. 2.3.4 (2026)",
              "upfloaters who were floaters in the previous round"),
    Criterion("C8", "C.04.6 art. 2.3.5 (2026)", "teams whose colour preference is not met"),
    Criterion("C9", "C.04.6 art. 2.3.6 (2026)",
              "teams whose strong colour preference is not met (type B)"),
    Criterion("C10", "C.04.6 art. 2.3.7 (2026)",
              "upfloaters' opponents who were floaters in the previous round"),
)

_CODE = re.compile(r"^FIDE_TEAM(?:_(TYPEA|TYPEB))?(?:_(MP|GP))?(?:_(MP|GP))?(_BAKU)?$")


@dataclass(frozen=True)
class Settings:
    """The team competition's choices that C.04.6 leaves to its rules (art. 1.2, 1.7)."""

    preferences: str = "A"  # "A", "B" or "" (no colour preferences)
    primary: str = "MP"  # "MP" or "GP"
    secondary: str = "GP"  # used for colour allocation (4.2.2); "" = not used


def settings_from_code(code: str) -> Settings:
    """Settings from a TRF26 192 team code (``FIDE_TEAM`` = ``FIDE_TEAM_TYPEA_MP_GP``).

    >>> settings_from_code("FIDE_TEAM_TYPEB_MP")
    Settings(preferences='B', primary='MP', secondary='')
    >>> settings_from_code("FIDE_TEAM_GP_MP")
    Settings(preferences='', primary='GP', secondary='MP')
    >>> settings_from_code("FIDE_TEAM_BAKU")
    Settings(preferences='A', primary='MP', secondary='GP')
    """
    m = _CODE.match((code or "").strip().upper())
    if not m or not any(m.groups()):
        return Settings()
    kind, primary, secondary, _ = m.groups()
    prefs = {"TYPEA": "A", "TYPEB": "B", None: ""}[kind]
    if kind is None and primary is None:
        prefs = "A"
    if primary is None:  # FIDE_TEAM, FIDE_TEAM_TYPEB ...: the defaults of art. 1.2.2
        return Settings(prefs, "MP", "GP")
    return Settings(prefs, primary, secondary or "")


@dataclass(frozen=True)
class TeamState:
    """One team before the round."""

    number: int  # TPN (art. 1.1)
    name: str
    score: Decimal  # primary score + acceleration (pairing score)
    secondary: Decimal
    opponents: frozenset[int]  # teams met in played matches
    colours: tuple[Color, ...]  # board-1 colours of played matches, squeezed (C.04.2 3.4)
    pab_barred: bool  # C2
    matches_played: int
    floated_last: bool  # a floater in the previous round (art. 1.5)
    pref: Color  # colour preference (art. 1.7), NONE if none
    strong: bool  # type B strong preference (type A preferences count as strong for 4.3.4)
    games_played: int = 0  # board games played over the board (the 2024 text's PAB order)

    @property
    def colour_difference(self) -> int:
        return sum(1 if c is Color.WHITE else -1 for c in self.colours)


@dataclass(frozen=True)
class TeamRoundState:
    round: int
    rounds: int
    teams: dict[int, TeamState]
    to_pair: tuple[int, ...]  # by TPN
    settings: Settings
    initial_colour: Color
    forbidden: frozenset[frozenset[int]]
    # the float criteria do not apply (C.04.6: the last two rounds; C.04.5: the last round)
    floats_lapse: bool
    edition: str = "2026"  # "2026" or "2024" (:mod:`.edition2024`)

    def met(self, a: int, b: int) -> bool:
        return b in self.teams[a].opponents or frozenset((a, b)) in self.forbidden


@dataclass(frozen=True)
class Quality:
    """The quality record of a team round-pairing (lower is better, field by field).

    ``PAB`` ranks the bye team by art. 3.4 (score, then fewest matches played, then smallest
    TPN: lower is better). With ``against`` (see :func:`evaluate`) the other fields hold the
    values of the first bracket in which the two pairings part, which is how the procedure of
    art. 3.3.2 decides; without it they are counted over the round.
    """

    PAB: tuple
    C4: int
    C5: tuple[Decimal, ...]
    C6: int
    C7: int
    C8: int
    C9: int
    C10: int


# --------------------------------------------------------------------------- preferences


def preference(colours: Sequence[Color], kind: str, last_round: bool) -> tuple[Color, bool]:
    """Colour preference of a team (art. 1.7) and whether it is strong.

    >>> W, B = Color.WHITE, Color.BLACK
    >>> preference((B, B), "A", False)
    (<Color.WHITE: 'w'>, True)
    >>> preference((W,), "A", False), preference((W,), "B", False)
    ((<Color.NONE: '-'>, False), (<Color.BLACK: 'b'>, False))
    >>> preference((W, B), "B", False), preference((W, B), "B", True)  # CD 0: mild, not last round
    ((<Color.WHITE: 'w'>, False), (<Color.NONE: '-'>, False))
    """
    if not kind or not colours:
        return Color.NONE, False
    cd = sum(1 if c is Color.WHITE else -1 for c in colours)
    last2 = tuple(colours[-2:])
    if cd < -1 or (cd in (0, -1) and last2 == (Color.BLACK, Color.BLACK)):
        return Color.WHITE, True
    if cd > 1 or (cd in (0, 1) and last2 == (Color.WHITE, Color.WHITE)):
        return Color.BLACK, True
    if kind != "B":
        return Color.NONE, False
    if cd == -1 or (cd == 0 and not last_round and colours[-1] is Color.BLACK):
        return Color.WHITE, False
    if cd == 1 or (cd == 0 and not last_round and colours[-1] is Color.WHITE):
        return Color.BLACK, False
    return Color.NONE, False


# --------------------------------------------------------------------------- state


def _code(t: Tournament) -> str:
    return (t.system or "").strip().upper()


def round_state(t: Tournament, rnd: int, *, edition: str = "2026",
                settings: Settings | None = None) -> TeamRoundState:
    """The state of every team before round ``rnd`` (the one place it is derived).

    [C2] of ``edition``: 2026 bars a team that had a PAB, won a match by forfeit or had a
    full-point bye; 2024 one that had a PAB or "scored in one single round, without playing,
    the same score rewarded for a win" (:func:`.edition2024.bars_pab`)."""
    from .edition2024 import bars_pab as bars_pab_2024

    settings = settings or settings_from_code(_code(t))
    history = team_rounds(t)
    names = {tm.number: tm.name for tm in t.teams}
    rounds = t.rounds or max(t.played_rounds, rnd)
    virtual = _virtual_points(t)
    scores = {n: _scores(rs[: rnd - 1], settings) for n, rs in history.items()}
    prev_scores = {n: _scores(rs[: rnd - 2], settings) for n, rs in history.items()}
    byes = {(b.round, n): b.kind.value for b in t.declared_byes for n in b.players}
    teams: dict[int, TeamState] = {}
    for n, rs in history.items():
        past = rs[: rnd - 1]
        colours = tuple(r.colour for r in past if r.played and r.colour is not Color.NONE)
        last = rnd == rounds
        pref, strong = preference(colours, settings.preferences, last)
        if edition == "2024":
            barred = any(bars_pab_2024(t, r, byes.get((r.round, n))) for r in past)
        else:
            barred = any(r.pab or r.forfeit == "+-" or byes.get((r.round, n)) == "F" for r in past)
        floated = False
        if rnd >= 2 and len(rs) >= rnd - 1:
            prev = rs[rnd - 2]
            if prev.opponent is not None and prev.played:
                mine = prev_scores[n][0] + virtual.get((n, rnd - 1), Decimal(0))
                theirs = prev_scores.get(prev.opponent, (Decimal(0),))[0] + virtual.get(
                    (prev.opponent, rnd - 1), Decimal(0))
                floated = mine != theirs
        teams[n] = TeamState(
            n, names.get(n, ""), scores[n][0] + virtual.get((n, rnd), Decimal(0)), scores[n][1],
            frozenset(r.opponent for r in past if r.played and r.opponent is not None),
            colours, barred, sum(1 for r in past if r.played), floated, pref, strong,
            sum(1 for r in past if r.played for b in r.boards if b.kind.played))
    to_pair = tuple(sorted(_to_pair(t, rnd, history, byes)))
    forbidden = frozenset(frozenset((x, y)) for fp in t.forbidden_pairs if fp.applies(rnd)
                          for x, y in itertools.combinations(fp.players, 2))
    return TeamRoundState(rnd, rounds, teams, to_pair, settings, _initial(t, history),
                          forbidden, rnd >= rounds - 1, edition)


def _scores(rs: Sequence[TeamRound], settings: Settings) -> tuple[Decimal, Decimal]:
    mp = sum((r.match_points for r in rs), Decimal(0))
    gp = sum((r.game_points for r in rs), Decimal(0))
    primary, secondary = (mp, gp) if settings.primary == "MP" else (gp, mp)
    return primary, secondary if settings.secondary else Decimal(0)


def _virtual_points(t: Tournament) -> dict[tuple[int, int], Decimal]:
    """(team, round) -> virtual points of C.04.7 (TRF26 250 for teams)."""
    out: dict[tuple[int, int], Decimal] = {}
    for a in t.acceleration:
        values = a.match_points or a.points
        for rnd, v in enumerate(values, 1):
            if v:
                out[a.player, rnd] = out.get((a.player, rnd), Decimal(0)) + v
    return out


def _to_pair(t: Tournament, rnd: int, history: dict[int, list[TeamRound]],
             byes: dict[tuple[int, int], str]) -> list[int]:
    """Teams to be paired in ``rnd``: those the file shows paired (a match, forfeit or PAB) in
    a recorded round; in a round not yet paired, every team without a declared bye."""
    recorded = any(len(rs) >= rnd and rs[rnd - 1].paired for rs in history.values())
    if recorded:
        return [n for n, rs in history.items() if len(rs) >= rnd and rs[rnd - 1].paired]
    return [n for n in history if (rnd, n) not in byes]


def _initial(t: Tournament, history: dict[int, list[TeamRound]]) -> Color:
    """Initial colour (art. 4.1): TRF 152 when given, else read off round 1 (the colour the
    odd-TPN first-team received), else White."""
    if t.initial_color is not Color.NONE:
        return t.initial_color
    for n in sorted(history):
        rs = history[n]
        if rs and rs[0].played and rs[0].opponent is not None and rs[0].colour is not Color.NONE:
            first, other = (n, rs[0].opponent) if n < rs[0].opponent else (rs[0].opponent, n)
            colour = rs[0].colour if first == n else rs[0].colour.opposite
            return colour if first % 2 == 1 else colour.opposite
    return Color.WHITE


# --------------------------------------------------------------------------- matching helpers


def _adjacency(st: TeamRoundState, teams: Sequence[int]) -> list[int]:
    adj = [0] * len(teams)
    for i, a in enumerate(teams):
        for j in range(i + 1, len(teams)):
            if not st.met(a, teams[j]):
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return adj


def pairable(st: TeamRoundState, teams: Sequence[int]) -> bool:
    """True when ``teams`` can all be paired among themselves without breaking C1."""
    if len(teams) % 2:
        return False
    if not teams:
        return True
    m = max_matching(_adjacency(st, list(teams)), perfect=True)
    return all(x >= 0 for x in m)


# --------------------------------------------------------------------------- PAB (art. 3.4)


def choose_pab(st: TeamRoundState) -> int | None:
    """The PAB team: leaves a legal pairing, lowest score, most matches played, largest TPN."""
    teams = list(st.to_pair)
    if len(teams) % 2 == 0:
        return None
    ranked = sorted((n for n in teams if not st.teams[n].pab_barred),
                    key=lambda n: _pab_rank(st, n))
    for n in ranked:
        if pairable(st, [x for x in teams if x != n]):
            return n
    raise UnpairableError("no team can receive the pairing-allocated bye and leave the others "
                          f"pairable (C.04.6 ({st.edition}) PAB rule, C2)")


# --------------------------------------------------------------------------- upfloaters (3.5)


def _profiles(levels: list[tuple[Decimal, list[int]]], k: int) -> list[tuple[int, ...]]:
    """How many upfloaters to take from each lower score level, best [C5] first: the scores
    taken in ascending order are maximised lexicographically (art. 2.3.2)."""
    out = []
    for counts in _compositions(k, [len(ts) for _, ts in levels]):
        scores = sorted(s for (s, _), c in zip(levels, counts) for _ in range(c))
        out.append((tuple(scores), counts))
    out.sort(key=lambda x: x[0], reverse=True)
    return [c for _, c in out]


def _compositions(k: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    if not caps:
        if k == 0:
            yield ()
        return
    for c in range(min(k, caps[0]), -1, -1):
        for rest in _compositions(k - c, caps[1:]):
            yield (c, *rest)


def _sets(levels: list[tuple[Decimal, list[int]]], counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Upfloater sets of a profile in the order of art. 3.5.3-3.5.4 (by descending score, then
    TPN; sets compared lexicographically)."""
    parts = [itertools.combinations(ts, c) for (_, ts), c in zip(levels, counts)]
    for combo in itertools.product(*parts):
        yield tuple(x for part in combo for x in part)


def _c6_fails(st: TeamRoundState, remaining: list[int], bracket: set[int],
              following: list[int]) -> bool:
    """[C6]: "Unless all the teams in the following scoregroup became or are upfloaters (thus
    this scoregroup is now empty), choose the set of upfloaters so that [C1], [C3] and [C4]
    are complied with in the bracket where this (not empty) scoregroup is paired."

    The following scoregroup is the next lower score among the teams to be paired this round,
    whether or not its teams were taken as upfloaters by an earlier bracket (then it is
    "now empty" and C6 does not apply). Reading of [C4] there (as Gacrux): what is left of
    it pairs, with C1 and C3, using the parity minimum of upfloaters (0 or 1).
    """
    rest = [n for n in following if n in remaining and n not in bracket]
    if not rest:
        return False
    others = [n for n in remaining if n not in bracket and n not in rest]
    lower = [n for n in others if st.teams[n].score < st.teams[rest[0]].score]
    if len(rest) % 2 == 0:
        return not (pairable(st, rest) and pairable(st, others))
    for u in lower:
        group = rest + [u]
        if pairable(st, group) and pairable(st, [n for n in others if n != u]):
            return False
    return True


def _c6(st: TeamRoundState, remaining: list[int], bracket: set[int],
        following: list[int]) -> int:
    """[C6] of the edition: 2026 pass/fail (:func:`_c6_fails`), 2024 graded: the teams of the
    following scoregroup that cannot be paired in it (:func:`.edition2024.c6_unpaired`)."""
    if st.edition == "2024":
        from .edition2024 import c6_unpaired

        return c6_unpaired(st, remaining, bracket, following)
    return int(_c6_fails(st, remaining, bracket, following))


def _c7(st: TeamRoundState, ups: Sequence[int]) -> int:
    """2026 [C7]: upfloaters who floated in the previous round, at set level; the 2024 text has
    no set-level float criterion (its [C9] is counted per pair, :func:`_pair_cost`)."""
    if st.floats_lapse or st.edition == "2024":
        return 0
    return sum(st.teams[n].floated_last for n in ups)


def _following(st: TeamRoundState, top: Decimal) -> list[int]:
    """The teams of the scoregroup just below ``top`` among all teams to be paired."""
    lower = sorted({st.teams[n].score for n in st.to_pair if st.teams[n].score < top},
                   reverse=True)
    return [n for n in st.to_pair if lower and st.teams[n].score == lower[0]]


def choose_upfloaters(st: TeamRoundState, remaining: list[int]) -> tuple[int, ...]:
    """The set of upfloaters for the top-scoregroup of ``remaining`` (art. 3.5)."""
    top = max(st.teams[n].score for n in remaining)
    residents = [n for n in remaining if st.teams[n].score == top]
    lower = sorted((n for n in remaining if st.teams[n].score < top),
                   key=lambda n: (-st.teams[n].score, n))
    levels: list[tuple[Decimal, list[int]]] = []
    for n in lower:
        score = st.teams[n].score
        if not levels or levels[-1][0] != score:
            levels.append((score, []))
        levels[-1][1].append(n)
    following = _following(st, top)
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for counts in _profiles(levels, k):
            best: tuple | None = None
            for index, s in enumerate(_sets(levels, counts)):
                bracket = residents + list(s)
                if not pairable(st, bracket):
                    continue
                rest = [n for n in remaining if n not in bracket]
                if not pairable(st, rest):  # C3
                    continue
                key = (_c6(st, remaining, set(bracket), following),
                       _c7(st, s), index)
                if best is None or key < best[0]:
                    best = (key, s)
            if best is not None:
                return best[1]
    raise UnpairableError(f"the top-scoregroup {residents} cannot be completed with upfloaters "
                          "(C.04.6 art. 3.5, C3)")


# --------------------------------------------------------------------------- bracket (3.6)


def _pair_cost(st: TeamRoundState, a: int, b: int, ups: frozenset[int]) -> int:
    """C8, C9 and C10 of one pair as one number (C8 first)."""
    ta, tb = st.teams[a], st.teams[b]
    c8 = int(ta.pref is not Color.NONE and ta.pref is tb.pref)
    c9 = int(st.settings.preferences == "B" and c8 and ta.strong and tb.strong)
    c10 = 0
    if st.floats_lapse:
        pass
    elif st.edition == "2024":  # [C9]: teams that float in consecutive rounds
        c10 = int(ta.score != tb.score) * (int(ta.floated_last) + int(tb.floated_last))
    else:
        c10 = int(a in ups and tb.floated_last) + int(b in ups and ta.floated_last)
    return c8 * 10_000 + c9 * 100 + c10


def pair_bracket(st: TeamRoundState, bracket: Sequence[int], ups: frozenset[int]) -> list[tuple[int, int]]:
    """The first pairing in the order of art. 3.6.3 among those best on C8 > C9 > C10."""
    teams = sorted(bracket)
    allowed = {(a, b) for a, b in itertools.combinations(teams, 2) if not st.met(a, b)}
    cost = {(a, b): _pair_cost(st, a, b, ups) for a, b in allowed}
    solver = _Optimum(teams, cost)
    best = solver.value(allowed)
    if best is None:
        raise UnpairableError(f"bracket {teams} cannot be paired (C1)")
    return _first_optimal(teams, allowed, solver, best)


class _Optimum:
    """Minimum total cost of a perfect matching over a set of edges (exact: a cardinality
    matching when every edge costs 0, else a weighted blossom). Edge sets only shrink, so an
    optimal matching of the whole bracket that lies inside a subset is optimal there too."""

    def __init__(self, teams: list[int], cost: dict[tuple[int, int], int]):
        self.teams = teams
        self.cost = cost
        self.big = 1 + sum(cost.values())
        self.best: int | None = None
        self.witness: set[tuple[int, int]] | None = None

    def value(self, edges: set[tuple[int, int]]) -> int | None:
        if self.witness is not None and self.witness <= edges:
            return self.best
        if all(self.cost[e] == 0 for e in edges):
            m = _cardinality(self.teams, edges)
        else:
            m = _weighted(self.teams, edges, self.cost, self.big)
        if m is None:
            return None
        value = sum(self.cost[e] for e in m)
        if self.best is None or value <= self.best:
            self.best, self.witness = value, m
        return value


def _cardinality(teams: list[int], edges: set[tuple[int, int]]) -> set[tuple[int, int]] | None:
    index = {n: i for i, n in enumerate(teams)}
    adj = [0] * len(teams)
    for a, b in edges:
        adj[index[a]] |= 1 << index[b]
        adj[index[b]] |= 1 << index[a]
    m = max_matching(adj, perfect=True)
    if any(x < 0 for x in m):
        return None
    return {(teams[i], teams[j]) for i, j in enumerate(m) if i < j}


def _weighted(teams, edges, cost, big) -> set[tuple[int, int]] | None:
    m = max_weight_matching([(a, b, big - cost[a, b]) for a, b in edges], maxcardinality=True)
    if 2 * len(m) != len(teams):
        return None
    return {(min(a, b), max(a, b)) for a, b in m}


def _first_optimal(teams: list[int], allowed: set[tuple[int, int]], solver: _Optimum,
                   best: int) -> list[tuple[int, int]]:
    """Build the art. 3.6.2 identifier position by position: first the set of top members
    (each team from the smallest TPN up is a top member if an optimal pairing allows it), then
    the bottom member of each top member in turn (smallest first)."""
    edges = set(allowed)
    tops: list[int] = []
    for x in teams:
        as_top = {e for e in edges if not (e[1] == x)}  # x's partner is larger
        if solver.value(as_top) == best:
            edges = as_top
            tops.append(x)
        else:
            edges = {e for e in edges if not (e[0] == x)}  # x's partner is smaller
    pairs = []
    for t in tops:
        for y in sorted(b for a, b in edges if a == t):
            fixed = {e for e in edges if (e == (t, y)) or not ({t, y} & set(e))}
            if solver.value(fixed) == best:
                edges = fixed
                pairs.append((t, y))
                break
    return pairs


# --------------------------------------------------------------------------- colours (art. 4)


def allocate(st: TeamRoundState, a: int, b: int) -> tuple[int, int]:
    """(white, black) of a pair by art. 4.3 (first rule that decides)."""
    ta, tb = st.teams[a], st.teams[b]
    first, other = (ta, tb) if (ta.score, ta.secondary, -ta.number) > (
        tb.score, tb.secondary, -tb.number) else (tb, ta)
    w = _colour_of_first(st, first, other)
    return (first.number, other.number) if w is Color.WHITE else (other.number, first.number)


def _colour_of_first(st: TeamRoundState, first: TeamState, other: TeamState) -> Color:
    if not first.colours and not other.colours:  # 4.3.1
        return st.initial_colour if first.number % 2 == 1 else st.initial_colour.opposite
    fp, op = first.pref, other.pref
    if (fp is Color.NONE) != (op is Color.NONE):  # 4.3.2
        return fp if fp is not Color.NONE else op.opposite
    if fp is not Color.NONE and fp is op.opposite:  # 4.3.3
        return fp
    if st.settings.preferences == "B" and fp is not Color.NONE and first.strong != other.strong:
        return fp if first.strong else op.opposite  # 4.3.4
    if first.colour_difference != other.colour_difference:  # 4.3.5
        return Color.WHITE if first.colour_difference < other.colour_difference else Color.BLACK
    for x, y in zip(reversed(first.colours), reversed(other.colours)):  # 4.3.6
        if x is not y:
            return x.opposite
    if fp is not Color.NONE:  # 4.3.7
        return fp
    if first.colours:  # 4.3.8
        return first.colours[-1].opposite
    return other.colours[-1]  # 4.3.9: other alternates, first gets its last colour


# --------------------------------------------------------------------------- round


def pair(st: TeamRoundState) -> RoundPairing:
    """The round-pairing of C.04.6 art. 3.3.2 with colours of art. 4, in board order."""
    pab = choose_pab(st)
    remaining = [n for n in st.to_pair if n != pab]
    pairs: list[tuple[int, int]] = []
    while remaining:
        ups = choose_upfloaters(st, remaining)
        top = max(st.teams[n].score for n in remaining)
        bracket = [n for n in remaining if st.teams[n].score == top] + list(ups)
        pairs += pair_bracket(st, bracket, frozenset(ups))
        remaining = [n for n in remaining if n not in bracket]
    coloured = [Pair(*allocate(st, a, b)) for a, b in pairs]
    return RoundPairing(st.round, tuple(sorted(coloured, key=lambda p: _board_key(st, p))), pab)


def _board_key(st: TeamRoundState, p: Pair) -> tuple:
    a, b = st.teams[p.white], st.teams[p.black]
    hi = a if (a.score, -a.number) >= (b.score, -b.number) else b
    return (-hi.score, -(a.score + b.score), hi.number)


def evaluate(st: TeamRoundState, pairing: RoundPairing, *,
             against: RoundPairing | None = None) -> Any:
    """The quality record of a round-pairing.

    The round is read the way art. 3.3.2 builds it: the bye first, then top-scoregroup by
    top-scoregroup, each bracket being the residents and the teams paired with them (the
    upfloaters). With ``against`` every field but ``PAB`` is the value of the first bracket in
    which ``pairing`` and ``against`` part; without it, the sum over all brackets.
    """
    brackets = _brackets(st, pairing)
    if against is not None:
        others = _brackets(st, against)
        for mine, theirs in itertools.zip_longest(brackets, others):
            if _unordered(mine) != _unordered(theirs):  # colours are compared elsewhere
                brackets = [mine] if mine is not None else []
                break
        else:
            brackets = []
    records = [_bracket_quality(st, pairing, *b) for b in brackets]
    total = tuple(sum(r[i] for r in records) for i in (0, 2, 3, 4, 5, 6))
    c5 = tuple(sorted((d for r in records for d in r[1]), reverse=True))
    if st.edition == "2024":
        from .edition2024 import Quality2024

        return Quality2024(_pab_rank(st, pairing.bye), total[0], c5, total[1], total[3],
                           total[4], total[5])
    return Quality(_pab_rank(st, pairing.bye), total[0], c5, *total[1:])


def _unordered(bracket: tuple | None) -> tuple | None:
    """A bracket of :func:`_brackets` with its pairs as sets: two brackets with the same pairs
    in other colours are the same bracket for the quality criteria."""
    if bracket is None:
        return None
    residents, ups, pairs, remaining = bracket
    return residents, ups, frozenset(frozenset(p) for p in pairs), remaining


def _pab_rank(st: TeamRoundState, bye: int | None) -> tuple:
    """The bye's rank, lower first: the lowest score, then (2026 art. 3.4) the most matches
    played or (2024) the most games played, then the largest TPN."""
    if bye is None or bye not in st.teams:
        return ()
    t = st.teams[bye]
    played = t.games_played if st.edition == "2024" else t.matches_played
    return (t.score, -played, -t.number)


def _brackets(st: TeamRoundState, pairing: RoundPairing) -> list[tuple]:
    """(residents, upfloaters, pairs) of each bracket of ``pairing``, top down."""
    partner = {x: (p.white, p.black) for p in pairing.pairs for x in (p.white, p.black)}
    remaining = [n for n in st.to_pair if n != pairing.bye and n in partner]
    out = []
    while remaining:
        top = max(st.teams[n].score for n in remaining)
        residents = [n for n in remaining if st.teams[n].score == top]
        bracket = set(residents)
        for n in residents:
            bracket |= set(partner[n])
        ups = tuple(sorted(n for n in bracket if st.teams[n].score < top))
        pairs = tuple(sorted({partner[n] for n in bracket}))
        out.append((tuple(residents), ups, pairs, tuple(remaining)))
        remaining = [n for n in remaining if n not in bracket]
    return out


def _bracket_quality(st: TeamRoundState, pairing: RoundPairing, residents, ups, pairs,
                     remaining) -> tuple:
    top = st.teams[residents[0]].score
    c5 = tuple(sorted((top - st.teams[u].score for u in ups), reverse=True))
    bracket = set(residents) | set(ups)
    c6 = _c6(st, list(remaining), bracket, _following(st, top))
    c7 = _c7(st, ups)
    upset = set(ups)
    c8 = c9 = c10 = 0
    for a, b in pairs:
        if st.floats_lapse:
            continue
        if st.edition == "2024":
            ta, tb = st.teams[a], st.teams[b]
            c10 += int(ta.score != tb.score) * (int(ta.floated_last) + int(tb.floated_last))
        else:
            c10 += int(a in upset and st.teams[b].floated_last)
            c10 += int(b in upset and st.teams[a].floated_last)
    for p in pairing.pairs:
        if not p.colored or not ({p.white, p.black} & bracket):
            continue
        for n, got in ((p.white, Color.WHITE), (p.black, Color.BLACK)):
            ts = st.teams[n]
            if ts.pref is not Color.NONE and ts.pref is not got:
                c8 += 1
                c9 += int(st.settings.preferences == "B" and ts.strong)
    return (len(ups), c5, c6, c7, c8, c9, c10)


def violations(st: TeamRoundState, pairing: RoundPairing) -> list[Violation]:
    """Breaches of [C1] and [C2] by ``pairing``."""
    out = []
    for p in pairing.pairs:
        a, b = p.white, p.black
        if b in st.teams[a].opponents:
            out.append(Violation(CRITERIA[0].article, f"teams {_name(st, a)} and "
                                 f"{_name(st, b)} have already met", (a, b), st.round))
        elif frozenset((a, b)) in st.forbidden:
            out.append(Violation("competition rules: prohibited pairing (TRF26 260)",
                                 f"teams {_name(st, a)} and {_name(st, b)} may not be paired "
                                 "in this round (a prohibited pairing of the file)", (a, b),
                                 st.round))
    if pairing.bye is not None and st.teams[pairing.bye].pab_barred:
        out.append(Violation(CRITERIA[1].article, f"team {_name(st, pairing.bye)} received the "
                             "pairing-allocated bye after a PAB, a forfeit win or a full-point "
                             "bye", (pairing.bye,), st.round))
    return out


def _name(st: TeamRoundState, n: int) -> str:
    name = st.teams[n].name if n in st.teams else ""
    return f"{n} {name}".strip()


def published(t: Tournament, rnd: int) -> RoundPairing:
    """Round ``rnd`` of a team file as team pairs (White = the team White on board 1)."""
    history = team_rounds(t)
    seen: set[int] = set()
    pairs, bye = [], None
    for n, rs in sorted(history.items()):
        if len(rs) < rnd:
            continue
        r = rs[rnd - 1]
        if r.pab and bye is None:
            bye = n
        if r.opponent is None or n in seen or r.opponent not in history:
            continue
        seen |= {n, r.opponent}
        colour = r.colour if r.colour is not Color.NONE else r.scheduled
        if colour is Color.WHITE:
            pairs.append(Pair(n, r.opponent))
        elif colour is Color.BLACK:
            pairs.append(Pair(r.opponent, n))
        else:
            pairs.append(Pair(n, r.opponent, colored=False))
    return RoundPairing(rnd, tuple(pairs), bye)


# --------------------------------------------------------------------------- the System


@dataclass(frozen=True)
class TeamSwissSystem:
    """C.04.6 through the System contract (:mod:`pairchk.system`)."""

    name: str = "team"
    title: str = "FIDE Swiss Team Pairing System (C.04.6)"
    codes: tuple[str, ...] = ("FIDE_TEAM", "FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEA_MP",
                              "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_TYPEB_MP", "FIDE_TEAM_MP_GP",
                              "FIDE_TEAM_GP_MP", "FIDE_TEAM_MP", "FIDE_TEAM_GP",
                              "FIDE_TEAM_BAKU", "FIDE_TEAM_TYPEA_MP_GP_BAKU",
                              "FIDE_TEAM_TYPEB_MP_GP_BAKU", "FIDE_TEAM_TYPEA_MP_BAKU",
                              "FIDE_TEAM_TYPEB_MP_BAKU")
    editions: tuple[str, ...] = ("2026", "2024")
    fixed: bool = False
    teams: bool = True

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        from .edition2024 import select_edition

        return select_edition(t, override)

    def citations(self, edition: str) -> Citations:
        """The articles explanations cite (2024: rules in art. 2, colours in art. 4).

        >>> SYSTEM.citations("2024").colour_allocation
        'C.04.6 art. 4.3 (2024)'
        """
        order = "C.04.6 art. 2 (2024)" if edition == "2024" else "C.04.6 art. 3.5-3.6 (2026)"
        return Citations(f"C.04.6 art. 4.3 ({edition})", order, "art. 4.3.1")

    def criteria(self, edition: str) -> tuple[Criterion, ...]:
        if edition == "2024":
            from .edition2024 import CRITERIA_2024

            return CRITERIA_2024
        return CRITERIA

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        return published(t, rnd)

    def state(self, t: Tournament, rnd: int, *, edition: str) -> TeamRoundState:
        if not is_team_event(t):
            from ...errors import Unanswerable

            raise Unanswerable("the team system needs a team file (teams with players)")
        return round_state(t, rnd, edition=edition)

    def pair(self, state: TeamRoundState) -> RoundPairing:
        return pair(state)

    def evaluate(self, state: TeamRoundState, pairing: RoundPairing, *,
                 against: RoundPairing | None = None) -> Any:
        return evaluate(state, pairing, against=against)

    def violations(self, state: TeamRoundState, pairing: RoundPairing) -> list[Violation]:
        return violations(state, pairing)


SYSTEM = TeamSwissSystem()

__all__ = ["SYSTEM", "CRITERIA", "Quality", "Settings", "TeamRoundState", "TeamState", "pair",
           "evaluate", "violations", "round_state", "published", "preference"]
