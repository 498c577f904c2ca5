"""chess-results.com crosstable pages (HTML), read only, with ``lxml.html``.

The "Starting rank crosstable" (``art=4``) holds one row per player: number, title, name,
rating, federation, one cell per round and rank/tie-breaks. A round cell is
``<opponent><colour><result>``: colour ``w``/``b`` (German pages ``s`` for black), result
``1 ½ 0`` or ``+``/``-`` for forfeits, nothing yet for an unfinished game; a cell ``-1``/``-½``/``-0``
has no opponent (bye of one/half/zero points). Everything else on the page (menus, links) is
ignored; the tournament details table, when shown, gives name, place, dates and arbiter.

>>> t = load(b'''<html><body><h2>Club Open</h2><table class="CRs1">
... <tr><th>No.</th><th></th><th>Name</th><th>Rtg</th><th>FED</th><td>1.Rd</td><th>Rk.</th></tr>
... <tr><td>1</td><td></td><td>Ann</td><td>1500</td><td>ENG</td><td>2w1</td><td>1</td></tr>
... <tr><td>2</td><td></td><td>Bob</td><td>1400</td><td>ENG</td><td>1b0</td><td>2</td></tr>
... </table></body></html>''').tournament
>>> t.name, t.player(2).entry(1)
('Club Open', RoundEntry(kind=<Kind.LOSS: '0'>, opponent=1, color=<Color.BLACK: 'b'>))
"""

from __future__ import annotations

import re
from decimal import Decimal

from lxml import etree, html

from ..errors import FormatError, Warning_
from ..model import Color, Kind, NOT_PAIRED, Player, RoundEntry, Tournament
from . import Dumped, Loaded
from .boards import round_entries
from .fields import decode_text

NAME = "chess-results-html"
EXTENSIONS = (".html", ".htm")
CAN_READ = True
CAN_WRITE = False
DECLARES_SCORING = False  # totals without a point system: inferred from the totals (declared.py)
CANNOT_CARRY: list[str] = []  # read only

_ROUND = re.compile(r"^(\d+)\.\s*(?:Rd|Rde|R)\.?$", re.I)
_CELL = re.compile(r"^(\d*)\s*([wbs]?)\s*([10½+=\-]|0,5)?$")
_TITLE = re.compile(r"^(W?[GIFC]M|AGM|AIM|AFM|ACM)$")
# German pages (chess-results.com/…&lan=0) name the columns differently
_ALIASES = {"Nr.": "No.", "Elo": "Rtg", "ELO": "Rtg", "Land": "FED", "Rg.": "Rk.", "Pkt.": "Pts.",
            "Punkte": "Pts."}
_HINT = "save the page 'Starting rank crosstable' (art=4) of chess-results.com"


def detect(data: bytes) -> bool:
    """True for an HTML page from chess-results.com holding a crosstable."""
    head = data[:400_000].lower()
    return b"<html" in head[:2000] and b"chess-results" in head and b"crs1" in head and b".rd" in head


def _text(el) -> str:
    return " ".join(el.text_content().replace("\xa0", " ").split())


def _find_crosstable(doc):
    for table in doc.iter("table"):
        rows = table.findall(".//tr")
        if not rows:
            continue
        header = [_text(c) for c in rows[0]]
        if any(_ROUND.match(h) for h in header) and "Name" in header:
            return table, rows, header
    return None, None, None


def _parse_page(data: bytes, path: str | None):
    """The HTML document (UTF-8, else Windows-1252, when the page declares no charset)."""
    parser = html.HTMLParser(no_network=True, remove_comments=True, remove_pis=True, recover=True)
    source: bytes | str = data
    if b"charset" not in data[:4096].lower():  # no declared encoding: UTF-8, else Windows-1252
        source = decode_text(data)
    try:
        return html.fromstring(source, parser=parser)
    except (etree.ParserError, ValueError) as exc:
        raise FormatError(f"not an HTML page ({exc})", path=path, expected="a chess-results.com page",
                          hint=_HINT) from None


