"""The registry of pairing systems: the one way the checker, the CLI and the generator find one.

Every pairing system is an object satisfying :class:`pairchk.system.System`. A system lives in
its own module, which exposes it as the module-level ``SYSTEM``; the module is imported only
when the system is first asked for (``pairchk --help`` imports no engine).

**Adding a system** is one line in :data:`MODULES`: its CLI name and the module that holds
``SYSTEM``, e.g. ``"dubov": "pairchk.systems.dubov"``. The module's ``SYSTEM.name`` must be that
CLI name; ``SYSTEM.codes`` lists the TRF26 192 / TRF16 092 codes (upper case, ``_BAKU``
variants included) that select it from a file. A system built elsewhere (a test, a plug-in) can
also be added at run time with :func:`register`.

>>> names()[:3]
('dutch', 'dubov', 'berger')
>>> get("dutch").title
'FIDE Dutch system (C.04.3)'
>>> for_code("FIDE_DUTCH_2025_BAKU").name, for_code("berger_roundrobin").name
('dutch', 'berger')
>>> for_code("FIDE_SCHILLER") is None
True
>>> for_text("Individual: Swiss-System (FIDE Dutch)").name, for_text("nach DUBOW").name
('dutch', 'dubov')
>>> for_text("Scheveningen") is None, names_unpairable("Scheveningen")
(True, True)

The registry is also the one place that knows systems by name for the checker (which never
does): the words a free text uses for each system (:func:`for_text`), the system a file that
declares none is checked with (:func:`default`), and the articles explanations cite for a
system whose ``SYSTEM`` does not give them itself (:func:`citations`).
"""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING

from ..errors import PairchkError

if TYPE_CHECKING:
    from ..system import Citations, System

# CLI name -> module exposing ``SYSTEM`` (in the order ``names()`` lists them).
MODULES: dict[str, str] = {
    "dutch": "pairchk.systems.dutch",
    "dubov": "pairchk.systems.dubov",
    "berger": "pairchk.systems.berger",
    "rutsch": "pairchk.systems.rutsch",
    "travel-partner": "pairchk.systems.travel_partner",
    "knockout": "pairchk.systems.knockout",
    "club": "pairchk.systems.club",  # the club Swiss of seed 004
    "team": "pairchk.systems.team",  # FIDE C.04.6 Swiss team system
    "team-berger": "pairchk.systems.team.roundrobin",  # team round robins (Berger tables)
    "burstein": "pairchk.systems.burstein",  # FIDE C.04.4.2 Burstein (2026)
    "lim": "pairchk.systems.lim",  # FIDE C.04.4.3 Lim (2026)
    "double-swiss": "pairchk.systems.double_swiss",  # FIDE C.04.5 Double-Swiss (2026)
}

# Words a TRF16 092 text or a format's own system field uses for a system, and the CLI name of
# the system they name (the first that matches; codes such as FIDE_DUTCH_2025 are looked up
# with :func:`for_code` first). Searched case-insensitively.
TEXT_NAMES: tuple[tuple[str, str], ...] = (
    (r"burstein", "burstein"),  # before "swiss": "Burstein Swiss System"
    (r"dubo[vw]", "dubov"),  # "Dubov Swiss System", German "nach DUBOW"
    (r"\blim\b", "lim"),  # "Lim System" (ETT26 gives Lim no 192 code)
    (r"dutch|holl|swiss|schweizer|suisse|suizo|svizzero", "dutch"),
    (r"berger|round.?robin|rundensystem|tournoi toutes rondes|todos contra todos", "berger"),
    (r"rutsch", "rutsch"),
    (r"knock.?out|k\.?\s?o\.?-system", "knockout"),
)
# Systems pairchk recognises in a free text but cannot pair (yet): named in the "not checked"
# note rather than taken for another system.
UNPAIRABLE_TEXT = r"scheveningen|schiller|double.?swiss|keizer|amalfi|monrad|accelerated"

_registered: dict[str, "System"] = {}

# The shape of every code in the table's systems (tests/test_startup.py keeps them so): a
# value of another shape, e.g. the TRF16 092 text "FIDE Dutch System (2026)", selects none of
# them, so ``for_code`` need not import them to say so.
_CODE = re.compile(r"[A-Z0-9_]+")


