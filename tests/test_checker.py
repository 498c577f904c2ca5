"""The checker's round loop, comparison and explanations, driven by a scripted fake engine.

The real Dutch engine is exercised in tests/test_check_corpus.py; here the engine is a stub
whose reference pairings and criteria values are given per round, so that every branch of the
comparison can be reached with a hand-made tournament.
"""

from __future__ import annotations

import pytest

import dataclasses
from typing import Any, Callable

from pairchk.check import checker, rounds
from pairchk.check.checker import board_order, check
from pairchk.check.compare import compare
from pairchk.check.resolve import resolve_system
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament
from pairchk.pairing import Pair, RoundPairing, published_pairing
from pairchk.system import System, UnpairableError, Violation
from pairchk.systems.dutch.system import select_edition

W, B = Color.WHITE, Color.BLACK


def E(kind: Kind, opp: int | None = None, color: Color = Color.NONE) -> RoundEntry:
    return RoundEntry(kind, opp, color)


def five_players() -> Tournament:
    """Five players, two rounds. Round 1: 1-2 (1-0), 3-4 (½), 5 PAB. Round 2: 4-1, 2-5, 3 PAB."""
    rows = {
        1: (E(Kind.WIN, 2, W), E(Kind.DRAW, 4, B)),
        2: (E(Kind.LOSS, 1, B), E(Kind.WIN, 5, W)),
        3: (E(Kind.DRAW, 4, W), E(Kind.PAB)),
        4: (E(Kind.DRAW, 3, B), E(Kind.DRAW, 1, W)),
        5: (E(Kind.PAB), E(Kind.LOSS, 2, B)),
    }
    return Tournament(start_date="2026-03-01", rounds=3,
                      players=tuple(Player(n, entries=e) for n, e in rows.items()))


class FakeSystem:
    """A System whose state, pairing, quality values and violations are given as functions."""

    name = "dutch"
    title = "fake Dutch"
    codes = ()
    editions = ("2026", "2017")
    fixed = False
    teams = False

    def __init__(self, state: Callable, pair: Callable, values: Callable, violations: Callable):
        self._state, self._pair, self._values, self._violations = state, pair, values, violations

    def select_edition(self, t, override=None):
        return select_edition(t, override)

    def criteria(self, edition):
        from pairchk.systems import get

        return get("dutch").criteria(edition)

    def citations(self, edition):
        from pairchk.systems import get

        return get("dutch").citations(edition)

    def published(self, t, rnd):
        from pairchk.pairing import published_pairing

        return published_pairing(t, rnd)

    def state(self, t, rnd, *, edition):
        return self._state(t, rnd, edition=edition)

    def pair(self, state):
        return self._pair(state)

    def evaluate(self, state, pairing):
        values = self._values(state, pairing)
        cls = dataclasses.make_dataclass("Q", [(k, Any) for k in values], frozen=True)
        return cls(**values)

    def violations(self, state, pairing):
        return [Violation("C1", v, (), None) for v in self._violations(state, pairing)]


def fake_engine(refs: dict[int, RoundPairing | None], criteria=None, violations=None) -> FakeSystem:
    """A system whose reference for round r is ``refs[r]`` (None: unpairable).

    ``criteria(pairing) -> dict`` gives criteria values; ``violations(t, rnd, pairing)`` the
    absolute-rule breaches (default: rematches, computed from the model).
    """

    def round_state(t, rnd, *, edition):
        return (t, rnd, edition)

    def pair(state):
        ref = refs[state[1]]
        if ref is None:
            raise UnpairableError("every candidate repeats a game")
        return ref

    def criteria_values(state, pairing):
        return criteria(pairing) if criteria else {"C6": 0}

    def absolute_violations(state, pairing):
        t, rnd, _ = state
        if violations:
            return violations(t, rnd, pairing)
        out = []
        for p in pairing.pairs:
            for r in range(1, rnd):
                e = t.player(p.white).entry(r)
                if e.played and e.opponent == p.black:
                    out.append(f"{p.white}-{p.black} already played in round {r} (C1)")
        return out

    return FakeSystem(round_state, pair, criteria_values, absolute_violations)


def test_fake_system_satisfies_the_protocol():
    assert isinstance(fake_engine({}), System)


def as_published(t: Tournament) -> dict[int, RoundPairing]:
    from pairchk.pairing import published_pairing

    return {r: published_pairing(t, r) for r in (1, 2)}


# --------------------------------------------------------------------------- edition


