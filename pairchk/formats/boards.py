"""Boards and byes of a round, for formats that store one record per game (Excel, Chess-JSON).

The model stores one entry per player and round; board-oriented formats store one record per
game. ``boards`` turns the one into the other (pure data, no pairing logic);
``EntryTable`` and ``round_entries`` collect entries back while a file is read.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(players=(
...     Player(1, entries=(RoundEntry(Kind.FORFEIT_WIN, 2),)),
...     Player(2, entries=(RoundEntry(Kind.FORFEIT_LOSS, 1),)),
...     Player(3, entries=(RoundEntry(Kind.PAB),))))
>>> [(b.white, b.black, b.colored) for b in boards(t, 1)]
[(1, 2, False), (3, None, True)]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import FormatError
from .limits import MAX_ROUND, check_number, check_round  # noqa: F401 (readers import MAX_ROUND from here)
from ..model import NOT_PAIRED, Color, Kind, Lineup, Player, RoundEntry, TeamMatch, Tournament


@dataclass(frozen=True)
class Board:
    """A game (``black`` set) or a bye/absence (``black`` None) of one round.

    ``white_entry``/``black_entry`` are the players' own entries; the opponent's is None when
    he does not name the player back (an inconsistent file: only one side is known), which may
    be White's. A bye or absence has ``white_entry`` only.
    ``colored`` is False for a forfeit without colours (white is then the lower number).
    """

    round: int
    white: int
    black: int | None
    white_entry: RoundEntry | None
    black_entry: RoundEntry | None
    colored: bool = True


def require_opponents(t: Tournament, fmt: str) -> None:
    """Refuse a game result that names no opponent (TRF ``0000 - 1``, ``0000 w =``), which a
    format that needs an opponent for every game cannot write (lone forfeits have their own
    conversion, :func:`.carry.without_lone_forfeit`).

    >>> t = Tournament(players=(Player(1, entries=(RoundEntry(Kind.DRAW),)),))
    >>> require_opponents(t, "csv")
    Traceback (most recent call last):
    ...
    pairchk.errors.PairchkError: round 1: player 1 has result '=' against no opponent; csv needs an opponent for every game (hint: name the opponent, or record the bye it stands for; pairchk validate lists every such entry)
    """
    from ..errors import PairchkError

    for p in t.players:
        for r, e in enumerate(p.entries, 1):
            if e.lacks_opponent:
                raise PairchkError(
                    f"round {r}: player {p.number} has result {e.kind.code!r} against no opponent;"
                    f" {fmt} needs an opponent for every game (hint: name the opponent, or record"
                    " the bye it stands for; pairchk validate lists every such entry)")


def require_consistent(t: Tournament, fmt: str) -> None:
    """Refuse to write a game only one of its players records (a format of games, not of
    player entries, cannot carry it): an unknown opponent, or one who does not name the
    player back in that round. ``pairchk validate`` lists every such entry.

    >>> t = Tournament(players=(Player(1, entries=(RoundEntry(Kind.WIN, 3, Color.WHITE),)), Player(2)))
    >>> require_consistent(t, "xlsx")
    Traceback (most recent call last):
    ...
    pairchk.errors.PairchkError: xlsx stores games, not player entries: round 1: player 1 has result '1' against player 3, who is not in the file (hint: pairchk validate lists every inconsistent entry; fix them first)
    """
    from ..errors import PairchkError

    require_opponents(t, fmt)
    by_number = t.by_number
    for p in t.players:
        for r, e in enumerate(p.entries, 1):
            if not e.kind.has_opponent or e.opponent is None:
                continue
            q = by_number.get(e.opponent)
            if q is None:
                why = f"against player {e.opponent}, who is not in the file"
            elif e.opponent == p.number:
                why = "against himself"
            elif q.entry(r).opponent != p.number or not q.entry(r).kind.has_opponent:
                why = f"against player {q.number}, who does not name player {p.number} in that round"
            else:
                continue
            raise PairchkError(f"{fmt} stores games, not player entries: round {r}: player {p.number}"
                               f" has result {e.kind.code!r} {why} (hint: pairchk validate lists every"
                               " inconsistent entry; fix them first)")


def colourless_games(t: Tournament) -> list[tuple[int, int, int]]:
    """(round, lower, higher number) of every game, other than a forfeit, that records no
    colour for either player (a SwissPerfect export has none).

    >>> t = Tournament(players=(Player(1, entries=(RoundEntry(Kind.WIN, 2),)),
    ...                         Player(2, entries=(RoundEntry(Kind.LOSS, 1),))))
    >>> colourless_games(t)
    [(1, 1, 2)]
    """
    by_number = t.by_number
    out = []
    for p in t.players:
        for r, e in enumerate(p.entries, 1):
            if (not e.kind.has_opponent or e.kind.is_forfeit or e.opponent is None
                    or e.color is not Color.NONE):
                continue
            q = by_number.get(e.opponent)
            back = q.entry(r) if q is not None else NOT_PAIRED
            if back.opponent == p.number and back.color is not Color.NONE:
                continue  # the opponent's colour gives this one
            if back.opponent != p.number or p.number < e.opponent:
                out.append((r, min(p.number, e.opponent), max(p.number, e.opponent)))
    return sorted(set(out))


def require_colours(t: Tournament, fmt: str) -> None:
    """Refuse to make colours up: a format that writes every game as white against black
    cannot carry a game whose colours the source does not record (forfeits aside, which
    the colour rules do not count and ``entries.forfeit_without_color`` warns of).

    >>> t = Tournament(players=(Player(1, entries=(RoundEntry(Kind.WIN, 2),)),
    ...                         Player(2, entries=(RoundEntry(Kind.LOSS, 1),))))
    >>> require_colours(t, "elobase")
    Traceback (most recent call last):
    ...
    pairchk.errors.PairchkError: 1 game(s) have no colours (first: round 1 1-2); elobase writes every game as white against black and pairchk does not make colours up (hint: the source does not record them; write a format that keeps games without colours, such as trf, json, csv or xlsx)
    """
    from ..errors import PairchkError

    missing = colourless_games(t)
    if missing:
        first = "; ".join(f"round {r} {a}-{b}" for r, a, b in missing[:3])
        raise PairchkError(
            f"{len(missing)} game(s) have no colours (first: {first}); {fmt} writes every"
            " game as white against black and pairchk does not make colours up (hint: the"
            " source does not record them; write a format that keeps games without colours,"
            " such as trf, json, csv or xlsx)")


def boards(t: Tournament, rnd: int) -> list[Board]:
    """Games first (ordered by the lower starting number), then byes and absences."""
    numbers = {p.number for p in t.players}
    by_number = t.by_number
    games: list[Board] = []
    byes: list[Board] = []
    done: set[int] = set()
    for p in t.players:
        e = p.entry(rnd)
        if e.kind is Kind.NOT_PAIRED or p.number in done:
            continue
        opp = e.opponent
        if not (e.kind.has_opponent and opp in numbers and opp != p.number):
            byes.append(Board(rnd, p.number, None, e, None))
            continue
        other = by_number[opp].entry(rnd)
        mutual = other.opponent == p.number and other.kind.has_opponent
        if mutual:
            done.add(opp)
        done.add(p.number)
        color = e.color
        if color is Color.NONE and mutual:
            color = other.color.opposite
        if color is Color.NONE:
            white, black = sorted((p.number, opp))
            colored = False
        else:
            white, black = (p.number, opp) if color is Color.WHITE else (opp, p.number)
            colored = True
        if white == p.number:
            games.append(Board(rnd, white, black, e, other if mutual else None, colored))
        else:
            games.append(Board(rnd, white, black, other if mutual else None, e, colored))
    games.sort(key=lambda b: min(b.white, b.black or b.white))
    return games + byes


def lineups_from_boards(boards: dict[tuple[int, int], list[tuple[int, int]]],
                        matches: list[TeamMatch]) -> list[Lineup]:
    """Line-ups from the boards the games were played on: ``boards`` maps (round, team) to
    (board, player) pairs; each line-up lists its players by board and names the opponent team
    of the team's match in that round (formats with no line-up records of their own)."""
    opponent_team = {(m.round, a): b for m in matches if m.away is not None
                     for a, b in ((m.home, m.away), (m.away, m.home))}
    return [Lineup(rnd, team, tuple(n for _, n in sorted(lst)), opponent=opponent_team.get((rnd, team)))
            for (rnd, team), lst in sorted(boards.items())]


