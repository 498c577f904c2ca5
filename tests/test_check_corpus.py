"""The checker with the real Dutch engine on the corpus (paired by an endorsed engine).

Every round of every corpus file must be ``ok``; altered copies (a colour flip, two opponents
swapped) must be flagged at the altered round with a criterion or an absolute rule. A few small
files run by default; the full sweep is marked slow.
"""

from __future__ import annotations

import re

import pytest

from pairchk.check import checker
from pairchk import formats
from pairchk.model import Kind, RoundEntry, Tournament
from pairchk.pairing import RoundReport, published_pairing

from shared_paths import SHARED


CORPUS = SHARED / "corpus" if SHARED else None
EDITION = {"dutch": None, "baku": None, "dutch2017": "2017"}  # dutch2017 files carry no marker
SMALL = ["dutch/dutch_p006_r05_s1002000.trf", "dutch/dutch_p012_r05_s1000400.trf",
         "dutch/dutch_p022_r07_s1000700.trf", "dutch2017/dutch2017_p007_r04_s3001500.trf",
         "dutch2017/dutch2017_p020_r12_s3001900.trf", "baku/baku_p012_r11_s4000100.trf"]
# a quality criterion, or the colour allocation rules (C.04.3 2026 art. 5.2, 2017 E.1-E.5)
CRITERION = re.compile(r"\bC\.?\d+ \((2026|2017)\)|colour allocation rules C\.04\.3 "
                       r"(art\. 5\.2 \(2026\)|E\.1-E\.5 \(2017\))")


def _engine() -> str:
    return "dutch"


def _load(rel: str) -> Tournament:
    if CORPUS is None:
        pytest.skip("shared corpus not found beside the repo nor in /work/shared")
    return formats.load_path(str(CORPUS / rel)).tournament


def _all_files() -> list[str]:
    if CORPUS is None:
        return []
    return sorted(f"{d}/{p.name}" for d in EDITION for p in (CORPUS / d).glob("*.trf"))


def _assert_all_ok(rel: str) -> None:
    engine = _engine()
    t = _load(rel)
    report = checker.check(t, path=rel, edition=EDITION[rel.split("/")[0]], system=engine)
    bad = [(r.round, r.status, r.differences, r.explanation, r.violations)
           for r in report.rounds if r.status != "ok"]
    assert bad == [], rel
    assert len(report.rounds) == t.played_rounds


@pytest.mark.parametrize("rel", SMALL)
def test_small_corpus_files_all_rounds_ok(rel):
    _assert_all_ok(rel)


@pytest.mark.slow
@pytest.mark.parametrize("rel", _all_files())
def test_full_corpus_sweep(rel):
    _assert_all_ok(rel)


# --------------------------------------------------------------------------- altered copies

_COMPLEMENT = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
               Kind.WIN_SHORT: Kind.LOSS_SHORT, Kind.LOSS_SHORT: Kind.WIN_SHORT,
               Kind.DRAW_SHORT: Kind.DRAW_SHORT}


def _with_entries(t: Tournament, rnd: int, new: dict[int, RoundEntry]) -> Tournament:
    players = []
    for p in t.players:
        if p.number in new:
            entries = list(p.entries)
            entries[rnd - 1] = new[p.number]
            p = p.replace(entries=tuple(entries))
        players.append(p)
    return t.replace(players=tuple(players))


def colour_flip(t: Tournament, rnd: int) -> tuple[Tournament, tuple[int, int]]:
    """Swap the colours of a played game in ``rnd`` whose players both alternated colours
    from their previous game: after the flip both repeat a colour (a preference not granted)."""
    for pair in published_pairing(t, rnd).pairs:
        w, b = t.player(pair.white), t.player(pair.black)
        ew, eb = w.entry(rnd), b.entry(rnd)
        if not (ew.played and eb.played):
            continue
        pw, pb = w.entry(rnd - 1), b.entry(rnd - 1)
        if pw.played and pb.played and pw.color.value == "b" and pb.color.value == "w":
            return _with_entries(t, rnd, {
                w.number: RoundEntry(ew.kind, ew.opponent, ew.color.opposite),
                b.number: RoundEntry(eb.kind, eb.opponent, eb.color.opposite),
            }), (w.number, b.number)
    raise LookupError(f"no alternating pair in round {rnd}")


