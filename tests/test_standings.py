"""Standings, the published-rank check and submission readiness (issue 12)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from pairchk import formats
from pairchk.standings import ranking as standings
from pairchk.cli import app
from pairchk.submit import readiness

from shared_paths import shared

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "fixtures" / "dutch_p008_r06.trf"
runner = CliRunner()


def swap_ranks(data: bytes, a: int, b: int) -> bytes:
    """The TRF with the rank column (86-89) of players ``a`` and ``b`` exchanged."""
    eol = b"\r" if b"\r" in data and b"\n" not in data else b"\n"
    lines = data.split(eol)
    idx = {int(x[4:8]): i for i, x in enumerate(lines) if x.startswith(b"001 ")}
    ra, rb = lines[idx[a]][85:89], lines[idx[b]][85:89]
    lines[idx[a]] = lines[idx[a]][:85] + rb + lines[idx[a]][89:]
    lines[idx[b]] = lines[idx[b]][:85] + ra + lines[idx[b]][89:]
    return eol.join(lines)


def load(data: bytes, name="x.trf"):
    return formats.load(data, path=name).tournament


def test_ties_are_shown_as_ties():
    t = load(FIXTURE.read_bytes())
    rows = standings.standings(t, "BH/C1,BH").rows
    # players 4 and 7: 3 points, BH/C1 18 and BH 18.5 each (TEC values): one shared rank
    assert {r.player: r.rank for r in rows if r.player in (4, 7)} == {4: 4, 7: 4}
    assert [r.rank for r in rows][:6] == [1, 2, 3, 4, 4, 6]


def test_check_reports_two_swapped_ranks_and_not_the_original():
    data = FIXTURE.read_bytes()
    assert standings.check_standings(load(data), "BH/C1,BH") == []
    found = standings.check_standings(load(swap_ranks(data, 1, 2)), "BH/C1,BH")
    assert [f.player for f in found] == [2]
    f = found[0]
    # 1 and 2 both have 5 points; BH/C1 17 vs 16 (TEC values) decides for player 1
    assert (f.other, f.criterion, f.values) == (1, "BH/C1", ("16", "17"))
    assert "published rank 1 of player #2" in f.message


def test_check_on_a_published_file_by_points():
    data = shared("samples", "trf16", "madrid-torneo-san-viator-2018-B.trf").read_bytes()
    assert standings.check_standings(load(data)) == []
    # player 8 (6.5 points, rank 1) and 46 (6 points, rank 2) exchanged
    found = standings.check_standings(load(swap_ranks(data, 8, 46)))
    assert [(f.player, f.other, f.criterion, f.values) for f in found] == [
        (46, 8, "points", ("6", "6.5"))]


def test_standings_json_cli():
    res = runner.invoke(app, ["standings", str(FIXTURE), "--tiebreaks", "BH/C1,BH,SB,DE",
                              "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    first = doc["standings"][0]
    assert (first["player"], first["rank"], first["points"]) == (1, 1, 5.0)
    assert first["tiebreaks"]["BH/C1"] == 17 and first["tiebreaks"]["SB"] == 13
    assert doc["edition"] == "2026" and "no start date" in doc["edition_reason"]


def test_standings_cli_rejects_unknown_code():
    res = runner.invoke(app, ["standings", str(FIXTURE), "--tiebreaks", "BH,XX"])
    assert res.exit_code == 2
    assert "unknown tie-break 'XX'" in res.output


def test_standings_other_formats(tmp_path):
    for fmt in ("csv", "html", "text"):
        res = runner.invoke(app, ["standings", str(FIXTURE), "--tiebreaks", "BH", "--format", fmt])
        assert res.exit_code == 0 and "18.5" in res.output
    out = tmp_path / "s.xlsx"
    res = runner.invoke(app, ["standings", str(FIXTURE), "--format", "xlsx", "-o", str(out)])
    assert res.exit_code == 0 and out.read_bytes()[:2] == b"PK"


def test_submit_fide_madrid_lists_exactly_what_is_missing():
    path = shared("samples", "trf16", "madrid-torneo-san-viator-2018-B.trf")
    r = readiness(load(path.read_bytes()), "fide")
    # 042 "08/04/2018" and 052 "10/06/2018" are not the YYYY/MM/DD the report needs (the
    # round dates 132 are YY/MM/DD: 18/04/08 ... 18/05/27); everything else is present
    assert [re.sub(r" \(.*", "", g) for g in r.gaps] == [
        "042 start date '08/04/2018' is not YYYY/MM/DD",
        "052 end date '10/06/2018' is not YYYY/MM/DD"]
    assert r.data == b""
    res = runner.invoke(app, ["submit", str(path), "--to", "fide"])
    assert res.exit_code == 1 and "--set start=YYYY-MM-DD" in res.output


def test_submit_fide_writes_when_filled(tmp_path):
    path = shared("samples", "trf16", "madrid-torneo-san-viator-2018-B.trf")
    out = tmp_path / "fide.trf"
    res = runner.invoke(app, ["submit", str(path), "--to", "fide", "--set", "start=2018-04-08",
                              "--set", "end=2018-06-10", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert b"042 2018/04/08" in out.read_bytes()


def test_submit_dsb_gaps():
    path = shared("samples", "trf16", "madrid-torneo-san-viator-2018-B.trf")
    r = readiness(load(path.read_bytes()), "dsb")
    assert any(g.startswith("start date") for g in r.gaps)


def test_check_command_reports_swapped_ranks(tmp_path):
    # C.02.03 §7 (2026): the checker re-pairs every round and checks the standings too.
    # Player 1 (5 points, rank 1) and player 7 (3 points, rank 5) exchanged: the pairings are
    # still right, the published ranks are not.
    bad = tmp_path / "swapped.trf"
    bad.write_bytes(swap_ranks(FIXTURE.read_bytes(), 1, 7))
    res = runner.invoke(app, ["check", str(bad)])
    assert res.exit_code == 1
    assert "error: standings: published rank 3 of player #3" in res.stderr
    assert "is ahead on points (5 vs 4)" in res.stderr
    res = runner.invoke(app, ["check", str(FIXTURE)])
    assert res.exit_code == 0 and "standings" not in res.stderr


def test_rank_column_of_starting_numbers_is_not_checked():
    t = load((ROOT / "fixtures" / "berger_10.trf").read_bytes())
    assert standings.check_standings(t) == []


TEAM_FIXTURE = ROOT / "fixtures" / "team_t06_r04.trf"


def test_standings_team_codes_of_art_12_13_cli():
    codes = "EDET,BC,SSSC,EMGSB/C1,TBR,BBE,EDEBB,MPvGP"
    res = runner.invoke(app, ["standings", str(TEAM_FIXTURE), "--tiebreaks", codes,
                              "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["tiebreak_list"] == codes.split(",")
    assert not [n for n in doc["notes"] if "used up to" in n]
    rows = {r["team"]: r for r in doc["standings"]}
    # teams 3, 5, 6 are tied on 2 MP with no meeting that separates them: BC (lower first)
    assert [t for t in rows if rows[t]["points"] == 2] == [3, 6, 5]
    assert [rows[t]["tiebreaks"]["BC"] for t in (3, 6, 5)] == [7.5, 11, 14]
    assert all(set(r["tiebreaks"]) == set(codes.split(",")) for r in rows.values())


def test_standings_unknown_code_names_the_team_codes():
    res = runner.invoke(app, ["standings", str(TEAM_FIXTURE), "--tiebreaks", "EDET,XYZ"])
    assert res.exit_code == 2
    assert "unknown tie-break 'XYZ'" in res.output
    assert all(c in res.output for c in ("EDEBB", "SSSC", "BBE", "TBR", "EMGSB"))


def test_team_code_in_an_individual_event_says_so():
    res = runner.invoke(app, ["standings", str(FIXTURE), "--tiebreaks", "BH,EDET"])
    assert res.exit_code == 0
    assert "'EDET' is a tie-break of team events" in res.output


def test_french_tiebreak_names_are_read_as_c07_codes():
    from pairchk.model import Tournament
    from pairchk.standings.ranking import file_tiebreaks

    assert file_tiebreaks(Tournament(tiebreaks=("Brésilien", "Solkoff", "Cumulatif"))) == (
        ["BH/C1", "BH", "PS"], "the file's tie-break field, its names read as C.07 codes"
        " (Brésilien = BH/C1, Solkoff = BH, Cumulatif = PS; --tiebreaks overrides)")
    assert file_tiebreaks(Tournament(tiebreaks=("Brésilien", "Performance", "94"))) == (
        [], "none: the file's tie-break '94' is not a C.07 code, so players are ranked by"
        " points only; read as C.07: Brésilien = BH/C1, Performance = TPR; give --tiebreaks"
        " BH/C1,TPR")
    assert file_tiebreaks(Tournament(tiebreaks=("foo", "bar")))[1] == (
        "none: the file's tie-breaks 'foo', 'bar' are not C.07 codes, so players are ranked by"
        " points only; give --tiebreaks")
