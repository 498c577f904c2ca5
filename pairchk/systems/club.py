"""The club Swiss of seed 004 ("Inselschach 68": a club's short explanation of Swiss pairing).

Every rule below is a sentence of the source (quoted; the tests quote them again and check
them). Where the source is silent, the reading chosen here is said so.

Order. "Dazu wird am Anfang eine Reihenfolge aller Spieler (In unserem Fall nach den
Ingozahlen) festgelegt." The start list is that order: :func:`start_list` builds it from a
rating list where lower is better (the German Ingo number) or from a rating; the pairing
then follows the starting numbers. Score groups: "Eine Gruppe von Punktgleichen (In der auch
diese Reihenfolge gilt) wird dann in eine obere und eine untere Hälfte geteilt. Dann spielt
der erste der oberen Hälfte gegen den ersten der unteren Hälfte, der Zweite gegen den Zweiten
usw." Scores are pairing scores: an acceleration (:mod:`pairchk.acceleration`) applies here
as to every Swiss system.

Absolute rules. "es darf kein Spieler zweimal den gleichen Gegner haben. Und nicht mehr als
dreimal hintereinander die gleiche Farbe." We read the second as: three games in a row with
one colour are allowed, a fourth is not; "hintereinander" counts games played over the board
(a bye or an absence gives no colour and does not break the run). A pair whose two players
both had the same colour in their last three games is therefore not allowed; in any other pair
a player with such a run gets the other colour. Not in the source, taken from the FIDE rules
it follows (C.04.1 art. 4): nobody gets the bye twice.

Exchanges. "Wäre eine eine solche 'unerlaubte' Paarung dran, kommt einfach der nächste auf der
Liste dran, also z.B. statt des zweiten der unteren der dritte, nach dem letzten der unteren
Hälfte der letzte der oberen Hälfte, der zweitletzte usw." For the i-th of the upper half the
candidates are, in this order: the i-th, (i+1)-th ... last of the lower half, then the last,
second-last ... of the upper half; the source stops there, we then try the lower-half players
before the i-th (nearest first). The highest unpaired player chooses first; when a choice
leaves the rest of the group unpairable, the next candidate is taken (decided exactly by a
matching of the rest, so no search and no budget is involved), so the
result is the first complete pairing in the source's order.

Floaters. "Bei einer ungeraden Zahl von Punktgleichen spielt der letzte gegen den obersten der
Gruppe mit nächstniedrigerer Punktzahl." If the last cannot be left over (the rest would be
unpairable) the second-last floats, and so on; a group that cannot be paired even so sends two
more players down, and a lowest group that cannot be paired is merged with the one above. In
the lowest group the player left over gets the bye: "Eine weitere Neuerung ist, daß der
Freilos-Spieler nur einen halben Punkt erhält." (the scoring preset, :func:`scoring_preset`).

Colours. "Idealerweise sollen sie nach jeder Runde wechseln. [...] Hatten beide Spieler die
gleiche Farbe, sieht man in der vorigen Runde nach usw." and the club's own addition: "Ist der
Farbverlauf gleich (beide hatten SWS), bekommt der höher eingestufte Spieler die Farbe, die die
Verteilung ausgleicht - in diesem Fall Weiß. Ist die Verteilung schon gleich (beide hatten
SSWW), wechselt die Farbe des oberen Spielers." See :func:`colours`. The source does not say
how round 1 (or two players without games) is coloured: as in the FIDE rules, the upper player
gets the initial colour if his starting rank is odd, the other colour if it is even.

Standings. "Buchholz-Wertzahl sind die Punkte der Gegner. Sie sagen nur etwas als Vergleich
punktgleicher Spieler aus.": points, then Buchholz (:func:`standings`).

>>> from pairchk.model import Tournament, Player
>>> t = Tournament(rounds=3, players=tuple(Player(n) for n in range(1, 8)))
>>> p = pair(round_state(t, 1))
>>> [(x.white, x.black) for x in p.pairs], p.bye
([(1, 4), (5, 2), (3, 6)], 7)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Iterator, Sequence

from ..errors import PairchkError, UnknownEditionError
from ..model import Color, Kind, Player, ScoreSystem, Tournament
from ..pairing import Pair, RoundPairing, published_pairing
from ..state import RoundState
from ..state import round_state as shared_round_state
from ..system import Criterion, UnpairableError, Violation

NAME = "club"
SOURCE = "club Swiss of Inselschach 68"


# --------------------------------------------------------------------------- criteria

CRITERIA = (
    Criterion("rematch", SOURCE, "players meeting a second time "
              "(\"es darf kein Spieler zweimal den gleichen Gegner haben\")", absolute=True),
    Criterion("colour_run", SOURCE, "players getting one colour a fourth time in a "
              "row (\"nicht mehr als dreimal hintereinander die gleiche Farbe\")", absolute=True),
    Criterion("bye_again", f"{SOURCE}; C.04.1 art. 4",
              "players getting the bye a second time", absolute=True),
    Criterion("floaters", SOURCE, "players not paired inside their score group"),
    Criterion("float_order", SOURCE, "floaters not taken from the bottom of their "
              "group or not paired with the top of the next lower group (\"spielt der letzte "
              "gegen den obersten der Gruppe mit nächstniedrigerer Punktzahl\")"),
    Criterion("exchange", SOURCE, "opponents chosen later in the source's order than "
              "needed (i-th of the upper half against the i-th of the lower half, \"kommt "
              "einfach der nächste auf der Liste dran\")"),
    Criterion("colour", SOURCE, "pairs whose colours break the alternation or the "
              "club's balance rule"),
)


@dataclass(frozen=True)
class Quality:
    """The quality record of a club Swiss pairing: lower is better, field by field."""

    rematch: int
    colour_run: int
    bye_again: int
    floaters: int
    float_order: tuple
    exchange: tuple
    colour: int


# --------------------------------------------------------------------------- scoring, order


def scoring_preset(scoring: ScoreSystem) -> ScoreSystem:
    """The club's point system: the bye is worth half a point unless the file sets it.

    >>> str(scoring_preset(ScoreSystem()).pab_value)
    '0.5'
    """
    if scoring.pab is not None:
        return scoring
    return dataclasses.replace(scoring, pab=Decimal("0.5"))


def start_list(players: Sequence[Player], by: str = "ingo") -> tuple[Player, ...]:
    """Players renumbered 1..N in the club's order: by a rating list where lower is better
    (``by="ingo"``, the German Ingo number, read from ``national_rating``) or by rating,
    higher first (``by="rating"``, FIDE rating else national). Unrated players come last in
    their old order. Entries are not renumbered: call it before round 1.

    >>> ps = [Player(1, national_rating=120), Player(2, national_rating=85), Player(3)]
    >>> [p.name or p.national_rating for p in start_list(ps)]
    [85, 120, None]
    """
    if by not in ("ingo", "rating"):
        raise PairchkError(f"club order must be 'ingo' or 'rating', got {by!r}")

    def key(ip: tuple[int, Player]) -> tuple:
        i, p = ip
        if by == "ingo":
            v = p.national_rating
            return (v is None, v if v is not None else 0, i)
        v = p.rating if p.rating is not None else p.national_rating
        return (v is None, -(v or 0), i)

    ordered = [p for _, p in sorted(enumerate(players), key=key)]
    return tuple(p.replace(number=k) for k, p in enumerate(ordered, 1))


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class ClubState:
    """The shared derived state plus what the club Swiss needs on top of it."""

    base: RoundState
    had_bye: frozenset[int]  # players who already got the bye (PAB)
    positions: dict[int, int]  # place in the pairing order: pairing score, then start list
    names: dict[int, str] = dataclasses.field(default_factory=dict)

    def who(self, n: int) -> str:
        """``12 Meier``: number and name, as explanations show players."""
        return f"{n} {self.names.get(n, '')}".strip()

    @property
    def round(self) -> int:
        return self.base.round

    @property
    def players(self):
        return self.base.players

    def position(self, n: int) -> int:
        """Place in the pairing order (players not to be paired: after everybody)."""
        return self.positions.get(n, len(self.positions) + self.players[n].rank)


def club_tournament(t: Tournament) -> Tournament:
    """``t`` under the club's point system (the half-point bye)."""
    sc = scoring_preset(t.scoring)
    return t if sc is t.scoring else t.replace(scoring=sc)


