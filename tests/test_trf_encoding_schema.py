"""Encodings, line ends, the shipped schema, and dates."""

import dataclasses
import json

import pytest

from pairchk import formats, model
from pairchk.formats import json_model
from pairchk.dates import iso_date, iso_event_dates, iso_round_dates

from shared_paths import ROOT

P1 = "001    1      Müller, Jörg".ljust(80) + " 1.0    1     2 w 1"
P2 = "001    2      Ståhl, Åsa".ljust(80) + " 0.0    2     1 b 0"


def test_mixed_line_ends_and_bom_are_read():
    data = b"\xef\xbb\xbf012 T\r\n" + P1.encode() + b"\r" + P2.encode() + b"\n"
    loaded = formats.load(data)
    assert [p.name for p in loaded.tournament.players] == ["Müller, Jörg", "Ståhl, Åsa"]
    assert loaded.meta["bom"] is True and loaded.warnings == []


def test_latin1_file_is_read_with_a_warning_naming_the_encoding():
    data = ("012 T\r\n" + P1 + "\r\n" + P2 + "\r\n").encode("cp1252")
    loaded = formats.load(data, path="x.trf")
    assert loaded.tournament.player(1).name == "Müller, Jörg"
    assert [str(w) for w in loaded.warnings] == [
        "x.trf:2: warning: file is not UTF-8 (first bad byte at offset 22); read as cp1252"]
    assert loaded.meta["encoding"] == "cp1252"


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"])
def test_line_ends_are_kept_when_writing_back(newline):
    data = newline.join(["012 T", P1, P2, ""]).encode()
    loaded = formats.load(data)
    assert loaded.meta["newline"] == newline
    assert formats.dump(loaded.tournament, "trf", **loaded.meta["dump_options"]).data == data


def test_unknown_records_and_comments_are_carried_in_place():
    data = "\n".join(["### made by hand", "012 T", "DDD SSSS ruler", P1, "XYZ whatever", P2, ""]).encode()
    loaded = formats.load(data)
    assert loaded.tournament.extra_records == ("DDD SSSS ruler", "XYZ whatever")
    out = formats.dump(loaded.tournament, loaded.meta["version"], **loaded.meta["dump_options"])
    assert out.data == data
    again = formats.dump(formats.load(formats.dump(loaded.tournament, "json").data).tournament, "trf26")
    assert b"DDD SSSS ruler\nXYZ whatever\n" in again.data and again.data.startswith(b"### made by hand\n")


def test_packaged_schema_is_the_documented_one():
    shipped = (ROOT / "pairchk" / "data" / "tournament.schema.json").read_text()
    documented = (ROOT / "formats" / "tournament.schema.json").read_text()
    assert shipped == documented
    assert json_model.schema() == json.loads(documented)


def _model_classes():
    return [c for c in vars(model).values()
            if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == model.__name__]


def test_schema_names_every_model_field():
    defs = json_model.schema()["$defs"]
    names = {"Tournament": "tournament", "Player": "player", "ScoreSystem": "scoring",
             "Acceleration": "acceleration", "ForbiddenPair": "forbidden_pair", "DeclaredBye": "declared_bye",
             "Team": "team", "Lineup": "lineup", "TeamMatch": "team_match", "AbnormalPoints": "abnormal_points",
             "NationalRating": "national_rating", "RoundEntry": "entry"}
    for cls in _model_classes():
        props = defs[names[cls.__name__]]["properties"]
        for f in dataclasses.fields(cls):
            key = {"entries": "rounds"}.get(f.name, f.name)
            if cls is model.RoundEntry and f.name == "kind":
                key = "result"
            assert key in props, f"{cls.__name__}.{f.name} is missing from tournament.schema.json"
    assert set(defs["entry"]["properties"]["result"]["enum"]) == {k.name.lower() for k in model.Kind}


def test_json_errors_name_the_path():
    from pairchk.errors import FormatError

    bad = b'{"format": "pairchk-tournament", "version": 1, "tournament": {"players": [{"number": 1, "rounds": [{"result": "won"}]}]}}'
    with pytest.raises(FormatError, match=r"\$\.tournament\.players\[0\]\.rounds\[0\]\.result: 'won' is not one of"):
        formats.load(bad)


def test_dates():
    assert iso_date("1987/00/00") == ""
    assert iso_round_dates(("10.09.13", "10.09.25", "10.10.16")) == ("2010-09-13", "2010-09-25", "2010-10-16")
    assert iso_round_dates(("24/01/01", "24/01/02")) == ("2024-01-01", "2024-01-02")  # TRF16: YY/MM/DD
    assert iso_event_dates("10.09.13", "11.03.13", ("2010-09-13", "2011-01-08")) == ("2010-09-13", "2011-03-13")
    assert iso_event_dates("08/04/2018", "10/06/2018") == ("", "")  # day/month order unknown


def test_the_record_table_lists_every_record_the_reader_knows():
    from pairchk.formats import trf

    rows = (ROOT / "formats" / "trf-records.tsv").read_text().splitlines()
    header, rows = rows[0].split("\t"), [r.split("\t") for r in rows[1:]]
    assert all(len(r) == len(header) for r in rows)
    listed = {r[0] for r in rows}
    assert trf._KNOWN <= listed
    assert {"XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "NRS", "###"} <= listed


def test_repeated_records_and_disagreeing_team_records_are_warned():
    data = b"012 First\n012 Second\n" + P1.encode() + b"\n" + P2.encode() + b"\n013 A                                   1    2\n" \
        + b"310   1 B                                                                1    2\n"
    loaded = formats.load(data, path="r.trf")
    assert loaded.tournament.name == "Second"
    assert [str(w) for w in loaded.warnings] == [
        "r.trf:2: warning: record 012 repeated (first on line 1); the value 'First' is replaced by 'Second'",
        "r.trf:5: warning: team records 013 and 310 disagree; 310 is used",
    ]
