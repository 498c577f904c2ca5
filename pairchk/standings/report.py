"""Standings as text, JSON, CSV, xlsx or HTML (``pairchk standings --format``).

Shared ranks are written once per player ("3" for each of two players tied on third place);
the text and HTML forms add "=" to a shared rank.

>>> from pairchk.model import Tournament, Player, RoundEntry as E, Kind as K, Color as C
>>> from pairchk.standings.ranking import standings
>>> t = Tournament(start_date="2026-05-01", players=(
...     Player(1, "Ann", entries=(E(K.DRAW, 2, C.WHITE),)),
...     Player(2, "Bob", entries=(E(K.DRAW, 1, C.BLACK),))))
>>> print(render(standings(t, "BH"), "csv").decode().strip())
rank,player,name,points,BH
1,1,Ann,0.5,0.5
1,2,Bob,0.5,0.5
"""

from __future__ import annotations

import csv
import html
import io
import json

from .ranking import Standings, _fmt

FORMATS = ("text", "json", "csv", "xlsx", "html")


def render(st: Standings, fmt: str) -> bytes:
    """The standings in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt == "json":
        return (json.dumps(st.as_json(), indent=2, ensure_ascii=False) + "\n").encode()
    if fmt == "csv":
        return _csv(st).encode()
    if fmt == "xlsx":
        return _xlsx(st)
    if fmt == "html":
        return _html(st).encode()
    return _text(st).encode()


def _table(st: Standings) -> list[list[str]]:
    shared = {r.rank for r in st.rows if sum(1 for x in st.rows if x.rank == r.rank) > 1}
    out = []
    for r in st.rows:
        rank = f"{r.rank}=" if r.rank in shared else str(r.rank)
        out.append([rank, str(r.player), r.name, _fmt(r.points), *(_fmt(v) for _, v in r.values)])
    return out


def _header(st: Standings) -> list[str]:
    return ["rank", st.unit, "name", "points", *st.codes]


def _preamble(st: Standings) -> list[str]:
    source = f"{', '.join(st.codes)} (from {st.source})" if st.codes else st.source
    if not st.codes and st.source.startswith("the file"):
        source = f"none usable from {st.source}: ranked by points only"
    lines = [f"standings after round {st.round}; tie-breaks: {source}",
             f"unplayed rounds: {st.edition.words}; edition {st.edition.value} "
             f"because {st.edition_reason}"]
    return lines + [f"note: {n}" for n in st.notes]


def _text(st: Standings) -> str:
    rows = [_header(st), *_table(st)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    body = ["  ".join(c.ljust(w) if i == 2 else c.rjust(w) for i, (c, w) in
                      enumerate(zip(r, widths))).rstrip() for r in rows]
    return "\n".join(_preamble(st) + [""] + body) + "\n"


def _csv(st: Standings) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(_header(st))
    for r in st.rows:
        w.writerow([r.rank, r.player, r.name, _fmt(r.points), *(_fmt(v) for _, v in r.values)])
    return buf.getvalue()


def _xlsx(st: Standings) -> bytes:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Standings"
    ws.append(_header(st))
    for r in st.rows:
        ws.append([r.rank, r.player, r.name, float(r.points),
                   *(None if v is None else float(v) for _, v in r.values)])
    info = wb.create_sheet("About")
    for line in _preamble(st):
        info.append([line])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _html(st: Standings) -> str:
    esc = html.escape
    head = "".join(f"<th>{esc(h)}</th>" for h in _header(st))
    body = "\n".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>"
                     for row in _table(st))
    about = "".join(f"<p>{esc(x)}</p>" for x in _preamble(st))
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Standings</title>"
            f"</head><body>\n{about}\n<table>\n<tr>{head}</tr>\n{body}\n</table>\n</body></html>\n")
