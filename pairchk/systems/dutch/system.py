"""The FIDE Dutch system (C.04.3) as a :class:`~pairchk.system.System`.

An adapter over the engine (:func:`pairchk.systems.dutch.round.pair`), its criteria
(``criteria.criteria(edition)``, each :class:`~pairchk.system.Criterion` defined once)
and its named quality record (``evaluate.evaluate``, evaluated ``against`` the other pairing:
the values in the first score bracket where the two part). The edition is chosen here from the
file (:func:`select_edition`).

>>> from pairchk.model import Tournament
>>> SYSTEM.select_edition(Tournament(system="FIDE_DUTCH_2025"))
('2026', 'system code FIDE_DUTCH_2025 in the file means the 2026 text')
>>> SYSTEM.select_edition(Tournament(start_date="2025-06-01"))
('2017', 'start date 2025-06-01 is before 2026-02-01')
>>> [c.key for c in SYSTEM.criteria("2017")][:3]
['C.1', 'C.2', 'C.3']
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ...errors import UnknownEditionError
from ...model import Tournament
from ...pairing import RoundPairing
from ...system import Citations, Criterion, UnpairableError, Violation

EDITIONS = ("2026", "2017")

# C.04.3 2026 applies from 1 Feb 2026; everything paired before is governed by the 2017 text
# (C0403Till2026). See docs/fide-rules.md section 0.
_NEW_TEXT_FROM = "2026-02-01"

CODES = ("FIDE_DUTCH", "FIDE_DUTCH_2017", "FIDE_DUTCH_2025", "FIDE_DUTCH_2026",
         "FIDE_DUTCH_BAKU", "FIDE_DUTCH_2017_BAKU", "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2026_BAKU")

def _start_date(t: Tournament) -> tuple[str, str]:
    """ISO start date (or a stand-in on the right side of 2026-02-01) and how to show it.

    Dates are read by :mod:`pairchk.dates` (the one place that knows the layouts
    files use); an ambiguous date with a four-digit year still settles the edition when the
    year does; failing that, the first round date.

    >>> _start_date(Tournament(start_date="28. 07. 2005"))
    ('2005-07-28', 'start date 2005-07-28')
    >>> _start_date(Tournament(start_date="03/04/2020"))
    ('2020-01-01', "start date '03/04/2020' (year 2020)")
    """
    from ...dates import iso_date, iso_event_dates

    raw = (t.start_date or "").strip()
    if raw:
        iso = iso_event_dates(raw, t.end_date or "", tuple(t.round_dates_iso))[0] or iso_date(raw)
        if iso:
            return iso, f"start date {iso}"
        m = re.search(r"\b(\d{4})\b", raw)
        if m and m.group(1) != "2026":  # the year alone decides, except in 2026 itself
            return f"{m.group(1)}-01-01", f"start date {raw!r} (year {m.group(1)})"
    first = next((d for d in t.round_dates_iso if d), "")
    if first:
        return first, f"the first round date {first}"
    return "", ""


def select_edition(t: Tournament, override: str | None = None) -> tuple[str, str]:
    """The Dutch rule edition ("2026" or "2017") to check ``t`` with, and why.

    Order: ``override`` (``--edition``), the TRF26 192 system code (``FIDE_DUTCH_2017`` /
    ``_2025`` / ``_2026``; bbpPairings and TRF26 write 2025 for the text applied from
    1 Feb 2026), a year in the TRF16 092 text, the start date, else 2026.

    >>> select_edition(Tournament(system_text="Swiss Dutch 2017"))
    ('2017', "year 2017 in the system text 'Swiss Dutch 2017'")
    >>> select_edition(Tournament(), "2017")
    ('2017', 'chosen with --edition')
    >>> select_edition(Tournament())
    ('2026', 'no edition marker and no start date in the file: the rules in force')
    """
    if override is not None:
        if override not in EDITIONS:
            raise UnknownEditionError(
                f"unknown edition {override!r}; known editions: {', '.join(EDITIONS)}")
        return override, "chosen with --edition"
    for text in (t.system, t.system_text):
        m = re.search(r"FIDE_DUTCH_(\d{4})", text or "", re.IGNORECASE)
        if m:
            year = m.group(1)
            edition = "2017" if year in ("2016", "2017") else "2026"
            return edition, f"system code {m.group(0)} in the file means the {edition} text"
    for text in (t.system_text, t.system):
        m = re.search(r"\b(2016|2017|2025|2026)\b", text or "")
        if m:
            edition = "2017" if m.group(1) in ("2016", "2017") else "2026"
            return edition, f"year {m.group(1)} in the system text {text.strip()!r}"
    iso, shown = _start_date(t)
    if iso:
        if iso < _NEW_TEXT_FROM:
            return "2017", f"{shown} is before {_NEW_TEXT_FROM}"
        return "2026", f"{shown} is on or after {_NEW_TEXT_FROM}"
    return "2026", "no edition marker and no start date in the file: the rules in force"


def _as_violation(item: Any, rnd: int) -> Violation:
    """A Violation from the engine's record or from its worded string (article in brackets)."""
    if isinstance(item, Violation):
        return item if item.round is not None else dataclasses.replace(item, round=rnd)
    text = str(item)
    m = re.search(r"\(([^()]*)\)\s*$", text)
    rule = m.group(1) if m else "C.04.1"
    head = re.match(r"\s*(\d+)(?:-(\d+))?:", text)  # "4-9: ..." or "12: ..."
    players = tuple(int(x) for x in head.groups() if x) if head else ()
    return Violation(rule, text, players, rnd)


