"""Issue 14: a small deterministic slice of ``benchmarks/fuzz.py`` in the default test run.

The same seeds, mutations and forked runner as the full harness (``nice python3
benchmarks/fuzz.py --runs 10000``), on a fixed random seed and the repository's own seeds, so
that it takes a few seconds: every command ends with exit 0, 1, 3 or 4, no traceback, no
internal error, within the time limit, and a refusal (exit 3) names the input file.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _harness():
    spec = importlib.util.spec_from_file_location("pairchk_fuzz", ROOT / "benchmarks" / "fuzz.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["pairchk_fuzz"] = mod
    spec.loader.exec_module(mod)
    return mod


fuzz = _harness()


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="the runner forks")
def test_fuzz_slice_finds_nothing(tmp_path):
    result = fuzz.fuzz(25, 20260101, 10.0, tmp_path, shared=False, per_input=1)
    tally = result["tally"]
    assert tally["inputs"] == 25 and tally["runs"] == 100
    assert result["findings"] == [], result["findings"][:3]
    assert set(tally["exits"]) <= {"0", "1", "2", "3", "4"}


def test_the_harness_reaches_every_command_and_option(tmp_path):
    # every command of the CLI and every option of each is drawn by the option runs
    import random

    table = fuzz.cli_table()
    rng = random.Random(1)
    seen: set[str] = set()
    for _ in range(3000):
        cmd = fuzz.option_command(rng, table, "in.trf", tmp_path, tmp_path / "other.trf")
        seen.update([cmd[0]] + [f"{cmd[0]} {w}" for w in cmd[1:] if w.startswith("-")])
    wanted = {name for name in table} | {f"{name} {p.flags[0]}" for name, params in table.items()
                                         for p in params if p.flags}
    assert wanted - seen == set()
    assert {"check", "pair", "schedule", "convert", "validate", "formats", "generate",
            "standings", "submit"} <= set(table)


def test_mutations_are_deterministic_and_change_the_input():
    seeds = fuzz.seeds(shared=False)
    names = {s.ext for s in seeds}
    # every writable format and the read-only fixtures are seeded
    assert {".trf", ".trf26", ".json", ".jch", ".cr.xml", ".dsb.xml", ".dewis.xml", ".swi", ".csv",
            ".xlsx", ".papi.json", ".swt", ".html", ".papi", ".sce", ".trn", ".sco", ".ini"} <= names
    a = [fuzz.mutate(random.Random(7), s) for s in seeds]
    b = [fuzz.mutate(random.Random(7), s) for s in seeds]
    assert a == b
    assert sum(x != s.data for x, s in zip(a, seeds)) >= len(seeds) - 2


def test_the_runner_reports_a_traceback_and_a_timeout(tmp_path, monkeypatch):
    # the harness itself must be able to fail: a crash and a hang are classified as such
    def boom(command):
        raise ZeroDivisionError("bug")

    monkeypatch.setattr(fuzz, "_child", boom)
    assert fuzz.run(("validate", "x"), 5.0).kind == "traceback"

    def hang(command):
        import time

        time.sleep(30)
        return 0

    monkeypatch.setattr(fuzz, "_child", hang)
    o = fuzz.run(("validate", "x"), 0.5)
    assert o.kind == "timeout" and o.exit is None
