"""The 2024 edition of the FIDE Swiss Team Pairing System, C.04.6 (approved 27/07/2024,
applied 1 Aug 2024 - 31 Jan 2026), where it differs from the 2026 text.

The procedure (PAB first, top-scoregroup plus upfloaters in the set order, brackets in the
identifier order) and the colour rules are the 2026 ones (:mod:`.swiss`); the 2024 text
differs in (MarkDechamps' comparison of both texts, ``team-2024-vs-2026.md``):

* [C2]: no PAB for a team that had a PAB or "scored in one single round, without playing,
  the same score rewarded for a win" (the Basic Rules' art. 4 wording, not 2026's list);
* [C6] graded: "maximise the number of remaining teams that can be legally paired in the
  following scoregroup" (2026: pass/fail), with the first legal set complying with [C6] (no
  set-level float criterion);
* one float criterion, [C9] "With the exception of the last two rounds, minimise the number
  of teams that float in consecutive rounds", counted per pair in the bracket: both teams of
  a pair of different scores float (art. 1.5), and count when they floated the round before;
  the colour criteria are [C7] (preferences) and [C8] (strong preferences, type B);
* the PAB goes to the lowest score, then "the highest number of games", then "the highest
  TPN": games are read as the board games a team played over the board;
* 4.3.9 (the other team alternates when the first-team has no played round) is not in the
  2024 text; the 2024 chain leaves that case open and it is read as 2026 wrote it down.

Which edition a file gets (:func:`select_edition`): ``--edition``, else the event's start
date (the TRF26 192 team codes carry no edition).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ...errors import UnknownEditionError
from ...model import Tournament
from ...system import Criterion
from ...teams import TeamRound, match_point_scale

EDITIONS = ("2026", "2024")
FIRST_DAY = {"2024": "2024-08-01", "2026": "2026-02-01"}

CRITERIA_2024: tuple[Criterion, ...] = (
    Criterion("C1", "C.04.6 art. 3 [C1] (2024)", "teams meeting a second time", absolute=True),
    Criterion("C2", "C.04.6 art. 3 [C2] (2024)",
              "pairing-allocated bye to a team that had a PAB or scored a win without playing",
              absolute=True),
    Criterion("C3", "C.04.6 art. 3 [C3] (2024)",
              "completion: the teams outside the top-scoregroup must still be pairable",
              absolute=True),
    Criterion("PAB", "C.04.6 art. 2 (2024)",
              "the pairing-allocated bye goes to the lowest score, then the most games played, "
              "then the highest TPN"),
    Criterion("C4", "C.04.6 art. 3 [C4] (2024)", "number of upfloaters"),
    Criterion("C5", "C.04.6 art. 3 [C5] (2024)",
              "score differences in the pairs with upfloaters (largest first): the lowest "
              "upfloater score maximised, then the second lowest ..."),
    Criterion("C6", "C.04.6 art. 3 [C6] (2024)",
              "teams of the following scoregroup that cannot be paired there"),
    Criterion("C7", "C.04.6 art. 3 [C7] (2024)", "teams whose colour preference is not met"),
    Criterion("C8", "C.04.6 art. 3 [C8] (2024)",
              "teams whose strong colour preference is not met (type B)"),
    Criterion("C9", "C.04.6 art. 3 [C9] (2024)",
              "teams that float in consecutive rounds (not in the last two rounds)"),
)


@dataclass(frozen=True)
class Quality2024:
    """The quality record of a team round under the 2024 text (lower is better, field by
    field; see :class:`.swiss.Quality` for how brackets are read)."""

    PAB: tuple
    C4: int
    C5: tuple[Decimal, ...]
    C6: int
    C7: int
    C8: int
    C9: int


def bars_pab(t: Tournament, r: TeamRound, declared: str | None) -> bool:
    """2024 [C2] for one past round: a PAB, or a round not played that scored the match
    points of a win (a match won by forfeit, a full-point bye, points awarded)."""
    if r.pab or declared == "F":
        return True
    return not r.played and r.match_points >= match_point_scale(t)[0] > 0


def c6_unpaired(st: Any, remaining: list[int], bracket: set[int],
                following: list[int]) -> int:
    """2024 [C6], graded: how many teams of the following scoregroup that are still to be
    paired after this bracket cannot be paired with each other (the text maximises those
    that can). ``st`` is the round's :class:`.swiss.TeamRoundState`."""
    from ...matching import max_matching

    rest = [n for n in following if n in remaining and n not in bracket]
    if len(rest) < 2:
        return len(rest)
    adj = [sum(1 << j for j, b in enumerate(rest) if b != a and not st.met(a, b)) for a in rest]
    mate = max_matching(adj)
    return sum(1 for x in mate if x < 0)


def select_edition(t: Tournament, override: str | None) -> tuple[str, str]:
    """The C.04.6 edition for ``t`` and why: ``--edition``, else by the event's start date
    (2026 text from 1 Feb 2026, the 2024 text from 1 Aug 2024); an event before 1 Aug 2024
    was paired before C.04.6 existed and is checked under its first text, 2024; without a
    date, the text in force.

    >>> select_edition(Tournament(start_date="2024-11-09"), None)
    ('2024', 'start date 2024-11-09: C.04.6 as applied 1 Aug 2024 - 31 Jan 2026')
    >>> select_edition(Tournament(start_date="2026-03-01"), None)[0]
    '2026'
    >>> select_edition(Tournament(), "2017")
    Traceback (most recent call last):
    ...
    pairchk.errors.UnknownEditionError: unknown edition '2017' of the team system; known editions: 2026, 2024
    """
    if override is not None:
        if override not in EDITIONS:
            raise UnknownEditionError(f"unknown edition {override!r} of the team system; known "
                               f"editions: {', '.join(EDITIONS)}")
        return override, "chosen with --edition"
    from ..dutch.system import _start_date

    iso, shown = _start_date(t)
    if not iso:
        return "2026", "no start date in the file: C.04.6 as applied from 1 Feb 2026"
    if iso >= FIRST_DAY["2026"]:
        return "2026", f"{shown}: C.04.6 as applied from 1 Feb 2026"
    if iso >= FIRST_DAY["2024"]:
        return "2024", f"{shown}: C.04.6 as applied 1 Aug 2024 - 31 Jan 2026"
    return "2024", (f"{shown} is before 1 Aug 2024, when C.04.6 was first applied: checked "
                    "under its first text, the 2024 edition")
