"""The 2024 edition of C.04.6 (applied 1 Aug 2024 - 31 Jan 2026) beside the 2026 text: the
edition by the event's dates, and each point where the texts differ."""

from __future__ import annotations

from decimal import Decimal

import pytest
from typer.testing import CliRunner

from pairchk.check import check
from pairchk.cli import app
from pairchk.formats import load
from pairchk.model import Color, Tournament
from pairchk.pairing import RoundPairing
from pairchk.systems import get
from pairchk.systems.team import edition2024
from pairchk.systems.team import swiss as ts
from pairchk.teams import TeamRound
from tests.shared_paths import shared

W = Color.WHITE
TEAM = get("team")
TEC = shared("samples", "trf26", "fide-tec-grandmommys-cup-team-trf26.trf")


def _state(teams: dict[int, dict], edition: str, rnd: int = 3, rounds: int = 9):
    units = {n: ts.TeamState(n, f"T{n}", Decimal(kw.get("score", 0)), Decimal(0),
                             frozenset(kw.get("met", ())), (), False, kw.get("matches", 2),
                             kw.get("floated", False), Color.NONE, False, kw.get("games", 8))
             for n, kw in teams.items()}
    return ts.TeamRoundState(rnd, rounds, units, tuple(sorted(teams)), ts.Settings("", "MP", ""),
                             W, frozenset(), rnd >= rounds - 1, edition)


@pytest.mark.parametrize("start,edition,why", [
    ("2024-11-09", "2024", "start date 2024-11-09: C.04.6 as applied 1 Aug 2024 - 31 Jan 2026"),
    ("2026-01-31", "2024", "start date 2026-01-31: C.04.6 as applied 1 Aug 2024 - 31 Jan 2026"),
    ("2026-02-01", "2026", "start date 2026-02-01: C.04.6 as applied from 1 Feb 2026"),
    ("", "2026", "no start date in the file: C.04.6 as applied from 1 Feb 2026"),
])
def test_edition_by_the_events_dates(start, edition, why):
    assert TEAM.select_edition(Tournament(start_date=start)) == (edition, why)


def test_an_event_before_1_aug_2024_says_which_edition_and_why():
    """The FIDE TEC sample is dated 1-14 Jan 2024, before any C.04.6 text applied."""
    report = check(load(TEC.read_bytes(), path="tec.trf").tournament, path="tec.trf")
    assert (report.system, report.edition) == ("team", "2024")
    assert report.edition_reason == ("start date 2024-01-01 is before 1 Aug 2024, when C.04.6 "
                                     "was first applied: checked under its first text, the 2024 "
                                     "edition")


def test_first_line_of_check_names_the_2024_edition(tmp_path):
    text = TEC.read_text(encoding="utf-8").replace("042 2024/01/01", "042 2024/11/09").replace(
        "052 2024/01/14", "052 2024/11/17")
    path = tmp_path / "nov.trf"
    path.write_text(text, encoding="utf-8")
    res = CliRunner().invoke(app, ["check", str(path)])
    first = res.output.splitlines()[0]
    assert first.endswith("edition 2024 (start date 2024-11-09: C.04.6 as applied 1 Aug 2024 - "
                          "31 Jan 2026)"), first
    res = CliRunner().invoke(app, ["check", str(path), "--system", "team", "--edition", "2017"])
    assert res.exit_code == 2
    assert "unknown edition '2017'; known editions: 2026, 2024" in res.output


def test_c2_2024_bars_any_round_scored_as_a_win_without_playing():
    """2024 [C2]: after a PAB or having "scored in one single round, without playing, the same
    score rewarded for a win"; 2026 lists a PAB, a match won by forfeit, a full-point bye."""
    t = Tournament()
    awarded = TeamRound(2, None, Color.NONE, Color.NONE, Decimal(0), Decimal(0), Decimal(2),
                        False, "", False)
    half = TeamRound(2, None, Color.NONE, Color.NONE, Decimal(0), Decimal(0), Decimal(1),
                     False, "", False)
    assert edition2024.bars_pab(t, awarded, None) and not edition2024.bars_pab(t, half, None)
    assert edition2024.bars_pab(t, half, "F")


def test_pab_2024_most_games_2026_most_matches():
    """2024: "highest number of games", 2026 (3.4.3): "highest number of matches"."""
    teams = {1: dict(score=4), 2: dict(score=4), 3: dict(score=1, matches=2, games=7),
             4: dict(score=1, matches=1, games=8), 5: dict(score=4)}
    assert ts.choose_pab(_state(teams, "2026")) == 3
    assert ts.choose_pab(_state(teams, "2024")) == 4


