"""A random tournament generator (RTG), as FIDE asks of an endorsed pairing program (C.04.A).

:func:`generate` plays a whole tournament: ratings drawn realistically (equal ratings allowed,
some unrated players), each round paired by the chosen system through the System registry
(:mod:`pairchk.systems`), results drawn from the Elo expectation of the two ratings plus a draw
rate, and unplayed games — forfeits (one-sided and double), half- and zero-point byes requested
before the round is paired, withdrawals. The file carries the point system (TRF26 162 / bbp BB*),
the Baku acceleration as 250/XXA records (C.04.7), and a tie-break list (TRF26 212, C.02.03 §7
2026 asks the regulations to name one). The result is a pure function of :class:`Settings`:
the same seed gives the same tournament.

>>> t = generate(Settings(players=9, rounds=3, seed=7))
>>> len(t.players), t.played_rounds, t.system
(9, 3, 'FIDE_DUTCH_2025')
>>> generate(Settings(players=9, rounds=3, seed=7)) == t
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Callable

from ..errors import PairchkError
from ..model import Color, Kind, Player, RoundEntry, ScoreSystem, Tournament, match_entry, match_scoring
from ..pairing import RoundPairing

# A usual list for an individual Swiss (C.07 names no default; the regulations must, C.02.03 §7).
DEFAULT_TIEBREAKS = ("BH/C1", "BH", "SB", "WIN")

# TRF26 192 codes per Dutch edition; TRF26 and bbpPairings v6 write 2025 for the text applied
# from 1 Feb 2026 (see pairchk.systems.dutch.system.select_edition).
_FIXED = ("berger", "rutsch")
_DUTCH_CODE = {"2026": "FIDE_DUTCH_2025", "2017": "FIDE_DUTCH_2017"}


@dataclass(frozen=True)
class Settings:
    """What to generate. Rates are probabilities in [0, 1]:

    ``draw_rate`` of a game being drawn (the rest is decided by the Elo expectation),
    ``forfeit_rate`` of a pairing not being played (a tenth of those are double forfeits),
    ``bye_rate`` of a player requesting a bye for a round (half- or zero-point, equally likely),
    ``withdraw_rate`` of a player withdrawing at some point of the event.
    ``points`` is ``win-draw-loss`` (``1-0.5-0``, ``3-1-0``); ``pab_points`` the points of the
    pairing-allocated bye (default: a win).
    """

    system: str = "dutch"
    edition: str | None = None
    players: int = 20
    rounds: int = 5
    seed: int = 0
    draw_rate: float = 0.3
    forfeit_rate: float = 0.0
    bye_rate: float = 0.0
    withdraw_rate: float = 0.0
    unrated_rate: float = 0.05
    acceleration: str = ""
    points: str = "1-0.5-0"
    pab_points: str | None = None
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    system_options: tuple[tuple[str, str], ...] = ()  # e.g. (("maxi", "yes"),) for lim

    def validate(self) -> None:
        """Raise :class:`PairchkError` naming the first bad setting."""
        if self.players < 2:
            raise PairchkError(f"--players must be at least 2, got {self.players}")
        if self.players > 9999:
            raise PairchkError(f"--players must be at most 9999 (TRF), got {self.players}")
        if self.rounds < 1:
            raise PairchkError(f"--rounds must be at least 1, got {self.rounds}")
        if self.rounds > 999:
            raise PairchkError(f"--rounds must be at most 999 (what a tournament file holds),"
                               f" got {self.rounds}")
        most = dense_rounds(self.players)
        if self.rounds > most:
            raise PairchkError(f"--rounds {self.rounds} for {self.players} players: at most {most}"
                               " rounds can be paired (after that everyone has met everyone)")
        for name in ("draw_rate", "forfeit_rate", "bye_rate", "withdraw_rate", "unrated_rate"):
            v = getattr(self, name)
            if not 0 <= v <= 1:
                raise PairchkError(f"--{name.replace('_', '-')} must be between 0 and 1, got {v}")
        if self.bye_rate == 1:
            raise PairchkError("--bye-rate 1: every player would ask for a bye in every round and"
                               " no game would be played (give a rate below 1)")
        if self.system in _FIXED and (self.bye_rate or self.withdraw_rate):
            raise PairchkError(f"{self.system} is a fixed schedule: requested byes and withdrawals"
                               " are not generated for it (use --bye-rate 0 --withdraw-rate 0)")
        if self.edition is not None and self.edition not in _editions(self.system):
            raise PairchkError(f"unknown edition {self.edition!r} for {self.system}; known editions:"
                               f" {', '.join(e for e in _editions(self.system) if e) or 'none'}")
        if self.acceleration:
            from ..acceleration import parse_variant

            parse_variant(self.acceleration)  # raises naming the known variants
        scoring(self)  # raises on bad points
        if self.system_options:
            from ..system import configure

            configure(registry_entry(self.system), dict(self.system_options))


def scoring(s: Settings) -> ScoreSystem:
    """The point system of ``s``.

    >>> sc = scoring(Settings(points="3-1-0", pab_points="1"))
    >>> sc.win, sc.draw, sc.loss, sc.pab_value
    (Decimal('3'), Decimal('1'), Decimal('0'), Decimal('1'))
    """
    parts = s.points.split("-")
    try:
        win, draw, loss = (Decimal(x) for x in parts)
        pab = None if s.pab_points is None else Decimal(s.pab_points)
    except (ValueError, InvalidOperation):
        raise PairchkError(
            f"--points must be win-draw-loss such as 1-0.5-0 or 3-1-0, and --pab-points a number;"
            f" got {s.points!r} / {s.pab_points!r}") from None
    if not win > draw >= loss >= 0:
        raise PairchkError(f"--points {s.points!r}: need win > draw >= loss >= 0")
    if pab is not None and pab < 0:
        raise PairchkError(f"--pab-points must not be negative, got {s.pab_points!r}")
    sc = ScoreSystem(win=win, draw=draw, loss=loss, pab=None if pab == win else pab)
    if s.system == "club" and s.pab_points is None:  # its preset: the half-point bye (seed 004)
        from ..systems.club import scoring_preset

        sc = scoring_preset(sc)
    return sc


# --------------------------------------------------------------------------- the field


def draw_ratings(rng: random.Random, n: int, unrated_rate: float) -> list[int | None]:
    """Ratings of ``n`` players: normal around 1800 (sd 300) within 1001..2850, rounded to a
    multiple of 5 so that equal ratings happen as in real fields; ``unrated_rate`` unrated."""
    out: list[int | None] = []
    for _ in range(n):
        if rng.random() < unrated_rate:
            out.append(None)
        else:
            out.append(min(2850, max(1001, 5 * round(rng.gauss(1800, 300) / 5))))
    return out


def initial_field(s: Settings, rng: random.Random) -> Tournament:
    """The tournament before round 1: players in initial order (rating, then name, C.04.2 2.1)."""
    ratings = draw_ratings(rng, s.players, s.unrated_rate)
    order = sorted(range(s.players), key=lambda i: (-(ratings[i] or 0), i))
    players = tuple(Player(k + 1, name=f"Player {i + 1:04d}", rating=ratings[i],
                           sex=rng.choice("mw"), federation="FID")
                    for k, i in enumerate(order))
    edition = s.edition or "2026"
    if s.system == "dutch":
        code = _DUTCH_CODE.get(edition, "")
    else:  # the system's own TRF26 192 code (of the edition, when one names it)
        code = _code_of(registry_entry(s.system).codes, s.edition)
    if code and s.acceleration == "baku":
        code += "_BAKU"
    games = getattr(registry_entry(s.system), "games_per_round", 1)
    sc = scoring(s) if games == 1 else match_scoring(scoring(s), games)
    t = Tournament(
        name=f"pairchk RTG {s.system} {s.players}x{s.rounds} seed {s.seed}",
        city="Generated", federation="FID", start_date="2026-03-01" if edition == "2026" else
        "2025-03-01", rounds=s.rounds, system=code, system_text=_system_text(s, edition),
        scoring=sc, games_per_round=games, initial_color=rng.choice((Color.WHITE, Color.BLACK)),
        tiebreaks=tuple(s.tiebreaks), players=players, chief_arbiter="pairchk generate",
    )
    if s.acceleration:  # the variant's virtual points as 250/XXA records (issue 11)
        from ..acceleration import apply_acceleration

        t = apply_acceleration(t, s.acceleration)
    return t


def _code_of(codes: tuple[str, ...], edition: str | None) -> str:
    """The first code naming ``edition``'s year, else the first naming no year (a code of
    another edition would select that edition when the file is checked)."""
    import re

    if edition:
        year = {"2026": "202[56]"}.get(edition, edition)
        named = [c for c in codes if re.search(year, c)]
        if named:
            return named[0]
        codes = tuple(c for c in codes if not re.search(r"(19|20)\d\d", c))
    return next(iter(codes), "")


def _system_text(s: Settings, edition: str) -> str:
    """The 092 text: the system and, when chosen, the edition (a year in it selects it)."""
    if s.system == "dutch":
        return f"FIDE Dutch System ({edition})" + (" Baku acceleration" if s.acceleration == "baku" else "")
    return f"{s.system} ({s.edition})" if s.edition else s.system


# --------------------------------------------------------------------------- pairing adapter

Pairer = Callable[[Tournament, int], RoundPairing]


def registry_entry(system: str):
    """The registry's :class:`~pairchk.system.System` for ``system``."""
    from .. import systems

    return systems.get(system)


