"""Each finding of `pairchk validate` on a small hand-made TRF file."""

import pytest

from pairchk.errors import Severity
from pairchk.validate import validate_bytes


def row(num, points="", rank="", rounds=(), rating="", birth="", name=None):
    """A 001 line built column by column (TRF16 annex), independent of the writer."""
    line = f"001 {num:>4}      {name or f'Player {num}':<33} {rating:>4}     {'':>11} {birth:<10} {points:>4} {rank:>4}"
    for r in rounds:
        line += "  " + r
    return line


def trf(*lines, head=("012 Test",)):
    return ("\n".join(head + lines) + "\n").encode()


def codes(data, sev=None):
    fs = validate_bytes(data, path="t.trf")
    return [f.code for f in fs if sev is None or f.severity is sev]


def find(data, code):
    return [f for f in validate_bytes(data, path="t.trf") if f.code == code]


GOOD = trf(row(1, "1.0", "1", ["   2 w 1"]), row(2, "0.0", "2", ["   1 b 0"]))


def test_a_consistent_file_has_no_findings():
    assert validate_bytes(GOOD, path="t.trf") == []


def test_opponent_not_naming_back():
    data = trf(row(1, "1.0", "1", ["   2 w 1"]), row(2, "0.0", "2", ["   3 b 0"]), row(3, "0.0", "3", ["   2 w 1"]))
    f = find(data, "opponent-mismatch")[0]
    assert str(f) == ("t.trf:2:92: error opponent-mismatch: player 1, round 1: opponent 2 names 3 in that round"
                      " (expected player 2 to name 1 in round 1; hint: one of the two round entries is wrong)")


def test_same_colours():
    data = trf(row(1, "1.0", "1", ["   2 w 1"]), row(2, "0.0", "2", ["   1 w 0"]))
    f = find(data, "colour-mismatch")[0]
    assert (f.severity, f.line, f.column) == (Severity.ERROR, 2, 97)
    assert "both have white" in f.message


def test_results_that_do_not_complement():
    data = trf(row(1, "1.0", "1", ["   2 w 1"]), row(2, "1.0", "2", ["   1 b 1"]))
    f = find(data, "result-mismatch")[0]
    assert (f.line, f.column, f.expected) == (2, 99, "'0'")


def test_double_forfeit_is_complementary():
    data = trf(row(1, "0.0", "1", ["   2 w -"]), row(2, "0.0", "2", ["   1 b -"]))
    assert codes(data) == []


def test_score_mismatch_names_declared_and_computed():
    # 1.5 for a win fits no standard point system (2.0 would be read as 2-1-0, issue 14)
    data = trf(row(1, "1.5", "1", ["   2 w 1"]), row(2, "0.0", "2", ["   1 b 0"]))
    f = find(data, "score-mismatch")[0]
    assert (f.line, f.column) == (2, 81)
    assert f.message == "player 1: declared points 1.5, results give 1.0"


def test_score_follows_the_file_scoring_system():
    data = trf(row(1, "3.0", "1", ["   2 w 1"]), row(2, "0.0", "2", ["   1 b 0"]), head=("012 T", "XXS W=3"))
    assert codes(data) == []


def test_blank_rounds_counted_half_get_a_hint():
    # player 2's 1.0 fits no point system, so nothing is inferred and player 1 gets the hint
    data = trf(row(1, "1.5", "1", ["0000 -  ", "   2 w 1"]), row(2, "1.0", "2", ["0000 -  ", "   1 b 0"]))
    f = find(data, "score-mismatch")[0]
    assert "blank result as a half-point bye" in f.hint


def test_blank_rounds_counted_half_by_every_total_are_read_as_the_icu_system():
    # issue 14: "The ICU files count a blank round as ½ point": when that is the one standard
    # point system every declared total fits, it is the file's system (no score errors)
    data = trf(row(1, "1.5", "1", ["0000 -  ", "   2 w 1"]), row(2, "0.5", "2", ["0000 -  ", "   1 b 0"]))
    assert "score-mismatch" not in codes(data)
    read = find(data, "read")[0]
    assert "fit the 1-½-0, blank round ½ (ICU) point system" in read.message


