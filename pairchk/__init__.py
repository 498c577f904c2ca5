"""pairchk: read, convert and check chess tournament files.

The library entry points are :func:`check` (re-pair every round of a tournament with its
pairing system and explain each deviation) and :func:`pair` (pair the next round); the
``pairchk check`` and ``pairchk pair`` commands call exactly these. They are imported lazily so
that ``import pairchk`` stays cheap.

>>> import pairchk
>>> from pairchk.model import Tournament
>>> pairchk.check(Tournament(), path="empty.trf").verdict
'ok'
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["check", "pair", "__version__"]


def __getattr__(name: str) -> Any:
    if name in ("check", "pair"):
        from .check import checker

        return getattr(checker, name)
    raise AttributeError(f"module 'pairchk' has no attribute {name!r}")
