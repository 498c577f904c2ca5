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


@pytest.mark.parametrize("parts, first, second", [
    (("trf26", "fide-tec-grandmommys-cup-team-trf26.trf"),
     "FIDE_TEAM_BAKU (from the TRF26 192 code FIDE_TEAM_BAKU)",
     "NOT CHECKED: the file declares the team pairing system FIDE_TEAM_BAKU, which pairchk cannot "
     "pair: its rounds were not re-paired"),
    (("trf16", "icu-armstrong-cup-2011-team.trf"), None,
     "NOT CHECKED: a team tournament: pairchk has no team pairing system yet, so its rounds were "
     "not re-paired"),
    (("swiss-chess-swt", "SwissTeam.SWT"), "Swiss system (from the system text 'Swiss system')",
     "NOT CHECKED: a team tournament: pairchk has no team pairing system yet, so its rounds were "
     "not re-paired"),
    (("chess-results-xml", "Team_SwissSystem.xml"), "unknown (no system declared in the file)",
     "NOT CHECKED: a team tournament: pairchk has no team pairing system yet, so its rounds were "
     "not re-paired"),
])
def test_team_files_are_not_checked_and_say_so_first(parts, first, second):
    path = shared("samples", *parts)
    r = runner.invoke(app, ["check", str(path)])
    out = r.stdout.splitlines()
    assert r.exit_code == EXIT_NOT_CHECKED, r.output
    if first:
        assert out[0] == f"{path}: {first}"
    assert out[1] == second
    assert out[-1] == "summary: not checked"  # one team bye a round is no violation


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
    rep = pairchk.check(t)
    assert ("player 284 'spielfrei' stands for the bye: a game against it is read as a bye, and "
            "it is not paired") in rep.notes
    r5 = rep.rounds[4]
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
    assert r.exit_code == 1
    assert r.stderr == (f"error: {path}: round 9 cannot be paired yet: rounds 1-4 are paired, so "
                        "round 5 is the next one to pair\n")
    r = runner.invoke(app, ["pair", str(path)])
    assert r.exit_code == 0 and r.stdout.startswith("round 5 (dutch ")


def test_the_packaged_check_report_schema_is_the_documented_one():
    from shared_paths import ROOT

    shipped = (ROOT / "pairchk" / "data" / "check-report.schema.json").read_text()
    assert shipped == (ROOT / "formats" / "check-report.schema.json").read_text()
