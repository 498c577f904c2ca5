"""Bounds on what an input may make a reader allocate or compute, checked before allocating.

Every reader takes its sizes from here, so that a file cannot make pairchk pad a list to a
billion rounds, build a set of a billion starting numbers, recurse a thousand levels deep or
unpack gigabytes. The bounds are those TRF sets by its columns (rounds: three digits in record
142 and at most 999 round blocks; starting numbers: four digits in columns 5-8), applied to
every format alike.

>>> check_round(12, "round")
12
>>> check_round(300000000, "round", path="t.cr.xml", line=7)
Traceback (most recent call last):
...
pairchk.errors.FormatError: t.cr.xml:7: round 300000000 is out of range (expected a round number from 1 to 999; hint: TRF and every format pairchk reads allow at most 999 rounds)
>>> check_depth({"a": [[1]]}, 3, path="x.json")
>>> check_depth({"a": [[[1]]]}, 3, path="x.json")
Traceback (most recent call last):
...
pairchk.errors.FormatError: x.json:1:1: JSON nested more than 3 levels deep at $.a[0][0] (expected a tournament document)
"""

from __future__ import annotations

from ..errors import FormatError

MAX_ROUND = 999  # TRF record 142 has three digits; a 001 line has room for 999 round blocks
MAX_NUMBER = 9999  # TRF columns 5-8 (starting rank) and every opponent column
MAX_DEPTH = 64  # JSON nesting: our documents need 6 levels, chess-json about 8
MAX_PART_BYTES = 64 * 1024 * 1024  # one decompressed part of a zip package (xlsx)
MAX_PARTS_BYTES = 256 * 1024 * 1024  # all decompressed parts of one package together
MAX_LINE = 100_000  # characters of one text line handed to a regular expression
MAX_DATABASE_BYTES = 64 * 1024 * 1024  # a program's own database file (Papi, Sharly-Chess, dBase)


def check_round(n: int, what: str = "round", *, path: str | None = None, line: int | None = None,
                column: int | None = None, allow_zero: bool = False) -> int:
    """``n`` when it is a round number (1..999, or 0 when ``allow_zero``), else a located error."""
    low = 0 if allow_zero else 1
    if not low <= n <= MAX_ROUND:
        raise FormatError(f"{what} {n} is out of range", path=path, line=line, column=column,
                          expected=f"a round number from {low} to {MAX_ROUND}",
                          hint=f"TRF and every format pairchk reads allow at most {MAX_ROUND} rounds")
    return n


def check_number(n: int, what: str = "starting number", *, path: str | None = None,
                 line: int | None = None, column: int | None = None) -> int:
    """``n`` when it is a starting number (1..9999), else a located error.

    >>> check_number(10**9, path="t.trf", line=3, column=5)
    Traceback (most recent call last):
    ...
    pairchk.errors.FormatError: t.trf:3:5: starting number 1000000000 is out of range (expected a number from 1 to 9999; hint: TRF columns 5-8 hold at most 9999 players)
    """
    if not 1 <= n <= MAX_NUMBER:
        raise FormatError(f"{what} {n} is out of range", path=path, line=line, column=column,
                          expected=f"a number from 1 to {MAX_NUMBER}",
                          hint=f"TRF columns 5-8 hold at most {MAX_NUMBER} players")
    return n


def check_depth(doc, limit: int = MAX_DEPTH, *, path: str | None = None,
                expected: str = "a tournament document") -> None:
    """Refuse a parsed JSON document nested deeper than ``limit`` (walks it without recursion)."""
    stack = [(doc, 0, "$")]
    while stack:
        node, depth, where = stack.pop()
        if isinstance(node, dict):
            items = [(v, f"{where}.{k}") for k, v in node.items()]
        elif isinstance(node, list):
            items = [(v, f"{where}[{i}]") for i, v in enumerate(node)]
        else:
            continue
        if depth >= limit and items:
            shown = where if len(where) <= 60 else where[:60] + "..."
            raise FormatError(f"JSON nested more than {limit} levels deep at {shown}", path=path,
                              line=1, column=1, expected=expected)
        stack.extend((v, depth + 1, w) for v, w in items if isinstance(v, (dict, list)))


def check_zip_sizes(infos, *, path: str | None = None) -> None:
    """Refuse a zip package whose parts unpack to more than the bounds (read from its directory)."""
    total = 0
    for info in infos:
        if info.file_size > MAX_PART_BYTES:
            raise FormatError(f"package part {info.filename} unpacks to {info.file_size} bytes",
                              path=path, expected=f"parts of at most {MAX_PART_BYTES // 2**20} MiB",
                              hint="a workbook this large is not a tournament file (zip bomb?)")
        total += info.file_size
    if total > MAX_PARTS_BYTES:
        raise FormatError(f"package unpacks to {total} bytes", path=path,
                          expected=f"at most {MAX_PARTS_BYTES // 2**20} MiB in all",
                          hint="a workbook this large is not a tournament file (zip bomb?)")


def check_database_size(data: bytes, what: str, *, path: str | None = None) -> None:
    """Refuse a database file larger than :data:`MAX_DATABASE_BYTES` before parsing it.

    >>> check_database_size(bytes(10), "Papi database")
    >>> check_database_size(bytes(MAX_DATABASE_BYTES + 1), "Papi database", path="t.papi")
    Traceback (most recent call last):
    ...
    pairchk.errors.FormatError: t.papi: Papi database of 67108865 bytes (expected at most 64 MiB; hint: a tournament database is a few hundred KiB; is this the right file?)
    """
    if len(data) > MAX_DATABASE_BYTES:
        raise FormatError(f"{what} of {len(data)} bytes", path=path,
                          expected=f"at most {MAX_DATABASE_BYTES // 2**20} MiB",
                          hint="a tournament database is a few hundred KiB; is this the right file?")


def check_tournament(t, *, path: str | None = None, lines: dict[int, int] | None = None) -> None:
    """Refuse a tournament any reader built with numbers or rounds beyond the bounds.

    The readers check their own input before allocating; this is the last guard before
    ``validate``, ``convert`` and ``check`` size anything by a player number or a round.
    """
    lines = lines or {}
    for p in t.players:
        line = lines.get(p.number)
        if p.number != 0:  # 0: a number a lenient reader could not read (validate names it)
            check_number(p.number, path=path, line=line)
        if len(p.entries) > MAX_ROUND:
            check_round(len(p.entries), f"player {p.number}: round", path=path, line=line)
        for r, e in enumerate(p.entries, 1):
            if e.opponent is not None and not 0 <= e.opponent <= MAX_NUMBER:
                check_number(e.opponent, f"player {p.number}, round {r}: opponent", path=path, line=line)
    if t.rounds is not None:
        check_round(t.rounds, "declared number of rounds", path=path, allow_zero=True)
