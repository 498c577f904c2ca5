"""The published round against the reference: what differs, in words and as data.

Owns the comparison of two pairings of one round (:func:`compare` → :class:`Diff`: pairs only in
one of them, colours swapped, pairs the file records without colours, a different bye), its
wording in a :class:`~pairchk.pairing.RoundReport` (:func:`word_differences`), the published
round as the system's evaluation must see it (:func:`for_evaluation`), and the tournament as it
stood when a round was paired (:func:`as_before`), which both the reference and the
explanations start from.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..model import Kind, Status, Tournament
from ..pairing import Pair, RoundPairing, RoundReport


def as_before(t: Tournament, rnd: int) -> Tournament:
    """``t`` as it stood when round ``rnd`` was paired, as far as the file tells.

    A file records the status at the time it was written: a player marked withdrawn who still
    has a game, forfeit or PAB in round ``rnd`` or later was evidently taking part then
    (C.04.2 3.2 applies from the withdrawal on), so is active for re-pairing ``rnd``.
    """
    changed = False
    players = []
    for p in t.players:
        if p.status is Status.WITHDRAWN and any(
            e.kind.has_opponent or e.kind is Kind.PAB for e in p.entries[rnd - 1:]
        ):
            p = p.replace(status=Status.ACTIVE)
            changed = True
        players.append(p)
    return t.replace(players=tuple(players)) if changed else t


@dataclass(frozen=True)
class Diff:
    """Where a published round and the reference differ."""

    only_published: tuple[Pair, ...]
    only_reference: tuple[Pair, ...]
    colours_swapped: tuple[tuple[Pair, Pair], ...]  # (published, reference)
    uncoloured: tuple[Pair, ...]  # same players, no colours in the file
    bye: tuple[int | None, int | None] | None  # (published, reference) when different

    @property
    def same(self) -> bool:
        return not (self.only_published or self.only_reference or self.colours_swapped or self.bye)


def compare(published: RoundPairing, reference: RoundPairing) -> Diff:
    """Pairs only in one side, pairs with colours swapped, and a different bye."""
    ref_by = {p.players: p for p in reference.pairs}
    pub_keys = {p.players for p in published.pairs}
    only_pub, swapped, uncoloured = [], [], []
    for p in published.pairs:
        r = ref_by.get(p.players)
        if r is None:
            only_pub.append(p)
        elif not p.colored:  # a forfeit written without colours: compare on pairs only
            uncoloured.append(p)
        elif r.white != p.white:
            swapped.append((p, r))
    only_ref = [p for p in reference.pairs if p.players not in pub_keys]
    bye = None if published.bye == reference.bye else (published.bye, reference.bye)
    return Diff(tuple(only_pub), tuple(only_ref), tuple(swapped), tuple(uncoloured), bye)


def paired_players(p: RoundPairing) -> set[int]:
    """Every player of a round's pairing: both sides of each pair, and the bye."""
    out = {n for pair in p.pairs for n in (pair.white, pair.black)}
    if p.bye is not None:
        out.add(p.bye)
    return out


def for_evaluation(published: RoundPairing, reference: RoundPairing) -> RoundPairing:
    """The published pairing with uncoloured pairs given the reference's colours (if paired
    alike), so that colour criteria judge the pairing and not a missing record."""
    ref_by = {p.players: p for p in reference.pairs}
    pairs = []
    for p in published.pairs:
        r = ref_by.get(p.players)
        if not p.colored and r is not None:
            pairs.append(Pair(r.white, r.black))
        else:
            pairs.append(p)
    return replace(published, pairs=tuple(pairs))


def _pair_text(p: Pair) -> str:
    return f"{p.white}-{p.black}" if p.colored else f"{p.white}-{p.black} (no colours)"


def word_differences(report: RoundReport, details: dict, diff: Diff) -> None:
    """The differences of ``diff`` in words (``report.differences``) and as data (``details``)."""
    if diff.only_published:
        report.differences.append(
            "pairs only in published: " + ", ".join(_pair_text(p) for p in diff.only_published))
        details["only_published"] = [[p.white, p.black] for p in diff.only_published]
    if diff.only_reference:
        report.differences.append(
            "pairs only in reference: " + ", ".join(_pair_text(p) for p in diff.only_reference))
        details["only_reference"] = [[p.white, p.black] for p in diff.only_reference]
    if diff.colours_swapped:
        report.differences.append(
            "colours swapped: " + ", ".join(
                f"{p.white}-{p.black} (reference {r.white}-{r.black})"
                for p, r in diff.colours_swapped))
        details["colours_swapped"] = [[p.white, p.black] for p, _ in diff.colours_swapped]
    if diff.bye:
        pb, rb = diff.bye
        report.differences.append(
            f"bye: published {pb if pb is not None else 'none'}, "
            f"reference {rb if rb is not None else 'none'}")
        details["bye"] = {"published": pb, "reference": rb}
