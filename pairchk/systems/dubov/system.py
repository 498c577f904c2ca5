"""The FIDE Dubov system (C.04.4.1): editions "2026" (text applied from 1 Feb 2026) and "1997"
(the original text, as translated into German in the sources, ``seeds/000``).

``SYSTEM`` satisfies :class:`pairchk.system.System`. Engines: :mod:`.pair` (2026) and
:mod:`.edition1997`; shared rules and state: :mod:`.rules` (ARO comes from
:mod:`pairchk.state`).

Where 1997 and 2026 differ (article numbers of each text):

* Colour preference: 1997 1.3/1.4 "due colour" from the colour balance, then the last game; a
  player without games has none. 2026 1.6 absolute/strong/mild preferences; 1.6.4 a player
  without games has a mild preference for Black.
* Upfloat limits: 1997 2.5 is absolute (apart from the last round): never twice running, and per
  the German source text not "zum dritten Mal" (<= 9 rounds) / "zum vierten Mal" (> 9 rounds),
  i.e. at most 2 / 3 upfloats (the English 1997 handbook says "more than three/four times").
  2026 makes them quality criteria [C8]-[C10] with MaxT = 2 + floor(rounds/5) (1.8).
* Downfloats: 1997 6.4 floats unpairable players down ("Runterlosen"); 2026 1.3.2 has no
  downfloaters, only upfloaters chosen for the bracket (3.2.1-3.2.2, order 4.2).
* Bye: 1997 4. lowest scoregroup, lowest rating, larger colour subgroup, higher ARO (2.2 no
  second unplayed point); 2026 3.1 chosen before pairing: eligible ([C2] = C.04.1 art. 4),
  completion, lowest score, most games, largest TPN. 1997 round 1: the last player of the list.
* Subgroups: 1997 6.2 whites by ascending ARO / blacks by descending rating, rows paired 1-1,
  7.3/7.4 equalised by ARO; 2026 3.2.3-3.2.5 G1/G2 with shifters in middle-out order (4.3),
  S1 by ascending ARO, T2 = first legal transposition of G2 by TPN (4.4).
* Upfloater choice: 1997 7.1/7.2 highest rating, lowest ARO, due colour not that of the larger
  subgroup, placed first against the highest rating (8.); 2026 highest score then TPN (4.2),
  judged on [C6]-[C10].
* Colours: 1997 3. due colours, balance, alternate, higher ARO White, lower rating White; 2026
  5.2.1 initial colour by TPN parity when neither has played, both preferences, the stronger,
  alternate, the higher-ranked player's preference.
* Round 1: 1997 5. colour of board 1 drawn, odd boards alike; 2026 G1 = first half by TPN,
  colours by 5.2.1 (the initial colour to odd TPNs).
* Absolute colour rule: 1997 2.3/2.4 (|W-B| <= 2, not three in a row); 2026 [C3] two players
  with the same absolute preference shall not meet (no topscorer exception, unlike C.04.3).

>>> SYSTEM.name, SYSTEM.editions, "FIDE_DUBOV" in SYSTEM.codes
('dubov', ('2026', '1997'), True)
>>> from pairchk.model import Tournament, Player
>>> t = Tournament(rounds=5, players=tuple(Player(n, rating=2400 - 10 * n) for n in range(1, 6)))
>>> p = SYSTEM.pair(SYSTEM.state(t, 1, edition="2026"))
>>> [(x.white, x.black) for x in p.pairs], p.bye
([(1, 3), (4, 2)], 5)
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from decimal import Decimal

from ...errors import Unanswerable, UnknownEditionError
from ...model import Color, Tournament
from ...pairing import RoundPairing, published_pairing
from ...state import PrefKind
from ...system import (
    Criterion,
    UnpairableError,
    Violation,
    completion_faults,
    swiss_absolute_criteria,
)
from .edition1997 import pair_1997
from .pair import pair_2026
from .rules import DubovState, allocate, colour_misses, dubov_state

ED26 = "C.04.4.1 (2026)"
ED97 = "C.04.4.1 (1997)"

CRITERIA_2026 = (
    *swiss_absolute_criteria(ED26),
    Criterion("PAB", f"{ED26} art. 3.1", "PAB not to the lowest score, most games played, largest "
              "TPN (score, -games, -TPN of the assignee)"),
    Criterion("C5", f"{ED26} art. 2.3.1 [C5]", "upfloaters (per bracket, top down)"),
    Criterion("C6", f"{ED26} art. 2.3.2 [C6]", "score differences in pairs with upfloaters (per "
              "bracket, descending)"),
    Criterion("C7", f"{ED26} art. 2.3.3 [C7]", "players not getting their colour preference (per "
              "bracket)"),
    Criterion("C8", f"{ED26} art. 2.3.4 [C8]", "upfloaters who are maximum upfloaters (not in the "
              "last round)"),
    Criterion("C9", f"{ED26} art. 2.3.5 [C9]", "times maximum upfloaters have been upfloated (not "
              "in the last round)"),
    Criterion("C10", f"{ED26} art. 2.3.6 [C10]", "upfloaters who upfloated in the previous round "
              "(not in the last round)"),
    Criterion("PROC", f"{ED26} art. 3.2.2-3.2.5, 4.2-4.4", "pairs other than those of the "
              "procedure (upfloater order, G1/G2 shifters, S1 by ARO, first legal T2)"),
    Criterion("COL", f"{ED26} art. 5.2", "pairs whose colours differ from the colour allocation rules"),
)

CRITERIA_1997 = (
    Criterion("R21", f"{ED97} 2.1", "players meeting a second time", True),
    Criterion("R22", f"{ED97} 2.2", "a second point without playing (the bye)", True),
    Criterion("R23", f"{ED97} 2.3", "colour difference beyond 2", True),
    Criterion("R24", f"{ED97} 2.4", "the same colour three times in a row", True),
    Criterion("R25", f"{ED97} 2.5", "upfloats twice running or beyond the limit (not in the last "
              "round)", True),
    Criterion("COMPLETE", f"{ED97} 6.1", "players left without a game or bye, or paired although "
              "not to be paired", True),
    Criterion("BYE", f"{ED97} 4.", "bye not to the lowest scoregroup and lowest rating (score, "
              "rating of the assignee)"),
    Criterion("UP", f"{ED97} 6.1, 7.", "players paired outside their scoregroup (per group, top down)"),
    Criterion("DUE", f"{ED97} 3.", "players not getting their due colour (per group)"),
    Criterion("PROC", f"{ED97} 6.2-6.4, 7., 8.", "pairs other than those of the procedure"),
    Criterion("COL", f"{ED97} 3.", "pairs whose colours differ from the colour allocation rules"),
)


@dataclass(frozen=True)
class Quality2026:
    """Quality record of a round under the 2026 text; every field lower is better."""

    C1: int
    C2: int
    C3: int
    C4: int
    PAB: tuple
    C5: tuple
    C6: tuple
    C7: tuple
    C8: tuple
    C9: tuple
    C10: tuple
    PROC: int
    COL: int


@dataclass(frozen=True)
class Quality1997:
    """Quality record of a round under the 1997 text; every field lower is better."""

    R21: int
    R22: int
    R23: int
    R24: int
    R25: int
    COMPLETE: int
    BYE: tuple
    UP: tuple
    DUE: tuple
    PROC: int
    COL: int


CODES = ("FIDE_DUBOV", "FIDE_DUBOV_2026", "FIDE_DUBOV_2025", "FIDE_DUBOV_BAKU",
         "FIDE_DUBOV_2026_BAKU", "FIDE_DUBOV_2025_BAKU", "FIDE_DUBOV_BAKU_2026", "FIDE_DUBOV_BAKU_2025")


class DubovSystem:
    """The Dubov system behind the :class:`pairchk.system.System` protocol."""

    name = "dubov"
    title = "FIDE Dubov system (C.04.4.1)"
    codes = CODES
    editions = ("2026", "1997")
    fixed = False
    teams = False

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        """``--edition`` first, else the text in force (2026).

        >>> SYSTEM.select_edition(Tournament(), "1997")
        ('1997', 'chosen with --edition')
        """
        if override is not None:
            if override not in self.editions:
                raise UnknownEditionError(f"unknown Dubov edition {override!r}; known editions: "
                                   f"{', '.join(self.editions)}")
            return override, "chosen with --edition"
        code = (t.system or "").strip().upper()
        if code in CODES and re.search(r"202[56]", code):
            return "2026", f"system code {code}: the Dubov text in force (2026)"
        text = t.system_text or ""
        if re.search(r"\b1997\b", text):
            return "1997", f"year 1997 in the system text {text!r}"
        if code in CODES:
            return "2026", f"system code {code}: the Dubov text in force (2026)"
        return "2026", "the Dubov text in force (2026); use --edition 1997 for the original text"

    def criteria(self, edition: str) -> tuple[Criterion, ...]:
        return CRITERIA_1997 if edition == "1997" else CRITERIA_2026

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        return published_pairing(t, rnd)

    def state(self, t: Tournament, rnd: int, *, edition: str) -> DubovState:
        if edition not in self.editions:
            raise Unanswerable(f"unknown Dubov edition {edition!r}; known: {', '.join(self.editions)}")
        return dubov_state(t, rnd, edition=edition)

    def pair(self, state: DubovState) -> RoundPairing:
        return pair_1997(state) if state.edition == "1997" else pair_2026(state)

    def evaluate(self, state: DubovState, pairing: RoundPairing, *,
                 against: RoundPairing | None = None):
        """The quality record; with ``against``, the bracket fields hold the values of the
        first bracket (top down) in which the two pairings part, as the bracket-by-bracket
        procedure decides there first (3.2: brackets are paired from the top)."""
        return evaluate(state, pairing, against=against)

    def violations(self, state: DubovState, pairing: RoundPairing) -> list[Violation]:
        return violations(state, pairing)


# ----------------------------------------------------------------------------- evaluation

def _coloured(ds: DubovState, pairing: RoundPairing) -> list[tuple[int, int]]:
    """(white, black) of each pair; pairs without colours get the rule colours."""
    return [(p.white, p.black) if p.colored else allocate(ds, p.white, p.black) for p in pairing.pairs]


def _structure(ds: DubovState, pairing: RoundPairing) -> tuple[int, int, int]:
    """(rematches, absolute-colour clashes, completion faults) of a pairing."""
    faults = completion_faults(ds.base.order, pairing)
    rematch = sum(1 for p in pairing.pairs if ds.base.met(p.white, p.black))
    clash = sum(1 for p in pairing.pairs
                if ds.must(p.white) is not Color.NONE and ds.must(p.white) is ds.must(p.black))
    return rematch, clash, faults


def _levels(ds: DubovState) -> list[Decimal]:
    return sorted({ds.score(n) for n in ds.base.order}, reverse=True)


def _brackets(ds: DubovState, pairs) -> dict[Decimal, list[tuple[int, int]]]:
    out: dict[Decimal, list[tuple[int, int]]] = {s: [] for s in _levels(ds)}
    for w, b in pairs:
        out.setdefault(max(ds.score(w), ds.score(b)), []).append((w, b))
    return out


def _per_bracket(ds: DubovState, pairs: list[tuple[int, int]], against=None):
    """Pairs grouped by bracket, top down: the bracket of a pair is its higher pairing score;
    the other player of a pair with unequal scores is an upfloater (2026 1.3.2). With
    ``against`` (another pairing) only the first bracket in which the two differ."""
    out = _brackets(ds, pairs)
    levels = sorted(out, reverse=True)
    if against is not None:
        other = _brackets(ds, [(p.white, p.black) for p in against.pairs])
        for s in levels:
            mine = {frozenset(x) for x in out.get(s, [])}
            if mine != {frozenset(x) for x in other.get(s, [])}:
                return [out[s]]
    return [out[s] for s in levels]


def _upfloaters(ds: DubovState, pairs) -> list[int]:
    return [min((w, b), key=ds.score) for w, b in pairs if ds.score(w) != ds.score(b)]


def _reference_pairs(ds: DubovState) -> tuple[set, dict] | None:
    try:
        ref = SYSTEM.pair(ds)
    except UnpairableError:
        return None
    return {p.players for p in ref.pairs}, {p.players: (p.white, p.black) for p in ref.pairs}


def _proc_and_colours(ds: DubovState, pairing: RoundPairing) -> tuple[int, int]:
    ref = _reference_pairs(ds)
    if ref is None:
        return 0, 0
    sets, colours = ref
    proc = sum(1 for p in pairing.pairs if p.players not in sets)
    col = sum(1 for p in pairing.pairs if p.colored and p.players in colours
              and colours[p.players] != (p.white, p.black))
    return proc, col


def evaluate(ds: DubovState, pairing: RoundPairing, against: RoundPairing | None = None):
    """The quality record of ``pairing`` for the state's edition (see ``criteria``)."""
    if ds.edition == "1997":
        return _evaluate_1997(ds, pairing, against)
    rematch, clash, faults = _structure(ds, pairing)
    pairs = _coloured(ds, pairing)
    bye = pairing.bye
    pab = () if bye is None else (ds.score(bye), -ds.p(bye).played, -ds.tpn(bye))
    c2 = 1 if bye is not None and not ds.p(bye).pab_eligible else 0
    c5, c6, c7, c8, c9, c10 = [], [], [], [], [], []
    last = ds.base.last_round
    for br in _per_bracket(ds, pairs, against):
        ups = _upfloaters(ds, br)
        c5.append(len(ups))
        c6.append(tuple(sorted((abs(ds.score(w) - ds.score(b)) for w, b in br
                                if ds.score(w) != ds.score(b)), reverse=True)))
        c7.append(sum(colour_misses(ds, w, b) for w, b in br))
        maxed = [u for u in ups if ds.p(u).upfloats >= ds.maxt] if not last else []
        c8.append(len(maxed))
        c9.append(sum(ds.p(u).upfloats for u in maxed))
        c10.append(0 if last else sum(1 for u in ups if ds.p(u).float_before(1) == "U"))
    proc, col = _proc_and_colours(ds, pairing)
    return Quality2026(rematch, c2, clash, faults, pab, tuple(c5), tuple(c6), tuple(c7), tuple(c8),
                       tuple(c9), tuple(c10), proc, col)


