"""Gaps other tests found in the writers: each is now carried exactly or named in a warning."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pairchk
from pairchk import formats
from pairchk.model import (Acceleration, ByeKind, DeclaredBye, NationalRating, Player, RoundEntry,
                           Kind, Color, TeamMatch, Tournament)


def _two_players(**changes) -> Tournament:
    players = (Player(1, "A, B", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
               Player(2, "C, D", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),)))
    return Tournament(name="Gaps", players=players).replace(**changes)


def test_trf16_names_each_trf26_only_field_it_cannot_write():
    t = _two_players(
        time_control_encoded="40/6000+30:900+30", tiebreak_text="BH/C1,SB",
        starting_rank_method="FIDE", pairing_controller="pairchk",
        declared_byes=(DeclaredBye(2, ByeKind.HALF, (1,)), DeclaredBye(0, ByeKind.ZERO, (2,))),
        acceleration=(Acceleration(1, (Decimal(1),), (Decimal(2),)),),
    )
    t = t.replace(players=(t.players[0].replace(
        national_ratings=(NationalRating("GER", 2250, "GER", "123"),), national_rating=2250,
        national_id="123"), t.players[1]))
    d = formats.dump(t, "trf")
    assert [w.message for w in d.warnings] == [
        "starting-rank method ('FIDE') needs TRF26 record 172; not written",
        "pairing controller ('pairchk') needs TRF26 record 182; not written",
        "tie-break definition ('BH/C1,SB') needs TRF26 record 202; not written",
        "encoded time control ('40/6000+30:900+30') needs TRF26 record 222; not written",
        "player 1: national ratings: the GER line (national rating 2250, national id '123') needs"
        " TRF26; not written",
        "declared byes: half bye for round 2 needs TRF26 record 240; not written",
        "acceleration of player 1: match points cannot be written in XXA records (TRF26 250);"
        " not written",
    ]
    text = d.data.decode()
    assert "XXZ 2\n" in text and "XXA    1  1.0\n" in text  # what TRF16 can say is written


def test_trf26_reads_back_national_rating_lines_exactly():
    t = _two_players()
    t = t.replace(players=(t.players[0].replace(
        national_ratings=(NationalRating("GER", 2250, "GER", "123"),), national_rating=2250,
        national_id="123"), t.players[1]))
    mod = formats.get("trf26")
    once = mod.load(mod.dump(t).data).tournament
    assert once.player(1).national_ratings == t.player(1).national_ratings  # no raw text added
    assert mod.load(mod.dump(once).data).tournament == once
    # a line as some other program spelled it is kept verbatim and written back as found
    odd = mod.dump(t).data.decode().replace("GER    1      A, B", "GER    1      A,B ")
    back = mod.load(odd.encode()).tournament
    assert back.player(1).national_ratings[0].raw.startswith("GER    1      A,B ")
    assert mod.dump(back).data.decode() == odd
    assert mod.load(mod.dump(back).data).tournament == back


TP = Path(__file__).resolve().parents[1] / "fixtures" / "travel_partner_8.trf"


def _with_team_matches(t: Tournament) -> Tournament:
    """The fixture as a program that stores team matches (chess-results, JSON) would hold it."""
    seen, matches = set(), []
    for lu in t.lineups:
        if lu.opponent is not None and frozenset((lu.round, lu.team, lu.opponent)) not in seen:
            seen.add(frozenset((lu.round, lu.team, lu.opponent)))
            matches.append(TeamMatch(lu.round, lu.team, lu.opponent))
    return t.replace(team_matches=tuple(matches))


def test_trf26_writes_330_only_for_forfeits_and_a_travel_partner_league_still_checks_ok(tmp_path):
    from typer.testing import CliRunner

    from pairchk.cli import app

    t = _with_team_matches(formats.load_path(str(TP)).tournament)
    n = len(t.team_matches)
    assert n == 24 and pairchk.check(t, system="travel-partner").ok
    forfeit = TeamMatch(7, 1, 6, "+-")  # round 7 of the schedule: 1 plays 6
    t = t.replace(team_matches=t.team_matches + (forfeit,))
    d = formats.dump(t, "trf26")
    assert [w.message for w in d.warnings] == [
        f"team matches: {n} played match(es) have no TRF26 record (330 is for forfeits only);"
        f" {n} of them named by the line-ups (300); not written"]
    assert [x for x in d.data.decode().splitlines() if x.startswith("330")] == ["330 +-   7   1   6"]
    back = formats.get("trf26").load(d.data).tournament  # strict: a blank 330 type is refused
    assert back.team_matches == (forfeit,)
    assert back.lineups == t.lineups and back.players == t.players
    out = tmp_path / "tp.trf"
    out.write_bytes(d.data)
    r = CliRunner().invoke(app, ["check", str(out), "--system", "travel-partner"])
    assert r.exit_code == 0, r.output


def test_chess_results_xml_keeps_deputy_arbiters_with_commas_and_names_what_it_drops():
    mod = formats.get("chess-results-xml")
    for deputies in (("Deputy, One", "Deputy, Two"), ("Deputy, One",), ("IA A. One", "FA B. Two")):
        t = _two_players(deputy_arbiters=deputies)
        assert mod.load(mod.dump(t).data).tournament.deputy_arbiters == deputies
    d = mod.dump(_two_players(tiebreak_text="BH/C1,SB", team_pab_game_points=Decimal(2)))
    assert [w.message for w in d.warnings] == [
        "chess-results-xml cannot carry tournament.tiebreak_text (tie-break definition (TRF26 202)):"
        " 1 dropped",
        "chess-results-xml keeps the game points of a team PAB only in a team bye (teampairing"
        " no2=-1), and there is none; 2 dropped",
    ]


def test_team_match_forfeits_and_team_details_are_named_where_they_cannot_be_written():
    from pairchk.model import Team

    teams = (Team(1, "Rochade", (1,), nickname="ROC", rank=1), Team(2, "Springer", (2,)))
    t = _two_players(teams=teams, team_matches=(TeamMatch(1, 1, 2, "+-"),))
    t = t.replace(players=tuple(p.replace(team=p.number) for p in t.players))
    d = formats.dump(t, "chess-results-xml")
    assert [w.message for w in d.warnings] == [
        "chess-results-xml cannot carry team.nickname (team short names (TRF26 310)): 1 dropped",
        "chess-results-xml has no forfeit type for team matches: 1 (first: round 1 1-2 +-) written"
        " as plain matches"]
    back = formats.get("chess-results-xml").load(d.data).tournament
    assert back.teams[0].rank == 1 and back.teams[0].nickname == ""
    assert [w.message for w in formats.dump(t, "trf").warnings] == [
        "teams: nickname, strength, points and rank need TRF26 record 310; not written",
        "team matches: 1 record(s) 330 exist only in TRF26; not written"]
    assert formats.get("trf26").load(formats.dump(t, "trf26").data).tournament.team_matches == t.team_matches


def test_the_next_round_of_xxz_is_the_round_after_the_last_paired_one_not_after_preset_byes():
    W, B = Color.WHITE, Color.BLACK
    t = _two_players(declared_byes=(DeclaredBye(0, ByeKind.ZERO, (2,)),))
    c = Player(3, "E, F", entries=(RoundEntry(Kind.PAB), RoundEntry(Kind.HALF_BYE)))  # pre-set bye
    t = t.replace(players=t.players + (c,))
    assert t.player(1).entry(1) == RoundEntry(Kind.WIN, 2, W) and t.player(2).entry(1).color is B
    assert "240 Z   2    2\n" in formats.dump(t, "trf26").data.decode()
    round2 = t.replace(declared_byes=(DeclaredBye(2, ByeKind.ZERO, (2,)),))
    assert "XXZ 2\n" in formats.dump(round2, "trf").data.decode()


def test_trf_writes_iso_round_dates_as_yy_mm_dd_instead_of_cutting_them():
    iso = ("2026-03-01", "2026-03-02")
    t = _two_players(round_dates=iso, round_dates_iso=iso)  # as the JSON formats hold them
    d = formats.dump(t, "trf")
    assert d.warnings == []
    back = formats.get("trf").load(d.data).tournament
    assert back.round_dates == ("26/03/01", "26/03/02") and back.round_dates_iso == iso
    t = _two_players(round_dates=("Sun 1 March 2026", "x"), round_dates_iso=(iso[0], ""))
    assert [w.message for w in formats.dump(t, "trf").warnings] == [
        "round date 'Sun 1 March 2026' longer than 8 characters, written as '26/03/01'"]


def test_chess_json_writes_round_dates_known_only_as_iso():
    iso = ("2026-03-01", "2026-03-02")
    t = _two_players(round_dates_iso=iso)  # as chess-results XML reads them
    back = formats.get("chess-json").load(formats.dump(t, "chess-json").data).tournament
    assert back.round_dates_iso == iso


def test_chess_results_xml_takes_team_membership_from_the_teams_when_players_have_none():
    from pairchk.model import Team

    t = _two_players(teams=(Team(1, "Rochade", (1,)), Team(2, "Springer", (2,))))  # as DeWIS reads
    back = formats.get("chess-results-xml").load(formats.dump(t, "chess-results-xml").data).tournament
    assert [tm.members for tm in back.teams] == [(1,), (2,)]
    assert [p.team for p in back.players] == [1, 2]


def test_formats_with_name_fields_say_when_a_name_comes_back_spelled_last_comma_first():
    from tests.test_conversion_matrix import build  # an event every rating report accepts

    t = build()
    t = t.replace(players=(t.players[0].replace(name="Vasquez,Rodrigo"),
                           t.players[1].replace(name="van der Berg, Jan, Jr.")) + t.players[2:])
    for fmt in ("csv", "papi-json", "dsb-xml", "dewis-xml", "chess-results-xml"):
        d = formats.dump(t, fmt)
        back = formats.get(fmt).load(d.data).tournament
        assert [p.name for p in back.players[:2]] == ["Vasquez, Rodrigo", "van der Berg, Jan, Jr."], fmt
        assert any(w.message.startswith(f"{fmt} cannot carry names.as_written") and
                   w.message.endswith(": 1 dropped") for w in d.warnings), fmt
    for fmt in ("json", "trf", "trf26", "xlsx", "chess-json", "elobase"):
        back = formats.get(fmt).load(formats.dump(t, fmt).data).tournament
        assert [p.name for p in back.players[:2]] == ["Vasquez,Rodrigo", "van der Berg, Jan, Jr."], fmt


def test_a_forfeit_without_opponent_is_written_as_the_bye_it_scores_like_not_a_traceback():
    from tests.test_conversion_matrix import build

    t = build()
    lone = {3: RoundEntry(Kind.FORFEIT_WIN), 6: RoundEntry(Kind.FORFEIT_LOSS)}  # TRF "0000 - +"
    t = t.replace(players=tuple(p.replace(entries=p.entries[:3] + (lone[p.number],))
                                if p.number in lone else p for p in t.players))
    for fmt in ("chess-results-xml", "dsb-xml", "dewis-xml", "elobase"):
        d = formats.dump(t, fmt)
        texts = [w.message for w in d.warnings]
        assert any("forfeit_win_without_opponent" in x for x in texts), fmt
        back = formats.get(fmt).load(d.data).tournament
        if fmt == "chess-results-xml":  # the others leave byes out (entries.byes)
            assert back.player(3).entry(4) == RoundEntry(Kind.FULL_BYE)
            assert back.player(6).entry(4) == RoundEntry(Kind.ZERO_BYE)


def test_small_writer_gaps_found_on_the_shared_samples():
    # TRF rank column: the declared rank is written as declared (issue 14); the placeholder 0
    # means "not declared" and gets the rank by points
    t = _two_players()
    t = t.replace(players=(t.players[0].replace(rank=0), t.players[1].replace(rank=1)))
    back = formats.load(formats.dump(t, "trf").data).tournament
    assert [p.rank for p in back.players] == [1, 1]
    # chess-results XML knows women as F whether the model says w (TRF16) or f (TRF26)
    t = _two_players()
    t = t.replace(players=(t.players[0].replace(sex="f"), t.players[1]))
    for fmt in ("chess-results-xml", "chess-json"):
        back = formats.get(fmt).load(formats.dump(t, fmt).data).tournament
        assert back.player(1).sex == "w", fmt
    # DSB/DeWIS notes keep indented TRF comments as they are
    from tests.test_conversion_matrix import build

    t = build().replace(comments=(" indented", "plain"))
    for fmt in ("dsb-xml", "dewis-xml"):
        assert formats.get(fmt).load(formats.dump(t, fmt).data).tournament.comments == t.comments
    # ELOBASE has 10 columns for the FIDE id: a longer one is left out, not cut to another id
    t = build()
    t = t.replace(players=(t.players[0].replace(fide_id="70123454321"),) + t.players[1:])
    d = formats.dump(t, "elobase")
    assert "player 1: FIDE id '70123454321' does not fit 10 columns; left out" in [
        w.message for w in d.warnings]
    assert formats.get("elobase").load(d.data).tournament.player(1).fide_id == ""
