"""FIDE Double-Swiss System C.04.5 (2026): the model of a match, the text's own examples, a
literal enumeration of art. 3.6, and generated events with forfeits, byes and withdrawals."""

from __future__ import annotations

import itertools
import random
from decimal import Decimal

import pytest
from typer.testing import CliRunner

from pairchk import formats
from pairchk.check import check
from pairchk.cli import app
from pairchk.model import Color, Kind, RoundEntry, Status, Tournament
from pairchk.pairing import Pair, RoundPairing, published_pairing
from pairchk.system import first_worse, quality_records
from pairchk.systems import for_code, get
from pairchk.systems.double_swiss import rules
from pairchk.systems.double_swiss.system import evaluate, violations
from pairchk.systems.team import swiss as procedure
from tests.double_swiss_events import field, match, play

W, B = Color.WHITE, Color.BLACK
DS = get("double-swiss")


def _with_rounds(t: Tournament, *rounds: dict[int, RoundEntry]) -> Tournament:
    players = []
    for p in t.players:
        players.append(p.replace(entries=p.entries + tuple(
            r.get(p.number, RoundEntry(Kind.NOT_PAIRED)) for r in rounds)))
    return t.replace(players=tuple(players))


def _state(scores: dict[int, str], met=(), floated=(), rnd: int = 4, rounds: int = 9
           ) -> procedure.TeamRoundState:
    units = {n: procedure.TeamState(n, f"P{n}", Decimal(s), Decimal(0),
                                    frozenset(b for a, b in met if a == n) |
                                    frozenset(a for a, b in met if b == n),
                                    (), False, 3, n in floated, Color.NONE, False)
             for n, s in scores.items()}
    return procedure.TeamRoundState(rnd, rounds, units, tuple(sorted(scores)),
                                    rules.NO_PREFERENCES, W, frozenset(), rnd >= rounds)


# --------------------------------------------------------------------------- the match


def test_preface_a_match_is_two_games_with_alternating_colours_and_game_points():
    """Preface: "The match consists of two games played in succession, with alternating
    colours and with points assigned for each game"; 1½-½ is a match result."""
    m = match(3, 7, ("1", "="))
    assert [(g.kind, g.color) for g in m[3].games] == [(Kind.WIN, W), (Kind.DRAW, B)]
    assert [(g.kind, g.color) for g in m[7].games] == [(Kind.LOSS, B), (Kind.DRAW, W)]
    t = _with_rounds(field(8, 5), m)
    assert (t.score(3), t.score(7)) == (Decimal("1.5"), Decimal("0.5"))
    assert published_pairing(t, 1).pairs == (Pair(3, 7),)  # 4.4: White = game 1 White


def test_preface_only_a_match_with_both_games_forfeited_ends_by_forfeit():
    """Preface: "A match ends by forfeit only if at least one player forfeits both games. In
    this case, the same pairing may be repeated in a later round." A single forfeited game
    leaves the match regularly played: a meeting ([C1]) and a colour (1.6)."""
    single = _with_rounds(field(4, 5), match(1, 3, ("+", "1")) | match(2, 4, ("1", "0")))
    whole = _with_rounds(field(4, 5), match(1, 3, ("+", "+")) | match(2, 4, ("1", "0")))
    assert single.player(1).entry(1).kind is Kind.WIN
    assert whole.player(1).entry(1).kind is Kind.FORFEIT_WIN
    assert whole.player(3).entry(1).kind is Kind.FORFEIT_LOSS
    st1, st2 = DS.state(single, 2, edition="2026"), DS.state(whole, 2, edition="2026")
    assert 3 in st1.teams[1].opponents and 3 not in st2.teams[1].opponents
    assert st1.teams[1].colours == (W,) and st2.teams[1].colours == ()
    assert st2.teams[1].pab_barred and not st1.teams[1].pab_barred  # [C2]: won by forfeit
    again = RoundPairing(2, (Pair(3, 1), Pair(4, 2)), None)
    assert [v.rule for v in violations(st1, again)] == ["C.04.5 art. 2.1.1 [C1] (2026)"] * 2
    assert [v.players for v in violations(st2, again)] == [(4, 2)]


