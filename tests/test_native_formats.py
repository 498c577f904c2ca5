"""The pairing programs' own files (issue: native files): Papi ``.papi``, Sharly-Chess ``.sce``
and SwissPerfect ``.ini``/``.trn``/``.sco``, read as their exports are, with the colours the
exports lack, several tournaments per file, and hostile files refused with a located error."""

from __future__ import annotations

import shutil
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from pairchk import formats
from pairchk.errors import FormatError, PairchkError
from pairchk.formats import TournamentChoiceError, limits, sharly_accel
from pairchk.model import Color, Kind, ScoreSystem

from shared_paths import shared

NATIVE = Path(__file__).resolve().parent / "data" / "native"


def _load(path: Path, **kw):
    return formats.load_path(str(path), **kw)


# --------------------------------------------------------------------------- Papi


def test_papi_reads_as_its_papi_json_export():
    """The same test event as a Papi file and as Papi-JSON: the same players with the same
    numbers (Papi's pairing order), and the same opponent, colour and result in every round."""
    native = _load(NATIVE / "papi-import-test.papi")
    export = _load(NATIVE / "papi-json-import-test.json")
    a, b = native.tournament, export.tournament
    assert formats.detect((NATIVE / "papi-import-test.papi").read_bytes()).NAME == "papi"
    assert a.rounds == b.rounds == 5
    assert [(p.number, p.name, p.rating) for p in a.players] == \
        [(p.number, p.name, p.rating) for p in b.players]
    assert len(a.players) == 16 and a.player(1).name == "ALYX" and a.player(1).rating == 2200
    for pa in a.players:
        pb = b.player(pa.number)
        assert pa.entries == pb.entries, pa.name
    # colours, a PAB (Papi's EXEMPT) and a half-point bye, as Papi recorded them
    assert a.player(1).entry(1) == a.player(1).entry(1).__class__(Kind.WIN, 9, Color.WHITE)
    assert any(e.kind is Kind.PAB for p in a.players for e in p.entries)
    assert a.player(4).entry(2).kind is Kind.HALF_BYE


@pytest.mark.parametrize("name, players, rounds, played", [
    ("bre-jeunes-2024-open-a.papi", 15, 7, 7), ("bre-jeunes-2024-u14.papi", 34, 7, 7),
    ("handicap.papi", 38, 7, 7), ("67900.papi", 33, 9, 0), ("67904.papi", 55, 9, 0),
    ("papi-import-test.papi", 16, 5, 5)])
def test_every_papi_sample_reads(name, players, rounds, played):
    t = _load(shared("samples", "native", "papi", name)).tournament
    assert (len(t.players), t.rounds, t.played_rounds) == (players, rounds, played)
    # numbered in Papi's pairing order: rating descending
    ratings = [p.rating or 0 for p in t.players]
    assert ratings == sorted(ratings, reverse=True)


def test_papi_withdrawal_marks_every_later_round_of_the_event():
    """Papi marks a withdrawn player F up to round 24: absences within the event's 7 rounds,
    nothing after them."""
    t = _load(shared("samples", "native", "papi", "handicap.papi")).tournament
    gone = [p for p in t.players if p.entry(7).kind is Kind.ABSENT]
    assert len(gone) == 1 and [e.kind for e in gone[0].entries[5:]] == [Kind.ABSENT] * 2
    assert len(gone[0].entries) == 7


# --------------------------------------------------------------------------- Sharly-Chess


