"""The FIDE Dutch system, C.04.3, editions 2026 and 2017.

Read it article by article: :mod:`.criteria` defines each criterion once (C1-C21 of 2026,
C.1-C.19 of 2017), colour allocation and board order; :mod:`.engine` pairs a round bracket by
bracket; :mod:`.exact` is the exact method (maximum-weight matching) the bracket search falls
back on; :mod:`.evaluate` values any complete pairing against the same criteria;
:mod:`.system` is the :class:`~pairchk.system.System` adapter, the only public entry (``SYSTEM``).
"""

from .system import SYSTEM

__all__ = ["SYSTEM"]
