"""A pairing engine and a checker for the crosscheck tests, never shipped: pairchk's own
engine behind the command-line interface of the usual engines, with errors planted on request.

    python fake_engine.py MODE INPUT [OUTPUT [LOG]]

``right`` pairs the next round of INPUT (TRF) and writes the engines' pairs file to OUTPUT;
``swap`` does the same but swaps the colours of the first board in about one round in four (a
deliberately wrong engine) and appends ``SEED ROUND`` to LOG for every error it plants;
``crash`` dies in round 2, ``hang`` sleeps in round 2 (a timeout). ``picky`` is a checker
(``-c``-like, bbpPairings' output shape) that finds fault with round 2 of every tournament.
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairchk import formats  # noqa: E402
from pairchk.check.checker import pair  # noqa: E402


def main() -> int:
    mode, inp = sys.argv[1], sys.argv[2]
    data = Path(inp).read_bytes()
    t = formats.load(data, path=inp).tournament
    if mode == "picky":
        for rnd in range(1, t.played_rounds + 1):
            print(f"case: Round #{rnd}")
            if rnd == 2:
                print("  Checker pairings        Tournament pairings")
                print("      1 -   2                  2 -   1")
        return 0
    res = pair(t)
    rnd = res.pairing.round
    if mode == "crash" and rnd == 2:
        print("planted crash", file=sys.stderr)
        return 3
    if mode == "hang" and rnd == 2:
        time.sleep(60)
    pairs = [(p.white, p.black) for p in res.pairing.pairs]
    if mode == "swap" and pairs and hashlib.sha256(data).digest()[0] % 4 == 0:
        pairs[0] = (pairs[0][1], pairs[0][0])
        seed = t.name.rsplit("seed ", 1)[1]
        with open(sys.argv[4], "a") as log:
            log.write(f"{seed} {rnd}\n")
    lines = [str(len(pairs) + (res.pairing.bye is not None))]
    lines += [f"{w} {b}" for w, b in pairs]
    if res.pairing.bye is not None:
        lines.append(f"{res.pairing.bye} 0")
    Path(sys.argv[3]).write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
