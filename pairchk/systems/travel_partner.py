"""Travel-partner league (the source text's "Reisepartnersystem"): team round robin in double weekends.

Rules, from the source text (quoted in tests/test_travel_partner.py):

- Teams ``2k−1`` and ``2k`` are travel partners (pair ``k``). A field not divisible by four is
  padded with "spielfrei" entrants (up to three); two spielfrei entrants are partners.
- "Die Paare werden wie Teilnehmer in einem Rundenturnier behandelt, wobei eine ausgeloste
  »Runde« einem Spieltag mit zwei Runden entspricht": the pairs play a Berger round robin
  (:mod:`pairchk.systems.berger`); on match day ``d`` pair A (first named) meets pair B in two
  rounds: ``a1–b1, a2–b2`` and then, partners exchanged, ``a1–b2, a2–b1``.
- Colours: "Erst haben beide Mannschaften des zuerst genannten Paares an den geraden Brettern
  Weiß, dann bei Partnertausch (natürlich) Schwarz."
- Partners meet each other first (``partners="first"``: an extra single round before match
  day 1), or on the pair's first home weekend (``partners="home"``: "erst bei ihrem Heimspiel
  die Extrarunde ... drei Wettkämpfe in einem Abwasch"). When two spielfrei entrants form a pair,
  each pair meets its partner on the weekend it faces the spielfrei pair ("da beide spielfrei
  haben"), and no extra round is needed.
- Home right (the venue of the weekend) goes to a team of the first-named pair. Our reading
  (see ``host``): a pair's partners take turns hosting its home weekends, the even-numbered
  partner first; that is the one reading under which "Die Mannschaft mit der höchsten
  Startnummer überhaupt (ggf. spielfrei) hat an den Spieltagen Heimrecht, die gerade, aber nicht
  durch vier teilbar sind" holds, and it gives the odd-numbered partner the single (partner)
  round at home ("in den Einzelrunden die Mannschaften mit ungeraden Startnummern Heimspiel").
  The first-named partner of the partner match is the odd one; it has White on even boards (the
  text does not say; we follow its rule for the first-named team).

>>> r = schedule(8)
>>> [(m.first, m.second) for m in r[0].matches]
[(1, 2), (3, 4), (5, 6), (7, 8)]
>>> [(m.first, m.second, m.white_on_even, m.host) for m in r[1].matches]
[(1, 7, 1, 2), (2, 8, 2, 2), (3, 5, 3, 4), (4, 6, 4, 4)]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PairchkError
from ..model import Color, Tournament
from ..pairing import Pair, RoundPairing
from ..system import Violation
from . import berger
from .fixed import FixedSystem, states_from

NAME = "travel-partner"
SOURCE = "Reisepartnersystem (source text)"


@dataclass(frozen=True)
class TeamPairing:
    """One team match: ``first`` is the team of the first-named pair (the home side of the
    match), ``white_on_even`` the team with White on the even boards, ``host`` the venue."""

    first: int
    second: int
    white_on_even: int
    host: int

    def as_json(self) -> dict:
        return {
            "first": self.first,
            "second": self.second,
            "white_on_even_boards": self.white_on_even,
            "host": self.host,
        }


@dataclass(frozen=True)
class TeamRound:
    """A round of team matches; ``day`` is the match day (0 = the partners' extra round)."""

    round: int
    day: int
    matches: tuple[TeamPairing, ...]
    byes: tuple[int, ...] = ()

    def as_json(self) -> dict:
        return {
            "round": self.round,
            "day": self.day,
            "matches": [m.as_json() for m in self.matches],
            "byes": list(self.byes),
        }


def padded_size(teams: int) -> int:
    """Entrants after padding with spielfrei: the next multiple of four ("nur durch vier teilbare
    Anzahlen ..., notfalls mit dreimal Spielfrei")."""
    return -(-teams // 4) * 4


def host(pair: int, day: int, pairs: int) -> int:
    """The team of ``pair`` that hosts its home weekend on match ``day`` (see module doc).

    >>> host(4, 2, 4), host(6, 2, 6), host(6, 4, 6)
    (8, 12, 11)
    """
    days = [
        r.round
        for r in berger.single_cycle(pairs)
        if any(p.white == pair for p in r.pairs)
    ]
    j = days.index(day)
    return 2 * pair if j % 2 == 0 else 2 * pair - 1


def schedule(n: int, *, partners: str = "first", **_: object) -> list[TeamRound]:
    """The travel-partner schedule for ``n`` teams.

    >>> [len(r.matches) for r in schedule(8)]
    [4, 4, 4, 4, 4, 4, 4]
    >>> len(schedule(10)), schedule(10)[1].byes
    (10, (1, 2))
    """
    from .roundrobin import check_size

    check_size(n, what="a travel-partner league", unit="teams")
    if partners not in ("first", "home"):
        raise PairchkError(f"partners must be 'first' or 'home', got {partners!r}")
    size = padded_size(n)
    P = size // 2
    real = lambda x: x <= n  # noqa: E731
    bye_pair = not real(size - 1)  # both of pair P are spielfrei
    table = berger.single_cycle(P)
    # day on which each pair plays its partner match (0 = extra round before day 1)
    partner_day: dict[int, int] = {}
    for r in table:
        for p in r.pairs:
            if bye_pair and P in p.players:
                partner_day[next(iter(p.players - {P}))] = r.round
    for k in range(1, P + 1):
        if k in partner_day or (bye_pair and k == P):
            continue
        if partners == "home":
            homes = [r.round for r in table if any(p.white == k for p in r.pairs)]
            partner_day[k] = homes[0] if homes else 1
        else:
            partner_day[k] = 0

    def partner_match(k: int, venue: int | None = None) -> TeamPairing:
        # the odd partner is named first and, for a single round, hosts; on a home weekend the
        # partner match is played at that weekend's venue
        return TeamPairing(2 * k - 1, 2 * k, 2 * k - 1, venue or 2 * k - 1)

    rounds: list[TeamRound] = []

    def emit(day: int, matches: list[TeamPairing]) -> None:
        playing = [m for m in matches if real(m.first) and real(m.second)]
        busy = {x for m in playing for x in (m.first, m.second)}
        byes = tuple(x for x in range(1, n + 1) if x not in busy)
        rounds.append(TeamRound(len(rounds) + 1, day, tuple(playing), byes))

    extra = [partner_match(k) for k in range(1, P + 1) if partner_day.get(k) == 0]
    if extra:
        emit(0, extra)
    for r in table:
        d = r.round
        first_round: list[TeamPairing] = []
        second_round: list[TeamPairing] = []
        home_extra: list[TeamPairing] = []
        for p in r.pairs:
            a, b = p.white, p.black
            if bye_pair and P in (a, b):
                k = a if b == P else b
                first_round.append(partner_match(k))
                continue
            h = host(a, d, P)
            if not real(h):
                h = 2 * a - 1
            a1, a2, b1, b2 = 2 * a - 1, 2 * a, 2 * b - 1, 2 * b
            first_round += [TeamPairing(a1, b1, a1, h), TeamPairing(a2, b2, a2, h)]
            second_round += [TeamPairing(a1, b2, b2, h), TeamPairing(a2, b1, b1, h)]
            for k in (a, b):
                if partner_day.get(k) == d and partners == "home" and not bye_pair:
                    venue = h if k == a else None
                    home_extra.append(partner_match(k, venue))
        if home_extra:
            emit(d, home_extra)
        emit(d, first_round)
        emit(d, second_round)
    return rounds


def render(rounds: list[TeamRound]) -> str:
    lines = []
    for r in rounds:
        label = "partners" if r.day == 0 else f"day {r.day}"
        games = "  ".join(
            f"{m.first}-{m.second}" + ("*" if m.white_on_even == m.first else "") for m in r.matches
        )
        byes = f"  spielfrei: {', '.join(map(str, r.byes))}" if r.byes else ""
        hosts = sorted({m.host for m in r.matches})
        lines.append(f"Round {r.round:>2} ({label}, hosts {', '.join(map(str, hosts))}):  {games}{byes}")
    lines.append("(* = the first-named team has White on the even boards)")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------- checking


@dataclass(frozen=True)
class FoundMatch:
    first: int
    second: int
    white_on_even: int | None  # None: colours not known (no line-ups / colours)
    colour_problems: tuple[str, ...] = ()


def team_of(t: Tournament) -> dict[int, int]:
    """Player number -> team number, from Team.members, else Player.team."""
    out: dict[int, int] = {}
    for team in t.teams:
        for m in team.members:
            out[m] = team.number
    for p in t.players:
        if p.number not in out and p.team is not None:
            out[p.number] = p.team
    return out


def found_matches(t: Tournament, rnd: int) -> list[FoundMatch]:
    """The team matches of round ``rnd``: from TeamMatch records, else from the games."""
    teams = team_of(t)
    lineup = {(lu.team, lu.round): lu.players for lu in t.lineups}
    pairs: dict[frozenset[int], tuple[int, int]] = {}
    for tm in t.team_matches:
        if tm.round == rnd and tm.away is not None:
            pairs[frozenset((tm.home, tm.away))] = (tm.home, tm.away)
    for p in t.players:
        e = p.entry(rnd)
        if e.kind.has_opponent and e.opponent in teams and p.number in teams:
            a, b = teams[p.number], teams[e.opponent]
            if a != b:
                pairs.setdefault(frozenset((a, b)), (min(a, b), max(a, b)))
    out = []
    for key, (first, second) in pairs.items():
        members = lineup.get((first, rnd))
        if members is None:
            members = tuple(
                sorted((p.number for p in t.players if teams.get(p.number) == first
                        and t.player(p.number).entry(rnd).opponent in {q for q, tm in teams.items() if tm == second}))
            )
        white_even: set[int] = set()
        problems = []
        for board, pl in enumerate(members, 1):
            e = t.player(pl).entry(rnd)
            if e.color not in (Color.WHITE, Color.BLACK):
                continue
            # the team with White on this board, mapped to "White on even boards"
            has_white_here = first if e.color is Color.WHITE else second
            other = second if has_white_here == first else first
            white_even.add(has_white_here if board % 2 == 0 else other)
        we = white_even.pop() if len(white_even) == 1 else None
        if len(white_even) > 0:
            problems.append(f"{first}–{second}: colours do not alternate along the boards")
        out.append(FoundMatch(first, second, we, tuple(problems)))
    return out


_PAIR_RULE = f"{SOURCE}: the pairs play a Berger round robin, two rounds per match day"
_COLOUR_RULE = (f"{SOURCE}: \"Erst haben beide Mannschaften des zuerst genannten Paares an den "
                f"geraden Brettern Weiß, dann bei Partnertausch (natürlich) Schwarz.\"")


def _as_pairing(rnd: int, matches) -> RoundPairing:
    """Team matches as a pairing: "White" is the team with White on the even boards."""
    pairs = []
    for m in matches:
        we = m.white_on_even
        if we is None:
            pairs.append(Pair(m.first, m.second, colored=False))
        else:
            pairs.append(Pair(we, m.second if we == m.first else m.first))
    return RoundPairing(rnd, tuple(sorted(pairs, key=lambda p: min(p.players))))


def _colour_rule(pair: Pair) -> str:
    return _COLOUR_RULE


class TravelPartnerSystem(FixedSystem):
    """The travel-partner league as a :class:`~pairchk.system.System` (teams). Both partner-round
    placements are tried; the notes say which one the file follows."""

    name = NAME
    title = "Travel-partner league (Reisepartnersystem of the source text)"
    codes = ()
    teams = True
    article = SOURCE

    def plan(self, t: Tournament):
        n = len(t.teams) or len(set(team_of(t).values()))
        if n < 2:
            return (), ("no teams in the file: a travel-partner league is a team event",)
        rounds = max([tm.round for tm in t.team_matches] + [t.played_rounds])
        found = [found_matches(t, r) for r in range(1, rounds + 1)]
        best = None
        for mode in ("first", "home"):
            table = schedule(n, partners=mode)
            score = sum(_as_pairing(r, f) == _as_pairing(r, table[r - 1].matches)
                        for r, f in enumerate(found[: len(table)], 1))
            if best is None or score > best[0]:
                best = (score, mode, table)
        assert best is not None
        _, mode, table = best
        note = ("partners meet in an extra round before the first match day" if mode == "first"
                else "partners meet on the pair's first home weekend (or when facing the "
                     "spielfrei pair)")
        rows = []
        for r, f in enumerate(found, 1):
            broken = [Violation(SOURCE, text, (), r) for m in f for text in m.colour_problems]
            if r > len(table):
                broken.append(Violation(SOURCE, f"round {r} is beyond the schedule's {len(table)} "
                                                "rounds", (), r))
                expected = RoundPairing(r, ())
                details: dict = {}
            else:
                expected = _as_pairing(r, table[r - 1].matches)
                details = {"expected": [m.as_json() for m in table[r - 1].matches]}
            rows.append(dict(round=r, published=_as_pairing(r, f), scheduled=expected,
                             cycle=len(table), pair_rule=_PAIR_RULE, colour_rule=_colour_rule,
                             colour_word="White on the even boards", found=tuple(broken),
                             details=details))
        return states_from(rows, [note])


SYSTEM = TravelPartnerSystem()
