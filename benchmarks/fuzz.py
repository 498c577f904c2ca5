"""Fuzz every reader and every command with every option, with a time limit.

Run on purpose (it is not part of the test suite; ``tests/test_fuzz_slice.py`` runs a small
deterministic slice of it)::

    nice python3 benchmarks/fuzz.py --runs 10000 --seed 1 --limit 20 --out /tmp/fuzz-out

Every command of the command line and every one of its options is run (``cli_table`` reads
them from the typer app, so a new option is fuzzed without a change here): each fuzzed input
goes through validate, convert and check, and then through ``--per-input`` more commands drawn
from the whole table, with values from pools of legal, edge and absurd values (huge numbers,
unknown names, impossible rounds, output paths in /proc, /dev/full, a folder, the input
itself, another tournament file). Besides the outcomes below, a run that changes its input
or replaces another existing file without ``--force`` is a ``data-loss`` finding.

Each input is a seed file of one format (every writable format's dump of a small tournament,
the read-only fixtures, and the shared samples when ``../shared`` exists) mutated by one or more
structure-aware mutations (numbers made huge, negative, ``Infinity``; lines cloned, dropped,
swapped; opponents renumbered; JSON nested deep; XML given a DOCTYPE or entity; a sheet inside
an xlsx broken) or byte flips. Each command runs in a forked child with an address-space limit
and a wall-clock limit; the parent classifies the outcome:

* ``traceback`` -- an exception escaped (the child prints it and exits 70);
* ``internal`` -- an exception was caught and reported as a bug in pairchk;
* ``timeout`` -- the run went past ``--limit`` seconds and was killed;
* ``exit`` -- an exit code other than 0, 1, 3, 4 (2, a usage error, only for the option runs);
* ``unlocated`` -- exit 3 without ``error: <path>`` naming the input.

Every finding is saved under ``--out`` with the command line, so that it becomes a regression
test with its input in ``tests/data/``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import resource
import signal
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space for one run
USAGE_EXIT = 2
TRACEBACK_EXIT = 70
OK_EXITS = (0, 1, 3, 4)  # 4: check found no round it could check (cli: EXIT_NOT_CHECKED)


# ---------------------------------------------------------------- seeds

@dataclass(frozen=True)
class Seed:
    name: str
    ext: str  # file extension that names the format (".trf", ".cr.xml", ...)
    data: bytes
    # files written unchanged beside the input, same stem (SwissPerfect's .ini/.trn/.sco)
    companions: tuple[tuple[str, bytes], ...] = ()


NATIVE = ROOT / "tests" / "data" / "native"


def _native_seeds() -> list[Seed]:
    """The programs' own databases kept in tests/data/native: a Papi file, a Sharly-Chess
    event, and each of SwissPerfect's three files (mutated one at a time, the others beside)."""
    out = [Seed(p.name, p.suffix, p.read_bytes()) for p in
           (NATIVE / "papi-import-test.papi", NATIVE / "minimal.sce") if p.is_file()]
    stem = NATIVE / "junior_championships_u19_2010"
    trio = {ext: stem.with_suffix(ext) for ext in (".ini", ".trn", ".sco")}
    if all(p.is_file() for p in trio.values()):
        for ext, p in trio.items():
            others = tuple((e, q.read_bytes()) for e, q in trio.items() if e != ext)
            out.append(Seed(p.name, ext, p.read_bytes(), others))
    return out


def _shared_dir() -> Path | None:
    for cand in (ROOT / ".." / "shared", Path("/work/shared")):
        if (cand / "samples").is_dir():
            return cand.resolve()
    return None


def seeds(*, shared: bool = True) -> list[Seed]:
    """A seed per writable format (dumps of the fixtures) plus read-only samples."""
    from pairchk import formats

    out: list[Seed] = []
    bases = [ROOT / "fixtures" / "dutch_p008_r06.trf", ROOT / "fixtures" / "travel_partner_8.trf"]
    for base in bases:
        data = base.read_bytes()
        out.append(Seed(base.name, ".trf", data))
        t = formats.load(data, path=str(base)).tournament
        for name in formats.names():
            mod = formats.get(name)
            if not getattr(mod, "CAN_WRITE", True) or name == "trf":
                continue
            try:
                dumped = formats.dump(t, name)
            except Exception:  # a writer that needs metadata the fixture lacks (DSB)
                try:
                    dumped = formats.dump(t, name, settings=_DSB_SETTINGS)
                except Exception:
                    continue
            out.append(Seed(f"{base.stem}.{name}", mod.EXTENSIONS[0], dumped.data))
    out.append(Seed("SwissIndividual.SWT", ".swt", (ROOT / "fixtures" / "SwissIndividual.SWT").read_bytes()))
    out.extend(_native_seeds())
    html = ROOT / "fixtures" / "chess-results-frome2026-crosstable.html"
    out.append(Seed(html.name, ".html", html.read_bytes()))
    sdir = _shared_dir() if shared else None
    if sdir is not None:
        for rel, ext in _SHARED_SEEDS:
            p = sdir / "samples" / rel
            if p.is_file():
                out.append(Seed(p.name, ext, p.read_bytes()))
    return out