def test_sharly_minimal_event():
    t = _load(NATIVE / "minimal.sce").tournament
    assert (t.name, t.city, t.rounds, t.system, len(t.players)) == ("Tournoi", "x", 7, "FIDE_DUTCH_2025", 22)
    # no pairing numbers stored: numbered as Sharly does, rating first
    assert [p.name for p in t.players[:3]] == ["GUETTE, Gilles", "LE MAREC, Laura", "PERARD-JOUAULT, Ewen"]
    assert t.player(1).entry(1) == t.player(1).entry(1).__class__(Kind.PENDING, 12, Color.WHITE)
    assert t.player(12).entry(1).color is Color.BLACK
    assert (t.player(6).entry(1).kind, t.player(16).entry(1).kind) == (Kind.WIN, Kind.LOSS)
    assert [e.kind for e in t.player(2).entries] == [Kind.HALF_BYE, Kind.HALF_BYE]
    assert [e.kind for e in t.player(17).entries] == [Kind.ZERO_BYE] * 5


def test_sharly_event_with_two_tournaments():
    path = shared("samples", "native", "sharly-sce", "liffre-2025.sce")
    parts = formats.load_all(path.read_bytes(), path=str(path))
    assert [(p.id, p.name, len(p.loaded.tournament.players)) for p in parts] == [("1", "A", 80), ("2", "B", 87)]
    with pytest.raises(TournamentChoiceError) as exc:
        _load(path)
    assert str(exc.value) == (f"{path}: the file holds 2 tournaments: 1 'A', 2 'B' (hint: choose one"
                              " with --tournament ID or --tournament NAME)")
    assert formats.tournaments(path.read_bytes(), path=str(path)) == [("1", "A"), ("2", "B")]
    assert formats.tournaments((NATIVE / "minimal.sce").read_bytes()) == [("1", "Tournoi")]
    assert formats.tournaments((NATIVE / "papi-import-test.papi").read_bytes()) == []
    assert _load(path, tournament="2").tournament.name == "B"
    assert _load(path, tournament="a").tournament.name == "A"
    with pytest.raises(TournamentChoiceError, match="no tournament 'C'"):
        _load(path, tournament="C")
    a = _load(path, tournament="A").tournament
    # stored pairing numbers, colours of every game, the acceleration Sharly recorded
    assert a.initial_color is Color.WHITE and a.time_control_encoded == "40/5400+30:1800+30"
    assert all(e.color in (Color.WHITE, Color.BLACK) for p in a.players for e in p.entries if e.played)
    assert a.acceleration and "SWISS_PROGRESSIVE" in a.system_text


def test_sharly_2x_event_reads_its_papi_files(tmp_path):
    """Sharly-Chess 2.x kept each tournament in a Papi file beside the event (in ../papi/)."""
    sce = shared("samples", "native", "sharly-sce", "Allauch_25.sce")
    (tmp_path / "events").mkdir()
    (tmp_path / "papi").mkdir()
    shutil.copy(sce, tmp_path / "events" / sce.name)
    for name in ("67900.papi", "67904.papi"):
        shutil.copy(shared("samples", "native", "papi", name), tmp_path / "papi" / name)
    event = tmp_path / "events" / sce.name
    parts = formats.load_all(event.read_bytes(), path=str(event))
    assert [(p.id, p.name, p.loaded.tournament.name, len(p.loaded.tournament.players))
            for p in parts] == [("1", "Tournoi A", "Tournoi A", 33), ("2", "Tournoi B", "Tournoi B", 55)]
    (tmp_path / "papi" / "67904.papi").unlink()
    parts = formats.load_all(event.read_bytes(), path=str(event))
    assert parts[0].loaded is not None and parts[1].loaded is None
    assert "keeps its players and games in the Papi file 67904.papi" in str(parts[1].error)


@pytest.mark.parametrize("name, tournaments", [
    ("avoine-2024.sce", [352]), ("france-rapide-2023.sce", [581]), ("liffre-2025.sce", [80, 87]),
    ("minimal.sce", [22]), ("ste-foy-noel-3_4_1-m069.sce", [262]),
    ("champignol-2025-2_6_1-m023.sce", [None]), ("Allauch_25.sce", [33, 55])])
