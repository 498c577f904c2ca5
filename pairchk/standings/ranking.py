"""Standings: rank by points, then by the tournament's tie-break list (C.07), ties as ties;
and the check of published ranks against that list (C.02.03 §7: a pairings *and tie-break*
checker).

The list comes from ``--tiebreaks`` or from the file (TRF26 212, else 202 when it holds codes;
chess-json ``rankOrder``; the format's own field). Without a list the players are ranked by
points only, and the output says so (C.07 has no default list).

>>> from pairchk.model import Tournament, Player, RoundEntry as E, Kind as K, Color as C
>>> t = Tournament(start_date="2026-05-01", players=(
...     Player(1, entries=(E(K.DRAW, 3, C.WHITE),), rank=1),
...     Player(3, entries=(E(K.DRAW, 1, C.BLACK),), rank=2)))
>>> [(r.player, r.rank) for r in standings(t, "BPG").rows]
[(3, 1), (1, 2)]
>>> [f.message for f in check_standings(t, "BPG")][0][:67]
'published rank 1 of player #1 breaks the tie-break list: #3 is ahea'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from decimal import Decimal
from typing import Sequence

from . import tiebreak as tb
from ..model import Tournament
from ..errors import PairchkError


@dataclass(frozen=True)
class Row:
    player: int
    name: str
    rank: int
    points: Decimal
    values: tuple[tuple[str, tb.Value], ...]  # (code as given, value)

    @property
    def tiebreaks(self) -> dict[str, tb.Value]:
        return dict(self.values)


@dataclass(frozen=True)
class Standings:
    rows: tuple[Row, ...]
    codes: tuple[str, ...]
    round: int
    edition: tb.Edition
    edition_reason: str
    source: str  # where the list came from
    notes: tuple[str, ...] = ()
    unit: str = "player"  # "team" in a team event

    @property
    def by_player(self) -> dict[int, Row]:
        return {r.player: r for r in self.rows}

    def as_json(self) -> dict:
        return {
            "round": self.round,
            "edition": self.edition.value,
            "edition_text": self.edition.words,
            "edition_reason": self.edition_reason,
            "tiebreak_source": self.source,
            "tiebreak_list": list(self.codes),
            "notes": list(self.notes),
            "standings": [
                {self.unit: r.player, "name": r.name, "rank": r.rank, "points": float(r.points),
                 "tiebreaks": {c: _num(v) for c, v in r.values}}
                for r in self.rows
            ],
        }


def _num(v: tb.Value):
    """A JSON number: an int when whole, else a float (``Decimal("23.50")`` -> 23.5)."""
    if v is None:
        return None
    return int(v) if v == v.to_integral_value() else float(v)


def file_tiebreaks(t: Tournament) -> tuple[list[str], str]:
    """The tie-break list the file declares, and where it was found.

    >>> file_tiebreaks(Tournament(tiebreak_text="EDET/P,BH:MP/C1/P"))
    (['EDET/P', 'BH:MP/C1/P'], 'the file (TRF26 202)')
    """
    own = [c for c in t.tiebreaks if not c.startswith("chess-results:")]
    if own:
        named = {c: FRENCH_NAMES[_folded(c)] for c in own if _folded(c) in FRENCH_NAMES}
        read = ", ".join(f"{c} = {code}" for c, code in named.items())
        codes = [named.get(c, c) for c in own]
        unknown = [c for c in codes if not _known(c)]
        if unknown:
            hint = (f"; read as C.07: {read}; give --tiebreaks"
                    f" {','.join(c for c in codes if c not in unknown)}" if named else
                    "; give --tiebreaks")
            what = (f"tie-break {unknown[0]!r} is not a C.07 code" if len(unknown) == 1 else
                    f"tie-breaks {', '.join(map(repr, unknown))} are not C.07 codes")
            return [], f"none: the file's {what}, so players are ranked by points only{hint}"
        if named:
            return codes, (f"the file's tie-break field, its names read as C.07 codes ({read};"
                           " --tiebreaks overrides)")
        return own, "the file (TRF26 212 / the format's tie-break field)"
    text = t.tiebreak_text.strip()
    if text and re.fullmatch(r"[A-Za-z]{2,6}(:[A-Za-z]{2})?(/[A-Za-z0-9.+-]+)*"
                             r"(\s*,\s*[A-Za-z]{2,6}(:[A-Za-z]{2})?(/[A-Za-z0-9.+-]+)*)*", text):
        return [x.strip() for x in text.split(",")], "the file (TRF26 202)"
    return [], ("none: the file names no tie-breaks, so players are ranked by points only "
                "(C.07 has no default list; give --tiebreaks)")


# The French names of tie-breaks (Papi, FFE regulations) and the C.07 code of each: the
# Brazilian is the Buchholz less the lowest opponent's score, the Solkoff the full Buchholz,
# the cumulative the progressive score (sum of the running scores).
FRENCH_NAMES = {
    "buchholz": "BH", "solkoff": "BH", "bresilien": "BH/C1", "buchholz tronque": "BH/C1",
    "buchholz median": "BH/M1", "median": "BH/M1", "cumulatif": "PS", "progressif": "PS",
    "sonneborn-berger": "SB", "sonneborn berger": "SB", "koya": "KS", "performance": "TPR",
    "nombre de victoires": "WIN", "nombre de parties gagnees": "WIN",
    "moyenne elo des adversaires": "ARO", "elo moyen des adversaires": "ARO",
}


def _folded(name: str) -> str:
    """``name`` lower case, without accents and surrounding space: ``Brésilien`` -> ``bresilien``."""
    import unicodedata

    text = unicodedata.normalize("NFKD", name.strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


class RoundNotPlayed(PairchkError):
    """Standings after a round the file has not played: a question without answer (exit 2)."""

    exit_code = 2


class InconsistentPairings(PairchkError):
    """Games that do not match back: no standings can be computed from them (exit 3)."""

    exit_code = 3


def require_consistent_pairings(t: Tournament) -> None:
    """Raise :class:`PairchkError` quoting the first pairing inconsistency ``pairchk validate``
    reports (an unknown opponent, one who does not name the player back, a self-pairing)."""
    from ..validate import tournament_inconsistencies

    bad = tournament_inconsistencies(t)
    if bad:
        more = f" and {len(bad) - 1} more" if len(bad) > 1 else ""
        raise InconsistentPairings(f"{bad[0].message}{more} (see pairchk validate); tie-breaks and"
                           " standings cannot be computed from inconsistent data")


def _known(code: str) -> bool:
    """A C.07 code, individual or team."""
    try:
        tb.parse(code, team=True)  # standings.team.parse, without importing the team layer
    except tb.TiebreakError:
        return False
    return True


def standings(t: Tournament, tiebreaks: str | Sequence[str] | None = None,
              rounds: int | None = None, edition: tb.Edition | None = None) -> Standings:
    """Rank the players (the teams, in a team event) after ``rounds`` (default: the last
    completed round). Refuses a file whose games do not match back (an opponent who does not
    exist or does not name the player): opponents' scores cannot be summed from it."""
    require_consistent_pairings(t)
    if rounds is not None and not 0 <= rounds <= t.played_rounds:
        raise RoundNotPlayed(f"round {rounds} has not been played: the file records"
                           f" {t.played_rounds} round(s) (standings after round 0 to"
                           f" {t.played_rounds})")
    if tiebreaks is None:
        codes, source = file_tiebreaks(t)
    else:
        codes = [c.strip() for c in (tiebreaks.split(",") if isinstance(tiebreaks, str)
                                     else tiebreaks) if c.strip()]
        source = "--tiebreaks"
    ed_reason = tb.edition_for(t)[1] if edition is None else "--edition"
    teams = bool(t.teams) and _team_tiebreaks().is_team_event(t)
    specs, notes = _usable(codes, teams)
    if teams:
        tt = _team_tiebreaks()
        data = tt.team_data(t, rounds, edition)
        ctx = data.ctxs["MP"]
        grouped = {s.code for s in specs if s.name in tt.GROUPED}
        scalar = {s.code: tt.compute(data, s.code) for s in specs if s.code not in grouped}
        ranker = partial(tt.group_ranks, data)
        notes.append("team event: teams ranked by match points (C.07 Art. 11-13)")
    else:
        ctx = tb.context(t, rounds, edition)
        grouped = {s.code for s in specs if s.name == "DE"}
        scalar = {s.code: tb.compute(ctx, s) for s in specs if s.code not in grouped}
        ranker = partial(tb.direct_encounter, ctx)
    notes += _rating_notes(ctx, specs)
    de: dict[str, dict[int, int]] = {c: {} for c in grouped}
    groups = _rank_groups(ctx, specs, scalar, de, ranker)
    names = {p.number: p.name for p in ctx.t.players}
    rows, rank = [], 1
    for g in groups:
        for n in sorted(g):
            vals = tuple((s.code, Decimal(de[s.code].get(n, 1)) if s.code in de
                          else scalar[s.code][n]) for s in specs)
            rows.append(Row(n, names[n], rank, ctx.score[n], vals))
        rank += len(g)
    return Standings(tuple(rows), tuple(s.code for s in specs), ctx.rounds, ctx.edition,
                     ed_reason, source, tuple(notes), "team" if teams else "player")


