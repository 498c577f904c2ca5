"""FIDE Tournament Report File: TRF06, TRF16, TRF26 and the TRF(x)/TRF(bx) extensions.

Columns follow the FIDE TRF16 annex (C.04 Annex 2) and TRF-2026; see ``docs/formats.md``.
This module reads every version and writes TRF16 (``NAME = "trf"``); ``trf26`` shares the
reader and the writer (``trf_write``) and only changes the writer's defaults.

Decisions (where the TRF texts leave room):

* A round block with a blank result is ``Kind.ABSENT`` (TRF16: blank = Z); with an opponent
  and a colour it is ``Kind.PENDING`` (paired, not played yet: TRF26 files of running events).
* Withdrawal: TRF has no flag. Trailing ``Z``/blank rounds are not taken as a withdrawal (a
  finished event shows the same); ``Player.status`` stays ``ACTIVE`` and the writer warns when
  it is asked to write ``WITHDRAWN``.
* 042/052 become ISO ``YYYY-MM-DD`` when the text alone has one reading, else stay as found
  (``08/04/2018``; ``validate`` names the reading the round dates suggest); the writer gives
  ISO back as TRF26 ``YYYY/MM/DD``.
  132 is kept as found in ``round_dates`` and, when one reading fits every round, as ISO in
  ``round_dates_iso`` (``trf_dates``).
* National-rating lines (TRF26: a federation code in columns 1-3, then the 001 layout) go to
  ``Player.national_ratings`` (the first also to ``national_rating``/``national_id``).
* Teams: 310 when present, else 013 (numbered in file order); members get ``Player.team``.
  300 -> ``Lineup``, 320 -> ``TeamMatch(away=None)``, 330 -> ``TeamMatch(forfeit=...)``,
  299 -> ``AbnormalPoints``, 352/362 as strings. 801/802 (informative tables derived from the
  rest) and any unknown line are carried verbatim in ``extra_records``.
* ``meta["dump_options"]`` (newline, BOM, line layout, record style) lets the writer give
  back a canonical file byte for byte; points and rank columns are always recomputed.

>>> data = b"012 Test\\r001    1      A, B                              1800                             1.0    1     2 w 1\\r001    2      C, D                              1700                             0.0    2     1 b 0\\r"
>>> loaded = load(data)
>>> t = loaded.tournament
>>> [(p.number, p.entry(1).kind.code, p.entry(1).opponent) for p in t.players]
[(1, '1', 2), (2, '0', 1)]
>>> dump(t, **loaded.meta["dump_options"]).data == data
True
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..errors import Finding, FormatError, Severity, Warning_
from ..model import (
    AbnormalPoints,
    Acceleration,
    ByeKind,
    Color,
    DeclaredBye,
    ForbiddenPair,
    Kind,
    Lineup,
    NationalRating,
    Player,
    RoundEntry,
    ScoreSystem,
    Team,
    TeamMatch,
    Tournament,
    kind_from_code,
)
from . import Dumped, Loaded
from .trf_dates import iso_date, iso_round_dates

NAME = "trf"
EXTENSIONS = (".trf", ".trfx", ".txt", ".tab")
CAN_READ = True
CAN_WRITE = True
# Always lost; TRF26-only records are written by ``trf`` only when the source file had them
# (otherwise each is a warning at write time).
CANNOT_CARRY: list[str] = ["player.club", "player.status", "player.extra"]

_NEWLINES = re.compile(r"\r\n|\r|\n")
_PLAIN_NUMBER = re.compile(r"^[-+]?\d{1,6}(\.\d{1,6})?$|^[-+]?\.\d{1,6}$")
_NRS = re.compile(r"^[A-Z]{3} [ \d]{3}\d")
MAX_ROUNDS = 999  # a 001 line with more round blocks is refused (protects against huge lines)

# Record tags that exist only in TRF26 (a file that has any of them is TRF26).
TRF26_TAGS = frozenset(
    "142 152 162 172 182 192 202 212 222 240 250 260 299 300 310 320 330 352 362 801 802 ### NRS".split()
)


def is_trf(data: bytes) -> bool:
    """A TRF file starts (after blank lines, a BOM or comments) with a three-digit record tag."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf").lstrip()
    if not head:
        return False
    first = head.split(b"\n", 1)[0].split(b"\r", 1)[0]
    return bool(re.match(rb"^([0-3][0-9]{2}|XX[A-Z]|BB[A-Z]|###)( |$)", first))


