"""Gaps other tests found in the writers: each is now carried exactly or named in a warning."""

from __future__ import annotations

from decimal import Decimal

from pairchk import formats
from pairchk.model import (Acceleration, ByeKind, DeclaredBye, NationalRating, Player, RoundEntry,
                           Kind, Color, Tournament)


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
        "player 1: national ratings: the GER line needs TRF26; not written",
        "declared byes: half bye for round 2 needs TRF26 record 240; not written",
        "acceleration of player 1: match points cannot be written in XXA records (TRF26 250);"
        " not written",
    ]
    text = d.data.decode()
    assert "XXZ 2\n" in text and "XXA    1  1.0\n" in text  # what TRF16 can say is written