def test_art_1_6_each_player_forfeits_one_game_gives_no_colour_but_is_a_meeting():
    m = match(1, 2, ("+", "-"))
    assert m[1].kind is Kind.DRAW and m[1].played
    st = DS.state(_with_rounds(field(4, 3), m), 2, edition="2026")
    assert st.teams[1].colours == () and 2 in st.teams[1].opponents


def test_art_1_4_pab_scores_a_game_won_and_a_game_drawn_and_bars_c2():
    t = _with_rounds(field(3, 4), {3: RoundEntry(Kind.PAB)} | match(1, 2, ("1", "1")))
    assert t.score(3) == Decimal("1.5")
    st = DS.state(t, 2, edition="2026")
    assert st.teams[3].pab_barred and st.teams[3].matches_played == 0
    assert not st.teams[3].floated_last  # 1.5: a PAB has no opponent, so no float


def test_trf26_and_json_keep_both_games_of_every_match():
    t = play(field(17, 5), 5, random.Random(8), forfeits=0.3)
    text = formats.dump(t, "trf26").data
    assert b"192 FIDE_DOUBLESWISS" in text
    line = next(x for x in text.decode().splitlines() if x.startswith("001    1"))
    assert len(line[91:].split("  ")) >= 9  # two columns per match
    for fmt in ("trf26", "json"):
        back = formats.load(formats.dump(t, fmt).data).tournament
        assert [p.entries for p in back.players] == [p.entries for p in t.players]
        assert back.games_per_round == 2 and back.scoring.pab_value == Decimal("1.5")
    games = [g for p in t.players for e in p.entries for g in e.games]
    assert any(g.kind is Kind.FORFEIT_WIN for g in games)


# --------------------------------------------------------------------------- the text's examples


def test_art_3_5_4_example_upfloater_sets_in_lexicographic_order():
    """3.5.4: "{2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < {2,8,3} < {2,8,5} < {6,8,1} < {6,8,3} <
    {6,8,5}" (2, 6, 8 on 3 points, 1, 3, 5 on 2.5, three upfloaters, two of them on 3)."""
    levels = [(Decimal(3), [2, 6, 8]), (Decimal("2.5"), [1, 3, 5])]
    assert procedure._profiles(levels, 3)[:2] == [(3, 0), (2, 1)]  # [C5]: 3, 3, 3 first
    assert list(procedure._sets(levels, (2, 1))) == [
        (2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1), (2, 8, 3), (2, 8, 5), (6, 8, 1), (6, 8, 3),
        (6, 8, 5)]


def test_art_3_5_5_the_first_set_of_the_order_that_gives_a_legal_pairing():
    """Residents 4, 7, 9 (3.5) have met each other: three upfloaters ([C4]). 8 met them all, so
    no set of three on 3 points is legal and [C5] takes two on 3 and one on 2.5; the first
    set is {2,6,1}, and {2,6,3} once 1 has met all three residents."""
    scores = {4: "3.5", 7: "3.5", 9: "3.5", 2: "3", 6: "3", 8: "3", 1: "2.5", 3: "2.5",
              5: "2.5", 10: "2.5"}
    met = [(4, 7), (4, 9), (7, 9), (8, 4), (8, 7), (8, 9)]
    st = _state(scores, met)
    assert procedure.choose_upfloaters(st, list(st.to_pair)) == (2, 6, 1)
    st = _state(scores, met + [(1, 4), (1, 7), (1, 9)])
    assert procedure.choose_upfloaters(st, list(st.to_pair)) == (2, 6, 3)


def test_art_3_6_2_example_identifier():
    """3.6.2: "If 11-24 16-6 10-9 8-4 is a pairing, its identifier is 4 6 9 11 8 16 10 24"."""
    assert rules.identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def _literal_first(st, bracket, ups):
    """Art. 3.6 read literally: every pairing of the bracket in identifier order; the first
    with the fewest [C8] (upfloaters' opponents who floated) among those keeping [C1]."""
    def pairings(xs):
        if not xs:
            yield []
            return
        a = xs[0]
        for i in range(1, len(xs)):
            for rest in pairings(xs[1:i] + xs[i + 1:]):
                yield [(a, xs[i])] + rest
    best = None
    for p in sorted(pairings(sorted(bracket)), key=rules.identifier):
        if any(st.met(a, b) for a, b in p):
            continue
        c8 = sum(int(a in ups and st.teams[b].floated_last) + int(b in ups and st.teams[a].floated_last)
                 for a, b in p)
        if best is None or c8 < best[0]:
            best = (c8, p)
    return sorted(best[1]) if best else None


