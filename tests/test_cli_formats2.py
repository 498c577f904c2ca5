"""Command line and the formats2 readers: damaged files exit 3 with a one-line located message."""
from pathlib import Path

from typer.testing import CliRunner

from pairchk.cli import app

from shared_paths import ROOT, shared

runner = CliRunner()


def test_truncated_swt_exits_3_with_byte_counts(tmp_path):
    bad = tmp_path / "t.SWT"
    bad.write_bytes((ROOT / "fixtures" / "SwissIndividual.SWT").read_bytes()[:20000])
    result = runner.invoke(app, ["check", str(bad), "--from", "swt"])
    assert result.exit_code == 3
    assert result.stderr == (
        f"error: {bad}: file has 20000 bytes but its header (players 24, teams 0, rounds 9) implies 33208"
        " (expected 33208 bytes; hint: is this a Swiss-Chess .SWT file? open and save it again with"
        " Swiss-Chess)\n")


def test_chess_results_xml_with_bad_number_exits_3(tmp_path):
    bad = tmp_path / "cr.xml"
    data = (ROOT / "fixtures" / "chess-results-single-swiss.xml").read_bytes()
    bad.write_bytes(data.replace(b'whiteno="9"', b'whiteno="nine"', 1))
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 3
    assert result.stderr.startswith(f"error: {bad}:")
    assert "<playerpairing> whiteno='nine' is not an integer" in result.stderr
    assert "Traceback" not in result.stderr


def _madrid():
    return str(shared("samples", "trf16", "madrid-torneo-san-viator-2018-B.trf"))


def test_convert_madrid_to_dsb_xml_with_supplied_dates(tmp_path):
    from pairchk.formats import dsb_xml

    out = tmp_path / "madrid.xml"
    result = runner.invoke(app, ["convert", _madrid(), str(out), "--to", "dsb-xml",
                                 "--set", "start=08.04.2018", "--set", "end=2018-06-10",
                                 "--set", "timecontrol=90 min + 30 s/move", "--set", "location=Madrid"])
    assert result.exit_code == 0, result.stderr
    assert dsb_xml.validate(out.read_bytes()) == []
    assert "<timecontrol>90 min + 30 s/move</timecontrol>" in out.read_text()
    assert "warning: dsb-xml cannot carry player.rank (declared rank): 137 dropped" in result.stderr
    assert out.read_text().count("<noneBlackPlayer>true</noneBlackPlayer>") == 3 + 99 + 30 + 5  # F, H, Z, U


def test_convert_to_dsb_xml_lists_every_gap_and_exits_1(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["convert", _madrid(), "x.xml", "--to", "dsb-xml"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-4:] == [
        "error: x.xml: cannot write dsb-xml: dsb-xml: 2 required item(s) missing:",
        "  - start date (--set start=YYYY-MM-DD); found '08/04/2018', day and month ambiguous",
        "  - end date (--set end=YYYY-MM-DD); found '10/06/2018', day and month ambiguous",
        "hint: supply them with convert --set KEY=VALUE (as shown above), or fix the source file",
    ]
    assert not Path("x.xml").exists()


def test_convert_refuses_unknown_settings_with_exit_2(tmp_path):
    result = runner.invoke(app, ["convert", _madrid(), str(tmp_path / "x.xml"), "--to", "dsb-xml",
                                 "--set", "colour=white"])
    assert result.exit_code == 2
    assert result.stderr == ("error: --set colour: not a tournament or player field, nor a dsb-xml option"
                             " (options: tournament_uuid, type, sender, url, notes, age_class)\n")
    result = runner.invoke(app, ["convert", _madrid(), str(tmp_path / "x.xml"), "--to", "dsb-xml", "--set", "oops"])
    assert result.exit_code == 2
    assert result.stderr == "error: --set 'oops': expected KEY=VALUE (e.g. --set location=Madrid)\n"


def test_readme_dsb_example_shows_the_real_error(tmp_path, monkeypatch):
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n\$ pairchk convert (\S+) madrid\.xml --to dsb-xml\n(.*?)\n\$ ", readme, re.S)
    assert block, "README example missing"
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["convert", _madrid(), "madrid.xml", "--to", "dsb-xml"])
    assert result.exit_code == 1
    assert result.stderr.strip() == block[2].strip()
