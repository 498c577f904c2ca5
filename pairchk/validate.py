"""Findings about a tournament file that could be read: every inconsistency, with its place.

Each :class:`~pairchk.errors.Finding` has a severity, a short code, ``file:line:column``, what
was found, what was expected and a hint. Codes:

=======================  ========  ==========================================================
code                     severity  meaning
=======================  ========  ==========================================================
bad-result-code, ...     error     a value the reader could not parse (bad-rating, bad-points,
                                   bad-number, bad-opponent, bad-colour, bad-record, bad-value)
encoding                 warning   the file is not UTF-8
duplicate-number         error     two player records with one starting number
missing-number           error     starting numbers are not 1..N without gaps
unknown-opponent         error     an opponent number no player has
self-paired              error     a player paired with himself
opponent-mismatch        error     the opponent does not name the player back in that round
colour-mismatch          error     both colours given and not opposite
result-mismatch          error     results that do not complement each other (1/0, =/=, +/-, -/-)
bye-with-opponent        error     a bye or absence code next to an opponent
multiple-pab             error     more than one pairing-allocated bye in a round
second-pab               error     a player with more than one pairing-allocated bye (C.04.1 c)
score-mismatch           error     declared points differ from the results under the scoring
rank-missing             warning   a player without rank (TRF26 makes it mandatory)
rating-range             warning   a rating outside 1000-3000
bad-date                 warning   a date that cannot be read unambiguously
date-order               error     end date before start date
rounds-exceeded          error     results beyond the declared number of rounds
count-mismatch           warning   062/072/082 differ from the players, rated players, teams
unknown-player           error     a record (team, bye, forbidden pair...) names no player
=======================  ========  ==========================================================

>>> line = b"001    1      A".ljust(80) + b" 1.0    1     1 w 1"
>>> for f in validate_bytes(b"012 X\\n" + line + b"\\n", path="x.trf"):
...     print(f)
x.trf:2:92: error self-paired: player 1, round 1: paired with himself (expected another player's starting number)
"""

from __future__ import annotations

import inspect
import re
from decimal import Decimal

from .errors import Finding, Severity
from .formats import Loaded
from .dates import iso_date, iso_event_dates
from .formats.trf_write import fmt_points
from .model import Color, Kind, Tournament

E, W = Severity.ERROR, Severity.WARNING

# result pairs that complement each other (a double forfeit is "-" on both sides)
_COMPLEMENT = {
    Kind.WIN: {Kind.LOSS}, Kind.LOSS: {Kind.WIN}, Kind.DRAW: {Kind.DRAW},
    Kind.WIN_SHORT: {Kind.LOSS_SHORT}, Kind.LOSS_SHORT: {Kind.WIN_SHORT}, Kind.DRAW_SHORT: {Kind.DRAW_SHORT},
    Kind.FORFEIT_WIN: {Kind.FORFEIT_LOSS}, Kind.FORFEIT_LOSS: {Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS},
    Kind.PENDING: {Kind.PENDING},
}
_BIRTH = re.compile(r"^\d{4}([./-]\d{2}[./-]\d{2})?$")


def load_lenient(data: bytes, path: str | None = None, fmt: str | None = None) -> Loaded:
    """Read ``data`` collecting bad values as findings where the format supports it."""
    from . import formats

    mod = formats.get(fmt) if fmt else formats.detect(data, path)
    if "strict" in inspect.signature(mod.load).parameters:
        return formats.checked(mod, data, path, strict=False)
    return formats.checked(mod, data, path)


def validate_bytes(data: bytes, *, path: str | None = None, fmt: str | None = None) -> list[Finding]:
    """Read ``data`` and list every finding (raises FormatError when it cannot be read at all)."""
    return validate(load_lenient(data, path, fmt), path)


def validate(loaded: Loaded, path: str | None = None) -> list[Finding]:
    """Every finding about a loaded tournament, sorted by place."""
    v = _Validator(loaded, path)
    v.run()
    return sorted(v.out, key=lambda f: (f.line or 0, f.column or 0, f.code))


# findings that leave a round's pairings undefined: `check` refuses such a file
PAIRING_CODES = frozenset({"duplicate-number", "unknown-opponent", "self-paired", "opponent-mismatch"})


def tournament_inconsistencies(t: Tournament) -> list[Finding]:
    """:func:`pairing_inconsistencies` of a tournament held in memory (no source lines)."""
    return pairing_inconsistencies(Loaded(t, []))