def _team_tiebreaks():
    """pairchk.standings.team, imported for team events only (start-up of individual checks)."""
    from . import team as team_tiebreak

    return team_tiebreak


def _usable(codes: Sequence[str], teams: bool = False) -> tuple[list[tb.Spec], list[str]]:
    """The codes that can be computed, in order; the list stops at one that cannot (the ranks
    after it would not be those of the list)."""
    specs: list[tb.Spec] = []
    notes: list[str] = []
    for c in codes:
        try:
            s = tb.parse(c, team=teams)  # standings.team.parse for a team event
        except tb.TiebreakError as exc:
            notes.append(f"{exc}: the list is used up to it")
            break
        if s.points and not teams:
            notes.append(f"{c}: team point type {s.points} computed on the players' own points")
        if s.name == "PTS" and s.code.upper() in ("PTS", "MPTS") and not specs:
            continue  # points rank first anyway
        specs.append(s)
    return specs, notes


def _rating_notes(ctx: tb.Context, specs: Sequence[tb.Spec]) -> list[str]:
    if ctx.all_rated or not any(s.rating_based and s.unrated is None for s in specs):
        return []
    return ["unrated players are present: rating-based tie-breaks are left out (C.07 Art. 10) "
            "unless a rating for them is given (e.g. ARO/U1000)"]