def round_state(t: Tournament, rnd: int, *, edition: str = "2026") -> ClubState:
    """The state before round ``rnd``: the shared :func:`pairchk.state.round_state` of ``t``
    under the club's scoring (``edition`` only satisfies the shared signature)."""
    t = club_tournament(t)
    base = shared_round_state(t, rnd, edition="2026")
    had = frozenset(p.number for p in t.players
                    if any(p.entry(k).kind is Kind.PAB for k in range(1, rnd)))
    return ClubState(base, had, {n: i for i, n in enumerate(base.order)},
                     {p.number: p.name for p in t.players})


# --------------------------------------------------------------------------- colours


def _run(colors: tuple[Color, ...]) -> Color:
    """The colour of the last three games when they are equal, else NONE."""
    if len(colors) >= 3 and colors[-1] is colors[-2] is colors[-3]:
        return colors[-1]
    return Color.NONE


def allowed(st: ClubState, a: int, b: int) -> bool:
    """May ``a`` and ``b`` be paired? Not if they met (or the file forbids it), nor if both
    had the same colour three times in a row (one of them would get it a fourth time)."""
    if st.base.met(a, b):
        return False
    ra, rb = _run(st.players[a].colors), _run(st.players[b].colors)
    return ra is Color.NONE or ra is not rb


