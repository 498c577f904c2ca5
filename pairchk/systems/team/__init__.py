"""Team pairing systems: the FIDE Swiss team system C.04.6 (:mod:`.swiss`, registered as
``team``; ``SYSTEM`` here) and team round robins on Berger tables (:mod:`.roundrobin`,
registered as ``team-berger``).
"""

from .swiss import SYSTEM

__all__ = ["SYSTEM"]