def _rank_groups(ctx: tb.Context, specs, scalar, de, ranker) -> list[list[int]]:
    """Points, then each code of the list on the groups still tied; the codes in ``de``
    (DE and the team orders) rank inside each group with ``ranker(spec, group)``."""
    groups = _split([p.number for p in ctx.t.players], lambda n: ctx.score[n], True)
    for s in specs:
        nxt = []
        for g in groups:
            if len(g) == 1:
                nxt.append(g)
                continue
            if s.code in de:
                ranks = ranker(s, g)
                de[s.code].update(ranks)
                nxt.extend(_split(g, lambda n: ranks[n], False))
            else:
                nxt.extend(_split(g, lambda n: scalar[s.code][n], s.higher_is_better))
        groups = nxt
    return groups


def _split(group: list[int], key, higher_first: bool) -> list[list[int]]:
    """Order ``group`` by ``key`` (None last) and cut it where the key changes."""
    def sort_key(n):
        v = key(n)
        if v is None:
            return (1, 0)
        return (0, -v if higher_first else v)
    ordered = sorted(group, key=lambda n: (sort_key(n), n))
    out: list[list[int]] = []
    for n in ordered:
        if out and sort_key(out[-1][0]) == sort_key(n):
            out[-1].append(n)
        else:
            out.append([n])
    return out


