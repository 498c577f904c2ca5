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
  ``round_dates_iso`` (:mod:`pairchk.dates`).
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
from dataclasses import dataclass, field
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
    fold_games,
    kind_from_code,
    match_scoring,
    with_match_results,
)
from . import Loaded
from ..dates import iso_date, iso_round_dates

NAME = "trf"
EXTENSIONS = (".trf", ".trfx", ".txt", ".tab")
CAN_READ = True
CAN_WRITE = True
# Always lost; TRF26-only records are written by ``trf`` only when the source file had them
# (otherwise each is a warning at write time).
CANNOT_CARRY: list[str] = ["player.club", "player.status", "player.extra"]
CARRIES_GAMES = True  # a match of two games keeps both (RoundEntry.games)

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


def _block_color(color_c: str, rnd: int, lineno: int, col: int, ctx: _Ctx) -> Color:
    """The colour column of a round block: ``w``/``b``, ``-`` or blank (none)."""
    if color_c in "wW":
        return Color.WHITE
    if color_c in "bB":
        return Color.BLACK
    if color_c in "- ":
        return Color.NONE
    ctx.bad(f"round {rnd}: bad colour {color_c!r}", lineno, col, "w, b or -", code="bad-colour")
    return Color.NONE


def _round_block(block: str, rnd: int, pos: int, lineno: int, ctx: _Ctx) -> RoundEntry:
    """A non-blank 001 round block starting at 0-based ``pos``: opponent (4), colour, result code."""
    opp_s, color_c, code = block[0:4].strip(), block[5], block[7]
    opp = None
    if opp_s:
        if not opp_s.isdecimal():
            ctx.bad(f"round {rnd}: bad opponent {opp_s!r}", lineno, pos + 1,
                    "a starting rank or 0000", code="bad-opponent")
        else:
            opp = int(opp_s) or None
    color = _block_color(color_c, rnd, lineno, pos + 6, ctx)
    if code == " " and opp is not None:
        # paired with a colour but no result yet (TRF26 event in progress)
        return RoundEntry(Kind.PENDING, opp, color)
    try:
        kind = kind_from_code(code)
    except ValueError:
        ctx.bad(f"round {rnd}: unknown result code {code!r}", lineno, pos + 8,
                "one of 1 = 0 + - W D L H F U Z or blank",
                "TRF result codes are listed in docs/formats.md 1.4", code="bad-result-code")
        kind = Kind.ABSENT
    return RoundEntry(kind, opp, color)


def _round_blocks(line: str, lineno: int, ctx: _Ctx) -> tuple[RoundEntry, ...]:
    """The round blocks of a 001 line (cols 92-99, then every 10): a blank block is absent;
    trailing entirely blank blocks carry no information (a written "0000 -  " does: absent)."""
    entries: list[RoundEntry] = []
    blank_tail = 0  # entirely blank blocks at the end so far
    pos = 91
    while pos < len(line):
        block = line[pos : pos + 8].ljust(8)
        if not block.strip():
            entries.append(RoundEntry(Kind.ABSENT))
            blank_tail += 1
        else:
            blank_tail = 0
            entries.append(_round_block(block, len(entries) + 1, pos, lineno, ctx))
        pos += 10
    if blank_tail:
        del entries[-blank_tail:]
    return tuple(entries)


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
        entries=_round_blocks(line, lineno, ctx),
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


@dataclass
class _State:
    """What the reader has collected so far; the record readers below each fill their part."""

    path: str | None
    ctx: _Ctx
    warnings: list[Warning_]
    meta: dict
    players: list[Player] = field(default_factory=list)
    plines: dict[int, int] = field(default_factory=dict)
    layout: list[str] = field(default_factory=list)
    f: dict = field(default_factory=dict)  # Tournament fields from the ??2 records
    score: dict[str, Decimal] = field(default_factory=dict)
    accel: dict[int, list[Decimal]] = field(default_factory=dict)
    accel_mp: dict[int, list[Decimal]] = field(default_factory=dict)
    forbidden: list[ForbiddenPair] = field(default_factory=list)
    byes: list[DeclaredBye] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    deputies: list[str] = field(default_factory=list)
    nrs: dict[int, list[NationalRating]] = field(default_factory=dict)
    teams013: list[Team] = field(default_factory=list)
    teams310: list[Team] = field(default_factory=list)
    lineups: list[Lineup] = field(default_factory=list)
    matches: list[TeamMatch] = field(default_factory=list)
    abnormal: list[AbnormalPoints] = field(default_factory=list)
    style: dict = field(default_factory=dict)  # the record variants met, for the writer
    tags_seen: set[str] = field(default_factory=set)

    def num(self, text: str, lineno: int, col: int, what: str) -> int | None:
        return _num(text, self.path, lineno, col, what, ctx=self.ctx)

    def dec(self, text: str, lineno: int, col: int, what: str) -> Decimal | None:
        return _dec(text, self.path, lineno, col, what, ctx=self.ctx)