def opponents_swap(t: Tournament, rnd: int) -> tuple[Tournament, tuple[int, int, int, int]]:
    """Pair a-b and c-d (played, each pair within one score, the two scores different) as
    a-d and c-b; results stay consistent (each new opponent gets the complement)."""
    scores = checker.pairing_scores(t, rnd)
    pairs = [p for p in published_pairing(t, rnd).pairs
             if t.player(p.white).entry(rnd).played and scores[p.white] == scores[p.black]]
    for i, p in enumerate(pairs):
        for q in pairs[i + 1:]:
            if scores[p.white] == scores[q.white]:
                continue
            a, b, c, d = p.white, p.black, q.white, q.black
            ea, ec = t.player(a).entry(rnd), t.player(c).entry(rnd)
            ed, eb = t.player(d).entry(rnd), t.player(b).entry(rnd)
            return _with_entries(t, rnd, {
                a: RoundEntry(ea.kind, d, ea.color),
                d: RoundEntry(_COMPLEMENT[ea.kind], a, ed.color),
                c: RoundEntry(ec.kind, b, ec.color),
                b: RoundEntry(_COMPLEMENT[ec.kind], c, eb.color),
            }), (a, b, c, d)
    raise LookupError(f"no two same-score pairs from different scores in round {rnd}")


def _assert_flagged_at(t: Tournament, rnd: int, edition: str | None) -> RoundReport:
    report = checker.check(t, edition=edition, system=_engine(), rounds=list(range(1, rnd + 1)))
    assert [r.status for r in report.rounds[:-1]] == ["ok"] * (rnd - 1)
    flagged = report.rounds[-1]
    assert flagged.status in ("deviation", "violation")
    assert CRITERION.search(flagged.explanation) or flagged.violations, flagged
    return flagged


@pytest.mark.parametrize("rel, rnd", [("dutch/dutch_p022_r07_s1000700.trf", 4),
                                      ("dutch2017/dutch2017_p020_r12_s3001900.trf", 5)])
def test_colour_flip_is_flagged_at_the_altered_round(rel, rnd):
    t = _load(rel)
    altered, (w, b) = colour_flip(t, rnd)
    flagged = _assert_flagged_at(altered, rnd, EDITION[rel.split("/")[0]])
    text = " ".join(flagged.differences)
    assert f"{b}-{w} (reference {w}-{b})" in text


@pytest.mark.parametrize("rel, rnd", [("dutch/dutch_p022_r07_s1000700.trf", 3),
                                      ("dutch/dutch_p035_r07_s1000900.trf", 5)])
def test_opponents_swap_is_flagged_at_the_altered_round(rel, rnd):
    t = _load(rel)
    altered, (a, b, c, d) = opponents_swap(t, rnd)
    flagged = _assert_flagged_at(altered, rnd, EDITION[rel.split("/")[0]])
    assert {tuple(x) for x in flagged.details["only_published"]} >= {
        (pair.white, pair.black) for pair in published_pairing(altered, rnd).pairs
        if pair.players in (frozenset((a, d)), frozenset((b, c)))}


def test_alterations_change_the_published_round():
    """The alteration helpers themselves (independent of the engine)."""
    t = _load("dutch/dutch_p022_r07_s1000700.trf")
    flipped, (w, b) = colour_flip(t, 4)
    assert flipped.player(w).entry(4).color.value == "b"
    assert flipped.player(b).entry(4).color.value == "w"
    swapped, (a, b2, c, d) = opponents_swap(t, 3)
    before = {p.players for p in published_pairing(t, 3).pairs}
    after = {p.players for p in published_pairing(swapped, 3).pairs}
    assert before - after == {frozenset((a, b2)), frozenset((c, d))}
    assert after - before == {frozenset((a, d)), frozenset((c, b2))}


def test_player_marked_withdrawn_after_the_last_round_is_paired_in_earlier_rounds():
    """A file records the final status: a withdrawn player who played rounds 1..k was present
    when those rounds were paired, so they stay ok."""
    from pairchk.model import Status

    t = _load("dutch/dutch_p022_r07_s1000700.trf")
    last = t.played_rounds
    quitter = next(p for p in t.players if p.entry(last).kind.played)
    players = tuple(p.replace(status=Status.WITHDRAWN) if p is quitter else p for p in t.players)
    report = checker.check(t.replace(players=players), system=_engine())
    assert [r.status for r in report.rounds] == ["ok"] * last
