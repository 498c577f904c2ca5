"""The standings room: C.07 tie-breaks (individual and team), ranking with ties, the check of
published ranks, and the standings report (text, JSON, CSV, xlsx, HTML).

:mod:`.tiebreak` holds the individual tie-breaks, :mod:`.team` the scalar team codes,
:mod:`.team_board` those that read single boards or the tied group, :mod:`.ranking` ranks and
checks published ranks, :mod:`.report` renders, :mod:`.ratingtables` holds the B.02 tables.

May import: the root foundations (model, errors, teams, pairing). Never imports a pairing
system, :mod:`pairchk.check` or :mod:`pairchk.cli`. Pure: no I/O except in :mod:`.report`'s
file writers.
"""
