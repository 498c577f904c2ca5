"""FIDE Tournament Report File: TRF06, TRF16, TRF26 and the TRF(x)/TRF(bx) extensions.

Columns follow the FIDE TRF16 annex (C.04 Annex 2) and TRF-2026; see ``docs/formats.md``.

>>> data = b"012 Test\\r001    1      A, B                              1800                             1.0    1     2 w 1\\r001    2      C, D                              1700                             0.0    2     1 b 0\\r"
>>> t = load(data).tournament
>>> [(p.number, p.entry(1).kind.code, p.entry(1).opponent) for p in t.players]
[(1, '1', 2), (2, '0', 1)]
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from ..errors import FormatError, Warning_
from ..model import (
    Acceleration,
    ByeKind,
    Color,
    DeclaredBye,
    ForbiddenPair,
    Kind,
    Player,
    RoundEntry,
    ScoreSystem,
    Status,
    Tournament,
    kind_from_code,
)
from . import Loaded

NAME = "trf"
EXTENSIONS = (".trf", ".trfx", ".txt", ".tab")
CAN_READ = True
CAN_WRITE = False
CANNOT_CARRY: list[str] = []

_TAG = re.compile(r"^(\d{3}|XX[A-Z]|BB[A-Z]|###)")
_NEWLINES = re.compile(r"\r\n|\r|\n")


def detect(data: bytes) -> bool:
    """A TRF file starts (after blank lines, a BOM or comments) with a three-digit record tag."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf").lstrip()
    if not head:
        return False
    first = head.split(b"\n", 1)[0].split(b"\r", 1)[0]
    return bool(re.match(rb"^(0[0-9]{2}|1[0-9]{2}|2[0-9]{2}|3[0-9]{2}|XX[A-Z]|BB[A-Z]|###)( |$)", first))


def decode(data: bytes, path: str | None = None) -> tuple[str, list[Warning_]]:
    """Decode TRF bytes: UTF-8 (with or without BOM), else cp1252/Latin-1 with a warning."""
    warnings: list[Warning_] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), warnings
    except UnicodeDecodeError as exc:
        bad = exc.start
    try:
        text = data.decode("cp1252")
        enc = "cp1252"
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        enc = "latin-1"
    line = data.count(b"\n", 0, bad) + 1 if b"\n" in data else data.count(b"\r", 0, bad) + 1
    warnings.append(
        Warning_(f"file is not UTF-8 (first bad byte at offset {bad}); read as {enc}", path, line)
    )
    return text, warnings


def _num(text: str, path, lineno, col, what, *, allow_blank=True) -> int | None:
    s = text.strip()
    if not s:
        if allow_blank:
            return None
        raise FormatError(f"missing {what}", path=path, line=lineno, column=col, expected="a number")
    if not s.isdigit():
        raise FormatError(
            f"bad {what} {s!r}", path=path, line=lineno, column=col, expected="a whole number"
        )
    return int(s)


def _dec(text: str, path, lineno, col, what) -> Decimal | None:
    s = text.strip().replace(",", ".")
    if not s:
        return None
    try:
        return Decimal(s)
    except InvalidOperation:
        raise FormatError(
            f"bad {what} {s!r}", path=path, line=lineno, column=col, expected="a number such as 4.5"
        ) from None


