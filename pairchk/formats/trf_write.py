"""The TRF writer shared by ``trf`` (TRF16 + TRF(x)) and ``trf26``.

Every record is rendered into a group of lines keyed by its tag; the groups are then laid
out either in the canonical order or, when the reader's ``layout`` is passed back, in the
order (and with the blank lines) of the file that was read. Points and rank columns are
computed from the results under the tournament's scoring system.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(name="Club", players=(Player(1, "A", entries=(RoundEntry(Kind.PAB),)),))
>>> line = dump(t).data.decode().splitlines()[1]
>>> line[80:84], line[85:89], line[91:]
(' 1.0', '   1', '0000 - U')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from ..errors import PairchkError, Warning_
from ..model import (Color, Kind, Player, RoundEntry, ScoreSystem, Status, TeamMatch, Tournament,
                     match_games, match_scoring)
from . import Dumped
from .carry import DESCRIPTIONS

_CANONICAL = (
    "###", "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
    "132", "142", "XXR", "152", "XXC", "162", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "XXS",
    "172", "182", "192", "202", "212", "222", "352", "362", "001", "NRS", "013", "310", "300",
    "320", "330", "240", "XXZ", "250", "XXA", "260", "XXP", "299", "?",
)
# Defaults per target version: which record expresses what.
_DEFAULTS = {
    "trf": {"rounds": "XXR", "color": "XXC", "scoring": "auto16", "acceleration": "XXA",
              "forbidden": "XXP", "byes": "XXZ"},
    "trf26": {"rounds": "142", "color": "152", "scoring": "162", "acceleration": "250",
              "forbidden": "260", "byes": "240"},
}
# Records a TRF16 target has no room for (written only if the source file had them).
_TRF26_ONLY = frozenset("172 182 192 202 212 222 352 362 NRS 310 300 320 330 299".split())


_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")

# The model field behind each TRF26-only record, so that a TRF16 warning names what is lost
# in the words of ``carry.DESCRIPTIONS`` (the vocabulary every format's warnings share).
_FIELD_OF = {
    "172": "tournament.starting_rank_method", "182": "tournament.pairing_controller",
    "192": "tournament.system", "202": "tournament.tiebreak_text", "212": "tournament.tiebreaks",
    "222": "tournament.time_control_encoded", "352": "tournament.board_colors",
    "362": "tournament.team_scoring", "300": "tournament.lineups",
    "330": "tournament.team_matches", "299": "tournament.abnormal_points",
}


_FORFEITS = ("+-", "-+", "--")


def _what(key: str) -> str:
    """``"tournament.time_control_encoded"`` -> ``"encoded time control"``."""
    return DESCRIPTIONS[key].split(" (")[0]


def _yymmdd(d: str) -> str:
    """An ISO date in the TRF 132 form ``YY/MM/DD``; anything else gives ``""``.

    >>> _yymmdd("2026-03-01"), _yymmdd("1.3.26")
    ('26/03/01', '')
    """
    return f"{d[2:4]}/{d[5:7]}/{d[8:10]}" if _ISO.match(d) else ""


def _trf_date(d: str) -> str:
    """ISO dates (from other formats) in the TRF26 form YYYY/MM/DD; anything else as found."""
    return d.replace("-", "/") if _ISO.match(d) else d


def fmt_points(d: Decimal | None) -> str:
    """``Decimal("2")`` -> ``"2.0"``, ``Decimal("0.25")`` -> ``"0.25"``."""
    if d is None:
        return ""
    s = format(d.normalize(), "f")
    return s if "." in s else s + ".0"


def _col(width: int, value, align: str = ">") -> str:
    s = "" if value is None else str(value)
    return f"{s:{align}{width}}"


def _block(e: RoundEntry) -> str:
    """One round block of a 001 line (8 characters, trailing blanks kept)."""
    if e.kind is Kind.NOT_PAIRED:
        return " " * 8
    opp = f"{e.opponent:>4}" if e.opponent else "0000"
    code = " " if e.kind in (Kind.PENDING, Kind.ABSENT) else e.kind.code
    return f"{opp} {e.color.value} {code}"


def _entries(p: Player) -> tuple[RoundEntry, ...]:
    entries = list(p.entries)
    while entries and entries[-1].kind is Kind.NOT_PAIRED:
        entries.pop()
    return tuple(entries)


def compute_ranks(t: Tournament) -> dict[int, int]:
    """Rank by computed points; ties keep the file's declared rank order, then the number."""
    pts = {p.number: sum((t.scoring.points(e) for e in p.entries), Decimal(0)) for p in t.players}
    order = sorted(t.players, key=lambda p: (-pts[p.number], p.rank if p.rank else 10**9, p.number))
    return {p.number: i for i, p in enumerate(order, 1)}


