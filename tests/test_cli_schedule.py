"""`pairchk schedule` and `pairchk check --system` for the fixed-schedule systems."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pairchk.cli import app

runner = CliRunner()
FIX = Path(__file__).resolve().parents[1] / "fixtures"


def test_berger_text_like_the_tables():
    result = runner.invoke(app, ["schedule", "--system", "berger", "--players", "4"])
    assert result.exit_code == 0
    assert result.output == "Round  1:   1-4    2-3\nRound  2:   4-3    1-2\nRound  3:   2-4    3-1\n"


def test_berger_json_shape():
    result = runner.invoke(app, ["schedule", "--system", "berger", "--players", "3", "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["rounds"][0] == {"round": 1, "pairs": [{"board": 1, "white": 2, "black": 3}], "bye": 1}
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]


def test_double_and_plain():
    rec = runner.invoke(app, ["schedule", "--system", "berger", "--players", "4", "--double", "--format", "json"])
    plain = runner.invoke(app, ["schedule", "--system", "berger", "--players", "4", "--double", "--plain", "--format", "json"])
    r1 = json.loads(rec.output)["rounds"]
    r2 = json.loads(plain.output)["rounds"]
    assert len(r1) == len(r2) == 6
    assert r1[1]["pairs"] == r2[2]["pairs"] and r1[2]["pairs"] == r2[1]["pairs"]


def test_other_systems_print():
    for system, first in (("rutsch", "Round  1:   1-6    5-2    3-4"),
                          ("travel-partner", "Round  1 (day 1, hosts 1, 4):  1-2*  3-5*  4-6*"),
                          ("knockout", "Round 1:")):
        result = runner.invoke(app, ["schedule", "--system", system, "--players", "6"])
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[0] == first


def test_usage_errors_exit_2():
    result = runner.invoke(app, ["schedule", "--system", "dutch", "--players", "4"])
    assert result.exit_code == 2
    assert "error: --system must be one of berger, rutsch, travel-partner, knockout, got 'dutch'" in result.output
    result = runner.invoke(app, ["schedule", "--system", "rutsch", "--players", "4", "--double"])
    assert result.exit_code == 2
    assert "error: --double and --plain apply to --system berger only" in result.output


def test_check_round_robin_files_exit_codes():
    ok = runner.invoke(app, ["check", str(FIX / "berger_10.trf"), "--system", "berger"])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["check", str(FIX / "berger_10_colour_flipped_r4.trf"), "--system", "berger", "--format", "json"])
    assert bad.exit_code == 1
    rounds = json.loads(bad.output)["rounds"]
    assert [r["round"] for r in rounds if r["status"] != "ok"] == [4]
    rutsch = runner.invoke(app, ["check", str(FIX / "rutsch_8.trf"), "--system", "rutsch"])
    assert rutsch.exit_code == 0, rutsch.output


def test_readme_schedule_examples_are_the_real_output():
    import re

    readme = (FIX.parent / "README.md").read_text(encoding="utf-8")
    examples = re.findall(r"```console\n\$ pairchk (schedule [^\n]+)\n(.*?)```", readme, re.S)
    assert {cmd.split()[2] for cmd, _ in examples} >= {"berger", "rutsch", "travel-partner", "knockout"}
    for cmd, out in examples:
        result = runner.invoke(app, cmd.split())
        assert result.exit_code == 0 and result.output == out, cmd


def test_check_team_and_knockout_trf26_files():
    tp = runner.invoke(app, ["check", str(FIX / "travel_partner_8.trf"), "--system", "travel-partner", "--format", "json"])
    assert tp.exit_code == 0, tp.output
    data = json.loads(tp.output)
    assert [r["status"] for r in data["rounds"]] == ["ok"] * 7
    assert data["notes"] == ["partners meet in an extra round before the first match day"]
    ko = runner.invoke(app, ["check", str(FIX / "knockout_8.trf"), "--system", "knockout", "--format", "json"])
    assert ko.exit_code == 0, ko.output
    rounds = json.loads(ko.output)["rounds"]
    assert [r["status"] for r in rounds] == ["ok"] * 3
    final = rounds[2]["details"]["matches"][0]
    assert final == {"white": 1, "black": 2, "games": [9, 12], "score": ["2.5", "1.5"], "winner": 1}


def test_knockout_file_checked_as_a_round_robin_fails_cleanly():
    result = runner.invoke(app, ["check", str(FIX / "knockout_8.trf"), "--system", "berger"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
