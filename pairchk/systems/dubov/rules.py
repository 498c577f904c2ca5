"""Dubov derived state and the rules both editions share: colour preferences, legality of a
pair, colour allocation, completion (used by :mod:`.pair`, :mod:`.edition1997`, :mod:`.system`).

The state is :func:`pairchk.state.round_state` (scores, colours, floats, ARO, PAB eligibility)
plus what only Dubov reads from it: the Dubov colour preference, MaxT and names for the
alphabetical tie-breaks of 1997.

>>> from pairchk.model import Tournament, Player
>>> t = Tournament(rounds=5, players=tuple(Player(n, name=f"P{n}", rating=2100 - n) for n in (1, 2, 3)))
>>> ds = dubov_state(t, 1, edition="2026")
>>> ds.maxt, ds.pref(1), ds.pref_kind(1)
(3, <Color.BLACK: 'b'>, <PrefKind.MILD: 'mild'>)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal

from ...matching import max_matching, missable
from ...model import Color, Tournament
from ...state import PlayerState, PrefKind, RoundState, round_state
from ..partners import Partners, pair_rows

STRENGTH = {PrefKind.NONE: 0, PrefKind.MILD: 1, PrefKind.STRONG: 2, PrefKind.ABSOLUTE: 3}


@dataclass(frozen=True)
class DubovState:
    """The round state read by the Dubov engines (``base`` is the shared :class:`RoundState`)."""

    base: RoundState
    edition: str  # "2026" or "1997"
    names: dict[int, str]
    maxt: int  # 2026 1.8.2: 2 + floor(rounds / 5); 1997 2.5: upfloats allowed in total
    partners: Partners  # players to pair -> those they may legally meet

    @property
    def round(self) -> int:
        return self.base.round

    def p(self, n: int) -> PlayerState:
        return self.base.players[n]

    def score(self, n: int) -> Decimal:
        return self.base.players[n].pairing_score

    def tpn(self, n: int) -> int:
        return self.base.players[n].pairing_rank + 1

    def pref(self, n: int) -> Color:
        """2026 1.6 (1.6.4: no game yet = mild preference for Black); 1997 1.3/1.4 due colour
        (none without games)."""
        ps = self.base.players[n]
        if ps.played == 0:
            return Color.BLACK if self.edition == "2026" else Color.NONE
        return ps.pref

    def pref_kind(self, n: int) -> PrefKind:
        ps = self.base.players[n]
        if ps.played == 0:
            return PrefKind.MILD if self.edition == "2026" else PrefKind.NONE
        return ps.pref_kind

    def must(self, n: int) -> Color:
        """The colour a player must get (C.04.1 2026 art. 6-7; 1997 2.3-2.4), else NONE."""
        return _must(self.base.players[n])

    def legal(self, a: int, b: int) -> bool:
        """No rematch or forbidden pair (C1 / 1997 2.1) and no clash of absolute colours
        (2026 C3, no topscorer exception; 1997 2.3-2.4)."""
        if a in self.partners:
            return self.partners.allows(a, b)
        return _legal(self.base, a, b)

    def higher(self, a: int, b: int) -> int:
        """The higher-ranked of two players: more points, else smaller TPN (2026 5.2.1)."""
        return a if (self.score(a), -self.tpn(a)) >= (self.score(b), -self.tpn(b)) else b


def _must(ps: PlayerState) -> Color:
    if ps.color_diff >= 2 or ps.repeated is Color.WHITE:
        return Color.BLACK
    if ps.color_diff <= -2 or ps.repeated is Color.BLACK:
        return Color.WHITE
    return Color.NONE


def _legal(base: RoundState, a: int, b: int) -> bool:
    if a == b or base.met(a, b):
        return False
    return _colours_agree(base, a, b)


def _colours_agree(base: RoundState, a: int, b: int) -> bool:
    ma = _must(base.players[a])
    return ma is Color.NONE or ma is not _must(base.players[b])


def _colour_partners(base: RoundState) -> Partners:
    """The legal partners of :func:`_legal` among the players to pair: classes by the colour
    each must get, minus the opponents met and forbidden pairs."""
    return Partners(base, base.order, key=lambda n: _must(base.players[n]),
                    pair_ok=lambda a, b: _colours_agree(base, a, b))


def dubov_state(t: Tournament, rnd: int, *, edition: str) -> DubovState:
    """The Dubov state before round ``rnd`` (2026 PAB and float semantics for both editions:
    1997 2.2 bars a second point without playing, which is 2026 C.04.1 art. 4)."""
    base = round_state(t, rnd, edition="2026")
    if edition == "2026":
        maxt = 2 + base.rounds // 5
    else:
        # 1997 2.5 (source text): no upfloat "zum dritten Mal insgesamt bei bis zu 9 Runden bzw.
        # zum vierten Mal bei mehr als 9 Runden" -> at most 2 (<= 9 rounds) or 3 upfloats.
        maxt = 2 if base.rounds <= 9 else 3
    partners = _colour_partners(base)
    if edition == "1997" and not base.last_round:
        # 2.5 is a pairing limitation: the lower player of a pair with unequal scores is
        # transferred up, which may not happen twice running nor beyond the limit
        def key(n: int) -> tuple[Color, Decimal, bool]:
            ps = base.players[n]
            return _must(ps), ps.pairing_score, ps.float_before(1) != "U" and ps.upfloats < maxt

        partners = Partners(base, base.order, key=key, pair_ok=lambda a, b: (
            _colours_agree(base, a, b) and _may_meet_1997(base, a, b, maxt)))
    return DubovState(base=base, edition=edition, names={p.number: p.name for p in t.players},
                      maxt=maxt, partners=partners)


def _may_meet_1997(base: RoundState, a: int, b: int, maxt: int) -> bool:
    sa, sb = base.players[a].pairing_score, base.players[b].pairing_score
    if sa == sb:
        return True
    low = base.players[b] if sa > sb else base.players[a]
    return low.float_before(1) != "U" and low.upfloats < maxt


def relaxed(ds: DubovState) -> DubovState:
    """The state without the 1997 2.5 limitation (the arbiter's way out of a round the rules
    cannot pair, closing remark of the 1997 text)."""
    return replace(ds, partners=_colour_partners(ds.base))


def completable(ds: DubovState, players: list[int] | tuple[int, ...]) -> bool:
    """Whether ``players`` admit a legal pairing of all of them (C4 completion)."""
    n = len(players)
    if n % 2:
        return False
    if n == 0:
        return True
    adj = pair_rows(ds.partners, players, ds.legal)
    mate = max_matching(adj, perfect=True)
    return all(m >= 0 for m in mate)


def pair_graph(ds: DubovState, players: list[int] | tuple[int, ...]) -> list[int] | None:
    """Bit ``j`` of row ``i``: ``players[i]`` and ``players[j]`` may meet (:meth:`DubovState.legal`
    both ways round); None when that is not known to be symmetric there (a player not to be
    paired or listed twice, a game on one side of a file only): the caller then asks
    :meth:`DubovState.legal` pair by pair in its own order."""
    if not ds.partners.symmetric:
        return None
    return ds.partners.adjacency(players)


def first_leaving_completable(ds: DubovState, players: list[int], cands: Iterable[int]) -> int | None:
    """The first of ``cands`` (players of ``players``) without whom the others are
    :func:`completable`, or None. With an odd number of players, by Gallai-Edmonds: when a
    maximum matching leaves exactly one player out, the others less ``n`` pair completely
    exactly when some maximum matching leaves ``n`` out (``n`` in the set D of
    :func:`pairchk.matching.missable`); otherwise nobody can be left out."""
    adj = pair_graph(ds, players) if len(players) % 2 else None
    if adj is None:
        for n in cands:
            if completable(ds, [m for m in players if m != n]):
                return n
        return None
    deficiency, d = missable(adj, (1 << len(players)) - 1)
    pos = {x: i for i, x in enumerate(players)}
    for n in cands:
        if deficiency == 1 and d >> pos[n] & 1:
            return n
    return None


def legal_rows(ds: DubovState, left: list[int], right: list[int]) -> list[int]:
    """Bit ``j`` of row ``i``: ``ds.legal(left[i], right[j])``."""
    rows = ds.partners.between(left, right) if all(a in ds.partners for a in left) else None
    if rows is None:
        rows = []
        for a in left:
            row = 0
            for j, b in enumerate(right):
                if ds.legal(a, b):
                    row |= 1 << j
            rows.append(row)
    return rows


def _last_difference(ds: DubovState, a: int, b: int) -> tuple[Color, Color] | None:
    ca, cb = ds.p(a).colors, ds.p(b).colors
    for x, y in zip(reversed(ca), reversed(cb)):
        if x is not y:
            return x, y
    return None


def allocate(ds: DubovState, a: int, b: int) -> tuple[int, int]:
    """(white, black) for a pair by the colour rules of the edition (2026 art. 5.2, 1997 art. 3)."""
    if ds.edition == "2026":
        return _allocate_2026(ds, a, b)
    return _allocate_1997(ds, a, b)


def _give(ds: DubovState, n: int, colour: Color, other: int) -> tuple[int, int]:
    return (n, other) if colour is Color.WHITE else (other, n)


def _allocate_2026(ds: DubovState, a: int, b: int) -> tuple[int, int]:
    hr = ds.higher(a, b)
    lo = b if hr == a else a
    # the absolute rules come first (C.04.1 art. 6-7); legal pairs never clash here
    for x, y in ((hr, lo), (lo, hr)):
        if ds.must(x) is not Color.NONE and ds.must(y) is Color.NONE:
            return _give(ds, x, ds.must(x), y)
    if ds.p(hr).played == 0 and ds.p(lo).played == 0:
        # 5.2.1: the higher-ranked player gets the initial colour with an odd TPN
        c = ds.base.initial_color if ds.tpn(hr) % 2 else ds.base.initial_color.opposite
        return _give(ds, hr, c, lo)
    ph, pl = ds.pref(hr), ds.pref(lo)
    if ph is not pl:  # 5.2.2 grant both preferences (everyone has one in 2026, 1.6.4)
        return _give(ds, hr, ph, lo)
    sh, sl = STRENGTH[ds.pref_kind(hr)], STRENGTH[ds.pref_kind(lo)]
    if sh != sl:  # 5.2.3 grant the stronger preference
        return _give(ds, hr, ph, lo) if sh > sl else _give(ds, lo, pl, hr)
    diff = _last_difference(ds, hr, lo)
    if diff is not None:  # 5.2.4 alternate to the most recent round with different colours
        return _give(ds, hr, diff[0].opposite, lo)
    return _give(ds, hr, ph, lo)  # 5.2.5 the higher-ranked player's preference


def _allocate_1997(ds: DubovState, a: int, b: int) -> tuple[int, int]:
    for x, y in ((a, b), (b, a)):
        if ds.must(x) is not Color.NONE and ds.must(y) is Color.NONE:
            return _give(ds, x, ds.must(x), y)
    pa, pb = ds.pref(a), ds.pref(b)
    # 3.1 both get their due colour
    if pa is not Color.NONE and pb is not Color.NONE and pa is not pb:
        return _give(ds, a, pa, b)
    if pa is not Color.NONE and pb is Color.NONE:
        return _give(ds, a, pa, b)
    if pb is not Color.NONE and pa is Color.NONE:
        return _give(ds, b, pb, a)
    # 3.2 balance the numbers of white and black games: the larger imbalance gets its due
    da, db = ds.p(a).color_diff, ds.p(b).color_diff
    if da != db:
        return (a, b) if da < db else (b, a)
    diff = _last_difference(ds, a, b)
    if diff is not None:  # 3.3 opposite colours to the last round they had different colours
        return _give(ds, a, diff[0].opposite, b)
    ra, rb = ds.p(a).aro, ds.p(b).aro
    if ra != rb:  # 3.4 the higher ARO gets White
        return (a, b) if ra > rb else (b, a)
    wa, wb = ds.p(a).rating, ds.p(b).rating
    if wa != wb:  # 3.5 the lower rating gets White
        return (a, b) if wa < wb else (b, a)
    # not decided by the text: the higher-ranked player gets the initial colour
    hr = ds.higher(a, b)
    return _give(ds, hr, ds.base.initial_color, b if hr == a else a)


def colour_misses(ds: DubovState, white: int, black: int) -> int:
    """Players of a pair not getting their colour preference (2026 C7; 1997 due colour)."""
    miss = 0
    if ds.pref(white) is Color.BLACK:
        miss += 1
    if ds.pref(black) is Color.WHITE:
        miss += 1
    return miss


__all__ = ["DubovState", "dubov_state", "completable", "pair_graph", "legal_rows",
           "first_leaving_completable", "allocate", "colour_misses", "STRENGTH"]
