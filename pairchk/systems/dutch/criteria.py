"""Criteria, colour allocation and board order of the FIDE Dutch system (C.04.3).

Shared by the engine (:mod:`pairchk.systems.dutch.round` and the modules it uses) and the
checker. Positions (``int``) index the players to be paired in pairing order (score desc, then
rank, C.04.3 2026 1.2).

Pair penalties follow the quality criteria of the 2026 text (2017 letters in brackets):
C10 [C.8] topscorers and opponents beyond |CD| 2, C11 [C.9] three of a colour in a row,
C12 [C.10] colour preferences not granted, C13 [C.11] strong preferences not granted.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any

from ...model import Color
from ...state import PlayerState, RoundState
from ...system import Criterion

# ---------------------------------------------------------------------------------------------
# The criteria of each edition, defined once (C.04.3 2026 = C0403202602, bracketed tags [C1]..
# [C21]; C.04.3 2017 = C0403Till2026, section C, C.1..C.19). The engine, the evaluation of a
# published pairing (:mod:`pairchk.systems.dutch.evaluate`) and the wording of explanations all read
# these records. Values of the quality records are "lower is better".


def _c26(n: int, words: str, absolute: bool = False) -> Criterion:
    return Criterion(f"C{n}", f"C.04.3 (2026) [C{n}]", words, absolute)


def _c17(n: int, words: str, absolute: bool = False) -> Criterion:
    return Criterion(f"C.{n}", f"C.04.3 (2017) C.{n}", words, absolute)


CRITERIA_2026: tuple[Criterion, ...] = (
    _c26(1, "two players shall not play against each other more than once", True),
    _c26(2, "a player who already received a PAB or scored a win without playing shall not "
            "receive the PAB (C.04.1 art. 4)", True),
    _c26(3, "non-topscorers with the same absolute colour preference shall not meet", True),
    _c26(4, "completion: the players not yet paired must still admit a legal pairing", True),
    _c26(5, "score of the PAB assignee"),
    _c26(6, "number of downfloaters"),
    _c26(7, "scores of the downfloaters (count per score group, highest first)"),
    _c26(8, "downfloaters chosen so that the next bracket complies with C1-C7 "
            "(pairs, then scores of its paired MDPs)"),
    _c26(9, "unplayed games of the PAB assignee"),
    _c26(10, "topscorers or their opponents with a colour difference beyond +/-2"),
    _c26(11, "topscorers or their opponents with the same colour three times in a row"),
    _c26(12, "players not getting their colour preference"),
    _c26(13, "players not getting their strong colour preference"),
    _c26(14, "resident downfloaters who downfloated in the previous round"),
    _c26(15, "MDP opponents who upfloated in the previous round"),
    _c26(16, "resident downfloaters who downfloated two rounds before"),
    _c26(17, "MDP opponents who upfloated two rounds before"),
    _c26(18, "downfloaters who downfloated in the previous round, by score "
             "(count per score group, highest first)"),
    _c26(19, "MDPs whose opponents upfloated in the previous round, by score "
             "(count per score group, highest first)"),
    _c26(20, "downfloaters who downfloated two rounds before, by score "
             "(count per score group, highest first)"),
    _c26(21, "MDPs whose opponents upfloated two rounds before, by score "
             "(count per score group, highest first)"),
)

CRITERIA_2017: tuple[Criterion, ...] = (
    _c17(1, "two players shall not play against each other more than once", True),
    _c17(2, "a player who already received a PAB or a forfeit win shall not receive the "
            "PAB", True),
    _c17(3, "non-topscorers with the same absolute colour preference shall not meet", True),
    _c17(4, "completion of the round pairing (PPB / collapsed last bracket)", True),
    _c17(5, "number of downfloaters (maximise the number of pairs)"),
    _c17(6, "pairing score differences (PSD), highest first"),
    _c17(7, "pairs, then PSD, of the following bracket"),
    _c17(8, "topscorers or their opponents with a colour difference beyond +/-2"),
    _c17(9, "topscorers or their opponents with the same colour three times in a row"),
    _c17(10, "players not getting their colour preference"),
    _c17(11, "players not getting their strong colour preference"),
    _c17(12, "players receiving the same downfloat as the previous round"),
    _c17(13, "players receiving the same upfloat as the previous round"),
    _c17(14, "players receiving the same downfloat as two rounds before"),
    _c17(15, "players receiving the same upfloat as two rounds before"),
    _c17(16, "score differences of players receiving the same downfloat as the previous "
             "round (count per score group, highest first)"),
    _c17(17, "score differences of players receiving the same upfloat as the previous "
             "round (count per score group, highest first)"),
    _c17(18, "score differences of players receiving the same downfloat as two rounds "
             "before (count per score group, highest first)"),
    _c17(19, "score differences of players receiving the same upfloat as two rounds before "
             "(count per score group, highest first)"),
)


@dataclass(frozen=True)
class Quality2026:
    """Quality record of a round pairing by the 2026 text: one field per criterion [C5]..[C21]
    in priority order, lower is better (see :func:`pairchk.systems.dutch.evaluate.evaluate`)."""

    C5: Any
    C6: Any
    C7: Any
    C8: Any
    C9: Any
    C10: Any
    C11: Any
    C12: Any
    C13: Any
    C14: Any
    C15: Any
    C16: Any
    C17: Any
    C18: Any
    C19: Any
    C20: Any
    C21: Any


@dataclass(frozen=True)
class Quality2017:
    """Quality record by the 2017 text: one field per criterion C.5..C.19 (field ``C_5`` is
    criterion ``C.5``), priority order, lower is better."""

    C_5: Any
    C_6: Any
    C_7: Any
    C_8: Any
    C_9: Any
    C_10: Any
    C_11: Any
    C_12: Any
    C_13: Any
    C_14: Any
    C_15: Any
    C_16: Any
    C_17: Any
    C_18: Any
    C_19: Any


QUALITY = {"2026": Quality2026, "2017": Quality2017}
CRITERIA = {"2026": CRITERIA_2026, "2017": CRITERIA_2017}


def criteria(edition: str) -> tuple[Criterion, ...]:
    """The criteria of ``edition`` in priority order, absolute ones first.

    >>> [c.key for c in criteria("2017")][4:7]
    ['C.5', 'C.6', 'C.7']
    """
    return CRITERIA["2017" if edition == "2017" else "2026"]


def criterion_of(edition: str, field: str) -> Criterion:
    """The :class:`Criterion` behind a field of the edition's quality record.

    >>> criterion_of("2017", "C_10").article
    'C.04.3 (2017) C.10'
    >>> criterion_of("2026", "C12").label
    'C12 players not getting their colour preference'
    """
    key = field.replace("_", ".")
    for c in criteria(edition):
        if c.key == key:
            return c
    raise KeyError(field)


def quality_fields(edition: str) -> tuple[str, ...]:
    """Field names of the edition's quality record, in priority order."""
    return tuple(f.name for f in fields(QUALITY["2017" if edition == "2017" else "2026"]))


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
    hi = a if higher_ranked(st, x, y) else b
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
    "CRITERIA_2026", "CRITERIA_2017", "Quality2026", "Quality2017", "criteria", "criterion_of",
    "quality_fields", "colour_penalties", "allocate_colours", "higher_ranked", "board_key", "compatible",
    "topscorer_pair_ok",
]
