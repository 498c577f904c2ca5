"""The remainder exchanges kept per bracket (built once, sorted, shared by its structures) give
the search exactly the candidates, in the same order, that building them per search does.

Small dense events (24 players, 17 rounds) are generated in both editions and every round is
paired twice: with the exchanges kept (the default) and with none kept
(``structure.EXCHANGE_CACHE = 0``: each search builds only the exchanges the colour counts
leave, as before). Every structure search must return the same result after visiting the same
number of nodes."""

from __future__ import annotations

import pytest

from pairchk.generate.individual import Settings, generate
from pairchk.state import round_state
from pairchk.systems.dutch import round as dutch_round
from pairchk.systems.dutch import structure


def _searches(monkeypatch, st, keep: int):
    monkeypatch.setattr(structure, "EXCHANGE_CACHE", keep)
    seen = []
    real = structure.StructureSearch.search

    def spy(self):
        r = real(self)
        seen.append((r, self.nodes, self.incomplete))
        return r

    monkeypatch.setattr(structure.StructureSearch, "search", spy)
    p = dutch_round.pair(st)
    monkeypatch.undo()
    return sorted((q.white, q.black) for q in p.pairs), p.bye, seen


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_kept_exchanges_give_the_same_searches(monkeypatch, edition):
    t = generate(Settings(edition=edition, players=24, rounds=17, seed=5))
    built = [0]
    real = structure.StructureSearch._exchanges

    def count(self, *a):
        built[0] += 1
        return real(self, *a)

    searches = 0
    for rnd in range(2, t.played_rounds + 1):
        st = round_state(t, rnd, edition=edition)
        monkeypatch.setattr(structure.StructureSearch, "_exchanges", count)
        kept = _searches(monkeypatch, st, structure.EXCHANGE_CACHE)
        before = built[0]
        monkeypatch.setattr(structure.StructureSearch, "_exchanges", count)
        fresh = _searches(monkeypatch, st, 0)
        assert built[0] == before  # nothing kept with EXCHANGE_CACHE = 0
        assert kept == fresh, rnd
        searches += len(kept[2])
    assert built[0] > 50 and searches > 100, (built[0], searches)