def colours(st: ClubState, a: int, b: int) -> tuple[int, int]:
    """(white, black) for the pair ``a``-``b`` by the source's colour rules.

    1. A player with one colour three times in a row gets the other one (the limit).
    2. Alternation: each gets the colour he did not have last; if both had the same colour
       last, the most recent game in which their colours differed decides ("sieht man in der
       vorigen Runde nach usw."), each getting the other colour than then.
    3. Same history (or no difference as far as both go back): the upper player gets the
       colour that balances his whites and blacks; when they are balanced, he alternates.
    4. No games at all: the upper player gets the initial colour if his starting rank is odd.
    """
    hi, lo = (a, b) if st.position(a) < st.position(b) else (b, a)
    ph, pl = st.players[hi], st.players[lo]
    for p, other in ((ph, lo), (pl, hi)):
        r = _run(p.colors)
        if r is not Color.NONE:
            return (other, p.number) if r is Color.WHITE else (p.number, other)
    give_hi = _colour_for_upper(st, ph.colors, pl.colors, ph.pairing_rank)
    return (hi, lo) if give_hi is Color.WHITE else (lo, hi)


def _colour_for_upper(st: ClubState, ch: tuple[Color, ...], cl: tuple[Color, ...],
                      prank: int) -> Color:
    if not ch and not cl:
        return st.base.initial_color if prank % 2 == 0 else st.base.initial_color.opposite
    if not ch:
        return cl[-1]  # the lower player alternates, the upper takes the rest
    if not cl:
        return ch[-1].opposite
    for x, y in zip(reversed(ch), reversed(cl)):
        if x is not y:
            return x.opposite
    diff = sum(1 if c is Color.WHITE else -1 for c in ch)
    if diff > 0:
        return Color.BLACK
    if diff < 0:
        return Color.WHITE
    return ch[-1].opposite


# --------------------------------------------------------------------------- pairing


def _candidates(group: Sequence[int], x: int) -> list[int]:
    """The source's order of opponents for ``x`` inside the (even) ``group``.

    >>> _candidates([1, 2, 3, 4, 5, 6], 2)
    [5, 6, 3, 4]
    >>> _candidates([1, 2, 3, 4, 5, 6], 5)
    [6]
    """
    m = len(group) // 2
    p = group.index(x)
    if p >= m:  # lower half: the next on the list
        return list(group[p + 1:])
    lower = list(group[p + m:]) + list(reversed(group[p + 1:m]))
    return lower + list(reversed(group[m:p + m]))