def player_line(p: Player, points: Decimal, rank: int, warn) -> str:
    name = p.name
    if len(name) > 33:
        warn(f"player {p.number}: name longer than 33 characters cut: {name!r}")
        name = name[:33]
    for what, value, width in (("federation", p.federation, 3), ("FIDE id", p.fide_id, 11),
                               ("birth date", p.birth, 10), ("title", p.title, 3), ("sex", p.sex, 1)):
        if len(value) > width:
            warn(f"player {p.number}: {what} {value!r} longer than {width} characters, cut")
    rating = p.rating
    if rating is not None and not 0 <= rating <= 9999:
        warn(f"player {p.number}: rating {rating} does not fit columns 49-52, left out")
        rating = None
    pts = fmt_points(points)
    if len(pts) > 4:
        warn(f"player {p.number}: points {pts} do not fit columns 81-84, left out")
        pts = ""
    birth = _trf_date(p.birth)
    head = (
        f"001 {p.number:>4} {p.sex[:1]:1}{p.title[:3]:>3} {name:<33} {_col(4, rating)} "
        f"{p.federation[:3]:<3} {p.fide_id[:11]:>11} {birth[:10]:<10} {pts:>4} {rank:>4}"
    )
    blocks = [_block(e) for e in _entries(p)]
    for r, e in enumerate(_entries(p), 1):
        if e.kind is Kind.NOT_PAIRED:
            warn(f"player {p.number}, round {r}: 'not paired' written as a blank round (absent)")
    line = head + "".join("  " + b for b in blocks)
    if blocks and blocks[-1].endswith(" ") and blocks[-1].strip():
        # a last round without a result letter (absent: "0000 -  ") keeps its blank result
        # column: bbpPairings refuses a line that ends in "0000 -" (issue 14)
        return line
    return line.rstrip()


def _pts4(d: Decimal | None) -> str:
    return f"{fmt_points(d):>4}"


_FALLBACK = {"forfeit_win": "win", "pab": "win", "full_bye": "win", "half_bye": "draw",
             "win_white": "win", "win_black": "win", "draw_white": "draw", "draw_black": "draw",
             "loss_white": "loss", "loss_black": "loss"}


def _redundant(s: ScoreSystem) -> set[str]:
    """The optional values of ``s`` equal to the one they fall back to: a colour-specific win
    worth what any win is worth says nothing a record must carry, so losing it is no loss."""
    return {f for f, base in _FALLBACK.items()
            if getattr(s, f) is not None and getattr(s, f) == getattr(s, base)}


