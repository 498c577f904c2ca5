"""The FIDE Double-Swiss System, C.04.5 (2026 text): criteria, derived state and colours
(:mod:`.rules`), the round and the System adapter (:mod:`.system`, ``SYSTEM``).
"""

from .system import SYSTEM

__all__ = ["SYSTEM"]