def parse_player(line: str, path: str | None, lineno: int) -> Player:
    """Parse one ``001`` player record."""
    line = line.rstrip("\r\n")
    number = _num(line[4:8], path, lineno, 5, "starting rank", allow_blank=False)
    rating = _num(line[48:52], path, lineno, 49, "rating")
    points = _dec(line[80:84], path, lineno, 81, "points")
    rank = _num(line[85:89], path, lineno, 86, "rank")
    entries: list[RoundEntry] = []
    pos = 91
    while pos < len(line):
        block = line[pos : pos + 8].ljust(8)
        opp_s = block[0:4].strip()
        color_c = block[5]
        code = block[7]
        if not block.strip():
            entries.append(RoundEntry(Kind.ABSENT))
            pos += 10
            continue
        try:
            kind = kind_from_code(code)
        except ValueError:
            raise FormatError(
                f"round {len(entries) + 1}: unknown result code {code!r}",
                path=path, line=lineno, column=pos + 8,
                expected="one of 1 = 0 + - W D L H F U Z or blank",
                hint="TRF result codes are listed in docs/formats.md 1.4",
            ) from None
        opp = None
        if opp_s:
            if not opp_s.isdigit():
                raise FormatError(
                    f"round {len(entries) + 1}: bad opponent {opp_s!r}",
                    path=path, line=lineno, column=pos + 1, expected="a starting rank or 0000",
                )
            opp = int(opp_s) or None
        if color_c in "wW":
            color = Color.WHITE
        elif color_c in "bB":
            color = Color.BLACK
        elif color_c in "- ":
            color = Color.NONE
        else:
            raise FormatError(
                f"round {len(entries) + 1}: bad colour {color_c!r}",
                path=path, line=lineno, column=pos + 6, expected="w, b or -",
            )
        entries.append(RoundEntry(kind, opp, color))
        pos += 10
    # trailing blank rounds carry no information
    while entries and entries[-1].kind is Kind.ABSENT and entries[-1].opponent is None:
        entries.pop()
    return Player(
        number=number,
        sex=line[9:10].strip(),
        title=line[10:13].strip(),
        name=line[14:47].strip(),
        rating=rating or None,
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth=line[69:79].strip(),
        points=points,
        rank=rank,
        entries=tuple(entries),
    )


