from decimal import Decimal

import pytest

from pairchk.model import Color, Kind, Player, RoundEntry, ScoreSystem, Tournament, kind_from_code


@pytest.mark.parametrize("code", ["1", "=", "0", "W", "D", "L", "+", "-", "U", "F", "H", "Z", " "])
def test_every_trf_result_code_maps_to_one_kind_and_back(code):
    assert kind_from_code(code).code == code
    assert kind_from_code(code.lower()).code == code


def test_unknown_code_is_refused_with_the_code_quoted():
    with pytest.raises(ValueError, match="'Q'"):
        kind_from_code("Q")


def test_scores_under_a_non_standard_system():
    s = ScoreSystem(win=Decimal(3), draw=Decimal(1), pab=Decimal(1))
    t = Tournament(
        scoring=s,
        players=(
            Player(1, entries=(RoundEntry(Kind.WIN, 2, Color.WHITE), RoundEntry(Kind.PAB), RoundEntry(Kind.HALF_BYE))),
            Player(2, entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),)),
        ),
    )
    assert t.score(1) == Decimal(5)  # 3 + PAB 1 + half bye = draw 1
    assert t.score(1, through_round=1) == Decimal(3)
    assert t.played_rounds == 3
    assert Color.WHITE.opposite is Color.BLACK


def test_last_paired_round_ignores_preset_byes_and_absences():
    t = Tournament(
        players=(
            Player(1, entries=(RoundEntry(Kind.PAB), RoundEntry(Kind.HALF_BYE))),
            Player(2, entries=(RoundEntry(Kind.FORFEIT_LOSS, None), RoundEntry(Kind.ZERO_BYE), RoundEntry(Kind.ABSENT))),
        )
    )
    assert t.last_paired_round == 1
    assert RoundEntry(Kind.FORFEIT_WIN).took_part and not RoundEntry(Kind.FORFEIT_LOSS).took_part
