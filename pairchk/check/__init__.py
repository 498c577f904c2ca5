"""The check room: re-derive every round with its pairing system and say where and why the
published round differs.

Owns :func:`check` and :func:`pair` (the library entry points behind ``pairchk check`` and
``pairchk pair``, in :mod:`.checker`, which only orchestrates) and, one concern a module:

* :mod:`.standin` — stand-in byes ("spielfrei" players) read as the byes they stand for;
* :mod:`.resolve` — which system, edition and acceleration a file is checked under, and why;
* :mod:`.rounds` — one round checked against the reference, as a ``RoundReport``;
* :mod:`.compare` — what differs between the published round and the reference;
* :mod:`.violations` — the absolute rules every system shares and the wording of breaches;
* :mod:`.explain` — the verdict and why, where the pairings part, who gains or loses what;
* :mod:`.table` — the round's table (``--explain N``);
* :mod:`.report`, :mod:`.html` — the text/JSON and HTML reports; :mod:`.batch` — many files.

Layers, each module importing only from those before it: standin, resolve, compare, report,
html; violations; explain; rounds, table; checker; batch.

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
