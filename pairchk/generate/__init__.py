"""The generate room: the random tournament generator (RTG) that FIDE asks of an endorsed
pairing program (C.04.A), for individual events (:mod:`.individual`) and team events
(:mod:`.team`).

A generated event is paired round by round by the same System objects the checker uses, so a
generated file checks clean by construction. May import: the root foundations,
:mod:`pairchk.systems` (through the registry), :func:`pairchk.check.pair` (every round is
paired by the library entry the checker uses), :mod:`pairchk.standings` (declared totals) and
:mod:`pairchk.formats` (to write). Never imports :mod:`pairchk.cli`.
"""
