"""The tournament model: plain, frozen data that every format reads into and writes from.

The model knows nothing about files or pairing engines. Points are :class:`decimal.Decimal`
so that values such as ``0.5`` or ``1.5`` add up exactly.

>>> from pairchk.model import Player, RoundEntry, Kind, Color
>>> p = Player(number=1, name="Carlsen, Magnus", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),))
>>> p.entry(1).kind.code
'1'
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Iterator


class Color(enum.Enum):
    """Colour of a game; ``NONE`` for byes and unplayed rounds without a colour."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> "Color":
        if self is Color.WHITE:
            return Color.BLACK
        if self is Color.BLACK:
            return Color.WHITE
        return Color.NONE


class Kind(enum.Enum):
    """What happened to one player in one round. Values are the TRF result codes.

    Every TRF result code maps to exactly one kind and back. ``ABSENT`` is the blank code
    (equivalent to ``Z`` for scoring, kept apart so that a file round-trips).
    ``NOT_PAIRED`` is a round with no entry at all (future rounds, or nothing recorded).
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    WIN_SHORT = "W"  # game lasted less than one move (not rated)
    DRAW_SHORT = "D"
    LOSS_SHORT = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAB = "U"  # pairing-allocated bye
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    ABSENT = " "
    NOT_PAIRED = ""
    # paired (opponent and colour known) but no result yet: an event in progress. TRF writes
    # it as an opponent and colour with a blank result code; it is no TRF code of its own.
    PENDING = "*"

    @property
    def code(self) -> str:
        return self.value

    @property
    def has_opponent(self) -> bool:
        """True when the entry names an opponent (played game or forfeit)."""
        return self in _WITH_OPPONENT

    @property
    def played(self) -> bool:
        """True for a game actually played over the board (counts for colours and meetings)."""
        return self in _PLAYED

    @property
    def is_forfeit(self) -> bool:
        return self in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)

    @property
    def is_bye(self) -> bool:
        return self in _BYES


_PLAYED = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.WIN_SHORT, Kind.DRAW_SHORT, Kind.LOSS_SHORT})
_WITH_OPPONENT = _PLAYED | {Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PENDING}
_BYES = frozenset({Kind.PAB, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT})

_KIND_BY_CODE = {k.value: k for k in Kind if k not in (Kind.NOT_PAIRED, Kind.PENDING)}


def kind_from_code(code: str) -> Kind:
    """Map a TRF result code (case-insensitive) to a :class:`Kind`.

    >>> kind_from_code("u")
    <Kind.PAB: 'U'>
    """
    key = code.upper() if code.strip() else " "
    try:
        return _KIND_BY_CODE[key]
    except KeyError:
        raise ValueError(f"unknown result code {code!r}") from None


@dataclass(frozen=True)
class RoundEntry:
    """One player's entry for one round.

    In a competition whose rounds are matches of two games (Double-Swiss, C.04.5) the entry
    stands for the match and ``games`` holds its two games, each with its own result and
    colour (see :func:`match_entry`); a bye is a whole match and has no games.
    """

    kind: Kind
    opponent: int | None = None
    color: Color = Color.NONE
    games: tuple["RoundEntry", ...] = field(default=(), repr=False)

    @property
    def played(self) -> bool:
        return self.kind.played

    @property
    def lacks_opponent(self) -> bool:
        """A game, played or still to be played, that names no opponent (TRF ``0000 - 1``):
        validate warns of it and the writers of games refuse it."""
        return self.opponent is None and (self.kind.played or self.kind is Kind.PENDING)

    @property
    def took_part(self) -> bool:
        """True when the player was paired in the round: a game or forfeit against a named
        opponent, the PAB, or a forfeit win. Pre-set byes and absences are not pairings."""
        return (self.kind.has_opponent and self.opponent is not None) or self.kind in (
            Kind.PAB,
            Kind.FORFEIT_WIN,
        )


NOT_PAIRED = RoundEntry(Kind.NOT_PAIRED)

# what the opponent scored in a game, seen from the player's own result code
_COMPLEMENT: dict[Kind, Decimal] = {
    Kind.WIN: Decimal(0), Kind.WIN_SHORT: Decimal(0), Kind.DRAW: Decimal("0.5"),
    Kind.DRAW_SHORT: Decimal("0.5"), Kind.LOSS: Decimal(1), Kind.LOSS_SHORT: Decimal(1),
    Kind.FORFEIT_WIN: Decimal(0), Kind.FORFEIT_LOSS: Decimal(1)}


def match_entry(opponent: int | None, games: tuple[RoundEntry, ...],
                theirs: tuple[RoundEntry, ...] | None = None) -> RoundEntry:
    """The entry of a match of several games against ``opponent`` (C.04.5 Preface).

    "A match ends by forfeit only if at least one player forfeits both games": a player who
    forfeited every game has a forfeit loss, one who won every game by forfeit a forfeit win;
    every other match is "regularly played" and is a win, draw or loss by the match score: the
    opponent's game points are those of ``theirs`` (the opponent's games) when given, else read
    off the player's own codes (a game both players forfeited is then not seen). A game without
    a result makes the match pending. The match's colour is the colour of its first game
    (C.04.5 art. 4.4).

    >>> W, B = Color.WHITE, Color.BLACK
    >>> m = match_entry(2, (RoundEntry(Kind.WIN, 2, W), RoundEntry(Kind.DRAW, 2, B)))
    >>> m.kind, m.color
    (<Kind.WIN: '1'>, <Color.WHITE: 'w'>)
    >>> match_entry(2, (RoundEntry(Kind.FORFEIT_LOSS, 2), RoundEntry(Kind.FORFEIT_LOSS, 2))).kind
    <Kind.FORFEIT_LOSS: '-'>
    >>> match_entry(2, (RoundEntry(Kind.FORFEIT_WIN, 2, B), RoundEntry(Kind.FORFEIT_LOSS, 2, W))).kind
    <Kind.DRAW: '='>
    >>> both_out = RoundEntry(Kind.FORFEIT_LOSS, 2, W)
    >>> match_entry(2, (both_out, RoundEntry(Kind.WIN, 2, B)),
    ...             theirs=(both_out, RoundEntry(Kind.LOSS, 1, W))).kind
    <Kind.WIN: '1'>
    """
    kinds = [g.kind for g in games]
    if not games or any(k not in _COMPLEMENT for k in kinds):
        kind = Kind.PENDING
    elif all(k is Kind.FORFEIT_LOSS for k in kinds):
        kind = Kind.FORFEIT_LOSS
    elif all(k is Kind.FORFEIT_WIN for k in kinds):
        kind = Kind.FORFEIT_WIN
    else:
        mine = sum((1 - _COMPLEMENT[k] for k in kinds), Decimal(0))
        if theirs is not None and all(g.kind in _COMPLEMENT for g in theirs):
            other = sum((1 - _COMPLEMENT[g.kind] for g in theirs), Decimal(0))
        else:
            other = sum((_COMPLEMENT[k] for k in kinds), Decimal(0))
        kind = Kind.WIN if mine > other else Kind.LOSS if mine < other else Kind.DRAW
    colour = games[0].color if games else Color.NONE
    if colour is Color.NONE and len(games) > 1:
        colour = games[1].color.opposite
    return RoundEntry(kind, opponent, colour, tuple(games))


def with_match_results(players: tuple["Player", ...]) -> tuple["Player", ...]:
    """``players`` with every match entry's result derived from both players' games
    (:func:`match_entry` with ``theirs``): a game both forfeited counts for neither."""
    by_number = {p.number: p for p in players}
    out = []
    for p in players:
        entries = list(p.entries)
        for i, e in enumerate(entries):
            q = by_number.get(e.opponent) if e.games and e.opponent is not None else None
            if q is not None:
                f = q.entry(i + 1)
                if f.opponent == p.number and f.games:
                    entries[i] = match_entry(e.opponent, e.games, f.games)
        out.append(p.replace(entries=tuple(entries)))
    return tuple(out)


def match_games(entry: RoundEntry, count: int = 2) -> tuple[RoundEntry, ...]:
    """The ``count`` game entries of a match entry, for writers of one entry per game: its
    games, or a bye or absence repeated in every game (byes apply only to whole matches).

    >>> match_games(RoundEntry(Kind.PAB))
    (RoundEntry(kind=<Kind.PAB: 'U'>, opponent=None, color=<Color.NONE: '-'>), RoundEntry(kind=<Kind.PAB: 'U'>, opponent=None, color=<Color.NONE: '-'>))
    """
    if entry.games:
        return entry.games + (NOT_PAIRED,) * (count - len(entry.games))
    if entry.kind.has_opponent and entry.opponent is not None:
        other = entry.color.opposite
        return tuple(RoundEntry(entry.kind, entry.opponent, entry.color if i % 2 == 0 else other)
                     for i in range(count))
    return (entry,) * count


class Status(enum.Enum):
    ACTIVE = "active"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True)
class Player:
    """A participant. ``number`` is the starting rank (TPN)."""

    number: int
    name: str = ""
    sex: str = ""  # "m", "w" or ""
    title: str = ""
    rating: int | None = None  # FIDE rating
    federation: str = ""
    fide_id: str = ""
    birth: str = ""  # "YYYY/MM/DD", "YYYY" or as found; see formats for normalisation
    points: Decimal | None = None  # as declared by the file; None when absent
    rank: int | None = None  # as declared by the file
    entries: tuple[RoundEntry, ...] = ()  # index 0 = round 1
    national_rating: int | None = None
    national_id: str = ""
    national_ratings: tuple["NationalRating", ...] = ()
    club: str = ""
    team: int | None = None  # team number, when in a team event
    status: Status = Status.ACTIVE
    extra: tuple[tuple[str, str], ...] = ()  # format-specific fields carried through

    def entry(self, rnd: int) -> RoundEntry:
        """The entry for round ``rnd`` (1-based); ``NOT_PAIRED`` beyond the recorded rounds."""
        if 1 <= rnd <= len(self.entries):
            return self.entries[rnd - 1]
        return NOT_PAIRED

    def replace(self, **changes) -> "Player":
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class NationalRating:
    """A TRF26 national-rating line (federation code in columns 1-3)."""

    federation: str
    rating: int | None = None
    origin: str = ""
    national_id: str = ""
    raw: str = ""


@dataclass(frozen=True)
class ScoreSystem:
    """Points for each kind of round entry. Defaults: 1 / ½ / 0, PAB = win."""

    win: Decimal = Decimal(1)
    draw: Decimal = Decimal("0.5")
    loss: Decimal = Decimal(0)
    forfeit_win: Decimal | None = None  # None: same as win
    forfeit_loss: Decimal = Decimal(0)
    pab: Decimal | None = None  # None: same as win
    full_bye: Decimal | None = None  # None: same as win
    half_bye: Decimal | None = None  # None: same as draw
    zero_bye: Decimal = Decimal(0)
    absent: Decimal = Decimal(0)
    # JaVaFo XXS distinguishes colours; None means "same as the colourless value".
    win_white: Decimal | None = None
    win_black: Decimal | None = None
    draw_white: Decimal | None = None
    draw_black: Decimal | None = None
    loss_white: Decimal | None = None
    loss_black: Decimal | None = None

    def points(self, entry: RoundEntry) -> Decimal:
        """Points that ``entry`` scores under this system (a match: the sum of its games)."""
        if entry.games:
            return sum((self.points(g) for g in entry.games), Decimal(0))
        k = entry.kind
        white = entry.color is Color.WHITE
        black = entry.color is Color.BLACK
        if k in (Kind.WIN, Kind.WIN_SHORT):
            return _pick(self.win_white if white else self.win_black if black else None, self.win)
        if k in (Kind.DRAW, Kind.DRAW_SHORT):
            return _pick(self.draw_white if white else self.draw_black if black else None, self.draw)
        if k in (Kind.LOSS, Kind.LOSS_SHORT):
            return _pick(self.loss_white if white else self.loss_black if black else None, self.loss)
        if k is Kind.FORFEIT_WIN:
            return _pick(self.forfeit_win, self.win)
        if k is Kind.FORFEIT_LOSS:
            return self.forfeit_loss
        if k is Kind.PAB:
            return _pick(self.pab, self.win)
        if k is Kind.FULL_BYE:
            return _pick(self.full_bye, self.win)
        if k is Kind.HALF_BYE:
            return _pick(self.half_bye, self.draw)
        if k is Kind.ZERO_BYE:
            return self.zero_bye
        if k is Kind.ABSENT:
            return self.absent
        return Decimal(0)

    @property
    def pab_value(self) -> Decimal:
        return _pick(self.pab, self.win)

    @property
    def is_standard(self) -> bool:
        return self == ScoreSystem()


def match_scoring(s: ScoreSystem, games: int = 2) -> ScoreSystem:
    """The match-level values of a competition whose rounds are matches of ``games`` games,
    where the file does not declare them: the PAB scores "as many points as if the player had
    played a match winning a game and drawing the other" (C.04.5 art. 1.4); a full-point bye
    the whole match, a half-point bye half of it.

    >>> m = match_scoring(ScoreSystem())
    >>> m.pab_value, m.points(RoundEntry(Kind.FULL_BYE)), m.points(RoundEntry(Kind.HALF_BYE))
    (Decimal('1.5'), Decimal('2'), Decimal('1.0'))
    """
    return dataclasses.replace(
        s, pab=_pick(s.pab, s.win * (games - 1) + s.draw),
        full_bye=_pick(s.full_bye, s.win * games), half_bye=_pick(s.half_bye, s.draw * games))


def fold_games(entries: tuple[RoundEntry, ...], games: int = 2) -> tuple[RoundEntry, ...]:
    """Entries of one game each (a file's columns) as match entries of ``games`` games: the
    games of a match against one opponent become its :attr:`RoundEntry.games`; a bye or an
    absence in every column of a match is the match's bye (C.04.5: byes apply only to matches).

    >>> W, B = Color.WHITE, Color.BLACK
    >>> m, = fold_games((RoundEntry(Kind.WIN, 2, W), RoundEntry(Kind.LOSS, 2, B)))
    >>> m.kind, len(m.games)
    (<Kind.DRAW: '='>, 2)
    >>> fold_games((RoundEntry(Kind.PAB), RoundEntry(Kind.PAB)))
    (RoundEntry(kind=<Kind.PAB: 'U'>, opponent=None, color=<Color.NONE: '-'>),)
    """
    out = []
    for i in range(0, len(entries), games):
        chunk = tuple(entries[i : i + games])
        chunk += (NOT_PAIRED,) * (games - len(chunk))
        named = [g for g in chunk if g.opponent is not None and g.kind.has_opponent]
        if named and all(g.opponent == named[0].opponent for g in named):
            out.append(match_entry(named[0].opponent, chunk))
        elif not named and all(g == chunk[0] for g in chunk):
            out.append(chunk[0])
        else:  # games of one match disagree: keep them, so nothing is lost (validate names it)
            out.append(RoundEntry(Kind.PENDING, named[0].opponent if named else None,
                                  chunk[0].color, chunk))
    while out and out[-1].kind is Kind.NOT_PAIRED:
        out.pop()
    return tuple(out)


def _pick(value: Decimal | None, default: Decimal) -> Decimal:
    return default if value is None else value


class ByeKind(enum.Enum):
    FULL = "F"
    HALF = "H"
    ZERO = "Z"


@dataclass(frozen=True)
class DeclaredBye:
    """A bye requested before a round is paired (TRF26 240, JaVaFo XXZ)."""

    round: int
    kind: ByeKind
    players: tuple[int, ...]


@dataclass(frozen=True)
class ForbiddenPair:
    """Players that must not be paired with each other (TRF26 260, JaVaFo XXP).

    ``first_round``/``last_round`` of ``None`` mean "every round".
    """

    players: tuple[int, ...]
    first_round: int | None = None
    last_round: int | None = None

    def applies(self, rnd: int) -> bool:
        return (self.first_round is None or rnd >= self.first_round) and (
            self.last_round is None or rnd <= self.last_round
        )


@dataclass(frozen=True)
class Acceleration:
    """Virtual points added to a player's score for pairing (TRF26 250, JaVaFo XXA).

    ``points[r-1]`` are the virtual points for round ``r``.
    """

    player: int
    points: tuple[Decimal, ...]
    # TRF26 250 also accelerates match points (team events); empty when none
    match_points: tuple[Decimal, ...] = ()

    def for_round(self, rnd: int) -> Decimal:
        return self.points[rnd - 1] if 1 <= rnd <= len(self.points) else Decimal(0)


@dataclass(frozen=True)
class Team:
    """A team of a team event (TRF 013 / TRF26 310)."""

    number: int
    name: str
    members: tuple[int, ...] = ()
    nickname: str = ""
    strength: str = ""
    match_points: Decimal | None = None
    game_points: Decimal | None = None
    rank: int | None = None


@dataclass(frozen=True)
class Lineup:
    """Players a team fielded in a round, by board (TRF26 300)."""

    round: int
    team: int
    players: tuple[int, ...]
    opponent: int | None = None  # the opposing team (TRF26 300 columns 13-15)


@dataclass(frozen=True)
class TeamMatch:
    """A team match of a round (derived or TRF26 330 forfeits / 320 PAB)."""

    round: int
    home: int
    away: int | None  # None: team PAB
    forfeit: str = ""  # "", "+-", "-+", "--"


@dataclass(frozen=True)
class AbnormalPoints:
    """A TRF26 299 record: points assigned outside the normal scoring."""

    type: str
    match_points: Decimal | None
    game_points: Decimal | None
    round: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class Tournament:
    """A whole tournament. Players are kept sorted by starting number."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""  # ISO "YYYY-MM-DD" when known, else as found
    end_date: str = ""
    round_dates: tuple[str, ...] = ()  # as found in the file (TRF 132)
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    time_control_encoded: str = ""  # TRF26 222
    rounds: int | None = None  # declared number of rounds (142 / XXR)
    system: str = ""  # TRF26 192 code (e.g. FIDE_DUTCH_2026) or the TRF16 092 text
    system_text: str = ""  # 092 free text
    acceleration: tuple[Acceleration, ...] = ()
    scoring: ScoreSystem = field(default_factory=ScoreSystem)
    initial_color: Color = Color.NONE  # NONE = not declared
    tiebreaks: tuple[str, ...] = ()
    forbidden_pairs: tuple[ForbiddenPair, ...] = ()
    declared_byes: tuple[DeclaredBye, ...] = ()
    teams: tuple[Team, ...] = ()
    lineups: tuple[Lineup, ...] = ()
    team_matches: tuple[TeamMatch, ...] = ()
    abnormal_points: tuple[AbnormalPoints, ...] = ()
    players: tuple[Player, ...] = ()
    starting_rank_method: str = ""  # TRF26 172
    pairing_controller: str = ""  # TRF26 182
    board_colors: str = ""  # TRF26 352
    team_scoring: str = ""  # TRF26 362
    declared_players: int | None = None  # 062
    declared_rated: int | None = None  # 072
    declared_teams: int | None = None  # 082
    round_dates_iso: tuple[str, ...] = ()  # round_dates as ISO "YYYY-MM-DD"; "" where unknown
    tiebreak_text: str = ""  # TRF26 202 (tie-break definition as written)
    team_pab_match_points: Decimal | None = None  # TRF26 320 columns 5-8
    team_pab_game_points: Decimal | None = None  # TRF26 320 columns 10-13
    extra_records: tuple[str, ...] = ()  # unknown lines carried through verbatim
    comments: tuple[str, ...] = ()
    # games in a round: 2 when every pairing is a match of two games (Double-Swiss, C.04.5),
    # whose entries then hold the games (RoundEntry.games) and are written one game per column
    games_per_round: int = 1

    def replace(self, **changes) -> "Tournament":
        return dataclasses.replace(self, **changes)

    @property
    def by_number(self) -> dict[int, Player]:
        return {p.number: p for p in self.players}

    def player(self, number: int) -> Player:
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)

    @property
    def played_rounds(self) -> int:
        """The highest round with any entry other than NOT_PAIRED."""
        last = 0
        for p in self.players:
            for i, e in enumerate(p.entries, 1):
                if e.kind is not Kind.NOT_PAIRED and i > last:
                    last = i
        return last

    @property
    def last_paired_round(self) -> int:
        """The last round anybody was paired in (pre-set byes alone do not make a round paired).

        TRF ``XXZ`` byes (stored as round 0) belong to the round after it.
        """
        return max(
            (i for p in self.players for i, e in enumerate(p.entries, 1) if e.took_part), default=0
        )

    def score(self, number: int, through_round: int | None = None) -> Decimal:
        """Points of player ``number`` after ``through_round`` (default: all recorded rounds)."""
        p = self.player(number)
        entries = p.entries if through_round is None else p.entries[:through_round]
        return sum((self.scoring.points(e) for e in entries), Decimal(0))

    def round_entries(self, rnd: int) -> Iterator[tuple[Player, RoundEntry]]:
        for p in self.players:
            yield p, p.entry(rnd)
