"""The tournaments of FIDE's worked tie-break examples, rebuilt as pairchk tournaments.

"Exercises in tie-breaking" (IA Mario Held, Rev. 2403220900 / C.07-2023, V01 2024-03-22; the
exercise set FIDE published with the C.07 2023 text): part one is a 16-player, 5-round Swiss
(crosstable section 2.1), part two a 14-team, 7-round Swiss of 4 boards (section 2.3; MP 2-1-0,
GP 1-1/2-0; PAB and HPB 1 MP / 2 GP, ZPB and -F 0, +F 2 MP / 4 GP). The results are as
transcribed in github.com/gnutterts/chesspairing (tiebreaker/c07_exercises_1_test.go,
fide_exercises_o5_test.go); the tests check the transcription against the published score
columns before they use it.
"""

from __future__ import annotations

from decimal import Decimal

from pairchk.model import ByeKind, Color, DeclaredBye, Kind, Player, RoundEntry, Team, TeamMatch
from pairchk.model import Tournament

W, B = Color.WHITE, Color.BLACK

# --------------------------------------------------------------------------- part one

# round -> (white, black, result for white: 1 / = / 0 / + / -); byes: (player, kind)
SWISS_GAMES = {
    1: [(10, 2, "0"), (1, 9, "1"), (3, 11, "="), (12, 4, "0"), (16, 8, "="), (14, 6, "1"),
        (5, 13, "0"), (7, 15, "1")],
    2: [(2, 7, "1"), (13, 1, "="), (6, 3, "0"), (11, 16, "0"), (15, 5, "1"), (8, 14, "1"),
        (9, 10, "0")],
    3: [(1, 2, "="), (3, 8, "1"), (4, 13, "1"), (16, 7, "1"), (5, 11, "1"), (12, 14, "+"),
        (10, 15, "0")],
    4: [(2, 16, "1"), (15, 1, "0"), (4, 3, "="), (6, 10, "1"), (7, 5, "="), (8, 13, "1"),
        (11, 9, "+")],
    5: [(3, 2, "="), (1, 4, "="), (16, 15, "1"), (8, 6, "0"), (5, 10, "1"), (11, 7, "1"),
        (13, 14, "0")],
}
SWISS_BYES = {2: [(4, Kind.HALF_BYE), (12, Kind.PAB)], 3: [(6, Kind.PAB), (9, Kind.HALF_BYE)],
              4: [(14, Kind.ZERO_BYE), (12, Kind.ZERO_BYE)], 5: [(9, Kind.PAB), (12, Kind.ZERO_BYE)]}
SWISS_POINTS = {1: "3.5", 2: "4", 3: "3.5", 4: "3.5", 5: "2.5", 6: "3", 7: "1.5", 8: "2.5",
                9: "1.5", 10: "1", 11: "2.5", 12: "2", 13: "1.5", 14: "2", 15: "2", 16: "3.5"}
_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _entries(games_by_round: dict, players: int) -> dict[int, dict[int, RoundEntry]]:
    """Both sides of every game: player -> round -> entry."""
    entries: dict[int, dict[int, RoundEntry]] = {n: {} for n in range(1, players + 1)}
    for rnd, games in games_by_round.items():
        for white, black, res in games:
            entries[white][rnd] = RoundEntry(Kind(res), black, W)
            entries[black][rnd] = RoundEntry(Kind(_OTHER[res]), white, B)
    return entries


def swiss_exercise(start_date: str = "2024-05-01") -> Tournament:
    """Part one: Nick (#12) withdrew after round 3 (zero-point rounds 4 and 5)."""
    entries = _entries(SWISS_GAMES, 16)
    for rnd, byes in SWISS_BYES.items():
        for n, kind in byes:
            entries[n][rnd] = RoundEntry(kind)
    players = tuple(Player(n, rating=2250 - 50 * n, entries=tuple(entries[n][r] for r in range(1, 6)))
                    for n in range(1, 17))
    return Tournament(start_date=start_date, rounds=5, system="FIDE_DUTCH_2025", players=players)


# --------------------------------------------------------------------------- part two

