"""DeWIS XML and the ELOBASE text: the older DSB submission formats (layouts after CLM)."""

import pytest

from pairchk import formats
from pairchk.errors import FormatError
from pairchk.formats import dewis_xml, elobase
from pairchk.formats._dsb import MissingDataError
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament

from shared_paths import shared


def madrid() -> Tournament:
    t = formats.load_path(str(shared("samples", "trf16", "madrid-torneo-san-viator-2018-B.trf"))).tournament
    return t.replace(start_date="2018-04-08", end_date="2018-06-10")


def games_of(t: Tournament) -> set:
    return {(r, p.number, e.kind, e.opponent) for p in t.players for r, e in enumerate(p.entries, 1)
            if e.kind.has_opponent}


@pytest.mark.parametrize("fmt", ["elobase", "dewis-xml"])
def test_madrid_round_trip_keeps_every_game(fmt):
    t = madrid()
    dumped = formats.dump(t, fmt)
    assert formats.detect(dumped.data).NAME == fmt
    back = formats.load(dumped.data).tournament
    assert len(back.players) == 137
    expected = games_of(t)
    if fmt == "elobase":  # forfeits carry no colour in ELOBASE
        assert games_of(back) == expected
        assert (back.city, back.start_date, back.end_date) == ("Madrid", "2018-04-08", "2018-06-10")
        assert back.time_control == t.time_control and back.player(1).birth == "1981"
    else:
        assert games_of(back) == expected
        assert back.player(5).entry(1) == RoundEntry(Kind.FORFEIT_WIN, 68, t.player(5).entry(1).color)
    assert f"warning: {fmt} cannot carry entries.byes (byes H/F/Z/U (no games: left out, read back as absences)): 137 dropped" in [
        str(w) for w in dumped.warnings]
    assert back.player(1).entry(1).kind is Kind.ABSENT  # the Z of round 1, before a game in round 3


def test_elobase_columns():
    line = formats.dump(madrid(), "elobase").data.decode("latin-1").splitlines()[5]
    assert line.startswith("   2.  11 San Felipe Gonzalez, Tomas")
    assert line[133:].startswith(" 1W 65 1B 40 1W 33 1B 39 RW 36")
    assert len(line) == 133 + 7 * 6


def test_missing_data_for_the_legacy_formats():
    t = Tournament(name="x", players=(Player(1, "A, B"), Player(2, "C, D", birth="1990")))
    with pytest.raises(MissingDataError) as exc:
        elobase.dump(t)
    assert [g.split(" (")[0] for g in exc.value.gaps] == [
        "time control", "place", "start date", "end date", "player 1"]
    with pytest.raises(MissingDataError) as exc:  # DeWIS has no place, start or time control
        dewis_xml.dump(t)
    assert [g.split(" (")[0] for g in exc.value.gaps] == ["end date", "player 1"]


def test_elobase_bad_token_is_located():
    data = formats.dump(madrid(), "elobase").data.replace(b" 1W 65", b" 1Q 65", 1)
    with pytest.raises(FormatError, match=r"^e\.swi:6:134: round 1: token ' 1Q 65'"):
        elobase.load(data, path="e.swi")


def test_dewis_bad_result_is_located():
    t = Tournament(name="x", end_date="2026-01-01", rounds=1, players=(
        Player(1, "A, B", birth="1980", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
        Player(2, "C, D", birth="1990", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
    data = dewis_xml.dump(t).data.replace(b"<result>1:0</result>", b"<result>2:0</result>")
    with pytest.raises(FormatError, match=r"^d\.xml:\d+: game round 1: result '2:0'"):
        dewis_xml.load(data, path="d.xml")