def pairer(system: str, edition: str | None,
           options: tuple[tuple[str, str], ...] = ()) -> Pairer:
    """A function pairing round ``rnd`` of a tournament with ``system`` from the registry
    (configured with the system ``options``, :func:`pairchk.system.configure`).

    A Swiss system is paired through :func:`pairchk.check.checker.pair` (the System protocol, boards
    in FIDE order); a fixed schedule (Berger, Rutsch) by reading its table.
    """
    import importlib

    from ..check import checker
    from .. import systems
    from ..system import System

    from ..system import configure

    entry = configure(registry_entry(system), dict(options))
    if isinstance(entry, System) and not entry.teams:
        if entry.fixed:
            if system not in ("berger", "rutsch"):
                raise PairchkError(f"pairing system {system!r} cannot generate tournaments (it "
                                   "needs results of a knockout)")
            return _fixed_pairer(system, importlib.import_module(systems.MODULES[system]))

        def pair_system(t: Tournament, rnd: int) -> RoundPairing:
            return checker.pair(t, system=entry, edition=edition, round=rnd).pairing

        return pair_system
    raise PairchkError(f"pairing system {system!r} cannot generate tournaments (it pairs teams or"
                       " needs results of a knockout)")


def _editions(system: str) -> tuple[str, ...]:
    return tuple(registry_entry(system).editions)


