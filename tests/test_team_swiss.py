"""FIDE Swiss Team Pairing System C.04.6 (2026): article by article, and on real and generated files."""

from decimal import Decimal

import pytest

from pairchk.formats import dump, load
from pairchk.generate.team import TeamSettings, generate_team
from pairchk.model import Color
from pairchk.systems.team import swiss as ts
from pairchk.teams import team_rounds
from tests.shared_paths import shared

W, B, N = Color.WHITE, Color.BLACK, Color.NONE


def _state(teams: dict[int, dict], *, prefs: str = "A", rnd: int = 3, rounds: int = 9,
           initial: Color = W) -> ts.TeamRoundState:
    states = {}
    for n, kw in teams.items():
        colours = tuple(kw.get("colours", ()))
        pref, strong = ts.preference(colours, prefs, rnd == rounds)
        states[n] = ts.TeamState(n, f"T{n}", Decimal(kw.get("score", 0)),
                                 Decimal(kw.get("secondary", 0)),
                                 frozenset(kw.get("met", ())), colours, kw.get("barred", False),
                                 len(colours), kw.get("floated", False), pref, strong)
    return ts.TeamRoundState(rnd, rounds, states, tuple(sorted(teams)),
                             ts.Settings(prefs, "MP", "GP"), initial, frozenset(),
                             rnd >= rounds - 1)


def test_art_3_5_4_upfloater_sets_in_lexicographic_order():
    """3.5.4 example: "2,6,8 have 3 points, and 1,3,5 have 2.5 points ... {2,6,1} < {2,6,3} <
    {2,6,5} < {2,8,1} < {2,8,3} < {2,8,5} < {6,8,1} < {6,8,3} < {6,8,5}"."""
    levels = [(Decimal(3), [2, 6, 8]), (Decimal("2.5"), [1, 3, 5])]
    assert list(ts._sets(levels, (2, 1))) == [
        (2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1), (2, 8, 3), (2, 8, 5),
        (6, 8, 1), (6, 8, 3), (6, 8, 5)]


def test_art_2_3_2_c5_profiles_best_first():
    """[C5] "maximise the scores (taken in ascending order) of the upfloaters"."""
    levels = [(Decimal(3), [2, 6, 8]), (Decimal("2.5"), [1, 3, 5])]
    assert ts._profiles(levels, 3) == [(3, 0), (2, 1), (1, 2), (0, 3)]


def test_art_3_6_first_identifier_is_top_half_against_bottom_half():
    """3.6.2-3.6.3: pairings are ordered by their identifiers (top members ascending, then the
    bottom members); with no constraint the first is 1-4 2-5 3-6."""
    st = _state({n: {"score": 2} for n in range(1, 7)})
    assert ts.pair_bracket(st, range(1, 7), frozenset()) == [(1, 4), (2, 5), (3, 6)]


def test_art_3_6_c1_and_next_identifier():
    """[C1] teams 1 and 4 have met: the next identifier 1 2 ... puts 1 against 5
    (1 4 2 5 3 6 is illegal; 1 2 3 5 4 6 < 1 2 3 5 6 4 ... the first legal is 1-5 2-4 3-6)."""
    st = _state({1: {"score": 2, "met": [4]}, 2: {"score": 2}, 3: {"score": 2},
                 4: {"score": 2, "met": [1]}, 5: {"score": 2}, 6: {"score": 2}})
    assert ts.pair_bracket(st, range(1, 7), frozenset()) == [(1, 5), (2, 4), (3, 6)]


def test_c8_colour_preferences_outrank_the_lexicographic_order():
    """[C8] "Minimise the number of teams whose colour preference ... is not fulfilled":
    the best C8 first, then the first identifier among the best."""
    st = _state({1: {"score": 2, "colours": (B, B)}, 2: {"score": 2, "colours": (B, B)},
                 3: {"score": 2, "colours": (W, W)}, 4: {"score": 2, "colours": (W, W)}})
    # identifier order: 1-3 2-4 comes first and has no clash (W-pref against B-pref)
    assert ts.pair_bracket(st, range(1, 5), frozenset()) == [(1, 3), (2, 4)]
    st = _state({1: {"score": 2, "colours": (B, B)}, 2: {"score": 2, "colours": (W, W)},
                 3: {"score": 2, "colours": (B, B)}, 4: {"score": 2, "colours": (W, W)}})
    # 1-3 2-4 (identifier 1 2 3 4) leaves two teams unfulfilled; 1-4 2-3 (1 2 4 3) none
    assert ts.pair_bracket(st, range(1, 5), frozenset()) == [(1, 4), (2, 3)]
    st = _state({1: {"score": 2, "colours": (B, B)}, 2: {"score": 2, "colours": (B, B)},
                 3: {"score": 2, "colours": (B, B)}, 4: {"score": 2, "colours": (W, W)}})
    # three White-seekers: every pairing has one clash, so the first identifier (1 2 3 4) wins
    assert ts.pair_bracket(st, range(1, 5), frozenset()) == [(1, 3), (2, 4)]


