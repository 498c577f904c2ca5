"""ELOBASE / "DSB-Format" text (``.SWI``/``.txt``): the oldest DWZ submission text, read and write.

Layout as written by ChessLeagueManager (``com_clm:admin/models/auswertung.php``, format 1), the
only public source; Swiss-Chess' own ``.SWI`` output could not be compared (no sample). Latin-1.
Line 1 tournament name, line 2 details, line 3 ``MR  <players>  <rounds>  <cycles>``, line 4 a
ruler; then one line per player::

    ttt.rrr name(32) club(32) FED fide-id(10) pkz(10) birth(8) elo(4) dwz(4)  zps(5) mem(4)

followed by one 6-character token per round: `` <r><c><opp:3>`` with r = ``1`` ``0`` ``R``
(Remis) from the player's view, c = ``W``/``B``; forfeits have c = ``:`` and r = ``+``/``-``;
``  :  0`` is no game. A footer after ``###`` gives Name, Ort, FIDE-Land, Datum(S)/(E),
Züge(1..3), Turnierleitung, Schiedsrichter, Anwender.

>>> from pairchk.model import Player, RoundEntry, Kind, Color, Tournament
>>> t = Tournament(name="Open", city="Kiel", time_control="G/90", start_date="2026-07-01",
...     end_date="2026-07-01", rounds=1, players=(
...     Player(1, "Anand, Vishy", birth="1969", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...     Player(2, "Carlsen, Magnus", birth="1990", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
>>> load(dump(t).data).tournament.player(2).entry(1)
RoundEntry(kind=<Kind.LOSS: '0'>, opponent=1, color=<Color.BLACK: 'b'>)
"""

from __future__ import annotations

import re

from ..errors import FormatError, PairchkError, Warning_
from ..model import Color, Kind, NOT_PAIRED, Player, RoundEntry, Tournament
from .boards import require_colours, require_consistent
from . import Dumped, Loaded
from .carry import LONE_FORFEITS, without_lone_forfeit, dropped
from .limits import check_round
from ._dsb import (MissingDataError, absent_gaps, birth_year, dsb_id, extra, refuse_unknown_options, required_gaps,
                   with_iso_dates)

NAME = "elobase"
EXTENSIONS = (".swi",)
CAN_READ = True
CAN_WRITE = True
DECLARES_SCORING = False  # totals without a point system: inferred from the totals (declared.py)
OPTIONS = {"details": "line 2 of the file (free text)", "software": "the 'Anwender' footer line"}
CANNOT_CARRY = [
    *LONE_FORFEITS,  # a forfeit naming no opponent is written as the bye it scores like
    "tournament.round_dates", "tournament.round_dates_iso", "tournament.deputy_arbiters",
    "tournament.system", "tournament.system_text",
    "tournament.time_control_encoded", "tournament.acceleration", "tournament.scoring",
    "tournament.initial_color", "tournament.tiebreaks", "tournament.forbidden_pairs",
    "tournament.declared_byes", "tournament.teams", "tournament.lineups", "tournament.team_matches",
    "tournament.abnormal_points", "tournament.starting_rank_method", "tournament.pairing_controller",
    "tournament.board_colors", "tournament.team_scoring", "tournament.declared_players",
    "tournament.declared_rated", "tournament.declared_teams", "tournament.extra_records",
    "tournament.comments", "tournament.tiebreak_text", "tournament.team_pab_match_points",
    "tournament.team_pab_game_points", "player.title", "player.sex", "player.points",
    "player.national_ratings", "player.national_id", "player.team", "player.status", "player.extra",
    "birth.day_month", "entries.byes", "entries.short_games_unrated", "entries.forfeit_colors",
]
RULER = (" ttt. rrr nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv lll ffffffffff"
         " pppppppppp gggggggg eeee dddd  zzzzz mmmm")
