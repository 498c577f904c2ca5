"""`pairchk check` and `pairchk pair`: exit codes and exact messages.

The engine is injected as a fake system module (``pairchk.systems.get`` patched), so these
tests pin the command layer whatever the state of the real engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from dataclasses import make_dataclass
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from pairchk import systems
from pairchk.cli import app
from pairchk.pairing import Pair, RoundPairing, published_pairing
from pairchk.system import UnpairableError

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = str(ROOT / "fixtures" / "dutch_p008_r06.trf")

runner = CliRunner()


class FakeDutch:
    """A system whose reference is the published round unless ``change`` says other."""

    name = "dutch"
    title = "fake Dutch"
    codes = ("FIDE_DUTCH_2025",)
    editions = ("2026", "2017")
    fixed = False
    teams = False

    def __init__(self, change: dict[int, RoundPairing | None] | None = None):
        self.change = change or {}

    def select_edition(self, t, override=None):
        from pairchk.systems.dutch.system import select_edition

        return select_edition(t, override)

    def criteria(self, edition):
        from pairchk.systems.dutch.system import SYSTEM

        return SYSTEM.criteria(edition)

    def published(self, t, rnd):
        return published_pairing(t, rnd)

    def state(self, t, rnd, *, edition):
        return SimpleNamespace(t=t, rnd=rnd, edition=edition)

    def pair(self, state):
        if state.rnd in self.change:
            if self.change[state.rnd] is None:
                raise UnpairableError("no legal pairing")
            return self.change[state.rnd]
        return published_pairing(state.t, state.rnd)

    def evaluate(self, s, p):
        # the colour-preference criterion is C12 in the 2026 text, C.10 in the 2017 text
        key = "C10" if s.edition == "2017" else "C12"
        value = 0 if s.rnd not in self.change else (1 if p == self.change[s.rnd] else 2)
        return make_dataclass("Q", [("C5", int), (key, int)], frozen=True)(0, value)

    def violations(self, s, p):
        return []


@pytest.fixture
def engine(monkeypatch):
    """Install a fake dutch system; returns a setter for the rounds it pairs differently."""
    monkeypatch.setattr(systems, "_registered", {"dutch": FakeDutch()})

    def set_change(change):
        systems.register(FakeDutch(change))

    return set_change


def test_check_all_rounds_ok_exits_0(engine):
    result = runner.invoke(app, ["check", FIXTURE])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == (f"{FIXTURE}: dutch (from the TRF26 192 code FIDE_DUTCH_2025), edition 2026 "
                        "(system code FIDE_DUTCH_2025 in the file means the 2026 text)")
    assert lines[1:7] == [f"round {r}: ok" for r in range(1, 7)]
    assert lines[-1] == "summary: 6 rounds checked: 6 ok"


def test_check_deviation_exits_1_and_explains(engine):
    from pairchk import formats

    t = formats.load_path(FIXTURE).tournament
    pub = published_pairing(t, 3)
    a, b = pub.pairs[0], pub.pairs[1]
    other = RoundPairing(3, (Pair(a.white, b.black), Pair(b.white, a.black)) + pub.pairs[2:],
                         pub.bye)
    engine({3: other})
    result = runner.invoke(app, ["check", FIXTURE, "--edition", "2017"])
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert out[3] == "round 3: deviation — 2 pairs differ"
    assert out[4] == "    verdict: legal, but not the pairing the rules prescribe"
    assert out[5] == f"    pairs only in published: {a.white}-{a.black}, {b.white}-{b.black}"
    assert out[6] == f"    pairs only in reference: {a.white}-{b.black}, {b.white}-{a.black}"
    assert out[7].startswith("    where: the score ")
    assert out[8] == ("    why: C.10 (2017) players not getting their colour preference: "
                      "published 2, reference 1")
    assert out[-1] == "summary: 6 rounds checked: 5 ok, 1 deviation"


def test_check_json_validates_and_reports_unpairable(engine):
    import jsonschema

    engine({2: None})
    result = runner.invoke(app, ["check", FIXTURE, "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    schema = json.loads((ROOT / "formats" / "check-report.schema.json").read_text())
    jsonschema.validate(data, schema)
    assert [r["status"] for r in data["rounds"]] == ["ok", "unpairable", "ok", "ok", "ok", "ok"]
    assert data["rounds"][1]["explanation"] == "no legal pairing exists: no legal pairing"


def test_check_html(engine):
    result = runner.invoke(app, ["check", FIXTURE, "--format", "html"])
    assert result.exit_code == 0
    assert result.stdout.startswith("<!DOCTYPE html>")


def test_check_missing_file_exits_3():
    result = runner.invoke(app, ["check", "no/such.trf"])
    assert result.exit_code == 3
    assert result.stderr == "error: no/such.trf: cannot read file: No such file or directory\n"


def test_check_unrecognised_content_exits_3(tmp_path):
    bad = tmp_path / "junk.bin"
    bad.write_bytes(b"\x00\x01 not a tournament")
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 3
    assert result.stderr.startswith(f"error: {bad}: ")
    assert "Traceback" not in result.output


def test_check_bad_trf_line_exits_3_with_location(tmp_path):
    bad = tmp_path / "bad.trf"
    lines = Path(FIXTURE).read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    lines[2] = lines[2][:98] + b"Q" + lines[2][99:]  # an unknown result code in round 1
    bad.write_bytes(b"\n".join(lines))
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 3
    assert result.stderr.startswith(f"error: {bad}:3:99: ")
    assert "Traceback" not in result.output


def test_check_usage_errors_exit_2():
    r = runner.invoke(app, ["check", FIXTURE, "--edition", "2025"])
    assert (r.exit_code, r.stderr) == (2, "error: unknown edition '2025'; known editions: 2026, 2017, 1997, 2024\n")
    r = runner.invoke(app, ["check", FIXTURE, "--system", "dutch", "--edition", "1997"])
    assert (r.exit_code, r.stderr) == (2, "error: unknown edition '1997'; known editions: 2026, 2017\n")
    r = runner.invoke(app, ["check", FIXTURE, "--format", "xml"])
    assert (r.exit_code, r.stderr) == (2, "error: unknown report format 'xml'; known: text, json, html\n")
    r = runner.invoke(app, ["check", FIXTURE, "--system", "monrad"])
    assert r.exit_code == 2
    assert r.stderr == ("error: unknown pairing system 'monrad'; known systems: "
                        + ", ".join(systems.names()) + "\n")
    assert "dutch, dubov, berger" in r.stderr


def test_check_system_not_available(monkeypatch):
    monkeypatch.setitem(systems.MODULES, "nosuch", "pairchk.systems.nosuch_engine")
    r = runner.invoke(app, ["check", FIXTURE, "--system", "nosuch"])
    assert r.exit_code == 1
    assert r.stderr == (f"error: {FIXTURE}: pairing system 'nosuch' is not available in this "
                        "installation (pairchk.systems.nosuch_engine is missing)\n")


def test_pair_next_round_text_and_json(engine):
    ref = RoundPairing(7, (Pair(3, 1), Pair(2, 4), Pair(5, 6), Pair(8, 7)), bye=None)
    engine({7: ref})
    r = runner.invoke(app, ["pair", FIXTURE])
    assert r.exit_code == 0, r.output
    out = r.stdout.splitlines()
    assert out[0].startswith("round 7 (dutch from the TRF26 192 code FIDE_DUTCH_2025; edition 2026: ")
    assert out[-1] == "bye: none"
    assert len(out) == 6 and out[1].startswith("board 1: white ")
    r = runner.invoke(app, ["pair", FIXTURE, "--format", "json"])
    data = json.loads(r.stdout)
    assert data["round"] == 7 and data["bye"] is None
    assert sorted((p["white"], p["black"]) for p in data["pairs"]) == [(2, 4), (3, 1), (5, 6), (8, 7)]
    assert [p["board"] for p in data["pairs"]] == [1, 2, 3, 4]


def test_pair_round_n_unpairable_exits_1(engine):
    engine({4: None})
    r = runner.invoke(app, ["pair", FIXTURE, "--round", "4"])
    assert r.exit_code == 1
    assert r.stderr == f"error: {FIXTURE}: round 4 cannot be paired: no legal pairing\n"


def test_pair_with_the_real_engine_reproduces_the_published_round():
    """No fake: round 4 of the fixture as the endorsed engine paired it, in board order."""
    try:
        from pairchk.systems.dutch import round as dutch_round  # noqa: F401
    except ModuleNotFoundError:
        pytest.skip("Dutch engine not available")
    r = runner.invoke(app, ["pair", FIXTURE, "--round", "4"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        "round 4 (dutch from the TRF26 192 code FIDE_DUTCH_2025; edition 2026: system code "
        "FIDE_DUTCH_2025 in the file means the 2026 text)",
        "board 1: white 2 - black 4",
        "board 2: white 3 - black 1",
        "board 3: white 7 - black 6",
        "bye: none",
        "not paired: 5 (zero-point bye), 8 (half-point bye)",
    ]
    from pairchk import formats

    pub = published_pairing(formats.load_path(FIXTURE).tournament, 4)
    assert {(p.white, p.black) for p in pub.pairs} == {(2, 4), (3, 1), (7, 6)}


def test_check_with_the_real_engine_on_the_fixture_exits_0():
    try:
        from pairchk.systems.dutch import round as dutch_round  # noqa: F401
    except ModuleNotFoundError:
        pytest.skip("Dutch engine not available")
    r = runner.invoke(app, ["check", FIXTURE])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == "summary: 6 rounds checked: 6 ok"


def test_edition_with_a_fixed_schedule_system_is_a_usage_error():
    r = runner.invoke(app, ["check", FIXTURE, "--system", "berger", "--edition", "2017"])
    assert r.exit_code == 2
    assert r.stderr == ("error: --edition applies to the Swiss systems only; berger "
                        "has one text (C.05 Annex 1)\n")


@pytest.mark.parametrize("fixture, system, code", [
    ("berger_10.trf", "berger", 0), ("berger_10_colour_flipped_r4.trf", "berger", 1),
    ("rutsch_8.trf", "rutsch", 0), ("knockout_8.trf", "knockout", 0),
    ("travel_partner_8.trf", "travel-partner", 0),
])
def test_fixed_schedule_systems_share_the_report_schema_and_exit_codes(fixture, system, code):
    import jsonschema

    path = ROOT / "fixtures" / fixture
    if not path.exists():
        pytest.skip(f"{fixture} not in fixtures/")
    assert systems.get(system).fixed
    r = runner.invoke(app, ["check", str(path), "--system", system, "--format", "json"])
    assert r.exit_code == code, r.output
    data = json.loads(r.stdout)
    jsonschema.validate(data, json.loads((ROOT / "formats" / "check-report.schema.json").read_text()))
    assert data["system"] == system and data["ok"] is (code == 0)


def test_pair_refuses_to_pair_after_a_round_without_results(tmp_path):
    """A TRF of a running event: round 6 paired, results not entered (blank result code)."""
    lines = Path(FIXTURE).read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    out = []
    for line in lines:
        if line.startswith(b"001") and len(line) >= 149 and line[145:149].strip():
            line = line[:148] + b" " + line[149:]  # round 6 result code (column 149) blanked
        out.append(line)
    running = tmp_path / "running.trf"
    running.write_bytes(b"\n".join(out))
    r = runner.invoke(app, ["pair", str(running)])
    assert r.exit_code == 1
    assert r.stderr == (f"error: {running}: round 6 has games without a result; enter the "
                        "results before pairing round 7\n")


def test_check_accepts_the_running_round(tmp_path):
    """The pairing of a round in progress is published and can be checked before it is played."""
    lines = Path(FIXTURE).read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    running = tmp_path / "running.trf"
    running.write_bytes(b"\n".join(
        line[:148] + b" " + line[149:] if line.startswith(b"001") and len(line) >= 149 else line
        for line in lines))
    try:
        from pairchk.systems.dutch import round as dutch_round  # noqa: F401
    except ModuleNotFoundError:
        pytest.skip("Dutch engine not available")
    r = runner.invoke(app, ["check", str(running)])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-2:] == ["round 6: ok", "summary: 6 rounds checked: 6 ok"]