def _scoring_lines(s: ScoreSystem, kind: str, warn) -> dict[str, list[str]]:
    """Scoring records in style ``kind`` (162, BB or XXS); warns about what it cannot say.

    >>> _scoring_lines(ScoreSystem(win_white=Decimal(1)), "162", print)
    {}
    """
    d = ScoreSystem()
    changed = {f: getattr(s, f) for f in s.__dataclass_fields__ if getattr(s, f) != getattr(d, f)}
    if kind == "auto16":
        kind = "BB" if set(changed) <= {"win", "draw", "loss", "zero_bye", "forfeit_loss", "pab", "absent"} else "XXS"
    if not changed:
        return {}
    if s.absent != s.zero_bye:
        warn(f"points for an absence ({s.absent}) differ from a zero-point bye ({s.zero_bye}); TRF has one value")
    out: dict[str, list[str]] = {}
    if kind == "162":
        items = [(c, getattr(s, f)) for c, f in (("W", "win"), ("D", "draw"), ("L", "loss"), ("A", "zero_bye"),
                                                  ("P", "pab"), ("X", "half_bye")) if f in changed]
        lost = set(changed) - {"win", "draw", "loss", "zero_bye", "pab", "half_bye", "absent"}
        if items:
            line = "162 "
            for i, (c, v) in enumerate(items):  # code at column 6 + 9i, points in the next 4
                line = line.ljust(5 + 9 * i) + c + _pts4(v)
            out["162"] = [line]
    elif kind == "BB":
        tags = (("BBW", "win"), ("BBD", "draw"), ("BBL", "loss"), ("BBZ", "zero_bye"), ("BBF", "forfeit_loss"), ("BBU", "pab"))
        for tag, f in tags:
            if f in changed:
                out[tag] = [f"{tag} {_pts4(getattr(s, f))}"]
        lost = set(changed) - {f for _, f in tags} - {"absent"}
    else:
        names = {v: k for k, v in {
            "WW": "win_white", "BW": "win_black", "WD": "draw_white", "BD": "draw_black",
            "WL": "loss_white", "BL": "loss_black", "ZPB": "zero_bye", "HPB": "half_bye",
            "FPB": "full_bye", "PAB": "pab", "FW": "forfeit_win", "FL": "forfeit_loss",
            "W": "win", "D": "draw", "L": "loss"}.items()}
        toks = [f"{names[f]}={fmt_points(v)}" for f, v in changed.items() if f in names]
        out["XXS"] = ["XXS " + " ".join(toks)]
        lost = set(changed) - set(names) - {"absent"}
    for f in sorted(lost - _redundant(s)):
        warn(f"scoring value {f}={getattr(s, f)} cannot be written in {kind} records")
    return out


def _acceleration_lines(t: Tournament, kind: str, warn) -> dict[str, list[str]]:
    if not t.acceleration:
        return {}
    if kind == "XXA":
        lines = []
        for a in t.acceleration:
            if any(a.match_points):
                warn(f"acceleration of player {a.player}: match points cannot be written in XXA "
                     "records (TRF26 250); not written")
            if not a.points:
                continue
            lines.append(f"XXA {a.player:>4}" + "".join(f" {_pts4(x)}" for x in a.points))
        return {"XXA": lines}
    # 250: rectangles of equal points over consecutive players and rounds
    n_rounds = max(max(len(a.points), len(a.match_points)) for a in t.acceleration)
    vec = {}
    for a in t.acceleration:
        vec[a.player] = tuple(
            (a.match_points[r] if r < len(a.match_points) else None,
             a.points[r] if r < len(a.points) else None) for r in range(n_rounds))
    groups: list[tuple[int, int, tuple]] = []
    for num in sorted(vec):
        if groups and groups[-1][1] == num - 1 and groups[-1][2] == vec[num]:
            groups[-1] = (groups[-1][0], num, vec[num])
        else:
            groups.append((num, num, vec[num]))
    lines = []
    for p1, p2, v in groups:
        r = 0
        while r < n_rounds:
            cell = v[r]
            r2 = r
            while r2 + 1 < n_rounds and v[r2 + 1] == cell:
                r2 += 1
            mp, gp = cell
            if (mp or gp):
                mp_s = _pts4(mp) if mp else "    "
                gp_s = _pts4(gp) if gp else "    "
                lines.append(f"250 {mp_s} {gp_s} {r + 1:>3} {r2 + 1:>3} {p1:>4} {p2:>4}")
            r = r2 + 1
    return {"250": lines}


