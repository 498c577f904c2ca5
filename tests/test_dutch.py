"""FIDE Dutch engine: unit tests and the corpus (bbpPairings-paired tournaments).

Every round of every corpus file must be reproduced exactly: pairs, colours and the PAB.
Default run: the small files; the full sweep is marked slow.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pairchk.formats import trf
from pairchk.model import Color, Kind, Player, RoundEntry, Tournament
from pairchk.pairing import Pair, RoundPairing, published_pairing
from pairchk.state import round_state
from pairchk.systems.dutch.bounds import INF, min_assignment
from pairchk.systems.dutch.evaluate import round_level_values, violations
from pairchk.systems.dutch.round import pair
from pairchk.systems.dutch.tables import UnpairableError

from shared_paths import SHARED


EDITION = {"dutch": "2026", "baku": "2026", "dutch2017": "2017"}


def _corpus(folder: str, max_players: int | None):
    if SHARED is None:
        return []
    out = []
    for f in sorted((SHARED / "corpus" / folder).glob("*.trf")):
        n = int(f.name.split("_p")[1][:3])
        if max_players is None or n <= max_players:
            out.append(pytest.param(folder, f, id=f.name))
    return out


def _check_file(folder: str, path: Path) -> list[str]:
    t = trf.load(path.read_bytes(), path=str(path)).tournament
    bad = []
    for rnd in range(1, t.played_rounds + 1):
        st = round_state(t, rnd, edition=EDITION[folder])
        got = pair(st)
        pub = published_pairing(t, rnd)
        g = ({(p.white, p.black) for p in got.pairs}, got.bye)
        p = ({(p.white, p.black) for p in pub.pairs}, pub.bye)
        if g != p:
            bad.append(f"round {rnd}: engine-only {sorted(g[0] - p[0])} published-only "
                       f"{sorted(p[0] - g[0])} bye {got.bye}/{pub.bye}")
    return bad


FAST = {"dutch": 70, "baku": 40, "dutch2017": 50}
SLOW = ("dutch", "baku", "dutch2017")


@pytest.mark.skipif(SHARED is None, reason="shared corpus not found (../shared or /work/shared)")
@pytest.mark.parametrize("folder,path", [p for f, n in FAST.items() for p in _corpus(f, n)])
def test_corpus_small_files_reproduced_exactly(folder, path):
    assert _check_file(folder, path) == []


# Known disagreements with the endorsed engine (none since pass 1 decides exactly whether a
# bracket's ideal vector is reachable; dutch_p296 round 8 used to end on the node budget).
# Asserted exactly, so a new disagreement shows up.
KNOWN: dict[str, list[int]] = {}


@pytest.mark.slow
@pytest.mark.skipif(SHARED is None, reason="shared corpus not found (../shared or /work/shared)")
@pytest.mark.parametrize("folder,path", [p for f in SLOW for p in _corpus(f, None)])
def test_corpus_every_file_reproduced_exactly(folder, path):
    bad = _check_file(folder, path)
    assert [int(b.split(":")[0].split()[1]) for b in bad] == KNOWN.get(path.name, []), bad


# --------------------------------------------------------------------------- unit tests

W, B = Color.WHITE, Color.BLACK


def _players(n, rounds=()):
    return tuple(Player(i, rating=2500 - i) for i in range(1, n + 1))


def test_round_one_pairs_top_half_against_bottom_half_with_alternating_colours():
    # C.04.3 2026 art. 3 (S1 vs S2) and 5.2.5: odd TPN in S1 gets the initial colour
    t = Tournament(rounds=5, initial_color=W, players=_players(8))
    p = pair(round_state(t, 1, edition="2026"))
    assert [(x.white, x.black) for x in p.pairs] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert p.bye is None


def test_pab_goes_to_the_lowest_ranked_eligible_player():
    # C.04.1 art. 4 (2026): a player who had a PAB is not eligible again
    t = Tournament(rounds=3, initial_color=W, players=(
        Player(1, entries=(RoundEntry(Kind.WIN, 3, W),)),
        Player(2, entries=(RoundEntry(Kind.WIN, 4, W),)),
        Player(3, entries=(RoundEntry(Kind.LOSS, 1, B),)),
        Player(4, entries=(RoundEntry(Kind.LOSS, 2, B),)),
        Player(5, entries=(RoundEntry(Kind.PAB),)),
    ))
    p = pair(round_state(t, 2, edition="2026"))
    assert p.bye == 4
    assert violations(round_state(t, 2, edition="2026"),
                                     RoundPairing(2, p.pairs, 5)) != []


def test_no_rematch_and_unpairable_round_raises():
    t = Tournament(rounds=3, players=(
        Player(1, entries=(RoundEntry(Kind.WIN, 2, W),)),
        Player(2, entries=(RoundEntry(Kind.LOSS, 1, B),)),
    ))
    with pytest.raises(UnpairableError):
        pair(round_state(t, 2, edition="2026"))


def test_published_rematch_is_an_absolute_violation():
    t = Tournament(rounds=3, players=(
        Player(1, entries=(RoundEntry(Kind.WIN, 2, W),)),
        Player(2, entries=(RoundEntry(Kind.LOSS, 1, B),)),
    ))
    st = round_state(t, 2, edition="2026")
    v = violations(st, RoundPairing(2, (Pair(2, 1),)))
    assert any("already met" in x for x in v)


def test_criteria_values_name_colour_preferences_not_granted():
    t = Tournament(rounds=5, initial_color=W, players=_players(4))
    st = round_state(t, 1, edition="2026")
    ref = pair(st)
    vals = round_level_values(st, ref)
    assert list(vals)[:3] == ["C5", "C6", "C7"]
    assert vals["C12"] == 0


def test_min_assignment_matches_brute_force():
    """The pass-1 exactness check rests on the Hungarian method: compare with all permutations."""
    import random
    from itertools import permutations

    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(1, 6)
        cost = [[rng.choice([0, 1, 64, 65, INF]) for _ in range(n)] for _ in range(n)]
        brute = min(sum(cost[i][p[i]] for i in range(n)) for p in permutations(range(n)))
        got = min_assignment(cost)
        if brute >= INF:
            assert got >= INF
        else:
            assert got == brute


def test_p296_round8_bracket_exact():
    """23 players, one floater: pass 1 proves the ideal (4 colour misses) reachable and finds
    the endorsed engine's pairing instead of a budget-limited one with 6."""
    if SHARED is None:
        pytest.skip("shared corpus not found (../shared or /work/shared)")
    path = SHARED / "corpus" / "dutch" / "dutch_p296_r10_s1001900.trf"
    t = trf.load(path.read_bytes()).tournament
    got = pair(round_state(t, 8, edition="2026"))
    pub = published_pairing(t, 8)
    assert sorted((p.white, p.black) for p in got.pairs) == sorted(
        (p.white, p.black) for p in pub.pairs)
    assert got.bye == pub.bye