@pytest.mark.parametrize("seed", range(40))
def test_art_3_6_engine_equals_the_literal_enumeration(seed):
    rng = random.Random(seed)
    n = rng.choice([4, 6, 8, 10])
    players = rng.sample(range(1, 30), n)
    ups = frozenset(rng.sample(players, rng.choice([0, 1, 2])))
    met = [(a, b) for a, b in itertools.combinations(players, 2) if rng.random() < 0.3]
    st = _state({x: "1" if x in ups else "2" for x in players}, met,
                floated=[x for x in players if rng.random() < 0.4])
    expected = _literal_first(st, players, ups)
    if expected is None:
        with pytest.raises(Exception):
            procedure.pair_bracket(st, players, ups)
        return
    assert sorted(procedure.pair_bracket(st, players, ups)) == expected


def test_art_4_colours():
    """4.3.1 round 1: the higher ranked player gets the initial colour if its TPN is odd; the
    White player of a pair plays game 1 with White (4.4)."""
    t = play(field(8, 3), 1, random.Random(1))
    first = published_pairing(t, 1)
    assert sorted(p.players for p in first.pairs) == sorted(
        frozenset(x) for x in [(1, 5), (2, 6), (3, 7), (4, 8)])  # 3.6: 1st half against 2nd
    assert {(p.white, p.black) for p in first.pairs} == {(1, 5), (6, 2), (3, 7), (8, 4)}
    hrp = procedure.TeamState(1, "", Decimal(2), Decimal(0), frozenset(), (W, B, W), False, 3,
                              False, Color.NONE, False)
    other = procedure.TeamState(2, "", Decimal(2), Decimal(0), frozenset(), (B, W), False, 2,
                                False, Color.NONE, False)
    assert rules.hrp_colour(W, hrp, other) is B  # 4.3.2: more Whites gets Black


# --------------------------------------------------------------------------- the checker


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_generated_events_with_forfeits_byes_withdrawals_check_clean(seed):
    rng = random.Random(seed)
    n, rounds = rng.randint(15, 64), rng.randint(5, 9)
    t = play(field(n, rounds), rounds, rng, byes=0.06, forfeits=0.08, withdraw=0.03)
    assert any(p.status is Status.WITHDRAWN for p in t.players) or seed != 0
    back = formats.load(formats.dump(t, "trf26").data).tournament
    report = check(back)
    assert (report.system, report.edition) == ("double-swiss", "2026")
    assert report.system_reason == "from the TRF26 192 code FIDE_DOUBLESWISS"
    assert [r.status for r in report.rounds] == ["ok"] * rounds


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 30))
def test_many_generated_events_check_clean(seed):
    rng = random.Random(seed)
    n, rounds = rng.randint(15, 64), rng.randint(5, 11)
    t = play(field(n, rounds), rounds, rng, byes=0.06, forfeits=0.08, withdraw=0.03)
    assert check(t).verdict == "ok"


def test_a_worse_upfloater_choice_is_a_deviation_with_the_criterion():
    rng = random.Random(4)
    t = play(field(16, 5), 3, rng)
    st = DS.state(t, 3, edition="2026")
    ref = DS.pair(st)
    # swap the partners of the first and the last board: worse on [C4] or [C5]
    a, z = ref.pairs[0], ref.pairs[-1]
    bad = RoundPairing(3, (Pair(a.white, z.white), Pair(a.black, z.black)) + ref.pairs[1:-1],
                       ref.bye)
    if violations(st, bad):
        pytest.skip("the swap repeats a match")
    q_bad, q_ref = evaluate(st, bad, against=ref), evaluate(st, ref, against=bad)
    assert (q_bad.C4, q_bad.C5) > (q_ref.C4, q_ref.C5)


