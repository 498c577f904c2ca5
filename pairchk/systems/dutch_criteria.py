"""Criteria, colour allocation and board order of the FIDE Dutch system (C.04.3).

Shared by the engine (:mod:`pairchk.systems.dutch`) and the checker. Positions (``int``) index
the players to be paired in pairing order (score desc, then rank, C.04.3 2026 1.2).

Pair penalties follow the quality criteria of the 2026 text (2017 letters in brackets):
C10 [C.8] topscorers and opponents beyond |CD| 2, C11 [C.9] three of a colour in a row,
C12 [C.10] colour preferences not granted, C13 [C.11] strong preferences not granted.
"""

from __future__ import annotations

from decimal import Decimal

from ..model import Color
from ..state import PlayerState, RoundState


def colour_penalties(a: PlayerState, b: PlayerState) -> tuple[int, int, int, int]:
    """(C10, C11, C12, C13) failures caused by pairing ``a`` with ``b`` (colours still open).

    A pair fails C12 when both prefer the same colour; C13 when both have a strong or absolute
    preference for the same colour and not both are absolute (the absolute one wins, 5.2.2);
    C10/C11 only arise between absolute preferences, i.e. with topscorers (C3 exception).
    """
    if a.pref is Color.NONE or a.pref is not b.pref:
        return (0, 0, 0, 0)
    c10 = int(a.imbalance > 1 and b.imbalance > 1)
    c11 = 0
    if a.absolute and b.absolute:
        if a.imbalance == b.imbalance:
            c11 = int(a.repeated is not Color.NONE and a.repeated is b.repeated)
        else:
            loser = b if a.imbalance > b.imbalance else a
            c11 = int(loser.repeated is a.pref.opposite)
    strongish_a = a.strong or a.absolute
    strongish_b = b.strong or b.absolute
    c13 = int(strongish_a and strongish_b and not (a.absolute and b.absolute))
    return (c10, c11, 1, c13)


def _first_colour_difference(a: PlayerState, b: PlayerState) -> tuple[Color, Color]:
    """Colours of a and b in the latest round (histories aligned at the end) where they differ."""
    i, j = len(a.colors) - 1, len(b.colors) - 1
    while i >= 0 and j >= 0:
        if a.colors[i] is not b.colors[j]:
            return a.colors[i], b.colors[j]
        i -= 1
        j -= 1
    return Color.NONE, Color.NONE


def allocate_colours(st: RoundState, x: int, y: int) -> tuple[int, int]:
    """(white, black) for players ``x`` and ``y`` by C.04.3 2026 art. 5.2 (2017 E.1-E.5).

    1. both preferences; 2. the stronger one (absolute: wider colour difference wins);
    3. alternate from the latest round in which they had different colours (compressed
    histories, C.04.2 3.4); 4. the higher-ranked player's preference; 5. the higher-ranked
    player gets the initial colour if his TPN is odd, the other colour if even.
    """
    a, b = st.players[x], st.players[y]
    if higher_ranked(st, x, y):
        hi, lo = a, b
    else:
        hi, lo = b, a
    c = _neutral_colour(a, b)
    if c is Color.NONE:
        if a.pref is Color.NONE:
            # both without preference: rule 5. The pairing number is the rank among players
            # taking part in the pairing (0-based: even index = odd TPN), as the endorsed
            # engine numbers them.
            hc = st.initial_color if hi.pairing_rank % 2 == 0 else st.initial_color.opposite
        else:
            hc = hi.pref
        c = hc if hi is a else hc.opposite
    return (x, y) if c is Color.WHITE else (y, x)


def _neutral_colour(a: PlayerState, b: PlayerState) -> Color:
    """Colour for ``a`` from rules 1-3, or NONE when rules 4-5 must decide."""
    if a.pref is Color.NONE or b.pref is Color.NONE or a.pref is not b.pref:
        if a.pref is not Color.NONE:
            return a.pref
        if b.pref is not Color.NONE:
            return b.pref.opposite
        return Color.NONE
    if a.absolute and (a.imbalance > b.imbalance or not b.absolute):
        return a.pref
    if b.absolute and (b.imbalance > a.imbalance or not a.absolute):
        return b.pref.opposite
    if a.strong and not b.strong:
        return a.pref
    if b.strong and not a.strong:
        return b.pref.opposite
    ca, cb = _first_colour_difference(a, b)
    if ca is not Color.NONE and cb is not Color.NONE:
        return cb
    return Color.NONE


def higher_ranked(st: RoundState, x: int, y: int) -> bool:
    """True when player ``x`` ranks above ``y``: higher pairing score, then lower TPN (1.2)."""
    a, b = st.players[x], st.players[y]
    return (a.pairing_score, -a.rank) > (b.pairing_score, -b.rank)


def board_key(st: RoundState, white: int, black: int) -> tuple:
    """C.04.2 3.6 board order: score of the higher-ranked player, sum of scores, its TPN.

    With acceleration the pairing score is used (C.04.7 1.5).
    """
    hi, lo = (white, black) if higher_ranked(st, white, black) else (black, white)
    h, l_ = st.players[hi], st.players[lo]
    return (-h.pairing_score, -(h.pairing_score + l_.pairing_score), h.rank)


def topscorer_pair_ok(st: RoundState, a: PlayerState, b: PlayerState) -> bool:
    """C3 exception: in the final round a topscorer (or his opponent) may meet same absolute pref."""
    return st.last_round and (
        a.pairing_score > st.topscorer_threshold or b.pairing_score > st.topscorer_threshold
    )


def compatible(st: RoundState, x: int, y: int) -> bool:
    """C1-C3: not met over the board, not a forbidden pair, no clash of absolute preferences
    between non-topscorers."""
    a, b = st.players[x], st.players[y]
    if y in a.opponents or frozenset((x, y)) in st.forbidden:
        return False
    if a.absolute and b.absolute and a.pref is b.pref and not topscorer_pair_ok(st, a, b):
        return False
    return True


def level(score: Decimal, levels: list[Decimal]) -> int:
    return levels.index(score)


__all__ = [
    "colour_penalties", "allocate_colours", "higher_ranked", "board_key", "compatible",
    "topscorer_pair_ok",
]