@pytest.mark.parametrize(
    "fields, edition, reason",
    [
        ({"system": "FIDE_DUTCH_2017"}, "2017", "system code FIDE_DUTCH_2017 in the file means the 2017 text"),
        ({"system": "FIDE_DUTCH_2025"}, "2026", "system code FIDE_DUTCH_2025 in the file means the 2026 text"),
        ({"system": "FIDE_DUTCH_2026", "start_date": "2020-01-01"}, "2026",
         "system code FIDE_DUTCH_2026 in the file means the 2026 text"),
        ({"system": "FIDE_DUTCH_2025_BAKU"}, "2026",
         "system code FIDE_DUTCH_2025 in the file means the 2026 text"),
        ({"system_text": "FIDE_DUTCH_2025"}, "2026",
         "system code FIDE_DUTCH_2025 in the file means the 2026 text"),
        ({"system_text": "Swiss Dutch (FIDE 2017)", "start_date": "2026/05/01"}, "2017",
         "year 2017 in the system text 'Swiss Dutch (FIDE 2017)'"),
        ({"system_text": "Individual: Swiss-System (FIDE Dutch)", "start_date": "2026/03/01"},
         "2026", "start date 2026-03-01 is on or after 2026-02-01"),
        ({"start_date": "31.01.2026"}, "2017", "start date 2026-01-31 is before 2026-02-01"),
        ({"start_date": "2026-02-01"}, "2026", "start date 2026-02-01 is on or after 2026-02-01"),
        ({}, "2026", "no edition marker and no start date in the file: the rules in force"),
    ],
)
def test_select_edition(fields, edition, reason):
    assert select_edition(Tournament(**fields)) == (edition, reason)


def test_edition_override_wins_and_is_validated():
    t = Tournament(system="FIDE_DUTCH_2026")
    assert select_edition(t, "2017") == ("2017", "chosen with --edition")
    with pytest.raises(ValueError, match="unknown edition '2025'; known editions: 2026, 2017"):
        select_edition(t, "2025")


# --------------------------------------------------------------------------- round loop


def test_identical_rounds_are_ok():
    t = five_players()
    report = check(t, path="five.trf", system=fake_engine(as_published(t)))
    assert [(r.round, r.status) for r in report.rounds] == [(1, "ok"), (2, "ok")]
    assert report.ok
    assert report.edition == "2026"
    assert report.notes == ["round 3 of 3 is not played yet"]


def test_different_pairs_and_bye_are_listed_and_explained_by_first_worse_criterion():
    t = five_players()
    refs = as_published(t)
    # the engine pairs round 2 as 1-3, 5-4 with the bye to 2 (pairs written white-black)
    refs[2] = RoundPairing(2, (Pair(1, 3), Pair(5, 4)), bye=2)

    def criteria(p):
        # C5 equal, C6 equal, C12: published worse
        if p.bye == 3:
            return {"C5": 1, "C6": 0, "C7": [0], "C12": 3, "C13": 2}
        return {"C5": 1, "C6": 0, "C7": [0], "C12": 1, "C13": 3}

    report = check(t, system=fake_engine(refs, criteria))
    r2 = report.rounds[1]
    assert r2.status == "deviation"
    assert r2.differences == [
        "pairs only in published: 4-1, 2-5",
        "pairs only in reference: 1-3, 5-4",
        "bye: published 3, reference 2",
    ]
    assert r2.explanation == (
        "C12 (2026) players not getting their colour preference: published 3, reference 1")
    assert r2.details["criterion"] == {
        "criterion": "C12", "edition": "2026", "published": 3, "reference": 1,
        "words": "players not getting their colour preference", "article": "C.04.3 (2026) [C12]"}
    assert not report.ok


def test_colour_swap_is_a_deviation_named_by_criterion_or_colour_allocation():
    t = five_players()
    refs = as_published(t)
    refs[1] = RoundPairing(1, (Pair(2, 1), Pair(3, 4)), bye=5)
    report = check(t, system=fake_engine(refs))
    r1 = report.rounds[0]
    assert r1.status == "deviation"
    assert r1.differences == ["colours swapped: 1-2 (reference 2-1)"]
    assert r1.explanation == (
        "same pairs, equally good on every criterion; colours differ from the colour allocation "
        "rules C.04.3 art. 5.2 (2026); no player in these pairs has a colour preference, so the "
        "initial colour decides (art. 5.2.5): check the initial colour (TRF 152 / XXC)")


