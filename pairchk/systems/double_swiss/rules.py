"""FIDE Double-Swiss System, C.04.5 (approved 28/10/2025, applied from 1 Feb 2026): the
criteria, the derived state of a round and the colour allocation.

Every pairing is a match of two games with alternating colours (Preface); the model keeps
both games (:attr:`pairchk.model.RoundEntry.games`) and the round's entry stands for the match.
What the text says and how it is read here:

* Score (1.2.1): the game points of every match, a PAB as a game won and a game drawn (1.4),
  requested byes as the competition rules say (by default a full-point bye the match, a
  half-point bye half of it: :func:`pairchk.model.match_scoring`).
* Meetings ([C1], C.04.1 art. 2): a match is a meeting unless it "ends by forfeit", i.e. a
  player forfeited both games (Preface: "the same pairing may be repeated in a later round").
  A match in which each player forfeited one game is "regularly played" and is a meeting.
* [C2]: no PAB for a player who had a PAB, won a match by forfeit or had a full-point bye.
* Colours (1.6): a player "had" the colour scheduled for the first game of a match only if at
  least one game of the match was played over the board.
* Matches played (3.4.3): the matches regularly played (not ended by forfeit).
* Floater (1.5): a player who plays a match against an opponent with a different score.
  Reading: a PAB or a forfeited match has no opponent to play, so it is no float; scores are
  the pairing scores of the previous round (acceleration included, as for C.04.6).
* Quality criteria (2.3): [C4]-[C6] as in C.04.6; [C7] upfloaters who were floaters in the
  previous round and [C8] upfloaters' opponents who were floaters in the previous round, both
  except in the *last* round (C.04.6 drops its float criteria in the last two).

Articles 3.3-3.6 (PAB first, top scoregroup plus upfloaters, the set order of 3.5.4, the
bracket identifier of 3.6.2) repeat C.04.6 3.3-3.6 word for word but for the criteria numbers,
so the procedure is the one of :mod:`pairchk.systems.team.swiss`, read with the same
readings: "the first set/pairing that complies with" a minimisation criterion is the best
value reachable, ties broken by the text's order; [C6] is pass/fail at the parity minimum.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from decimal import Decimal

from ...model import Color, Kind, RoundEntry, Tournament
from ...state import round_state as shared_state
from ...system import Criterion
from ..team.swiss import Settings, TeamRoundState, TeamState

EDITION = "2026"
ARTICLE = "C.04.5 (2026)"

CRITERIA: tuple[Criterion, ...] = (
    Criterion("C1", "C.04.5 art. 2.1.1 [C1] (2026)",
              "players meeting a second time (a match ended by forfeit is no meeting)", True),
    Criterion("C2", "C.04.5 art. 2.1.2 [C2] (2026)",
              "pairing-allocated bye to a player who had a PAB, won a match by forfeit or had "
              "a full-point bye", True),
    Criterion("C3", "C.04.5 art. 2.2.1 [C3] (2026)",
              "completion: the players not yet paired must still be pairable", True),
    Criterion("PAB", "C.04.5 art. 3.4 (2026)",
              "the pairing-allocated bye goes to the lowest score, then the most matches "
              "played, then the largest TPN"),
    Criterion("C4", "C.04.5 art. 2.3.1 [C4] (2026)", "number of upfloaters"),
    Criterion("C5", "C.04.5 art. 2.3.2 [C5] (2026)",
              "score differences in the pairs with upfloaters (largest first)"),
    Criterion("C6", "C.04.5 art. 2.3.3 [C6] (2026)",
              "the following scoregroup can be paired with the fewest upfloaters"),
    Criterion("C7", "C.04.5 art. 2.3.4 [C7] (2026)",
              "upfloaters who were floaters in the previous round (not in the last round)"),
    Criterion("C8", "C.04.5 art. 2.3.5 [C8] (2026)",
              "upfloaters' opponents who were floaters in the previous round (not in the last "
              "round)"),
)

NO_PREFERENCES = Settings(preferences="", primary="MP", secondary="")


@dataclass(frozen=True)
class Quality:
    """The quality record of a Double-Swiss round (lower is better, field by field): the bye
    by art. 3.4 (score, most matches, largest TPN), then [C4]-[C8] of the first bracket in
    which two pairings part (with ``against``), else summed over the round."""

    PAB: tuple
    C4: int
    C5: tuple[Decimal, ...]
    C6: int
    C7: int
    C8: int


def identifier(pairs) -> tuple[int, ...]:
    """The identifier of a bracket pairing (art. 3.6.2): in each pair the smaller TPN is the
    top member; the top members' TPNs in ascending order, then their partners' in the same
    order. Pairings are ordered by it (3.6.3); the engine builds the first one that is best
    on [C1] and [C8] (:func:`pairchk.systems.team.swiss.pair_bracket`).

    >>> identifier([(11, 24), (16, 6), (10, 9), (8, 4)])
    (4, 6, 9, 11, 8, 16, 10, 24)
    """
    tops = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(a for a, _ in tops) + tuple(b for _, b in tops)


def had_colour(e: RoundEntry) -> Color:
    """The colour a match gives its player (art. 1.6): the first game's colour, if at least
    one game of the match was played over the board.

    >>> from pairchk.model import match_entry
    >>> W, B = Color.WHITE, Color.BLACK
    >>> had_colour(match_entry(2, (RoundEntry(Kind.FORFEIT_LOSS, 2, W), RoundEntry(Kind.LOSS, 2, B))))
    <Color.WHITE: 'w'>
    >>> had_colour(match_entry(2, (RoundEntry(Kind.FORFEIT_WIN, 2, W), RoundEntry(Kind.FORFEIT_LOSS, 2, B))))
    <Color.NONE: '-'>
    """
    games = e.games or ((e,) if e.kind.has_opponent else ())
    if not any(g.kind.played for g in games):
        return Color.NONE
    return e.color


def regular(e: RoundEntry) -> bool:
    """A match "regularly played" (Preface): paired, and not ended by a forfeit of both games."""
    return e.opponent is not None and e.kind.played


def bars_pab(e: RoundEntry) -> bool:
    """[C2]: a PAB, a match won by forfeit or a full-point bye."""
    return e.kind in (Kind.PAB, Kind.FORFEIT_WIN, Kind.FULL_BYE)


def initial_colour(t: Tournament) -> Color:
    """Art. 4.1: the colour drawn by lot (TRF 152), else read off the first round with colours:
    there every pair's higher ranked player is the smaller TPN, who had the initial colour when
    odd (4.3.1); the smallest TPN with a colour in that round tells. Default White."""
    if t.initial_color is not Color.NONE:
        return t.initial_color
    rounds = max((len(p.entries) for p in t.players), default=0)
    for rnd in range(1, rounds + 1):
        for p in t.players:
            e = p.entry(rnd)
            if e.opponent is not None and e.color is not Color.NONE and p.number < e.opponent:
                return e.color if p.number % 2 == 1 else e.color.opposite
    return Color.WHITE


def round_state(t: Tournament, rnd: int) -> TeamRoundState:
    """The state of every player before round ``rnd``, in the shape the shared procedure of
    arts. 3.3-3.6 reads (:class:`pairchk.systems.team.swiss.TeamRoundState`, one unit per
    player). Scores, who is to be paired and forbidden pairs come from the shared state
    (:func:`pairchk.state.round_state`); what C.04.5 defines its own way is derived here."""
    base = shared_state(t, rnd, edition="2026")
    rounds = base.rounds
    before = _pairing_scores(t, rnd)
    units: dict[int, TeamState] = {}
    for p in t.players:
        past = [p.entry(k) for k in range(1, rnd)]
        ps = base.players[p.number]
        colours = tuple(c for c in map(had_colour, past) if c is not Color.NONE)
        floated = False
        if rnd >= 2:
            prev = p.entry(rnd - 1)
            if regular(prev) and prev.opponent in before:
                floated = before[p.number][rnd - 2] != before[prev.opponent][rnd - 2]
        units[p.number] = TeamState(
            p.number, p.name, ps.pairing_score, Decimal(0),
            frozenset(e.opponent for e in past if regular(e) and e.opponent is not None),
            colours, any(map(bars_pab, past)), sum(map(regular, past)), floated,
            Color.NONE, False)
    return TeamRoundState(rnd, rounds, units, tuple(sorted(base.order)), NO_PREFERENCES,
                          initial_colour(t), base.forbidden, rnd >= rounds)


def _pairing_scores(t: Tournament, rnd: int) -> dict[int, list[Decimal]]:
    """Each player's pairing score before rounds 1..rnd (acceleration included)."""
    from ...acceleration import accelerations

    accel = {a.player: a for a in accelerations(t)}
    out = {}
    for p in t.players:
        a = accel.get(p.number)
        running = list(itertools.accumulate(
            (t.scoring.points(p.entry(k)) for k in range(1, rnd)), initial=Decimal(0)))
        out[p.number] = [s + (a.for_round(k) if a else Decimal(0))
                         for k, s in enumerate(running, 1)]
    return out


