"""`pairchk convert` and `pairchk validate`: exit codes and exact messages."""

import json

import pytest
from typer.testing import CliRunner

from pairchk.cli import app

from shared_paths import FIX

FIXTURE = str(FIX / "dutch_p008_r06.trf")
runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_validate_clean_file_exits_0():
    r = run("validate", FIXTURE)
    assert r.exit_code == 0
    assert r.stdout == f"{FIXTURE}: 8 players, 6 rounds: 0 error(s), 0 warning(s)\n"


def test_validate_file_with_errors_exits_1_and_lists_them(tmp_path):
    p = tmp_path / "bad.trf"
    lines = (FIX / "dutch_p008_r06.trf").read_bytes().split(b"\r")
    lines[1] = lines[1][:80] + b" 9.0" + lines[1][84:]  # player 1 declares 9 points
    p.write_bytes(b"\r".join(lines))
    r = run("validate", str(p))
    assert r.exit_code == 1
    assert r.stdout.splitlines()[0] == (
        f"{p}:2:81: error score-mismatch: player 1: declared points 9.0, results give 5.0 "
        "(expected 5.0; hint: points must equal the results under the file's scoring system (162/XXS/BB*))")
    assert r.stdout.splitlines()[-1].endswith(": 1 error(s), 0 warning(s)")


def test_header_without_players_is_an_error(tmp_path):
    # issue 14: "A TRF with a header and no players validates with exit 0."
    p = tmp_path / "h.trf"
    p.write_bytes(b"012 T\n042 2026/01/01\n")
    for cmd in (["validate", str(p)], ["check", str(p)], ["convert", str(p), "-", "--to", "json"]):
        r = run(*cmd)
        assert r.exit_code == 3, cmd
        assert r.stderr == (f"error: {p}: the file has no player records (001 lines) (expected a tournament"
                            " with at least one player; hint: a header alone is not a tournament file;"
                            " was the export cut short?)\n")


def test_validate_warnings_only_exits_0(tmp_path):
    p = tmp_path / "w.trf"
    # (a header alone is no tournament: issue 14 makes it an error, so one player is listed)
    p.write_bytes(b"012 T\n042 someday\n" + b"001    1      A".ljust(80) + b" 0.0    1\n")
    r = run("validate", str(p))
    assert r.exit_code == 0, r.output
    assert "warning bad-date: date 'someday' cannot be read unambiguously" in r.stdout


@pytest.mark.parametrize("content, message", [
    (b"", "the file is empty"),
    (b"\x00\xff\xfe\x13garbage\x00" * 50, "no TRF records found"),
    (b'{"name": "not pairchk json"}\n', "this is JSON, not TRF"),
    (b"001    1 " + b"  " * 2_000_000 + b"1", "player record of 4000010 characters"),
])
def test_unreadable_inputs_exit_3_with_one_line_message(tmp_path, content, message):
    p = tmp_path / "x.trf"
    p.write_bytes(content)
    r = run("validate", str(p))
    assert r.exit_code == 3, r.output
    assert r.stdout == ""
    assert r.stderr.startswith(f"error: {p}:") and message in r.stderr
    assert "Traceback" not in r.output
    assert len(r.stderr.splitlines()) == 1


def test_binary_garbage_without_extension_exits_3(tmp_path):
    p = tmp_path / "x.bin"
    p.write_bytes(bytes(range(256)) * 4)
    r = run("validate", str(p))
    assert r.exit_code == 3
    assert r.stderr.startswith(f"error: {p}: cannot tell the file format from its content")


def test_missing_file_exits_3():
    r = run("validate", "/nonexistent/t.trf")
    assert r.exit_code == 3
    assert r.stderr == "error: /nonexistent/t.trf: cannot read file: No such file or directory\n"


def test_huge_non_player_line_is_read():
    player = b"001    1      A".ljust(80) + b" 0.0    1\n"
    r = run("validate", "-", input=b"012 " + b"x" * 5_000_000 + b"\n" + player)
    assert r.exit_code == 0
    assert r.stdout == "-: 1 players, 0 rounds: 0 error(s), 0 warning(s)\n"


def test_pairchk_json_under_a_trf_name_is_read_as_json(tmp_path):
    p = tmp_path / "t.trf"
    assert run("convert", FIXTURE, str(p), "--to", "json").exit_code == 0
    r = run("validate", str(p))
    assert r.exit_code == 0 and ": 8 players, 6 rounds: 0 error(s)" in r.stdout