def pairing_inconsistencies(loaded: Loaded, path: str | None = None) -> list[Finding]:
    """The error findings that make re-pairing meaningless (an opponent who does not name the
    player back, an unknown opponent, a player paired with himself, a number used twice).

    >>> line = b"001    1      A".ljust(80) + b" 1.0    1     2 w 1"
    >>> from pairchk import formats
    >>> [f.code for f in pairing_inconsistencies(formats.load(b"012 X\\n" + line + b"\\n"))]
    ['unknown-opponent']
    """
    v = _Validator(loaded, path)
    v.out = []
    v.numbers()
    v.rounds()
    return sorted((f for f in v.out if f.code in PAIRING_CODES),
                  key=lambda f: (f.line or 0, f.column or 0, f.code))


class _Validator:
    def __init__(self, loaded: Loaded, path: str | None) -> None:
        self.t: Tournament = loaded.tournament
        self.meta = loaded.meta
        self.lines = loaded.lines
        self.path = path
        self.out: list[Finding] = list(self.meta.get("findings", ()))
        for w in loaded.warnings:
            self.out.append(Finding(W, "encoding" if "UTF-8" in w.message else "read", w.message,
                                    path, w.line, None))

    def _match_games(self, a: int, b: int, r: int, e, f, line: int | None) -> None:
        """The games of a match (Double-Swiss, two columns per round) complement each other one
        by one: results and colours."""
        n = len(e.games)
        for i, (g, h) in enumerate(zip(e.games, f.games)):
            col = 92 + 10 * (n * (r - 1) + i)
            if h.kind not in _COMPLEMENT.get(g.kind, {h.kind}):
                self.add(E, "result-mismatch",
                         f"round {r}, game {i + 1}: player {a} has {g.kind.code!r} against {b}, who "
                         f"has {h.kind.code!r}", line, col + 7, _expect(g.kind),
                         "results of one game must complement each other")
            elif g.color is h.color and g.color is not Color.NONE:
                self.add(E, "colour-mismatch",
                         f"round {r}, game {i + 1}: players {a} and {b} both have "
                         f"{g.color.name.lower()}", line, col + 5, "opposite colours (w against b)")

    def add(self, sev, code, message, line=None, column=None, expected=None, hint=None):
        self.out.append(Finding(sev, code, message, self.path, line, column, expected, hint))

    def pline(self, number: int) -> int | None:
        return self.lines.get(number)

    def rline(self, tag: str) -> int | None:
        return self.meta.get("records", {}).get(tag)

    def run(self) -> None:
        self.numbers()
        self.rounds()
        self.scores()
        self.players()
        self.dates()
        self.records()

    # ---------------------------------------------------------------- numbers
    def numbers(self) -> None:
        seen: dict[int, int | None] = {}
        for num, line in self.meta.get("player_lines", [(p.number, self.pline(p.number)) for p in self.t.players]):
            if num in seen:
                self.add(E, "duplicate-number", f"starting number {num} used twice (first on line {seen[num]})",
                         line, 5, "a different starting number", "each player needs their own number")
            else:
                seen[num] = line
        nums = sorted(seen)
        missing = _gaps(nums, 11)
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            self.add(E, "missing-number", f"no player with starting number {shown}",
                     self.pline(nums[0]) if nums else None, 5, f"starting numbers 1..{len(nums)}",
                     "a withdrawn player keeps their record; renumbering changes the pairings")
        if 0 in seen:
            self.add(E, "missing-number", "starting number 0", seen[0], 5, "a number from 1 to 9999")

    # ---------------------------------------------------------------- rounds
    def rounds(self) -> None:
        t = self.t
        by = t.by_number
        declared = t.rounds
        for p in t.players:
            line = self.pline(p.number)
            pabs = []
            for r, e in enumerate(p.entries, 1):
                col = 92 + 10 * (r - 1)
                if declared is not None and r > declared and e.kind is not Kind.NOT_PAIRED:
                    self.add(E, "rounds-exceeded", f"player {p.number} has an entry for round {r}",
                             line, col, f"at most {declared} rounds (record 142/XXR)",
                             "correct the number of rounds or remove the extra entry")
                if e.kind is Kind.PAB:
                    pabs.append(r)
                if e.kind.is_bye and e.opponent is not None:
                    self.add(E, "bye-with-opponent",
                             f"player {p.number}, round {r}: bye code {e.kind.code!r} next to opponent {e.opponent}",
                             line, col, "0000 with a bye code, or a game result with the opponent",
                             "a bye has no opponent")
                    continue
                if e.lacks_opponent:
                    self.add(W, "game-without-opponent",
                             f"player {p.number}, round {r}: result {e.kind.code!r} names no opponent",
                             line, col, "the opponent's starting number, or a bye code with 0000",
                             "a game needs two players: name the opponent or write the bye it"
                             " stands for (F, H, U, Z)")
                    continue
                if not e.kind.has_opponent or e.opponent is None:
                    continue
                if e.opponent == p.number:
                    self.add(E, "self-paired", f"player {p.number}, round {r}: paired with himself",
                             line, col, "another player's starting number")
                    continue
                q = by.get(e.opponent)
                if q is None:
                    self.add(E, "unknown-opponent", f"player {p.number}, round {r}: opponent {e.opponent} does not exist",
                             line, col, "the starting number of a player in the file")
                    continue
                f = q.entry(r)
                if f.opponent != p.number:
                    back = f"names {f.opponent}" if f.opponent else f"has {_describe(f)}"
                    self.add(E, "opponent-mismatch",
                             f"player {p.number}, round {r}: opponent {q.number} {back} in that round",
                             line, col, f"player {q.number} to name {p.number} in round {r}",
                             "one of the two round entries is wrong")
                    continue
                if p.number > q.number:
                    continue  # the pair was checked from the smaller number
                if e.color is not Color.NONE and f.color is not Color.NONE and e.color is f.color:
                    self.add(E, "colour-mismatch",
                             f"round {r}: players {p.number} and {q.number} both have {e.color.name.lower()}",
                             line, col + 5, "opposite colours (w against b)")
                elif (e.color is Color.NONE) != (f.color is Color.NONE) and e.kind.played:
                    self.add(W, "colour-mismatch",
                             f"round {r}: player {p.number} has colour {e.color.value!r}, player {q.number} {f.color.value!r}",
                             line, col + 5, "both colours or neither")
                if f.kind not in _COMPLEMENT.get(e.kind, set()):
                    self.add(E, "result-mismatch",
                             f"round {r}: player {p.number} has {e.kind.code!r} against {q.number}, who has {f.kind.code!r}",
                             line, col + 7, _expect(e.kind), "results of one game must complement each other")
                self._match_games(p.number, q.number, r, e, f, line)
            if len(pabs) > 1 and not self.t.teams:
                self.add(E, "second-pab",
                         f"player {p.number} has a pairing-allocated bye in rounds {', '.join(map(str, pabs))}",
                         line, 92 + 10 * (pabs[1] - 1), "at most one pairing-allocated bye per player",
                         "FIDE C.04.1 c: a player who has had a PAB shall not receive another")
        team_of = {p.number: p.team for p in t.players}
        for r in range(1, t.played_rounds + 1):
            got = [p.number for p in t.players if p.entry(r).kind is Kind.PAB]
            # in a team event the whole team gets the PAB: one team per round
            units = {team_of[n] if team_of[n] is not None else -n for n in got}
            if len(units) > 1:
                self.add(E, "multiple-pab", f"round {r}: {len(got)} pairing-allocated byes (players {', '.join(map(str, got))})",
                         self.pline(got[1]), 92 + 10 * (r - 1), "at most one pairing-allocated bye per round",
                         "a requested bye is H, F or Z, not U")

    # ---------------------------------------------------------------- scores
    def scores(self) -> None:
        t = self.t
        played = t.played_rounds
        for p in t.players:
            if p.points is None:
                continue
            got = sum((t.scoring.points(e) for e in p.entries), Decimal(0))
            if got == p.points:
                continue
            hint = "points must equal the results under the file's scoring system (162/XXS/BB*)"
            blanks = sum(1 for r in range(1, played + 1)
                         if p.entry(r).kind in (Kind.ABSENT, Kind.NOT_PAIRED))
            if blanks and (p.points - got) == Decimal("0.5") * blanks:
                hint = (f"the difference is ½ point for each of the {blanks} blank round(s): this file "
                        "seems to count a blank result as a half-point bye (TRF: blank = Z, 0 points)")
            self.add(E, "score-mismatch",
                     f"player {p.number}: declared points {fmt_points(p.points)}, results give {fmt_points(got)}",
                     self.pline(p.number), 81, fmt_points(got), hint)

    # ---------------------------------------------------------------- players
    def players(self) -> None:
        for p in self.t.players:
            line = self.pline(p.number)
            if p.rating is not None and not 1000 <= p.rating <= 3000:
                self.add(W, "rating-range", f"player {p.number}: rating {p.rating}", line, 49,
                         "a rating from 1000 to 3000, or blank for unrated")
            if p.birth and not _BIRTH.match(p.birth):
                self.add(W, "bad-date", f"player {p.number}: birth date {p.birth!r}", line, 70,
                         "YYYY/MM/DD or YYYY")
            if p.rank is None and self.meta.get("version") == "trf26":
                self.add(W, "rank-missing", f"player {p.number} has no rank", line, 86, "a rank (TRF26)")

    # ---------------------------------------------------------------- dates
    def dates(self) -> None:
        t = self.t
        start, end = iso_date(t.start_date), iso_date(t.end_date)
        likely = iso_event_dates(t.start_date, t.end_date, t.round_dates_iso)
        for tag, value, iso, guess in (("042", t.start_date, start, likely[0]), ("052", t.end_date, end, likely[1])):
            if value and not iso:
                hint = (f"the round dates suggest {guess}; write it as YYYY/MM/DD" if guess
                        else "TRF26 writes dates as YYYY/MM/DD")
                self.add(W, "bad-date", f"date {value!r} cannot be read unambiguously", self.rline(tag), 5,
                         "YYYY/MM/DD", hint)
        if start and end and end < start:
            self.add(E, "date-order", f"end date {t.end_date!r} is before start date {t.start_date!r}",
                     self.rline("052"), 5, f"a date on or after {start}")
        if t.round_dates:
            isos = t.round_dates_iso or ()
            for r, (d, i) in enumerate(zip(t.round_dates, isos), 1):
                if d and not i:
                    self.add(W, "bad-date", f"round {r} date {d!r} cannot be read unambiguously",
                             self.rline("132"), 92 + 10 * (r - 1), "YY/MM/DD (TRF16) or YYYY/MM/DD")

    # ---------------------------------------------------------------- records
    def records(self) -> None:
        t = self.t
        nums = {p.number for p in t.players}
        for tag, declared, actual, what in (
            ("062", t.declared_players, len(t.players), "players"),
            ("072", t.declared_rated, sum(1 for p in t.players if p.rating), "rated players"),
            ("082", t.declared_teams, len(t.teams), "teams"),
        ):
            if declared is not None and declared != actual:
                self.add(W, "count-mismatch", f"record {tag} declares {declared} {what}, the file has {actual}",
                         self.rline(tag), 5, str(actual))
        if not nums:
            return
        for fp in t.forbidden_pairs:
            for x in fp.players:
                if x not in nums:
                    self.add(E, "unknown-player", f"forbidden pair names player {x}",
                             self.rline("260") or self.rline("XXP"), 5, "a starting number in the file")
        for b in t.declared_byes:
            for x in b.players:
                if x not in nums:
                    self.add(E, "unknown-player", f"declared bye names player {x}",
                             self.rline("240") or self.rline("XXZ"), 5, "a starting number in the file")
        if not t.teams or t.lineups:  # in team files 250/299 number teams
            for a in t.acceleration:
                if a.player not in nums:
                    self.add(W, "unknown-player", f"acceleration for player {a.player}",
                             self.rline("250") or self.rline("XXA"), 5, "a starting number in the file")
        for tm in t.teams:
            for x in tm.members:
                if x and x not in nums:
                    self.add(E, "unknown-player", f"team {tm.number} ({tm.name}) lists player {x}",
                             self.rline("310") or self.rline("013"), 37, "a starting number in the file")


def _gaps(nums: list[int], limit: int) -> list[int]:
    """The first ``limit`` numbers of 1..max(nums) missing from the sorted ``nums`` (time: len(nums)).

    >>> _gaps([1, 2, 5, 10**9], 4)
    [3, 4, 6, 7]
    """
    out: list[int] = []
    prev = 0
    for n in nums:
        if n <= prev:
            continue
        out.extend(range(prev + 1, min(n, prev + 1 + limit - len(out))))
        if len(out) >= limit:
            break
        prev = n
    return out


def _describe(e) -> str:
    if e.kind is Kind.NOT_PAIRED:
        return "no entry"
    return f"result {e.kind.code!r} without opponent" if e.kind.code.strip() else "a blank entry"


def _expect(kind: Kind) -> str:
    comp = _COMPLEMENT.get(kind, set())
    return " or ".join(sorted(repr(k.code) for k in comp)) or "a complementary result"


__all__ = ["validate", "validate_bytes", "load_lenient", "pairing_inconsistencies", "PAIRING_CODES"]