def test_for_code_and_editions():
    assert for_code("FIDE_DOUBLESWISS_BAKU") is DS
    assert DS.select_edition(Tournament(system="FIDE_DOUBLESWISS")) == (
        "2026", "system code FIDE_DOUBLESWISS: the Double-Swiss text of 2026")
    with pytest.raises(ValueError, match="unknown Double-Swiss edition '2024'"):
        DS.select_edition(Tournament(), "2024")


def test_cli_pair_and_check_a_double_swiss_file(tmp_path):
    t = play(field(15, 5), 3, random.Random(3))
    path = tmp_path / "ds.trf"
    path.write_bytes(formats.dump(t, "trf26").data)
    res = CliRunner().invoke(app, ["check", str(path)])
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[0] == (
        f"{path}: double-swiss (from the TRF26 192 code FIDE_DOUBLESWISS), edition 2026 "
        "(system code FIDE_DOUBLESWISS: the Double-Swiss text of 2026)")
    res = CliRunner().invoke(app, ["check", "--system", "double-swiss", "--edition", "2024",
                                   str(path)])
    assert res.exit_code == 2


def test_a_format_of_one_result_per_round_says_it_writes_match_results():
    t = play(field(15, 3), 2, random.Random(5))
    assert formats.dump(t, "trf26").warnings == []
    out = formats.dump(t, "xlsx")
    assert [w.message for w in out.warnings][-1] == (
        "format 'xlsx' has one result per round: each match of 2 games is written as its match "
        "result (win, draw, loss or forfeit); trf26 and json keep every game")


def test_baku_acceleration_gives_a_match_won_in_virtual_points():
    """C.04.7 art. 1: the points of a win; a round of C.04.5 is a match of two games."""
    from pairchk.acceleration import accelerations

    t = field(16, 8).replace(system="FIDE_DOUBLESWISS_BAKU")
    first = accelerations(t)[0]
    assert first.points == (Decimal(2), Decimal(2), Decimal(1), Decimal(1))
    assert check(play(t, 4, random.Random(2))).verdict == "ok"


@pytest.mark.parametrize("players,rounds,seed", [(15, 7, 1), (64, 9, 3)])
def test_generate_plays_matches_and_its_events_check_clean(players, rounds, seed):
    """The RTG plays every pairing as a two-game match (single-game and whole-match forfeits,
    requested byes, withdrawals); the file checks clean after a TRF26 round trip."""
    from pairchk.generate.individual import Settings, generate

    t = generate(Settings(system="double-swiss", players=players, rounds=rounds, seed=seed,
                          forfeit_rate=0.1, bye_rate=0.05, withdraw_rate=0.1))
    assert t.system == "FIDE_DOUBLESWISS" and t.games_per_round == 2
    entries = [e for p in t.players for e in p.entries]
    assert all(len(e.games) == 2 for e in entries if e.opponent is not None)
    kinds = {g.kind for e in entries for g in e.games}
    assert Kind.FORFEIT_WIN in kinds and Kind.DRAW in kinds
    assert any(e.kind is Kind.ZERO_BYE for e in entries)
    back = formats.load(formats.dump(t, "trf26").data).tournament
    assert check(back).verdict == "ok"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_generate_many_sizes_check_clean(seed):
    from pairchk.generate.individual import Settings, generate

    rng = random.Random(seed)
    t = generate(Settings(system="double-swiss", players=rng.randint(15, 64),
                          rounds=rng.randint(5, 11), seed=seed, forfeit_rate=0.1,
                          bye_rate=0.05, withdraw_rate=0.1))
    assert check(t).verdict == "ok"