_PREFIX = 133  # characters before the first round token
_HEAD = re.compile(r"^MR\s+(\d+)\s+(\d+)\s+(\d+)\s*$")
_HINT = "an ELOBASE/DSB text file: name, details, 'MR  players  rounds  cycles', ruler, players, ###"
_UNRATED = {Kind.WIN_SHORT: Kind.FORFEIT_WIN, Kind.DRAW_SHORT: Kind.FORFEIT_LOSS, Kind.LOSS_SHORT: Kind.FORFEIT_LOSS}
_TOKEN_R = {Kind.WIN: "1", Kind.LOSS: "0", Kind.DRAW: "R", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-"}


_FOOT_KEY = re.compile(r"(Name|Ort|FIDE-Land|Datum\(S\)|Datum\(E\)|Züge\(\d\)|Turnierleitung|Schiedsrichter"
                       r"|Anwender):")
_FOOT_STOP = re.compile(r"(?:Datum\(E\)|Züge\(\d\)):")  # keys that share a line with another


def _footer_fields(raw: str) -> dict[str, str]:
    """``{key: value}`` of one footer line, in linear time (no backtracking over blank runs).

    >>> _footer_fields("Datum(S): 01.02.2026   Datum(E): 03.02.2026" + " " * 5)
    {'Datum(S)': '01.02.2026', 'Datum(E)': '03.02.2026'}
    """
    out: dict[str, str] = {}
    pos = 0
    while (m := _FOOT_KEY.search(raw, pos)) is not None:
        stop = _FOOT_STOP.search(raw, m.end())
        end = stop.start() if stop else len(raw)
        out[m[1]] = raw[m.end():end].strip()
        pos = end
    return out


def detect(data: bytes) -> bool:
    lines = data[:2000].decode("latin-1").splitlines()
    return len(lines) >= 4 and bool(_HEAD.match(lines[2])) and lines[3].startswith(" ttt. rrr n")


def _fide_id(p, warnings: list) -> str:
    """The FIDE id, or blank when it does not fit the 10 columns (a cut id is another player's)."""
    if len(p.fide_id) > 10:
        warnings.append(Warning_(f"player {p.number}: FIDE id {p.fide_id!r} does not fit 10 columns;"
                                 " left out"))
        return ""
    return p.fide_id


def _fit(text: str, width: int, what: str, warnings: list) -> str:
    if len(text) > width:
        warnings.append(Warning_(f"{what} {text!r} cut to {width} characters"))
        text = text[:width]
    return text


def _de_date(iso: str) -> str:
    return f"{iso[8:10]}.{iso[5:7]}.{iso[:4]}" if re.match(r"^\d{4}-\d{2}-\d{2}$", iso) else iso


def dump(t: Tournament, **options) -> Dumped:
    """Write the ELOBASE text; a :class:`MissingDataError` lists every required item missing."""
    require_consistent(t, "elobase")
    require_colours(t, "elobase")
    refuse_unknown_options(NAME, options, OPTIONS)
    t = with_iso_dates(t)
    gaps = required_gaps(t)
    if gaps:
        raise MissingDataError(NAME, gaps)
    warnings = dropped(t, NAME, CANNOT_CARRY)
    rounds = max(t.rounds or 0, t.played_rounds)
    out = [t.name, options.get("details", ""), f"MR  {len(t.players)}  {rounds}  1", RULER]
    for p in t.players:
        if p.number > 9999:
            raise PairchkError(f"{NAME}: player number {p.number} does not fit 4 columns")
        line = (f"{p.number:>4}.{p.rank or p.number:>4} {_fit(p.name, 32, 'name', warnings):<32}"
                f" {_fit(p.club, 32, 'club', warnings):<32} {p.federation[:3]:<3}"
                f" {_fide_id(p, warnings):>10} {dsb_id(p)[:10]:>10} {birth_year(p):>8}"
                f" {p.rating or '':>4} {p.national_rating or '':>4}"
                f"  {extra(p, 'dsb.vkz', 'swt.zps_club')[:5]:>5} {extra(p, 'dsb.member', 'swt.zps_member')[:4]:>4} ")
        assert len(line) == _PREFIX
        for r in range(1, rounds + 1):
            e = without_lone_forfeit(p.entry(r))
            kind = _UNRATED.get(e.kind, e.kind)  # a game shorter than one move: not rated
            if kind in _TOKEN_R:
                c = ":" if kind.is_forfeit else ("W" if e.color is Color.WHITE else "B")
                line += f" {_TOKEN_R[kind]}{c}{e.opponent:>3}"
            else:  # byes, absences and unfinished games are no games
                line += "  :  0"
        out.append(line)
    periods = [x.strip() for x in t.time_control.split(" / ")][:3] + ["", "", ""]
    out += [
        "###",
        f"Name:       {t.name}",
        f"Ort:        {t.city}",
        f"FIDE-Land:  {t.federation}",
        # fixed 21-column cells; a longer value keeps one blank before the next label
        f"Datum(S):   {_de_date(t.start_date):<20} Datum(E):   {_de_date(t.end_date)}",
        f"Züge(1):    {periods[0]:<20} Züge(2):    {periods[1]:<20} Züge(3):    {periods[2]} ",
        # the model has no tournament director apart from the chief arbiter: both lines name them
        f"Turnierleitung: {t.chief_arbiter}",
        f"Schiedsrichter: {t.chief_arbiter}",
        f"Anwender: {options.get('software', 'pairchk')}",
    ]
    text = "\n".join(out) + "\n"
    data = text.encode("latin-1", errors="replace")
    if data.decode("latin-1") != text:
        warnings.append(Warning_(f"{NAME} is Latin-1: characters outside it were written as '?'"))
    return Dumped(data, warnings)


def _read_head(lines: list[str], path: str | None) -> tuple[int, int]:
    """Line 3, ``MR  <players>  <rounds>  <cycles>``: (players, rounds x cycles)."""
    head = _HEAD.match(lines[2]) if len(lines) >= 4 else None
    if head is None:
        raise FormatError("line 3 is not the 'MR  <players>  <rounds>  <cycles>' line", path=path,
                          line=3 if len(lines) >= 3 else len(lines), column=1, expected="MR  n  r  c", hint=_HINT)
    if any(len(x) > 6 for x in head.groups()):
        raise FormatError(f"line 3 declares {lines[2].split()[1:]}", path=path, line=3, column=1,
                          expected="players, rounds and cycles of at most 6 digits", hint=_HINT)
    n_players, rounds, cycles = (int(x) for x in head.groups())
    rounds *= max(cycles, 1)
    check_round(rounds, "rounds times cycles", path=path, line=3, allow_zero=True)
    return n_players, rounds


def _player_fields(raw: str, ln: int, path: str | None) -> dict:
    """The Player fields of a player line: ``ttt.rrr name(32) club(32) FED fide-id(10) pkz(10)
    birth(8) elo(4) dwz(4)  zps(5) mem(4)`` (the DSB ids go to ``Player.extra``)."""
    if len(raw) < _PREFIX - 1 or raw[4] != ".":
        raise FormatError("player line too short or without 'nnnn.' number", path=path, line=ln,
                          column=min(len(raw), 5), expected=f"{_PREFIX} columns of player data", hint=_HINT)
    try:
        no = int(raw[0:4])
    except ValueError:
        raise FormatError(f"player number {raw[0:4]!r}", path=path, line=ln, column=1,
                          expected="a number in columns 1-4", hint=_HINT) from None

    def f(a: int, b: int) -> str:
        return raw[a:b].strip()

    ex = tuple((k, v) for k, v in (("dsb.id", f(91, 101)), ("dsb.vkz", f(122, 127)),
                                   ("dsb.member", f(128, 132))) if v)
    rank = f(5, 9)
    return dict(number=no, rank=int(rank) if rank.isdecimal() else None, name=f(10, 42),
                club=f(43, 75), federation=f(76, 79), fide_id=f(80, 90), birth=f(102, 110),
                rating=int(f(111, 115)) if f(111, 115).isdecimal() else None,
                national_rating=int(f(116, 120)) if f(116, 120).isdecimal() else None, extra=ex)


def _round_tokens(raw: str, ln: int, rounds: int, path: str | None) -> tuple[RoundEntry, ...]:
    """The round tokens after column 133, `` <r><c><opp:3>`` each (``  :  0``: no game)."""
    toks = raw[_PREFIX:]
    ents = []
    for r in range(rounds):
        tok = toks[6 * r: 6 * r + 6].ljust(6)
        col = _PREFIX + 6 * r + 1
        res, c, opp = tok[1], tok[2], tok[3:6].strip()
        if c == ":" and res == " ":
            ents.append(NOT_PAIRED)
            continue
        if not opp.isdecimal() or c not in "WB:" or res not in "10R+-":
            raise FormatError(f"round {r + 1}: token {tok!r}", path=path, line=ln, column=col,
                              expected="' 1W 12', ' RB  3', ' +:  7' or '  :  0'", hint=_HINT)
        kind = {"1": Kind.WIN, "0": Kind.LOSS, "R": Kind.DRAW, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}[res]
        color = {"W": Color.WHITE, "B": Color.BLACK, ":": Color.NONE}[c]
        ents.append(RoundEntry(kind, int(opp), color))
    while ents and ents[-1] is NOT_PAIRED:
        ents.pop()
    return tuple(absent_gaps(ents))


def _read_players(lines: list[str], rounds: int, path: str | None
                  ) -> tuple[list[dict], dict[int, tuple], dict[int, int], int]:
    """The player lines from line 5 to ``###``: fields, entries and line of each player, and
    the index of the ``###`` line."""
    players, entries, line_of = [], {}, {}
    i = 4
    while i < len(lines) and lines[i].strip() != "###":
        raw = lines[i]
        ln = i + 1
        i += 1
        if not raw.strip():
            continue
        fields = _player_fields(raw, ln, path)
        players.append(fields)
        no = fields["number"]
        entries[no] = _round_tokens(raw, ln, rounds, path)
        line_of[no] = ln
    return players, entries, line_of, i


def _check_opponents(players: list[dict], entries: dict[int, tuple], line_of: dict[int, int],
                     path: str | None) -> None:
    """Every opponent named is a player of the file."""
    known = {p["number"] for p in players}
    for no, ents in entries.items():
        for r, e in enumerate(ents, 1):
            if e.opponent is not None and e.opponent not in known:
                raise FormatError(f"player {no} round {r}: opponent {e.opponent} is not in the list", path=path,
                                  line=line_of[no], column=_PREFIX + 6 * (r - 1) + 1,
                                  expected="a player number of the file", hint=_HINT)


def _iso(d: str) -> str:
    """``DD.MM.YYYY`` -> ISO; anything else as found."""
    m = re.match(r"^(\d{2})\.(\d{2})\.(\d{4})$", d)
    return f"{m[3]}-{m[2]}-{m[1]}" if m else d


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read an ELOBASE/DSB text file."""
    text = data.decode("latin-1")
    lines = text.splitlines()
    n_players, rounds = _read_head(lines, path)
    players, entries, line_of, i = _read_players(lines, rounds, path)
    footer = {}
    for raw in lines[i + 1:]:
        footer.update(_footer_fields(raw))
    warnings = []
    if len(players) != n_players:
        warnings.append(Warning_(f"line 3 declares {n_players} players, the file lists {len(players)}", path=path, line=3))
    _check_opponents(players, entries, line_of, path)
    t = Tournament(
        name=footer.get("Name") or lines[0].strip(), city=footer.get("Ort", ""),
        federation=footer.get("FIDE-Land", ""), start_date=_iso(footer.get("Datum(S)", "")),
        end_date=_iso(footer.get("Datum(E)", "")),
        time_control=" / ".join(x for x in (footer.get(f"Züge({k})", "") for k in (1, 2, 3)) if x),
        chief_arbiter=footer.get("Schiedsrichter") or footer.get("Turnierleitung", ""), rounds=rounds,
        players=tuple(Player(entries=entries[p["number"]], **p) for p in sorted(players, key=lambda d: d["number"])))
    return Loaded(t, warnings, lines=line_of, meta={"details": lines[1]})
