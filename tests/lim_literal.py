"""A literal reading of the Lim text's floater procedure for one scoregroup (2.3, Art. 3,
4.4), written step by step from the articles, to compare with the engine's rule ("exactly the
players a maximum pairing leaves over float", :func:`pairchk.systems.lim.pair.choose_floaters`).

1. 2.3.1-2.3.3: the players with no suitable opponent in the scoregroup are transferred.
2. 2.3.4: if the number left is odd, one more (the "even-maker") is chosen by Article 3.
3. Article 4 scrutiny pairs the arranged players top down, exchanging opponents (4.2, 4.3);
   it fails on the first player who cannot be paired whatever the players above him take
   (the first player p of the arranged list such that no pairing of the group gives every
   player up to p an opponent).
4. 4.4.1: in a scoregroup that was odd, the player who cannot be paired changes place with
   the even-maker; 4.4.2: in one that was even, he floats together with another player,
   chosen by Article 3. Scrutiny starts again.
"""

from __future__ import annotations

from pairchk.systems.lim.pair import floater_preference
from pairchk.systems.lim.rules import Direction, LimState


def _covers(ls: LimState, must: list[int], free: list[int]) -> bool:
    """Some pairing of compatible players inside ``free`` gives every player of ``must`` an
    opponent (``must`` is a subset of ``free``)."""
    todo = [n for n in must if n in free]
    if not todo:
        return True
    a = todo[0]
    rest = [n for n in free if n != a]
    return any(ls.compatible(a, b) and _covers(ls, todo[1:], [n for n in rest if n != b])
               for b in rest)


def culprit(ls: LimState, staying: list[int], direction: Direction) -> int | None:
    """The player on whom Article 4 scrutiny fails (None when the group pairs completely)."""
    arranged = sorted(staying, key=ls.order_key(direction))
    for k in range(1, len(arranged) + 1):
        if not _covers(ls, arranged[:k], arranged):
            return arranged[k - 1]
    return None


def literal_floaters(ls: LimState, members: list[int], incoming: frozenset[int],
                     adjacent: list[int], direction: Direction) -> list[int]:
    order = sorted(members, key=ls.order_key(direction))
    floaters = [n for n in order if not any(ls.compatible(n, m) for m in members if m != n)]
    staying = [n for n in order if n not in floaters]
    even_maker = None
    if len(staying) % 2:
        even_maker = floater_preference(ls, staying, incoming, adjacent, direction, floaters)[0]
        floaters.append(even_maker)
        staying.remove(even_maker)
    while True:
        p = culprit(ls, staying, direction)
        if p is None:
            return floaters
        staying.remove(p)
        if even_maker is not None:  # 4.4.1
            floaters[floaters.index(even_maker)] = p
            staying.append(even_maker)
            even_maker = None
        else:  # 4.4.2
            floaters.append(p)
            if staying:
                other = floater_preference(ls, staying, incoming, adjacent, direction,
                                           floaters)[0]
                staying.remove(other)
                floaters.append(other)
