"""The FIDE Burstein system, C.04.4.2 (2026 text): the Index and colour rules (:mod:`.rules`),
the engine after the seeding rounds (:mod:`.pair`), the System adapter (:mod:`.system`,
``SYSTEM``).
"""

from .system import SYSTEM

__all__ = ["SYSTEM"]
