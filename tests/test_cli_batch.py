"""Batch runs of `check`, `validate` and `convert`: several files, folders and globs, a pool,
a corrupt file that does not stop the batch, the summary table and --summary, the exit status.
"""

from __future__ import annotations

import csv
import re
import json
import shutil

import pytest
from typer.testing import CliRunner

from pairchk.check import batch
from pairchk.cli import app
from shared_paths import FIX

runner = CliRunner()
CLUB = FIX / "club_open_2026.trf"  # round 4 deviates, round 5 repeats a game (4-9 met in round 1)
PLAIN = FIX / "dutch_p008_r06.trf"  # every round as the Dutch system pairs it


@pytest.fixture
def folder(tmp_path):
    """Two good files, the club file and a corrupt one in a folder (plus a non-tournament)."""
    d = tmp_path / "season"
    d.mkdir()
    shutil.copy(PLAIN, d / "a.trf")
    shutil.copy(CLUB, d / "b.trf")
    shutil.copy(PLAIN, d / "c.trf")
    (d / "corrupt.trf").write_bytes(b"\x00\x01\x02 not a tournament at all")
    (d / "notes.md").write_text("not a tournament file: skipped by the folder scan")
    return d


def test_expand_folder_takes_tournament_files_only(folder):
    names = [p.split("/")[-1] for p in batch.expand([str(folder)])]
    assert names == ["a.trf", "b.trf", "c.trf", "corrupt.trf"]


def test_expand_glob_and_missing_name(folder):
    got = batch.expand([str(folder / "[ab].trf"), str(folder / "zzz*.trf")])
    assert [p.split("/")[-1] for p in got] == ["a.trf", "b.trf", "zzz*.trf"]


def test_check_folder_reports_each_file_and_summary_and_goes_on_after_corrupt(folder):
    r = runner.invoke(app, ["check", str(folder)])
    # the corrupt file is unreadable: the worst case, exit 3, but every other file was checked
    assert r.exit_code == 3, r.output
    assert f"error: {folder / 'corrupt.trf'}:" in r.stderr
    out = r.stdout.splitlines()
    assert sum(1 for line in out if line.startswith("summary: ")) == 3  # three checked reports
    i = out.index("files: 4 (ok 2, deviation 0, violation 1, not checked 0, unreadable 1)")
    assert out[i + 1] == "rounds: 17 in those files"
    assert out[i + 2:] == [f"violation: {folder / 'b.trf'}", f"unreadable: {folder / 'corrupt.trf'}"]


def test_check_batch_exit_is_worst_case(folder):
    (folder / "corrupt.trf").unlink()
    r = runner.invoke(app, ["check", str(folder / "a.trf"), str(folder / "c.trf")])
    assert r.exit_code == 0
    r = runner.invoke(app, ["check", str(folder)])
    assert r.exit_code == 1  # the club file has a deviation and a violation


def test_jobs_2_gives_the_same_output_as_serial(folder):
    serial = runner.invoke(app, ["check", str(folder), "-q"])
    pooled = runner.invoke(app, ["check", str(folder), "-q", "--jobs", "2"])
    assert pooled.exit_code == serial.exit_code == 3
    assert pooled.stdout == serial.stdout
    assert "files: 4 (" in pooled.stdout


def test_summary_csv_and_json(folder, tmp_path):
    r = runner.invoke(app, ["check", str(folder), "-q", "--summary", str(tmp_path / "s.csv")])
    assert r.exit_code == 3
    rows = list(csv.DictReader((tmp_path / "s.csv").open()))
    assert [(row["file"].split("/")[-1], row["status"]) for row in rows] == [
        ("a.trf", "ok"), ("b.trf", "violation"), ("c.trf", "ok"), ("corrupt.trf", "unreadable")]
    b = rows[1]
    assert (b["rounds"], b["rounds_ok"], b["rounds_deviation"], b["rounds_violation"]) == (
        "5", "3", "1", "1")
    r = runner.invoke(app, ["check", str(folder), "-q", "--summary", str(tmp_path / "s.json")])
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["status"] == {"ok": 2, "deviation": 0, "violation": 1, "not checked": 0,
                              "unreadable": 1}
    assert data["exit_code"] == 3 and data["files"] == 4
    assert data["results"][3]["message"].startswith(str(folder / "corrupt.trf"))


