"""Pairing systems: one module per system, pure functions from history to a pairing; no I/O.

Each module defines ``NAME`` and is looked up by :func:`get`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import PairchkError

# CLI name -> module name
SYSTEMS = {
    "dutch": "dutch",
    "berger": "berger",
    "rutsch": "rutsch",
    "travel-partner": "travel_partner",
    "knockout": "knockout",
    "club": "club",  # the club Swiss of seed 004
    "dubov": "dubov",  # FIDE C.04.4.1, editions 2026 and 1997 (module exposes SYSTEM)
}


def get(name: str) -> ModuleType:
    try:
        modname = SYSTEMS[name]
    except KeyError:
        raise PairchkError(
            f"unknown pairing system {name!r}; known systems: {', '.join(SYSTEMS)}"
        ) from None
    return importlib.import_module(f"{__name__}.{modname}")
