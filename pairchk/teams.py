"""The team layer: who played for which team, team matches, match and game points, per round.

A team file records board games (TRF 001 lines, Swiss-Chess and chess-results boards) plus team
data (TRF 013/310 rosters, TRF26 300 line-ups, 320 team PABs, 330 forfeited matches, 352 board
colours, 362 match-point scale). :func:`team_rounds` derives, once, what every team pairing
system and the checker read: per team and round the opposing team, the team's colour (the colour
of its first board, C.04.6 art. 1.6.1), game points, match points and whether the match was
played, forfeited or a pairing-allocated bye.

Decisions (C.04.6 2026 and C.04.2 2026 applied to teams):

* Board order is the round's line-up (TRF26 300) when the file has one, else the roster order
  (TRF 013/310, Swiss-Chess and chess-results team lists).
* A match is *played* when at least one board was played over the board; a match in which every
  board is a forfeit (or TRF26 330 says so) is a forfeited match: no colour, no meeting
  (C.04.2 art. 3.5), and a forfeit win bars the PAB (C.04.6 art. 2.1.2).
* The team colour is the colour of the first board that has one, turned into the board-1 colour
  by the board pattern (TRF26 352, default alternating ``WBWB``).
* Match points come from the game points: more is a won match. The scale is TRF26 362
  (default TW 2, TD 1, TL 0); a team PAB scores a drawn match (C.04.6 art. 1.4) unless TRF26
  320 says otherwise.

>>> from pairchk.model import Tournament, Player, Team, RoundEntry, Kind, Color
>>> w, b, d = (lambda o, c: RoundEntry(Kind.WIN, o, c)), (lambda o, c: RoundEntry(Kind.LOSS, o, c)), None
>>> t = Tournament(rounds=1, teams=(Team(1, "A", (1, 2)), Team(2, "B", (3, 4))), players=(
...     Player(1, entries=(w(3, Color.WHITE),)), Player(2, entries=(w(4, Color.BLACK),)),
...     Player(3, entries=(b(1, Color.BLACK),)), Player(4, entries=(b(2, Color.WHITE),))))
>>> r = team_rounds(t)[1][0]
>>> r.opponent, r.colour, str(r.game_points), str(r.match_points), r.played
(2, <Color.WHITE: 'w'>, '2', '2', True)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from .model import Color, Kind, RoundEntry, Tournament

DEFAULT_MATCH_POINTS = (Decimal(2), Decimal(1), Decimal(0))


@dataclass(frozen=True)
class Board:
    """One board of a team match: the team's player, the opponent and the game."""

    board: int  # 1-based position in the line-up
    player: int
    opponent: int | None
    colour: Color
    kind: Kind


@dataclass(frozen=True)
class TeamRound:
    """What one team did in one round."""

    round: int
    opponent: int | None  # opposing team; None for a PAB or when not paired
    colour: Color  # board-1 colour of a played match (C.04.6 1.6.1), else NONE
    scheduled: Color  # board-1 colour as scheduled (forfeits, games without a result yet)
    game_points: Decimal
    opponent_game_points: Decimal
    match_points: Decimal
    played: bool  # the match was played over the board (at least one board)
    forfeit: str  # "" | "+-" won by forfeit | "-+" lost by forfeit | "--" both
    pab: bool
    boards: tuple[Board, ...] = ()

    @property
    def paired(self) -> bool:
        return self.opponent is not None or self.pab


def is_team_event(t: Tournament) -> bool:
    """True when ``t`` has teams and the teams hold players."""
    return bool(t.teams) and any(tm.members for tm in t.teams)


def team_of(t: Tournament) -> dict[int, int]:
    """Player number -> team number (rosters first, then the players' own team field)."""
    out: dict[int, int] = {}
    for tm in t.teams:
        for m in tm.members:
            out.setdefault(m, tm.number)
    for p in t.players:
        if p.team is not None:
            out.setdefault(p.number, p.team)
    return out


def match_point_scale(t: Tournament) -> tuple[Decimal, Decimal, Decimal]:
    """(win, draw, loss) match points from TRF26 362 ``TW 2 TD 1 TL 0``; default 2/1/0.

    >>> from pairchk.model import Tournament
    >>> match_point_scale(Tournament(team_scoring="TW 3.0   TD 1.0   TL 0.0"))
    (Decimal('3.0'), Decimal('1.0'), Decimal('0.0'))
    """
    values = dict(re.findall(r"\b(TW|TD|TL)\s+(-?\d+(?:\.\d+)?)", t.team_scoring or "", re.I))
    values = {k.upper(): Decimal(v) for k, v in values.items()}
    w, d, lo = DEFAULT_MATCH_POINTS
    return values.get("TW", w), values.get("TD", d), values.get("TL", lo)


