from decimal import Decimal

import pytest

from pairchk import formats
from pairchk.errors import FormatError, PairchkError
from pairchk.formats import chess_results_xml as crx
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament

from shared_paths import ROOT, shared

SINGLE = ROOT / "fixtures" / "chess-results-single-swiss.xml"


def test_single_swiss_sample():
    loaded = formats.load_path(str(SINGLE))
    t = loaded.tournament
    assert loaded.warnings == [] and loaded.meta["key"] == "1268765"
    assert len(t.players) == 21 and t.rounds == 7 and t.played_rounds == 7
    assert (t.name, t.city, t.start_date) == ("Test Single Swiss-System Test", "Postsdam", "2025-09-26")
    p1 = t.player(1)
    assert (p1.name, p1.rating, p1.national_rating, p1.points, p1.rank) == ("Brunk, Dirk", 1960, 1903, Decimal("3.0"), 12)
    assert p1.entry(1) == RoundEntry(Kind.LOSS, 9, Color.BLACK)
    # blackno=-1 is the pairing-allocated bye, -2 with no result an absence
    assert t.player(17).entry(1).kind is Kind.PAB
    assert t.player(18).entry(1).kind is Kind.ABSENT
    assert all(t.score(p.number) == p.points for p in t.players)
    assert t.tiebreaks == ("chess-results:37", "chess-results:52")
    assert loaded.lines[1] < loaded.lines[2]


def test_team_swiss_sample():
    loaded = formats.load_path(str(shared("samples", "chess-results-xml", "Team_SwissSystem.xml")))
    t = loaded.tournament
    assert loaded.warnings == []
    # a team bye has no player pairings: its first 4 (playerperteam) players get the PAB
    assert t.player(44).entry(1).kind is Kind.PAB and t.player(26).entry(3).kind is Kind.PAB
    assert t.player(27).entry(3).kind is Kind.NOT_PAIRED  # team 6's fifth player
    assert all(p.points == t.score(p.number) for p in t.players)
    assert len(t.players) == 51 and len(t.teams) == 11 and t.rounds == 7
    assert t.teams[0].name == "DJK Regensburg-Nord" and t.teams[0].match_points == Decimal(10)
    assert t.team_pab_game_points == Decimal(4)  # a team bye scores 4:0 on 4 boards
    assert len([m for m in t.team_matches if m.round == 1]) == 6
    assert [m for m in t.team_matches if m.round == 1 and m.away is None][0].home == 11
    lineup = [lu for lu in t.lineups if lu.round == 1 and lu.team == 1][0]
    assert lineup.players == (1, 2, 3, 4) and lineup.opponent == 6
    assert t.player(23).entry(1) == RoundEntry(Kind.DRAW, 1, Color.WHITE)


@pytest.mark.parametrize("name", ["Single_SwissSystem.xml", "Team_SwissSystem.xml"])
def test_round_trip(name):
    t = formats.load_path(str(shared("samples", "chess-results-xml", name))).tournament
    dumped = formats.dump(t, "chess-results-xml")
    assert dumped.warnings == []
    assert crx.load(dumped.data).tournament == t


def test_dump_names_dropped_fields_and_pending_games_survive():
    t = Tournament(name="x", rounds=2, players=(
        Player(1, "A, B", title="GM", extra=(("k", "v"),), entries=(RoundEntry(Kind.PENDING, 2, Color.WHITE),)),
        Player(2, "C, D", entries=(RoundEntry(Kind.PENDING, 1, Color.BLACK),)),
    ), comments=("hello",))
    d = crx.dump(t)
    msgs = [str(w) for w in d.warnings]
    assert any("tournament.comments" in m for m in msgs) and any("player.extra" in m for m in msgs)
    back = crx.load(d.data).tournament
    assert back.player(1).entry(1) == RoundEntry(Kind.PENDING, 2, Color.WHITE)


def test_bad_input_is_a_located_error():
    bad = SINGLE.read_bytes().replace(b'blackno="1"', b'blackno="x1"', 1)
    with pytest.raises(FormatError, match=r"^s\.xml:\d+: <playerpairing> blackno='x1' is not an integer"):
        crx.load(bad, path="s.xml")
    with pytest.raises(FormatError, match=r"^s\.xml:3:\d+: malformed XML"):
        crx.load(b"<chessresults>\n<players>\n<player no='1'></players>", path="s.xml")


def test_detect_is_strict():
    assert crx.detect(SINGLE.read_bytes())
    assert not crx.detect(b"<chessresult/>") and not crx.detect(b"012 x\n")


def test_external_entities_are_never_resolved(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    head = f'<?xml version="1.0"?><!DOCTYPE c [<!ENTITY x SYSTEM "file://{secret}">]>'
    in_text = head + "<chessresults><tournamentdata><tournament name='t'/></tournamentdata><x>&x;</x></chessresults>"
    with pytest.raises(FormatError, match=r"^x\.xml:1: XML entity declarations are refused") as exc:
        crx.load(in_text.encode(), path="x.xml")
    assert "TOP-SECRET" not in str(exc.value)
    # in an attribute libxml2 itself refuses the reference; still a located FormatError
    in_attr = head + '<chessresults><tournamentdata><tournament name="&x;"/></tournamentdata></chessresults>'
    with pytest.raises(FormatError, match="external entity") as exc:
        crx.load(in_attr.encode(), path="x.xml")
    assert "TOP-SECRET" not in str(exc.value)


@pytest.mark.parametrize("colour", [Color.NONE, Color.WHITE])
def test_a_game_without_opponent_is_refused_by_name(colour):
    # TRF "0000 - 1" / "0000 w 1": a win naming no opponent used to fail with a TypeError
    # (None compared with a starting number) or a KeyError (player None)
    t = Tournament(players=(Player(1, "A", entries=(RoundEntry(Kind.WIN, None, colour),)),
                            Player(2, "B")))
    with pytest.raises(PairchkError, match=r"^round 1: player 1 has result '1' against no opponent"):
        formats.dump(t, "chess-results-xml")
