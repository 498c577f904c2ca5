"""Knockout (K.O.-System): a seeded or drawn bracket, byes, matches of several games.

Source text ("K.O.-System"): the loser leaves the event, the winner goes on, "es kann also kein
unentschieden geben" — tie-break games ("Stichkämpfe") decide a drawn match; the first pairings
are usually drawn, some favourites may be seeded or enter in a later round.

Bracket: the field is padded to the next power of two ``B``; seeds go to the standard positions
(1 and 2 can only meet in the final, 1–4 only in the semi-finals, …), so the ``B − n`` byes fall
to the top seeds, who thereby enter in round 2 ("erst in einer späteren Runde einsteigen").
Players not seeded are placed by lot (``draw_seed`` makes the lot reproducible).

Files: a knockout file (e.g. TRF, TRF26 ``CUSTOM_KNOCKOUT``) has one column per *game*. A match is a
run of consecutive games of a player against the same opponent (regular games, then tie-break
games); a player's k-th match is his match of knockout round k, a run of byes before his first
game is his round-1 bye. Games columns of different matches need not line up (a match with
tie-breaks takes more columns); players waiting meanwhile have blank entries.

>>> [m.as_json() for m in schedule(6)[0].matches][:2]
[{'match': 1, 'white': 1, 'black': None}, {'match': 2, 'white': 4, 'black': 5}]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal

from ..errors import PairchkError
from ..model import Color, Tournament
from ..pairing import Pair, RoundPairing
from ..system import Violation
from .fixed import FixedSystem, states_from

NAME = "knockout"
SOURCE = "K.O.-System (source text)"

Slot = int | str | None  # a player, "winner of R.M", or None for a bye


@dataclass(frozen=True)
class Match:
    """A bracket match; ``white`` has White in the first game."""

    number: int
    white: Slot
    black: Slot

    def as_json(self) -> dict:
        return {"match": self.number, "white": self.white, "black": self.black}


@dataclass(frozen=True)
class KnockoutRound:
    round: int
    matches: tuple[Match, ...]

    @property
    def byes(self) -> tuple[int, ...]:
        return tuple(
            x for m in self.matches for x in (m.white, m.black) if isinstance(x, int) and None in (m.white, m.black)
        )

    def as_json(self) -> dict:
        return {
            "round": self.round,
            "pairs": [m.as_json() for m in self.matches if None not in (m.white, m.black)],
            "byes": list(self.byes),
        }


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket position order for a power-of-two ``size``.

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    if size < 1 or size & (size - 1):
        raise PairchkError(f"bracket size must be a power of two, got {size}")
    order = [1]
    while len(order) < size:
        k = len(order) * 2
        order = [x for s in order for x in (s, k + 1 - s)]
    return order


def bracket_size(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def positions(n: int, *, seeds: int | None = None, draw_seed: int | None = None) -> list[int | None]:
    """Players in bracket order (None = bye). The first ``seeds`` start numbers are seeded; the
    others are placed by lot among the remaining positions (all seeded when ``seeds`` is None)."""
    if not 2 <= n <= 9999:
        raise PairchkError(f"a knockout needs 2 to 9999 players (a tournament file numbers"
                           f" them with four digits), got {n}")
    size = bracket_size(n)
    order = bracket_order(size)
    seeded = n if seeds is None else max(0, min(seeds, n))
    slots: list[int | None] = [s if s <= seeded else None for s in order]
    # byes: the seed numbers n+1..size are byes; they stay in their seeded positions
    free = [i for i, s in enumerate(order) if seeded < s <= n]
    others = list(range(seeded + 1, n + 1))
    random.Random(draw_seed).shuffle(others)
    for i, p in zip(free, others):
        slots[i] = p
    return slots


def schedule(n: int, *, seeds: int | None = None, draw_seed: int | None = None, **_: object) -> list[KnockoutRound]:
    """The bracket for ``n`` players: round 1 by name, later rounds as "winner of R.M".

    >>> [(m.white, m.black) for m in schedule(4)[0].matches], schedule(4)[1].matches[0].white
    ([(1, 4), (2, 3)], 'winner of 1.1')
    """
    slots = positions(n, seeds=seeds, draw_seed=draw_seed)
    rounds = []
    current: list[Slot] = list(slots)
    rnd = 1
    while len(current) > 1:
        matches = []
        nxt: list[Slot] = []
        for k in range(0, len(current), 2):
            a, b = current[k], current[k + 1]
            num = k // 2 + 1
            matches.append(Match(num, a, b))
            if a is None or b is None:
                nxt.append(a if b is None else b)
            else:
                nxt.append(f"winner of {rnd}.{num}")
        rounds.append(KnockoutRound(rnd, tuple(matches)))
        current = nxt
        rnd += 1
    return rounds


def render(rounds: list[KnockoutRound]) -> str:
    lines = []
    for r in rounds:
        lines.append(f"Round {r.round}:")
        for m in r.matches:
            if None in (m.white, m.black):
                lines.append(f"  {m.number:>2}. {m.white if m.black is None else m.black}: bye")
            else:
                lines.append(f"  {m.number:>2}. {m.white} - {m.black}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------- checking


@dataclass
class PlayedMatch:
    """A match as found in the file: consecutive games of two players against each other."""

    white: int  # White in the first game
    black: int
    first: int  # first and last game column (1-based)
    last: int
    points: dict[int, Decimal] = field(default_factory=dict)
    regular_points: dict[int, Decimal] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return self.last - self.first + 1

    @property
    def players(self) -> frozenset[int]:
        return frozenset((self.white, self.black))

    def winner(self) -> int | None:
        a, b = self.white, self.black
        if self.points[a] == self.points[b]:
            return None
        return a if self.points[a] > self.points[b] else b


def _runs(t: Tournament, number: int) -> tuple[bool, list[tuple[int, int, int]]]:
    """(starts with a bye, runs of (opponent, first col, last col)) of one player."""
    p = t.player(number)
    runs: list[tuple[int, int, int]] = []
    leading_bye = False
    for col, e in enumerate(p.entries, 1):
        if e.kind.has_opponent and e.opponent is not None:
            if runs and runs[-1][0] == e.opponent and runs[-1][2] == col - 1:
                runs[-1] = (e.opponent, runs[-1][1], col)
            else:
                runs.append((e.opponent, col, col))
        elif not runs and e.kind.is_bye and e.kind.code in ("U", "F"):
            leading_bye = True
    return leading_bye, runs


def played_rounds(t: Tournament) -> tuple[list[list[PlayedMatch]], list[list[int]], list[str]]:
    """The file's knockout rounds: matches and byes per round, and structural violations."""
    problems: list[str] = []
    per_round: dict[int, dict[frozenset[int], PlayedMatch]] = {}
    byes: dict[int, list[int]] = {}
    for p in t.players:
        leading, runs = _runs(t, p.number)
        offset = 1 if leading else 0
        if leading:
            byes.setdefault(1, []).append(p.number)
        for k, (opp, first, last) in enumerate(runs, 1 + offset):
            key = frozenset((p.number, opp))
            found = per_round.setdefault(k, {}).get(key)
            if found is None:
                entry = p.entry(first)
                white, black = (p.number, opp) if entry.color is not Color.BLACK else (opp, p.number)
                m = PlayedMatch(white, black, first, last)
                for x in (p.number, opp):
                    try:
                        px = t.player(x)
                    except KeyError:
                        problems.append(f"{p.number} plays unknown player {x} in game {first}")
                        continue
                    m.points[x] = sum((t.scoring.points(px.entry(c)) for c in range(first, last + 1)), Decimal(0))
                per_round[k][key] = m
            elif (found.first, found.last) != (first, last):
                problems.append(
                    f"{p.number} and {opp} disagree on their match: games {first}–{last} vs {found.first}–{found.last}"
                )
    for k, ms in per_round.items():
        for key, m in ms.items():
            for x in key:
                if x not in m.points:
                    m.points[x] = Decimal(0)
    rounds = max(list(per_round) + list(byes) + [0])
    return (
        [sorted(per_round.get(k, {}).values(), key=lambda m: min(m.players)) for k in range(1, rounds + 1)],
        [sorted(byes.get(k, [])) for k in range(1, rounds + 1)],
        problems,
    )


