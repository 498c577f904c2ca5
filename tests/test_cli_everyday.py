"""Everyday use without surprises, at the command line: each numbered finding of the review
(disk errors, wrong questions, batches, submission, words, fuzz findings) with its exit code
and exact message."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "fixtures"
CLUB = FIX / "club_open_2026.trf"
DATA = ROOT / "tests" / "data"


def run(*args: str, stdout=subprocess.PIPE, cwd: Path | None = None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "pairchk", *map(str, args)], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, env=env, cwd=cwd, timeout=120)


def last_error(r) -> str:
    return r.stderr.strip().splitlines()[-1]


# ---------------------------------------------------------------- 2: disk errors, one writer

needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")


@needs_proc
@pytest.mark.parametrize("args, message", [
    (["check", CLUB, "--summary", "/proc/s.csv", "-q"], "error: /proc/s.csv: cannot write file: "),
    (["validate", FIX, "--summary", "/proc/s.csv", "-q"], "error: /proc/s.csv: cannot write file: "),
    (["convert", CLUB, FIX / "berger_7.trf", "-o", "/proc/out"],
     "error: /proc/out: cannot create folder: "),
    (["check", CLUB, "--html", "/proc/r.html"], "error: /proc/r.html: cannot write file: "),
    (["standings", CLUB, "-o", "/proc/s.txt"], "error: /proc/s.txt: cannot write file: "),
    (["generate", "--players", "6", "--rounds", "2", "-o", "/proc/g.trf"],
     "error: /proc/g.trf: cannot write file: "),
])
def test_an_os_error_is_a_located_message_and_exit_3(args, message):
    r = run(*args)
    assert r.returncode == 3, r.stderr
    assert last_error(r).startswith(message)
    assert "Traceback" not in r.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_full_stdout_is_a_message_and_exit_3(fmt):
    with open("/dev/full", "w") as full:
        r = run("check", CLUB, "--format", fmt, stdout=full)
    assert r.returncode == 3
    assert r.stderr.strip() == "error: <stdout>: cannot write: No space left on device"


def test_nothing_existing_is_replaced_without_force(tmp_path):
    src = tmp_path / "in.trf"
    shutil.copy(CLUB, src)
    other = tmp_path / "other.trf"
    shutil.copy(FIX / "berger_7.trf", other)
    before = other.read_bytes(), src.read_bytes()
    sets = ["--set", "fide_id.10=54000011", "--set", "fide_id.11=1500009"]
    # fuzz finding: submit ... -o other.trf replaced another tournament file (exit 0)
    r = run("submit", src, "--to", "fide", *sets, "-o", other)
    assert r.returncode == 2
    assert last_error(r) == (f"error: {other} already exists and is a tournament file; not"
                             " overwritten (add --force to replace it)")
    # fuzz finding: -o in.trf rewrote the input; never, even with --force
    r = run("submit", src, "--to", "fide", *sets, "-o", src, "--force")
    assert r.returncode == 2
    assert last_error(r) == (f"error: {src} is also the input file; pairchk never writes over"
                             " its input (write to another name)")
    for args in (["check", src, "--html", other], ["check", src, "--summary", src],
                 ["standings", src, "-o", other], ["generate", "--players", "5", "--rounds",
                                                    "2", "-o", other]):
        r = run(*args)
        assert r.returncode == 2, (args, r.stderr)
    assert (other.read_bytes(), src.read_bytes()) == before
    r = run("submit", src, "--to", "fide", *sets, "-o", other, "--force")
    assert r.returncode == 0 and other.read_bytes() != before[0]


def test_html_to_a_folder_is_refused_not_a_traceback(tmp_path):
    # fuzz finding: check --html DIR (IsADirectoryError)
    r = run("check", CLUB, "--html", tmp_path)
    assert r.returncode == 2
    assert last_error(r) == f"error: {tmp_path} is a folder; name a file to write"


def test_a_device_that_never_ends_is_refused():
    # fuzz finding: check /dev/zero ("internal error (MemoryError)")
    r = run("check", "/dev/zero")
    assert r.returncode == 3
    assert last_error(r) == ("error: /dev/zero: cannot read file: larger than 256 MB, which no"
                             " tournament file is (is it a device or a stream?)")


# ---------------------------------------------------------------- 5: questions without answer

@pytest.mark.parametrize("args, message", [
    (["pair", FIX / "berger_7.trf"], "error: {f}: the tournament has 7 rounds, all paired; round 8"
     " is not one of them: nothing left to pair"),
    (["pair", FIX / "team_t06_r04.trf"], "error: {f}: the tournament has 4 rounds, all paired;"
     " round 5 is not one of them: nothing left to pair"),
    (["pair", CLUB, "--round", "9"], "error: {f}: the tournament has 5 rounds, all paired; round 9"
     " is not one of them: nothing left to pair"),
    (["check", CLUB, "--explain", "9"], "error: --explain 9: {f} has 5 paired round(s); round 9"
     " has no pairing to explain"),
    (["check", CLUB, "--explain", "99999999999999999999"], "error: --explain 99999999999999999999:"
     " {f} has 5 paired round(s); round 99999999999999999999 has no pairing to explain"),
    (["check", CLUB, "--edition", "1997"], "error: {f}: unknown edition '1997'; known editions:"
     " 2026, 2017"),
    (["check", CLUB, "--system", "team"], "error: {f}: the team system needs a team file (teams"
     " with players)"),
    (["standings", CLUB, "--round", "99"], "error: {f}: round 99 has not been played: the file"
     " records 5 round(s) (standings after round 0 to 5)"),
    (["standings", CLUB, "--round", "100000"], "error: {f}: round 100000 has not been played: the"
     " file records 5 round(s) (standings after round 0 to 5)"),
    (["generate", "--system", "team", "--teams", "6", "--rounds", "3", "--edition", "1999"],
     "error: unknown edition '1999' of the team system; known editions: 2026, 2024"),
    (["generate", "--players", "6", "--rounds", "3", "--bye-rate", "1"], "error: --bye-rate 1:"
     " every player would ask for a bye in every round and no game would be played (give a"
     " rate below 1)"),
    (["generate", "--players", "39", "--rounds", "40"], "error: --rounds 40 for 39 players: at"
     " most 39 rounds can be paired (after that everyone has met everyone)"),
    (["generate", "--players", "6", "--rounds", "2", "--to", "swissperfect"], "error: format"
     " 'swissperfect' can be read but not written"),
    (["check", CLUB, "--from", "x"], "error: unknown format 'x'; known formats: "),
    (["check", CLUB, "--jobs", "99999999999999999999"], "error: --jobs 99999999999999999999:"
     " expected 1 to 64 processes"),
])
def test_a_question_without_answer_exits_2(args, message):
    r = run(*args)
    assert r.returncode == 2, r.stderr
    f = str(args[1])
    assert last_error(r).startswith(message.format(f=f))
    assert r.stdout == ""


def test_pair_refuses_a_file_whose_games_do_not_match_back():
    # fuzz finding: pair on a file with an opponent not in it (KeyError)
    path = DATA / "fuzz" / "unknown-opponent-standings.trf"
    r = run("pair", path)
    assert r.returncode == 3
    assert last_error(r) == (f"error: {path}: player 6, round 1: opponent 1 names 99 in that round"
                             " and 1 more (see pairchk validate); no round can be paired from"
                             " inconsistent data")
    r = run("standings", path, "--tiebreaks", "BH")
    assert r.returncode == 3
    assert last_error(r) == (f"error: {path}: player 6, round 1: opponent 1 names 99 in that round"
                             " and 1 more (see pairchk validate); tie-breaks and standings cannot"
                             " be computed from inconsistent data")


# ---------------------------------------------------------------- 6: batches

def test_batch_counts_are_labelled():
    r = run("check", CLUB, FIX / "dutch_p008_r06.trf", FIX / "berger_7.trf", "-q")
    assert r.stdout.splitlines()[:2] == [
        "files: 3 (ok 2, deviation 0, violation 1, not checked 0, unreadable 0)",
        "rounds: 18 in those files"]


def test_an_interrupt_says_where_it_stopped_and_writes_the_summary(tmp_path, monkeypatch, capsys):
    from pairchk.check import batch

    tasks = [batch.Task("check", str(p), (("format", "text"),))
             for p in (CLUB, FIX / "berger_7.trf", FIX / "rutsch_8.trf")]

    def interrupted(tasks_, jobs=1, on_result=None, on_progress=None, **executor):
        on_result(batch.run_task(tasks_[0]))
        raise KeyboardInterrupt

    monkeypatch.setattr(batch, "run", interrupted)
    summary = tmp_path / "s.json"
    plan = batch.Plan(single=False, summary_path=str(summary), columns=batch.CHECK_COLUMNS,
                      verbosity=0)
    with pytest.raises(KeyboardInterrupt):
        batch.drive(tasks, plan)
    err = capsys.readouterr().err
    assert (f"interrupted after 1 of 3 files, at {FIX / 'berger_7.trf'}; the summary covers"
            " those files") in err
    import json

    assert json.loads(summary.read_text())["files"] == 1


# ---------------------------------------------------------------- 7: submission in bulk

def test_submit_fills_from_the_fide_rating_list(tmp_path):
    lst = DATA / "submit" / "rating-list.txt"
    r = run("submit", CLUB, "--to", "fide", "--players", lst, "--by-name", "-o",
            tmp_path / "out.trf")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[:2] == [
        "FIDE submission: ready",
        f"  note: --players {lst}: 3 player(s) matched by FIDE id, or name and federation;"
        " filled fide id of 2"]
    r = run("submit", CLUB, "--to", "fide", "--by-name")
    assert r.returncode == 2
    assert last_error(r) == "error: --by-name matches the players of --players FILE; give the file"


# ---------------------------------------------------------------- 8: words

def test_help_shows_no_type_tags_and_lists_the_systems():
    r = run("check", "--help")
    assert "<bool>" not in r.stdout and "<str>" not in r.stdout
    assert "dutch, dubov" in r.stdout


def test_no_internal_words_in_output_help_or_readme():
    import re

    texts = [run("schedule", "--acceleration-advice", "--players", "40", "--rounds", "5").stdout,
             run("check", CLUB, "--system", "club").stdout,
             (ROOT / "README.md").read_text()]
    texts += [run(c, "--help").stdout for c in ("check", "pair", "schedule", "convert",
                                                 "validate", "generate", "standings", "submit")]
    for text in texts:
        assert not re.search(r"seed \d{3}|issue \d+", text), re.search(r"seed \d{3}|issue \d+", text)


def test_pair_on_the_finished_tec_sample_refuses_at_once():
    # fuzz finding: pair on the finished 50-team TEC sample paired a 15th round in 39 s
    from shared_paths import shared

    path = shared("samples", "trf26", "fide-tec-grandmommys-cup-team-trf26.trf")
    r = run("pair", path)
    assert r.returncode == 2
    assert last_error(r) == (f"error: {path}: the tournament has 14 rounds, all paired; round 15"
                             " is not one of them: nothing left to pair")


def test_convert_output_folder_dash_is_refused(tmp_path):
    # fuzz finding: convert F - --output-dir - made a folder named "-"
    r = run("convert", CLUB, "-o", "-", cwd=tmp_path)
    assert r.returncode == 2
    assert last_error(r) == ("error: -o names a folder for the converted files; '-' (stdout)"
                             " cannot hold several")
    assert not (tmp_path / "-").exists()