def test_duplicate_and_missing_numbers():
    data = trf(row(1, "0.0", "1"), row(1, "0.0", "2"), row(4, "0.0", "3"))
    dup = find(data, "duplicate-number")[0]
    assert (dup.line, dup.column) == (3, 5)
    assert find(data, "missing-number")[0].message == "no player with starting number 2, 3"


def test_unknown_opponent_and_self_pairing():
    data = trf(row(1, "1.0", "1", ["   9 w 1"]), row(2, "1.0", "2", ["   2 w 1"]))
    assert codes(data, Severity.ERROR) == ["unknown-opponent", "self-paired"]


def test_bye_code_next_to_an_opponent():
    data = trf(row(1, "1.0", "1", ["   2 - U"]), row(2, "0.0", "2"))
    f = find(data, "bye-with-opponent")[0]
    assert f.message == "player 1, round 1: bye code 'U' next to opponent 2"


def test_two_pabs_in_a_round_and_a_second_pab_for_one_player():
    data = trf(row(1, "2.0", "1", ["0000 - U", "0000 - U"]), row(2, "1.0", "2", ["0000 - U"]))
    assert find(data, "multiple-pab")[0].message == "round 1: 2 pairing-allocated byes (players 1, 2)"
    f = find(data, "second-pab")[0]
    assert (f.line, f.column) == (2, 102) and "C.04.1" in f.hint


def test_bad_result_code_rating_and_points_are_findings_not_crashes():
    data = trf(row(1, "x.5", "1", ["   2 w Q"], rating="19a0"), row(2, "0.0", "2", ["   1 b 0"]))
    got = {(f.code, f.line, f.column) for f in validate_bytes(data, path="t.trf")}
    assert {("bad-result-code", 2, 99), ("bad-rating", 2, 49), ("bad-points", 2, 81)} <= got


def test_implausible_rating_and_bad_birth_date_are_warnings():
    data = trf(row(1, "0.0", "1", rating="4000", birth="31.31.31"))
    assert codes(data, Severity.WARNING) == ["rating-range", "bad-date"]
    assert codes(data, Severity.ERROR) == []


def test_bad_dates_and_end_before_start():
    data = trf(row(1, "0.0", "1"), head=("012 T", "042 2026/03/10", "052 2026/03/01"))
    f = find(data, "date-order")[0]
    assert (f.line, f.expected) == (3, "a date on or after 2026-03-10")
    data = trf(row(1, "0.0", "1"), head=("012 T", "042 someday"))
    assert find(data, "bad-date")[0].line == 2


def test_rounds_beyond_the_declared_number():
    data = trf(row(1, "1.0", "1", ["   2 w 1", "0000 - Z"]), row(2, "0.0", "2", ["   1 b 0"]),
               head=("012 T", "XXR 1"))
    f = find(data, "rounds-exceeded")[0]
    assert (f.line, f.column) == (3, 102)


def test_declared_counts_and_unknown_players_in_records():
    data = trf(row(1, "0.0", "1"), head=("012 T", "062 5", "XXP 1 7", "XXZ 8"))
    assert codes(data) == ["count-mismatch", "unknown-player", "unknown-player"]


@pytest.mark.parametrize("data", [b"", b"\x00\x01\x02\xff" * 100, b'{"format": 1}', b"hello\nworld\n"])
def test_unreadable_input_raises_a_format_error_not_a_crash(data):
    from pairchk.errors import PairchkError

    with pytest.raises(PairchkError):
        validate_bytes(data, path="x.trf")


def test_short_lines_and_absurd_dates_do_not_crash():
    data = trf(row(1, "0.0", "1"), "01", head=("012 T", "042 99999999999999999999.01.01"))
    assert codes(data) == ["bad-date"]
