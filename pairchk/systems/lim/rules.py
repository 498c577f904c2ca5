"""Lim (C.04.4.3, 2026 text) derived state and the rules the engine, the evaluation and the
wording share: compatibility (art. 2.1, 6), the Median Scoregroup (2.2), due colours and the
colour allocation of Article 5 (7.2 for players without games), floater types (3.9).

The state is :func:`pairchk.state.round_state` (pairing scores, colours, floats, PAB
eligibility, forbidden pairs) plus what only Lim reads from it: the median score, the
compatibility of players (:class:`~pairchk.systems.partners.Partners`: colour classes and the
opponents met) and whether the tournament is a declared Maxi-tournament.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> W, B = Color.WHITE, Color.BLACK
>>> t = Tournament(rounds=5, players=(
...     Player(1, entries=(RoundEntry(Kind.WIN, 3, W), RoundEntry(Kind.WIN, 4, W))),
...     Player(2, entries=(RoundEntry(Kind.WIN, 4, W), RoundEntry(Kind.WIN, 3, W))),
...     Player(3, entries=(RoundEntry(Kind.LOSS, 1, B), RoundEntry(Kind.LOSS, 2, B))),
...     Player(4, entries=(RoundEntry(Kind.LOSS, 2, B), RoundEntry(Kind.LOSS, 1, B)))))
>>> ls = lim_state(t, 3)  # 1 and 2 had White twice, 3 and 4 Black twice (2.1)
>>> str(ls.median), ls.compatible(1, 2), ls.compatible(3, 4), ls.due(1)
('1', False, False, <Color.BLACK: 'b'>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from ...matching import matching_size, max_matching
from ...model import Color, Kind, Tournament
from ...state import PlayerState, RoundState, round_state
from ..partners import Partners

MAXI_BAND = 100  # 3.2.3, 3.8, 5.7: rating points


class Direction(enum.Enum):
    """How a scoregroup is paired (2.2): above the median and the median itself downward,
    below the median upward. Every upward rule mirrors a downward one: the *first* player of a
    downward group is the highest ranked, of an upward group the lowest ranked."""

    DOWN = "downward"
    UP = "upward"


class FloaterType(enum.IntEnum):
    """3.9.1: the four kinds of floater, the higher value the more disadvantaged (3.9.2 avoids
    a, then b, then c). *Incoming* = already floated into this scoregroup in this round;
    *compatible* = has a compatible opponent among the residents of the adjacent scoregroup."""

    D = 0  # not incoming, compatible
    C = 1  # not incoming, no compatible opponent next door
    B = 2  # incoming, compatible
    A = 3  # incoming, no compatible opponent next door

    @staticmethod
    def of(incoming: bool, compatible: bool) -> FloaterType:
        if incoming:
            return FloaterType.B if compatible else FloaterType.A
        return FloaterType.D if compatible else FloaterType.C


@dataclass(frozen=True)
class LimState:
    """The round state read by the Lim engine (``base`` is the shared :class:`RoundState`)."""

    base: RoundState
    names: dict[int, str]
    median: Decimal  # 2.2: half of what the rounds played can give
    # players to pair -> the players compatible with them (:class:`Partners`: colour classes
    # plus the opponents met; a plain dict of sets works too)
    partners: Partners | dict[int, frozenset[int]]
    maxi: bool = False  # a Maxi-tournament (3.2.3, 3.8, 5.7; see maxi_tournament)
    floated: frozenset[int] = frozenset()  # 3.10: transferred in the previous round (2.3)
    # Article 6, the last round: the players compatible but for the colour limits (None in
    # other rounds); see relaxed()
    loose: Partners | dict[int, frozenset[int]] | None = None
    # the compatibility graph of ``partners`` as bitsets, built once (see _graph); a copy made
    # with other partners (replace) shares the dict, so the graphs are kept by partners
    graph: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def round(self) -> int:
        return self.base.round

    @property
    def last_round(self) -> bool:
        return self.base.last_round

    def p(self, n: int) -> PlayerState:
        return self.base.players[n]

    def score(self, n: int) -> Decimal:
        """The pairing score (C.04.7 1.5: acceleration points define the scoregroups)."""
        return self.base.players[n].pairing_score

    def tpn(self, n: int) -> int:
        return self.base.players[n].pairing_rank + 1

    def rating(self, n: int) -> int:
        return self.base.players[n].rating

    def rank_key(self, n: int) -> tuple:
        """Ranking for pairing: score (higher first), then pairing number."""
        return (-self.score(n), self.tpn(n))

    def order_key(self, direction: Direction):
        """Sort key putting a scoregroup's players in the order it is paired in (``DOWN``: the
        highest ranked first; ``UP``: the lowest ranked first)."""
        if direction is Direction.DOWN:
            return self.rank_key
        return lambda n: (self.score(n), -self.tpn(n))

    def compatible(self, a: int, b: int) -> bool:
        if isinstance(self.partners, Partners):
            return self.partners.allows(a, b)
        return b in self.partners.get(a, frozenset())

    def relaxed(self) -> LimState:
        """Article 6: in the last round same-score pairing takes priority over the colour rules,
        even at the cost of a colour three times running or three more of one colour. This
        state's compatibility drops the colour limits (it is ``self`` in other rounds); the
        engine uses it only where the limits would cost pairings: whether the round, the
        Median Scoregroup or the others after a PAB can be paired at all, and in a scoregroup
        that keeps more pairings without them (:func:`.pair.pair_group`)."""
        if self.loose is None:
            return self
        return replace(self, partners=self.loose, loose=None)

    def due(self, n: int) -> Color:
        """5.5/5.6 on the player's own games: the colour that equalises, else the one that
        alternates; NONE without games. 5.5/5.6 speak of odd and even *rounds* (after an odd
        round at most one more of a colour, after an even round level); read on rounds they
        give this same colour for every history in every later round, so unplayed rounds
        change nothing (L6/L9)."""
        return due_colour(self.p(n).colors)

    def may_receive(self, n: int, c: Color) -> bool:
        return colour_allowed(self.p(n).colors, c)

    def floated_before(self, n: int) -> bool:
        """3.10: the player was a floater in the previous round, in Lim's own sense (2.3:
        "such a transferred player is described as a floater"; see :func:`lim_floaters`)."""
        return n in self.floated


def due_colour(colors: tuple[Color, ...]) -> Color:
    """The colour due to a player with these played colours (Article 5).

    >>> W, B = Color.WHITE, Color.BLACK
    >>> due_colour((W, W, B)), due_colour((W, B)), due_colour(())
    (<Color.BLACK: 'b'>, <Color.WHITE: 'w'>, <Color.NONE: '-'>)
    """
    if not colors:
        return Color.NONE
    diff = sum(1 if c is Color.WHITE else -1 for c in colors)
    if diff:
        return Color.BLACK if diff > 0 else Color.WHITE
    return colors[-1].opposite


def colour_allowed(colors: tuple[Color, ...], c: Color) -> bool:
    """2.1, 5.1: ``c`` is neither the same colour a third time running nor makes three more
    of one colour than the other.

    >>> W, B = Color.WHITE, Color.BLACK
    >>> colour_allowed((W, W), W), colour_allowed((W, B, W, W), B), colour_allowed((B, W, W), W)
    (False, True, False)
    """
    if len(colors) >= 2 and colors[-1] is c and colors[-2] is c:
        return False
    diff = sum(1 if x is Color.WHITE else -1 for x in colors) + (1 if c is Color.WHITE else -1)
    return abs(diff) < 3


def pair_allowed(a: tuple[Color, ...], b: tuple[Color, ...]) -> bool:
    """2.1: some colour allocation keeps both players within the colour limits."""
    W, B = Color.WHITE, Color.BLACK
    return (colour_allowed(a, W) and colour_allowed(b, B)) or (
        colour_allowed(a, B) and colour_allowed(b, W))


def median_score(base: RoundState) -> Decimal:
    """2.2: the score equal to half the number of rounds played (in points: rounds played x the
    points for a win / 2, so that other point systems keep the same median).

    >>> from pairchk.model import Tournament
    >>> str(median_score(round_state(Tournament(rounds=5), 4, edition="2026")))
    '1.5'
    """
    return (base.round - 1) * base.win / 2


def maxi_tournament(t: Tournament, declared: bool | None = None) -> tuple[bool, str]:
    """Whether 3.2.3, 3.8 and 5.7 (the 100-point limits) apply, and why.

    The 2026 text uses "Maxi-tournament" without defining it; the regulation's own history
    does: the 1988 General Assembly limited the 100-point rule (then 10.2, 10.8, 12.7, today
    3.2.3, 3.8, 5.7) to "Maxi-tournaments", i.e. tournaments in which the number of
    participants is greater than 2^n where n is the number of rounds. That definition is the
    default; ``declared`` (the organiser's word, ``--maxi yes|no``) overrides it.

    >>> from pairchk.model import Player
    >>> field = tuple(Player(n) for n in range(1, 34))
    >>> maxi_tournament(Tournament(rounds=5, players=field))
    (True, 'a Maxi-tournament: 33 players > 2^5 = 32 (the 1988 definition)')
    >>> maxi_tournament(Tournament(rounds=6, players=field))[0]
    False
    >>> maxi_tournament(Tournament(rounds=6, players=field), declared=True)
    (True, 'a Maxi-tournament (--maxi yes)')
    """
    if declared is not None:
        return declared, ("a Maxi-tournament (--maxi yes)" if declared
                          else "not a Maxi-tournament (--maxi no)")
    n = len(t.players)
    rounds = t.rounds or t.played_rounds
    how = "" if t.rounds else f", the rounds counted from the {rounds} played: none declared"
    if n > 2 ** rounds:
        return True, f"a Maxi-tournament: {n} players > 2^{rounds} = {2 ** rounds} (the 1988 " \
                     f"definition{how})"
    return False, (f"not a Maxi-tournament: {n} players <= 2^{rounds} = {2 ** rounds} (the 1988 "
                   f"definition{how})")


def transferred(a: Decimal, b: Decimal, median: Decimal) -> set[int]:
    """Which of a pair with pairing scores ``a`` (index 0) and ``b`` (index 1) was transferred
    out of their scoregroup (2.3) to meet: the pair was made in the scoregroup nearest the
    median it could be made in (above the median the lower score's, below it the higher
    score's, the Median Scoregroup when the two are on either side of it or one is on it), and
    every player of another score came there as a floater.

    >>> D = Decimal
    >>> [transferred(D(a), D(b), D(1)) for a, b in ((3, 2), (0, "0.5"), (2, 0), (1, 1))]
    [{0}, {0}, {0, 1}, set()]
    """
    low, high = min(a, b), max(a, b)
    made = low if low > median else high if high < median else median
    return {i for i, s in enumerate((a, b)) if s != made}


def lim_floaters(t: Tournament, rnd: int) -> frozenset[int]:
    """3.10's "floated in the previous round", by Lim's own definition of a floater (2.3: a
    player *transferred* out of their scoregroup), recovered from round ``rnd - 1``'s pairing
    and the pairing scores before it (:func:`transferred`). A bye is no float; a forfeited game
    still shows who was transferred; a resident paired with a floater did not float (unlike
    the float history of C.04.3 1.4 that the shared state keeps). Two players of one
    scoregroup paired with each other after cracking (2.6) cannot be told from the file and
    count as not floated.

    >>> from pairchk.model import Player, RoundEntry as E, Kind, Color
    >>> W, B = Color.WHITE, Color.BLACK
    >>> t = Tournament(rounds=5, players=(
    ...     Player(1, entries=(E(Kind.WIN, 2, W), E(Kind.WIN, 3, W))),
    ...     Player(2, entries=(E(Kind.LOSS, 1, B), E(Kind.PAB))),
    ...     Player(3, entries=(E(Kind.WIN, 4, W), E(Kind.LOSS, 1, B))),
    ...     Player(4, entries=(E(Kind.LOSS, 3, B), E(Kind.FORFEIT_WIN, 5, W))),
    ...     Player(5, entries=(E(Kind.PAB), E(Kind.FORFEIT_LOSS, 4, B)))))
    >>> sorted(lim_floaters(t, 3))  # round 2, median 0.5: 1-3 both on 1; 4 (0) - 5 (1) forfeit
    [4, 5]
    """
    if rnd < 2:
        return frozenset()
    prev = round_state(t, rnd - 1, edition="2026")
    median = median_score(prev)
    out: set[int] = set()
    for p in t.players:
        e = p.entry(rnd - 1)
        o = e.opponent
        if (not e.kind.has_opponent or e.kind is Kind.PENDING or o is None
                or p.number not in prev.players or o not in prev.players):
            continue
        if 0 in transferred(prev.players[p.number].pairing_score,
                            prev.players[o].pairing_score, median):
            out.add(p.number)
    return frozenset(out)


def lim_state(t: Tournament, rnd: int, *, maxi: bool | None = None) -> LimState:
    """The Lim state before round ``rnd`` of ``t``; ``maxi`` None: by :func:`maxi_tournament`.

    Compatible (2.1): not met before (nor a forbidden pair), and some colour allocation keeps
    both within the colour limits, which depends on each player's pair (may take White, may take
    Black) only: :class:`Partners` keeps those classes and the opponents met, not every pair."""
    base = round_state(t, rnd, edition="2026")
    order = base.order
    W, B = Color.WHITE, Color.BLACK

    def may_take(n: int) -> tuple[bool, bool]:
        colors = base.players[n].colors
        return colour_allowed(colors, W), colour_allowed(colors, B)

    partners = Partners(base, order, key=may_take, pair_ok=lambda a, b: pair_allowed(
        base.players[a].colors, base.players[b].colors))
    loose = Partners(base, order, key=lambda n: 0, pair_ok=lambda a, b: True) \
        if base.last_round else None
    return LimState(base=base, names={p.number: p.name for p in t.players},
                    median=median_score(base), partners=partners,
                    maxi=maxi_tournament(t, maxi)[0], floated=lim_floaters(t, rnd), loose=loose)


# ----------------------------------------------------------------------------- matchings

def _adjacency(ls: LimState, players: list[int]) -> list[int]:
    pt = ls.partners
    if isinstance(pt, Partners):
        adj = pt.adjacency(players)
        if adj is not None:
            return adj
    index = {n: i for i, n in enumerate(players)}
    out = []
    for n in players:
        bits = 0
        if isinstance(pt, Partners):
            for i, m in enumerate(players):
                if pt.allows(n, m):
                    bits |= 1 << i
        else:
            for m in pt.get(n, ()):
                j = index.get(m)
                if j is not None:
                    bits |= 1 << j
        out.append(bits)
    return out


def _graph(ls: LimState) -> tuple[dict[int, int], list[int]]:
    """(position of each player, adjacency bitsets by position) of the compatibility graph of
    ``ls.partners``, built once per partners: the matchings below run on a subset of it
    (``active``) instead of building a graph per call (each call was O(players^2) in a round of
    thousands)."""
    got = ls.graph.get(id(ls.partners))
    if got is None or got[0] is not ls.partners:  # the entry keeps its partners alive
        pt = ls.partners
        players = list(dict.fromkeys(pt.order if isinstance(pt, Partners) else pt))
        got = ls.graph[id(pt)] = (pt, {n: i for i, n in enumerate(players)},
                                  _adjacency(ls, players))
    return got[1], got[2]


def symmetric(ls: LimState) -> bool:
    """Whether compatibility is known to be symmetric (:attr:`Partners.symmetric`): a search
    may then read the graph of :func:`_graph` both ways and start from any matching."""
    return isinstance(ls.partners, Partners) and ls.partners.symmetric


def _active(index: dict[int, int], players: list[int]) -> tuple[int, int]:
    """(bitset of ``players`` in the graph, how many have no compatible player at all)."""
    mask = missing = 0
    for n in players:
        i = index.get(n)
        if i is None:
            missing += 1
        else:
            mask |= 1 << i
    return mask, missing


def max_pairs(ls: LimState, players: list[int]) -> int:
    """The most pairs of compatible players ``players`` can form."""
    if len(players) < 2:
        return 0
    index, adj = _graph(ls)
    mask, _ = _active(index, players)
    return matching_size(max_matching(adj, active=mask))


def can_pair_all(ls: LimState, players: list[int]) -> bool:
    """Whether ``players`` can all be paired with compatible opponents."""
    if len(players) % 2:
        return False
    if not players:
        return True
    index, adj = _graph(ls)
    mask, missing = _active(index, players)
    if missing:
        return False
    mate = max_matching(adj, active=mask, perfect=True)
    return all(mate[index[n]] >= 0 for n in players)


class PairableRest:
    """Whether ``players`` less two of them can all be paired with compatible opponents
    (:func:`can_pair_all` of the rest), for a set that shrinks a pair at a time: a perfect
    matching of the players left is kept and each question repairs it with one augmenting
    path. Whether the rest can be paired is a property of the graph, so the answers are those
    of :func:`can_pair_all` whatever matching the search starts from; where the graph is not
    known to be symmetric, or the players have no perfect matching, each question is put to
    :func:`can_pair_all`."""

    def __init__(self, ls: LimState, players: list[int],
                 likely: Iterable[tuple[int, int]] = ()) -> None:
        """``likely``: pairs the search may start from (the answers do not depend on them; a
        good guess saves the repairs)."""
        self.ls, self.players = ls, list(players)
        self.mate: list[int] | None = None
        self._repaired: dict[tuple[int, int], list[int]] = {}
        if not symmetric(ls) or len(players) % 2 or len(set(players)) != len(players):
            return
        self.index, self.adj = _graph(ls)
        self.active, missing = _active(self.index, self.players)
        if missing:
            return
        seed, seeded = [-1] * len(self.adj), False
        for a, b in likely:
            ia, ib = self.index.get(a), self.index.get(b)
            if ia is None or ib is None or ia == ib or seed[ia] != -1 or seed[ib] != -1:
                continue
            if (self.active >> ia) & (self.active >> ib) & (self.adj[ia] >> ib) & 1:
                seed[ia], seed[ib], seeded = ib, ia, True
        mate = max_matching(self.adj, match=seed if seeded else None, active=self.active,
                            perfect=True)
        if all(mate[self.index[n]] >= 0 for n in self.players):
            self.mate = mate

    def without(self, a: int, b: int) -> bool:
        """Whether the players but ``a`` and ``b`` (two of them) can all be paired."""
        if self.mate is None:
            return can_pair_all(self.ls, [n for n in self.players if n not in (a, b)])
        ia, ib = self.index[a], self.index[b]
        ma, mb = self.mate[ia], self.mate[ib]
        if ma == ib:
            return True
        trial = list(self.mate)
        for v in (ia, ib, ma, mb):
            trial[v] = -1
        trial = max_matching(self.adj, match=trial, active=self.active & ~(1 << ia | 1 << ib),
                             perfect=True)
        if trial[ma] < 0 or trial[mb] < 0:
            return False
        self._repaired[(a, b)] = trial
        return True

    def remove(self, a: int, b: int) -> None:
        """``a`` and ``b`` (a pair :meth:`without` allowed) leave the set."""
        if self.mate is None:
            self.players = [n for n in self.players if n not in (a, b)]
        else:
            ia, ib = self.index[a], self.index[b]
            if self.mate[ia] != ib:
                self.mate = self._repaired[(a, b)]
                self.mate[ia], self.mate[ib] = ib, ia
            self.active &= ~(1 << ia | 1 << ib)
        self._repaired.clear()


def can_cover(ls: LimState, must: list[int], players: list[int]) -> bool:
    """Whether some pairing of compatible players among ``players`` gives every player of
    ``must`` (a subset) an opponent: a perfect matching of ``players`` plus dummies that take
    any player not in ``must`` (and each other).

    >>> from pairchk.model import Tournament, Player
    >>> ls = lim_state(Tournament(rounds=5, players=tuple(Player(n) for n in range(1, 5))), 1)
    >>> ls = replace(ls, partners={1: frozenset({2}), 2: frozenset({1, 3}), 3: frozenset({2}),
    ...                            4: frozenset()})
    >>> can_cover(ls, [1], [1, 2, 3, 4]), can_cover(ls, [1, 3], [1, 2, 3, 4])
    (True, False)
    """
    inside = set(must)
    others = [n for n in players if n not in inside]
    dummies = len(others) + len(inside) % 2
    adj = _adjacency(ls, players) + [0] * dummies
    n = len(players)
    every_dummy = ((1 << dummies) - 1) << n
    for i, p in enumerate(players):
        if p not in inside:
            adj[i] |= every_dummy
    for d in range(n, n + dummies):
        adj[d] = every_dummy & ~(1 << d)
        adj[d] |= sum(1 << i for i, p in enumerate(players) if p not in inside)
    return all(m >= 0 for m in max_matching(adj, perfect=True))


# ----------------------------------------------------------------------------- colours

def allocate(ls: LimState, a: int, b: int, median_or_above: bool) -> tuple[int, int]:
    """Article 5: (white, black) of the pair ``a``-``b``.

    1. 5.3 (5.1.1, 5.1.2): a colour beyond the limits is never given, when the other
       allocation keeps both within them;
    2. 5.1, 5.5, 5.6: each gets the colour due to them when the two differ (a player without
       games has none: the other's due colour decides);
    3. 5.4: otherwise, going back through the colour histories, at the latest round in which
       the two had different colours each gets the colour the other had then;
    4. 5.4: identical histories: in the Median Scoregroup or above the higher ranked player
       gets the colour due to them, below it the lower ranked player;
    5. 7.2: neither has played: the higher ranked gets the initial colour (the lot of round 1)
       when their pairing number is odd, the other colour when it is even.
    """
    W, B = Color.WHITE, Color.BLACK
    ca, cb = ls.p(a).colors, ls.p(b).colors
    a_white = colour_allowed(ca, W) and colour_allowed(cb, B)
    a_black = colour_allowed(ca, B) and colour_allowed(cb, W)
    if a_white != a_black:
        return (a, b) if a_white else (b, a)
    da, db = ls.due(a), ls.due(b)
    if da is not Color.NONE and da is not db:
        return (a, b) if da is W else (b, a)
    if da is Color.NONE and db is not Color.NONE:
        return (b, a) if db is W else (a, b)
    for back in range(1, min(len(ca), len(cb)) + 1):
        if ca[-back] is not cb[-back]:
            return (a, b) if cb[-back] is W else (b, a)
    hi, lo = (a, b) if ls.rank_key(a) < ls.rank_key(b) else (b, a)
    if da is Color.NONE:  # neither has played (7.2)
        colour = ls.base.initial_color if ls.tpn(hi) % 2 else ls.base.initial_color.opposite
        return (hi, lo) if colour is W else (lo, hi)
    decider = hi if median_or_above else lo
    other = lo if decider == hi else hi
    return (decider, other) if ls.due(decider) is W else (other, decider)


__all__ = [
    "MAXI_BAND",
    "PairableRest",
    "Direction",
    "FloaterType",
    "LimState",
    "allocate",
    "can_cover",
    "can_pair_all",
    "colour_allowed",
    "due_colour",
    "lim_floaters",
    "lim_state",
    "max_pairs",
    "maxi_tournament",
    "median_score",
    "pair_allowed",
    "transferred",
]
