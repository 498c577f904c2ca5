"""Slow: pairchk's C.07 values against the FIDE TEC reference checker (TieBreakServer's
tiebreakchecker.py, outside the repo in /tmp/oracles/tec) on corpus files and samples.
Run with ``python3 -m pytest -m slow tests/test_tiebreak_oracle.py``."""

import sys
from pathlib import Path

import pytest

from shared_paths import SHARED

ROOT = Path(__file__).resolve().parents[1]
TEC = Path("/tmp/oracles/tec")

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (TEC / "tiebreakchecker.py").exists() or SHARED is None,
                                 reason="TEC oracle or shared corpus not present")]

FILES = ["corpus/dutch/dutch_p112_r05_s1004200.trf", "corpus/dutch2017/dutch2017_p046_r13_s3002300.trf",
         "corpus/baku/baku_p038_r09_s4000700.trf", "samples/trf16/madrid-torneo-san-viator-2018-B.trf",
         "samples/trf16/lichess-swiss-2020-05-29.trf", "samples/trf16/javafo-trfx-sample2-open-gros-2010.trfx"]


@pytest.mark.parametrize("name", FILES)
def test_equal_to_tec(name):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import oracle_tiebreaks

    same, diff, lines = oracle_tiebreaks.compare(str(TEC), str(SHARED / name))
    assert diff == 0, "\n".join(lines[:20])
    assert same > 0


TEAM_FILES = ["samples/trf26/fide-tec-grandmommys-cup-team-trf26.trf"]


@pytest.mark.parametrize("name", TEAM_FILES)
def test_team_codes_equal_to_tec(name):
    # every team code and order of benchmarks/oracle_team_tiebreaks.py; the one known
    # difference is TEC's board-count step of EDEC/EDEBT/EDEBB, which ranks the HIGHER sum
    # first against Art. 12.1 ("the lower the sum, the higher the ranking")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import oracle_team_tiebreaks

    same, diff, lines = oracle_team_tiebreaks.compare(str(TEC), str(SHARED / name))
    unexplained = [x for x in lines if not x.startswith(("  rank(PTS,EDEC)", "  rank(PTS,EDEBT)",
                                                         "  rank(PTS,EDEBB)"))]
    assert not unexplained, "\n".join(unexplained[:20])
    assert same > 1000


_CHAIN_BC = ("  rank(PTS,EDEC)", "  rank(PTS,EDEBT)", "  rank(PTS,EDEBB)")


def _team_compare(path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import oracle_team_tiebreaks

    same, _, lines = oracle_team_tiebreaks.compare(str(TEC), str(path))
    return same, [x for x in lines if not x.startswith(_CHAIN_BC)]


@pytest.mark.parametrize("seed", [22, 25])
def test_generated_team_events_equal_to_tec(tmp_path, seed):
    # forfeits, requested byes, withdrawals and a team PAB every round (7 teams)
    from typer.testing import CliRunner

    from pairchk.cli import app

    out = tmp_path / f"team-{seed}.trf"
    res = CliRunner().invoke(app, ["generate", "--system", "team", "--teams", str(7 + seed % 5),
                                   "--boards", "4", "--rounds", "6", "--seed", str(seed),
                                   "--forfeit-rate", "0.15", "--bye-rate", "0.1",
                                   "--withdraw-rate", "0.1", "-o", str(out)])
    assert res.exit_code == 0, res.output
    same, unexplained = _team_compare(out)
    assert not unexplained, "\n".join(unexplained[:20])
    assert same > 200


@pytest.mark.parametrize("start", ["2024-05-01", "2026-05-01"])
def test_fide_team_exercise_equal_to_tec(tmp_path, start):
    from pairchk import formats
    from tiebreak_examples import team_exercise

    out = tmp_path / "exercise.trf26"
    out.write_bytes(formats.dump(team_exercise(start).replace(name="exercise"), "trf26").data)
    same, unexplained = _team_compare(out)
    assert not unexplained, "\n".join(unexplained[:20])
    assert same > 400


# the two defects TEC found (an odd round robin's Berger bye; byes entered for a round nobody
# is paired in yet), as small files of their own
LOCAL_FILES = ["tec_odd_round_robin_zero_bye.trf", "tec_pre_entered_byes.trf"]


@pytest.mark.parametrize("name", LOCAL_FILES)
def test_defect_files_equal_to_tec(name):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import oracle_tiebreaks

    same, diff, lines = oracle_tiebreaks.compare(str(TEC), str(ROOT / "tests" / "data" / name))
    assert diff == 0, "\n".join(lines[:20])
    assert same > 100