def _team_lines(t: Tournament, style: dict, version: str, warn) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    if not t.teams:
        return out
    want013 = version == "trf" or style.get("team013")
    want310 = version == "trf26" or style.get("team310")
    if version == "trf26" and style.get("team013") and not style.get("team310"):
        want310 = False
    if want013:
        out["013"] = [(f"013 {tm.name[:32]:<32}" + "".join(f" {m:>4}" for m in tm.members)).rstrip()
                      for tm in t.teams]
    if want310:
        out["310"] = [(
            f"310 {tm.number:>3} {tm.name[:32]:<32} {tm.nickname[:5]:<5} {tm.strength[:6]:>6} "
            f"{fmt_points(tm.match_points):>6} {fmt_points(tm.game_points):>6} {_col(3, tm.rank)}  "
            + " ".join(f"{m:>4}" for m in tm.members)).rstrip() for tm in t.teams]
    elif any(tm.nickname or tm.strength or tm.match_points is not None or tm.rank for tm in t.teams):
        warn("teams: nickname, strength, points and rank need TRF26 record 310; not written")
    return out


@dataclass
class _Records:
    """The lines written so far, grouped by tag, and what decides how records are written:
    the target ``version``, the source file's ``style`` and tags, the records chosen (``d``)."""

    version: str
    style: dict
    warn: Callable[[str], None]
    src_tags: set[str]
    d: dict[str, str]  # which record expresses rounds, colour, scoring, ... (``_DEFAULTS``)
    g: dict[str, list[str]] = field(default_factory=dict)

    def put(self, tag: str, line: str) -> None:
        self.g.setdefault(tag, []).append(line)

    def text(self, tag: str, value: str) -> None:
        if value:
            self.put(tag, f"{tag} {value}")


def _declared_records(o: _Records, t: Tournament) -> None:
    """062/072/082: declared numbers of players, rated players, teams (Swiss-Manager's
    ``062 players (rated)`` when the source had it)."""
    for tag, v in (("062", t.declared_players), ("072", t.declared_rated), ("082", t.declared_teams)):
        if v is None:
            continue
        if tag == "062" and "062_rated" in o.style and t.declared_rated is not None:
            o.put(tag, f"062 {v} ({t.declared_rated})")  # Swiss-Manager's shape, as read
        elif tag != "072" or "072" in o.src_tags or "062_rated" not in o.style:
            o.put(tag, f"{tag} {v}")


def _system_text(o: _Records, t: Tournament) -> str:
    """The text of 092: the free text, or the TRF26 system code where the generators put it."""
    system_text = t.system_text
    if not system_text and t.system and (o.version == "trf" or o.style.get("system") == "092"):
        system_text = t.system  # the generators' convention: the TRF26 code in 092
    elif o.version == "trf" and t.system and t.system != system_text and "192" not in o.src_tags:
        o.warn(f"pairing system code {t.system!r} needs TRF26 record 192; kept only 092 {system_text!r}")
    return system_text


def _header_records(o: _Records, t: Tournament) -> str:
    """### comments and the tournament records 012 to 122; returns the 092 text."""
    for c in t.comments:
        o.put("###", "###" + c)
    o.text("012", t.name)
    o.text("022", t.city)
    o.text("032", t.federation)
    o.text("042", _trf_date(t.start_date))
    o.text("052", _trf_date(t.end_date))
    _declared_records(o, t)
    system_text = _system_text(o, t)
    o.text("092", system_text)
    o.text("102", t.chief_arbiter)
    for dep in t.deputy_arbiters:
        o.put("112", f"112 {dep}" if dep else "112")
    o.text("122", t.time_control)
    return system_text