_PAIR_RULE = f"{SOURCE}: seeded bracket, 1 and 2 can meet only in the final"


def _round_problems(t: Tournament, k: int, matches: list[PlayedMatch], byes: list[int], size: int,
                    eliminated: dict[int, tuple[int, int]], alive: set[int] | None) -> list[str]:
    """Breaches of the knockout rules in round ``k`` (``eliminated`` is updated)."""
    out: list[str] = []
    entrants = {x for m in matches for x in m.players} | set(byes)
    expected_entrants = size >> (k - 1)
    if len(entrants) != expected_entrants and not (k == 1 and len(entrants) == len(t.players)):
        out.append(f"{len(entrants)} players in round {k}; a {size}-player bracket has "
                   f"{expected_entrants}")
    if k > 1 and byes:
        out.append(f"byes after round 1: {byes}")
    regular = min((m.games for m in matches), default=0)
    for m in matches:
        a, b = sorted(m.players)
        for x in m.players:
            if x in eliminated:
                r0, by = eliminated[x]
                out.append(f"{x} was eliminated in round {r0} (lost to {by}) but plays {a}–{b} in "
                           f"round {k}")
            elif alive is not None and x not in alive:
                out.append(f"{x} plays in round {k} without having won in round {k - 1}")
        w = m.winner()
        if w is None:
            out.append(f"{a}–{b} ended {m.points[a]}–{m.points[b]}: a knockout match needs a winner "
                       f"(\"es kann also kein unentschieden geben\"; tie-break games decide)")
        if m.games > regular:
            reg = {x: sum((t.scoring.points(t.player(x).entry(c))
                           for c in range(m.first, m.first + regular)), Decimal(0))
                   for x in m.players}
            if reg[a] != reg[b]:
                out.append(f"{a}–{b}: tie-break games after a decided match ({reg[a]}–{reg[b]} after "
                           f"{regular} regular games)")
    return out