def _allowed_graph(st: ClubState, group: list[int]) -> list[int]:
    """``adj[i]``: the bitset of the players of ``group`` that ``group[i]`` may meet
    (:func:`allowed`, built from the few partners each player may not have)."""
    pos = {x: i for i, x in enumerate(group)}
    full = (1 << len(group)) - 1
    runs = {Color.WHITE: 0, Color.BLACK: 0}
    for i, x in enumerate(group):
        r = _run(st.players[x].colors)
        if r is not Color.NONE:
            runs[r] |= 1 << i
    banned: dict[int, int] = {}
    for pair in st.base.forbidden:
        u, v = tuple(pair) if len(pair) == 2 else (None, None)
        if u in pos and v in pos:
            banned[u] = banned.get(u, 0) | 1 << pos[v]
            banned[v] = banned.get(v, 0) | 1 << pos[u]
    adj = []
    for i, x in enumerate(group):
        m = full & ~(1 << i) & ~banned.get(x, 0)
        for o in st.players[x].opponents:
            if o in pos:
                m &= ~(1 << pos[o])
        r = _run(st.players[x].colors)
        if r is not Color.NONE:
            m &= ~runs[r]
        adj.append(m)
    return adj


def _without_pair(adj: list[int], mate: list[int], free: int, i: int, j: int) -> list[int] | None:
    """A perfect matching of ``free`` less ``i`` and ``j``, from ``mate`` (one of ``free``),
    or None when there is none: only the two partners they leave alone need new ones."""
    from ..matching import max_matching

    m = list(mate)
    a, b = m[i], m[j]
    m[i] = m[j] = -1
    if a == j:
        return m
    m[a] = m[b] = -1
    if adj[a] >> b & 1:
        m[a], m[b] = b, a
        return m
    m = max_matching(adj, match=m, active=free & ~(1 << i | 1 << j), perfect=True)
    return m if m[a] != -1 and m[b] != -1 else None


def _halves(st: ClubState, group: list[int]) -> list[tuple[int, int]] | None:
    """The first complete pairing of the even ``group`` in the source's exchange order: the
    highest free player takes the first candidate that leaves the rest pairable (a perfect
    matching of the rest exists, decided exactly), so no choice is ever undone and the result
    is the one a depth-first search in that order finds, at any size."""
    from ..matching import max_matching

    adj = _allowed_graph(st, group)
    index = {x: i for i, x in enumerate(group)}
    free = (1 << len(group)) - 1
    mate = max_matching(adj, active=free, perfect=True)
    if -1 in mate:
        return None
    out: list[tuple[int, int]] = []
    for x in group:
        i = index[x]
        if not free >> i & 1:
            continue
        for y in _candidates(group, x):
            j = index[y]
            if not (free >> j & 1 and adj[i] >> j & 1):
                continue
            rest = _without_pair(adj, mate, free, i, j)
            if rest is not None:
                out.append((x, y))
                mate, free = rest, free & ~(1 << i | 1 << j)
                break
        else:  # (cannot happen: x's partner in ``mate`` is a candidate that works)
            return None
    return out


def _perfect(adj: list[int]) -> bool:
    from ..matching import max_matching

    return -1 not in max_matching(adj, perfect=True)


def _deficiency(st: ClubState, members: list[int]) -> int:
    """How many of ``members`` any pairing among them leaves unpaired (at least)."""
    from ..matching import matching_size, max_matching

    return len(members) - 2 * matching_size(max_matching(_allowed_graph(st, members)))


def _with_dummies(adj: list[int], dummies: int, eligible: int) -> list[int]:
    """``adj`` plus ``dummies`` vertices joined to every vertex of ``eligible``: it has a
    perfect matching exactly when some ``dummies`` eligible vertices can be left out of a
    perfect matching of the rest."""
    n = len(adj)
    out = list(adj)
    for d in range(n, n + dummies):
        out.append(eligible)
        for v in range(n):
            if eligible >> v & 1:
                out[v] |= 1 << d
    return out


