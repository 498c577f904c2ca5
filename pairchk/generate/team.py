"""Random team events for tests and for other programs' authors (the team side of the RTG).

:func:`generate_team` plays a whole Swiss team event paired by C.04.6 (the 2026 text, or the
2024 one with ``edition="2024"``)
(:mod:`pairchk.systems.team.swiss`): ``teams`` teams of ``boards`` players plus reserves, ratings
drawn realistically and sorted down the boards, a line-up per round (a reserve sometimes comes
in; board order stays the roster order), board colours alternating down the boards from the
team's board-1 colour (TRF26 352 ``WBWB``), board results from the Elo expectation plus a draw
rate, and now and then a forfeited board or a forfeited match. The result is a pure function of
:class:`TeamSettings`: the same seed gives the same event.

>>> t = generate_team(TeamSettings(teams=7, boards=4, rounds=3, seed=1))
>>> len(t.teams), t.played_rounds, t.system
(7, 3, 'FIDE_TEAM_TYPEA_MP_GP')
>>> generate_team(TeamSettings(teams=7, boards=4, rounds=3, seed=1)) == t
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal

from ..errors import PairchkError
from ..model import Color, Kind, Lineup, Player, RoundEntry, Team, TeamMatch, Tournament
from ..pairing import RoundPairing


@dataclass(frozen=True)
class TeamSettings:
    """What to generate. ``preferences`` is the C.04.6 colour-preference type ("A", "B" or
    "" for none); rates are probabilities in [0, 1]."""

    teams: int = 10
    boards: int = 4
    rounds: int = 7
    seed: int = 0
    reserves: int = 1
    draw_rate: float = 0.3
    reserve_rate: float = 0.15
    board_forfeit_rate: float = 0.02
    match_forfeit_rate: float = 0.0
    preferences: str = "A"
    edition: str | None = None  # C.04.6 edition ("2026", "2024"); None: the text in force

    def validate(self) -> None:
        if not 2 <= self.teams <= 999:
            raise PairchkError(f"--teams {self.teams}: expected 2 to 999 teams")
        if not 1 <= self.boards <= 20:
            raise PairchkError(f"--boards {self.boards}: expected 1 to 20 boards")
        if not 1 <= self.rounds <= 99:
            raise PairchkError(f"--rounds {self.rounds}: expected 1 to 99 rounds")
        most = self.teams - 1 + self.teams % 2
        if self.rounds > most:
            raise PairchkError(f"--rounds {self.rounds} for {self.teams} teams: at most {most}"
                               " rounds can be paired (after that every team has met every other)")
        if self.preferences not in ("A", "B", ""):
            raise PairchkError(f"colour preferences {self.preferences!r}: expected A, B or none")
        if self.edition is not None:
            from ..systems import get

            get("team").select_edition(Tournament(), self.edition)  # refuses an unknown one


def _code(s: TeamSettings) -> str:
    return {"A": "FIDE_TEAM_TYPEA_MP_GP", "B": "FIDE_TEAM_TYPEB_MP_GP", "": "FIDE_TEAM_MP_GP"}[
        s.preferences]


def initial_event(s: TeamSettings, rng: random.Random) -> Tournament:
    """Teams ordered by average rating (TPN 1 strongest), players by team and board."""
    size = s.boards + s.reserves
    rosters = []
    for _ in range(s.teams):
        centre = rng.gauss(1900, 250)
        ratings = sorted((min(2850, max(1001, 5 * round(rng.gauss(centre, 120) / 5)))
                          for _ in range(size)), reverse=True)
        rosters.append(ratings)
    rosters.sort(key=lambda r: -sum(r[: s.boards]))
    players, teams = [], []
    for ti, ratings in enumerate(rosters, 1):
        members = []
        for bi, rating in enumerate(ratings, 1):
            number = (ti - 1) * size + bi
            members.append(number)
            players.append(Player(number, name=f"Team{ti:03d} Board{bi:02d}", rating=rating,
                                  team=ti))
        teams.append(Team(ti, f"Team {ti:03d}", tuple(members)))
    # the 2024 text applied 1 Aug 2024 - 31 Jan 2026: the event is dated so that a check of the
    # file chooses the edition it was paired with
    dated = "2025-03-01" if s.edition == "2024" else ""
    return Tournament(name="pairchk generated team event", rounds=s.rounds, system=_code(s),
                      start_date=dated,
                      teams=tuple(teams), players=tuple(players), board_colors=("WB" * s.boards)[: s.boards],
                      team_scoring="TW 2.0   TD 1.0   TL 0.0", initial_color=Color.WHITE,
                      declared_teams=s.teams, team_pab_match_points=Decimal(1),
                      team_pab_game_points=Decimal(s.boards) / 2)


def _lineup(s: TeamSettings, rng: random.Random, team: Team) -> tuple[int, ...]:
    members = list(team.members)
    out = members[: s.boards]
    if s.reserves and rng.random() < s.reserve_rate:
        out.pop(rng.randrange(len(out)))
        out.append(members[s.boards + rng.randrange(s.reserves)])
        out.sort(key=members.index)  # board order stays the roster order
    return tuple(out)


def _game(s: TeamSettings, rng: random.Random, white: Player, black: Player) -> tuple[Kind, Kind]:
    if rng.random() < s.board_forfeit_rate:
        return (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS) if rng.random() < 0.5 else (
            Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN)
    if rng.random() < s.draw_rate:
        return Kind.DRAW, Kind.DRAW
    e = 1 / (1 + 10 ** (((black.rating or 1400) - (white.rating or 1400)) / 400))
    return (Kind.WIN, Kind.LOSS) if rng.random() < e else (Kind.LOSS, Kind.WIN)


def play_round(s: TeamSettings, rng: random.Random, t: Tournament,
               pairing: RoundPairing) -> Tournament:
    """``t`` with round ``pairing.round`` played: line-ups, board games, the team PAB."""
    rnd = pairing.round
    teams = {tm.number: tm for tm in t.teams}
    by_number = t.by_number
    entries: dict[int, RoundEntry] = {}
    lineups, matches = list(t.lineups), list(t.team_matches)
    for pair in pairing.pairs:
        home, away = _lineup(s, rng, teams[pair.white]), _lineup(s, rng, teams[pair.black])
        lineups += [Lineup(rnd, pair.white, home, pair.black), Lineup(rnd, pair.black, away, pair.white)]
        forfeit = rng.random() < s.match_forfeit_rate
        if forfeit:
            matches.append(TeamMatch(rnd, pair.white, pair.black, "+-"))
        for board, (a, b) in enumerate(zip(home, away)):
            white, black = (a, b) if board % 2 == 0 else (b, a)
            if forfeit:
                ka, kb = Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS
                kw, kbk = (ka, kb) if white == a else (kb, ka)
            else:
                kw, kbk = _game(s, rng, by_number[white], by_number[black])
            # a forfeited board keeps the colour it was scheduled with (TRF writes it)
            entries[white] = RoundEntry(kw, black, Color.WHITE)
            entries[black] = RoundEntry(kbk, white, Color.BLACK)
    if pairing.bye is not None:
        matches.append(TeamMatch(rnd, pairing.bye, None))
        for n in _lineup(s, rng, teams[pairing.bye]):
            entries[n] = RoundEntry(Kind.PAB)
    players = []
    for p in t.players:
        e = entries.get(p.number, RoundEntry(Kind.ABSENT))  # a reserve not fielded: absent
        players.append(p.replace(entries=tuple(p.entries) + (e,)))
    return t.replace(players=tuple(players), lineups=tuple(lineups), team_matches=tuple(matches))


def generate_team(s: TeamSettings) -> Tournament:
    """A whole team event, every round paired by the C.04.6 engine (see the module docstring).

    Stops early, with the rounds played so far, when a round cannot be paired.
    """
    from ..system import UnpairableError
    from ..systems.team import swiss as team_swiss

    s.validate()
    rng = random.Random(s.seed)
    t = initial_event(s, rng)
    for rnd in range(1, s.rounds + 1):
        try:
            pairing = team_swiss.pair(team_swiss.round_state(t, rnd, edition=s.edition or "2026"))
        except UnpairableError:
            break
        t = play_round(s, rng, t, pairing)
    return _with_totals(t)


def _with_totals(t: Tournament) -> Tournament:
    from ..teams import team_rounds

    history = team_rounds(t)
    teams = tuple(tm.__class__(tm.number, tm.name, tm.members,
                               match_points=sum((r.match_points for r in history[tm.number]), Decimal(0)),
                               game_points=sum((r.game_points for r in history[tm.number]), Decimal(0)))
                  for tm in t.teams)
    return t.replace(teams=teams)