def test_summary_needs_csv_or_json(folder, tmp_path):
    r = runner.invoke(app, ["check", str(folder), "--summary", str(tmp_path / "s.txt")])
    assert r.exit_code == 2
    assert ".csv or .json" in r.stderr


def test_check_json_batch_is_one_list(folder):
    (folder / "corrupt.trf").unlink()
    r = runner.invoke(app, ["check", str(folder), "--format", "json"])
    assert r.exit_code == 1
    data = json.loads(r.stdout)  # the summary table goes to stderr
    assert [d["file"].split("/")[-1] for d in data] == ["a.trf", "b.trf", "c.trf"]
    assert "files: 3 (" in r.stderr


def test_validate_batch(folder):
    r = runner.invoke(app, ["validate", str(folder)])
    assert r.exit_code == 3
    assert f"{folder / 'a.trf'}: 8 players, 6 rounds: 0 error(s), 0 warning(s)" in r.stdout
    assert "files: 4 (ok 3, warnings 0, errors 0, unreadable 1)" in r.stdout


def test_convert_batch_to_folder(folder, tmp_path):
    out = tmp_path / "json"
    r = runner.invoke(app, ["convert", str(folder / "a.trf"), str(folder / "b.trf"),
                            str(folder / "corrupt.trf"), "-o", str(out), "--to", "json", "-q"])
    assert r.exit_code == 3
    assert sorted(p.name for p in out.iterdir()) == ["a.json", "b.json"]
    assert json.loads((out / "b.json").read_text())["tournament"]["name"] == "Riverside Club Open 2026"
    # a second run does not replace what the first wrote ...
    again = runner.invoke(app, ["convert", str(folder / "a.trf"), "-o", str(out), "--to", "json"])
    assert again.exit_code == 1
    assert "already exists" in again.stderr and "--force" in again.stderr
    # ... unless told to
    forced = runner.invoke(app, ["convert", str(folder / "a.trf"), "-o", str(out), "--to", "json",
                                 "--force"])
    assert forced.exit_code == 0


def test_worker_crash_is_a_failed_file_not_a_crashed_batch(monkeypatch):
    def boom(task):
        raise RuntimeError("engine exploded")

    monkeypatch.setitem(batch.WORKERS, "check", boom)
    results = batch.run([batch.Task("check", "x.trf"), batch.Task("check", "y.trf")])
    assert [r.status for r in results] == ["failed", "failed"]
    assert results[0].message.startswith("x.trf: check failed: internal error (RuntimeError: engine exploded)")
    assert batch.worst_exit(results) == 1


def _run_in_terminal(args, cwd):
    """Run ``python -m pairchk ARGS`` with stdout and stderr on a pseudo-terminal."""
    import os
    import pty
    import subprocess
    import sys

    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, "-m", "pairchk", *args], cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=slave, stderr=slave, env=env)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(master)
    return proc.returncode, b"".join(chunks).decode("utf-8", "replace")


def test_progress_bar_on_a_terminal_only(folder):
    from shared_paths import ROOT

    code, text = _run_in_terminal(["check", str(folder), "-q"], ROOT)
    assert code == 3
    assert "\x1b[" in text and "/4" in text  # rich's bar: "n/4" files done, drawn with escapes
    piped = runner.invoke(app, ["check", str(folder), "-q"])
    assert "\x1b[" not in piped.output and "/4" not in piped.output


def test_single_check_reports_each_round_to_the_progress_callback():
    seen = []
    r = batch.check_file(batch.Task("check", str(CLUB)), lambda rnd, total: seen.append((rnd, total)))
    assert r.status == "violation"
    assert seen == [(n, 5) for n in range(1, 6)]


def test_single_check_on_a_terminal_draws_a_round_bar():
    from shared_paths import ROOT

    code, text = _run_in_terminal(["check", str(CLUB)], ROOT)
    assert code == 1
    assert re.search(r"round \d of 5", text)
    assert "summary: 5 rounds checked: 3 ok, 1 deviation, 1 violation" in text
