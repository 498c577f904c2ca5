"""The FIDE Lim system (C.04.4.3, the text applied from 1 Feb 2026) as a
:class:`pairchk.system.System`.

Engine: :mod:`.pair` (the procedure), rules and state: :mod:`.rules`. Articles:

* 1.1 PAB to the eligible player with the lowest rank in the lowest scoregroup (C.04.1 art. 3,
  4); 7.1 in round 1 to the lowest rated player.
* 2.1 compatibility: not met (nor a forbidden pair), and some colour allocation gives neither
  player the same colour three times running nor three more of one colour than the other.
* 2.2 order: the highest scoregroup down to just above the Median Scoregroup (downward), the
  lowest up to just below it (upward), the median last (downward).
* 2.3 floaters (2.3.1-2.3.3 no suitable opponent, 2.3.4 to make the number even), transferred
  to the next scoregroup of the side, the last of a side to the median (3.2.1).
* Article 3 floater selection: 3.9 types d, c, b, a; 3.10 not a player who floated in the
  previous round; 3.2.2 colour equalisation (3.2.3 in a Maxi-tournament within 100 points);
  3.2.4/3.3 the lowest numbered (downward) / highest numbered (upward) player; 3.5 a floater
  may float on; 3.6/3.7 incoming floaters are paired first, each with the first available
  player in the group's order who is due the other colour, else the first available;
  3.6.3 in the median downfloaters before upfloaters; 3.8 Maxi-tournament colour exchange.
* 2.6 a blocked Median Scoregroup takes back ("cracks") the last pairing of the lower side
  when more floaters came from above than from below, else of the higher side.
* Article 4 scrutiny and exchange: the first player of the arranged list tries the lower half
  in order, then the upper half from its bottom up (the 4.2/4.3 tables for six players,
  generalised); an opponent is available when the others can still all be paired (4.4).
* Article 5 colours (5.1-5.4, 5.7 Maxi); Article 6 last round: the colour limits give way
  where same-score pairing needs it (a scoregroup that keeps more pairings without them, the
  PAB, the Median Scoregroup before cracking), nowhere else (:meth:`.rules.LimState.relaxed`);
  Article 7 round 1 (7.2 top half against bottom half, colours by lot).

Open points of the text and how they are read here (the L numbers of the project's reading
list; each has a test in ``tests/test_lim.py`` quoting the article):

* L7 numbering: "highest numbered" is #1 (4.2 calls #1 the highest numbered player; the 1999
  text's 2.5/4.1 exchange "the lower numbered player of the two").
* Median (2.2): rounds played x points for a win / 2, compared with the pairing score; it exists
  even without residents (it then holds only floaters). Under Baku acceleration the virtual
  points shift the scoregroups (C.04.7 1.5) but not the median.
* L4 who floats (2.3, 4.4): 2.3.1-2.3.3 first, then the even-maker by Article 3, then 4.4.1 /
  4.4.2's player on whom scrutiny fails (:func:`.pair.choose_floaters`), never at the cost of a
  pairing the scoregroup can keep (2.3 transfers only players who cannot be paired).
* L3 types (3.9): "incoming" = already floated into this scoregroup in this round; "compatible" =
  has a compatible resident in the adjacent scoregroup that the floaters ahead of it (chosen
  before it; in a published round, ranked ahead) do not need (3.3/3.4, as a matching).
* L5 precedence in choosing a floater: 3.9 type, then 3.10, then 3.2.2 colour equalisation,
  then 3.2.4 number. 3.9 and 3.10 speak of players to avoid whatever else, 3.2.2 of a choice
  among the players that may float; a reading putting 3.2.2 first would float a type c or a
  player who floated the round before merely to balance colours.
* L2 "floated in the previous round" (3.10): Lim's own floater (2.3, "such a transferred player
  is described as a floater"), recovered from the previous round's pairing and pairing scores
  (:func:`.rules.lim_floaters`): a resident who met a floater, and a bye, are no float.
* L1 Maxi-tournament (3.2.3, 3.8, 5.7): by the regulation's 1988 definition, more participants
  than 2^rounds (:func:`.rules.maxi_tournament`), unless the organiser's word says otherwise
  (``--maxi yes|no``, the system option ``maxi``); the report's edition line says which.
* L8 the 100-point band of 3.8/5.7 is measured from the first available opponent in the
  exchange order (the one the player would get without the colour exchange), not from the
  2.4 proposed partner, who may not be available at all.
* L6/L9 colours: 5.5 (odd rounds: at most one more of a colour after it) and 5.6 (even rounds:
  level after it) speak of rounds; :func:`.rules.due_colour` counts the player's own games
  (equalise when the colours differ, else alternate) and gives the same colour for every
  history and round parity (a test compares the two), so the rounds a player did not play
  change nothing. 5.4 identical histories: the designated player (higher ranked in the Median
  Scoregroup and above, lower ranked below) gets the colour due to them.
* L10 last round (Article 6): the colour limits give way only where same-score pairing needs
  them (:meth:`.rules.LimState.relaxed`).
* L11 Article 8 (round 2): scoregroups 1, then 0, then ½ (the median) last - the order 2.2
  gives after one round; nothing else of Article 8 is known to differ from the general rules.
* The 2026 text (like ETT26) gives Lim no TRF26 192 code; ``FIDE_LIM`` (and ``FIDE_LIM_BAKU``)
  are accepted, following the pattern of the other FIDE systems, and a 092 text naming Lim
  selects it.
* Players without games (round 1, late entries): 7.2's rule, the higher ranked takes the lot
  colour when their pairing number is odd.

Evaluation of a published round: Lim has no quality criteria to weigh, every choice is "the
first in this order". After the absolute rules, the published pairing is walked through the
scoregroups in the 2.2 order like the reference, and at the first scoregroup where the two part
the record counts the departures from the procedure: floaters beyond those it sends on (2.3,
3.10.2), of a worse type (3.9), who floated the round before (3.10), other floaters than its
choice (3.2), other pairs (3.6-3.8, Article 4, 2.6); then colours (Article 5).

>>> SYSTEM.name, "FIDE_LIM" in SYSTEM.codes, "FIDE_LIM_BAKU" in SYSTEM.codes
('lim', True, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal

from ...errors import Unanswerable
from ...model import Color, Tournament
from ...pairing import RoundPairing, published_pairing
from ...system import (
    Criterion,
    SystemOption,
    UnpairableError,
    Violation,
    completion_faults,
    single_edition,
)
from .pair import floater_type, groups_above, groups_below, pair_round
from .rules import Direction, LimState, colour_allowed, lim_state, maxi_tournament

ED = "C.04.4.3 (2026)"

CRITERIA = (
    Criterion("C1", f"{ED} art. 2.1", "players meeting a second time (C.04.1 art. 2)", True),
    Criterion("C2", f"{ED} art. 1.1", "PAB to a player who already had one or scored a win "
              "without playing (C.04.1 art. 4)", True),
    Criterion("C3", f"{ED} art. 2.1, 5.1", "pairs giving a player the same colour three times "
              "running or three more of one colour than the other (not in the last round, art. 6)",
              True),
    Criterion("C4", f"{ED} art. 2", "players left without a game or a PAB, or paired although "
              "not to be paired", True),
    Criterion("PAB", f"{ED} art. 1.1, 7.1", "PAB not to the eligible player with the lowest rank "
              "in the lowest scoregroup (round 1: the lowest rated)"),
    Criterion("FLOATERS", f"{ED} art. 2.3, 3.10.2", "floaters beyond those the scoregroup must "
              "send on (the first scoregroup in the order of art. 2.2 where the pairings part)"),
    Criterion("TYPES", f"{ED} art. 3.9", "floaters of a more disadvantaged type (a worst, then b, "
              "c, d) than the procedure's, in that scoregroup"),
    Criterion("PREV", f"{ED} art. 3.10", "floaters who floated in the previous round beyond the "
              "procedure's, in that scoregroup"),
    Criterion("CHOICE", f"{ED} art. 3.2.2-3.2.4, 3.3, 4.4", "floaters other than those the "
              "procedure chooses (colour equalisation, then the lowest numbered; the player "
              "scrutiny fails on), in that scoregroup"),
    Criterion("PAIRS", f"{ED} art. 3.6-3.8, 4, 2.6", "pairs other than those of the procedure "
              "(floaters' opponents, scrutiny and exchange order, cracking), in that scoregroup"),
    Criterion("COL", f"{ED} art. 5", "pairs whose colours differ from the colour allocation rules"),
)

CODES = ("FIDE_LIM", "FIDE_LIM_2026", "FIDE_LIM_BAKU", "FIDE_LIM_2026_BAKU", "FIDE_LIM_BAKU_2026")


@dataclass(frozen=True)
class Quality:
    """Quality record of a round; every field lower is better, the reference scores 0 on every
    procedural field (see the module docstring)."""

    C1: int
    C2: int
    C3: int
    C4: int
    PAB: int
    FLOATERS: int
    TYPES: int
    PREV: int
    CHOICE: int
    PAIRS: int
    COL: int


class LimSystem:
    """The Lim system behind the :class:`pairchk.system.System` protocol."""

    name = "lim"
    title = "FIDE Lim system (C.04.4.3)"
    codes = CODES
    editions = ("2026",)
    fixed = False
    teams = False
    options = (SystemOption("maxi", ("yes", "no"), "Lim: the event is (yes) or is not (no) a "
                            "Maxi-tournament, whose colour and floater exchanges stay within 100 "
                            "rating points (C.04.4.3 art. 3.2.3, 3.8, 5.7); default: more "
                            "players than 2 to the power of the rounds (the 1988 definition)"),)

    def __init__(self, maxi: bool | None = None) -> None:
        self.maxi = maxi  # None: by the 1988 definition (rules.maxi_tournament)

    def with_options(self, values: dict[str, str]) -> LimSystem:
        """A copy configured with the system options (``maxi``: ``yes`` or ``no``)."""
        maxi = values.get("maxi")
        return LimSystem(self.maxi if maxi is None else maxi == "yes")

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        """``--edition`` first, else the text in force (2026); the reason also says whether the
        event is a Maxi-tournament and why (3.2.3, 3.8, 5.7).

        >>> SYSTEM.select_edition(Tournament(system="FIDE_LIM", rounds=5))
        ('2026', 'system code FIDE_LIM: the Lim text of 2026; not a Maxi-tournament: 0 players <= 2^5 = 32 (the 1988 definition)')
        """
        edition, why = single_edition(self, "Lim", t, override)
        return edition, f"{why}; {maxi_tournament(t, self.maxi)[1]}"

    def criteria(self, edition: str) -> tuple[Criterion, ...]:
        return CRITERIA

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        return published_pairing(t, rnd)

    def state(self, t: Tournament, rnd: int, *, edition: str) -> LimState:
        if edition not in self.editions:
            raise Unanswerable(f"unknown Lim edition {edition!r}; known: 2026")
        return lim_state(t, rnd, maxi=self.maxi)

    def pair(self, state: LimState) -> RoundPairing:
        return pair_round(state)

    def evaluate(self, state: LimState, pairing: RoundPairing) -> Quality:
        return evaluate(state, pairing)

    def violations(self, state: LimState, pairing: RoundPairing) -> list[Violation]:
        return violations(state, pairing)

    def where(self, state: LimState, published: RoundPairing, reference: RoundPairing) -> str:
        return where(state, published, reference)


# ----------------------------------------------------------------------------- the walk

@dataclass(frozen=True)
class GroupRecord:
    """One scoregroup as a pairing makes it, in the order of 2.2."""

    score: Decimal
    direction: Direction
    members: frozenset[int]
    pairs: frozenset[frozenset[int]]
    floaters: tuple[int, ...]
    types: tuple[int, ...]  # 3.9 type of each floater (FloaterType values)


def _group(ls: LimState, score: Decimal, direction: Direction, residents: list[int],
           incoming: list[int], adjacent: list[int], partner: dict[int, int]) -> GroupRecord:
    members = [*incoming, *residents]
    inside = set(members)
    pairs = frozenset(frozenset((n, partner[n])) for n in members
                      if partner.get(n) in inside)
    paired = {n for p in pairs for n in p}
    floaters = tuple(sorted((n for n in members if n not in paired), key=ls.order_key(direction)))
    came = frozenset(incoming)
    types = tuple(int(floater_type(ls, n, came, adjacent, floaters[:i]))
                  for i, n in enumerate(floaters))
    return GroupRecord(score, direction, frozenset(members), pairs, floaters, types)


def walk(ls: LimState, pairing: RoundPairing) -> list[GroupRecord]:
    """The scoregroups ``pairing`` makes: each side in the order of 2.2, the players of a group
    not paired inside it floating on to the next group of the side, the median last with every
    player left (a cracked pairing shows as two floaters of its scoregroup)."""
    partner: dict[int, int] = {}
    for p in pairing.pairs:
        partner[p.white], partner[p.black] = p.black, p.white
    players = [n for n in ls.base.order if n != pairing.bye]
    by_score: dict[Decimal, list[int]] = {}
    for n in players:
        by_score.setdefault(ls.score(n), []).append(n)
    out: list[GroupRecord] = []
    leftovers: list[int] = []
    for scores, direction in ((groups_above(ls, players), Direction.DOWN),
                              (groups_below(ls, players), Direction.UP)):
        incoming: list[int] = []
        for i, s in enumerate(scores):
            nxt = scores[i + 1] if i + 1 < len(scores) else ls.median
            rec = _group(ls, s, direction, by_score.get(s, []), incoming,
                         by_score.get(nxt, []), partner)
            out.append(rec)
            incoming = list(rec.floaters)
        leftovers.extend(incoming)
    out.append(_group(ls, ls.median, Direction.DOWN, by_score.get(ls.median, []), leftovers, [],
                      partner))
    return out


# ----------------------------------------------------------------------------- evaluation

def _structure(ls: LimState, pairing: RoundPairing) -> tuple[int, int, int, int]:
    c4 = completion_faults(ls.base.order, pairing)
    known = ls.base.players
    c1 = sum(1 for p in pairing.pairs if p.white in known and p.black in known
             and ls.base.met(p.white, p.black))
    c2 = 1 if pairing.bye in known and not ls.p(pairing.bye).pab_eligible else 0
    c3 = sum(1 for p in pairing.pairs if _beyond_limits(ls, p.white, p.black, p.colored))
    return c1, c2, c3, c4


def _beyond_limits(ls: LimState, w: int, b: int, colored: bool) -> bool:
    """2.1/5.1 broken by the pair (outside the last round, art. 6): with its colours when the
    file gives them, else when no allocation keeps both within the limits."""
    known = ls.base.players
    if ls.last_round or w not in known or b not in known:
        return False
    cw, cb = ls.p(w).colors, ls.p(b).colors
    if colored:
        return not (colour_allowed(cw, Color.WHITE) and colour_allowed(cb, Color.BLACK))
    return not ((colour_allowed(cw, Color.WHITE) and colour_allowed(cb, Color.BLACK))
                or (colour_allowed(cw, Color.BLACK) and colour_allowed(cb, Color.WHITE)))


def _departures(ls: LimState, pub: GroupRecord, ref: GroupRecord
                ) -> tuple[int, int, int, int, int]:
    """FLOATERS, TYPES, PREV, CHOICE, PAIRS of the scoregroup where the pairings part."""
    extra = max(0, len(pub.floaters) - len(ref.floaters))
    types = 0
    if len(pub.floaters) == len(ref.floaters):
        worse = sorted(pub.types, reverse=True), sorted(ref.types, reverse=True)
        types = sum(1 for a, b in zip(*worse) if a > b) if worse[0] > worse[1] else 0
    prev = max(0, sum(map(ls.floated_before, pub.floaters))
               - sum(map(ls.floated_before, ref.floaters)))
    return (extra, types, prev, len(set(pub.floaters) - set(ref.floaters)),
            len(pub.pairs - ref.pairs))


def evaluate(ls: LimState, pairing: RoundPairing) -> Quality:
    """The quality record of ``pairing`` against the procedure's own pairing (module
    docstring): zero on every procedural field for the reference itself."""
    c1, c2, c3, c4 = _structure(ls, pairing)
    try:
        ref = pair_round(ls)
    except UnpairableError:
        return Quality(c1, c2, c3, c4, 0, 0, 0, 0, 0, 0, 0)
    pab = 0 if pairing.bye == ref.bye else 1
    floaters = types = prev = choice = pairs = 0
    if pairing.bye == ref.bye:
        for a, b in zip(walk(ls, pairing), walk(ls, ref)):
            if (a.members, a.pairs) != (b.members, b.pairs):
                floaters, types, prev, choice, pairs = _departures(ls, a, b)
                break
    colours = {frozenset((p.white, p.black)): (p.white, p.black) for p in ref.pairs}
    col = sum(1 for p in pairing.pairs if p.colored and
              colours.get(frozenset((p.white, p.black)), (p.white, p.black)) != (p.white, p.black))
    return Quality(c1, c2, c3, c4, pab, floaters, types, prev, choice, pairs, col)


def where(ls: LimState, published: RoundPairing, reference: RoundPairing) -> str:
    """The first scoregroup, in the order of 2.2, where the two pairings part (or the PAB).

    >>> from pairchk.model import Player
    >>> t = Tournament(rounds=5, players=tuple(Player(n, rating=2500 - n) for n in range(1, 5)))
    >>> ls = lim_state(t, 1)
    >>> from pairchk.pairing import Pair
    >>> pub, ref = (RoundPairing(1, (Pair(1, 2), Pair(3, 4))),
    ...             RoundPairing(1, (Pair(1, 3), Pair(4, 2))))
    >>> where(ls, pub, ref).split(", the first")[0]
    'the 0-point scoregroup (4 players), the Median Scoregroup, paired downward'
    """
    if published.bye != reference.bye:
        return "the pairing-allocated bye (art. 1.1), given before the scoregroups are paired"
    for a, b in zip(walk(ls, published), walk(ls, reference)):
        if (a.members, a.pairs) != (b.members, b.pairs):
            came = len(a.members) - sum(1 for n in a.members if ls.score(n) == a.score)
            pts = format(a.score.normalize(), "f") if a.score == a.score.to_integral() \
                else str(a.score)
            side = "the Median Scoregroup, " if a.score == ls.median else ""
            extra = f", {came} incoming floater{'s' if came > 1 else ''}" if came else ""
            return (f"the {pts}-point scoregroup ({len(a.members)} players{extra}), {side}paired "
                    f"{a.direction.value}, the first in the order of art. 2.2 where the two "
                    "pairings part")
    return ""


def _name(ls: LimState, n: int) -> str:
    return f"{n} {ls.names.get(n, '')}".strip()


def violations(ls: LimState, pairing: RoundPairing) -> list[Violation]:
    """Breaches of the absolute rules: C.04.1 art. 2 and 4, Lim's colour limits (2.1, 5.1; not
    in the last round, art. 6)."""
    out: list[Violation] = []
    r = ls.round
    known = ls.base.players
    for p in pairing.pairs:
        w, b = p.white, p.black
        if w not in known or b not in known:
            continue
        if ls.base.met(w, b):
            out.append(Violation("C.04.1 art. 2 (2026)", f"{_name(ls, w)} and {_name(ls, b)} meet "
                                 "a second time (or are a forbidden pair)", (w, b), r))
        if _beyond_limits(ls, w, b, p.colored):
            out.append(Violation(f"{ED} art. 2.1, 5.1", f"{_name(ls, w)} - {_name(ls, b)}: a "
                                 "colour three times running or three more of one colour",
                                 (w, b), r))
    if pairing.bye is not None and pairing.bye in known and not ls.p(pairing.bye).pab_eligible:
        out.append(Violation("C.04.1 art. 4 (2026)", f"{_name(ls, pairing.bye)} gets the PAB "
                             "after a PAB or a win without playing", (pairing.bye,), r))
    return out


SYSTEM = LimSystem()

__all__ = [
    "CRITERIA",
    "SYSTEM",
    "GroupRecord",
    "LimSystem",
    "Quality",
    "evaluate",
    "violations",
    "walk",
    "where",
]

assert [f.name for f in dataclasses.fields(Quality)] == [c.key for c in CRITERIA]
