"""Stand-in byes: a player record that stands for the bye ("spielfrei", "BYE", "frei" ...).

Some programs write the bye as a game against a made-up player. Owns recognising such a record
by its name (:func:`is_stand_in`) and reading the file without it (:func:`read_stand_ins`): a
game against it becomes the bye it stands for, and it is not a player to be paired. Both
:func:`pairchk.check.check` and :func:`pairchk.check.pair` read a file this way first.
"""

from __future__ import annotations

from ..model import Kind, RoundEntry, Tournament

# Names programs give a stand-in "player" who is really the bye, in the languages of the
# formats pairchk reads (German DSB/Swiss-Chess, French PAPI, Spanish, Italian, Dutch, English).
STAND_IN_NAMES = frozenset({
    "spielfrei", "frei", "freilos", "bye", "pab", "exempt", "exempté", "exempte", "descanso",
    "libre", "riposo", "vrij", "bye-bye",
})


def is_stand_in(name: str) -> bool:
    """True for a player record that stands for the bye ("spielfrei", "BYE", "frei" ...).

    >>> is_stand_in("spielfrei"), is_stand_in(" BYE "), is_stand_in("Frei, Anna")
    (True, True, False)
    """
    return name.strip().lower() in STAND_IN_NAMES


def read_stand_ins(t: Tournament) -> tuple[Tournament, list[str]]:
    """``t`` without stand-in players, a game against one read as the bye it stands for.

    A win (or forfeit win) against the stand-in is the pairing-allocated bye, a draw a half-point
    bye, a loss a zero-point bye; the stand-in itself is not a player to be paired. Returns the
    tournament and one note per stand-in (empty when the file has none).
    """
    stand = {p.number: p.name.strip() for p in t.players if p.name and is_stand_in(p.name)}
    if not stand:
        return t, []
    as_bye = {Kind.WIN: Kind.PAB, Kind.FORFEIT_WIN: Kind.PAB, Kind.WIN_SHORT: Kind.PAB,
              Kind.DRAW: Kind.HALF_BYE, Kind.DRAW_SHORT: Kind.HALF_BYE}
    players = []
    for p in t.players:
        if p.number in stand:
            continue
        entries = tuple(
            RoundEntry(as_bye.get(e.kind, Kind.ZERO_BYE)) if e.opponent in stand else e
            for e in p.entries)
        players.append(p.replace(entries=entries) if entries != p.entries else p)
    notes = [f"player {n} {name!r} stands for the bye: a game against it is read as a bye, and "
             "it is not paired" for n, name in sorted(stand.items())]
    return t.replace(players=tuple(players)), notes
