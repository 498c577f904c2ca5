"""Every number a user can type is bounded before work starts (fuzz findings with their
inputs: schedule and generate with huge or impossible counts)."""

import subprocess
import sys

import pytest

from pairchk.acceleration import advice
from pairchk.errors import PairchkError
from pairchk.generate.individual import Settings, generate
from pairchk.generate.team import TeamSettings
from pairchk.system import UnpairableError


def _run(*args):
    return subprocess.run([sys.executable, "-m", "pairchk", *args], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("args, message", [
    (["--system", "berger", "--players", "100000"],
     "error: a round robin of 100000 players has 99999 rounds; at most 999 can be scheduled"
     " (1000 players, 500 in a double round robin)"),
    (["--system", "berger", "--players", "600", "--double"],
     "error: a round robin of 600 players has 1198 rounds in a double round robin; at most 999"
     " can be scheduled (1000 players, 500 in a double round robin)"),
    (["--system", "rutsch", "--players", "5000"],
     "error: a round robin of 5000 players has 4999 rounds; at most 999 can be scheduled"
     " (1000 players, 500 in a double round robin)"),
    (["--system", "knockout", "--players", "100000"],
     "error: a knockout needs 2 to 9999 players (a tournament file numbers them with four"
     " digits), got 100000"),
    (["--acceleration-advice", "--players", "1000000000", "--rounds", "99999"],
     "error: need 2 to 9999 players and 1 to 999 rounds (what a tournament file holds), got"
     " 1000000000 and 99999"),
])
def test_schedule_refuses_sizes_no_file_can_hold(args, message):
    r = _run("schedule", *args)
    assert r.returncode == 2
    assert r.stderr.strip() == message
    assert r.stdout == ""


def test_advice_for_many_rounds_prints_no_huge_number():
    a = advice(1000, 99)
    assert a.groups == 1 and a.enough
    assert max(len(w) for w in a.reasoning.split()) < 40


@pytest.mark.parametrize("settings, message", [
    (Settings(players=39, rounds=40), "--rounds 40 for 39 players: at most 39 rounds can be"
     " paired (after that everyone has met everyone)"),
    (Settings(players=5000, rounds=1000), "--rounds must be at most 999 (what a tournament"
     " file holds), got 1000"),
    (Settings(bye_rate=1.0), "--bye-rate 1: every player would ask for a bye in every round"
     " and no game would be played (give a rate below 1)"),
    (Settings(players=10000), "--players must be at most 9999 (TRF), got 10000"),
])
def test_generate_refuses_before_work(settings, message):
    with pytest.raises(PairchkError) as exc:
        settings.validate()
    assert str(exc.value) == message


def test_generate_with_no_game_played_is_an_error_not_an_empty_event():
    # fuzz finding: generate --bye-rate 1 wrote an event in which no round is played, exit 0
    with pytest.raises(UnpairableError) as exc:
        generate(Settings(players=4, rounds=3, bye_rate=0.999, seed=1))
    assert str(exc.value) == ("no game could be paired in any round (every player asked for a"
                              " bye or withdrew); nothing generated")


@pytest.mark.parametrize("settings, message", [
    (TeamSettings(teams=5, rounds=6), "--rounds 6 for 5 teams: at most 5 rounds can be paired"
     " (after that every team has met every other)"),
    (TeamSettings(edition="1999"), "unknown edition '1999' of the team system; known editions: "),
])
def test_team_generate_refuses_before_work(settings, message):
    with pytest.raises(PairchkError) as exc:
        settings.validate()
    assert str(exc.value).startswith(message)