def has_trf26_records(data: bytes) -> bool:
    """Any TRF26-only record in the first 64 KiB: what tells ``trf26`` files from ``trf`` ones."""
    head = data[:65536].decode("latin-1")
    return any(_tag(line) in TRF26_TAGS for line in _NEWLINES.split(head))


def detect(data: bytes) -> bool:
    """TRF16/TRF06 content: a TRF file without TRF26-only records (those go to ``trf26``)."""
    return is_trf(data) and not has_trf26_records(data)


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


class _Ctx:
    """Where problems go: raised at once (strict) or collected as findings (lenient)."""

    def __init__(self, path: str | None, strict: bool) -> None:
        self.path = path
        self.strict = strict
        self.findings: list[Finding] = []

    def bad(self, message, line, column, expected=None, hint=None, code="bad-value"):
        if self.strict:
            raise FormatError(message, path=self.path, line=line, column=column,
                              expected=expected, hint=hint)
        self.findings.append(Finding(Severity.ERROR, code, message, self.path, line, column,
                                     expected, hint))


def _num(text: str, path, lineno, col, what, *, allow_blank=True, ctx: _Ctx | None = None,
         code: str = "bad-number") -> int | None:
    ctx = ctx or _Ctx(path, True)
    s = text.strip()
    if not s:
        if not allow_blank:
            ctx.bad(f"missing {what}", lineno, col, "a number", code="missing-number")
        return None
    if not s.isdecimal():
        ctx.bad(f"bad {what} {s!r}", lineno, col, "a whole number", code=code)
        return None
    return int(s)


def _dec(text: str, path, lineno, col, what, ctx: _Ctx | None = None, code: str = "bad-number") -> Decimal | None:
    ctx = ctx or _Ctx(path, True)
    s = text.strip().replace(",", ".")
    if not s:
        return None
    d = Decimal(s) if _PLAIN_NUMBER.match(s) else None  # no exponents: "1e999999" is no score
    if d is None:
        ctx.bad(f"bad {what} {s!r}", lineno, col, "a number such as 4.5", code=code)
        return None
    return d


def parse_player(line: str, path: str | None, lineno: int, ctx: _Ctx | None = None) -> Player:
    """Parse one ``001`` player record (raises :class:`FormatError` unless ``ctx`` is lenient)."""
    ctx = ctx or _Ctx(path, True)
    line = line.rstrip("\r\n")
    number = _num(line[4:8], path, lineno, 5, "starting rank", allow_blank=False, ctx=ctx) or 0
    rating = _num(line[48:52], path, lineno, 49, "rating", ctx=ctx, code="bad-rating")
    points = _dec(line[80:84], path, lineno, 81, "points", ctx=ctx, code="bad-points")
    rank = _num(line[85:89], path, lineno, 86, "rank", ctx=ctx, code="bad-rank")
    if len(line) > 91 + 10 * MAX_ROUNDS:
        raise FormatError(f"player record of {len(line)} characters ({(len(line) - 91) // 10} rounds)",
                          path=path, line=lineno, column=92 + 10 * MAX_ROUNDS,
                          expected=f"at most {MAX_ROUNDS} rounds", hint="is this really a TRF file?")
    entries: list[RoundEntry] = []
    blank_tail = 0  # entirely blank blocks at the end so far
    pos = 91
    while pos < len(line):
        rnd = len(entries) + 1
        block = line[pos : pos + 8].ljust(8)
        pos += 10
        if not block.strip():
            entries.append(RoundEntry(Kind.ABSENT))
            blank_tail += 1
            continue
        blank_tail = 0
        opp_s, color_c, code = block[0:4].strip(), block[5], block[7]
        opp = None
        if opp_s:
            if not opp_s.isdecimal():
                ctx.bad(f"round {rnd}: bad opponent {opp_s!r}", lineno, pos - 9,
                        "a starting rank or 0000", code="bad-opponent")
            else:
                opp = int(opp_s) or None
        if color_c in "wW":
            color = Color.WHITE
        elif color_c in "bB":
            color = Color.BLACK
        elif color_c in "- ":
            color = Color.NONE
        else:
            ctx.bad(f"round {rnd}: bad colour {color_c!r}", lineno, pos - 4, "w, b or -",
                    code="bad-colour")
            color = Color.NONE
        if code == " " and opp is not None:
            # paired with a colour but no result yet (TRF26 event in progress)
            entries.append(RoundEntry(Kind.PENDING, opp, color))
            continue
        try:
            kind = kind_from_code(code)
        except ValueError:
            ctx.bad(f"round {rnd}: unknown result code {code!r}", lineno, pos - 2,
                    "one of 1 = 0 + - W D L H F U Z or blank",
                    "TRF result codes are listed in docs/formats.md 1.4", code="bad-result-code")
            kind = Kind.ABSENT
        entries.append(RoundEntry(kind, opp, color))
    # trailing entirely blank blocks carry no information (a written "0000 -  " does: absent)
    if blank_tail:
        del entries[-blank_tail:]
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