def board_pattern(t: Tournament) -> str:
    """Board colours of the first team listed (TRF26 352), default alternating from White."""
    pat = "".join(c for c in (t.board_colors or "").upper() if c in "WB")
    return pat or "WB"


def _board1_colour(colour: Color, board: int, pattern: str) -> Color:
    """The board-1 colour of a team whose board ``board`` (1-based) had ``colour``."""
    if colour is Color.NONE:
        return colour
    same = pattern[(board - 1) % len(pattern)] == pattern[0]
    return colour if same else colour.opposite


def _lineup(t: Tournament, rnd: int, team: int, roster: tuple[int, ...]) -> tuple[int, ...]:
    for lu in t.lineups:
        if lu.round == rnd and lu.team == team:
            return lu.players
    return roster


def team_rounds(t: Tournament) -> dict[int, list[TeamRound]]:
    """Every team's rounds ``1..n`` (n = the rounds recorded), derived as the module says."""
    n = max(t.played_rounds, max((m.round for m in t.team_matches), default=0))
    owner = team_of(t)
    by_number = t.by_number
    pattern = board_pattern(t)
    mp = match_point_scale(t)
    out: dict[int, list[TeamRound]] = {}
    for tm in t.teams:
        out[tm.number] = [
            _team_round(t, rnd, tm.number, _lineup(t, rnd, tm.number, tm.members), owner,
                        by_number, pattern)
            for rnd in range(1, n + 1)
        ]
    _fill_points(t, out, mp)
    return out


def _team_round(t, rnd, team, lineup, owner, by_number, pattern) -> TeamRound:
    boards: list[Board] = []
    for i, number in enumerate(lineup, 1):
        p = by_number.get(number)
        if p is None:  # 0000: an empty board
            continue
        e = p.entry(rnd)
        if e.kind is Kind.NOT_PAIRED:
            continue
        boards.append(Board(i, number, e.opponent, e.color, e.kind))
    opp_teams = Counter(owner.get(b.opponent) for b in boards
                        if b.kind.has_opponent and b.opponent is not None)
    opp_teams.pop(None, None)
    declared = [m for m in t.team_matches if m.round == rnd and team in (m.home, m.away)]
    opponent = opp_teams.most_common(1)[0][0] if opp_teams else None
    pab = False
    forfeit = ""
    for m in declared:
        if m.away is None and m.home == team:
            pab = opponent is None
        elif opponent is None:
            opponent = m.away if m.home == team else m.home
        if m.forfeit and m.away is not None:
            forfeit = m.forfeit if m.home == team else m.forfeit[::-1]
    if opponent is None and not pab and boards and all(b.kind is Kind.PAB for b in boards):
        pab = True
    played = any(b.kind.played for b in boards)
    if opponent is not None and not played and not forfeit:
        wins = any(b.kind is Kind.FORFEIT_WIN for b in boards)
        losses = any(b.kind is Kind.FORFEIT_LOSS for b in boards)
        if wins or losses:
            forfeit = "+-" if wins and not losses else "-+" if losses and not wins else "--"
    if forfeit:
        played = False
    colour = scheduled = Color.NONE
    first = next((b for b in boards if b.kind.has_opponent and b.colour is not Color.NONE), None)
    if first is not None and opponent is not None:
        scheduled = _board1_colour(first.colour, first.board, pattern)
    if played:
        first = next((b for b in boards if b.kind.played and b.colour is not Color.NONE), None)
        if first is not None:
            colour = _board1_colour(first.colour, first.board, pattern)
    return TeamRound(rnd, opponent, colour, scheduled, Decimal(0), Decimal(0), Decimal(0), played,
                     forfeit, pab, tuple(boards))