# round -> (white team, black team, GP white, GP black); "F": the black team won by forfeit
TEAM_MATCHES = {
    1: [(1, 8, 2.5, 1.5), (9, 2, 1, 3), (3, 10, 2.5, 1.5), (11, 4, 1, 3), (5, 12, 4, 0),
        (6, 13, 2, 2), (7, 14, 2, 2)],
    2: [(4, 1, 2.5, 1.5), (2, 3, 4, 0), (6, 5, 1, 3), (8, 7, 2, 2), (12, 9, 0, 4),
        (10, 11, 1.5, 2.5), (14, 13, 1.5, 2.5)],
    3: [(1, 7, 3, 1), (5, 2, 4, 0), (3, 9, 3, 1), (13, 4, 1, 3), (8, 6, 1, 3), (12, 10, 1.5, 2.5),
        (11, 14, 2, 2)],
    4: [(2, 1, 1.5, 2.5), (6, 3, 1.5, 2.5), (4, 5, 3.5, 0.5), (7, 10, 2.5, 1.5), (12, 8, 0.5, 3.5),
        (9, 14, 3, 1), (13, 11, 2.5, 1.5)],
    5: [(1, 5, 1.5, 2.5), (2, 13, 3, 1), (3, 4, 3, 1), (11, 6, 1.5, 2.5), (9, 7, 2, 2),
        (10, 8, 2, 2)],
    6: [(6, 1, "F", 0), (4, 2, 1.5, 2.5), (5, 3, 0.5, 3.5), (13, 7, 2, 2), (8, 9, 2, 2),
        (14, 10, 1, 3), (11, 12, 2, 2)],
    7: [(3, 1, 1.5, 2.5), (10, 2, 1, 3), (9, 4, 1.5, 2.5), (13, 5, 0.5, 3.5), (6, 12, 2.5, 1.5),
        (8, 11, 3, 1)],
}
# the one match whose boards the exercises give (page 66): Koalas (#11) - Narwhals (#14)
ROUND3_11_14 = ("1", "=", "=", "0")
TEAM_NAMES = ["Antelopes", "Bonobos", "Cougars", "Deer", "Elephants", "Falcons", "Giraffes",
              "Hippopotami", "Iguanas", "Jackals", "Koalas", "Lynxes", "Moose", "Narwhals"]
# the published MP and GP columns of the crosstable (page 6)
TEAM_SCORES = {1: (10, 17.5), 2: (10, 17), 3: (10, 16), 4: (10, 17), 5: (10, 18), 6: (7, 12.5),
               7: (6, 11.5), 8: (7, 15), 9: (6, 14.5), 10: (5, 13), 11: (4, 11.5), 12: (2, 7.5),
               13: (6, 11.5), 14: (4, 11.5)}


def _boards(gp: float) -> tuple[str, ...]:
    """Board results (of the white team) that add up to ``gp`` game points out of four."""
    wins = int(gp)
    draws = 1 if gp - wins else 0
    return ("1",) * wins + ("=",) * draws + ("0",) * (4 - wins - draws)


def team_exercise(start_date: str = "2024-05-01") -> Tournament:
    """Part two: PAB #12 (round 5) and #14 (round 7), HPB #14 (round 5), ZPB #7 (round 7),
    #1 won round 6 against #6 by forfeit."""
    entries: dict[int, dict[int, RoundEntry]] = {n: {} for n in range(1, 57)}
    for rnd, matches in TEAM_MATCHES.items():
        for home, away, gp, _ in matches:
            if gp == "F":
                results: tuple[str, ...] = ("-",) * 4
            elif rnd == 3 and home == 11:
                results = ROUND3_11_14
            else:
                results = _boards(gp)
            for i, res in enumerate(results):
                a, b = 4 * (home - 1) + i + 1, 4 * (away - 1) + i + 1
                ca = W if i % 2 == 0 else B
                entries[a][rnd] = RoundEntry(Kind(res), b, ca)
                entries[b][rnd] = RoundEntry(Kind(_OTHER[res]), a, ca.opposite)
    players = tuple(Player(n, team=(n - 1) // 4 + 1, entries=tuple(
        entries[n].get(r, RoundEntry(Kind.NOT_PAIRED)) for r in range(1, 8))) for n in range(1, 57))
    teams = tuple(Team(k, TEAM_NAMES[k - 1], members=tuple(range(4 * k - 3, 4 * k + 1)))
                  for k in range(1, 15))
    return Tournament(
        start_date=start_date, rounds=7, system="FIDE_TEAM_MP_GP", players=players, teams=teams,
        board_colors="WBWB", team_scoring="TW 2.0   TD 1.0   TL 0.0",
        team_pab_match_points=Decimal(1), team_pab_game_points=Decimal(2),
        team_matches=(TeamMatch(5, 12, None), TeamMatch(7, 14, None)),
        declared_byes=(DeclaredBye(5, ByeKind.HALF, (14,)), DeclaredBye(7, ByeKind.ZERO, (7,))))


# the six-player round robin of section 2.2: round -> (white, black, result for white)
ROBIN_GAMES = {
    1: [(1, 5, "="), (2, 6, "1"), (3, 4, "1")],
    2: [(1, 2, "1"), (6, 3, "0"), (5, 4, "1")],
    3: [(3, 1, "0"), (2, 5, "1"), (4, 6, "=")],
    4: [(1, 4, "0"), (2, 3, "="), (5, 6, "-")],
    5: [(6, 1, "0"), (4, 2, "0"), (3, 5, "1")],
}


def robin_exercise(start_date: str = "2024-05-01") -> Tournament:
    entries = _entries(ROBIN_GAMES, 6)
    players = tuple(Player(n, entries=tuple(entries[n][r] for r in range(1, 6))) for n in range(1, 7))
    return Tournament(start_date=start_date, rounds=5, system="ROUND ROBIN", players=players)
