"""The command-line habits users expect (issue 13): --version, convert never destroys a file,
warnings grouped by kind, --quiet / -v, an example in every --help."""

from __future__ import annotations

import re
import shutil

import pytest
from typer.testing import CliRunner

from pairchk import __version__
from pairchk.cli import app
from pairchk.output import group_warnings, warning_kind
from shared_paths import FIX

runner = CliRunner()
CLUB = FIX / "club_open_2026.trf"
SWT = FIX / "SwissIndividual.SWT"


def test_version_alone_prints_the_version():
    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0
    assert r.stdout == f"pairchk {__version__}\n"


def test_no_command_prints_help_and_exits_2():
    r = runner.invoke(app, [])
    assert r.exit_code == 2
    assert "check" in r.stdout and "convert" in r.stdout


def test_convert_two_inputs_by_mistake_does_not_overwrite_the_second(tmp_path):
    """`pairchk convert A.trf B.trf` when B is a tournament file: refuse, say why, keep B."""
    a, b = tmp_path / "A.trf", tmp_path / "B.trf"
    shutil.copy(CLUB, a)
    shutil.copy(FIX / "dutch_p008_r06.trf", b)
    before = b.read_bytes()
    r = runner.invoke(app, ["convert", str(a), str(b)])
    assert r.exit_code == 2
    assert r.stderr == (f"error: {b} already exists and is a tournament file; not overwritten "
                        "(did you mean to give two input files? convert reads one file, or "
                        "several with -o DIR; add --force to replace it)\n")
    assert b.read_bytes() == before


def test_convert_overwrites_only_with_force(tmp_path):
    out = tmp_path / "out.json"
    out.write_text("keep me")
    r = runner.invoke(app, ["convert", str(CLUB), str(out)])
    assert r.exit_code == 2 and out.read_text() == "keep me"
    assert "already exists; not overwritten (add --force to replace it)" in r.stderr
    r = runner.invoke(app, ["convert", str(CLUB), str(out), "--force"])
    assert r.exit_code == 0 and '"Riverside Club Open 2026"' in out.read_text()


def test_convert_never_writes_over_its_input_even_with_force(tmp_path):
    a = tmp_path / "A.trf"
    shutil.copy(CLUB, a)
    before = a.read_bytes()
    for extra in ([], ["--force"]):
        r = runner.invoke(app, ["convert", str(a), str(a), *extra])
        assert r.exit_code == 2
        assert "is also the input file; pairchk never writes over its input" in r.stderr
    assert a.read_bytes() == before


def test_convert_three_names_without_o_is_a_usage_error(tmp_path):
    r = runner.invoke(app, ["convert", str(CLUB), str(CLUB), str(tmp_path / "x.json")])
    assert r.exit_code == 2
    assert "convert takes IN OUT (or several inputs with -o DIR)" in r.stderr


def test_warnings_grouped_by_kind_with_counts(tmp_path):
    """Converting a Swiss-Chess file to TRF used to print one line per player per field."""
    r = runner.invoke(app, ["convert", str(SWT), str(tmp_path / "s.trf")])
    assert r.exit_code == 0
    lines = r.stderr.splitlines()
    assert "warning: player 1: club 'Beaumont' cannot be written in TRF " \
           "(and 23 more like it; -v lists every one)" in lines
    assert len(lines) < 10
    v = runner.invoke(app, ["convert", str(SWT), str(tmp_path / "v.trf"), "-v"])
    clubs = [x for x in v.stderr.splitlines() if re.search(r"club '.*' cannot be written", x)]
    assert len(clubs) == 24  # every player's club, one line each
    q = runner.invoke(app, ["convert", str(SWT), str(tmp_path / "q.trf"), "--quiet"])
    assert q.exit_code == 0 and q.stderr == ""


def test_warning_kind_ignores_numbers_and_quoted_values():
    assert warning_kind("warning: player 3: club 'A' x") == warning_kind("warning: player 12: club 'B b' x")
    assert warning_kind("warning: player 3: club 'A' x") != warning_kind("warning: player 3: name 'A' x")
    assert group_warnings(["a", "b"], verbosity=0) == []


def test_check_quiet_prints_nothing_but_keeps_the_exit_status():
    r = runner.invoke(app, ["check", str(CLUB), "--quiet"])
    assert r.exit_code == 1
    assert r.stdout == ""


def test_quiet_and_verbose_exclude_each_other():
    r = runner.invoke(app, ["check", str(CLUB), "-q", "-v"])
    assert r.exit_code == 2


def _commands():
    import typer.main

    group = typer.main.get_command(app)
    return group, sorted(group.commands)


@pytest.mark.parametrize("name", _commands()[1])
def test_every_command_help_has_an_example(name):
    group, _ = _commands()
    doc = group.commands[name].help or ""
    assert "Example: pairchk " + name in doc, f"`pairchk {name} --help` shows no example"


def test_swiss_team_to_trf_no_longer_prints_270_warning_lines(tmp_path):
    """The issue's case: SwissTeam.SWT -> TRF printed 270 lines, one per player per field."""
    from shared_paths import shared

    src = shared("samples", "swiss-chess-swt", "SwissTeam.SWT")
    r = runner.invoke(app, ["convert", str(src), str(tmp_path / "team.trf")])
    assert r.exit_code == 0
    assert len(r.stderr.splitlines()) <= 15
    v = runner.invoke(app, ["convert", str(src), str(tmp_path / "team2.trf"), "-v"])
    assert len(v.stderr.splitlines()) >= 250  # every warning is still there with -v