def test_every_sharly_schema_reads(name, tournaments):
    path = shared("samples", "native", "sharly-sce", name)
    assert formats.detect(path.read_bytes()).NAME == "sharly"
    parts = formats.load_all(path.read_bytes(), path=str(path))
    assert [len(p.loaded.tournament.players) if p.loaded else None for p in parts] == tournaments
    for p in parts:
        if p.loaded is None:  # Sharly 2.6: the games are in a Papi file not among the samples
            assert "66363.papi" in str(p.error)


def test_sharly_progressive_acceleration_follows_the_rules():
    # capital 2, 1, 0 for groups A, B, C; +½ per 1½ points scored; 2 from half the possible score
    assert [sharly_accel._progressive(1, Decimal(s), 9) for s in ("0", "1", "1.5", "3", "4.5")] == \
        [Decimal(1), Decimal(1), Decimal("1.5"), Decimal(2), Decimal(2)]
    assert sharly_accel._progressive(2, Decimal("3"), 9) == Decimal(1)
    assert sharly_accel._progressive(0, Decimal(0), 9) == Decimal(2)


# --------------------------------------------------------------------------- SwissPerfect


@pytest.mark.parametrize("stem", ["gonzaga_challengers_2010", "junior_championships_u19_2010"])
def test_swissperfect_native_reads_as_its_export(stem):
    """Same players, same opponent and result every round, and colours the export lacks. Two
    differences come from the export (written by the ICU's converter): a player without a game
    gets a round-1 zero there, and a double forfeit loses its opponents there."""
    native = _load(NATIVE / f"{stem}.trn").tournament
    export = formats.load_path(str(NATIVE / f"{stem}.txt"), fmt="swissperfect").tournament
    points = ScoreSystem().points
    assert [p.number for p in native.players] == [p.number for p in export.players]
    for p in native.players:
        q = export.player(p.number)
        assert p.name.split(",")[0].casefold() == q.name.split(",")[0].casefold()
        assert p.national_id == q.national_id
        for r in range(1, max(len(p.entries), len(q.entries)) + 1):
            a, b = p.entry(r), q.entry(r)
            if a.kind is Kind.FORFEIT_LOSS and b.kind is Kind.ZERO_BYE:
                assert native.player(a.opponent).entry(r).kind is Kind.FORFEIT_LOSS
                continue
            if r == 1 and a.kind is Kind.ABSENT and b.kind is Kind.ZERO_BYE:
                assert all(e.kind is Kind.ABSENT for e in p.entries)
                continue
            assert (a.opponent, points(a), a.kind.is_bye) == (b.opponent, points(b), b.kind.is_bye)
            assert b.color is Color.NONE
            if a.played:
                assert a.color in (Color.WHITE, Color.BLACK)
                assert native.player(a.opponent).entry(r).color is a.color.opposite


def test_any_of_the_three_swissperfect_files_names_the_tournament():
    stem = NATIVE / "junior_championships_u19_2010"
    read = [_load(stem.with_suffix(ext)).tournament for ext in (".ini", ".trn", ".sco")]
    assert read[0] == read[1] == read[2]
    t = read[0]
    assert (t.name, t.rounds, t.played_rounds, len(t.players)) == ("U - 19 All Ireland", 11, 3, 4)
    assert t.player(1).name == "Griffiths, Ryan-Rhys"
    # .sco record 1: WHITE 2 (Griffiths, No 1) BLACK 3 (Dunne, No 4), scores 2-0; record 2:
    # WHITE 4 (Flynn, No 2) beat BLACK 1 (Hulleman, No 3)
    assert t.player(1).entry(1) == t.player(1).entry(1).__class__(Kind.WIN, 4, Color.WHITE)
    assert t.player(3).entry(1) == t.player(3).entry(1).__class__(Kind.LOSS, 2, Color.BLACK)


def test_swissperfect_stem_and_companions():
    stem = NATIVE / "junior_championships_u19_2010"
    from pairchk.formats import swissperfect_native as spn

    assert spn.stem_file(str(stem)) == f"{stem}.trn"
    assert spn.stem_file(f"{stem}.trn") is None
    assert sorted(spn.companions(f"{stem}.trn")) == [f"{stem}.ini", f"{stem}.sco"]


