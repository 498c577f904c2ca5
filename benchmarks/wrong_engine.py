"""A deliberately wrong engine for ``pairchk crosscheck`` (never shipped): runs a real engine's
command and, now and then, swaps the colours of one board in the pairs file it wrote, logging
every error it plants, so that a cross-check run can be scored (every planted error found?
anything found that was not planted?).

    pairchk crosscheck --engine 'python3 benchmarks/wrong_engine.py --log planted.txt \\
        --rate 0.05 -- /tmp/oracles/bbp6/bbpPairings.exe --dutch {input} -p {output}' \\
        --tournaments 500 --out wrong-run
    python3 benchmarks/wrong_engine.py --score planted.txt wrong-run

The decision is a pure function of the history file (its SHA-256), so a run is repeatable.
The log holds one line per planted error: the tournament's name (the RTG writes ``seed N``)
and the round.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path


def plant(argv: list[str], log: str, rate: float) -> int:
    inp = argv[argv.index("--dutch") + 1] if "--dutch" in argv else argv[-3]
    out = argv[argv.index("-p") + 1]
    run = subprocess.run(argv)
    if run.returncode != 0:
        return run.returncode
    data = Path(inp).read_bytes()
    h = int.from_bytes(hashlib.sha256(data).digest()[:8], "big") / 2 ** 64
    lines = Path(out).read_text().splitlines()
    boards = [i for i, line in enumerate(lines[1:], 1) if line.split()[1:] != ["0"]]
    if h < rate and boards:
        i = boards[int(h / rate * len(boards)) % len(boards)]
        w, b = lines[i].split()
        lines[i] = f"{b} {w}"
        Path(out).write_text("\n".join(lines) + "\n")
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from pairchk import formats

        t = formats.load(data, path=inp).tournament
        rnd = 1 + min(len(p.entries) for p in t.players)  # requested byes are entered ahead
        with open(log, "a") as fh:
            fh.write(f"{t.name}\t{rnd}\n")
    return 0


def score(log: str, folder: str) -> None:
    """Planted errors against what the run found, by tournament seed and round."""
    planted = set()
    for line in Path(log).read_text().splitlines():
        name, rnd = line.rsplit("\t", 1)
        planted.add((int(name.rsplit("seed ", 1)[1]), int(rnd)))
    found = set()
    for line in Path(folder, "results.jsonl").read_text().splitlines():
        c = json.loads(line)
        found.update((c["case"], r) for r in c["bad_rounds"])
    print(f"planted {len(planted)} errors in {len({s for s, _ in planted})} tournaments; found "
          f"{len(found)}; planted and found {len(planted & found)}; planted, not found "
          f"{sorted(planted - found)[:10]}; found, not planted {sorted(found - planted)[:10]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--log", help="where to log the planted errors")
    ap.add_argument("--rate", type=float, default=0.05, help="share of rounds given an error")
    ap.add_argument("--score", nargs=2, metavar=("LOG", "OUT"), help="score a finished run")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    if args.score:
        score(*args.score)
        return
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    sys.exit(plant(cmd, args.log, args.rate))


if __name__ == "__main__":
    main()