def _fixed_pairer(system: str, entry) -> Pairer:
    cache: dict[int, list[RoundPairing]] = {}

    def pair_fixed(t: Tournament, rnd: int) -> RoundPairing:
        n = len(t.players)
        if n not in cache:
            cache[n] = list(entry.schedule(n))
        table = cache[n]
        if rnd > len(table):
            raise PairchkError(f"{system} with {n} players has {len(table)} rounds, not {rnd}")
        return table[rnd - 1]

    return pair_fixed


def _unpairable(text: str) -> PairchkError:
    from ..system import UnpairableError

    return UnpairableError(text)


# --------------------------------------------------------------------------- one round


def absences(s: Settings, rng: random.Random, t: Tournament, rnd: int,
             withdrawn: set[int]) -> dict[int, RoundEntry]:
    """Entries fixed before round ``rnd`` is paired: requested half-/zero-point byes, and a
    zero-point entry for every withdrawn player (C.04.2 3.2: not paired). Updates
    ``withdrawn`` with the players who leave before this round."""
    fixed: dict[int, RoundEntry] = {}
    if rnd > 1 and s.withdraw_rate:
        per_round = 1 - (1 - s.withdraw_rate) ** (1 / max(1, s.rounds - 1))
        for p in t.players:
            if p.number not in withdrawn and rng.random() < per_round:
                withdrawn.add(p.number)
    for p in t.players:
        if p.number in withdrawn:
            fixed[p.number] = RoundEntry(Kind.ZERO_BYE)
        elif s.bye_rate and rng.random() < s.bye_rate:
            fixed[p.number] = RoundEntry(rng.choice((Kind.HALF_BYE, Kind.ZERO_BYE)))
    return fixed