def _round_dates_record(o: _Records, t: Tournament) -> None:
    """132: round dates ``YY/MM/DD`` on the 001 round grid (cols 92-99, 102-109, ...)."""
    round_dates = list(t.round_dates or tuple(_yymmdd(d) for d in t.round_dates_iso))  # TRF: YY/MM/DD
    if not any(round_dates):
        return
    isos = t.round_dates_iso + ("",) * len(round_dates)
    for i, x in enumerate(round_dates):
        if len(x) <= 8:
            continue
        if _ISO.match(x):  # an ISO date (JSON formats): the same date in TRF's spelling
            round_dates[i] = _yymmdd(x)
        elif _ISO.match(isos[i]):
            round_dates[i] = _yymmdd(isos[i])
            o.warn(f"round date {x!r} longer than 8 characters, written as {round_dates[i]!r}")
        else:
            o.warn(f"round date {x!r} longer than 8 characters, cut")
    o.put("132", ("132" + " " * 88 + "".join(f"{x[:8]:<10}" for x in round_dates)).rstrip())


def _rounds_color_scoring(o: _Records, t: Tournament) -> None:
    """142/XXR number of rounds, 152/XXC initial colour, 162/BB*/XXS scoring."""
    d = o.d
    if t.rounds is not None:
        o.put(d["rounds"], f"{d['rounds']} {t.rounds}")
    if t.initial_color is not Color.NONE:
        if d["color"] == "152":
            o.put("152", f"152 {t.initial_color.value.upper()}")
        else:
            o.put("XXC", "XXC white1" if t.initial_color is Color.WHITE else "XXC black1")
    for tag, lines in _scoring_lines(_declared_scoring(t), d["scoring"], o.warn).items():
        o.g[tag] = lines


def _declared_scoring(t: Tournament) -> ScoreSystem:
    """The scoring to declare: in a competition of matches of several games, the byes' match
    values the reader derives by itself (:func:`pairchk.model.match_scoring`) are left out."""
    if t.games_per_round <= 1:
        return t.scoring
    bare = dataclasses.replace(t.scoring, pab=None, full_bye=None, half_bye=None)
    derived = match_scoring(bare, t.games_per_round)
    keep = {k: getattr(t.scoring, k) for k in ("pab", "full_bye", "half_bye")
            if getattr(t.scoring, k) != getattr(derived, k)}
    return dataclasses.replace(bare, **keep)


def _trf26_text_records(o: _Records, t: Tournament, system_text: str) -> None:
    """172 182 192 202 212 222 352 362: TRF26-only text records (TRF16: only if the source had them)."""
    opt = {
        "172": t.starting_rank_method, "182": t.pairing_controller,
        "192": t.system if (t.system and system_text != t.system) else "",
        "202": t.tiebreak_text, "212": ",".join(t.tiebreaks), "222": t.time_control_encoded,
        "352": t.board_colors, "362": t.team_scoring,
    }
    for tag, value in opt.items():
        if not value:
            continue
        if o.version == "trf" and tag not in o.src_tags:
            if tag != "192":
                o.warn(f"{_what(_FIELD_OF[tag])} ({value!r}) needs TRF26 record {tag}; not written")
            continue
        o.text(tag, value)


def _player_warnings(o: _Records, p: Player) -> None:
    """What a 001 line has no columns for: withdrawn status, club, extra fields."""
    if p.status is Status.WITHDRAWN:
        o.warn(f"player {p.number}: withdrawn status cannot be written in TRF")
    if p.club:
        o.warn(f"player {p.number}: club {p.club!r} cannot be written in TRF")
    if p.extra:
        o.warn(f"player {p.number}: fields {', '.join(k for k, _ in p.extra)} cannot be written in TRF")