def test_equally_good_pairing_loses_on_generation_order_2017_wording():
    t = five_players()
    refs = as_published(t)
    refs[2] = RoundPairing(2, (Pair(1, 3), Pair(5, 4)), bye=2)
    report = check(t, edition="2017", system=fake_engine(refs))
    assert report.rounds[1].explanation == (
        "equally good on every criterion of the 2017 text; the reference pairing comes first "
        "in the generation order (C.04.3 B, D)")
    assert report.edition_reason == "chosen with --edition"


def test_criterion_wording_2017_uses_lettered_numbers():
    t = five_players()
    refs = as_published(t)
    refs[2] = RoundPairing(2, (Pair(1, 3), Pair(5, 4)), bye=2)

    def criteria(p):
        return {"C5": 0, "C6": [2, 1] if p.bye == 3 else [1, 1]}

    report = check(t, edition="2017", system=fake_engine(refs, criteria))
    assert report.rounds[1].explanation == (
        "C.6 (2017) pairing score differences (PSD), highest first: published [2, 1], reference [1, 1]")


def test_rematch_in_published_round_is_a_violation():
    t = five_players()
    # round 2 rewritten so that 1 meets 2 again
    rows = {p.number: list(p.entries) for p in t.players}
    rows[1][1] = E(Kind.WIN, 2, B)
    rows[2][1] = E(Kind.LOSS, 1, W)
    rows[4][1] = E(Kind.WIN, 5, W)
    rows[5][1] = E(Kind.LOSS, 4, B)
    bad = t.replace(players=tuple(Player(n, entries=tuple(e)) for n, e in rows.items()))
    refs = as_published(t)
    report = check(bad, system=fake_engine(refs))
    r2 = report.rounds[1]
    assert r2.status == "violation"
    assert r2.violations == ["2-1 already played in round 1 (C1)"]
    assert report.rounds[0].status == "ok"


def test_unpairable_round_is_reported_as_such():
    t = five_players()
    refs = as_published(t)
    refs[2] = None
    report = check(t, system=fake_engine(refs))
    r2 = report.rounds[1]
    assert r2.status == "unpairable"
    assert r2.explanation == "no legal pairing exists: every candidate repeats a game"


def test_forfeit_without_colours_compares_on_pairs_only():
    t = five_players()
    refs = as_published(t)
    rows = {p.number: list(p.entries) for p in t.players}
    rows[1][1] = E(Kind.FORFEIT_WIN, 4, Color.NONE)  # written "4 - +"
    rows[4][1] = E(Kind.FORFEIT_LOSS, 1, Color.NONE)
    ff = t.replace(players=tuple(Player(n, entries=tuple(e)) for n, e in rows.items()))
    report = check(ff, system=fake_engine(refs))
    r2 = report.rounds[1]
    assert r2.status == "ok"
    assert r2.differences == ["compared on pairs only (no colours in the file): 1-4"]
    assert r2.details == {"uncoloured": [[1, 4]]}


def test_uncoloured_pairs_get_reference_colours_for_evaluation():
    t = five_players()
    refs = as_published(t)
    refs[2] = RoundPairing(2, (Pair(4, 1), Pair(5, 3)), bye=2)
    rows = {p.number: list(p.entries) for p in t.players}
    rows[1][1] = E(Kind.FORFEIT_WIN, 4, Color.NONE)
    rows[4][1] = E(Kind.FORFEIT_LOSS, 1, Color.NONE)
    ff = t.replace(players=tuple(Player(n, entries=tuple(e)) for n, e in rows.items()))
    seen = []

    def criteria(p):
        seen.append(p)
        return {"C5": p.bye}

    report = check(ff, system=fake_engine(refs, criteria))
    assert report.rounds[1].status == "deviation"
    published_eval = seen[0]
    assert Pair(4, 1) in published_eval.pairs  # the reference's colours, marked coloured
    assert report.rounds[1].explanation == (
        "C5 (2026) score of the PAB assignee: published 3, reference 2")


def test_players_not_to_be_paired_are_named():
    t = five_players()
    refs = as_published(t)
    refs[2] = RoundPairing(2, (Pair(4, 1),), bye=2)  # 3 and 5 absent for the engine
    report = check(t, system=fake_engine(refs))
    assert report.rounds[1].explanation == (
        "published round pairs players who are not to be paired in this round: 3, 5")