def test_convert_to_json_on_stdout_and_back_reproduces_the_file(tmp_path):
    r = run("convert", FIXTURE, "-", "--to", "json")
    assert r.exit_code == 0 and r.stderr == ""
    doc = json.loads(r.stdout)
    assert doc["format"] == "pairchk-tournament"
    assert doc["tournament"]["players"][0]["rounds"][0] == {"result": "win", "opponent": 5, "color": "white"}
    out = tmp_path / "back.trf"
    r2 = run("convert", "-", str(out), "--from", "json", input=r.stdout)
    assert r2.exit_code == 0
    # the JSON has no line layout: the TRF comes back in canonical order with LF
    lines = [x for x in (FIX / "dutch_p008_r06.trf").read_bytes().split(b"\r") if x]
    assert lines[-1] == b"092 FIDE_DUTCH_2025"
    assert out.read_bytes() == b"\n".join([lines[0], lines[-1]] + lines[1:-1]) + b"\n"


def test_convert_trf_to_trf_keeps_the_file(tmp_path):
    out = tmp_path / "same.trf"
    r = run("convert", FIXTURE, str(out))
    assert r.exit_code == 0 and r.output == ""
    assert out.read_bytes() == (FIX / "dutch_p008_r06.trf").read_bytes()


def test_convert_to_trf26_and_set_metadata(tmp_path):
    out = tmp_path / "x.trf26"
    r = run("convert", FIXTURE, str(out), "--set", "city=Madrid", "--set", "rounds=6")
    assert r.exit_code == 0, r.output
    text = out.read_text()
    assert "022 Madrid\n" in text and "142 6\n" in text and "192 FIDE_DUTCH_2025\n" in text


def test_convert_warns_about_what_trf16_cannot_carry(tmp_path):
    src = tmp_path / "in.json"
    run("convert", FIXTURE, str(src), "--to", "json")
    doc = json.loads(src.read_text())
    doc["tournament"]["players"][0]["club"] = "SK Berlin"
    doc["tournament"]["forbidden_pairs"] = [{"players": [1, 2], "first_round": 3, "last_round": 4}]
    src.write_text(json.dumps(doc))
    r = run("convert", str(src), str(tmp_path / "out.trf"))
    assert r.exit_code == 0
    assert r.stderr.splitlines() == [
        "warning: player 1: club 'SK Berlin' cannot be written in TRF",
        "warning: forbidden pairs: (1, 2) limited to rounds 3-4 needs TRF26 record 260; not written",
    ]


def test_convert_usage_errors_exit_2(tmp_path):
    r = run("convert", FIXTURE, str(tmp_path / "x.unknownext"))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"error: {tmp_path / 'x.unknownext'}: cannot tell the output format from the name")
    r = run("convert", FIXTURE, "-", "--to", "nope")
    assert r.exit_code == 2 and "unknown format 'nope'" in r.stderr
    r = run("convert", FIXTURE, "-", "--to", "json", "--set", "novalue")
    assert r.exit_code == 2 and "expected KEY=VALUE" in r.stderr


def test_convert_unreadable_input_exits_3(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"format": "pairchk-tournament", "version": 1, "tournament": {"players": [{"number": "x"}]}}')
    r = run("convert", str(p), "-", "--to", "trf")
    assert r.exit_code == 3
    assert r.stderr == (f"error: {p}: $.tournament.players[0].number: 'x' is not of type 'integer' "
                        "(expected a document matching formats/tournament.schema.json; "
                        "hint: pairchk JSON is written by `pairchk convert FILE OUT.json`)\n")


def test_huge_structured_record_is_refused_quickly(tmp_path):
    p = tmp_path / "h.trf"
    p.write_bytes(b"012 T\nXXA    1" + b"  1.0" * 300_000 + b"\n")
    r = run("validate", str(p))
    assert r.exit_code == 3
    assert r.stderr.startswith(f"error: {p}:2:10082: record XXA of 1500008 characters")


def test_numbers_trf_cannot_hold_are_refused_not_garbled(tmp_path):
    src = tmp_path / "in.json"
    src.write_text('{"format": "pairchk-tournament", "version": 1, "tournament": {"players": [{"number": 12345}]}}')
    r = run("convert", str(src), "-", "--to", "trf")
    # issue 14: every reader bounds starting numbers as TRF does (1..9999), before writing
    assert r.exit_code == 3
    assert r.stderr == (f"error: {src}: starting number 12345 is out of range (expected a number from 1 to"
                        " 9999; hint: TRF columns 5-8 hold at most 9999 players)\n")
