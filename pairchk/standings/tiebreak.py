"""Tie-breaks of FIDE C.07 (2026 text; 2023/2024 and pre-2023 editions), pure functions.

Codes are those of the 2026 text and of TRF26 records 202/212 (MTB26 syntax
``NAME[:MP|:GP][/modifier...]``):

- Art. 5 ``PTS`` points; Art. 6 ``DE`` direct encounter (ranking-dependent, see
  :func:`direct_encounter`); Art. 7 ``WIN`` (7.1), ``WON`` (7.2), ``BPG`` (7.3), ``BWG`` (7.4),
  ``PS`` (7.5), ``REP``/``GE`` (7.6), ``STD`` (7.7, 2026), ``TPN`` (7.8, 2026);
- Art. 8 ``BH`` (8.1), ``AOB`` (8.2), ``FB`` (8.3); Art. 9 ``SB`` (9.1), ``KS`` (9.2);
- Art. 10 ``ARO`` (10.1, ``AROC`` = ``ARO/C1``), ``TPR`` (10.2), ``PTP`` (10.3), ``APRO``
  (10.4), ``APPO`` (10.5), ``RTNG`` (10.6, 2026);
- Art. 14 modifiers: ``/C1`` ``/C2`` cut the least significant values, ``/M1`` ``/M2`` cut
  the least and the most significant, ``/Lx`` Koya limit, ``/P`` forfeits count as played
  (Art. 6.1.1 for DE), ``/F`` Fore (AOB), ``/R`` reverse, ``/Un`` rating for unrated players.

Unplayed rounds (Art. 16, editions from 1 Sep 2023): a round is a VUR (16.1.2) when it is a
requested bye (half- or zero-point bye, absence) or a forfeit loss; categories 16.2.1 PAB or
FPB, 16.2.2 forfeit win, 16.2.3 requested bye followed by a round that is not a VUR, 16.2.4
forfeit loss, 16.2.5 requested bye followed only by VURs. For opponents (16.3) every category
counts with its points except 16.2.5, which counts as a draw. For the participant's own
tie-break (16.4) each unplayed round is a game against a dummy with the participant's own
score; the 2026 text caps it (16.4.1 forfeits: at the scheduled opponent's adjusted score;
16.4.2 otherwise: at draw points x rounds). A cut removes a VUR contribution first when one
exists (16.5.1; for SB the higher of the two candidates), again for every cut (16.5.2).
Pre-determined pairings (round robins, Art. 15) count forfeits as played.

Before 1 Sep 2023 (C.02 13.16, "virtual opponent"): an own unplayed round is a game against a
virtual opponent with Svon = SPR + (1 - SfPR) + 0.5 (n - R), and opponents' unplayed rounds
count as draws for the opponent's score.

>>> from pairchk.model import Tournament, Player, RoundEntry as E, Kind as K, Color as C
>>> t = Tournament(start_date="2026-05-01", system="FIDE_DUTCH_2026", players=(
...     Player(1, entries=(E(K.WIN, 2, C.WHITE), E(K.WIN, 3, C.BLACK))),
...     Player(2, entries=(E(K.LOSS, 1, C.BLACK), E(K.DRAW, 3, C.WHITE))),
...     Player(3, entries=(E(K.PAB), E(K.LOSS, 1, C.WHITE)))))
>>> v = values(t, ["BH", "SB", "WIN", "WON", "BPG"])
>>> [str(v[1][c]) for c in ("BH", "SB", "WIN", "WON", "BPG")]
['1.5', '1.5', '2', '2', '1']
>>> str(v[3]["BH"])  # the PAB round: a dummy on his own score, 1 (Art. 16.4)
'3'
"""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Iterable, Mapping, Sequence

from ..errors import PairchkError
from ..model import Color, Kind, Player, RoundEntry, Tournament
from .ratingtables import dp_for, expected_score

ZERO = Decimal(0)


class TiebreakError(PairchkError):
    """A tie-break code or edition that cannot be understood (quotes the input)."""


class Edition(enum.Enum):
    """Which C.07 text decides unplayed rounds."""

    E2026 = "2026"  # approved 02/02/2026, applied 1 Mar 2026: dummy caps (16.4.1/16.4.2)
    E2024 = "2024"  # 2023 rewrite applied 1 Sep 2023, clarified 2024: dummy = own score
    PRE2023 = "pre2023"  # virtual opponent (C.02 13.16)

    @property
    def words(self) -> str:
        return {
            Edition.E2026: "C.07 2026 (applied 1 Mar 2026; Art. 16.4 dummy capped)",
            Edition.E2024: "C.07 2023/2024 (applied 1 Sep 2023; Art. 16 dummy = own score)",
            Edition.PRE2023: "C.02 13.16 before Sep 2023 (virtual opponent)",
        }[self]