def expectation(white: int | None, black: int | None) -> float:
    """Elo expectation of white against black (unrated counted as 1400).

    >>> round(expectation(2000, 1600), 3)
    0.909
    """
    rw, rb = white or 1400, black or 1400
    return 1 / (1 + 10 ** ((rb - rw) / 400))


def play(s: Settings, rng: random.Random, t: Tournament, pairing: RoundPairing) -> dict[int, RoundEntry]:
    """Results of the pairs of ``pairing`` and the PAB (a match of ``t.games_per_round`` games
    per pair when the system's rounds are matches: :func:`play_match`)."""
    out: dict[int, RoundEntry] = {}
    rating = {p.number: p.rating for p in t.players}
    for pair in pairing.pairs:
        w, b = pair.white, pair.black
        if t.games_per_round > 1:
            out.update(play_match(s, rng, w, b, rating, t.games_per_round))
            continue
        kw, kb = _game(s, rng, rating[w], rating[b], s.forfeit_rate)
        out[w] = RoundEntry(kw, b, Color.WHITE)
        out[b] = RoundEntry(kb, w, Color.BLACK)
    if pairing.bye is not None:
        out[pairing.bye] = RoundEntry(Kind.PAB)
    return out


def _game(s: Settings, rng: random.Random, rw: int | None, rb: int | None,
          forfeit_rate: float) -> tuple[Kind, Kind]:
    """One game's result for White and Black: a forfeit (a tenth double), a draw, or a decision
    by the Elo expectation."""
    if forfeit_rate and rng.random() < forfeit_rate:
        x = rng.random()
        kw = Kind.FORFEIT_LOSS if x < 0.55 else Kind.FORFEIT_WIN
        kb = Kind.FORFEIT_WIN if kw is Kind.FORFEIT_LOSS else Kind.FORFEIT_LOSS
        if x >= 0.9:
            kw = kb = Kind.FORFEIT_LOSS  # neither appeared
        return kw, kb
    if rng.random() < s.draw_rate:
        return Kind.DRAW, Kind.DRAW
    if rng.random() < expectation(rw, rb):
        return Kind.WIN, Kind.LOSS
    return Kind.LOSS, Kind.WIN


def play_match(s: Settings, rng: random.Random, w: int, b: int,
               rating: dict[int, int | None], games: int) -> dict[int, RoundEntry]:
    """A match of ``games`` games, colours alternating from ``w`` White in game 1 (C.04.5 art.
    4.4): half the forfeit rate forfeits the whole match, the other half single games."""
    whole = s.forfeit_rate and rng.random() < s.forfeit_rate / 2
    gw: list[RoundEntry] = []
    gb: list[RoundEntry] = []
    first = _game(s, rng, rating[w], rating[b], 1.0) if whole else None
    for i in range(games):
        white_first = i % 2 == 0
        kw, kb = first if first is not None else _game(
            s, rng, rating[w] if white_first else rating[b],
            rating[b] if white_first else rating[w], s.forfeit_rate / 2)
        if not white_first and first is None:
            kw, kb = kb, kw  # the result was drawn for the game's White, who is b
        cw = Color.WHITE if white_first else Color.BLACK
        gw.append(RoundEntry(kw, b, cw))
        gb.append(RoundEntry(kb, w, cw.opposite))
    return {w: match_entry(b, tuple(gw), tuple(gb)), b: match_entry(w, tuple(gb), tuple(gw))}


