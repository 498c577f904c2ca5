"""submit: bulk fill from a players CSV or the FIDE rating list, FIDE-held data as notes,
FIDE and DSB agreeing on what is inconsistent, dates that are real."""

from pathlib import Path

import pytest

from pairchk import formats
from pairchk.submit import read_player_list, readiness

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "submit"
CLUB = ROOT / "fixtures" / "club_open_2026.trf"
TYPO = ROOT / "fixtures" / "club_open_2026_typo.trf"


def _club():
    return formats.load(CLUB.read_bytes(), path=str(CLUB)).tournament


@pytest.mark.parametrize("name", ["rating-list.txt", "rating-list.xml"])
def test_the_fide_rating_list_fills_by_name_and_federation_when_asked(name):
    data = (DATA / name).read_bytes()
    by_id = read_player_list(data, name)
    r = readiness(_club(), "fide", players=by_id)
    assert [g for g in r.gaps if "FIDE id" in g] == [
        "player 10 (Okafor, Chidi): FIDE id missing or malformed '' (--set fide_id.10=..., or"
        " --players FILE)",
        "player 11 (Hansen, Ingrid): FIDE id missing or malformed '' (--set fide_id.11=..., or"
        " --players FILE)"]
    by_name = read_player_list(data, name, by_name=True)
    r = readiness(_club(), "fide", players=by_name)
    assert r.gaps == ()
    assert r.notes[0] == (f"--players {name}: {3 if name.endswith('txt') else 2} player(s)"
                          " matched by FIDE id, or name and federation; filled fide id of 2")
    assert b"54000011" in r.data and b"1500009" in r.data


def test_a_csv_fills_what_the_file_lacks_and_says_so():
    t = _club()
    t = t.replace(players=tuple(p.replace(sex="", birth="") if p.number in (10, 11) else p
                                for p in t.players))
    t = t.replace(players=tuple(p.replace(fide_id={10: "54000011", 11: "1500009"}[p.number])
                                if p.number in (10, 11) else p for p in t.players))
    before = readiness(t, "fide")
    assert "player 10 (Okafor, Chidi): sex missing" not in " ".join(before.gaps)
    assert any(n.startswith("sex not in the file for 2 player(s) with a FIDE id") for n in
               before.notes)
    pl = read_player_list((DATA / "players.csv").read_bytes(), "players.csv")
    after = readiness(t, "fide", players=pl)
    assert after.notes[:2] == (
        "--players players.csv: 2 player(s) matched by FIDE id; filled birth of 2, sex of 2",
        "--players players.csv: 9 player(s) not found: 1, 2, 3, 4, 5, 6, 7, 8, 9")
    assert not any(n.startswith("sex not in the file") for n in after.notes)


def test_missing_sex_of_a_fide_registered_player_is_a_note_not_a_gap():
    t = _club()
    t = t.replace(players=tuple(p.replace(sex="") if p.number == 1 else p for p in t.players))
    r = readiness(t, "fide", ["fide_id.10=54000011", "fide_id.11=1500009"])
    assert r.gaps == ()
    assert "sex not in the file for 1 player(s) with a FIDE id (FIDE holds it on their record;" \
        " --players FILE fills it): 1" in r.notes
    assert r.data


def test_fide_and_dsb_flag_the_same_inconsistency():
    t = formats.load(TYPO.read_bytes(), path=str(TYPO)).tournament
    gap = "player 7 (van Dijk, Pieter): declared points 3.5 differ from the results (2.5) (fix the source file)"
    assert gap in readiness(t, "fide").gaps
    assert readiness(t, "dsb").gaps == (gap,)


@pytest.mark.parametrize("sets, gap", [
    (["start=2026-02-31", "end=2026-03-01"],
     "042 start date '2026-02-31' is not a date of the calendar (--set start=YYYY-MM-DD)"),
    (["start=2026-03-02", "end=2026-03-01"],
     "052 end date 2026-03-01 is before the 042 start date 2026-03-02 (--set start=YYYY-MM-DD"
     " --set end=YYYY-MM-DD)"),
])
def test_dates_must_be_real(sets, gap):
    # fuzz finding: submit --set start=2026-02-31 --set end=2026-02-30 said "ready"
    r = readiness(_club(), "fide", sets + ["fide_id.10=54000011", "fide_id.11=1500009"])
    assert gap in r.gaps
    assert r.data == b""