def _fill_points(t: Tournament, out: dict[int, list[TeamRound]],
                 mp: tuple[Decimal, Decimal, Decimal]) -> None:
    by_number = t.by_number
    gp: dict[tuple[int, int], Decimal] = {}
    for team, rounds in out.items():
        for r in rounds:
            gp[team, r.round] = sum((t.scoring.points(by_number[b.player].entry(r.round))
                                     for b in r.boards), Decimal(0))
    win, draw, loss = mp
    pab_mp = t.team_pab_match_points
    if pab_mp is None:
        pab_mp = _inferred_pab_points(t, out, gp, mp)
    byes = {(b.round, n): b.kind.value for b in t.declared_byes for n in b.players}
    boards = len(board_pattern(t)) if t.board_colors else 0
    for team, rounds in out.items():
        for i, r in enumerate(rounds):
            own = gp[team, r.round]
            bye = byes.get((r.round, team)) if not r.paired else None
            if bye in ("F", "H"):  # TRF26 240: a team's full- or half-point bye
                full = bye == "F"
                rounds[i] = _with(r, Decimal(boards) if full else Decimal(boards) / 2, Decimal(0),
                                  win if full else draw)
                continue
            if r.pab:
                own = t.team_pab_game_points if t.team_pab_game_points is not None else own
                rounds[i] = _with(r, own, Decimal(0), pab_mp)
                continue
            if r.opponent is None:
                rounds[i] = _with(r, own, Decimal(0), Decimal(0))
                continue
            theirs = gp.get((r.opponent, r.round), Decimal(0))
            if r.forfeit in ("+-", "-+", "--"):
                points = win if r.forfeit == "+-" else loss
            else:
                points = win if own > theirs else draw if own == theirs else loss
            rounds[i] = _with(r, own, theirs, points)


def _inferred_pab_points(t: Tournament, out: dict[int, list[TeamRound]],
                         gp: dict[tuple[int, int], Decimal],
                         mp: tuple[Decimal, Decimal, Decimal]) -> Decimal:
    """Match points of a team PAB when the file does not say (TRF26 320 absent): a drawn match
    (C.04.6 art. 1.4), unless the declared team totals are met only by a won match."""
    win, draw, _ = mp
    declared = {tm.number: tm.match_points for tm in t.teams if tm.match_points is not None}
    pab_teams = {team for team, rounds in out.items() if any(r.pab for r in rounds)}
    if not declared or not pab_teams & declared.keys():
        return draw
    fits = []
    for value in (draw, win):
        trial = dict(out)
        ok = True
        for team in pab_teams & declared.keys():
            total = Decimal(0)
            for r in trial[team]:
                if r.pab:
                    total += value
                elif r.opponent is not None:
                    own, theirs = gp[team, r.round], gp.get((r.opponent, r.round), Decimal(0))
                    total += (win if r.forfeit == "+-" else mp[2]) if r.forfeit else (
                        win if own > theirs else draw if own == theirs else mp[2])
            ok = ok and total == declared[team]
        if ok:
            fits.append(value)
    return fits[0] if len(fits) == 1 else draw


def _with(r: TeamRound, own: Decimal, theirs: Decimal, points: Decimal) -> TeamRound:
    from dataclasses import replace

    return replace(r, game_points=own, opponent_game_points=theirs, match_points=points)


@dataclass(frozen=True)
class LineupIssue:
    """A line-up rule the file breaks in one round (board order, one team per player, board
    colours down the boards)."""

    round: int
    team: int
    rule: str
    text: str
    players: tuple[int, ...] = ()
    severity: str = "note"  # "violation": a player in two teams; "note": order and colours


def lineup_issues(t: Tournament, history: dict[int, list[TeamRound]] | None = None) -> list[LineupIssue]:
    """What the file shows against the line-up rules of a team competition:

    * a player listed for two teams (rosters TRF 013/310, or fielded for another team);
    * board order not stable: a line-up that fields players in another order than the roster
      (competitions fix the board order before the event, e.g. FIDE Olympiad rules D.02.02);
    * board colours that do not follow the declared board pattern (TRF26 352) from the board-1
      colour of a played match (without a 352 record the pattern is not known: not checked).

    Only the first is a breach (``severity="violation"``); a TRF26 300 record may field players
    out of the roster order, and the board pattern is the competition's, so those are notes.

    >>> from pairchk.model import Tournament, Player, Team
    >>> lineup_issues(Tournament(teams=(Team(1, "A", (1, 2)), Team(2, "B", (2, 3)))))[0].text
    'player 2 is on the rosters of teams 1 A and 2 B'
    """
    history = history if history is not None else team_rounds(t)
    names = {tm.number: tm.name for tm in t.teams}
    out: list[LineupIssue] = []
    seen: dict[int, int] = {}
    for tm in t.teams:
        for m in tm.members:
            if m in seen and seen[m] != tm.number:
                out.append(LineupIssue(0, tm.number, "rosters (TRF 013/310)",
                                       f"player {m} is on the rosters of teams {seen[m]} "
                                       f"{names.get(seen[m], '')} and {tm.number} {tm.name}".rstrip(),
                                       (m,), "violation"))
            seen.setdefault(m, tm.number)
    pattern = board_pattern(t)
    rosters = {tm.number: tm.members for tm in t.teams}
    for team, rounds in history.items():
        order = {p: i for i, p in enumerate(rosters.get(team, ()))}
        for r in rounds:
            fielded = [b.player for b in r.boards if b.kind.has_opponent or b.kind.played]
            ranks = [order[p] for p in fielded if p in order]
            if ranks != sorted(ranks):
                out.append(LineupIssue(r.round, team, "board order",
                                       f"team {team} {names.get(team, '')}: round {r.round} "
                                       f"fields {', '.join(map(str, fielded))} out of the roster "
                                       "order", tuple(fielded)))
            if t.board_colors and r.played and r.colour is not Color.NONE:
                wrong = [b.player for b in r.boards if b.kind.played and b.colour is not Color.NONE
                         and _board1_colour(b.colour, b.board, pattern) is not r.colour]
                if wrong:
                    out.append(LineupIssue(r.round, team, "board colours (TRF26 352)",
                                           f"team {team} {names.get(team, '')}: round {r.round} "
                                           f"board colours break the pattern {pattern} for "
                                           f"player(s) {', '.join(map(str, wrong))}",
                                           tuple(wrong)))
    return out