def test_art_1_7_type_a_and_b_preferences():
    """1.7.1/1.7.2: CD < -1 or CD in {0,-1} after two Blacks: White (simple/strong); type B
    adds mild preferences; CD +1 after two Blacks gives no type A preference."""
    assert ts.preference((B, B), "A", False) == (W, True)
    assert ts.preference((W, B, B), "A", False) == (W, True)
    assert ts.preference((W, W, B, B), "A", False) == (W, True)
    assert ts.preference((W, W, W, B, B), "A", False) == (N, False)
    assert ts.preference((W, W, W, B, B), "B", False) == (B, False)
    assert ts.preference((W, B), "B", True) == (N, False)
    assert ts.preference((), "B", False) == (N, False)


def test_art_3_4_pab_lowest_score_most_matches_largest_tpn_not_barred():
    """3.4: the PAB goes to the team that leaves a legal pairing, has the lowest score, has
    played the most matches, has the largest TPN; [C2] bars a team that had a PAB."""
    st = _state({1: {"score": 4}, 2: {"score": 0}, 3: {"score": 0, "barred": True},
                 4: {"score": 2}, 5: {"score": 0}})
    assert ts.choose_pab(st) == 5
    st = _state({1: {"score": 4}, 2: {"score": 0}, 3: {"score": 0, "barred": True},
                 4: {"score": 2}, 5: {"score": 0, "met": [1, 4]}})
    # 5 cannot take the bye? it can: the others (1, 2, 3, 4) still pair; lowest score first
    assert ts.choose_pab(st) == 5


def test_art_4_3_colour_cascade():
    """4.3.1: neither team has played: the first-team gets the initial colour if its TPN is
    odd; 4.3.5: White to the lower colour difference; 4.3.6: alternate to the most recent
    round in which the two had different colours."""
    st = _state({1: {"score": 0}, 2: {"score": 0}}, rnd=1)
    assert ts.allocate(st, 1, 2) == (1, 2)
    st = _state({2: {"score": 0}, 4: {"score": 0}}, rnd=1)
    assert ts.allocate(st, 2, 4) == (4, 2)
    st = _state({1: {"score": 2, "colours": (W, W, B)}, 2: {"score": 2, "colours": (B, W, W)}},
                prefs="")
    assert ts.allocate(st, 1, 2) == (1, 2) or ts.allocate(st, 1, 2) == (2, 1)
    st = _state({1: {"score": 2, "colours": (W, B, W)}, 2: {"score": 2, "colours": (B, W, B)}},
                prefs="")
    assert ts.allocate(st, 1, 2) == (2, 1)  # 4.3.5: 2 has the lower difference (-1 < +1)


def test_generated_event_checks_against_itself_and_round_trips_trf26():
    """A generated event written as TRF26 and read back: every round's published pairing
    is the one the engine gives (pairs, colours, PAB), and no absolute rule is broken."""
    t = generate_team(TeamSettings(teams=11, boards=4, rounds=6, seed=5, preferences="B",
                                   match_forfeit_rate=0.05, board_forfeit_rate=0.05))
    back = load(dump(t, "trf26").data, path="g.trf").tournament
    assert back.system == "FIDE_TEAM_TYPEB_MP_GP" and back.played_rounds == 6
    for rnd in range(1, 7):
        st = ts.round_state(back, rnd)
        ref = ts.pair(st)
        pub = ts.published(back, rnd)
        assert {(p.white, p.black) for p in pub.pairs if p.colored} <= {
            (p.white, p.black) for p in ref.pairs}
        assert {p.players for p in pub.pairs} == {p.players for p in ref.pairs}
        assert pub.bye == ref.bye
        assert ts.violations(st, pub) == []