def _nrs_records(o: _Records, t: Tournament, p: Player) -> None:
    """The TRF26 national-rating lines of ``p`` (federation in 1-3, then the 001 layout)."""
    for nr in p.national_ratings:
        if o.version == "trf" and "NRS" not in o.src_tags:
            what = ", ".join(x for x in (
                f"national rating {nr.rating}" if nr.rating is not None else "",
                f"national id {nr.national_id!r}" if nr.national_id else "") if x)
            o.warn(f"player {p.number}: national ratings: the {nr.federation} line"
                   f"{f' ({what})' if what else ''} needs TRF26; not written")
            continue
        o.put("NRS", _nrs_line(p, nr))
    if (p.national_rating is not None or p.national_id) and not p.national_ratings:
        what = " and ".join(x for x in (
            f"national rating {p.national_rating}" if p.national_rating is not None else "",
            f"national id {p.national_id!r}" if p.national_id else "") if x)
        verb = "need" if " and " in what else "needs"
        o.warn(f"player {p.number}: {what} {verb} a national-rating line with a federation; not written")
    if p.team is not None and not any(p.number in tm.members for tm in t.teams):
        o.warn(f"player {p.number}: team {p.team} is not among the teams' members; not written")


def _player_records(o: _Records, t: Tournament) -> None:
    """001 (and national-rating lines) of every player.

    Points and rank columns are written as declared (issue 14: the organiser's numbers); a
    player without them gets the values computed from the results (convert --recompute
    recomputes them all). A rank of 0 is TRF's placeholder for "not declared"."""
    ranks = compute_ranks(t)
    for p in t.players:
        pts = p.points if p.points is not None else sum((t.scoring.points(e) for e in p.entries), Decimal(0))
        rank = p.rank if p.rank else ranks[p.number]
        _player_warnings(o, p)
        if t.games_per_round > 1:  # one column per game (see trf._as_matches)
            p = p.replace(entries=tuple(g for e in p.entries for g in match_games(e, t.games_per_round)))
        o.put("001", player_line(p, pts, rank, o.warn))
        _nrs_records(o, t, p)


def _team_pab_record(o: _Records, t: Tournament) -> list[TeamMatch]:
    """320: team PAB points (MP, GP) and the PAB team of each round; returns those byes."""
    pab = [m for m in t.team_matches if m.away is None and not m.forfeit]
    if pab or t.team_pab_match_points is not None or t.team_pab_game_points is not None:
        last = max((m.round for m in pab), default=0)
        slots = [""] * last
        for m in pab:
            slots[m.round - 1] = str(m.home)
        o.put("320", (f"320 {_pts4(t.team_pab_match_points)} {_pts4(t.team_pab_game_points)}"
                      + "".join(f"{s:>4}" for s in slots)).rstrip())
    return pab


def _team_match_records(o: _Records, t: Tournament) -> None:
    """330: forfeited team matches (``+-``, ``-+``, ``--``).

    A played match has no record of its own: the line-ups (300) name the opponent team, and
    the games say who met whom."""
    played = [m for m in t.team_matches if m.away is not None and not m.forfeit]
    for m in t.team_matches:
        if m.forfeit in _FORFEITS:
            o.put("330", f"330 {m.forfeit:<2} {m.round:>3} {m.home:>3} {_col(3, m.away)}".rstrip())
        elif m.forfeit:
            o.warn(f"team matches: round {m.round} {m.home}-{m.away} has forfeit type {m.forfeit!r},"
                   " TRF26 330 knows only +-, -+ and --; not written")
    if played:
        shown = {(lu.round, lu.team, lu.opponent) for lu in t.lineups if lu.opponent is not None}
        covered = sum(1 for m in played if (m.round, m.home, m.away) in shown
                      or (m.round, m.away, m.home) in shown)
        where = (f"{covered} of them named by the line-ups (300)" if o.version == "trf26"
                 else "TRF16 has no team-match records")
        o.warn(f"team matches: {len(played)} played match(es) have no TRF26 record (330 is for"
               f" forfeits only); {where}; not written")


def _team_records(o: _Records, t: Tournament) -> list[TeamMatch]:
    """013/310 teams, 300 line-ups, 320 team PAB, 330 forfeited matches; returns the team byes."""
    o.g.update(_team_lines(t, o.style, o.version, o.warn))
    for lu in t.lineups:
        o.put("300", (f"300 {lu.round:>3} {lu.team:>3} {_col(3, lu.opponent)}"
                      + "".join(f" {x:>4}" for x in lu.players)).rstrip())
    pab = _team_pab_record(o, t)
    _team_match_records(o, t)
    return pab