def _canonical_raw(p: Player, nr: NationalRating) -> NationalRating:
    """``nr`` without its raw line when the writer renders exactly that line from the fields."""
    from dataclasses import replace

    from .trf_write import _nrs_line

    bare = replace(nr, raw="")
    return bare if nr.raw == _nrs_line(p, bare) else nr


def _parse_nrs(line: str, path, lineno, ctx) -> tuple[int, NationalRating]:
    """A TRF26 national-rating line: federation in 1-3, then the 001 layout."""
    num = _num(line[4:8], path, lineno, 5, "player of the national-rating line", ctx=ctx) or 0
    rating = _num(line[48:52], path, lineno, 49, "national rating", ctx=ctx, code="bad-rating")
    return num, NationalRating(
        federation=line[:3], rating=rating, origin=line[53:56].strip(),
        national_id=line[57:68].strip(), raw=line.rstrip(),
    )


_XXS_FIELDS = {
    "WW": "win_white", "BW": "win_black", "WD": "draw_white", "BD": "draw_black",
    "WL": "loss_white", "BL": "loss_black", "ZPB": "zero_bye", "HPB": "half_bye",
    "FPB": "full_bye", "PAB": "pab", "FW": "forfeit_win", "FL": "forfeit_loss",
    "W": "win", "D": "draw", "L": "loss",
}
_BB_FIELDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye", "BBF": "forfeit_loss", "BBU": "pab"}
# TRF26 162: W D L, A (absence = zero-point bye), P (PAB, default W), X (half-point bye, default D).
# H/F/Z/U are accepted as synonyms seen in drafts.
_162_FIELDS = {"W": "win", "D": "draw", "L": "loss", "A": "zero_bye", "P": "pab", "X": "half_bye",
               "H": "half_bye", "F": "full_bye", "Z": "zero_bye", "U": "pab"}
_TEXT = {"012": "name", "022": "city", "032": "federation", "092": "system_text",
         "102": "chief_arbiter", "122": "time_control", "172": "starting_rank_method",
         "182": "pairing_controller", "192": "system", "202": "tiebreak_text",
         "222": "time_control_encoded", "352": "board_colors", "362": "team_scoring"}
_DECLARED = {"062": "declared_players", "072": "declared_rated", "082": "declared_teams"}
_COUNT_AND_RATED = re.compile(r"^\s*(\d{1,5})\s*\((\d{1,5})\)\s*$")  # Swiss-Manager 062


def _tag(line: str) -> str:
    """The layout key of a line: its record tag, ``NRS`` for national-rating lines, ``?`` if unknown."""
    if not line.strip():
        return ""
    if line.startswith("###"):
        return "###"
    tag = line[:3]
    if len(tag) == 3 and tag.isdecimal() and (len(line) == 3 or line[3] == " "):
        return tag if tag in _KNOWN else "?"
    if re.match(r"^(XX[RCSAPZ]|BB[WDLZFU])( |$)", line):
        return tag
    if _NRS.match(line):
        return "NRS"
    return "?"


