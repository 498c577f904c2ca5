"""The round's table (``pairchk check --explain N``): every player to be paired in round N, in
pairing order, with what the pairing rules read of each before the round.

Owns :func:`round_table` (the rows: score, pairing score, colour history and preference, floats,
PAB eligibility, score bracket, read from the shared derived state
:func:`pairchk.state.round_state` whatever the system) and :func:`table_text` (the rows as text,
with a legend).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..model import Color, Tournament
from ..state import DOWN, UP
from .explain import show_points, shared_state
from .report import wrap


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
        lines.append(f"{r.number:>4}  {r.name:<{width}}  {show_points(r.score):>5}  "
                     f"{show_points(r.pairing_score):>6}  {r.colours:<12} {r.preference:<4} "
                     f"{r.floats:<12} {r.pab:<3} {br:>7}")
    lines += wrap("colours: played games, oldest first (unplayed rounds dropped, C.04.2); pref: "
                  "W/B mild, ! strong, !! absolute; floats: D down, U up, . none, per round; "
                  "PAB: eligible for the pairing-allocated bye; bracket: score group by "
                  "pairing score, 1 = top", indent="")
    return "\n".join(lines)
