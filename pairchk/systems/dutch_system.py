"""The FIDE Dutch system (C.04.3) as a :class:`~pairchk.system.System`.

An adapter over the engine (:mod:`pairchk.systems.dutch`) and its evaluation: when the Dutch
modules provide the named quality record (``dutch_eval.evaluate`` returning a frozen dataclass,
``dutch_criteria.criteria(edition)`` giving :class:`~pairchk.system.Criterion` tuples) they are
used as they are; otherwise the engine's ``criteria_values`` dict (priority order, lower is
better) is turned into a frozen dataclass with the same field names and the wording below.

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
from functools import lru_cache
from typing import Any

from ..errors import PairchkError
from ..model import Tournament
from ..pairing import RoundPairing
from ..system import Criterion, UnpairableError, Violation

EDITIONS = ("2026", "2017")

# C.04.3 2026 applies from 1 Feb 2026; everything paired before is governed by the 2017 text
# (C0403Till2026). See docs/fide-rules.md section 0.
_NEW_TEXT_FROM = "2026-02-01"

CODES = ("FIDE_DUTCH", "FIDE_DUTCH_2017", "FIDE_DUTCH_2025", "FIDE_DUTCH_2026",
         "FIDE_DUTCH_BAKU", "FIDE_DUTCH_2017_BAKU", "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2026_BAKU")

# What each criterion minimises; numbering of the 2026 text (C0403202602) and of the 2017
# text (C0403Till2026, letters C.1-C.19). The score-based criteria (2026 C7, C18-C21; 2017
# C.16-C.19) are valued by the Dutch engine as counts per score group, highest group first,
# compared lexicographically.
_WORDS_2026 = {
    1: "rematches",
    2: "PAB to an ineligible player",
    3: "non-topscorers with the same absolute colour preference paired together",
    4: "completion: a legal pairing must remain for the players not yet paired",
    5: "score of the PAB assignee",
    6: "number of downfloaters",
    7: "downfloaters by score (count per score group, highest first)",
    8: "downfloaters chosen so that the next bracket complies with C1-C7",
    9: "unplayed games of the PAB assignee",
    10: "topscorers or their opponents with a colour difference beyond +/-2",
    11: "topscorers or their opponents with the same colour three times in a row",
    12: "players not getting their colour preference",
    13: "players not getting their strong colour preference",
    14: "resident downfloaters who downfloated in the previous round",
    15: "MDP opponents who upfloated in the previous round",
    16: "resident downfloaters who downfloated two rounds before",
    17: "MDP opponents who upfloated two rounds before",
    18: "MDPs who downfloated in the previous round, by score (count per score group)",
    19: "MDPs whose opponents upfloated in the previous round, by score (count per score group)",
    20: "MDPs who downfloated two rounds before, by score (count per score group)",
    21: "MDPs whose opponents upfloated two rounds before, by score (count per score group)",
}
_WORDS_2017 = {
    1: "rematches",
    2: "PAB to an ineligible player",
    3: "non-topscorers with the same absolute colour preference paired together",
    4: "completion of the pairing in the PPB / collapsed last bracket",
    5: "number of downfloaters (maximise the number of pairs)",
    6: "pairing score differences (PSD), highest first",
    7: "pairs and PSD of the next bracket",
    8: "topscorers or their opponents with a colour difference beyond +/-2",
    9: "topscorers or their opponents with the same colour three times in a row",
    10: "players not getting their colour preference",
    11: "players not getting their strong colour preference",
    12: "downfloaters who downfloated in the previous round",
    13: "upfloaters who upfloated in the previous round",
    14: "downfloaters who downfloated two rounds before",
    15: "upfloaters who upfloated two rounds before",
    16: "downfloaters who downfloated in the previous round, by score (count per score group)",
    17: "downfloaters whose opponents upfloated in the previous round, by score (count per score group)",
    18: "downfloaters who downfloated two rounds before, by score (count per score group)",
    19: "downfloaters whose opponents upfloated two rounds before, by score (count per score group)",
}


def _fallback_criteria(edition: str) -> tuple[Criterion, ...]:
    if edition == "2017":
        return tuple(Criterion(f"C.{n}", f"C.04.3 C.{n} (2017)", w, absolute=n <= 3)
                     for n, w in _WORDS_2017.items())
    return tuple(Criterion(f"C{n}", f"C.04.3 art. 2.4 C{n} (2026)", w, absolute=n <= 3)
                 for n, w in _WORDS_2026.items())


def _start_date(t: Tournament) -> tuple[str, str]:
    """ISO start date (or a stand-in on the right side of 2026-02-01) and how to show it.

    Dates are read by :mod:`pairchk.formats.trf_dates` (the one place that knows the layouts
    files use); an ambiguous date with a four-digit year still settles the edition when the
    year does; failing that, the first round date.

    >>> _start_date(Tournament(start_date="28. 07. 2005"))
    ('2005-07-28', 'start date 2005-07-28')
    >>> _start_date(Tournament(start_date="03/04/2020"))
    ('2020-01-01', "start date '03/04/2020' (year 2020)")
    """
    from ..formats.trf_dates import iso_date, iso_event_dates

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
            raise PairchkError(
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


@lru_cache(maxsize=None)
def _record_type(keys: tuple[str, ...], edition: str) -> type:
    fields = [(k, Any) for k in keys]
    return dataclasses.make_dataclass(f"DutchQuality{edition}", fields, frozen=True)


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
        from . import dutch_criteria

        own = getattr(dutch_criteria, "criteria", None)
        return tuple(own(edition)) if callable(own) else _fallback_criteria(edition)

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        from ..pairing import published_pairing

        return published_pairing(t, rnd)

    def state(self, t: Tournament, rnd: int, *, edition: str) -> Any:
        from ..state import round_state

        return round_state(t, rnd, edition=edition)

    def pair(self, state: Any) -> RoundPairing:
        from . import dutch

        try:
            return dutch.pair(state)
        except UnpairableError:
            raise
        except dutch.UnpairableError as exc:
            raise UnpairableError(str(exc)) from exc

    def evaluate(self, state: Any, pairing: RoundPairing, *,
                 against: RoundPairing | None = None) -> Any:
        """The named quality record; with ``against``, the values in the first score bracket
        where the two pairings differ (the Dutch rules choose bracket by bracket)."""
        from . import dutch, dutch_eval

        own = getattr(dutch_eval, "evaluate", None)
        if callable(own):
            return own(state, pairing, against=against)
        values = dutch.criteria_values(state, pairing)
        return _record_type(tuple(values), state.edition)(**values)

    def violations(self, state: Any, pairing: RoundPairing) -> list[Violation]:
        from . import dutch

        return [_as_violation(v, state.round) for v in dutch.absolute_violations(state, pairing)]

    def __repr__(self) -> str:
        return "<DutchSystem dutch>"


SYSTEM = DutchSystem()
