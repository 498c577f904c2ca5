"""The programs' own files on the command line: `check` of a file with several tournaments
names each, `--tournament` on convert/standings/pair/submit, `convert FILE -o DIR` writes one
file per tournament, and a batch over a folder of native files, exports and non-tournament
files checks every tournament and lists what it skipped and why."""

from __future__ import annotations


import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairchk.check import batch
from pairchk.cli import app
from shared_paths import shared

runner = CliRunner()
NATIVE = Path(__file__).resolve().parent / "data" / "native"
CHOICE = "the file holds 2 tournaments: 1 'A', 2 'B' (hint: choose one with --tournament ID or --tournament NAME)"


@pytest.fixture
def event(tmp_path):
    """A Sharly-Chess event with two tournaments ('A' and 'B', 9 rounds each)."""
    dst = tmp_path / "liffre.sce"
    shutil.copy(shared("samples", "native", "sharly-sce", "liffre-2025.sce"), dst)
    return dst


@pytest.fixture
def folder(tmp_path, event):
    """Native files, exports and three files that are no tournament."""
    d = tmp_path / "season"
    d.mkdir()
    shutil.move(str(event), d / "liffre.sce")
    for name in ("papi-import-test.papi", "papi-json-import-test.json", "minimal.sce"):
        shutil.copy(NATIVE / name, d / name)
    for ext in (".ini", ".trn", ".sco", ".txt"):
        shutil.copy(NATIVE / f"junior_championships_u19_2010{ext}", d / f"junior{ext}")
    (d / "README.txt").write_text("# Season 2025\n\nThe arbiters' files of every event of the"
                                  " season, as they sent them.\n")
    (d / "round6.txt").write_text("2\n1 2\n4 3\n")
    (d / "report.json").write_text(json.dumps({"file": "x.trf", "system": "dutch",
                                               "verdict": "ok", "rounds": []}))
    return d


def test_check_names_each_tournament_of_the_file(event):
    r = runner.invoke(app, ["check", str(event)])
    assert r.exit_code == 1, r.output  # round 5 of tournament A deviates
    heads = [line for line in r.stdout.splitlines() if line.startswith(str(event))]
    assert [h.split(": ")[0] for h in heads] == [f"{event} [tournament 1 'A']",
                                                  f"{event} [tournament 2 'B']"]
    assert r.stdout.splitlines()[-1] == f"deviation: {event} [tournament 1 'A']"


def test_check_json_names_the_tournament(event):
    r = runner.invoke(app, ["check", str(event), "--format", "json"])
    docs = json.loads(r.stdout)
    assert [(d["file"], d["tournament"]) for d in docs] == [
        (str(event), {"id": "1", "name": "A"}), (str(event), {"id": "2", "name": "B"})]


def test_check_html_pages_name_the_tournament(event, tmp_path):
    out = tmp_path / "html"
    r = runner.invoke(app, ["check", str(event), "--html", str(out), "-q"])
    assert r.exit_code == 1, r.output
    pages = sorted(p.read_text() for p in out.glob("*.html") if p.name != "index.html")
    assert len(pages) == 2 and "<h1>A</h1>" in pages[0] + pages[1] and "<h1>B</h1>" in pages[0] + pages[1]


@pytest.mark.parametrize("command", [["standings"], ["pair", "--round", "3"],
                                     ["submit", "--to", "fide"], ["convert", "-", "--to", "trf"]])
def test_one_tournament_commands_name_the_choices(event, command):
    args = [command[0], str(event), *command[1:]]
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    assert f"error: {event}: {CHOICE}" in r.stderr


def test_tournament_option_by_id_and_by_name(event):
    by_id = runner.invoke(app, ["pair", str(event), "--tournament", "2", "--round", "3"])
    by_name = runner.invoke(app, ["pair", str(event), "--tournament", "b", "--round", "3"])
    assert by_id.exit_code == by_name.exit_code == 0
    assert by_id.stdout == by_name.stdout and by_id.stdout.count("board") == 43
    r = runner.invoke(app, ["standings", str(event), "--tournament", "C"])
    assert r.exit_code == 2
    assert r.stderr.strip().endswith(f"error: {event}: the file has no tournament 'C'; its"
                                     " tournaments: 1 'A', 2 'B' (hint: --tournament takes a"
                                     " tournament's id in the file or its name)")
    r = runner.invoke(app, ["submit", str(event), "--to", "fide", "--tournament", "A"])
    assert r.exit_code == 1 and r.stdout.startswith("FIDE submission: NOT ready")