# --------------------------------------------------------------------------- colours (art. 4)


def allocate(st: TeamRoundState, a: int, b: int) -> tuple[int, int]:
    """(white, black) of a pair by art. 4.3: White plays the first game with White and the
    second with Black (4.4).

    The higher ranked player (HRP, 4.2) has the higher score, then the smaller TPN. 4.3.1
    neither has played a match: the HRP gets the initial colour if its TPN is odd, else the
    other; 4.3.2 White to the player with fewer Whites; 4.3.3 alternate the colours of the
    most recent round in which one had White and the other Black (histories squeezed, C.04.2
    art. 3.4, and compared from their ends); 4.3.4 alternate the HRP's last colour; 4.3.5
    alternate the opponent's last colour.
    """
    ta, tb = st.teams[a], st.teams[b]
    hrp, other = (ta, tb) if (ta.score, -ta.number) > (tb.score, -tb.number) else (tb, ta)
    colour = hrp_colour(st.initial_colour, hrp, other)
    return (hrp.number, other.number) if colour is Color.WHITE else (other.number, hrp.number)


def hrp_colour(initial: Color, hrp: TeamState, other: TeamState) -> Color:
    """The colour the higher ranked player gets (art. 4.3, first rule that decides).

    >>> W, B = Color.WHITE, Color.BLACK
    >>> s = lambda n, *c: TeamState(n, "", Decimal(0), Decimal(0), frozenset(), c, False, len(c),
    ...                              False, Color.NONE, False)
    >>> hrp_colour(W, s(1), s(2)), hrp_colour(W, s(2), s(3))  # 4.3.1
    (<Color.WHITE: 'w'>, <Color.BLACK: 'b'>)
    >>> hrp_colour(W, s(1, W, B), s(2, B, B))  # 4.3.2: fewer Whites
    <Color.BLACK: 'b'>
    >>> hrp_colour(W, s(1, W, B, W), s(2, B, W, W))  # 4.3.3: round 2, B against W
    <Color.WHITE: 'w'>
    >>> hrp_colour(W, s(1, W), s(2))  # 4.3.2: the other has fewer Whites
    <Color.BLACK: 'b'>
    >>> hrp_colour(W, s(1, B), s(2))  # 4.3.4
    <Color.WHITE: 'w'>
    """
    if not hrp.colours and not other.colours:  # 4.3.1
        return initial if hrp.number % 2 == 1 else initial.opposite
    wa, wb = hrp.colours.count(Color.WHITE), other.colours.count(Color.WHITE)
    if wa != wb:  # 4.3.2
        return Color.WHITE if wa < wb else Color.BLACK
    for x, y in zip(reversed(hrp.colours), reversed(other.colours)):  # 4.3.3
        if x is not y:
            return x.opposite
    if hrp.colours:  # 4.3.4
        return hrp.colours[-1].opposite
    return other.colours[-1]  # 4.3.5: the opponent alternates
