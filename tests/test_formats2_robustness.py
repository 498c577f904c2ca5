"""Damaged input to the SWT, chess-results, DSB/DeWIS/ELOBASE readers: a located error, never a traceback."""
import random
from pathlib import Path

import pytest

from pairchk import formats
from pairchk.errors import PairchkError
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament

ROOT = Path(__file__).resolve().parents[1]


def _small() -> Tournament:
    return Tournament(
        name="Kieler Open", city="Kiel", time_control="G/90", start_date="2026-07-01", end_date="2026-07-02",
        rounds=2, players=(
            Player(1, "Anand, Vishy", birth="1969", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE), RoundEntry(Kind.PAB))),
            Player(2, "Carlsen, Magnus", birth="1990",
                   entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK), RoundEntry(Kind.DRAW, 3, Color.WHITE))),
            Player(3, "Kramnik, Vladimir", birth="1975",
                   entries=(RoundEntry(Kind.HALF_BYE), RoundEntry(Kind.DRAW, 2, Color.BLACK)))))


def _samples():
    yield "swt", (ROOT / "fixtures" / "SwissIndividual.SWT").read_bytes()
    yield "chess-results-xml", (ROOT / "fixtures" / "chess-results-single-swiss.xml").read_bytes()
    yield "chess-results-html", (ROOT / "fixtures" / "chess-results-frome2026-crosstable.html").read_bytes()
    for fmt in ("dsb-xml", "dewis-xml", "elobase"):
        yield fmt, formats.dump(_small(), fmt).data


@pytest.mark.parametrize("fmt,data", list(_samples()), ids=lambda x: x if isinstance(x, str) else "")
def test_mutated_files_fail_cleanly(fmt, data):
    rng = random.Random(fmt)
    for _ in range(60):
        buf = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            op = rng.random()
            i = rng.randrange(len(buf))
            if op < 0.5:
                buf[i] = rng.randrange(256)
            elif op < 0.75:
                del buf[i: i + rng.randint(1, 40)]
            else:
                buf[i:i] = bytes(rng.randrange(32, 127) for _ in range(rng.randint(1, 10)))
        try:
            formats.load(bytes(buf), fmt=fmt, path="m")
        except PairchkError as exc:
            assert str(exc).startswith("m")  # every error names the file
    # a truncated file too
    with pytest.raises(PairchkError):
        formats.load(data[: len(data) // 3], fmt=fmt, path="m")


@pytest.mark.parametrize("fmt,root", [("chess-results-xml", "chessresults"), ("dewis-xml", "dewis"),
                                      ("dsb-xml", 'DSB_DWZ_TournamentReport xmlns="http://www.schachbund.de/XMLSchema"')])
def test_no_xml_reader_resolves_external_entities(tmp_path, fmt, root):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    tag = root.split()[0]
    doc = (f'<?xml version="1.0"?><!DOCTYPE {tag} [<!ENTITY x SYSTEM "file://{secret}">]>'
           f"<{root}><label>&x;</label></{tag}>").encode()
    with pytest.raises(PairchkError) as exc:
        formats.load(doc, fmt=fmt, path="x.xml")
    assert "TOP-SECRET" not in str(exc.value)
    assert str(exc.value).startswith("x.xml:1: XML entity declarations are refused")