def _bye_records(o: _Records, t: Tournament) -> None:
    """XXZ (JaVaFo: absent next round) or 240 (TRF26: F/H/Z bye, round, players)."""
    upcoming = t.last_paired_round + 1  # the round XXZ (round 0) means
    for b in t.declared_byes:
        if o.d["byes"] == "XXZ" and b.kind.value == "Z" and b.round in (0, upcoming):
            o.put("XXZ", "XXZ " + " ".join(str(x) for x in b.players))
        elif o.d["byes"] == "XXZ" and "240" not in o.src_tags:
            # TRF16 (JaVaFo XXZ) can only say "absent (zero points) in the next round"
            o.warn(f"declared byes: {b.kind.name.lower()} bye for round {b.round or 'next'} needs "
                   "TRF26 record 240; not written")
        else:
            rnd = b.round or upcoming  # round 0 = "the next round" (XXZ)
            o.put("240", f"240 {b.kind.value} {rnd:>3}" + "".join(f" {x:>4}" for x in b.players))


def _forbidden_records(o: _Records, t: Tournament) -> None:
    """XXP (JaVaFo, every round) or 260 (TRF26: first and last round, players)."""
    for fp in t.forbidden_pairs:
        if fp.first_round is None and fp.last_round is None and o.d["forbidden"] == "XXP":
            o.put("XXP", "XXP " + " ".join(str(x) for x in fp.players))
        elif o.d["forbidden"] == "XXP" and "260" not in o.src_tags:
            o.warn(f"forbidden pairs: {fp.players} limited to rounds {fp.first_round}-{fp.last_round} "
                   "needs TRF26 record 260; not written")
        else:
            o.put("260", f"260 {_col(3, fp.first_round)} {_col(3, fp.last_round)}"
                  + "".join(f" {x:>4}" for x in fp.players))


def _abnormal_records(o: _Records, t: Tournament) -> None:
    """299 (TRF26): abnormal points, type, match points, game points, round, players."""
    for ab in t.abnormal_points:
        line = f"299 {ab.type} {_pts4(ab.match_points)} {_pts4(ab.game_points)}"
        if ab.round or ab.players:
            line += f" {ab.round:>3}" + "".join(f" {x:>4}" for x in ab.players)
        o.put("299", line)


def _drop_trf26_team_records(o: _Records, t: Tournament, pab: list[TeamMatch]) -> None:
    """TRF16: 300 320 330 299 exist only in TRF26; dropped (with a warning) unless the source had them."""
    for tag in ("300", "320", "330", "299"):
        if o.version == "trf" and tag in o.g and tag not in o.src_tags:
            if tag == "320":
                what = ", ".join(_what(k) for k in (
                    "tournament.team_pab_match_points", "tournament.team_pab_game_points")
                    if getattr(t, k.partition(".")[2]) is not None)
                what = ", ".join(x for x in (what, "team matches" if pab else "") if x)
            else:
                what = _what(_FIELD_OF[tag])
            o.warn(f"{what}: {len(o.g[tag])} record(s) {tag} exist only in TRF26; not written")
            del o.g[tag]


def render(t: Tournament, version: str, style: dict | None, warn) -> dict[str, list[str]]:
    """Every record of ``t`` as lines grouped by tag."""
    style = dict(style or {})
    d = dict(_DEFAULTS[version])
    d.update({k: v for k, v in style.items() if k in d})
    o = _Records(version, style, warn, set(style.get("tags", ())), d)
    system_text = _header_records(o, t)
    _round_dates_record(o, t)
    _rounds_color_scoring(o, t)
    _trf26_text_records(o, t, system_text)
    _player_records(o, t)
    pab = _team_records(o, t)
    _bye_records(o, t)
    o.g.update(_acceleration_lines(t, d["acceleration"], warn))
    _forbidden_records(o, t)
    _abnormal_records(o, t)
    _drop_trf26_team_records(o, t, pab)
    for x in t.extra_records:
        o.put("?", x)
    return o.g