_EDITION_ALIASES = {"2026": Edition.E2026, "2024": Edition.E2024, "2023": Edition.E2024,
                    "pre2023": Edition.PRE2023, "2022": Edition.PRE2023,
                    "virtual": Edition.PRE2023}
EDITIONS = tuple(_EDITION_ALIASES)


def parse_edition(text: str) -> Edition:
    """``--edition`` value to an :class:`Edition`.

    >>> parse_edition("2023").value
    '2024'
    """
    try:
        return _EDITION_ALIASES[text.strip().lower()]
    except KeyError:
        raise TiebreakError(f"unknown tie-break edition {text!r}; known: "
                            f"{', '.join(EDITIONS)}") from None


def edition_for(t: Tournament) -> tuple[Edition, str]:
    """The edition in force at the tournament's start, and why (Art. 16 history).

    >>> edition_for(Tournament(start_date="2024-01-10"))[0].value
    '2024'
    >>> edition_for(Tournament())[1]
    'no start date in the file: the text in force now (2026)'
    """
    date = t.start_date if re.fullmatch(r"\d{4}-\d\d-\d\d", t.start_date or "") else ""
    if not date:
        date = next((d for d in t.round_dates_iso if d), "")
    if not date:
        return Edition.E2026, "no start date in the file: the text in force now (2026)"
    if date >= "2026-03-01":
        return Edition.E2026, f"start {date} is on or after 1 Mar 2026"
    if date >= "2023-09-01":
        return Edition.E2024, f"start {date} is between 1 Sep 2023 and 28 Feb 2026"
    return Edition.PRE2023, f"start {date} is before 1 Sep 2023"


# --------------------------------------------------------------------------- codes

# name -> (article, words, higher_is_better)
NAMES: dict[str, tuple[str, str, bool]] = {
    "PTS": ("5", "points", True),
    "DE": ("6", "direct encounter", True),
    "WIN": ("7.1", "number of wins (played or not)", True),
    "WON": ("7.2", "number of games won over the board", True),
    "BPG": ("7.3", "number of games played with Black", True),
    "BWG": ("7.4", "number of games won with Black", True),
    "PS": ("7.5", "progressive score", True),
    "REP": ("7.6", "rounds one elected to play", True),
    "STD": ("7.7", "standard points (1/0.5/0)", True),
    "TPN": ("7.8", "pairing number", False),
    "BH": ("8.1", "Buchholz", True),
    "AOB": ("8.2", "average of opponents' Buchholz", True),
    "FB": ("8.3", "Fore Buchholz", True),
    "SB": ("9.1", "Sonneborn-Berger", True),
    "KS": ("9.2", "Koya", True),
    "ARO": ("10.1", "average rating of opponents", True),
    "TPR": ("10.2", "tournament performance rating", True),
    "PTP": ("10.3", "perfect tournament performance", True),
    "APRO": ("10.4", "average performance rating of opponents", True),
    "APPO": ("10.5", "average perfect performance of opponents", True),
    "RTNG": ("10.6", "rating", True),
}
# the codes of team events only (Art. 11-13; computed by standings.team / standings.team_board)
TEAM_NAMES: dict[str, tuple[str, str, bool]] = {
    "MPVGP": ("13.1", "the other score (game points when ranking by match points)", True),
    "ESB": ("13.2", "extended Sonneborn-Berger", True),
    "BC": ("12.1", "board count (lower ranks higher)", False),
    "TBR": ("12.2", "top board result", True),
    "BBE": ("12.3", "board-by-board elimination", True),
    "EDE": ("13.3.1", "extended direct encounter", True),
    "EDEC": ("13.3.2", "extended direct encounter, then board count", True),
    "EDET": ("13.3.2", "extended direct encounter, then top board result", True),
    "EDEB": ("13.3.2", "extended direct encounter, then board elimination", True),
    "EDEBT": ("13.3.2", "extended direct encounter, then board count and top board", True),
    "EDEBB": ("13.3.2", "extended direct encounter, then board count and elimination", True),
    "SSSC": ("13.4", "score and strength combination", True),
}
_ALIASES = {"GE": "REP", "SNO": "TPN", "RTG": "RTNG", "MPTS": "PTS", "GPTS": "PTS"}
_ALL_NAMES = {**NAMES, **TEAM_NAMES}
_RATING = {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}
_CUTTABLE = {"BH", "FB", "SB", "ARO", "TPR", "PTP", "AOB", "PS", "KS", "ESB", "SSSC"}
_TEAM_ALIASES = {"GPVMP": "MPVGP", "MP": "PTS", "GP": "PTS"}