def as_team_tournament(t: Tournament, history: dict[int, list[TeamRound]] | None = None) -> Tournament:
    """The event seen at team level: one "player" per team (its number and name), one entry per
    round — the opposing team, the board-1 colour (C.04.6 1.6.1) and the match result (won,
    drawn, lost; forfeited matches as forfeits, the team PAB as a PAB) — scored in match points
    (TRF26 362). Fixed-schedule systems and tie-breaks read team events through it.

    >>> from pairchk.model import Tournament, Player, Team, RoundEntry, Kind, Color
    >>> t = Tournament(rounds=1, teams=(Team(1, "A", (1,)), Team(2, "B", (2,))), players=(
    ...     Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.BLACK),)),
    ...     Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.WHITE),))))
    >>> tt = as_team_tournament(t)
    >>> [(p.number, p.name, p.entries[0].kind.value, p.entries[0].color.value) for p in tt.players]
    [(1, 'A', '1', 'b'), (2, 'B', '0', 'w')]
    >>> str(tt.scoring.win), str(tt.scoring.draw)
    ('2', '1')
    """
    from dataclasses import replace as _replace

    from .model import Player, ScoreSystem

    history = history if history is not None else team_rounds(t)
    win, draw, loss = match_point_scale(t)
    pab = t.team_pab_match_points if t.team_pab_match_points is not None else draw
    byes = {(b.round, n): b.kind for b in t.declared_byes for n in b.players}
    players = []
    for tm in t.teams:
        entries = []
        for r in history.get(tm.number, []):
            entries.append(_team_entry(r, byes.get((r.round, tm.number))))
        players.append(Player(tm.number, name=tm.name, entries=tuple(entries)))
    scoring = ScoreSystem(win=win, draw=draw, loss=loss, forfeit_win=win, forfeit_loss=loss,
                          pab=pab, full_bye=win, half_bye=draw)
    return _replace(t, players=tuple(players), teams=(), lineups=(), team_matches=(),
                    scoring=scoring, declared_byes=(), acceleration=())


def _team_entry(r: TeamRound, bye) -> RoundEntry:
    if r.pab:
        return RoundEntry(Kind.PAB)
    if r.opponent is None:
        if bye is not None:
            return RoundEntry(Kind(bye.value))
        return RoundEntry(Kind.ABSENT if r.boards else Kind.NOT_PAIRED)
    if r.forfeit:
        kind = Kind.FORFEIT_WIN if r.forfeit == "+-" else Kind.FORFEIT_LOSS
        return RoundEntry(kind, r.opponent, Color.NONE)
    if r.game_points > r.opponent_game_points:
        kind = Kind.WIN
    elif r.game_points == r.opponent_game_points:
        kind = Kind.DRAW
    else:
        kind = Kind.LOSS
    return RoundEntry(kind, r.opponent, r.colour)


def boards_per_match(t: Tournament) -> int:
    """Players per match: the longest line-up, else the most games a team had in a round."""
    if t.lineups:
        return max(len([x for x in lu.players if x]) for lu in t.lineups)
    owner = team_of(t)
    best = 0
    for r in range(1, t.played_rounds + 1):
        count: dict[int, int] = {}
        for p in t.players:
            if p.entry(r).kind.has_opponent and p.number in owner:
                count[owner[p.number]] = count.get(owner[p.number], 0) + 1
        best = max([best, *count.values()])
    return best or 1
