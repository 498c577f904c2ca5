"""Papi-JSON, SwissPerfect export and ICU foreign CSV: the shared samples read, bad input is
located, detection picks the right module."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from pairchk import formats
from pairchk.errors import FormatError
from pairchk.formats import icu_csv, papi_json, swissperfect
from pairchk.model import Color, Kind, RoundEntry

from shared_paths import shared


# ---------------------------------------------------------------- Papi-JSON


def test_papi_converter_example_reads_with_legacy_array_rounds():
    path = shared("samples", "json", "papi-converter-example.json")
    data = path.read_bytes()
    assert formats.detect(data, str(path)).NAME == "papi-json"
    t = formats.load(data, path=str(path)).tournament
    # issue 14: "players" is the registration order; Papi numbers players for pairing by
    # rating, then alphabetically (Armes and Plat both 1920)
    assert [p.name for p in t.players] == ["Armes, Timothy", "Plat, Sammy", "Aubry, Pascal",
                                           "Aubry, Youri"]
    # opponent is the 0-based index in "players"; B = blanc (white), N = noir (black)
    assert t.player(3).entries == (RoundEntry(Kind.LOSS, 4, Color.WHITE), RoundEntry(Kind.PAB))
    assert t.player(4).entry(1) == RoundEntry(Kind.WIN, 3, Color.BLACK)
    assert t.player(2).entry(1) == RoundEntry(Kind.FORFEIT_WIN, 1, Color.WHITE)
    assert t.player(1).entry(1) == RoundEntry(Kind.FORFEIT_LOSS, 2, Color.BLACK)
    assert t.player(3).birth == "1985/03/15" and t.player(3).rating == 1850
    assert t.start_date == "2024-01-15" and t.rounds == 7
    assert dict(t.player(3).extra)["email"] == "pascal.aubrey@sharly-chess.com"


def test_sharly_tec_direct_encounter_sample_reads_with_byes():
    path = shared("samples", "json", "sharly-papi-json-tec-direct-encounter-swiss.json")
    t = formats.load_path(str(path)).tournament
    assert len(t.players) == 16 and t.played_rounds == 9
    assert t.start_date == "2025-08-31"
    nick = t.player(12)
    assert [e.kind for e in nick.entries[:5]] == [Kind.LOSS, Kind.PAB, Kind.FORFEIT_WIN,
                                                  Kind.ABSENT, Kind.ABSENT]
    assert t.player(4).entry(2) == RoundEntry(Kind.HALF_BYE)  # colour F, no opponent, result 2
    assert t.score(3) == Decimal("6.5")
    # every game is seen from both sides with opposite colours
    for p in t.players:
        for r, e in enumerate(p.entries, 1):
            if e.opponent:
                back = t.player(e.opponent).entry(r)
                assert back.opponent == p.number and back.color is e.color.opposite


def test_papi_round_trip_keeps_extra_player_fields():
    path = shared("samples", "json", "papi-converter-example.json")
    t = formats.load_path(str(path)).tournament
    back = papi_json.load(papi_json.dump(t).data).tournament
    assert back.players == t.players


@pytest.mark.parametrize("doc, message", [
    ({"variables": {}, "players": [{"rounds": {"1": {"opponent": 5, "result": 3, "color": "B"}}}]},
     "p.json: $.players[0].rounds['1'].opponent: found 5 (expected the 0-based index of another player (0..0)"),
    ({"variables": {}, "players": [{"rounds": {"1": {"result": 15}}}]},
     "p.json: $.players[0].rounds['1'].result: found 15 (expected a result code 0..14"),
    ({"variables": {}, "players": [{"rounds": {"x": {}}}]},
     "p.json: $.players[0].rounds['x']: round 'x' (expected a round number 1..99"),
    ({"variables": {}, "players": [{"rounds": [{"color": "Q", "result": 1}]}]},
     "p.json: $.players[0].rounds['1'].color: found 'Q' (expected B (white), N (black), F or R"),
])
def test_papi_bad_input(doc, message):
    with pytest.raises(FormatError) as exc:
        papi_json.load(json.dumps(doc).encode(), path="p.json")
    assert str(exc.value).startswith(message)


def test_papi_invalid_json_has_line_and_column():
    with pytest.raises(FormatError, match=r"^p.json:2:1: not valid JSON"):
        papi_json.load(b'{"variables": {},\n}', path="p.json")


# ---------------------------------------------------------------- SwissPerfect


def test_swissperfect_gonzaga_sample_reads_and_totals_agree():
    path = shared("samples", "csv-txt", "swissperfect-export-gonzaga-challengers-2010.txt")
    data = path.read_bytes()
    assert formats.detect(data, str(path)).NAME == "swissperfect"  # not TRF despite .txt
    loaded = formats.load(data, path=str(path))
    t = loaded.tournament
    assert len(t.players) == 56 and t.played_rounds == 6
    assert all(t.score(p.number) == p.points for p in t.players)
    assert t.player(4).entry(1) == RoundEntry(Kind.FORFEIT_WIN, 30)
    assert t.player(13).entry(1) == RoundEntry(Kind.HALF_BYE)  # " 0:="
    assert t.player(3).entries[:2] == (RoundEntry(Kind.ZERO_BYE), RoundEntry(Kind.ABSENT))
    assert t.player(1).national_id == "1794"
    assert [str(w) for w in loaded.warnings] == [
        f"{path}: warning: SwissPerfect exports carry no colours; games are read without colours"]


@pytest.mark.parametrize("text, message", [
    (b"No\tName\t1\n\n1\tA\t2:Q\n", "s.txt:3:5: round 1: cell '2:Q'"),
    (b"No\tName\t1\n\n1\tA\t7:W\n", "s.txt:3: player 1 round 1: opponent 7 not in the list"),
    (b"No\tName\t1\t3\n\n1\tA\t:\t:\n", "s.txt:1: round columns [1, 3]"),
])
def test_swissperfect_bad_input(text, message):
    with pytest.raises(FormatError) as exc:
        swissperfect.load(text, path="s.txt")
    assert str(exc.value).startswith(message)


# ---------------------------------------------------------------- ICU foreign CSV


def test_icu_foreign_csv_sample_reads_and_links_two_icu_players():
    path = shared("samples", "csv-txt", "icu-foreign-csv-isle-of-man-2007.csv")
    data = path.read_bytes()
    assert formats.detect(data, str(path)).NAME == "icu-csv"
    t = formats.load(data, path=str(path)).tournament
    fox, cafolla = t.player(1), t.player(4)
    assert (fox.name, fox.national_id, fox.points) == ("Fox, Anthony", "456", Decimal(4))
    assert (cafolla.name, cafolla.national_id, cafolla.points) == ("Cafolla, Peter", "159", Decimal(3))
    # round 3: Fox (black) drew Cafolla (white); listed in both blocks, read once
    assert fox.entry(3) == RoundEntry(Kind.DRAW, 4, Color.BLACK)
    assert cafolla.entry(3) == RoundEntry(Kind.DRAW, 1, Color.WHITE)
    assert fox.entry(6) == RoundEntry(Kind.ZERO_BYE)
    assert fox.rating == 2100 and cafolla.rating == 2048  # from the other player's block
    assert t.score(1) == Decimal(4) and t.score(4) == Decimal(3)
    assert t.end_date == "2007-09-30" and t.rounds == 9


@pytest.mark.parametrize("text, message", [
    (b"Event,E\nRounds,1\n\nPlayer,1,A,B\n1,2,W,C,D,2000,,ENG\nTotal,1\n",
     "i.csv:5:2: found '2' (expected a score 1, 0 or ="),
    (b"Event,E\nRounds,1\n\nPlayer,1,A,B\n1,1,W,C,D,2000,,\nTotal,1\n",
     "i.csv:5:8: found a blank cell (expected the opponent's federation"),
    (b"Event,E\nRounds,2\n\nPlayer,1,A,B\n1,1,W,C,D,2000,,ENG\n",
     "i.csv:5: the file ends early (expected a result for round 2"),
])
def test_icu_csv_bad_input(text, message):
    with pytest.raises(FormatError) as exc:
        icu_csv.load(text, path="i.csv")
    assert str(exc.value).startswith(message)


@pytest.mark.parametrize("fmt", ["papi-json", "chess-json", "json", None])
def test_deeply_nested_json_is_a_located_error_not_a_recursion_error(fmt):
    from pairchk import formats

    data = b'{"filetype": "Event", "variables": ' + b"[" * 200_000
    with pytest.raises(FormatError, match=r"^deep.json:1:1: JSON nested too deeply"):
        formats.load(data, path="deep.json", fmt=fmt)


def test_icu_csv_total_that_fits_no_point_system_is_kept_with_a_warning():
    # issue 14: a declared total is the organiser's number; it is kept and the reader says
    # that no standard point system gives it (validate then lists the difference)
    from pairchk import formats

    text = b"Event,E\nRounds,1\n\nPlayer,1,A,B\n1,1,W,C,D,2000,,ENG\nTotal,0\n"
    loaded = formats.load(text, path="i.csv", fmt="icu-csv")
    assert loaded.tournament.players[0].points == Decimal(0)
    assert any("the declared totals fit no standard point system" in w.message
               and "player 1 declares 0, the results give 1" in w.message for w in loaded.warnings)