_KNOWN = frozenset(
    "001 012 022 032 042 052 062 072 082 092 102 112 122 132 142 152 162 172 182 192 202 212 222 "
    "013 240 250 260 299 300 310 320 330 352 362".split()
)


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split() if x.isdecimal()]


def _newline_of(text: str) -> str:
    crlf = text.count("\r\n")
    cr = text.count("\r") - crlf
    lf = text.count("\n") - crlf
    best = max((crlf, "\r\n"), (lf, "\n"), (cr, "\r"))
    return best[1] if best[0] else "\n"


def load(data: bytes, *, path: str | None = None, strict: bool = True) -> Loaded:
    """Read a TRF file (any of TRF06/16/26 and the x/bx extensions) into a :class:`Tournament`.

    ``strict=False`` (used by ``validate``) collects bad values as findings in
    ``meta["findings"]`` instead of refusing the file.
    """
    ctx = _Ctx(path, strict)
    text, warnings = decode(data, path)
    if not text.strip():
        raise FormatError("the file is empty", path=path, line=1, column=1,
                          expected="TRF records such as 012 and 001")
    if text.lstrip()[:1] in ("{", "["):
        raise FormatError("this is JSON, not TRF", path=path, line=1, column=1,
                          expected="lines starting with a record tag such as 012 or 001",
                          hint="pairchk JSON has \"format\": \"pairchk-tournament\"; otherwise name the format with --from")
    lines = _NEWLINES.split(text)
    players: list[Player] = []
    plines: dict[int, int] = {}
    meta: dict = {"records": {}, "record_lines": {}, "findings": ctx.findings, "player_lines": []}
    layout: list[str] = []
    f: dict = {}
    score: dict[str, Decimal] = {}
    accel: dict[int, list[Decimal]] = {}
    accel_mp: dict[int, list[Decimal]] = {}
    forbidden: list[ForbiddenPair] = []
    byes: list[DeclaredBye] = []
    extra: list[str] = []
    comments: list[str] = []
    deputies: list[str] = []
    nrs: dict[int, list[NationalRating]] = {}
    teams013: list[Team] = []
    teams310: list[Team] = []
    lineups: list[Lineup] = []
    matches: list[TeamMatch] = []
    abnormal: list[AbnormalPoints] = []
    style: dict = {}
    tags_seen: set[str] = set()
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip("\x00")
        tag = _tag(line)
        layout.append(tag)
        if not tag:
            continue
        tags_seen.add(tag)
        if len(line) > 91 + 10 * MAX_ROUNDS and tag not in _TEXT and tag not in ("?", "###", "001"):
            raise FormatError(f"record {tag} of {len(line)} characters", path=path, line=lineno,
                              column=92 + 10 * MAX_ROUNDS, expected=f"at most {MAX_ROUNDS} rounds or entries",
                              hint="is this really a TRF file?")
        rest = line[4:] if len(line) > 4 else ""
        meta["records"].setdefault(tag, lineno)
        meta["record_lines"].setdefault(tag, []).append(lineno)
        if tag == "001":
            p = parse_player(line, path, lineno, ctx)
            players.append(p)
            plines.setdefault(p.number, lineno)
            meta["player_lines"].append((p.number, lineno))
        elif tag == "###":
            comments.append(line[3:])
        elif tag == "?":
            extra.append(line)
        elif tag == "NRS":
            num, nr = _parse_nrs(line, path, lineno, ctx)
            nrs.setdefault(num, []).append(nr)
        elif tag in _TEXT:
            if _TEXT[tag] in f:
                warnings.append(Warning_(f"record {tag} repeated (first on line {meta['records'][tag]});"
                                         f" the value {f[_TEXT[tag]]!r} is replaced by {rest.strip()!r}",
                                         path, lineno))
            f[_TEXT[tag]] = rest.strip()
        elif tag in _DECLARED:
            m = _COUNT_AND_RATED.match(rest)
            if tag == "062" and m:  # Swiss-Manager: "062 129 (88)" = players (rated players)
                f["declared_players"] = int(m[1])
                f.setdefault("declared_rated", int(m[2]))
                style["062_rated"] = int(m[2])
            else:
                f[_DECLARED[tag]] = _num(rest, path, lineno, 5, f"number in record {tag}", ctx=ctx)
        elif tag in ("042", "052"):
            value = rest.strip()
            f["start_date" if tag == "042" else "end_date"] = value
        elif tag == "112":
            deputies.append(rest.strip())
        elif tag == "132":
            dates = []
            pos = 91
            while pos < len(line):
                dates.append(line[pos : pos + 10].strip())
                pos += 10
            while dates and not dates[-1]:
                dates.pop()
            f["round_dates"] = tuple(dates)
        elif tag in ("142", "XXR"):
            f["rounds"] = _num(rest, path, lineno, 5, "number of rounds", ctx=ctx)
            style["rounds"] = tag
        elif tag in ("152", "XXC"):
            style["color"] = tag
            meta["xxc_tokens"] = rest.split()
            for tok in rest.lower().split():
                if tok in ("w", "white1"):
                    f["initial_color"] = Color.WHITE
                elif tok in ("b", "black1"):
                    f["initial_color"] = Color.BLACK
                elif tok == "rank":
                    warnings.append(Warning_("XXC 'rank' (JaVaFo option) is not carried", path, lineno))
                else:
                    ctx.bad(f"unknown token {tok!r} in {tag}", lineno, 5,
                            "W or B (152), white1, black1 or rank (XXC)", code="bad-value")
        elif tag == "212":
            f["tiebreaks"] = tuple(x.strip() for x in rest.split(",") if x.strip())
        elif tag == "162":
            style["scoring"] = "162"
            pos = 5
            while pos < len(line):
                code = line[pos].upper()
                val = line[pos + 1 : pos + 5]
                if code.strip():
                    fld = _162_FIELDS.get(code)
                    value = _dec(val, path, lineno, pos + 2, f"points for {code}", ctx=ctx)
                    if fld is None:
                        ctx.bad(f"unknown scoring code {code!r} in 162", lineno, pos + 1,
                                "one of W D L A P X", code="bad-value")
                    elif value is not None:
                        score[fld] = value
                pos += 9
        elif tag == "XXS":
            style["scoring"] = "XXS"
            for tok in rest.split():
                code, _, val = tok.partition("=")
                fld = _XXS_FIELDS.get(code.upper())
                if fld is None:
                    ctx.bad(f"unknown XXS scoring code {code!r}", lineno, 5,
                            ", ".join(_XXS_FIELDS), "JaVaFo AUM, XXS record", code="bad-value")
                    continue
                value = _dec(val, path, lineno, 5, f"points for {code}", ctx=ctx)
                if value is not None:
                    score[fld] = value
        elif tag in _BB_FIELDS:
            style["scoring"] = "BB"
            value = _dec(rest, path, lineno, 5, f"points for {tag}", ctx=ctx)
            if value is not None:
                score[_BB_FIELDS[tag]] = value
        elif tag == "XXA":
            style["acceleration"] = "XXA"
            num = _num(line[4:8], path, lineno, 5, "player in XXA", ctx=ctx)
            pts = []
            pos = 9
            while pos < len(line):
                pts.append(_dec(line[pos : pos + 4], path, lineno, pos + 1, "acceleration points", ctx=ctx) or Decimal(0))
                pos += 5
            if num is not None:
                accel[num] = pts
        elif tag == "250":
            style["acceleration"] = "250"
            mp = _dec(line[4:8], path, lineno, 5, "acceleration match points", ctx=ctx)
            gp = _dec(line[9:13], path, lineno, 10, "acceleration game points", ctx=ctx)
            r1 = _num(line[14:17], path, lineno, 15, "first accelerated round", ctx=ctx)
            r2 = _num(line[18:21], path, lineno, 19, "last accelerated round", ctx=ctx)
            p1 = _num(line[22:26], path, lineno, 23, "first accelerated player", ctx=ctx)
            p2 = _num(line[27:31], path, lineno, 28, "last accelerated player", ctx=ctx)
            if None in (r1, r2, p1, p2) or r2 > MAX_ROUNDS or p2 - p1 > 9999:
                ctx.bad("incomplete 250 record", lineno, 15,
                        "rounds at 15-17/19-21 and players at 23-26/28-31", code="bad-record")
                continue
            for target, value in ((accel, gp), (accel_mp, mp)):
                if value is None:
                    continue
                for num in range(p1, p2 + 1):
                    pts = target.setdefault(num, [])
                    while len(pts) < r2:
                        pts.append(Decimal(0))
                    for r in range(r1, r2 + 1):
                        pts[r - 1] += value
        elif tag == "XXP":
            style["forbidden"] = "XXP"
            forbidden.append(ForbiddenPair(tuple(_ints(rest))))
        elif tag == "260":
            style["forbidden"] = "260"
            r1 = _num(line[4:7], path, lineno, 5, "first round", ctx=ctx)
            r2 = _num(line[8:11], path, lineno, 9, "last round", ctx=ctx)
            forbidden.append(ForbiddenPair(tuple(_ints(line[11:])), r1, r2))
        elif tag == "240":
            style["byes"] = "240"
            kind_c = line[4:5].upper()
            try:
                bk = ByeKind(kind_c)
            except ValueError:
                ctx.bad(f"bad bye kind {kind_c!r} in 240 record", lineno, 5, "F, H or Z",
                        code="bad-value")
                continue
            rnd = _num(line[6:9], path, lineno, 7, "round", ctx=ctx)
            byes.append(DeclaredBye(rnd or 0, bk, tuple(_ints(line[9:]))))
        elif tag == "XXZ":
            style["byes"] = "XXZ"
            byes.append(DeclaredBye(0, ByeKind.ZERO, tuple(_ints(rest))))  # round 0 = "the next round"
        elif tag == "013":
            members = tuple(_ints(line[36:]))
            teams013.append(Team(len(teams013) + 1, line[4:36].strip(), members))
        elif tag == "310":
            num = _num(line[4:7], path, lineno, 5, "team number", ctx=ctx) or 0
            teams310.append(Team(
                num, line[8:40].strip(), tuple(_ints(line[73:])), nickname=line[41:46].strip(),
                strength=line[47:53].strip(),
                match_points=_dec(line[54:60], path, lineno, 55, "team match points", ctx=ctx),
                game_points=_dec(line[61:67], path, lineno, 62, "team game points", ctx=ctx),
                rank=_num(line[68:71], path, lineno, 69, "team rank", ctx=ctx),
            ))
        elif tag == "300":
            rnd = _num(line[4:7], path, lineno, 5, "round", ctx=ctx) or 0
            team = _num(line[8:11], path, lineno, 9, "team", ctx=ctx) or 0
            opp = _num(line[12:15], path, lineno, 13, "opponent team", ctx=ctx)
            lineups.append(Lineup(rnd, team, tuple(_ints(line[15:])), opp))
        elif tag == "320":
            f["team_pab_match_points"] = _dec(line[4:8], path, lineno, 5, "team PAB match points", ctx=ctx)
            f["team_pab_game_points"] = _dec(line[9:13], path, lineno, 10, "team PAB game points", ctx=ctx)
            pos, rnd = 13, 1
            while pos < len(line):
                team = _num(line[pos : pos + 4], path, lineno, pos + 1, "team", ctx=ctx)
                if team:
                    matches.append(TeamMatch(rnd, team, None))
                pos, rnd = pos + 4, rnd + 1
        elif tag == "330":
            kind = line[4:6].strip()
            rnd = _num(line[6:10], path, lineno, 8, "round", ctx=ctx) or 0
            home = _num(line[10:14], path, lineno, 12, "white team", ctx=ctx) or 0
            away = _num(line[14:18], path, lineno, 16, "black team", ctx=ctx)
            if kind not in ("+-", "-+", "--"):
                ctx.bad(f"bad forfeit type {kind!r} in 330", lineno, 5, "+-, -+ or --", code="bad-value")
            matches.append(TeamMatch(rnd, home, away, kind))
        elif tag == "299":
            toks = rest.split()
            if len(toks) < 3:
                ctx.bad("incomplete 299 record", lineno, 5, "type, match points, game points",
                        code="bad-record")
                continue
            mp = _dec(toks[1], path, lineno, 8, "match points", ctx=ctx)
            gp = _dec(toks[2], path, lineno, 13, "game points", ctx=ctx)
            ids = [int(x) for x in toks[3:] if x.isdecimal()]
            rnd = ids.pop(0) if ids else 0
            abnormal.append(AbnormalPoints(toks[0], mp, gp, rnd, tuple(ids)))
    if not players and not f and not score:
        raise FormatError("no TRF records found", path=path, line=1, column=1,
                          expected="lines starting with a record tag such as 012 or 001",
                          hint="is this really a TRF file? name the format with --from")
    # Attach national ratings and team membership to players.
    teams = teams310 or teams013
    if teams310 and teams013 and [(x.name, x.members) for x in teams013] != [(x.name, x.members) for x in teams310]:
        warnings.append(Warning_("team records 013 and 310 disagree; 310 is used", path,
                                 meta["records"].get("013")))
    team_of = {m: tm.number for tm in teams for m in tm.members if m}
    seen_numbers: set[int] = set()
    fixed: list[Player] = []
    for p in players:
        changes: dict = {}
        if p.number in nrs and p.number not in seen_numbers:
            # the raw line is kept only when the writer would not give it back as found (a
            # canonical line read back after writing must not differ from the model written)
            nr = tuple(_canonical_raw(p, x) for x in nrs[p.number])
            changes.update(national_ratings=nr, national_rating=nr[0].rating, national_id=nr[0].national_id)
        if p.number in team_of:
            changes["team"] = team_of[p.number]
        seen_numbers.add(p.number)
        fixed.append(p.replace(**changes) if changes else p)
    for num in nrs:
        if num not in plines:
            extra.extend(nr.raw for nr in nrs[num])
    players = sorted(fixed, key=lambda p: p.number)
    acceleration = tuple(
        Acceleration(num, tuple(accel.get(num, ())), tuple(accel_mp.get(num, ())))
        for num in sorted(set(accel) | set(accel_mp))
    )
    if "zero_bye" in score:
        # a blank result is equivalent to Z (TRF16 result codes), so it scores the same
        score.setdefault("absent", score["zero_bye"])
    if f.get("round_dates"):
        f["round_dates_iso"] = iso_round_dates(f["round_dates"], f.get("start_date", ""), f.get("end_date", ""))
    # the model keeps event dates in ISO when the text alone is unambiguous, else as found
    # (no guessing from the round dates: these dates go into rating submissions)
    for key in ("start_date", "end_date"):
        iso = iso_date(f.get(key, ""))
        if iso:
            f[key] = iso
    scoring = ScoreSystem(**score)
    t = Tournament(
        **f,
        deputy_arbiters=tuple(deputies),
        scoring=scoring,
        acceleration=acceleration,
        forbidden_pairs=tuple(forbidden),
        declared_byes=tuple(byes),
        teams=tuple(teams),
        lineups=tuple(lineups),
        team_matches=tuple(matches),
        abnormal_points=tuple(abnormal),
        players=tuple(players),
        extra_records=tuple(extra),
        comments=tuple(comments),
    )
    if "system" not in f and re.fullmatch(r"FIDE_[A-Z0-9_]+", f.get("system_text", "")):
        # some generators put the TRF26 code into the TRF16 free-text record 092: it is the code
        t = t.replace(system=f["system_text"], system_text="")
        style["system"] = "092"
    if teams013:
        style["team013"] = True
    if teams310:
        style["team310"] = True
    style["tags"] = sorted(tags_seen)
    version = "trf26" if tags_seen & TRF26_TAGS else "trf"
    meta.update(
        version=version,
        scoring_declared=bool(style.get("scoring")),  # 162, XXS or BB*: else inferred from totals
        newline=_newline_of(text),
        bom=data.startswith(b"\xef\xbb\xbf"),
        encoding=next((w.message.rsplit(" ", 1)[-1] for w in warnings if "not UTF-8" in w.message), "utf-8"),
        dump_options={"newline": _newline_of(text), "layout": layout, "style": style,
                      "bom": data.startswith(b"\xef\xbb\xbf")},
    )
    return Loaded(t, warnings, plines, meta)


from .trf_write import dump  # noqa: E402  (the writer needs the helpers above)

__all__ = ["NAME", "detect", "load", "dump", "decode", "parse_player"]