def test_cli_generate_double_swiss(tmp_path):
    out = tmp_path / "g.trf"
    res = CliRunner().invoke(app, ["generate", "--system", "double-swiss", "--players", "16",
                                   "--rounds", "5", "--seed", "2", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "192 FIDE_DOUBLESWISS" in out.read_text()
    assert CliRunner().invoke(app, ["check", str(out)]).exit_code == 0


def test_colours_against_art_4_are_explained_with_the_whites_of_each_player():
    t = play(field(20, 6), 6, random.Random(3))
    p = published_pairing(t, 3).pairs[0]
    swapped = match(p.black, p.white, ("1", "1"))
    t = t.replace(players=tuple(
        x.replace(entries=x.entries[:2] + (swapped[x.number],) + x.entries[3:])
        if x.number in swapped else x for x in t.players))
    r3 = check(t, rounds=[3]).rounds[0]
    assert r3.status == "deviation"
    assert r3.explanation.startswith("same pairs, equally good on every criterion; colours differ "
                                     "from the colour allocation rules C.04.5 art. 4.3 (2026); ")
    st = DS.state(t, 3, edition="2026")
    assert r3.who[0] == (f"{p.black} Spieler {p.black:02d} gets white, the reference gives "
                         f"black: {DS.colour_note(st, p.black)}")
    assert "prefers" not in " ".join(r3.who)


def test_a_colour_difference_higher_up_does_not_hide_a_worse_c6_further_down():
    """Round 8 of a generated 48-player event as another program (pairing-core 0.4.1) paired
    it: 1-20 coloured the other way in the score-8.5 bracket, then upfloater 10 instead of 24
    for the lone 7-pointer 37, which leaves the 6.5 scoregroup unpairable without upfloaters
    ([C6]). The record must part at the bracket whose pairs differ, not at the colours."""
    rng = random.Random(17)
    n, rounds = rng.randint(15, 64), rng.randint(5, 11)
    t = play(field(n, rounds), rounds, rng)
    st = DS.state(t, 8, edition="2026")
    ref = DS.pair(st)
    other = RoundPairing(8, tuple(Pair(*p) for p in (
        (32, 40), (34, 19), (30, 11), (20, 1), (43, 18), (46, 41), (9, 21), (16, 27), (39, 13),
        (10, 37), (36, 48), (7, 24), (47, 22), (44, 3), (6, 28), (8, 31), (33, 17), (5, 25),
        (45, 29))), None)
    assert Pair(1, 20) in ref.pairs and Pair(24, 37) in ref.pairs  # the same history as then
    worse = first_worse(*quality_records(DS, st, other, ref))
    assert worse is not None and worse[:3] == ("C6", 1, 0)


def test_a_game_both_players_forfeited_counts_for_neither_and_the_file_validates():
    """Game 1 forfeited by both, game 2 won by 20: 20 won the match 1-0 (Preface: points for
    each game), and the two match entries complement each other."""
    from pairchk.validate import validate

    t = _with_rounds(field(20, 3), match(13, 20, ("--", "0")))
    assert t.player(13).entry(1).kind is Kind.LOSS and t.player(20).entry(1).kind is Kind.WIN
    back = formats.load(formats.dump(t, "trf26").data).tournament
    assert back.player(20).entry(1).kind is Kind.WIN
    assert (back.score(13), back.score(20)) == (Decimal(0), Decimal(1))
    big = play(field(30, 7), 7, random.Random(6), forfeits=0.3)
    loaded = formats.load(formats.dump(big, "trf26").data, path="ds.trf")
    assert [f.code for f in validate(loaded, "ds.trf")] == []


def test_validate_names_a_game_whose_two_results_do_not_complement_each_other():
    from pairchk.validate import validate

    t = _with_rounds(field(4, 3), match(1, 2, ("1", "=")) | match(3, 4, ("0", "1")))
    text = formats.dump(t, "trf26").data.decode()
    line = next(x for x in text.splitlines() if x.startswith("001    2"))
    bad = text.replace(line, line[:91] + line[91:].replace("1 w =", "1 w 0", 1))
    loaded = formats.load(bad.encode(), path="ds.trf")
    found = [(f.code, f.message, f.column) for f in validate(loaded, "ds.trf")]
    assert ("result-mismatch", "round 1, game 2: player 1 has '=' against 2, who has '0'",
            109) in found


def test_a_round_that_cannot_be_paired_says_so_with_the_article():
    """Four players who have all met: no legal pairing; 3.3.3 leaves it to the Chief Arbiter."""
    from pairchk.system import UnpairableError

    met = [(a, b) for a, b in itertools.combinations(range(1, 5), 2)]
    st = _state({1: "2", 2: "2", 3: "1", 4: "1"}, met)
    with pytest.raises(UnpairableError, match=r"C\.04\.5 art\. 3\.5, \[C3\]\); the Chief Arbiter "
                                              r"decides \(art\. 3\.3\.3\)"):
        DS.pair(st)