def test_convert_one_tournament_and_one_file_per_tournament(event, tmp_path):
    dst = tmp_path / "b.trf"
    r = runner.invoke(app, ["convert", str(event), str(dst), "--tournament", "B"])
    assert r.exit_code == 0, r.output
    assert dst.read_text(encoding="utf-8").startswith("012 B\n")
    out = tmp_path / "out"
    r = runner.invoke(app, ["convert", str(event), "-o", str(out), "--to", "trf", "-q"])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in out.iterdir()) == ["liffre-1-A.trf", "liffre-2-B.trf"]
    assert (out / "liffre-1-A.trf").read_text(encoding="utf-8").startswith("012 A\n")
    r = runner.invoke(app, ["convert", str(event), "-o", str(out)])
    assert r.exit_code == 1
    assert (f"error: {out / 'liffre-1-A.sce'}: cannot write sharly: format 'sharly' can be read"
            " but not written (hint: name the output format with --to)") in r.stderr


def _summary(out: list[str]) -> tuple[int, int, dict[str, int]]:
    """The batch summary's two labelled lines: files (by status) and the rounds they hold."""
    m = re.fullmatch(r"files: (\d+) \((.*)\)", next(x for x in out if x.startswith("files: ")))
    assert m, out
    counts = {k: int(v) for k, v in (part.rsplit(" ", 1) for part in m.group(2).split(", "))}
    rounds = re.match(r"rounds: (\d+)", next(x for x in out if x.startswith("rounds: ")))
    assert rounds, out
    return int(m.group(1)), int(rounds.group(1)), counts


def test_folder_checks_every_tournament_and_lists_what_it_skipped(folder):
    r = runner.invoke(app, ["check", str(folder), "-q"])
    out = r.stdout.splitlines()
    files, _, counts = _summary(out)
    # liffre's 2 tournaments, minimal, the Papi file and its Papi-JSON export, SwissPerfect's
    # three files as one tournament and its text export; three files skipped
    assert (files, counts.get("skipped"), counts.get("unreadable", 0)) == (10, 3, 0)
    assert sum(counts.get(k, 0) for k in ("ok", "deviation", "violation", "not checked")) == 7
    lines = out[out.index(next(x for x in out if x.startswith("rounds: "))) + 1:]
    assert f"deviation: {folder / 'liffre.sce'} [tournament 1 'A']" in lines
    assert [line for line in lines if line.startswith("skipped")] == [
        f"skipped: {folder / 'README.txt'}: not a tournament file: a text document (Markdown or"
        " prose, no tournament records)",
        f"skipped: {folder / 'report.json'}: not a tournament file: pairchk's own check report (JSON)",
        f"skipped: {folder / 'round6.txt'}: not a tournament file: a bbpPairings pairing output"
        " (a count, then one pair per line)"]
    assert r.exit_code == 1  # the tournaments' verdicts: a deviation; skipped files do not count


def test_folder_without_findings_exits_0_despite_skipped_files(folder):
    for name in ("liffre.sce", "junior.trn", "junior.ini", "junior.sco", "junior.txt", "minimal.sce"):
        (folder / name).unlink()
    r = runner.invoke(app, ["validate", str(folder), "-q"])
    assert r.exit_code == 0, r.output
    # the Papi file and its Papi-JSON export read; the three others skipped
    files, rounds, counts = _summary(r.stdout.splitlines())
    assert (files, rounds, counts) == (
        5, 10, {"ok": 2, "warnings": 0, "errors": 0, "unreadable": 0, "skipped": 3})


def test_a_skipped_file_named_alone_is_unreadable(folder):
    r = runner.invoke(app, ["check", str(folder / "README.txt")])
    assert r.exit_code == 3


def test_swissperfect_files_expand_to_one_tournament(folder):
    names = [Path(p).name for p in batch.expand([str(folder)])]
    assert "junior.trn" in names and "junior.ini" not in names and "junior.sco" not in names


def test_swissperfect_stem_names_the_tournament(folder):
    r = runner.invoke(app, ["validate", str(folder / "junior")])
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().endswith(f"{folder / 'junior'}: 4 players, 3 rounds: 0 error(s), 0 warning(s)")


def test_explain_takes_one_tournament(event):
    r = runner.invoke(app, ["check", str(event), "--explain", "3"])
    assert r.exit_code == 2
    assert r.stderr == "error: --explain N takes one tournament; this file holds several\n"
