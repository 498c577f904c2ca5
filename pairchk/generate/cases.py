"""The random cases of a cross-check (``pairchk crosscheck``): a mix of events as FIDE's tests
draw them — normal events, dense ones (rounds close to players - 1), many forfeits / byes /
withdrawals, equal ratings, 3-1-0 scoring, a half-point PAB, the Baku acceleration — each
played by the RTG (:func:`.individual.generate`) with the rounds paired by whatever pairer the
cross-check gives (another program's engine, or pairchk's own).

Case ``i`` is a pure function of the mix and ``i``, so a run gives the same cases in one
process, a pool or a cluster, and an interrupted run can be resumed.

>>> mix = RandomCases(players=(6, 9), rounds=(3, 3), mix=("normal", "dense"))
>>> [mix.describe(i)[0] for i in range(3)]
['normal', 'dense', 'normal']
>>> kind, players, t = mix(0)
>>> (kind, len(t.players) == players, t.played_rounds)
('normal', True, 3)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import PairchkError

if TYPE_CHECKING:  # the generator is loaded when a case is made (the command line reads KINDS)
    from .individual import Pairer, Settings

KINDS = ("normal", "dense", "unplayed", "equal", "310", "halfpab", "baku")


@dataclass(frozen=True)
class RandomCases:
    """The cases: ``players`` and ``rounds`` ranges (inclusive), the ``mix`` of kinds cycled
    case by case, the system and edition of every round, and the ``seed``."""

    system: str = "dutch"
    edition: str | None = None
    seed: int = 0
    players: tuple[int, int] = (5, 60)
    rounds: tuple[int, int] = (3, 11)
    mix: tuple[str, ...] = KINDS

    def validate(self) -> None:
        """Raise :class:`PairchkError` naming the first bad setting."""
        for name, (lo, hi) in (("--players", self.players), ("--rounds", self.rounds)):
            if not 1 <= lo <= hi:
                raise PairchkError(f"{name} {lo}-{hi}: need 1 <= A <= B")
        if self.players[0] < 2:
            raise PairchkError(f"--players {self.players[0]}-{self.players[1]}: a tournament "
                               "needs at least 2 players")
        bad = [k for k in self.mix if k not in KINDS]
        if bad or not self.mix:
            raise PairchkError(f"--mix {','.join(self.mix)}: unknown kind "
                               f"{bad[0] if bad else ''!r}; known: {','.join(KINDS)}")
        self.settings(0)[1].validate()  # the system and edition

    def settings(self, i: int) -> tuple[str, "Settings"]:
        """The kind of case ``i`` and its generator settings."""
        from .individual import Settings

        rng = random.Random(f"pairchk-crosscheck:{self.seed}:{self.system}:{self.edition}:{i}")
        kind = self.mix[i % len(self.mix)]
        (plo, phi), (rlo, rhi) = self.players, self.rounds
        n = rng.randint(plo, phi)
        kw: dict[str, Any] = dict(system=self.system, edition=self.edition, players=n,
                                  rounds=rng.randint(rlo, rhi), seed=self.seed * 1_000_003 + i,
                                  draw_rate=rng.choice((0.1, 0.3, 0.5)), unrated_rate=0.0)
        if kind == "dense":
            n = rng.randint(max(plo, 4), max(plo, 4, min(phi, 22)))
            kw.update(players=n, rounds=max(1, n - rng.choice((1, 1, 2, 3))))
        elif kind == "unplayed":
            kw.update(forfeit_rate=rng.choice((0.1, 0.2, 0.3)),
                      bye_rate=rng.choice((0.05, 0.1, 0.2)), withdraw_rate=rng.choice((0.1, 0.3)))
        elif kind == "equal":
            kw.update(unrated_rate=rng.choice((0.3, 0.6, 1.0)))
        elif kind == "310":
            kw.update(points="3-1-0", pab_points=rng.choice(("3", "1")), forfeit_rate=0.05,
                      bye_rate=0.05)
        elif kind == "halfpab":
            kw.update(pab_points="0.5", forfeit_rate=0.05, bye_rate=0.05)
        elif kind == "baku":
            kw.update(acceleration="baku", players=max(n, min(phi, 12)), forfeit_rate=0.03,
                      bye_rate=0.03)
        if kind not in ("dense", "unplayed", "baku") and rng.random() < 0.3:
            kw.update(forfeit_rate=0.05, bye_rate=0.03, withdraw_rate=0.05)
        return kind, Settings(**kw)

    def describe(self, i: int) -> tuple[str, int]:
        """(kind, players) of case ``i``."""
        kind, s = self.settings(i)
        return kind, s.players

    def __call__(self, i: int, pair: "Pairer | None" = None) -> tuple[str, int, Any]:
        """(kind, players, tournament) of case ``i``, its rounds paired by ``pair`` (default:
        pairchk's own engine)."""
        from .individual import generate

        kind, s = self.settings(i)
        return kind, s.players, generate(s, pair)


__all__ = ["RandomCases", "KINDS"]