def _first_floaters(st: ClubState, free: list[int], k: int, last: bool) -> tuple[int, ...] | None:
    """The first set of ``k`` floaters in :func:`_float_sets` order (the lowest players
    first) that leaves the rest of ``free`` pairable, or None; each choice is kept only when a
    completion exists (decided exactly), so no search is needed. In the last group a floater
    gets the bye, so nobody who had one is chosen."""
    adj = _allowed_graph(st, free)
    eligible = 0
    for i, x in enumerate(free):
        if not (last and x in st.had_bye):
            eligible |= 1 << i
    chosen: list[int] = []
    below = len(free)  # the next floater comes from positions below this one
    for slot in range(k):
        for c in range(below - 1, k - slot - 2, -1):
            if not eligible >> c & 1:
                continue
            out = chosen + [c]
            keep = [i for i in range(len(free)) if i not in out]
            sub = [_restrict(adj[i], keep) for i in keep]
            elig = _restrict(eligible & ((1 << c) - 1), keep)
            if _perfect(_with_dummies(sub, k - slot - 1, elig)):
                chosen, below = out, c
                break
        else:
            return None
    return tuple(free[i] for i in sorted(chosen))


def _restrict(mask: int, keep: list[int]) -> int:
    """``mask`` over the positions ``keep`` (renumbered 0..)."""
    return sum(1 << j for j, i in enumerate(keep) if mask >> i & 1)


def _completable(st: ClubState, carry: list[int], free: list[int]) -> bool:
    """In the lowest group: can every player floated in meet one of ``free`` and the rest be
    paired among themselves, one left over for the bye (not a second one) when odd?"""
    nodes = carry + free
    adj = _allowed_graph(st, nodes)
    low = (1 << len(carry)) - 1
    adj = [m & ~low if i < len(carry) else m for i, m in enumerate(adj)]  # floaters meet members
    eligible = 0
    for i, x in enumerate(nodes):
        if i >= len(carry) and x not in st.had_bye:
            eligible |= 1 << i
    return _perfect(_with_dummies(adj, len(nodes) % 2, eligible))