def test_a_rematch_is_a_c1_violation_naming_the_teams():
    t = generate_team(TeamSettings(teams=6, boards=2, rounds=2, seed=2))
    st = ts.round_state(t, 2)
    pub = ts.published(t, 1)
    out = ts.violations(st, pub.__class__(2, pub.pairs, None))
    assert out and out[0].rule == "C.04.6 art. 2.1.1 (2026)"
    assert "have already met" in out[0].text


def test_tec_sample_team_rounds_match_points_and_colours():
    """The FIDE TEC team sample: 50 teams, board-1 colours are the opposite of the opponent's,
    and the totals of 310 are reproduced for all but one team (a hand-made file)."""
    t = load(shared("samples", "trf26", "fide-tec-grandmommys-cup-team-trf26.trf").read_bytes(),
             path="x.trf").tournament
    history = team_rounds(t)
    for n, rs in history.items():
        for r in rs:
            if r.played:
                other = history[r.opponent][r.round - 1]
                assert other.colour is r.colour.opposite
    wrong = [tm.number for tm in t.teams
             if sum((r.match_points for r in history[tm.number]), Decimal(0)) != tm.match_points]
    assert len(wrong) <= 1


@pytest.mark.parametrize("code,expected", [
    ("FIDE_TEAM", ts.Settings("A", "MP", "GP")),
    ("FIDE_TEAM_TYPEB_MP", ts.Settings("B", "MP", "")),
    ("FIDE_TEAM_GP_MP", ts.Settings("", "GP", "MP")),
])
def test_192_codes(code, expected):
    assert ts.settings_from_code(code) == expected


def test_check_of_a_team_sample_names_teams_and_the_article():
    """chess-results' team sample (dated 20 Sep 2025, no system declared): checked as C.04.6 at
    team level under the 2024 text, in force then; round 3 gave the bye to team 6 where the
    2024 PAB rule ("the highest TPN") gives it to 8."""
    from pairchk import check
    from pairchk.formats import load_path

    path = shared("samples", "chess-results-xml", "Team_SwissSystem.xml")
    report = check(load_path(str(path)).tournament, path=str(path))
    assert report.system == "team"
    r3 = report.rounds[2]
    assert r3.status == "deviation"
    assert report.edition == "2024"
    assert report.edition_reason == "start date 2025-09-20: C.04.6 as applied 1 Aug 2024 - 31 Jan 2026"
    assert r3.explanation.startswith("PAB (2024) the pairing-allocated bye goes to the lowest score")
    assert any("6 SC Postbauer-Heng" in w and "8 SK Schwanstetten" in w for w in r3.who)
    assert r3.details["criterion"]["article"] == "C.04.6 art. 2 (2024)"
    assert report.rounds[0].status == "ok"


def test_html_report_of_a_team_file_shows_teams():
    """The HTML report of a team event shows teams (crosstable and boards), not the players
    whose numbers the team numbers happen to equal."""
    import lxml.html

    from pairchk import check
    from pairchk.check import html as report_html
    from pairchk.formats import load_path

    path = shared("samples", "chess-results-xml", "Team_SwissSystem.xml")
    t = load_path(str(path)).tournament
    doc = lxml.html.fromstring(report_html.page(check(t, path=str(path)), t))
    text = doc.text_content()
    assert "11 teams" in text and "SC Postbauer-Heng" in text
    names = [td.text_content() for td in doc.xpath("//table//td[@class='name']")]
    assert "DJK Regensburg-Nord" in names and "Schatz, Christian" not in names


def test_prohibited_pairing_of_the_file_is_named_as_such():
    """TRF26 260 ``260   1  14    1   11   16``: India, India 2 and India 3 may not meet in rounds
    1-14; the TEC sample pairs 16-1 in round 3: a prohibited pairing, not a rematch."""
    t = load(shared("samples", "trf26", "fide-tec-grandmommys-cup-team-trf26.trf").read_bytes(),
             path="x.trf").tournament
    st = ts.round_state(t, 3)
    out = ts.violations(st, ts.published(t, 3))
    assert [v.rule for v in out] == ["competition rules: prohibited pairing (TRF26 260)"]
    assert out[0].text.startswith("teams 16 India 3 and 1 India may not be paired")
    assert frozenset((1, 16)) not in {p.players for p in ts.pair(st).pairs}
