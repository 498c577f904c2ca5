import filecmp

import pytest
from lxml import etree

from pairchk import formats
from pairchk.errors import PairchkError
from pairchk.formats import dsb_xml
from pairchk.formats._dsb import MissingDataError
from pairchk.formats.settings import SettingError
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament

from shared_paths import ROOT, shared


MADRID_SETTINGS = {"start": "2018-04-08", "end": "10.06.2018"}


def madrid() -> Tournament:
    return formats.load_path(str(shared("samples", "trf16", "madrid-torneo-san-viator-2018-B.trf"))).tournament


def small(**changes) -> Tournament:
    t = Tournament(
        name="Kieler Open", city="Kiel", time_control="90 min/40 + 30 min, 30 s/move",
        start_date="2026-07-01", end_date="2026-07-02", rounds=2, round_dates_iso=("2026-07-01", "2026-07-02"),
        players=(
            Player(1, "Anand, Viswanathan", birth="1969/12/11", fide_id="5000017", rating=2750, sex="m",
                   club="SK Kiel", extra=(("dsb.vkz", "10101"), ("dsb.member", "0012"), ("dsb.id", "10012345")),
                   entries=(RoundEntry(Kind.WIN, 2, Color.WHITE), RoundEntry(Kind.PAB))),
            Player(2, "Kramnik, Vladimir", birth="1975",
                   entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK), RoundEntry(Kind.FORFEIT_WIN, 3, Color.WHITE))),
            Player(3, "Computer", birth="2000",
                   entries=(RoundEntry(Kind.HALF_BYE), RoundEntry(Kind.FORFEIT_LOSS, 2, Color.BLACK))),
        ))
    return t.replace(**changes)


def test_madrid_trf_written_as_dsb_xml_validates_against_the_xsd():
    dumped = formats.dump(madrid(), "dsb-xml", settings=MADRID_SETTINGS)
    doc = etree.fromstring(dumped.data)
    assert dsb_xml.schema().validate(doc.getroottree())
    assert dsb_xml.validate(dumped.data) == []
    q = "{http://www.schachbund.de/XMLSchema}"
    assert len(doc.findall(f"{q}players/{q}player")) == 137
    assert doc.findtext(f"{q}tournament/{q}startDate") == "2018-04-08"
    assert doc.findtext(f"{q}tournament/{q}endDate") == "2018-06-10"
    msgs = " | ".join(str(w) for w in dumped.warnings)
    assert "player.rank" in msgs and "byes" not in msgs
    # every bye is a game against nobody, never rated: PAB +, full 1, half 0.5, zero 0
    assert len(doc.findall(f".//{q}noneBlackPlayer")) == 3 + 99 + 30 + 5
    back = dsb_xml.load(dumped.data).tournament
    assert [e.kind for e in back.player(1).entries] == [e.kind for e in madrid().player(1).entries]


def test_missing_data_lists_every_gap_with_the_option_that_supplies_it():
    t = small(city="", time_control="", start_date="01/07/2026", end_date="")
    t = t.replace(players=(t.players[0].replace(birth=""),) + t.players[1:])
    with pytest.raises(MissingDataError) as exc:
        dsb_xml.dump(t)
    assert exc.value.gaps == [
        "time control (--set timecontrol='90 min/40 moves + 30 min, 30 s/move')",
        "place (--set location=...)",
        "start date (--set start=YYYY-MM-DD); found '01/07/2026', day and month ambiguous",
        "end date (--set end=YYYY-MM-DD)",
        "player 1 (Anand, Viswanathan): birth year (--set birth.1=YYYY)",
    ]
    assert str(exc.value).startswith("dsb-xml: 5 required item(s) missing:\n  - time control")
    fixed = formats.dump(t, "dsb-xml", settings={
        "timecontrol": "90/40", "location": "Kiel", "start": "2026-07-01", "end": "2026-07-02", "birth.1": "1969"})
    assert dsb_xml.validate(fixed.data) == []


def test_madrid_without_dates_names_both_gaps():
    with pytest.raises(MissingDataError) as exc:
        formats.dump(madrid(), "dsb-xml")
    assert [g.split(" (")[0] for g in exc.value.gaps] == ["start date", "end date"]


def test_unknown_setting_is_refused():
    with pytest.raises(SettingError, match="--set colour: not a tournament or player field, nor a dsb-xml option"):
        formats.dump(small(), "dsb-xml", settings={"colour": "x"})
    with pytest.raises(SettingError, match="no player with starting number '9'"):
        formats.dump(small(), "dsb-xml", settings={"birth.9": "1990"})


