"""The acceleration layer (issue 11): Swiss-Chess pseudo-points (seed 003), Baku (C.04.7),
``--acceleration``, detection from rounds 1-2 and the start-group advice."""

from __future__ import annotations

import random
from decimal import Decimal
from types import SimpleNamespace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairchk.cli import app

from pairchk import systems, formats
from pairchk.acceleration import (
    BAKU, NONE, AccelerationError, Variant, accelerations, advice, apply_acceleration,
    detect_acceleration, parse_variant, swiss_chess_acceleration,
)
from pairchk.state import round_state

from simulate import field, play

DUTCH = systems.get("dutch")


def accelerated(n: int, rounds: int, variant: str, rng=None):
    t = apply_acceleration(field(n, rounds), variant)
    return play(t, DUTCH, rounds, rng=rng)


def test_two_groups_a_one_pseudo_point_b_none():
    # seed 003: "Die Teilnehmer der A-Gruppe erhalten einen Pseudopunkt, die Teilnehmer der
    # B-Gruppe erhalten keinen Pseudopunkt."
    t = field(16, 5)
    pts = {a.player: a.for_round(1) for a in swiss_chess_acceleration(t, 2)}
    assert all(pts[n] == 1 for n in range(1, 9))
    assert all(n not in pts for n in range(9, 17))


def test_pseudo_points_only_for_rounds_one_and_two():
    # seed 003: "Pseudopunkte ..., die für die Paarungsermittlung der ersten beiden Runden
    # gelten und danach nicht weiter berücksichtigt werden."
    t = accelerated(16, 3, "swiss-chess:2")
    for rnd, extra in ((1, 1), (2, 1), (3, 0)):
        s = round_state(t, rnd, edition="2026")
        assert s.players[1].pairing_score - s.players[1].score == extra
        assert s.players[16].pairing_score == s.players[16].score


def test_analogous_groups_three_and_four():
    # seed 003: "Für die anderen Auswahlpunkte gilt ein analoges Verfahren." read as one
    # pseudo-point per group step: /3 -> 2, 1, 0; /4 -> 3, 2, 1, 0
    t = field(24, 5)
    for k, expect in ((3, [2, 1, 0]), (4, [3, 2, 1, 0])):
        pts = {a.player: a.for_round(2) for a in swiss_chess_acceleration(t, k)}
        size = 24 // k
        got = [pts.get(1 + g * size, Decimal(0)) for g in range(k)]
        assert got == expect