class DutchSystem:
    """The FIDE Dutch system, editions 2026 and 2017 (see the module docstring)."""

    name = "dutch"
    title = "FIDE Dutch system (C.04.3)"
    codes = CODES
    editions = EDITIONS
    fixed = False
    teams = False

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        return select_edition(t, override)

    def criteria(self, edition: str) -> tuple[Criterion, ...]:
        from . import criteria as dutch_criteria

        return tuple(dutch_criteria.criteria(edition))

    def citations(self, edition: str) -> Citations:
        """The articles explanations cite: colour allocation, generation order, initial colour.

        >>> SYSTEM.citations("2017").colour_allocation
        'C.04.3 E.1-E.5 (2017)'
        """
        new = edition != "2017"  # the two texts: 2026 (C0403202602) and 2017 (C0403Till2026)
        return Citations(
            "C.04.3 art. 5.2 (2026)" if new else "C.04.3 E.1-E.5 (2017)",
            "C.04.3 art. 3-4" if new else "C.04.3 B, D",
            "art. 5.2.5" if edition == "2026" else "E.5",
            "C.04.3 art. 5.2.5 (2026)" if new else "C.04.3 E.5 (2017)")

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        from ...pairing import published_pairing

        return published_pairing(t, rnd)

    def state(self, t: Tournament, rnd: int, *, edition: str) -> Any:
        from ...state import round_state

        return round_state(t, rnd, edition=edition)

    def pair(self, state: Any) -> RoundPairing:
        from . import round as dutch_round

        try:
            return dutch_round.pair(state)
        except UnpairableError:
            raise
        except dutch_round.UnpairableError as exc:
            raise UnpairableError(str(exc)) from exc

    def evaluate(self, state: Any, pairing: RoundPairing, *,
                 against: RoundPairing | None = None) -> Any:
        """The named quality record; with ``against``, the values in the first score bracket
        where the two pairings differ (the Dutch rules choose bracket by bracket)."""
        from . import evaluate as dutch_eval

        return dutch_eval.evaluate(state, pairing, against=against)

    def violations(self, state: Any, pairing: RoundPairing) -> list[Violation]:
        from . import evaluate as dutch_eval

        return [_as_violation(v, state.round) for v in dutch_eval.violations(state, pairing)]

    def __repr__(self) -> str:
        return "<DutchSystem dutch>"


SYSTEM = DutchSystem()
