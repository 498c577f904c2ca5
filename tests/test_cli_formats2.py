"""Command line and the formats2 readers: damaged files exit 3 with a one-line located message."""
from pathlib import Path

from typer.testing import CliRunner

from pairchk.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def test_truncated_swt_exits_3_with_byte_counts(tmp_path):
    bad = tmp_path / "t.SWT"
    bad.write_bytes((ROOT / "fixtures" / "SwissIndividual.SWT").read_bytes()[:20000])
    result = runner.invoke(app, ["check", str(bad), "--from", "swt"])
    assert result.exit_code == 3
    assert result.stderr == (
        f"error: {bad}: file has 20000 bytes but its header (players 24, teams 0, rounds 9) implies 33208"
        " (expected 33208 bytes; hint: is this a Swiss-Chess 8.x .SWT file? open and save it again with"
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