def test_c6_2024_graded_2026_pass_fail():
    """2024 [C6] counts the teams of the following scoregroup left unpaired there."""
    teams = {1: dict(score=6), 2: dict(score=4, met=(3, 4)), 3: dict(score=4, met=(2, 4)),
             4: dict(score=4, met=(2, 3)), 5: dict(score=2)}
    st = _state(teams, "2024")
    following = [2, 3, 4]
    assert edition2024.c6_unpaired(st, [1, 2, 3, 4, 5], {1, 5}, following) == 3
    assert edition2024.c6_unpaired(st, [1, 2, 3, 4, 5], {1, 2}, following) == 2


def test_floats_2026_c7_at_set_level_2024_c9_per_pair():
    """Top scoregroup 1, 2, 3 needs one upfloater from 4, 5, 6; 4 floated last round. 2026
    [C7] (set level) passes 4 over for 5; 2024 has no set-level float criterion, takes the first
    set {4}, and its [C9] counts 4 floating in consecutive rounds."""
    teams = {1: dict(score=4), 2: dict(score=4), 3: dict(score=4), 4: dict(score=2, floated=True),
             5: dict(score=2), 6: dict(score=2), 7: dict(score=0)}
    st26, st24 = _state(teams, "2026"), _state(teams, "2024")
    remaining = [1, 2, 3, 4, 5, 6]
    assert ts.choose_upfloaters(st26, remaining) == (5,)
    assert ts.choose_upfloaters(st24, remaining) == (4,)
    p24 = ts.pair(st24)
    q = TEAM.evaluate(st24, p24)
    assert type(q).__name__ == "Quality2024" and q.C9 == 1
    assert [c.key for c in TEAM.criteria("2024")][-3:] == ["C7", "C8", "C9"]
    assert ts.pair(st26) != p24


def test_check_and_pair_under_2024_and_2026_can_differ_and_name_the_edition():
    t = load(TEC.read_bytes(), path="tec.trf").tournament
    r24 = check(t, edition="2024", rounds=[5])
    r26 = check(t, edition="2026", rounds=[5])
    assert r24.edition == "2024" and r26.edition == "2026"
    assert r24.edition_reason == "chosen with --edition"
    st = TEAM.state(t, 5, edition="2024")
    assert st.edition == "2024" and isinstance(TEAM.pair(st), RoundPairing)


def test_generate_pairs_with_the_edition_asked_and_dates_the_event_for_it(tmp_path):
    from pairchk.generate.team import TeamSettings, generate_team

    t24 = generate_team(TeamSettings(teams=11, boards=4, rounds=7, seed=3, edition="2024"))
    t26 = generate_team(TeamSettings(teams=11, boards=4, rounds=7, seed=3))
    assert t24.start_date == "2025-03-01" and t26.start_date == ""
    report = check(t24)
    assert (report.edition, report.verdict) == ("2024", "ok")
    assert "deviation" in [r.status for r in check(t24, edition="2026").rounds]
    res = CliRunner().invoke(app, ["generate", "--system", "team", "--teams", "6", "--rounds",
                                   "3", "--edition", "2017", "-o", str(tmp_path / "x.trf")])
    assert res.exit_code == 2
    assert "unknown edition '2017' of the team system; known editions: 2026, 2024" in res.output


def test_an_edition_the_files_own_system_lacks_is_refused_with_exit_2(tmp_path):
    """Without --system, 2017 is an edition some system has (Dutch), so the file's own system
    decides: the team system has none and the check is refused as a usage error."""
    res = CliRunner().invoke(app, ["check", str(TEC), "--edition", "2017"])
    assert res.exit_code == 2
    assert res.stderr.strip().endswith(
        "unknown edition '2017' of the team system; known editions: 2026, 2024")


def test_pair_names_the_edition_and_refuses_one_the_system_lacks():
    res = CliRunner().invoke(app, ["pair", str(TEC), "--round", "5", "--edition", "2024"])
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[0] == ("round 5 (team from the TRF26 192 code FIDE_TEAM_BAKU; "
                                          "edition 2024: chosen with --edition)")
    res = CliRunner().invoke(app, ["pair", str(TEC), "--round", "5", "--edition", "2017"])
    assert res.exit_code == 2
    assert res.stderr == (f"error: {TEC}: unknown edition '2017' of the team system; known"
                          " editions: 2026, 2024\n")
