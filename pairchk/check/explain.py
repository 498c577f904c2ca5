"""Explanations an arbiter can act on: the verdict, where two pairings part, who gains or loses
what on the deciding criterion, the rule in one line, and the round's table (``--explain N``).

Everything here reads the shared derived state (:func:`pairchk.state.round_state`: scores,
pairing scores, colour histories and preferences, floats, PAB eligibility), whatever system
paired the round, and names players by number and name.

>>> from pairchk.model import Tournament, Player
>>> who(Tournament(players=(Player(17, name="Meier, Hans"),)), 17)
'17 Meier, Hans'
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable

from ..model import Color, Tournament
from ..pairing import Pair, RoundPairing
from ..state import DOWN, UP, RoundState, round_state
from ..system import Criterion

# The three verdicts of issue 9, worded once.
BREAKS_RULE = "the published round breaks an absolute rule"
NOT_PRESCRIBED = "legal, but not the pairing the rules prescribe"
ORDER_ONLY = "as good as the reference on every criterion: it differs only in the generation order"
COLOURS_ONLY = "same pairs, but colours other than the colour allocation rules give"
ROUND_ONE = "round 1 is fixed by the pairing numbers: the published round follows another order"
BETTER = "the published pairing is better than the reference: the reference engine may be wrong"


def who(t: Tournament, number: int | None) -> str:
    """``17 Meier, Hans``: the number and the name (the number alone when there is none)."""
    if number is None:
        return "none"
    p = t.by_number.get(number)
    return f"{number} {p.name}" if p is not None and p.name else str(number)


def _pts(x: Decimal) -> str:
    return format(x.normalize(), "f") if x == x.to_integral() else str(x)


def shared_state(t: Tournament, rnd: int, edition: str) -> RoundState | None:
    """The shared state before ``rnd`` (edition 2017 or 2026 rules for floats and PAB)."""
    try:
        return round_state(t, rnd, edition="2017" if edition == "2017" else "2026")
    except Exception:  # explanations never fail a check
        return None


def _colour(pairing: RoundPairing) -> dict[int, Color]:
    out = {}
    for p in pairing.pairs:
        if p.colored:
            out[p.white], out[p.black] = Color.WHITE, Color.BLACK
    return out


def _opponent(pairing: RoundPairing) -> dict[int, int]:
    return {x: (p.black if x == p.white else p.white) for p in pairing.pairs for x in (p.white, p.black)}


def parting(published: RoundPairing, reference: RoundPairing) -> set[int]:
    """Players whose opponent, colour or bye differs between the two pairings."""
    po, ro = _opponent(published), _opponent(reference)
    pc, rc = _colour(published), _colour(reference)
    out = {x for x in set(po) | set(ro) if po.get(x) != ro.get(x)}
    out |= {x for x in set(pc) & set(rc) if pc[x] is not rc[x]}
    if published.bye != reference.bye:
        out |= {x for x in (published.bye, reference.bye) if x is not None}
    return out


def where(st: RoundState | None, published: RoundPairing, reference: RoundPairing) -> str:
    """The score bracket (score group by pairing score) where the two pairings first part."""
    if st is None:
        return ""
    players = [x for x in parting(published, reference) if x in st.players]
    if not players:
        return ""
    top = max(st.players[x].pairing_score for x in players)
    group = [x for x in st.order if st.players[x].pairing_score == top]
    accel = any(st.players[x].pairing_score != st.players[x].score for x in st.order)
    kind = "pairing score" if accel else "score"
    return (f"the {kind} {_pts(top)} bracket ({len(group)} player{'s' if len(group) != 1 else ''}"
            f"), the highest where the two pairings part")


def _wants(st: RoundState, x: int) -> str:
    ps = st.players[x]
    if ps.pref is Color.NONE:
        return "has no colour preference"
    return f"prefers {'white' if ps.pref is Color.WHITE else 'black'} ({ps.pref_kind.value})"


def _colour_facts(t: Tournament, st: RoundState, published: RoundPairing,
                  reference: RoundPairing, strong_only: bool) -> list[str]:
    pc, rc = _colour(published), _colour(reference)
    out = []
    for x in sorted(set(pc) & set(st.players), key=lambda n: st.order.index(n) if n in st.order else n):
        ps = st.players[x]
        if ps.pref is Color.NONE or (strong_only and ps.pref_kind.value == "mild"):
            continue
        got, ref = pc[x], rc.get(x)
        name = {Color.WHITE: "white", Color.BLACK: "black"}
        if got is not ps.pref and ref is ps.pref:
            out.append(f"{who(t, x)} gets {name[got]}, {_wants(st, x)}; the reference gives "
                       f"{name[ref]}")
        elif got is ps.pref and ref is not None and ref is not ps.pref:
            out.append(f"{who(t, x)} gets {name[got]} as preferred; the reference gives "
                       f"{name[ref]}")
    return out


def _floats(st: RoundState, pairing: RoundPairing) -> dict[int, str]:
    """Who floats in ``pairing``: "down" (paired below), "up" (paired above), "bye"."""
    out = {}
    for p in pairing.pairs:
        a, b = st.players.get(p.white), st.players.get(p.black)
        if a is None or b is None:
            continue
        if a.pairing_score > b.pairing_score:
            out[p.white], out[p.black] = "down", "up"
        elif b.pairing_score > a.pairing_score:
            out[p.black], out[p.white] = "down", "up"
    if pairing.bye is not None:
        out[pairing.bye] = "bye"
    return out


def _float_history(st: RoundState, x: int) -> str:
    ps = st.players[x]
    bits = []
    for back in (1, 2):
        f = ps.float_before(back)
        if f in (DOWN, UP):
            rnd = st.round - back
            bits.append(f"{'down' if f == DOWN else 'up'}floated in round {rnd}")
    return "; ".join(bits)


def _float_facts(t: Tournament, st: RoundState, published: RoundPairing,
                 reference: RoundPairing) -> list[str]:
    pf, rf = _floats(st, published), _floats(st, reference)
    out = []
    for x in sorted(set(pf) | set(rf), key=lambda n: st.order.index(n) if n in st.order else n):
        if x not in st.players or pf.get(x) == rf.get(x):
            continue
        hist = _float_history(st, x)
        ps = st.players[x]
        score = (f"pairing score {_pts(ps.pairing_score)}" if ps.pairing_score != ps.score
                 else f"score {_pts(ps.score)}")
        how: dict[str | None, str] = {"down": "floats down", "up": "floats up",
                                      "bye": "gets the bye"}
        inside = "paired inside the score group"
        out.append(f"{who(t, x)} ({score}) {how.get(pf.get(x), 'is ' + inside)}"
                   + (f" ({hist})" if hist else "")
                   + f"; in the reference: {how.get(rf.get(x), inside)}")
    return out


def _bye_facts(t: Tournament, st: RoundState, published: RoundPairing,
               reference: RoundPairing) -> list[str]:
    out = []
    for label, x in (("the published round gives the bye to", published.bye),
                     ("the reference gives it to", reference.bye)):
        if x is None or x not in st.players:
            out.append(f"{label} nobody")
            continue
        ps = st.players[x]
        extra = "" if ps.pab_eligible else ", not eligible (had a PAB or a win without playing)"
        out.append(f"{label} {who(t, x)} (score {_pts(ps.pairing_score)}, {ps.unplayed} "
                   f"unplayed round{'s' if ps.unplayed != 1 else ''}{extra})")
    return ["; ".join(out)]


def _pair_facts(t: Tournament, published: RoundPairing, reference: RoundPairing) -> list[str]:
    po, ro = _opponent(published), _opponent(reference)
    out = []
    for x in sorted(parting(published, reference)):
        if po.get(x) != ro.get(x) and x in po and (x < po[x] or po[x] not in parting(published, reference)):
            out.append(f"{who(t, x)} meets {who(t, po[x])}; in the reference: "
                       f"{who(t, ro.get(x))}")
    return out[:6]


def facts(t: Tournament, st: RoundState | None, criterion: Criterion | None, key: str,
          published: RoundPairing, reference: RoundPairing) -> list[str]:
    """Who gains or loses what on the deciding criterion (``key``), by number and name."""
    if st is None:
        return []
    words = f"{key} {criterion.words if criterion else ''}".lower()
    if "colour" in words:
        got = _colour_facts(t, st, published, reference, strong_only="strong" in words)
        return [g.rstrip("; ") for g in got][:6] or _pair_facts(t, published, reference)
    if "pab" in words or "bye" in words:
        return _bye_facts(t, st, published, reference)
    if any(w in words for w in ("float", "mdp", "psd", "pairs", "score")):
        got = _float_facts(t, st, published, reference)
        back = 1 if "previous round" in words else 2 if "two rounds before" in words else 0
        if back:  # the players the criterion counts: those who floated that round too
            marked = [g for g in got if f"in round {st.round - back}" in g]
            got = marked or got
        return got[:6] or _pair_facts(t, published, reference)
    return _pair_facts(t, published, reference)


def acceleration_note(st: RoundState | None, players: Iterable[int], t: Tournament | None = None) -> str:
    """When virtual points count in this round for players involved: say so with figures."""
    if st is None:
        return ""
    shown = []
    for x in sorted(players):
        ps = st.players.get(x)
        if ps is not None and ps.pairing_score != ps.score:
            shown.append(f"{x}: {_pts(ps.pairing_score)} = {_pts(ps.score)} + "
                         f"{_pts(ps.pairing_score - ps.score)}")
    if not shown:
        return ""
    from ..acceleration import article, declared

    how = declared(t) if t is not None else ""
    art = article(t) if t is not None else "C.04.7"
    return (f"acceleration in force this round ({art}" + (f"; {how}" if how else "") + "): "
            "pairing score = points + virtual points (" + ", ".join(shown[:6]) + ")")


def colour_rule_note(t: Tournament, st: RoundState | None, swapped: list[tuple[Pair, Pair]],
                     edition: str) -> list[str]:
    """For colours the preferences do not decide: the rule that does, with the numbers it uses
    (the higher-ranked player's pairing number among the players present, the initial colour)."""
    if st is None:
        return []
    rule = "C.04.3 art. 5.2.5 (2026)" if edition != "2017" else "C.04.3 E.5 (2017)"
    out = []
    for pub, ref in swapped[:3]:
        a, b = st.players.get(pub.white), st.players.get(pub.black)
        if a is None or b is None or a.pref is not Color.NONE or b.pref is not Color.NONE:
            continue
        hi = a if (a.pairing_score, -a.rank) > (b.pairing_score, -b.rank) else b
        tpn = hi.pairing_rank + 1
        initial = "white" if st.initial_color is Color.WHITE else "black"
        gets = initial if tpn % 2 else ("black" if initial == "white" else "white")
        moved = "" if tpn == hi.rank + 1 else (
            f" (start number {hi.number}, rank {hi.rank + 1}: players absent from every round so "
            "far have no pairing number)")
        out.append(f"{who(t, hi.number)} is the higher ranked, pairing number {tpn} among the "
                   f"players present{moved}; the initial colour is {initial}, so {'odd' if tpn % 2 else 'even'} "
                   f"{tpn} gets {gets} ({rule}); the file gives {who(t, pub.white)} white")
    return out


# --------------------------------------------------------------------------- the round table


@dataclass(frozen=True)
class TableRow:
    number: int
    name: str
    score: Decimal
    pairing_score: Decimal
    colours: str
    preference: str
    floats: str
    pab: str
    bracket: int
    paired: bool


def round_table(t: Tournament, rnd: int, edition: str) -> list[TableRow]:
    """The table the endorsed checkers print before a round: every player to be paired, in
    pairing order, with score, pairing score, colour history and preference, floats, PAB
    eligibility and score bracket (1 = the top group)."""
    st = shared_state(t, rnd, edition)
    if st is None:
        return []
    levels = sorted({st.players[x].pairing_score for x in st.order}, reverse=True)
    rows = []
    for x in list(st.order) + sorted(n for n in st.players if n not in st.order):
        ps = st.players[x]
        hist = "".join("W" if c is Color.WHITE else "B" for c in ps.colors) or "-"
        pref = "-" if ps.pref is Color.NONE else (
            ("W" if ps.pref is Color.WHITE else "B") + {"absolute": "!!", "strong": "!",
                                                         "mild": ""}.get(ps.pref_kind.value, ""))
        letters: dict[str | None, str] = {DOWN: "D", UP: "U"}  # a round without float: "."
        fl = "".join(letters.get(f, ".") for f in ps.floats) or "-"
        bracket = levels.index(ps.pairing_score) + 1 if x in st.order else 0
        rows.append(TableRow(x, t.by_number[x].name if x in t.by_number else "", ps.score,
                             ps.pairing_score, hist, pref, fl,
                             "yes" if ps.pab_eligible else "no", bracket, x in st.order))
    return rows


def table_text(t: Tournament, rnd: int, edition: str) -> str:
    """:func:`round_table` as text, with a legend."""
    rows = round_table(t, rnd, edition)
    text = f", floats and PAB by the {edition} text" if edition[:1].isdigit() else ""
    head = (f"round {rnd}: the players to be paired, in pairing order{text} (players not "
            "paired this round at the end, bracket 'absent')")
    width = max([len(r.name) for r in rows] + [4])
    lines = [head, f"{'TPN':>4}  {'name':<{width}}  {'score':>5}  {'pscore':>6}  "
                   f"{'colours':<12} {'pref':<4} {'floats':<12} {'PAB':<3} {'bracket':>7}"]
    for r in rows:
        br = str(r.bracket) if r.paired else "absent"
        lines.append(f"{r.number:>4}  {r.name:<{width}}  {_pts(r.score):>5}  "
                     f"{_pts(r.pairing_score):>6}  {r.colours:<12} {r.preference:<4} "
                     f"{r.floats:<12} {r.pab:<3} {br:>7}")
    lines += wrap("colours: played games, oldest first (unplayed rounds dropped, C.04.2); pref: "
                  "W/B mild, ! strong, !! absolute; floats: D down, U up, . none, per round; "
                  "PAB: eligible for the pairing-allocated bye; bracket: score group by "
                  "pairing score, 1 = top", indent="")
    return "\n".join(lines)


def wrap(text: str, indent: str = "    ", width: int = 110) -> list[str]:
    """``text`` as lines of at most ``width`` characters, continuation lines indented further.

    >>> wrap("pairs only in published: " + ", ".join(f"{n}-{n + 1}" for n in range(1, 40, 2)), width=60)[1]
    '        11-12, 13-14, 15-16, 17-18, 19-20, 21-22, 23-24,'
    """
    return textwrap.wrap(text, width=width, initial_indent=indent,
                         subsequent_indent=indent + "    ", break_on_hyphens=False) or [indent]
