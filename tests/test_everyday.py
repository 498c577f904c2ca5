"""Everyday rough edges: warnings that say nothing, words that say too much."""

from decimal import Decimal

from pairchk import formats
from pairchk.model import Kind, Player, RoundEntry, ScoreSystem, Tournament, Color


def _two_players(scoring: ScoreSystem) -> Tournament:
    return Tournament(rounds=1, scoring=scoring, players=(
        Player(1, "A", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
        Player(2, "B", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))


def test_plain_scoring_with_colour_values_is_not_warned_about():
    # convert to TRF26 warned "scoring value win_white=1.0 cannot be written in 162 records"
    # for plain 1-1/2-0 scoring whose colour-specific values were set to the plain ones
    t = _two_players(ScoreSystem(win_white=Decimal(1), win_black=Decimal(1),
                                 draw_white=Decimal("0.5"), pab=Decimal(1)))
    for name in ("trf26", "trf"):
        dumped = formats.get(name).dump(t)
        assert not [w for w in dumped.warnings if "scoring" in str(w)], dumped.warnings


def test_colour_scoring_that_differs_is_still_warned_about():
    t = _two_players(ScoreSystem(win_white=Decimal("0.9")))
    dumped = formats.get("trf26").dump(t)
    assert [str(w) for w in dumped.warnings if "scoring" in str(w)] == [
        "warning: scoring value win_white=0.9 cannot be written in 162 records"]


def test_standings_refuse_inconsistent_pairings_instead_of_a_keyerror():
    # fuzz finding: standings on a file naming a player that does not exist raised KeyError
    # in the Buchholz family; check refused the same file cleanly
    from pathlib import Path

    import pytest

    from pairchk.errors import PairchkError
    from pairchk.standings.ranking import standings

    path = Path(__file__).parent / "data" / "fuzz" / "unknown-opponent-standings.trf"
    t = formats.load(path.read_bytes(), path=str(path)).tournament
    for code in ("BH", "SB", "BH/C1", "AOB", "FB", "KS"):
        with pytest.raises(PairchkError) as exc:
            standings(t, code)
        assert str(exc.value) == (
            "player 6, round 1: opponent 1 names 99 in that round and 1 more (see pairchk"
            " validate); tie-breaks and standings cannot be computed from inconsistent data")


def test_standings_after_a_round_not_played_is_refused():
    # fuzz findings: standings --round 99 of a 5-round event printed "standings after round
    # 99"; --round 100000 took time growing with the number
    from pathlib import Path

    import pytest

    from pairchk.errors import PairchkError
    from pairchk.standings.ranking import standings

    path = Path(__file__).resolve().parents[1] / "fixtures" / "club_open_2026.trf"
    t = formats.load(path.read_bytes(), path=str(path)).tournament
    for n in (6, 99, 100000):
        with pytest.raises(PairchkError) as exc:
            standings(t, None, n)
        assert str(exc.value) == (f"round {n} has not been played: the file records 5 round(s)"
                                  " (standings after round 0 to 5)")
    assert standings(t, None, 5).round == 5


def test_a_pending_game_without_colours_is_refused_by_chess_json():
    # fuzz finding: convert F - --to chess-json raised KeyError: <Kind.PENDING: '*'>
    import subprocess
    import sys
    from pathlib import Path

    path = Path(__file__).parent / "data" / "fuzz" / "pending-without-colours.trf"
    r = subprocess.run([sys.executable, "-m", "pairchk", "convert", str(path), "-", "--to",
                        "chess-json"], capture_output=True, text=True)
    assert r.returncode == 1
    assert r.stderr.splitlines()[-1] == (
        "error: -: cannot write chess-json: round 2: game 2-7 has neither colours nor a result;"
        " chess-json writes a game without colours only as two one-sided results (hint: record"
        " its colours or its result, or write a format that keeps it, such as trf or json)")
