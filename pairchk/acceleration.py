"""Accelerated pairings: ONE layer of virtual points added to the pairing score before a round.

Acceleration is not a property of a pairing engine: it changes the pairing scores that every
Swiss system (Dutch, Dubov, Burstein, Lim, the club Swiss) reads from
:func:`pairchk.state.round_state`. The variant is chosen by

1. ``--acceleration`` (:func:`apply_acceleration` with a parsed :class:`Variant`), else
2. the file: its TRF26 250 / JaVaFo ``XXA`` records (or a format's own field that fills
   ``Tournament.acceleration``), else the 192 ``..._BAKU`` code (virtual points computed), else
3. none.

Two methods are known:

* **Baku** (FIDE C.04.7, 2026 art. 1, formerly C.04.5.1): :func:`baku_acceleration`.
* **Swiss-Chess "beschleunigte Paarungsermittlung"** (seed 003, the Swiss-Chess help text):
  :func:`swiss_chess_acceleration` with 2, 3 or 4 start groups.

:func:`detect_acceleration` finds which variant reproduces rounds 1-2 of a file that does not
say how it was accelerated; :func:`advice` recommends the number of start groups.

>>> from pairchk.model import Tournament, Player
>>> t = Tournament(rounds=9, system="FIDE_DUTCH_2026_BAKU", players=tuple(Player(n) for n in range(1, 11)))
>>> [str(a.for_round(r)) for r in (1, 3, 4, 5, 6)] if (a := baku_acceleration(t)[0]) else None
['1', '1', '0.5', '0.5', '0']
>>> len(baku_acceleration(t))  # GA = 2 * ceil(10 / 4) = 6
6
>>> parse_variant("swiss-chess:3").label
'Swiss-Chess acceleration with 3 start groups'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from math import ceil
from typing import Any

from .errors import PairchkError
from .model import Acceleration, Tournament


class AccelerationError(PairchkError):
    """An ``--acceleration`` value that names no known variant."""


# --------------------------------------------------------------------------- variants


@dataclass(frozen=True)
class Variant:
    """An acceleration method: ``"none"``, ``"baku"`` or ``"swiss-chess"`` with ``groups``."""

    method: str
    groups: int = 0

    @property
    def name(self) -> str:
        """The ``--acceleration`` spelling: ``none``, ``baku``, ``swiss-chess:3``."""
        return f"{self.method}:{self.groups}" if self.method == "swiss-chess" else self.method

    @property
    def label(self) -> str:
        if self.method == "swiss-chess":
            return f"Swiss-Chess acceleration with {self.groups} start groups"
        if self.method == "baku":
            return "Baku acceleration (C.04.7, 2026)"
        return "no acceleration"


NONE = Variant("none")
BAKU = Variant("baku")
SWISS_CHESS = tuple(Variant("swiss-chess", k) for k in (2, 3, 4))
CHOICES = ("none", "baku", "swiss-chess:2", "swiss-chess:3", "swiss-chess:4")


def parse_variant(text: str) -> Variant:
    """The :class:`Variant` named by an ``--acceleration`` value.

    >>> parse_variant("swiss-chess:2")
    Variant(method='swiss-chess', groups=2)
    >>> try:
    ...     parse_variant("swiss-chess:5")
    ... except AccelerationError as exc:
    ...     print(str(exc)[:55])
    unknown acceleration 'swiss-chess:5'; known: none, baku
    """
    key = text.strip().lower().replace("_", "-").replace("swisschess", "swiss-chess")
    m = re.fullmatch(r"swiss-chess[:/]?([234])", key)
    if m:
        return Variant("swiss-chess", int(m.group(1)))
    if key in ("none", "baku"):
        return Variant(key)
    raise AccelerationError(f"unknown acceleration {text!r}; known: {', '.join(CHOICES)}")


# --------------------------------------------------------------------------- Baku


def is_baku(t: Tournament) -> bool:
    """True when the file declares the Baku acceleration (TRF26 192 code or 092 text)."""
    return "BAKU" in t.system.upper() or "baku" in t.system_text.lower()


def baku_acceleration(t: Tournament) -> tuple[Acceleration, ...]:
    """Virtual points of the Baku acceleration, C.04.7 (2026) art. 1 (formerly C.04.5.1).

    GA = the first half of the players in initial order rounded up to an even number,
    2 * ceil(N / 4) (161 players -> 82). Accelerated rounds = first ceil(R / 2); in the first
    ceil(accelerated / 2) of them GA players get the points of a win, in the others half of it.
    GB players and later rounds get nothing. "A win" is a round won: in a competition whose
    rounds are matches of two games (Double-Swiss, C.04.5) a match won, i.e. two games.

    Note: this follows the rule text. One endorsed engine (bbpPairings' builtin Baku) uses a
    group of ceil(N / 2) instead; files produced with it carry their own 250/XXA records, which
    :func:`accelerations` prefers, so such files still check correctly.
    """
    n = len(t.players)
    rounds = t.rounds or t.played_rounds
    if n == 0 or rounds <= 0:
        return ()
    ga = 2 * ceil(n / 4)
    acc_rounds = ceil(rounds / 2)
    full = ceil(acc_rounds / 2)
    win = t.scoring.win * t.games_per_round
    pts = tuple(win if r <= full else win / 2 for r in range(1, acc_rounds + 1))
    pts = tuple(Decimal(p) for p in pts)
    return tuple(Acceleration(p.number, pts) for p in t.players[:ga])


# --------------------------------------------------------------------------- Swiss-Chess


def start_groups(n: int, groups: int) -> tuple[int, ...]:
    """Sizes of the start groups A, B, ... when ``n`` players are divided by ``groups``.

    The source splits the start list into "zwei Untergruppen (A + B)" that play A1 - A2 and
    B1 - B2 in round 1; it does not say where an odd list is cut. We cut at even positions,
    2 * ceil(i * n / (2 * groups)), so that every group but the last pairs among itself in
    round 1 without a floater (for 2 groups this is the Baku GA, 2 * ceil(n / 4)).

    >>> start_groups(10, 2), start_groups(10, 3), start_groups(16, 4), start_groups(6, 4)
    ((6, 4), (4, 4, 2), (4, 4, 4, 4), (2, 2, 2, 0))
    """
    cuts = [min(n, 2 * ceil(i * n / (2 * groups))) for i in range(groups)] + [n]
    return tuple(b - a for a, b in zip(cuts, cuts[1:]))


def swiss_chess_acceleration(t: Tournament, groups: int) -> tuple[Acceleration, ...]:
    """Pseudo-points of Swiss-Chess' "beschleunigte Paarungsermittlung" (seed 003).

    The source: "Realisiert wird das Verfahren dadurch, dass den Spielern der neuen
    Untergruppen Pseudopunkte zugeteilt werden, die für die Paarungsermittlung der ersten
    beiden Runden gelten und danach nicht weiter berücksichtigt werden." and, for
    "Startgruppe dividiert durch 2": "Die Teilnehmer der A-Gruppe erhalten einen Pseudopunkt,
    die Teilnehmer der B-Gruppe erhalten keinen Pseudopunkt." — "Für die anderen
    Auswahlpunkte gilt ein analoges Verfahren."

    How we read "analogously": each start group gets one pseudo-point more than the group
    below it, so /3 gives A 2, B 1, C 0 and /4 gives 3, 2, 1, 0. Only that keeps what the
    source says the method does for /2: round 1 is played inside the groups ("die erste Runde
    [wird] in verschiedenen Gruppen gespielt"), and in round 2 "die Sieger der / einer unteren
    Gruppe gegen die Verlierer der / einer oberen Gruppe" play (a winner of group C, 0 + 1,
    meets a loser of group B, 1 + 0). A pseudo-point is worth a win under the file's scoring.
    The points apply to rounds 1 and 2 only; from round 3 "es spielen immer die Punktgleichen
    gegeneinander". Groups are cut as in :func:`start_groups`, in starting-number order.

    >>> from pairchk.model import Player
    >>> t = Tournament(players=tuple(Player(n) for n in range(1, 7)))
    >>> [(a.player, [str(p) for p in a.points]) for a in swiss_chess_acceleration(t, 3)]
    [(1, ['2', '2']), (2, ['2', '2']), (3, ['1', '1']), (4, ['1', '1'])]
    """
    if groups not in (2, 3, 4):
        raise AccelerationError(
            f"Swiss-Chess acceleration needs 2, 3 or 4 start groups, got {groups}")
    win = Decimal(t.scoring.win)
    out: list[Acceleration] = []
    start = 0
    for i, size in enumerate(start_groups(len(t.players), groups)):
        pts = win * (groups - 1 - i)
        if pts:
            out.extend(Acceleration(p.number, (pts, pts)) for p in t.players[start:start + size])
        start += size
    return tuple(out)


# --------------------------------------------------------------------------- the layer


def accelerations(t: Tournament) -> tuple[Acceleration, ...]:
    """The virtual points to use: the file's 250/XXA records, else computed Baku points when
    the file declares the Baku method, else none. ``--acceleration`` reaches this through
    :func:`apply_acceleration`, which writes its variant into ``t`` first."""
    if t.acceleration:
        return t.acceleration
    if is_baku(t):
        return baku_acceleration(t)
    return ()


def variant_records(t: Tournament, variant: Variant) -> tuple[Acceleration, ...]:
    """The virtual points of ``variant`` for the players of ``t``."""
    if variant.method == "baku":
        return baku_acceleration(t)
    if variant.method == "swiss-chess":
        return swiss_chess_acceleration(t, variant.groups)
    return ()


def _without_baku(text: str) -> str:
    return re.sub(r"[_ -]?baku\b", "", text, flags=re.IGNORECASE)


def apply_acceleration(t: Tournament, variant: Variant | str | None) -> Tournament:
    """``t`` accelerated by ``variant`` (``--acceleration``); ``None`` keeps the file's own.

    The variant's virtual points replace the file's records; with any variant but Baku a
    Baku marker in the system code is dropped, so that it cannot bring its points back.

    >>> from pairchk.model import Player
    >>> t = Tournament(system="FIDE_DUTCH_2026_BAKU", rounds=5,
    ...                players=tuple(Player(n) for n in range(1, 5)))
    >>> u = apply_acceleration(t, "none")
    >>> u.system, accelerations(u)
    ('FIDE_DUTCH_2026', ())
    >>> [a.player for a in accelerations(apply_acceleration(t, "swiss-chess:2"))]
    [1, 2]
    """
    if variant is None:
        return t
    if isinstance(variant, str):
        variant = parse_variant(variant)
    records = variant_records(t, variant)
    if variant.method == "baku":
        return t.replace(acceleration=records)
    return t.replace(acceleration=records, system=_without_baku(t.system),
                     system_text=_without_baku(t.system_text))


def _points_by_player(records: tuple[Acceleration, ...]) -> dict[int, tuple[Decimal, ...]]:
    out: dict[int, tuple[Decimal, ...]] = {}
    for a in records:
        pts = list(a.points)
        while pts and not pts[-1]:
            pts.pop()
        if pts:
            out[a.player] = tuple(Decimal(x) for x in pts)
    return out


def recognise(t: Tournament) -> Variant | None:
    """The variant whose points the file's 250/XXA records are (or its ``_BAKU`` code), if any.

    >>> from pairchk.model import Player
    >>> t = Tournament(rounds=5, players=tuple(Player(n) for n in range(1, 9)))
    >>> recognise(apply_acceleration(t, "swiss-chess:4")).label
    'Swiss-Chess acceleration with 4 start groups'
    >>> recognise(t) is None
    True
    """
    if not t.acceleration:
        return BAKU if is_baku(t) else None
    have = _points_by_player(t.acceleration)
    for v in (BAKU,) + SWISS_CHESS:
        if _points_by_player(variant_records(t, v)) == have:
            return v
    return None


def article(t: Tournament) -> str:
    """Where the acceleration in force is defined: the Swiss-Chess help text (seed 003) for
    its pseudo-points, else FIDE C.04.7."""
    v = recognise(t)
    return "Swiss-Chess help" if v is not None and v.method == "swiss-chess" else "C.04.7"


def declared(t: Tournament) -> str:
    """How the file (or ``--acceleration``) says it was accelerated, in words; ``""`` when not.

    >>> declared(Tournament(system="FIDE_DUTCH_2026_BAKU"))
    'the file declares the Baku method (FIDE_DUTCH_2026_BAKU)'
    """
    if t.acceleration:
        v = recognise(t)
        what = f": {v.label}" if v is not None else ""
        return f"virtual points for {len(t.acceleration)} players (250/XXA){what}"
    if is_baku(t):
        return f"the file declares the Baku method ({(t.system or t.system_text).strip()})"
    return ""


# --------------------------------------------------------------------------- detection


def _same_round(a: Any, b: Any) -> bool:
    return {p.players for p in a.pairs} == {p.players for p in b.pairs} and a.bye == b.bye


def _reproduces(t: Tournament, system: Any, rounds: range, edition: str) -> bool:
    from .pairing import published_pairing

    build = getattr(system, "state", None) or getattr(system, "round_state")
    for rnd in rounds:
        try:
            reference = system.pair(build(t, rnd, edition=edition))
        except Exception:  # unpairable under this variant: it does not reproduce the round
            return False
        if not _same_round(published_pairing(t, rnd), reference):
            return False
    return True


def detect_acceleration(
    t: Tournament, system: Any, *, edition: str = "2026",
    candidates: tuple[Variant, ...] = (NONE, BAKU) + SWISS_CHESS,
) -> tuple[Variant, str] | None:
    """The first of ``candidates`` whose virtual points reproduce the pairs and bye of rounds
    1-2 of ``t`` with ``system``, and the reason in words; ``None`` when none does.

    ``system`` is a :class:`~pairchk.system.System` (``state``/``pair``) or a checker engine
    (``round_state``/``pair``). Colours are not compared: they follow the pairs and the
    initial colour, which the file may not declare. The checker calls this when a file does
    not say how it was accelerated and its first rounds deviate, instead of flagging every
    board of them. Only rounds recorded in the file are tried (round 2 is the last one the
    Swiss-Chess pseudo-points touch). When several candidates reproduce rounds 1-2 (Baku and
    Swiss-Chess /2 give the same points there when Baku's full-point rounds are 1-2), the
    later rounds decide: the candidate reproducing the longest run of rounds from round 1,
    up to the round after the last accelerated one, wins (ties: the earlier candidate).
    """
    last = min(2, t.played_rounds)
    if last < 1:
        return None
    rounds = range(1, last + 1)
    found = [(v, u) for v in candidates
             if _reproduces(u := apply_acceleration(t, v), system, rounds, edition)]
    if not found:
        return None
    best, upto = found[0][0], last
    if len(found) > 1:
        horizon = min(t.played_rounds, 1 + max(
            (len(a.points) for _, u in found for a in accelerations(u)), default=0))
        runs = [(_run_length(u, system, last, horizon, edition), i) for i, (_, u) in enumerate(found)]
        upto, i = max(runs, key=lambda r: (r[0], -r[1]))
        best = found[i][0]
    which = "round 1" if upto == 1 else f"rounds 1-{upto}"
    return best, f"{which} match {best.label}"


def _run_length(t: Tournament, system: Any, start: int, horizon: int, edition: str) -> int:
    """The last round up to ``horizon`` such that every round from ``start + 1`` on is
    reproduced (``start`` when the next one is not)."""
    last = start
    for rnd in range(start + 1, horizon + 1):
        if not _reproduces(t, system, range(rnd, rnd + 1), edition):
            break
        last = rnd
    return last


# --------------------------------------------------------------------------- advice


@dataclass(frozen=True)
class Advice:
    """The recommended number of Swiss-Chess start groups (1 = no acceleration)."""

    players: int
    rounds: int
    groups: int
    enough: bool  # False when even 4 groups cannot make the two best meet
    reasoning: str


def advice(players: int, rounds: int) -> Advice:
    """How many start groups seed 003 recommends for ``players`` and ``rounds``.

    The source wants "dass die beiden besten Spieler gegeneinander kommen (wenn beide alles
    gewinnen). Dies ist theoretisch nach der Formel „R = 2 hoch N“ (R = Rundenzahl,
    N = Teilnehmerzahl)" and gives "5 Runden (max. N = 32)": the formula is printed with the
    letters swapped, the example shows N = 2^R (each round halves the perfect scores). Its
    tables are cut off in our copy, so we derive them: with k start groups the top group of
    about N / k players plays rounds 1-2 among itself (winners meet winners), so when the
    stronger player always wins, the top group behaves like a tournament of N / k players,
    and the two best meet when N / k <= 2^R: k = ceil(N / 2^R), at most 4.

    >>> advice(32, 5).groups, advice(33, 5).groups, advice(100, 5).groups, advice(200, 5).enough
    (1, 2, 4, False)
    """
    if not 2 <= players <= 9999 or not 1 <= rounds <= 999:
        raise PairchkError(f"need 2 to 9999 players and 1 to 999 rounds (what a tournament file"
                           f" holds), got {players} and {rounds}")
    if rounds > 13:  # 2^14 > 9999: any field is resolved (and 2^999 is not worth printing)
        return Advice(players, rounds, 1, True, "\n".join([
            f"{rounds} rounds resolve {players} players: the two best meet if both win"
            " everything (Swiss-Chess help: 5 rounds, max. N = 32; N <= 2^R).",
            f"{players} <= 2^{rounds}: no acceleration needed.",
            "The source gives these as recommendations only; the arbiter may choose."]))
    cap = 2 ** rounds
    k = max(1, ceil(players / cap))
    enough = k <= 4
    k = min(k, 4)
    lines = [
        f"{rounds} rounds resolve at most 2^{rounds} = {cap} players: the two best meet "
        "if both win everything (Swiss-Chess help: 5 rounds, max. N = 32).",
    ]
    if k == 1:
        lines.append(f"{players} <= {cap}: no acceleration needed.")
    else:
        lines.append(f"With k start groups the top group of about {players}/k players plays "
                     f"rounds 1-2 among itself, so it needs {players}/k <= {cap}: "
                     f"k = ceil({players}/{cap}) = {ceil(players / cap)}.")
        lines.append(f"Recommended: --acceleration swiss-chess:{k} ({k} start groups).")
        if not enough:
            need = (ceil(players / 4) - 1).bit_length()
            lines.append(f"Even 4 groups cover only {4 * cap} players: play at least {need} "
                         "rounds for the two best to meet.")
    lines.append("The source gives these as recommendations only; the arbiter may choose.")
    return Advice(players, rounds, k, enough, "\n".join(lines))


__all__ = [
    "Variant", "NONE", "BAKU", "SWISS_CHESS", "CHOICES", "AccelerationError", "parse_variant",
    "baku_acceleration", "swiss_chess_acceleration", "start_groups", "accelerations",
    "variant_records", "apply_acceleration", "declared", "recognise", "article", "is_baku",
    "detect_acceleration",
    "Advice", "advice",
]