_DSB_SETTINGS = {"start": "2024-01-01", "end": "2024-01-02", "city": "Berlin", "federation": "GER",
                 "chief_arbiter": "A, B", "time_control": "90/40+30", "rounds": "9",
                 **{f"birth.{n}": "1990" for n in range(1, 9)}}
_SHARED_SEEDS = (
    ("csv-txt/icu-foreign-csv-isle-of-man-2007.csv", ".fcsv"),
    ("csv-txt/swissperfect-export-gonzaga-challengers-2010.txt", ".spx"),
    ("swiss-chess-swt/SwissTeam.SWT", ".swt"),
    ("chess-results-xml/Team_SwissSystem.xml", ".cr.xml"),
    ("json/papi-converter-example.json", ".papi.json"),
    ("trf26/sharly-trf26-team-in-progress.trf", ".trf26"),
    ("trf16/icu-bunratty-minor-2011.trf", ".trf"),
    ("native/papi/bre-jeunes-2024-u14.papi", ".papi"),
    ("native/sharly-sce/liffre-2025.sce", ".sce"),
    ("native/sharly-sce/ste-foy-noel-3_4_1-m069.sce", ".sce"),
)


# ---------------------------------------------------------------- mutations

_NUM = re.compile(rb"\d+(?:\.\d+)?")
_BIG = [b"0", b"-1", b"9999", b"10000", b"300000000", b"1000000000", b"99999999999999999999",
        b"Infinity", b"NaN", b"1e400", b"-0", b"2.5", b"0.0001", b"\xff\xfe"]