def _evaluate_1997(ds: DubovState, pairing: RoundPairing, against=None) -> Quality1997:
    rematch, _, faults = _structure(ds, pairing)
    pairs = _coloured(ds, pairing)
    bye = pairing.bye
    r22 = 1 if bye is not None and not ds.p(bye).pab_eligible else 0
    cd, three = _colour_limits(ds, pairs)
    r25 = len(_upfloat_breaches(ds, pairs))
    up, due = [], []
    for br in _per_bracket(ds, pairs, against):
        up.append(len(_upfloaters(ds, br)))
        due.append(sum(colour_misses(ds, w, b) for w, b in br))
    bye_key = () if bye is None else (ds.score(bye), ds.p(bye).rating)
    proc, col = _proc_and_colours(ds, pairing)
    return Quality1997(rematch, r22, len(cd), len(three), r25, faults, bye_key, tuple(up), tuple(due),
                       proc, col)


def _colour_limits(ds: DubovState, pairs) -> tuple[list[int], list[int]]:
    """Players whose colour difference would pass +-2, and those with three in a row."""
    cd, three = [], []
    for w, b in pairs:
        for n, c in ((w, Color.WHITE), (b, Color.BLACK)):
            p = ds.p(n)
            if abs(p.color_diff + (1 if c is Color.WHITE else -1)) > 2:
                cd.append(n)
            if p.repeated is c:
                three.append(n)
    return cd, three


