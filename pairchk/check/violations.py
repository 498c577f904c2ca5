"""Breaches of the absolute rules: the ones every system shares, and their wording.

Owns the rules the checker tests whatever the system (one pairing-allocated bye per round,
C.04.1 art. 3, counted per team in a team event: :func:`basic_violations`; no second game
between two players, C.04.1 art. 2: :func:`rematches`), telling a breach a round causes from one
it only continues (a colour difference beyond ±2 made in an earlier round:
:func:`split_violations`), and the words and JSON of every
:class:`~pairchk.system.Violation`, the system's own included (:func:`violation_texts`,
:func:`violation_json`).
"""

from __future__ import annotations

from ..model import Color, Kind, Tournament
from ..pairing import RoundPairing
from ..system import Violation
from .resolve import is_team_file


def violation_texts(vs: list[Violation], t: Tournament | None = None) -> list[str]:
    """Each violation in words with its rule (unless the words already cite it) and, when the
    file names them, the players by number and name."""
    out = []
    for v in vs:
        text = v.text if not v.rule or v.rule in v.text else f"{v.text} ({v.rule})"
        named = [_who(t, n) for n in v.players] if t is not None else []
        if any(x != str(n) for x, n in zip(named, v.players)):
            text += " — " + "; ".join(named)
        out.append(text)
    return out


def violation_json(vs: list[Violation]) -> list[dict]:
    """The violations as the JSON report gives them."""
    return [{"rule": v.rule, "text": v.text, "players": list(v.players), "round": v.round}
            for v in vs]


def _who(t: Tournament, number: int) -> str:
    """``17 Meier, Hans`` (number and name; the number alone when the file has no name)."""
    p = t.by_number.get(number)
    return f"{number} {p.name}" if p is not None and p.name else str(number)


def _extra_pabs(t: Tournament, rnd: int) -> list[int]:
    return [p.number for p in t.players if p.entry(rnd).kind is Kind.PAB]


def _team_of(t: Tournament) -> dict[int, int]:
    out = {m: team.number for team in t.teams for m in team.members}
    for p in t.players:
        if p.number not in out and p.team is not None:
            out[p.number] = p.team
    return out


def basic_violations(t: Tournament, rnd: int, published: RoundPairing) -> list[Violation]:
    """Rules every system shares: one pairing-allocated bye per round (C.04.1 art. 3), counted
    per team in a team tournament (the players of the team with the bye all have one)."""
    pabs = _extra_pabs(t, rnd)
    if is_team_file(t):
        # a team has the bye when members have a PAB and none of them meets an opponent (a "U"
        # beside games of the same team is a board left empty by the other team)
        teams = _team_of(t)
        playing = {teams.get(p.number) for p in t.players
                   if p.entry(rnd).kind.has_opponent and p.entry(rnd).opponent is not None}
        bye_teams = sorted({teams.get(n, -n) for n in pabs} - playing)
        if len(bye_teams) > 1:
            shown = ", ".join(str(x) if x > 0 else f"player {-x}" for x in bye_teams)
            return [Violation("C.04.1 art. 3", f"{len(bye_teams)} teams with a pairing-allocated "
                                               f"bye in one round (teams {shown})", (), rnd)]
        return []
    if len(pabs) > 1:
        return [Violation("C.04.1 art. 3", f"{len(pabs)} pairing-allocated byes in one round "
                                           f"({', '.join(map(str, pabs))}) (C.04.1 art. 3)",
                          tuple(pabs), rnd)]
    return []


def rematches(t: Tournament, rnd: int, published: RoundPairing) -> list[Violation]:
    """Two players meeting over the board a second time (C.04.1 art. 2), in an individual
    tournament that is not a double round robin."""
    if is_team_file(t) or "DOUBLE" in t.system.upper():
        return []
    out = []
    for p in published.pairs:
        for r in range(1, rnd):
            e = t.player(p.white).entry(r) if p.white in t.by_number else None
            if e is not None and e.kind.played and e.opponent == p.black:
                out.append(Violation("C.04.1 art. 2", f"{p.white}-{p.black} already met in round "
                                                      f"{r}", (p.white, p.black), rnd))
                break
    return out


def _colour_diffs(t: Tournament, number: int, upto: int) -> list[int]:
    """The colour difference (whites - blacks, games played) after each round 1..upto."""
    out, cd = [], 0
    p = t.by_number.get(number)
    for r in range(1, upto + 1):
        e = p.entry(r) if p is not None else None
        if e is not None and e.kind.played and e.opponent is not None:
            cd += 1 if e.color is Color.WHITE else -1 if e.color is Color.BLACK else 0
        out.append(cd)
    return out


def _continuing(t: Tournament, rnd: int, v: Violation) -> str:
    """When ``v`` is a colour difference beyond +/-2 (C.04.1 art. 6) that was already as bad
    before round ``rnd`` and that this round does not make worse: the note saying so, naming the
    round that caused it; else ``""``. The round to blame is the one that made it, not a later
    round that merely keeps it (issue 9)."""
    if "art. 7" in v.rule and len(v.players) == 1:
        return _forced_run(t, rnd, v)
    if "art. 6" not in v.rule or len(v.players) != 1:
        return ""
    n = v.players[0]
    diffs = _colour_diffs(t, n, rnd)
    before, after = (diffs[-2] if len(diffs) > 1 else 0), diffs[-1]
    if abs(before) <= 2 or abs(after) > abs(before) or (after > 0) != (before > 0):
        return ""
    cause = rnd - 1
    while cause > 1 and abs(diffs[cause - 2]) > 2 and (diffs[cause - 2] > 0) == (before > 0):
        cause -= 1
    return (f"{_who(t, n)}: colour difference {after:+d} after this round, but it was already "
            f"{before:+d} before it (beyond ±2 since round {cause}, the round to blame); this "
            f"round does not make it worse ({v.rule})")


def _forced_run(t: Tournament, rnd: int, v: Violation) -> str:
    """A third game in a row with one colour that a colour difference already beyond ±2 calls
    for (the other colour would make it worse still): the note naming the round that broke the
    history; ``""`` when the run is this round's own doing."""
    n = v.players[0]
    p = t.by_number.get(n)
    if p is None:
        return ""
    colour = p.entry(rnd).color
    diffs = _colour_diffs(t, n, rnd - 1) or [0]
    before = diffs[-1]
    if not ((colour is Color.WHITE and before <= -3) or (colour is Color.BLACK and before >= 3)):
        return ""
    cause = len(diffs)
    while cause > 1 and abs(diffs[cause - 2]) > 2 and (diffs[cause - 2] > 0) == (before > 0):
        cause -= 1
    word = "white" if colour is Color.WHITE else "black"
    other = before + (-1 if colour is Color.WHITE else 1)
    return (f"{_who(t, n)}: {word} a third time in a row, which the colour difference {before:+d}"
            f" before this round calls for (beyond ±2 since round {cause}, the round to blame);"
            f" the other colour would make it {other:+d} ({v.rule})")


def split_violations(t: Tournament, rnd: int, vs: list[Violation]
                     ) -> tuple[list[Violation], list[str]]:
    """Breaches this round causes, and notes on breaches it only continues."""
    new, notes = [], []
    for v in vs:
        note = _continuing(t, rnd, v)
        if note:
            notes.append(note)
        else:
            new.append(v)
    return new, notes
