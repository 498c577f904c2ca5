"""A game result that names no opponent (TRF ``0000 - 1``, ``0000 w =``): the TRF reader keeps
it as written, ``validate`` warns, and every writer either carries it or refuses it with a
message naming round, player and result, never with a traceback."""

from __future__ import annotations

import pytest

from pairchk import formats
from pairchk.errors import PairchkError
from pairchk.formats import Loaded
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament
from pairchk.validate import validate

WRITERS = [n for n in formats.names() if getattr(formats.get(n), "CAN_WRITE", True)]


def _tournament(kind: Kind, colour: Color) -> Tournament:
    return Tournament(name="Lone game", rounds=2, players=(
        Player(1, "Alpha, A", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE), RoundEntry(kind, None, colour))),
        Player(2, "Beta, B", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK), RoundEntry(Kind.HALF_BYE))),
    ))


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("kind,colour", [(Kind.WIN, Color.NONE), (Kind.DRAW, Color.WHITE),
                                         (Kind.LOSS, Color.BLACK)])
def test_every_writer_carries_or_refuses_by_name(fmt, kind, colour):
    t = _tournament(kind, colour)
    try:
        out = formats.dump(t, fmt)
    except PairchkError as exc:
        assert str(exc).startswith(f"round 2: player 1 has result {kind.code!r} against no opponent")
        assert "hint:" in str(exc)
        return
    # carried: read back, the entry is still a game without opponent
    back = formats.load(out.data, fmt=fmt).tournament
    e = back.by_number[1].entry(2)
    assert (e.kind, e.opponent) == (kind, None), fmt


def test_validate_warns():
    t = _tournament(Kind.WIN, Color.NONE)
    found = [f for f in validate(Loaded(t)) if f.code == "game-without-opponent"]
    assert len(found) == 1
    assert found[0].message == "player 1, round 2: result '1' names no opponent"


def test_validate_warns_of_every_entry_a_writer_refuses():
    """The writers' hint says "pairchk validate lists every such entry": a game still to be
    played (pending) without opponent too, by the one predicate both use
    (RoundEntry.lacks_opponent)."""
    t = _tournament(Kind.PENDING, Color.WHITE)
    found = [f for f in validate(Loaded(t)) if f.code == "game-without-opponent"]
    assert [f.message for f in found] == ["player 1, round 2: result '*' names no opponent"]
    with pytest.raises(PairchkError, match="round 2: player 1 has result '\\*' against no opponent"):
        formats.dump(t, "dsb-xml")
