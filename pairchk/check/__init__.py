"""The check room: re-derive every round with its pairing system and say where and why the
published round differs.

Owns :func:`check` and :func:`pair` (the library entry points behind ``pairchk check`` and
``pairchk pair``), the comparison of a published round with the reference, the wording of
violations and explanations, the text/JSON/HTML reports and batch runs over many files.

May import: the root foundations (model, errors, state, system, pairing, acceleration, teams,
output, validate), :mod:`pairchk.formats` (to read files in a batch), :mod:`pairchk.systems`
through its registry only (never a system module by name) and :mod:`pairchk.standings` (the
HTML report's standings). Never imports :mod:`pairchk.cli`.

``pairchk.check`` is both this package and the function :func:`check`: the package is
callable, so ``pairchk.check(tournament)`` keeps working however it was imported.

>>> import pairchk
>>> from pairchk.model import Tournament
>>> pairchk.check(Tournament(), path="empty.trf").verdict
'ok'
"""

from __future__ import annotations

import sys
import types
from typing import Any

from .checker import check, pair

__all__ = ["check", "pair"]


class _CallableRoom(types.ModuleType):
    """``pairchk.check(...)`` calls :func:`check`: the room and the function share the name."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return check(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableRoom
