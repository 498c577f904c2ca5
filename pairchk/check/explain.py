"""Explanations an arbiter can act on, for a round whose published pairing differs from the
reference: the verdict first, why (the first criterion of the system's quality record on which
the published pairing is worse, with its article and edition, or the rule that decides between
two equally good pairings), where the two pairings part, who gains or loses what on the deciding
criterion, and the rule in one line.

Owns the verdicts' wording (:data:`BREAKS_RULE` ...), :func:`reason` and :func:`enrich` (what
:func:`pairchk.check.rounds.check_round` adds to a differing round) and the facts they are made
of. Everything here reads the shared derived state (:func:`pairchk.state.round_state`: scores,
pairing scores, colour histories and preferences, floats, PAB eligibility), whatever system
paired the round, reaches the system through the System protocol and the registry only, and
names players by number and name. The round's table (``--explain N``) is :mod:`.table`.

>>> from pairchk.model import Tournament, Player
>>> who(Tournament(players=(Player(17, name="Meier, Hans"),)), 17)
'17 Meier, Hans'
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Iterable

from .. import systems
from ..errors import PairchkError
from ..model import Color, Tournament
from ..pairing import Pair, RoundPairing, RoundReport
from ..state import DOWN, UP, RoundState, round_state
from ..system import Criterion, System, first_worse, quality_records
from .compare import Diff, as_before, for_evaluation, paired_players

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


def show_points(x: Decimal) -> str:
    """A score as the reports write it: ``3``, ``2.5``."""
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
    return (f"the {kind} {show_points(top)} bracket ({len(group)} player{'s' if len(group) != 1 else ''}"
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
        score = (f"pairing score {show_points(ps.pairing_score)}" if ps.pairing_score != ps.score
                 else f"score {show_points(ps.score)}")
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
        out.append(f"{label} {who(t, x)} (score {show_points(ps.pairing_score)}, {ps.unplayed} "
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
            shown.append(f"{x}: {show_points(ps.pairing_score)} = {show_points(ps.score)} + "
                         f"{show_points(ps.pairing_score - ps.score)}")
    if not shown:
        return ""
    from ..acceleration import article, declared

    how = declared(t) if t is not None else ""
    art = article(t) if t is not None else "C.04.7"
    return (f"acceleration in force this round ({art}" + (f"; {how}" if how else "") + "): "
            "pairing score = points + virtual points (" + ", ".join(shown[:6]) + ")")


def colour_rule_note(t: Tournament, st: RoundState | None, swapped: list[tuple[Pair, Pair]],
                     rule: str) -> list[str]:
    """For colours the preferences do not decide: the rule that does (cited as ``rule``, e.g.
    ``C.04.3 art. 5.2.5 (2026)``), with the numbers it uses (the higher-ranked player's pairing
    number among the players present, the initial colour)."""
    if st is None:
        return []
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


# --------------------------------------------------------------------------- criteria wording


def _norm(key: str) -> str:
    return re.sub(r"[._\s]", "", key).upper()


def find_criterion(criteria: tuple[Criterion, ...], key: str) -> Criterion | None:
    """The criterion a quality-record field names (``C_10`` and ``C10`` name ``C.10``)."""
    return next((c for c in criteria if _norm(c.key) == _norm(key)), None)


def criterion_label(key: str, edition: str, criteria: tuple[Criterion, ...] = ()) -> str:
    """The criterion's number as its edition writes it, the edition, and what it minimises.

    >>> from pairchk.systems import get
    >>> criterion_label("C12", "2026", get("dutch").criteria("2026"))
    'C12 (2026) players not getting their colour preference'
    >>> criterion_label("C_10", "2017", get("dutch").criteria("2017"))
    'C.10 (2017) players not getting their colour preference'
    """
    crit = find_criterion(criteria, key)
    name = crit.key if crit else key
    head = f"{name} ({edition})" if edition and edition[:1].isdigit() else name
    return f"{head} {crit.words}" if crit else head


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value == value.to_integral() else str(value)
    return str(value)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral() else float(value)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return str(value)


# --------------------------------------------------------------------------- a differing round


def _preference(st: Any, number: int) -> str:
    """``"5 prefers white (strong)"`` from the shared state (``""`` when it has no such player)."""
    ps = st.players.get(number) if st is not None else None
    if ps is None:
        return ""
    if ps.pref is Color.NONE:
        return f"{number} has no colour preference"
    return f"{number} prefers {'white' if ps.pref is Color.WHITE else 'black'} ({ps.pref_kind.value})"


def reason(system: System, state: Any, published: RoundPairing, reference: RoundPairing,
           diff: Diff, edition: str, t: Tournament | None = None
           ) -> tuple[str, dict | None, str]:
    """(why, the deciding criterion as data, the verdict) for a round that differs."""
    pub_players, ref_players = paired_players(published), paired_players(reference)
    if pub_players != ref_players:
        parts = []
        extra = sorted(pub_players - ref_players)
        missing = sorted(ref_players - pub_players)

        def name(n: int) -> str:
            return who(t, n) if t is not None else str(n)

        if extra:
            parts.append("published round pairs players who are not to be paired in this round: "
                         + ", ".join(map(name, extra)))
        if missing:
            parts.append("players to be paired are missing from the published round: "
                         + ", ".join(map(name, missing)))
        return "; ".join(parts), None, NOT_PRESCRIBED
    evaluated = for_evaluation(published, reference)
    try:
        worse = first_worse(*quality_records(system, state, evaluated, reference))
    except PairchkError as exc:
        return f"the published pairing could not be evaluated: {exc}", None, NOT_PRESCRIBED
    if worse is not None:
        key, pub_value, ref_value, sign = worse
        label = criterion_label(key, edition, system.criteria(edition))
        crit = {"criterion": key, "edition": edition,
                "published": _jsonable(pub_value), "reference": _jsonable(ref_value)}
        found = find_criterion(system.criteria(edition), key)
        if found is not None:
            crit["words"], crit["article"] = found.words, found.article
        if sign > 0:
            return (f"{label}: published {_show(pub_value)}, reference {_show(ref_value)}",
                    crit, NOT_PRESCRIBED)
        crit["published_better"] = True
        return (f"{label}: the published pairing is better ({_show(pub_value)} against "
                f"{_show(ref_value)}); the reference engine may be wrong here", crit, BETTER)
    cites = systems.citations(system, edition)
    art, order = cites.colour_allocation, cites.generation_order
    if not (diff.only_published or diff.only_reference or diff.bye):
        note = getattr(system, "colour_note", None)  # optional in the protocol (pairchk.system)
        if callable(note) and state is not None:  # the system's own colour facts
            notes = [note(state, n) for p, _ in diff.colours_swapped for n in (p.white, p.black)]
            tail = "; " + ", ".join(x for x in notes[:6] if x) if any(notes) else ""
            return (f"same pairs, equally good on every criterion; colours differ from the "
                    f"colour allocation rules {art}{tail}"), None, COLOURS_ONLY
        st = shared_state(as_before(t, published.round), published.round, edition) \
            if t is not None else None
        prefs = [_preference(st, n) for p, _ in diff.colours_swapped
                 for n in (p.white, p.black)]
        if prefs and all(x.endswith("has no colour preference") for x in prefs):
            tail = (f"; no player in these pairs has a colour preference, so the initial colour "
                    f"decides ({cites.initial_colour}): check the initial colour (TRF 152 / XXC)")
        else:
            shown = [x for x in prefs if x and not x.endswith("has no colour preference")][:6]
            tail = "; " + ", ".join(shown) if shown else ""
        return (f"same pairs, equally good on every criterion; colours differ from the colour "
                f"allocation rules {art}{tail}"), None, COLOURS_ONLY
    if published.round == 1 and t is not None:
        first = shared_state(t, 1, edition)
        if first is not None and all(ps.pairing_score == 0 for ps in first.players.values()):
            return (f"round 1 without acceleration: the rules fix the pairing completely from "
                    f"the pairing numbers (top half against bottom half, {order}); the "
                    f"published round pairs in another order: check the starting ranks "
                    f"(ratings, titles, names) the file was paired with"), None, ROUND_ONE
    return (f"equally good on every criterion of the {edition} text; the reference pairing "
            f"comes first in the generation order ({order})"), None, ORDER_ONLY


def from_violation(violations: list[str], why: str, criterion: dict | None) -> str:
    """The why of a round that breaks an absolute rule: the (first) breach, then the deciding
    criterion when the published round is also worse on one; never "equally good".

    >>> from_violation(["108: pairing-allocated bye to a player who already had a PAB"],
    ...                "equally good on every criterion of the 2017 text; ...", None)
    'it breaks an absolute rule: 108: pairing-allocated bye to a player who already had a PAB'
    """
    more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
    head = f"it breaks an absolute rule: {violations[0]}{more}"
    return f"{head}; besides, {why}" if criterion and why else head


def enrich(report: RoundReport, t: Tournament, system: System, edition: str,
           published: RoundPairing, reference: RoundPairing, diff: Diff,
           verdict: str, state: Any = None) -> None:
    """Verdict first, where the two part, who gains or loses what, the rule in one line."""
    st = shared_state(as_before(t, report.round), report.round, edition)
    report.verdict = BREAKS_RULE if report.violations else verdict
    locate = getattr(system, "where", None)  # optional in the protocol (pairchk.system)
    report.where = (locate(state, published, reference) if callable(locate) and state is not None
                    else where(st, published, reference))
    crit = report.details.get("criterion")
    found = find_criterion(system.criteria(edition), crit["criterion"]) if crit else None
    if crit:
        report.who = facts(t, st, found, crit["criterion"], published, reference)
    elif verdict == COLOURS_ONLY and callable(getattr(system, "colour_note", None)) \
            and state is not None:  # the system's own colour facts (pairchk.system)
        report.who = [f"{who(t, x)} gets {colour}, the reference gives {other}: "
                      f"{system.colour_note(state, x)}"  # type: ignore[attr-defined]
                      for p, _ in diff.colours_swapped
                      for x, colour, other in ((p.white, "white", "black"),
                                               (p.black, "black", "white"))]
    elif verdict == COLOURS_ONLY:
        rule = systems.citations(system, edition).pairing_numbers
        by_numbers = colour_rule_note(t, st, list(diff.colours_swapped), rule) if rule else []
        report.who = by_numbers or facts(t, st, None, "colour", published, reference)
    else:
        report.who = facts(t, st, None, "pairs", published, reference)
    accel = acceleration_note(st, parting(published, reference), t)
    if accel:
        report.who.append(accel)
    if found is not None:
        report.rule = f"{found.article}: {found.words}"
