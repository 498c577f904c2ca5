"""The FIDE Dutch system, C.04.3, editions 2026 and 2017.

Read it article by article: :mod:`.criteria` defines each criterion once (C1-C21 of 2026,
C.1-C.19 of 2017), colour allocation and board order; :mod:`.tables` holds the round's tables
(compatibility [C1]-[C3], the PAB score [C5], completion [C4], pair penalties);
:mod:`.next_bracket` values a bracket's downfloaters ([C8]; 2017 C.7) and says where [C9]
applies; :mod:`.bracket` is one bracket (MaxPairs [C6], MDP sets by [C7]); :mod:`.structure`
searches its candidates in the generation order of art. 4 (S1/S2, exchanges, transpositions),
pruned by :mod:`.bounds`; :mod:`.exact` is the exact method (maximum-weight matching) that
search falls back on, with :mod:`.assignment` for its bipartite step; :mod:`.round` pairs a
whole round bracket by bracket; :mod:`.evaluate` values any complete pairing against the same
criteria; :mod:`.system` is the :class:`~pairchk.system.System` adapter, the only public entry
(``SYSTEM``).

Imports run one way (no cycle): criteria <- tables <- next_bracket <- bracket; tables <-
bounds; assignment <- exact; bracket, bounds, exact <- structure <- round <- system; evaluate
reads criteria, tables and next_bracket, and system reads evaluate.
"""

from .system import SYSTEM

__all__ = ["SYSTEM"]