def _float_sets(members: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """Sets of ``k`` floaters, the lowest players first ("der letzte")."""
    from itertools import combinations

    for combo in combinations(range(len(members) - 1, -1, -1), k):
        yield tuple(members[i] for i in sorted(combo))


def _pair_group(st: ClubState, carry: list[int], members: list[int], last: bool) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Pairs of one score group and the players it sends down (the bye in the lowest group).

    Players floated from above each play the highest allowed member, in their order, and
    float on (not from the lowest group) when none is left; a choice is kept only when the
    rest can still be completed, so the result is the first in the source's order.
    """
    if last and not _completable(st, carry, members):
        return None
    pairs: list[tuple[int, int]] = []
    down: list[int] = []
    free = list(members)
    for i, f in enumerate(carry):
        for y in free:
            rest = [z for z in free if z != y]
            if allowed(st, f, y) and (not last or _completable(st, carry[i + 1:], rest)):
                pairs.append((f, y))
                free = rest
                break
        else:
            down.append(f)  # (never in the lowest group: _completable said it meets someone)
    got = _rest(st, free, last)
    if got is None:
        return None
    return pairs + got[0], down + got[1]


def _rest(st: ClubState, free: list[int], last: bool) -> tuple[list, list] | None:
    """The members left after the floaters from above: paired in halves, the fewest floaters
    (the lowest first) sent down."""
    n = len(free)
    for k in range(max(n % 2, _deficiency(st, free)), (1 if last else n) + 1, 2):
        down = _first_floaters(st, free, k, last)
        if down is None:
            continue
        pairs = _halves(st, [z for z in free if z not in down])
        if pairs is not None:
            return pairs, list(down)
    return None


def score_groups(st: ClubState) -> list[list[int]]:
    """Players to pair, grouped by pairing score (highest first), each in start-list order."""
    groups: list[list[int]] = []
    prev = None
    for n in st.base.order:
        s = st.players[n].pairing_score
        if s != prev:
            groups.append([])
            prev = s
        groups[-1].append(n)
    return groups


def _try(st: ClubState, groups: list[list[int]]) -> tuple[list, int | None] | int:
    carry: list[int] = []
    pairs: list[tuple[int, int]] = []
    for gi, g in enumerate(groups):
        got = _pair_group(st, carry, g, gi == len(groups) - 1)
        if got is None:
            return gi
        pairs += got[0]
        carry = got[1]
    return pairs, (carry[0] if carry else None)


def pair(state: ClubState) -> RoundPairing:
    """The reference pairing of the round by the club's rules (see the module docstring).

    Raises :class:`UnpairableError` when no pairing obeys the absolute rules.
    """
    groups = score_groups(state)
    if not groups:
        return RoundPairing(state.round, ())
    while True:
        got = _try(state, groups)
        if not isinstance(got, int):
            break
        if len(groups) == 1:
            raise UnpairableError(
                f"round {state.round}: no pairing without a rematch, a fourth colour in a row "
                "or a second bye exists (club Swiss rules)")
        i = max(got, 1)  # merge the failing group with the one above it
        groups = groups[: i - 1] + [groups[i - 1] + groups[i]] + groups[i + 1:]
    pairs, bye = got
    return RoundPairing(state.round, tuple(Pair(*colours(state, a, b)) for a, b in pairs), bye)


# --------------------------------------------------------------------------- evaluation


def _opponents(pairing: RoundPairing) -> dict[int, int]:
    out: dict[int, int] = {}
    for p in pairing.pairs:
        out[p.white], out[p.black] = p.black, p.white
    return out


def _exchange_vector(st: ClubState, groups: list[list[int]], opp: dict[int, int]) -> tuple:
    """Per score group, the place of each chosen opponent in the source's candidate order,
    for the players paired inside their group (the reference minimises it)."""
    out = []
    for g in groups:
        inside = [n for n in g if n in opp and opp[n] in g]
        free = list(inside)
        while free:
            x = free[0]
            cand = [y for y in _candidates(inside, x) if y in free]
            y = opp[x]
            out.append(cand.index(y) if y in cand else len(inside))
            free = [z for z in free if z not in (x, y)]
    return tuple(out)


def _float_vector(st: ClubState, groups: list[list[int]], opp: dict[int, int],
                  bye: int | None) -> tuple:
    """Per score group with floaters: how far from the bottom they were taken and how far
    from the top of the lower group their opponents sit."""
    out = []
    where = {n: gi for gi, g in enumerate(groups) for n in g}
    for gi, g in enumerate(groups):
        down = [n for n in g if (n in opp and where.get(opp[n], gi) > gi) or n == bye]
        for n in down:
            o = opp.get(n)
            below = groups[where[o]] if o is not None else []
            out.append((len(g) - 1 - g.index(n), below.index(o) if o is not None else 0))
    return tuple(out)


def evaluate(state: ClubState, pairing: RoundPairing) -> Quality:
    """The quality record of ``pairing`` (see :data:`CRITERIA`)."""
    opp = _opponents(pairing)
    groups = score_groups(state)
    where = {n: gi for gi, g in enumerate(groups) for n in g}
    rematch = sum(1 for p in pairing.pairs if state.base.met(p.white, p.black))
    run = 0
    for p in pairing.pairs:
        for n, c in ((p.white, Color.WHITE), (p.black, Color.BLACK)):
            if n in state.players and _run(state.players[n].colors) is c:
                run += 1
    bye_again = 1 if pairing.bye is not None and pairing.bye in state.had_bye else 0
    floaters = sum(1 for a, b in opp.items() if where.get(a) != where.get(b))
    if pairing.bye is not None and groups and where.get(pairing.bye) != len(groups) - 1:
        floaters += 1
    colour = 0
    for p in pairing.pairs:
        known = p.white in state.players and p.black in state.players
        if known and allowed(state, p.white, p.black):
            if colours(state, p.white, p.black) != (p.white, p.black):
                colour += 1
    return Quality(rematch, run, bye_again, floaters,
                   _float_vector(state, groups, opp, pairing.bye),
                   _exchange_vector(state, groups, opp), colour)


def violations(state: ClubState, pairing: RoundPairing) -> list[Violation]:
    """Breaches of the absolute rules: rematch, a fourth colour in a row, a second bye."""
    out: list[Violation] = []
    rnd = state.round
    for p in pairing.pairs:
        if state.base.met(p.white, p.black):
            out.append(Violation(
                f"{SOURCE}: no rematch",
                f"{state.who(p.white)} and {state.who(p.black)} meet a second time: no rematch "
                f"({SOURCE}: \"es darf kein Spieler zweimal den gleichen Gegner haben\")",
                (p.white, p.black), rnd))
        for n, c in ((p.white, Color.WHITE), (p.black, Color.BLACK)):
            if n in state.players and _run(state.players[n].colors) is c:
                word = "white" if c is Color.WHITE else "black"
                out.append(Violation(
                    f"{SOURCE}: colour limit",
                    f"{state.who(n)} gets {word} a fourth time in a row: colour limit ({SOURCE}: "
                    "\"nicht mehr als dreimal hintereinander die gleiche Farbe\")", (n,), rnd))
    if pairing.bye is not None and pairing.bye in state.had_bye:
        out.append(Violation(f"{SOURCE}; C.04.1 art. 4", f"{state.who(pairing.bye)} gets the bye "
                             f"a second time ({SOURCE}; C.04.1 art. 4)", (pairing.bye,), rnd))
    return out


# --------------------------------------------------------------------------- standings


def buchholz(t: Tournament) -> dict[int, Decimal]:
    """Plain Buchholz: "Buchholz-Wertzahl sind die Punkte der Gegner." — the sum of the final
    points of every opponent met over the board (club scoring; byes count nothing).

    A small local function: the tie-break module was not on main when this was written.
    """
    t = club_tournament(t)
    points = {p.number: t.score(p.number) for p in t.players}
    out = {}
    for p in t.players:
        out[p.number] = sum((points.get(e.opponent, Decimal(0)) for e in p.entries
                             if e.kind.played and e.opponent is not None), Decimal(0))
    return out


def standings(t: Tournament) -> list[tuple[int, Decimal, Decimal]]:
    """(number, points, Buchholz), best first: points, then Buchholz, then the start list.

    >>> from pairchk.model import RoundEntry, Color
    >>> t = Tournament(players=(Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
    ...                         Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),)),
    ...                         Player(3, entries=(RoundEntry(Kind.PAB),))))
    >>> [(n, str(p), str(b)) for n, p, b in standings(t)]
    [(1, '1', '0'), (3, '0.5', '0'), (2, '0', '1')]
    """
    tc = club_tournament(t)
    bh = buchholz(tc)
    rows = [(p.number, tc.score(p.number), bh[p.number]) for p in tc.players]
    return sorted(rows, key=lambda r: (-r[1], -r[2], r[0]))


# --------------------------------------------------------------------------- System


@dataclass(frozen=True)
class ClubSystem:
    """The club Swiss of seed 004 through the :class:`pairchk.system.System` protocol."""

    name: str = NAME
    title: str = "club Swiss of Inselschach 68 (halves, exchanges, half-point bye, Buchholz)"
    codes: tuple[str, ...] = ()
    editions: tuple[str, ...] = ("",)
    fixed: bool = False
    teams: bool = False

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        if override:  # an edition the system does not have is refused, never ignored
            raise UnknownEditionError(f"unknown edition {override!r}: the club Swiss has one text "
                               "and no editions")
        return "", "the club Swiss has one text"

    def criteria(self, edition: str = "") -> tuple[Criterion, ...]:
        return CRITERIA

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        return published_pairing(t, rnd)

    def state(self, t: Tournament, rnd: int, *, edition: str = "") -> ClubState:
        return round_state(t, rnd)

    def pair(self, state: ClubState) -> RoundPairing:
        return pair(state)

    def evaluate(self, state: ClubState, pairing: RoundPairing) -> Quality:
        return evaluate(state, pairing)

    def violations(self, state: ClubState, pairing: RoundPairing) -> list[Violation]:
        return violations(state, pairing)


SYSTEM = ClubSystem()

__all__ = [
    "NAME", "SYSTEM", "CRITERIA", "Quality", "ClubState", "UnpairableError", "round_state",
    "pair", "evaluate", "violations", "colours",
    "allowed", "start_list", "scoring_preset", "standings", "buchholz", "score_groups",
]