class SystemUnavailable(PairchkError):
    """The pairing system named is known but cannot be loaded in this installation."""


def register(system: "System") -> "System":
    """Add ``system`` under its ``name`` (replacing any system of that name); returns it."""
    _registered[system.name] = system
    return system


def names() -> tuple[str, ...]:
    """CLI names of every known system: the table first, then those registered at run time."""
    return tuple(dict.fromkeys([*MODULES, *_registered]))


def get(name: str) -> "System":
    """The system called ``name`` (its CLI name).

    >>> get("nosuch")
    Traceback (most recent call last):
    ...
    pairchk.errors.PairchkError: unknown pairing system 'nosuch'; known systems: dutch, dubov, berger, rutsch, travel-partner, knockout, club, team, team-berger, burstein, lim, double-swiss
    """
    if name in _registered:
        return _registered[name]
    modname = MODULES.get(name)
    if modname is None:
        raise PairchkError(f"unknown pairing system {name!r}; known systems: {', '.join(names())}")
    try:
        mod = importlib.import_module(modname)
    except ModuleNotFoundError as exc:
        raise SystemUnavailable(
            f"pairing system {name!r} is not available in this installation ({exc.name} is missing)"
        ) from None
    system = getattr(mod, "SYSTEM", None)
    if system is None or system.name != name:
        raise SystemUnavailable(f"module {modname} defines no SYSTEM named {name!r}")
    return register(system)


def for_code(code: str) -> "System | None":
    """The system a TRF26 192 code (or a code written into TRF16 092) selects, or None.

    Case and surrounding blanks are ignored. Systems that fail to load are skipped.
    """
    key = code.strip().upper()
    if not key:
        return None
    named = key.lower().replace(" ", "-")
    if named in names():  # 092 "club": the registry's own name
        try:
            return get(named)
        except SystemUnavailable:
            return None
    shaped = _CODE.fullmatch(key) is not None
    for name in names():
        if not shaped and name not in _registered:
            continue  # free text is no code of a table system: do not import every engine
        try:
            system = get(name)
        except SystemUnavailable:
            continue
        if key in system.codes:
            return system
    return None


def for_text(text: str) -> "System | None":
    """The system a free text names (a TRF16 092 text, a format's own system field), or None.

    The words of :data:`TEXT_NAMES` are tried in order, ignoring case.
    """
    return next((get(name) for words, name in TEXT_NAMES if re.search(words, text, re.I)), None)


def names_unpairable(text: str) -> bool:
    """True when a free text names a system pairchk recognises but cannot pair."""
    return re.search(UNPAIRABLE_TEXT, text, re.I) is not None


def default(team: bool = False, round_robin: bool = False) -> tuple["System", str]:
    """The system for a file that declares none, and how the reports name it.

    An individual file: the FIDE Dutch system. A team file: the FIDE Swiss team system, or
    Berger tables for teams when its teams meet as in a round robin (``round_robin``).

    >>> [(s.name, words) for s, words in (default(), default(team=True))]
    [('dutch', 'the FIDE Dutch system'), ('team', 'the FIDE Swiss team system (C.04.6)')]
    """
    if not team:
        return get("dutch"), "the FIDE Dutch system"
    if round_robin:
        return get("team-berger"), "Berger tables for teams"
    return get("team"), "the FIDE Swiss team system (C.04.6)"


def citations(system: "System", edition: str) -> "Citations":
    """The articles explanations cite for ``system``'s colour allocation and generation order.

    A system gives them with its optional ``citations(edition)``
    (:class:`pairchk.system.Citations`); a system without it is cited by its title.

    >>> citations(get("dutch"), "2017").colour_allocation
    'C.04.3 E.1-E.5 (2017)'
    >>> citations(get("dubov"), "2026").generation_order
    'the FIDE Dubov system (C.04.4.1)'
    """
    from ..system import Citations

    own = getattr(system, "citations", None)
    if callable(own):
        return own(edition)
    return Citations(f"of the {system.title}", f"the {system.title}")