def test_swissperfect_half_point_bye_from_the_bonus():
    t = _load(NATIVE / "gonzaga_challengers_2010.sco").tournament
    assert t.player(13).entry(1).kind is Kind.HALF_BYE  # a zero-score bye record + BONUS 0.5
    assert t.player(19).entry(2).kind is Kind.ZERO_BYE  # the same record without a bonus


def test_swissperfect_without_its_companions(tmp_path):
    shutil.copy(NATIVE / "junior_championships_u19_2010.trn", tmp_path / "j.trn")
    with pytest.raises(FormatError) as exc:
        _load(tmp_path / "j.trn")
    assert str(exc.value) == (f"{tmp_path / 'j.trn'}: SwissPerfect tournament without its .ini file"
                              " (expected j.ini beside j.trn; hint: SwissPerfect keeps a tournament"
                              " in three files: .ini, .trn, .sco)")


# --------------------------------------------------------------------------- hostile files


def _copy_trio(tmp_path: Path, ext: str, data: bytes) -> Path:
    for e in (".ini", ".trn", ".sco"):
        shutil.copy(NATIVE / f"junior_championships_u19_2010{e}", tmp_path / f"j{e}")
    (tmp_path / f"j{ext}").write_bytes(data)
    return tmp_path / f"j{ext}"


def test_dbase_record_count_beyond_the_file(tmp_path):
    data = bytearray((NATIVE / "junior_championships_u19_2010.sco").read_bytes())
    data[4:8] = (2_000_000_000).to_bytes(4, "little")
    path = _copy_trio(tmp_path, ".sco", bytes(data))
    with pytest.raises(FormatError, match=r"j\.sco: SwissPerfect games \(\.sco\): the header counts"
                                          r" 2000000000 records of 32 bytes, the file holds 6"):
        _load(path)


def test_dbase_cut_in_its_field_list(tmp_path):
    data = (NATIVE / "junior_championships_u19_2010.trn").read_bytes()[:300]
    path = _copy_trio(tmp_path, ".trn", data)
    with pytest.raises(FormatError, match=r"j\.trn: SwissPerfect players \(\.trn\): byte 288: the file ends in its list of fields"):
        formats.load(data, path=str(path), fmt="swissperfect-native")


@pytest.mark.parametrize("cut", [0, 4096, 100_000, 300_000])
def test_papi_truncated_is_a_located_error(cut):
    data = (NATIVE / "papi-import-test.papi").read_bytes()
    data = data[:cut] + bytes(len(data) - cut) if cut else bytes(len(data))
    with pytest.raises(PairchkError) as exc:
        formats.load(data, path="t.papi", fmt="papi")
    assert str(exc.value).startswith("t.papi: ")