def _points_column(doc, col: dict[str, int]) -> int | None:
    """The ``Pts.`` column, else ``TB1`` when the annotation says tie-break 1 is the points."""
    annotation = _text(doc).split("Annotation:", 1)[-1] if "Annotation:" in _text(doc) else ""
    points_col = col.get("Pts.")
    if points_col is None and re.search(r"Tie Break1: points", annotation):
        points_col = col.get("TB1")
    return points_col


def _player_fields(cells: list[str], no: int, col: dict[str, int], points_col: int | None) -> dict:
    """The Player fields of a crosstable row: Name (the title in the cell before), Rtg, FED,
    Rk., points."""
    name_i = col["Name"]
    title = cells[name_i - 1] if name_i > 0 and _TITLE.match(cells[name_i - 1]) else ""
    rtg = cells[col["Rtg"]] if "Rtg" in col else ""
    return dict(
        number=no, name=cells[name_i], title=title, rating=int(rtg) if rtg.isdecimal() and int(rtg) else None,
        federation=cells[col["FED"]] if "FED" in col else "",
        rank=int(cells[col["Rk."]]) if "Rk." in col and cells[col["Rk."]].isdecimal() else None,
        points=Decimal(cells[points_col].replace(",", ".")) if points_col is not None
        and re.match(r"^\d+(?:[.,]\d+)?$", cells[points_col]) else None,
    )