@dataclass(frozen=True)
class Spec:
    """One tie-break of the list, as given (``code``) and as understood."""

    code: str
    name: str
    points: str = ""  # "", "MP" or "GP" (team events, Art. 11-13)
    cut_low: int = 0
    cut_high: int = 0
    koya_percent: Decimal = Decimal(50)
    koya_offset: Decimal = ZERO
    played: bool = False  # /P
    fore: bool = False  # /F
    reverse: bool = False  # /R
    unrated: int | None = None  # /Un
    normaliser: int | None = None  # /Kn (SSSC, Art. 13.4)

    @property
    def article(self) -> str:
        return _ALL_NAMES[self.name][0]

    @property
    def words(self) -> str:
        return _ALL_NAMES[self.name][1]

    @property
    def higher_is_better(self) -> bool:
        return _ALL_NAMES[self.name][2] != self.reverse

    @property
    def rating_based(self) -> bool:
        return self.name in _RATING


def parse(code: str, team: bool = False) -> Spec:
    """Understand one tie-break code (MTB26/TRF26 syntax, C.07 Art. 14 modifiers); with
    ``team`` the codes of team events (Art. 11-13, :data:`TEAM_NAMES`) too.

    >>> s = parse("BH/C1")
    >>> (s.name, s.cut_low, s.cut_high, s.article)
    ('BH', 1, 0, '8.1')
    >>> parse("bh:mp/m2").cut_high
    2
    >>> parse("AROC").cut_low
    1
    >>> parse("XYZ")
    Traceback (most recent call last):
    ...
    pairchk.standings.tiebreak.TiebreakError: unknown tie-break 'XYZ' (known: PTS, DE, WIN, WON, BPG, \
BWG, PS, REP, STD, TPN, BH, AOB, FB, SB, KS, ARO, TPR, PTP, APRO, APPO, RTNG, GE, AROC)
    """
    text = code.strip()
    parts = text.upper().replace("#", "/").split("/")
    head, _, pts = parts[0].partition(":")
    name = _ALIASES.get(head, head)
    if team:
        name = _TEAM_ALIASES.get(name, "ESB" if re.fullmatch(r"E[MG][MG]SB", name) else name)
    kw: dict = {}
    if name == "AROC":
        name, kw["cut_low"] = "ARO", 1
    if not team and (name in TEAM_NAMES or re.fullmatch(r"E[MG][MG]SB|GPVMP", name)):
        raise TiebreakError(f"{code!r} is a tie-break of team events (C.07 Art. 11-13); this "
                            "event has no teams")
    if name not in (_ALL_NAMES if team else NAMES):
        known = ", ".join([*NAMES, "GE", "AROC"] + ([*TEAM_NAMES, "GPVMP", "EMMSB", "EMGSB",
                                                      "EGMSB", "EGGSB"] if team else []))
        raise TiebreakError(f"unknown tie-break {code!r} (known: {known})")
    if pts and pts not in ("MP", "GP"):
        raise TiebreakError(f"unknown point type {pts!r} in tie-break {code!r} (MP or GP)")
    for mod in parts[1:]:
        kw.update(_modifier(mod, code))
    if (kw.get("cut_low") or kw.get("cut_high")) and name not in _CUTTABLE:
        raise TiebreakError(f"tie-break {code!r}: {name} takes no cut or median modifier")
    return Spec(code=text, name=name, points=pts, **kw)


def _modifier(mod: str, code: str) -> dict:
    m = re.fullmatch(r"([CM])(\d)", mod)
    if m:
        n = int(m.group(2))
        return {"cut_low": n} if m.group(1) == "C" else {"cut_low": n, "cut_high": n}
    m = re.fullmatch(r"L([+-]?)(\d+(?:\.\d+)?)", mod)
    if m:  # /L50 = percent; /L+1 /L-1 = half points above/below 50 % (/L+1.0 = points)
        if not m.group(1):
            return {"koya_percent": Decimal(m.group(2))}
        value = Decimal(m.group(2)) * (1 if "." in m.group(2) else Decimal("0.5"))
        return {"koya_offset": value if m.group(1) == "+" else -value}
    m = re.fullmatch(r"U(\d+)", mod)
    if m:
        return {"unrated": int(m.group(1))}
    m = re.fullmatch(r"K(\d+)", mod)
    if m and int(m.group(1)) > 0:
        return {"normaliser": int(m.group(1))}
    flags = {"P": "played", "F": "fore", "R": "reverse"}
    if mod in flags:
        return {flags[mod]: True}
    raise TiebreakError(f"unknown modifier /{mod} in tie-break {code!r} "
                        "(known: /C1 /C2 /M1 /M2 /Lx /P /F /R /Un /Kn)")


