"""Property: every file ``generate`` writes, for every system and option mix, is read back
and checked all-ok by ``check`` with no ``--system`` (the file itself says how it was paired).

A file made by ``generate --system club`` was checked as Dutch with deviations, and one made
with ``--edition 1997`` of Dubov as the 2026 text: our own RTG output failed our own check.
"""

from __future__ import annotations

import itertools

import pytest

from pairchk import formats, systems
from pairchk.check import check
from pairchk.generate.individual import Settings, generate
from pairchk.generate.team import TeamSettings, generate_team

SYSTEMS = ("dutch", "dubov", "burstein", "lim", "berger", "rutsch", "club")
MIXES = (
    {},
    {"forfeit_rate": 0.1, "bye_rate": 0.05, "withdraw_rate": 0.1},
    {"acceleration": "baku"},
    {"acceleration": "swiss-chess:2"},
    {"points": "3-1-0"},
    {"pab_points": "0.5"},
)
FIXED = ("berger", "rutsch")


def _cases(formats_: tuple[str, ...]):
    for name in SYSTEMS:
        editions = (None,) + tuple(e for e in systems.get(name).editions if e)
        for edition, mix, to in itertools.product(editions, MIXES, formats_):
            if name in FIXED and (mix.get("bye_rate") or mix.get("acceleration")):
                continue  # refused for fixed schedules (Settings.validate)
            yield name, edition, mix, to


def _assert_all_ok(t, to: str, name: str) -> None:
    data = formats.get(to).dump(t).data
    back = formats.load(data, fmt=to).tournament
    report = check(back)
    assert report.system == name, report.system_reason
    assert not report.not_checked
    assert [(r.round, r.status) for r in report.rounds if r.status != "ok"] == []
    assert len(report.rounds) == t.played_rounds


@pytest.mark.parametrize("name, edition, mix, to", list(_cases(("trf26", "trf"))))
def test_every_generated_file_checks_all_ok(name, edition, mix, to):
    t = generate(Settings(system=name, edition=edition, players=11, rounds=5, seed=3, **mix))
    _assert_all_ok(t, to, name)


@pytest.mark.parametrize("preferences", ["A", "B", ""])
def test_every_generated_team_file_checks_all_ok(preferences):
    t = generate_team(TeamSettings(teams=7, boards=4, rounds=4, seed=2, preferences=preferences))
    _assert_all_ok(t, "trf26", "team")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("name, edition, mix, to", list(_cases(("trf26", "json", "xlsx"))))
def test_every_generated_file_checks_all_ok_sweep(name, edition, mix, to, seed):
    t = generate(Settings(system=name, edition=edition, players=14 + seed, rounds=7, seed=seed,
                          **mix))
    _assert_all_ok(t, to, name)
