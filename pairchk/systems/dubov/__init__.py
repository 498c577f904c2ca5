"""The FIDE Dubov system, C.04.4.1: the 2026 text (:mod:`.pair`) and the 1997 text as the
sources translate it (:mod:`.edition1997`), sharing :mod:`.rules` (colour preferences,
legality, colour allocation). :mod:`.system` is the System adapter (``SYSTEM``).
"""

from .system import SYSTEM

__all__ = ["SYSTEM"]