def _with_round(t: Tournament, rnd: int, entries: dict[int, RoundEntry]) -> Tournament:
    """``t`` with round ``rnd`` set from ``entries`` (others: not paired)."""
    def entry(p: Player) -> tuple[RoundEntry, ...]:
        head = p.entries[: rnd - 1]
        return head + (entries.get(p.number, RoundEntry(Kind.ZERO_BYE)),)

    return t.replace(players=tuple(p.replace(entries=entry(p)) for p in t.players))


# --------------------------------------------------------------------------- the tournament


def generate(s: Settings, pair: Pairer | None = None,
             on_round: Callable[[int], None] | None = None) -> Tournament:
    """A whole tournament for ``s``, deterministic for ``s.seed``; ``on_round(r)`` is called
    as round ``r`` starts (progress).

    Stops early (the file then declares more rounds than were played) when the system finds no
    legal pairing for the next round, as an arbiter would have to; raises
    :class:`~pairchk.system.UnpairableError` when not even round 1 is played.
    """
    s.validate()
    rng = random.Random(f"pairchk-rtg:{s.seed}")
    pair = pair or pairer(s.system, s.edition, s.system_options)
    t = initial_field(s, rng)
    withdrawn: set[int] = set()
    from ..system import UnpairableError

    for rnd in range(1, s.rounds + 1):
        if on_round is not None:
            on_round(rnd)
        fixed = absences(s, rng, t, rnd, withdrawn)
        if sum(1 for p in t.players if p.number not in fixed) < 2:
            break
        before = t.replace(players=tuple(
            p.replace(entries=p.entries[: rnd - 1] + ((fixed[p.number],) if p.number in fixed else ()))
            for p in t.players))
        try:
            pairing = pair(before, rnd)
        except (UnpairableError, PairchkError) as exc:
            if _is_unpairable(exc):
                break
            raise
        played = play(s, rng, t, pairing)
        t = _with_round(t, rnd, {**fixed, **played})
    if t.played_rounds == 0 or not any(e.kind.has_opponent for p in t.players for e in p.entries):
        raise UnpairableError("no game could be paired in any round (every player asked for a"
                              " bye or withdrew); nothing generated")
    return ranked(t)


def ranked(t: Tournament) -> Tournament:
    """The players' rank column from points and the tournament's tie-break list (C.07; ties
    the whole list leaves are ordered by number), so that the standings check accepts it."""
    from ..standings.ranking import standings

    if not t.players or t.played_rounds == 0:
        return t
    order = {r.player: i for i, r in enumerate(standings(t).rows, 1)}
    return t.replace(players=tuple(p.replace(rank=order[p.number]) for p in t.players))


def _is_unpairable(exc: Exception) -> bool:
    from ..system import UnpairableError

    return isinstance(exc, UnpairableError) or type(exc).__name__ == "UnpairableError"


def summary(t: Tournament) -> dict[str, int]:
    """Counts of each kind of round entry (for tests and benchmark figures).

    >>> summary(generate(Settings(players=4, rounds=1, seed=1)))["games"]
    2
    """
    counts = {"games": 0, "draws": 0, "forfeits": 0, "byes": 0, "pab": 0}
    for p in t.players:
        for e in p.entries:
            if e.kind.played:
                counts["games"] += 1
                counts["draws"] += e.kind is Kind.DRAW
            elif e.kind.is_forfeit:
                counts["forfeits"] += 1
            elif e.kind is Kind.PAB:
                counts["pab"] += 1
            elif e.kind in (Kind.HALF_BYE, Kind.ZERO_BYE):
                counts["byes"] += 1
    counts["games"] //= 2
    counts["draws"] //= 2
    return counts


def dense_rounds(players: int) -> int:
    """Rounds of a dense event: players - 1 (odd fields: players), at most ``players``."""
    return max(1, players - 1 + players % 2)


__all__ = ["Settings", "generate", "pairer", "scoring", "summary", "DEFAULT_TIEBREAKS",
           "expectation", "dense_rounds"]
