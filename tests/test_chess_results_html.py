from decimal import Decimal

import pytest

from pairchk import formats
from pairchk.errors import FormatError
from pairchk.formats import chess_results_html as crh
from pairchk.model import Color, Kind, RoundEntry

from shared_paths import ROOT, shared

FROME = ROOT / "fixtures" / "chess-results-frome2026-crosstable.html"


def test_frome_crosstable():
    loaded = formats.load_path(str(FROME))
    t = loaded.tournament
    assert loaded.warnings == []
    assert t.name == "Frome Chess Congress 2026 - Standard"
    assert len(t.players) == 31 and t.rounds == 5 and t.played_rounds == 5
    assert t.player(1).entry(1) == RoundEntry(Kind.DRAW, 17, Color.WHITE)
    assert t.player(7).entry(1).kind is Kind.HALF_BYE
    assert t.player(23).entry(2) == RoundEntry(Kind.FORFEIT_WIN, 9, Color.WHITE)
    assert t.player(9).entry(2) == RoundEntry(Kind.FORFEIT_LOSS, 23, Color.BLACK)
    assert t.player(30).entry(1).kind is Kind.PAB  # the round's only "-1"
    assert t.player(2).entry(2).kind is Kind.ABSENT  # withdrew after round 1
    assert all(t.score(p.number) == p.points for p in t.players)


def test_british_championship_crosstable():
    t = formats.load_path(str(shared("samples", "chess-results-html", "british2026_champ_crosstable_final.html"))).tournament
    assert len(t.players) == 108 and t.rounds == 9
    assert (t.city, t.start_date, t.end_date, t.chief_arbiter) == (
        "University of Warwick, Panorama Suite", "2026-08-01", "2026-08-09", "IA Lara Barnes")
    p1 = t.player(1)
    assert (p1.name, p1.title, p1.rating, p1.points, p1.rank) == ("Mcshane Luke J", "GM", 2597, Decimal(6), 4)
    assert p1.entry(9) == RoundEntry(Kind.PENDING, 13, Color.BLACK)  # last round without results
    assert t.player(62).entry(8) == RoundEntry(Kind.FORFEIT_LOSS, 100, Color.WHITE)
    assert t.player(100).entry(8) == RoundEntry(Kind.FORFEIT_WIN, 62, Color.BLACK)
    assert all(t.score(p.number) == p.points for p in t.players)


def test_asymmetric_cells_are_a_located_error():
    bad = FROME.read_bytes().replace(b"> 17w&frac12;<", b"> 18w&frac12;<", 1)
    with pytest.raises(FormatError, match=r"^f\.html:\d+: round 1: player 1 has opponent 18"):
        crh.load(bad, path="f.html")


def test_unreadable_cell_names_line_and_column():
    bad = FROME.read_bytes().replace(b"> 26b1<", b"> 26q1<", 1)
    with pytest.raises(FormatError, match=r"^f\.html:\d+:7: player 1 round 2: cell '26q1' not understood"):
        crh.load(bad, path="f.html")


def test_page_without_crosstable():
    with pytest.raises(FormatError, match="no crosstable"):
        crh.load(b"<html><body><p>nothing</p></body></html>", path="x.html")


def test_detect_is_strict():
    assert crh.detect(FROME.read_bytes())
    assert not crh.detect(b"<html><body>hello</body></html>")
    assert not crh.CAN_WRITE


def test_german_page_columns():
    page = '''<html><body><h2>Vereinsturnier</h2><table class="CRs1">
    <tr><th>Nr.</th><th></th><th>Name</th><th>Elo</th><th>Land</th><td>1.Rd</td><td>2.Rd</td><th>Rg.</th><th>Pkt.</th></tr>
    <tr><td>1</td><td>FM</td><td>Meier Hans</td><td>2200</td><td>GER</td><td>2s1</td><td>-½</td><td>1</td><td>1,5</td></tr>
    <tr><td>2</td><td></td><td>Schulz Eva</td><td>1900</td><td>GER</td><td>1w0</td><td>-0</td><td>2</td><td>0</td></tr>
    </table></body></html>'''.encode()
    t = crh.load(page).tournament
    p1 = t.player(1)
    assert (p1.title, p1.rating, p1.federation, p1.rank, p1.points) == ("FM", 2200, "GER", 1, Decimal("1.5"))
    assert p1.entry(1) == RoundEntry(Kind.WIN, 2, Color.BLACK) and p1.entry(2).kind is Kind.HALF_BYE