def parse_list(text: str | Iterable[str]) -> list[Spec]:
    """A comma-separated list (``"BH/C1,BH,SB,DE"``) or a sequence of codes.

    >>> [s.code for s in parse_list("BH/C1, BH ,SB,DE")]
    ['BH/C1', 'BH', 'SB', 'DE']
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    return [parse(x) for x in items if x.strip()]


# --------------------------------------------------------------------------- rounds


@dataclass(frozen=True)
class Slot:
    """One player's round as the tie-break rules see it."""

    round: int
    kind: Kind
    points: Decimal
    opponent: int | None  # None: no opponent (bye, absence)
    color: Color
    otb: bool  # played over the board against an opponent
    vur: bool  # Art. 16.1.2: requested bye (incl. absence) or forfeit loss
    late_bye: bool  # Art. 16.2.5: requested bye followed only by VURs


# requested byes and absences (Art. 16.1.2: with a forfeit loss, the voluntarily unplayed rounds)
REQUESTED = frozenset({Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.NOT_PAIRED, Kind.PENDING})
_REQUESTED = REQUESTED


@dataclass(frozen=True)
class Context:
    """Everything the tie-breaks need, computed once for rounds 1..``rounds``."""

    t: Tournament
    rounds: int
    edition: Edition
    round_robin: bool
    slots: Mapping[int, tuple[Slot, ...]]
    score: Mapping[int, Decimal]
    adjusted: Mapping[int, Decimal]  # score for opponents' use (Art. 16.3 / 13.16)
    all_rated: bool
    notes: tuple[str, ...] = field(default=())

    @property
    def draw(self) -> Decimal:
        return self.t.scoring.draw

    @property
    def win(self) -> Decimal:
        return self.t.scoring.win


