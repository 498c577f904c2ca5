from decimal import Decimal
from pathlib import Path

import pytest

from pairchk import formats
from pairchk.errors import FormatError
from pairchk.model import Color, Kind

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def test_reads_cr_only_corpus_file_with_points_matching_results():
    t = formats.load_path(str(FIX / "dutch_p008_r06.trf")).tournament
    assert len(t.players) == 8 and t.played_rounds == 6
    assert t.system == "FIDE_DUTCH_2025"  # generator writes the TRF26 code into 092
    p5 = t.player(5)
    assert p5.entry(4).kind is Kind.ZERO_BYE and p5.entry(4).opponent is None
    assert t.player(3).entry(1) == t.player(3).entry(1).__class__(Kind.FORFEIT_LOSS, 7, Color.WHITE)
    assert all(t.score(p.number) == p.points for p in t.players)


def test_bad_result_code_names_line_and_column():
    line = "001    1      A".ljust(80) + " 1.0    1     2 w Q"
    assert line[98] == "Q"  # column 99
    data = b"012 X\n" + line.encode() + b"\n"
    with pytest.raises(FormatError) as exc:
        formats.get("trf").load(data, path="x.trf")
    assert str(exc.value).startswith("x.trf:2:99: round 1: unknown result code 'Q'")


def test_acceleration_and_scoring_records():
    data = (
        b"012 X\n162  W 2.0    D 1.0\n"
        b"250       2.0   1   2    1    2\n250       1.0   3   4    1    2\n"
    )
    t = formats.get("trf").load(data).tournament
    assert t.scoring.win == Decimal(2) and t.scoring.draw == Decimal(1)
    acc = {a.player: a.points for a in t.acceleration}
    assert acc[1] == (Decimal(2), Decimal(2), Decimal(1), Decimal(1))