def _read_rows(rows, header: list[str], col: dict[str, int], rounds: dict[int, int],
               points_col: int | None, path: str | None):
    """The player rows: fields, round cells (text, line, column) by round, and source lines."""
    num_i = col.get("No.", 0)
    players: dict[int, dict] = {}
    raw: dict[int, dict[int, tuple[str, int, int]]] = {}
    lines: dict[int, int] = {}
    for row in rows[1:]:
        cells = [_text(c) for c in row]
        if len(cells) < len(header) or not cells[num_i].isdecimal():
            continue
        no = int(cells[num_i])
        if no in players:
            raise FormatError(f"player number {no} appears twice", path=path, line=row.sourceline,
                              expected="unique starting numbers", hint=_HINT)
        players[no] = _player_fields(cells, no, col, points_col)
        lines[no] = row.sourceline
        raw[no] = {rnd: (cells[i], row.sourceline, i + 1) for i, rnd in rounds.items()}
    return players, raw, lines


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read the starting-rank crosstable of a chess-results.com page."""
    doc = _parse_page(data, path)
    table, rows, header = _find_crosstable(doc)
    if table is None:
        raise FormatError("no crosstable with round columns (1.Rd, 2.Rd, ...) found", path=path,
                          expected="a table with header No., Name, ..., 1.Rd", hint=_HINT)
    col = {_ALIASES.get(h, h): i for i, h in enumerate(header) if h}
    rounds = {i: int(rm[1]) for i, h in enumerate(header) if (rm := _ROUND.match(h))}
    warnings: list[Warning_] = []
    info = _details(doc)
    players, raw, lines = _read_rows(rows, header, col, rounds, _points_column(doc, col), path)
    entries = {no: {rnd: _entry(cell, no, rnd, players, path, line, column)
                    for rnd, (cell, line, column) in by_round.items()} for no, by_round in raw.items()}
    _pab_or_full_bye(entries, warnings, path)
    _check_symmetry(entries, path, lines)
    last = max(rounds.values())
    plist = [Player(entries=tuple(round_entries(entries[no], last)), **players[no]) for no in sorted(players)]
    h2 = [_text(h) for h in doc.iter("h2")]
    name = h2[0] if h2 else ""
    t = Tournament(name=name, players=tuple(plist), rounds=info.pop("rounds", None) or last, **info)
    return Loaded(t, warnings, lines=lines)


def _entry(cell: str, no: int, rnd: int, players: dict, path, line, column) -> RoundEntry:
    if not cell:
        return NOT_PAIRED
    compact = cell.replace(" ", "")
    if compact.startswith("-"):  # no opponent: "-1", "-½", "-0"
        kind = {"1": Kind.FULL_BYE, "½": Kind.HALF_BYE, "0,5": Kind.HALF_BYE, "0": Kind.ABSENT,
                "": Kind.ABSENT}.get(compact[1:])
        if kind is None:
            raise FormatError(f"player {no} round {rnd}: bye cell {cell!r} not understood", path=path,
                              line=line, column=column, expected="-1, -½ or -0", hint=_HINT)
        return RoundEntry(kind)
    m = _CELL.match(compact)
    if not m or not m[1] or not m[2]:
        raise FormatError(f"player {no} round {rnd}: cell {cell!r} not understood", path=path, line=line,
                          column=column, expected="<opponent><w|b><1|½|0|+|->, or -1/-½/-0 for a bye",
                          hint=_HINT)
    opp, colour, res = m[1], m[2], m[3] or ""
    res = "½" if res in ("=", "0,5") else res
    opp_no = int(opp)
    if opp_no not in players:
        raise FormatError(f"player {no} round {rnd}: opponent {opp_no} is not in the crosstable", path=path,
                          line=line, column=column, expected="a starting number of the table", hint=_HINT)
    color = Color.WHITE if colour == "w" else Color.BLACK
    kind = {"1": Kind.WIN, "½": Kind.DRAW, "0": Kind.LOSS, "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
            "": Kind.PENDING}[res]
    return RoundEntry(kind, opp_no, color)


def _pab_or_full_bye(entries: dict, warnings: list, path) -> None:
    """A crosstable shows the pairing-allocated bye and a full-point bye alike ("-1"): a round's
    only "-1" is read as the PAB; when a round has several, they stay full-point byes."""
    by_round: dict[int, list[int]] = {}
    for no, ents in entries.items():
        for rnd, e in ents.items():
            if e.kind is Kind.FULL_BYE:
                by_round.setdefault(rnd, []).append(no)
    for rnd, nos in sorted(by_round.items()):
        if len(nos) == 1:
            entries[nos[0]][rnd] = RoundEntry(Kind.PAB)
        else:
            warnings.append(Warning_(f"round {rnd}: {len(nos)} one-point byes (players {', '.join(map(str, nos))});"
                                     " the page cannot tell the pairing-allocated bye from full-point byes",
                                     path=path))


def _check_symmetry(entries: dict, path, lines: dict) -> None:
    for no, ents in entries.items():
        for rnd, e in ents.items():
            if not e.kind.has_opponent:
                continue
            back = entries[e.opponent].get(rnd, NOT_PAIRED)
            if back.opponent != no or back.color is not e.color.opposite:
                raise FormatError(
                    f"round {rnd}: player {no} has opponent {e.opponent} ({e.color.value}), but player"
                    f" {e.opponent}'s cell says opponent {back.opponent} ({back.color.value})", path=path,
                    line=lines[no], expected="both players' cells naming each other with opposite colours",
                    hint="the page may be truncated or edited")


def _details(doc) -> dict:
    """Name/value rows of the tournament details table (shown for recent tournaments)."""
    out: dict = {}
    for row in doc.iter("tr"):
        cells = row.findall("td")
        if len(cells) != 2:
            continue
        key, value = _text(cells[0]), _text(cells[1])
        if key == "Chief Arbiter" or key == "Hauptschiedsrichter":
            out["chief_arbiter"] = value
        elif key.startswith("Time control") or key.startswith("Bedenkzeit"):
            out["time_control"] = value
        elif key in ("Location", "Ort"):
            out["city"] = value
        elif key in ("Number of rounds", "Rundenanzahl") and value.isdecimal():
            out["rounds"] = int(value)
        elif key in ("Federation", "Land"):
            m = re.search(r"\(\s*([A-Z]{3})\s*\)", value)
            out["federation"] = m[1] if m else value
        elif key in ("Date", "Datum"):
            d = re.findall(r"(\d{4})/(\d{2})/(\d{2})", value)
            if d:
                out["start_date"] = "-".join(d[0])
                out["end_date"] = "-".join(d[-1])
        elif key in ("Tournament type", "Turniermodus"):
            out["system_text"] = value
    return out


def dump(tournament: Tournament, **options) -> Dumped:
    raise FormatError("chess-results HTML pages can be read but not written",
                      hint="write chess-results-xml for an upload instead")
