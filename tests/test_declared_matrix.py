"""Issue 14: nothing lost, nothing invented -- declared totals and ranks, the point system,
team data, ratings and dates through every format pair that can carry them.

"Declared points and ranks are part of the model. Writers write what the source declared;
``convert --recompute`` writes recomputed values; ``validate`` reports every difference.
Where a format carries per-player totals but no point system, the reader infers the point
system from the totals when exactly one standard one fits, and warns when none does."
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairchk import formats
from pairchk.cli import app
from pairchk.formats import carry
from pairchk.model import Color, Kind, Player, RoundEntry, ScoreSystem, Tournament

from test_conversion_matrix import WRITABLE, build

FIX = Path(__file__).resolve().parents[1] / "fixtures"
runner = CliRunner()


def _carries(fmt: str, key: str) -> bool:
    return key not in formats.get(fmt).CANNOT_CARRY


def _organisers_numbers() -> Tournament:
    """The matrix tournament with totals and ranks the organiser declared differently from
    the results (player 1 was given half a point more, players 1 and 2 share rank 1)."""
    t = build()
    ps = list(t.players)
    ps[0] = ps[0].replace(points=ps[0].points + Decimal("0.5"), rank=1)
    ps[1] = ps[1].replace(rank=1)
    return t.replace(players=tuple(ps))


def _read(fmt: str, data: bytes):
    return formats.load(data, fmt=fmt, path=f"x.{fmt}")


@pytest.mark.parametrize("fmt", [f for f in WRITABLE if _carries(f, "player.points")])
def test_declared_totals_are_written_as_declared(fmt):
    t = _organisers_numbers()
    back = _read(fmt, formats.dump(t, fmt).data).tournament
    assert [p.points for p in back.players] == [p.points for p in t.players]
    if _carries(fmt, "player.rank"):
        assert [p.rank for p in back.players] == [p.rank for p in t.players]


@pytest.mark.parametrize("fmt", [f for f in WRITABLE if f not in ("trf", "trf26")
                                 and _carries(f, "player.points")])
def test_declared_totals_survive_trf_to_format_to_trf(fmt):
    t1 = formats.load(formats.dump(_organisers_numbers(), "trf").data, fmt="trf").tournament
    t2 = _read(fmt, formats.dump(t1, fmt).data).tournament
    t3 = formats.load(formats.dump(t2, "trf").data, fmt="trf").tournament
    assert [p.points for p in t3.players] == [p.points for p in t1.players]
    assert t1.player(1).points == t1.score(1) + Decimal("0.5")


@pytest.mark.parametrize("fmt", [f for f in WRITABLE if _carries(f, "player.points")
                                 or _carries(f, "tournament.scoring")])
def test_point_system_survives_or_is_inferred_from_the_totals(fmt):
    # win 3, draw 1, PAB 1: formats without a point system infer 3-1-0 from the totals
    t = build()
    loaded = _read(fmt, formats.dump(t, fmt).data)
    back = loaded.tournament
    kept = carry.strip(t, formats.get(fmt).CANNOT_CARRY)
    assert [back.score(p.number) for p in kept.players] == [t.score(p.number) for p in kept.players]
    assert (back.scoring.win, back.scoring.draw) == (Decimal(3), Decimal(1))
    if not _carries(fmt, "tournament.scoring"):
        assert any("fit the 3-1-0 point system" in w.message for w in loaded.warnings), fmt


def test_chess_results_xml_3_1_0_round_trip_keeps_the_totals():
    # the example: player 1: 9.0 came back as 4.5
    t = build()
    first = t.player(7).points
    assert first == Decimal(10)
    for chain in (["chess-results-xml", "trf"], ["trf", "chess-results-xml", "trf"]):
        cur = t
        for fmt in chain:
            cur = _read(fmt, formats.dump(cur, fmt).data).tournament
        assert cur.player(7).points == first, chain
        assert cur.score(7) == first, chain


def test_totals_that_fit_no_standard_system_are_kept_with_a_warning():
    t = build().replace(scoring=ScoreSystem(win=Decimal(5), draw=Decimal(2), pab=Decimal(1)))
    t = t.replace(players=tuple(p.replace(points=t.score(p.number)) for p in t.players))
    loaded = _read("chess-results-xml", formats.dump(t, "chess-results-xml").data)
    assert [p.points for p in loaded.tournament.players] == [p.points for p in t.players]
    assert any(w.message.startswith("the declared totals fit no standard point system (1-½-0, 3-1-0,"
                                    " 2-1-0, 1-½-0, blank round ½ (ICU))") for w in loaded.warnings)


def test_icu_blank_round_half_point_survives_trf_json_trf():
    # "The ICU files count a blank round as ½ point; TRF -> JSON -> TRF turns every such total
    # into the recomputed one."
    line = lambda n, pts, blocks: (f"001 {n:>4}      P{n}".ljust(80) + f"{pts:>4} {n:>4}" + blocks)  # noqa: E731
    src = "\n".join(["012 ICU style", line(1, "1.5", "     2 w 1  0000 -  "),
                     line(2, "0.5", "     1 b 0  0000 -  ")]) + "\n"
    first = formats.load(src.encode(), path="icu.trf")
    assert any("1-½-0, blank round ½ (ICU)" in w.message for w in first.warnings)
    js = formats.dump(first.tournament, "json").data
    back = formats.load(formats.dump(formats.load(js, fmt="json").tournament, "trf").data, fmt="trf")
    assert [p.points for p in back.tournament.players] == [Decimal("1.5"), Decimal("0.5")]
    assert back.tournament.score(1) == Decimal("1.5")


def test_convert_recompute_writes_the_results(tmp_path):
    src = tmp_path / "in.trf"
    src.write_bytes(formats.dump(_organisers_numbers(), "trf").data)
    out, rec = tmp_path / "out.trf", tmp_path / "rec.trf"
    r1 = runner.invoke(app, ["convert", str(src), str(out)])
    r2 = runner.invoke(app, ["convert", str(src), str(rec), "--recompute"])
    assert (r1.exit_code, r2.exit_code) == (0, 0), r1.output + r2.output
    declared = formats.load(out.read_bytes(), fmt="trf").tournament
    recomputed = formats.load(rec.read_bytes(), fmt="trf").tournament
    assert declared.player(1).points == declared.score(1) + Decimal("0.5")
    assert [p.points for p in recomputed.players] == [recomputed.score(p.number) for p in recomputed.players]
    assert recomputed.player(1).rank != declared.player(2).rank or recomputed.player(2).rank == 2


def test_validate_reports_every_declared_total_that_differs(tmp_path):
    src = tmp_path / "in.trf"
    src.write_bytes(formats.dump(_organisers_numbers(), "trf").data)
    r = runner.invoke(app, ["validate", str(src)])
    assert r.exit_code == 1
    assert "error score-mismatch: player 1: declared points 6.5, results give 6.0" in r.output


def _dump(t: Tournament, fmt: str) -> tuple[bytes, bool]:
    """``t`` written as ``fmt``; DSB formats get the births and dates they require (True)."""
    from pairchk.formats._dsb import MissingDataError

    try:
        return formats.dump(t, fmt).data, False
    except MissingDataError:
        settings = {"start": "2026-03-01", "end": "2026-03-04", "location": "Köln",
                    "timecontrol": "90 min", **{f"birth.{p.number}": "1990" for p in t.players}}
        return formats.dump(t, fmt, settings=settings).data, True


@pytest.mark.parametrize("fmt", [f for f in WRITABLE if _carries(f, "tournament.teams")])
def test_team_data_survives(fmt):
    t = formats.load((FIX / "travel_partner_8.trf").read_bytes(), fmt="trf").tournament
    assert t.teams
    back = _read(fmt, _dump(t, fmt)[0]).tournament
    assert [(tm.number, tm.name, tm.members) for tm in back.teams] == \
        [(tm.number, tm.name, tm.members) for tm in t.teams]
    if _carries(fmt, "player.team"):
        assert [p.team for p in back.players] == [p.team for p in t.players]


@pytest.mark.parametrize("fmt", WRITABLE)
def test_ratings_and_dates_survive(fmt):
    t = build()
    data, supplied = _dump(t, fmt)
    back = _read(fmt, data).tournament
    if _carries(fmt, "player.rating"):
        assert [p.rating for p in back.players] == [p.rating for p in t.players]
    if _carries(fmt, "tournament.start_date"):
        assert back.start_date == t.start_date
    if _carries(fmt, "tournament.end_date"):
        assert back.end_date == t.end_date
    if _carries(fmt, "player.birth") and _carries(fmt, "birth.day_month") and not supplied:
        assert [p.birth for p in back.players] == [p.birth for p in t.players]


def test_papi_file_in_registration_order_is_checked_in_pairing_order(tmp_path):
    # "Papi-JSON player order is registration order, not the pairing order, so every round of
    # a Papi-paired event deviates (sorting by rating gives a textbook round 1)."
    import json

    ratings = {"A": 2000, "B": 1900, "C": 1800, "D": 1700, "E": 1600, "F": 1500}
    registered = ["D", "A", "F", "B", "E", "C"]  # the order people signed up
    idx = {name: i for i, name in enumerate(registered)}
    games = [("A", "D"), ("E", "B"), ("C", "F")]  # textbook round 1: 1-4, 5-2 (colours alternate), 3-6
    rounds: dict[str, dict] = {}
    for w, b in games:
        rounds[w] = {"1": {"color": "B", "opponent": idx[b], "result": 3}}
        rounds[b] = {"1": {"color": "N", "opponent": idx[w], "result": 1}}
    doc = {"variables": {"name": "Club", "rounds": "5"},
           "players": [{"lastName": n, "firstName": "X", "elo": ratings[n], "rounds": rounds[n]}
                       for n in registered]}
    p = tmp_path / "club.papi.json"
    p.write_text(json.dumps(doc))
    t = formats.load_path(str(p)).tournament
    assert [q.name for q in t.players] == ["A, X", "B, X", "C, X", "D, X", "E, X", "F, X"]
    assert t.player(1).entry(1) == RoundEntry(Kind.WIN, 4, Color.WHITE)
    r = runner.invoke(app, ["check", str(p)])
    assert "round 1: ok" in r.output, r.output


def test_a_player_written_by_pairchk_keeps_its_number_through_papi():
    t = Tournament(players=(Player(1, "Low, A", rating=1000), Player(2, "High, B", rating=2500)))
    back = formats.load(formats.dump(t, "papi-json").data, fmt="papi-json").tournament
    assert [(p.number, p.name) for p in back.players] == [(1, "Low, A"), (2, "High, B")]
