"""``pairchk crosscheck``: an engine behind a command, tested the way FIDE tests one.

The engine here is pairchk's own behind the usual command-line interface
(``tests/fake_engine.py``): right, deliberately wrong (colours of a board swapped now and then,
each planted error logged), crashing, hanging; and a checker that always objects to round 2.
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pairchk.check.crosscheck import (DISCREPANCY, FAILURE, OK, TIMEOUT, CrosscheckError, Plan,
                                      crosscheck, read_pairs)
from pairchk.generate.cases import RandomCases
from pairchk.model import Player, Tournament
from shared_paths import ROOT

FAKE = ROOT / "tests" / "fake_engine.py"
SMALL = dict(players=(6, 9), rounds=(3, 3), mix=("normal", "unplayed", "310"))


def cases(seed: int = 0) -> RandomCases:
    return RandomCases(seed=seed, **SMALL)


def engine(mode: str, log: Path | None = None) -> str:
    cmd = f"{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} {mode} {{input}} {{output}}"
    return cmd + (f" {shlex.quote(str(log))}" if log else "")


def test_a_right_engine_has_no_discrepancy(tmp_path):
    s = crosscheck(Plan(cases(), engine=engine("right"), tournaments=2), out=str(tmp_path))
    assert [c.status for c in s.cases] == [OK] * 2
    assert s.within(0) and sum(c.rounds for c in s.cases) == 6
    assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 2


def test_a_wrong_engine_is_caught_on_every_planted_error(tmp_path):
    log = tmp_path / "planted.txt"
    plan = Plan(cases(), engine=engine("swap", log), tournaments=5)
    s = crosscheck(plan, out=str(tmp_path / "run"))
    planted = sorted(tuple(map(int, line.split())) for line in log.read_text().splitlines())
    found = sorted((plan.cases.settings(c.case)[1].seed, r) for c in s.cases
                   for r in c.bad_rounds)
    assert planted and found == planted
    assert s.discrepancies == len({seed for seed, _ in planted})
    assert not s.within(0) and s.within(len(planted))
    bad = next(c for c in s.cases if c.status == DISCREPANCY)
    kept = tmp_path / "run" / "cases" / f"case-{bad.case}.trf"
    assert kept.exists() and "colour" in kept.with_suffix(".txt").read_text()


def test_a_crash_and_a_hang_are_reported_and_the_run_goes_on(tmp_path):
    s = crosscheck(Plan(cases(), engine=engine("crash"), tournaments=2))
    assert [c.status for c in s.cases] == [FAILURE, FAILURE]
    assert s.cases[0].message == "round 2: the engine stopped with exit code 3: planted crash"
    assert s.cases[0].rounds == 1 and s.cases[0].trf.startswith("012 ")
    s = crosscheck(Plan(cases(), engine=engine("hang"), tournaments=1, timeout=3))
    assert s.cases[0].status == TIMEOUT
    assert s.cases[0].message == "round 2: the engine gave no answer within 3 s"
    assert not s.within(10)


def test_resume_runs_only_what_is_missing_and_any_executor_gives_the_same(tmp_path):
    plan = Plan(cases(3), engine=engine("right"), tournaments=3)
    small = replace(plan, tournaments=1)
    crosscheck(small, out=str(tmp_path))
    with pytest.raises(CrosscheckError, match="add --resume"):
        crosscheck(plan, out=str(tmp_path))
    seen = []
    resumed = crosscheck(plan, out=str(tmp_path), resume=True,
                         on_case=lambda c, done, total: seen.append(c.case))
    assert sorted(seen) == [1, 2] and len(resumed.cases) == 3
    pooled = crosscheck(plan, jobs=2)
    assert [_same(c) for c in pooled.cases] == [_same(c) for c in resumed.cases]
    other = replace(plan, cases=cases(4))
    with pytest.raises(CrosscheckError, match="other settings"):
        crosscheck(other, out=str(tmp_path), resume=True)


def _same(c):
    return (c.case, c.kind, c.players, c.rounds, c.status, c.bad_rounds)


def test_a_local_dask_cluster_gives_the_same_results():
    distributed = pytest.importorskip("dask.distributed")
    plan = Plan(cases(5), engine=engine("right"), tournaments=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address="127.0.0.1:0") as cluster:
        on_cluster = crosscheck(plan, scheduler=cluster.scheduler_address)
    assert [_same(c) for c in on_cluster.cases] == [_same(c) for c in crosscheck(plan).cases]


def test_another_checker_is_read_round_by_round():
    s = crosscheck(Plan(cases(), check_with=f"{shlex.quote(sys.executable)} {FAKE} picky {{input}}",
                        tournaments=2))
    assert [(c.status, c.bad_rounds) for c in s.cases] == [(DISCREPANCY, (2,))] * 2


def test_the_pairs_file_is_read_strictly():
    t = Tournament(rounds=1, players=tuple(Player(n) for n in (1, 2, 3, 4)))
    assert [(p.white, p.black) for p in read_pairs("2\n1 3\n4 2\n", t, 1).pairs] == [(1, 3), (4, 2)]
    for text, words in (("", "wrote no pairs"), ("3\n1 2\n3 4\n", "announces 3 pairs"),
                        ("2\n1 2\n1 4\n", "player 1 twice"), ("1\n1 2\n", "left player 3"),
                        ("2\n1 2\n3 9\n", "player 9, who is not in the file"),
                        ("2\n1 x\n3 4\n", "not a number")):
        with pytest.raises(ValueError, match=words):
            read_pairs(text, t, 1)


def test_a_plan_names_its_first_mistake():
    for plan, words in ((Plan(cases()), "exactly one of --engine"),
                        (Plan(cases(), engine="bbp --dutch x -p y"), "has no {input}"),
                        (Plan(RandomCases(players=(9, 5)), engine="e {input}"), "--players 9-5"),
                        (Plan(RandomCases(mix=("normal", "weird")), engine="e {input}"),
                         "unknown kind 'weird'")):
        with pytest.raises(CrosscheckError, match=words):
            plan.validate()


# --------------------------------------------------------------------------- the command


def test_cli_summary_as_json_and_the_exit_status(tmp_path):
    from typer.testing import CliRunner

    from pairchk.cli import app

    args = ["crosscheck", "--engine", engine("swap", tmp_path / "p.txt"), "--tournaments", "5",
            "--players", "6-9", "--rounds", "3", "--mix", "normal,unplayed,310",
            "--format", "json"]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 1, r.output
    data = json.loads(r.stdout)
    assert set(data) >= {"tournaments", "rounds", "discrepancies", "engine_failures",
                         "timeouts", "cases"}
    assert data["tournaments"] == 5 and data["discrepancies"] >= 1
    assert all(c["status"] == "discrepancy" for c in data["cases"])
    r = CliRunner().invoke(app, args + ["--max-discrepancies", "5"])
    assert r.exit_code == 0, r.output


def test_cli_says_what_is_missing():
    from typer.testing import CliRunner

    from pairchk.cli import app

    r = CliRunner().invoke(app, ["crosscheck", "--tournaments", "2"])
    assert r.exit_code == 2
    assert "give exactly one of --engine 'COMMAND {input} {output}' and --check-with" in r.output
    r = CliRunner().invoke(app, ["crosscheck", "--engine", "e {input}", "--players", "ten"])
    assert r.exit_code == 2
    assert "--players 'ten': expected A-B with 1 <= A <= B, such as 5-60" in r.output


def test_check_and_validate_of_many_files_on_a_local_dask_cluster(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    from pairchk.check import batch

    files = [str(ROOT / "fixtures" / name) for name in
             ("club_open_2026.trf", "dutch_p008_r06.trf", "berger_7.trf")]
    tasks = [batch.Task("check", p, ()) for p in files] + [batch.Task("validate", files[0], ())]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address="127.0.0.1:0") as cluster:
        remote = batch.run(tasks, scheduler=cluster.scheduler_address)
    local = batch.run(tasks)
    assert [(r.path, r.status, r.output) for r in remote] == [
        (r.path, r.status, r.output) for r in local]
    assert [r.status for r in local][:3] == ["violation", "ok", "ok"]


# --------------------------------------------------------------------------- against bbpPairings


@pytest.mark.slow
@pytest.mark.parametrize("edition, variable, default", [
    ("2026", "BBP6", "/tmp/oracles/bbp6/bbpPairings.exe"),
    ("2017", "BBP5", "/tmp/oracles/bbp5/bbpPairings.exe")])
def test_bbppairings_pairs_every_round_as_pairchk_checks_it(edition, variable, default):
    """The endorsed engine (v6 for 2026, v5.0.1 for 2017; built outside the repository, path
    in BBP6/BBP5) against pairchk's checker on 300 random tournaments: no discrepancy."""
    import os

    exe = os.environ.get(variable, default)
    if not Path(exe).exists():
        pytest.skip(f"bbpPairings for {edition} not found at {exe} (set {variable})")
    plan = Plan(RandomCases(edition=edition), engine=f"{shlex.quote(exe)} --dutch {{input}} -p "
                "{output}", edition=edition, tournaments=300, timeout=300)
    s = crosscheck(plan, jobs=2)
    assert (s.discrepancies, s.failures, s.timeouts) == (0, 0, 0), s.text()