def test_papi_pages_broken_never_escape(tmp_path):
    data = (NATIVE / "papi-import-test.papi").read_bytes()
    for page in range(1, len(data) // 4096, 6):
        broken = data[:page * 4096] + data[(page + 7) % 100 * 4096:][:4096] + data[(page + 1) * 4096:]
        try:
            formats.load(broken, path="t.papi", fmt="papi")
        except PairchkError as exc:
            assert str(exc).startswith("t.papi: ")


def test_database_size_is_checked_before_reading(monkeypatch):
    monkeypatch.setattr(limits, "MAX_DATABASE_BYTES", 1000)
    for name, fmt in (("papi-import-test.papi", "papi"), ("minimal.sce", "sharly")):
        with pytest.raises(FormatError, match=r"of \d+ bytes \(expected at most 0 MiB"):
            formats.load((NATIVE / name).read_bytes(), path=name, fmt=fmt)


def _sce(tmp_path: Path, script: str) -> bytes:
    db = tmp_path / "e.sce"
    conn = sqlite3.connect(db)
    conn.executescript(script)
    conn.commit()
    conn.close()
    return db.read_bytes()


def test_sharly_garbage_and_foreign_sqlite(tmp_path):
    with pytest.raises(FormatError, match="cannot read its list of tables"):
        formats.load(b"SQLite format 3\x00" + bytes(5000), path="e.sce", fmt="sharly")
    data = _sce(tmp_path, "CREATE TABLE notes (x);")
    with pytest.raises(FormatError, match="without the tables tournament and info"):
        formats.load(data, path="e.sce", fmt="sharly")


def test_sharly_endless_view_is_never_run(tmp_path):
    """A hostile event file whose ``player`` is a recursive view: only tables are read."""
    data = _sce(tmp_path, """
        CREATE TABLE info (name TEXT); INSERT INTO info VALUES ('x');
        CREATE TABLE tournament (id INTEGER, name TEXT, rounds INTEGER, pairing TEXT);
        INSERT INTO tournament VALUES (1, 'T', 5, 'SWISS_STANDARD');
        CREATE TABLE tournament_player (tournament_id, player_id, pairing_number);
        CREATE TABLE pairing (tournament_id, player_id, round, result, board_id);
        CREATE TABLE board (id, white_player_id, black_player_id);
        CREATE VIEW player AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
            SELECT i AS id FROM n;""")
    with pytest.raises(FormatError, match="the file has no players"):
        formats.load(data, path="e.sce", fmt="sharly")


def test_sharly_pairing_of_an_unknown_player_is_located(tmp_path):
    data = _sce(tmp_path, """
        CREATE TABLE info (name TEXT); INSERT INTO info VALUES ('x');
        CREATE TABLE tournament (id INTEGER, name TEXT, rounds INTEGER, pairing TEXT);
        INSERT INTO tournament VALUES (1, 'T', 5, 'SWISS_STANDARD');
        CREATE TABLE player (id, last_name, first_name, ratings);
        INSERT INTO player VALUES (1, 'A', 'a', '{}'), (2, 'B', 'b', '{}');
        CREATE TABLE tournament_player (tournament_id, player_id, pairing_number);
        INSERT INTO tournament_player VALUES (1, 1, 1), (1, 2, 2);
        CREATE TABLE board (id, white_player_id, black_player_id);
        INSERT INTO board VALUES (1, 1, 9);
        CREATE TABLE pairing (tournament_id, player_id, round, result, board_id);
        INSERT INTO pairing VALUES (1, 1, 1, 3, 1);""")
    with pytest.raises(FormatError) as exc:
        formats.load(data, path="e.sce", fmt="sharly")
    assert str(exc.value) == ("e.sce: tournament 1, player id 1, round 1: opponent id 9 is not in"
                              " the tournament (expected players of tournament_player; hint: open"
                              " the event in Sharly-Chess and save it again)")


# --------------------------------------------------------------------------- not tournaments


@pytest.mark.parametrize("data, reason", [
    (b"# pairchk\n\nRead, convert and check chess tournament files written by other programs.\n",
     "a text document"),
    (b"4\n1 5\n6 2\n3 7\n8 4\n", "a bbpPairings pairing output"),
    (b'[{"file": "a.trf", "system": "dutch", "verdict": "ok", "rounds": []}]', "check report"),
    (b'{"files": 3, "rounds": 12, "status": {}, "exit_code": 0, "results": []}', "batch summary"),
])
def test_recognisably_no_tournament(data, reason):
    assert reason in formats.skip_reason(data)


def test_tournament_files_are_never_skipped():
    for path in (NATIVE / "papi-import-test.papi", NATIVE / "minimal.sce",
                 NATIVE / "junior_championships_u19_2010.ini",
                 NATIVE / "gonzaga_challengers_2010.txt", NATIVE / "papi-json-import-test.json"):
        assert formats.skip_reason(path.read_bytes()) is None, path
