"""Swiss-Chess CSV, Excel and Chess-JSON: reading what people and other programs write,
clear errors for bad input, and the ``pairchk formats`` command."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairchk import formats
from pairchk.cli import app
from pairchk.errors import FormatError
from pairchk.formats import chess_json, csv_swiss, xlsx
from pairchk.model import Color, ForbiddenPair, Kind, Player, RoundEntry, Status, Tournament

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def small() -> Tournament:
    return Tournament(name="Klubturnier", players=(
        Player(1, "Groß, Jürgen", rating=1900, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
        Player(2, "Weiß, Eva", sex="w", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),)),
        Player(3, "Frei, Franz", entries=(RoundEntry(Kind.PAB),), status=Status.WITHDRAWN),
    ))


# ---------------------------------------------------------------- CSV


def test_csv_is_cp1252_semicolon_german_by_default():
    data = csv_swiss.dump(small()).data
    text = data.decode("cp1252")
    assert text.splitlines()[1].startswith("Nr;Name;Verein;Land;Elo;DWZ;Titel;Geburtsdatum;ZPS")
    assert "Groß,Jürgen" in text
    assert "zurückgezogen" in text
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")


def test_csv_reads_utf8_comma_english_headers_in_any_order():
    text = (
        "Name,No,Rating,Federation,Points,R1 Opponent,R1 Colour,R1 Result,Remarks\n"
        "\"Groß,Jürgen\",1,1900,GER,1,2,W,1,top seed\n"
        "\"Weiß, Eva\",2,,AUT,\"0\",1,B,0,\n"
    )
    loaded = csv_swiss.load(text.encode("utf-8"), path="en.csv")
    t = loaded.tournament
    assert [p.name for p in t.players] == ["Groß, Jürgen", "Weiß, Eva"]
    assert t.player(2).entry(1) == RoundEntry(Kind.LOSS, 1, Color.BLACK)
    assert t.player(1).rating == 1900 and t.player(1).points == Decimal(1)
    assert [str(w) for w in loaded.warnings] == [
        "en.csv:1: warning: unknown column 'Remarks' (column 9) ignored"]


def test_csv_german_points_and_half_draws():
    text = "Nr;Name;Punkte;Rd1 Gegner;Rd1 Farbe;Rd1 Erg\n1;A,B;0,5;2;W;½\n2;C,D;½;1;S;=\n"
    t = csv_swiss.load(text.encode("cp1252")).tournament
    assert t.player(1).points == Decimal("0.5") == t.player(2).points
    assert t.player(2).entry(1) == RoundEntry(Kind.DRAW, 1, Color.BLACK)


@pytest.mark.parametrize("text, message", [
    ("Nr;Name;Rd1 Gegner;Rd1 Farbe;Rd1 Erg\n1;A;2;W;Q\n2;B;1;S;0\n",
     "x.csv:2:5: round 1: result 'Q' (expected one of 1 ½ 0 + - W D L U F H Z)"),
    ("Nr;Name;Elo\n1;A;20x0\n",
     "x.csv:2:3: rating '20x0' is not a whole number (expected a whole number)"),
    ("Nr;Name;Rd1 Gegner;Rd1 Farbe;Rd1 Erg\n1;A;9;W;1\n",
     "x.csv:2: player 1 round 1: opponent 9 is not in the list"),
    ("Nr;Name\n1;A\n1;B\n", "x.csv:3:1: starting number 1 appears twice (also line 2)"),
    ("Name;Elo\nA;1000\n", "x.csv:1: no 'Nr'/'No' column in the header"),
    ("Nr;Name;Rd1 Gegner;Rd1 Farbe;Rd1 Erg\n1;A;2;grün;1\n2;B;1;S;0\n",
     "x.csv:2:4: round 1: colour 'grün' (expected W, S (or B) or -)"),
])
def test_csv_bad_input_names_line_column_and_expectation(text, message):
    with pytest.raises(FormatError) as exc:
        csv_swiss.load(text.encode("utf-8"), path="x.csv")
    assert str(exc.value).startswith(message)


def test_csv_falls_back_to_utf8_when_cp1252_cannot_hold_a_name():
    t = Tournament(players=(Player(1, "Nguyễn, Văn"),))
    d = csv_swiss.dump(t)
    assert d.data.startswith(b"\xef\xbb\xbf")
    assert "cannot be written in cp1252" in str(d.warnings[0])
    assert csv_swiss.load(d.data).tournament.player(1).name == "Nguyễn, Văn"


def test_csv_english_output_reads_back():
    t = small()
    d = csv_swiss.dump(t, language="en")
    assert d.data.decode("cp1252").splitlines()[1].startswith("No;Name;Club;Federation;Rating")
    back = csv_swiss.load(d.data).tournament
    assert back.player(3).status is Status.WITHDRAWN
    assert back.player(1).entries == t.player(1).entries


def test_csv_column_description_file_matches_the_module():
    path = ROOT / "formats" / "csv-swiss.columns.json"
    assert json.loads(path.read_text(encoding="utf-8")) == csv_swiss.columns_description()


@pytest.mark.parametrize("data", [
    b"012 Some TRF\r\n001    1      A",
    b"No\tName\tLoc Id\tTotal\t 1\n1\tX\t1\t0\t 0:-\n",  # SwissPerfect tab export
    b"Event,\"Isle of Man\"\nStart,2007-09-22\n\nPlayer,456,Fox,Anthony\n",  # ICU foreign CSV
    b'{"filetype": "Event"}',
])
def test_csv_detection_is_strict(data):
    assert not csv_swiss.detect(data)


# ---------------------------------------------------------------- Excel


def test_xlsx_cells_starting_with_formula_characters_are_text():
    from openpyxl import load_workbook

    t = Tournament(name="=HYPERLINK(\"http://x\")", players=(
        Player(1, "@SUM(A1)", club="+49 club", entries=(RoundEntry(Kind.FORFEIT_WIN, 2, Color.WHITE),)),
        Player(2, "-minus", entries=(RoundEntry(Kind.FORFEIT_LOSS, 1, Color.BLACK),)),
    ))
    data = xlsx.dump(t).data
    wb = load_workbook(io.BytesIO(data))
    cells = [c for ws in wb.worksheets for row in ws.iter_rows() for c in row
             if isinstance(c.value, str) and c.value[:1] in "=+-@"]
    assert {c.value for c in cells} >= {"=HYPERLINK(\"http://x\")", "@SUM(A1)", "+49 club", "-minus", "+:-"}
    assert all(c.data_type == "s" and c.quotePrefix for c in cells)
    back = xlsx.load(data).tournament
    assert back.name == t.name and back.player(1).name == "@SUM(A1)"


def test_xlsx_accepts_hand_edits_and_ignores_extra_columns():
    from openpyxl import load_workbook

    wb = load_workbook(io.BytesIO(xlsx.dump(small()).data))
    ws = wb["Players"]
    ws.cell(row=1, column=20, value="Notes")
    ws.cell(row=2, column=20, value="paid")
    ws.cell(row=3, column=5, value="1850")  # rating typed as text
    rounds = wb["Rounds"]
    rounds.append([None, None, None, None, None])  # an empty row is skipped
    rounds.append([2, 1, "2", 1.0, "0.5-0.5"])  # numbers as text and float, decimal draw
    buf = io.BytesIO()
    wb.save(buf)
    t = xlsx.load(buf.getvalue()).tournament
    assert t.player(2).rating == 1850
    assert t.player(2).entry(2) == RoundEntry(Kind.DRAW, 1, Color.WHITE)
    assert t.player(1).entry(2) == RoundEntry(Kind.DRAW, 2, Color.BLACK)


def test_xlsx_bad_cell_is_reported_as_sheet_and_cell():
    from openpyxl import load_workbook

    wb = load_workbook(io.BytesIO(xlsx.dump(small()).data))
    wb["Rounds"]["E2"] = "1-1-0"
    buf = io.BytesIO()
    wb.save(buf)
    with pytest.raises(FormatError) as exc:
        xlsx.load(buf.getvalue(), path="t.xlsx")
    assert str(exc.value).startswith("t.xlsx: Rounds!E2: result '1-1-0' (expected 1-0, ½-½, 0-1")


def test_xlsx_not_a_workbook():
    with pytest.raises(FormatError, match="not a readable .xlsx workbook"):
        xlsx.load(b"PK\x03\x04garbage", path="t.xlsx")
    assert not xlsx.detect(b"PK\x03\x04garbage")


# ---------------------------------------------------------------- Chess-JSON


def test_chess_json_uses_tiebreakserver_names_and_codes():
    doc = json.loads(chess_json.dump(small(), published="2026-01-01").data)
    assert doc["filetype"] == "Event" and doc["version"] == "1.0"
    ev = doc["event"]
    games = ev["tournaments"][0]["gameList"]
    assert games[0] == {"round": 1, "board": 1, "white": 1, "black": 2, "wResult": "W",
                        "bResult": "L", "played": True, "rated": True}
    assert games[1] == {"round": 1, "white": 3, "black": 0, "wResult": "P", "played": False,
                        "rated": False}
    comp = ev["tournaments"][0]["competitors"][2]
    assert comp["present"] is False and comp["cid"] == 3
    assert ev["profiles"][0]["lastName"] == "Groß" and ev["profiles"][0]["firstName"] == "Jürgen"


def test_chess_json_reads_the_newer_per_side_objects_and_rating_objects():
    doc = {"filetype": "Event", "version": "1.0", "origin": "x", "published": "",
           "event": {"eventName": "E", "profiles": [
               {"id": 1, "lastName": "A", "firstName": "B", "sex": "m", "federation": "NOR",
                "rating": [{"list": "TRF", "rating": 2000}]},
               {"id": 2, "lastName": "C", "firstName": "D", "sex": "f", "federation": "NOR"}],
               "tournaments": [{"tournamentNo": 1, "competitors": [
                   {"cid": 1, "profileId": 1}, {"cid": 2, "profileId": 2}],
                   "scoreSystem": {"game": {"W": 3, "D": 1, "L": 0, "Z": 0, "P": "W"}},
                   "gameList": [{"round": 1, "white": {"cid": 2, "result": "W"},
                                 "black": {"cid": 1, "result": "Z"}, "played": False}]}]}}
    t = chess_json.load(json.dumps(doc).encode()).tournament
    assert t.player(1).rating == 2000 and t.player(2).sex == "w"
    assert t.player(2).entry(1) == RoundEntry(Kind.FORFEIT_WIN, 1, Color.WHITE)
    assert t.scoring.win == 3 and t.score(2) == 3


@pytest.mark.parametrize("text, message", [
    (b'{"filetype": "Event", "event": {"tournaments": [', "j.json:1:"),
    (b'{"filetype": "Event", "event": {"tournaments": []}}', "j.json: $.event.tournaments: no tournament"),
    (b'{"filetype": "Event", "event": {"tournaments": [{"competitors": [{"cid": 1}],'
     b' "gameList": [{"round": 1, "white": 1, "black": 7, "wResult": "W"}]}]}}',
     "j.json: $.event.tournaments[0].gameList[0].black: competitor 7 not found"),
    (b'{"filetype": "Event", "event": {"tournaments": [{"competitors": [{"cid": 1}, {"cid": 2}],'
     b' "gameList": [{"round": 1, "white": 1, "black": 2, "wResult": "X"}]}]}}',
     "j.json: $.event.tournaments[0].gameList[0].wResult: found 'X' (expected one of W D L Z"),
])
def test_chess_json_bad_input(text, message):
    with pytest.raises(FormatError) as exc:
        chess_json.load(text, path="j.json")
    assert str(exc.value).startswith(message)


# ---------------------------------------------------------------- registry and CLI


def test_formats_command_lists_every_format_with_what_it_cannot_carry():
    result = runner.invoke(app, ["formats", "--format", "json"])
    assert result.exit_code == 0
    rows = {r["name"]: r for r in json.loads(result.stdout)}
    assert set(rows) == set(formats.names())
    assert rows["csv"]["read"] and rows["csv"]["write"] and rows["csv"]["extensions"] == [".csv"]
    assert "tournament.forbidden_pairs" in rows["csv"]["cannot_carry"]
    assert rows["xlsx"]["cannot_carry"] == xlsx.CANNOT_CARRY
    text = runner.invoke(app, ["formats"])
    assert text.exit_code == 0
    assert "csv            read/write  .csv" in text.stdout
    assert "    cannot carry tournament.forbidden_pairs: forbidden pairs" in text.stdout


def test_formats_command_rejects_an_unknown_output_format():
    result = runner.invoke(app, ["formats", "--format", "yaml"])
    assert result.exit_code == 2
    assert "unknown output format 'yaml'; known: text, json" in result.output


def test_xlsx_layout_description_file_matches_the_module():
    path = ROOT / "formats" / "xlsx.sheets.json"
    assert json.loads(path.read_text(encoding="utf-8")) == xlsx.sheets_description()


def test_convert_lists_what_the_target_cannot_carry(tmp_path):
    src = tmp_path / "in.xlsx"
    t = small().replace(forbidden_pairs=(ForbiddenPair((1, 2)),))
    src.write_bytes(xlsx.dump(t).data)
    out = tmp_path / "out.csv"
    result = runner.invoke(app, ["convert", str(src), str(out)])
    assert result.exit_code == 0, result.output
    assert "warning: csv cannot carry tournament.forbidden_pairs (forbidden pairs): 1 dropped" in result.output
    back = csv_swiss.load(out.read_bytes()).tournament
    assert back.players == csv_swiss.load(csv_swiss.dump(t).data).tournament.players
    out2 = tmp_path / "out.jch"
    result = runner.invoke(app, ["convert", str(out), str(out2)])
    assert result.exit_code == 0, result.output
    assert chess_json.load(out2.read_bytes()).tournament.player(3).status is Status.WITHDRAWN


def test_convert_of_a_broken_csv_exits_3_with_the_location(tmp_path):
    src = tmp_path / "bad.csv"
    src.write_bytes(b"Nr;Name;Elo\n1;A;abc\n")
    result = runner.invoke(app, ["convert", str(src), str(tmp_path / "o.xlsx")])
    assert result.exit_code == 3
    assert f"{src}:2:3: rating 'abc' is not a whole number" in result.output


def test_chess_json_forfeit_without_colours_is_two_one_sided_white_records():
    # TieBreakServer's trf2json writes the TRF forfeit "13 - -" / "153 - +" of its FIDE example
    # as {white: 13, black: 153, wResult: Z} and {white: 153, black: 13, wResult: W}
    t = Tournament(players=(Player(13, entries=(RoundEntry(Kind.FORFEIT_LOSS, 153),)),
                            Player(153, entries=(RoundEntry(Kind.FORFEIT_WIN, 13),))))
    games = json.loads(chess_json.dump(t).data)["event"]["tournaments"][0]["gameList"]
    assert [(g["white"], g["black"], g["wResult"], g["played"], "bResult" in g) for g in games] == [
        (13, 153, "Z", False, False), (153, 13, "W", False, False)]
    back = chess_json.load(chess_json.dump(t).data)
    assert back.tournament.players == t.players and back.warnings == []


def test_csv_reads_a_headerless_swiss_chess_player_list():
    # column order of the Swiss-Chess import list (.lst) as schach-in/modules-swisschess writes it
    data = ('"Müller,Jörg",SK Zugzwang,GER,2301,2250,FM,17.05.1980,12345,4611111,123,m,,NRW,'
            'C0327,123,,,,person_id=5\r\n'
            '"Weiß,Eva",SK Zugzwang,GER,,1650,,01.02.2001,,,124,w,N,NRW,C0327,124,,,,\r\n'
            ).encode("cp1252")
    loaded = csv_swiss.load(data, path="teilnehmer.lst")
    a, b = loaded.tournament.players
    assert (a.number, a.name, a.rating, a.national_rating, a.title, a.birth, a.fide_id, a.sex,
            a.national_id) == (1, "Müller, Jörg", 2301, 2250, "FM", "1980/05/17", "4611111", "m",
                               "C0327-123")
    assert dict(a.extra)["PKZ"] == "12345" and dict(b.extra)["Selektionszeichen"] == "N"
    assert (b.number, b.rating, b.sex) == (2, None, "w")
    assert "numbered in file order" in str(loaded.warnings[0])
    with pytest.raises(FormatError, match=r"^x.lst:1:4: Elo 'zwei' is not a whole number"):
        csv_swiss.load(b'"A,B",Club,GER,zwei\r\n', path="x.lst")