def check_opponents(players: list[Player], lines: dict[int, int], path: str | None, *,
                    missing: str, expected: str) -> None:
    """Every opponent named is a player of the file (``lines``: player number -> source line);
    else a located error ``player <n> round <r>: opponent <o> <missing>``."""
    for p in players:
        for r, e in enumerate(p.entries, 1):
            if e.opponent is not None and e.opponent not in lines:
                raise FormatError(f"player {p.number} round {r}: opponent {e.opponent} {missing}",
                                  path=path, line=lines[p.number], expected=expected)


def round_entries(by_round: dict[int, RoundEntry], rounds: int) -> list[RoundEntry]:
    """A player's entries for rounds 1..``rounds`` from ``{round: entry}``: a missing round is not
    paired, rounds after ``rounds`` are left out and so are trailing rounds not paired.

    >>> [e.kind.name for e in round_entries({2: RoundEntry(Kind.PAB), 5: RoundEntry(Kind.PAB)}, 4)]
    ['NOT_PAIRED', 'PAB']
    """
    check_round(rounds, "number of rounds", allow_zero=True)
    ents = [by_round.get(r, NOT_PAIRED) for r in range(1, rounds + 1)]
    while ents and ents[-1] is NOT_PAIRED:
        ents.pop()
    return ents




class EntryTable:
    """Entries collected while reading: ``set(player, round, entry)``, then ``entries(player)``."""

    def __init__(self) -> None:
        self._rows: dict[int, dict[int, RoundEntry]] = {}

    def set(self, player: int, rnd: int, entry: RoundEntry) -> None:
        check_round(rnd)
        check_number(player, "player number")
        self._rows.setdefault(player, {})[rnd] = entry

    def has(self, player: int, rnd: int) -> bool:
        return rnd in self._rows.get(player, {})

    def entries(self, player: int) -> tuple[RoundEntry, ...]:
        row = self._rows.get(player, {})
        if not row:
            return ()
        return tuple(row.get(r, NOT_PAIRED) for r in range(1, max(row) + 1))