def test_two_pabs_in_one_round_are_a_violation():
    t = five_players()
    rows = {p.number: list(p.entries) for p in t.players}
    rows[1].append(E(Kind.PAB))
    rows[2].append(E(Kind.PAB))
    t3 = t.replace(players=tuple(Player(n, entries=tuple(e)) for n, e in rows.items()))
    refs = as_published(t)
    refs[3] = RoundPairing(3, (), bye=1)
    report = check(t3, system=fake_engine(refs), rounds=[3])
    assert report.rounds[0].status == "violation"
    assert report.rounds[0].violations == [
        "2 pairing-allocated byes in one round (1, 2) (C.04.1 art. 3)"]


def test_engine_bug_is_not_reported_as_a_verdict():
    t = five_players()

    def boom(state):
        raise KeyError(99)

    eng = FakeSystem(lambda t, r, *, edition: None, boom, lambda s, p: {}, lambda s, p: [])
    with pytest.raises(rounds.EngineFailure, match="round 1: the dutch engine failed: KeyError"):
        check(t, system=eng)


def test_compare_reports_each_kind_of_difference():
    pub = RoundPairing(1, (Pair(1, 2), Pair(3, 4), Pair(5, 6, colored=False)), bye=7)
    ref = RoundPairing(1, (Pair(2, 1), Pair(3, 5), Pair(4, 6)), bye=7)
    d = compare(pub, ref)
    assert d.colours_swapped == ((Pair(1, 2), Pair(2, 1)),)
    assert d.only_published == (Pair(3, 4), Pair(5, 6, colored=False))
    assert d.only_reference == (Pair(3, 5), Pair(4, 6))
    assert d.bye is None and not d.same


def test_board_order_uses_score_then_sum_then_rank():
    from decimal import Decimal as D

    scores = {1: D(2), 2: D(1), 3: D(2), 4: D(2), 5: D(1), 6: D(1), 7: D(0), 8: D(1)}
    p = RoundPairing(3, (Pair(5, 6), Pair(7, 1), Pair(4, 3), Pair(2, 8)))
    order = [(x.white, x.black) for x in board_order(p, scores).pairs]
    # 4-3: top 2, sum 4; 7-1: top 2, sum 2; 2-8 and 5-6: top 1, sum 2, ranked by TPN 2 < 5
    assert order == [(4, 3), (7, 1), (2, 8), (5, 6)]


def test_pair_defaults_to_next_round_in_board_order():
    t = five_players()
    ref3 = RoundPairing(3, (Pair(5, 3), Pair(1, 2)), bye=4)
    res = checker.pair(t, system=fake_engine({3: ref3}))
    assert res.pairing.round == 3 and res.edition == "2026"
    # scores before round 3: 1: 1.5, 2: 1, 3: 1.5, 4: 1, 5: 1
    assert [(p.white, p.black) for p in res.pairing.pairs] == [(1, 2), (5, 3)]
    assert res.pairing.bye == 4


def test_a_system_whose_module_is_missing_is_unavailable(monkeypatch):
    from pairchk import systems

    monkeypatch.setitem(systems.MODULES, "nosuch", "pairchk.systems.nosuch_engine")
    with pytest.raises(systems.SystemUnavailable, match="pairing system 'nosuch' is not available"):
        systems.get("nosuch")


def test_colour_swap_names_the_preferences_from_the_shared_state():
    """Round 2 of five_players: 1 had white and 4 black in round 1, so (C.04.3 2026 1.7.2, a
    colour difference of +1/-1 is a strong preference) 1 prefers black, 4 white; the published
    4-1 grants both; a reference giving 1-4 is explained with both preferences."""
    t = five_players()
    refs = as_published(t)
    refs[2] = RoundPairing(2, (Pair(1, 4), Pair(2, 5)), bye=3)
    r2 = check(t, system=fake_engine(refs)).rounds[1]
    assert r2.differences == ["colours swapped: 4-1 (reference 1-4)"]
    assert r2.explanation == (
        "same pairs, equally good on every criterion; colours differ from the colour allocation "
        "rules C.04.3 art. 5.2 (2026); 4 prefers white (strong), 1 prefers black (strong)")


def test_a_tournament_without_rounds_has_nothing_to_check():
    t = Tournament(rounds=5, players=(Player(1), Player(2)))
    report = check(t, system=fake_engine({}))
    assert report.rounds == [] and report.ok
    assert report.notes == ["no round has been paired yet: nothing to check",
                            "rounds 1-5 of 5 are not played yet"]