def is_round_robin(t: Tournament) -> bool:
    """Pre-determined pairings (Art. 15): the system says so, or the field fits the rounds."""
    system = (t.system + " " + t.system_text).upper()
    if "SWISS" in system or "DUTCH" in system or "DUBOV" in system or "BURSTEIN" in system:
        return False
    if any(w in system for w in ("ROBIN", "BERGER", "RR")):
        return True
    n, r = len(t.players), t.rounds or t.played_rounds
    return r > 0 and n in (r, r + 1, (r + 1) // 2, r // 2) and n > 2 and r >= n - 1


def last_complete_round(t: Tournament) -> int:
    """The standings round: the last round in which a game was played or a result recorded
    (a forfeit naming its opponent, a pairing-allocated bye), with no game of it still without result. Byes
    entered in advance for a round nobody is paired in yet (TRF(x) ``0000 H``, TRF26 240) do
    not make that round a round; a round with a game still without result (an event in
    progress) gives no standings: ask for it with ``rounds`` if wanted.

    >>> from pairchk.model import Player, RoundEntry as E
    >>> last_complete_round(Tournament(players=(
    ...     Player(1, entries=(E(Kind.WIN, 2), E(Kind.PENDING, 2))),
    ...     Player(2, entries=(E(Kind.LOSS, 1), E(Kind.PENDING, 1))))))
    1
    >>> last_complete_round(Tournament(players=(  # round 2: only a pre-entered half-point bye
    ...     Player(1, entries=(E(Kind.WIN, 2), E(Kind.HALF_BYE))),
    ...     Player(2, entries=(E(Kind.LOSS, 1),)))))
    1
    """
    n = max((i for p in t.players for i, e in enumerate(p.entries, 1) if _is_game_result(e)),
            default=0)
    while n > 0 and any(p.entry(n).kind is Kind.PENDING for p in t.players):
        n -= 1
    return n


def _is_game_result(e: RoundEntry) -> bool:
    """A game played (with or without its opponent recorded), a forfeit naming its opponent,
    or the pairing-allocated bye (only a pairing gives it; requested byes can be entered in
    advance)."""
    return (e.kind.played or e.kind is Kind.PAB
            or (e.kind.is_forfeit and e.opponent is not None))


def context(t: Tournament, rounds: int | None = None, edition: Edition | None = None,
            round_robin: bool | None = None) -> Context:
    """Build the shared state for rounds 1..``rounds`` (default: every completed round)."""
    n = last_complete_round(t) if rounds is None else rounds
    ed = edition or edition_for(t)[0]
    rr = is_round_robin(t) if round_robin is None else round_robin
    slots = {p.number: _slots(t, p, n) for p in t.players}
    score = {k: sum((s.points for s in v), ZERO) for k, v in slots.items()}
    adjusted = {k: _adjusted(v, ed, t.scoring.draw, rr) for k, v in slots.items()}
    all_rated = all(p.rating for p in t.players)
    return Context(t, n, ed, rr, slots, score, adjusted, all_rated)


def _slots(t: Tournament, p: Player, n: int) -> tuple[Slot, ...]:
    raw = [p.entry(r) for r in range(1, n + 1)]
    out = []
    for r, e in enumerate(raw, 1):
        kind = e.kind
        vur = kind in _REQUESTED or kind is Kind.FORFEIT_LOSS
        later_all_vur = all(x.kind in _REQUESTED or x.kind is Kind.FORFEIT_LOSS for x in raw[r:])
        points = ZERO if kind is Kind.PENDING else t.scoring.points(e)
        opp = e.opponent if kind.has_opponent and kind is not Kind.PENDING else None
        # a forfeit loss with no opponent ("0000 - -") is an absence, not 16.2.4
        absent = kind in _REQUESTED or (kind is Kind.FORFEIT_LOSS and opp is None)
        out.append(Slot(r, kind, points, opp, e.color, kind.played and opp is not None,
                        vur, absent and later_all_vur))
    return tuple(out)


def _adjusted(slots: Sequence[Slot], ed: Edition, draw: Decimal, round_robin: bool = False
              ) -> Decimal:
    """Score for opponents' use: Art. 16.3 (16.2.5 counts as a draw) or, before Sep 2023,
    every unplayed round as a draw (C.02 13.16). In a round robin (Art. 15.2: its only
    unplayed rounds are forfeits, counted as games) a round without an opponent - the bye of
    an odd field - is no requested bye: it counts with its own points, never as a draw.

    >>> bye = Slot(3, Kind.NOT_PAIRED, ZERO, None, Color.NONE, False, True, True)
    >>> won = Slot(1, Kind.WIN, Decimal(1), 2, Color.WHITE, True, False, False)
    >>> [str(_adjusted([won, bye], Edition.E2026, Decimal("0.5"), rr)) for rr in (False, True)]
    ['1.5', '1']
    """
    if round_robin:
        return sum((s.points for s in slots), ZERO)
    if ed is Edition.PRE2023:
        return sum((s.points if s.otb else draw for s in slots), ZERO)
    return sum((draw if s.late_bye else s.points for s in slots), ZERO)


# --------------------------------------------------------------------------- values

Value = Decimal | None


def values(t: Tournament, codes: Sequence[str] | Sequence[Spec], rounds: int | None = None,
           edition: Edition | None = None) -> dict[int, dict[str, Value]]:
    """Every scalar tie-break of ``codes`` for every player: ``{player: {code: value}}``.

    ``DE`` depends on who is tied and is left out here (see :func:`direct_encounter`).
    """
    ctx = context(t, rounds, edition)
    specs = [s if isinstance(s, Spec) else parse(s) for s in codes]
    out: dict[int, dict[str, Value]] = {p.number: {} for p in t.players}
    for spec in specs:
        if spec.name == "DE":
            continue
        for number, v in compute(ctx, spec).items():
            out[number][spec.code] = v
    return out


def compute(ctx: Context, spec: Spec) -> dict[int, Value]:
    """One scalar tie-break for every player."""
    fn = _FUNCS.get(spec.name)
    if fn is None:
        raise TiebreakError(f"{spec.code} is not a scalar tie-break (it depends on the ties)")
    return {p.number: fn(ctx, spec, p.number) for p in ctx.t.players}


def _pts(ctx: Context, spec: Spec, n: int) -> Value:
    return ctx.score[n]


def _win(ctx: Context, spec: Spec, n: int) -> Value:
    """7.1: rounds with the points of a win, played or not (PAB, FPB, forfeit win)."""
    return Decimal(sum(1 for s in ctx.slots[n] if _is_win(ctx, s)))


def _is_win(ctx: Context, s: Slot) -> bool:
    return s.points == ctx.win and s.kind not in _REQUESTED


def _won(ctx: Context, spec: Spec, n: int) -> Value:
    """7.2: games won over the board."""
    return Decimal(sum(1 for s in ctx.slots[n] if s.otb and _is_win(ctx, s)))


def _bpg(ctx: Context, spec: Spec, n: int) -> Value:
    """7.3: games played over the board with Black."""
    return Decimal(sum(1 for s in ctx.slots[n] if s.otb and s.color is Color.BLACK))


def _bwg(ctx: Context, spec: Spec, n: int) -> Value:
    """7.4: games won over the board with Black."""
    return Decimal(sum(1 for s in ctx.slots[n]
                       if s.otb and s.color is Color.BLACK and _is_win(ctx, s)))


def _rep(ctx: Context, spec: Spec, n: int) -> Value:
    """7.6: the rounds minus the requested byes and forfeit losses (the VURs of 16.1.2); a
    pairing-allocated bye counts whatever it is worth."""
    return Decimal(sum(1 for s in ctx.slots[n] if not s.vur))


def _std(ctx: Context, spec: Spec, n: int) -> Value:
    """7.7 (2026): each round's result in standard points, 1 / 0.5 / 0 (a round worth the
    points of a win counts 1, of a draw 0.5, whatever the tournament's scoring)."""
    return sum((Decimal(1) if s.points == ctx.win else Decimal("0.5") if s.points == ctx.draw
                else ZERO for s in ctx.slots[n]), ZERO)


def _tpn(ctx: Context, spec: Spec, n: int) -> Value:
    return Decimal(n)


def _rtng(ctx: Context, spec: Spec, n: int) -> Value:
    if not (ctx.all_rated or spec.unrated is not None):
        return None
    r = ctx.t.player(n).rating
    return Decimal(r if r else spec.unrated or 0)


def _ps(ctx: Context, spec: Spec, n: int) -> Value:
    """7.5: sum of the running scores; /Cx leaves out the first x rounds."""
    running, total = ZERO, ZERO
    for s in ctx.slots[n]:
        running += s.points
        if s.round > spec.cut_low:
            total += running
    return total


# ---- Buchholz family (Art. 8, 9, 14, 16)


@dataclass(frozen=True)
class Element:
    """One round's contribution: the opponent's (or dummy's) score and the value summed."""

    round: int
    score: Decimal
    value: Decimal
    vur: bool


def _counts_as_played(ctx: Context, spec: Spec, s: Slot) -> bool:
    """Played games, and forfeits when pairings are pre-determined (Art. 15) or /P."""
    if s.otb:
        return True
    return s.opponent is not None and (ctx.round_robin or spec.played)


def _dummy(ctx: Context, n: int, s: Slot, own: Decimal) -> Decimal:
    """Art. 16.4 dummy score (2026: capped by 16.4.1 / 16.4.2); pre-2023 virtual opponent."""
    if ctx.edition is Edition.PRE2023:
        before = sum((x.points for x in ctx.slots[n][: s.round - 1]), ZERO)
        return before + (ctx.win - s.points) + ctx.draw * (ctx.rounds - s.round)
    if ctx.edition is Edition.E2024:
        return own
    if s.opponent is not None:  # 16.4.1 forfeit: the scheduled opponent's adjusted score
        return min(own, ctx.adjusted[s.opponent])
    return min(own, ctx.draw * ctx.rounds)  # 16.4.2


def elements(ctx: Context, spec: Spec, n: int, sb: bool,
             adjusted: Mapping[int, Decimal] | None = None,
             own: Decimal | None = None) -> list[Element]:
    """The per-round contributions of Buchholz (``sb=False``) or Sonneborn-Berger."""
    adj = ctx.adjusted if adjusted is None else adjusted
    own_score = ctx.score[n] if own is None else own
    out = []
    for s in ctx.slots[n]:
        if _counts_as_played(ctx, spec, s):
            assert s.opponent is not None  # played or a forfeit with an opponent (_slots)
            score, vur = adj[s.opponent], False
        elif ctx.round_robin:
            continue  # a bye of a round robin with an odd field: no opponent, no value
        else:
            score, vur = _dummy(ctx, n, s, own_score), s.vur
        out.append(Element(s.round, score, score * s.points if sb else score, vur))
    return out


def cut(ctx: Context, spec: Spec, elems: list[Element], sb: bool) -> list[Element]:
    """Art. 14 cuts with the 16.5 exception (a VUR contribution goes first, every cut)."""
    rest = list(elems)
    for _ in range(min(spec.cut_low, len(rest))):
        lowest = min(rest, key=lambda e: (e.score, e.value, e.round))
        vurs = [e for e in rest if e.vur]
        victim = lowest
        if vurs and ctx.edition is not Edition.PRE2023:
            vur = min(vurs, key=lambda e: (e.score, e.value, e.round))
            # 16.5.1: cut the VUR contribution; for SB the higher of the two candidates
            if not (sb and lowest.value > vur.value):
                victim = vur
        rest.remove(victim)
    for _ in range(min(spec.cut_high, len(rest))):
        rest.remove(max(rest, key=lambda e: (e.score, e.value, -e.round)))
    return rest


def _bh(ctx: Context, spec: Spec, n: int) -> Decimal:
    """8.1: sum of the opponents' (adjusted) scores."""
    return sum((e.value for e in cut(ctx, spec, elements(ctx, spec, n, False), False)), ZERO)


def _sb(ctx: Context, spec: Spec, n: int) -> Decimal:
    """9.1: sum of each opponent's score times the points scored against him."""
    return sum((e.value for e in cut(ctx, spec, elements(ctx, spec, n, True), True)), ZERO)


def fore_context(ctx: Context) -> Context:
    """8.3: the scores as if every paired game of the final round had been drawn."""
    final = ctx.t.rounds or ctx.rounds
    if final != ctx.rounds or ctx.rounds == 0:
        return ctx
    slots = {}
    for n, ss in ctx.slots.items():
        last = ss[-1]
        if last.opponent is None:
            slots[n] = ss
            continue
        last = Slot(last.round, Kind.DRAW, ctx.draw, last.opponent, last.color, True,
                    False, False)
        # a requested bye before it is now followed by a round that is not a VUR (16.2.3)
        slots[n] = tuple(dataclasses.replace(x, late_bye=False) for x in ss[:-1]) + (last,)
    score = {k: sum((s.points for s in v), ZERO) for k, v in slots.items()}
    adjusted = {k: _adjusted(v, ctx.edition, ctx.draw, ctx.round_robin) for k, v in slots.items()}
    return Context(ctx.t, ctx.rounds, ctx.edition, ctx.round_robin, slots, score, adjusted,
                   ctx.all_rated)


def _fb(ctx: Context, spec: Spec, n: int) -> Value:
    return _bh(fore_context(ctx), spec, n)


def _aob(ctx: Context, spec: Spec, n: int) -> Value:
    """8.2: average of the Buchholz (Fore Buchholz with /F) of the over-the-board opponents,
    to two decimals."""
    base = fore_context(ctx) if spec.fore else ctx
    # otb implies an opponent (_slots); the test only tells mypy so
    opps = [s.opponent for s in ctx.slots[n] if s.otb and s.opponent is not None]
    if not opps:
        return None
    total = sum((_bh(base, spec, o) for o in opps), ZERO)
    return (total / len(opps)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _ks(ctx: Context, spec: Spec, n: int) -> Value:
    """9.2: points scored against opponents with at least 50 % (/Lx moves the limit)."""
    games = ctx.rounds
    if ctx.round_robin and len(ctx.t.players) % 2 == 1:
        games -= max(1, ctx.rounds // len(ctx.t.players))
    limit = spec.koya_percent * ctx.win * games / 100 + spec.koya_offset
    return sum((s.points for s in ctx.slots[n]
                if s.opponent is not None and ctx.score[s.opponent] >= limit), ZERO)


# ---- rating based (Art. 10)


def _rated_games(ctx: Context, spec: Spec, n: int) -> list[tuple[int, Decimal]] | None:
    """(opponent rating, rating points) of the over-the-board games after cuts, or None when
    unrated players are present and no rating for them was published (/Un)."""
    if not (ctx.all_rated or spec.unrated is not None):
        return None
    games = []
    for s in ctx.slots[n]:
        if s.otb:
            assert s.opponent is not None  # otb implies an opponent (_slots)
            r = ctx.t.player(s.opponent).rating or spec.unrated or 0
            games.append((r, _rating_points(s.kind)))
    games.sort(key=lambda g: g[0])
    low, high = min(spec.cut_low, len(games)), min(spec.cut_high, max(0, len(games) - spec.cut_low))
    return games[low: len(games) - high]


def _rating_points(kind: Kind) -> Decimal:
    if kind in (Kind.WIN, Kind.WIN_SHORT):
        return Decimal(1)
    if kind in (Kind.DRAW, Kind.DRAW_SHORT):
        return Decimal("0.5")
    return ZERO


def _aro(ctx: Context, spec: Spec, n: int) -> Value:
    """10.1: average rating of the over-the-board opponents, rounded half up."""
    games = _rated_games(ctx, spec, n)
    if not games:
        return None
    return _round(Decimal(sum(r for r, _ in games)) / len(games))


def _round(x: Decimal) -> Decimal:
    return x.quantize(Decimal(1), rounding=ROUND_HALF_UP)


def _tpr(ctx: Context, spec: Spec, n: int) -> Value:
    """10.2: ARO + dp(fractional score) of table B.02 8.1.a."""
    games = _rated_games(ctx, spec, n)
    if not games:
        return None
    aro = _round(Decimal(sum(r for r, _ in games)) / len(games))
    p = sum((s for _, s in games), ZERO) / len(games)
    return aro + dp_for(p)


def _ptp(ctx: Context, spec: Spec, n: int) -> Value:
    """10.3: the lowest rating whose expected score (table 8.1.b) reaches the score; with no
    points, the lowest opponent's rating - 800. A full score needs every expected score at
    1.00, i.e. the highest opponent + 736 (the search, as both oracles compute it)."""
    games = _rated_games(ctx, spec, n)
    if not games:
        return None
    ratings = [r for r, _ in games]
    score = sum((s for _, s in games), ZERO)
    if score == 0:
        return Decimal(min(ratings) - 800)
    lo, hi = min(ratings) - 800, max(ratings) + 800  # expected(lo) < score <= expected(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if sum(expected_score(mid, r) for r in ratings) >= score:
            hi = mid
        else:
            lo = mid
    return Decimal(hi)


def _average_of(fn):
    def avg(ctx: Context, spec: Spec, n: int) -> Value:
        """10.4 / 10.5: average of the over-the-board opponents' TPR / PTP, rounded."""
        plain = Spec(spec.code, spec.name, unrated=spec.unrated)
        vals = [fn(ctx, plain, s.opponent) for s in ctx.slots[n] if s.otb]
        vals = [v for v in vals if v is not None]
        if not vals:
            return None
        return _round(sum(vals, ZERO) / len(vals))
    return avg


_FUNCS = {
    "PTS": _pts, "WIN": _win, "WON": _won, "BPG": _bpg, "BWG": _bwg, "PS": _ps, "REP": _rep,
    "STD": _std, "TPN": _tpn, "RTNG": _rtng, "BH": _bh, "SB": _sb, "FB": _fb, "AOB": _aob,
    "KS": _ks, "ARO": _aro, "TPR": _tpr, "PTP": _ptp, "APRO": _average_of(_tpr),
    "APPO": _average_of(_ptp),
}


# --------------------------------------------------------------------------- DE (Art. 6)


def direct_encounter(ctx: Context, spec: Spec, group: Sequence[int]) -> dict[int, int]:
    """Art. 6 among the players of ``group`` (all tied so far): a rank inside the group
    (1 = first; equal numbers stay tied).

    6.1: the points scored in the games among them (repeat meetings averaged; forfeits left
    out unless pairings are pre-determined or /P). When everybody met everybody they are
    ordered by those points, and each sub-group still tied is looked at again. When not all
    met (Swiss), only a player who stays ahead whatever the missing games is separated.
    """
    order = _de_order(ctx, spec, list(group))
    ranks, pos = {}, 1
    for tier in order:
        for n in tier:
            ranks[n] = pos
        pos += len(tier)
    return ranks


def direct_encounter_tiers(ctx: Context, spec: Spec, group: Sequence[int]) -> list[list[int]]:
    """Art. 6 among ``group``: the groups it leaves, best first (one group: no split)."""
    return _de_order(ctx, spec, list(group))


def _de_order(ctx: Context, spec: Spec, group: list[int]) -> list[list[int]]:
    if len(group) < 2:
        return [group]
    members = set(group)
    got: dict[int, Decimal] = {}
    best: dict[int, Decimal] = {}
    complete = True
    for n in group:
        per_opp: dict[int, list[Decimal]] = {}
        for s in ctx.slots[n]:
            if s.opponent in members and _counts_as_played(ctx, spec, s):
                per_opp.setdefault(s.opponent, []).append(s.points)
        got[n] = sum((sum(v, ZERO) / len(v) for v in per_opp.values()), ZERO)
        missing = len(group) - 1 - len(per_opp)
        if missing and not ctx.round_robin:
            complete = False
        best[n] = got[n] + missing * ctx.win
    if complete:
        tiers: dict[Decimal, list[int]] = {}
        for n in group:
            tiers.setdefault(got[n], []).append(n)
        ordered = [tiers[k] for k in sorted(tiers, reverse=True)]
        if len(ordered) == 1:
            return ordered
        return [sub for tier in ordered for sub in _de_order(ctx, spec, tier)]
    rest = sorted(group, key=lambda x: (-got[x], -best[x], x))
    out = []
    while len(rest) > 1 and got[rest[0]] > max(best[x] for x in rest[1:]):
        out.append([rest.pop(0)])
    if len(rest) > 1 and out:
        return out + _de_order(ctx, spec, rest)
    return out + [rest]