_XXS_FIELDS = {
    "WW": "win_white", "BW": "win_black", "WD": "draw_white", "BD": "draw_black",
    "WL": "loss_white", "BL": "loss_black", "ZPB": "zero_bye", "HPB": "half_bye",
    "FPB": "full_bye", "PAB": "pab", "FW": "forfeit_win", "FL": "forfeit_loss",
    "W": "win", "D": "draw",
}
_BB_FIELDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye", "BBF": "forfeit_loss", "BBU": "pab"}
# TRF26 162: W D L A(bsent/zero bye) P(AB) X(half bye? "X=D" default); H/F/Z accepted too.
_162_FIELDS = {"W": "win", "D": "draw", "L": "loss", "A": "zero_bye", "P": "pab", "X": "half_bye",
               "H": "half_bye", "F": "full_bye", "Z": "zero_bye", "U": "pab"}


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a TRF file (any of TRF06/16/26 and the x/bx extensions) into a :class:`Tournament`."""
    text, warnings = decode(data, path)
    lines = _NEWLINES.split(text)
    players: list[Player] = []
    plines: dict[int, int] = {}
    meta: dict = {"records": {}}
    f: dict = {}
    score: dict[str, Decimal] = {}
    accel: dict[int, list[Decimal]] = {}
    forbidden: list[ForbiddenPair] = []
    byes: list[DeclaredBye] = []
    extra: list[str] = []
    comments: list[str] = []
    deputies: list[str] = []
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip("\x00")
        if not line.strip():
            continue
        tag = line[:3]
        rest = line[4:] if len(line) > 4 else ""
        meta["records"].setdefault(tag, lineno)
        if tag == "001":
            p = parse_player(line, path, lineno)
            players.append(p)
            plines.setdefault(p.number, lineno)
        elif tag == "###":
            comments.append(line[3:])
        elif tag == "012":
            f["name"] = rest.strip()
        elif tag == "022":
            f["city"] = rest.strip()
        elif tag == "032":
            f["federation"] = rest.strip()
        elif tag == "042":
            f["start_date"] = rest.strip()
        elif tag == "052":
            f["end_date"] = rest.strip()
        elif tag == "092":
            f["system_text"] = rest.strip()
        elif tag == "102":
            f["chief_arbiter"] = rest.strip()
        elif tag == "112":
            deputies.append(rest.strip())
        elif tag == "122":
            f["time_control"] = rest.strip()
        elif tag in ("142", "XXR"):
            f["rounds"] = _num(rest, path, lineno, 5, "number of rounds")
        elif tag in ("152", "XXC"):
            for tok in rest.lower().split():
                if tok in ("w", "white1"):
                    f["initial_color"] = Color.WHITE
                elif tok in ("b", "black1"):
                    f["initial_color"] = Color.BLACK
        elif tag == "192":
            f["system"] = rest.strip()
        elif tag == "162":
            toks = rest.split()
            for code, val in zip(toks[::2], toks[1::2]):
                fld = _162_FIELDS.get(code.upper())
                value = _dec(val, path, lineno, 5, f"points for {code}")
                if fld and value is not None:
                    score[fld] = value
        elif tag == "XXS":
            for tok in rest.split():
                code, _, val = tok.partition("=")
                fld = _XXS_FIELDS.get(code.upper())
                if fld is None:
                    raise FormatError(
                        f"unknown XXS scoring code {code!r}", path=path, line=lineno, column=5,
                        expected=", ".join(_XXS_FIELDS), hint="JaVaFo AUM, XXS record",
                    )
                value = _dec(val, path, lineno, 5, f"points for {code}")
                if value is not None:
                    score[fld] = value
        elif tag in _BB_FIELDS:
            value = _dec(rest, path, lineno, 5, f"points for {tag}")
            if value is not None:
                score[_BB_FIELDS[tag]] = value
        elif tag == "XXA":
            num = _num(line[4:8], path, lineno, 5, "player in XXA")
            pts = []
            pos = 9
            while pos < len(line):
                pts.append(_dec(line[pos : pos + 4], path, lineno, pos + 1, "acceleration points") or Decimal(0))
                pos += 5
            if num is not None:
                accel[num] = pts
        elif tag == "250":
            gp = _dec(line[9:13], path, lineno, 10, "acceleration game points") or Decimal(0)
            r1 = _num(line[14:17], path, lineno, 15, "first accelerated round")
            r2 = _num(line[18:21], path, lineno, 19, "last accelerated round")
            p1 = _num(line[22:26], path, lineno, 23, "first accelerated player")
            p2 = _num(line[27:31], path, lineno, 28, "last accelerated player")
            if None in (r1, r2, p1, p2):
                raise FormatError("incomplete 250 record", path=path, line=lineno, column=15,
                                  expected="rounds at 15-17/19-21 and players at 23-26/28-31")
            for num in range(p1, p2 + 1):
                pts = accel.setdefault(num, [])
                while len(pts) < r2:
                    pts.append(Decimal(0))
                for r in range(r1, r2 + 1):
                    pts[r - 1] += gp
        elif tag == "XXP":
            ids = [int(x) for x in rest.split() if x.isdigit()]
            forbidden.append(ForbiddenPair(tuple(ids)))
        elif tag == "260":
            r1 = _num(line[4:7], path, lineno, 5, "first round")
            r2 = _num(line[8:11], path, lineno, 9, "last round")
            ids = [int(x) for x in line[12:].split() if x.isdigit()]
            forbidden.append(ForbiddenPair(tuple(ids), r1, r2))
        elif tag == "240":
            kind_c = line[4:5].upper()
            try:
                bk = ByeKind(kind_c)
            except ValueError:
                raise FormatError(f"bad bye kind {kind_c!r} in 240 record", path=path, line=lineno,
                                  column=5, expected="F, H or Z") from None
            rnd = _num(line[6:9], path, lineno, 7, "round")
            ids = tuple(int(x) for x in line[9:].split() if x.isdigit())
            byes.append(DeclaredBye(rnd or 0, bk, ids))
        elif tag == "XXZ":
            ids = tuple(int(x) for x in rest.split() if x.isdigit())
            byes.append(DeclaredBye(0, ByeKind.ZERO, ids))  # round 0 = "the next round"
        else:
            extra.append(line)
    if not players and not f:
        raise FormatError("no TRF records found", path=path, line=1, column=1,
                          expected="lines starting with a record tag such as 012 or 001",
                          hint="is this really a TRF file? name the format with --from")
    players.sort(key=lambda p: p.number)
    acceleration = tuple(
        Acceleration(num, tuple(pts)) for num, pts in sorted(accel.items())
    )
    t = Tournament(
        **f,
        deputy_arbiters=tuple(deputies),
        scoring=ScoreSystem(**score),
        acceleration=acceleration,
        forbidden_pairs=tuple(forbidden),
        declared_byes=tuple(byes),
        players=tuple(players),
        extra_records=tuple(extra),
        comments=tuple(comments),
    )
    if "system" not in f and f.get("system_text", "").startswith("FIDE_"):
        # some generators put the TRF26 code into the TRF16 free-text record 092
        t = t.replace(system=f["system_text"])
    return Loaded(t, warnings, plines, meta)


__all__ = ["NAME", "detect", "load", "decode", "parse_player"]