def _upfloat_breaches(ds: DubovState, pairs) -> list[int]:
    """1997 2.5 breaches; none in the last round, nor in a round that cannot be paired with the
    limitation at all (the arbiter's decision of the closing remark, as the engine does)."""
    if ds.base.last_round:
        return []
    from .edition1997 import _pairable

    if not _pairable(ds, list(ds.base.order)):
        return []
    out = []
    for u in _upfloaters(ds, pairs):
        p = ds.p(u)
        if p.float_before(1) == "U" or p.upfloats >= ds.maxt:
            out.append(u)
    return out


def _name(ds: DubovState, n: int) -> str:
    nm = ds.names.get(n, "")
    return f"{n} {nm}".strip()


def violations(ds: DubovState, pairing: RoundPairing) -> list[Violation]:
    """Breaches of the absolute rules: 2026 C.04.1 art. 2, 4, 6, 7 and [C3]; 1997 2.1-2.5."""
    out: list[Violation] = []
    r = ds.round
    ed97 = ds.edition == "1997"
    pairs = [(p.white, p.black, p.colored) for p in pairing.pairs]
    for w, b, _ in pairs:
        if ds.base.met(w, b):
            rule = f"{ED97} 2.1" if ed97 else "C.04.1 art. 2 (2026)"
            out.append(Violation(rule, f"{_name(ds, w)} and {_name(ds, b)} meet a second time "
                                       "(or are a forbidden pair)", (w, b), r))
    if pairing.bye is not None and not ds.p(pairing.bye).pab_eligible:
        rule = f"{ED97} 2.2" if ed97 else "C.04.1 art. 4 (2026)"
        out.append(Violation(rule, f"{_name(ds, pairing.bye)} gets the bye after a point without "
                                   "playing", (pairing.bye,), r))
    coloured = [(w, b) for w, b, c in pairs if c]
    cd, three = _colour_limits(ds, coloured)
    for n in cd:
        rule = f"{ED97} 2.3" if ed97 else "C.04.1 art. 6 (2026)"
        out.append(Violation(rule, f"{_name(ds, n)}: colour difference beyond 2", (n,), r))
    for n in three:
        rule = f"{ED97} 2.4" if ed97 else "C.04.1 art. 7 (2026)"
        out.append(Violation(rule, f"{_name(ds, n)}: the same colour three times in a row", (n,), r))
    if not ed97:
        for w, b in [(w, b) for w, b, _ in pairs]:
            pw, pb = ds.pref(w), ds.pref(b)
            if (pw is pb and ds.pref_kind(w) is PrefKind.ABSOLUTE
                    and ds.pref_kind(b) is PrefKind.ABSOLUTE):
                out.append(Violation(f"{ED26} art. 2.1.3 [C3]", f"{_name(ds, w)} and {_name(ds, b)} "
                                     f"both have an absolute preference for {pw.name.lower()}",
                                     (w, b), r))
    else:
        for u in _upfloat_breaches(ds, [(w, b) for w, b, _ in pairs]):
            out.append(Violation(f"{ED97} 2.5", f"{_name(ds, u)} upfloated twice running or beyond "
                                 f"{ds.maxt} times", (u,), r))
    return out


SYSTEM = DubovSystem()

__all__ = ["SYSTEM", "DubovSystem", "Quality2026", "Quality1997", "CRITERIA_2026", "CRITERIA_1997",
           "evaluate", "violations"]

# the record's fields are the criterion keys, in order
assert [f.name for f in dataclasses.fields(Quality2026)] == [c.key for c in CRITERIA_2026]
assert [f.name for f in dataclasses.fields(Quality1997)] == [c.key for c in CRITERIA_1997]