def _nrs_line(p: Player, nr) -> str:
    if nr.raw:
        raw = nr.raw
        same = (raw[:3] == nr.federation and raw[4:8].strip() == str(p.number)
                and raw[48:52].strip() == ("" if nr.rating is None else str(nr.rating))
                and raw[53:56].strip() == nr.origin and raw[57:68].strip() == nr.national_id)
        if same:
            return raw
    return (f"{nr.federation:<3} {p.number:>4} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
            f"{_col(4, nr.rating)} {nr.origin[:3]:<3} {nr.national_id[:11]:>11} {p.birth[:10]:<10}").rstrip()


_RANK = {tag: i for i, tag in enumerate(_CANONICAL)}


def _insert_at(tagged: list[tuple[str, str]], tag: str) -> int:
    """After the last line whose record comes before ``tag`` in the canonical order."""
    rank = _RANK[tag]
    at = 0
    for i, (t, _) in enumerate(tagged):
        if t and _RANK.get(t, len(_RANK)) <= rank:
            at = i + 1
    return at


def _laid_out(queues: dict[str, list[str]], layout: list[str]) -> list[str]:
    """The lines in the order (and with the blank lines) of the file read; what the layout has
    no place for goes where it belongs in the canonical order."""
    tagged: list[tuple[str, str]] = []
    for tag in layout:
        if tag == "":
            tagged.append(("", ""))
        elif queues.get(tag):
            tagged.append((tag, queues[tag].pop(0)))
    trailing = bool(tagged) and tagged[-1] == ("", "") and layout[-1] == ""
    if trailing:
        tagged.pop()
    for tag in _CANONICAL:
        for line in queues.get(tag, ()):
            at = _insert_at(tagged, tag)
            tagged.insert(at, (tag, line))
    out = [line for _, line in tagged]
    if trailing:
        out.append("")
    return out


def _check_numbers(t: Tournament) -> None:
    """Refuse starting numbers (of players and opponents) that do not fit columns 5-8."""
    too_big = [p.number for p in t.players if not 0 < p.number <= 9999] + [
        e.opponent for p in t.players for e in p.entries if e.opponent is not None and not 0 < e.opponent <= 9999]
    if too_big:
        raise PairchkError(f"starting number {too_big[0]} does not fit TRF columns 5-8 (1 to 9999)")


def dump(t: Tournament, *, version: str = "trf", newline: str = "\n", layout: list[str] | None = None,
         style: dict | None = None, bom: bool = False, encoding: str = "utf-8",
         **unknown) -> Dumped:
    """Write ``t`` as TRF16 (``version="trf26"`` for TRF-2026).

    ``layout``, ``style``, ``newline`` and ``bom`` come from ``Loaded.meta["dump_options"]`` of
    a TRF file that was read; with them an already canonical file is reproduced byte for byte.
    """
    warnings: list[Warning_] = []

    def warn(msg: str) -> None:
        warnings.append(Warning_(msg))

    for k in unknown:
        warn(f"option {k!r} is not used by the TRF writer; ignored")
    if newline not in ("\n", "\r", "\r\n"):
        raise ValueError(f"newline must be LF, CR or CRLF, not {newline!r}")
    _check_numbers(t)
    groups = render(t, version, style, warn)
    queues = {tag: list(lines) for tag, lines in groups.items()}
    if layout:
        out = _laid_out(queues, layout)
    else:
        out = [line for tag in _CANONICAL for line in queues.get(tag, ())]
        out.append("")
    text = newline.join(out)
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        warn(f"text cannot be encoded as {encoding}; wrote UTF-8")
        data = text.encode("utf-8")
    if bom:
        data = b"\xef\xbb\xbf" + data
    return Dumped(data, warnings)