def test_games_identifiers_and_round_trip():
    dumped = dsb_xml.dump(small(), tournament_uuid="12345678-1234-5678-1234-567812345678", sender="DWZ officer")
    text = dumped.data.decode()
    assert "<vkz>10101</vkz>" in text and "<numberClubMember>12</numberClubMember>" in text
    assert "<dobDate>1969-12-11</dobDate>" in text and "<dsbId>10012345</dsbId>" in text
    assert "<noneBlackPlayer>true</noneBlackPlayer>" in text  # the PAB
    assert "<tournamentUUID>12345678-1234-5678-1234-567812345678</tournamentUUID>" in text
    back = dsb_xml.load(dumped.data).tournament
    assert back.player(1).entries == (RoundEntry(Kind.WIN, 2, Color.WHITE), RoundEntry(Kind.PAB))
    assert back.player(2).entry(2) == RoundEntry(Kind.FORFEIT_WIN, 3, Color.WHITE)
    assert back.player(3).entry(1).kind is Kind.HALF_BYE  # a game against nobody scored 0.5
    assert back.player(1).birth == "1969/12/11" and back.round_dates_iso == ("2026-07-01", "2026-07-02")
    assert dict(back.player(1).extra)["dsb.vkz"] == "10101"


def test_tournament_uuid_is_stable_for_corrections():
    a, b = dsb_xml.dump(small()), dsb_xml.dump(small(time_control="G/90"))
    uid = lambda d: etree.fromstring(d.data).findtext(".//{http://www.schachbund.de/XMLSchema}tournamentUUID")  # noqa: E731
    assert uid(a) == uid(b)


def test_own_checks_catch_what_the_xsd_keyrefs_miss():
    good = dsb_xml.dump(small()).data
    dup = good.replace(b"<tournamentPlayerNumber>2<", b"<tournamentPlayerNumber>1<", 1)
    assert dsb_xml.schema().validate(etree.fromstring(dup).getroottree())  # the XSD lets it pass
    problems = dsb_xml.validate(dup)
    assert any("tournamentPlayerNumber 1 used twice" in p for p in problems)
    dangling = good.replace(b"<tournamentPlayerNumberBlack>3<", b"<tournamentPlayerNumberBlack>7<")
    assert any("tournamentPlayerNumberBlack 7 is not a player" in p for p in dsb_xml.validate(dangling))
    with pytest.raises(PairchkError, match=r"^d\.xml:\d+: not a valid DSB 2\.5 document: tournamentPlayerNumber 1 used twice"):
        dsb_xml.load(dup, path="d.xml")


def test_xsd_is_shipped_as_package_data_and_in_formats():
    assert filecmp.cmp(ROOT / "formats" / dsb_xml.XSD_NAME, ROOT / "pairchk" / "data" / dsb_xml.XSD_NAME, shallow=False)


def test_detect():
    assert dsb_xml.detect(dsb_xml.dump(small()).data)
    assert not dsb_xml.detect(b"<DSB_DWZ_TournamentReport/>")  # no namespace


def test_values_the_schema_refuses_are_named_not_silently_dropped():
    t = small()
    t = t.replace(players=(t.players[0].replace(fide_id="X12", sex="f", rating=9999),) + t.players[1:])
    msgs = [str(w) for w in dsb_xml.dump(t).warnings]
    assert "warning: player 1: FIDE id 'X12' is no FIDE number; left out" in msgs
    assert "warning: player 1: FIDE rating 9999 outside 1-5000; left out" in msgs
    assert "warning: player 1: sex 'f' is neither m nor w; left out" in msgs


def test_a_game_without_opponent_or_colour_is_refused_by_name():
    # TRF "0000 - 1": a win naming no opponent and no colour; writing it used to fail with a
    # TypeError (None compared with a starting number)
    t = small(players=(Player(1, "A", entries=(RoundEntry(Kind.WIN),)),
                       Player(2, "B", entries=(RoundEntry(Kind.LOSS),))))
    with pytest.raises(PairchkError, match=r"^round 1: player 1 has result '1' against no opponent"):
        dsb_xml.games(t, byes=True)
    with pytest.raises(PairchkError, match="against no opponent"):
        formats.dump(t, "dewis-xml")