# --------------------------------------------------------------------------- checking


@dataclass(frozen=True)
class RankFinding:
    """A published rank that the tie-break list contradicts."""

    player: int
    published: int
    computed: int
    other: int  # a player the list puts ahead although published behind
    criterion: str  # "points" or the tie-break code that decides
    values: tuple[str, str]  # (this player's value, the other's)
    message: str
    checked: bool = True  # False: the ranks could not be checked (the message says why)


def check_standings(t: Tournament, tiebreaks: str | Sequence[str] | None = None,
                    rounds: int | None = None) -> list[RankFinding]:
    """Compare the ranks the file publishes (TRF 001 rank, chess-results, Swiss-Chess, xlsx)
    with points and the tie-break list: one finding per player whose published rank puts him
    ahead of somebody the list ranks strictly above him, naming the deciding criterion and
    both values. Players tied by the whole list may be published in any order (lots)."""
    if "KNOCKOUT" in (t.system + t.system_text).upper():
        return []  # a knockout ranks by the round of elimination, not by points
    st = standings(t, tiebreaks, rounds)
    if st.unit == "team":
        return _check_ranks(st, [(x.number, x.name, x.rank, x.match_points) for x in t.teams],
                            "team", rounds)
    return _check_ranks(st, [(p.number, p.name, p.rank, p.points) for p in t.players],
                        "player", rounds)


def _check_ranks(st: Standings, published: list[tuple], unit: str,
                 rounds: int | None) -> list[RankFinding]:
    """Findings for ``published`` (number, name, rank, declared points) against ``st``."""
    if not any(rank for _, _, rank, _ in published):
        return []
    if all(rank == n for n, _, rank, _ in published):
        return []  # the rank column repeats the starting numbers: no standings published
    by = st.by_player
    bad = [(n, name, pts) for n, name, _, pts in published
           if pts is not None and rounds is None and pts != by[n].points]
    if bad:
        n, name, pts = bad[0]
        more = f" and {len(bad) - 1} more" if len(bad) > 1 else ""
        msg = (f"ranks not checked: the declared points of {unit} #{n} {name} ({_fmt(pts)}) "
               f"differ from the results ({_fmt(by[n].points)}){more}")
        rank = next(r for x, _, r, _ in published if x == n) or 0
        return [RankFinding(n, rank, by[n].rank, n, "points", (_fmt(pts), _fmt(by[n].points)),
                            msg, checked=False)]
    out = []
    for n, name, rank, _ in published:
        if not rank:
            continue
        me = by[n]
        worse = [(q, qn, qr) for q, qn, qr, _ in published
                 if qr and qr > rank and by[q].rank < me.rank]
        if not worse:
            continue
        q, qname_, qrank = min(worse, key=lambda x: (by[x[0]].rank, x[0]))
        crit, mine, theirs = _decider(me, by[q])
        label = f"{unit} #{n}" + (f" {name}" if name else "")
        qlabel = f"#{q}" + (f" {qname_}" if qname_ else "")
        msg = (f"published rank {rank} of {label} breaks the tie-break list: {qlabel} is "
               f"ahead on {crit} ({theirs} vs {mine}) but published at rank {qrank}; "
               f"computed ranks {by[q].rank} and {me.rank}")
        out.append(RankFinding(n, rank, me.rank, q, crit, (mine, theirs), msg))
    return out


def _decider(a: Row, b: Row) -> tuple[str, str, str]:
    if a.points != b.points:
        return "points", _fmt(a.points), _fmt(b.points)
    for (code, va), (_, vb) in zip(a.values, b.values):
        if va != vb:
            return code, _fmt(va), _fmt(vb)
    return "lots", "-", "-"


def _fmt(v) -> str:
    if v is None:
        return "-"
    return str(_num(v))
