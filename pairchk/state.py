"""Derived state before a round: the ONE place every pairing system and checker reads it from.

:func:`round_state` turns the history of rounds ``1..rnd-1`` of a :class:`~pairchk.model.Tournament`
into a :class:`RoundState`: per player the score and pairing score, opponents met over the board,
compressed colour history, colour preference, float history, PAB eligibility and whether the
player is to be paired in ``rnd``; per round the topscorer threshold, forbidden pairs, the initial
colour and the scoring. Nothing here depends on a particular pairing system except the rule
``edition`` ("2026" or "2017"), which changes floats and PAB eligibility.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(rounds=3, players=(
...     Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),)),
...     Player(3, entries=(RoundEntry(Kind.PAB),))))
>>> s = round_state(t, 2, edition="2026")
>>> [str(s.players[n].score) for n in (1, 2, 3)], s.players[3].pab_eligible
(['1', '0', '1'], False)
>>> s.players[1].pref, s.players[1].pref_kind, s.players[3].floats
(<Color.BLACK: 'b'>, <PrefKind.STRONG: 'strong'>, ('D',))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal

from .acceleration import accelerations
from .errors import PairchkError, UnknownEditionError
from .model import Color, Kind, RoundEntry, Status, Tournament

EDITIONS = ("2026", "2017")


class PrefKind(enum.Enum):
    """Strength of a colour preference (C.04.3 2026 art. 1.7 / 2017 A.6)."""

    ABSOLUTE = "absolute"
    STRONG = "strong"
    MILD = "mild"
    NONE = "none"


DOWN = "D"
UP = "U"


@dataclass(frozen=True)
class PlayerState:
    """One player before the round.

    ``rank`` is the 0-based position in starting-number order. ``pairing_rank`` counts only the
    players who are to be paired in this round or took part in an earlier pairing: the
    endorsed engine renumbers like that (a player absent from every round so far has no
    pairing number), and colour rule 5 (C.04.3 2026 5.2.5, odd/even TPN) uses it.
    """

    number: int
    rank: int
    pairing_rank: int  # 0-based rank among players taking part in the round's pairing system
    score: Decimal  # standings points after rounds 1..rnd-1
    pairing_score: Decimal  # score + acceleration virtual points for round rnd (C.04.7)
    opponents: frozenset[int]  # met over the board; forfeits are no meeting (C.04.2 3.5)
    colors: tuple[Color, ...]  # played games only, unplayed rounds dropped (C.04.2 3.4)
    color_diff: int  # whites - blacks
    pref: Color  # preferred colour, NONE if no preference
    pref_kind: PrefKind
    repeated: Color  # colour of the last two played games when equal, else NONE
    floats: tuple[str | None, ...]  # per round 1..rnd-1: "D", "U" or None
    pab_eligible: bool  # C.04.1 art. 4 of the edition
    to_pair: bool  # present, not withdrawn, no declared bye for rnd
    unplayed: int  # rounds 1..rnd-1 without a game over the board
    played: int  # games played over the board
    rating: int = 0  # FIDE rating, 0 when the file has none (Dubov 1.1: the arbiter assigns one)
    aro: int = 0  # average rating of opponents met over the board (Dubov C.04.4.1 2026 1.7)

    @property
    def upfloats(self) -> int:
        """Rounds in which the player met an opponent with a higher pairing score."""
        return sum(1 for f in self.floats if f == UP)

    @property
    def absolute(self) -> bool:
        return self.pref_kind is PrefKind.ABSOLUTE

    @property
    def strong(self) -> bool:
        return self.pref_kind is PrefKind.STRONG

    @property
    def imbalance(self) -> int:
        return abs(self.color_diff)

    def float_before(self, back: int) -> str | None:
        """Float of the round ``back`` rounds before this one (1 = previous round)."""
        i = len(self.floats) - back
        return self.floats[i] if i >= 0 else None


@dataclass(frozen=True)
class RoundState:
    """Everything a pairing system needs to pair round ``round`` (see module docstring)."""

    round: int
    edition: str
    players: dict[int, PlayerState]  # every player of the tournament, by number
    order: tuple[int, ...]  # players to be paired, by pairing score desc then rank (2026 1.2)
    rounds: int  # declared number of rounds (142/XXR), else the rounds found in the file
    last_round: bool  # topscorers exist only when pairing the final round (2026 1.8)
    topscorer_threshold: Decimal  # pairing score strictly above it = topscorer
    forbidden: frozenset[frozenset[int]]  # XXP/260 pairs applying to this round
    initial_color: Color  # colour of the higher-ranked odd-TPN player in a neutral pair
    win: Decimal
    draw: Decimal
    loss: Decimal
    pab_value: Decimal

    def is_topscorer(self, number: int) -> bool:
        return self.last_round and self.players[number].pairing_score > self.topscorer_threshold

    def met(self, a: int, b: int) -> bool:
        return b in self.players[a].opponents or frozenset((a, b)) in self.forbidden


# ---------------------------------------------------------------------------------------------

def _check_edition(edition: str) -> None:
    if edition not in EDITIONS:
        raise UnknownEditionError(f"unknown rule edition {edition!r}; known: {', '.join(EDITIONS)}")


def infer_initial_color(t: Tournament) -> Color:
    """The initial colour: declared (XXC/152), else inferred from the first coloured round.

    Inference mimics the endorsed engine: among players who took part in the pairing of the
    first round that has colours, in starting order, the k-th one (0-based) with a colour had
    the initial colour if k is even (C.04.3 2026 5.2.5: odd TPN in round 1 gets it), else the
    opposite. Default WHITE. A forfeit written with a colour counts like a played game here
    (bbpPairings v5 and v6 read the colour of every paired entry for this), although it does
    not enter colour histories.

    >>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
    >>> infer_initial_color(Tournament(players=(
    ...     Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.BLACK),)),
    ...     Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.WHITE),)))))
    <Color.BLACK: 'b'>
    """
    if t.initial_color is not Color.NONE:
        return t.initial_color
    first = None
    for p in t.players:
        for i, e in enumerate(p.entries):
            if e.color is not Color.NONE:
                if first is None or i < first:
                    first = i
                break
    if first is None:
        return Color.WHITE
    k = 0
    for p in t.players:
        took_part = any(e.took_part for e in p.entries[: first + 1])
        if not took_part:
            continue
        e = p.entry(first + 1)
        if e.color is not Color.NONE:
            return e.color if k % 2 == 0 else e.color.opposite
        k += 1
    return Color.WHITE


def colour_preference(colors: tuple[Color, ...]) -> tuple[Color, PrefKind, Color]:
    """Preference, its kind and the repeated colour from a compressed colour history.

    C.04.3 2026 1.7 (2017 A.6): absolute if |CD| > 1 or the last two played games had the
    same colour; strong if |CD| = 1; mild if CD = 0 (alternate); none without games.

    >>> colour_preference((Color.WHITE, Color.WHITE))
    (<Color.BLACK: 'b'>, <PrefKind.ABSOLUTE: 'absolute'>, <Color.WHITE: 'w'>)
    >>> colour_preference((Color.WHITE, Color.BLACK, Color.WHITE))
    (<Color.BLACK: 'b'>, <PrefKind.STRONG: 'strong'>, <Color.NONE: '-'>)
    """
    if not colors:
        return Color.NONE, PrefKind.NONE, Color.NONE
    cd = sum(1 if c is Color.WHITE else -1 for c in colors)
    lower = Color.BLACK if cd > 0 else Color.WHITE
    repeated = colors[-1] if len(colors) >= 2 and colors[-1] is colors[-2] else Color.NONE
    if abs(cd) > 1:
        return lower, PrefKind.ABSOLUTE, repeated
    if repeated is not Color.NONE:
        return repeated.opposite, PrefKind.ABSOLUTE, repeated
    if cd != 0:
        return lower, PrefKind.STRONG, repeated
    return colors[-1].opposite, PrefKind.MILD, repeated


def average_rating(ratings: list[int]) -> int:
    """ARO (C.04.4.1 2026 1.7.1): mean of the opponents' ratings, rounded to the nearest
    integer, the higher one when the division ends in .5; 0 without games (1.7.3).

    >>> average_rating([2000, 2001]), average_rating([1500, 1502, 1503]), average_rating([])
    (2001, 1502, 0)
    """
    if not ratings:
        return 0
    q, r = divmod(sum(ratings), len(ratings))
    return q + (1 if 2 * r >= len(ratings) else 0)


def _bars_pab(e: RoundEntry, pts: Decimal, win: Decimal, edition: str) -> bool:
    if e.kind.played:
        return False
    if edition == "2026":
        # C.04.1 (2026) art. 4: a PAB, or a round scoring as many points as a win without playing
        # (forfeit win, full-point bye). Half-point and zero byes do not bar the PAB.
        return pts >= win or e.kind is Kind.PAB or (e.kind is Kind.FORFEIT_WIN and e.opponent is None)
    # C.04.1 (2017) art. 4 / C.04.3 2017 C.2: a PAB or a forfeit win ("opponent not appearing
    # in time"). A requested full-point bye (F) does not bar it (bbpPairings issue 19).
    return e.kind in (Kind.PAB, Kind.FORFEIT_WIN)


def _played_opponents(p, hist: int) -> list[int]:
    # one entry per game over the board (the same opponent twice counts twice)
    return [e.opponent for e in p.entries[:hist]
            if e.kind.played and e.opponent is not None and e.color is not Color.NONE]


def round_state(t: Tournament, rnd: int, *, edition: str) -> RoundState:
    """Derived state for pairing round ``rnd`` of ``t`` under rule ``edition`` ("2026"/"2017").

    Only rounds ``1..rnd-1`` are read, plus the round-``rnd`` entries that declare a bye or
    absence (H/F/Z/blank without opponent) and 240/XXZ declared byes.
    """
    _check_edition(edition)
    if rnd < 1:
        raise PairchkError(f"round must be >= 1, got {rnd}")
    sc = t.scoring
    win, draw, loss = sc.win, sc.draw, sc.loss
    accel = {a.player: a for a in accelerations(t)}
    hist = rnd - 1
    recorded = t.played_rounds
    # the last round that was actually paired (pre-set byes alone do not make a round paired)
    paired = t.last_paired_round
    declared_out: set[int] = set()
    for b in t.declared_byes:
        # XXZ is stored as round 0 = "the round to be paired next"
        if b.round == rnd or (b.round == 0 and rnd == paired + 1):
            declared_out.update(b.players)

    # running pairing scores before each round k (1..rnd), with acceleration of round k
    before: dict[int, list[Decimal]] = {}
    for p in t.players:
        a = accel.get(p.number)
        s = Decimal(0)
        row = []
        for k in range(1, rnd + 1):
            row.append(s + (a.for_round(k) if a else Decimal(0)))
            if k <= hist:
                s += sc.points(p.entry(k))
        before[p.number] = row

    ratings = {p.number: p.rating or 0 for p in t.players}
    players: dict[int, PlayerState] = {}
    next_prank = 0
    for rank, p in enumerate(t.players):
        opponents = set()
        colors = []
        floats: list[str | None] = []
        eligible = True
        unplayed = 0
        score = Decimal(0)
        for k in range(1, hist + 1):
            e = p.entry(k)
            pts = sc.points(e)
            score += pts
            if e.kind.played and e.opponent is not None and e.color is not Color.NONE:
                opponents.add(e.opponent)
                colors.append(e.color)
                mine = before[p.number][k - 1]
                theirs = before.get(e.opponent, [mine] * rnd)[k - 1]
                floats.append(DOWN if mine > theirs else UP if mine < theirs else None)
            else:
                unplayed += 1
                if edition == "2026":
                    # 2026 1.4.3-1.4.4: PAB, forfeit win, FPB and HPB (more than a loss without
                    # playing) count as a downfloat; ZPB and forfeit loss do not.
                    floats.append(DOWN if pts > loss else None)
                else:
                    # 2017 A.4.b: every round without a game over the board is a downfloat.
                    floats.append(DOWN)
                if _bars_pab(e, pts, win, edition):
                    eligible = False
        pref, kind, repeated = colour_preference(tuple(colors))
        cur = p.entry(rnd)
        if p.status is Status.WITHDRAWN or p.number in declared_out:
            to_pair = False
        elif cur.kind in (Kind.HALF_BYE, Kind.FULL_BYE, Kind.ZERO_BYE, Kind.ABSENT) and not (
            cur.opponent
        ):
            to_pair = False
        elif cur.kind in (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN) and cur.opponent is None:
            # "0000 -" / a blank opponent with "-" (lichess) or "+": absent, not paired, as
            # bbpPairings reads it (a forfeit needs an opponent to be a pairing)
            to_pair = False
        elif cur.kind is Kind.NOT_PAIRED and rnd <= paired:
            # nothing recorded for a round that was paired: the player was not there
            to_pair = False
        else:
            to_pair = True
        a = accel.get(p.number)
        took_part = any(p.entry(k).took_part for k in range(1, hist + 1))
        if to_pair or took_part:
            prank = next_prank
            next_prank += 1
        else:
            prank = -1
        players[p.number] = PlayerState(
            number=p.number,
            rank=rank,
            pairing_rank=prank,
            score=score,
            pairing_score=score + (a.for_round(rnd) if a else Decimal(0)),
            opponents=frozenset(opponents),
            colors=tuple(colors),
            color_diff=sum(1 if c is Color.WHITE else -1 for c in colors),
            pref=pref,
            pref_kind=kind,
            repeated=repeated,
            floats=tuple(floats),
            pab_eligible=eligible,
            to_pair=to_pair,
            unplayed=unplayed,
            played=len(colors),
            rating=ratings[p.number],
            aro=average_rating([ratings.get(o, 0) for o in _played_opponents(p, hist)]),
        )
    order = tuple(
        n for n, ps in sorted(players.items(), key=lambda kv: (-kv[1].pairing_score, kv[1].rank))
        if ps.to_pair
    )
    rounds = t.rounds or max(recorded, rnd)
    # Topscorers (2026 1.8 / 2017 A.7): more than 50 % of the maximum possible score, only when
    # pairing the final round. As the endorsed engine: rounds played x max(win, draw) / 2, in
    # tenths of a point rounded down, compared with the pairing score.
    tenths = int((hist * max(win, draw) * 10).to_integral_value()) // 2
    forbidden = set()
    for fp in t.forbidden_pairs:
        if fp.applies(rnd):
            ids = fp.players
            for i, x in enumerate(ids):
                for y in ids[i + 1:]:
                    if x != y:
                        forbidden.add(frozenset((x, y)))
    return RoundState(
        round=rnd,
        edition=edition,
        players=players,
        order=order,
        rounds=rounds,
        last_round=rnd >= rounds,
        topscorer_threshold=Decimal(tenths) / 10,
        forbidden=frozenset(forbidden),
        initial_color=infer_initial_color(t),
        win=win,
        draw=draw,
        loss=loss,
        pab_value=sc.pab_value,
    )


__all__ = [
    "EDITIONS", "PrefKind", "PlayerState", "RoundState", "UnknownEditionError",
    "round_state", "colour_preference", "infer_initial_color", "average_rating", "DOWN", "UP",
]
