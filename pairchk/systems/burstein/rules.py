"""Burstein (C.04.4.2, 2026 text) derived state: the Index of art. 1.7-1.8, colour preferences
(1.5), legality ([C1], [C3]) and colour allocation (art. 5.2, the Dutch 2026 rules without
topscorers). Used by :mod:`.pair` and :mod:`.system`.

Index (1.7.1, 1.8.1): Buchholz, then Sonneborn-Berger, from the current scores; 1.7.2 common
rules: virtual (acceleration) points are not used; an unplayed round counts as a game against
oneself (own current score); a player whose last rounds are a series of zero-point byes up to
the current round counts each of them as a draw for the benefit of their over-the-board opponents.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(rounds=4, players=(
...     Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),)),
...     Player(3, entries=(RoundEntry(Kind.PAB),))))
>>> bs = burstein_state(t, 2)
>>> [(str(bs.buchholz[n]), str(bs.sb[n])) for n in (1, 2, 3)]
[('0', '0'), ('1', '0'), ('1', '1')]
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ...matching import max_matching
from ...model import Color, Kind, Tournament
from ...state import PlayerState, PrefKind, RoundState, round_state
from ..partners import Partners, pair_rows

STRENGTH = {PrefKind.NONE: 0, PrefKind.MILD: 1, PrefKind.STRONG: 2, PrefKind.ABSOLUTE: 3}
_ZERO_BYES = (Kind.ZERO_BYE, Kind.ABSENT, Kind.NOT_PAIRED)


def seeding_rounds(rounds: int) -> int:
    """1.6.2: half the number of rounds (rounded down) or 4, whichever is lower.

    >>> [seeding_rounds(r) for r in (3, 5, 7, 9, 11)]
    [1, 2, 3, 4, 4]
    """
    return min(rounds // 2, 4)


@dataclass(frozen=True)
class BursteinState:
    """The round state read by the Burstein engine (``base`` is the shared RoundState)."""

    base: RoundState
    names: dict[int, str]
    buchholz: dict[int, Decimal]
    sb: dict[int, Decimal]
    partners: Partners  # players to pair -> those they may legally meet

    @property
    def round(self) -> int:
        return self.base.round

    def p(self, n: int) -> PlayerState:
        return self.base.players[n]

    def score(self, n: int) -> Decimal:
        """Score for brackets: the pairing score (C.04.7 acceleration applies to scoregroups;
        1.7.2 excludes virtual points from the Index only)."""
        return self.base.players[n].pairing_score

    def tpn(self, n: int) -> int:
        return self.base.players[n].pairing_rank + 1

    def rank_key(self, n: int) -> tuple:
        """1.8: Index (Buchholz, then Sonneborn-Berger, higher first), then TPN ascending."""
        return (-self.buchholz[n], -self.sb[n], self.tpn(n))

    def pref(self, n: int) -> Color:
        """1.5 (1.5.4: no game yet = no preference)."""
        return self.base.players[n].pref

    def legal(self, a: int, b: int) -> bool:
        """[C1] no second meeting (nor a forbidden pair), [C3] no two equal absolute preferences."""
        return self.partners.allows(a, b)

    def must(self, n: int) -> Color:
        ps = self.base.players[n]
        if ps.pref_kind is PrefKind.ABSOLUTE:
            return ps.pref
        return Color.NONE


def _legal(base: RoundState, a: int, b: int) -> bool:
    if a == b or base.met(a, b):
        return False
    return _colours_agree(base, a, b)


def _colours_agree(base: RoundState, a: int, b: int) -> bool:
    pa, pb = base.players[a], base.players[b]
    return not (pa.pref_kind is PrefKind.ABSOLUTE and pb.pref_kind is PrefKind.ABSOLUTE
                and pa.pref is pb.pref)


def _index(t: Tournament, base: RoundState) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
    sc = t.scoring
    hist = base.round - 1
    score = {n: ps.score for n, ps in base.players.items()}
    # 1.7.2: trailing zero-point byes count as draws for the benefit of the opponents
    for_opp = dict(score)
    for p in t.players:
        extra = Decimal(0)
        for k in range(hist, 0, -1):
            e = p.entry(k)
            if e.kind in _ZERO_BYES and sc.points(e) == 0:
                extra += sc.draw
            else:
                break
        for_opp[p.number] = score[p.number] + extra
    bh: dict[int, Decimal] = {}
    sb: dict[int, Decimal] = {}
    for p in t.players:
        b = s = Decimal(0)
        for k in range(1, hist + 1):
            e = p.entry(k)
            if e.kind.played and e.opponent is not None and e.color is not Color.NONE:
                opp = for_opp.get(e.opponent, Decimal(0))
            else:
                opp = score[p.number]  # 1.7.2: an unplayed round is a game against oneself
            b += opp
            s += sc.points(e) * opp
        bh[p.number], sb[p.number] = b, s
    return bh, sb


def burstein_state(t: Tournament, rnd: int) -> BursteinState:
    """The Burstein state before round ``rnd`` (C.04.1/C.04.2 2026 semantics)."""
    base = round_state(t, rnd, edition="2026")
    bh, sb = _index(t, base)
    # the pairs of _legal among the players to pair: classes by absolute preference, minus the
    # opponents met and forbidden pairs (not every pair spelt out: 5,000 players are 25M pairs)
    partners = Partners(base, base.order, key=lambda n: (base.players[n].pref_kind, base.players[n].pref),
                        pair_ok=lambda a, b: _colours_agree(base, a, b))
    return BursteinState(base=base, names={p.number: p.name for p in t.players}, buchholz=bh,
                         sb=sb, partners=partners)


def completable(bs: BursteinState, players: list[int]) -> bool:
    """Whether ``players`` admit a legal pairing of all of them ([C4])."""
    n = len(players)
    if n % 2:
        return False
    adj = pair_rows(bs.partners, players, bs.legal)
    return all(m >= 0 for m in max_matching(adj, perfect=True))


def _last_difference(bs: BursteinState, a: int, b: int) -> tuple[Color, Color] | None:
    for x, y in zip(reversed(bs.p(a).colors), reversed(bs.p(b).colors)):
        if x is not y:
            return x, y
    return None


def _give(n: int, colour: Color, other: int) -> tuple[int, int]:
    return (n, other) if colour is Color.WHITE else (other, n)


def higher(bs: BursteinState, a: int, b: int) -> int:
    """The higher-ranked player of 5.2.1 and 5.2.5: the ranking of 1.8 (Index - Buchholz, then
    Sonneborn-Berger - then TPN). 1.8 says the players' scores are not used, and it is the
    ranking the text cites for 5.2.1 and 5.2.5, so a floater pair's higher *scored* player is
    not for that the higher *ranked* one."""
    return a if bs.rank_key(a) <= bs.rank_key(b) else b


def allocate(bs: BursteinState, a: int, b: int) -> tuple[int, int]:
    """(white, black) by art. 5.2 (the first rule that decides).

    5.2.1 neither has played: the higher-ranked (1.8: Index, then TPN) gets the initial colour
    with an odd TPN, else the other; 5.2.2 grant both preferences; 5.2.3 grant the stronger
    one; 5.2.4 alternate to the most recent round with different colours; 5.2.5 grant the
    preference of the higher-ranked player (1.8).
    """
    for x, y in ((a, b), (b, a)):  # C.04.1 art. 6-7 first (legal pairs never clash here)
        if bs.must(x) is not Color.NONE and bs.must(y) is Color.NONE:
            return _give(x, bs.must(x), y)
    hr = higher(bs, a, b)
    lo = b if hr == a else a
    if bs.p(a).played == 0 and bs.p(b).played == 0:
        c = bs.base.initial_color if bs.tpn(hr) % 2 else bs.base.initial_color.opposite
        return _give(hr, c, lo)
    ph, pl = bs.pref(hr), bs.pref(lo)
    if ph is Color.NONE:  # 1.5.4: the opponent's preference is granted
        return _give(lo, pl, hr)
    if pl is Color.NONE or ph is not pl:
        return _give(hr, ph, lo)
    sh, sl = STRENGTH[bs.p(hr).pref_kind], STRENGTH[bs.p(lo).pref_kind]
    if sh != sl:
        return _give(hr, ph, lo) if sh > sl else _give(lo, pl, hr)
    diff = _last_difference(bs, hr, lo)
    if diff is not None:
        return _give(hr, diff[0].opposite, lo)
    return _give(hr, ph, lo)


def colour_misses(bs: BursteinState, white: int, black: int) -> int:
    """Players of a pair not getting their colour preference ([C8])."""
    return int(bs.pref(white) is Color.BLACK) + int(bs.pref(black) is Color.WHITE)


def same_side(bs: BursteinState, a: int, b: int) -> bool:
    """Both players prefer the same colour: one of them cannot get it ([C8])."""
    pa = bs.pref(a)
    return pa is not Color.NONE and pa is bs.pref(b)


__all__ = ["BursteinState", "burstein_state", "seeding_rounds", "completable", "allocate",
           "colour_misses", "same_side", "higher"]
