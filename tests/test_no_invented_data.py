"""A value the source lacks is never made up on conversion.

A SwissPerfect export records no colours. Every writer either keeps the games without
colours (and they read back without colours) or refuses, naming what is missing; no
conversion leads ``check`` to colour breaches nobody committed.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from pairchk import formats
from pairchk.errors import PairchkError
from pairchk.formats import _dsb
from pairchk.formats.boards import colourless_games
from pairchk.model import Color

SPX = Path(__file__).parent / "data" / "invented" / "swissperfect-gonzaga-2010.txt"
WRITABLE = [n for n in formats.names() if getattr(formats.get(n), "CAN_WRITE", True)]


def _source():
    return formats.load(SPX.read_bytes(), path=str(SPX)).tournament


def test_the_export_has_no_colours():
    t = _source()
    assert all(e.color is Color.NONE for p in t.players for e in p.entries)
    assert len(colourless_games(t)) == 141


@pytest.mark.parametrize("name", WRITABLE)
def test_every_writer_keeps_colours_unknown_or_refuses(name):
    t = _source()
    mod = formats.get(name)
    try:
        dumped = mod.dump(t)
    except _dsb.MissingDataError as exc:  # DSB formats also lack birth years here
        assert any("birth" in g for g in exc.gaps)
        t = t.replace(players=tuple(p.replace(birth="1990") for p in t.players))
        try:
            dumped = mod.dump(t)
        except PairchkError as exc2:
            assert "141 game(s) have no colours (first: round 1 1-27" in str(exc2)
            return
    except PairchkError as exc:
        assert "141 game(s) have no colours (first: round 1 1-27; round 1 2-28; round 1 5-31)" \
            in str(exc)
        assert "does not make colours up" in str(exc)
        return
    back = formats.load(dumped.data, fmt=name).tournament
    coloured = [(p.number, r) for p in back.players for r, e in enumerate(p.entries, 1)
                if e.kind.has_opponent and not e.kind.is_forfeit and e.color is not Color.NONE]
    assert coloured == [], f"{name} made up colours for {len(coloured)} entries"


def test_convert_to_chess_results_xml_refuses(tmp_path):
    out = tmp_path / "out.xml"
    r = subprocess.run([sys.executable, "-m", "pairchk", "convert", str(SPX), str(out),
                        "--to", "chess-results-xml"], capture_output=True, text=True)
    assert r.returncode == 1
    assert not out.exists()
    assert r.stderr.splitlines()[-1] == (
        f"error: {out}: cannot write chess-results-xml: 141 game(s) have no colours (first:"
        " round 1 1-27; round 1 2-28; round 1 5-31); chess-results-xml writes every game as"
        " white against black and pairchk does not make colours up (hint: the source does not"
        " record them; write a format that keeps games without colours, such as trf, json, csv"
        " or xlsx)")


def test_converted_file_checks_without_colour_breaches(tmp_path):
    out = tmp_path / "out.trf"
    subprocess.run([sys.executable, "-m", "pairchk", "convert", str(SPX), str(out)],
                   check=True, capture_output=True)
    r = subprocess.run([sys.executable, "-m", "pairchk", "check", str(out), "--format", "json"],
                       capture_output=True, text=True)
    assert "colour difference" not in r.stdout
    assert "three times in a row" not in r.stdout
