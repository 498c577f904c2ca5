"""FIDE TRF-2026 ("TRF26"): the ``trf`` reader, and the writer with TRF26 records as defaults.

A file is TRF26 when it has any record that only TRF26 defines (142-362, ``###`` comments,
national-rating lines); the reader is the same for every version (``pairchk.formats.trf``).

>>> from pairchk.model import Tournament, Player
>>> print(dump(Tournament(name="X", rounds=9, players=(Player(1, "A"),))).data.decode().splitlines()[1])
142 9
"""

from __future__ import annotations

from . import Dumped
from .trf import TRF26_TAGS, decode, has_trf26_records, is_trf, load, parse_player  # noqa: F401  (one reader)
from .trf_write import dump as _dump

NAME = "trf26"
EXTENSIONS = (".trf26",)
CAN_READ = True
CAN_WRITE = True
CANNOT_CARRY: list[str] = ["player.club", "player.status", "player.extra"]
CARRIES_GAMES = True  # a match of two games keeps both (RoundEntry.games)


def detect(data: bytes) -> bool:
    """TRF content with at least one TRF26-only record in the first 64 KiB."""
    return is_trf(data) and has_trf26_records(data)


def dump(t, **options) -> Dumped:
    """Write TRF26: 142/152/162/192/250/260/240/310 instead of the TRF(x) XX records."""
    options.pop("version", None)
    return _dump(t, version="trf26", **options)


__all__ = ["NAME", "detect", "load", "dump"]
