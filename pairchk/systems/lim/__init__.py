"""The FIDE Lim system, C.04.4.3 (2026 text): derived state and shared rules (:mod:`.rules`),
the procedure for one round (:mod:`.pair`), the System adapter (:mod:`.system`, ``SYSTEM``).
"""

from .system import SYSTEM

__all__ = ["SYSTEM"]