def _flip(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if not b:
            b.append(rng.randrange(256))
        i = rng.randrange(len(b))
        op = rng.random()
        if op < 0.5:
            b[i] = rng.randrange(256)
        elif op < 0.75:
            del b[i]
        else:
            b.insert(i, rng.randrange(256))
    return bytes(b)


def _numbers(rng: random.Random, data: bytes) -> bytes:
    spans = [m.span() for m in _NUM.finditer(data[:200_000])]
    if not spans:
        return _flip(rng, data)
    for _ in range(rng.randint(1, 4)):
        a, z = rng.choice(spans)
        new = rng.choice(_BIG) if rng.random() < 0.6 else str(rng.randint(0, 40)).encode()
        data = data[:a] + new + data[z:]
        spans = [m.span() for m in _NUM.finditer(data[:200_000])]
        if not spans:
            break
    return data


def _lines(rng: random.Random, data: bytes) -> bytes:
    nl = b"\r\n" if b"\r\n" in data else b"\r" if b"\r" in data and b"\n" not in data else b"\n"
    lines = data.split(nl)
    if len(lines) < 2:
        return _flip(rng, data)
    op = rng.randrange(5)
    i = rng.randrange(len(lines))
    if op == 0:  # clone one line many times (the 206-player file of cloned lines)
        lines[i:i] = [lines[i]] * rng.choice((2, 10, 200))
    elif op == 1:
        del lines[i]
    elif op == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:  # a very long line of blanks (regex work)
        lines[i] = lines[i] + b" " * rng.choice((1000, 100_000))
    else:
        lines = lines[: rng.randrange(len(lines))]
    return nl.join(lines)


def _json_deep(rng: random.Random, data: bytes) -> bytes:
    depth = rng.choice((100, 600, 900, 5000))
    if data.lstrip().startswith(b"{"):
        body = data.lstrip()[1:]
        return b'{"x":' + b"[" * depth + b"]" * depth + b"," + body
    return b"[" * depth + b"]" * depth


_XML_HEADS = [
    b'<!DOCTYPE x SYSTEM "x.dtd">',
    b'<!DOCTYPE x [<!ENTITY e "' + b"a" * 1000 + b'">]>',
    b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
]


def _xml(rng: random.Random, data: bytes) -> bytes:
    op = rng.randrange(4)
    pos = data.find(b"?>")
    pos = pos + 2 if pos >= 0 else 0
    if op == 0:
        return data[:pos] + rng.choice(_XML_HEADS) + data[pos:]
    if op == 1:  # an undeclared entity reference somewhere in text
        i = data.find(b">", rng.randrange(max(1, len(data))))
        return data if i < 0 else data[: i + 1] + b"&undeclared;" + data[i + 1:]
    if op == 2:  # huge round / rounds attribute values
        return re.sub(rb'(round|rounds|rnd|nr|id|number)="\d+"',
                      lambda m: m.group(1) + b'="' + rng.choice(_BIG[3:7]) + b'"', data, count=3)
    return data.replace(b"<", b"<x><", 1)


def _xlsx(rng: random.Random, data: bytes) -> bytes:
    try:
        zin = zipfile.ZipFile(io.BytesIO(data))
        members = [(i, zin.read(i)) for i in zin.infolist()]
    except Exception:
        return _flip(rng, data)
    i = rng.randrange(len(members))
    info, body = members[i]
    op = rng.randrange(4)
    if op == 0:
        body = body[: rng.randrange(len(body) + 1)]  # malformed XML inside the package
    elif op == 1:
        body = _numbers(rng, body)
    elif op == 2:
        body = _xml(rng, body)
    else:
        body = body + b" " * rng.choice((10_000, 3_000_000))  # compresses well: a small bomb
    members[i] = (info, body)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for inf, b in members:  # the members' own timestamps: the same seed gives the same bytes
            zout.writestr(zipfile.ZipInfo(inf.filename, date_time=inf.date_time), b,
                          compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def _opponents(rng: random.Random, data: bytes) -> bytes:
    """TRF only: renumber opponents in round blocks (inconsistent but well-formed data)."""
    out = []
    for line in data.splitlines(keepends=True):
        if line.startswith(b"001") and rng.random() < 0.3 and len(line) > 95:
            col = 91 + 10 * rng.randrange(max(1, (len(line.rstrip()) - 91) // 10 + 1))
            line = line[:col] + str(rng.randint(1, 40)).rjust(4).encode() + line[col + 4:]
        out.append(line)
    return b"".join(out)


_DATABASES = (".papi", ".sce", ".trn", ".sco")


def _pages(rng: random.Random, data: bytes) -> bytes:
    """A database's pages broken: one zeroed, filled with noise or copied over another (page
    chains that loop), or the file cut short."""
    if len(data) < 8192:
        return _flip(rng, data)
    size = 4096 if data[:16] == b"SQLite format 3\x00" or b"Standard Jet DB" in data[:32] else 512
    pages = len(data) // size
    i, j = rng.randrange(pages), rng.randrange(pages)
    op = rng.randrange(4)
    if op == 0:
        new = bytes(size)
    elif op == 1:
        new = bytes(rng.randrange(256) for _ in range(size))
    elif op == 2:
        new = data[j * size:(j + 1) * size]
    else:
        return data[: rng.randrange(len(data))]
    return data[: i * size] + new + data[(i + 1) * size:]


def mutate(rng: random.Random, seed: Seed) -> bytes:
    """One to three mutations of ``seed.data``, chosen for its format."""
    data = seed.data
    for _ in range(rng.choice((1, 1, 2, 3))):
        pool = [_flip, _numbers, _lines]
        if seed.ext.endswith("json") or seed.ext in (".jch",):
            pool += [_json_deep]
        if seed.ext.endswith("xml") or seed.ext in (".html",):
            pool += [_xml, _xml]
        if seed.ext == ".xlsx":
            pool = [_xlsx, _xlsx, _xlsx, _flip]
        if seed.ext in (".trf", ".trf26"):
            pool += [_opponents, _opponents]
        if seed.ext in _DATABASES:
            pool = [_pages, _pages, _flip, _numbers]
        data = rng.choice(pool)(rng, data)
    return data


# ---------------------------------------------------------------- running

@dataclass(frozen=True)
class Outcome:
    command: tuple[str, ...]
    exit: int | None  # None: killed at the limit
    seconds: float
    stderr: str

    @property
    def kind(self) -> str:
        if self.exit is None:
            return "timeout"
        if self.exit == TRACEBACK_EXIT or "Traceback (most recent call last)" in self.stderr:
            return "traceback"
        if "internal error" in self.stderr:  # an exception caught and reported as a bug
            return "internal"
        if self.exit == 2 and _CHOICE in self.stderr:
            return "ok"  # a file holding several tournaments, read without choosing one
        if self.exit not in OK_EXITS:
            return "exit"
        if self.exit == 3 and not _located(self.stderr, self.command):
            return "unlocated"
        return "ok"


# the usage error (exit 2) of a command reading one tournament from a file holding several
_CHOICE = "--tournament"


def _located(stderr: str, command: tuple[str, ...]) -> bool:
    """An exit-3 message names the file it could not read or write, or a companion file of the
    input (same stem: SwissPerfect's .ini, .trn and .sco are one tournament, and the error
    names the one at fault)."""
    paths = [w for w in command[1:] if "/" in w or "." in w]
    if "-" in command[1:]:
        paths.append("<input>")  # stdin is named so
    stem = os.path.splitext(command[1])[0] + "."
    return any(line.startswith((f"error: {p}", f"error: {stem}")) for line in stderr.splitlines()
               for p in paths)


def run(command: tuple[str, ...], limit: float) -> Outcome:
    """Run ``pairchk <command>`` in a forked child with memory and time limits."""
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:  # child
            code = TRACEBACK_EXIT
            try:
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
                code = _child(command)
            except BaseException:  # noqa: BLE001 -- report whatever escaped
                import traceback

                traceback.print_exc()
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                except BaseException:  # noqa: BLE001
                    pass
                os._exit(code)
        code = _wait(pid, start + limit)
        seconds = time.monotonic() - start
        err.seek(0)
        text = err.read(20_000).decode("utf-8", "replace")
    return Outcome(command, code, seconds, text)


def _child(command: tuple[str, ...]) -> int:
    from pairchk import cli

    sys.argv = ["pairchk", *command]
    sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), encoding="utf-8")
    try:
        cli.main()
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return 0


def _wait(pid: int, deadline: float) -> int | None:
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            if os.WIFSIGNALED(status):
                return 128 + os.WTERMSIG(status)
            return os.WEXITSTATUS(status)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return None
        time.sleep(0.005)


def commands(path: str, rng: random.Random) -> list[tuple[str, ...]]:
    from pairchk import formats

    writable = [n for n in formats.names() if getattr(formats.get(n), "CAN_WRITE", True)]
    target = rng.choice(writable)
    convert: tuple[str, ...] = ("convert", path, "-", "--to", target)
    if path.endswith(".sce") and rng.random() < 0.5:  # an event: one of its tournaments
        convert += ("--tournament", rng.choice(("1", "2", "A")))
    return [("validate", path), convert, ("check", path)]


# ---------------------------------------------------------------- every command, every option

@dataclass(frozen=True)
class Param:
    """One parameter of a command: ``flags`` empty for an argument; ``kind`` int, float,
    bool, str or list (a repeatable option or a list argument)."""

    name: str
    flags: tuple[str, ...]
    kind: str


def cli_table() -> dict[str, tuple[Param, ...]]:
    """Every command of the typer app and its parameters, read from the app itself."""
    import inspect

    from pairchk.cli.commands import app

    table: dict[str, tuple[Param, ...]] = {}
    for c in app.registered_commands:
        params = []
        for name, p in inspect.signature(c.callback).parameters.items():
            decls = tuple(getattr(p.default, "param_decls", None) or ())
            ann = str(p.annotation).lower()
            kind = ("list" if "list" in ann else "bool" if "bool" in ann else
                    "int" if "int" in ann else "float" if "float" in ann else "str")
            params.append(Param(name, decls, kind))
        table[c.name or c.callback.__name__] = tuple(params)
    return table


_INTS = ("0", "1", "2", "3", "5", "9", "12", "99", "100000", "99999999999999999999", "-1")
_FLOATS = ("0", "0.3", "1", "1.5", "-0.1")
_WORDS = {
    "--system": ("dutch", "dubov", "burstein", "lim", "berger", "rutsch", "travel-partner",
                 "knockout", "club", "team", "team-berger", "double-swiss", "nonsense"),
    "--edition": ("2026", "2017", "2024", "1997", "1999", "x"),
    "--format": ("text", "json", "html", "csv", "x"),
    "--acceleration": ("none", "baku", "swiss-chess:2", "swiss-chess:9", "x"),
    "--partners": ("first", "home", "x"),
    "--points": ("1-0.5-0", "3-1-0", "0-1-2", "x"),
    "--pab-points": ("1", "0.5", "-1", "x"),
    "--tiebreaks": ("BH,SB", "BH/C1,PS", "Brésilien,Solkoff", "XX", ""),
    "--set": ("city=Madrid", "start=2026-02-31", "end=2026-02-30", "rounds=0", "rounds=99999",
              "fide_id.1=1234567", "sex.1=x", "nonsense", "name.99999=x"),
}
_OUTPUT_FLAGS = ("--html", "--summary", "-o", "--output", "--output-dir")
_SUFFIX = {"--html": ".html", "--summary": ".csv"}


def _formats() -> tuple[str, ...]:
    from pairchk import formats

    return tuple(formats.names()) + ("x",)


def _output(rng: random.Random, flag: str, path: str, workdir: Path, other: Path) -> str:
    """An output path: new, stdout, the input, another tournament file, a folder, or a place
    no file can be written."""
    new = str(workdir / f"out{rng.randrange(4)}{_SUFFIX.get(flag, rng.choice(('.trf', '.json', '.xlsx')))}")
    if os.path.lexists(new) and not os.path.isdir(new):
        os.unlink(new)
    return rng.choice((new, new, "-", path, str(other), str(workdir), "/proc/pairchk-fuzz",
                       "/dev/full", str(workdir / "missing" / "x.html")))


def _value(rng: random.Random, command: str, p: Param, path: str, workdir: Path,
           other: Path) -> list[str]:
    flag = p.flags[0]
    long = next((f for f in p.flags if f.startswith("--")), flag)
    if p.kind == "bool":
        return [flag]
    if any(f in _OUTPUT_FLAGS for f in p.flags):
        return [flag, _output(rng, long if long in _OUTPUT_FLAGS else flag, path, workdir, other)]
    if p.kind == "int":
        return [flag, rng.choice(_INTS)]
    if p.kind == "float":
        return [flag, rng.choice(_FLOATS)]
    if long in ("--from", "--to"):
        offices = command == "submit" and long == "--to"
        return [flag, rng.choice(("fide", "dsb", "x") if offices else _formats())]
    if long == "--players":  # submit: a player list
        return [flag, rng.choice((path, str(other), str(workdir / "none.csv")))]
    pool = _WORDS.get(long, ("x", "", "0"))
    if p.kind == "list":
        return [x for v in rng.sample(pool, rng.randint(1, 2)) for x in (flag, v)]
    return [flag, rng.choice(pool)]


def option_command(rng: random.Random, table: dict[str, tuple[Param, ...]], path: str,
                   workdir: Path, other: Path, name: str | None = None) -> tuple[str, ...]:
    """A random command line of ``name`` (default: any command): its arguments, then each
    option with probability 1/2 (the required ones always)."""
    name = name or rng.choice(sorted(table))
    argv = [name]
    for p in table[name]:
        if not p.flags:  # an argument: the input, sometimes with a second name
            argv.append(path)
            if p.kind == "list" and rng.random() < 0.5:
                argv.append(rng.choice((str(other), _output(rng, "-o", path, workdir, other))))
            continue
        if rng.random() < 0.5 or p.name in ("rounds", "players", "to"):
            argv += _value(rng, name, p, path, workdir, other)
    return tuple(argv)


def _digest(path: Path) -> bytes:
    import hashlib

    try:
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError:
        return b""


def preload() -> None:
    """Import everything a command may need once, so that each forked run starts warm."""
    import importlib

    from pairchk.check import checker, report  # noqa: F401
    from pairchk import cli, formats, systems, validate  # noqa: F401

    for name in formats.names():
        formats.get(name)
    for name in systems.names():
        try:
            systems.get(name)
        except systems.SystemUnavailable:
            pass
    for mod in ("openpyxl", "lxml.etree", "lxml.html", "jsonschema", "rich"):
        try:
            importlib.import_module(mod)
        except ImportError:
            pass
    # typer imports lazily while parsing: run each command once in this process
    import contextlib

    fixture = str(ROOT / "fixtures" / "dutch_p008_r06.trf")
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        for cmd in (("validate", fixture), ("convert", fixture, "-", "--to", "xlsx"), ("check", fixture)):
            sys.argv = ["pairchk", *cmd]
            try:
                cli.main()
            except SystemExit:
                pass


def fuzz(runs: int, seed: int, limit: float, workdir: Path, *, shared: bool = True,
         progress: bool = False, per_input: int = 0) -> dict:
    """Fuzz ``runs`` inputs, each through validate, convert, check and ``per_input`` commands
    drawn from every command and option; returns the tally, the findings (inputs saved in
    ``workdir``) and which commands and options ran."""
    preload()
    rng = random.Random(seed)
    pool = seeds(shared=shared)
    workdir.mkdir(parents=True, exist_ok=True)
    table = cli_table()
    other = workdir / "other-tournament.trf"
    tally = {"inputs": 0, "runs": 0, "ok": 0, "traceback": 0, "internal": 0, "timeout": 0, "exit": 0,
             "unlocated": 0, "data-loss": 0, "exits": {}, "max_seconds": 0.0, "by_format": {}}
    covered: set[str] = set()
    findings = []
    start = time.monotonic()
    for i in range(runs):
        s = rng.choice(pool)
        data = mutate(rng, s)
        path = workdir / f"in{i % 4}{s.ext}"
        for stale in workdir.glob(f"in{i % 4}.*"):
            stale.unlink()
        path.write_bytes(data)
        for ext, companion in s.companions:
            path.with_suffix(ext).write_bytes(companion)
        tally["inputs"] += 1
        tally["by_format"][s.ext] = tally["by_format"].get(s.ext, 0) + 1
        extra = [option_command(rng, table, str(path), workdir, other) for _ in range(per_input)]
        for cmd in commands(str(path), rng) + extra:
            optional = cmd in extra
            covered.update([cmd[0]] + [f"{cmd[0]} {w}" for w in cmd[1:] if w.startswith("-")])
            other.write_bytes((ROOT / "fixtures" / "berger_7.trf").read_bytes())
            before = (_digest(path), _digest(other))
            o = run(cmd, limit)
            tally["runs"] += 1
            kind = o.kind
            if optional and kind == "exit" and o.exit == USAGE_EXIT:
                kind = "ok"
            if kind == "ok" and _lost(cmd, path, other, before):
                kind = "data-loss"

            tally[kind] += 1
            key = "killed" if o.exit is None else str(o.exit)
            tally["exits"][key] = tally["exits"].get(key, 0) + 1
            tally["max_seconds"] = max(tally["max_seconds"], round(o.seconds, 2))
            if kind != "ok":
                keep = workdir / f"finding-{len(findings):04d}-{kind}{s.ext}"
                keep.write_bytes(data)
                finding = {"kind": kind, "seed": s.name, "input": str(keep),
                           "command": list(cmd[:1]) + [str(keep)] + list(cmd[2:]),
                           "exit": o.exit, "seconds": round(o.seconds, 2), "stderr": o.stderr[-2000:]}
                findings.append(finding)
                with open(workdir / "findings.jsonl", "a") as fh:
                    fh.write(json.dumps(finding) + "\n")
        if progress and (i + 1) % 100 == 0:
            print(f"{i + 1} inputs, {time.monotonic() - start:.0f} s: "
                  + ", ".join(f"{k} {tally[k]}" for k in ("ok", "traceback", "internal", "timeout", "exit", "unlocated")),
                  file=sys.stderr, flush=True)
    tally["seconds"] = round(time.monotonic() - start, 1)
    return {"tally": tally, "findings": findings, "covered": sorted(covered)}


def _lost(cmd: tuple[str, ...], path: Path, other: Path, before: tuple[bytes, bytes]) -> bool:
    """The input changed, or another existing file was replaced without --force."""
    if _digest(path) != before[0]:
        return True
    return _digest(other) != before[1] and "--force" not in cmd



def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1000, help="number of fuzzed inputs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=20.0, help="seconds per command")
    ap.add_argument("--out", default=str(Path(tempfile.gettempdir()) / "pairchk-fuzz"))
    ap.add_argument("--no-shared", action="store_true", help="only seeds from the repository")
    ap.add_argument("--replay", nargs="+", metavar="FILE", help="run the commands on these files")
    ap.add_argument("--per-input", type=int, default=3,
                    help="commands drawn from every command and option, per input")
    args = ap.parse_args(argv)
    if args.replay:
        preload()
        for path in args.replay:
            for cmd in (("validate", path), ("convert", path, "-", "--to", "trf"), ("check", path)):
                o = run(cmd, args.limit)
                print(f"{o.kind:9} exit {o.exit} {o.seconds:.2f} s: pairchk {' '.join(cmd)}")
                if o.kind != "ok":
                    print("    " + o.stderr.strip()[-600:].replace("\n", "\n    "))
        return 0
    result = fuzz(args.runs, args.seed, args.limit, Path(args.out), shared=not args.no_shared,
                  progress=True, per_input=args.per_input)
    Path(args.out, "report.json").write_text(json.dumps(result, indent=1))
    print(json.dumps(result["tally"], indent=1))
    return 1 if result["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
