"""Team round robins (Berger tables for teams, C.05 Annex 1 applied to teams).

A team league or team round robin pairs teams by the Berger tables: the event is read at team
level (:func:`pairchk.teams.as_team_tournament`: one entry per team and round, the board-1
colour as the team's colour, C.04.6 art. 1.6.1) and checked exactly as an individual Berger
round robin, including the search for a numbering under which the file is a Berger table
(leagues often number teams by club, not by Berger number). The travel-partner league of the
sources is :mod:`pairchk.systems.travel_partner`.

>>> SYSTEM.name, SYSTEM.teams, SYSTEM.fixed
('team-berger', True, True)
"""

from __future__ import annotations

from ...model import Tournament
from ...teams import as_team_tournament
from ..berger import BergerSystem


class TeamBergerSystem(BergerSystem):
    """The Berger round robin of teams."""

    name = "team-berger"
    title = "Team round robin (Berger tables, C.05 Annex 1)"
    codes = ("TEAM_ROUNDROBIN", "TEAM_DOUBLEROUNDROBIN", "FIDE_TEAM_ROUNDROBIN",
             "FIDE_TEAM_DOUBLEROUNDROBIN", "BERGER_TEAM_ROUNDROBIN")
    teams = True

    def plan(self, t: Tournament):
        return super().plan(as_team_tournament(t))


SYSTEM = TeamBergerSystem()
