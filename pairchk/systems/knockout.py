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
from ..pairing import CheckReport, Pair, RoundPairing, RoundReport

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
    if n < 2:
        raise PairchkError(f"a knockout needs at least 2 players, got {n}")
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


def check(t: Tournament, *, path: str = "") -> CheckReport:
    """Check a knockout file: every match has a winner (tie-break games only after a tied match),
    every winner advances, no eliminated player plays again, and the bracket is consistent (the
    seeded bracket when round 1 is the seeded round 1, else a drawn bracket of the right shape)."""
    report = CheckReport(path=path, system=NAME, edition=SOURCE)
    n = len(t.players)
    size = bracket_size(n)
    rounds, byes, problems = played_rounds(t)
    report.notes.extend(problems)
    seeded = schedule(n) if n >= 2 else []
    seeded_first = {frozenset((m.white, m.black)) for m in seeded[0].matches if None not in (m.white, m.black)} if seeded else set()
    first_pairs = {m.players for m in rounds[0]} if rounds else set()
    is_seeded = bool(rounds) and first_pairs == seeded_first
    report.notes.append(
        "seeded bracket (round 1 is the seeded round 1: 1 against the lowest, …)"
        if is_seeded
        else "drawn bracket: round 1 differs from the seeded bracket; checking the bracket's shape"
    )
    alive: set[int] | None = None
    eliminated: dict[int, tuple[int, int]] = {}  # player -> (round, beaten by)
    slot_of: dict[int, int] = {}  # seeded: player -> position index in the current round
    if is_seeded:
        for i, x in enumerate(positions(n)):
            if x is not None:
                slot_of[x] = i
    for k, matches in enumerate(rounds, 1):
        rep = RoundReport(k, "ok")
        pairs = tuple(Pair(m.white, m.black) for m in matches)
        rep.published = RoundPairing(k, pairs, None)
        rep.details["byes"] = byes[k - 1]
        rep.details["matches"] = [
            {"white": m.white, "black": m.black, "games": [m.first, m.last],
             "score": [str(m.points[m.white]), str(m.points[m.black])], "winner": m.winner()}
            for m in matches
        ]
        entrants = {x for m in matches for x in m.players} | set(byes[k - 1])
        expected_entrants = size >> (k - 1)
        if len(entrants) != expected_entrants and not (k == 1 and len(entrants) == n):
            rep.violations.append(
                f"{len(entrants)} players in round {k}; a {size}-player bracket has {expected_entrants}"
            )
        if k > 1 and byes[k - 1]:
            rep.violations.append(f"byes after round 1: {byes[k - 1]}")
        regular = min((m.games for m in matches), default=0)
        for m in matches:
            a, b = sorted(m.players)
            for x in m.players:
                if x in eliminated:
                    r0, by = eliminated[x]
                    rep.violations.append(
                        f"{x} was eliminated in round {r0} (lost to {by}) but plays {a}–{b} in round {k}"
                    )
            if alive is not None:
                for x in m.players:
                    if x not in alive and x not in eliminated:
                        rep.violations.append(f"{x} plays in round {k} without having won in round {k - 1}")
            w = m.winner()
            if w is None:
                rep.violations.append(
                    f"{a}–{b} ended {m.points[a]}–{m.points[b]}: a knockout match needs a winner "
                    f"(\"es kann also kein unentschieden geben\"; tie-break games decide)"
                )
            if m.games > regular:
                reg = {
                    x: sum((t.scoring.points(t.player(x).entry(c)) for c in range(m.first, m.first + regular)), Decimal(0))
                    for x in m.players
                }
                if reg[a] != reg[b]:
                    rep.violations.append(
                        f"{a}–{b}: tie-break games after a decided match ({reg[a]}–{reg[b]} after "
                        f"{regular} regular games)"
                    )
            if w is not None:
                loser = next(iter(m.players - {w}))
                eliminated[loser] = (k, w)
        if is_seeded and k > 1:
            # In the seeded bracket, round k's match j joins the winners of matches 2j-1 and 2j.
            for m in matches:
                sa, sb = (slot_of.get(x) for x in m.players)
                if sa is None or sb is None or sa // 2 != sb // 2:
                    a, b = sorted(m.players)
                    rep.differences.append(f"{a}–{b} is not a match of the seeded bracket in round {k}")
        if is_seeded:
            slot_of = {x: i // 2 for x, i in slot_of.items() if x not in eliminated}
        alive = {m.winner() for m in matches if m.winner() is not None} | set(byes[k - 1])
        if k < len(rounds):
            nxt = {x for m in rounds[k] for x in m.players}
            for x in sorted(alive - nxt):
                rep.violations.append(f"{x} won in round {k} but does not play in round {k + 1}")
        if rep.differences:
            rep.status = "deviation"
            rep.explanation = f"{SOURCE}: seeded bracket, 1 and 2 can meet only in the final"
        if rep.violations:
            rep.status = "violation"
            rep.explanation = rep.explanation or f"{SOURCE}: the loser leaves, the winner goes on"
        report.rounds.append(rep)
    return report
