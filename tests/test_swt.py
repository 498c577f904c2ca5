import json
from decimal import Decimal

import pytest

from pairchk import formats
from pairchk.errors import FormatError
from pairchk.formats import swt
from pairchk.model import Color, Kind

from shared_paths import ROOT, shared


INDIVIDUAL = ROOT / "fixtures" / "SwissIndividual.SWT"


def test_individual_sample_has_24_players_and_9_rounds():
    loaded = formats.load_path(str(INDIVIDUAL))
    t = loaded.tournament
    assert loaded.warnings == []
    assert len(t.players) == 24 and t.rounds == 9 and t.played_rounds == 9
    assert t.name == "Test Tournament with a very long title"
    assert (t.city, t.start_date, t.end_date) == ("Los Angeles", "2013-05-18", "2013-05-26")
    assert t.round_dates_iso[0] == "2013-05-19" and len(t.round_dates_iso) == 9 and t.round_dates == ()
    p1 = t.player(1)
    assert (p1.name, p1.rating, p1.national_rating, p1.birth, p1.sex) == ("Gib, David", 2085, 2090, "1986/06/15", "m")
    assert p1.entry(1).kind is Kind.WIN and p1.entry(1).opponent == 13 and p1.entry(1).color is Color.WHITE
    assert p1.points == Decimal("5.5") and t.score(1) == Decimal("5.5")
    # every declared score agrees with the results read
    assert all(t.score(p.number) == p.points for p in t.players)


def test_individual_sample_agrees_with_swtparser_output():
    decoded = json.loads(shared("samples", "swiss-chess-swt", "SwissIndividual.decoded.json").read_text())
    t = swt.load(INDIVIDUAL.read_bytes()).tournament
    by_id = {p["2020"]: p for p in decoded["players"]}
    for rec in decoded["players"]:
        p = t.player(rec["2021"])
        assert p.name.replace(", ", ",") == rec["2000"]
        assert p.club == rec["2001"] and str(p.rating or "") == rec["2003"] and p.fide_id == rec["2033"]
    checked = 0
    for pr in decoded["pairings_players"]:
        me = by_id[pr["player"]]["2021"]
        e = t.player(me).entry(pr["round"])
        assert e.opponent == int(pr["4001"], 16)
        assert e.color is {"4000-1": Color.WHITE, "4000-2": Color.BLACK}[pr["4000"]]
        points = int(pr["4002"].split("-")[1]) % 4  # 1: 0, 2: ½, 3: 1
        assert e.kind is {1: Kind.LOSS, 2: Kind.DRAW, 3: Kind.WIN}[points]
        checked += 1
    assert checked == 24 * 9


def test_team_sample_reads_teams_players_lineups_and_a_forfeit():
    loaded = formats.load_path(str(shared("samples", "swiss-chess-swt", "SwissTeam.SWT")))
    t = loaded.tournament
    assert len(t.players) == 83 and len(t.teams) == 10 and t.rounds == 7
    la = t.teams[0]
    assert (la.name, la.members[:3], la.match_points, la.game_points) == ("Los Angeles", (1, 2, 3), Decimal(12), Decimal("40.5"))
    assert sum(len(tm.members) for tm in t.teams) == 83
    # 8 boards: every lineup has 8 players, 10 lineups per round
    assert len(t.lineups) == 70 and all(len(lu.players) == 8 for lu in t.lineups)
    assert t.lineups[0].opponent == 6 and all(lu.opponent for lu in t.lineups)
    assert len([m for m in t.team_matches if m.round == 1]) == 5
    # round 7: Bailey (35) wins by forfeit against Schell (68)
    assert t.player(35).entry(7).kind is Kind.FORFEIT_WIN and t.player(35).entry(7).opponent == 68
    assert t.player(68).entry(7).kind is Kind.FORFEIT_LOSS
    # a reserve who sat out round 2 is not paired there
    assert t.player(26).entry(2).kind is Kind.NOT_PAIRED and t.player(26).team == 3


def test_detect_is_strict():
    data = INDIVIDUAL.read_bytes()
    assert swt.detect(data)
    assert not swt.detect(data[:-1])
    assert not swt.detect(b"012 Some tournament\n" * 1000)


def test_truncated_file_is_a_clear_error_with_sizes():
    data = INDIVIDUAL.read_bytes()[:20000]
    with pytest.raises(FormatError, match=r"^x\.swt: file has 20000 bytes but its header .* implies 33208"):
        swt.load(data, path="x.swt")


def test_wrong_version_names_the_byte_offset():
    data = bytearray(INDIVIDUAL.read_bytes())
    data[0x261:0x263] = (5000).to_bytes(2, "little")
    with pytest.raises(FormatError, match=r"byte offset 609: file version 5000 is not a Swiss-Chess version"):
        swt.load(bytes(data), path="x.swt")


def test_bad_opponent_names_the_byte_offset():
    data = bytearray(INDIVIDUAL.read_bytes())
    off = 13384 + 9  # player 1, round 1, opponent field
    data[off:off + 2] = (99).to_bytes(2, "little")
    with pytest.raises(FormatError, match=rf"byte offset {off}: player 1 round 1 has opponent 99"):
        swt.load(bytes(data), path="x.swt")


def test_swt_cannot_be_written():
    assert not swt.CAN_WRITE


CARDS = 13384 + 24 * 9 * 19  # first player card of the individual sample


def test_spielfrei_placeholder_card_is_the_bye_not_a_player():
    data = bytearray(INDIVIDUAL.read_bytes())
    last = CARDS + 23 * 655  # card of player 24 (Rivera), who lost every game
    data[last:last + 32] = b"spielfrei".ljust(32, b"\x00")
    t = swt.load(bytes(data)).tournament
    assert len(t.players) == 23 and 24 not in t.by_number
    # whoever met player 24 had the bye instead: a win against it is the PAB
    opponents = [(p.number, r) for p in t.players for r, e in enumerate(p.entries, 1) if e.kind is Kind.PAB]
    assert len(opponents) == 9 and all(t.player(n).entry(r).opponent is None for n, r in opponents)


def test_pairings_name_card_ids_mapped_to_starting_numbers():
    data = bytearray(INDIVIDUAL.read_bytes())
    for i in range(24):  # starting number = ID + 100, the pairing records keep naming IDs
        off = CARDS + i * 655 + 0xDB
        data[off:off + 2] = (int.from_bytes(data[off:off + 2], "little") + 100).to_bytes(2, "little")
    t = swt.load(bytes(data)).tournament
    assert [p.number for p in t.players] == list(range(101, 125))
    assert t.player(101).entry(1).opponent == 113


def test_stale_declared_points_are_named():
    loaded = swt.load(shared("samples", "swiss-chess-swt", "SwissTeam.SWT").read_bytes())
    assert [str(w) for w in loaded.warnings] == [
        "warning: declared points of 7 player(s) differ from their results (e.g. #20); Swiss-Chess"
        " updates them only when it computes the ranking"]


def test_two_games_per_round_is_refused():
    data = bytearray(INDIVIDUAL.read_bytes())
    data[0x255] = 2
    with pytest.raises(FormatError, match="byte offset 597: 2 games per round"):
        swt.load(bytes(data), path="x.swt")