def _read_001(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """001: a player record (``parse_player``)."""
    p = parse_player(line, st.path, lineno, st.ctx)
    st.players.append(p)
    st.plines.setdefault(p.number, lineno)
    st.meta["player_lines"].append((p.number, lineno))


def _read_comment(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """###: a TRF26 comment line."""
    st.comments.append(line[3:])


def _read_unknown(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """Any line of no known record (801/802 too): carried verbatim in ``extra_records``."""
    st.extra.append(line)


def _read_nrs(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """A TRF26 national-rating line (federation in 1-3, then the 001 layout)."""
    num, nr = _parse_nrs(line, st.path, lineno, st.ctx)
    st.nrs.setdefault(num, []).append(nr)


def _read_text(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """012 022 032 092 102 122 172 182 192 202 222 352 362: a free-text field (``_TEXT``)."""
    name = _TEXT[tag]
    if name in st.f:
        st.warnings.append(Warning_(f"record {tag} repeated (first on line {st.meta['records'][tag]});"
                                    f" the value {st.f[name]!r} is replaced by {rest.strip()!r}",
                                    st.path, lineno))
    st.f[name] = rest.strip()


def _read_declared(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """062/072/082: declared numbers of players, rated players, teams."""
    m = _COUNT_AND_RATED.match(rest)
    if tag == "062" and m:  # Swiss-Manager: "062 129 (88)" = players (rated players)
        st.f["declared_players"] = int(m[1])
        st.f.setdefault("declared_rated", int(m[2]))
        st.style["062_rated"] = int(m[2])
    else:
        st.f[_DECLARED[tag]] = st.num(rest, lineno, 5, f"number in record {tag}")


def _read_date(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """042/052: start and end date, as found (made ISO at the end when unambiguous)."""
    st.f["start_date" if tag == "042" else "end_date"] = rest.strip()


def _read_112(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """112: one deputy chief arbiter a line."""
    st.deputies.append(rest.strip())


def _read_132(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """132: round dates on the 001 round grid (cols 92-99, 102-109, ...)."""
    dates = []
    pos = 91
    while pos < len(line):
        dates.append(line[pos : pos + 10].strip())
        pos += 10
    while dates and not dates[-1]:
        dates.pop()
    st.f["round_dates"] = tuple(dates)


def _read_rounds(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """142 (TRF26) / XXR (JaVaFo): number of rounds."""
    st.f["rounds"] = st.num(rest, lineno, 5, "number of rounds")
    st.style["rounds"] = tag


def _read_color(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """152 (TRF26 ``W``/``B``) / XXC (JaVaFo ``white1``/``black1``/``rank``): initial colour."""
    st.style["color"] = tag
    st.meta["xxc_tokens"] = rest.split()
    for tok in rest.lower().split():
        if tok in ("w", "white1"):
            st.f["initial_color"] = Color.WHITE
        elif tok in ("b", "black1"):
            st.f["initial_color"] = Color.BLACK
        elif tok == "rank":
            st.warnings.append(Warning_("XXC 'rank' (JaVaFo option) is not carried", st.path, lineno))
        else:
            st.ctx.bad(f"unknown token {tok!r} in {tag}", lineno, 5,
                       "W or B (152), white1, black1 or rank (XXC)", code="bad-value")


def _read_212(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """212: tie-break codes, comma-separated."""
    st.f["tiebreaks"] = tuple(x.strip() for x in rest.split(",") if x.strip())


def _read_162(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """162 (TRF26): scoring, a code (W D L A P X) at col 6 and its points at 7-10, every 9 cols."""
    st.style["scoring"] = "162"
    pos = 5
    while pos < len(line):
        code = line[pos].upper()
        val = line[pos + 1 : pos + 5]
        if code.strip():
            fld = _162_FIELDS.get(code)
            value = st.dec(val, lineno, pos + 2, f"points for {code}")
            if fld is None:
                st.ctx.bad(f"unknown scoring code {code!r} in 162", lineno, pos + 1,
                           "one of W D L A P X", code="bad-value")
            elif value is not None:
                st.score[fld] = value
        pos += 9


def _read_xxs(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """XXS (JaVaFo): scoring as ``CODE=VALUE`` tokens (``_XXS_FIELDS``)."""
    st.style["scoring"] = "XXS"
    for tok in rest.split():
        code, _, val = tok.partition("=")
        fld = _XXS_FIELDS.get(code.upper())
        if fld is None:
            st.ctx.bad(f"unknown XXS scoring code {code!r}", lineno, 5,
                       ", ".join(_XXS_FIELDS), "JaVaFo AUM, XXS record", code="bad-value")
            continue
        value = st.dec(val, lineno, 5, f"points for {code}")
        if value is not None:
            st.score[fld] = value


def _read_bb(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """BBW BBD BBL BBZ BBF BBU (bbpPairings TRF(bx)): the points of one result."""
    st.style["scoring"] = "BB"
    value = st.dec(rest, lineno, 5, f"points for {tag}")
    if value is not None:
        st.score[_BB_FIELDS[tag]] = value


def _read_xxa(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """XXA (JaVaFo): a player (5-8) and the acceleration points of each round (from col 10, step 5)."""
    st.style["acceleration"] = "XXA"
    num = st.num(line[4:8], lineno, 5, "player in XXA")
    pts = []
    pos = 9
    while pos < len(line):
        pts.append(st.dec(line[pos : pos + 4], lineno, pos + 1, "acceleration points") or Decimal(0))
        pos += 5
    if num is not None:
        st.accel[num] = pts


def _read_250(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """250 (TRF26): accelerated rounds, MP 5-8, GP 10-13, rounds 15-17/19-21, players 23-26/28-31."""
    st.style["acceleration"] = "250"
    mp = st.dec(line[4:8], lineno, 5, "acceleration match points")
    gp = st.dec(line[9:13], lineno, 10, "acceleration game points")
    r1 = st.num(line[14:17], lineno, 15, "first accelerated round")
    r2 = st.num(line[18:21], lineno, 19, "last accelerated round")
    p1 = st.num(line[22:26], lineno, 23, "first accelerated player")
    p2 = st.num(line[27:31], lineno, 28, "last accelerated player")
    if r1 is None or r2 is None or p1 is None or p2 is None or r2 > MAX_ROUNDS or p2 - p1 > 9999:
        st.ctx.bad("incomplete 250 record", lineno, 15,
                   "rounds at 15-17/19-21 and players at 23-26/28-31", code="bad-record")
        return
    for target, value in ((st.accel, gp), (st.accel_mp, mp)):
        if value is None:
            continue
        for num in range(p1, p2 + 1):
            pts = target.setdefault(num, [])
            while len(pts) < r2:
                pts.append(Decimal(0))
            for r in range(r1, r2 + 1):
                pts[r - 1] += value


def _read_xxp(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """XXP (JaVaFo): players who must not meet."""
    st.style["forbidden"] = "XXP"
    st.forbidden.append(ForbiddenPair(tuple(_ints(rest))))


def _read_260(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """260 (TRF26): prohibited pairings, rounds 5-7/9-11, players from col 13."""
    st.style["forbidden"] = "260"
    r1 = st.num(line[4:7], lineno, 5, "first round")
    r2 = st.num(line[8:11], lineno, 9, "last round")
    st.forbidden.append(ForbiddenPair(tuple(_ints(line[11:])), r1, r2))


def _read_240(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """240 (TRF26): declared byes, kind F/H/Z at col 5, round 7-9, players from col 10."""
    st.style["byes"] = "240"
    kind_c = line[4:5].upper()
    try:
        bk = ByeKind(kind_c)
    except ValueError:
        st.ctx.bad(f"bad bye kind {kind_c!r} in 240 record", lineno, 5, "F, H or Z",
                   code="bad-value")
        return
    rnd = st.num(line[6:9], lineno, 7, "round")
    st.byes.append(DeclaredBye(rnd or 0, bk, tuple(_ints(line[9:]))))


def _read_xxz(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """XXZ (JaVaFo): players absent in the next round (a zero-point bye, round 0)."""
    st.style["byes"] = "XXZ"
    st.byes.append(DeclaredBye(0, ByeKind.ZERO, tuple(_ints(rest))))  # round 0 = "the next round"


def _read_013(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """013: a team, name 5-36, members from col 37 (numbered in file order)."""
    members = tuple(_ints(line[36:]))
    st.teams013.append(Team(len(st.teams013) + 1, line[4:36].strip(), members))


def _read_310(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """310 (TRF26): a team, number 5-7, name 9-40, nickname, strength, points, rank, members from 74."""
    num = st.num(line[4:7], lineno, 5, "team number") or 0
    st.teams310.append(Team(
        num, line[8:40].strip(), tuple(_ints(line[73:])), nickname=line[41:46].strip(),
        strength=line[47:53].strip(),
        match_points=st.dec(line[54:60], lineno, 55, "team match points"),
        game_points=st.dec(line[61:67], lineno, 62, "team game points"),
        rank=st.num(line[68:71], lineno, 69, "team rank"),
    ))


def _read_300(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """300 (TRF26): a team's line-up in a round (round 5-7, team 9-11, opponent 13-15, boards)."""
    rnd = st.num(line[4:7], lineno, 5, "round") or 0
    team = st.num(line[8:11], lineno, 9, "team") or 0
    opp = st.num(line[12:15], lineno, 13, "opponent team")
    st.lineups.append(Lineup(rnd, team, tuple(_ints(line[15:])), opp))


def _read_320(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """320 (TRF26): team PAB points (MP 5-8, GP 10-13), then the PAB team of each round (4 cols)."""
    st.f["team_pab_match_points"] = st.dec(line[4:8], lineno, 5, "team PAB match points")
    st.f["team_pab_game_points"] = st.dec(line[9:13], lineno, 10, "team PAB game points")
    pos, rnd = 13, 1
    while pos < len(line):
        team = st.num(line[pos : pos + 4], lineno, pos + 1, "team")
        if team:
            st.matches.append(TeamMatch(rnd, team, None))
        pos, rnd = pos + 4, rnd + 1


def _read_330(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """330 (TRF26): a forfeited match, type ``+-``/``-+``/``--``, round, white and black team."""
    kind = line[4:6].strip()
    rnd = st.num(line[6:10], lineno, 8, "round") or 0
    home = st.num(line[10:14], lineno, 12, "white team") or 0
    away = st.num(line[14:18], lineno, 16, "black team")
    if kind not in ("+-", "-+", "--"):
        st.ctx.bad(f"bad forfeit type {kind!r} in 330", lineno, 5, "+-, -+ or --", code="bad-value")
    st.matches.append(TeamMatch(rnd, home, away, kind))


def _read_299(st: _State, tag: str, line: str, rest: str, lineno: int) -> None:
    """299 (TRF26): abnormal points, type, match points, game points, round, players."""
    toks = rest.split()
    if len(toks) < 3:
        st.ctx.bad("incomplete 299 record", lineno, 5, "type, match points, game points",
                   code="bad-record")
        return
    mp = st.dec(toks[1], lineno, 8, "match points")
    gp = st.dec(toks[2], lineno, 13, "game points")
    ids = [int(x) for x in toks[3:] if x.isdecimal()]
    rnd = ids.pop(0) if ids else 0
    st.abnormal.append(AbnormalPoints(toks[0], mp, gp, rnd, tuple(ids)))


_READERS = {
    "001": _read_001, "###": _read_comment, "?": _read_unknown, "NRS": _read_nrs,
    **dict.fromkeys(_TEXT, _read_text), **dict.fromkeys(_DECLARED, _read_declared),
    "042": _read_date, "052": _read_date, "112": _read_112, "132": _read_132,
    "142": _read_rounds, "XXR": _read_rounds, "152": _read_color, "XXC": _read_color,
    "212": _read_212, "162": _read_162, "XXS": _read_xxs, **dict.fromkeys(_BB_FIELDS, _read_bb),
    "XXA": _read_xxa, "250": _read_250, "XXP": _read_xxp, "260": _read_260, "240": _read_240,
    "XXZ": _read_xxz, "013": _read_013, "310": _read_310, "300": _read_300, "320": _read_320,
    "330": _read_330, "299": _read_299,
}


def _check_text(text: str, path: str | None) -> None:
    """Refuse an empty file and a JSON one with a TRF error rather than a list of bad records."""
    if not text.strip():
        raise FormatError("the file is empty", path=path, line=1, column=1,
                          expected="TRF records such as 012 and 001")
    if text.lstrip()[:1] in ("{", "["):
        raise FormatError("this is JSON, not TRF", path=path, line=1, column=1,
                          expected="lines starting with a record tag such as 012 or 001",
                          hint="pairchk JSON has \"format\": \"pairchk-tournament\"; otherwise name the format with --from")


def _read_line(st: _State, lineno: int, raw: str) -> None:
    """One line: its tag goes to the layout, the line to the reader of its record."""
    line = raw.rstrip("\x00")
    tag = _tag(line)
    st.layout.append(tag)
    if not tag:
        return
    st.tags_seen.add(tag)
    if len(line) > 91 + 10 * MAX_ROUNDS and tag not in _TEXT and tag not in ("?", "###", "001"):
        raise FormatError(f"record {tag} of {len(line)} characters", path=st.path, line=lineno,
                          column=92 + 10 * MAX_ROUNDS, expected=f"at most {MAX_ROUNDS} rounds or entries",
                          hint="is this really a TRF file?")
    rest = line[4:] if len(line) > 4 else ""
    st.meta["records"].setdefault(tag, lineno)
    st.meta["record_lines"].setdefault(tag, []).append(lineno)
    reader = _READERS.get(tag)
    if reader is not None:
        reader(st, tag, line, rest, lineno)


def _players(st: _State) -> list[Player]:
    """The 001 players sorted by number, with their national ratings and team numbers."""
    teams = st.teams310 or st.teams013
    team_of = {m: tm.number for tm in teams for m in tm.members if m}
    seen_numbers: set[int] = set()
    fixed: list[Player] = []
    for p in st.players:
        changes: dict = {}
        if p.number in st.nrs and p.number not in seen_numbers:
            # the raw line is kept only when the writer would not give it back as found (a
            # canonical line read back after writing must not differ from the model written)
            nr = tuple(_canonical_raw(p, x) for x in st.nrs[p.number])
            changes.update(national_ratings=nr, national_rating=nr[0].rating, national_id=nr[0].national_id)
        if p.number in team_of:
            changes["team"] = team_of[p.number]
        seen_numbers.add(p.number)
        fixed.append(p.replace(**changes) if changes else p)
    for num in st.nrs:
        if num not in st.plines:
            st.extra.extend(nr.raw for nr in st.nrs[num])
    return sorted(fixed, key=lambda p: p.number)


def _teams(st: _State) -> list[Team]:
    """310 when present, else 013; a warning when both are there and disagree."""
    t13, t310 = st.teams013, st.teams310
    if t310 and t13 and [(x.name, x.members) for x in t13] != [(x.name, x.members) for x in t310]:
        st.warnings.append(Warning_("team records 013 and 310 disagree; 310 is used", st.path,
                                    st.meta["records"].get("013")))
    return t310 or t13


def _finish_fields(st: _State) -> None:
    """Derived fields: absent scores as a zero bye, ISO round and event dates where unambiguous."""
    f = st.f
    if "zero_bye" in st.score:
        # a blank result is equivalent to Z (TRF16 result codes), so it scores the same
        st.score.setdefault("absent", st.score["zero_bye"])
    if f.get("round_dates"):
        f["round_dates_iso"] = iso_round_dates(f["round_dates"], f.get("start_date", ""), f.get("end_date", ""))
    # the model keeps event dates in ISO when the text alone is unambiguous, else as found
    # (no guessing from the round dates: these dates go into rating submissions)
    for key in ("start_date", "end_date"):
        iso = iso_date(f.get(key, ""))
        if iso:
            f[key] = iso


def _tournament(st: _State) -> Tournament:
    """The :class:`Tournament` of everything read (``_finish_fields`` first)."""
    teams = _teams(st)
    players = _players(st)
    acceleration = tuple(
        Acceleration(num, tuple(st.accel.get(num, ())), tuple(st.accel_mp.get(num, ())))
        for num in sorted(set(st.accel) | set(st.accel_mp))
    )
    _finish_fields(st)
    t = Tournament(
        **st.f, deputy_arbiters=tuple(st.deputies), scoring=ScoreSystem(**st.score),
        acceleration=acceleration, forbidden_pairs=tuple(st.forbidden),
        declared_byes=tuple(st.byes), teams=tuple(teams), lineups=tuple(st.lineups),
        team_matches=tuple(st.matches), abnormal_points=tuple(st.abnormal),
        players=tuple(players), extra_records=tuple(st.extra), comments=tuple(st.comments),
    )
    if "system" not in st.f and re.fullmatch(r"FIDE_[A-Z0-9_]+", st.f.get("system_text", "")):
        # some generators put the TRF26 code into the TRF16 free-text record 092: it is the code
        t = t.replace(system=st.f["system_text"], system_text="")
        st.style["system"] = "092"
    if _MATCH_CODE.fullmatch(t.system.strip().upper()):
        t = _as_matches(t)
    return t


# TRF26 192 codes of a competition whose rounds are matches of two games (ETT26: Double-Swiss)
_MATCH_CODE = re.compile(r"(?:FIDE|CUSTOM)_DOUBLESWISS(?:_BAKU)?")


def _as_matches(t: Tournament) -> Tournament:
    """A Double-Swiss file: TRF has one opponent, colour and result per column and cannot
    hold a match, so each match takes two columns, its first and second game (columns 2k-1
    and 2k are round k); 142 counts matches. The columns are folded into match entries whose
    games keep every result (:func:`pairchk.model.fold_games`); the byes of a match score
    by C.04.5 art. 1.4 unless 162 declares them (:func:`pairchk.model.match_scoring`)."""
    players = tuple(p.replace(entries=fold_games(p.entries)) for p in t.players)
    return t.replace(players=with_match_results(players), games_per_round=2,
                     scoring=match_scoring(t.scoring))


def _finish_meta(st: _State, text: str, data: bytes) -> None:
    """The version, the declared scoring, and the writer's options to give the file back."""
    style = st.style
    if st.teams013:
        style["team013"] = True
    if st.teams310:
        style["team310"] = True
    style["tags"] = sorted(st.tags_seen)
    version = "trf26" if st.tags_seen & TRF26_TAGS else "trf"
    st.meta.update(
        version=version,
        scoring_declared=bool(style.get("scoring")),  # 162, XXS or BB*: else inferred from totals
        newline=_newline_of(text),
        bom=data.startswith(b"\xef\xbb\xbf"),
        encoding=next((w.message.rsplit(" ", 1)[-1] for w in st.warnings if "not UTF-8" in w.message), "utf-8"),
        dump_options={"newline": _newline_of(text), "layout": st.layout, "style": style,
                      "bom": data.startswith(b"\xef\xbb\xbf")},
    )


def load(data: bytes, *, path: str | None = None, strict: bool = True) -> Loaded:
    """Read a TRF file (any of TRF06/16/26 and the x/bx extensions) into a :class:`Tournament`.

    ``strict=False`` (used by ``validate``) collects bad values as findings in
    ``meta["findings"]`` instead of refusing the file.
    """
    ctx = _Ctx(path, strict)
    text, warnings = decode(data, path)
    _check_text(text, path)
    meta: dict = {"records": {}, "record_lines": {}, "findings": ctx.findings, "player_lines": []}
    st = _State(path, ctx, warnings, meta)
    for lineno, raw in enumerate(_NEWLINES.split(text), 1):
        _read_line(st, lineno, raw)
    if not st.players and not st.f and not st.score:
        raise FormatError("no TRF records found", path=path, line=1, column=1,
                          expected="lines starting with a record tag such as 012 or 001",
                          hint="is this really a TRF file? name the format with --from")
    t = _tournament(st)
    _finish_meta(st, text, data)
    return Loaded(t, warnings, st.plines, meta)


from .trf_write import dump  # noqa: E402  (the writer needs the helpers above)

__all__ = ["NAME", "detect", "load", "dump", "decode", "parse_player"]
