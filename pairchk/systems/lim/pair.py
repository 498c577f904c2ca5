"""The Lim procedure (C.04.4.3, 2026) for one round, on a :class:`~.rules.LimState`.

1. The PAB (art. 1.1; round 1: 7.1) is given first.
2. The scoregroups are paired in the order of 2.2: from the highest down to just above the
   Median Scoregroup (downward), from the lowest up to just below it (upward), the Median
   Scoregroup last (downward). Each side passes its floaters on to the next group of its side;
   the last group of a side passes them to the median (2.3, 3.2.1).
3. In a scoregroup (:func:`pair_group`): the floaters are chosen first (2.3, Article 3), then
   the incoming floaters get their opponents (3.6-3.8) and the others are paired by scrutiny
   and exchange (Article 4, with the colour exchange of 5.2).
4. A Median Scoregroup that cannot be paired completely takes back pairings of its neighbours
   (2.6, "cracking"): the last pairing made on the lower side when more floaters came from
   above than from below, otherwise on the higher side (the other side when that one has none).
5. Colours: Article 5 (:func:`.rules.allocate`).

>>> from pairchk.model import Tournament, Player
>>> t = Tournament(rounds=5, players=tuple(Player(n, rating=2500 - 10 * n) for n in range(1, 8)))
>>> from .rules import lim_state
>>> p = pair_round(lim_state(t, 1))
>>> [(x.white, x.black) for x in p.pairs], p.bye
([(1, 4), (5, 2), (3, 6)], 7)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Sequence

from ...model import Color
from ...pairing import Pair, RoundPairing
from ...system import UnpairableError
from .rules import (
    MAXI_BAND,
    Direction,
    FloaterType,
    LimState,
    PairableRest,
    allocate,
    can_cover,
    can_pair_all,
    max_pairs,
)

# ----------------------------------------------------------------------------- 1. the PAB


def pab(ls: LimState) -> int | None:
    """1.1: with an odd number to pair, the eligible player (C.04.1 art. 4) with the lowest rank
    in the lowest scoregroup; in round 1 (7.1) the lowest rated player (unrated counts as the
    lowest, equal ratings: the lowest ranked). *Eligible* is read to include that the others
    can still all be paired (as Swiss Team and Double-Swiss say it)."""
    order = list(ls.base.order)
    if len(order) % 2 == 0:
        return None
    if ls.round == 1:
        candidates = sorted(order, key=lambda n: (ls.rating(n), [-x for x in ls.rank_key(n)]))
    else:
        candidates = list(reversed(order))
    for n in candidates:
        if ls.p(n).pab_eligible and can_pair_all(ls.relaxed(), [m for m in order if m != n]):
            return n
    raise UnpairableError("C.04.4.3 (2026) art. 1.1: no player can get the pairing-allocated bye "
                          "and leave the others pairable")


# ----------------------------------------------------------------------------- 2. the order

def groups_above(ls: LimState, players: list[int]) -> list[Decimal]:
    """2.2: the scores above the median, highest first (paired downward)."""
    return sorted({ls.score(n) for n in players if ls.score(n) > ls.median}, reverse=True)


def groups_below(ls: LimState, players: list[int]) -> list[Decimal]:
    """2.2: the scores below the median, lowest first (paired upward)."""
    return sorted({ls.score(n) for n in players if ls.score(n) < ls.median})


# ----------------------------------------------------------------------------- 3. a scoregroup

@dataclass(frozen=True)
class GroupResult:
    pairs: tuple[tuple[int, int], ...]  # in the order they were made
    floaters: tuple[int, ...]  # sent on to the adjacent scoregroup


def _matched(ls: LimState, floaters: Sequence[int], adjacent: list[int]) -> int:
    """How many of ``floaters`` can each get a different compatible resident of ``adjacent``
    (a bipartite matching, augmenting paths on an explicit stack: a path can be as long as
    the floaters are many)."""
    owner: dict[int, int] = {}

    def place(f: int) -> bool:
        seen: set[int] = set()
        stack = [(f, iter(adjacent))]
        path: list[int] = []  # path[k]: the resident stack[k] reaches for
        while stack:
            for m in stack[-1][1]:
                if m in seen or not ls.compatible(stack[-1][0], m):
                    continue
                seen.add(m)
                path.append(m)
                if m not in owner:
                    for (g, _), r in zip(stack, path):
                        owner[r] = g
                    return True
                stack.append((owner[m], iter(adjacent)))
                break
            else:
                stack.pop()
                if path:
                    path.pop()
        return False

    return sum(1 for f in floaters if place(f))


def floater_type(ls: LimState, n: int, incoming: frozenset[int], adjacent: list[int],
                 ahead: Sequence[int] = ()) -> FloaterType:
    """3.9.1: the type of ``n`` as a floater of its scoregroup. "Has a compatible opponent in
    the adjacent scoregroup" (3.3/3.4) is read with the opponents the floaters ``ahead`` of it
    need excluded: ``n`` has one when ``ahead`` and ``n`` can each get a different compatible
    resident there, as many of ``ahead`` as could before (a matching)."""
    if not any(ls.compatible(n, m) for m in adjacent):
        return FloaterType.of(n in incoming, False)
    free = _matched(ls, [*ahead, n], adjacent) > _matched(ls, ahead, adjacent) if ahead else True
    return FloaterType.of(n in incoming, free)


def _majority_due(ls: LimState, players: list[int]) -> Color:
    white = sum(1 for n in players if ls.due(n) is Color.WHITE)
    black = sum(1 for n in players if ls.due(n) is Color.BLACK)
    if white == black:
        return Color.NONE
    return Color.WHITE if white > black else Color.BLACK


def floater_preference(ls: LimState, staying: list[int], incoming: frozenset[int],
                       adjacent: list[int], direction: Direction,
                       ahead: Sequence[int] = ()) -> list[int]:
    """The order in which players of ``staying`` are considered as the next floater, after
    the floaters ``ahead`` already chosen:

    1. 3.9.2: type d, then c, then b, then a (3.3/3.4: a compatible opponent in the adjacent
       scoregroup that the floaters ahead do not need, :func:`floater_type`);
    2. 3.10: a player who did not float in the previous round first;
    3. 3.2.2: a player due the colour more players of the group are due (the transfer tends to
       equalise the colours); in a Maxi-tournament only one rated within 100 points of the
       player 3.2.4 would choose (3.2.3);
    4. 3.2.4, 3.3: the lowest numbered player (downward: the lowest ranked; upward: the highest
       ranked) first.
    """
    key = ls.order_key(direction)
    arranged = sorted(staying, key=key)
    last = arranged[-1]  # 3.2.4's choice
    majority = _majority_due(ls, staying)

    def equalises(n: int) -> bool:
        if majority is Color.NONE or ls.due(n) is not majority:
            return False
        return not ls.maxi or abs(ls.rating(n) - ls.rating(last)) <= MAXI_BAND

    position = {n: i for i, n in enumerate(arranged)}
    return sorted(staying, key=lambda n: (floater_type(ls, n, incoming, adjacent, ahead),
                                          ls.floated_before(n), not equalises(n), -position[n]))


def culprit(ls: LimState, players: list[int], direction: Direction) -> int | None:
    """4.4: the player on whom Article 4 scrutiny fails - the first of the arranged list whom
    no exchange among the players above can give an opponent (the first ``p`` such that no
    pairing of ``players`` gives every player up to ``p`` one); None when all can be paired.
    """
    arranged = sorted(players, key=ls.order_key(direction))
    for k in range(1, len(arranged) + 1):
        if not can_cover(ls, arranged[:k], arranged):
            return arranged[k - 1]
    return None


def choose_floaters(ls: LimState, members: list[int], incoming: frozenset[int],
                    adjacent: list[int], direction: Direction) -> list[int]:
    """2.3, 3.1, 4.4: the floaters of a scoregroup, as the text sends them, one at a time:

    1. 2.3.1-2.3.3: every player without a suitable opponent in the scoregroup, in its order;
    2. 2.3.4: with an odd number left, the even-maker chosen by Article 3 (the first in
       :func:`floater_preference`, after the floaters chosen so far, 3.3/3.4);
    3. 4.4.1: when the others then cannot all be paired, the player scrutiny fails on
       (:func:`culprit`) changes place with the even-maker; 4.4.2: when an even number cannot
       all be paired, that player floats, and another by Article 3 with him.

    A transfer is for players who cannot be paired (2.3), so no choice may cost the
    scoregroup a pairing it can have: where the text's choice would (the culprit's transfer,
    or Article 3's first choice, leaves fewer pairings than the scoregroup can hold), the
    next player in Article 3's order that keeps them floats instead (this is also what
    3.10.2 "preserves the number of pairs" asks)."""
    keep = max_pairs(ls, members)
    floaters = sorted((n for n in members
                       if not any(ls.compatible(n, m) for m in members if m != n)),
                      key=ls.order_key(direction))
    staying = [n for n in members if n not in floaters]
    companion = False  # the next floater goes with the culprit of 4.4.2 (Article 3 only)
    while len(staying) > 2 * keep:
        order = floater_preference(ls, staying, incoming, adjacent, direction, floaters)
        first: list[int] = []
        if len(staying) % 2 and not companion:  # 2.3.4, then 4.4.1
            rest = [m for m in staying if m != order[0]]
            if max_pairs(ls, rest) < keep:
                first = [n for n in (culprit(ls, rest, direction),) if n is not None]
        elif not len(staying) % 2:  # 4.4.2
            first = [n for n in (culprit(ls, staying, direction),) if n is not None]
        companion = bool(first) and not len(staying) % 2
        for n in [*first, *order]:
            rest = [m for m in staying if m != n]
            if max_pairs(ls, rest) == keep:
                floaters.append(n)
                staying = rest
                break
        else:  # pragma: no cover - a maximum matching always leaves some player over
            raise UnpairableError("C.04.4.3 (2026) art. 2.3: no floater keeps the scoregroup's "
                                  "pairings")
    return floaters


def exchange_order(arranged: list[int]) -> list[int]:
    """Article 4 (the tables of 4.2 and 4.3, generalised): the opponents the first player of
    the arranged list tries in turn: the lower half in order, then the upper half from its
    bottom up. Six players: #1 tries 4, 5, 6, 3, 2.

    >>> exchange_order([1, 2, 3, 4, 5, 6])
    [4, 5, 6, 3, 2]
    """
    half = len(arranged) // 2
    return arranged[half:] + arranged[half - 1:0:-1]


@dataclass
class _Scrutiny:
    """Pairs the players of a scoregroup once its floaters are out (every one of them can be
    paired): incoming floaters first (3.6-3.8), then Article 4."""

    ls: LimState
    direction: Direction
    remaining: list[int]
    strict: LimState | None = None  # the colour limits, where Article 6 relaxed ``ls``
    pairs: list[tuple[int, int]] = field(default_factory=list)
    rest: PairableRest | None = None

    def arranged(self, players: list[int]) -> list[int]:
        return sorted(players, key=self.ls.order_key(self.direction))

    def available(self, a: int, b: int) -> bool:
        """Compatible (2.1), and the others can still all be paired (4.4)."""
        if not self.ls.compatible(a, b):
            return False
        if self.rest is None:  # start from the pairs Article 4 makes when nothing is in the way
            arranged = self.arranged(self.remaining)
            half = len(arranged) // 2
            self.rest = PairableRest(self.ls, self.remaining, zip(arranged[:half], arranged[half:]))
        return self.rest.without(a, b)

    def take(self, player: int, candidates: list[int]) -> None:
        """The first available opponent due the other colour (5.2, the colour exchange; in a
        Maxi-tournament only one rated within 100 points of the first available, 3.8, 5.7),
        otherwise the first available one. Where Article 6 relaxed the colour limits, an
        opponent within them is taken first: the limits give way only where they must."""
        opponent = None
        if self.strict is not None:
            opponent = self._first(player, candidates, self.strict)
        if opponent is None:
            opponent = self._first(player, candidates, None)
        if opponent is None:
            raise UnpairableError(f"C.04.4.3 (2026) art. 4: player {player} has no available "
                                  "opponent in its scoregroup")
        self.pairs.append((player, opponent))
        self.remaining = [n for n in self.remaining if n not in (player, opponent)]
        if self.rest is not None:
            self.rest.remove(player, opponent)

    def _first(self, player: int, candidates: list[int], within: LimState | None) -> int | None:
        first = None
        for c in candidates:
            if within is not None and not within.compatible(player, c):
                continue
            if first is not None and not (self._colours_suit(player, c)
                                          and self._within_band(c, first)):
                continue  # it would not be taken: no need to ask whether it is available
            if not self.available(player, c):
                continue
            if first is None:
                first = c
            if self._colours_suit(player, c) and self._within_band(c, first):
                return c
        return first

    def _within_band(self, candidate: int, first: int) -> bool:
        """3.8, 5.7: in a Maxi-tournament a colour exchange only within 100 rating points."""
        gap = abs(self.ls.rating(candidate) - self.ls.rating(first))
        return not self.ls.maxi or gap <= MAXI_BAND

    def _colours_suit(self, a: int, b: int) -> bool:
        da, db = self.ls.due(a), self.ls.due(b)
        return da is Color.NONE or db is Color.NONE or da is not db

    def run(self, floaters_in_order: list[int]) -> list[tuple[int, int]]:
        for f in floaters_in_order:
            if f in self.remaining:
                self.take(f, self.arranged([n for n in self.remaining if n != f]))
        arranged = self.arranged(self.remaining)  # a total order: filtered, it stays sorted
        while self.remaining:
            self.take(arranged[0], exchange_order(arranged))
            arranged = [n for n in arranged if n not in self.pairs[-1]]
        return self.pairs


def pair_group(ls: LimState, residents: list[int], incoming: list[int], direction: Direction,
               adjacent: list[int], behind: Sequence[int] = ()) -> GroupResult:
    """One scoregroup: ``incoming`` floaters from ahead (downfloaters of a downward group,
    upfloaters of an upward one), ``behind`` only for the median (its upfloaters, 3.6.3);
    ``adjacent`` = the residents of the group the floaters go to (3.9 types).

    Article 6: in the last round a scoregroup that keeps more pairings without the colour
    limits is paired without them (same-score pairing first), its opponents within the limits
    taken first (:meth:`_Scrutiny.take`); any other scoregroup keeps them."""
    members = [*incoming, *behind, *residents]
    came = frozenset(incoming) | frozenset(behind)
    loose = ls.relaxed()
    strict = None
    if loose is not ls and max_pairs(loose, members) > max_pairs(ls, members):
        ls, strict = loose, ls
    floaters = choose_floaters(ls, members, came, adjacent, direction)
    staying = [n for n in members if n not in floaters]
    ahead = sorted((n for n in incoming if n in staying), key=ls.order_key(direction))
    back = sorted((n for n in behind if n in staying), key=ls.order_key(Direction.UP))
    pairs = _Scrutiny(ls, direction, staying, strict).run([*ahead, *back])
    return GroupResult(tuple(pairs), tuple(floaters))


# ----------------------------------------------------------------------------- the round

@dataclass(frozen=True)
class Made:
    """A pairing and whether it was made in the Median Scoregroup or above (5.4)."""

    pair: tuple[int, int]
    median_or_above: bool


def _pair_side(ls: LimState, by_score: dict[Decimal, list[int]], scores: list[Decimal],
               direction: Direction, made: list[Made]) -> list[int]:
    incoming: list[int] = []
    for i, s in enumerate(scores):
        nxt = scores[i + 1] if i + 1 < len(scores) else ls.median
        res = pair_group(ls, by_score.get(s, []), incoming, direction, by_score.get(nxt, []))
        made.extend(Made(p, direction is Direction.DOWN) for p in res.pairs)
        incoming = list(res.floaters)
    return incoming


def _pair_median(ls: LimState, residents: list[int], down: list[int], up: list[int],
                 above: list[Made], below: list[Made]) -> tuple[list[Made], int]:
    """2.2, 2.6: the median with its downfloaters and upfloaters, cracking neighbours' pairings
    until it can be paired completely; returns its pairings and the number cracked."""
    down, up = list(down), list(up)
    cracked = 0
    while not can_pair_all(ls.relaxed(), [*residents, *down, *up]):
        lower = (len(down) > len(up) and bool(below)) or not above
        side = below if lower else above
        if not side:
            raise UnpairableError("C.04.4.3 (2026) art. 2.6: the Median Scoregroup cannot be "
                                  "paired even with every neighbouring pairing taken back")
        a, b = side.pop().pair
        (up if lower else down).extend((a, b))
        cracked += 1
    res = pair_group(ls, residents, down, Direction.DOWN, [], behind=up)
    return [Made(p, True) for p in res.pairs], cracked


@dataclass(frozen=True)
class Outcome:
    pairing: RoundPairing
    cracked: int


def run_round(ls: LimState) -> Outcome:
    """The whole procedure (module docstring) with the number of pairings cracked (2.6)."""
    bye = pab(ls)
    players = [n for n in ls.base.order if n != bye]
    if not can_pair_all(ls.relaxed(), players):
        raise UnpairableError("C.04.4.3 (2026) art. 2.1: no pairing of compatible players exists")
    by_score: dict[Decimal, list[int]] = {}
    for n in players:
        by_score.setdefault(ls.score(n), []).append(n)
    above: list[Made] = []
    below: list[Made] = []
    down = _pair_side(ls, by_score, groups_above(ls, players), Direction.DOWN, above)
    up = _pair_side(ls, by_score, groups_below(ls, players), Direction.UP, below)
    median, cracked = _pair_median(ls, by_score.get(ls.median, []), down, up, above, below)
    pairs = tuple(Pair(*allocate(ls, m.pair[0], m.pair[1], m.median_or_above))
                  for m in [*above, *median, *below])
    return Outcome(RoundPairing(ls.round, pairs, bye), cracked)


def pair_round(ls: LimState) -> RoundPairing:
    """The reference pairing of the round."""
    return run_round(ls).pairing


__all__ = [
    "GroupResult",
    "Outcome",
    "choose_floaters",
    "culprit",
    "exchange_order",
    "floater_preference",
    "floater_type",
    "groups_above",
    "groups_below",
    "pab",
    "pair_group",
    "pair_round",
    "run_round",
]
