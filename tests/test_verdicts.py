"""Issue 9 on real files: the system comes from the file, absences and stand-ins read as the
endorsed engine reads them, team and unsupported systems are "not checked" with their own exit
status."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import pairchk
from pairchk import formats
from pairchk.cli import EXIT_NOT_CHECKED, app
from shared_paths import FIX, shared

runner = CliRunner()


def load(path) -> pairchk.model.Tournament:
    return formats.load_path(str(path)).tournament


def test_the_declared_round_robin_is_checked_as_one():
    """fixtures/berger_10.trf says BERGER_ROUNDROBIN in 192: checked against the Berger
    table, every round ok, and the first line says where the system came from."""
    rep = pairchk.check(load(FIX / "berger_10.trf"), path="berger_10.trf")
    assert rep.system == "berger" and rep.verdict == "ok" and len(rep.rounds) == 9
    assert rep.system_reason == "from the TRF26 192 code BERGER_ROUNDROBIN"
    r = runner.invoke(app, ["check", str(FIX / "berger_10.trf")])
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0] == (
        f"{FIX / 'berger_10.trf'}: berger (from the TRF26 192 code BERGER_ROUNDROBIN), edition "
        "C.05 Annex 1 (the only text of the system)")


@pytest.mark.parametrize("parts, system", [
    (("trf26", "fide-tec-grandmommys-cup-team-trf26.trf"), "team (from the TRF26 192 code "
                                                           "FIDE_TEAM_BAKU)"),
    (("trf16", "icu-armstrong-cup-2011-team.trf"), "team-berger (no system declared in the file"),
    (("swiss-chess-swt", "SwissTeam.SWT"), "team (from the system text 'Swiss system'"),
    (("chess-results-xml", "Team_SwissSystem.xml"), "team (no system declared in the file"),
])
def test_team_files_say_their_team_system_first(parts, system):
    """Team files are checked with a team system (not as individual Dutch), said first."""
    path = shared("samples", *parts)
    r = runner.invoke(app, ["check", str(path)])
    assert r.stdout.splitlines()[0].startswith(f"{path}: {system}"), r.stdout[:300]


def test_a_system_pairchk_cannot_pair_exits_4_with_the_note_first(tmp_path):
    t = load(FIX / "dutch_p008_r06.trf").replace(system="FIDE_SCHEVENINGEN")
    f = tmp_path / "schev.trf"
    f.write_bytes(formats.get("trf26").dump(t).data)
    r = runner.invoke(app, ["check", str(f)])
    assert r.exit_code == EXIT_NOT_CHECKED
    assert r.stdout.splitlines()[:2] == [
        f"{f}: FIDE_SCHEVENINGEN (from the TRF26 192 code FIDE_SCHEVENINGEN)",
        "NOT CHECKED: the file declares the pairing system FIDE_SCHEVENINGEN, which pairchk cannot "
        "pair: its rounds were not re-paired"]
    assert r.stdout.splitlines()[-1] == "summary: not checked"


@pytest.mark.parametrize("parts, first", [
    (("trf26", "fide-tec-grandmommys-cup-team-trf26.trf"),
     "team (from the TRF26 192 code FIDE_TEAM_BAKU)"),
    (("trf16", "icu-armstrong-cup-2011-team.trf"),
     "team-berger (no system declared in the file; a team file whose teams meet as in a round "
     "robin: Berger tables for teams)"),
    (("swiss-chess-swt", "SwissTeam.SWT"),
     "team (from the system text 'Swiss system' names an individual system; a team file: the "
     "FIDE Swiss team system (C.04.6))"),
    (("chess-results-xml", "Team_SwissSystem.xml"),
     "team (no system declared in the file; a team file: the FIDE Swiss team system "
     "(C.04.6))"),
])
def test_team_files_are_checked_as_team_events_and_say_so_first(parts, first):
    """Never a false individual-Dutch verdict: a team file is checked at team level, by the
    team system its 192 code names, else as a team round robin or the C.04.6 team Swiss."""
    path = shared("samples", *parts)
    r = runner.invoke(app, ["check", str(path)])
    out = [line for line in r.stdout.splitlines() if not line.startswith("warning")]
    assert r.exit_code in (0, 1), r.output
    assert out[0].startswith(f"{path}: {first}, edition ")
    assert "dutch" not in out[0][len(f"{path}:"):]  # the path may hold any word
    assert out[-1].startswith("summary: ")
    assert "pairing-allocated byes in one round" not in r.stdout  # team byes are per team


def test_a_team_file_declaring_an_unknown_team_system_is_not_checked():
    t = load(FIX / "travel_partner_8.trf").replace(system="FIDE_TEAM_OLYMPIAD")
    rep = pairchk.check(t)
    assert rep.verdict == "not checked"
    assert "FIDE_TEAM_OLYMPIAD" in rep.not_checked


def test_a_declared_system_pairchk_cannot_pair_is_not_checked_but_rematches_are():
    """A file declaring FIDE_SCHEVENINGEN is not re-paired; C.04.1 art. 2 still applies."""
    t = load(FIX / "dutch_p008_r06.trf").replace(system="FIDE_SCHEVENINGEN")
    rep = pairchk.check(t)
    assert rep.verdict == "not checked" and rep.rounds == []
    players = list(t.players)
    r1 = {p.number: p.entry(1) for p in players}
    # give round 2 the pairs of round 1: every game a rematch
    players = [p.replace(entries=(p.entries[0], r1[p.number]) + p.entries[2:]) for p in players]
    rep = pairchk.check(t.replace(players=tuple(players)), rounds=[2])
    assert rep.rounds and rep.rounds[0].status == "violation"
    assert all("already met in round 1 (C.04.1 art. 2)" in v for v in rep.rounds[0].violations)
    assert rep.verdict == "findings"


@pytest.mark.parametrize("name", ["lichess-swiss-2020-05-29.trf", "lichess-swiss-2020-06-26.trf"])
def test_lichess_absences_are_not_missing_players(name):
    """lichess writes a player who sat a round out as a blank opponent with result '-';
    bbpPairings reads that as absent (not paired, no bye), and so do we."""
    t = load(shared("samples", "trf16", name))
    blanks = [(p.number, r) for p in t.players for r, e in enumerate(p.entries, 1)
              if e.kind.code == "-" and e.opponent is None]
    assert blanks or name.endswith("06-26.trf")  # the May sample has such rounds
    rep = pairchk.check(t)
    for r in rep.rounds:
        assert "missing from the published round" not in r.explanation, (r.round, r.explanation)
    for n, rnd in blanks:
        if rnd <= len(rep.rounds) and rep.rounds[rnd - 1].expected is not None:
            ref = rep.rounds[rnd - 1].expected
            assert n not in {x for p in ref.pairs for x in (p.white, p.black)} | {ref.bye}


def test_spielfrei_stand_in_is_the_bye_and_absences_are_not_paired():
    """fide-example1 has a stand-in player named 'spielfrei' (German for 'bye') and, in
    round 5, '0000 - +' / '0000 - -' entries without an opponent."""
    t = load(shared("samples", "trf16", "fide-example1-karl-mala-gedenkturnier-2005.trf"))
    assert t.player(284).name == "spielfrei"
    rep = pairchk.check(t, rounds=[5])
    assert ("player 284 'spielfrei' stands for the bye: a game against it is read as a bye, and "
            "it is not paired") in rep.notes
    r5 = rep.rounds[0]
    assert r5.status == "ok", (r5.differences, r5.explanation)
    assert 284 not in {x for p in r5.expected.pairs for x in (p.white, p.black)}


def test_pair_pairs_the_first_round_not_paired_and_keeps_its_byes():
    """javafo-trfx-sample2: rounds 1-4 paired, round 5 holds only byes entered ahead (22 Z,
    28 Z, 43 H). `pair` pairs round 5 without those three and refuses round 9."""
    path = shared("samples", "trf16", "javafo-trfx-sample2-open-gros-2010.trfx")
    t = load(path)
    res = pairchk.pair(t)
    assert res.pairing.round == 5
    assert set(res.not_paired) >= {22, 28, 43}
    assert not {22, 28, 43} & {x for p in res.pairing.pairs for x in (p.white, p.black)}
    r = runner.invoke(app, ["pair", str(path), "--round", "9"])
    assert r.exit_code == 2  # a round not playable yet: a question without answer
    assert r.stderr == (f"error: {path}: round 9 cannot be paired yet: rounds 1-4 are paired, so "
                        "round 5 is the next one to pair\n")
    r = runner.invoke(app, ["pair", str(path)])
    assert r.exit_code == 0 and r.stdout.startswith("round 5 (dutch ")


def test_the_packaged_check_report_schema_is_the_documented_one():
    from shared_paths import ROOT

    shipped = (ROOT / "pairchk" / "data" / "check-report.schema.json").read_text()
    assert shipped == (ROOT / "formats" / "check-report.schema.json").read_text()


# ---------------------------------------------------------------------------- explanations
# Each kind of deviation on a real file: the verdict first, where the two pairings part, the
# deciding criterion, who gains or loses what by number and name, the rule in one line.

from pairchk.check import explain as ex  # noqa: E402
from pairchk.model import Color  # noqa: E402

FIDE1 = ("trf16", "fide-example1-karl-mala-gedenkturnier-2005.trf")


def _round(parts, rnd, **kw):
    t = load(shared("samples", *parts))
    return t, pairchk.check(t, rounds=[rnd], **kw).rounds[0]


def test_pairs_deviation_names_the_floaters():
    """fide-example1 round 2: the published round has 3 downfloaters in the 1-point bracket
    where the reference has 1 (C.5 of the 2017 text, in force before 2026-02-01)."""
    t, r = _round(FIDE1, 2)
    assert r.verdict == "legal, but not the pairing the rules prescribe"
    assert r.explanation == ("C.5 (2017) number of downfloaters (maximise the number of pairs): "
                             "published 3, reference 1")
    assert r.where.startswith("the score 1 bracket (")
    assert r.rule == "C.04.3 (2017) C.5: number of downfloaters (maximise the number of pairs)"
    down = [w for w in r.who if "floats down; in the reference: paired inside the score group" in w]
    assert down and all(w.split(" (")[0] == ex.who(t, int(w.split()[0])) for w in down)
    for w in down:  # each named downfloater meets a lower-scored player in the file
        n = int(w.split()[0])
        opp = t.player(n).entry(2).opponent
        assert t.score(opp, 1) < t.score(n, 1)


def test_colour_deviation_says_who_gets_which_colour_against_which_preference():
    """fide-example1 round 3: C.10 (2017), players not getting their colour preference."""
    t, r = _round(FIDE1, 3)
    assert r.explanation.startswith("C.10 (2017) players not getting their colour preference: ")
    assert "147 Graebner,Walter gets white, prefers black (mild); the reference gives black" in r.who
    # the file agrees: 147 has white in round 3, and his colour history asks for black
    assert t.player(147).entry(3).color is Color.WHITE
    assert pairchk.state.round_state(t, 3, edition="2017").players[147].pref is Color.BLACK


def test_generation_order_only():
    """lichess 2020-05-29 round 2: as good on every criterion; only the generation order
    prefers the reference."""
    t, r = _round(("trf16", "lichess-swiss-2020-05-29.trf"), 2)
    assert r.verdict == ("as good as the reference on every criterion: it differs only in the "
                         "generation order")
    assert r.explanation == ("equally good on every criterion of the 2017 text; the reference "
                             "pairing comes first in the generation order (C.04.3 B, D)")
    assert r.who and all(ex.who(t, int(w.split()[0])) in w for w in r.who)


def test_round_one_is_fixed_by_the_pairing_numbers():
    t, r = _round(("trf16", "lichess-swiss-2020-05-29.trf"), 1)
    assert r.verdict == ("round 1 is fixed by the pairing numbers: the published round follows "
                         "another order")


def test_colours_only_names_the_pairing_number_among_the_players_present():
    """Madrid round 1: boards agree until a player with a half-point bye; from there the
    colours alternate the other way. Colour rule E.5 (2017) counts the rank among the players
    present (bbpPairings), not the start number: the explanation says so with the numbers."""
    t, r = _round(("trf16", "madrid-torneo-san-viator-2018-B.trf"), 1)
    assert r.verdict == "same pairs, but colours other than the colour allocation rules give"
    first = r.who[0]
    n = int(first.split()[0])
    absent_before = [p.number for p in t.players if p.number < n and not p.entry(1).took_part]
    assert absent_before  # somebody above him is not paired in round 1
    tpn = n - len(absent_before)
    assert first.startswith(f"{ex.who(t, n)} is the higher ranked, pairing number {tpn} among "
                            f"the players present (start number {n}, rank {n}: ")
    assert "(C.04.3 E.5 (2017))" in first


def test_acceleration_in_force_is_named_with_the_virtual_points():
    """sharly TRF26 sample, FIDE_DUTCH_2026_BAKU: round 1 is decided by pairing scores."""
    t, r = _round(("trf26", "sharly-trf26-individual-5r.trf"), 1)
    acc = [w for w in r.who if w.startswith("acceleration in force this round (C.04.7; the file "
                                            "declares the Baku method (FIDE_DUTCH_2026_BAKU))")]
    assert acc and "1: 1 = 0 + 1" in acc[0]
    assert r.where.startswith("the pairing score 1 bracket")


def test_pab_deviation_names_both_bye_receivers():
    """fixtures/club_open_2026.trf round 3 with the bye moved from the lowest player (8, 0
    points) to a 2-point player: C5 (2026) "score of the PAB assignee", both players named."""
    from pairchk.model import Kind, RoundEntry

    t = load(FIX / "club_open_2026.trf")
    pub = pairchk.pairing.published_pairing(t, 3)
    low, (top, opp) = pub.bye, (pub.pairs[0].white, pub.pairs[0].black)
    rows = {p.number: list(p.entries) for p in t.players}
    rows[top][2] = RoundEntry(Kind.PAB)
    rows[low][2] = RoundEntry(Kind.WIN, opp, Color.BLACK)
    rows[opp][2] = RoundEntry(Kind.LOSS, low, Color.WHITE)
    altered = t.replace(players=tuple(p.replace(entries=tuple(rows[p.number])) for p in t.players))
    r = pairchk.check(altered, rounds=[1, 2, 3]).rounds[2]
    assert (r.status, r.verdict) == ("deviation", "legal, but not the pairing the rules prescribe")
    assert r.details["bye"] == {"published": top, "reference": low}
    s_top, s_low = t.score(top, 2), t.score(low, 2)
    assert s_top > s_low
    assert r.explanation == f"C5 (2026) score of the PAB assignee: published {s_top}, reference {s_low}"
    assert r.who == [f"the published round gives the bye to {ex.who(t, top)} (score {s_top}, 0 "
                     f"unplayed rounds); the reference gives it to {ex.who(t, low)} (score {s_low}, "
                     "0 unplayed rounds)"]
    assert r.rule.endswith("[C5]: score of the PAB assignee")


def test_absolute_rule_breach_names_the_players():
    """fixtures/club_open_2026.trf round 5 repeats the game 4-9 (C.04.1 art. 2)."""
    t = load(FIX / "club_open_2026.trf")
    r = pairchk.check(t).rounds[4]
    assert r.status == "violation" and r.verdict == "the published round breaks an absolute rule"
    assert r.violations == [f"4-9: players already met (C1, C.04.1 art. 2) — {ex.who(t, 4)}; "
                            f"{ex.who(t, 9)}"]
    assert t.player(4).entry(5).opponent == 9
    assert any(t.player(4).entry(k).opponent == 9 for k in range(1, 5))


def test_explain_prints_the_round_table():
    path = FIX / "club_open_2026.trf"
    t = load(path)
    r = runner.invoke(app, ["check", str(path), "--explain", "4"])
    lines = r.stdout.splitlines()
    head = lines.index("round 4: the players to be paired, in pairing order, floats and PAB by "
                       "the 2026 text (players not paired this round at the end, bracket "
                       "'absent')")
    rows = lines[head + 2: head + 2 + 11]
    st = pairchk.state.round_state(t, 4, edition="2026")
    assert [int(x.split()[0]) for x in rows] == list(st.order)
    first = rows[0].split()
    assert first[0] == str(st.order[0]) and " ".join(first[1:3]) == t.player(st.order[0]).name


def test_long_pair_lists_wrap():
    lines = pairchk.check.report.to_text(
        pairchk.check(load(shared("samples", *FIDE1)), rounds=[1])).splitlines()
    assert max(len(x) for x in lines[1:]) <= 110  # the first line holds the path
    assert sum(x.startswith("        ") for x in lines) > 10  # 62 pairs of round 1 wrapped


def test_a_board_left_empty_in_a_team_match_is_no_second_team_bye():
    """sharly-trf26-team-in-progress round 2: team 3 has the bye (all four players 'U'); team
    4's players 5 and 9 have 'U' on boards team 1 left empty while 22 and 23 play. One team
    bye in the round: no C.04.1 art. 3 breach."""
    from pairchk.check.violations import basic_violations
    from pairchk.pairing import published_pairing

    t = load(shared("samples", "trf26", "sharly-trf26-team-in-progress.trf"))
    assert {p.number for p in t.players if p.entry(2).kind.code == "U"} == {5, 9, 17, 18, 21, 26}
    assert basic_violations(t, 2, published_pairing(t, 2)) == []


def test_a_third_colour_in_a_row_forced_by_a_history_broken_earlier_names_that_round():
    # a history already broken in round 5 (colour difference -3) calls for white a third time
    # in a row in round 8; the endorsed engine pairs so: a note naming round 5, no violation
    from pairchk.check.violations import split_violations
    from pairchk.model import Color, Kind, Player, RoundEntry, Tournament
    from pairchk.system import Violation

    W, B = Color.WHITE, Color.BLACK
    colours = [B, B, B, B, B, W, W, W]  # CD -1 -2 -3 -4 -5 -4 -3, then a third white
    entries = tuple(RoundEntry(Kind.DRAW, 10 + r, c) for r, c in enumerate(colours, 1))
    t = Tournament(players=(Player(1, "Forced, Fay", entries=entries),))
    v = Violation("C.04.1 art. 7", "1: white three times in a row (C.04.1 art. 7)", (1,), 8)
    new, notes = split_violations(t, 8, [v])
    assert new == []
    assert notes == ["1 Forced, Fay: white a third time in a row, which the colour difference -3"
                     " before this round calls for (beyond ±2 since round 3, the round to"
                     " blame); the other colour would make it -4 (C.04.1 art. 7)"]
    # a run the round makes on its own stays a violation
    free = tuple(RoundEntry(Kind.DRAW, 10 + r, c) for r, c in enumerate([B, W, B, W, B, W, W, W], 1))
    t2 = Tournament(players=(Player(1, "Free, Fred", entries=free),))
    assert split_violations(t2, 8, [v]) == ([v], [])


def test_the_why_of_a_violating_round_starts_from_the_violation():
    from pairchk.check.explain import from_violation

    why = from_violation(["108: pairing-allocated bye to a player who already had a PAB"],
                         "equally good on every criterion of the 2017 text", None)
    assert why == ("it breaks an absolute rule: 108: pairing-allocated bye to a player who"
                   " already had a PAB")
    assert "equally good" not in why