@pytest.mark.parametrize("fields, reason", [
    ({"start_date": "28. 07. 2005"}, "start date 2005-07-28 is before 2026-02-01"),
    ({"start_date": "May 29, 2020"}, "start date 2020-05-29 is before 2026-02-01"),
    ({"start_date": "03/04/2020"}, "start date '03/04/2020' (year 2020) is before 2026-02-01"),
    ({"round_dates_iso": ("", "2026-02-08")}, "the first round date 2026-02-08 is on or after 2026-02-01"),
])
def test_edition_from_dates_as_files_write_them(fields, reason):
    assert select_edition(Tournament(**fields))[1] == reason


def test_trailing_round_with_only_preset_byes_is_not_checked():
    t = five_players()
    rows = {p.number: list(p.entries) for p in t.players}
    rows[1].append(E(Kind.HALF_BYE))  # round 3: a requested bye entered ahead, nothing paired
    t3 = t.replace(players=tuple(Player(n, entries=tuple(e)) for n, e in rows.items()))
    report = check(t3, system=fake_engine(as_published(t)))
    assert [r.round for r in report.rounds] == [1, 2]
    assert report.notes == ["round 3: only byes or absences recorded, not paired yet: not checked"]


def test_a_file_declaring_a_system_pairchk_cannot_pair_is_not_checked():
    from pathlib import Path

    from pairchk import formats

    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "dutch_p008_r06.trf"
    t = formats.load_path(str(fixture)).tournament
    rep = check(t.replace(system="FIDE_DOUBLE_SWISS"), path="b.trf")
    assert rep.verdict == "not checked" and rep.system_reason == "from the TRF26 192 code FIDE_DOUBLE_SWISS"
    assert rep.not_checked == ("the file declares the pairing system FIDE_DOUBLE_SWISS, which pairchk "
                               "cannot pair: its rounds were not re-paired")
    assert rep.rounds == []  # no rule every system shares is broken
    assert check(t.replace(system="FIDE_DOUBLE_SWISS"), system="dutch").verdict == "ok"


def test_a_file_declaring_burstein_is_checked_with_it():
    """C.04.4.2: a file with 192 FIDE_BURSTEIN (or a 092 text naming Burstein) is re-paired by
    the Burstein system."""
    for t in (Tournament(system="FIDE_BURSTEIN"), Tournament(system_text="Burstein Swiss System")):
        system, _, why_not = resolve_system(t)
        assert system is not None and system.name == "burstein" and not why_not


def test_a_colour_difference_beyond_the_limit_is_blamed_on_the_round_that_made_it():
    """C.04.1 art. 6: "no player's colour difference shall become greater than +2 or less than
    -2". Player 5 is at -4 after round 6 (B B W B B B); round 7 gives white (-3): that round
    does not make it worse, so it is a note naming round 5 (the first round at -3 and beyond
    since), not a new violation. Giving black instead (-5) is a violation of round 7."""
    cols = [B, B, W, B, B, B]

    def rows(c7):
        e5 = tuple(E(Kind.DRAW, 6, c) for c in cols) + (E(Kind.DRAW, 6, c7),)
        e6 = tuple(E(Kind.DRAW, 5, c.opposite) for c in cols) + (E(Kind.DRAW, 5, c7.opposite),)
        return Tournament(players=(Player(5, name="Meier, Hans", entries=e5),
                                   Player(6, name="Kurz, Eva", entries=e6)))

    class Art6(FakeSystem):
        def violations(self, state, pairing):
            return [Violation("C.04.1 art. 6", "5: colour difference beyond +/-2", (5,), None)]

    for c7, status in ((W, "ok"), (B, "violation")):
        t = rows(c7)
        refs = {7: published_pairing(t, 7)}
        eng = Art6(lambda t, r, *, edition: (t, r, edition), lambda s: refs[s[1]],
                   lambda s, p: {"C6": 0}, lambda s, p: [])
        r7 = check(t, system=eng, rounds=[7]).rounds[0]
        assert r7.status == status
        if c7 is W:
            assert r7.violations == []
            assert r7.notes == [
                "5 Meier, Hans: colour difference -3 after this round, but it was already -4 "
                "before it (beyond ±2 since round 5, the round to blame); this round does not "
                "make it worse (C.04.1 art. 6)"]
        else:
            assert r7.violations == [
                "5: colour difference beyond +/-2 (C.04.1 art. 6) — 5 Meier, Hans"]