@pytest.mark.parametrize("groups", [2, 3, 4])
def test_round_one_is_played_inside_the_start_groups(groups):
    # seed 003: "Es spielen also A1 – A2 und B1 – B2." / "die erste Runde [wird] in
    # verschiedenen Gruppen gespielt"
    t = accelerated(24, 1, f"swiss-chess:{groups}")
    size = 24 // groups
    group = {n: (n - 1) // size for n in range(1, 25)}
    for p in t.players:
        e = p.entry(1)
        assert group[e.opponent] == group[p.number]
        # A1 - A2: the i-th of the upper half of the group meets the i-th of its lower half
        assert abs(e.opponent - p.number) == size // 2


def test_round_two_winners_losers_as_the_source_says():
    # seed 003: "die Gewinner aus „A1 – A2“ untereinander spielen. Die Verlierer von „A1 – A2“
    # spielen gegen die Gewinner von „B1 – B2“. Die Verlierer von „B1 – B2“ spielen untereinander."
    t = accelerated(16, 2, "swiss-chess:2")  # the lower number always wins
    a_win, a_lose, b_win, b_lose = set(range(1, 5)), set(range(5, 9)), set(range(9, 13)), set(range(13, 17))
    for p in t.players:
        opp = p.entry(2).opponent
        for own, other in ((a_win, a_win), (a_lose, b_win), (b_win, a_lose), (b_lose, b_lose)):
            if p.number in own:
                assert opp in other, (p.number, opp)


def test_from_round_three_equal_scores_meet():
    # seed 003: "Ab der dritten Runde wird die Paarungsermittlung „normal“ fortgesetzt und es
    # spielen immer die Punktgleichen gegeneinander."
    t = accelerated(16, 3, "swiss-chess:2")
    s = round_state(t, 3, edition="2026")
    for p in t.players:
        opp = p.entry(3).opponent
        assert s.players[opp].score == s.players[p.number].score


@pytest.mark.parametrize("variant", ["swiss-chess:2", "swiss-chess:3", "swiss-chess:4", "baku"])
def test_detect_names_the_variant_that_reproduces_rounds_one_and_two(variant):
    t = accelerated(24, 3, variant, rng=random.Random(7))
    bare = t.replace(acceleration=())
    v, why = detect_acceleration(bare, DUTCH)
    assert v == parse_variant(variant)
    assert why == f"rounds 1-2 match {v.label}"


def test_detect_prefers_no_acceleration_when_none_was_used():
    t = play(field(12, 2), DUTCH, 2, rng=random.Random(3))
    assert detect_acceleration(t, DUTCH) == (NONE, "rounds 1-2 match no acceleration")


def test_parse_rejects_unknown():
    with pytest.raises(AccelerationError, match="swiss-chess:7"):
        parse_variant("swiss-chess:7")
    assert parse_variant("BAKU") == BAKU and parse_variant("swiss-chess:4") == Variant("swiss-chess", 4)


def test_baku_is_the_same_layer_for_a_declared_file_and_the_option():
    t = field(20, 7, system="FIDE_DUTCH_2026_BAKU")
    assert accelerations(t) == accelerations(apply_acceleration(t.replace(system=""), "baku"))
    assert accelerations(apply_acceleration(t, "none")) == ()


def test_advice_two_best_meet():
    # seed 003: "dass die beiden besten Spieler gegeneinander kommen (wenn beide alles gewinnen)"
    # and "5 Runden (max. N = 32)"
    assert advice(32, 5).groups == 1
    assert [advice(n, 5).groups for n in (33, 64, 65, 96, 97, 128)] == [2, 2, 3, 3, 4, 4]
    assert not advice(129, 5).enough


def _check(path: Path, *args: str):
    """``pairchk check`` in-process (result has ``returncode`` and ``stdout``)."""
    r = CliRunner().invoke(app, ["check", str(path), *args])
    return SimpleNamespace(returncode=r.exit_code, stdout=r.stdout, stderr=r.stderr)


@pytest.mark.parametrize("variant", ["swiss-chess:2", "swiss-chess:3", "swiss-chess:4", "baku"])
def test_cli_check_verifies_each_variant_and_flags_an_altered_round(tmp_path, variant):
    t = accelerated(16, 4, variant, rng=random.Random(11)).replace(acceleration=(), system="")
    f = tmp_path / "t.trf"
    f.write_bytes(formats.get("trf26").dump(t).data)
    ok = _check(f, "--acceleration", variant)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    # without the option the checker finds the variant from rounds 1-2 and says so in a
    # note, but its verdict does not rest on the guess: the rounds are checked as the file says
    guessed = _check(f)
    assert guessed.returncode == 1, guessed.stdout
    assert (f"note: rounds 1-2 match {parse_variant(variant).label}, which the file does not"
            " state; the rounds are checked as the file says (--acceleration"
            f" {parse_variant(variant).name} checks with it)") in guessed.stdout
    # --acceleration none means none: no guess, not even as a note
    plain = _check(f, "--acceleration", "none")
    assert plain.returncode == 1 and "match" not in plain.stdout
    # an altered copy: two round-2 boards exchange their black players
    r2 = sorted((p for p in t.players if p.entry(2).color.value == "w"), key=lambda p: p.number)
    w1, w2 = r2[0], r2[1]
    b1, b2 = w1.entry(2).opponent, w2.entry(2).opponent
    players = []
    for p in t.players:
        e = list(p.entries)
        if p.number in (w1.number, w2.number, b1, b2):
            new_opp = {w1.number: b2, w2.number: b1, b1: w2.number, b2: w1.number}[p.number]
            e[1] = type(e[1])(e[1].kind, new_opp, e[1].color)
        players.append(p.replace(entries=tuple(e)))
    g = tmp_path / "altered.trf"
    g.write_bytes(formats.get("trf26").dump(t.replace(players=tuple(players))).data)
    bad = _check(g, "--acceleration", variant)
    assert bad.returncode == 1
    assert "round 1: ok" in bad.stdout
    assert "round 2: deviation" in bad.stdout or "round 2: violation" in bad.stdout


def test_cli_advice():
    out = CliRunner().invoke(app, ["schedule", "--acceleration-advice", "--players", "90",
                                   "--rounds", "5"])
    assert out.exit_code == 0
    assert "swiss-chess:3" in out.stdout and "2^5 = 32" in out.stdout


def _swiss_systems():
    from pairchk import systems

    out = []
    for name in systems.names():
        try:
            system = systems.get(name)
        except systems.SystemUnavailable:
            continue
        if not system.fixed and not system.teams:
            out.append((name, system))
    return out


@pytest.mark.parametrize("name,system", _swiss_systems(), ids=[n for n, _ in _swiss_systems()])
def test_every_swiss_system_takes_the_layer(name, system):
    # seed 003: "Es spielen also A1 – A2 und B1 – B2." — whichever Swiss system pairs
    t = apply_acceleration(field(16, 5), "swiss-chess:2")
    ed = system.select_edition(t)[0]
    p = system.pair(system.state(t, 1, edition=ed))
    assert all((x.white <= 8) == (x.black <= 8) for x in p.pairs), name


@pytest.mark.parametrize("variant", ["swiss-chess:2", "baku"])
def test_detect_tells_baku_from_two_start_groups_by_the_later_rounds(variant):
    # 24 players, 5 rounds: Baku gives the first half a full point in rounds 1-2 (C.04.7:
    # ceil(3 / 2) of the 3 accelerated rounds) and half a point in round 3; Swiss-Chess /2
    # gives the same group one pseudo-point in rounds 1-2 only. Round 3 decides.
    t = accelerated(24, 5, variant, rng=random.Random(4)).replace(acceleration=())
    v, why = detect_acceleration(t, DUTCH)
    assert v == parse_variant(variant), why


def test_explanations_cite_the_source_of_the_points_in_force():
    # the Swiss-Chess pseudo-points come from the Swiss-Chess help (seed 003), not C.04.7
    from pairchk.acceleration import article, recognise

    t = field(16, 5)
    for v in ("swiss-chess:2", "swiss-chess:3", "swiss-chess:4"):
        u = apply_acceleration(t, v)
        assert recognise(u) == parse_variant(v) and article(u) == "Swiss-Chess help"
    assert article(apply_acceleration(t, "baku")) == "C.04.7"
    assert recognise(t.replace(system="FIDE_DUTCH_2026_BAKU")) == BAKU