def _seeded_round(published: RoundPairing, slot_of: dict[int, int]) -> RoundPairing:
    """The round the seeded bracket prescribes for the players still in it: the occupants of
    positions 2j and 2j+1 meet (colours are not prescribed: the file's are kept)."""
    by_key = {p.players: p for p in published.pairs}
    groups: dict[int, list[int]] = {}
    for x, i in sorted(slot_of.items(), key=lambda kv: kv[1]):
        groups.setdefault(i // 2, []).append(x)
    pairs = []
    for g in groups.values():
        if len(g) == 2:
            pairs.append(by_key.get(frozenset(g), Pair(g[0], g[1], colored=False)))
    return RoundPairing(published.round, tuple(pairs))


class KnockoutSystem(FixedSystem):
    """The knockout as a :class:`~pairchk.system.System`: every match has a winner (tie-break
    games only after a tied match), every winner advances, no eliminated player plays again,
    and the bracket is consistent (the seeded bracket when round 1 is the seeded round 1, else
    a drawn bracket of the right shape). A file's knockout round k is each player's k-th match
    (see the module docstring), not a game column."""

    name = NAME
    title = "Knockout (K.O.-System of the source text)"
    codes = ("CUSTOM_KNOCKOUT", "FIDE_KNOCKOUT")
    article = SOURCE

    def plan(self, t: Tournament):
        n = len(t.players)
        size = bracket_size(n)
        rounds, byes, problems = played_rounds(t)
        notes = list(problems)
        seeded = schedule(n) if n >= 2 else []
        seeded_first = ({frozenset((m.white, m.black)) for m in seeded[0].matches
                         if None not in (m.white, m.black)} if seeded else set())
        is_seeded = bool(rounds) and {m.players for m in rounds[0]} == seeded_first
        notes.append("seeded bracket (round 1 is the seeded round 1: 1 against the lowest, …)"
                     if is_seeded else
                     "drawn bracket: round 1 differs from the seeded bracket; checking the "
                     "bracket's shape")
        alive: set[int] | None = None
        eliminated: dict[int, tuple[int, int]] = {}  # player -> (round, beaten by)
        slot_of = ({x: i for i, x in enumerate(positions(n)) if x is not None}
                   if is_seeded else {})
        rows = []
        for k, matches in enumerate(rounds, 1):
            published = RoundPairing(k, tuple(Pair(m.white, m.black) for m in matches))
            found = _round_problems(t, k, matches, byes[k - 1], size, eliminated, alive)
            for m in matches:
                w = m.winner()
                if w is not None:
                    eliminated[next(iter(m.players - {w}))] = (k, w)
            if is_seeded and k > 1 and alive is not None:
                expected = _seeded_round(published, {x: i for x, i in slot_of.items() if x in alive})
            else:
                expected = published
            if is_seeded:
                slot_of = {x: i // 2 for x, i in slot_of.items() if x not in eliminated}
            alive = {w for m in matches if (w := m.winner()) is not None} | set(byes[k - 1])
            if k < len(rounds):
                nxt = {x for m in rounds[k] for x in m.players}
                found += [f"{x} won in round {k} but does not play in round {k + 1}"
                          for x in sorted(alive - nxt)]
            details = {
                "byes": byes[k - 1],
                "matches": [
                    {"white": m.white, "black": m.black, "games": [m.first, m.last],
                     "score": [str(m.points[m.white]), str(m.points[m.black])],
                     "winner": m.winner()}
                    for m in matches],
            }
            rows.append(dict(round=k, published=published, scheduled=expected,
                             cycle=len(rounds), pair_rule=_PAIR_RULE,
                             found=tuple(Violation(SOURCE, v, (), k) for v in found),
                             details=details))
        return states_from(rows, notes)


SYSTEM = KnockoutSystem()
